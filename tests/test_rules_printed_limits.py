"""Rules read from printed sentences and lists that a table log's lines must respect (probe20, 24, 26, 28)."""

from __future__ import annotations

import re

from companion.rules import check
from companion.rules.actions import SetupPlace
from tests.tables import flagged_and_refused, hand, in_play, legal, make_table, rules_of

BRAN_1E = "core_13"  # 1st edition joust restricted list
BRAN_2E = "01144"


def test_a_second_restricted_card_taken_into_the_game_is_flagged() -> None:
    """probe26 12 (1E Tournament Rules, restricted list): a deck holds one restricted card; the line that takes a second
    one into the game is flagged (deck.restricted), the first one and the unrestricted ones are not."""
    t = make_table({"A": {BRAN_1E: 2, "kl_32": 1}, "B": {}}, edition="1e", phase="setup")
    hand(t, f"A.{BRAN_1E}.1", "A.kl_32.1")
    legal(t, SetupPlace("A", f"A.{BRAN_1E}.1"))
    # a copy of the same card is not a second restricted card
    assert "deck.restricted" not in rules_of(check(t, SetupPlace("A", f"A.{BRAN_1E}.2")))
    flagged_and_refused(t, SetupPlace("A", "A.kl_32.1"), "deck.restricted")


def test_the_second_edition_names_no_restricted_list_at_the_table() -> None:
    """2nd edition: tournaments choose among several restricted lists and the log names none: nothing is flagged."""
    t = make_table({"A": {"05010": 1, "06098": 1}, "B": {}}, phase="setup")
    hand(t, "A.05010.1", "A.06098.1")
    legal(t, SetupPlace("A", "A.05010.1"))
    legal(t, SetupPlace("A", "A.06098.1"))


def test_a_banner_lets_in_no_loyal_card_of_its_faction() -> None:
    """aside56 20 (deck.banner-loyal; RR: Loyal): Banner of the Wolf (01203) "You may include non-loyal [stark] cards in
    your deck.": in Alice's Lannister deck the loyal Catelyn Stark (01143) set up or marshalled is flagged; the
    non-loyal Tumblestone Knight (01150) is not, nor Bob's Catelyn in his Stark deck."""
    from companion.rules.actions import Marshal
    decks = {"A": {"01203": 1, "01143": 1, "01150": 1}, "B": {"01143": 1}}
    factions = {"A": "lannister", "B": "stark"}
    t = make_table(decks, phase="setup", factions=factions)
    hand(t, "A.01143.1", "A.01150.1", "B.01143.1")
    legal(t, SetupPlace("A", "A.01150.1"))
    flagged_and_refused(t, SetupPlace("A", "A.01143.1"), "deck.banner-loyal")
    legal(t, SetupPlace("B", "B.01143.1"))
    t = make_table(decks, factions=factions)
    hand(t, "A.01143.1")
    flagged_and_refused(t, Marshal("A", "A.01143.1"), "deck.banner-loyal")


def test_renown_from_a_source_that_prints_no_renown_is_flagged() -> None:
    """probe20 03 (RR: Renown): Cersei Lannister has no renown; Burned Men ("Ambush (2).") named as the effect that gave
    it prints nothing that gives renown (renown.source). Longclaw ("Attached character … gains renown.") may be."""
    from companion.rules.actions import ApplyClaim, ChallengeResult, DeclareDefenders, InitiateChallenge, Renown
    t = make_table({"A": {"01084": 1, "01091": 1, "01135": 1}, "B": {}}, phase="challenges")
    for card in ("A.01084.1", "A.01091.1"):
        in_play(t, card)
    in_play(t, "A.01135.1", attached_to="A.01091.1")
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01084.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=[]))
    flagged_and_refused(t, Renown("A", ["A.01084.1"], source="A.01091.1"), "renown.source")
    legal(t.clone(), Renown("A", ["A.01084.1"], source="A.01135.1"))


def test_an_attachment_gives_its_named_character_a_keyword() -> None:
    """probe24 01 (1st edition Summer: "If attached character is Bran Stark, he gains stealth."; Card.keywords_while):
    Bran with Summer bypasses a defender by stealth; Summer on another Stark character gives it none."""
    from companion.rules.actions import InitiateChallenge
    t = make_table({"A": {"core_13": 1, "core_3": 1, "core_18": 1}, "B": {"core_41": 1}}, edition="1e",
                   phase="challenges", factions={"A": "stark", "B": "lannister"})
    for card in ("A.core_13.1", "A.core_18.1", "B.core_41.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    other = t.clone()
    in_play(t, "A.core_3.1", attached_to="A.core_13.1")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.core_13.1"], bypassed=["B.core_41.1"]))
    in_play(other, "A.core_3.1", attached_to="A.core_18.1")
    flagged_and_refused(other, InitiateChallenge("A", "military", "B", attackers=["A.core_18.1"],
                                                 bypassed=["B.core_41.1"]), "challenge.stealth-count")


def test_the_power_of_blood_keeps_noble_characters_alive() -> None:
    """probe24 02 (1st edition The Power of Blood: "[Noble] characters cannot be killed."; Card.unkillable_crest and the
    card data's crests): a kill of Eddard Stark (Noble crest) is flagged (kill.crest), one of Knight of the Tumblestone
    (no crest) is not."""
    from companion.rules.actions import Kill
    from tests.test_plot_limits import round_table
    t = round_table("1e", "core_194", "core_195", extra={"core_5": 1, "core_18": 1})
    in_play(t, "A.core_5.1")
    in_play(t, "A.core_18.1")
    assert t.card("A.core_5.1").crests == ("Noble",)
    flagged_and_refused(t, Kill("B", "A.core_5.1"), "kill.crest")
    legal(t, Kill("B", "A.core_18.1"))


def test_power_on_characters_a_card_names_does_not_count_towards_the_total() -> None:
    """probe24 05 (1st edition Melisandre: "Power on opponents' characters does not count towards their total power.";
    Card.power_uncounted): while Alice's Melisandre is in play the power on Bob's Eddard Stark is not in Bob's total (no
    win at 13 + 2); Alice's own characters' power still counts. Ser Lancel Lannister (2nd edition): "… on Lord or Lady
    characters …", anyone's."""
    from companion.rules.values import power_total
    t = make_table({"A": {"core_74": 1, "core_18": 1}, "B": {"core_5": 1}}, edition="1e")
    for card in ("A.core_18.1", "B.core_5.1"):
        in_play(t, card)
        t.tokens[card] = {"power": 2}
    t.players["B"].power = 13
    assert power_total(t, "B") == 15
    in_play(t, "A.core_74.1")
    assert power_total(t, "B") == 13 and power_total(t, "A") == 2
    t = make_table({"A": {"20011": 1, "01087": 1, "01091": 1}, "B": {}})
    for card in ("A.20011.1", "A.01087.1", "A.01091.1"):
        in_play(t, card)
        t.tokens[card] = {"power": 1}
    assert power_total(t, "A") == 2  # Ser Lancel (Knight) and Burned Men count; Ser Jaime (a Lord) does not


def test_a_card_put_face_down_on_arya_stark_is_her_duplicate() -> None:
    """probe28 14 (Arya Stark: "Reaction: After Arya Stark enters play, place the top card of your deck on her facedown
    as a duplicate."; Card.takes_facedown_duplicate; RR: Duplicates): a put_into_play of any card attached to her lies
    there as her duplicate (it saves her, and gives her the [military] icon of "While Arya Stark has a duplicate");
    on Eddard Stark, whose text places none, the same line is flagged."""
    from companion.rules.actions import PutIntoPlay, SaveWithDuplicate
    from companion.rules.values import has_icon
    t = make_table({"A": {"01141": 1, "01150": 2, "01144": 1}, "B": {}})
    in_play(t, "A.01141.1")
    in_play(t, "A.01144.1")
    assert not has_icon(t, "A.01141.1", "military")
    flagged_and_refused(t, PutIntoPlay("A", "A.01150.2", attach_to="A.01144.1"), "attach.target")
    legal(t, PutIntoPlay("A", "A.01150.1", attach_to="A.01141.1"))
    assert t.in_play["A.01150.1"].duplicate_of == "A.01141.1"
    assert has_icon(t, "A.01141.1", "military")
    legal(t, SaveWithDuplicate("A", "A.01150.1"))


def test_a_sacrificed_card_cannot_be_saved_and_is_not_killed() -> None:
    """probe28 19 (RR: Sacrifice: "A sacrificed card cannot be saved."; "Sacrificing a character is not considered
    killing the character."): Ice sacrificed after its duplicate was discarded to save it is flagged (sacrifice.saved)
    and goes to the discard pile all the same; a character sacrificed goes to the discard pile, not the dead pile; a
    player sacrifices only a card it controls (sacrifice.controller)."""
    from companion.rules.actions import Marshal, Sacrifice, SaveWithDuplicate
    from companion.rules.state import Zone
    t = make_table({"A": {"01144": 1, "01153": 2, "01150": 1}, "B": {"01091": 1}})
    in_play(t, "A.01144.1")
    in_play(t, "A.01150.1")
    in_play(t, "B.01091.1")
    hand(t, "A.01153.1", "A.01153.2")
    legal(t, Marshal("A", "A.01153.1", attach_to="A.01144.1"))
    legal(t, Marshal("A", "A.01153.2"))
    assert t.in_play["A.01153.2"].duplicate_of == "A.01153.1"
    legal(t, SaveWithDuplicate("A", "A.01153.2"))
    advisory = flagged_and_refused(t, Sacrifice("A", "A.01153.1"), "sacrifice.saved")
    assert advisory.zone_of("A.01153.1") is Zone.DISCARD
    flagged_and_refused(t, Sacrifice("A", "B.01091.1"), "sacrifice.controller")
    legal(t, Sacrifice("A", "A.01150.1"))
    assert t.zone_of("A.01150.1") is Zone.DISCARD


def test_one_limited_use_that_stands_several_characters_is_one_use() -> None:
    """aside32 17 (RR: Golden Rule; Robb Stark: "Reaction: After a [stark] character you control is sacrificed or
    killed, stand each character you control. (Limit once per round.)"): one use written as one `stand` line a
    character, one after another, is one use; a line naming Robb again later in the round is a second use
    (ability.limit), and so is the same character stood twice in a row."""
    from companion.rules.actions import Kneel, Stand
    robb, knight = "01146", "01150"
    t = make_table({"A": {}, "B": {robb: 1, knight: 2}}, phase="challenges")
    for card in (f"B.{robb}.1", f"B.{knight}.1", f"B.{knight}.2"):
        in_play(t, card)
        t.in_play[card].kneeling = True
    for card in (f"B.{robb}.1", f"B.{knight}.1", f"B.{knight}.2"):
        legal(t, Stand("B", card, source=f"B.{robb}.1"))
    again = t.clone()
    legal(again, Kneel("B", f"B.{knight}.1"))
    flagged_and_refused(again, Stand("B", f"B.{knight}.1", source=f"B.{robb}.1"), "ability.limit")
    twice = make_table({"A": {}, "B": {robb: 1, knight: 1}}, phase="challenges")
    in_play(twice, f"B.{robb}.1")
    in_play(twice, f"B.{knight}.1")
    twice.in_play[f"B.{knight}.1"].kneeling = True
    legal(twice, Stand("B", f"B.{knight}.1", source=f"B.{robb}.1"))
    flagged_and_refused(twice, Stand("B", f"B.{knight}.1", source=f"B.{robb}.1"), "ability.limit")


def test_one_limited_use_that_changes_two_values_of_one_character_is_one_use() -> None:
    """aside50 24 (RR: Golden Rule; Syrio Forel: "Challenges Action: Choose a character. Until the end of the phase,
    that character gains a [military] icon and stealth. (Limit once per phase.)"): one use written as two `modify`
    lines, one after the other, on one character is one use; the same value again at once, or another character
    later in the phase, is a second use (ability.limit)."""
    from companion.rules.actions import Modify
    syrio, fishmonger, kraken = "02037", "01070", "01074"
    t = make_table({"A": {syrio: 1, fishmonger: 1, kraken: 1}, "B": {}}, phase="challenges")
    for card in (f"A.{syrio}.1", f"A.{fishmonger}.1", f"A.{kraken}.1"):
        in_play(t, card)
    legal(t, Modify(player="A", stat="military_icon", amount=1, card=f"A.{fishmonger}.1", source=f"A.{syrio}.1"))
    repeat = t.clone()
    legal(t, Modify(player="A", stat="stealth", amount=1, card=f"A.{fishmonger}.1", source=f"A.{syrio}.1"))
    flagged_and_refused(repeat, Modify(player="A", stat="military_icon", amount=1, card=f"A.{fishmonger}.1",
                                       source=f"A.{syrio}.1"), "ability.limit")
    flagged_and_refused(t, Modify(player="A", stat="military_icon", amount=1, card=f"A.{kraken}.1",
                                  source=f"A.{syrio}.1"), "ability.limit")


def test_a_limited_draw_counts_its_uses_whether_the_line_names_the_card_or_counts_it() -> None:
    """aside53 02 (ability.limit; The Blackfish: "Reaction: After you win a [military] challenge as the attacking
    player, draw 1 card. (Limit once per phase.)"): a `draw` naming the card, then later in the phase a `draw_cards`
    naming The Blackfish again: a second use. A draw's lines one right after another are one use ("draw 2 cards")."""
    from companion.rules.actions import ApplyClaim, Draw, DrawCards, Renown
    from tests.tables import military_won_by_a
    t = make_table({"A": {"03004": 1, "01033": 3}, "B": {}}, phase="challenges")
    military_won_by_a(t, "A.03004.1")
    legal(t, ApplyClaim("B", cards=[]))
    legal(t, Draw("A", "A.01033.1", source="A.03004.1"))
    run = t.clone()
    legal(run, DrawCards("A", 1, source="A.03004.1"))  # the same draw's next card
    legal(t, Renown("A", ["A.03004.1"]))
    flagged_and_refused(t, DrawCards("A", 1, source="A.03004.1"), "ability.limit")


def test_power_gained_by_a_cards_ability_is_judged_as_its_source() -> None:
    """aside41 (a writer could not name The Wall as the source of its power): ``gain_power`` names the card whose
    ability gains it, and is judged as every source is. Great Kraken: "Reaction: After you win an unopposed challenge,
    either: draw 1 card, or gain 1 power for your faction. (Limit twice per round.)": twice after unopposed wins,
    then a third use in the round is flagged (ability.limit); the same line without a source is a plain card
    effect, not counted."""
    from companion.rules.actions import ChallengeResult, DeclareDefenders, GainPower, InitiateChallenge
    t = make_table({"A": {"01078": 1, "01072": 1, "01073": 1, "01075": 1}, "B": {"01033": 1}}, phase="challenges")
    for card in ("A.01078.1", "A.01072.1", "A.01073.1", "A.01075.1"):
        in_play(t, card)
    uses = []
    for kind, attacker in (("military", "A.01072.1"), ("power", "A.01073.1"), ("intrigue", "A.01075.1")):
        legal(t, InitiateChallenge("A", kind, "B", [attacker]))
        legal(t, DeclareDefenders("B", []))
        legal(t, ChallengeResult())
        uses.append(rules_of(check(t, GainPower("A", 1, source="A.01078.1"))))
        if len(uses) < 3:
            legal(t, GainPower("A", 1, source="A.01078.1"))
    assert uses[:2] == [[], []] and "ability.limit" in uses[2], uses
    legal(t, GainPower("A", 1))


def test_an_ability_limited_once_per_challenge_is_used_once_in_each() -> None:
    """aside52 39 (ability.limit): 1st edition Corrupt Contender "Challenges: Corrupt Contender gets +10 STR until the
    end of the challenge. … Limit once per challenge.": its +10 a second time in the same challenge is flagged; in
    the next challenge it is a use again."""
    from companion.rules.actions import ChallengeResult, DeclareDefenders, InitiateChallenge, Modify
    t = make_table({"A": {"soo_103": 1, "core_124": 1}, "B": {}}, edition="1e", phase="challenges")
    in_play(t, "A.soo_103.1")
    in_play(t, "A.core_124.1")
    t.first_player = t.active_player = "A"
    plus_ten = Modify("A", "str", 10, card="A.soo_103.1", until="challenge", source="A.soo_103.1")
    legal(t, InitiateChallenge("A", "intrigue", "B", ["A.soo_103.1"]))
    legal(t, plus_ten)
    flagged_and_refused(t, plus_ten, "ability.limit")
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, InitiateChallenge("A", "military", "B", ["A.core_124.1"]))
    legal(t, plus_ten)


def test_a_reaction_to_dominance_resolves_once_for_the_rounds_dominance() -> None:
    """ability.once-per-trigger (aside62 21): Gendry "Reaction: After you win dominance, Gendry gains 1 power. Forced
    Reaction: After an opponent wins dominance, …": dominance is determined once a round, so his power gained a second
    time for it is flagged; Storm's End "Reaction: After you win dominance, … choose 2 characters. Each of those
    characters gains 1 power.": one line a character is one use, the same character again a second."""
    from companion.catalog.importers import dominance_reactions
    from companion.rules.actions import GainPower, WinDominance

    gendry_text = ("<b>Reaction:</b> After you win dominance, Gendry gains 1 power.\n<b>Forced Reaction:</b> After an "
                   "opponent wins dominance, you may discard 1 power from Gendry.")
    other_text = "<b>Reaction:</b> After you win dominance, draw 1 card.\n<b>Action:</b> Kneel it to draw 1 card."
    for text, read in ((gendry_text, True), (other_text, False)):
        assert dominance_reactions(text, re.sub(r"<[^>]+>", "", text)) is read
    t = make_table({"A": {"02068": 1, "06008": 1, "01053": 2}, "B": {}}, phase="dominance")
    for card in ("A.02068.1", "A.06008.1", "A.01053.1", "A.01053.2"):
        in_play(t, card)
    legal(t, WinDominance("A"))
    gendry = GainPower("A", 1, card="A.02068.1", source="A.02068.1")
    legal(t, gendry)
    legal(t, GainPower("A", 1, card="A.01053.1", source="A.06008.1"))
    legal(t, GainPower("A", 1, card="A.01053.2", source="A.06008.1"))
    flagged_and_refused(t, gendry, "ability.once-per-trigger")
    flagged_and_refused(t, GainPower("A", 1, card="A.01053.1", source="A.06008.1"), "ability.once-per-trigger")
