"""Opening the database: WAL, a versioned schema and migrations that run at start-up."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

import sqlite_utils


def _v1(db: sqlite_utils.Database) -> None:
    db.table("games").create(
        {
            "id": str, "kind": str, "title": str, "edition": str, "mode": str, "header": str,
            "host_hash": str, "judge_hash": str, "version": int, "head_hash": str, "created": str,
        },
        pk="id",
    )
    db.table("seats").create(
        {"game_id": str, "seat": str, "position": int, "name": str, "faction": str, "key_hash": str},
        pk=("game_id", "seat"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db.table("entries").create(
        {
            "game_id": str, "seq": int, "kind": str, "data": str, "actor": str, "at": str,
            "prev_hash": str, "hash": str, "verdict": str,
        },
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db.table("decks").create(
        {"id": int, "name": str, "edition": str, "faction": str, "deck": str, "created": str}, pk="id"
    )


def _v2(db: sqlite_utils.Database) -> None:
    # Decks live in each game's log and saved decks on each phone: the library table went unused.
    if "decks" in db.table_names():
        db.table("decks").drop()


def _v3(db: sqlite_utils.Database) -> None:
    # Trust: entries keep what stays hidden (seal) and who confirmed them (meta); games chain with a
    # secret key so a published head hash gives nobody a way to guess hidden cards; writes carry
    # request ids; effects on another seat's face-down cards wait in ``pending`` for its confirmation.
    db.table("entries").add_column("seal", str)
    db.table("entries").add_column("meta", str)
    db.table("games").add_column("chain", int)  # NULL: the first chain format
    db.table("games").add_column("chain_key", str)
    db.table("games").add_column("table_key_hash", str)
    db.table("requests").create(
        {"game_id": str, "actor": str, "request_id": str, "seq": int, "pending_id": str, "created": str},
        pk=("game_id", "actor", "request_id"),
    )
    db.table("pending").create(
        {"id": str, "game_id": str, "requested_by": str, "awaiting": str, "action": str, "resolved": str,
         "version": int, "status": str, "created": str, "decided_by": str, "seq": int},
        pk="id",
    )
    db.table("pending").create_index(["game_id", "status"])


def _v4(db: sqlite_utils.Database) -> None:
    # Events: an organiser's tournament. Players' decklists are frozen with their hash; each round's
    # tables point at ordinary games; flags are what a judge must look at. Keys are stored as hashes.
    db.table("events").create(
        {"id": str, "name": str, "date": str, "rounds": int, "tables": int, "edition": str, "minutes": int,
         "organiser_hash": str, "judge_hash": str, "created": str, "closed": str},
        pk="id",
    )
    db.table("event_players").create(
        {"event_id": str, "id": int, "name": str, "faction": str, "agenda": str, "deck": str, "deck_hash": str,
         "source": str, "registered": str},
        pk=("event_id", "id"),
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_players").create_index(["event_id", "name"], unique=True)
    db.table("event_rounds").create(
        {"event_id": str, "number": int, "minutes": int, "started": str, "created": str},
        pk=("event_id", "number"),
    )
    db.table("event_tables").create(
        {"game_id": str, "event_id": str, "round": int, "number": int, "players": str, "result": str},
        pk="game_id",
    )
    db.table("event_tables").create_index(["event_id", "round", "number"], unique=True)
    db.table("event_flags").create(
        {"id": int, "event_id": str, "game_id": str, "round": int, "table_no": int, "kind": str, "seq": int,
         "detail": str, "at": str, "cleared": str},
        pk="id",
    )
    db.table("event_flags").create_index(["event_id", "round"])
    db.table("event_requests").create({"event_id": str, "request_id": str, "answer": str},
                                      pk=("event_id", "request_id"))


def _v5(db: sqlite_utils.Database) -> None:
    # Swiss rounds: the event's scoring scheme, cut and pairing seed; the round a player entered at and the
    # round after which they dropped; each round's stage (Swiss or the cut) and bye; the proposed pairing
    # the organiser may change before confirming it. What events are judged by: the format and restricted
    # list chosen at creation, the key that signs the export, each deck's legality with the organiser's
    # confirmation. A log of the organiser's and the judge's decisions (drops, overrides, a confirmed
    # illegal deck, seat sheets printed again).
    db.table("events").add_column("scoring", str)
    db.table("events").add_column("cut", int)
    db.table("events").add_column("seed", str)
    db.table("events").add_column("format", str)
    db.table("events").add_column("restricted_list", str)
    db.table("events").add_column("signing_key", str)
    db.table("event_players").add_column("joined", int)
    db.table("event_players").add_column("dropped_after", int)
    db.table("event_players").add_column("legality", str)
    db.table("event_players").add_column("confirmed", str)
    db.table("event_rounds").add_column("stage", str)
    db.table("event_rounds").add_column("bye", int)
    db.table("event_proposals").create({"event_id": str, "round": int, "id": str, "pairing": str, "override": int,
                                        "created": str}, pk=("event_id", "round"))
    db.table("event_log").create({"id": int, "event_id": str, "at": str, "by": str, "kind": str, "detail": str},
                                 pk="id")
    db.table("event_log").create_index(["event_id"])


def _v6(db: sqlite_utils.Database) -> None:
    # A judge's dashboard reads an event's penalties with every update: the rulings of every table, which without
    # this index meant reading every entry of every table (a partial index: rulings are a few rows of thousands).
    db.execute("create index entries_rulings on entries (game_id, seq) where kind = 'ruling'")


def _v7(db: sqlite_utils.Database) -> None:
    # Events (issue 35): when a round's clock stopped (its last result in); players who register themselves (a key
    # of their own to fix their deck, a revision counted when they do), who rejoin after a drop (the rounds missed)
    # or are disqualified; whether registration is open and the decklists published; the judge's point adjustments.
    db.table("event_rounds").add_column("stopped", str)
    db.table("events").add_column("registration", str)  # "open" (default) or "closed"
    db.table("events").add_column("publish_decks", int)
    db.table("event_players").add_column("self_hash", str)
    db.table("event_players").add_column("revision", int)
    db.table("event_players").add_column("missed", str)  # JSON list of rounds (unpaired losses after a rejoin)
    db.table("event_players").add_column("disqualified", str)
    db.table("event_adjustments").create({"id": int, "event_id": str, "player": int, "points": int, "reason": str,
                                          "round": int, "by": str, "at": str}, pk="id")
    db.table("event_adjustments").create_index(["event_id"])


#: Each migration takes the schema from version i to i+1. Never edit one that has shipped; add another.
MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [_v1, _v2, _v3, _v4, _v5, _v6, _v7]


#: ``normal``: a 2xx survives the companion being killed; a power cut may lose the last few.
#: ``full``: a 2xx survives a power cut too (SQLite syncs the disk on every commit).
DURABILITY = ("normal", "full")


#: How long a connection waits for another connection's write before it gives up.
BUSY_MS = 30_000


def on_event_loop() -> bool:
    """This thread runs an asyncio loop (the server's): what runs here must wait for no lock, file or replay."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def without_waiting(conn: sqlite3.Connection, step: Callable[[], object]) -> bool:
    """Runs ``step`` on ``conn`` with SQLite's busy handler off: True once done, False when another connection held
    the file (the handler would have slept for it; a caller on the server's event loop must not)."""
    conn.execute("PRAGMA busy_timeout=0")
    try:
        step()
        return True
    except sqlite3.OperationalError as exc:
        if "locked" not in str(exc) and "busy" not in str(exc):
            raise
        return False
    finally:
        conn.execute(f"PRAGMA busy_timeout={BUSY_MS}")


def connect(path: str | Path, *, check_same_thread: bool = False, durability: str = "normal",
            checkpoints: bool = True) -> sqlite_utils.Database:
    """Open (and create or migrate) the database. Safe to call from several threads and processes.

    ``checkpoints=False``: this connection's commits never copy the WAL back into the file (SQLite does it in
    the commit that crosses 1,000 pages, 5-20 ms with its disk syncs); a :class:`Checkpointer` does it."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(target), timeout=30, isolation_level=None, check_same_thread=check_same_thread)
    conn.execute("PRAGMA journal_mode=WAL")
    # WAL with synchronous=NORMAL keeps every committed transaction across a crash of the process
    # (SIGKILL); only a power cut may lose the last ones. FULL would fsync on every commit.
    if durability not in DURABILITY:
        raise ValueError(f"durability must be one of {', '.join(DURABILITY)}")
    conn.execute(f"PRAGMA synchronous={durability.upper()}")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute(f"PRAGMA busy_timeout={BUSY_MS}")
    if not checkpoints:
        conn.execute("PRAGMA wal_autocheckpoint=0")
    db = sqlite_utils.Database(conn)
    migrate(db)
    return db


_writers: dict[str, threading.Lock] = {}
_writers_guard = threading.Lock()


def writer_lock(path: str | Path) -> threading.Lock:
    """The one lock this process's writers to ``path`` take before ``BEGIN IMMEDIATE``.

    SQLite lets one writer in at a time; the others wait in its busy handler, which sleeps 10, 25,
    50, 100 ms between tries, so a write to one game stalled behind a 2 ms write to another for a
    whole sleep. Queued on a Python lock, the next writer starts the moment the last one commits.
    (Other processes, such as the CLI, still wait in the busy handler.)"""
    key = str(Path(path).resolve())
    with _writers_guard:
        return _writers.setdefault(key, threading.Lock())


def schema_version(db: sqlite_utils.Database) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def migrate(db: sqlite_utils.Database) -> int:
    conn = db.conn
    if schema_version(db) == len(MIGRATIONS):
        # Up to date: no write lock taken. Every new pooled connection comes here, and a request (on the event
        # loop too) waited in the busy handler for any other connection's write just to learn that.
        return len(MIGRATIONS)
    conn.execute("BEGIN IMMEDIATE")
    try:
        current = schema_version(db)
        if current > len(MIGRATIONS):
            raise RuntimeError(
                f"the database has schema version {current}, newer than this companion knows "
                f"({len(MIGRATIONS)}); update the companion"
            )
        for step in MIGRATIONS[current:]:
            step(db)
            current += 1
            conn.execute(f"PRAGMA user_version={current}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return current


class Checkpointer:
    """Copies a database's WAL back into its file on a thread of its own, shortly after writes.

    SQLite does it in whichever commit crosses 1,000 pages of WAL, and that commit then syncs the disk: 5-20 ms
    instead of 0.02, on the server's event loop when the write was made there, holding up every table and live
    stream. Here a PASSIVE checkpoint (it waits for no reader and no writer) runs at most every ``pause`` s
    while writes come; the thread ends when they stop for ``idle`` s and starts again with the next one, so an
    idle store (and each test's) holds no thread or connection."""

    def __init__(self, path: str | Path, *, pause: float = 0.25, idle: float = 5.0) -> None:
        self.path = str(path)
        self.pause = pause
        self.idle = idle
        self.checkpoints = 0  # how many ran (tests)
        self._wrote = threading.Event()
        self._guard = threading.Lock()
        self._thread: threading.Thread | None = None

    def wrote(self) -> None:
        """A commit was made: a checkpoint follows within ``pause`` s."""
        # Set already: the thread has yet to clear it, and checkpoints after that (this commit too). Its condition's
        # notify is a dozen calls on every write's path.
        if not self._wrote.is_set():
            self._wrote.set()
        with self._guard:  # the thread decides to end under it too: a write never finds it ending
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="companion-checkpoint", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        try:
            self._checkpoints()
        except Exception:  # no connection (out of file descriptors, say): the thread ends and the next write starts it
            time.sleep(self.pause)  # (not at once: while the trouble lasts, a thread per write would follow)
            with self._guard:
                self._thread = None

    def _checkpoints(self) -> None:
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA wal_autocheckpoint=0")
            while True:
                if not self._wrote.wait(self.idle):
                    with self._guard:
                        if not self._wrote.is_set():  # a write after the wait ended finds the thread gone
                            self._thread = None
                            return
                self._wrote.clear()
                time.sleep(self.pause)  # more writes come in a burst: one checkpoint for them all
                try:
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
                    self.checkpoints += 1
                except sqlite3.Error:  # the file is gone (a test's), or busy: the next write tries again
                    pass
        finally:
            conn.close()
