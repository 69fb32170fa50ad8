"""Costs as the log records them: what is paid for a card marshalled, played or placed in setup (RR: Costs)."""

from __future__ import annotations

from companion.rules import play
from companion.rules.actions import Marshal, PlayEvent
from tests.tables import flagged_and_refused, hand, in_play, legal, rules_of
from tests.test_printed_abilities import plots


def test_a_free_duplicate_is_paid_whatever_an_earlier_overspend_left() -> None:
    """probe27 12: RR: Duplicates: "There is no cost to marshal a duplicate"; a cost of 0 is always paid
    (gold.insufficient names a cost that cannot be paid). Alice over-spends on Tyrion (flagged, her pool -1 in an
    advisory table); her second Tyrion, a duplicate, is not flagged again."""
    t = plots("2e", "01001", "00006", {"01089": 2}, {}, gold=4)
    hand(t, "A.01089.1", "A.01089.2")
    assert rules_of(play(t, Marshal("A", "A.01089.1"), "advisory")) == ["gold.insufficient"]
    assert t.players["A"].gold == -1
    assert rules_of(play(t, Marshal("A", "A.01089.2"), "advisory")) == []


def test_an_event_played_below_its_printed_cost_with_no_reducer() -> None:
    """probe27 15: RR: Costs / Event Cards: an event's gold cost is paid; Hear Me Roar! (printed cost 1) recorded for
    0 with nothing of Alice's taking anything off it is flagged (event.cost-reduced), as a marshalled card's lower
    cost is (marshal.cost-reduced); for its printed 1 it is legal."""
    t = plots("2e", "01001", "00006", {"01100": 1, "01091": 1}, {}, gold=1)
    hand(t, "A.01100.1", "A.01091.1")
    legal(t.clone(), PlayEvent("A", "A.01100.1", cost=1))
    flagged_and_refused(t, PlayEvent("A", "A.01100.1", cost=0), "event.cost-reduced")


def test_a_card_marshalled_for_more_than_its_cost_with_nothing_raising_it() -> None:
    """probe27 16: RR: Costs: the player pays the card's cost, no more. Grand Maester Pycelle (printed cost 3)
    recorded for 5 with no card in play, plot or agenda raising a cost is flagged (marshal.cost-raised); for 3 it is
    legal, and so is 4 while Kingdom of Shadows ("Increase the cost of each character you marshal by 1.") is
    Alice's agenda."""
    t = plots("2e", "01001", "00006", {"01085": 1}, {}, gold=10)
    hand(t, "A.01085.1")
    legal(t.clone(), Marshal("A", "A.01085.1", cost=3))
    flagged_and_refused(t, Marshal("A", "A.01085.1", cost=5), "marshal.cost-raised")
    raised = plots("2e", "01001", "00006", {"01085": 1, "13079": 1}, {}, gold=10)  # the agenda is in play
    hand(raised, "A.01085.1")
    assert "marshal.cost-raised" not in rules_of(play(raised, Marshal("A", "A.01085.1", cost=4), "advisory"))


def test_kingdom_of_shadows_raises_each_character_marshalled_and_lowers_one_brought_out() -> None:
    """aside56 18: Kingdom of Shadows (13079): "Increase the cost of each character you marshal by 1. Reduce the cost
    of the first character you bring out of shadows each round by 2." Burned Men (printed 2) marshalled for 2 is
    flagged (marshal.cost-reduced: its "bring out of shadows" reduction is not for a card marshalled); unrecorded it
    costs 3; a location is not raised; Ser Mandon Moore (Shadow 3) brought out for 1 is legal. The opponent's
    characters cost their printed cost."""
    from companion.rules.actions import BringOut
    from tests.tables import shadows

    t = plots("2e", "01001", "00006", {"13079": 1, "01091": 2, "01097": 1, "13009": 1}, {"01091": 1}, gold=10)
    hand(t, "A.01091.1", "A.01091.2", "A.01097.1", "B.01091.1")
    shadows(t, "A.13009.1")
    flagged_and_refused(t, Marshal("A", "A.01091.1", cost=2), "marshal.cost-reduced")
    legal(t, Marshal("A", "A.01091.2"))
    assert t.players["A"].gold == 10 - 3
    legal(t, BringOut("A", "A.13009.1", cost=1))
    assert t.players["A"].gold == 10 - 3 - 1
    assert Marshal("A", "A.01097.1").expected_cost(t) == t.card("A.01097.1").cost  # a location: not raised
    assert Marshal("B", "B.01091.1").expected_cost(t) == 2


def test_aloof_and_apart_reduces_the_first_character_of_printed_cost_6_or_higher_only() -> None:
    """aside56 23: Aloof and Apart (16027): "Reduce the cost of the first character with printed cost 6 or higher you
    marshal each round by 2." (1st edition w_18: "… printed cost 4 or higher you play …"). Arya Stark (printed 3)
    for 1 is flagged (marshal.cost-reduced); Robb Stark (6) for 4 is legal; Eddard Stark (7) for 5 after him is
    flagged: the reduction was the first one's."""
    t = plots("2e", "01001", "00006", {"16027": 1, "01141": 1, "01146": 1, "01144": 1}, {}, gold=20)
    hand(t, "A.01141.1", "A.01146.1", "A.01144.1")
    flagged_and_refused(t, Marshal("A", "A.01141.1", cost=1), "marshal.cost-reduced")
    legal(t, Marshal("A", "A.01146.1", cost=4))
    flagged_and_refused(t, Marshal("A", "A.01144.1", cost=5), "marshal.cost-reduced")


def test_a_reducer_in_hand_does_not_reduce_its_own_cost() -> None:
    """probe27 13: Lannisport Merchant: "Marshaling Action: Kneel Lannisport Merchant to reduce the cost of the next
    [lannister] character you marshal this phase by 1." RR: In Play and Out of Play: its ability is active only in
    play. Marshalled from hand for 0 (printed 1) with no other reducer: flagged (marshal.cost-reduced); for 0 while
    another Merchant is in play: legal once it knelt for it (the kneel is its ability's cost: standing, it was not
    used, and the recorded cost is flagged; aside15 26)."""
    from companion.rules.actions import Kneel
    t = plots("2e", "01001", "00006", {"01094": 2}, {}, gold=5)
    hand(t, "A.01094.1")
    flagged_and_refused(t, Marshal("A", "A.01094.1", cost=0), "marshal.cost-reduced")
    in_play(t, "A.01094.2")
    flagged_and_refused(t, Marshal("A", "A.01094.1", cost=0), "marshal.cost-reduced")
    legal(t, Kneel("A", "A.01094.2"))
    legal(t, Marshal("A", "A.01094.1", cost=0))


def test_one_kneel_reducer_reduces_one_card() -> None:
    """probe27 14: Lannisport Merchant: "Marshaling Action: Kneel Lannisport Merchant to reduce the cost of the next
    [lannister] character you marshal this phase by 1." Knelt, it pays 1 of Tyrion's 5 (legal); it is used up then,
    and Grand Maester Pycelle recorded for 2 (printed 3) is flagged (marshal.cost-reduced), for 3 legal."""
    from companion.rules.actions import Kneel
    t = plots("2e", "01001", "00006", {"01094": 1, "01089": 1, "01085": 1}, {}, gold=10)
    in_play(t, "A.01094.1")
    hand(t, "A.01089.1", "A.01085.1")
    legal(t, Kneel("A", "A.01094.1"))
    legal(t, Marshal("A", "A.01089.1", cost=4))
    legal(t.clone(), Marshal("A", "A.01085.1", cost=3))
    flagged_and_refused(t, Marshal("A", "A.01085.1", cost=2), "marshal.cost-reduced")


def test_a_kneel_reducer_stood_and_knelt_again_reduces_again() -> None:
    """aside62 04: Dragonstone Port (01059): "Marshaling Action: Kneel Dragonstone Port to reduce the cost of the
    next [baratheon] card you marshal this phase by 1."; Ser Eldon Estermont (13047): "Action: Choose and stand a
    [baratheon] location." Each kneel pays for one reduction: knelt, it takes 1 off a Bastard in Hiding; stood by
    Ser Eldon and knelt again, Vanguard Lancer (printed 2) for 1 is legal (marshal.cost-reduced before); stood and
    not knelt, it takes nothing off the next."""
    from companion.rules.actions import Kneel, Stand
    t = plots("2e", "01001", "00006", {"01059": 1, "13047": 1, "01053": 2, "01057": 2}, {}, gold=10)
    in_play(t, "A.01059.1")
    in_play(t, "A.13047.1")
    hand(t, "A.01053.1", "A.01057.1", "A.01057.2")
    legal(t, Kneel("A", "A.01059.1", source="A.01059.1"))
    legal(t, Marshal("A", "A.01053.1", cost=1))
    legal(t, Stand("A", "A.01059.1", source="A.13047.1"))
    flagged_and_refused(t.clone(), Marshal("A", "A.01057.1", cost=1), "marshal.cost-reduced")
    legal(t, Kneel("A", "A.01059.1", source="A.01059.1"))
    legal(t, Marshal("A", "A.01057.1", cost=1))
    flagged_and_refused(t, Marshal("A", "A.01057.2", cost=1), "marshal.cost-reduced")


def test_bestow_places_up_to_x_gold() -> None:
    """probe27 06: RR: Bestow: "As a card with bestow enters play, its controller may place up to X gold from his
    or her gold pool on that card." Cersei's Informer ("Bestow (3).") marshalled: 3 gold placed on it is legal, 4 is
    flagged (tokens.bestow)."""
    from companion.rules.actions import PlaceTokens, RemoveTokens
    t = plots("2e", "01001", "00006", {"08089": 1}, {}, gold=10)
    hand(t, "A.08089.1")
    legal(t, Marshal("A", "A.08089.1"))
    legal(t, RemoveTokens("A", "gold", 4))
    legal(t.clone(), PlaceTokens("A", "gold", 3, "A.08089.1"))
    flagged_and_refused(t, PlaceTokens("A", "gold", 4, "A.08089.1"), "tokens.bestow")


def test_a_cost_that_cannot_be_paid_names_the_player_not_the_seat() -> None:
    """Found on a strict table made over the API (seats "A" and "B", players Alice and Bob): the refusal read
    "Not recorded: Vanguard Lancer — … ⚑ A needs 2 gold but has 0." The messages name the player, whatever the
    check passed (gold.insufficient, setup.gold and the notes took the seat)."""
    t = plots("2e", "01001", "00006", {"01089": 2}, {}, gold=4)
    t.players["A"].name, t.players["B"].name = "Alice", "Bob"
    hand(t, "A.01089.1")
    v = play(t, Marshal("A", "A.01089.1"), "advisory")
    assert [(x.rule, x.params["player"]) for x in v.violations] == [("gold.insufficient", "Alice")]
    assert v.violations[0].text("de") == "Alice braucht 5 Gold, hat aber 4."
