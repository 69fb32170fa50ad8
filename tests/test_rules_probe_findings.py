"""Rules found missing by the black-box probes (probe27, probe28): each test names its rule id and quotes the text."""

from __future__ import annotations

from companion.catalog.store import Catalog
from companion.rules import check
from companion.rules.actions import (
    ApplyClaim,
    ChallengeResult,
    DeclareDefenders,
    DrawCards,
    InitiateChallenge,
    Kill,
    Kneel,
    Marshal,
    Modify,
    PassTurn,
    PlaceInDeadPile,
    PlayEvent,
    PutIntoPlay,
    Save,
    Stand,
)
from companion.rules.editions import Table
from companion.rules.state import Phase, Zone
from tests.tables import dead, flagged_and_refused, hand, in_play, legal, make_table, rules_of
from tests.test_printed_abilities import plots


def test_only_a_character_is_placed_in_a_dead_pile() -> None:
    """probe28 11: Heads on Spikes: "If that card is a character, … place the discarded character in its owner's dead
    pile." RR: Dead Pile: the pile of killed characters. A discarded location placed there is flagged
    (dead.character-only); a discarded character is legal."""
    t = make_table({"A": {"01156": 1, "01144": 1}, "B": {}}, phase="plot")
    t.move("A.01156.1", "A", Zone.DISCARD)
    t.move("A.01144.1", "A", Zone.DISCARD)
    flagged_and_refused(t, PlaceInDeadPile("B", "A.01156.1"), "dead.character-only")
    legal(t, PlaceInDeadPile("B", "A.01144.1"))


def test_ambush_is_taken_in_the_challenges_phase_only() -> None:
    """probe27 01: RR: Ambush: "During the challenges phase, as a player action, a player may pay X gold to put a card
    with the ambush keyword into play from his or her hand." Burned Men (Ambush (2)) put into play by its own ambush
    in the dominance phase is flagged (ambush.phase); in the challenges phase it is legal."""
    t = make_table({"A": {"01091": 1}, "B": {}}, phase="dominance")
    hand(t, "A.01091.1")
    flagged_and_refused(t, PutIntoPlay("A", "A.01091.1", from_hand=True, source="A.01091.1"), "ambush.phase")
    t = make_table({"A": {"01091": 1}, "B": {}}, phase="challenges")
    hand(t, "A.01091.1")
    legal(t, PutIntoPlay("A", "A.01091.1", from_hand=True, source="A.01091.1"))


def test_a_card_without_ambush_does_not_put_itself_into_play() -> None:
    """aside60 23 (ambush.keyword; RR: Ambush: "… a player may pay X gold to put a card with the ambush keyword into
    play from his or her hand."): House Dayne Knight (no text) put into play from hand naming itself is flagged;
    Areo Hotah ("Ambush (5).") is legal; so is Qotho, whose text puts him in ("Action: Discard 2 [targaryen] cards
    from your hand to put Qotho into play from your hand.": ``own_entry``), and the Knight while Harmen Uller ("Each
    Sand Snake character in your hand gains ambush (X).": ``grants_ambush``, 11 printings) is in play."""
    t = make_table({"A": {"01113": 1, "01103": 1, "09037": 1, "04016": 1}, "B": {}}, phase="challenges")
    hand(t, "A.01113.1", "A.01103.1", "A.09037.1")
    flagged_and_refused(t.clone(), PutIntoPlay("A", "A.01113.1", from_hand=True, source="A.01113.1"),
                        "ambush.keyword")
    legal(t.clone(), PutIntoPlay("A", "A.01103.1", from_hand=True, source="A.01103.1"))
    legal(t.clone(), PutIntoPlay("A", "A.09037.1", from_hand=True, source="A.09037.1"))
    in_play(t, "A.04016.1")
    legal(t, PutIntoPlay("A", "A.01113.1", from_hand=True, source="A.01113.1"))


def test_an_attachment_saves_only_the_card_it_is_attached_to() -> None:
    """probe27 19: Bodyguard: "When attached character would be killed or discarded from play, sacrifice Bodyguard
    to save that character." RR: Save, Cannot be Saved: an ability saves what it names. Attached to Tyrion, it saving
    Lannisport Moneylender is flagged (save.attached-only); saving Tyrion is legal."""
    t = make_table({"A": {"01089": 1, "01093": 1, "01033": 1}, "B": {}}, phase="challenges")
    in_play(t, "A.01089.1")
    in_play(t, "A.01093.1")
    in_play(t, "A.01033.1", attached_to="A.01089.1")
    flagged_and_refused(t, Save("A", "A.01093.1", source="A.01033.1"), "save.attached-only")
    legal(t, Save("A", "A.01089.1", source="A.01033.1"))


def test_a_save_saves_only_what_its_trigger_names() -> None:
    """aside63 06 (save.target): Lady "When another Direwolf card or Sansa Stark would leave play, kill Lady to save
    that card.": killed to save Jon Snow, flagged; to save Grey Wind (a Direwolf) or Sansa Stark, legal. Ser Dontos
    Hollard "When a Lady character would be killed or discarded from play, stand Ser Dontos Hollard to save that
    character.", whose choice is read as a target: Jeyne Westerling (a Lady) legal, Jon Snow flagged once
    (ability.target, not twice)."""
    t = make_table({"A": {"22017": 1, "03005": 1, "01145": 1, "01147": 1, "09035": 1, "05033": 1}, "B": {}},
                   phase="challenges")
    for card in ("A.03005.1", "A.01145.1", "A.01147.1", "A.09035.1", "A.05033.1"):
        in_play(t, card)
    dead(t, "A.22017.1")  # its cost paid: Lady killed
    flagged_and_refused(t, Save("A", "A.03005.1", source="A.22017.1"), "save.target")
    legal(t.clone(), Save("A", "A.01145.1", source="A.22017.1"))
    legal(t.clone(), Save("A", "A.01147.1", source="A.22017.1"))
    legal(t.clone(), Save("A", "A.05033.1", source="A.09035.1"))
    assert rules_of(check(t, Save("A", "A.03005.1", source="A.09035.1"))) == ["ability.target"]


def test_a_return_from_the_discard_pile_does_not_take_from_the_dead_pile() -> None:
    """aside63 15 (return.from-pile): Jeyne Poole "Marshaling Action: Sacrifice Jeyne Poole to return a Lady character
    from your discard pile to your hand.": Wylla Manderly returned from the dead pile by it is flagged, from the discard
    pile legal. Lost Captain (1st edition) "… return Lost Captain from your discard pile or dead pile to your hand."
    names both piles: nothing is kept."""
    from companion.catalog.importers import returns_from
    from companion.rules.actions import ReturnToHand

    assert returns_from("Response: After you win a Power challenge by 4 or more total STR, return Lost Captain from "
                        "your discard pile or dead pile to your hand.") is None
    t = make_table({"A": {"07033": 1, "15035": 2}, "B": {}}, phase="marshaling")
    dead(t, "A.07033.1", "A.15035.1")  # Jeyne sacrificed: her cost paid
    t.move("A.15035.2", "A", Zone.DISCARD)
    flagged_and_refused(t, ReturnToHand("A", "A.15035.1", source="A.07033.1"), "return.from-pile")
    legal(t, ReturnToHand("A", "A.15035.2", source="A.07033.1"))


def test_a_card_whose_text_says_it_cannot_be_saved_is_not_saved() -> None:
    """aside38 38 (save.printed-unsaveable): 1st edition Asha Greyjoy "Asha Greyjoy cannot be saved.": Bodyguard
    attached to her saving her is flagged; Scurvy "Attached character cannot be saved." on Theon Greyjoy: his
    Bodyguard's save is flagged, without Scurvy it is legal. 2nd edition Jon Arryn "Jon Arryn cannot be saved.": his
    duplicate's save is flagged."""
    from companion.rules.actions import SaveWithDuplicate

    t = make_table({"A": {"kotse_2": 1, "kotse_3": 1, "core_150": 2}, "B": {"kl_71": 1}}, edition="1e",
                   phase="challenges")
    in_play(t, "A.kotse_2.1")
    in_play(t, "A.kotse_3.1")
    in_play(t, "A.core_150.1", attached_to="A.kotse_2.1")
    in_play(t, "A.core_150.2", attached_to="A.kotse_3.1")
    flagged_and_refused(t, Save("A", "A.kotse_2.1", source="A.core_150.1"), "save.printed-unsaveable")
    legal(t, Save("A", "A.kotse_3.1", source="A.core_150.2"))
    in_play(t, "B.kl_71.1", attached_to="A.kotse_3.1")
    flagged_and_refused(t, Save("A", "A.kotse_3.1", source="A.core_150.2"), "save.printed-unsaveable")
    u = make_table({"A": {"00112": 2}, "B": {}}, phase="challenges")
    in_play(u, "A.00112.1")
    u.put_in_play("A.00112.2", "A", duplicate_of="A.00112.1")
    flagged_and_refused(u, SaveWithDuplicate("A", "A.00112.2"), "save.printed-unsaveable")


def test_a_save_that_costs_gold_needs_the_gold() -> None:
    """aside38 28 (save.gold-cost): 1st edition Gilded Plate "Response: Pay 1 gold and discard Gilded Plate from play
    (cannot be saved) to save attached character from being killed or discarded.": its save of Tyrion with no gold in
    the pool and none spent on it is flagged; with 1 gold in the pool, or 1 gold spent just before, it is legal."""
    from companion.rules.actions import SpendGold

    for gold, spend in ((0, False), (1, False), (1, True)):
        t = make_table({"A": {"core_38": 1, "core_35": 1}, "B": {}}, edition="1e", phase="challenges", gold=gold)
        in_play(t, "A.core_38.1")
        in_play(t, "A.core_35.1", attached_to="A.core_38.1")
        if spend:
            legal(t, SpendGold("A", 1))
        save = Save("A", "A.core_38.1", source="A.core_35.1")
        if gold:
            legal(t, save)
        else:
            flagged_and_refused(t, save, "save.gold-cost")


def _power_defended_by(defender: str) -> Table:
    t = make_table({"A": {"01089": 1, "01100": 1, "01092": 1, "01028": 1, "01087": 1},
                    "B": {"01143": 1, "01144": 1, "01157": 1}},
                   phase="challenges")
    in_play(t, "A.01089.1")
    in_play(t, defender)
    hand(t, "A.01100.1", "A.01092.1", "B.01157.1")
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01089.1"]))
    legal(t, DeclareDefenders("B", [defender]))
    return t


def test_no_event_of_an_opponent_while_catelyn_participates() -> None:
    """probe27 05: Catelyn Stark: "While Catelyn Stark is participating in a challenge, your opponents cannot trigger
    card abilities." (RR: Golden Rule). Alice playing Hear Me Roar! while Catelyn defends is flagged
    (ability.silenced); while Eddard defends instead it is legal."""
    t = _power_defended_by("B.01143.1")
    flagged_and_refused(t, PlayEvent("A", "A.01100.1"), "ability.silenced")
    legal(_power_defended_by("B.01144.1"), PlayEvent("A", "A.01100.1"))


def test_no_card_ability_of_an_opponent_while_catelyn_participates() -> None:
    """aside46 10: Catelyn Stark's "… your opponents cannot trigger card abilities." holds for a card's own
    triggered ability too, not only an event's: Selyse Baratheon's "Challenges Action: Pay 1 gold to choose a
    [baratheon] character. Until the end of the phase, that character gains an [intrigue] icon." used while Catelyn
    defends is flagged (ability.silenced); while Eddard defends instead it is legal."""
    from companion.rules.actions import Modify

    def defended_by(defender: str) -> Table:
        t = make_table({"A": {"01049": 1, "01053": 1}, "B": {"01143": 1, "01144": 1}}, phase="challenges")
        for card in ("A.01049.1", "A.01053.1", defender):
            in_play(t, card)
        legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01053.1"]))
        legal(t, DeclareDefenders("B", [defender]))
        return t

    icon = Modify("A", "intrigue_icon", 1, card="A.01049.1", source="A.01049.1")
    flagged_and_refused(defended_by("B.01143.1"), icon, "ability.silenced")
    legal(defended_by("B.01144.1"), icon)


def test_an_event_without_an_eligible_participating_target() -> None:
    """probe27 22: For the North!: "Play only during a [military] challenge. Action: Choose a participating [stark]
    character. …" RR: Targeting: "If there are no eligible targets for an ability, that ability cannot be initiated."
    With only Alice's Ser Jaime participating it is flagged (event.no-target); with Eddard defending it is legal."""
    t = make_table({"A": {"01087": 1}, "B": {"01144": 1, "01157": 1}}, phase="challenges")
    in_play(t, "A.01087.1")
    in_play(t, "B.01144.1")
    hand(t, "B.01157.1")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01087.1"]))
    alone = t.clone()
    legal(alone, DeclareDefenders("B", []))
    flagged_and_refused(alone, PlayEvent("B", "B.01157.1"), "event.no-target")
    legal(t, DeclareDefenders("B", ["B.01144.1"]))
    legal(t, PlayEvent("B", "B.01157.1"))


def test_a_marshal_reaction_does_not_follow_a_card_put_into_play() -> None:
    """probe28 09: Littlefinger: "Reaction: After you marshal Littlefinger, draw 2 cards." RR: Put into Play: "A card
    that has been put into play is not considered to have been 'marshaled.'" Put into play, his draw is flagged
    (ability.reaction-trigger); marshalled in the marshaling phase, it is legal."""
    put = plots("2e", "01001", "00006", {}, {"01028": 1}, gold=10)
    hand(put, "B.01028.1")
    legal(put, PutIntoPlay("B", "B.01028.1", from_hand=True))
    flagged_and_refused(put, DrawCards("B", 2, source="B.01028.1"), "ability.reaction-trigger")
    marshalled = plots("2e", "01001", "00006", {}, {"01028": 1}, gold=10)
    hand(marshalled, "B.01028.1")
    marshalled.active_player = "B"
    legal(marshalled, Marshal("B", "B.01028.1"))
    legal(marshalled, DrawCards("B", 2, source="B.01028.1"))


def test_a_marshal_reaction_answers_its_marshal_once() -> None:
    """aside32 12: Littlefinger: "Reaction: After you marshal Littlefinger, draw 2 cards." RR: Triggered Abilities:
    once for each occurrence of its triggering condition: one marshal, one draw; a second draw naming him is flagged
    (ability.reaction-trigger)."""
    marshalled = plots("2e", "01001", "00006", {}, {"01028": 1}, gold=10)
    hand(marshalled, "B.01028.1")
    marshalled.active_player = "B"
    legal(marshalled, Marshal("B", "B.01028.1"))
    legal(marshalled, DrawCards("B", 2, source="B.01028.1"))
    flagged_and_refused(marshalled, DrawCards("B", 2, source="B.01028.1"), "ability.reaction-trigger")


def _military_by_grey_wind(defenders: list[str]) -> Table:
    """Alice attacks Bob with Grey Wind (STR 4, intimidate) and Tumblestone Knight (STR 2); Bob defends with
    ``defenders`` (Ser Jaime, STR 5, or none); the result and claim follow."""
    t = make_table({"A": {"01145": 1, "01150": 1}, "B": {"01087": 1, "01093": 1}}, phase="challenges")
    for card in ("A.01145.1", "A.01150.1", "B.01087.1", "B.01093.1"):
        in_play(t, card)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01145.1", "A.01150.1"]))
    legal(t, DeclareDefenders("B", defenders))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", ["B.01087.1"]))
    return t


def test_intimidate_kneels_no_more_str_than_the_challenge_was_won_by() -> None:
    """probe27 07: RR: Intimidate: the winner may kneel a standing character of the losing opponent "whose STR is
    equal to or lower than the STR by which the challenge was won". Won 6 to 5, Grey Wind kneeling Lannisport
    Moneylender (STR 2) is flagged (intimidate.str); won 6 to 0, it is legal."""
    flagged_and_refused(_military_by_grey_wind(["B.01087.1"]), Kneel("A", "B.01093.1", source="A.01145.1"),
                        "intimidate.str")
    legal(_military_by_grey_wind([]), Kneel("A", "B.01093.1", source="A.01145.1"))


def test_no_action_event_after_the_last_marshaling_turn() -> None:
    """probe27 18: RR: Action Windows; RR: Appendix I › 3.2-3.4: the marshaling phase's special action window opens
    after each player's income and closes with that player's turn; after the last one the phase ends with none.
    Hear Me Roar! (an action) during Alice's turn is legal; once both players have passed it is flagged
    (event.no-action-window)."""
    from companion.rules.actions import CollectIncome, PassTurn
    t = plots("2e", "01001", "00006", {"01100": 1}, {}, gold=5)
    hand(t, "A.01100.1")
    legal(t.clone(), PlayEvent("A", "A.01100.1"))
    legal(t, PassTurn("A"))
    t.players["B"].income_round = -1
    legal(t, CollectIncome("B"))
    legal(t, PassTurn("B"))
    flagged_and_refused(t, PlayEvent("A", "A.01100.1"), "event.no-action-window")


def test_a_card_put_into_play_for_the_phase_leaves_as_it_ends() -> None:
    """probe27 11: Hear Me Roar!: "Put a [lannister] character into play from your hand. At the end of the phase, if
    that card is still in play, discard it from play (cannot be saved)." RR: Lasting Effects: it happens by itself as
    the phase ends (note phase-end-leaves): Gold Cloaks is in the discard pile in the challenges phase, and declaring
    it as an attacker is flagged (challenge.left-at-phase-end). Its discard written by the table after the phase
    began is taken as said; a character put into play by no such effect stays."""
    from companion.rules.actions import BeginPhase, Discard, PassTurn
    from tests.tables import notes_of
    t = plots("2e", "01001", "00006", {"01100": 1, "01092": 1, "01091": 1}, {}, gold=5)
    hand(t, "A.01100.1", "A.01092.1", "A.01091.1")
    legal(t, PlayEvent("A", "A.01100.1"))
    legal(t, PutIntoPlay("A", "A.01092.1", from_hand=True))
    legal(t, PutIntoPlay("A", "A.01091.1", from_hand=True))
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    v = legal(t, BeginPhase("challenges"))
    assert notes_of(v).count("phase-end-leaves") == 1
    assert t.zone_of("A.01092.1") is Zone.DISCARD and t.zone_of("A.01091.1") is Zone.PLAY
    late = t.clone()
    legal(late, Discard("A", "A.01092.1"))
    # The table that still has it in play missed the discard: flagged, not impossible (challenge.left-at-phase-end);
    # an advisory game records the challenge with Gold Cloaks in play as the table has it (probe27 11's later lines).
    advisory = flagged_and_refused(t, InitiateChallenge("A", "power", "B", attackers=["A.01092.1"]),
                                   "challenge.left-at-phase-end")
    assert advisory.zone_of("A.01092.1") is Zone.PLAY and advisory.in_play["A.01092.1"].kneeling


def test_an_event_without_an_eligible_target_on_its_side_of_the_challenge() -> None:
    """aside19 23 / aside8 34: "Wolf in the Night": "Action: Choose a [stark] character that is attacking alone."; 1st
    edition Insidious Ways: "Challenges: Choose an attacking House Lannister character." RR: Targeting: with no
    eligible target the ability cannot be initiated (event.no-side-target): two Stark attackers, or a Lannister
    player defending, are flagged; a Stark knight attacking alone, a Lannister attacker, are legal."""
    t = make_table({"A": {"01144": 1, "01150": 1, "04102": 1}, "B": {"01089": 1}}, phase="challenges")
    in_play(t, "A.01144.1")
    in_play(t, "A.01150.1")
    in_play(t, "B.01089.1")
    hand(t, "A.04102.1")
    two, alone = t.clone(), t.clone()
    legal(two, InitiateChallenge("A", "military", "B", attackers=["A.01144.1", "A.01150.1"]))
    flagged_and_refused(two, PlayEvent("A", "A.04102.1"), "event.no-side-target")
    legal(alone, InitiateChallenge("A", "military", "B", attackers=["A.01150.1"]))
    legal(alone, PlayEvent("A", "A.04102.1"))

    t = make_table({"A": {"core_46": 1, "core_163": 2}, "B": {"core_18": 1}}, edition="1e", phase="challenges",
                   factions={"A": "lannister", "B": "stark"})
    in_play(t, "A.core_46.1")
    in_play(t, "B.core_18.1")
    hand(t, "A.core_163.1", "A.core_163.2")
    defending = t.clone()
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.core_46.1"]))
    legal(t, PlayEvent("A", "A.core_163.1"))
    defending.active_player = "B"
    legal(defending, InitiateChallenge("B", "military", "A", attackers=["B.core_18.1"]))
    legal(defending, DeclareDefenders("A", ["A.core_46.1"]))
    flagged_and_refused(defending, PlayEvent("A", "A.core_163.2"), "event.no-side-target")


def test_hear_me_roar_puts_only_a_lannister_character_into_play() -> None:
    """play.put-into-play-target (aside29 14): Hear Me Roar! "Put a [lannister] character into play from your hand."
    Littlefinger (neutral) put into play by it, named as the source or by the line just after the event, is flagged;
    Ser Jaime Lannister is legal. The card's words are read as an attachment's restriction is."""
    from companion.catalog.store import Catalog

    assert [a.factions for a in Catalog.open().card("01100").puts_into_play] == [("lannister",)]
    for named in (True, False):
        t = _power_defended_by("B.01144.1")
        hand(t, "A.01028.1", "A.01087.1")
        u = t.clone()
        legal(t, PlayEvent("A", "A.01100.1"))
        flagged_and_refused(t, PutIntoPlay("A", "A.01028.1", from_hand=True, source="A.01100.1" if named else None),
                            "play.put-into-play-target")
        legal(u, PlayEvent("A", "A.01100.1"))
        legal(u, PutIntoPlay("A", "A.01087.1", from_hand=True, source="A.01100.1" if named else None))


def test_intimidate_follows_only_a_challenge_won_with_the_character() -> None:
    """intimidate.won (aside30 10): RR: Intimidate: "After you win a challenge in which a character with intimidate
    participated …". Alice's Grey Wind stayed home while Tumblestone Knight attacked and Ser Jaime won the defence for
    Bob: kneeling Bob's Moneylender by Grey Wind's intimidate is flagged; won with Grey Wind attacking, it is legal."""
    t = make_table({"A": {"01145": 1, "01150": 1}, "B": {"01087": 1, "01093": 1}}, phase="challenges")
    for card in ("A.01145.1", "A.01150.1", "B.01087.1", "B.01093.1"):
        in_play(t, card)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01150.1"]))
    legal(t, DeclareDefenders("B", ["B.01087.1"]))
    legal(t, ChallengeResult())
    flagged_and_refused(t, Kneel("A", "B.01093.1", source="A.01145.1"), "intimidate.won")
    legal(_military_by_grey_wind([]), Kneel("A", "B.01093.1", source="A.01145.1"))


def test_intimidate_kneels_one_character_a_challenge() -> None:
    """intimidate.once (aside32 10): RR: Intimidate is not cumulative: after the challenge Grey Wind (intimidate) won
    6 to 0, kneeling one of Bob's Lannisport Moneylenders is legal, a second by the same intimidate is flagged; a
    kneel by another effect is not intimidate's."""
    t = make_table({"A": {"01145": 1, "01150": 1}, "B": {"01093": 2, "01087": 1}}, phase="challenges")
    for card in ("A.01145.1", "A.01150.1", "B.01093.1", "B.01093.2", "B.01087.1"):
        in_play(t, card)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01145.1", "A.01150.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", ["B.01087.1"]))
    legal(t, Kneel("A", "B.01093.1", source="A.01145.1"))
    flagged_and_refused(t, Kneel("A", "B.01093.2", source="A.01145.1"), "intimidate.once")
    legal(t.clone(), Kneel("A", "B.01093.2"))  # a kneel by another effect is not intimidate's


def test_a_reaction_stand_follows_its_trigger() -> None:
    """aside32 07: Eddard Stark: "Reaction: After a challenge is initiated against you, stand Eddard Stark." After
    Bob's own challenge, a `stand` naming Eddard as its source is flagged (ability.reaction-trigger); right after
    Alice initiates a challenge against Bob, it is legal."""
    t = make_table({"A": {"01089": 1, "01093": 1}, "B": {"01144": 1}}, phase="challenges")
    for card in ("A.01089.1", "A.01093.1", "B.01144.1"):
        in_play(t, card)
    t.first_player = t.active_player = "B"
    legal(t, InitiateChallenge("B", "military", "A", attackers=["B.01144.1"]))
    legal(t, DeclareDefenders("A", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("A", ["A.01093.1"]))
    flagged_and_refused(t, Stand("B", "B.01144.1", source="B.01144.1"), "ability.reaction-trigger")
    legal(t, PassTurn("B"))
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01089.1"]))
    legal(t, Stand("B", "B.01144.1", source="B.01144.1"))


def test_randyll_tarly_stands_after_his_str_is_increased() -> None:
    """aside34 22: Randyll Tarly: "Reaction: After Randyll Tarly's STR is increased by a card effect, stand him."
    (ability.reaction-trigger): a stand naming him with no increase is flagged; after a +3 STR by Heartsbane it is
    legal, once for that increase; a second stand with no new increase is flagged."""
    t = make_table({"A": {"01183": 1, "01191": 1}, "B": {"01144": 1}}, phase="challenges")
    for card in ("A.01183.1", "B.01144.1"):
        in_play(t, card)
    t.in_play["A.01183.1"].kneeling = True
    flagged_and_refused(t, Stand("A", "A.01183.1", source="A.01183.1"), "ability.reaction-trigger")
    legal(t, Modify("A", "str", 3, card="A.01183.1", until="challenge", source="A.01191.1"))
    legal(t, Stand("A", "A.01183.1", source="A.01183.1"))
    legal(t, Kneel("A", "A.01183.1"))
    flagged_and_refused(t, Stand("A", "A.01183.1", source="A.01183.1"), "ability.reaction-trigger")


def test_insight_draws_one_card() -> None:
    """draw.insight-count (aside30 09): RR: Insight: "… may draw 1 card." Grand Maester Pycelle's insight after the
    claim draws 1; 2 is flagged."""
    t = make_table({"A": {"01085": 1, "01057": 3}, "B": {"01057": 2}}, phase="challenges")
    in_play(t, "A.01085.1")
    hand(t, "B.01057.2")
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01085.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=["B.01057.2"]))
    flagged_and_refused(t, DrawCards("A", 2, source="A.01085.1"), "draw.insight-count")
    legal(t, DrawCards("A", 1, source="A.01085.1"))


def test_a_second_copy_of_a_unique_attachment_goes_only_onto_the_first() -> None:
    """unique.second-copy (aside30 02): RR: Unique Cards: a second Seal of the Hand marshalled onto Joffrey while the
    first lies on Tyrion is flagged; marshalled as its duplicate (no target named), it is free and legal."""
    t = make_table({"A": {"01032": 2, "01089": 1, "01086": 1}, "B": {}}, phase="marshaling", gold=10)
    in_play(t, "A.01089.1")
    in_play(t, "A.01086.1")
    in_play(t, "A.01032.1", attached_to="A.01089.1")
    hand(t, "A.01032.2")
    flagged_and_refused(t, Marshal("A", "A.01032.2", attach_to="A.01086.1"), "unique.second-copy")
    legal(t, Marshal("A", "A.01032.2"))
    assert t.players["A"].gold == 10


def test_reinforcements_puts_only_a_character_of_printed_cost_5_or_lower_into_play() -> None:
    """play.put-into-play-target (aside30 13): Reinforcements "When Revealed: Choose a character with printed cost 5
    or lower in your hand or discard pile, and put it into play." Tywin Lannister (7) by it is flagged; Tyrion
    Lannister (5) is legal."""
    from companion.catalog.store import Catalog

    assert [a.cost_max for a in Catalog.open().card("01020").puts_into_play] == [5]
    t = plots("2e", "01020", "00006", {"01090": 1, "01089": 1}, {}, gold=5)
    hand(t, "A.01090.1", "A.01089.1")
    flagged_and_refused(t, PutIntoPlay("A", "A.01090.1", from_hand=True, source="A.01020.1"),
                        "play.put-into-play-target")
    legal(t, PutIntoPlay("A", "A.01089.1", from_hand=True, source="A.01020.1"))


def test_a_search_that_puts_a_card_into_play_finds_only_the_kind_it_names() -> None:
    """play.put-into-play-target (aside50 14): Here to Serve "When Revealed: Search your deck for a Maester character
    with printed cost 3 or lower, and put it into play. Shuffle your deck.": Lannisport Moneylender (no Maester) put
    into play from the deck by it is flagged; Grand Maester Pycelle (Maester, cost 3) is legal. Read on 15 2nd-edition
    printings and 1 1st-edition ("search … for a … and put it into play")."""
    from companion.catalog.store import Catalog

    assert [(a.traits, a.cost_max) for a in Catalog.open().card("02020").puts_into_play] == [(("Maester",), 3)]
    t = plots("2e", "02020", "01001", {"01085": 1, "01093": 1}, {})
    flagged_and_refused(t, PutIntoPlay("A", "A.01093.1", source="A.02020.1"), "play.put-into-play-target")
    legal(t, PutIntoPlay("A", "A.01085.1", source="A.02020.1"))


def test_a_challenge_without_attackers_cannot_be_initiated_in_any_mode() -> None:
    """challenge.no-attackers (aside30 24, 37): RR: Appendix I › 4.2: the attacking player declares attackers; with
    none, no challenge is initiated: refused even at an advisory table, and the next challenge is the first."""
    from companion.rules import play

    t = make_table({"A": {"01150": 1}, "B": {}}, phase="challenges")
    in_play(t, "A.01150.1")
    v = play(t, InitiateChallenge("A", "power", "B", attackers=[]), "advisory")
    assert [x.rule for x in v.violations] == ["challenge.no-attackers"] and not v.applied
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01150.1"]))


def _military_with_winter_is_coming(cancel: bool = False) -> Table:
    """Bob's Eddard and Tumblestone Knight attack Alice's Burned Men in a military challenge; Bob plays Winter Is Coming
    ("Until the end of the challenge, raise the claim value on your revealed plot card by 1.") and, with ``cancel``,
    Alice answers with The Hand's Judgment; the result follows."""
    t = plots("2e", "01001", "01005", {"01091": 1, "01094": 2, "01045": 1}, {"01144": 1, "01150": 1, "01159": 2},
              gold=5)
    for card in ("A.01091.1", "A.01094.1", "A.01094.2", "B.01144.1", "B.01150.1"):
        in_play(t, card)
    hand(t, "B.01159.1", "B.01159.2", "A.01045.1")
    t.phase, t.active_player = Phase.CHALLENGES, "B"
    legal(t, InitiateChallenge("B", "military", "A", attackers=["B.01144.1", "B.01150.1"]))
    legal(t, DeclareDefenders("A", ["A.01091.1"]))
    legal(t, PlayEvent("B", "B.01159.1"))
    if cancel:
        legal(t, PlayEvent("A", "A.01045.1", cost=1))
    legal(t, ChallengeResult())
    return t


def test_winter_is_coming_raises_the_claim_of_the_challenge_it_is_played_in() -> None:
    """claim.count (aside31 01, 10): Winter Is Coming raises the attacker's claim by 1 for the challenge: Alice kills 2
    for a claim of 1 plus 1 (1 is flagged); cancelled by The Hand's Judgment ("When the effects of an opponent's event
    would initiate, cancel those effects."), the claim stays 1. A recorded claim modifier naming it counts it once."""
    from companion.catalog.store import Catalog

    assert Catalog.open().card("01159").raises_claim == ("you", 1) and Catalog.open().card("01045").cancels_events
    raised = _military_with_winter_is_coming()
    flagged_and_refused(raised, ApplyClaim("A", ["A.01091.1"]), "claim.count")
    legal(raised, ApplyClaim("A", ["A.01091.1", "A.01094.1"]))
    cancelled = _military_with_winter_is_coming(cancel=True)
    flagged_and_refused(cancelled, ApplyClaim("A", ["A.01091.1", "A.01094.1"]), "claim.count")
    legal(cancelled, ApplyClaim("A", ["A.01091.1"]))


def test_an_ability_that_names_a_phase_is_used_only_in_it() -> None:
    """ability.phase (aside31 03, 06): RR: Actions: an action ability preceded by a phase's name may be triggered only
    in that phase. The Tickler's "Dominance Action: Kneel The Tickler to …" recorded as its kneel in the challenges
    phase is flagged; in the dominance phase it is legal."""
    for phase, flagged in (("challenges", True), ("dominance", False)):
        t = make_table({"A": {"01088": 1}, "B": {}}, phase=phase)
        in_play(t, "A.01088.1")
        if flagged:
            flagged_and_refused(t, Kneel("A", "A.01088.1", source="A.01088.1"), "ability.phase")
        else:
            legal(t, Kneel("A", "A.01088.1", source="A.01088.1"))


def test_an_action_cards_effect_on_another_card_is_used_only_in_its_phase() -> None:
    """ability.phase (aside51 07): Harrenhal (04050) "Challenges Action: Kneel Harrenhal to put a [lannister] or House
    Bolton character into play from your hand. …": Janos Slynt put into play from the hand naming Harrenhal as the
    source in the marshaling phase is flagged (the line is a use of its one phase-named action, its kneel unwritten);
    in the challenges phase it is legal."""
    for phase, flagged in (("marshaling", True), ("challenges", False)):
        t = make_table({"A": {"04050": 1, "04010": 1}, "B": {}}, phase=phase)
        in_play(t, "A.04050.1")
        hand(t, "A.04010.1")
        put = PutIntoPlay("A", "A.04010.1", from_hand=True, source="A.04050.1")
        if flagged:
            flagged_and_refused(t, put, "ability.phase")
        else:
            legal(t, put)


def test_an_ability_paid_by_returning_its_card_to_hand_is_used_only_in_its_phase() -> None:
    """ability.phase (aside34 09): Messenger Raven "Dominance Action: Return Messenger Raven to your hand to draw 1
    card.": its return to hand naming itself as the source in the challenges phase is flagged; in the dominance phase
    it is legal, and a return naming no source (another card's effect) is not judged."""
    from companion.rules.actions import ReturnToHand

    for phase, flagged in (("challenges", True), ("dominance", False)):
        t = make_table({"A": {"01130": 1}, "B": {}}, phase=phase)
        in_play(t, "A.01130.1")
        if flagged:
            flagged_and_refused(t, ReturnToHand("A", "A.01130.1", source="A.01130.1"), "ability.phase")
            legal(t, ReturnToHand("A", "A.01130.1"))
        else:
            legal(t, ReturnToHand("A", "A.01130.1", source="A.01130.1"))


def test_a_draw_whose_every_drawing_ability_names_a_phase_is_used_only_in_it() -> None:
    """ability.phase (aside53 15, 08): The New Gift "Marshaling Action: Kneel a Steward character to gain 1 gold. …
    Challenges Action: Kneel a Steward character to draw 1 card.": a draw naming it in the dominance phase is
    flagged, in the challenges phase legal (its kneel is a Steward's, so only the draw shows the use); Ranger's Cache
    "Interrupt: When the taxation phase ends, either: draw 2 cards or gain 3 gold." is read as the taxation phase's
    (44 non-event printings of both editions); Oldtown's "Dominance Action: … If the revealed card has that cardtype,
    draw it …" as the dominance phase's."""
    from companion.catalog.importers import draws_in_phase
    from companion.rules.actions import DrawCards

    assert draws_in_phase("<b>Interrupt:</b> When the taxation phase ends, either: draw 2 cards or gain 3 gold.") \
        == "taxation"
    assert draws_in_phase("Dominance: Kneel Meraxes to draw 1 card.") == "dominance"
    assert draws_in_phase("<b>Reaction:</b> After you win a challenge, draw 1 card.") is None
    assert draws_in_phase("<b>Dominance Action:</b> Name a cardtype (character, location, attachment, or event). "
                          "Then, reveal the top card of your deck. If the revealed card has that cardtype, draw it "
                          "and gain 1 power for your faction. (Limit once per phase.)") == "dominance"
    for phase, flagged in (("dominance", True), ("challenges", False)):
        t = make_table({"A": {"07017": 1}, "B": {}}, phase=phase)
        in_play(t, "A.07017.1")
        if flagged:
            flagged_and_refused(t, DrawCards("A", 1, source="A.07017.1"), "ability.phase")
        else:
            legal(t, DrawCards("A", 1, source="A.07017.1"))


def test_an_ability_paid_by_discarding_gold_from_its_card_is_used_only_in_its_phase() -> None:
    """ability.phase (aside41 04): Brightwater Knight "Bestow (3). Marshaling Action: Discard 1 gold from Brightwater
    Knight to reduce the cost of the next Knight character you marshal this phase by 2.": its gold removed naming
    itself as the source in the challenges phase is flagged; in the marshaling phase it is legal, and a removal naming
    no source is not judged."""
    from companion.rules.actions import RemoveTokens

    for phase, flagged in (("challenges", True), ("marshaling", False)):
        t = make_table({"A": {"08023": 1}, "B": {}}, phase=phase)
        in_play(t, "A.08023.1")
        t.tokens["A.08023.1"] = {"gold": 2}
        spend = RemoveTokens("A", "gold", 1, "A.08023.1", source="A.08023.1")
        if flagged:
            legal(t.clone(), RemoveTokens("A", "gold", 1, "A.08023.1"))
            flagged_and_refused(t, spend, "ability.phase")
        else:
            legal(t, spend)


def test_a_phase_ability_s_draw_is_taken_only_in_its_phase() -> None:
    """ability.phase (aside54 07): The Shadow City "Challenges Action: Kneel The Shadow City and discard 1 card from
    shadows to draw 2 cards.": its draw naming it as the source in the marshaling phase is flagged; in the challenges
    phase it is legal. The draw's phase is judged by the draw's check alone (its one reading, ``draws_in_phase``): the
    check of its action's phase leaves it, though the draw is a use of that action."""
    from companion.rules.actions.common import check_ability_phase, triggered_use
    from companion.rules.check import Checker

    for phase, flagged in (("marshaling", True), ("challenges", False)):
        t = make_table({"A": {"11017": 1}, "B": {}}, phase=phase)
        in_play(t, "A.11017.1")
        draw = DrawCards("A", 2, source="A.11017.1")
        v = Checker(t)
        check_ability_phase(t, v, triggered_use(t, draw), draw)
        assert triggered_use(t, draw) == "A.11017.1" and not v.verdict.violations
        if flagged:
            flagged_and_refused(t, draw, "ability.phase")
        else:
            legal(t, draw)


def test_a_phase_ability_s_effect_on_its_target_is_used_only_in_its_phase() -> None:
    """ability.phase (aside36 29): 1st edition Ser Ilyn Payne "Marshalling: Kneel Ser Ilyn Payne to choose and kill a
    character with STR 2 or lower.": his kneel recorded without a source, the kill naming him as its source in the
    challenges phase is flagged; in the marshalling phase it is legal, and a kill naming no source is not judged."""
    used_in_its_phase_only("core_41", "core_21", Kill, "marshaling")


def used_in_its_phase_only(card: str, chosen: str, effect: type[Kill] | type[Kneel], phase: str) -> None:
    """Alice's 1st edition ``card`` knelt (its cost, recorded without a source), then its ``effect`` on Bob's
    ``chosen`` naming it as source: flagged in the challenges phase (the same line without a source is not judged),
    legal in its own ``phase``."""
    for now, flagged in (("challenges", True), (phase, False)):
        t = make_table({"A": {card: 1}, "B": {chosen: 1}}, edition="1e", phase=now)
        in_play(t, f"A.{card}.1")
        in_play(t, f"B.{chosen}.1")
        legal(t, Kneel("A", f"A.{card}.1"))
        if flagged:
            legal(t.clone(), effect("A", f"B.{chosen}.1"))
            flagged_and_refused(t, effect("A", f"B.{chosen}.1", source=f"A.{card}.1"), "ability.phase")
        else:
            legal(t, effect("A", f"B.{chosen}.1", source=f"A.{card}.1"))


def test_a_phase_ability_that_chooses_then_kneels_that_character_is_used_only_in_its_phase() -> None:
    """ability.phase (aside48 33): 1st edition Cersei Lannister "Dominance: Kneel Cersei Lannister and pay 2 gold to
    choose a character. Kneel that character if it is standing. …": the kneel of Dany's Handmaiden naming her as its
    source in the challenges phase is flagged; in the dominance phase it is legal. "Choose a character. Kneel that
    character." is read as a choice (The Lion's Will, Offer of a Peach's "Stand that character", …)."""
    cat = Catalog.open()
    assert [x[:2] for x in cat.card("core_39").targets] == [("kneel", "character")]
    assert [x[:2] for x in cat.card("04084").targets] == [("stand", "character")]
    used_in_its_phase_only("core_39", "core_121", Kneel, "dominance")


def test_an_ability_that_takes_control_of_its_own_card_is_used_only_in_its_phase() -> None:
    """ability.phase (aside50 16): Bronn "Marshaling Action: Pay 1 gold to take control of Bronn. (Any player may
    initiate this ability.)": Alice's take of control of Bob's Bronn naming Bronn as the source in the challenges
    phase is flagged; in the marshaling phase it is legal, and a take naming no source is not judged. Read on 8
    printings ("take control of <its title>": Jalabhar Xho, 1st edition Steelshanks Walton, the Honor Guards)."""
    from companion.catalog.store import Catalog
    from companion.rules.actions import TakeControl

    assert Catalog.open().card("02089").self_only == ("take_control",)
    for phase, flagged in (("challenges", True), ("marshaling", False)):
        t = make_table({"A": {}, "B": {"02089": 1}}, phase=phase)
        in_play(t, "B.02089.1")
        take = TakeControl("A", "B.02089.1", source="B.02089.1")
        if flagged:
            legal(t.clone(), TakeControl("A", "B.02089.1"))
            flagged_and_refused(t, take, "ability.phase")
        else:
            legal(t, take)


def test_a_card_that_kneels_to_draw_draws_once_for_each_kneel() -> None:
    """draw.kneel-cost (aside50 26; RR: Costs): Tobho Mott's Armory "Reaction: After you win dominance, kneel Tobho
    Mott's Armory to draw 1 card.": after its kneel and its draw, a second draw naming it (still knelt) is flagged;
    after it stands, kneeling it again to draw is flagged too, as a second answer to the round's one dominance
    (ability.once-per-trigger, aside62 21). A draw naming it while it stands (its kneel unrecorded) is not judged.
    Read on 11 printings of both editions ("kneel <its title> to draw N cards"; how many, ``draw_count`` alone
    reads). A first draw of 2 after its kneel is one too large by itself: draw.printed-count, not the kneel's
    rule."""
    from companion.catalog.store import Catalog
    from companion.rules.actions import WinDominance
    from companion.rules.engine import check

    catalog = Catalog.open()
    assert catalog.card("02069").kneel_draws and catalog.card("02069").draw_count == ((1,), 0, "")
    assert catalog.card("01193").kneel_draws and catalog.card("01193").draw_count == ((2,), 0, "")
    t = make_table({"A": {"02069": 1, "01035": 9}, "B": {"01035": 9}}, phase="dominance")
    in_play(t, "A.02069.1")
    t.players["B"].gold = 0
    legal(t, WinDominance("A"))
    standing = t.clone()
    legal(standing, DrawCards("A", 1, source="A.02069.1"))
    legal(t, Kneel("A", "A.02069.1", source="A.02069.1"))
    assert [x.rule for x in check(t, DrawCards("A", 2, source="A.02069.1")).violations] == ["draw.printed-count"]
    legal(t, DrawCards("A", 1, source="A.02069.1"))
    flagged_and_refused(t, DrawCards("A", 1, source="A.02069.1"), "draw.kneel-cost")
    legal(t, Stand("A", "A.02069.1"))
    flagged_and_refused(t, Kneel("A", "A.02069.1", source="A.02069.1"), "ability.once-per-trigger")


def test_tokens_a_reaction_places_on_its_own_card_follow_its_trigger() -> None:
    """ability.reaction-trigger (aside50 40): The Boneway "Reaction: After you lose a challenge, place 1 vengeance
    token on The Boneway. Dominance Action: …": after Alice wins a military challenge against Bob, Alice's vengeance
    token on her Boneway is flagged and Bob's on his legal. Read on 7 2nd-edition printings (Ser Jorah Mormont's
    betrayal tokens, Beric Dondarrion's kiss tokens, Meadowlark, Tormund Giantsbane, …)."""
    from companion.catalog.store import Catalog
    from companion.rules.actions import PlaceTokens
    from tests.tables import military_won_by_a

    assert Catalog.open().card("02056").token_reacts_to == ("vengeance", "lose_challenge", "", 0, "")
    t = make_table({"A": {"02056": 1, "01057": 1}, "B": {"02056": 1}}, phase="challenges")
    in_play(t, "A.02056.1")
    in_play(t, "B.02056.1")
    military_won_by_a(t, "A.01057.1")
    flagged_and_refused(t, PlaceTokens("A", "vengeance", 1, "A.02056.1", source="A.02056.1"),
                        "ability.reaction-trigger")
    legal(t, PlaceTokens("B", "vengeance", 1, "B.02056.1", source="B.02056.1"))


def test_a_reaction_to_becoming_the_first_player_answers_it_once() -> None:
    """ability.reaction-trigger (aside50 03): Cersei's Wheelhouse "Reaction: After you become the first player,
    either: gain 1 gold, or draw 1 card.": Bruno, chosen first player in the plot phase, draws 1 by it (legal); a
    second draw by it, in the plot phase or in the draw phase, is flagged. Alice's Wheelhouse draws nothing: she is
    not the first player. Read on 2 printings (Maester Joseran)."""
    from companion.rules.actions import BeginPhase, ChooseFirstPlayer, ChoosePlot

    t = make_table({"A": {"01005": 1, "02010": 1, "01035": 5}, "B": {"01024": 1, "02010": 1, "01035": 5}},
                   phase="plot")
    in_play(t, "A.02010.1")
    in_play(t, "B.02010.1")
    legal(t, ChoosePlot("A", "A.01005.1"))
    legal(t, ChoosePlot("B", "B.01024.1"))
    legal(t, ChooseFirstPlayer("A", "B"))
    flagged_and_refused(t, DrawCards("A", 1, source="A.02010.1"), "ability.reaction-trigger")
    legal(t, DrawCards("B", 1, source="B.02010.1"))
    flagged_and_refused(t, DrawCards("B", 1, source="B.02010.1"), "ability.reaction-trigger")
    legal(t, BeginPhase("draw"))
    flagged_and_refused(t, DrawCards("B", 1, source="B.02010.1"), "ability.reaction-trigger")


def test_a_draw_only_if_none_drawn_this_phase() -> None:
    """draw.if-none-drawn (aside50 25): Pleasure Barge "Reaction: After you marshal Pleasure Barge, if you have not yet
    drawn any cards this phase, draw 3 cards.": the first Barge's draw, three `draw` lines of one card in a row, is
    legal; after the second Barge is marshalled, its draw of 3 is flagged (3 cards were drawn this phase)."""
    from companion.rules.actions import Draw

    t = make_table({"A": {"02006": 2, "01035": 9}, "B": {"01035": 9}}, phase="marshaling")
    hand(t, "A.02006.1", "A.02006.2")
    legal(t, Marshal("A", "A.02006.1"))
    for n in (1, 2, 3):
        legal(t, Draw("A", f"A.01035.{n}", source="A.02006.1"))
    legal(t, Marshal("A", "A.02006.2"))
    flagged_and_refused(t, DrawCards("A", 3, source="A.02006.2"), "draw.if-none-drawn")


def test_a_reaction_to_a_claim_kill_in_a_challenge_its_player_initiated() -> None:
    """ability.reaction-trigger (aside50 20): Rakharo "Reaction: After a character is killed to satisfy claim during a
    challenge you initiated, Rakharo gains 1 power.": Alice wins a military challenge with Rakharo; his power before
    Bob's claim is flagged, after Bob's claim kills his character legal. Bob's Rakharo gains nothing by it: Bob did
    not initiate that challenge."""
    from companion.rules.actions import GainPower
    from tests.tables import military_won_by_a

    t = make_table({"A": {"02033": 1}, "B": {"01057": 1, "02033": 1}}, phase="challenges")
    in_play(t, "B.01057.1")
    in_play(t, "B.02033.1")
    military_won_by_a(t, "A.02033.1")
    flagged_and_refused(t, GainPower("A", 1, "A.02033.1", source="A.02033.1"), "ability.reaction-trigger")
    legal(t, ApplyClaim("B", ["B.01057.1"]))
    flagged_and_refused(t, GainPower("B", 1, "B.02033.1", source="B.02033.1"), "ability.reaction-trigger")
    legal(t, GainPower("A", 1, "A.02033.1", source="A.02033.1"))


def test_the_tickler_discards_from_play_only_a_copy_of_the_card_it_discarded_from_the_deck() -> None:
    """aside38 08 (discard.not-a-copy): The Tickler "Dominance Action: Kneel The Tickler to discard the top card of an
    opponent's deck. Then, you may choose 1 copy of that card, and discard it from play.": after it discards Sea
    Tower from Bob's deck, its discard of Black Wind's Crew from play is flagged; after it discards a copy of the Crew,
    legal."""
    from companion.rules.actions import Discard

    for milled, fits in (("B.01080.1", False), ("B.01072.2", True)):
        t = make_table({"A": {"01088": 1}, "B": {"01080": 1, "01072": 2}}, phase="dominance")
        in_play(t, "A.01088.1")
        in_play(t, "B.01072.1")
        legal(t, Discard("A", milled, source="A.01088.1"))
        line = Discard("A", "B.01072.1", source="A.01088.1")
        if fits:
            legal(t, line)
        else:
            flagged_and_refused(t, line, "discard.not-a-copy")


def test_at_the_gates_puts_into_play_a_limited_location_of_printed_cost_1_or_lower_only() -> None:
    """play.put-into-play-target (aside76 18): At the Gates (13020) "When Revealed: Search your deck for a limited
    location with printed cost 1 or lower, reveal it, and add it to your hand (put it into play instead if there are
    no City plot cards in your used pile).": Casterly Rock (not Limited, cost 2) put into play by it is flagged and
    the flag says what it finds; Western Fiefdom (Limited, cost 0) is legal."""
    from companion.catalog.store import Catalog
    from companion.rules import play

    assert [(a.type, a.limited, a.cost_max) for a in Catalog.open().card("13020").puts_into_play] == [
        ("location", True, 1)]
    t = plots("2e", "13020", "01001", {"01097": 1, "01099": 1}, {})
    v = play(t.clone(), PutIntoPlay("A", "A.01097.1", source="A.13020.1"), "advisory")
    assert [x.rule for x in v.violations] == ["play.put-into-play-target"]
    assert "limited" in str(v.violations[0].params)
    legal(t, PutIntoPlay("A", "A.01099.1", source="A.13020.1"))
