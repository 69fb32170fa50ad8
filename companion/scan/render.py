"""Drawing labels: one QR code per physical copy, and print-ready sheets with cut marks.

Sheets are 300 dpi PNG pages, and PDFs (A4 and US Letter) that hold those pages as images, so
nothing beyond OpenCV, NumPy and segno is needed.
"""

from __future__ import annotations

import unicodedata
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import segno

from companion.scan.cv import cv2

DPI = 300
QUIET_MODULES = 4
#: 9 printer dots per module: QR version 1 is 16.0 mm, 22.1 mm with its quiet zone. A phone's 1080p frame
#: of 10-12 cards has ~3.4 px per mm of table, so a module of 9 dots (0.76 mm) spans 2.6 px; the old 6 dots
#: (1.74 px) is below what zxing-cpp reads through camera blur, enlarged or not (docs/scanning.md).
DEFAULT_DOTS_PER_MODULE = 9
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def mm(px: float) -> float:
    return px * 25.4 / DPI


def px(mm_: float) -> int:
    return round(mm_ * DPI / 25.4)


def label_image(text: str, dots: int = DEFAULT_DOTS_PER_MODULE) -> np.ndarray:
    """The QR code with its 4-module quiet zone, black on white, ``dots`` pixels per module."""
    qr = segno.make(text, error="m", micro=False)
    matrix = np.array([list(row) for row in qr.matrix], dtype=np.uint8)
    matrix = np.pad(matrix, QUIET_MODULES)
    image = np.where(matrix == 1, 0, 255).astype(np.uint8)
    return np.kron(image, np.ones((dots, dots), dtype=np.uint8))


def _ascii(text: str) -> str:
    """OpenCV's fonts draw ASCII only: fold accents for the printed caption."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


@dataclass(frozen=True, slots=True)
class SheetLabel:
    payload: str
    name: str
    copy: int


def sheets(labels: Sequence[SheetLabel], paper: str = "a4", dots: int = DEFAULT_DOTS_PER_MODULE,
           margin_mm: float = 10.0) -> list[np.ndarray]:
    """Pages of labels in a grid: code, then card name and copy number, cut marks around each cell."""
    page_w, page_h = (px(v) for v in PAPER_MM[paper])
    code = label_image(labels[0].payload, dots) if labels else label_image("G201045-AAA-01V", dots)
    cell_w = max(code.shape[1], px(24))
    cell_h = code.shape[0] + px(7)
    margin = px(margin_mm)
    cols = max(1, (page_w - 2 * margin) // cell_w)
    rows = max(1, (page_h - 2 * margin - px(8)) // cell_h)
    pages: list[np.ndarray] = []
    per_page = cols * rows
    font_scale = max(0.45, dots / 10)
    for start in range(0, max(1, len(labels)), per_page):
        page = np.full((page_h, page_w), 255, np.uint8)
        for i, label in enumerate(labels[start:start + per_page]):
            x0 = margin + (i % cols) * cell_w
            y0 = margin + px(8) + (i // cols) * cell_h
            img = label_image(label.payload, dots)
            ox = x0 + (cell_w - img.shape[1]) // 2
            page[y0:y0 + img.shape[0], ox:ox + img.shape[1]] = img
            caption = _ascii(label.name)
            while caption and cv2.getTextSize(caption, cv2.FONT_HERSHEY_SIMPLEX, font_scale, 1)[0][0] > cell_w - 8:
                caption = caption[:-1]
            cv2.putText(page, caption, (x0 + 4, y0 + img.shape[0] + px(2.8)), cv2.FONT_HERSHEY_SIMPLEX, font_scale,
                        0, 1, cv2.LINE_AA)
            cv2.putText(page, f"#{label.copy}  {label.payload}", (x0 + 4, y0 + img.shape[0] + px(5.6)),
                        cv2.FONT_HERSHEY_SIMPLEX, font_scale * 0.8, 0, 1, cv2.LINE_AA)
            tick = px(2)
            for cx, cy in ((x0, y0), (x0 + cell_w, y0), (x0, y0 + cell_h), (x0 + cell_w, y0 + cell_h)):
                cv2.line(page, (cx - tick, cy), (cx + tick, cy), 120, 1)  # cut marks
                cv2.line(page, (cx, cy - tick), (cx, cy + tick), 120, 1)
        pages.append(page)
    return pages


def title_page(page: np.ndarray, title: str) -> np.ndarray:
    cv2.putText(page, _ascii(title)[:90], (px(10), px(7)), cv2.FONT_HERSHEY_SIMPLEX, 1.2, 0, 2, cv2.LINE_AA)
    return page


def png(page: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".png", page, [cv2.IMWRITE_PNG_COMPRESSION, 6])
    assert ok
    # Tell viewers and printers it is 300 dpi (pHYs chunk: pixels per metre).
    ppm = round(DPI / 0.0254)
    body = b"pHYs" + ppm.to_bytes(4, "big") * 2 + b"\x01"
    chunk = (9).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")
    raw = data.tobytes()
    return raw[:33] + chunk + raw[33:]


def pdf(pages: Sequence[np.ndarray], paper: str = "a4") -> bytes:
    """A minimal PDF: each page one 300 dpi grayscale image filling the paper."""
    w_pt, h_pt = (v / 25.4 * 72 for v in PAPER_MM[paper])
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    kids = []
    page_ids_pos = add(b"")  # placeholder for /Pages
    for page in pages:
        h, w = page.shape
        stream = zlib.compress(page.tobytes(), 6)
        img = add(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
                  b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n" % (w, h, len(stream))
                  + stream + b"\nendstream")
        content = b"q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q" % (w_pt, h_pt)
        cont = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject "
                        b"<< /Im0 %d 0 R >> >> /Contents %d 0 R >>" % (page_ids_pos, w_pt, h_pt, img, cont)))
    objects[page_ids_pos - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    catalog = add(b"<< /Type /Catalog /Pages %d 0 R >>" % page_ids_pos)
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref)
    return bytes(out)
