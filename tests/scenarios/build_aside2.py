# ruff: noqa: E501
"""Writes the second aside set of rules scenarios (tests/scenarios/aside2/*.jsonl).

    python -m tests.scenarios.build_aside2

A second held-out set, written like the first (tests/scenarios/build_aside.py, whose deck filler and
framework helpers it reuses) from the rule texts only: the 2nd-edition Rules Reference (glossary and
Appendix I), the FAQ v4.1, the Tournament Regulations and, for 1st edition, the King's Landing Shadows
insert. It covers what the first set touches thinly: revealing and looking at hidden cards, recorded
modifiers and when they expire, claims of every kind, the plot deck's cycle, initiative ties decided by
power on cards, dominance with kneeling, standing and spent gold, going to time decided at steps 1, 4 and 5,
decking outside the draw phase, concessions, control of unique cards, and the 1st-edition Shadows rules on
control and ownership. `x()` marks an illegal line, `imp()` an impossible one; every other line is legal.
Readings of ambiguous texts: aside2/READINGS.md. Score: `python -m tests.scenarios.run_aside --dir aside2`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import ClassVar

from tests.scenarios import build_aside as base
from tests.scenarios.build_aside import (
    A_,
    AEGON,
    ALLIANCE,
    ARYA,
    ARYA_SHADOW,
    ATWALL,
    B_,
    BASTARD,
    BRIENNE,
    BURNED,
    BWCREW,
    CACHE,
    CALM,
    CERSEI1,
    CLASH,
    CRANNOGMEN,
    CROSSROADS,
    DRY,
    FEAST,
    GODS_EYE,
    GOLDCLOAKS,
    GOLDCLOAKS1,
    GOLDROAD,
    HMAESTER,
    HOST,
    HULK,
    IMPS_AGENT,
    INSERT,
    LANN_1E,
    LANN_CARDS,
    LIONS,
    LITTLEFINGER,
    LSTEWARD,
    MEDDLING,
    MERCHANT,
    MONEYLENDER,
    NED,
    PLOTS_1E,
    PYCELLE,
    RAFF,
    RATIONING,
    RAVEN,
    ROBB,
    ROSEROAD,
    SALTY,
    SCOUT,
    SHADOWCAT,
    SMUGGLER,
    SNEAK,
    STARK_CARDS,
    SUMMER,
    TAXATION,
    TKNIGHT,
    TYRION,
    TYRION1,
    TYRION38,
    WEAPONSMITH,
    WENDAMYR,
    WIC,
    WOW,
    WSTEWARD,
    bara1,
    lann,
    lann1,
    stark,
)

HERE = Path(__file__).resolve().parent
OUT = HERE / "aside2"
CARD_ID = re.compile(r'"([AB]\.[A-Za-z0-9_]+\.\d+)"')

JOJEN, UNDERHANDED = "04061", "11110"
STARK_PLOTS = [WOW, FEAST, CLASH, TAXATION, RATIONING, CACHE, SNEAK]
LANN_PLOTS = [WOW, LIONS, MEDDLING, TAXATION, RATIONING, FEAST, CACHE]


class S(base.S):
    """A scenario of the second set: written to aside2/, with a supply of unnamed hand cards."""

    mine: ClassVar[list[S]] = []

    def __init__(self, name: str, edition: str, mode: str, rule: str, a: tuple, b: tuple, first: str = "A") -> None:  # type: ignore[type-arg]
        super().__init__(name, edition, mode, rule, a, b, first)
        self.specs = {"A": a, "B": b}
        S.mine.append(self)

    def fresh(self, seat: str, n: int) -> list[str]:
        """`n` instances of `seat`'s deck not named anywhere in the log yet: cards of the hand that were drawn
        unnamed (filler cards first, then the named ones)."""
        used = set(CARD_ID.findall("\n".join(self.lines[1:])))
        header = json.loads(self.lines[0])
        decklist = next(p["deck"] for p in header["players"] if p["seat"] == seat)
        _, named, plots, *_ = self.specs[seat]
        order = [c for c in decklist if c not in named and c not in plots] + [c for c in decklist if c in named]
        out: list[str] = []
        for code in order:
            for copy in range(1, decklist[code] + 1):
                card = f"{seat}.{code}.{copy}"
                if card not in used and len(out) < n:
                    out.append(card)
        assert len(out) == n, (self.name, seat, n)
        return out

    def reserve(self, seat: str, n: int) -> S:
        return self.a("discard_to_reserve", player=seat, cards=self.fresh(seat, n))

    def write(self) -> None:
        (OUT / f"{self.name}.jsonl").write_text("\n".join(self.lines) + "\n", encoding="utf-8")


def tax(s: S, order: str, counts: dict[str, int]) -> S:
    """Standing and taxation, with the reserve discards (in player order) the scenario computed."""
    s.phase("standing").phase("taxation")
    for seat in order:
        if counts.get(seat):
            s.reserve(seat, counts[seat])
    return s


def marshal_pass(s: S, order: str) -> S:
    s.phase("marshaling")
    for seat in order:
        s.a("collect_income", player=seat).a("pass_turn", player=seat)
    return s


# =====================================================================================================
# Revealing and looking
# =====================================================================================================

def r01() -> None:
    s = S("2e-reveal-own-hidden-cards", "2e", "advisory",
          "RR: Reveal: 'When a player is instructed to reveal cards, that player is obliged to show those cards to his or "
          "her opponents.' 'While it is revealed, a revealed card is still considered to be located in the game area (such "
          "as a player's hand or deck) from which it is revealed.' RR: Shadows › While a card is in shadows: 'Players "
          "cannot look at an opponent's cards' (only the controller may show them).",
          stark({**STARK_CARDS, CRANNOGMEN: 2}), lann({**LANN_CARDS, IMPS_AGENT: 2}))
    s.setup(a=[A_(ROBB)], b=[B_(TYRION)])
    s.c("Taxation (initiative 6) beats The Winds of Winter (4); Bob makes Alice the first player.")
    s.plots(WOW, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A")
    s.c("Alice has 3 gold; Crannogmen go into shadows for 2.")
    s.a("marshal_into_shadows", player="A", card=A_(CRANNOGMEN))
    s.c("Alice reveals a card of her hand to the table, another to Bob alone, and her card in shadows.")
    s.a("reveal", player="A", cards=[A_(TKNIGHT)])
    s.a("reveal", player="A", cards=[A_(WSTEWARD)], to="B")
    s.a("reveal", player="A", cards=[A_(CRANNOGMEN)])
    s.c("A revealed card stays in the hand: the Winterfell Steward (1) is marshaled from there.")
    s.a("marshal", player="A", card=A_(WSTEWARD))
    s.c("Bob's hand is not Alice's to show.")
    s.x("reveal", player="A", cards=[B_(MERCHANT)])
    s.a("pass_turn", player="A")
    s.a("collect_income", player="B").a("marshal_into_shadows", player="B", card=B_(IMPS_AGENT))
    s.a("reveal", player="B", cards=[B_(IMPS_AGENT)], to="A")
    s.c("The Imp's Agent lies in Bob's shadows: Alice cannot reveal it.")
    s.x("reveal", player="A", cards=[B_(IMPS_AGENT)])
    s.a("pass_turn", player="B")
    s.phase("challenges").passes("A", "B")
    s.phase("dominance")


def r02() -> None:
    s = S("2e-reveal-then-claim-and-bring-out", "2e", "strict",
          "RR: Reveal: 'a revealed card is still considered to be located in the game area ... from which it is revealed.' "
          "RR: Intrigue Claim: 'discard a number of random cards from his or her hand'. RR: Shadows › Bringing a card out "
          "of shadows: 'As an action, a player may bring a character ... out of shadows and into play by paying its shadow "
          "cost'.",
          stark(STARK_CARDS), lann({**LANN_CARDS, IMPS_AGENT: 2}))
    s.setup(a=[A_(HMAESTER), A_(ROBB)], b=[B_(BURNED), B_(MERCHANT)], b_shadows=[])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("marshal_into_shadows", player="B", card=B_(IMPS_AGENT))
    s.c("Bob reveals a Lannisport Merchant from his hand and his card in shadows to Alice.")
    s.a("reveal", player="B", cards=[B_(MERCHANT, 2)])
    s.a("reveal", player="B", cards=[B_(IMPS_AGENT)], to="A")
    s.c("Alice's hand is not Bob's to show.")
    s.x("reveal", player="B", cards=[A_(TKNIGHT)])
    s.a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "intrigue", "B", [A_(HMAESTER)], [])
    s.a("challenge_result")
    s.c("The random discard is the Merchant Bob revealed: it was still in his hand.")
    s.a("apply_claim", player="B", cards=[B_(MERCHANT, 2)])
    s.c("The revealed Imp's Agent is still in shadows: Bob brings it out for 3 (he has 3).")
    s.a("bring_out", player="B", card=B_(IMPS_AGENT))
    s.a("pass_turn", player="A").a("pass_turn", player="B")
    s.phase("dominance")


def r03() -> None:
    s = S("2e-look-at-shadows", "2e", "strict",
          "RR: Look: 'that player does not show the cards to his or her opponents. A card is not considered to leave its "
          "play area while it is being looked at.' RR: Shadows › While a card is in shadows: 'Players cannot look at an "
          "opponent's cards that are in shadows' (a card effect may let them: RR: The Golden Rules).",
          stark({**STARK_CARDS, CRANNOGMEN: 2}), lann({**LANN_CARDS, IMPS_AGENT: 2}))
    s.setup(a=[A_(ROBB)], b=[B_(BURNED)], b_shadows=[B_(IMPS_AGENT)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal_into_shadows", player="A", card=A_(CRANNOGMEN))
    s.a("pass_turn", player="A")
    s.a("collect_income", player="B").a("marshal_into_shadows", player="B", card=B_(IMPS_AGENT, 2))
    s.c("A card effect lets Alice look at Bob's first card in shadows (Bob holds two there), and one of Bob's looks at "
        "Alice's. (The card is named by its instance: `companion check` does not read the position form `B:shadows#1` "
        "that docs/table-log.md gives for `look_at`.)")
    s.a("look_at", player="A", card=B_(IMPS_AGENT))
    s.a("look_at", player="B", card=A_(CRANNOGMEN))
    s.a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(ROBB)], [])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED)]).a("renown", player="A", cards=[A_(ROBB)])
    s.c("The card Alice looked at never left Bob's shadows: he brings it out for 3.")
    s.a("bring_out", player="B", card=B_(IMPS_AGENT))
    s.a("pass_turn", player="A").a("pass_turn", player="B")
    s.phase("dominance")


def r04() -> None:
    s = S("1e-look-and-reveal-shadows", "1e", "advisory",
          f"{INSERT} › While a card is in Shadows: 'A player can look at any card he or she controls, at any time, while it "
          "is in Shadows. Players cannot look at an opponent's cards that are in Shadows.' (A card effect may let them: "
          "the Golden Rules.) RR: Reveal (the round's framework as in the first set's 1st-edition scenarios).",
          bara1(), lann1())
    base.setup1(s, a=[A_(BRIENNE)], b=[B_(LSTEWARD)], a_shadows=[A_(SMUGGLER)], b_shadows=[B_(TYRION1)])
    s.c("At the Wall (initiative 2) beats The Raven's Song (1).")
    s.plots(ATWALL, RAVEN, "A", "A")
    s.draw()
    s.c("A card effect lets Alice look at Bob's card in Shadows; Bob shows it to her himself as well.")
    s.a("look_at", player="A", card=B_(TYRION1))
    s.a("reveal", player="B", cards=[B_(TYRION1)], to="A")
    s.c("Bob's card in Shadows is not Alice's to reveal.")
    s.x("reveal", player="A", cards=[B_(TYRION1)])
    s.a("reveal", player="A", cards=[A_(SMUGGLER)])
    s.phase("marshaling").a("pass_shadows", player="A").a("pass_shadows", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("The revealed Stormlands Smuggler never left Alice's Shadows: she brings it out (s1).")
    s.a("bring_out", player="A", card=A_(SMUGGLER))


# =====================================================================================================
# Modifiers and when they expire
# =====================================================================================================

def m01() -> None:
    s = S("2e-modify-claim-until-the-challenge", "2e", "strict",
          "Winter Is Coming: 'Play only during a challenge. Action: Until the end of the challenge, raise the claim value on "
          "your revealed plot card by 1.' RR: Claim or Claim Value: 'The claim value on a player's revealed plot card "
          "(which incorporates all relevant claim modifiers)'. RR: Lasting Effects: 'A lasting effect expires as soon as "
          "the timing point specified by its duration is reached.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(HMAESTER)], b=[B_(BURNED), B_(MERCHANT), B_(HMAESTER)])
    s.c("A Feast for Crows: claim 1, 6 gold.")
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(TKNIGHT))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(ROBB)], [B_(BURNED)])
    s.c("Alice plays Winter Is Coming (1 gold): claim 2 for this challenge.")
    s.a("play_event", player="A", card=A_(WIC))
    s.a("modify", player="A", stat="claim", amount=1, until="challenge", source=A_(WIC))
    s.a("challenge_result")
    s.x("apply_claim", player="B", cards=[B_(BURNED)])
    s.a("apply_claim", player="B", cards=[B_(BURNED), B_(MERCHANT)]).a("renown", player="A", cards=[A_(ROBB)])
    s.c("The next challenge: the claim is 1 again.")
    s.challenge("A", "intrigue", "B", [A_(HMAESTER)], [])
    s.a("challenge_result")
    hand = s.fresh("B", 2)
    s.x("apply_claim", player="B", cards=hand)
    s.a("apply_claim", player="B", cards=hand[:1])
    s.passes("A", "B")
    s.phase("dominance")


def m02() -> None:
    s = S("2e-modify-claim-until-the-phase-and-to-zero", "2e", "strict",
          "RR: Lasting Effects ('until the end of the phase'); RR: Claim or Claim Value; RR: Modifiers: 'any resultant "
          "value below zero is treated as zero.' RR: Intrigue Claim; RR: Military Claim.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(HMAESTER)], b=[B_(BURNED), B_(MERCHANT), B_(PYCELLE)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(TKNIGHT))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("marshal", player="B", card=B_(GOLDCLOAKS))
    s.a("pass_turn", player="B")
    s.phase("challenges")
    s.c("A card effect raises Alice's claim by 1 until the end of the phase: 2 for each of her challenges.")
    s.a("modify", player="A", stat="claim", amount=1, until="phase")
    s.challenge("A", "military", "B", [A_(ROBB)], [B_(GOLDCLOAKS)])
    s.a("challenge_result")
    s.x("apply_claim", player="B", cards=[B_(BURNED)])
    s.a("apply_claim", player="B", cards=[B_(BURNED), B_(MERCHANT)]).a("renown", player="A", cards=[A_(ROBB)])
    s.challenge("A", "intrigue", "B", [A_(HMAESTER)], [])
    s.a("challenge_result")
    hand = s.fresh("B", 2)
    s.x("apply_claim", player="B", cards=hand[:1])
    s.a("apply_claim", player="B", cards=hand)
    s.a("pass_turn", player="A")
    s.c("Bob's intrigue challenge: an effect of Alice's lowers Bob's claim (Taxation, 1) by 1 for the challenge: 0.")
    s.challenge("B", "intrigue", "A", [B_(PYCELLE)], [])
    s.a("modify", player="B", stat="claim", amount=-1, until="challenge")
    s.a("challenge_result")
    s.x("apply_claim", player="A", cards=s.fresh("A", 1))
    s.a("apply_claim", player="A", cards=[])
    s.a("pass_turn", player="B")
    s.phase("dominance")


def m03() -> None:
    s = S("2e-modify-plot-values-until-the-phase-or-round", "2e", "strict",
          "RR: Lasting Effects: 'A lasting effect expires as soon as the timing point specified by its duration is "
          "reached.' RR: Appendix I › 1.5 Plot phase ends. RR: Income ('which incorporates the total value of all relevant "
          "gold modifiers'); RR: Claim or Claim Value.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB)], b=[B_(TYRION), B_(MERCHANT)])
    s.c("The Winds of Winter (3 gold, claim 2) against A Feast for Crows (6 gold, claim 1).")
    s.plots(WOW, FEAST, "A", "A")
    s.c("Card effects in the plot phase: Alice +2 gold until the end of the round, Bob +2 gold until the end of the "
        "phase (gone before the marshaling phase), Alice +1 claim until the end of the phase (gone too), Bob +1 claim "
        "until the end of the round.")
    s.a("modify", player="A", stat="income", amount=2, until="round")
    s.a("modify", player="B", stat="income", amount=2, until="phase")
    s.a("modify", player="A", stat="claim", amount=1, until="phase")
    s.a("modify", player="B", stat="claim", amount=1, until="round")
    s.draw()
    s.phase("marshaling")
    s.c("Alice: 3 + 2 = 5 gold, a Tumblestone Knight (2) and Summer (3).")
    s.a("collect_income", player="A").a("marshal", player="A", card=A_(TKNIGHT)).a("marshal", player="A", card=A_(SUMMER))
    s.x("marshal", player="A", card=A_(WSTEWARD))
    s.a("pass_turn", player="A")
    s.c("Bob: 6 gold, Gold Cloaks (4) and Burned Men (2); nothing is left for a Merchant.")
    s.a("collect_income", player="B").a("marshal", player="B", card=B_(GOLDCLOAKS)).a("marshal", player="B", card=B_(BURNED))
    s.x("marshal", player="B", card=B_(MERCHANT, 2))
    s.a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Alice's claim is 2 again: three characters is too many.")
    s.challenge("A", "military", "B", [A_(ROBB)], [])
    s.a("challenge_result")
    s.x("apply_claim", player="B", cards=[B_(TYRION), B_(MERCHANT), B_(BURNED)])
    s.a("apply_claim", player="B", cards=[B_(MERCHANT), B_(BURNED)]).a("renown", player="A", cards=[A_(ROBB)])
    s.a("pass_turn", player="A")
    s.c("Bob's claim is 1 + 1 = 2 this round.")
    s.challenge("B", "military", "A", [B_(GOLDCLOAKS)], [])
    s.a("challenge_result")
    s.x("apply_claim", player="A", cards=[A_(TKNIGHT)])
    s.a("apply_claim", player="A", cards=[A_(TKNIGHT), A_(SUMMER)])
    s.a("pass_turn", player="B")
    s.phase("dominance")


def m04() -> None:
    s = S("2e-income-once-and-printed-modifier-entering-late", "2e", "strict",
          "RR: Income: 'When a player becomes the active player during the marshaling phase, that player collects income' "
          "(once, RR: Appendix I › 3.2). RR: Plot Value Modifiers: '+1 Income' on cards under a player's control. "
          "RR: Appendix I › 5.2 (gold counts for dominance), 7.2.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(ROBB))
    s.c("A card effect raises Alice's gold value by 2 after she collected her income: it brings no gold now.")
    s.a("modify", player="A", stat="income", amount=2, until="phase")
    s.x("marshal", player="A", card=A_(TKNIGHT, 2))
    s.x("collect_income", player="A")
    s.a("pass_turn", player="A")
    s.c("Bob: 5 gold. The Lannisport Moneylender (+1 Income) enters after his income: still 3 left, not 4.")
    s.a("collect_income", player="B").a("marshal", player="B", card=B_(MONEYLENDER))
    s.x("marshal", player="B", card=B_(GOLDCLOAKS))
    s.a("marshal", player="B", card=B_(MERCHANT)).a("pass_turn", player="B")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: Alice 5 + 2 + 0 gold = 7; Bob 2 + 2 + 1 + 2 gold = 7: nobody.")
    s.phase("dominance")
    s.x("win_dominance", player="A")
    s.a("win_dominance")
    s.c("Reserve: Alice 8 cards over 4, Bob 7 over 6.")
    tax(s, "AB", {"A": 4, "B": 1})
    s.c("Round 2: The Winds of Winter (4) against Littlefinger's Meddling (1); Alice makes Bob the first player.")
    s.plots(WOW, MEDDLING, "A", "B")
    s.draw("BA")
    s.c("Bob: 4 + 1 (Moneylender) = 5: Gold Cloaks (4) and a Merchant (1).")
    s.phase("marshaling").a("collect_income", player="B").a("marshal", player="B", card=B_(GOLDCLOAKS))
    s.a("marshal", player="B", card=B_(MERCHANT, 2)).a("pass_turn", player="B")
    s.c("Alice: 3 (last round's modifier is long gone).")
    s.a("collect_income", player="A").a("marshal", player="A", card=A_(TKNIGHT, 2))
    s.x("marshal", player="A", card=A_(TKNIGHT, 3))
    s.a("pass_turn", player="A")


def m05() -> None:
    s = S("2e-modify-reserve-until-the-phase-or-round", "2e", "strict",
          "RR: Reserve Value: 'the reserve value on his or her currently revealed plot (which incorporates all relevant "
          "reserve modifiers)'; 'All players perform this process in player order.' RR: Lasting Effects. RR: Appendix I › "
          "7.3.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.c("Taxation (6, reserve 6) against Rationing (5, reserve 5); Alice makes Bob the first player.")
    s.plots(TAXATION, RATIONING, "A", "B")
    s.draw("BA")
    marshal_pass(s, "BA")
    s.phase("challenges")
    s.c("Card effects: Alice's reserve -2 until the end of the round; Bob's -2 until the end of the (challenges) phase.")
    s.a("modify", player="A", stat="reserve", amount=-2, until="round")
    s.a("modify", player="B", stat="reserve", amount=-2, until="phase")
    s.passes("B", "A")
    s.c("Dominance: Alice 2 + 5 = 7, Bob 2 + 5 = 7: nobody.")
    s.phase("dominance").a("win_dominance")
    s.phase("standing").phase("taxation")
    s.c("Both hold 9. Bob is the first player: he checks first, against 5 (his modifier has expired).")
    s.x("discard_to_reserve", player="A", cards=s.fresh("A", 5))
    s.x("discard_to_reserve", player="B", cards=s.fresh("B", 6))
    s.reserve("B", 4)
    s.c("Alice: 6 - 2 = 4.")
    s.x("discard_to_reserve", player="A", cards=s.fresh("A", 3))
    s.reserve("A", 5)
    s.a("begin_phase", phase="plot")


def m06() -> None:
    s = S("2e-modify-dominance-until-the-phase-or-round", "2e", "advisory",
          "RR: Appendix I › 5.2: 'The player with the highest total wins dominance'; 'If there is a tie for the highest "
          "total, no player wins dominance.' RR: Lasting Effects ('until the end of the phase'). A 'dominance' modify is a "
          "card effect on a player's total (docs/table-log.md).",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB)], b=[B_(TYRION)])
    s.plots(WOW, TAXATION, "B", "B")
    s.draw("BA")
    marshal_pass(s, "BA")
    s.phase("challenges")
    s.c("A card effect gives Bob +10 for dominance until the end of the challenges phase: it expires unused.")
    s.a("modify", player="B", stat="dominance", amount=10, until="phase")
    s.passes("B", "A")
    s.phase("dominance")
    s.c("Alice 5 + 3 = 8, Bob 4 + 5 = 9; an effect in the dominance phase gives Alice +1: 9 against 9, nobody.")
    s.a("modify", player="A", stat="dominance", amount=1, until="phase")
    s.x("win_dominance", player="B")
    tax(s, "BA", {"B": 3, "A": 4})
    s.c("Round 2: A Feast for Crows (1) against Lions of the Rock (4).")
    s.plots(FEAST, LIONS, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("marshal", player="A", card=A_(TKNIGHT)).a("pass_turn", player="A")
    s.c("An effect of Bob's: Alice -5 for dominance until the end of the round.")
    s.a("modify", player="A", stat="dominance", amount=-5, until="round")
    s.phase("challenges").passes("B", "A")
    s.c("Alice 5 + 2 + 4 gold - 5 = 6; Bob 4 + 4 = 8.")
    s.phase("dominance").a("win_dominance", player="B")


def m07() -> None:
    s = S("2e-modify-str-until-the-phase-or-round", "2e", "strict",
          "RR: Strength, Strength Modifiers; RR: Lasting Effects; RR: Appendix I › 5.2 ('the total combined STR of all of "
          "his or her standing characters, and adds 1 ... for each gold token'). RR: Abilities: 'Card abilities only "
          "interact with, and can only target, cards that are in play'.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(GOLDCLOAKS), B_(BURNED), B_(MERCHANT)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(TKNIGHT, 2))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Effects: Burned Men -2 STR until the end of the round, the Merchant +4 STR until the end of the phase.")
    s.a("modify", player="B", stat="str", card=B_(BURNED), amount=-2, until="round")
    s.a("modify", player="B", stat="str", card=B_(MERCHANT), amount=4, until="phase")
    s.c("Summer is not in play: nothing to modify.")
    s.x("modify", player="A", stat="str", card=A_(SUMMER), amount=2, until="phase")
    s.challenge("A", "power", "B", [A_(ROBB), A_(TKNIGHT)], [B_(GOLDCLOAKS)])
    s.a("challenge_result").a("apply_claim", player="B").a("renown", player="A", cards=[A_(ROBB)])
    s.passes("A", "B")
    s.c("Dominance: Alice, the second Knight 2 + 4 gold = 6; Bob, Burned Men 0 + the Merchant 1 + 5 gold = 6: nobody.")
    s.phase("dominance")
    s.x("win_dominance", player="B")
    s.a("win_dominance")


# =====================================================================================================
# Plots, initiative and the first player
# =====================================================================================================

def p01() -> None:
    s = S("2e-plot-deck-cycles-after-the-seventh", "2e", "strict",
          "RR: Plot Card: 'When a player reveals the final card of his or her plot deck, after all just revealed plot cards "
          "have entered play ... each plot card in that player's used pile is returned to his or her plot deck. The just "
          "revealed plot card is not yet in the used pile, and remains revealed.' RR: Appendix I › 1.2 (each chooses one), "
          "1.3 ('The players simultaneously reveal'; I. Compare initiative; II. Choose first player).",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.a("draw_cards", player="A", count=7).a("draw_cards", player="B", count=7).a("reveal_setup")
    a_plots = [CLASH, FEAST, TAXATION, WOW, RATIONING, CACHE, SNEAK]
    b_plots = [WOW, TAXATION, CACHE, RATIONING, LIONS, MEDDLING, FEAST]
    winners = "ABABABA"
    dominance = "AAABABB"
    reserve = {"A": [6, 4, 6, 5, 5, 6, 5], "B": [5, 6, 6, 5, 6, 6, 4]}
    hand = {"A": 7, "B": 7}
    for r in range(7):
        first = winners[r]
        order = first + ("B" if first == "A" else "A")
        s.c(f"Round {r + 1}: no characters; every gold stays in the pool until taxation.")
        s.phase("plot")
        if r == 1:
            s.c("A Clash of Kings is in Alice's used pile.")
            s.x("choose_plot", player="A", card=A_(CLASH))
        s.a("choose_plot", player="A", card=A_(a_plots[r]))
        if r == 0:
            s.c("Bob has not chosen: nothing is revealed, nobody has won initiative yet.")
            s.x("choose_first_player", player="A", first="A")
        s.a("choose_plot", player="B", card=B_(b_plots[r]))
        s.a("choose_first_player", player=first, first=first)
        s.draw(order)
        marshal_pass(s, order)
        s.phase("challenges").passes(*order)
        s.phase("dominance").a("win_dominance", player=dominance[r])
        s.phase("standing").phase("taxation")
        for seat in order:
            hand[seat] += 2
            over = hand[seat] - reserve[seat][r]
            if over > 0:
                s.reserve(seat, over)
                hand[seat] = reserve[seat][r]
    s.c("Round 8: each plot deck holds the six used plots again; the seventh (Sneak Attack, A Feast for Crows) "
        "is still revealed.")
    s.phase("plot")
    s.x("choose_plot", player="A", card=A_(SNEAK))
    s.a("choose_plot", player="A", card=A_(CLASH))
    s.x("choose_plot", player="B", card=B_(FEAST))
    s.a("choose_plot", player="B", card=B_(WOW))
    s.c("A Clash of Kings (9) against The Winds of Winter (4).")
    s.x("choose_first_player", player="B", first="B")
    s.a("choose_first_player", player="A", first="B")
    s.draw("BA")


def p02() -> None:
    s = S("2e-initiative-modifier-expires-with-the-round", "2e", "strict",
          "RR: Initiative ('which incorporates the total value of all relevant initiative modifiers'; a tie goes to the "
          "lowest power total, then random). RR: Lasting Effects; RR: Appendix I › 7.5: 'Any active \"until the end of the "
          "round\" lasting effects expire at this time.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB)], b=[B_(TYRION)])
    s.c("Round 1: A Feast for Crows (1) against Littlefinger's Meddling (1), no power: the random pick goes to Alice.")
    s.plots(FEAST, MEDDLING, random="A").a("choose_first_player", player="A", first="A")
    s.draw()
    marshal_pass(s, "AB")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: Alice 5 + 6 = 11, Bob 4 + 4 = 8: Alice 1 power.")
    s.phase("dominance").a("win_dominance", player="A")
    s.c("A card effect gives Bob +5 initiative until the end of the round: it expires before the next plot phase.")
    s.a("modify", player="B", stat="initiative", amount=5, until="round")
    tax(s, "AB", {"A": 5, "B": 3})
    s.c("Round 2: A Clash of Kings (9) against Lions of the Rock (4): Alice wins.")
    s.plots(CLASH, LIONS)
    s.x("choose_first_player", player="B", first="B")
    s.a("choose_first_player", player="A", first="B")
    s.draw("BA")


def p03() -> None:
    s = S("2e-initiative-tie-made-by-modifiers", "2e", "strict",
          "RR: Plot Value Modifiers: '+1 Initiative' icons 'are cumulative'. RR: Initiative: 'If there is a tie at that time "
          "for initiative, the tied player with the lowest power total wins initiative. If the lowest power total is also "
          "tied, a random method should be used to break this tie.'",
          ("greyjoy", {SALTY: 3, HULK: 3, WENDAMYR: 1, BWCREW: 3}, STARK_PLOTS, 60), lann(LANN_CARDS))
    s.setup(a=[A_(SALTY)], b=[B_(BURNED)])
    s.c("Round 1: The Winds of Winter 4 + 1 (Salty Navigator) = 5 against Rationing 5, no power: random, Alice.")
    s.plots(WOW, RATIONING)
    s.a("win_initiative", player="A")
    s.a("choose_first_player", player="A", first="A")
    s.c("The random pick is made once.")
    s.x("win_initiative", player="B")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(SALTY, 2))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: Alice 2 + 2 + 1 = 5, Bob 2 + 5 = 7: Bob 1 power.")
    s.phase("dominance").a("win_dominance", player="B")
    tax(s, "AB", {"A": 3, "B": 4})
    s.c("Round 2: Ranger's Cache 0 + 2 = 2 against Littlefinger's Meddling 1 + 1 (a card effect) = 2. Alice has no "
        "power, Bob 1: Alice wins, no random pick.")
    s.plots(CACHE, MEDDLING)
    s.a("modify", player="B", stat="initiative", amount=1, until="phase")
    s.x("win_initiative", player="B")
    s.x("choose_first_player", player="B", first="B")
    s.a("choose_first_player", player="A", first="A")
    s.draw()


def p04() -> None:
    s = S("2e-initiative-tie-after-a-power-claim", "2e", "strict",
          "RR: Power Claim: remove power from the faction card 'and move it to the attacking player's faction card'. "
          "RR: Moving Power. RR: Initiative (a tie: the lowest power total). (Earlier rounds are summed up: Bob 2 power.)",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(TYRION), B_(BURNED)])
    s.a("set_power", player="B", amount=2)
    s.c("Round 1: A Feast for Crows (1) against Littlefinger's Meddling (1): Alice has less power (0 against 2).")
    s.plots(FEAST, MEDDLING)
    s.x("win_initiative", player="A")
    s.a("choose_first_player", player="A", first="A")
    s.draw()
    marshal_pass(s, "AB")
    s.phase("challenges")
    s.c("Robb (5) against Tyrion (4): Alice wins; the claim moves 1 of Bob's power to her (renown is a 'may': unused).")
    s.challenge("A", "power", "B", [A_(ROBB)], [B_(TYRION)])
    s.a("challenge_result").a("apply_claim", player="B")
    s.passes("A", "B")
    s.c("Dominance: Alice 2 + 6 = 8, Bob 2 + 4 = 6: Alice has 2 power, Bob 1.")
    s.phase("dominance").a("win_dominance", player="A")
    tax(s, "AB", {"A": 5, "B": 3})
    s.c("Round 2: The Winds of Winter (4) against Lions of the Rock (4): Bob has less power and wins.")
    s.plots(WOW, LIONS)
    s.x("win_initiative", player="A")
    s.x("choose_first_player", player="A", first="A")
    s.a("choose_first_player", player="B", first="B")
    s.draw("BA")


# =====================================================================================================
# Dominance
# =====================================================================================================

def d01() -> None:
    s = S("2e-dominance-kneel-stand-and-spent-gold", "2e", "strict",
          "RR: Appendix I › 5.2: 'Each player simultaneously counts the total combined STR of all of his or her standing "
          "characters, and adds 1 to this total for each gold token in his or her gold pool.' RR: Gold: 'When gold is spent "
          "it is returned to the treasury'. RR: Kneel; RR: Stand.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(TYRION), B_(BURNED)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(TKNIGHT, 2))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(ROBB)], [B_(BURNED)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED)]).a("renown", player="A", cards=[A_(ROBB)])
    s.c("An effect of Alice's stands Robb; one of Bob's kneels the second Knight; Alice spends 2 gold on an ability.")
    s.a("stand", player="A", card=A_(ROBB))
    s.a("kneel", player="B", card=A_(TKNIGHT, 2))
    s.a("spend_gold", player="A", amount=2)
    s.passes("A", "B")
    s.c("Alice: Robb 5 + the first Knight 2 + 2 gold = 9; Bob: Tyrion 4 + 5 gold = 9: nobody.")
    s.phase("dominance")
    s.x("win_dominance", player="A")
    s.x("win_dominance", player="B")
    s.a("win_dominance")


def d02() -> None:
    s = S("2e-dominance-tie-and-a-ruling", "2e", "advisory",
          "RR: Appendix I › 5.2: 'If there is a tie for the highest total, no player wins dominance.' RR: The Golden Rules "
          "(card text over the rules); a result the totals do not give is recorded with its reason (docs/table-log.md: "
          "`reason`).",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.c("Both reveal The Winds of Winter: tied initiative and power, a random pick.")
    s.plots(WOW, WOW, random="A").a("choose_first_player", player="A", first="A")
    s.draw()
    marshal_pass(s, "AB")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: 2 + 3 each: a tie, nobody.")
    s.phase("dominance")
    s.x("win_dominance", player="B")
    tax(s, "AB", {"A": 4, "B": 4})
    s.c("Round 2: Taxation (6) against Lions of the Rock (4).")
    s.plots(TAXATION, LIONS, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("spend_gold", player="A", amount=1).a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: Alice 2 + 4 (she paid 1 for an ability), Bob 2 + 4: a tie; a card effect gives Alice the win, "
        "recorded with its reason.")
    s.phase("dominance").a("win_dominance", player="A", reason="a card effect: Alice wins dominance ties this round")


# =====================================================================================================
# Stealth, renown, claims
# =====================================================================================================

def c01() -> None:
    s = S("2e-stealth-two-attackers-two-bypassed", "2e", "strict",
          "RR: Stealth: 'for each character with stealth he or she declares as an attacker, that player may choose one "
          "character without stealth controlled by the defending player. Each chosen character is considered bypassed by "
          "stealth, and cannot be declared as a defender for that challenge.' (Jojen Reed and Arya Stark have stealth.)",
          stark({**STARK_CARDS, JOJEN: 1}), lann(LANN_CARDS))
    s.setup(a=[A_(ARYA), A_(JOJEN), A_(HMAESTER)], b=[B_(MERCHANT), B_(HMAESTER), B_(PYCELLE)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(TKNIGHT))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("marshal", player="B", card=B_(BURNED))
    s.a("pass_turn", player="B")
    s.phase("challenges")
    s.c("A stealth target must be the defender's.")
    s.x("initiate_challenge", player="A", kind="power", defender="B", attackers=[A_(ARYA), A_(JOJEN)],
        bypassed=[A_(TKNIGHT)])
    s.c("Two stealth attackers bypass two characters, not three.")
    s.x("initiate_challenge", player="A", kind="power", defender="B", attackers=[A_(ARYA), A_(JOJEN)],
        bypassed=[B_(MERCHANT), B_(HMAESTER), B_(PYCELLE)])
    s.a("initiate_challenge", player="A", kind="power", defender="B", attackers=[A_(ARYA), A_(JOJEN)],
        bypassed=[B_(MERCHANT), B_(HMAESTER)])
    s.x("declare_defenders", player="B", defenders=[B_(HMAESTER)])
    s.a("declare_defenders", player="B", defenders=[B_(PYCELLE)])
    s.c("Arya 2 + Jojen 1 = 3 against Pycelle 2: Alice wins; Bob's faction card has no power to move.")
    s.a("challenge_result").a("apply_claim", player="B")
    s.c("Bypassed 'for that challenge' only: Bob's House Maester defends the next one (2 against 2: Alice wins).")
    s.a("initiate_challenge", player="A", kind="intrigue", defender="B", attackers=[A_(HMAESTER)])
    s.a("declare_defenders", player="B", defenders=[B_(HMAESTER)])
    s.a("challenge_result").a("apply_claim", player="B", cards=s.fresh("B", 1))
    s.challenge("A", "military", "B", [A_(TKNIGHT)], [B_(BURNED)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED)])
    s.a("pass_turn", player="A")


def c02() -> None:
    s = S("2e-renown-may-and-processed-once", "2e", "strict",
          "RR: Renown: 'each participating character with the renown keyword he or she controls may gain 1 power.' FAQ: "
          "Processing Keywords: 'Each keyword type can only be processed once during challenge resolution.' RR: Appendix I "
          "› 4.2.5.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(NED), A_(ROSEROAD), A_(WSTEWARD)], b=[B_(TYRION), B_(BURNED), B_(MERCHANT)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.c("A Feast for Crows 6 + The Roseroad 1 = 7: Robb (6).")
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(ROBB))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "power", "B", [A_(ROBB), A_(NED)], [B_(TYRION)])
    s.a("challenge_result").a("apply_claim", player="B")
    s.c("Alice takes renown for Robb only; once renown is processed, Eddard cannot take it afterwards.")
    s.a("renown", player="A", cards=[A_(ROBB)])
    s.x("renown", player="A", cards=[A_(NED)])
    s.a("pass_turn", player="A")
    s.c("Burned Men win unopposed (Alice's Steward has no [military]); Burned Men have no renown.")
    s.challenge("B", "military", "A", [B_(BURNED)], [])
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(WSTEWARD)])
    s.x("renown", player="B", cards=[B_(BURNED)])
    s.a("pass_turn", player="B")
    s.phase("dominance")


def c03() -> None:
    s = S("2e-military-claim-any-characters-not-locations", "2e", "strict",
          "RR: Appendix I › 4.2.4 Military: 'The defending player must choose a number of different characters under his "
          "or her control equal to the claim value, and kill those characters. (The chosen characters do not have to be "
          "characters that participated in the challenge.)' RR: Kill, Killed ('Characters can be killed').",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(BURNED), B_(PYCELLE), B_(MERCHANT), B_(ROSEROAD)])
    s.c("Taxation (6) beats The Winds of Winter (4); Bob goes first.")
    s.plots(WOW, TAXATION, "B", "B")
    s.draw("BA")
    marshal_pass(s, "BA")
    s.phase("challenges")
    s.challenge("B", "power", "A", [B_(PYCELLE)], [])
    s.a("challenge_result").a("apply_claim", player="A").a("pass_turn", player="B")
    s.c("The Winds of Winter: claim 2. Bob controls Burned Men (defending), Pycelle (kneeling) and the Merchant.")
    s.challenge("A", "military", "B", [A_(ROBB)], [B_(BURNED)])
    s.a("challenge_result")
    s.c("The Roseroad is a location, not a character.")
    s.x("apply_claim", player="B", cards=[B_(ROSEROAD), B_(MERCHANT)])
    s.x("apply_claim", player="B", cards=[B_(PYCELLE)])
    s.a("apply_claim", player="B", cards=[B_(PYCELLE), B_(MERCHANT)]).a("renown", player="A", cards=[A_(ROBB)])
    s.a("pass_turn", player="A")
    s.phase("dominance")


def c04() -> None:
    s = S("2e-intrigue-claim-as-much-as-possible", "2e", "strict",
          "RR: Intrigue Claim: 'If the player has fewer cards in hand than would satisfy claim, as much of the claim as "
          "possible must be satisfied.' RR: Claim or Claim Value (with claim modifiers).",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(HMAESTER), A_(ROBB)], b=[B_(BURNED)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.c("Bob marshals a Merchant: 8 cards in hand.")
    s.a("collect_income", player="B").a("marshal", player="B", card=B_(MERCHANT)).a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "intrigue", "B", [A_(HMAESTER)], [])
    s.c("A card effect raises Alice's claim by 9 for the challenge: 10, more than Bob's 8 cards.")
    s.a("modify", player="A", stat="claim", amount=9, until="challenge")
    s.a("challenge_result")
    hand = s.fresh("B", 9)
    s.x("apply_claim", player="B", cards=hand[:7])
    s.c("Nine cards: one of them is not in Bob's hand.")
    s.x("apply_claim", player="B", cards=hand)
    s.a("apply_claim", player="B", cards=hand[:8])
    s.passes("A", "B")
    s.c("Dominance: Alice 5 + 6 = 11 (the Maester kneels), Bob 2 + 1 + 4 = 7.")
    s.phase("dominance").a("win_dominance", player="A")
    s.phase("standing").phase("taxation")
    s.c("Bob's hand is empty: nothing to discard for his reserve.")
    s.x("discard_to_reserve", player="B", cards=hand[8:])


def c05() -> None:
    s = S("2e-power-claim-from-the-faction-card-only", "2e", "strict",
          "RR: Power Claim: 'that player must remove a number of power from his or her faction card equal to the claim "
          "value ... If the player controls less power than would satisfy claim, as much of the claim as possible'. RR: "
          "Appendix I › 4.2.4 Power ('removes a number of power counters from his or her faction card'). (Earlier rounds are "
          "summed up: Alice 14 power on her faction card; Bob's 3 power lie on Tyrion.)",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT), A_(HMAESTER), A_(WSTEWARD)], b=[B_(TYRION), B_(MERCHANT)])
    s.a("set_power", player="A", amount=14).a("set_power", player="B", amount=3, card=B_(TYRION))
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    marshal_pass(s, "AB")
    s.phase("challenges")
    s.c("Knight 2 + Steward 1 against the Merchant 1: Alice wins, opposed. Bob's faction card holds no power: nothing "
        "moves, Alice stays at 14 and the game goes on.")
    s.challenge("A", "power", "B", [A_(TKNIGHT), A_(WSTEWARD)], [B_(MERCHANT)])
    s.a("challenge_result").a("apply_claim", player="B")
    s.a("pass_turn", player="A")
    s.challenge("B", "intrigue", "A", [B_(TYRION)], [A_(HMAESTER)])
    s.a("challenge_result").a("apply_claim", player="A", cards=s.fresh("A", 1)).a("pass_turn", player="B")
    s.c("Dominance: Alice 0 + 6 gold, Bob 0 + 5 gold: Alice's 15th power ends the game.")
    s.phase("dominance").a("win_dominance", player="A")
    s.x("begin_phase", phase="standing")


def c06() -> None:
    s = S("1e-claims-and-power-moved", "1e", "strict",
          "Claims (1st edition as in the RR: Appendix I › 4.2.4): military, 'different characters ... (The chosen characters "
          "do not have to be characters that participated in the challenge.)'; power, moved from the faction card (RR: "
          "Moving Power); RR: Initiative (a tie: the lowest power total). (Earlier rounds are summed up: Bob 1 power.)",
          bara1(), lann1())
    base.setup1(s, a=[A_(HOST)], b=[B_(LSTEWARD), B_(WEAPONSMITH), B_(RAFF)])
    s.a("set_power", player="B", amount=1)
    s.c("Dry Season (initiative 5, claim 2, 2 gold) against The Raven's Song (1).")
    s.plots(DRY, RAVEN, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(BASTARD))
    s.c("Bob: 4 + 2 (Lannisport Steward) + 1 (Weaponsmith) = 7.")
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(HOST)], [B_(WEAPONSMITH)])
    s.a("challenge_result")
    s.x("apply_claim", player="B", cards=[B_(WEAPONSMITH)])
    s.a("apply_claim", player="B", cards=[B_(RAFF), B_(LSTEWARD)])
    s.c("Unopposed power challenge: Alice +1, and the claim (2) moves Bob's only power: Alice 2, Bob 0.")
    s.challenge("A", "power", "B", [A_(BASTARD)], [])
    s.a("challenge_result").a("apply_claim", player="B")
    s.passes("A", "B")
    s.c("Dominance: Alice 1 gold; Bob 7 gold: Bob 1 power.")
    s.phase("dominance").a("win_dominance", player="B")
    s.phase("standing").phase("taxation")
    s.c("Round 2: At the Wall (2) against Calm Before the Storm (2): Bob (1 power) has less than Alice (2).")
    s.plots(ATWALL, CALM)
    s.x("choose_first_player", player="A", first="A")
    s.a("choose_first_player", player="B", first="B")
    s.draw("BA")


# =====================================================================================================
# Unique cards, duplicates, control, the dead pile
# =====================================================================================================

def u01() -> None:
    s = S("2e-unique-control-blocks-copies-and-moves-income", "2e", "strict",
          "RR: Unique Cards: 'Each player may only own or control a maximum of one instance of each unique card'. FAQ v4.1 "
          "(1.3): 'If a player controls a unique card that he or she does not own, that player and that card's owner cannot "
          "marshal or put into play additional copies of that card, regardless of ownership.' RR: Plot Value Modifiers: "
          "'All active plot value modifiers under a player's control' (Littlefinger: '+1 Income').",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(LITTLEFINGER), A_(ROSEROAD)], b=[B_(TYRION), B_(BURNED)])
    s.plots(WOW, TAXATION, "B", "A")
    s.draw()
    s.c("The Winds of Winter 3 + Littlefinger 1 + The Roseroad 1 = 5: Summer (3) and a Tumblestone Knight (2).")
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(SUMMER))
    s.a("marshal", player="A", card=A_(TKNIGHT)).a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("A card effect of Bob's takes control of Alice's Littlefinger.")
    s.a("take_control", player="B", card=A_(LITTLEFINGER))
    s.passes("A", "B")
    s.c("Dominance: Alice 3 + 2 = 5; Bob 4 + 2 + 4 (Littlefinger) + 5 gold = 15.")
    s.phase("dominance").a("win_dominance", player="B")
    tax(s, "AB", {"A": 2, "B": 3})
    s.c("Round 2: Littlefinger's +1 Income is Bob's now. A Feast for Crows (1) against Lions of the Rock (4).")
    s.plots(FEAST, LIONS, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B")
    s.c("Bob controls Alice's Littlefinger: his own copy may not come into play.")
    s.x("marshal", player="B", card=B_(LITTLEFINGER))
    s.c("Lions of the Rock 4 + 1 = 5: Gold Cloaks (4) and a Merchant (1); nothing left.")
    s.a("marshal", player="B", card=B_(GOLDCLOAKS)).a("marshal", player="B", card=B_(MERCHANT))
    s.x("marshal", player="B", card=B_(MERCHANT, 2))
    s.a("pass_turn", player="B")
    s.c("A Feast for Crows 6 + The Roseroad 1 = 7: Robb (6) and a Winterfell Steward (1).")
    s.a("collect_income", player="A").a("marshal", player="A", card=A_(ROBB)).a("marshal", player="A", card=A_(WSTEWARD))
    s.x("marshal", player="A", card=A_(TKNIGHT, 2))
    s.a("pass_turn", player="A")


def u02() -> None:
    s = S("2e-unique-dead-pile-put-into-play-then-duplicate", "2e", "strict",
          "RR: Dead Pile: 'A single instance of a unique card in a player's dead pile does not prevent an effect that would "
          "cause the card to enter play directly from the dead pile.' RR: Shadows › Unique cards and shadows: 'A unique card "
          "may be marshaled into shadows even if its owner has a copy ... in play'; a copy in play under its owner's "
          "control: 'the card will enter play as a duplicate'; 'subject to the same restrictions as any other attempt to put "
          "a unique card into play.'",
          stark({**STARK_CARDS, ARYA_SHADOW: 2}), lann(LANN_CARDS))
    s.setup(a=[A_(ARYA), A_(TKNIGHT)], b=[B_(BURNED), B_(TYRION)], a_shadows=[A_(ARYA_SHADOW)])
    s.plots(FEAST, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.c("Alice: 6 gold; the second shadows Arya goes into shadows while Arya is in play.")
    s.a("collect_income", player="A").a("marshal_into_shadows", player="A", card=A_(ARYA_SHADOW, 2))
    s.a("pass_turn", player="A")
    s.phase("challenges")
    s.challenge("B", "military", "A", [B_(BURNED)], [])
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(ARYA)])
    s.c("A copy of Arya Stark lies in Alice's dead pile (Alice has 4 gold).")
    s.x("bring_out", player="A", card=A_(ARYA_SHADOW))
    s.c("A card effect puts that Arya, the only copy in the dead pile, into play from there.")
    s.a("put_into_play", player="A", card=A_(ARYA))
    s.c("Now Alice owns and controls Arya in play: the shadows copy comes out for 4 as a duplicate.")
    s.a("bring_out", player="A", card=A_(ARYA_SHADOW))
    s.a("pass_turn", player="B").a("pass_turn", player="A")
    s.phase("dominance")


# =====================================================================================================
# Going to time, decking, concessions
# =====================================================================================================

def t01() -> None:
    s = S("2e-time-power-on-cards-then-first-player-chooses", "2e", "strict",
          "Tournament Regulations › Going to Time: step 1 'The player who needs the fewest power to achieve victory', step 2 "
          "draw deck, step 3 dominance, step 4 'fewest characters in his or her dead pile', step 5 'The player who was first "
          "player at the end of the game chooses'. RR: Power: 'A player's power total is equal to the amount of power "
          "amassed on cards under his or her control'. (Earlier rounds are summed up: Alice 1 power, Bob 2.)",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT), A_(ROSEROAD)], b=[B_(GOLDCLOAKS), B_(BURNED), B_(MERCHANT)])
    s.a("set_power", player="A", amount=1).a("set_power", player="B", amount=2)
    s.c("A Feast for Crows each (initiative 1): Alice has less power and wins.")
    s.plots(FEAST, FEAST, "A", "A")
    s.draw()
    marshal_pass(s, "AB")
    s.phase("challenges")
    s.a("call_time")
    s.c("Robb (5) against Burned Men (2): Bob kills them; Robb's renown: 1 power on Robb.")
    s.challenge("A", "military", "B", [A_(ROBB)], [B_(BURNED)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED)]).a("renown", player="A", cards=[A_(ROBB)])
    s.a("pass_turn", player="A")
    s.c("Gold Cloaks (3) against the Knight (2): Alice kills the Knight.")
    s.challenge("B", "military", "A", [B_(GOLDCLOAKS)], [A_(TKNIGHT)])
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(TKNIGHT)]).a("pass_turn", player="B")
    s.c("Dominance: Alice 6 + 1 (The Roseroad) = 7 gold; Bob the Merchant 1 + 6 gold = 7: nobody.")
    s.phase("dominance").a("win_dominance")
    tax(s, "AB", {"A": 5, "B": 5})
    s.a("go_to_time")
    s.c("Alice 1 + 1 on Robb = 2, Bob 2; 48 cards in each deck; no dominance; one dead character each: step 5.")
    s.x("choose_winner", player="B", winner="B")
    s.a("choose_winner", player="A", winner="B")


def t02() -> None:
    s = S("2e-time-dead-pile-holds-no-duplicates", "2e", "advisory",
          "Tournament Regulations › Going to Time step 4: 'The player with the fewest characters in his or her dead pile.' "
          "RR: Leaves Play: 'All duplicates on the card are discarded.' RR: Kill, Killed: the character goes to the dead "
          "pile. RR: Discard Pile / Dead Pile: distinct piles.",
          lann(LANN_CARDS), stark(STARK_CARDS))
    s.c("Alice plays Lannister, Bob Stark. Bob sets up Robb with a second Robb as a duplicate.")
    s.setup(a=[A_(GOLDCLOAKS), A_(BURNED), A_(MERCHANT)], b=[B_(ROBB), B_(ROBB, 2), B_(TKNIGHT)])
    s.c("A Feast for Crows each, no power: the random pick goes to Alice.")
    s.plots(FEAST, FEAST, random="A").a("choose_first_player", player="A", first="A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("marshal", player="B", card=B_(TKNIGHT, 2)).a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Gold Cloaks (3) against the Knight (2): Bob kills Robb, whose duplicate is discarded with him.")
    s.challenge("A", "military", "B", [A_(GOLDCLOAKS)], [B_(TKNIGHT)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(ROBB)]).a("pass_turn", player="A")
    s.c("The second Knight (2) against Burned Men (2): Bob wins the tie; Alice kills the Merchant.")
    s.challenge("B", "military", "A", [B_(TKNIGHT, 2)], [A_(BURNED)])
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(MERCHANT)]).a("pass_turn", player="B")
    s.a("call_time")
    s.c("Alice spends 2 gold on an ability: Alice 4 gold, Bob 4 gold, every character kneels: nobody.")
    s.a("spend_gold", player="A", amount=2)
    s.phase("dominance").a("win_dominance")
    tax(s, "AB", {"A": 5, "B": 4})
    s.a("go_to_time")
    s.c("0 power each; 48 cards each; no dominance; one character in each dead pile (Robb's duplicate lies in the "
        "discard pile): Alice, the first player, chooses.")
    s.a("choose_winner", player="A", winner="A")
    s.c("Bob is not the first player (and the choice is made).")
    s.x("choose_winner", player="B", winner="B")


def t03() -> None:
    s = S("2e-decking-at-the-end-of-taxation", "2e", "strict",
          "RR: Winning the Game: 'A player is eliminated from the game when his or her draw deck has no cards remaining. If "
          "all of a player's opponents are eliminated from the game, the remaining player wins the game.' Ranger's Cache: "
          "'Interrupt: When the taxation phase ends, either: draw 2 cards or gain 3 gold.' (Alice's 12-card deck stands for a "
          "long game.)",
          stark({TKNIGHT: 3, WSTEWARD: 3, HMAESTER: 3, ROSEROAD: 3}, size=12), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.c("Ranger's Cache (initiative 0) against Taxation (6): Bob makes Alice the first player. Alice's deck: 12 - 7 - 1 = "
        "4, then 2 after the draw phase.")
    s.plots(CACHE, TAXATION, "B", "A")
    s.draw()
    marshal_pass(s, "AB")
    s.phase("challenges")
    s.c("Bob's deck still holds 48 cards: he is not eliminated.")
    s.x("eliminate", player="B")
    s.passes("A", "B")
    s.c("Dominance: Alice 2 + 3 = 5, Bob 2 + 5 = 7.")
    s.phase("dominance").a("win_dominance", player="B")
    tax(s, "AB", {"A": 3, "B": 3})
    s.c("As the taxation phase ends Alice draws 2 with Ranger's Cache: her deck is empty, she is eliminated, Bob wins.")
    s.a("draw_cards", player="A", count=2, source=A_(CACHE))
    s.x("begin_phase", phase="plot")


def t04() -> None:
    s = S("1e-decking-both-in-the-draw-phase", "1e", "advisory",
          "Draw (1st edition as in the RR: Appendix I › 2.2): 'Each player must simultaneously draw 2 cards'; Note: 'If all "
          "remaining players are eliminated while fulfilling this step, the first player determines which of those players is "
          "the winner of the game.' (Decks of 11 cards stand for a long game; 1st-edition setup draws no cards back.)",
          ("baratheon", {BASTARD: 3, HOST: 3, BRIENNE: 1, AEGON: 3, CROSSROADS: 1}, PLOTS_1E, 11),
          ("lannister", {LSTEWARD: 3, WEAPONSMITH: 3, GOLDROAD: 3, RAFF: 1, CERSEI1: 1}, PLOTS_1E, 11))
    base.setup1(s, a=[A_(BASTARD)], b=[B_(WEAPONSMITH)])
    s.c("At the Wall (2) against The Raven's Song (1). Decks: 11 - 7 = 4 each, 2 after this draw phase.")
    s.plots(ATWALL, RAVEN, "A", "A")
    s.draw()
    marshal_pass(s, "AB")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: Alice 1 + 4 = 5, Bob 1 + 4 + 1 (Weaponsmith) = 6.")
    s.phase("dominance").a("win_dominance", player="B")
    s.phase("standing").phase("taxation")
    s.c("Round 2: Calm Before the Storm (2) against Alliance (3): Bob wins initiative and goes first.")
    s.plots(CALM, ALLIANCE, "B", "B")
    s.c("Both draw their last two cards in the same step: both are eliminated; Bob, the first player, decides.")
    s.draw("BA")
    s.a("choose_winner", player="B", winner="A")
    s.c("Alice is not the first player (and the choice is made).")
    s.x("choose_winner", player="A", winner="A")


def t05() -> None:
    s = S("2e-concession-mid-challenge", "2e", "strict",
          "Tournament Regulations › End of Round › Concession: 'A player voluntarily concedes defeat at any point during the "
          "game. The conceding player receives a loss and the opponent receives a win.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB)], b=[B_(TYRION), B_(BURNED)])
    s.plots(WOW, TAXATION, "B", "A")
    s.draw()
    marshal_pass(s, "AB")
    s.phase("challenges")
    s.c("Bob concedes while defending Alice's military challenge.")
    s.a("initiate_challenge", player="A", kind="military", defender="B", attackers=[A_(ROBB)])
    s.a("declare_defenders", player="B", defenders=[B_(BURNED)])
    s.a("concede", player="B")
    s.c("The game is over.")
    s.x("challenge_result")
    s.x("concede", player="A")


def t06() -> None:
    s = S("2e-concession-during-setup", "2e", "advisory",
          "Tournament Regulations › End of Round › Concession: 'at any point during the game'. RR: Setup (the game has "
          "begun).",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.a("draw_cards", player="A", count=7).a("draw_cards", player="B", count=7)
    s.a("setup_place", player="A", card=A_(ROBB))
    s.a("concede", player="B")
    s.x("setup_place", player="B", card=B_(TYRION))


def t07() -> None:
    s = S("1e-concession-in-the-opponents-turn", "1e", "advisory",
          "Tournament Regulations › End of Round › Concession: 'A player voluntarily concedes defeat at any point during the "
          "game.' (The same regulations read for 1st edition.)",
          bara1(), lann1())
    base.setup1(s, a=[A_(BRIENNE)], b=[B_(LSTEWARD)])
    s.plots(ATWALL, RAVEN, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A")
    s.c("Bob concedes during Alice's marshaling turn.")
    s.a("concede", player="B")
    s.x("marshal", player="A", card=A_(BASTARD))


# =====================================================================================================
# Shadows: timing, control and ownership
# =====================================================================================================

def h01() -> None:
    s = S("2e-shadows-actions-for-every-player", "2e", "strict",
          "RR: Shadows › Marshaling a card into shadows: 'During the marshaling phase, the active player may, as a player "
          "action, pay 2 gold'; 'Cards without the shadow keyword cannot be marshaled into shadows. It is possible, however, "
          "for such cards to be placed into shadows by card effects.' › Bringing a card out of shadows: 'As an action' (any "
          "player, in any action window). RR: Appendix I › Marshaling phase player action window ('like all players').",
          stark({**STARK_CARDS, CRANNOGMEN: 2}), lann({**LANN_CARDS, IMPS_AGENT: 2}))
    s.setup(a=[A_(ROBB)], b=[B_(TYRION), B_(BURNED)], a_shadows=[A_(CRANNOGMEN)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A")
    s.a("marshal_into_shadows", player="A", card=A_(CRANNOGMEN, 2))
    s.c("Bob is not the active player.")
    s.x("marshal_into_shadows", player="B", card=B_(IMPS_AGENT))
    s.a("pass_turn", player="A")
    s.a("collect_income", player="B").a("marshal_into_shadows", player="B", card=B_(IMPS_AGENT))
    s.c("In Bob's turn Alice (4 gold) brings her setup Crannogmen out for 3: an action any player may take.")
    s.a("bring_out", player="A", card=A_(CRANNOGMEN))
    s.a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Not the marshaling phase.")
    s.x("marshal_into_shadows", player="B", card=B_(IMPS_AGENT, 2))
    s.challenge("A", "military", "B", [A_(ROBB)], [])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED)]).a("renown", player="A", cards=[A_(ROBB)])
    s.c("A card effect puts Robb (no Shadow keyword) into Alice's shadows: legal in 2nd edition, but he has no Shadow "
        "value to come out for.")
    s.a("put_into_shadows", player="A", card=A_(ROBB))
    s.x("bring_out", player="A", card=A_(ROBB))
    s.a("bring_out", player="B", card=B_(IMPS_AGENT))
    s.a("pass_turn", player="A").a("pass_turn", player="B")
    s.phase("dominance")


def h02() -> None:
    s = S("2e-bring-out-only-in-action-windows", "2e", "strict",
          "RR: Actions: 'These abilities can only be initiated by a player during an action window.' RR: Appendix I › Action "
          "Windows; the plot phase's window follows 1.3 Reveal plots (agot-rules.md, the chart's windows). Underhanded "
          "Methods: 'Shadow (0).' RR: Shadows › Bringing a card out of shadows (an attachment 'must immediately attach').",
          stark(STARK_CARDS), lann({**LANN_CARDS, UNDERHANDED: 2}))
    s.setup(a=[A_(ROBB)], b=[B_(BURNED)], b_shadows=[B_(UNDERHANDED), B_(UNDERHANDED, 2)])
    s.phase("plot")
    s.c("Plots are being chosen: no action window is open.")
    s.x("bring_out", player="B", card=B_(UNDERHANDED), attach_to=B_(BURNED))
    s.a("choose_plot", player="A", card=A_(WOW)).a("choose_plot", player="B", card=B_(TAXATION))
    s.a("choose_first_player", player="B", first="B")
    s.c("After the reveal: Bob brings Underhanded Methods out for 0 onto Burned Men.")
    s.a("bring_out", player="B", card=B_(UNDERHANDED), attach_to=B_(BURNED))
    s.phase("draw").a("draw_cards", player="B", count=2).a("draw_cards", player="A", count=2)
    s.c("The draw phase's window, after the draw: the second one onto Burned Men too.")
    s.a("bring_out", player="B", card=B_(UNDERHANDED, 2), attach_to=B_(BURNED))
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")


def h03() -> None:
    s = S("1e-shadows-control-and-ownership-of-a-copy", "1e", "strict",
          f"{INSERT} › Unique cards and Shadows: 'If you own—but do not control—an in-play copy of a unique card you have in "
          "Shadows, you cannot bring that card out of Shadows unless you regain control of the card. If you have taken "
          "control of another player's copy of a unique card you have in Shadows, you cannot bring that card out of Shadows.' "
          "'If another copy of a unique card that you own and control is in play, you still may bring the card out ... the "
          "card immediately attaches to its copy as a duplicate.'",
          lann1(), lann1())
    s.c("Both players play Lannister. Alice has Tyrion (KL) in Shadows; Bob has the Core Tyrion in play.")
    base.setup1(s, a=[A_(LSTEWARD)], b=[B_(TYRION38)], a_shadows=[A_(TYRION1)])
    s.plots(ATWALL, RAVEN, "A", "A")
    s.draw()
    s.phase("marshaling").a("pass_shadows", player="A").a("pass_shadows", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.c("Bob: 4 gold; his own Tyrion (KL) into Shadows for 2.")
    s.a("collect_income", player="B").a("marshal_into_shadows", player="B", card=B_(TYRION1))
    s.c("A card effect of Alice's takes control of Bob's Tyrion.")
    s.a("take_control", player="A", card=B_(TYRION38))
    s.a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Alice (6 gold) controls Bob's copy of Tyrion.")
    s.x("bring_out", player="A", card=A_(TYRION1))
    s.a("pass_shadows", player="A")
    s.c("Bob (2 gold) owns a Tyrion in play that he does not control.")
    s.x("bring_out", player="B", card=B_(TYRION1))
    s.a("pass_shadows", player="B")
    s.passes("A", "B")
    s.c("The effect ends: Bob controls his Tyrion again.")
    s.a("control_reverts", player="A", card=B_(TYRION38))
    s.phase("dominance").a("pass_shadows", player="A")
    s.c("Bob's Tyrion (KL) comes out for 2 as a duplicate of his Tyrion.")
    s.a("bring_out", player="B", card=B_(TYRION1))


def h04() -> None:
    s = S("1e-shadows-beginning-of-the-plot-and-draw-phases", "1e", "strict",
          f"{INSERT} › Bringing a card out of Shadows: 'At the beginning of the any phase'; 'the players do so one at a time, "
          "starting with the first player and proceeding clockwise. This happens before any other \"beginning of the phase\" "
          "effects occur.' RR: Appendix I › 1.1-1.2, 2.1-2.2 (choosing plots and drawing are the framework steps after the "
          "phase begins). Shadowcat: s0.",
          bara1(), lann1({**LANN_1E, SHADOWCAT: 2}))
    base.setup1(s, a=[A_(BRIENNE)], b=[], a_shadows=[A_(SHADOWCAT)], b_shadows=[B_(SHADOWCAT), B_(SHADOWCAT, 2)])
    s.phase("plot")
    s.c("The beginning of the plot phase: Alice (setup's first player) has the first chance.")
    s.x("bring_out", player="B", card=B_(SHADOWCAT))
    s.a("bring_out", player="A", card=A_(SHADOWCAT))
    s.a("bring_out", player="B", card=B_(SHADOWCAT))
    s.c("At the Wall (2) against The Raven's Song (1): Alice makes Bob the first player.")
    s.a("choose_plot", player="A", card=A_(ATWALL)).a("choose_plot", player="B", card=B_(RAVEN))
    s.a("choose_first_player", player="A", first="B")
    s.phase("draw").a("draw_cards", player="B", count=2).a("draw_cards", player="A", count=2)
    s.c("The draw is done: the beginning of the draw phase is past.")
    s.x("bring_out", player="B", card=B_(SHADOWCAT, 2))
    s.phase("marshaling")
    s.c("The beginning of the marshaling phase: Bob, now the first player, goes first.")
    s.a("bring_out", player="B", card=B_(SHADOWCAT, 2)).a("pass_shadows", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")


def h05() -> None:
    s = S("1e-card-effects-move-only-crest-cards-into-shadows", "1e", "advisory",
          f"{INSERT} › Playing a card into Shadows: 'If a card is moved into Shadows by a card effect, it should also be "
          "placed facedown in its controller's Shadows area. Cards without the ☞ crest and the Shadows cost cannot be "
          "marshalled or moved into Shadows.' (2nd edition differs: RR: Shadows lets effects place any card there.)",
          bara1(), lann1())
    base.setup1(s, a=[A_(BRIENNE)], b=[B_(LSTEWARD)], a_shadows=[A_(SMUGGLER)])
    s.plots(ATWALL, RAVEN, "A", "A")
    s.draw()
    s.phase("marshaling").a("pass_shadows", player="A").a("pass_shadows", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Alice brings the Stormlands Smuggler out (s1).")
    s.a("bring_out", player="A", card=A_(SMUGGLER)).a("pass_shadows", player="B")
    s.passes("A", "B")
    s.phase("dominance").a("pass_shadows", player="A").a("pass_shadows", player="B")
    s.c("Dominance: Alice 3 + 2 + 3 gold = 8; Bob 2 + 6 gold = 8: nobody.")
    s.a("win_dominance")
    s.c("Card effects: the Smuggler (☞) goes back into Shadows; Brienne has no crest and cannot.")
    s.a("put_into_shadows", player="A", card=A_(SMUGGLER))
    s.x("put_into_shadows", player="A", card=A_(BRIENNE))


def h06() -> None:
    s = S("1e-shadows-standing-for-dominance", "1e", "advisory",
          f"{INSERT} › Bringing a card out of Shadows: 'Character, location, and attachment cards that come out of Shadows "
          "come out standing.' Dominance (1st edition as in the RR: Appendix I › 5.2, standing characters' STR plus gold).",
          bara1(), lann1())
    base.setup1(s, a=[A_(HOST)], b=[B_(LSTEWARD)], b_shadows=[B_(GOLDCLOAKS1)])
    s.c("Alliance (3) against The Raven's Song (1).")
    s.plots(ALLIANCE, RAVEN, "A", "A")
    s.draw()
    marshal_pass(s, "AB")
    s.phase("challenges")
    s.c("Host of Storm's End (6) wins unopposed; Bob kills his Lannisport Steward.")
    s.challenge("A", "military", "B", [A_(HOST)], [])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(LSTEWARD)])
    s.passes("A", "B")
    s.phase("dominance").a("pass_shadows", player="A")
    s.c("Bob (6 gold) brings Gold Cloaks (s2, STR 4) out at the beginning of the dominance phase: standing.")
    s.a("bring_out", player="B", card=B_(GOLDCLOAKS1))
    s.c("Alice: the Host kneels, 4 gold; Bob: Gold Cloaks 4 + 4 gold = 8.")
    s.x("win_dominance", player="A")


def h07() -> None:
    s = S("1e-initiative-power-on-cards-and-printed-modifier", "1e", "strict",
          "Initiative (1st edition as in the RR: Appendix I › 1.3 I: the plot's initiative 'which incorporates all relevant "
          "initiative modifiers' (Overzealous Scout '[+4 Initiative]'); a tie: the lowest power total, then random). RR: "
          "Power: power 'amassed on cards under his or her control'. RR: Renown.",
          bara1({**base.BARA_1E, SCOUT: 3}), lann1())
    base.setup1(s, a=[A_(BRIENNE), A_(BASTARD)], b=[B_(LSTEWARD), B_(RAFF)])
    s.c("Round 1: At the Wall (2) against Calm Before the Storm (2), no power: the random pick goes to Bob.")
    s.plots(ATWALL, CALM, random="B").a("choose_first_player", player="B", first="B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("marshal", player="A", card=A_(SCOUT)).a("pass_turn", player="A")
    s.phase("challenges").a("pass_turn", player="B")
    s.c("Brienne (3) against Raff (2): Bob kills Raff; Brienne's renown puts 1 power on her.")
    s.challenge("A", "military", "B", [A_(BRIENNE)], [B_(RAFF)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(RAFF)]).a("renown", player="A", cards=[A_(BRIENNE)])
    s.a("pass_turn", player="A")
    s.c("Dominance: Alice 1 + 3 + 1 gold = 5; Bob 2 + 6 gold = 8: Bob 1 power.")
    s.phase("dominance").a("win_dominance", player="B")
    s.phase("standing").phase("taxation")
    s.c("Round 2: The Raven's Song 1 + 4 = 5 against Dry Season 5; 1 power each (Alice's on Brienne): random, Bob.")
    s.plots(RAVEN, DRY)
    s.x("choose_first_player", player="A", first="A")
    s.a("win_initiative", player="B")
    s.a("choose_first_player", player="B", first="A")
    s.draw()


def g01() -> None:
    s = S("2e-gold-spent-gained-and-corrected", "2e", "advisory",
          "RR: Gold: 'When a player gains gold, that player takes an equivalent amount of gold from the treasury and adds it "
          "to his or her gold pool. When gold is spent it is returned to the treasury from a player's gold pool.' RR: Costs "
          "(a cost must be payable). RR: Appendix I › 5.2, 7.2.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.plots(WOW, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B")
    s.c("Bob pays 2 for an ability (5 - 2 = 3).")
    s.a("spend_gold", player="B", amount=2).a("pass_turn", player="B")
    s.c("Alice: 3 gold, and a card effect gives her 2 more: Summer (3), 2 left.")
    s.a("collect_income", player="A").a("gain_gold", player="A", amount=2).a("marshal", player="A", card=A_(SUMMER))
    s.a("pass_turn", player="A")
    s.phase("challenges").passes("B", "A")
    s.c("Dominance: Alice 2 + 3 + 2 gold = 7; Bob 2 + 3 gold = 5.")
    s.phase("dominance").a("win_dominance", player="A")
    tax(s, "BA", {"B": 3, "A": 3})
    s.c("Round 2: A Feast for Crows (1) against Lions of the Rock (4).")
    s.plots(FEAST, LIONS, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B")
    s.c("The table corrects Bob's pool to 2 gold; he cannot pay 3.")
    s.a("set_gold", player="B", amount=2)
    s.x("spend_gold", player="B", amount=3)


def g02() -> None:
    s = S("2e-reserve-bob-first-and-alice-at-her-reserve", "2e", "advisory",
          "RR: Appendix I › 7.3: 'Each player, in player order, checks his or her reserve.' 'A player is not permitted to "
          "discard cards from his or her hand at this time while at or below his or her reserve value.' RR: Plot Value "
          "Modifiers (The God's Eye: '+1 Income. +1 Reserve.').",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(GODS_EYE), A_(TKNIGHT)], b=[B_(TYRION)])
    s.plots(WOW, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.c("Alice: 3 + 1 = 4 gold: two Winterfell Stewards (1 each) and a Tumblestone Knight (2); 6 cards left in hand.")
    s.a("collect_income", player="A").a("marshal", player="A", card=A_(WSTEWARD)).a("marshal", player="A", card=A_(WSTEWARD, 2))
    s.a("marshal", player="A", card=A_(TKNIGHT, 2)).a("pass_turn", player="A")
    s.phase("challenges").passes("B", "A")
    s.c("Dominance: Alice 2 + 1 + 1 + 2 = 6; Bob 4 + 5 = 9.")
    s.phase("dominance").a("win_dominance", player="B")
    s.phase("standing").phase("taxation")
    s.c("Bob first: 9 cards, reserve 6. Alice: 6 cards, reserve 5 + 1 = 6: she keeps them.")
    s.reserve("B", 3)
    s.x("discard_to_reserve", player="A", cards=s.fresh("A", 1))


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("*.jsonl"):
        old.unlink()
    for name, fn in sorted(globals().items()):
        if callable(fn) and len(name) == 3 and name[0] in "rmpdcuthg" and name[1:].isdigit():
            fn()
    for scenario in S.mine:
        scenario.write()
    print(f"{len(S.mine)} scenarios written to {OUT}")


if __name__ == "__main__":
    main()
