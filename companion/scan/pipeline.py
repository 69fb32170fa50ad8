"""One decoding pipeline for every source: scans, phone photos, camera frames, screenshots.

zxing-cpp first, restricted to the formats in use, in plain text mode; pyzbar (on grayscale) second,
for what zxing-cpp misses and for product barcodes. Retries (contrast equalisation, an added quiet
zone) run only when the plain pass finds nothing: on good images they make results worse.
"""

from __future__ import annotations

import numpy as np

from companion.scan.cv import cv2
from companion.scan.engines import LABEL_FORMATS, Code, read_zbar, read_zxing
from companion.scan.images import check_size, load_gray

_CLAHE = cv2.createCLAHE(clipLimit=2.0, tileGridSize=(8, 8))


def _merge(found: list[Code], more: list[Code]) -> list[Code]:
    seen = {(c.format, c.text) for c in found}
    return found + [c for c in more if (c.format, c.text) not in seen and not seen.add((c.format, c.text))]  # type: ignore[func-returns-value]


def _pass(gray: np.ndarray, formats: tuple[str, ...], zbar: bool) -> list[Code]:
    found = read_zxing(gray, formats)
    if zbar and (not found or "ean13" in formats):
        found = _merge(found, read_zbar(gray, formats))
    return found


def decode_gray(gray: np.ndarray, formats: tuple[str, ...] = LABEL_FORMATS, zbar: bool = True) -> list[Code]:
    found = _pass(gray, formats, zbar)
    if found:
        return found
    found = _pass(_CLAHE.apply(gray), formats, zbar)
    if found:
        return found
    pad = max(16, min(gray.shape) // 10)
    bordered = cv2.copyMakeBorder(gray, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=255)
    found = _pass(bordered, formats, zbar)
    return [Code(c.text, c.format, tuple((x - pad, y - pad) for x, y in c.corners), c.engine) for c in found]


def decode_local(data: bytes, formats: tuple[str, ...] = LABEL_FORMATS, zbar: bool = True) -> list[Code]:
    """Decode in this process: for the scan workers, and benchmarks that time the pipeline itself.
    Corners are in the uploaded image's pixels even when a large image was read at reduced size."""
    _fmt, w, h = check_size(data)
    gray = load_gray(data)
    scale = (w * h / (gray.shape[0] * gray.shape[1])) ** 0.5  # orientation-proof: EXIF may swap the axes
    codes = decode_gray(gray, formats, zbar)
    if scale < 1.01:
        return codes
    return [Code(c.text, c.format, tuple((round(x * scale), round(y * scale)) for x, y in c.corners), c.engine)
            for c in codes]


def decode_image(data: bytes, formats: tuple[str, ...] = LABEL_FORMATS, zbar: bool = True) -> list[Code]:
    """Every code in an image (JPEG, PNG or WebP bytes), de-duplicated by text, with positions.

    The header is checked here; the pixels are decoded in a sandboxed worker (companion.scan.sandbox).
    Raises ImageError (bad image), ImageTooLarge (too many pixels), ScanBusy (queue full) or
    ScanFailed (the worker died or overran its time); all are ImageError subclasses.
    """
    from companion.scan.sandbox import shared_pool

    check_size(data)  # a bomb costs the server a header read, not a round trip to a worker
    rows = shared_pool().run(data, list(formats), zbar)
    return [Code.from_dict(r) for r in rows]
