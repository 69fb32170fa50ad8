"""axe-core (npm), the pages' accessibility check: injected into a page in real Chromium, its serious and critical
violations read back.

``scripts/setup.sh test`` installs axe-core into ``.venv/axe`` (npm); a test that needs it fails with that command
when it is missing, rather than pass without looking.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parents[1] / ".venv" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
#: The impacts that fail a page (axe's scale: minor, moderate, serious, critical).
FAILING = ("serious", "critical")
#: Sizes every page is checked at: a phone and a laptop.
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 900}}

RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map(n => n.target.join(" ")).slice(0, 6)}));
}"""

#: Checkboxes and radio buttons shown smaller than 24 px (the pages' CSS rule; axe's own target-size rule lets a small
#: target pass when nothing else is near it).
SMALL = """() => [...document.querySelectorAll("input[type=checkbox], input[type=radio]")]
  .filter(e => e.getClientRects().length)
  .map(e => ({box: e.getBoundingClientRect(), name: e.id ? "#" + e.id : e.outerHTML.slice(0, 80)}))
  .filter(b => b.box.width < 24 || b.box.height < 24)
  .map(b => `${b.name} (${Math.round(b.box.width)}x${Math.round(b.box.height)})`)"""


@functools.cache
def source() -> str:
    if not AXE.is_file():
        raise AssertionError(f"axe-core is not installed at {AXE}: run `bash scripts/setup.sh test` (it installs it "
                             "with npm)")
    return AXE.read_text(encoding="utf-8")


def violations(page: Any) -> list[dict[str, Any]]:
    """The page's serious and critical violations as it stands, and its checkboxes under 24 px (the context needs
    ``bypass_csp``: the script is added inline)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=source())
    found: list[dict[str, Any]] = [v for v in page.evaluate(RUN) if v["impact"] in FAILING]
    small: list[str] = page.evaluate(SMALL)
    if small:
        found.append({"id": "checkbox-size", "impact": "serious", "targets": small,
                      "help": "Checkboxes and radio buttons must be at least 24 px"})
    return found


def at_sizes(page: Any) -> dict[str, list[dict[str, Any]]]:
    """``violations`` at each of ``SIZES``, the page put back to the size it had."""
    before = page.viewport_size
    out = {}
    try:
        for name, size in SIZES.items():
            page.set_viewport_size(size)
            out[name] = violations(page)
    finally:
        if before:
            page.set_viewport_size(before)
    return out


def described(found: list[dict[str, Any]]) -> list[str]:
    """One line per violation: its id, impact, what axe says to do and where."""
    return [f"axe {v['impact']} {v['id']}: {v['help']} at {', '.join(v['targets'])}" for v in found]
