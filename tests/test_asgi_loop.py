"""The server's two places to run a request: the event loop (quick routes, a game's live events) and the
worker pool (everything else), over a real uvicorn server in this process."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.cli.serve import bind_socket, make_server
from companion.web import create_app
from companion.web.threads import runs_on_loop
from tests.paper import claimed

KEEPALIVE = 0.3

#: The routes a table uses all the time. Anything added here must stay well under a millisecond.
ON_LOOP = {"api.get_game", "api.get_view", "api.post_action", "api.card_actions", "api.events"}


@pytest.fixture()
def served(tmp_path: Path) -> Iterator[tuple[str, int, Any]]:
    app = create_app({"DATABASE": str(tmp_path / "loop.db"), "STREAM_KEEPALIVE": KEEPALIVE})

    @app.get("/test/slow")
    def slow() -> Any:  # a pool route that takes its time, as a scan or an import does
        time.sleep(1.0)
        return {"slept": 1.0}

    @app.post("/test/slow-write")
    def slow_write() -> Any:  # a pool route writing for a while, as a big import does
        store = app.extensions["companion"]["services"].store
        with store._writer:
            time.sleep(1.0)
        return {"wrote": True}

    @app.post("/test/slow-game-write/<game_id>")
    def slow_game_write(game_id: str) -> Any:  # a pool route writing to one game for a while (a deck, a save)
        store = app.extensions["companion"]["services"].store
        with store._lock(game_id):
            time.sleep(1.0)
        return {"wrote": game_id}

    @app.post("/test/slow-pairing")
    def slow_pairing() -> Any:  # the organiser pairing a round of 64 tables holds the event store a while
        from companion.web.events_api import service

        with service().events._lock:
            time.sleep(1.0)
        return {"paired": True}

    @app.post("/test/other-writer")
    def other_writer() -> Any:  # another connection writing for a while: the event store, the command line
        import sqlite3

        conn = sqlite3.connect(str(tmp_path / "loop.db"), isolation_level=None)
        conn.execute("BEGIN IMMEDIATE")
        time.sleep(1.0)
        conn.execute("COMMIT")
        conn.close()
        return {"wrote": True}

    sock = bind_socket("127.0.0.1", 0)
    server = make_server(app, devices=50)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.time() + 10
    while not server.started and time.time() < deadline:
        time.sleep(0.02)
    try:
        yield "127.0.0.1", sock.getsockname()[1], app
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def call(host: str, port: int, method: str, path: str, body: Any = None, key: str | None = None) -> tuple[int, Any]:
    conn = http.client.HTTPConnection(host, port, timeout=10)
    headers = {"Content-Type": "application/json", **({"Authorization": "Bearer " + key} if key else {})}
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    r = conn.getresponse()
    return r.status, json.loads(r.read() or b"null")


def listen(host: str, port: int, path: str, key: str, seconds: float) -> list[tuple[float, str]]:
    """Every line of a live stream for ``seconds``, with the time it came."""
    s = socket.create_connection((host, port), timeout=seconds + 2)
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {key}\r\n\r\n".encode())
    s.settimeout(0.05)
    lines: list[tuple[float, str]] = []
    buf = b""
    end = time.time() + seconds
    while time.time() < end:
        try:
            chunk = s.recv(65536)
        except TimeoutError:
            continue
        if not chunk:
            break
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            lines.append((time.time(), line.decode("latin-1").strip()))
    s.close()
    return lines


def new_game(host: str, port: int) -> tuple[str, str]:
    status, g = call(host, port, "POST", "/api/games", {"seats": ["A", "B"]})
    assert status == 201
    return g["game"]["id"], g["seats"][0]["key"]



def threads_running(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[str]:
    """The names of the threads that call ``owner.name`` from now on (the loop's is "MainThread"-like; the
    pools' start with "companion")."""
    seen: list[str] = []
    original = getattr(owner, name)

    def spied(*args: Any, **kwargs: Any) -> Any:
        seen.append(threading.current_thread().name)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, spied)
    return seen


def gain_gold(host: str, port: int, gid: str, key: str, times: int, version: int = 0) -> int:
    """``times`` moves at a game, one after the other; the game's version after them."""
    for _ in range(times):
        status, body = call(host, port, "POST", f"/api/games/{gid}/actions", {
            "action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": version}, key)
        assert status == 201, body
        version = body["version"]
    return version


def move_waits_behind(host: str, port: int, blocker: str, first_move: bool = True) -> tuple[str, str]:
    """A move at a game whose state is cached (by a first move, so the game is known, or by reading its view)
    sent while ``blocker`` (a route holding a lock for 1 s; ``{gid}`` names the game) runs: the loop stays
    free meanwhile (another game's view answers at once), and the move counts once, after it."""
    gid, key = new_game(host, port)
    other, other_key = new_game(host, port)
    version = 0
    if first_move:
        status, body = call(host, port, "POST", f"/api/games/{gid}/actions", {
            "action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": 0}, key)
        assert status == 201, body
        version = body["version"]
    for game_id, game_key in ((gid, key), (other, other_key)):
        assert call(host, port, "GET", f"/api/games/{game_id}/view", key=game_key)[0] == 200  # states cached
    writer = threading.Thread(target=call, args=(host, port, "POST", blocker.format(gid=gid), {}))
    writer.start()
    time.sleep(0.2)
    answers: list[tuple[int, Any]] = []
    action = threading.Thread(target=lambda: answers.append(call(host, port, "POST", f"/api/games/{gid}/actions", {
        "action": {"type": "gain_gold", "player": "A", "amount": 2}, "expected_version": version}, key)))
    action.start()
    time.sleep(0.1)
    t0 = time.time()
    status, _ = call(host, port, "GET", f"/api/games/{other}/view", key=other_key)
    assert status == 200 and time.time() - t0 < 0.4  # the loop was free while the move waited
    assert writer.is_alive() and action.is_alive()
    action.join()
    writer.join()
    assert answers[0][0] == 201 and answers[0][1]["version"] == version + 1
    return gid, key

def test_only_the_quick_routes_run_on_the_loop(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "x.db")})
    marked = {name for name, view in app.view_functions.items() if runs_on_loop(view)}
    assert marked == ON_LOOP


def test_keepalives_come_after_quiet_and_not_while_events_flow(served: tuple[str, int, Any]) -> None:
    host, port, _ = served
    gid, key = new_game(host, port)
    quiet = listen(host, port, f"/api/games/{gid}/events?since=0", key, 1.05)
    alive = [t for t, line in quiet if line == ": keepalive"]
    assert 2 <= len(alive) <= 4, quiet  # one about every 0.3 s of silence

    got: list[list[tuple[float, str]]] = []
    reader = threading.Thread(target=lambda: got.append(
        listen(host, port, f"/api/games/{gid}/events?since=0", key, 3.0)))  # outlasts the ten actions on a busy machine
    reader.start()
    time.sleep(0.1)
    version = 0
    for _ in range(10):  # an action every 0.1 s: never 0.3 s of silence
        status, body = call(host, port, "POST", f"/api/games/{gid}/actions", {
            "action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": version}, key)
        assert status == 201, body
        version = body["version"]
        time.sleep(0.1)
    reader.join()
    lines = got[0]
    versions = [json.loads(line[5:])["version"] for _, line in lines if line.startswith("data:")]
    assert versions and versions[-1] == version
    # While events flow, a keep-alive comes only after a real silence of the keep-alive's length (a loaded
    # machine may leave one between two actions); never in the middle of the flow. Arrival times jitter, so
    # the silence is held to half its length.
    said = [(t, line) for t, line in lines if line.startswith("data:") or line == ": keepalive"]
    early = [t - said[i - 1][0] for i, (t, line) in enumerate(said) if i and line == ": keepalive"
             and t - said[i - 1][0] < KEEPALIVE / 2]
    assert early == [], early
    assert sum(1 for _, line in said if line.startswith("data:")) >= 5  # the events did flow


def test_a_slow_request_on_the_pool_does_not_hold_up_actions_or_streams(served: tuple[str, int, Any]) -> None:
    host, port, _ = served
    gid, key = new_game(host, port)
    slow = threading.Thread(target=call, args=(host, port, "GET", "/test/slow"))
    got: list[list[tuple[float, str]]] = []
    reader = threading.Thread(target=lambda: got.append(
        listen(host, port, f"/api/games/{gid}/events?since=0", key, 0.8)))
    reader.start()
    time.sleep(0.1)
    slow.start()
    time.sleep(0.1)
    t0 = time.time()
    status, body = call(host, port, "POST", f"/api/games/{gid}/actions", {
        "action": {"type": "gain_gold", "player": "A", "amount": 2}, "expected_version": 0}, key)
    answered = time.time() - t0
    assert status == 201, body
    reader.join()
    delivered = [t for t, line in got[0] if line.startswith("data:") and json.loads(line[5:])["version"] == 1]
    assert slow.is_alive()  # still sleeping: the answer and the delivery did not wait for it
    assert answered < 0.5
    assert delivered and delivered[0] - t0 < 0.5
    slow.join()


def test_an_action_waits_for_a_pool_write_on_the_pool_not_on_the_loop(served: tuple[str, int, Any]) -> None:
    host, port, _ = served
    gid, key = new_game(host, port)
    writer = threading.Thread(target=call, args=(host, port, "POST", "/test/slow-write", {}))
    writer.start()
    time.sleep(0.2)
    answers: list[tuple[int, Any]] = []
    action = threading.Thread(target=lambda: answers.append(call(host, port, "POST", f"/api/games/{gid}/actions", {
        "action": {"type": "gain_gold", "player": "A", "amount": 2}, "expected_version": 0}, key)))
    action.start()
    time.sleep(0.1)
    t0 = time.time()
    status, view = call(host, port, "GET", f"/api/games/{gid}/view", key=key)
    assert view["version"] == 0
    assert status == 200 and time.time() - t0 < 0.4  # the loop was free while the action waited
    assert writer.is_alive() and action.is_alive()
    action.join()
    writer.join()
    assert answers[0][0] == 201 and answers[0][1]["version"] == 1


def test_a_view_read_during_a_pool_write_stays_on_the_loop(served: tuple[str, int, Any],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Reads wait for no write (WAL): a pool write holding the file sends moves to the pool, not views; a view sent
    there too would queue behind the pool's work for nothing (fails if the loop's look at writes covers reads)."""
    host, port, app = served
    gid, key = new_game(host, port)
    gain_gold(host, port, gid, key, 1)
    store = app.extensions["companion"]["services"].store
    writer = threading.Thread(target=call, args=(host, port, "POST", "/test/slow-write", {}))
    writer.start()
    time.sleep(0.2)
    read_on = threads_running(monkeypatch, store, "game")
    status, view = call(host, port, "GET", f"/api/games/{gid}/view", key=key)
    assert status == 200 and view["version"] == 1
    assert writer.is_alive()
    assert read_on and not any(name.startswith("companion") for name in read_on), read_on
    writer.join()


def test_a_log_is_never_replayed_on_the_loop(served: tuple[str, int, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Replaying a game's log takes a second at 20,000 entries: a spectator's view of a game no longer
    cached, a stream after an undo (which drops the cached state) or a seat's move there would hold up
    every table on the server if it ran on the loop. It runs on the pool; the answers are the same."""
    host, port, app = served
    store = app.extensions["companion"]["services"].store
    gid, key = new_game(host, port)
    version = gain_gold(host, port, gid, key, 5)
    replayed_on = threads_running(monkeypatch, store, "_rebuild")
    store._keep(gid, None)  # evicted, as the 257th busy game or a restart does
    status, shown = call(host, port, "GET", f"/api/games/{gid}/view")  # a spectator: no key
    assert status == 200 and shown["version"] == version
    store._keep(gid, None)
    status, offered = call(host, port, "GET", f"/api/games/{gid}/cards/A-1/actions", key=key)
    assert status in (200, 404), offered

    got: list[list[tuple[float, str]]] = []
    reader = threading.Thread(target=lambda: got.append(
        listen(host, port, f"/api/games/{gid}/events?since={version}", key, 1.0)))
    reader.start()
    time.sleep(0.2)
    store._keep(gid, None)
    status, body = call(host, port, "POST", f"/api/games/{gid}/actions", {
        "action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": version}, key)
    assert status == 201, body
    status, body = call(host, port, "POST", f"/api/games/{gid}/undo", {"expected_version": body["version"]}, key)
    assert status == 201, body  # the undo drops the cached state: the stream's next event replays the log
    reader.join()
    versions = [json.loads(line[5:])["version"] for _, line in got[0] if line.startswith("data:")]
    assert versions and versions[-1] == body["version"] and len(versions) == len(set(versions))
    assert len(replayed_on) >= 3
    assert all(name.startswith("companion") for name in replayed_on), replayed_on


def test_an_action_waits_for_a_write_to_its_game_on_the_pool(served: tuple[str, int, Any]) -> None:
    """A write to one game under way on the pool (its lock taken, the file's not yet): a move at that game
    waits for it on the pool, and the loop serves the other tables meanwhile."""
    host, port, _ = served
    move_waits_behind(host, port, "/test/slow-game-write/{gid}", first_move=False)


def event_round(app: Any, catalog: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """An event with two registered players paired at table 1: the event's keys, and the round's answer."""
    from tests.decklists import as_text, real_decks

    client = app.test_client()
    ev = client.post("/api/event", json={"name": "Regional", "date": "2026-11-22", "rounds": 3, "tables": 4}).get_json()
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    decks = [as_text(d, catalog) for d in real_decks() if catalog.get(d["cards"][0]["code"]).edition == "2e"]
    for i in range(2):
        r = client.post(f"/api/event/{eid}/players", headers={"Authorization": "Bearer " + org},
                        json={"name": f"Player {i + 1}", "decklist": decks[i], "request_id": f"reg-{i:06d}"})
        assert r.status_code == 201, r.get_json()
        if r.get_json()["needs_confirmation"]:
            client.post(f"/api/event/{eid}/players/{r.get_json()['player']['id']}/confirm",
                        headers={"Authorization": "Bearer " + org}, json={})
    r = client.post(f"/api/event/{eid}/rounds", headers={"Authorization": "Bearer " + org},
                    json={"csv": "1,Player 1,Player 2\n"})
    assert r.status_code == 201, r.get_json()
    return ev, r.get_json()


@dataclass
class EventTable:
    """An event's table 1, known to the loop and cached, with a casual game beside it (cached too)."""

    event: str
    judge: str
    game: str
    seat_key: str
    version: int
    other: str
    other_key: str


def event_table_on_the_loop(host: str, port: int, app: Any, catalog: Any) -> EventTable:
    ev, round_one = event_round(app, catalog)
    table = round_one["tables"][0]["game"]
    seat_key = claimed(round_one["tables"][0]["seats"][0]["url"], app.test_client())
    other, other_key = new_game(host, port)
    assert call(host, port, "POST", f"/api/games/{table}/actions", {})[0] == 403  # the table is known: a quick route
    for game_id, game_key in ((table, seat_key), (other, other_key)):
        assert call(host, port, "GET", f"/api/games/{game_id}/view", key=game_key)[0] == 200  # states cached
    version = call(host, port, "GET", f"/api/games/{table}/view", key=seat_key)[1]["version"]
    return EventTable(ev["event"]["id"], ev["judge"]["key"], table, seat_key, version, other, other_key)


def move_while_the_loop_stays_free(host: str, port: int, at: EventTable, action: dict[str, Any],
                                   holding: threading.Event) -> tuple[int, Any]:
    """``action`` at the event's table, sent while something takes the file (``holding`` is set once it has): the
    casual game's view answers at once meanwhile, so the loop was free while the move waited; the move's answer."""
    answers: list[tuple[int, Any]] = []
    move = threading.Thread(target=lambda: answers.append(call(host, port, "POST", f"/api/games/{at.game}/actions", {
        "action": action, "expected_version": at.version}, at.seat_key)))
    move.start()
    assert holding.wait(5)
    time.sleep(0.1)
    t0 = time.time()
    status, _ = call(host, port, "GET", f"/api/games/{at.other}/view", key=at.other_key)
    assert status == 200 and time.time() - t0 < 0.4  # the loop was free while the move waited
    move.join()
    return answers[0]


def test_a_move_at_an_event_table_does_not_wait_for_a_pairing(served: tuple[str, int, Any], catalog: Any,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The organiser's pairing holds the event store for seconds. A move at an event's table reads the event store
    (its round, its clock) without that lock: it runs on the loop, is answered at once, and the loop stays free."""
    host, port, app = served
    _, round_one = event_round(app, catalog)
    table = round_one["tables"][0]["game"]
    other, other_key = new_game(host, port)
    seat_key = claimed(round_one["tables"][0]["seats"][0]["url"], app.test_client())
    for game_id, key in ((table, seat_key), (other, other_key)):
        assert call(host, port, "GET", f"/api/games/{game_id}/view", key=key)[0] == 200  # states cached
    assert call(host, port, "POST", f"/api/games/{table}/actions", {})[0] == 403  # known as an event's table now
    ran_on = threads_running(monkeypatch, app.extensions["companion"]["services"].table, "record")
    pairing = threading.Thread(target=call, args=(host, port, "POST", "/test/slow-pairing", {}))
    pairing.start()
    time.sleep(0.2)
    version = call(host, port, "GET", f"/api/games/{table}/view", key=seat_key)[1]["version"]
    t0 = time.time()
    gain_gold(host, port, table, seat_key, 2, version)
    assert time.time() - t0 < 0.4  # not the pairing's second
    status, _ = call(host, port, "GET", f"/api/games/{other}/view", key=other_key)
    assert status == 200
    assert pairing.is_alive()
    pairing.join()
    assert ran_on and not any(name.startswith("companion") for name in ran_on), ran_on


def test_a_move_run_again_on_the_pool_flags_its_deck_check_once(served: tuple[str, int, Any], catalog: Any,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A move at an event's table naming a card outside the registered list is a deck-check flag for the judge.
    When the move bails out on the loop (a pool write took the file after the loop looked) and runs again on the
    pool, the judge's dashboard still gets one flag, not one per try: what a request does before its write must
    not count when the request runs again."""
    from companion.store.games import GameStore

    host, port, app = served
    at = event_table_on_the_loop(host, port, app, catalog)
    eid, judge, table, seat_key = at.event, at.judge, at.game, at.seat_key
    monkeypatch.setattr(GameStore, "writing", property(lambda self: False))  # the look came just too early
    tried_on = threads_running(monkeypatch, app.extensions["companion"]["services"].table, "record")
    writer = threading.Thread(target=call, args=(host, port, "POST", "/test/slow-write", {}))
    writer.start()
    time.sleep(0.2)
    status, refused = call(host, port, "POST", f"/api/games/{table}/actions", {
        "action": {"type": "kneel", "player": "A", "card": "A.01001.9"}, "expected_version": at.version},
        seat_key)
    writer.join()
    assert status == 404, refused
    assert len(tried_on) == 2 and tried_on[1].startswith("companion"), tried_on  # the loop's try, then the pool's
    dashboard = call(host, port, "GET", f"/api/event/{eid}/dashboard", key=judge)[1]
    flags = [f["kind"] for t in dashboard["tables"] for f in t["flags"]]
    assert flags == ["deck_check"], flags


def test_a_move_that_calls_time_first_does_not_wait_on_the_loop(served: tuple[str, int, Any], catalog: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The first move at an event's table after its deadline writes "time called" before the move (the judge's
    entry): two writes. Only the first may bail out on the loop, so a move that had written the call there waited
    for the file's lock on the loop (every table with it) when a pool write took it in between. The request runs
    on the pool instead, and the call counts once."""
    import datetime as dt

    from companion.events.service import EventService
    from companion.web.events_api import service

    host, port, app = served
    store = app.extensions["companion"]["services"].store
    at = event_table_on_the_loop(host, port, app, catalog)
    eid, table, seat_key = at.event, at.game, at.seat_key
    long_ago = (dt.datetime.now(dt.UTC) - dt.timedelta(minutes=90)).isoformat()
    with app.app_context():
        service().events.start_clock(eid, 1, 60, started=long_ago)  # its deadline passed, no ticker called it yet

    holding = threading.Event()

    def hold_the_file() -> None:
        with store._writer:
            holding.set()
            time.sleep(1.0)

    called = EventService._as_judge

    def then_a_pool_write(self: Any, *args: Any) -> bool:  # a pool write takes the file right after the call
        done = called(self, *args)
        threading.Thread(target=hold_the_file, daemon=True).start()
        holding.wait(2)
        return done

    monkeypatch.setattr(EventService, "_as_judge", then_a_pool_write)
    answer = move_while_the_loop_stays_free(host, port, at, {"type": "gain_gold", "player": "A", "amount": 1}, holding)
    assert answer[0] == 409, answer  # time was called after the phone's version: it sees the call first
    status, log = call(host, port, "GET", f"/api/games/{table}/log", key=seat_key)
    assert status == 200
    assert [e["data"]["type"] for e in log["entries"] if e["kind"] == "action"].count("call_time") == 1


def test_a_move_at_a_cached_casual_table_runs_on_the_loop(served: tuple[str, int, Any],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    host, port, app = served
    ran_on = threads_running(monkeypatch, app.extensions["companion"]["services"].table, "record")
    gid, key = new_game(host, port)
    # The first move: the state is read and the game found to be no event's table, on the pool.
    gain_gold(host, port, gid, key, 3)
    assert ran_on[0].startswith("companion") and not any(name.startswith("companion") for name in ran_on[1:])


def test_a_move_that_would_wait_on_the_loop_for_a_write_begun_meanwhile_waits_on_the_pool(
        served: tuple[str, int, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """A pool write can take the file's lock between the loop's look (``writing``) and the move's own write: the
    move then does not wait on the loop (every table with it) but is run again on the pool, and counts once."""
    from companion.store.games import GameStore

    monkeypatch.setattr(GameStore, "writing", property(lambda self: False))  # the look came just too early
    host, port, _ = served
    gid, key = move_waits_behind(host, port, "/test/slow-write")
    status, view = call(host, port, "GET", f"/api/games/{gid}/view", key=key)
    assert status == 200
    assert view["version"] == 2


def test_a_move_does_not_wait_on_the_loop_for_another_connections_write(served: tuple[str, int, Any]) -> None:
    """SQLite lets one writer in: a move on the loop finding the file held by another connection (the event store's,
    the command line's) does not sleep in SQLite's busy handler there; it runs again on the pool and waits there."""
    host, port, _ = served
    move_waits_behind(host, port, "/test/other-writer")


def one_move_behind(host: str, port: int, store: Any) -> tuple[str, str, Any, int]:
    """A game with three moves and the cached state it had after two (to put back as if a pool write committed the
    third and had not yet swapped its state in): the game, its key, that state and the stored version."""
    gid, key = new_game(host, port)
    gain_gold(host, port, gid, key, 2)
    behind = store._cached(gid)
    return gid, key, behind, gain_gold(host, port, gid, key, 1, 2)


def test_a_state_found_stale_on_the_loop_is_rebuilt_on_the_pool(served: tuple[str, int, Any],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop looked (the state is cached) and then found it behind the stored game (a pool write committed
    meanwhile and has not swapped its state in yet; another process wrote): the request runs again on the pool
    rather than replay the log on the loop."""
    host, port, app = served
    store = app.extensions["companion"]["services"].store
    gid, key, behind, version = one_move_behind(host, port, store)
    replayed_on = threads_running(monkeypatch, store, "_rebuild")
    for path in (f"/api/games/{gid}/view", f"/api/games/{gid}/cards/A-1/actions"):
        store._keep(gid, behind)  # cached, one version behind what is stored
        status, shown = call(host, port, "GET", path, key=key)
        assert status in (200, 404), shown
        if path.endswith("/view"):
            assert shown["version"] == version
    assert replayed_on and all(name.startswith("companion") for name in replayed_on), replayed_on


def test_a_move_finding_the_state_stale_on_the_loop_is_played_on_the_pool(served: tuple[str, int, Any],
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A move on the loop whose write finds the cached state behind the stored game (a pool write committed and has
    not swapped its state in yet; another process wrote) replayed the log inside its write, on the loop, holding
    the game's and the file's locks: it bails out before anything is written and is played on the pool, once."""
    host, port, app = served
    store = app.extensions["companion"]["services"].store
    gid, key, behind, version = one_move_behind(host, port, store)
    store._keep(gid, behind)  # cached, one version behind what is stored
    replayed_on = threads_running(monkeypatch, store, "_rebuild")
    tried_on = threads_running(monkeypatch, app.extensions["companion"]["services"].table, "record")
    status, body = call(host, port, "POST", f"/api/games/{gid}/actions", {
        "action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": version,
        "request_id": "gold-stale-000"}, key)
    assert status == 201 and body["version"] == version + 1, body
    assert replayed_on and all(name.startswith("companion") for name in replayed_on), replayed_on
    assert tried_on[-1].startswith("companion"), tried_on
    assert call(host, port, "GET", f"/api/games/{gid}/log", key=key)[1]["version"] == version + 1  # counted once


def closed_within(s: socket.socket, seconds: float, dribble: bytes = b"a") -> float | None:
    """Send one byte of ``dribble`` every 0.1 s, as a slow client does, until the server closes the connection; how
    long that took, or None if it was still open after ``seconds``."""
    started = time.time()
    s.settimeout(0.1)
    while time.time() - started < seconds:
        try:
            s.sendall(dribble)
            if s.recv(65536) == b"":
                return time.time() - started
        except TimeoutError:
            continue
        except (BrokenPipeError, ConnectionResetError):
            return time.time() - started
    return None


def test_a_later_request_on_a_connection_gets_no_longer_for_its_headers(served: tuple[str, int, Any],
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first request's headers must be complete within the header timeout; the next request on the same
    keep-alive connection was given forever (its first byte stopped the keep-alive timer, and the header timer had
    run once), so a client could hold a connection, and enough of them the whole server, by sending one quick
    request and then the next one's headers a byte at a time."""
    import importlib

    monkeypatch.setattr(importlib.import_module("companion.cli.serve"), "HEADER_TIMEOUT", 0.6)
    host, port, _ = served
    with socket.create_connection((host, port), timeout=5) as s:
        s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answered = b""
        while b"\r\n\r\n" not in answered or not answered.rstrip().endswith(b"}"):
            answered += s.recv(65536)
        assert answered.startswith(b"HTTP/1.1 200"), answered
        s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        took = closed_within(s, 10.0)
    assert took is not None, took  # closed, not held for as long as the client likes


def test_a_body_sent_a_byte_at_a_time_is_not_waited_for_forever(served: tuple[str, int, Any],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A request whose headers came at once and whose body then comes a byte at a time held its connection for as
    long as the client liked (the header timeout looked at headers only): it is closed once the body is late."""
    import importlib

    serve = importlib.import_module("companion.cli.serve")
    monkeypatch.setattr(serve, "HEADER_TIMEOUT", 0.2)
    monkeypatch.setattr(serve, "BODY_SECONDS", 0.5, raising=False)
    host, port, _ = served
    with socket.create_connection((host, port), timeout=5) as s:
        s.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 900\r\n\r\n{")
        took = closed_within(s, 10.0, b" ")
    assert took is not None, took  # closed, not held for as long as the client likes
    assert call(host, port, "GET", "/api/health")[0] == 200


def test_a_flag_for_the_judge_does_not_wait_on_the_loop_for_the_file(served: tuple[str, int, Any], catalog: Any,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A move at an event's table run on the loop writes a flag for the judge's dashboard (here a card outside the
    registered list) through the event store's own connection. When another connection holds the file then (a pool
    write begun after the loop looked), that flag waited in SQLite's busy handler on the loop, every table with it:
    it is written by a thread of its own instead, and reaches the dashboard all the same."""
    import sqlite3

    from companion.events.store import EventStore

    host, port, app = served
    at = event_table_on_the_loop(host, port, app, catalog)
    eid, judge = at.event, at.judge
    holding = threading.Event()

    def hold_the_file() -> None:
        conn = sqlite3.connect(str(app.extensions["companion"]["services"].database), isolation_level=None)
        conn.execute("BEGIN IMMEDIATE")
        holding.set()
        time.sleep(1.0)
        conn.execute("COMMIT")
        conn.close()

    flag = EventStore.flag

    def after_a_pool_write(self: Any, *args: Any, **kwargs: Any) -> Any:  # the file taken just before the flag
        if not holding.is_set():
            threading.Thread(target=hold_the_file, daemon=True).start()
            holding.wait(2)
        return flag(self, *args, **kwargs)

    monkeypatch.setattr(EventStore, "flag", after_a_pool_write)
    ran_on = threads_running(monkeypatch, app.extensions["companion"]["services"].table, "record")
    answer = move_while_the_loop_stays_free(host, port, at, {"type": "kneel", "player": "A", "card": "A.01001.9"},
                                            holding)
    assert answer[0] == 404, answer
    assert ran_on and not any(name.startswith("companion") for name in ran_on), ran_on  # the move ran on the loop
    deadline = time.time() + 5
    flags: list[str] = []
    while time.time() < deadline and not flags:
        dashboard = call(host, port, "GET", f"/api/event/{eid}/dashboard", key=judge)[1]
        flags = [f["kind"] for t in dashboard["tables"] for f in t["flags"]]
        time.sleep(0.1)
    assert flags == ["deck_check"], flags


def test_a_view_on_the_loop_does_not_wait_for_another_thread_making_it(served: tuple[str, int, Any]) -> None:
    """Twenty phones of one seat share each view: one thread makes it while the others wait for it. A worker making
    it slowly (a log replayed: the state found behind the stored game) held the gate of that view, and the loop,
    asking for the same view, waited for it with every table. The loop makes it itself instead (or bails out)."""
    host, port, app = served
    views = app.extensions["companion"]["services"].views
    gid, key = new_game(host, port)
    other, other_key = new_game(host, port)
    version = gain_gold(host, port, gid, key, 1)
    for game_id, game_key in ((gid, key), (other, other_key)):
        assert call(host, port, "GET", f"/api/games/{game_id}/view", key=game_key)[0] == 200  # states cached
    version = gain_gold(host, port, gid, key, 1, version)  # a version whose spectators' view nobody made yet
    gate = views._inflight.setdefault((gid, version, "spectator", "view-json"), threading.Lock())
    making = threading.Event()

    def make_slowly() -> None:  # a worker replaying the log for this very view
        with gate:
            making.set()
            time.sleep(1.0)

    worker = threading.Thread(target=make_slowly)
    worker.start()
    assert making.wait(2)
    t0 = time.time()
    status, shown = call(host, port, "GET", f"/api/games/{gid}/view")  # a spectator's screen: no key
    assert status == 200 and shown["version"] == version
    assert time.time() - t0 < 0.4, time.time() - t0  # not after the worker
    assert worker.is_alive()
    worker.join()


Heard = dict[str, list[tuple[float, str]]]


def phones_follow(host: str, port: int, gid: str, writer: str, phones: dict[str, str]) -> Heard:
    """Each phone (name: key) follows the game's stream while seat A's key gains gold four times; what each heard."""
    got: Heard = {}
    readers = [threading.Thread(target=lambda name=name, key=key: got.__setitem__(
        name, listen(host, port, f"/api/games/{gid}/events?since=0", key, 2.5))) for name, key in phones.items()]
    for reader in readers:
        reader.start()
    time.sleep(0.5)
    version = 0
    for _ in range(4):
        version = gain_gold(host, port, gid, writer, 1, version)
        time.sleep(0.15)
    for reader in readers:
        reader.join()
    return got


def test_a_publish_sends_each_phone_its_own_classes_event_without_waking_its_stream(
        served: tuple[str, int, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Two phones of each seat: each new version reaches every phone once and in order, from its own seat's event (the
    same bytes for both phones of a seat, another seat's never), and most are sent by the publish itself (a poke),
    not by waking each stream."""
    host, port, app = served
    status, g = call(host, port, "POST", "/api/games", {"seats": ["A", "B"]})
    assert status == 201
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    hub = app.extensions["companion"]["services"].hub
    took: list[bool] = []
    subscribe = hub.subscribe

    def counted(game_id: str, waker: Any, poke: Any = None) -> None:
        def spied(now: float, version: int) -> bool:
            took.append(poke(now, version))
            return took[-1]
        subscribe(game_id, waker, spied if poke is not None else None)

    monkeypatch.setattr(hub, "subscribe", counted)
    got = phones_follow(host, port, gid, ka, {"A1": ka, "A2": ka, "B1": kb, "B2": kb})
    events = {name: [line[5:] for _, line in lines if line.startswith("data:")] for name, lines in got.items()}
    for name, said in events.items():
        payloads = [json.loads(text) for text in said]
        assert [p["version"] for p in payloads] == [1, 2, 3, 4], (name, said)
        assert all(p["view"]["viewer"]["seat"] == name[0] for p in payloads)
    assert events["A1"] == events["A2"] and events["B1"] == events["B2"] and events["A1"] != events["B1"]
    assert took.count(True) >= 8, took  # of the 16 deliveries, the publish sent most itself


def test_a_publish_makes_each_classes_event_once_and_its_other_phones_find_it_kept(
        served: tuple[str, int, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Three phones of seat A and two of seat B: a version's event is made once per viewer class (by the first phone of
    the class the publish comes to), and the class's other phones find it where it is kept, by its key, instead of
    asking for it again. Every phone still gets every version, from its own seat's event."""
    from companion.web.asgi import CompanionASGI

    host, port, _app = served
    status, g = call(host, port, "POST", "/api/games", {"seats": ["A", "B"]})
    assert status == 201
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    asked: list[int] = []  # the versions a poke asked the stream's own way for
    quickly = CompanionASGI.quickly

    def counted(self: CompanionASGI, fn: Any, *args: Any) -> Any:
        asked.append(args[1])
        return quickly(self, fn, *args)

    monkeypatch.setattr(CompanionASGI, "quickly", counted)
    got = phones_follow(host, port, gid, ka, {"A1": ka, "A2": ka, "A3": ka, "B1": kb, "B2": kb})
    for name, lines in got.items():
        payloads = [json.loads(line[5:]) for _, line in lines if line.startswith("data:")]
        assert [p["version"] for p in payloads] == [1, 2, 3, 4], (name, lines)
        assert all(p["view"]["viewer"]["seat"] == name[0] for p in payloads)
    # Two classes, four versions: at most one ask per class and version (a woken stream asks elsewhere).
    assert len(asked) <= 8 and all(asked.count(v) <= 2 for v in range(1, 5)), asked
