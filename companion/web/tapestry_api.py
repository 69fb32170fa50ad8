"""The Shadow Empire's JSON API. Nothing at a Tapestry table is hidden, so anyone may read;
writing needs the table key that creating the game returns.

Every body is declared once, with ``@accepts``, from the entries' declarations (``companion/tapestry/entries.py``):
the same objects ``tapestry_schemas()`` hands to the OpenAPI document. Errors of the Shadow Empire carry their
message (``details.reason``: a catalogue id and its values) for the page to show in its reader's language.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, jsonify, request

from companion.rules.describe import declared_schema, field_schema
from companion.rules.roles import Role
from companion.service import Recorded
from companion.store.games import Game
from companion.tapestry.engine import (
    DRAWS,
    Settings,
    TapestryError,
    new_game,
    table_view,
)
from companion.tapestry.entries import REGISTRY, Entry, EntryError, Turn, entry_from_dict
from companion.tapestry.facts import TRACKS
from companion.tapestry.kind import TurnRequest
from companion.web.api import PRINTABLE, expected_version, limit, own_entry, request_id, svc
from companion.web.auth import HOST, requires
from companion.web.errors import ApiError
from companion.web.live import event_stream, sse_event
from companion.web.schema import REQUEST_ID, VERSION, Schema, accepts, body, obj, text

tapestry_api = Blueprint("tapestry_api", __name__)

# -- request bodies, from the entries' declarations --------------------------------------------------------

#: A human's name: printable, at most 30 characters (not blank: checked in the view).
HUMAN = text(1, 30, PRINTABLE, description="a name of 1 to 30 printable characters")
GAME_BODY = obj(
    ["humans"],
    humans={"type": "array", "items": HUMAN, "minItems": 1, "maxItems": 4, "x-code": "bad_humans"},
    draw={"enum": list(DRAWS), "x-code": "bad_draw",
          "description": "digital: the app shuffles and rolls from a seed; physical: the players draw and roll"},
    # The draw's first name, from when it was kept in the store's rules mode: still taken, and the same choices.
    mode={"enum": list(DRAWS), "x-code": "bad_mode", "deprecated": True, "description": "the former name of draw"},
    seed=text(1, 64, code="bad_seed"),
    favourite={"enum": list(TRACKS), "x-code": "bad_favourite",
               "description": "physical: the track the science die showed"},
    reroll_finished={"type": "boolean", "x-code": "bad_setting"},
    title=text(0, 100, PRINTABLE, code="bad_title", description="printable text"),
)
TURN_BODY = obj(
    ["expected_version"], expected_version=VERSION, request_id=REQUEST_ID,
    # physical games: the cards drawn and the die rolled (digital games draw and roll themselves)
    left={**field_schema(Turn, "left"), "x-code": "bad_card"},
    right={**field_schema(Turn, "right"), "x-code": "bad_card"},
    die={**field_schema(Turn, "die"), "nullable": True, "x-code": "bad_die"},
)
#: Any entry but a turn (which has its own route): checked by its declaration when decoded.
ENTRY_SCHEMA: Schema = {"type": "object", "x-code": "bad_entry", "oneOf": [
    declared_schema(cls, "recorded with the table key") for name, cls in sorted(REGISTRY.items()) if cls is not Turn]}
ENTRY_BODY = obj(["expected_version", "entry"], expected_version=VERSION, request_id=REQUEST_ID, entry=ENTRY_SCHEMA)
UNDO_BODY = obj(["expected_version"], expected_version=VERSION, request_id=REQUEST_ID)


def tapestry_schemas() -> dict[str, Schema]:
    """The schemas of the Tapestry routes' bodies, by name (the routes publish the same objects with
    ``@accepts``; this is for a components section or a reader)."""
    return {"TapestryGame": GAME_BODY, "TapestryTurn": TURN_BODY, "TapestryEntries": ENTRY_BODY,
            "TapestryUndo": UNDO_BODY, "TapestryEntry": ENTRY_SCHEMA}


# -- answers -------------------------------------------------------------------------------------------------


def _state(game: Game) -> dict[str, Any]:
    return {"game": game.public(), "version": game.version, **table_view(svc().store.state(game.id).table)}


def _write(game: Game, role: Role, data: dict[str, Any], item: Entry | TurnRequest) -> Any:
    """Record one entry through the table service (which checks who may, and applies it, in one transaction)."""
    done = svc().table.record(game, item, role, expected_version(data), request_id(data))
    assert isinstance(done, Recorded)  # nothing at a Tapestry table waits for a seat
    return jsonify({"version": done.entry.seq, "result": done.result, **_state(game)}), 201


# -- routes ----------------------------------------------------------------------------------------------------


@tapestry_api.post("/games")
@limit(4096)
@accepts(GAME_BODY)
def create() -> Any:
    data = body()
    humans = [h.strip() for h in data["humans"]]
    if not all(humans):
        raise ApiError(400, "bad_humans", "a human's name is not blank", field="humans")
    if "draw" in data and "mode" in data and data["draw"] != data["mode"]:
        raise ApiError(400, "bad_draw", "draw and its former name mode disagree: send draw alone", field="draw")
    draw = data.get("draw", data.get("mode", "digital"))
    favourite = data.get("favourite")
    if draw == "physical" and favourite is None:
        raise ApiError(400, "bad_favourite",
                       f"physical mode: roll the science die and give the track ({', '.join(TRACKS)})")
    seed = data.get("seed") or secrets.token_hex(8)
    try:
        _, setup = new_game(humans, seed=seed,
                            favourite=favourite if draw == "physical" else None,
                            settings=Settings(data.get("reroll_finished", True), draw))
    except TapestryError as exc:
        raise ApiError(400, "bad_setup", str(exc), reason=exc.reason) from None
    # The store's edition and rules mode are AGoT's; the draw is a setting in the Shadow Empire's setup.
    game, keys = svc().store.create_game("", "", [], title=data.get("title", ""), kind="tapestry",
                                         header={"setup": setup})
    base = request.host_url.rstrip("/")
    return jsonify({"game": game.public(), "key": keys.host, "url": f"{base}/t/{game.id}#key={keys.host}",
                    "seed": setup["seed"]}), 201


READ = requires(game_kind="tapestry")
WRITE = requires(HOST, game_kind="tapestry", what="changing this table (the key from the table link)")


@tapestry_api.get("/games/<game_id>")
@READ
def get(game: Game, role: Role) -> Any:
    return jsonify(_state(game))


# Bodies are checked before the game is looked up: a body that does not fit is a 400 whoever sends it.
@tapestry_api.post("/games/<game_id>/turn")
@limit(4096)
@accepts(TURN_BODY)
@WRITE
def turn(game: Game, role: Role) -> Any:
    data = body()
    # A digital game draws and rolls itself: what was sent is then not used (resolved against the state).
    return _write(game, role, data, TurnRequest(data.get("left"), data.get("right"), data.get("die")))


@tapestry_api.post("/games/<game_id>/entries")
@limit(4096)
@accepts(ENTRY_BODY)
@WRITE
def entries(game: Game, role: Role) -> Any:
    data = body()
    entry = dict(data["entry"])
    if entry.get("type") == Turn.type:
        raise ApiError(400, "bad_entry", "a turn is posted to /turn", field="entry.type")
    try:
        item = entry_from_dict(entry)  # decoded once, here
    except EntryError as exc:
        raise ApiError(400, "bad_entry", str(exc)) from None
    return _write(game, role, data, item)


@tapestry_api.post("/games/<game_id>/undo")
@limit(1024)
@accepts(UNDO_BODY)
@WRITE
def undo(game: Game, role: Role) -> Any:
    data = body()
    entry = svc().table.undo(game, role, expected_version(data), request_id=request_id(data))
    return jsonify({"version": entry.seq, **_state(game)}), 201


@tapestry_api.get("/games/<game_id>/log")
@READ
def log(game: Game, role: Role) -> Any:
    return jsonify({"version": game.version, "entries": [
        own_entry(e.to_dict(), role) for e in svc().store.entries(game.id)]})


@tapestry_api.get("/games/<game_id>/events")
@requires(HOST, game_kind="tapestry", what="live updates (the key from the table link)")
def events(game: Game, role: Role) -> Any:
    """Live updates for every phone at the table (Server-Sent Events)."""
    game_id = game.id
    services = svc()

    def make_event(seen: int, version: int) -> str:
        def render() -> str:
            current = _state(services.store.game(game_id))
            return sse_event(current["version"], current)

        event: str = services.views.get((game_id, version, "tapestry"), render)
        return event

    return event_stream(game, role, make_event)
