"""The independent renderer's photos kept in pytest's cache between runs (``.pytest_cache/d/indie-photos/``).

A photo of ``tests/indie_cards.py`` takes seconds to draw (a 12-megapixel table, light, glare, noise, in floats):
test_scan_titles draws some twenty, most of its time. A photo depends on its index and seed, the renderer's source,
its fonts, the card data it draws from and the libraries that draw it; the key is a hash of all of these, so a
photo is drawn again whenever any of them changes, and a kept one is the very file the renderer would write now.
Without pytest's cache (``-p no:cacheprovider``) each photo is drawn, as before.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests import indie_cards


def _inputs() -> str:
    """A hash of everything a photo depends on besides its index and seed."""
    import cv2
    import numpy as np
    import PIL

    h = hashlib.sha256()
    h.update(f"numpy {np.__version__} cv2 {cv2.__version__} PIL {PIL.__version__}\n".encode())
    files = [Path(indie_cards.__file__), *sorted(indie_cards.FONTS.iterdir()),
             *sorted((indie_cards.DATA / "packs").glob("*.json"))]
    for f in files:
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:24]


class PhotoCache:
    def __init__(self, config: pytest.Config, pool: indie_cards.Pool) -> None:
        self.pool = pool
        cache = getattr(config, "cache", None)
        self.root = cache.mkdir("indie-photos") / _inputs() if cache is not None else None
        if self.root is not None:
            for old in self.root.parent.iterdir():  # photos of an earlier renderer or card data: never read again
                if old != self.root:
                    shutil.rmtree(old, ignore_errors=True)

    def photo(self, index: int, seed: int, out: Path) -> dict[str, Any]:
        """``indie_cards.photo(index, seed, pool, out)``: the files it writes in ``out`` and what it answers."""
        if self.root is None:
            return indie_cards.photo(index, seed, self.pool, out)
        kept = self.root / f"{seed}-{index}"
        if not (kept / "shot.json").exists():
            self.root.mkdir(parents=True, exist_ok=True)
            drawn = Path(tempfile.mkdtemp(dir=self.root))
            (drawn / "files").mkdir()
            shot = indie_cards.photo(index, seed, self.pool, drawn / "files")
            (drawn / "shot.json").write_text(json.dumps(shot), encoding="utf-8")
            try:
                os.rename(drawn, kept)  # whole or not at all: another run may have kept it meanwhile
            except OSError:
                shutil.rmtree(drawn, ignore_errors=True)
        shutil.copytree(kept / "files", out, dirs_exist_ok=True)
        return dict(json.loads((kept / "shot.json").read_text(encoding="utf-8")))
