"""Card catalogs for tests, seeded from the package's facts once a process and copied after that.

Seeding a catalog (``Catalog.in_memory()``, or ``Catalog.open`` on a new file) parses every shipped card and writes
each row: seconds, paid again by every test that made its own (two dozen a run). A copy of a seeded catalog made with
SQLite's backup is the same database (its tables, their full-text index and triggers, the shipped digest) in
hundredths of a second."""

from __future__ import annotations

import functools
import sqlite3
from pathlib import Path

import sqlite_utils

from companion.catalog.store import Catalog


@functools.cache
def _seeded() -> Catalog:
    """The process's seeded catalog: only ever copied, never handed out (a test may change the one it gets)."""
    return Catalog.in_memory()


def fresh_catalog() -> Catalog:
    """A catalog in memory as ``Catalog.in_memory()`` makes it (seeded from the shipped facts), the caller's own."""
    copy = Catalog(sqlite_utils.Database(memory=True))
    _seeded().db.conn.backup(copy.db.conn)
    return copy


def write_seeded(path: Path) -> None:
    """A seeded catalog file at ``path``, as ``Catalog.open(path)`` seeds a new one."""
    target = sqlite3.connect(str(path))
    try:
        _seeded().db.conn.backup(target)
    finally:
        target.close()
