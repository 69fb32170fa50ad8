"""Challenges as the framework runs them, on two phones (issue 33): the attacker's phone offers a challenge of
each type it can still make, with the characters that may attack (standing, with the icon); the defender's phone
then offers its defenders; either phone compares STR; the defender's phone applies the claim; the winner's phone
its renown; dominance is offered to the totals' winner. Each phone offers only what it may record now, and the
other reads whom the table waits for."""

from __future__ import annotations

from typing import Any

import pytest

from tests.phones import WAIT, caught_up, phone, seat_phones
from tests.server import Server, call, play
from tests.test_browser import CHROMIUM, shot, wait_until

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

#: Alice: Robb Stark (military and power, STR 5, renown), Vanguard Lancer (military and power, STR 1); plots Sneak
#: Attack (claim 2) and A Clash of Kings. Bob: Gold Cloaks (military and power, STR 3), Lannisport Merchant (power,
#: STR 1); plots Forgotten Plans (A Game of Thrones' values, 4 gold; A Game of Thrones itself would forbid Alice's
#: military and power challenges before an intrigue challenge won) and Feast or Famine.
ALICE = {"01021": 1, "01001": 1, "01146": 1, "01057": 3, "01152": 3, "01150": 3}
BOB = {"02119": 1, "00006": 1, "01092": 2, "01094": 3, "01169": 3, "01171": 2}


def challenges_game(base: str, bob_power: int = 3, bob_merchants: int = 1) -> dict[str, Any]:
    _, g = call(base, "POST", "/games", {"mode": "strict", "seats": [
        {"seat": "A", "name": "Alice"}, {"seat": "B", "name": "Bob"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": ALICE}, ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": BOB}, kb)[0] == 200
    play(base, gid, ((ka, {"type": "draw_cards", "player": "A", "count": 7}),
                     (kb, {"type": "draw_cards", "player": "B", "count": 7}),
                     (ka, {"type": "setup_place", "player": "A", "card": "A.01146.1"}),
                     (ka, {"type": "setup_place", "player": "A", "card": "A.01057.1"}),
                     (kb, {"type": "setup_place", "player": "B", "card": "B.01092.1"}),
                     *((kb, {"type": "setup_place", "player": "B", "card": f"B.01094.{n}"})
                       for n in range(1, bob_merchants + 1)),
                     (kb, {"type": "set_power", "player": "B", "amount": bob_power}),
                     (ka, {"type": "begin_phase", "phase": "plot"}),
                     (ka, {"type": "choose_plot", "player": "A", "card": "A.01021.1"}),
                     (kb, {"type": "choose_plot", "player": "B", "card": "B.02119.1"}),
                     (ka, {"type": "choose_first_player", "player": "A", "first": "A"}),
                     (ka, {"type": "begin_phase", "phase": "draw"}),
                     (ka, {"type": "draw_cards", "player": "A", "count": 2}),
                     (kb, {"type": "draw_cards", "player": "B", "count": 2}),
                     (ka, {"type": "begin_phase", "phase": "marshaling"}),
                     (ka, {"type": "collect_income", "player": "A"}), (ka, {"type": "pass_turn", "player": "A"}),
                     (kb, {"type": "collect_income", "player": "B"}), (kb, {"type": "pass_turn", "player": "B"}),
                     (ka, {"type": "begin_phase", "phase": "challenges"})), 2)
    return g


def pick(page: Any, offer: str, *cards: str) -> None:
    """Open an offer's form, tick the cards, send it."""
    page.click(f"#round-box [data-offer='{offer}']", timeout=WAIT)
    for card in cards:
        page.check(f"#sheet [data-choice='{card}']")
    page.click(f"#sheet [data-offer-send='{offer}']")


def test_a_military_challenge_step_by_step_in_two_languages(server: Server, browser: Any) -> None:
    base = server.url + "/api"
    g = challenges_game(base)
    a, b = seat_phones(browser, server, g, ("en-GB", "de-DE"))
    # Alice's phone offers the types she can still make; Bob's offers no challenge: it is her turn.
    a.wait_for_selector("#round-box [data-offer='challenge:military']", timeout=WAIT)
    # Bob's phone draws its own view: wait for it (its page may still be fetching when Alice's is drawn).
    b.wait_for_selector("#step:has-text('Warten auf Alice')", timeout=WAIT)
    assert b.locator("#round-box [data-offer^='challenge:']").count() == 0
    a.click("#round-box [data-offer='challenge:military']")
    # The attackers she may declare: standing, with the military icon (RR: Appendix I › 4.2).
    choices = a.locator("#sheet [data-choice]").evaluate_all("xs => xs.map(x => x.dataset.choice)")
    assert sorted(choices) == ["A.01057.1", "A.01146.1"]
    assert a.is_disabled("#sheet [data-offer-send='challenge:military']")  # at least one attacker
    shot(a, "challenge-attackers-en")
    a.check("#sheet [data-choice='A.01146.1']")
    a.click("#sheet [data-offer-send='challenge:military']")
    # Bob's phone now offers his defenders; Alice's waits for him.
    b.wait_for_selector("#round-box [data-offer=defend]", timeout=WAIT)
    assert "Militär" in b.inner_text("#round-box")
    a.wait_for_selector("#step:has-text('Waiting for Bob')", timeout=WAIT)
    b.click("#round-box [data-offer=defend]")
    # Gold Cloaks has the military icon; the Merchant does not.
    assert b.locator("#sheet [data-choice]").evaluate_all("xs => xs.map(x => x.dataset.choice)") == ["B.01092.1"]
    shot(b, "challenge-defenders-de")
    b.check("#sheet [data-choice='B.01092.1']")
    b.click("#sheet [data-offer-send=defend]")
    # Either phone compares STR: 5 against 3, Alice wins.
    a.wait_for_selector("#round-box [data-offer=result]:has-text('5 : 3')", timeout=WAIT)
    a.click("#round-box [data-offer=result]")
    # Sneak Attack's claim 2: Bob kills two of his own characters, chosen on his phone.
    b.wait_for_selector("#round-box [data-offer=claim]", timeout=WAIT)
    assert a.locator("#round-box [data-offer=claim]").count() == 0
    b.click("#round-box [data-offer=claim]")
    assert b.is_disabled("#sheet [data-offer-send=claim]")
    b.check("#sheet [data-choice='B.01092.1']")
    assert b.is_disabled("#sheet [data-offer-send=claim]")  # exactly two
    b.check("#sheet [data-choice='B.01094.1']")
    shot(b, "challenge-claim-de")
    b.click("#sheet [data-offer-send=claim]")
    # Renown: Robb gains 1 power, offered to Alice after the claim.
    a.wait_for_selector("#round-box [data-offer=renown]", timeout=WAIT)
    a.click("#round-box [data-offer=renown]")
    assert a.is_checked("#sheet [data-choice='A.01146.1']")
    a.click("#sheet [data-offer-send=renown]")
    a.wait_for_function("document.querySelector('#power').textContent === '1'", timeout=WAIT)
    shot(a, "challenge-after-renown-en")
    view = call(base, "GET", f"/games/{g['game']['id']}/view", key=g["seats"][1]["key"])[1]
    bob = view["players"][1]
    assert [c["name"] for c in bob["dead"]] == ["Gold Cloaks", "Lannisport Merchant"]
    # The log says it in words, in each phone's language.
    b.wait_for_selector("#log li:has-text('Ruhm')", timeout=WAIT)
    assert "Alice attacks Bob (military challenge)" in a.inner_text("#log")


def test_a_power_claim_from_a_loser_without_power_moves_nothing_and_dominance_goes_to_the_totals(
        server: Server, browser: Any) -> None:
    base = server.url + "/api"
    g = challenges_game(base, bob_power=0)
    a, b = seat_phones(browser, server, g)
    pick(a, "challenge:power", "A.01057.1")
    b.wait_for_selector("#round-box [data-offer=defend]", timeout=WAIT)
    pick(b, "defend")  # no defenders
    a.click("#round-box [data-offer=result]", timeout=WAIT)
    # Unopposed: +1 power at once (RR: Appendix I › 4.2.3).
    a.wait_for_function("document.querySelector('#power').textContent === '1'", timeout=WAIT)
    # Bob has no power: a claim with nothing to give is not offered (a newcomer trial read "give 0 power" while
    # Alice's phone already said "Done"), and Alice's turn goes on at once.
    caught_up(a, b)
    assert b.locator("#round-box [data-offer=claim]").count() == 0
    a.click("#step[data-step=pass-turn]", timeout=WAIT)
    b.click("#step[data-step=pass-turn]", timeout=WAIT)
    a.click("#step[data-step=next-step]", timeout=WAIT)
    # Dominance by the totals: Robb 5 (the Lancer knelt) and 5 gold against Gold Cloaks 3, Merchant 1 and 4 gold.
    a.wait_for_selector("#round-box [data-offer=dominance]:has-text('Alice wins dominance')", timeout=WAIT)
    assert b.locator("#round-box [data-offer=dominance]").count() == 0  # Alice's to claim
    a.click("#round-box [data-offer=dominance]")
    a.wait_for_function("document.querySelector('#power').textContent === '2'", timeout=WAIT)
    shot(a, "dominance-en")


def test_the_header_counts_power_on_cards_in_play_toward_the_total(server: Server, browser: Any) -> None:
    """The number in the header is the player's total power (RR: power on the faction card and on the cards they
    control counts toward 15), not the faction card's alone; its +/- still change the faction card's power."""
    base = server.url + "/api"
    g = challenges_game(base)
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    _, view = call(base, "GET", f"/games/{gid}/view", key=ka)
    on_card = {"type": "gain_power", "player": "A", "amount": 2, "card": "A.01146.1"}
    status, _ = call(base, "POST", f"/games/{gid}/actions", {"action": on_card, "expected_version": view["version"]},
                     ka)
    assert status == 201
    a = phone(browser, g["seats"][0]["url"], server=server)
    a.wait_for_function("document.querySelector('#power').textContent === '2'", timeout=WAIT)
    a.click("#power-plus")  # one more on the faction card: the total is 3, the faction card has 1
    a.wait_for_function("document.querySelector('#power').textContent === '3'", timeout=WAIT)
    wait_until(a, "() => import('/static/game.js').then(g => g.state.players[0].faction_power === 1)", timeout=WAIT)
    assert a.get_attribute("#power", "title") == "on my faction card: 1"
    b = phone(browser, g["seats"][1]["url"], locale="de-DE", server=server)
    b.wait_for_function("document.querySelector('#power').textContent === '3'", timeout=WAIT)  # Bob's own 3


def test_a_challenge_form_in_german_sends_without_a_second_ellipsis_and_reads_the_defence_in_german(
        server: Server, browser: Any) -> None:
    """Found at a German table: the challenge's form repeated its button's "Herausforderung: Militär …" as its title
    and on its send button, as if a tap there opened yet another form; and the defence without a defender read
    "Bob verteidigt mit niemand (0 Stärke)". The form says what it sends, and the round box reads as German."""
    base = server.url + "/api"
    g = challenges_game(base)
    a, b = seat_phones(browser, server, g, ("de-DE", "de-DE"))
    a.wait_for_selector("#round-box [data-offer='challenge:military']", timeout=WAIT)
    assert a.inner_text("#round-box [data-offer='challenge:military']").endswith("…")  # the button opens a form
    a.click("#round-box [data-offer='challenge:military']")
    send = a.inner_text("#sheet [data-offer-send='challenge:military']")
    title = a.inner_text("#sheet h3")
    assert send == title == "Herausforderung: Militär", (send, title)
    a.check("#sheet [data-choice='A.01146.1']")
    a.click("#sheet [data-offer-send='challenge:military']")
    b.wait_for_selector("#round-box [data-offer='defend']", timeout=WAIT)
    assert "Alice greift Bob mit Robb Stark an (Stärke " in b.inner_text("#round-box")
    b.click("#round-box [data-offer='defend']")
    b.click("#sheet [data-offer-send='defend']")
    a.wait_for_selector("#round-box:has-text('Bob verteidigt: niemand (Stärke 0)')", timeout=WAIT)
    shot(a, "challenge-defence-de")
    assert "mit niemand" not in a.inner_text("#round-box")


def open_bobs_claim_form(a: Any, b: Any) -> None:
    """Alice attacks alone in a military challenge, Bob declares his defence, the result: Bob's claim form opens."""
    pick(a, "challenge:military", "A.01146.1")
    b.wait_for_selector("#round-box [data-offer=defend]", timeout=WAIT)
    pick(b, "defend")
    a.wait_for_selector("#round-box [data-offer=result]", timeout=WAIT)
    a.click("#round-box [data-offer=result]")
    b.wait_for_selector("#round-box [data-offer=claim]", timeout=WAIT)
    b.click("#round-box [data-offer=claim]")


def test_a_claim_form_says_why_it_cannot_be_sent_yet_and_what_to_do(server: Server, browser: Any) -> None:
    """Found at a German table: Bob ticked one character for a claim of two (or, in another game, two for a claim
    of one) and the send button only went grey, with nothing to say why. The form now says how many are ticked
    and what to do, in the phone's language, and says nothing once the ticks can be sent."""
    base = server.url + "/api"
    g = challenges_game(base)
    a, b = seat_phones(browser, server, g, ("en-GB", "de-DE"))
    open_bobs_claim_form(a, b)
    hint = "#sheet [data-picked=cards]"
    assert b.is_hidden(hint)  # nothing ticked: the legend ("Wähle 2") says it
    b.check("#sheet [data-choice='B.01092.1']")
    assert b.is_disabled("#sheet [data-offer-send=claim]")
    assert b.inner_text(hint) == "1 gewählt: wähle noch 1, dann kannst du senden"
    shot(b, "claim-form-too-few-de")
    b.check("#sheet [data-choice='B.01094.1']")
    assert b.is_enabled("#sheet [data-offer-send=claim]") and b.is_hidden(hint)
    b.click("button[data-lang-toggle]")  # the same form in English: the line follows the language
    b.uncheck("#sheet [data-choice='B.01094.1']")
    b.wait_for_selector(f"{hint}:text-is('1 chosen: tick 1 more to send')", timeout=WAIT)


def test_a_claim_form_with_too_many_ticked_says_how_many_to_untick(server: Server, browser: Any) -> None:
    """The other way round: three of Bob's characters ticked for a claim of two."""
    base = server.url + "/api"
    g = challenges_game(base, bob_merchants=2)
    a, b = seat_phones(browser, server, g, ("en-GB", "de-DE"))
    open_bobs_claim_form(a, b)
    for card in ("B.01092.1", "B.01094.1", "B.01094.2"):
        b.check(f"#sheet [data-choice='{card}']")
    assert b.is_disabled("#sheet [data-offer-send=claim]")
    assert b.inner_text("#sheet [data-picked=cards]") == "3 gewählt: nimm 1 Haken heraus, dann kannst du senden"
    shot(b, "claim-form-too-many-de")


def test_the_turn_badge_once_every_player_has_had_the_turn_is_read_whole_on_a_phone(server: Server,
                                                                                    browser: Any) -> None:
    """Found on a 390 px phone: once both players had passed in the challenges phase, the badge beside "Round 1 ·
    challenges phase" read "Everyone has had thei…". It says it in words that fit beside the longest phase's name,
    in either language."""
    base = server.url + "/api"
    g = challenges_game(base)
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    version = call(base, "GET", f"/games/{gid}/view", key=ka)[1]["version"]
    play(base, gid, ((ka, {"type": "pass_turn", "player": "A"}), (kb, {"type": "pass_turn", "player": "B"})), version)
    for page in seat_phones(browser, server, g, ("en-GB", "de-DE")):
        page.wait_for_selector("#step[data-step=next-step]", timeout=WAIT)
        cut = page.eval_on_selector("#turn", "e => [e.textContent, e.scrollWidth > e.clientWidth + 1]")
        assert not cut[1], cut
        page.context.close()
