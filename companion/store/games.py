"""Games and their logs.

Each game has an append-only log of entries: ``deck`` (a seat's deck, before play starts),
``action`` (a game action, checked by the rules engine) and ``undo`` (a compensating entry that
takes back an earlier action; the log keeps both). Every entry carries the hash of the one before,
so a log can be verified end to end. The table state is rebuilt from the log; an in-memory cache
only saves replaying it on every request and is never the source of truth.
"""

from __future__ import annotations

import copy
import datetime as dt
import functools
import hashlib
import json
import queue
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlite_utils

from companion.catalog.card import Card
from companion.rules import Action, ActionError, Mode, Seat, Verdict, action_from_dict, new_table, play
from companion.rules.editions import Table
from companion.rules.engine import add_deck
from companion.store.db import connect
from companion.store.secrets import hash_secret, matches, new_game_id, new_secret


class StoreError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class NotFound(StoreError):
    status = 404
    code = "not_found"


class Conflict(StoreError):
    status = 409
    code = "version_conflict"


class Refused(StoreError):
    """Strict mode refused an illegal action."""

    status = 422
    code = "illegal_action"


class Impossible(Refused):
    """The action cannot physically happen (a card named where it is not): refused in every mode."""

    code = "impossible"


def play_or_refuse(table: Table, action: Action, mode: Mode) -> Verdict:
    """Apply an action through the rules engine; a strict game refuses an illegal one."""
    try:
        verdict = play(table, action, mode)
    except ActionError as exc:
        raise StoreError(f"{exc}; nothing was recorded") from None
    if verdict.impossible:
        raise Impossible("the action names something that is not there; nothing was recorded",
                         action=action.to_dict(), verdict=verdict.to_dict())
    if not verdict.applied:
        raise Refused("strict mode: the action is illegal and nothing was recorded",
                      action=action.to_dict(), verdict=verdict.to_dict())
    return verdict


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def entry_hash(prev: str, seq: int, kind: str, data: Any, actor: str, at: str) -> str:
    body = canonical({"seq": seq, "kind": kind, "data": data, "actor": actor, "at": at})
    return hashlib.sha256((prev + body).encode()).hexdigest()


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")


@dataclass(slots=True)
class Entry:
    seq: int
    kind: str
    data: dict[str, Any]
    actor: str
    at: str
    prev_hash: str
    hash: str
    verdict: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "data": self.data, "actor": self.actor, "at": self.at,
                "hash": self.hash, "verdict": self.verdict}


@dataclass(slots=True)
class Game:
    id: str
    kind: str
    title: str
    edition: str
    mode: Mode
    seats: list[Seat]
    version: int
    head_hash: str
    created: str
    host_hash: str = field(repr=False, default="")
    judge_hash: str = field(repr=False, default="")
    seat_hashes: dict[str, str] = field(repr=False, default_factory=dict)
    header: dict[str, Any] = field(repr=False, default_factory=dict)

    def public(self) -> dict[str, Any]:
        return {
            "id": self.id, "kind": self.kind, "title": self.title, "edition": self.edition, "mode": self.mode,
            "seats": [{"seat": s.seat, "name": s.name, "faction": s.faction} for s in self.seats],
            "version": self.version, "created": self.created,
        }

    def role_for(self, key: str | None) -> str:
        """Who holds this key: "host", "judge", a seat name, or "spectator"."""
        if key:
            for seat, h in self.seat_hashes.items():
                if matches(key, h):
                    return seat
            if matches(key, self.judge_hash):
                return "judge"
            if matches(key, self.host_hash):
                return "host"
        return "spectator"


@dataclass(slots=True)
class Cached:
    version: int
    table: Any  # the rules engine's Table, or the Shadow Empire for Tapestry games
    undone: set[int]
    actions: dict[int, dict[str, Any]]  # seq -> effective action, as stored

    def working_copy(self) -> Cached:
        """Writers change a copy and swap it in when the entry is committed, so readers (views, live
        streams) always see a consistent table."""
        table = self.table.clone() if hasattr(self.table, "clone") else copy.deepcopy(self.table)
        return Cached(self.version, table, set(self.undone), dict(self.actions))


def _with_connection(method: Callable[..., Any]) -> Callable[..., Any]:
    """Public store methods borrow a pooled connection for their duration (nested calls share it)."""

    @functools.wraps(method)
    def inner(self: GameStore, *args: Any, **kwargs: Any) -> Any:
        if getattr(self._local, "db", None) is not None:
            return method(self, *args, **kwargs)
        db = self._pool.get()
        self._local.db = db
        try:
            return method(self, *args, **kwargs)
        finally:
            self._local.db = None
            self._pool.put(db)

    return inner


class GameStore:
    """All games in one SQLite file. Thread-safe; writes to one game are serialised.

    Connections come from a small pool, so hundreds of waiting live-update threads hold no
    database file handles.
    """

    def __init__(self, path: str | Path, cards: Callable[[set[str]], Mapping[str, Card]], pool: int = 8) -> None:
        self.path = Path(path)
        self._cards = cards
        self._local = threading.local()
        self._locks: dict[str, threading.Lock] = {}
        self._locks_guard = threading.Lock()
        self._cache: dict[str, Cached] = {}
        self.listeners: list[Callable[[str, int], None]] = []
        self._pool: queue.LifoQueue[sqlite_utils.Database] = queue.LifoQueue()
        for _ in range(pool):
            self._pool.put(connect(self.path))  # the first one creates and migrates the schema

    # -- connections and locks ----------------------------------------------------------
    @property
    def db(self) -> sqlite_utils.Database:
        db = getattr(self._local, "db", None)
        if db is None:
            raise RuntimeError("store methods borrow a connection first (@_with_connection)")
        return db

    def _lock(self, game_id: str) -> threading.Lock:
        with self._locks_guard:
            return self._locks.setdefault(game_id, threading.Lock())

    @contextmanager
    def _write(self, game_id: str) -> Iterator[sqlite_utils.Database]:
        """One writer per game in this process, and BEGIN IMMEDIATE against other processes."""
        with self._lock(game_id):
            db = self.db
            db.conn.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.conn.execute("COMMIT")
            except BaseException:
                db.conn.execute("ROLLBACK")
                raise

    # -- games ---------------------------------------------------------------------------
    @_with_connection
    def create_game(
        self, edition: str, mode: Mode, seats: list[Seat], title: str = "", kind: str = "agot",
        header: dict[str, Any] | None = None,
    ) -> tuple[Game, dict[str, str]]:
        """Create a game. Returns it and the secrets (shown once, stored only as hashes)."""
        if kind == "agot" and edition not in ("2e", "1e"):
            raise StoreError("edition must be 2e or 1e", edition=edition)
        if kind == "agot" and mode not in ("advisory", "strict"):
            raise StoreError("mode must be advisory or strict", mode=mode)
        game_id = new_game_id()
        keys = {"host": new_secret(), "judge": new_secret(), **{s.seat: new_secret() for s in seats}}
        created = now()
        head = {"id": game_id, "kind": kind, "edition": edition, "mode": mode, "created": created,
                "seats": [{"seat": s.seat, "name": s.name, "faction": s.faction} for s in seats], **(header or {})}
        genesis = hashlib.sha256(canonical(head).encode()).hexdigest()
        with self._write(game_id) as db:
            db["games"].insert({
                "id": game_id, "kind": kind, "title": title, "edition": edition, "mode": mode,
                "header": canonical(head), "host_hash": hash_secret(keys["host"]),
                "judge_hash": hash_secret(keys["judge"]), "version": 0, "head_hash": genesis, "created": created,
            })
            for i, s in enumerate(seats):
                db["seats"].insert({"game_id": game_id, "seat": s.seat, "position": i, "name": s.name,
                                    "faction": s.faction, "key_hash": hash_secret(keys[s.seat])})
        return self.game(game_id), keys

    @_with_connection
    def game(self, game_id: str) -> Game:
        rows = list(self.db.query("select * from games where id = ?", [game_id]))
        if not rows:
            raise NotFound(f"no game {game_id!r}")
        g = rows[0]
        seat_rows = list(self.db.query("select * from seats where game_id = ? order by position", [game_id]))
        return Game(
            id=g["id"], kind=g["kind"], title=g["title"] or "", edition=g["edition"], mode=g["mode"],
            seats=[Seat(r["seat"], r["name"] or r["seat"], r["faction"]) for r in seat_rows],
            version=g["version"], head_hash=g["head_hash"], created=g["created"],
            host_hash=g["host_hash"], judge_hash=g["judge_hash"],
            seat_hashes={r["seat"]: r["key_hash"] for r in seat_rows},
            header=json.loads(g["header"]),
        )

    @_with_connection
    def games(self, kind: str | None = None, limit: int = 50) -> list[Game]:
        sql = "select id from games" + (" where kind = ?" if kind else "") + " order by created desc limit ?"
        return [self.game(r["id"]) for r in self.db.query(sql, [kind, limit] if kind else [limit])]

    @_with_connection
    def reissue_key(self, game_id: str, seat: str) -> str:
        key = new_secret()
        with self._write(game_id) as db:
            if not list(db.query("select 1 from seats where game_id = ? and seat = ?", [game_id, seat])):
                raise NotFound(f"no seat {seat!r} in this game")
            db.conn.execute("update seats set key_hash = ? where game_id = ? and seat = ?",
                            [hash_secret(key), game_id, seat])
        return key

    # -- the log ---------------------------------------------------------------------------
    @_with_connection
    def entries(self, game_id: str, since: int = 0) -> list[Entry]:
        rows = self.db.query("select * from entries where game_id = ? and seq > ? order by seq", [game_id, since])
        return [
            Entry(r["seq"], r["kind"], json.loads(r["data"]), r["actor"], r["at"], r["prev_hash"], r["hash"],
                  json.loads(r["verdict"]) if r["verdict"] else None)
            for r in rows
        ]

    @_with_connection
    def verify(self, game_id: str) -> dict[str, Any]:
        """Walk the hash chain from the game's genesis; report the first broken entry."""
        g = list(self.db.query("select header, head_hash, version from games where id = ?", [game_id]))
        if not g:
            raise NotFound(f"no game {game_id!r}")
        prev = hashlib.sha256(g[0]["header"].encode()).hexdigest()
        count = 0
        for e in self.entries(game_id):
            count += 1
            if e.seq != count:
                return {"ok": False, "entries": count - 1, "error": f"entry {e.seq} follows {count - 1}"}
            if e.prev_hash != prev or entry_hash(prev, e.seq, e.kind, e.data, e.actor, e.at) != e.hash:
                return {"ok": False, "entries": count - 1, "error": f"entry {e.seq} does not match its hash"}
            prev = e.hash
        if prev != g[0]["head_hash"] or count != g[0]["version"]:
            return {"ok": False, "entries": count, "error": "the game's head does not match its last entry"}
        return {"ok": True, "entries": count, "head": prev}

    def _append(self, db: sqlite_utils.Database, game: Game, kind: str, data: dict[str, Any], actor: str,
                verdict: Verdict | None) -> Entry:
        seq = game.version + 1
        at = now()
        h = entry_hash(game.head_hash, seq, kind, data, actor, at)
        db["entries"].insert({
            "game_id": game.id, "seq": seq, "kind": kind, "data": canonical(data), "actor": actor, "at": at,
            "prev_hash": game.head_hash, "hash": h, "verdict": canonical(verdict.to_dict()) if verdict else None,
        })
        db.conn.execute("update games set version = ?, head_hash = ? where id = ?", [seq, h, game.id])
        return Entry(seq, kind, data, actor, at, game.head_hash, h, verdict.to_dict() if verdict else None)

    def _notify(self, game_id: str, version: int) -> None:
        for listener in list(self.listeners):
            listener(game_id, version)

    def _check_version(self, game: Game, expected: int | None) -> None:
        if expected is None:
            raise StoreError("expected_version is required: send the game version your device last saw",
                             version=game.version)
        if expected != game.version:
            raise Conflict(f"the game is at version {game.version}, not {expected}; reload and try again",
                           version=game.version)

    # -- state ----------------------------------------------------------------------------------
    def _rebuild(self, game: Game) -> Cached:
        entries = self.entries(game.id)
        undone = {int(e.data["seq"]) for e in entries if e.kind == "undo"}
        actions = {e.seq: e.data for e in entries if e.kind == "action" and e.seq not in undone}
        if game.kind == "tapestry":
            from companion.tapestry.engine import apply_entry, from_setup

            shadow_empire = from_setup(game.header["setup"])
            for data in actions.values():
                apply_entry(shadow_empire, data)  # every stored entry was accepted when it was made
            return Cached(game.version, shadow_empire, undone, actions)
        decks = {e.data["seat"]: e.data["deck"] for e in entries if e.kind == "deck"}
        table = self._new_table(game, decks)
        for data in actions.values():
            play(table, action_from_dict(data), "advisory")  # every stored action was accepted when made
        table.version = game.version
        return Cached(game.version, table, undone, actions)

    def _new_table(self, game: Game, decks: Mapping[str, Mapping[str, int]]) -> Table:
        codes = {code for d in decks.values() for code in d}
        cards = dict(self._cards(codes))
        table = new_table(game.edition, [Seat(s.seat, s.name, s.faction) for s in game.seats], cards)
        for seat, deck in decks.items():
            add_deck(table, seat, deck)
        return table

    @_with_connection
    def state(self, game_id: str, game: Game | None = None) -> Cached:
        game = game or self.game(game_id)
        cached = self._cache.get(game_id)
        if cached is None or cached.version != game.version:
            cached = self._rebuild(game)
            self._cache[game_id] = cached
        return cached

    @_with_connection
    def table(self, game_id: str) -> Table:
        return self.state(game_id).table

    @_with_connection
    def deck_tags(self, game_id: str) -> dict[str, str]:
        """Label deck tag -> seat, from each seat's latest deck entry."""
        latest = {e.data["seat"]: e.data.get("tag") for e in self.entries(game_id) if e.kind == "deck"}
        return {tag: seat for seat, tag in latest.items() if tag}

    # -- writing ----------------------------------------------------------------------------------
    @_with_connection
    def set_deck(self, game_id: str, seat: str, deck: Mapping[str, int], actor: str,
                 expected_version: int | None, tag: str | None = None) -> Entry:
        with self._write(game_id) as db:
            game = self.game(game_id)
            self._check_version(game, expected_version)
            if seat not in {s.seat for s in game.seats}:
                raise NotFound(f"no seat {seat!r} in this game")
            if any(e.kind == "action" for e in self.entries(game_id)):
                raise Conflict("decks are fixed once play has started", version=game.version)
            cards = self._cards(set(deck))
            missing = sorted(set(deck) - set(cards))
            if missing:
                raise StoreError(f"unknown card code(s): {', '.join(missing)}", codes=missing)
            wrong = sorted(c.code for c in cards.values() if c.edition != game.edition)
            if wrong:
                raise StoreError(f"card(s) from the other edition: {', '.join(wrong)}", codes=wrong)
            data: dict[str, Any] = {"seat": seat, "deck": dict(sorted(deck.items()))}
            if tag:
                others = {e.data.get("tag"): e.data["seat"] for e in self.entries(game_id) if e.kind == "deck"}
                if others.get(tag) not in (None, seat):
                    raise Conflict(f"deck tag {tag} is already {others[tag]}'s deck in this game", version=game.version)
                data["tag"] = tag
            entry = self._append(db, game, "deck", data, actor, None)
        self._cache.pop(game_id, None)
        self._notify(game_id, entry.seq)
        return entry

    @_with_connection
    def record(self, game_id: str, actor: str, expected_version: int | None,
               step: Callable[[Game, Cached], tuple[dict[str, Any], Any, Verdict | None]]) -> tuple[Entry, Any]:
        """Append one action. ``step`` checks it against the current state, applies it there, and
        returns what to store, what to answer, and the verdict to keep beside the entry. If anything
        fails, the in-memory state is dropped and rebuilt from the log next time."""
        with self._write(game_id) as db:
            game = self.game(game_id)
            self._check_version(game, expected_version)
            working = self.state(game_id, game).working_copy()
            data, result, verdict = step(game, working)
            entry = self._append(db, game, "action", data, actor, verdict)
            working.version = entry.seq
            working.actions[entry.seq] = data
            if game.kind == "agot":
                working.table.version = entry.seq
        self._cache[game_id] = working  # committed: readers see the new table from now on
        self._notify(game_id, entry.seq)
        return entry, result

    def act(self, game_id: str, action: Action, actor: str, expected_version: int | None,
            resolve: Callable[[Table, Action], Action] | None = None) -> tuple[Entry, Verdict]:
        """Check an action with the rules engine and append it. Strict games refuse illegal actions."""

        def step(game: Game, cached: Cached) -> tuple[dict[str, Any], Verdict, Verdict]:
            resolved = resolve(cached.table, action) if resolve is not None else action
            verdict = play_or_refuse(cached.table, resolved, game.mode)
            return resolved.to_dict(), verdict, verdict

        return self.record(game_id, actor, expected_version, step)  # type: ignore[no-any-return]

    @_with_connection
    def act_many(self, game_id: str, actions: list[Action], actor: str, expected_version: int | None
                 ) -> list[tuple[Entry, Verdict]]:
        """Several actions in one transaction: all are recorded, or none (a TTS import asked to record)."""
        with self._write(game_id) as db:
            game = self.game(game_id)
            self._check_version(game, expected_version)
            working = self.state(game_id, game).working_copy()
            out: list[tuple[Entry, Verdict]] = []
            for action in actions:
                verdict = play_or_refuse(working.table, action, game.mode)
                entry = self._append(db, game, "action", action.to_dict(), actor, verdict)
                game.version, game.head_hash = entry.seq, entry.hash
                out.append((entry, verdict))
            for entry, _ in out:
                working.actions[entry.seq] = entry.data
            working.version = game.version
            working.table.version = game.version
        self._cache[game_id] = working
        if out:
            self._notify(game_id, out[-1][0].seq)
        return out

    @_with_connection
    def undo(self, game_id: str, actor: str, expected_version: int | None, seq: int | None = None) -> Entry:
        """Take back an action (the last effective one by default) with a compensating entry."""
        with self._write(game_id) as db:
            game = self.game(game_id)
            self._check_version(game, expected_version)
            cached = self.state(game_id, game)
            effective = sorted(cached.actions)
            if not effective:
                raise Conflict("there is no action to undo", version=game.version)
            target = effective[-1] if seq is None else seq
            if target not in cached.actions:
                raise StoreError(f"entry {target} is not an action that can be undone", seq=target)
            entry = self._append(db, game, "undo", {"seq": target, "action": cached.actions[target]}, actor, None)
        self._cache.pop(game_id, None)
        self._notify(game_id, entry.seq)
        return entry
