"""What a write costs the server besides the write: its answer and its live updates read what the write kept, not
the log again; each viewer's view is encoded once per version, for its answer and every device's live update.

No timings here (``companion bench server`` measures them): counts of what is read and encoded, which a change
that reads the log per delivery or encodes a view per device makes fail."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

import companion.store.games as games
import companion.web.api as api
from companion.rules.roles import SPECTATOR, Role
from companion.web import create_app
from tests.test_trust import Q, auth, named_game


@pytest.fixture()
def traced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[str]]:
    """A test client whose every store connection reports the SQL it runs."""
    statements: list[str] = []
    real = games.connect

    def connect(*args: Any, **kwargs: Any) -> Any:
        db = real(*args, **kwargs)
        db.conn.set_trace_callback(statements.append)
        return db

    monkeypatch.setattr(games, "connect", connect)
    return create_app({"DATABASE": str(tmp_path / "g.db"), "TESTING": True}).test_client(), statements


def reads(statements: list[str], table: str) -> int:
    return sum(1 for s in statements if f"from {table} " in " ".join(s.lower().split()))


def test_a_write_answers_and_streams_its_version_without_reading_the_log_again(traced: tuple[Any, list[str]]) -> None:
    client, statements = traced
    g = named_game(client, "A", "B")
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    statements.clear()
    r = client.post(f"/api/games/{gid}/actions", headers=auth(ka),
                    json={"action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": 3})
    assert r.status_code == 201 and r.get_json()["entry"]["seq"] == 4
    # The answer names the entry and the view: from what the write kept, no read of the log or of the requests.
    assert reads(statements, "entries") == 0 and reads(statements, "pending") == 0
    assert reads(statements, "games") == 2  # the key's check before the write, the version's inside it
    statements.clear()
    with client.application.app_context():
        services = api.svc()
        for role in (Role.of_seat("A"), Role.of_seat("B"), SPECTATOR):
            for seen in (3, 2, 0):  # a phone one version behind, one two behind, one just opened
                event = api.sse_update(services, gid, role, seen, 4)
                assert event.startswith("id: 4\n")
    # Every device of every role hears of version 4 without a read of the game, its seats, log or requests.
    assert statements == []


class CountingEncoder:
    """msgspec's encoder, noting every view it encodes (the viewer's role kind and seat)."""

    def __init__(self) -> None:
        self.real = msgspec.json.Encoder()
        self.views: list[tuple[str, str | None]] = []

    def encode(self, value: Any) -> bytes:
        if isinstance(value, dict) and "viewer" in value:
            self.views.append((value["role"], value["viewer"].get("seat")))
        encoded = self.real.encode(value)
        # The same JSON as the standard library's (the answers were json.dumps' before): only the bytes may differ.
        assert isinstance(value, msgspec.Raw) or json.loads(encoded) == json.loads(json.dumps(value, default=raw))
        return encoded


def raw(value: Any) -> Any:
    assert isinstance(value, msgspec.Raw)
    return json.loads(bytes(value))


def test_each_viewer_class_is_encoded_once_per_version(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten phones of each seat and ten table views: three views encoded for version 5 (one per viewer class), and
    the writer's answer carries the same bytes as its seat's live update. Each class still gets its own view."""
    g = named_game(client, "A", "B")
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert client.post(f"/api/games/{gid}/actions", headers=auth(kb), json={
        "action": {"type": "gain_gold", "player": "B", "amount": 1}, "expected_version": 3}).status_code == 201
    counter = CountingEncoder()
    monkeypatch.setattr(api, "ENCODE", counter)
    r = client.post(f"/api/games/{gid}/actions", headers=auth(ka), json={
        "action": {"type": "setup_into_shadows", "player": "A", "card": f"A.{Q}.1"}, "expected_version": 4})
    assert r.status_code == 201
    answer = r.get_data()
    events: dict[str, set[str]] = {}
    with client.application.app_context():
        services = api.svc()
        for role in (Role.of_seat("A"), Role.of_seat("B"), SPECTATOR):
            for phone in range(10):
                seen = 4 if phone % 2 else 3  # phones one and two versions behind share the view, not the entries
                events.setdefault(role.cache_key, set()).add(api.sse_update(services, gid, role, seen, 5))
    assert sorted(counter.views) == [("seat", "A"), ("seat", "B"), ("spectator", None)]
    assert all(len(made) == 2 for made in events.values())  # one event per role and version seen
    payloads = {k: [json.loads(e.split("data: ", 1)[1]) for e in made] for k, made in events.items()}
    mine = payloads[Role.of_seat("A").cache_key][0]["view"]
    assert json.loads(answer)["view"] == mine
    # The very bytes: the view in the answer is the view in A's phones' updates.
    view_bytes = msgspec.json.encode(mine)
    assert view_bytes in answer and all(view_bytes in e.encode() for e in events[Role.of_seat("A").cache_key])
    # Hidden stays hidden: B's phones and the table views get their own views, the card face down in them.
    for k in (Role.of_seat("B").cache_key, SPECTATOR.cache_key):
        for p in payloads[k]:
            assert p["view"] != mine and "card" not in p["view"]["players"][0]["shadows"][-1]
            assert view_bytes.decode() not in json.dumps(p)
    assert mine["players"][0]["shadows"][-1]["card"]


def test_what_a_write_keeps_is_what_the_log_holds(client: Any) -> None:
    """After each write (an action, a request waiting for a seat, its answer, a key renewed), the game, the log's
    last entries and the open requests the store keeps for its answer and live updates equal a fresh read."""
    g = named_game(client, "A", "B")
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    store = client.application.extensions["companion"]["services"].store

    def same_as_read(version: int) -> bool:
        """Whether the store kept the game at ``version``; if it did, it must equal what a read gives."""
        kept = store.committed(gid, version)
        if kept is None:
            return False
        game, state = kept
        assert game == store.game(gid) and state.version == version
        for since in range(version + 1):
            tail = state.entries_after(since)
            assert tail is None or tail == store.entries(gid, since)
        assert state.entries_after(version - 1) is not None
        assert store.pending(gid, state) == store.pending(gid)
        return True

    def post(path: str, key: str, body: dict[str, Any]) -> Any:
        r = client.post(f"/api/games/{gid}/{path}", headers=auth(key), json=body)
        assert r.status_code in (200, 201, 202), r.get_json()
        return r.get_json()

    assert same_as_read(post("actions", ka, {"action": {"type": "setup_into_shadows", "player": "A",
                                                         "card": f"A.{Q}.1"}, "expected_version": 3})["version"])
    assert same_as_read(post("actions", kb, {"action": {"type": "place_tokens", "player": "B", "kind": "shadow",
                                                         "card": "A:shadows#2"}, "expected_version": 4})["version"])
    asked = post("undo", ka, {"expected_version": 5, "seq": 4})  # B has acted since: B's word first
    assert asked["pending"]["awaiting"] == "B" and same_as_read(asked["version"])
    assert store.pending(gid, store.committed(gid, 6)[1])  # the open request, kept
    post(f"pending/{asked['pending']['id']}", kb, {"decision": "decline", "expected_version": 6})
    assert same_as_read(7) and store.pending(gid, store.committed(gid, 7)[1]) == []
    post("seats/B/key", g["host"]["key"], {})  # a key renewed: the game's keys changed, nothing of it is kept
    assert not same_as_read(8)
    assert same_as_read(post("actions", ka, {"action": {"type": "gain_gold", "player": "A", "amount": 1},
                                             "expected_version": 8})["version"])
