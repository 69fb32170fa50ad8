"""Tabletop Simulator: snapshots from the Lua helper, and save uploads."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request

from companion.rules import ActionError
from companion.rules.roles import Role, RoleKind
from companion.store.games import Game
from companion.tts.diff import differences, seat_map
from companion.tts.importer import CardLookup, import_save
from companion.tts.save import COLOURS, TtsError
from companion.tts.sync import LEFT_TO, snapshot_actions
from companion.web.api import body, limit, request_id, svc
from companion.web.auth import JUDGE, TABLE, requires, role_for
from companion.web.errors import ApiError

tts_api = Blueprint("tts_api", __name__)
MAX_SAVE = 64 * 1024 * 1024


def _lookup() -> CardLookup:
    return CardLookup(svc().catalog().all())


@tts_api.post("/games/<game_id>/snapshot")
@limit(256 * 1024)
@requires(TABLE, JUDGE, what="a Tabletop Simulator snapshot (the table key from the host page)")
def snapshot(game: Game, role: Role) -> Any:
    """One colour's shadows zone as TTS shows it; the differences are recorded as actions."""
    game_id = game.id
    data = body()
    colour = data.get("colour")
    if colour not in COLOURS:
        raise ApiError(400, "bad_colour", f"colour must be a TTS player colour ({', '.join(COLOURS)})")
    cards = data.get("cards")
    if not isinstance(cards, list) or len(cards) > 200:
        raise ApiError(400, "bad_cards", "cards must be a list of at most 200 objects")
    clean = []
    for i, c in enumerate(cards):
        if not isinstance(c, dict) or not isinstance(c.get("guid"), str) or not isinstance(c.get("face_down"), bool):
            raise ApiError(400, "bad_cards", f"card {i + 1} needs a guid and face_down", index=i)
        code = c.get("code")
        if code is not None and not isinstance(code, str):
            raise ApiError(400, "bad_cards", f"card {i + 1}: code must be text", index=i)
        clean.append({"guid": c["guid"], "code": code, "face_down": c["face_down"]})
    left_raw = data.get("left") or []
    if not isinstance(left_raw, list):
        raise ApiError(400, "bad_left", "left must be a list")
    left = {str(x.get("code")): x.get("to") for x in left_raw if isinstance(x, dict) and x.get("to") in LEFT_TO}
    seat = data.get("seat") or seat_map([colour], [s.seat for s in game.seats]).get(colour)
    if seat not in {s.seat for s in game.seats}:
        raise ApiError(400, "no_seat", f"no seat for colour {colour}: name a seat like the colour, or send \"seat\"")
    store = svc().store
    table = store.table(game_id)
    actions, problems = snapshot_actions(table, seat, colour, clean, left)
    guid_of = {c["code"]: c["guid"] for c in clean if c["code"]}
    verdicts: list[dict[str, Any]] = [{"text": f"Companion: {p['message']}", "legal": None} for p in problems]
    version = game.version
    if actions:
        try:
            done = store.act_many(game_id, actions, actor=role, expected_version=game.version,
                                  request_id=request_id(data))
        except ActionError as exc:
            raise ApiError(400, "bad_action", str(exc)) from None
        for entry, verdict in done:
            card = entry.data.get("card")
            name = table.name(card) if card in table.instances else card
            text = f"Companion: {entry.data['type'].replace('_', ' ')} {name}"
            if verdict.violations:
                text += " — " + "; ".join(f"{v.message} ({v.citation})" for v in verdict.violations)
            verdicts.append({"text": text, "legal": verdict.legal,
                             "guid": guid_of.get(table.instance(card).code) if card in table.instances else None})
        version = done[-1][0].seq
    return jsonify({"colour": colour, "seat": seat, "recorded": len(actions), "version": version,
                    "verdicts": verdicts})


@tts_api.post("/import")
@limit(MAX_SAVE)
def import_upload() -> Any:
    """A save, Saved Object or object JSON as the request body (or a multipart "file")."""
    upload = request.files.get("file")
    data = upload.read(MAX_SAVE + 1) if upload is not None else request.get_data(cache=False)
    if not data:
        raise ApiError(400, "empty", "send the TTS file as the request body or as a multipart field \"file\"")
    name = (upload.filename if upload is not None else None) or "upload.json"
    try:
        report = import_save(bytes(data), _lookup(), name)
    except TtsError as exc:
        raise ApiError(400, "bad_save", str(exc)) from None
    game_id = request.args.get("game")
    if game_id:
        game = svc().store.game(game_id)
        if role_for(game).kind is not RoleKind.JUDGE:
            raise ApiError(403, "forbidden", "comparing with a tracked game shows its hidden cards: judge key only")
        mapping_raw = {k: v for k, v in (x.split("=", 1) for x in request.args.getlist("seat") if "=" in x)}
        mapping = seat_map(list(report["players"]), [s.seat for s in game.seats], mapping_raw)
        report["differences"] = differences(svc().store.table(game_id), report, mapping)
    return jsonify(report)
