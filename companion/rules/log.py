"""The table log: a versioned JSON Lines format for a whole game.

Line 1 is the header::

    {"format": "agot-table-log", "version": 1, "edition": "2e", "mode": "advisory",
     "players": [{"seat": "A", "name": "Alice", "faction": "lannister",
                  "deck": {"01089": 3, "01045": 2}}],
     "first_player": "A"}

Every further non-blank line is one action, e.g.
``{"type": "marshal_into_shadows", "player": "A", "card": "A.01089.1"}``.
Card instances are named ``SEAT.CODE.COPY``. Lines starting with ``#`` are comments.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.catalog.card import FACTIONS, Card
from companion.messages import verdict_text
from companion.rules.actions import Action, action_from_dict, extra_fields
from companion.rules.actions.base import card_fields
from companion.rules.check import Checker
from companion.rules.editions import EDITIONS, Table
from companion.rules.engine import MODES, Mode, Seat, new_table, play
from companion.rules.state import ActionError, UnknownName
from companion.rules.verdict import Note, Verdict
from companion.rules.views import parse_alias, resolve_alias

FORMAT = "agot-table-log"
VERSION = 1


class LogError(ValueError):
    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}")


@dataclass(slots=True)
class Header:
    edition: str
    players: list[Seat]
    mode: Mode = "advisory"
    first_player: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def codes(self) -> set[str]:
        return {code for p in self.players for code in (p.deck or {})}

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "edition": self.edition,
            "mode": self.mode,
            "players": [
                {"seat": p.seat, "name": p.name, "faction": p.faction, "deck": dict(p.deck or {}),
                 **({"agenda_house": p.agenda_house} if p.agenda_house else {})}
                for p in self.players
            ],
            "first_player": self.first_player,
            **self.extra,
        }

    def new_table(self, cards: Mapping[str, Card]) -> Table:
        table = new_table(self.edition, self.players, cards)
        if self.first_player:
            table.first_player = self.first_player
        return table


def parse_header(data: Any, line: int = 1) -> Header:
    if not isinstance(data, dict):
        raise LogError(line, "the header must be a JSON object")
    if data.get("format") != FORMAT:
        raise LogError(line, f'the header needs "format": "{FORMAT}"')
    if data.get("version") != VERSION:
        raise LogError(line, f"unsupported log version {data.get('version')!r}; this companion reads version {VERSION}")
    edition = data.get("edition")
    if edition not in EDITIONS:
        names = " or ".join(f'"{e}"' for e in EDITIONS)
        raise LogError(line, f'"edition" must be {names}, not {edition!r}')
    mode = data.get("mode", "advisory")
    if mode not in MODES:
        raise LogError(line, f'"mode" must be "advisory" or "strict", not {mode!r}')
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise LogError(line, '"players" must be a non-empty list')
    players: list[Seat] = []
    for i, p in enumerate(raw_players, start=1):
        if not isinstance(p, dict) or not isinstance(p.get("seat"), str) or not p["seat"].strip():
            raise LogError(line, f'player {i} needs a "seat" name')
        if "." in p["seat"]:
            raise LogError(line, f'seat name {p["seat"]!r} must not contain "."')
        deck = p.get("deck") or {}
        if isinstance(deck, dict) and isinstance(deck.get("slots"), dict):
            deck = deck["slots"]
        if not isinstance(deck, dict) or not all(
            isinstance(k, str) and isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 99
            for k, n in deck.items()
        ):
            raise LogError(line, f"player {p['seat']}: \"deck\" must map card codes to copy counts")
        faction = p.get("faction")
        house = p.get("agenda_house")
        if house is not None and (not isinstance(house, str) or house.lower() not in FACTIONS):
            raise LogError(line, f"player {p['seat']}: \"agenda_house\" must name a House, not {house!r}")
        players.append(Seat(seat=p["seat"], name=str(p.get("name") or p["seat"]),
                            faction=str(faction) if faction else None, deck=deck,
                            agenda_house=house.lower() if house else None))
    if len({p.seat for p in players}) != len(players):
        raise LogError(line, "two players share a seat name")
    first = data.get("first_player")
    if first is not None and first not in {p.seat for p in players}:
        raise LogError(line, f"first_player {first!r} is not a seat")
    known = {"format", "version", "edition", "mode", "players", "first_player"}
    return Header(edition=edition, players=players, mode=mode, first_player=first,
                  extra={k: v for k, v in data.items() if k not in known})


@dataclass(slots=True)
class TableLog:
    header: Header
    actions: list[tuple[int, Action]]  # (line number, action) to replay
    #: A judge's export: every chained entry as stored, with its line number.
    entries: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    #: Actions taken back: (line number, action, entry) — reported, not replayed.
    undone: list[tuple[int, Action, dict[str, Any]]] = field(default_factory=list)
    #: Fields a hand-written line named that its action does not have, by line number: read without them.
    ignored: dict[int, list[str]] = field(default_factory=dict)
    #: Hand-written lines that are no action at all (not JSON, an unknown type, a count of 0), by line number, with
    #: why: each is judged impossible and the lines after it are still judged.
    unreadable: dict[int, str] = field(default_factory=dict)


def read_log(lines: Iterable[str]) -> TableLog:
    header: Header | None = None
    actions: list[tuple[int, Action]] = []
    entries: list[tuple[int, dict[str, Any]]] = []
    undone: list[tuple[int, Action, dict[str, Any]]] = []
    ignored: dict[int, list[str]] = {}
    unreadable: dict[int, str] = {}
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            reason = f"not valid JSON ({exc.msg}, column {exc.colno})"
            if header is None or entries:  # the header, or a judge's export: nothing can be judged without it
                raise LogError(number, reason) from None
            unreadable[number] = reason
            continue
        if header is None:
            header = parse_header(data, number)
            continue
        if isinstance(data, dict) and isinstance(data.get("entry"), dict):
            entry = data["entry"]
            entries.append((number, entry))
            if entry.get("kind") != "action":
                continue  # decks, undos, key changes: covered by the chain, not replayed
            data = entry.get("data")
        elif extra := extra_fields(data):
            # A hand-written line saying more than its action holds ("source" on a kneel, a "note"): read without
            # it, and said, rather than the whole log unreadable. A judge's export is read strictly.
            ignored[number] = extra
            data = {k: v for k, v in data.items() if k not in extra}
        try:
            action = action_from_dict(data)
        except ActionError as exc:
            if entries:  # a judge's export is read strictly: its lines were written by the companion itself
                raise LogError(number, str(exc)) from None
            unreadable[number] = str(exc)
            continue
        if entries and entries[-1][1].get("undone"):
            undone.append((number, action, entries[-1][1]))
        else:
            actions.append((number, action))
    if header is None:
        raise LogError(1, "the log is empty: it needs a header line")
    return TableLog(header, actions, entries, undone, ignored, unreadable)


def verify_chain(log: TableLog) -> tuple[int, str] | None:
    """Recompute every entry's hash of a judge's export. None when all match, else (line, reason)."""
    import hashlib
    import hmac

    chain = log.header.extra.get("chain")
    if not log.entries:
        return None
    if not isinstance(chain, dict) or not isinstance(chain.get("header"), str):
        return (1, "the header has no chain to verify the entries against")
    key = chain.get("key")

    def digest(text: str) -> str:
        if isinstance(key, str):
            return hmac.new(key.encode(), text.encode(), hashlib.sha256).hexdigest()
        return hashlib.sha256(text.encode()).hexdigest()

    def canonical(data: Any) -> str:
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    prev = digest(chain["header"])
    for n, (line, e) in enumerate(log.entries, start=1):
        if e.get("seq") != n:
            return (line, f"entry {e.get('seq')} follows entry {n - 1}: an entry is missing")
        fields = {"seq": e.get("seq"), "kind": e.get("kind"), "data": e.get("data"), "actor": e.get("actor"),
                  "at": e.get("at")}
        if isinstance(key, str):
            fields.update(verdict=e.get("verdict"), seal=e.get("seal"), meta=e.get("meta"))
        if e.get("prev_hash") != prev or digest(prev + canonical(fields)) != e.get("hash"):
            return (line, f"entry {e.get('seq')} does not match its hash: it was changed after it was written")
        prev = e["hash"]
    if chain.get("head") not in (None, prev) or chain.get("entries") not in (None, len(log.entries)):
        return (len(log.entries) + 1, "the log ends before the head it names: entries were removed")
    return None


def write_log(header: Header, actions: Iterable[Action]) -> str:
    lines = [json.dumps(header.to_dict(), ensure_ascii=False)]
    lines += [json.dumps(a.to_dict(), ensure_ascii=False) for a in actions]
    return "\n".join(lines) + "\n"


def unknown_name(table: Table, exc: UnknownName) -> Verdict:
    """A line naming a seat or a card instance the table does not have: impossible, so not applied in any mode."""
    checker = Checker(table)
    checker.violate("log.unknown-seat" if exc.what == "seat" else "log.unknown-card", name=exc.name)
    checker.verdict.applied = False
    return checker.verdict


def by_position(table: Table, action: Action) -> Action:
    """A card named by its position in a shadows area (``B:shadows#1``, as a phone names another seat's face-down
    card) is the card lying there now; a position with no card stays as written (then impossible)."""
    named = {name: cid for name in card_fields(action) if isinstance(ref := getattr(action, name), str)
             and parse_alias(ref) is not None and (cid := resolve_alias(table, ref)) is not None}
    return replace(action, **named) if named else action


def unreadable_verdict(table: Table, reason: str) -> Verdict:
    """A hand-written line that is no action at all: impossible as written, so nothing is applied."""
    checker = Checker(table)
    checker.violate("log.unreadable-line", reason=reason)
    checker.verdict.applied = False
    return checker.verdict


def ignored_note(table: Table, fields: list[str]) -> Note:
    """The note of a hand-written line read without the fields its action does not have."""
    checker = Checker(table)
    checker.note("log-fields-ignored", fields=", ".join(map(repr, fields)))
    return checker.verdict.notes[0]


def judge(text: str, cards_for: Callable[[set[str]], Mapping[str, Card]], lang: str = "en"
          ) -> list[dict[str, Any]]:
    """Replay a table log; one result per action line (undone entries of a judge's export included, marked,
    not replayed). Verifies the export's hash chain first. Raises LogError naming the line that is wrong."""
    log = read_log(text.splitlines())
    broken = verify_chain(log)
    if broken is not None:
        raise LogError(*broken)
    cards = cards_for(log.header.codes())
    missing = sorted(log.header.codes() - set(cards))
    if missing:
        raise LogError(1, f"unknown card code(s) in the decks: {', '.join(missing)}")
    try:
        table = log.header.new_table(cards)
    except ValueError as exc:
        raise LogError(1, str(exc)) from None
    results: list[dict[str, Any]] = []
    lines: list[tuple[int, Action | str]] = [*log.actions, *log.unreadable.items()]
    for line, action in sorted(lines, key=lambda item: item[0]):
        if isinstance(action, str):
            verdict, shown = unreadable_verdict(table, action), {"type": "?"}
        else:
            try:
                verdict = play(table, by_position(table, action), log.header.mode)
            except UnknownName as exc:  # named before anything is applied (Action.validate): the table is unchanged
                verdict = unknown_name(table, exc)
            except ActionError as exc:
                verdict = unreadable_verdict(table, str(exc))
            shown = action.to_dict()
        if line in log.ignored:
            verdict.notes.insert(0, ignored_note(table, log.ignored[line]))
        results.append({
            "line": line,
            "action": shown,
            "legal": verdict.legal,
            "applied": verdict.applied,
            "violations": [{"rule": v.rule, "citation": v.citation, "message": verdict_text(v.to_dict(), lang)}
                           for v in verdict.violations],
            "notes": [verdict_text(n.to_dict(), lang) for n in verdict.notes],
        })
    for line, action, entry in log.undone:
        # Taken back at the table, so not replayed; what was judged when it was recorded stands.
        recorded = entry.get("verdict") or {}
        results.append({
            "line": line, "action": action.to_dict(), "legal": recorded.get("legal", True), "applied": False,
            "undone": True,
            "violations": [{"rule": v.get("rule"), "citation": v.get("citation"), "message": verdict_text(v, lang)}
                           for v in recorded.get("violations", [])],
            "notes": [verdict_text(n, lang) for n in recorded.get("notes", [])],
        })
    results.sort(key=lambda r: int(r["line"]))
    return results
