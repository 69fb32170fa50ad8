"""The table service: every write to a game in one store transaction (authorize → play → seal → append →
notify), for AGoT and the Shadow Empire alike; the store below it knows no rules."""

from __future__ import annotations

import ast
import sqlite3
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from companion.rules import Seat
from companion.rules.actions import BeginPhase, GainGold
from companion.rules.roles import HOST, SPECTATOR, Role
from companion.service import Recorded, TableService
from companion.store.games import Forbidden, GameStore, Refused, Replayed, StoreError
from companion.store.keys import ISSUED
from companion.tapestry.engine import Settings, new_game
from companion.tapestry.kind import TurnRequest
from tests.paper import claimed

A, B = Role.of_seat("A"), Role.of_seat("B")
STORE = Path(__file__).resolve().parents[1] / "companion" / "store"


def _store(path: Path, catalog: Catalog) -> GameStore:
    return GameStore(path, catalog.cards)


def _rows(path: Path, table: str) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute(f"select count(*) from {table}").fetchone()[0])


def test_a_refused_action_appends_nothing_and_keeps_no_request_id(tmp_path: Path, catalog: Catalog) -> None:
    store = _store(tmp_path / "g.db", catalog)
    service = TableService(store)
    told: list[tuple[str, int]] = []
    store.listeners.append(lambda gid, version: told.append((gid, version)))
    game, _ = store.create_game("2e", "strict", [Seat("A"), Seat("B")])
    head = store.game(game.id).head_hash
    with pytest.raises(Refused):  # strict: the draw phase does not follow setup
        service.act(game.id, BeginPhase("draw"), HOST, 0, request_id="r1")
    with pytest.raises(StoreError) as refused:  # a seat records gold for itself only
        service.act(game.id, GainGold("B", 1), A, 0, request_id="r2")
    assert refused.value.status == 403
    assert (store.game(game.id).version, store.game(game.id).head_hash) == (0, head)
    assert _rows(tmp_path / "g.db", "entries") == 0 and _rows(tmp_path / "g.db", "requests") == 0
    assert told == [] and store.verify(game.id)["ok"]
    # The refused request ids were not kept: the same id records a legal action once it is sent.
    entry, verdict = service.act(game.id, GainGold("A", 1), A, 0, request_id="r2")  # type: ignore[misc]
    assert entry.seq == 1 and verdict.legal and told == [(game.id, 1)]
    assert store.state(game.id).table.players["A"].gold == 1


def test_a_listener_in_trouble_leaves_the_write_committed_and_the_others_told(tmp_path: Path, catalog: Catalog) -> None:
    store = _store(tmp_path / "g.db", catalog)
    told: list[int] = []

    def broken(_gid: str, _version: int) -> None:
        raise RuntimeError("a listener in trouble")

    store.listeners += [broken, lambda gid, version: told.append(version)]
    game, _ = store.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    entry, _verdict = TableService(store).act(game.id, GainGold("A", 1), A, 0)  # type: ignore[misc]
    assert entry.seq == 1 and told == [1] and store.game(game.id).version == 1
    assert store.state(game.id).table.players["A"].gold == 1


def test_a_replayed_request_id_answers_the_first_result_and_records_nothing(tmp_path: Path, catalog: Catalog) -> None:
    store = _store(tmp_path / "g.db", catalog)
    service = TableService(store)
    game, _ = store.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    first, _ = service.act(game.id, GainGold("A", 2), A, 0, request_id="tap-1")  # type: ignore[misc]
    for version in (0, 1):  # the repeat answers as the first did, whatever version it names
        with pytest.raises(Replayed) as again:
            service.act(game.id, GainGold("A", 2), A, version, request_id="tap-1")
        assert again.value.seq == first.seq and again.value.pending_id is None
    assert store.game(game.id).version == 1 and store.state(game.id).table.players["A"].gold == 2
    # Another seat's request ids are its own.
    entry, _ = service.act(game.id, GainGold("B", 1), B, 1, request_id="tap-1")  # type: ignore[misc]
    assert entry.seq == 2


def test_a_replayed_action_over_http_gets_the_same_answer(client: FlaskClient) -> None:
    r = client.post("/api/games", json={"seats": ["A", "B"]})
    gid, key = r.get_json()["game"]["id"], r.get_json()["seats"][0]["key"]
    body = {"action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": 0,
            "request_id": "tap-0001"}
    one = client.post(f"/api/games/{gid}/actions", json=body, headers={"Authorization": f"Bearer {key}"})
    two = client.post(f"/api/games/{gid}/actions", json=body, headers={"Authorization": f"Bearer {key}"})
    assert (one.status_code, two.status_code) == (201, 200)
    assert two.get_json()["replayed"] and two.get_json()["version"] == one.get_json()["version"] == 1
    assert two.get_json()["entry"] == one.get_json()["entry"]
    assert client.get(f"/api/games/{gid}").get_json()["version"] == 1


def test_the_action_route_reads_its_game_once(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    r = client.post("/api/games", json={"seats": ["A", "B"]})
    gid, key = r.get_json()["game"]["id"], r.get_json()["seats"][0]["key"]
    assert client.get(f"/api/games/{gid}/view").status_code == 200  # the state is built (and cached) once
    reads: list[str] = []
    original = GameStore.game
    monkeypatch.setattr(GameStore, "game", lambda self, game_id: reads.append(game_id) or original(self, game_id))
    for version in range(3):
        r = client.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {key}"},
                        json={"action": {"type": "gain_gold", "player": "A", "amount": 1},
                              "expected_version": version})
        assert r.status_code == 201 and r.get_json()["version"] == version + 1
        assert r.get_json()["view"]["version"] == version + 1  # answered from the game the write left up to date
    assert reads == [gid] * 3


def test_a_shadow_empire_turn_goes_through_the_same_service(tmp_path: Path, catalog: Catalog) -> None:
    store = _store(tmp_path / "g.db", catalog)
    service = TableService(store)
    _, setup = new_game(["Ann"], seed="s1", settings=Settings(True, "digital"))
    game, _ = store.create_game("", "", [], kind="tapestry", header={"setup": setup})
    told: list[int] = []
    store.listeners.append(lambda gid, version: told.append(version))
    with pytest.raises(StoreError) as refused:  # only the table key records
        service.record(game.id, TurnRequest(), SPECTATOR, 0)
    assert refused.value.status == 403 and store.game(game.id).version == 0
    done = service.record(game.id, TurnRequest(), HOST, 0, request_id="t1")
    assert isinstance(done, Recorded) and done.entry.seq == 1 and done.verdict is None and done.result
    assert done.entry.data["type"] == "turn" and "left" in done.entry.data  # drawn by the app, from the seed
    with pytest.raises(Replayed):
        service.record(game.id, TurnRequest(), HOST, 1, request_id="t1")
    undone = service.undo(game.id, HOST, 1)
    assert undone.kind == "undo" and told == [1, 2]
    assert store.verify(game.id)["ok"] and not store.state(game.id).actions


def test_the_store_knows_no_rules() -> None:
    """Nothing of ``companion.rules`` or ``companion.tapestry`` is imported by the store (the key table
    answers with plain values; ``Role`` is built in ``rules.roles``)."""
    found: set[str] = set()
    for path in STORE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
    above = {m for m in found if m.startswith(("companion.rules", "companion.tapestry", "companion.service"))}
    assert not above, above


def test_only_a_judge_rules(tmp_path: Path, catalog: Catalog) -> None:
    store = _store(tmp_path / "g.db", catalog)
    game, _ = store.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    with pytest.raises(Forbidden):
        TableService(store).add_ruling(game.id, {"type": "note", "text": "x"}, A)
    assert store.game(game.id).version == 0


def test_a_small_connection_pool_serves_many_threads(tmp_path: Path, catalog: Catalog) -> None:
    """More threads than connections: each waits for one to come back, none fails, none is opened past the cap."""
    import threading

    store = GameStore(tmp_path / "g.db", catalog.cards, pool=2)
    service = TableService(store)
    game, _ = store.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    failures: list[BaseException] = []

    def work(seat: str) -> None:
        try:
            for _ in range(20):
                store.game(game.id)
                while True:
                    try:
                        service.act(game.id, GainGold(seat, 1), Role.of_seat(seat), store.game(game.id).version)
                        break
                    except StoreError as exc:  # another thread wrote first: read the version again
                        assert exc.code == "version_conflict"
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=work, args=("AB"[i % 2],)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures and store._opened <= 2
    assert store.game(game.id).version == 120 and store.verify(game.id)["ok"]
    table = store.state(game.id).table
    assert table.players["A"].gold == table.players["B"].gold == 60


def test_a_write_rolled_back_leaves_the_request_game_as_stored(tmp_path: Path, catalog: Catalog) -> None:
    """All of a TTS snapshot's actions or none: the second is refused, so the first is not kept either, and
    the game object the route holds says so (version and head as stored)."""
    store = _store(tmp_path / "g.db", catalog)
    game, _ = store.create_game("2e", "strict", [Seat("A"), Seat("B")])
    mine = store.game(game.id)
    with pytest.raises(Refused):
        TableService(store).act_many(mine, [GainGold("A", 1), BeginPhase("draw")], HOST, 0)
    assert (mine.version, mine.head_hash) == (0, store.game(game.id).head_hash)
    assert store.game(game.id).version == 0 and _rows(tmp_path / "g.db", "entries") == 0


#: The packages above the service: they write to a game only through it (``svc().table``, a ``TableService``).
ABOVE_SERVICE = ("web", "events", "tts", "scan", "cli")


def _store_writers() -> set[str]:
    """The ``GameStore`` methods that write, read from ``companion/store/games.py`` itself: those that open the
    store's write lock (``self._write``) or a transaction, and those that call one of them."""
    tree = ast.parse((STORE / "games.py").read_text(encoding="utf-8"))
    store = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "GameStore")
    calls: dict[str, set[str]] = {}
    for method in store.body:
        if isinstance(method, ast.FunctionDef):
            calls[method.name] = {c.func.attr for c in ast.walk(method) if isinstance(c, ast.Call)
                                  and isinstance(c.func, ast.Attribute) and isinstance(c.func.value, ast.Name)
                                  and c.func.value.id == "self"}
    writers = {"_write", "transaction"}
    while True:
        more = {name for name, called in calls.items() if called & writers} - writers
        if not more:
            return writers
        writers |= more


def _through_the_service(receiver: ast.expr) -> bool:
    """``svc().table``, ``services.table``, ``self.table`` or ``TableService(store)``: the table service."""
    if isinstance(receiver, ast.Attribute):
        return receiver.attr == "table"
    return (isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name)
            and receiver.func.id == "TableService")


def test_the_store_writers_are_found() -> None:
    writers = _store_writers()
    assert {"create_game", "issue_key", "transaction"} <= writers
    assert not {"game", "entries", "state", "verify", "pending"} & writers


def test_nothing_above_the_service_writes_to_a_game_through_the_store() -> None:
    """A route (or the events, the TTS helper, a command) that made a game, a key or an entry through the store
    would skip the one place that decides who may write what: every write goes through the table service."""
    writers = _store_writers()
    found = []
    for package in ABOVE_SERVICE:
        for path in sorted((STORE.parent / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr in writers and not _through_the_service(node.func.value)):
                    found.append(f"{path.relative_to(STORE.parents[1])}:{node.lineno} {ast.unparse(node.func)}")
    assert not found, found


def test_who_makes_a_key_is_asked_of_the_role_and_denied_by_default(
        tmp_path: Path, catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every key is made through the service, which asks the role's row: without ``ISSUE_KEYS`` nothing is made,
    and at an event's table a seat's key needs ``EVENT_KEYS`` too (the judge's), unless the event has decided."""
    from companion.rules.roles import CAPABILITIES, JUDGE, Can, Capabilities, RoleKind
    from companion.store.games import NotFound

    store = _store(tmp_path / "g.db", catalog)
    service = TableService(store)
    casual, _ = service.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    event, _ = service.create_game("2e", "strict", [Seat("A"), Seat("B")], header={"event": {"id": "e"}})
    for role in (A, SPECTATOR):  # a seat and a stranger make no key
        for kind, seat in (("seat", "A"), ("judge", None), ("table", None)):
            with pytest.raises(Forbidden):
                service.issue_key(casual.id, kind, role, seat)
    with pytest.raises(NotFound) as unknown:
        service.issue_key(casual, "host", HOST)
    assert unknown.value.details == {"kinds": ISSUED}  # every kind a route makes, from the key table
    assert service.reissue_key(casual, "A", HOST) and store.game(casual.id).version == 1
    with pytest.raises(Forbidden, match="only the judge renews"):
        service.reissue_key(event, "A", HOST)
    assert store.game(event.id).version == 0
    assert service.reissue_key(event.id, "A", HOST, event_decided=True)  # the organiser's seat sheets
    assert service.reissue_key(event, "B", JUDGE)
    # The answer follows the row, not the kind's name: a host given EVENT_KEYS renews at an event, a judge
    # without ISSUE_KEYS makes nothing.
    host_row = CAPABILITIES[RoleKind.HOST]
    monkeypatch.setitem(CAPABILITIES, RoleKind.HOST, Capabilities(host_row.can | {Can.EVENT_KEYS}, host_row.records))
    assert service.reissue_key(event, "A", HOST)
    judge_row = CAPABILITIES[RoleKind.JUDGE]
    monkeypatch.setitem(CAPABILITIES, RoleKind.JUDGE, Capabilities(judge_row.can - {Can.ISSUE_KEYS}, judge_row.records))
    with pytest.raises(Forbidden):
        service.issue_key(casual.id, "table", JUDGE)
    assert [e.actor for e in store.entries(event.id)] == ["host", "judge", "host"]


def test_an_action_at_an_event_table_reads_its_game_and_body_once(client: FlaskClient, catalog: Catalog,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The events' watch on their tables (a deck check before the game refuses a card outside the registered
    list) reads the game, the key and the body the route then takes: one pass, the answers as they were."""
    from companion import safejson
    from tests.test_events import flags_of, h, make_event

    ev = make_event(client, catalog, players=2)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    table = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                        json={"csv": "1,Player 1,Player 2\n"}).get_json()["tables"][0]
    gid, key = table["game"], claimed(table["seats"][0]["url"], client)
    version = client.get(f"/api/games/{gid}/view", headers=h(key)).get_json()["version"]
    reads: list[str] = []
    parsed: list[bytes] = []
    original, loads = GameStore.game, safejson.loads
    monkeypatch.setattr(GameStore, "game", lambda self, game_id: reads.append(game_id) or original(self, game_id))
    monkeypatch.setattr(safejson, "loads", lambda raw: parsed.append(raw) or loads(raw))
    r = client.post(f"/api/games/{gid}/actions", headers=h(key),
                    json={"action": {"type": "gain_power", "player": "A", "amount": 1},
                          "expected_version": version, "request_id": "power-000001"})
    assert r.status_code == 201, r.get_json()
    assert (reads, len(parsed)) == ([gid], 1)
    # A card outside the registered list: flagged by the watch, refused by the route, as before.
    reads.clear()
    parsed.clear()
    r = client.post(f"/api/games/{gid}/actions", headers=h(key),
                    json={"action": {"type": "kneel", "card": "A.01001.9"}, "expected_version": version + 1})
    assert r.status_code == 400 and len(parsed) == 1 and reads == [gid]
    assert [f["kind"] for f in flags_of(client, eid, judge, 1)] == ["deck_check"]
    # A body the route refuses is refused as it was, and flags nothing.
    for raw, status, code in ((b"{", 400, "bad_body"), (b"[]", 400, "bad_body")):
        r = client.post(f"/api/games/{gid}/actions", headers={**h(key), "Content-Type": "application/json"}, data=raw)
        assert (r.status_code, r.get_json()["error"]["code"]) == (status, code)
    r = client.post(f"/api/games/{gid}/actions", headers={**h(key), "Content-Type": "text/plain"},
                    data=b'{"action": {"type": "kneel", "card": "A.01001.9"}, "expected_version": 1}')
    assert (r.status_code, r.get_json()["error"]["code"]) == (415, "bad_content_type")
    assert [f["kind"] for f in flags_of(client, eid, judge, 1)] == ["deck_check"]
