"""What a German table read wrongly on its phones, and reads rightly now: a refusal that outlived its phase, one that
did not say which card it was about, and a deck without a name shown as "Deck: deck"."""

from __future__ import annotations

from typing import Any

import pytest

from tests.phones import VERSION, WAIT, seat_phones
from tests.server import Server, call, play
from tests.test_browser import CHROMIUM, shot, wait_until
from tests.test_browser_challenges import challenges_game

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


def test_a_refusal_goes_when_the_table_moves_to_the_next_phase_and_stays_until_then(server: Server,
                                                                                     browser: Any) -> None:
    """A refusal belongs to the step it was tapped in: Bob's setup card was refused ("Bob würde 6 vom Aufbaugold (5)
    ausgeben"), and the red flag still stood over his plot choice a phase later, as if the plot had been refused."""
    base = server.url + "/api"
    g = challenges_game(base)  # strict, in the challenges phase, Alice's turn
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    _, b = seat_phones(browser, server, g, ("en-GB", "de-DE"))
    b.wait_for_selector("#find-box:not(.hidden)", timeout=WAIT)
    b.fill("#find", "gold cloaks")
    b.click("#found li[data-card='B.01092.2']", timeout=WAIT)
    b.click("#sheet button[data-action=marshal]", timeout=WAIT)  # not the marshaling phase: refused
    b.wait_for_selector("#flags [data-flag=refused]:has-text('Nicht aufgezeichnet')", timeout=WAIT)
    # Something else happens in the same phase: the refusal stays for Bob to read.
    version = call(base, "GET", f"/games/{gid}/view", key=ka)[1]["version"]
    version = play(base, gid, ((ka, {"type": "pass_turn", "player": "A"}),), version)
    wait_until(b, f"v => ({VERSION}).then(mine => mine >= v)", version, timeout=WAIT)
    assert b.locator("#flags [data-flag=refused]").count() == 1
    # The table moves on to dominance: the refusal of the challenges phase goes.
    play(base, gid, ((kb, {"type": "pass_turn", "player": "B"}),
                     (ka, {"type": "begin_phase", "phase": "dominance"})), version)
    b.wait_for_selector("#phase:has-text('Vorherrschaftsphase')", timeout=WAIT)
    b.wait_for_selector("#flags [data-flag=refused]", state="detached", timeout=WAIT)
    shot(b, "refusal-gone-next-phase-de")


def test_a_refusal_names_the_card_tapped_in_both_languages(server: Server, browser: Any) -> None:
    """A strict table refused a move and the phone said the rule but not which card it was about: it names the card's
    title now ("Not recorded: Vanguard Lancer — …"), in German too."""
    g = challenges_game(server.url + "/api")  # strict, in the challenges phase: no card may be marshalled
    a, b = seat_phones(browser, server, g, ("en-GB", "de-DE"))
    for page, query, card in ((a, "vanguard", "A.01057.2"), (b, "gold cloaks", "B.01092.2")):
        page.wait_for_selector("#find-box:not(.hidden)", timeout=WAIT)
        page.fill("#find", query)
        page.click(f"#found li[data-card='{card}']", timeout=WAIT)
        page.click("#sheet button[data-action=marshal]", timeout=WAIT)
        page.wait_for_selector("#flags [data-flag=refused]", timeout=WAIT)
    said = {page: page.inner_text("#flags [data-flag=refused] > div") for page in (a, b)}
    assert said[a].startswith("⚑ Not recorded: Vanguard Lancer — "), said[a]
    assert said[b].startswith("⚑ Nicht aufgezeichnet: Gold Cloaks — "), said[b]
    shot(a, "refusal-names-card-en")
    shot(b, "refusal-names-card-de")


def test_a_deck_without_a_name_is_not_called_deck(server: Server, browser: Any) -> None:
    """A decklist pasted without its name line (or a deck sent as codes) was named "deck": the phone read
    "Deck: deck" under its counts, English in a German page and a name nobody gave. It stays unnamed: the log counts
    its cards, and the page shows no name line."""
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Alice"}, {"seat": "B", "name": "Bob"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0,
                                                              "text": "3x Tyrion Lannister (Core Set)\n"}, ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": {"01091": 2}}, kb)[0] == 200
    log = call(base, "GET", f"/games/{gid}/log", key=ka)[1]["entries"]
    # (Bob's deck's name, had it one, is his own: Alice's key reads none.)
    assert [e["data"].get("name") for e in log if e["kind"] == "deck"] == ["", None]
    a, b = seat_phones(browser, server, g, ("de-DE", "de-DE"))
    for page in (a, b):
        page.wait_for_selector("#my-counts", timeout=WAIT)
        page.wait_for_selector("#log li", timeout=WAIT)
        assert page.locator("#deck-name").count() == 0
        assert "Deck: deck" not in page.inner_text("body") and "„deck“" not in page.inner_text("#log")
