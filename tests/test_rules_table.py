"""Setup, marshaling, leaving play, control, tokens, gold and the round, in both editions."""

from __future__ import annotations

import json

import pytest

from companion.rules import ActionError, action_from_dict, check, play
from companion.rules.actions import (
    REGISTRY,
    BeginPhase,
    CollectIncome,
    ControlReverts,
    Discard,
    Draw,
    Kill,
    LeavePlay,
    Marshal,
    PassTurn,
    PlaceTokens,
    PlayEvent,
    RemoveTokens,
    ReturnToHand,
    ReturnUnspentGold,
    RevealSetup,
    SetupFaceDown,
    SetupIntoShadows,
    SetupPlace,
    SpendGold,
    TakeControl,
)
from companion.rules.roles import JUDGE, SPECTATOR, Role
from companion.rules.state import Phase, Zone
from companion.rules.views import view
from tests.tables import dead, hand, illegal, in_play, legal, make_table, notes_of, rules_of, shadows

TYRION_TB, TYRION_CORE, POWDER, BRIDGE = "13089", "01089", "11099", "11011"
IMPS_AGENT, BURNED_MEN, MONEYLENDER, HIGHROAD = "00168", "01091", "01093", "00355"
MILK, PYRO_CACHE, HANDS_JUDGMENT, TEARS_OF_LYS = "01035", "13030", "01045", "01044"


# -- setup ------------------------------------------------------------------------------


def test_setup_into_shadows_uses_two_of_the_eight_setup_gold_events_too() -> None:
    t = make_table({"A": {IMPS_AGENT: 3, BRIDGE: 2}, "B": {}}, phase="setup")
    hand(t, "A.00168.1", "A.00168.2", "A.00168.3", "A.11011.1", "A.11011.2")
    for c in ("A.00168.1", "A.00168.2", "A.00168.3", "A.11011.1"):
        legal(t, SetupIntoShadows("A", c))
    assert t.players["A"].setup_gold_spent == 8
    illegal(t, SetupIntoShadows("A", "A.11011.2"), "setup.gold", "RR: Setup")


def test_setup_gold_is_five_in_the_first_edition() -> None:
    t = make_table({"A": {"kl_5": 1, "kl_26": 1, "atoc_53": 1}, "B": {}}, edition="1e", phase="setup")
    hand(t, "A.kl_5.1", "A.kl_26.1", "A.atoc_53.1")
    legal(t, SetupIntoShadows("A", "A.kl_5.1"))
    legal(t, SetupIntoShadows("A", "A.kl_26.1"))
    illegal(t, SetupIntoShadows("A", "A.atoc_53.1"), "setup.gold", "1E Shadows insert › Playing a card into Shadows")


def test_setup_into_shadows_needs_shadow() -> None:
    t = make_table({"A": {BURNED_MEN: 1}, "B": {}}, phase="setup")
    hand(t, "A.01091.1")
    illegal(t, SetupIntoShadows("A", "A.01091.1"), "shadows.setup-no-keyword")
    t1 = make_table({"A": {"atoc_83": 1}, "B": {}}, edition="1e", phase="setup")
    hand(t1, "A.atoc_83.1")
    illegal(t1, SetupIntoShadows("A", "A.atoc_83.1"), "shadows.no-crest")


def test_setup_only_during_setup() -> None:
    t = make_table({"A": {IMPS_AGENT: 1, BURNED_MEN: 1}, "B": {}}, phase="plot")
    hand(t, "A.00168.1", "A.01091.1")
    illegal(t, SetupIntoShadows("A", "A.00168.1"), "setup.phase")
    illegal(t, SetupPlace("A", "A.01091.1"), "setup.phase")


def test_setup_place_face_up_for_printed_cost_shadow_cards_included() -> None:
    t = make_table({"A": {IMPS_AGENT: 1, BURNED_MEN: 1}, "B": {}}, phase="setup")
    hand(t, "A.00168.1", "A.01091.1")
    legal(t, SetupPlace("A", "A.00168.1"))
    legal(t, SetupPlace("A", "A.01091.1"))
    assert t.players["A"].setup_gold_spent == 5


def test_setup_place_refuses_dash_cost_events_and_too_much_gold() -> None:
    t = make_table({"A": {POWDER: 1, BRIDGE: 1, TYRION_TB: 1, IMPS_AGENT: 1}, "B": {}}, phase="setup")
    hand(t, "A.11099.1", "A.11011.1", "A.13089.1", "A.00168.1")
    in_play(t, "A.00168.1")
    illegal(t, SetupPlace("A", "A.11099.1", attach_to="A.00168.1"), "cost.dash")
    illegal(t, SetupPlace("A", "A.11011.1"), "setup.type")
    t.players["A"].setup_gold_spent = 3
    illegal(t, SetupPlace("A", "A.13089.1"), "setup.gold")


def test_setup_at_most_one_limited_card() -> None:
    t = make_table({"A": {MONEYLENDER: 1, HIGHROAD: 1}, "B": {}}, phase="setup")
    hand(t, "A.01093.1", "A.00355.1")
    legal(t, SetupPlace("A", "A.01093.1"))
    illegal(t, SetupPlace("A", "A.00355.1"), "setup.limited")


def test_setup_extra_copies_of_a_unique_are_free_duplicates() -> None:
    t = make_table({"A": {TYRION_CORE: 2}, "B": {}}, phase="setup")
    hand(t, "A.01089.1", "A.01089.2")
    legal(t, SetupPlace("A", "A.01089.1"))
    v = legal(t, SetupPlace("A", "A.01089.2"))
    assert "duplicate-free" in notes_of(v)
    assert t.players["A"].setup_gold_spent == 5


def test_setup_attachments_only_on_your_own_cards() -> None:
    t = make_table({"A": {MILK: 1}, "B": {BURNED_MEN: 1}}, phase="setup")
    hand(t, "A.01035.1")
    in_play(t, "B.01091.1")
    illegal(t, SetupPlace("A", "A.01035.1", attach_to="B.01091.1"), "attach.target")


def test_first_edition_crest_cards_cannot_be_set_up_face_up() -> None:
    t = make_table({"A": {"kl_5": 1}, "B": {}}, edition="1e", phase="setup")
    hand(t, "A.kl_5.1")
    illegal(t, SetupPlace("A", "A.kl_5.1"), "shadows.crest-marshal-1e")


# -- marshal ------------------------------------------------------------------------------


def test_marshal_pays_the_printed_cost() -> None:
    t = make_table({"A": {IMPS_AGENT: 1}, "B": {}})
    hand(t, "A.00168.1")
    legal(t, Marshal("A", "A.00168.1"))
    assert t.players["A"].gold == 7 and t.where["A.00168.1"] == ("A", Zone.PLAY)


def test_marshal_rules() -> None:
    t = make_table({"A": {HANDS_JUDGMENT: 1, TYRION_CORE: 1, TYRION_TB: 1}, "B": {}}, phase="challenges")
    hand(t, "A.01045.1", "A.01089.1")
    illegal(t, Marshal("A", "A.01089.1"), "marshal.phase")
    t.phase = Phase.MARSHALING
    illegal(t, Marshal("A", "A.01045.1"), "marshal.event")
    dead(t, "A.13089.1")
    illegal(t, Marshal("A", "A.01089.1"), "unique.dead-pile", "RR: Dead Pile")


def test_a_printed_permission_lets_a_card_be_marshalled_from_a_pile() -> None:
    """aside63 31 (marshal.from-hand; Tarle the Thrice-Drowned: "You may marshal non-unique Drowned God characters
    from your dead pile as if they were in your hand."; House Dayne Escort: "… you may marshal House Dayne Escort from
    your discard pile as if it were in your hand."): with Tarle in play the non-unique Drowned Prophet comes from the
    dead pile, the unique Old Grey Gull does not; without him the Prophet cannot. The Escort's permission names its
    discard pile, not the dead pile."""
    t = make_table({"A": {"08091": 1, "12013": 2, "12011": 1, "10015": 2}, "B": {}}, phase="marshaling")
    t.first_player = t.active_player = "A"
    t.players["A"].income_round = t.round
    dead(t, "A.12013.1", "A.12013.2", "A.12011.1", "A.10015.2")
    illegal(t, Marshal("A", "A.12013.2"), "marshal.from-hand")
    in_play(t, "A.08091.1")
    legal(t, Marshal("A", "A.12013.1"))
    illegal(t, Marshal("A", "A.12011.1"), "marshal.from-hand")
    assert t.card("A.10015.1").marshal_from_pile == ("discard", "self", "", False, False)
    illegal(t, Marshal("A", "A.10015.2"), "marshal.from-hand")


def test_cards_come_from_the_players_own_hand() -> None:
    t = make_table({"A": {IMPS_AGENT: 1, TEARS_OF_LYS: 1}, "B": {IMPS_AGENT: 1}}, phase="setup")
    t.move("A.00168.1", "A", Zone.DISCARD)
    hand(t, "B.00168.1")
    illegal(t, SetupPlace("A", "A.00168.1"), "setup.from-hand")
    t.phase = Phase.MARSHALING
    illegal(t, Marshal("A", "A.00168.1"), "marshal.from-hand")
    v = illegal(t, Marshal("A", "B.00168.1"), "marshal.from-hand")
    assert "B's hand" in v.violations[0].text()
    t.move("A.01044.1", "A", Zone.DEAD)
    illegal(t, PlayEvent("A", "A.01044.1"), "event.from-hand")
    hand(t, "A.00168.1")
    illegal(t, PlayEvent("A", "A.00168.1"), "event.not-an-event")


def test_marshal_a_duplicate_for_free() -> None:
    t = make_table({"A": {TYRION_CORE: 1, TYRION_TB: 1}, "B": {}})
    in_play(t, "A.01089.1")
    hand(t, "A.13089.1")
    v = legal(t, Marshal("A", "A.13089.1"))
    assert "duplicate-free" in notes_of(v) and t.players["A"].gold == 10


def test_marshal_one_limited_card_per_round() -> None:
    t = make_table({"A": {MONEYLENDER: 1, HIGHROAD: 1}, "B": {}})
    hand(t, "A.01093.1", "A.00355.1")
    legal(t, Marshal("A", "A.01093.1"))
    illegal(t, Marshal("A", "A.00355.1"), "limited.once-per-round")
    for phase in ("challenges", "dominance", "standing", "taxation", "plot", "draw", "marshaling"):
        while t.active_player is not None:  # each player's turn ends before the phase does
            legal(t, PassTurn(t.active_player))
        legal(t, BeginPhase(phase))
    t.players["A"].gold = 5
    legal(t, Marshal("A", "A.00355.1"))  # a new round


def test_marshal_unique_when_another_player_controls_my_copy() -> None:
    t = make_table({"A": {TYRION_CORE: 1, TYRION_TB: 1}, "B": {}})
    in_play(t, "A.01089.1", controller="B")
    hand(t, "A.13089.1")
    illegal(t, Marshal("A", "A.13089.1"), "unique.control-conflict")


def test_marshal_attachments_need_a_target_of_the_right_kind() -> None:
    t = make_table({"A": {MILK: 1, PYRO_CACHE: 1, HIGHROAD: 1, BURNED_MEN: 1}, "B": {}})
    hand(t, "A.01035.1", "A.13030.1")
    in_play(t, "A.00355.1")
    in_play(t, "A.01091.1")
    illegal(t, Marshal("A", "A.01035.1"), "attach.target")
    illegal(t, Marshal("A", "A.13030.1", attach_to="A.01091.1"), "attach.target")
    legal(t, Marshal("A", "A.13030.1", attach_to="A.00355.1"))
    legal(t, Marshal("A", "A.01035.1", attach_to="A.01091.1"))


#: Characters with the "No attachments" keyword (a fact the catalog carries, as it carries renown or stealth).
RAIDERS, SHAGGYDOG_1E, GREATJON_1E, MILK_1E = "01030", "core_11", "core_10", "core_145"


@pytest.mark.parametrize(("edition", "deck", "attachment", "plain", "bare", "citation"), [
    ("2e", {MILK: 1, BURNED_MEN: 1, RAIDERS: 1}, "A.01035.1", "A.01091.1", "A.01030.1", "RR: No Attachments"),
    ("1e", {MILK_1E: 1, GREATJON_1E: 1, SHAGGYDOG_1E: 1}, "A.core_145.1", "A.core_10.1", "A.core_11.1",
     "1E Rules › No attachments"),
])
def test_no_attachments_keeps_a_marshalled_attachment_off(
    edition: str, deck: dict[str, int], attachment: str, plain: str, bare: str, citation: str
) -> None:
    """RR: No Attachments (1st edition: the same keyword): an attachment cannot be attached to a card with it."""
    t = make_table({"A": deck, "B": {}}, edition=edition)
    assert "no attachments" in t.card(bare).keywords
    hand(t, attachment)
    in_play(t, plain)
    in_play(t, bare)
    v = illegal(t, Marshal("A", attachment, attach_to=bare), "attach.no-attachments", citation)
    assert rules_of(v) == ["attach.no-attachments"]
    assert "No attachments" in v.violations[0].text()
    assert play(t.clone(), Marshal("A", attachment, attach_to=bare), "strict").applied is False
    advisory = t.clone()
    assert play(advisory, Marshal("A", attachment, attach_to=bare), "advisory").applied  # recorded, flagged
    assert advisory.in_play[attachment].attached_to == bare
    legal(t, Marshal("A", attachment, attach_to=plain))


LONGCLAW, OLD_FOREST_HUNTER, AEGONS_BLADE_1E, RAINWOOD_1E = "01135", "01131", "core_102", "core_81"


@pytest.mark.parametrize(("edition", "deck", "weapon", "other", "target", "citation"), [
    ("2e", {MILK: 1, LONGCLAW: 1, OLD_FOREST_HUNTER: 1}, "A.01135.1", "A.01035.1", "A.01131.1",
     "RR: No Attachments"),
    ("1e", {MILK_1E: 1, AEGONS_BLADE_1E: 1, RAINWOOD_1E: 1}, "A.core_102.1", "A.core_145.1", "A.core_81.1",
     "1E Rules › No attachments"),
])
def test_no_attachments_except_a_trait_lets_only_attachments_with_it_on(
    edition: str, deck: dict[str, int], weapon: str, other: str, target: str, citation: str
) -> None:
    """RR: No Attachments: "No attachments except <Weapon>" (Old Forest Hunter; 1st edition Knight of the Rainwood):
    a Weapon may be attached to the card, another attachment (Milk of the Poppy, a Condition) may not."""
    from companion.rules.placing import legal_attach_targets

    t = make_table({"A": deck, "B": {}}, edition=edition)
    assert t.card(target).attachments_except == ("Weapon",) and "no attachments" not in t.card(target).keywords
    hand(t, weapon, other)
    in_play(t, target)
    assert target in legal_attach_targets(t, t.card(weapon)) and target not in legal_attach_targets(t, t.card(other))
    v = illegal(t, Marshal("A", other, attach_to=target), "attach.no-attachments-except", citation)
    assert rules_of(v) == ["attach.no-attachments-except"]
    assert "No attachments except Weapon" in v.violations[0].text()
    assert "Keine Verstärkungen außer Weapon" in v.violations[0].text("de")
    assert play(t.clone(), Marshal("A", other, attach_to=target), "strict").applied is False
    advisory = t.clone()
    assert play(advisory, Marshal("A", other, attach_to=target), "advisory").applied  # recorded, flagged
    assert advisory.in_play[other].attached_to == target
    legal(t, Marshal("A", weapon, attach_to=target))


#: Attachments with a printed restriction (a card fact: Card.attach_only), each with a card it may go on and one it
#: may not, and the restriction as the message words it in English and German.
RESTRICTED = [
    # "Opponent's character only.": on B's Burned Men, not on A's own.
    ("2e", {"A": {"04048": 1, BURNED_MEN: 1}, "B": {BURNED_MEN: 1}}, "A.04048.1", "B.01091.1", "A.01091.1",
     "character (controlled by an opponent)", "Charakter (von einem Gegner kontrolliert)", "RR: Attachment Cards"),
    # Ice, "[stark] character only.": on Tumblestone Knight, not on Burned Men (Lannister).
    ("2e", {"A": {"01153": 1, "01150": 1, BURNED_MEN: 1}, "B": {}}, "A.01153.1", "A.01150.1", "A.01091.1",
     "character (Stark)", "Charakter (Stark)", "RR: Attachment Cards"),
    # Ser Pounce, "Unique character with printed cost 3 or lower only.": on Joffrey (3), not on Tyrion (5).
    ("2e", {"A": {"08090": 1, "01086": 1, TYRION_CORE: 1}, "B": {}}, "A.08090.1", "A.01086.1", "A.01089.1",
     "character (unique, printed cost 3 or lower)", "Charakter (einzigartig, aufgedruckte Kosten 3 oder weniger)",
     "RR: Attachment Cards"),
    # The Silver Steed, "Dothraki character or Daenerys Targaryen only.": on Daenerys (by title), not on Viserys.
    ("2e", {"A": {"02054": 1, "01160": 1, "01167": 1}, "B": {}}, "A.02054.1", "A.01160.1", "A.01167.1",
     "character (Dothraki) or Daenerys Targaryen", "Charakter (Dothraki) oder Daenerys Targaryen",
     "RR: Attachment Cards"),
    # 1st edition Motley, "Attach to an opponent's character.": on B's Kennel Master, not on A's.
    ("1e", {"A": {"core_67": 1, "core_20": 1}, "B": {"core_20": 1}}, "A.core_67.1", "B.core_20.1", "A.core_20.1",
     "character (controlled by an opponent)", "Charakter (von einem Gegner kontrolliert)", "1E Rules › Attachments"),
    # 1st edition Ice, "House Stark character only.": on Kennel Master, not on Joffrey (Lannister).
    ("1e", {"A": {"core_1": 1, "core_20": 1, "core_36": 1}, "B": {}}, "A.core_1.1", "A.core_20.1", "A.core_36.1",
     "character (Stark)", "Charakter (Stark)", "1E Rules › Attachments"),
]


@pytest.mark.parametrize(("edition", "decks", "attachment", "fits", "not_fit", "en", "de", "citation"), RESTRICTED)
def test_an_attachment_goes_only_on_a_card_its_printed_restriction_allows(
    edition: str, decks: dict[str, dict[str, int]], attachment: str, fits: str, not_fit: str, en: str, de: str,
    citation: str,
) -> None:
    """RR: Attachment Cards (1st edition: Attachments): the restriction printed on the attachment ("Opponent's
    character only.", "[stark] character only.", "… with printed cost 3 or lower only.", "… or Daenerys Targaryen
    only.") keeps it off any other card: advisory records the move with the flag, strict refuses it, neither the
    rules nor the phone's menu offers that card, and the allowed card takes it without a flag."""
    from companion.rules.placing import legal_attach_targets
    from companion.rules.suggest import candidate_actions
    from tests.tables import flagged_and_refused

    t = make_table(decks, edition=edition)
    assert t.card(attachment).attach_only
    hand(t, attachment)
    in_play(t, fits)
    in_play(t, not_fit)
    offered = legal_attach_targets(t, t.card(attachment), by="A")
    assert fits in offered and not_fit not in offered
    menu = {getattr(a, "attach_to", None) for a in candidate_actions(t, attachment, "A")}
    assert fits in menu and not_fit not in menu
    v = illegal(t, Marshal("A", attachment, attach_to=not_fit), "attach.restriction", citation)
    assert rules_of(v) == ["attach.restriction"]
    name, target = t.card(attachment).name, t.card(not_fit).name
    assert v.violations[0].text() == (f"{name} [{attachment}] cannot be attached to {target} [{not_fit}]: "
                                      f"{name} [{attachment}] attaches only to {en}.")
    assert v.violations[0].text("de") == (f"{name} [{attachment}] kann nicht an {target} [{not_fit}] angelegt werden: "
                                          f"{name} [{attachment}] darf nur an {de} angelegt werden.")
    advisory = flagged_and_refused(t, Marshal("A", attachment, attach_to=not_fit), "attach.restriction")
    assert advisory.in_play[attachment].attached_to == not_fit
    legal(t, Marshal("A", attachment, attach_to=fits))
    assert t.in_play[attachment].attached_to == fits


def test_an_attachment_of_locations_goes_on_a_location() -> None:
    """1st edition Vat of Wildfire, "Attach to a location.": the kind of card it goes on is a location (before, the
    catalog read no kind from that sentence and offered characters)."""
    t = make_table({"A": {"lotr_2": 1, "core_57": 1, "core_20": 1}, "B": {}}, edition="1e")
    assert t.card("A.lotr_2.1").attaches_to == "location"
    hand(t, "A.lotr_2.1")
    in_play(t, "A.core_57.1")
    in_play(t, "A.core_20.1")
    illegal(t, Marshal("A", "A.lotr_2.1", attach_to="A.core_20.1"), "attach.target", "1E Rules › Attachments")
    legal(t, Marshal("A", "A.lotr_2.1", attach_to="A.core_57.1"))


def test_an_unread_restriction_checks_nothing() -> None:
    """Unexpected Guile, "Character with shadow you control only.": a restriction the catalog does not read (it is
    marked unread) is not checked, rather than read wrong; the attachment goes on any character."""
    t = make_table({"A": {"13044": 1, BURNED_MEN: 1}, "B": {}})
    assert t.card("A.13044.1").attach_only == () and t.card("A.13044.1").attach_only_unread
    hand(t, "A.13044.1")
    in_play(t, "A.01091.1")
    legal(t, Marshal("A", "A.13044.1", attach_to="A.01091.1"))


def test_no_attachments_in_setup_face_up_and_at_the_reveal() -> None:
    """RR: No Attachments; FAQ: Attachments in Setup: a setup attachment goes onto one of its owner's own cards,
    never onto one with "No attachments", whether placed face up or attached at the reveal."""
    t = make_table({"A": {MILK: 2, RAIDERS: 1, BURNED_MEN: 1}, "B": {}}, phase="setup")
    hand(t, "A.01035.1", "A.01035.2", "A.01030.1", "A.01091.1")
    legal(t, SetupPlace("A", "A.01030.1"))
    illegal(t, SetupPlace("A", "A.01035.1", attach_to="A.01030.1"), "attach.no-attachments")
    legal(t, SetupFaceDown("A", "A.01091.1"))
    legal(t, SetupFaceDown("A", "A.01035.1", attach_to="A.01030.1"))  # checked at the reveal
    illegal(t, RevealSetup(), "attach.no-attachments")
    ok = make_table({"A": {MILK: 1, RAIDERS: 1, BURNED_MEN: 1}, "B": {}}, phase="setup")
    hand(ok, "A.01035.1", "A.01030.1", "A.01091.1")
    legal(ok, SetupFaceDown("A", "A.01030.1"))
    legal(ok, SetupFaceDown("A", "A.01091.1"))
    legal(ok, SetupFaceDown("A", "A.01035.1", attach_to="A.01091.1"))
    legal(ok, RevealSetup())
    assert ok.in_play["A.01035.1"].attached_to == "A.01091.1"


def test_a_card_with_no_attachments_is_not_offered_as_a_target() -> None:
    from companion.rules.suggest import suggest_actions

    t = make_table({"A": {MILK: 1, BURNED_MEN: 1, RAIDERS: 1}, "B": {}})
    hand(t, "A.01035.1")
    in_play(t, "A.01091.1")
    in_play(t, "A.01030.1")
    marshals = [r for r in suggest_actions(t, "A.01035.1", "A") if r["action"]["type"] == "marshal"]
    assert [r["action"]["attach_to"] for r in marshals] == ["A.01091.1"]


def test_cost_modifiers_are_recorded() -> None:
    t = make_table({"A": {IMPS_AGENT: 1}, "B": {}})
    hand(t, "A.00168.1")
    v = legal(t, Marshal("A", "A.00168.1", cost=2))
    assert "cost-changed" in notes_of(v) and t.players["A"].gold == 8


def test_play_event_from_hand() -> None:
    t = make_table({"A": {"01100": 1, HANDS_JUDGMENT: 1, BRIDGE: 1}, "B": {"01100": 1}})
    hand(t, "A.01100.1", "A.11011.1", "A.01045.1", "B.01100.1")
    legal(t, PlayEvent("A", "A.01100.1"))  # Hear Me Roar!, an action (a reaction would wait for its trigger)
    assert t.where["A.01100.1"] == ("A", Zone.DISCARD) and t.players["A"].gold == 9
    legal(t, PlayEvent("B", "B.01100.1"))  # an opponent's event for The Hand's Judgment to cancel
    legal(t, PlayEvent("A", "A.01045.1", cost=3))  # cost X: the player says what was paid
    assert t.players["A"].gold == 6
    illegal(t, PlayEvent("A", "A.11011.1"), "cost.dash")


def test_first_edition_out_of_house_penalty_when_marshalling() -> None:
    t = make_table({"A": {"atoc_83": 1}, "B": {}}, edition="1e", factions={"A": "stark"})
    hand(t, "A.atoc_83.1")
    v = legal(t, Marshal("A", "A.atoc_83.1"))
    assert "out-of-house" in notes_of(v) and t.players["A"].gold == 10 - 2 - 2  # its cost 2 and the penalty 2


# -- leaving play --------------------------------------------------------------------------


def test_kill_sends_a_character_to_its_owners_dead_pile() -> None:
    t = make_table({"A": {TYRION_CORE: 1, MILK: 1, HIGHROAD: 1}, "B": {POWDER: 1}})
    in_play(t, "A.01089.1", controller="B")
    t.put_in_play("A.01035.1", "A", attached_to="A.01089.1")  # Terminal
    t.put_in_play("B.11099.1", "B", attached_to="A.01089.1")
    v = legal(t, Kill("B", "A.01089.1"))
    assert t.where["A.01089.1"] == ("A", Zone.DEAD)
    assert t.where["A.01035.1"] == ("A", Zone.DISCARD)
    assert t.where["B.11099.1"] == ("B", Zone.HAND)
    assert {"attachment-terminal", "attachment-returned"} <= set(notes_of(v))
    in_play(t, "A.00355.1")
    illegal(t, Kill("A", "A.00355.1"), "kill.not-character", "RR: Kill")


def test_discard_and_return_from_shadows() -> None:
    t = make_table({"A": {IMPS_AGENT: 2}, "B": {}})
    shadows(t, "A.00168.1", "A.00168.2")
    t.tokens["A.00168.1"] = {"gold": 1}
    v = legal(t, Discard("A", "A.00168.1"))
    assert "tokens-discarded" in notes_of(v) and t.where["A.00168.1"] == ("A", Zone.DISCARD)
    legal(t, ReturnToHand("A", "A.00168.2"))
    assert t.where["A.00168.2"] == ("A", Zone.HAND) and t.shadows("A") == []


def test_leave_play_to_deck_or_out_of_the_game() -> None:
    t = make_table({"A": {BURNED_MEN: 2}, "B": {}})
    in_play(t, "A.01091.1")
    legal(t, LeavePlay("A", "A.01091.1", to="removed"))
    assert t.where["A.01091.1"] == ("A", Zone.REMOVED)
    illegal(t, LeavePlay("A", "A.01091.2"), "play.not-in-play")
    with pytest.raises(ActionError):
        check(t, LeavePlay("A", "A.01091.2", to="moon"))


# -- control -------------------------------------------------------------------------------


def test_take_control_and_revert_through_a_stack() -> None:
    t = make_table({"A": {BURNED_MEN: 1}, "B": {}, "C": {}})
    in_play(t, "A.01091.1")
    legal(t, TakeControl("B", "A.01091.1"))
    legal(t, TakeControl("C", "A.01091.1"))
    assert t.controller("A.01091.1") == "C"
    v = legal(t, ControlReverts("C", "A.01091.1"))
    assert "control-reverts" in [n.kind for n in v.notes]
    assert t.controller("A.01091.1") == "B"
    legal(t, ControlReverts("B", "A.01091.1"))
    assert t.controller("A.01091.1") == "A"
    illegal(t, ControlReverts("A", "A.01091.1"), "control.no-effect")


def test_take_control_of_a_unique_card() -> None:
    t = make_table({"A": {TYRION_CORE: 1}, "B": {TYRION_TB: 2}})
    in_play(t, "A.01089.1")
    in_play(t, "B.13089.1")
    illegal(t, TakeControl("B", "A.01089.1"), "unique.take-control")
    t2 = make_table({"A": {TYRION_CORE: 1}, "B": {TYRION_TB: 1}})
    in_play(t2, "A.01089.1")
    dead(t2, "B.13089.1")
    illegal(t2, TakeControl("B", "A.01089.1"), "unique.take-control-dead-pile")
    illegal(t2, TakeControl("A", "A.01089.1"), "control.same-player")


# -- tokens and gold -----------------------------------------------------------------------


def test_tokens_on_cards_and_in_the_pool() -> None:
    t = make_table({"A": {IMPS_AGENT: 2}, "B": {}})
    shadows(t, "A.00168.1")
    t.move("A.00168.2", "A", Zone.DISCARD)
    legal(t, PlaceTokens("A", "gold", 2, "A.00168.1"))
    legal(t, RemoveTokens("A", "gold", 1, "A.00168.1"))
    assert t.tokens_on("A.00168.1") == {"gold": 1}
    illegal(t, RemoveTokens("A", "gold", 5, "A.00168.1"), "tokens.not-enough")
    illegal(t, PlaceTokens("A", "power", 1, "A.00168.2"), "tokens.where")
    legal(t, PlaceTokens("A", "power", 3))
    assert t.players["A"].tokens == {"power": 3}
    # Gold with no card is the gold pool itself: Bestow (FAQ) written as gold out of the pool, then onto the card.
    t.players["A"].gold = 3
    legal(t, RemoveTokens("A", "gold", 2))
    legal(t, PlaceTokens("A", "gold", 2, "A.00168.1"))
    assert t.players["A"].gold == 1 and t.tokens_on("A.00168.1") == {"gold": 3} and "gold" not in t.players["A"].tokens
    illegal(t, RemoveTokens("A", "gold", 2), "gold.insufficient")
    legal(t, PlaceTokens("A", "gold", 1))
    assert t.players["A"].gold == 2


def test_gold_income_spending_and_taxation() -> None:
    t = make_table({"A": {}, "B": {}}, phase="draw", gold=0)
    illegal(t, CollectIncome("A", 5), "gold.income-phase")
    t.phase = Phase.MARSHALING
    legal(t, CollectIncome("A", 5))
    illegal(t, SpendGold("A", 6), "gold.insufficient")
    legal(t, SpendGold("A", 2))
    illegal(t, ReturnUnspentGold(), "gold.taxation-phase")
    t.phase = Phase.TAXATION
    legal(t, ReturnUnspentGold())
    assert t.players["A"].gold == 0


def test_strict_mode_never_spends_gold_you_do_not_have() -> None:
    t = make_table({"A": {}, "B": {}}, gold=1)
    v = play(t, SpendGold("A", 3), "strict")
    assert not v.applied and t.players["A"].gold == 1
    play(t, SpendGold("A", 3), "advisory")
    assert t.players["A"].gold == -2  # advisory records what happened, flagged


# -- the round -------------------------------------------------------------------------------


def test_phases_follow_the_round_and_plot_begins_a_new_round() -> None:
    t = make_table({"A": {}, "B": {}}, phase="setup")
    v = legal(t, BeginPhase("plot"))
    assert (t.round, t.phase) == (1, Phase.PLOT) and notes_of(v) == ["new-round"]
    illegal(t, BeginPhase("taxation"), "phase.sequence")
    legal(t, BeginPhase("draw"))
    legal(t, BeginPhase("marshaling"))
    assert t.active_player == "A"


def test_draw_a_known_card() -> None:
    t = make_table({"A": {IMPS_AGENT: 2}, "B": {}}, phase="draw")
    legal(t, Draw("A", "A.00168.1"))
    assert t.where["A.00168.1"] == ("A", Zone.HAND)
    t.move("A.00168.2", "A", Zone.DISCARD)
    illegal(t, Draw("A", "A.00168.2"), "zone.draw-from-deck")


# -- views --------------------------------------------------------------------------------


def test_views_hide_shadows_from_opponents_and_spectators_only() -> None:
    t = make_table({"A": {TYRION_TB: 1, IMPS_AGENT: 1}, "B": {}})
    shadows(t, "A.13089.1")
    hand(t, "A.00168.1")
    t.round = 3
    t.in_shadows["A.13089.1"].entered_round = 1
    t.tokens["A.13089.1"] = {"shadow": 1}
    for viewer in (Role.of_seat("B"), SPECTATOR):
        text = json.dumps(view(t, viewer))
        assert "13089" not in text and "Tyrion" not in text and "00168" not in text
        entry = view(t, viewer)["players"][0]["shadows"][0]
        assert entry == {"position": 1, "rounds": 2, "tokens": {"shadow": 1}}
        assert view(t, viewer)["players"][0]["hand"] == {"count": 1, "tracked": True, "unnamed": 0}  # counts only
    for viewer in (Role.of_seat("A"), JUDGE):
        seen = view(t, viewer)["players"][0]
        assert seen["shadows"][0]["card"]["name"] == "Tyrion Lannister"
        assert seen["hand"]["cards"][0]["code"] == IMPS_AGENT


# -- actions as data --------------------------------------------------------------------------


def test_every_action_round_trips_through_json() -> None:
    samples = {
        "begin_phase": {"phase": "plot"},
        "return_unspent_gold": {},
        "place_tokens": {"player": "A", "kind": "power", "amount": 2, "card": "A.1.1"},
        "remove_tokens": {"player": "A", "kind": "power", "amount": 1},
        "bring_out": {"player": "A", "card": "A.1.1", "shadow": "X", "x": 2, "attach_to": "A.2.1"},
        "leave_play": {"player": "A", "card": "A.1.1", "to": "removed"},
        "restrict": {"player": "B", "target": "A", "restriction": "bring_out", "until": "round", "source": "B.1.1"},
        "put_into_play": {"player": "B", "card": "A.1.1", "controller": "B", "attach_to": "B.2.1"},
        "gain_shadow": {"player": "A", "card": "A.1.1", "gains": 3},
        "challenge": {"kind": "power", "player": "A", "defender": "B", "winner": "A", "unopposed": True,
                      "attackers": ["A.1.1"], "defenders": []},
        "challenge_reward": {"player": "A", "kind": "power", "reward": "power_claim", "amount": 2},
        "draw_cards": {"player": "A", "count": 7},
        "initiate_challenge": {"player": "A", "kind": "military", "defender": "B", "attackers": ["A.1.1"],
                               "bypassed": ["B.1.1"], "source": "A.2.1"},
        "declare_defenders": {"player": "B", "defenders": ["B.1.1", "B.2.1"]},
        "challenge_result": {"winner": "A"},
        "apply_claim": {"player": "B", "cards": ["B.1.1"]},
        "renown": {"player": "A", "cards": ["A.1.1"]},
        "modify": {"player": "A", "stat": "str", "amount": -2, "card": "A.1.1", "until": "challenge"},
        "discard_to_reserve": {"player": "A", "cards": ["A.1.1", "A.2.1"]},
        "choose_first_player": {"player": "A", "first": "B"},
        "choose_winner": {"player": "A", "winner": "B"},
        "win_dominance": {"player": "A", "reason": "a ruling"},
        "reveal": {"player": "A", "cards": ["A.1.1"], "to": "B"},
        "move_attachment": {"player": "A", "card": "A.1.1", "attach_to": "A.2.1", "source": "A.1.1"},
        "name_choice": {"player": "A", "card": "A.1.1", "kind": "military"},
    }
    for kind, cls in REGISTRY.items():
        data = {"type": kind, **samples.get(kind, {})}
        if kind not in samples:
            for name in ("player", "card"):
                if name in cls.__dataclass_fields__:
                    data[name] = "A" if name == "player" else "A.1.1"
            for name in ("amount",):
                if name in cls.__dataclass_fields__:
                    data[name] = 1
        action = action_from_dict(json.loads(json.dumps(data)))
        assert action_from_dict(action.to_dict()) == action
        assert action.to_dict()["type"] == kind


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "JSON object"),
        ({"type": "fly"}, "unknown action type"),
        ({"type": "kill", "player": "A"}, "missing field 'card'"),
        ({"type": "kill", "player": "A", "card": 3}, "field 'card': Expected `str`, got `int`"),
        ({"type": "kill", "player": "A", "card": "x", "why": 1}, "unknown field"),
        ({"type": "collect_income", "player": "A", "amount": True},
         "field 'amount': Expected `int | null`, got `bool`"),
        ({"type": "bring_out", "player": "A", "card": "x", "shadow": "Y" * 50}, "field 'shadow': Expected one of"),
        # Bounds: no number beyond what a table holds, no text that cannot be stored.
        ({"type": "place_tokens", "player": "A", "kind": "power", "amount": int("9" * 4300)},
         "field 'amount': Expected `int` <= 999"),
        ({"type": "place_tokens", "player": "A", "kind": "x" * 41, "amount": 1},
         "field 'kind': Expected `str` of length <= 40"),
        ({"type": "kill", "player": "A\ud800", "card": "x"}, "field 'player': Expected printable text"),
        ({"type": "kill\ud800"}, "unknown action type given"),
    ],
)
def test_bad_actions_are_refused_clearly(data: object, message: str) -> None:
    with pytest.raises(ActionError) as info:
        action_from_dict(data)
    assert message in str(info.value)
    assert "YYYY" not in str(info.value)  # a refusal names the field, never repeats the value


def test_unknown_seats_and_cards_are_action_errors() -> None:
    t = make_table({"A": {IMPS_AGENT: 1}, "B": {}})
    with pytest.raises(ActionError, match="no player at seat"):
        check(t, Kill("Z", "A.00168.1"))
    with pytest.raises(ActionError, match="no card instance"):
        check(t, Kill("A", "A.99999.1"))
    # Bounds are settled when an action is decoded, once (the rules trust what they are handed).
    with pytest.raises(ActionError, match="field 'amount': Expected `int` >= 0"):
        action_from_dict({"type": "spend_gold", "player": "A", "amount": -1})
    # ... and the refusal says in words what the field takes, from the same declaration.
    with pytest.raises(ActionError,
                       match=r"field 'amount': Expected `int`, got `str` \(a whole number from 0 to 999\)"):
        action_from_dict({"type": "spend_gold", "player": "A", "amount": "3"})


ROBERT = "01048"  # Robert Baratheon: +1 STR for each other kneeling character (his own constant ability)


@pytest.mark.parametrize(("edition", "code"), [("2e", ROBERT), ("1e", "core_5")])
def test_a_card_may_modify_itself(edition: str, code: str) -> None:
    """RR: Modifiers; RR: Abilities: a card's constant ability may modify that card, so a ``modify`` may name one
    card as both ``card`` and ``source``."""
    from companion.rules.actions import Modify
    from companion.rules.values import strength

    t = make_table({"A": {code: 1}, "B": {}}, edition=edition)
    card = f"A.{code}.1"
    in_play(t, card)
    before = strength(t, card)
    legal(t, Modify(player="A", stat="str", amount=2, card=card, until="round", source=card))
    assert strength(t, card) == before + 2
    assert play(t.clone(), action_from_dict({"type": "modify", "player": "A", "stat": "str", "amount": 1,
                                             "card": card, "source": card}), "strict").applied


def test_only_attaching_a_card_to_itself_is_unreadable() -> None:
    t = make_table({"A": {MILK: 1, BURNED_MEN: 1}, "B": {}})
    hand(t, "A.01035.1")
    with pytest.raises(ActionError) as info:
        check(t, Marshal("A", "A.01035.1", attach_to="A.01035.1"))
    assert str(info.value) == "marshal: a card cannot attach to itself"


def test_every_rule_and_note_is_exercised_by_a_test() -> None:
    from pathlib import Path

    from companion.rules.citations import NOTES, RULES

    text = "".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    assert [r for r in RULES if f'"{r}"' not in text] == []
    assert [n for n in NOTES if f'"{n}"' not in text] == []


def test_suggestions_offer_one_choice_per_attachment_target() -> None:
    from companion.rules.suggest import suggest_actions

    t = make_table({"A": {MILK: 1, BURNED_MEN: 2, HIGHROAD: 1}, "B": {}})
    hand(t, "A.01035.1")
    in_play(t, "A.01091.1")
    in_play(t, "A.01091.2")
    in_play(t, "A.00355.1")  # a location: not a target for Milk of the Poppy
    marshals = [r for r in suggest_actions(t, "A.01035.1", "A") if r["action"]["type"] == "marshal"]
    assert sorted(r["action"]["attach_to"] for r in marshals) == ["A.01091.1", "A.01091.2"]
    assert all(r["legal"] and r["target"] == {"name": "Burned Men"} for r in marshals)


@pytest.mark.parametrize(("edition", "code"), [("2e", "01147"), ("1e", "qod_43")])
def test_a_card_that_prints_it_enters_play_knelt_but_stands_after_setup(edition: str, code: str) -> None:
    """"Sansa Stark enters play knelt." (1st edition: "River Row comes into play knelt."): card text overrides the
    rules (RR: Golden Rules). Marshalled, it is knelt; placed in setup it is revealed standing (setup puts cards
    into play as setup, not as the card entering play: the reading throneteki's engine follows too)."""
    card = f"A.{code}.1"
    t = make_table({"A": {code: 1}, "B": {}}, edition=edition)
    hand(t, card)
    legal(t, Marshal("A", card))
    assert t.in_play[card].kneeling
    t = make_table({"A": {code: 1}, "B": {}}, edition=edition, phase="setup")
    hand(t, card)
    legal(t, SetupPlace("A", card))
    legal(t, RevealSetup())
    assert not t.in_play[card].kneeling
