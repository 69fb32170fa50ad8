"""The setup mulligan (RR: Setup: "draw 7, one optional mulligan in player order → place setup cards"), written
from that text first: once per player, in setup, with the 7-card setup hand drawn and before that player places a
setup card; the hand goes back into the draw deck, shuffled, and 7 new cards are drawn. Nothing is shown: the other
seat and a spectator read counts only. The 1st-edition texts held here give no mulligan: there it is flagged."""

from __future__ import annotations

import pytest

from companion.rules import check, play
from companion.rules.actions import DrawCards, RevealSetup, SetupFaceDown, SetupIntoShadows, SetupPlace
from companion.rules.actions.setup import Mulligan
from companion.rules.offers import round_view
from companion.rules.roles import SPECTATOR, Role
from companion.rules.state import Zone
from companion.rules.views import view
from tests.tables import flagged_and_refused, legal, make_table, rules_of

EDITIONS = ("2e", "1e")
CARDS = {"2e": ("01091", "13089"), "1e": ("core_20", "core_4")}  # Burned Men, Tyrion; Kennel Master, Ser Rodrik
SHADOW = "00168"  # 2nd edition: The Imp's Agent (Shadow 3)


def _setup(edition: str = "2e", deck: int = 12) -> object:
    c1, c2 = CARDS[edition]
    t = make_table({"A": {c1: 3, c2: deck - 3}, "B": {c1: 9}}, edition=edition, phase="setup")
    legal(t, DrawCards("A", 7))
    legal(t, DrawCards("B", 7))
    return t


def _counts(t, seat: str, viewer: Role) -> dict:  # type: ignore[no-untyped-def]
    return next(x for x in view(t, viewer)["players"] if x["seat"] == seat)


def test_a_mulligan_puts_the_hand_back_and_draws_seven_once() -> None:
    t = _setup()
    c1, _ = CARDS["2e"]
    # A card of the setup hand named (the first hand's): it goes back into the deck with the others.
    t.players["A"].drawn_unnamed -= 1
    t.move(f"A.{c1}.1", "A", Zone.HAND)
    v = legal(t, Mulligan("A"))
    assert "setup.hand" not in rules_of(v)
    a = t.players["A"]
    assert a.zones[Zone.HAND] == [] and a.drawn_unnamed == 7 and a.mulligan_taken and a.counts_known
    assert len(a.zones[Zone.DECK]) == 12 and a.zones[Zone.DECK] == sorted(a.zones[Zone.DECK])
    mine = _counts(t, "A", Role.of_seat("A"))
    assert (mine["hand"]["count"], mine["deck"]["count"]) == (7, 5)
    # The setup cards follow as after any setup hand, and the hand is not over 7.
    legal(t, SetupPlace("A", f"A.{c1}.2"))
    assert rules_of(check(t, DrawCards("A", 1))) == []  # 6 + 1: back to 7, as after the reveal
    # A second mulligan: illegal (flagged in advisory, refused in strict).
    t = _setup()
    legal(t, Mulligan("A"))
    twice = flagged_and_refused(t, Mulligan("A"), "setup.mulligan-once")
    assert twice.players["A"].drawn_unnamed == 7
    legal(t, Mulligan("B"))  # the other player's own one


def test_after_a_mulligan_the_counts_are_known_again() -> None:
    """A card taken as drawn with no recorded draw leaves the counts unknown; the mulligan takes the whole hand back,
    whatever it held, and draws 7: hand 7, the rest in the deck."""
    t = make_table({"A": {"01091": 3, "13089": 9}, "B": {"01091": 9}}, phase="setup")
    play(t, SetupPlace("A", "A.01091.1"), "advisory")  # taken as drawn
    assert not t.players["A"].counts_known
    advisory = t.clone()
    v = play(advisory, Mulligan("A"), "advisory")  # late (a setup card placed): flagged, recorded as said
    assert rules_of(v) == ["setup.mulligan-placed"] and v.applied
    a = _counts(advisory, "A", Role.of_seat("B"))
    assert (a["hand"]["count"], a["deck"]["count"], a["hand"]["tracked"]) == (7, 4, True)


def test_the_other_seat_and_a_spectator_read_counts_only() -> None:
    t = _setup()
    before = {who: _counts(t, "A", r) for who, r in (("B", Role.of_seat("B")), ("spectator", SPECTATOR))}
    legal(t, Mulligan("A"))
    for who, role in (("B", Role.of_seat("B")), ("spectator", SPECTATOR)):
        a = _counts(t, "A", role)
        assert "cards" not in a["hand"], who
        assert (a["hand"]["count"], a["deck"]["count"]) == (before[who]["hand"]["count"],
                                                            before[who]["deck"]["count"]) == (7, 5)
    assert Mulligan("A").reveals(t) == {}


@pytest.mark.parametrize("place", ["face_up", "face_down", "shadows"])
def test_no_mulligan_once_the_player_has_placed_setup_cards(place: str) -> None:
    t = make_table({"A": {"01091": 3, SHADOW: 1, "13089": 8}, "B": {"01091": 9}}, phase="setup")
    legal(t, DrawCards("A", 7))
    card = f"A.{SHADOW}.1" if place == "shadows" else "A.01091.1"
    placing = {"face_up": SetupPlace("A", card), "face_down": SetupFaceDown("A", card),
               "shadows": SetupIntoShadows("A", card)}[place]
    play(t, placing, "strict")
    flagged_and_refused(t, Mulligan("A"), "setup.mulligan-placed")
    assert rules_of(check(t, Mulligan("B"))) == ["setup.mulligan-hand"]  # B drew nothing yet
    legal(t, DrawCards("B", 7))
    legal(t, Mulligan("B"))  # A's setup cards do not matter to B


def test_no_mulligan_after_the_reveal_or_outside_setup_nor_before_the_hand_is_drawn() -> None:
    t = make_table({"A": {"01091": 3, "13089": 8}, "B": {"01091": 9}}, phase="setup")
    flagged_and_refused(t, Mulligan("A"), "setup.mulligan-hand")
    legal(t, DrawCards("A", 7))
    legal(t, DrawCards("B", 7))
    legal(t, SetupFaceDown("B", "B.01091.1"))
    legal(t, RevealSetup())
    flagged_and_refused(t, Mulligan("A"), "setup.revealed")
    t = make_table({"A": {"01091": 3, "13089": 8}, "B": {"01091": 9}}, phase="draw")
    flagged_and_refused(t, Mulligan("A"), "setup.mulligan-phase")


def test_seven_new_cards_cannot_be_drawn_from_fewer() -> None:
    """A hand and deck of fewer than 7 together: the 7 new cards are not there, as a setup draw of 7 from fewer."""
    t = make_table({"A": {"01091": 6}, "B": {"01091": 9}}, phase="setup")
    play(t, DrawCards("A", 6), "advisory")
    for mode in ("advisory", "strict"):
        v = play(t.clone(), Mulligan("A"), mode)
        assert "draw.deck-short" in rules_of(v) and v.impossible and not v.applied, mode


def test_the_first_edition_has_no_mulligan() -> None:
    t = _setup("1e")
    done = flagged_and_refused(t, Mulligan("A"), "setup.mulligan-1e")
    assert rules_of(check(done, Mulligan("A"))) == ["setup.mulligan-once", "setup.mulligan-1e"]
    assert not [o for o in round_view(t, Role.of_seat("A"))["offers"] if o["id"].startswith("mulligan:")]


def test_the_phone_offers_the_mulligan_while_it_is_legal_and_asks_first() -> None:
    t = make_table({"A": {"01091": 3, "13089": 8}, "B": {"01091": 9}}, phase="setup")

    def offers(role: Role) -> list[dict]:  # type: ignore[type-arg]
        return [o for o in round_view(t, role)["offers"] if not o["id"].startswith("table:")]  # not card effects'

    assert [o["id"] for o in offers(Role.of_seat("A"))] == ["draw:A:7"]
    legal(t, DrawCards("A", 7))
    mulligan = [o for o in offers(Role.of_seat("A")) if o["id"] == "mulligan:A"]
    assert len(mulligan) == 1 and mulligan[0]["action"] == {"type": "mulligan", "player": "A"}
    assert mulligan[0]["confirm"] == {"msg": "confirmMulligan"} and mulligan[0]["label"] == {"msg": "round.mulligan"}
    assert not mulligan[0]["primary"]  # keeping the hand is as usual as not
    assert not [o for o in offers(Role.of_seat("B")) if o["id"].startswith("mulligan:")]  # another seat's: never
    assert not [o for o in offers(SPECTATOR) if o["id"].startswith("mulligan:")]
    legal(t, Mulligan("A"))
    assert not [o for o in offers(Role.of_seat("A")) if o["id"].startswith("mulligan:")]  # used: gone
    legal(t, DrawCards("B", 7))
    # (and the reveal, for a player who places no setup card: the step button says "choose, then reveal")
    assert [o["id"] for o in offers(Role.of_seat("B"))] == ["mulligan:B", "reveal-setup"]
    legal(t, SetupFaceDown("B", "B.01091.1"))
    assert not [o for o in offers(Role.of_seat("B")) if o["id"].startswith("mulligan:")]  # a setup card placed


def test_after_the_reveal_the_phone_offers_to_draw_back_up_to_seven() -> None:
    t = make_table({"A": {"01091": 3, "13089": 8}, "B": {"01091": 9}}, phase="setup")
    legal(t, DrawCards("A", 7))
    legal(t, DrawCards("B", 7))
    legal(t, SetupFaceDown("A", "A.01091.1"))
    legal(t, SetupFaceDown("A", "A.01091.2"))
    assert not [o for o in round_view(t, Role.of_seat("A"))["offers"] if o["id"].startswith("draw:")]
    legal(t, RevealSetup())
    up = [o for o in round_view(t, Role.of_seat("A"))["offers"] if o["id"].startswith("draw:")]
    assert [(o["label"], o["action"]) for o in up] == [({"msg": "drawUpTo7", "n": 2},
                                                        {"type": "draw_cards", "player": "A", "count": 2})]
    assert not [o for o in round_view(t, Role.of_seat("B"))["offers"] if o["id"].startswith("draw:")]  # 7 held
    legal(t, DrawCards("A", 2))
    assert not [o for o in round_view(t, Role.of_seat("A"))["offers"] if o["id"].startswith("draw:")]


def test_knights_of_the_hollow_hill_forbids_setup_cards_and_other_gold_bonuses() -> None:
    """probe24 19: Knights of the Hollow Hill (2e 13039; 1e bwb_59) "You cannot place cards during setup. Your other
    cards do not provide a gold bonus." (RR: Setup; card text beats the rules): a setup card is flagged, in setup
    face up, face down or into shadows; its own "+3 Income" counts, a location's "+1 Income" does not."""
    from companion.rules.values import income
    from tests.tables import flagged_and_refused, hand, in_play, legal, make_table

    for edition, agenda, character in (("2e", "13039", "01057"), ("1e", "bwb_59", "core_124")):
        t = make_table({"A": {agenda: 1, character: 1}, "B": {character: 1}}, edition=edition, phase="setup")
        hand(t, f"A.{character}.1")
        hand(t, f"B.{character}.1")
        flagged_and_refused(t, SetupPlace("A", f"A.{character}.1"), "setup.agenda-forbids")
        flagged_and_refused(t, SetupFaceDown("A", f"A.{character}.1"), "setup.agenda-forbids")
        legal(t, SetupPlace("B", f"B.{character}.1"))
    from tests.test_printed_abilities import plots

    t = plots("2e", "01004", "01004", {"13039": 1, "01040": 1}, {"01040": 1})  # The Roseroad: +1 Income
    in_play(t, "A.01040.1")
    in_play(t, "B.01040.1")
    assert (income(t, "A"), income(t, "B")) == (5 + 3, 5 + 1)


def test_an_agenda_spends_less_setup_gold() -> None:
    """aside56 19: The House With the Red Door (2e 08039) "You cannot spend more than 4 gold during setup." and 1st
    edition House of Dreams (btns_119) "… You cannot spend more than 3 gold during setup." (card text beats RR: Setup):
    setup cards over that gold are flagged (setup.gold) however much the edition gives; the opponent keeps its own."""
    from tests.tables import hand

    for edition, deck, within, over in (
            ("2e", {"08039": 1, "01091": 3}, ("A.01091.1", "A.01091.2"), "A.01091.3"),
            ("1e", {"btns_119": 1, "core_20": 2, "core_21": 1}, ("A.core_20.1", "A.core_21.1"), "A.core_20.2")):
        t = make_table({"A": deck, "B": {"01091" if edition == "2e" else "core_20": 3}}, edition=edition,
                       phase="setup")
        hand(t, *within, over)
        for card in within:
            legal(t, SetupFaceDown("A", card))
        assert (t.setup_gold_left("A"), t.setup_gold_left("B")) == (0, t.setup_gold)
        flagged_and_refused(t, SetupFaceDown("A", over), "setup.gold")


def test_a_setup_card_recorded_below_its_printed_cost() -> None:
    """probe27 17: RR: Setup: up to 8 gold worth of cards, each for its printed cost; FAQ (1.9): card abilities are
    not active in setup unless they refer to setup, so nothing lowers one. Ser Jaime Lannister (printed 6) recorded
    for 3 is flagged (setup.cost-reduced) and counts 6: Tyrion (5) after it is over the 8 setup gold (setup.gold).
    Recorded at its printed 6 it is legal."""
    t = make_table({"A": {"01087": 1, "01089": 1}, "B": {"01091": 1}}, phase="setup")
    t.move("A.01087.1", "A", Zone.HAND)
    t.move("A.01089.1", "A", Zone.HAND)
    legal(t.clone(), SetupPlace("A", "A.01087.1", cost=6))
    after = flagged_and_refused(t, SetupPlace("A", "A.01087.1", cost=3), "setup.cost-reduced")
    assert after.players["A"].setup_gold_spent == 6
    flagged_and_refused(after, SetupPlace("A", "A.01089.1"), "setup.gold")
