"""What two new players tripped on at a game night, on the phone pages in real Chromium (390x844): what bringing a
card out of shadows costs, said before the tap (to its owner only); every seat's discard pile, as the dead piles are
shown; a unique card said in words; what to check in a deck just loaded, kept in sight; a notice when the other
phone records a move on one's card. Screenshots land in
test-artifacts/screenshots/."""

from __future__ import annotations

from typing import Any

import pytest

from tests import phones
from tests.axe import violations
from tests.server import Server, call, play
from tests.test_browser import CHROMIUM, prepared_game, shot

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

WAIT = phones.WAIT


def test_bringing_a_card_out_says_its_cost_and_the_gold_to_its_owner_only(server: Server, browser: Any) -> None:
    """Alice's menu of her face-down cards says what each costs to bring out (its Shadow value) and whether her gold
    is enough, in English and, once she switches, in German; Bob's menu of the same face-down card says no cost."""
    base = server.url + "/api"
    g = prepared_game(base)
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    version = call(base, "GET", f"/games/{gid}", key=ka)[1]["version"]
    play(base, gid, ((ka, {"type": "marshal_into_shadows", "player": "A", "card": "A.13089.1"}),  # 9 → 7 gold
                     (ka, {"type": "marshal_into_shadows", "player": "A", "card": "A.00168.1"}),  # 5
                     (ka, {"type": "marshal_into_shadows", "player": "A", "card": "A.00168.2"})), version)  # 3
    a, b = phones.seat_phones(browser, server, g, ("en-GB", "de-DE"))
    a.click("#my-shadows li[data-position='1']", timeout=WAIT)  # Tyrion (The Blackwater): Shadow (5)
    a.wait_for_selector("#sheet [data-cost=bring_out]", timeout=WAIT)
    assert a.inner_text("#sheet [data-cost=bring_out]") == "Costs 5 gold · you have only 3: not enough"
    shot(a, "night-bring-out-cost-en")
    a.click("[data-lang-toggle]")
    a.wait_for_selector("#sheet [data-cost=bring_out]:text-is('Kostet 5 Gold · du hast nur 3: zu wenig')",
                        timeout=WAIT)
    a.click("#sheet button:text-is('Schließen')")
    a.click("#my-shadows li[data-position='2']", timeout=WAIT)  # The Imp's Agent: Shadow (3)
    a.wait_for_selector("#sheet [data-cost=bring_out]:text-is('Kostet 3 Gold · du hast 3')", timeout=WAIT)
    shot(a, "night-bring-out-cost-de")
    b.click("[data-seat=A] [data-shadows=A] li[data-position='1']", timeout=WAIT)  # face down for Bob
    b.wait_for_selector("#sheet:not(.hidden) button", timeout=WAIT)
    phones.settled(b)
    assert b.locator("#sheet [data-cost]").count() == 0
    assert "Kostet" not in b.inner_text("#sheet") and "5" not in b.inner_text("#sheet")


def test_both_discard_piles_show_on_each_phone_as_the_dead_piles_do(server: Server, browser: Any) -> None:
    """A newcomer could not find the card just discarded: each phone lists every seat's discard pile (public) under
    its heading, as it lists the dead piles, in English and in German."""
    base = server.url + "/api"
    g = prepared_game(base)
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    version = call(base, "GET", f"/games/{gid}", key=ka)[1]["version"]
    play(base, gid, ((ka, {"type": "discard", "player": "A", "card": "A.00168.2"}),
                     (kb, {"type": "discard", "player": "B", "card": "B.01091.2"})), version)
    a, b = phones.seat_phones(browser, server, g, ("en-GB", "de-DE"))
    for page, heading in ((a, "Discard pile"), (b, "Ablagestapel")):
        page.wait_for_selector("#discard [data-discard=A] li[data-card='A.00168.2']", timeout=WAIT)
        page.wait_for_selector("#discard [data-discard=B] li[data-card='B.01091.2']", timeout=WAIT)
        assert page.inner_text("#discard h2").casefold() == heading.casefold()
        assert "The Imp's Agent" in page.inner_text("#discard [data-discard=A]")
        assert "Burned Men" in page.inner_text("#discard [data-discard=B]")
        assert page.locator("#dead [data-dead=A]").count() == 1  # the dead piles as before
        assert violations(page) == []
    a.locator("#discard").scroll_into_view_if_needed()
    shot(a, "night-discard-piles-en")


def test_a_unique_card_says_so_in_words_on_the_phone_and_the_home_page(server: Server, browser: Any) -> None:
    """A newcomer asked what the "◆" before some names meant: no page draws it now; a unique card's line says
    "unique" after its type (in play, in shadows, in a pile, in the home page's card search), in both languages."""
    base = server.url + "/api"
    g = prepared_game(base)
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    version = call(base, "GET", f"/games/{gid}", key=ka)[1]["version"]
    play(base, gid, ((ka, {"type": "marshal_into_shadows", "player": "A", "card": "A.13089.1"}),
                     (ka, {"type": "marshal_into_shadows", "player": "A", "card": "A.00168.1"})), version)
    a, b = phones.seat_phones(browser, server, g, ("en-GB", "de-DE"))
    a.wait_for_selector("#my-shadows li[data-position='2']", timeout=WAIT)
    b.wait_for_selector("[data-seat=A] [data-play=A] li[data-card='A.01089.1']", timeout=WAIT)
    assert a.inner_text("#my-play li[data-card='A.01089.1'] .muted") == "Character · unique"
    assert a.inner_text("#my-shadows li[data-position='1'] .muted").endswith("Shadow (5) · unique")  # Tyrion
    assert "unique" not in a.inner_text("#my-shadows li[data-position='2']")  # The Imp's Agent is not
    assert b.inner_text("[data-seat=A] li[data-card='A.01089.1'] .muted") == "Charakter · einzigartig"
    for page in (a, b):
        assert "◆" not in page.inner_text("body")
    a.locator("#my-shadows").scroll_into_view_if_needed()
    shot(a, "night-unique-in-words-en")
    home = phones.phone(browser, server.url + "/", locale="de-DE")
    home.fill("#q", "tyrion blackwater")
    home.wait_for_selector("#results li:has-text('13089')", timeout=WAIT)
    assert "einzigartig" in home.inner_text("#results li:has-text('13089')")
    assert "◆" not in home.inner_text("#results")


#: In sight: below the header that stays on top, above the bottom bar, on the screen the phone shows now.
IN_SIGHT = """id => { const r = document.getElementById(id).getBoundingClientRect();
  const top = document.querySelector("header").getBoundingClientRect().bottom;
  const bottom = document.getElementById("bar").getBoundingClientRect().top;
  return r.height > 0 && r.top >= top - 1 && r.top < bottom; }"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_what_to_check_in_a_loaded_deck_stays_in_sight_above_the_next_step(server: Server, browser: Any,
                                                                          lang: str) -> None:
    """A newcomer loaded an illegal deck and never read why: the warning sat at the top of the page, out of sight
    once the deck box folded away, and the next tap took it away. Now it stands above the round box (the next step,
    the draw), in sight as it comes, in the page's language (and the other one when switched), through the next
    taps and a reload, until the player closes it."""
    de = lang == "de"
    links, _ = phones.host_links(browser, server, ["Alice", "Bob"])
    a = phones.track_requests(phones.phone(browser, locale="de-DE" if de else "en-GB"))
    too_many = "4x Tyrion Lannister (Core Set)\n1x A Noble Cause (Core Set)\n"  # a deck may hold 3 of a title
    phones.paste_deck(a, links["Alice"].replace("http://localhost", server.url), "Too many Tyrions\n\n" + too_many)
    a.wait_for_selector("#deck-check:not(.hidden)", timeout=WAIT)
    phones.settled(a)
    assert a.evaluate(IN_SIGHT, "deck-check")
    copies = "4 Exemplare von Tyrion Lannister" if de else "4 copies of Tyrion Lannister"
    assert copies in a.inner_text("#deck-check")
    assert a.locator("#deck-check li").count() >= 2  # each warning a line of its own
    assert violations(a) == []
    shot(a, f"night-deck-check-{lang}")
    a.click("#round-box [data-offer^='draw:']")  # the next tap keeps it
    a.wait_for_selector("#my-counts:has-text('4')", timeout=WAIT)
    assert a.is_visible("#deck-check") and copies in a.inner_text("#deck-check")
    a.reload()
    a.wait_for_selector("#deck-check:not(.hidden)", timeout=WAIT)
    a.click("[data-lang-toggle]")
    a.wait_for_selector("#deck-check li:has-text('%s')" % ("4 copies" if de else "4 Exemplare"), timeout=WAIT)
    a.click("#deck-check-close")
    a.wait_for_selector("#deck-check", state="hidden", timeout=WAIT)
    a.reload()
    a.wait_for_selector("#my-play", timeout=WAIT)
    phones.settled(a)
    assert a.is_hidden("#deck-check")


def test_a_move_on_my_card_recorded_by_the_other_phone_is_a_notice_with_its_undo(server: Server, browser: Any) -> None:
    """A newcomer's character was killed from the other phone, and only the board changed. Now the phone whose card it
    is says who recorded what on which card, in its language, and whose Undo takes it back (a seat undoes only its own
    moves); the notice goes once that is done. Moves on one's own cards, or on the other's, are no news."""
    base = server.url + "/api"
    g = prepared_game(base)
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    a, b = phones.seat_phones(browser, server, g, ("en-GB", "de-DE"))
    for page in (a, b):
        page.wait_for_selector("#live.on", timeout=WAIT)
    version = call(base, "GET", f"/games/{gid}", key=ka)[1]["version"]
    version = play(base, gid, ((kb, {"type": "kill", "player": "B", "card": "A.01089.1"}),), version)
    a.wait_for_selector("#flags [data-flag=notice]", timeout=WAIT)
    assert a.inner_text("#flags [data-flag=notice] > div").startswith(
        "Bob recorded on your card: Tyrion Lannister is killed")
    phones.settled(b)
    assert b.locator("#flags [data-flag=notice]").count() == 0  # Bob's own move
    shot(a, "night-notice-killed-en")
    # A seat undoes only its own moves: the notice says whose Undo takes it back, and Bob's does.
    assert a.inner_text("#flag-undo-by") == ("Only Bob can take it back, with Undo on their phone (or the host or the "
                                             "judge).")
    b.click("#undo")
    b.click("#sheet #undo-yes", timeout=WAIT)
    a.wait_for_selector("#my-play li[data-card='A.01089.1']", timeout=WAIT)  # back in play
    a.wait_for_selector("#flags [data-flag=notice]", state="detached", timeout=WAIT)
    # Alice discards Bob's Burned Men: Bob's phone (German) says so; Alice's own discard is no news on hers.
    version = call(base, "GET", f"/games/{gid}", key=ka)[1]["version"]
    play(base, gid, ((ka, {"type": "discard", "player": "A", "card": "B.01091.1"}),
                     (ka, {"type": "discard", "player": "A", "card": "A.00168.2"})), version)
    b.wait_for_selector("#flags [data-flag=notice]", timeout=WAIT)
    assert b.inner_text("#flags [data-flag=notice] > div").startswith(
        "Alice hat bei deiner Karte eingetragen: Burned Men")
    assert b.inner_text("#flag-undo-by").startswith("Zurücknehmen kann das nur Alice mit „Rückgängig“")
    phones.settled(a)
    assert a.locator("#flags [data-flag=notice]").count() == 0
    assert violations(b) == []
    shot(b, "night-notice-discarded-de")
