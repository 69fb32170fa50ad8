"""Games and their logs.

Each game has an append-only log of entries: ``deck`` (a seat's deck, before play starts),
``action`` (a game action, checked by the rules engine) and ``undo`` (a compensating entry that
takes back an earlier action; the log keeps both). Every entry carries the hash of the one before,
so a log can be verified end to end. The table state is rebuilt from the log; an in-memory cache
only saves replaying it on every request and is never the source of truth.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import hashlib
import hmac
import json
import queue
import secrets
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

import sqlite_utils

from companion.catalog.card import Card
from companion.kinds import GameKind, game_kind
from companion.rules import Action, ActionError, Mode, Seat, Verdict, action_from_dict, play
from companion.rules.editions import Table
from companion.rules.permissions import Refusal, authorize
from companion.rules.roles import JUDGE, Role, RoleKind
from companion.rules.views import HIDDEN_VERDICT, Glimpse, seal, shown_verdict
from companion.store.db import connect, writer_lock
from companion.store.keys import (
    BY_NAME,
    KEY_KINDS,
    Actor,
    actor_kind,
    entry_slot,
    header_slots,
    kept_beside,
    kind_of,
    slot,
)
from companion.store.secrets import hash_secret, matches, new_game_id, new_secret

#: The longest log a game may have: a long game is a few hundred entries.
MAX_ENTRIES = 20_000
#: How many card instances one seat's deck may add (a deck is 60-100 cards, plots and agenda aside).
MAX_DECK_CARDS = 300


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


class Forbidden(StoreError):
    status = 403
    code = "forbidden"


class Broken(StoreError):
    """The log does not verify: nothing more is written until a judge has looked."""

    status = 409
    code = "broken_log"


class Replayed(StoreError):
    """This request id was answered before: nothing new is recorded; the first result stands."""

    status = 200
    code = "replayed"

    def __init__(self, seq: int | None, pending_id: str | None) -> None:
        super().__init__("this request was recorded before", seq=seq, pending=pending_id)
        self.seq, self.pending_id = seq, pending_id


@dataclass(frozen=True, slots=True)
class Pending:
    """An effect on another seat's face-down card, waiting for that seat to confirm it."""

    id: str
    requested_by: str
    awaiting: str
    action: dict[str, Any]  # as the requesting seat sent it (positions, never hidden ids)
    version: int
    created: str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "requested_by": self.requested_by, "awaiting": self.awaiting,
                "action": self.action, "version": self.version, "created": self.created}


@dataclass(frozen=True, slots=True)
class UndoPlan:
    """What an undo would take back (``seq``) and whether it may: "yes"; "confirm" by the seat ``awaiting``
    (the only one that has acted since); or "no", with ``reason``: "nothing" (no action of the asker's),
    "not_last" (a seat undoes its own last action first), "others_acted" (the host, the judge or more
    than one seat acted since: the host or the judge undoes it)."""

    seq: int | None
    allowed: str
    awaiting: str | None = None
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "allowed": self.allowed, "awaiting": self.awaiting, "reason": self.reason}


class Impossible(Refused):
    """The action cannot physically happen (a card named where it is not): refused in every mode."""

    code = "impossible"


def play_or_refuse(table: Table, action: Action, mode: Mode, requested: Action | None = None,
                   role: Role = JUDGE) -> Verdict:
    """Apply an action through the rules engine; a strict game refuses an illegal one.

    ``requested`` is what the asker sent (positions, not instances): a refusal echoes it, and shows
    its verdict only if ``role`` may know every card the verdict names."""
    requested = requested or action
    before = Glimpse.of(table)
    try:
        verdict = play(table, action, mode)
    except ActionError as exc:
        if requested is not action and not role.is_judge:
            raise StoreError(f"{requested.type} cannot be recorded as sent; nothing was recorded",
                             action=requested.to_dict()) from None
        raise StoreError(f"{exc}; nothing was recorded") from None
    if verdict.impossible or not verdict.applied:
        sealed = seal(before, table, action, verdict)  # nothing moved: "after" is "before"
        readable = role.is_judge or "verdict_seats" not in sealed or (
            role.kind is RoleKind.SEAT and role.seat in sealed["verdict_seats"])
        hidden = dict(HIDDEN_VERDICT, legal=False, applied=False)
        shown = shown_verdict(verdict.to_dict(), role, table) if readable else hidden
        if verdict.impossible:
            raise Impossible("the action cannot happen at the table as it is; nothing was recorded",
                             action=requested.to_dict(), verdict=shown)
        raise Refused("strict mode: the action is illegal and nothing was recorded",
                      action=requested.to_dict(), verdict=shown)
    return verdict


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def entry_hash(prev: str, seq: int, kind: str, data: Any, actor: str, at: str, *, chain_key: str | None = None,
               verdict: Any = None, sealed: Any = None, meta: Any = None) -> str:
    """The hash chaining an entry to the one before.

    The first format hashed who, when and what. The keyed format (``chain_key`` given) also covers the
    verdict, the seal and the meta data, and is an HMAC with the game's secret chain key: a head hash
    shown on every phone then gives nobody a way to try hidden card ids against it."""
    if chain_key is None:
        body = canonical({"seq": seq, "kind": kind, "data": data, "actor": actor, "at": at})
        return hashlib.sha256((prev + body).encode()).hexdigest()
    body = canonical({"seq": seq, "kind": kind, "data": data, "actor": actor, "at": at, "verdict": verdict,
                      "seal": sealed, "meta": meta})
    return hmac.new(chain_key.encode(), (prev + body).encode(), hashlib.sha256).hexdigest()


def genesis_hash(header_text: str, chain_key: str | None) -> str:
    if chain_key is None:
        return hashlib.sha256(header_text.encode()).hexdigest()
    return hmac.new(chain_key.encode(), header_text.encode(), hashlib.sha256).hexdigest()


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
    seal: dict[str, Any] | None = None
    meta: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        out = {"seq": self.seq, "kind": self.kind, "data": self.data, "actor": self.actor, "at": self.at,
               "hash": self.hash, "verdict": self.verdict}
        if self.seal:
            out["seal"] = self.seal
        if self.meta:
            out["meta"] = self.meta
        return out


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
    header_text: str = field(repr=False, default="")
    chain_key: str | None = field(repr=False, default=None)
    table_hash: str | None = field(repr=False, default=None)
    #: The key hashes the log's chain records ("host", "judge", "table", "seat:A" …), up to where the chain
    #: verifies; None for a game whose header names no keys. Only these open the game.
    chained: dict[str, str | None] | None = field(repr=False, default=None)

    def public(self) -> dict[str, Any]:
        return {
            "id": self.id, "kind": self.kind, "title": self.title, "edition": self.edition, "mode": self.mode,
            "seats": [{"seat": s.seat, "name": s.name, "faction": s.faction} for s in self.seats],
            "version": self.version, "created": self.created,
            "event": bool(self.header.get("event")),  # a table of an event (its phones show the round clock)
        }

    @property
    def seat_names(self) -> list[str]:
        return [s.seat for s in self.seats]

    def key_holder(self, key: str) -> tuple[str, str | None] | None:
        """Which key this is: its kind (``companion/store/keys.py``) and, for a seat's key, the seat, as plain
        values (``companion/rules/roles.py`` makes the role). A key that opens nothing: None."""
        found: tuple[str, str | None] | None = None
        # A key opens the game only if the chain records it: a hash replaced in the database opens nothing.
        hashes = self.chained if self.chained is not None else self.stored_hashes()
        # Every hash is compared, so the time taken does not say which kind of key was close.
        for key_slot, stored in hashes.items():
            kind, seat = kind_of(key_slot)
            known = BY_NAME.get(kind)
            if matches(key, stored) and known is not None and known.per_seat == (seat is not None) and (
                    seat is None or seat in self.seat_hashes):
                found = (kind, seat)
        return found

    def stored_hashes(self) -> dict[str, str | None]:
        """The key hashes as the games and seats tables hold them (what the chain must agree with), by slot."""
        out: dict[str, str | None] = {}
        for kind in KEY_KINDS:
            if kind.field is None:
                continue
            value = getattr(self, kind.field)
            if kind.per_seat:
                out.update({slot(kind.name, seat): h or None for seat, h in value.items()})
            else:
                out[kind.name] = value or None
        return out


@dataclass(slots=True)
class KeyRecord:
    """The chain's record of a game's key hashes, as far as the chain has been walked (``version``)."""

    version: int
    head: str
    keys: dict[str, str | None]
    broken: bool
    #: Every key that sees hidden cards, as made: {"seq", "key": "judge"|"table"|"seat", "seat", "by", "at"}.
    notices: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Keys:
    """A new game's secrets, shown once."""

    host: str
    judge: str | None  # made only when asked for
    seats: dict[str, str]


@dataclass(slots=True)
class Cached:
    version: int
    table: Any  # the rules engine's Table, or the Shadow Empire for Tapestry games
    undone: set[int]
    actions: dict[int, dict[str, Any]]  # seq -> effective action, as stored
    #: Entries that could not be applied when the log was replayed: the game needs a judge.
    needs_judge: list[dict[str, Any]] = field(default_factory=list)
    #: The result of verifying the chain when the game was loaded.
    integrity: dict[str, Any] = field(default_factory=lambda: {"ok": True})

    def working_copy(self, kind: GameKind) -> Cached:
        """Writers change a copy and swap it in when the entry is committed, so readers (views, live
        streams) always see a consistent table."""
        table = kind.clone(self.table)
        return Cached(self.version, table, set(self.undone), dict(self.actions), list(self.needs_judge),
                      dict(self.integrity))


P = ParamSpec("P")
R = TypeVar("R")


def _with_connection(method: Callable[Concatenate[GameStore, P], R]) -> Callable[Concatenate[GameStore, P], R]:
    """Public store methods borrow a pooled connection for their duration (nested calls share it)."""

    @functools.wraps(method)
    def inner(self: GameStore, *args: P.args, **kwargs: P.kwargs) -> R:
        if getattr(self._local, "db", None) is not None:
            return method(self, *args, **kwargs)
        db = self._borrow()
        self._local.db = db
        try:
            return method(self, *args, **kwargs)
        finally:
            self._local.db = None
            self._pool.put(db)

    return inner  # type: ignore[return-value]  # functools.wraps' wrapper type hides the self argument


class GameStore:
    """All games in one SQLite file. Thread-safe; writes to one game are serialised.

    Connections come from a small pool, so hundreds of waiting live-update threads hold no
    database file handles. Tables are cached in memory, at most ``cache_size`` of them.
    """

    def __init__(self, path: str | Path, cards: Callable[[set[str]], Mapping[str, Card]], pool: int = 24,
                 durability: str = "normal", cache_size: int = 256) -> None:
        self.path = Path(path)
        self._cards = cards
        self._local = threading.local()
        self._locks: dict[str, threading.Lock] = {}
        self._locks_guard = threading.Lock()
        self._cache: OrderedDict[str, Cached] = OrderedDict()
        self._cache_guard = threading.Lock()
        self._key_records: dict[str, KeyRecord] = {}
        self.cache_size = cache_size
        self.listeners: list[Callable[[str, int], None]] = []
        #: Told first when a key of a game changes, so streams opened with the old key end before the
        #: change is announced to anyone.
        self.revokers: list[Callable[[str], None]] = []
        self._writer = writer_lock(self.path)
        self._pool: queue.LifoQueue[sqlite_utils.Database] = queue.LifoQueue()
        self._durability = durability
        self._pool_size = pool
        self._opened = 1
        self._opened_guard = threading.Lock()
        self._pool.put(connect(self.path, durability=durability))  # creates and migrates

    # -- connections and locks ----------------------------------------------------------
    @property
    def db(self) -> sqlite_utils.Database:
        db: sqlite_utils.Database | None = getattr(self._local, "db", None)
        if db is None:
            raise RuntimeError("store methods borrow a connection first (@_with_connection)")
        return db

    def _borrow(self) -> sqlite_utils.Database:
        """A pooled connection; a new one while fewer than ``pool`` are open (as many as the server
        has worker threads: a worker waiting for a connection was a third of a burst's tail)."""
        try:
            return self._pool.get_nowait()
        except queue.Empty:
            with self._opened_guard:
                grow = self._opened < self._pool_size
                if grow:
                    self._opened += 1
            if grow:
                try:
                    return connect(self.path, durability=self._durability)
                except BaseException:
                    with self._opened_guard:
                        self._opened -= 1
                    raise
            return self._pool.get()

    def _lock(self, game_id: str) -> threading.Lock:
        with self._locks_guard:
            return self._locks.setdefault(game_id, threading.Lock())

    @contextmanager
    def _write(self, game_id: str) -> Iterator[sqlite_utils.Database]:
        """One writer per game in this process, and BEGIN IMMEDIATE against other processes."""
        with self._lock(game_id), self._writer:
            db = self.db
            db.conn.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.conn.execute("COMMIT")
            except BaseException:
                db.conn.execute("ROLLBACK")
                raise

    def _cached(self, game_id: str) -> Cached | None:
        with self._cache_guard:
            cached = self._cache.get(game_id)
            if cached is not None:
                self._cache.move_to_end(game_id)
            return cached

    def _keep(self, game_id: str, cached: Cached | None) -> None:
        with self._cache_guard:
            if cached is None:
                self._cache.pop(game_id, None)
                return
            self._cache[game_id] = cached
            self._cache.move_to_end(game_id)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)  # rebuilt from the log when asked for again

    # -- games ---------------------------------------------------------------------------
    @_with_connection
    def create_game(
        self, edition: str, mode: str, seats: list[Seat], title: str = "", kind: str = "agot",
        header: dict[str, Any] | None = None, judge: bool = False,
    ) -> tuple[Game, Keys]:
        """Create a game. Returns it and the secrets (shown once, stored only as hashes). The game's kind
        checks ``edition`` and ``mode`` (a kind without them takes "").

        A judge key (it sees every hidden card) is made only with ``judge=True``; the chain's first link records
        it, and every phone's "who can see hidden cards" line names it."""
        try:
            game_kind(kind).validate_setup(edition, mode)
        except ValueError as exc:
            raise StoreError(str(exc), edition=edition, mode=mode) from None
        game_id = new_game_id()
        # Seat keys apart from the roles' keys: a seat may be called "judge" or "host".
        keys = Keys(host=new_secret(), judge=new_secret() if judge else None,
                    seats={s.seat: new_secret() for s in seats})
        created = now()
        chain_key = secrets.token_hex(32)
        # The header is the chain's first link: what decides verdicts (edition, mode, seats) and whose
        # keys open the game are covered by every hash after it.
        head = {"id": game_id, "kind": kind, "edition": edition, "mode": mode, "created": created,
                "seats": [{"seat": s.seat, "name": s.name, "faction": s.faction} for s in seats],
                "keys": {"host": hash_secret(keys.host), "judge": hash_secret(keys.judge) if keys.judge else None,
                         "seats": {s.seat: hash_secret(keys.seats[s.seat]) for s in seats}},
                "chain": 2, **(header or {})}
        header_text = canonical(head)
        genesis = genesis_hash(header_text, chain_key)
        with self._write(game_id) as db:
            db.table("games").insert({
                "id": game_id, "kind": kind, "title": title, "edition": edition, "mode": mode,
                "header": header_text, "host_hash": head["keys"]["host"], "judge_hash": head["keys"]["judge"] or "",
                "version": 0, "head_hash": genesis, "created": created, "chain": 2, "chain_key": chain_key,
            })
            for i, s in enumerate(seats):
                db.table("seats").insert({"game_id": game_id, "seat": s.seat, "position": i, "name": s.name,
                                    "faction": s.faction, "key_hash": head["keys"]["seats"][s.seat]})
        return self.game(game_id), keys

    @_with_connection
    def game(self, game_id: str) -> Game:
        if not isinstance(game_id, str) or len(game_id) > 64:
            raise NotFound("no such game")
        # Plain cursors: every request asks for its game several times, and sqlite-utils' row
        # dictionaries cost more than the two lookups themselves (a quarter of the server's CPU).
        conn = self.db.conn
        g = conn.execute(
            "select id, kind, title, edition, mode, version, head_hash, created, host_hash, judge_hash, header,"
            " chain_key, table_key_hash from games where id = ?", [game_id]).fetchone()
        if g is None:
            raise NotFound(f"no game {game_id!r}")
        seat_rows = conn.execute(
            "select seat, name, faction, key_hash from seats where game_id = ? order by position", [game_id]).fetchall()
        game = Game(
            id=g[0], kind=g[1], title=g[2] or "", edition=g[3], mode=g[4],
            seats=[Seat(seat, name or seat, faction) for seat, name, faction, _ in seat_rows],
            version=g[5], head_hash=g[6], created=g[7], host_hash=g[8], judge_hash=g[9],
            seat_hashes={seat: key_hash for seat, _, _, key_hash in seat_rows},
            header=json.loads(g[10]), header_text=g[10], chain_key=g[11], table_hash=g[12],
        )
        game.chained = self._chained_keys(game)
        return game

    @_with_connection
    def key_notices(self, game_id: str) -> list[dict[str, Any]]:
        """Every key that sees hidden cards made or renewed in this game, oldest first, for every phone's
        "who can see hidden cards" line: the judge key, the TTS table key, a seat's renewed key; who made it
        ("host", "judge") and when. No hashes."""
        record = self._key_record(self.game(game_id))
        return [] if record is None else [dict(n) for n in record.notices]

    def _chained_keys(self, game: Game) -> dict[str, str | None] | None:
        record = self._key_record(game)
        return None if record is None else record.keys

    def _key_record(self, game: Game) -> KeyRecord | None:
        """The key hashes the chain records, walked on from where it was last seen (one HMAC per new entry).
        Past an entry that does not match its hash, no key entry counts."""
        if not isinstance(game.header.get("keys"), dict):
            return None  # a game from before keys were chained: the stored hashes decide
        with self._cache_guard:
            known = self._key_records.get(game.id)
        if known is not None and known.version >= game.version and not known.broken and (
                known.version > game.version or known.head == game.head_hash):
            return known  # as far as this game object goes, or further (a key renewed meanwhile counts)
        if (known is None or (known.version == game.version and known.head != game.head_hash)
                or (known.broken and known.version != game.version)):
            keys = header_slots(game.header["keys"])
            # Made with the game and read hidden cards: every phone names them from the start.
            made = [{"seq": 0, "key": k.name, "seat": None, "by": "host", "at": game.created} for k in KEY_KINDS
                    if k.header and k.announced and not k.per_seat and keys.get(k.name)]
            known = KeyRecord(0, genesis_hash(game.header_text, game.chain_key), keys, False, made)
            if game.version == 0 and game.head_hash != known.head:
                known = KeyRecord(0, known.head, dict.fromkeys(keys), True)  # a header edited: no key counts
        record = KeyRecord(known.version, known.head, dict(known.keys), known.broken, list(known.notices))
        if not record.broken:
            for e in self.entries(game.id, record.version):
                expected = entry_hash(record.head, e.seq, e.kind, e.data, e.actor, e.at, chain_key=game.chain_key,
                                      verdict=e.verdict, sealed=e.seal, meta=e.meta)
                if e.seq != record.version + 1 or e.prev_hash != record.head or e.hash != expected:
                    if e.seq == 1 and e.prev_hash != record.head:  # the header itself was edited
                        record.keys = dict.fromkeys(record.keys)
                    record.broken = True
                    break
                if e.kind == "key":
                    record.keys[entry_slot(e.data)] = e.data.get("key_hash")
                    if (kind := BY_NAME.get(str(e.data.get("role")))) is not None and kind.announced:
                        record.notices.append({"seq": e.seq, "key": kind.name, "seat": e.data.get("seat"),
                                               "by": actor_kind(e.actor, game.seat_names), "at": e.at})
                record.version, record.head = e.seq, e.hash
        if record.broken:
            record.version, record.head = game.version, game.head_hash  # nothing after the break counts
        with self._cache_guard:
            if len(self._key_records) > 10_000:  # many games: the records are walked again when asked for
                self._key_records.clear()
            current = self._key_records.get(game.id)
            if current is None or record.version >= current.version or current.broken:
                self._key_records[game.id] = record  # never replaced by a shorter walk from an older request
        return record

    @_with_connection
    def games(self, kind: str | None = None, limit: int = 50) -> list[Game]:
        sql = "select id from games" + (" where kind = ?" if kind else "") + " order by created desc limit ?"
        return [self.game(r["id"]) for r in self.db.query(sql, [kind, limit] if kind else [limit])]

    @_with_connection
    def count_games_since(self, since: str) -> int:
        return int(self.db.execute("select count(*) from games where created >= ?", [since]).fetchone()[0])

    @_with_connection
    def issue_key(self, game_id: str, kind: str, actor: str, seat: str | None = None) -> str:
        """A new key of ``kind`` (``companion/store/keys.py``), for ``seat`` if the kind is per seat; the old one
        stops working. Logged, so the chain covers it; streams opened with the old key end first. Who may ask
        is decided above the store (``companion/rules/roles.py``, ``Can.ISSUE_KEYS``)."""
        made = BY_NAME.get(kind)
        if made is None or not made.issued or made.per_seat != (seat is not None):
            raise StoreError(f"no key of kind {kind!r} is made here", kind=kind)
        key = new_secret()
        with self._write(game_id) as db:
            game = self.game(game_id)
            self._require_intact(game)
            if seat is not None and seat not in game.seat_names:
                raise NotFound(f"no seat {seat!r} in this game")
            if not made.at_events and game.header.get("event"):
                raise Forbidden(f"at an event the judges use the event's {kind} key")
            if made.column is not None and seat is not None:
                db.conn.execute(f"update seats set {made.column} = ? where game_id = ? and seat = ?",
                                [hash_secret(key), game_id, seat])
            elif made.column is not None:
                db.conn.execute(f"update games set {made.column} = ? where id = ?", [hash_secret(key), game_id])
            data = {"role": kind, **({"seat": seat} if seat is not None else {}), "key_hash": hash_secret(key)}
            entry = self._append(db, game, "key", data, actor, None)
        self._advance_cache(game_id, entry, game_kind(game.kind))
        self._revoke(game_id)
        self._notify(game_id, entry.seq)
        return key

    def reissue_key(self, game_id: str, seat: str, actor: Actor) -> str:
        """A new join link for a seat; the old key stops working."""
        return self.issue_key(game_id, "seat", actor.actor, seat)

    def issue_judge_key(self, game_id: str, actor: Actor) -> str:
        """A judge key for a casual game, made when the host asks for it (or a new one when the judge does; the
        old one stops). It sees every hidden card, so it is a logged entry every phone is told about. At an event
        the event's judges read the tables with the event's own key: no game judge key is made there."""
        return self.issue_key(game_id, "judge", actor.actor)

    def issue_table_key(self, game_id: str, actor: Actor) -> str:
        """A scoped key for the Tabletop Simulator helper: it may only post snapshots for this game.
        Issuing a new one revokes the old."""
        return self.issue_key(game_id, "table", actor.actor)

    # -- the log ---------------------------------------------------------------------------
    @_with_connection
    def entries(self, game_id: str, since: int = 0) -> list[Entry]:
        rows = self.db.conn.execute(
            "select seq, kind, data, actor, at, prev_hash, hash, verdict, seal, meta from entries"
            " where game_id = ? and seq > ? order by seq", [game_id, since])
        return [
            Entry(seq, kind, json.loads(data), actor, at, prev, this, json.loads(verdict) if verdict else None,
                  json.loads(seal) if seal else None, json.loads(meta) if meta else None)
            for seq, kind, data, actor, at, prev, this, verdict, seal, meta in rows
        ]

    @_with_connection
    def verify(self, game_id: str) -> dict[str, Any]:
        """Walk the hash chain from the game's genesis; report the first broken entry, and any fact
        stored beside the chain (mode, edition, keys) that the chain does not back."""
        game = self.game(game_id)
        prev = genesis_hash(game.header_text, game.chain_key)
        count = 0
        # Every key kind's hashes as the chain records them (``companion/store/keys.py``), entry by entry.
        chained = header_slots(dict(game.header.get("keys") or {}))
        for e in self.entries(game_id):
            count += 1
            if e.seq != count:
                return {"ok": False, "entries": count - 1, "error": f"entry {e.seq} follows {count - 1}",
                        "entry": e.seq}
            expected = entry_hash(prev, e.seq, e.kind, e.data, e.actor, e.at, chain_key=game.chain_key,
                                  verdict=e.verdict, sealed=e.seal, meta=e.meta)
            if e.prev_hash != prev or expected != e.hash:
                return {"ok": False, "entries": count - 1, "error": f"entry {e.seq} does not match its hash",
                        "entry": e.seq}
            if e.kind == "key":
                chained[entry_slot(e.data)] = e.data.get("key_hash")
            prev = e.hash
        if prev != game.head_hash or count != game.version:
            return {"ok": False, "entries": count, "error": "the game's head does not match its last entry"}
        if game.chain_key is not None:
            facts: list[tuple[str, object, object]] = [
                ("mode", game.mode, game.header.get("mode")),
                ("edition", game.edition, game.header.get("edition")),
                ("kind", game.kind, game.header.get("kind")),
                ("seats", game.seat_names, [s["seat"] for s in game.header.get("seats", [])])]
            # Every hash a table keeps beside the chain, of every key kind that has a column.
            kept = game.stored_hashes()
            for key_slot in sorted(set(kept) | {k for k in chained if kept_beside(k)}):
                kind, seat = kind_of(key_slot)
                facts.append((f"{kind} {seat}'s key" if seat is not None else f"{kind} key", kept.get(key_slot),
                              chained.get(key_slot)))
            for what, stored, in_log in facts:
                if stored != in_log:
                    return {"ok": False, "entries": count, "error": f"the game's {what} is not what its log says"}
        return {"ok": True, "entries": count, "head": prev}

    @_with_connection
    def still_there(self, game_id: str, version: int, head: str) -> str:
        """Is the point a phone saw (version and short head hash) still in the log? "ok", "missing"
        (the log is shorter: entries were removed) or "changed" (an entry up to it was rewritten)."""
        game = self.game(game_id)
        if version > game.version:
            return "missing"
        if version == 0:
            return "ok" if genesis_hash(game.header_text, game.chain_key)[:12] == head else "changed"
        rows = list(self.db.query("select hash from entries where game_id = ? and seq = ?", [game_id, version]))
        if not rows:
            return "missing"
        return "ok" if rows[0]["hash"][:12] == head else "changed"

    def _append(self, db: sqlite_utils.Database, game: Game, kind: str, data: dict[str, Any], actor: str,
                verdict: Verdict | None, sealed: dict[str, Any] | None = None,
                meta: dict[str, Any] | None = None) -> Entry:
        seq = game.version + 1
        # A full log takes no more from the seats, but the judge can still rule, undo and re-issue keys.
        if seq > MAX_ENTRIES and (actor != JUDGE.actor or seq > MAX_ENTRIES + 5_000):
            raise StoreError(f"this game's log is full ({MAX_ENTRIES} entries); the judge can still act, or "
                             "start a new game")
        at = now()
        verdict_data = verdict.to_dict() if verdict else None
        h = entry_hash(game.head_hash, seq, kind, data, actor, at, chain_key=game.chain_key,
                       verdict=verdict_data, sealed=sealed or None, meta=meta or None)
        db.table("entries").insert({
            "game_id": game.id, "seq": seq, "kind": kind, "data": canonical(data), "actor": actor, "at": at,
            "prev_hash": game.head_hash, "hash": h, "verdict": canonical(verdict_data) if verdict_data else None,
            "seal": canonical(sealed) if sealed else None, "meta": canonical(meta) if meta else None,
        })
        db.conn.execute("update games set version = ?, head_hash = ? where id = ?", [seq, h, game.id])
        entry = Entry(seq, kind, data, actor, at, game.head_hash, h, verdict_data, sealed or None, meta or None)
        game.version, game.head_hash = seq, h
        return entry

    def _revoke(self, game_id: str) -> None:
        for revoker in list(self.revokers):
            with contextlib.suppress(Exception):
                revoker(game_id)

    def _notify(self, game_id: str, version: int) -> None:
        for listener in list(self.listeners):
            # A listener's trouble must never turn a committed write into an error.
            with contextlib.suppress(Exception):
                listener(game_id, version)

    def _check_version(self, game: Game, expected: int | None) -> None:
        if expected is None:
            raise StoreError("expected_version is required: send the game version your device last saw",
                             version=game.version)
        if expected != game.version:
            raise Conflict(f"the game is at version {game.version}, not {expected}; reload and try again",
                           version=game.version)

    def _replayed(self, db: sqlite_utils.Database, game: Game, actor: str, request_id: str | None) -> None:
        """Inside the write lock: if this request was recorded before, answer its first result."""
        if request_id is None:
            return
        rows = list(db.query("select seq, pending_id from requests where game_id = ? and actor = ? and request_id = ?",
                             [game.id, actor, request_id]))
        if rows:
            raise Replayed(rows[0]["seq"], rows[0]["pending_id"])

    def _remember(self, db: sqlite_utils.Database, game: Game, actor: str, request_id: str | None,
                  seq: int | None = None, pending_id: str | None = None) -> None:
        if request_id is not None:
            db.table("requests").insert({"game_id": game.id, "actor": actor, "request_id": request_id, "seq": seq,
                                   "pending_id": pending_id, "created": now()})

    def _require_intact(self, game: Game) -> None:
        cached = self._cached(game.id)
        if cached is not None and cached.version == game.version and not cached.integrity.get("ok", True):
            raise Broken("the game's log does not verify; nothing more is recorded until a judge has looked",
                         error=cached.integrity.get("error"))

    # -- state ----------------------------------------------------------------------------------
    def _rebuild(self, game: Game) -> Cached:
        """Replay the log. An entry that cannot be applied (a log written by an older companion, or
        altered) is skipped and named: the game needs a judge, but it stays readable for everyone."""
        entries = self.entries(game.id)
        integrity = self.verify(game.id)
        integrity.pop("head", None)
        undone = {int(e.data["seq"]) for e in entries if e.kind == "undo" and isinstance(e.data.get("seq"), int)}
        actions = {e.seq: e.data for e in entries if e.kind == "action" and e.seq not in undone}
        problems: list[dict[str, Any]] = []
        kind = game_kind(game.kind)
        decks = {e.data["seat"]: e.data["deck"] for e in entries if e.kind == "deck"}
        try:
            fresh = kind.fresh(game, decks, self._cards)
        except Exception as exc:
            problems.append({"seq": 0, "error": f"the decks cannot be loaded: {_describe(exc)}"})
            fresh = kind.fresh(game, {}, self._cards)
        # Replay; an entry that fails is set aside and the replay starts again without it (a failed
        # apply may have half-changed the state). Failures are rare, so restarting costs nothing.
        state = kind.clone(fresh)
        for _attempt in range(50):
            state = kind.clone(fresh)
            failed = None
            for seq, data in actions.items():
                try:
                    kind.apply(state, data)
                except Exception as exc:  # RecursionError, KeyError, …: one entry, not the whole game
                    failed = (seq, exc)
                    break
            if failed is None:
                break
            problems.append({"seq": failed[0], "error": _describe(failed[1])})
            del actions[failed[0]]
        kind.stamp(state, game.version)
        return Cached(game.version, state, undone, actions, problems, integrity)

    @_with_connection
    def state(self, game_id: str, game: Game | None = None) -> Cached:
        game = game or self.game(game_id)
        cached = self._cached(game_id)
        if cached is None or cached.version != game.version:
            cached = self._rebuild(game)
            self._keep(game_id, cached)
        return cached

    @_with_connection
    def table(self, game_id: str) -> Table:
        return self.state(game_id).table  # type: ignore[no-any-return]

    def _advance_cache(self, game_id: str, entry: Entry, kind: GameKind) -> None:
        """An entry that changes no table (a key): the cached table stays, at the new version."""
        cached = self._cached(game_id)
        if cached is None or cached.version != entry.seq - 1:
            self._keep(game_id, None)
            return
        working = cached.working_copy(kind)
        working.version = entry.seq
        kind.stamp(working.table, entry.seq)
        self._keep(game_id, working)

    @_with_connection
    def deck_tags(self, game_id: str) -> dict[str, str]:
        """Label deck tag -> seat, from each seat's latest deck entry."""
        latest = {e.data["seat"]: e.data.get("tag") for e in self.entries(game_id) if e.kind == "deck"}
        return {tag: seat for seat, tag in latest.items() if tag}

    # -- writing ----------------------------------------------------------------------------------
    @_with_connection
    def set_deck(self, game_id: str, seat: str, deck: Mapping[str, int], actor: Role,
                 expected_version: int | None, tag: str | None = None, request_id: str | None = None,
                 summary: Mapping[str, Any] | None = None) -> Entry:
        """Load a seat's deck. A seat may replace its own deck until it has recorded a card action; the
        host and the judge may replace any deck at any time (logged like everything else)."""
        with self._write(game_id) as db:
            game = self.game(game_id)
            self._replayed(db, game, actor.actor, request_id)
            self._check_version(game, expected_version)
            self._require_intact(game)
            if seat not in game.seat_names:
                raise NotFound(f"no seat {seat!r} in this game")
            entries = self.entries(game_id)
            if not actor.is_judge and any(e.kind == "action" and _names_seat_cards(e.data, seat) for e in entries):
                # Only the judge (who sees every card) may replace a deck whose cards have moved: what the
                # replacement may lack would tell anyone else which hidden cards were played.
                raise Conflict("this deck is fixed once a card of it has been played; the judge can replace it",
                               version=game.version)
            if sum(deck.values()) > MAX_DECK_CARDS:
                raise StoreError(f"a deck has at most {MAX_DECK_CARDS} cards", cards=sum(deck.values()))
            cards = self._cards(set(deck))
            missing = sorted(set(deck) - set(cards))
            if missing:
                raise StoreError(f"unknown card code(s): {', '.join(missing)}", codes=missing)
            wrong = sorted(c.code for c in cards.values() if c.edition != game.edition)
            if wrong:
                raise StoreError(f"card(s) from the other edition: {', '.join(wrong)}", codes=wrong)
            if any(e.kind == "action" and _names_seat_cards(e.data, seat) for e in entries):
                # Cards of the old deck already moved: the new deck must still hold each of them.
                used = {str(c) for e in entries if e.kind == "action" for c in _cards_of(e.data)
                        if str(c).startswith(f"{seat}.")}
                gone = sorted(c for c in used if not _in_deck(c, seat, deck))
                if gone:
                    raise Conflict("the new deck lacks cards already played; undo those actions first",
                                   version=game.version, cards=len(gone))
            # The summary (the deck's name, its draw deck and plot counts) is what every screen says of the deck.
            data: dict[str, Any] = {"seat": seat, "deck": dict(sorted(deck.items())), **(summary or {})}
            if tag:
                others = {e.data.get("tag"): e.data["seat"] for e in entries if e.kind == "deck"}
                if others.get(tag) not in (None, seat):
                    raise Conflict(f"deck tag {tag} is already {others[tag]}'s deck in this game", version=game.version)
                data["tag"] = tag
            entry = self._append(db, game, "deck", data, actor.actor, None)
            self._remember(db, game, actor.actor, request_id, seq=entry.seq)
        self._keep(game_id, None)
        self._notify(game_id, entry.seq)
        return entry

    @_with_connection
    def record(self, game_id: str, actor: str, expected_version: int | None,
               step: Callable[[Game, Cached], tuple[dict[str, Any], Any, Verdict | None]],
               request_id: str | None = None) -> tuple[Entry, Any]:
        """Append one action. ``step`` checks it against the current state, applies it there, and
        returns what to store, what to answer, and the verdict to keep beside the entry. If anything
        fails, the in-memory state is dropped and rebuilt from the log next time."""
        with self._write(game_id) as db:
            game = self.game(game_id)
            self._replayed(db, game, actor, request_id)
            self._check_version(game, expected_version)
            working = self.state(game_id, game).working_copy(game_kind(game.kind))
            self._require_intact(game)
            data, result, verdict = step(game, working)
            sealed = result.pop("__seal__", None) if isinstance(result, dict) else None
            meta = {"request_id": request_id} if request_id else None
            entry = self._append(db, game, "action", data, actor, verdict, sealed, meta)
            self._remember(db, game, actor, request_id, seq=entry.seq)
            working.version = entry.seq
            working.actions[entry.seq] = data
            game_kind(game.kind).stamp(working.table, entry.seq)
        self._keep(game_id, working)  # committed: readers see the new table from now on
        self._notify(game_id, entry.seq)
        return entry, result

    def act(self, game_id: str, action: Action, role: Role, expected_version: int | None,
            request_id: str | None = None) -> tuple[Entry, Verdict] | Pending:
        """Check who may record the action and whether it is legal, then append it. All inside the
        game's write lock, so nothing can change between the check and the append.

        An effect on another seat's face-down card is not recorded yet: it waits for that seat."""

        def step(game: Game, cached: Cached) -> tuple[dict[str, Any], dict[str, Any], Verdict]:
            try:
                allowed = authorize(cached.table, action, role)
            except Refusal as exc:
                raise _refusal(exc) from None
            if allowed.awaiting is not None:
                raise _Wait(allowed.awaiting, allowed.action)
            before = Glimpse.of(cached.table)
            verdict = play_or_refuse(cached.table, allowed.action, game.mode, action, role)
            sealed = seal(before, cached.table, allowed.action, verdict)
            return allowed.action.to_dict(), {"verdict": verdict, "__seal__": sealed}, verdict

        try:
            entry, result = self.record(game_id, role.actor, expected_version, step, request_id)
        except _Wait as wait:
            return self._ask(game_id, role, action, wait, expected_version, request_id)
        verdict: Verdict = result["verdict"]
        return entry, verdict

    @_with_connection
    def _ask(self, game_id: str, role: Role, requested: Action, wait: _Wait, expected_version: int | None,
             request_id: str | None) -> Pending:
        """Log the request (by position only) and keep the card it resolved to where only the store sees it."""
        with self._write(game_id) as db:
            game = self.game(game_id)
            self._replayed(db, game, role.actor, request_id)
            self._check_version(game, expected_version)
            open_ = db.execute("select count(*) from pending where game_id = ? and status = 'open' "
                               "and requested_by = ?", [game_id, role.actor])
            if open_.fetchone()[0] >= 5:  # per seat: one seat's requests never crowd out another's
                raise StoreError("you have 5 requests waiting for confirmation; wait for an answer first")
            pending = Pending(secrets.token_urlsafe(9), role.actor, wait.seat, requested.to_dict(), game.version + 1,
                              now())
            table = self.state(game_id, game).table
            # The request names the other seat's card by position; the requester's own hidden cards in it
            # (an attachment from hand, say) are sealed like any entry's.
            sealed = seal(Glimpse.of(table), table, requested, None)
            entry = self._append(db, game, "request", {"pending": pending.id, "action": pending.action,
                                                       "awaiting": wait.seat}, role.actor, None, sealed)
            db.table("pending").insert({"id": pending.id, "game_id": game_id, "requested_by": role.actor,
                                  "awaiting": wait.seat, "action": canonical(pending.action),
                                  "resolved": canonical(wait.action.to_dict()), "version": entry.seq,
                                  "status": "open", "created": pending.created})
            self._remember(db, game, role.actor, request_id, seq=entry.seq, pending_id=pending.id)
        self._advance_cache(game_id, entry, game_kind(game.kind))
        self._notify(game_id, entry.seq)
        return pending

    @_with_connection
    def pending(self, game_id: str) -> list[Pending]:
        rows = self.db.query("select * from pending where game_id = ? and status = 'open' order by created",
                             [game_id])
        return [Pending(r["id"], r["requested_by"], r["awaiting"], json.loads(r["action"]), r["version"],
                        r["created"]) for r in rows]

    @_with_connection
    def decide(self, game_id: str, pending_id: str, role: Role, confirm: bool, expected_version: int | None,
               request_id: str | None = None) -> tuple[Entry, Verdict] | None:
        """The seat whose face-down card an effect names (or the judge) confirms or declines it.

        Everything happens in one transaction under the game's lock: the request is still open, the answer is
        logged, and the request is closed, together; two answers racing each other find it closed."""
        with self._write(game_id) as db:
            game = self.game(game_id)
            self._replayed(db, game, role.actor, request_id)  # a repeat answers as the first did
            rows = list(db.query("select * from pending where id = ? and game_id = ?", [pending_id, game_id]))
            if not rows or rows[0]["status"] != "open":
                raise NotFound("no such request waiting for confirmation")
            row = rows[0]
            if not (role.is_judge or (role.kind is RoleKind.SEAT and role.seat == row["awaiting"])):
                raise Forbidden(f"only {row['awaiting']}'s seat or the judge may answer this request")
            self._check_version(game, expected_version)
            self._require_intact(game)

            def close(status: str, seq: int | None) -> None:
                db.conn.execute("update pending set status = ?, decided_by = ?, seq = ? where id = ?",
                                [status, role.actor, seq, pending_id])

            if not confirm:
                entry = self._append(db, game, "answer", {"pending": pending_id, "decision": "decline"},
                                     role.actor, None)
                close("declined", entry.seq)
                self._remember(db, game, role.actor, request_id, seq=entry.seq)
                working = None
                result: tuple[Entry, Verdict] | None = None
            elif json.loads(row["action"]).get("type") == "undo":
                # An undo the requester asked for after this seat acted: still its last action, and still
                # nobody but this seat has acted since.
                target = json.loads(row["action"])["seq"]
                requester = Role.from_actor(row["requested_by"], game.seat_names)
                try:
                    plan = self._undo_plan(game, self.state(game_id, game), requester, target)
                except Forbidden:  # undone meanwhile
                    plan = UndoPlan(target, "no", reason="nothing")
                if plan.allowed not in ("yes", "confirm") or plan.awaiting not in (None, row["awaiting"]):
                    raise Conflict("the game has moved on since the request; ask again", version=game.version)
                entry = self._append_undo(db, game, target, requester.actor,
                                          {"pending": pending_id, "confirmed_by": role.actor,
                                           **({"request_id": request_id} if request_id else {})})
                close("confirmed", entry.seq)
                self._remember(db, game, role.actor, request_id, seq=entry.seq)
                working = None
                result = (entry, Verdict())
            else:
                requested = action_from_dict(json.loads(row["action"]))
                resolved = action_from_dict(json.loads(row["resolved"]))
                requester = Role.from_actor(row["requested_by"], game.seat_names)
                working = self.state(game_id, game).working_copy(game_kind(game.kind))
                try:
                    again = authorize(working.table, requested, JUDGE)  # positions resolved as they are now
                except Refusal:
                    again = None
                if again is None or again.action != resolved:
                    raise Conflict("the card at that position has changed since the request; ask again",
                                   version=game.version)
                before = Glimpse.of(working.table)
                verdict = play_or_refuse(working.table, resolved, game.mode, requested, role)
                sealed = seal(before, working.table, resolved, verdict)
                # The effect is the requester's; who confirmed it is kept with the entry.
                meta = {"pending": pending_id, "confirmed_by": role.actor,
                        **({"request_id": request_id} if request_id else {})}
                entry = self._append(db, game, "action", resolved.to_dict(), requester.actor, verdict, sealed, meta)
                close("confirmed", entry.seq)
                self._remember(db, game, role.actor, request_id, seq=entry.seq)
                working.version = entry.seq
                working.actions[entry.seq] = entry.data
                game_kind(game.kind).stamp(working.table, entry.seq)
                result = (entry, verdict)
        if result is not None and entry.kind == "undo":
            self._keep(game_id, None)  # the table is rebuilt without the undone action
        elif working is None:
            self._advance_cache(game_id, entry, game_kind(game.kind))
        else:
            self._keep(game_id, working)
        self._notify(game_id, entry.seq)
        return result

    @_with_connection
    def act_many(self, game_id: str, actions: list[Action], actor: Role, expected_version: int | None,
                 request_id: str | None = None, meta: dict[str, Any] | None = None) -> list[tuple[Entry, Verdict]]:
        """Several actions in one transaction: all are recorded, or none (a TTS snapshot or import)."""
        with self._write(game_id) as db:
            game = self.game(game_id)
            self._replayed(db, game, actor.actor, request_id)
            self._check_version(game, expected_version)
            working = self.state(game_id, game).working_copy(game_kind(game.kind))
            self._require_intact(game)
            out: list[tuple[Entry, Verdict]] = []
            for action in actions:
                before = Glimpse.of(working.table)
                verdict = play_or_refuse(working.table, action, game.mode, action, actor)
                sealed = seal(before, working.table, action, verdict)
                entry = self._append(db, game, "action", action.to_dict(), actor.actor, verdict, sealed,
                                     {**(meta or {}), **({"request_id": request_id} if request_id else {})} or None)
                out.append((entry, verdict))
            self._remember(db, game, actor.actor, request_id, seq=out[-1][0].seq if out else None)
            for entry, _ in out:
                working.actions[entry.seq] = entry.data
            working.version = game.version
            working.table.version = game.version
        self._keep(game_id, working)
        if out:
            self._notify(game_id, out[-1][0].seq)
        return out

    def _undo_plan(self, game: Game, cached: Cached, actor: Role, seq: int | None) -> UndoPlan:
        """Which action an undo by ``actor`` takes back, and whether it may (see ``UndoPlan``)."""
        effective = sorted(cached.actions)
        broken = {p["seq"] for p in cached.needs_judge}
        if actor.kind in (RoleKind.HOST, RoleKind.JUDGE):
            target = (effective[-1] if effective else None) if seq is None else seq
            if target is None:
                return UndoPlan(None, "no", reason="nothing")
            if target not in cached.actions and target not in broken:
                raise StoreError(f"entry {target} is not an action that can be undone", seq=target)
            return UndoPlan(target, "yes")
        if actor.kind is not RoleKind.SEAT:
            raise Forbidden("undo needs a seat, host or judge key")
        authors = {e.seq: e.actor for e in self.entries(game.id) if e.kind == "action"}
        by = {s: Role.from_actor(authors.get(s, ""), game.seat_names) for s in effective}
        mine = [s for s in effective if by[s] == actor]
        if seq is not None and seq not in mine:
            raise Forbidden("a seat can undo only its own actions; ask the host or judge")
        if not mine:
            return UndoPlan(None, "no", reason="nothing")
        if seq is not None and seq != mine[-1]:
            return UndoPlan(seq, "no", reason="not_last")
        target = mine[-1]
        # Whoever acted after it may have acted on what it did: their word is needed.
        others = {by[s] for s in effective if s > target}
        if not others:
            return UndoPlan(target, "yes")
        if len(others) == 1 and (other := others.pop()).kind is RoleKind.SEAT and other.seat:
            return UndoPlan(target, "confirm", awaiting=other.seat)
        return UndoPlan(target, "no", reason="others_acted")

    @_with_connection
    def undo_preview(self, game_id: str, actor: Role, seq: int | None = None) -> UndoPlan:
        """What an undo by ``actor`` would take back now, and whether it may, without writing anything."""
        game = self.game(game_id)
        return self._undo_plan(game, self.state(game_id, game), actor, seq)

    def undo(self, game_id: str, actor: Role, expected_version: int | None, seq: int | None = None,
             request_id: str | None = None) -> Entry:
        """Take back an action; an undo that needs another seat's word is refused (see ``undo_or_ask``)."""
        done = self.undo_or_ask(game_id, actor, expected_version, seq, request_id, ask=False)
        assert isinstance(done, Entry)
        return done

    @_with_connection
    def undo_or_ask(self, game_id: str, actor: Role, expected_version: int | None, seq: int | None = None,
                    request_id: str | None = None, *, ask: bool = True) -> Entry | Pending:
        """Take back an action with a compensating entry (the log keeps both).

        A seat undoes its own last action while nobody else has acted since; after one other seat has
        acted, that seat confirms it (``ask``: the request waits like an effect on a face-down card, else
        it is refused). The host and the judge undo any action. Checked inside the write lock, so no other
        write can slip in between."""
        with self._write(game_id) as db:
            game = self.game(game_id)
            self._replayed(db, game, actor.actor, request_id)
            self._check_version(game, expected_version)
            cached = self.state(game_id, game)
            self._require_intact(game)
            if not cached.actions and not cached.needs_judge:
                raise Conflict("there is no action to undo", version=game.version)
            plan = self._undo_plan(game, cached, actor, seq)
            if plan.allowed == "no" and plan.reason == "nothing":
                raise Forbidden("a seat can undo only its own actions; ask the host or judge")
            if plan.allowed == "no" and plan.reason == "not_last":
                raise Conflict("a seat undoes its own last action first", version=game.version)
            if plan.allowed == "no" or (plan.allowed == "confirm" and not ask):
                raise Conflict("another player has acted since; they confirm the undo, or ask the host or judge",
                               version=game.version)
            assert plan.seq is not None
            if plan.allowed == "confirm" and plan.awaiting is not None:
                pending = self._ask_undo(db, game, actor, plan.seq, plan.awaiting, request_id)
                entry_seq = pending.version
            else:
                entry = self._append_undo(db, game, plan.seq, actor.actor)
                self._remember(db, game, actor.actor, request_id, seq=entry.seq)
                entry_seq = entry.seq
                # A request to undo the same entry, still waiting, has nothing left to ask.
                db.conn.execute("update pending set status = 'withdrawn', seq = ? where game_id = ? and "
                                "status = 'open' and action = ?", [entry.seq, game.id,
                                                                   canonical({"type": "undo", "seq": plan.seq})])
        self._keep(game_id, None)
        self._notify(game_id, entry_seq)
        return pending if plan.allowed == "confirm" else entry

    def _append_undo(self, db: sqlite_utils.Database, game: Game, target: int, actor: str,
                     meta: dict[str, Any] | None = None) -> Entry:
        original = next((e for e in self.entries(game.id, target - 1) if e.seq == target), None)
        data = {"seq": target, "action": original.data if original else {}}
        return self._append(db, game, "undo", data, actor, None, original.seal if original else None, meta)

    def _ask_undo(self, db: sqlite_utils.Database, game: Game, actor: Role, target: int, seat: str,
                  request_id: str | None) -> Pending:
        """An undo waiting for the seat that acted since: logged as a request naming the entry only."""
        open_ = db.execute("select count(*) from pending where game_id = ? and status = 'open' "
                           "and requested_by = ?", [game.id, actor.actor])
        if open_.fetchone()[0] >= 5:
            raise StoreError("you have 5 requests waiting for confirmation; wait for an answer first")
        action = {"type": "undo", "seq": target}
        pending = Pending(secrets.token_urlsafe(9), actor.actor, seat, action, game.version + 1, now())
        entry = self._append(db, game, "request", {"pending": pending.id, "action": action, "awaiting": seat},
                             actor.actor, None)
        db.table("pending").insert({"id": pending.id, "game_id": game.id, "requested_by": actor.actor,
                                    "awaiting": seat, "action": canonical(action), "resolved": canonical(action),
                                    "version": entry.seq, "status": "open", "created": pending.created})
        self._remember(db, game, actor.actor, request_id, seq=entry.seq, pending_id=pending.id)
        return pending

    # -- events (issue 15): a judge's ruling is a logged entry every seat sees --------------------
    RULING_TYPES = ("note", "penalty", "time_extension", "correction")

    @_with_connection
    def add_ruling(self, game_id: str, ruling: dict[str, Any], actor: Role,
                   request_id: str | None = None) -> Entry:
        """Append a ``ruling`` entry (judges only). It changes no table state: a correction's cards move
        through ordinary judge-recorded actions; the ruling says why, on whose authority."""
        if not actor.is_judge:
            raise Forbidden("only a judge makes rulings")
        if ruling.get("type") not in self.RULING_TYPES:
            raise StoreError(f"a ruling is one of {', '.join(self.RULING_TYPES)}", type=ruling.get("type"))
        with self._write(game_id) as db:
            game = self.game(game_id)
            self._replayed(db, game, actor.actor, request_id)
            entry = self._append(db, game, "ruling", dict(ruling), actor.actor, None,
                                 meta={"request_id": request_id} if request_id else None)
            self._remember(db, game, actor.actor, request_id, seq=entry.seq)
        self._advance_cache(game_id, entry, game_kind(game.kind))
        self._notify(game_id, entry.seq)
        return entry


class _Wait(Exception):  # control flow inside act(), never seen outside the store
    def __init__(self, seat: str, action: Action) -> None:
        super().__init__(seat)
        self.seat, self.action = seat, action


def _refusal(exc: Refusal) -> StoreError:
    err = StoreError(exc.message)
    err.status, err.code = exc.status, exc.code
    return err


def _describe(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "the entry loops (a card attached to itself?)"
    return f"{type(exc).__name__}: {str(exc)[:200]}"


def _cards_of(data: dict[str, Any]) -> list[Any]:
    from companion.rules.permissions import touched_cards

    return list(touched_cards(data))


def _names_seat_cards(data: dict[str, Any], seat: str) -> bool:
    return any(str(c).startswith(f"{seat}.") for c in _cards_of(data))


def _in_deck(card_id: str, seat: str, deck: Mapping[str, int]) -> bool:
    _, code, copy_ = card_id.split(".", 2) if card_id.count(".") >= 2 else ("", "", "0")
    return copy_.isdigit() and deck.get(code, 0) >= int(copy_)


def is_storage_error(exc: BaseException) -> str | None:
    """A clear name for SQLite's failures that are not the request's fault, or None."""
    if isinstance(exc, sqlite3.OperationalError) and "disk" in str(exc).lower() and "full" in str(exc).lower():
        return "disk_full"
    if isinstance(exc, sqlite3.DatabaseError) and any(
            w in str(exc).lower() for w in ("malformed", "not a database", "corrupt")):
        return "database_corrupt"
    return None
