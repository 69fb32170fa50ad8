"""The JSON API through the real app and a real SQLite file (Flask's test client drives it)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.messages import verdict_text

TYRION_TB, TYRION_CORE, IMPS_AGENT = "13089", "01089", "00168"


def new_game(client: FlaskClient, mode: str = "advisory", edition: str = "2e") -> dict[str, Any]:
    r = client.post("/api/games", json={"edition": edition, "mode": mode, "judge": True, "seats": [
        {"seat": "A", "name": "Alice", "faction": "lannister"}, {"seat": "B", "name": "Bob"}]})
    assert r.status_code == 201, r.get_json()
    return r.get_json()  # type: ignore[no-any-return]


def h(key: str) -> dict[str, str]:
    return {"Authorization": "Bearer " + key}


def act(client: FlaskClient, g: dict[str, Any], key: str, action: dict[str, Any], version: int) -> Any:
    return client.post(f"/api/games/{g['game']['id']}/actions", json={"action": action, "expected_version": version},
                       headers=h(key))


def game_with_decks(client: FlaskClient, mode: str = "advisory") -> tuple[dict[str, Any], str, str, str]:
    g = new_game(client, mode)
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    r = client.put(f"/api/games/{gid}/seats/A/deck", headers=h(ka),
                   json={"expected_version": 0, "deck": {TYRION_TB: 1, TYRION_CORE: 1, IMPS_AGENT: 2}})
    assert r.status_code == 200, r.get_json()
    r = client.put(f"/api/games/{gid}/seats/B/deck", headers=h(kb),
                   json={"expected_version": 1, "text": "2x The Imp's Agent (Tower of Joy Draft Set)\n"})
    assert r.status_code == 200, r.get_json()
    return g, gid, ka, kb


def test_create_game_gives_distinct_random_keys(client: FlaskClient) -> None:
    g = new_game(client)
    keys = [g["host"]["key"], g["judge"]["key"], *(s["key"] for s in g["seats"])]
    assert len(set(keys)) == 4 and all(len(k) >= 32 for k in keys)  # 24 random bytes, base64url
    gid = g["game"]["id"]
    seat_b = client.get(f"/api/games/{gid}", headers=h(g["seats"][1]["key"])).get_json()
    assert seat_b["role"] == "seat" and seat_b["viewer"] == {"role": "seat", "seat": "B"}
    assert client.get(f"/api/games/{gid}", headers=h(g["judge"]["key"])).get_json()["role"] == "judge"
    assert client.get(f"/api/games/{gid}").get_json()["role"] == "spectator"
    wrong = client.get(f"/api/games/{gid}", headers=h("guess" * 8))
    assert wrong.status_code == 401 and wrong.get_json()["error"]["code"] == "bad_key"


def test_keys_are_stored_hashed(client: FlaskClient, tmp_path: Path) -> None:
    g = new_game(client)
    raw = (tmp_path / "games.db").read_bytes()
    for k in [g["host"]["key"], g["judge"]["key"], *(s["key"] for s in g["seats"])]:
        assert k.encode() not in raw


def test_actions_versions_and_conflicts(client: FlaskClient) -> None:
    g, gid, ka, _kb = game_with_decks(client)
    r = act(client, g, ka, {"type": "setup_into_shadows", "player": "A", "card": "A.13089.1"}, 2)
    assert r.status_code == 201 and r.get_json()["version"] == 3
    again = act(client, g, ka, {"type": "setup_into_shadows", "player": "A", "card": "A.13089.1"}, 2)
    assert again.status_code == 409 and again.get_json()["error"]["details"]["version"] == 3
    missing = client.post(f"/api/games/{gid}/actions", json={"action": {"type": "draw"}}, headers=h(ka))
    assert missing.status_code == 400 and missing.get_json()["error"]["code"] == "missing_version"


def test_strict_mode_refuses_and_records_nothing(client: FlaskClient) -> None:
    g, gid, ka, _ = game_with_decks(client, mode="strict")
    assert act(client, g, ka, {"type": "setup_into_shadows", "player": "A", "card": "A.13089.1"}, 2).status_code == 201
    r = act(client, g, ka, {"type": "bring_out", "player": "A", "card": "A.13089.1"}, 3)  # during setup
    assert r.status_code == 422
    err = r.get_json()["error"]
    assert err["code"] == "illegal_action"
    assert err["details"]["verdict"]["violations"][0]["rule"] == "shadows.no-action-window"
    assert err["details"]["card"] == {"name": "Tyrion Lannister"}  # the card tapped, by its title: A may see it
    assert client.get(f"/api/games/{gid}").get_json()["version"] == 3
    # A card named where it is not cannot be brought out at all: refused in every mode.
    r = act(client, g, ka, {"type": "bring_out", "player": "A", "card": "A.00168.1"}, 3)
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "impossible"


def test_advisory_mode_records_and_flags_the_dead_pile_bring_out(client: FlaskClient) -> None:
    g, _gid, ka, _ = game_with_decks(client)
    v = 2
    for action in ({"type": "setup_into_shadows", "player": "A", "card": "A.13089.1"},
                   {"type": "setup_place", "player": "A", "card": "A.01089.1"},
                   {"type": "begin_phase", "phase": "plot"},
                   {"type": "kill", "player": "A", "card": "A.01089.1"}):
        r = act(client, g, ka, action, v)
        assert r.status_code == 201, r.get_json()
        v = r.get_json()["version"]
    r = act(client, g, ka, {"type": "bring_out", "player": "A", "card": "A.13089.1"}, v)
    body = r.get_json()
    assert r.status_code == 201 and body["verdict"]["legal"] is False
    flag = body["verdict"]["violations"][0]
    assert flag["rule"] == "shadows.unique-dead-pile" and flag["citation"] == "RR: Shadows › Unique cards and shadows"
    assert "Totenstapel" in verdict_text(flag, "de") and "Tyrion Lannister" in verdict_text(flag)
    assert "A.13089.1" not in json.dumps(flag["params"])  # a seat reads names; instance ids are the judge's


def test_undo_is_a_compensating_entry_the_log_keeps(client: FlaskClient) -> None:
    g, gid, ka, kb = game_with_decks(client)
    act(client, g, ka, {"type": "setup_into_shadows", "player": "A", "card": "A.13089.1"}, 2)
    r = client.post(f"/api/games/{gid}/undo", json={"expected_version": 3}, headers=h(kb))
    assert r.status_code == 403  # B cannot undo A's action
    r = client.post(f"/api/games/{gid}/undo", json={"expected_version": 3}, headers=h(ka))
    assert r.status_code == 201
    view = client.get(f"/api/games/{gid}/view", headers=h(ka)).get_json()
    assert view["players"][0]["shadows"] == [] and view["version"] == 4
    kinds = [e["kind"] for e in client.get(f"/api/games/{gid}/log", headers=h(ka)).get_json()["entries"]]
    assert kinds == ["deck", "deck", "action", "undo"]
    assert client.get(f"/api/games/{gid}/verify").get_json()["ok"] is True


def test_seats_cannot_act_for_others_or_name_hidden_cards(client: FlaskClient) -> None:
    g, _gid, _ka, kb = game_with_decks(client)
    r = act(client, g, kb, {"type": "marshal_into_shadows", "player": "A", "card": "A.13089.1"}, 2)
    assert r.status_code == 403
    hidden = act(client, g, kb, {"type": "discard", "player": "B", "card": "A.13089.1"}, 2)
    nonexistent = act(client, g, kb, {"type": "discard", "player": "B", "card": "A.99999.1"}, 2)
    assert hidden.status_code == nonexistent.status_code == 404
    assert hidden.get_json()["error"]["message"].replace("13089", "X") == \
        nonexistent.get_json()["error"]["message"].replace("99999", "X")


def test_opponents_name_face_down_cards_by_position(client: FlaskClient) -> None:
    g, gid, ka, kb = game_with_decks(client)
    act(client, g, ka, {"type": "setup_into_shadows", "player": "A", "card": "A.13089.1"}, 2)
    r = act(client, g, kb, {"type": "place_tokens", "player": "B", "kind": "shadow", "card": "A:shadows#1"}, 3)
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["entry"]["data"]["card"] == "A:shadows#1"
    mine = client.get(f"/api/games/{gid}/view", headers=h(ka)).get_json()
    assert mine["players"][0]["shadows"][0]["tokens"] == {"shadow": 1}
    gone = act(client, g, kb, {"type": "discard", "player": "B", "card": "A:shadows#7"}, 4)
    assert gone.status_code == 404


def test_judge_export_replays_with_companion_check(client: FlaskClient, tmp_path: Path) -> None:
    g, gid, ka, kb = game_with_decks(client)
    act(client, g, ka, {"type": "setup_into_shadows", "player": "A", "card": "A.13089.1"}, 2)
    assert client.get(f"/api/games/{gid}/export", headers=h(kb)).status_code == 403
    r = client.get(f"/api/games/{gid}/export", headers=h(g["judge"]["key"]))
    assert r.status_code == 200
    from companion.cli.check import judge_log
    from tests.tables import catalog

    rows = judge_log(r.get_data(as_text=True), catalog())
    assert [row["action"]["type"] for row in rows] == ["setup_into_shadows"]
    header = json.loads(r.get_data(as_text=True).splitlines()[0])
    assert header["chain"]["verified"] and header["chain"]["head"]
    assert header["players"][0]["deck"] == {TYRION_CORE: 1, TYRION_TB: 1, IMPS_AGENT: 2}


def test_card_actions_suggest_what_makes_sense(client: FlaskClient) -> None:
    g, gid, ka, kb = game_with_decks(client)
    act(client, g, ka, {"type": "setup_into_shadows", "player": "A", "card": "A.13089.1"}, 2)
    r = client.get(f"/api/games/{gid}/cards/A.13089.1/actions", headers=h(ka)).get_json()
    types = [a["action"]["type"] for a in r["actions"]]
    assert "bring_out" in types and "marshal" not in types
    bring_out = next(a for a in r["actions"] if a["action"]["type"] == "bring_out")
    assert bring_out["legal"] is False  # setup has no action window
    assert client.get(f"/api/games/{gid}/cards/A.13089.1/actions", headers=h(kb)).status_code == 404
    assert client.get(f"/api/games/{gid}/cards/A.13089.1/actions").status_code == 403


@pytest.mark.parametrize(
    ("method", "path", "payload", "status", "code"),
    [
        ("post", "/api/games", b"not json", 400, "bad_body"),
        ("post", "/api/games", b"[]", 400, "bad_body"),
        ("post", "/api/games", json.dumps({"seats": []}).encode(), 400, "bad_seats"),
        ("post", "/api/games", json.dumps({"seats": ["A.B"]}).encode(), 400, "bad_seat"),
        ("post", "/api/games", json.dumps({"seats": ["A", "A"]}).encode(), 400, "bad_seats"),
        ("post", "/api/games", json.dumps({"seats": ["A"], "edition": "3e"}).encode(), 400, "bad_edition"),
        ("post", "/api/games", json.dumps({"seats": ["A"], "pad": "x" * 20000}).encode(), 413, "body_too_large"),
        ("get", "/api/games/nope", None, 404, "not_found"),
        ("get", "/api/cards?q=", None, 400, "missing_query"),
        ("get", "/api/cards?q=a&limit=x", None, 400, "bad_limit"),
        ("get", "/api/cards/nope", None, 404, "unknown_card"),
        ("get", "/api/nothing-here", None, 404, "not_found"),
        ("delete", "/api/games", None, 405, "method_not_allowed"),
        ("post", "/api/qr", json.dumps({"text": ""}).encode(), 400, "bad_text"),
    ],
)
def test_bad_input_gets_a_json_error_never_500(client: FlaskClient, method: str, path: str, payload: bytes | None,
                                               status: int, code: str) -> None:
    r = getattr(client, method)(path, data=payload, content_type="application/json")
    assert r.status_code == status
    err = r.get_json()["error"]
    assert err["code"] == code and err["message"] and isinstance(err["details"], dict)


def test_bad_actions_and_decks(client: FlaskClient) -> None:
    g, gid, ka, _kb = game_with_decks(client)
    cases = [
        ({"type": "teleport"}, "bad_action"),
        ({"type": "kill", "player": "A"}, "bad_action"),
        ({"type": "spend_gold", "player": "A", "amount": -3}, "bad_action"),
        ("kill", "bad_action"),
    ]
    for action, code in cases:
        r = act(client, g, ka, action, 2)  # type: ignore[arg-type]
        assert r.status_code == 400 and r.get_json()["error"]["code"] == code, (action, r.get_json())
    r = client.put(f"/api/games/{gid}/seats/A/deck", json={"expected_version": 2, "text": "3x Nobody Atall"},
                   headers=h(ka))
    assert r.status_code == 400 and r.get_json()["error"]["details"]["problems"][0]["line"] == 1
    r = client.put(f"/api/games/{gid}/seats/A/deck", json={"expected_version": 2, "deck": {"kl_5": 1}}, headers=h(ka))
    assert r.status_code == 400 and "other edition" in r.get_json()["error"]["message"]
    r = client.put(f"/api/games/{gid}/seats/B/deck", json={"expected_version": 2, "deck": {"01089": 1}}, headers=h(ka))
    assert r.status_code == 403
    act(client, g, ka, {"type": "draw", "player": "A", "card": "A.00168.1"}, 2)
    r = client.put(f"/api/games/{gid}/seats/A/deck", json={"expected_version": 3, "deck": {"01089": 1}}, headers=h(ka))
    assert r.status_code == 409 and "fixed" in r.get_json()["error"]["message"]


def test_openapi_document_matches_the_real_routes(client: FlaskClient) -> None:
    doc = client.get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.")
    documented = {(path, method) for path, ops in doc["paths"].items() for method in ops}
    real = set()
    for rule in client.application.url_map.iter_rules():
        # The API, and the public feeds outside it (an event's /e/EVENT/feed.json and .csv)
        feed = getattr(client.application.view_functions[rule.endpoint], "public_feed", False)
        if not rule.rule.startswith("/api/") and not feed:
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:  # type: ignore[operator]
            real.add((path, method.lower()))
    assert documented == real
    for path, ops in doc["paths"].items():
        for op in ops.values():
            names = {p["name"] for p in op["parameters"] if p["in"] == "path"}
            assert names == set(re.findall(r"{(\w+)}", path))


def test_every_body_route_has_a_size_limit(client: FlaskClient) -> None:
    app = client.application
    for rule in app.url_map.iter_rules():
        if rule.methods & {"POST", "PUT"}:  # type: ignore[operator]
            fn = app.view_functions[rule.endpoint]
            assert getattr(fn, "body_limit", None), f"{rule.rule} has no body limit"


def test_a_real_decklist_loads_with_its_agenda_and_plots_and_legality_warnings(client: FlaskClient) -> None:
    from tests.decklists import as_text, counts, real_decks
    from tests.shared import need_shared
    from tests.tables import catalog

    need_shared()
    raw = real_decks()[0]
    text = as_text(raw, catalog())
    g = new_game(client)
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    r = client.put(f"/api/games/{gid}/seats/A/deck", headers=h(ka), json={"expected_version": 0, "text": text})
    body = r.get_json()
    assert r.status_code == 200, body
    draw = counts(raw, catalog(), {"character", "location", "attachment", "event"})
    assert body["agendas"] and body["plots"] == 7 and body["draw"] == draw
    assert isinstance(body["warnings"], list) and all(w["citation"] and w["message"]["de"] for w in body["warnings"])
    view = client.get(f"/api/games/{gid}/view", headers=h(ka)).get_json()
    mine = view["players"][0]
    assert len(mine["agenda"]) == len(body["agendas"]) and mine["plots"]["count"] == 7
    # The same list pasted twice is a mistake, not a 120-card deck; nothing is recorded.
    r = client.put(f"/api/games/{gid}/seats/A/deck", headers=h(ka),
                   json={"expected_version": 1, "text": text + "\n" + text})
    assert r.status_code == 400 and "twice" in json.dumps(r.get_json())
    assert client.get(f"/api/games/{gid}").get_json()["version"] == 1
    # Until A's first card action, A may replace its deck; the host may at any time.
    r = client.put(f"/api/games/{gid}/seats/A/deck", headers=h(ka), json={"expected_version": 1, "text": text})
    assert r.status_code == 200 and r.get_json()["version"] == 2
