"""Games and their logs.

Each game has an append-only log of entries: ``deck`` (a seat's deck, before play starts),
``action`` (a game action, checked by the rules engine) and ``undo`` (a compensating entry that
takes back an earlier action; the log keeps both). Every entry carries the hash of the one before,
so a log can be verified end to end. The table state is rebuilt from the log (by the game's kind, found
in the registry of ``companion.kinds``); an in-memory cache only saves replaying it on every request and is
never the source of truth.

The store decides nothing about who may write what or what an action does: the table service
(``companion.service``) does, inside one ``GameStore.transaction``, and appends what it decided.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import functools
import hashlib
import hmac
import json
import secrets
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

import sqlite_utils

from companion.catalog.card import Card
from companion.kinds import GameKind, game_kind
from companion.kinds import Impossible as Impossible  # the errors a kind's rules raise live below the store
from companion.kinds import Refused as Refused
from companion.kinds import StoreError as StoreError
from companion.store.db import Checkpointer, connect, without_waiting, writer_lock
from companion.store.keys import (
    BY_NAME,
    KEY_KINDS,
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
#: How many of a game's last entries its cached state keeps (a live update carries at most 50).
TAIL = 64
#: How many card instances one seat's deck may add (a deck is 60-100 cards, plots and agenda aside).
MAX_DECK_CARDS = 300


class NotFound(StoreError):
    status = 404
    code = "not_found"


class Conflict(StoreError):
    status = 409
    code = "version_conflict"


class Forbidden(StoreError):
    status = 403
    code = "forbidden"


class Unauthorized(StoreError):
    """A key that opens nothing here."""

    status = 401
    code = "bad_key"


class PaperUsed(StoreError):
    """A seat sheet's printed key that has opened its seat already (``GameStore.claim_paper``)."""

    status = 409
    code = "paper_used"


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


#: ``json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``'s encoder, made once: each entry
#: written encodes its parts and the keyed hash's small values with it (``json.dumps`` made an encoder per call).
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical(data: Any) -> str:
    return _CANONICAL.encode(data)


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
    return keyed_hash(chain_key, prev + body)


def keyed_hash(chain_key: str, text: str) -> str:
    """``hmac.new(key, text, sha256).hexdigest()`` in one call (``hmac.digest``, OpenSSL's one-shot HMAC): the object
    way was nine Python calls for every entry written and every entry a log replay checks."""
    return hmac.digest(chain_key.encode(), text.encode(), "sha256").hex()


def keyed_body(seq: int, kind: str, actor: str, at: str, data: str, verdict: str | None, sealed: str | None,
               meta: str | None) -> str:
    """What the keyed format of ``entry_hash`` hashes after the previous hash, from the parts' canonical texts (None:
    absent): the same text as ``canonical`` of them all, its keys in order, without encoding each part again."""
    if type(actor) is str and type(at) is str and type(kind) is str and type(seq) is int:
        # What ``canonical`` gives a string and an int, without its encoder's calls (four a write): the JSON encoder's
        # own string quoting (in C), and an int's digits.
        q = _QUOTED
        return (f'{{"actor":{q(actor)},"at":{q(at)},"data":{data},"kind":{q(kind)},'
                f'"meta":{meta or "null"},"seal":{sealed or "null"},"seq":{seq},"verdict":{verdict or "null"}}}')
    return (f'{{"actor":{canonical(actor)},"at":{canonical(at)},"data":{data},"kind":{canonical(kind)},'
            f'"meta":{meta or "null"},"seal":{sealed or "null"},"seq":{canonical(seq)},"verdict":{verdict or "null"}}}')


#: ``canonical`` of a string (``ensure_ascii=False``: the encoder quotes it with this, escaping quotes, backslashes and
#: control characters only).
_QUOTED: Callable[[str], str] = json.encoder.encode_basestring


def genesis_hash(header_text: str, chain_key: str | None) -> str:
    if chain_key is None:
        return hashlib.sha256(header_text.encode()).hexdigest()
    return keyed_hash(chain_key, header_text)


#: The second ``now`` last formatted, and its text to the second ("2026-05-01T10:00:00"): one value, read and replaced
#: whole (a thread never pairs one second with another's text).
_SECOND: tuple[int, str] = (-1, "")


def now() -> str:
    """UTC now to the millisecond, as ``datetime.now(UTC).isoformat(timespec="milliseconds")`` writes it. Every write
    stamps its entry: the date and time are formatted once a second, the milliseconds added to them."""
    global _SECOND
    second, rest = divmod(time.time_ns(), 1_000_000_000)
    known = _SECOND
    if known[0] != second:
        known = _SECOND = (second, dt.datetime.fromtimestamp(second, dt.UTC).isoformat()[:-6])  # (without "+00:00")
    return f"{known[1]}.{rest // 1_000_000:03d}+00:00"


def seconds_since(at: str) -> float:
    """Seconds from a stored time (``now()``'s form) to now."""
    return (dt.datetime.now(dt.UTC) - dt.datetime.fromisoformat(at)).total_seconds()


#: The entries that change a game's state; the others (keys, requests, answers, rulings) leave it as it was.
TABLE_ENTRIES = frozenset({"action", "undo", "deck"})


@dataclass(frozen=True, slots=True)
class GameSeat:
    """A seat as the game's header records it: its id, the name shown, the faction (AGoT)."""

    seat: str
    name: str = ""
    faction: str | None = None


class SeatLike(Protocol):
    @property
    def seat(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def faction(self) -> str | None: ...


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
    mode: str  # the kind's rules mode ("advisory", "strict" for AGoT; "" for a kind without one)
    seats: list[GameSeat]
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
        # Every hash is compared, so the time taken does not say which kind of key was close. (The key is hashed
        # once for them all: ``matches`` for each slot hashed it again per slot.)
        digest = hash_secret(key) if key else ""
        for key_slot, stored in hashes.items():
            read = _SLOTS_READ.get(key_slot)
            if read is None:
                read = slot_read(key_slot)
            kind, seat, fits = read
            if (digest and stored and hmac.compare_digest(digest, stored) and fits
                    and (seat is None or seat in self.seat_hashes)):
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


#: Each key slot read (``slot_read``), by the slot: every request's key is held against the same few slots.
_SLOTS_READ: dict[str, tuple[str, str | None, bool]] = {}
SLOTS_KEPT = 4096


def slot_read(key_slot: str) -> tuple[str, str | None, bool]:
    """A slot's key kind, its seat, and whether a key kind of that name is one and fits the slot (per seat or not),
    remembered (at most ``SLOTS_KEPT``)."""
    kind, seat = kind_of(key_slot)
    known = BY_NAME.get(kind)
    read = (kind, seat, known is not None and known.per_seat == (seat is not None))
    if len(_SLOTS_READ) >= SLOTS_KEPT:
        _SLOTS_READ.clear()
    _SLOTS_READ[key_slot] = read
    return read


#: The seats' own key kind, and the kind of a seat sheet's printed key (``companion/store/keys.py``).
SEAT_KIND = next(k.name for k in KEY_KINDS if k.per_seat and k.column)
PAPER_KIND = "paper"


def _walk_key_entry(record: KeyRecord, e: Entry, seats: list[str]) -> None:
    """One ``key`` entry into the chain's record of keys: a key made or renewed; a seat's key taken by the phone
    that opened its paper key (the paper spent, and no notice: the seat's own phone holds its key); a spent paper
    key opened again (refused: a notice every phone shows, and no key changes)."""
    seat = e.data.get("seat")
    if e.data.get("refused"):
        record.notices.append({"seq": e.seq, "key": PAPER_KIND, "seat": seat, "refused": True,
                               "used_at": e.data.get("used_at"), "by": PAPER_KIND, "at": e.at})
        return
    record.keys[entry_slot(e.data)] = e.data.get("key_hash")
    paper = e.data.get("paper")
    if paper:
        if record.keys.get(slot(PAPER_KIND, seat)) == paper:
            record.keys[slot(PAPER_KIND, seat)] = None
            _mark_opened(record, seat, e.at)
        record.spent[str(paper)] = {"seat": seat, "seq": e.seq, "at": e.at,
                                    "request_id": (e.meta or {}).get("request_id")}
        return
    kind = BY_NAME.get(str(e.data.get("role")))
    if kind is None or not kind.announced:
        return
    if kind.name == PAPER_KIND and not any(x["seat"] == seat for x in record.spent.values()):
        return  # a sheet printed for a seat no phone holds yet: its paper is the only way in, and single-use
    record.notices.append({"seq": e.seq, "key": kind.name, "seat": seat, "by": actor_kind(e.actor, seats),
                           "at": e.at})


def _mark_opened(record: KeyRecord, seat: Any, at: str) -> None:
    """A reprinted seat sheet announced to the table has been opened: its notice says when (the phone that opened it
    holds the seat now, and is not warned about its own sheet). The notice is replaced, not changed: a record kept
    from before this entry shares its notices."""
    for i in range(len(record.notices) - 1, -1, -1):
        n = record.notices[i]
        if n["key"] == PAPER_KIND and n["seat"] == seat and not n.get("refused") and not n.get("opened_at"):
            record.notices[i] = {**n, "opened_at": at}
            return


@dataclass(slots=True)
class KeyRecord:
    """The chain's record of a game's key hashes, as far as the chain has been walked (``version``)."""

    version: int
    head: str
    keys: dict[str, str | None]
    broken: bool
    #: Every key that sees hidden cards, as made: {"seq", "key": "judge"|"table"|"seat", "seat", "by", "at"}; and each
    #: paper key opened again after it was spent ({"key": "paper", "seat", "refused": True, "used_at", ...}).
    notices: list[dict[str, Any]] = field(default_factory=list)
    #: Paper keys exchanged for a seat's own key, by their hash: {"seat", "seq", "at", "request_id"}.
    spent: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Keys:
    """A new game's secrets, shown once: by slot ("host", "judge", "seat:A"; ``companion/store/keys.py``)."""

    by_slot: dict[str, str]

    def of(self, kind: str, seat: str | None = None) -> str | None:
        return self.by_slot.get(slot(kind, seat))

    # The kinds every route that makes a game answers with, by name.
    @property
    def host(self) -> str:
        return self.by_slot["host"]

    @property
    def judge(self) -> str | None:
        return self.of("judge")

    @property
    def seats(self) -> dict[str, str]:
        return self.per_seat(SEAT_KIND)

    def per_seat(self, kind: str) -> dict[str, str]:
        """Each seat's key of a per-seat ``kind`` (the seats' own; an event table's paper keys)."""
        return {kind_of(s)[1] or "": key for s, key in self.by_slot.items() if kind_of(s)[0] == kind}


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
    #: The log's last entries, oldest first, as stored (up to ``TAIL``): an answer and every live update of this
    #: version read what they show from here, not from the log. Counts only while it ends at ``version``.
    tail: tuple[Entry, ...] = ()
    #: The game as this process committed it at ``version`` (None: not known here; read it).
    game: Game | None = None
    #: The requests open at ``version`` (None: not known here; read them).
    pending: tuple[Pending, ...] | None = None

    def working_copy(self, kind: GameKind) -> Cached:
        """Writers change a copy and swap it in when the entry is committed, so readers (views, live
        streams) always see a consistent table."""
        table = kind.clone(self.table)
        return Cached(self.version, table, set(self.undone), dict(self.actions), list(self.needs_judge),
                      dict(self.integrity), self.tail)

    def entries_after(self, since: int) -> list[Entry] | None:
        """The entries after ``since`` up to this version, if the tail reaches back that far (else None)."""
        if since >= self.version:
            return []
        tail = self.tail
        if not tail or tail[-1].seq != self.version or tail[0].seq > since + 1:
            return None
        return [e for e in tail if e.seq > since]


class Hasty:
    """``GameStore.hasty``'s block: its thread's flag set inside, cleared after (a class, not a generator's context
    manager: the server's loop enters it for every write and every publish, and the generator's way was four calls
    more)."""

    __slots__ = ("_local",)

    def __init__(self, local: threading.local) -> None:
        self._local = local

    def __enter__(self) -> None:
        self._local.hasty = True

    def __exit__(self, *exc: object) -> None:
        self._local.hasty = False


class WouldWait(BaseException):  # not an error: the request runs again where it may wait
    """A write under ``GameStore.hasty`` found a lock taken: nothing was written, and nothing answered (a
    ``BaseException``, so no route or error handler turns it into one); the caller runs the request again."""


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
            self._give_back(db)

    return inner  # type: ignore[return-value]  # functools.wraps' wrapper type hides the self argument



def _entry(seq: int, kind: str, data: str, actor: str, at: str, prev: str, this: str, verdict: str | None,
           seal: str | None, meta: str | None) -> Entry:
    """An entry from its row (the columns in the order ``entries`` selects them)."""
    return Entry(seq, kind, json.loads(data), actor, at, prev, this, json.loads(verdict) if verdict else None,
                 json.loads(seal) if seal else None, json.loads(meta) if meta else None)


#: The JSON decoder's own scanner (in C): ``json.loads`` of a whole text is three calls around it.
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def _written_entry(seq: int, kind: str, data: str, actor: str, at: str, prev: str, this: str, verdict: str | None,
                   seal: str | None, meta: str | None) -> Entry:
    """``_entry`` of a row this process has just made: its texts are ``canonical``'s, each one whole JSON value and
    nothing around it, so each is read by the scanner alone (a write reads three or four)."""
    return Entry(seq, kind, _SCAN(data, 0)[0], actor, at, prev, this, _SCAN(verdict, 0)[0] if verdict else None,
                 _SCAN(seal, 0)[0] if seal else None, _SCAN(meta, 0)[0] if meta else None)


_GAME_FIELDS = tuple(f.name for f in dataclasses.fields(Game))


def _made_copier() -> Callable[[Game], Game]:
    """``_copied``: a function made for the game's fields, each copied by name (every request reads its game and every
    write keeps one: a call to the dataclass's ``__init__`` and a ``getattr`` per field cost twenty calls a copy)."""
    lines = ["def copied(game):", "    twin = new(Game)"]
    lines += [f"    twin.{name} = game.{name}" for name in _GAME_FIELDS]  # identifiers: a dataclass's field names
    lines += ["    twin.seats = list(game.seats)", "    twin.seat_hashes = dict(game.seat_hashes)", "    return twin"]
    scope: dict[str, Any] = {"new": object.__new__, "Game": Game}
    exec("\n".join(lines), scope)  # made from field names only
    copier: Callable[[Game], Game] = scope["copied"]
    return copier


#: A game of its own, as ``dataclasses.replace`` makes one (its header and chained keys are read, never changed),
#: with its own list of seats and seat hashes.
_copied = _made_copier()


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
        self._hasty = Hasty(self._local)
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
        # Idle connections, last returned first. A plain list (pop and append are atomic): a queue.LifoQueue's
        # locks cost more than the lookups of a request (each request borrows a connection several times).
        self._idle: list[sqlite_utils.Database] = []
        self._returned = threading.Condition()
        self._waiting = 0
        self._durability = durability
        self._pool_size = pool
        self._opened = 1
        self._opened_guard = threading.Lock()
        # Commits on the event loop must not sync the disk: the WAL goes back into the file on a thread of its own.
        self._checkpointer = Checkpointer(self.path)
        self._idle.append(connect(self.path, durability=durability, checkpoints=False))  # creates and migrates

    def cards(self, codes: set[str]) -> Mapping[str, Card]:
        """The catalogue's cards of these codes (those it knows)."""
        return self._cards(codes)

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
            return self._idle.pop()
        except IndexError:
            with self._opened_guard:
                grow = self._opened < self._pool_size
                if grow:
                    self._opened += 1
            if grow:
                try:
                    return connect(self.path, durability=self._durability, checkpoints=False)
                except BaseException:
                    with self._opened_guard:
                        self._opened -= 1
                    raise
            with self._returned:
                self._waiting += 1
                try:
                    while True:
                        try:
                            return self._idle.pop()
                        except IndexError:  # all in use: woken by _give_back (the timeout guards a lost wake-up)
                            self._returned.wait(0.05)
                finally:
                    self._waiting -= 1

    def _give_back(self, db: sqlite_utils.Database) -> None:
        self._idle.append(db)
        if self._waiting:
            with self._returned:
                self._returned.notify()

    @property
    def writing(self) -> bool:
        """A write to this file is under way in this process (a caller may choose not to queue behind it)."""
        return self._writer.locked()

    def ready(self, game_id: str, version: int = -1, *, to_write: bool = False) -> bool:
        """The game's state is cached (at ``version`` or later): reading it replays no log; ``to_write``: and no
        write to it or to the file is under way in this process, so a write waits for no other. A caller that
        must not wait (the server's event loop) sends the request elsewhere otherwise. Reads wait for no write
        (WAL), so a write elsewhere does not send them away."""
        with self._cache_guard:
            cached = self._cache.get(game_id)
        if cached is None or cached.version < version:
            return False
        if not to_write:
            return True
        lock = self._locks.get(game_id)  # never made here: any path may name a game
        return (lock is None or not lock.locked()) and not self.writing

    def _lock(self, game_id: str) -> threading.Lock:
        with self._locks_guard:
            return self._locks.setdefault(game_id, threading.Lock())

    def hasty(self) -> Hasty:
        """On this thread, for what runs inside: the first write finding its game's or the file's lock taken, or a
        read before that write commits (inside it too) finding the state to be replayed, raises ``WouldWait`` rather
        than wait (the server's event loop, which must never wait for a lock or a replay)."""
        return self._hasty

    def first_of_writes(self, game_id: str) -> None:
        """Before the first of two writes in one request: under ``hasty`` only the first may bail out, so the second
        would wait for its lock on the loop; the request runs again where it may wait (nothing written yet)."""
        if getattr(self._local, "hasty", False):
            raise WouldWait(game_id)

    @contextmanager
    def _write(self, game_id: str) -> Iterator[sqlite_utils.Database]:
        """One writer per game in this process, and BEGIN IMMEDIATE against other processes."""
        lock = self._lock(game_id)
        hasty = getattr(self._local, "hasty", False)
        if hasty:
            # The first write may bail out until it commits (its body too: a state to replay rolls it back); once
            # it has, nothing else may, or the request would run again and write twice.
            if not lock.acquire(blocking=False):
                raise WouldWait(game_id)
            if not self._writer.acquire(blocking=False):
                lock.release()
                raise WouldWait(game_id)
        else:
            lock.acquire()
            self._writer.acquire()
        try:
            db = self.db
            if hasty:  # another connection's write (the event store's, the command line's): no busy handler's sleep
                if not without_waiting(db.conn, lambda: db.conn.execute("BEGIN IMMEDIATE")):
                    raise WouldWait(game_id)
            else:
                db.conn.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.conn.execute("COMMIT")
            except BaseException:
                db.conn.execute("ROLLBACK")
                raise
            if hasty:
                self._local.hasty = False
            try:  # noqa: SIM105  # (not ``contextlib.suppress``: three calls on every write's path)
                self._checkpointer.wrote()
            except RuntimeError:  # no thread to be had: committed is committed; the next write tries
                pass
        finally:
            self._writer.release()
            lock.release()

    @contextmanager
    def transaction(self, game_id: str, game: Game | None = None) -> Iterator[Transaction]:
        """One write to one game: under its lock, in one SQLite transaction. Whatever the body appends is
        committed together or not at all; once committed, the cached state moves on (the writer's working
        copy, the old one advanced, or dropped to be rebuilt) and the listeners are told, once.

        ``game``, if given, is the request's game object: it is reused when nothing was written since it
        was read (its version and head hash still match), and brought up to date in place otherwise, so a
        request reads its game once and answers from the same object."""
        borrowed: sqlite_utils.Database | None = None
        if getattr(self._local, "db", None) is None:
            borrowed = self._local.db = self._borrow()
        try:
            with self._write(game_id):
                tx = Transaction(self, self.db, self._fresh(game_id, game))
                head = tx.game.head_hash
                try:
                    yield tx
                    if tx.appended:
                        tx.settle_pending()
                except BaseException:  # rolled back: the request's game object says what is stored again
                    tx.game.version, tx.game.head_hash = tx.start, head
                    raise
            self._settle(tx)
        finally:
            if borrowed is not None:
                self._local.db = None
                self._give_back(borrowed)

    def _fresh(self, game_id: str, game: Game | None) -> Game:
        if game is not None and game.id == game_id:
            row = self.db.conn.execute("select version, head_hash from games where id = ?", [game_id]).fetchone()
            if row is not None and (row[0], row[1]) == (game.version, game.head_hash):
                return game  # every change of a game appends an entry: same head, same game
        fresh = self.game(game_id)
        if game is None or game.id != game_id:
            return fresh
        for name in Game.__slots__:  # the request's object follows, so it answers with what is stored
            setattr(game, name, getattr(fresh, name))
        return game

    def _settle(self, tx: Transaction) -> None:
        """After the commit: swap in the new state, then tell the streams."""
        game_id = tx.game.id
        if not tx.appended:
            return
        kind = game_kind(tx.game.kind)
        kept: Cached | None = None
        if tx.rebuild:
            pass  # rebuilt from the log when next asked for (an undo)
        elif tx.working is not None:
            kept = tx.working
        elif any(e.kind in TABLE_ENTRIES for e in tx.appended):
            pass  # appended with no state to follow it (a log written as it was)
        else:  # entries that change no table (a request, an answer, a ruling): the cached table stays
            cached = self._cached(game_id)
            if cached is not None and cached.version == tx.start:
                kept = cached.working_copy(kind)
                kept.version = tx.game.version
                kind.stamp(kept.table, tx.game.version)
        if kept is not None and kept.version == tx.game.version:
            # What this write knows of the game as committed: its answer and every live update of this version
            # read neither the log, nor the game, nor its requests again.
            before = kept.tail if (kept.tail and kept.tail[-1].seq == tx.start) else ()
            kept.tail = (*before, *tx.stored)[-TAIL:]
            kept.pending = tx.pending_after
            if not any(e.kind == "key" for e in tx.appended):  # (a key written changes the game's keys)
                kept.game = _copied(tx.game)
        self._keep(game_id, kept)
        with self._cache_guard:
            known = self._key_records.get(game_id)
        if known is not None and known.version == tx.start and not known.broken:
            self._key_record(tx.game, tx.appended)  # the keys' record follows the write without a log read
        self._notify(game_id, tx.game.version)

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
        self, edition: str, mode: str, seats: Sequence[SeatLike], title: str = "", kind: str = "agot",
        header: dict[str, Any] | None = None, asked: Collection[str] = (),
    ) -> tuple[Game, Keys]:
        """Create a game. Returns it and the secrets (shown once, stored only as hashes). The game's kind
        checks ``edition`` and ``mode`` (a kind without them takes "").

        The keys are those of every key kind made with the game (``companion/store/keys.py``), a kind that is
        ``asked`` for only when named in ``asked``: the judge's (it sees every hidden card). The chain's first link
        records them, and every phone's "who can see hidden cards" line names a judge key made so."""
        try:
            game_kind(kind).validate_setup(edition, mode)
        except ValueError as exc:
            raise StoreError(str(exc), edition=edition, mode=mode) from None
        game_id = new_game_id()
        made: dict[str, str] = {}  # slot -> secret
        hashes: dict[str, Any] = {}  # the header's "keys"
        for key_kind in KEY_KINDS:
            if key_kind.header is None:
                continue
            if key_kind.per_seat and key_kind.asked and key_kind.name not in asked:
                continue  # (a seat sheet's paper keys: at an event's tables only)
            if key_kind.per_seat:  # (a seat may be called "judge" or "host": its slot is "seat:judge")
                made.update({slot(key_kind.name, s.seat): new_secret() for s in seats})
                hashes[key_kind.header] = {s.seat: hash_secret(made[slot(key_kind.name, s.seat)]) for s in seats}
            elif not key_kind.asked or key_kind.name in asked:
                made[key_kind.name] = new_secret()
                hashes[key_kind.header] = hash_secret(made[key_kind.name])
            else:
                hashes[key_kind.header] = None
        keys = Keys(made)
        created = now()
        chain_key = secrets.token_hex(32)
        # The header is the chain's first link: what decides verdicts (edition, mode, seats) and whose
        # keys open the game are covered by every hash after it.
        head = {"id": game_id, "kind": kind, "edition": edition, "mode": mode, "created": created,
                "seats": [{"seat": s.seat, "name": s.name, "faction": s.faction} for s in seats],
                "keys": hashes, "chain": 2, **(header or {})}
        header_text = canonical(head)
        genesis = genesis_hash(header_text, chain_key)
        # The tables keep each hash beside the chain, in its kind's column (``verify`` holds the two together).
        columns = {k.column: hashes[k.header] or "" for k in KEY_KINDS if k.header and k.column and not k.per_seat}
        seat_columns = [k for k in KEY_KINDS if k.header and k.column and k.per_seat]
        with self._write(game_id) as db:
            db.table("games").insert({
                "id": game_id, "kind": kind, "title": title, "edition": edition, "mode": mode,
                "header": header_text, **columns,
                "version": 0, "head_hash": genesis, "created": created, "chain": 2, "chain_key": chain_key,
            })
            for i, s in enumerate(seats):
                db.table("seats").insert({"game_id": game_id, "seat": s.seat, "position": i, "name": s.name,
                                          "faction": s.faction,
                                          **{k.column or "": hashes[k.header or ""][s.seat] for k in seat_columns}})
        return self.game(game_id), keys

    @_with_connection
    def game(self, game_id: str) -> Game:
        if not isinstance(game_id, str) or len(game_id) > 64:
            raise NotFound("no such game")
        # Plain cursors: every request asks for its game several times, and sqlite-utils' row
        # dictionaries cost more than the two lookups themselves (a quarter of the server's CPU).
        conn = self.db.conn
        with self._cache_guard:
            cached = self._cache.get(game_id)
        known = cached.game if cached is not None else None
        if known is not None:
            # The game as this process committed it, if the file still holds that version: every change of a game's
            # row or seats (a key renewed, too) appends an entry, so the same version and head hash mean the same
            # game (as a transaction's ``_fresh`` holds). A copy: the request may move its own on.
            row = conn.execute("select version, head_hash from games where id = ?", [game_id]).fetchone()
            if row is not None and row[0] == known.version and row[1] == known.head_hash:
                return _copied(known)
        g = conn.execute(
            "select id, kind, title, edition, mode, version, head_hash, created, host_hash, judge_hash, header,"
            " chain_key, table_key_hash from games where id = ?", [game_id]).fetchone()
        if g is None:
            raise NotFound(f"no game {game_id!r}")
        seat_rows = conn.execute(
            "select seat, name, faction, key_hash from seats where game_id = ? order by position", [game_id]).fetchall()
        game = Game(
            id=g[0], kind=g[1], title=g[2] or "", edition=g[3], mode=g[4],
            seats=[GameSeat(seat, name or seat, faction) for seat, name, faction, _ in seat_rows],
            version=g[5], head_hash=g[6], created=g[7], host_hash=g[8], judge_hash=g[9],
            seat_hashes={seat: key_hash for seat, _, _, key_hash in seat_rows},
            header=json.loads(g[10]), header_text=g[10], chain_key=g[11], table_hash=g[12],
        )
        game.chained = self._chained_keys(game)
        return game

    def key_notices(self, game_id: str, game: Game | None = None) -> list[dict[str, Any]]:
        """Every key that sees hidden cards made or renewed in this game, oldest first, for every phone's
        "who can see hidden cards" line: the judge key, the TTS table key, a seat's renewed key; who made it
        ("host", "judge") and when. No hashes."""
        if game is not None and game.id == game_id and not isinstance(game.header.get("keys"), dict):
            return []  # a game from before keys were chained (``_key_record``'s None)
        with self._cache_guard:
            known = self._key_records.get(game_id)
        if game is not None and game.id == game_id and known is not None and known.version == game.version and (
                known.head == game.head_hash and not known.broken):
            # The record kept for this very version (every view of a version asks): no connection borrowed for it.
            return [dict(n) for n in known.notices]
        return self._read_key_notices(game_id, game)

    @_with_connection
    def _read_key_notices(self, game_id: str, game: Game | None = None) -> list[dict[str, Any]]:
        record = self._key_record(game if game is not None and game.id == game_id else self.game(game_id))
        return [] if record is None else [dict(n) for n in record.notices]

    def _chained_keys(self, game: Game) -> dict[str, str | None] | None:
        record = self._key_record(game)
        return None if record is None else record.keys

    def _key_record(self, game: Game, appended: list[Entry] | None = None) -> KeyRecord | None:
        """The key hashes the chain records, walked on from where it was last seen (one HMAC per new entry).
        Past an entry that does not match its hash, no key entry counts. ``appended``: the entries a write just
        committed, walked as they are when the record stops just before them (the log is not read again; their
        hashes were made from them by this write, under its lock, so they are not made again: only the links are
        checked)."""
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
        record = KeyRecord(known.version, known.head, dict(known.keys), known.broken, list(known.notices),
                           dict(known.spent))
        if not record.broken:
            ours = bool(appended and appended[0].seq == record.version + 1)
            walk = appended if ours and appended else self.entries(game.id, record.version)
            for e in walk:
                expected = e.hash if ours else entry_hash(
                    record.head, e.seq, e.kind, e.data, e.actor, e.at, chain_key=game.chain_key, verdict=e.verdict,
                    sealed=e.seal, meta=e.meta)
                if e.seq != record.version + 1 or e.prev_hash != record.head or e.hash != expected:
                    if e.seq == 1 and e.prev_hash != record.head:  # the header itself was edited
                        record.keys = dict.fromkeys(record.keys)
                    record.broken = True
                    break
                if e.kind == "key":
                    _walk_key_entry(record, e, game.seat_names)
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
    def issue_key(self, game_id: str, kind: str, actor: str, seat: str | None = None, *,
                  unplayed: bool = False) -> str:
        """A new key of ``kind`` (``companion/store/keys.py``), for ``seat`` if the kind is per seat; the old one
        stops working. Logged, so the chain covers it; streams opened with the old key end first. Who may ask
        is decided above the store: the table service asks the role (``companion/rules/roles.py``).
        ``unplayed``: only while the log holds nothing but decks and keys (Conflict otherwise), decided under the
        write lock, so a first move cannot land between the decision and the key."""
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
            if unplayed and any(e.kind not in ("deck", "key") for e in self.entries(game_id)):
                raise Conflict("this game has begun: its keys are its players' now")
            record = self._key_record(game)
            if unplayed and seat is not None and record is not None and any(
                    x["seat"] == seat for x in record.spent.values()):
                raise Conflict("this seat's phone has its key: the seat is its player's now")
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

    @_with_connection
    def claim_paper(self, game_id: str, paper_key: str, request_id: str | None = None,
                    refusal_pause: float = 60.0) -> tuple[str, str]:
        """A seat sheet's printed key, exchanged once for the seat's own key by the phone that opens it: returns
        (the seat's new key, the seat). Logged (the chain records the paper as spent), and the seat's earlier key
        and its streams stop. The same phone asking again with its request id (its answer was lost) gets a key again.
        A spent paper key opened again is refused (``PaperUsed``) and logged, once a minute at most, as a notice
        every phone shows; a key that was never a paper key, or one replaced by a newer sheet, opens nothing."""
        spent_by: dict[str, Any] | None = None
        with self._write(game_id) as db:
            game = self.game(game_id)
            self._require_intact(game)
            record = self._key_record(game)
            seat = None
            for key_slot, stored in (record.keys if record is not None else {}).items():
                kind, which = kind_of(key_slot)
                if kind == PAPER_KIND and matches(paper_key, stored):  # every slot compared: constant time
                    seat = which
            for hashed, info in (record.spent if record is not None else {}).items():
                if matches(paper_key, hashed):
                    spent_by = info
            if spent_by is not None and request_id and spent_by.get("request_id") == request_id:
                seat = str(spent_by["seat"])  # the phone that opened it, asking again: its answer was lost
            if seat is not None and seat in game.seat_names:
                key = new_secret()
                seat_kind = BY_NAME[SEAT_KIND]
                db.conn.execute(f"update seats set {seat_kind.column} = ? where game_id = ? and seat = ?",
                                [hash_secret(key), game_id, seat])
                claimed = {"role": SEAT_KIND, "seat": seat, "key_hash": hash_secret(key),
                           "paper": hash_secret(paper_key)}
                entry = self._append(db, game, "key", claimed, f"{SEAT_KIND}:{seat}", None,
                                     meta={"request_id": request_id} if request_id else None)
                refused = None
            elif spent_by is not None:
                last = max((n for n in (record.notices if record is not None else [])
                            if n.get("refused") and n.get("seat") == spent_by["seat"]), key=lambda n: n["seq"],
                           default=None)
                refused = spent_by
                entry = None
                if last is None or seconds_since(str(last["at"])) >= refusal_pause:
                    entry = self._append(db, game, "key", {"role": PAPER_KIND, "seat": spent_by["seat"],
                                                           "refused": True, "used_at": spent_by["at"]},
                                         f"{PAPER_KIND}:{spent_by['seat']}", None)
            else:
                raise Unauthorized("this key does not open this game (it may have been replaced: ask for a new link)")
        if entry is not None:
            self._advance_cache(game_id, entry, game_kind(game.kind))
            if refused is None:
                self._revoke(game_id)  # the seat's earlier key (a lost phone, a judge's reprint) and its streams stop
            self._notify(game_id, entry.seq)
        if refused is not None:
            raise PaperUsed("this seat sheet has opened its seat already; a judge can print a new one",
                            seat=refused["seat"], used_at=refused["at"])
        return key, seat  # type: ignore[return-value]

    # -- the log ---------------------------------------------------------------------------
    @_with_connection
    def entries(self, game_id: str, since: int = 0) -> list[Entry]:
        rows = self.db.conn.execute(
            "select seq, kind, data, actor, at, prev_hash, hash, verdict, seal, meta from entries"
            " where game_id = ? and seq > ? order by seq", [game_id, since])
        return [_entry(*row) for row in rows]

    @_with_connection
    def rulings(self, game_ids: Sequence[str], ruling_type: str) -> list[tuple[str, Entry]]:
        """The ``ruling`` entries of type ``ruling_type`` in these games' logs, by game and seq. Only those rows are
        read and decoded: a judge's page asks often (an event's penalties), and reading every entry of every table
        of a long event took a second."""
        out: list[tuple[str, Entry]] = []
        for start in range(0, len(game_ids), 500):  # (SQLite's bound on a statement's parameters)
            chunk = list(game_ids[start:start + 500])
            rows = self.db.conn.execute(
                "select game_id, seq, kind, data, actor, at, prev_hash, hash, verdict, seal, meta from entries"
                f" where game_id in ({','.join('?' * len(chunk))}) and kind = 'ruling' and data like ?"
                " order by game_id, seq", [*chunk, f'%"{ruling_type}"%'])
            for game_id, *row in rows:
                entry = _entry(*row)
                if entry.data.get("type") == ruling_type:
                    out.append((game_id, entry))
        return out

    @_with_connection
    def verify(self, game_id: str) -> dict[str, Any]:
        """Walk the hash chain from the game's genesis; report the first broken entry, and any fact
        stored beside the chain (mode, edition, keys) that the chain does not back."""
        return self._verified(self.game(game_id), self.entries(game_id))

    def _verified(self, game: Game, entries: Iterable[Entry]) -> dict[str, Any]:
        """``verify`` of the game as read and its log's entries as read (a replay walks the log it read once)."""
        prev = genesis_hash(game.header_text, game.chain_key)
        count = 0
        # Every key kind's hashes as the chain records them (``companion/store/keys.py``), entry by entry.
        chained = header_slots(dict(game.header.get("keys") or {}))
        for e in entries:
            count += 1
            if e.seq != count:
                return {"ok": False, "entries": count - 1, "error": f"entry {e.seq} follows {count - 1}",
                        "entry": e.seq}
            expected = entry_hash(prev, e.seq, e.kind, e.data, e.actor, e.at, chain_key=game.chain_key,
                                  verdict=e.verdict, sealed=e.seal, meta=e.meta)
            if e.prev_hash != prev or expected != e.hash:
                return {"ok": False, "entries": count - 1, "error": f"entry {e.seq} does not match its hash",
                        "entry": e.seq}
            if e.kind == "key" and not e.data.get("refused"):  # (a refused paper key changes no key)
                chained[entry_slot(e.data)] = e.data.get("key_hash")
                if e.data.get("paper") and chained.get(slot(PAPER_KIND, e.data.get("seat"))) == e.data["paper"]:
                    chained[slot(PAPER_KIND, e.data.get("seat"))] = None  # spent by the seat's claim
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
                verdict: dict[str, Any] | None, sealed: dict[str, Any] | None = None,
                meta: dict[str, Any] | None = None, stored: list[Entry] | None = None) -> Entry:
        seq = game.version + 1
        # A full log takes no more from the seats, but the judge can still rule, undo and re-issue keys.
        if seq > MAX_ENTRIES and (actor != "judge" or seq > MAX_ENTRIES + 5_000):
            raise StoreError(f"this game's log is full ({MAX_ENTRIES} entries); the judge can still act, or "
                             "start a new game")
        at = now()
        verdict_data = verdict or None
        # Each part as its column stores it, encoded once: the keyed hash's body is made of the same texts.
        texts = (canonical(data), canonical(verdict_data) if verdict_data else None,
                 canonical(sealed) if sealed else None, canonical(meta) if meta else None)
        if game.chain_key is None:
            h = entry_hash(game.head_hash, seq, kind, data, actor, at)
        else:
            h = keyed_hash(game.chain_key, game.head_hash + keyed_body(seq, kind, actor, at, *texts))
        # Plain SQL: sqlite-utils' insert reads the table's columns and opens a savepoint on every call.
        row = (seq, kind, texts[0], actor, at, game.head_hash, h, *texts[1:])
        db.conn.execute(
            "insert into entries (game_id, seq, kind, data, actor, at, prev_hash, hash, verdict, seal, meta)"
            " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [game.id, *row])
        if stored is not None:  # the entry as a read of the log would give it (its own dictionaries)
            stored.append(_written_entry(*row))
        db.conn.execute("update games set version = ?, head_hash = ? where id = ?", [seq, h, game.id])
        entry = Entry(seq, kind, data, actor, at, game.head_hash, h, verdict_data, sealed or None, meta or None)
        game.version, game.head_hash = seq, h
        return entry

    def _revoke(self, game_id: str) -> None:
        for revoker in list(self.revokers):
            with contextlib.suppress(Exception):
                revoker(game_id)

    @contextmanager
    def told_after(self, game_id: str) -> Iterator[None]:
        """The listeners hear of this thread's writes to ``game_id`` once the block ends, once, at the last version:
        a write whose consequence is recorded elsewhere (a report that settles an event table's result) is heard of
        with its consequence, never before it."""
        held: dict[str, int | None] = self._local.__dict__.setdefault("held", {})
        if game_id in held:  # already held by an outer block: that one tells
            yield
            return
        held[game_id] = None
        try:
            yield
        finally:
            version = held.pop(game_id)
            if version is not None:
                self._notify(game_id, version)

    def _notify(self, game_id: str, version: int) -> None:
        held: dict[str, int | None] | None = self._local.__dict__.get("held")
        if held is not None and game_id in held:
            held[game_id] = version
            return
        for listener in list(self.listeners):
            # A listener's trouble must never turn a committed write into an error. (Not ``contextlib.suppress``: its
            # three calls per listener are on every write's path.)
            try:  # noqa: SIM105
                listener(game_id, version)
            except Exception:
                pass

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
        row = db.conn.execute("select seq, pending_id from requests where game_id = ? and actor = ? and request_id = ?",
                              [game.id, actor, request_id]).fetchone()
        if row is not None:
            raise Replayed(row[0], row[1])

    def _remember(self, db: sqlite_utils.Database, game: Game, actor: str, request_id: str | None,
                  seq: int | None = None, pending_id: str | None = None) -> None:
        if request_id is not None:
            db.conn.execute("insert into requests (game_id, actor, request_id, seq, pending_id, created)"
                            " values (?, ?, ?, ?, ?, ?)", [game.id, actor, request_id, seq, pending_id, now()])

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
        # The chain walked from the same read of the log, up to the game's version (a write may have come since).
        integrity = self._verified(game, (e for e in entries if e.seq <= game.version))
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
        tail = tuple([e for e in entries if e.seq <= game.version][-TAIL:])  # (a write may have come since)
        return Cached(game.version, state, undone, actions, problems, integrity, tail, dataclasses.replace(game))

    def state(self, game_id: str, game: Game | None = None, version: int | None = None) -> Cached:
        """The game's state; ``version``, if given, is one just committed (a listener is told it): the state
        cached at it is taken without reading the game again."""
        if game is not None:  # the request's game, its state cached at its version: no connection borrowed for it
            cached = self._cached(game_id)
            if cached is not None and cached.version == game.version:
                return cached
        return self._state(game_id, game, version)

    @_with_connection
    def _state(self, game_id: str, game: Game | None, version: int | None) -> Cached:
        if version is not None and game is None and (known := self._cached(game_id)) is not None \
                and known.version == version:
            return known
        game = game or self.game(game_id)
        cached = self._cached(game_id)
        if cached is None or cached.version != game.version:
            if getattr(self._local, "hasty", False):
                raise WouldWait(game_id)  # nothing written yet: the request runs again where a replay may take long
            cached = self._rebuild(game)
            self._keep(game_id, cached)
        return cached

    @_with_connection
    def table(self, game_id: str) -> Any:
        return self.state(game_id).table

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

    def committed(self, game_id: str, version: int) -> tuple[Game, Cached] | None:
        """The game and its state as this process last committed or loaded them, if at ``version`` or later (None:
        not known here). A live update of a version this process wrote reads neither again."""
        cached = self._cached(game_id)
        if cached is None or cached.game is None or cached.version < version:
            return None
        return cached.game, cached

    def pending(self, game_id: str, state: Cached | None = None) -> list[Pending]:
        """The requests open now; ``state``'s, if it knows them (a write kept them: no read, no connection)."""
        if state is not None and state.pending is not None:
            return list(state.pending)
        return self._pending_read(game_id)

    @_with_connection
    def _pending_read(self, game_id: str) -> list[Pending]:
        return self._read_pending(game_id)

    def _read_pending(self, game_id: str) -> list[Pending]:
        # A plain cursor: asked for by every view made, where sqlite-utils' savepoint and row dictionaries cost more.
        rows = self.db.conn.execute("select id, requested_by, awaiting, action, version, created from pending"
                                    " where game_id = ? and status = 'open' order by created", [game_id]).fetchall()
        return [Pending(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5]) for r in rows]

class Transaction:
    """A write in progress on one game (see ``GameStore.transaction``): what a writer may read and append.

    The store decides nothing here about who may write what, or what an action does: the caller (the
    table service) does, and appends what it decided."""

    def __init__(self, store: GameStore, db: sqlite_utils.Database, game: Game) -> None:
        self.store, self.db, self.game = store, db, game
        self.kind = game_kind(game.kind)
        self.start = game.version
        self.appended: list[Entry] = []
        self.stored: list[Entry] = []  # the same entries as read back from the log
        #: The requests open once this write commits, read inside it (None: unchanged, if the state knew them).
        self.pending_after: tuple[Pending, ...] | None = None
        self.pending_touched = False
        self.working: Cached | None = None
        self.rebuild = False
        self._state: Cached | None = None

    def state(self) -> Cached:
        """The state as committed before this transaction (read only: change ``working_copy()``)."""
        if self._state is None:
            self._state = self.store.state(self.game.id, self.game)
        return self._state

    def working_copy(self) -> Cached:
        """The copy this writer changes; swapped in for readers only once committed."""
        if self.working is None:
            self.working = self.state().working_copy(self.kind)
        return self.working

    def replayed(self, actor: str, request_id: str | None) -> None:
        """Raise ``Replayed`` with the first answer if this actor's request id was recorded before."""
        self.store._replayed(self.db, self.game, actor, request_id)

    def check_version(self, expected: int | None) -> None:
        self.store._check_version(self.game, expected)

    def require_intact(self) -> None:
        """Refuse to write to a game whose log does not verify (found when its state was built)."""
        self.state()
        self.store._require_intact(self.game)

    def append(self, kind: str, data: dict[str, Any], actor: str, verdict: dict[str, Any] | None = None,
               sealed: dict[str, Any] | None = None, meta: dict[str, Any] | None = None) -> Entry:
        entry = self.store._append(self.db, self.game, kind, data, actor, verdict, sealed, meta, self.stored)
        self.appended.append(entry)
        if self.working is not None:
            self.working.version = entry.seq
            self.kind.stamp(self.working.table, entry.seq)
            if kind == "action":
                self.working.actions[entry.seq] = data
        return entry

    def remember(self, actor: str, request_id: str | None, seq: int | None = None,
                 pending_id: str | None = None) -> None:
        """Keep the answer to this request id, so a repeat gets it and records nothing."""
        self.store._remember(self.db, self.game, actor, request_id, seq, pending_id)

    def rebuild_after(self) -> None:
        """The committed log changes the state in a way a copy cannot follow (an undo): rebuild it."""
        self.rebuild = True

    # -- requests waiting for a seat's confirmation ----------------------------------------------
    def open_requests(self, requested_by: str) -> int:
        row = self.db.conn.execute("select count(*) from pending where game_id = ? and status = 'open' "
                                   "and requested_by = ?", [self.game.id, requested_by]).fetchone()
        return int(row[0])

    def new_pending(self, requested_by: str, awaiting: str, action: dict[str, Any]) -> Pending:
        """A request to be logged as the next entry: a fresh id, stamped now."""
        return Pending(secrets.token_urlsafe(9), requested_by, awaiting, action, self.game.version + 1, now())

    def settle_pending(self) -> None:
        """Before the commit: the requests open after this write, read only if it changed them or the state did not
        know them (kept with the new state, so no view of this version reads them again)."""
        known = self._state.pending if self._state is not None and self._state.version == self.start else None
        if self.pending_touched or known is None:
            self.pending_after = tuple(self.store._read_pending(self.game.id))
        else:
            self.pending_after = known

    def add_pending(self, pending: Pending, resolved: dict[str, Any]) -> None:
        self.pending_touched = True
        self.db.conn.execute(
            "insert into pending (id, game_id, requested_by, awaiting, action, resolved, version, status, created)"
            " values (?, ?, ?, ?, ?, ?, ?, 'open', ?)",
            [pending.id, self.game.id, pending.requested_by, pending.awaiting, canonical(pending.action),
             canonical(resolved), pending.version, pending.created])

    def pending_row(self, pending_id: str) -> dict[str, Any] | None:
        rows = list(self.db.query("select * from pending where id = ? and game_id = ?", [pending_id, self.game.id]))
        return rows[0] if rows else None

    def close_pending(self, pending_id: str, status: str, decided_by: str | None, seq: int | None) -> None:
        self.pending_touched = True
        self.db.conn.execute("update pending set status = ?, decided_by = ?, seq = ? where id = ?",
                             [status, decided_by, seq, pending_id])

    def withdraw_pending(self, action: dict[str, Any], seq: int) -> None:
        """Requests still open for exactly this action have nothing left to ask."""
        self.pending_touched = True
        self.db.conn.execute("update pending set status = 'withdrawn', seq = ? where game_id = ? and "
                             "status = 'open' and action = ?", [seq, self.game.id, canonical(action)])


def _describe(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "the entry loops (a card attached to itself?)"
    return f"{type(exc).__name__}: {str(exc)[:200]}"


def is_storage_error(exc: BaseException) -> str | None:
    """A clear name for SQLite's failures that are not the request's fault, or None."""
    if isinstance(exc, sqlite3.OperationalError) and "disk" in str(exc).lower() and "full" in str(exc).lower():
        return "disk_full"
    if isinstance(exc, sqlite3.DatabaseError) and any(
            w in str(exc).lower() for w in ("malformed", "not a database", "corrupt")):
        return "database_corrupt"
    return None
