"""TTS reaching the tracked game: the helper's snapshots, save uploads, and `companion tts import --game`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.web import create_app
from tests.tts_saves import card, save, zone


def tracked(client: FlaskClient, mode: str = "advisory") -> dict[str, Any]:
    g = client.post("/api/games", json={"mode": mode, "seats": [{"seat": "Red"}, {"seat": "Blue"}],
                                        "judge": True}).get_json()
    gid, red = g["game"]["id"], g["seats"][0]["key"]
    r = client.put(f"/api/games/{gid}/seats/Red/deck", headers={"Authorization": f"Bearer {red}"},
                   json={"expected_version": 0, "deck": {"13089": 1, "01089": 1, "00168": 1}})
    assert r.status_code == 200
    for v, action in enumerate(({"type": "begin_phase", "phase": "plot"}, {"type": "begin_phase", "phase": "draw"},
                                {"type": "begin_phase", "phase": "marshaling"},
                                {"type": "collect_income", "player": "Red", "amount": 10}), start=1):
        assert client.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {red}"},
                           json={"action": action, "expected_version": v}).status_code == 201
    return g


def snap(client: FlaskClient, g: dict[str, Any], body: dict[str, Any], key: str | None = None) -> Any:
    return client.post(f"/api/tts/games/{g['game']['id']}/snapshot", json=body,
                       headers={"Authorization": f"Bearer {key or g['judge']['key']}"})


def test_a_card_put_into_shadows_in_tts_is_recorded_and_checked(app_client: FlaskClient) -> None:
    g = tracked(app_client)
    r = snap(app_client, g, {"colour": "Red", "cards": [{"guid": "abc123", "code": "13089", "face_down": True}]})
    body = r.get_json()
    assert r.status_code == 200 and body["recorded"] == 1 and body["seat"] == "Red"
    assert body["verdicts"][0]["legal"] is True and "marshal into shadows" in body["verdicts"][0]["text"]
    view = app_client.get(f"/api/games/{g['game']['id']}/view", headers={
        "Authorization": f"Bearer {g['seats'][0]['key']}"}).get_json()
    assert view["players"][0]["shadows"][0]["card"]["code"] == "13089" and view["players"][0]["gold"] == 8
    # Sending the same snapshot again changes nothing.
    again = snap(app_client, g, {"colour": "Red", "cards": [{"guid": "abc123", "code": "13089", "face_down": True}]})
    assert again.get_json()["recorded"] == 0


def test_a_card_leaving_shadows_is_a_bring_out_with_its_verdict(app_client: FlaskClient) -> None:
    g = tracked(app_client)
    snap(app_client, g, {"colour": "Red", "cards": [{"guid": "abc123", "code": "13089", "face_down": True}]})
    red = {"Authorization": f"Bearer {g['seats'][0]['key']}"}
    gid = g["game"]["id"]
    version = app_client.get(f"/api/games/{gid}").get_json()["version"]
    blue = {"Authorization": f"Bearer {g['seats'][1]['key']}"}
    for action, who in (({"type": "marshal", "player": "Red", "card": "Red.01089.1", "cost": 0}, red),
                        ({"type": "kill", "player": "Blue", "card": "Red.01089.1"}, blue)):  # Blue's effect
        r = app_client.post(f"/api/games/{gid}/actions", json={"action": action, "expected_version": version},
                            headers=who)
        version = r.get_json()["version"]
    # Gone from the zone with no destination: pending, never a bring-out.
    pending = snap(app_client, g, {"colour": "Red", "cards": []}).get_json()
    assert pending["recorded"] == 0 and "did not say where it went" in pending["verdicts"][0]["text"]
    body = snap(app_client, g, {"colour": "Red", "cards": [], "left": [{"code": "13089", "to": "play"}],
                                "request_id": "req-0001"}).get_json()
    assert body["recorded"] == 1
    verdict = body["verdicts"][0]
    assert verdict["legal"] is False and "RR: Shadows › Unique cards and shadows" in verdict["text"]


def test_strict_games_refuse_the_whole_snapshot(app_client: FlaskClient) -> None:
    g = tracked(app_client, mode="strict")
    gid = g["game"]["id"]
    before = app_client.get(f"/api/games/{gid}").get_json()["version"]
    cards = [{"guid": "a00001", "code": "13089", "face_down": True},
             {"guid": "a00002", "code": "01089", "face_down": True}]
    r = snap(app_client, g, {"colour": "Red", "cards": cards})
    assert r.status_code == 422  # 01089 has no Shadow keyword: nothing at all is recorded
    assert app_client.get(f"/api/games/{gid}").get_json()["version"] == before


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"colour": "Mauve", "cards": []}, 400, "bad_colour"),
    ({"colour": "Red", "cards": "no"}, 400, "bad_cards"),
    ({"colour": "Red", "cards": [{"guid": 5, "face_down": True}]}, 400, "bad_cards"),
    ({"colour": "Teal", "cards": []}, 400, "no_seat"),
])
def test_bad_snapshots(app_client: FlaskClient, body: dict[str, Any], status: int, code: str) -> None:
    g = tracked(app_client)
    r = snap(app_client, g, body)
    assert r.status_code == status and r.get_json()["error"]["code"] == code


def test_only_the_judge_or_host_reports_snapshots(app_client: FlaskClient) -> None:
    g = tracked(app_client)
    r = snap(app_client, g, {"colour": "Red", "cards": []}, key=g["seats"][1]["key"])
    assert r.status_code == 403


def test_upload_a_save_and_compare_with_the_game(app_client: FlaskClient) -> None:
    g = tracked(app_client)
    doc = save(zone("Shadows: Red", x=0, z=-10), card("13089", x=0, z=-10))
    r = app_client.post("/api/tts/import", data=json.dumps(doc), content_type="application/json")
    assert r.status_code == 200 and r.get_json()["players"]["Red"]["shadows"][0]["code"] == "13089"
    r = app_client.post(f"/api/tts/import?game={g['game']['id']}", data=json.dumps(doc),
                        headers={"Authorization": f"Bearer {g['seats'][1]['key']}"})
    assert r.status_code == 403  # comparing would show Red's hidden cards to Blue
    r = app_client.post(f"/api/tts/import?game={g['game']['id']}", data=json.dumps(doc),
                        headers={"Authorization": f"Bearer {g['judge']['key']}"})
    [diff] = r.get_json()["differences"]
    assert diff["kind"] == "entered" and diff["action"]["type"] == "marshal_into_shadows" and diff["legal"] is True
    bad = app_client.post("/api/tts/import", data=b"\x00\x01garbage", content_type="application/octet-stream")
    assert bad.status_code == 400 and bad.get_json()["error"]["code"] == "bad_save"


def test_cli_import_compares_and_applies_all_or_nothing(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    client = create_app({"DATABASE": str(db)}).test_client()
    g = tracked(client)
    doc = save(zone("Shadows: Red", x=0, z=-10), card("13089", x=0, z=-10, guid="a00001"),
               card("00168", x=3, z=-10, guid="a00002"))
    path = tmp_path / "table.json"
    path.write_text(json.dumps(doc))
    env = {**os.environ, "COMPANION_DB": str(db)}
    run = lambda *a: subprocess.run([sys.executable, "-m", "companion", "tts", "import", str(path), *a],  # noqa: E731
                                    capture_output=True, text=True, env=env, timeout=60)
    shown = run("--game", g["game"]["id"], "--json")
    assert shown.returncode == 0, shown.stderr
    assert sorted(d["code"] for d in json.loads(shown.stdout)["differences"]) == ["00168", "13089"]
    applied = run("--game", g["game"]["id"], "--apply")
    assert applied.returncode == 0 and "Recorded 2 action(s)" in applied.stdout
    again = run("--game", g["game"]["id"], "--json")
    assert json.loads(again.stdout)["differences"] == []
    unmapped = run("--game", g["game"]["id"], "--seat", "Red=Nobody")
    assert unmapped.returncode != 0 and "no such seat" in unmapped.stderr


def test_where_a_card_went_decides_the_action(app_client: FlaskClient) -> None:
    g = tracked(app_client)
    gid = g["game"]["id"]
    snap(app_client, g, {"colour": "Red", "cards": [{"guid": "abc123", "code": "13089", "face_down": True},
                                                    {"guid": "abc124", "code": "00168", "face_down": True}]})
    body = snap(app_client, g, {"colour": "Red", "cards": [], "left": [
        {"code": "13089", "to": "hand"}, {"code": "00168", "to": "discard"}]}).get_json()
    assert body["recorded"] == 2
    log = app_client.get(f"/api/games/{gid}/log", headers={"Authorization": f"Bearer {g['judge']['key']}"})
    types = [e["data"]["type"] for e in log.get_json()["entries"] if e["kind"] == "action"][-2:]
    assert sorted(types) == ["discard", "return_to_hand"]


def test_an_empty_lua_table_encoded_as_an_object_is_an_empty_list(app_client: FlaskClient) -> None:
    """TTS's JSON.encode may write an empty Lua table as {}: the first report after a load still reconciles."""
    g = tracked(app_client)
    r = snap(app_client, g, {"colour": "Red", "seat": "Red", "cards": {}, "left": {}, "reconcile": True})
    assert r.status_code == 200 and r.get_json()["reconciled"] is True and r.get_json()["shadows"] == []
    r = snap(app_client, g, {"colour": "Red", "seat": "Red", "cards": {}, "left": {}})
    assert r.status_code == 200 and r.get_json()["recorded"] == 0
    bad = snap(app_client, g, {"colour": "Red", "seat": "Red", "cards": {"a": 1}})
    assert bad.status_code == 400 and "cards" in json.dumps(bad.get_json()["error"])   # {} only, not any object


def test_a_table_key_is_said_to_be_one_and_a_bring_out_the_log_does_not_know_is_told(app_client: FlaskClient) -> None:
    g = tracked(app_client)
    gid = g["game"]["id"]
    table_key = app_client.post(f"/api/games/{gid}/table-key",
                                headers={"Authorization": f"Bearer {g['judge']['key']}"}).get_json()["key"]
    r = snap(app_client, g, {"colour": "Red", "seat": "Red", "cards": [], "left": [{"code": "00168", "to": "play"}]},
             key=table_key)
    answer = r.get_json()
    assert r.status_code == 200 and answer["key_role"] == "table" and answer["recorded"] == 0
    assert any("the log does not have it there" in v["text"] and "Imp's Agent" in v["text"] for v in answer["verdicts"])
    assert snap(app_client, g, {"colour": "Red", "seat": "Red", "cards": []}).get_json()["key_role"] == "judge"


def test_verdicts_carry_their_log_entry(app_client: FlaskClient) -> None:
    g = tracked(app_client)
    r = snap(app_client, g, {"colour": "Red", "seat": "Red",
                             "cards": [{"guid": "g1", "code": "00168", "face_down": True}]}).get_json()
    [v] = [v for v in r["verdicts"] if "Imp's Agent" in v["text"]]
    assert v["entry"] == r["version"]


def test_cli_tts_key_makes_the_table_key_that_the_old_one_stops(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from companion.cli.tts import tts as tts_cli

    db = tmp_path / "games.db"
    client = create_app({"DATABASE": str(db), "TESTING": True}).test_client()
    g = tracked(client)
    gid = g["game"]["id"]
    first = CliRunner().invoke(tts_cli, ["key", gid, "--db", str(db)])
    assert first.exit_code == 0, first.output
    key = first.stdout.strip().splitlines()[0]
    assert snap(client, g, {"colour": "Red", "seat": "Red", "cards": []}, key=key).get_json()["key_role"] == "table"
    again = CliRunner().invoke(tts_cli, ["key", gid, "--db", str(db)]).stdout.strip().splitlines()[0]
    assert snap(client, g, {"colour": "Red", "seat": "Red", "cards": []}, key=key).status_code in (401, 403)
    assert snap(client, g, {"colour": "Red", "seat": "Red", "cards": []}, key=again).status_code == 200
    # A game that does not exist: a clear refusal, no key.
    assert CliRunner().invoke(tts_cli, ["key", "nope", "--db", str(db)]).exit_code != 0


def test_tokens_on_a_shadows_card_are_recorded_and_bad_tokens_named(app_client: FlaskClient) -> None:
    """The helper counts the tokens lying on each card (by their names); they are recorded on the card once, taken
    off when gone; an empty table written [] is none; a count out of bounds is refused naming the card's tokens."""
    g = tracked(app_client)
    gid = g["game"]["id"]
    red = {"Authorization": f"Bearer {g['seats'][0]['key']}"}

    def tokens() -> dict[str, int]:
        view = app_client.get(f"/api/games/{gid}/view", headers=red).get_json()
        return dict(view["players"][0]["shadows"][0]["tokens"])

    card = {"guid": "abc123", "code": "13089", "face_down": True}
    r = snap(app_client, g, {"colour": "Red", "cards": [{**card, "tokens": {"gold coin": 2, "custom_token": 0}}]})
    assert r.status_code == 200 and r.get_json()["recorded"] == 2 and tokens() == {"gold": 2}
    same = snap(app_client, g, {"colour": "Red", "cards": [{**card, "tokens": {"gold": 2}}]})
    assert same.get_json()["recorded"] == 0
    assert snap(app_client, g, {"colour": "Red", "cards": [{**card, "tokens": []}]}).get_json()["recorded"] == 1
    assert tokens() == {}
    bad = snap(app_client, g, {"colour": "Red", "cards": [{**card, "tokens": {"gold": 1000}}]})
    assert bad.status_code == 400 and "cards[0].tokens.gold" in bad.get_json()["error"]["message"]
    # A pending card's tokens (none can be seen) and a card in a deck take nothing off.
    snap(app_client, g, {"colour": "Red", "cards": [{**card, "tokens": {"gold": 1}}]})
    for other in ({**card, "tokens": {}, "pending": "it is being moved"}, {**card, "tokens": {}, "deck": "d00001"}):
        assert snap(app_client, g, {"colour": "Red", "cards": [other]}).get_json()["recorded"] == 0
    assert tokens() == {"gold": 1}


@pytest.mark.parametrize("who", ["spectator", "Blue"])
def test_what_tts_records_on_a_face_down_card_shows_the_others_the_same_whichever_card_it_is(who: str) -> None:
    """A permutation check (tests/test_trust.py's property, for TTS reports with tokens): another seat or a
    spectator reads the same log and view whichever card Red put face down with its tokens."""
    seen = []
    for code in ("13089", "00168"):
        app = create_app({"TESTING": True, "DATABASE": ":memory:"})
        client = app.test_client()
        g = tracked(client)
        gid = g["game"]["id"]
        card = {"guid": "abc123", "code": code, "face_down": True, "tokens": {"gold": 1}}
        assert snap(client, g, {"colour": "Red", "cards": [card], "request_id": "req-0001"}).status_code == 200
        head = {} if who == "spectator" else {"Authorization": f"Bearer {g['seats'][1]['key']}"}
        texts = [client.get(f"/api/games/{gid}/{w}", headers=head).get_data(as_text=True) for w in ("log", "view")]
        # Times differ; the head is an HMAC under a key only the judge gets (tests/test_trust.py does the same).
        seen.append([re.sub(r'"head":"[0-9a-f]{12}"', "HEAD", re.sub(r"\d{4}-\d\d-\d\dT[0-9:.+-]+", "TIME",
                                                                     t.replace(gid, "GAME"))) for t in texts])
    assert seen[0] == seen[1]
