"""Bounded integers where they enter (issue 22, item 5), and a fuzz pass over every route of the OpenAPI document.

Two inputs gave a 500: ``GET /api/games/G/log?since=9223372036854775808`` (SQLite's 64-bit integer) and a TTS
import with a 4,301-digit integer (Python's int-string limit). They and their neighbours answer 4xx now, on
every query integer and every JSON body; the fuzz pass looks for the next one."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.bench.fuzz import fuzz
from companion.safejson import MAX_DIGITS

NEIGHBOURS = [str(2**63 - 1), str(2**63), str(-(2**63)), str(-(2**63) - 1), "1" + "0" * 400, "9" * 4300, "9" * 4301,
              "-" + "9" * 4301]


def auth(key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"} if key else {}


@pytest.fixture()
def table(client: FlaskClient) -> dict[str, Any]:
    g = client.post("/api/games", json={"seats": ["A", "B"]}).get_json()
    ev = client.post("/api/event", json={"name": "Bounds Open", "rounds": 2, "tables": 2}).get_json()
    t = client.post("/api/tapestry/games", json={"humans": ["Ann"], "draw": "digital", "seed": "s"}).get_json()
    return {"game": g, "event": ev, "tapestry": t["game"]["id"], "tapestry_key": t["key"]}


@pytest.mark.parametrize("value", NEIGHBOURS)
def test_query_integers_past_any_bound_answer_400_naming_the_parameter(client: FlaskClient, table: dict[str, Any],
                                                                       value: str) -> None:
    g, ev = table["game"], table["event"]
    gid, eid, seat = g["game"]["id"], ev["event"]["id"], g["seats"][0]["key"]
    judge = ev["judge"]["key"]
    for path, param, key in [
        (f"/api/games/{gid}/log", "since", None),
        (f"/api/games/{gid}/events", "since", seat),
        (f"/api/tapestry/games/{table['tapestry']}/events", "since", table["tapestry_key"]),
        ("/api/cards?q=stark", "limit", None),
        (f"/api/event/{eid}/dashboard", "round", judge),
        (f"/api/event/{eid}/stream", "round", judge),
    ]:
        sep = "&" if "?" in path else "?"
        r = client.get(f"{path}{sep}{param}={value}", headers=auth(key))
        assert r.status_code == 400, (path, value[:30], r.status_code)
        err = r.get_json()["error"]
        assert err["details"]["field"] == param and param in err["message"], err
    # The stream's resume header is a query integer too.
    r = client.get(f"/api/games/{gid}/events", headers={**auth(seat), "Last-Event-ID": value})
    assert r.status_code == 400 and r.get_json()["error"]["details"]["field"] == "Last-Event-ID"


def test_the_largest_sane_since_still_answers(client: FlaskClient, table: dict[str, Any]) -> None:
    gid = table["game"]["game"]["id"]
    assert client.get(f"/api/games/{gid}/log?since=1000000000").get_json()["entries"] == []
    assert client.get(f"/api/games/{gid}/log?since=1000000001").status_code == 400
    assert client.get(f"/api/games/{gid}/log?since=-1").status_code == 400
    assert client.get(f"/api/games/{gid}/log?since=0").status_code == 200


@pytest.mark.parametrize("digits", [MAX_DIGITS + 1, 400, 4300, 4301, 5000])
def test_over_long_integers_in_any_json_body_are_refused_before_conversion(client: FlaskClient,
                                                                            table: dict[str, Any],
                                                                            digits: int) -> None:
    big = "9" * digits
    g = table["game"]
    gid = g["game"]["id"]
    org = table["event"]["organiser"]["key"]
    cases = [
        ("/api/tts/import", '{"ObjectStates": [{"Name": "Card", "CardID": ' + big + "}]}", None),
        (f"/api/games/{gid}/actions", '{"expected_version": ' + big + ', "action": {"type": "pass_turn"}}',
         g["seats"][0]["key"]),
        ("/api/games", '{"seats": ["A"], "title": "x", "n": -' + big + "}", None),
        (f"/api/event/{table['event']['event']['id']}/players",
         '{"name": "Ann", "decklist": "{\\"slots\\": {\\"01001\\": ' + big + '}}"}', org),
    ]
    for path, text, key in cases:
        r = client.post(path, data=text, content_type="application/json", headers=auth(key))
        assert 400 <= r.status_code < 500, (path, digits, r.status_code, r.get_data(as_text=True)[:200])
        if path == "/api/tts/import":
            assert f"{digits} digits" in r.get_json()["error"]["message"]
    # Inside a card's notes (JSON in a string) the number is not read: the card stays unidentified.
    notes = '{"Name": "Card", "GMNotes": "{\\"code\\": ' + big + '}", "CardID": 100}'
    r = client.post("/api/tts/import", data=notes, content_type="application/json")
    assert r.status_code == 200 and r.get_json()["counts"]["unidentified"] == 1


def test_a_thirty_digit_integer_is_read_and_then_range_checked(client: FlaskClient, table: dict[str, Any]) -> None:
    g = table["game"]
    undo = f"/api/games/{g['game']['id']}/undo"
    r = client.post(undo, headers=auth(g["host"]["key"]), content_type="application/json",
                    data=json.dumps({"expected_version": 0, "seq": int("9" * MAX_DIGITS)}))
    assert r.status_code == 400 and r.get_json()["error"]["details"]["field"] == "seq"
    r = client.post(undo, headers=auth(g["host"]["key"]), content_type="application/json",
                    data='{"expected_version": 0, "seq": ' + "9" * (MAX_DIGITS + 1) + "}")
    err = r.get_json()["error"]
    assert r.status_code == 400 and err["code"] == "bad_number" and err["details"]["field"] == "seq", err


def test_a_route_number_past_nine_digits_matches_no_route(client: FlaskClient, table: dict[str, Any]) -> None:
    ev = table["event"]
    r = client.post(f"/api/event/{ev['event']['id']}/rounds/9223372036854775808/clock", json={},
                    headers=auth(ev["organiser"]["key"]))
    assert r.status_code == 404


def test_a_short_fuzz_pass_over_every_route_finds_no_5xx() -> None:
    """Every operation of /api/openapi.json, with bodies from its schema and hostile values in one place,
    query integers past every bound, and every kind of key (``companion bench fuzz`` runs the long pass)."""
    # A count, not a time: a loaded machine sends the same requests, only slower.
    result = fuzz(requests=600, seed=22)
    assert result["routes"] == result["routes_in_document"], result
    assert result["5xx"] == 0, result["failures"]
    assert result["requests"] == 600, result


@pytest.mark.parametrize("value", [2**63, -(2**63) - 1, 10**29, -1])
def test_a_version_past_its_range_is_a_400_naming_it(client: FlaskClient, table: dict[str, Any], value: int) -> None:
    g = table["game"]
    r = client.post(f"/api/games/{g['game']['id']}/actions", headers=auth(g["seats"][0]["key"]),
                    json={"expected_version": value, "action": {"type": "gain_gold", "player": "A", "amount": 1}})
    err = r.get_json()["error"]
    assert r.status_code == 400 and err["details"]["field"] == "expected_version", err
