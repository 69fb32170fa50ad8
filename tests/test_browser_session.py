"""What a person met on the phones during a session (the issue's sweep of real use), each kept as a test:
a scanned card's place on the scan list follows the table instead of staying where the photo found it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.phones import WAIT, seat_phones
from tests.server import Server, call
from tests.test_browser import CHROMIUM, shot
from tests.test_browser_game import label_photo

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
TAG = "AB7"  # the tag on the sleeves of label_photo's Tyrion


def test_the_scan_list_says_where_the_card_is_now(server: Server, browser: Any, tmp_path: Path) -> None:
    """Alice photographs her Tyrion while it is in her draw deck; later she sets it up into shadows. The scan
    list, still on her screen, says "shadows", not "draw deck" (seen in a two-round game: "Tyrion · draw deck"
    a round after he had been brought out)."""
    api = server.url + "/api"
    _, g = call(api, "POST", "/games", {"seats": [{"seat": "Alice", "name": "Alice"}, {"seat": "Bob", "name": "Bob"}]})
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    status, out = call(api, "PUT", f"/games/{gid}/seats/Alice/deck",
                       {"expected_version": 0, "deck": {"13089": 1, "01091": 1}, "tag": TAG}, ka)
    assert status == 200, out
    a, = seat_phones(browser, server, {"seats": g["seats"][:1]}, ("en-GB",))
    a.wait_for_selector("#scan-box:not(.hidden)", timeout=WAIT)
    a.set_input_files("#photo", str(label_photo(tmp_path / "tyrion.jpg")))
    a.wait_for_selector("#scanned li[data-card='Alice.13089.1']", timeout=WAIT)
    assert "draw deck" in a.inner_text("#scanned li[data-card='Alice.13089.1']")
    a.click("#sheet button[data-action=setup_into_shadows]")  # one card found: its actions opened at once
    a.wait_for_selector("#my-shadows li[data-position='1']", timeout=WAIT)
    a.wait_for_function("document.querySelector(\"#scanned li[data-card='Alice.13089.1']\").innerText"
                        ".includes('shadows')", timeout=WAIT)
    assert "draw deck" not in a.inner_text("#scanned")
    shot(a, "session-scan-follows-the-table-en")


def test_an_organiser_makes_a_first_edition_event_on_the_new_event_page(server: Server, browser: Any) -> None:
    """The API has taken ``edition`` all along; the page had no field for it, so an organiser could only make
    2nd-edition events and a 1st-edition deck was then read against 2nd edition's cards."""
    page = browser.new_context(viewport={"width": 1366, "height": 900}, locale="de-DE").new_page()
    page.goto(server.url + "/events/new")
    page.wait_for_selector("#ev-edition option[value='1e']", state="attached", timeout=WAIT)
    page.fill("#ev-name", "Schattenabend 1E")
    page.select_option("#ev-edition", "1e")
    assert "1. Edition" in page.inner_text("#ev-edition")
    page.wait_for_selector("#ev-list-row", state="hidden", timeout=WAIT)  # 2nd edition's restricted lists
    shot(page, "session-new-event-1e-de")
    page.click("#new-event button[type=submit]")
    page.wait_for_selector("#ev-created:not(.hidden)", timeout=WAIT)
    url = page.get_attribute("#ev-organiser", "href") or ""
    eid, key = url.split("/e/")[1].split("#")[0], url.split("#key=")[1]
    _, event = call(server.url + "/api", "GET", f"/event/{eid}", key=key)
    assert event["event"]["edition"] == "1e", event["event"]
    assert event["event"]["restricted_list"] is None
