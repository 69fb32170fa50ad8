"""A revealed plot's printed restrictions for the round (RR: Golden Rule: card text overrides the rules; the 1st
edition the same), from the printed cards in both editions and in both modes: how many challenges (Sneak Attack;
Siege Preparations), which types (Sailing the Summer Sea; Siege of Riverrun), which types until a challenge of
another type is won (A Game of Thrones; Shadows and Spiders, Lineage and Legacy), how many attackers and defenders
(Jousting Contest; Desolate Passage, Focused Offense), and what cannot be marshalled or played (Marching Orders).
A restriction binds the player who revealed the plot unless it says "each player"."""

from __future__ import annotations

import pytest

from companion.rules import play
from companion.rules.actions import (
    ApplyClaim,
    BeginPhase,
    Challenge,
    ChallengeResult,
    ChoosePlot,
    DeclareDefenders,
    InitiateChallenge,
    Marshal,
    Modify,
    PassTurn,
    PlayEvent,
    PlayEventFromShadows,
    SetFirstPlayer,
)
from companion.rules.editions import Table
from companion.rules.offers import round_view
from companion.rules.roles import Role
from tests.tables import after_plots, flagged_and_refused, hand, illegal, in_play, legal, make_table, rules_of, shadows

#: A plot that restricts nothing, for the other seat: A Clash of Kings; 1st edition Rains of Autumn (initiative 5:
#: no tie with the plots tested).
PLAIN = {"2e": "01001", "1e": "core_184"}
#: Characters with the military and power icons (2nd edition Vanguard Lancer) and every icon (1st edition Pentoshi
#: Guildmaster); 2nd edition Fiery Followers has the military and intrigue icons.
MILITARY = {"2e": "01057", "1e": "core_124"}
INTRIGUE = {"2e": "01054", "1e": "core_124"}


def round_table(edition: str, a_plot: str, b_plot: str, phase: str = "challenges",
                extra: dict[str, int] | None = None) -> Table:
    """Alice and Bob have revealed their plots; three characters each stand in play; the phase has begun."""
    chars = {MILITARY[edition]: 3, INTRIGUE[edition]: 3}
    decks = {"A": {a_plot: 1, **chars, **(extra or {})}, "B": {b_plot: 1, **chars}}
    if a_plot == b_plot:
        decks["B"] = {PLAIN[edition]: 1, **chars}
        b_plot = PLAIN[edition]
    t = make_table(decks, edition=edition, phase="plot", gold=10)
    legal(t, ChoosePlot("A", f"A.{a_plot}.1"))
    legal(t, ChoosePlot("B", f"B.{b_plot}.1"))
    legal(t, SetFirstPlayer("A"))
    for seat in ("A", "B"):
        for n in (1, 2, 3):
            in_play(t, f"{seat}.{MILITARY[edition]}.{n}")
            if INTRIGUE[edition] != MILITARY[edition]:
                in_play(t, f"{seat}.{INTRIGUE[edition]}.{n}")
    return after_plots(t, phase)


def one_challenge(t: Table, kind: str, attacker: str) -> None:
    legal(t, InitiateChallenge("A", kind, "B", [attacker]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult("A"))


@pytest.mark.parametrize(("edition", "plot"), [("2e", "01021"), ("1e", "w_19"), ("1e", "qod_51")])
def test_a_plot_that_allows_one_challenge(edition: str, plot: str) -> None:
    """Sneak Attack "You cannot initiate more than 1 challenge during the challenges phase."; 1st edition Siege
    Preparations "… this round." and Focused Offense "You cannot declare more than 1 challenge."."""
    t = round_table(edition, plot, PLAIN[edition])
    one_challenge(t, "power", f"A.{MILITARY[edition]}.1")
    second = InitiateChallenge("A", "military", "B", [f"A.{MILITARY[edition]}.2"])
    v = illegal(t, second, "plot.limits-challenges", "RR: Golden Rule"
                if edition == "2e" else "1E Rules › Golden rule")
    assert f"A.{plot}.1" in next(x.cards for x in v.violations if x.rule == "plot.limits-challenges")
    flagged_and_refused(t, second, "plot.limits-challenges")
    # A card effect that would allow one more challenge does not: the plot's "cannot" is absolute (RR: Golden Rules),
    # unlike the rules' one challenge of each type, which such an effect lifts.
    v = play(t.clone(), InitiateChallenge("A", "military", "B", [f"A.{MILITARY[edition]}.2"],
                                          source=f"A.{plot}.1"), "strict")
    assert "plot.limits-challenges" in rules_of(v) and not v.applied


def test_a_plot_that_allows_one_challenge_binds_only_the_player_who_revealed_it() -> None:
    """Bob revealed Sneak Attack; Alice (A Clash of Kings) initiates her second challenge."""
    t = round_table("2e", PLAIN["2e"], "01021")
    one_challenge(t, "power", "A.01057.1")
    legal(t, InitiateChallenge("A", "military", "B", ["A.01057.2"]))


@pytest.mark.parametrize(("edition", "plot", "forbidden", "allowed"),
                         [("2e", "08040", "intrigue", "power"), ("1e", "kotse_49", "intrigue", "military")])
def test_a_plot_that_forbids_challenge_types(edition: str, plot: str, forbidden: str, allowed: str) -> None:
    """Sailing the Summer Sea "You cannot initiate [military] or [intrigue] challenges."; 1st edition Siege of
    Riverrun "You cannot declare Intrigue challenges."."""
    t = round_table(edition, plot, PLAIN[edition])
    flagged_and_refused(t, InitiateChallenge("A", forbidden, "B", [f"A.{INTRIGUE[edition]}.1"]),
                        "plot.limits-challenge-type")
    if edition == "2e":
        flagged_and_refused(t, InitiateChallenge("A", "military", "B", ["A.01057.1"]), "plot.limits-challenge-type")
    legal(t, InitiateChallenge("A", allowed, "B", [f"A.{MILITARY[edition]}.1"]))


def test_a_southron_peace_forbids_military_challenges_between_its_player_and_the_opponent() -> None:
    """plot.limits-challenge-type (aside57 25): Bob's A Southron Peace "When Revealed: Choose an opponent. Until you
    reveal a new plot card, you and that player cannot initiate [military] challenges against each other.": in a game
    of two it binds Alice too (the opponent chosen can only be her); her intrigue challenge is legal. More players:
    whom it binds is not known, nothing is judged."""
    from companion.catalog.plot_limits import parse_plot_limits

    assert parse_plot_limits("<b>When Revealed:</b> Choose an opponent. Until you reveal a new plot card, you and "
                             "that player cannot initiate [military] challenges against each other.").limits[0].binds \
        == "pair"
    t = round_table("2e", PLAIN["2e"], "25039")
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", ["A.01057.1"]), "plot.limits-challenge-type")
    legal(t, InitiateChallenge("A", "intrigue", "B", ["A.01054.1"]))


@pytest.mark.parametrize("owner", ["A", "B"])
@pytest.mark.parametrize(("edition", "plot", "forbidden", "won"),
                         [("2e", "01003", ("military", "power"), "intrigue"),
                          ("1e", "lotr_55", ("military", "power"), "intrigue"),
                          ("1e", "kotst_55", ("military",), "power")])
def test_a_plot_that_forbids_types_until_another_is_won(edition: str, plot: str, forbidden: tuple[str, ...],
                                                        won: str, owner: str) -> None:
    """A Game of Thrones "A player cannot initiate a [military] or [power] challenge unless he or she has won an
    [intrigue] challenge that phase."; 1st edition Shadows and Spiders (the same) and Lineage and Legacy ("… a
    Military challenge unless he or she has won a Power challenge …"). "A player": Alice is bound whether she
    revealed the plot or Bob did. A forbidden type first is flagged (advisory) and refused (strict), with the plot
    named, even with a card effect as its source ("cannot" is absolute); once Alice has won a challenge of the other
    type that phase it is legal."""
    rule = "plot.limits-challenge-unless-won"
    t = round_table(edition, plot if owner == "A" else PLAIN[edition], PLAIN[edition] if owner == "A" else plot)
    ch = MILITARY[edition]
    for kind in forbidden:
        first = InitiateChallenge("A", kind, "B", [f"A.{ch}.1"])
        v = illegal(t, first, rule, "RR: Golden Rule" if edition == "2e" else "1E Rules › Golden rule")
        assert rules_of(v) == [rule]
        assert f"{owner}.{plot}.1" in next(x.cards for x in v.violations if x.rule == rule)
        flagged_and_refused(t, first, rule)
        v = play(t.clone(), InitiateChallenge("A", kind, "B", [f"A.{ch}.1"], source=f"{owner}.{plot}.1"), "strict")
        assert rule in rules_of(v) and not v.applied
    one_challenge(t, won, f"A.{INTRIGUE[edition]}.2")  # Bob declares no defender: Alice wins
    for kind in forbidden:
        legal(t.clone(), InitiateChallenge("A", kind, "B", [f"A.{ch}.3"]))


def test_a_challenge_of_the_type_lost_does_not_lift_the_plot_but_one_won_as_the_defender_does() -> None:
    """A Game of Thrones (Bob's): Alice initiates an intrigue challenge and loses it (Fiery Followers, 2 STR,
    against two, 4): a power or military challenge is still forbidden to her. Bob has won an intrigue challenge,
    as the defender (RR: Winning a Challenge: the player whose side counts the higher STR wins): on his turn he may
    initiate a military challenge."""
    rule = "plot.limits-challenge-unless-won"
    t = round_table("2e", PLAIN["2e"], "01003")
    legal(t, InitiateChallenge("A", "intrigue", "B", ["A.01054.1"]))
    legal(t, DeclareDefenders("B", ["B.01054.1", "B.01054.2"]))
    legal(t, ChallengeResult("B"))
    flagged_and_refused(t, InitiateChallenge("A", "power", "B", ["A.01057.1"]), rule)
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", ["A.01057.1"]), rule)
    # The one-entry challenge is held to it too.
    flagged_and_refused(t, Challenge("power", "A", "B", winner="A", attackers=["A.01057.1"]), rule)
    legal(t, PassTurn("A"))
    legal(t, InitiateChallenge("B", "military", "A", ["B.01057.1"]))


def test_the_phone_offers_no_challenge_a_plot_forbids() -> None:
    """The round box offers only the challenges the check allows: under A Game of Thrones (Bob's) Alice's intrigue
    challenge alone, then, once she has won it, military and power; under Sailing the Summer Sea power alone; under
    Sneak Attack nothing after the one challenge."""
    def offered(t: Table) -> list[str]:
        return [o["id"] for o in round_view(t, Role.of_seat("A"))["offers"] if o["id"].startswith("challenge:")]

    t = round_table("2e", PLAIN["2e"], "01003")
    assert offered(t) == ["challenge:intrigue"]
    one_challenge(t, "intrigue", "A.01054.1")
    assert offered(t) == ["challenge:military", "challenge:power"]
    assert offered(round_table("2e", "08040", PLAIN["2e"])) == ["challenge:power"]
    u = round_table("2e", "01021", PLAIN["2e"])
    one_challenge(u, "power", "A.01057.1")
    assert offered(u) == []


@pytest.mark.parametrize(("edition", "plot"), [("2e", "01014"), ("1e", "ator_79")])
def test_a_plot_that_allows_one_attacker_and_one_defender_binds_each_player(edition: str, plot: str) -> None:
    """Jousting Contest "Each player cannot declare more than 1 character as an attacker or defender in each
    challenge."; 1st edition Desolate Passage "Each player cannot declare more than 1 attacker or defender in each
    challenge.". Bob revealed it: Alice, who did not, is bound too."""
    t = round_table(edition, PLAIN[edition], plot)
    ch = MILITARY[edition]
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", [f"A.{ch}.1", f"A.{ch}.2"]),
                        "plot.limits-attackers")
    legal(t, InitiateChallenge("A", "military", "B", [f"A.{ch}.1"]))
    flagged_and_refused(t, DeclareDefenders("B", [f"B.{ch}.1", f"B.{ch}.2"]), "plot.limits-defenders")
    legal(t, DeclareDefenders("B", [f"B.{ch}.1"]))


def test_a_challenge_recorded_as_one_entry_is_held_to_the_plot_too() -> None:
    """The one-entry ``challenge`` names both sides: Jousting Contest (Bob's) limits each of them."""
    t = round_table("2e", PLAIN["2e"], "01014")
    flagged_and_refused(t, Challenge("military", "A", "B", winner="A", attackers=["A.01057.1", "A.01057.2"]),
                        "plot.limits-attackers")
    flagged_and_refused(t, Challenge("military", "A", "B", winner="B", attackers=["A.01057.1"],
                                     defenders=["B.01057.1", "B.01057.2"]), "plot.limits-defenders")
    legal(t, Challenge("military", "A", "B", winner="A", attackers=["A.01057.1"], defenders=["B.01057.1"]))


def test_a_plot_that_forbids_declaring_defenders() -> None:
    """1st edition Focused Offense "You cannot declare defenders.": Alice revealed it; Bob attacks her."""
    t = round_table("1e", "qod_51", PLAIN["1e"])
    legal(t, PassTurn("A"))
    legal(t, InitiateChallenge("B", "military", "A", ["B.core_124.1"]))
    flagged_and_refused(t, DeclareDefenders("A", ["A.core_124.1"]), "plot.limits-defenders")
    legal(t, DeclareDefenders("A", []))


def test_a_plot_that_forbids_marshalling_locations_and_attachments_and_playing_events() -> None:
    """Marching Orders "You cannot marshal locations or attachments, or play events.": a character is marshalled;
    The Roseroad, Noble Lineage and Superior Claim are not; Bob, who did not reveal it, marshals The Roseroad."""
    cards = {"01040": 1, "01036": 1, "01043": 1}
    t = round_table("2e", "01016", PLAIN["2e"], phase="marshaling",
                    extra={**cards, "01151": 1, "13038": 1, "01097": 2})
    hand(t, "A.01040.1", "A.01036.1", "A.01043.1", "A.01151.1")
    flagged_and_refused(t, Marshal("A", "A.01040.1"), "plot.limits-marshal")
    flagged_and_refused(t, Marshal("A", "A.01036.1", attach_to="A.01057.1"), "plot.limits-marshal")
    flagged_and_refused(t, PlayEvent("A", "A.01043.1"), "plot.limits-event")
    legal(t, Marshal("A", "A.01151.1"))
    # RR: Duplicates: "Marshaling a duplicate is not considered marshaling a card of the duplicate's printed type":
    # a second Casterly Rock goes onto the first (found by a judge's probe).
    in_play(t, "A.01097.1")
    hand(t, "A.01097.2")
    legal(t, Marshal("A", "A.01097.2"))
    assert t.in_play["A.01097.2"].duplicate_of == "A.01097.1"
    # An event played from shadows (Shadow Politics, shadow cost 1) is played too.
    shadows(t, "A.13038.1")
    flagged_and_refused(t, PlayEventFromShadows("A", "A.13038.1"), "plot.limits-event")
    legal(t, PassTurn("A"))
    u = round_table("2e", PLAIN["2e"], "01016", phase="marshaling", extra=cards)
    hand(u, "A.01040.1")
    legal(u, Marshal("A", "A.01040.1"))


def test_a_plot_or_a_card_that_allows_an_additional_limited_card() -> None:
    """RR: Limited: one Limited card a round; the revealed plot Taxation prints "You may marshal or play 1
    additional limited card this round." (RR: Golden Rules: card text overrides the rules) for its owner only;
    Elinor Tyrell prints the same "each round" while its controller has it in play."""
    roads = {"01039": 1, "01040": 1, "00355": 1}  # The Kingsroad, The Roseroad, The Highroad: Limited locations
    t = round_table("2e", "01024", PLAIN["2e"], phase="marshaling", extra={**roads, "06043": 1})
    hand(t, "A.01039.1", "A.01040.1", "A.00355.1")
    legal(t, Marshal("A", "A.01039.1"))
    legal(t, Marshal("A", "A.01040.1"))  # Taxation's second
    flagged_and_refused(t, Marshal("A", "A.00355.1"), "limited.once-per-round")
    in_play(t, "A.06043.1")  # Elinor Tyrell: one more
    legal(t, Marshal("A", "A.00355.1"))
    # Without either, the second is illegal as before.
    t = round_table("2e", PLAIN["2e"], "01024", phase="marshaling", extra=roads)
    hand(t, "A.01039.1", "A.01040.1")
    legal(t, Marshal("A", "A.01039.1"))
    flagged_and_refused(t, Marshal("A", "A.01040.1"), "limited.once-per-round")


def test_a_plot_or_a_card_that_grants_an_additional_challenge_of_a_type() -> None:
    """"You may initiate an additional [military] challenge during the challenges phase." (A Storm of Swords while
    revealed, Khal Drogo while in play; RR: Golden Rule): a second military challenge names the card that allows it
    (the log's way for any card effect); a third naming the grant again is illegal (Drogo allows one more, not two).
    Another card effect named as the source is taken as the table saw it. The
    round box offers military again, naming the grant, until it is used."""
    def offered(t: Table) -> dict[str, dict[str, object]]:
        return {o["id"]: o["action"] for o in round_view(t, Role.of_seat("A"))["offers"]
                if o["id"].startswith("challenge:")}

    t = round_table("2e", "01005", PLAIN["2e"])
    one_challenge(t, "military", "A.01057.1")
    legal(t, ApplyClaim("B", ["B.01057.1"]))  # claim 1: Bob kills one of his own
    assert offered(t)["challenge:military"]["source"] == "A.01005.1"
    legal(t, InitiateChallenge("A", "military", "B", ["A.01057.2"], source="A.01005.1"))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult("A"))
    legal(t, ApplyClaim("B", ["B.01057.2"]))
    assert "challenge:military" not in offered(t)
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", ["A.01057.3"], source="A.01005.1"),
                        "challenge.once-per-type")
    t = round_table("2e", PLAIN["2e"], "00006", extra={"01162": 1})
    in_play(t, "A.01162.1")  # Khal Drogo
    one_challenge(t, "military", "A.01057.1")
    legal(t, ApplyClaim("B", ["B.01057.1"]))
    legal(t, InitiateChallenge("A", "military", "B", ["A.01057.2"], source="A.01162.1"))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult("A"))
    legal(t, ApplyClaim("B", ["B.01057.2"]))
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", ["A.01057.3"], source="A.01162.1"),
                        "challenge.once-per-type")
    legal(t, InitiateChallenge("A", "military", "B", ["A.01057.3"], source="A.01054.1"))  # another effect's


def test_an_additional_challenge_the_table_did_not_name_is_taken_from_the_grant_in_play() -> None:
    """challenge.once-per-type (aside64 03, 08, 23; aside35 01; probe24 18): Khal Drogo in play ("You may initiate an
    additional [military] challenge during the challenges phase."): a second military challenge written without
    naming him is legal, the facts are on the table; a third, named or not, is flagged (one more, not two)."""
    t = round_table("2e", PLAIN["2e"], "00006", extra={"01162": 1})
    in_play(t, "A.01162.1")  # Khal Drogo
    one_challenge(t, "military", "A.01057.1")
    legal(t, ApplyClaim("B", ["B.01057.1"]))
    legal(t, InitiateChallenge("A", "military", "B", ["A.01057.2"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult("A"))
    legal(t, ApplyClaim("B", ["B.01057.2"]))
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", ["A.01057.3"]), "challenge.once-per-type")
    t = round_table("2e", PLAIN["2e"], "00006")
    one_challenge(t, "military", "A.01057.1")
    legal(t, ApplyClaim("B", ["B.01057.1"]))
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", ["A.01057.2"]), "challenge.once-per-type")


def test_a_grant_of_an_additional_challenge_allows_only_its_type() -> None:
    """challenge.once-per-type (aside52 01, 03): 1st edition After the Mummer's Ford "Each player may initiate an
    additional Military challenge this round." named as the source of a second intrigue challenge is flagged (it
    grants a military one, which stays legal)."""
    t = round_table("1e", "kotse_48", "pots_59")  # Alliance: no challenge text
    one_challenge(t, "intrigue", "A.core_124.1")
    flagged_and_refused(t, InitiateChallenge("A", "intrigue", "B", ["A.core_124.2"], source="A.kotse_48.1"),
                        "challenge.once-per-type")
    one_challenge(t, "military", "A.core_124.2")
    legal(t, ApplyClaim("B", ["B.core_124.1"]))
    legal(t, InitiateChallenge("A", "military", "B", ["A.core_124.3"], source="A.kotse_48.1"))


def test_a_plot_that_lets_only_unique_characters_defend_binds_each_player() -> None:
    """1st edition Herding the Masses: "Non-unique characters cannot be declared as defenders." (its text overrides
    the rules: the 1st edition's golden rule), whoever revealed it: Bob's plot binds Alice's defenders too."""
    t = round_table("1e", PLAIN["1e"], "core_208", extra={"core_46": 1})
    in_play(t, "A.core_46.1")  # Raff the Sweetling, unique
    legal(t, PassTurn("A"))
    legal(t, InitiateChallenge("B", "military", "A", ["B.core_124.1"]))
    flagged_and_refused(t, DeclareDefenders("A", ["A.core_124.1"]), "plot.limits-unique")
    legal(t, DeclareDefenders("A", ["A.core_46.1"]))


def test_a_plot_that_treats_another_plots_base_value_as_zero() -> None:
    """Naval Superiority: "Treat the base gold value on each revealed Kingdom and each revealed Edict plot card as if
    it were 0." (RR: Golden Rule): Bob's Taxation (Edict, Kingdom; 5 gold) gives 0 gold, a recorded +1 still counts;
    A Clash of Kings (no such trait) keeps its 4. Snowed Under makes every revealed plot's initiative 0."""
    from companion.rules.values import income, initiative

    t = round_table("2e", "01017", "01024", phase="marshaling")
    assert income(t, "B") == 0 and income(t, "A") == t.card("A.01017.1").income
    legal(t, Modify("B", "income", 1))
    assert income(t, "B") == 1
    t = round_table("2e", "01017", PLAIN["2e"], phase="marshaling")
    assert income(t, "B") == 4
    t = make_table({"A": {"03048": 1}, "B": {PLAIN["2e"]: 1}}, phase="plot", gold=0)
    legal(t, ChoosePlot("A", "A.03048.1"))
    legal(t, ChoosePlot("B", f"B.{PLAIN['2e']}.1"))
    assert initiative(t, "A") == 0 and initiative(t, "B") == 0


def test_a_plot_that_says_a_defender_must_be_declared_if_able() -> None:
    """Besieged (held out aside19 18): "At least one character must be declared as a defender in each challenge, if
    able." binds the defender whoever revealed it: no defenders while one could defend is flagged; once every
    character of the defender kneels, none is legal."""
    t = round_table("2e", "09047", PLAIN["2e"])
    legal(t, InitiateChallenge("A", "military", "B", ["A.01057.1"]))
    flagged_and_refused(t, DeclareDefenders("B", []), "plot.must-defend")
    legal(t, DeclareDefenders("B", ["B.01057.1"]))
    u = round_table("2e", "09047", PLAIN["2e"])
    for card in list(u.in_play):
        if card.startswith("B."):
            u.in_play[card].kneeling = True
    legal(u, InitiateChallenge("A", "military", "B", ["A.01057.1"]))
    legal(u, DeclareDefenders("B", []))


def test_a_plot_whose_factions_defenders_do_not_kneel_and_one_that_lowers_each_opponents_reserve() -> None:
    """Held out aside19 12 and 03: The Fire That Burns ("Each [thenightswatch] character you control does not kneel
    when declared as a defender.") leaves Bob's Ranging Party standing after it defends, not his Vanguard Lancer;
    Wraiths in Their Midst ("Reduce the reserve value on each opponent's revealed plot card by 2 (to a minimum of
    2).") lowers Bob's reserve by 2, not Alice's own."""
    from companion.rules.values import reserve
    t = round_table("2e", "02080", "07046")
    assert (reserve(t, "A"), reserve(t, "B")) == (5, t.card("B.07046.1").reserve - 2)
    u = make_table({"A": {PLAIN["2e"]: 1, "01057": 1}, "B": {"07046": 1, "01132": 1, "01057": 1}}, phase="plot")
    legal(u, ChoosePlot("A", f"A.{PLAIN['2e']}.1"))
    legal(u, ChoosePlot("B", "B.07046.1"))
    legal(u, SetFirstPlayer("A"))
    for card in ("A.01057.1", "B.01132.1", "B.01057.1"):
        in_play(u, card)
    for phase in ("draw", "marshaling"):
        legal(u, BeginPhase(phase))
    legal(u, PassTurn("A"))
    legal(u, PassTurn("B"))
    legal(u, BeginPhase("challenges"))
    legal(u, InitiateChallenge("A", "military", "B", ["A.01057.1"]))
    legal(u, DeclareDefenders("B", ["B.01132.1", "B.01057.1"]))
    assert not u.in_play["B.01132.1"].kneeling and u.in_play["B.01057.1"].kneeling


def test_first_edition_plots_that_forbid_saves_and_blank_characters() -> None:
    """plot.no-saves, renown.keyword (aside52 31, 29): 1st edition Assault on King's Landing "Characters and locations
    cannot be saved.": Robb Stark saved by his duplicate is flagged; Fortified Position "Treat all characters in play
    as though their printed text boxes were blank (except for Traits).": Robb's Renown after his unopposed win is
    flagged, while Alliance (no such text) leaves it legal."""
    from companion.rules.actions import Renown, SaveWithDuplicate
    t = round_table("1e", "kotst_52", "pots_59", extra={"low_8": 2})
    in_play(t, "A.low_8.1")
    t.put_in_play("A.low_8.2", "A", duplicate_of="A.low_8.1")
    flagged_and_refused(t, SaveWithDuplicate("A", "A.low_8.2"), "plot.no-saves")
    for plot, blank in (("low_50", True), ("pots_59", False)):
        u = round_table("1e", "kotst_52", plot, extra={"low_8": 1})
        in_play(u, "A.low_8.1")
        one_challenge(u, "power", "A.low_8.1")
        legal(u, ApplyClaim("B"))
        renown = Renown("A", ["A.low_8.1"])
        if blank:
            flagged_and_refused(u, renown, "renown.keyword")
        else:
            legal(u, renown)


@pytest.mark.parametrize("took_gold", [True, False])
def test_feast_or_famine_forbids_challenges_once_its_gold_is_taken(took_gold: bool) -> None:
    """plot.limits-challenge-type (aside52 35): 1st edition Feast or Famine "When revealed, you may choose to add +6
    gold to your income this marshalling phase. If you do, you cannot initiate challenges this round.": with the +6
    written as the income's modifier, Alice's challenge is flagged; without it, legal."""
    from companion.rules.actions import CollectIncome
    t = round_table("1e", "kotst_54", "pots_59", phase="marshaling")
    t.players["A"].income_round = -1  # the helper took each income without its gold
    legal(t, CollectIncome("A", modifier=6 if took_gold else 0))
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("challenges"))
    challenge = InitiateChallenge("A", "military", "B", ["A.core_124.1"])
    if took_gold:
        flagged_and_refused(t, challenge, "plot.limits-challenge-type")
    else:
        legal(t, challenge)


def test_mammoth_riders_ends_its_players_cards_from_hand_for_the_round() -> None:
    """hand.no-further-cards (aside52 22): 1st edition Mammoth Riders "After you play Mammoth Riders, you cannot play
    any further cards from your hand this round.": Alice's marshal of the Riders is legal, her next one flagged."""
    t = round_table("1e", PLAIN["1e"], "pots_59", phase="marshaling", extra={"dotn_36": 1, "core_19": 1})
    hand(t, "A.dotn_36.1", "A.core_19.1")
    legal(t, Marshal("A", "A.dotn_36.1"))
    flagged_and_refused(t, Marshal("A", "A.core_19.1"), "hand.no-further-cards")


@pytest.mark.parametrize("b_plot", ["qod_49", "pots_59"])
def test_burning_bridges_forbids_abilities_of_cards_in_play(b_plot: str) -> None:
    """plot.no-abilities (aside52 30): 1st edition Burning Bridges "Players cannot trigger abilities on character,
    location, and attachment cards in play.", whoever revealed it: Qyburn's Informers' "Response: After you win an
    Intrigue challenge in which Qyburn's Informers participated, draw 2 cards." after Alice's win is flagged under
    it, legal under Alliance."""
    from companion.rules.actions import DrawCards
    t = round_table("1e", PLAIN["1e"], b_plot, extra={"core_49": 1, "core_19": 4})
    in_play(t, "A.core_49.1")
    one_challenge(t, "intrigue", "A.core_49.1")
    legal(t, ApplyClaim("B", []))
    draw = DrawCards("A", 2, source="A.core_49.1")
    if b_plot == "qod_49":
        flagged_and_refused(t, draw, "plot.no-abilities")
    else:
        legal(t, draw)


def test_a_plots_when_revealed_draw_happens_once() -> None:
    """You Win Or You Die (held out aside19 20): "When Revealed: Draw 2 cards." draws once, as it is revealed."""
    from companion.rules.actions import DrawCards
    t = make_table({"A": {"08120": 1, "01057": 10}, "B": {PLAIN["2e"]: 1}}, phase="plot")
    legal(t, ChoosePlot("A", "A.08120.1"))
    legal(t, ChoosePlot("B", f"B.{PLAIN['2e']}.1"))
    legal(t, DrawCards("A", 2, source="A.08120.1"))
    flagged_and_refused(t, DrawCards("A", 2, source="A.08120.1"), "draw.when-revealed-once")


def test_varys_riddle_draws_once_as_the_when_revealed_draw_it_copies() -> None:
    """draw.source / draw.when-revealed-once (aside57 26): Varys's Riddle "When Revealed: Initiate the when revealed
    ability on a revealed non-Riddle plot card as if you had just revealed it." against Bob's Counting Coppers ("Draw 3
    cards."): Alice's draw of 3 naming the Riddle is legal, a second one is flagged (one initiation, as the plot is
    revealed). Read for 17 printings of both editions (City of Spiders, Pulling the Strings, Tyrion's Chain; 1st
    edition Good for the Gander "copy the "when revealed" ability …", the River plots "trigger the "when revealed"
    effect …"): a draw naming one is not held against its own text."""
    from companion.rules.actions import DrawCards
    t = make_table({"A": {"04020": 1, "01057": 10}, "B": {"01010": 1, "01057": 10}}, phase="plot")
    legal(t, ChoosePlot("A", "A.04020.1"))
    legal(t, ChoosePlot("B", "B.01010.1"))
    legal(t, DrawCards("B", 3, source="B.01010.1"))
    legal(t, DrawCards("A", 3, source="A.04020.1"))
    flagged_and_refused(t, DrawCards("A", 3, source="A.04020.1"), "draw.when-revealed-once")


def test_plots_that_forbid_saves_characters_entering_by_abilities_and_str_changes() -> None:
    """Found by a judge's probe: The Bloody Flux ("Characters cannot be saved."), Barring the Gates ("Card abilities
    cannot cause characters to enter play.") and Striking at Dawn ("Each character's STR cannot be increased or
    reduced by card effects."), whoever revealed them; and a draw cannot come from a card still in the draw deck (RR:
    In Play and Out of Play)."""
    from companion.rules.actions import DrawCards, Modify, PutIntoPlay, SaveWithDuplicate
    robb = "01146"
    t = round_table("2e", "11040", PLAIN["2e"], extra={robb: 2})
    in_play(t, f"A.{robb}.1")
    t.put_in_play(f"A.{robb}.2", "A", duplicate_of=f"A.{robb}.1")
    flagged_and_refused(t, SaveWithDuplicate("A", f"A.{robb}.2"), "plot.no-saves")
    u = round_table("2e", PLAIN["2e"], "06019", extra={"01091": 1})
    flagged_and_refused(u, PutIntoPlay("A", "A.01091.1"), "plot.no-effect-entry")
    w = round_table("2e", "26039", PLAIN["2e"])
    flagged_and_refused(w, Modify("A", "str", 2, card="A.01057.1"), "plot.str-fixed")
    x = round_table("2e", "01002", PLAIN["2e"], extra={"01039": 1, "01057": 5})
    flagged_and_refused(x, DrawCards("A", 1, source="A.01039.1"), "draw.source-not-in-play")


def test_plots_that_limit_who_gains_power() -> None:
    """Found by a judge's probe: Uneasy Truce ("Each player cannot gain power for his or her faction except during
    challenges."): dominance is won without its power, a faction power outside challenges is flagged, one during them
    is not; Your King Commands It ("Each non-King, non-Queen character cannot gain power."): power on a Lord is
    flagged, on a King it is not."""
    from companion.rules.actions import GainPower, WinDominance
    from tests.tables import notes_of
    t = round_table("2e", "11060", PLAIN["2e"])
    legal(t, GainPower("A", 1))  # the challenges phase
    for phase in ("dominance",):
        while t.active_player is not None:
            legal(t, PassTurn(t.active_player))
        legal(t, BeginPhase(phase))
    before = t.players["B"].power
    v = play(t, WinDominance("B"))
    assert "dominance-no-power" in notes_of(v) and t.players["B"].power == before
    flagged_and_refused(t, GainPower("A", 1), "plot.faction-power")
    u = round_table("2e", "09048", PLAIN["2e"], extra={"01146": 1, "01048": 1})  # Robb Stark (Lord), Robert (King)
    in_play(u, "A.01146.1")
    in_play(u, "A.01048.1")
    flagged_and_refused(u, GainPower("A", 1, card="A.01146.1"), "plot.power-kings-only")
    legal(u, GainPower("A", 1, card="A.01048.1"))


def test_a_plots_when_revealed_draw_draws_its_number() -> None:
    """Found by a judge's probe (Counting Coppers: "When Revealed: Draw 3 cards."): 4 cards by it are flagged, 3 not."""
    from companion.rules.actions import DrawCards
    t = make_table({"A": {"01010": 1, "01057": 10}, "B": {PLAIN["2e"]: 1}}, phase="plot")
    legal(t, ChoosePlot("A", "A.01010.1"))
    legal(t, ChoosePlot("B", f"B.{PLAIN['2e']}.1"))
    flagged_and_refused(t, DrawCards("A", 4, source="A.01010.1"), "draw.printed-count")
    legal(t, DrawCards("A", 3, source="A.01010.1"))


def test_a_card_that_limits_the_characters_each_player_stands_in_the_standing_phase() -> None:
    """Found by a judge's probe (Stannis Baratheon: "Each player cannot stand more than 2 characters during the
    standing phase."): a player with 3 kneeling characters stands none by itself and chooses 2 with `stand` lines, a
    third is flagged; a player with 2 stands both."""
    from companion.rules.actions import Kneel, Stand
    t = round_table("2e", PLAIN["2e"], "01002", extra={"01052": 1})
    in_play(t, "A.01052.1")
    for n in (1, 2, 3):
        legal(t, Kneel("A", f"A.01057.{n}"))
    for n in (1, 2):
        legal(t, Kneel("B", f"B.01057.{n}"))
    while t.active_player is not None:
        legal(t, PassTurn(t.active_player))
    legal(t, BeginPhase("dominance"))
    legal(t, BeginPhase("standing"))
    assert [t.in_play[f"A.01057.{n}"].kneeling for n in (1, 2, 3)] == [True, True, True]
    assert not any(t.in_play[f"B.01057.{n}"].kneeling for n in (1, 2))
    legal(t, Stand("A", "A.01057.1"))
    legal(t, Stand("A", "A.01057.2"))
    flagged_and_refused(t, Stand("A", "A.01057.3"), "stand.limit")


def test_a_plot_that_returns_every_players_gold_as_the_challenges_phase_begins() -> None:
    """Found by a judge's probe (Supporting the Faith: "Forced Reaction: After the challenges phase begins, each
    player returns all gold in his or her gold pool to the treasury."): the gold goes back by itself, a line recording
    it is not flagged, and an event paid with that gold afterwards is."""
    from companion.rules.actions import ReturnUnspentGold
    t = round_table("2e", PLAIN["2e"], "01023", phase="marshaling", extra={"01100": 1})
    t.players["A"].gold = 6
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("challenges"))
    assert t.players["A"].gold == 0
    legal(t, ReturnUnspentGold())
    u = round_table("2e", PLAIN["2e"], "01002", phase="marshaling")
    u.players["A"].gold = 6
    legal(u, PassTurn("A"))
    legal(u, PassTurn("B"))
    legal(u, BeginPhase("challenges"))
    assert u.players["A"].gold == 6
    flagged_and_refused(u, ReturnUnspentGold(), "gold.taxation-phase")


def test_a_plots_when_revealed_draw_is_its_own_players() -> None:
    """Found by a judge's probe: Alice drawing 3 by Bob's Counting Coppers is flagged; Bob's draw is not."""
    from companion.rules.actions import DrawCards
    t = make_table({"A": {PLAIN["2e"]: 1, "01057": 10}, "B": {"01010": 1, "01057": 10}}, phase="plot")
    legal(t, ChoosePlot("A", f"A.{PLAIN['2e']}.1"))
    legal(t, ChoosePlot("B", "B.01010.1"))
    flagged_and_refused(t, DrawCards("A", 3, source="B.01010.1"), "draw.when-revealed-player")
    legal(t, DrawCards("B", 3, source="B.01010.1"))


def test_alannys_greyjoy_lowers_each_opponents_reserve_while_her_player_is_first() -> None:
    """aside38 14 (reserve.count, the reserve a discard to reserve is judged by): Alannys Greyjoy "While you are the
    first player, reduce the reserve value on each opponent's revealed plot card by 1.": with Alice first, Bob's
    reserve is 1 lower, Alice's own not; with Bob first, neither. Ten Towers Galley ("While Ten Towers Galley is
    standing, …") lowers it while it stands, not knelt. Harlaw (an agenda) lowers it likewise: one fact, the plot
    values' (``Card.plot_values``)."""
    from companion.rules.values import reserve

    t = round_table("2e", PLAIN["2e"], "07046", extra={"01066": 1, "15028": 1})
    full = t.card("B.07046.1").reserve
    in_play(t, "A.01066.1")
    assert (reserve(t, "A"), reserve(t, "B")) == (t.card(f"A.{PLAIN['2e']}.1").reserve, full - 1)
    t.first_player = "B"
    assert reserve(t, "B") == full
    in_play(t, "A.15028.1")
    assert reserve(t, "B") == full - 1
    t.in_play["A.15028.1"].kneeling = True
    assert reserve(t, "B") == full
    assert t.card("A.01066.1").plot_values == (("reserve", "opponents", -1, "", "first_player", 0),)
    assert t.card("A.15028.1").plot_values == (("reserve", "opponents", -1, "", "standing", 0),)
    from companion.catalog.store import Catalog

    assert Catalog.open().card("19003").plot_values == (("reserve", "opponents", -1, "", "", 0),)
    assert Catalog.open().card("02080").plot_values == (("reserve", "opponents", -2, "", "", 2),)


def test_the_round_box_says_which_plot_keeps_a_challenge_from_being_offered() -> None:
    """A newcomer trial: under Sneak Attack the challenge buttons vanished after the first challenge, without a word.
    The attacker's round box says why, once, naming the plot by its name; the other seat's does not."""
    t = round_table("2e", "01021", PLAIN["2e"])
    one_challenge(t, "power", "A.01057.1")
    legal(t, ApplyClaim("B"))
    view = round_view(t, Role.of_seat("A"))
    assert not [o for o in view["offers"] if o["action"]["type"] == "initiate_challenge"]
    barred = [x for x in view["lines"] if isinstance(x, dict) and x.get("msg") == "rule.plot.limits-challenges"]
    assert len(barred) == 1 and "Sneak Attack" in barred[0].values(), barred
    assert not [x for x in round_view(t, Role.of_seat("B"))["lines"]
                if isinstance(x, dict) and x.get("msg") == "rule.plot.limits-challenges"]
