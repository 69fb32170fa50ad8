"""Rules found missing by the black-box probes (probe27, probe28): each test names its rule id and quotes the text."""

from __future__ import annotations

from companion.rules.actions import PlaceInDeadPile, PutIntoPlay
from companion.rules.state import Zone
from tests.tables import flagged_and_refused, hand, legal, make_table


def test_only_a_character_is_placed_in_a_dead_pile() -> None:
    """probe28 11: Heads on Spikes: "If that card is a character, … place the discarded character in its owner's dead
    pile." RR: Dead Pile: the pile of killed characters. A discarded location placed there is flagged
    (dead.character-only); a discarded character is legal."""
    t = make_table({"A": {"01156": 1, "01144": 1}, "B": {}}, phase="plot")
    t.move("A.01156.1", "A", Zone.DISCARD)
    t.move("A.01144.1", "A", Zone.DISCARD)
    flagged_and_refused(t, PlaceInDeadPile("B", "A.01156.1"), "dead.character-only")
    legal(t, PlaceInDeadPile("B", "A.01144.1"))


def test_ambush_is_taken_in_the_challenges_phase_only() -> None:
    """probe27 01: RR: Ambush: "During the challenges phase, as a player action, a player may pay X gold to put a card
    with the ambush keyword into play from his or her hand." Burned Men (Ambush (2)) put into play by its own ambush
    in the dominance phase is flagged (ambush.phase); in the challenges phase it is legal."""
    t = make_table({"A": {"01091": 1}, "B": {}}, phase="dominance")
    hand(t, "A.01091.1")
    flagged_and_refused(t, PutIntoPlay("A", "A.01091.1", from_hand=True, source="A.01091.1"), "ambush.phase")
    t = make_table({"A": {"01091": 1}, "B": {}}, phase="challenges")
    hand(t, "A.01091.1")
    legal(t, PutIntoPlay("A", "A.01091.1", from_hand=True, source="A.01091.1"))
