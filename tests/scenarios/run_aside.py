"""Replay the aside set of rules scenarios and score the checker against them.

    python -m tests.scenarios.run_aside [--json] [--in-process] [--dir DIR] [FILE ...]
    python -m tests.scenarios.run_aside --every-set      # every aside and probe set, a line each, and the total

Every file in tests/scenarios/aside/ is a table log (docs/table-log.md) written from the rule texts
only (the Rules Reference, the FAQ, the Tournament Regulations, the 1st-edition Shadows insert), never
from the engine. A comment line `# expect: illegal` or `# expect: impossible` marks the action line
right after it; every other action line is expected to be legal. The set is for measuring the rules
engine: never change a scenario to make it pass (READINGS.md says where the texts read two ways).

`--dir` scores another directory of scenarios written the same way (a name alone, like `aside2`, is a
directory beside this file): the second held-out set is `--dir aside2`.

A file passes when, for every action line, `companion check FILE --json` agrees:
  legal lines are legal; illegal lines are flagged (and, in strict mode, not applied);
  impossible lines are flagged and not applied, in every mode.
A log the checker cannot read (exit status 2) fails, with the checker's reason: that is a finding too
("cannot be recorded").
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ASIDE = HERE / "aside"
ROOT = HERE.parents[1]
EXPECT = "# expect:"
KINDS = ("illegal", "impossible")


@dataclass
class Scenario:
    path: Path
    mode: str
    edition: str
    expectations: dict[int, str]  # action line number -> "legal" | "illegal" | "impossible"


@dataclass
class Result:
    name: str
    edition: str
    mode: str
    passed: bool = False
    unreadable: str | None = None
    mismatches: list[dict[str, object]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


def read_scenario(path: Path) -> Scenario:
    """The header's mode and edition, and the expectation of every action line (1-based)."""
    expectations: dict[int, str] = {}
    header: dict[str, object] | None = None
    pending: str | None = None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.lower().startswith(EXPECT):
                kind = line[len(EXPECT):].strip().lower()
                if kind not in KINDS:
                    raise ValueError(f"{path.name}:{number}: unknown expectation {kind!r}")
                pending = kind
            continue
        if header is None:
            header = json.loads(line)
            if pending:
                raise ValueError(f"{path.name}:{number}: an expectation before the header")
            continue
        expectations[number] = pending or "legal"
        pending = None
    if header is None:
        raise ValueError(f"{path.name}: no header")
    if pending:
        raise ValueError(f"{path.name}: an expectation with no action after it")
    return Scenario(path, str(header.get("mode", "advisory")), str(header.get("edition", "2e")), expectations)


def companion_command() -> list[str]:
    local = ROOT / ".venv" / "bin" / "companion"
    if local.exists():
        return [str(local)]
    found = shutil.which("companion")
    if found:
        return [found]
    return [sys.executable, "-m", "companion"]


def parse_verdicts(text: str) -> list[dict[str, object]]:
    """`--json` prints a JSON array, or one object per line: both are read."""
    text = text.strip()
    if not text:
        return []
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    if isinstance(data, dict):
        data = data.get("verdicts", data.get("actions", [data]))
    return list(data)


Verdicts = dict[int, dict[str, object]]


def verdicts_by_process(scenario: Scenario, command: list[str], env: dict[str, str] | None) -> Verdicts | str:
    """`companion check FILE --json`'s verdicts by line, or why the log could not be read."""
    proc = subprocess.run([*command, "check", str(scenario.path), "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, env=env)
    if proc.returncode == 2 or proc.returncode not in (0, 1):
        reason = (proc.stderr.strip() or proc.stdout.strip() or f"exit status {proc.returncode}")
        return f"cannot be recorded (exit {proc.returncode}): {reason.splitlines()[-1][:400]}"
    try:
        return {int(v["line"]): v for v in parse_verdicts(proc.stdout)}  # type: ignore[call-overload]
    except (ValueError, KeyError, TypeError) as exc:
        return f"the checker's --json output could not be read: {exc}"


def verdicts_in_process(scenario: Scenario, cards: object) -> Verdicts | str:
    """The same verdicts from the library call behind `companion check` (``companion.rules.log.judge``), without a
    process per file: some thirty times faster over every set."""
    from companion.rules.log import LogError
    from companion.rules.log import judge as judge_text

    try:
        return {int(v["line"]): v for v in judge_text(scenario.path.read_text(encoding="utf-8"), cards)}  # type: ignore[arg-type]
    except LogError as exc:
        return f"cannot be recorded (exit 2): {exc.line}: {exc.reason}"


def judge(scenario: Scenario, command: list[str], env: dict[str, str] | None = None, cards: object = None) -> Result:
    result = Result(scenario.path.name, scenario.edition, scenario.mode)
    result.counts = {"lines": len(scenario.expectations), "mismatched": 0, "illegal_accepted": 0,
                     "legal_flagged": 0, "refused_move_applied": 0, "unanswered": 0}
    found = verdicts_in_process(scenario, cards) if cards is not None else verdicts_by_process(scenario, command, env)
    if isinstance(found, str):
        result.unreadable = found
        return result
    verdicts = found
    for line, expected in sorted(scenario.expectations.items()):
        verdict = verdicts.get(line)
        if verdict is None:
            result.counts["unanswered"] += 1
            result.mismatches.append({"line": line, "expected": expected, "got": "no verdict for this line"})
            continue
        legal = bool(verdict.get("legal"))
        applied = bool(verdict.get("applied", True))
        problem = None
        if expected == "legal" and not legal:
            problem = "legal move flagged"
            result.counts["legal_flagged"] += 1
        elif expected != "legal" and legal:
            problem = f"{expected} move accepted"
            result.counts["illegal_accepted"] += 1
        elif expected == "impossible" and applied:
            problem = "impossible move flagged but applied"
            result.counts["refused_move_applied"] += 1
        elif expected == "illegal" and scenario.mode == "strict" and applied:
            problem = "strict mode: illegal move flagged but applied"
            result.counts["refused_move_applied"] += 1
        if problem:
            action = verdict.get("action", {})
            found = verdict.get("violations", [])
            rules = [v.get("rule") for v in found if isinstance(v, dict)] if isinstance(found, list) else []
            result.mismatches.append({"line": line, "expected": expected, "problem": problem,
                                      "action": action, "violations": rules})
    result.counts["mismatched"] = len(result.mismatches)
    result.passed = not result.mismatches
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="scenario files (default: every aside scenario)")
    parser.add_argument("--json", action="store_true", help="print only the summary as JSON")
    parser.add_argument("--dir", type=Path, default=ASIDE,
                        help="the directory of scenarios when no FILE is given (default: aside; a bare name is beside "
                             "this file, e.g. aside2)")
    parser.add_argument("--in-process", action="store_true",
                        help="judge with the library call behind `companion check` instead of a process per file")
    parser.add_argument("--every-set", action="store_true",
                        help="score every aside and probe set beside this file, one line per set, and the total "
                             "(in process)")
    args = parser.parse_args(argv)
    if args.every_set:
        return every_set()
    folder = args.dir if args.dir.is_absolute() or args.dir.exists() else HERE / args.dir
    files = args.files or sorted(folder.glob("*.jsonl"))
    command = companion_command()
    # A data directory of its own: the catalog is built from this checkout's card data, never shared with
    # (or rewritten under us by) another companion on the machine.
    with tempfile.TemporaryDirectory(prefix="aside-") as data:
        env = {**os.environ, "COMPANION_DATA_DIR": data, "COMPANION_CATALOG": os.path.join(data, "catalog.db")}
        cards = _catalog_cards(env) if args.in_process else None
        results = [judge(read_scenario(path), command, env, cards) for path in files]
    summary = {
        "files_passed": sum(r.passed for r in results),
        "files_total": len(results),
        "lines_total": sum(r.counts.get("lines", 0) for r in results),
        "lines_mismatched": sum(r.counts.get("mismatched", 0) for r in results),
        "illegal_moves_accepted": sum(r.counts.get("illegal_accepted", 0) for r in results),
        "legal_moves_flagged": sum(r.counts.get("legal_flagged", 0) for r in results),
        "refused_moves_applied": sum(r.counts.get("refused_move_applied", 0) for r in results),
        "lines_unanswered": sum(r.counts.get("unanswered", 0) for r in results),
        "files_unreadable": sum(1 for r in results if r.unreadable),
        "unreadable": {r.name: r.unreadable for r in results if r.unreadable},
        "failing": sorted(r.name for r in results if not r.passed),
    }
    if not args.json:
        for r in results:
            status = "PASS" if r.passed else "FAIL"
            print(f"{status}  {r.name}  ({r.edition}, {r.mode})")
            if r.unreadable:
                print(f"      {r.unreadable}")
            for m in r.mismatches:
                print(f"      line {m['line']}: expected {m['expected']}: {m.get('problem', m.get('got'))}"
                      f"  {json.dumps(m.get('action', {}), ensure_ascii=False)}"
                      + (f"  rules={m['violations']}" if m.get("violations") else ""))
        print()
    print(json.dumps(summary, indent=2, ensure_ascii=False))
    return 0 if summary["files_passed"] == summary["files_total"] else 1


def _catalog_cards(env: dict[str, str]) -> object:
    """The card lookup of a catalog built in ``env``'s data directory (as the checker's process would build it)."""
    os.environ.update({k: env[k] for k in ("COMPANION_DATA_DIR", "COMPANION_CATALOG")})
    from companion.catalog.store import Catalog

    return Catalog.open(None).cards


def every_set() -> int:
    """Each set's files passed, its failing files, and the total over every set (in process)."""
    sets = sorted(p for p in HERE.iterdir() if p.is_dir() and p.name.startswith(("aside", "probe")))
    passed = total = 0
    with tempfile.TemporaryDirectory(prefix="aside-") as data:
        env = {**os.environ, "COMPANION_DATA_DIR": data, "COMPANION_CATALOG": os.path.join(data, "catalog.db")}
        cards = _catalog_cards(env)
        for folder in sets:
            results = [judge(read_scenario(path), [], env, cards) for path in sorted(folder.glob("*.jsonl"))]
            ok = sum(r.passed for r in results)
            failing = " ".join(r.name.split("_")[0] for r in results if not r.passed)
            print(f"{folder.name}: {ok}/{len(results)}" + (f"  failing: {failing}" if failing else ""))
            passed, total = passed + ok, total + len(results)
    print(f"TOTAL {passed}/{total}")
    return 0 if passed == total else 1


if __name__ == "__main__":
    sys.exit(main())
