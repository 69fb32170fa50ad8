"""An organiser or judge who loses the link must not lose the event (a judge's report from a real 8-player event), in
real Chromium on a real server: the creation page shows each link in full with a Copy button, a file to save and a
page to print, and says what each is for; the device that opened a key keeps it for that event (a new tab or a
restart opens the page; the address bar never holds it) until "Forget" is tapped; a page opened without a usable key
says so at the top in event words, in the page's language, and how to get back in; a key issued anew from the
command line stops the old one on the device that held it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from companion.cli import main
from tests import axe
from tests.server import Server
from tests.test_browser import CHROMIUM, keep

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
LAPTOP = {"viewport": {"width": 1366, "height": 900}, "bypass_csp": True}  # axe is added inline
STORED = "() => JSON.stringify({...localStorage}) + JSON.stringify({...sessionStorage})"


def watched(page: Any, seen: list[str]) -> Any:
    """The page, every URL it asks for noted in ``seen`` (a key must never be in one)."""
    page.on("request", lambda r: seen.append(r.url))
    page.on("pageerror", lambda e: seen.append("pageerror: " + str(e)))
    return page


def test_the_links_are_shown_whole_kept_on_the_device_and_a_page_without_a_key_says_how_to_get_back_in(
        server: Server, browser: Any) -> None:
    asked: list[str] = []
    context = browser.new_context(**LAPTOP, locale="en-GB")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    new = watched(context.new_page(), asked)
    new.goto(server.url + "/events/new")
    new.wait_for_selector("#ev-name")
    new.fill("#ev-name", "Kiel Store Championship")
    new.click("#new-event button[type=submit]")
    new.wait_for_selector("#ev-created:not(.hidden)")
    org_url, judge_url = new.inner_text("#ev-organiser-url"), new.inner_text("#ev-judge-url")
    eid = org_url.split("/e/", 1)[1].split("#", 1)[0]
    assert org_url == f"{server.url}/e/{eid}#key=" + org_url.split("#key=", 1)[1]
    assert judge_url.startswith(f"{server.url}/e/{eid}/judge#key=")
    org, judge = org_url.split("#key=", 1)[1], judge_url.split("#key=", 1)[1]
    created = new.inner_text("#ev-created")
    assert "players, rounds, the clock and the seat sheets" in created  # what each link is for, plainly
    assert "every table's hidden cards" in created and f"companion event keys {eid} --new organiser" in created
    new.click("#ev-organiser-copy")
    new.wait_for_function("document.querySelector('#ev-links-status').innerText === 'Copied'")
    assert new.evaluate("navigator.clipboard.readText()") == org_url
    new.click("#ev-judge-copy")
    new.wait_for_function("navigator.clipboard.readText().then(t => t.includes('/judge#key='))")
    # A page over plain http on a LAN address has no clipboard: the link is selected and copied as a person would.
    new.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    new.click("#ev-organiser-copy")
    assert new.evaluate("getSelection().toString()") == org_url
    assert new.inner_text("#ev-links-status") in ("Copied", "This browser did not copy it: select the link and copy "
                                                  "it by hand.")
    with new.expect_download() as saved:
        new.click("#ev-links-save")
    text = Path(saved.value.path()).read_text(encoding="utf-8")
    assert saved.value.suggested_filename == f"event-{eid}-links.txt"
    assert org_url in text and judge_url in text and "Kiel Store Championship" in text
    new.evaluate("window.print = () => { window.printed = true; }")
    new.click("#ev-links-print")
    assert new.evaluate("window.printed") is True
    assert axe.violations(new) == []
    keep(new, "event-links-en.png", full_page=True)
    new.click("[data-lang-toggle]")
    assert "Spieler, Runden, die Uhr und die Sitzblätter" in new.inner_text("#ev-created")
    assert f"companion event keys {eid} --new organiser" in new.inner_text("#ev-created")
    assert axe.violations(new) == []
    keep(new, "event-links-de.png", full_page=True)
    new.click("[data-lang-toggle]")

    # The organiser opens the link: the key leaves the address bar and stays on this device for this event.
    page = watched(context.new_page(), asked)
    page.goto(org_url)
    page.wait_for_selector("#ev-title:not(:empty)")
    assert page.url == f"{server.url}/e/{eid}" and page.locator("#ev-nokey").is_hidden()
    bookmark = page.url
    page.close()
    again = watched(context.new_page(), asked)  # a new tab, or the browser started again: the bookmark opens it
    again.goto(bookmark)
    again.wait_for_selector("#ev-title:not(:empty)")
    assert again.locator("#ev-keyline").is_visible()
    # The judge's page on the organiser's device without the judge's link: it says so, at the top, in event words.
    again.goto(f"{server.url}/e/{eid}/judge")
    again.wait_for_selector("#ev-nokey:not(.hidden)")
    words = again.text_content("#ev-nokey")
    assert "This device holds no judge's key for this event" in words
    assert f"companion event keys {eid} --new judge" in words
    assert not any(w in words.lower() for w in ("game", "host")), words
    assert again.locator("#ev-nokey").bounding_box()["y"] < 150  # first under the heading: no empty dashboard
    assert again.locator("#tables-box").is_hidden() and again.locator("#ev-keyline").is_hidden()
    assert axe.violations(again) == []
    keep(again, "event-judge-nokey-en.png")
    # Forget: this device holds the organiser's key no more, and says so.
    again.goto(bookmark)
    again.wait_for_selector("#ev-title:not(:empty)")
    again.click("#ev-forget")
    again.click("[data-confirm=yes]")
    again.wait_for_selector("#ev-nokey:not(.hidden)")
    assert org not in again.evaluate(STORED)
    again.reload()
    again.wait_for_selector("#ev-nokey:not(.hidden)")
    assert "This device holds no organiser's key for this event" in again.text_content("#ev-nokey")

    # A judge on another device (German): no key, then the judge's link, then the key issued anew from the server.
    jctx = browser.new_context(**LAPTOP, locale="de-DE")
    jpage = watched(jctx.new_page(), asked)
    jpage.goto(f"{server.url}/e/{eid}/judge")
    jpage.wait_for_selector("#ev-nokey:not(.hidden)")
    german = jpage.text_content("#ev-nokey")
    assert "Dieses Gerät hat keinen Schiedsrichter-Schlüssel für diese Veranstaltung" in german
    assert not any(w in german for w in ("Spiel", "Gastgeber")), german
    assert axe.violations(jpage) == []
    keep(jpage, "event-judge-nokey-de.png")
    jpage.goto(judge_url)
    jpage.wait_for_selector("#before-box:not(.hidden)")
    jpage.goto(f"{server.url}/e/{eid}/judge")  # a reload, a bookmark
    jpage.wait_for_selector("#before-box:not(.hidden)")
    result = CliRunner().invoke(main, ["event", "keys", eid, "--new", "judge", "--db", str(server.db)])
    assert result.exit_code == 0, result.output
    new_judge_url = json.loads(result.output)["judge"]["url"].replace("http://localhost:8787", server.url)
    jpage.reload()
    jpage.wait_for_selector("#ev-nokey:not(.hidden)")
    assert "gilt nicht mehr" in jpage.text_content("#ev-nokey")  # the key it held was replaced, and is forgotten
    assert judge not in jpage.evaluate(STORED)
    jpage.goto(new_judge_url)
    jpage.wait_for_selector("#before-box:not(.hidden)")
    assert jpage.locator("#ev-nokey").is_hidden()
    # No key in any address the pages asked for.
    new_judge = new_judge_url.split("#key=", 1)[1]
    assert not [u for u in asked if any(k in u for k in (org, judge, new_judge)) or u.startswith("pageerror")]
