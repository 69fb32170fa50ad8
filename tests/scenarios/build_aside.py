# ruff: noqa: E501
"""Writes the aside set of rules scenarios (tests/scenarios/aside/*.jsonl) from the definitions below.

    python -m tests.scenarios.build_aside

Each scenario is a table log (docs/table-log.md) written from the rule texts only: the 2nd-edition
Rules Reference (glossary and Appendix I), the FAQ v4.1, the Tournament Regulations and, for 1st
edition, the King's Landing Shadows insert. Card facts (cost, STR, icons, keywords, plot values,
printed "+N Income/Initiative/Reserve") are the printed cards of shared/data. Expectations are marked
by `x()` (illegal: flagged, refused in strict mode) and `imp()` (impossible: refused in every mode);
every other action is legal. Where a text reads two ways the reading chosen is in aside/READINGS.md.

Decks are filled to 60 cards with other real cards of the faction (never named in an action), so the
counts of draw deck and hand are those of a real game; the plot deck holds 7 plots.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import ClassVar

HERE = Path(__file__).resolve().parent
OUT = HERE / "aside"
SHARED = HERE.parents[2] / "shared" / "data"
NAMES = {"A": "Alice", "B": "Bob"}

# ---- 2nd edition cards (throneteki-json-data) ----
ROBB, NED, TKNIGHT, ARYA, WSTEWARD, SUMMER = "01146", "01144", "01150", "01141", "01152", "01148"
ROSEROAD, LITTLEFINGER, IRON_THRONE, GODS_EYE, HMAESTER, WIC = "01040", "01028", "01038", "04058", "03041", "01159"
TYRION, PYCELLE, MONEYLENDER, BURNED, GOLDCLOAKS, MERCHANT, HEAR_ME_ROAR = (
    "01089", "01085", "01093", "01091", "01092", "01094", "01100")
TYRION_SHADOW = "13089"
SALTY, HULK, WENDAMYR, BWCREW = "01076", "11092", "01070", "01072"
# plots: income / initiative / claim / reserve
WOW = "01025"        # The Winds of Winter 3/4/2/5
FEAST = "01002"      # A Feast for Crows 6/1/1/4
CLASH = "01001"      # A Clash of Kings 4/9/1/6
TAXATION = "01024"   # Taxation 5/6/1/6
RATIONING = "14049"  # Rationing 5/5/1/5
CACHE = "03052"      # Ranger's Cache 3/0/1/6
NOBLE = "01004"      # A Noble Cause 5/0/1/6
LIONS = "05046"      # Lions of the Rock 4/4/1/6 (Lannister)
MEDDLING = "05049"   # Littlefinger's Meddling 4/1/1/6
SNEAK = "01021"      # Sneak Attack 5/11/2/5
STARK_PLOTS = [WOW, FEAST, CLASH, TAXATION, RATIONING, CACHE, SNEAK]
LANN_PLOTS = [WOW, LIONS, MEDDLING, TAXATION, RATIONING, FEAST, CACHE]

# ---- 1st edition cards (agot1.json) ----
KOT, WARHOST, PUP, GREATKEEP, MEERA, SHADOWCAT, SCOUT, CROSSROADS = (
    "core_18", "core_16", "core_19", "core_29", "atoc_2", "kotse_43", "acoa_85", "core_138")
LSTEWARD, WEAPONSMITH, GOLDROAD, TYRION1, GOLDCLOAKS1, QYBURN_INF, RAFF, VARYS1 = (
    "core_52", "core_53", "core_61", "kl_5", "kl_25", "core_49", "core_46", "atoc_24")
HOST, BRIENNE, BASTARD, SMUGGLER, AEGON = "core_89", "core_76", "core_87", "bwb_65", "core_95"
JAIME1, SHADOW_POLITICS = "kr_54", "kl_18"
RAVEN, ATWALL, CALM, DRY, ASSAULT_KL, ALLIANCE, PWEALTH = (
    "ator_80", "dotn_60", "low_51", "soo_60", "kotst_52", "pots_59", "core_204")
PLOTS_1E = [RAVEN, ATWALL, CALM, DRY, ASSAULT_KL, ALLIANCE, PWEALTH]


def A_(code: str, copy: int = 1) -> str:
    return f"A.{code}.{copy}"


def B_(code: str, copy: int = 1) -> str:
    return f"B.{code}.{copy}"


@cache
def _pool(edition: str, faction: str) -> list[tuple[str, str, int]]:
    """Real cards of the faction (or neutral) a deck is filled with: (code, title, copies)."""
    rows: list[tuple[str, str, int]] = []
    if edition == "2e":
        skip = {"VDS", "VKm", "VHotK", "ToJ", "R", "R2"}
        for path in sorted((SHARED / "throneteki-json-data" / "packs").glob("*.json")):
            if path.stem in skip:
                continue
            for card in json.loads(path.read_text(encoding="utf-8"))["cards"]:
                if card["type"] in ("character", "location", "attachment") and card["faction"] in (faction, "neutral") \
                        and "Shadow (" not in card["text"] and not card["text"].startswith("Limited"):
                    rows.append((card["code"], card["name"], min(3, int(card.get("deckLimit", 3)))))
    else:
        house = faction.capitalize()
        for card in json.loads((SHARED / "agot1" / "agot1.json").read_text(encoding="utf-8")):
            if card["card_type"] in ("Character", "Location", "Attachment") and set(card["house"]) <= {house, "Neutral"} \
                    and "Shadow" not in card["crest"] and "Limited" not in (card["rules_text"] or ""):
                rows.append((card["id"], card["name"], min(3, int(card.get("limit") or 3))))
    return rows


@cache
def _titles(edition: str) -> dict[str, str]:
    if edition == "2e":
        out = {}
        for path in (SHARED / "throneteki-json-data" / "packs").glob("*.json"):
            for card in json.loads(path.read_text(encoding="utf-8"))["cards"]:
                out[card["code"]] = card["name"]
        return out
    return {c["id"]: c["name"] for c in json.loads((SHARED / "agot1" / "agot1.json").read_text(encoding="utf-8"))}


def deck(edition: str, faction: str, named: dict[str, int], plots: list[str], size: int = 60) -> dict[str, int]:
    """The named cards, then other real cards of the faction up to `size`, then the 7 plots."""
    titles = _titles(edition)
    out = dict(named)
    used = {titles[c] for c in named} | {titles[c] for c in plots}
    count = sum(named.values())
    for code, title, copies in _pool(edition, faction):
        if count >= size:
            break
        if title in used or code in out:
            continue
        take = min(copies, size - count)
        out[code] = take
        used.add(title)
        count += take
    assert count == size, (faction, count)
    for p in plots:
        out[p] = out.get(p, 0) + 1
    return out


class S:
    """One scenario: a header, comments, and actions with their expectations."""

    all: ClassVar[list[S]] = []

    def __init__(self, name: str, edition: str, mode: str, rule: str,
                 a: tuple[str, dict[str, int], list[str]] | tuple[str, dict[str, int], list[str], int],
                 b: tuple[str, dict[str, int], list[str]] | tuple[str, dict[str, int], list[str], int],
                 first: str = "A") -> None:
        self.name, self.edition, self.mode = name, edition, mode
        players = []
        for seat, spec in (("A", a), ("B", b)):
            faction, named, plots, *size = spec
            players.append({"seat": seat, "name": NAMES[seat], "faction": faction,
                            "deck": deck(edition, faction, named, plots, *size)})
        header = {"format": "agot-table-log", "version": 1, "edition": edition, "mode": mode,
                  "players": players, "first_player": first}
        self.lines = [json.dumps(header, ensure_ascii=False)]
        self.c(rule)
        S.all.append(self)

    def c(self, text: str) -> S:
        for para in text.strip().splitlines():
            self.lines.append("# " + para.strip())
        return self

    def a(self, type_: str, **fields: object) -> S:
        self.lines.append(json.dumps({"type": type_, **fields}, ensure_ascii=False))
        return self

    def x(self, type_: str, **fields: object) -> S:
        self.lines.append("# expect: illegal")
        return self.a(type_, **fields)

    def imp(self, type_: str, **fields: object) -> S:
        self.lines.append("# expect: impossible")
        return self.a(type_, **fields)

    # ---- framework steps that are legal where they are used ----
    def setup(self, a: list[str] = (), b: list[str] = (), a_shadows: list[str] = (),  # type: ignore[assignment]
              b_shadows: list[str] = (), replenish: bool = True) -> S:  # type: ignore[assignment]
        self.a("draw_cards", player="A", count=7).a("draw_cards", player="B", count=7)
        for seat, places, shadows in (("A", a, a_shadows), ("B", b, b_shadows)):
            for card in shadows:
                self.a("setup_into_shadows", player=seat, card=card)
            for card in places:
                self.a("setup_place", player=seat, card=card)
        self.a("reveal_setup")
        if replenish:
            for seat, places, shadows in (("A", a, a_shadows), ("B", b, b_shadows)):
                if len(places) + len(shadows):
                    self.a("draw_cards", player=seat, count=len(places) + len(shadows))
        return self

    def plots(self, a: str, b: str, chooser: str | None = None, first: str | None = None,
              random: str | None = None) -> S:
        self.a("begin_phase", phase="plot")
        self.a("choose_plot", player="A", card=A_(a)).a("choose_plot", player="B", card=B_(b))
        if random:
            self.a("win_initiative", player=random)
        if chooser:
            self.a("choose_first_player", player=chooser, first=first)
        return self

    def draw(self, order: str = "AB") -> S:
        self.a("begin_phase", phase="draw")
        for seat in order:
            self.a("draw_cards", player=seat, count=2)
        return self

    def phase(self, name: str) -> S:
        return self.a("begin_phase", phase=name)

    def passes(self, *seats: str) -> S:
        for seat in seats:
            self.a("pass_turn", player=seat)
        return self

    def challenge(self, player: str, kind: str, defender: str, attackers: list[str], defenders: list[str],
                  **extra: object) -> S:
        self.a("initiate_challenge", player=player, kind=kind, defender=defender, attackers=attackers, **extra)
        self.a("declare_defenders", player=defender, defenders=defenders)
        return self

    def write(self) -> None:
        (OUT / f"{self.name}.jsonl").write_text("\n".join(self.lines) + "\n", encoding="utf-8")


def stark(named: dict[str, int], plots: list[str] = STARK_PLOTS, size: int = 60) -> tuple[str, dict[str, int], list[str], int]:
    return ("stark", named, plots, size)


def lann(named: dict[str, int], plots: list[str] = LANN_PLOTS, size: int = 60) -> tuple[str, dict[str, int], list[str], int]:
    return ("lannister", named, plots, size)


STARK_CARDS = {ROBB: 3, NED: 2, TKNIGHT: 3, ARYA: 1, WSTEWARD: 3, SUMMER: 1, ROSEROAD: 3, LITTLEFINGER: 1,
               IRON_THRONE: 1, GODS_EYE: 1, HMAESTER: 3, WIC: 3}
LANN_CARDS = {TYRION: 1, PYCELLE: 1, MONEYLENDER: 3, BURNED: 3, GOLDCLOAKS: 3, MERCHANT: 3, HMAESTER: 3,
              LITTLEFINGER: 1, ROSEROAD: 3, HEAR_ME_ROAR: 3}


# =====================================================================================================
# 2nd edition
# =====================================================================================================

def taxed(s: S, order: str, discards: dict[str, list[str]]) -> S:
    """Standing and taxation with the reserve discards (in player order) the scenario computed."""
    s.phase("standing").phase("taxation")
    for seat in order:
        if discards.get(seat):
            s.a("discard_to_reserve", player=seat, cards=discards[seat])
    return s


A_HAND = [A_(HMAESTER, 1), A_(HMAESTER, 2), A_(HMAESTER, 3), A_(WSTEWARD, 1), A_(WSTEWARD, 2), A_(WSTEWARD, 3)]
B_HAND = [B_(MERCHANT, 1), B_(MERCHANT, 2), B_(MERCHANT, 3), B_(BURNED, 2), B_(BURNED, 3), B_(HMAESTER, 2)]


def s01() -> None:
    s = S("2e-setup-gold-and-limited", "2e", "strict",
          "RR: Setup › Place setup cards: 'up to a total of 8 cost worth'; 'No more than 1 card with the "
          "\"Limited\" keyword may be placed'; 'Only character, location, and attachment cards may be placed.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.a("draw_cards", player="A", count=7).a("draw_cards", player="B", count=7)
    s.c("Alice places Robb Stark (6), The Roseroad (0, Limited) and a Tumblestone Knight (2): 8 gold.")
    s.a("setup_place", player="A", card=A_(ROBB)).a("setup_place", player="A", card=A_(ROSEROAD))
    s.a("setup_place", player="A", card=A_(TKNIGHT))
    s.c("A Winterfell Steward (1) would make 9.")
    s.x("setup_place", player="A", card=A_(WSTEWARD))
    s.c("A second Limited card (The Roseroad costs 0, so the gold is not the problem).")
    s.x("setup_place", player="A", card=A_(ROSEROAD, 2))
    s.a("setup_place", player="B", card=B_(TYRION)).a("setup_place", player="B", card=B_(BURNED))
    s.c("Hear Me Roar! is an event: never a setup card.")
    s.x("setup_place", player="B", card=B_(HEAR_ME_ROAR))
    s.a("setup_place", player="B", card=B_(MERCHANT))
    s.a("reveal_setup")
    s.c("Replenish opening hand: each draws back up to seven.")
    s.a("draw_cards", player="A", count=3).a("draw_cards", player="B", count=3)
    s.plots(WOW, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling")
    s.c("The Winds of Winter gives 3 gold and The Roseroad +1 Income: 4.")
    s.a("collect_income", player="A").a("marshal", player="A", card=A_(WSTEWARD))
    s.a("marshal", player="A", card=A_(TKNIGHT, 2)).a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")


def s02() -> None:
    s = S("2e-setup-duplicates-and-shadows", "2e", "advisory",
          "RR: Setup: 'Additional copies of unique cards may be placed in setup at no cost, and revealed as "
          "duplicates'. RR: Shadows › Marshaling a card into shadows: 'During setup, cards with the shadow keyword "
          "... may be placed into shadows by spending 2 gold from the amount allocated for setup'; 'Cards without the "
          "shadow keyword cannot be marshaled into shadows.'",
          stark(STARK_CARDS), lann({**{k: v for k, v in LANN_CARDS.items() if k != TYRION}, TYRION_SHADOW: 1}))
    s.a("draw_cards", player="A", count=7).a("draw_cards", player="B", count=7)
    s.c("Alice: Robb Stark (6), a second Robb as a free duplicate, a Tumblestone Knight (2): 8.")
    s.a("setup_place", player="A", card=A_(ROBB)).a("setup_place", player="A", card=A_(ROBB, 2))
    s.a("setup_place", player="A", card=A_(TKNIGHT))
    s.c("A Tumblestone Knight has no Shadow keyword (and the 8 gold are spent).")
    s.x("setup_into_shadows", player="A", card=A_(TKNIGHT, 2))
    s.c("Bob: Tyrion (Shadow (5)) into shadows for 2, Burned Men (2), Gold Cloaks (4): 8.")
    s.a("setup_into_shadows", player="B", card=B_(TYRION_SHADOW))
    s.a("setup_place", player="B", card=B_(BURNED)).a("setup_place", player="B", card=B_(GOLDCLOAKS))
    s.c("A Lannisport Merchant (1) would make 9.")
    s.x("setup_place", player="B", card=B_(MERCHANT))
    s.a("reveal_setup")
    s.c("Each refills to seven (four cards left each hand, the advisory log kept the flagged ones).")
    s.a("draw_cards", player="A", count=4).a("draw_cards", player="B", count=4)
    s.plots(FEAST, TAXATION, "B", "B")
    s.draw()
    s.phase("marshaling")
    s.a("collect_income", player="B")
    s.c("Bob brings Tyrion out of shadows for his shadow cost, 5.")
    s.a("bring_out", player="B", card=B_(TYRION_SHADOW)).a("pass_turn", player="B")
    s.a("collect_income", player="A")
    s.c("The third Robb is another free duplicate.")
    s.a("marshal", player="A", card=A_(ROBB, 3)).a("pass_turn", player="A")


def s03() -> None:
    s = S("2e-plot-choose-once", "2e", "strict",
          "RR: Appendix I › 1.2 Choose plots: 'Each player looks at the cards remaining in his or her plot deck, and "
          "chooses one'; 'Once each player has chosen a plot ... this step is complete.' RR: Plot Card: the used pile.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB)], b=[B_(TYRION)])
    s.phase("plot")
    s.a("choose_plot", player="A", card=A_(WOW))
    s.c("Alice may choose only one plot.")
    s.x("choose_plot", player="A", card=A_(FEAST))
    s.c("Bob has not chosen yet: the plot phase cannot end.")
    s.x("begin_phase", phase="draw")
    s.a("choose_plot", player="B", card=B_(TAXATION))
    s.a("choose_first_player", player="B", first="B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.phase("challenges").passes("B", "A")
    s.c("Dominance: Alice 5 (Robb) + 3 gold = 8, Bob 4 (Tyrion) + 5 gold = 9.")
    s.phase("dominance").a("win_dominance", player="B")
    s.c("Reserve: Bob 9 cards over 6, Alice 9 over 5.")
    taxed(s, "BA", {"B": B_HAND[:3], "A": A_HAND[:4]})
    s.phase("plot")
    s.c("The Winds of Winter is no longer in Alice's plot deck.")
    s.x("choose_plot", player="A", card=A_(WOW))
    s.a("choose_plot", player="A", card=A_(FEAST)).a("choose_plot", player="B", card=B_(LIONS))
    s.a("choose_first_player", player="B", first="A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A")


def s04() -> None:
    s = S("2e-initiative-plot-values", "2e", "strict",
          "RR: Appendix I › 1.3 I. Compare initiative: 'The player with the highest initiative value on his or her "
          "revealed plot card ... wins initiative.' II. Choose first player: 'The player who won initiative in step I "
          "chooses a player to be the first player.' RR: First Player: 'The first player becomes the active player "
          "first during the marshaling and challenges phases.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB)], b=[B_(TYRION)])
    s.c("The Winds of Winter (initiative 4) against Taxation (initiative 6): Bob wins initiative.")
    s.plots(WOW, TAXATION)
    s.x("choose_first_player", player="A", first="A")
    s.a("choose_first_player", player="B", first="A")
    s.c("Once a round.")
    s.x("choose_first_player", player="B", first="B")
    s.draw()
    s.phase("marshaling")
    s.c("Alice is the first player: Bob is not the active player yet.")
    s.x("collect_income", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")


def s05() -> None:
    s = S("2e-initiative-printed-modifiers", "2e", "strict",
          "RR: Initiative: 'the initiative value on his or her revealed plot card (which incorporates the total value "
          "of all relevant initiative modifiers)'. RR: Plot Value Modifiers: '+1 Initiative' icons are cumulative. "
          "RR: Income (gold modifiers likewise).",
          ("greyjoy", {SALTY: 3, HULK: 3, WENDAMYR: 1, BWCREW: 3}, STARK_PLOTS, 60), lann(LANN_CARDS))
    s.c("Alice (Greyjoy) sets up two Salty Navigators (+1 Initiative each) and a Refurbished Hulk "
        "(+1 Income, +1 Initiative).")
    s.setup(a=[A_(SALTY), A_(SALTY, 2), A_(HULK)], b=[B_(TYRION), B_(BURNED)])
    s.c("The Winds of Winter 4 + 3 = 7 against Taxation 6: Alice wins initiative.")
    s.plots(WOW, TAXATION)
    s.x("choose_first_player", player="B", first="B")
    s.a("choose_first_player", player="A", first="B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.c("Income: 3 + 1 (Refurbished Hulk) = 4 gold, spent on a Salty Navigator (2) and Maester Wendamyr (2).")
    s.a("collect_income", player="A").a("marshal", player="A", card=A_(SALTY, 3))
    s.a("marshal", player="A", card=A_(WENDAMYR)).a("pass_turn", player="A")
    s.phase("challenges")


def s06() -> None:
    s = S("2e-initiative-recorded-modifier", "2e", "advisory",
          "RR: Initiative: 'the initiative value on his or her revealed plot card (which incorporates the total value "
          "of all relevant initiative modifiers)'; RR: Modifiers. RR: Appendix I › 1.3 II: the winner chooses.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB)], b=[B_(TYRION)])
    s.c("The Winds of Winter (4) against Littlefinger's Meddling (1); a card effect gives Bob +4 initiative: 5.")
    s.plots(WOW, MEDDLING)
    s.a("modify", player="B", stat="initiative", amount=4)
    s.a("choose_first_player", player="B", first="B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.phase("challenges").passes("B", "A")
    s.phase("dominance")
    s.c("Dominance: Alice 5 + 3 = 8, Bob 4 + 4 = 8: a tie, nobody.")
    s.a("win_dominance")
    s.phase("standing").phase("taxation")
    s.a("discard_to_reserve", player="B", cards=B_HAND[:3]).a("discard_to_reserve", player="A", cards=A_HAND[:4])
    s.c("Next round the modifier has expired: Feast (1) against Lions of the Rock (4). Alice did not win initiative.")
    s.plots(FEAST, LIONS)
    s.x("choose_first_player", player="A", first="A")


def s07() -> None:
    s = S("2e-initiative-tie-lowest-power", "2e", "strict",
          "RR: Appendix I › 1.3 I: 'If multiple players have the same initiative value, the tied player with the "
          "lowest power total wins initiative. If the players' initiative and power totals are both tied, the tie is "
          "broken by randomly selecting one of the tied players.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(TYRION), B_(BURNED)])
    s.c("Round 1: A Feast for Crows (1) against Littlefinger's Meddling (1), no power: a random pick.")
    s.plots(FEAST, MEDDLING, random="A").a("choose_first_player", player="A", first="A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(TKNIGHT, 2))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: Alice 9 STR + 4 gold = 13, Bob 6 + 4 = 10.")
    s.phase("dominance").a("win_dominance", player="A")
    taxed(s, "AB", {"A": A_HAND[:4], "B": B_HAND[:3]})
    s.c("Round 2: The Winds of Winter (4) against Lions of the Rock (4); Alice has 1 power, Bob none: Bob wins.")
    s.plots(WOW, LIONS)
    s.x("win_initiative", player="A")
    s.x("choose_first_player", player="A", first="A")
    s.a("choose_first_player", player="B", first="B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B")


def s08() -> None:
    s = S("2e-initiative-random-tie", "2e", "advisory",
          "RR: Initiative: 'If the lowest power total is also tied, a random method should be used to break this tie.' "
          "RR: Appendix I › 1.3 I.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.c("A Feast for Crows (1) against Littlefinger's Meddling (1), 0 power each: the random pick goes to Bob.")
    s.plots(FEAST, MEDDLING, random="B").a("choose_first_player", player="B", first="B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.phase("challenges").passes("B", "A")
    s.c("Dominance: Alice 2 + 6 = 8, Bob 2 + 4 = 6.")
    s.phase("dominance").a("win_dominance", player="A")
    taxed(s, "BA", {"B": B_HAND[:3], "A": A_HAND[:5]})
    s.c("Round 2: The Winds of Winter (4) against Taxation (6): no tie, so no random pick.")
    s.plots(WOW, TAXATION).a("choose_first_player", player="B", first="A")
    s.x("win_initiative", player="A")


def s09() -> None:
    s = S("2e-initiative-power-total-counts-cards", "2e", "strict",
          "RR: Power: 'A player's power total is equal to the amount of power amassed on cards under his or her "
          "control'. RR: Appendix I › 1.3 I: a tie goes to 'the tied player with the lowest power total'. RR: Renown; "
          "RR: Unopposed.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(TYRION), B_(BURNED)])
    s.c("Round 1: The Winds of Winter (4) against Lions of the Rock (4), no power: random, Alice.")
    s.plots(WOW, LIONS, random="A").a("choose_first_player", player="A", first="A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Robb wins an unopposed power challenge (+1 on Alice's faction card) and renown (+1 on Robb).")
    s.challenge("A", "power", "B", [A_(ROBB)], [])
    s.a("challenge_result").a("apply_claim", player="B").a("renown", player="A", cards=[A_(ROBB)])
    s.passes("A", "B")
    s.c("Dominance: Alice 2 + 3 = 5, Bob 6 + 4 = 10: Bob gains 1.")
    s.phase("dominance").a("win_dominance", player="B")
    taxed(s, "AB", {"A": A_HAND[:4], "B": B_HAND[:3]})
    s.c("Round 2: Feast (1) against Meddling (1). Power totals: Alice 2 (one on Robb), Bob 1: Bob wins.")
    s.plots(FEAST, MEDDLING)
    s.x("win_initiative", player="A")
    s.x("choose_first_player", player="A", first="A")
    s.a("choose_first_player", player="B", first="A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A")


def s10() -> None:
    s = S("2e-first-player-turn-order", "2e", "strict",
          "RR: First Player: 'The first player becomes the active player first during the marshaling and challenges "
          "phases.' RR: Appendix I › 3.2, 3.3 (next player becomes active), 4.2, 4.3. RR: Marshal: 'In the Marshaling "
          "phase, the active player can ... marshal'.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB)], b=[B_(TYRION)])
    s.c("A Clash of Kings (9) wins initiative; Alice makes Bob the first player.")
    s.plots(CLASH, MEDDLING, "A", "B")
    s.draw()
    s.phase("marshaling")
    s.x("collect_income", player="A")
    s.a("collect_income", player="B").a("marshal", player="B", card=B_(BURNED))
    s.c("Alice is not the active player.")
    s.x("marshal", player="A", card=A_(TKNIGHT))
    s.c("Alice has not had her marshaling turn.")
    s.x("begin_phase", phase="challenges")
    s.a("pass_turn", player="B")
    s.a("collect_income", player="A").a("marshal", player="A", card=A_(TKNIGHT)).a("pass_turn", player="A")
    s.phase("challenges")
    s.c("Bob is the first active player in the challenges phase too.")
    s.x("initiate_challenge", player="A", kind="military", defender="B", attackers=[A_(ROBB)])
    s.a("pass_turn", player="B")
    s.challenge("A", "military", "B", [A_(ROBB)], [])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED)]).a("renown", player="A", cards=[A_(ROBB)])
    s.c("No marshaling in the challenges phase.")
    s.x("marshal", player="A", card=A_(TKNIGHT, 2))
    s.a("pass_turn", player="A")
    s.phase("dominance")


def s11() -> None:
    s = S("2e-draw-two-once", "2e", "advisory",
          "RR: Appendix I › 2.2 Draw: 'Each player must simultaneously draw 2 cards from the top of his or her draw "
          "deck.' Other draws come from card effects (Littlefinger: 'After you marshal Littlefinger, draw 2 cards.').",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB)], b=[B_(TYRION)])
    s.plots(WOW, TAXATION, "B", "B")
    s.phase("draw").a("draw_cards", player="B", count=2)
    s.c("Three cards is not the draw phase's draw.")
    s.x("draw_cards", player="A", count=3)
    s.c("Bob has drawn his two already.")
    s.x("draw_cards", player="B", count=2)
    s.phase("marshaling").a("collect_income", player="B")
    s.a("marshal", player="B", card=B_(LITTLEFINGER))
    s.a("draw_cards", player="B", count=2, source=B_(LITTLEFINGER)).a("pass_turn", player="B")
    s.a("collect_income", player="A")
    s.c("A draw with no card effect behind it, in the marshaling phase.")
    s.x("draw_cards", player="A", count=1)
    s.a("pass_turn", player="A")
    s.phase("challenges")


def s12() -> None:
    s = S("2e-draw-empties-deck-eliminates", "2e", "strict",
          "RR: Winning the Game: 'A player is eliminated from the game when his or her draw deck has no cards "
          "remaining. If all of a player's opponents are eliminated from the game, the remaining player wins the "
          "game.' RR: Appendix I › 2.2 Note: 'A player is eliminated from the game immediately if there are no cards "
          "remaining in his or her deck.' (Alice's deck is nearly spent: 12 cards stand for a long game.)",
          stark({TKNIGHT: 3, WSTEWARD: 3, HMAESTER: 3, ROSEROAD: 3}, size=12), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(TYRION), B_(BURNED)])
    s.c("Alice's deck: 12 - 7 - 1 = 4 cards.")
    s.plots(WOW, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("marshal", player="B", card=B_(BURNED, 2))
    s.a("pass_turn", player="B").a("collect_income", player="A").a("marshal", player="A", card=A_(WSTEWARD))
    s.a("pass_turn", player="A")
    s.phase("challenges").passes("B", "A")
    s.c("Dominance: Bob 8 + 3 = 11, Alice 3 + 2 = 5.")
    s.phase("dominance").a("win_dominance", player="B")
    taxed(s, "BA", {"B": B_HAND[:2], "A": [A_(HMAESTER, 1), A_(HMAESTER, 2), A_(HMAESTER, 3)]})
    s.plots(FEAST, LIONS, "B", "B")
    s.phase("draw").a("draw_cards", player="B", count=2)
    s.c("Alice draws her last 2 cards: her deck is empty, she is eliminated and Bob wins.")
    s.a("draw_cards", player="A", count=2)
    s.x("begin_phase", phase="marshaling")


def s13() -> None:
    s = S("2e-draw-both-eliminated-first-player-chooses", "2e", "strict",
          "RR: Appendix I › 2.2 Draw: 'Each player must simultaneously draw 2 cards'; Note: 'If all remaining players "
          "are eliminated while fulfilling this step, the first player determines which of those players is the winner "
          "of the game.' (Both decks are nearly spent: 11 cards stand for a long game.)",
          stark({TKNIGHT: 3, WSTEWARD: 3, HMAESTER: 3, ROSEROAD: 2}, size=11),
          lann({BURNED: 3, MERCHANT: 3, HMAESTER: 3, ROSEROAD: 2}, size=11))
    s.a("draw_cards", player="A", count=7).a("draw_cards", player="B", count=7).a("reveal_setup")
    s.plots(WOW, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: Alice 3 gold, Bob 5 gold.")
    s.phase("dominance").a("win_dominance", player="B")
    taxed(s, "AB", {"A": A_HAND[:4], "B": B_HAND[:3]})
    s.plots(FEAST, LIONS, "B", "A")
    s.c("Both draw their last two cards in the same step: both are eliminated at once.")
    s.draw()
    s.c("Bob is not the first player.")
    s.x("choose_winner", player="B", winner="B")
    s.a("choose_winner", player="A", winner="A")


def s14() -> None:
    s = S("2e-income-plot-gold", "2e", "strict",
          "RR: Income: 'that player collects income by gaining an amount of gold ... equal to the gold value on his or "
          "her revealed plot card'. RR: Appendix I › 3.2 (once, as the player becomes active). RR: Costs; RR: Marshal: "
          "'by paying that card's gold cost'.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.c("The Winds of Winter (initiative 4, gold 3) against A Feast for Crows (initiative 1, gold 6).")
    s.plots(WOW, FEAST, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A")
    s.c("Robb Stark costs 6; Alice has 3.")
    s.x("marshal", player="A", card=A_(ROBB))
    s.a("marshal", player="A", card=A_(TKNIGHT, 2))
    s.c("Income is collected once.")
    s.x("collect_income", player="A")
    s.a("marshal", player="A", card=A_(WSTEWARD)).a("pass_turn", player="A")
    s.a("collect_income", player="B").a("marshal", player="B", card=B_(TYRION))
    s.c("Bob has 1 gold left; Burned Men cost 2.")
    s.x("marshal", player="B", card=B_(BURNED, 2))
    s.a("pass_turn", player="B")
    s.phase("challenges")


def s15() -> None:
    s = S("2e-income-printed-modifiers", "2e", "advisory",
          "RR: Income: 'the gold value on his or her revealed plot card (which incorporates the total value of all "
          "relevant gold modifiers)'. RR: Plot Value Modifiers: '+1 Income' on cards a player controls is cumulative.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(LITTLEFINGER), A_(ROSEROAD), A_(TKNIGHT)], b=[B_(TYRION), B_(MONEYLENDER)])
    s.plots(FEAST, WOW, "B", "A")
    s.draw()
    s.phase("marshaling")
    s.c("A Feast for Crows 6 + Littlefinger 1 + The Roseroad 1 = 8 gold: Robb (6) and a Tumblestone Knight (2).")
    s.a("collect_income", player="A").a("marshal", player="A", card=A_(ROBB))
    s.a("marshal", player="A", card=A_(TKNIGHT, 2))
    s.c("Nothing is left for a Winterfell Steward (1).")
    s.x("marshal", player="A", card=A_(WSTEWARD))
    s.a("pass_turn", player="A")
    s.c("The Winds of Winter 3 + Lannisport Moneylender 1 = 4: Gold Cloaks (4).")
    s.a("collect_income", player="B").a("marshal", player="B", card=B_(GOLDCLOAKS)).a("pass_turn", player="B")
    s.phase("challenges")


def s16() -> None:
    s = S("2e-marshal-limited-once-a-round", "2e", "advisory",
          "RR: Limited: 'No more than 1 card in total with the limited keyword can be marshaled (or played, if the card "
          "is an event) by each player each round.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(TYRION), B_(BURNED)])
    s.plots(WOW, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(ROSEROAD))
    s.c("A second Limited card this round.")
    s.x("marshal", player="A", card=A_(ROSEROAD, 2))
    s.a("marshal", player="A", card=A_(TKNIGHT, 2)).a("pass_turn", player="A")
    s.c("Bob's one Limited card this round.")
    s.a("collect_income", player="B").a("marshal", player="B", card=B_(MONEYLENDER)).a("pass_turn", player="B")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: Alice 9 + 1 = 10, Bob 8 + 3 = 11.")
    s.phase("dominance").a("win_dominance", player="B")
    taxed(s, "AB", {"A": [A_(HMAESTER)], "B": B_HAND[:2]})
    s.plots(FEAST, LIONS, "B", "B")
    s.draw("BA")
    s.c("A new round: one more Limited card each.")
    s.phase("marshaling").a("collect_income", player="B").a("marshal", player="B", card=B_(MONEYLENDER, 2))
    s.a("pass_turn", player="B").a("collect_income", player="A")
    s.c("The House Maester Alice discarded to her reserve lies in her discard pile, not in her hand.")
    s.imp("marshal", player="A", card=A_(HMAESTER))
    s.a("marshal", player="A", card=A_(ROSEROAD, 3)).a("pass_turn", player="A")


def s17() -> None:
    s = S("2e-marshal-duplicates-and-dead-pile", "2e", "strict",
          "RR: Duplicates: 'There is no cost to marshal a card as a duplicate.' RR: Dead Pile: 'A player cannot "
          "marshal, play, put into play, or take control of a copy of any unique card that is in his or her dead "
          "pile.' RR: Marshal: 'Event cards are not marshaled, they are played.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(TYRION), B_(BURNED)])
    s.plots(WOW, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A")
    s.c("A second Robb is a free duplicate: Alice keeps her 3 gold.")
    s.a("marshal", player="A", card=A_(ROBB, 2))
    s.x("marshal", player="A", card=A_(WIC))
    s.a("pass_turn", player="A")
    s.phase("challenges")
    s.challenge("B", "military", "A", [B_(BURNED)], [])
    s.c("Alice kills Robb for the claim (she does not use the duplicate; it is discarded with him).")
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(ROBB)])
    s.passes("B", "A")
    s.c("Dominance: Bob 4 + 5 = 9, Alice 2 + 3 = 5.")
    s.phase("dominance").a("win_dominance", player="B")
    taxed(s, "BA", {"B": B_HAND[:3], "A": A_HAND[:3]})
    s.plots(FEAST, LIONS, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A")
    s.c("A copy of Robb is in Alice's dead pile.")
    s.x("marshal", player="A", card=A_(ROBB, 3))
    s.a("marshal", player="A", card=A_(SUMMER)).a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")


def s18() -> None:
    s = S("2e-challenges-one-of-each-type", "2e", "strict",
          "RR: Appendix I › 4.2: 'The game permits the active player to initiate one [military], one [intrigue], and "
          "one [power] challenge (in any order) while he or she is the active player during the challenges phase.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(HMAESTER)], b=[B_(TYRION), B_(BURNED)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(TKNIGHT))
    s.a("marshal", player="A", card=A_(TKNIGHT, 2)).a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(ROBB)], [])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED)]).a("renown", player="A", cards=[A_(ROBB)])
    s.c("A second military challenge: no card allows it.")
    s.x("initiate_challenge", player="A", kind="military", defender="B", attackers=[A_(TKNIGHT)])
    s.c("Intrigue: House Maester (2) against Tyrion (4): Bob wins, no claim.")
    s.challenge("A", "intrigue", "B", [A_(HMAESTER)], [B_(TYRION)])
    s.a("challenge_result")
    s.challenge("A", "power", "B", [A_(TKNIGHT), A_(TKNIGHT, 2)], [])
    s.a("challenge_result").a("apply_claim", player="B")
    s.c("All three types are used.")
    s.x("initiate_challenge", player="A", kind="power", defender="B", attackers=[A_(ROBB)])
    s.passes("A", "B")
    s.phase("dominance")


def s19() -> None:
    s = S("2e-challenges-attacker-eligibility", "2e", "strict",
          "RR: Appendix I › 4.2: 'Announces which characters (under his or her control) are being declared as "
          "attackers ... a character must have a challenge icon that corresponds with the type of challenge being "
          "initiated, and the character must be standing. At least one character must be declared as an attacker'. "
          "RR: Active Player: 'the active player is permitted to initiate challenges.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(TYRION), B_(BURNED)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(ARYA))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Bob is not the active player.")
    s.x("initiate_challenge", player="B", kind="military", defender="A", attackers=[B_(BURNED)])
    s.c("No attackers.")
    s.x("initiate_challenge", player="A", kind="military", defender="B", attackers=[])
    s.c("Arya Stark has no [military] icon.")
    s.x("initiate_challenge", player="A", kind="military", defender="B", attackers=[A_(ARYA)])
    s.c("Burned Men are Bob's.")
    s.x("initiate_challenge", player="A", kind="military", defender="B", attackers=[B_(BURNED)])
    s.challenge("A", "military", "B", [A_(ROBB)], [B_(BURNED)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED)]).a("renown", player="A", cards=[A_(ROBB)])
    s.c("Robb is kneeling after attacking.")
    s.x("initiate_challenge", player="A", kind="power", defender="B", attackers=[A_(ROBB)])
    s.challenge("A", "power", "B", [A_(ARYA), A_(TKNIGHT)], [])
    s.a("challenge_result").a("apply_claim", player="B")
    s.passes("A")


def s20() -> None:
    s = S("2e-challenges-defender-eligibility", "2e", "strict",
          "RR: Appendix I › 4.2.1: 'The defending player has the option to declare eligible characters he or she "
          "controls as defenders ... a character must have a challenge icon that corresponds with the type of challenge "
          "... and the character must be standing.' 4.2.2: 'in the case of a tie, the challenge is won by the attacking "
          "player'. RR: Intrigue Claim; RR: Military Claim.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(HMAESTER)], b=[B_(TYRION), B_(PYCELLE)])
    s.plots(WOW, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("marshal", player="B", card=B_(BURNED))
    s.a("pass_turn", player="B").a("collect_income", player="A").a("marshal", player="A", card=A_(TKNIGHT))
    s.a("pass_turn", player="A")
    s.phase("challenges")
    s.c("Tyrion (4) attacks; Robb (5) defends and wins (renown is a 'may': Alice does not use it).")
    s.challenge("B", "power", "A", [B_(TYRION)], [A_(ROBB)])
    s.a("challenge_result").a("pass_turn", player="B")
    s.a("initiate_challenge", player="A", kind="intrigue", defender="B", attackers=[A_(HMAESTER)])
    s.c("Burned Men have no [intrigue] icon.")
    s.x("declare_defenders", player="B", defenders=[B_(BURNED)])
    s.c("The Tumblestone Knight is Alice's.")
    s.x("declare_defenders", player="B", defenders=[A_(TKNIGHT)])
    s.c("Tyrion is kneeling from his attack.")
    s.x("declare_defenders", player="B", defenders=[B_(TYRION)])
    s.a("declare_defenders", player="B", defenders=[B_(PYCELLE)])
    s.c("2 against 2: the attacker wins. The Winds of Winter's claim is 2: two random cards from Bob's hand.")
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(MERCHANT), B_(MERCHANT, 2)])
    s.challenge("A", "military", "B", [A_(TKNIGHT)], [])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED), B_(PYCELLE)])
    s.a("pass_turn", player="A")
    s.phase("dominance")


def s21() -> None:
    s = S("2e-challenges-tie-goes-to-attacker", "2e", "advisory",
          "RR: Appendix I › 4.2.2: 'The player whose side has the higher total STR wins the challenge (or in the case of "
          "a tie, the challenge is won by the attacking player).' RR: Winning a Challenge: 'If the total STR counted on "
          "each side is tied at a value of 1 or greater ... the attacker wins'.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT), A_(HMAESTER), A_(SUMMER)], b=[B_(BURNED), B_(PYCELLE), B_(MERCHANT)])
    s.plots(WOW, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Tumblestone Knight 2 against Burned Men 2: Alice wins; claim 2.")
    s.challenge("A", "military", "B", [A_(TKNIGHT)], [B_(BURNED)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED), B_(MERCHANT)])
    s.c("Burned Men are already in Bob's dead pile: no effect can kill them again.")
    s.imp("kill", player="A", card=B_(BURNED))
    s.c("House Maester 2 against Pycelle 2: Alice wins again; the table records Bob as the winner.")
    s.challenge("A", "intrigue", "B", [A_(HMAESTER)], [B_(PYCELLE)])
    s.x("challenge_result", winner="B")


def s22() -> None:
    s = S("2e-challenges-zero-str-and-unopposed", "2e", "strict",
          "RR: Strength: 'A player is not able to win a challenge with a total attacking or defending STR of zero.' "
          "RR: Unopposed: 'A challenge is \"unopposed\" if the defending player counts 0 STR ... or if there are "
          "defending characters but the total defending STR is 0'; the attacker gains 1 power (step 4.2.3). "
          "RR: Winning the Game: 'The game ends immediately'. (Earlier rounds are summed up: Alice has 14 power.)",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(WSTEWARD), A_(TKNIGHT), A_(HMAESTER)], b=[B_(MERCHANT), B_(BURNED)])
    s.a("set_power", player="A", amount=14)
    s.plots(WOW, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Winterfell Steward (1) attacks alone; Bob's effect gives it -1 STR: 0 against 0, nobody wins.")
    s.challenge("A", "power", "B", [A_(WSTEWARD)], [])
    s.c("(A STR modifier is recorded under the character's controller, whoever's effect it is: see READINGS.md.)")
    s.a("modify", player="A", stat="str", card=A_(WSTEWARD), amount=-1, until="challenge")
    s.x("challenge_result", winner="A")
    s.a("challenge_result")
    s.x("apply_claim", player="B")
    s.c("Burned Men (2) defend but an effect of Alice's gives them -2 STR: defending STR 0, the challenge is "
        "unopposed and Alice's 15th power ends the game.")
    s.challenge("A", "military", "B", [A_(TKNIGHT)], [B_(BURNED)])
    s.a("modify", player="B", stat="str", card=B_(BURNED), amount=-2, until="challenge")
    s.a("challenge_result")
    s.x("apply_claim", player="B", cards=[B_(MERCHANT)])


def s23() -> None:
    s = S("2e-challenges-opposed-no-bonus", "2e", "strict",
          "RR: Appendix I › 4.2.2: 'If the attacking player is the winner, and the total STR on the defending side of "
          "the challenge was 0, the challenge is considered \"unopposed.\"' 4.2.3 (the bonus only then); RR: Renown; "
          "RR: Winning the Game. (Earlier rounds are summed up: Alice has 14 power.)",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(BURNED), B_(MERCHANT), B_(PYCELLE)])
    s.a("set_power", player="A", amount=14)
    s.plots(WOW, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Robb 5 against Burned Men 2: Alice wins, but not unopposed: still 14 power.")
    s.challenge("A", "military", "B", [A_(ROBB)], [B_(BURNED)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED), B_(MERCHANT)])
    s.c("Renown: Robb's power is Alice's 15th: she wins at once.")
    s.a("renown", player="A", cards=[A_(ROBB)])
    s.x("pass_turn", player="A")


def s24() -> None:
    s = S("2e-military-claim-count", "2e", "strict",
          "RR: Military Claim: 'that player must choose a number of different characters he or she controls equal to "
          "the claim value on the attacking player's revealed plot card, and kill those characters'; 'If the player "
          "controls fewer characters than would satisfy claim, as much of the claim as possible must be satisfied.' "
          "'The same character cannot be chosen more than once'.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(BURNED), B_(MERCHANT), B_(HMAESTER)])
    s.c("The Winds of Winter: claim 2.")
    s.plots(WOW, FEAST, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(TKNIGHT, 2))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(ROBB), A_(TKNIGHT)], [B_(BURNED)])
    s.a("challenge_result")
    s.c("One character is not enough: Bob controls three.")
    s.x("apply_claim", player="B", cards=[B_(BURNED)])
    s.c("A character Bob does not control.")
    s.x("apply_claim", player="B", cards=[B_(BURNED), A_(TKNIGHT, 2)])
    s.a("apply_claim", player="B", cards=[B_(BURNED), B_(MERCHANT)]).a("renown", player="A", cards=[A_(ROBB)])
    s.passes("A", "B")
    s.c("Dominance: Alice 2 + 1 = 3, Bob 2 + 6 = 8.")
    s.phase("dominance").a("win_dominance", player="B")
    taxed(s, "AB", {"A": A_HAND[:3], "B": [B_(MERCHANT, 2), B_(MERCHANT, 3), B_(BURNED, 2), B_(BURNED, 3),
                                          B_(HMAESTER, 2)]})
    s.c("Round 2, Sneak Attack: claim 2 again, but Bob controls one character only.")
    s.plots(SNEAK, LIONS, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(ROBB), A_(TKNIGHT)], [])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(HMAESTER)])
    s.a("renown", player="A", cards=[A_(ROBB)]).a("pass_turn", player="A")


def s48() -> None:
    s = S("2e-military-claim-same-character-twice", "2e", "strict",
          "RR: Military Claim: 'The same character cannot be chosen more than once to satisfy claim for a single "
          "[military] challenge.' 'that player must choose a number of different characters'.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(BURNED), B_(MERCHANT), B_(HMAESTER)])
    s.c("The Winds of Winter: claim 2.")
    s.plots(WOW, FEAST, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(ROBB)], [])
    s.a("challenge_result")
    s.c("Bob names the Merchant twice to meet a claim of 2.")
    s.x("apply_claim", player="B", cards=[B_(MERCHANT), B_(MERCHANT)])
    s.a("apply_claim", player="B", cards=[B_(MERCHANT), B_(HMAESTER)]).a("renown", player="A", cards=[A_(ROBB)])
    s.a("pass_turn", player="A")


WRAITHS, FILTHY = "02080", "01011"  # Wraiths in Their Midst 4/1/1/5; Filthy Accusations 4/4/1/6


def s49() -> None:
    s = S("2e-unopposed-bonus-is-the-attackers", "2e", "strict",
          "RR: Unopposed: 'When a player wins an unopposed challenge as the attacker, that player gains 1 power'. RR: "
          "Appendix I › 4.2.2 ('If the attacking player is the winner, and the total STR on the defending side ... was "
          "0'). RR: Renown; RR: Winning the Game. (Earlier rounds are summed up: Alice has 14 power.)",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(NED), A_(WSTEWARD)], b=[B_(MERCHANT), B_(BURNED)])
    s.a("set_power", player="A", amount=14)
    s.plots(WOW, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.phase("challenges")
    s.c("The Merchant attacks at 0 STR (an effect gives it -1); Eddard defends: Alice wins as the defender, no bonus.")
    s.challenge("B", "power", "A", [B_(MERCHANT)], [A_(NED)])
    s.a("modify", player="B", stat="str", card=B_(MERCHANT), amount=-1, until="challenge")
    s.a("challenge_result")
    s.c("Eddard's renown is Alice's 15th power.")
    s.a("renown", player="A", cards=[A_(NED)])
    s.x("pass_turn", player="B")


def s50() -> None:
    s = S("2e-challenge-winner-needs-a-participant", "2e", "advisory",
          "RR: Appendix I › 4.2.2: 'If this player does not have a total STR of 1 or higher, and/or if there are no "
          "participating characters on this player's side when this step ... occurs, neither player wins (or loses) "
          "the challenge.' RR: Winning a Challenge.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(HMAESTER), A_(ROBB)], b=[B_(BURNED), B_(MERCHANT)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("House Maester (2) attacks; Bob declares no defenders, and an effect adds 3 STR to his side: Bob's total is "
        "higher, but he has no participating character, so nobody wins.")
    s.challenge("A", "intrigue", "B", [A_(HMAESTER)], [])
    s.a("modify", player="B", stat="str", amount=3, until="challenge")
    s.a("challenge_result")
    s.x("apply_claim", player="B", cards=[B_(MERCHANT, 2)])


def s51() -> None:
    s = S("2e-reserve-recorded-modifier", "2e", "strict",
          "RR: Reserve Value: 'the reserve value on his or her currently revealed plot (which incorporates all relevant "
          "reserve modifiers)'. Wraiths in Their Midst: 'Reduce the reserve value on each opponent's revealed plot card "
          "by 2 (to a minimum of 2).' RR: Appendix I › 7.3.",
          stark(STARK_CARDS), lann(LANN_CARDS, [WRAITHS, LIONS, MEDDLING, TAXATION, RATIONING, FEAST, CACHE]))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.plots(TAXATION, WRAITHS, "A", "A")
    s.c("Bob's Wraiths in Their Midst: Alice's Taxation has reserve 6 - 2 = 4 this round.")
    s.a("modify", player="A", stat="reserve", amount=-2, until="round", source=B_(WRAITHS))
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: Alice 2 + 5 = 7, Bob 2 + 4 = 6.")
    s.phase("dominance").a("win_dominance", player="A")
    s.phase("standing").phase("taxation")
    s.c("Alice holds 9: three discards would leave her at 6, over her reserve of 4.")
    s.x("discard_to_reserve", player="A", cards=A_HAND[:3])
    s.a("discard_to_reserve", player="A", cards=A_HAND[:5])
    s.a("discard_to_reserve", player="B", cards=B_HAND[:4])


def s52() -> None:
    s = S("2e-time-play-through-taxation", "2e", "strict",
          "Tournament Regulations › End of Round › Time: 'When time is called at the end of a tournament round, players "
          "must play through the taxation phase of the current game round. If neither player has won, they follow the "
          "\"Going to Time\" rules'; Going to Time step 1. RR: Appendix I › 7.3 (reserve is part of taxation).",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.plots(WOW, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.c("Time is called during Alice's marshaling turn.")
    s.a("call_time")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.phase("challenges")
    s.c("The round is not finished.")
    s.x("go_to_time")
    s.passes("B", "A")
    s.c("Dominance: Alice 2 + 3 = 5, Bob 2 + 5 = 7.")
    s.phase("dominance").a("win_dominance", player="B")
    s.phase("standing").phase("taxation")
    s.a("discard_to_reserve", player="B", cards=B_HAND[:3])
    s.c("Alice still holds 9 cards over a reserve of 5.")
    s.x("go_to_time")
    s.a("discard_to_reserve", player="A", cards=A_HAND[:4])
    s.a("go_to_time")
    s.c("Bob has 1 power, Alice none: step 1 decides, nobody chooses.")
    s.x("choose_winner", player="B", winner="B")


def s53() -> None:
    s = S("2e-knelt-by-a-plot", "2e", "strict",
          "Filthy Accusations: 'When Revealed: Choose and kneel a character.' (RR: Appendix I › 1.3 III, after the first "
          "player is chosen.) 4.2 and 4.2.1: attackers and defenders 'must be standing'; 5.2 counts standing characters; "
          "6.2 stands every kneeling card.",
          stark(STARK_CARDS), lann(LANN_CARDS, [FILTHY, LIONS, MEDDLING, TAXATION, RATIONING, FEAST, CACHE]))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(BURNED), B_(TYRION)])
    s.plots(FEAST, FILTHY, "B", "B")
    s.c("Bob's Filthy Accusations kneels Robb.")
    s.a("kneel", player="B", card=A_(ROBB))
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.phase("challenges")
    s.a("initiate_challenge", player="B", kind="military", defender="A", attackers=[B_(BURNED)])
    s.x("declare_defenders", player="A", defenders=[A_(ROBB)])
    s.a("declare_defenders", player="A", defenders=[A_(TKNIGHT)])
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(TKNIGHT)]).a("pass_turn", player="B")
    s.x("initiate_challenge", player="A", kind="power", defender="B", attackers=[A_(ROBB)])
    s.a("pass_turn", player="A")
    s.c("Dominance: Alice has no standing character, 6 gold; Bob Tyrion 4 + 4 gold = 8.")
    s.phase("dominance").a("win_dominance", player="B")
    taxed(s, "BA", {"B": B_HAND[:3], "A": A_HAND[:5]})
    s.c("Round 2: The Winds of Winter (4) against Lions of the Rock (4); Alice has less power: she wins initiative.")
    s.plots(WOW, LIONS, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(ROBB)], [B_(BURNED)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED), B_(TYRION)])
    s.a("renown", player="A", cards=[A_(ROBB)]).a("pass_turn", player="A")


def s54() -> None:
    s = S("2e-challenges-turn-passed", "2e", "strict",
          "RR: Appendix I › 4.2: 'If the active player passes this opportunity to initiate a challenge ... proceed to "
          "step 4.3.' 4.3: 'the next player in player order becomes the active player.' 'If all players have been the "
          "active player this phase, proceed to 4.4.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(BURNED), B_(TYRION), B_(MERCHANT)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(ROBB)], [])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED)]).a("renown", player="A", cards=[A_(ROBB)])
    s.a("pass_turn", player="A")
    s.c("Alice passed: her challenges are over for this phase.")
    s.x("initiate_challenge", player="A", kind="power", defender="B", attackers=[A_(TKNIGHT)])
    s.challenge("B", "intrigue", "A", [B_(TYRION)], [])
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(HMAESTER)])
    s.c("Bob has not passed and could still attack with his standing Merchant.")
    s.x("begin_phase", phase="dominance")
    s.a("pass_turn", player="B")
    s.phase("dominance")


def s55() -> None:
    s = S("2e-effect-draw-eliminates", "2e", "strict",
          "RR: Winning the Game: 'A player is eliminated from the game when his or her draw deck has no cards "
          "remaining. If all of a player's opponents are eliminated from the game, the remaining player wins the game.' "
          "(Littlefinger: 'After you marshal Littlefinger, draw 2 cards.' Alice's 12-card deck stands for a long game.)",
          stark({TKNIGHT: 3, WSTEWARD: 3, HMAESTER: 3, LITTLEFINGER: 1, ROSEROAD: 2}, size=12), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.c("Alice's deck holds 2 cards; Littlefinger's draw takes both: she is eliminated, Bob wins.")
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(LITTLEFINGER))
    s.a("draw_cards", player="A", count=2, source=A_(LITTLEFINGER))
    s.x("pass_turn", player="A")


CRANNOGMEN, SMALLFOLK, ARYA_SHADOW, IMPS_AGENT = "23011", "13081", "13101", "26025"


def s56() -> None:
    s = S("2e-shadows-marshal-and-bring-out", "2e", "strict",
          "RR: Shadows › Marshaling a card into shadows: 'the active player may, as a player action, pay 2 gold to "
          "marshal a card with the shadow keyword into shadows'; 'Cards without the shadow keyword cannot be marshaled "
          "into shadows.' › Bringing a card out of shadows: 'As an action, a player may bring a character ... out of "
          "shadows and into play by paying its shadow cost'.",
          stark({**STARK_CARDS, CRANNOGMEN: 2, SMALLFOLK: 1}), lann({**LANN_CARDS, IMPS_AGENT: 2}))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(TYRION), B_(BURNED)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A")
    s.c("Crannogmen (Shadow (3)) and Smallfolk Mob (Shadow (4)) into shadows for 2 each: 2 gold left.")
    s.a("marshal_into_shadows", player="A", card=A_(CRANNOGMEN))
    s.a("marshal_into_shadows", player="A", card=A_(SMALLFOLK))
    s.c("A Tumblestone Knight has no Shadow keyword.")
    s.x("marshal_into_shadows", player="A", card=A_(TKNIGHT, 2))
    s.a("pass_turn", player="A")
    s.a("collect_income", player="B").a("marshal_into_shadows", player="B", card=B_(IMPS_AGENT)).a("pass_turn", player="B")
    s.phase("challenges")
    s.a("initiate_challenge", player="A", kind="military", defender="B", attackers=[A_(ROBB)])
    s.a("declare_defenders", player="B", defenders=[B_(BURNED)])
    s.c("Crannogmen cost 3 to bring out; Alice has 2.")
    s.x("bring_out", player="A", card=A_(CRANNOGMEN))
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED)]).a("renown", player="A", cards=[A_(ROBB)])
    s.c("Bob brings The Imp's Agent out for 3 in the action window after the challenge.")
    s.a("bring_out", player="B", card=B_(IMPS_AGENT))
    s.a("pass_turn", player="A").a("pass_turn", player="B")
    s.phase("dominance")


def s57() -> None:
    s = S("2e-shadows-unique-duplicate-and-dead-pile", "2e", "strict",
          "RR: Shadows › Unique cards and shadows: 'A player may bring a unique card out of shadows by paying its shadow "
          "cost even if he or she owns and controls another copy of that unique card in play. However, the card will "
          "enter play as a duplicate.' 'Bringing a unique card out of shadows is subject to the same restrictions as any "
          "other attempt to put a unique card into play.' RR: Dead Pile; RR: Leaves Play (duplicates are discarded).",
          stark({**STARK_CARDS, ARYA_SHADOW: 2}), lann(LANN_CARDS))
    s.c("Alice sets up Arya Stark and puts two copies of the other Arya Stark (Shadow (4)) into shadows: 3 + 2 + 2.")
    s.setup(a=[A_(ARYA)], b=[B_(TYRION), B_(BURNED)], a_shadows=[A_(ARYA_SHADOW), A_(ARYA_SHADOW, 2)])
    s.plots(FEAST, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A")
    s.c("The first shadows Arya comes out for 4 as a duplicate of the one in play.")
    s.a("bring_out", player="A", card=A_(ARYA_SHADOW)).a("pass_turn", player="A")
    s.phase("challenges")
    s.challenge("B", "military", "A", [B_(BURNED)], [])
    s.c("Alice kills Arya for the claim and does not use her duplicate (it is discarded).")
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(ARYA)]).passes("B", "A")
    s.c("Dominance: Bob 4 + 5 = 9, Alice 0 + 2 = 2.")
    s.phase("dominance").a("win_dominance", player="B")
    taxed(s, "BA", {"B": B_HAND[:3], "A": A_HAND[:5]})
    s.plots(TAXATION, LIONS, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A")
    s.c("Alice has 5 gold, but a copy of Arya Stark is in her dead pile.")
    s.x("bring_out", player="A", card=A_(ARYA_SHADOW, 2))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")


def s58() -> None:
    s = S("2e-str-below-zero-counts-zero", "2e", "strict",
          "RR: Modifiers: 'A quantity cannot be reduced so that it functions with a value below zero ... any resultant "
          "value below zero is treated as zero.' RR: Appendix I › 4.2.2 (a tie goes to the attacker).",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(GOLDCLOAKS), B_(BURNED)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(ROBB), A_(TKNIGHT)], [B_(GOLDCLOAKS), B_(BURNED)])
    s.c("An effect of Bob's gives the Tumblestone Knight -5 STR: it counts 0, not -3. 5 against 5: Alice wins.")
    s.a("modify", player="A", stat="str", card=A_(TKNIGHT), amount=-5, until="challenge")
    s.x("challenge_result", winner="B")
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED)]).a("renown", player="A", cards=[A_(ROBB)])
    s.a("pass_turn", player="A")


def s59() -> None:
    s = S("2e-initiative-below-zero-counts-zero", "2e", "strict",
          "RR: Modifiers: 'any resultant value below zero is treated as zero.' RR: Appendix I › 1.3 I: a tie goes to 'the "
          "tied player with the lowest power total'.",
          stark(STARK_CARDS), lann(LANN_CARDS, [NOBLE, WOW, LIONS, TAXATION, RATIONING, FEAST, CACHE]))
    s.setup(a=[A_(TKNIGHT)], b=[B_(TYRION), B_(BURNED)])
    s.plots(FEAST, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.phase("challenges").passes("B", "A")
    s.c("Dominance: Bob 6 + 5 = 11, Alice 2 + 6 = 8.")
    s.phase("dominance").a("win_dominance", player="B")
    taxed(s, "BA", {"B": B_HAND[:3], "A": A_HAND[:5]})
    s.c("Round 2: The Winds of Winter (4) with an effect's -10 counts 0; A Noble Cause has 0. Tied at 0: Alice has "
        "less power and wins initiative.")
    s.plots(WOW, NOBLE)
    s.a("modify", player="A", stat="initiative", amount=-10)
    s.x("choose_first_player", player="B", first="B")
    s.a("choose_first_player", player="A", first="A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A")


def s60() -> None:
    s = S("2e-time-called-game-won-before-the-end", "2e", "strict",
          "Tournament Regulations › End of Round › Time: 'players must play through the taxation phase of the current "
          "game round. If neither player has won, they follow the \"Going to Time\" rules'. RR: Winning the Game. "
          "(Earlier rounds are summed up: Alice has 14 power.)",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(BURNED), B_(MERCHANT)])
    s.a("set_power", player="A", amount=14)
    s.plots(FEAST, WOW, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.a("call_time")
    s.passes("A", "B")
    s.c("Dominance: Alice 7 + 6 = 13, Bob 3 + 3 = 6: Alice's 15th power wins the game outright.")
    s.phase("dominance").a("win_dominance", player="A")
    s.x("go_to_time")


def s25() -> None:
    s = S("2e-claim-from-attackers-plot", "2e", "strict",
          "RR: Claim or Claim Value: 'The claim value on a player's revealed plot card (which incorporates all relevant "
          "claim modifiers) determines the potency of each challenge that player initiates'. RR: Appendix I › 4.2.4: "
          "'using the claim value on the attacking player's revealed plot card'. Winter Is Coming: 'Until the end of "
          "the challenge, raise the claim value on your revealed plot card by 1.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(BURNED), B_(MERCHANT), B_(HMAESTER), B_(PYCELLE)])
    s.c("Alice: A Feast for Crows (claim 1). Bob: The Winds of Winter (claim 2).")
    s.plots(FEAST, WOW, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(HMAESTER))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(ROBB)], [])
    s.a("challenge_result")
    s.c("Alice's plot says 1, not Bob's 2.")
    s.x("apply_claim", player="B", cards=[B_(BURNED), B_(MERCHANT)])
    s.a("apply_claim", player="B", cards=[B_(BURNED)]).a("renown", player="A", cards=[A_(ROBB)])
    s.challenge("A", "intrigue", "B", [A_(HMAESTER)], [B_(PYCELLE)])
    s.c("Winter Is Coming raises Alice's claim to 2 for this challenge.")
    s.a("play_event", player="A", card=A_(WIC))
    s.a("modify", player="A", stat="claim", amount=1, until="challenge", source=A_(WIC))
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(MERCHANT, 2), B_(MERCHANT, 3)])
    s.c("The next challenge is back to claim 1 (Bob has no power to lose).")
    s.challenge("A", "power", "B", [A_(TKNIGHT)], [B_(HMAESTER)])
    s.a("challenge_result").a("apply_claim", player="B").a("pass_turn", player="A")


def s26() -> None:
    s = S("2e-claim-only-when-attacker-wins", "2e", "advisory",
          "RR: Appendix I › 4.2.4: 'If the attacking player is the challenge winner, the claim result of the challenge "
          "is now applied ... If the defending player wins the challenge, no claim result occurs.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(GOLDCLOAKS), B_(BURNED)])
    s.plots(WOW, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Tumblestone Knight 2 against Gold Cloaks 3: Bob, the defender, wins. No claim.")
    s.challenge("A", "military", "B", [A_(TKNIGHT)], [B_(GOLDCLOAKS)])
    s.a("challenge_result")
    s.x("apply_claim", player="B", cards=[B_(BURNED)])
    s.challenge("A", "power", "B", [A_(ROBB)], [])
    s.a("challenge_result").a("apply_claim", player="B").a("renown", player="A", cards=[A_(ROBB)])
    s.a("pass_turn", player="A")


def s27() -> None:
    s = S("2e-intrigue-claim", "2e", "strict",
          "RR: Intrigue Claim: 'that player must discard a number of random cards from his or her hand equal to the "
          "claim value on the attacking player's revealed plot card.' RR: Appendix I › 4.2.4 Intrigue.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(HMAESTER), A_(ROBB)], b=[B_(BURNED), B_(MERCHANT)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "intrigue", "B", [A_(HMAESTER)], [])
    s.a("challenge_result")
    s.c("Claim 1 (A Feast for Crows): two cards is too many.")
    s.x("apply_claim", player="B", cards=[B_(MERCHANT, 2), B_(MERCHANT, 3)])
    s.c("Burned Men are in play, not in Bob's hand.")
    s.x("apply_claim", player="B", cards=[B_(BURNED)])
    s.c("A card from Alice's hand.")
    s.x("apply_claim", player="B", cards=[A_(TKNIGHT)])
    s.a("apply_claim", player="B", cards=[B_(MERCHANT, 2)])
    s.passes("A", "B")
    s.phase("dominance")


def s28() -> None:
    s = S("2e-power-claim-reaches-15", "2e", "advisory",
          "RR: Power Claim: 'that player must remove a number of power from his or her faction card equal to the claim "
          "value on the attacking player's revealed plot card, and move it to the attacking player's faction card.' "
          "RR: Moving Power: moved power counts toward the victory condition. RR: Winning the Game: 'The game ends "
          "immediately'. (Earlier rounds are summed up: Alice 12 power, Bob 4.)",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(BURNED), B_(TYRION)])
    s.a("set_power", player="A", amount=12).a("set_power", player="B", amount=4)
    s.c("Alice: The Winds of Winter (claim 2). Bob: Taxation (claim 1).")
    s.plots(WOW, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Unopposed: Alice 13. The claim moves 2 of Bob's power: Alice 15, the game is over.")
    s.challenge("A", "power", "B", [A_(ROBB)], [])
    s.a("challenge_result").a("apply_claim", player="B")
    s.x("renown", player="A", cards=[A_(ROBB)])


def s29() -> None:
    s = S("2e-power-claim-as-much-as-possible", "2e", "strict",
          "RR: Power Claim: 'If the player controls less power than would satisfy claim, as much of the claim as "
          "possible must be satisfied.' RR: Renown; RR: Winning the Game. (Earlier rounds are summed up: Alice 13 "
          "power, Bob 1.)",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(BURNED), B_(MERCHANT)])
    s.a("set_power", player="A", amount=13).a("set_power", player="B", amount=1)
    s.plots(WOW, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Robb 5 against the Merchant 1 (opposed). Claim 2, but Bob has 1 power: Alice 14.")
    s.challenge("A", "power", "B", [A_(ROBB)], [B_(MERCHANT)])
    s.a("challenge_result").a("apply_claim", player="B")
    s.c("Renown: Alice's 15th power.")
    s.a("renown", player="A", cards=[A_(ROBB)])
    s.x("pass_turn", player="A")


def s30() -> None:
    s = S("2e-renown-once-after-claim", "2e", "strict",
          "RR: Renown: 'After a player wins a challenge, each participating character with the renown keyword he or "
          "she controls may gain 1 power.' RR: Appendix I › 4.2.5 (after 4.2.4 Apply claim); FAQ: Processing Keywords: "
          "'Each keyword type can only be processed once during challenge resolution.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(NED), A_(WSTEWARD)], b=[B_(BURNED), B_(MERCHANT), B_(HMAESTER)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(ROBB))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "power", "B", [A_(ROBB), A_(WSTEWARD)], [B_(MERCHANT)])
    s.a("challenge_result")
    s.c("Renown comes after the claim.")
    s.x("renown", player="A", cards=[A_(ROBB)])
    s.a("apply_claim", player="B")
    s.c("The Winterfell Steward has no renown; Eddard did not participate.")
    s.x("renown", player="A", cards=[A_(WSTEWARD)])
    s.x("renown", player="A", cards=[A_(NED)])
    s.a("renown", player="A", cards=[A_(ROBB)])
    s.c("Once a challenge.")
    s.x("renown", player="A", cards=[A_(ROBB)])
    s.challenge("A", "military", "B", [A_(NED)], [B_(BURNED)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED)]).a("renown", player="A", cards=[A_(NED)])
    s.a("pass_turn", player="A")


def s31() -> None:
    s = S("2e-renown-defender-wins", "2e", "advisory",
          "RR: Renown: 'After a player wins a challenge, each participating character with the renown keyword he or she "
          "controls may gain 1 power.' RR: Participating: defenders participate.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(NED), A_(WSTEWARD)], b=[B_(TYRION), B_(BURNED)])
    s.plots(WOW, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.phase("challenges")
    s.c("Tyrion (4) attacks; Eddard (5, renown) defends and wins: his renown counts.")
    s.challenge("B", "power", "A", [B_(TYRION)], [A_(NED)])
    s.a("challenge_result").a("renown", player="A", cards=[A_(NED)])
    s.c("Bob lost, and Tyrion has no renown.")
    s.x("renown", player="B", cards=[B_(TYRION)])
    s.challenge("B", "military", "A", [B_(BURNED)], [])
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(WSTEWARD)]).a("pass_turn", player="B")


def s32() -> None:
    s = S("2e-stealth", "2e", "strict",
          "RR: Stealth: 'for each character with stealth he or she declares as an attacker, that player may choose one "
          "character without stealth controlled by the defending player. Each chosen character is considered bypassed "
          "by stealth, and cannot be declared as a defender for that challenge.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ARYA), A_(TKNIGHT)], b=[B_(TYRION), B_(MERCHANT), B_(HMAESTER)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(ROBB))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("marshal", player="B", card=B_(BURNED))
    s.a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Tyrion has stealth himself: he cannot be bypassed.")
    s.x("initiate_challenge", player="A", kind="power", defender="B", attackers=[A_(ARYA), A_(TKNIGHT)],
        bypassed=[B_(TYRION)])
    s.c("One stealth attacker bypasses one character.")
    s.x("initiate_challenge", player="A", kind="power", defender="B", attackers=[A_(ARYA), A_(TKNIGHT)],
        bypassed=[B_(HMAESTER), B_(MERCHANT)])
    s.a("initiate_challenge", player="A", kind="power", defender="B", attackers=[A_(ARYA), A_(TKNIGHT)],
        bypassed=[B_(HMAESTER)])
    s.x("declare_defenders", player="B", defenders=[B_(HMAESTER)])
    s.a("declare_defenders", player="B", defenders=[B_(MERCHANT)])
    s.a("challenge_result").a("apply_claim", player="B")
    s.c("Robb has no stealth.")
    s.x("initiate_challenge", player="A", kind="military", defender="B", attackers=[A_(ROBB)], bypassed=[B_(BURNED)])
    s.challenge("A", "military", "B", [A_(ROBB)], [B_(BURNED)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED)]).a("renown", player="A", cards=[A_(ROBB)])
    s.a("pass_turn", player="A")


def s33() -> None:
    s = S("2e-claim-before-the-challenge-ends", "2e", "strict",
          "RR: Military Claim: 'that player must choose ... characters he or she controls'. RR: Appendix I › 4.2.4 "
          "(the claim is applied), 4.2.5, 4.2.6 Challenge ends, then the next challenge or 4.3.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(BURNED), B_(MERCHANT), B_(HMAESTER)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(ROBB)], [])
    s.a("challenge_result")
    s.c("The defender chooses the characters, not the attacker.")
    s.x("apply_claim", player="A", cards=[B_(BURNED)])
    s.c("The claim must be applied before the turn passes or another challenge begins.")
    s.x("pass_turn", player="A")
    s.x("initiate_challenge", player="A", kind="power", defender="B", attackers=[A_(TKNIGHT)])
    s.a("apply_claim", player="B", cards=[B_(MERCHANT)]).a("renown", player="A", cards=[A_(ROBB)])
    s.a("pass_turn", player="A")
    s.challenge("B", "intrigue", "A", [B_(HMAESTER)], [])
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(WSTEWARD)]).a("pass_turn", player="B")
    s.phase("dominance")


def s34() -> None:
    s = S("2e-dominance-standing-str-and-gold", "2e", "strict",
          "RR: Appendix I › 5.2 Determine dominance: 'Each player simultaneously counts the total combined STR of all "
          "of his or her standing characters, and adds 1 to this total for each gold token in his or her gold pool. "
          "The player with the highest total wins dominance for the round, and gains 1 power'.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(TYRION), B_(BURNED)])
    s.plots(FEAST, MEDDLING, random="B").a("choose_first_player", player="B", first="B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("marshal", player="B", card=B_(MERCHANT))
    s.a("pass_turn", player="B").a("collect_income", player="A").a("marshal", player="A", card=A_(TKNIGHT, 2))
    s.a("pass_turn", player="A")
    s.phase("challenges")
    s.challenge("B", "military", "A", [B_(BURNED)], [A_(TKNIGHT)])
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(TKNIGHT)]).a("pass_turn", player="B")
    s.challenge("A", "power", "B", [A_(ROBB)], [B_(MERCHANT)])
    s.a("challenge_result").a("apply_claim", player="B").a("renown", player="A", cards=[A_(ROBB)])
    s.a("pass_turn", player="A")
    s.phase("dominance")
    s.c("Alice: standing Tumblestone Knight 2 + 4 gold = 6 (Robb kneels). Bob: Tyrion 4 + 3 gold = 7 (Burned Men "
        "and the Merchant kneel). Bob wins.")
    s.x("win_dominance", player="A")
    s.x("win_dominance")
    s.a("win_dominance", player="B")
    s.c("Once a round.")
    s.x("win_dominance", player="B")
    s.phase("standing")


def s35() -> None:
    s = S("2e-dominance-tie-and-no-characters", "2e", "advisory",
          "RR: Appendix I › 5.2: 'If there is a tie for the highest total, no player wins dominance.' '(Note: a player "
          "may win dominance with no standing characters.)'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.c("Both reveal The Winds of Winter: initiative and power tied, a random pick.")
    s.plots(WOW, WOW, random="A").a("choose_first_player", player="A", first="A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges").passes("A", "B")
    s.phase("dominance")
    s.c("Alice 2 + 3 = 5, Bob 2 + 3 = 5: nobody wins dominance.")
    s.x("win_dominance", player="A")
    taxed(s, "AB", {"A": A_HAND[:4], "B": B_HAND[:4]})
    s.plots(FEAST, LIONS, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.phase("challenges")
    s.challenge("B", "military", "A", [B_(BURNED)], [])
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(TKNIGHT)]).a("pass_turn", player="B")
    s.a("pass_turn", player="A")
    s.phase("dominance")
    s.c("Alice has no character left but 6 gold; Bob's Burned Men kneel and he has 4 gold: Alice wins.")
    s.a("win_dominance", player="A")


def s36() -> None:
    s = S("2e-dominance-modifier-wins-the-game", "2e", "advisory",
          "RR: Appendix I › 5.2 (the winner gains 1 power); The Iron Throne: 'contributes 8 STR to your total for "
          "dominance' (recorded as a modifier). RR: Winning the Game: 'The game ends immediately if a player meets the "
          "victory condition'. (Earlier rounds are summed up: Alice has 14 power.)",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(IRON_THRONE), A_(TKNIGHT), A_(HMAESTER)], b=[B_(TYRION), B_(BURNED)])
    s.a("set_power", player="A", amount=14)
    s.plots(WOW, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("marshal", player="B", card=B_(GOLDCLOAKS))
    s.a("pass_turn", player="B").a("collect_income", player="A").a("pass_turn", player="A")
    s.phase("challenges").passes("B", "A")
    s.phase("dominance")
    s.c("Alice 4 STR + 3 gold + 8 (The Iron Throne) = 15; Bob 9 + 1 = 10.")
    s.a("modify", player="A", stat="dominance", amount=8, source=A_(IRON_THRONE))
    s.a("win_dominance", player="A")
    s.c("Alice's 15th power: the game is over.")
    s.x("begin_phase", phase="standing")


def s37() -> None:
    s = S("2e-standing-phase-stands-everything", "2e", "strict",
          "RR: Appendix I › 6.2 Stand cards: 'Simultaneously stand each kneeling card in play.' RR: Kneel: 'A kneeling "
          "card cannot kneel again until it is standing'. 4.2: attackers 'must be standing'.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(BURNED), B_(MERCHANT), B_(HMAESTER)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(ROBB)], [])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(MERCHANT)]).a("renown", player="A", cards=[A_(ROBB)])
    s.x("initiate_challenge", player="A", kind="power", defender="B", attackers=[A_(ROBB)])
    s.c("A cost that kneels Robb again.")
    s.x("kneel", player="A", card=A_(ROBB))
    s.challenge("A", "power", "B", [A_(TKNIGHT)], [B_(HMAESTER)])
    s.a("challenge_result").a("apply_claim", player="B").a("pass_turn", player="A").a("pass_turn", player="B")
    s.c("Dominance: Alice kneels everything, 6 gold; Bob 2 (Burned Men) + 5 gold = 7.")
    s.phase("dominance").a("win_dominance", player="B")
    taxed(s, "AB", {"A": A_HAND[:5], "B": [B_(MERCHANT, 2), B_(MERCHANT, 3), B_(BURNED, 2)]})
    s.plots(CLASH, LIONS, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Robb stood in the standing phase.")
    s.challenge("A", "military", "B", [A_(ROBB)], [B_(BURNED)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(BURNED)]).a("renown", player="A", cards=[A_(ROBB)])
    s.a("pass_turn", player="A")


def s38() -> None:
    s = S("2e-taxation-returns-unspent-gold", "2e", "advisory",
          "RR: Appendix I › 7.2 Return unspent gold: 'Each player simultaneously returns all unspent gold in his or her "
          "gold pool to the treasury.' RR: Income (the new round's gold is the plot's).",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED), B_(TYRION)])
    s.plots(FEAST, WOW, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("marshal", player="A", card=A_(WSTEWARD)).a("pass_turn", player="A")
    s.phase("challenges").passes("B", "A")
    s.c("Dominance: Alice 3 + 5 gold = 8, Bob 6 + 3 = 9.")
    s.phase("dominance").a("win_dominance", player="B")
    s.c("Taxation: Alice's 5 gold and Bob's 3 go back to the treasury.")
    taxed(s, "BA", {"B": B_HAND[:4], "A": [A_(HMAESTER), A_(HMAESTER, 2), A_(HMAESTER, 3), A_(WSTEWARD, 2)]})
    s.plots(WOW, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.c("The Winds of Winter: 3 gold, nothing kept from last round: Robb (6) is out of reach.")
    s.a("collect_income", player="A")
    s.x("marshal", player="A", card=A_(ROBB))


def s39() -> None:
    s = S("2e-reserve-exactly-in-player-order", "2e", "strict",
          "RR: Appendix I › 7.3 Check reserve: 'Each player, in player order, checks his or her reserve.' 'Any player "
          "with more cards in hand than the reserve value ... chooses and discards cards from his or her hand until that "
          "player's hand size and reserve value are equal.' 'A player is not permitted to discard cards from his or her "
          "hand at this time while at or below his or her reserve value.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.c("Alice: A Feast for Crows (reserve 4). Bob: The Winds of Winter (reserve 5).")
    s.plots(FEAST, WOW, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: Alice 2 + 6 = 8, Bob 2 + 3 = 5.")
    s.phase("dominance").a("win_dominance", player="A")
    s.phase("standing").phase("taxation")
    s.c("Both hold 9 cards. Alice is the first player: she checks first.")
    s.x("discard_to_reserve", player="B", cards=B_HAND[:4])
    s.c("Four leaves Alice at 5, over her reserve; six leaves her at 3.")
    s.x("discard_to_reserve", player="A", cards=A_HAND[:4])
    s.x("discard_to_reserve", player="A", cards=A_HAND[:6])
    s.a("discard_to_reserve", player="A", cards=A_HAND[:5])
    s.a("discard_to_reserve", player="B", cards=B_HAND[:4])
    s.c("Alice is at her reserve now.")
    s.x("discard_to_reserve", player="A", cards=[A_(WSTEWARD, 3)])
    s.plots(CLASH, LIONS, "A", "A")


def s40() -> None:
    s = S("2e-reserve-printed-modifiers", "2e", "advisory",
          "RR: Reserve Value: 'the reserve value on his or her currently revealed plot (which incorporates all relevant "
          "reserve modifiers)'. RR: Plot Value Modifiers: '+1 Reserve' icons are cumulative (The Iron Throne, The God's "
          "Eye).",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(IRON_THRONE), A_(GODS_EYE), A_(TKNIGHT)], b=[B_(TYRION), B_(BURNED)])
    s.plots(FEAST, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.c("A Feast for Crows 6 + The God's Eye 1 = 7 gold.")
    s.a("collect_income", player="A").a("marshal", player="A", card=A_(ROBB)).a("pass_turn", player="A")
    s.phase("challenges").passes("B", "A")
    s.c("Dominance: Bob 6 + 5 = 11, Alice 7 + 1 = 8.")
    s.phase("dominance").a("win_dominance", player="B")
    s.phase("standing").phase("taxation")
    s.c("Bob: 9 cards, reserve 6. Alice: 8 cards, reserve 4 + 1 + 1 = 6.")
    s.a("discard_to_reserve", player="B", cards=B_HAND[:3])
    s.a("discard_to_reserve", player="A", cards=A_HAND[:2])
    s.c("Bob is at his reserve.")
    s.x("discard_to_reserve", player="B", cards=[B_(BURNED, 2)])


def s41() -> None:
    s = S("2e-reserve-before-the-round-ends", "2e", "strict",
          "RR: Appendix I › 7.3 Check reserve (a player over its reserve 'chooses and discards'), 7.5 Taxation phase "
          "ends: 'this step also formalizes the end of the round.' RR: Reserve Value: 'that player must choose and "
          "discard'.",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.plots(WOW, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: Alice 2 + 3 = 5, Bob 2 + 5 = 7.")
    s.phase("dominance").a("win_dominance", player="B")
    s.phase("standing").phase("taxation")
    s.a("discard_to_reserve", player="A", cards=A_HAND[:4])
    s.c("Bob holds 9 cards over a reserve of 6 and has not discarded.")
    s.x("begin_phase", phase="plot")
    s.a("discard_to_reserve", player="B", cards=B_HAND[:3])
    s.a("begin_phase", phase="plot")
    s.a("choose_plot", player="A", card=A_(FEAST)).a("choose_plot", player="B", card=B_(LIONS))
    s.a("choose_first_player", player="B", first="B")


def s42() -> None:
    s = S("2e-time-fewest-power-needed", "2e", "strict",
          "Tournament Regulations › End of Round › Time: 'players must play through the taxation phase of the current "
          "game round. If neither player has won, they follow the \"Going to Time\" rules'. Going to Time step 1: 'The "
          "player who needs the fewest power to achieve victory.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(TYRION), B_(BURNED)])
    s.plots(WOW, LIONS, random="A").a("choose_first_player", player="A", first="A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "power", "B", [A_(ROBB)], [])
    s.a("challenge_result").a("apply_claim", player="B").a("renown", player="A", cards=[A_(ROBB)])
    s.c("The judge calls time.")
    s.a("call_time")
    s.passes("A", "B")
    s.c("Dominance: Alice 2 + 3 = 5, Bob 6 + 4 = 10.")
    s.phase("dominance").a("win_dominance", player="B")
    taxed(s, "AB", {"A": A_HAND[:4], "B": B_HAND[:3]})
    s.c("No new round once time is called.")
    s.x("begin_phase", phase="plot")
    s.a("go_to_time")
    s.c("Alice has 2 power (needs 13), Bob 1 (needs 14): step 1 gives Alice the modified win; nobody chooses.")
    s.x("choose_winner", player="A", winner="A")


def s43() -> None:
    s = S("2e-time-first-player-chooses", "2e", "strict",
          "Tournament Regulations › Going to Time: steps 1 to 4 (power needed, cards in the draw deck, dominance in the "
          "final round, characters in the dead pile), then step 5: 'The player who was first player at the end of the "
          "game chooses a player to receive the modified win.' RR: Appendix I › 5.2 (a tie: nobody).",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.plots(WOW, WOW, random="B").a("choose_first_player", player="B", first="A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.a("call_time")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: 2 + 3 each: nobody.")
    s.phase("dominance").a("win_dominance")
    taxed(s, "AB", {"A": A_HAND[:4], "B": B_HAND[:4]})
    s.a("go_to_time")
    s.c("0 power each, 50 cards in each deck, no dominance, no dead characters: Alice, the first player, chooses.")
    s.x("choose_winner", player="B", winner="B")
    s.a("choose_winner", player="A", winner="B")


def s44() -> None:
    s = S("2e-time-cards-in-draw-deck", "2e", "advisory",
          "Tournament Regulations › Going to Time step 2: 'The player with the most cards remaining in his or her draw "
          "deck.' (Littlefinger: 'After you marshal Littlefinger, draw 2 cards.')",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT)], b=[B_(BURNED)])
    s.plots(FEAST, TAXATION, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(LITTLEFINGER))
    s.a("draw_cards", player="A", count=2, source=A_(LITTLEFINGER)).a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.a("call_time")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: Alice 2 + 4 + 1 gold = 7, Bob 2 + 5 = 7: nobody.")
    s.phase("dominance").a("win_dominance")
    taxed(s, "AB", {"A": A_HAND, "B": B_HAND[:3]})
    s.a("go_to_time")
    s.c("0 power each; Alice's deck holds 48 cards, Bob's 50: Bob receives the modified win.")
    s.x("choose_winner", player="A", winner="A")


def s45() -> None:
    s = S("2e-time-dominance-in-final-round", "2e", "strict",
          "Tournament Regulations › Going to Time step 3: 'The player who won dominance in the final round of play.' "
          "(It comes before step 4, the dead pile.)",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB), A_(TKNIGHT)], b=[B_(BURNED), B_(TYRION)])
    s.plots(FEAST, MEDDLING, random="B").a("choose_first_player", player="B", first="B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.phase("challenges")
    s.challenge("B", "military", "A", [B_(BURNED)], [])
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(TKNIGHT)]).a("pass_turn", player="B")
    s.a("pass_turn", player="A")
    s.a("call_time")
    s.c("Dominance: Alice 5 + 6 = 11, Bob 4 + 4 = 8.")
    s.phase("dominance").a("win_dominance", player="A")
    taxed(s, "BA", {"B": B_HAND[:3], "A": A_HAND[:5]})
    s.a("go_to_time")
    s.c("1 power each, 50 cards each; Alice won dominance: she receives the modified win (her dead Knight does not "
        "matter).")
    s.x("choose_winner", player="B", winner="B")


def s46() -> None:
    s = S("2e-time-fewest-dead-characters", "2e", "advisory",
          "Tournament Regulations › Going to Time step 4: 'The player with the fewest characters in his or her dead "
          "pile.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(TKNIGHT), A_(HMAESTER)], b=[B_(GOLDCLOAKS), B_(MERCHANT)])
    s.plots(WOW, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("marshal", player="B", card=B_(TYRION))
    s.a("pass_turn", player="B").a("collect_income", player="A").a("pass_turn", player="A")
    s.phase("challenges")
    s.c("Gold Cloaks 3 against the Tumblestone Knight 2: Bob wins (opposed); Alice kills the Knight.")
    s.challenge("B", "military", "A", [B_(GOLDCLOAKS)], [A_(TKNIGHT)])
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(TKNIGHT)]).a("pass_turn", player="B")
    s.a("pass_turn", player="A")
    s.phase("dominance")
    s.a("call_time")
    s.c("Dominance: Alice 2 + 3 = 5, Bob 1 + 4 + 0 = 5: nobody.")
    s.a("win_dominance")
    taxed(s, "BA", {"B": [B_(MERCHANT, 2), B_(MERCHANT, 3)], "A": A_HAND[1:5]})
    s.a("go_to_time")
    s.c("0 power each, 49 cards each, no dominance; Alice has a character in her dead pile: Bob wins.")
    s.x("choose_winner", player="B", winner="A")


def s47() -> None:
    s = S("2e-concession", "2e", "advisory",
          "Tournament Regulations › End of Round › Concession: 'A player voluntarily concedes defeat at any point during "
          "the game. The conceding player receives a loss and the opponent receives a win.'",
          stark(STARK_CARDS), lann(LANN_CARDS))
    s.setup(a=[A_(ROBB)], b=[B_(TYRION)])
    s.plots(WOW, TAXATION, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A")
    s.a("concede", player="A")
    s.c("The game is over.")
    s.x("marshal", player="A", card=A_(TKNIGHT))


# =====================================================================================================
# 1st edition (King's Landing Shadows rules); the round's framework as in the RR, without reserve
# =====================================================================================================

CERSEI1, JOFFREY1, TYRION38 = "core_39", "core_36", "core_38"
BARA_1E = {HOST: 3, BRIENNE: 1, BASTARD: 3, SMUGGLER: 3, AEGON: 3, SCOUT: 3, CROSSROADS: 3, SHADOWCAT: 3,
           SHADOW_POLITICS: 3}
LANN_1E = {LSTEWARD: 3, WEAPONSMITH: 3, GOLDROAD: 3, TYRION1: 1, GOLDCLOAKS1: 3, QYBURN_INF: 3, RAFF: 1,
           CERSEI1: 1, JOFFREY1: 1, TYRION38: 1}
INSERT = "1E Shadows insert (King's Landing)"


def bara1(named: dict[str, int] = BARA_1E) -> tuple[str, dict[str, int], list[str], int]:
    return ("baratheon", named, PLOTS_1E, 60)


def lann1(named: dict[str, int] = LANN_1E) -> tuple[str, dict[str, int], list[str], int]:
    return ("lannister", named, PLOTS_1E, 60)


def setup1(s: S, a: list[str] = (), b: list[str] = (), a_shadows: list[str] = (),  # type: ignore[assignment]
           b_shadows: list[str] = ()) -> S:  # type: ignore[assignment]
    return s.setup(a, b, a_shadows, b_shadows, replenish=False)


def e01() -> None:
    s = S("1e-setup-five-gold", "1e", "strict",
          f"{INSERT} › Playing a card into Shadows: '☞ cards can also be placed into Shadows during setup, by spending 2 "
          "gold from the initial 5 gold allocated for setup.'",
          bara1(), lann1())
    s.a("draw_cards", player="A", count=7).a("draw_cards", player="B", count=7)
    s.c("Alice: Stormlands Smuggler into Shadows (2) and Brienne of Tarth (3): 5.")
    s.a("setup_into_shadows", player="A", card=A_(SMUGGLER)).a("setup_place", player="A", card=A_(BRIENNE))
    s.x("setup_place", player="A", card=A_(BASTARD))
    s.a("setup_place", player="B", card=B_(LSTEWARD)).a("setup_place", player="B", card=B_(RAFF))
    s.c("Tyrion into Shadows would make 6.")
    s.x("setup_into_shadows", player="B", card=B_(TYRION1))
    s.a("setup_place", player="B", card=B_(WEAPONSMITH))
    s.a("reveal_setup")
    s.plots(RAVEN, ALLIANCE, "B", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(BASTARD))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")


def e02() -> None:
    s = S("1e-shadows-marshal-into-shadows", "1e", "advisory",
          f"{INSERT} › Playing a card into Shadows: 'Playing any card into Shadows costs two gold'; 'Cards without the ☞ "
          "crest and the Shadows cost cannot be marshalled or moved into Shadows.' '☞ cards must first be marshalled "
          "into Shadows ... ☞ cards cannot be marshalled directly into play.'",
          bara1(), lann1())
    setup1(s, a=[A_(BRIENNE), A_(BASTARD)], b=[B_(LSTEWARD), B_(RAFF)])
    s.plots(ALLIANCE, RAVEN, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A")
    s.a("marshal_into_shadows", player="A", card=A_(SHADOWCAT))
    s.c("Host of Storm's End has no Shadows crest.")
    s.x("marshal_into_shadows", player="A", card=A_(HOST))
    s.a("pass_turn", player="A")
    s.c("Income 4 + 2 (Lannisport Steward): two cards into Shadows for 2 each.")
    s.a("collect_income", player="B").a("marshal_into_shadows", player="B", card=B_(TYRION1))
    s.a("marshal_into_shadows", player="B", card=B_(GOLDCLOAKS1))
    s.c("Gold Cloaks (☞) straight into play.")
    s.x("marshal", player="B", card=B_(GOLDCLOAKS1, 2))


def e03() -> None:
    s = S("1e-shadows-one-at-a-time-one-per-phase", "1e", "strict",
          f"{INSERT} › Bringing a card out of Shadows: 'Each player has the option of bringing one card out of his or "
          "her Shadows area each phase.' 'the players do so one at a time, starting with the first player and "
          "proceeding clockwise.' 'the non-Shadows portion of its gold cost ... is paid'.",
          bara1(), lann1())
    setup1(s, a=[A_(BASTARD)], b=[B_(WEAPONSMITH)], a_shadows=[A_(SHADOWCAT), A_(SMUGGLER)],
           b_shadows=[B_(TYRION1), B_(GOLDCLOAKS1)])
    s.plots(ATWALL, RAVEN, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("Alice, the first player, has not used or passed her chance yet.")
    s.x("bring_out", player="B", card=B_(TYRION1))
    s.a("bring_out", player="A", card=A_(SMUGGLER))
    s.c("One card per player this phase.")
    s.x("bring_out", player="A", card=A_(SHADOWCAT))
    s.a("bring_out", player="B", card=B_(TYRION1))
    s.x("bring_out", player="B", card=B_(GOLDCLOAKS1))
    s.passes("A", "B")
    s.phase("dominance")
    s.c("A new phase: Shadowcat (s0) comes out.")
    s.a("bring_out", player="A", card=A_(SHADOWCAT)).a("pass_shadows", player="B")
    s.c("Dominance: Alice 1 + 2 + 2 + 3 gold = 8, Bob 1 + 3 + 3 gold = 7.")
    s.a("win_dominance", player="A")


def e04() -> None:
    s = S("1e-shadows-only-at-the-beginning-of-a-phase", "1e", "advisory",
          f"{INSERT} › Bringing a card out of Shadows: 'At the beginning of the any phase, a card that is in Shadows can "
          "come out'; 'This happens before any other \"beginning of the phase\" effects occur.' 'If this opportunity is "
          "passed, it is lost until the beginning of the next phase.'",
          bara1(), lann1())
    setup1(s, a=[A_(BRIENNE)], b=[B_(LSTEWARD), B_(RAFF)], a_shadows=[A_(SHADOWCAT)])
    s.plots(ATWALL, ALLIANCE, "B", "B")
    s.draw("BA")
    s.phase("marshaling")
    s.a("pass_shadows", player="B").a("bring_out", player="A", card=A_(SHADOWCAT))
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("marshal_into_shadows", player="A", card=A_(SMUGGLER)).a("pass_turn", player="A")
    s.phase("challenges").a("pass_shadows", player="B").a("pass_shadows", player="A")
    s.a("pass_turn", player="B")
    s.challenge("A", "military", "B", [A_(BRIENNE)], [])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(RAFF)]).a("renown", player="A", cards=[A_(BRIENNE)])
    s.c("In the middle of the phase, after Alice passed her chance.")
    s.x("bring_out", player="A", card=A_(SMUGGLER))


def e05() -> None:
    s = S("1e-shadows-unique-copy-in-dead-pile", "1e", "strict",
          f"{INSERT} › Unique cards and Shadows: 'Unique cards can be marshalled into Shadows ... even if that card's "
          "owner already has a copy of that unique card in play or in his or her dead pile. A unique card cannot be "
          "brought out of Shadows if another copy of that card is in its owner's dead pile.'",
          bara1(), lann1())
    setup1(s, a=[A_(BRIENNE), A_(BASTARD)], b=[B_(TYRION38), B_(WEAPONSMITH)])
    s.plots(ASSAULT_KL, RAVEN, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.c("Bob's other Tyrion goes into Shadows while the first is in play.")
    s.a("collect_income", player="B").a("marshal_into_shadows", player="B", card=B_(TYRION1)).a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(BRIENNE)], [B_(WEAPONSMITH)])
    s.c("Bob chooses to kill Tyrion for the claim.")
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(TYRION38)])
    s.a("renown", player="A", cards=[A_(BRIENNE)]).passes("A", "B")
    s.phase("dominance").a("pass_shadows", player="A")
    s.c("A copy of Tyrion lies in Bob's dead pile.")
    s.x("bring_out", player="B", card=B_(TYRION1))


def e06() -> None:
    s = S("1e-shadows-events", "1e", "strict",
          f"{INSERT} › Bringing a card out of Shadows: 'After an event card comes out of Shadows, it is treated in the "
          "same manner as a non-Shadows event card played from a player's hand. ☞ event cards may only be played by "
          "marshalling the cards into Shadows.'",
          bara1(), lann1())
    setup1(s, a=[A_(BRIENNE), A_(BASTARD)], b=[B_(LSTEWARD), B_(RAFF)])
    s.plots(ALLIANCE, RAVEN, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A")
    s.c("Shadow Politics (☞) from the hand.")
    s.x("play_event", player="A", card=A_(SHADOW_POLITICS))
    s.a("marshal_into_shadows", player="A", card=A_(SHADOW_POLITICS, 2)).a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.c("At the beginning of the challenges phase Alice plays it out of Shadows for 1.")
    s.a("play_event_from_shadows", player="A", card=A_(SHADOW_POLITICS, 2)).a("pass_shadows", player="B")
    s.challenge("A", "military", "B", [A_(BRIENNE)], [])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(RAFF)]).a("renown", player="A", cards=[A_(BRIENNE)])
    s.a("pass_turn", player="A")


def e07() -> None:
    s = S("1e-initiative-printed-modifier", "1e", "strict",
          "RR: Initiative (the plot's initiative with its modifiers: Overzealous Scout '[+4 Initiative]'); the winner "
          "chooses the first player; RR: First Player (the first player is the first active player); RR: Income.",
          bara1(), lann1())
    setup1(s, a=[A_(SCOUT), A_(BASTARD)], b=[B_(LSTEWARD), B_(RAFF)])
    s.c("At the Wall 2 + 4 = 6 against Dry Season 5: Alice wins initiative.")
    s.plots(ATWALL, DRY)
    s.x("choose_first_player", player="B", first="B")
    s.a("choose_first_player", player="A", first="B")
    s.draw("BA")
    s.phase("marshaling")
    s.x("collect_income", player="A")
    s.c("Dry Season 2 + Lannisport Steward 2 = 4 gold.")
    s.a("collect_income", player="B").a("marshal", player="B", card=B_(LSTEWARD, 2))
    s.a("marshal", player="B", card=B_(WEAPONSMITH))
    s.x("marshal", player="B", card=B_(QYBURN_INF))
    s.a("pass_turn", player="B").a("collect_income", player="A").a("pass_turn", player="A")


def e08() -> None:
    s = S("1e-income-printed-modifiers", "1e", "advisory",
          "RR: Income: the plot's gold value with all gold modifiers ('[+1 Income]' on Aegon's Garden, Crossroads, The "
          "Goldroad, Lannisport Weaponsmith; '[+2 Income]' on Lannisport Steward).",
          bara1(), lann1())
    setup1(s, a=[A_(AEGON), A_(CROSSROADS), A_(BASTARD)], b=[B_(LSTEWARD), B_(WEAPONSMITH), B_(GOLDROAD)])
    s.plots(RAVEN, CALM, "B", "A")
    s.draw()
    s.phase("marshaling")
    s.c("The Raven's Song 4 + 1 + 1 = 6: Host of Storm's End (5) and a Bastard of Robert (1).")
    s.a("collect_income", player="A").a("marshal", player="A", card=A_(HOST))
    s.a("marshal", player="A", card=A_(BASTARD, 2))
    s.x("marshal", player="A", card=A_(BASTARD, 3))
    s.c("The Host is already in play: it cannot be marshaled from the hand.")
    s.imp("marshal", player="A", card=A_(HOST))
    s.a("pass_turn", player="A")
    s.c("Calm Before the Storm 4 + 2 + 1 + 1 = 8: Qyburn's Informers (4), Raff (2), a Lannisport Steward (2).")
    s.a("collect_income", player="B").a("marshal", player="B", card=B_(QYBURN_INF))
    s.a("marshal", player="B", card=B_(RAFF)).a("marshal", player="B", card=B_(LSTEWARD, 2)).a("pass_turn", player="B")
    s.phase("challenges")


def e09() -> None:
    s = S("1e-no-reserve", "1e", "advisory",
          "1st edition: plots print income, initiative and claim but no reserve (agot-rules.md › 5; agot1.json), so "
          "the taxation phase has no reserve check (RR: Appendix I › 7.3 is a 2nd-edition step). 7.2 Return unspent "
          "gold still applies.",
          bara1(), lann1())
    setup1(s, a=[A_(BRIENNE), A_(BASTARD)], b=[B_(LSTEWARD), B_(RAFF)])
    s.plots(ATWALL, RAVEN, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: Alice 4 + 4 = 8, Bob 4 + 6 = 10.")
    s.phase("dominance").a("win_dominance", player="B")
    s.phase("standing").phase("taxation")
    s.c("Alice holds 7 cards: nothing to discard, there is no reserve.")
    s.a("begin_phase", phase="plot")
    s.a("choose_plot", player="A", card=A_(CALM)).a("choose_plot", player="B", card=B_(ALLIANCE))
    s.a("choose_first_player", player="B", first="B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("pass_turn", player="B")
    s.a("collect_income", player="A").a("pass_turn", player="A")
    s.phase("challenges").passes("B", "A")
    s.phase("dominance").a("win_dominance", player="B")
    s.phase("standing").phase("taxation")
    s.c("A reserve discard in 1st edition.")
    s.x("discard_to_reserve", player="A", cards=[A_(HOST), A_(HOST, 2)])


def e10() -> None:
    s = S("1e-claims", "1e", "strict",
          "Claim (1st edition as in the RR): military, the loser kills as many different characters it controls as the "
          "attacker's plot claim; power, it moves that much power from its faction card; intrigue, random cards from "
          "its hand. RR: Appendix I › 4.2.4.",
          bara1(), lann1())
    setup1(s, a=[A_(HOST)], b=[B_(LSTEWARD), B_(WEAPONSMITH), B_(RAFF)])
    s.c("Alice: Dry Season (claim 2). Bob: Calm Before the Storm (claim 1).")
    s.plots(DRY, CALM, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(BASTARD))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(HOST)], [B_(WEAPONSMITH)])
    s.a("challenge_result")
    s.x("apply_claim", player="B", cards=[B_(WEAPONSMITH)])
    s.a("apply_claim", player="B", cards=[B_(WEAPONSMITH), B_(RAFF)])
    s.challenge("A", "power", "B", [A_(BASTARD)], [])
    s.a("challenge_result").a("apply_claim", player="B").a("pass_turn", player="A")
    s.challenge("B", "intrigue", "A", [B_(LSTEWARD)], [])
    s.a("challenge_result")
    s.c("Bob's claim is 1.")
    s.x("apply_claim", player="A", cards=[A_(HOST, 2), A_(HOST, 3)])
    s.a("apply_claim", player="A", cards=[A_(HOST, 2)]).a("pass_turn", player="B")


def e11() -> None:
    s = S("1e-renown-unopposed-and-15", "1e", "strict",
          "Renown and the unopposed bonus (1st edition as in the RR: RR: Renown; RR: Unopposed); RR: Winning the Game "
          "('The game ends immediately'). (Earlier rounds are summed up: Alice has 13 power.)",
          bara1(), lann1())
    setup1(s, a=[A_(BRIENNE), A_(BASTARD)], b=[B_(LSTEWARD), B_(WEAPONSMITH)])
    s.a("set_power", player="A", amount=13)
    s.plots(PWEALTH, RAVEN, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(BRIENNE)], [B_(WEAPONSMITH)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(WEAPONSMITH)])
    s.c("The Bastard of Robert did not participate and has no renown.")
    s.x("renown", player="A", cards=[A_(BASTARD)])
    s.a("renown", player="A", cards=[A_(BRIENNE)])
    s.c("Unopposed: Alice's 15th power.")
    s.challenge("A", "power", "B", [A_(BASTARD)], [])
    s.a("challenge_result")
    s.x("apply_claim", player="B")


def e12() -> None:
    s = S("1e-dominance", "1e", "advisory",
          "Dominance (1st edition as in the RR: Appendix I › 5.2): standing characters' STR plus gold; the highest total "
          "wins and gains 1 power, once a round.",
          bara1(), lann1())
    setup1(s, a=[A_(HOST)], b=[B_(LSTEWARD), B_(RAFF), B_(WEAPONSMITH)])
    s.plots(ATWALL, ALLIANCE, "B", "B")
    s.draw("BA")
    s.phase("marshaling").a("collect_income", player="B").a("marshal", player="B", card=B_(QYBURN_INF))
    s.a("pass_turn", player="B").a("collect_income", player="A").a("marshal", player="A", card=A_(BASTARD))
    s.a("pass_turn", player="A")
    s.phase("challenges")
    s.challenge("B", "intrigue", "A", [B_(LSTEWARD)], [])
    s.a("challenge_result").a("apply_claim", player="A", cards=[A_(HOST, 2)]).a("pass_turn", player="B")
    s.challenge("A", "military", "B", [A_(HOST)], [B_(RAFF)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(RAFF)]).a("pass_turn", player="A")
    s.c("Alice: Bastard of Robert 1 + 3 gold = 4 (the Host kneels). Bob: Weaponsmith 1 + Qyburn's Informers 2 + 3 "
        "gold = 6.")
    s.phase("dominance").a("win_dominance", player="B")
    s.x("win_dominance", player="A")


def e13() -> None:
    s = S("1e-stealth", "1e", "strict",
          "Stealth (1st edition as in the RR: RR: Stealth): each attacker with stealth chooses one character without "
          "stealth of the defender, which cannot defend.",
          bara1(), lann1())
    setup1(s, a=[A_(BASTARD), A_(BRIENNE)], b=[B_(CERSEI1), B_(WEAPONSMITH)])
    s.plots(ATWALL, RAVEN, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("marshal", player="B", card=B_(JOFFREY1)).a("pass_turn", player="B")
    s.phase("challenges")
    s.x("initiate_challenge", player="A", kind="power", defender="B", attackers=[A_(BASTARD)],
        bypassed=[B_(CERSEI1), B_(JOFFREY1)])
    s.a("initiate_challenge", player="A", kind="power", defender="B", attackers=[A_(BASTARD)], bypassed=[B_(CERSEI1)])
    s.x("declare_defenders", player="B", defenders=[B_(CERSEI1)])
    s.a("declare_defenders", player="B", defenders=[B_(JOFFREY1)])
    s.c("Joffrey 2 against the Bastard 1: Bob wins.")
    s.a("challenge_result")
    s.challenge("A", "military", "B", [A_(BRIENNE)], [B_(WEAPONSMITH)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(WEAPONSMITH)])
    s.a("renown", player="A", cards=[A_(BRIENNE)]).a("pass_turn", player="A")


def e14() -> None:
    s = S("1e-draw-and-challenge-limits", "1e", "advisory",
          "Draw phase: each player draws 2, once; challenges: one of each type for the active player (1st edition as "
          "in the RR: Appendix I › 2.2, 4.2).",
          bara1(), lann1())
    setup1(s, a=[A_(HOST), ], b=[B_(LSTEWARD), B_(RAFF)])
    s.plots(ALLIANCE, RAVEN, "A", "A")
    s.phase("draw").a("draw_cards", player="A", count=2).a("draw_cards", player="B", count=2)
    s.x("draw_cards", player="B", count=2)
    s.phase("marshaling").a("collect_income", player="A").a("marshal", player="A", card=A_(BRIENNE))
    s.a("pass_turn", player="A").a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges")
    s.challenge("A", "military", "B", [A_(HOST)], [B_(RAFF)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(RAFF)])
    s.c("A second military challenge.")
    s.x("initiate_challenge", player="A", kind="military", defender="B", attackers=[A_(BRIENNE)])


def e15() -> None:
    s = S("1e-initiative-tie-lowest-power", "1e", "advisory",
          "Initiative (1st edition as in the RR: Appendix I › 1.3 I): 'If multiple players have the same initiative "
          "value, the tied player with the lowest power total wins initiative.' A random pick only when power ties too.",
          bara1(), lann1())
    setup1(s, a=[A_(BRIENNE), A_(BASTARD)], b=[B_(LSTEWARD), B_(RAFF)])
    s.c("At the Wall (2) against Calm Before the Storm (2), no power: a random pick.")
    s.plots(ATWALL, CALM, random="A").a("choose_first_player", player="A", first="A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("pass_turn", player="B")
    s.phase("challenges").passes("A", "B")
    s.c("Dominance: Alice 4 + 4 = 8, Bob 4 + 6 = 10.")
    s.phase("dominance").a("win_dominance", player="B")
    s.phase("standing").phase("taxation")
    s.c("Round 2: Calm Before the Storm (2) against At the Wall (2); Alice has no power, Bob 1: Alice wins.")
    s.plots(CALM, ATWALL, "A", "A")
    s.x("win_initiative", player="B")


def e16() -> None:
    s = S("1e-shadows-cost-must-be-paid", "1e", "strict",
          f"{INSERT} › Bringing a card out of Shadows: 'the non-Shadows portion of its gold cost (the number printed "
          "after the \"s\" in the card's cost) ... is paid, or the card cannot come out of Shadows.'",
          bara1(), lann1())
    setup1(s, a=[A_(BASTARD)], b=[B_(WEAPONSMITH)], a_shadows=[A_(SMUGGLER)], b_shadows=[B_(TYRION1)])
    s.plots(RAVEN, DRY, "B", "B")
    s.draw("BA")
    s.c("Bob: Dry Season 2 + Weaponsmith 1 = 3 gold; Gold Cloaks into Shadows for 2 leaves 1.")
    s.phase("marshaling").a("collect_income", player="B").a("marshal_into_shadows", player="B", card=B_(GOLDCLOAKS1))
    s.a("pass_turn", player="B").a("collect_income", player="A").a("pass_turn", player="A")
    s.phase("challenges")
    s.c("Tyrion's s2: Bob has 1 gold.")
    s.x("bring_out", player="B", card=B_(TYRION1))
    s.a("pass_shadows", player="B").a("bring_out", player="A", card=A_(SMUGGLER))
    s.passes("B", "A")
    s.c("Dominance: Alice 1 + 2 + 3 gold = 6, Bob 1 + 1 gold = 2.")
    s.phase("dominance").a("win_dominance", player="A")


def e17() -> None:
    s = S("1e-shadows-unique-comes-out-as-duplicate", "1e", "strict",
          f"{INSERT} › Unique cards and Shadows: 'If another copy of a unique card that you own and control is in play, "
          "you still may bring the card out of Shadows by paying its cost. However, the card immediately attaches to its "
          "copy as a duplicate.' › Bringing a card out of Shadows: 'At the beginning of the any phase'.",
          bara1(), lann1())
    setup1(s, a=[A_(HOST)], b=[B_(TYRION38), B_(WEAPONSMITH)])
    s.plots(PWEALTH, RAVEN, "A", "A")
    s.draw()
    s.phase("marshaling").a("collect_income", player="A").a("pass_turn", player="A")
    s.a("collect_income", player="B").a("marshal_into_shadows", player="B", card=B_(TYRION1))
    s.c("Not at the beginning of the phase.")
    s.x("bring_out", player="B", card=B_(TYRION1))
    s.a("pass_turn", player="B")
    s.phase("challenges").a("pass_shadows", player="A")
    s.c("Bob's Tyrion (s2) comes out as a duplicate of the Tyrion he has in play.")
    s.a("bring_out", player="B", card=B_(TYRION1))
    s.challenge("A", "military", "B", [A_(HOST)], [B_(WEAPONSMITH)])
    s.a("challenge_result").a("apply_claim", player="B", cards=[B_(WEAPONSMITH)]).a("pass_turn", player="A")


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("*.jsonl"):
        old.unlink()
    for name, fn in sorted(globals().items()):
        if callable(fn) and (name.startswith("s") or name.startswith("e")) and name[1:].isdigit():
            fn()
    for scenario in S.all:
        scenario.write()
    print(f"{len(S.all)} scenarios written to {OUT}")


if __name__ == "__main__":
    main()
