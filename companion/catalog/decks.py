"""Decklists from ThronesDB: the JSON decklist (``slots``) and the plain-text export.

A deck is a count per card code; the rules core turns each physical copy into
its own card instance (copy 1..n).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from companion.catalog.card import Card, Edition, fold
from companion.catalog.store import Catalog

_LINE = re.compile(r"^\s*(\d+)\s*x?\s+(.+?)\s*(?:\(([^()]*)\))?\s*$", re.IGNORECASE)
FACTIONS_2E = {
    "baratheon", "greyjoy", "lannister", "martell", "neutral", "stark", "targaryen", "thenightswatch", "tyrell",
}
_FACTION_NAMES = {
    "house baratheon": "baratheon", "house greyjoy": "greyjoy", "house lannister": "lannister",
    "house martell": "martell", "house stark": "stark", "house targaryen": "targaryen",
    "house tyrell": "tyrell", "the nights watch": "thenightswatch", "nights watch": "thenightswatch",
}


@dataclass(frozen=True, slots=True)
class DeckProblem:
    line: int  # 1-based line of a text list; 0 for JSON entries
    text: str
    message: str
    suggestions: tuple[str, ...] = ()

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        hint = f" (did you mean: {', '.join(self.suggestions)}?)" if self.suggestions else ""
        return f"{where}{self.text!r}: {self.message}{hint}"


class DeckError(ValueError):
    def __init__(self, source: str, problems: list[DeckProblem]) -> None:
        self.source = source
        self.problems = problems
        lines = "\n".join(f"  {p}" for p in problems)
        super().__init__(f"{source}: {len(problems)} problem(s) in the decklist\n{lines}")


@dataclass(slots=True)
class Deck:
    name: str
    edition: Edition
    faction: str | None = None
    agendas: list[str] = field(default_factory=list)
    slots: dict[str, int] = field(default_factory=dict)  # code -> copies

    @property
    def size(self) -> int:
        return sum(self.slots.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "edition": self.edition,
            "faction": self.faction,
            "agendas": list(self.agendas),
            "slots": dict(sorted(self.slots.items())),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Deck:
        return cls(
            name=str(d.get("name") or "deck"),
            edition=d.get("edition", "2e"),
            faction=d.get("faction"),
            agendas=[str(a) for a in d.get("agendas") or []],
            slots={str(k): int(v) for k, v in (d.get("slots") or {}).items()},
        )


def _suggest(catalog: Catalog, text: str, edition: Edition) -> tuple[str, ...]:
    seen: dict[str, str] = {}
    for m in catalog.search(text, edition=edition, limit=20):
        seen.setdefault(m.card.title_key, f"{m.card.name} ({m.card.code})")
        if len(seen) == 3:
            break
    return tuple(seen.values())


def parse_deck(source: str, text: str | bytes, catalog: Catalog, edition: Edition = "2e") -> Deck:
    """Read a ThronesDB decklist, JSON or plain text, detected by content."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DeckError(source, [DeckProblem(0, "", "the file is not UTF-8 text")]) from None
    if not text.strip():
        raise DeckError(source, [DeckProblem(0, "", "the file is empty")])
    if text.lstrip().startswith("{"):
        return parse_deck_json(source, text, catalog)
    return parse_deck_text(source, text, catalog, edition)


def parse_deck_json(source: str, text: str, catalog: Catalog) -> Deck:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DeckError(source, [DeckProblem(exc.lineno, "", f"not valid JSON: {exc.msg}")]) from None
    if not isinstance(data, dict) or not isinstance(data.get("slots"), dict):
        raise DeckError(source, [DeckProblem(0, "", 'a ThronesDB decklist needs a "slots" object (code -> count)')])
    problems: list[DeckProblem] = []
    slots: dict[str, int] = {}
    editions: set[Edition] = set()
    for code, count in data["slots"].items():
        card = catalog.get(str(code))
        if card is None:
            problems.append(DeckProblem(0, str(code), "unknown card code", _suggest(catalog, str(code), "2e")))
            continue
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            problems.append(DeckProblem(0, str(code), f"count {count!r} is not a whole number ≥ 1"))
            continue
        editions.add(card.edition)
        if card.type == "agenda":
            continue  # agendas live in their own list
        slots[card.code] = count
    agendas_raw = data.get("agendas") or []
    if isinstance(agendas_raw, dict):  # some exports give {code: 1}
        agendas_raw = list(agendas_raw)
    agendas: list[str] = []
    for entry in agendas_raw:
        code = str(entry.get("code") if isinstance(entry, dict) else entry)
        if catalog.get(code) is None:
            problems.append(DeckProblem(0, code, "unknown agenda code"))
        else:
            agendas.append(code)
    for code in data["slots"]:
        card = catalog.get(str(code))
        if card is not None and card.type == "agenda" and card.code not in agendas:
            agendas.append(card.code)
    if len(editions) > 1:
        problems.append(DeckProblem(0, "", "the deck mixes 1st- and 2nd-edition cards"))
    if problems:
        raise DeckError(source, problems)
    faction = data.get("faction_code") or (data.get("faction") if isinstance(data.get("faction"), str) else None)
    return Deck(
        name=str(data.get("name") or source),
        edition=editions.pop() if editions else "2e",
        faction=str(faction).lower() if faction else None,
        agendas=agendas,
        slots=slots,
    )


def _pick_printing(candidates: list[Card], pack_hint: str | None) -> Card:
    if pack_hint:
        hint = fold(pack_hint)
        for card in candidates:
            if hint in (fold(card.pack_name), fold(card.pack)):
                return card
    # Prefer a regular pack over draft and variant sets (2nd-edition codes "00…").
    return sorted(candidates, key=lambda c: (c.code.startswith("00"), c.code))[0]


def parse_deck_text(source: str, text: str, catalog: Catalog, edition: Edition = "2e") -> Deck:
    """``3x Tyrion Lannister (Core Set)`` lines; header lines name the deck, faction and agenda."""
    problems: list[DeckProblem] = []
    slots: dict[str, int] = {}
    agendas: list[str] = []
    faction: str | None = None
    name: str | None = None
    by_title: dict[str, list[Card]] = {}
    for card in catalog.all(edition):
        by_title.setdefault(card.title_key, []).append(card)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        m = _LINE.match(line)
        if not m:
            key = fold(line)
            if key in FACTIONS_2E or key in _FACTION_NAMES:
                faction = _FACTION_NAMES.get(key, key)
            elif key in by_title and by_title[key][0].type == "agenda":
                agendas.append(_pick_printing(by_title[key], None).code)
            elif name is None and ":" not in line and not re.search(r"\(\d+\)$", line):
                name = line
            continue
        count, title, pack_hint = int(m.group(1)), m.group(2), m.group(3)
        candidates = by_title.get(fold(title))
        if not candidates and pack_hint:  # "(Core Set)" may be part of an unusual title
            candidates = by_title.get(fold(f"{title} ({pack_hint})"))
        if not candidates:
            problems.append(DeckProblem(number, line, "no card with this name", _suggest(catalog, title, edition)))
            continue
        if count < 1:
            problems.append(DeckProblem(number, line, "the count must be at least 1"))
            continue
        card = _pick_printing(candidates, pack_hint)
        if card.type == "agenda":
            agendas.extend([card.code] * count)
        else:
            slots[card.code] = slots.get(card.code, 0) + count
    if problems:
        raise DeckError(source, problems)
    if not slots:
        raise DeckError(source, [DeckProblem(0, "", "no card lines like '3x Tyrion Lannister (Core Set)' found")])
    return Deck(name=name or source, edition=edition, faction=faction, agendas=agendas, slots=slots)
