"""Keys at a real table, mid-game: each seat has a card in its shadows and Jana has chosen her plot, not yet revealed.
Jana loses her phone; the host renews her key on the host page, makes a judge key there, and a Tabletop Simulator
table key. On real Chromium against a real server, in English and German: every phone and the spectator's page name
each key that can see hidden cards, who made it and when; the old key stops at once, its open live stream included
(it ends, and nothing more reaches it); the new link's QR code opens Jana's table on another phone; and nothing
hidden is shown anywhere but on Jana's new phone."""

from __future__ import annotations

import http.client
import json
import threading
import time
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests import phones
from tests.server import Server, call, play
from tests.test_browser import CHROMIUM, shot
from tests.test_keys_browser import TEXT, details, line, local_time, notices

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
ZONE = "America/Sao_Paulo"  # not the server's zone (UTC): each phone converts
#: What only Jana may see: the card in her shadows and the plot she chose face down.
HIDDEN = ("The Imp's Agent", "Imp&#39;s Agent", "Feast or Famine", "00168", "00006")
MORE = {"en": {"spectator": "each player, and 3 more keys", "seat": "you and 3 more keys"},
        "de": {"spectator": "jeder Spieler und 3 weitere Schlüssel", "seat": "du und 3 weitere Schlüssel"}}


def mid_game(server: Server) -> dict[str, Any]:
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Jana", "faction": "lannister"},
                                                   {"seat": "B", "name": "Tom", "faction": "stark"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck",
                {"expected_version": 0, "deck": {"00168": 1, "13089": 1, "01001": 1, "00006": 1}}, ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck",
                {"expected_version": 1, "deck": {"11061": 1, "01091": 1, "01001": 1}}, kb)[0] == 200
    play(base, gid, ((ka, {"type": "setup_into_shadows", "player": "A", "card": "A.00168.1"}),
                     (kb, {"type": "setup_into_shadows", "player": "B", "card": "B.11061.1"}),
                     (ka, {"type": "begin_phase", "phase": "plot"}),
                     (ka, {"type": "choose_plot", "player": "A", "card": "A.00006.1"})), 2)
    return g


class RawStream:
    """The old phone's live stream as bytes off the socket, read on a thread: what the server keeps sending to it."""

    def __init__(self, server: Server, gid: str, key: str) -> None:
        url = urlsplit(server.url)
        self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        self.conn.request("GET", f"/api/games/{gid}/events?since=0", headers={"Authorization": f"Bearer {key}",
                                                                             "Accept": "text/event-stream"})
        self.response = self.conn.getresponse()
        assert self.response.status == 200
        self.chunks: list[tuple[float, bytes]] = []
        self.ended: float | None = None
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            while True:
                data = self.response.read1(65536)  # the chunked body, decoded; b"" once it ends
                if not data:
                    break
                self.chunks.append((time.monotonic(), data))
        except OSError:
            pass
        self.ended = time.monotonic()

    def text(self) -> str:
        return b"".join(c for _, c in self.chunks).decode()


def page_text(page: Any) -> str:
    return str(page.content())


def open_phone(browser: Any, url: str, lang: str) -> Any:
    page = phones.phone(browser, locale=phones.LOCALE[lang], timezone_id=ZONE)
    page.add_init_script(f"localStorage.setItem('companion:lang', '{lang}')")
    page.goto(url)
    page.wait_for_selector("#who-sees:not(.hidden)", timeout=phones.WAIT)
    return page


def qr_link(page: Any, selector: str) -> str:
    """Read the QR code on the host page as a phone's camera would: from its pixels."""
    import numpy as np
    import zxingcpp

    from companion.scan.cv import cv2

    png = page.locator(selector).screenshot()
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_GRAYSCALE)
    codes = zxingcpp.read_barcodes(image)
    assert len(codes) == 1, f"{len(codes)} codes in {selector}"
    return str(codes[0].text)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_lost_phone_a_judge_and_a_tts_table_mid_game(server: Server, browser: Any, lang: str) -> None:
    words, more = TEXT[lang], MORE[lang]
    base = server.url + "/api"
    g = mid_game(server)
    gid, old_key = g["game"]["id"], g["seats"][0]["key"]
    url = lambda key: f"{server.url}/g/{gid}#key={key}"  # noqa: E731
    jana = open_phone(browser, url(old_key), lang)
    tom = open_phone(browser, url(g["seats"][1]["key"]), lang)
    spectator = open_phone(browser, f"{server.url}/g/{gid}", lang)
    jana.wait_for_selector("#my-shadows li[data-position='1']", timeout=phones.WAIT)
    assert "Imp's Agent" in jana.inner_text("#my-shadows")  # her own card, on her own phone
    stream = RawStream(server, gid, old_key)
    while "event: update" not in stream.text():
        time.sleep(0.02)

    # The host page: a new link for Jana (her phone is lost), then a judge key; then the TTS table key.
    host = phones.phone(browser, locale=phones.LOCALE[lang], timezone_id=ZONE)
    host.add_init_script(f"localStorage.setItem('companion:lang', '{lang}');"
                         f"localStorage.setItem('companion:host:{gid}', {json.dumps(json.dumps(g))})")
    host.goto(f"{server.url}/g/{gid}/host")
    host.wait_for_selector("[data-reissue=A]", timeout=phones.WAIT)
    old_link = host.get_attribute("[data-seat=A] a", "href")
    host.once("dialog", lambda d: d.accept())
    with host.expect_response(lambda r: r.url.endswith("/seats/A/key")) as renewal:
        host.click("[data-reissue=A]")
    renewed_at = time.monotonic()
    assert not [s for s in HIDDEN if s in renewal.value.text()]  # a link for Jana, nothing of what she holds
    host.wait_for_function(f"document.querySelector('[data-seat=A] a').href !== {old_link!r}", timeout=5000)
    new_link = host.get_attribute("[data-seat=A] a", "href") or ""
    assert qr_link(host, "[data-seat=A] .qr") == new_link  # the QR code shown is the new link
    host.click("#judge-key")
    host.click("[data-confirm=yes]")
    host.wait_for_selector("#judge-key-qr svg")
    judge_link = qr_link(host, "#judge-key-qr")  # the judge scans it now: it is shown this once
    host.click("#judge-key-done")
    assert "Jana" in host.inner_text("#tts-colours") and "Tom" in host.inner_text("#tts-colours")  # not "A", "B"
    host.click("#tts-make")  # the Tabletop Simulator panel: the table's object and its key's chat line
    host.wait_for_selector("#tts-result:not(.hidden)", timeout=5000)
    assert host.input_value("#tts-chat").startswith("!companion key ")
    for secret in HIDDEN:
        assert secret not in page_text(host)  # the host runs the table and sees nothing hidden
    shot(host, f"keys-table-host-{lang}")

    # The old key stops at once: its open stream ends with "revoked" and nothing after it, its phone says so.
    jana.wait_for_selector("[data-keys-stopped]", timeout=5000)
    deadline = time.monotonic() + 5
    while stream.ended is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert stream.ended is not None and stream.ended - renewed_at < 5, stream.text()[-300:]
    after = stream.text().split("event: revoked", 1)
    assert len(after) == 2 and "event: update" not in after[1] and "data: {}" in after[1]
    assert call(base, "GET", f"/games/{gid}/view", key=old_key)[0] == 401
    stream.conn.close()

    # The new link, opened from its QR code on another phone: Jana's table, her card and her chosen plot.
    new_jana = open_phone(browser, new_link.replace("http://localhost", server.url), lang)
    new_jana.wait_for_selector("#my-shadows li[data-position='1']", timeout=phones.WAIT)
    assert "Imp's Agent" in new_jana.inner_text("#my-shadows")
    _, view = call(base, "GET", f"/games/{gid}/view", key=new_link.split("#key=")[1])
    assert view["viewer"] == {"role": "seat", "seat": "A"}
    assert "Feast or Famine" in json.dumps(view)

    # The judge's phone, from the code: every seat's hidden cards (Jana's shadows and plot, Tom's shadows).
    judge = open_phone(browser, judge_link.replace("http://localhost", server.url), lang)
    judge.wait_for_selector("[data-shadows=A] li[data-position='1']", timeout=phones.WAIT)
    assert "The Imp's Agent" in judge.inner_text("[data-shadows=A]")
    assert "Meera Reed" in judge.inner_text("[data-shadows=B]")
    # Jana's plot, chosen face down and not yet revealed: the judge's phone reads which (no other phone does).
    judge.wait_for_selector("#round-box:has-text('Feast or Famine')", timeout=phones.WAIT)

    # Every phone and the spectator's page name each key that sees hidden cards, who made it, when.
    keys = notices(server, gid)
    at = {n["key"] if not n.get("seat") else "seat": local_time(n["at"]) for n in keys}
    assert set(at) == {"seat", "judge", "table"} and all(n["by"] == "host" for n in keys)
    for page, seat in ((tom, "seat"), (new_jana, "mine"), (spectator, "seat"), (judge, "seat")):
        # (The spectator's page has no key: it follows the game's public live stream.)
        deadline = time.monotonic() + 10
        while words["table"][:12] not in details(page):
            assert time.monotonic() < deadline, (page.url, details(page))
            page.wait_for_timeout(100)
        text = details(page)
        assert words[seat].format(t=at["seat"]) in text, text
        assert words["judge"].format(t=at["judge"]) in text and words["table"].format(t=at["table"]) in text, text
    assert more["spectator"] in line(spectator)
    assert more["seat"] in line(tom)
    shot(spectator, f"keys-table-spectator-{lang}")
    shot(tom, f"keys-table-opponent-{lang}")

    # Nothing hidden reached anyone but Jana, and her lost phone shows the notice, not her cards dimly behind it.
    for page in (tom, spectator):
        for secret in HIDDEN:
            assert secret not in page_text(page), (secret, page_text(page).split(secret)[0][-200:])
    shown = jana.inner_text("body")
    assert words["stopped"].format(t=at["seat"]) in shown
    assert "Imp's Agent" not in shown and "Feast or Famine" not in shown, shown
    shot(jana, f"keys-table-lost-phone-{lang}")
    # The lost phone turns up: the new link opened in the same tab (only the #fragment changes) opens her table.
    jana.goto(new_link.replace("http://localhost", server.url))
    jana.wait_for_selector("#my-shadows li[data-position='1']", timeout=phones.WAIT)
    assert jana.is_hidden("#keys-stopped") and "Imp's Agent" in jana.inner_text("#my-shadows")
    for p in (jana, tom, spectator, host, new_jana, judge):
        p.context.close()



def test_a_new_link_the_server_refuses_is_said_on_the_host_page(server: Server, browser: Any) -> None:
    """The host page kept on a phone whose host key no longer opens the game (say, a copy made before it was
    replaced): tapping "New link" says why nothing changed, instead of nothing at all."""
    g = mid_game(server)
    gid = g["game"]["id"]
    stale = {**g, "host": {**g["host"], "key": "x" * 32}}
    host = phones.phone(browser, locale="en-GB")
    host.add_init_script(f"localStorage.setItem('companion:host:{gid}', {json.dumps(json.dumps(stale))})")
    host.goto(f"{server.url}/g/{gid}/host")
    host.wait_for_selector("[data-reissue=A]", timeout=phones.WAIT)
    old_link = host.get_attribute("[data-seat=A] a", "href")
    said: list[str] = []

    def answer(dialog: Any) -> None:
        said.append(dialog.message)
        dialog.accept()

    host.on("dialog", answer)
    host.click("[data-reissue=A]")
    deadline = time.monotonic() + 5
    while len(said) < 2 and time.monotonic() < deadline:
        host.wait_for_timeout(50)
    assert len(said) == 2 and "does not open this game" in said[1], said  # the question, then the refusal
    assert host.get_attribute("[data-seat=A] a", "href") == old_link
    assert call(server.url + "/api", "GET", f"/games/{gid}/view", key=g["seats"][0]["key"])[0] == 200  # unchanged
    host.context.close()
