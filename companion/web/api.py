"""The JSON API. Every input is validated; errors are ``{"error": {"code", "message", "details"}}``.

Who is asking is decided by the key a device holds (``Authorization: Bearer KEY``, or ``?key=``
for the event stream): a seat's key, the judge's, the host's, or none (a spectator).
Hidden cards reach only their owner's seat and the judge.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from typing import Any

import segno
from flask import Blueprint, Response, current_app, jsonify, request, stream_with_context

from companion.catalog.decks import DeckError, parse_deck
from companion.rules import JUDGE, SPECTATOR, Action, ActionError, Seat, action_from_dict, view
from companion.rules.editions import Table
from companion.rules.log import Header, write_log
from companion.rules.suggest import suggest_actions
from companion.rules.views import CARD_FIELDS, redact_entry, resolve_alias, visible_to
from companion.store.games import Game, Refused, StoreError
from companion.web.live import sse_event
from companion.web.openapi import openapi_document
from companion.web.services import Services

api = Blueprint("api", __name__)

SEAT_NAME = re.compile(r"^[A-Za-z0-9_-]{1,16}$")
FACTIONS = {"baratheon", "greyjoy", "lannister", "martell", "neutral", "stark", "targaryen", "thenightswatch",
            "tyrell"}
RECENT = 50  # log entries carried in a live update


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.details = status, code, message, details


def error_response(exc: ApiError | StoreError) -> Any:
    """Registered on the app, so every blueprint answers errors the same way."""
    return jsonify({"error": {"code": exc.code, "message": exc.message, "details": exc.details}}), exc.status


def svc() -> Services:
    return current_app.extensions["companion"]["services"]  # type: ignore[no-any-return]


def limit(max_bytes: int) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Refuse bodies over ``max_bytes`` before reading them."""

    def wrap(view_fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(view_fn)
        def inner(*args: Any, **kwargs: Any) -> Any:
            size = request.content_length
            if size is not None and size > max_bytes:
                raise ApiError(413, "body_too_large", f"the request body is over {max_bytes} bytes", limit=max_bytes)
            if size is None and request.method in ("POST", "PUT") and request.stream:
                data = request.stream.read(max_bytes + 1)
                if len(data) > max_bytes:
                    raise ApiError(413, "body_too_large", f"the request body is over {max_bytes} bytes",
                                   limit=max_bytes)
                request._cached_data = data  # type: ignore[attr-defined]
            return view_fn(*args, **kwargs)

        inner.body_limit = max_bytes  # type: ignore[attr-defined]
        return inner

    return wrap


def body() -> dict[str, Any]:
    data = request.get_json(silent=True, force=True)
    if not isinstance(data, dict):
        raise ApiError(400, "bad_body", "the request body must be a JSON object")
    return data


def key_from_request() -> str | None:
    auth = request.headers.get("Authorization", "")
    if auth.startswith("Bearer "):
        return auth[7:].strip() or None
    return request.args.get("key") or None


def game_and_role(game_id: str, kind: str = "agot") -> tuple[Game, str]:
    game = svc().store.game(game_id)
    if game.kind != kind:
        raise ApiError(404, "not_found", f"no {'Tapestry' if kind == 'tapestry' else 'AGoT'} game {game_id!r}")
    return game, game.role_for(key_from_request())


def viewer_of(role: str) -> str:
    """The rules engine's viewer for a role: a seat, the judge, or a spectator (the host sees the public view)."""
    return role if role not in ("host", SPECTATOR) else SPECTATOR


def require(role: str, allowed: set[str], what: str) -> None:
    if role not in allowed:
        raise ApiError(403, "forbidden", f"{what} needs a {' or '.join(sorted(allowed))} key")


def expected_version(data: dict[str, Any]) -> int:
    v = data.get("expected_version")
    if isinstance(v, bool) or not isinstance(v, int):
        raise ApiError(400, "missing_version", "expected_version (the game version your device last saw) is required")
    return v


# -- service ---------------------------------------------------------------------------------


@api.get("/health")
def health() -> Any:
    ext = current_app.extensions["companion"]
    return jsonify({"status": "ok", "version": ext["version"], "zbar": ext["zbar"]})


@api.get("/openapi.json")
def openapi() -> Any:
    return jsonify(openapi_document(current_app))


@api.post("/qr")
@limit(4096)
def qr() -> Any:
    text = body().get("text")
    if not isinstance(text, str) or not 0 < len(text) <= 1000:
        raise ApiError(400, "bad_text", "text must be 1 to 1000 characters")
    svg = segno.make(text, error="m").svg_inline(scale=4, dark="#000", light="#fff", omitsize=True)
    return Response(svg, mimetype="image/svg+xml")


# -- cards -------------------------------------------------------------------------------------


@api.get("/cards")
def search_cards() -> Any:
    text = request.args.get("q", "")
    edition = request.args.get("edition") or None
    if edition not in (None, "2e", "1e"):
        raise ApiError(400, "bad_edition", "edition must be 2e or 1e", edition=edition)
    if not text.strip():
        raise ApiError(400, "missing_query", "give a name or code in ?q=")
    if len(text) > 200:
        raise ApiError(400, "query_too_long", "the query is longer than 200 characters")
    try:
        n = min(100, max(1, int(request.args.get("limit", 20))))
    except ValueError:
        raise ApiError(400, "bad_limit", "limit must be a whole number") from None
    matches = svc().catalog().search(text, edition=edition, limit=n)  # type: ignore[arg-type]
    return jsonify([{**m.card.to_dict(), "match": m.how} for m in matches])


@api.get("/cards/<code>")
def show_card(code: str) -> Any:
    catalog = svc().catalog()
    card = catalog.get(code)
    if card is None:
        raise ApiError(404, "unknown_card", f"no card with code {code!r}")
    return jsonify({**card.to_dict(), "copies": [c.code for c in catalog.copies_of(card) if c.code != code]})


# -- games -------------------------------------------------------------------------------------


@api.post("/games")
@limit(16 * 1024)
def create_game() -> Any:
    data = body()
    edition = data.get("edition", "2e")
    mode = data.get("mode", "advisory")
    title = data.get("title", "")
    raw_seats = data.get("seats")
    if edition not in ("2e", "1e"):
        raise ApiError(400, "bad_edition", "edition must be 2e or 1e")
    if mode not in ("advisory", "strict"):
        raise ApiError(400, "bad_mode", "mode must be advisory or strict")
    if not isinstance(title, str) or len(title) > 100:
        raise ApiError(400, "bad_title", "title must be text of at most 100 characters")
    if not isinstance(raw_seats, list) or not 1 <= len(raw_seats) <= 6:
        raise ApiError(400, "bad_seats", "seats must be a list of 1 to 6 players")
    seats: list[Seat] = []
    for i, s in enumerate(raw_seats):
        if isinstance(s, str):
            s = {"seat": s}
        if not isinstance(s, dict) or not isinstance(s.get("seat"), str) or not SEAT_NAME.match(s["seat"]):
            raise ApiError(400, "bad_seat", f"seat {i + 1}: a seat is 1-16 letters, digits, _ or -", index=i)
        name = s.get("name") or s["seat"]
        faction = s.get("faction") or None
        if not isinstance(name, str) or len(name) > 40:
            raise ApiError(400, "bad_seat", f"seat {i + 1}: the name must be at most 40 characters", index=i)
        if faction is not None and faction not in FACTIONS and edition == "2e":
            raise ApiError(400, "bad_faction", f"seat {i + 1}: unknown faction {faction!r}", factions=sorted(FACTIONS))
        if faction is not None and not isinstance(faction, str):
            raise ApiError(400, "bad_faction", f"seat {i + 1}: faction must be text", index=i)
        seats.append(Seat(s["seat"], name, faction))
    if len({s.seat for s in seats}) != len(seats):
        raise ApiError(400, "bad_seats", "two seats share a name")
    game, keys = svc().store.create_game(edition, mode, seats, title=title)
    base = request.host_url.rstrip("/")
    return jsonify({
        "game": game.public(),
        "host": {"key": keys["host"], "url": f"{base}/g/{game.id}/host#key={keys['host']}"},
        "judge": {"key": keys["judge"], "url": f"{base}/g/{game.id}#key={keys['judge']}"},
        "seats": [{"seat": s.seat, "key": keys[s.seat], "url": f"{base}/g/{game.id}#key={keys[s.seat]}"}
                  for s in seats],
    }), 201


@api.get("/games/<game_id>")
def get_game(game_id: str) -> Any:
    game, role = game_and_role(game_id)
    return jsonify({**game.public(), "role": role})


@api.get("/games/<game_id>/view")
def get_view(game_id: str) -> Any:
    game, role = game_and_role(game_id)
    return jsonify(cached_view(game, role))


def cached_view(game: Game, role: str) -> dict[str, Any]:
    viewer = viewer_of(role)

    def make() -> dict[str, Any]:
        table = svc().store.table(game.id)
        return {**view(table, viewer), "role": role, "game": game.public()}

    return svc().views.get((game.id, game.version, role), make)  # type: ignore[no-any-return]


@api.post("/games/<game_id>/seats/<seat>/key")
@limit(1024)
def reissue_key(game_id: str, seat: str) -> Any:
    _game, role = game_and_role(game_id)
    require(role, {"host"}, "a new join link")
    key = svc().store.reissue_key(game_id, seat)
    return jsonify({"seat": seat, "key": key, "url": f"{request.host_url.rstrip('/')}/g/{game_id}#key={key}"})


@api.put("/games/<game_id>/seats/<seat>/deck")
@limit(512 * 1024)
def set_deck(game_id: str, seat: str) -> Any:
    game, role = game_and_role(game_id)
    require(role, {"host", "judge", seat}, "setting this seat's deck")
    data = body()
    version = expected_version(data)
    catalog = svc().catalog()
    if isinstance(data.get("text"), str):
        try:
            deck = parse_deck("deck", data["text"], catalog, game.edition)  # type: ignore[arg-type]
        except DeckError as exc:
            raise ApiError(400, "bad_deck", "the decklist has problems",
                           problems=[{"line": p.line, "text": p.text, "message": p.message,
                                      "suggestions": list(p.suggestions)} for p in exc.problems]) from None
        slots = deck.slots
    elif isinstance(data.get("deck"), dict):
        raw = data["deck"].get("slots", data["deck"])
        if not isinstance(raw, dict) or not raw or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 99
            for k, v in raw.items()
        ):
            raise ApiError(400, "bad_deck", "deck must map card codes to copy counts (1-99)")
        slots = {k: v for k, v in raw.items() if (c := catalog.get(k)) is None or c.type != "agenda"}
    else:
        raise ApiError(400, "bad_deck", 'send "text" (a ThronesDB decklist) or "deck" (code -> copies)')
    tag = data.get("tag")
    if tag is not None and (not isinstance(tag, str) or not re.fullmatch(r"[0-9A-Za-z]{3}", tag)):
        raise ApiError(400, "bad_tag", "a deck tag is the 3 characters printed on its labels (0-9, A-Z)")
    entry = svc().store.set_deck(game_id, seat, slots, actor=role, expected_version=version,
                                 tag=tag.upper() if tag else None)
    return jsonify({"version": entry.seq, "cards": sum(slots.values())})


def _resolve(role: str) -> Callable[[Table, Action], Action]:
    """Turn position aliases into instances and refuse cards the actor may not know."""
    viewer = viewer_of(role)

    def resolve(table: Table, action: Action) -> Action:
        changes: dict[str, str] = {}
        for name in CARD_FIELDS:
            ref = getattr(action, name, None)
            if not isinstance(ref, str):
                continue
            if ":shadows#" in ref:
                cid = resolve_alias(table, ref)
                if cid is None:
                    raise ApiError(404, "unknown_card", f"there is no card at {ref}")
                changes[name] = cid
            elif viewer != JUDGE and not visible_to(table, ref, viewer):
                # Hidden and unknown cards get the same answer, so nobody can probe another deck.
                raise ApiError(404, "unknown_card", f"no card {ref!r} that you can see at this table")
        if not changes:
            return action
        return action_from_dict({**action.to_dict(), **changes})

    return resolve


@api.post("/games/<game_id>/actions")
@limit(16 * 1024)
def post_action(game_id: str) -> Any:
    game, role = game_and_role(game_id)
    require(role, {"host", "judge", *(s.seat for s in game.seats)}, "recording an action")
    data = body()
    version = expected_version(data)
    try:
        action = action_from_dict(data.get("action"))
    except ActionError as exc:
        raise ApiError(400, "bad_action", str(exc)) from None
    player = getattr(action, "player", None)
    if role not in ("host", "judge") and player is not None and player != role and action.type in OWN_ACTIONS:
        raise ApiError(403, "forbidden", f"seat {role} cannot make {action.type} for seat {player}")
    try:
        entry, verdict = svc().store.act(game_id, action, actor=role, expected_version=version,
                                         resolve=_resolve(role))
    except Refused as exc:
        if any(isinstance(getattr(action, f, None), str) and ":shadows#" in getattr(action, f) for f in CARD_FIELDS):
            exc.details["verdict"] = {"legal": False, "applied": False, "violations": [], "notes": [], "hidden": True}
        raise
    game = svc().store.game(game_id)
    table = svc().store.table(game_id)
    shown = redact_entry(table, {**entry.to_dict(), "verdict": verdict.to_dict()}, viewer_of(role))
    return jsonify({"version": entry.seq, "entry": own_entry(shown, role), "verdict": shown["verdict"],
                    "view": cached_view(game, role)}), 201


#: Actions only the acting player (or host or judge) may record for themselves: they use hidden cards or gold.
OWN_ACTIONS = {
    "setup_into_shadows", "setup_place", "marshal_into_shadows", "marshal", "play_event", "bring_out",
    "play_event_from_shadows", "put_into_play_from_shadows", "spend_gold", "gain_gold", "collect_income",
    "pass_shadows", "draw",
}


@api.post("/games/<game_id>/undo")
@limit(1024)
def undo(game_id: str) -> Any:
    game, role = game_and_role(game_id)
    require(role, {"host", "judge", *(s.seat for s in game.seats)}, "undo")
    data = body()
    version = expected_version(data)
    seq = data.get("seq")
    if seq is not None and (isinstance(seq, bool) or not isinstance(seq, int)):
        raise ApiError(400, "bad_seq", "seq must be a whole number")
    if role not in ("host", "judge"):
        target = seq if seq is not None else max(svc().store.state(game_id).actions, default=None)
        mine = {e.seq for e in svc().store.entries(game_id) if e.actor == role}
        if target is not None and target not in mine:
            raise ApiError(403, "forbidden", "a seat can undo only its own actions; ask the host or judge")
    entry = svc().store.undo(game_id, actor=role, expected_version=version, seq=seq)
    game = svc().store.game(game_id)
    return jsonify({"version": entry.seq, "entry": own_entry(entry.to_dict(), role),
                    "view": cached_view(game, role)}), 201


def own_entry(entry: dict[str, Any], role: str) -> dict[str, Any]:
    """An entry without its chain hash unless the judge asks: hashes chain over hidden card ids, and
    with a neighbour's hash one could try every id."""
    return entry if role == JUDGE else {k: v for k, v in entry.items() if k != "hash"}


@api.get("/games/<game_id>/log")
def get_log(game_id: str) -> Any:
    game, role = game_and_role(game_id)
    try:
        since = max(0, int(request.args.get("since", 0)))
    except ValueError:
        raise ApiError(400, "bad_since", "since must be a whole number") from None
    return jsonify({"version": game.version, "entries": visible_entries(game, role, since)})


def visible_entries(game: Game, role: str, since: int) -> list[dict[str, Any]]:
    table = svc().store.table(game.id)
    viewer = viewer_of(role)
    return [own_entry(redact_entry(table, e.to_dict(), viewer), role) for e in svc().store.entries(game.id, since)]


@api.get("/games/<game_id>/verify")
def verify(game_id: str) -> Any:
    _, role = game_and_role(game_id)
    result = svc().store.verify(game_id)
    if role != JUDGE:
        result.pop("head", None)
    return jsonify(result)


@api.get("/games/<game_id>/export")
def export(game_id: str) -> Any:
    game, role = game_and_role(game_id)
    require(role, {"judge"}, "the full table log")
    check = svc().store.verify(game_id)
    if not check["ok"]:
        raise ApiError(409, "broken_log", "the log does not verify", **check)
    cached = svc().store.state(game_id)
    decks = {e.data["seat"]: e.data["deck"] for e in svc().store.entries(game_id) if e.kind == "deck"}
    header = Header(
        edition=game.edition, mode=game.mode, first_player=game.seats[0].seat if game.seats else None,
        players=[Seat(s.seat, s.name, s.faction, decks.get(s.seat, {})) for s in game.seats],
        extra={"game": game.id, "verified_head": check["head"], "entries": check["entries"]},
    )
    text = write_log(header, [action_from_dict(cached.actions[s]) for s in sorted(cached.actions)])
    return Response(text, mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{game.id}.jsonl"'})


@api.get("/games/<game_id>/cards/<card_id>/actions")
def card_actions(game_id: str, card_id: str) -> Any:
    game, role = game_and_role(game_id)
    if role in ("host", SPECTATOR):
        raise ApiError(403, "forbidden", "card actions need a seat or judge key")
    table = svc().store.table(game_id)
    if ":shadows#" in card_id:
        card_id = resolve_alias(table, card_id) or card_id
    if card_id not in table.instances or (role != JUDGE and not visible_to(table, card_id, role)):
        raise ApiError(404, "unknown_card", f"no card {card_id!r} that you can see at this table")
    seat = role if role != JUDGE else table.instance(card_id).owner
    return jsonify({"card": card_id, "version": game.version, "actions": suggest_actions(table, card_id, seat)})


@api.get("/games/<game_id>/find")
def find_cards(game_id: str) -> Any:
    """Card instances at the table that the caller can see, by name: for picking a card without a scan."""
    _game, role = game_and_role(game_id)
    text = request.args.get("q", "")
    if not text.strip() or len(text) > 100:
        raise ApiError(400, "missing_query", "give 1-100 characters of a card name in ?q=")
    from companion.catalog.card import fold

    q = fold(text)
    table = svc().store.table(game_id)
    viewer = viewer_of(role)
    rows = []
    for cid, inst in table.instances.items():
        card = table.cards[inst.code]
        if q in card.title_key and visible_to(table, cid, viewer):
            rows.append({"id": cid, "name": card.name, "code": card.code, "owner": inst.owner,
                         "zone": table.zone_of(cid).value})
    rows.sort(key=lambda r: (r["name"], r["id"]))
    return jsonify(rows[:50])


# -- live updates ------------------------------------------------------------------------------


@api.get("/games/<game_id>/events")
def events(game_id: str) -> Any:
    game, role = game_and_role(game_id)
    services = svc()
    return event_stream(game, lambda seen, version: sse_update(services, game_id, role, seen, version))


def event_stream(game: Game, make_event: Callable[[int, int], str]) -> Response:
    """Server-Sent Events for one game: an event per new version (``make_event(seen, version)``),
    resuming from ``Last-Event-ID`` or ``?since=``, with keep-alive comments while nothing happens."""
    last_id = request.headers.get("Last-Event-ID") or request.args.get("since")
    try:
        since = int(last_id) if last_id not in (None, "") else -1
    except ValueError:
        raise ApiError(400, "bad_since", "since / Last-Event-ID must be a whole number") from None
    keepalive = float(current_app.config["STREAM_KEEPALIVE"])
    hub = svc().hub
    hub.known(game.id, game.version)

    def stream() -> Iterator[str]:
        hub.streams += 1
        try:
            yield "retry: 1000\n: connected\n\n"
            seen = since
            while True:
                version = hub.wait(game.id, seen, keepalive)
                if version is None:
                    yield ": keepalive\n\n"
                    continue
                yield make_event(seen, version)
                seen = version
        finally:
            hub.streams -= 1

    return Response(stream_with_context(stream()), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


def sse_update(services: Services, game_id: str, role: str, seen: int, version: int) -> str:
    """One event for a device that last saw ``seen``; devices with the same role and ``seen`` share it."""

    def make() -> str:
        game = services.store.game(game_id)
        current = cached_view(game, role)
        recent = services.views.get((game_id, game.version, role, "recent"),
                                    lambda: visible_entries(game, role, max(0, game.version - RECENT)))
        payload = {
            "version": current["version"],
            "view": current,
            "entries": [e for e in recent if e["seq"] > seen],
            "reload_log": seen >= 0 and current["version"] - seen > RECENT,
            "committed": services.hub.committed_at(game_id, current["version"]),
        }
        return sse_event(current["version"], payload)

    return services.views.get((game_id, version, role, "sse", seen), make)  # type: ignore[no-any-return]


# -- scanning ------------------------------------------------------------------------------------


@api.post("/scan")
@limit(16 * 1024 * 1024)
def scan() -> Any:
    """An image (multipart "image" or the raw body): every code in it, and with ?game= the cards they name."""
    from companion.scan.images import ImageError
    from companion.scan.pipeline import decode_image
    from companion.scan.table import resolve_codes

    upload = request.files.get("image")
    data = upload.read() if upload is not None else request.get_data(cache=False)
    if not data:
        raise ApiError(400, "no_image", 'send a JPEG, PNG or WebP photo as the body or as multipart "image"')
    try:
        codes = decode_image(bytes(data))
    except ImageError as exc:
        raise ApiError(400, "bad_image", str(exc)) from None
    game_id = request.args.get("game")
    table = tags = None
    viewer = SPECTATOR
    version = None
    if game_id:
        game, role = game_and_role(game_id)
        viewer = viewer_of(role)
        table = svc().store.table(game_id)
        tags = svc().store.deck_tags(game_id)
        version = game.version
    rows = resolve_codes(codes, table, tags or {}, viewer)
    message = None if rows else "no barcode found: hold the label flat, fill more of the frame, avoid glare"
    return jsonify({"codes": rows, "version": version, "message": message})
