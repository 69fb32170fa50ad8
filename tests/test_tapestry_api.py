"""The Shadow Empire through the JSON API and the SQLite store, and its page in Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.messages import catalogue, param_text
from companion.web import create_app


def create(client: FlaskClient, **body: Any) -> tuple[str, dict[str, str], dict[str, Any]]:
    r = client.post("/api/tapestry/games", json={"humans": ["Ann", "Ben"], **body})
    assert r.status_code == 201, r.get_json()
    data = r.get_json()
    return data["game"]["id"], {"Authorization": "Bearer " + data["key"]}, data


def turn(client: FlaskClient, gid: str, key: dict[str, str], version: int, **body: Any) -> Any:
    return client.post(f"/api/tapestry/games/{gid}/turn", json={"expected_version": version, **body}, headers=key)


def test_digital_game_is_reproducible_from_its_seed(client: FlaskClient) -> None:
    runs = []
    for _ in range(2):
        gid, key, _ = create(client, seed="friday")
        for v in range(14):  # more than one pass through the deck
            r = turn(client, gid, key, v)
            assert r.status_code == 201, r.get_json()
        runs.append(r.get_json()["state"]["moves"])
    assert runs[0] == runs[1] and len(runs[0]) == 14
    assert any(m["reshuffled"] for m in runs[0])


def german(error: dict[str, Any]) -> str:
    """What a German phone shows for an error: the Shadow Empire's reason, else the catalogue's text for its code."""
    reason = error["details"].get("reason")
    return param_text(reason, "de") if reason else catalogue("de")[f"error.{error['code']}"]


def test_physical_mode_refuses_wrong_input_clearly(client: FlaskClient) -> None:
    gid, key, _ = create(client, mode="physical", favourite="military")
    assert turn(client, gid, key, 0, left=3, right=9).status_code == 201
    for body, words, de in (({"left": 3, "right": 5}, "already in the discard", "Ablagestapel"),
                            ({"left": 13, "right": 5}, "left: Expected `int` <= 12", "Entscheidungskarte"),
                            ({"left": 5, "right": 5}, "different", "verschieden"),
                            ({"left": "five", "right": 6}, "left: Expected `int`, got `str`", "Entscheidungskarte")):
        r = turn(client, gid, key, 1, **body)
        assert r.status_code == 400 and words in r.get_json()["error"]["message"]
        assert de in german(r.get_json()["error"])
    state = client.get(f"/api/tapestry/games/{gid}").get_json()
    assert state["version"] == 1 and state["state"]["deck_size"] == 10


def test_physical_mode_asks_for_the_die_when_the_favourite_changes(client: FlaskClient) -> None:
    gid, key, _ = create(client, mode="physical", favourite="science")
    v = 0
    for left, right in ((1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12)):
        assert turn(client, gid, key, v, left=left, right=right).status_code == 201
        v += 1
    r = client.post(f"/api/tapestry/games/{gid}/entries", headers=key, json={
        "expected_version": v, "entry": {"type": "human_position", "human": "Ann", "track": "science", "space": 9}})
    assert r.status_code == 201
    v += 1
    assert r.get_json()["next"] == {"reshuffle": True, "die": True}
    r = turn(client, gid, key, v, left=1, right=2)
    assert r.status_code == 400 and "roll the science die" in r.get_json()["error"]["message"]
    r = turn(client, gid, key, v, left=1, right=2, die="technology")
    assert r.status_code == 201 and r.get_json()["state"]["favourite"] == "technology"


def test_humans_landmarks_income_undo_and_log(client: FlaskClient, tmp_path: Path) -> None:
    gid, key, _ = create(client, seed="s")
    post = lambda v, entry: client.post(f"/api/tapestry/games/{gid}/entries",  # noqa: E731
                                        json={"expected_version": v, "entry": entry}, headers=key)
    assert post(0, {"type": "landmark", "human": "Ben", "track": "science", "space": 4}).status_code == 201
    again = post(1, {"type": "landmark", "human": "Ann", "track": "science", "space": 4})
    assert again.status_code == 400 and "already taken by Ben" in again.get_json()["error"]["message"]
    assert post(1, {"type": "advance", "track": "military"}).get_json()["result"]["kind"] == "manual"
    assert post(2, {"type": "income_turn", "human": "Ann"}).status_code == 201
    bad = post(3, {"type": "landmark", "human": "Zed", "track": "science", "space": 7})
    assert bad.status_code == 400 and "no human player" in bad.get_json()["error"]["message"]
    assert post(3, {"type": "teleport"}).status_code == 400
    history = client.get(f"/api/tapestry/games/{gid}").get_json()["state"]["history"]
    # The table's log names the humans' records too, in order: undo takes back the last line, whoever's it is.
    assert [param_text(line, "en") for line in history] == [
        "Ben claims the landmark Apothecary", "an effect advances the Shadow Empire on military",
        "Ann: income turn 1 of 5"]
    assert param_text(history[0], "de") == "Ben nimmt das Wahrzeichen Apotheke"
    r = client.post(f"/api/tapestry/games/{gid}/undo", json={"expected_version": 3}, headers=key)
    assert r.status_code == 201 and r.get_json()["state"]["income_turns"]["Ann"] == 0
    assert r.get_json()["state"]["history"] == history[:2]
    assert client.post(f"/api/tapestry/games/{gid}/undo", json={"expected_version": 4}).status_code == 403
    kinds = [e["kind"] for e in client.get(f"/api/tapestry/games/{gid}/log").get_json()["entries"]]
    assert kinds == ["action", "action", "action", "undo"]
    # The same SQLite file, read by a fresh app: the state comes back from the log.
    other = create_app({"DATABASE": str(tmp_path / "games.db")}).test_client()
    state = other.get(f"/api/tapestry/games/{gid}").get_json()["state"]
    assert state["positions"]["military"] == 1 and state["income_turns"]["Ann"] == 0


@pytest.mark.parametrize(("body", "code"), [
    ({"humans": []}, "bad_humans"), ({"humans": ["A"], "mode": "robot"}, "bad_mode"),
    ({"humans": ["A"], "mode": "physical"}, "bad_favourite"), ({"humans": ["A"], "seed": 5}, "bad_seed"),
    ({"humans": ["A", "A"]}, "bad_setup"), ({"humans": ["A"], "reroll_finished": "yes"}, "bad_setting"),
    ({"humans": ["A"], "draw": "robot"}, "bad_draw"), ({"humans": ["A"], "draw": "physical"}, "bad_favourite"),
    ({"humans": ["A"], "draw": "physical", "mode": "digital", "favourite": "science"}, "bad_draw"),
])
def test_bad_setups(client: FlaskClient, body: dict[str, Any], code: str) -> None:
    r = client.post("/api/tapestry/games", json=body)
    assert r.status_code == 400 and r.get_json()["error"]["code"] == code


def test_agot_and_tapestry_games_do_not_mix(client: FlaskClient) -> None:
    gid, _, _ = create(client, seed="x")
    assert client.get(f"/api/games/{gid}/view").status_code == 404
    assert client.get(f"/g/{gid}").status_code == 404
    agot = client.post("/api/games", json={"seats": ["A"]}).get_json()["game"]["id"]
    assert client.get(f"/api/tapestry/games/{agot}").status_code == 404


def test_every_phone_hears_each_turn(tmp_path: Path) -> None:
    import json
    import threading
    import time
    import urllib.request

    from tests.server import call, start_server

    server = start_server(tmp_path / "games.db")
    try:
        base = server.url + "/api/tapestry"
        _, made = call(base, "POST", "/games", {"humans": ["Ann", "Ben"], "seed": "live"})
        gid, key = made["game"]["id"], made["key"]
        got: list[dict[str, Any]] = []
        opened = threading.Event()

        def listen() -> None:
            req = urllib.request.Request(f"{base}/games/{gid}/events?since=0",
                                         headers={"Authorization": f"Bearer {key}"})
            with urllib.request.urlopen(req, timeout=10) as r:
                opened.set()
                for raw in r:
                    if raw.startswith(b"data:"):
                        got.append({**json.loads(raw[5:]), "at": time.time()})
                        return

        t = threading.Thread(target=listen)
        t.start()
        assert opened.wait(5)
        sent = time.time()
        status, _ = call(base, "POST", f"/games/{gid}/turn", {"expected_version": 0}, key)
        assert status == 201
        t.join(10)
        assert got and got[0]["version"] == 1 and len(got[0]["state"]["moves"]) == 1
        assert got[0]["at"] - sent < 1.0
    finally:
        server.stop()


def test_the_bodies_come_from_the_declarations_and_the_document_publishes_them(client: FlaskClient) -> None:
    from companion.rules.describe import declared_schema
    from companion.tapestry.entries import REGISTRY
    from companion.web.tapestry_api import tapestry_schemas

    schemas = tapestry_schemas()
    doc = client.get("/api/openapi.json").get_json()["paths"]
    for path, name in (("/api/tapestry/games", "TapestryGame"), ("/api/tapestry/games/{game_id}/turn", "TapestryTurn"),
                       ("/api/tapestry/games/{game_id}/entries", "TapestryEntries"),
                       ("/api/tapestry/games/{game_id}/undo", "TapestryUndo")):
        assert doc[path]["post"]["requestBody"]["content"]["application/json"]["schema"] == schemas[name]
    components = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    assert all(components[name] == schema for name, schema in schemas.items())  # one copy, not a second by hand
    published = {s["title"]: s for s in schemas["TapestryEntry"]["oneOf"]}
    assert set(published) == set(REGISTRY) - {"turn"}
    assert all(published[n] == declared_schema(REGISTRY[n], "recorded with the table key") for n in published)
    assert schemas["TapestryTurn"]["properties"]["left"]["maximum"] == 12
    gid, key, _ = create(client, seed="bounds")
    for entry, words in (({"type": "human_position", "human": "Ann", "track": "science", "space": 13}, "'space'"),
                         ({"type": "advance", "track": "diplomacy"}, "'track'"),
                         ({"type": "income_turn", "human": "Ann", "extra": 1}, "'extra'")):
        r = client.post(f"/api/tapestry/games/{gid}/entries", headers=key, json={"expected_version": 0, "entry": entry})
        assert r.status_code == 400 and r.get_json()["error"]["code"] == "bad_entry", r.get_json()
        assert words in r.get_json()["error"]["message"]
    assert client.get(f"/api/tapestry/games/{gid}").get_json()["version"] == 0


def test_the_page_gets_the_limits_and_the_choices_from_the_server(client: FlaskClient) -> None:
    gid, _, _ = create(client, mode="physical", favourite="science")
    state = client.get(f"/api/tapestry/games/{gid}").get_json()
    assert state["limits"] == {"tracks": ["exploration", "science", "military", "technology"], "end_space": 12,
                               "landmark_spaces": [4, 7, 10], "cards": list(range(1, 13)), "income_turns": 5}
    assert state["choices"]["die"] == state["limits"]["tracks"]
    assert state["state"]["settings"] == {"reroll_finished": True, "draw": "physical"}
    assert state["game"]["mode"] == "" and state["game"]["edition"] == ""  # no rules mode: the draw is a setting


def test_the_draw_has_its_own_name_and_mode_is_its_former_one(client: FlaskClient) -> None:
    """The body names the draw ``draw`` (as the setup and the settings do); ``mode`` is still taken, deprecated."""
    for body in ({"draw": "physical"}, {"mode": "physical"}, {"draw": "physical", "mode": "physical"}):
        r = client.post("/api/tapestry/games", json={"humans": ["Ann"], "favourite": "science", **body})
        assert r.status_code == 201, r.get_json()
        state = client.get(f"/api/tapestry/games/{r.get_json()['game']['id']}").get_json()
        assert state["state"]["settings"]["draw"] == "physical" and state["game"]["mode"] == ""
    published = client.get("/api/openapi.json").get_json()["paths"]["/api/tapestry/games"]["post"]
    props = published["requestBody"]["content"]["application/json"]["schema"]["properties"]
    assert props["draw"]["enum"] == ["digital", "physical"] and props["mode"]["deprecated"] is True


def test_the_page_logs_every_record_once_and_says_what_undo_takes_back(server: Any, browser: Any) -> None:
    """At the table (a phone, German): a human's track position typed in and the box left is one entry, not two
    (a change event comes again on leaving the box); the log lists the humans' records beside the Shadow Empire's
    turns, and the undo button says which line it takes back."""
    from tests.server import call

    status, made = call(server.url + "/api/tapestry", "POST", "/games", {"humans": ["Ann", "Ben"], "seed": "page"})
    assert status == 201
    gid = made["game"]["id"]
    from tests.test_browser import PHONE

    ctx = browser.new_context(**PHONE, locale="de-DE")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(made["url"])
        page.wait_for_selector("#tracks .track")
        page.click("#go")
        page.wait_for_selector("#log li")
        box = page.get_by_label("Ann: Erkundung")
        box.fill("5")
        box.dispatch_event("change")
        page.wait_for_function("document.querySelectorAll('#log li').length === 2")
        page.locator("#humans button").nth(1).click()  # Ann's income turn: leaves the box, a second change event
        page.wait_for_function("document.querySelectorAll('#log li').length === 3")
        lines = page.locator("#log li").all_inner_texts()
        assert lines[:2] == ["3. Ann: Einkommenszug 1 von 5", "2. Ann steht auf Erkundung 5"], lines
        assert page.inner_text("#undo") == "Rückgängig: Ann: Einkommenszug 1 von 5"
        page.click("#undo")
        page.wait_for_function("document.querySelectorAll('#log li').length === 2")
        assert page.inner_text("#undo") == "Rückgängig: Ann steht auf Erkundung 5"
        kinds = [e["data"].get("type") for e in call(server.url + "/api/tapestry", "GET", f"/games/{gid}/log")[1]
                 ["entries"] if e["kind"] == "action"]
        assert kinds == ["turn", "human_position", "income_turn"], kinds
        assert errors == []
    finally:
        ctx.close()
