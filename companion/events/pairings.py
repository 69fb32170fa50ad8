"""Pairings as pairing tools export them (CSV rows of table, player, player) or as the organiser chose
them by hand on the page (a list of tables with two players each).

Every row is checked before anything is created. CSV errors name their line; hand pairings' errors name
their table. Each problem is a catalogue id (``pairing.*``) with named values, so the page says it in
the reader's language; ``message`` is its English text."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.messages import text


@dataclass(frozen=True, slots=True)
class Problem:
    """One bad row: ``line`` is the CSV line, or for hand pairings the row's place (1-based); ``table``
    is set for hand pairings (the table the message is about)."""

    line: int
    msg: str
    params: dict[str, Any] = field(default_factory=dict)
    table: int | None = None

    @property
    def message(self) -> str:
        english = text(self.msg, "en", **self.params)
        return english if self.table is None else text("ev.table_problem", "en", table=self.table, message=english)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"line": self.line, "message": self.message, "msg": self.msg, "params": self.params}
        if self.table is not None:
            out["table"] = self.table
        return out


class Rows(list[tuple[int, int, int]]):
    """The (table, player id, player id) rows, and the player with the bye (a CSV row naming ``BYE`` as a
    player: the bye has no table, so that row's table cell is not read)."""

    bye: int | None = None


class PairingError(ValueError):
    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(f"line {p.line}: {p.message}" for p in problems))
        self.problems = problems


def _check(rows: Iterable[tuple[int, Sequence[str]]], players: dict[str, int], tables: int,
           by_hand: bool) -> tuple[Rows, list[Problem]]:
    """Rows of (place, [table, player, player]) against the registered ``players`` (name → id)."""
    by_name = {name.casefold().strip(): pid for name, pid in players.items()}
    problems: list[Problem] = []
    out = Rows()
    bye_line = 0
    seen_tables: dict[int, int] = {}
    seen_players: dict[int, int] = {}  # player id → the line (CSV) or table (by hand) that has them
    for number, cells in rows:
        if len(cells) != 3:
            problems.append(Problem(number, "pairing.columns", {"n": len(cells)}))
            continue
        table_text, a_name, b_name = cells
        # A table number is ASCII digits, a few of them: str.isdigit() also takes "²" and 5,000 digits, which
        # int() refuses (a 500).
        at_table = int(table_text) if re.fullmatch(r"[0-9]{1,6}", table_text) else None
        if is_bye(cells, by_name):
            name = b_name if a_name.casefold() == "bye" else a_name
            pid = by_name.get(name.casefold())
            at = at_table if by_hand else None  # by hand: the row's place
            if pid is None:
                problems.append(Problem(number, "pairing.not_registered", {"name": name or "–"}, at))
            elif pid in seen_players:
                problems.append(Problem(number, "pairing.player_again_table" if by_hand else "pairing.player_again",
                                        {"name": name, "line": seen_players[pid]}, at))
            elif out.bye is not None:
                problems.append(Problem(number, "pairing.bye_twice", {"name": name, "line": bye_line}, at))
            else:
                out.bye, bye_line, seen_players[pid] = pid, number, at if at is not None else number
            continue
        if by_hand and at_table is not None and at_table > tables:
            problems.append(Problem(number, "pairing.too_many_tables", {"tables": tables}, at_table))
            continue
        if at_table is None or not 1 <= at_table <= tables:
            problems.append(Problem(number, "pairing.table_range", {"table": repr(table_text[:20]), "tables": tables}))
            continue
        table = at_table
        mark = table if by_hand else None
        if table in seen_tables:
            problems.append(Problem(number, "pairing.table_twice", {"table": table}, mark) if by_hand else
                            Problem(number, "pairing.table_again", {"table": table, "line": seen_tables[table]}))
            continue
        if by_hand:  # by hand a number is a row of the page: a second row with it is wrong whatever the first holds
            seen_tables[table] = number
        if by_hand and not (a_name and b_name):
            problems.append(Problem(number, "pairing.choose_two", {}, mark))
            continue
        ids = []
        for name in (a_name, b_name):
            pid = by_name.get(name.casefold())
            if pid is None:
                problems.append(Problem(number, "pairing.not_registered", {"name": name or "–"}, mark))
            elif pid in seen_players:
                problems.append(Problem(number, "pairing.player_again_table" if by_hand else "pairing.player_again",
                                        {"name": name, "line": seen_players[pid]}, mark))
            else:
                ids.append(pid)
        if len(ids) == 2 and ids[0] == ids[1]:
            problems.append(Problem(number, "pairing.themselves", {"name": a_name}, mark))
            continue
        if len(ids) != 2:
            continue
        seen_tables[table] = number
        for pid in ids:
            seen_players[pid] = table if by_hand else number
        out.append((table, ids[0], ids[1]))
    return out, problems


def is_bye(cells: Sequence[str], by_name: dict[str, int]) -> bool:
    """A row naming ``BYE`` as a player (unless someone registered under that name): the other player
    has the round's bye, and the row has no table."""
    return len(cells) == 3 and "bye" not in by_name and "bye" in (cells[1].casefold(), cells[2].casefold())


def parse_pairings(text: str, players: dict[str, int], tables: int) -> Rows:
    """``players`` maps registered names (any case) to ids. Returns (table, player id, player id) rows,
    or raises PairingError listing every bad line. A header row (``table,…``) is skipped; a row with
    ``BYE`` for a player gives the other the round's bye."""
    rows = []
    for number, row in enumerate(csv.reader(io.StringIO(text.lstrip("\ufeff"))), start=1):
        cells = [c.strip() for c in row]
        if not any(cells) or (number == 1 and cells[0].casefold() in ("table", "tisch", "#")):
            continue
        rows.append((number, cells))
    out, problems = _check(rows, players, tables, by_hand=False)
    if problems:
        raise PairingError(problems)
    if not out:
        raise PairingError([Problem(1, "pairing.none")])
    return out


def check_hand_pairings(pairings: Sequence[tuple[int, str, str]], players: dict[str, int],
                        tables: int) -> list[tuple[int, int, int]]:
    """Pairings chosen by hand: (table, player, player) with names as registered. Each player plays at most
    once and the tables are numbered 1 to n without a gap; every problem names its table."""
    rows = [(i, [str(table), a.strip(), b.strip()]) for i, (table, a, b) in enumerate(pairings, start=1)]
    out, problems = _check(rows, players, tables, by_hand=True)
    by_name = {name.casefold().strip(): pid for name, pid in players.items()}
    games = [table for table, a, b in pairings if not is_bye([str(table), a.strip(), b.strip()], by_name)]
    numbers = set(games)  # a bye's row is no table
    missing = [n for n in range(1, len(games) + 1) if n not in numbers]
    if missing and len(numbers) == len(games):  # distinct numbers, yet not 1..n: a gap
        problems.append(Problem(len(games), "pairing.gap", {"n": len(games), "table": missing[0]}, missing[0]))
    if problems:
        raise PairingError(problems)
    if not out:
        raise PairingError([Problem(1, "pairing.none")])
    return out
