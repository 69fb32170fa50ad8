"""``companion check``: exit codes, output, JSON shape, unreadable logs. Runs the real command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "dead-pile.jsonl"


def companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=60)


def test_worked_example_flags_the_dead_pile_bring_out() -> None:
    result = companion("check", str(EXAMPLE), "--json")
    assert result.returncode == 1, result.stderr
    rows = json.loads(result.stdout)
    assert [r["line"] for r in rows if not r["legal"]] == [14]
    bad = rows[-1]
    assert bad["action"] == {"type": "bring_out", "player": "A", "card": "A.13089.1"}
    assert bad["violations"][0]["rule"] == "shadows.unique-dead-pile"
    assert bad["violations"][0]["citation"] == "RR: Shadows › Unique cards and shadows"
    assert set(bad) == {"line", "action", "legal", "applied", "violations", "notes"}


def test_all_legal_log_exits_zero(tmp_path: Path) -> None:
    lines = EXAMPLE.read_text().splitlines()[:-2]
    log = tmp_path / "ok.jsonl"
    log.write_text("\n".join(lines) + "\n")
    result = companion("check", str(log))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 illegal" in result.stdout


def test_german_messages() -> None:
    result = companion("check", str(EXAMPLE), "--lang", "de")
    assert "Totenstapel" in result.stdout


@pytest.mark.parametrize(
    ("content", "line", "reason"),
    [
        ("", 1, "empty"),
        ("{not json}\n", 1, "not valid JSON"),
        ('{"format": "other"}\n', 1, "format"),
        (EXAMPLE.read_text().splitlines()[0] + '\n{"type": "teleport"}\n', 2, "unknown action type"),
        (EXAMPLE.read_text().splitlines()[0] + '\n\n{"type": "kill", "player": "A", "card": "A.99999.9"}\n', 3,
         "no card instance"),
        ('{"format": "agot-table-log", "version": 1, "edition": "2e", "players": [{"seat": "A", '
         '"deck": {"nope": 1}}]}\n', 1, "unknown card code"),
        ('{"format": "agot-table-log", "version": 7, "edition": "2e", "players": []}\n', 1, "version"),
    ],
)
def test_unreadable_logs_exit_two_with_line_and_reason(tmp_path: Path, content: str, line: int, reason: str) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(content)
    result = companion("check", str(log))
    assert result.returncode == 2
    assert f"bad.jsonl:{line}:" in result.stderr and reason in result.stderr


def test_missing_file_exits_two(tmp_path: Path) -> None:
    result = companion("check", str(tmp_path / "nope.jsonl"))
    assert result.returncode == 2 and "cannot read" in result.stderr
