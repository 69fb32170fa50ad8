"""An upload's answer speaks the reader's language: why a card is not identified (``unidentified[].reason``) and
each difference from the tracked game (``differences[].message``) come from the message catalogue, beside a machine
code that stays when the words change (``reason_code``, ``message_code``); ``?lang=`` (the page's own choice) wins
over Accept-Language. The import's pinned reports (tests/test_tts_golden.py) keep their English reasons."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient

from companion.messages import text
from tests.test_tts_api import tracked
from tests.tts_saves import card, save, zone

CODES = {"no_code": "", "no_title": "Obligation", "several": "Tyrion Lannister"}


def _doc() -> dict[str, Any]:
    blank, named, several = (card(None, name=n, x=4 * i, z=-10) for i, n in enumerate(CODES.values()))
    return save(zone("Shadows: Red", x=0, z=-10, w=20), card("13089", x=-4, z=-10), card("00168", x=8, z=-10),
                blank, named, several)


def _upload(client: FlaskClient, query: str = "", accept: str | None = None, key: str | None = None) -> Any:
    headers = {**({"Accept-Language": accept} if accept else {}), **({"Authorization": f"Bearer {key}"} if key else {})}
    return client.post("/api/tts/import" + query, data=json.dumps(_doc()), content_type="application/json",
                       headers=headers)


def test_why_a_card_is_not_identified_in_the_readers_language(app_client: FlaskClient) -> None:
    english = _upload(app_client).get_json()["unidentified"]
    german = _upload(app_client, accept="de-DE,de;q=0.9").get_json()["unidentified"]
    chosen = _upload(app_client, "?lang=de", accept="en-US").get_json()["unidentified"]  # the page's button wins
    assert [u["reason_code"] for u in english] == [u["reason_code"] for u in german] == list(CODES)
    assert german == chosen
    by_code = {u["reason_code"]: u["reason"] for u in german}
    assert by_code["no_code"] == text("tts.reason.no_code", "de")
    assert by_code["no_title"] == "der Name 'Obligation' ist kein Kartentitel im Katalog"
    assert by_code["several"].startswith("'Tyrion Lannister' passt zu ") and " Drucken: " in by_code["several"]
    assert {u["reason_code"]: u["reason"] for u in english}["no_code"] == \
        "no card code in GMNotes, Memo or the image URL, and no name"
    for u in german:
        assert not any(w in u["reason"] for w in (" fits ", " is not ", "no card code")), u
    bad = _upload(app_client, "?lang=fr")
    assert bad.status_code == 400 and bad.get_json()["error"]["code"] == "bad_lang"


def test_differences_from_the_game_in_the_readers_language(app_client: FlaskClient) -> None:
    g = tracked(app_client)
    query = f"?game={g['game']['id']}"
    rows = {lang: _upload(app_client, f"{query}&lang={lang}", key=g["judge"]["key"]).get_json()["differences"]
            for lang in ("en", "de")}
    codes = sorted(r["message_code"] for r in rows["de"])
    assert codes == sorted(r["message_code"] for r in rows["en"]) == ["entered", "entered", "unidentified"]
    de = {(r["message_code"], r.get("code")): r["message"] for r in rows["de"]}
    assert de[("entered", "13089")] == "Tyrion Lannister ist in TTS in die Schatten von Rot gekommen"
    assert de[("unidentified", None)] == "In den Schatten von Rot nicht erkannte Karten: 3"
    en = {(r["message_code"], r.get("code")): r["message"] for r in rows["en"]}
    assert en[("entered", "13089")] == "Tyrion Lannister went into Red's shadows in TTS"
    # The rest of a row is the same in both languages: the action, its verdict, the machine codes.
    strip = [{k: v for k, v in r.items() if k != "message"} for r in rows["de"]]
    assert strip == [{k: v for k, v in r.items() if k != "message"} for r in rows["en"]]


def test_a_card_in_no_loaded_deck_is_named_by_the_catalogue(app_client: FlaskClient) -> None:
    g = tracked(app_client)   # Red's deck holds no King's Landing Dromond (00170)
    doc = save(zone("Shadows: Red", x=0, z=-10), card("00170", x=0, z=-10))
    r = app_client.post(f"/api/tts/import?game={g['game']['id']}&lang=de", data=json.dumps(doc),
                        content_type="application/json", headers={"Authorization": f"Bearer {g['judge']['key']}"})
    [row] = r.get_json()["differences"]
    assert row["message_code"] == "untracked"
    assert row["message"] == ("King's Landing Dromond liegt in TTS in den Schatten von Rot, aber nicht im erfassten "
                              "Deck von Red"), row
