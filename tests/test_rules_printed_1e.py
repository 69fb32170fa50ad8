"""1st edition printed sentences the round's checks read (1E Rules › Golden rule: card text overrides the rules),
found by a black-box probe (tests/scenarios/probe29): a plot's gold toll (Uneasy Truce, Calm Over Westeros), a
plot's STR change for characters without an icon (Hear Me Roar), and responses whose trigger is an attachment played
on the card (Sansa Stark) or a challenge declared against its controller (Moat Cailin)."""

from __future__ import annotations

import pytest

from companion.catalog.importers import gold_toll
from companion.catalog.store import Catalog
from companion.rules import check, play
from companion.rules.actions import (
    ApplyClaim,
    BeginPhase,
    BringOut,
    ChallengeResult,
    ChoosePlot,
    DeclareDefenders,
    DrawCards,
    GainGold,
    InitiateChallenge,
    Kill,
    Kneel,
    Marshal,
    Modify,
    PassTurn,
    PlayEvent,
    SetFirstPlayer,
    SpendGold,
    Stand,
    WinInitiative,
)
from companion.rules.editions import Table
from companion.rules.values import strength
from tests.tables import (
    after_plots,
    dead,
    flagged_and_refused,
    hand,
    in_play,
    legal,
    make_table,
    notes_of,
    rules_of,
    shadows,
)

#: Rains of Autumn (initiative 5); Pentoshi Guildmaster (every icon); Eddard Stark (military and power icons, STR 3).
PLAIN, GUILDMASTER, EDDARD = "core_184", "core_124", "core_5"
UNEASY_TRUCE, CALM_OVER_WESTEROS, HEAR_ME_ROAR = "core_183", "core_198", "core_192"
POWER_OF_ARMS = "core_200"  # a plot with no text the checks read
WINTER_IS_COMING = "core_156"  # an event of no cost, played in a challenge
DISTRACTION, TYRION = "core_155", "core_38"  # "Choose a character with a Military icon."; intrigue and power icons
SHAE = "core_178"  # "Kneel Shae to choose and kneel a character controlled by a player with more power than you."
SAVING_THE_KINGDOM = "06068"  # 2nd edition: "Choose and kneel a character with STR 3 or lower."


def round_table(b_plot: str, phase: str = "challenges", extra: dict[str, int] | None = None,
                factions: dict[str, str] | None = None) -> Table:
    """Alice revealed Rains of Autumn, Bob ``b_plot``; each has a Guildmaster and an Eddard Stark in play. Alice has
    initiative (a random pick's, where the plots tie) and goes first."""
    from companion.rules.values import initiative_tied

    decks = {seat: {PLAIN if seat == "A" else b_plot: 1, GUILDMASTER: 1, EDDARD: 1, **(extra or {})}
             for seat in ("A", "B")}
    t = make_table(decks, edition="1e", phase="plot", gold=0, factions=factions)
    legal(t, ChoosePlot("A", f"A.{PLAIN}.1"))
    legal(t, ChoosePlot("B", f"B.{b_plot}.1"))
    if len(initiative_tied(t)) > 1:
        legal(t, WinInitiative("A"))
    legal(t, SetFirstPlayer("A"))
    for seat in ("A", "B"):
        in_play(t, f"{seat}.{GUILDMASTER}.1")
        in_play(t, f"{seat}.{EDDARD}.1")
    return after_plots(t, phase)


def test_the_gold_toll_sentences_are_read() -> None:
    assert gold_toll("In order to initiate a Military challenge, an attacker must give the defender 2 gold tokens "
                     "from his or her gold pool") == ("military", "defender", 2)
    assert gold_toll("In order to play an event card, a player must give an opponent one gold token from his or "
                     "her gold pool") == ("event", "opponent", 1)
    assert gold_toll("In order to play an event card, you must kneel your faction card") is None


def test_rains_of_autumn_leaves_no_income_bonus_for_a_recorded_modifier() -> None:
    """gold.income-no-bonuses (aside48 37; Rains of Autumn: "Characters, locations, and attachments do not provide
    income bonuses this round."): Alice revealed it and controls Lannisport Steward ("[+2 Income]"); her income
    recorded with a +2 modifier is flagged, her income without one is legal (4, the plot's)."""
    from companion.rules.actions import CollectIncome
    t = round_table(UNEASY_TRUCE, phase="marshaling", extra={"core_52": 1})
    in_play(t, "A.core_52.1")
    t.players["A"].income_round = -1
    plain = t.clone()
    flagged_and_refused(t, CollectIncome("A", modifier=2), "gold.income-no-bonuses")
    legal(plain, CollectIncome("A"))
    assert plain.players["A"].gold == 4


def test_uneasy_truce_asks_2_gold_for_a_military_challenge() -> None:
    """plot.gold-toll: "In order to initiate a Military challenge, an attacker must give the defender 2 gold tokens
    from his or her gold pool." With 1 gold Alice cannot initiate one (a power challenge needs none); with 3 she
    does, and Bob gets the 2."""
    t = round_table(UNEASY_TRUCE)
    t.players["A"].gold = 1
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", [f"A.{EDDARD}.1"]), "plot.gold-toll")
    legal(t, InitiateChallenge("A", "power", "B", [f"A.{EDDARD}.1"]))
    assert (t.players["A"].gold, t.players["B"].gold) == (1, 0)
    u = round_table(UNEASY_TRUCE)
    u.players["A"].gold = 3
    legal(u, InitiateChallenge("A", "military", "B", [f"A.{EDDARD}.1"]))
    assert (u.players["A"].gold, u.players["B"].gold) == (1, 2)


def test_calm_over_westeros_asks_1_gold_for_an_event() -> None:
    """plot.gold-toll: "In order to play an event card, a player must give an opponent one gold token from his or
    her gold pool." Alice, with an empty pool, cannot play Winter is Coming; with 1 gold she does, and gives it."""
    t = round_table(CALM_OVER_WESTEROS, extra={WINTER_IS_COMING: 1})
    hand(t, f"A.{WINTER_IS_COMING}.1")
    legal(t, InitiateChallenge("A", "military", "B", [f"A.{EDDARD}.1"]))
    flagged_and_refused(t, PlayEvent("A", f"A.{WINTER_IS_COMING}.1"), "plot.gold-toll")
    t.players["A"].gold = 1
    legal(t, PlayEvent("A", f"A.{WINTER_IS_COMING}.1"))
    assert (t.players["A"].gold, t.players["B"].gold) == (0, 1)


def test_winter_is_coming_after_the_result_raises_the_claim_still_to_apply() -> None:
    """claim.count (aside59 39): 1st edition Winter is Coming "Challenges: Raise the Claim value on each House Stark
    player's revealed plot card by 1 for the duration of the challenge." played after the challenge is won and
    before its claim (1st edition has no action windows to wait for) raises it: Bob kills 2 for Rains of Autumn's
    claim of 1; killing 1 is flagged."""
    from companion.rules.actions import ApplyClaim

    t = round_table(POWER_OF_ARMS, extra={WINTER_IS_COMING: 2}, factions={"A": "stark", "B": "lannister"})
    hand(t, f"A.{WINTER_IS_COMING}.1", f"A.{WINTER_IS_COMING}.2")
    t.players["A"].gold = 0
    legal(t, InitiateChallenge("A", "military", "B", [f"A.{EDDARD}.1", f"A.{GUILDMASTER}.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, PlayEvent("A", f"A.{WINTER_IS_COMING}.1"))
    flagged_and_refused(t, ApplyClaim("B", [f"B.{EDDARD}.1"]), "claim.count")
    legal(t, ApplyClaim("B", [f"B.{EDDARD}.1", f"B.{GUILDMASTER}.1"]))
    assert t.challenges[-1].claim == 2


def test_a_toll_written_out_as_two_lines_is_not_asked_again() -> None:
    """plot.gold-toll: the gift written as Alice's ``spend_gold`` and Bob's ``gain_gold`` just before the event is its
    toll (not a second one): with 2 gold she gives 1 and plays, keeping 1. A gift lines earlier is not the toll, and
    with the written gift spent, the toll is asked of an empty pool."""
    t = round_table(CALM_OVER_WESTEROS, extra={WINTER_IS_COMING: 2})
    hand(t, f"A.{WINTER_IS_COMING}.1")
    hand(t, f"A.{WINTER_IS_COMING}.2")
    legal(t, InitiateChallenge("A", "military", "B", [f"A.{EDDARD}.1"]))
    t.players["A"].gold = 2
    legal(t, SpendGold("A", 1))
    legal(t, GainGold("B", 1))
    legal(t, PlayEvent("A", f"A.{WINTER_IS_COMING}.1"))
    assert (t.players["A"].gold, t.players["B"].gold) == (1, 1)
    legal(t, SpendGold("A", 1))
    legal(t, GainGold("B", 1))
    legal(t, DeclareDefenders("B", []))
    flagged_and_refused(t, PlayEvent("A", f"A.{WINTER_IS_COMING}.2"), "plot.gold-toll")


def test_shae_kneels_a_character_of_a_player_with_more_power() -> None:
    """ability.target (RR: Targeting; aside34 30): Shae: "Challenges: Kneel Shae to choose and kneel a character
    controlled by a player with more power than you." With the power tied, kneeling Bob's Eddard Stark by her is
    flagged; once Bob has more power it is legal. Her own kneel is the cost, not a choice."""
    from companion.catalog.importers import targets
    from companion.rules.actions import GainPower, Kneel

    assert targets("Challenges: Kneel Shae to choose and kneel a character controlled by a player with more power "
                   "than you.", "Shae")[0][8] == "more_power"
    t = round_table(POWER_OF_ARMS, extra={SHAE: 1})
    in_play(t, f"A.{SHAE}.1")
    legal(t, Kneel("A", f"A.{SHAE}.1", source=f"A.{SHAE}.1"))
    flagged_and_refused(t, Kneel("A", f"B.{EDDARD}.1", source=f"A.{SHAE}.1"), "ability.target")
    legal(t, GainPower("B", 1))
    legal(t, Kneel("A", f"B.{EDDARD}.1", source=f"A.{SHAE}.1"))


def test_an_ability_chooses_only_a_character_its_words_name() -> None:
    """ability.target (RR: Targeting; aside31 30): Distraction: "Choose a character with a Military icon. Kneel that
    character." Kneeling Tyrion Lannister (intrigue and power icons) with it is flagged, the Guildmaster (every icon)
    is not; 2nd edition Saving the Kingdom ("Choose and kneel a character with STR 3 or lower.") kneels no STR 4
    character. The card's own kneeling is not a choice of it."""
    from companion.catalog.importers import chooses_with
    from companion.rules.actions import Kneel

    assert chooses_with("Marshalling: Choose a character with a Military icon. Kneel that character.") == (
        "icon", "military", 1)
    assert chooses_with("Any phase: Kneel Grey Wind to choose and kill 1 character with STR 1 or lower. (STR 2 or "
                        "lower if attached character is Robb Stark.)") is None
    t = round_table(POWER_OF_ARMS, extra={DISTRACTION: 1, TYRION: 1})
    hand(t, f"A.{DISTRACTION}.1")
    in_play(t, f"A.{TYRION}.1")
    flagged_and_refused(t, Kneel("B", f"A.{TYRION}.1", source=f"A.{DISTRACTION}.1"), "ability.target")
    legal(t, Kneel("B", f"B.{GUILDMASTER}.1", source=f"A.{DISTRACTION}.1"))
    u = make_table({"A": {SAVING_THE_KINGDOM: 1, "01089": 1, "01091": 1}, "B": {}}, phase="challenges")
    hand(u, f"A.{SAVING_THE_KINGDOM}.1")
    in_play(u, "A.01089.1")  # Tyrion Lannister, STR 4
    in_play(u, "A.01091.1")  # Burned Men, STR 2
    strength_of = {c: strength(u, c) for c in ("A.01089.1", "A.01091.1")}
    assert strength_of["A.01089.1"] > 3 >= strength_of["A.01091.1"], strength_of
    flagged_and_refused(u, Kneel("A", "A.01089.1", source=f"A.{SAVING_THE_KINGDOM}.1"), "ability.target")
    legal(u, Kneel("A", "A.01091.1", source=f"A.{SAVING_THE_KINGDOM}.1"))


def test_a_card_returns_from_the_dead_pile_only_with_enough_characters_there() -> None:
    """ability.dead-pile (aside31 24): Trident Reinforcements: "Return Trident Reinforcements from your dead pile to
    your hand. Use this ability if there are at least 3 characters in your dead pile." With it alone there: flagged;
    with two more characters there (it counts itself): legal. Another card's effect named as the source is not
    judged by its text."""
    from companion.rules.actions import ReturnToHand

    trident = "core_22"
    t = make_table({"A": {trident: 1, GUILDMASTER: 2, EDDARD: 1}, "B": {}}, edition="1e", phase="dominance")
    dead(t, f"A.{trident}.1")
    flagged_and_refused(t, ReturnToHand("A", f"A.{trident}.1"), "ability.dead-pile")
    flagged_and_refused(t, ReturnToHand("A", f"A.{trident}.1", source=f"A.{trident}.1"), "ability.dead-pile")
    legal(t.clone(), ReturnToHand("A", f"A.{trident}.1", source=f"A.{EDDARD}.1"))
    dead(t, f"A.{GUILDMASTER}.1", f"A.{GUILDMASTER}.2")
    legal(t, ReturnToHand("A", f"A.{trident}.1"))


def test_hear_me_roar_takes_1_str_from_characters_without_an_intrigue_icon() -> None:
    """"Characters without an Intrigue icon get -1 STR." (Bob's revealed plot): Eddard Stark (military, power) counts
    2, anyone's; the Guildmaster (every icon) keeps its STR; Eddard wins no tie against a STR 3 defender."""
    t = round_table(HEAR_ME_ROAR)
    u = round_table(POWER_OF_ARMS)
    assert strength(t, f"A.{EDDARD}.1") == strength(u, f"A.{EDDARD}.1") - 1
    assert strength(t, f"B.{EDDARD}.1") == strength(u, f"B.{EDDARD}.1") - 1
    assert strength(t, f"A.{GUILDMASTER}.1") == strength(u, f"A.{GUILDMASTER}.1")
    legal(t, InitiateChallenge("A", "power", "B", [f"A.{EDDARD}.1"]))
    legal(t, DeclareDefenders("B", []))


def test_sansa_draws_only_after_an_attachment_is_played_on_her() -> None:
    """ability.reaction-trigger (probe29 18): "Response: After a player plays an attachment on Sansa Stark, that
    player may draw a card." Named as a draw's source before Lordship is played on her, flagged; after, once."""
    assert Catalog.open().card("core_9").reacts_to == ("attached_self", "", 0, "")
    t = make_table({"A": {"core_9": 1, "core_140": 1, "core_19": 3}, "B": {}}, edition="1e", phase="marshaling",
                   gold=5)
    in_play(t, "A.core_9.1")
    hand(t, "A.core_140.1")
    flagged_and_refused(t, DrawCards("A", 1, source="A.core_9.1"), "ability.reaction-trigger")
    legal(t, Marshal("A", "A.core_140.1", attach_to="A.core_9.1"))
    legal(t, DrawCards("A", 1, source="A.core_9.1"))
    flagged_and_refused(t, DrawCards("A", 1, source="A.core_9.1"), "ability.reaction-trigger")  # once for it


def test_moat_cailin_comes_out_only_after_a_challenge_is_declared_against_its_controller() -> None:
    """ability.reaction-trigger (probe29 12): "Response: After a challenge is declared against you, bring Moat Cailin
    out of shadows." In the challenges phase before Bob's challenge, flagged; right after it is declared, legal."""
    assert Catalog.open().card("kr_50").reacts_to == ("challenge_against", "", 0, "")
    t = round_table(POWER_OF_ARMS, extra={"kr_50": 1})
    t.players["A"].gold = 2
    shadows(t, "A.kr_50.1")
    flagged_and_refused(t, BringOut("A", "A.kr_50.1", source="A.kr_50.1"), "ability.reaction-trigger")
    legal(t, PassTurn("A"))
    legal(t, InitiateChallenge("B", "power", "A", [f"B.{EDDARD}.1"]))
    assert "ability.reaction-trigger" not in rules_of(play(t.clone(), BringOut("A", "A.kr_50.1", source="A.kr_50.1")))
    legal(t, BringOut("A", "A.kr_50.1", source="A.kr_50.1"))


def test_golden_tooth_mines_draws_as_its_controllers_plot_is_revealed() -> None:
    """ability.reaction-trigger (probe29 17): "Each time you reveal a plot card, draw a card." Bob draws by it in the
    plot phase, once; a second draw by it, or one in the marshalling phase, is flagged."""
    assert Catalog.open().card("core_57").reacts_to == ("reveal_plot", "", 0, "")
    decks = {"A": {PLAIN: 1, "core_19": 5}, "B": {POWER_OF_ARMS: 1, "core_57": 1, "core_19": 5}}
    t = make_table(decks, edition="1e", phase="plot", gold=0)
    in_play(t, "B.core_57.1")
    legal(t, ChoosePlot("A", f"A.{PLAIN}.1"))
    legal(t, ChoosePlot("B", f"B.{POWER_OF_ARMS}.1"))
    legal(t, DrawCards("B", 1, source="B.core_57.1"))
    flagged_and_refused(t, DrawCards("B", 1, source="B.core_57.1"), "ability.reaction-trigger")
    legal(t, SetFirstPlayer("A"))
    legal(t, BeginPhase("draw"))
    legal(t, BeginPhase("marshaling"))
    flagged_and_refused(t, DrawCards("B", 1, source="B.core_57.1"), "ability.reaction-trigger")


def test_a_response_that_asks_its_player_to_control_a_kind_of_card() -> None:
    """ability.reaction-trigger (aside62 37): Victarion Greyjoy "Response: After you reveal a plot card, Victarion
    Greyjoy claims 1 power if you control a Warship location.": his power after Alice's plot is revealed is flagged
    while she controls no Warship location (the message names it), legal once Scouting Vessel (Warship) is hers."""
    from companion.rules.actions import GainPower

    assert Catalog.open().card("kotse_5").react_if_control == ("", False, False, ("Warship",), ("location",))
    for warship in (False, True):
        t = make_table({"A": {PLAIN: 1, "kotse_5": 1, "kotse_29": 1}, "B": {POWER_OF_ARMS: 1}}, edition="1e",
                       phase="plot", gold=0)
        in_play(t, "A.kotse_5.1")
        if warship:
            in_play(t, "A.kotse_29.1")
        legal(t, ChoosePlot("A", f"A.{PLAIN}.1"))
        legal(t, ChoosePlot("B", f"B.{POWER_OF_ARMS}.1"))
        claim = GainPower("A", 1, card="A.kotse_5.1", source="A.kotse_5.1")
        if warship:
            legal(t, claim)
        else:
            v = check(t, claim)
            assert rules_of(v) == ["ability.reaction-trigger"]
            assert "if you control a Warship location" in v.violations[0].text()


def test_an_ability_draws_the_number_its_text_prints() -> None:
    """draw.printed-count (aside54 35): Ser Jaime Lannister "Response: After a card comes out of shadows, draw 1
    card. (Draw 3 cards instead if you control 3 or more Kingsguard characters.)": a draw of 2 naming him is flagged,
    1 or 3 is not (which applies, the log does not say); 4 is flagged."""
    assert Catalog.open().card("kr_54").draw_count == ((1, 3), 0, "")
    t = make_table({"A": {"kr_54": 1, "core_19": 5}, "B": {}}, edition="1e", phase="challenges")
    in_play(t, "A.kr_54.1")
    for count, flagged in ((1, False), (2, True), (3, False), (4, True)):
        assert ("draw.printed-count" in rules_of(check(t, DrawCards("A", count, source="A.kr_54.1")))) == flagged


def test_a_return_to_shadows_names_its_ability_and_counts_its_limit() -> None:
    """ability.limit (aside54 38): Ser Preston Greenfield "Any Phase: Return a Kingsguard or Queensguard character you
    control to shadows. (Limit once per round.)": a `put_into_shadows` naming him as its source returns Ser Jaime
    (legal); a second one the same round, returning Ser Preston himself, is flagged."""
    from companion.rules.actions import PutIntoShadows

    t = make_table({"A": {"kr_57": 1, "kr_54": 1}, "B": {}}, edition="1e", phase="challenges")
    in_play(t, "A.kr_57.1")
    in_play(t, "A.kr_54.1")
    legal(t, PutIntoShadows("A", "A.kr_54.1", source="A.kr_57.1"))
    flagged_and_refused(t, PutIntoShadows("A", "A.kr_57.1", source="A.kr_57.1"), "ability.limit")


def test_a_kneel_cost_on_the_card_itself_and_its_kneel_effect_are_one_use() -> None:
    """ability.limit (aside62 35): Ser Jaime Lannister "Challenges: Kneel Ser Jaime Lannister to choose and kneel 1
    non-Army character controlled by an opponent. … (Limit once per phase.)": his own kneel (the cost) and the
    Acolyte's kneel right after it, both naming him as source, are one use (legal; flagged before); stood again, a
    second use in the phase is flagged."""
    t = make_table({"A": {"atoc_4": 1}, "B": {"dotn_65": 2}}, edition="1e", phase="challenges")
    for card in ("A.atoc_4.1", "B.dotn_65.1", "B.dotn_65.2"):
        in_play(t, card)
    legal(t, Kneel("A", "A.atoc_4.1", source="A.atoc_4.1"))
    legal(t, Kneel("A", "B.dotn_65.1", source="A.atoc_4.1"))
    legal(t, Stand("A", "A.atoc_4.1"))
    flagged_and_refused(t, Kneel("A", "A.atoc_4.1", source="A.atoc_4.1"), "ability.limit")


def test_a_then_that_asks_more_power_on_the_card_than_the_chosen_characters_str() -> None:
    """ability.then-power (aside62 35): Ser Jaime Lannister "… choose and kneel 1 non-Army character controlled by an
    opponent. Then, if Ser Jaime Lannister has more power on him than that character has STR, discard that character
    from play.": with no power on him, his discard of the knelt Acolyte of the Flame (STR 2) is flagged; with 3
    power on him, legal."""
    from companion.rules.actions import Discard

    for power in (0, 3):
        t = make_table({"A": {"atoc_4": 1}, "B": {"dotn_65": 1}}, edition="1e", phase="challenges")
        in_play(t, "A.atoc_4.1")
        in_play(t, "B.dotn_65.1")
        if power:
            t.tokens.setdefault("A.atoc_4.1", {})["power"] = power
        legal(t, Kneel("A", "A.atoc_4.1", source="A.atoc_4.1"))
        legal(t, Kneel("A", "B.dotn_65.1", source="A.atoc_4.1"))
        discard = Discard("A", "B.dotn_65.1", source="A.atoc_4.1")
        if power:
            legal(t, discard)
        else:
            flagged_and_refused(t, discard, "ability.then-power")


def test_a_response_to_a_card_coming_out_of_shadows_answers_each_card_once() -> None:
    """ability.reaction-trigger (aside54 34): Ser Arys Oakheart "Response: After a card comes out of shadows, choose
    and stand 1 character you control. (Limit 3 times per phase.)": before any card came out his stand is flagged;
    after Shadowcat comes out, one stand is legal and a second for the same card is flagged. Read for 24 printings
    ("After a card you control comes out of shadows during the challenges phase": Cersei Lannister)."""
    assert Catalog.open().card("kr_58").reacts_to == ("out_of_shadows_any", "", 0, "")
    assert Catalog.open().card("11109").reacts_to == ("out_of_shadows_any", "challenges", 0, "own")
    t = make_table({"A": {"kr_58": 1, "kotse_43": 1, "core_52": 1}, "B": {}}, edition="1e", phase="dominance",
                   gold=5)
    for card in ("A.kr_58.1", "A.core_52.1"):
        in_play(t, card)
        t.in_play[card].kneeling = True
    shadows(t, "A.kotse_43.1")
    flagged_and_refused(t, Stand("A", "A.kr_58.1", source="A.kr_58.1"), "ability.reaction-trigger")
    legal(t, BringOut("A", "A.kotse_43.1"))
    legal(t, Stand("A", "A.kr_58.1", source="A.kr_58.1"))
    flagged_and_refused(t, Stand("A", "A.core_52.1", source="A.kr_58.1"), "ability.reaction-trigger")


def test_gold_on_tywin_lannister_is_spent_as_if_it_were_in_the_pool() -> None:
    """gold.insufficient (probe29 06): "You may spend gold tokens on Tywin Lannister as if they are in your gold pool."
    3 gold in Alice's pool and 2 on Tywin pay for Littlefinger (5), the pool first; without Tywin's gold, flagged."""
    assert Catalog.open().card("core_40").gold_spendable == ("self", "")
    t = make_table({"A": {"core_40": 1, "core_141": 1}, "B": {}}, edition="1e", phase="marshaling", gold=3,
                   factions={"A": "lannister"})
    in_play(t, "A.core_40.1")
    hand(t, "A.core_141.1")
    flagged_and_refused(t, Marshal("A", "A.core_141.1"), "gold.insufficient")
    t.tokens["A.core_40.1"] = {"gold": 2}
    legal(t, Marshal("A", "A.core_141.1"))
    assert t.players["A"].gold == 0 and t.tokens_on("A.core_40.1").get("gold", 0) == 0


def test_the_sparr_lowers_each_opponents_income_and_initiative() -> None:
    """gold.income-amount (aside61 38): The Sparr (atoc_107) "Melee. Lower the income and initiative on each opponent's
    revealed plot card by 1." ("lower" and "raise" are the 1st edition's words for the 2nd edition's "reduce" and
    "increase"): while Bob controls it, Alice's Mutual Cause gives 1 gold and 1 initiative less, his own plot none;
    her income written at the printed value is flagged."""
    from companion.rules.actions import CollectIncome
    from companion.rules.values import income, plot_value
    from tests.test_printed_abilities import plots

    card, other = Catalog.open().card("core_182"), Catalog.open().card(POWER_OF_ARMS)  # 3 gold 3 initiative; 3, 1
    assert Catalog.open().card("atoc_107").plot_values == (("income", "opponents", -1, "", "", 0),
                                                           ("initiative", "opponents", -1, "", "", 0))
    t = plots("1e", "core_182", POWER_OF_ARMS, {}, {"atoc_107": 1}, income_taken=False)
    in_play(t, "B.atoc_107.1")
    assert (income(t, "A"), plot_value(t, "A", "initiative")) == (card.income - 1, card.initiative - 1)
    assert (income(t, "B"), plot_value(t, "B", "initiative")) == (other.income, other.initiative)
    flagged_and_refused(t.clone(), CollectIncome("A", amount=card.income), "gold.income-amount")
    legal(t, CollectIncome("A", amount=card.income - 1))


def test_knights_of_the_realm_changes_the_draw_phase_draw_by_the_knights_controlled() -> None:
    """draw.count (probe29 22): "While you control more Knight characters than each other player, draw 1 additional
    card in the draw phase. While you control fewer …, draw 1 fewer card …" (Alice's agenda)."""
    from companion.rules.state import Zone
    from companion.rules.values import draw_phase_cards

    knight, lord_knight = "core_18", "core_37"  # Knight of the Tumblestone; Ser Jaime Lannister (Lord, Knight)
    t = make_table({"A": {"kotst_39": 1, knight: 2, "core_19": 5}, "B": {lord_knight: 1, "core_19": 5}},
                   edition="1e", phase="draw")
    t.move("A.kotst_39.1", "A", Zone.AGENDA)
    in_play(t, f"B.{lord_knight}.1")
    assert draw_phase_cards(t, "A") == 1  # fewer Knights than Bob
    in_play(t, f"A.{knight}.1")
    assert draw_phase_cards(t, "A") == 2  # as many
    in_play(t, f"A.{knight}.2")
    assert (draw_phase_cards(t, "A"), draw_phase_cards(t, "B")) == (3, 2)  # more: Alice's alone
    flagged_and_refused(t, DrawCards("A", 2), "draw.count")
    legal(t, DrawCards("A", 3))


def test_the_siege_of_winterfell_gives_house_power_only_in_a_military_challenge() -> None:
    """power.house-barred (probe29 23): "You cannot claim power for your House except during a [Military]
    challenge." (Alice's agenda): no unopposed bonus in a power challenge, a recorded power gain there flagged; in a
    military challenge the unopposed bonus is gained."""
    from companion.rules.actions import ChallengeResult, GainPower
    from companion.rules.state import Zone

    assert Catalog.open().card("low_48").house_power_only_in == "military"
    t = round_table(POWER_OF_ARMS, extra={"low_48": 1})
    t.move("A.low_48.1", "A", Zone.AGENDA)
    legal(t, InitiateChallenge("A", "power", "B", [f"A.{EDDARD}.1"]))
    legal(t, DeclareDefenders("B", []))
    v = legal(t, ChallengeResult("A"))
    assert "house-power-barred" in notes_of(v) and "unopposed-power" not in notes_of(v)
    assert t.players["A"].power == 0
    flagged_and_refused(t, GainPower("A", 1), "power.house-barred")
    legal(t, InitiateChallenge("A", "military", "B", [f"A.{GUILDMASTER}.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult("A"))
    assert t.players["A"].power == 1
    legal(t, GainPower("A", 2))  # its response: "After you win a [Military] challenge, claim 2 power …"


def test_the_siege_of_winterfell_bars_a_power_claim_outside_a_military_challenge() -> None:
    """power.house-barred (aside56 35): The Siege of Winterfell "You cannot claim power for your House except during a
    [Military] challenge.": Alice's power claim against Bob, who has power, is flagged; the claim is then not due, so
    her turn may pass without it."""
    from companion.rules.actions import ApplyClaim, ChallengeResult
    from companion.rules.state import Zone

    t = round_table(POWER_OF_ARMS, extra={"low_48": 1})
    t.move("A.low_48.1", "A", Zone.AGENDA)
    t.players["B"].power = 2
    legal(t, InitiateChallenge("A", "power", "B", [f"A.{EDDARD}.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult("A"))
    flagged_and_refused(t, ApplyClaim("B"), "power.house-barred")
    legal(t, PassTurn("A"))


def test_the_white_books_power_follows_a_defence_won() -> None:
    """ability.reaction-trigger (aside56 39): The White Book "If you control at least 1 Kingsguard character, claim 1
    power for your House each time you successfully defend a challenge.": read as a reaction to a challenge won as
    the defender; Alice's power naming it after a challenge she lost as the defender is flagged."""
    from companion.rules.actions import ApplyClaim, GainPower
    from companion.rules.state import Zone

    assert Catalog.open().card("kl_79").reacts_to == ("win_challenge", "", 0, "defender")
    t = round_table(POWER_OF_ARMS, extra={"kl_79": 1})
    t.move("A.kl_79.1", "A", Zone.AGENDA)
    legal(t, PassTurn("A"))
    legal(t, InitiateChallenge("B", "power", "A", [f"B.{EDDARD}.1"]))
    legal(t, DeclareDefenders("A", []))
    legal(t, ChallengeResult("B"))
    legal(t, ApplyClaim("A"))
    flagged_and_refused(t, GainPower("A", 1, source="A.kl_79.1"), "ability.reaction-trigger")


def test_city_of_shadows_lets_a_shadow_crest_card_of_another_house_be_played() -> None:
    """card.house-only (probe29 25): City of Shadows (Bob's agenda) "You may ignore the "House X only" deckbuilding
    restriction on any card with the Shadow crest. Whenever you bring any card with a "House X only" restriction
    that does not match your House card out of Shadows, pay 1 additional gold." Bob, House Lannister, plays Arya
    Stark (House Stark only, Shadow crest) into Shadows; without the agenda, flagged; out of Shadows 1 gold more."""
    from companion.rules.actions import MarshalIntoShadows
    from companion.rules.state import Zone

    decks = {"A": {"core_19": 1}, "B": {"kl_20": 1, "kl_1": 2}}
    t = make_table(decks, edition="1e", phase="marshaling", gold=10, factions={"A": "stark", "B": "lannister"})
    legal(t, PassTurn("A"))
    hand(t, "B.kl_1.1", "B.kl_1.2")
    assert t.zone_of("B.kl_20.1") is Zone.AGENDA
    with_agenda = BringOut("B", "B.kl_1.2").expected_cost(t)
    legal(t.clone(), MarshalIntoShadows("B", "B.kl_1.1"))
    t.move("B.kl_20.1", "B", Zone.DECK)
    flagged_and_refused(t, MarshalIntoShadows("B", "B.kl_1.1"), "card.house-only")
    assert BringOut("B", "B.kl_1.2").expected_cost(t) == with_agenda - 1


def test_alliance_lets_a_cost_be_paid_without_the_out_of_house_penalty() -> None:
    """marshal.cost-reduced (probe29 26): Alliance "Before drawing your setup hand, name a House. Ignore the
    out-of-House gold penalty to place or play cards from that House." The House named is not recorded: Alice (House
    Lannister) marshalling Knight of the Tumblestone (House Stark, 2) for 2 stands; without the agenda, flagged."""
    from companion.rules.state import Zone

    assert Catalog.open().card("qod_47").penalty_waived == "named"
    t = round_table(POWER_OF_ARMS, phase="marshaling", extra={"qod_47": 1, "core_18": 1},
                    factions={"A": "lannister", "B": "stark"})
    t.players["A"].gold = 5
    hand(t, "A.core_18.1")
    assert t.zone_of("A.qod_47.1") is Zone.AGENDA
    legal(t.clone(), Marshal("A", "A.core_18.1", cost=2))
    t.move("A.qod_47.1", "A", Zone.DECK)
    flagged_and_refused(t, Marshal("A", "A.core_18.1", cost=2), "marshal.cost-reduced")


def test_a_shadow_crest_event_played_from_hand_costs_no_gold_the_log_does_not_name() -> None:
    """shadows.crest-marshal-1e, gold.insufficient (aside28 39): A Fistful of Coppers (Shadow crest, "s0") played
    from hand is flagged; the advisory table let it go, and nothing is printed to pay for it from hand (the insert's
    "2 + s" is its printed cost for card effects only): the pool keeps its gold for what comes next."""
    t = round_table(POWER_OF_ARMS, phase="marshaling", extra={"kl_26": 1}, factions={"A": "lannister", "B": "stark"})
    t.players["A"].gold = 4
    hand(t, "A.kl_26.1")
    v = play(t, PlayEvent("A", "A.kl_26.1"))
    assert rules_of(v) == ["shadows.crest-marshal-1e"] and v.applied
    assert t.players["A"].gold == 4


def test_alliance_with_its_named_house_recorded_waives_that_houses_penalty_only() -> None:
    """marshal.cost-reduced: the header's `agenda_house` records the House Alliance named. Named Stark, Alice (House
    Lannister) marshals Knight of the Tumblestone (Stark, 2) for 2 with no penalty to pay; named Baratheon, the Stark
    knight costs 2 + 2 and 2 is flagged."""
    from companion.rules.log import parse_header
    from companion.rules.state import Phase

    decks = {"A": {PLAIN: 1, "qod_47": 1, "core_18": 2}, "B": {POWER_OF_ARMS: 1}}
    for named, flagged in (("stark", False), ("baratheon", True)):
        header = {"format": "agot-table-log", "version": 1, "edition": "1e", "players": [
            {"seat": "A", "faction": "lannister", "deck": decks["A"], "agenda_house": named},
            {"seat": "B", "faction": "stark", "deck": decks["B"]}]}
        h = parse_header(header)
        assert h.to_dict()["players"][0]["agenda_house"] == named
        t = h.new_table(Catalog.open().cards(h.codes()))
        assert t.players["A"].agenda_house == named
        t.phase = Phase.MARSHALING
        t.round, t.active_player = 1, "A"
        t.players["A"].gold, t.players["A"].income_round = 5, 1
        hand(t, "A.core_18.1")
        if flagged:
            flagged_and_refused(t, Marshal("A", "A.core_18.1", cost=2), "marshal.cost-reduced")
            legal(t, Marshal("A", "A.core_18.1"))
            assert t.players["A"].gold == 1  # 2 and the out-of-House 2
        else:
            legal(t, Marshal("A", "A.core_18.1"))
            assert t.players["A"].gold == 3  # no penalty for the named House


def test_house_tully_recruiter_lowers_the_next_stark_characters_cost_when_knelt() -> None:
    """marshal.cost-reduced (aside29 34): House Tully Recruiter "Marshalling: Kneel to lower the cost of the next House
    Stark character you play this phase by 1." Knelt, Trident Reinforcements (3) for 2 stands; standing, it is
    flagged."""
    from companion.rules.actions import Kneel

    assert Catalog.open().card("core_21").reduces_by_kneeling
    t = round_table(POWER_OF_ARMS, phase="marshaling", extra={"core_21": 1, "core_22": 1},
                    factions={"A": "stark", "B": "lannister"})
    t.players["A"].gold = 5
    in_play(t, "A.core_21.1")
    hand(t, "A.core_22.1")
    flagged_and_refused(t, Marshal("A", "A.core_22.1", cost=2), "marshal.cost-reduced")
    legal(t, Kneel("A", "A.core_21.1"))
    legal(t, Marshal("A", "A.core_22.1", cost=2))
    assert t.players["A"].gold == 3


def test_power_and_wealth_gives_each_character_1_str_for_each_attachment_on_it() -> None:
    """challenge.winner (aside29 37): Power and Wealth "Each character you control gets +1 STR for each attachment on
    it." Bob revealed it: his Eddard Stark with Gilded Plate on him counts 1 more; Alice's, with one too, does not;
    under another plot neither does."""
    t = round_table("core_204", extra={"core_35": 2})
    u = round_table(POWER_OF_ARMS, extra={"core_35": 2})
    for table in (t, u):
        in_play(table, "A.core_35.1", attached_to=f"A.{EDDARD}.1")
        in_play(table, "B.core_35.1", attached_to=f"B.{EDDARD}.1")
    assert strength(t, f"B.{EDDARD}.1") == strength(u, f"B.{EDDARD}.1") + 1
    assert strength(t, f"A.{EDDARD}.1") == strength(u, f"A.{EDDARD}.1")
    assert strength(t, f"B.{GUILDMASTER}.1") == strength(u, f"B.{GUILDMASTER}.1")


def test_bran_stark_reveals_a_new_plot_card() -> None:
    """plot.once-per-round (probe29 07): Bran Stark "Plot: Kneel Bran Stark to choose and reveal a new plot card."
    With Bran in play Alice reveals Rains of Autumn over Snowed Under (named as the source or not) and then wins
    initiative; without him, a second reveal is flagged."""
    from companion.rules.actions import Kneel, RevealPlot
    from companion.rules.values import initiative_winner

    assert Catalog.open().card("core_13").reveals_new_plot == "self"
    snowed_under = "core_199"
    decks = {"A": {snowed_under: 1, PLAIN: 1, "core_13": 1, "core_19": 3}, "B": {POWER_OF_ARMS: 1, "core_19": 3}}
    t = make_table(decks, edition="1e", phase="plot", gold=0)
    legal(t, ChoosePlot("A", f"A.{snowed_under}.1"))
    legal(t, ChoosePlot("B", f"B.{POWER_OF_ARMS}.1"))
    flagged_and_refused(t, RevealPlot("A", f"A.{PLAIN}.1"), "plot.once-per-round")
    in_play(t, "A.core_13.1")
    legal(t.clone(), RevealPlot("A", f"A.{PLAIN}.1", source="A.core_13.1"))
    legal(t, Kneel("A", "A.core_13.1"))
    legal(t, RevealPlot("A", f"A.{PLAIN}.1"))
    assert initiative_winner(t) == "A"
    legal(t, SetFirstPlayer("A"))


def test_bran_stark_ability_limit_three_new_plots_a_round() -> None:
    """ability.limit: Bran Stark "Plot: Kneel Bran Stark to choose and reveal a new plot card. (Limit 3 times per
    round.)" Three new plots naming him as the source are legal; a fourth that round is flagged; the next round he
    may again."""
    from companion.rules.actions import RevealPlot

    assert (Catalog.open().card("core_13").play_max, Catalog.open().card("core_13").play_max_per) == (3, "round")
    plots = ["core_199", PLAIN, "core_181", "core_189", "core_190", "core_186"]
    t = make_table({"A": {**dict.fromkeys(plots, 1), "core_13": 1}, "B": {POWER_OF_ARMS: 1}}, edition="1e",
                   phase="plot", gold=0)
    in_play(t, "A.core_13.1")
    legal(t, ChoosePlot("A", f"A.{plots[0]}.1"))
    legal(t, ChoosePlot("B", f"B.{POWER_OF_ARMS}.1"))
    for plot in plots[1:3]:
        legal(t, RevealPlot("A", f"A.{plot}.1", source="A.core_13.1"))
    legal(t, RevealPlot("A", f"A.{plots[3]}.1"))  # no card named: Bran is the one that reveals new plots
    flagged_and_refused(t, RevealPlot("A", f"A.{plots[4]}.1", source="A.core_13.1"), "ability.limit")
    flagged_and_refused(t, RevealPlot("A", f"A.{plots[4]}.1"), "ability.limit")
    t.round += 1
    legal(t, RevealPlot("A", f"A.{plots[4]}.1", source="A.core_13.1"))


def test_the_power_of_faith_gives_holy_characters_a_military_icon_and_attacking_without_kneeling() -> None:
    """aside8 36: The Power of Faith: "[Holy] characters you control gain a [Military] icon and do not kneel to
    attack." Bob's Selyse Baratheon (Holy, no military icon) attacks in a military challenge under it and stays
    standing; Alice's, under Rains of Autumn, cannot be declared there (challenge.icon)."""
    assert Catalog.open().card("kotst_51").crest_grants == ("Holy", "military", True)
    t = round_table("kotst_51", extra={"core_70": 1})
    in_play(t, "A.core_70.1")
    in_play(t, "B.core_70.1")
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", attackers=["A.core_70.1"]), "challenge.icon")
    t.active_player = "B"
    legal(t, InitiateChallenge("B", "military", "A", attackers=["B.core_70.1"]))
    assert not t.in_play["B.core_70.1"].kneeling


def test_a_characters_one_response_affects_cards_only_right_after_its_trigger() -> None:
    """ability.reaction-trigger (aside32 24, 33, 26) on the lines a response's effect writes, not only its draws:
    Robb Stark "Response: after you win a Military challenge in which Robb Stark participates, choose and kill a
    character controlled by the losing player." (not after a power challenge); Catelyn Stark "Response: After Catelyn
    Stark is declared as a defender, choose a participating character. …" (not while another defends); Cersei's
    Attendant "Response: After Cersei Lannister or Cersei's Attendant is killed, choose and kneel a character." (not
    after another character's death)."""
    catalog = Catalog.open()
    assert catalog.card("core_6").reacts_to == ("declared_self_defender", "", 0, "")
    assert catalog.card("core_50").reacts_to == ("killed_named", "Cersei Lannister|Cersei's Attendant", 0, "")
    assert catalog.card("core_8").trigger_only and catalog.card("core_6").trigger_only
    t = round_table(POWER_OF_ARMS, extra={"core_8": 1, "core_6": 1, "core_50": 1})
    for card in ("A.core_8.1", "B.core_6.1", "B.core_50.1"):
        in_play(t, card)
    legal(t, InitiateChallenge("A", "intrigue", "B", [f"A.{GUILDMASTER}.1"]))
    legal(t, DeclareDefenders("B", [f"B.{GUILDMASTER}.1"]))
    flagged_and_refused(t, Modify("B", "str", -1, f"A.{GUILDMASTER}.1", "challenge", source="B.core_6.1"),
                        "ability.reaction-trigger")
    legal(t, ChallengeResult())
    flagged_and_refused(t, Kill("A", f"B.{EDDARD}.1", source="A.core_8.1"), "ability.reaction-trigger")
    flagged_and_refused(t, Kneel("B", f"A.{EDDARD}.1", source="B.core_50.1"), "ability.reaction-trigger")
    legal(t, Kill("A", "B.core_50.1"))  # a card effect with no source: the Attendant dies
    legal(t, Kneel("B", f"A.{EDDARD}.1", source="B.core_50.1"))
    legal(t, Stand("A", f"A.{EDDARD}.1"))
    legal(t, InitiateChallenge("A", "power", "B", [f"A.{EDDARD}.1"]))
    legal(t, DeclareDefenders("B", ["B.core_6.1"]))
    legal(t, Modify("B", "str", -3, f"A.{EDDARD}.1", "challenge", source="B.core_6.1"))
    legal(t, ChallengeResult())
    legal(t, InitiateChallenge("A", "military", "B", ["A.core_8.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, Kill("A", f"B.{EDDARD}.1", source="A.core_8.1"))



def test_a_response_after_a_player_wins_answers_whoever_won() -> None:
    """ability.reaction-trigger (aside61 11): Maester Creylen "Response: After a player wins an Intrigue challenge, pay
    1 gold to have Maester Creylen claim 1 power.": Bob's Creylen claims after Alice's intrigue win (any player's
    win), not after her power win. "After an opponent wins a Military challenge against you" (Winterfell Rookery) is
    the player's loss as the defender; 2nd edition "After a player loses a [military] challenge" (When I Woke...)."""
    from companion.catalog.importers import reacts_to
    from companion.rules.actions import GainPower

    assert reacts_to("Response: After an opponent wins a Military challenge against you, kneel and discard "
                     "Winterfell Rookery from play.", "Winterfell Rookery") == ("lose_challenge", "military", 0,
                                                                               "defender")
    assert reacts_to("<b>Reaction:</b> After a player loses a [military] challenge, that player chooses a "
                     "participating character.") == ("lose_challenge", "military", 0, "any")
    assert reacts_to("<b>Reaction:</b> After an opponent wins a challenge, draw 1 card.") is None  # more players
    t = round_table(POWER_OF_ARMS, extra={"soo_24": 1})
    in_play(t, "B.soo_24.1")
    legal(t, InitiateChallenge("A", "intrigue", "B", [f"A.{GUILDMASTER}.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, GainPower("B", 1, card="B.soo_24.1", source="B.soo_24.1"))
    legal(t, InitiateChallenge("A", "power", "B", [f"A.{EDDARD}.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    flagged_and_refused(t, GainPower("B", 1, card="B.soo_24.1", source="B.soo_24.1"), "ability.reaction-trigger")


def test_a_limited_response_is_used_once_a_round() -> None:
    """aside51 35 (the rule ``ability.limit``): Castellan of the Rock (acoa_93) "Limited Response: After you play a
    House Lannister character or location from your hand, choose and kneel a character without attachments. (Limit 1
    Limited Response per round.)": its second kneel in the round is flagged; the 1st edition's events print the same
    words ("(Limit 1 Limited Response per round.)"), read as their "Max 1 per round"."""
    t = make_table({"A": {"acoa_93": 1}, "B": {"core_81": 2}}, edition="1e", phase="marshaling")
    for card in ("A.acoa_93.1", "B.core_81.1", "B.core_81.2"):
        in_play(t, card)
    legal(t, Kneel("A", "B.core_81.1", source="A.acoa_93.1"))
    flagged_and_refused(t, Kneel("A", "B.core_81.2", source="A.acoa_93.1"), "ability.limit")
    assert (Catalog.open().card("acoa_93").play_max, Catalog.open().card("acoa_93").play_max_per) == (1, "round")


@pytest.mark.parametrize(("defenders", "margin_ok"), [([], True), (["B.core_21.1"], False)])
def test_edric_storms_additional_power_challenge_needs_a_win_by_four(defenders: list[str], margin_ok: bool) -> None:
    """aside36 37, 1st edition Edric Storm: "Limited Response: After you win a Power challenge as the attacker by 4 or
    more total STR, discard Edric Storm from play (cannot be saved) to initiate an additional Power challenge this
    phase." Edric (2) and Knight of the Rainwood (2) win unopposed by 4: the additional challenge naming Edric is
    legal; against House Tully Recruiter (1) they win by 3, and it is flagged (``ability.reaction-trigger``)."""
    from companion.rules.actions import ApplyClaim
    t = make_table({"A": {"core_79": 1, "core_81": 1}, "B": {"core_21": 1}}, edition="1e", phase="challenges")
    for card in ("A.core_79.1", "A.core_81.1", "B.core_21.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.core_79.1", "A.core_81.1"]))
    legal(t, DeclareDefenders("B", defenders))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B"))
    t.in_play["A.core_81.1"].kneeling = False  # a standing attacker for the additional challenge
    again = InitiateChallenge("A", "power", "B", attackers=["A.core_81.1"], source="A.core_79.1")
    if margin_ok:
        legal(t, again)
    else:
        assert "ability.reaction-trigger" in rules_of(check(t, again))


@pytest.mark.parametrize(("defenders", "margin_ok"), [([], True), (["B.core_21.1"], False)])
def test_lost_captain_returns_itself_after_a_power_win_by_four(defenders: list[str], margin_ok: bool) -> None:
    """aside63 40 (ability.reaction-trigger), 1st edition Lost Captain: "Response: After you win a Power challenge by 4
    or more total STR, return Lost Captain from your discard pile or dead pile to your hand." Edric Storm (2) and
    Knight of the Rainwood (2) win unopposed by 4: the Captain's return from the dead pile is legal; against House
    Tully Recruiter (1) they win by 3, and it is flagged."""
    from companion.rules.actions import ApplyClaim, ReturnToHand
    from companion.rules.state import Zone
    t = make_table({"A": {"core_79": 1, "core_81": 1, "kotst_17": 1}, "B": {"core_21": 1}}, edition="1e",
                   phase="challenges")
    for card in ("A.core_79.1", "A.core_81.1", "B.core_21.1"):
        in_play(t, card)
    t.move("A.kotst_17.1", "A", Zone.DEAD)
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.core_79.1", "A.core_81.1"]))
    legal(t, DeclareDefenders("B", defenders))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B"))
    back = ReturnToHand("A", "A.kotst_17.1", source="A.kotst_17.1")
    if margin_ok:
        legal(t, back)
    else:
        assert "ability.reaction-trigger" in rules_of(check(t, back))


def test_a_crest_in_brackets_limits_what_is_put_into_play() -> None:
    """aside63 38 (play.put-into-play-target), 1st edition Melisandre: "Response: After you win dominance, choose a
    [Holy] character in your dead pile and put it into play.": the crest read as a Trait; Selyse Baratheon (Holy
    crest) from the dead pile is legal, the Vanguard Lancer (no crest) flagged."""
    from companion.rules.actions import PutIntoPlay, WinDominance
    from companion.rules.state import Zone
    assert [a.traits for a in Catalog.open().card("kr_42").puts_into_play] == [("Holy",)]
    t = make_table({"A": {"kr_42": 1, "core_70": 1, "kotst_18": 1}, "B": {}}, edition="1e", phase="dominance")
    in_play(t, "A.kr_42.1")
    t.move("A.core_70.1", "A", Zone.DEAD)
    t.move("A.kotst_18.1", "A", Zone.DEAD)
    legal(t, WinDominance("A"))
    flagged_and_refused(t, PutIntoPlay("A", "A.kotst_18.1", source="A.kr_42.1"), "play.put-into-play-target")
    legal(t, PutIntoPlay("A", "A.core_70.1", source="A.kr_42.1"))


def _alliance_marshaling(deck: dict[str, int], faction: str) -> Table:
    """A 1st-edition table in A's marshaling phase with 5 gold, the round's plots recorded (its costs are judged
    then): A's Alliance, B's The Power of Arms; ``deck`` is A's draw deck."""
    from companion.rules.values import initiative_tied

    t = make_table({"A": {"pots_59": 1, **deck}, "B": {POWER_OF_ARMS: 1}}, edition="1e", phase="plot", gold=0,
                   factions={"A": faction, "B": "stark" if faction != "stark" else "lannister"})
    legal(t, ChoosePlot("A", "A.pots_59.1"))
    legal(t, ChoosePlot("B", f"B.{POWER_OF_ARMS}.1"))
    if len(initiative_tied(t)) > 1:
        legal(t, WinInitiative("A"))
    legal(t, SetFirstPlayer("A"))
    t = after_plots(t, "marshaling")
    t.players["A"].gold = 5
    return t


def test_a_reducer_for_a_character_with_an_icon_lowers_no_other() -> None:
    """marshal.cost-reduced (aside46 31): Street of Steel "Marshalling: Kneel Street of Steel to lower the cost of the
    next character with a Military icon you play this phase by 1." (Shadowblack Lane: Intrigue; Street of Sisters:
    Power; 4 printings): knelt, it lowers Knight of the Rainwood (Military, Power) by 1, not Bastard of Robert
    (Power only)."""
    assert Catalog.open().card("core_139").reduces_cost == ((("icon:military",), ("character",), 1),)
    t = _alliance_marshaling({"core_139": 1, "core_81": 1, "core_87": 1}, "baratheon")
    in_play(t, "A.core_139.1")
    hand(t, "A.core_81.1", "A.core_87.1")
    legal(t, Kneel("A", "A.core_139.1", source="A.core_139.1"))
    flagged_and_refused(t, Marshal("A", "A.core_87.1", cost=0), "marshal.cost-reduced")
    legal(t, Marshal("A", "A.core_81.1", cost=1))


def test_a_reducer_for_a_house_lowers_no_other_houses_card() -> None:
    """marshal.cost-reduced (aside48 38): Illyrio's Man "Marshalling: Kneel Illyrio's Man to lower the cost of the
    next House Targaryen character you play this phase by 1.": knelt, it does not lower neutral Littlefinger (5) to
    4; it lowers Jhogo, of House Targaryen."""
    assert Catalog.open().card("core_125").reduces_cost == ((("House Targaryen",), ("character",), 1),)
    t = _alliance_marshaling({"core_125": 1, "core_141": 1, "core_117": 1}, "targaryen")
    t.players["A"].gold = 9
    in_play(t, "A.core_125.1")
    hand(t, "A.core_141.1", "A.core_117.1")
    legal(t, Kneel("A", "A.core_125.1", source="A.core_125.1"))
    flagged_and_refused(t, Marshal("A", "A.core_141.1", cost=4), "marshal.cost-reduced")
    legal(t, Marshal("A", "A.core_117.1", cost=Catalog.open().card("core_117").cost - 1))


def test_grey_wind_and_lady_cost_2_less_only_with_robb_or_sansa_in_play() -> None:
    """marshal.cost-reduced (aside38 26): Lady "If Sansa Stark is in play, lower the cost to play Lady by 2." (Grey
    Wind: Robb Stark): under the plot Alliance ("You may play cards from other Houses without paying a gold
    penalty.", no reduction of its own), Lady (2) for 0 without Sansa Stark is flagged, with her in play legal; Grey
    Wind (4) for 2 with Robb Stark in play is legal."""
    assert Catalog.open().card("core_15").cheaper_if == ("Sansa Stark", 2)
    assert Catalog.open().card("pots_59").penalty_waived == "all"
    t = _alliance_marshaling({"core_8": 1, "core_9": 1, "core_14": 1, "core_15": 1}, "stark")
    in_play(t, "A.core_8.1")
    hand(t, "A.core_14.1")
    hand(t, "A.core_15.1")
    flagged_and_refused(t, Marshal("A", "A.core_15.1", cost=0), "marshal.cost-reduced")
    legal(t, Marshal("A", "A.core_14.1", cost=2))
    in_play(t, "A.core_9.1")
    legal(t, Marshal("A", "A.core_15.1", cost=0))


@pytest.mark.parametrize(("attacker", "barred", "free"), [("kotse_8", "core_19", "core_8"),
                                                         ("dotn_23", "core_48", "core_19"),
                                                         ("kotse_1", "core_19", "kotse_9")])
def test_an_attacker_bars_some_defenders(attacker: str, barred: str, free: str) -> None:
    """challenge.defender-barred (aside38 33, aside52 21, 18): Wex Pyke "While Wex Pyke is attacking, characters
    without crests cannot be declared as defenders.": the Direwolf Pup (no crest) declared is flagged, Robb Stark
    (Noble crest) legal; Lord Tywin's Man "While Lord Tywin's Man is attacking, House Lannister characters cannot
    defend.": Enemy Informer (House Lannister) is flagged, the Direwolf Pup (Stark) legal; Balon Greyjoy (STR 3) "If
    Balon Greyjoy is the only King character in play, characters with lower STR than his cannot be declared as
    defenders while he is attacking.": the Pup (2) is flagged, Sea Raiders (3) legal."""
    t = round_table(POWER_OF_ARMS, extra={attacker: 1, barred: 1, free: 1})
    in_play(t, f"A.{attacker}.1")
    in_play(t, f"B.{barred}.1")
    in_play(t, f"B.{free}.1")
    legal(t, InitiateChallenge("A", "military", "B", attackers=[f"A.{attacker}.1"]))
    flagged_and_refused(t, DeclareDefenders("B", [f"B.{barred}.1"]), "challenge.defender-barred")
    legal(t, DeclareDefenders("B", [f"B.{free}.1"]))


def test_house_tully_septon_cannot_attack_and_stands_defending() -> None:
    """challenge.cannot-be-declared (aside52 20, 16): House Tully Septon "House Tully Septon cannot attack, and does
    not kneel to defend.": declared as an attacker is flagged; declared as a defender it stays standing (Black
    Hatchling "Black Hatchling cannot defend." is read the same)."""
    assert Catalog.open().card("bwb_114").never_declared == ("defender",)
    t = round_table(POWER_OF_ARMS, extra={"low_12": 1})
    in_play(t, "A.low_12.1")
    in_play(t, "B.low_12.1")
    flagged_and_refused(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.low_12.1"]),
                        "challenge.cannot-be-declared")
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=[f"A.{GUILDMASTER}.1"]))
    legal(t, DeclareDefenders("B", ["B.low_12.1"]))
    assert not t.in_play["B.low_12.1"].kneeling


def test_ancient_mariner_is_weaker_in_military_challenges() -> None:
    """claim.not-won (aside52 05, a false alarm): Ancient Mariner (STR 4) "Ancient Mariner gets -3 STR during
    Military challenges.": defending a military challenge it counts 1, in an intrigue challenge 4."""
    t = round_table(POWER_OF_ARMS, extra={"kl_88": 1})
    in_play(t, "B.kl_88.1")
    legal(t, InitiateChallenge("A", "military", "B", attackers=[f"A.{GUILDMASTER}.1"]))
    legal(t, DeclareDefenders("B", ["B.kl_88.1"]))
    assert strength(t, "B.kl_88.1") == 1
    legal(t, ChallengeResult(winner="A"))
    t2 = round_table(POWER_OF_ARMS, extra={"kl_88": 1})
    in_play(t2, "B.kl_88.1")
    legal(t2, InitiateChallenge("A", "power", "B", attackers=[f"A.{GUILDMASTER}.1"]))
    legal(t2, DeclareDefenders("B", ["B.kl_88.1"]))
    assert strength(t2, "B.kl_88.1") == 4


def test_randyll_tarly_strengthens_war_characters() -> None:
    """challenge.str / dominance.totals (aside52 28): Randyll Tarly "War characters you control get +1 STR.": the
    Knight of the Tumblestone (War crest, STR 2) counts 3 and Randyll (War, 3) 4; the Direwolf Pup (no crest) its
    printed 2; Bob's Knight counts 4 by his own plot's "+2 STR" (The Power of Arms), not Randyll's."""
    t = round_table(POWER_OF_ARMS, extra={"kotse_45": 1, "core_18": 1, "core_19": 1})
    for card in ("A.kotse_45.1", "A.core_18.1", "A.core_19.1", "B.core_18.1"):
        in_play(t, card)
    assert [strength(t, c) for c in ("A.kotse_45.1", "A.core_18.1", "A.core_19.1", "B.core_18.1")] == [4, 3, 2, 4]


def test_ser_osmund_kettleblack_strengthens_only_a_defending_character() -> None:
    """ability.target (aside52 27): Ser Osmund Kettleblack "Challenges: Kneel Ser Osmund Kettleblack to choose a
    defending character. Until the end of the phase, that character gets +2 STR (+4 STR instead if that character
    has the Kingsguard trait).": the bracketed alternative is the same modifier; its +2 on an attacker is flagged, on
    the defender legal."""
    t = round_table(POWER_OF_ARMS, extra={"kl_98": 1})
    in_play(t, "A.kl_98.1")
    legal(t, InitiateChallenge("A", "military", "B", attackers=[f"A.{GUILDMASTER}.1"]))
    legal(t, DeclareDefenders("B", [f"B.{EDDARD}.1"]))
    flagged_and_refused(t, Modify("A", "str", 2, card=f"A.{GUILDMASTER}.1", source="A.kl_98.1"), "ability.target")
    legal(t, Modify("A", "str", 2, card=f"B.{EDDARD}.1", source="A.kl_98.1"))


def test_x_str_given_to_x_participating_characters_of_a_house() -> None:
    """ability.target (aside65 40): The Lion's Cunning "Challenges: Pay X gold from your gold pool to give X
    participating [Lannister] characters +X STR until the end of the challenge.": its +1 on a Lannister character
    outside the challenge is flagged, on the attacking one legal."""
    t = round_table(POWER_OF_ARMS, extra={"lotr_32": 1, "w_67": 1, "lotr_22": 1})
    in_play(t, "A.w_67.1")
    in_play(t, "A.lotr_22.1")
    hand(t, "A.lotr_32.1")
    t.players["A"].gold = 1
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.w_67.1"]))
    legal(t, PlayEvent("A", "A.lotr_32.1"))
    legal(t, SpendGold("A", 1))
    flagged_and_refused(t, Modify("A", "str", 1, card="A.lotr_22.1", until="challenge", source="A.lotr_32.1"),
                        "ability.target")
    legal(t, Modify("A", "str", 1, card="A.w_67.1", until="challenge", source="A.lotr_32.1"))


def test_an_ability_that_strengthens_only_its_own_card() -> None:
    """ability.target, ability.phase (aside52 13, 14): Nute the Barber "Any Phase: Discard 1 card from your hand to
    give Nute the Barber +1 STR until the end of the phase.": its +1 on another character is flagged, on itself legal;
    Corrupt Contender "Challenges: Corrupt Contender gets +10 STR until the end of the challenge. …": its +10 in the
    marshaling phase is flagged, in the challenges phase legal."""
    t = round_table(POWER_OF_ARMS, extra={"dotn_27": 1, "soo_103": 1})
    in_play(t, "A.dotn_27.1")
    in_play(t, "A.soo_103.1")
    flagged_and_refused(t, Modify("A", "str", 1, card=f"A.{EDDARD}.1", source="A.dotn_27.1"), "ability.target")
    legal(t, Modify("A", "str", 1, card="A.dotn_27.1", source="A.dotn_27.1"))
    legal(t, Modify("A", "str", 10, card="A.soo_103.1", until="challenge", source="A.soo_103.1"))
    u = round_table(POWER_OF_ARMS, phase="marshaling", extra={"soo_103": 1})
    in_play(u, "A.soo_103.1")
    flagged_and_refused(u, Modify("A", "str", 10, card="A.soo_103.1", until="challenge", source="A.soo_103.1"),
                        "ability.phase")


def test_an_ability_that_gives_only_its_own_card_an_icon() -> None:
    """ability.phase (aside62 33): Skinchanger "Challenges: Skinchanger gains an icon of your choice until the end of
    the phase. (Limit once per phase.)": its Military icon in the marshalling phase is flagged, in the challenges
    phase legal. Read so where each icon the text gives is the card's own ("… Ser Guyard Morrigen gains a [Power]
    icon …"); "It gains a [military] icon" of a chosen character is not."""
    from companion.catalog.importers import self_only

    assert self_only("Challenges: Skinchanger gains an icon of your choice until the end of the phase.",
                     "Skinchanger") == ("modify",)
    assert self_only("Action: Choose a character. It gains a [military] icon until the end of the phase. Lad gets +1 "
                     "STR until the end of the phase.", "Lad") == ()
    icon = Modify("A", "military_icon", 1, card="A.dotn_16.1", until="phase", source="A.dotn_16.1")
    u = round_table(POWER_OF_ARMS, phase="marshaling", extra={"dotn_16": 1})
    in_play(u, "A.dotn_16.1")
    flagged_and_refused(u, icon, "ability.phase")
    t = round_table(POWER_OF_ARMS, extra={"dotn_16": 1})
    in_play(t, "A.dotn_16.1")
    legal(t, icon)


@pytest.mark.parametrize(("b_plot", "defender"), [("qod_53", None), (POWER_OF_ARMS, "low_6")])
def test_a_claim_lowered_while_its_card_defends(b_plot: str, defender: str | None) -> None:
    """claim.count (aside52 32, 17): Loyalty Money Can Buy "The claim value on each opponents' revealed plot card is
    lowered by 1 while that opponent is attacking you." and Eddard Stark "While Eddard Stark is defending, lower the
    attacking player's claim to 0.": Alice's military claim of 1 against Bob is 0; Bob killing a character for it
    is flagged, applying none legal."""
    from companion.rules.actions import ApplyClaim

    t = round_table(b_plot, extra={defender: 1} if defender else None)
    if defender:
        in_play(t, f"B.{defender}.1")
    legal(t, InitiateChallenge("A", "military", "B", attackers=[f"A.{GUILDMASTER}.1", f"A.{EDDARD}.1"]))
    legal(t, DeclareDefenders("B", [f"B.{defender}.1"] if defender else []))
    legal(t, ChallengeResult(winner="A"))
    flagged_and_refused(t, ApplyClaim("B", [f"B.{GUILDMASTER}.1"]), "claim.count")
    legal(t, ApplyClaim("B", []))


@pytest.mark.parametrize("lost", [True, False])
def test_guard_at_riverrun_draws_only_without_a_military_loss(lost: bool) -> None:
    """draw.unless-lost (aside52 38): Guard at Riverrun "At the end of the challenge phase, if no opponent has won a
    Military challenge against you this round, draw a card.": after Alice won a military challenge against Bob, his
    draw by the Guard is flagged; after her win in a power challenge it is legal."""
    from companion.rules.actions import ApplyClaim

    t = round_table(POWER_OF_ARMS, extra={"low_18": 1, "core_19": 5})
    in_play(t, "B.low_18.1")
    legal(t, InitiateChallenge("A", "military" if lost else "power", "B", attackers=[f"A.{GUILDMASTER}.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult(winner="A"))
    legal(t, ApplyClaim("B", [f"B.{GUILDMASTER}.1"] if lost else []))
    draw = DrawCards("B", 1, source="B.low_18.1")
    if lost:
        flagged_and_refused(t, draw, "draw.unless-lost")
    else:
        legal(t, draw)


def test_a_host_costs_4_less_only_while_its_player_controls_a_king_or_queen() -> None:
    """marshal.cost-reduced (aside51 38): King Robb's Host (acoa_1, cost 8) "Lower the cost to play King Robb's Host by
    4 if you control a King or Queen character." (6 such Hosts and Guards): for 4 with no King or Queen (Robb Stark of
    the Core set is a Lord) flagged; with Joffrey Baratheon (kotse_34, a King) in play legal."""
    assert Catalog.open().card("acoa_1").cheaper_if == ("trait:King|Queen", 4)
    t = _alliance_marshaling({"acoa_1": 1, "core_8": 1, "kotse_34": 1}, "stark")
    in_play(t, "A.core_8.1")
    hand(t, "A.acoa_1.1")
    flagged_and_refused(t, Marshal("A", "A.acoa_1.1", cost=4), "marshal.cost-reduced")
    in_play(t, "A.kotse_34.1")
    legal(t, Marshal("A", "A.acoa_1.1", cost=4))


def test_an_icon_gained_while_a_plot_of_a_trait_is_revealed() -> None:
    """challenge.icon (aside51 38): Dacey Mormont (acoa_61, military and power icons) "While there is at least 1
    Military Battle plot card revealed, Dacey Mormont gains an Intrigue icon …": she attacks in an intrigue challenge
    under Fury of the Wolf (acoa_25, Military Battle); under Counting Favors (core_203, no Trait) she cannot."""
    from tests.test_printed_abilities import plots, to_challenges

    assert Catalog.open().card("acoa_61").icons_while == (("intrigue", "plot_trait", "Military Battle"),)
    for a_plot, flagged in (("core_203", True), ("acoa_25", False)):
        t = plots("1e", a_plot, "core_204", {"acoa_61": 1}, {})
        in_play(t, "A.acoa_61.1")
        to_challenges(t)
        attack = InitiateChallenge("A", "intrigue", "B", attackers=["A.acoa_61.1"])
        if flagged:
            flagged_and_refused(t, attack, "challenge.icon")
        else:
            legal(t, attack)


def test_ser_lancel_attacking_bars_defenders_cheaper_than_the_lannister_attackers() -> None:
    """challenge.defender-barred (aside51 33): Ser Lancel Lannister (acoa_103) "While Ser Lancel Lannister is attacking,
    characters with printed cost lower than the number of attacking House Lannister characters cannot be declared as
    defenders.": with three Lannister attackers a Knight of the Rainwood (cost 2) is barred; with two it defends."""
    assert Catalog.open().card("acoa_103").defenders_barred == "cost_below:lannister"
    for attackers, flagged in ((3, True), (2, False)):
        t = round_table(POWER_OF_ARMS, extra={"acoa_103": 1, "w_67": 2, "core_81": 1})
        t.players["A"].faction = "lannister"
        lannisters = ["A.acoa_103.1", "A.w_67.1", "A.w_67.2"][:attackers]  # Clan Scouts
        for card in (*lannisters, "B.core_81.1"):
            in_play(t, card)
        legal(t, InitiateChallenge("A", "military", "B", attackers=lannisters))
        defend = DeclareDefenders("B", ["B.core_81.1"])
        if flagged:
            flagged_and_refused(t, defend, "challenge.defender-barred")
        else:
            legal(t, defend)


def test_salladhor_saans_power_goes_to_the_player_with_the_most_standing_characters() -> None:
    """power.most-standing (aside51 39): 1st edition Salladhor Saan (acoa_62) "At the end of the standing phase, the
    player who controls the most standing characters claims 2 power for his or her House.": Alice with Salladhor alone
    against Bob's two Knights of the Rainwood: her claim naming Salladhor is flagged, Bob's legal."""
    from companion.rules.actions import GainPower

    t = make_table({"A": {"acoa_62": 1}, "B": {"core_81": 2}}, edition="1e", phase="standing")
    for card in ("A.acoa_62.1", "B.core_81.1", "B.core_81.2"):
        in_play(t, card)
    flagged_and_refused(t, GainPower("A", 2, source="A.acoa_62.1"), "power.most-standing")
    legal(t, GainPower("B", 2, source="A.acoa_62.1"))


def test_wex_pyke_attacking_bars_defenders_without_crests() -> None:
    """challenge.defender-barred (aside38 33): Wex Pyke "While Wex Pyke is attacking, characters without crests cannot
    be declared as defenders.": the Direwolf Pup (no crest) declared is flagged; Robb Stark (Noble crest) is legal."""
    t = round_table(POWER_OF_ARMS, extra={"kotse_8": 1, "core_19": 1, "core_8": 1})
    in_play(t, "A.kotse_8.1")
    in_play(t, "B.core_19.1")
    in_play(t, "B.core_8.1")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.kotse_8.1"]))
    flagged_and_refused(t, DeclareDefenders("B", ["B.core_19.1"]), "challenge.defender-barred")
    legal(t, DeclareDefenders("B", ["B.core_8.1"]))


def test_under_doran_martell_the_losing_attacker_fulfils_the_claim() -> None:
    """claim.not-won (aside38 34, a false alarm): Doran Martell "If a player loses a challenge as the attacker, that
    player must fulfill the claim of that challenge, using the Claim value on the defending player's plot card.":
    Alice's Guildmaster (2) loses a military challenge to Bob's Eddard Stark (3) while Doran is in play; Alice
    applying the claim (killing her own Eddard) is legal, without Doran in play flagged."""
    from companion.rules.actions import ApplyClaim, ChallengeResult, DeclareDefenders, InitiateChallenge

    for doran in (True, False):
        t = round_table(POWER_OF_ARMS, extra={"pots_3": 1})
        if doran:
            in_play(t, "B.pots_3.1")
        legal(t, InitiateChallenge("A", "military", "B", attackers=[f"A.{GUILDMASTER}.1"]))
        legal(t, DeclareDefenders("B", [f"B.{EDDARD}.1"]))
        legal(t, ChallengeResult())
        claim = ApplyClaim("A", cards=[f"A.{EDDARD}.1"])
        if doran:
            legal(t, claim)
        else:
            flagged_and_refused(t, claim, "claim.not-won")


def test_a_response_that_asks_for_gold_in_the_pool_waits_for_it() -> None:
    """aside53 34 (ability.gold-at-least; 1st edition Tywin Lannister: "Response: After you win dominance, if you have
    4 or more gold in your gold pool Tywin Lannister claims 3 power."): after Alice wins dominance with 3 gold, his 3
    power is flagged; with 4 gold, legal."""
    from companion.rules.actions import GainPower, WinDominance
    from tests.test_printed_abilities import plots

    assert Catalog.open().card("lotr_9").gold_at_least == 4
    for gold, flagged in ((3, True), (4, False)):
        t = plots("1e", "core_181", "acoa_25", {"lotr_9": 1}, {})
        in_play(t, "A.lotr_9.1")
        for phase in ("challenges", "dominance"):
            while t.active_player is not None:
                legal(t, PassTurn(t.active_player))
            legal(t, BeginPhase(phase))
        t.players["A"].gold, t.players["B"].gold = gold, 0
        legal(t, WinDominance("A"))
        power = GainPower("A", 3, "A.lotr_9.1", source="A.lotr_9.1")
        if flagged:
            flagged_and_refused(t, power, "ability.gold-at-least")
        else:
            legal(t, power)


def test_initiative_ranks_each_seat_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """RR: Initiative: the highest initiative wins, ties to the lower power total, then a random pick. Each seat's
    plot initiative is worked out once per question (it walks every revealed plot and every card whose text counts;
    every view of a plot phase asks): tied plots tie, and a power lead breaks the tie the other way round."""
    import companion.rules.offers as offers
    import companion.rules.values as values

    decks = {"A": {PLAIN: 1, "core_19": 3}, "B": {PLAIN: 1, "core_19": 3}}
    t = make_table(decks, edition="1e", phase="plot", gold=0)
    legal(t, ChoosePlot("A", f"A.{PLAIN}.1"))
    legal(t, ChoosePlot("B", f"B.{PLAIN}.1"))
    asked: list[str] = []
    real = values.initiative

    def counted(table: Table, seat: str) -> int:
        asked.append(seat)
        return real(table, seat)

    monkeypatch.setattr(values, "initiative", counted)
    monkeypatch.setattr(offers, "initiative", counted)  # (the round box's own name for it)
    assert values.initiative_tied(t) == ["A", "B"] and sorted(asked) == ["A", "B"]
    # The round box of a plot phase waiting for its random pick: the tie offered, each plot's initiative asked for its
    # line, the tie and the step button's wait, once each (it was twice more).
    from companion.rules.roles import Role

    asked.clear()
    box = offers.round_view(t, Role.of_seat("A"))
    assert any(o["action"]["type"] == "win_initiative" for o in box["offers"])
    assert sorted(asked) == ["A"] * 3 + ["B"] * 3
    t.players["A"].power = 3  # the lower power total wins a tie
    asked.clear()
    assert values.initiative_winner(t) == "B" and sorted(asked) == ["A", "B"]


def test_an_ability_that_kills_at_str_0_kills_only_its_chosen_character_there() -> None:
    """ability.killed-at-zero (aside54 36): King's Landing Assassin "Response: After King's Landing Assassin comes out
    of Shadows, choose a character with no attachments. Until the end of the phase, that character gets -2 STR and is
    killed if its STR is 0.": its -2 on Bastard of Robert (STR 1) and his kill are legal; a second kill naming it, of a
    Knight of the Rainwood (STR 2, no -2), is flagged. With no -STR line recorded from it, the -2 is counted: the Knight
    (2 - 2 = 0) may be killed, Eddard Stark (3) not. Read on 17 printings ("that character gets -N STR and is killed if
    its STR is 0": Dracarys!, Drogon, Plaza of Punishment, Ser Barristan Selmy, Aegon's Legacy's -X, …)."""
    cards = {"A": {"kl_90": 1}, "B": {"core_87": 1, "core_81": 1, EDDARD: 1}}
    t = make_table(cards, edition="1e", phase="challenges", gold=5)
    for card in ("B.core_87.1", "B.core_81.1", f"B.{EDDARD}.1"):
        in_play(t, card)
    shadows(t, "A.kl_90.1")
    legal(t, BringOut("A", "A.kl_90.1"))  # its response's trigger: "with no attachments" is read, so it is judged
    unwritten = t.clone()
    legal(t, Modify("A", "str", -2, card="B.core_87.1", source="A.kl_90.1"))
    legal(t, Kill("A", "B.core_87.1", source="A.kl_90.1"))
    flagged_and_refused(t, Kill("A", "B.core_81.1", source="A.kl_90.1"), "ability.killed-at-zero")
    legal(unwritten.clone(), Kill("A", "B.core_81.1", source="A.kl_90.1"))
    flagged_and_refused(unwritten, Kill("A", f"B.{EDDARD}.1", source="A.kl_90.1"), "ability.killed-at-zero")


def test_a_str_bonus_until_the_end_of_an_earlier_phase_adds_nothing_for_dominance() -> None:
    """dominance.str-expired (aside54 32): Ser Boros Blount "Response: After Ser Boros Blount comes out of shadows, each
    of your characters get +1 STR until the end of the phase.": his +1 written in the challenges phase, a dominance
    modifier naming him is flagged; his +1 written in the dominance phase (he came out at its beginning), legal. Read
    for every card whose text does not say "dominance" (4,030 of 4,228 printings) whose STR modifiers the log records
    this round, none in this phase and none lasting."""
    from tests.tables import next_phase

    for phase in ("challenges", "dominance"):
        t = make_table({"A": {"kr_59": 1, "core_18": 1}, "B": {"core_81": 1}}, edition="1e", phase="challenges")
        for card in ("A.kr_59.1", "A.core_18.1", "B.core_81.1"):
            in_play(t, card)
        if phase == "dominance":
            next_phase(t, "dominance")
        legal(t, Modify("A", "str", 1, card="A.core_18.1", source="A.kr_59.1"))
        bonus = Modify("A", "dominance", 2, source="A.kr_59.1")
        if phase == "challenges":
            next_phase(t, "dominance")
            flagged_and_refused(t, bonus, "dominance.str-expired")
        else:
            legal(t, bonus)


def test_a_str_bonus_given_to_a_kind_of_character_goes_to_one() -> None:
    """ability.target (aside51 36): The Bastard of Godsgrace "Any phase: Kneel The Bastard of Godsgrace to give a House
    Martell character +2 STR until the end of the phase.": its +2 on a Knight of the Tumblestone (House Stark) is
    flagged, on a House Dayne Knight (House Martell) legal. "… to give <a kind of> character +N STR" read on 4
    printings (Priest of the Drowned God "a Holy character"; 2nd edition Last Hearth, Outfitted for War "a
    participating [stark] / [greyjoy] character")."""
    t = make_table({"A": {"acoa_64": 1, "pots_11": 1}, "B": {"core_18": 1}}, edition="1e", phase="challenges")
    for card in ("A.acoa_64.1", "A.pots_11.1", "B.core_18.1"):
        in_play(t, card)
    flagged_and_refused(t, Modify("A", "str", 2, card="B.core_18.1", source="A.acoa_64.1"), "ability.target")
    legal(t, Modify("A", "str", 2, card="A.pots_11.1", source="A.acoa_64.1"))


def test_a_card_whose_text_says_it_cannot_be_killed_is_not_killed() -> None:
    """1st edition Wharf Rats (kl_9): "Wharf Rats cannot be killed." (a blind writer's scenario named it for a
    military claim); 2nd edition Long May He Reign (13108): "Attached character cannot be killed." The whole sentence
    is read, its own name or "Attached character" (7 printings of both editions); a sentence naming another card
    ("Drogon cannot be killed." on 1st edition Rhaegal) or under a condition is not. RR: Golden Rule."""
    cards = Catalog.open(None).cards({"kl_9", "kr_118", "13108"})
    assert (cards["kl_9"].never_killed, cards["kr_118"].never_killed, cards["13108"].never_killed) == (
        "self", "", "attached")
    t = make_table({"A": {"kl_9": 1, PLAIN: 1}, "B": {EDDARD: 1, GUILDMASTER: 1}}, edition="1e",
                   phase="challenges")
    in_play(t, "A.kl_9.1")
    flagged_and_refused(t, Kill("B", "A.kl_9.1"), "kill.printed-unkillable")
    in_play(t, f"B.{EDDARD}.1")
    legal(t, Kill("A", f"B.{EDDARD}.1"))  # a character with no such sentence dies
    robert, jaime = "01048", "01087"  # 2nd edition: a King under Long May He Reign, and a character without it
    t = make_table({"A": {robert: 1, "13108": 1}, "B": {jaime: 1}}, phase="challenges")
    in_play(t, f"A.{robert}.1")
    in_play(t, "A.13108.1", attached_to=f"A.{robert}.1")
    in_play(t, f"B.{jaime}.1")
    flagged_and_refused(t, Kill("B", f"A.{robert}.1"), "kill.printed-unkillable")
    legal(t, Kill("A", f"B.{jaime}.1"))


def test_a_response_after_a_challenge_won_alone_asks_the_card_alone_on_its_side() -> None:
    """ability.reaction-trigger (aside62 34): Knight of Flowers (atoc_5) "Response: After you win a challenge in which
    Knight of Flowers attacked or defended alone, he claims 2 power." (``Card.won_alone``): not after a challenge won
    with a Guildmaster attacking beside him; after one he attacked alone. 2nd edition Jaqen H'ghar "… in which Jaqen
    H'ghar is attacking alone, …" reads the attacking side only."""
    from companion.catalog.importers import won_alone
    from companion.rules.actions import GainPower

    assert won_alone("Response: After you win a challenge in which Knight of Flowers attacked or defended alone, he "
                     "claims 2 power.", "Knight of Flowers") == "attacking or defending"
    assert won_alone("Reaction: After you win a challenge in which Jaqen H'ghar is attacking alone, choose and kill a "
                     "character with a Valar Morghulis token.", "Jaqen H'ghar") == "attacking"
    assert won_alone("Response: After you win a challenge in which Knight of Flowers participates, he claims 2 "
                     "power.", "Knight of Flowers") is None
    assert Catalog.open().card("atoc_5").won_alone == "attacking or defending"
    t = round_table(POWER_OF_ARMS, extra={"atoc_5": 1})
    in_play(t, "A.atoc_5.1")
    legal(t, InitiateChallenge("A", "military", "B", ["A.atoc_5.1", f"A.{GUILDMASTER}.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    flagged_and_refused(t, GainPower("A", 2, card="A.atoc_5.1", source="A.atoc_5.1"), "ability.reaction-trigger")
    v = play(t.clone(), GainPower("A", 2, card="A.atoc_5.1", source="A.atoc_5.1"))
    assert any("attacked or defended alone" in x.text() for x in v.violations)
    legal(t, ApplyClaim("B", [f"B.{EDDARD}.1"]))
    legal(t, Stand("A", "A.atoc_5.1"))
    legal(t, InitiateChallenge("A", "power", "B", ["A.atoc_5.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, GainPower("A", 2, card="A.atoc_5.1", source="A.atoc_5.1"))
    assert t.tokens_on("A.atoc_5.1").get("power") == 2


def test_a_kneel_cost_with_no_standing_character_of_its_kind_cannot_be_paid() -> None:
    """ability.cost-unpayable (aside63 36, 37): Knight of Summerhall (bwb_109) "Any Phase: Kneel a Holy character to put
    Knight of Summerhall into play from your dead pile.": with the Acolyte of the Flame (dotn_65, Holy crest) knelt and
    no kneel written, the put into play is flagged; with the Acolyte standing and knelt for it on the line before, it is
    legal."""
    from companion.rules.actions import PutIntoPlay
    from companion.rules.state import Zone

    t = make_table({"A": {}, "B": {"bwb_109": 1, "dotn_65": 1}}, edition="1e", phase="challenges")
    in_play(t, "B.dotn_65.1")
    dead(t, "B.bwb_109.1")
    t.first_player = t.active_player = "A"
    knelt = t.clone()
    knelt.in_play["B.dotn_65.1"].kneeling = True
    flagged_and_refused(knelt, PutIntoPlay("B", "B.bwb_109.1", source="B.bwb_109.1"), "ability.cost-unpayable")
    legal(t, Kneel("B", "B.dotn_65.1", source="B.bwb_109.1"))
    legal(t, PutIntoPlay("B", "B.bwb_109.1", source="B.bwb_109.1"))
    assert t.zone_of("B.bwb_109.1") is Zone.PLAY


def test_the_knight_of_flowers_claims_his_power_only_while_standing() -> None:
    """power.if-standing (aside67 14): Knight of Flowers (core_147): "At the beginning of the dominance phase, Knight of
    Flowers claims 1 power if he is standing." Knelt, the power naming him is flagged; standing, it is legal."""
    from companion.rules.actions import GainPower

    t = round_table(POWER_OF_ARMS, phase="dominance", extra={"core_147": 1})
    in_play(t, "A.core_147.1")
    t.in_play["A.core_147.1"].kneeling = True
    flagged_and_refused(t, GainPower("A", 1, "A.core_147.1", source="A.core_147.1"), "power.if-standing")
    t.in_play["A.core_147.1"].kneeling = False
    legal(t, GainPower("A", 1, "A.core_147.1", source="A.core_147.1"))


@pytest.mark.parametrize(("defenders", "won"), [([], True), (["B.core_146.1"], False)])
def test_syrio_forel_goes_into_shadows_only_after_a_win(defenders: list[str], won: bool) -> None:
    """aside89 13 (ability.reaction-trigger), 1st edition Syrio Forel (kl_77): "Response: After you win a challenge in
    which Syrio Forel participated, put him into Shadows." He attacks unopposed and wins: his own put into Shadows is
    legal; Ser Barristan Selmy (STR 4) defends and wins: it is flagged."""
    from companion.rules.actions import ApplyClaim, PutIntoShadows
    t = make_table({"A": {"kl_77": 1}, "B": {"core_146": 1}}, edition="1e", phase="challenges")
    for card in ("A.kl_77.1", "B.core_146.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.kl_77.1"]))
    legal(t, DeclareDefenders("B", defenders))
    legal(t, ChallengeResult())
    if won:
        legal(t, ApplyClaim("B", ["B.core_146.1"]))
    away = PutIntoShadows("A", "A.kl_77.1", source="A.kl_77.1")
    if won:
        legal(t, away)
    else:
        assert "ability.reaction-trigger" in rules_of(check(t, away))


def test_heir_to_the_iron_throne_bars_the_type_its_player_named_all_game() -> None:
    """aside89 03 (name.challenge-barred), 1st edition Heir to the Iron Throne (qod_48, an agenda): "Before drawing your
    setup hand, name Military or Intrigue challenge. You cannot initiate challenges of that type. You may initiate 2
    Power challenges each challenge phase.": Military named at setup, its player's [military] challenge in round 1 is
    flagged, an [intrigue] one is not; the opponent's [military] challenge is not either."""
    from companion.rules.actions.naming import NameChoice
    from companion.rules.state import Phase, Zone
    assert Catalog.open().card("qod_48").names_kind_barred == ("self", "game")
    t = make_table({"A": {"qod_48": 1, "core_81": 1}, "B": {"core_146": 1}}, edition="1e", phase="setup")
    t.move("A.qod_48.1", "A", Zone.AGENDA)
    legal(t, NameChoice("A", "A.qod_48.1", kind="military"))
    t.phase = Phase.CHALLENGES
    for card in ("A.core_81.1", "B.core_146.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    assert "name.challenge-barred" in rules_of(check(t, InitiateChallenge("A", "military", "B", ["A.core_81.1"])))
    assert "name.challenge-barred" not in rules_of(check(t, InitiateChallenge("A", "power", "B", ["A.core_81.1"])))
    t.active_player = "B"
    assert "name.challenge-barred" not in rules_of(check(t, InitiateChallenge("B", "military", "A", ["B.core_146.1"])))


def test_wedding_feast_waits_for_an_intrigue_and_a_power_challenge_won_attacking() -> None:
    """aside89 09 (event.play-if-challenges), 1st edition Wedding Feast (bwb_54): "Play only if you have won an Intrigue
    and a Power challenge as the attacker this phase.": after a Power challenge won alone its play is flagged; after an
    Intrigue one won too, not. Salt and Iron's "won 2 or more unopposed challenges" is read alike."""
    from companion.rules.actions import PlayEvent
    assert Catalog.open().card("bwb_54").play_if_challenges == ("won:intrigue:attacker", "won:power:attacker")
    assert Catalog.open().card("w_65").play_if_challenges == ("won_unopposed:2",)
    t = make_table({"A": {"bwb_54": 1, "core_114": 1, "core_116": 1}, "B": {}}, edition="1e", phase="challenges")
    for card in ("A.core_114.1", "A.core_116.1"):
        in_play(t, card)
    hand(t, "A.bwb_54.1")
    t.first_player = t.active_player = "A"
    for kind, attacker in (("power", "A.core_114.1"), ("intrigue", "A.core_116.1")):
        assert "event.play-if-challenges" in rules_of(check(t, PlayEvent("A", "A.bwb_54.1")))
        legal(t, InitiateChallenge("A", kind, "B", attackers=[attacker]))
        legal(t, DeclareDefenders("B", []))
        legal(t, ChallengeResult())
    assert "event.play-if-challenges" not in rules_of(check(t, PlayEvent("A", "A.bwb_54.1")))


@pytest.mark.parametrize("with_jon", [True, False])
def test_jon_snow_claims_power_only_after_a_challenge_he_or_ghost_took_part_in(with_jon: bool) -> None:
    """aside96 15 (ability.reaction-trigger), 1st edition Jon Snow (core_136): "Response: After you win a challenge in
    which Jon Snow or Ghost participated, Jon Snow claims 1 power." (read on 90 printings of both editions naming the
    characters, "… in which Theon Greyjoy is participating"): after a won challenge he attacked in, his power is legal;
    after one won by another character alone, it is flagged."""
    from companion.rules.actions import ApplyClaim, GainPower
    assert Catalog.open().card("core_136").won_with == ("participating", "", "name:jon snow|name:ghost")
    t = make_table({"A": {"core_136": 1, "core_81": 1}, "B": {}}, edition="1e", phase="challenges")
    for card in ("A.core_136.1", "A.core_81.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.core_136.1" if with_jon else "A.core_81.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B"))
    gain = GainPower("A", 1, card="A.core_136.1", source="A.core_136.1")
    if with_jon:
        legal(t, gain)
    else:
        assert "ability.reaction-trigger" in rules_of(check(t, gain))
