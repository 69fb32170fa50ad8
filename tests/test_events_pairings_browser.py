"""Players and the room see the round's pairings, in real Chromium on a real server (a judge's 8-player event: the
registration page said only "You have been paired", the old table page stayed on the old round, and the public
standings page read "No results yet" all round long). The player's registration page names the table, the seat and
the opponent as soon as the round is paired (read on its short poll, no reload); the public standings page shows the
round's clock and tables large enough for a projector (a laptop-size screenshot), then the standings once every
result is in; the phone still at a round-1 table names the round-2 table and where the seat's key is, and opens no
other seat. axe finds nothing serious or critical on either page, in English or German."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.axe import violations
from tests.phones import registered_on_phone
from tests.server import Server, call
from tests.test_browser import CHROMIUM, keep

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
WAIT = 30000  # the pages' polls: the registration page every 10 s, a decided table every 15 s
PHONE = {"viewport": {"width": 390, "height": 844}, "bypass_csp": True}  # axe is added inline
PROJECTOR = {"viewport": {"width": 1366, "height": 768}, "bypass_csp": True}


def test_the_player_and_the_room_see_the_round_s_pairings(server: Server, browser: Any) -> None:
    from tests.corpus.build import LANNISTER, STARK, decklist
    from tests.paper import claimed

    api = server.url + "/api"
    _, ev = call(api, "POST", "/event", {"name": "Pairings night", "date": "2026-11-27", "rounds": 3, "tables": 4})
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    for i, (name, faction, slots) in enumerate((("Ann", "lannister", LANNISTER), ("Ben", "stark", STARK),
                                                ("Cat", "lannister", LANNISTER))):
        status, out = call(api, "POST", f"/event/{eid}/players",
                           {"name": name, "decklist": decklist(name, faction, slots), "request_id": f"reg-{i:04d}"},
                           org)
        assert status == 201, out
        call(api, "POST", f"/event/{eid}/players/{out['player']['id']}/confirm", {}, org)
    errors: list[str] = []
    # Ned registers himself on his phone; the page keeps his registration key.
    ned = browser.new_context(**PHONE, locale="en-GB").new_page()
    ned.on("pageerror", lambda e: errors.append(str(e)))
    registered_on_phone(ned, server, eid, "Ned", decklist("Ned", "stark", STARK), org)
    assert ned.locator("#reg-table").is_hidden()

    # Round 1 paired: Ned's page names his table, seat and opponent on its own (no reload).
    status, r1 = call(api, "POST", f"/event/{eid}/rounds", {"csv": "1,Ann,Ned\n2,Ben,Cat"}, org)
    assert status == 201, r1
    ned.wait_for_selector("#reg-table:not(.hidden)", timeout=WAIT)
    assert ned.inner_text("#reg-table-where") == "Round 1: you play at table 1, seat B, against Ann."
    assert ned.inner_text("#reg-table-sheet").startswith("The seat sheet on table 1 opens your seat")
    assert violations(ned) == []
    keep(ned, "pairings-registration-table-en.png")
    ned.click("[data-lang-toggle]")
    ned.wait_for_function("document.getElementById('reg-table-where').textContent === "
                          "'Runde 1: Du spielst an Tisch 1, Sitz B, gegen Ann.'", timeout=WAIT)
    assert violations(ned) == []
    keep(ned, "pairings-registration-table-de.png")

    # The room: the public standings page on the projector shows the round's clock and its tables.
    assert call(api, "POST", f"/event/{eid}/rounds/1/clock", {}, org)[0] == 200
    wall = {}
    for lang, locale in (("en", "en-GB"), ("de", "de-DE")):
        page = browser.new_context(**PROJECTOR, locale=locale).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/e/{eid}/standings")
        page.wait_for_selector("#now:not(.hidden)", timeout=WAIT)
        wall[lang] = page
    en, de = wall["en"], wall["de"]
    assert en.text_content("#now-title") == "Round 1: pairings"
    assert de.text_content("#now-title") == "Runde 1: Paarungen"
    assert re.fullmatch(r"5[45]:\d\d", en.inner_text("#now-clock")), en.inner_text("#now-clock")
    rows = [r.split("\t")[:3] for r in en.locator("#now-tables tr").all_inner_texts()]
    assert rows == [["1", "Ann", "Ned"], ["2", "Ben", "Cat"]], rows
    # Large enough to read across the room: the table lines in at least 24 px type, the clock larger.
    size = en.evaluate("parseFloat(getComputedStyle(document.querySelector('#now-tables td')).fontSize)")
    clock = en.evaluate("parseFloat(getComputedStyle(document.getElementById('now-clock')).fontSize)")
    assert size >= 24 and clock >= 2 * size, (size, clock)
    assert en.get_attribute("#now-print", "href") == f"/e/{eid}/rounds/1/pairings.pdf?lang=en"
    assert de.get_attribute("#now-print", "href") == f"/e/{eid}/rounds/1/pairings.pdf?lang=de"
    for lang, page in wall.items():
        assert violations(page) == [], lang
        keep(page, f"pairings-projector-{lang}.png")
    html = en.content()
    for key in (org, judge, *(s["url"].split("#key=")[1] for t in r1["tables"] for s in t["seats"])):
        assert key not in html

    # Ned's phone at table 1; both results in: the wall shows the standings after round 1, no round in play.
    ned_key = claimed(next(s["url"] for s in r1["tables"][0]["seats"] if s["name"] == "Ned"), api)
    game1 = r1["tables"][0]["game"]
    table = browser.new_context(**PHONE, locale="en-GB").new_page()
    table.on("pageerror", lambda e: errors.append(str(e)))
    table.goto(f"{server.url}/g/{game1}#key={ned_key}")
    table.wait_for_selector("#event-box:not(.hidden)", timeout=WAIT)
    assert table.locator("#event-next").is_hidden()
    for t in r1["tables"]:
        assert call(api, "POST", f"/event/{eid}/games/{t['game']}/result", {"winner": "B", "ending": "victory"},
                    judge)[0] == 200
    en.reload()
    en.wait_for_selector("#standings tr[data-player]", timeout=WAIT)
    assert en.locator("#now").is_hidden()
    assert en.inner_text("#standings-after").lower() == "after round 1"

    # Round 2 paired: the old table page names the new table (on its own poll) and where the seat's key is.
    status, r2 = call(api, "POST", f"/event/{eid}/rounds", {"csv": "1,Ned,Cat\n2,Ann,Ben"}, org)
    assert status == 201, r2
    table.wait_for_selector("#event-next:not(.hidden)", timeout=WAIT)
    assert table.inner_text("#event-next").startswith(
        "Round 2 is paired: your table is now table 1 (seat A, against Cat). This page stays on round 1.")
    assert "scan the QR code of your seat sheet there" in table.inner_text("#event-next")
    assert f"/g/{game1}" in table.url and r2["tables"][0]["game"] not in table.content()
    assert violations(table) == []
    keep(table, "pairings-old-table-next-en.png")
    table.click("[data-lang-toggle]")
    table.wait_for_function("document.getElementById('event-next').textContent.startsWith('Runde 2 ist gepaart')",
                            timeout=WAIT)
    keep(table, "pairings-old-table-next-de.png")
    ned.wait_for_function("document.getElementById('reg-table-where').textContent === "
                          "'Runde 2: Du spielst an Tisch 1, Sitz A, gegen Cat.'", timeout=WAIT)
    en.reload()
    en.wait_for_selector("#now:not(.hidden)", timeout=WAIT)
    assert en.text_content("#now-title") == "Round 2: pairings"
    assert en.inner_text("#now-clock") == "clock not started"
    # The organiser's page links the latest round's pairings to print, in the page's language.
    organiser = browser.new_context(**PROJECTOR, locale="de-DE").new_page()
    organiser.goto(f"{server.url}/e/{eid}#key={org}")
    organiser.wait_for_function("document.getElementById('print-pairings').getAttribute('href').includes('/rounds/2/')",
                                timeout=WAIT)
    assert organiser.get_attribute("#print-pairings", "href") == f"/e/{eid}/rounds/2/pairings.pdf?lang=de"
    assert organiser.inner_text("#print-pairings") == "Paarungen zum Aushängen (PDF)"
    assert errors == []
