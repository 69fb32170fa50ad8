"""The Shadow Empire's JSON API. Nothing at a Tapestry table is hidden, so anyone may read;
writing needs the table key that creating the game returns."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request

from companion.rules.roles import Role
from companion.store.games import Cached, Game, StoreError
from companion.tapestry.engine import (
    Settings,
    TapestryError,
    apply_entry,
    digital_inputs,
    new_game,
    start_of_turn,
)
from companion.tapestry.facts import TRACKS
from companion.web.api import NAME, body, event_stream, expected_version, limit, own_entry, request_id, svc
from companion.web.auth import HOST, requires
from companion.web.errors import ApiError
from companion.web.live import sse_event

tapestry_api = Blueprint("tapestry_api", __name__)
ENTRY_TYPES = {"human_position", "landmark", "income_turn", "advance"}


def _state(game: Game) -> dict[str, Any]:
    se = svc().store.state(game.id).table
    return {"game": game.public(), "mode": game.header.get("mode"), "version": game.version,
            "state": se.to_dict(), "next": start_of_turn(se)}


def _write(game: Game, role: Role, data: dict[str, Any], make: Any) -> Any:
    version = expected_version(data)
    game_id = game.id

    def step(g: Game, cached: Cached) -> tuple[dict[str, Any], dict[str, Any], None]:
        entry = make(g, cached.table)
        try:
            result = apply_entry(cached.table, entry)
        except TapestryError as exc:
            raise StoreError(exc.message, message_de=exc.message_de) from None
        return entry, result, None

    entry, result = svc().store.record(game_id, role.actor, version, step, request_id(data))
    return jsonify({"version": entry.seq, "result": result, **_state(svc().store.game(game_id))}), 201


@tapestry_api.post("/games")
@limit(4096)
def create() -> Any:
    data = body()
    humans = data.get("humans")
    mode = data.get("mode", "digital")
    if not isinstance(humans, list) or not 1 <= len(humans) <= 4 or not all(
            isinstance(h, str) and 0 < len(h.strip()) <= 30 and NAME.match(h) for h in humans):
        raise ApiError(400, "bad_humans", "humans must be a list of 1 to 4 names")
    if mode not in ("digital", "physical"):
        raise ApiError(400, "bad_mode", "mode must be digital or physical")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, str) or not 0 < len(seed) <= 64):
        raise ApiError(400, "bad_seed", "seed must be text of 1 to 64 characters")
    favourite = data.get("favourite")
    if mode == "physical" and favourite not in TRACKS:
        raise ApiError(400, "bad_favourite",
                       f"physical mode: roll the science die and give the track ({', '.join(TRACKS)})")
    reroll = data.get("reroll_finished", True)
    if not isinstance(reroll, bool):
        raise ApiError(400, "bad_setting", "reroll_finished must be true or false")
    if mode == "digital" and seed is None:
        import secrets

        seed = secrets.token_hex(8)
    try:
        _, setup = new_game([h.strip() for h in humans], seed=seed if mode == "digital" else None,
                            favourite=favourite if mode == "physical" else None, settings=Settings(reroll))
    except TapestryError as exc:
        raise ApiError(400, "bad_setup", exc.message, message_de=exc.message_de) from None
    game, keys = svc().store.create_game("", mode, [], title=str(data.get("title", ""))[:100], kind="tapestry",
                                         header={"setup": setup, "mode": mode})
    base = request.host_url.rstrip("/")
    return jsonify({"game": game.public(), "key": keys.host, "url": f"{base}/t/{game.id}#key={keys.host}",
                    "seed": setup["seed"]}), 201


READ = requires(game_kind="tapestry")
WRITE = requires(HOST, game_kind="tapestry", what="changing this table (the key from the table link)")


@tapestry_api.get("/games/<game_id>")
@READ
def get(game: Game, role: Role) -> Any:
    return jsonify(_state(game))


@tapestry_api.post("/games/<game_id>/turn")
@limit(4096)
@WRITE
def turn(game: Game, role: Role) -> Any:
    data = body()

    def make(game: Game, se: Any) -> dict[str, Any]:
        if game.header.get("mode") == "digital":
            return {"type": "turn", **digital_inputs(se, game.header["setup"]["seed"])}
        entry = {"type": "turn", "left": data.get("left"), "right": data.get("right")}
        if data.get("die") is not None:
            entry["die"] = data["die"]
        return entry

    return _write(game, role, data, make)


@tapestry_api.post("/games/<game_id>/entries")
@limit(4096)
@WRITE
def entries(game: Game, role: Role) -> Any:
    data = body()
    entry = data.get("entry")
    if not isinstance(entry, dict) or entry.get("type") not in ENTRY_TYPES:
        raise ApiError(400, "bad_entry", f"entry must be an object with type one of {', '.join(sorted(ENTRY_TYPES))}")
    allowed = {"type", "human", "track", "space"}
    if set(entry) - allowed:
        raise ApiError(400, "bad_entry", f"unknown field(s) {', '.join(sorted(set(entry) - allowed))}")
    return _write(game, role, data, lambda game, se: dict(entry))


@tapestry_api.post("/games/<game_id>/undo")
@limit(1024)
@WRITE
def undo(game: Game, role: Role) -> Any:
    data = body()
    entry = svc().store.undo(game.id, role, expected_version(data), request_id=request_id(data))
    return jsonify({"version": entry.seq, **_state(svc().store.game(game.id))}), 201


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

        return services.views.get((game_id, version, "tapestry"), render)  # type: ignore[no-any-return]

    return event_stream(game, role, make_event)
