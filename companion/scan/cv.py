"""The one way the companion imports OpenCV: with its pixel cap set first.

OpenCV reads ``OPENCV_IO_MAX_IMAGE_PIXELS`` once, when the library loads; setting it after the first
``import cv2`` anywhere in the process does nothing. Every module that needs OpenCV therefore writes
``from companion.scan.cv import cv2``, never ``import cv2``, and tests/test_scan.py checks, in a fresh
process on the import path of ``companion serve``, that the variable is set before cv2 loads.
"""

from __future__ import annotations

import os

#: The largest image (width x height) the companion decodes; a 12-megapixel phone photo is far below.
MAX_PIXELS = 50_000_000


def _cap_pixels() -> None:
    # Lower an inherited cap, never raise it: an operator may have set a stricter one.
    current = os.environ.get("OPENCV_IO_MAX_IMAGE_PIXELS", "")
    if not current.isdigit() or int(current) > MAX_PIXELS:
        os.environ["OPENCV_IO_MAX_IMAGE_PIXELS"] = str(MAX_PIXELS)


_cap_pixels()

import cv2  # noqa: E402  (must follow the cap)

__all__ = ["MAX_PIXELS", "cv2"]
