"""Decklists from ThronesDB: the JSON decklist (``slots``) and the plain-text export.

A deck is its agenda(s), a plot deck and a draw deck, each a count per card code; the rules core
turns each physical copy into its own card instance (copy 1..n). Lists are refused (DeckError) when
they cannot be a deck at all: unknown cards, sizes no real deck comes near, a list pasted twice.
Whether a deck is *legal* is a separate question (companion.catalog.legality), answered with warnings.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.catalog.card import Card, Edition, fold
from companion.messages import text as message
from companion.safejson import DECODER, LongNumber

if TYPE_CHECKING:  # the database only as a type: reading a list stays pure for the rules core
    from companion.catalog.store import Catalog

#: Bounds no real deck comes near (a legal draw deck is 60-100 cards, a plot deck 7-12). Beyond them
#: a list is an error, not a warning: each copy becomes a card instance at the table.
MAX_DRAW_CARDS = 200
MAX_PLOT_CARDS = 20
MAX_COPIES = 99
MAX_AGENDAS = 4

_COUNT_X = re.compile(r"^\s*\d+\s*x", re.IGNORECASE)
#: A line that is a title with its pack after it, no count: an agenda ("Banner of the Kraken (Core)").
_PACK_HINT = re.compile(r"^(.+?)\s*\(([^()]*)\)$")
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
    de: str = ""  # the message in German, where the catalogue has it (warnings on the phone)

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
    draw: dict[str, int] = field(default_factory=dict)  # code -> copies: characters, locations, attachments, events
    plots: dict[str, int] = field(default_factory=dict)  # code -> copies
    #: Read, but worth a look: a pack name that is not the named card's (which printing was taken, and why).
    warnings: list[DeckProblem] = field(default_factory=list)

    @property
    def slots(self) -> dict[str, int]:
        """Every physical card but the agendas (draw deck and plot deck): what becomes card instances."""
        return {**self.draw, **self.plots}

    @property
    def size(self) -> int:
        return sum(self.draw.values()) + sum(self.plots.values())

    @property
    def draw_size(self) -> int:
        return sum(self.draw.values())

    @property
    def plot_size(self) -> int:
        return sum(self.plots.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "edition": self.edition,
            "faction": self.faction,
            "agendas": list(self.agendas),
            "plots": dict(sorted(self.plots.items())),
            "draw": dict(sorted(self.draw.items())),
            "slots": dict(sorted(self.slots.items())),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Deck:
        """Reads to_dict(); an older dict with only "slots" keeps them all in the draw deck."""
        draw = d.get("draw") if "draw" in d or "plots" in d else d.get("slots")
        return cls(
            name=str(d.get("name") or "deck"),
            edition=d.get("edition", "2e"),
            faction=d.get("faction"),
            agendas=[str(a) for a in d.get("agendas") or []],
            draw={str(k): int(v) for k, v in (draw or {}).items()},
            plots={str(k): int(v) for k, v in (d.get("plots") or {}).items()},
        )


class _Builder:
    """Collects cards by type with the problems found on the way, then checks the sizes."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[DeckProblem] = []
        self.agendas: list[str] = []
        self.draw: dict[str, int] = {}
        self.plots: dict[str, int] = {}
        self.faction: str | None = None
        self.warnings: list[DeckProblem] = []

    def add(self, card: Card, count: int, line: int = 0, text: str = "") -> None:
        where = text or card.code
        if count < 1:
            self.problems.append(DeckProblem(line, where, "the count must be at least 1"))
        elif count > MAX_COPIES:
            self.problems.append(DeckProblem(line, where, f"{count} copies: a list holds at most {MAX_COPIES} "
                                                          "of a card"))
        elif card.type == "agenda":
            self.agendas.extend([card.code] * count)
        elif card.type == "plot":
            self.plots[card.code] = self.plots.get(card.code, 0) + count
        elif card.type == "house":  # 1st edition's House card is the faction, not a card in a deck
            self.faction = self.faction or card.faction
        elif card.type == "title":
            self.problems.append(DeckProblem(line, where, "a title card is chosen during a melee game, "
                                                          "not part of a deck"))
        else:
            self.draw[card.code] = self.draw.get(card.code, 0) + count

    def deck(self, name: str, edition: Edition, faction: str | None) -> Deck:
        draw, plots = sum(self.draw.values()), sum(self.plots.values())
        if draw > MAX_DRAW_CARDS:
            self.problems.append(DeckProblem(0, "", f"{draw} draw-deck cards: a deck has at most {MAX_DRAW_CARDS} "
                                                    "(a legal one 60 to 100); is the list pasted more than once?"))
        if plots > MAX_PLOT_CARDS:
            self.problems.append(DeckProblem(0, "", f"{plots} plot cards: a deck has at most {MAX_PLOT_CARDS} "
                                                    "(a legal one 7 to 12)"))
        if len(self.agendas) > MAX_AGENDAS:
            self.problems.append(DeckProblem(0, "", f"{len(self.agendas)} agendas: a deck has at most {MAX_AGENDAS}"))
        if self.problems:
            raise DeckError(self.source, self.problems)
        return Deck(name=name, edition=edition, faction=faction or self.faction, agendas=self.agendas,
                    draw=self.draw, plots=self.plots, warnings=self.warnings)


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


def _json_entries(data: dict[str, Any]) -> list[tuple[str, Any]]:
    """(code, count) pairs: ThronesDB's ``slots`` object, or throneteki's ``cards`` list."""
    if isinstance(data.get("slots"), dict):
        return [(str(code), count) for code, count in data["slots"].items()]
    if isinstance(data.get("cards"), list) and all(isinstance(e, dict) for e in data["cards"]):
        return [(str(e.get("code")), e.get("count")) for e in data["cards"]]
    return []


def parse_deck_json(source: str, text: str, catalog: Catalog) -> Deck:
    decoder = DECODER  # integers bounded before conversion
    try:
        data, end = decoder.raw_decode(text.lstrip())
    except json.JSONDecodeError as exc:
        raise DeckError(source, [DeckProblem(exc.lineno, "", f"not valid JSON: {exc.msg}")]) from None
    except LongNumber as exc:
        raise DeckError(source, [DeckProblem(0, "", str(exc))]) from None
    rest = text.lstrip()[end:].strip()
    if rest:
        try:
            again = decoder.raw_decode(rest)[0]
        except ValueError:
            again = None
        message = ("the list appears twice: paste it once" if again == data
                   else "more than one JSON value: send one decklist")
        raise DeckError(source, [DeckProblem(0, "", message)])
    entries = _json_entries(data) if isinstance(data, dict) else []
    if not entries:
        raise DeckError(source, [DeckProblem(0, "", 'a ThronesDB decklist needs a "slots" object (code -> count)')])
    build = _Builder(source)
    editions: set[Edition] = set()
    for code, count in entries:
        card = catalog.get(code)
        if card is None:
            build.problems.append(DeckProblem(0, code, "unknown card code", _suggest(catalog, code, "2e")))
            continue
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            build.problems.append(DeckProblem(0, code, f"count {count!r} is not a whole number ≥ 1"))
            continue
        editions.add(card.edition)
        if card.type == "agenda" and card.code in build.agendas:
            continue  # ThronesDB lists the agenda in "slots" and again in "agendas"
        build.add(card, count)
    agendas_raw = data.get("agendas") or ([data["agenda"]] if data.get("agenda") else [])
    if isinstance(agendas_raw, dict):  # some exports give {code: 1}
        agendas_raw = list(agendas_raw)
    for entry in agendas_raw if isinstance(agendas_raw, list) else []:
        code = str(entry.get("code") if isinstance(entry, dict) else entry)
        card = catalog.get(code)
        if card is None or card.type != "agenda":
            build.problems.append(DeckProblem(0, code, "unknown agenda code"))
        elif code not in build.agendas:
            build.agendas.append(code)
    if len(editions) > 1:
        build.problems.append(DeckProblem(0, "", "the deck mixes 1st- and 2nd-edition cards"))
    faction = data.get("faction_code") or (data.get("faction") if isinstance(data.get("faction"), str) else None)
    return build.deck(str(data.get("name") or source), editions.pop() if editions else "2e",
                      str(faction).lower() if faction else None)


def _pick_printing(candidates: list[Card], pack_hint: str | None) -> Card:
    return _printing(candidates, pack_hint)[0]


def _printing_text(card: Card, lang: str) -> str:
    shadow = (message("shadowValue", lang, value=", ".join(str(c) for c in card.shadow_costs)) if card.shadow_costs
              else message("deck.no_shadow", lang))
    return f"{card.pack_name or card.pack} ({card.code}, {shadow})"


def _pack_warning(line: int, raw: str, pack: str, chosen: Card, printings: list[Card]) -> DeckProblem:
    """The warning for a pack name that fits none of the card's printings, in English and German."""
    def say(lang: str) -> str:
        out = message("deck.pack_name", lang, pack=pack, card=chosen.name, chosen=_printing_text(chosen, lang))
        if len(printings) > 1:
            every = "; ".join(_printing_text(c, lang) for c in printings)
            out += " " + message("deck.printings", lang, printings=every)
        return out

    return DeckProblem(line, raw, say("en"), de=say("de"))


def _printing(candidates: list[Card], pack_hint: str | None) -> tuple[Card, bool]:
    """The printing a list line names, and whether its pack name fits none of the card's printings.

    A pack name close to one of them (a typo) takes that printing; otherwise the regular printing is taken.
    Either way the player is told, with every printing and its Shadow value, because printings of one title
    can differ in what matters here (a Shadow card and a reprint without Shadow)."""
    regular = sorted(candidates, key=lambda c: (c.code.startswith("00"), c.code))
    if not pack_hint:
        return regular[0], False  # Prefer a regular pack over draft and variant sets (2nd-edition codes "00…").
    hint = fold(pack_hint)
    for card in candidates:
        if hint in (fold(card.pack_name), fold(card.pack)):
            return card, False
    ratio = {c.code: difflib.SequenceMatcher(None, hint, fold(c.pack_name)).ratio() for c in candidates}
    close = max(regular, key=lambda c: ratio[c.code])
    return (close if ratio[close.code] >= 0.75 else regular[0]), True


def _repeated_paste(cards: list[tuple[int, str]]) -> DeckProblem | None:
    """The whole list pasted k times, or one card line given twice word for word."""
    texts = [t for _, t in cards]
    n = len(texts)
    for period in range(1, n // 2 + 1):  # the shortest block that repeats, so 100 pastes read as 100
        k = n // period
        if n % period == 0 and texts == texts[:period] * k:
            times = "twice" if k == 2 else f"{k} times"
            first, second = cards[0][0], cards[period][0]
            return DeckProblem(second, cards[period][1],
                               f"the list appears {times} (its first card is on lines {first} and {second}): "
                               "paste it once")
    seen: dict[str, int] = {}
    for number, text in cards:
        if text in seen:
            return DeckProblem(number, text, f"this line repeats line {seen[text]}; give each card once with its count")
        seen[text] = number
    return None


def _named_titles(text: str) -> set[str]:
    """Every folded title ``parse_deck_text`` may look up for ``text``: a card line's title, with its pack hint and
    without; any other line whole (an agenda named alone). Only these are read from the catalog: reading every card
    of the edition to find a deck's few dozen took most of a registration's time."""
    keys = set()
    for raw in text.splitlines():
        line = raw.strip()
        m = _LINE.match(line) if line else None
        if line and not m:
            keys.add(fold(line))
            if (hinted := _PACK_HINT.match(line)) is not None:  # "Banner of the Kraken (Core)"
                keys.add(fold(hinted.group(1)))
        elif m:
            keys.add(fold(m.group(2)))
            if m.group(3):
                keys.add(fold(f"{m.group(2)} ({m.group(3)})"))
    return keys


def parse_deck_text(source: str, text: str, catalog: Catalog, edition: Edition = "2e") -> Deck:
    """``3x Tyrion Lannister (Core Set)`` lines; header lines name the deck, faction and agenda."""
    build = _Builder(source)
    faction: str | None = None
    name: str | None = None
    by_title: dict[str, list[Card]] = {}
    for card in catalog.titled(_named_titles(text), edition):
        by_title.setdefault(card.title_key, []).append(card)
    card_lines: list[tuple[int, str]] = []
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
                card_lines.append((number, key))
                build.add(_pick_printing(by_title[key], None), 1, number, line)
            elif (hinted := _PACK_HINT.match(line)) is not None and (
                    agenda := by_title.get(fold(hinted.group(1)), [None])[0]) is not None and agenda.type == "agenda":
                # an agenda named with its pack, as the card lines are (a judge trial: "Banner of the Kraken (Core)"
                # was dropped and every Greyjoy card then refused)
                card_lines.append((number, fold(hinted.group(1))))
                build.add(_printing(by_title[fold(hinted.group(1))], hinted.group(2))[0], 1, number, line)
            elif name is None and ":" not in line and not re.search(r"\(\d+\)$", line):
                name = line
            continue
        # (int() refuses 4,301 digits: a 500; a count of seven digits is over MAX_COPIES anyway, and says so.)
        count = int(m.group(1)) if len(m.group(1)) <= 6 else 10**6
        title, pack_hint = m.group(2), m.group(3)
        candidates = by_title.get(fold(title))
        if not candidates and pack_hint:  # "(Core Set)" may be part of an unusual title
            candidates = by_title.get(fold(f"{title} ({pack_hint})"))
        if not candidates and name is None and not card_lines and not _COUNT_X.match(line):
            name = line  # a deck name that starts with a number: "2016 World Championship Deck"
            continue
        card_lines.append((number, " ".join(line.casefold().split())))
        if not candidates:
            build.problems.append(DeckProblem(number, line, "no card with this name",
                                              _suggest(catalog, title, edition)))
            continue
        printing, unknown_pack = _printing(candidates, pack_hint)
        if unknown_pack and pack_hint:
            build.warnings.append(_pack_warning(number, line, pack_hint, printing, sorted(candidates,
                                                                                          key=lambda c: c.code)))
        build.add(printing, count, number, line)
    repeated = _repeated_paste(card_lines)
    if repeated is not None:  # said first and alone: the other problems follow from it
        raise DeckError(source, [repeated])
    if not build.draw and not build.plots and not build.problems:
        raise DeckError(source, [DeckProblem(0, "", "no card lines like '3x Tyrion Lannister (Core Set)' found")])
    return build.deck(name or source, edition, faction)
