"""Hardening of a game's log and answers (issue 10, items 1, 2, 7, 8 and 9).

No entry can break a game; every number has a range; readers never see a half-built table;
tampering is noticed where players look; bad input gets a clear 4xx and trouble with the disk or
the database its own answer. The server-level items (streams, header and body limits) are in
tests/test_hardening.py; image bombs in tests/test_scan_sandbox.py; TTS import in tests/test_tts_import.py.
"""

from __future__ import annotations

import json
import random
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import action_from_dict
from companion.rules.roles import JUDGE, Role
from companion.rules.simulate import random_action
from companion.service import TableService
from companion.web import create_app

PINCH = "11099"  # A Pinch of Powder: an attachment with Shadow (1)
TYRION, AGENT = "13089", "00168"


def auth(key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"} if key else {}


def game(client: FlaskClient, deck: dict[str, int] | None = None, mode: str = "advisory") -> dict[str, Any]:
    g = client.post("/api/games", json={"mode": mode, "seats": ["A", "B"], "judge": True}).get_json()
    r = client.put(f"/api/games/{g['game']['id']}/seats/A/deck", headers=auth(g["seats"][0]["key"]),
                   json={"expected_version": 0, "deck": deck or {PINCH: 1, TYRION: 1, AGENT: 1}})
    assert r.status_code == 200, r.get_json()
    return g


def act(client: FlaskClient, g: dict[str, Any], action: dict[str, Any], key: str | None = None) -> Any:
    gid = g["game"]["id"]
    v = client.get(f"/api/games/{gid}").get_json()["version"]
    return client.post(f"/api/games/{gid}/actions", headers=auth(key or g["seats"][0]["key"]),
                       json={"action": action, "expected_version": v})


# -- 1. no poison entries ------------------------------------------------------------------------


def test_a_card_cannot_attach_to_itself_or_into_a_loop(app_client: FlaskClient) -> None:
    g = game(app_client)
    steps = [{"type": "begin_phase", "phase": "plot"}, {"type": "begin_phase", "phase": "draw"},
             {"type": "begin_phase", "phase": "marshaling"}, {"type": "gain_gold", "player": "A", "amount": 20}]
    for s in steps:
        assert act(app_client, g, s).status_code == 201
    r = act(app_client, g, {"type": "marshal", "player": "A", "card": f"A.{PINCH}.1", "attach_to": f"A.{PINCH}.1"})
    assert r.status_code == 400 and "attach to itself" in r.get_json()["error"]["message"]
    # The four requests of the report: nothing of the loop is recorded, and every route still answers.
    assert act(app_client, g, {"type": "marshal", "player": "A", "card": f"A.{AGENT}.1"}).status_code == 201
    r = act(app_client, g, {"type": "marshal", "player": "A", "card": f"A.{PINCH}.1", "attach_to": f"A.{AGENT}.1"})
    assert r.status_code == 201
    r = act(app_client, g, {"type": "marshal", "player": "A", "card": f"A.{AGENT}.1", "attach_to": f"A.{PINCH}.1"})
    assert r.status_code in (400, 422)  # already in play, and attaching there would loop
    gid = g["game"]["id"]
    assert app_client.post(f"/api/games/{gid}/undo", headers=auth(g["judge"]["key"]),
                           json={"expected_version": 7}).status_code == 201
    for path in ("/view", "/log", "/export", "/verify"):
        assert app_client.get(f"/api/games/{gid}{path}", headers=auth(g["judge"]["key"])).status_code == 200


def test_an_entry_that_cannot_be_applied_marks_the_game_for_a_judge_and_takes_nothing_down(tmp_path: Path) -> None:
    from companion.rules import Seat
    from companion.store import games as games_module
    from companion.store.games import GameStore
    from tests.tables import catalog

    path = tmp_path / "games.db"
    store = GameStore(path, lambda codes: catalog().cards(codes))
    g, _ = store.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    TableService(store).set_deck(g.id, "A", {PINCH: 1, AGENT: 1}, JUDGE, 0)
    TableService(store).act(g.id, action_from_dict({"type": "setup_place", "player": "A", "card": f"A.{AGENT}.1"}),
                            JUDGE, 1)

    # A poison entry as an older companion could have written it: the attachment on itself. Written
    # straight into the chain (the public API refuses it), so the log still verifies.
    @games_module._with_connection
    def plant(self: GameStore) -> None:
        with self._write(g.id) as db:
            current = self.game(g.id)
            self._append(db, current, "action", {"type": "setup_place", "player": "A", "card": f"A.{PINCH}.1",
                                                 "attach_to": f"A.{PINCH}.1"}, "seat:A", None)

    plant(store)
    app = create_app({"DATABASE": str(path), "TESTING": True})
    client = app.test_client()
    view = client.get(f"/api/games/{g.id}/view").get_json()
    assert view["needs_judge"] and view["needs_judge"][0]["seq"] == 3
    assert client.get(f"/api/games/{g.id}/log").status_code == 200
    assert client.get(f"/api/games/{g.id}/verify").get_json()["ok"]
    # Play goes on, and the judge can take the entry back.
    store2 = app.extensions["companion"]["services"].store
    TableService(store2).act(g.id, action_from_dict({"type": "gain_gold", "player": "A", "amount": 1}), JUDGE, 3)
    TableService(store2).undo(g.id, JUDGE, 4, seq=3)
    assert client.get(f"/api/games/{g.id}/view").get_json()["needs_judge"] == []


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), edition=st.sampled_from(["2e", "1e"]))
def test_random_games_with_undo_never_become_unreadable(tmp_path_factory: pytest.TempPathFactory, seed: int,
                                                       edition: str) -> None:
    from companion.rules import Seat
    from companion.store.games import GameStore, StoreError
    from tests.tables import catalog

    rng = random.Random(seed)
    store = GameStore(tmp_path_factory.mktemp("fuzz") / "g.db", lambda codes: catalog().cards(codes))
    cards = catalog().all(edition)
    shadow = [c.code for c in cards if c.has_shadow][:6]
    plain = [c.code for c in cards if not c.has_shadow and c.type in ("character", "attachment", "location")][:4]
    g, _ = store.create_game(edition, "advisory", [Seat("A", faction="stark"), Seat("B", faction="lannister")])
    TableService(store).set_deck(g.id, "A", dict.fromkeys(shadow + plain, 2), JUDGE, 0)
    TableService(store).set_deck(g.id, "B", dict.fromkeys(shadow, 1), JUDGE, 1)
    for _ in range(40):
        version = store.game(g.id).version
        try:
            if rng.random() < 0.15:
                TableService(store).undo(g.id, JUDGE, version, seq=rng.choice(sorted(store.state(g.id).actions) or [1]))
            else:
                TableService(store).act(g.id, random_action(store.table(g.id), rng), JUDGE, version)
        except StoreError:
            pass  # refused (impossible, nothing to undo): nothing recorded, which is fine
        fresh = GameStore(store.path, lambda codes: catalog().cards(codes))  # replay from the log alone
        state = fresh.state(g.id)
        assert state.integrity["ok"] and state.needs_judge == []
        assert state.table.version == store.game(g.id).version


# -- 2. every number has a range ----------------------------------------------------------------------


def test_huge_numbers_and_huge_decks_are_refused_with_the_field_named(app_client: FlaskClient) -> None:
    g = game(app_client)
    r = act(app_client, g, {"type": "place_tokens", "player": "A", "kind": "power", "amount": int("9" * 4300)})
    assert r.status_code == 400 and "'amount'" in r.get_json()["error"]["message"]
    gid = g["game"]["id"]
    assert app_client.get(f"/api/games/{gid}/view").status_code == 200
    big = {f"{n:05d}": 99 for n in range(1000, 1400)}
    r = app_client.put(f"/api/games/{gid}/seats/B/deck", headers=auth(g["seats"][1]["key"]),
                       json={"expected_version": 1, "deck": big})
    assert r.status_code == 400
    r = app_client.put(f"/api/games/{gid}/seats/B/deck", headers=auth(g["seats"][1]["key"]),
                       json={"expected_version": 1, "deck": {TYRION: 99, AGENT: 99, PINCH: 99, "01093": 99}})
    assert r.status_code == 400 and "at most" in r.get_json()["error"]["message"]


# -- 7. readers never see a half-built table -------------------------------------------------------


def test_readers_during_writes_always_get_whole_answers(app_client: FlaskClient) -> None:
    g = game(app_client, {TYRION: 1, AGENT: 2, PINCH: 1})
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    app = app_client.application
    errors: list[int] = []
    stop = threading.Event()

    def read() -> None:
        with app.test_client() as c:
            while not stop.is_set():
                for path in ("/find?q=a", "/view", "/log"):
                    r = c.get(f"/api/games/{gid}{path}", headers=auth(ka))
                    if r.status_code != 200:
                        errors.append(r.status_code)

    readers = [threading.Thread(target=read) for _ in range(3)]
    for t in readers:
        t.start()
    for n in range(60):
        r = act(app_client, g, {"type": "gain_gold" if n % 2 == 0 else "spend_gold", "player": "A", "amount": 1})
        assert r.status_code == 201
    stop.set()
    for t in readers:
        t.join()
    assert errors == []


def test_cloning_a_table_leaves_the_live_one_untouched() -> None:
    from tests.tables import make_table

    t = make_table({"A": {TYRION: 1}})
    seen: list[int] = []
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            seen.append(len(t.cards))

    w = threading.Thread(target=watch)
    w.start()
    for _ in range(300):
        t.clone()
    stop.set()
    w.join()
    assert min(seen) == len(t.cards) > 0


# -- 8. tampering is noticed where players look --------------------------------------------------------


def tamper(path: Path, sql: str, *args: Any) -> None:
    conn = sqlite3.connect(path)
    conn.execute(sql, args)
    conn.commit()
    conn.close()


@pytest.mark.parametrize(("what", "sql", "error"), [
    ("mode", "update games set mode = 'advisory'", "mode"),
    ("a planted key", "update seats set key_hash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' "
                      "where seat = 'B'", "seat B's key"),
    ("an amount", "update entries set data = replace(data, '\"amount\":3', '\"amount\":9')", "does not match its hash"),
    ("a verdict", "update entries set verdict = replace(verdict, '\"legal\":true', '\"legal\":false')",
     "does not match its hash"),
])
def test_tampered_games_say_so_on_every_page_and_take_no_more_writes(tmp_path: Path, what: str, sql: str,
                                                                     error: str) -> None:
    path = tmp_path / "games.db"
    client = create_app({"DATABASE": str(path), "TESTING": True}).test_client()
    g = game(client, mode="strict")
    assert act(client, g, {"type": "gain_gold", "player": "A", "amount": 3}).status_code == 201
    tamper(path, sql)
    client = create_app({"DATABASE": str(path), "TESTING": True}).test_client()  # a restart loads it anew
    gid = g["game"]["id"]
    for key in (g["seats"][0]["key"], None):
        view = client.get(f"/api/games/{gid}/view", headers=auth(key)).get_json()
        assert view["integrity"]["ok"] is False and error in view["integrity"]["error"], (what, view["integrity"])
    r = act(client, g, {"type": "gain_gold", "player": "A", "amount": 1})
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "broken_log"


def test_a_dropped_tail_is_caught_against_the_head_a_phone_saw(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    client = create_app({"DATABASE": str(path), "TESTING": True}).test_client()
    g = game(client)
    gid = g["game"]["id"]
    for n in range(3):
        assert act(client, g, {"type": "gain_gold", "player": "A", "amount": n + 1}).status_code == 201
    view = client.get(f"/api/games/{gid}/view", headers=auth(g["seats"][1]["key"])).get_json()
    seen = f"{view['version']}:{view['head']}"  # what B's phone showed
    assert client.get(f"/api/games/{gid}/verify?seen={seen}").get_json()["seen"] == "ok"
    # Someone with the database file deletes the last entry and sets the head back: the chain alone is whole.
    conn = sqlite3.connect(path)
    prev = conn.execute("select prev_hash from entries where game_id = ? and seq = 4", [gid]).fetchone()[0]
    conn.execute("delete from entries where game_id = ? and seq = 4", [gid])
    conn.execute("update games set version = 3, head_hash = ? where id = ?", [prev, gid])
    conn.commit()
    conn.close()
    client = create_app({"DATABASE": str(path), "TESTING": True}).test_client()
    assert client.get(f"/api/games/{gid}/verify").get_json()["ok"] is True
    assert client.get(f"/api/games/{gid}/verify?seen={seen}").get_json()["seen"] == "missing"
    assert client.get(f"/api/games/{gid}/verify?seen=x").status_code == 400


def test_the_export_carries_every_hash_and_check_names_the_entry_that_broke(app_client: FlaskClient,
                                                                            tmp_path: Path) -> None:
    from companion.cli.check import judge_log
    from companion.rules.log import LogError
    from tests.tables import catalog

    g = game(app_client)
    for n in range(3):
        act(app_client, g, {"type": "gain_gold", "player": "A", "amount": n + 1})
    gid = g["game"]["id"]
    app_client.post(f"/api/games/{gid}/undo", headers=auth(g["judge"]["key"]), json={"expected_version": 4})
    text = app_client.get(f"/api/games/{gid}/export", headers=auth(g["judge"]["key"])).get_data(as_text=True)
    rows = judge_log(text, catalog())
    assert [r.get("undone", False) for r in rows] == [False, False, True]  # the undone entry is kept, marked
    lines = text.splitlines()
    assert '"amount": 2' in lines[3]
    edited = [*lines[:3], lines[3].replace('"amount": 2', '"amount": 7'), *lines[4:]]
    with pytest.raises(LogError) as info:
        judge_log("\n".join(edited), catalog())
    assert info.value.line == 4 and "entry 3 does not match its hash" in info.value.reason
    with pytest.raises(LogError) as info:
        judge_log("\n".join(lines[:-1]), catalog())  # the last entry dropped
    assert "removed" in info.value.reason


# -- 9. clear errors instead of 500 -----------------------------------------------------------------------


def test_odd_input_gets_a_4xx_naming_the_field(app_client: FlaskClient) -> None:
    g = game(app_client)
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    cases = [
        ("POST", "/api/games", json.dumps({"seats": [{"seat": "A", "name": "Bad\ud800"}]})),
        ("POST", "/api/games", json.dumps({"seats": ["A"], "title": "x\ud800"})),
        ("POST", "/api/games", json.dumps({"seats": [{"seat": "A", "faction": ["stark"]}]})),
        ("POST", "/api/games", "[" * 5000 + "]" * 5000),
        ("POST", f"/api/games/{gid}/actions", json.dumps({"expected_version": 1, "action": {
            "type": "place_tokens", "player": "A", "kind": "k\ud800", "amount": 1}})),
        ("POST", f"/api/games/{gid}/actions", json.dumps({"expected_version": 1, "action": {
            "type": "kneel", "player": "A", "card": "A:shadows#²"}})),
        ("POST", f"/api/games/{gid}/actions", '{"expected_version": 1, "action": ' + "[" * 5000 + "]" * 5000 + "}"),
        ("GET", f"/api/games/{gid}/cards/A:shadows%23%C2%B2/actions", None),
    ]
    for method, path, body in cases:
        r = app_client.open(path, method=method, data=body, content_type="application/json", headers=auth(ka))
        assert 400 <= r.status_code < 500, (path, body and body[:60], r.status_code, r.get_data(as_text=True)[:200])
        assert r.get_json()["error"]["message"]


def test_a_full_disk_and_a_damaged_database_get_their_own_answers(app_client: FlaskClient,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.store.games import GameStore

    g = game(app_client)
    gid = g["game"]["id"]

    def full(*_: Any, **__: Any) -> Any:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(GameStore, "_append", full)
    r = act(app_client, g, {"type": "gain_gold", "player": "A", "amount": 1})
    assert r.status_code == 503 and r.get_json()["error"]["code"] == "disk_full"
    assert "Free some space" in r.get_json()["error"]["message"]

    def damaged(*_: Any, **__: Any) -> Any:
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(GameStore, "_append", damaged)
    r = act(app_client, g, {"type": "gain_gold", "player": "A", "amount": 1})
    assert r.status_code == 500 and r.get_json()["error"]["code"] == "database_corrupt"
    assert "backup" in r.get_json()["error"]["message"]
    monkeypatch.undo()
    assert app_client.get(f"/api/games/{gid}").get_json()["version"] == 1  # nothing was recorded


def test_no_5xx_after_a_commit(app_client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.web.api as api

    g = game(app_client)
    gid = g["game"]["id"]

    def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("the view could not be made")

    monkeypatch.setattr(api, "view_of", broken)
    r = act(app_client, g, {"type": "gain_gold", "player": "A", "amount": 1})
    assert r.status_code == 201 and r.get_json()["version"] == 2  # committed, so 2xx, without the view
    monkeypatch.undo()
    assert app_client.get(f"/api/games/{gid}").get_json()["version"] == 2


def test_an_unknown_failure_answers_500_with_a_clear_message_and_no_internals(app_client: FlaskClient,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.web.api as api

    monkeypatch.setattr(api, "view", lambda *_: (_ for _ in ()).throw(KeyError("secret-internal")))
    g = game(app_client)
    r = app_client.get(f"/api/games/{g['game']['id']}/view")
    assert r.status_code == 500 and "secret-internal" not in r.get_data(as_text=True)
    assert r.get_json()["error"]["code"] == "internal_error"


def test_roles_in_the_store_are_values() -> None:
    assert Role.from_actor("seat:judge", ["judge"]) == Role.of_seat("judge")
    assert Role.from_actor("judge", []) == JUDGE
    assert Role.from_actor("A", ["A"]) == Role.of_seat("A")  # entries from before roles were values
