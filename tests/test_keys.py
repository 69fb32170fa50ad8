"""Who holds the keys (issue 22): a key opens a game only as the log's chain records it, a key that sees hidden
cards is made only when asked for and every phone is told, and the routes that make keys say who may call them."""

from __future__ import annotations

import re
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


# -- 2. every route that returns or makes a key: who may call it, and the table is told (items 1-3) -------------

#: (method, OpenAPI path) -> the callers that come away holding a key of a game. Built by calling every route of
#: the document as every role: a new route that hands out a key fails this test until it is listed here.
KEY_ROUTES = {
    ("post", "/api/games"): {"anyone"},  # the host's and the seats' join links, shown once on the host page
    ("post", "/api/games/{game_id}/seats/{seat}/key"): {"host", "judge"},  # a lost phone: logged, announced
    ("post", "/api/games/{game_id}/judge-key"): {"host", "judge"},  # "for a judge": logged, announced
    ("post", "/api/games/{game_id}/keys/{kind}"): {"host", "judge"},  # any kind of the store's key table
    ("post", "/api/games/{game_id}/table-key"): {"host", "judge"},  # the TTS helper's key: logged, announced
    ("post", "/api/games/{game_id}/tts"): {"host", "judge"},  # the same key as a chat line
    ("post", "/api/event"): {"anyone"},  # the organiser's and the judge's event keys (no game key)
    ("post", "/api/event/{event_id}/rounds"): {"organiser"},  # a new round's seat links (the event issue)
}
#: Where a key is made with the game itself, before any card is dealt: the table is set up, not watched.
CREATION = {("post", "/api/games"), ("post", "/api/event/{event_id}/rounds")}
CALLERS = {"anyone", "A", "B", "host", "judge", "table"}
TOKEN = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])")  # token_urlsafe(24)


class Table:
    """A casual game with every kind of key (the judge key asked for), and an event with a round, made afresh
    for each call: a route that renews a key must not change what the next call sees."""

    def __init__(self, client: FlaskClient, address: str) -> None:
        self.client, self.env = client, {"REMOTE_ADDR": address}
        g = self.post("/api/games", {"seats": ["A", "B"]}).get_json()
        self.gid = g["game"]["id"]
        self.keys: dict[str, str | None] = {"anyone": None, "host": g["host"]["key"], "A": g["seats"][0]["key"],
                                            "B": g["seats"][1]["key"]}
        self.keys["judge"] = self.post(f"/api/games/{self.gid}/judge-key", {}, "host").get_json()["key"]
        self.keys["table"] = self.post(f"/api/games/{self.gid}/table-key", {}, "host").get_json()["key"]

    def post(self, path: str, body: Any, who: str | None = None) -> Any:
        return self.client.post(path, json=body, headers=auth(self.keys.get(who) if who else None),
                                environ_base=self.env)

    def opens(self, key: str, gid: str) -> str | None:
        r = self.client.get(f"/api/games/{gid}/view", headers=auth(key), environ_base=self.env)
        return r.get_json()["viewer"]["role"] + (":" + r.get_json()["viewer"]["seat"] if r.get_json()[
            "viewer"]["seat"] else "") if r.status_code == 200 else None

    def notices(self, gid: str) -> list[dict[str, Any]]:
        """What seat B's phone is told (its view, as the live stream sends it)."""
        view = self.client.get(f"/api/games/{gid}/view", headers=auth(self.keys["B"]), environ_base=self.env)
        return view.get_json()["keys"]["notices"]  # type: ignore[no-any-return]


BODIES = {"/api/games": {"seats": ["A", "B"]}, "/api/games/{game_id}/tts": {"seats": {"Red": "A", "Blue": "B"}},
          "/api/tapestry/games": {"humans": ["Ann"], "draw": "digital", "seed": "s"},
          "/api/event": {"name": "Keys Open", "rounds": 2, "tables": 2}}


def test_every_route_that_hands_out_a_key_is_known_and_a_key_that_reads_a_seat_is_announced(
        tmp_path: Path) -> None:
    """Every operation of /api/openapi.json, called as every role (anyone, seat A, seat B, the host, the judge,
    the TTS table key) with a body from its schema: which callers come away holding a key that opens a game
    (any 32-character token in the answer is tried), and for a key that reads seat A's or B's hidden cards held
    by someone other than that seat or the judge, seat B's phone must have been told of it in the same answer's
    version."""
    import random

    from companion.bench.fuzz import _value

    client = fresh(tmp_path / "games.db")
    doc = client.get("/api/openapi.json").get_json()
    found: dict[tuple[str, str], set[str]] = {}
    untold: list[Any] = []
    n = 0
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            if method != "post" and method != "put" and "key" not in path:
                continue  # reads hand out no keys (tests/test_trust.py reads every GET answer as every role)
            for who in ("anyone", "A", "B", "host", "judge", "table"):
                n += 1
                t = Table(client, f"10.22.{n // 250}.{n % 250}")
                before = len(t.notices(t.gid))
                url = path.replace("{game_id}", t.gid).replace("{seat}", "A").replace("{event_id}", "none") \
                    .replace("{kind}", "judge")
                schema = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
                body = BODIES.get(path) or (_value(schema, random.Random(n)) if schema else {})
                r = client.open(url, method=method.upper(), json=body, headers=auth(t.keys[who]),
                                environ_base=t.env)
                text = r.get_data(as_text=True)
                for token in set(TOKEN.findall(text)) - {v for v in t.keys.values() if v}:
                    gids = {t.gid, *re.findall(r"/g/([A-Za-z0-9_-]{12})", text)}
                    for gid in gids:
                        opened = t.opens(token, gid)
                        if opened is None:
                            continue
                        found.setdefault((method, path), set()).add(who)
                        reads = opened.startswith("seat:") or opened == "judge"
                        own = opened == f"seat:{who}" or who == "judge"
                        if reads and not own and (method, path) not in CREATION:
                            told = t.notices(gid)[before:]
                            kind = "judge" if opened == "judge" else "seat"
                            if not any(x["key"] == kind and (kind == "judge" or x["seat"] == opened[5:])
                                       for x in told):
                                untold.append((method, path, who, opened))
    # A route any caller may use answers alike whatever key is sent.
    found = {route: {"anyone"} if callers == CALLERS else callers for route, callers in found.items()}
    # The event routes with the event's own keys: the event's keys, and the organiser's round makes seat links.
    from tests.tables import catalog
    from tests.test_events import two_e_decks

    ev = client.post("/api/event", json=BODIES["/api/event"], environ_base={"REMOTE_ADDR": "10.23.0.1"}).get_json()
    if TOKEN.fullmatch(ev["organiser"]["key"]) and TOKEN.fullmatch(ev["judge"]["key"]):
        found.setdefault(("post", "/api/event"), set()).add("anyone")
    eid, decks = ev["event"]["id"], two_e_decks(catalog())
    for who, key in (("organiser", ev["organiser"]["key"]), ("judge", ev["judge"]["key"])):
        for i, name in enumerate((f"Ann{who}", f"Bo{who}")):
            r = client.post(f"/api/event/{eid}/players", json={"name": name, "decklist": decks[i]},
                            headers=auth(ev["organiser"]["key"]))
            if r.get_json().get("needs_confirmation"):  # real decks break the newest restricted list
                client.post(f"/api/event/{eid}/players/{r.get_json()['player']['id']}/confirm", json={},
                            headers=auth(ev["organiser"]["key"]))
        pairing = {"table": 1, "a": f"Ann{who}", "b": f"Bo{who}"}
        r = client.post(f"/api/event/{eid}/rounds", json={"pairings": [pairing]}, headers=auth(key))
        if r.status_code == 201 and TOKEN.search(r.get_data(as_text=True).split("#key=", 1)[-1]):
            found.setdefault(("post", "/api/event/{event_id}/rounds"), set()).add(who)
    assert found == KEY_ROUTES
    assert untold == []


# -- 3. a judge key only when asked for; at an event only the judge renews a seat (items 2-3) ----------------------


def test_a_casual_game_makes_no_judge_key_until_the_host_asks_and_then_every_phone_is_told(client: FlaskClient) -> None:
    g = client.post("/api/games", json={"seats": ["A", "B"]}).get_json()
    gid = g["game"]["id"]
    assert "judge" not in g
    view = client.get(f"/api/games/{gid}/view", headers=auth(g["seats"][1]["key"])).get_json()
    assert view["keys"] == {"notices": [], "event": False}
    for who in (None, g["seats"][0]["key"], g["seats"][1]["key"]):  # a seat or a stranger cannot make one
        assert client.post(f"/api/games/{gid}/judge-key", json={}, headers=auth(who)).status_code in (401, 403)
    made = client.post(f"/api/games/{gid}/judge-key", json={}, headers=auth(g["host"]["key"])).get_json()
    assert client.get(f"/api/games/{gid}/view", headers=auth(made["key"])).get_json()["viewer"]["role"] == "judge"
    assert made["url"].endswith(f"/g/{gid}#key={made['key']}")
    for key in (g["seats"][0]["key"], g["seats"][1]["key"], None):  # the log and every view say so, no hash
        log = client.get(f"/api/games/{gid}/log", headers=auth(key)).get_json()["entries"]
        assert log[-1]["kind"] == "key" and log[-1]["data"] == {"role": "judge"} and log[-1]["actor"] == "host"
        notices = client.get(f"/api/games/{gid}/view", headers=auth(key)).get_json()["keys"]["notices"]
        assert [(n["key"], n["by"]) for n in notices] == [("judge", "host")]
    # A second one replaces the first (its streams end); both are on record.
    again = client.post(f"/api/games/{gid}/judge-key", json={}, headers=auth(g["host"]["key"])).get_json()
    assert client.get(f"/api/games/{gid}/view", headers=auth(made["key"])).status_code == 401
    assert client.get(f"/api/games/{gid}/view", headers=auth(again["key"])).status_code == 200
    assert client.get(f"/api/games/{gid}/verify").get_json()["ok"] is True


def test_asked_for_at_creation_the_judge_key_is_in_the_first_link_and_every_phone_names_it(
        client: FlaskClient) -> None:
    g = client.post("/api/games", json={"seats": ["A", "B"], "judge": True}).get_json()
    gid = g["game"]["id"]
    notices = client.get(f"/api/games/{gid}/view", headers=auth(g["seats"][1]["key"])).get_json()["keys"]["notices"]
    assert notices == [{"seq": 0, "key": "judge", "seat": None, "by": "host", "at": g["game"]["created"],
                        "by_msg": "keys.by.host"}]  # the page reads who made it in words


def test_at_an_event_no_game_judge_key_and_only_the_judge_renews_a_seat(client: FlaskClient) -> None:
    from companion.rules import Seat
    from companion.rules.roles import HOST
    from companion.store.games import Forbidden

    store = client.application.extensions["companion"]["services"].store
    game, keys = store.create_game("2e", "strict", [Seat("A"), Seat("B")], header={"event": {"id": "e", "round": 1}})
    assert keys.judge is None
    r = client.post(f"/api/games/{game.id}/seats/A/key", json={}, headers=auth(keys.host))
    assert r.status_code == 403 and "only the judge" in r.get_json()["error"]["message"]
    assert client.post(f"/api/games/{game.id}/judge-key", json={}, headers=auth(keys.host)).status_code == 403
    with pytest.raises(Forbidden):
        store.issue_key(game.id, "judge", HOST.actor)
    view = client.get(f"/api/games/{game.id}/view", headers=auth(keys.seats["B"])).get_json()
    assert view["keys"] == {"notices": [], "event": True}  # the phones say the event's judges see the tables


def test_the_event_organisers_key_opens_no_table(client: FlaskClient) -> None:
    from tests.tables import catalog
    from tests.test_events import make_event

    ev = make_event(client, catalog(), players=2)
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    r = client.post(f"/api/event/{eid}/rounds", json={"csv": "1,Player 1,Player 2\n"}, headers=auth(org))
    gid = r.get_json()["tables"][0]["game"]
    routes = game_get_routes(client)
    for route in routes:
        answer = client.get(url(route, gid), headers=auth(org))
        assert answer.status_code == 401, (route, answer.status_code)
        answer.close()


# -- 4. every phone is told at once over the live stream (item 1) ---------------------------------------------


@pytest.mark.parametrize("make", ["judge-key", "table-key", "seats/A/key"])
def test_each_key_that_sees_more_reaches_the_other_phones_stream_at_once(server: Any, make: str) -> None:
    """The other seat's open stream carries the new key's record in its next update (within a second); the
    renewed seat's old stream ends with "revoked" first."""
    import json
    import time
    import urllib.request

    from tests.server import call

    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": ["A", "B"]})
    gid = g["game"]["id"]

    def stream(key: str) -> Any:
        req = urllib.request.Request(f"{base}/games/{gid}/events?since=0", headers={"Authorization": f"Bearer {key}"})
        return urllib.request.urlopen(req, timeout=10)

    with stream(g["seats"][0]["key"]) as a, stream(g["seats"][1]["key"]) as b:
        for r in (a, b):
            assert r.readline().startswith(b"retry")
        status, _ = call(base, "POST", f"/games/{gid}/{make}", {}, g["host"]["key"])
        assert status == 200
        made = time.time()
        update = None
        for raw in b:
            if raw.startswith(b"data: "):
                update = json.loads(raw[6:])
                if update["view"]["keys"]["notices"]:
                    break
        assert update is not None and time.time() - made < 1.0
        notice = update["view"]["keys"]["notices"][-1]
        assert notice["key"] == make.split("-")[0].split("/")[0].replace("seats", "seat") and notice["by"] == "host"
        assert "key_hash" not in json.dumps(update)  # the record says who and when, never the hash
        if make == "seats/A/key":
            lines = [raw.strip() for raw in a]
            assert b"event: revoked" in lines
