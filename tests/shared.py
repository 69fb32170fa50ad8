"""Where the shared test material lives (../shared beside the project), for tests that read it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("COMPANION_SHARED", ROOT.parent / "shared"))
DATA = SHARED / "data"


def need_shared() -> None:
    if not DATA.is_dir():
        pytest.skip(f"shared data not found at {DATA}")
