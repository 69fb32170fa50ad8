"""The phone reads unlabelled cards by their title from a photo: one row per card, two taps to record."""

from __future__ import annotations

import json
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



def photo_read_weakly(page: Any, seat_url: str) -> None:
    """Tyrion's photo taken on the seat's phone, the server's real answer turned weak on its way to the page
    (every title only a candidate), until Tyrion is offered as a button."""

    def weaken(route: Any) -> None:
        response = route.fetch()
        data = response.json()
        for row in data["titles"]:
            row.update(status="candidates", message="")
            row.pop("card", None)
            row.pop("actions", None)
        route.fulfill(response=response, json=data)

    page.route("**/api/scan?*", weaken)
    page.goto(seat_url)
    page.wait_for_selector("#scan-box:not(.hidden)")
    page.set_input_files("#photo", str(FIXTURES / "tyrion.jpg"))
    page.wait_for_selector("#scanned li[data-title=candidates] button[data-pick='A.13089.1']", timeout=30000)

def test_a_weak_read_offers_its_titles_and_one_tap_picks_the_card(server: Server, browser: Any) -> None:  # noqa: F811
    """The server's real answer, turned weak on its way to the page: the candidates are buttons."""
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": ["A", "B"]})
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {"13089": 1}}, ka)[0] == 200
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    photo_read_weakly(page, g["seats"][0]["url"])
    assert "Tywin Lannister (not in your deck)" in page.inner_text("#scanned")  # the near twin, from the catalogue
    shot(page, "scan-titles-candidates")
    page.click("#scanned button[data-pick='A.13089.1']")  # one tap picks the card
    page.wait_for_selector("#sheet button[data-action=setup_into_shadows]", timeout=5000)


#: Counts every click the page receives, before any handler can stop it (as tests/test_browser_game.py does).
TAP_COUNTER = "window.__taps = 0; document.addEventListener('click', () => { window.__taps += 1; }, true);"


def _marshaling_game(base: str) -> tuple[dict[str, Any], str]:
    """A game in its first marshaling phase (set up, plots, draw), Alice with Tyrion in hand and gold: no labels."""
    from tests.test_browser import prepared_game

    g = prepared_game(base)
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    version = call(base, "GET", f"/games/{gid}", key=ka)[1]["version"]
    status, body = call(base, "POST", f"/games/{gid}/actions", {"action": {"type": "draw", "player": "A",
                        "card": "A.13089.1"}, "expected_version": version}, ka)
    assert status == 201, body
    assert call(base, "GET", f"/games/{gid}/view", key=ka)[1]["phase"] == "marshaling"
    return g, gid


def test_an_unlabelled_card_into_shadows_and_out_again_with_one_photo_and_two_taps_each(server: Server,
                                                                                        browser: Any) -> None:  # noqa: F811
    """Done means (issue 24): in the marshaling phase, a photo of a card without a label, then the row's
    action: marshal into shadows; later a photo of the same card held to the owner's phone, then bring out.
    The page counts its own clicks; the photo is the shutter (a file, one tap on a real phone)."""
    base = server.url + "/api"
    g, gid = _marshaling_game(base)
    ka = g["seats"][0]["key"]
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    page.add_init_script(TAP_COUNTER)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(g["seats"][0]["url"])
    page.wait_for_selector("#scan-box:not(.hidden)")
    start = call(base, "GET", f"/games/{gid}", key=ka)[1]["version"]

    page.set_input_files("#photo", str(FIXTURES / "tyrion.jpg"))  # shutter: a rendered card, no label
    page.wait_for_selector("#sheet button[data-action=marshal_into_shadows]", timeout=30000)  # opens by itself
    page.click("#sheet button[data-action=marshal_into_shadows]")
    page.wait_for_selector("#my-shadows li[data-position='1']", timeout=5000)
    assert page.evaluate("window.__taps") == 1  # one tap besides the shutter

    page.set_input_files("#photo", str(FIXTURES / "tyrion.jpg"))  # the same card, held face up to this phone
    page.wait_for_selector("#scanned li[data-title=ok][data-card='A.13089.1']", timeout=30000)
    assert "shadows" in page.inner_text("#scanned li[data-title=ok]")  # the copy in shadows is the one read
    page.wait_for_selector("#sheet button[data-action=bring_out]", timeout=5000)
    shot(page, "scan-titles-bring-out")
    page.click("#sheet button[data-action=bring_out]")
    page.wait_for_selector("#my-play li[data-card='A.13089.1']", timeout=5000)
    assert page.evaluate("window.__taps") == 2
    view = call(base, "GET", f"/games/{gid}/view", key=ka)[1]
    assert view["version"] == start + 2  # two records, nothing from the photos themselves
    assert view["phase"] == "marshaling"
    assert not errors


def test_in_marshaling_a_weak_read_is_one_tap_to_pick_and_one_to_act(server: Server, browser: Any) -> None:  # noqa: F811
    """The weak case in a real marshaling phase: the server's answer, turned weak on its way to the page,
    shows two or three titles; one tap picks Tyrion, one tap marshals him into shadows."""
    base = server.url + "/api"
    g, _gid = _marshaling_game(base)
    page = browser.new_context(**PHONE, locale="de-DE").new_page()
    page.add_init_script(TAP_COUNTER)
    photo_read_weakly(page, g["seats"][0]["url"])
    assert 2 <= page.locator("#scanned li[data-title=candidates] button, #scanned li[data-title=candidates] span"
                             ).count() <= 3
    assert page.locator("#sheet button[data-action]:visible").count() == 0  # nothing opens without a tap
    shot(page, "scan-titles-candidates-marshaling-de")
    page.click("#scanned button[data-pick='A.13089.1']")
    page.click("#sheet button[data-action=marshal_into_shadows]")
    page.wait_for_selector("#my-shadows li[data-position='1']", timeout=5000)
    assert page.evaluate("window.__taps") == 2


def test_a_location_and_an_attachment_from_a_photo_come_into_play_with_one_tap_each(server: Server,
                                                                                 browser: Any) -> None:  # noqa: F811
    """Done means (issue 34): a photo of a rendered location (its title along the left edge, read bottom to top),
    then the action: marshalled; a photo of a rendered attachment (its title in the bar at the bottom), then the
    action: marshalled onto the character in play. The photo is the shutter (a file, one tap on a real phone)."""
    from tests.server import play

    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Alice", "faction": "lannister"},
                                                   {"seat": "B", "name": "Bob", "faction": "stark"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck",
                {"expected_version": 0, "deck": {"13089": 1, "13010": 1, "05021": 1, "01094": 3}}, ka)[0] == 200
    # (More cards than the draws: a draw that empties the deck would end the game, RR: Winning the Game.)
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": {"01091": 4}}, kb)[0] == 200
    play(base, gid, ((ka, {"type": "setup_place", "player": "A", "card": "A.13089.1"}),
                     (kb, {"type": "setup_place", "player": "B", "card": "B.01091.1"}),
                     (ka, {"type": "begin_phase", "phase": "plot"}), (ka, {"type": "begin_phase", "phase": "draw"}),
                     (ka, {"type": "draw", "player": "A", "card": "A.13010.1"}),
                     (ka, {"type": "draw", "player": "A", "card": "A.05021.1"}),
                     (ka, {"type": "begin_phase", "phase": "marshaling"}),
                     (ka, {"type": "collect_income", "player": "A", "amount": 9})), 2)
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    page.add_init_script(TAP_COUNTER)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(g["seats"][0]["url"])
    page.wait_for_selector("#scan-box:not(.hidden)")
    start = call(base, "GET", f"/games/{gid}", key=ka)[1]["version"]

    page.set_input_files("#photo", str(FIXTURES / "location.jpg"))  # shutter: Lion Gate, no label
    page.wait_for_selector("#scanned li[data-title=ok][data-card='A.13010.1']", timeout=30000)
    page.wait_for_selector("#sheet button[data-action=marshal]", timeout=5000)  # its actions open by themselves
    shot(page, "scan-titles-location")
    page.click("#sheet button[data-action=marshal]")
    page.wait_for_selector("#my-play [data-card='A.13010.1']", timeout=5000)
    assert page.evaluate("window.__taps") == 1

    page.set_input_files("#photo", str(FIXTURES / "attachment.jpg"))  # shutter: Valyrian Steel Dagger, no label
    page.wait_for_selector("#scanned li[data-title=ok][data-card='A.05021.1']", timeout=30000)
    page.wait_for_selector("#sheet button[data-action=marshal]", timeout=5000)
    shot(page, "scan-titles-attachment")
    page.click("#sheet button[data-action=marshal]")  # onto Tyrion, the one character in play
    page.wait_for_function("() => document.querySelector('#my-play').textContent.includes('Valyrian Steel Dagger')",
                           timeout=5000)
    assert page.evaluate("window.__taps") == 2
    view = call(base, "GET", f"/games/{gid}/view", key=ka)[1]
    assert view["version"] == start + 2  # two records, nothing from the photos themselves
    mine = view["players"][0]
    in_play = json.dumps(mine["play"])
    assert "A.13010.1" in in_play and "A.05021.1" in in_play
    assert not errors
