"""The whole package type-checks under ``mypy --strict`` (every ``# type: ignore`` must be needed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ["companion"]  # the whole package


def test_mypy_strict(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    import importlib.util

    assert importlib.util.find_spec("mypy"), "mypy is in the test extras: bash scripts/setup.sh test"
    # mypy's own incremental cache, kept in pytest's cache between runs (a module unchanged since is not checked
    # again: some 15 s a run): a directory of this test's own, which no mypy run by hand writes to meanwhile.
    cache = getattr(request.config, "cache", None)
    cache_dir = cache.mkdir("mypy") if cache is not None else tmp_path / "cache"
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--warn-unused-ignores", "--cache-dir", str(cache_dir),
         *CHECKED],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
