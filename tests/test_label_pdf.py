"""Sleeve-label PDFs (fpdf2): the codes print at the size and place of the 300 dpi PNG pages and still decode
when the PDF is rasterised; the captions are real text in an embedded font, umlauts kept, title from the
message catalogue."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest

from companion.messages import text
from companion.scan.cv import cv2
from companion.scan.label_pdf import FontMissing, font_file, label_pdf
from companion.scan.labels import Label
from companion.scan.pipeline import decode_image
from companion.scan.render import DEFAULT_DOTS_PER_MODULE, SheetLabel, label_image, sheets


def pdftotext(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True,
                          timeout=60).stdout


def rasterise(path: Path, page: int = 1) -> np.ndarray:
    """One page at 300 dpi, grayscale, as the printer would see it (poppler)."""
    out = subprocess.run(["pdftoppm", "-r", "300", "-gray", "-png", "-f", str(page), "-l", str(page), str(path)],
                         capture_output=True, check=True, timeout=120).stdout
    return cv2.imdecode(np.frombuffer(out, np.uint8), cv2.IMREAD_GRAYSCALE)


def placed_images(data: bytes) -> list[tuple[float, float, float, float]]:
    """(width, height, x, y) in points of every image drawn on the PDF's pages (``w 0 0 h x y cm /I Do``)."""
    found = []
    for stream in re.findall(rb"stream\r?\n(.*?)endstream", data, re.S):
        try:
            content = zlib.decompress(stream)
        except zlib.error:
            continue
        found += [tuple(float(v) for v in m) for m in re.findall(
            rb"q ([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm /I\d+ Do Q", content)]
    return found


def codes_match(printed: np.ndarray, png_page: np.ndarray, payloads: list[str], dots: int) -> None:
    """Each code sits where the PNG page has it, at the same size: the centre of every module of the
    rasterised PDF has the module's colour (a code 1 % too big or too small drifts off the centres)."""
    centres = np.arange(dots // 2, (21 + 8) * dots, dots)
    for payload in payloads:
        code = label_image(payload, dots)
        x, y = cv2.minMaxLoc(cv2.matchTemplate(png_page, code, cv2.TM_SQDIFF))[2]
        assert drawn_at(png_page, code, x, y, dots), payload
        modules = code[np.ix_(centres, centres)] < 128
        printed_modules = printed[np.ix_(y + centres, x + centres)] < 128
        assert np.array_equal(printed_modules, modules), payload


def drawn_at(page: np.ndarray, code: np.ndarray, x: int, y: int, dots: int) -> bool:
    """The code's modules are on the page at (x, y) (cut marks may cross the quiet zone of big labels)."""
    q = 4 * dots
    inner = page[y + q:y + code.shape[0] - q, x + q:x + code.shape[1] - q]
    return np.array_equal(inner, code[q:-q, q:-q])


def on_page(page: np.ndarray, payloads: list[str], dots: int) -> list[str]:
    def drawn(payload: str) -> bool:
        code = label_image(payload, dots)
        x, y = cv2.minMaxLoc(cv2.matchTemplate(page, code, cv2.TM_SQDIFF))[2]
        return drawn_at(page, code, x, y, dots)
    return [p for p in payloads if drawn(p)]


@pytest.mark.parametrize("dots", [6, 10])
def test_codes_print_at_the_png_pages_size_and_place_and_decode(tmp_path: Path, dots: int) -> None:
    items = [SheetLabel(Label("2e", "01045", "AB7", n).payload(), "Jürgens Überfall", n) for n in range(1, 90)]
    target = tmp_path / "labels.pdf"
    target.write_bytes(label_pdf(items, "Deck — AB7", "a4", dots))
    pages = sheets(items, "a4", dots)
    assert len(pages) > 1
    assert subprocess.run(["pdfinfo", str(target)], capture_output=True, text=True,
                          check=True).stdout.count("595.28 x 841.89 pts (A4)") == 1
    printed = rasterise(target)
    assert printed.shape[0] == pages[0].shape[0] and abs(printed.shape[1] - pages[0].shape[1]) <= 1
    side_pt = (21 + 8) * dots * 72 / 300  # QR version 1 with its quiet zone, one printer dot per pixel
    images = placed_images(target.read_bytes())
    assert len(images) == len(items)
    assert {(w, h) for w, h, _x, _y in images} == {(round(side_pt, 2), round(side_pt, 2))}
    # The rasterised first page decodes to the first labels in order, and the sheets' grid is the PNG's.
    payloads = [i.payload for i in items]
    _ok, png = cv2.imencode(".png", printed)
    decoded = sorted(c.text for c in decode_image(png.tobytes()))
    assert 0 < len(decoded) < len(items) and decoded == payloads[:len(decoded)]
    sample = [payloads[0], payloads[len(decoded) // 2], payloads[len(decoded) - 1]]
    assert on_page(pages[0], sample, dots) == sample
    codes_match(printed, pages[0], sample, dots)


def test_captions_are_selectable_text_with_umlauts(tmp_path: Path) -> None:
    items = [SheetLabel(Label("2e", "13089", "Q2X", 1).payload(), "Jürgens Überfall", 1),
             SheetLabel(Label("2e", "13089", "Q2X", 2).payload(),
                        "A name far too long for one label's caption line", 2)]
    target = tmp_path / "labels.pdf"
    data = label_pdf(items, text("labels.title", "de", deck="Königsmund", tag="Q2X", count=2), "letter")
    target.write_bytes(data)
    assert b"DejaVuSans" in data  # the font is embedded, not a viewer's substitute
    words = pdftotext(target)
    assert "Königsmund — Deck-Kürzel Q2X — 2 Etiketten" in words
    assert "Jürgens Überfall" in words and f"#1 {items[0].payload}" in re.sub(r" +", " ", words)
    assert "A name far too" in words and "caption line" not in words and "…" in words  # cut to the cell


def test_a_missing_font_is_named_with_the_fix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert font_file().name == "DejaVuSans.ttf"
    monkeypatch.setenv("COMPANION_PDF_FONT", str(tmp_path / "none.ttf"))
    with pytest.raises(FontMissing, match=r"COMPANION_PDF_FONT names .*none\.ttf"):
        label_pdf([SheetLabel(Label("2e", "13089", "Q2X", 1).payload(), "x", 1)], "t")
    monkeypatch.setattr("companion.scan.label_pdf.FONT_DIRS", (str(tmp_path),))
    monkeypatch.delenv("COMPANION_PDF_FONT")
    with pytest.raises(FontMissing, match="apt-get install fonts-dejavu-core"):
        font_file()


def test_labels_command_writes_both_papers_and_the_png_pages(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("Jürgens Löwen\n\n2x Tyrion Lannister (The Blackwater)\n1x A Pinch of Powder (The Shadow City)\n",
                    encoding="utf-8")
    out = tmp_path / "out"
    result = subprocess.run([sys.executable, "-m", "companion", "labels", str(deck), "--tag", "ab7", "--lang", "de",
                             "--out", str(out)], capture_output=True, text=True, timeout=120, env=dict(os.environ))
    assert result.returncode == 0, result.stderr
    assert "3 labels, deck tag AB7, 22.1 mm each" in result.stdout  # the 9-dot default
    names = sorted(p.name for p in out.iterdir())
    assert names == ["labels-deck-AB7-a4-p1.png", "labels-deck-AB7-a4.pdf", "labels-deck-AB7-letter.pdf"]
    payloads = [Label("2e", code, "AB7", n).payload() for code, n in (("11099", 1), ("13089", 1), ("13089", 2))]
    for paper in ("a4", "letter"):
        words = pdftotext(out / f"labels-deck-AB7-{paper}.pdf")
        assert "Jürgens Löwen — Deck-Kürzel AB7 — 3 Etiketten" in words and "Tyrion Lannister" in words
    png_page = cv2.imread(str(out / "labels-deck-AB7-a4-p1.png"), cv2.IMREAD_GRAYSCALE)
    printed = rasterise(out / "labels-deck-AB7-a4.pdf")
    codes_match(printed, png_page, payloads, DEFAULT_DOTS_PER_MODULE)
    assert sorted(c.text for c in decode_image(cv2.imencode(".png", printed)[1].tobytes())) == sorted(payloads)
