"""An ability's printed target (RR: Targeting), rule ``ability.target``: the card a line affects by naming the ability's
card as its ``source`` is one the ability may choose, and an event's or a plot's ability chooses as many as it says.
Found by the held-out set aside32 (files named in each test); the facts are read from the printed cards."""

from __future__ import annotations

import pytest

from companion.catalog.importers import targets
from companion.catalog.store import Catalog
from companion.rules.actions import (
    BeginPhase,
    ChallengeResult,
    DeclareDefenders,
    Discard,
    InitiateChallenge,
    Kill,
    Kneel,
    Modify,
    PassTurn,
    PlaceTokens,
    ShuffleIntoDeck,
    Stand,
    TakeControl,
)
from tests.tables import flagged_and_refused, hand, in_play, legal, make_table, shadows
from tests.test_printed_abilities import plots, to_challenges


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open()


def test_the_targets_are_read_from_the_printed_cards(catalog: Catalog) -> None:
    """Each form read (the action, the card type, the side, the faction, STR, the icon, whose, how many)."""
    facts = {
        "01011": ("kneel", "character", "", "", -1, -1, "", "", "", 1, "", "", -1),  # Filthy Accusations
        "01009": ("discard", "attachment", "", "", -1, -1, "", "", "", 1, "", "", -1),  # Confiscation
        "01019": ("shuffle_into_deck", "card", "", "", -1, -1, "", "", "", 3, "", "", -1),  # Rebuilding: "up to 3"
        "01145": ("kill", "character", "", "", 1, 2, "Robb Stark", "", "", 1, "", "", -1),  # Grey Wind
        "01044": ("place_tokens", "character", "", "", -1, -1, "", "intrigue", "loser", 1, "", "", -1),  # Tears of Lys
        "01158": ("kill", "character", "attacking", "", -1, -1, "", "", "", 1, "", "", -1),  # Like Warm Rain
        "01157": ("modify", "character", "participating", "stark", -1, -1, "", "", "", 1, "", "", -1),  # For the North!
        "core_1": ("kill", "character", "participating", "", -1, -1, "", "", "", 1, "", "", -1),  # 1st edition Ice
    }
    for code, want in facts.items():
        assert catalog.card(code).targets == (want,), (code, catalog.card(code).name)
    # Not read: the action's word printed outside the phrase (a cost), a choice in words not read.
    assert targets("Kneel a Direwolf character to choose and kneel an attacking character.") == ()
    assert targets("Choose and kill a character with printed STR 3 or lower.") == ()
    assert targets("Choose a character. Choose and kneel a location.") == ()


def test_a_target_with_printed_cost_x_or_lower_fits_the_x_paid() -> None:
    """aside59 22 (ability.target): Bribery (cost X) "Action: Choose and kneel a character with printed cost X or
    lower. …": played for X = 2, kneeling Gold Cloaks (printed cost 4) is flagged, Burned Men (2) legal."""
    from companion.catalog.card import X_PAID
    from companion.rules.actions import PlayEvent

    assert targets("Action: Choose and kneel a character with printed cost X or lower.")[0][12] == X_PAID
    t = plots("2e", "01001", "01002", {"15045": 1}, {"01092": 1, "01091": 1}, gold=2)
    hand(t, "A.15045.1")
    in_play(t, "B.01092.1")
    in_play(t, "B.01091.1")
    legal(t, PlayEvent("A", "A.15045.1", cost=2))
    flagged_and_refused(t, Kneel("A", "B.01092.1", source="A.15045.1"), "ability.target")
    legal(t, Kneel("A", "B.01091.1", source="A.15045.1"))


def test_a_target_of_either_type_is_one_of_the_two() -> None:
    """aside59 30 (ability.target): Lay Waste "Dominance Action: Choose a non-limited location or attachment and
    discard it from play. …": discarding Bob's Limited The Kingsroad by it is flagged, and so is a character (neither
    type); his The Red Keep is legal."""
    assert targets("Choose a non-limited location or attachment and discard it from play.")[0][1:2] == (
        "location|attachment",)
    t = plots("2e", "01001", "01002", {"15044": 1}, {"01039": 1, "01061": 1, "01057": 1})
    for card in ("B.01039.1", "B.01061.1", "B.01057.1"):
        in_play(t, card)
    flagged_and_refused(t, Discard("A", "B.01039.1", source="A.15044.1"), "ability.target")
    flagged_and_refused(t, Discard("A", "B.01057.1", source="A.15044.1"), "ability.target")
    legal(t, Discard("A", "B.01061.1", source="A.15044.1"))


def test_a_save_when_such_a_character_would_be_killed_fits_its_words() -> None:
    """aside59 11 (ability.target): Calm as Still Water "Interrupt: When a character with printed cost 3 or lower
    would be killed, save it and return it to its owner's hand." (no "kneel … to save it" cost before it): saving
    Palace Spearman (printed cost 4) by it is flagged, House Dayne Knight (2) legal."""
    from companion.rules.actions import Save

    assert targets("Interrupt: When a character with printed cost 3 or lower would be killed, save it and return it "
                   "to its owner's hand.")[0][0::12] == ("save", 3)
    t = plots("2e", "01001", "01002", {}, {"25018": 1, "01114": 1, "01113": 1})
    for card in ("B.01114.1", "B.01113.1"):
        in_play(t, card)
    hand(t, "B.25018.1")
    flagged_and_refused(t, Save("B", "B.01114.1", source="B.25018.1"), "ability.target")
    legal(t, Save("B", "B.01113.1", source="B.25018.1"))


def test_a_target_without_attachments_has_none() -> None:
    """aside63 22 (ability.target): The Hound "Reaction: After The Hound enters play, choose a Knight character without
    attachments and return it to its owner's hand.": returning Tumblestone Knight is legal; Chett (no Knight) and a
    Knight wearing Bodyguard are flagged."""
    from companion.rules.actions import ReturnToHand

    assert targets("Choose a Knight character without attachments and return it to its owner's hand.")[0][7] \
        == "attachments<1"
    t = make_table({"A": {"09029": 1, "01033": 1}, "B": {"01150": 2, "02085": 1}}, phase="marshaling")
    for card in ("A.09029.1", "B.01150.1", "B.01150.2", "B.02085.1"):
        in_play(t, card)
    in_play(t, "A.01033.1", attached_to="B.01150.2")
    legal(t.clone(), ReturnToHand("A", "B.01150.1", source="A.09029.1"))
    flagged_and_refused(t, ReturnToHand("A", "B.02085.1", source="A.09029.1"), "ability.target")
    flagged_and_refused(t, ReturnToHand("A", "B.01150.2", source="A.09029.1"), "ability.target")


def test_filthy_accusations_kneels_one_character() -> None:
    """aside32 08: "When Revealed: Choose and kneel a character.": one kneel naming the plot; a second in a row is
    flagged (ability.target), a kneel naming no source is not the plot's."""
    t = plots("2e", "01011", "01001", {"01057": 2}, {"01057": 2})
    for card in ("A.01057.1", "A.01057.2", "B.01057.1", "B.01057.2"):
        in_play(t, card)
    legal(t, Kneel("A", "B.01057.1", source="A.01011.1"))
    flagged_and_refused(t, Kneel("A", "B.01057.2", source="A.01011.1"), "ability.target")
    legal(t, Kneel("A", "B.01057.2"))


def test_a_target_with_fewer_than_2_challenge_icons(catalog: Catalog) -> None:
    """ability.target (aside54 04): Shadow of the Wall "Choose and stand a character with 1 or fewer challenge
    icons.": standing Tumblestone Knight ([military] and [power]) is flagged, Cunning Steward ([intrigue]) is legal.
    Read for 5 printings (Maiden of Poisons "… a participating character with fewer than 2 challenge icons …",
    Southron Messenger; Trystane Martell "… a character with no challenge icons …")."""
    assert catalog.card("11035").targets[0][7] == "icons<2" and catalog.card("22010").targets[0][7] == "icons<1"
    t = plots("2e", "01001", "00006", {"13026": 1}, {"01150": 1, "11025": 1})
    for card in ("B.01150.1", "B.11025.1"):
        in_play(t, card)
        t.in_play[card].kneeling = True
    flagged_and_refused(t, Stand("A", "B.01150.1", source="A.13026.1"), "ability.target")
    legal(t, Stand("A", "B.11025.1", source="A.13026.1"))


def test_consolidation_of_power_kneels_up_to_4_total_str() -> None:
    """aside34 18: "Choose and kneel up to 4 total STR worth of characters controlled by the same player."
    (Consolidation of Power): the Dayne Knight (2), then Obara Sand (3: 5 in all) is flagged (ability.target); the
    Scavenger (1: 3) is not, nor a kneel after another line (a new use of the event)."""
    assert Catalog.open().card("01062").chooses_total_str == 4
    t = plots("2e", "01011", "01001", {"01062": 1}, {"01113": 1, "01108": 1, "01110": 1, "01057": 1})
    for card in ("B.01113.1", "B.01108.1", "B.01110.1", "B.01057.1"):
        in_play(t, card)
    legal(t, Kneel("A", "B.01113.1", source="A.01062.1"))
    flagged_and_refused(t, Kneel("A", "B.01108.1", source="A.01062.1"), "ability.target")
    legal(t, Kneel("A", "B.01110.1", source="A.01062.1"))
    legal(t, Kneel("A", "B.01057.1"))
    legal(t, Kneel("A", "B.01108.1", source="A.01062.1"))


def test_king_roberts_warhammer_kneels_up_to_the_attached_characters_str() -> None:
    """King Robert's Warhammer: "… choose and kneel up to X total STR worth of characters, where X is attached
    character's STR." (ability.target): X is the STR of the character it is attached to as the kneels are recorded."""
    from companion.rules import play
    from companion.rules.values import strength

    assert Catalog.open().card("02008").chooses_total_str == -1
    t = plots("2e", "01011", "01001", {"01113": 1, "02008": 1}, {"01110": 1, "01108": 1, "01057": 1})
    in_play(t, "A.01113.1")
    in_play(t, "A.02008.1", attached_to="A.01113.1")
    for card in ("B.01110.1", "B.01108.1", "B.01057.1"):
        in_play(t, card)
    most = strength(t, "A.01113.1")
    assert strength(t, "B.01110.1") <= most < strength(t, "B.01110.1") + strength(t, "B.01108.1"), most

    def rules(card: str, source: str | None = "A.02008.1") -> list[str]:
        return [x.rule for x in play(t, Kneel("A", card, source=source)).violations]

    assert "ability.target" not in rules("B.01110.1")
    assert "ability.target" in rules("B.01108.1")
    assert "ability.target" not in rules("B.01057.1", None)
    assert "ability.target" not in rules("B.01108.1")  # a new use: the run was broken


def test_rebuilding_shuffles_up_to_three_cards_from_the_discard_pile() -> None:
    """aside32 31: "Choose up to 3 cards in your discard pile, and shuffle them into your deck.": the fourth."""
    t = plots("2e", "01019", "01001", {"01057": 4}, {})
    cards = [f"A.01057.{n}" for n in range(1, 5)]
    for card in cards:
        in_play(t, card)
        legal(t, Discard("A", card))
    for card in cards[:3]:
        legal(t, ShuffleIntoDeck("A", card, source="A.01019.1"))
    flagged_and_refused(t, ShuffleIntoDeck("A", cards[3], source="A.01019.1"), "ability.target")


def test_confiscation_chooses_an_attachment() -> None:
    """aside32 09: "When Revealed: Choose an attachment, and discard it from play.": not a character."""
    t = plots("2e", "01009", "01001", {}, {"01144": 1, "01153": 1})
    in_play(t, "B.01144.1")
    in_play(t, "B.01153.1", attached_to="B.01144.1")
    flagged_and_refused(t, Discard("A", "B.01144.1", source="A.01009.1"), "ability.target")
    legal(t, Discard("A", "B.01153.1", source="A.01009.1"))


def test_marched_to_the_wall_each_player_discards_a_character() -> None:
    """ability.target (aside57 21): Marched to the Wall "When Revealed: Each player chooses a character he or she
    controls (if able), and discards it from play (cannot be saved).": Western Fiefdom (a location) is flagged; one
    character of each player is legal (one choice a player, so two lines in a row). Read for 13 printings of both
    editions ("each player must choose a participating character he or she controls, if able, and return it …":
    Spotted Sylva; "must choose and kill a character he or she controls": 1st edition Theon Greyjoy, Battle of
    Oxcross); "a non-The Seven attachment" (Burning the Books) is no Trait and stays unread."""
    assert targets("When Revealed: Each player chooses a character he or she controls (if able), and discards it "
                   "from play (cannot be saved).") == (("discard", "character", "", "", -1, -1, "", "", "", 99, "",
                                                        "", -1),)
    assert targets("Each opponent chooses a non-The Seven attachment they control, if able, and discards it from "
                   "play.") == ()
    t = plots("2e", "01015", "01001", {"01150": 1}, {"01094": 1, "01099": 1})
    for card in ("A.01150.1", "B.01094.1", "B.01099.1"):
        in_play(t, card)
    flagged_and_refused(t, Discard("A", "B.01099.1", source="A.01015.1"), "ability.target")
    legal(t, Discard("A", "A.01150.1", source="A.01015.1"))
    legal(t, Discard("A", "B.01094.1", source="A.01015.1"))


def test_grey_wind_kills_str_1_or_lower_or_2_with_robb_stark() -> None:
    """aside32 18: "Kneel Grey Wind to choose and kill a character with STR 1 or lower. (STR 2 or lower instead if you
    control Robb Stark)." Burned Men (STR 2): flagged without Robb Stark, legal with him."""
    t = plots("2e", "01001", "00006", {"01145": 1, "01146": 1}, {"01091": 1, "01094": 1})
    for card in ("A.01145.1", "B.01091.1", "B.01094.1"):
        in_play(t, card)
    to_challenges(t)
    flagged_and_refused(t, Kill("A", "B.01091.1", source="A.01145.1"), "ability.target")
    legal(t.clone(), Kill("A", "B.01094.1", source="A.01145.1"))  # the Merchant: STR 1
    in_play(t, "A.01146.1")
    legal(t, Kill("A", "B.01091.1", source="A.01145.1"))


def test_like_warm_rain_and_for_the_north_choose_by_the_challenge() -> None:
    """aside32 13, 19: Like Warm Rain "… choose and kill an attacking character" (not a defender); For the North!
    "Choose a participating [stark] character. … that character gets +2 STR" (not one outside the challenge); Tears of
    Lys (aside32 14) "place a poison token on a character without an [intrigue] icon controlled by the losing
    opponent"."""
    t = plots("2e", "01001", "00006", {"01144": 1, "01152": 1, "01147": 1, "01157": 1, "01044": 1},
              {"01091": 1, "01094": 1, "01158": 1})
    for card in ("A.01144.1", "A.01152.1", "A.01147.1", "B.01091.1", "B.01094.1"):
        in_play(t, card)
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01144.1"]))
    legal(t, DeclareDefenders("B", ["B.01091.1"]))
    flagged_and_refused(t, Modify("A", "str", 2, "A.01152.1", "challenge", source="A.01157.1"), "ability.target")
    legal(t, Modify("A", "str", 2, "A.01144.1", "challenge", source="A.01157.1"))
    flagged_and_refused(t, Kill("B", "B.01091.1", source="B.01158.1"), "ability.target")  # defending
    legal(t.clone(), Kill("B", "A.01144.1", source="B.01158.1"))
    legal(t, ChallengeResult("A"))
    flagged_and_refused(t, PlaceTokens("A", "poison", 1, "A.01147.1", source="A.01044.1"), "ability.target")
    legal(t, PlaceTokens("A", "poison", 1, "B.01091.1", source="A.01044.1"))


def test_a_character_attacking_or_defending_alone_is_the_only_one_on_its_side() -> None:
    """aside59 08 (ability.target): Brienne the Blue "Action: Choose a character that is attacking or defending alone.
    Until the end of the challenge, that character gets +5 STR. …": +5 on one of two defenders is flagged, on the one
    attacker legal; "Wolf in the Night" "Choose a [stark] character that is attacking alone. Until the end of the
    challenge, that character gets +3 STR and gains renown." (the STR and the keyword one choice) is read the same."""
    assert targets("Choose a character that is attacking or defending alone. Until the end of the challenge, that "
                   "character gets +5 STR.")[0][2] == "attacking or defending alone"
    assert targets("Choose a [stark] character that is attacking alone. Until the end of the challenge, that "
                   "character gets +3 STR and gains renown.")[0][2:4] == ("attacking alone", "stark")
    t = plots("2e", "01001", "00006", {"01144": 1, "04102": 1}, {"01091": 2, "01092": 1, "22024": 1})
    for card in ("A.01144.1", "B.01091.1", "B.01091.2", "B.01092.1"):
        in_play(t, card)
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01144.1"]))
    alone = t.clone()
    legal(t, DeclareDefenders("B", ["B.01091.1", "B.01091.2"]))
    flagged_and_refused(t, Modify("B", "str", 5, "B.01091.1", "challenge", source="B.22024.1"), "ability.target")
    legal(t.clone(), Modify("B", "str", 5, "A.01144.1", "challenge", source="B.22024.1"))
    legal(t, Modify("A", "str", 3, "A.01144.1", "challenge", source="A.04102.1"))
    legal(alone, DeclareDefenders("B", ["B.01092.1"]))
    legal(alone, Modify("B", "str", 5, "B.01092.1", "challenge", source="B.22024.1"))


def test_that_trait_is_the_trait_the_log_named_for_the_card() -> None:
    """ability.target: Vanquish the Unbelievers (12052) "Forced Reaction: After the challenges phase begins, choose a
    Trait. Kill each character you control that does not have that Trait (cannot be saved).": with Lord named
    (``name_choice``), killing Eddard Stark (a Lord) is flagged and Sansa Stark legal; a Bob's character is not his
    to kill; with nothing named, not judged. "A Lion Still Has Claws" "choose a Trait. Return each character with that
    Trait …" and 1st edition Robb Stark "Name a Trait. … each character you control that has that Trait gets +1 STR"
    read the same; 1st edition A House Divided's "that Trait" (one a played character has) names none."""
    from companion.rules.actions.naming import NameChoice

    assert targets("After you win an [intrigue] challenge by 5 or more STR, choose a Trait. Return each character "
                   "with that Trait and printed cost X or lower to its owner's hand.")[0][10] == "<named>"
    assert targets("Any Phase: Name a Trait. Until the end of the phase, each character you control that has that "
                   "Trait gets +1 STR (+2 STR instead if it is Winter).")[0][::8] == ("modify", "own")
    assert targets("Response: After a player plays a character with a Trait he already has in play, choose and "
                   "return 1 character with that Trait to the top of its owner's deck.") == ()
    assert targets("Each Knight character you control gets +1 STR.") == ()  # a constant STR: another fact
    t = plots("2e", "12052", "01001", {"01144": 1, "01147": 1}, {"01152": 1})
    for card in ("A.01144.1", "A.01147.1", "B.01152.1"):
        in_play(t, card)
    to_challenges(t)
    legal(t.clone(), Kill("A", "A.01144.1", source="A.12052.1"))  # nothing named: not judged
    legal(t, NameChoice("A", "A.12052.1", trait="Lord"))
    flagged_and_refused(t, Kill("A", "A.01144.1", source="A.12052.1"), "ability.target")
    flagged_and_refused(t, Kill("A", "B.01152.1", source="A.12052.1"), "ability.target")
    legal(t, Kill("A", "A.01147.1", source="A.12052.1"))


def test_a_trait_a_crest_or_a_state_in_the_target_is_read() -> None:
    """aside34 06, 26, 29 (ability.target): Handmaiden "Action: Sacrifice Handmaiden to choose and stand a Lady
    character." (not Khal Drogo, a Lord); 1st edition Viserion "Pay 4 gold to choose and kill a kneeling character."
    (not a standing one); Distinct Mastery "Choose and stand a Holy, Learned, Noble, or War character." (a crest:
    Stannis Baratheon is Noble, the Knight of the Rainwood has none); "choose a non-unique character" is kept."""
    assert targets("Choose and kneel a non-unique character.")[0][10:12] == ("", "non-unique")
    assert targets("Choose and stand a Holy, Learned, Noble, or War character.")[0][10:12] == (
        "Holy|Learned|Noble|War", "")
    t = plots("2e", "01001", "00006", {"01169": 1, "01162": 1, "01049": 1}, {})
    for card in ("A.01169.1", "A.01162.1", "A.01049.1"):
        in_play(t, card)
        legal(t, Kneel("A", card))
    flagged_and_refused(t, Stand("A", "A.01162.1", source="A.01169.1"), "ability.target")
    legal(t, Stand("A", "A.01049.1", source="A.01169.1"))  # Selyse Baratheon: a Lady
    u = plots("1e", "core_181", "acoa_25", {"core_112": 1, "core_177": 1}, {"core_72": 1, "core_81": 1})
    for card in ("A.core_112.1", "B.core_72.1", "B.core_81.1"):
        in_play(u, card)
    legal(u, Kneel("B", "B.core_81.1"))
    to_challenges(u)
    flagged_and_refused(u, Stand("A", "B.core_81.1", source="A.core_177.1"), "ability.target")  # no crest
    while u.active_player is not None:
        legal(u, PassTurn(u.active_player))
    legal(u, BeginPhase("dominance"))  # Viserion's "Dominance:" ability
    legal(u.clone(), Kill("A", "B.core_81.1", source="A.core_112.1"))
    flagged_and_refused(u, Kill("A", "B.core_72.1", source="A.core_112.1"), "ability.target")


def test_an_icon_or_str_modifier_on_the_chosen_character_is_read() -> None:
    """aside34 10, 12, 14 (ability.target): Selyse Baratheon "Pay 1 gold to choose a [baratheon] character. Until the
    end of the phase, that character gains an [intrigue] icon." (not Randyll Tarly, a Tyrell); Growing Strong "Choose
    up to three [tyrell] characters. Until the end of the phase, each of the chosen characters gets +2 STR." (not
    Littlefinger); Dracarys! "… choose a participating character. Until the end of the phase, that character gets -4
    STR and is killed if its STR is 0." (its second "STR" is no other choice)."""
    assert targets("Choose up to three [tyrell] characters. Until the end of the phase, each of the chosen characters "
                   "gets +2 STR.")[0][:4] == ("modify", "character", "", "tyrell")
    assert targets("Choose up to three [tyrell] characters. Until the end of the phase, each of the chosen characters "
                   "gets +2 STR.")[0][9] == 3
    assert targets("Kneel a Dragon character or Daenerys Targaryen to choose a participating character. Until the end "
                   "of the phase, that character gets -4 STR and is killed if its STR is 0.")[0][2] == "participating"
    t = plots("2e", "01001", "00006", {"01049": 1, "01057": 1, "01195": 1, "01028": 1}, {"01183": 1})
    for card in ("A.01049.1", "A.01057.1", "A.01028.1", "B.01183.1"):
        in_play(t, card)
    to_challenges(t)
    flagged_and_refused(t, Modify("A", "intrigue_icon", 1, "B.01183.1", "phase", source="A.01049.1"), "ability.target")
    legal(t.clone(), Modify("A", "intrigue_icon", 1, "A.01057.1", "phase", source="A.01049.1"))
    flagged_and_refused(t, Modify("A", "str", 2, "A.01028.1", "phase", source="A.01195.1"), "ability.target")
    legal(t, Modify("A", "str", 2, "B.01183.1", "phase", source="A.01195.1"))


def test_an_icon_taken_by_a_reaction_waits_for_its_trigger() -> None:
    """aside34 04 (ability.reaction-trigger): Maester Caleotte "Reaction: After you lose a challenge in which Maester
    Caleotte is participating, choose a character. That character loses a challenge icon of your choice until the end
    of the phase.": the icon modifier naming him is its effect; after a challenge his side won it is flagged."""
    t = plots("2e", "01001", "00006", {"01107": 1}, {"01057": 1})
    for card in ("A.01107.1", "B.01057.1"):
        in_play(t, card)
    to_challenges(t)
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01107.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult("A"))
    flagged_and_refused(t, Modify("A", "military_icon", -1, "B.01057.1", "phase", source="A.01107.1"),
                        "ability.reaction-trigger")


def test_a_reaction_after_a_phase_begins_is_used_in_that_phase() -> None:
    """aside34 20 (ability.reaction-trigger): Fiery Followers "Reaction: After the dominance phase begins, stand Fiery
    Followers.": its stand naming itself in the challenges phase is flagged, in the dominance phase it is legal."""
    from companion.catalog.importers import reacts_to
    from tests.tables import make_table

    assert reacts_to("<b>Reaction:</b> After the dominance phase begins, stand Fiery Followers.") == (
        "phase_begins", "dominance", 0, "")
    for phase, flagged in (("challenges", True), ("dominance", False)):
        t = make_table({"A": {"01054": 1}, "B": {}}, phase=phase)
        in_play(t, "A.01054.1")
        legal(t, Kneel("A", "A.01054.1"))
        if flagged:
            flagged_and_refused(t, Stand("A", "A.01054.1", source="A.01054.1"), "ability.reaction-trigger")
        else:
            legal(t, Stand("A", "A.01054.1", source="A.01054.1"))


def test_a_card_put_into_play_from_hand_by_its_own_response_waits_for_its_trigger() -> None:
    """aside34 31 (ability.reaction-trigger): 1st edition Khal Drogo "Response: After you win a challenge, put Khal
    Drogo into play from your hand.": put into play naming himself after a challenge his player lost is flagged;
    after one the player won it is legal."""
    from companion.rules.actions import PutIntoPlay
    from tests.tables import hand, make_table

    for winner in ("B", "A"):
        t = make_table({"A": {"core_107": 1, "core_72": 1}, "B": {"core_72": 1}}, edition="1e", phase="challenges",
                       factions={"A": "targaryen", "B": "baratheon"})
        hand(t, "A.core_107.1")
        attacker = f"{winner}.core_72.1"
        in_play(t, "A.core_72.1")
        in_play(t, "B.core_72.1")
        t.active_player = winner
        legal(t, InitiateChallenge(winner, "power", "A" if winner == "B" else "B", attackers=[attacker]))
        legal(t, DeclareDefenders("A" if winner == "B" else "B", []))
        legal(t, ChallengeResult(winner))
        put = PutIntoPlay("A", "A.core_107.1", from_hand=True, source="A.core_107.1")
        if winner == "B":
            flagged_and_refused(t, put, "ability.reaction-trigger")
        else:
            legal(t, put)


def test_seductive_promise_takes_control_of_a_non_unique_character() -> None:
    """aside34 32 (ability.target): 1st edition Seductive Promise "… choose a non-unique character controlled by the
    losing opponent. Take control of that character.": a take of control naming it, of unique Stannis Baratheon, is
    flagged; of the non-unique Knight of the Rainwood it is legal."""
    assert targets("Choose a non-unique character controlled by the losing opponent. Take control of that "
                   "character.")[0][0] == "take_control"
    _one_misfit_one_fit("core_175", TakeControl)


def test_a_save_of_a_noble_character_is_read() -> None:
    """aside34 28 (ability.target): 1st edition Strong Belwas "Response: Pay 2 gold to save a Noble character from
    being killed.": a save naming him of Dany's Handmaiden (no Noble crest) is flagged, of Stannis Baratheon (Noble)
    it is legal; The Iron Cliffs' "a Greyjoy character" is the House."""
    from companion.catalog.store import Catalog
    from companion.rules.actions import Save
    from tests.tables import make_table

    assert Catalog.open().card("soo_108").targets[0][10] == "Greyjoy"
    t = make_table({"A": {"core_113": 1, "core_121": 1, "core_72": 1}, "B": {}}, edition="1e", phase="challenges",
                   gold=4)
    for card in ("A.core_113.1", "A.core_121.1", "A.core_72.1"):
        in_play(t, card)
    flagged_and_refused(t, Save("A", "A.core_121.1", source="A.core_113.1"), "ability.target")
    legal(t, Save("A", "A.core_72.1", source="A.core_113.1"))


def test_a_non_trait_target_and_a_printed_cost_limit_are_read() -> None:
    """aside36 19, 33 (ability.target): 1st edition You've Killed the Wrong Dwarf! "Any phase: Choose and kneel a
    non-Noble character.": its kneel of Stannis Baratheon (Noble) is flagged, of the Knight of the Rainwood legal;
    Take the Black "Dominance Action: Choose a non-unique character with printed cost 6 or lower. Take control of
    that character.": of unique Tyrion Lannister flagged, of the non-unique Dothraki Outriders (cost 8) flagged, of
    one costing 2 legal. "a non-House Stark character" (Guilty!) is not read as a Trait."""
    assert targets("Choose and kneel a non-Noble character.")[0][11:] == ("non-Noble", -1)
    assert targets("Choose a non-unique character with printed cost 6 or lower. Take control of that character."
                   )[0][11:] == ("non-unique", 6)
    assert targets("Kneel a Noble character to choose and kill a non-House Stark character.") == ()
    _one_misfit_one_fit("core_167", Kneel)
    u = make_table({"A": {"01139": 2}, "B": {"01089": 1, "02074": 1, "01057": 1}}, phase="dominance")
    hand(u, "A.01139.1")
    for card in ("B.01089.1", "B.02074.1", "B.01057.1"):
        in_play(u, card)
    flagged_and_refused(u, TakeControl("A", "B.01089.1", source="A.01139.1"), "ability.target")
    flagged_and_refused(u, TakeControl("A", "B.02074.1", source="A.01139.1"), "ability.target")
    legal(u, TakeControl("A", "B.01057.1", source="A.01139.1"))


def test_power_gained_by_a_chosen_character_goes_to_a_target_the_ability_may_choose() -> None:
    """aside53 01 (ability.target): Eddard Stark (03003) "Reaction: After Eddard Stark gains power using renown,
    choose another participating character you control. That character gains 1 power.": after his renown in a won
    power challenge, the power on an attacker beside him is legal, on a character of his that stayed home flagged
    (5 printed cards read in this form: Riverrun Minstrel "choose a House Tully character. That character gains 1
    power.", Knight of the Reach, Kingsmoot, Blackwater Rush)."""
    from companion.rules.actions import ApplyClaim, GainPower, Renown

    assert targets("choose a House Tully character. That character gains 1 power.")[0][:4] == (
        "gain_power", "character", "", "tully")
    t = make_table({"A": {"03003": 1, "01150": 1, "01152": 1}, "B": {}}, phase="challenges")
    for card in ("A.03003.1", "A.01150.1", "A.01152.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.03003.1", "A.01150.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B"))
    legal(t, Renown("A", ["A.03003.1"]))
    flagged_and_refused(t, GainPower("A", 1, card="A.01152.1", source="A.03003.1"), "ability.target")
    legal(t, GainPower("A", 1, card="A.01150.1", source="A.03003.1"))


def test_a_non_limited_target_chosen_beside_a_power_cost_is_read() -> None:
    """aside51 09 (ability.target): Pyromancers (04018) "Dominance Action: Kneel Pyromancers and discard 1 power from
    your faction card to choose a non-limited location, and discard it from play.": its discard of The Roseroad
    (Limited) is flagged, of The Iron Throne legal."""
    assert targets("Choose a non-limited location, and discard it from play.")[0][0] == "discard"
    t = make_table({"A": {"04018": 1}, "B": {"01040": 1, "01038": 1}}, phase="dominance")
    for card in ("A.04018.1", "B.01040.1", "B.01038.1"):
        in_play(t, card)
    flagged_and_refused(t, Discard("A", "B.01040.1", source="A.04018.1"), "ability.target")
    legal(t, Discard("A", "B.01038.1", source="A.04018.1"))


def test_a_cost_paid_with_a_kind_of_card_is_paid_with_one() -> None:
    """aside53 09 (ability.cost-target; RR: Costs): Tyrion Lannister (05002) "Reaction: After you win a challenge,
    return an attacking Clansman character to your hand to (choose one): draw 2 cards, …": after a military win with
    Burned Men (Clansman) and The Tickler (no Clansman) attacking, The Tickler's return naming Tyrion is flagged,
    Burned Men's legal. The New Gift "Kneel a Steward character to gain 1 gold." (twice printed, alike): kneeling
    The Tickler for it flagged. 89 printings of both editions read ("kneel a [Holy] character to": a 1st-edition
    crest); a verb printed as an effect too keeps none."""
    from companion.catalog.importers import cost_targets
    from companion.rules.actions import ApplyClaim, ReturnToHand

    assert cost_targets("Kneel a Direwolf character to choose and kill an attacking character.")[0][10] == "Direwolf"
    assert cost_targets("Kneel a [Holy] character to cancel …")[0][3] == "holy"
    assert cost_targets("Kneel a Direwolf character to kneel a character.") == ()
    t = make_table({"A": {"05002": 1, "01091": 1, "01088": 1}, "B": {}}, phase="challenges")
    for card in ("A.05002.1", "A.01091.1", "A.01088.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.05002.1", "A.01091.1", "A.01088.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=[]))
    flagged_and_refused(t, ReturnToHand("A", "A.01088.1", source="A.05002.1"), "ability.cost-target")
    legal(t, ReturnToHand("A", "A.01091.1", source="A.05002.1"))
    gift = make_table({"A": {"07017": 1, "01088": 1, "01133": 1}, "B": {}}, phase="marshaling")
    for card in ("A.07017.1", "A.01088.1", "A.01133.1"):
        in_play(gift, card)
    flagged_and_refused(gift, Kneel("A", "A.01088.1", source="A.07017.1"), "ability.cost-target")
    legal(gift, Kneel("A", "A.01133.1", source="A.07017.1"))


def test_an_ability_on_each_character_of_a_kind_affects_only_those() -> None:
    """aside53 29 (ability.target): Drogon (15002) "Reaction: After you win a challenge in which Drogon is attacking,
    kill each character the defending player controls with STR 1 or lower.": after his won military challenge, the
    kill of Bob's Tumblestone Knight (STR 2) naming him is flagged, of Winterfell Steward (STR 1) legal. "Return each
    character with printed cost 3 or lower to its owner's hand." (The First Snow of Winter) is read the same way,
    with no count; "If you win the challenge, kill each attacking character." (a later effect) is not."""
    from companion.rules.actions import ApplyClaim
    from tests.tables import military_won_by_a

    assert targets("When Revealed: Return each character with printed cost 3 or lower to its owner's hand.")[0][9:] \
        == (99, "", "", 3)
    assert targets("If you win the challenge, kill each attacking character.") == ()
    t = make_table({"A": {"15002": 1}, "B": {"01150": 1, "01152": 2}}, phase="challenges")
    military_won_by_a(t, "A.15002.1", in_play_cards=("B.01150.1", "B.01152.1", "B.01152.2"))
    legal(t, ApplyClaim("B", cards=["B.01152.2"]))
    flagged_and_refused(t, Kill("A", "B.01150.1", source="A.15002.1"), "ability.target")
    legal(t, Kill("A", "B.01152.1", source="A.15002.1"))


def test_a_cost_that_kneels_a_character_with_an_icon_is_read() -> None:
    """aside51 08 (ability.target): Chataya's Brothel (04090) "Marshaling Action: Kneel a character with an [intrigue]
    icon to gain 1 gold. (Limit twice per phase.)": its kneel of Burned Men (military only) is flagged, of The
    Tickler (military and intrigue) legal."""
    t = make_table({"A": {"04090": 1, "01088": 1, "01091": 1}, "B": {}}, phase="marshaling")
    for card in ("A.04090.1", "A.01088.1", "A.01091.1"):
        in_play(t, card)
    flagged_and_refused(t, Kneel("A", "A.01091.1", source="A.04090.1"), "ability.target")
    legal(t, Kneel("A", "A.01088.1", source="A.04090.1"))


def _one_misfit_one_fit(event: str, line: type[Kneel] | type[TakeControl]) -> None:
    """A 1st-edition event in A's hand naming itself as the source of ``line``: on B's Stannis Baratheon (unique,
    Noble) flagged (ability.target), on B's Knight of the Rainwood (non-unique, no crest) legal."""
    t = make_table({"A": {event: 1}, "B": {"core_72": 1, "core_81": 1}}, edition="1e", phase="challenges")
    hand(t, f"A.{event}.1")
    in_play(t, "B.core_72.1")
    in_play(t, "B.core_81.1")
    flagged_and_refused(t, line("A", "B.core_72.1", source=f"A.{event}.1"), "ability.target")
    legal(t, line("A", "B.core_81.1", source=f"A.{event}.1"))


def test_a_card_kneeling_itself_to_choose_a_side_with_none_there_cannot_be_used() -> None:
    """ability.no-target (aside37 23; RR: Targeting, ThronesDB's rules FAQ: "If an ability requires the choosing of a
    target …, and there is no valid target …, then the ability cannot be initiated. This initiation check is made at
    the same time the ability's play restrictions are checked."): Castle Black "Action: Kneel Castle Black to choose
    and stand a defending [thenightswatch] character." kneeled while its controller attacks, no Night's Watch
    character defending: flagged, refused in strict mode (its cost is not paid). Defending with Samwell Tarly, the
    same kneel is legal; kneeling it for no ability outside a challenge is not judged."""
    t = plots("2e", "01001", "01002", {"01136": 1, "01128": 1, "01127": 1}, {"01089": 1})
    for card in ("A.01136.1", "A.01128.1", "A.01127.1", "B.01089.1"):
        in_play(t, card)
    legal(t.clone(), Kneel("A", "A.01136.1", source="A.01136.1"))  # marshaling: no challenge, not judged
    to_challenges(t)
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01128.1"]))
    legal(t, DeclareDefenders("B", []))
    flagged_and_refused(t, Kneel("A", "A.01136.1", source="A.01136.1"), "ability.no-target")
    legal(t, ChallengeResult(winner="A"))
    t.active_player = "B"
    legal(t, InitiateChallenge("B", "intrigue", "A", attackers=["B.01089.1"]))
    legal(t, DeclareDefenders("A", ["A.01127.1"]))
    legal(t, Kneel("A", "A.01136.1", source="A.01136.1"))
    legal(t, Stand("A", "A.01127.1", source="A.01136.1"))


def test_a_save_reads_whom_it_saves_in_both_editions() -> None:
    """aside38 09, 37 (ability.target): 2nd edition Maester Aemon "Interrupt: When a [thenightswatch] character would
    be killed, kneel Maester Aemon to save it.": a save naming him of Littlefinger (neutral) is flagged, of Ser Waymar
    Royce legal; 1st edition Ghost "Response: Kneel Ghost to save a Night's Watch character from being killed or
    discarded from play.": of the Direwolf Pup flagged, of Jon Snow (Night's Watch) legal. Family, Duty, Honor's
    "a House Tully character you control" is the 2nd edition Trait, not a faction: Raventree Elite fits."""
    from companion.rules.actions import Save

    assert targets("Interrupt: When another location you control would be discarded from play, kneel Rimegate to "
                   "save it.")[0][:2] == ("save", "location")
    t = make_table({"A": {"01125": 1, "01028": 1, "01128": 1, "20029": 1, "00014": 1}, "B": {}}, phase="challenges")
    for card in ("A.01125.1", "A.01028.1", "A.01128.1", "A.00014.1"):
        in_play(t, card)
    hand(t, "A.20029.1")
    flagged_and_refused(t, Save("A", "A.01028.1", source="A.01125.1"), "ability.target")
    legal(t, Save("A", "A.01128.1", source="A.01125.1"))
    legal(t, Save("A", "A.00014.1", source="A.20029.1"))
    u = make_table({"A": {"core_137": 1, "core_136": 1, "core_19": 1}, "B": {}}, edition="1e", phase="challenges")
    for card in ("A.core_137.1", "A.core_136.1", "A.core_19.1"):
        in_play(u, card)
    flagged_and_refused(u, Save("A", "A.core_19.1", source="A.core_137.1"), "ability.target")
    legal(u, Save("A", "A.core_136.1", source="A.core_137.1"))


def test_condemned_by_the_realm_kills_a_character_the_chosen_opponent_does_not_control() -> None:
    """aside38 39 (ability.target): 1st edition Condemned by the Realm "When revealed, choose an opponent. Then, that
    opponent must choose and kill a character he or she does not control, if able.": in a game of two, its kill of
    the opponent's own House Tully Recruiter is flagged; of Raff, whom the plot's player controls, legal."""
    assert targets("When revealed, choose an opponent. Then, that opponent must choose and kill a character he or "
                   "she does not control, if able.")[0][8] == "not_chooser"
    t = plots("1e", "core_202", "core_184", {"core_46": 1}, {"core_21": 1})
    in_play(t, "A.core_46.1")
    in_play(t, "B.core_21.1")
    flagged_and_refused(t, Kill("A", "B.core_21.1", source="A.core_202.1"), "ability.target")
    legal(t, Kill("A", "A.core_46.1", source="A.core_202.1"))


def test_an_ability_that_returns_its_own_card_returns_no_other() -> None:
    """aside41 20 (ability.target): Ser Davos Seaworth "Interrupt: When Ser Davos Seaworth is killed, return him to
    your hand instead of placing him in your dead pile.": a return to hand of Shireen Baratheon naming him as source
    is flagged (``Card.self_only``), his own return is legal, and a card that returns a chosen card ("choose a
    character with no challenge icons and return it to its owner's hand": Trystane Martell) keeps no such fact."""
    from companion.catalog.importers import self_only
    from companion.rules.actions import ReturnToHand

    t = make_table({"A": {"01050": 1, "01051": 1}, "B": {}}, phase="challenges")
    for card in ("A.01050.1", "A.01051.1"):
        in_play(t, card)
    flagged_and_refused(t.clone(), ReturnToHand("A", "A.01051.1", source="A.01050.1"), "ability.target")
    legal(t, ReturnToHand("A", "A.01050.1", source="A.01050.1"))
    assert self_only("Reaction: After Trystane Martell enters play, choose a character with no challenge icons and "
                     "return it to its owner's hand.", "Trystane Martell") == ()
    assert self_only("Action: Return Arry to your hand to draw 1 card.", "Arry") == ("return_to_hand",)


def test_an_ability_that_chooses_a_unique_character_chooses_no_other() -> None:
    """aside48 13 (ability.target): Waking the Dragon "Action: Choose and stand a unique [targaryen] character you
    control. …" (9 printings choose "a unique … character"): standing a Braided Warrior (not unique) naming it as
    source is flagged; standing Daenerys Targaryen is legal."""
    from companion.rules.actions import Kneel, PlayEvent, Stand

    t = make_table({"A": {"01178": 1, "01168": 1, "01160": 1}, "B": {}}, phase="challenges")
    for card in ("A.01168.1", "A.01160.1"):
        in_play(t, card)
        legal(t, Kneel("A", card))
    hand(t, "A.01178.1")
    legal(t, PlayEvent("A", "A.01178.1"))
    flagged_and_refused(t, Stand("A", "A.01168.1", source="A.01178.1"), "ability.target")
    legal(t, Stand("A", "A.01160.1", source="A.01178.1"))


def test_a_non_limited_target_is_read() -> None:
    """aside50 28 (ability.target): Newly-Made Lord "Reaction: After you marshal Newly-Made Lord, choose a non-limited
    location with printed cost 3 or lower, and discard it from play.": its discard of The Roseroad ("Limited.") is
    flagged; of Lannisport (cost 3, not limited) legal. Read on 5 printed cards of both editions."""
    from companion.rules.actions import Marshal

    assert targets("Choose a non-limited location with printed cost 3 or lower, and discard it from play."
                   )[0][11:] == ("non-limited", 3)
    t = make_table({"A": {"02051": 2}, "B": {"01040": 1, "01098": 1}}, phase="marshaling")
    hand(t, "A.02051.1", "A.02051.2")
    in_play(t, "B.01040.1")
    in_play(t, "B.01098.1")
    legal(t, Marshal("A", "A.02051.1"))
    flagged_and_refused(t, Discard("A", "B.01040.1", source="A.02051.1"), "ability.target")
    legal(t, Discard("A", "B.01098.1", source="A.02051.1"))


def test_an_ability_on_each_card_of_a_kind_is_read() -> None:
    """aside50 33 (ability.target): The First Snow of Winter "Forced Reaction: After the challenges phase begins,
    return each character with printed cost 3 or lower to its owner's hand.": its returns of The Tickler (2) and the
    Lannisport Merchant (1) are legal, one line each (no count); of Ser Jaime Lannister (printed cost 6) flagged. Read
    on 18 printings ("kill / kneel / stand / discard / return each <a kind of card>": Valar Morghulis, Robb Stark's
    "stand each character you control", Rioting's "each kneeling character", …)."""
    from companion.rules.actions import ReturnToHand

    assert targets("Kill each character.") == (("kill", "character", "", "", -1, -1, "", "", "", 99, "", "", -1),)
    assert targets("Stand each of those characters.") == ()
    t = plots("2e", "02079", "01001", {}, {"01088": 1, "01094": 1, "01087": 1})
    for card in ("B.01088.1", "B.01094.1", "B.01087.1"):
        in_play(t, card)
    to_challenges(t)
    legal(t, ReturnToHand("A", "B.01088.1", source="A.02079.1"))
    legal(t, ReturnToHand("A", "B.01094.1", source="A.02079.1"))
    flagged_and_refused(t, ReturnToHand("A", "B.01087.1", source="A.02079.1"), "ability.target")


def test_an_ability_on_any_number_of_cards_of_a_kind_is_read() -> None:
    """aside54 27 (ability.target): The Bastard's Letter "Reaction: After an opponent initiates a [military] challenge
    against you, stand any number of characters you control with a [military] icon.": played from shadows against a
    military challenge, its stand of the Tumblestone Knight ([military]) is legal, of the Winterfell Steward ([power]
    only) flagged. "any number of" is read as "each" on 4 printings (it, Young Griff, Seventy-Nine Sentinels, Wedding
    Feast's kneel); a kind joined to it ("… Direwolf characters and characters with a Direwolf attachment": At Night
    They Howl; "… 1 character and 1 location": Salt and Iron, Prince of the Narrow Sea) is not read."""
    from companion.rules.actions import PlayEventFromShadows

    assert targets("Choose and stand any number of Direwolf characters and characters with a Direwolf attachment.") \
        == ()
    t = plots("2e", "01001", "01002", {"01055": 1}, {"11102": 1, "01150": 1, "01152": 1}, gold=10)
    for card in ("A.01055.1", "B.01150.1", "B.01152.1"):
        in_play(t, card)
        t.in_play[card].kneeling = card.startswith("B")
    shadows(t, "B.11102.1")
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01055.1"]))
    legal(t, PlayEventFromShadows("B", "B.11102.1"))
    flagged_and_refused(t, Stand("B", "B.01152.1", source="B.11102.1"), "ability.target")
    legal(t, Stand("B", "B.01150.1", source="B.11102.1"))


def test_an_ability_that_chooses_the_lowest_printed_cost_or_str() -> None:
    """ability.target (aside54 21): Bolton Flayer "Forced Interrupt: When the challenges phase ends, choose and kill a
    character with the lowest printed cost (cannot be saved).": with a Tumblestone Knight (2) in play its kill of Grand
    Maester Pycelle (3) is flagged, of the Knight legal, whoever controls them. Read on 5 printings ("… with the lowest
    STR in play": House Florent Knight; "… among characters they control": A Lannister's Honor ×2, the chosen one's
    controller's; "… among participating characters": Maester Ballabar)."""
    assert Catalog.open().card("00164").chooses_with == ("lowest_str", "controller", 0)
    t = plots("2e", "01001", "01002", {"11002": 1, "01150": 1}, {"01085": 1})
    for card in ("A.11002.1", "A.01150.1", "B.01085.1"):
        in_play(t, card)
    to_challenges(t)
    flagged_and_refused(t, Kill("A", "B.01085.1", source="A.11002.1"), "ability.target")
    legal(t, Kill("A", "A.01150.1", source="A.11002.1"))
    legal(t, Kill("A", "B.01085.1", source="A.11002.1"))  # the Knight gone, Pycelle (3) ties the Flayer (3)


def test_a_card_chosen_by_the_gold_paid_fits_that_x() -> None:
    """ability.target (aside54 05): Catspaw "Reaction: After Catspaw comes out of shadows, pay X gold to choose another
    character with printed cost X or lower and return it to its owner's hand.": after 1 gold spent, returning Samwell
    Tarly (printed cost 2) is flagged; after 2, legal; with no gold written as spent, X is at most the gold in the pool
    (1: flagged; 2: legal). Read on 5 printings (The Shavepate "Pay X gold to put a character with printed cost X or
    lower into play …"; Valyrian Steel ×2 and Armed to the Teeth "… an attachment with printed cost X …": X exactly)."""
    from companion.rules.actions import BringOut, ReturnToHand, SpendGold

    for gold, spent, fits in ((5, 1, False), (5, 2, True), (3, 0, False), (4, 0, True)):
        t = plots("2e", "01001", "01002", {"11049": 1}, {"01127": 1}, gold=gold)
        in_play(t, "B.01127.1")
        shadows(t, "A.11049.1")
        legal(t, BringOut("A", "A.11049.1"))
        if spent:
            legal(t, SpendGold("A", spent))
        back = ReturnToHand("A", "B.01127.1", source="A.11049.1")
        if fits:
            legal(t, back)
        else:
            flagged_and_refused(t, back, "ability.target")


def test_a_target_of_a_faction_or_a_trait_is_either() -> None:
    """aside86 18 (ability.target): Old Bear Mormont "Action: Kneel Old Bear Mormont to choose and stand another
    [thenightswatch] or Lord character.": his stand of House Maester (neutral, Maester) is flagged; of Samwell Tarly
    ([thenightswatch], Steward) legal."""
    assert targets("Action: Kneel Old Bear Mormont to choose and stand another [thenightswatch] or Lord character.",
                   "Old Bear Mormont")[0][3:] == ("", -1, -1, "", "", "", 1, "[thenightswatch]|Lord", "", -1)
    t = make_table({"A": {"16010": 1, "03041": 1, "16009": 1}, "B": {}}, phase="challenges")
    for card in ("A.16010.1", "A.03041.1", "A.16009.1"):
        in_play(t, card)
    for card in ("A.03041.1", "A.16009.1"):
        legal(t, Kneel("A", card))
    legal(t, Kneel("A", "A.16010.1", source="A.16010.1"))
    flagged_and_refused(t, Stand("A", "A.03041.1", source="A.16010.1"), "ability.target")
    legal(t, Stand("A", "A.16009.1", source="A.16010.1"))


def test_a_character_placed_in_shadows_is_one_the_ability_may_choose() -> None:
    """aside87 14 (ability.target): Melisandre 26101 "Each participating character without shadow gets -1 STR.
    Challenges Action: Choose a character with STR 1 or lower and place it in shadows. (Limit once per phase.)": her
    placing Tumblestone Knight (STR 2) in shadows is flagged, Winterfell Steward (STR 1) legal; her constant -1 STR
    written on two participants in one phase is neither a choice nor a use of the limited action."""
    from companion.rules.actions import PutIntoShadows

    t = make_table({"A": {"26101": 1, "01053": 1}, "B": {"01150": 2, "01152": 1}}, phase="challenges")
    for card in ("A.26101.1", "A.01053.1", "B.01150.1", "B.01150.2", "B.01152.1"):
        in_play(t, card)
    flagged_and_refused(t, PutIntoShadows("A", "B.01150.1", source="A.26101.1"), "ability.target")
    legal(t, PutIntoShadows("A", "B.01152.1", source="A.26101.1"))
    legal(t, Modify(player="A", amount=-1, card="A.01053.1", until="challenge", source="A.26101.1"))
    legal(t, Modify(player="A", amount=-1, card="B.01150.2", until="challenge", source="A.26101.1"))


def test_a_card_returned_from_a_pile_is_of_the_kind_its_ability_names() -> None:
    """aside89 20 (ability.target), 1st edition Maegi's Promise "Dominance: Kneel 1 influence to return a Targaryen
    character from your dead pile to your hand." (read on 5 printings of both editions): The Titan's Bastard "Action:
    Kneel The Titan's Bastard to return a Mercenary character from your discard pile to your hand.": its return of
    Tumblestone Knight (a Knight) is flagged, of Janos Slynt (a Mercenary) legal."""
    from companion.rules.actions import ReturnToHand
    from companion.rules.state import Zone

    assert Catalog.open().card("qod_38").targets[0][::10] == ("return_to_hand", "Targaryen")
    t = make_table({"A": {"15010": 1, "01150": 1, "04010": 1}, "B": {}}, phase="marshaling")
    in_play(t, "A.15010.1")
    for card in ("A.01150.1", "A.04010.1"):
        t.move(card, "A", Zone.DISCARD)
    legal(t, Kneel("A", "A.15010.1", source="A.15010.1"))
    flagged_and_refused(t, ReturnToHand("A", "A.01150.1", source="A.15010.1"), "ability.target")
    legal(t, ReturnToHand("A", "A.04010.1", source="A.15010.1"))


def test_a_card_returned_to_shadows_is_one_with_shadow() -> None:
    """aside81 07 (ability.target): Clever Feint (11070) "Action: Kneel your faction card to choose any number of cards
    you control with shadow. Return each of those cards to shadows.": its return of Tyrion Lannister (no Shadow
    keyword) is flagged; of The Knight of Flowers 13003 (Shadow (5)) legal."""
    from companion.rules.actions import KneelFaction, PlayEvent, PutIntoShadows

    want = targets("Action: Kneel your faction card to choose any number of cards you control with shadow. Return each "
                   "of those cards to shadows.")
    assert [(x[0], x[1], x[8], x[11]) for x in want] == [("put_into_shadows", "card", "own", "with-shadow")]
    t = make_table({"A": {"11070": 1, "01089": 1, "13003": 1}, "B": {}}, phase="challenges")
    for card in ("A.01089.1", "A.13003.1"):
        in_play(t, card)
    hand(t, "A.11070.1")
    legal(t, PlayEvent("A", "A.11070.1"))
    legal(t, KneelFaction("A"))
    flagged_and_refused(t, PutIntoShadows("A", "A.01089.1", source="A.11070.1"), "ability.target")
    legal(t, PutIntoShadows("A", "A.13003.1", source="A.11070.1"))


def test_a_character_without_attachments_or_power_is_the_only_one_returned() -> None:
    """aside82 14 (ability.target): Unexpected Delay (05047) "Forced Reaction: After the challenges phase begins, each
    player chooses a character without attachments or power. Return each of those characters to its owner's hand.":
    its return of Ser Jaime Lannister with an attachment is flagged, of one with power too; of Winterfell Steward (none
    of either) legal."""
    from companion.rules.actions import ReturnToHand

    want = Catalog.open().card("05047").targets
    assert [(x[0], x[7], x[9]) for x in want] == [("return_to_hand", "attachments<1,power<1", 99)]
    t = plots("2e", "05047", "01001", {"01087": 1, "01034": 1, "01088": 1}, {"01152": 1})
    for card in ("A.01087.1", "A.01088.1", "B.01152.1"):
        in_play(t, card)
    in_play(t, "A.01034.1", attached_to="A.01087.1")
    t.tokens["A.01088.1"] = {"power": 1}
    to_challenges(t)
    flagged_and_refused(t, ReturnToHand("A", "A.01087.1", source="A.05047.1"), "ability.target")
    flagged_and_refused(t, ReturnToHand("A", "A.01088.1", source="A.05047.1"), "ability.target")
    legal(t, ReturnToHand("A", "B.01152.1", source="A.05047.1"))


def test_a_wider_choice_instead_is_the_one_read() -> None:
    """aside98 13 (ability.target): The White Book "… kneel your faction card to stand each defending Kingsguard
    character you control. (Each participating Kingsguard character you control instead if you control a King or
    Queen character.)": the side kept is "participating", the wider one (whether its player controls a King or Queen
    is not judged), so its stand of an attacking Kingsguard is not flagged."""
    want = Catalog.open().card("13099").targets
    assert [(x[0], x[2], x[10]) for x in want] == [("stand", "participating", "Kingsguard")]
