from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.catalog.store import Catalog

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("COMPANION_SHARED", ROOT.parent / "shared"))
DATA = SHARED / "data"


def need_shared() -> None:
    if not DATA.is_dir():
        pytest.skip(f"shared data not found at {DATA}")


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    """The catalog shipped inside the package, in memory."""
    return Catalog.in_memory()


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test touches the real per-user data directory."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    monkeypatch.delenv("COMPANION_DB", raising=False)
    monkeypatch.delenv("COMPANION_CATALOG", raising=False)
