"""The code base stays ruff clean; the suite fails otherwise."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed")
    result = subprocess.run([ruff, "check", "--quiet", str(ROOT)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_merge_conflict_is_left_in_a_text_file() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    found = subprocess.run(["git", "grep", "-lIE", "^(<{7} |>{7} |={7}$)"], cwd=ROOT, capture_output=True, text=True)
    assert found.returncode == 1 and found.stdout == "", found.stdout  # 1: nothing found


def test_rules_core_imports_no_flask_sqlite_or_files() -> None:
    banned = ("flask", "sqlite", "sqlite_utils", "open(", "pathlib", "import os", "werkzeug")
    for path in (ROOT / "companion" / "rules").rglob("*.py"):
        text = path.read_text()
        for word in banned:
            assert word not in text, f"{path.relative_to(ROOT)} mentions {word!r}"


def test_page_templates_have_no_duplicate_ids() -> None:
    import re
    from collections import Counter

    for path in (ROOT / "companion" / "web" / "templates").glob("*.html"):
        ids = Counter(re.findall(r'\bid="([^"{]+)"', path.read_text()))
        assert [i for i, n in ids.items() if n > 1] == [], path.name


def test_the_readme_example_runs_as_shown() -> None:
    import contextlib
    import io
    import re

    text = (ROOT / "README.md").read_text()
    block = re.search(r"### The rules core in a few lines\n\n```python\n(.*?)```", text, re.S)
    assert block, "the README lost its rules-core example"
    code = block.group(1)
    expected = [line[4:] for line in code.splitlines() if line.startswith("# → ")]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    assert out.getvalue().splitlines() == expected


def test_no_pattern_of_the_catalogue_is_built_from_a_cards_title() -> None:
    """A pattern built with each card's title is compiled anew for every card and pushes the re module's cached
    patterns out (four fifths of a catalogue's build went to compiling): a reader names the card's own title as the
    word ``SELF`` through ``own_title`` instead."""
    import re

    for path in sorted((ROOT / "companion" / "catalog").glob("*.py")):
        source = path.read_text()
        built = [n for n, line in enumerate(source.splitlines(), 1) if re.search(r"re\.escape\((?:name|title)\)", line)
                 and "SELF" not in line]
        assert not built, f"{path.name}: a pattern built from a card's title on line(s) {built}"
