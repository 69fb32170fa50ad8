"""The OpenAPI 3 description of the JSON API. A test checks it against the real routes.

A route that declares its body with ``@accepts(Body)`` (``companion/web/schema.py``) is published with
that declaration's JSON schema (msgspec's) as its ``requestBody``: the document and the validator read one
declaration. Every write
route with a JSON body declares it that way (game, TTS, Tapestry and event routes alike).
"""

from __future__ import annotations

import copy
import re
from typing import Any

from flask import Blueprint, Flask, current_app, jsonify

from companion import __version__
from companion.rules.describe import action_schemas
from companion.store.keys import ISSUED
from companion.web.events_doc import EVENT_PATHS
from companion.web.operation import op as _op

G = ["game_id"]

PATHS: dict[str, dict[str, dict[str, Any]]] = {
    "/api/health": {"get": _op("Service status and whether zbar and OCR (tesseract) are available", auth=False)},
    "/api/openapi.json": {"get": _op("This document", auth=False)},
    "/api/qr": {"post": _op("A QR code as SVG", auth=False, content="image/svg+xml")},
    "/api/cards": {"get": _op("Search the catalog by name or code", query=["q", "edition", "limit"], auth=False)},
    "/api/cards/{code}": {"get": _op("One card's facts and its copies", params=["code"], auth=False)},
    "/api/games": {"post": _op("Create a game; answers the host and seat join links (shown once), and a judge "
                               "link only with \"judge\": true",
                               ok=201, auth=False)},
    "/api/games/{game_id}": {"get": _op("A game's public facts and the caller's role", params=G)},
    "/api/games/{game_id}/view": {"get": _op("The table as the caller may see it", params=G)},
    "/api/games/{game_id}/seats/{seat}/key": {"post": _op("Host or judge (at an event: the judge): a new join link "
                                                          "for a seat (logged, every phone told; the old key and its "
                                                          "live streams stop)", params=[*G, "seat"])},
    "/api/games/{game_id}/claim": {"post": _op(
        "The phone that opens a seat sheet (its printed key in the Authorization header) gets the seat's own key, "
        "once; opened again, the sheet is refused (409 paper_used) and every phone of the table is told",
        params=G)},
    "/api/games/{game_id}/keys/{kind}": {"post": _op(
        "Host or judge: a new key of a kind (the store's key table; a judge key not at an event): logged, the old "
        "one stops, and every phone is told of one that reads hidden cards", params=[*G, "kind"])},
    "/api/games/{game_id}/judge-key": {"post": _op(
        "Host (or judge): a judge key for a casual game, which sees every hidden card (logged; every phone is told; "
        "a new one replaces the old)", params=G)},
    "/api/games/{game_id}/table-key": {"post": _op(
        "Host or judge: a scoped key for the Tabletop Simulator helper (snapshots for this game only; a new one "
        "revokes the old)", params=G)},
    "/api/games/{game_id}/tts": {"post": _op(
        "Host or judge: map TTS colours to seats; a new scoped table key (as a chat line) and the Companion object",
        params=G, ok=201)},
    "/api/games/{game_id}/pending/{pending_id}": {"post": _op(
        "The seat whose face-down card an effect names (or the judge) confirms or declines it",
        params=[*G, "pending_id"], ok=201)},
    "/api/games/{game_id}/seats/{seat}/deck": {"put": _op(
        "Set a seat's deck before play starts: a ThronesDB decklist as text, or code -> copies",
        params=[*G, "seat"])},
    "/api/games/{game_id}/actions": {"post": _op(
        "Record an action; the rules engine checks it (strict games refuse illegal ones with 422)",
        params=G, ok=201)},
    "/api/games/{game_id}/undo": {"post": _op(
        "Take back an action with a compensating entry (202: it waits for the seat that acted since)", params=G,
        ok=201),
        "get": _op("What the caller's undo would take back (the entry as the caller may see it) and whether it "
                   "may: yes, confirm (by the seat that acted since) or no", params=G, query=["seq"])},
    "/api/games/{game_id}/log": {"get": _op("The log as the caller may see it", params=G, query=["since"])},
    "/api/games/{game_id}/verify": {"get": _op("Walk the log's hash chain", params=G)},
    "/api/games/{game_id}/export": {"get": _op("Judge: the verified table log (JSON Lines)", params=G,
                                               content="application/x-ndjson")},
    "/api/games/{game_id}/cards/{card_id}/actions": {"get": _op(
        "The actions that make sense for a card, with a verdict preview; for another seat's face-down card "
        "named by position (A:shadows#2), what is offered for any card there, without a verdict",
        params=[*G, "card_id"])},
    "/api/games/{game_id}/find": {"get": _op("Card instances the caller can see, by name", params=G,
                                                query=["q", "for"])},
    "/api/games/{game_id}/events": {"get": _op(
        "Live updates (Server-Sent Events) as the key sees the table; without a key the spectators' public view; "
        "resumes from Last-Event-ID or ?since=", params=G,
        query=["key", "since"], content="text/event-stream")},
    # The Tapestry routes' bodies come from their @accepts schemas (route_bodies), built from the entries' declarations.
    "/api/tapestry/games": {"post": _op(
        "Tapestry: set up a Shadow Empire (digital: the app shuffles and rolls from a seed; physical: give the die)",
        ok=201, auth=False)},
    "/api/tapestry/games/{game_id}": {"get": _op("Tapestry: the table, the Shadow Empire and its moves", params=G)},
    "/api/tapestry/games/{game_id}/turn": {"post": _op(
        "Tapestry: the Shadow Empire's turn (physical draw: the two card numbers, and the die when asked)",
        params=G, ok=201)},
    "/api/tapestry/games/{game_id}/entries": {"post": _op(
        "Tapestry: a human's position, a landmark claimed, an income turn, or an effect moving the Shadow Empire",
        params=G, ok=201)},
    "/api/tapestry/games/{game_id}/undo": {"post": _op("Tapestry: take back the last entry", params=G, ok=201)},
    "/api/tapestry/games/{game_id}/log": {"get": _op("Tapestry: every entry", params=G)},
    "/api/tapestry/games/{game_id}/events": {"get": _op(
        "Tapestry: live updates (Server-Sent Events); resumes from Last-Event-ID or ?since=", params=G,
        query=["since"], content="text/event-stream")},
    "/api/tts/games/{game_id}/snapshot": {"post": _op(
        "TTS helper: one colour's shadows zone as TTS shows it; differences are recorded as actions",
        params=G)},
    "/api/tts/import": {"post": _op(
        "Read a TTS save, Saved Object or object (request body or multipart \"file\"); "
        "?game=ID&seat=Red=A compares with a tracked game (judge key); ?lang=de|en: the reasons and differences "
        "in that language (else Accept-Language)", query=["game", "seat", "lang"])},
    "/api/scan": {"post": _op(
        "Decode every code in a photo (JPEG/PNG/WebP body or multipart \"image\") and read the titles of "
        "unlabelled cards; with ?game= the cards they name and the actions that make sense; ?titles=0: codes "
        "only; ?titles=only: titles only (the live camera's \"hold still\" frame)", query=["game", "titles"])},
}

# The key kinds a route makes on their own, from the store's one table of key kinds.
PATHS["/api/games/{game_id}/keys/{kind}"]["post"]["parameters"][1]["schema"]["enum"] = list(ISSUED)


def _tapestry_schemas() -> dict[str, Any]:
    from companion.web.tapestry_api import tapestry_schemas  # imported late (it builds on the web toolbox)

    return tapestry_schemas()


def route_bodies(app: Flask) -> dict[tuple[str, str], dict[str, Any]]:
    """(OpenAPI path, method) -> the body schema its view declares with ``@accepts``."""
    out = {}
    for rule in app.url_map.iter_rules():
        schema = getattr(app.view_functions[rule.endpoint], "body_schema", None)
        if schema is not None:
            path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
            for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}:
                out[(path, method.lower())] = schema
    return out


def openapi_document(app: Flask | None = None) -> dict[str, Any]:
    paths = copy.deepcopy({**PATHS, **EVENT_PATHS})
    for (path, method), schema in route_bodies(app or current_app).items():
        paths[path][method]["requestBody"] = {"required": True, "content": {"application/json": {"schema": schema}}}
    return {
        "openapi": "3.1.0",  # the bodies' schemas are msgspec's JSON Schema (2020-12): 3.1's dialect
        "info": {"title": "Companion API", "version": __version__,
                 "description": "Table-state companion for the Shadows mechanic of A Game of Thrones: The Card Game."},
        "paths": paths,
        "components": {
            "securitySchemes": {"key": {"type": "http", "scheme": "bearer",
                                        "description": "a seat's, the judge's or the host's key"}},
            "schemas": {"Action": action_schemas(), **_tapestry_schemas(), "Error": {
                "type": "object", "required": ["error"], "properties": {"error": {
                    "type": "object", "required": ["code", "message", "details"], "properties": {
                        "code": {"type": "string"}, "message": {"type": "string"}, "details": {"type": "object"}}}}}},
        },
    }


#: The document's own route (``/api/openapi.json``): here, not among the game routes, because the
#: document reads every blueprint's routes, and a blueprint it reads must not import it.
openapi_api = Blueprint("openapi_api", __name__)


@openapi_api.get("/openapi.json")
def openapi() -> Any:
    return jsonify(openapi_document(current_app))
