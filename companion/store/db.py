"""Opening the database: WAL, a versioned schema and migrations that run at start-up."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import sqlite_utils


def _v1(db: sqlite_utils.Database) -> None:
    db["games"].create(
        {
            "id": str, "kind": str, "title": str, "edition": str, "mode": str, "header": str,
            "host_hash": str, "judge_hash": str, "version": int, "head_hash": str, "created": str,
        },
        pk="id",
    )
    db["seats"].create(
        {"game_id": str, "seat": str, "position": int, "name": str, "faction": str, "key_hash": str},
        pk=("game_id", "seat"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db["entries"].create(
        {
            "game_id": str, "seq": int, "kind": str, "data": str, "actor": str, "at": str,
            "prev_hash": str, "hash": str, "verdict": str,
        },
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db["decks"].create(
        {"id": int, "name": str, "edition": str, "faction": str, "deck": str, "created": str}, pk="id"
    )


def _v2(db: sqlite_utils.Database) -> None:
    # Decks live in each game's log and saved decks on each phone: the library table went unused.
    if "decks" in db.table_names():
        db["decks"].drop()


#: Each migration takes the schema from version i to i+1. Never edit one that has shipped; add another.
MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [_v1, _v2]


def connect(path: str | Path, *, check_same_thread: bool = False) -> sqlite_utils.Database:
    """Open (and create or migrate) the database. Safe to call from several threads and processes."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(target), timeout=30, isolation_level=None, check_same_thread=check_same_thread)
    conn.execute("PRAGMA journal_mode=WAL")
    # WAL with synchronous=NORMAL keeps every committed transaction across a crash of the process
    # (SIGKILL); only a power cut may lose the last ones. FULL would fsync on every commit.
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=30000")
    db = sqlite_utils.Database(conn)
    migrate(db)
    return db


def schema_version(db: sqlite_utils.Database) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def migrate(db: sqlite_utils.Database) -> int:
    conn = db.conn
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
