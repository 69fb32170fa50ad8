"""Rules found missing by the black-box probes (probe27, probe28): each test names its rule id and quotes the text."""

from __future__ import annotations

from companion.rules.actions import PlaceInDeadPile
from companion.rules.state import Zone
from tests.tables import flagged_and_refused, legal, make_table


def test_only_a_character_is_placed_in_a_dead_pile() -> None:
    """probe28 11: Heads on Spikes: "If that card is a character, … place the discarded character in its owner's dead
    pile." RR: Dead Pile: the pile of killed characters. A discarded location placed there is flagged
    (dead.character-only); a discarded character is legal."""
    t = make_table({"A": {"01156": 1, "01144": 1}, "B": {}}, phase="plot")
    t.move("A.01156.1", "A", Zone.DISCARD)
    t.move("A.01144.1", "A", Zone.DISCARD)
    flagged_and_refused(t, PlaceInDeadPile("B", "A.01156.1"), "dead.character-only")
    legal(t, PlaceInDeadPile("B", "A.01144.1"))
