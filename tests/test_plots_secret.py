"""Plots chosen in secret (issue 21, item 1): each player chooses face down, once (a second choice is flagged: the
chosen plot is placed; Undo takes it back), and the last player's choice reveals every chosen plot at once in that
one entry. The round cannot
leave the plot phase before the reveal, in either mode. Both editions."""

from __future__ import annotations

import pytest

from companion.rules import play
from companion.rules.actions import (
    BeginPhase,
    ChooseFirstPlayer,
    ChoosePlot,
    PassTurn,
    PlaceTokens,
    RemoveTokens,
    RevealPlot,
    SetFirstPlayer,
    WinInitiative,
)
from companion.rules.roles import Role
from companion.rules.state import Zone
from companion.rules.views import view
from tests.tables import illegal, legal, make_table, notes_of, rules_of

PLOTS = {
    "2e": ("01001", "00006"),  # A Clash of Kings (initiative 9), Feast or Famine (5)
    "1e": ("core_181", "acoa_25"),  # Summoning Season (3), Fury of the Wolf (7)
}
EDITIONS = ("2e", "1e")


def plot_table(edition: str, phase: str = "plot"):  # type: ignore[no-untyped-def]
    p1, p2 = PLOTS[edition]
    return make_table({"A": {p1: 1, p2: 1}, "B": {p1: 1, p2: 1}}, edition=edition, phase=phase, gold=0)


def pid(seat: str, n: int, edition: str) -> str:
    return f"{seat}.{PLOTS[edition][n]}.1"


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_chosen_plot_stays_face_down_until_the_last_choice_reveals_both_at_once(edition: str) -> None:
    t = plot_table(edition)
    a1, a2, b2 = pid("A", 0, edition), pid("A", 1, edition), pid("B", 1, edition)
    v = legal(t, ChoosePlot("A", a1))
    assert "plots-revealed" not in notes_of(v)
    assert t.zone_of(a1) is Zone.PLOTS and t.players["A"].plot_chosen == a1
    theirs = view(t, Role.of_seat("B"))["players"][0]
    assert theirs["plot_chosen"] is True and "plot_choice" not in theirs and theirs["revealed_plot"] is None
    assert view(t, Role.of_seat("A"))["players"][0]["plot_choice"] == a1
    # A chooses again: a chosen plot is placed (RR: Appendix I › 1.2), so the second choice is flagged; advisory
    # records it, still nothing revealed, and the flag names no card.
    v = play(t, ChoosePlot("A", a2), "advisory")
    assert rules_of(v) == ["plot.chosen-once"] and not any(x.cards for x in v.violations) and v.applied
    assert t.players["A"].plot_chosen == a2 and t.zone_of(a1) is Zone.PLOTS
    # B's choice is the last: both plots are revealed by it, in one entry.
    v = legal(t, ChoosePlot("B", b2))
    assert "plots-revealed" in notes_of(v)
    assert t.zone_of(a2) is Zone.REVEALED and t.zone_of(b2) is Zone.REVEALED
    assert t.players["A"].plot_chosen is None and t.players["B"].revealed_round == t.round
    assert view(t, Role.of_seat("B"))["players"][0]["revealed_plot"]["id"] == a2
    legal(t, WinInitiative("B"))  # the same plot and power: a random pick
    legal(t, SetFirstPlayer("A"))
    legal(t, BeginPhase("draw"))


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("mode", ["advisory", "strict"])
def test_the_round_cannot_reach_the_draw_phase_before_the_reveal(edition: str, mode: str) -> None:
    t = plot_table(edition)
    legal(t, ChoosePlot("A", pid("A", 0, edition)))
    v = play(t, BeginPhase("draw"), mode)
    assert set(rules_of(v)) == {"plot.reveal-first"} and not v.applied and v.violations[0].impossible
    assert t.phase.value == "plot"
    cite = "1E Rules › Plot phase" if edition == "1e" else "RR: Appendix I › 1. Plot phase"
    illegal(t, BeginPhase("draw"), "plot.reveal-first", cite)


@pytest.mark.parametrize("edition", EDITIONS)
def test_choices_out_of_turn_or_of_a_card_not_in_the_plot_deck(edition: str) -> None:
    t = plot_table(edition, phase="draw")
    illegal(t, ChoosePlot("A", pid("A", 0, edition)), "plot.phase")
    t = plot_table(edition)
    v = play(t, ChoosePlot("A", pid("B", 0, edition)), "advisory")
    assert rules_of(v) == ["plot.not-in-plot-deck"] and not v.applied
    legal(t, RevealPlot("A", pid("A", 0, edition)))  # the old one-step reveal still reads
    illegal(t, ChoosePlot("A", pid("A", 1, edition)), "plot.once-per-round")
    # A revealed already: B's choice is the last one and reveals at once.
    assert "plots-revealed" in notes_of(legal(t, ChoosePlot("B", pid("B", 0, edition))))


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_last_plot_brings_the_used_pile_back(edition: str) -> None:
    t = plot_table(edition)
    legal(t, ChoosePlot("A", pid("A", 0, edition)))
    legal(t, ChoosePlot("B", pid("B", 0, edition)))
    legal(t, WinInitiative("A"))  # same plots, same power: a random pick (RR: Initiative)
    legal(t, ChooseFirstPlayer("A", "A"))
    for phase in ("draw", "marshaling", "challenges", "dominance", "standing", "taxation", "plot"):
        while t.active_player is not None:
            legal(t, PassTurn(t.active_player))
        legal(t, BeginPhase(phase))
    legal(t, ChoosePlot("A", pid("A", 1, edition)))
    v = legal(t, ChoosePlot("B", pid("B", 1, edition)))
    assert notes_of(v).count("plots-recycled") == 2
    assert t.zone_of(pid("A", 0, edition)) is Zone.PLOTS and t.zone_of(pid("A", 1, edition)) is Zone.REVEALED


@pytest.mark.parametrize("mode", ["advisory", "strict"])
def test_retaliation_makes_its_initiative_winner_choose_an_opponent_first(mode: str) -> None:
    """Retaliation: "If you win initiative, you must choose an opponent to be the first player." (RR: Golden
    Rules: card text overrides the rules' free choice, RR: First Player)."""
    t = make_table({"A": {"07047": 1}, "B": {"00006": 1}}, phase="plot", gold=0)
    legal(t, ChoosePlot("A", "A.07047.1"))  # initiative 8
    legal(t, ChoosePlot("B", "B.00006.1"))  # initiative 5
    v = play(t, ChooseFirstPlayer("A", "A"), mode)
    assert rules_of(v) == ["first-player.opponent"] and v.applied == (mode == "advisory") and not v.impossible
    assert v.violations[0].citation == "RR: Golden Rule"
    if mode == "strict":
        legal(t, ChooseFirstPlayer("A", "B"))
    # Bob wins initiative over Retaliation: his free choice stands.
    t = make_table({"A": {"07047": 1}, "B": {"01001": 1}}, phase="plot", gold=0)
    legal(t, ChoosePlot("A", "A.07047.1"))
    legal(t, ChoosePlot("B", "B.01001.1"))  # initiative 9
    legal(t, ChooseFirstPlayer("B", "B"))


def test_a_revealed_plot_holds_tokens_until_it_goes_to_the_used_pile() -> None:
    """The revealed plot is in play (RR: In Play and Out of Play): Power Behind the Throne places stand tokens on
    itself. They go with it when the next plot is revealed."""
    t = plot_table("2e")
    plot = pid("A", 0, "2e")
    legal(t, ChoosePlot("A", plot))
    legal(t, ChoosePlot("B", pid("B", 0, "2e")))
    legal(t, PlaceTokens("A", "stand", 2, plot))
    legal(t, RemoveTokens("A", "stand", 1, plot))
    assert t.tokens_on(plot) == {"stand": 1}
    assert view(t, Role.of_seat("B"))["players"][0]["revealed_plot"]["tokens"] == {"stand": 1}
    legal(t, WinInitiative("A"))
    legal(t, ChooseFirstPlayer("A", "A"))
    for phase in ("draw", "marshaling", "challenges", "dominance", "standing", "taxation", "plot"):
        while t.active_player is not None:
            legal(t, PassTurn(t.active_player))
        legal(t, BeginPhase(phase))
    legal(t, ChoosePlot("A", pid("A", 1, "2e")))
    legal(t, ChoosePlot("B", pid("B", 1, "2e")))
    assert t.zone_of(plot) is not Zone.REVEALED and t.tokens_on(plot) == {}
