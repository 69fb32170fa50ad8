"""The database layer: schema migrations, the hash chain, rebuilding state from the log."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import Seat
from companion.rules.actions import GainGold
from companion.rules.roles import JUDGE, Role
from companion.service import TableService
from companion.store.db import MIGRATIONS, connect, schema_version
from companion.store.games import GameStore
from companion.web import create_app
from tests.tables import catalog

A = Role.of_seat("A")


def store(path: Path) -> GameStore:
    return GameStore(path, lambda codes: catalog().cards(codes))


def test_migrations_run_at_start_up_and_only_once(tmp_path: Path) -> None:
    db = connect(tmp_path / "g.db")
    assert schema_version(db) == len(MIGRATIONS)
    assert {"games", "seats", "entries"} <= set(db.table_names()) and "decks" not in db.table_names()
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    again = connect(tmp_path / "g.db")
    assert schema_version(again) == len(MIGRATIONS)


def test_a_newer_schema_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={len(MIGRATIONS) + 5}")
    conn.close()
    with pytest.raises(RuntimeError, match="newer than this companion knows"):
        connect(path)


def test_the_wal_goes_back_into_the_file_off_the_writers_thread_and_the_thread_ends_when_idle(tmp_path: Path) -> None:
    """A commit that copies the WAL back syncs the disk (5-20 ms): on the event loop it would hold up every table.
    The store's connections never do it; its checkpointer does, shortly after writes, and holds no thread idle."""
    import time

    s = store(tmp_path / "g.db")
    s._checkpointer.pause, s._checkpointer.idle = 0.01, 0.3
    game, _ = s.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    for v in range(300):
        TableService(s).act(game.id, GainGold("A", 1), A, v)
    assert all(db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0 for db in s._idle)

    def in_the_file() -> int:  # read past the WAL: what was copied back (a read during a copy may find it torn)
        conn = sqlite3.connect(f"file:{tmp_path / 'g.db'}?immutable=1", uri=True)
        try:
            return int(conn.execute("select count(*) from entries where game_id = ?", [game.id]).fetchone()[0])
        except sqlite3.DatabaseError:
            return -1
        finally:
            conn.close()

    deadline = time.time() + 5
    while in_the_file() < 300 and time.time() < deadline:
        time.sleep(0.05)
    assert in_the_file() == 300 and s._checkpointer.checkpoints >= 1
    while s._checkpointer._thread is not None and time.time() < deadline:
        time.sleep(0.05)
    assert s._checkpointer._thread is None  # idle: no thread, no connection
    TableService(s).act(game.id, GainGold("A", 1), A, 300)
    assert s._checkpointer._thread is not None  # the next write starts it again
    while in_the_file() < 301 and time.time() < deadline + 5:
        time.sleep(0.05)
    assert in_the_file() == 301


def test_tampering_breaks_the_chain(tmp_path: Path) -> None:
    s = store(tmp_path / "g.db")
    game, _ = s.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    for v in range(3):
        TableService(s).act(game.id, GainGold("A", 1), A, v)
    assert s.verify(game.id) == {"ok": True, "entries": 3, "head": s.game(game.id).head_hash}
    conn = sqlite3.connect(tmp_path / "g.db")
    conn.execute("update entries set data = replace(data, '\"amount\":1', '\"amount\":9') where seq = 2")
    conn.commit()
    conn.close()
    result = s.verify(game.id)
    assert result == {"ok": False, "entries": 1, "error": "entry 2 does not match its hash", "entry": 2}


def test_state_is_rebuilt_from_the_log_not_the_cache(tmp_path: Path) -> None:
    s = store(tmp_path / "g.db")
    game, _ = s.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    TableService(s).act(game.id, GainGold("A", 2), A, 0)
    TableService(s).act(game.id, GainGold("A", 3), A, 1)
    TableService(s).undo(game.id, A, 2)
    fresh = store(tmp_path / "g.db")  # a new process: no cache
    assert fresh.table(game.id).players["A"].gold == 2


ROUTES = [
    ("post", "/api/games"), ("post", "/api/qr"), ("post", "/api/games/{g}/actions"), ("post", "/api/games/{g}/undo"),
    ("put", "/api/games/{g}/seats/A/deck"), ("post", "/api/games/{g}/seats/A/key"),
    ("post", "/api/games/{g}/tts"), ("post", "/api/games/{g}/pending/p1"), ("post", "/api/tts/games/{g}/snapshot"),
]
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("fuzz") / "g.db")})
    client = app.test_client()
    made = client.post("/api/games", json={"seats": ["A", "B"]}).get_json()
    return client, made["game"]["id"], made["host"]["key"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(route=st.sampled_from(ROUTES), payload=JSON, action=st.fixed_dictionaries(
    {"type": st.sampled_from(["kill", "bring_out", "marshal", "gain_gold", "begin_phase", "place_tokens"])},
    optional={"player": JSON, "card": JSON, "amount": JSON, "phase": JSON, "kind": JSON, "shadow": JSON}))
def test_no_body_makes_the_server_answer_500(fuzz_client, route, payload, action) -> None:  # type: ignore[no-untyped-def]
    client, gid, key = fuzz_client
    method, path = route
    path = path.replace("{g}", gid)
    for body in (payload, {"action": action, "expected_version": 0}, {"action": payload, "expected_version": 0}):
        r = getattr(client, method)(path, json=body, headers={"Authorization": "Bearer " + key})
        assert r.status_code < 500, (path, body, r.get_data(as_text=True)[:300])
        if r.status_code >= 400:
            assert set(r.get_json()["error"]) == {"code", "message", "details"}


def test_a_table_a_reader_holds_never_changes_under_it(tmp_path: Path) -> None:
    from companion.rules.views import view

    s = store(tmp_path / "g.db")
    game, _ = s.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    TableService(s).act(game.id, GainGold("A", 2), A, 0)
    held = s.table(game.id)  # e.g. a live stream computing a view
    before = view(held, JUDGE)
    TableService(s).act(game.id, GainGold("A", 5), A, 1)
    assert view(held, JUDGE) == before  # writers work on a copy and swap it in
    assert s.table(game.id).players["A"].gold == 7


def test_an_older_database_is_upgraded_with_its_games(tmp_path: Path) -> None:
    import hashlib

    import sqlite_utils

    from companion.store.db import MIGRATIONS
    from companion.store.games import canonical

    path = tmp_path / "old.db"
    old = sqlite_utils.Database(path)
    MIGRATIONS[0](old)  # a database as version 1 left it, with a game in it
    header = canonical({"id": "g1", "kind": "agot", "edition": "2e", "mode": "advisory", "created": "x",
                        "seats": [{"seat": "A", "name": "A", "faction": None}]})
    old["games"].insert({"id": "g1", "kind": "agot", "title": "", "edition": "2e", "mode": "advisory",
                         "header": header, "host_hash": "", "judge_hash": "", "version": 0,
                         "head_hash": hashlib.sha256(header.encode()).hexdigest(), "created": "x"})
    old["seats"].insert({"game_id": "g1", "seat": "A", "position": 0, "name": "A", "faction": None, "key_hash": ""})
    old.execute("PRAGMA user_version=1")
    old.conn.commit()
    old.conn.close()
    s = store(path)  # opening it runs the newer migrations
    assert s.verify("g1")["ok"]
    TableService(s).act("g1", GainGold("A", 3), A, 0)
    db = connect(path)
    assert schema_version(db) == len(MIGRATIONS) >= 3 and "decks" not in db.table_names()
    assert store(path).table("g1").players["A"].gold == 3


def test_no_game_or_event_id_starts_with_a_dash() -> None:
    """A command line takes "-yAb…" for an option (seen: `companion tts key -y…` refused in a test run)."""
    from companion.store.secrets import new_game_id

    ids = [new_game_id() for _ in range(20_000)]
    assert not [i for i in ids if i.startswith("-")]
    assert len(set(ids)) == len(ids) and all(len(i) == 12 for i in ids)


def test_a_checkpointer_that_could_not_open_its_connection_starts_again_with_the_next_write(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store's connections never copy the WAL back: only the checkpointer does. When its thread could not open its
    connection (the process out of file descriptors under a flood of connections), it died still counted as running,
    so no write started another and the WAL grew for as long as the server ran."""
    import threading
    import time

    from companion.store import db

    s = store(tmp_path / "g.db")
    s._checkpointer.pause, s._checkpointer.idle = 0.01, 0.3
    opened = sqlite3.connect
    failed: list[str] = []

    def out_of_descriptors(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        if threading.current_thread().name == "companion-checkpoint" and not failed:
            failed.append("once")
            raise sqlite3.OperationalError("unable to open database file")
        return opened(*args, **kwargs)

    monkeypatch.setattr(db.sqlite3, "connect", out_of_descriptors)
    game, _ = s.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    deadline = time.time() + 5
    while s._checkpointer._thread is not None and time.time() < deadline:
        time.sleep(0.02)
    assert failed and s._checkpointer.checkpoints == 0
    TableService(s).act(game.id, GainGold("A", 1), A, 0)  # the next write
    while s._checkpointer.checkpoints == 0 and time.time() < deadline:
        time.sleep(0.02)
    assert s._checkpointer.checkpoints >= 1


def test_a_write_committed_when_no_checkpoint_thread_can_start_still_counts(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The checkpointer is told of a commit after it: when no thread could be started then (the process at its
    thread limit), the error came out of a committed write, which answered 500 and left its state unswapped."""
    from companion.store.db import Checkpointer

    def no_thread(self: Checkpointer) -> None:
        raise RuntimeError("can't start new thread")

    s = store(tmp_path / "g.db")
    game, _ = s.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    TableService(s).act(game.id, GainGold("A", 1), A, 0)  # cached
    monkeypatch.setattr(Checkpointer, "wrote", no_thread)
    entry, _ = TableService(s).act(game.id, GainGold("A", 1), A, 1)
    assert entry.seq == 2 and s.game(game.id).version == 2
    assert s._cached(game.id) is not None and s._cached(game.id).version == 2  # the new state swapped in


def test_now_writes_what_datetime_writes(monkeypatch):
    """The entries' time stamp is formatted once a second (the milliseconds added): the same text as
    ``datetime.now(UTC).isoformat(timespec="milliseconds")``, across a second's turn too."""
    import datetime as dt
    import time

    from companion.store import games as store_games

    for ns in (1_764_570_000_000_000_000, 1_764_570_000_999_999_999, 1_764_570_001_000_000_000,
               1_764_570_001_042_700_000):
        monkeypatch.setattr(time, "time_ns", lambda ns=ns: ns)
        expected = dt.datetime.fromtimestamp(ns // 1000 / 1_000_000, dt.UTC).isoformat(timespec="milliseconds")
        assert store_games.now() == expected
    monkeypatch.undo()
    before = dt.datetime.now(dt.UTC)
    stamped = dt.datetime.fromisoformat(store_games.now())
    assert before - dt.timedelta(milliseconds=1) <= stamped <= dt.datetime.now(dt.UTC)
