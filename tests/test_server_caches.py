"""The server's own short cuts (``companion bench server`` measures what they save): each gives what a fresh look-up
gives, and none hands what one viewer may see to another."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flask
import pytest
from flask.testing import FlaskClient

import companion.web.api as api
import companion.web.asgi as asgi_module
from companion.rules import suggest
from companion.rules.actions import REGISTRY
from companion.rules.actions.base import Where
from companion.rules.roles import Role
from companion.rules.state import Phase
from companion.rules.views import view
from companion.web import create_app
from companion.web.asgi import CompanionASGI
from companion.web.live import AsyncStream
from tests.test_trust import auth, named_game


def test_the_classes_offered_at_the_table_are_those_a_look_at_every_class_finds() -> None:
    for phase in [*Phase, None]:
        every = tuple(cls for cls in REGISTRY.values()
                      if any(Where.TABLE in o.where and (not o.phases or phase in o.phases) for o in cls.phone.offered))
        assert suggest._table_classes(phase) == every


def opened_stream(client: FlaskClient, gid: str, key: str) -> AsyncStream:
    """The stream the events route hands to the asyncio server for this key (the route run as the server runs it)."""
    app = client.application
    with app.test_request_context(f"/api/games/{gid}/events", headers=auth(key),
                                  environ_base={"companion.streams": True}):
        app.view_functions["api.events"](game_id=gid)
        stream: AsyncStream = flask.request.environ["companion.stream"]
    return stream


def test_a_stream_finds_its_own_viewers_event_and_never_another_seats(client: FlaskClient) -> None:
    """Each phone's stream looks its event up by a key made once when it opened: seat B's stream never finds seat A's
    event of the same version (A's shadows card is named in it), and finds B's own once it is made."""
    g = named_game(client, "A", "B")
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert client.post(f"/api/games/{gid}/actions", headers=auth(ka), json={
        "action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": 3}).status_code == 201
    mine, theirs = opened_stream(client, gid, ka), opened_stream(client, gid, kb)
    assert mine.made_event is not None and theirs.made_event is not None
    services = client.application.extensions["companion"]["services"]
    with client.application.app_context():
        a_event = api.sse_update(services, gid, Role.of_seat("A"), 3, 4)
        assert theirs.made_event(3, 4) is None  # A's event is made: B's stream does not take it
        assert mine.made_event(3, 4) is a_event and mine.made_event(2, 4) is None  # another version seen: its own
        b_event = api.sse_update(services, gid, Role.of_seat("B"), 3, 4)
    assert theirs.made_event(3, 4) is b_event and b_event != a_event
    assert '"id":"A.' in a_event and '"id":"A.' not in b_event  # A's face-down card: in A's event only


def test_a_routes_traits_are_remembered_per_method_and_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app({"DATABASE": str(tmp_path / "g.db"), "TESTING": True})
    server = CompanionASGI(app)
    asked = [("POST", "/api/games/g1/actions"), ("GET", "/api/games/g2/events"), ("GET", "/api/games/g1/view"),
             ("POST", "/api/scan"), ("GET", "/nowhere"), ("DELETE", "/api/games/g1/actions")]
    for method, path in asked:
        scope: dict[str, Any] = {"method": method, "path": path}
        first = server.route_traits(scope)
        assert first == server._match_traits(scope) == server.route_traits(scope)
    assert server.route_traits({"method": "POST", "path": "/api/games/g1/actions"})[2] == "g1"
    assert server.route_traits({"method": "GET", "path": "/api/games/g2/events"})[2] == "g2"
    monkeypatch.setattr(asgi_module, "TRAITS", 3)
    for n in range(10):  # paths without end (a game id each) are remembered at most TRAITS at a time
        assert server.route_traits({"method": "GET", "path": f"/api/games/x{n}/view"})[2] == f"x{n}"
        assert len(server._traits) <= 3


def test_the_keys_record_a_write_kept_equals_a_fresh_walk_of_the_log(client: FlaskClient) -> None:
    """The record of a game's keys follows each write from the entries it appended (their hashes not made again):
    after a key renewed and actions, it equals the record walked afresh from the log."""
    g = named_game(client, "A", "B")
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    store = client.application.extensions["companion"]["services"].store
    assert client.post(f"/api/games/{gid}/seats/B/key", headers=auth(g["host"]["key"]), json={}).status_code == 200
    for version in (4, 5):
        r = client.post(f"/api/games/{gid}/actions", headers=auth(ka), json={
            "action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": version})
        assert r.status_code == 201
    game = store.game(gid)
    kept = store._key_record(game)
    assert kept is not None and kept.version == game.version == 6 and not kept.broken
    store._key_records.clear()
    assert store._key_record(game) == kept


def test_the_cached_state_after_an_undo_equals_a_fresh_replay(client: FlaskClient) -> None:
    g = named_game(client, "A", "B")
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    store = client.application.extensions["companion"]["services"].store
    for version in (3, 4):
        r = client.post(f"/api/games/{gid}/actions", headers=auth(ka), json={
            "action": {"type": "gain_gold", "player": "A", "amount": 2}, "expected_version": version})
        assert r.status_code == 201
    assert client.post(f"/api/games/{gid}/undo", headers=auth(ka), json={"expected_version": 5}).status_code == 201
    game = store.game(gid)
    cached, fresh = store.state(gid, game), store._rebuild(game)
    assert cached.version == fresh.version == 6 and cached.undone == fresh.undone == {5}
    for role in (Role.of_seat("A"), Role.of_seat("B")):
        assert view(cached.table, role) == view(fresh.table, role)
    assert cached.table.players["A"].gold == fresh.table.players["A"].gold == 2
