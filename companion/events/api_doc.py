"""The event routes in the OpenAPI document (merged by ``companion.web.openapi``)."""

from __future__ import annotations

from typing import Any

from companion.web.openapi import _obj, _op

E = ["event_id"]
EG = ["event_id", "game_id"]
RID = {"request_id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{8,64}$"}}

EVENT_PATHS: dict[str, dict[str, dict[str, Any]]] = {
    "/api/event": {"post": _op(
        "Create an event; answers the organiser's and the judge's links (shown once)",
        body=_obj(["name"], name={"type": "string"}, date={"type": "string"}, rounds={"type": "integer"},
                  tables={"type": "integer"}, minutes={"type": "integer"}, edition={"enum": ["2e", "1e"]}),
        ok=201, auth=False)},
    "/api/event/{event_id}": {"get": _op("Organiser or judge: the event, its players and rounds", params=E)},
    "/api/event/{event_id}/players": {"post": _op(
        "Organiser: register a player; the decklist (ThronesDB text or JSON) is frozen with its SHA-256",
        params=E, body=_obj(["name", "decklist"], **RID, name={"type": "string"}, decklist={"type": "string"},
                            faction={"type": "string"}, agenda={"type": "string"}), ok=201)},
    "/api/event/{event_id}/rounds": {"post": _op(
        "Organiser: a round from pairings (CSV table,player,player or a list); one strict game per table with "
        "the registered decks; answers the seat links once", params=E,
        body=_obj([], **RID, csv={"type": "string"}, pairings={"type": "array"}, round={"type": "integer"},
                  mode={"enum": ["strict", "advisory"]}), ok=201)},
    "/api/event/{event_id}/rounds/{number}/sheets": {"post": _op(
        "Organiser: the seat-link QR sheet (PDF, one page per table); makes new seat links", params=[*E, "number"],
        body=_obj(["confirm"], confirm={"type": "boolean"}), content="application/pdf")},
    "/api/event/{event_id}/rounds/{number}/clock": {"post": _op(
        "Organiser or judge: start the round clock", params=[*E, "number"],
        body=_obj([], minutes={"type": "integer"}, seconds_ago={"type": "number"}))},
    "/api/event/{event_id}/dashboard": {"get": _op("Judge or organiser: every table of a round, with flags",
                                                    params=E, query=["round"])},
    "/api/event/{event_id}/stream": {"get": _op("Judge or organiser: the dashboard live (Server-Sent Events)",
                                                 params=E, query=["round", "since"], content="text/event-stream")},
    "/api/event/{event_id}/games/{game_id}/moment": {"get": _op(
        "Judge or organiser: the full table after entry seq (hidden cards included) and every entry", params=EG,
        query=["seq"])},
    "/api/event/{event_id}/games/{game_id}/rulings": {"post": _op(
        "Judge: a ruling logged in the game (note, penalty, time extension, correction with its action)",
        params=EG, body=_obj(["type", "request_id"], **RID, type={"enum": ["note", "penalty", "time_extension",
                                                                           "correction"]},
                             text={"type": "string"}, minutes={"type": "integer"}, penalty={"type": "string"},
                             seat={"type": "string"}, rule={"type": "string"}, action={"type": "object"},
                             expected_version={"type": "integer"}), ok=201)},
    "/api/event/{event_id}/games/{game_id}/going-to-time": {"get": _op(
        "Judge or organiser: the going-to-time steps from the table state", params=EG, query=["dominance"])},
    "/api/event/{event_id}/games/{game_id}/result": {"post": _op(
        "Judge: a table's result", params=EG, body=_obj([], winner={"type": "string"}, reason={"type": "string"}))},
    "/api/event/{event_id}/flags/{flag_id}/clear": {"post": _op("Judge: mark a flag dealt with",
                                                                 params=[*E, "flag_id"], body=_obj([]))},
    "/api/event/{event_id}/report": {"get": _op("Judge or organiser: the report per table (JSON, or ?format=pdf)",
                                                 params=E, query=["round", "format"])},
    "/api/event/{event_id}/export": {"get": _op(
        "Judge or organiser: the signed-off event file (zip: a JSON Lines log per table and a manifest)",
        params=E, content="application/zip")},
    "/api/event-tables/{game_id}": {"get": _op("A seat of an event game: its event, table and round clock",
                                               params=["game_id"])},
    "/api/event-tables/{game_id}/call-judge": {"post": _op(
        "A seat of an event game: call a judge to the table", params=["game_id"],
        body=_obj(["request_id"], **RID, note={"type": "string"}), ok=201)},
    "/api/rules": {"get": _op("Every rule id the engine knows, with citations, in English and German",
                              query=["q"], auth=False)},
}
