"""A whole round on two phones, through the pages only: create the game on the home page, join from the host
page's links, paste decks, then plots, first player, income, shadows in and out, the turn pass, a move out
of turn and its undo, the rest of the round with taxation, round 2, and power to 15 with the game-over screen.
Once in English (strict) and once in German (advisory), where no English word of the interface may appear."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.phones import WAIT, host_links, paste_deck, phone, seat_phones
from tests.server import Server, call
from tests.tables import catalog
from tests.test_browser import CHROMIUM, shot

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

#: Words of the interface that a German table must never see (card names stay as printed).
ENGLISH = ["Round", "Next", "Done", "Undo", "Power", "Close", "Shadows", "Dead pile", "Opponent", "Log", "turn",
           "Collect", "income", "Choose", "first player", "wins", "Recorded", "marshal", "Find a card",
           "Scan a card", "nothing", "cards in deck", "in hand", "phase", "Waiting", "Modifier", "reveals",
           "Take a photo", "rounds", "Game over", "verified", "Claim", "kneeling", "Pass", "undone"]




def decklist(*codes: str) -> str:
    """A ThronesDB text export, built from the shipped card facts."""
    lines = []
    for code in codes:
        card = catalog().get(code)
        assert card is not None
        lines.append(f"1x {card.name} ({card.pack_name})")
    return "Lannister 2026\n\n" + "\n".join(lines) + "\n"  # the deck's name shows in the log: no UI word in it


ALICE_DECK = decklist("01001", "01003", "13089", "01091")  # A Clash of Kings (initiative 9, 4 gold), Tyrion (Shadow 5)
BOB_DECK = decklist("01003", "01004", "13089", "01091")  # A Game of Thrones (initiative 2, 4 gold)


def no_english(page: Any) -> None:
    text = page.inner_text("body")
    found = [w for w in ENGLISH if re.search(rf"\b{re.escape(w)}\b", text)]
    assert found == [], (found, text[:2000])


def gold(page: Any, value: int) -> None:
    page.wait_for_function(f"document.querySelector('#gold').textContent === '{value}'", timeout=WAIT)


def play_a_game(server: Server, browser: Any, lang: str) -> None:
    german = lang == "de"
    locale = "de-DE" if german else "en-GB"
    mode = "advisory" if german else "strict"
    tag = "-de" if german else ""
    check = no_english if german else (lambda page: None)

    # The host creates the game on the home page and shows the join codes.
    links, host = host_links(browser, server, ["Alice", "Bob"], locale=locale, mode=mode, keep=True)
    host.wait_for_selector("#lan-box:not(.hidden)", timeout=WAIT)  # loopback only: the page says how to let phones in
    assert "--lan" in host.inner_text("#lan-box")
    # The command to copy: whole, with this server's port (the address the box names), never broken inside a
    # word (a line break after "--" read as "serve --" and "lan" on a phone).
    port = server.url.rsplit(":", 1)[1]
    assert host.inner_text("#lan-box code") == f"bash scripts/setup.sh serve --lan --port {port}"
    assert f":{port})" in host.inner_text("#lan-box")
    assert host.evaluate("[...document.querySelectorAll('#lan-box code span')]"
                         ".every(s => s.getClientRects().length === 1)")
    shot(host, "host-lan-hint" + tag)
    check(host)

    a, b = phone(browser, locale=locale), phone(browser, locale=locale)
    paste_deck(a, links["Alice"], ALICE_DECK)
    paste_deck(b, links["Bob"], BOB_DECK)

    # Setup: Alice sets her Tyrion up in shadows; then the plot phase.
    a.fill("#find", "tyrion")
    a.click("#found li[data-card='Alice.13089.1']")
    a.click("#sheet button[data-action=setup_into_shadows]")
    a.wait_for_selector("#my-shadows li[data-position='1']", timeout=WAIT)
    a.click("#step[data-step=next-step]")

    # Plot phase: each picks the plot to reveal (one tap), Alice wins initiative and names the first player.
    a.wait_for_selector("#plot-choice li", timeout=WAIT)
    shot(a, "plot-choice" + tag)
    check(a)
    a.click("#plot-choice li[data-plot='Alice.01001.1']")
    b.click("#plot-choice li[data-plot='Bob.01003.1']")
    a.wait_for_selector("#first-choice button[data-first=Alice]", timeout=WAIT)
    assert b.locator("#first-choice").count() == 0  # only the initiative winner chooses
    shot(a, "first-player" + tag)
    check(a)
    a.click("#first-choice button[data-first=Alice]")
    b.wait_for_selector("#first:has-text('Alice')", timeout=WAIT)
    a.click("#step[data-step=next-step]")  # draw phase
    a.wait_for_selector("#phase:has-text('" + ("Ziehphase" if german else "draw phase") + "')", timeout=WAIT)
    a.click("#step[data-step=next-step]")  # marshaling

    # Marshaling: Alice is active, collects her plot's income with a typed +1 modifier (4 + 1 gold).
    a.wait_for_selector("#collect-income", timeout=WAIT)
    a.fill("#income-mod", "1")
    shot(a, "income" + tag)
    check(a)
    a.click("#collect-income")
    gold(a, 5)

    # Bob tries to marshal out of turn: strict refuses, advisory records it with a flag and an Undo.
    b.fill("#find", "burned")
    b.click("#found li[data-card='Bob.01091.1']")
    b.click("#sheet button[data-action=marshal]")
    flag = b.wait_for_selector("#flags .flag", timeout=WAIT).inner_text()
    shot(b, "flag-out-of-turn" + tag)
    check(b)
    if german:
        assert "Aufgezeichnet — aber" in flag and "RR: Anhang I › 3. Aufmarschphase" in flag
        b.click("#flag-undo")
        b.wait_for_selector("#log li.undone", timeout=WAIT)
        assert b.locator("#log li.undone .flag").count() == 0  # the flag of an undone move disappears
        assert b.locator("#flags .flag").count() == 0, b.inner_text("#flags")
        shot(b, "undone" + tag)
    else:
        assert "Not recorded" in flag and "Only the active player (Alice)" in flag
        assert "RR: Appendix I › 3. Marshaling phase" in flag
        assert b.locator("#my-play li[data-card]").count() == 0

    # Alice brings Tyrion out of shadows (5 gold), then hands the turn on.
    a.click("#my-shadows li[data-position='1']")
    a.click("#sheet button[data-action=bring_out]")
    a.wait_for_selector("#my-play li[data-card='Alice.13089.1']", timeout=WAIT)
    gold(a, 0)
    a.click("#my-play li[data-card='Alice.13089.1']")  # renown, say: a power on Tyrion
    a.click("#sheet button[data-power='+1']")
    b.wait_for_selector("[data-seat=Alice] li[data-card='Alice.13089.1'] .tok", timeout=WAIT)
    a.click("#step[data-step=pass-turn]")
    b.wait_for_selector("#turn.mine", timeout=WAIT)
    shot(b, "your-turn" + tag)
    check(b)

    # Bob: income, Tyrion into shadows (2 gold), a marshal he takes back with Undo.
    b.click("#collect-income")
    gold(b, 4)
    b.fill("#find", "tyrion")
    b.click("#found li[data-card='Bob.13089.1']")
    b.click("#sheet button[data-action=marshal_into_shadows]")
    b.wait_for_selector("#my-shadows li[data-position='1']", timeout=WAIT)
    a.wait_for_selector("[data-seat=Bob] [data-shadows=Bob] li[data-position='1']", timeout=WAIT)
    b.fill("#find", "burned")
    b.click("#found li[data-card='Bob.01091.1']")
    b.click("#sheet button[data-action=marshal]")
    b.wait_for_selector("#my-play li[data-card='Bob.01091.1']", timeout=WAIT)
    gold(b, 0)
    b.click("#undo")  # the undo says what it takes back, and asks
    what = b.wait_for_selector("#undo-what", timeout=WAIT).inner_text()
    assert "Burned Men" in what, what
    shot(b, "undo-preview" + tag)
    check(b)
    b.click("#undo-yes")
    b.wait_for_selector("#my-play li[data-card='Bob.01091.1']", state="detached", timeout=WAIT)
    gold(b, 2)
    b.wait_for_selector("#log li.undone", timeout=WAIT)
    b.click("#step[data-step=pass-turn]")

    # Nobody is active: the challenges phase, where the turn goes round again, then the rest of the round;
    # standing and taxation happen by themselves (taxation returns Bob's 2 gold).
    a.click("#step[data-step=next-step]")
    a.click("#step[data-step=pass-turn]")
    b.click("#step[data-step=pass-turn]")
    for phase in ("dominance", "standing", "taxation"):
        a.wait_for_selector("#step[data-step=next-step]", timeout=WAIT)
        a.click("#step[data-step=next-step]")
        name = {"dominance": "Vorherrschaftsphase", "standing": "Auffrischungsphase", "taxation": "Steuerphase"}[phase]
        a.wait_for_selector(f"#phase:has-text('{name if german else phase + ' phase'}')", timeout=WAIT)
    gold(b, 0)
    shot(b, "taxation" + tag)
    check(b)
    a.click("#step[data-step=next-step]")
    b.wait_for_selector("#phase:has-text('" + ("Runde 2" if german else "Round 2") + "')", timeout=WAIT)
    b.wait_for_selector("#plot-choice li", timeout=WAIT)
    assert b.locator("#plot-choice li").count() == 1  # the revealed plot left the plot deck

    # Power: set to 13 on the faction card (1 more lies on Tyrion: the header shows the total, 14), then one
    # tap: 15 wins.
    a.click("#power")
    a.fill("#set-value", "13")
    a.click("#set-save")
    a.wait_for_function("document.querySelector('#power').textContent === '14'", timeout=WAIT)
    a.click("#power-plus")
    for page in (a, b):
        page.wait_for_selector("#game-over:not(.hidden)", timeout=WAIT)
    over = b.inner_text("#game-over")
    assert ("Alice gewinnt mit 15 Macht" if german else "Alice wins with 15 power") in over
    assert ("nach 2 Runden" if german else "after 2 rounds") in over
    b.click("#verify")
    b.wait_for_selector("#verify-result:has-text('" + ("geprüft" if german else "verified") + "')", timeout=WAIT)
    shot(b, "game-over" + tag)
    check(b)
    check(a)
    text = a.inner_text("#log")
    assert "Alice.13089.1" not in text and "[Alice" not in text  # names, not ids
    assert "v2" not in a.inner_text("header")


def test_a_whole_round_and_the_win_on_two_phones(server: Server, browser: Any) -> None:
    play_a_game(server, browser, "en")


def test_the_same_game_in_german_without_an_english_word(server: Server, browser: Any) -> None:
    play_a_game(server, browser, "de")


def test_taps_made_offline_wait_and_are_sent_in_order(server: Server, browser: Any) -> None:
    links, _ = host_links(browser, server, ["Ann", "Ben"])
    page = phone(browser, links["Ann"])
    context = page.context
    page.wait_for_selector("#live.on", timeout=WAIT)
    context.set_offline(True)
    for _ in range(3):
        page.click("#gold-plus")
    page.wait_for_selector("#offline:not(.hidden)", timeout=WAIT)
    page.click("#step[data-step=next-step]")  # a phase change made offline waits behind the gold
    page.wait_for_selector("#offline:has-text('2 taps waiting')", timeout=WAIT)
    gold(page, 3)  # the waiting taps already count on the phone
    shot(page, "offline")
    context.set_offline(False)
    page.wait_for_selector("#offline", state="hidden", timeout=10000)
    gold(page, 3)
    page.wait_for_selector("#phase:has-text('plot phase')", timeout=WAIT)
    assert page.locator("#log li").count() == 2  # one gold entry for the burst, then the phase


def test_names_keep_their_umlauts_and_similar_names_get_their_own_seats(server: Server, browser: Any) -> None:
    host = phone(browser, server.url + "/", locale="de-DE")
    host.fill("#seats", "Jürgen Müller\nJurgen Muller")
    host.click("button[type=submit]")
    host.wait_for_selector("[data-seat=JurgenMuller2] a", timeout=WAIT)
    page = phone(browser, host.get_attribute("[data-seat=JurgenMuller] a", "href"), locale="de-DE")
    page.wait_for_selector("#title:has-text('Jürgen Müller')", timeout=WAIT)
    assert "Jurgen Muller" in page.text_content("[data-seat=JurgenMuller2] h2")  # h2 is upper-cased by CSS


def test_double_taps_and_two_phones_tapping_next_together_record_once(server: Server, browser: Any) -> None:
    """Each tap counts once: a double tap on an action button, and two phones tapping "Next" at the same
    moment, each leave one entry in the log (the second phone sees the new state; nothing is re-sent)."""
    _, g = call(server.url + "/api", "POST", "/games", {"judge": True, "seats": [{"seat": "A", "name": "Alice"},
                                                                  {"seat": "B", "name": "Bob"}]})
    gid = g["game"]["id"]
    a, b = seat_phones(browser, server, g)
    for page in (a, b):
        page.wait_for_selector("#step[data-step=next-step]", timeout=WAIT)

    def entries() -> list[dict[str, Any]]:
        return call(server.url + "/api", "GET", f"/games/{gid}/log", key=g["judge"]["key"])[1]["entries"]

    # A double tap on "Next" (setup -> plot) on one phone.
    a.dblclick("#step[data-step=next-step]")
    a.wait_for_function("document.querySelector('#phase') && document.body.innerText.includes('plot')",
                        timeout=WAIT)
    a.wait_for_timeout(500)
    phases = [e["data"]["phase"] for e in entries() if e["data"].get("type") == "begin_phase"]
    assert phases == ["plot"]
    # Gold: a burst of taps is one entry with the sum.
    for _ in range(3):
        a.click("#gold-plus")
    a.wait_for_function("document.querySelector('#gold').textContent === '3'", timeout=WAIT)
    a.wait_for_timeout(1200)
    golds = [e["data"] for e in entries() if e["data"].get("type") == "gain_gold"]
    assert golds == [{"amount": 3, "player": "A", "type": "gain_gold"}]
    # Two phones tap "Next" together: both saw the plot phase (B's live updates are held back, so its tap
    # is certainly stale). One phase change is recorded; B gets the conflict, shows the new state and
    # sends nothing more.
    b.route("**/events*", lambda route: route.abort())
    b.reload()
    b.wait_for_selector("#step[data-step=next-step]", timeout=WAIT)
    before = len(entries())
    a.click("#step[data-step=next-step]")
    a.wait_for_function("document.body.innerText.includes('draw')", timeout=WAIT)
    b.click("#step[data-step=next-step]")
    b.wait_for_function("document.body.innerText.includes('draw')", timeout=WAIT)  # the new state, shown
    b.wait_for_timeout(1500)
    after = entries()[before:]
    assert [e["data"].get("phase") for e in after if e["data"].get("type") == "begin_phase"] == ["draw"]
    shot(b, "two-phones-next-conflict")
    a.context.close()
    b.context.close()
