"""The server's own short cuts (``companion bench server`` measures what they save): each gives what a fresh look-up
gives, and none hands what one viewer may see to another."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import flask
import pytest
from flask.testing import FlaskClient

import companion.web.api as api
import companion.web.asgi as asgi_module
from companion.catalog.store import Catalog
from companion.rules import suggest
from companion.rules.actions import REGISTRY
from companion.rules.actions.base import Where
from companion.rules.engine import Seat, add_deck, new_table, play
from companion.rules.log import read_log
from companion.rules.roles import Role
from companion.rules.state import Phase, Zone
from companion.rules.views import HIDDEN_ZONES, JUDGE, SPECTATOR, public_view, view
from companion.web import create_app
from companion.web.asgi import CompanionASGI
from companion.web.live import AsyncStream
from tests.test_trust import Q, auth, named_game


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


def test_a_paths_match_is_remembered_and_gives_what_a_fresh_match_gives(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The routes remember each path's match: the same rule and values as werkzeug's own matcher, each request its
    own copy of the values; a path that matches nothing is refused every time and never remembered."""
    from werkzeug.exceptions import MethodNotAllowed, NotFound

    import companion.web as web

    app = create_app({"DATABASE": str(tmp_path / "g.db"), "TESTING": True})
    routes = app.url_map
    assert isinstance(routes, web.RoutesMap)
    asked = [("/api/games/g1/actions", "POST"), ("/api/games/g2/events", "GET"), ("/api/games/g1/view", "GET")]
    for path, method in asked:
        first = routes.bind("localhost").match(path, method, return_rule=True)
        again = routes.bind("localhost").match(path, method, return_rule=True)
        fresh = web.Map.bind(routes, "localhost")  # werkzeug's matcher, asked again below without the memo
        assert first[0] is again[0] and first[1] == again[1] and first[1] is not again[1]
        assert fresh.match(path, method, return_rule=True)[1] == first[1]
    for path, method, refusal in [("/nowhere", "GET", NotFound), ("/api/games/g1/actions", "DELETE", MethodNotAllowed)]:
        for _ in range(2):
            with pytest.raises(refusal):
                routes.bind("localhost").match(path, method)
    assert all(key[1] != "/nowhere" for key in routes._matches)
    monkeypatch.setattr(web, "MATCHES", 3)
    for n in range(10):  # paths without end (a game id each): at most MATCHES remembered at a time
        assert routes.bind("localhost").match(f"/api/games/x{n}/view", "GET")[1] == {"game_id": f"x{n}"}
        assert len(routes._matches) <= 3


def test_a_requests_url_adapter_is_remembered_by_all_it_is_made_of(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The routes remember the adapter a request binds: the same environ values give the same one, with what werkzeug's
    own would hold; another host, scheme, path, method or query gets its own (what werkzeug's would hold for it)."""
    import companion.web as web

    app = create_app({"DATABASE": str(tmp_path / "g.db"), "TESTING": True})
    routes = app.url_map
    environ = {"HTTP_HOST": "192.168.1.20:8000", "SERVER_NAME": "0.0.0.0", "SERVER_PORT": "8000",
               "wsgi.url_scheme": "http", "SCRIPT_NAME": "", "PATH_INFO": "/api/games/g1/view", "REQUEST_METHOD": "GET",
               "QUERY_STRING": "since=3"}
    first = routes.bind_to_environ(dict(environ), subdomain="")
    assert routes.bind_to_environ(dict(environ), subdomain="") is first
    fresh = web.Map.bind_to_environ(routes, dict(environ), subdomain="")  # werkzeug's, made anew
    assert vars(first) == vars(fresh)
    for name, other in [("HTTP_HOST", "localhost:8000"), ("wsgi.url_scheme", "https"),
                        ("PATH_INFO", "/api/games/g2/view"), ("REQUEST_METHOD", "POST"), ("QUERY_STRING", "since=4")]:
        changed = routes.bind_to_environ({**environ, name: other}, subdomain="")
        assert changed is not first and vars(changed) == vars(web.Map.bind_to_environ(routes, {**environ, name: other},
                                                                                      subdomain=""))
    monkeypatch.setattr(web, "MATCHES", 3)
    for n in range(10):  # paths without end: at most MATCHES remembered at a time
        routes.bind_to_environ({**environ, "PATH_INFO": f"/api/games/x{n}/view"}, subdomain="")
        assert len(routes._bound) <= 3


def test_the_keyed_hash_of_an_appended_entry_is_the_one_verify_makes(client: FlaskClient) -> None:
    """An entry's keyed hash is made from its columns' texts; it is the hash ``entry_hash`` makes of its values (what
    ``verify`` checks), requests, seals and meta data included."""
    import hashlib
    import hmac

    from companion.store.games import canonical, entry_hash, keyed_body

    for seq, kind, actor, at, data, verdict, sealed, meta in [
            (5, "action", "seat:A", "2026-01-01T00:00:00.000+00:00",
             {"type": "gain_gold", "b": [1, {"z": 1, "a": "é—"}]}, {"legal": True, "violations": []}, None,
             {"request_id": 'x"y'}),
            (1, "key", "host", "t", {}, None, {"hidden": ["A.1"]}, None),
            (2, "note", "judge", "t", {"n": None}, {}, {}, {}),
            # Names and times quoted as the encoder quotes them: quotes, backslashes, control and non-ASCII characters.
            (12345678901234567890, 'k"\\', 'seat:Ä "x"\n\t\u2028\x00', "\x1f—", {"a": 1}, None, None, None)]:
        texts = [canonical(x) if x else None for x in (verdict, sealed, meta)]
        made = hmac.new(b"k", ("prev" + keyed_body(seq, kind, actor, at, canonical(data), *texts)).encode(),
                        hashlib.sha256).hexdigest()
        assert made == entry_hash("prev", seq, kind, data, actor, at, chain_key="k", verdict=verdict or None,
                                  sealed=sealed or None, meta=meta or None)
    g = named_game(client, "A", "B")
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    assert client.post(f"/api/games/{gid}/actions", headers=auth(ka), json={
        "action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": 3,
        "request_id": "request-0001"}).status_code == 201
    store = client.application.extensions["companion"]["services"].store
    assert store.verify(gid)["ok"]


def test_the_one_call_keyed_hash_is_hmacs_own() -> None:
    """``keyed_hash`` (one-shot HMAC) gives what ``hmac.new(...).hexdigest()`` gives, for any key and text; a changed
    key or text changes it."""
    import hashlib
    import hmac

    from companion.store.games import keyed_hash

    for key, text in [("k", ""), ("k", "prev{}"), ("ключ—é", 'x"\\\n\u2028\x00'), ("a" * 200, "b" * 10_000)]:
        assert keyed_hash(key, text) == hmac.new(key.encode(), text.encode(), hashlib.sha256).hexdigest()
    assert keyed_hash("k", "t") != keyed_hash("K", "t") != keyed_hash("k", "T")


def test_an_event_carries_the_bytes_and_version_its_text_says() -> None:
    from companion.web.live import Made, event_bytes, sent_version, sse_encoded

    event = sse_encoded(7, '{"version":7,"name":"Tyrion—é"}'.encode())
    assert isinstance(event, Made) and event == 'id: 7\nevent: update\ndata: {"version":7,"name":"Tyrion—é"}\n\n'
    # A payload given as text (a Tapestry game's, an event dashboard's) makes the same event as its bytes do.
    same = sse_encoded(7, '{"version":7,"name":"Tyrion—é"}')
    assert same == event and (same.data, same.version, same.chunk) == (event.data, event.version, event.chunk)
    assert event_bytes(event) == str(event).encode() and event_bytes(": keepalive\n\n") == b": keepalive\n\n"
    assert sent_version(event, 5) == sent_version(str(event), 5) == 7 and sent_version(event, 9) == 9
    # The chunk a poke writes itself is what uvicorn's send writes for the same bytes in a chunked answer.
    assert event.chunk == b"%x\r\n" % len(event.data) + event.data + b"\r\n"


def test_a_poke_writes_what_uvicorns_send_would() -> None:
    """The chunk a poke writes to a phone's transport itself is what uvicorn's own send writes for the event in a
    chunked answer under way, byte for byte; and the poke knows uvicorn's answers by the module it looks for."""
    import asyncio

    from uvicorn.protocols.http.httptools_impl import RequestResponseCycle

    from companion.web.live import sse_encoded

    class Transport:
        def __init__(self) -> None:
            self.written: list[bytes] = []

        def write(self, data: bytes) -> None:
            self.written.append(data)

        def is_closing(self) -> bool:
            return False

    class Flow:
        write_paused = False

    def cycle(method: str = "GET") -> RequestResponseCycle:
        made = RequestResponseCycle.__new__(RequestResponseCycle)
        made.scope = {"method": method}  # type: ignore[typeddict-item]
        made.transport, made.flow = Transport(), Flow()  # type: ignore[assignment]
        made.disconnected, made.response_started, made.response_complete = False, True, False
        made.chunked_encoding, made.expected_content_length = True, 0
        made.message_event, made.keep_alive = asyncio.Event(), True
        return made

    event = sse_encoded(3, b'{"version":3}')
    by_uvicorn = cycle()
    asyncio.run(by_uvicorn.send({"type": "http.response.body", "body": event.data, "more_body": True}))
    assert by_uvicorn.transport.written == [event.chunk]  # type: ignore[attr-defined]
    assert type(by_uvicorn).__module__ == asgi_module.HTTPTOOLS_CYCLE


def test_the_bounded_json_reader_made_once_reads_as_json_does_and_names_a_long_number() -> None:
    import json

    from companion import safejson

    for text in ['{"a": [1, -2, 3.5, "x\\u00e9"], "b": null}', "[]", '"\\ud800"']:
        assert safejson.loads(text) == json.loads(text) and safejson.loads(text.encode()) == json.loads(text.encode())
        assert safejson.loads(text.encode("utf-16")) == json.loads(text.encode("utf-16"))
    with pytest.raises(safejson.LongNumber) as long:
        safejson.loads('{"action": {"amount": ' + "9" * 40 + "}}")
    assert long.value.field == "action.amount" and long.value.digits == 40
    assert safejson.loads('{"amount": 12}') == {"amount": 12}  # the next reading starts afresh
    for bad in ["\ufeff{}", "{", "[1,]"]:
        with pytest.raises(ValueError):
            safejson.loads(bad)


def test_an_actions_field_kinds_made_once_are_what_its_declarations_say() -> None:
    from companion.rules.actions.base import _traits, field_kinds

    for cls in REGISTRY.values():
        t = _traits(cls)
        fresh = {**{n: "seat" for n in t.seats}, **{n: "card" for n in t.cards}, **{n: "cards" for n in t.lists},
                 **{n: f"words:{p}" for n, p in t.words.items()}}
        assert field_kinds(cls) == fresh and field_kinds(cls) is field_kinds(cls)


def test_a_game_read_after_a_write_is_the_committed_one_only_while_the_file_holds_it(client: FlaskClient) -> None:
    """After a write the store answers the game it committed (no read of its row and seats), equal to a fresh read
    and each caller's own; a key renewed, or a write from another connection, is read from the file again."""
    import dataclasses

    from companion.store.games import _GAME_FIELDS, Game

    def fresh(store: Any, gid: str) -> Game:
        store._cache.pop(gid, None)  # nothing known here: the row and seats as the file holds them
        return store.game(gid)

    def same(a: Game, b: Game) -> bool:
        return all(getattr(a, n) == getattr(b, n) for n in _GAME_FIELDS)

    g = named_game(client, "A", "B")
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    store = client.application.extensions["companion"]["services"].store
    r = client.post(f"/api/games/{gid}/actions", headers=auth(ka), json={
        "action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": 3})
    assert r.status_code == 201
    committed = store._cache[gid].game
    assert committed is not None and committed.version == 4
    read = store.game(gid)
    assert read is not committed and read.seats is not committed.seats and read.seat_hashes is not committed.seat_hashes
    assert same(read, dataclasses.replace(committed))
    read.version, read.seat_hashes["A"] = 99, "changed by its caller"  # a caller's own copy: nothing else moves
    assert store.game(gid).version == 4 and same(store.game(gid), committed)
    state = store._cache[gid]
    assert same(store.game(gid), fresh(store, gid))
    store._cache[gid] = state
    # A key renewed: B's new key opens the game, the old one no longer does (read with the new hashes).
    renewed = client.post(f"/api/games/{gid}/seats/B/key", headers=auth(g["host"]["key"]), json={}).get_json()["key"]
    assert client.get(f"/api/games/{gid}/view", headers=auth(kb)).status_code == 401
    assert client.get(f"/api/games/{gid}/view", headers=auth(renewed)).get_json()["viewer"]["seat"] == "B"
    # Another connection's write (another process: the command line) moves the file on: read again.
    r = client.post(f"/api/games/{gid}/actions", headers=auth(ka), json={
        "action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": 5})
    assert r.status_code == 201 and store._cache[gid].game is not None
    import sqlite3
    other = sqlite3.connect(str(store.path))
    other.execute("update games set version = version, head_hash = 'x' || head_hash where id = ?", [gid])
    other.commit()
    other.close()
    assert store.game(gid).head_hash.startswith("x")


def test_the_canonical_text_made_with_one_encoder_is_json_dumps_own() -> None:
    import json

    from companion.store.games import canonical

    for value in [{"b": 1, "a": [1.5, None, True, "Jürgen—\ud800"]}, "seat:A", 12, -0.0, None, [], {"z": {"y": {}}}]:
        assert canonical(value) == json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def test_a_real_uvicorn_answer_has_every_field_a_poke_reads() -> None:
    """A poke looks for the answer's fields once, when its stream starts, and reads them without a guard after:
    uvicorn's own answer (made as uvicorn makes it) has each of them, so its phones are written to directly."""
    import inspect

    from uvicorn.protocols.http.httptools_impl import RequestResponseCycle

    made = RequestResponseCycle(**{name: None for name in list(inspect.signature(RequestResponseCycle).parameters)})
    assert all(hasattr(made, name) for name in asgi_module.CYCLE_FIELDS)
    assert made.response_started is False and made.response_complete is False and made.disconnected is False


def test_ensure_sync_remembers_plain_functions_only_and_still_wraps_a_coroutine(tmp_path: Path) -> None:
    """Flask's ``ensure_sync``, asked of the view and each hook on every request: a plain function is itself (found once
    and remembered), a coroutine function is wrapped every time as Flask wraps it, and nothing else is remembered."""
    app = create_app({"DATABASE": str(tmp_path / "x.db"), "TESTING": True})

    def plain() -> int:
        return 1

    async def waits() -> int:
        return 2

    assert app.ensure_sync(plain) is plain and app.ensure_sync(plain) is plain
    assert plain in app._sync_known  # type: ignore[attr-defined]
    wrapped: list[Any] = []
    app.async_to_sync = lambda func: wrapped.append(func) or ("wrapped", func)  # type: ignore[method-assign]
    assert app.ensure_sync(waits) == ("wrapped", waits) and app.ensure_sync(waits) == ("wrapped", waits)
    assert wrapped == [waits, waits] and waits not in app._sync_known  # type: ignore[attr-defined]


def test_the_request_and_globals_read_without_the_proxies_are_the_proxies_own(tmp_path: Path) -> None:
    """``current_request`` and ``current_globals`` are the objects ``flask.request`` and ``flask.g`` stand for (what one
    sets the other reads), and outside a request they refuse as the proxies do."""
    from companion.web.current import current_globals, current_request

    app = create_app({"DATABASE": str(tmp_path / "x.db"), "TESTING": True})
    with pytest.raises(RuntimeError):
        current_request()
    with pytest.raises(RuntimeError):
        current_globals()
    with app.test_request_context("/api/games/x/actions", method="POST", headers={"Authorization": "Bearer k"}):
        assert current_request() is flask.request._get_current_object()  # type: ignore[attr-defined]
        assert current_request().headers["Authorization"] == "Bearer k"
        current_globals().marked = 1
        assert flask.g.marked == 1 and current_globals().get("unset") is None


def test_a_games_copy_holds_every_field_and_its_own_seats() -> None:
    """The copy a request reads (and a write keeps) of a game: equal in every field, with its own seats and seat hashes
    (a request moves its copy on; another's stays as it was)."""
    from companion.store.games import Game, GameSeat, _copied

    game = Game(id="g1", kind="agot", title="Finals", edition="2nd", mode="strict",
                seats=[GameSeat("A", "Ann", "stark"), GameSeat("B", "Bo", None)], version=7, head_hash="h7",
                created="2026-11-30", host_hash="hh", judge_hash="jh", seat_hashes={"A": "ah", "B": "bh"},
                header={"id": "g1"}, header_text='{"id":"g1"}', chain_key="ck", table_hash="th",
                chained={"host": "hh", "seat:A": "ah"})
    twin = _copied(game)
    assert twin == game and twin is not game
    assert twin.seats is not game.seats and twin.seat_hashes is not game.seat_hashes
    twin.seats.append(GameSeat("C", "Cy", None))
    twin.seat_hashes["C"] = "ch"
    assert [s.seat for s in game.seats] == ["A", "B"] and set(game.seat_hashes) == {"A", "B"}


def test_the_seats_a_role_records_for_are_those_a_look_at_each_seat_finds() -> None:
    """``_seats_for`` asks the role once, not once per seat: the same seats, in the table's order, for every kind of
    key (a seat's own, the judge's every seat, the host's and the others' none) and for a seat not at the table."""
    from types import SimpleNamespace

    from companion.rules.actions.base import Recorder
    from companion.rules.offers import _seats_for
    from companion.rules.roles import CAPABILITIES, RoleKind

    t: Any = SimpleNamespace(seats=["A", "B", "C"])
    roles = [Role(kind, seat) for kind in RoleKind for seat in (["A", "C", "Z"] if CAPABILITIES[kind].per_seat
                                                                   else [None])]
    for role in roles:
        looked = [s for s in t.seats if role.records_for(s) and role.may_record(Recorder.PLAYER)]
        assert _seats_for(t, role) == looked, role
    assert _seats_for(t, Role(RoleKind.JUDGE)) == ["A", "B", "C"] and _seats_for(t, Role.of_seat("C")) == ["C"]
    assert _seats_for(t, Role(RoleKind.HOST)) == [] and _seats_for(t, Role.of_seat("Z")) == []


def _hidden_ids(t: Any) -> set[str]:
    return {cid for cid, (_, zone) in t.where.items() if zone in HIDDEN_ZONES}


def test_the_view_parts_every_viewer_shares_hold_no_hidden_card_and_change_no_view() -> None:
    """``public_view`` is made once per version and shared by every viewer's view: it names no card in a hand, a
    deck, shadows or a plot deck (nor a chosen plot), every viewer's view made with it in any order is the view made
    alone, and making one view changes no part another view holds."""
    cards = Catalog.open().cards
    log = read_log((Path(__file__).parent / "scenarios" / "aside" / "2e-shadows-marshal-and-bring-out.jsonl")
                   .read_text(encoding="utf-8").splitlines())
    seats = log.header.players
    t = new_table(log.header.edition, [Seat(s.seat, s.name, s.faction) for s in seats],
                  dict(cards({c for s in seats for c in s.deck})))
    for s in seats:
        add_deck(t, s.seat, s.deck)
        for cid in t.zone(s.seat, Zone.DECK)[-2:]:  # the log names no drawn card: two in each hand, named
            t.move(cid, s.seat, Zone.HAND)
    roles = [JUDGE, SPECTATOR, *(Role.of_seat(s.seat) for s in seats)]
    hidden_seen = 0
    for _, action in log.actions:
        play(t, action, "advisory")
        public = public_view(t)
        shared = json.dumps([public.table, public.seats])
        hidden = _hidden_ids(t)
        hidden_seen += len(hidden)
        assert not any(f'"{cid}"' in shared for cid in hidden) and "plot_choice" not in shared
        alone = {r.cache_key: json.dumps(view(t, r)) for r in roles}
        for order in itertools.permutations(roles):
            public = public_view(t)
            made = [(r, view(t, r, public)) for r in order]
            assert {r.cache_key: json.dumps(v) for r, v in made} == alone
        assert json.dumps([public.table, public.seats]) == shared  # no view changed the shared part
    assert hidden_seen  # the log hides cards: the check above had something to find


def test_a_seats_hidden_cards_never_reach_another_viewer_through_the_shared_view(client: FlaskClient) -> None:
    """Seat A's answer makes the version's shared view part first; B's and a spectator's views of the same version,
    made from it, name none of A's hidden cards (A's shadows card, its hand), while A's own names them."""
    g = named_game(client, "A", "B")
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    answer = client.post(f"/api/games/{gid}/actions", headers=auth(ka), json={
        "action": {"type": "draw", "player": "A", "card": f"A.{Q}.1"}, "expected_version": 3})
    assert answer.status_code == 201
    version = answer.get_json()["version"]
    services = client.application.extensions["companion"]["services"]
    assert services.views.peek((gid, version, "public")) is not None  # made by A's answer: shared from here
    mine = json.dumps(answer.get_json()["view"])
    assert '"id": "A.' in mine  # A sees its own face-down cards in its answer
    for key in (kb, None):
        theirs = client.get(f"/api/games/{gid}/view", headers=auth(key)).get_json()
        assert theirs["version"] == version and '"id": "A.' not in json.dumps(theirs)


def test_the_view_cache_makes_each_value_once_for_threads_that_ask_together_and_keeps_none() -> None:
    """Five threads asking for one key while it is made: one ``make``, the same value for all. A value None is kept (not
    made again); a ``make`` that fails keeps nothing, and the next asker makes it; the least recently used goes."""
    import threading
    import time

    from companion.web.hub import LRU

    cache = LRU(size=2)
    made: list[int] = []
    started = threading.Event()

    def make() -> list[int]:
        started.set()
        time.sleep(0.2)
        made.append(1)
        return made

    got: list[Any] = []
    threads = [threading.Thread(target=lambda: got.append(cache.get("k", make))) for _ in range(5)]
    threads[0].start()
    assert started.wait(2)
    for t in threads[1:]:
        t.start()
    for t in threads:
        t.join()
    assert made == [1] and len(got) == 5 and all(g is made for g in got)
    nones: list[int] = []
    assert cache.get("none", lambda: nones.append(1)) is None
    assert cache.get("none", lambda: nones.append(1)) is None and nones == [1]

    def fail() -> Any:
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        cache.get("x", fail)
    assert cache.peek("x") is None and not cache._inflight
    assert cache.get("x", lambda: "made") == "made"
    # size 2: "k" was used least recently ("none" and "x" after it), so it went.
    assert cache.peek("k") is None and cache.peek("x") == "made"


def test_a_keys_role_remembered_is_the_role_made_and_a_bad_one_is_none() -> None:
    from companion.rules.roles import Role, RoleKind

    for kind, seat in [("seat", "A"), ("judge", None), ("host", None), ("table", None), ("paper", "B"),
                       ("seat", "judge")]:
        first = Role.holding(kind, seat)
        assert first == Role(RoleKind(kind), seat) and first is not None and first.actor == Role(RoleKind(kind),
                                                                                                  seat).actor
        assert Role.holding(kind, seat) is first
    for kind, seat in [("seat", None), ("judge", "A"), ("nobody", None), ("nobody", "A")]:
        assert Role.holding(kind, seat) is None
        assert Role.holding(kind, seat) is None


def test_a_key_slot_read_once_is_what_its_kind_and_seat_say() -> None:
    from companion.store.games import slot_read
    from companion.store.keys import BY_NAME, kind_of

    for key_slot in ["seat:A", "seat:judge", "judge", "host", "table", "paper:B", "host:A", "seat", "nobody",
                     "nobody:A", "seat:A:B", ""]:
        kind, seat = kind_of(key_slot)
        known = BY_NAME.get(kind)
        fits = known is not None and known.per_seat == (seat is not None)
        assert slot_read(key_slot) == (kind, seat, fits)
    assert slot_read("seat:A")[2] and not slot_read("host:A")[2] and not slot_read("seat")[2]


def test_a_publishs_pokes_run_inside_one_delivery_context_and_a_failed_one_wakes_every_stream() -> None:
    """The server enters the app's context once for all of a publish's pokes (``Hub.delivering``): each poke runs inside
    it, with the version the publish read. A context that fails wakes every stream (each does it its own way)."""
    import asyncio

    from companion.web.hub import Hub

    hub = Hub()
    hub.publish("g", 3)
    inside: list[bool] = []
    entered: list[int] = []
    seen: list[int] = []

    def delivering(deliver: Any, *args: Any) -> None:
        entered.append(1)
        inside.append(True)
        try:
            deliver(*args)
        finally:
            inside.pop()

    def poke(now: float, version: int) -> bool:
        seen.append(version)
        return bool(inside)

    wakers = [asyncio.Event() for _ in range(3)]
    for waker in wakers:
        hub.subscribe("g", waker, poke)
    plain = asyncio.Event()
    hub.subscribe("g", plain)  # no poke: woken
    hub.delivering = delivering
    hub._deliver("g")
    assert entered == [1] and seen == [3, 3, 3]
    assert not any(w.is_set() for w in wakers) and plain.is_set()

    def failing(deliver: Any, *args: Any) -> None:
        raise RuntimeError("no context")

    hub.delivering = failing
    hub._deliver("g")
    assert all(w.is_set() for w in wakers)
    hub._deliver("nobody")  # no streams: nothing entered
    hub.delivering = delivering
    hub._deliver("nobody")
    assert entered == [1]


def test_hasty_holds_for_its_block_on_its_thread_only_and_ends_with_an_error_too(tmp_path: Path) -> None:
    import threading

    from companion.store.games import GameStore

    store = GameStore(tmp_path / "g.db", lambda codes: {})
    flag = lambda: getattr(store._local, "hasty", False)  # noqa: E731
    other: list[bool] = []
    with store.hasty():
        assert flag()
        t = threading.Thread(target=lambda: other.append(flag()))
        t.start()
        t.join()
    assert not flag() and other == [False]
    with pytest.raises(RuntimeError), store.hasty():
        raise RuntimeError("x")
    assert not flag()


def test_a_view_is_kept_as_its_encoding_only_and_each_viewer_class_gets_its_own(client: FlaskClient) -> None:
    """The view cache holds each viewer class's view of a version as the bytes sent (and the version they show), not
    the dictionaries they were made of; those bytes are what a fresh view of that viewer gives, and the seats' differ
    (A's names A's hidden card, B's does not)."""
    import msgspec

    from companion.rules.roles import SPECTATOR as NO_KEY
    from companion.web.auth import game_role

    g = named_game(client, "A", "B")
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    answer = client.post(f"/api/games/{gid}/actions", headers=auth(ka), json={
        "action": {"type": "draw", "player": "A", "card": f"A.{Q}.1"}, "expected_version": 3})
    version = answer.get_json()["version"]
    views = client.application.extensions["companion"]["services"].views
    for key in (kb, None):
        assert client.get(f"/api/games/{gid}/view", headers=auth(key)).status_code == 200
    kept = {k: v for k, v in views.shelf.items() if k[:2] == (gid, version) and len(k) == 4}
    assert {k[2:] for k in kept} == {("seat:A", "view-json"), ("seat:B", "view-json"), ("spectator", "view-json")}
    assert not any(isinstance(v, dict) for k, v in views.shelf.items() if k[:2] == (gid, version))
    shown = {k[2]: msgspec.json.decode(v[0]) for k, v in kept.items()}
    assert all(v[1] == version and isinstance(v[0], msgspec.Raw) for v in kept.values())
    with client.application.app_context():
        game = client.application.extensions["companion"]["services"].store.game(gid)
        for key in (ka, kb, None):
            role = game_role(game, key) if key else NO_KEY
            assert json.loads(json.dumps(api.view_of(game, role))) == shown[role.cache_key]
    assert '"id":"A.' in msgspec.json.encode(shown["seat:A"]).decode()
    assert '"id":"A.' not in msgspec.json.encode(shown["seat:B"]).decode()
    # The entry the answer carried is kept encoded too: the bytes of what a fresh read of the log shows seat A.
    kept_entries = views.shelf[(gid, version, "seat:A", "entries", version - 1)]
    with client.application.app_context():
        fresh = api.visible_entries(game, game_role(game, ka), version - 1)
    assert [(e.seq, msgspec.json.decode(e.text), msgspec.json.decode(e.verdict)) for e in kept_entries] == [
        (f["seq"], json.loads(json.dumps(f)), json.loads(json.dumps(f.get("verdict")))) for f in fresh]
    assert answer.get_json()["entry"] == msgspec.json.decode(kept_entries[0].text)
