"""Steps a table could not write in the log (issue 33), each from the printed card and the rule text: the line the
table writes for it is accepted, and what the rules forbid in it is flagged."""

from __future__ import annotations

import pytest

from companion.rules import play
from companion.rules.actions import (
    BeginPhase,
    ChooseFirstPlayer,
    ChoosePlot,
    GainGold,
    Modify,
    PlayEvent,
    SetFirstPlayer,
    SpendGold,
)
from companion.rules.actions.attach import MoveAttachment
from companion.rules.actions.base import action_from_dict
from companion.rules.actions.naming import NameChoice
from companion.rules.state import ActionError, Phase, Zone
from companion.rules.suggest import candidate_actions
from companion.rules.values import strength
from tests.tables import flagged_and_refused, hand, in_play, legal, make_table, military_won_by_a, next_phase, rules_of
from tests.test_printed_abilities import plots


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


def test_gain_gold_names_its_source_and_is_judged_as_every_source_is() -> None:
    """Calling the Banners (2nd edition plot, "When Revealed: Gain 1 gold for each character an opponent controls."):
    the gold line names the plot as its ``source``. A source with a phase label is judged by it (The Goldroad:
    "Challenges Action: Kneel The Goldroad to gain 1 gold."; RR: Actions: "… may only be initiated during that
    phase"), as every sourced line is; a line without a source stays unjudged."""
    t = make_table({"A": {"01007": 1, "06110": 1}, "B": {"01001": 1, "01057": 2}}, phase="plot", gold=0)
    in_play(t, "B.01057.1")
    in_play(t, "B.01057.2")
    in_play(t, "A.06110.1")
    legal(t, ChoosePlot("A", "A.01007.1"))
    legal(t, ChoosePlot("B", "B.01001.1"))
    legal(t, GainGold("A", 2, source="A.01007.1"))
    assert t.players["A"].gold == 2
    legal(t, SetFirstPlayer("A"))
    legal(t, BeginPhase("draw"))
    legal(t, BeginPhase("marshaling"))
    t.players["A"].income_round = t.round
    flagged_and_refused(t, GainGold("A", 1, source="A.06110.1"), "ability.phase")
    legal(t, GainGold("A", 1))
    assert action_from_dict({"type": "gain_gold", "player": "A", "amount": 1, "source": "A.01007.1"}) \
        == GainGold("A", 1, source="A.01007.1")


def test_move_attachment_moves_lady_to_a_different_character_under_the_attach_restrictions() -> None:
    """2nd edition Lady ("[stark] character only. … Action: Pay 1 gold to attach Lady to a different character.") and
    Nymeria ("Unique [stark] character only. … attach Nymeria to a different character."): ``move_attachment`` moves
    the attachment to its new host, which its restriction must fit, as when it was marshalled (``attach.restriction``);
    a card that is no attachment is refused as a target is (``attach.target``). The gold is its own line."""
    t = make_table({"A": {"02004": 1, "03019": 1, "01146": 1, "01147": 1, "01150": 1, "01089": 1}, "B": {}})
    for card in ("A.01146.1", "A.01147.1", "A.01150.1", "A.01089.1"):
        in_play(t, card)
    in_play(t, "A.02004.1", attached_to="A.01146.1")
    in_play(t, "A.03019.1", attached_to="A.01146.1")
    offered = [a for a in candidate_actions(t, "A.02004.1", "A") if isinstance(a, MoveAttachment)]
    assert MoveAttachment("A", "A.02004.1", "A.01147.1") in offered
    assert all(a.attach_to != "A.01146.1" for a in offered)  # "a different character"
    flagged_and_refused(t, MoveAttachment("A", "A.02004.1", "A.01089.1"), "attach.restriction")
    flagged_and_refused(t, MoveAttachment("A", "A.03019.1", "A.01150.1"), "attach.restriction")  # not unique
    flagged_and_refused(t, MoveAttachment("A", "A.01150.1", "A.01147.1"), "attach.target")  # no attachment
    legal(t, SpendGold("A", 1))
    legal(t, MoveAttachment("A", "A.02004.1", "A.01147.1", source="A.02004.1"))
    assert t.in_play["A.02004.1"].attached_to == "A.01147.1"
    assert strength(t, "A.01147.1") == t.card("A.01147.1").strength + 2  # "Attached character gets +2 STR."


def test_move_attachment_in_the_1st_edition_poisoned_wine() -> None:
    """1st edition Poisoned Wine ("Attached character gets -2 STR. Any Phase: Kneel 1 influence to move Poisoned Wine
    to another eligible character."): moved to another character of any player."""
    t = make_table({"A": {"core_101": 1, "core_12": 1}, "B": {"core_37": 1}}, edition="1e")
    in_play(t, "A.core_12.1")
    in_play(t, "B.core_37.1")
    in_play(t, "A.core_101.1", attached_to="A.core_12.1")
    legal(t, MoveAttachment("A", "A.core_101.1", "B.core_37.1", source="A.core_101.1"))
    assert t.in_play["A.core_101.1"].attached_to == "B.core_37.1"
    assert t.in_play["A.core_101.1"].controller == "A"
    assert strength(t, "B.core_37.1") == t.card("B.core_37.1").strength - 2


@pytest.mark.parametrize(("named", "claim"), [(None, 2), ("intrigue", 2), ("military", 1)])
def test_calm_over_westeros_reads_the_challenge_type_named(named: str | None, claim: int) -> None:
    """Calm Over Westeros ("When Revealed: Name a challenge type. Until you reveal a new plot card, reduce the claim
    value on the attacking player's revealed plot card by 1 during challenges of that type in which you are the
    defending player."): ``name_choice`` records the type; a military challenge against its player then claims 1
    less (The Winds of Winter: claim 2) where military was named, and as printed where another type was named or the
    log names none (lenient: the table did not write it)."""
    t = plots("2e", "01025", "01008", {"01057": 1}, {"01150": 2})
    if named is not None:
        legal(t, NameChoice("B", "B.01008.1", kind=named))  # type: ignore[arg-type]
    next_phase(t, "challenges")
    military_won_by_a(t, "A.01057.1", in_play_cards=("B.01150.1", "B.01150.2"))
    assert t.challenges[-1].claim == claim


def test_name_choice_names_one_thing_an_opponent_or_an_option() -> None:
    """A Southron Peace / Summer Harvest ("Choose an opponent."), an event's "Choose one: …": one named thing per
    line, decoded as declared; a line naming nothing or two things is no action."""
    t = plots("2e", "01025", "01008", {}, {})
    legal(t, NameChoice("A", "A.01025.1", opponent="B"))
    assert t.named["A.01025.1"] == (t.round, "opponent", "B", "marshaling")
    assert action_from_dict({"type": "name_choice", "player": "A", "card": "A.01025.1", "option": 2}) \
        == NameChoice("A", "A.01025.1", option=2)
    for bad in ({}, {"kind": "power", "option": 1}):
        with pytest.raises(ActionError):
            play(t, NameChoice("A", "A.01025.1", **bad))  # type: ignore[arg-type]
    with pytest.raises(ActionError):
        action_from_dict({"type": "name_choice", "player": "A", "card": "A.01025.1", "kind": "sneaky"})


def test_the_phone_names_a_challenge_type_for_an_event_just_played() -> None:
    """The menu of one's own event in the discard pile offers ``name_choice`` once per challenge type, behind "By a
    card effect…", each entry labelled with its type."""
    t = make_table({"A": {"01041": 1}, "B": {}})
    t.move("A.01041.1", "A", Zone.DISCARD)
    named = [a for a in candidate_actions(t, "A.01041.1", "A") if isinstance(a, NameChoice)]
    assert [a.kind for a in named] == ["military", "intrigue", "power"]
    assert named[0].menu_label() == {"msg": "menu.name_choice.kind", "kind": {"msg": "challenge.kind.military"}}
    assert NameChoice.phone.by_effect
