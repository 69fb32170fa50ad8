"""Issue 16: the card effects a table must be able to record, and the rule gaps, in both editions."""

from __future__ import annotations

import json

from companion.catalog.card import Card
from companion.rules import check, play
from companion.rules.actions import (
    Action,
    BeginPhase,
    BringOut,
    ControlReverts,
    GainGold,
    GainShadow,
    Kill,
    Marshal,
    Modify,
    PassShadows,
    PlayEvent,
    PlayEventFromShadows,
    PutIntoPlay,
    PutIntoPlayFromShadows,
    PutIntoShadows,
    RearrangeShadows,
    Restrict,
    ReturnToHand,
    RevealSetup,
    SaveWithDuplicate,
    SetupFaceDown,
    SetupIntoShadows,
    SetupPlace,
    TakeControl,
    WinDominance,
)
from companion.rules.editions import Table
from companion.rules.roles import Role
from companion.rules.state import Phase, Zone
from companion.rules.views import view
from tests.tables import dead, hand, illegal, in_play, legal, make_table, next_phase, notes_of, rules_of, shadows

TYRION_TB = "13089"  # unique, cost 6, Shadow (5)
TYRION_CORE = "01089"  # unique, cost 5, no Shadow
IMPS_AGENT = "00168"  # cost 3, Shadow (3)
BURNED_MEN = "01091"  # cost 2, no Shadow
BRIDGE = "11011"  # event, cost "-", Shadow (0)
HANDS_JUDGMENT = "01045"  # event, printed cost X, no Shadow
TEARS_OF_LYS = "01044"  # event, cost 1, no Shadow
MILK = "01035"  # attachment (character), cost 1
NO_SURPRISES = "13022"  # event: each opponent cannot play events or bring cards out of shadows this phase
HIGHROAD = "00355"  # location

RR_BRING_OUT = "RR: Shadows › Bringing a card out of shadows"
INSERT_BRING_OUT = "1E Shadows insert › Bringing a card out of Shadows"
DASH_NO_SHADOW = Card(code="T0003", edition="2e", name="Test Dash Without Shadow", type="character",
                      faction="neutral", cost=None)
EVENT_1E = Card(code="T1001", edition="1e", name="Test First Edition Event", type="event", faction="neutral",
                cost=1)


# -- 1. only a card with a current Shadow value is brought out by paying -------------------


def test_a_card_returned_to_shadows_without_shadow_cannot_be_brought_out() -> None:
    t = make_table({"A": {BURNED_MEN: 1}, "B": {}})
    in_play(t, "A.01091.1")
    legal(t, PutIntoShadows("B", "A.01091.1"))
    v = illegal(t, BringOut("A", "A.01091.1"), "shadows.no-shadow-value", RR_BRING_OUT)
    assert "stays in shadows" in v.violations[0].text()
    assert play(t, BringOut("A", "A.01091.1"), "strict").applied is False
    assert t.where["A.01091.1"] == ("A", Zone.SHADOWS) and t.players["A"].gold == 10
    legal(t, PutIntoPlayFromShadows("A", "A.01091.1"))  # an effect may still put it into play
    assert t.where["A.01091.1"] == ("A", Zone.PLAY) and t.players["A"].gold == 10


def test_an_event_without_shadow_cannot_be_played_from_shadows() -> None:
    t = make_table({"A": {TEARS_OF_LYS: 1}, "B": {}})
    shadows(t, "A.01044.1")
    illegal(t, PlayEventFromShadows("A", "A.01044.1"), "shadows.no-shadow-value")


def test_first_edition_a_crestless_card_in_shadows_has_no_shadow_cost() -> None:
    t = make_table({"A": {"atoc_83": 1}, "B": {}}, edition="1e")
    in_play(t, "A.atoc_83.1")
    v = play(t, PutIntoShadows("B", "A.atoc_83.1"))  # advisory: recorded, flagged
    assert rules_of(v) == ["shadows.no-crest"] and v.applied
    t.phase_began()
    illegal(t, BringOut("A", "A.atoc_83.1"), "shadows.no-shadow-value", INSERT_BRING_OUT)


def test_first_edition_a_card_comes_out_by_its_own_ability_only_in_the_phase_it_names() -> None:
    """Ser Mandon Moore (kl_117): "Challenges: Bring Ser Mandon Moore out of Shadows and into play by paying the rest of
    his gold cost." (1E Rules › Actions: a phase-labelled ability only in that phase; probe26 02.) Knight of Flowers
    (w_1) prints no number after its "s": the beginning-of-phase chance has nothing to pay, only its own Response
    brings it out (1E Shadows insert › Bringing a card out of Shadows; probe26 11)."""
    t = make_table({"A": {"kl_117": 1, "w_1": 1}, "B": {}}, edition="1e", phase="draw", gold=5)
    shadows(t, "A.kl_117.1", "A.w_1.1")
    illegal(t, BringOut("A", "A.kl_117.1", source="A.kl_117.1"), "shadows.own-ability-phase", "1E Rules › Actions")
    illegal(t, BringOut("A", "A.w_1.1"), "shadows.no-shadow-value")
    legal(t, BringOut("A", "A.w_1.1", source="A.w_1.1"))  # its Response (the trigger is not read)
    t = make_table({"A": {"kl_117": 1}, "B": {}}, edition="1e", phase="challenges", gold=5)
    shadows(t, "A.kl_117.1")
    legal(t, BringOut("A", "A.kl_117.1", source="A.kl_117.1"))
    assert t.players["A"].gold == 3


# -- 2. putting a card into play from another player's shadows -----------------------------


def test_an_effect_puts_a_card_into_play_from_an_opponents_shadows_under_its_owner() -> None:
    t = make_table({"A": {}, "B": {IMPS_AGENT: 1}})
    shadows(t, "B.00168.1")
    legal(t, PutIntoPlayFromShadows("A", "B.00168.1"))
    assert t.where["B.00168.1"] == ("B", Zone.PLAY) and t.controller("B.00168.1") == "B"
    assert t.players["A"].gold == t.players["B"].gold == 10


def test_the_effect_may_say_who_controls_the_card() -> None:
    t = make_table({"A": {}, "B": {IMPS_AGENT: 1}})
    shadows(t, "B.00168.1")
    v = legal(t, PutIntoPlayFromShadows("A", "B.00168.1", controller="A"))
    assert "enters-under-control" in notes_of(v)
    assert t.where["B.00168.1"] == ("A", Zone.PLAY)
    legal(t, ControlReverts("A", "B.00168.1"))
    assert t.where["B.00168.1"] == ("B", Zone.PLAY)


def test_messages_name_the_area_the_card_is_in() -> None:
    t = make_table({"A": {}, "B": {IMPS_AGENT: 2}})
    shadows(t, "B.00168.1")
    hand(t, "B.00168.2")
    v = illegal(t, BringOut("A", "B.00168.1"), "shadows.not-in-shadows")
    assert "(it is in B's shadows)" in v.violations[0].text()
    assert "Schatten von B" in v.violations[0].text("de")
    v = illegal(t, PutIntoPlayFromShadows("A", "B.00168.2"), "shadows.put-into-play-from")
    assert "it is in B's hand" in v.violations[0].text()
    assert v.impossible and not play(t, PutIntoPlayFromShadows("A", "B.00168.2")).applied


def test_first_edition_effects_put_cards_into_play_from_any_shadows() -> None:
    t = make_table({"A": {}, "B": {"atoc_53": 1}}, edition="1e")
    shadows(t, "B.atoc_53.1")
    legal(t, PutIntoPlayFromShadows("A", "B.atoc_53.1"))
    assert t.controller("B.atoc_53.1") == "B"


# -- 3. 1st edition: one at a time, from the first player clockwise -------------------------


def test_first_edition_a_pass_opens_the_way_for_the_next_player() -> None:
    t = make_table({"A": {"kl_5": 1}, "B": {"atoc_53": 1}, "C": {"atoc_53": 1}}, edition="1e")
    shadows(t, "A.kl_5.1", "B.atoc_53.1", "C.atoc_53.1")
    v = illegal(t, BringOut("C", "C.atoc_53.1"), "shadows.order-1e")
    assert "A has not yet" in v.violations[0].text()
    legal(t, PassShadows("A"))
    v = illegal(t, BringOut("C", "C.atoc_53.1"), "shadows.order-1e")
    assert "B has not yet" in v.violations[0].text()
    legal(t, BringOut("B", "B.atoc_53.1"))
    legal(t, BringOut("C", "C.atoc_53.1"))
    assert [t.players[s].shadows_opportunity for s in "ABC"] == ["passed", "used", "used"]
    illegal(t, BringOut("A", "A.kl_5.1"), "shadows.once-per-phase-1e")


def test_first_edition_advisory_flags_a_player_acting_out_of_turn_and_keeps_the_earlier_chance() -> None:
    t = make_table({"A": {"kl_5": 1}, "B": {"atoc_53": 1}}, edition="1e")
    shadows(t, "A.kl_5.1", "B.atoc_53.1")
    v = play(t, BringOut("B", "B.atoc_53.1"))
    assert rules_of(v) == ["shadows.order-1e"] and v.applied
    assert t.players["A"].shadows_opportunity == "open"  # acting first was not taken as A's pass
    legal(t, BringOut("A", "A.kl_5.1"))


def test_first_edition_a_player_with_empty_shadows_need_not_pass() -> None:
    t = make_table({"A": {"kl_5": 1}, "B": {"atoc_53": 1}}, edition="1e")
    shadows(t, "B.atoc_53.1")  # A has nothing in Shadows
    legal(t, BringOut("B", "B.atoc_53.1"))


def test_the_first_player_decides_the_order() -> None:
    t = make_table({"A": {"kl_5": 1}, "B": {"atoc_53": 1}}, edition="1e")
    shadows(t, "A.kl_5.1", "B.atoc_53.1")
    t.first_player = "B"
    legal(t, BringOut("B", "B.atoc_53.1"))
    legal(t, BringOut("A", "A.kl_5.1"))


# -- 4. setup gold is lost at the end of setup; duplicates follow a take-control -----------


def test_unspent_setup_gold_is_lost_when_setup_ends() -> None:
    cases = (("2e", {IMPS_AGENT: 1}, "A.00168.1", 8), ("1e", {"kl_5": 1}, "A.kl_5.1", 5))
    for edition, deck, card, setup_gold in cases:
        t = make_table({"A": deck, "B": {}}, edition=edition, phase="setup", gold=0)
        hand(t, card)
        legal(t, SetupIntoShadows("A", card))
        assert t.setup_gold_left("A") == setup_gold - 2
        v = legal(t, RevealSetup())
        assert "setup-gold-lost" in notes_of(v)
        assert t.setup_gold_left("A") == t.setup_gold_left("B") == 0
        assert t.players["A"].gold == 0  # never added to the gold pool
        legal(t, BeginPhase("plot"))
        assert t.players["A"].gold == 0


def test_setup_ends_with_the_plot_phase_even_without_a_recorded_reveal() -> None:
    t = make_table({"A": {BURNED_MEN: 1}, "B": {}}, phase="setup", gold=0)
    hand(t, "A.01091.1")
    legal(t, SetupFaceDown("A", "A.01091.1"))
    legal(t, BeginPhase("plot"))
    assert t.setup_revealed and t.setup_gold_left("A") == 0
    assert t.where["A.01091.1"] == ("A", Zone.PLAY) and t.players["A"].gold == 0


def test_take_control_moves_the_duplicates_along_and_leaves_attachments_with_their_controllers() -> None:
    for edition, card, dup in (("2e", TYRION_CORE, TYRION_TB), ("1e", "core_38", "kl_5")):
        t = make_table({"A": {card: 1, dup: 1, MILK if edition == "2e" else "kl_115": 1}, "B": {}}, edition=edition)
        c, d = f"A.{card}.1", f"A.{dup}.1"
        att = "A.01035.1" if edition == "2e" else "A.kl_115.1"
        in_play(t, c)
        t.put_in_play(d, "A", duplicate_of=c)
        t.put_in_play(att, "A", attached_to=c)
        v = legal(t, TakeControl("B", c))
        assert {"duplicates-follow", "attachments-stay"} <= set(notes_of(v))
        assert t.where[d] == ("B", Zone.PLAY) and t.controller(d) == "B"
        assert t.controller(att) == "A" and t.in_play[att].attached_to == c
        legal(t, ControlReverts("B", c))
        assert t.controller(d) == "A" and t.where[d] == ("A", Zone.PLAY)


# -- 5. lasting restrictions (No Surprises) --------------------------------------------------


def test_no_surprises_blocks_bringing_out_putting_into_play_and_events_until_the_phase_ends() -> None:
    t = make_table({"A": {IMPS_AGENT: 2, BRIDGE: 1, TEARS_OF_LYS: 1}, "B": {NO_SURPRISES: 1}}, phase="challenges")
    shadows(t, "A.00168.1", "A.00168.2", "A.11011.1")
    hand(t, "A.01044.1", "B.13022.1")
    legal(t, PlayEvent("B", "B.13022.1"))
    for kind in ("bring_out", "play_events"):
        v = legal(t, Restrict("B", "A", kind, source="B.13022.1"))
        assert "restricted" in notes_of(v)
    v = illegal(t, BringOut("A", "A.00168.1"), "restriction.bring-out", "FAQ: No Surprises")
    assert "No Surprises" in v.violations[0].text() and "phase" in v.violations[0].text()
    illegal(t, PutIntoPlayFromShadows("A", "A.00168.2"), "restriction.bring-out", "FAQ: No Surprises")
    illegal(t, PlayEventFromShadows("A", "A.11011.1"), "restriction.play-events", "RR: Lasting Effects")
    illegal(t, PlayEvent("A", "A.01044.1"), "restriction.play-events")
    assert play(t, BringOut("A", "A.00168.1"), "strict").applied is False
    next_phase(t, "dominance")  # the restrictions end with the phase
    assert t.players["A"].restrictions == []
    legal(t, WinDominance("A"))  # the dominance phase's action window opens once dominance is determined
    legal(t, BringOut("A", "A.00168.1"))
    # The restriction is over; Tears of Lys still waits for its own trigger (an [intrigue] challenge won as attacker).
    assert rules_of(check(t, PlayEvent("A", "A.01044.1"))) == ["event.reaction-trigger"]


def test_a_restriction_until_the_end_of_the_round_outlasts_the_phase() -> None:
    t = make_table({"A": {IMPS_AGENT: 1}, "B": {}}, phase="dominance")
    shadows(t, "A.00168.1")
    legal(t, Restrict("B", "A", "bring_out", until="round"))
    legal(t, BeginPhase("standing"))
    illegal(t, BringOut("A", "A.00168.1"), "restriction.bring-out")
    legal(t, BeginPhase("taxation"))  # taxation returns unspent gold by itself
    legal(t, BeginPhase("plot"))
    legal(t, GainGold("A", 3))
    legal(t, BringOut("A", "A.00168.1"))


def test_first_edition_restrictions() -> None:
    t = make_table({"A": {"kl_5": 1, "T1001": 1}, "B": {}}, edition="1e", extra_cards={"T1001": EVENT_1E})
    shadows(t, "A.kl_5.1")
    hand(t, "A.T1001.1")
    legal(t, Restrict("B", "A", "bring_out"))
    legal(t, Restrict("B", "A", "play_events"))
    illegal(t, PlayEvent("A", "A.T1001.1"), "restriction.play-events", "1E Rules › Lasting effects")
    next_phase(t, "challenges")
    legal(t, BringOut("A", "A.kl_5.1"))


# -- 6. gained Shadow values ------------------------------------------------------------------


def test_a_card_put_into_shadows_gains_shadow_equal_to_its_printed_cost() -> None:
    t = make_table({"A": {BURNED_MEN: 1}, "B": {}})
    in_play(t, "A.01091.1")
    v = legal(t, PutIntoShadows("B", "A.01091.1", gains="cost"))
    assert "shadow-gained" in notes_of(v)
    legal(t, BringOut("A", "A.01091.1"))
    assert t.players["A"].gold == 8


def test_a_dash_or_x_printed_cost_gives_shadow_zero() -> None:
    t = make_table({"A": {"T0003": 1, HANDS_JUDGMENT: 1}, "B": {"01100": 1}}, extra_cards={"T0003": DASH_NO_SHADOW})
    hand(t, "A.T0003.1", "A.01045.1", "B.01100.1")
    legal(t, PutIntoShadows("A", "A.T0003.1", gains="cost"))
    legal(t, PutIntoShadows("A", "A.01045.1", gains="cost"))
    legal(t, BringOut("A", "A.T0003.1"))
    legal(t, PlayEvent("B", "B.01100.1"))  # an opponent's event for The Hand's Judgment to cancel
    legal(t, PlayEventFromShadows("A", "A.01045.1"))
    assert t.players["A"].gold == 10


def test_the_controller_chooses_among_printed_and_gained_values() -> None:
    t = make_table({"A": {TYRION_TB: 1}, "B": {}})
    shadows(t, "A.13089.1")
    legal(t, GainShadow("A", "A.13089.1", gains=2))
    legal(t, BringOut("A", "A.13089.1", shadow=5))
    assert t.players["A"].gold == 5
    t2 = make_table({"A": {TYRION_TB: 1}, "B": {}})
    shadows(t2, "A.13089.1")
    legal(t2, GainShadow("A", "A.13089.1", gains=2))
    illegal(t2, BringOut("A", "A.13089.1", shadow=4), "shadows.cost-choice")
    legal(t2, BringOut("A", "A.13089.1"))  # the lowest by default
    assert t2.players["A"].gold == 8


def test_a_gained_value_is_gone_when_the_card_leaves_shadows() -> None:
    t = make_table({"A": {BURNED_MEN: 1}, "B": {}})
    shadows(t, "A.01091.1")
    legal(t, GainShadow("B", "A.01091.1", gains=1))
    legal(t, ReturnToHand("A", "A.01091.1"))
    legal(t, PutIntoShadows("A", "A.01091.1"))
    illegal(t, BringOut("A", "A.01091.1"), "shadows.no-shadow-value")
    t.move("A.01091.1", "A", Zone.DISCARD)
    v = illegal(t, GainShadow("A", "A.01091.1"), "shadows.gain-not-in-shadows")
    assert v.impossible


def test_first_edition_gained_shadow_from_the_printed_cost() -> None:
    t = make_table({"A": {"kl_5": 1}, "B": {}}, edition="1e", gold=10)
    shadows(t, "A.kl_5.1")
    legal(t, GainShadow("B", "A.kl_5.1"))  # printed cost in the 1st edition: 2 + the number after the s
    t.phase_began()  # the effect happened in the phase before; now a new phase begins
    legal(t, BringOut("A", "A.kl_5.1", shadow=4))
    assert t.players["A"].gold == 6


# -- 7. saving with a duplicate ------------------------------------------------------------------


def test_the_duplicates_controller_discards_it_to_save_the_card() -> None:
    for edition, card, dup in (("2e", TYRION_CORE, TYRION_TB), ("1e", "core_38", "kl_5")):
        t = make_table({"A": {card: 1, dup: 1}, "B": {}}, edition=edition)
        c, d = f"A.{card}.1", f"A.{dup}.1"
        in_play(t, c)
        t.put_in_play(d, "A", duplicate_of=c)
        citation = "RR: Duplicates" if edition == "2e" else "1E Rules › Duplicates"
        illegal(t, SaveWithDuplicate("B", d), "duplicate.save-controller", citation)
        illegal(t, SaveWithDuplicate("A", c), "duplicate.save-not-duplicate")
        v = legal(t, SaveWithDuplicate("A", d))
        assert "saved-by-duplicate" in notes_of(v)
        assert t.where[d] == ("A", Zone.DISCARD) and t.where[c] == ("A", Zone.PLAY)


def test_after_a_take_control_the_new_controller_saves_with_the_duplicate() -> None:
    t = make_table({"A": {TYRION_CORE: 1, TYRION_TB: 1}, "B": {}})
    in_play(t, "A.01089.1")
    t.put_in_play("A.13089.1", "A", duplicate_of="A.01089.1")
    legal(t, TakeControl("B", "A.01089.1"))
    illegal(t, SaveWithDuplicate("A", "A.13089.1"), "duplicate.save-controller")
    legal(t, SaveWithDuplicate("B", "A.13089.1"))
    assert t.where["A.13089.1"] == ("A", Zone.DISCARD)  # to its owner's discard pile
    legal(t, Kill("A", "A.01089.1"))  # the kill the save interrupted: Tyrion stays
    assert t.zone_of("A.01089.1") is Zone.PLAY
    legal(t, Kill("A", "A.01089.1"))  # a later kill: nothing saves him now
    assert t.where["A.01089.1"] == ("A", Zone.DEAD)


def test_a_character_chosen_for_military_claim_is_saved_by_its_duplicate_recorded_just_before() -> None:
    """Found by a judge's probe (RR: Military Claim: the defender chooses the characters to kill; RR: Duplicates: the
    duplicate's "Interrupt: When the overlapping unique card would leave play, discard this duplicate to save that
    card."; RR: Save): Bob chooses Robb for claim 1 and discards Robb's duplicate to save him. The save recorded
    just before the claim keeps Robb in play, the claim is met, and Robb may defend the next challenge; a save
    recorded earlier than the line before it saves nothing."""
    from companion.rules.actions import ApplyClaim, DeclareDefenders, GainGold, InitiateChallenge
    from tests.tables import military_won_by_a
    robb = "01146"
    t = make_table({"A": {"01091": 1, "01084": 1}, "B": {robb: 2}}, phase="challenges", gold=0)
    in_play(t, f"B.{robb}.1")
    t.put_in_play(f"B.{robb}.2", "B", duplicate_of=f"B.{robb}.1")
    military_won_by_a(t, "A.01091.1", in_play_cards=("A.01084.1",))
    legal(t, SaveWithDuplicate("B", f"B.{robb}.2"))
    legal(t, ApplyClaim("B", cards=[f"B.{robb}.1"]))
    assert t.zone_of(f"B.{robb}.1") is Zone.PLAY and t.zone_of(f"B.{robb}.2") is Zone.DISCARD
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01084.1"]))
    legal(t, DeclareDefenders("B", [f"B.{robb}.1"]))
    later = make_table({"A": {}, "B": {robb: 2}})
    in_play(later, f"B.{robb}.1")
    later.put_in_play(f"B.{robb}.2", "B", duplicate_of=f"B.{robb}.1")
    legal(later, SaveWithDuplicate("B", f"B.{robb}.2"))
    legal(later, GainGold("B", 1))
    legal(later, Kill("A", f"B.{robb}.1"))
    assert later.zone_of(f"B.{robb}.1") is Zone.DEAD


# -- 8. put into play from hand, discard pile, dead pile or draw deck ------------------------------


def test_put_into_play_from_any_out_of_play_area_costs_nothing() -> None:
    t = make_table({"A": {BURNED_MEN: 4}, "B": {}})
    hand(t, "A.01091.1")
    t.move("A.01091.2", "A", Zone.DISCARD)
    dead(t, "A.01091.3")
    for c in ("A.01091.1", "A.01091.2", "A.01091.3", "A.01091.4"):  # the last one from the draw deck
        legal(t, PutIntoPlay("A", c))
        assert t.where[c] == ("A", Zone.PLAY)
    assert t.players["A"].gold == 10
    v = illegal(t, PutIntoPlay("A", "A.01091.1"), "play.already-in-play", "RR: Put into Play")
    assert v.impossible


def test_events_are_never_put_into_play() -> None:
    t = make_table({"A": {TEARS_OF_LYS: 1}, "B": {}})
    hand(t, "A.01044.1")
    illegal(t, PutIntoPlay("A", "A.01044.1"), "play.put-into-play-event", "RR: Put into Play")


def test_put_into_play_from_a_dead_pile_holding_only_that_copy() -> None:
    for edition, one, two in (("2e", TYRION_CORE, TYRION_TB), ("1e", "core_38", "kl_5")):
        t = make_table({"A": {one: 1, two: 1}, "B": {}}, edition=edition)
        dead(t, f"A.{one}.1")
        legal(t, PutIntoPlay("A", f"A.{one}.1"))  # the exception of FAQ v4.1 (1.3)
        t2 = make_table({"A": {one: 1, two: 1}, "B": {}}, edition=edition)
        dead(t2, f"A.{one}.1", f"A.{two}.1")
        illegal(t2, PutIntoPlay("A", f"A.{one}.1"), "unique.dead-pile")
        t3 = make_table({"A": {one: 1, two: 1}, "B": {}}, edition=edition)
        dead(t3, f"A.{one}.1")
        hand(t3, f"A.{two}.1")
        illegal(t3, PutIntoPlay("A", f"A.{two}.1"), "unique.dead-pile")


def test_put_into_play_under_another_players_control_through_the_effect() -> None:
    t = make_table({"A": {}, "B": {BURNED_MEN: 1}})
    t.move("B.01091.1", "B", Zone.DISCARD)
    v = legal(t, PutIntoPlay("A", "B.01091.1", controller="A"))
    assert "enters-under-control" in notes_of(v)
    assert t.where["B.01091.1"] == ("A", Zone.PLAY) and t.in_play["B.01091.1"].control_stack == ["A"]
    legal(t, ControlReverts("A", "B.01091.1"))
    assert t.controller("B.01091.1") == "B"


def test_an_opponents_unique_cannot_enter_under_my_control_while_a_copy_is_in_play() -> None:
    for in_play_copy in ("A.01089.1", "B.01089.1"):  # my own copy, or the owner's
        t = make_table({"A": {TYRION_CORE: 1}, "B": {TYRION_TB: 1, TYRION_CORE: 1}})
        in_play(t, in_play_copy)
        hand(t, "B.13089.1")
        v = illegal(t, PutIntoPlay("A", "B.13089.1", controller="A"), "unique.opponents-card",
                    "FAQ v4.1 (1.3) Unique cards in play and in the dead pile")
        assert "belongs to B" in v.violations[0].text()


def test_an_opponents_unique_cannot_enter_under_my_control_with_a_copy_in_its_owners_dead_pile() -> None:
    t = make_table({"A": {}, "B": {TYRION_TB: 1, TYRION_CORE: 1}})
    dead(t, "B.01089.1")
    hand(t, "B.13089.1")
    illegal(t, PutIntoPlay("A", "B.13089.1", controller="A"), "unique.dead-pile")


# -- 9. the setup reveal ----------------------------------------------------------------------------


def test_setup_cards_lie_face_down_until_the_reveal() -> None:
    for edition, code, spent in (("2e", TYRION_CORE, 5), ("1e", "core_38", 4)):
        t = make_table({"A": {code: 2}, "B": {}}, edition=edition, phase="setup", gold=0)
        first, second = f"A.{code}.1", f"A.{code}.2"
        hand(t, first, second)
        assert "setup-face-down" in notes_of(legal(t, SetupFaceDown("A", first)))
        v = legal(t, SetupFaceDown("A", second))
        assert "duplicate-free" in notes_of(v)  # extra copies of a unique are free
        assert t.where[first] == t.where[second] == ("A", Zone.HAND)
        assert "Tyrion" not in json.dumps(view(t, Role.of_seat("B")))
        v = legal(t, RevealSetup())
        assert "setup-revealed" in notes_of(v)
        assert t.zone_of(first) is Zone.PLAY and t.in_play[second].duplicate_of == first
        assert t.players["A"].setup_gold_spent == spent and t.players["A"].gold == 0
        illegal(t, SetupPlace("A", first), "setup.revealed")
        illegal(t, RevealSetup(), "setup.revealed")


def test_a_setup_attachment_goes_onto_a_card_that_was_face_down_too() -> None:
    t = make_table({"A": {BURNED_MEN: 1, MILK: 1}, "B": {}}, phase="setup")
    hand(t, "A.01091.1", "A.01035.1")
    legal(t, SetupFaceDown("A", "A.01035.1", attach_to="A.01091.1"))  # placed first, attached at the reveal
    legal(t, SetupFaceDown("A", "A.01091.1"))
    legal(t, RevealSetup())
    assert t.in_play["A.01035.1"].attached_to == "A.01091.1"


def test_a_setup_attachment_needs_an_eligible_character_its_owner_controls() -> None:
    t = make_table({"A": {MILK: 1, HIGHROAD: 1}, "B": {BURNED_MEN: 1}}, phase="setup")
    hand(t, "A.01035.1", "A.00355.1", "B.01091.1")
    legal(t, SetupFaceDown("B", "B.01091.1"))
    legal(t, SetupFaceDown("A", "A.00355.1"))
    # flagged at its own line (probe25: a strict table refused the reveal, then revealed it anyway) and at the reveal
    from tests.tables import flagged_and_refused
    t = flagged_and_refused(t, SetupFaceDown("A", "A.01035.1", attach_to="B.01091.1"), "attach.target")
    v = illegal(t, RevealSetup(), "attach.target", "RR: Attachment Cards")
    assert "only on your own cards" in v.violations[0].text()
    t2 = make_table({"A": {MILK: 1, HIGHROAD: 1}, "B": {}}, phase="setup")
    hand(t2, "A.01035.1", "A.00355.1")
    legal(t2, SetupFaceDown("A", "A.00355.1"))
    legal(t2, SetupFaceDown("A", "A.01035.1", attach_to="A.00355.1"))
    v = illegal(t2, RevealSetup(), "attach.target")
    assert "character" in v.violations[0].text()


def test_a_setup_card_is_placed_face_down_once() -> None:
    t = make_table({"A": {BURNED_MEN: 1}, "B": {}}, phase="setup")
    hand(t, "A.01091.1")
    legal(t, SetupFaceDown("A", "A.01091.1"))
    v = illegal(t, SetupFaceDown("A", "A.01091.1"), "setup.already-placed")
    assert v.impossible


def test_setup_gold_and_limited_count_face_down_cards() -> None:
    t = make_table({"A": {"01093": 1, HIGHROAD: 1, TYRION_TB: 1}, "B": {}}, phase="setup")
    hand(t, "A.01093.1", "A.00355.1", "A.13089.1")
    legal(t, SetupFaceDown("A", "A.01093.1"))
    illegal(t, SetupFaceDown("A", "A.00355.1"), "setup.limited")
    legal(t, SetupFaceDown("A", "A.13089.1"))  # 2 + 6 of the 8
    illegal(t, SetupFaceDown("A", "A.00355.1"), "setup.gold")


# -- 10. rearranging shadows ---------------------------------------------------------------------------


def test_rearranging_shadows_is_recorded_and_always_illegal() -> None:
    for edition, deck in (("2e", {IMPS_AGENT: 2}), ("1e", {"atoc_53": 2})):
        t = make_table({"A": deck, "B": {}}, edition=edition)
        code = next(iter(deck))
        shadows(t, f"A.{code}.1", f"A.{code}.2")
        before = {c: t.in_shadows[c].position for c in t.shadows("A")}
        v = illegal(t, RearrangeShadows("A"), "shadows.rearrange", "RR: Shadows › While a card is in shadows")
        assert not v.impossible
        assert play(t, RearrangeShadows("A"), "strict").applied is False
        v = play(t, RearrangeShadows("A"))
        assert v.applied and not v.legal
        assert {c: t.in_shadows[c].position for c in t.shadows("A")} == before


# -- the phone's card action sheet -------------------------------------------------------------------


def test_the_phone_offers_the_new_effects() -> None:
    from companion.rules.suggest import suggest_actions, suggest_table_actions

    t = make_table({"A": {TYRION_CORE: 1, TYRION_TB: 1}, "B": {NO_SURPRISES: 1, IMPS_AGENT: 1, BURNED_MEN: 1}})
    in_play(t, "A.01089.1")
    t.put_in_play("A.13089.1", "A", duplicate_of="A.01089.1")
    hand(t, "B.13022.1")
    shadows(t, "B.00168.1")
    t.move("B.01091.1", "B", Zone.DISCARD)

    def types(rows: list[dict[str, object]]) -> list[object]:
        return [r["action"]["type"] for r in rows if r["legal"]]  # type: ignore[index]

    no_surprises = suggest_actions(t, "B.13022.1", "B")
    restricts = [r["action"] for r in no_surprises if r["action"]["type"] == "restrict"]
    assert {(a["target"], a["restriction"]) for a in restricts} == {("A", "bring_out"), ("A", "play_events")}
    assert all(a["source"] == "B.13022.1" for a in restricts)
    assert "save_with_duplicate" in types(suggest_actions(t, "A.13089.1", "A"))
    assert "save_with_duplicate" not in types(suggest_actions(t, "A.13089.1", "B"))
    assert {"gain_shadow", "bring_out"} <= set(types(suggest_actions(t, "B.00168.1", "B")))
    assert "put_into_play" in types(suggest_actions(t, "B.01091.1", "A"))
    gains = [r for r in suggest_actions(t, "A.01089.1", "B") if r["action"].get("gains") == "cost"]
    assert gains and gains[0]["action"]["type"] == "put_into_shadows"
    # Another player's face-down card: offered, but no verdict that could give it away.
    hidden = suggest_actions(t, "B.00168.1", "A")
    assert next(r["action"]["type"] for r in hidden if r["effect"]) == "put_into_play_from_shadows"  # "by effect"
    assert all(r["legal"] is None and r["violations"] == [] for r in hidden)
    assert "restrict" in types(suggest_table_actions(t, "B"))
    t1 = make_table({"A": {}, "B": {}}, edition="1e")
    assert "pass_shadows" in types(suggest_table_actions(t1, "A"))
    t2 = make_table({"A": {TYRION_CORE: 1}, "B": {}}, phase="setup")
    assert "reveal_setup" not in types(suggest_table_actions(t2, "A"))  # nothing face down: setup just ends
    hand(t2, "A.01089.1")
    play(t2, SetupFaceDown(player="A", card="A.01089.1"))
    assert "reveal_setup" in types(suggest_table_actions(t2, "A"))


def test_a_faction_card_kneels_as_a_cost_once_and_stands_in_the_standing_phase() -> None:
    """Found by a judge's probe (The Things I Do For Love: "Kneel your faction card to …"; RR: Kneel, Kneeling, Knelt:
    a kneeling card cannot kneel again, so the cost of a second copy cannot be paid; RR: Appendix I › 6.2: each
    player stands each kneeling card). The faction card is no card instance of the log: ``kneel_faction``."""
    from companion.rules.actions import BeginPhase, KneelFaction, StandFaction
    from companion.rules.roles import Role
    from companion.rules.views import view
    from tests.tables import flagged_and_refused
    t = make_table({"A": {}, "B": {}}, phase="dominance")
    legal(t, KneelFaction("A"))
    assert t.players["A"].faction_kneeling and not t.players["B"].faction_kneeling
    assert view(t, Role.of_seat("B"))["players"][0]["faction_kneeling"] is True
    flagged_and_refused(t, KneelFaction("A"), "faction.kneel-already")
    legal(t, KneelFaction("B"))
    legal(t, StandFaction("B"))
    flagged_and_refused(t, StandFaction("B"), "faction.stand-already")
    legal(t, BeginPhase("standing"))
    assert not t.players["A"].faction_kneeling


def test_marshaling_before_collecting_income_is_flagged() -> None:
    """Found by a judge's probe (RR: Appendix I › 3.2: the active player collects income, then marshals): The Roseroad
    marshalled before Alice's income is flagged; after it, it is not."""
    from companion.rules.actions import ChoosePlot, CollectIncome, Marshal, SetFirstPlayer
    from tests.tables import flagged_and_refused
    t = make_table({"A": {"01001": 1, "01040": 2}, "B": {"01002": 1}}, phase="plot", gold=0)
    legal(t, ChoosePlot("A", "A.01001.1"))
    legal(t, ChoosePlot("B", "B.01002.1"))
    legal(t, SetFirstPlayer("A"))
    legal(t, BeginPhase("draw"))
    legal(t, BeginPhase("marshaling"))
    t.players["A"].gold = 5
    hand(t, "A.01040.1", "A.01040.2")
    flagged_and_refused(t, Marshal("A", "A.01040.1"), "marshal.before-income")
    legal(t, CollectIncome("A"))
    legal(t, Marshal("A", "A.01040.1"))


def test_a_character_that_cannot_stand_stays_knelt() -> None:
    """Found by a judge's probe (RR: Golden Rule; "cannot" is absolute): Erik Anvil-Breaker "cannot stand during the
    standing phase" (he stays knelt there; an effect may stand him in another phase); a character carrying Hunting
    Accident ("Attached character cannot stand.") stands neither in the standing phase nor by an effect."""
    from companion.rules.actions import BeginPhase, Stand
    from tests.tables import flagged_and_refused
    t = make_table({"A": {"22004": 1, "01057": 1, "14021": 1}, "B": {}}, phase="dominance")
    for card in ("A.22004.1", "A.01057.1"):
        in_play(t, card)
        t.in_play[card].kneeling = True
    t.put_in_play("A.14021.1", "A", attached_to="A.01057.1")
    flagged_and_refused(t, Stand("A", "A.01057.1"), "stand.cannot")
    legal(t.clone(), Stand("A", "A.22004.1"))  # the dominance phase: his text holds in the standing phase only
    legal(t, BeginPhase("standing"))
    assert t.in_play["A.22004.1"].kneeling and t.in_play["A.01057.1"].kneeling
    flagged_and_refused(t, Stand("A", "A.22004.1"), "stand.cannot")


def test_a_location_that_cannot_stand_stays_knelt_and_cannot_kneel_again() -> None:
    """aside58 18 (RR: Golden Rule; RR: Costs; the rules ``kneel.already`` and ``stand.cannot``): Northern Armory
    (11003) "Northern Armory cannot stand. Action: Kneel Northern Armory to …": knelt for its action, it stays knelt
    through the standing phase, so kneeling it again next round is flagged, and so is a stand of it."""
    from companion.catalog.store import Catalog
    from companion.rules.actions import BeginPhase, Kneel, Stand
    from tests.tables import flagged_and_refused
    assert Catalog.open().card("11003").stays_knelt == "always"
    t = make_table({"A": {"11003": 1}, "B": {}}, phase="dominance")
    in_play(t, "A.11003.1")
    legal(t, Kneel("A", "A.11003.1"))
    flagged_and_refused(t, Stand("A", "A.11003.1"), "stand.cannot")
    legal(t, BeginPhase("standing"))
    assert t.in_play["A.11003.1"].kneeling
    flagged_and_refused(t, Kneel("A", "A.11003.1"), "kneel.already")


def test_a_character_knelt_by_an_ability_that_holds_it_stays_knelt_this_round() -> None:
    """stand.cannot, found by a glossary sweep (aside31 14): 1st edition Cersei Lannister: "Kneel that character if it
    is standing. That character does not stand during the standing phase this round." A character her ability knelt
    (her own kneeling is the cost, not the chosen character) stays knelt in this round's standing phase, and a ``stand``
    there is flagged; one knelt without her as the source stands; the next round's standing phase stands it."""
    from companion.rules.actions import BeginPhase, Kneel, Stand
    from tests.tables import flagged_and_refused
    t = make_table({"A": {"core_39": 1, "core_21": 2}, "B": {}}, edition="1e", phase="dominance")
    for card in ("A.core_39.1", "A.core_21.1", "A.core_21.2"):
        in_play(t, card)
    legal(t, Kneel("A", "A.core_39.1", source="A.core_39.1"))
    legal(t, Kneel("A", "A.core_21.1", source="A.core_39.1"))
    legal(t, Kneel("A", "A.core_21.2"))
    legal(t, BeginPhase("standing"))
    assert t.in_play["A.core_21.1"].kneeling
    assert not t.in_play["A.core_39.1"].kneeling and not t.in_play["A.core_21.2"].kneeling
    flagged_and_refused(t, Stand("A", "A.core_21.1"), "stand.cannot")
    t.round += 1
    t.phase = Phase.DOMINANCE
    legal(t, BeginPhase("standing"))
    assert not t.in_play["A.core_21.1"].kneeling


def test_a_discard_from_a_hand_takes_one_of_the_cards_drawn() -> None:
    """Found by a glossary sweep (aside31 27; the hand count behind reserve.order): Heads on Spikes, "Discard 1 card at
    random from that player's hand.", names a card of Bob's the log had not named in his hand: it is one of the 2
    cards he drew (his hand holds 1), not a card of his deck; without such a source the line discards from the deck."""
    from companion.rules.actions import Discard, DrawCards
    from companion.rules.values import deck_count, hand_count
    t = make_table({"A": {"01013": 1}, "B": {"01159": 3, "01091": 3}}, phase="draw")
    t.phase = Phase.SETUP
    legal(t, DrawCards("B", 2))
    deck = deck_count(t, "B")
    legal(t, Discard("A", "B.01159.1", source="A.01013.1"))
    assert (hand_count(t, "B"), deck_count(t, "B")) == (1, deck)
    legal(t, Discard("A", "B.01159.2"))
    assert (hand_count(t, "B"), deck_count(t, "B")) == (1, deck - 1)


def test_first_edition_a_cards_own_ability_brings_it_out_of_shadows_at_its_own_time() -> None:
    """Found by two judges' probes (1st edition Ser Mandon Moore: "Challenges: Bring Ser Mandon Moore out of Shadows and
    into play by paying the rest of his gold cost."; card text beats the insert's beginning-of-phase chance): named as
    the ``source`` the bring-out mid-phase is legal and leaves the player's chance as it was; without it, flagged."""
    t = make_table({"A": {"kl_117": 1}, "B": {}}, edition="1e", gold=10)
    shadows(t, "A.kl_117.1")
    t.phase = Phase.CHALLENGES
    t.phase_body_started(None)
    illegal(t, BringOut("A", "A.kl_117.1"), "shadows.timing-1e")
    # another card named as the source (probe26 03: Lannisport Weaponsmith prints no such ability) changes nothing
    t2 = make_table({"A": {"kl_117": 1, "core_53": 1}, "B": {}}, edition="1e", gold=10)
    shadows(t2, "A.kl_117.1")
    t2.phase = Phase.CHALLENGES
    t2.phase_body_started(None)
    illegal(t2, BringOut("A", "A.kl_117.1", source="A.core_53.1"), "shadows.timing-1e")
    before = t.players["A"].shadows_opportunity
    legal(t, BringOut("A", "A.kl_117.1", source="A.kl_117.1"))
    assert t.zone_of("A.kl_117.1") is Zone.PLAY and t.players["A"].shadows_opportunity == before


def test_first_edition_a_card_moved_into_shadows_goes_to_its_controllers_area() -> None:
    """Found by a judge's probe (1E Shadows insert: "If a card is moved into Shadows by a card effect, it should also be
    placed facedown in its controller's Shadows area."): Alice controls Bob's character; an effect moves it into
    Shadows: it lies in Alice's; in the 2nd edition it goes to its owner's (RR: Ownership and Control)."""
    for edition, code, area in (("1e", "kotse_43", "A"), ("2e", "01091", "B")):
        t = make_table({"A": {}, "B": {code: 1}}, edition=edition)
        in_play(t, f"B.{code}.1", controller="A")
        play(t, PutIntoShadows("A", f"B.{code}.1"))  # 2nd edition: noted as going to its owner's area
        assert t.where[f"B.{code}.1"] == (area, Zone.SHADOWS), edition


def test_a_card_effects_save_keeps_the_card_chosen_for_claim_in_play() -> None:
    """Found by a judge's probe (Bodyguard: "Interrupt: When attached character would be killed or discarded from play,
    sacrifice Bodyguard to save that character."; RR: Save): the save written just before the claim keeps Eddard in
    play and the claim met; under The Bloody Flux ("Characters cannot be saved.") it is flagged."""
    from companion.rules.actions import ApplyClaim, Save
    from tests.tables import flagged_and_refused, military_won_by_a
    t = make_table({"A": {"01091": 1}, "B": {"01144": 1, "01033": 1}}, phase="challenges")
    military_won_by_a(t, "A.01091.1", in_play_cards=("B.01144.1",))
    legal(t, Save("B", "B.01144.1", source="B.01033.1"))
    legal(t, ApplyClaim("B", cards=["B.01144.1"]))
    assert t.zone_of("B.01144.1") is Zone.PLAY
    flux = make_table({"A": {"11040": 1}, "B": {"01144": 1}})
    in_play(flux, "B.01144.1")
    flux.move("A.11040.1", "A", Zone.REVEALED)
    flagged_and_refused(flux, Save("B", "B.01144.1"), "plot.no-saves")


def test_a_card_placed_in_the_dead_pile_or_shuffled_back_into_the_deck_by_an_effect() -> None:
    """Found by a judge's probe: Heads on Spikes ("place the discarded character in its owner's dead pile"): a copy of
    the unique card in the dead pile cannot be marshalled (RR: Unique Cards); Benjen Stark ("shuffle him back into
    your deck instead of placing him in your dead pile"): killed, then shuffled back, he may be drawn and marshalled."""
    from companion.rules.actions import Discard, Kill, Marshal, PlaceInDeadPile, ShuffleIntoDeck
    from tests.tables import flagged_and_refused
    t = make_table({"A": {"01013": 1}, "B": {"01144": 2}})
    hand(t, "B.01144.1", "B.01144.2")
    legal(t, Discard("A", "B.01144.1"))
    legal(t, PlaceInDeadPile("A", "B.01144.1"))
    assert t.zone_of("B.01144.1") is Zone.DEAD
    flagged_and_refused(t, Marshal("B", "B.01144.2"), "unique.dead-pile")
    u = make_table({"A": {"01091": 1}, "B": {"01122": 1}})
    in_play(u, "B.01122.1")
    legal(u, Kill("A", "B.01122.1"))
    legal(u, ShuffleIntoDeck("B", "B.01122.1"))
    assert u.zone_of("B.01122.1") is Zone.DECK


def test_a_character_an_effect_forbids_to_defend_until_the_end_of_the_phase() -> None:
    """Found by a judge's probe (Ghost: "After Ghost bypasses a character using stealth, that character cannot be
    declared as a defender for any challenges until the end of the phase."): recorded with `restrict` "defend", the
    character declared as a defender is flagged; the next phase it may defend again."""
    from companion.rules.actions import DeclareDefenders, InitiateChallenge, Restrict
    from tests.tables import flagged_and_refused
    t = make_table({"A": {"01123": 1, "01089": 1}, "B": {"01144": 1}}, phase="challenges")
    for card in ("A.01123.1", "A.01089.1", "B.01144.1"):
        in_play(t, card)
    t.active_player = "A"
    legal(t, Restrict("A", "B", "defend", card="B.01144.1", source="A.01123.1"))
    legal(t, InitiateChallenge("A", "power", "B", ["A.01089.1"]))
    flagged_and_refused(t, DeclareDefenders("B", ["B.01144.1"]), "restriction.no-defending")
    assert t.players["B"].restrictions
    t.phase_began()
    assert not t.players["B"].restrictions


def test_a_face_down_setup_attachment_naming_an_opponents_card_is_flagged_at_once() -> None:
    """Found by a judge's probe (FAQ: Attachments in Setup: only onto one's own cards): the face-down line naming
    the opponent's Robb Stark is flagged (refused in strict mode), so the reveal cannot attach it there later."""
    from companion.rules.actions import SetupFaceDown
    from tests.tables import flagged_and_refused
    t = make_table({"A": {"01096": 1}, "B": {"01146": 1}}, phase="setup")
    hand(t, "A.01096.1")
    in_play(t, "B.01146.1")
    flagged_and_refused(t, SetupFaceDown("A", "A.01096.1", attach_to="B.01146.1"), "attach.target")


def test_a_card_already_in_a_discard_pile_cannot_be_discarded_again() -> None:
    """Found by the held-out set aside23 (Bodyguard sacrificed a second time from its discard pile): impossible."""
    from companion.rules.actions import Discard
    t = make_table({"A": {"01033": 1}, "B": {}})
    in_play(t, "A.01033.1")
    legal(t, Discard("A", "A.01033.1"))
    v = illegal(t, Discard("A", "A.01033.1"), "card.already-there")
    assert v.impossible


def test_a_characters_no_kneel_holds_only_while_its_condition_does() -> None:
    """Found by a judge's probe: Vanguard of the North ("While a player has a War plot revealed, … does not kneel
    when declared as an attacker in a [military] challenge") and Left ("While you control Right, … does not kneel when
    declared as a defender"): standing after being declared while the condition holds, kneeling when it does not."""
    from companion.rules.actions import DeclareDefenders, InitiateChallenge
    vanguard, war, plain = "01151", "01005", "01001"  # A Storm of Swords is a War plot; A Clash of Kings is not
    for plot, kneels in ((war, False), (plain, True)):
        t = make_table({"A": {vanguard: 1, plot: 1}, "B": {plain: 1}}, phase="challenges")
        t.move(f"A.{plot}.1", "A", Zone.REVEALED)
        t.move(f"B.{plain}.1", "B", Zone.REVEALED)
        in_play(t, f"A.{vanguard}.1")
        t.active_player = "A"
        legal(t, InitiateChallenge("A", "military", "B", [f"A.{vanguard}.1"]))
        assert t.in_play[f"A.{vanguard}.1"].kneeling is kneels
    left, right = "01179", "01184"
    for partner, kneels in ((True, False), (False, True)):
        u = make_table({"A": {"01091": 1}, "B": {left: 1, right: 1}}, phase="challenges")
        in_play(u, "A.01091.1")
        in_play(u, f"B.{left}.1")
        if partner:
            in_play(u, f"B.{right}.1")
        u.active_player = "A"
        legal(u, InitiateChallenge("A", "military", "B", ["A.01091.1"]))
        legal(u, DeclareDefenders("B", [f"B.{left}.1"]))
        assert u.in_play[f"B.{left}.1"].kneeling is kneels


def test_in_a_melee_game_a_concession_leaves_the_others_playing() -> None:
    """Found by a judge's probe (RR: Winning the Game: the game ends when one player is left): one of three players
    concedes; the other two play on, and the game ends when the second concedes."""
    from companion.rules.actions import Concede, GainGold
    t = make_table({"A": {}, "B": {}, "C": {}})
    legal(t, Concede("C"))
    assert t.ended is None and t.players["C"].eliminated
    legal(t, GainGold("A", 1))
    legal(t, Concede("B"))
    assert t.ended == "conceded" and t.winner_seat == "A"


def test_first_edition_a_house_only_card_is_not_set_up_into_shadows_by_another_house() -> None:
    """Found by a judge's probe: 1st edition Gold Cloaks ("House Lannister only.") set up into Shadows by a Stark
    player is flagged, as its marshal into Shadows already was."""
    from companion.rules.actions import SetupIntoShadows
    from tests.tables import flagged_and_refused
    gold_cloaks = "kl_25"
    t = make_table({"A": {gold_cloaks: 1}, "B": {}}, edition="1e", phase="setup", factions={"A": "stark"})
    hand(t, f"A.{gold_cloaks}.1")
    flagged_and_refused(t, SetupIntoShadows("A", f"A.{gold_cloaks}.1"), "card.house-only")


def impossible_in_both_modes(t: Table, a: Action, rule: str) -> None:
    """An impossible move: refused in advisory mode as in strict, the table untouched."""
    for mode in ("advisory", "strict"):
        copy = t.clone()
        v = play(copy, a, mode)  # type: ignore[arg-type]
        assert rule in rules_of(v) and v.impossible and not v.applied, (mode, [x.rule for x in v.violations])
        assert copy.version == t.version


def test_plots_and_agendas_never_move_as_a_draw_decks_cards() -> None:
    """probe27 29, 30 (RR: Plot Deck; RR: Agenda Cards): a plot leaves its plot deck only by being revealed, to the used
    pile after it; neither it nor an agenda is ever returned to a hand, marshalled, drawn or put into play."""
    t = make_table({"A": {"01001": 1, "01027": 1, "01057": 1}, "B": {}})
    impossible_in_both_modes(t, PutIntoPlay("A", "A.01001.1"), "card.not-a-deck-card")  # A Clash of Kings
    impossible_in_both_modes(t, ReturnToHand("A", "A.01001.1"), "card.not-a-deck-card")
    impossible_in_both_modes(t, Marshal("A", "A.01027.1"), "card.not-a-deck-card")  # Fealty, an agenda
    legal(t, Marshal("A", "A.01057.1"))


def test_an_attachment_cannot_go_on_a_card_out_of_play_and_a_card_without_duplicate_saves_nothing() -> None:
    """probe27 09, 28 (RR: Attachment Cards: attached to a card in play; RR: Duplicates: the duplicate is discarded to
    save): both cannot physically happen, so neither is recorded in advisory mode either."""
    t = make_table({"A": {"01037": 1, "01087": 1}, "B": {"01152": 1}})
    hand(t, "A.01037.1")
    dead(t, "B.01152.1")
    in_play(t, "A.01087.1")
    impossible_in_both_modes(t, Marshal("A", "A.01037.1", attach_to="B.01152.1"), "attach.target-gone")
    impossible_in_both_modes(t, SaveWithDuplicate("A", "A.01087.1"), "duplicate.save-not-duplicate")
    legal(t, Marshal("A", "A.01037.1", attach_to="A.01087.1"))  # Syrio's Training on Ser Jaime Lannister


def test_lasting_effects_on_a_card_end_when_it_leaves_play() -> None:
    """probe28 01-03 (RR: Leaves Play: "All lasting effects and/or delayed effects affecting the card while it is in
    play expire for that card."): Tumblestone Knight's +3 STR and stealth until the end of the round, and Burned Men's
    "cannot be declared as a defender", end when the card returns to its owner's hand; marshalled again it is a new
    card. Another card's effects stay."""
    t = make_table({"A": {"01150": 2}, "B": {"01091": 1}})
    in_play(t, "A.01150.1")
    in_play(t, "A.01150.2")
    in_play(t, "B.01091.1")
    legal(t, Modify("A", "str", 3, "A.01150.1", until="round"))
    legal(t, Modify("A", "stealth", 1, "A.01150.1", until="round"))
    legal(t, Modify("A", "str", 1, "A.01150.2", until="round"))
    legal(t, Restrict("A", "B", "defend", until="round", card="B.01091.1"))
    legal(t, ReturnToHand("B", "A.01150.1"))
    legal(t, ReturnToHand("A", "B.01091.1"))
    assert [(m.stat, m.card) for m in t.modifiers] == [("str", "A.01150.2")]
    assert t.players["B"].restrictions == []
