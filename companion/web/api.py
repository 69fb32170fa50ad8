"""The JSON API. Every input is validated; errors are ``{"error": {"code", "message", "details"}}``.

Who is asking is decided by the key a device holds (``Authorization: Bearer KEY``): a seat's key,
the judge's, the host's, the Tabletop Simulator helper's table key, or none (a spectator). The
decision is a ``Role`` value, made before anything the caller names is looked up. Hidden cards
reach only their owner's seat and the judge.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Annotated, Any, Literal, NamedTuple

import msgspec
import segno
from flask import Blueprint, current_app, jsonify, request
from msgspec import UNSET, Meta, UnsetType

from companion.catalog.card import FACTIONS, as_edition
from companion.catalog.decks import Deck, DeckError, parse_deck
from companion.catalog.legality import check_deck
from companion.declare import text
from companion.rules import Seat, view
from companion.rules.describe import entry_card_names
from companion.rules.offers import round_view
from companion.rules.roles import SPECTATOR, Can, Role, RoleKind
from companion.rules.suggest import suggest_actions, suggest_face_down
from companion.rules.values import has_deck
from companion.rules.views import parse_alias, public_view, redact_entry, reseal_taken_back, resolve_alias, visible_to
from companion.store.games import Cached, Game, PaperUsed, Pending, Replayed, Unauthorized
from companion.tts.save import COLOURS
from companion.web.answer import Response
from companion.web.auth import checked_key, key_from_request, requires, role_for
from companion.web.current import current_application, current_request
from companion.web.errors import ApiError
from companion.web.live import event_stream, shelf_key, sse_encoded
from companion.web.schema import (
    MAX_VERSION,
    ActionBody,
    Body,
    RequestId,
    Version,
    accepts,
    answers,
    body,
    enforce,
    posted_action,
    query_int,
)
from companion.web.schema import storable as storable  # the event routes read it here
from companion.web.services import Services
from companion.web.threads import on_loop

api = Blueprint("api", __name__)

#: A seat's short id (it appears in card ids and positions): letters in any alphabet, digits, _ and -.
SEAT_ID = r"^[\w-]{1,16}$"
#: Printable text, kept as typed (no control characters, no lone surrogates).
PRINTABLE = r"^[^\x00-\x1f\x7f\ud800-\udfff]*$"
#: Display names (the Tapestry routes use it too).
NAME = re.compile(r"^[^\x00-\x1f\x7f\ud800-\udfff]{1,40}$")
RECENT = 50  # log entries carried in a live update
#: One encoder for answers and live updates: a view is encoded once per version and viewer, and the answer to a
#: write and every live update of that version to that viewer's devices carry the same bytes (``msgspec.Raw``).
ENCODE = msgspec.json.Encoder()

# -- request bodies: each route's schema, checked by @accepts and published by openapi.py ------------------

SeatId = Annotated[str, text(1, 16, SEAT_ID, description="a seat is 1-16 letters, digits, _ or -")]
Printable = Annotated[str, text(0, 40, description="printable text")]
Edition = Literal["2e", "1e"]


class SeatEntry(msgspec.Struct, kw_only=True):
    seat: SeatId
    name: Printable | None = None
    faction: Annotated[Printable, answers("bad_faction")] | None = None


class GameBody(Body):
    seats: Annotated[list[Annotated[SeatId | SeatEntry, answers("bad_seat")]], Meta(min_length=1, max_length=6),
                     answers("bad_seats")]
    edition: Annotated[Edition, answers("bad_edition")] | UnsetType = UNSET
    mode: Annotated[Literal["advisory", "strict"], answers("bad_mode")] | UnsetType = UNSET
    title: Annotated[str, text(0, 100, description="printable text"), answers("bad_title")] | UnsetType = UNSET
    judge: Annotated[bool, Meta(description="make a judge key now (every phone is told); default: none"),
                     answers("bad_body")] | UnsetType = UNSET


class QrBody(Body):
    text: Annotated[str, text(1, 1000, None), answers("bad_text")]


class TtsSetupBody(Body):
    seats: Annotated[dict[str, Annotated[str, text(1, 16)]], Meta(min_length=1, max_length=len(COLOURS),
                     description="TTS colours -> this game's seats"), answers("bad_seats")]
    # The host page's own language (its DE/EN button), which the browser's Accept-Language need not be.
    lang: Annotated[Literal["en", "de"], Meta(description="the language of the table's chat (default: the request's "
                                              "Accept-Language)"), answers("bad_lang")] | None = None


class DeckBody(Body):
    expected_version: Version
    request_id: RequestId | None = None
    # Bounded by the route's byte limit; the decklist reader checks what is inside.
    text: Annotated[str, Meta(max_length=64 * 1024, description="a ThronesDB decklist (text or JSON)"),
                    answers("bad_deck")] | UnsetType = UNSET
    deck: Annotated[dict[str, Any], Meta(max_length=1000,
                    description="card code -> copies (or a ThronesDB deck with slots)"), answers("bad_deck")] \
        | UnsetType = UNSET
    tag: Annotated[str, text(3, 3, "^[0-9A-Za-z]{3}$", description="the 3 characters printed on the deck's labels"),
                   answers("bad_tag")] | None = None


class DecisionBody(Body):
    decision: Annotated[Literal["confirm", "decline"], answers("bad_decision")]
    expected_version: Version
    request_id: RequestId | None = None


class UndoBody(Body):
    expected_version: Version
    request_id: RequestId | None = None
    seq: Annotated[int, Meta(ge=1, le=10**6), answers("bad_seq")] | None = None


class _RequestIdOnly(Body):
    request_id: RequestId | None = None


class _VersionOnly(Body):
    expected_version: Version


def svc() -> Services:
    # The app itself, not the proxy: a view asks a dozen times, and each attribute of the proxy looks the app up.
    services: Services = current_application().extensions["companion"]["services"]
    return services


def limit(max_bytes: int) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Refuse bodies over ``max_bytes`` before reading them."""

    def wrap(view_fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(view_fn)
        def inner(*args: Any, **kwargs: Any) -> Any:
            asked = current_request()
            sent = asked.environ.get("companion.body")  # read whole by the ASGI server (companion/web/asgi.py)
            size = len(sent) if sent is not None else asked.content_length
            if size is not None and size > max_bytes:
                raise ApiError(413, "body_too_large", f"the request body is over {max_bytes} bytes", limit=max_bytes)
            if size is None and asked.method in ("POST", "PUT") and asked.stream:
                data = asked.stream.read(max_bytes + 1)
                if len(data) > max_bytes:
                    raise ApiError(413, "body_too_large", f"the request body is over {max_bytes} bytes",
                                   limit=max_bytes)
                asked._cached_data = data
            return view_fn(*args, **kwargs)

        inner.body_limit = max_bytes  # type: ignore[attr-defined]
        return inner

    return wrap


def request_id(data: dict[str, Any]) -> str | None:
    """The client's id for this write: the same id again answers the first result, records nothing.
    (Routes that declare their body with ``@accepts`` have it checked already; this serves the others.)"""
    return enforce(_RequestIdOnly, data).request_id


def expected_version(data: dict[str, Any]) -> int:
    return enforce(_VersionOnly, data).expected_version


# -- service ---------------------------------------------------------------------------------


@api.get("/health")
def health() -> Any:
    ext = current_app.extensions["companion"]
    from companion.scan.titles import ocr_status

    out = {"status": "ok", "version": ext["version"], "zbar": ext["zbar"], "ocr": ocr_status()}
    if "LAN" in current_app.config:  # set by `companion serve`: can phones on the network reach it?
        out["lan"] = bool(current_app.config["LAN"])
    return jsonify(out)


@api.post("/qr")
@limit(4096)
@accepts(QrBody)
def qr() -> Any:
    svg = segno.make(body()["text"], error="m").svg_inline(scale=4, dark="#000", light="#fff", omitsize=True)
    return Response(svg, mimetype="image/svg+xml")


# -- cards -------------------------------------------------------------------------------------


@api.get("/cards")
def search_cards() -> Any:
    text = request.args.get("q", "")
    edition = request.args.get("edition") or None
    if edition not in (None, "2e", "1e"):
        raise ApiError(400, "bad_edition", "edition must be 2e or 1e", edition=edition, field="edition")
    if not text.strip():
        raise ApiError(400, "missing_query", "give a name or code in ?q=", field="q")
    if len(text) > 200:
        raise ApiError(400, "query_too_long", "the query is longer than 200 characters", field="q")
    n = query_int("limit", 20, 1, 100)
    matches = svc().catalog().search(text, edition=as_edition(edition) if edition else None, limit=n)
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
@accepts(GameBody)
def create_game() -> Any:
    data = body()
    edition = data.get("edition", "2e")
    seats: list[Seat] = []
    for i, s in enumerate(data["seats"]):
        if isinstance(s, str):
            s = {"seat": s}
        faction = s.get("faction") or None
        if faction is not None and edition == "2e" and faction not in FACTIONS:
            raise ApiError(400, "bad_faction", f"seat {i + 1}: unknown faction", factions=sorted(FACTIONS), index=i)
        seats.append(Seat(s["seat"], s.get("name") or s["seat"], faction))
    if len({s.seat for s in seats}) != len(seats):
        raise ApiError(400, "bad_seats", "two seats share an id", field="seats")
    svc().creation_allowed(request.remote_addr or "?")
    game, keys = svc().table.create_game(edition, data.get("mode", "advisory"), seats, title=data.get("title", ""),
                                         asked=("judge",) if data.get("judge") is True else ())
    base = request.host_url.rstrip("/")
    return jsonify({
        "game": game.public(),
        "host": {"key": keys.host, "url": f"{base}/g/{game.id}/host#key={keys.host}"},
        # A judge key sees every hidden card: only when asked for (the host page's "for a judge" button).
        **({"judge": {"key": keys.judge, "url": f"{base}/g/{game.id}#key={keys.judge}"}} if keys.judge else {}),
        "seats": [{"seat": s.seat, "key": keys.seats[s.seat],
                   "url": f"{base}/g/{game.id}#key={keys.seats[s.seat]}"}
                  for s in seats],
    }), 201


@api.get("/games/<game_id>")
@on_loop
@requires()
def get_game(game: Game, role: Role) -> Any:
    return jsonify({**game.public(), "role": role.kind.value, "viewer": role.to_dict()})


@api.get("/games/<game_id>/view")
@on_loop
@requires()
def get_view(game: Game, role: Role) -> Any:
    return encoded_response(view_json(game, role), 200)


def encoded_response(value: Any, status: int) -> Response:
    """A JSON answer encoded by msgspec, whose ``Raw`` parts (a view encoded once) go in as they are."""
    return Response.encoded(ENCODE.encode(value), status)


def view_json(game: Game, role: Role, services: Services | None = None) -> msgspec.Raw:
    """The view (``view_of``) encoded, once per (game, version, viewer). (``services``: the app's, if the caller has
    them: a view's functions hand them on rather than each look the app up.)"""
    return encoded_view(game, role, services)[0]


def encoded_view(game: Game, role: Role, services: Services | None = None) -> tuple[msgspec.Raw, int]:
    """The view encoded and the version it shows, made once per (game, version, viewer). Only these are kept: the
    view's own dictionaries are dropped as soon as they are encoded, while the memory they took is still fresh, rather
    than each version's views held until the cache dropped them long after (and walked by the cycle collector while
    held)."""
    known = svc() if services is None else services
    made: tuple[msgspec.Raw, int] = known.views.get((game.id, game.version, role.cache_key, "view-json"),
                                                    lambda: _encoded(view_of(game, role, known)))
    return made


def _encoded(shown: dict[str, Any]) -> tuple[msgspec.Raw, int]:
    return msgspec.Raw(ENCODE.encode(shown)), shown["version"]


def view_of(game: Game, role: Role, services: Services | None = None) -> dict[str, Any]:
    """The view ``role`` gets of ``game`` now, made anew (``encoded_view`` keeps its encoding)."""
    known = svc() if services is None else services
    state = known.store.state(game.id, game)
    table = state.table
    # What every viewer sees alike is made once per version and shared by every viewer's view (it holds no
    # hidden card: ``public_view``); each viewer's own hidden cards are added to it.
    public = known.views.get((game.id, game.version, "public"), lambda: public_view(table))
    out = {**view(table, role.viewer, public), "viewer": role.to_dict(), "role": role.kind._value_,
           "game": game.public()}
    # What this role may do now and what the round waits for: the page draws it and decides nothing.
    out["now"] = round_view(table, role)
    out["may"] = may(role, table)
    out["head"] = game.head_hash[:12] if game.chain_key else None  # keyed chain: safe to show everyone
    out["integrity"] = state.integrity
    out["needs_judge"] = state.needs_judge
    out["undone"] = sorted(state.undone)
    out["pending"] = pending_for(game, role, table, state, known)
    # Who can see hidden cards besides each seat itself: every phone shows it (issue 22).
    # Each notice names who made the key in words (the page compares no roles).
    notices = [{**n, "by_msg": "keys.by.judge" if n.get("by") == RoleKind.JUDGE.value else "keys.by.host"}
               for n in known.store.key_notices(game.id, game)]
    out["keys"] = {"notices": notices, "event": bool(game.header.get("event"))}
    return out


def may(role: Role, table: Any) -> dict[str, Any]:
    """What the page offers this role besides the round's offers, from its row of capabilities: the card menus
    and scanning, undo, the judge's export, whether a key opens it, a deck to load (its seat has none yet), the title
    it reads."""
    seat = role.seat
    return {"play": role.can(Can.PLAY), "undo": role.may_undo, "export": role.sees_all,
            "keyed": role.capabilities.keyed,
            "deck": bool(seat and role.can(Can.SET_DECK) and not has_deck(table, seat)),
            "title": {"name": table.players[seat].name} if seat else {"msg": role.kind.value}}


def pending_for(game: Game, role: Role, table: Any, state: Cached | None = None,
                services: Services | None = None) -> list[dict[str, Any]]:
    """Requests waiting for a confirmation: the awaiting seat and the judge see the card named."""
    out = []
    for p in (svc() if services is None else services).store.pending(game.id, state):
        mine = role.sees_hidden_of(p.awaiting) and role.can(Can.CONFIRM)
        theirs = role.seat is not None and Role.from_actor(p.requested_by, game.seat_names) == role
        if not (mine or theirs):
            continue
        row = p.to_dict()
        # Who asked, as a seat, and which entry an undo request would take back: the page compares no roles.
        row["requested_seat"] = Role.from_actor(p.requested_by, game.seat_names).seat
        if p.action.get("type") == "undo":
            row["undoes"] = p.action.get("seq")
        if mine:
            names = {}
            for ref in p.action.values():
                if isinstance(ref, str) and parse_alias(ref) and (cid := resolve_alias(table, ref)):
                    names[ref] = table.cards[table.instances[cid].code].name
            row["cards"] = names
        out.append(row)
    return out


class ClaimBody(Body):
    request_id: Annotated[RequestId, answers("missing_request_id")]


@api.post("/games/<game_id>/claim")
@limit(1024)
@accepts(ClaimBody)
def claim_paper(game_id: str) -> Any:
    """The phone that opens a seat sheet (its printed key in the Authorization header) gets the seat's own key, once:
    the sheet opens nothing after. Opened again, it is refused (409 ``paper_used``, with when it was used) and every
    phone of the table, and at an event the judge's dashboard, is told."""
    key = key_from_request()
    try:
        new, seat = svc().table.claim_paper(game_id, key or "", str(body()["request_id"]))
    except Unauthorized:
        checked_key(game_id, None, "game")  # counted like any wrong key: 401, then 429
        raise
    except PaperUsed:
        svc().failures.add(game_id, request.remote_addr or "?")
        raise
    return jsonify({"seat": seat, "key": new, "url": f"{request.host_url.rstrip('/')}/g/{game_id}#key={new}"})


@api.post("/games/<game_id>/seats/<seat>/key")
@limit(1024)
@requires(Can.ISSUE_KEYS, what="a new join link")
def reissue_key(game: Game, role: Role, seat: str) -> Any:
    """A new key for a seat (a lost phone): it reads that seat's hidden cards, so every phone is told at once
    and the old phone stops. At a casual table the host may do it; at an event only the judge (the service asks)."""
    key = svc().table.reissue_key(game, seat, role)  # streams opened with the old key end first
    return jsonify({"seat": seat, "key": key, "url": f"{request.host_url.rstrip('/')}/g/{game.id}#key={key}"})


@api.post("/games/<game_id>/keys/<kind>")
@limit(1024)
@requires(Can.ISSUE_KEYS, what="a new key")
def issue_key(game: Game, role: Role, kind: str) -> Any:
    """A key of any kind the store's key table makes on its own (``companion/store/keys.py``): logged, a new one
    replaces the old, and every phone is told of one that reads hidden cards. Its link is shown once."""
    key = svc().table.issue_key(game, kind, role)  # a kind it does not make: 404, naming those it does
    return jsonify({"kind": kind, "key": key, "url": f"{request.host_url.rstrip('/')}/g/{game.id}#key={key}"})


@api.post("/games/<game_id>/judge-key")
@limit(1024)
@requires(Can.ISSUE_KEYS, what="a judge key")
def judge_key(game: Game, role: Role) -> Any:
    """A judge key for a casual game, asked for on the host page: logged, and every phone is told at once.
    Its link is shown once (as a QR code); a new one replaces the old."""
    key = svc().table.issue_key(game, "judge", role)
    return jsonify({"key": key, "url": f"{request.host_url.rstrip('/')}/g/{game.id}#key={key}"})


@api.post("/games/<game_id>/table-key")
@limit(1024)
@requires(Can.ISSUE_KEYS, what="a Tabletop Simulator table key")
def table_key(game: Game, role: Role) -> Any:
    """A key the TTS helper keeps: it may post snapshots for this game and nothing else. The host makes it
    without a judge key (the TTS host's client sees every card anyway); every phone is told."""
    key = svc().table.issue_key(game, "table", role)
    return jsonify({"key": key, "scope": "snapshots for this game"})


@api.post("/games/<game_id>/tts")
@limit(4096)
@requires(Can.ISSUE_KEYS, what="setting up the Tabletop Simulator helper")
@accepts(TtsSetupBody)
def tts_setup(game: Game, role: Role) -> Any:
    """The Tabletop Simulator panel of the host page: colours mapped to seats, a new scoped table key (the
    old one stops working), the "Companion" object to drop into the game, and the chat line that hands the
    helper its key. The key is never in the object: TTS would write it into every save.

    A table key reads what the TTS table shows (every card on it, face down or not), as the TTS host's own
    client does: the host or the judge makes one, and every phone's "who can see" line names it."""
    from companion.messages import language
    from companion.tts.bundle import companion_object

    mapping = body()["seats"]
    if not all(colour in COLOURS and seat in game.seat_names for colour, seat in mapping.items()):
        raise ApiError(400, "bad_seats", f"seats maps TTS colours ({', '.join(COLOURS)}) to this game's seats",
                       seats=game.seat_names)
    # The table's chat speaks the host page's language: the one its button shows, else the browser's.
    lang = body().get("lang") or language(request.headers.get("Accept-Language"))
    try:
        obj = companion_object(request.host_url.rstrip("/"), game.id, mapping, lang)
    except ValueError as exc:
        raise ApiError(400, "bad_seats", str(exc)) from None
    key = svc().table.issue_key(game, "table", role)
    # The chat line carries the language too: an object placed earlier switches with the new key.
    return jsonify({"chat": f"!companion key {key} {lang}", "object": obj, "seats": mapping, "lang": lang,
                    "scope": "snapshots for this game only"}), 201


@api.put("/games/<game_id>/seats/<seat>/deck")
@limit(512 * 1024)
@requires(Can.SET_DECK, what="setting a deck")
@accepts(DeckBody)
def set_deck(game: Game, role: Role, seat: str) -> Any:
    if not role.records_for(seat):
        raise ApiError(403, "forbidden", "a seat sets only its own deck")
    data = body()
    catalog = svc().catalog()
    if "text" in data:
        deck = decklist(data["text"], catalog, game.edition, source="")  # a list without a name line stays unnamed
    elif "deck" in data:
        raw = data["deck"].get("slots", data["deck"])
        if not isinstance(raw, dict) or not raw or len(raw) > 400 or not all(
            isinstance(k, str) and len(k) <= 20 and isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 99
            for k, v in raw.items()
        ):
            raise ApiError(400, "bad_deck", "deck must map card codes to copy counts (1-99)")
        deck = deck_from_slots(raw, catalog, game.edition)
    else:
        raise ApiError(400, "bad_deck", 'send "text" (a ThronesDB decklist) or "deck" (code -> copies)')
    # Every physical card becomes an instance: the draw deck, the plot deck and the agenda.
    slots = {**deck.slots, **dict.fromkeys(deck.agendas, 1)}
    # A pack name that fits none of the card's printings comes first: which printing was taken is the question.
    warnings = [{"rule": "pack-name", "line": w.line, "text": w.text, "citation": "", "citation_de": "",
                 "message": {"en": w.message, "de": w.de or w.message}, "cards": []} for w in deck.warnings]
    warnings += [w.to_dict() for w in check_deck(deck, catalog)]
    tag = data.get("tag")
    # One count everywhere: the draw deck and the plot deck, as the table counts them (the agenda apart).
    summary = {"name": deck.name[:100], "draw": deck.draw_size, "plots": deck.plot_size}
    try:
        entry = svc().table.set_deck(game, seat, slots, actor=role, expected_version=data["expected_version"],
                                     tag=tag.upper() if tag else None, request_id=data.get("request_id"),
                                     summary=summary)
    except Replayed as done:
        return jsonify({"version": done.seq, "cards": sum(slots.values()), "warnings": warnings, "replayed": True})
    # Legality is advice (a casual game may play any deck): warnings with the rule, never a refusal.
    return jsonify({"version": entry.seq, "cards": sum(slots.values()), "draw": deck.draw_size,
                    "plots": deck.plot_size, "agendas": deck.agendas, "warnings": warnings})


def decklist(text: str, catalog: Any, edition: str, source: str = "deck") -> Deck:
    """A pasted ThronesDB decklist (text or JSON), or a 4xx naming every problem line."""
    if len(text) > 64 * 1024:
        raise ApiError(413, "deck_too_large", "a decklist is at most 64 KB of text")
    try:
        return parse_deck(source, text, catalog, as_edition(edition))
    except DeckError as exc:
        raise ApiError(400, "bad_deck", "the decklist has problems",
                       problems=[{"line": p.line, "text": p.text, "message": p.message, "de": p.de,
                                  "suggestions": list(p.suggestions)} for p in exc.problems[:50]]) from None


def deck_from_slots(raw: dict[str, int], catalog: Any, edition: str) -> Deck:
    """A deck sent as code -> copies, sorted into draw deck, plots and agendas by the cards' types."""
    deck = Deck(name="", edition=as_edition(edition))  # no name: the table page showed "Deck: deck"
    for code, n in raw.items():
        card = catalog.get(code)
        if card is not None and card.type == "agenda":
            deck.agendas.extend([code] * n)
        elif card is not None and card.type == "plot":
            deck.plots[code] = n
        else:
            deck.draw[code] = n  # unknown codes are refused by the store, naming them
    return deck


@api.post("/games/<game_id>/actions")
@on_loop
@limit(16 * 1024)
@requires(Can.RECORD, what="recording an action")
@accepts(ActionBody)
def post_action(game: Game, role: Role) -> Any:
    data, action = posted_action()  # the body and its action, each decoded and validated once
    try:
        # The game read once for this request: the service writes through it and leaves it up to date.
        outcome = svc().table.act(game, action, role, expected_version=data.expected_version,
                                  request_id=data.request_id)
    except Replayed as done:
        return replayed_answer(game, role, done)
    if isinstance(outcome, Pending):
        return pending_answer(game, role, outcome, 202)
    entry, _verdict = outcome
    return entry_answer(game, role, entry.seq, 201)


def entry_answer(game_or_id: Game | str, role: Role, seq: int | None, status: int, **extra: Any) -> Any:
    """The answer to a committed write. Built from what is stored, so a repeat gets the same; if the
    view cannot be made now, the write still answers 2xx (it is committed). A ``Game`` the service wrote
    through is up to date: it is not read again."""
    out: dict[str, Any] = {"version": seq, **extra}
    try:
        services = svc()
        game = services.store.game(game_or_id) if isinstance(game_or_id, str) else game_or_id
        if seq is not None:
            shown = [e for e in entries_seen(game, role, seq - 1, services) if e.seq == seq]
            if shown:
                out["entry"] = shown[0].text
                out["verdict"] = shown[0].verdict
        out["view"] = view_json(game, role, services)
    except Exception:  # committed is committed: the device reloads the view if it is missing
        current_app.logger.exception("building the answer to a committed write")
    return encoded_response(out, status)


def pending_answer(game_id: Game | str, role: Role, pending: Pending, status: int) -> Any:
    out = entry_answer(game_id, role, pending.version, status)
    data = out.get_json()
    return jsonify({**data, "pending": pending.to_dict(), "message": f"waiting for {pending.awaiting} to confirm"}), \
        status


def replayed_answer(game_id: Game | str, role: Role, done: Replayed) -> Any:
    if done.pending_id is not None:
        found = [p for p in svc().store.pending(game_id if isinstance(game_id, str) else game_id.id)
                 if p.id == done.pending_id]
        if found:
            return pending_answer(game_id, role, found[0], 200)
        return jsonify({"version": done.seq, "pending": {"id": done.pending_id}, "replayed": True}), 200
    return entry_answer(game_id, role, done.seq, 200, replayed=True)


@api.post("/games/<game_id>/pending/<pending_id>")
@limit(1024)
@requires(Can.CONFIRM, what="answering a request")
@accepts(DecisionBody)
def decide(game: Game, role: Role, pending_id: str) -> Any:
    """The seat whose face-down card an effect names confirms or declines it."""
    data = body()
    try:
        done = svc().table.decide(game, pending_id[:40], role, data["decision"] == "confirm",
                                  data["expected_version"], data.get("request_id"))
    except Replayed as again:
        return replayed_answer(game, role, again)
    if done is None:
        return entry_answer(game, role, game.version, 200, declined=True)
    return entry_answer(game, role, done[0].seq, 201)


@api.post("/games/<game_id>/undo")
@limit(1024)
@requires(Can.UNDO, what="undo")
@accepts(UndoBody)
def undo(game: Game, role: Role) -> Any:
    data = body()
    try:
        done = svc().table.undo_or_ask(game, actor=role, expected_version=data["expected_version"],
                                       seq=data.get("seq"), request_id=data.get("request_id"))
    except Replayed as again:
        return replayed_answer(game, role, again)
    if isinstance(done, Pending):  # the seat that acted since confirms it
        return pending_answer(game, role, done, 202)
    return entry_answer(game, role, done.seq, 201)


@api.get("/games/<game_id>/undo")
@requires(Can.UNDO, what="undo")
def undo_preview(game: Game, role: Role) -> Any:
    """What the asker's undo would take back, as the asker may see that entry, and whether it may."""
    try:
        seq = int(request.args["seq"]) if "seq" in request.args else None
    except ValueError:
        raise ApiError(400, "bad_seq", "seq must be a whole number", field="seq") from None
    if seq is not None and not 1 <= seq <= game.version:
        raise ApiError(400, "bad_seq", "seq is not an entry of this game", field="seq")
    plan = svc().table.undo_preview(game, role, seq)
    shown = [e for e in visible_entries(game, role, plan.seq - 1) if e["seq"] == plan.seq] if plan.seq else []
    return jsonify({**plan.to_dict(), "entry": shown[0] if shown else None, "version": game.version})


def own_entry(entry: dict[str, Any], role: Role) -> dict[str, Any]:
    """An entry without its chain hash unless the judge asks (the page shows the short head hash)."""
    return entry if role.sees_all else {k: v for k, v in entry.items() if k not in ("hash", "seal", "meta")}


@api.get("/games/<game_id>/log")
@requires()
def get_log(game: Game, role: Role) -> Any:
    since = query_int("since", 0, 0, MAX_VERSION)
    return jsonify({"version": game.version, "entries": visible_entries(game, role, since)})


class SeenEntry(NamedTuple):
    """An entry as a viewer sees it, encoded (``entries_seen``): its number, its text, and its verdict's."""

    seq: int
    text: msgspec.Raw
    verdict: msgspec.Raw


def entries_seen(game: Game, role: Role, since: int, services: Services | None = None) -> list[SeenEntry]:
    """``visible_entries`` encoded, once per (game, version, viewer, since): the answer to a write and the live update
    of the same version to the same viewer send the same bytes. As the views, only the encoding is kept."""
    known = svc() if services is None else services
    shown: list[SeenEntry] = known.views.get((game.id, game.version, role.cache_key, "entries", since),
                                             lambda: [SeenEntry(e["seq"], msgspec.Raw(ENCODE.encode(e)),
                                                                msgspec.Raw(ENCODE.encode(e.get("verdict"))))
                                                      for e in visible_entries(game, role, since, known)])
    return shown


def visible_entries(game: Game, role: Role, since: int, services: Services | None = None) -> list[dict[str, Any]]:
    known = svc() if services is None else services
    state = known.store.state(game.id, game)
    viewer = role.viewer
    out = []
    # The entries the state keeps (what the last write appended): the log is read only when they do not reach back.
    kept = state.entries_after(since)
    for e in kept if kept is not None else known.store.entries(game.id, since):
        d = e.to_dict()
        # Games from before seals existed (no keyed chain) are redacted the old way, by where cards are now.
        if game.chain_key is None and e.kind in ("action", "undo") and not viewer.sees_all:
            d["seal"] = legacy_seal(state.table, e.data if e.kind == "action" else e.data.get("action", {}))
        elif (e.kind == "action" and e.seq in state.undone) or e.kind == "undo":
            d = reseal_taken_back(d, state.table)
        shown = own_entry(redact_entry(d, viewer), role)
        names = entry_card_names(state.table, shown)
        if names:  # the titles of the cards the entry still names: the page may no longer see them
            shown["names"] = names
        if e.kind == "action" and e.seq in state.undone:
            shown["undone"] = True
        if e.kind == "key" and not role.sees_all:
            shown["data"] = {k: v for k, v in e.data.items() if k not in ("key_hash", "paper")}
        said = entry_said(e.kind, e.actor, e.data, state.table, game)
        if said is not None:
            shown["said"] = said
        out.append(shown)
    return out


def entry_said(kind: str, actor: str, data: dict[str, Any], table: Any, game: Game) -> dict[str, Any] | None:
    """An entry that is no action, in words the page shows as they are: a key made or renewed (a seat sheet the
    judge printed again, one opened by its seat's phone or opened again and refused) and a result reported."""
    def name(seat: Any) -> str:
        return str(table.players[seat].name) if seat in table.players else str(seat)
    if kind == "key":
        seat = data.get("seat")
        if data.get("refused"):
            return {"msg": "log.keyRefused", "player": name(seat)}
        if seat is not None and actor == f"seat:{seat}":
            return {"msg": "log.keyTaken", "player": name(seat)}
        if Role.from_actor(actor, game.seat_names).sees_all and seat in table.players:
            return {"msg": "log.key_judge", "player": name(seat)}
        return {"msg": "log.key"}
    if kind == "report":  # a seat's report of the result, or the judge's result
        winner = data.get("winner")
        ending = data.get("ending") or ("judge" if winner else "both_lose")
        result = ({"msg": "ev.result_for", "winner": name(winner), "reason": {"msg": f"ev.ending.{ending}"}} if winner
                  else {"msg": "ev.result_draw_for", "reason": {"msg": f"ev.ending.{ending}"}})
        if Role.from_actor(actor, game.seat_names).sees_all:
            return {"msg": "log.reportJudge", "result": result}
        return {"msg": "log.report", "player": name(actor.removeprefix("seat:")), "result": result}
    return None


def legacy_seal(table: Any, data: dict[str, Any]) -> dict[str, Any]:
    """Entries written before seals existed: hide what is hidden now (the old rule)."""
    from companion.rules.actions.base import REGISTRY, card_fields

    cls = REGISTRY.get(data.get("type", ""))
    fields = {}
    for name in card_fields(cls) if cls else ():
        cid = data.get(name)
        if isinstance(cid, str) and cid in table.instances and not visible_to(table, cid, SPECTATOR):
            from companion.rules.views import alias

            fields[name] = {"alias": alias(table, cid), "seats": [table.where[cid][0]]}
    return {"fields": fields, "verdict_seats": sorted({f["seats"][0] for f in fields.values()})} if fields else {}


@api.get("/games/<game_id>/verify")
@requires()
def verify(game: Game, role: Role) -> Any:
    """Walk the chain. ``?seen=N:HEAD`` (the version and short head hash a phone showed) also says
    whether the log still holds that point: a dropped or rewritten tail shows up as missing or changed."""
    result = svc().store.verify(game.id)
    if not role.sees_all:
        result.pop("head", None)
        if game.chain_key:
            result["head"] = game.head_hash[:12]
    seen = request.args.get("seen")
    if seen is not None:
        m = re.fullmatch(r"([0-9]{1,6}):([0-9a-f]{12})", seen)
        if m is None:
            raise ApiError(400, "bad_seen", "seen is VERSION:HEAD, the version and 12-letter head a phone showed",
                           field="seen")
        result["seen"] = svc().store.still_there(game.id, int(m[1]), m[2])
    return jsonify(result)


@api.get("/games/<game_id>/export")
@requires(Can.SEE_ALL, what="the full table log")
def export(game: Game, role: Role) -> Any:
    from companion.events.export import export_game

    text = export_game(svc().store, game)
    return Response(text, mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{game.id}.jsonl"'})


@api.get("/games/<game_id>/cards/<path:card_id>/actions")
@on_loop
@requires(Can.PLAY, what="card actions")
def card_actions(game: Game, role: Role, card_id: str) -> Any:
    table = svc().store.table(game.id)
    ref = card_id[:200]
    resolved = resolve_alias(table, ref) if parse_alias(ref) else ref
    if resolved is not None and parse_alias(ref) and role.seat is not None and not visible_to(table, resolved, role):
        # Another seat's face-down card by its position: what the declarations offer for any card there.
        return jsonify({"card": ref, "version": game.version, "actions": suggest_face_down(table, ref, role.seat)})
    # Decide what the asker may see first; a hidden and a missing card answer alike, naming the request.
    if resolved is None or resolved not in table.instances or not visible_to(table, resolved, role):
        raise ApiError(404, "unknown_card", f"no card {ref!r} that you can see at this table")
    seat = role.seat if role.seat is not None else table.instance(resolved).owner
    return jsonify({"card": ref, "version": game.version, "actions": suggest_actions(table, resolved, seat)})


@api.get("/games/<game_id>/find")
@requires()
def find_cards(game: Game, role: Role) -> Any:
    """Card instances at the table that the caller can see, by name: for picking a card without a scan.
    The forgiving matcher of ``companion cards search``; ``?for=ACTION`` ranks the caller's own cards in the
    zone that action takes them from first. Nothing found: the catalogue's names that fit, as a hint."""
    from companion.rules.actions.base import REGISTRY
    from companion.rules.find import find_cards as find_at_table

    text = request.args.get("q", "")
    if not text.strip() or len(text) > 100:
        raise ApiError(400, "missing_query", "give 1-100 characters of a card name in ?q=", field="q")
    action = request.args.get("for") or None
    if action is not None and action not in REGISTRY:
        raise ApiError(400, "bad_for", "for= names an action type, as in the table log", field="for")
    table = svc().store.table(game.id)
    rows = find_at_table(table, role.viewer, text, action)
    catalogue: list[str] = []
    if not rows:  # the catalogue knows nothing of this table: the hint cannot tell a hidden card's name
        for m in svc().catalog().search(text, edition=as_edition(table.edition), limit=10):
            if m.card.name not in catalogue and (m.how != "similar" or m.score >= 0.8):  # no far-fetched names
                catalogue.append(m.card.name)
    return jsonify({"cards": rows, "catalogue": catalogue[:3]})


# -- live updates ------------------------------------------------------------------------------


@api.get("/games/<game_id>/events")
@on_loop
@requires(Can.STREAM, what="live updates")
def events(game: Game, role: Role) -> Any:
    services = svc()
    game_id, peek, viewer = game.id, services.views.peek, role.cache_key  # asked for each delivery: looked up once
    return event_stream(game, role, lambda seen, version: sse_update(services, game_id, role, seen, version),
                        made_event=lambda seen, version: peek(shelf_key(game_id, viewer, seen, version)),
                        on_loop=True, shelf=services.views.shelf)


def sse_update(services: Services, game_id: str, role: Role, seen: int, version: int) -> str:
    """One event for a device that last saw ``seen``; devices with the same role and ``seen`` share it."""

    def make() -> str:
        # The game as this process committed it (no read of the game, nor of its log, for a version written here).
        committed = services.store.committed(game_id, version)
        game = committed[0] if committed is not None else services.store.game(game_id)
        shown, current = encoded_view(game, role, services)
        # Only what this device has not seen (at most RECENT entries): one entry after a single move.
        recent = entries_seen(game, role, max(0, seen, game.version - RECENT), services)
        payload = {
            "version": current,
            "view": shown,  # the bytes the answer to the write carried, for the writer's role
            # The log may already hold a newer entry than the view shows: it comes with the next event.
            "entries": [e.text for e in recent if seen < e.seq <= current],
            "reload_log": seen >= 0 and current - seen > RECENT,
            "committed": services.hub.committed_at(game_id, current),
        }
        return sse_encoded(current, ENCODE.encode(payload))

    event: str = services.views.get(sse_key(game_id, role, seen, version), make)
    return event


def sse_key(game_id: str, role: Role, seen: int, version: int) -> tuple[Any, ...]:
    """The cache key of one event: devices with the same role that last saw the same version share it."""
    return shelf_key(game_id, role.cache_key, seen, version)


# -- scanning ------------------------------------------------------------------------------------


@api.post("/scan")
@limit(16 * 1024 * 1024)
def scan() -> Any:
    """An image (multipart "image" or the raw body): every code in it, and with ?game= the cards they name."""
    from companion.scan.engines import SCAN_FORMATS
    from companion.scan.images import ImageError
    from companion.scan.pipeline import decode_image, read_image
    from companion.scan.table import labelled_cards, resolve_codes, resolve_titles
    from companion.scan.titles import ocr_status

    game_id = request.args.get("game")
    what = request.args.get("titles", "1")
    if what not in ("0", "1", "only"):
        raise ApiError(400, "bad_titles", "titles must be 0 (labels only), 1 (labels and titles) or only (titles only)",
                       field="titles")
    if game_id and not role_for(svc().store.game(game_id)).may_scan:
        # Decided before the image costs anything.
        raise ApiError(403, "forbidden", "scanning at a table needs a seat or judge key of that game")
    upload = request.files.get("image")
    data = upload.read() if upload is not None else request.get_data(cache=False)
    if not data:
        raise ApiError(400, "no_image", 'send a JPEG, PNG or WebP photo as the body or as multipart "image"')
    try:
        # The photo lives in this request only: never stored. Every label format, in a photo and a live frame
        # alike. Whether titles are read is the asker's choice alone (?titles=0: the live camera's frames, several
        # a second, labels only), never what the labels turn out to be: an answer that read titles for one tag and
        # not for another would tell a seat, by its shape or its time, whose deck a label belongs to. ?titles=only:
        # the live camera's "hold still" frame, whose labels the frames before it have read.
        if what == "0":
            codes, reads = decode_image(bytes(data), SCAN_FORMATS), list[Any]()
        else:
            codes, reads = read_image(bytes(data), () if what == "only" else SCAN_FORMATS)
    except ImageError as exc:
        raise ApiError(400, "bad_image", str(exc)) from None
    game_id = request.args.get("game")
    table = tags = None
    viewer = SPECTATOR
    version = None
    if game_id:
        game = svc().store.game(game_id)
        role = role_for(game)
        if not role.may_scan:
            raise ApiError(403, "forbidden", "scanning at a table needs a seat or judge key of that game")
        viewer = role
        table = svc().store.table(game.id)
        tags = svc().store.deck_tags(game.id)
        version = game.version
    rows = resolve_codes(codes, table, tags or {}, viewer)
    titles = []
    if reads:
        with svc().borrow_catalog() as catalog:
            names = _title_names(catalog, table.edition if table is not None else "2e")
        titles = resolve_titles(reads, table, viewer, names)
    seen = labelled_cards(codes, tags or {}, table.edition) if table is not None and game_id else []
    message = None if rows or titles else ("no barcode or card title found: hold the card flat, fill more of the "
                                           "frame, avoid glare")
    ocr = ocr_status()  # says what is missing when tesseract is not installed
    ocr_out = {"available": ocr["available"]} if ocr["available"] else dict(ocr)
    response = jsonify({"codes": rows, "titles": titles, "version": version, "message": message, "ocr": ocr_out})
    if seen and game_id:
        # An event's deck check runs once the answer has gone: its work (a flag written for a label of no deck)
        # must not make the answer to one label slower than to another.
        services = svc()
        response.call_on_close(lambda: services.saw_cards(game_id, seen, "scan"))
    return response


_TITLE_NAMES: dict[tuple[int, str], dict[str, list[str]]] = {}


def _title_names(catalog: Any, edition: str) -> dict[str, list[str]]:
    """Every title of an edition by card type (cards a player holds: not plots or agendas), computed once per
    catalogue."""
    from companion.scan.titles import by_type

    key = (catalog.count(), edition)
    if key not in _TITLE_NAMES:
        _TITLE_NAMES[key] = by_type(c for c in catalog.all(edition)
                                    if c.type in ("character", "location", "attachment", "event"))
    return _TITLE_NAMES[key]
