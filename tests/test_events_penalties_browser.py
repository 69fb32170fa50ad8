"""Penalties at a real event in real Chromium on a real server, at laptop size (1366×900): a penalty one judge gives
reaches another judge's open dashboard live, on the dashboard's one stream (no second stream, no reading of its
own); the organiser's page lists what the judges gave, per player across the rounds, in English and German."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.catalogs import fresh_catalog
from tests.decklists import as_text, real_deck
from tests.paper import claimed
from tests.server import Server, call
from tests.test_browser import CHROMIUM, SHOTS, keep

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
LAPTOP = {"viewport": {"width": 1366, "height": 900}, "bypass_csp": True}
# Published decks legal under the newest list (as the event walk registers them).
PLAYERS = {"Jürgen Weiß": "GT38", "Anna Müller": "WotN-1", "Lukas Schäfer": "WotN-2", "Sophie Groß": "SoD-1"}
NAMES = tuple(PLAYERS)


def _event(api: str) -> tuple[str, str, str, dict[str, tuple[str, str]]]:
    """An event of four players paired into round 1: its id, the organiser's and the judge's keys, and each
    player's (game, seat)."""
    catalog = fresh_catalog()
    status, ev = call(api, "POST", "/event", {"name": "Kieler Wintercup", "date": "2026-12-05", "rounds": 3,
                                               "tables": 4})
    assert status == 201, ev
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    for name in NAMES:
        player = {"name": name, "decklist": as_text(real_deck(PLAYERS[name]), catalog)}
        status, out = call(api, "POST", f"/event/{eid}/players", player, org)
        assert status == 201, out
        if out["needs_confirmation"]:
            call(api, "POST", f"/event/{eid}/players/{out['player']['id']}/confirm", {}, org)
    status, rnd = call(api, "POST", f"/event/{eid}/rounds", {"csv": "\n".join(
        f"{t + 1},{NAMES[2 * t]},{NAMES[2 * t + 1]}" for t in range(2))}, org)
    assert status == 201, rnd
    seats = {s["name"]: (t["game"], s["seat"]) for t in rnd["tables"] for s in t["seats"]}
    return eid, org, judge, seats


def _penalty(api: str, eid: str, judge: str, at: tuple[str, str], level: str, words: str) -> None:
    status, out = call(api, "POST", f"/event/{eid}/games/{at[0]}/rulings",
                       {"type": "penalty", "penalty": level, "seat": at[1], "text": words,
                        "request_id": f"pen-{level}-{at[0]}"[:64]}, judge)
    assert status == 201, out


def test_a_penalty_reaches_every_open_dashboard_live_and_the_organisers_page(server: Server, browser: Any) -> None:
    api = server.url + "/api"
    eid, org, judge, seats = _event(api)
    ctx = {lang: browser.new_context(**LAPTOP, locale="de-DE" if lang == "de" else "en-GB") for lang in ("en", "de")}
    asked: dict[str, list[str]] = {"head": [], "floor": []}
    pages = {}
    for who, lang in (("head", "en"), ("floor", "de")):
        page = ctx[lang].new_page()
        page.on("request", lambda r, who=who: asked[who].append(r.url))
        page.goto(f"{server.url}/e/{eid}/judge#key={judge}")
        page.wait_for_function("document.querySelectorAll('#tables tr[data-game]').length === 2")
        page.wait_for_function("document.querySelector('#live').textContent.trim().length > 1 && "
                               "document.querySelector('#penalties-by-player').innerText.trim()")
        pages[who] = page
    assert pages["head"].inner_text("#penalties-by-player") == "No penalty in this event so far."
    # The floor judge (another device, here the API with the judge's key) warns Jürgen: the head judge's open
    # dashboard shows it with the update the ruling's commit wakes, well within a second or two (it waited for a
    # read of its own, at most every 10 s).
    sent = time.monotonic()
    _penalty(api, eid, judge, seats["Jürgen Weiß"], "warning", "Zögern")
    for who, words in (("head", "Round 1 · table 1 · warning: Zögern"),
                       ("floor", "Runde 1 · Tisch 1 · Verwarnung: Zögern")):
        pages[who].wait_for_function(f"document.querySelector('#penalties-by-player').innerText.includes('{words}')",
                                     timeout=8000)
    assert time.monotonic() - sent < 8  # not the 10 s of a read of its own (a loaded machine is slow too)
    _penalty(api, eid, judge, seats["Sophie Groß"], "disqualification", "Absprache")
    pages["head"].wait_for_function("document.querySelector('#penalties-by-player').innerText.includes("
                                    "'disqualification recommended: Absprache')", timeout=5000)
    pages["floor"].wait_for_function("document.querySelector('#penalties-by-player').innerText.includes("
                                     "'Disqualifikation empfohlen: Absprache')", timeout=5000)
    # One stream per page, and no request of its own for the list.
    for who, urls in asked.items():
        streams = [u for u in urls if u.endswith(f"/api/event/{eid}/stream")]
        assert len(streams) == 1, (who, streams)
        assert not [u for u in urls if "/penalties" in u], (who, urls)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for who, lang in (("head", "en"), ("floor", "de")):
        pages[who].locator("#penalties-box").scroll_into_view_if_needed()
        keep(pages[who], f"penalties-dashboard-{lang}.png")
    # The organiser's page: the judges' penalties per player, in both languages, with whose decision a
    # disqualification is.
    for lang in ("en", "de"):
        page = ctx[lang].new_page()
        page.goto(f"{server.url}/e/{eid}#key={org}")
        page.wait_for_function("document.querySelector('#org-penalties .pen-player')")
        box = page.inner_text("#org-penalties-box")
        if lang == "en":
            assert "penalties per player" in box.lower() and "removing the player is your decision" in box, box
            assert "Jürgen Weiß (1)" in box and "Round 1 · table 1 · warning: Zögern" in box, box
            assert "Sophie Groß (1)" in box and "disqualification recommended: Absprache" in box, box
        else:
            assert "strafen je spieler" in box.lower(), box
            assert "entscheidest du" in box and "Runde 1 · Tisch 1 · Verwarnung: Zögern" in box, box
            assert "Disqualifikation empfohlen: Absprache" in box and "warning" not in box, box
        page.locator("#org-penalties-box").scroll_into_view_if_needed()
        keep(page, f"penalties-organiser-{lang}.png")
        # Nothing cut off or wider than the laptop's screen.
        assert page.evaluate("document.documentElement.scrollWidth") <= 1366


def test_a_table_gone_to_time_tells_the_judge_the_result_is_a_modified_win(server: Server, browser: Any) -> None:
    """Tournament Regulations › End of Round › Going to Time: the winner the judge enters at a table that went to
    time (the first player's choice at a tie to the end) gets a modified win; the result box says so first."""
    api = server.url + "/api"
    catalog = fresh_catalog()
    status, ev = call(api, "POST", "/event", {"name": "Zeitwertung", "rounds": 1, "tables": 2})
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    for name in ("Ann", "Ben"):
        status, out = call(api, "POST", f"/event/{eid}/players",
                           {"name": name, "decklist": as_text(real_deck("GT38"), catalog)}, org)
        assert status == 201, out
    status, rnd = call(api, "POST", f"/event/{eid}/rounds", {"csv": "1,Ann,Ben", "mode": "advisory"}, org)
    assert status == 201, rnd
    game, key = rnd["tables"][0]["game"], claimed(rnd["tables"][0]["seats"][0]["url"], api)
    page = browser.new_context(**LAPTOP, locale="en-GB").new_page()
    page.goto(f"{server.url}/e/{eid}/judge#key={judge}")
    page.click(f"button[data-open='{game}']")
    page.wait_for_selector("#table-panel:not(.hidden)")
    assert page.locator("#result-modified").is_hidden()  # the clock has not even started
    assert call(api, "POST", f"/event/{eid}/rounds/1/clock", {"seconds_ago": 55 * 60 + 5}, org)[0] == 200
    version = call(api, "GET", f"/games/{game}/view", key=key)[1]["version"]
    for phase in ("standing", "taxation"):
        status, out = call(api, "POST", f"/games/{game}/actions",
                           {"action": {"type": "begin_phase", "phase": phase}, "expected_version": version}, key)
        if status == 409:  # time was called in between
            version = out["error"]["details"]["version"]
            status, out = call(api, "POST", f"/games/{game}/actions",
                               {"action": {"type": "begin_phase", "phase": phase}, "expected_version": version}, key)
        assert status == 201, out
        version = out["version"]
    page.wait_for_selector("#result-modified:not(.hidden)", timeout=5000)
    # The open panel follows the table to its newest entry (it stayed at the moment it was opened: setup).
    page.wait_for_function("document.querySelector('#moment').innerText.includes('taxation phase')", timeout=5000)
    assert "modified win, 4 tournament points" in page.inner_text("#result-modified")
    page.locator("#result-modified").scroll_into_view_if_needed()
    keep(page, "judge-gone-to-time-en.png")
    page.click("[data-result='B']")
    page.wait_for_function(f"document.querySelector(\"#tables tr[data-game='{game}']\").innerText.includes("
                           "'Ben wins (modified win)')", timeout=5000)
    standings = call(api, "GET", f"/event/{eid}/standings")[1]["standings"]
    assert {s["name"]: (s["points"], s["modified_wins"]) for s in standings} == {"Ben": (4, 1), "Ann": (0, 0)}
