"""Printed pages of an event (the report, the seat sheets), written with fpdf2: real text in an embedded
Unicode TrueType font, so umlauts print and the text can be selected and searched.

The font is DejaVu Sans (Debian's ``fonts-dejavu-core``, installed by ``scripts/setup.sh``), or the file
named by ``COMPANION_PDF_FONT``. Without it the pages fall back to the PDF's built-in Helvetica, which
holds Latin-1 only (German umlauts print, other letters become "?"), and say so in a log warning.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from fpdf import FPDF

log = logging.getLogger(__name__)

FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/local/share/fonts")
REGULAR, BOLD = "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"


def font_files() -> tuple[Path, Path] | None:
    """The regular and bold font files, or None when no Unicode font is installed."""
    chosen = os.environ.get("COMPANION_PDF_FONT")
    if chosen:
        path = Path(chosen)
        bold = path.with_name(path.stem + "-Bold" + path.suffix)
        return (path, bold if bold.exists() else path) if path.exists() else None
    for folder in FONT_DIRS:
        regular = Path(folder) / REGULAR
        if regular.exists():
            bold = Path(folder) / BOLD
            return regular, bold if bold.exists() else regular
    return None


class Document(FPDF):
    """An A4 document in the event's font; ``family`` is the font family to pass to ``set_font``."""

    def __init__(self, title: str, page_label: str | None = None) -> None:
        """``page_label``: the footer each page prints, "{n}" its number and "{nb}" the count ("Page {n} of {nb}")."""
        super().__init__(format="A4")
        self.page_label = page_label
        self.set_title(title)
        self.set_creator("companion")
        self.set_auto_page_break(True, margin=15)
        self.set_margins(15, 15, 15)
        self._widths: dict[tuple[str, str, float], dict[str, float]] = {}
        files = font_files()
        self.unicode = files is not None
        if files is not None:
            self.add_font("Event", "", str(files[0]))
            self.add_font("Event", "B", str(files[1]))
            self.family = "Event"
        else:
            log.warning("no Unicode font found (install fonts-dejavu-core or set COMPANION_PDF_FONT): "
                        "PDFs use Helvetica, Latin-1 only")
            self.family = "Helvetica"

    def footer(self) -> None:
        if self.page_label is None:
            return
        self.set_y(-12)
        self.set_font(self.family, "", 8)
        self.cell(0, 5, self.safe(self.page_label.replace("{n}", str(self.page_no()))), align="C")

    def safe(self, text: Any) -> str:
        """Text the chosen font can print (the fallback font knows Latin-1 only)."""
        value = str(text)
        return value if self.unicode else value.encode("latin-1", "replace").decode("latin-1")

    def para(self, text: Any, size: float = 10, bold: bool = False, height: float | None = None,
             indent: float = 0) -> None:
        """A paragraph, wrapped to the page's width."""
        self.set_font(self.family, "B" if bold else "", size)
        self.set_x(self.l_margin + indent)
        value, width = self.safe(text), self.epw - indent
        lines = self._wrap(value, width - 2 * self.c_margin)
        if lines is None:  # a word wider than the page: fpdf2 breaks it
            self.multi_cell(width, height or size * 0.5, value, align="L", new_x="LMARGIN", new_y="NEXT")
            return
        for line in lines:
            self.set_x(self.l_margin + indent)
            self.cell(width, height or size * 0.5, line, new_x="LMARGIN", new_y="NEXT")

    def _wrap(self, value: str, width: float) -> list[str] | None:
        """Greedy word wrap with each character's width measured once per font (fpdf2's own line breaking
        measures the growing line again for every character: a 48-table report took seconds)."""
        key = (self.font_family, self.font_style, self.font_size_pt)
        widths = self._widths.setdefault(key, {})

        def measure(word: str) -> float:
            return sum(widths.setdefault(ch, self.get_string_width(ch)) for ch in word)

        space, lines = measure(" "), []
        for paragraph in value.split("\n"):
            line, used = "", 0.0
            for word in paragraph.split(" "):
                w = measure(word)
                if w > width:
                    return None
                if line and used + space + w > width:
                    lines.append(line)
                    line, used = word, w
                else:
                    line, used = (f"{line} {word}", used + space + w) if line else (word, w)
            lines.append(line)
        return lines

    def bytes(self) -> bytes:
        return bytes(self.output())
