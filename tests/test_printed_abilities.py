"""Printed sentences the round's checks read (RR: Golden Rule: card text overrides the rules), each from the card as
printed (the card data in ``shared/data``), both modes: an advisory table records a breach with its flag, a strict one
refuses it. Found by the held-out set aside7 (files named in each test)."""

from __future__ import annotations

import pytest

from companion.catalog.store import Catalog
from companion.rules import check, play
from companion.rules.actions import (
    ApplyClaim,
    BeginPhase,
    ChallengeResult,
    ChoosePlot,
    CollectIncome,
    DeclareDefenders,
    DrawCards,
    InitiateChallenge,
    Kill,
    Marshal,
    PassTurn,
    PlayEvent,
    PlayEventFromShadows,
    SaveWithDuplicate,
    SetFirstPlayer,
    WinDominance,
)
from companion.rules.actions.base import Action
from companion.rules.editions import Table
from companion.rules.values import dominance_winner, income
from tests.tables import dead, flagged_and_refused, hand, in_play, legal, make_table, next_phase, rules_of, shadows


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open()


def test_the_sentences_are_read_from_the_printed_cards(catalog: Catalog) -> None:
    facts = {
        "core_37": {"stands_attacking": ("military",), "stands_defending": ("military",)},  # 1e Ser Jaime
        "core_12": {"never_declared": ("attacker",), "no_bypass": True},  # 1e Hodor
        "08045": {"never_declared": ("defender",)},  # Haunted Forest Scout
        "01185": {"alone_defenders": 1},  # The Knight of Flowers
        "02016": {"keeps_gold": True},  # The Long Plan
        "02100": {"opponent_cost": (("character", 1),)},  # Famine
        "core_184": {"no_income_bonuses": True},  # Rains of Autumn
        "core_193": {"opponents_income_zero": True},  # Blockade
        "bwb_60": {"knelt_unkillable": True},  # Stoic Resolve
        "01157": {"play_during": "military", "play_side": None},  # For the North!
        "01063": {"play_during": "challenge", "play_side": "defender"},  # Ours is the Fury
        "01082": {"play_first": True},  # The Kraken's Grasp
        "kotse_48": {"extra_challenges": ("military",), "grants_each": True},  # After the Mummer's Ford
        "01148": {"grants_insight": True},  # Summer: "While you control Bran Stark, he gains insight."
        "01088": {"draws": False, "grants_insight": False},  # The Tickler: neither
    }
    for code, want in facts.items():
        card = catalog.card(code)
        assert {k: getattr(card, k) for k in want} == want, (code, card.name)
    # A sentence with a condition is not read: Hodor (2e) "… cannot be declared as an attacker unless you control Bran
    # Stark."
    hodor = [c for c in catalog.all("2e") if c.name == "Hodor" and c.type == "character"]
    assert hodor and all(c.never_declared == () for c in hodor)


def plots(edition: str, a_plot: str, b_plot: str, a: dict[str, int], b: dict[str, int], gold: int = 0,
          income_taken: bool = True) -> Table:
    t = make_table({"A": {a_plot: 1, **a}, "B": {b_plot: 1, **b}}, edition=edition, phase="plot", gold=gold)
    legal(t, ChoosePlot("A", f"A.{a_plot}.1"))
    legal(t, ChoosePlot("B", f"B.{b_plot}.1"))
    legal(t, SetFirstPlayer("A"))
    legal(t, BeginPhase("draw"))
    legal(t, BeginPhase("marshaling"))
    for p in t.players.values():
        if income_taken:  # income taken without its gold: each test sets the gold it needs
            p.income_round = t.round
    return t


def one_declared_not_the_other(t: Table, kind: str, attackers: tuple[str, str], defenders: tuple[str, str]) -> None:
    """A's challenge of ``kind`` against B: the first of each pair cannot be declared (flagged and refused), the
    second then is."""
    flagged_and_refused(t, InitiateChallenge("A", kind, "B", attackers=[attackers[0]]), "challenge.cannot-be-declared")
    legal(t, InitiateChallenge("A", kind, "B", attackers=[attackers[1]]))
    flagged_and_refused(t, DeclareDefenders("B", [defenders[0]]), "challenge.cannot-be-declared")
    legal(t, DeclareDefenders("B", [defenders[1]]))


def in_its_challenge_only(t: Table, play: Action, rule: str, wrong: tuple[str, str], right: tuple[str, str]) -> None:
    """``play`` right after A initiates a challenge of the wrong type against B (type, attacker) is flagged (``rule``)
    and refused; right after one of the right type it is legal."""
    other = t.clone()
    legal(other, InitiateChallenge("A", wrong[0], "B", attackers=[wrong[1]]))
    flagged_and_refused(other, play, rule)
    legal(t, InitiateChallenge("A", right[0], "B", attackers=[right[1]]))
    legal(t, play)


def to_challenges(t: Table) -> None:
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("challenges"))


def str_there_and_here(t: Table, card: str, there: tuple[str, list[str], int],
                       here: tuple[str, list[str], list[str], int]) -> None:
    """From marshaling, A's challenges against B: ``card``'s STR in one ``there`` (type, attackers, the STR) on a copy
    of the table, then in ``here`` (type, attackers, defenders, the STR), which A wins: a result for B is flagged."""
    from companion.rules.values import strength

    to_challenges(t)
    other = t.clone()
    legal(other, InitiateChallenge("A", there[0], "B", attackers=there[1]))
    assert strength(other, card) == there[2]
    won_by_a(t, here, card)


def won_by_a(t: Table, challenge: tuple[str, list[str], list[str], int], card: str) -> None:
    """In the challenges phase, A's challenge against B (type, attackers, defenders, ``card``'s STR in it), which A
    wins by the STR: a result written for B is flagged, A's stands."""
    from companion.rules.values import strength

    legal(t, InitiateChallenge("A", challenge[0], "B", attackers=challenge[1]))
    legal(t, DeclareDefenders("B", challenge[2]))
    assert strength(t, card) == challenge[3]
    flagged_and_refused(t, ChallengeResult(winner="B"), "challenge.str")
    legal(t, ChallengeResult(winner="A"))


def power_won_unopposed(t: Table, attacker: str) -> None:
    """From marshaling: A's power challenge with ``attacker`` alone, undefended, won and its claim applied."""
    to_challenges(t)
    legal(t, InitiateChallenge("A", "power", "B", attackers=[attacker]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B"))


def through_taxation(t: Table) -> None:
    """Every player passes each phase from marshaling to the taxation phase."""
    for phase in ("challenges", "dominance", "standing", "taxation"):
        while t.active_player is not None:
            legal(t, PassTurn(t.active_player))
        legal(t, BeginPhase(phase))


def test_first_edition_ser_jaime_does_not_kneel_to_attack_or_defend_in_a_military_challenge() -> None:
    """aside7 29, 39: "Ser Jaime Lannister does not kneel to attack or defend during a Military challenge.": he stands
    after defending, and after attacking may attack again in an intrigue challenge."""
    t = plots("1e", "core_181", "acoa_25", {"core_37": 1}, {"core_37": 1, "core_124": 1})
    in_play(t, "A.core_37.1")
    in_play(t, "B.core_37.1")
    in_play(t, "B.core_124.1")
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.core_37.1"]))
    legal(t, DeclareDefenders("B", ["B.core_37.1"]))
    assert not t.in_play["A.core_37.1"].kneeling and not t.in_play["B.core_37.1"].kneeling
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=["B.core_124.1"]))
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.core_37.1"]))
    assert t.in_play["A.core_37.1"].kneeling  # an intrigue challenge: he kneels as any attacker


def test_a_character_that_cannot_attack_or_be_bypassed_by_stealth() -> None:
    """aside7 33: 1st edition Hodor: "Hodor cannot be declared as an attacker. Hodor cannot be bypassed with
    stealth." Salladhor Saan's stealth chooses another character."""
    t = plots("1e", "core_181", "acoa_25", {"core_12": 1, "acoa_62": 1}, {"core_12": 1, "core_124": 1})
    for card in ("A.core_12.1", "A.acoa_62.1", "B.core_12.1", "B.core_124.1"):
        in_play(t, card)
    to_challenges(t)
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", attackers=["A.core_12.1"]),
                        "challenge.cannot-be-declared")
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", attackers=["A.acoa_62.1"], bypassed=["B.core_12.1"]),
                        "challenge.stealth-immune")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.acoa_62.1"], bypassed=["B.core_124.1"]))


def test_the_knight_of_flowers_attacking_alone_allows_one_defender() -> None:
    """aside7 05: "While The Knight of Flowers is attacking alone, the defending player cannot declare more than 1
    character as a defender." With a second attacker, two defenders are fine."""
    lancers = {"01057": 3}
    t = plots("2e", "01001", "00006", {"01185": 1, **lancers}, lancers)
    for card in ("A.01185.1", "A.01057.1", "B.01057.1", "B.01057.2"):
        in_play(t, card)
    to_challenges(t)
    alone = t.clone()
    legal(alone, InitiateChallenge("A", "military", "B", attackers=["A.01185.1"]))
    flagged_and_refused(alone, DeclareDefenders("B", ["B.01057.1", "B.01057.2"]), "challenge.defenders-alone")
    legal(alone, DeclareDefenders("B", ["B.01057.1"]))
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01185.1", "A.01057.1"]))
    legal(t, DeclareDefenders("B", ["B.01057.1", "B.01057.2"]))


def test_the_long_plan_keeps_unspent_gold_through_taxation() -> None:
    """aside7 19: "You do not return unspent gold to the treasury during the taxation phase." Only its player."""
    t = plots("2e", "02016", "01001", {}, {}, gold=3)
    through_taxation(t)
    assert (t.players["A"].gold, t.players["B"].gold) == (3, 0)


def test_famine_raises_each_opponents_cost_to_marshal_a_character() -> None:
    """aside7 13: "Increase the cost for each opponent to marshal each of his or her characters by 1." Vanguard
    Lancer costs Bob 3, not 2; its own player pays the printed 2."""
    t = plots("2e", "02100", "01001", {"01057": 1}, {"01057": 1}, gold=2)
    hand(t, "A.01057.1", "B.01057.1")
    legal(t, Marshal("A", "A.01057.1"))
    assert t.players["A"].gold == 0
    legal(t, PassTurn("A"))
    flagged_and_refused(t, Marshal("B", "B.01057.1"), "gold.insufficient")


def test_rains_of_autumn_and_blockade_change_income() -> None:
    """aside6 38, aside7 34 (1st edition): Rains of Autumn: "Characters, locations, and attachments do not provide
    income bonuses this round." (every player); Blockade: "The income on each opponent's revealed plot card is
    reduced to 0." (its player's own income stands)."""
    catalog = Catalog.open()
    bonus = next(c.code for c in catalog.all("1e") if c.type == "location" and c.bonus("income") == 1)
    t = plots("1e", "core_184", "acoa_25", {bonus: 1}, {bonus: 1})
    in_play(t, f"A.{bonus}.1")
    in_play(t, f"B.{bonus}.1")
    assert income(t, "A") == catalog.card("core_184").income
    assert income(t, "B") == catalog.card("acoa_25").income
    t = plots("1e", "core_193", "acoa_25", {bonus: 1}, {bonus: 1}, income_taken=False)
    in_play(t, f"B.{bonus}.1")
    assert income(t, "A") == catalog.card("core_193").income
    assert income(t, "B") == 1  # the plot's 0 and the location's +1
    legal(t, CollectIncome("A"))


def test_kings_of_summer_and_winter_change_each_plots_gold_and_reserve() -> None:
    """aside56 05, 06, 27, 32 (the rules ``gold.insufficient``, ``reserve.count``): Kings of Summer (04037) "Increase
    the reserve value on each player's revealed plot card by 1. While there are no Winter plot cards revealed, increase
    the gold value on your revealed Summer plot card by 1."; Kings of Winter (04038) "Reduce the reserve value on each
    player's revealed plot card by 1. While you have a Winter plot card revealed, reduce the gold value on each
    opponent's non-Summer plot card by 1.": A Clash of Kings gives 4 - 1 = 3 gold, too few for King's Hunting Party
    (4)."""
    from companion.rules.values import reserve

    t = plots("2e", "01008", "01001", {"04037": 1}, {})  # Calm Over Westeros (Summer: 5 gold, reserve 6)
    assert (income(t, "A"), income(t, "B"), reserve(t, "A"), reserve(t, "B")) == (5 + 1, 4, 6 + 1, 6 + 1)
    t = plots("2e", "01008", "01025", {"04037": 1}, {})  # a Winter plot revealed: no gold, the reserve still
    assert (income(t, "A"), reserve(t, "A"), reserve(t, "B")) == (5, 6 + 1, 5 + 1)
    t = plots("2e", "01001", "01025", {"01055": 1, "01057": 1}, {"04038": 1}, income_taken=False)
    assert (income(t, "A"), reserve(t, "A"), reserve(t, "B")) == (4 - 1, 6 - 1, 5 - 1)
    legal(t, CollectIncome("A"))
    hand(t, "A.01055.1", "A.01057.1")
    flagged_and_refused(t, Marshal("A", "A.01055.1"), "gold.insufficient")
    legal(t, Marshal("A", "A.01057.1"))
    t = plots("2e", "01008", "01025", {}, {"04038": 1})  # a Summer plot keeps its gold
    assert income(t, "A") == 5


def test_a_card_whose_title_was_named_cannot_be_marshaled_this_phase() -> None:
    """name.barred: The Iron Throne (13117) "Reaction: After a phase begins, kneel The Iron Throne to name a card. Until
    the end of the phase, that card cannot be marshaled, played, or put into play." (Varys likewise; Dragonstone
    Convert "Name an event. … events with that title cannot be played."): with King's Hunting Party named in the
    marshaling phase, neither player marshals one (Alice's own too); Vanguard Lancer is legal; with nothing named, not
    barred."""
    from companion.rules.actions.naming import NameChoice

    catalog = Catalog.open()
    assert (catalog.card("13117").names_barred, catalog.card("15026").names_barred) == (("marshal", "play", "put"),
                                                                                       ("play",))
    t = plots("2e", "01001", "01002", {"13117": 1, "01055": 1}, {"01055": 1, "01057": 1}, gold=10)
    in_play(t, "A.13117.1")
    hand(t, "A.01055.1", "B.01055.1", "B.01057.1")
    legal(t.clone(), Marshal("A", "A.01055.1"))  # nothing named
    legal(t, NameChoice("A", "A.13117.1", title="King's Hunting Party"))
    flagged_and_refused(t, Marshal("A", "A.01055.1"), "name.barred")
    legal(t, PassTurn("A"))
    flagged_and_refused(t, Marshal("B", "B.01055.1"), "name.barred")
    legal(t, Marshal("B", "B.01057.1"))


def test_a_challenge_type_named_to_bar_it_cannot_be_initiated() -> None:
    """name.challenge-barred: Parley at Storm's End (14046) "When Revealed: Name a challenge type. Until you reveal a
    new plot card, challenges of that type cannot be initiated.": with military named, Alice's military challenge is
    flagged and her power one legal; Unbowed, Unbent, Unbroken (01120) "… name a challenge type. Until the end of
    the phase, the winner of the challenge cannot initiate challenges of that type." (Benjen Stark's "the losing
    opponent" likewise): Bob's power named bars Alice's power challenge, not Bob's; nothing named, nothing barred."""
    from companion.rules.actions.naming import NameChoice

    catalog = Catalog.open()
    # 1st edition Wars Are Won with Quills "… choose a challenge type. Until the end of the phase, the losing opponent
    # cannot attack or defend during that challenge type.", Alleras "… That player cannot declare attackers …"
    assert {catalog.card(c).names_kind_barred for c in ("01120", "00199", "pots_41", "kr_113")} == {
        ("opponent", "phase")}
    t = plots("2e", "14046", "01002", {"01144": 1}, {"01144": 1})
    in_play(t, "A.01144.1")
    in_play(t, "B.01144.1")
    unnamed = t.clone()
    legal(t, NameChoice("A", "A.14046.1", kind="military"))
    to_challenges(t)
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", attackers=["A.01144.1"]), "name.challenge-barred")
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01144.1"]))
    to_challenges(unnamed)
    legal(unnamed, InitiateChallenge("A", "military", "B", attackers=["A.01144.1"]))
    t = plots("2e", "01001", "01002", {"01144": 1}, {"01144": 1, "01120": 1})
    in_play(t, "A.01144.1")
    in_play(t, "B.01144.1")
    to_challenges(t)
    legal(t, NameChoice("B", "B.01120.1", kind="power"))
    flagged_and_refused(t.clone(), InitiateChallenge("A", "power", "B", attackers=["A.01144.1"]),
                        "name.challenge-barred")
    legal(t, PassTurn("A"))
    legal(t, InitiateChallenge("B", "power", "A", attackers=["B.01144.1"]))


def test_loan_from_the_iron_bank_lowers_its_players_gold_from_the_used_pile_only() -> None:
    """aside57 31 (the rule ``gold.insufficient``): Loan from the Iron Bank (15051) "While Loan from the Iron Bank is
    in your used pile, reduce the gold value on your revealed plot by 1.": in the plot deck it changes nothing; in
    its player's used pile A Clash of Kings gives 4 - 1 = 3 gold, too few for King's Hunting Party (4), and the
    opponent's gold stays."""
    from companion.rules.state import Zone

    assert Catalog.open().card("15051").plot_values == (("income", "you", -1, "", "used", 0),)
    t = plots("2e", "01001", "01008", {"15051": 1, "01055": 1}, {}, income_taken=False)
    assert (income(t, "A"), income(t, "B")) == (4, 5)
    zones = t.players["A"].zones
    zones[Zone.PLOTS].remove("A.15051.1")
    zones[Zone.USED].append("A.15051.1")
    assert (income(t, "A"), income(t, "B")) == (4 - 1, 5)
    legal(t, CollectIncome("A"))
    hand(t, "A.01055.1")
    flagged_and_refused(t, Marshal("A", "A.01055.1"), "gold.insufficient")


def test_ralf_kenning_lowers_each_opponents_income_and_reserve_while_winter() -> None:
    """aside60 16 (``gold.income-amount``, ``reserve.count``): Ralf Kenning (25023, 2 printings) "While there is a
    Winter plot card revealed, reduce the income and reserve values on each opponent's revealed plot card by 1." (two
    values in one sentence: a fact for each): against The Winds of Winter (Winter) Bob's Taxation gives 5 - 1 = 4 gold
    and reserve 6 - 1 = 5, and his income written as 5 is flagged; against A Noble Cause (no Winter) 5 and 6."""
    from companion.rules.actions import CollectIncome
    from companion.rules.values import reserve

    t = plots("2e", "01025", "01024", {"25023": 1}, {}, income_taken=False)
    in_play(t, "A.25023.1")
    assert (income(t, "B"), reserve(t, "B"), reserve(t, "A")) == (5 - 1, 6 - 1, 5)
    flagged_and_refused(t.clone(), CollectIncome("B", amount=5), "gold.income-amount")
    t = plots("2e", "01001", "01024", {"25023": 1}, {}, income_taken=False)
    in_play(t, "A.25023.1")
    assert (income(t, "B"), reserve(t, "B")) == (5, 6)


def test_moat_cailin_lowers_each_opponents_initiative_and_reserve_while_more_winter_than_summer() -> None:
    """aside77 07 (``first-player.chooser``, ``reserve.count``): Moat Cailin (06012) "While there are more Winter plot
    cards than Summer plot cards revealed, reduce the initiative value on each opponent's revealed plot card by 3, and
    the reserve value on each opponent's revealed plot card by 1." (two values, two amounts, one sentence): against
    The Winds of Winter (Winter, initiative 4) Bob's Taxation has initiative 6 - 3 = 3, so Asha wins initiative, and
    reserve 6 - 1 = 5; against A Noble Cause (no Winter) 6 and 6. The Maiden's two values are read the same way."""
    from companion.rules.values import initiative, initiative_winner, reserve

    catalog = Catalog.open()
    assert catalog.card("06012").plot_values == (("initiative", "opponents", -3, "", "more:Winter:Summer", 0),
                                                 ("reserve", "opponents", -1, "", "more:Winter:Summer", 0))
    assert catalog.card("11080").plot_values == (("income", "you", 1, "Winter", "used", 0),
                                                 ("reserve", "you", 1, "Winter", "used", 0))  # Winter Reserves
    t = plots("2e", "01025", "01024", {"06012": 1}, {})
    in_play(t, "A.06012.1")
    assert (initiative(t, "A"), initiative(t, "B"), reserve(t, "A"), reserve(t, "B")) == (4, 6 - 3, 5, 6 - 1)
    assert initiative_winner(t) == "A"
    t = plots("2e", "01004", "01024", {"06012": 1}, {})
    in_play(t, "A.06012.1")
    assert (initiative(t, "B"), reserve(t, "B")) == (6, 6)
    assert initiative_winner(t) == "B"


def test_the_rains_of_castamere_reveals_a_scheme_after_an_intrigue_win_by_five() -> None:
    """ability.reaction-trigger (aside56 08, 30): "The Rains of Castamere" (05045) "Reaction: After you win an
    [intrigue] challenge by 5 or more STR, kneel your faction card to reveal a Scheme plot.": in the challenges phase
    its new plot (no card named: the agenda) is legal after a win by 7 and flagged after a win by 3 (not
    "plot.phase")."""
    from companion.rules.actions import RevealPlot

    assert Catalog.open().card("05045").reveals_new_plot == "self"
    for attackers, flagged in ((["A.01088.1", "A.01093.1", "A.01089.1"], False), (["A.01089.1"], True)):
        t = plots("2e", "01024", "01001", {"05045": 1, "01003": 1, "01088": 1, "01093": 1, "01089": 1},
                  {"01169": 1})
        for card in ("A.01088.1", "A.01093.1", "A.01089.1", "B.01169.1"):
            in_play(t, card)
        to_challenges(t)
        legal(t, InitiateChallenge("A", "intrigue", "B", attackers=attackers))
        legal(t, DeclareDefenders("B", ["B.01169.1"]))
        legal(t, ChallengeResult())
        if flagged:
            assert rules_of(play(t, RevealPlot("A", "A.01003.1"), "strict")) == ["ability.reaction-trigger"]
        else:
            legal(t, RevealPlot("A", "A.01003.1"))


def test_the_rains_of_castamere_keeps_its_schemes_out_of_the_plot_phase() -> None:
    """aside56 07: "The Rains of Castamere" (05045) "During the plot phase, Scheme cards are not considered to be in
    your plot deck.": Alice's Sneak Attack or A Game of Thrones (Scheme) chosen in the plot phase is flagged
    (plot.excluded-in-plot-phase), her Taxation is legal; Bob, without the agenda, chooses his Scheme."""
    for scheme in ("01021", "01003"):
        t = make_table({"A": {"05045": 1, scheme: 1, "01024": 1}, "B": {scheme: 1}}, phase="plot")
        flagged_and_refused(t, ChoosePlot("A", f"A.{scheme}.1"), "plot.excluded-in-plot-phase")
        legal(t, ChoosePlot("A", "A.01024.1"))
        legal(t, ChoosePlot("B", f"B.{scheme}.1"))


def test_summer_harvests_gold_is_the_opponents_printed_gold_and_two() -> None:
    """aside51 21 (RR: Income; the rule ``gold.insufficient``): Summer Harvest (04039, gold "X") "When Revealed: Choose
    an opponent. X is 2 higher than the printed gold value on that player's revealed plot card.": against A Feast for
    Crows (gold 6) its income is 8: Knight of Summer (4) and a Courtesan of the Rose (2) leave 2, too few for Maester
    Lomys (3)."""
    t = plots("2e", "04039", "01002", {"04023": 1, "01187": 1, "01180": 1}, {}, income_taken=False)
    assert income(t, "A") == 8
    legal(t, CollectIncome("A"))
    for card in ("A.04023.1", "A.01187.1", "A.01180.1"):
        hand(t, card)
    legal(t, Marshal("A", "A.04023.1"))
    legal(t, Marshal("A", "A.01187.1"))
    flagged_and_refused(t, Marshal("A", "A.01180.1"), "gold.insufficient")


def test_a_cards_draw_takes_the_number_its_text_prints() -> None:
    """aside51 15 (RR: Golden Rule; the rule ``draw.printed-count``): Starfall Cavalry (04035) "Reaction: After Starfall
    Cavalry enters play, draw 1 card. (3 cards instead if there are 3 or more plot cards in your used pile.)": with an
    empty used pile its draw of 3 is flagged, of 1 legal; with 3 plots in the used pile 3 are legal, 2 (a number it
    does not print, while the deck holds 3) flagged."""
    from companion.catalog.importers import draw_count
    from companion.rules.state import Zone

    assert draw_count("Reaction: After you win a challenge, draw 1 card for each attacking character.") is None
    assert draw_count("Reaction: After Starfall Cavalry enters play, draw 1 card. (3 cards instead if there are 3 or "
                      "more plot cards in your used pile.)") == ((1, 3), 3, "")
    for used, count, rule in ((0, 3, "draw.printed-count"), (0, 1, ""), (3, 3, ""), (3, 2, "draw.printed-count")):
        t = plots("2e", "01001", "01002", {"04035": 1, "01010": 3, "01187": 3}, {}, gold=6)  # a deck of 3
        for copy in range(1, used + 1):  # Counting Coppers, three times in earlier rounds
            t.move(f"A.01010.{copy}", "A", Zone.USED)
        hand(t, "A.04035.1")
        legal(t, Marshal("A", "A.04035.1"))
        draw = DrawCards("A", count, source="A.04035.1")
        flagged_and_refused(t, draw, rule) if rule else legal(t, draw)


def test_renown_while_summer_plots_outnumber_winter_plots() -> None:
    """aside51 11, 21 (RR: Renown; the rule ``renown.keyword``): Knight of Summer (04023) "While there are more Summer
    plot cards than Winter plot cards revealed, Knight of Summer gets +2 STR and gains renown.": under Summer Harvest
    (Summer) against A Feast for Crows its renown is legal; against Winter Festival (Winter), a tie, it is flagged."""
    from companion.rules.actions import Renown

    for b_plot, rule in (("01002", ""), ("04040", "renown.keyword")):
        t = plots("2e", "04039", b_plot, {"04023": 1}, {})
        in_play(t, "A.04023.1")
        power_won_unopposed(t, "A.04023.1")
        renown = Renown("A", ["A.04023.1"])
        flagged_and_refused(t, renown, rule) if rule else legal(t, renown)


def test_stoic_resolve_knelt_characters_cannot_be_killed() -> None:
    """aside7 31: "Knelt characters cannot be killed." (whoever revealed it): a kill of a kneeling character and a
    military claim naming one are flagged; the claim asks only for the standing ones."""
    t = plots("1e", "bwb_60", "acoa_25", {"core_124": 1}, {"core_124": 3})
    for card in ("A.core_124.1", "B.core_124.1", "B.core_124.2", "B.core_124.3"):
        in_play(t, card)
    t.in_play["B.core_124.1"].kneeling = True
    flagged_and_refused(t, Kill("A", "B.core_124.1"), "kill.knelt")
    legal(t.clone(), Kill("A", "B.core_124.2"))
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.core_124.1"]))
    legal(t, DeclareDefenders("B", ["B.core_124.2"]))  # it kneels to defend
    legal(t, ChallengeResult("A"))
    flagged_and_refused(t, ApplyClaim("B", cards=["B.core_124.1"]), "kill.knelt")
    legal(t, ApplyClaim("B", cards=["B.core_124.3"]))  # claim 1 either way; one standing character to choose


def test_a_cards_action_for_the_first_player_only() -> None:
    """aside65 26 (RR: Golden Rule; the rule ``ability.first-player``): Raiding Longship (02032) "Challenges Action:
    If you are the first player, kneel Raiding Longship to choose a defending character without attachments. That
    character does not contribute its STR to this challenge.": Alice, the first player, kneels hers to use it; Bob's
    kneel for it is flagged."""
    from companion.rules.actions import Kneel

    assert Catalog.open().card("02032").play_first is True
    t = plots("2e", "01001", "01002", {"02032": 1, "01072": 1}, {"02032": 1, "01150": 1})
    for card in ("A.02032.1", "A.01072.1", "B.02032.1", "B.01150.1"):
        in_play(t, card)
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01072.1"]))
    legal(t, DeclareDefenders("B", ["B.01150.1"]))
    legal(t, Kneel("A", "A.02032.1", source="A.02032.1"))
    flagged_and_refused(t, Kneel("B", "B.02032.1", source="B.02032.1"), "ability.first-player")


def test_iron_gates_draw_is_the_first_players_only() -> None:
    """aside76 17: Iron Gate (13012) "Challenges Action: If you are the first player, sacrifice Iron Gate to draw 2
    cards.": its draw (a draw whose phase the draw's own check judges) by Bob, not the first player, is flagged;
    Alice's is legal."""
    from companion.rules.actions import DrawCards

    t = plots("2e", "01001", "01002", {"13012": 1, "01072": 5}, {"13012": 1, "01150": 5})
    in_play(t, "A.13012.1")
    in_play(t, "B.13012.1")
    to_challenges(t)
    flagged_and_refused(t, DrawCards("B", 2, source="B.13012.1"), "ability.first-player")
    legal(t, DrawCards("A", 2, source="A.13012.1"))


def test_an_events_printed_play_restriction() -> None:
    """aside7 09, 16 (RR: Event Cards): "Play only during a [military] challenge." (For the North!); "Play only
    during a challenge in which you are the defending player." (Ours is the Fury); "Play only if you are the first
    player." (The Kraken's Grasp)."""
    t = plots("2e", "01001", "00006", {"01157": 1, "01082": 1, "01057": 1}, {"01063": 1, "01057": 1}, gold=5)
    hand(t, "A.01157.1", "A.01082.1", "B.01063.1")
    in_play(t, "A.01057.1")
    in_play(t, "B.01057.1")
    flagged_and_refused(t, PlayEvent("A", "A.01157.1"), "event.play-during")
    to_challenges(t)
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01057.1"]))
    # The Kraken's Grasp chooses a defending character (event.no-side-target): Bob defends.
    flagged_and_refused(t, PlayEvent("A", "A.01082.1"), "event.no-side-target")
    legal(t, DeclareDefenders("B", ["B.01057.1"]))
    legal(t.clone(), PlayEvent("A", "A.01082.1"))  # a Challenges Action; Alice is the first player
    flagged_and_refused(t, PlayEvent("A", "A.01157.1"), "event.play-during")  # a power challenge
    legal(t.clone(), PlayEvent("B", "B.01063.1"))  # Bob defends
    t.first_player = "B"
    v = play(t.clone(), PlayEvent("A", "A.01082.1"), "advisory")
    assert "event.play-first" in rules_of(v)
    t = plots("2e", "01001", "00006", {"01157": 1, "01063": 1, "01144": 1}, {"01057": 1}, gold=5)
    hand(t, "A.01157.1", "A.01063.1")
    in_play(t, "A.01144.1")  # For the North! chooses a participating [stark] character (event.no-target)
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01144.1"]))
    legal(t.clone(), PlayEvent("A", "A.01157.1"))
    flagged_and_refused(t, PlayEvent("A", "A.01063.1"), "event.play-during")  # Alice attacks, she does not defend


def test_sea_of_blood_forbids_its_player_events_in_intrigue_and_power_challenges() -> None:
    """aside56 11: Sea of Blood (12045): "… You cannot play events during [intrigue] or [power] challenges." (RR:
    Golden Rule): Alice's Winter Is Coming ("Play only during a challenge.") is legal in her military challenge and
    flagged in her power challenge (event.barred-during); Bob, without the agenda, plays his in the power challenge."""
    for kind in ("military", "power"):
        t = plots("2e", "01001", "00006", {"12045": 1, "01159": 1, "01150": 1}, {"01159": 1}, gold=5)
        hand(t, "A.01159.1", "B.01159.1")
        in_play(t, "A.01150.1")
        to_challenges(t)
        legal(t, InitiateChallenge("A", kind, "B", attackers=["A.01150.1"]))
        if kind == "military":
            legal(t, PlayEvent("A", "A.01159.1"))
        else:
            flagged_and_refused(t, PlayEvent("A", "A.01159.1"), "event.barred-during")
            legal(t, PlayEvent("B", "B.01159.1"))


def test_an_event_whose_ability_begins_during_a_challenge_type_is_played_only_then() -> None:
    """aside36 18 (event.play-during): 1st edition Lethal Counterattack "Challenges: During a Military challenge,
    kneel 2 of your House Stark characters to kill all attacking characters." is read as played only during a
    military challenge: in a power challenge it is flagged, in a military one legal (also Loyal to the Last, Lashing
    Out, My Mind Is My Weapon); "During a challenge in which …" is a condition not read."""
    from companion.catalog.importers import parse_keywords

    assert parse_keywords("<b>Action:</b> During a challenge in which you are the attacking player, choose a "
                          "defending character.", "Overthrowing the Masters").play_during is None
    t = plots("1e", "core_181", "acoa_25", {"core_81": 1}, {"core_158": 1, "core_23": 1}, gold=5)
    hand(t, "B.core_158.1")
    in_play(t, "A.core_81.1")
    in_play(t, "B.core_23.1")
    to_challenges(t)
    in_its_challenge_only(t, PlayEvent("B", "B.core_158.1"), "event.play-during",
                          ("power", "A.core_81.1"), ("military", "A.core_81.1"))


def test_a_reaction_to_a_kind_of_character_killed_waits_for_one_in_a_dead_pile() -> None:
    """aside36 24 (event.reaction-trigger): 1st edition Retreat "Response: After one of your unique characters is
    killed, return that character to your hand …": played with only Alice's non-unique Lannisport Weaponsmith and
    Bob's unique Ser Ilyn Payne in the dead piles it is flagged; with her unique Stannis Baratheon there, legal (one
    killed before counts: lenient). The kind read: unique, a faction, Traits, whose."""
    from companion.catalog.importers import reacts_to
    from tests.tables import dead

    assert reacts_to("<b>Reaction:</b> After a Lord or Lady character is killed, gain 1 power.") == (
        "killed_such", ";;Lord|Lady", 0, "")
    assert reacts_to("Response: After a Unique [Stark] character is killed, draw 1 card.") == (
        "killed_such", "unique;stark;", 0, "")
    t = make_table({"A": {"core_171": 1, "core_53": 1, "core_72": 1}, "B": {"core_41": 1}}, edition="1e",
                   phase="challenges")
    assert not t.card("A.core_53.1").unique and t.card("B.core_41.1").unique
    hand(t, "A.core_171.1")
    dead(t, "A.core_53.1", "B.core_41.1")
    flagged_and_refused(t, PlayEvent("A", "A.core_171.1"), "event.reaction-trigger")
    dead(t, "A.core_72.1")
    legal(t, PlayEvent("A", "A.core_171.1"))


def test_a_draw_is_read_from_an_effect_that_draws_not_from_a_trigger_that_names_one(catalog: Catalog) -> None:
    """draw.source (RR: Draw; RR: Insight): a draw may name a card whose effect draws ("… kneel Oldtown Scholar to draw
    that many cards."; 1st edition Val "Reveal and draw the top card of your deck."), that has or gives insight, or
    that changes the draw phase's number (Early Frost). A trigger naming a draw draws nothing: Acolyte of the Flame
    ("After the draw phase begins, …"), Torch and Oil ("After an opponent draws a card …"), 1st edition The Iron
    Throne; Highgarden Jester's only draw is its insight ("After Highgarden Jester draws a card using insight, …").
    Varamyr Sixskins's chosen "the Eagle trait, an [intrigue] icon, and insight." gives it insight; Maester of
    Starfall's "loses (choose one): insight, …" neither draws nor gives it."""
    facts = {
        "10041": {"draws": True, "draws_by_insight": False},  # Oldtown Scholar
        "dotn_117": {"draws": True},  # 1st edition Val
        "05052": {"draws": True},  # Early Frost
        "14014": {"draws": False},  # Acolyte of the Flame
        "26090": {"draws": False},  # Torch and Oil
        "kl_49": {"draws": False},  # 1st edition The Iron Throne
        "13083": {"draws": True, "draws_by_insight": True},  # Highgarden Jester
        "04043": {"draws": True, "draws_by_insight": False},  # Renly Baratheon: "… reveal it to draw 1 card."
        "11001": {"draws": True, "grants_insight": True},  # Varamyr Sixskins
        "02076": {"draws": False, "grants_insight": False},  # Maester of Starfall
    }
    for code, want in facts.items():
        card = catalog.card(code)
        assert {k: getattr(card, k) for k in want} == want, (code, card.name)
    t = plots("2e", "01001", "00006", {"14014": 1, "10041": 1}, {})
    in_play(t, "A.14014.1")
    flagged_and_refused(t, DrawCards("A", 1, source="A.14014.1"), "draw.source")


def test_a_draw_names_a_source_that_can_draw() -> None:
    """aside6 24, aside7 03 (RR: Draw; RR: Insight): a draw outside the draw phase names the card effect that
    draws. The Tickler neither draws nor has insight: flagged, unless something its player has in play gives a
    character insight (Summer: "While you control Bran Stark, he gains insight.")."""
    t = plots("2e", "01001", "00006", {"01088": 1, "01148": 1}, {})
    in_play(t, "A.01088.1")
    flagged_and_refused(t, DrawCards("A", 1, source="A.01088.1"), "draw.source")
    # Summer still in the draw deck: no ability of it is active there (RR: In Play and Out of Play).
    flagged_and_refused(t, DrawCards("A", 1, source="A.01148.1"), "draw.source-not-in-play")
    summer = t.clone()
    in_play(summer, "A.01148.1")
    legal(summer, DrawCards("A", 1, source="A.01148.1"))  # a card whose text draws or gives insight
    in_play(t, "A.01148.1")
    legal(t, DrawCards("A", 1, source="A.01088.1"))


def test_first_edition_draw_cap_three_cards_a_round_by_effects() -> None:
    """probe26 17 (1st edition Draw Cap, LCG FAQ; as its rules forum answered: "The Draw Cap limits the number of
    cards you can draw outside of the Draw Phase framework to 3", "only 5 cards total that round"): Golden Tooth
    Mines' draw then Counting Favors' three is a fourth card; a new round starts over. The 2nd edition has none."""
    # Golden Tooth Mines ("Each time you reveal a plot card, draw a card.") draws as the plot is revealed (probe29 17).
    t = make_table({"A": {"core_203": 1, "core_57": 1, "core_124": 3, "core_38": 3, "core_52": 3},
                    "B": {"core_200": 1}}, edition="1e", phase="plot")
    in_play(t, "A.core_57.1")
    legal(t, ChoosePlot("A", "A.core_203.1"))
    legal(t, ChoosePlot("B", "B.core_200.1"))
    legal(t, DrawCards("A", 1, source="A.core_57.1"))
    flagged_and_refused(t, DrawCards("A", 3, source="A.core_203.1"), "draw.cap")
    legal(t, DrawCards("A", 2, source="A.core_203.1"))
    flagged_and_refused(t, DrawCards("A", 1, source="A.core_203.1"), "draw.cap")
    t.round += 1  # a new round starts the count over
    for _ in range(3):
        legal(t, DrawCards("A", 1, source="A.core_203.1"))
    flagged_and_refused(t, DrawCards("A", 1, source="A.core_203.1"), "draw.cap")
    two = plots("2e", "01001", "00006", {"01148": 1, "01057": 3, "01034": 3, "01063": 3}, {})
    in_play(two, "A.01148.1")
    for _ in range(3):
        legal(two, DrawCards("A", 2, source="A.01148.1"))


def test_each_players_additional_challenge_from_another_players_plot() -> None:
    """aside7 39 (1st edition After the Mummer's Ford): "Each player may initiate an additional Military challenge
    this round.": Bob, who did not reveal it, may name it for a second military challenge; a third is flagged."""
    t = plots("1e", "kotse_48", "acoa_25", {"core_124": 3}, {"core_124": 3})
    for n in (1, 2, 3):
        in_play(t, f"A.core_124.{n}")
        in_play(t, f"B.core_124.{n}")
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("challenges"))
    t.active_player = "B"
    for n in (1, 2):
        legal(t, InitiateChallenge("B", "military", "A", attackers=[f"B.core_124.{n}"],
                                   source="A.kotse_48.1" if n == 2 else None))
        legal(t, DeclareDefenders("A", []))
        legal(t, ChallengeResult())
        legal(t, ApplyClaim("A", cards=[f"A.core_124.{n}"]))
    flagged_and_refused(t, InitiateChallenge("B", "military", "A", attackers=["B.core_124.3"], source="A.kotse_48.1"),
                        "challenge.once-per-type")


def test_an_events_additional_challenge_is_one_for_each_play() -> None:
    """aside8 32 (1st edition Citadel Politics: "Challenges: … choose a player. That player may initiate an additional
    Intrigue challenge this phase."; Shadow Politics likewise): the event played once allows one challenge beyond the
    first that names it; a third intrigue challenge naming it again is flagged (challenge.once-per-type)."""
    t = plots("1e", "core_181", "acoa_25", {"core_124": 3, "soo_116": 1, "acoa_8": 1}, {"core_124": 3})
    for n in (1, 2, 3):
        in_play(t, f"A.core_124.{n}")
    in_play(t, "A.acoa_8.1")  # Maester of War: its cost is to kneel a Maester character (RR: Costs)
    hand(t, "A.soo_116.1")
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("challenges"))
    legal(t, PlayEvent("A", "A.soo_116.1"))
    flagged_and_refused(t, _a_third_intrigue_challenge(t, "A.soo_116.1"), "challenge.once-per-type")


def _a_third_intrigue_challenge(t: Table, source: str) -> InitiateChallenge:
    """A's two unopposed intrigue challenges, the second naming ``source``, are legal; the third naming it."""
    for n in (1, 2):
        legal(t, InitiateChallenge("A", "intrigue", "B", attackers=[f"A.core_124.{n}"],
                                   source=source if n == 2 else None))
        legal(t, DeclareDefenders("B", []))
        legal(t, ChallengeResult())
        legal(t, ApplyClaim("B", cards=[]))
    return InitiateChallenge("A", "intrigue", "B", attackers=["A.core_124.3"], source=source)


def test_the_power_behind_the_throne_allows_one_more_intrigue_challenge() -> None:
    """aside38 32 (challenge.once-per-type): 1st edition agenda The Power Behind the Throne "You may initiate and
    additional Intrigue challenge during each challenges phase." (its printed "and"): a second intrigue challenge
    naming it is legal, a third naming it again is flagged."""
    t = plots("1e", "core_181", "acoa_25", {"core_124": 3, "lotr_48": 1}, {"core_124": 3})
    assert t.card("A.lotr_48.1").extra_challenges == ("intrigue",)
    for n in (1, 2, 3):
        in_play(t, f"A.core_124.{n}")
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("challenges"))
    flagged_and_refused(t, _a_third_intrigue_challenge(t, "A.lotr_48.1"), "challenge.once-per-type")


def test_an_event_whose_ability_names_a_phase_is_played_in_that_phase() -> None:
    """aside8 16, 34 (RR: Actions: "Marshaling Action:" only in the marshaling phase; 1st edition "Dominance:"):
    Consolidation of Power in the challenges phase is flagged; in the marshaling phase it is legal. An event whose
    abilities name no one phase ("Action:", "Any Phase:", a Reaction beside it) is not bound."""
    catalog = Catalog.open()
    assert catalog.card("01062").play_phase == "marshaling"
    assert catalog.card("acoa_49").play_phase == "dominance"
    assert catalog.card("01159").play_phase is None  # Winter Is Coming: "Action:"
    t = plots("2e", "01001", "00006", {"01062": 2}, {}, gold=5)
    hand(t, "A.01062.1", "A.01062.2")
    legal(t.clone(), PlayEvent("A", "A.01062.1"))
    to_challenges(t)
    flagged_and_refused(t, PlayEvent("A", "A.01062.2"), "event.play-phase")


def test_what_an_attachment_gives_the_character_it_is_on() -> None:
    """aside8 14, 40 (RR: Golden Rule): Little Bird "Attached character gains an [intrigue] icon."; Old Bear's
    Raven "… gains stealth."; 1st edition Lordship "… gains the Lord trait and a Power icon." and "Limit 1 per
    character." (aside8 33). Without the attachment the icon, the keyword and the trait are not there."""
    catalog = Catalog.open()
    assert (catalog.card("core_140").grants_traits, catalog.card("core_140").grants_icons) == (("Lord",), ("power",))
    assert catalog.card("kl_63").grants_icons == ("intrigue",)  # "… an Intrigue icon. Response: …" on one line
    t = plots("2e", "01001", "00006", {"01057": 2, "01034": 1, "02106": 1}, {"01057": 2})
    for card in ("A.01057.1", "A.01057.2", "B.01057.1", "B.01057.2"):
        in_play(t, card)
    to_challenges(t)
    flagged_and_refused(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01057.1"]), "challenge.icon")
    flagged_and_refused(t, InitiateChallenge("A", "power", "B", attackers=["A.01057.1"], bypassed=["B.01057.1"]),
                        "challenge.stealth-count")
    in_play(t, "A.01034.1", attached_to="A.01057.1")
    in_play(t, "A.02106.1", attached_to="A.01057.2")
    legal(t.clone(), InitiateChallenge("A", "intrigue", "B", attackers=["A.01057.1"]))
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01057.2"], bypassed=["B.01057.1"]))
    # Lordship: a second copy on the same character is flagged.
    t = make_table({"A": {"core_18": 1, "core_140": 2}, "B": {}}, edition="1e")
    in_play(t, "A.core_18.1")
    in_play(t, "A.core_140.1", attached_to="A.core_18.1")
    hand(t, "A.core_140.2")
    flagged_and_refused(t, Marshal("A", "A.core_140.2", attach_to="A.core_18.1"), "attach.one-per-card")
    # aside85 05: Dothraki Steed (14036) "Limit 1 copy per character.": a second on Haggo (14035) is flagged, on
    # another character it is legal.
    t = make_table({"A": {"14035": 1, "01160": 1, "14036": 2}, "B": {}}, gold=10)
    in_play(t, "A.14035.1")
    in_play(t, "A.01160.1")
    in_play(t, "A.14036.1", attached_to="A.14035.1")
    hand(t, "A.14036.2")
    flagged_and_refused(t, Marshal("A", "A.14036.2", attach_to="A.14035.1"), "attach.one-per-card")
    legal(t, Marshal("A", "A.14036.2", attach_to="A.01160.1"))


def test_fortified_position_blanks_every_characters_text_box() -> None:
    """aside8 21: "Treat each character as if its printed text box were blank (except for Traits)." Ser Jaime's
    "does not kneel when declared as an attacker" and a renown that names his own text as its source do nothing."""
    t = plots("2e", "01012", "00006", {"01087": 1}, {"01057": 1})
    in_play(t, "A.01087.1")
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01087.1"]))
    assert t.in_play["A.01087.1"].kneeling
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=[]))
    from companion.rules.actions import Renown

    flagged_and_refused(t, Renown("A", ["A.01087.1"], source="A.01087.1"), "renown.keyword")


def test_noose_and_swordpoint_keeps_weak_characters_knelt() -> None:
    """aside8 27 (1st edition): "Characters with STR 2 or lower cannot stand during the standing phase." The Knight
    of the Tumblestone (STR 2) stays knelt; a STR 3 character stands."""
    t = noose_into_standing()
    assert t.in_play["A.core_18.1"].kneeling and not t.in_play["A.core_37.1"].kneeling


def noose_into_standing() -> Table:
    """Noose and Swordpoint revealed; the Knight of the Tumblestone (STR 2) and Ser Jaime (STR 3) knelt in play; the
    standing phase begun."""
    t = plots("1e", "core_207", "acoa_25", {"core_18": 1, "core_37": 1}, {})
    for card in ("A.core_18.1", "A.core_37.1"):
        in_play(t, card)
        t.in_play[card].kneeling = True
    for phase in ("challenges", "dominance", "standing"):
        while t.active_player is not None:
            legal(t, PassTurn(t.active_player))
        legal(t, BeginPhase(phase))
    return t


def test_an_events_max_per_round_phase_or_challenge() -> None:
    """aside8 16, 34 (RR: Max X per [period]): Take the Black "(Max 1 per round.)": a second copy the same round is
    flagged; Winter Is Coming "(Max 1 per challenge.)": once each challenge."""
    t = plots("2e", "01001", "00006", {"01139": 3, "01057": 2}, {"01057": 2}, gold=20)
    assert (Catalog.open().card("01139").play_max, Catalog.open().card("01139").play_max_per) == (1, "round")
    hand(t, "A.01139.1", "A.01139.2")
    next_phase(t, "challenges")
    next_phase(t, "dominance")  # a Dominance Action, in the window after dominance is determined
    legal(t, WinDominance(dominance_winner(t)))
    legal(t, PlayEvent("A", "A.01139.1"))
    flagged_and_refused(t, PlayEvent("A", "A.01139.2"), "event.play-max")
    t = plots("2e", "01001", "00006", {"01159": 3, "01057": 2}, {"01057": 2}, gold=20)
    hand(t, "A.01159.1", "A.01159.2", "A.01159.3")
    for card in ("A.01057.1", "A.01057.2", "B.01057.1"):
        in_play(t, card)
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01057.1"]))
    legal(t, PlayEvent("A", "A.01159.1"))
    flagged_and_refused(t, PlayEvent("A", "A.01159.2"), "event.play-max")
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=["B.01057.1"]))
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01057.2"]))
    legal(t, PlayEvent("A", "A.01159.2"))  # another challenge


def test_an_attachment_whose_restriction_is_no_longer_met_is_discarded() -> None:
    """1st edition FAQ (3.20): an attachment is discarded at once when its restriction is no longer met; throneteki
    enforces the same after every change. Fishing Net ("Opponent's character only.") on Bob's Vanguard Lancer goes to
    Alice's discard pile when Alice takes control of the Lancer. An attachment an advisory table put somewhere it may
    not lie stays there, as recorded."""
    from companion.rules.actions import TakeControl
    from companion.rules.state import Zone

    t = make_table({"A": {"02052": 2, "01057": 1}, "B": {"01057": 1}}, edition="2e", phase="challenges")
    in_play(t, "B.01057.1")
    in_play(t, "A.01057.1")
    in_play(t, "A.02052.1", attached_to="B.01057.1")
    v = legal(t, TakeControl("A", "B.01057.1"))
    assert t.zone_of("A.02052.1") is Zone.DISCARD and "attachment-invalid" in [n.kind for n in v.notes]
    t = make_table({"A": {"02052": 1, "01057": 1}, "B": {}}, edition="2e")
    in_play(t, "A.01057.1")
    hand(t, "A.02052.1")
    v = play(t, Marshal("A", "A.02052.1", attach_to="A.01057.1"), "advisory")
    assert "attach.restriction" in rules_of(v) and t.zone_of("A.02052.1") is Zone.PLAY


def test_a_characters_strength_counted_from_the_table() -> None:
    """aside6 25: "Tywin Lannister gets +1 STR for each gold in your gold pool." (printed STR 4); "Robert Baratheon
    gets +1 STR for each other kneeling character in play." A `modify` naming the card as its source stands for its
    text instead (the table counted it itself)."""
    from companion.rules.actions import Modify
    from companion.rules.values import strength

    t = make_table({"A": {"01090": 1, "01048": 1, "01057": 2}, "B": {"01057": 1}}, edition="2e", gold=3)
    for card in ("A.01090.1", "A.01048.1", "A.01057.1", "A.01057.2", "B.01057.1"):
        in_play(t, card)
    printed_str = Catalog.open().card("01090").strength or 0
    assert strength(t, "A.01090.1") == printed_str + 3
    t.in_play["A.01057.1"].kneeling = t.in_play["B.01057.1"].kneeling = True
    assert strength(t, "A.01048.1") == (Catalog.open().card("01048").strength or 0) + 2
    legal(t, Modify("A", "str", 1, card="A.01090.1", source="A.01090.1"))
    assert strength(t, "A.01090.1") == printed_str + 1


def test_obara_sand_defends_a_power_challenge_kneeling_and_without_the_icon() -> None:
    """aside7 10: "Obara Sand may be declared as a defender during [power] challenges in which you are the defending
    player, even while kneeling." (she prints only the military icon; throneteki reads it the same). In a military
    challenge, kneeling, she is flagged as any kneeling character is."""
    t = plots("2e", "01001", "00006", {"01057": 2}, {"01108": 1})
    for card in ("A.01057.1", "A.01057.2", "B.01108.1"):
        in_play(t, card)
    t.in_play["B.01108.1"].kneeling = True
    to_challenges(t)
    military = t.clone()
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01057.1"]))
    legal(t, DeclareDefenders("B", ["B.01108.1"]))
    legal(military, InitiateChallenge("A", "military", "B", attackers=["A.01057.1"]))
    flagged_and_refused(military, DeclareDefenders("B", ["B.01108.1"]), "challenge.kneeling")


def test_forgotten_plans_blanks_other_plots_text_outside_the_plot_phase() -> None:
    """Forgotten Plans (02119): "While it is not the plot phase, treat the text box of each revealed non-Scheme plot
    card as if it were blank (except for Traits)." Famine (a Winter plot) then raises no cost in marshaling, while
    The Long Plan (a Scheme) still keeps its player's gold; the plots' printed values stay."""
    catalog = Catalog.open()
    assert catalog.card("02119").blanks_plots and not catalog.card("02100").blanks_plots
    t = plots("2e", "02119", "02100", {"01057": 1}, {"01057": 1}, gold=2)
    hand(t, "A.01057.1")
    legal(t, Marshal("A", "A.01057.1"))  # Famine's +1 counts as blank: the printed 2
    assert t.players["A"].gold == 0
    assert income(t, "B") == catalog.card("02100").income  # a printed value, not text
    # The Long Plan is a Scheme: its text counts, and its player keeps the gold through taxation.
    t = plots("2e", "02119", "02016", {}, {}, gold=3)
    through_taxation(t)
    assert (t.players["A"].gold, t.players["B"].gold) == (0, 3)


def test_kings_landing_dromond_keeps_one_unspent_gold_through_taxation() -> None:
    """King's Landing Dromond (26066): "Reduce the number of unspent gold you return to the treasury during the
    taxation phase by 1." Its controller keeps 1 of 3 unspent gold (aside8 22); the other player returns all."""
    assert Catalog.open().card("26066").kept_gold == 1
    t = plots("2e", "01001", "00006", {"26066": 1}, {}, gold=3)
    in_play(t, "A.26066.1")
    through_taxation(t)
    assert (t.players["A"].gold, t.players["B"].gold) == (1, 0)


def test_first_edition_milk_of_the_poppy_blanks_the_attached_characters_stealth() -> None:
    """aside11 39: 1st edition Milk of the Poppy: "Treat attached character as though its text box were blank (except
    for Traits)." Tyrion's stealth is in his text box: with Milk on him he bypasses nobody; without it he does."""
    assert Catalog.open().card("core_145").blanks_attached
    t = plots("1e", "core_181", "acoa_25", {"core_38": 1}, {"core_145": 1, "core_21": 1})
    in_play(t, "A.core_38.1")
    in_play(t, "B.core_21.1")
    bare = t.clone()
    in_play(t, "B.core_145.1", attached_to="A.core_38.1")
    to_challenges(t)
    flagged_and_refused(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.core_38.1"],
                                             bypassed=["B.core_21.1"]), "challenge.stealth-count")
    to_challenges(bare)
    legal(bare, InitiateChallenge("A", "intrigue", "B", attackers=["A.core_38.1"], bypassed=["B.core_21.1"]))


def test_an_attachment_that_gives_str_and_an_icon() -> None:
    """aside11 38: 1st edition Summer: "Attached character gets +2 STR and gains a Military icon." House Tully
    Recruiter (power icon only, STR 1) attacks in a military challenge with 3 STR."""
    from companion.rules.values import strength

    assert (Catalog.open().card("core_3").grants_str, Catalog.open().card("core_3").grants_icons) == (2, ("military",))
    t = plots("1e", "core_181", "acoa_25", {"core_21": 1, "core_3": 1}, {})
    in_play(t, "A.core_21.1")
    in_play(t, "A.core_3.1", attached_to="A.core_21.1")
    assert strength(t, "A.core_21.1") == 3
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.core_21.1"]))


def test_a_house_only_card_is_played_only_by_that_house() -> None:
    """aside11 33: 1st edition The Lion's Will: "House Lannister only." A Stark player's play is flagged; a Lannister
    player's is not."""
    assert Catalog.open().card("core_162").house_only == "lannister"
    t = make_table({"A": {"core_162": 1}, "B": {"core_162": 1}}, edition="1e", phase="challenges",
                   factions={"A": "stark", "B": "lannister"})
    hand(t, "A.core_162.1", "B.core_162.1")
    flagged_and_refused(t, PlayEvent("A", "A.core_162.1"), "card.house-only")
    assert "card.house-only" not in rules_of(play(t.clone(), PlayEvent("B", "B.core_162.1"), "advisory"))



def test_a_house_only_card_is_held_to_it_however_it_enters_play() -> None:
    """Found by a judge's probe (1st edition Khal Drogo, Gold Cloaks: "House Targaryen only.", "House Lannister
    only."; the Shadows insert plays an event from Shadows "in the same manner as … from a player's hand"): a Stark
    player bringing Gold Cloaks out of Shadows, or putting Khal Drogo into play, is flagged as marshalling it is."""
    from companion.rules.actions import BringOut, PutIntoPlay
    t = make_table({"A": {"kl_25": 1, "core_107": 1}, "B": {}}, edition="1e", phase="challenges",
                   factions={"A": "stark", "B": "lannister"}, gold=10)
    hand(t, "A.core_107.1")
    flagged_and_refused(t, PutIntoPlay("A", "A.core_107.1", from_hand=True), "card.house-only")
    shadows(t, "A.kl_25.1")
    assert "card.house-only" in rules_of(play(t.clone(), BringOut("A", "A.kl_25.1"), "advisory"))


@pytest.mark.parametrize(("edition", "plot", "theon"), [("2e", "01026", "01071"), ("1e", "core_191", "core_38")])
def test_a_character_cannot_be_saved_from_wildfire_assault(edition: str, plot: str, theon: str) -> None:
    """aside11 23, 36: Wildfire Assault: "… kill each character not chosen (cannot be saved)." A duplicate discarded
    to save a character in the plot phase it was revealed in is flagged; in a later phase it is a save as usual."""
    assert Catalog.open().card(plot).unsaveable
    t = make_table({"A": {plot: 1}, "B": {"01001" if edition == "2e" else "acoa_25": 1, theon: 2}}, edition=edition,
                   phase="plot")
    in_play(t, f"B.{theon}.1")
    in_play(t, f"B.{theon}.2", duplicate_of=f"B.{theon}.1")
    legal(t, ChoosePlot("A", f"A.{plot}.1"))
    legal(t, ChoosePlot("B", f"B.{'01001' if edition == '2e' else 'acoa_25'}.1"))
    flagged_and_refused(t, SaveWithDuplicate("B", f"B.{theon}.2"), "save.cannot-be-saved")
    later = t.clone()
    legal(later, SetFirstPlayer("A"))
    legal(later, BeginPhase("draw"))
    legal(later, SaveWithDuplicate("B", f"B.{theon}.2"))


def test_no_save_once_every_player_has_passed_from_fight_to_the_lasts_end_of_phase_kill() -> None:
    """aside63 17 (save.phase-end): Fight to the Last (15036) "Interrupt: When a character you control would be killed,
    save it, stand it, and set its STR to 1 until the end of the phase. At the end of the phase, if that character is
    still in play, kill it (cannot be saved).": a duplicate saves Jon Snow from another kill while the phase goes on;
    once every player has passed, its save is flagged, and the phase's end kills him without a line of its own."""
    from companion.rules.actions import Save
    from companion.rules.state import Zone
    assert Catalog.open().card("15036").phase_end_fate == "dead"
    t = make_table({"A": {}, "B": {"03005": 3, "15036": 1}}, phase="challenges")
    in_play(t, "B.03005.1")
    for copy in ("B.03005.2", "B.03005.3"):
        in_play(t, copy, duplicate_of="B.03005.1")
    hand(t, "B.15036.1")
    t.first_player = t.active_player = "A"
    legal(t, PlayEvent("B", "B.15036.1"))
    legal(t, Save("B", "B.03005.1", source="B.15036.1"))
    legal(t, Kill("B", "B.03005.1"))
    legal(t, SaveWithDuplicate("B", "B.03005.2"))  # another kill, while the phase goes on
    legal(t, Kill("B", "B.03005.1"))
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    flagged_and_refused(t, SaveWithDuplicate("B", "B.03005.3"), "save.phase-end")
    legal(t, BeginPhase("dominance"))
    assert t.zone_of("B.03005.1") is Zone.DEAD


def to_the_draw_phase(t: Table, a_plot: str, b_plot: str) -> None:
    """Both plots revealed, the initiative winner first, the draw phase begun."""
    legal(t, ChoosePlot("A", f"A.{a_plot}.1"))
    legal(t, ChoosePlot("B", f"B.{b_plot}.1"))
    legal(t, SetFirstPlayer(next(s for s in "AB" if "first-player.chooser" not in rules_of(
        play(t.clone(), SetFirstPlayer(s), "advisory")))))
    legal(t, BeginPhase("draw"))


def test_time_of_plenty_and_early_frost_change_the_draw_phases_draw() -> None:
    """aside14 03, 04, 16: Time of Plenty: "Increase the number of cards each player draws in the draw phase by 1.";
    Early Frost: "Reduce …"; both revealed: 2 each. The phone offers the changed count."""
    from companion.rules.offers import round_view
    from companion.rules.roles import Role

    assert Catalog.open().card("05051").draw_phase == (("each", 1),)
    t = make_table({"A": {"05051": 1, "01057": 9}, "B": {"05052": 1, "01057": 9}}, phase="plot")
    to_the_draw_phase(t, "05051", "05052")
    flagged_and_refused(t, DrawCards("A", 3), "draw.count")
    legal(t, DrawCards("A", 2))
    t = make_table({"A": {"05051": 1, "01057": 9}, "B": {"01001": 1, "01057": 9}}, phase="plot")
    legal(t, ChoosePlot("A", "A.05051.1"))
    legal(t, ChoosePlot("B", "B.01001.1"))
    winner = next(s for s in "AB" if "first-player.chooser" not in rules_of(play(t.clone(), SetFirstPlayer(s),
                                                                                  "advisory")))
    legal(t, SetFirstPlayer(winner))
    legal(t, BeginPhase("draw"))
    offered = [o["action"] for o in round_view(t, Role.of_seat("B"))["offers"] if o["action"]["type"] == "draw_cards"]
    assert offered == [{"type": "draw_cards", "player": "B", "count": 3}]
    flagged_and_refused(t, DrawCards("B", 2), "draw.count")
    legal(t, DrawCards("B", 3))


def test_two_copies_of_time_of_plenty_count_once_or_twice() -> None:
    """draw.count (aside64 16): both players reveal Time of Plenty, "Increase the number of cards each player draws in
    the draw phase by 1.": the rule texts do not say whether two copies of one effect add up, so 3 (the effect once)
    and 4 (each copy) are accepted; 2 and 5 are flagged."""
    from companion.rules.actions import WinInitiative

    t = make_table({"A": {"05051": 1, "01057": 9}, "B": {"05051": 1, "01057": 9}}, phase="plot")
    legal(t, ChoosePlot("A", "A.05051.1"))
    legal(t, ChoosePlot("B", "B.05051.1"))
    legal(t, WinInitiative("A"))  # the same plot: initiative and power tied
    legal(t, SetFirstPlayer("A"))
    legal(t, BeginPhase("draw"))
    for wrong in (2, 5):
        flagged_and_refused(t, DrawCards("A", wrong), "draw.count")
    four = t.clone()
    legal(four, DrawCards("A", 4))
    legal(t, DrawCards("A", 3))


def test_an_attachment_that_keeps_its_character_from_attacking_or_defending() -> None:
    """aside14 03, 04, 35: Craven: "Attached character cannot be declared as an attacker."; Fishing Net: "… as a
    defender."; 1st edition Fishing Net: "… as an attacker or defender, and does not count its STR for dominance."."""
    catalog = Catalog.open()
    craven = next(c for c in catalog.all("2e") if c.name == "Craven")
    net = next(c for c in catalog.all("2e") if c.name == "Fishing Net")
    net_1e = next(c for c in catalog.all("1e") if c.name == "Fishing Net")
    assert (craven.attached_never, net.attached_never) == ((("attacker", None),), (("defender", None),))
    assert net_1e.attached_never == (("attacker", None), ("defender", None))
    lancers = {"01057": 2}
    t = plots("2e", "01001", "00006", {**lancers, craven.code: 1}, {**lancers, net.code: 1})
    for card in ("A.01057.1", "A.01057.2", "B.01057.1", "B.01057.2"):
        in_play(t, card)
    in_play(t, f"A.{craven.code}.1", attached_to="A.01057.1")
    in_play(t, f"B.{net.code}.1", attached_to="B.01057.1")
    to_challenges(t)
    one_declared_not_the_other(t, "military", ("A.01057.1", "A.01057.2"), ("B.01057.1", "B.01057.2"))


def test_secret_pact_keeps_its_character_from_attacking_only_its_controller() -> None:
    """aside14 20: Secret Pact: "Attached character cannot be declared as an attacker in challenges against you.":
    Bob's Pact on Alice's Lancer stops it attacking Bob; a Pact of Alice's own on it would not."""
    assert Catalog.open().card("08096").attached_never == (("attacker", "against_you"),)
    lancers = {"01057": 2}
    t = plots("2e", "01001", "00006", lancers, {**lancers, "08096": 1})
    for card in ("A.01057.1", "A.01057.2", "B.01057.1"):
        in_play(t, card)
    own = t.clone()
    in_play(t, "B.08096.1", controller="B", attached_to="A.01057.1")
    in_play(own, "B.08096.1", controller="A", attached_to="A.01057.1")  # controlled by Alice: no one it binds against
    to_challenges(t)
    to_challenges(own)
    flagged_and_refused(t, InitiateChallenge("A", "power", "B", attackers=["A.01057.1"]),
                        "challenge.cannot-be-declared")
    legal(own, InitiateChallenge("A", "power", "B", attackers=["A.01057.1"]))


def test_characters_that_cannot_be_declared_while_a_condition_holds() -> None:
    """aside14 02, 10, 18, 22: Hodor "cannot be declared as an attacker unless you control Bran Stark."; Naive Scout
    "While there is a card in shadows, … cannot be declared as a defender."; King Renly's Host "While there is a
    Winter plot card revealed, …"; Ser Robar Royce "… in the first challenge each player initiates each round."."""
    lancers = {"01057": 2}
    t = plots("2e", "01001", "02100", {"02061": 1, "00280": 1, "04063": 1, **lancers},
              {"11045": 1, "01057": 2, "13089": 1})  # Famine is a Winter plot
    for card in ("A.02061.1", "A.00280.1", "A.04063.1", "A.01057.1", "A.01057.2", "B.11045.1", "B.01057.1"):
        in_play(t, card)
    to_challenges(t)
    for attacker in ("A.02061.1", "A.00280.1", "A.04063.1"):
        flagged_and_refused(t, InitiateChallenge("A", "military", "B", attackers=[attacker]),
                            "challenge.cannot-be-declared")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01057.1"]))
    legal(t.clone(), DeclareDefenders("B", ["B.11045.1"]))  # nothing in shadows yet
    shadowed = t.clone()
    shadows(shadowed, "B.13089.1")
    flagged_and_refused(shadowed, DeclareDefenders("B", ["B.11045.1"]), "challenge.cannot-be-declared")
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=["B.01057.1"]))
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.00280.1"]))  # not Robar's player's first now


def test_plots_that_forbid_limited_cards_in_faction_events_or_a_challenge_without_an_army() -> None:
    """aside14 06, 14, 32: City Blockade: "Limited cards cannot be marshaled, played, or put into play."; Wardens of
    the East: "Each player cannot play in-faction events, …"; 1st edition Muster the Realm!: "Players cannot initiate
    Military challenges unless they control an Army character." (each binds every player)."""
    t = plots("2e", "01001", "25060", {"00355": 1}, {"00355": 1}, gold=5)
    hand(t, "A.00355.1")
    flagged_and_refused(t, Marshal("A", "A.00355.1"), "plot.limits-limited")
    t = make_table({"A": {"01001": 1, "01157": 1}, "B": {"23039": 1, "01157": 1}}, phase="plot",
                   factions={"A": "stark", "B": "lannister"}, gold=5)
    legal(t, ChoosePlot("A", "A.01001.1"))
    legal(t, ChoosePlot("B", "B.23039.1"))
    winner = next(s for s in "AB" if "first-player.chooser" not in rules_of(play(t.clone(), SetFirstPlayer(s),
                                                                                  "advisory")))
    legal(t, SetFirstPlayer(winner))
    for phase in ("draw", "marshaling"):
        legal(t, BeginPhase(phase))
    while t.active_player is not None:
        legal(t, PassTurn(t.active_player))
    legal(t, BeginPhase("challenges"))
    hand(t, "A.01157.1", "B.01157.1")
    assert "plot.limits-in-faction" in rules_of(play(t.clone(), PlayEvent("A", "A.01157.1"), "advisory"))
    assert "plot.limits-in-faction" not in rules_of(play(t.clone(), PlayEvent("B", "B.01157.1"), "advisory"))
    t = plots("1e", "qod_54", "acoa_25", {"core_124": 1, "acoa_1": 1}, {"core_124": 1})
    in_play(t, "A.core_124.1")
    in_play(t, "B.core_124.1")
    to_challenges(t)
    without = t.clone()
    flagged_and_refused(without, InitiateChallenge("A", "military", "B", attackers=["A.core_124.1"]),
                        "plot.limits-challenge-unless-army")
    in_play(t, "A.acoa_1.1")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.core_124.1"]))


def test_a_lower_cost_is_flagged_when_nothing_the_player_has_could_lower_it() -> None:
    """aside15 26, aside7 13 (RR: Costs): A Noble Cause: "Reduce the cost of the first Lord or Lady character you
    marshal this round by 2." A Lady (Melisandre, 5) for 3 is legal; a Handmaiden (neither) for 0 is flagged, and so is
    more than 2 off the Lady. A card that lowers a cost in a shape not read (Northern Refugee: "While there is a Winter
    plot card revealed, reduce the cost to marshal Northern Refugee by 1.") is never flagged."""
    catalog = Catalog.open()
    assert catalog.card("01004").reduces_cost == ((("Lord", "Lady"), ("character",), 2),)
    outriders = catalog.card("04117")
    assert outriders.reduces_unread
    t = plots("2e", "01004", "00006", {"01047": 1, "01169": 1, outriders.code: 1, "01039": 1}, {}, gold=5)
    hand(t, "A.01047.1", "A.01169.1", f"A.{outriders.code}.1")
    legal(t.clone(), Marshal("A", "A.01047.1", cost=3))
    flagged_and_refused(t, Marshal("A", "A.01047.1", cost=2), "marshal.cost-reduced")
    flagged_and_refused(t, Marshal("A", "A.01169.1", cost=0), "marshal.cost-reduced")
    assert "marshal.cost-reduced" not in rules_of(play(t.clone(), Marshal("A", f"A.{outriders.code}.1", cost=0),
                                                       "advisory"))
    # aside16 12: The Kingsroad, sacrificed for it ("Kneel and sacrifice The Kingsroad to reduce the cost of the next
    # character you marshal this phase by 3."), lies in the discard pile when the character is marshalled.
    from companion.rules.state import Zone
    sacrificed = t.clone()
    sacrificed.move("A.01039.1", "A", Zone.DISCARD)
    assert "marshal.cost-reduced" not in rules_of(play(sacrificed, Marshal("A", "A.01169.1", cost=0), "advisory"))


def test_strained_reserves_caps_the_cards_each_player_marshals_or_puts_into_play() -> None:
    """aside14 05: Strained Reserves: "Each player cannot marshal or put into play more than 2 characters, locations,
    or attachments this round. (4 characters, locations, or attachments instead if that player has a Summer plot card
    revealed.)" Bringing a card out of shadows enters play by a card ability and counts; a duplicate does not enter
    play and does not count; events are not capped."""
    from companion.rules.actions import BringOut
    t = plots("2e", "26060", "01008", {"00369": 3, "01039": 1, "00117": 1, "00114": 2},
              {"00369": 3, "00370": 2}, gold=30, income_taken=False)  # Calm Over Westeros is a Summer plot
    hand(t, "A.00369.1", "A.00369.2", "A.00369.3", "A.01039.1", "A.00114.1", "A.00114.2")
    shadows(t, "A.00117.1")
    legal(t, CollectIncome("A"))
    legal(t, Marshal("A", "A.00114.1"))
    legal(t, Marshal("A", "A.00114.2"))  # a duplicate: not counted
    legal(t, Marshal("A", "A.00369.1"))
    flagged_and_refused(t, Marshal("A", "A.01039.1"), "plot.limits-entering")
    flagged_and_refused(t, BringOut("A", "A.00117.1"), "plot.limits-entering")
    over = flagged_and_refused(t, Marshal("A", "A.00369.2"), "plot.limits-entering")
    assert "plot.limits-entering" in rules_of(play(over.clone(), Marshal("A", "A.00369.3"), "advisory"))
    legal(t, PassTurn("A"))
    # Bob has a Summer plot revealed: 4 for him.
    hand(t, "B.00369.1", "B.00369.2", "B.00369.3", "B.00370.1", "B.00370.2")
    legal(t, CollectIncome("B"))
    for card in ("B.00369.1", "B.00369.2", "B.00369.3", "B.00370.1"):
        legal(t, Marshal("B", card))
    flagged_and_refused(t, Marshal("B", "B.00370.2"), "plot.limits-entering")


def test_olennas_study_lets_only_unique_characters_into_intrigue_challenges_and_grants_each_player_one_more() -> None:
    """aside14 15: Olenna's Study: "Each player may initiate an additional [intrigue] challenge each round. Non-unique
    characters cannot be declared as attackers or defenders in [intrigue] challenges." It binds both players,
    whoever controls it; its text counts only while it is in play."""
    t = plots("2e", "01001", "25060", {"16016": 1, "02023": 1, "01180": 1, "00279": 1},
              {"02023": 1, "01181": 1, "02005": 1})
    for card in ("A.16016.1", "A.02023.1", "A.01180.1", "A.00279.1", "B.02023.1", "B.01181.1", "B.02005.1"):
        in_play(t, card)
    to_challenges(t)
    one_declared_not_the_other(t, "intrigue", ("A.02023.1", "A.01180.1"), ("B.02023.1", "B.01181.1"))
    legal(t, ChallengeResult())
    if t.challenges[-1].winner == "A":
        legal(t, ApplyClaim("B", cards=[]))
    # A second intrigue challenge by the Study's grant; a non-unique military attacker is not bound by it.
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.00279.1"], source="A.16016.1"))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=[]))
    legal(t, PassTurn("A"))
    from companion.rules.state import Zone
    without = t.clone()
    without.move("A.16016.1", "A", Zone.DISCARD)
    legal(without, InitiateChallenge("B", "intrigue", "A", attackers=["B.02005.1"]))
    flagged_and_refused(t, InitiateChallenge("B", "intrigue", "A", attackers=["B.02005.1"]),
                        "challenge.cannot-be-declared")
    legal(t, InitiateChallenge("B", "military", "A", attackers=["B.02005.1"]))


def test_an_ambush_card_put_into_play_in_the_challenges_phase_comes_from_the_unnamed_hand() -> None:
    """aside14 20 (RR: Ambush: "pay X gold to put that card into play from your hand"): a card of the draw deck put
    into play by Ambush while drawn cards are not named yet is one of them, so the hand is one card smaller at
    taxation; a card without Ambush put into play from there was searched out of the deck (the hand keeps its
    count)."""
    from companion.rules.actions import PutIntoPlay
    t = plots("2e", "01001", "25060", {"08096": 1, "02095": 1, "00369": 1, "01039": 4}, {"26011": 1})
    t.players["A"].drawn_unnamed = 2  # the draw phase's "drew 2", cards not named
    in_play(t, "B.26011.1")
    to_challenges(t)
    before = t.players["A"].drawn_unnamed
    legal(t, PutIntoPlay("A", "A.08096.1", attach_to="B.26011.1"))  # Secret Pact: Ambush (3)
    assert t.players["A"].drawn_unnamed == before - 1
    legal(t, PutIntoPlay("A", "A.00369.1"))  # no Ambush: searched out of the deck
    assert t.players["A"].drawn_unnamed == before - 1


def test_a_card_put_into_play_from_hand_says_so_and_comes_from_the_hand_in_any_phase() -> None:
    """RR: Put into Play ("from your hand" is where the effect takes it; a card elsewhere cannot be put into play from
    hand): a line with ``from_hand`` takes one of the drawn cards not named yet outside the challenges phase too (the
    Ambush guess covers only the challenges phase), and one naming a card in the discard pile cannot have happened,
    so it is refused in every mode."""
    from companion.rules.actions import PutIntoPlay
    from companion.rules.state import Zone
    t = plots("2e", "01001", "25060", {"02095": 1, "00369": 1, "01039": 4}, {"26011": 1})
    t.players["A"].drawn_unnamed = 2
    before = t.players["A"].drawn_unnamed
    legal(t, PutIntoPlay("A", "A.00369.1", from_hand=True))
    assert t.players["A"].drawn_unnamed == before - 1 and t.zone_of("A.00369.1") is Zone.PLAY
    t.move("A.02095.1", "A", Zone.DISCARD)
    for mode in ("advisory", "strict"):
        v = play(t, PutIntoPlay("A", "A.02095.1", from_hand=True), mode)
        assert rules_of(v) == ["play.put-into-play-from-hand"] and v.impossible and not v.applied
    legal(t, PutIntoPlay("A", "A.02095.1"))  # from the discard pile, as the line no longer says "from hand"


def test_an_insight_draw_follows_a_challenge_its_player_won_with_the_character_once() -> None:
    """aside16 03 (RR: Insight: "After you win a challenge in which a character with insight is participating, draw 1
    card."): Samwell Tarly draws after Alice wins an intrigue challenge he attacks in, once; after a challenge he
    was not in, or one Alice lost, the draw is flagged."""
    t = plots("2e", "01001", "25060", {"01127": 1, "02023": 1, "02005": 1, "01039": 5}, {"02023": 1})
    for card in ("A.01127.1", "A.02023.1", "A.02005.1", "B.02023.1"):
        in_play(t, card)
    to_challenges(t)
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01127.1", "A.02023.1"]))
    legal(t, DeclareDefenders("B", []))
    flagged_and_refused(t, DrawCards("A", 1, source="A.01127.1"), "draw.insight")  # not won yet
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=[]))
    legal(t, DrawCards("A", 1, source="A.01127.1"))
    flagged_and_refused(t, DrawCards("A", 1, source="A.01127.1"), "draw.insight")  # once for the challenge
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.02005.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=["B.02023.1"]))
    flagged_and_refused(t, DrawCards("A", 1, source="A.01127.1"), "draw.insight")  # he was not in this one


def test_a_revealed_plots_reduction_is_applied_to_the_first_card_it_fits_each_round() -> None:
    """Found by a newcomer's game (RR: Costs; a constant ability applies without being asked for): under A Noble
    Cause ("Reduce the cost of the first Lord or Lady character you marshal this round by 2.") Melisandre (a Lady, 5)
    marshalled without a cost costs 3, and the next Lord (Belligerent Heir, 4) the full 4; a Handmaiden (neither)
    before her leaves the reduction for her. Peace and Prosperity reduces the first character by 3, location by 2,
    attachment by 1, each once."""
    t = plots("2e", "01004", "00006", {"01047": 1, "25057": 1, "01169": 1}, {}, gold=20)
    hand(t, "A.01047.1", "A.25057.1", "A.01169.1")
    legal(t, Marshal("A", "A.01169.1"))
    assert t.players["A"].gold == 18
    melisandre = Marshal("A", "A.01047.1")
    assert melisandre.expected_cost(t) == 3
    legal(t, melisandre)
    assert t.players["A"].gold == 15
    assert Marshal("A", "A.25057.1").expected_cost(t) == 4  # Belligerent Heir, a Lord: the reduction is spent
    flagged_and_refused(t, Marshal("A", "A.25057.1", cost=2), "marshal.cost-reduced")
    # Peace and Prosperity: each card type's first once.
    t = plots("2e", "10047", "00006", {"01169": 2, "01039": 2, "00369": 1}, {}, gold=20)
    hand(t, "A.01169.1", "A.01169.2", "A.01039.1", "A.01039.2")
    assert [Marshal("A", c).expected_cost(t) for c in ("A.01169.1", "A.01039.1")] == [0, 0]
    legal(t, Marshal("A", "A.01169.1"))
    legal(t, Marshal("A", "A.01039.1"))
    assert [Marshal("A", c).expected_cost(t) for c in ("A.01169.2", "A.01039.2")] == [2, 1]


def test_a_plot_that_skips_a_phase_this_round() -> None:
    """aside17 22: 1st edition Planning Ahead: "Skip the taxation phase this round.": the plot phase follows the
    standing phase and the unspent gold stays; beginning the taxation phase is flagged. The Withering Cold (2nd
    edition): "Skip the standing phase this round.": taxation follows dominance, and the knelt stay knelt."""
    t = plots("1e", "core_190", "acoa_25", {"core_124": 1}, {"core_124": 1}, gold=3)
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    for phase in ("challenges", "dominance", "standing"):
        next_phase(t, phase)
    flagged_and_refused(t, BeginPhase("taxation"), "phase.skipped")
    from companion.rules.offers import round_view
    from companion.rules.roles import HOST
    assert round_view(t, HOST)["next"]["action"] == {"type": "begin_phase", "phase": "plot"}  # the phone's "Next"
    gold = t.players["A"].gold
    legal(t, BeginPhase("plot"))
    assert t.players["A"].gold == gold and gold > 0
    t = plots("2e", "08060", "25060", {"01057": 1}, {})
    in_play(t, "A.01057.1")
    t.in_play["A.01057.1"].kneeling = True
    to_challenges(t)
    next_phase(t, "dominance")
    flagged_and_refused(t, BeginPhase("standing"), "phase.skipped")
    legal(t, BeginPhase("taxation"))
    assert t.in_play["A.01057.1"].kneeling


def test_an_event_played_this_phase_gives_stealth_to_the_characters_it_names() -> None:
    """Held out aside19 10 and 24: Ours is the Old Way ("Until the end of the phase, either: each [greyjoy] character
    you control gains stealth, …") lets Alice's Greyjoy attacker bypass a defender; Quiet as a Shadow ("Choose a
    unique character with printed cost 3 or lower. Until the end of the phase, that character gains stealth.") cannot
    have chosen Brienne of Tarth (cost 5)."""
    t = plots("2e", "01001", "00006", {"04032": 1, "04099": 1, "01073": 1, "04083": 1}, {"01057": 2},
              gold=10)
    for card in ("A.01073.1", "A.04083.1", "B.01057.1", "B.01057.2"):
        in_play(t, card)
    to_challenges(t)
    hand(t, "A.04032.1", "A.04099.1")
    legal(t, PlayEvent("A", "A.04099.1"))
    flagged_and_refused(t, InitiateChallenge("A", "power", "B", attackers=["A.04083.1"], bypassed=["B.01057.1"]),
                        "challenge.stealth-count")
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", attackers=["A.01073.1"], bypassed=["B.01057.1"]),
                        "challenge.stealth-count")  # Drowned Men have no stealth of their own
    legal(t, PlayEvent("A", "A.04032.1"))
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01073.1"], bypassed=["B.01057.1"]))


def test_an_action_event_waits_for_an_action_window() -> None:
    """Found by a judge's probe (RR: Action Windows; setup has none, the plot phase's opens once the plots are
    revealed): The Dragon's Tail ("Action: Choose an opponent. You and that player each draw 2 cards.") is flagged
    during setup and before the plots are revealed, and legal once they are."""
    from companion.rules.state import Phase
    t = make_table({"A": {"01001": 1, "04001": 2}, "B": {"01002": 1}}, phase="setup", gold=5)
    hand(t, "A.04001.1", "A.04001.2")
    flagged_and_refused(t, PlayEvent("A", "A.04001.1"), "event.no-action-window")
    t.phase = Phase.PLOT
    flagged_and_refused(t, PlayEvent("A", "A.04001.1"), "event.no-action-window")
    legal(t, ChoosePlot("A", "A.01001.1"))
    legal(t, ChoosePlot("B", "B.01002.1"))
    legal(t, SetFirstPlayer("A"))
    legal(t, PlayEvent("A", "A.04001.1"))


def test_an_agendas_reduction_for_loyal_cards_is_read() -> None:
    """Found by a judge's probe (Fealty: "Kneel your faction card to reduce the cost of the next loyal card you marshal
    or play this phase by 1."): loyal Cersei Lannister (4) for 3 is legal; non-loyal Gold Cloaks (4) for 3 is
    flagged."""
    from companion.rules.state import Zone
    t = plots("2e", "01001", "00006", {"01027": 1, "01084": 1, "01092": 1}, {}, gold=10)
    t.move("A.01027.1", "A", Zone.AGENDA)
    hand(t, "A.01084.1", "A.01092.1")
    flagged_and_refused(t, Marshal("A", "A.01092.1", cost=3), "marshal.cost-reduced")
    legal(t, Marshal("A", "A.01084.1", cost=3))


def test_an_ability_paid_by_kneeling_the_faction_card_needs_a_kneel_of_its_own() -> None:
    """aside56 13, 22 (faction.kneel-already): Valyrian Steel "Action: Kneel your faction card and pay X gold to put
    an attachment with printed cost X into play from your hand. Reaction: After an attachment enters play under your
    control, either: draw a card or gain 1 gold."; The Long Voyage "Reaction: After you draw cards in the draw phase,
    kneel your faction card to draw 1 card.". A second put into play with the card still kneeling is flagged; the
    reaction's draw, which kneels nothing, is not."""
    from companion.rules.actions import KneelFaction, PutIntoPlay
    from companion.rules.state import Zone
    assert (Catalog.open().card("13118").faction_kneel_to, Catalog.open().card("16030").faction_kneel_to) == (
        ("put",), ("draw",))
    t = plots("2e", "01001", "00006", {"13118": 1, "01141": 1, "01142": 1, "01033": 1, "01036": 1}, {}, gold=10)
    t.move("A.13118.1", "A", Zone.AGENDA)
    in_play(t, "A.01141.1")
    in_play(t, "A.01142.1")
    hand(t, "A.01033.1", "A.01036.1")
    legal(t, KneelFaction("A"))
    legal(t, PutIntoPlay("A", "A.01033.1", attach_to="A.01142.1", from_hand=True, source="A.13118.1"))
    legal(t, DrawCards("A", 1, source="A.13118.1"))
    flagged_and_refused(t, PutIntoPlay("A", "A.01036.1", attach_to="A.01141.1", from_hand=True,
                                       source="A.13118.1"), "faction.kneel-already")


def test_a_reaction_to_an_event_played_waits_for_one() -> None:
    """aside56 12 (ability.reaction-trigger): Dark Wings, Dark Words "Reaction: After you play an event, draw 1 card.
    (Limit 3 times per round.)": its draw after a marshalled character is flagged, after For the North! it is legal.
    The form is read on 8 cards of both editions (Highgarden Minstrel "After you play a Song event, …": its Trait)."""
    from companion.rules.state import Zone
    assert (Catalog.open().card("16028").reacts_to, Catalog.open().card("06103").reacts_to) == (
        ("event_played", "", 0, ""), ("event_played", "Song", 0, ""))
    t = plots("2e", "01001", "00006", {"16028": 1, "01148": 1, "01157": 1}, {}, gold=10)
    t.move("A.16028.1", "A", Zone.AGENDA)
    in_play(t, "A.01148.1")
    hand(t, "A.01157.1")
    flagged_and_refused(t, DrawCards("A", 1, source="A.16028.1"), "ability.reaction-trigger")
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01148.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, PlayEvent("A", "A.01157.1"))
    legal(t, DrawCards("A", 1, source="A.16028.1"))


def test_a_keyword_gained_by_a_chosen_character_is_judged_on_the_choice() -> None:
    """aside56 09, 10 (ability.target, ability.reaction-trigger): The Brotherhood Without Banners "Reaction:
    After the challenges phase begins, kneel your faction card to choose a neutral character you control. Until the
    end of the phase, that character gains (choose one): insight, intimidate, renown, or stealth.": renown on a Stark
    knight is flagged, stealth in the marshaling phase too; the neutral Wildling Scout in the challenges phase is
    legal. "… that character gains stealth." (Pyke) is read the same: 20 printings of the form."""
    from companion.rules.actions import KneelFaction, Modify
    from companion.rules.state import Zone
    assert Catalog.open().card("04013").targets[0][0] == "modify"
    assert Catalog.open().card("06119").targets[0][:4] == ("modify", "character", "", "neutral")
    t = plots("2e", "01001", "00006", {"06119": 1, "01150": 1, "02078": 1}, {}, gold=10)
    t.move("A.06119.1", "A", Zone.AGENDA)
    in_play(t, "A.01150.1")
    in_play(t, "A.02078.1")
    flagged_and_refused(t, Modify("A", stat="stealth", amount=1, card="A.02078.1", source="A.06119.1"),
                        "ability.reaction-trigger")
    to_challenges(t)
    legal(t, KneelFaction("A"))
    flagged_and_refused(t, Modify("A", stat="renown", amount=1, card="A.01150.1", source="A.06119.1"),
                        "ability.target")
    legal(t, Modify("A", stat="renown", amount=1, card="A.02078.1", source="A.06119.1"))


def test_a_claim_raised_after_a_challenge_won_waits_for_the_win() -> None:
    """aside56 25 (ability.reaction-trigger): The Free Folk "Reaction: After you win a challenge in which you control an
    attacking Wildling character, kneel your faction card to raise the claim value on your revealed plot card by 1
    until the end of the challenge.": its claim +1 after a challenge Adela lost is flagged, after one she won legal."""
    from companion.rules.actions import KneelFaction, Modify
    from companion.rules.state import Zone
    t = plots("2e", "01001", "00006", {"17150": 1, "03040": 1}, {"01148": 1}, gold=10)
    t.move("A.17150.1", "A", Zone.AGENDA)
    in_play(t, "A.03040.1")
    in_play(t, "B.01148.1")
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.03040.1"]))
    won = t.clone()
    legal(t, DeclareDefenders("B", ["B.01148.1"]))
    legal(t, ChallengeResult())
    raised = Modify("A", stat="claim", amount=1, until="challenge", source="A.17150.1")
    flagged_and_refused(t, raised, "ability.reaction-trigger")
    legal(won, DeclareDefenders("B", []))
    legal(won, ChallengeResult())
    legal(won, KneelFaction("A"))
    legal(won, raised)


def test_a_character_without_the_trait_gains_no_power_under_the_faith_militant() -> None:
    """aside56 24 (renown.barred): The Faith Militant "Non-The Seven characters and locations you control cannot gain
    power.": renown on Robb Stark (no The Seven) is flagged under it, legal without it."""
    from companion.rules.actions import Renown
    from companion.rules.state import Zone
    assert Catalog.open().card("08099").power_only_trait == "The Seven"
    for agenda in (True, False):
        t = plots("2e", "01001", "00006", {"08099": 1, "01146": 1} if agenda else {"01146": 1}, {}, gold=10)
        if agenda:
            t.move("A.08099.1", "A", Zone.AGENDA)
        in_play(t, "A.01146.1")
        power_won_unopposed(t, "A.01146.1")
        if agenda:
            flagged_and_refused(t, Renown("A", ["A.01146.1"]), "renown.barred")
        else:
            legal(t, Renown("A", ["A.01146.1"]))


def test_a_noble_cause_gives_renown_to_baratheon_characters_of_printed_cost_2_or_higher_only() -> None:
    """aside56 37 (renown.source): 1st edition A Noble Cause (kr_98) "Your [Baratheon] characters with printed cost 2
    or higher gain renown.": renown naming it for Ser Axell Florent (printed cost 3) is legal, for the Bastard of
    Robert (printed cost 1) flagged: the card named gives him none."""
    from companion.rules.actions import Renown
    from companion.rules.state import Zone
    assert Catalog.open().card("kr_98").each_gains == ("yours", "[baratheon];cost>=2", ("renown",), None)
    for character, flagged in (("core_78", False), ("core_87", True)):
        t = plots("1e", "core_186", "core_204", {"kr_98": 1, character: 1}, {}, gold=10)
        t.move("A.kr_98.1", "A", Zone.AGENDA)
        in_play(t, f"A.{character}.1")
        power_won_unopposed(t, f"A.{character}.1")
        renown = Renown("A", [f"A.{character}.1"], source="A.kr_98.1")
        if flagged:
            flagged_and_refused(t, renown, "renown.source")
        else:
            legal(t, renown)


def test_the_lord_of_the_crossings_power_after_the_third_challenge_only() -> None:
    """aside56 04 (power.nth-challenge): The Lord of the Crossing "During the third challenge you initiate each phase,
    each of your participating characters gets +2 STR. If you win this challenge, gain 1 power for your faction.":
    its power after Adela's first and second challenges is flagged, after her third (won) legal."""
    from companion.rules.actions import ApplyClaim, ChallengeResult, GainPower
    from companion.rules.state import Zone
    assert Catalog.open().card("02060").power_nth_challenge == 3
    t = plots("2e", "01001", "00006", {"02060": 1, "01148": 1, "01143": 1, "01141": 1}, {}, gold=10)
    t.move("A.02060.1", "A", Zone.AGENDA)
    for card in ("A.01148.1", "A.01143.1", "A.01141.1"):
        in_play(t, card)
    to_challenges(t)
    power = GainPower("A", 1, source="A.02060.1")
    for kind, attacker in (("military", "A.01148.1"), ("intrigue", "A.01143.1"), ("power", "A.01141.1")):
        legal(t, InitiateChallenge("A", kind, "B", attackers=[attacker]))
        legal(t, DeclareDefenders("B", []))
        legal(t, ChallengeResult())
        legal(t, ApplyClaim("B", [] if kind == "military" else None))
        if kind != "power":
            flagged_and_refused(t, power, "power.nth-challenge")
    legal(t, power)


def test_an_event_played_only_if_its_player_controls_such_a_character() -> None:
    """Found by a judge's probe (Seen In Flames: "Play only if you control a R'hllor character."; RR: Event Cards):
    flagged while Alice controls no R'hllor character, legal once Melisandre is in play."""
    t = plots("2e", "01001", "00006", {"01064": 2, "01047": 1}, {}, gold=10)
    to_challenges(t)
    hand(t, "A.01064.1", "A.01064.2")
    flagged_and_refused(t, PlayEvent("A", "A.01064.1"), "event.play-if-control")
    in_play(t, "A.01047.1")
    legal(t, PlayEvent("A", "A.01064.1"))


def test_first_edition_littlefinger_counts_the_gold_tokens_in_the_pool() -> None:
    """Found by a judge's probe (1st edition Littlefinger: "Littlefinger gets +1 STR for each gold token in your gold
    pool."): with 5 gold his STR is his printed STR plus 5, as the 2nd edition's "for each gold" is read."""
    from companion.rules.values import strength
    t = make_table({"A": {"core_141": 1}, "B": {}}, edition="1e", phase="dominance", gold=5)
    in_play(t, "A.core_141.1")
    assert strength(t, "A.core_141.1") == (t.card("A.core_141.1").strength or 0) + 5


def test_an_agenda_is_in_play_its_printed_values_count() -> None:
    """An agenda is beside the faction card, in play from the start: Knights of the Hollow Hill (13039) prints "+3
    Income. +2 Initiative. +1 Reserve." and each counts with the revealed plot's value (A Noble Cause: 5 / 0 / 6)."""
    t = plots("2e", "01004", "01004", {"13039": 1}, {})
    hollow, plain = income(t, "A"), income(t, "B")
    assert (hollow, plain) == (5 + 3, 5)
    from companion.rules.values import initiative, reserve

    assert (initiative(t, "A"), reserve(t, "A")) == (0 + 2, 6 + 1)


def test_first_edition_agendas_draw_phase_and_challenges() -> None:
    """probe24 17, 18: The Long Voyage (asots_60) "When you draw during the draw phase, draw 1 additional card." (3);
    Heir to the Iron Throne (qod_48) "You may initiate 2 Power challenges each challenge phase." (one more)."""
    from companion.rules.actions.challenges import challenges_allowed
    from companion.rules.values import draw_phase_cards

    t = plots("1e", "core_203", "core_200", {"asots_60": 1, "qod_48": 1}, {})
    assert (draw_phase_cards(t, "A"), draw_phase_cards(t, "B")) == (3, 2)
    assert (challenges_allowed(t, "A", "power"), challenges_allowed(t, "A", "military")) == (2, 1)


def test_agendas_draw_phase_counts_in_the_words_of_both_editions() -> None:
    """draw.count (aside56 15, 37): Knights of the Realm (16029) "While you control fewer Knight characters than each
    other player, reduce the number of cards you draw in the draw phase by 1." (the 2nd-edition words; "… increase
    … by 1" with more); 1st edition A Noble Cause (kr_98) "You draw 1 less card during the draw phase (to a minimum of
    1).": 1 card each, 2 flagged."""
    t = make_table({"A": {"01024": 1, "16029": 1, "01150": 1, "01057": 9},
                    "B": {"01001": 1, "01113": 2, "01057": 9}}, phase="plot")
    for card in ("A.01150.1", "B.01113.1", "B.01113.2"):
        in_play(t, card)
    to_the_draw_phase(t, "01024", "01001")
    flagged_and_refused(t, DrawCards("A", 2), "draw.count")
    legal(t, DrawCards("A", 1))
    t = make_table({"A": {"core_203": 1, "kr_98": 1, "core_66": 9}, "B": {"core_200": 1, "core_66": 9}},
                   edition="1e", phase="plot")
    to_the_draw_phase(t, "core_203", "core_200")
    flagged_and_refused(t, DrawCards("A", 2), "draw.count")
    legal(t, DrawCards("A", 1))


def test_first_edition_agendas_power_to_win_and_the_treaty_waiver() -> None:
    """probe24 14-16 (1E Rules › Winning the game; card text beats the rules): The Rangers (dotn_19) "You need 2
    additional power to win the game."; Treaty with the North (low_39) "Ignore the out of House gold penalty on all
    [Stark] cards. Each opponent without a Treaty agenda needs 5 fewer power (to a minimum of 10) to win the game."."""
    from companion.rules.values import winning_power

    t = plots("1e", "core_203", "core_200", {"dotn_19": 1}, {"low_39": 1})
    assert (winning_power(t, "A"), winning_power(t, "B")) == (17 - 5, 15)
    t = plots("1e", "core_203", "core_200", {"kl_11": 1}, {"low_39": 1})
    assert (winning_power(t, "A"), winning_power(t, "B")) == (15, 15)  # both run a Treaty agenda: neither is reduced
    t = plots("1e", "core_203", "core_200", {}, {"low_39": 1})
    assert winning_power(t, "A") == 10
    t = plots("1e", "core_203", "core_200", {"core_18": 1}, {"core_18": 1, "low_39": 1})
    t.players["A"].faction = t.players["B"].faction = "lannister"
    stark = t.cards["core_18"]
    assert (t.gold_penalty("A", stark), t.gold_penalty("B", stark)) == (2, 0)


def test_a_search_into_the_hand_names_its_card_and_is_not_a_draw() -> None:
    """probe26 18: Summons (01022) "When Revealed: Search the top 10 cards of your deck for a character, reveal it, and
    add it to your hand." is recorded as a `draw` of that card naming Summons; the 1st edition's Summoning Season
    (core_181, a plot: "… put it into your hands") likewise, and a search is no draw for the Draw Cap."""
    from companion.rules.actions import Draw
    from companion.rules.state import Zone

    t = revealed("2e", "01022", "01001", {"01057": 2, "01059": 1}, {})
    legal(t, Draw("A", "A.01057.1", source="A.01022.1"))
    assert t.zone_of("A.01057.1") is Zone.HAND
    t = revealed("1e", "core_181", "core_200", {"kr_86": 1, "core_124": 3, "core_38": 3}, {})
    legal(t, Draw("A", "A.core_124.1", source="A.core_181.1"))
    legal(t, BeginPhase("draw"))
    legal(t, BeginPhase("marshaling"))
    in_play(t, "A.kr_86.1")  # Ashemark Knight: "Any Phase: Discard a card from your hand to draw 1 card."
    for _ in range(3):
        legal(t, DrawCards("A", 1, source="A.kr_86.1"))


def test_a_look_at_the_top_cards_that_adds_one_to_the_hand_names_its_card() -> None:
    """aside53 22 (draw.source; RR: Draw): Dorne (10017) "Reaction: After you lose a challenge, look at the top 2
    cards of your deck. Add 1 to your hand, and place the other on the bottom of your deck." is recorded as a draw of
    1 naming Dorne, after its player lost: the card comes from the deck as a search's does (8 printed cards of both
    editions, e.g. Greenblood Trader "Add up to 1 of those cards to your hand", 1st edition Shade of the Evening
    "put 1 into your hand")."""
    from companion.catalog.importers import _SEARCHES_HAND

    assert _SEARCHES_HAND.search("look at the top 3 cards of your deck (5 if it is Summer), put 1 into your hand")
    assert not _SEARCHES_HAND.search("look at the top card of your deck. You may put that card on the bottom of "
                                     "your deck.")  # Green Dreams: nothing comes to the hand
    t = plots("2e", "01001", "00006", {"01088": 1}, {"10017": 1})
    in_play(t, "A.01088.1")
    in_play(t, "B.10017.1")
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01088.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=[]))
    legal(t, DrawCards("B", 1, source="B.10017.1"))


def test_a_card_taken_from_the_deck_into_the_hand_is_written_as_its_draw(catalog: Catalog) -> None:
    """aside51 16 (RR: Draw: the rule ``draw.source``): Lordsport Fisherman (04051) "Reaction: After you marshal
    Lordsport Fisherman, add the bottom card of your deck to your hand." is written as a draw of 1 naming it (the log
    has no "bottom of the deck"): its text takes a card from the deck into the hand, as a search does; the same words
    in the 1st edition: Marbrand Outrider (cad_88) "… reveal the top card of your deck and add it to your hand."."""
    t = plots("2e", "01001", "01002", {"04051": 1, "01088": 1}, {}, gold=3)
    hand(t, "A.04051.1")
    legal(t, Marshal("A", "A.04051.1"))
    legal(t, DrawCards("A", 1, source="A.04051.1"))
    in_play(t, "A.01088.1")  # The Tickler: its text takes nothing into the hand
    flagged_and_refused(t, DrawCards("A", 1, source="A.01088.1"), "draw.source")
    assert [catalog.card(code).searches_hand for code in ("cad_88", "btns_19", "core_45")] == [True] * 3


def revealed(edition: str, a_plot: str, b_plot: str, a: dict[str, int], b: dict[str, int]) -> Table:
    """Both plots revealed and the first player chosen: the plot phase's when-revealed abilities are next."""
    t = make_table({"A": {a_plot: 1, **a}, "B": {b_plot: 1, **b}}, edition=edition, phase="plot")
    legal(t, ChoosePlot("A", f"A.{a_plot}.1"))
    legal(t, ChoosePlot("B", f"B.{b_plot}.1"))
    legal(t, SetFirstPlayer("A"))
    return t


def test_a_when_revealed_draw_takes_the_number_its_text_prints_now() -> None:
    """draw.printed-count, draw.when-revealed-count (RR: When Revealed; its count read once, ``Card.draw_count``): City
    Fair (00374) "When Revealed: Draw 1 card. (2 cards instead if there is a City plot card in your used pile.)":
    with no City plot in the used pile a "drew 2" by it is flagged, and so is a second card named as drawn by it;
    with City of Secrets (City) there, both are legal."""
    from companion.rules.actions import Draw
    from companion.rules.state import Zone

    for city in (False, True):
        t = revealed("2e", "00374", "01002", {"01057": 5, "13019": 1}, {})
        if city:
            t.move("A.13019.1", "A", Zone.USED)
        drew, named = t.clone(), t
        legal(named, Draw("A", "A.01057.1", source="A.00374.1"))
        if city:
            legal(drew, DrawCards("A", 2, source="A.00374.1"))
            legal(named, Draw("A", "A.01057.2", source="A.00374.1"))
        else:
            flagged_and_refused(drew, DrawCards("A", 2, source="A.00374.1"), "draw.printed-count")
            flagged_and_refused(named, Draw("A", "A.01057.2", source="A.00374.1"), "draw.when-revealed-count")


def test_a_when_revealed_draw_or_search_resolves_in_the_plot_phase_as_printed() -> None:
    """probe27 08, 20, 23; probe28 04-07 (RR: When Revealed; RR: Appendix I › 1.3, 2.2; Tournament Regulations:
    Missed Opportunities): Counting Coppers' "When Revealed: Draw 3 cards." and Summons' "Search the top 10 cards of
    your deck for a character, reveal it, and add it to your hand." resolve in the plot phase: three named cards by
    Counting Coppers, one character by Summons; the draw phase's draw is 2 cards, named one by one too."""
    from companion.rules.actions import Draw

    t = revealed("2e", "01022", "01010", {"01057": 2, "01059": 3}, {"01057": 5, "01059": 3})
    summons = t.clone()
    flagged_and_refused(summons, Draw("A", "A.01059.1", source="A.01022.1"), "draw.search-type")  # a location
    legal(summons, Draw("A", "A.01057.1", source="A.01022.1"))
    flagged_and_refused(summons, Draw("A", "A.01057.2", source="A.01022.1"), "draw.when-revealed-count")
    for copy in (1, 2, 3):
        legal(t, Draw("B", f"B.01057.{copy}", source="B.01010.1"))
    flagged_and_refused(t, Draw("B", "B.01057.4", source="B.01010.1"), "draw.when-revealed-count")
    legal(t, BeginPhase("draw"))
    legal(t, Draw("B", "B.01057.4"))
    legal(t, Draw("B", "B.01057.5"))
    flagged_and_refused(t, Draw("A", "A.01057.1", source="A.01022.1"), "draw.when-revealed-phase")  # missed
    legal(t, Draw("A", "A.01057.1"))
    legal(t, Draw("A", "A.01057.2"))
    flagged_and_refused(t, Draw("A", "A.01059.1"), "draw.count")  # a third card


def test_first_edition_stannis_attacking_forbids_defenders_to_a_player_without_a_lord() -> None:
    """probe24 08: Stannis Baratheon (core_72) "While Stannis Baratheon is attacking and the defending player controls
    no Lord characters, that player cannot declare defenders." (card text beats the rules: 1E Rules › Golden rule)."""
    t = plots("1e", "core_203", "core_200", {"core_72": 1}, {"core_18": 1, "core_5": 1})
    in_play(t, "A.core_72.1")
    in_play(t, "B.core_18.1")
    lordless = t.clone()
    to_challenges(lordless)
    legal(lordless, InitiateChallenge("A", "military", "B", attackers=["A.core_72.1"]))
    flagged_and_refused(lordless, DeclareDefenders("B", ["B.core_18.1"]), "challenge.defenders-need-trait")
    legal(lordless, DeclareDefenders("B", []))
    in_play(t, "B.core_5.1")  # Eddard Stark, a Lord: Bob may defend
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.core_72.1"]))
    legal(t, DeclareDefenders("B", ["B.core_18.1"]))


def test_an_events_reaction_waits_for_its_trigger(catalog: Catalog) -> None:
    """probe20 06, probe26 15 (RR: Triggered Abilities; RR: Event Cards; 1st edition "Response:"): an event whose only
    ability reacts to a result is played right after that result, for its player. Put to the Sword: "Reaction: After
    you win a [military] challenge by 5 or more STR as the attacking player, …"; Like Warm Rain: "Reaction: After you
    lose an [intrigue] challenge as the defending player, …"; 1st edition Kings in the North: "Response: Play after you
    win dominance."."""
    assert catalog.card("01041").reacts_to == ("win_challenge", "military", 5, "attacker")
    assert catalog.card("01158").reacts_to == ("lose_challenge", "intrigue", 0, "defender")
    assert catalog.card("core_157").reacts_to == ("win_dominance", "", 0, "")
    assert catalog.card("01157").reacts_to is None  # For the North!: an action
    t = plots("2e", "01001", "01002", {"01041": 1, "01087": 1, "01091": 1}, {"01158": 1, "01057": 1}, gold=2)
    hand(t, "A.01041.1", "B.01158.1")
    for card in ("A.01087.1", "A.01091.1", "B.01057.1"):
        in_play(t, card)
    to_challenges(t)
    flagged_and_refused(t, PlayEvent("A", "A.01041.1"), "event.reaction-trigger")  # no challenge yet
    won_by_6 = t.clone()
    legal(won_by_6, InitiateChallenge("A", "military", "B", attackers=["A.01087.1", "A.01091.1"]))
    flagged_and_refused(won_by_6, PlayEvent("A", "A.01041.1"), "event.reaction-trigger")  # not won yet
    legal(won_by_6, DeclareDefenders("B", ["B.01057.1"]))
    legal(won_by_6, ChallengeResult("A"))  # Ser Jaime Lannister 5 and Burned Men 2 STR against Vanguard Lancer's 1
    legal(won_by_6.clone(), PlayEvent("A", "A.01041.1"))
    flagged_and_refused(won_by_6, PlayEvent("B", "B.01158.1"), "event.reaction-trigger")  # a [military] loss
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01087.1"]))
    legal(t, DeclareDefenders("B", ["B.01057.1"]))
    legal(t, ChallengeResult("A"))  # 5 against 1: won by 4
    flagged_and_refused(t, PlayEvent("A", "A.01041.1"), "event.reaction-trigger")
    t = plots("1e", "core_181", "acoa_25", {"core_37": 1}, {"core_157": 1, "core_12": 1})
    hand(t, "B.core_157.1")
    in_play(t, "A.core_37.1")
    in_play(t, "B.core_12.1")
    through_taxation_to("dominance", t)
    flagged_and_refused(t, PlayEvent("B", "B.core_157.1"), "event.reaction-trigger")  # dominance not yet determined
    won = t.clone()
    legal(won, WinDominance("B", reason="as the table counted it"))
    legal(won, PlayEvent("B", "B.core_157.1"))
    legal(t, WinDominance("A", reason="as the table counted it"))
    flagged_and_refused(t, PlayEvent("B", "B.core_157.1"), "event.reaction-trigger")  # Bob lost it


def test_a_reaction_to_losing_an_unopposed_challenge_waits_for_that_loss(catalog: Catalog) -> None:
    """aside59 14 (event.reaction-trigger): Burning on the Sand "Reaction: After you lose an unopposed challenge, set
    the claim value on the winning opponent's revealed plot card to 0 until the end of the challenge." is played by
    the defender who lost a challenge without defenders, not by its winner, nor after a loss with defenders."""
    assert catalog.card("04076").reacts_to == ("lose_unopposed", "", 0, "")
    assert catalog.card("01071").reacts_to == ("unopposed", "", 0, "")  # Theon: "After you win an unopposed …"
    t = plots("2e", "01001", "01002", {"01087": 1, "04076": 1}, {"01057": 1, "04076": 1})
    hand(t, "A.04076.1", "B.04076.1")
    in_play(t, "A.01087.1")
    in_play(t, "B.01057.1")
    to_challenges(t)
    opposed = t.clone()
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01087.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    flagged_and_refused(t.clone(), PlayEvent("A", "A.04076.1"), "event.reaction-trigger")  # Alice won it
    legal(t, PlayEvent("B", "B.04076.1"))
    legal(opposed, InitiateChallenge("A", "military", "B", attackers=["A.01087.1"]))
    legal(opposed, DeclareDefenders("B", ["B.01057.1"]))
    legal(opposed, ChallengeResult())  # lost against a defender: not unopposed
    flagged_and_refused(opposed, PlayEvent("B", "B.04076.1"), "event.reaction-trigger")


def test_a_format_note_is_no_second_ability(catalog: Catalog) -> None:
    """aside59 15 (event.reaction-trigger): Compelled by the King "Reaction: After the dominance phase begins, choose
    and stand a character you control. … <b>Draft format only.</b>": the format line is no label, so the reaction is
    its one triggered ability: played in the challenges phase it is flagged, once the dominance phase begins legal."""
    from companion.catalog.importers import without_format_notes

    assert without_format_notes({"text": "<b>Action:</b> Draw 1 card.\n<b>Melee format only.</b>"})["text"] == (
        "<b>Action:</b> Draw 1 card.")
    assert catalog.card("00009").reacts_to == ("phase_begins", "dominance", 0, "")
    t = plots("2e", "01001", "01002", {"00009": 1, "01087": 1}, {})
    hand(t, "A.00009.1")
    in_play(t, "A.01087.1")
    to_challenges(t)
    flagged_and_refused(t, PlayEvent("A", "A.00009.1"), "event.reaction-trigger")
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("dominance"))
    legal(t, PlayEvent("A", "A.00009.1"))


def test_a_reaction_to_a_challenge_a_player_initiates_against_you(catalog: Catalog) -> None:
    """aside59 17 (event.reaction-trigger): Levies at the Rock "Reaction: After a player initiates a challenge against
    you, move up to X gold from that player's gold pool to your own." answers a challenge against its player: played
    after the player's own challenge it is flagged, after the opponent's legal."""
    assert catalog.card("04011").reacts_to == ("challenge_against", "", 0, "")
    t = plots("2e", "01001", "01002", {"04011": 1, "01087": 1}, {"01057": 1})
    hand(t, "A.04011.1")
    in_play(t, "A.01087.1")
    in_play(t, "B.01057.1")
    to_challenges(t)
    own = t.clone()
    legal(own, InitiateChallenge("A", "military", "B", attackers=["A.01087.1"]))
    flagged_and_refused(own, PlayEvent("A", "A.04011.1"), "event.reaction-trigger")
    legal(t, PassTurn("A"))
    legal(t, InitiateChallenge("B", "military", "A", attackers=["B.01057.1"]))
    legal(t, PlayEvent("A", "A.04011.1"))


def test_a_reaction_to_a_challenge_initiated_by_anyone_waits_for_that_type(catalog: Catalog) -> None:
    """aside64 20 (ability.reaction-trigger): Tyrion Lannister "Stealth. Reaction: After an [intrigue] challenge is
    initiated, gain 2 gold. (Limit twice per round.)": his gold right after the opponent initiates a [military]
    challenge is flagged, after an [intrigue] one legal. The form is read for any player ("is initiated": Winterfell,
    Storm's End "by or against you"), for its own player ("After you initiate a challenge": Frey Lordling, Old Wyk,
    1st edition Kingswood Trail "After you declare attackers during a Power challenge") and with two types (The King's
    Peace "After a [military] or [power] challenge is initiated against you")."""
    from companion.rules.actions import GainGold

    assert catalog.card("01089").reacts_to == ("challenge_initiated", "intrigue", 0, "")
    assert catalog.card("06057").reacts_to == ("challenge_initiated", "", 0, "attacker")
    assert catalog.card("22003").reacts_to == ("challenge_initiated", "military|intrigue", 0, "")
    assert catalog.card("02048").reacts_to == ("challenge_against", "military|power", 0, "")
    assert catalog.card("kl_8").reacts_to == ("challenge_initiated", "power", 0, "attacker")
    t = plots("2e", "01001", "01002", {"01087": 1}, {"01089": 1})
    in_play(t, "A.01087.1")
    in_play(t, "B.01089.1")
    to_challenges(t)
    in_its_challenge_only(t, GainGold("B", 2, source="B.01089.1"), "ability.reaction-trigger",
                          ("military", "A.01087.1"), ("intrigue", "A.01087.1"))


def test_a_reaction_to_an_opponents_income_waits_for_that_income(catalog: Catalog) -> None:
    """aside8 16 (RR: Triggered Abilities): A Meager Contribution: "Reaction: After an opponent collects income, move 1
    gold from that player's gold pool to your own." It is played in the opponent's marshaling turn once its income is
    collected (event.reaction-trigger before that, in its own turn, or in the challenges phase)."""
    assert catalog.card("01138").reacts_to == ("opponent_income", "", 0, "")
    t = plots("2e", "01001", "01002", {}, {"01138": 1}, income_taken=False)
    hand(t, "B.01138.1")
    flagged_and_refused(t, PlayEvent("B", "B.01138.1"), "event.reaction-trigger")  # Alice has not collected yet
    legal(t, CollectIncome("A"))
    legal(t.clone(), PlayEvent("B", "B.01138.1"))
    legal(t, PassTurn("A"))
    legal(t, CollectIncome("B"))
    flagged_and_refused(t, PlayEvent("B", "B.01138.1"), "event.reaction-trigger")  # Bob's own income
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("challenges"))
    flagged_and_refused(t, PlayEvent("B", "B.01138.1"), "event.reaction-trigger")


def through_taxation_to(phase: str, t: Table) -> None:
    """Every player passes each phase from marshaling until ``phase`` begins."""
    for name in ("challenges", "dominance", "standing", "taxation"):
        while t.active_player is not None:
            legal(t, PassTurn(t.active_player))
        legal(t, BeginPhase(name))
        if name == phase:
            return


def test_a_cards_reaction_draw_waits_for_its_trigger() -> None:
    """probe27 03 (RR: Triggered Abilities): Lannisport (01098) "Reaction: After you win an [intrigue] challenge, draw
    1 card." draws only right after its controller wins an intrigue challenge."""
    t = plots("2e", "01001", "01002", {"01098": 1, "01085": 1, "01057": 2}, {})
    in_play(t, "A.01098.1")
    in_play(t, "A.01085.1")
    to_challenges(t)
    flagged_and_refused(t, DrawCards("A", 1, source="A.01098.1"), "ability.reaction-trigger")
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01085.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, DrawCards("A", 1, source="A.01098.1"))


def test_a_cards_reaction_power_waits_for_its_trigger(catalog: Catalog) -> None:
    """aside48 02 (RR: Triggered Abilities): Theon Greyjoy "Reaction: After you win an unopposed challenge in which
    Theon Greyjoy is participating, he gains 1 power." gains it (``gain_power`` naming him as source) only right after
    his controller wins an unopposed challenge: after a challenge won against a defender it is flagged."""
    from companion.rules.actions import GainPower

    assert catalog.card("01071").reacts_to == ("unopposed", "", 0, "")
    t = plots("2e", "01001", "01002", {"01071": 1}, {"01057": 1})
    in_play(t, "A.01071.1")
    in_play(t, "B.01057.1")
    to_challenges(t)
    opposed = t.clone()
    legal(opposed, InitiateChallenge("A", "military", "B", attackers=["A.01071.1"]))
    legal(opposed, DeclareDefenders("B", ["B.01057.1"]))
    legal(opposed, ChallengeResult())  # Theon 3 against Vanguard Lancer 1: won, not unopposed
    flagged_and_refused(opposed, GainPower("A", 1, "A.01071.1", source="A.01071.1"), "ability.reaction-trigger")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01071.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, GainPower("A", 1, "A.01071.1", source="A.01071.1"))


def test_a_reaction_to_a_win_with_an_attacking_trait_character_waits_for_one(catalog: Catalog) -> None:
    """aside53 20 (ability.reaction-trigger): The Red Viper (10003) "Reaction: After you win a challenge in which you
    control an attacking Bastard character, The Red Viper gains 1 power.": his power after a military challenge he
    won attacking alone (a Lord) is flagged; after one won with Obara Sand (a Bastard) attacking beside him, legal.
    The character asked for is read in 27 printings of both editions ("a participating Lord or Lady character":
    Street of Silk, 1st edition Right of Conquest)."""
    from companion.catalog.importers import won_with
    from companion.rules.actions import ApplyClaim, GainPower

    assert catalog.card("10003").won_with == ("attacking", "", "Bastard")
    assert won_with("After you win a challenge in which you control a participating Lord or Lady character, gain 1 "
                    "power.") == ("participating", "", "Lord|Lady")
    assert won_with("After you win an unopposed challenge in which you control an attacking character, …") is None
    for attackers, flagged in ((["A.10003.1"], True), (["A.10003.1", "A.01108.1"], False)):
        t = plots("2e", "01001", "01002", {"10003": 1, "01108": 1}, {})
        in_play(t, "A.10003.1")
        in_play(t, "A.01108.1")
        to_challenges(t)
        legal(t, InitiateChallenge("A", "military", "B", attackers=attackers))
        legal(t, DeclareDefenders("B", []))
        legal(t, ChallengeResult())
        legal(t, ApplyClaim("B", cards=[]))
        power = GainPower("A", 1, "A.10003.1", source="A.10003.1")
        if flagged:
            flagged_and_refused(t, power, "ability.reaction-trigger")
        else:
            legal(t, power)


def test_a_reaction_to_a_win_as_an_attacker_waits_for_one(catalog: Catalog) -> None:
    """aside48 10: The Red Viper "Reaction: After you win a challenge in which The Red Viper is participating as an
    attacker, he gains 1 power for every 5 STR by which you won the challenge." (its side read from "participating as
    an attacker": 5 printings): his power after a challenge won as the defender is flagged; after one won as the
    attacker it is legal."""
    from companion.rules.actions import GainPower

    assert catalog.card("01109").reacts_to == ("win_challenge", "", 0, "attacker")
    t = plots("2e", "01001", "01002", {"01109": 1}, {"01030": 1})
    in_play(t, "A.01109.1")
    in_play(t, "B.01030.1")
    to_challenges(t)
    legal(t, PassTurn("A"))
    legal(t, InitiateChallenge("B", "military", "A", attackers=["B.01030.1"]))
    legal(t, DeclareDefenders("A", ["A.01109.1"]))
    legal(t, ChallengeResult("A"))
    flagged_and_refused(t, GainPower("A", 1, "A.01109.1", source="A.01109.1"), "ability.reaction-trigger")
    won = plots("2e", "01001", "01002", {"01109": 1}, {"01030": 1})
    in_play(won, "A.01109.1")
    to_challenges(won)
    legal(won, InitiateChallenge("A", "military", "B", attackers=["A.01109.1"]))
    legal(won, DeclareDefenders("B", []))
    legal(won, ChallengeResult())
    legal(won, GainPower("A", 1, "A.01109.1", source="A.01109.1"))


def test_shadow_cards_reactions_wait_for_their_triggers(catalog: Catalog) -> None:
    """aside47 07, 10 (RR: Triggered Abilities; RR: Shadows). The Bastard's Letter: "Shadow (3). Reaction: After an
    opponent initiates a [military] challenge against you, stand any number of characters …": played from shadows
    right after an intrigue challenge is initiated against its player it is flagged, right after a military one it
    is legal (5 2nd-edition cards react to "an opponent initiates a (type) challenge against you"). Shadow Priestess:
    "Shadow (3). Reaction: After Shadow Priestess comes out of shadows, choose and kneel a character without
    attachments.": marshalled from hand, her kneel is flagged; brought out of shadows, legal (53 2nd-edition and 36
    1st-edition printings react to their own coming out; a 1st-edition event's is its play from Shadows itself)."""
    from companion.rules.actions import BringOut, Kneel

    assert catalog.card("11102").reacts_to == ("challenge_against", "military", 0, "")
    assert catalog.card("11008").reacts_to == ("out_of_shadows_self", "", 0, "")
    t = plots("2e", "01001", "01002", {"11008": 2, "01028": 1, "01055": 1}, {"11102": 1, "01149": 1}, gold=10)
    for card in ("A.01028.1", "A.01055.1", "B.01149.1"):
        in_play(t, card)
    shadows(t, "A.11008.2", "B.11102.1")
    hand(t, "A.11008.1")
    marshaled = t.clone()  # A's marshaling turn
    legal(marshaled, Marshal("A", "A.11008.1"))
    flagged_and_refused(marshaled, Kneel("A", "B.01149.1", source="A.11008.1"), "ability.reaction-trigger")
    legal(marshaled, BringOut("A", "A.11008.2"))
    legal(marshaled, Kneel("A", "B.01149.1", source="A.11008.2"))
    to_challenges(t)
    in_its_challenge_only(t, PlayEventFromShadows("B", "B.11102.1"), "event.reaction-trigger",
                          ("intrigue", "A.01028.1"), ("military", "A.01055.1"))


def test_a_reaction_that_puts_another_card_into_play_waits_for_its_trigger() -> None:
    """ability.reaction-trigger (aside54 08): The Queen of Thorns "Reaction: After you win a challenge in which The
    Queen of Thorns is participating, choose a card you control in shadows and put it into play.": Scheming Septon put
    into play from shadows naming her, with no such win, is flagged; after she wins an intrigue challenge, legal."""
    from companion.rules.actions import PutIntoPlayFromShadows

    t = plots("2e", "01001", "00006", {"11023": 1, "11004": 1}, {"01150": 1})
    in_play(t, "A.11023.1")
    in_play(t, "B.01150.1")
    shadows(t, "A.11004.1")
    to_challenges(t)
    out = PutIntoPlayFromShadows("A", "A.11004.1", source="A.11023.1")
    flagged_and_refused(t, out, "ability.reaction-trigger")
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.11023.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, out)


def test_a_reactions_discard_from_a_hand_waits_for_its_trigger() -> None:
    """ability.reaction-trigger (aside54 14): Cersei Lannister "Reaction: After a card you control comes out of shadows
    during the challenges phase, each opponent discards 1 card at random from his or her hand.": after a card of A's
    comes out in the marshaling phase her discard of Bob's card is flagged; in the challenges phase it is legal."""
    from companion.rules.actions import BringOut, Discard

    for phase, flagged in (("marshaling", True), ("challenges", False)):
        t = make_table({"A": {"11109": 1, "11035": 1}, "B": {"01149": 1}}, phase=phase, gold=5)
        in_play(t, "A.11109.1")
        shadows(t, "A.11035.1")
        hand(t, "B.01149.1")
        legal(t, BringOut("A", "A.11035.1"))
        discard = Discard("A", "B.01149.1", source="A.11109.1")
        if flagged:
            flagged_and_refused(t, discard, "ability.reaction-trigger")
        else:
            legal(t, discard)


def test_a_conditional_icon_is_read_from_the_printed_card(catalog: Catalog) -> None:
    """probe27 04, 24; probe28 13: "While Arya Stark has a duplicate, she gains a [military] icon.", Widow's Wail's
    "If attached character is Joffrey Baratheon, he gains a [military] icon.", and Shaggydog's "While you control
    Rickon Stark, he gets +2 STR and gains a [military] icon." (Shaggydog prints the icon: "he" is Rickon)."""
    want = {
        "01141": (("military", "duplicate", ""),),  # Arya Stark
        "01096": (("military", "attached_is", "Joffrey Baratheon"),),  # Widow's Wail
        "03014": (("military", "control_gives", "Rickon Stark"),),  # Shaggydog
        "01114": (("intrigue", "not_first", ""),),  # Palace Spearman
        "02013": (("military", "attachment", ""),),  # Merchant Prince
        "02057": (("power", "control_other_character", "Knight"),),  # Hedge Knight: "another Knight character"
        "01179": (("power", "control", "Right"),),  # Left
    }
    assert {code: catalog.card(code).icons_while for code in want} == want
    assert catalog.card("00297").icons_while == ()  # Former Champion: "While … STR is 3 or lower" is not read


def test_a_characters_own_str_and_renown_while_a_condition_holds(catalog: Catalog) -> None:
    """aside50 22 (challenge.str, renown.keyword; RR: Golden Rule): Greatjon's Vanguard "While there are fewer than 3
    plots in your used pile, Greatjon's Vanguard gets +2 STR and gains renown.": in the first round (no used plots)
    it attacks with 6 and beats Ser Jaime's 5, and its renown is legal; with 3 plots in the used pile it is 4 and
    the same win is flagged. The other conditions the table shows are read the same (``self_while``)."""
    assert catalog.card("02081").self_while == ("used_fewer", "3", 2, ("renown",))
    assert catalog.card("04101").self_while == ("plot_a", "Winter", 2, ())  # House Manderly Knight
    assert catalog.card("03031").self_while == ("not_first", "", 1, ("stealth",))  # Quentyn Martell
    assert catalog.card("kl_61").self_while == ("no_shadows", "", 2, ("renown",))  # 1st edition Sansa Stark
    from companion.rules.actions import Renown
    from companion.rules.state import Zone
    t = plots("2e", "01001", "01024", {"02081": 1, "01002": 1, "01005": 1, "01016": 1}, {"01087": 1})
    in_play(t, "A.02081.1")
    in_play(t, "B.01087.1")
    late = t.clone()
    for plot in ("A.01002.1", "A.01005.1", "A.01016.1"):
        late.move(plot, "A", Zone.USED)
    for table, won in ((t, True), (late, False)):
        next_phase(table, "challenges")
        legal(table, InitiateChallenge("A", "military", "B", attackers=["A.02081.1"]))
        legal(table, DeclareDefenders("B", ["B.01087.1"]))
        if won:
            legal(table, ChallengeResult(winner="A"))
            legal(table, ApplyClaim("B", ["B.01087.1"]))
            legal(table, Renown("A", ["A.02081.1"]))
        else:
            flagged_and_refused(table, ChallengeResult(winner="A"), "challenge.str")


def test_a_character_gains_an_icon_while_no_other_card_of_its_name_is_in_play(catalog: Catalog) -> None:
    """aside50 39 and 36 (challenge.icon; 1st edition King's Champion: "While there is no other card named King's
    Champion in play, it gains a Power icon and cannot be discarded from play."): alone it attacks in a power
    challenge; beside a second copy (anyone's) it has no Power icon and the same declaration is flagged."""
    assert catalog.card("acoa_34").icons_while == (("power", "no_other_named", ""),)
    t = make_table({"A": {"acoa_34": 2}, "B": {}}, edition="1e", phase="challenges")
    in_play(t, "A.acoa_34.1")
    t.first_player = t.active_player = "A"
    second = t.clone()
    in_play(second, "A.acoa_34.2")
    flagged_and_refused(second, InitiateChallenge("A", "power", "B", attackers=["A.acoa_34.1"]), "challenge.icon")
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.acoa_34.1"]))


def test_a_character_attacks_with_an_icon_it_gains_while_a_condition_holds() -> None:
    """RR: Challenge Icons; RR: Golden Rule. Arya attacks in a military challenge only while a duplicate is on her
    (challenge.icon otherwise); Joffrey with Widow's Wail on him does, without it he does not."""
    t = plots("2e", "01001", "00006", {"01141": 2, "01086": 1, "01096": 1}, {})
    in_play(t, "A.01141.1")
    in_play(t, "A.01086.1")
    bare = t.clone()
    in_play(t, "A.01141.2", duplicate_of="A.01141.1")
    in_play(t, "A.01096.1", attached_to="A.01086.1")
    to_challenges(bare)
    flagged_and_refused(bare, InitiateChallenge("A", "military", "B", attackers=["A.01141.1"]), "challenge.icon")
    flagged_and_refused(bare, InitiateChallenge("A", "military", "B", attackers=["A.01086.1"]), "challenge.icon")
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01141.1", "A.01086.1"]))


def test_an_icon_gained_while_its_player_defends_counts_on_that_side_only(catalog: Catalog) -> None:
    """challenge.icon (aside54 10): Cunning Steward "While you are the defending player, Cunning Steward gains a
    [military] and a [power] icon." (both icons read, The Redwyne Fleet's "he gains a [military] and a [power] icon"
    too): it defends a military challenge (legal); it attacks in one (flagged: it has only its [intrigue] icon).
    Bronn ([military] printed) "During a challenge in which you are the defending player, Bronn gains a [military],
    an [intrigue], and a [power] icon." (the same condition, three icons) alike in a power challenge."""
    assert catalog.card("11025").icons_while == (("military", "side", "defending"), ("power", "side", "defending"))
    assert len(catalog.card("21022").icons_while) == 2
    assert catalog.card("02089").icons_while == tuple((icon, "side", "defending")
                                                      for icon in ("military", "intrigue", "power"))
    for card, kind, attacker in (("11025", "military", "01091"), ("02089", "power", "01092")):
        t = plots("2e", "01001", "00006", {card: 1}, {attacker: 1})
        in_play(t, f"A.{card}.1")
        in_play(t, f"B.{attacker}.1")
        attacking = t.clone()
        to_challenges(t)
        legal(t, PassTurn("A"))
        legal(t, InitiateChallenge("B", kind, "A", attackers=[f"B.{attacker}.1"]))
        legal(t, DeclareDefenders("A", [f"A.{card}.1"]))
        to_challenges(attacking)
        flagged_and_refused(attacking, InitiateChallenge("A", kind, "B", attackers=[f"A.{card}.1"]), "challenge.icon")


def test_a_keyword_and_an_icon_gained_while_a_condition_holds(catalog: Catalog) -> None:
    """challenge.stealth-count, challenge.icon (aside54 23): Penny "While you control more cards in shadows than each
    opponent, Penny gains an [intrigue] icon and stealth." With a card of A's in shadows and none of B's she attacks
    an intrigue challenge bypassing a Knight (legal); with none she has neither (flagged). Read in that shape for 30
    2nd-edition printings ("While you are not the first player, Quentyn Martell gets +1 STR and gains stealth.")."""
    assert catalog.card("11029").keywords_while == (("stealth", "more_shadows", ""),)
    assert catalog.card("03031").keywords_while == (("stealth", "not_first", ""),)
    t = plots("2e", "01001", "00006", {"11029": 1, "01091": 1}, {"01150": 1})
    in_play(t, "A.11029.1")
    in_play(t, "B.01150.1")
    bare = t.clone()
    shadows(t, "A.01091.1")
    for table in (t, bare):
        to_challenges(table)
    attack = InitiateChallenge("A", "intrigue", "B", attackers=["A.11029.1"], bypassed=["B.01150.1"])
    v = play(bare.clone(), attack)
    assert {"challenge.icon", "challenge.stealth-count"} <= set(rules_of(v))
    legal(t, attack)


def test_str_while_defending_and_a_plots_str_for_each_trait_count_in_the_totals() -> None:
    """probe27 26, 27 (1st edition): Ser Rodrik Cassel "gets +2 STR while defending" (2 + 2 against Ser Jaime's 3:
    the defender wins); Tourney for the Hand: "Each of your Knight characters gets +1 STR …" (Ser Jaime 3 + 1 against
    Hodor's 4: a tie, which the attacker wins). The winner the totals give is legal, the other one flagged."""
    from companion.rules.actions import Modify
    from companion.rules.values import strength

    t = plots("1e", "core_181", "acoa_25", {"core_37": 1}, {"core_4": 1})
    in_play(t, "A.core_37.1")
    in_play(t, "B.core_4.1")
    assert strength(t, "B.core_4.1") == 2  # not defending yet
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.core_37.1"]))
    legal(t, DeclareDefenders("B", ["B.core_4.1"]))
    assert strength(t, "B.core_4.1") == 4
    recorded = t.clone()  # a table that writes his +2 as a modify has counted it: it is not read again
    legal(recorded, Modify(player="B", stat="str", amount=2, card="B.core_4.1", until="challenge"))
    assert strength(recorded, "B.core_4.1") == 4
    flagged_and_refused(t, ChallengeResult(winner="A"), "challenge.str")
    legal(t, ChallengeResult(winner="B"))

    t = plots("1e", "core_186", "acoa_25", {"core_37": 1}, {"core_12": 1})
    in_play(t, "A.core_37.1")
    in_play(t, "B.core_12.1")
    assert strength(t, "A.core_37.1") == 4
    assert strength(t, "B.core_12.1") == 4  # Hodor is no Knight (and Tourney for the Hand is A's plot)
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.core_37.1"]))
    legal(t, DeclareDefenders("B", ["B.core_12.1"]))
    flagged_and_refused(t, ChallengeResult(winner="B"), "challenge.str")
    legal(t, ChallengeResult(winner="A"))


def test_str_during_one_challenge_type_counts_in_that_types_totals() -> None:
    """aside51 22 (the rule ``challenge.str``): Ser Colen of Greenpools (04004) "During [power] challenges, Ser Colen of
    Greenpools gets +3 STR.": with a Courtesan of the Rose he attacks for 1 + 3 + 2 = 6 against Ranging Party's 5 in
    a power challenge; in a military challenge he is STR 1. 1st edition Ancient Mariner (kl_88) "… gets -3 STR during
    Military challenges." is the same shape."""
    assert Catalog.open().card("kl_88").str_while == ("military", -3)
    t = plots("2e", "01001", "01002", {"04004": 1, "01187": 1}, {"01132": 1})
    for card in ("A.04004.1", "A.01187.1", "B.01132.1"):
        in_play(t, card)
    str_there_and_here(t, "A.04004.1", ("military", ["A.04004.1"], 1),
                       ("power", ["A.04004.1", "A.01187.1"], ["B.01132.1"], 4))


def test_an_attachments_str_during_one_challenge_type_with_a_keyword_after_it() -> None:
    """aside65 05 (the rule ``challenge.str``): Valyrian Steel Dagger (05021) "During [intrigue] challenges, attached
    character gets +2 STR and gains stealth.": its +2 counts in intrigue challenges only; in a military one a result
    that counts it is flagged (it was a STR effect not read, which let any result stand). The Viper's Spear (26088)
    "During [military] challenges, attached character gets +3 STR and does not kneel …" and 1st edition Ser Cortnay
    Penrose (kotst_8) "During Power challenges, Ser Cortnay Penrose gets +2 STR and gains vigilant." are this shape."""
    from companion.rules.values import strength

    catalog = Catalog.open()
    assert [catalog.card(c).str_while for c in ("05021", "26088", "kotst_8")] == [
        ("intrigue", 2), ("military", 3), ("power", 2)]
    t = plots("2e", "01001", "01002", {"01113": 1, "05021": 1}, {"01113": 2})
    for card in ("A.01113.1", "B.01113.1", "B.01113.2"):
        in_play(t, card)
    in_play(t, "A.05021.1", attached_to="A.01113.1")
    to_challenges(t)
    intrigue = t.clone()
    legal(intrigue, InitiateChallenge("A", "intrigue", "B", attackers=["A.01113.1"]))
    assert strength(intrigue, "A.01113.1") == 4
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01113.1"]))
    legal(t, DeclareDefenders("B", ["B.01113.1", "B.01113.2"]))
    assert strength(t, "A.01113.1") == 2
    flagged_and_refused(t, ChallengeResult(winner="A"), "challenge.str")
    legal(t, ChallengeResult(winner="B"))


def test_an_ability_that_resolves_only_with_a_summer_or_winter_plot_revealed() -> None:
    """aside51 10, 22 (RR: Golden Rule; the rules ``ability.plot-needed`` and ``ability.plot-barred``): White Raven
    (04008) "Reaction: After you win dominance, if there is a Summer or Winter plot card revealed, gain 1 power for
    your faction."; Winter Festival (04040, Winter) "Interrupt: When the challenges phase ends, if there are no Summer
    plot cards revealed, gain 2 power for your faction.". A Song of Summer (03050) is a Summer plot."""
    from companion.rules.actions import GainPower

    for b_plot, rule in (("01001", "ability.plot-needed"), ("03050", "")):
        t = plots("2e", "01002", b_plot, {"04008": 1}, {})
        in_play(t, "A.04008.1")
        for phase in ("challenges", "dominance"):
            while t.active_player is not None:
                legal(t, PassTurn(t.active_player))
            legal(t, BeginPhase(phase))
        legal(t, WinDominance("A"))
        raven = GainPower("A", 1, source="A.04008.1")
        flagged_and_refused(t, raven, rule) if rule else legal(t, raven)
    for b_plot, rule in (("03050", "ability.plot-barred"), ("01001", "")):
        t = plots("2e", "04040", b_plot, {}, {})
        to_challenges(t)
        legal(t, PassTurn("A"))
        legal(t, PassTurn("B"))
        festival = GainPower("A", 2, source="A.04040.1")
        flagged_and_refused(t, festival, rule) if rule else legal(t, festival)


def test_an_attachments_dominance_phase_str_counts_in_the_dominance_totals() -> None:
    """probe29 01 (1st edition Lordship: "During the dominance phase, attached character gets +4 STR."): the +4
    counts in the dominance phase only."""
    from companion.rules.values import dominance_totals, strength

    assert Catalog.open().card("core_140").str_while == ("dominance", 4)
    t = plots("1e", "core_181", "acoa_25", {"core_18": 1, "core_140": 1}, {})
    in_play(t, "A.core_18.1")
    in_play(t, "A.core_140.1", attached_to="A.core_18.1")
    assert strength(t, "A.core_18.1") == 2
    later = t.clone()
    for phase in ("challenges", "dominance"):
        while later.active_player is not None:
            legal(later, PassTurn(later.active_player))
        legal(later, BeginPhase(phase))
    assert strength(later, "A.core_18.1") == 6
    assert dominance_totals(later)["A"] == 6 + later.players["A"].gold


def test_house_only_binds_the_player_whose_effect_puts_the_card_into_play() -> None:
    """probe29 14 (1st edition Winterfell Honor Guard: "House Stark only." and "put … into play from your hand, under
    the control of any opponent"): a Stark player's effect may give it to a Lannister opponent; a Lannister player's
    own effect may not put it into play."""
    from companion.rules.actions import PutIntoPlay

    t = make_table({"A": {"core_17": 1}, "B": {"core_17": 1}}, edition="1e", phase="challenges",
                   factions={"A": "stark", "B": "lannister"})
    hand(t, "A.core_17.1", "B.core_17.1")
    assert "card.house-only" not in rules_of(play(t.clone(), PutIntoPlay("A", "A.core_17.1", controller="B",
                                                                          from_hand=True), "advisory"))
    flagged_and_refused(t, PutIntoPlay("B", "B.core_17.1", from_hand=True), "card.house-only")


def test_a_card_named_as_its_own_source_needs_an_ability_that_brings_it_out() -> None:
    """probe29 13 (1E Shadows insert: a card comes out at the beginning of a phase, in its owner's chance; Syrio
    Forel prints no ability that brings him out): naming him as his own source mid-phase is flagged."""
    from companion.rules.actions import BringOut

    assert Catalog.open().card("kl_77").comes_out_by is None
    t = make_table({"A": {"kl_77": 1}, "B": {}}, edition="1e", phase="marshaling", gold=5)
    shadows(t, "A.kl_77.1")
    flagged_and_refused(t, BringOut("A", "A.kl_77.1", source="A.kl_77.1"), "shadows.own-ability-none")


def test_str_for_each_card_with_a_trait_in_play_counts_every_players_cards() -> None:
    """probe29 19 (1st edition Kennel Master: "Kennel Master gets +1 STR for each Direwolf in play."): each player's
    Direwolf counts."""
    from companion.rules.values import strength

    kennel = Catalog.open().card("core_20")
    assert kennel.str_per == ("trait_in_play", "Direwolf")
    t = make_table({"A": {"core_20": 1, "core_14": 1}, "B": {"acoa_41": 1}}, edition="1e", phase="marshaling")
    in_play(t, "A.core_20.1")
    assert strength(t, "A.core_20.1") == (kennel.strength or 0)
    in_play(t, "A.core_14.1")  # Grey Wind
    in_play(t, "B.acoa_41.1")  # Feral Pack, the opponent's
    assert strength(t, "A.core_20.1") == (kennel.strength or 0) + 2


def test_a_shadows_cost_paid_short_needs_a_card_that_lowers_it() -> None:
    """probe29 20, 21 (1E Shadows insert: into Shadows costs 2, lowered "only by effects that specifically reduce the
    cost of playing a card into Shadows"; the number after the "s" "is paid, or the card cannot come out"): paying
    1 into Shadows, or 0 to bring out an s2 card, with no card that lowers it, is flagged; the full cost is not."""
    from companion.rules.actions import MarshalIntoShadows

    t = plots("1e", "core_181", "acoa_25", {"kl_5": 2}, {}, gold=5)
    hand(t, "A.kl_5.1")
    flagged_and_refused(t, MarshalIntoShadows("A", "A.kl_5.1", cost=1), "shadows.cost-reduced")
    legal(t, MarshalIntoShadows("A", "A.kl_5.1"))
    assert Catalog.open().card("kl_5").shadow_costs and t.players["A"].gold == 3


def test_a_killed_character_goes_where_its_own_text_sends_it() -> None:
    """probe29 05 (1st edition The Hound: "If The Hound is killed, place him in your discard pile instead of your dead
    pile."): killed, he goes to the discard pile, and a second copy may be marshalled (no copy in the dead pile)."""
    from companion.rules.state import Phase, Zone

    assert Catalog.open().card("core_42").killed_to == "discard"
    t = make_table({"A": {}, "B": {"core_42": 2}}, edition="1e", phase="challenges", gold=10)
    in_play(t, "B.core_42.1")
    legal(t, Kill("A", "B.core_42.1"))
    assert t.zone_of("B.core_42.1") is Zone.DISCARD
    hand(t, "B.core_42.2")
    t.phase = Phase.MARSHALING
    t.active_player = "B"
    assert "unique.dead-pile" not in rules_of(play(t.clone(), Marshal("B", "B.core_42.2"), "advisory"))


def test_a_house_only_plot_is_flagged_at_its_choice_and_the_flag_stays_with_the_chooser() -> None:
    """probe29 04 (1st edition Hear Me Roar, core_192: "House Lannister only."): a Stark player's choice of it is
    flagged (refused in strict mode) at the choice itself, not at the other player's choice that reveals both (which
    strict mode refused: the plot phase could not go on); the verdict names the face-down plot, so it is sealed from
    the opponent until the reveal."""
    from companion.rules.views import Glimpse, seal

    t = make_table({"A": {"core_192": 1, "core_184": 1}, "B": {"core_200": 1}}, edition="1e", phase="plot",
                   factions={"A": "stark", "B": "lannister"})
    advisory = flagged_and_refused(t, ChoosePlot("A", "A.core_192.1"), "card.house-only")
    before = Glimpse.of(t)
    sealed = t.clone()
    v = play(sealed, ChoosePlot("A", "A.core_192.1"), "advisory")
    assert seal(before, sealed, ChoosePlot("A", "A.core_192.1"), v)["verdict_seats"] == ["A"]
    assert "card.house-only" not in rules_of(play(advisory, ChoosePlot("B", "B.core_200.1"), "advisory"))
    legal(t, ChoosePlot("A", "A.core_184.1"))
    legal(t, ChoosePlot("B", "B.core_200.1"))


def test_for_the_north_draws_only_after_its_player_wins_the_challenge() -> None:
    """draw.if-won (aside32 32): For the North! "… If you win the challenge, draw 1 card.": a draw naming it after the
    challenge its player lost is flagged; after one won, legal."""
    assert Catalog.open().card("01157").draws_if_won
    t = plots("2e", "01001", "00006", {"01144": 1, "01157": 2}, {"01092": 2})
    for card in ("A.01144.1", "B.01092.1", "B.01092.2"):
        in_play(t, card)
    hand(t, "A.01157.1", "A.01157.2")
    t.players["A"].gold = 2
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01144.1"]))
    legal(t, DeclareDefenders("B", ["B.01092.1", "B.01092.2"]))
    legal(t, PlayEvent("A", "A.01157.1"))
    legal(t, ChallengeResult("B"))
    flagged_and_refused(t, DrawCards("A", 1, source="A.01157.1"), "draw.if-won")
    t = plots("2e", "01001", "00006", {"01144": 1, "01157": 1}, {"01092": 1})
    in_play(t, "A.01144.1")
    hand(t, "A.01157.1")
    t.players["A"].gold = 1
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01144.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, PlayEvent("A", "A.01157.1"))
    legal(t, ChallengeResult("A"))
    legal(t, DrawCards("A", 1, source="A.01157.1"))


def test_the_hands_judgment_needs_an_opponents_event_just_played() -> None:
    """event.cancel-no-event (aside32 35): The Hand's Judgment "Interrupt: When the effects of an opponent's event would
    initiate, cancel those effects.": played right after Bob's Winter Is Coming, legal; once the challenge has moved on
    (no event played since), flagged: a character's reaction is not an event; after an event played from shadows,
    legal again. Treachery cancels other abilities."""
    catalog = Catalog.open()
    assert catalog.card("01045").cancels == ("opponent", ("event",))
    assert catalog.card("01102").cancels == ("any", ("character", "location", "attachment"))
    t = plots("2e", "01001", "00006", {"01045": 2, "01057": 1}, {"01144": 1, "01159": 1, "11011": 1})
    in_play(t, "A.01057.1")
    in_play(t, "B.01144.1")
    hand(t, "A.01045.1", "A.01045.2", "B.01159.1")
    t.players["A"].gold = 2
    t.players["B"].gold = 1
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("challenges"))
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01057.1"]))
    flagged_and_refused(t, PlayEvent("A", "A.01045.1", cost=0), "event.cancel-no-event")
    legal(t, DeclareDefenders("B", []))
    legal(t, PlayEvent("B", "B.01159.1"))
    legal(t, PlayEvent("A", "A.01045.1", cost=1))
    legal(t, ChallengeResult())
    flagged_and_refused(t, PlayEvent("A", "A.01045.2", cost=0), "event.cancel-no-event")
    shadows(t, "B.11011.1")
    legal(t, PlayEventFromShadows("B", "B.11011.1"))  # an event played from shadows is an event just played
    legal(t, PlayEvent("A", "A.01045.2", cost=0))


def test_an_events_effects_cancelled_do_not_resolve() -> None:
    """event.cancelled (aside41 06; RR: Cancel: "cancelled effects are not resolved"): Put to the Sword ("Reaction:
    After you win a [military] challenge by 5 or more STR as the attacking player, choose and kill a character
    controlled by the losing opponent.") played, then Bob's The Hand's Judgment ("Interrupt: When the effects of an
    opponent's event would initiate, cancel those effects."): a kill naming Put to the Sword as its source is flagged.
    Without the cancel the kill is legal, and so it is where Alys's own The Hand's Judgment cancels Bob's. 1st edition
    Royal Decree "Response: Cancel the effects of an event card just played." is read so; Paper Shield's condition
    ("… just played that does not have a gold or an influence cost") is not."""
    from companion.catalog.importers import cancels_events
    from companion.rules.actions import Kill

    assert cancels_events("Prized 2. Response: Cancel the effects of an event card just played.")
    assert not cancels_events("Response: Cancel the effects of an event card just played that does not have a gold "
                              "or an influence cost.")

    for cancels in (1, 0, 2):
        t = make_table({"A": {"01151": 1, "01150": 2, "01041": 1, "01045": 1},
                        "B": {"01181": 1, "01188": 1, "01045": 1}}, phase="challenges")
        for card in ("A.01151.1", "A.01150.1", "A.01150.2", "B.01181.1", "B.01188.1"):
            in_play(t, card)
        hand(t, "A.01041.1", "A.01045.1", "B.01045.1")
        t.first_player = t.active_player = "A"
        t.players["A"].gold = t.players["B"].gold = 5
        legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01151.1", "A.01150.1", "A.01150.2"]))
        legal(t, DeclareDefenders("B", []))
        legal(t, ChallengeResult())
        legal(t, ApplyClaim("B", cards=["B.01188.1"]))
        legal(t, PlayEvent("A", "A.01041.1"))
        if cancels:
            legal(t, PlayEvent("B", "B.01045.1", cost=2))
        if cancels == 2:
            legal(t, PlayEvent("A", "A.01045.1", cost=3))
        kill = Kill("A", "B.01181.1", source="A.01041.1")
        if cancels == 1:
            flagged_and_refused(t, kill, "event.cancelled")
        else:
            legal(t, kill)


def test_a_triggered_abilitys_effects_cancelled_do_not_resolve() -> None:
    """ability.cancelled (aside62 28; RR: Cancel: "cancelled effects are not resolved"): Ser Cortnay Penrose
    ("Reaction: After you win a [power] challenge in which Ser Cortnay Penrose is participating, stand him.") wins a
    power challenge; Bob's Begging Brother ("Interrupt: When the effects of a triggered character ability would
    initiate, discard 1 gold from Begging Brother to cancel those effects.") discards its gold: the stand written
    right after, naming Ser Cortnay as its source, is flagged. Without the cancel it is legal; where another line
    comes between, which ability was cancelled is not known and nothing is flagged."""
    from companion.rules.actions import Kneel, PlaceTokens, RemoveTokens, Stand

    for cancel in ("next", None, "between"):
        t = make_table({"A": {"10025": 1, "01053": 1}, "B": {"06097": 1, "01187": 1}}, phase="challenges")
        for card in ("A.10025.1", "A.01053.1", "B.06097.1", "B.01187.1"):
            in_play(t, card)
        legal(t, PlaceTokens("B", "gold", 1, "B.06097.1"))
        t.first_player = t.active_player = "A"
        legal(t, InitiateChallenge("A", "power", "B", attackers=["A.10025.1"]))
        legal(t, DeclareDefenders("B", ["B.01187.1"]))
        legal(t, ChallengeResult())
        if cancel:
            legal(t, RemoveTokens("B", "gold", 1, "B.06097.1", source="B.06097.1"))
        if cancel == "between":
            legal(t, Kneel("A", "A.01053.1"))
        stand = Stand("A", "A.10025.1", source="A.10025.1")
        if cancel == "next":
            flagged_and_refused(t, stand, "ability.cancelled")
        else:
            legal(t, stand)


def test_the_red_keep_contributes_2_str_to_its_side_in_a_power_challenge() -> None:
    """aside38 23 (claim.not-won): The Red Keep "The Red Keep contributes 2 STR to your side during any [power]
    challenge in which you control a participating character.": Cersei (4) attacking in power against Selyse (2) and
    Dragonstone Faithful (1) with Bob's Red Keep loses 4 to 5; her player's claim is flagged. Without a participating
    character of Bob's it adds nothing (Cersei unopposed)."""
    from companion.rules.values import current_challenge, side_strength

    t = plots("2e", "01001", "01011", {"01084": 1}, {"01049": 1, "01056": 1, "01061": 1})
    for card in ("A.01084.1", "B.01049.1", "B.01056.1", "B.01061.1"):
        in_play(t, card)
    to_challenges(t)
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01084.1"]))
    c = current_challenge(t)
    assert c is not None and side_strength(t, c, "B") == 0
    legal(t, DeclareDefenders("B", ["B.01049.1", "B.01056.1"]))
    assert side_strength(t, c, "B") == 5
    legal(t, ChallengeResult())
    flagged_and_refused(t, ApplyClaim("B"), "claim.not-won")


def test_the_lord_of_the_crossing_changes_str_in_the_first_and_third_challenge() -> None:
    """aside38 11 (challenge.str): agenda The Lord of the Crossing "During the first challenge you initiate
    each phase, each of your participating characters gets -1 STR. During the third challenge you initiate each
    phase, each of your participating characters gets +2 STR.": the Tumblestone Knight (2) attacking first counts 1
    against House Dayne Knight's 2, so a recorded win for the attacker is flagged."""
    from companion.rules.values import current_challenge, side_strength

    t = plots("2e", "01001", "01011", {"02060": 1, "01150": 1}, {"01113": 1})
    for card in ("A.01150.1", "B.01113.1"):
        in_play(t, card)
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01150.1"]))
    legal(t, DeclareDefenders("B", ["B.01113.1"]))
    c = current_challenge(t)
    assert c is not None and (side_strength(t, c, "A"), side_strength(t, c, "B")) == (1, 2)
    flagged_and_refused(t, ChallengeResult(winner="A"), "challenge.str")


def test_a_character_that_contributes_its_str_only_alone() -> None:
    """challenge.str (aside55 24): Jousting Knight "Jousting Knight does not contribute its STR to a challenge unless it
    is attacking or defending alone.": two attacking together with no defender make 0 STR, and a win written for
    their player is flagged (no winner: legal); one attacking alone wins with its STR. Read with Grand Melee's "Each
    character that is attacking or defending alone does not contribute its STR to the challenge." (a revealed plot):
    the Knight alone then makes 0 (2 printings)."""
    from companion.rules.values import current_challenge, side_strength

    for a_plot, attackers, total in (("01001", ["A.09016.1", "A.09016.2"], 0), ("01001", ["A.09016.1"], 3),
                                     ("10051", ["A.09016.1"], 0)):
        t = plots("2e", a_plot, "01002", {"09016": 2}, {"01150": 1})
        for card in ("A.09016.1", "A.09016.2", "B.01150.1"):
            in_play(t, card)
        to_challenges(t)
        legal(t, InitiateChallenge("A", "power", "B", attackers=attackers))
        legal(t, DeclareDefenders("B", []))
        c = current_challenge(t)
        assert c is not None and side_strength(t, c, "A") == total, (a_plot, attackers)
        if total:
            legal(t, ChallengeResult(winner="A"))
        else:
            flagged_and_refused(t, ChallengeResult(winner="A"), "challenge.str")
            legal(t, ChallengeResult())


def test_a_location_gives_str_to_a_character_attacking_or_defending_alone() -> None:
    """challenge.str (aside65 03, 30): Jousting Pavilion (09019) "Each Knight character you control gets +1 STR while
    attacking or defending alone.": a Tumblestone Knight attacking alone is 2 + 1 = 3 and wins a tie against 3 (a
    result for the defender is flagged); two attacking together are 2 each. 1st edition Raventree Hall (w_14) "While a
    character you control is defending alone, it gets +1 STR and gains renown." and The Tower of Joy's "While The Tower
    of Joy is standing and a unique character you control is attacking or defending alone, it gets +2 STR." are the
    same reading (3 printings; they were STR effects not read, which let any result stand)."""
    from companion.catalog.importers import str_alone_each
    from companion.rules.values import strength

    assert Catalog.open().card("w_14").str_alone_each == ("defending", "", 1, False)
    assert str_alone_each("While The Tower of Joy is standing and a unique character you control is attacking or "
                          "defending alone, it gets +2 STR", "The Tower of Joy") == (
        "attacking or defending", "unique", 2, True)
    t = plots("2e", "01001", "01002", {"09019": 1, "01150": 2}, {"01150": 1, "01057": 1})
    for card in ("A.09019.1", "A.01150.1", "A.01150.2", "B.01150.1", "B.01057.1"):
        in_play(t, card)
    to_challenges(t)
    together = t.clone()
    legal(together, InitiateChallenge("A", "military", "B", attackers=["A.01150.1", "A.01150.2"]))
    assert strength(together, "A.01150.1") == 2
    won_by_a(t, ("military", ["A.01150.1"], ["B.01150.1", "B.01057.1"], 3), "A.01150.1")
    assert strength(t, "B.01150.1") == 2


def test_an_event_whose_cost_kneels_the_faction_card_is_not_played_while_it_kneels() -> None:
    """event.faction-cost (aside54 20): Secret Schemes "Action: Kneel your faction card to draw X cards.": played while
    an earlier effect has knelt its player's faction card, flagged; its cost written on its own line right before the
    event, legal; written right after it (probe20 16), the table writes its costs so: a second copy's event line is
    not judged, its `kneel_faction` line is (faction.kneel-already). Read on 38 2nd-edition printings ("Kneel your
    faction card to …", "… and pay X gold to …"), judged for events."""
    from companion.rules.actions import GainGold, KneelFaction, PlayEvent

    t = plots("2e", "01001", "01002", {"06076": 2}, {}, gold=5)
    hand(t, "A.06076.1", "A.06076.2")
    knelt = t.clone()
    legal(knelt, KneelFaction("A"))
    legal(knelt, GainGold("A", 1))
    flagged_and_refused(knelt, PlayEvent("A", "A.06076.1"), "event.faction-cost")
    before = t.clone()
    legal(before, KneelFaction("A"))
    legal(before, PlayEvent("A", "A.06076.1"))
    legal(t, PlayEvent("A", "A.06076.1"))
    legal(t, KneelFaction("A"))
    legal(t, PlayEvent("A", "A.06076.2"))
    flagged_and_refused(t, KneelFaction("A"), "faction.kneel-already")


def test_an_attachments_str_loss_that_kills_at_zero_counts_in_the_dominance_totals() -> None:
    """aside58 10 (RR: Appendix I > 5.2; the rule ``dominance.totals``): Crown of Gold (02034) "Attached character
    gets -4 STR and is killed if its STR is 0." on Ser Jaime (STR 5): he counts 1 at dominance, so Magister
    Illyrio's 4 wins it; written for Jaime's player it is flagged."""
    from companion.rules.values import strength

    assert Catalog.open().card("02034").grants_str == -4
    t = plots("2e", "01001", "01002", {"01163": 1, "02034": 1}, {"01087": 1})
    in_play(t, "A.01163.1")
    in_play(t, "B.01087.1")
    in_play(t, "A.02034.1", attached_to="B.01087.1")
    assert strength(t, "B.01087.1") == 1
    through_taxation_to("dominance", t)
    flagged_and_refused(t.clone(), WinDominance("B"), "dominance.totals")
    legal(t, WinDominance("A"))


def test_an_attachment_that_takes_a_challenge_icon_away() -> None:
    """aside58 02 (RR: Appendix I > 4.2.1; the rule ``challenge.icon``): Condemned (02077) "Opponent's character only.
    Attached character loses a [power] icon." on Bastard in Hiding ([military][power]): he may not defend a [power]
    challenge, and still may defend a [military] one."""
    assert Catalog.open().card("02077").loses_icons == ("power",)
    t = plots("2e", "01001", "01002", {"01053": 1, "02077": 1}, {"01053": 1})
    in_play(t, "A.01053.1")
    in_play(t, "B.01053.1")
    in_play(t, "A.02077.1", attached_to="B.01053.1")
    to_challenges(t)
    military = t.clone()
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.01053.1"]))
    flagged_and_refused(t, DeclareDefenders("B", ["B.01053.1"]), "challenge.icon")
    legal(military, InitiateChallenge("A", "military", "B", attackers=["A.01053.1"]))
    legal(military, DeclareDefenders("B", ["B.01053.1"]))


def test_an_attachments_str_for_each_counts_for_the_character_it_is_on() -> None:
    """aside58 29 (RR: Appendix I > 4.2.3; the rule ``challenge.str``): Dawn (01115) "Attached character gets +1 STR
    for each plot card in your used pile." on Bastard in Hiding (STR 2) with one plot in its controller's used pile:
    3 ties Gold Cloaks' 3, so the attacker wins; a result written for the defender is flagged. With none used it
    stands."""
    from companion.rules.state import Zone
    from companion.rules.values import strength

    assert Catalog.open().card("01115").str_per == ("used_plots", None)
    t = plots("2e", "01001", "01002", {"01053": 1, "01115": 1, "01005": 1}, {"01092": 1})
    in_play(t, "A.01053.1")
    in_play(t, "B.01092.1")
    in_play(t, "A.01115.1", attached_to="A.01053.1")
    unused = t.clone()
    t.move("A.01005.1", "A", Zone.USED)
    assert (strength(t, "A.01053.1"), strength(unused, "A.01053.1")) == (3, 2)
    for table, rule in ((t, "challenge.str"), (unused, "")):
        to_challenges(table)
        legal(table, InitiateChallenge("A", "military", "B", attackers=["A.01053.1"]))
        legal(table, DeclareDefenders("B", ["B.01092.1"]))
        result = ChallengeResult(winner="B")
        flagged_and_refused(table, result, rule) if rule else legal(table, result)


def test_a_printed_str_x_is_what_its_sentence_says() -> None:
    """aside66 06, 18 (RR: Appendix I > 4.2.3; the rules ``claim.not-won`` and ``challenge.str``): Protectors of the
    Realm (14031, STR "X") "X is your reserve value.": with The White Swords revealed (reserve 6) it attacks with 6
    against Gold Cloaks' 3, so its player wins and the claim is applied; a result written for the defender is
    flagged."""
    from companion.rules.values import strength

    assert Catalog.open().card("14031").str_x == ("reserve", None)
    t = plots("2e", "15048", "01001", {"14031": 1}, {"01092": 1})
    in_play(t, "A.14031.1")
    in_play(t, "B.01092.1")
    assert strength(t, "A.14031.1") == 6
    to_challenges(t)
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.14031.1"]))
    legal(t, DeclareDefenders("B", ["B.01092.1"]))
    flagged_and_refused(t.clone(), ChallengeResult(winner="B"), "challenge.str")
    legal(t, ChallengeResult())
    assert "claim.not-won" not in rules_of(play(t, ApplyClaim("B"), "advisory"))


def test_every_printed_str_x_counts_what_its_sentence_names() -> None:
    """The other printed STR "X" sentences (the rule ``challenge.str`` judges by them): "X is the number of [stark]
    characters you control." (Dacey Mormont), "… of kiss tokens Beric Dondarrion has.", "… of gold Godry the
    Giantslayer has.", "… of cards with 1 or more gold." (Ashemark Councilor), "… of cards you control with
    initiative modifiers." (Shipborn Bastard, "+1 Initiative." itself), 1st edition Pirates of Orkmont "X is the
    highest gold value on an opponent's revealed plot card."; a recorded modifier naming the card stands for it."""
    from companion.rules.state import Modifier
    from companion.rules.values import strength

    cat = Catalog.open()
    assert [cat.card(c).str_x for c in ("06061", "06117", "18002", "00166", "26103", "ator_110", "01045")] == [
        ("faction_characters", "stark"), ("own_tokens", "kiss"), ("own_gold", None), ("cards_with_gold", None),
        ("initiative_cards", None), ("opponent_plot_gold", None), None]  # The Hand's Judgment: an event's X
    t = plots("2e", "01001", "01002", {"06061": 1, "01150": 1, "06117": 1, "18002": 1, "00166": 1, "26103": 1},
              {"01147": 1})
    for card in ("A.06061.1", "A.01150.1", "A.06117.1", "A.18002.1", "A.00166.1", "A.26103.1", "B.01147.1"):
        in_play(t, card)
    t.tokens.update({"A.06117.1": {"kiss": 4}, "A.18002.1": {"gold": 2}, "B.01147.1": {"gold": 1}})
    assert [strength(t, c) for c in ("A.06061.1", "A.06117.1", "A.18002.1", "A.00166.1", "A.26103.1")] == [
        2, 4, 2, 2, 1]  # the opponent's Sansa is no [stark] character Dacey's player controls
    t.modifiers.append(Modifier("str", 3, "A", "A.06117.1", "round", t.round, source="A.06117.1"))
    assert strength(t, "A.06117.1") == 3  # the table counted Beric's X itself
    first = plots("1e", "core_181", "acoa_25", {"ator_110": 1}, {})
    in_play(first, "A.ator_110.1")
    assert strength(first, "A.ator_110.1") == 5  # Fury of the Wolf's gold


def test_a_str_lost_for_each_card_in_hand_counts_in_the_dominance_totals() -> None:
    """aside65 17 (RR: Appendix I > 5.2; the rule ``dominance.totals``): Dothraki Honor Guard (07035, STR 10) "No
    attachments. Dothraki Honor Guard gets -1 STR for each card in your hand." with 7 cards in hand counts 3 for
    dominance: 3 against two Tumblestone Knights' 4, Bruno wins; Adela written as the winner (10 against 4) is
    flagged."""
    from companion.rules.values import strength

    guard = Catalog.open().card("07035")
    assert (guard.str_per, guard.str_per_each) == (("hand_cards", None), -1)
    t = plots("2e", "01001", "01002", {"07035": 1, "01168": 7}, {"01150": 2})
    in_play(t, "A.07035.1")
    hand(t, *(f"A.01168.{n}" for n in range(1, 8)))
    in_play(t, "B.01150.1")
    in_play(t, "B.01150.2")
    assert strength(t, "A.07035.1") == 3
    next_phase(t, "challenges")
    next_phase(t, "dominance")
    flagged_and_refused(t.clone(), WinDominance("A"), "dominance.totals")
    legal(t, WinDominance("B"))


def test_a_location_that_gives_characters_with_few_icons_str_while_it_stands() -> None:
    """aside65 04 (RR: Appendix I > 5.2; the rule ``dominance.totals``): Sentinel Stand (25010) "While Sentinel Stand
    is standing, each character you control with 1 or fewer challenge icons gets +2 STR.": Old Steward (one icon, STR
    2) counts 4 and wins dominance against 3, Bruno written as the winner is flagged; Ranging Party (two icons) keeps
    its 5; with the Stand kneeling the Steward counts 2 and Bruno wins."""
    from companion.rules.values import strength

    assert Catalog.open().card("25010").str_each_while == ("self_standing", "", "icons<2", 2)
    t = plots("2e", "01001", "01002", {"25010": 1, "00216": 1, "01132": 1}, {"01150": 1})
    for card in ("A.25010.1", "A.00216.1", "A.01132.1", "B.01150.1"):
        in_play(t, card)
    next_phase(t, "challenges")
    next_phase(t, "dominance")
    t.in_play["A.01132.1"].kneeling = True
    t.players["B"].gold = 1
    knelt = t.clone()
    knelt.in_play["A.25010.1"].kneeling = True
    assert [strength(t, c) for c in ("A.00216.1", "A.01132.1")] == [4, 5]
    assert strength(knelt, "A.00216.1") == 2
    flagged_and_refused(t.clone(), WinDominance("B"), "dominance.totals")
    legal(t, WinDominance("A"))
    legal(knelt, WinDominance("B"))


def test_an_attachment_that_withholds_the_characters_str_from_dominance() -> None:
    """aside65 09 (RR: Appendix I > 5.2; the rule ``dominance.totals``): Traitor to the Crown (08009) "Opponent's
    character only. Attached character does not contribute its STR to [power] challenges or to its controller's total
    for dominance." on Black Wind's Crew (STR 3): Bruno counts only Salty Navigator's 2 against Adela's 4, so Bruno
    written as the winner is flagged. A dominance modifier the log records with the Traitor as its source stands for
    it (not withheld twice)."""
    from companion.rules.actions import Modify
    from companion.rules.values import dominance_totals

    assert Catalog.open().card("08009").attached_no_dominance
    t = plots("2e", "01001", "01002", {"03041": 1, "01053": 1, "08009": 1}, {"01072": 1, "01076": 1})
    for card in ("A.03041.1", "A.01053.1", "B.01072.1", "B.01076.1"):
        in_play(t, card)
    in_play(t, "A.08009.1", controller="A", attached_to="B.01072.1")
    next_phase(t, "challenges")
    next_phase(t, "dominance")
    assert dominance_totals(t) == {"A": 4, "B": 2}
    recorded = t.clone()
    legal(recorded, Modify(player="B", stat="dominance", amount=-3, source="A.08009.1"))
    assert dominance_totals(recorded) == {"A": 4, "B": 2}
    flagged_and_refused(t.clone(), WinDominance("B"), "dominance.totals")
    legal(t, WinDominance("A"))


def test_a_str_lost_for_each_character_of_a_faction_in_the_dead_pile_reaches_zero() -> None:
    """aside65 15 (RR: Golden Rule; the rule ``ability.killed-at-zero``): Sansa Stark (03013, STR 4) "Sansa Stark gets
    -1 STR for each [stark] character in your dead pile." with two [stark] characters and a [baratheon] one there is 2;
    Consuming Flames' -3 leaves her at 0 and its kill stands. With no [stark] character dead she is left at 1: the
    kill is flagged."""
    from companion.rules.actions import Discard, Modify
    from companion.rules.values import strength

    assert Catalog.open().card("03013").str_per == ("dead_characters", "[stark]")
    t = plots("2e", "01001", "01002", {"02013": 2, "08034": 1}, {"03013": 1, "01150": 2, "01053": 1})
    in_play(t, "A.02013.1")
    in_play(t, "B.03013.1")
    hand(t, "A.02013.2", "A.08034.1")
    t.players["A"].gold = 2
    alive = t.clone()
    dead(t, "B.01150.1", "B.01150.2", "B.01053.1")
    assert (strength(t, "B.03013.1"), strength(alive, "B.03013.1")) == (2, 4)
    for table, rule in ((t, ""), (alive, "ability.killed-at-zero")):
        to_challenges(table)
        legal(table, InitiateChallenge("A", "intrigue", "B", attackers=["A.02013.1"]))
        legal(table, DeclareDefenders("B", ["B.03013.1"]))
        legal(table, PlayEvent("A", "A.08034.1"))
        legal(table, Discard("A", "A.02013.2", source="A.08034.1"))
        legal(table, Modify(player="A", amount=-3, card="B.03013.1", source="A.08034.1"))
        kill = Kill("A", "B.03013.1", source="A.08034.1")
        flagged_and_refused(table, kill, rule) if rule else legal(table, kill)


def test_a_cost_discarded_from_the_hand_is_of_the_faction_it_names() -> None:
    """aside65 15 (RR: Costs; the rule ``ability.cost-target``): Consuming Flames (08034) "Challenges Action: Discard
    another [targaryen] card from your hand to choose a participating character. …": a neutral card discarded for it
    is flagged; a [targaryen] one stands."""
    from companion.rules.actions import Discard

    assert Catalog.open().card("08034").cost_targets[0][:4] == ("discard", "card", "", "targaryen")
    t = plots("2e", "01001", "01002", {"02013": 2, "08034": 1, "11018": 1}, {"03041": 1})
    in_play(t, "A.02013.1")
    in_play(t, "B.03041.1")
    hand(t, "A.02013.2", "A.08034.1", "A.11018.1")
    t.players["A"].gold = 2
    to_challenges(t)
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.02013.1"]))
    legal(t, DeclareDefenders("B", ["B.03041.1"]))
    legal(t, PlayEvent("A", "A.08034.1"))
    flagged_and_refused(t, Discard("A", "A.11018.1", source="A.08034.1"), "ability.cost-target")
    legal(t, Discard("A", "A.02013.2", source="A.08034.1"))


def test_a_character_that_loses_str_for_each_one_counted() -> None:
    """challenge.str (aside65 19): Smalljon Umber (13021, STR 6) "Smalljon Umber gets -1 STR for each plot card in your
    used pile.": with one used plot he is 5 and a 5 attacking him wins the tie, so a result written for him is
    flagged. Sansa Stark (03013, STR 4) "… gets -1 STR for each [stark] character in your dead pile." counts the Stark
    characters there only; Former Champion "… -1 STR for each power it has." is the same reading (4 printings)."""
    from companion.rules.state import Zone
    from companion.rules.values import strength

    catalog = Catalog.open()
    assert (catalog.card("13021").str_per, catalog.card("13021").str_per_each) == (("used_plots", None), -1)
    assert catalog.card("24026").str_per_each == -1
    t = plots("2e", "01001", "01002", {"13021": 1, "03013": 1, "01150": 1, "01053": 1, "01005": 1},
              {"08115": 1, "01005": 1})
    for card in ("A.13021.1", "A.03013.1", "B.08115.1"):
        in_play(t, card)
    t.move("A.01005.1", "A", Zone.USED)
    t.move("B.01005.1", "B", Zone.USED)
    t.move("A.01150.1", "A", Zone.DEAD)
    t.move("A.01053.1", "A", Zone.DEAD)  # a Baratheon character: Sansa does not count it
    assert (strength(t, "A.13021.1"), strength(t, "A.03013.1")) == (5, 3)
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("challenges"))
    legal(t, PassTurn("A"))
    legal(t, InitiateChallenge("B", "military", "A", attackers=["B.08115.1"]))
    legal(t, DeclareDefenders("A", ["A.13021.1"]))
    assert strength(t, "B.08115.1") == 5  # Host of the Boneway (4): "+1 STR for each plot card in your used pile."
    flagged_and_refused(t, ChallengeResult(winner="A"), "challenge.str")


def test_a_character_that_gets_str_for_each_other_participant_it_names() -> None:
    """challenge.str (aside65 01): Horselord (15015, STR 1) "While Horselord is attacking, it gets +1 STR for each
    other attacking Dothraki character you control.": attacking with a Braided Warrior (Dothraki, 3) it is 2, and 5
    ties the defenders' 5, so a result for the attacker stands and one for the defender is flagged; defending, or
    attacking alone, it is 1. Arrogant Contender "… for each participating character an opponent controls." and Sword
    of the Morning "While attached character is attacking, it gets +1 STR for each defending character." are the same
    reading (3 printings)."""
    assert Catalog.open().card("13023").str_per_participant == ("participating", "participating", "", "opponent")
    t = plots("2e", "01001", "01002", {"15015": 1, "01168": 1}, {"01150": 1, "01132": 1})
    for card in ("A.15015.1", "A.01168.1", "B.01150.1", "B.01132.1"):
        in_play(t, card)
    str_there_and_here(t, "A.15015.1", ("military", ["A.15015.1"], 1),
                       ("military", ["A.15015.1", "A.01168.1"], ["B.01132.1"], 2))


def test_an_attachment_kills_the_character_it_is_on_only_at_str_0() -> None:
    """ability.killed-at-zero (aside65 01): Crown of Gold (02034) "Attached character gets -4 STR and is killed if its
    STR is 0.": on Smalljon Umber (STR 6) he is 2, so a kill naming the Crown as its source is flagged; on a Tumblestone
    Knight (STR 2) it is 0 and the kill stands; a character the Crown is not on is not its to kill. 1st edition Dragon
    Skull "Attached character gets -2 STR and is killed if its STR is 0." is the same reading (with Flame-Kissed and
    Sun Stroke's "attached character gets -4 STR and is killed …", 4 printings)."""
    assert Catalog.open().card("kl_13").kills_at_zero == 2
    t = plots("2e", "01001", "01002", {"02034": 2}, {"13021": 1, "01150": 2})
    for card in ("B.13021.1", "B.01150.1", "B.01150.2"):
        in_play(t, card)
    in_play(t, "A.02034.1", controller="A", attached_to="B.13021.1")
    in_play(t, "A.02034.2", controller="A", attached_to="B.01150.1")
    flagged_and_refused(t, Kill("A", "B.13021.1", source="A.02034.1"), "ability.killed-at-zero")
    flagged_and_refused(t, Kill("A", "B.01150.2", source="A.02034.2"), "ability.killed-at-zero")
    legal(t, Kill("A", "B.01150.1", source="A.02034.2"))


def test_a_character_that_gets_the_str_of_the_one_character_it_names() -> None:
    """challenge.str (aside65 27): Red-Apple Knight (25015, STR 1) "While you control exactly 1 unique [tyrell] Knight
    character, Red-Apple Knight gets +X STR. X is that character's STR.": with Ser Colen of Greenpools (unique, STR 1,
    "During [power] challenges, Ser Colen of Greenpools gets +3 STR.", which holds whether or not he takes part) it
    attacks alone in a power challenge at 1 + 4 = 5 against two Bastards in Hiding's 4, so a result for the defender
    is flagged. Ser Lancel Lannister (05014, STR 0) "… exactly 1 other [lannister] Lord or Lady character …" gets
    nothing with two (2 printings)."""
    from companion.rules.values import strength

    t = plots("2e", "01001", "01002", {"25015": 1, "04004": 1, "05014": 1, "01087": 1, "01089": 1},
              {"01053": 2})
    for card in ("A.25015.1", "A.04004.1", "A.05014.1", "A.01087.1", "B.01053.1", "B.01053.2"):
        in_play(t, card)
    one = t.clone()
    assert strength(one, "A.05014.1") == strength(one, "A.01087.1") > 0
    in_play(t, "A.01089.1")
    assert strength(t, "A.05014.1") == 0
    to_challenges(t)
    won_by_a(t, ("power", ["A.25015.1"], ["B.01053.1", "B.01053.2"], 5), "A.25015.1")


def test_theon_attacking_alone_leaves_out_each_character_stronger_than_he() -> None:
    """challenge.str (aside65 12): Theon Greyjoy (06051, STR 2) "While Theon Greyjoy is attacking alone, each character
    with a higher STR than his does not contribute its STR to the challenge.": against Ranging Party (5) and Defender
    of the Wall (2 + 2 defending) the defenders count 0, so Theon wins (unopposed) and a result for the defender is
    flagged; attacking with Black Wind's Crew (3) beside him, everyone counts."""
    from companion.rules.values import current_challenge, side_strength

    t = plots("2e", "01001", "01002", {"06051": 1, "01072": 1}, {"01132": 1, "06085": 1})
    for card in ("A.06051.1", "A.01072.1", "B.01132.1", "B.06085.1"):
        in_play(t, card)
    to_challenges(t)
    both = t.clone()
    legal(both, InitiateChallenge("A", "military", "B", attackers=["A.06051.1", "A.01072.1"]))
    legal(both, DeclareDefenders("B", ["B.01132.1", "B.06085.1"]))
    c = current_challenge(both)
    assert c is not None and (side_strength(both, c, "A"), side_strength(both, c, "B")) == (5, 9)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.06051.1"]))
    legal(t, DeclareDefenders("B", ["B.01132.1", "B.06085.1"]))
    flagged_and_refused(t, ChallengeResult(winner="B"), "challenge.str")
    legal(t, ChallengeResult(winner="A"))
    assert t.challenges[-1].unopposed


def test_an_attachment_that_sets_str_while_its_character_takes_part() -> None:
    """challenge.str (aside65 06): Strangler (09043) "While attached character is participating in a challenge, set
    its STR to 1. (Other modifiers do not raise or lower its STR.)": a strangled Ranging Party (STR 5) defends at 1, so
    Knight of Summer's 3 beats it and another Tumblestone Knight's 2; a result for the defender is flagged. Out of the
    challenge it is 5 again."""
    from companion.rules.values import strength

    t = plots("2e", "01001", "01002", {"09043": 1, "04023": 1}, {"01132": 1, "01150": 1})
    for card in ("A.04023.1", "B.01132.1", "B.01150.1"):
        in_play(t, card)
    in_play(t, "A.09043.1", controller="A", attached_to="B.01132.1")
    assert strength(t, "B.01132.1") == 5
    to_challenges(t)
    won_by_a(t, ("military", ["A.04023.1"], ["B.01132.1", "B.01150.1"], 1), "B.01132.1")


def test_str_while_attacking_an_opponent_with_more_gold() -> None:
    """challenge.str (aside65 18): Wildling Bandit (05041, STR 1) "While Wildling Bandit is attacking an opponent with
    more gold in his or her gold pool than you, it gets +2 STR.": at equal gold it attacks a Tumblestone Knight (2) at
    1 and loses, so a result for its player is flagged (it was a STR effect not read, which let any result stand);
    against a player with more gold it is 3 and wins."""
    for b_gold, winner in ((3, "B"), (4, "A")):
        t = plots("2e", "01001", "01002", {"05041": 1}, {"01150": 1})
        in_play(t, "A.05041.1")
        in_play(t, "B.01150.1")
        to_challenges(t)
        t.players["A"].gold, t.players["B"].gold = 3, b_gold
        if winner == "A":
            won_by_a(t, ("military", ["A.05041.1"], ["B.01150.1"], 3), "A.05041.1")
            continue
        legal(t, InitiateChallenge("A", "military", "B", attackers=["A.05041.1"]))
        legal(t, DeclareDefenders("B", ["B.01150.1"]))
        flagged_and_refused(t, ChallengeResult(winner="A"), "challenge.str")
        legal(t, ChallengeResult(winner="B"))


def test_an_attachment_to_a_house_card_is_marshalled_with_no_host_named() -> None:
    """aside58 40 (RR: Attachments; the rule ``attach.target``): 1st edition Formal Petition (pots_44) "Attach to your
    House card.": the log names no House card as a host, so its marshal without one stands and it stays in play; one
    attached to a character is flagged."""
    assert Catalog.open().card("pots_44").attaches_to == "house"
    t = plots("1e", "core_181", "acoa_25", {"pots_44": 1, "core_40": 1}, {}, gold=5)
    in_play(t, "A.core_40.1")
    hand(t, "A.pots_44.1")
    flagged_and_refused(t.clone(), Marshal("A", "A.pots_44.1", attach_to="A.core_40.1"), "attach.target")
    legal(t, Marshal("A", "A.pots_44.1"))
    assert "A.pots_44.1" in t.in_play


def test_a_location_that_gives_every_standing_character_str_counts_at_dominance() -> None:
    """aside58 35 (1E Rules: Dominance; the rule ``dominance.totals``): 1st edition King's Pavillion (kotst_46) "Each
    character gets +3 STR while it is standing.": Tywin (STR 4) standing counts 7 against 5 gold, so his player wins
    dominance; kneeling he counts 4 (no +3)."""
    from companion.rules.values import strength

    assert Catalog.open().card("kotst_46").str_standing == 3
    t = plots("1e", "core_181", "acoa_25", {"kotst_46": 1, "core_40": 1}, {})
    in_play(t, "A.kotst_46.1")
    in_play(t, "A.core_40.1")
    knelt = t.clone()
    knelt.in_play["A.core_40.1"].kneeling = True
    assert (strength(t, "A.core_40.1"), strength(knelt, "A.core_40.1")) == (7, 4)
    through_taxation_to("dominance", t)
    t.players["A"].gold, t.players["B"].gold = 0, 5
    flagged_and_refused(t.clone(), WinDominance("B"), "dominance.totals")
    legal(t, WinDominance("A"))


def test_a_location_that_takes_str_from_every_kneeling_character() -> None:
    """challenge.str (aside65 29): 1st edition The Giant's Lance (w_107) "Kneeling characters get -1 STR.": the
    participants kneel, so Ashemark Knight 2 - 1 and Clan Scout 1 - 1 make 1 against Wolf Pack's 3 - 1 = 2, and a
    result written for the attacker is flagged. Lyanna Stark (atoc_56) "Non-unique characters get -1 STR while knelt."
    is the same reading for non-unique ones (2 printings)."""
    from companion.rules.values import strength

    assert Catalog.open().card("atoc_56").str_kneeling == (-1, True)
    t = plots("1e", "core_181", "acoa_25", {"w_107": 1, "kr_86": 1, "w_67": 1}, {"low_14": 1})
    for card in ("A.w_107.1", "A.kr_86.1", "A.w_67.1", "B.low_14.1"):
        in_play(t, card)
    assert strength(t, "A.kr_86.1") == 2
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.kr_86.1", "A.w_67.1"]))
    legal(t, DeclareDefenders("B", ["B.low_14.1"]))
    assert (strength(t, "A.kr_86.1"), strength(t, "B.low_14.1")) == (1, 2)
    flagged_and_refused(t, ChallengeResult(winner="A"), "challenge.str")
    legal(t, ChallengeResult(winner="B"))


def test_first_edition_shagga_lets_knelt_clansmen_defend_military_challenges() -> None:
    """aside61 06: Shagga Son of Dolf (bwb_107): "Knelt Clansman characters you control can be declared as defenders
    during Military challenges." (``knelt_defenders``): his knelt Clan Scout (w_67, a Clansman) defends a Military
    challenge; in an Intrigue challenge it is flagged ``challenge.kneeling`` as any kneeling character is."""
    assert Catalog.open().card("bwb_107").knelt_defenders == ("Clansman", "military")
    t = plots("1e", "core_181", "acoa_25", {"low_14": 1, "low_13": 1}, {"bwb_107": 1, "w_67": 1})
    for card in ("A.low_14.1", "A.low_13.1", "B.bwb_107.1", "B.w_67.1"):
        in_play(t, card)
    t.in_play["B.w_67.1"].kneeling = True
    to_challenges(t)
    intrigue = t.clone()
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.low_14.1"]))
    legal(t, DeclareDefenders("B", ["B.w_67.1"]))
    legal(intrigue, InitiateChallenge("A", "intrigue", "B", attackers=["A.low_13.1"]))
    flagged_and_refused(intrigue, DeclareDefenders("B", ["B.w_67.1"]), "challenge.kneeling")


def test_first_edition_gatehouse_tower_gives_str_while_its_player_has_fewer_characters() -> None:
    """aside61 37: The Gatehouse Tower (cad_33): "Your characters get +1 STR if you control fewer characters than each
    opponent." (``str_each_while``, the condition after the STR): +1 while A has 1 character to B's 2, none at 2 to
    2."""
    from companion.rules.values import strength

    assert Catalog.open().card("cad_33").str_each_while == ("fewer_characters", "", "", 1)
    t = plots("1e", "core_181", "acoa_25", {"cad_33": 1, "low_14": 1, "low_13": 1}, {"w_67": 2})
    for card in ("A.cad_33.1", "A.low_14.1", "B.w_67.1", "B.w_67.2"):
        in_play(t, card)
    printed_str = Catalog.open().card("low_14").strength or 0
    assert strength(t, "A.low_14.1") == printed_str + 1
    in_play(t, "A.low_13.1")
    assert strength(t, "A.low_14.1") == printed_str


def test_first_edition_timett_keeps_knelt_clansmen_from_a_military_claim() -> None:
    """aside61 09: Timett Son of Timett (bwb_43): "Knelt Clansman characters you control cannot be killed."
    (``knelt_unkillable_own``): his player's knelt Clan Scout (w_67, a Clansman) named for a military claim is flagged
    ``kill.knelt-trait``; the standing Pentoshi Guildmaster is what the claim of 1 takes."""
    assert Catalog.open().card("bwb_43").knelt_unkillable_own == "Clansman"
    t = plots("1e", "core_181", "acoa_25", {"low_14": 1}, {"bwb_43": 1, "w_67": 1, "core_124": 1})
    for card in ("A.low_14.1", "B.bwb_43.1", "B.w_67.1", "B.core_124.1"):
        in_play(t, card)
    t.in_play["B.w_67.1"].kneeling = t.in_play["B.bwb_43.1"].kneeling = True
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.low_14.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    flagged_and_refused(t.clone(), ApplyClaim("B", ["B.w_67.1"]), "kill.knelt-trait")
    legal(t, ApplyClaim("B", ["B.core_124.1"]))


def test_first_edition_marya_seaworth_cannot_kneel_again_to_stand_a_second_character() -> None:
    """aside61 13, 20: Marya Seaworth (kotst_10): "Any Phase: Kneel Marya Seaworth to choose and stand 1 character."
    (``kneel_self_to``; Massey's Hook the same): knelt for her cost, she stands one character; a second stand by her
    while she still kneels is flagged ``ability.kneel-cost``. Knelt again after she stood, she pays anew."""
    from companion.rules.actions import Kneel, Stand

    assert Catalog.open().card("kotst_10").kneel_self_to == ("stand",)
    t = plots("1e", "core_181", "acoa_25", {"kotst_10": 1, "core_124": 2}, {})
    for card in ("A.kotst_10.1", "A.core_124.1", "A.core_124.2"):
        in_play(t, card)
    t.in_play["A.core_124.1"].kneeling = t.in_play["A.core_124.2"].kneeling = True
    legal(t, Kneel("A", "A.kotst_10.1"))
    legal(t, Stand("A", "A.core_124.1", source="A.kotst_10.1"))
    again = t.clone()
    flagged_and_refused(again, Stand("A", "A.core_124.2", source="A.kotst_10.1"), "ability.kneel-cost")
    legal(t, Stand("A", "A.kotst_10.1"))
    legal(t, Kneel("A", "A.kotst_10.1"))
    legal(t, Stand("A", "A.core_124.2", source="A.kotst_10.1"))


def test_first_edition_acolyte_of_the_flame_gets_str_while_standing() -> None:
    """aside61 24: Acolyte of the Flame (dotn_65): "Acolyte of the Flame gets +1 STR while it is standing."
    (``str_while`` "standing"): its dominance STR is printed + 1 while it stands, its printed STR once it kneels, so a
    dominance tie it makes is no win (``dominance.totals``)."""
    from companion.rules.values import strength

    assert Catalog.open().card("dotn_65").str_while == ("standing", 1)
    t = plots("1e", "core_181", "acoa_25", {"dotn_65": 1}, {})
    in_play(t, "A.dotn_65.1")
    printed_str = Catalog.open().card("dotn_65").strength or 0
    assert strength(t, "A.dotn_65.1") == printed_str + 1
    t.in_play["A.dotn_65.1"].kneeling = True
    assert strength(t, "A.dotn_65.1") == printed_str
    t = plots("1e", "core_181", "acoa_25", {"dotn_65": 1}, {"low_14": 1})  # Wolf Pack: STR 3, as the Acolyte's 2 + 1
    in_play(t, "A.dotn_65.1")
    in_play(t, "B.low_14.1")
    through_taxation_to("dominance", t)
    flagged_and_refused(t, WinDominance("B"), "dominance.totals")


def test_first_edition_obey_the_king_chooses_a_character_with_at_least_1_power() -> None:
    """aside61 19: Obey the King (kotst_33): "House Baratheon only. Challenges: Choose and stand or kneel 1 character
    with at least 1 power." (``chooses_with`` ("power", "", 1)): kneeling a character without power by it is flagged
    ``ability.target``; one with a power token it may kneel."""
    from companion.rules.actions import Kneel

    assert Catalog.open().card("kotst_33").chooses_with == ("power", "", 1)
    t = plots("1e", "core_181", "acoa_25", {"kotst_33": 1}, {"core_124": 2})
    for card in ("B.core_124.1", "B.core_124.2"):
        in_play(t, card)
    t.tokens["B.core_124.1"] = {"power": 1}
    hand(t, "A.kotst_33.1")
    to_challenges(t)
    legal(t, PlayEvent("A", "A.kotst_33.1"))
    flagged_and_refused(t.clone(), Kneel("A", "B.core_124.2", source="A.kotst_33.1"), "ability.target")
    legal(t, Kneel("A", "B.core_124.1", source="A.kotst_33.1"))


def test_first_edition_forced_march_stands_characters_of_combined_printed_cost_3_or_lower() -> None:
    """aside61 18: Forced March (kr_82): "House Baratheon only. Any Phase: Stand any number of characters with combined
    printed cost 3 or lower." (``chooses_total_cost``): Davos's Confidant (2) and the Bastard in Hiding (1) make 3; the
    Vanguard Lancer (2) after the Confidant makes 4, flagged ``ability.target``."""
    from companion.rules.actions import Stand

    assert Catalog.open().card("kr_82").chooses_total_cost == ("stand", 3)
    t = plots("1e", "core_181", "acoa_25", {"kr_82": 1, "atoc_84": 1, "kotst_18": 1, "kotst_19": 1}, {})
    for card in ("A.atoc_84.1", "A.kotst_18.1", "A.kotst_19.1"):
        in_play(t, card)
        t.in_play[card].kneeling = True
    hand(t, "A.kr_82.1")
    to_challenges(t)
    legal(t, PlayEvent("A", "A.kr_82.1"))
    legal(t, Stand("A", "A.atoc_84.1", source="A.kr_82.1"))
    flagged_and_refused(t, Stand("A", "A.kotst_18.1", source="A.kr_82.1"), "ability.target")
    legal(t, Stand("A", "A.kotst_19.1", source="A.kr_82.1"))


def test_a_reaction_to_power_gained_or_moved_waits_for_it() -> None:
    """ability.reaction-trigger (aside62 05, 12): Robert Baratheon "Renown. Reaction: After Robert Baratheon gains
    power, gain 1 power for your faction." is flagged before he gains any power, legal after; after the round's next
    step it is flagged again. Antler Men "Reaction: After power is moved to your faction card, gain 1 gold." is flagged
    after power gained from the treasury, legal after power moved from Bob's faction card (lose, then gain)."""
    from companion.rules.actions import GainGold, GainPower, LosePower, PassTurn

    t = make_table({"A": {"13107": 1, "00121": 1}, "B": {}}, phase="challenges")
    in_play(t, "A.13107.1")
    in_play(t, "A.00121.1")
    t.first_player = t.active_player = "A"
    t.players["B"].power = 3
    robert = GainPower("A", 1, source="A.13107.1")
    flagged_and_refused(t, robert, "ability.reaction-trigger")
    legal(t, GainPower("A", 1, card="A.13107.1"))
    legal(t, robert)
    antler = GainGold("A", 1, source="A.00121.1")
    flagged_and_refused(t, antler, "ability.reaction-trigger")
    legal(t, LosePower("B", 1))
    legal(t, GainPower("A", 1))
    legal(t, antler)
    legal(t, PassTurn("A"))
    flagged_and_refused(t, robert, "ability.reaction-trigger")
    flagged_and_refused(t, antler, "ability.reaction-trigger")


def test_a_reaction_that_asks_for_fewer_cards_in_hand_than_the_loser() -> None:
    """ability.reaction-trigger (aside62 20): Ser Barristan Selmy "Reaction: After you win a challenge in which Ser
    Barristan Selmy is participating, if you have fewer cards in hand than the losing opponent, stand him.": after
    Alice wins with him, his stand is flagged while she holds as many cards as Bob (3 each), legal with 2 against 3."""
    from companion.rules.actions import Stand

    for held in (3, 2):
        t = make_table({"A": {"05035": 1, "01035": 5}, "B": {"01113": 1, "01035": 5}}, phase="challenges")
        in_play(t, "A.05035.1")
        in_play(t, "B.01113.1")
        hand(t, *[f"A.01035.{i}" for i in range(1, held + 1)], "B.01035.1", "B.01035.2", "B.01035.3")
        t.first_player = t.active_player = "A"
        legal(t, InitiateChallenge("A", "military", "B", attackers=["A.05035.1"]))
        legal(t, DeclareDefenders("B", ["B.01113.1"]))
        legal(t, ChallengeResult())
        stand = Stand("A", "A.05035.1", source="A.05035.1")
        if held < 3:
            legal(t, stand)
        else:
            flagged_and_refused(t, stand, "ability.reaction-trigger")


def test_a_then_that_stands_the_card_itself_only_for_a_character_with_a_trait() -> None:
    """ability.then-trait (aside62 18): Maiden's Bane "Reaction: After you win an unopposed challenge, kneel Maiden's
    Bane to choose and stand an attacking character. Then, if that character is a Captain, stand Maiden's Bane.":
    after it stands Salty Navigator (Ironborn only), its own stand is flagged; after it stands Old Captain (Captain),
    legal. Rhaegal's "Then, if that character has the Dragon or Stormborn trait, stand Rhaegal." is read so too."""
    from companion.catalog.importers import then_self_if_trait
    from companion.rules.actions import Kneel, Stand

    assert then_self_if_trait("Then, if that character has the Dragon or Stormborn trait, stand Rhaegal.",
                              "Rhaegal") == ("stand", "Dragon|Stormborn")
    for attacker, captain in (("A.01076.1", False), ("A.25024.1", True)):
        t = make_table({"A": {"12019": 1, "01076": 1, "25024": 1}, "B": {}}, phase="challenges")
        for card in ("A.12019.1", "A.01076.1", "A.25024.1"):
            in_play(t, card)
        t.first_player = t.active_player = "A"
        legal(t, InitiateChallenge("A", "military", "B", attackers=[attacker]))
        legal(t, DeclareDefenders("B", []))
        legal(t, ChallengeResult())
        legal(t, Kneel("A", "A.12019.1", source="A.12019.1"))
        legal(t, Stand("A", attacker, source="A.12019.1"))
        itself = Stand("A", "A.12019.1", source="A.12019.1")
        if captain:
            legal(t, itself)
        else:
            flagged_and_refused(t, itself, "ability.then-trait")


def test_a_reactions_character_condition_reads_as_words() -> None:
    """ability.reaction-trigger's words: The Red Viper's "After you win a challenge in which you control an attacking
    Bastard character" renders as a sentence, not as the message's raw parts (it read "{'msg': …}" before)."""
    from companion.messages import param_text
    from companion.rules.actions.common import reaction_words

    side = reaction_words(("win_challenge", "", 0, ""), ("attacking", "", "Bastard"))["side"]
    assert param_text(side) == ", in which you control an attacking Bastard character"


@pytest.mark.parametrize(("margin", "amount", "flagged"), [(4, 1, True), (5, 1, False), (9, 2, True), (10, 2, False)])
def test_the_red_vipers_power_follows_the_str_he_won_by(margin: int, amount: int, flagged: bool) -> None:
    """The Red Viper (01109): "Reaction: After you win a challenge in which The Red Viper is participating as an
    attacker, he gains 1 power for every 5 STR by which you won the challenge." A blind writer's file gave him 1 power
    for a win by 4. The power naming him as its source is at most 1 for every 5 STR of the recorded totals."""
    from companion.rules.actions import GainPower
    from companion.rules.state import ChallengeRecord, Stage

    viper = "A.01109.1"
    t = make_table({"A": {"01109": 1}, "B": {"01091": 1}}, phase="challenges")
    in_play(t, viper)
    t.challenges.append(ChallengeRecord(round=t.round, kind="power", attacker="A", defender="B", winner="A",
                                        unopposed=False, claim=1, stage=Stage.ENDED, attackers=[viper],
                                        strength={"A": 7, "B": 7 - margin}, claim_applied=True))
    gain = GainPower("A", amount, viper, source=viper)
    if flagged:
        flagged_and_refused(t, gain, "power.per-margin")
    else:
        legal(t, gain)


def test_a_reduction_for_the_next_card_out_of_shadows_is_spent_on_it() -> None:
    """aside70 14 and 18: Kingdom of Shadows (13079): "Reduce the cost of the first character you bring out of shadows
    each round by 2."; A Very Large Shadow (13090): "Reduce the cost of the next card you bring out of shadows this
    phase by 3." The card brought out for less spends the reduction (RR: Costs), as a marshalled card spends a
    reducer's: a second card paid short by it again is flagged, and paid in full is not."""
    from companion.rules.actions import BringOut
    from companion.rules.state import Zone

    assassin, merchant, agent, catspaw = "A.11053.1", "A.13033.1", "A.00168.1", "A.11049.1"
    t = plots("2e", "01024", "01025", {"13079": 1, "11053": 1, "13033": 1}, {}, gold=5)
    assert "A.13079.1" in t.players["A"].zones[Zone.AGENDA]
    shadows(t, assassin, merchant)
    legal(t, BringOut("A", assassin, cost=0))  # 2 - 2: the first character out this round
    flagged_and_refused(t, BringOut("A", merchant, cost=0), "shadows.cost-reduced")
    legal(t, BringOut("A", merchant, cost=2))
    t = plots("2e", "01024", "01025", {"13090": 1, "00168": 1, "11049": 1}, {}, gold=5)
    shadows(t, agent, catspaw)
    t.move("A.13090.1", "A", Zone.DISCARD)  # played from shadows for 0 just before
    legal(t, BringOut("A", agent, cost=0))  # 3 - 3: the next card out
    flagged_and_refused(t, BringOut("A", catspaw, cost=0), "shadows.cost-reduced")
    legal(t, BringOut("A", catspaw, cost=2))


def test_varys_comes_out_of_shadows_for_less_for_each_other_card_there() -> None:
    """aside70 04: Varys (11119): "Shadow (8). … Reduce the cost to bring Varys out of shadows by 1 for each other card
    in shadows." With two other cards in shadows he comes out for 6, not for his printed cost 4; every player's cards
    in shadows count."""
    from companion.rules.actions import BringOut

    assert Catalog.open().card("11119").own_shadow_less == 1
    t = plots("2e", "01024", "01025", {"11119": 1, "11029": 1}, {"11049": 1}, gold=8)
    shadows(t, "A.11119.1", "A.11029.1", "B.11049.1")
    flagged_and_refused(t, BringOut("A", "A.11119.1", cost=5), "shadows.cost-reduced")
    legal(t, BringOut("A", "A.11119.1", cost=6))
    assert t.players["A"].gold == 2


@pytest.mark.parametrize(("lost", "flagged"), [("power", True), ("military", False)])
def test_the_red_keep_draws_only_if_its_player_lost_no_power_challenge(lost: str, flagged: bool) -> None:
    """aside73 07: The Red Keep (01061): "Interrupt: When the challenges phase ends, if you have not lost a [power]
    challenge this round, kneel The Red Keep to draw 2 cards." A [power] challenge its player lost as the attacker
    counts too (Guard at Riverrun's "if no opponent has won … against you" counts the defender's only)."""
    from companion.rules.state import ChallengeRecord, Stage

    assert Catalog.open().card("01061").draws_unless_lost == "any:power"
    t = make_table({"A": {"01061": 1, "01053": 1}, "B": {"01091": 1}}, phase="challenges")
    in_play(t, "A.01061.1")
    t.challenges.append(ChallengeRecord(round=t.round, kind=lost, attacker="A", defender="B", winner="B",
                                        unopposed=False, claim=1, stage=Stage.ENDED, claim_applied=True))
    draw = DrawCards("A", 2, source="A.01061.1")
    if flagged:
        flagged_and_refused(t, draw, "draw.unless-lost-any")
    else:
        assert "draw.unless-lost-any" not in rules_of(play(t.clone(), draw))


def test_calling_the_banners_gains_a_gold_for_each_character_the_opponent_controls() -> None:
    """aside73 16: Calling the Banners (01007): "When Revealed: Choose an opponent. Gain 1 gold for each character that
    player controls." B controls 3 characters and a location (which does not count): 4 gold is flagged, 3 is not."""
    from companion.rules.actions import GainGold

    t = plots("2e", "01007", "01017", {}, {"01091": 3, "01040": 1}, gold=0)
    for card in ("B.01091.1", "B.01091.2", "B.01091.3", "B.01040.1"):
        in_play(t, card)
    flagged_and_refused(t, GainGold("A", 4, source="A.01007.1"), "gold.per-count")
    legal(t, GainGold("A", 3, source="A.01007.1"))


def test_trade_routes_gains_a_gold_for_each_location_a_chosen_player_controls() -> None:
    """aside77 14: Trade Routes (17160): "When Revealed: Choose a player. Gain 1 gold for each location that player
    controls." A controls 2 locations and an attachment, B 1 location: 3 gold is flagged (the attachment is no
    location), 2 (A's own, "a player") is legal."""
    from companion.rules.actions import GainGold

    t = plots("2e", "17160", "01017", {"01040": 2, "01034": 1, "01091": 1}, {"01040": 1}, gold=0)
    for card in ("A.01040.1", "A.01040.2", "A.01091.1", "B.01040.1"):
        in_play(t, card)
    in_play(t, "A.01034.1", attached_to="A.01091.1")
    flagged_and_refused(t, GainGold("A", 3, source="A.17160.1"), "gold.per-count")
    legal(t, GainGold("A", 2, source="A.17160.1"))


def test_an_event_whose_kneel_cost_nothing_can_pay_is_flagged() -> None:
    """RR: Costs: Like Warm Rain (01158) "Kneel a Direwolf card to …": played while its player has no standing
    Direwolf, the cost cannot be paid. With a standing Direwolf the cost is payable."""
    t = make_table({"A": {"01158": 1, "01148": 1}, "B": {"01091": 1}}, phase="challenges")
    hand(t, "A.01158.1")
    in_play(t, "A.01148.1")
    t.in_play["A.01148.1"].kneeling = True
    assert "ability.cost-unpayable" in rules_of(play(t.clone(), PlayEvent("A", "A.01158.1"), "advisory"))
    t.in_play["A.01148.1"].kneeling = False
    assert "ability.cost-unpayable" not in rules_of(play(t.clone(), PlayEvent("A", "A.01158.1"), "advisory"))


def test_dracarys_is_paid_by_a_standing_dragon_or_daenerys_only() -> None:
    """RR: Costs: Dracarys! (01176) "Action: Kneel a Dragon character or Daenerys Targaryen to choose a participating
    character." (aside73 04): with Drogon kneeling and no Daenerys, the cost cannot be paid; a standing Daenerys
    Targaryen (a Lady, no Dragon) pays it, and so does a standing Drogon; Viserys (no Dragon, not named) does not."""
    t = make_table({"A": {"01176": 1, "01161": 1, "01160": 1, "01167": 1}, "B": {"01091": 1}}, phase="challenges")
    hand(t, "A.01176.1")
    in_play(t, "A.01161.1")
    in_play(t, "A.01167.1")
    t.in_play["A.01161.1"].kneeling = True
    flagged = play(t.clone(), PlayEvent("A", "A.01176.1"), "advisory")
    assert "ability.cost-unpayable" in rules_of(flagged)
    assert "Dragon / Daenerys Targaryen" in str(flagged)
    in_play(t, "A.01160.1")
    assert "ability.cost-unpayable" not in rules_of(play(t.clone(), PlayEvent("A", "A.01176.1"), "advisory"))
    t.in_play["A.01160.1"].kneeling = True
    t.in_play["A.01161.1"].kneeling = False
    assert "ability.cost-unpayable" not in rules_of(play(t.clone(), PlayEvent("A", "A.01176.1"), "advisory"))


def test_a_gain_with_a_higher_amount_instead_if_asks_its_condition() -> None:
    """aside77 03, 04: Dornish Fiefdom (06056) "Kneel Dornish Fiefdom to gain 1 gold. (2 gold instead if you are not
    the first player.)"; Underground Vault (06046) "… gain 1 gold. (2 gold instead if the gold value on an opponent's
    revealed plot card is 5 or higher.)". Alice is the first player and Bob revealed A Noble Cause (gold 5), Alice
    A Clash of Kings (gold 4): Alice's Fiefdom gives 1, Bob's 2 and never 3; Alice's Vault gives 2, Bob's 1."""
    from companion.catalog.importers import amount_instead
    from companion.rules.actions import GainGold

    assert amount_instead("Kneel Dornish Fiefdom to gain 1 gold. (2 gold instead if you are not the first player.)") \
        == ("gold", 1, 2, "not-first")
    t = plots("2e", "01001", "01004", {"06056": 1, "06046": 1}, {"06056": 1, "06046": 1})
    for card in ("A.06056.1", "A.06046.1", "B.06056.1", "B.06046.1"):
        in_play(t, card)
    flagged_and_refused(t, GainGold("A", 2, source="A.06056.1"), "ability.amount-if")
    legal(t, GainGold("A", 1, source="A.06056.1"))
    flagged_and_refused(t, GainGold("B", 3, source="B.06056.1"), "ability.amount")
    legal(t, GainGold("B", 2, source="B.06056.1"))
    legal(t, GainGold("A", 2, source="A.06046.1"))
    flagged_and_refused(t, GainGold("B", 2, source="B.06046.1"), "ability.amount-if")


def test_ygritte_cannot_be_knelt_by_card_effects() -> None:
    """aside77 19: Ygritte (06017) "Ygritte cannot be knelt by card effects.": Filthy Accusations' (01011) "When
    Revealed: Choose and kneel a character." kneeling her is flagged; kneeling another character is legal, and so is
    Ygritte knelt with no card effect named (as an attacker, by hand)."""
    from companion.rules.actions import Kneel

    t = plots("2e", "01011", "01001", {}, {"06017": 1, "01150": 1})
    in_play(t, "B.06017.1")
    in_play(t, "B.01150.1")
    flagged_and_refused(t, Kneel("A", "B.06017.1", source="A.01011.1"), "kneel.printed-unkneelable")
    legal(t, Kneel("A", "B.01150.1", source="A.01011.1"))
    legal(t, Kneel("B", "B.06017.1"))


def test_breaking_ties_returns_a_non_loyal_character_or_location_only() -> None:
    """aside77 16: Breaking Ties (17153) "Action: Shuffle a standing loyal character into your deck to choose a
    non-loyal character or location and return it to its owner's hand.": Cersei Lannister (loyal) returned by it is
    flagged; Lannisport Moneylender (non-loyal) is legal."""
    from companion.catalog.importers import targets
    from companion.rules.actions import ReturnToHand

    assert targets("Action: Shuffle a standing loyal character into your deck to choose a non-loyal character or "
                   "location and return it to its owner's hand.", "Breaking Ties")[0][1:2] == ("location|character",)
    t = plots("2e", "17153", "01001", {}, {"01084": 1, "01093": 1})
    in_play(t, "B.01084.1")
    in_play(t, "B.01093.1")
    flagged_and_refused(t, ReturnToHand("A", "B.01084.1", source="A.17153.1"), "ability.target")
    legal(t, ReturnToHand("A", "B.01093.1", source="A.17153.1"))


def test_x_the_plot_cards_in_the_used_pile_bounds_the_gain() -> None:
    """aside77 18: Doran's Game (17114) "… gain X power for your faction (to a maximum of 5). X is the number of plot
    cards in your used pile.": with one plot in Alice's used pile, 2 power is flagged and 1 is legal; In Doran's
    Name (02036) "… gain X gold. X is the number of plot cards in your used pile." the same for gold."""
    from companion.catalog.importers import x_used_plots
    from companion.rules.actions import GainGold, GainPower
    from companion.rules.state import Zone

    assert x_used_plots("gain X power for your faction (to a maximum of 5). X is the number of plot cards in your "
                        "used pile.") == ("power", 5)
    t = plots("2e", "01001", "01002", {"17114": 1, "02036": 1, "01004": 1}, {})
    t.move("A.01004.1", "A", Zone.USED)
    flagged_and_refused(t, GainPower("A", 2, source="A.17114.1"), "ability.amount")
    legal(t, GainPower("A", 1, source="A.17114.1"))
    flagged_and_refused(t, GainGold("A", 2, source="A.02036.1"), "ability.amount")
    legal(t, GainGold("A", 1, source="A.02036.1"))


def test_white_sword_tower_holds_a_player_without_a_kingsguard_to_one_event_a_phase() -> None:
    """aside76 15: White Sword Tower (13018) "Each player that does not control a Kingsguard character cannot play
    more than 1 event each phase." (Bob's, binding Alice too): Alice's second event this phase is flagged
    (``event.cap``); with Ser Balon Swann (a Kingsguard) in play it is not. The Minstrel's Muse's "You cannot play
    more than 3 events this round." is read as its controller's, per round."""
    from companion.catalog.importers import events_cap

    assert events_cap("You cannot play more than 3 events this round.") == ("you", "", 3, "round")
    t = make_table({"A": {"01062": 1, "08069": 1}, "B": {"13018": 1}}, phase="marshaling")
    hand(t, "A.01062.1")
    in_play(t, "B.13018.1")
    t.players["A"].events_played.append(("superior claim", t.round, "marshaling", 0))
    assert "event.cap" in rules_of(play(t.clone(), PlayEvent("A", "A.01062.1"), "advisory"))
    t.players["A"].events_played[0] = ("superior claim", t.round, "plot", 0)  # another phase's event: the first
    assert "event.cap" not in rules_of(play(t.clone(), PlayEvent("A", "A.01062.1"), "advisory"))
    t.players["A"].events_played[0] = ("superior claim", t.round, "marshaling", 0)
    in_play(t, "A.08069.1")
    assert "event.cap" not in rules_of(play(t.clone(), PlayEvent("A", "A.01062.1"), "advisory"))


def test_no_character_is_saved_while_arya_stark_stands() -> None:
    """aside76 05: Arya Stark (08081) "While Arya Stark is standing, characters cannot be saved." (Bob's, binding
    Alice too): Alice's duplicate saving Robb Stark is flagged (``save.while-standing``) while Arya stands, not once
    she kneels."""
    robb = "01146"
    t = make_table({"A": {robb: 2}, "B": {"08081": 1}}, phase="challenges")
    in_play(t, f"A.{robb}.1")
    t.put_in_play(f"A.{robb}.2", "A", duplicate_of=f"A.{robb}.1")
    in_play(t, "B.08081.1")
    assert "save.while-standing" in rules_of(play(t.clone(), SaveWithDuplicate("A", f"A.{robb}.2"), "advisory"))
    t.in_play["B.08081.1"].kneeling = True
    assert "save.while-standing" not in rules_of(play(t.clone(), SaveWithDuplicate("A", f"A.{robb}.2"), "advisory"))


def test_devout_freerider_bars_gold_in_the_challenges_phase() -> None:
    """aside82 12 (``gold.cannot-gain``): Devout Freerider (05040) "During the challenges phase, each player cannot gain
    gold.": with the opponent's Freerider in play, Lions of the Rock's 3 gold ("After the challenges phase begins,
    gain 3 gold.") is flagged in the challenges phase; a gain in the marshaling phase is legal."""
    from companion.rules.actions import GainGold

    assert Catalog.open().card("05040").no_gold_in == "challenges"
    t = plots("2e", "01024", "01001", {"05046": 1}, {"05040": 1})
    in_play(t, "B.05040.1")
    legal(t, GainGold("A", 1))
    next_phase(t, "challenges")
    flagged_and_refused(t, GainGold("A", 3, source="A.05046.1"), "gold.cannot-gain")


def test_rationing_bars_reactions_to_winning_a_challenge() -> None:
    """aside85 11 (``ability.reactions-barred``): Rationing (14049) "Players cannot trigger reactions to winning or
    losing challenges.": after Stannis Baratheon (14002, "Reaction: After you win a [power] challenge, draw X cards.")
    wins a [power] challenge, his draw is flagged while Rationing is revealed (Bob's), legal under A Noble Cause."""
    for b_plot, barred in (("14049", True), ("01004", False)):
        t = plots("2e", "01024", b_plot, {"14002": 1}, {"01152": 1})
        in_play(t, "A.14002.1")
        in_play(t, "B.01152.1")
        power_won_unopposed(t, "A.14002.1")
        draw = DrawCards("A", 1, source="A.14002.1")
        if barred:
            flagged_and_refused(t, draw, "ability.reactions-barred")
        else:
            legal(t, draw)


def test_insidious_scheme_waits_for_an_intrigue_win_by_five() -> None:
    """aside82 11 (``event.reaction-trigger``): Insidious Scheme (05023) "Reaction: After claim is applied for an
    [intrigue] challenge you won by 5 or more STR, draw 2 cards. …": played after a win by 7 it is legal, after a win
    by 3 (Tyrion alone, 4 against 1) it is flagged."""
    assert Catalog.open().card("05023").reacts_to == ("win_challenge", "intrigue", 5, "")
    for attackers, flagged in ((["A.01088.1", "A.01093.1", "A.01089.1"], False), (["A.01089.1"], True)):
        t = plots("2e", "01024", "01001", {"05023": 1, "01088": 1, "01093": 1, "01089": 1}, {"01169": 1}, gold=3)
        for card in ("A.01088.1", "A.01093.1", "A.01089.1", "B.01169.1"):
            in_play(t, card)
        hand(t, "A.05023.1")
        to_challenges(t)
        legal(t, InitiateChallenge("A", "intrigue", "B", attackers=attackers))
        legal(t, DeclareDefenders("B", ["B.01169.1"]))
        legal(t, ChallengeResult())
        legal(t, ApplyClaim("B", cards=[]))
        if flagged:
            flagged_and_refused(t, PlayEvent("A", "A.05023.1"), "event.reaction-trigger")
        else:
            legal(t, PlayEvent("A", "A.05023.1"))


def test_an_agendas_action_keeps_to_its_phase() -> None:
    """aside81 08 (``ability.phase``): Assault from the Shadows (11118, an agenda) "Marshaling Action: Kneel your
    faction card to choose 1 card in your hand and place it facedown in shadows …": its card placed in shadows in the
    marshaling phase is legal, in the challenges phase flagged (an agenda's action, not only a card in play's)."""
    from companion.rules.actions import KneelFaction, PutIntoShadows
    from companion.rules.state import Zone

    t = plots("2e", "01024", "01001", {"11118": 1, "01167": 2}, {})
    assert t.zone_of("A.11118.1") is Zone.AGENDA
    hand(t, "A.01167.1", "A.01167.2")
    legal(t, KneelFaction("A"))
    legal(t, PutIntoShadows("A", "A.01167.1", gains="cost", source="A.11118.1"))
    to_challenges(t)
    t.players["A"].faction_kneeling = False
    legal(t, KneelFaction("A"))
    flagged_and_refused(t, PutIntoShadows("A", "A.01167.2", gains="cost", source="A.11118.1"), "ability.phase")


def test_who_cannot_stand_by_a_plot_or_a_card_in_play() -> None:
    """aside83 03, aside85 09 (``stand.cannot``): Frozen Expanse (07052) "Each character with STR 2 or lower cannot
    stand.": Samwell Tarly (STR 2) stood by an effect is flagged, and the standing phase leaves him knelt (a `kneel`
    naming the plot records it, not flagged); Delena Florent (15025) "During the challenges phase, non-Bastard
    characters cannot stand.": a non-Bastard stood in the challenges phase is flagged, in the marshaling phase not."""
    from companion.rules.actions import Kneel, Stand

    assert Catalog.open().card("07052").stand_barred == ("", "str:2")
    t = plots("2e", "07052", "01001", {"07012": 1}, {})
    in_play(t, "A.07012.1")
    t.in_play["A.07012.1"].kneeling = True
    flagged_and_refused(t, Stand("A", "A.07012.1"), "stand.cannot")
    for phase in ("challenges", "dominance", "standing"):
        next_phase(t, phase)
    assert t.in_play["A.07012.1"].kneeling
    legal(t, Kneel("A", "A.07012.1", source="A.07052.1"))
    t = plots("2e", "01024", "01001", {"15025": 1, "01057": 1}, {})
    in_play(t, "A.15025.1")
    in_play(t, "A.01057.1")
    t.in_play["A.01057.1"].kneeling = True
    legal(t.clone(), Stand("A", "A.01057.1"))
    to_challenges(t)
    flagged_and_refused(t, Stand("A", "A.01057.1"), "stand.cannot")


def test_a_printed_cost_x_or_lower_counted_from_the_table() -> None:
    """aside82 02, aside85 08 (``ability.target``): Timett Son of Timett (05004) "… choose and kill a character with
    printed cost X or lower. X is the number of Clansman characters you control.": with Timett and Chella (2) his kill
    of Asshai Priestess (cost 3) is flagged, Winterfell Steward (1) is legal, and with Shagga too (3) the Priestess is
    legal. Renly Baratheon (14004, STR 3) "… put a non-[baratheon] character with printed cost X or lower into play
    from your hand. X is Renly Baratheon's STR.": Lyn Corbray (cost 5) flagged."""
    from companion.rules.actions import PutIntoPlay

    catalog = Catalog.open()
    assert catalog.card("05004").x_bound == ("kill", "trait_characters", "Clansman")
    assert catalog.card("14004").x_bound == ("put_into_play", "own_str", "")
    t = plots("2e", "01024", "01001", {"05004": 1, "05007": 1, "05009": 1}, {"04047": 1, "01152": 1})
    for card in ("A.05004.1", "A.05007.1", "B.04047.1", "B.01152.1"):
        in_play(t, card)
    # (no challenge won here: the reaction's moment is another rule, ability.reaction-trigger, flagged beside)
    assert "ability.target" in rules_of(play(t.clone(), Kill("A", "B.04047.1", source="A.05004.1"), "strict"))
    assert "ability.target" not in rules_of(play(t.clone(), Kill("A", "B.01152.1", source="A.05004.1"), "strict"))
    in_play(t, "A.05009.1")
    assert "ability.target" not in rules_of(play(t.clone(), Kill("A", "B.04047.1", source="A.05004.1"), "strict"))
    t = plots("2e", "01024", "01001", {"14004": 1, "14039": 1}, {})
    in_play(t, "A.14004.1")
    hand(t, "A.14039.1")
    flagged_and_refused(t, PutIntoPlay("A", "A.14039.1", from_hand=True, source="A.14004.1"), "ability.target")


def test_the_spiders_web_allows_its_challenge_after_an_intrigue_win_only() -> None:
    """aside83 12 (``ability.reaction-trigger``): The Spider's Web (09049) "Reaction: After claim is applied for an
    [intrigue] challenge you won, you may initiate an additional [intrigue] challenge this phase.": a second
    [intrigue] challenge naming it after a lost one is flagged, after a won one legal."""
    for defenders, flagged in ((["B.01089.1"], True), ([], False)):
        t = plots("2e", "09049", "01001", {"09006": 2}, {"01089": 1})
        for card in ("A.09006.1", "A.09006.2", "B.01089.1"):
            in_play(t, card)
        to_challenges(t)
        legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.09006.1"]))
        legal(t, DeclareDefenders("B", defenders))
        legal(t, ChallengeResult())
        if not flagged:
            legal(t, ApplyClaim("B", cards=[]))
        second = InitiateChallenge("A", "intrigue", "B", attackers=["A.09006.2"], source="A.09049.1")
        if flagged:
            assert "ability.reaction-trigger" in rules_of(play(t, second, "strict"))
        else:
            legal(t, second)


def test_tyene_sands_kneel_from_hand_waits_for_a_loss_as_the_defender() -> None:
    """aside83 17 (``ability.reaction-trigger``): Tyene Sand (10008) "Reaction: After you lose a challenge as the
    defending player, kneel a Sand Snake character to put Tyene Sand into play from your hand.": the kneel of Loreza
    Sand naming Tyene (in hand) after Hadria lost as the attacker is flagged; after she lost as the defender, legal."""
    from companion.rules.actions import Kneel

    t = plots("2e", "01024", "01001", {"10005": 1, "10013": 1, "10008": 1}, {"07001": 2})
    for card in ("A.10005.1", "A.10013.1", "B.07001.1", "B.07001.2"):
        in_play(t, card)
    hand(t, "A.10008.1")
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.10005.1"]))
    legal(t, DeclareDefenders("B", ["B.07001.1"]))
    legal(t, ChallengeResult())
    flagged_and_refused(t, Kneel("A", "A.10013.1", source="A.10008.1"), "ability.reaction-trigger")
    legal(t, PassTurn("A"))
    legal(t, InitiateChallenge("B", "intrigue", "A", attackers=["B.07001.2"]))
    legal(t, DeclareDefenders("A", []))
    legal(t, ChallengeResult())
    legal(t, Kneel("A", "A.10013.1", source="A.10008.1"))


def test_a_very_large_shadow_lowers_the_next_bring_out_by_itself() -> None:
    """A newcomer trial: after A Very Large Shadow (13090) "Reduce the cost of the next card you bring out of shadows
    this phase by 3." was played from shadows, bringing Roose Bolton (Shadow 5) out with no cost written charged the
    full 5. A cost left unwritten is now the cost after it (2), once: the next card pays its full Shadow cost."""
    from companion.rules.actions import BringOut

    t = plots("2e", "01024", "01001", {"13090": 1, "00222": 1, "00175": 1}, {}, gold=8)
    shadows(t, "A.13090.1", "A.00222.1", "A.00175.1")
    legal(t, PlayEventFromShadows("A", "A.13090.1"))
    legal(t, BringOut("A", "A.00222.1"))
    assert t.players["A"].gold == 8 - 2
    legal(t, BringOut("A", "A.00175.1"))  # Doran Martell, Shadow 5: the reduction is spent
    assert t.players["A"].gold == 8 - 2 - 5


def test_what_leyton_hightower_and_ser_kevan_put_into_play() -> None:
    """aside83 14, aside82 05 (``play.put-into-play-target``): Leyton Hightower (10037) "… put a non-limited [tyrell]
    card with printed cost 4 or lower into play from your hand knelt.": Redwyne Straits (Limited) is flagged,
    Heartsbane (an attachment) is not. Ser Kevan Lannister (05003) "… choose a [lannister] or neutral location or
    attachment in your discard pile and put it into play.": Lannisport Guard (a character) is flagged, Lannisport
    Treasury (a location) is not."""
    from companion.rules.actions import PutIntoPlay
    from companion.rules.state import Zone

    t = plots("2e", "01024", "01001", {"10037": 1, "09018": 1, "01191": 1, "01185": 1}, {})
    in_play(t, "A.10037.1")
    in_play(t, "A.01185.1")
    hand(t, "A.09018.1", "A.01191.1")
    assert "play.put-into-play-target" in rules_of(play(t.clone(), PutIntoPlay(
        "A", "A.09018.1", from_hand=True, source="A.10037.1"), "strict"))
    assert "play.put-into-play-target" not in rules_of(play(t.clone(), PutIntoPlay(
        "A", "A.01191.1", attach_to="A.01185.1", from_hand=True, source="A.10037.1"), "strict"))
    t = plots("2e", "01024", "01001", {"05003": 1, "05016": 1, "05019": 1}, {})
    in_play(t, "A.05003.1")
    for card in ("A.05016.1", "A.05019.1"):
        t.move(card, "A", Zone.DISCARD)
    assert "play.put-into-play-target" in rules_of(play(t.clone(), PutIntoPlay(
        "A", "A.05016.1", source="A.05003.1"), "strict"))
    assert "play.put-into-play-target" not in rules_of(play(t.clone(), PutIntoPlay(
        "A", "A.05019.1", source="A.05003.1"), "strict"))


def test_an_effects_card_costs_less_than_the_card_its_cost_named() -> None:
    """aside83 18 (``ability.target``): Obara Sand (10005) "Challenges Action: Return a Sand Snake character to your
    hand to put a [martell] character with lower printed cost into play from your hand.": after Tyene Sand (3) is
    returned for it, Areo Hotah (4) put into play is flagged, Loreza Sand (2) is not."""
    from companion.rules.actions import PutIntoPlay, ReturnToHand

    t = plots("2e", "01024", "01001", {"10005": 1, "10008": 1, "10006": 1, "10013": 1}, {})
    in_play(t, "A.10005.1")
    in_play(t, "A.10008.1")
    hand(t, "A.10006.1", "A.10013.1")
    to_challenges(t)
    legal(t, ReturnToHand("A", "A.10008.1", source="A.10005.1"))  # Tyene Sand, cost 3
    assert "ability.target" in rules_of(play(t.clone(), PutIntoPlay(
        "A", "A.10006.1", from_hand=True, source="A.10005.1"), "strict"))  # Areo Hotah, 4: not lower
    assert "ability.target" not in rules_of(play(t.clone(), PutIntoPlay(
        "A", "A.10013.1", from_hand=True, source="A.10005.1"), "strict"))  # Loreza Sand, 2


def test_the_crag_forbids_its_controller_intrigue_challenges() -> None:
    """aside87 04 (``plot.limits-challenge-type``): The Crag (24018, a location) "You cannot initiate [intrigue]
    challenges.": its controller's [intrigue] challenge is flagged while it is in play, a [military] one is not;
    the opponent's [intrigue] challenge is not."""
    assert [limit.no_challenges for limit in Catalog.open().card("24018").plot_limits] == [("intrigue",)]
    t = plots("2e", "01024", "01001", {"24018": 1, "01143": 1, "01145": 1}, {"01089": 1})
    for card in ("A.24018.1", "A.01143.1", "A.01145.1", "B.01089.1"):
        in_play(t, card)
    to_challenges(t)
    flagged_and_refused(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01143.1"]),
                        "plot.limits-challenge-type")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01145.1"]))



@pytest.mark.parametrize("kneeling", [False, True])
def test_the_queen_of_thorns_standing_forbids_the_opponents_intrigue_challenges(kneeling: bool) -> None:
    """aside86 07 (``plot.limits-challenge-type``): The Queen of Thorns (16015) "While The Queen of Thorns is standing,
    opponents cannot initiate [intrigue] challenges against you." (1st edition King Robert's Host the same for Power):
    with Bob's Queen standing, Alice's [intrigue] challenge against him is flagged; with her knelt, not. Bob's own
    [intrigue] challenge is never barred by her."""
    assert [(x.binds, x.no_challenges, x.while_standing) for x in Catalog.open().card("16015").plot_limits] == [
        ("opponents", ("intrigue",), True)]
    t = plots("2e", "01024", "01001", {"01143": 1}, {"16015": 1, "01089": 1})
    for card in ("A.01143.1", "B.16015.1", "B.01089.1"):
        in_play(t, card)
    t.in_play["B.16015.1"].kneeling = kneeling
    to_challenges(t)
    barred = "plot.limits-challenge-type" in rules_of(check(t, InitiateChallenge("A", "intrigue", "B",
                                                                                 attackers=["A.01143.1"])))
    assert barred != kneeling
    t.active_player = "B"
    assert "plot.limits-challenge-type" not in rules_of(check(t, InitiateChallenge("B", "intrigue", "A",
                                                                                   attackers=["B.01089.1"])))

def test_an_event_played_from_shadows_raises_the_claim_as_from_hand() -> None:
    """aside88 08 (``claim.count``): Shadow of the North (13082, Shadow (1)) "Play only during a challenge. Action:
    Raise the claim value on your revealed plot card by 1 until the end of the challenge.": played from shadows in
    Alice's [military] challenge, Taxation's claim 1 becomes 2: Bob's claim of one kill is flagged, two are legal."""
    t = plots("2e", "01024", "01001", {"13082": 1, "01145": 1}, {"01152": 2}, gold=2)
    for card in ("A.01145.1", "B.01152.1", "B.01152.2"):
        in_play(t, card)
    shadows(t, "A.13082.1")
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01145.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, PlayEventFromShadows("A", "A.13082.1"))
    legal(t, ChallengeResult())
    assert "claim.count" in rules_of(play(t.clone(), ApplyClaim("B", cards=["B.01152.1"]), "strict"))
    legal(t, ApplyClaim("B", cards=["B.01152.1", "B.01152.2"]))


def test_war_elephants_cannot_be_marshaled_or_placed_in_setup() -> None:
    """aside87 02 (``marshal.never``, ``setup.never``): War Elephants (26113) "War Elephants cannot be marshaled or
    placed during setup.": its marshal is flagged, and so is its setup placement."""
    from companion.rules.actions import SetupPlace

    assert Catalog.open().card("26113").never_marshaled
    t = plots("2e", "01024", "01001", {"26113": 2}, {}, gold=10)
    hand(t, "A.26113.1")
    flagged_and_refused(t, Marshal("A", "A.26113.1"), "marshal.never")
    t = make_table({"A": {"26113": 1}, "B": {}}, phase="setup")
    hand(t, "A.26113.1")
    flagged_and_refused(t, SetupPlace("A", "A.26113.1"), "setup.never")


def test_mad_king_aerys_kills_a_lord_or_lady_only() -> None:
    """aside86 09 (``ability.target``): Mad King Aerys (16013) "Mad King Aerys cannot be killed unless … Dominance
    Action: Kneel Mad King Aerys to choose and kill a Lord or Lady character.": the word "killed" in his other
    sentence no longer hides the choice; his kill of Winterfell Steward (no Lord or Lady) is flagged, of Catelyn
    Stark (a Lady) not."""
    from companion.rules.actions import Kneel

    assert Catalog.open().card("16013").targets[0][10] == "Lord|Lady"
    t = plots("2e", "01024", "01001", {"16013": 1}, {"01152": 1, "01143": 1})
    for card in ("A.16013.1", "B.01152.1", "B.01143.1"):
        in_play(t, card)
    to_challenges(t)
    next_phase(t, "dominance")
    legal(t, Kneel("A", "A.16013.1", source="A.16013.1"))
    assert "ability.target" in rules_of(play(t.clone(), Kill("A", "B.01152.1", source="A.16013.1"), "strict"))
    assert "ability.target" not in rules_of(play(t.clone(), Kill("A", "B.01143.1", source="A.16013.1"), "strict"))


def test_king_robbs_hosts_move_of_two_power_needs_a_war_plot() -> None:
    """aside86 02 (``ability.amount-if``): King Robb's Host (03001) "… move 1 power from the losing opponent's faction
    card to an attacking character. (2 power instead if there is a War plot card revealed.)": a move read as its
    gain, 2 is flagged with no War plot revealed."""
    from companion.rules.actions import GainPower

    assert Catalog.open().card("03001").amount_instead == ("power", 1, 2, "revealed:War")
    t = plots("2e", "01024", "01001", {"03001": 1}, {"01152": 1})
    for card in ("A.03001.1", "B.01152.1"):
        in_play(t, card)
    to_challenges(t)
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.03001.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    assert "ability.amount-if" in rules_of(play(t.clone(), GainPower("A", 2, card="A.03001.1", source="A.03001.1"),
                                                "strict"))


def test_an_event_played_only_with_a_winter_plot_in_the_used_pile() -> None:
    """aside86 20 (``event.play-if-used``): As Hard as Winter (03022) "Play only if there is a Winter plot card in
    your used pile.": with an empty used pile its play is flagged; with The Winds of Winter (Winter) there, not."""
    from companion.rules.state import Zone

    assert Catalog.open().card("03022").play_if_used == ("Winter", 1)
    t = plots("2e", "01024", "01001", {"03022": 1, "01025": 1}, {}, gold=2)
    hand(t, "A.03022.1")
    assert "event.play-if-used" in rules_of(play(t.clone(), PlayEvent("A", "A.03022.1"), "strict"))
    t.players["A"].zones[Zone.PLOTS].remove("A.01025.1")
    t.players["A"].zones[Zone.USED].append("A.01025.1")
    t.where["A.01025.1"] = ("A", Zone.USED)
    assert "event.play-if-used" not in rules_of(play(t.clone(), PlayEvent("A", "A.03022.1"), "strict"))


def test_lonely_light_raises_every_bring_out_by_one_while_it_stands() -> None:
    """aside87 16 (``shadows.cost-reduced``): Lonely Light (26104) "While Lonely Light is standing, increase the cost
    for each player to bring cards out of shadows by 1.": with the opponent's Lonely Light standing, Roose Bolton
    (Shadow 5) costs 6, and a recorded 5 is flagged; with it knelt, 5."""
    from companion.rules.actions import BringOut

    assert Catalog.open().card("26104").shadow_cost_up == 1
    from companion.rules.state import Zone

    t = plots("2e", "01024", "01001", {"00222": 2}, {"26104": 2}, gold=12)
    in_play(t, "B.26104.1")
    shadows(t, "A.00222.1", "A.00222.2")
    flagged = rules_of(play(t.clone(), BringOut("A", "A.00222.1", cost=5), "strict"))
    assert "shadows.cost-reduced" in flagged, flagged
    legal(t.clone(), BringOut("A", "A.00222.1"))
    twin = t.clone()
    legal(twin, BringOut("A", "A.00222.1"))
    assert twin.players["A"].gold == 12 - 6
    twin = t.clone()  # a duplicate on it has no text: still 1 more, not 2 (RR: Duplicates)
    twin.move("B.26104.2", "B", Zone.HAND)
    in_play(twin, "B.26104.2", duplicate_of="B.26104.1")
    legal(twin, BringOut("A", "A.00222.1"))
    assert twin.players["A"].gold == 12 - 6
    t.in_play["B.26104.1"].kneeling = True
    legal(t, BringOut("A", "A.00222.1"))
    assert t.players["A"].gold == 12 - 5


def test_a_reduction_for_the_seven_fits_only_the_seven() -> None:
    """aside86 16 (``marshal.cost-reduced``): House Tully Septon (03015) "… reduce the cost of the next House Tully or
    The Seven character you marshal this phase by 2.": "The Seven" is a Trait of two words, not words left unread;
    Arya Stark (a Lady only) marshalled for 2 is flagged, Catelyn Stark (House Tully, The Seven) for 2 is not."""
    t = plots("2e", "01024", "01001", {"03015": 1, "03007": 1, "01143": 1}, {}, gold=10)
    in_play(t, "A.03015.1")
    hand(t, "A.03007.1", "A.01143.1")
    assert "marshal.cost-reduced" in rules_of(play(t.clone(), Marshal("A", "A.03007.1", cost=2), "strict"))
    assert "marshal.cost-reduced" not in rules_of(play(t.clone(), Marshal("A", "A.01143.1", cost=2), "strict"))


def test_an_event_played_only_after_losing_a_challenge_as_the_defender() -> None:
    """aside82 13 (``event.play-if-challenges``): A Lannister Always Pays His Debts (05022) "Challenges Action: Choose
    an opponent who has won a challenge against you this phase. …" and Serve. Obey. Protect. (11036) "Play only if you
    have lost a challenge as the defending player this phase.": played before any challenge it is flagged; after a
    challenge lost as the defender this phase, not."""
    from companion.rules.actions import DeclareDefenders, InitiateChallenge

    for code in ("05022", "11036"):
        assert Catalog.open().card(code).play_if_challenges == ("lost:any:defender",), code
    t = plots("2e", "01001", "01024", {"01090": 1}, {"05022": 1, "01088": 1}, gold=5)
    t.players["B"].gold = 5
    in_play(t, "A.01090.1")
    in_play(t, "B.01088.1")
    hand(t, "B.05022.1")
    to_challenges(t)
    assert "event.play-if-challenges" in rules_of(play(t.clone(), PlayEvent("B", "B.05022.1"), "strict"))
    legal(t, InitiateChallenge("A", "military", "B", ["A.01090.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    assert "event.play-if-challenges" not in rules_of(play(t.clone(), PlayEvent("B", "B.05022.1"), "strict"))


def test_edric_storm_caps_the_power_each_player_gains_each_round() -> None:
    """aside87 10 (``power.round-cap``): Edric Storm (26061) "Each player cannot gain more than 3 power each round
    (among all cards they control).": with Bob's Edric in play, Alice gains 1 for an unopposed challenge and 2 by a
    card effect: 3, legal; one more power (renown's or an effect's) that round is flagged, and the next round it is
    legal again. Power moved by a claim is not gained."""
    from companion.rules.actions import GainPower

    assert Catalog.open().card("26061").power_cap_round == 3
    t = plots("2e", "01024", "01001", {"01146": 1}, {"26061": 1})
    in_play(t, "A.01146.1")
    in_play(t, "B.26061.1")
    power_won_unopposed(t, "A.01146.1")
    legal(t, GainPower("A", 2))
    flagged_and_refused(t, GainPower("A", 1), "power.round-cap")
    t.round += 1
    legal(t, GainPower("A", 1))


def test_a_card_costs_1_less_for_each_card_its_text_counts() -> None:
    """aside83 01 (``marshal.cost-reduced``): Grizzled Miner (07006, cost 5) "Reduce the cost to marshal Grizzled Miner
    by 1 for each [thenightswatch] attachment and location you control (to a minimum of 1).": with one such location
    (Abandoned Stronghold) and a Builder character (no location), 3 is flagged and 4 legal. Read on 8 printings
    (Dothraki Outriders "for each Dothraki character you control", Gulltown City Guard "… City plot card in your used
    pile", "A Lion Still Has Claws" "… Scheme plot card revealed", the ambush ones)."""
    from companion.rules.actions import Marshal

    cat = Catalog.open()
    assert cat.card("07006").cheaper_per == ("marshal", "control;thenightswatch;;attachment|location", 1)
    assert cat.card("02074").cheaper_per == ("marshal", "control;;Dothraki;character", 0)
    assert cat.card("20014").cheaper_per == ("marshal", "revealed;Scheme", 0)
    assert cat.card("10006").cheaper_per == ("ambush", "used;", 0)
    assert not cat.card("07006").reduces_unread
    t = plots("2e", "01024", "01001", {"07006": 1, "07018": 1, "07016": 1}, {}, gold=5)
    for card in ("A.07018.1", "A.07016.1"):
        in_play(t, card)
    hand(t, "A.07006.1")
    flagged_and_refused(t, Marshal("A", "A.07006.1", cost=3), "marshal.cost-reduced")
    legal(t, Marshal("A", "A.07006.1", cost=4))


def test_red_keep_spy_returns_a_character_only_with_more_cards_in_hand() -> None:
    """aside82 08 (``ability.then-more-cards``): Red Keep Spy (05012) "Reaction: After Red Keep Spy enters play using
    ambush, choose a character with printed cost 3 or lower. If you have more cards in hand than that character's
    controller, return it to its owner's hand.": with as many cards as Bob, its return of his Direwolf Pup is
    flagged; with one more, legal. The Queen's Assassin and Ser Daven Lannister read alike."""
    from companion.rules.actions import ReturnToHand
    from companion.rules.state import Zone

    for code in ("05012", "01095", "00150"):
        assert Catalog.open().card(code).then_if_more_cards, code
    t = plots("2e", "01024", "01001", {"05012": 1, "01094": 2}, {"01149": 1, "01150": 2}, gold=5)
    in_play(t, "A.05012.1")
    in_play(t, "B.01149.1")
    hand(t, "A.01094.1", "A.01094.2")
    hand(t, "B.01150.1", "B.01150.2")
    to_challenges(t)
    flagged_and_refused(t, ReturnToHand("A", "B.01149.1", source="A.05012.1"), "ability.then-more-cards")
    t.players["B"].zones[Zone.HAND].remove("B.01150.2")
    t.players["B"].zones[Zone.DISCARD].append("B.01150.2")
    t.where["B.01150.2"] = ("B", Zone.DISCARD)
    legal(t, ReturnToHand("A", "B.01149.1", source="A.05012.1"))


def test_a_claim_raised_after_the_result_is_the_claim_applied() -> None:
    """aside98 08 (``claim.count``): The Free Folk "Reaction: After you win a challenge in which you control an
    attacking Wildling character, kneel your faction card to raise the claim value on your revealed plot card by 1
    until the end of the challenge.", written as a ``modify`` of the claim after the result: Bob's claim is 2, so one
    kill is flagged and two are legal (the claim was counted when the result was written, and stayed 1)."""
    from companion.rules.actions import KneelFaction, Modify
    from tests.tables import military_won_by_a

    t = plots("2e", "01005", "01024", {"01030": 1, "17150": 1}, {"01170": 2})
    to_challenges(t)
    military_won_by_a(t, "A.01030.1", in_play_cards=("B.01170.1", "B.01170.2"))
    legal(t, KneelFaction("A"))
    legal(t, Modify(player="A", stat="claim", amount=1, until="challenge", source="A.17150.1"))
    assert "claim.count" in rules_of(play(t.clone(), ApplyClaim("B", ["B.01170.1"]), "strict"))
    legal(t, ApplyClaim("B", ["B.01170.1", "B.01170.2"]))


def test_a_plot_in_the_used_pile_is_no_line_s_source() -> None:
    """aside98 19 (``ability.source-used-plot``): Rise of the Kraken (02012) "Interrupt: When you gain power for
    winning an unopposed challenge, gain 2 power instead.": while it is Alice's revealed plot its extra power is legal;
    once it went to her used pile (a new plot revealed), a line naming it as the source is flagged (RR: In Play and
    Out of Play: the used pile is out of play)."""
    from companion.rules.actions import GainPower
    from companion.rules.state import Zone

    t = plots("2e", "02012", "01024", {"01024": 1}, {})
    legal(t, GainPower("A", 1, source="A.02012.1"))
    zones = t.players["A"].zones
    zones[Zone.REVEALED].remove("A.02012.1")
    zones[Zone.USED].append("A.02012.1")
    t.where["A.02012.1"] = ("A", Zone.USED)
    zones[Zone.PLOTS].remove("A.01024.1")
    zones[Zone.REVEALED].append("A.01024.1")
    t.where["A.01024.1"] = ("A", Zone.REVEALED)
    flagged_and_refused(t, GainPower("A", 1, source="A.02012.1"), "ability.source-used-plot")
