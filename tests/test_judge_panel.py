"""The judge's table panel opens on a table with cards in play (it threw on `c.card.name` before)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.catalog.decks import parse_deck
from companion.catalog.store import Catalog
from tests.decklists import as_text, real_decks
from tests.paper import claimed
from tests.server import Server, call
from tests.test_browser import ARGS, CHROMIUM

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
LAPTOP = {"viewport": {"width": 1366, "height": 900}, "bypass_csp": True}


def test_the_panel_opens_with_cards_in_play(server: Server) -> None:
    catalog = Catalog.in_memory()
    api = server.url + "/api"
    deck = next(as_text(d, catalog) for d in real_decks() if catalog.get(d["cards"][0]["code"]).edition == "2e")  # type: ignore[union-attr]
    parsed = parse_deck("Ann", deck, catalog)
    cheap = next(c for c in parsed.draw if catalog.get(c).type == "character"  # type: ignore[union-attr]
                 and (catalog.get(c).cost or 0) <= 4)  # type: ignore[union-attr]
    _, ev = call(api, "POST", "/event", {"name": "Panel", "rounds": 1, "tables": 1})
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    for name in ("Ann", "Ben"):
        status, out = call(api, "POST", f"/event/{eid}/players", {"name": name, "decklist": deck}, org)
        assert status == 201, out
        if out["needs_confirmation"]:  # a real deck the newest restricted list refuses: the organiser allows it
            assert call(api, "POST", f"/event/{eid}/players/{out['player']['id']}/confirm", {}, org)[0] == 200
    _, rnd = call(api, "POST", f"/event/{eid}/rounds", {"csv": "1,Ann,Ben", "mode": "advisory"}, org)
    table = rnd["tables"][0]
    gid, ka = table["game"], claimed(table["seats"][0]["url"], api)
    status, out = call(api, "POST", f"/games/{gid}/actions",
                       {"action": {"type": "setup_place", "player": "A", "card": f"A.{cheap}.1"},
                        "expected_version": 3}, ka)  # the two decks, and seat A's phone taking its key
    assert status == 201, out
    assert call(api, "POST", f"/games/{gid}/actions", {"action": {"type": "reveal_setup"},
                                                       "expected_version": 4}, ka)[0] == 201
    name = catalog.get(cheap).name  # type: ignore[union-attr]

    errors: list[str] = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        page: Any = browser.new_context(**LAPTOP).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.goto(f"{server.url}/e/{eid}/judge#key={judge}")
        page.click(f"button[data-open='{gid}']")
        page.wait_for_selector("#table-panel:not(.hidden)", timeout=5000)
        assert name in page.inner_text("#moment")  # the card in play, by name
        assert page.is_visible("#scrub") and page.is_visible("#gtt") and page.is_visible("[data-result=A]")
        browser.close()
    assert errors == []


def test_the_panel_shows_what_an_attachment_lies_on(server: Server) -> None:
    """The corpus event's first table at the end of round 1: Milk of the Poppy lies on Tyrion."""
    from tests.corpus.load import Replay

    replay = Replay(server.url, "event-2e")
    # Round 2 is paired from the server's proposal: stop before it is asked for.
    second = next(i for i, s in enumerate(replay.steps) if s.get("path", "").endswith("/rounds/propose"))
    replay.run(until=second)  # round 2 not paired yet: the dashboard shows round 1
    errors: list[str] = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        page: Any = browser.new_context(**LAPTOP, locale="de-DE").new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/e/{replay.ids['e']}/judge#key={replay.keys['judge']}")
        page.click(f"button[data-open='{replay.ids['r1t1']}']")
        page.wait_for_selector("#table-panel:not(.hidden)", timeout=5000)
        assert "Milk of the Poppy (an Tyrion Lannister)" in page.inner_text("#moment")
        # Going to time asked at this table; another table opened: its panel shows no answer of the first.
        page.click("#gtt")
        page.wait_for_selector("#gtt-out li", timeout=5000)
        page.click(f"button[data-open='{replay.ids['r1t2']}']")
        page.wait_for_function("document.querySelector('#panel-title').textContent.includes('Cat')", timeout=5000)
        assert page.inner_text("#gtt-out") == ""
        browser.close()
    assert errors == []
