"""What a judge running a real event still tripped on at the tables, in real Chromium: going to time at a table that
never recorded power, and a result one player reported that waits for the other's confirmation."""

from __future__ import annotations

from typing import Any

import pytest

from tests.axe import at_sizes, described
from tests.decklists import as_text, real_decks
from tests.phones import WAIT, settled
from tests.server import Server, call
from tests.test_browser import CHROMIUM, keep
from tests.test_events import regular_draws
from tests.test_events_browser import LAPTOP, ann_against_ben

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


def act(api: str, gid: str, key: str, action: dict[str, Any]) -> None:
    """One move at the table's version now (once more at the version a 409 names: the server's clock may call time
    in between)."""
    _, view = call(api, "GET", f"/games/{gid}/view", key=key)
    status, out = call(api, "POST", f"/games/{gid}/actions", {"action": action, "expected_version": view["version"]},
                       key)
    if status == 409:
        status, out = call(api, "POST", f"/games/{gid}/actions",
                           {"action": action, "expected_version": out["error"]["details"]["version"]}, key)
    assert status == 201, out


def judge_at(browser: Any, server: Server, eid: str, judge: str, gid: str, lang: str) -> Any:
    """The judge's dashboard in ``lang``, the table's panel open."""
    page = browser.new_context(**LAPTOP, locale=lang).new_page()
    page.goto(f"{server.url}/e/{eid}/judge#key={judge}")
    page.wait_for_selector(f"button[data-open='{gid}']", timeout=WAIT)
    page.click(f"button[data-open='{gid}']")
    page.wait_for_selector("#table-panel:not(.hidden)", timeout=WAIT)
    return page


def test_going_to_time_asks_the_judge_for_power_nobody_recorded(server: Server, browser: Any) -> None:
    """A judge's event: the players kept their power off the phones (they said 11 and 9). The calculator read "fewest
    power needed to win: Emma 15 (tracked), David 15 (tracked)", asked for the draw decks alone and named the wrong
    winner. Now it asks for both players' power, says it is not tracked, and decides on what was entered, marked
    as entered; in English and German."""
    from tests.catalogs import fresh_catalog

    catalog = fresh_catalog()
    api = server.url + "/api"
    deck = next(as_text(d, catalog) for d in real_decks() if catalog.get(d["cards"][0]["code"]).edition == "2e")  # type: ignore[union-attr]
    eid, org, judge, gid, ka, kb = ann_against_ben(api, "Untracked power", deck)
    for seat, key in (("A", ka), ("B", kb)):  # the draws are recorded: the draw decks are tracked (and tie)
        for action in regular_draws(catalog, deck, seat, 9):
            act(api, gid, key, action)
    for phase in ("plot", "draw", "marshaling", "challenges", "dominance"):
        act(api, gid, ka, {"type": "begin_phase", "phase": phase})
    assert call(api, "POST", f"/event/{eid}/rounds/1/clock", {"seconds_ago": 55 * 60 + 5}, org)[0] == 200
    for phase in ("standing", "taxation"):
        act(api, gid, ka, {"type": "begin_phase", "phase": phase})
    for lang, says, counted, wins in (("en-GB", "Power is not tracked", "as the players say", "Ann"),
                                      ("de-DE", "Die Macht ist nicht erfasst", "laut den Spielern", "Ann")):
        page = judge_at(browser, server, eid, judge, gid, lang)
        page.click("#gtt")
        page.wait_for_selector("#gtt-power-A", timeout=WAIT)
        settled(page)
        out = page.inner_text("#gtt-out")
        assert says in out, out
        assert page.locator(".gtt-winner").count() == 0 and page.locator("#gtt-deck-A").count() == 0  # decks tracked
        found = at_sizes(page)
        assert not any(found.values()), {size: described(v) for size, v in found.items()}
        keep(page, f"event-judge-going-to-time-power-{lang[:2]}.png")
        page.fill("#gtt-power-A", "11")
        page.fill("#gtt-power-B", "9")
        page.click("#gtt-count")
        page.wait_for_selector(".gtt-winner", timeout=WAIT)
        assert wins in page.inner_text(".gtt-winner")
        power_line = page.inner_text("#gtt-out li[data-step=power_needed]")
        assert "4" in power_line and "6" in power_line and counted in power_line, power_line
        page.context.close()
    # Nothing was set on a guess meanwhile: the table's result waits for the judge.
    assert call(api, "GET", f"/event-tables/{gid}", key=ka)[1]["result"] is None


def test_a_half_reported_table_says_so_on_the_judges_row(server: Server, browser: Any) -> None:
    """A judge's event: one player reported "Hanna wins" and waited for the other's confirmation; the dashboard row
    showed nothing (only the table panel's log said "#7 result reported"). The row says who reported what and whose
    confirmation it waits for, in English and German, and the agreed result replaces it."""
    from tests.catalogs import fresh_catalog

    catalog = fresh_catalog()
    api = server.url + "/api"
    deck = next(as_text(d, catalog) for d in real_decks() if catalog.get(d["cards"][0]["code"]).edition == "2e")  # type: ignore[union-attr]
    eid, _, judge, gid, ka, kb = ann_against_ben(api, "Half reported", deck)
    claim = {"winner": "A", "ending": "victory"}
    status, out = call(api, "POST", f"/event-tables/{gid}/report", {**claim, "request_id": "half-0001"}, ka)
    assert status == 201 and out["status"] == "waiting", out
    _, board = call(api, "GET", f"/event/{eid}/dashboard", key=judge)
    assert board["tables"][0]["reported"]["waits_for_name"] == "Ben", board["tables"][0]
    pages = {}
    for lang, words in (("en-GB", "Ann reported: Ann wins (victory condition); waiting for Ben to confirm"),
                        ("de-DE", "wartet auf die Bestätigung von Ben")):
        page = browser.new_context(**LAPTOP, locale=lang).new_page()
        page.goto(f"{server.url}/e/{eid}/judge#key={judge}")
        page.wait_for_selector(f"#tables tr[data-game='{gid}'] .reported", timeout=WAIT)
        settled(page)
        row = page.inner_text(f"#tables tr[data-game='{gid}']")
        assert words in row, row
        found = at_sizes(page)
        assert not any(found.values()), {size: described(v) for size, v in found.items()}
        keep(page, f"event-judge-half-reported-{lang[:2]}.png")
        pages[lang] = page
    # Ben confirms: the live row shows the agreed result, and the waiting line is gone.
    status, out = call(api, "POST", f"/event-tables/{gid}/report", {**claim, "request_id": "half-0002"}, kb)
    assert status == 201 and out["status"] == "agreed", out
    for page in pages.values():
        page.wait_for_function(f"!document.querySelector(\"#tables tr[data-game='{gid}'] .reported\")", timeout=WAIT)
        page.context.close()


def test_the_registration_page_tells_the_player_the_organisers_decisions(server: Server, browser: Any) -> None:
    """A judge's event: a deck the organiser allowed still read "⚠ Your deck is not legal … the organiser may still
    allow this one"; a dropped player's page did not mention the drop; a late player was not told of the round they
    missed (an unpaired loss). Each is said on the player's own registration page, in English and German."""
    from tests.catalogs import fresh_catalog
    from tests.test_events_record import _four_illegal_decks

    catalog = fresh_catalog()
    api = server.url + "/api"
    legal, illegal = _four_illegal_decks(catalog)
    _, ev = call(api, "POST", "/event", {"name": "Decisions", "rounds": 3, "tables": 4})
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    keys, ids = {}, {}
    for i, (name, deck) in enumerate((("Ann", next(iter(illegal.values()))), ("Ben", legal), ("Cy", legal),
                                      ("Di", legal))):
        status, out = call(api, "POST", f"/event/{eid}/registration", {"name": name, "decklist": deck,
                                                                       "request_id": f"self-{i:04d}"})
        assert status == 201, out
        keys[name], ids[name] = out["key"], out["player"]["id"]
    assert call(api, "POST", f"/event/{eid}/players/{ids['Ann']}/confirm", {}, org)[0] == 200  # Ann's deck allowed
    status, out = call(api, "POST", f"/event/{eid}/rounds", {"csv": "1,Ann,Ben\n2,Cy,Di"}, org)
    assert status == 201, out
    status, out = call(api, "POST", f"/event/{eid}/registration", {"name": "Eve", "decklist": legal,
                                                                   "request_id": "self-late"})
    assert status == 201, out  # Eve comes late: round 1 is paired already
    keys["Eve"] = out["key"]
    assert call(api, "POST", f"/event/{eid}/players/{ids['Di']}/drop", {}, org)[0] == 200  # Di leaves after round 1
    expected = {
        "en-GB": {"Ann": "the organiser allowed it", "Di": "You have left the event after round 1",
                  "Eve": "Rounds you were not paired in: 1; each counts as an unpaired loss"},
        "de-DE": {"Ann": "die Turnierleitung hat es zugelassen", "Di": "Du hast das Turnier nach Runde 1 verlassen",
                  "Eve": "Runden, in denen du nicht gepaart warst: 1; jede zählt als Niederlage ohne Gegner"}}
    for lang, says in expected.items():
        for name, words in says.items():
            page = browser.new_context(**LAPTOP, locale=lang).new_page()
            page.goto(f"{server.url}/e/{eid}/register")
            page.evaluate("([store, key]) => localStorage.setItem(store, key)",  # the phone that registered
                          [f"companion:register:{eid}", keys[name]])
            page.reload()
            page.wait_for_selector("#reg-mine:not(.hidden)", timeout=WAIT)
            settled(page)
            mine = page.inner_text("#reg-mine")
            assert words in mine, (lang, name, mine)
            if name == "Ann":
                assert "✓" in page.inner_text("#reg-legal") and page.get_attribute("#reg-legal", "class") == "deck-ok"
                assert "may still allow" not in mine and "noch zulassen" not in mine
            if name == "Eve":
                found = at_sizes(page)
                assert not any(found.values()), {size: described(v) for size, v in found.items()}
            keep(page, f"event-register-decision-{name.lower()}-{lang[:2]}.png")
            page.context.close()
