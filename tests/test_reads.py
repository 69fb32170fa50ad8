"""What an answer costs the store (issue 33's goals): a write's answer reads no log (the write keeps the entries it
appended, and answers with the new one as the writer may see it), the keys' record follows the write without reading
it again, and a live event is made once per viewer class from what the write kept: every device of that class with
the same last version gets the same text. (tests/test_view_cost.py counts the encodes.)"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.rules.roles import SPECTATOR, Role
from companion.web import api as webapi
from companion.web import create_app


def game(tmp_path: Path) -> tuple[Any, Any, str, dict[str, str]]:
    app = create_app({"DATABASE": str(tmp_path / "g.db"), "TESTING": True})
    client = app.test_client()
    g = client.post("/api/games", json={"seats": ["A", "B"]}).get_json()
    return app, client, g["game"]["id"], {"Authorization": f"Bearer {g['seats'][0]['key']}"}


def gain(client: Any, gid: str, headers: dict[str, str], version: int) -> int:
    r = client.post(f"/api/games/{gid}/actions", headers=headers,
                    json={"action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": version})
    assert r.status_code == 201, r.get_json()
    return int(r.get_json()["version"])


@contextmanager
def statements(app: Any) -> Iterator[list[str]]:
    """Every SQL statement the store's pooled connections run meanwhile."""
    seen: list[str] = []
    with app.app_context():
        conns = [db.conn for db in webapi.svc().store._idle]
    for conn in conns:
        conn.set_trace_callback(seen.append)
    try:
        yield seen
    finally:
        for conn in conns:
            conn.set_trace_callback(None)


def log_reads(seen: list[str]) -> int:
    return sum(1 for s in seen if " from entries " in s)


def test_a_write_reads_no_log_for_its_answer(tmp_path: Path) -> None:
    app, client, gid, headers = game(tmp_path)
    version = 0
    for _ in range(3):
        version = gain(client, gid, headers, version)
        client.get(f"/api/games/{gid}/view", headers=headers)  # every cache warm: the keys' record walked
    with statements(app) as seen:
        version = gain(client, gid, headers, version)
    assert log_reads(seen) == 0, seen  # it answers from the entry it appended
    assert sum(1 for s in seen if s.startswith("insert into entries")) == 1


def test_a_live_event_is_made_once_per_viewer_class(tmp_path: Path) -> None:
    app, client, gid, headers = game(tmp_path)
    version = gain(client, gid, headers, gain(client, gid, headers, 0))
    with app.app_context():
        services = webapi.svc()
        with statements(app) as seen:
            # Three spectators and two phones of seat B that last saw the version before: two events made.
            events = [webapi.sse_update(services, gid, role, version - 1, version)
                      for role in (SPECTATOR, SPECTATOR, SPECTATOR, Role.of_seat("B"), Role.of_seat("B"))]
    assert len(set(events)) == 2 and events[0] is events[1] is events[2] and events[3] is events[4]
    assert log_reads(seen) == 0, seen  # made from what the write kept, once per class


def test_an_answer_that_replays_the_log_reads_it_once(tmp_path: Path) -> None:
    """A game whose state this process does not hold (after a restart, or evicted): its log is read once, for the
    replay and the walk of its chain both, and the state is what it was."""
    app, client, gid, headers = game(tmp_path)
    version = gain(client, gid, headers, gain(client, gid, headers, 0))
    with app.app_context():
        store = webapi.svc().store
        before = store.state(gid)
        store._cache.clear()
        with statements(app) as seen:
            after = store.state(gid)
        assert store.verify(gid) == {**after.integrity, "head": store.game(gid).head_hash}
    assert log_reads(seen) == 1, seen
    assert after.version == version and after.integrity == {"ok": True, "entries": version}
    assert after.table.players["A"].gold == before.table.players["A"].gold == 2
