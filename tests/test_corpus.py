"""The corpus of complete games (tests/corpus/): it covers every action type, and it loads again."""

from __future__ import annotations

import time
from typing import Any

from companion.rules.actions import REGISTRY
from tests.corpus.build import HERE
from tests.corpus.load import Replay, exported, logs, names, read_steps
from tests.server import Server

#: What the corpus must show at least once, besides every action type (issue 20's list).
SITUATIONS = ("attachment", "duplicate", "dead pile", "shadows", "undone", "ruling", "time called", "dominance",
              "confirmation", "1e", "2e", "strict", "advisory", "event", "casual",
              # after secret plots, challenges, draws, keys and Swiss events came in:
              "secret plots", "unopposed", "drew 7", "drew 2", "undo confirmed", "judge key asked",
              "deck allowed", "swiss round", "drop")


def corpus_actions() -> set[str]:
    return {line["entry"]["data"]["type"] for name in names() for log in logs(name).values() for line in log[1:]
            if line["entry"]["kind"] == "action"}


#: How many action types the corpus recorded when a new action stopped needing a corpus step (issue 25): it
#: may grow, never shrink.
CORPUS_FLOOR = 47


def test_every_action_type_is_in_the_corpus() -> None:
    """A new action needs its own test (tests/test_offered.py checks that one names it), not a corpus step; the
    corpus keeps every type it records, and the ones it does not are named here."""
    from tests.test_offered import named_by_a_test

    recorded = corpus_actions()
    assert len(recorded & set(REGISTRY)) >= CORPUS_FLOOR, "a corpus game no longer records an action type it did"
    missing = sorted(set(REGISTRY) - recorded)
    assert not [n for n in missing if not named_by_a_test(n)], (
        f"no corpus game and no test records {', '.join(missing)}: add a test, or a step to tests/corpus/build.py "
        "and run python -m tests.corpus.build")


def situations() -> set[str]:
    seen: set[str] = set()
    for name in names():
        header = logs(name)
        for log in header.values():
            head, entries = log[0], [x["entry"] for x in log[1:]]
            seen |= {head["edition"], head["mode"]}
            seen.add("event" if name.startswith("event") else "casual")
            for e in entries:
                data = e["data"]
                seen |= {"undone"} if e["kind"] == "undo" else set()
                seen |= {"ruling"} if e["kind"] == "ruling" else set()
                seen |= {"confirmation"} if e["kind"] == "request" else set()
                confirmed = (e.get("meta") or {}).get("confirmed_by")
                seen |= {"undo confirmed"} if e["kind"] == "undo" and confirmed else set()
                # A judge key the host asked for after making the game (the seats are told in the log).
                seen |= {"judge key asked"} if e["kind"] == "key" and data.get("role") == "judge" else set()
                if e["kind"] != "action":
                    continue
                seen |= {"attachment"} if data.get("attach_to") else set()
                seen |= {"duplicate"} if data["type"] == "save_with_duplicate" else set()
                seen |= {"dead pile"} if data["type"] == "kill" else set()
                seen |= {"shadows"} if "shadows" in data["type"] else set()
                seen |= {"time called"} if data["type"] == "call_time" else set()
                seen |= {"dominance"} if data["type"] == "win_dominance" else set()
                seen |= {"secret plots"} if data["type"] == "choose_plot" else set()
                seen |= {"unopposed"} if data["type"] == "challenge" and data.get("unopposed") else set()
                seen |= {f"drew {data['count']}"} if data["type"] == "draw_cards" else set()
        # What happens at the event rather than at a table: in the requests.
        for step in read_steps(name)[1]:
            path = step.get("path", "")
            seen |= {"deck allowed"} if path.endswith("/confirm") and "/players/" in path else set()
            seen |= {"swiss round"} if path.endswith("/proposal/confirm") and step["status"] == 201 else set()
            seen |= {"drop"} if path.endswith("/drop") else set()
    return seen


def test_the_corpus_shows_every_situation_the_pages_must_handle() -> None:
    assert set(SITUATIONS) <= situations(), sorted(set(SITUATIONS) - situations())


def test_the_corpus_logs_verify_offline() -> None:
    """Each exported log replays under `companion check` with its chain intact (exit 1 only because the corpus
    plays illegal moves on purpose; 2 would be a log it cannot read)."""
    from click.testing import CliRunner

    from companion.cli import main

    runner = CliRunner()
    for path in sorted(HERE.glob("*.log.jsonl")):
        out = runner.invoke(main, ["check", str(path)])
        assert out.exit_code in (0, 1), (path.name, out.output[-500:])
        assert "action(s)" in out.output, out.output[-500:]


def comparable(lines: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """A log without what differs between two plays of one game: ids, keys, hashes and times."""
    out = []
    for line in lines[1:]:
        e = line["entry"]
        if e["kind"] == "key":
            continue
        verdict = e.get("verdict") or {}
        out.append((e["kind"], e["data"] if e["kind"] not in ("request", "answer") else e["data"].get("action"),
                    e["actor"], verdict.get("legal"), line.get("undone", False)))
    return out


def test_the_loader_recreates_every_corpus_game(server: Server) -> None:
    for name in names():
        started = time.monotonic()
        replay = Replay(server.url, name).run()
        took = time.monotonic() - started
        assert took < 20, f"{name} took {took:.1f} s to load"
        for label, log in logs(name).items():
            again = exported(replay, label)
            assert comparable(again) == comparable(log), f"{name} {label} loaded differently"
