"""Image bytes in, a checked OpenCV array out: size read from the header before anything is decoded.

The header readers follow the formats' own grammars (ITU T.81 for JPEG markers, the PNG IHDR chunk,
the RIFF/WebP chunks) and refuse what they cannot account for, so that the size they report is the
size the decoder will allocate. OpenCV's own pixel cap (companion.scan.cv) is the second fence, and
decoding runs in a memory-limited worker process (companion.scan.sandbox) as the third.
"""

from __future__ import annotations

import struct

import numpy as np

from companion.scan.cv import MAX_PIXELS, cv2

#: Above this many pixels a decoded image is shrunk before the barcode pipeline runs: a 49-megapixel
#: photo read at full size costs ~200 MB in the pipeline's copies and finds nothing more.
TARGET_PIXELS = 16_000_000


class ImageError(ValueError):
    """The image cannot be scanned; the message says why, in words for the person who sent it."""


class ImageTooLarge(ImageError):
    """The header declares more pixels than the companion decodes (maps to HTTP 413)."""


# -- JPEG (ITU T.81 B.1.1.2 markers) --------------------------------------------------------------

#: Start-of-frame markers carry the size: SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC).
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
#: Markers without a length field: TEM, RST0-7, SOI. EOI ends the file.
_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8), 0xD8})
_EOI, _SOS = 0xD9, 0xDA


def _jpeg_size(data: bytes) -> tuple[int, int]:
    i = 2  # after SOI
    n = len(data)
    while True:
        if i >= n:
            raise ImageError("the JPEG ends before its frame header (truncated)")
        if data[i] != 0xFF:
            # libjpeg would skip such bytes with a warning; refusing them keeps our reading and its equal.
            raise ImageError("the JPEG is corrupt (stray bytes where a marker belongs)")
        while i < n and data[i] == 0xFF:  # any number of 0xFF fill bytes may precede a marker (B.1.1.2)
            i += 1
        if i >= n:
            raise ImageError("the JPEG ends before its frame header (truncated)")
        marker = data[i]
        i += 1
        if marker == 0x00:
            raise ImageError("the JPEG is corrupt (a stuffed byte outside image data)")
        if marker in _STANDALONE:
            continue
        if marker == _EOI:
            raise ImageError("the JPEG has no frame header")
        if marker == _SOS:
            raise ImageError("the JPEG starts its image data before its frame header (corrupt)")
        if i + 2 > n:
            raise ImageError("the JPEG ends inside a segment header (truncated)")
        length = struct.unpack_from(">H", data, i)[0]
        if length < 2:
            raise ImageError("the JPEG is corrupt (a segment shorter than its length field)")
        if marker in _SOF:
            if length < 8 or i + 7 > n:
                raise ImageError("the JPEG's frame header is cut short (truncated)")
            height, width = struct.unpack_from(">HH", data, i + 3)
            if height == 0:
                # The height would come later in a DNL segment: the size cannot be checked up front.
                raise ImageError("the JPEG gives its height only after the image data (DNL); not supported")
            return width, height
        i += length


# -- PNG --------------------------------------------------------------------------------------------

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _png_size(data: bytes) -> tuple[int, int]:
    if len(data) < 24:
        raise ImageError("the PNG ends inside its header (truncated)")
    length, kind = struct.unpack_from(">I4s", data, 8)
    if kind != b"IHDR" or length != 13:
        raise ImageError("the PNG does not start with its IHDR header (corrupt)")
    width, height = struct.unpack_from(">II", data, 16)
    if width > 2**31 - 1 or height > 2**31 - 1:  # PNG's own limit (ISO 15948, 11.2.2)
        raise ImageError("the PNG header gives an impossible size")
    return width, height


# -- WebP (RIFF container; VP8, VP8L, VP8X) ------------------------------------------------------------


def _vp8_size(data: bytes, at: int, size: int) -> tuple[int, int]:
    """A lossy frame: 3-byte frame tag, start code 9D 01 2A, then 14-bit width and height (RFC 6386 9.1)."""
    if size < 10 or at + 10 > len(data):
        raise ImageError("the WebP's VP8 header is cut short (truncated)")
    if data[at + 3:at + 6] != b"\x9d\x01\x2a":
        raise ImageError("the WebP's VP8 frame has no start code (corrupt)")
    w, h = struct.unpack_from("<HH", data, at + 6)
    return w & 0x3FFF, h & 0x3FFF


def _vp8l_size(data: bytes, at: int, size: int) -> tuple[int, int]:
    """A lossless frame: signature 0x2F, then 14-bit width-1 and height-1."""
    if size < 5 or at + 5 > len(data):
        raise ImageError("the WebP's VP8L header is cut short (truncated)")
    if data[at] != 0x2F:
        raise ImageError("the WebP's VP8L frame has no signature (corrupt)")
    bits = int.from_bytes(data[at + 1:at + 5], "little")
    return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1


def _webp_size(data: bytes) -> tuple[int, int]:
    if len(data) < 20:
        raise ImageError("the WebP ends inside its header (truncated)")
    end = min(len(data), 8 + int.from_bytes(data[4:8], "little"))
    i = 12
    canvas: tuple[int, int] | None = None
    while i + 8 <= end:
        kind, size = data[i:i + 4], int.from_bytes(data[i + 4:i + 8], "little")
        body = i + 8
        if kind == b"VP8X":
            if size < 10 or body + 10 > len(data):
                raise ImageError("the WebP's VP8X header is cut short (truncated)")
            if data[body] & 0x02:
                raise ImageError("animated WebP images are not supported; send a photo")
            canvas = (int.from_bytes(data[body + 4:body + 7], "little") + 1,
                      int.from_bytes(data[body + 7:body + 10], "little") + 1)
        elif kind in (b"VP8 ", b"VP8L"):
            frame = (_vp8_size if kind == b"VP8 " else _vp8l_size)(data, body, size)
            if canvas is not None and canvas != frame:
                # libwebp refuses this too; a small frame in a huge canvas (or the reverse) is a trick.
                raise ImageError("the WebP's canvas and frame sizes disagree (corrupt)")
            return frame
        i = body + size + (size & 1)  # chunks are padded to even length
    if canvas is not None:
        raise ImageError("the WebP has no image frame (truncated)")
    raise ImageError("the WebP has no image frame (truncated or corrupt)")


def image_size(data: bytes) -> tuple[str, int, int]:
    """(format, width, height) from the file header, without decoding the pixels."""
    if data[:3] == b"\xff\xd8\xff":
        return ("jpeg", *_jpeg_size(data))
    if data[:8] == _PNG_SIGNATURE:
        return ("png", *_png_size(data))
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return ("webp", *_webp_size(data))
    raise ImageError("not a JPEG, PNG or WebP image")


def check_size(data: bytes, max_pixels: int = MAX_PIXELS) -> tuple[str, int, int]:
    """The header's size, refused with a clear message when it is empty or too large."""
    if not data:
        raise ImageError("the image is empty")
    fmt, w, h = image_size(data)
    if w <= 0 or h <= 0:
        raise ImageError("the image header gives no size")
    if w * h > max_pixels:
        raise ImageTooLarge(f"the image is {w}x{h} pixels, more than {max_pixels // 1_000_000} megapixels")
    return fmt, w, h


_REDUCED = {2: cv2.IMREAD_REDUCED_GRAYSCALE_2, 4: cv2.IMREAD_REDUCED_GRAYSCALE_4,
            8: cv2.IMREAD_REDUCED_GRAYSCALE_8}
_REDUCED_COLOUR = {2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4, 8: cv2.IMREAD_REDUCED_COLOR_8}


def reduction(fmt: str, w: int, h: int, target: int = TARGET_PIXELS) -> int:
    """The JPEG scale-down (1, 2, 4 or 8) that keeps at least half of ``target`` pixels: libjpeg decodes at
    1/2, 1/4, 1/8 size directly from the DCT coefficients, so the full image is never held."""
    factor = 1
    if fmt == "jpeg":
        while factor < 8 and w * h / (factor * 2) ** 2 >= target / 2:
            factor *= 2
    return factor


def _load(data: bytes, colour: bool, max_pixels: int, target: int) -> np.ndarray:
    fmt, w, h = check_size(data, max_pixels)
    factor = reduction(fmt, w, h, target)
    if colour:
        flags = _REDUCED_COLOUR[factor] if factor > 1 else cv2.IMREAD_COLOR
    else:
        flags = _REDUCED[factor] if factor > 1 else cv2.IMREAD_GRAYSCALE
    try:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), flags)
    except cv2.error as exc:  # OpenCV's own pixel cap, or an allocation it could not make
        raise ImageError(f"the image could not be decoded ({str(exc).strip().splitlines()[-1][:120]})") from None
    if image is None:
        raise ImageError("the image could not be decoded (truncated or corrupt)")
    pixels = image.shape[0] * image.shape[1]
    if pixels > target:  # PNG and WebP cannot be read at reduced size: shrink after decoding
        scale = (target / pixels) ** 0.5
        image = cv2.resize(image, (max(1, round(image.shape[1] * scale)), max(1, round(image.shape[0] * scale))),
                           interpolation=cv2.INTER_AREA)
    return image


def load_gray(data: bytes, max_pixels: int = MAX_PIXELS, target: int = TARGET_PIXELS) -> np.ndarray:
    """Decode to grayscale, honouring EXIF orientation (OpenCV applies it by default); very large images
    come back shrunk to about ``target`` pixels."""
    return _load(data, False, max_pixels, target)


def load_colour(data: bytes, max_pixels: int = MAX_PIXELS, target: int = TARGET_PIXELS) -> np.ndarray:
    """``load_gray`` in colour (BGR): for finding cards by their coloured frames."""
    return _load(data, True, max_pixels, target)
