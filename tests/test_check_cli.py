"""``companion check``: exit codes, output, JSON shape, unreadable logs. Runs the real command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.catalog.store import Catalog
from companion.rules.log import ignored_note, read_log

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "dead-pile.jsonl"


def companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=60)


def test_worked_example_flags_the_dead_pile_bring_out() -> None:
    result = companion("check", str(EXAMPLE), "--json")
    assert result.returncode == 1, result.stderr
    rows = json.loads(result.stdout)
    assert [r["line"] for r in rows if not r["legal"]] == [16]
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


@pytest.mark.parametrize("mode", ["advisory", "strict"])
def test_a_line_naming_a_seat_or_card_the_table_lacks_is_impossible_and_the_rest_is_judged(tmp_path: Path,
                                                                                          mode: str) -> None:
    """Not a log that cannot be read: the line cannot have happened (refused in every mode, with its rule), and every
    other line is judged as before, so one typo in a card id costs the judge one line, not the whole log."""
    lines = EXAMPLE.read_text().splitlines()
    header = json.loads(lines[0])
    header["mode"] = mode
    log = tmp_path / "typo.jsonl"
    log.write_text("\n".join([json.dumps(header), *lines[1:-2],
                              '{"type": "kill", "player": "A", "card": "A.99999.9"}',
                              '{"type": "gain_power", "player": "C", "amount": 1}', *lines[-2:]]) + "\n")
    result = companion("check", str(log), "--json")
    assert result.returncode == 1, result.stderr
    rows = {r["action"]["type"] + str(r["action"].get("player")): r for r in json.loads(result.stdout)}
    card, seat = rows["killA"], rows["gain_powerC"]
    assert (card["legal"], card["applied"], card["violations"][0]["rule"]) == (False, False, "log.unknown-card")
    assert (seat["legal"], seat["applied"], seat["violations"][0]["rule"]) == (False, False, "log.unknown-seat")
    assert "A.99999.9" in card["violations"][0]["message"] and card["violations"][0]["citation"] == "RR: Setup"
    # The dead-pile bring-out after them is still found, as in the log without the two lines.
    assert rows["bring_outA"]["violations"][0]["rule"] == "shadows.unique-dead-pile"
    german = companion("check", str(log), "--lang", "de")
    assert "keinen Platz C" in german.stdout


@pytest.mark.parametrize("mode", ["advisory", "strict"])
def test_a_line_that_is_no_action_is_impossible_and_the_lines_after_it_are_still_judged(tmp_path: Path,
                                                                                        mode: str) -> None:
    """A hand-written log with a broken line (not JSON, an unknown action type, a draw of 0 cards) used to stop at
    it: the judge learnt nothing of the rest. Each such line is now impossible (never applied, in any mode) with its
    reason, and the dead-pile bring-out after them is found as in the log without them."""
    lines = EXAMPLE.read_text().splitlines()
    header = json.loads(lines[0])
    header["mode"] = mode
    broken = ['{"type": "teleport", "player": "A"}', '{"type": "draw_cards", "player": "A", "count": 0}',
              '{"type": "gain_gold", "player": "A"', '["not", "an", "object"]']
    log = tmp_path / "broken.jsonl"
    log.write_text("\n".join([json.dumps(header), *lines[1:-2], *broken, *lines[-2:]]) + "\n")
    first = len(lines) - 2 + 1
    result = companion("check", str(log), "--json")
    assert result.returncode == 1, result.stderr
    rows = {r["line"]: r for r in json.loads(result.stdout)}
    for n, reason in zip(range(first, first + 4), ("unknown action type", "count", "not valid JSON", "object"),
                         strict=True):
        row = rows[n]
        assert (row["legal"], row["applied"], row["violations"][0]["rule"]) == (False, False, "log.unreadable-line")
        assert reason in row["violations"][0]["message"], row
        assert row["violations"][0]["citation"] == "Table log"
    bad = [r for r in rows.values() if not r["legal"] and r["line"] > first + 3]
    assert [r["violations"][0]["rule"] for r in bad] == ["shadows.unique-dead-pile"]
    assert json.loads(companion("check", str(log), "--json").stdout) == list(rows.values())  # the same each time
    german = companion("check", str(log), "--lang", "de")
    assert "keine Aktion, die das Protokollformat kennt" in german.stdout and german.returncode == 1


def test_a_field_the_line_does_not_have_is_ignored_with_a_note_and_the_log_is_judged(tmp_path: Path) -> None:
    """A hand-written log may say more than a line holds ("source" on a kneel by an effect, a "note"): the line is
    judged without it and says which fields it ignored, instead of the whole log being unreadable."""
    lines = EXAMPLE.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if i and not line.startswith("#"))
    first = json.loads(lines[at])
    log = tmp_path / "extra.jsonl"
    log.write_text("\n".join([*lines[:at], json.dumps({**first, "note": "as the table said", "source": "A.01089.1"}),
                              *lines[at + 1:]]) + "\n")
    plain = json.loads(companion("check", str(EXAMPLE), "--json").stdout)
    result = companion("check", str(log), "--json")
    assert result.returncode == 1, result.stderr
    rows = json.loads(result.stdout)
    assert [(r["line"], r["legal"], r["violations"]) for r in rows] == [
        (r["line"], r["legal"], r["violations"]) for r in plain]
    assert rows[0]["action"] == first
    assert any("'note', 'source'" in n and "ignored" in n for n in rows[0]["notes"]), rows[0]["notes"]
    german = companion("check", str(log), "--lang", "de", "--json")
    assert any("ignoriert" in n for n in json.loads(german.stdout)[0]["notes"])
    read = read_log(log.read_text().splitlines())
    assert read.ignored == {at + 1: ["note", "source"]}
    table = read.header.new_table(Catalog.open().cards(read.header.codes()))
    assert ignored_note(table, read.ignored[at + 1]).kind == "log-fields-ignored"


def test_missing_file_exits_two(tmp_path: Path) -> None:
    result = companion("check", str(tmp_path / "nope.jsonl"))
    assert result.returncode == 2 and "cannot read" in result.stderr


CARD_EFFECTS = ROOT / "docs" / "examples" / "card-effects.jsonl"
FIRST_EDITION_ORDER = ROOT / "docs" / "examples" / "first-edition-order.jsonl"


def test_the_card_effects_example_judges_every_new_action() -> None:
    from companion.rules.actions import REGISTRY

    result = companion("check", str(CARD_EFFECTS), "--json")
    assert result.returncode == 1, result.stderr
    rows = json.loads(result.stdout)
    illegal = {r["line"]: [v["rule"] for v in r["violations"]] for r in rows if not r["legal"]}
    assert illegal == {28: ["shadows.no-shadow-value"], 36: ["restriction.bring-out"],
                       37: ["restriction.play-events"], 39: ["shadows.rearrange"]}
    assert all(not r["applied"] for r in rows if not r["legal"])  # a strict game refuses them
    used = {r["action"]["type"] for r in rows}
    new = {"setup_face_down", "reveal_setup", "save_with_duplicate", "gain_shadow", "restrict",
           "rearrange_shadows", "put_into_play", "put_into_play_from_shadows", "take_control"}
    assert new <= used and new <= set(REGISTRY)
    by_line = {r["line"]: r for r in rows}
    assert any("loses 2 unspent setup gold" in n for n in by_line[9]["notes"])
    assert any("go with it to B" in n for n in by_line[23]["notes"])
    assert by_line[31]["legal"] and by_line[45]["legal"]  # a gained value; the restriction has ended


def test_the_first_edition_order_example() -> None:
    result = companion("check", str(FIRST_EDITION_ORDER), "--json")
    rows = json.loads(result.stdout)
    assert [(r["line"], r["violations"][0]["rule"]) for r in rows if not r["legal"]] == [(11, "shadows.order-1e")]
    assert rows[-1]["action"]["type"] == "bring_out" and rows[-1]["legal"]


def test_a_card_named_by_its_shadows_position_is_the_card_lying_there() -> None:
    """docs/table-log.md names another seat's face-down card by its position (``look_at`` ``B:shadows#1``); a judge's
    probe found the checked log refused that form as an unknown card. The line is judged on the card lying there,
    and shown as written."""
    log = ROOT / "tests" / "scenarios" / "probe22" / "04_2e_look_at_by_position.jsonl"
    result = companion("check", str(log), "--json")
    rows = json.loads(result.stdout)
    look = next(r for r in rows if r["action"]["type"] == "look_at")
    assert look["action"]["card"] == "B:shadows#1" and look["legal"] and look["applied"], look
    assert result.returncode == 0, [r for r in rows if not r["legal"]]
