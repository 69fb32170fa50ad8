"""Pairings as pairing tools export them: CSV rows of table, player, player.

Every row is checked before anything is created; the errors name their line."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    line: int
    message: str

    def to_dict(self) -> dict[str, object]:
        return {"line": self.line, "message": self.message}


class PairingError(ValueError):
    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(f"line {p.line}: {p.message}" for p in problems))
        self.problems = problems


def parse_pairings(text: str, players: dict[str, int], tables: int) -> list[tuple[int, int, int]]:
    """``players`` maps registered names (any case) to ids. Returns (table, player id, player id) rows,
    or raises PairingError listing every bad line. A header row (``table,…``) is skipped."""
    by_name = {name.casefold().strip(): pid for name, pid in players.items()}
    problems: list[Problem] = []
    out: list[tuple[int, int, int]] = []
    seen_tables: dict[int, int] = {}
    seen_players: dict[int, int] = {}
    rows: Iterable[list[str]] = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    for number, row in enumerate(rows, start=1):
        cells = [c.strip() for c in row]
        if not any(cells):
            continue
        if number == 1 and cells[0].casefold() in ("table", "tisch", "#"):
            continue
        if len(cells) != 3:
            problems.append(Problem(number, f"expected 3 columns (table, player, player), found {len(cells)}"))
            continue
        table_text, a_name, b_name = cells
        if not table_text.isdigit() or not 1 <= int(table_text) <= tables:
            problems.append(Problem(number, f"table {table_text!r} is not a number from 1 to {tables}"))
            continue
        table = int(table_text)
        if table in seen_tables:
            problems.append(Problem(number, f"table {table} is paired already on line {seen_tables[table]}"))
            continue
        ids = []
        for name in (a_name, b_name):
            pid = by_name.get(name.casefold())
            if pid is None:
                problems.append(Problem(number, f"{name or '(empty)'} is not a registered player"))
            elif pid in seen_players:
                problems.append(Problem(number, f"{name} is paired already on line {seen_players[pid]}"))
            else:
                ids.append(pid)
        if len(ids) == 2 and ids[0] == ids[1]:
            problems.append(Problem(number, f"{a_name} cannot play against themselves"))
            continue
        if len(ids) != 2:
            continue
        seen_tables[table] = number
        for pid in ids:
            seen_players[pid] = number
        out.append((table, ids[0], ids[1]))
    if problems:
        raise PairingError(problems)
    if not out:
        raise PairingError([Problem(1, "no pairings found")])
    return out
