"""The card menus on a phone (390x844), from the actions' declarations: one's own card in hand and in shadows,
and another seat's face-down card, whose menu the server gives without naming the card. English and German;
screenshots in test-artifacts/screenshots/offered-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server import Server, call
from tests.test_browser import PHONE, browser, prepared_game, pw, shot

__all__ = ["browser", "pw"]  # the shared Chromium fixtures of test_browser


def _shadows_and_hand(server: Server, g: dict[str, Any]) -> None:
    """A puts one Imp's Agent into shadows and draws Tyrion into its hand."""
    base, gid, ka = server.url + "/api", g["game"]["id"], g["seats"][0]["key"]
    for action in ({"type": "marshal_into_shadows", "player": "A", "card": "A.00168.1"},
                   {"type": "draw", "player": "A", "card": "A.13089.1"}):
        version = call(base, "GET", f"/games/{gid}/view", key=ka)[1]["version"]
        status, body = call(base, "POST", f"/games/{gid}/actions", {"expected_version": version, "action": action}, ka)
        assert status == 201, body


def _menu(page: Any) -> list[str]:
    page.wait_for_selector("#sheet:not(.hidden) button[data-action]")
    return [b.get_attribute("data-action") for b in page.locator("#sheet button[data-action]").all()]


@pytest.mark.parametrize("lang", ["en-GB", "de-DE"])
def test_the_card_menus_come_from_the_declarations(server: Server, browser: Any, lang: str) -> None:
    g = prepared_game(server.url + "/api")
    _shadows_and_hand(server, g)
    short = lang[:2]
    a = browser.new_context(**PHONE, locale=lang).new_page()
    b = browser.new_context(**PHONE, locale=lang).new_page()
    a.goto(g["seats"][0]["url"])
    b.goto(g["seats"][1]["url"])
    a.wait_for_selector("#my-hand li[data-card='A.13089.1']")
    # One's own card in hand in the marshaling phase: marshal first, then the rest.
    a.click("#my-hand li[data-card='A.13089.1']")
    hand = _menu(a)
    assert hand[0] == "marshal" and "marshal_into_shadows" in hand and "discard" in hand
    shot(a, f"offered-hand-{short}")
    a.click("#sheet > button:last-child")  # close
    # One's own card in shadows: bring it out first.
    a.click("#my-shadows li[data-position='1']")
    own = _menu(a)
    assert own[0] == "bring_out" and "place_tokens" in own
    shot(a, f"offered-own-shadows-{short}")
    # The other seat's face-down card: the server's menu, the same for any card there, no name.
    b.wait_for_selector("[data-seat=A] [data-shadows=A] li[data-position='1']")
    b.click("[data-seat=A] [data-shadows=A] li[data-position='1']")
    hidden = _menu(b)
    assert set(hidden) == {"place_tokens", "discard"}
    sheet = b.inner_text("#sheet")
    assert "Imp" not in sheet and "00168" not in sheet
    shot(b, f"offered-opponent-shadows-{short}")
    b.click("#sheet button[data-action=discard]")
    b.wait_for_selector(".sheet.confirm")
    assert "#1" in b.inner_text(".sheet.confirm")
    shot(b, f"offered-opponent-discard-confirm-{short}")
    b.click(".sheet.confirm [data-confirm=no]")
