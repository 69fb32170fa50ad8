"""The seat-link sheet: one A4 page per table, a QR code per seat, captions in English and German."""

from __future__ import annotations

import numpy as np

from companion.scan.cv import cv2
from companion.scan.render import PAPER_MM, _ascii, label_image, pdf, px


def _text(page: np.ndarray, text: str, x: int, y: int, scale: float = 1.2, weight: int = 2) -> None:
    cv2.putText(page, _ascii(text)[:80], (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, 0, weight, cv2.LINE_AA)


def seat_sheet_pdf(event: str, round_no: int, tables: list[tuple[int, list[tuple[str, str, str]]]]) -> bytes:
    """``tables``: (table number, [(seat, player name, seat link)]). The links carry the key in the
    fragment (``#key=``), which browsers never send to a server."""
    page_w, page_h = (px(v) for v in PAPER_MM["a4"])
    pages = []
    for number, links in tables:
        page = np.full((page_h, page_w), 255, np.uint8)
        _text(page, f"{event}", px(15), px(18), 1.6, 3)
        _text(page, f"Round {round_no} - Table {number}  /  Runde {round_no} - Tisch {number}", px(15), px(30), 1.4, 3)
        y = px(45)
        for seat, name, url in links:
            code = label_image(url, 8)
            h, w = code.shape
            page[y:y + h, px(15):px(15) + w] = code
            _text(page, f"Seat {seat}: {name}", px(15) + w + px(8), y + px(20), 1.4, 3)
            _text(page, f"Sitz {seat}: {name}", px(15) + w + px(8), y + px(32), 1.4, 3)
            _text(page, "Scan with your phone to join this table.", px(15) + w + px(8), y + px(48), 0.9, 2)
            _text(page, "Mit dem Handy scannen, um diesem Tisch beizutreten.", px(15) + w + px(8), y + px(56), 0.9, 2)
            _text(page, "Keep it private: the code is your seat's key.", px(15) + w + px(8), y + px(68), 0.8, 1)
            _text(page, "Geheim halten: der Code ist der Schluessel deines Sitzes.", px(15) + w + px(8), y + px(75),
                  0.8, 1)
            y += max(h, px(80)) + px(20)
        pages.append(page)
    return pdf(pages)
