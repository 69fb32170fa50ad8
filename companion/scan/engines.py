"""The decoding engines and whether they are available on this machine."""

from __future__ import annotations

import functools


@functools.cache
def zbar_status() -> dict[str, object]:
    """pyzbar needs the zbar shared library (Debian: libzbar0). The companion runs without it."""
    try:
        from pyzbar import pyzbar  # noqa: F401
    except (ImportError, OSError) as exc:
        return {
            "available": False,
            "message": f"zbar is not available ({exc}); install the zbar library "
            "(Debian/Ubuntu: apt-get install libzbar0, macOS: brew install zbar). "
            "Barcode reading falls back to zxing-cpp alone.",
        }
    return {"available": True, "message": "zbar is available"}
