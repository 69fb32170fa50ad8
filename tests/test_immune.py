"""Printed immunity (RR: Immune; 1st edition Immune): the sentences read (``Card.immune_to``) and the check
``immune.source``: a line naming the ``source`` of an effect on a card that is immune to that kind of card's effects
is flagged; a line that names no source (a claim, a framework step) is not judged, save a kill right after a won
challenge whose only possible source is a participating card that kills after such a win."""

from __future__ import annotations

from companion.catalog.importers import immune_to, parse_keywords
from companion.rules.actions import (
    ApplyClaim,
    BeginPhase,
    Kill,
    Kneel,
    PassTurn,
    PlaceTokens,
    ReturnToHand,
    Stand,
    TakeControl,
)
from companion.rules.editions import Table
from tests.tables import flagged_and_refused, hand, in_play, legal, make_table, military_won_by_a

#: 1st edition: Robb Stark ("Response: After you win a Military challenge in which Robb Stark participates, choose and
#: kill a character controlled by the losing player."), Ser Jacelyn Bywater ("Immune to character abilities."), a
#: Lannisport Weaponsmith, Milk of the Poppy (blanks the text box of the character it is on).
ROBB, JACELYN, WEAPONSMITH, MILK_1E = "core_8", "core_47", "core_53", "core_145"
#: 2nd edition: Prince's Loyalist ("Immune to events."), Stannis Baratheon ("Immune to opponents' events."),
#: Consolidation of Power (an event that kneels characters), Melisandre (a character whose reaction kneels one),
#: Milk of the Poppy.
LOYALIST, STANNIS, CONSOLIDATION, MELISANDRE, MILK_2E = "16007", "14002", "01062", "01047", "01035"


def test_the_immunity_sentences_are_read_in_every_word_or_not_at_all() -> None:
    assert immune_to("Immune to events") == ("any", ("event",))
    assert immune_to("Immune to opponents' events") == ("opponents", ("event",))
    assert immune_to("Immune to opponent’s events") == ("opponents", ("event",))
    assert immune_to("Immune to character abilities") == ("any", ("character",))
    assert immune_to("Immune to opponent's character abilities") == ("opponents", ("character",))
    assert immune_to("Immune to events and character abilities") == ("any", ("event", "character"))
    assert immune_to("Immune to location abilities") == ("any", ("location",))
    assert immune_to("Immune to opponent’s location effects") == ("opponents", ("location",))
    assert immune_to("Immune to plot card effects") == ("any", ("plot",))
    assert immune_to("Immune to card effects") == ("any", ("card",))
    assert immune_to("Immune to opponent's card effects") == ("opponents", ("card",))
    for unread in ("Immune to Omen card effects", "Immune to triggered effects", "Immune to non-Raven cards",
                   "Immune to opponents' Omen plot effects", "Jon Snow is immune to events"):
        assert immune_to(unread) is None, unread
    # In a text: the sentence before a 1st-edition ability on its line is read; one an ability grants is not.
    assert parse_keywords("Immune to character abilities. Response: After …", "X").immune_to == ("any", ("character",))
    assert parse_keywords('<b>Action:</b> That character gains "immune to events" until the end of the phase.',
                          "X").immune_to is None


def robb_won_against_jacelyn() -> Table:
    """1st edition: Alice's Robb Stark won a military challenge against Bob, who has Ser Jacelyn Bywater and a
    two Lannisport Weaponsmiths in play; Bob's claim kills one Weaponsmith."""
    t = make_table({"A": {ROBB: 1}, "B": {JACELYN: 1, WEAPONSMITH: 2, MILK_1E: 1}}, edition="1e", phase="challenges")
    in_play(t, f"B.{JACELYN}.1")
    in_play(t, f"B.{WEAPONSMITH}.1")
    in_play(t, f"B.{WEAPONSMITH}.2")
    military_won_by_a(t, f"A.{ROBB}.1")
    legal(t, ApplyClaim("B", cards=[f"B.{WEAPONSMITH}.1"]))
    return t


def test_jacelyn_killed_by_robbs_response_is_flagged() -> None:
    """immune.source (aside30 32): Robb Stark's response named as the kill's source, on a character "Immune to
    character abilities.": flagged (and refused at a strict table). The same kill naming no source, right after
    Alice's win with Robb the only card on her side that kills after a win, is his response: flagged too; once the
    challenges phase is over nothing says whose effect it is, and it is not judged."""
    t = robb_won_against_jacelyn()
    flagged_and_refused(t, Kill("A", f"B.{JACELYN}.1", source=f"A.{ROBB}.1"), "immune.source")
    flagged_and_refused(t, Kill("A", f"B.{JACELYN}.1"), "immune.source")
    later = t.clone()
    legal(later, PassTurn("A"))
    legal(later, PassTurn("B"))
    legal(later, BeginPhase("dominance"))
    legal(later, Kill("A", f"B.{JACELYN}.1"))
    legal(t.clone(), Kill("A", f"B.{WEAPONSMITH}.2", source=f"A.{ROBB}.1"))  # no immunity: the response may kill it


def test_jacelyn_killed_by_a_claim_is_legal() -> None:
    """A claim is the framework's, not a character's ability: Jacelyn may be the character the claim kills."""
    t = make_table({"A": {ROBB: 1}, "B": {JACELYN: 1}}, edition="1e", phase="challenges")
    in_play(t, f"B.{JACELYN}.1")
    military_won_by_a(t, f"A.{ROBB}.1")
    legal(t, ApplyClaim("B", cards=[f"B.{JACELYN}.1"]))


def test_a_blank_text_box_loses_its_immunity() -> None:
    """Milk of the Poppy on Jacelyn: her printed text counts as blank, her immunity with it."""
    t = robb_won_against_jacelyn()
    in_play(t, f"B.{MILK_1E}.1", attached_to=f"B.{JACELYN}.1")
    legal(t, Kill("A", f"B.{JACELYN}.1", source=f"A.{ROBB}.1"))


def events_table(immune: str) -> Table:
    """2nd edition, marshaling: Bob has ``immune`` and Melisandre in play; each player holds Consolidation of
    Power."""
    t = make_table({"A": {CONSOLIDATION: 1, MELISANDRE: 1}, "B": {immune: 1, CONSOLIDATION: 1, MILK_2E: 1}})
    in_play(t, f"B.{immune}.1")
    in_play(t, f"A.{MELISANDRE}.1")
    hand(t, f"A.{CONSOLIDATION}.1", f"B.{CONSOLIDATION}.1")
    return t


def test_immune_to_events_knelt_by_an_event_is_flagged_by_a_character_legal() -> None:
    """immune.source: Prince's Loyalist ("Immune to events.") knelt by an event: flagged, whoever plays it; by a
    character's ability: legal. Stand, return to hand and tokens placed on it check the same."""
    t = events_table(LOYALIST)
    card = f"B.{LOYALIST}.1"
    flagged_and_refused(t, Kneel("A", card, source=f"A.{CONSOLIDATION}.1"), "immune.source")
    flagged_and_refused(t, Kneel("B", card, source=f"B.{CONSOLIDATION}.1"), "immune.source")
    flagged_and_refused(t, ReturnToHand("A", card, source=f"A.{CONSOLIDATION}.1"), "immune.source")
    flagged_and_refused(t, PlaceTokens("A", "power", 1, card, source=f"A.{CONSOLIDATION}.1"), "immune.source")
    legal(t.clone(), PlaceTokens("A", "power", 1, card, source=f"A.{MELISANDRE}.1"))
    legal(t, Kneel("A", card, source=f"A.{MELISANDRE}.1"))
    flagged_and_refused(t, Stand("A", card, source=f"A.{CONSOLIDATION}.1"), "immune.source")
    in_play(t, f"B.{MILK_2E}.1", attached_to=card)
    legal(t, Stand("A", card, source=f"A.{CONSOLIDATION}.1"))  # its text box blank: no immunity


def test_immune_to_opponents_events_only_against_another_players_event() -> None:
    """immune.source: Stannis Baratheon ("Immune to opponents' events.") knelt by Alice's event: flagged; given power
    by his own controller's event: legal. Alice takes control of him by her event: flagged; by her character's ability:
    legal."""
    t = events_table(STANNIS)
    flagged_and_refused(t, Kneel("A", f"B.{STANNIS}.1", source=f"A.{CONSOLIDATION}.1"), "immune.source")
    # Its own controller's event gives him its power (his STR 7 is beyond the 4 total STR it kneels: ability.target).
    legal(t, PlaceTokens("B", "power", 1, f"B.{STANNIS}.1", source=f"B.{CONSOLIDATION}.1"))
    flagged_and_refused(t, TakeControl("A", f"B.{STANNIS}.1", source=f"A.{CONSOLIDATION}.1"), "immune.source")
    legal(t, TakeControl("A", f"B.{STANNIS}.1", source=f"A.{MELISANDRE}.1"))


def test_an_immunity_while_its_controller_controls_a_house_trait_character() -> None:
    """aside36 34 (immune.source): 1st edition Shaggydog "While you control at least 1 House Stark Lord character,
    Shaggydog gets +3 STR and is immune to events.": Distraction's kneel of him is legal while Bob controls no Lord,
    flagged once Robb Stark (a House Stark Lord) is in play under him."""
    assert parse_keywords("While you control at least 1 House Stark Lord character, Shaggydog gets +3 STR and is "
                          "immune to events.", "Shaggydog").immune_while == ("any", ("event",), "stark", "Lord")
    for lord, flagged in ((False, False), (True, True)):
        t = make_table({"A": {"core_155": 1}, "B": {"core_11": 1, "core_8": 1}}, edition="1e")
        hand(t, "A.core_155.1")
        in_play(t, "B.core_11.1")
        if lord:
            in_play(t, "B.core_8.1")
        if flagged:
            flagged_and_refused(t, Kneel("A", "B.core_11.1", source="A.core_155.1"), "immune.source")
        else:
            legal(t, Kneel("A", "B.core_11.1", source="A.core_155.1"))
