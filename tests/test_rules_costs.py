"""Costs as the log records them: what is paid for a card marshalled, played or placed in setup (RR: Costs)."""

from __future__ import annotations

from companion.rules import play
from companion.rules.actions import Marshal, PlayEvent
from tests.tables import flagged_and_refused, hand, legal, rules_of
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
