"""Every relative link in the README and the guides points at a file that exists, and its #anchor at a heading
of that file (as GitHub makes them: lower case, punctuation dropped, spaces to hyphens, -1 for a repeat)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _markdown() -> list[Path]:
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "*.md"], capture_output=True, text=True,
                            check=False).stdout.split()
    files = {ROOT / f for f in listed} | set((ROOT / "docs").glob("*.md")) | {ROOT / "README.md"}
    return sorted(p for p in files if p.exists())


def _slug(heading: str) -> str:
    h = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", h).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out: set[str] = set()
    fence = False
    for line in path.read_text().splitlines():
        if line.startswith("```"):
            fence = not fence
        m = None if fence else re.match(r"#{1,6} (.*)", line)
        if m:
            s = _slug(m.group(1))
            n = seen.get(s, 0)
            seen[s] = n + 1
            out.add(s if n == 0 else f"{s}-{n}")
    return out


def test_every_relative_link_and_anchor_exists() -> None:
    broken: list[str] = []
    checked = 0
    for f in _markdown():
        text = re.sub(r"```.*?```", "", f.read_text(), flags=re.S)
        for m in re.finditer(r"\]\(([^)\s]+)\)", text):
            target = m.group(1)
            if re.match(r"[a-z]+:", target):
                continue
            checked += 1
            path, _, anchor = target.partition("#")
            dest = (f.parent / path).resolve() if path else f
            if not dest.exists():
                broken.append(f"{f.relative_to(ROOT)}: {target}: no such file")
            elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
                broken.append(f"{f.relative_to(ROOT)}: {target}: no such heading")
    assert checked > 20, checked  # the README alone links to a dozen guides
    assert broken == []
