"""Steps a table could not write in the log (issue 33), each from the printed card and the rule text: the line the
table writes for it is accepted, and what the rules forbid in it is flagged."""

from __future__ import annotations

import pytest

from companion.rules import play
from companion.rules.actions import ChooseFirstPlayer, ChoosePlot, Modify, PlayEvent
from companion.rules.state import Phase, Zone
from tests.tables import hand, legal, make_table, rules_of


@pytest.mark.parametrize(("edition", "plot", "tide"), [("2e", "01001", "03028"), ("1e", "core_181", "dotn_8")])
def test_ahead_of_the_tide_is_played_in_the_plot_phase_at_the_initiative_comparison(
        edition: str, plot: str, tide: str) -> None:
    """Ahead of the Tide (2nd edition "Interrupt: When you compare initiative, …"; 1st edition "Response: If an
    opponent would win initiative, …"): initiative is compared once the plots are revealed (RR: Appendix I › 1.2),
    before the winner chooses the first player; the event is played there, from hand, for its cost (0), not in an
    action window (RR: Action Windows: an interrupt or response follows its trigger)."""
    t = make_table({"A": {plot: 1, tide: 1}, "B": {plot: 1}}, edition=edition, phase="plot", gold=0)
    hand(t, f"A.{tide}.1")
    legal(t, ChoosePlot("A", f"A.{plot}.1"))
    legal(t, ChoosePlot("B", f"B.{plot}.1"))
    assert t.phase is Phase.PLOT
    legal(t, PlayEvent("A", f"A.{tide}.1"))
    assert f"A.{tide}.1" in t.players["A"].zones[Zone.DISCARD]
    if edition == "2e":  # "your revealed plot card gets +3 initiative": A now wins it
        legal(t, Modify("A", "initiative", 3, source=f"A.{tide}.1"))
        legal(t, ChooseFirstPlayer("A", "A"))
    assert rules_of(play(t.clone(), ChooseFirstPlayer("B", "B"))) != []
