"""What a first table noticed on its phones and laptops, each fixed in the page layer: a card form whose fields did not
say what they were for and listed two copies of a title as the same line twice, a deck pasted on one phone while the
other phone's deck went in first (a version conflict for a move nobody else could have made), the new-event form left
ready to make a second event after the first, empty brackets where a decklist names no faction, a faction card
knelt on a phone that no phone showed, and a challenge icon a card effect gives that no phone could record."""

from __future__ import annotations

from typing import Any

import pytest

from tests.axe import described, violations
from tests.phones import WAIT, caught_up, phone, seat_phones
from tests.server import Server, call
from tests.test_browser import CHROMIUM, prepared_game, shot
from tests.test_browser_challenges import challenges_game

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
LAPTOP = {"viewport": {"width": 1366, "height": 900}, "bypass_csp": True}

#: A decklist as ThronesDB's text export gives it without its faction line: an agenda and cards (enough to register).
DECK = "\n".join(["Ohne Haus", "", "1x Fealty (Core Set)", "1x A Noble Cause (Core Set)",
                  *[f"3x {n} (Core Set)" for n in ("Lannisport Merchant", "Burned Men", "Gold Cloaks", "Lannisport",
                                                   "Western Fiefdom", "Tears of Lys")]])


def two_seats(base: str) -> tuple[str, dict[str, Any]]:
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Ann"}, {"seat": "B", "name": "Ben"}]})
    return g["game"]["id"], g


def test_a_card_form_names_what_each_field_is_and_tells_copies_apart(server: Server, browser: Any) -> None:
    """The form of an offer draws what the server sends. A field the catalogue names says so in its legend (the
    challenge form's "Choose 0 to 1" under the attackers was the stealth target, which nobody could tell); a field
    with nothing to choose says so once (it said "Choose 0" over "Nothing"); two choices that read the same are told
    apart by their copy number (a hand to discard from listed "Black Ears" twice)."""
    _, g = two_seats(server.url + "/api")
    for locale, words in (("en-GB", ("Attackers: Choose 1 to 2", "Bypassed by stealth", "Defenders: Nothing to choose",
                                     "Black Ears (copy 1)", "Black Ears (copy 2)")),
                          ("de-DE", ("Angreifer: Wähle 1 bis 2", "Durch Heimlichkeit umgangen",
                                     "Verteidiger: Nichts zu wählen", "Black Ears (Exemplar 1)",
                                     "Black Ears (Exemplar 2)"))):
        page = phone(browser, g["seats"][0]["url"], locale=locale, server=server)
        page.wait_for_selector("#step:not(.hidden)", timeout=WAIT)
        offer = {"id": "look", "label": "Look", "primary": True, "detail": None, "confirm": None, "effect": False,
                 "action": {"type": "x"}, "fields": [
                     {"name": "attackers", "kind": "cards", "min": 1, "max": 2, "checked": [],
                      "choices": [{"card": "A.1", "name": "Robb Stark"}, {"card": "A.2", "name": "Meera Reed"}]},
                     {"name": "bypassed", "kind": "cards", "min": 0, "max": 1, "checked": [],
                      "choices": [{"card": "B.1", "name": "Penny"}]},
                     {"name": "defenders", "kind": "cards", "min": 0, "max": 0, "checked": [], "choices": []},
                     {"name": "cards", "kind": "cards", "min": 2, "max": 2, "checked": [],
                      "choices": [{"card": "A.3", "name": "Black Ears"}, {"card": "A.4", "name": "Black Ears"},
                                  {"card": "A.5", "name": "Bodyguard"}]}]}
        page.evaluate("""offer => import('/static/offers.js').then(m => {
            document.body.append(m.offerButton(offer, () => {}, {cardName: (id, name) => name}));
          })""", offer)
        page.evaluate("() => document.querySelector('[data-offer=look]').click()")  # under the Undo bar
        page.wait_for_selector("#sheet:not(.hidden) fieldset", timeout=WAIT)
        text = page.inner_text("#sheet")
        missing = [w for w in words if w not in text]
        assert missing == [], text
        assert "Nichts\n" not in text and "\nNothing" not in text, text  # the empty field says it once
        assert page.inner_text("#sheet [data-field=cards]").count("Bodyguard (") == 0  # a title held once: no number
        page.context.close()


def test_a_deck_pasted_while_the_other_phone_loaded_its_own_goes_in(server: Server, browser: Any) -> None:
    """Both players paste their decks as the game begins. The other phone's deck went in first, so this phone's was
    sent against an older version of the table: it said "Someone else changed the table first … tap again". Nobody
    else can load this seat's deck, so the phone sends it once more on the new table, as it does with gold."""
    base = server.url + "/api"
    gid, g = two_seats(base)
    page = phone(browser, g["seats"][0]["url"], server=server)
    page.wait_for_selector("#deck-box:not(.hidden)", timeout=WAIT)
    other: list[int] = []

    def meanwhile(route: Any) -> None:
        """The other phone's deck goes in while this phone's is on its way (sent against the version before)."""
        if not other:
            other.append(call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 0, "text": DECK},
                              g["seats"][1]["key"])[0])
        route.continue_()

    page.route(f"**/api/games/{gid}/seats/A/deck", meanwhile)
    page.fill("#deck-text", DECK)
    page.click("#deck-send")
    page.wait_for_selector("#deck-box", state="hidden", timeout=WAIT)
    assert other == [200]
    assert "changed the table first" not in page.inner_text("#flags")
    _, view = call(base, "GET", f"/games/{gid}/view", key=g["seats"][0]["key"])
    assert view["players"][0]["deck"]["count"] > 0, view["players"][0]["deck"]
    page.context.close()


def test_a_new_event_form_goes_once_the_event_is_made(server: Server, browser: Any) -> None:
    """The form stayed under the two links, its button ready to make a second event with the same name."""
    page = browser.new_context(**LAPTOP, locale="de-DE").new_page()
    page.goto(server.url + "/events/new")
    page.fill("#ev-name", "Kiel")
    page.click("#new-event button[type=submit]")
    page.wait_for_selector("#ev-created:not(.hidden)", timeout=WAIT)
    assert page.is_hidden("#new-event")
    assert page.locator("#ev-organiser").get_attribute("href") not in (None, "#")
    page.context.close()


def test_a_decklist_without_a_faction_leaves_no_empty_brackets(server: Server, browser: Any) -> None:
    """A pasted decklist need not name its faction. The organiser's list read "Ann — · Fealty" and the judge's
    dashboard "Ann () ✓ Gold 0": the faction is left out where there is none."""
    api = server.url + "/api"
    _, ev = call(api, "POST", "/event", {"name": "Ohne", "rounds": 1, "tables": 2})
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    for name in ("Ann", "Ben"):
        status, out = call(api, "POST", f"/event/{eid}/players", {"name": name, "decklist": DECK}, org)
        assert status == 201, out
        assert not out["player"].get("faction"), out  # the case this test is about
        call(api, "POST", f"/event/{eid}/players/{out['player']['id']}/confirm", {}, org)
    status, out = call(api, "POST", f"/event/{eid}/rounds", {"csv": "1,Ann,Ben", "mode": "advisory"}, org)
    assert status in (200, 201), out
    page = browser.new_context(**LAPTOP, locale="en-GB").new_page()
    page.goto(f"{server.url}/e/{eid}#key={org}")
    page.wait_for_selector("#players li[data-player]", state="attached", timeout=WAIT)
    players = page.eval_on_selector("#players", "e => e.textContent")
    assert "Ann ·" in players and " — " not in players, players
    page.goto(f"{server.url}/e/{eid}/judge#key={judge}")
    page.wait_for_selector("#tables tr[data-game]", timeout=WAIT)
    row = page.inner_text("#tables tr[data-game]")
    assert "Ann" in row and "()" not in row, row
    page.context.close()


def test_a_knelt_faction_card_shows_beside_its_power_on_every_phone(server: Server, browser: Any) -> None:
    """Bob kneels his faction card as a card's cost ("Deine Fraktionskarte knien" under "Durch einen
    Karteneffekt…"): the log said so, but no phone showed it afterwards, so nobody could tell whether Fealty was
    still to pay. Each seat's faction card now reads with its power in that seat's area, "kneeling" while it kneels,
    on his German phone and on Alice's English one, and no longer once it stands."""
    g = prepared_game(server.url + "/api")  # marshaling: Alice Lannister, Bob Stark
    a, b = seat_phones(browser, server, g, ("en-GB", "de-DE"))
    b.wait_for_selector("#my-play [data-faction=B]", timeout=WAIT)
    assert b.inner_text("#my-play [data-faction=B]") == "Fraktionskarte (Stark) · 0 Macht"
    a.wait_for_selector("[data-seat=B] [data-faction=B]", timeout=WAIT)
    assert a.inner_text("#my-play [data-faction=A]") == "Faction card (Lannister) · 0 power"
    b.click("#round-box details.effects summary")
    b.click("#round-box button:has-text('Deine Fraktionskarte knien')")
    b.wait_for_selector("#my-play [data-faction=B]:has-text('gekniet')", timeout=WAIT)
    assert b.inner_text("#my-play [data-faction=B]") == "Fraktionskarte (Stark) · 0 Macht · gekniet"
    a.wait_for_selector("[data-seat=B] [data-faction=B]:has-text('kneeling')", timeout=WAIT)
    assert a.inner_text("[data-seat=B] [data-faction=B]") == "Faction card (Stark) · 0 power · kneeling"
    assert "kneeling" not in a.inner_text("#my-play [data-faction=A]")  # hers stands
    shot(a, "faction-card-kneeling-en")
    assert [described(violations(page)) for page in (a, b)] == [[], []]
    b.click("#round-box button:has-text('Deine Fraktionskarte aufrichten')")
    a.wait_for_selector("[data-seat=B] [data-faction=B]:not(:has-text('kneeling'))", timeout=WAIT)
    caught_up(b, a)
    assert "gekniet" not in b.inner_text("#my-play [data-faction=B]")
    for page in (a, b):
        page.context.close()


def test_a_character_gains_a_challenge_icon_from_its_menu_and_may_then_attack_with_it(server: Server,
                                                                                       browser: Any) -> None:
    """Edric Dayne's "give him a challenge icon of your choice until the end of the phase" could be written in a
    log but not tapped on a phone: the round box's modifier form names a participant's STR only, and the attack
    offers list only characters with the icon. In the challenges phase a character's menu offers, by a card effect,
    each icon it lacks to gain and each it has to lose, in words of its own on both phones."""
    g = challenges_game(server.url + "/api")  # Alice: Robb Stark and Vanguard Lancer, military and power only
    a, b = seat_phones(browser, server, g, ("en-GB", "de-DE"))
    a.wait_for_selector("#round-box [data-offer='challenge:military']", timeout=WAIT)
    assert a.locator("#round-box [data-offer='challenge:intrigue']").count() == 0
    a.click("#areas li[data-card='A.01057.1']")
    a.click("#sheet [data-effects]")
    entries = a.locator("#sheet button[data-action=modify]").all_inner_texts()
    assert entries == ["Loses the military icon until the end of the phase",
                       "Gains the intrigue icon until the end of the phase",
                       "Loses the power icon until the end of the phase"], entries
    shot(a, "icon-menu-en")
    a.click("#sheet button:has-text('Gains the intrigue icon')")
    a.click("#round-box [data-offer='challenge:intrigue']", timeout=WAIT)
    assert a.locator("#sheet [data-choice]").evaluate_all("xs => xs.map(x => x.dataset.choice)") == ["A.01057.1"]
    b.wait_for_selector("#log li:has-text('Intrigen-Symbol')", timeout=WAIT)
    b.click("#areas li[data-card='B.01094.1']")  # Lannisport Merchant: a power icon only
    b.click("#sheet [data-effects]")
    assert b.locator("#sheet button[data-action=modify]").all_inner_texts() == [
        "Erhält das Militär-Symbol bis zum Ende der Phase", "Erhält das Intrigen-Symbol bis zum Ende der Phase",
        "Verliert das Macht-Symbol bis zum Ende der Phase"]
    assert [described(violations(page)) for page in (a, b)] == [[], []]
    for page in (a, b):
        page.context.close()


def test_each_seats_agenda_reads_beside_its_faction_card_on_every_phone(server: Server, browser: Any) -> None:
    """A newcomer trial: Ann's agenda appeared on no phone, not even her own. The agenda is public (it lies face up
    beside the faction card): it reads there on her English phone and on Ben's German one."""
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Ann", "faction": "lannister"},
                                                   {"seat": "B", "name": "Ben", "faction": "stark"}]})
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck",
                {"expected_version": 0, "deck": {"01027": 1, "01091": 3}}, ka)[0] == 200
    a, b = seat_phones(browser, server, g, ("en-GB", "de-DE"))
    a.wait_for_selector("#my-play [data-faction=A] [data-agenda]", timeout=WAIT)
    assert a.inner_text("#my-play [data-faction=A]") == "Faction card (Lannister) · 0 power · agenda: Fealty"
    b.wait_for_selector("[data-seat=A] [data-faction=A] [data-agenda]", timeout=WAIT)
    assert b.inner_text("[data-seat=A] [data-faction=A]").endswith("· Agenda: Fealty")
    assert b.locator("#my-play [data-faction=B] [data-agenda]").count() == 0  # Ben plays none
    for page in (a, b):
        page.context.close()
