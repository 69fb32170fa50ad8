"""The organiser's and the judge's pages in real Chromium on a real server: legality shown and allowed,
a bulk paste's refused lines kept, the round clock's length set on the page, flags and rulings in words,
the ruling form showing only its type's fields, earlier rounds reachable, a finished round's clock
stopped; screenshots at 1366×900 in English and German."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.catalogs import fresh_catalog
from tests.paper import claimed, sheet_links
from tests.server import Server, call
from tests.test_browser import ARGS, CHROMIUM, PHONE, keep
from tests.test_events_record import _four_illegal_decks

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
LAPTOP = {"viewport": {"width": 1366, "height": 900}, "bypass_csp": True}  # wait_for_function evaluates strings


def test_organiser_and_judge_pages_show_legality_rulings_rounds_and_the_clock(server: Server) -> None:
    catalog = fresh_catalog()
    api = server.url + "/api"
    legal, illegal = _four_illegal_decks(catalog)
    status, ev = call(api, "POST", "/event", {"name": "Köln Store Championship", "date": "2026-11-28", "rounds": 3,
                                              "tables": 4, "format": "joust"})
    assert status == 201
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    for name, deck in [("Arya", legal), *illegal.items()]:
        assert call(api, "POST", f"/event/{eid}/players", {"name": name, "decklist": deck}, org)[0] == 201
    errors: list[str] = []
    browser = playwright.sync_playwright().start()
    try:
        b = browser.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        pages: dict[str, Any] = {}
        for locale, tag in (("en-GB", "en"), ("de-DE", "de")):
            page = b.new_context(**LAPTOP, locale=locale).new_page()
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            pages[tag] = page
        opage = pages["en"]
        opage.goto(ev["organiser"]["url"])
        opage.wait_for_selector("#ev-title:not(:empty)")
        assert opage.inner_text("#ev-legality") == "Joust · Standard v2.1 of 2026-07-01"
        # What registering does to the decklist ("the list is frozen" read as a closed player list).
        assert opage.inner_text("#register button[type=submit]") == "Register (freezes the decklist)"
        assert "4 not legal, 4 of them awaiting your decision" in opage.inner_text("#players-n")
        # A bulk paste: the refused line is named and stays until dismissed.
        opage.click("#bulk-box summary")
        opage.fill("#bulk", "Bran; " + legal + "\nHodor; not a decklist")
        opage.click("#bulk-register")
        opage.wait_for_function("document.querySelectorAll('#players > li').length === 6")
        # The list follows the event's live stream: the new player shows before the paste's last line is answered.
        opage.wait_for_selector("#bulk-refused:not(.hidden)")
        assert "line 2" in opage.inner_text("#bulk-refused-lines") and opage.locator("#bulk-refused").is_visible()
        opage.click("#bulk-box summary")
        opage.click("#players-box summary")
        ned = opage.locator("#players > li", has_text="Ned")
        assert "not legal" in ned.inner_text() and "More than one restricted card" in ned.inner_text()
        assert "✓" in opage.locator("#players > li", has_text="Arya").inner_text()
        # A round with decks not yet allowed is refused, naming the players.
        opage.fill("#pairings", "1,Arya,Ned\n2,Cat,Robb\n3,Sansa,Bran\n")
        opage.click("#make-round")
        opage.wait_for_selector("#ev-error:not(.hidden)")
        refusal = opage.inner_text("#ev-error")
        assert "Ned (deck not legal, not yet allowed)" in refusal and "Sansa" in refusal and "Arya" not in refusal
        keep(opage, "event-organiser-legality-en.png", full_page=True)
        de = pages["de"]
        de.goto(ev["organiser"]["url"])
        de.wait_for_selector("#ev-title:not(:empty)")
        assert de.inner_text("#ev-legality") == "Joust · Standard v2.1 vom 2026-07-01"
        assert de.inner_text("#register button[type=submit]") == "Anmelden (die Deckliste wird eingefroren)"
        de.click("#players-box summary")
        assert "nicht legal" in de.locator("#players > li", has_text="Cat").inner_text()
        assert "Das Zugdeck hat 54 Karten" in de.locator("#players > li", has_text="Cat").inner_text()
        keep(de, "event-organiser-legality-de.png", full_page=True)
        # Each deck allowed by the organiser (logged); then the round is made.
        opage.locator("#players > li", has_text="Ned").locator("[data-allow]").click()
        # The question names the list once and each problem on a line of its own (it ran them together, the
        # list named twice).
        asked = opage.inner_text(".sheet.confirm p").split("\n")
        assert asked[0] == "Ned's deck, checked against Standard v2.1:", asked
        assert [line.startswith("• ") for line in asked[1:-1]] == [True] * (len(asked) - 2) and len(asked) > 2, asked
        assert any("More than one restricted card" in line for line in asked), asked
        assert asked[-1].startswith("Let this deck play anyway?"), asked
        keep(opage, "event-organiser-allow-en.png")
        opage.click("[data-confirm=yes]")
        opage.wait_for_function("!document.querySelector('#players [data-allow]') || "
                              "document.querySelectorAll('#players [data-allow]').length === 3")
        opage.click("#allow-all")
        opage.click("[data-confirm=yes]")
        opage.wait_for_function("document.querySelector('#allow-all').classList.contains('hidden')")
        assert "allowed by the organiser" in opage.locator("#players > li", has_text="Ned").inner_text()
        opage.click("#make-round")
        opage.wait_for_selector("#round-out h3")
        seat_links = [a.get_attribute("href") for a in opage.locator("#round-out a").all()]
        # A short test round: its length is set on the page.
        opage.fill("#clock-minutes", "2")
        opage.click("#start-clock")
        opage.wait_for_function("document.querySelector('#rounds details[data-round=\"1\"] summary').textContent"
                              ".match(/ [12]:[0-5][0-9] /)")
        _, info = call(api, "GET", f"/event/{eid}", key=org)
        assert info["rounds"][0]["minutes"] == 2
        assert opage.locator("#print-sheets").is_disabled() and opage.locator("#sheets-judge-only").is_visible()
        # A move at table 1 naming a card Arya did not register: a deck-check flag in words.
        game1 = seat_links[0].split("/g/")[1].split("/")[0]
        key_a = claimed(seat_links[0], api)
        call(api, "POST", f"/games/{game1}/actions", {"action": {"type": "kneel", "card": "A.01001.9"},
                                                       "expected_version": 2}, key_a)
        card_name = catalog.get("01001").name  # type: ignore[union-attr]
        for tag, page in pages.items():
            page.goto(ev["judge"]["url"])
            page.wait_for_selector("#tables tr")
            page.wait_for_function("document.querySelector('#tables').innerText.includes('Ned')")
            text = page.inner_text("#tables")
            assert ("not legal" if tag == "en" else "nicht legal") in text and "✓" in text
            assert card_name in text and "A.01001.9" not in text and "seat:A" not in text
            assert page.inner_text("#ev-legality").startswith("Joust · Standard v2.1")
            assert page.inner_text("#fingerprint") == info["fingerprint"]
        judge_page = pages["en"]
        judge_page.check("#show-ids")  # ids only when the judge asks for them
        assert "A.01001.9" in judge_page.inner_text("#tables")
        judge_page.uncheck("#show-ids")
        # The ruling form shows only the fields its type needs.
        judge_page.click("[data-table='1'] [data-open]")
        judge_page.wait_for_selector("#table-panel:not(.hidden)")
        visible = {}
        for kind in ("note", "penalty", "time_extension", "correction"):
            judge_page.select_option("#ruling-type", kind)
            visible[kind] = {sel for sel in ("#ruling-seat", "#ruling-penalty", "#ruling-minutes")
                             if judge_page.locator(sel).is_visible()}
        assert visible == {"note": set(), "penalty": {"#ruling-seat", "#ruling-penalty"},
                           "time_extension": {"#ruling-minutes"}, "correction": set()}
        judge_page.select_option("#ruling-type", "penalty")
        judge_page.select_option("#ruling-seat", "B")
        judge_page.select_option("#ruling-penalty", "warning")
        judge_page.fill("#ruling-text", "Zögern")
        judge_page.click("#ruling-send")
        judge_page.wait_for_timeout(300)
        report = call(api, "GET", f"/event/{eid}/report", key=judge)[1]
        penalty = next(r for r in report["tables"] if r["table"] == 1)["penalties"][0]
        assert (penalty["seat"], penalty["player"], penalty["penalty"]) == ("B", "Ned", "warning")
        assert judge_page.locator("#reprint [data-reprint]").count() == 2
        keep(judge_page, "event-judge-panel-en.png", full_page=True)
        # Arya's sheet is lost mid-round: the judge reprints it; both phones and the dashboard show it.
        with judge_page.expect_download() as sheet:
            judge_page.click("#reprint [data-reprint='A']")
            judge_page.click("[data-confirm=yes]")
        assert sheet.value.suggested_filename == "seat-1-A.pdf"
        judge_page.wait_for_function("document.querySelector('#tables').innerText.includes('seat sheet printed again')")
        phone = b.new_context(**PHONE, locale="de-DE").new_page()
        phone.goto(seat_links[1])  # Ned, seat B of table 1: his key still works
        phone.wait_for_function("document.querySelector('#log') && document.querySelector('#log').innerText"
                                ".includes('Der Schiedsrichter hat ein neues Sitzblatt für Arya gedruckt')")
        keep(phone, "event-phone-reprint-de.png")
        # Arya's phone keeps her seat until the new sheet is opened; the phone that opens it takes the seat over.
        assert call(api, "GET", f"/games/{game1}/view", key=key_a)[0] == 200
        (new_link,) = sheet_links(Path(sheet.value.path()).read_bytes())
        new_key = claimed(new_link, api)
        assert call(api, "GET", f"/games/{game1}/view", key=key_a)[0] == 401
        assert call(api, "GET", f"/games/{game1}/view", key=new_key)[1]["viewer"]["seat"] == "A"
        pages["de"].click("[data-table='1'] [data-open]")
        pages["de"].wait_for_selector("#table-panel:not(.hidden)")
        pages["de"].select_option("#ruling-type", "penalty")
        keep(pages["de"], "event-judge-panel-de.png", full_page=True)
        # Every result in: the round's clock stops.
        for t in info["tables"]:
            assert call(api, "POST", f"/event/{eid}/games/{t['game']}/result", {"winner": "A"}, judge)[0] == 200
        judge_page.wait_for_function("document.querySelector('#clock').innerText === 'all results in'")
        pages["de"].wait_for_function("document.querySelector('#clock').innerText === 'alle Ergebnisse da'")
        # Round 2 starts; round 1 stays reachable from the dashboard.
        status, _ = call(api, "POST", f"/event/{eid}/rounds", {"csv": "1,Ned,Arya\n2,Robb,Cat\n3,Bran,Sansa\n"}, org)
        assert status == 201
        judge_page.wait_for_function("document.querySelectorAll('#round-pick option').length === 2")
        assert judge_page.input_value("#round-pick") == "2"
        judge_page.select_option("#round-pick", "1")
        judge_page.wait_for_function("document.querySelector('#ev-title').innerText.endsWith('round 1')")
        assert judge_page.locator("#tables tr").count() == 3 and "Arya wins" in judge_page.inner_text("#tables")
        keep(judge_page, "event-judge-round1-en.png", full_page=True)
        pages["de"].reload()
        pages["de"].wait_for_selector("#tables tr")
        keep(pages["de"], "event-judge-dashboard-de.png", full_page=True)
        # The report page: decks, results, flags and rulings in words, in both languages.
        for tag, page in pages.items():
            page.goto(f"{server.url}/e/{eid}/report#key={judge}")
            page.wait_for_selector("#report-rows tr")
            text = page.inner_text("#report-rows")
            assert ("warning · Ned" if tag == "en" else "Verwarnung · Ned") in text and "seat:" not in text
            assert ("not legal" if tag == "en" else "nicht legal") in text and card_name in text
            keep(page, f"event-report-{tag}-1366.png", full_page=True)
        # Refusals the pages show are expected (a refused paste line, a refused round: their 4xx, and the plain
        # Error the page's call() throws after showing them); anything else is a bug.
        expected = ("Failed to load resource", "Uncaught (in promise) Error:", "the decks of")
        unexpected = [e for e in errors if not any(x in e for x in expected)]
        assert not unexpected, errors
    finally:
        browser.stop()
    assert json.dumps(info)  # the organiser's answer was read
