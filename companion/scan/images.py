"""Image bytes in, a checked OpenCV array out: size read from the header before anything is decoded."""

from __future__ import annotations

import os
import struct

# OpenCV's own ceiling, lowered: a 30000x30000 PNG must be refused before it is unpacked.
MAX_PIXELS = 50_000_000
os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(MAX_PIXELS))

import cv2  # noqa: E402
import numpy as np  # noqa: E402


class ImageError(ValueError):
    pass


def image_size(data: bytes) -> tuple[str, int, int]:
    """(format, width, height) from the file header, without decoding the pixels."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24 and data[12:16] == b"IHDR":
        w, h = struct.unpack(">II", data[16:24])
        return "png", w, h
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                i += 1
                continue
            marker = data[i + 1]
            if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
                i += 2
                continue
            length = struct.unpack(">H", data[i + 2:i + 4])[0]
            if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
                h, w = struct.unpack(">HH", data[i + 5:i + 9])
                return "jpeg", w, h
            i += 2 + length
        raise ImageError("the JPEG has no frame header (truncated or corrupt)")
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP" and len(data) >= 30:
        chunk = data[12:16]
        if chunk == b"VP8X":
            w = int.from_bytes(data[24:27], "little") + 1
            h = int.from_bytes(data[27:30], "little") + 1
            return "webp", w, h
        if chunk == b"VP8L":
            bits = int.from_bytes(data[21:25], "little")
            return "webp", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
        if chunk == b"VP8 ":
            w, h = struct.unpack("<HH", data[26:30])
            return "webp", w & 0x3FFF, h & 0x3FFF
    raise ImageError("not a JPEG, PNG or WebP image")


def load_gray(data: bytes, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """Decode to grayscale, honouring EXIF orientation (OpenCV applies it by default)."""
    if not data:
        raise ImageError("the image is empty")
    _, w, h = image_size(data)
    if w <= 0 or h <= 0:
        raise ImageError("the image header gives no size")
    if w * h > max_pixels:
        raise ImageError(f"the image is {w}x{h} pixels, more than {max_pixels // 1_000_000} megapixels")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)
    if image is None:
        raise ImageError("the image could not be decoded (truncated or corrupt)")
    return image
