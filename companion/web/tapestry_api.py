"""The Shadow Empire's JSON API. Nothing at a Tapestry table is hidden, so anyone may read;
writing needs the table key that creating the game returns.

Every body is declared once, with ``@accepts``, from the entries' declarations (``companion/tapestry/entries.py``):
the same objects ``tapestry_schemas()`` hands to the OpenAPI document. Errors of the Shadow Empire carry their
message (``details.reason``: a catalogue id and its values) for the page to show in its reader's language.
"""

from __future__ import annotations

import secrets
from typing import Annotated, Any

from flask import Blueprint, jsonify, request
from msgspec import UNSET, Meta, UnsetType

from companion.declare import text
from companion.rules.describe import declared_schema
from companion.rules.roles import Can, Role
from companion.service import Recorded
from companion.store.games import Game
from companion.tapestry.engine import (
    Draw,
    Settings,
    TapestryError,
    new_game,
    table_view,
)
from companion.tapestry.entries import REGISTRY, Card, Entry, EntryError, Turn, entry_from_dict
from companion.tapestry.facts import TRACKS, Track
from companion.tapestry.kind import TurnRequest
from companion.web.api import expected_version, limit, own_entry, request_id, svc
from companion.web.auth import requires
from companion.web.errors import ApiError
from companion.web.live import event_stream, sse_event
from companion.web.schema import Body, RequestId, Version, accepts, answers, body, body_schema

tapestry_api = Blueprint("tapestry_api", __name__)

# -- request bodies, from the entries' declarations --------------------------------------------------------

#: A human's name: printable, at most 30 characters (not blank: checked in the view).
HumanName = Annotated[str, text(1, 30, description="a name of 1 to 30 printable characters")]


class GameBody(Body):
    humans: Annotated[list[HumanName], Meta(min_length=1, max_length=4), answers("bad_humans")]
    draw: Annotated[Draw, Meta(description="digital: the app shuffles and rolls from a seed; physical: the players "
                                           "draw and roll"), answers("bad_draw")] | UnsetType = UNSET
    # The draw's first name, from when it was kept in the store's rules mode: still taken, and the same choices.
    mode: Annotated[Draw, Meta(description="the former name of draw", extra_json_schema={"deprecated": True}),
                    answers("bad_mode")] | UnsetType = UNSET
    seed: Annotated[str, text(1, 64, None), answers("bad_seed")] | UnsetType = UNSET
    favourite: Annotated[Track, Meta(description="physical: the track the science die showed"),
                         answers("bad_favourite")] | UnsetType = UNSET
    reroll_finished: Annotated[bool, answers("bad_setting")] | UnsetType = UNSET
    title: Annotated[str, text(0, 100, description="printable text"), answers("bad_title")] | UnsetType = UNSET


class TurnBody(Body):
    expected_version: Version
    request_id: RequestId | None = None
    # physical games: the cards drawn and the die rolled (digital games draw and roll themselves)
    left: Annotated[Card, answers("bad_card")] | UnsetType = UNSET
    right: Annotated[Card, answers("bad_card")] | UnsetType = UNSET
    die: Annotated[Track, answers("bad_die")] | None = None


#: Any entry but a turn (which has its own route): checked by its declaration when decoded.
ENTRY_SCHEMA: dict[str, Any] = {"type": "object", "x-code": "bad_entry", "oneOf": [
    declared_schema(cls, "recorded with the table key") for name, cls in sorted(REGISTRY.items()) if cls is not Turn]}


class EntriesBody(Body):
    expected_version: Version
    entry: Annotated[dict[str, Any], Meta(extra_json_schema=ENTRY_SCHEMA)]
    request_id: RequestId | None = None


class UndoBody(Body):
    expected_version: Version
    request_id: RequestId | None = None


def tapestry_schemas() -> dict[str, dict[str, Any]]:
    """The schemas of the Tapestry routes' bodies, by name (the routes publish the same objects with
    ``@accepts``; this is for a components section or a reader)."""
    return {"TapestryGame": body_schema(GameBody), "TapestryTurn": body_schema(TurnBody),
            "TapestryEntries": body_schema(EntriesBody), "TapestryUndo": body_schema(UndoBody),
            "TapestryEntry": ENTRY_SCHEMA}


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
@accepts(GameBody)
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
    game, keys = svc().table.create_game("", "", [], title=data.get("title", ""), kind="tapestry",
                                         header={"setup": setup})
    base = request.host_url.rstrip("/")
    return jsonify({"game": game.public(), "key": keys.host, "url": f"{base}/t/{game.id}#key={keys.host}",
                    "seed": setup["seed"]}), 201


READ = requires(game_kind="tapestry")
WRITE = requires(Can.RECORD, game_kind="tapestry", what="changing this table (the key from the table link)")


@tapestry_api.get("/games/<game_id>")
@READ
def get(game: Game, role: Role) -> Any:
    return jsonify(_state(game))


# Bodies are checked before the game is looked up: a body that does not fit is a 400 whoever sends it.
@tapestry_api.post("/games/<game_id>/turn")
@limit(4096)
@accepts(TurnBody)
@WRITE
def turn(game: Game, role: Role) -> Any:
    data = body()
    # A digital game draws and rolls itself: what was sent is then not used (resolved against the state).
    return _write(game, role, data, TurnRequest(data.get("left"), data.get("right"), data.get("die")))


@tapestry_api.post("/games/<game_id>/entries")
@limit(4096)
@accepts(EntriesBody)
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
@accepts(UndoBody)
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
@requires(Can.STREAM, game_kind="tapestry", what="live updates (the key from the table link)")
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
