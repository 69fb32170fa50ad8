"""The whole package type-checks under ``mypy --strict`` (every ``# type: ignore`` must be needed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ["companion"]  # the whole package


def test_mypy_strict(tmp_path: Path) -> None:
    import importlib.util

    assert importlib.util.find_spec("mypy"), "mypy is in the test extras: bash scripts/setup.sh test"
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--warn-unused-ignores", "--cache-dir", str(tmp_path / "cache"),
         *CHECKED],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
