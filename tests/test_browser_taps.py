"""Every tap counts once and lands where it hits, while the other phone's moves redraw the round box under the finger:
a finger pressed on a button of the round box as a live update arrives, lifted after the box was drawn again, is one
tap on the button it was pressed on; a tap on an offer that the update took away is answered, never lost."""

from __future__ import annotations

from typing import Any

import pytest

from tests.phones import WAIT, phone, seat_phones
from tests.server import Server, call
from tests.test_browser import CHROMIUM

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

#: The version of the table a phone shows (its module's state), as a promise for page.evaluate.
VERSION = "import('/static/game.js').then(g => g.state ? g.state.version : -1)"


def game(base: str) -> dict[str, Any]:
    """Two seats with their decks: the round box offers each phone its own "Drew 7"."""
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Alice"}, {"seat": "B", "name": "Bob"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {"01091": 9}}, ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": {"01091": 9}}, kb)[0] == 200
    return g


def draws(base: str, g: dict[str, Any], seat: str) -> int:
    """How many draws the log holds for ``seat``."""
    entries = call(base, "GET", f"/games/{g['game']['id']}/log", key=g["seats"][0]["key"])[1]["entries"]
    return sum(1 for e in entries if e["data"].get("type", "").startswith("draw") and e["data"].get("player") == seat)


class Finger:
    """A finger on a phone's screen that stays down until lifted: the mouse's button, or a touch (sent as the phone's
    touch screen sends it, through Chromium's DevTools protocol: the page makes its own click of the tap)."""

    def __init__(self, page: Any, kind: str) -> None:
        self.page, self.kind = page, kind
        self.cdp = page.context.new_cdp_session(page) if kind == "touch" else None

    def press(self, selector: str) -> None:
        """Down on the middle of ``selector``."""
        self.page.wait_for_selector(selector, timeout=WAIT)
        box = self.page.locator(selector).bounding_box()
        assert box
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if self.cdp is None:
            self.page.mouse.move(x, y)
            self.page.mouse.down()
        else:
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})

    def lift(self) -> None:
        if self.cdp is None:
            self.page.mouse.up()
        else:
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def until(page: Any, expression: str) -> None:
    """Wait until ``expression`` (a promise, say of the page's module) is true."""
    for _ in range(WAIT // 50):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(50)
    raise AssertionError(expression)


def redrawn(page: Any, before: int) -> None:
    """Wait until ``page`` has taken a table newer than version ``before`` (a live update is drawn as it comes)."""
    until(page, f"{VERSION}.then(v => v > {before})")
    page.wait_for_timeout(100)


def held_while_other_taps(held: Any, other: Any, kind: str, pressed: str, tapped: str) -> None:
    """A finger goes down on ``pressed`` on ``held``; ``other`` taps ``tapped``; once ``held`` has drawn the newer
    version, the finger is lifted."""
    before = held.evaluate(VERSION)
    finger = Finger(held, kind)
    finger.press(pressed)
    other.click(tapped, timeout=WAIT)
    redrawn(held, before)
    finger.lift()


@pytest.mark.parametrize("kind", ["mouse", "touch"])
def test_a_tap_pressed_as_the_other_phones_move_redraws_the_box_counts_once(server: Server, browser: Any,
                                                                           kind: str) -> None:
    """Alice's finger is on her "Drew 7" when Bob's draw arrives and the round box is drawn again; she lifts it:
    her draw is recorded, once."""
    base = server.url + "/api"
    g = game(base)
    a, b = seat_phones(browser, server, g)
    for page in (a, b):
        page.wait_for_selector("#live.on", timeout=WAIT)
    held_while_other_taps(a, b, kind, "#round-box [data-offer^='draw:']", "#round-box [data-offer^='draw:']")
    until(a, "import('/static/game.js').then(g => g.state.players.every(p => p.hand.count === 7))")
    a.wait_for_timeout(500)  # a second draw would have been sent by now
    assert (draws(base, g, "A"), draws(base, g, "B")) == (1, 1)
    assert a.locator("#flags .flag").count() == 0, a.inner_text("#flags")
    for page in (a, b):
        page.context.close()


@pytest.mark.parametrize("kind", ["mouse", "touch"])
def test_a_tap_on_an_offer_the_update_took_away_is_answered_not_lost(server: Server, browser: Any, kind: str) -> None:
    """Alice's table is open on two phones. Her finger is on "Drew 7" on one when the other records her draw: the
    offer is gone once she lifts it. The tap is not sent (she drew once) and the phone says why."""
    base = server.url + "/api"
    g = game(base)
    a = seat_phones(browser, server, g)[0]
    again = phone(browser, g["seats"][0]["url"], server=server)
    for page in (a, again):
        page.wait_for_selector("#live.on", timeout=WAIT)
    held_while_other_taps(a, again, kind, "#round-box [data-offer^='draw:']", "#round-box [data-offer^='draw:']")
    a.wait_for_selector("#flags [data-flag=info]", timeout=WAIT)
    assert "no longer offered" in a.inner_text("#flags")
    a.wait_for_timeout(500)
    assert draws(base, g, "A") == 1
    a.wait_for_selector("#round-box [data-offer^='draw:']", state="detached", timeout=WAIT)  # the new box, drawn
    for page in (a, again):
        page.context.close()


@pytest.mark.parametrize("kind", ["mouse", "touch"])
def test_next_pressed_as_the_other_phone_goes_on_does_not_go_on_twice(server: Server, browser: Any, kind: str) -> None:
    """Bob's finger is on "Next: plot phase" when Alice's "Next" arrives; the button now says "Next: draw phase".
    Bob lifts his finger: his tap was for the plot phase, which has begun, so it is answered and not sent (it went
    on to the draw phase, a phase nobody meant to begin)."""
    base = server.url + "/api"
    g = game(base)
    a, b = seat_phones(browser, server, g)
    for page in (a, b):
        page.wait_for_selector("#live.on", timeout=WAIT)
        page.wait_for_selector("#step[data-step=next-step]:not([disabled])", timeout=WAIT)
    held_while_other_taps(b, a, kind, "#step", "#step[data-step=next-step]")
    b.wait_for_timeout(1000)  # Bob's tap, had it been sent, is recorded by now
    entries = call(base, "GET", f"/games/{g['game']['id']}/log", key=g["seats"][0]["key"])[1]["entries"]
    assert [e["data"]["phase"] for e in entries if e["data"].get("type") == "begin_phase"] == ["plot"]
    b.wait_for_selector("#flags [data-flag=info]", timeout=WAIT)
    assert "no longer offered" in b.inner_text("#flags")
    for page in (a, b):
        page.context.close()


def test_a_tap_not_sent_is_said_in_german_as_a_notice_not_as_a_success(server: Server, browser: Any) -> None:
    """Found at a German table: Bob's finger on "Weiter: Intrigenphase" as Alice's phone went on; his phone said
    "Nicht gesendet: …" in the green box of a move recorded well. A tap not sent is a notice (amber), in German."""
    base = server.url + "/api"
    g = game(base)
    a, b = seat_phones(browser, server, g, ("de-DE", "de-DE"))
    for page in (a, b):
        page.wait_for_selector("#live.on", timeout=WAIT)
        page.wait_for_selector("#step[data-step=next-step]:not([disabled])", timeout=WAIT)
    held_while_other_taps(b, a, "mouse", "#step", "#step[data-step=next-step]")
    flag = b.wait_for_selector("#flags [data-flag=info]", timeout=WAIT)
    said = flag.inner_text()
    assert said.startswith("Nicht gesendet: ") and "„Weiter: Intrigenphase“ wird nicht mehr angeboten" in said, said
    assert "ok" not in (flag.get_attribute("class") or "").split()
    colour = flag.evaluate("f => getComputedStyle(f).borderTopColor")
    green = b.evaluate("() => { const e = document.createElement('div'); e.style.color = 'var(--good)'; "
                       "document.body.append(e); const c = getComputedStyle(e).color; e.remove(); return c; }")
    assert colour != green, colour
    for page in (a, b):
        page.context.close()
