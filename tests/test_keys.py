"""Who holds the keys (issue 22): a key opens a game only as the log's chain records it, a key that sees hidden
cards is made only when asked for and every phone is told, and the routes that make keys say who may call them."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.store.secrets import hash_secret
from companion.web import create_app

FORGED = "a-forged-key-of-the-right-shape-xyz"


def auth(key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"} if key else {}


def tamper(path: Path, sql: str, *args: Any) -> None:
    conn = sqlite3.connect(path)
    conn.execute(sql, args)
    conn.commit()
    conn.close()


def fresh(path: Path) -> FlaskClient:
    """A restarted server over the same file."""
    return create_app({"DATABASE": str(path), "TESTING": True}).test_client()


def game_get_routes(client: FlaskClient) -> list[str]:
    """Every GET route of the OpenAPI document on one game (a new route is covered by default)."""
    doc = client.get("/api/openapi.json").get_json()
    return [p for p, ops in doc["paths"].items() if "get" in ops and p.startswith("/api/games/{game_id}")]


def url(route: str, gid: str) -> str:
    return route.replace("{game_id}", gid).replace("{card_id}", "A:shadows%231")


def new_game(client: FlaskClient) -> dict[str, Any]:
    g = client.post("/api/games", json={"seats": ["A", "B"]}).get_json()
    judge = client.post(f"/api/games/{g['game']['id']}/judge-key", json={}, headers=auth(g["host"]["key"]))
    if judge.status_code == 200:
        g["judge"] = judge.get_json()
    return g


# -- 1. reads stop where the chain broke (item 4) ------------------------------------------------------------


@pytest.mark.parametrize(("what", "sql", "real"), [
    ("seat B's key in the seats table", "update seats set key_hash = ? where seat = 'B'", "B"),
    ("the host key in the games table", "update games set host_hash = ?", "host"),
    ("the judge key in the games table", "update games set judge_hash = ?", "judge"),
    ("the table key in the games table", "update games set table_key_hash = ?", None),
])
def test_a_key_hash_replaced_in_the_database_opens_nothing_on_any_route_or_stream(tmp_path: Path, what: str,
                                                                                    sql: str, real: str | None) -> None:
    path = tmp_path / "games.db"
    client = fresh(path)
    g = new_game(client)
    gid = g["game"]["id"]
    keys = {"B": g["seats"][1]["key"], "host": g["host"]["key"], "judge": g["judge"]["key"]}
    tamper(path, sql, hash_secret(FORGED))
    for restarted in (False, True):  # the running server and a restarted one alike
        client = fresh(path) if restarted else client
        routes = game_get_routes(client)
        assert "/api/games/{game_id}/events" in routes and len(routes) >= 8
        for route in routes:
            r = client.get(url(route, gid), headers=auth(FORGED))
            assert r.status_code == 401, (what, route, r.status_code)
            r.close()
        for method, path_, body in [("POST", f"/api/games/{gid}/actions",
                                     {"expected_version": 0, "action": {"type": "pass_turn"}}),
                                    ("POST", f"/api/games/{gid}/seats/A/key", {}),
                                    ("POST", f"/api/games/{gid}/undo", {"expected_version": 0})]:
            assert client.open(path_, method=method, json=body, headers=auth(FORGED)).status_code == 401
        if real is not None:  # the key the chain records still reads
            r = client.get(f"/api/games/{gid}/view", headers=auth(keys[real]))
            assert r.status_code == 200 and r.get_json()["viewer"]["role"] == ("seat" if real == "B" else real)


def test_a_renewed_key_forged_in_the_log_and_the_table_opens_nothing(tmp_path: Path) -> None:
    """Someone with the file replaces both the seats row and the key entry: the entry no longer matches its hash,
    so the chain's record stops before it and only the key the intact chain names opens the seat."""
    path = tmp_path / "games.db"
    client = fresh(path)
    g = new_game(client)
    gid = g["game"]["id"]
    renewed = client.post(f"/api/games/{gid}/seats/B/key", json={}, headers=auth(g["host"]["key"])).get_json()["key"]
    assert client.get(f"/api/games/{gid}/view", headers=auth(renewed)).status_code == 200
    tamper(path, "update seats set key_hash = ? where seat = 'B'", hash_secret(FORGED))
    tamper(path, "update entries set data = replace(data, ?, ?) where kind = 'key' and data like '%\"seat\"%'",
           hash_secret(renewed), hash_secret(FORGED))
    client = fresh(path)
    assert client.get(f"/api/games/{gid}/view", headers=auth(FORGED)).status_code == 401
    r = client.get(f"/api/games/{gid}/events", headers=auth(FORGED))
    assert r.status_code == 401
    assert client.get(f"/api/games/{gid}/view").get_json()["integrity"]["ok"] is False


def test_an_edited_header_opens_nothing_with_any_key(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    client = fresh(path)
    g = new_game(client)
    gid = g["game"]["id"]
    client.post(f"/api/games/{gid}/actions", json={"expected_version": client.get(f"/api/games/{gid}").get_json()[
        "version"], "action": {"type": "gain_gold", "player": "A", "amount": 1}}, headers=auth(g["seats"][0]["key"]))
    conn = sqlite3.connect(path)
    header = conn.execute("select header from games where id = ?", [gid]).fetchone()[0]
    conn.close()
    forged_header = header.replace(hash_secret(g["seats"][1]["key"]), hash_secret(FORGED))
    assert forged_header != header
    tamper(path, "update games set header = ?", forged_header)
    tamper(path, "update seats set key_hash = ? where seat = 'B'", hash_secret(FORGED))
    client = fresh(path)
    for key in (FORGED, g["seats"][0]["key"], g["host"]["key"]):
        assert client.get(f"/api/games/{gid}/view", headers=auth(key)).status_code == 401
    assert client.get(f"/api/games/{gid}/view").status_code == 200  # the public view stays readable
