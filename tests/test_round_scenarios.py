"""The whole round, checked: scenarios written from the rule texts (RR Appendix I and its glossary, the FAQ, the
Tournament Regulations, the 1st-edition rules and Shadows insert), as table logs in ``tests/scenarios/round/``.

Each file is a stretch of play in the table-log format (``docs/table-log.md``), a comment above each part naming
the rule it follows. Every action line is legal, but for the probes: a line preceded by ``# expect: RULE[, RULE]``
is an illegal (or impossible) move with exactly those rule ids. A probe is judged on the table as it stands and
then set aside: in advisory mode it is recorded and flagged (on a copy of the table), in strict mode refused, and an
impossible one refused in both; the scenario goes on from the table without it. So every rule is seen legal and
illegal, in both modes, in the same scenario. ``# assert: EXPRESSION`` checks the table after the line above it
(``power("A")``, ``gold("A")``, ``zone("A.01146.1")``, ``winner()``, ``ended()``, ``first()``, ``deck("A")``,
``hand("A")``, ``kneeling(card)``, ``eliminated(seat)``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.rules import check, play
from companion.rules.actions import action_from_dict
from companion.rules.citations import RULES
from companion.rules.log import parse_header
from companion.rules.values import deck_count, hand_count, power_total
from tests.tables import catalog

SCENARIOS = Path(__file__).parent / "scenarios" / "round"
FILES = sorted(SCENARIOS.glob("*.jsonl"))


def parse(path: Path) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any], list[str] | None, list[str]]]]:
    """The header, and each action line with the rules a probe expects (None: legal) and the asserts after it."""
    header: dict[str, Any] | None = None
    steps: list[tuple[int, dict[str, Any], list[str] | None, list[str]]] = []
    expect: list[str] | None = None
    for n, raw in enumerate(path.read_text().splitlines(), start=1):
        line = raw.strip()
        if line.startswith("# expect:"):
            expect = [r.strip() for r in line.removeprefix("# expect:").split(",") if r.strip()]
            continue
        if line.startswith("# assert:"):
            steps[-1][3].append(line.removeprefix("# assert:").strip())
            continue
        if not line or line.startswith("#"):
            continue
        data = json.loads(line)
        if header is None:
            header = data
            continue
        steps.append((n, data, expect, []))
        expect = None
    assert header is not None, path
    return header, steps


def table_of(header: dict[str, Any]) -> Any:
    h = parse_header(header)
    return h.new_table(catalog().cards(h.codes()))


def helpers(t: Any) -> dict[str, Any]:
    return {"power": lambda s: power_total(t, s), "gold": lambda s: t.players[s].gold,
            "zone": lambda c: t.zone_of(c).value, "winner": lambda: t.winner_seat, "ended": lambda: t.ended,
            "first": lambda: t.first_player, "deck": lambda s: deck_count(t, s), "hand": lambda s: hand_count(t, s),
            "kneeling": lambda c: t.in_play[c].kneeling, "eliminated": lambda s: t.players[s].eliminated,
            "phase": lambda: t.phase.value, "dominance": lambda: t.dominance.get(t.round)}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_scenario_from_the_rules(path: Path) -> None:
    header, steps = parse(path)
    t = table_of(header)
    for line, data, expect, asserts in steps:
        action = action_from_dict(data)
        where = f"{path.name}:{line} {data}"
        verdict = check(t, action)
        got = sorted(v.rule for v in verdict.violations)
        if expect is None:
            assert got == [], f"{where}: expected legal, got {got}: {[v.text() for v in verdict.violations]}"
            applied = play(t, action, "strict")
            assert applied.applied, where
        else:
            assert got == sorted(expect), f"{where}: expected {sorted(expect)}, got {got}"
            impossible = any(RULES[r].impossible for r in expect)
            for mode in ("advisory", "strict"):
                probe = t.clone()
                done = play(probe, action, mode)  # type: ignore[arg-type]
                assert done.applied is (mode == "advisory" and not impossible), (where, mode)
        for expression in asserts:
            assert eval(expression, helpers(t)), f"{where}: assert {expression}"


#: The actions the round's steps brought (issue 33): each is recorded in a scenario.
ROUND_ACTIONS = ("choose_first_player", "win_initiative", "initiate_challenge", "declare_defenders",
                 "challenge_result", "apply_claim", "renown", "modify", "discard_to_reserve", "eliminate", "concede",
                 "choose_winner", "go_to_time")


def test_every_step_of_the_round_is_recorded_in_a_scenario() -> None:
    used = {data["type"] for path in FILES for _, data, _, _ in parse(path)[1]}
    assert set(ROUND_ACTIONS) - used == set()


def test_the_scenarios_show_what_the_round_notes() -> None:
    """What the round says besides its flags is met in the scenarios: the notes of a result, the unopposed power,
    a claim's power, the first player's choice to come, a modified win, and the initiative winner's choice."""
    seen: set[str] = set()
    for path in FILES:
        header, steps = parse(path)
        t = table_of(header)
        for _, data, expect, _ in steps:
            action = action_from_dict(data)
            verdict = check(t, action) if expect else play(t, action, "strict")
            seen |= {n.kind for n in verdict.notes}
    assert {"initiative", "winner-to-choose", "time-winner", "challenge-result", "unopposed-power",
            "no-defenders-declared", "claim-power", "eliminated", "last-player", "deck-empty", "game-won",
            "dominance-ruled"} <= seen, seen


def test_every_rule_of_the_round_has_a_scenario_with_its_probe() -> None:
    """Each rule the round's steps added is met at least once as an illegal probe, in both editions where it is
    one of that edition's rules."""
    probed: dict[str, set[str]] = {}
    for path in FILES:
        header, steps = parse(path)
        for _, _, expect, _ in steps:
            for rule in expect or []:
                probed.setdefault(rule, set()).add(header["edition"])
    from companion.rules.citations_round import RULES_ROUND

    missing = []
    for rule_id, rule in RULES_ROUND.items():
        for edition, cite in (("2e", rule.citation_2e), ("1e", rule.citation_1e)):
            if cite and edition not in probed.get(rule_id, set()) and rule_id in ROUND_33:
                missing.append((rule_id, edition))
    assert missing == []


#: The rules issue 33 added (the plot phase, draws, turns, challenges step by step, claims, renown, dominance,
#: reserve, the end of the game, going to time).
ROUND_33 = {
    "plot.chosen-once", "first-player.not-chosen", "first-player.once", "first-player.chooser",
    "initiative.random-first", "initiative.not-tied", "initiative.random-once", "draw.framework", "draw.once",
    "draw.count", "gold.income-active", "turn.not-finished", "challenge.unfinished", "challenge.character",
    "challenge.icon", "challenge.no-attackers", "challenge.stealth-target", "challenge.stealth-count",
    "challenge.bypassed", "challenge.none", "challenge.defender", "challenge.defenders-once",
    "challenge.result-once", "challenge.str", "claim.no-challenge", "claim.not-won", "claim.once", "claim.defender",
    "claim.not-applied", "claim.count", "claim.military-card", "claim.intrigue-card", "claim.same-character",
    "renown.no-challenge", "renown.winner", "renown.once", "renown.before-claim", "renown.participant",
    "renown.keyword", "modify.card", "dominance.once", "dominance.totals",
    "reserve.not-checked", "reserve.phase", "reserve.once", "reserve.under", "reserve.count", "reserve.order",
    "reserve.none", "reserve.from-hand", "game.over", "eliminate.already", "eliminate.deck-left", "winner.no-choice",
    "winner.chooser", "time.not-called", "time.round-not-finished", "kneel.already", "stand.already",
    "kill.not-in-play",
}
