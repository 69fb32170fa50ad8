"""The phone reads unlabelled cards by their title from a photo: one row per card, two taps to record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.scan.titles import ocr_status
from tests.server import Server, call
from tests.test_browser import PHONE, browser, pw, shot  # noqa: F401  (the same Playwright fixtures)

FIXTURES = Path(__file__).parent / "fixtures" / "titles"
pytestmark = pytest.mark.skipif(not ocr_status()["available"], reason="tesseract is not installed")


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_a_photo_of_two_unlabelled_cards_then_two_taps_put_one_into_shadows(server: Server, browser: Any,  # noqa: F811
                                                                             locale: str) -> None:
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": ["A", "B"]})
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck",
                {"expected_version": 0, "deck": {"13089": 1, "01085": 1}}, ka)[0] == 200
    page = browser.new_context(**PHONE, locale=locale).new_page()
    page.goto(g["seats"][0]["url"])
    page.wait_for_selector("#scan-box:not(.hidden)")
    page.set_input_files("#photo", str(FIXTURES / "two-cards.jpg"))  # the shutter: no label on either card
    page.wait_for_selector("#scanned li[data-title=ok][data-card='A.13089.1']", timeout=30000)
    assert page.locator("#scanned li[data-title]").count() == 2  # one row per card
    shot(page, f"scan-titles-{locale}")
    page.click("#scanned li[data-card='A.13089.1']")  # tap 1: which card
    page.wait_for_selector("#sheet button[data-action=setup_into_shadows]", timeout=5000)
    page.click("#sheet button[data-action=setup_into_shadows]")  # tap 2: what happened
    page.wait_for_selector("#my-shadows li[data-position='1']", timeout=5000)
    assert "Tyrion Lannister" in page.inner_text("#my-shadows")
    assert call(base, "GET", f"/games/{gid}", key=ka)[1]["version"] == 2  # the deck, then the one tap recorded


def test_a_weak_read_offers_its_titles_and_one_tap_picks_the_card(server: Server, browser: Any) -> None:  # noqa: F811
    """The server's real answer, turned weak on its way to the page: the candidates are buttons."""
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": ["A", "B"]})
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {"13089": 1}}, ka)[0] == 200
    page = browser.new_context(**PHONE, locale="en-GB").new_page()

    def weaken(route: Any) -> None:
        response = route.fetch()
        data = response.json()
        for row in data["titles"]:
            row.update(status="candidates", message="")
            row.pop("card", None)
            row.pop("actions", None)
        route.fulfill(response=response, json=data)

    page.route("**/api/scan?*", weaken)
    page.goto(g["seats"][0]["url"])
    page.wait_for_selector("#scan-box:not(.hidden)")
    page.set_input_files("#photo", str(FIXTURES / "tyrion.jpg"))
    page.wait_for_selector("#scanned li[data-title=candidates] button[data-pick='A.13089.1']", timeout=30000)
    assert "Tywin Lannister (not in your deck)" in page.inner_text("#scanned")  # the near twin, from the catalogue
    shot(page, "scan-titles-candidates")
    page.click("#scanned button[data-pick='A.13089.1']")  # one tap picks the card
    page.wait_for_selector("#sheet button[data-action=setup_into_shadows]", timeout=5000)
