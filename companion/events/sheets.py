"""The seat sheets: one A4 page per seat (never both seats of a table on one page, so whoever holds one
sheet can join as that player only), with the seat's QR code and captions in English and German from the
message catalogue."""

from __future__ import annotations

import io
from typing import Any

import segno

from companion.events.pdf import Document
from companion.messages import text


def _qr_png(url: str) -> bytes:
    out = io.BytesIO()
    segno.make(url, error="m", micro=False).save(out, kind="png", scale=10, border=4)
    return out.getvalue()


def seat_sheet_pdf(event: str, round_no: int, seats: list[tuple[int, str, str, str, str | None]],
                   reprint: bool = False) -> bytes:
    """``seats``: (table number, seat, player name, seat link, opponent's name), a page each. The links carry the key in
    the fragment (``#key=``), which browsers never send to a server; the link itself is not printed as
    text (the code is the key: a photo of the page's text must not be one too)."""
    doc = Document(f"{event} · R{round_no}")
    for table, seat, name, url, opponent in seats:
        doc.add_page()
        doc.para(event, 16, bold=True, height=8)
        doc.ln(2)
        for lang in ("en", "de"):
            doc.para(text("ev.sheet.where", lang, round=round_no, table=table, seat=seat), 13, height=7)
        doc.ln(4)
        doc.para(name, 28, bold=True, height=13)
        if opponent:  # the sheet names who the player meets (a judge's event: "which of you is Ann's opponent?")
            doc.para(" · ".join(text("ev.sheet.against", lang, opponent=opponent) for lang in ("en", "de")), 14,
                     height=8)
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


def pairings_pdf(event: str, pairings: dict[str, Any], lang: str) -> bytes:
    """The round's pairings for the wall: every player by name with their table and opponent (the bye too), in
    large type, in ``lang``. ``pairings``: the public round (``feed.round_pairings``): names and tables only, never
    a key: a seat's key is on its own seat sheet."""
    rows = sorted(((p["name"], t["table"], next((o["name"] for o in t["players"] if o is not p), ""))
                   for t in pairings["tables"] for p in t["players"]), key=lambda r: (r[0].casefold(), r[1]))
    doc = Document(f"{event} · R{pairings['number']}", page_label=text("ev.report.page", lang, n="{n}", nb="{nb}"))
    doc.add_page()
    doc.para(event, 16, bold=True, height=8)
    doc.para(text("ev.pairings.title", lang, round=pairings["number"]), 20, bold=True, height=11)
    doc.ln(3)
    widths = (80.0, 20.0, 80.0)
    doc.set_font(doc.family, "B", 12)
    for width, head in zip(widths, ("ev.pairings.h.player", "ev.pairings.h.table", "ev.pairings.h.opponent"),
                           strict=True):
        doc.cell(width, 8, doc.safe(text(head, lang)), border="B")
    doc.ln(8)
    def fitted(width: float, value: str, style: str) -> None:
        """A cell in 15 pt, smaller for a long name (up to 40 letters), so it never runs into the next column."""
        size = 15.0
        doc.set_font(doc.family, style, size)
        while size > 6 and doc.get_string_width(doc.safe(value)) > width - 3:
            size -= 1
            doc.set_font(doc.family, style, size)
        doc.cell(width, 10, doc.safe(value))

    for name, table, opponent in rows:
        fitted(widths[0], name, "B")
        fitted(widths[1], str(table), "B")
        fitted(widths[2], opponent, "")
        doc.ln(10)
    if pairings.get("bye"):
        doc.ln(2)
        doc.para(text("ev.pairings.bye", lang, name=pairings["bye"]["name"]), 15, height=10)
    return doc.bytes()
