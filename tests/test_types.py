"""The packages listed in ``CHECKED`` type-check under ``mypy --strict`` (every ``# type: ignore`` must be
needed); the rest of ``companion`` joins the list as it comes clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ["companion/rules", "companion/store", "companion/tapestry", "companion/catalog", "companion/events",
           "companion/messages", "companion/web", "companion/bench/event.py", "companion/bench/server.py",
           "companion/cli/labels.py", "companion/scan/label_pdf.py"]


def test_mypy_strict(tmp_path: Path) -> None:
    import importlib.util

    assert importlib.util.find_spec("mypy"), "mypy is in the test extras: bash scripts/setup.sh test"
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--warn-unused-ignores", "--cache-dir", str(tmp_path / "cache"),
         *CHECKED],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
