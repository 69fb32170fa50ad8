"""A reprinted seat sheet (a judge's report from a real event): the phone that took the seat with it is not warned that
"the phone that opens it takes your seat", in English and German, in real Chromium on a real server; the seat's other
phone is warned until the sheet is opened, and the other seat's phone reads that it was opened."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.catalogs import fresh_catalog
from tests.paper import claimed, sheet_links
from tests.server import Server, call
from tests.test_browser import CHROMIUM, PHONE, keep
from tests.test_events import two_e_decks

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


def test_the_phone_that_opens_a_reprinted_sheet_is_not_warned_about_it(server: Server, browser: Any) -> None:
    api = server.url + "/api"
    status, ev = call(api, "POST", "/event", {"name": "Kiel", "rounds": 3, "tables": 4})
    assert status == 201
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    decks = two_e_decks(fresh_catalog())
    for i, name in enumerate(("Arya", "Ned")):
        status, out = call(api, "POST", f"/event/{eid}/players", {"name": name, "decklist": decks[i]}, org)
        assert status == 201, out
        call(api, "POST", f"/event/{eid}/players/{out['player']['id']}/confirm", {}, org)
    status, rnd = call(api, "POST", f"/event/{eid}/rounds", {"csv": "1,Arya,Ned"}, org)
    assert status == 201, rnd
    game = rnd["tables"][0]["game"]
    old_a, key_b = (claimed(s["url"], api) for s in rnd["tables"][0]["seats"])
    req = urllib.request.Request(f"{api}/event/{eid}/rounds/1/sheets", method="POST",
                                 data=json.dumps({"confirm": True, "table": 1, "seat": "A"}).encode(),
                                 headers={"Content-Type": "application/json", "Authorization": "Bearer " + judge})
    with urllib.request.urlopen(req, timeout=30) as r:
        (new_link,) = sheet_links(r.read())
    # Arya's old phone is warned: whoever opens the new sheet takes her seat.
    old = browser.new_context(**PHONE, locale="en-GB").new_page()
    old.goto(f"{server.url}/g/{game}#key={old_a}")
    old.wait_for_selector("[data-keys-news]")
    assert "the phone that opens it takes your seat" in old.inner_text("[data-keys-news]")
    # Her new phone opens the new sheet: it holds the seat, and is not told that the phone that opens it takes it.
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    page.goto(new_link.replace("http://localhost:8787", server.url).replace("http://localhost", server.url))
    page.wait_for_selector("#who-sees:not(.hidden)")
    assert call(api, "GET", f"/games/{game}/view", key=old_a)[0] == 401  # the seat is this phone's now
    page.wait_for_timeout(300)
    assert page.locator("[data-keys-news]").count() == 0, page.inner_text("[data-keys-news]")
    page.click("#who-sees summary")
    assert "This phone took your seat at" in page.inner_text("#who-sees")
    keep(page, "event-phone-took-seat-en.png")
    page.click("[data-lang-toggle]")
    assert "Dieses Handy hat deinen Sitz um" in page.inner_text("#who-sees")
    assert page.locator("[data-keys-news]").count() == 0
    keep(page, "event-phone-took-seat-de.png")
    # Ned's phone is told the sheet was opened, and whose seat it is now.
    other = browser.new_context(**PHONE, locale="en-GB").new_page()
    other.goto(f"{server.url}/g/{game}#key={key_b}")
    other.wait_for_selector("[data-keys-news]")
    assert "A new seat sheet for Arya was printed at" in other.inner_text("[data-keys-news]")
    assert "and opened at" in other.inner_text("[data-keys-news]")
