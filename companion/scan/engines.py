"""The decoding engines and whether they are available on this machine."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np
import zxingcpp

#: What the companion's pipeline reads by default: its own labels are QR codes.
LABEL_FORMATS = ("qr",)
#: What a scan at a table reads, a photo and a live camera frame alike: the companion's label payload fits QR (what
#: ``companion labels`` prints), Data Matrix and Code 128 (a sheet made elsewhere); EAN-13 is a product's code,
#: answered as foreign.
SCAN_FORMATS = ("qr", "datamatrix", "code128", "ean13")
FORMATS = {
    "qr": zxingcpp.BarcodeFormat.QRCode,
    "datamatrix": zxingcpp.BarcodeFormat.DataMatrix,
    "code128": zxingcpp.BarcodeFormat.Code128,
    "ean13": zxingcpp.BarcodeFormat.EAN13,
}
ZBAR_TYPES = {"QRCODE": "qr", "CODE128": "code128", "EAN13": "ean13"}


@dataclass(frozen=True, slots=True)
class Code:
    text: str
    format: str
    corners: tuple[tuple[int, int], ...]
    engine: str

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "format": self.format, "corners": [list(c) for c in self.corners],
                "engine": self.engine}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Code:
        return cls(str(d["text"]), str(d["format"]), tuple((int(x), int(y)) for x, y in d["corners"]),
                   str(d["engine"]))


@functools.cache
def zbar_status() -> dict[str, object]:
    """pyzbar needs the zbar shared library (Debian: libzbar0). The companion runs without it."""
    try:
        from pyzbar import pyzbar  # type: ignore[import-untyped]  # noqa: F401  # pyzbar ships no type hints
    except (ImportError, OSError) as exc:
        return {
            "available": False,
            "message": f"zbar is not available ({exc}); install the zbar library "
            "(Debian/Ubuntu: apt-get install libzbar0, macOS: brew install zbar). "
            "Barcode reading falls back to zxing-cpp alone.",
        }
    return {"available": True, "message": "zbar is available"}


def _zxing_formats(formats: tuple[str, ...]) -> Any:
    """The formats as zxing-cpp 3 takes them: a tuple (its ``|`` of formats is deprecated)."""
    return tuple(FORMATS[f] for f in formats)


def read_zxing(gray: np.ndarray, formats: tuple[str, ...], binarizer: Any = None, fast: bool = False) -> list[Code]:
    """``fast``: the image is a cut-out at the right scale (no downscaled, rotated or inverted retries)."""
    out = []
    options: dict[str, Any] = {"binarizer": binarizer} if binarizer is not None else {}
    if fast:
        options.update(try_rotate=False, try_downscale=False, try_invert=False)
    for r in zxingcpp.read_barcodes(gray, formats=_zxing_formats(formats), text_mode=zxingcpp.TextMode.Plain,
                                    **options):
        fmt = next((k for k, v in FORMATS.items() if r.format == v), str(r.format))
        p = r.position
        corners = tuple((int(pt.x), int(pt.y)) for pt in (p.top_left, p.top_right, p.bottom_right, p.bottom_left))
        out.append(Code(r.text, fmt, corners, "zxing"))
    return out


def read_zbar(gray: np.ndarray, formats: tuple[str, ...]) -> list[Code]:
    if not zbar_status()["available"] or not any(f in ZBAR_TYPES.values() for f in formats):
        return []
    from pyzbar import pyzbar

    wanted = [pyzbar.ZBarSymbol[k] for k, v in ZBAR_TYPES.items() if v in formats]
    out = []
    for r in pyzbar.decode(gray, symbols=wanted):
        try:
            text = r.data.decode("utf-8")
        except UnicodeDecodeError:
            text = r.data.decode("latin-1")
        corners = tuple((int(p.x), int(p.y)) for p in r.polygon) or (
            (r.rect.left, r.rect.top), (r.rect.left + r.rect.width, r.rect.top + r.rect.height))
        out.append(Code(text, ZBAR_TYPES.get(r.type, r.type.lower()), corners, "zbar"))
    return out
