"""The seat sheets: one A4 page per seat (never both seats of a table on one page, so whoever holds one
sheet can join as that player only), with the seat's QR code and captions in English and German from the
message catalogue."""

from __future__ import annotations

import io

import segno

from companion.events.pdf import Document
from companion.messages import text


def _qr_png(url: str) -> bytes:
    out = io.BytesIO()
    segno.make(url, error="m", micro=False).save(out, kind="png", scale=10, border=4)
    return out.getvalue()


def seat_sheet_pdf(event: str, round_no: int, seats: list[tuple[int, str, str, str]], reprint: bool = False) -> bytes:
    """``seats``: (table number, seat, player name, seat link), a page each. The links carry the key in
    the fragment (``#key=``), which browsers never send to a server; the link itself is not printed as
    text (the code is the key: a photo of the page's text must not be one too)."""
    doc = Document(f"{event} · R{round_no}")
    for table, seat, name, url in seats:
        doc.add_page()
        doc.para(event, 16, bold=True, height=8)
        doc.ln(2)
        for lang in ("en", "de"):
            doc.para(text("ev.sheet.where", lang, round=round_no, table=table, seat=seat), 13, height=7)
        doc.ln(4)
        doc.para(name, 28, bold=True, height=13)
        doc.ln(4)
        size = 90
        doc.image(io.BytesIO(_qr_png(url)), x=(doc.w - size) / 2, y=doc.get_y(), w=size, h=size)
        doc.set_y(doc.get_y() + size + 6)
        for lang in ("en", "de"):
            doc.para(text("ev.sheet.scan", lang, name=name), 11, height=6)
            doc.para(text("ev.sheet.private", lang), 11, bold=True, height=6)
            if reprint:
                doc.para(text("ev.sheet.reprinted", lang), 10, height=5)
            doc.ln(3)
    return doc.bytes()
