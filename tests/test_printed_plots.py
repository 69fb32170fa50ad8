"""Plots' printed effects the blind set aside35 found unread (RR: Golden Rule: card text overrides the rules), each
from the card as printed (the card data in ``shared/data``): the record the table writes for them is accepted, and
the move they forbid is flagged in advisory and refused in strict mode."""

from __future__ import annotations

from companion.catalog.store import Catalog
from companion.rules.actions import (
    ApplyClaim,
    ChallengeResult,
    ChoosePlot,
    DeclareDefenders,
    Discard,
    InitiateChallenge,
    Kneel,
    PlayEvent,
    Renown,
    SetFirstPlayer,
    WinDominance,
)
from companion.rules.state import Zone
from companion.rules.values import dominance_winners, hand_count, strength
from tests.tables import (
    flagged_and_refused,
    hand,
    in_play,
    legal,
    make_table,
    military_won_by_a,
    next_phase,
    shadows,
)
from tests.test_printed_abilities import noose_into_standing, plots


def test_noose_and_swordpoint_kneel_line_records_does_not_stand() -> None:
    """aside35 31 (1st edition Noose and Swordpoint: "Characters with STR 2 or lower cannot stand during the standing
    phase."): the log has no "does not stand"; a `kneel` naming the plot as its `source` right after the standing
    phase begins, of a character it kept knelt, is that record, not a second kneel (`kneel.already`). Naming
    nothing or another card, it is a second kneel."""
    t = noose_into_standing()
    assert t.in_play["A.core_18.1"].kneeling and not t.in_play["A.core_37.1"].kneeling
    flagged_and_refused(t, Kneel("A", "A.core_18.1"), "kneel.already")
    flagged_and_refused(t, Kneel("A", "A.core_18.1", source="B.acoa_25.1"), "kneel.already")
    legal(t, Kneel("A", "A.core_18.1", source="A.core_207.1"))
    assert t.in_play["A.core_18.1"].kneeling


def test_each_gains_is_read_from_the_printed_cards() -> None:
    """The sentence "Each <Trait> character you control gains renown …" and the immunity a card gives a kind of
    cards (``each_gains``), read where the whole sentence is that shape; "unique", an attachment's own "Attached
    character gains …" and a condition before it are not this fact."""
    cat = Catalog.open()
    want = {
        "02059": ("yours", "Knight", ("renown",), ("opponents", ("event",))),  # A Tourney for the King
        "01161": ("yours", "Stormborn", ("renown",), None),  # Drogon
        "low_51": ("all+locations", "", (), ("any", ("event",))),  # Calm Before the Storm
        "kr_73": ("yours", "Night's Watch", (), ("any", ("event",))),  # Jon Snow: "… gain "immune to events.""
        "dotn_91": ("yours", "Noble", (), ("opponents", ("event",))),  # Formal Escort (a crest)
        "core_186": ("yours", "Knight", (), ("opponents", ("character",))),  # Tourney for the Hand
        "20026": None,  # Farlen: "Each unique Direwolf character you control gains renown."
        "25026": None,  # Boots: "Attached character gains renown." (``grants_keywords``)
        "25027": None,  # The Old Hawk: "While there is a Summer plot card revealed, each …"
        # icons, and the conditions read after ";"
        "21016": ("yours", "[stark] Army", ("intrigue",), None),  # The Blackfish
        "02045": ("yours", "[thenightswatch];defending", ("military",), None),  # Ser Alliser Thorne
        "07008": ("yours", "Ranger;other", ("power",), None),  # Ser Jaremy Rykker: "Each other Ranger …"
        "19005": ("yours", "Clansman;gold", ("power",), None),  # Milk Snakes: "… with 1 or more gold …"
        "acoa_8": ("all", "Maester", ("military",), None),  # Maester of War: "Each Maester character in play …"
        "dotn_19": ("yours", "Night's Watch", ("military",), None),  # The Rangers
        "bwb_91": ("yours", "Sand Snake", ("intrigue", "stealth"), None),  # Tyene Sand
    }
    assert {code: cat.card(code).each_gains for code in want} == want


def test_an_icon_each_character_of_a_kind_gains_lets_it_be_declared() -> None:
    """The rule ``challenge.icon`` (RR: Challenge Icons) with an icon given to a kind of characters: Ser Alliser
    Thorne "While you are the defending player, each [thenightswatch] character you control gains a [military]
    icon.": Steward at the Wall ([intrigue] only) defends a [military] challenge, but has no [military] icon outside
    one; The Blackfish "Each [stark] Army character you control gains an [intrigue] icon.": Vanguard of the North
    attacks in an [intrigue] challenge; 1st edition The Rangers (an agenda) "Night's Watch characters you control
    gain a [Military] icon.": Maester Aemon (no icon) attacks in a Military challenge; without the giver each is
    flagged."""
    from companion.rules.values import has_icon

    t = make_table({"A": {"01151": 1, "21016": 1}, "B": {"02045": 1, "01133": 1}}, phase="challenges")
    for card in ("A.01151.1", "B.02045.1", "B.01133.1"):
        in_play(t, card)
    assert not has_icon(t, "B.01133.1", "military")  # no challenge under way: B is not the defending player
    alone = t.clone()
    flagged_and_refused(alone.clone(), InitiateChallenge("A", "intrigue", "B", attackers=["A.01151.1"]),
                        "challenge.icon")
    in_play(t, "A.21016.1")
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01151.1"]))
    legal(alone, InitiateChallenge("A", "military", "B", attackers=["A.01151.1"]))
    legal(alone, DeclareDefenders("B", ["B.01133.1"]))  # defending: Alliser's [military]
    for agenda, rule in (({"dotn_19": 1}, ""), ({}, "challenge.icon")):
        first = make_table({"A": {**agenda, "core_151": 1}, "B": {}}, edition="1e", phase="challenges")
        in_play(first, "A.core_151.1")
        attack = InitiateChallenge("A", "military", "B", attackers=["A.core_151.1"])
        flagged_and_refused(first, attack, rule) if rule else legal(first, attack)


def test_a_plot_kills_each_character_its_minus_str_leaves_at_zero() -> None:
    """aside65 07 (RR: Golden Rule; the rule ``ability.killed-at-zero``): Blood of the Dragon (02075) "Each non-Dragon
    character gets -1 STR and is killed if its STR is 0.": Horselord (STR 1) killed naming the plot stands; Bastard in
    Hiding (STR 2) is left at 1, so his kill is flagged."""
    from companion.rules.actions import Kill

    assert Catalog.open().card("02075").kills_at_zero == 1
    t = plots("2e", "02075", "01004", {"15015": 1}, {"01053": 1})
    in_play(t, "A.15015.1")
    in_play(t, "B.01053.1")
    legal(t, Kill("A", "A.15015.1", source="A.02075.1"))
    flagged_and_refused(t, Kill("A", "B.01053.1", source="A.02075.1"), "ability.killed-at-zero")


def test_a_tourney_for_the_king_gives_its_knights_renown_while_revealed() -> None:
    """aside35 18 (A Tourney for the King: "Each Knight character you control gains renown and "immune to opponents'
    events.""): while the plot is revealed the Knight of the Tumblestone (no renown of its own) gains power by
    renown; under another plot the same renown is flagged (`renown.keyword`)."""
    for plot, renowned in (("02059", True), ("01001", False)):
        t = plots("2e", plot, "01004", {"01150": 1}, {})
        next_phase(t, "challenges")
        military_won_by_a(t, "A.01150.1")
        legal(t, ApplyClaim("B", cards=[]))
        if renowned:
            legal(t, Renown("A", ["A.01150.1"]))
            assert t.tokens["A.01150.1"]["power"] == 1
        else:
            flagged_and_refused(t, Renown("A", ["A.01150.1"]), "renown.keyword")


def test_a_tourney_for_the_king_knights_are_immune_to_opponents_events() -> None:
    """A Tourney for the King's "immune to opponents' events": an opponent's event named as the `source` of a kneel
    on the Knight is flagged (`immune.source`); its own player's event, or a Knight under another plot, is not."""
    for plot, immune in (("02059", True), ("01001", False)):
        t = plots("2e", plot, "01004", {"01150": 1, "01159": 1}, {"01159": 1})
        in_play(t, "A.01150.1")
        hand(t, "A.01159.1", "B.01159.1")
        if immune:
            flagged_and_refused(t, Kneel("B", "A.01150.1", source="B.01159.1"), "immune.source")
            legal(t, Kneel("A", "A.01150.1", source="A.01159.1"))
        else:
            legal(t, Kneel("B", "A.01150.1", source="B.01159.1"))


def test_calm_before_the_storm_leaves_an_event_no_character_to_choose() -> None:
    """aside35 34 (1st edition Calm Before the Storm: "Characters and locations are immune to events this round."):
    Distraction ("Choose a character with a Military icon. Kneel that character.") has no character it may choose,
    so it cannot be played (`event.all-immune`), and a kneel naming it on a character is flagged (`immune.source`),
    the player's own too; under another plot it is played."""
    for plot, calm in (("low_51", True), ("core_186", False)):
        t = plots("1e", "acoa_25", plot, {"core_155": 1, "core_18": 1}, {"core_50": 1}, gold=5)
        in_play(t, "A.core_18.1")
        in_play(t, "B.core_50.1")
        hand(t, "A.core_155.1")
        if calm:
            flagged_and_refused(t, PlayEvent("A", "A.core_155.1"), "event.all-immune")
            flagged_and_refused(t, Kneel("A", "A.core_18.1", source="A.core_155.1"), "immune.source")
        else:
            legal(t, PlayEvent("A", "A.core_155.1"))
            legal(t, Kneel("A", "A.core_18.1", source="A.core_155.1"))


def test_rule_by_decree_only_the_player_with_most_cards_discards_down_to_four() -> None:
    """aside35 38 (1st edition Rule by Decree: "When revealed, the player with the most cards in hand chooses and
    discards cards from his hand until he has 4 cards in hand."): Arnolf (5 cards) discarding by it is flagged
    (`discard.not-most-cards`), Bryen (6) discards two, and a third, below 4, is flagged (`discard.below-count`).
    What Bryen discarded by it still counts toward his hand as it was: his second discard (5 against 5) is his."""
    a = {"core_155": 3, "core_18": 2}
    b = {"core_50": 3, "core_52": 3}
    t = make_table({"A": {"core_206": 1, **a}, "B": {"acoa_25": 1, **b}}, edition="1e", phase="plot")
    hand(t, *(f"A.{code}.{n}" for code, k in a.items() for n in range(1, k + 1)))
    hand(t, *(f"B.{code}.{n}" for code, k in b.items() for n in range(1, k + 1)))
    legal(t, ChoosePlot("A", "A.core_206.1"))
    legal(t, ChoosePlot("B", "B.acoa_25.1"))
    legal(t, SetFirstPlayer("A"))
    assert (hand_count(t, "A"), hand_count(t, "B")) == (5, 6)
    flagged_and_refused(t, Discard("A", "A.core_155.1", source="A.core_206.1"), "discard.not-most-cards")
    legal(t, Discard("B", "B.core_50.1", source="A.core_206.1"))
    legal(t, Discard("B", "B.core_50.2", source="A.core_206.1"))
    assert hand_count(t, "B") == 4
    flagged_and_refused(t, Discard("B", "B.core_50.3", source="A.core_206.1"), "discard.below-count")
    assert Catalog.open().card("16033").most_discard_to == 4  # the 2nd edition's "Each player with the most …"


def test_a_song_of_summer_adds_str_while_no_winter_plot_is_revealed() -> None:
    """aside35 10 (A Song of Summer: "While there are no Winter plot cards revealed, each character you control gets
    +1 STR."): against A Noble Cause the two Tumblestone Knights (2 each) attack with 6 and beat Tyrion and the
    Lannisport Merchant (5): a result for the defender is flagged (`challenge.str`); against The Winds of Winter
    (Winter) they have 4 and lose. The opponent's characters get nothing."""
    assert Catalog.open().card("03050").str_each_while == ("no", "Winter", "", 1)
    for b_plot, knight, winner in (("01004", 3, "A"), ("01025", 2, "B")):
        t = plots("2e", "03050", b_plot, {"01150": 2}, {"01089": 1, "01094": 1})
        for card in ("A.01150.1", "A.01150.2", "B.01089.1", "B.01094.1"):
            in_play(t, card)
        assert (strength(t, "A.01150.1"), strength(t, "B.01089.1")) == (knight, 4)
        next_phase(t, "challenges")
        legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01150.1", "A.01150.2"]))
        legal(t, DeclareDefenders("B", ["B.01089.1", "B.01094.1"]))
        flagged_and_refused(t, ChallengeResult(winner="B" if winner == "A" else "A"), "challenge.str")
        legal(t, ChallengeResult(winner=winner))


def test_at_the_palace_of_sorrows_sets_each_characters_str() -> None:
    """aside53 31 (challenge.str; At the Palace of Sorrows, 15050: "Set each character's STR to 3."): a Tumblestone
    Knight (2) attacks Tyrion Lannister (4); with the plot revealed both have 3, a tie the attacker wins: the result
    for the defender is flagged; under A Noble Cause the Knight loses. (2 printings.)"""
    assert Catalog.open().card("15050").str_set == 3
    for a_plot, knight, winner in (("15050", 3, "A"), ("01004", 2, "B")):
        t = plots("2e", a_plot, "01001", {"01150": 1}, {"01089": 1})
        for card in ("A.01150.1", "B.01089.1"):
            in_play(t, card)
        assert strength(t, "A.01150.1") == knight
        next_phase(t, "challenges")
        legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01150.1"]))
        legal(t, DeclareDefenders("B", ["B.01089.1"]))
        flagged_and_refused(t, ChallengeResult(winner="B" if winner == "A" else "A"), "challenge.str")
        legal(t, ChallengeResult(winner=winner))


def test_the_hands_tourney_applies_power_claim_for_a_military_challenge() -> None:
    """aside53 28 (claim.replaced; The Hand's Tourney, 14051: "Forced Interrupt: When claim is applied for a
    [military] challenge, apply [power] claim instead."): with Bob's plot revealed, Alice wins a military challenge:
    Bob killing his Winterfell Steward for the claim is flagged; the claim applied as power claim (naming the plot or
    not) moves 1 power from his faction card to hers. Optional replacements (Trial by Combat, Mya Stone, Temple of the
    Graces, Now It Comes To War: 4 printings) apply when named as the claim's source."""
    from companion.rules.actions import PassTurn

    assert Catalog.open().card("14051").claim_instead == (("military",), "power", True)
    assert Catalog.open().card("09050").claim_instead == (("intrigue", "power"), "military", False)
    t = plots("2e", "01001", "14051", {"01091": 1}, {"01152": 1})
    in_play(t, "A.01091.1")
    in_play(t, "B.01152.1")
    t.players["B"].power = 1
    next_phase(t, "challenges")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01091.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    flagged_and_refused(t, ApplyClaim("B", cards=["B.01152.1"]), "claim.replaced")
    legal(t, ApplyClaim("B", source="B.14051.1"))
    assert (t.players["A"].power, t.players["B"].power, t.zone_of("B.01152.1")) == (2, 0, Zone.PLAY)
    legal(t, PassTurn("A"))


def test_str_while_its_player_has_more_gold_than_each_opponent() -> None:
    """aside53 35 (challenge.str; 1st edition Lord Tyrion's Host: "Lord Tyrion's Host gets +3 STR while you have
    more gold in your gold pool than each opponent."): Bob's Ser Jaime (3) attacks the Host (3): while Alice holds 5
    gold against 2 the Host has 6 and a result for the attacker is flagged; with 2 against 2 it is a tie the attacker
    wins. (Disputed Claim's "While you have more power on your faction card than each opponent, attached character
    gets +2 STR …" is read the same way.)"""
    from companion.rules.actions import PassTurn

    assert Catalog.open().card("lotr_16").str_while == ("more_gold", 3)
    for gold, winner in ((5, "A"), (2, "B")):
        t = plots("1e", "core_181", "acoa_25", {"lotr_16": 1}, {"core_37": 1})
        for card in ("A.lotr_16.1", "B.core_37.1"):
            in_play(t, card)
        next_phase(t, "challenges")
        t.players["A"].gold, t.players["B"].gold = gold, 2
        legal(t, PassTurn("A"))
        legal(t, InitiateChallenge("B", "military", "A", attackers=["B.core_37.1"]))
        legal(t, DeclareDefenders("A", ["A.lotr_16.1"]))
        flagged_and_refused(t, ChallengeResult(winner="B" if winner == "A" else "A"), "challenge.str")
        legal(t, ChallengeResult(winner=winner))


def test_a_1st_edition_season_str_lets_either_result_stand() -> None:
    """1st edition A Song of Summer: "While it is Summer, your characters get +1 STR." When it is Summer is not in the
    rule texts at hand, so the log cannot decide it (``str_season``): the Knight of the Tumblestone (2, or 3 with the
    plot) against Ser Jaime (3) may have won or lost, and neither result is flagged; under another plot the Knight's
    win is `challenge.str`. Dominance is judged with and without the +1 (`dominance.totals` only for neither)."""
    assert Catalog.open().card("ator_20").str_season == ("yours", 1)
    for a_plot, season in (("ator_20", True), ("core_181", False)):
        t = plots("1e", a_plot, "acoa_25", {"core_18": 1}, {"core_37": 1})
        in_play(t, "A.core_18.1")
        in_play(t, "B.core_37.1")
        next_phase(t, "challenges")
        legal(t, InitiateChallenge("A", "military", "B", attackers=["A.core_18.1"]))
        legal(t, DeclareDefenders("B", ["B.core_37.1"]))
        if season:
            legal(t.clone(), ChallengeResult(winner="B"))
            legal(t, ChallengeResult(winner="A"))
        else:
            flagged_and_refused(t, ChallengeResult(winner="A"), "challenge.str")
    t = plots("1e", "ator_20", "acoa_25", {"core_18": 1}, {"core_37": 1})
    for card in ("A.core_18.1", "B.core_37.1"):
        in_play(t, card)
    t.players["A"].gold = t.players["B"].gold = 0
    next_phase(t, "challenges")
    next_phase(t, "dominance")
    assert dominance_winners(t) == {"B", None}  # 2 against 3 as printed, 3 against 3 (a tie) in Summer
    flagged_and_refused(t, WinDominance("A"), "dominance.totals")
    legal(t, WinDominance())


def test_each_character_str_under_a_condition_the_table_shows() -> None:
    """The other conditions of "… each character you control gets +N STR." the table decides (``str_each_while``):
    Holding the Trident "While you control fewer characters than each opponent, each character you control gets +2
    STR.": Tyrion (4) alone against two characters is 6 and wins against 5 (`challenge.str` for the other result),
    and 4 once Tyrion's side has as many; Enemies in Every Shadow "While there are no cards in shadows, each
    character you control gets +1 STR.": +1 until a card lies in a shadows area."""
    t = plots("2e", "00020", "01004", {"01089": 1, "01094": 1}, {"01150": 2})
    for card in ("A.01089.1", "B.01150.1", "B.01150.2"):
        in_play(t, card)
    assert strength(t, "A.01089.1") == 6 and strength(t, "B.01150.1") == 2
    next_phase(t, "challenges")
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01089.1"]))
    legal(t, DeclareDefenders("B", ["B.01150.1", "B.01150.2"]))
    flagged_and_refused(t, ChallengeResult(winner="B"), "challenge.str")
    in_play(t, "A.01094.1")
    assert strength(t, "A.01089.1") == 4
    t = plots("2e", "25099", "01004", {"01089": 1, "01094": 1}, {"01150": 1})
    in_play(t, "A.01089.1")
    assert strength(t, "A.01089.1") == 5
    shadows(t, "B.01150.1")
    assert strength(t, "A.01089.1") == 4


def test_battle_of_oxcross_bars_costly_defenders_in_its_players_first_challenge() -> None:
    """aside35 17 (Battle of Oxcross: "Each character with printed cost 4 or higher cannot be declared as a defender
    during the first challenge you initiate this round."): in the plot's player's first challenge, Eddard Stark (cost
    6) declared as a defender is flagged (`challenge.cannot-be-declared`), the Knight of the Tumblestone (cost 2) is
    not; in its player's second challenge Eddard defends."""
    assert Catalog.open().card("04060").plot_limits[0].defender_cost_first == 4
    t = plots("2e", "04060", "01004", {"01150": 1, "03003": 1}, {"01150": 1, "03003": 1})
    for card in ("A.01150.1", "A.03003.1", "B.01150.1", "B.03003.1"):
        in_play(t, card)
    next_phase(t, "challenges")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01150.1"]))
    flagged_and_refused(t, DeclareDefenders("B", ["B.03003.1"]), "challenge.cannot-be-declared")
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=["B.01150.1"]))
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.03003.1"]))
    legal(t, DeclareDefenders("B", ["B.03003.1"]))


def test_a_symbol_s_characters_get_str_from_a_plot_or_a_location() -> None:
    """aside37 40 and 23 (RR: Golden Rule): 1st edition The Power of Arms "[War] characters you control get +2 STR.":
    Knight of the Tumblestone (STR 2, the War crest) is 4 and beats House Dayne Knight and Lord Edric's Knight (3):
    the defender's win is flagged (`challenge.str`); the opponent's War characters get nothing. 2nd edition The Wall
    "Each [thenightswatch] character you control gets +1 STR.": Ser Waymar Royce is 4, a Lannister character is not
    raised."""
    assert Catalog.open().card("core_200").str_each == ("[War]", 2)
    t = plots("1e", "core_200", "core_204", {"core_18": 1}, {"core_18": 1, "pots_11": 1, "pots_13": 1})
    for card in ("A.core_18.1", "B.core_18.1", "B.pots_11.1", "B.pots_13.1"):
        in_play(t, card)
    assert (strength(t, "A.core_18.1"), strength(t, "B.core_18.1")) == (4, 2)
    next_phase(t, "challenges")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.core_18.1"]))
    legal(t, DeclareDefenders("B", ["B.pots_11.1", "B.pots_13.1"]))
    flagged_and_refused(t, ChallengeResult(winner="B"), "challenge.str")
    legal(t, ChallengeResult(winner="A"))
    t = plots("2e", "01003", "01002", {"01137": 1, "01128": 1}, {"01089": 1})
    for card in ("A.01137.1", "A.01128.1", "B.01089.1"):
        in_play(t, card)
    assert (strength(t, "A.01128.1"), strength(t, "B.01089.1")) == (4, 4)


def test_a_defending_players_plot_raises_the_attackers_claim() -> None:
    """aside37 02 (claim.count; RR: Golden Rule): Desperate Attack "While you are the defending player, raise the claim
    value on the attacking player's revealed plot card by 1.": Bob attacks Alice, who revealed it, with A Clash of
    Kings (claim 1): the claim is 2 and one kill is flagged. Cape Wrath "During [power] challenges in which you are
    the attacking or defending player, …": read for power challenges, either side."""
    cat = Catalog.open()
    assert cat.card("14050").claim_as == ("defending", ("military", "intrigue", "power"), 1)
    assert cat.card("14018").claim_as == ("either", ("power",), 1)
    t = plots("2e", "14050", "01001", {"01089": 1, "01094": 1}, {"01150": 1})
    for card in ("A.01089.1", "A.01094.1", "B.01150.1"):
        in_play(t, card)
    next_phase(t, "challenges")
    t.active_player = "B"
    legal(t, InitiateChallenge("B", "military", "A", attackers=["B.01150.1"]))
    legal(t, DeclareDefenders("A", []))
    legal(t, ChallengeResult())
    flagged_and_refused(t, ApplyClaim("A", ["A.01089.1"]), "claim.count")
    legal(t, ApplyClaim("A", ["A.01089.1", "A.01094.1"]))


def test_a_plot_raises_its_claim_while_its_controller_attacks_with_a_trait() -> None:
    """aside50 19 (claim.count; RR: Golden Rule): Muster the Realm "During a challenge in which you control an
    attacking Army character, raise the claim value on Muster the Realm by 1.": Alice attacks with Drowned Men (Army)
    under it (claim 1): the claim is 2 and one kill is flagged; without an Army attacker it stays 1. Read the same on
    1st edition Ser Emmon Cuy ("During [Power] challenges in which you control at least 1 attacking Rainbow Guard
    character, raise the Claim value on your revealed plot card by 1.")."""
    cat = Catalog.open()
    assert cat.card("02019").claim_trait == ("Army", ("military", "intrigue", "power"), 1)
    assert cat.card("w_61").claim_trait == ("Rainbow Guard", ("power",), 1)
    t = plots("2e", "02019", "01001", {"01073": 1, "01076": 1}, {"01088": 1, "01094": 1})
    for card in ("A.01073.1", "A.01076.1", "B.01088.1", "B.01094.1"):
        in_play(t, card)
    next_phase(t, "challenges")
    t.active_player = "A"
    without = t.clone()
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01073.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    flagged_and_refused(t, ApplyClaim("B", ["B.01088.1"]), "claim.count")
    legal(t, ApplyClaim("B", ["B.01088.1", "B.01094.1"]))
    legal(without, InitiateChallenge("A", "military", "B", attackers=["A.01076.1"]))
    legal(without, DeclareDefenders("B", []))
    legal(without, ChallengeResult())
    flagged_and_refused(without, ApplyClaim("B", ["B.01088.1", "B.01094.1"]), "claim.count")


def test_a_plots_reaction_power_waits_for_its_trigger() -> None:
    """ability.reaction-trigger (aside55 29): A Feast for Crows "Reaction: After you win dominance, gain 2 power for
    your faction.": its power gained naming the revealed plot after its player lost dominance is flagged; after a win,
    legal (a revealed plot's power is read as a card's in play is: A Clash of Kings, City of Ice, Name Day Tourney react
    the same way)."""
    from companion.rules.actions import GainPower

    for a, winner in (("01152", "B"), ("01055", "A")):  # Winterfell Steward (1) or King's Hunting Party (6) vs 2
        t = plots("2e", "01002", "01001", {a: 1}, {"01150": 1})
        for card in (f"A.{a}.1", "B.01150.1"):
            in_play(t, card)
        next_phase(t, "challenges")
        next_phase(t, "dominance")
        legal(t, WinDominance(winner))
        if winner == "B":
            flagged_and_refused(t, GainPower("A", 2, source="A.01002.1"), "ability.reaction-trigger")
        else:
            legal(t, GainPower("A", 2, source="A.01002.1"))


def test_coordinated_attacks_additional_challenge_is_of_another_type_than_one_won() -> None:
    """challenge.additional-type (aside53 27): Coordinated Attack "Reaction: After you win a challenge as the attacking
    player, choose a different challenge type. You may initiate an additional challenge of the chosen type this
    phase.": after a [military] win, a second [military] challenge naming the plot is flagged, a [power] one legal."""
    t = plots("2e", "12049", "01002", {"01150": 2}, {})
    for card in ("A.01150.1", "A.01150.2"):
        in_play(t, card)
    next_phase(t, "challenges")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01150.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult(winner="A"))
    legal(t, ApplyClaim("B"))
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", attackers=["A.01150.2"], source="A.12049.1"),
                        "challenge.additional-type")
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01150.2"], source="A.12049.1"))


def test_a_card_put_into_play_by_its_printed_cost() -> None:
    """play.put-into-play-target (aside53 05): A Time For Wolves "When Revealed: Search your deck for a Direwolf card,
    reveal it, and add it to your hand. If that card's printed cost is 3 or lower, you may put it into play instead.":
    Grey Wind (printed cost 5) put into play naming it is flagged, Shaggydog (2) legal. Read on 22 printings ("put a
    … with printed cost 3 or lower into play": She-Bear, Lionstar, Arianne Martell, The Queen of Thorns, Flea Bottom,
    …; a bracketed "(Printed cost 6 or lower instead if …)" is the bound: Manning the City Walls)."""
    from companion.rules.actions import PutIntoPlay

    t = plots("2e", "03046", "01001", {"01145": 1, "03014": 1}, {})
    flagged_and_refused(t, PutIntoPlay("A", "A.01145.1", source="A.03046.1"), "play.put-into-play-target")
    legal(t, PutIntoPlay("A", "A.03014.1", source="A.03046.1"))


def test_heads_on_spikes_gives_power_only_for_a_discarded_character() -> None:
    """power.if-discarded (aside57 18): Heads on Spikes "When Revealed: Choose an opponent. Discard 1 card at random
    from that player's hand. If that card is a character, gain 2 power for your faction and place the discarded
    character in its owner's dead pile.": after it discards Hear Me Roar! (an event) its 2 power is flagged; after
    it discards a character, legal; with no discard of its own written before, not judged. Read for 4 printings
    (1st edition Harbor Thug "If that card is a character, Harbor Thug claims 1 power", Seaside Urchin "an
    attachment or an event card", Apostle of The Drowned God "a location")."""
    from companion.rules.actions import GainPower

    cat = Catalog.open()
    assert cat.card("01013").power_if_discarded == ("character",)
    assert cat.card("kl_50").power_if_discarded == ("attachment", "event")
    t = plots("2e", "01013", "01001", {}, {"01100": 1, "01091": 1})
    hand(t, "B.01100.1", "B.01091.1")
    legal(t, GainPower("A", 2, source="A.01013.1"))
    legal(t, Discard("A", "B.01100.1", source="A.01013.1"))
    flagged_and_refused(t, GainPower("A", 2, source="A.01013.1"), "power.if-discarded")
    legal(t, Discard("A", "B.01091.1", source="A.01013.1"))
    legal(t, GainPower("A", 2, source="A.01013.1"))


def test_rains_of_autumn_leaves_out_the_income_of_characters_and_locations() -> None:
    """gold.income-amount (aside57 32): Rains of Autumn "Characters and locations do not provide positive gold
    modifiers.": Alice revealed it and controls Lannisport Moneylender ("Limited. +1 Income."): her income is 4, the
    plot's; 5 is flagged. A modifier of -1 written for the plot (aside5 15's way) is its count, not a second one."""
    from companion.rules.actions import CollectIncome

    assert Catalog.open().card("04019").no_positive_gold_modifiers
    t = plots("2e", "04019", "01001", {"01093": 1}, {}, income_taken=False)
    in_play(t, "A.01093.1")
    other = t.clone()
    flagged_and_refused(t, CollectIncome("A", amount=5), "gold.income-amount")
    legal(t, CollectIncome("A"))
    assert t.players["A"].gold == 4
    legal(other, CollectIncome("A", modifier=-1))
    assert other.players["A"].gold == 4
