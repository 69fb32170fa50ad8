"""A seat's printed link (an event round's answer, a seat sheet's QR code) carries a paper key, which the phone that
opens it exchanges once for the seat's own key (``POST /api/games/ID/claim``). The tests that need a seat's key
from such a link exchange it here, as that phone does."""

from __future__ import annotations

import json
import secrets
import urllib.error
import urllib.request
from typing import Any


def parts(url: str) -> tuple[str, str]:
    """(game id, paper key) of a seat's printed link ``…/g/GAME/join#key=PAPER``."""
    game = url.split("/g/", 1)[1].split("/", 1)[0].split("#", 1)[0]
    return game, url.split("#key=", 1)[1]


def claimed(url: str, via: Any, request_id: str | None = None) -> str:
    """The seat's own key from its printed link. ``via``: a Flask test client, or a server's API base URL
    (``http://127.0.0.1:PORT/api``)."""
    game, paper = parts(url)
    body = {"request_id": request_id or "claim-" + secrets.token_hex(8)}
    headers = {"Authorization": "Bearer " + paper, "Content-Type": "application/json"}
    if isinstance(via, str):
        req = urllib.request.Request(f"{via}/games/{game}/claim", method="POST", data=json.dumps(body).encode(),
                                     headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return str(json.loads(r.read())["key"])
        except urllib.error.HTTPError as e:
            raise AssertionError(f"claim refused: {e.code} {e.read()!r}") from None
    r = via.post(f"/api/games/{game}/claim", json=body, headers=headers)
    assert r.status_code == 200, r.get_json()
    return str(r.get_json()["key"])


def sheet_links(pdf: bytes) -> list[str]:
    """Every seat link a seat-sheet PDF prints, page by page, read back from its QR codes as a phone's camera reads
    them (the images taken out of the PDF with poppler's pdfimages, decoded with zxing-cpp)."""
    import subprocess
    import tempfile
    from pathlib import Path

    import zxingcpp
    from PIL import Image

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "sheets.pdf").write_bytes(pdf)
        subprocess.run(["pdfimages", "-png", str(Path(tmp) / "sheets.pdf"), str(Path(tmp) / "qr")], check=True,
                       timeout=60)
        links = []
        for image in sorted(Path(tmp).glob("qr-*.png")):
            with Image.open(image) as img:
                found = [r.text for r in zxingcpp.read_barcodes(img.convert("L"))]
            assert len(found) == 1, (image.name, found)
            links.append(found[0])
    return links
