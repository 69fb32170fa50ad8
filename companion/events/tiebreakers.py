"""The standings' tie-breakers, in one registry: what each is called, where it stands in the order, how it is
computed from the results, how it is shown. The sorting (``swiss.standings``), the standings' JSON (public page,
feed, report), the pages (``static/events.js`` reads ``tiebreakers`` from the JSON and names none), the report's
PDF and the signed event file are all made from ``TIEBREAKERS``; a new tie-breaker is one entry here, its two
lines in each message catalogue (``tb.<id>``: the column's heading; ``tb.<id>.legend``: one sentence saying
what it is) and its test (docs/extending.md).

The regulations' order (Tournament Regulations › Tournament Points › Tiebreakers): strength of schedule, extended
strength of schedule, random. Pure: no Flask, no SQLite."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from companion.messages import LANGUAGES, text

#: A tie-breaker's value for one player: an exact fraction (no rounding decides a place) or a whole number.
Value = Fraction | int
Format = Literal["ratio", "count"]


@dataclass(frozen=True, slots=True)
class Record:
    """What a tie-breaker is computed from: each player's tournament points (as the standings count them),
    rounds played, opponents (one entry per game: a bye is no opponent), the event's seed, and the values of
    the tie-breakers before it in the order (extended strength of schedule reads strength of schedule)."""

    points: Mapping[int, int]
    rounds: Mapping[int, int]
    opponents: Mapping[int, Sequence[int]]
    seed: str
    values: dict[str, dict[int, Value]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Tiebreaker:
    id: str  # the key in the standings' JSON and the CSV column; its words are ``tb.<id>`` in the catalogue
    compute: Callable[[Record], dict[int, Value]]
    higher_first: bool  # the highest value ranks first (strength of schedule); False: the lowest (the lot)
    format: Format  # "ratio": three decimals in the reader's notation; "count": a whole number
    citation: str

    def shown(self, value: Value) -> float | int:
        """The value as the JSON carries it (a ratio to 3 decimals; the order itself uses the exact value)."""
        return round(float(value), 3) if self.format == "ratio" else int(value)

    def words(self, value: Value | float, lang: str) -> str:
        """The value as a page or the PDF prints it: 2.778 in English, 2,778 in German."""
        if self.format == "count":
            return str(int(value))
        figure = f"{float(value):.3f}"
        return figure.replace(".", ",") if lang == "de" else figure

    def label(self, lang: str) -> str:
        return text(f"tb.{self.id}", lang)

    def describe(self) -> dict[str, Any]:
        """The entry as the standings' JSON lists it: pages and feeds draw their columns from it."""
        return {"id": self.id, "format": self.format, "order": "high" if self.higher_first else "low",
                "label": {lang: self.label(lang) for lang in LANGUAGES},
                "legend": {lang: text(f"tb.{self.id}.legend", lang) for lang in LANGUAGES},
                "citation": self.citation}


def _mean(values: Sequence[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def strength_of_schedule(r: Record) -> dict[int, Value]:
    """Each opponent's tournament points divided by the rounds that opponent played, summed over the player's
    opponents and divided by the number of opponents (a bye is no opponent: the player receives a win, nobody
    is met)."""
    ratio = {p: Fraction(r.points[p], r.rounds[p]) if r.rounds[p] else Fraction(0) for p in r.points}
    return {p: _mean([ratio[o] for o in r.opponents[p]]) for p in r.points}


def extended_strength_of_schedule(r: Record) -> dict[int, Value]:
    """Each opponent's strength of schedule, summed and divided by the number of opponents."""
    sos = r.values["sos"]
    return {p: _mean([Fraction(sos[o]) for o in r.opponents[p]]) for p in r.points}


def lot(seed: str, player: int) -> int:
    """The regulations' last tie-breaker is random; drawn from the event's seed it is the same every time the
    standings are computed (reproducible by anyone with the seed). 0–999 999."""
    return int(hashlib.sha256(f"{seed}:lot:{player}".encode()).hexdigest()[:12], 16) % 1_000_000


def random_lot(r: Record) -> dict[int, Value]:
    return {p: lot(r.seed, p) for p in r.points}


REGULATIONS = "FFG AGoT Tournament Regulations v2.0, Tournament Points › Tiebreakers"

#: Every tie-breaker, in the order they are applied after tournament points. A new one: an entry here (placed
#: where it applies), ``tb.<id>`` and ``tb.<id>.legend`` in both message catalogues, and a test.
TIEBREAKERS: tuple[Tiebreaker, ...] = (
    Tiebreaker("sos", strength_of_schedule, True, "ratio", f"{REGULATIONS}: Strength of Schedule"),
    Tiebreaker("esos", extended_strength_of_schedule, True, "ratio", f"{REGULATIONS}: Extended Strength of Schedule"),
    Tiebreaker("lot", random_lot, False, "count", f"{REGULATIONS}: Random (drawn from the event's seed)"),
)


def compute(record: Record, tiebreakers: Sequence[Tiebreaker] | None = None) -> dict[str, dict[int, Value]]:
    """Every tie-breaker's value for every player, in the registry's order (each sees the ones before it)."""
    for tb in TIEBREAKERS if tiebreakers is None else tiebreakers:
        record.values[tb.id] = tb.compute(record)
    return record.values


def order_key(points: int, values: Mapping[str, Value], player: int,
              tiebreakers: Sequence[Tiebreaker] | None = None) -> tuple[Any, ...]:
    """The standings' sort key: most points first, then each tie-breaker in its order, then the player's number
    (a total order: two players never tie)."""
    chosen = TIEBREAKERS if tiebreakers is None else tiebreakers
    return (-points, *((-values[tb.id] if tb.higher_first else values[tb.id]) for tb in chosen), player)


def described() -> list[dict[str, Any]]:
    """The registry as the standings' JSON lists it (``tiebreakers``): the pages draw their columns from it."""
    return [tb.describe() for tb in TIEBREAKERS]
