"""What an organiser, a judge and the players noticed on an event night, in real Chromium on a real server: the
organiser's player list says plainly how many decks are not legal and how many still wait for a decision; the
confirmation sheet covers the page (a tap behind it cancels, it is never a tap on a hidden button) and names whose
deck it allows; a new round's clock starts from the round's own length, not from a 1-minute test clock typed for the
round before; the judge's reason box comes before the result buttons; a result the judge decided says so; a seat
sheet opened a second time no longer says it is opening the seat; a card set up into shadows reads "placed this
round", not "0 rounds"; the home page leads to events."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.catalogs import fresh_catalog
from tests.paper import claimed
from tests.server import Server, call
from tests.test_browser import CHROMIUM, PHONE, keep
from tests.test_events_record import _four_illegal_decks

playwright = pytest.importorskip("playwright.sync_api")
LAPTOP = {"viewport": {"width": 1366, "height": 900}, "bypass_csp": True}  # wait_for_function evaluates strings
WAIT = 20000


def test_the_home_page_leads_to_events(client: FlaskClient) -> None:
    for lang, words in (("en", "Run an event"), ("de", "Turnier veranstalten")):
        page = client.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
        assert 'id="to-events" href="/events/new"' in page and words in page, lang


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
def test_an_event_night_organiser_judge_and_phones(server: Server, browser: Any) -> None:
    api = server.url + "/api"
    legal, illegal = _four_illegal_decks(fresh_catalog())
    bad = list(illegal.values())
    status, ev = call(api, "POST", "/event", {"name": "Kieler Abend", "rounds": 3, "tables": 4, "format": "joust",
                                              "minutes": 55})
    assert status == 201, ev
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    for name, deck in (("Arya", legal), ("Ned", bad[0]), ("Cat", bad[1]), ("Bran", legal)):
        assert call(api, "POST", f"/event/{eid}/players", {"name": name, "decklist": deck}, org)[0] == 201
    errors: list[str] = []

    def watch(page: Any) -> Any:
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    page = watch(browser.new_context(**LAPTOP, locale="en-GB").new_page())
    page.goto(ev["organiser"]["url"])
    page.wait_for_selector("#ev-title:not(:empty)")
    # Two decks not legal, both waiting: said so (it read "2 not legal, 2 not yet allowed").
    assert page.inner_text("#players-n") == "4 registered · 2 not legal, 2 of them awaiting your decision"
    page.click("#players-box summary")
    page.locator("#players > li", has_text="Ned").locator("[data-allow]").click()
    page.wait_for_selector(".sheet.confirm")
    assert page.inner_text(".sheet.confirm p").startswith("Ned's deck, checked against ")
    # The page behind the question is covered: what lies under the list's own buttons is the cover (a tap on the
    # page went through to them, the question still open).
    box = page.locator("#players > li", has_text="Arya").locator("[data-remove]").bounding_box()
    point = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).hasAttribute('data-confirm-cover')", point)
    keep(page, "night-organiser-confirm-covers-en.png")
    page.mouse.click(*point)  # a tap behind it: cancel, and nobody removed
    page.wait_for_selector(".sheet.confirm", state="detached")
    assert page.locator("[data-confirm-cover]").count() == 0
    assert page.locator("#players > li", has_text="Arya").locator("[data-remove]").count() == 1
    assert "2 of them awaiting" in page.inner_text("#players-n")
    page.locator("#players > li", has_text="Ned").locator("[data-allow]").click()
    page.click("[data-confirm=yes]")
    page.wait_for_function("document.querySelector('#players-n').textContent.includes('1 of them awaiting')",
                           timeout=WAIT)
    page.click("#allow-all")
    page.click("[data-confirm=yes]")
    page.wait_for_function("document.querySelector('#players-n').textContent.endsWith('2 not legal, allowed by you')",
                           timeout=WAIT)
    de = watch(browser.new_context(**LAPTOP, locale="de-DE").new_page())
    de.goto(ev["organiser"]["url"])
    de.wait_for_selector("#ev-title:not(:empty)")
    assert de.inner_text("#players-n") == "4 angemeldet · 2 nicht legal, von dir zugelassen"
    de.context.close()
    # On a phone, the registration form's text field is a 44 px target (it was 43).
    phone = watch(browser.new_context(**PHONE, locale="en-GB").new_page())
    phone.goto(f"{server.url}/e/{eid}/register")
    phone.wait_for_selector("#reg-name", state="visible", timeout=WAIT)
    assert phone.locator("#reg-name").bounding_box()["height"] >= 44
    phone.context.close()

    # Round 1 with a 1-minute test clock; every result in; round 2 is paired on the same page.
    page.fill("#pairings", "1,Arya,Ned\n2,Cat,Bran\n")
    page.click("#make-round")
    page.wait_for_selector("#round-out h3", timeout=WAIT)
    links = [a.get_attribute("href") for a in page.locator("#round-out a").all()]
    page.wait_for_selector("#rounds details[data-round='1']", state="attached", timeout=WAIT)
    assert page.input_value("#clock-minutes") == "55"
    page.fill("#clock-minutes", "1")
    page.click("#start-clock")
    page.wait_for_function("(document.querySelector(\"#rounds details[data-round='1'] summary\") || "
                           "{textContent: ''}).textContent.includes(':')", timeout=WAIT)
    tables = [t for t in call(api, "GET", f"/event/{eid}", key=org)[1]["tables"] if t["round"] == 1]
    for t in tables:
        status, out = call(api, "POST", f"/event/{eid}/games/{t['game']}/result",
                           {"winner": "A", "reason": "15 power", "request_id": f"night-result-{t['table']}"}, judge)
        assert status in (200, 201), out
    page.click("#propose")
    page.wait_for_function("document.querySelector('#proposal-title').textContent.includes('2')", timeout=WAIT)
    page.click("#confirm-round")
    page.wait_for_selector("#rounds details[data-round='2']", state="attached", timeout=WAIT)
    # Round 2's clock is the round's 55 minutes, not round 1's test minute.
    page.wait_for_function("document.querySelector('#clock-minutes').value === '55'", timeout=WAIT)
    # A result the judge entered says it is the judge's, on the organiser's page.
    assert "decided by the judge" in page.inner_text("#rounds details[data-round='1']")

    # The judge's result panel: the reason box before the result buttons (it was below them, seen only after a click).
    jpage = watch(browser.new_context(**LAPTOP, locale="en-GB").new_page())
    jpage.goto(f"{server.url}/e/{eid}/judge#key={judge}")
    jpage.wait_for_selector("#ev-title:not(:empty)")
    jpage.select_option("#round-pick", "1")
    jpage.wait_for_selector(f"button[data-open='{tables[0]['game']}']", timeout=WAIT)
    jpage.click(f"button[data-open='{tables[0]['game']}']")
    jpage.wait_for_selector("#result-buttons button", timeout=WAIT)
    assert jpage.evaluate("document.querySelector('#result-reason').compareDocumentPosition("
                          "document.querySelector('#result-buttons')) & Node.DOCUMENT_POSITION_FOLLOWING")
    reason, buttons = jpage.locator("#result-reason").bounding_box(), jpage.locator("#result-buttons").bounding_box()
    assert reason["y"] + reason["height"] <= buttons["y"]
    keep(jpage, "night-judge-result-panel-en.png")
    assert "decided by the judge" in jpage.inner_text(f"tr[data-game='{tables[0]['game']}']")

    # A printed link opened a second time: refused, and the page's heading no longer says it is opening the seat.
    claimed(links[0], api)
    for locale, heading in (("en-GB", "Your seat did not open"), ("de-DE", "Dein Sitz wurde nicht geöffnet")):
        phone = watch(browser.new_context(**PHONE, locale=locale).new_page())
        phone.goto(links[0])
        phone.wait_for_selector("#join-refused:not(.hidden)", timeout=WAIT)
        assert phone.inner_text("header h1") == heading
        phone.context.close()
    assert errors == []


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
def test_a_card_set_up_into_shadows_reads_placed_this_round(server: Server, browser: Any) -> None:
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": ["A", "B"]})
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {"13089": 1}}, ka)[0] == 200
    status, out = call(base, "POST", f"/games/{gid}/actions",
                       {"action": {"type": "setup_into_shadows", "player": "A", "card": "A.13089.1"},
                        "expected_version": 1}, ka)
    assert status == 201, out
    for locale, words in (("en-GB", "Placed this round"), ("de-DE", "In dieser Runde gelegt")):
        page = browser.new_context(**PHONE, locale=locale).new_page()
        page.goto(g["seats"][0]["url"])
        page.wait_for_selector("#my-shadows li[data-position='1']", timeout=WAIT)
        text = page.inner_text("#my-shadows li[data-position='1']")
        assert words in text and "0 round" not in text and "0 Runden" not in text, text
        page.context.close()
