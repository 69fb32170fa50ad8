"""Sleeve-label sheets as a real PDF (fpdf2): the QR codes as lossless 300 dpi images at exactly the size
and place of the PNG pages (``render.sheets``), the captions as selectable text in an embedded Unicode
font, so a card's name keeps its accents and umlauts.

The font is DejaVu Sans (Debian's ``fonts-dejavu-core``, installed by ``scripts/setup.sh``), or the
TrueType file named by ``COMPANION_PDF_FONT``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from fpdf import FPDF
from PIL import Image

from companion.scan.render import DEFAULT_DOTS_PER_MODULE, PAPER_MM, SheetLabel, label_image, mm, px

FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/local/share/fonts")
FONT_FILE = "DejaVuSans.ttf"
#: Caption sizes in points: the card's name, then the copy number and payload (as on the PNG pages,
#: whose OpenCV captions are about this size at 6 dots per module).
NAME_PT, LINE_PT, TITLE_PT = 6.0, 5.0, 11.0
CUT_GREY = 120
CAPTION_INSET = 1.0  # mm


class FontMissing(RuntimeError):
    """No Unicode TrueType font to embed."""


def font_file() -> Path:
    """The TrueType font the label PDFs embed, or FontMissing saying how to install it."""
    chosen = os.environ.get("COMPANION_PDF_FONT")
    if chosen:
        if Path(chosen).is_file():
            return Path(chosen)
        raise FontMissing(f"COMPANION_PDF_FONT names {chosen}, which is not a file")
    for folder in FONT_DIRS:
        path = Path(folder) / FONT_FILE
        if path.is_file():
            return path
    raise FontMissing(f"no {FONT_FILE} in {', '.join(FONT_DIRS)}: install it (Debian/Ubuntu: "
                      "sudo apt-get install fonts-dejavu-core) or set COMPANION_PDF_FONT to a .ttf file")


def _fit(doc: FPDF, text: str, width_mm: float) -> str:
    """``text`` cut (with an ellipsis) to fit ``width_mm`` in the current font."""
    if doc.get_string_width(text) <= width_mm:
        return text
    while text and doc.get_string_width(text + "…") > width_mm:
        text = text[:-1]
    return text.rstrip() + "…"


def label_pdf(labels: Sequence[SheetLabel], title: str, paper: str = "a4", dots: int = DEFAULT_DOTS_PER_MODULE,
              margin_mm: float = 10.0) -> bytes:
    """The sheets of ``render.sheets`` as a PDF: same grid, same code size, in millimetres from its pixels."""
    # The grid in 300 dpi pixels, exactly as render.sheets lays it out, so PDF and PNG pages agree.
    page_w, page_h = (px(v) for v in PAPER_MM[paper])
    code = label_image(labels[0].payload, dots) if labels else label_image("G201045-AAA-01V", dots)
    cell_w = max(code.shape[1], px(24))
    cell_h = code.shape[0] + px(7)
    margin = px(margin_mm)
    cols = max(1, (page_w - 2 * margin) // cell_w)
    rows = max(1, (page_h - 2 * margin - px(8)) // cell_h)
    per_page = cols * rows

    doc = FPDF(unit="mm", format=PAPER_MM[paper])
    doc.set_title(title)
    doc.set_creator("companion")
    doc.set_auto_page_break(False)
    doc.add_font("Label", "", str(font_file()))
    doc.set_draw_color(CUT_GREY)
    doc.set_line_width(mm(1))
    for start in range(0, max(1, len(labels)), per_page):
        doc.add_page()
        doc.set_font("Label", size=TITLE_PT)
        doc.text(mm(px(10)), mm(px(7)), _fit(doc, title, PAPER_MM[paper][0] - 2 * mm(px(10))))
        for i, label in enumerate(labels[start:start + per_page]):
            x0 = margin + (i % cols) * cell_w
            y0 = margin + px(8) + (i // cols) * cell_h
            img = label_image(label.payload, dots)
            ox = x0 + (cell_w - img.shape[1]) // 2
            # One image pixel per printer dot: w and h in mm are the pixel counts at 300 dpi.
            doc.image(Image.fromarray(img), x=mm(ox), y=mm(y0), w=mm(img.shape[1]), h=mm(img.shape[0]))
            # Captions start 1 mm in, clear of the cut mark that crosses the cell's corner.
            text_x, text_w = mm(x0) + CAPTION_INSET, mm(cell_w) - 2 * CAPTION_INSET
            doc.set_font("Label", size=NAME_PT)
            doc.text(text_x, mm(y0 + img.shape[0] + px(2.8)), _fit(doc, label.name, text_w))
            doc.set_font("Label", size=LINE_PT)
            doc.text(text_x, mm(y0 + img.shape[0] + px(5.6)), _fit(doc, f"#{label.copy}  {label.payload}", text_w))
            tick = mm(px(2))
            for cx, cy in ((x0, y0), (x0 + cell_w, y0), (x0, y0 + cell_h), (x0 + cell_w, y0 + cell_h)):
                doc.line(mm(cx) - tick, mm(cy), mm(cx) + tick, mm(cy))  # cut marks
                doc.line(mm(cx), mm(cy) - tick, mm(cx), mm(cy) + tick)
    return bytes(doc.output())
