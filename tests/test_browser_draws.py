"""Draws in one tap and undo with its preview, on two phones (issue 21), one English, one German."""

from __future__ import annotations

from typing import Any

import pytest

from tests.phones import WAIT, seat_phones
from tests.server import Server, call, play
from tests.test_browser import CHROMIUM, shot

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")



def game(base: str) -> dict[str, Any]:
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Alice"}, {"seat": "B", "name": "Bob"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {"01091": 3, "13089": 7}},
                ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": {"01091": 9}}, kb)[0] == 200
    return g


def phones(browser: Any, server: Server, g: dict[str, Any]) -> tuple[Any, Any]:
    a, b = seat_phones(browser, server, g, ("en-GB", "de-DE"))
    return a, b


def test_drew_seven_counts_at_once_and_a_card_played_is_one_of_them(server: Server, browser: Any) -> None:
    g = game(server.url + "/api")
    a, b = phones(browser, server, g)
    a.click("[data-offer^='draw:']")
    a.wait_for_selector("#my-counts:has-text('3 cards in the draw deck · 7 in hand')", timeout=WAIT)
    b.wait_for_selector("[data-counts=A]:has-text('3 Karten im Zugstapel · 7 auf der Hand')", timeout=WAIT)
    shot(a, "draw-seven-en")
    b.click("[data-offer^='draw:']")
    b.wait_for_selector("#my-counts:has-text('2 Karten im Zugstapel · 7 auf der Hand')", timeout=WAIT)
    shot(b, "draw-seven-de")
    a.fill("#find", "burned")
    a.click("#found li[data-card='A.01091.1']")
    a.click("#sheet button[data-action=setup_place]")
    a.wait_for_selector("#my-play li[data-card='A.01091.1']", timeout=WAIT)
    assert a.locator("#flags .flag").count() == 0  # no "taken as drawn" note: it was one of the seven
    a.wait_for_selector("#my-counts:has-text('3 cards in the draw deck · 6 in hand')", timeout=WAIT)
    # Alice undoes it: the preview says what, and it goes at once (nobody acted since).
    a.click("#undo")
    assert "Burned Men" in a.wait_for_selector("#undo-what", timeout=WAIT).inner_text()
    shot(a, "undo-preview-en")
    a.click("#undo-yes")
    a.wait_for_selector("#my-counts:has-text('3 cards in the draw deck · 7 in hand')", timeout=WAIT)


def test_counts_say_not_tracked_and_an_undo_after_the_other_seat_acted_waits_for_it(server: Server,
                                                                                    browser: Any) -> None:
    g = game(server.url + "/api")
    a, b = phones(browser, server, g)
    a.fill("#find", "burned")
    a.click("#found li[data-card='A.01091.1']")
    a.click("#sheet button[data-action=setup_place]")  # no draw recorded: taken as drawn
    b.wait_for_selector("[data-counts=A]:has-text('nicht erfasst')", timeout=WAIT)
    a.wait_for_selector("#my-counts:has-text('not tracked')", timeout=WAIT)
    shot(b, "counts-not-tracked-de")
    b.click("[data-offer^='draw:']")
    b.wait_for_selector("#my-counts:has-text('7 auf der Hand')", timeout=WAIT)
    a.click("#undo")
    a.wait_for_selector("#undo-why:has-text('Bob has acted since')", timeout=WAIT)
    shot(a, "undo-ask-en")
    a.click("#undo-yes")  # "Ask Bob"
    b.wait_for_selector("#pending-box [data-pending]", timeout=WAIT)
    assert "Alice möchte zurücknehmen" in b.inner_text("#pending-box")
    shot(b, "undo-confirm-de")
    b.click("#pending-box [data-pending] button.primary")
    a.wait_for_selector("#my-play li[data-card='A.01091.1']", state="detached", timeout=WAIT)


def test_a_mulligan_from_the_phone_asks_first_and_the_other_phone_reads_counts_only(server: Server,
                                                                                   browser: Any) -> None:
    """The setup hand's mulligan (RR: Setup) from Alice's phone: offered once the seven are drawn, asked first, then
    gone; her counts are 7 in hand again and Bob's phone reads the counts and the log line, no card."""
    g = game(server.url + "/api")
    a, b = phones(browser, server, g)
    assert a.locator("#round-box [data-offer^='mulligan:']").count() == 0  # no setup hand yet
    a.click("[data-offer^='draw:']")
    a.wait_for_selector("#my-counts:has-text('3 cards in the draw deck · 7 in hand')", timeout=WAIT)
    a.click("#round-box [data-offer='mulligan:A']", timeout=WAIT)
    a.click("[data-confirm=no]", timeout=WAIT)  # asked first: cancelled, nothing sent
    a.click("#round-box [data-offer='mulligan:A']", timeout=WAIT)
    assert "shuffled back" in a.inner_text(".sheet.confirm")
    a.click("[data-confirm=yes]", timeout=WAIT)
    b.wait_for_selector("#log li:has-text('Mulligan')", timeout=WAIT)
    assert "Alice nimmt einen Mulligan" in b.inner_text("#log")
    a.wait_for_selector("#round-box [data-offer^='mulligan:']", state="detached", timeout=WAIT)  # once a game
    a.wait_for_selector("#my-counts:has-text('3 cards in the draw deck · 7 in hand')", timeout=WAIT)
    b.wait_for_selector("[data-counts=A]:has-text('3 Karten im Zugstapel · 7 auf der Hand')", timeout=WAIT)
    assert "Tyrion" not in b.inner_text("body")  # Alice's cards: Bob holds Burned Men himself
    assert b.locator("#round-box [data-offer^='mulligan:']").count() == 0  # Bob has no setup hand yet
    shot(a, "mulligan-en")
    shot(b, "mulligan-de")


def test_one_card_left_in_the_draw_deck_reads_as_one_card_in_both_languages(server: Server, browser: Any) -> None:
    """Found at the table: a draw deck down to its last card read "1 cards in the draw deck" (and "1 Karten im
    Zugstapel" on the German phone)."""
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Alice"}, {"seat": "B", "name": "Bob"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {"01091": 8}}, ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": {"01091": 9}}, kb)[0] == 200
    play(base, gid, ((ka, {"type": "draw_cards", "player": "A", "count": 7}),), 2)
    a, b = seat_phones(browser, server, g, ("en-GB", "de-DE"))
    a.wait_for_selector("#my-counts:has-text('1 card in the draw deck · 7 in hand')", timeout=WAIT)
    b.wait_for_selector("[data-counts=A]:has-text('1 Karte im Zugstapel · 7 auf der Hand')", timeout=WAIT)
    b.wait_for_selector("#my-counts:has-text('9 Karten im Zugstapel · 0 auf der Hand')", timeout=WAIT)
    for page in (a, b):
        page.context.close()
