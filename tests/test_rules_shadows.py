"""Going into and coming out of shadows, in both editions. Each rule: a legal and an illegal case."""

from __future__ import annotations

import pytest

from companion.catalog.card import Card
from companion.rules import check, play
from companion.rules.actions import (
    Action,
    BringOut,
    ChoosePlot,
    Discard,
    Draw,
    DrawCards,
    GainGold,
    GainPower,
    Marshal,
    MarshalIntoShadows,
    PassTurn,
    PlaceTokens,
    PlayEventFromShadows,
    PutIntoPlayFromShadows,
    PutIntoShadows,
    SetPower,
    TakeControl,
    WinDominance,
)
from companion.rules.roles import JUDGE, Role
from companion.rules.state import ChallengeRecord, Stage, Zone
from companion.rules.views import view
from tests.tables import dead, hand, illegal, in_play, legal, make_table, notes_of, rules_of, shadows

TYRION_TB = "13089"  # unique, cost 6, Shadow (5)
TYRION_CORE = "01089"  # unique, cost 5, no Shadow
POWDER = "11099"  # attachment, cost "-", Shadow (1)
BRIDGE = "11011"  # event, cost "-", Shadow (0)
ALL_THE_GOLD = "26106"  # Limited event, cost "-", Shadow (0)
IMPS_AGENT = "00168"  # non-unique character, cost 3, Shadow (3)
BURNED_MEN = "01091"  # non-unique character, cost 2, no Shadow
BERSERKERS = "26031"  # Shadow (X)
NYMERIA_ATTACHMENT = "03019"
NYMERIA_CHARACTER = "08061"
GREYWATER = "00236"  # unique location, Shadow (1)

TWIN = Card(code="T0001", edition="2e", name="Test Twin Shadows", type="character", faction="neutral",
            cost=3, shadow_costs=(2, 4))
LIMITED_SHADOW = Card(code="T0002", edition="2e", name="Test Limited Shadow", type="character",
                      faction="neutral", cost=2, shadow_costs=(1,), limited=True)

RR_UNIQUE = "RR: Shadows › Unique cards and shadows"
INSERT_UNIQUE = "1E Shadows insert › Unique cards and Shadows"


# -- marshal into shadows ----------------------------------------------------------------


def test_marshal_into_shadows_costs_two_and_hides_the_card() -> None:
    t = make_table({"A": {TYRION_TB: 1}, "B": {}})
    hand(t, "A.13089.1")
    legal(t, MarshalIntoShadows("A", "A.13089.1"))
    assert t.players["A"].gold == 8
    assert t.where["A.13089.1"] == ("A", Zone.SHADOWS)
    assert t.in_shadows["A.13089.1"].position == 1


def test_marshal_into_shadows_needs_the_shadow_keyword() -> None:
    t = make_table({"A": {BURNED_MEN: 1}, "B": {}})
    hand(t, "A.01091.1")
    illegal(t, MarshalIntoShadows("A", "A.01091.1"), "shadows.no-keyword",
            "RR: Shadows › Marshaling a card into shadows")


def test_marshal_into_shadows_only_in_the_marshaling_phase_by_the_active_player() -> None:
    t = make_table({"A": {IMPS_AGENT: 1}, "B": {IMPS_AGENT: 1}}, phase="challenges")
    hand(t, "A.00168.1", "B.00168.1")
    illegal(t, MarshalIntoShadows("A", "A.00168.1"), "shadows.marshal-phase")
    t2 = make_table({"A": {IMPS_AGENT: 1}, "B": {IMPS_AGENT: 1}})
    hand(t2, "B.00168.1")
    illegal(t2, MarshalIntoShadows("B", "B.00168.1"), "marshal.active-player")


def test_marshal_into_shadows_only_from_hand() -> None:
    t = make_table({"A": {IMPS_AGENT: 1}, "B": {}})
    t.move("A.00168.1", "A", Zone.DISCARD)
    v = illegal(t, MarshalIntoShadows("A", "A.00168.1"), "shadows.marshal-from-hand")
    assert "discard pile" in v.violations[0].text() and "Ablagestapel" in v.violations[0].text("de")


def test_a_card_still_in_the_draw_deck_counts_as_drawn() -> None:
    t = make_table({"A": {IMPS_AGENT: 1}, "B": {}})
    v = legal(t, MarshalIntoShadows("A", "A.00168.1"))
    assert "assumed-drawn" in notes_of(v)


def test_marshal_into_shadows_needs_two_gold_and_strict_mode_refuses() -> None:
    t = make_table({"A": {IMPS_AGENT: 1}, "B": {}}, gold=1)
    hand(t, "A.00168.1")
    before = view(t, JUDGE)
    v = play(t, MarshalIntoShadows("A", "A.00168.1"), "strict")
    assert not v.legal and not v.applied and rules_of(v) == ["gold.insufficient"]
    assert view(t, JUDGE) == before


def test_unique_card_may_go_into_shadows_with_a_copy_in_the_dead_pile() -> None:
    t = make_table({"A": {TYRION_TB: 1, TYRION_CORE: 1}, "B": {}})
    hand(t, "A.13089.1")
    dead(t, "A.01089.1")
    v = legal(t, MarshalIntoShadows("A", "A.13089.1"))
    assert "shadows-unique-allowed" in notes_of(v)


def test_first_edition_needs_the_shadow_crest() -> None:
    t = make_table({"A": {"kl_5": 1, "atoc_83": 1}, "B": {}}, edition="1e")
    hand(t, "A.kl_5.1", "A.atoc_83.1")
    illegal(t, MarshalIntoShadows("A", "A.atoc_83.1"), "shadows.no-crest",
            "1E Shadows insert › Playing a card into Shadows")
    legal(t, MarshalIntoShadows("A", "A.kl_5.1"))
    assert t.players["A"].gold == 8


# -- bring out ---------------------------------------------------------------------------


def test_bring_out_pays_the_shadow_cost_and_enters_play_standing() -> None:
    t = make_table({"A": {TYRION_TB: 1}, "B": {}})
    shadows(t, "A.13089.1")
    legal(t, BringOut("A", "A.13089.1"))
    assert t.players["A"].gold == 5
    assert t.where["A.13089.1"] == ("A", Zone.PLAY) and not t.in_play["A.13089.1"].kneeling


def test_bring_out_refused_with_a_copy_in_the_dead_pile_second_edition() -> None:
    t = make_table({"A": {TYRION_TB: 1, TYRION_CORE: 1}, "B": {}})
    shadows(t, "A.13089.1")
    dead(t, "A.01089.1")
    v = illegal(t, BringOut("A", "A.13089.1"), "shadows.unique-dead-pile", RR_UNIQUE)
    message = v.violations[0].text()
    assert "Tyrion Lannister [A.13089.1]" in message and "Tyrion Lannister [A.01089.1]" in message  # judge: ids
    assert "Totenstapel" in v.violations[0].text("de")


def test_bring_out_refused_with_a_copy_in_the_dead_pile_first_edition() -> None:
    t = make_table({"A": {"kl_5": 1, "core_38": 1}, "B": {}}, edition="1e")
    shadows(t, "A.kl_5.1")
    dead(t, "A.core_38.1")
    illegal(t, BringOut("A", "A.kl_5.1"), "shadows.unique-dead-pile", INSERT_UNIQUE)


def test_copies_are_by_title_across_card_types() -> None:
    t = make_table({"A": {NYMERIA_ATTACHMENT: 1, NYMERIA_CHARACTER: 1}, "B": {}})
    shadows(t, "A.08061.1")  # the character is not a Shadow card, but effects may put it there
    dead(t, "A.03019.1")
    illegal(t, BringOut("A", "A.08061.1"), "shadows.unique-dead-pile")


def test_an_opponents_dead_copy_does_not_matter() -> None:
    t = make_table({"A": {TYRION_TB: 1}, "B": {TYRION_CORE: 1}})
    shadows(t, "A.13089.1")
    dead(t, "B.01089.1")
    legal(t, BringOut("A", "A.13089.1"))


def test_bring_out_as_duplicate_still_pays_the_shadow_cost() -> None:
    t = make_table({"A": {TYRION_TB: 1, TYRION_CORE: 1}, "B": {}})
    shadows(t, "A.13089.1")
    in_play(t, "A.01089.1")
    v = legal(t, BringOut("A", "A.13089.1"))
    assert "duplicate" in notes_of(v)
    assert t.in_play["A.13089.1"].duplicate_of == "A.01089.1"
    assert t.players["A"].gold == 5
    assert view(t, Role.of_seat("B"))["players"][0]["uniques_in_play"] == ["Tyrion Lannister"]


def test_bring_out_refused_when_an_opponent_controls_my_copy() -> None:
    t = make_table({"A": {TYRION_TB: 1, TYRION_CORE: 1}, "B": {}})
    shadows(t, "A.13089.1")
    in_play(t, "A.01089.1", controller="B")
    illegal(t, BringOut("A", "A.13089.1"), "shadows.unique-owned-not-controlled", RR_UNIQUE)


def test_bring_out_refused_when_i_control_an_opponents_copy() -> None:
    t = make_table({"A": {TYRION_TB: 1}, "B": {TYRION_CORE: 1}})
    shadows(t, "A.13089.1")
    in_play(t, "B.01089.1", controller="A")
    illegal(t, BringOut("A", "A.13089.1"), "shadows.unique-controls-other", RR_UNIQUE)


def test_both_players_may_have_their_own_copy_in_play() -> None:
    t = make_table({"A": {TYRION_TB: 1}, "B": {TYRION_CORE: 1}})
    shadows(t, "A.13089.1")
    in_play(t, "B.01089.1")
    v = legal(t, BringOut("A", "A.13089.1"))
    assert "duplicate" not in notes_of(v)


def test_bring_out_only_from_your_own_shadows() -> None:
    t = make_table({"A": {IMPS_AGENT: 1}, "B": {IMPS_AGENT: 1}})
    shadows(t, "B.00168.1")
    hand(t, "A.00168.1")
    illegal(t, BringOut("A", "B.00168.1"), "shadows.not-in-shadows")
    illegal(t, BringOut("A", "A.00168.1"), "shadows.not-in-shadows")


def test_events_are_played_from_shadows_not_brought_out() -> None:
    t = make_table({"A": {BRIDGE: 1, IMPS_AGENT: 1}, "B": {}})
    shadows(t, "A.11011.1", "A.00168.1")
    illegal(t, BringOut("A", "A.11011.1"), "shadows.event-brought-out")
    illegal(t, PlayEventFromShadows("A", "A.00168.1"), "shadows.not-an-event")
    legal(t, PlayEventFromShadows("A", "A.11011.1"))
    assert t.where["A.11011.1"] == ("A", Zone.DISCARD)


def test_no_bringing_out_during_setup() -> None:
    t = make_table({"A": {IMPS_AGENT: 1}, "B": {}}, phase="setup")
    shadows(t, "A.00168.1")
    illegal(t, BringOut("A", "A.00168.1"), "shadows.no-action-window", "RR: Action Windows")


def test_bringing_out_works_in_any_phase_in_the_second_edition() -> None:
    for phase in ("plot", "draw", "challenges", "dominance", "standing", "taxation"):
        t = make_table({"A": {IMPS_AGENT: 1}, "B": {}}, phase=phase)
        shadows(t, "A.00168.1")
        if phase == "dominance":  # its window opens once dominance is determined (below)
            t.dominance[t.round] = None
        legal(t, BringOut("A", "A.00168.1"))


def test_the_marshaling_dominance_taxation_and_challenge_windows_wait_for_their_steps() -> None:
    """Found by a judge's probe (RR: Action Windows; Appendix I: the marshaling phase's special window after the
    active player's income (3.2), none between a challenge's result and its claim, a claim of nothing too (4.2.4), or
    between the claim and the renown (4.2.5), the dominance phase's after 5.2, the taxation phase's after the reserve
    check (7.3)): a card brought out before the step is flagged, after it it is not."""
    from companion.rules.actions import (
        ApplyClaim,
        BeginPhase,
        ChallengeResult,
        CollectIncome,
        DeclareDefenders,
        DiscardToReserve,
        InitiateChallenge,
        Renown,
        WinDominance,
    )
    from tests.tables import flagged_and_refused, in_play
    t = make_table({"A": {IMPS_AGENT: 1, "01001": 1}, "B": {"01001": 1}}, phase="marshaling")
    shadows(t, "A.00168.1")
    for seat in ("A", "B"):
        t.move(f"{seat}.01001.1", seat, Zone.REVEALED)
        t.players[seat].income_round = -1
    t.active_player = "A"
    flagged_and_refused(t, BringOut("A", "A.00168.1"), "shadows.no-action-window")
    legal(t, CollectIncome("A"))
    legal(t, BringOut("A", "A.00168.1"))
    d = make_table({"A": {IMPS_AGENT: 1}, "B": {}}, phase="dominance")
    shadows(d, "A.00168.1")
    flagged_and_refused(d, BringOut("A", "A.00168.1"), "shadows.no-action-window")
    legal(d, WinDominance())
    legal(d, BringOut("A", "A.00168.1"))
    tywin = "01090"  # renown
    c = make_table({"A": {IMPS_AGENT: 1, tywin: 1, "01001": 1}, "B": {"01001": 1}}, phase="challenges")
    for seat in ("A", "B"):
        c.move(f"{seat}.01001.1", seat, Zone.REVEALED)
    in_play(c, f"A.{tywin}.1")
    shadows(c, "A.00168.1")
    c.active_player = "A"
    legal(c, InitiateChallenge("A", "power", "B", [f"A.{tywin}.1"]))
    legal(c, DeclareDefenders("B", []))
    legal(c, ChallengeResult("A"))
    flagged_and_refused(c, BringOut("A", "A.00168.1"), "shadows.no-action-window")  # a claim of nothing: still due
    legal(c, ApplyClaim("B"))
    flagged_and_refused(c, BringOut("A", "A.00168.1"), "shadows.no-action-window")  # the renown is due
    legal(c, Renown("A", [f"A.{tywin}.1"]))
    legal(c, BringOut("A", "A.00168.1"))
    x = make_table({"A": {IMPS_AGENT: 1, "01001": 1, BURNED_MEN: 9}, "B": {"01001": 1}}, phase="standing")
    for seat in ("A", "B"):
        x.move(f"{seat}.01001.1", seat, Zone.REVEALED)
    shadows(x, "A.00168.1")
    hand(x, *(f"A.{BURNED_MEN}.{n}" for n in range(1, 8)))
    legal(x, BeginPhase("taxation"))
    flagged_and_refused(x, BringOut("A", "A.00168.1"), "shadows.no-action-window")
    legal(x, DiscardToReserve("A", [f"A.{BURNED_MEN}.1"]))
    x.players["A"].gold = 3  # kept by an effect (the taxation phase returned the rest)
    legal(x, BringOut("A", "A.00168.1"))


def test_the_draw_phase_window_opens_after_the_draw() -> None:
    """RR: Action Windows; Appendix I › 2.2: the draw phase's only action window follows the draw, so a card comes
    out of shadows once every player has drawn; the draw recorded as named cards counts as well."""
    t = make_table({"A": {IMPS_AGENT: 1, BURNED_MEN: 3}, "B": {BURNED_MEN: 3}}, phase="draw")
    shadows(t, "A.00168.1")
    v = illegal(t, BringOut("A", "A.00168.1"), "shadows.no-action-window", "RR: Action Windows")
    assert "once every player has drawn" in v.violations[0].text()
    legal(t, DrawCards("A", 2))
    illegal(t, BringOut("A", "A.00168.1"), "shadows.no-action-window")  # Bob has not drawn yet
    advisory = t.clone()
    assert play(advisory, BringOut("A", "A.00168.1"), "advisory").applied  # recorded, flagged
    assert play(t.clone(), BringOut("A", "A.00168.1"), "strict").applied is False
    legal(t, DrawCards("B", 2))
    legal(t, BringOut("A", "A.00168.1"))
    named = make_table({"A": {IMPS_AGENT: 1, BURNED_MEN: 3}, "B": {BURNED_MEN: 3}}, phase="draw")
    shadows(named, "A.00168.1")
    legal(named, Draw("A", "A.01091.1"))
    legal(named, Draw("B", "B.01091.1"))
    legal(named, BringOut("A", "A.00168.1"))


def test_choice_among_several_shadow_values() -> None:
    t = make_table({"A": {"T0001": 1}, "B": {}}, extra_cards={"T0001": TWIN})
    shadows(t, "A.T0001.1")
    illegal(t, BringOut("A", "A.T0001.1", shadow=3), "shadows.cost-choice")
    legal(t, BringOut("A", "A.T0001.1", shadow=4))
    assert t.players["A"].gold == 6


def test_lowest_shadow_value_by_default() -> None:
    t = make_table({"A": {"T0001": 1}, "B": {}}, extra_cards={"T0001": TWIN})
    shadows(t, "A.T0001.1")
    legal(t, BringOut("A", "A.T0001.1"))
    assert t.players["A"].gold == 8


def test_shadow_x_needs_a_value() -> None:
    t = make_table({"A": {BERSERKERS: 1}, "B": {}})
    shadows(t, "A.26031.1")
    illegal(t, BringOut("A", "A.26031.1"), "shadows.x-needs-value")
    legal(t, BringOut("A", "A.26031.1", x=3))
    assert t.players["A"].gold == 7


def test_nightflyer_discards_a_location_of_printed_cost_at_most_the_x_paid() -> None:
    """Nightflyer (13032): "Shadow (X). Reaction: After Nightflyer comes out of shadows, choose a location with printed
    cost X or lower and discard it from play." (aside70 08): brought out with X = 1, Lannisport (printed cost 3) is no
    such location; The Roseroad (0) is. RR: Shadows: X is chosen as the cost is paid."""
    t = make_table({"A": {"13032": 1}, "B": {"01098": 1, "01040": 1}}, phase="marshaling")
    shadows(t, "A.13032.1")
    in_play(t, "B.01098.1")
    in_play(t, "B.01040.1")
    legal(t, BringOut("A", "A.13032.1", x=1))
    flagged = play(t.clone(), Discard("A", "B.01098.1", source="A.13032.1"), "advisory")
    assert rules_of(flagged) == ["ability.target"] and "ability.target.cost" in str(flagged)
    legal(t, Discard("A", "B.01040.1", source="A.13032.1"))


def test_limited_does_not_apply_when_coming_out() -> None:
    t = make_table({"A": {"T0002": 2}, "B": {}}, extra_cards={"T0002": LIMITED_SHADOW})
    shadows(t, "A.T0002.1", "A.T0002.2")
    v = legal(t, BringOut("A", "A.T0002.1"))
    assert "limited-ignored" in notes_of(v)
    legal(t, BringOut("A", "A.T0002.2"))


def test_a_limited_event_from_shadows_counts_as_the_rounds_limited_card() -> None:
    t = make_table({"A": {ALL_THE_GOLD: 2}, "B": {}}, phase="challenges")
    shadows(t, "A.26106.1", "A.26106.2")
    # Its own trigger, "After you win an [intrigue] challenge": A has just won one.
    t.challenges.append(ChallengeRecord(round=t.round, kind="intrigue", attacker="A", defender="B", winner="A",
                                        unopposed=True, claim=1, stage=Stage.RESOLVED))
    v = legal(t, PlayEventFromShadows("A", "A.26106.1"))
    assert "limited-event-counts" in notes_of(v)
    illegal(t, PlayEventFromShadows("A", "A.26106.2"), "limited.once-per-round", "RR: Limited")


def test_tokens_are_discarded_when_a_card_leaves_shadows() -> None:
    t = make_table({"A": {IMPS_AGENT: 1}, "B": {}})
    shadows(t, "A.00168.1")
    legal(t, PlaceTokens("A", "shadow", 1, "A.00168.1"))
    assert view(t, Role.of_seat("B"))["players"][0]["shadows"][0]["tokens"] == {"shadow": 1}
    v = legal(t, BringOut("A", "A.00168.1"))
    assert "tokens-discarded" in notes_of(v)
    assert t.tokens_on("A.00168.1") == {}


def test_attachment_with_no_legal_target_is_discarded() -> None:
    t = make_table({"A": {POWDER: 1}, "B": {}})
    shadows(t, "A.11099.1")
    v = legal(t, BringOut("A", "A.11099.1"))
    assert "attachment-no-target" in notes_of(v)
    assert t.where["A.11099.1"] == ("A", Zone.DISCARD)
    assert t.players["A"].gold == 9  # the shadow cost is paid


def test_attachment_comes_out_onto_a_named_target() -> None:
    t = make_table({"A": {POWDER: 1, IMPS_AGENT: 1}, "B": {}})
    shadows(t, "A.11099.1")
    in_play(t, "A.00168.1")
    illegal(t, BringOut("A", "A.11099.1"), "attach.target")  # a target exists: name it
    legal(t, BringOut("A", "A.11099.1", attach_to="A.00168.1"))
    assert t.in_play["A.11099.1"].attached_to == "A.00168.1"


def test_attachment_needs_a_legal_kind_of_target() -> None:
    t = make_table({"A": {POWDER: 1, GREYWATER: 1}, "B": {}})
    shadows(t, "A.11099.1")
    in_play(t, "A.00236.1")  # a location
    v = illegal(t, BringOut("A", "A.11099.1", attach_to="A.00236.1"), "attach.target")
    assert "character" in v.violations[0].text()


RAIDERS = "01030"  # Rattleshirt's Raiders: No attachments


def test_no_attachments_when_coming_out_of_shadows() -> None:
    """RR: No Attachments: an attachment brought out cannot go onto a card with the keyword; with no other
    target it is discarded (RR: Shadows › Bringing a card out of shadows), which is legal."""
    t = make_table({"A": {POWDER: 2, RAIDERS: 1, IMPS_AGENT: 1}, "B": {}})
    shadows(t, "A.11099.1", "A.11099.2")
    in_play(t, "A.01030.1")
    illegal(t, BringOut("A", "A.11099.1", attach_to="A.01030.1"), "attach.no-attachments", "RR: No Attachments")
    v = legal(t, BringOut("A", "A.11099.1"))  # no eligible character: discarded
    assert "attachment-no-target" in notes_of(v) and t.where["A.11099.1"] == ("A", Zone.DISCARD)
    in_play(t, "A.00168.1")
    illegal(t, PutIntoPlayFromShadows("A", "A.11099.2", attach_to="A.01030.1"), "attach.no-attachments")
    legal(t, PutIntoPlayFromShadows("A", "A.11099.2", attach_to="A.00168.1"))


def test_put_into_play_from_shadows_pays_nothing() -> None:
    t = make_table({"A": {TYRION_TB: 1, BRIDGE: 1}, "B": {}})
    shadows(t, "A.13089.1", "A.11011.1")
    legal(t, PutIntoPlayFromShadows("A", "A.13089.1"))
    assert t.players["A"].gold == 10
    illegal(t, PutIntoPlayFromShadows("A", "A.11011.1"), "shadows.put-into-play-event")


def test_put_into_play_from_shadows_keeps_the_unique_restrictions() -> None:
    t = make_table({"A": {TYRION_TB: 1, TYRION_CORE: 1}, "B": {}})
    shadows(t, "A.13089.1")
    dead(t, "A.01089.1")
    illegal(t, PutIntoPlayFromShadows("A", "A.13089.1"), "shadows.unique-dead-pile")


def test_put_into_shadows_goes_to_the_owners_area_and_leaves_play_cleanly() -> None:
    t = make_table({"A": {TYRION_TB: 1, TYRION_CORE: 1, POWDER: 1}, "B": {}})
    in_play(t, "A.01089.1", controller="B")
    t.in_play["A.01089.1"].control_stack.append("B")
    t.put_in_play("A.13089.1", "B", duplicate_of="A.01089.1")
    t.put_in_play("A.11099.1", "A", attached_to="A.01089.1")
    t.tokens["A.01089.1"] = {"power": 2}
    v = legal(t, PutIntoShadows("B", "A.01089.1"))
    assert {"owner-area", "duplicate-discarded", "attachment-returned", "tokens-discarded"} <= set(notes_of(v))
    assert t.where["A.01089.1"] == ("A", Zone.SHADOWS)
    assert t.where["A.13089.1"] == ("A", Zone.DISCARD)
    assert t.where["A.11099.1"] == ("A", Zone.HAND)
    assert t.tokens_on("A.01089.1") == {}


def test_first_edition_effects_cannot_move_crestless_cards_into_shadows() -> None:
    t = make_table({"A": {"atoc_83": 1, "kl_5": 1}, "B": {}}, edition="1e")
    in_play(t, "A.atoc_83.1")
    in_play(t, "A.kl_5.1")
    illegal(t, PutIntoShadows("A", "A.atoc_83.1"), "shadows.no-crest")
    legal(t, PutIntoShadows("A", "A.kl_5.1"))


def test_second_edition_effects_may_put_any_card_into_shadows() -> None:
    t = make_table({"A": {BURNED_MEN: 1}, "B": {}})
    in_play(t, "A.01091.1")
    legal(t, PutIntoShadows("B", "A.01091.1"))
    assert t.where["A.01091.1"] == ("A", Zone.SHADOWS)


def test_shadows_positions_are_stable() -> None:
    t = make_table({"A": {IMPS_AGENT: 3, BURNED_MEN: 1}, "B": {}}, gold=20)
    for c in ("A.00168.1", "A.00168.2", "A.00168.3"):
        legal(t, MarshalIntoShadows("A", c))
    assert [t.in_shadows[c].position for c in t.shadows("A")] == [1, 2, 3]
    legal(t, BringOut("A", "A.00168.1"))
    assert {c: t.in_shadows[c].position for c in t.shadows("A")} == {"A.00168.2": 2, "A.00168.3": 3}
    legal(t, PutIntoShadows("A", "A.00168.1"))
    assert t.in_shadows["A.00168.1"].position == 1  # fills the gap; nobody else moved


def test_take_control_then_bring_out_interplay() -> None:
    t = make_table({"A": {TYRION_CORE: 1}, "B": {TYRION_TB: 1}})
    in_play(t, "A.01089.1")
    shadows(t, "B.13089.1")
    legal(t, TakeControl("B", "A.01089.1"))
    illegal(t, BringOut("B", "B.13089.1"), "shadows.unique-controls-other")


def test_marshal_from_hand_cannot_use_a_dash_cost() -> None:
    t = make_table({"A": {POWDER: 1, IMPS_AGENT: 1}, "B": {}})
    hand(t, "A.11099.1")
    in_play(t, "A.00168.1")
    illegal(t, Marshal("A", "A.11099.1", attach_to="A.00168.1"), "cost.dash",
            "RR: Shadows › Printed cost of shadows cards")


# -- 1st edition: beginning of the phase, once each, in player order ------------------------


def test_first_edition_bring_out_pays_the_number_after_the_s() -> None:
    t = make_table({"A": {"kl_5": 1}, "B": {}}, edition="1e", factions={"A": "lannister"})
    shadows(t, "A.kl_5.1")
    legal(t, BringOut("A", "A.kl_5.1"))
    assert t.players["A"].gold == 8


def test_first_edition_out_of_house_penalty() -> None:
    # Maiden of Poisons is "House Martell only" too: a Lannister player bringing her out is flagged for that (a judge's
    # probe found it was not), and pays the out-of-House penalty as the advisory table records it.
    t = make_table({"A": {"atoc_53": 1}, "B": {}}, edition="1e", factions={"A": "lannister"})
    shadows(t, "A.atoc_53.1")
    v = play(t, BringOut("A", "A.atoc_53.1"))
    assert rules_of(v) == ["card.house-only"] and "out-of-house" in notes_of(v)
    assert t.players["A"].gold == 7  # Shadow 1 + 2 penalty


def test_first_edition_only_at_the_beginning_of_a_phase() -> None:
    t = make_table({"A": {"kl_5": 1, "atoc_83": 1}, "B": {}}, edition="1e")
    shadows(t, "A.kl_5.1")
    hand(t, "A.atoc_83.1")
    legal(t, Marshal("A", "A.atoc_83.1"))  # the phase's body has started
    illegal(t, BringOut("A", "A.kl_5.1"), "shadows.timing-1e", "1E Shadows insert › Bringing a card out of Shadows")


def test_first_edition_a_beginning_of_phase_power_ends_the_chance() -> None:
    """shadows.timing-1e (aside28 40): coming out of Shadows "happens before any other 'beginning of the phase'
    effects occur" (the insert). The Knight of Flowers' power at the beginning of the dominance phase, recorded
    first, ends the chance; a power correction (set_power) does not."""
    t = make_table({"A": {"kl_5": 1, "core_147": 1}, "B": {}}, edition="1e", phase="dominance")
    shadows(t, "A.kl_5.1")
    in_play(t, "A.core_147.1")
    u = t.clone()
    legal(u, SetPower("A", 3))
    legal(u, BringOut("A", "A.kl_5.1"))
    legal(t, GainPower("A", 1, "A.core_147.1"))
    illegal(t, BringOut("A", "A.kl_5.1"), "shadows.timing-1e", "1E Shadows insert › Bringing a card out of Shadows")


@pytest.mark.parametrize(("phase", "step"), [
    ("plot", ChoosePlot("A", "A.acoa_26.1")),
    ("draw", DrawCards("A", 2)),
    ("marshaling", PassTurn("A")),
    ("dominance", WinDominance("A")),
])
def test_first_edition_the_chance_ends_with_the_phases_own_first_step(phase: str, step: Action) -> None:
    """The insert: "At the beginning of any phase" a player may bring a card out; "This happens before any other
    'beginning of the phase' effects occur" and a chance passed "is lost until the beginning of the next phase".
    The plot chosen, the draw phase's draw, a turn passed and dominance won are the phase itself: the chance is
    over (it stayed open through the plot phase into the draw phase)."""
    t = make_table({"A": {"kl_5": 1, "acoa_26": 1, "acoa_113": 3}, "B": {}}, edition="1e", phase=phase)
    shadows(t, "A.kl_5.1")
    t.active_player = "A"
    assert play(t, step).applied
    assert t.shadows_window_open is False
    illegal(t, BringOut("A", "A.kl_5.1"), "shadows.timing-1e", "1E Shadows insert › Bringing a card out of Shadows")


def test_first_edition_what_happens_around_a_card_coming_out_keeps_the_chance() -> None:
    """Gold, tokens and a card drawn by an effect outside the draw phase are no step of the phase: the chance
    stays (each card coming out is resolved, responses included, before the next)."""
    t = make_table({"A": {"kl_5": 1, "acoa_113": 3}, "B": {"atoc_53": 1}}, edition="1e", phase="challenges")
    shadows(t, "A.kl_5.1", "B.atoc_53.1")
    for step in (GainGold("A", 1), DrawCards("A", 1), PlaceTokens("A", "shadow", 1, "A.kl_5.1")):
        assert play(t, step).applied
    assert t.shadows_window_open is True
    legal(t, BringOut("A", "A.kl_5.1"))
    legal(t, BringOut("B", "B.atoc_53.1"))


def test_first_edition_one_card_per_player_per_phase() -> None:
    t = make_table({"A": {"kl_5": 1, "atoc_53": 1}, "B": {}}, edition="1e")
    shadows(t, "A.kl_5.1", "A.atoc_53.1")
    legal(t, BringOut("A", "A.kl_5.1"))
    illegal(t, BringOut("A", "A.atoc_53.1"), "shadows.once-per-phase-1e")


def test_first_edition_player_order_from_the_first_player() -> None:
    t = make_table({"A": {"kl_5": 1}, "B": {"atoc_53": 1}}, edition="1e")
    shadows(t, "A.kl_5.1", "B.atoc_53.1")
    # B acting first is not A's pass: B must wait until A has used or passed the chance.
    v = illegal(t, BringOut("B", "B.atoc_53.1"), "shadows.order-1e",
                "1E Shadows insert › Bringing a card out of Shadows")
    assert "A has not yet used or passed" in v.violations[0].text()
    assert play(t, BringOut("B", "B.atoc_53.1"), "strict").applied is False
    legal(t, BringOut("A", "A.kl_5.1"))
    legal(t, BringOut("B", "B.atoc_53.1"))


def test_first_edition_crest_cards_cannot_be_marshalled_directly() -> None:
    t = make_table({"A": {"kl_5": 1}, "B": {}}, edition="1e")
    hand(t, "A.kl_5.1")
    illegal(t, Marshal("A", "A.kl_5.1"), "shadows.crest-marshal-1e")


def test_first_edition_printed_cost_is_two_plus_the_shadow_cost() -> None:
    t = make_table({"A": {"kl_5": 1}, "B": {}}, edition="1e")
    assert t.printed_cost(t.card("A.kl_5.1")) == 4


def test_second_edition_has_no_such_timing_limits() -> None:
    t = make_table({"A": {IMPS_AGENT: 2, BURNED_MEN: 1}, "B": {}})
    shadows(t, "A.00168.1", "A.00168.2")
    hand(t, "A.01091.1")
    legal(t, Marshal("A", "A.01091.1"))
    legal(t, BringOut("A", "A.00168.1"))
    legal(t, BringOut("A", "A.00168.2"))


def test_check_is_pure() -> None:
    t = make_table({"A": {TYRION_TB: 1}, "B": {}})
    shadows(t, "A.13089.1")
    before = view(t, JUDGE)
    check(t, BringOut("A", "A.13089.1"))
    assert view(t, JUDGE) == before


def test_the_step_button_says_it_is_the_players_chance_to_come_out_of_shadows_not_their_turn() -> None:
    """1st edition, the beginning of the challenges phase in A's turn: A's chance first, then B's. The step
    button of B, whose chance it is in A's turn, says it is his chance, below (it said "your move" beside "A's
    turn")."""
    from companion.rules.actions.flow import PassShadows
    from companion.rules.offers import round_view

    t = make_table({"A": {"kl_5": 1}, "B": {"atoc_2": 1}}, edition="1e", phase="challenges")
    shadows(t, "A.kl_5.1", "B.atoc_2.1")
    assert [o["id"] for o in round_view(t, Role.of_seat("B"))["offers"] if o["primary"]] == []
    assert round_view(t, Role.of_seat("B"))["next"]["label"]["msg"] == "waitingFor"
    legal(t, PassShadows("A"))
    assert t.active_player == "A"
    b = round_view(t, Role.of_seat("B"))
    assert [o["id"] for o in b["offers"] if o["primary"]] == ["pass-shadows"]
    assert b["next"] == {"label": {"msg": "shadowsChanceStep"}, "action": None}
    # The header agrees: B's chance first, to both (it told A "your turn" beside "waiting for B").
    turn = {seat: next(s for s in round_view(t, Role.of_seat(seat))["status"] if s["id"] == "turn")
            for seat in ("A", "B")}
    assert turn["B"] == {"id": "turn", "mine": True, "text": {"msg": "turnShadowsYou"}}
    assert turn["A"] == {"id": "turn", "mine": False, "text": {"msg": "turnShadowsOf", "player": "B"}}
    # A, whose turn it is, waits for B's chance: passing the turn now would start the phase's actions and take
    # B's chance away (the Shadows insert: the chances come before anything else in the phase).
    a = round_view(t, Role.of_seat("A"))
    assert a["next"]["label"]["msg"] == "waitingFor" and a["next"]["action"] is None
    assert "pass-turn" not in [o["id"] for o in a["offers"]]
    legal(t, PassShadows("B"))
    assert round_view(t, Role.of_seat("A"))["next"]["id"] == "pass-turn"
    assert {"id": "turn", "mine": True, "text": {"msg": "yourTurn"}} in round_view(t, Role.of_seat("A"))["status"]


def test_a_seat_with_the_first_chance_in_its_own_turn_passes_the_chance_before_the_turn() -> None:
    from companion.rules.actions.flow import PassShadows
    from companion.rules.offers import round_view

    t = make_table({"A": {"kl_5": 1}, "B": {}}, edition="1e", phase="marshaling")
    shadows(t, "A.kl_5.1")
    a = round_view(t, Role.of_seat("A"))
    assert a["next"] == {"label": {"msg": "shadowsChanceStep"}, "action": None}
    assert "pass-shadows" in [o["id"] for o in a["offers"]]
    legal(t, PassShadows("A"))
    assert round_view(t, Role.of_seat("A"))["next"]["id"] == "pass-turn"


def test_no_draw_is_offered_while_another_players_shadows_chance_is_still_to_come() -> None:
    """1st edition, the beginning of the draw phase: A's chance to come out of Shadows first, then B's. B's phone
    offered its own "Drew 2" during A's chance; the draw begins the phase and ends every chance still open, so it
    would have taken A's chance away (and A's draw B's). The last player with a chance may draw (drawing lets it go,
    as going on does); once the chances are over, both draw."""
    from companion.rules.actions.flow import PassShadows
    from companion.rules.offers import round_view

    t = make_table({"A": {"kl_5": 1, "acoa_103": 3}, "B": {"atoc_2": 1, "acoa_103": 3}}, edition="1e", phase="draw")
    shadows(t, "A.kl_5.1", "B.atoc_2.1")

    def offered(seat: str | None) -> list[str]:
        return [o["id"] for o in round_view(t, JUDGE if seat is None else Role.of_seat(seat))["offers"]
                if not o["id"].startswith("table:")]

    assert offered("B") == [] and offered("A") == ["pass-shadows", "bring-out:A.kl_5.1"]
    assert offered(None) == ["pass-shadows"]  # the judge records for both: no draw for either yet
    legal(t, PassShadows("A"))
    # B's chance, the last: B may draw at once (it lets the chance go); A waits for it.
    assert offered("A") == [] and offered("B") == ["pass-shadows", "bring-out:B.atoc_2.1", "draw:B:2"]
    legal(t, PassShadows("B"))
    assert offered("A") == ["draw:A:2"] and offered("B") == ["draw:B:2"]


def test_no_challenge_is_offered_while_another_players_shadows_chance_is_still_to_come() -> None:
    """1st edition, the beginning of the challenges phase, B the first player and active: B passed its chance, A's is
    still to come. B's phone offered "Herausforderung: Militär …" beside "Warten auf Alice" (seen on a German phone's
    screenshot); initiating would take A's chance away, as a draw would. Once A's chance is over, B's challenges are
    offered."""
    from companion.rules.actions.flow import PassShadows
    from companion.rules.offers import round_view

    t = make_table({"A": {"kl_5": 1, "acoa_103": 3}, "B": {"atoc_2": 1, "acoa_103": 3}}, edition="1e",
                   phase="challenges")
    shadows(t, "A.kl_5.1", "B.atoc_2.1")
    in_play(t, "B.acoa_103.1")
    t.first_player = t.active_player = "B"

    def challenges(seat: str) -> list[str]:
        return [o["id"] for o in round_view(t, Role.of_seat(seat))["offers"] if o["id"].startswith("challenge:")]

    legal(t, PassShadows("B"))
    assert challenges("B") == []
    legal(t, PassShadows("A"))
    assert challenges("B") != []


def test_the_chance_to_come_out_of_shadows_offers_each_card_it_may_bring_out_to_its_holder_only() -> None:
    """Found at a German table: the round box said "Du bist dran …: hole eine Karte aus den Schatten oder passe."
    and offered only "Passen"; a newcomer did not know the card was to be found under "Meine Schatten" further down.
    The chance offers each of the holder's cards in Shadows beside the pass (an attachment with no card to go on,
    as here, is not offered); the other seat's box names none of them."""
    from companion.rules.offers import round_view

    t = make_table({"A": {"atoc_2": 1, "acoa_13": 1}, "B": {"atoc_53": 1}}, edition="1e", phase="challenges")
    shadows(t, "A.atoc_2.1", "A.acoa_13.1", "B.atoc_53.1")
    a = round_view(t, Role.of_seat("A"))
    out = [o for o in a["offers"] if o["id"].startswith("bring-out:")]
    assert [(o["id"], o["action"], o["primary"]) for o in out] == [
        ("bring-out:A.atoc_2.1", {"type": "bring_out", "player": "A", "card": "A.atoc_2.1"}, False)]
    assert out[0]["label"] == {"msg": "round.bringOut", "card": {"name": "Meera Reed"}}
    b = round_view(t, Role.of_seat("B"))
    assert not [o for o in b["offers"] if o["id"].startswith("bring-out:")]
    assert "Meera Reed" not in repr(b) and "Maiden of Poisons" not in repr(a)
    legal(t, BringOut("A", "A.atoc_2.1"))


def test_the_chance_offers_an_event_to_play_and_an_attachment_with_the_card_it_goes_on() -> None:
    """A newcomer trial: with A Fistful of Coppers (an event) in Shadows the chance offered only "Pass", and Maester
    Malleon's Tome no more; the card had to be found under "My shadows". The box offers the event to play from
    Shadows and the attachment with a choice of the cards it may go on (Pyromancer's Cache: a location); an
    attachment with nothing to go on is not offered."""
    from companion.rules.offers import round_view

    t = make_table({"A": {"kl_26": 1, "acoa_13": 1, "core_20": 1}, "B": {"atoc_53": 1}}, edition="1e",
                   phase="challenges")
    shadows(t, "A.kl_26.1", "A.acoa_13.1")

    def offered() -> dict[str, dict[str, object]]:
        return {o["id"]: o for o in round_view(t, Role.of_seat("A"))["offers"]
                if o["id"].startswith(("bring-out:", "event-from-shadows:"))}

    assert list(offered()) == ["event-from-shadows:A.kl_26.1"]  # no location in play for the Cache
    assert offered()["event-from-shadows:A.kl_26.1"]["action"] == {"type": "play_event_from_shadows", "player": "A",
                                                                    "card": "A.kl_26.1"}
    in_play(t, "A.core_20.1")  # a character: still nothing for the Cache
    assert "bring-out:A.acoa_13.1" not in offered()
    location = "core_24"  # Winterfell Kennels
    t2 = make_table({"A": {"acoa_13": 1, location: 1}, "B": {}}, edition="1e", phase="challenges")
    shadows(t2, "A.acoa_13.1")
    in_play(t2, f"A.{location}.1")
    cache = next(o for o in round_view(t2, Role.of_seat("A"))["offers"] if o["id"] == "bring-out:A.acoa_13.1")
    assert [(f["name"], [c["card"] for c in f["choices"]]) for f in cache["fields"]] == [
        ("attach_to", [f"A.{location}.1"])]


def test_a_shadows_chance_ends_when_its_player_brings_a_card_out_or_collects_income() -> None:
    """1st edition, the beginning of the marshaling phase, Alice first and active: whose chance to come out of
    Shadows it is, as every phone reads it. Bringing a card out uses Alice's chance and Bob's comes; once his is
    over, her income is offered. Income begins the phase and ends every chance still open, so it is not offered
    while another player's would go with it (Alice's phone offered it during Bob's chance); the last player with
    a chance may collect it, and that ends the chance."""
    from companion.rules.actions import CollectIncome
    from companion.rules.actions.flow import PassShadows
    from companion.rules.editions import Table
    from companion.rules.offers import round_view

    plot = "core_181"  # Summoning Season

    def table(b_shadows: bool) -> Table:
        t = make_table({"A": {"kl_5": 1, plot: 1}, "B": {"atoc_2": 1, plot: 1}}, edition="1e", phase="marshaling")
        shadows(t, "A.kl_5.1", *(["B.atoc_2.1"] if b_shadows else []))
        for seat in ("A", "B"):
            t.move(f"{seat}.{plot}.1", seat, Zone.REVEALED)
            t.players[seat].income_round = -1
        return t

    def seen(t: Table, seat: str) -> tuple[list[dict[str, object]], list[str], object]:
        r = round_view(t, Role.of_seat(seat))
        return r["lines"], [o["id"] for o in r["offers"] if not o["id"].startswith("table:")], r["next"]["label"]

    t = table(b_shadows=True)
    mine = {"msg": "shadowsChanceYou", "phase": {"msg": "phase.marshaling"}}
    chance_of = {"msg": "shadowsChanceOf", "player": "A", "phase": {"msg": "phase.marshaling"}}
    assert seen(t, "A")[:2] == ([mine], ["pass-shadows", "bring-out:A.kl_5.1"])  # no income: Bob's chance is to come
    assert seen(t, "B")[0] == [chance_of]
    legal(t, BringOut("A", "A.kl_5.1"))
    assert seen(t, "A") == ([{**chance_of, "player": "B"}], [], {"msg": "waitingFor", "player": "B"})
    assert seen(t, "B")[0] == [mine]
    assert [p["shadows_opportunity"] for p in view(t, JUDGE)["players"]] == ["used", "open"]
    legal(t, PassShadows("B"))
    lines, offers, _ = seen(t, "A")
    assert lines == [] and offers[0] == "income:A"

    t = table(b_shadows=False)  # Alice's is the last chance: her income may go with it
    assert seen(t, "A")[:2] == ([mine], ["pass-shadows", "bring-out:A.kl_5.1", "income:A", "income-modified:A"])
    legal(t, CollectIncome("A"))
    assert seen(t, "A")[0] == [] and seen(t, "B")[0] == []
    shown = view(t, JUDGE)
    assert shown["shadows_window"] is False and shown["players"][0]["shadows_opportunity"] == "passed"
    assert seen(t, "A")[2] == {"msg": "passTurn"}


def test_first_edition_no_plot_or_dominance_is_offered_while_another_players_shadows_chance_is_to_come() -> None:
    """A newcomer trial (1st edition): Anna passed her chance at the beginning of the plot phase and her phone still
    offered her plots; choosing one ended Bernd's chance unasked (and in the dominance phase, her "Nobody wins
    dominance" ended both chances). Offers that are the phase's own step wait for the chances; once they are over
    (or on the phone of the last player with one) they are back."""
    from companion.rules.actions.flow import PassShadows
    from companion.rules.offers import round_view

    t = make_table({"A": {"kl_5": 1, "acoa_26": 1}, "B": {"atoc_2": 1, "acoa_26": 1}}, edition="1e", phase="plot")
    shadows(t, "A.kl_5.1", "B.atoc_2.1")

    def plots(seat: str) -> list[str]:
        return [o["id"] for o in round_view(t, Role.of_seat(seat))["offers"] if o["id"].startswith("plot:")]

    assert plots("A") == [] and plots("B") == []
    legal(t, PassShadows("A"))
    assert plots("A") == [] and plots("B") == ["plot:B.acoa_26.1"]  # B's is the last chance: going on lets it go
    legal(t, PassShadows("B"))
    assert plots("A") == ["plot:A.acoa_26.1"]
    d = make_table({"A": {"kl_5": 1}, "B": {"atoc_2": 1}}, edition="1e", phase="dominance")
    shadows(d, "A.kl_5.1", "B.atoc_2.1")
    legal(d, PassShadows("A"))
    assert not [o for o in round_view(d, Role.of_seat("A"))["offers"] if o["action"]["type"] == "win_dominance"]


def test_first_edition_a_card_come_out_resolves_its_own_response_before_the_next_chance() -> None:
    """A newcomer trial: Anna brought Varys (kl_97) out of Shadows and resolved "After Varys comes out of Shadows,
    choose and discard 1 Ally character from play"; Bernd's chance was gone. The insert: each card "must be fully
    resolved (including all responses) before the next card is brought out": a line naming the card come out as its
    source keeps the next player's chance; another step of the phase ends it."""
    t = make_table({"A": {"kl_97": 1}, "B": {"atoc_2": 1, "core_20": 1}}, edition="1e", phase="challenges")
    shadows(t, "A.kl_97.1", "B.atoc_2.1")
    in_play(t, "B.core_20.1")
    legal(t, BringOut("A", "A.kl_97.1"))
    assert play(t, Discard("A", "B.core_20.1", source="A.kl_97.1")).applied
    assert t.shadows_window_open is True
    legal(t, BringOut("B", "B.atoc_2.1"))


# -- what bringing out costs, said before the tap ------------------------------------------------------------------


def test_the_menu_says_what_bringing_out_costs_to_its_owner_only() -> None:
    """A newcomer trial: the offer to bring a card out said nothing of its cost. The owner's menu says its Shadow
    value and the gold there is; the other seat's menu of the same face-down card says nothing of it."""
    from companion.rules.suggest import suggest_actions, suggest_face_down

    t = make_table({"A": {IMPS_AGENT: 1, TYRION_TB: 1}, "B": {}}, phase="challenges", gold=4)
    shadows(t, "A.00168.1", "A.13089.1")
    rows = {r["action"]["card"]: r for r in suggest_actions(t, "A.00168.1", "A") + suggest_actions(t, "A.13089.1", "A")
            if r["action"]["type"] == "bring_out"}
    assert rows["A.00168.1"]["cost"] == {"msg": "costGold", "cost": 3, "gold": 4}
    assert rows["A.13089.1"]["cost"] == {"msg": "costGoldShort", "cost": 5, "gold": 4}
    position = f"A:shadows#{t.in_shadows['A.13089.1'].position}"
    assert all("cost" not in r for r in suggest_face_down(t, position, "B"))


def test_the_first_edition_chance_says_what_bringing_out_costs_to_its_holder_only() -> None:
    from companion.rules.offers import round_view

    t = make_table({"A": {"kl_5": 1}, "B": {"atoc_2": 1}}, edition="1e", gold=1)
    shadows(t, "A.kl_5.1", "B.atoc_2.1")
    offer = next(o for o in round_view(t, Role.of_seat("A"))["offers"] if o["id"] == "bring-out:A.kl_5.1")
    assert offer["detail"] == {"msg": "costGoldShort", "cost": 2, "gold": 1}  # Tyrion: s2
    assert not any(str(o["id"]).startswith("bring-out") for o in round_view(t, Role.of_seat("B"))["offers"])


@pytest.mark.parametrize("kneeling", [True, False])
def test_iron_emmett_kneeling_bars_military_characters_entering_in_the_challenges_phase(kneeling: bool) -> None:
    """aside87 07 (``play.entry-barred``): Iron Emmett (24013) "While Iron Emmett is kneeling, characters with a
    [military] icon cannot enter play during the challenges phase.": with Alice's Emmett knelt, Bob's Windblown
    ([military], Shadow (3)) brought out of shadows in the challenges phase is flagged; with Emmett standing, not."""
    from companion.catalog.store import Catalog
    from companion.rules.actions import BringOut

    assert Catalog.open().card("24013").entry_barred_kneeling == ("challenges", "military")
    t = make_table({"A": {"24013": 1}, "B": {"21011": 1}}, phase="challenges", gold=5)
    in_play(t, "A.24013.1")
    t.in_play["A.24013.1"].kneeling = kneeling
    shadows(t, "B.21011.1")
    t.active_player = "B"
    barred = "play.entry-barred" in rules_of(check(t, BringOut("B", "B.21011.1")))
    assert barred == kneeling
