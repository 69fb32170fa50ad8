"""Challenges and dominance in one tap each, on two phones (issue 21, item 3): the challenge form, the
follow-ups offered as one tap ("Bob loses 1 power — apply?"), and dominance adding its power."""

from __future__ import annotations

from typing import Any

import pytest

from tests.phones import WAIT, phone, seat_phones
from tests.server import Server, call, play
from tests.test_browser import CHROMIUM, shot, wait_until

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")



def challenges_game(base: str, bob_power: int = 3) -> dict[str, Any]:
    _, g = call(base, "POST", "/games", {"mode": "strict", "seats": [
        {"seat": "A", "name": "Alice"}, {"seat": "B", "name": "Bob"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {"01001": 1, "01091": 1}},
                ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": {"01003": 1, "01091": 1}},
                kb)[0] == 200
    play(base, gid, ((ka, {"type": "setup_place", "player": "A", "card": "A.01091.1"}),
                     (kb, {"type": "setup_place", "player": "B", "card": "B.01091.1"}),
                     (ka, {"type": "begin_phase", "phase": "plot"}),
                     (ka, {"type": "choose_plot", "player": "A", "card": "A.01001.1"}),
                     (kb, {"type": "choose_plot", "player": "B", "card": "B.01003.1"}),
                     (ka, {"type": "set_first_player", "player": "A"}),
                     (ka, {"type": "begin_phase", "phase": "draw"}),
                     (ka, {"type": "begin_phase", "phase": "marshaling"}),
                     (ka, {"type": "pass_turn", "player": "A"}), (kb, {"type": "pass_turn", "player": "B"}),
                     (kb, {"type": "set_power", "player": "B", "amount": bob_power}),
                     (ka, {"type": "begin_phase", "phase": "challenges"})), 2)
    return g


def test_no_power_claim_is_offered_from_a_loser_without_power(server: Server, browser: Any) -> None:
    """The loser of a power challenge gives what power it has, up to the claim: from a loser with none there is
    nothing to apply, so the winner is told so rather than asked to apply a claim that moves nothing."""
    base = server.url + "/api"
    g = challenges_game(base, bob_power=0)
    a, _ = seat_phones(browser, server, g)
    a.click("#challenge-open")
    a.click("#sheet [data-field=kind] [data-value=power]")
    a.click("#sheet [data-field=winner] [data-value=A]")
    a.check("#sheet [data-participant='A.01091.1']")
    a.click("#challenge-save")
    a.wait_for_selector("[data-follow-up=power_claim_none]", timeout=WAIT)
    assert a.inner_text("[data-follow-up=power_claim_none]") == "Bob has no power to lose (claim)."
    assert a.locator("[data-follow-up=power_claim]").count() == 0


def test_a_power_challenge_its_follow_ups_and_dominance_one_tap_each(server: Server, browser: Any) -> None:
    base = server.url + "/api"
    g = challenges_game(base)
    a, b = seat_phones(browser, server, g, ("en-GB", "de-DE"))
    a.click("#challenge-open")  # one tap to the form in the challenges phase
    a.click("#sheet [data-field=kind] [data-value=power]")
    a.click("#sheet [data-field=winner] [data-value=B]")  # a change of mind, then back
    a.click("#sheet [data-field=winner] [data-value=A]")
    a.check("#challenge-unopposed")
    a.check("#sheet [data-participant='A.01091.1']")
    shot(a, "challenge-form-en")
    a.click("#challenge-save")
    a.wait_for_selector("[data-follow-up=unopposed]", timeout=WAIT)
    assert "Bob loses 1 power to Alice (claim) — apply?" in a.inner_text("[data-follow-up=power_claim]")
    b.wait_for_selector("[data-challenge='power:A']", timeout=WAIT)
    assert b.locator("[data-follow-up]").count() == 0  # the winner applies them
    assert b.locator("#challenge-open").count() == 0  # Alice's turn: only she declares a challenge
    told = b.inner_text("[data-challenge='power:A']")
    assert "Alice fordert Bob heraus: Macht, Alice gewinnt ohne Verteidiger" in told
    shot(a, "challenge-follow-ups-en")
    shot(b, "challenge-recorded-de")
    a.click("[data-follow-up=unopposed] button")
    a.wait_for_selector("[data-follow-up=unopposed]", state="detached", timeout=WAIT)
    a.click("[data-follow-up=power_claim] button")
    a.wait_for_selector("[data-follow-up=power_claim]", state="detached", timeout=WAIT)
    a.wait_for_function("document.querySelector('#power').textContent === '2'", timeout=WAIT)
    b.wait_for_function("document.querySelector('#power').textContent === '2'", timeout=WAIT)
    # Alice passes; now Bob's turn: the form is his, in German, and no longer Alice's.
    a.click("#step[data-step=pass-turn]")
    b.click("#challenge-open")
    b.wait_for_selector("#challenge-save", timeout=WAIT)
    assert a.locator("#challenge-open").count() == 0
    assert "Herausforderung eintragen" in b.inner_text("#sheet")
    shot(b, "challenge-form-de")
    b.click("#sheet button:not(.primary):has-text('Schließen')")
    b.click("#step[data-step=pass-turn]")
    a.click("#step[data-step=next-step]")  # the dominance phase
    a.click("#dominance-choice [data-dominance=A]")
    a.wait_for_function("document.querySelector('#power').textContent === '3'", timeout=WAIT)  # in the same tap
    _, view = call(base, "GET", f"/games/{g['game']['id']}/view", key=g["seats"][1]["key"])
    assert [p["faction_power"] for p in view["players"]] == [3, 2]


def test_the_header_counts_power_on_cards_in_play_toward_the_total(server: Server, browser: Any) -> None:
    """The number in the header is the player's total power (RR: power on the faction card and on the cards they
    control counts toward 15), not the faction card's alone; its +/- still change the faction card's power."""
    base = server.url + "/api"
    g = challenges_game(base)
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    _, view = call(base, "GET", f"/games/{gid}/view", key=ka)
    on_card = {"type": "gain_power", "player": "A", "amount": 2, "card": "A.01091.1"}
    body = {"action": on_card, "expected_version": view["version"]}
    status, _ = call(base, "POST", f"/games/{gid}/actions", body, ka)
    assert status == 201
    a = phone(browser, g["seats"][0]["url"], server=server)
    a.wait_for_function("document.querySelector('#power').textContent === '2'", timeout=WAIT)
    a.click("#power-plus")  # one more on the faction card: the total is 3, the faction card has 1
    a.wait_for_function("document.querySelector('#power').textContent === '3'", timeout=WAIT)
    wait_until(a, "() => import('/static/game.js').then(g => g.state.players[0].faction_power === 1)", timeout=WAIT)
    assert a.get_attribute("#power", "title") == "on my faction card: 1"
    b = phone(browser, g["seats"][1]["url"], locale="de-DE", server=server)
    b.wait_for_function("document.querySelector('#power').textContent === '3'", timeout=WAIT)  # Bob's own 3
