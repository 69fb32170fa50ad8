"""The verdicts in a TTS table's chat come from the message catalogue, in the table's language: the helper's
setting (``!companion lang de``, or the language of the host page that made the object), else the request's
Accept-Language, else English. Rule citations have their headings in that language (the book's label stays)."""

from __future__ import annotations

import json

from flask.testing import FlaskClient

from companion.messages import catalogue, text
from tests.test_tts_api import snap, tracked
from tests.test_tts_live import shadows_card, table


def _verdicts(tts: object, colour: str) -> list[str]:
    return [b["message"] for b in tts.broadcasts() if b["colour"] == colour]  # type: ignore[attr-defined]


def test_the_helper_reports_in_english_until_the_host_sets_german(client: FlaskClient) -> None:
    tts, game = table(client)
    shadows_card(tts, "agent", "Red", "00168")
    assert "Companion: marshal into shadows The Imp's Agent" in _verdicts(tts, "Red")
    assert "lang" not in tts.bodies("Red")[-1]
    # Only the host changes it; the command itself is hidden from the chat.
    assert tts.run("return onChat('!companion lang de', {color = 'Blue', host = false})") is False
    assert tts.run("return onChat('!companion lang de', {color = 'Red', host = true})") is False
    shadows_card(tts, "dromond", "Red", "00170", dx=3)
    assert tts.bodies("Red")[-1]["lang"] == "de"
    said = _verdicts(tts, "Red")
    assert "Companion: King's Landing Dromond in die Schatten aufmarschiert" in said, said
    assert not any("marshal into shadows King" in m for m in said)
    assert game.moves() == [("A", "marshal_into_shadows", "00168"), ("A", "marshal_into_shadows", "00170")]
    # Kept with the game: a load or a rewind speaks German still.
    assert json.loads(tts.run("return onSave()"))["lang"] == "de"


def test_a_name_that_fits_several_printings_is_explained_in_german(client: FlaskClient) -> None:
    tts, game = table(client)
    tts.run("onChat('!companion lang de', {color = 'Red', host = true})")
    tts.run("named = fake.card({name = 'The Knight', face_down = true})")
    x, z = tts.zone_at("Red")
    tts.move("named", "Red", x, z)
    tts.settle(1.5)
    [said] = [m for m in _verdicts(tts, "Red") if "Knight" in m]
    assert said.startswith("Companion: Karte 1 in den Schatten: 'The Knight' passt zu ") and " Drucken: " in said
    assert "fits" not in said and game.moves() == []


def test_the_route_takes_the_helpers_language_then_accept_language(app_client: FlaskClient) -> None:
    g = tracked(app_client)
    card = {"guid": "abc123", "code": "13089", "face_down": True}
    gid, judge = g["game"]["id"], g["judge"]["key"]

    def post(body: dict[str, object], accept: str | None = None) -> dict[str, object]:
        headers = {"Authorization": f"Bearer {judge}", **({"Accept-Language": accept} if accept else {})}
        r = app_client.post(f"/api/tts/games/{gid}/snapshot", json=body, headers=headers)
        assert r.status_code == 200, r.get_json()
        answer: dict[str, object] = r.get_json()
        return answer

    german = post({"colour": "Red", "cards": [card]}, accept="de-DE,de;q=0.9,en;q=0.5")
    assert german["verdicts"][0]["text"] == "Companion: Tyrion Lannister in die Schatten aufmarschiert"  # type: ignore[index]
    # The helper's setting wins over the header: the table chooses, not the machine that sends.
    english = post({"colour": "Red", "cards": [card, {"guid": "u1", "name": "The Knight", "face_down": True}],
                    "lang": "en"}, accept="de")
    assert english["verdicts"][0]["text"].startswith("Companion: card 2 in shadows: 'The Knight' fits ")  # type: ignore[index]
    bad = app_client.post(f"/api/tts/games/{gid}/snapshot", json={"colour": "Red", "cards": [], "lang": "fr"},
                          headers={"Authorization": f"Bearer {judge}"})
    assert bad.status_code == 400 and bad.get_json()["error"]["code"] == "bad_lang"
    assert "lang" in json.dumps(bad.get_json()["error"]["details"])
    unmapped = app_client.post(f"/api/tts/games/{gid}/snapshot", json={"colour": "Green", "cards": [], "lang": "de"},
                               headers={"Authorization": f"Bearer {judge}"})
    # (the colour as TTS names it here: it is what the host types to map it)
    assert unmapped.status_code == 400 and unmapped.get_json()["error"]["message"].startswith(
        "Kein Platz für die Farbe Green: Ordne")


def test_a_rule_verdict_in_german_keeps_its_citation(app_client: FlaskClient) -> None:
    """The bring-out of a unique card whose copy is in the dead pile, as in test_tts_api, with the table in German."""
    g = tracked(app_client)
    snap(app_client, g, {"colour": "Red", "cards": [{"guid": "abc123", "code": "13089", "face_down": True}]})
    red = {"Authorization": f"Bearer {g['seats'][0]['key']}"}
    blue = {"Authorization": f"Bearer {g['seats'][1]['key']}"}
    gid = g["game"]["id"]
    version = app_client.get(f"/api/games/{gid}").get_json()["version"]
    for action, who in (({"type": "marshal", "player": "Red", "card": "Red.01089.1", "cost": 0}, red),
                        ({"type": "kill", "player": "Blue", "card": "Red.01089.1"}, blue)):
        version = app_client.post(f"/api/games/{gid}/actions", json={"action": action, "expected_version": version},
                                  headers=who).get_json()["version"]
    pending = snap(app_client, g, {"colour": "Red", "cards": [], "lang": "de"}).get_json()
    assert pending["verdicts"][0]["text"] == ("Companion: " + text("tts.pending", "de", card="Tyrion Lannister",
                                                                   colour="Rot"))
    body = snap(app_client, g, {"colour": "Red", "cards": [], "left": [{"code": "13089", "to": "play"}],
                                "lang": "de"}).get_json()
    verdict = body["verdicts"][0]
    assert verdict["legal"] is False
    assert verdict["text"].startswith("Companion: Tyrion Lannister aus den Schatten geholt — ")
    # The citation's headings in German too, as the phones show them (the book's label stays).
    assert "(RR: Schatten › Einzigartige Karten und die Schatten)" in verdict["text"]
    rule = next(k for k in catalogue("de") if k.startswith("rule.") and "unique" in k.lower())
    assert catalogue("de")[rule].split("{")[0].strip()[:12] in verdict["text"], (rule, verdict["text"])


def test_the_host_pages_object_carries_its_language(app_client: FlaskClient) -> None:
    g = tracked(app_client)
    gid, host = g["game"]["id"], g["host"]["key"]
    for accept, lang in (("de-AT,de;q=0.9", "de"), ("en-GB", "en")):
        r = app_client.post(f"/api/games/{gid}/tts", json={"seats": {"Red": "Red"}},
                            headers={"Authorization": f"Bearer {host}", "Accept-Language": accept})
        assert r.status_code == 201, r.get_json()
        assert json.loads(r.get_json()["object"]["ObjectStates"][0]["LuaScriptState"])["lang"] == lang
