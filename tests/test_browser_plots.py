"""Plots chosen in secret on two phones (issue 21, item 1), one English, one German: the opponent's page says
only "chosen" until the last choice reveals both plots at once, and offers no way on to the draw phase before.
The opponent's page is compared between two games that differ only in which plot was chosen."""

from __future__ import annotations

from typing import Any

import pytest

from tests.phones import WAIT, phone
from tests.server import Server, call
from tests.test_browser import CHROMIUM, shot, wait_until

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
X, Y = "01001", "00006"  # A Clash of Kings, Feast or Famine
NAMES = ("A Clash of Kings", "Feast or Famine")



def plot_game(base: str) -> dict[str, Any]:
    _, g = call(base, "POST", "/games", {"mode": "strict", "seats": [
        {"seat": "A", "name": "Alice"}, {"seat": "B", "name": "Bob"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {X: 1, Y: 1}}, ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": {"01003": 1, "01004": 1}},
                kb)[0] == 200
    status, body = call(base, "POST", f"/games/{gid}/actions",
                        {"action": {"type": "begin_phase", "phase": "plot"}, "expected_version": 2}, ka)
    assert status == 201, body
    return g


def bobs_side(page: Any) -> str:
    """What Bob's phone shows of the round and of Alice, without the game's own id."""
    return "\n".join(page.inner_text(sel) for sel in ("#status", "#round-box", "[data-seat=A]", "#log"))


def test_plots_are_chosen_face_down_and_revealed_together_on_two_phones(server: Server, browser: Any) -> None:
    base = server.url + "/api"
    seen = []
    for chosen in (X, Y):
        g = plot_game(base)
        a = phone(browser, g["seats"][0]["url"], server=server)
        b = phone(browser, g["seats"][1]["url"], locale="de-DE", server=server)
        a.wait_for_selector("#round-box [data-offer^='plot:']", timeout=WAIT)
        b.wait_for_selector("#round-box [data-offer^='plot:']", timeout=WAIT)
        # Each phone says whose plot is still to come as "Alice: chosen" will say it, not "Waiting for Alice" above
        # the reader's own choices (which read as if the reader had to wait).
        assert "Alice: noch nicht gewählt" in b.inner_text("#round-box")
        assert "Warten auf" not in b.inner_text("#round-box")
        a.click(f"#round-box [data-offer='plot:A.{chosen}.1']")
        a.wait_for_selector("#round-box:has-text('Chosen face down')", timeout=WAIT)
        assert a.locator("#round-box [data-offer^='plot:']").count() == 0  # chosen once: no second choice offered
        b.wait_for_selector("#round-box:has-text('Alice: gewählt')", timeout=WAIT)
        assert "Bob: not chosen yet" in a.inner_text("#round-box")
        for page in (a, b):  # no way on to the draw phase before the reveal, on either phone
            assert page.locator("#step:not(.hidden):not([disabled])").count() == 0
            assert page.locator("#first").count() == 0  # no first player before the initiative decides
        text = b.inner_text("body")
        assert not any(n in text for n in NAMES), text
        seen.append(bobs_side(b))
        shot(a, f"plot-chosen-en-{chosen}")
        shot(b, f"plot-waiting-de-{chosen}")
        if chosen == Y:
            # Bob's choice is the last one: both plots are face up at once, on both phones.
            b.click("#round-box [data-offer='plot:B.01004.1']")
            for page in (a, b):
                page.wait_for_selector("[data-revealed=A]", timeout=WAIT)
                assert NAMES[1] in page.inner_text("body")
            # Feast or Famine (initiative 5) beats A Noble Cause (0): only Alice is offered the first player's
            # choice, and until she chooses no first player is named.
            a.wait_for_selector("#round-box [data-offer='first:B']", timeout=WAIT)
            # The choice reads as a choice: "First player: Bob", the very words of the header's line once chosen,
            # read at a German table as if Bob already were (and both buttons as two statuses at once).
            assert a.inner_text("#round-box [data-offer='first:B']") == "Bob goes first"
            b.wait_for_selector("#round-box:has-text('Alice gewinnt die Initiative')", timeout=WAIT)
            assert b.locator("#round-box [data-offer^='first:']").count() == 0
            for page in (a, b):
                assert page.locator("#first").count() == 0
            a.click("#round-box [data-offer='first:B']")
            b.wait_for_selector("#first:has-text('Bob')", timeout=WAIT)
            a.wait_for_selector("#first:has-text('Bob')", timeout=WAIT)
            a.wait_for_selector("#round-box:has-text('Alice chose the first player: Bob')", timeout=WAIT)
            shot(a, "plots-revealed-en")
            shot(b, "plots-revealed-de")
            assert "Intrigen werden aufgedeckt" in b.inner_text("#log")
        for page in (a, b):
            page.context.close()
    assert seen[0] == seen[1], seen


def test_two_players_picking_plots_at_the_same_moment_both_count(server: Server, browser: Any) -> None:
    """Plots are picked at the same time at a table. Bob's phone has not yet heard of Alice's pick (its live
    stream is held back), so his tap meets a version conflict: his own choice is sent again, once, and both
    plots are revealed, with no "tap again" message and one entry per pick."""
    base = server.url + "/api"
    g = plot_game(base)
    a = phone(browser, g["seats"][0]["url"], server=server)
    b = phone(browser)
    b.route("**/events*", lambda route: route.abort())
    b.goto(g["seats"][1]["url"].replace("http://localhost", server.url))
    for page in (a, b):
        page.wait_for_selector("#round-box [data-offer^='plot:']", timeout=WAIT)
    a.click(f"#round-box [data-offer='plot:A.{X}.1']")
    a.wait_for_selector("#round-box:has-text('Chosen face down')", timeout=WAIT)
    # Bob's phone is a version behind: his tap is stale
    assert b.evaluate("() => import('/static/game.js').then(g => g.state.version)") == 3
    b.click("#round-box [data-offer='plot:B.01003.1']")
    wait_until(b, "() => import('/static/game.js').then(g => g.state.players.every("
               "p => p.revealed_plot && p.revealed_plot.this_round))", timeout=WAIT)
    assert "Someone else changed the table first" not in b.inner_text("#flags")
    assert "plots are revealed at once" in b.inner_text("#flags")
    _, log = call(base, "GET", f"/games/{g['game']['id']}/log", key=g["seats"][0]["key"])
    picks = [e["data"]["player"] for e in log["entries"] if e["data"].get("type") == "choose_plot"]
    assert picks == ["A", "B"]


def test_a_double_tap_on_a_plot_chooses_it_once(server: Server, browser: Any) -> None:
    """A double tap on a plot sends one choice: the button holds while its choice is on the way, and a chosen
    plot is placed (RR: Appendix I › 1.2), so no second choice is offered; Undo takes it back."""
    base = server.url + "/api"
    g = plot_game(base)
    a = phone(browser, g["seats"][0]["url"], server=server)
    a.wait_for_selector("#round-box [data-offer^='plot:']", timeout=WAIT)
    a.dblclick(f"#round-box [data-offer='plot:A.{X}.1']")
    a.wait_for_selector("#round-box:has-text('Chosen face down')", timeout=WAIT)
    a.wait_for_timeout(500)  # time for anything sent twice to arrive
    _, log = call(base, "GET", f"/games/{g['game']['id']}/log", key=g["seats"][0]["key"])
    picks = [e["data"]["card"] for e in log["entries"] if e["data"].get("type") == "choose_plot"]
    assert picks == [f"A.{X}.1"], picks
    # A change of mind: Undo, then the other plot.
    a.click("#undo")
    a.click("#undo-yes", timeout=WAIT)
    a.click(f"#round-box [data-offer='plot:A.{Y}.1']", timeout=WAIT)
    a.wait_for_selector("#round-box:has-text('Feast or Famine')", timeout=WAIT)
    a.context.close()
