"""Events over HTTP: the organiser's and the judge's routes, the seats' "call a judge", and the pages.

An event has two keys: the organiser's (creates rounds, registers players) and the judge's (the
dashboard, any moment of any game, rulings). Both travel only in ``Authorization: Bearer``. A seat's
key opens nothing here but its own table's clock and its call for a judge: the dashboard, flags and
hidden cards never reach players or strangers.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import msgspec
from flask import Blueprint, Response, jsonify, request
from msgspec import UNSET, Meta, UnsetType

from companion.catalog.legality import check_deck
from companion.declare import text
from companion.events import tiebreakers, tournament
from companion.events.feed import CSV_TABLES, feed, feed_csv, round_in_play, round_pairings
from companion.events.pairings import PairingError, check_hand_pairings, parse_pairings
from companion.events.penalties import (
    CITES,
    LEVELS,
    LEVELS_TEXT,
    REGULATIONS,
    Level,
    advice,
    by_player,
    event_penalties,
)
from companion.events.report import decision_words, event_file, pdf_report, table_report
from companion.events.results import ENDINGS, PLAYER_ENDINGS, check_claim
from companion.events.service import EventService
from companion.events.store import Event, EventError, EventStore
from companion.events.swiss import CUT_SIZES, SCHEMES
from companion.messages import LANGUAGES, language
from companion.rules.actions.ending import outright_winner
from companion.rules.actions.round import gone_to_time
from companion.rules.citations import RULES
from companion.rules.roles import HOST, JUDGE, Can
from companion.store.games import PAPER_KIND, Conflict, Replayed
from companion.store.secrets import new_secret
from companion.web.api import decklist, limit, request_id, storable, svc
from companion.web.auth import checked_key, game_role, key_from_request, read_game, role_for
from companion.web.current import current_application, current_globals, current_request
from companion.web.errors import ApiError
from companion.web.html import page
from companion.web.live import event_stream
from companion.web.schema import (
    MAX_VERSION,
    Body,
    RequestId,
    Version,
    accepts,
    answers,
    body,
    decode_action,
    query_int,
)

events_api = Blueprint("events_api", __name__)
events_pages = Blueprint("events_pages", __name__)

ACTIONS = re.compile(r"^/api/games/([^/]+)/actions$")
DECK = re.compile(r"^/api/games/([^/]+)/seats/[^/]+/deck$")
CARD_ACTIONS = re.compile(r"^/api/games/([^/]+)/cards/.+/actions$")


def service() -> EventService:
    """One per app, made on first use (the store exists only once the app is built)."""
    ext = current_application().extensions["companion"]  # (not the proxy)
    if "events" not in ext:
        with _MAKING:  # two first requests at once must not register two listeners (every flag twice)
            if "events" not in ext:
                services = svc()
                store = EventStore(services.database, services.store)
                ext["events"] = EventService(services.store, store, services.hub.publish)
                services.card_watchers.append(ext["events"].saw_cards)
                ext["events"].resume()  # rounds whose clocks ran while the server was down
    events: EventService = ext["events"]
    return events


_MAKING = threading.Lock()


# -- request bodies: declared once, checked by @accepts and published by /api/openapi.json ----------------

_SCHEMES = tuple(SCHEMES)
_CUTS = tuple(CUT_SIZES)
Scheme = Literal[_SCHEMES]  # type: ignore[valid-type]
Cut = Literal[_CUTS]  # type: ignore[valid-type]
Mode = Literal["strict", "advisory"]


class EventBody(Body):
    name: Annotated[str, text(1, 100), answers("bad_event")]
    date: Annotated[str, text(0, 10, r"^(\d{4}-\d{2}-\d{2})?$", description="YYYY-MM-DD or empty"),
                    answers("bad_event")] | UnsetType = UNSET
    rounds: Annotated[int, Meta(ge=1, le=20), answers("bad_event")] | UnsetType = UNSET
    tables: Annotated[int, Meta(ge=1, le=200), answers("bad_event")] | UnsetType = UNSET
    minutes: Annotated[int, Meta(ge=5, le=240), answers("bad_event")] | UnsetType = UNSET
    edition: Annotated[Literal["2e", "1e"], answers("bad_event")] | UnsetType = UNSET
    scoring: Annotated[Scheme, Meta(description="tournament points: the regulations' (win 5, modified win 4) or a "
                                                "league's (5 per win)"), answers("bad_event")] | UnsetType = UNSET
    cut: Annotated[Cut, Meta(description="top 4/8/16/32 after the Swiss rounds; 0 none"), answers("bad_event")] \
        | UnsetType = UNSET
    seed: Annotated[str, text(0, 32, r"^[\w-]*$", description="round 1's random pairing (default: drawn)"),
                    answers("bad_event")] | UnsetType = UNSET
    format: Annotated[Literal["joust", "melee"], answers("bad_event")] | UnsetType = UNSET
    restricted_list: Annotated[str, text(1, 40, r"^[\w.-]{1,40}$", description="a shipped restricted list's code "
                                         "(2nd edition); default the newest"), answers("bad_event")] | UnsetType = UNSET


class PlayerBody(Body):
    name: Annotated[str, text(1, 40), answers("bad_player")]
    decklist: Annotated[Annotated[str, text(1, 90_000, None)] | Annotated[dict[str, Any], Meta(max_length=1000)],
                        Meta(description="ThronesDB text export or JSON"), answers("bad_deck")]
    request_id: RequestId | None = None
    faction: Annotated[str, text(0, 40), answers("bad_player")] | None = None
    agenda: Annotated[str, text(0, 200), answers("bad_player")] | None = None


class Pairing(msgspec.Struct, kw_only=True):
    table: Annotated[int, Meta(ge=1, le=400), answers("bad_pairings")]
    a: Annotated[str, text(0, 40, None, description="a registered player's name, or empty"), answers("bad_pairings")]
    b: Annotated[str, text(0, 40, None, description="a registered player's name, or empty"), answers("bad_pairings")]


class RoundBody(Body):
    request_id: RequestId | None = None
    csv: Annotated[str, text(0, 60_000, None), answers("bad_pairings")] | UnsetType = UNSET
    pairings: Annotated[list[Pairing], Meta(max_length=400), answers("bad_pairings")] | UnsetType = UNSET
    round: Annotated[int, Meta(ge=1, le=20), answers("bad_round")] | UnsetType = UNSET
    mode: Annotated[Mode, answers("bad_mode")] | UnsetType = UNSET


class SheetsBody(Body):
    confirm: Annotated[bool, Meta(description="printing makes new seat links"), answers("confirm")]
    table: Annotated[int, Meta(ge=1, le=400, description="only this table's seats (a reprint)"),
                     answers("bad_sheet")] | UnsetType = UNSET
    seat: Annotated[Literal["A", "B"], Meta(description="only this seat (a reprint)"), answers("bad_sheet")] \
        | UnsetType = UNSET


class RequestIdBody(Body):
    request_id: RequestId | None = None


class ClockBody(Body):
    request_id: RequestId | None = None
    minutes: Annotated[int, Meta(ge=1, le=240), answers("bad_minutes")] | UnsetType = UNSET
    seconds_ago: Annotated[int, Meta(ge=0, le=86_400), answers("bad_minutes")] | UnsetType = UNSET


class RulingBody(Body):
    request_id: Annotated[RequestId, answers("missing_request_id")]
    type: Annotated[Literal["note", "penalty", "time_extension", "correction"], answers("bad_ruling")]
    text: Annotated[str, text(0, 1000), answers("bad_ruling")] | UnsetType = UNSET
    minutes: Annotated[int, Meta(ge=1, le=60), answers("bad_ruling")] | UnsetType = UNSET
    penalty: Annotated[Level, answers("bad_ruling")] | UnsetType = UNSET
    seat: Annotated[str, text(1, 16, r"^[\w-]{1,16}$"), answers("bad_ruling")] | None = None
    rule: Annotated[str, text(1, 80, None), answers("bad_ruling")] | None = None
    action: Annotated[dict[str, Any], Meta(extra_json_schema={"$ref": "#/components/schemas/Action"}),
                      answers("bad_action")] | None = None
    expected_version: Version | None = None


Ending = Literal[ENDINGS]  # type: ignore[valid-type]
PlayerEnding = Literal[PLAYER_ENDINGS]  # type: ignore[valid-type]


class ResultBody(Body):
    request_id: RequestId | None = None
    winner: Annotated[Literal["A", "B"], answers("bad_result")] | None = None
    reason: Annotated[str, text(0, 100), answers("bad_result")] | UnsetType = UNSET
    modified: Annotated[bool, Meta(description="a modified win (going to time): 4 tournament points, not 5"),
                        answers("bad_result")] | UnsetType = UNSET
    ending: Annotated[Ending, Meta(description="how the round ended (Tournament Regulations › End of Round): "
                                               "victory, empty_deck, time (a modified win), concession; both_lose "
                                               "without a winner"), answers("bad_result")] | UnsetType = UNSET
    change: Annotated[bool, Meta(description="the judge changes a result that is in (asked first)"),
                      answers("bad_result")] | UnsetType = UNSET


class ReportBody(Body):
    request_id: Annotated[RequestId, answers("missing_request_id")]
    winner: Annotated[Literal["A", "B"], Meta(description="the winner's seat; null: both lose"),
                      answers("bad_result")] | None
    ending: Annotated[PlayerEnding, Meta(description="victory, empty_deck, time (a modified win), concession, or "
                                                     "both_lose (no winner)"), answers("bad_result")]


class ProposeBody(Body):
    request_id: RequestId | None = None
    override: Annotated[bool, Meta(description="the judge pairs the round before every result is in (logged)"),
                        answers("bad_override")] | UnsetType = UNSET


ProposalId = Annotated[str, text(1, 32, r"^[\w-]+$"), answers("bad_proposal")]


class SwapBody(Body):
    proposal: ProposalId
    a: Annotated[int, Meta(ge=1, le=100_000), answers("bad_player")]
    b: Annotated[int, Meta(ge=1, le=100_000), answers("bad_player")]
    request_id: RequestId | None = None


class ConfirmBody(Body):
    proposal: ProposalId
    request_id: RequestId | None = None
    mode: Annotated[Mode, answers("bad_mode")] | UnsetType = UNSET


class DropBody(Body):
    request_id: RequestId | None = None
    disqualified: Annotated[bool, Meta(description="the organiser disqualifies the player (never rejoins)"),
                            answers("bad_drop")] | UnsetType = UNSET


class AdjustBody(Body):
    request_id: Annotated[RequestId, answers("missing_request_id")]
    points: Annotated[int, Meta(ge=-100, le=100, description="tournament points added (negative: taken away)"),
                      answers("bad_adjustment")]
    reason: Annotated[str, text(1, 200), answers("bad_adjustment")]


class CallBody(Body):
    request_id: Annotated[RequestId, answers("missing_request_id")]
    note: Annotated[str, text(0, 200), answers("bad_note")] | UnsetType = UNSET


# -- watching the game routes (no change to them) ------------------------------------------------


@events_api.before_app_request
def watch_event_games() -> Any:
    """Event games load only the registered deck, and a move naming a card outside the registered
    list raises a deck-check flag before the game refuses it."""
    events, asked = service(), current_request()
    if asked.method == "PUT" and (m := DECK.match(asked.path)) and events.events.table_of(m.group(1)):
        return jsonify({"error": {"code": "registered_deck", "message": "an event game plays only the decks "
                                  "registered for the event; ask the organiser", "details": {}}}), 403
    if asked.method == "POST" and (m := ACTIONS.match(asked.path)) and events.events.table_of(m.group(1)):
        # Time called goes into the log before the move that may start a new round after it.
        events.enforce_clock(m.group(1))
        # Only a seat's or the judge's key of this game, and only a body the route itself would read: a
        # stranger must not be able to write flags onto the judge's dashboard.
        if (asked.content_length or 0) > 16 * 1024:
            return None
        # The game, the key's role and the body read here are the route's too (``read_game``, ``body``): one
        # pass from the hook to the service, nothing read or parsed twice.
        _, role = read_game(m.group(1), keep=True)
        if role is None or not role.can(Can.PLAY):
            return None
        try:
            data = body()
        except ApiError:
            return None  # the route answers it, as it would without the hook
        if isinstance(data.get("action"), dict) and storable(data["action"]):
            current_globals().event_action = (m.group(1), data["action"], role.actor)  # its deck check follows
    return None


@events_api.after_app_request
def note_refusals(response: Response) -> Response:
    """A move naming a card outside the registered list, or a strict event game refusing an illegal move: the judge's
    dashboard hears of it. Only once the move is answered: a move that bails out on the event loop runs again on the
    pool, hook and all, and only the answered run may count (a flag per try was a flag too many)."""
    attempt = current_globals().get("event_action")
    if attempt is not None:
        service().deck_check_attempt(*attempt)
    if attempt is not None and response.status_code == 422:
        answer = response.get_json(silent=True) or {}
        service().refused(attempt[0], attempt[1], answer, attempt[2])
    asked = current_request()
    if (asked.method == "GET" and response.status_code == 200 and (m := CARD_ACTIONS.match(asked.path))
            and service().events.table_of(m.group(1))):
        return tournament_menu(m.group(1), response)
    return response


def tournament_menu(game_id: str, response: Response) -> Response:
    """Tournament mode: a seat's card menu lists what the table could do, without the verdict preview
    (which plays are legal, which rule forbids one) and in a neutral order. Strict mode still refuses
    an illegal move when it is sent; judges keep the preview."""
    role = game_role(svc().store.game(game_id), key_from_request())
    if role is None or role.sees_all:  # who sees every card keeps the preview (the judge)
        return response
    data = response.get_json(silent=True) or {}
    rows = [{"action": r.get("action"), **({"target": r["target"]} if r.get("target") else {})}
            for r in data.get("actions", [])]
    rows.sort(key=lambda r: json.dumps(r, sort_keys=True))
    data["actions"] = [{**r, "legal": True, "violations": []} for r in rows]
    data["tournament_mode"] = True
    response.set_data(json.dumps(data))
    return response


# -- who asks ------------------------------------------------------------------------------------


def event_role(event_id: str, *allowed: str) -> tuple[Event, str]:
    events = service().events
    event = events.event(event_id)
    role = checked_key(f"event:{event_id}", event.role_for(key_from_request()), "event")
    if role not in allowed:
        raise ApiError(403, "forbidden", f"this needs the {' or '.join(allowed)} key")
    return event, role


def _game_in_event(event: Event, game_id: str) -> Any:
    ref = service().events.table_of(game_id)
    if ref is None or ref.event_id != event.id:
        raise ApiError(404, "not_found", "no such table in this event")
    return ref


def _scoped(rid: str | None, role: str) -> str | None:
    """An event write's request id as the event remembers it: with the key's role and the route (its player or
    round), so the same id from the other key, or sent to another route, is a write of its own, not a replay."""
    return None if rid is None else f"{role}:{request.path}:{rid}"


def _organiser_write(event_id: str) -> tuple[Any, dict[str, Any], str | None]:
    """An organiser's write: the event (the key decided first), the body and its request id (``_once`` answers a
    retry with the first answer)."""
    event, _ = event_role(event_id, "organiser")
    data = body()
    return event, data, _scoped(request_id(data), "organiser")


def _once(event: Event, rid: str | None, make: Callable[[], dict[str, Any]], status: int = 200) -> Any:
    """A write of the event recorded once per request id: a retry gets the first answer (marked replayed) and
    records nothing; the first time ``make`` writes and answers, the answer is kept and the event's pages hear."""
    done = service().events.replayed(event.id, rid)
    if done is not None:
        return jsonify({**done, "replayed": True})
    answer = make()
    service().events.remember(event.id, rid, answer)
    service().publish(event.id)
    return jsonify(answer), status


# -- the organiser ----------------------------------------------------------------------------------


@events_api.post("/event")
@limit(4 * 1024)
@accepts(EventBody)
def create_event() -> Any:
    data = body()
    svc().creation_allowed(request.remote_addr or "?")
    event, keys = service().events.create_event(  # types and ranges settled by EventBody
        data["name"], data.get("date", ""), data.get("rounds", 3), data.get("tables", 16),
        data.get("edition", "2e"), data.get("minutes", 55), data.get("scoring", "regulations"), data.get("cut", 0),
        data.get("seed") or None, fmt=data.get("format", "joust"), restricted_list=data.get("restricted_list"))
    base = request.host_url.rstrip("/")
    return jsonify({"event": event.public(),
                    "organiser": {"key": keys["organiser"], "url": f"{base}/e/{event.id}#key={keys['organiser']}"},
                    "judge": {"key": keys["judge"], "url": f"{base}/e/{event.id}/judge#key={keys['judge']}"}}), 201


@events_api.get("/event/<event_id>")
def get_event(event_id: str) -> Any:
    event, role = event_role(event_id, "organiser", "judge")
    return jsonify(event_answer(event, role))


#: What each of an event's keys may do beyond reading its pages, as the pages offer it: pair a round before every
#: result is in, download the event file (every table's hidden cards), disqualify a player. One home: the routes
#: check these and the pages draw them (``may``), naming no role.
EVENT_MAY: dict[str, frozenset[str]] = {
    "judge": frozenset({"override", "export"}),
    "organiser": frozenset({"disqualify"}),
}


def event_may(role: str) -> dict[str, bool]:
    return {what: what in EVENT_MAY.get(role, frozenset()) for what in ("override", "export", "disqualify")}


def event_answer(event: Event, role: str, live: bool = False) -> dict[str, Any]:
    """The organiser's page: the event, its players, rounds, tables and results, each player's penalties; ``live``
    (its stream) adds the standings and the proposal, so one update redraws the whole page."""
    # The version first: a change committed while the answer is read then comes with a newer version too. Read last,
    # an answer missing that change bore its version, and the page kept it over the stream's newer one for good.
    version = service().version(event.id)
    events = service().events
    rounds = events.rounds(event.id)
    results = {g: r for info in rounds for g, r in events.results(event.id, info["number"]).items()}
    finished = {info["number"]: all(r is not None for r in events.results(event.id, info["number"]).values())
                for info in rounds}
    # The players before their entries: a player registered between the two reads is then in both (players are
    # only ever added). Read the other way round, such a player had no entry, and the page's answer was a 500.
    listed = events.players(event.id)
    moves = events.open_moves(event.id)
    entrants = {e.id: e for e in events.entrants(event.id)}
    gone = events.disqualified(event.id)
    # Before round 1 is paired a registration may be taken off the list (after it, a player drops).
    players = [{**p.public(), "joined": entrants[p.id].joined, "dropped_after": entrants[p.id].dropped_after,
                "missed": list(entrants[p.id].missed), "disqualified": p.id in gone, "removable": not rounds}
               for p in listed]
    out = {"event": event.public(), "role": role, "may": event_may(role), "fingerprint": events.fingerprint(event.id),
           "players": players,
           # What the judges gave, per player across the rounds (the organiser decides a disqualification).
           "penalties": by_player(event_penalties(events, event.id)),
           "rounds": [{**info, "clock": {**service().clock(event.id, info["number"], info=info),
                                         "finished": finished[info["number"]]}} for info in rounds],
           # How many flagged moves each table has that no judge has dealt with yet: a count, no more (a flag holds
           # the move as a seat sent it, which may name a card from its hand).
           "tables": [{"round": t.round, "table": t.number, "game": t.game_id, "players": t.players,
                       "result": results.get(t.game_id), "open_moves": moves.get(t.game_id, 0)}
                      for t in events.tables(event.id)],
           "version": version}
    # Whether the next round may be proposed now, or why not: the page offers the button only when it can work.
    out["next_round"] = tournament.next_step(events, event)
    if live:
        out["standings"] = tournament.standings_view(events, event)
        out["proposal"] = tournament.proposal_view(events, event)
    return out


def _read_deck(event: Event, text: Any) -> tuple[Any, str | None, list[dict[str, Any]], str]:
    """A pasted ThronesDB decklist (text or JSON) for this event: the deck, its agenda's name, its legality under the
    event's format and restricted list (each problem in both languages), and the text as pasted."""
    if isinstance(text, dict):
        text = json.dumps(text)
    if not text.strip():
        raise ApiError(400, "bad_deck", "decklist: paste a ThronesDB decklist (text export or JSON)", field="decklist")
    catalog = svc().catalog()
    deck = decklist(text, catalog, event.edition, "registration")
    agenda_names = [c.name for code in deck.agendas if (c := catalog.get(code))]
    warnings = [w.to_dict() for w in check_deck(deck, catalog, event.format, event.restricted_list)]
    return deck, ", ".join(agenda_names) or None, warnings, text


@events_api.post("/event/<event_id>/players")
@limit(96 * 1024)
@accepts(PlayerBody)
def register_player(event_id: str) -> Any:
    event, data, rid = _organiser_write(event_id)

    def register() -> dict[str, Any]:
        deck, agenda, warnings, text = _read_deck(event, data["decklist"])  # text or JSON (the schema says which)
        player = service().events.register(event.id, str(data.get("name", "")), data.get("faction") or deck.faction,
                                           data.get("agenda") or agenda, deck.slots, text, warnings)
        # An illegal deck is registered (the list is frozen as brought) but sits at no table until the organiser
        # confirms it: the answer says so.
        return {"player": player.public(), "warnings": warnings, "needs_confirmation": not player.playable}
    return _once(event, rid, register, 201)


# -- players who register themselves from the event's public link -------------------------------------------

class SelfRegisterBody(Body):
    request_id: Annotated[RequestId, answers("missing_request_id")]
    name: Annotated[str, text(1, 40), answers("bad_player")]
    decklist: Annotated[Annotated[str, text(1, 90_000, None)] | Annotated[dict[str, Any], Meta(max_length=1000)],
                        Meta(description="ThronesDB text export or JSON"), answers("bad_deck")]


class DeckBody(Body):
    request_id: Annotated[RequestId, answers("missing_request_id")]
    decklist: Annotated[Annotated[str, text(1, 90_000, None)] | Annotated[dict[str, Any], Meta(max_length=1000)],
                        Meta(description="ThronesDB text export or JSON"), answers("bad_deck")]


class OpenBody(Body):
    open: Annotated[bool, Meta(description="players may register themselves from the event's link"),
                    answers("bad_registration")]
    request_id: RequestId | None = None


class PublishBody(Body):
    publish: Annotated[bool, Meta(description="the public feed carries every player's decklist"),
                       answers("bad_publish")]
    request_id: RequestId | None = None


#: Self-registrations one address may make at one event in an hour: a venue's Wi-Fi puts every player behind one
#: address, so the bound is a whole event's worth, not one person's.
SELF_REGISTRATIONS = 120
_REGISTERED: dict[tuple[str, str], list[float]] = {}
_REGISTERED_GUARD = threading.Lock()


def _registration_allowed(event_id: str) -> None:
    now = time.monotonic()
    where = (event_id, request.remote_addr or "?")
    with _REGISTERED_GUARD:
        if len(_REGISTERED) > 10_000:
            _REGISTERED.clear()
        recent = [t for t in _REGISTERED.get(where, []) if now - t < 3600]
        if len(recent) >= SELF_REGISTRATIONS:
            raise ApiError(429, "too_many_registrations", "too many registrations from here in the last hour")
        _REGISTERED[where] = [*recent, now]


def _self_player(event: Event) -> Any:
    """The player whose own registration key the request carries; None without a key; a key that opens nothing is
    refused (and counted, like a wrong game key)."""
    key = key_from_request()
    if key is None:
        return None
    return checked_key(f"register:{event.id}", service().events.self_registered(event.id, key), "registration")


def _registration_answer(event: Event, player: Any) -> dict[str, Any]:
    paired = len(service().events.rounds(event.id))
    info = {k: v for k, v in event.public().items() if k in ("id", "name", "date", "edition", "format",
                                                               "restricted_list", "registration_open")}
    mine = None
    if player is not None:
        seated = any(player.id in ref.players for ref in service().events.tables(event.id)) or any(
            r.get("bye") == player.id for r in service().events.rounds(event.id))
        mine = {**{k: v for k, v in player.public().items() if k in ("id", "name", "faction", "agenda", "cards",
                                                                     "legal", "problems", "confirmed")},
                "paired": seated, "bye": tournament.bye_of(service().events, event, player.id),
                "table": tournament.table_of_player(service().events, event, player.id),
                **_organiser_decisions(event, player.id, paired)}
    return {"event": info, "open": event.registration_open and paired < 2, "player": mine}


def _organiser_decisions(event: Event, player_id: int, paired: int) -> dict[str, Any]:
    """What the organiser decided of a player, for their own registration page (a judge's event told them none of
    it): their drop (after which round, disqualified or not) and the rounds they missed, each an unpaired loss (a late
    registration, a drop and a rejoin). Whether an illegal deck was allowed is the registration's ``confirmed``."""
    entrant = next((e for e in service().events.entrants(event.id) if e.id == player_id), None)
    if entrant is None:
        return {"dropped": None, "missed": []}
    dropped = None if entrant.dropped_after is None else {
        "after": entrant.dropped_after, "disqualified": player_id in service().events.disqualified(event.id)}
    return {"dropped": dropped, "missed": sorted(entrant.unpaired_losses(paired))}


@events_api.get("/event/<event_id>/registration")
def registration(event_id: str) -> Any:
    """The event's public registration: its name and format, whether it is open, and with the player's own
    registration key, their registration and their deck's legality."""
    event = service().events.event(event_id)
    return jsonify(_registration_answer(event, _self_player(event)))


@events_api.post("/event/<event_id>/registration")
@limit(96 * 1024)
@accepts(SelfRegisterBody)
def self_register(event_id: str) -> Any:
    """A player registers themselves from the event's link: name and ThronesDB decklist, frozen with its hash and
    its legality (shown at once); the answer holds the player's own key (shown once) to fix the deck until they
    are paired."""
    event = service().events.event(event_id)
    data = body()
    rid = f"register:{request.remote_addr or '?'}:{data['request_id']}"
    done = service().events.replayed(event.id, rid)
    if done is not None:  # the key was in the first answer only (never stored readable)
        return jsonify({**done, "replayed": True})
    if not event.registration_open:
        raise ApiError(409, "registration_closed", "the organiser has closed registration", msg="ev.reg.closed")
    _registration_allowed(event.id)
    deck, agenda, warnings, text = _read_deck(event, data["decklist"])
    key = new_secret()
    player = service().events.register(event.id, data["name"], deck.faction, agenda, deck.slots, text, warnings,
                                       self_key=key)
    answer = _registration_answer(event, player)
    service().events.remember(event.id, rid, answer)
    service().publish(event.id)
    return jsonify({**answer, "key": key}), 201


@events_api.put("/event/<event_id>/registration/deck")
@limit(96 * 1024)
@accepts(DeckBody)
def self_replace_deck(event_id: str) -> Any:
    """A player who registered themselves replaces their decklist (an illegal one, fixed) until they are paired."""
    event = service().events.event(event_id)
    player = _self_player(event)
    if player is None:
        raise ApiError(401, "bad_key", "this needs your registration key (on the phone you registered with)")
    data = body()

    def replace() -> dict[str, Any]:
        if not event.registration_open:
            raise ApiError(409, "registration_closed", "the organiser has closed registration", msg="ev.reg.closed")
        deck, agenda, warnings, text = _read_deck(event, data["decklist"])
        changed = service().events.replace_deck(event.id, player.id, deck.slots, text, warnings, deck.faction,
                                                agenda)
        return _registration_answer(event, changed)
    return _once(event, f"deck:{player.id}:{data['request_id']}", replace)


@events_api.post("/event/<event_id>/registration/open")
@limit(1024)
@accepts(OpenBody)
def open_registration(event_id: str) -> Any:
    """The organiser opens or closes the event's self-registration (logged)."""
    return _organiser_switch(event_id, "open", service().events.set_registration)


@events_api.post("/event/<event_id>/publish-decks")
@limit(1024)
@accepts(PublishBody)
def publish_decks(event_id: str) -> Any:
    """The organiser publishes (or withdraws) every player's decklist in the event's public feed (logged)."""
    return _organiser_switch(event_id, "publish", service().events.set_publish_decks)


def _organiser_switch(event_id: str, field: str, switch: Callable[[str, bool, str], Any]) -> Any:
    """One of the organiser's on/off settings of the event, set once per request id (logged), and published."""
    event, data, rid = _organiser_write(event_id)

    def turn() -> dict[str, Any]:
        switch(event.id, data[field], "organiser")
        return {field: data[field]}
    return _once(event, rid, turn)


@events_api.post("/event/<event_id>/players/<int:player_id>/confirm")
@limit(1024)
@accepts(RequestIdBody)
def confirm_deck(event_id: str, player_id: int) -> Any:
    """The organiser lets a deck that is not legal under the event's list play (logged, with its problems)."""
    event, _, rid = _organiser_write(event_id)
    return _once(event, rid, lambda: {"player": service().events.confirm_deck(event.id, player_id, "organiser")
                                      .public()})


@events_api.post("/event/<event_id>/rounds")
@limit(64 * 1024)
@accepts(RoundBody)
def create_round(event_id: str) -> Any:
    """Pairings as CSV (table, player, player) or as a list; every row is checked before any game exists."""
    event, data, rid = _organiser_write(event_id)
    done = service().events.replayed(event.id, rid)  # a retry: its first answer, nothing recorded again
    if done is not None:
        return jsonify({**done, "replayed": True})
    events = service().events
    number = data.get("round") or len(events.rounds(event.id)) + 1
    names = {p.name: p.id for p in events.players(event.id)}
    try:
        if isinstance(data.get("csv"), str):
            pairings: list[tuple[int, int, int]] = parse_pairings(data["csv"], names, event.tables)
        elif isinstance(data.get("pairings"), list):
            # Chosen by hand on the page: the schema settled the shapes; names stay names (no CSV quoting).
            pairings = check_hand_pairings([(p["table"], p["a"], p["b"]) for p in data["pairings"][:MAX_ROWS]],
                                           names, event.tables)
        else:
            raise ApiError(400, "bad_pairings", 'send "csv" (table,player,player per line) or "pairings"')
    except PairingError as exc:
        raise ApiError(400, "bad_pairings", "the pairings have problems; nothing was created",
                       problems=[p.to_dict() for p in exc.problems[:100]]) from None
    mode = data.get("mode", "strict")
    tournament.check_results_in(events, event.id, int(number), override=False)  # the judge overrides via propose
    met = {frozenset(p.players()) for p in events.played(event.id) if p.b is not None}
    rematches = [t for t, a, b in pairings if frozenset((a, b)) in met]  # allowed by hand, but said
    created = events.create_round(event.id, int(number), pairings, mode, bye=getattr(pairings, "bye", None))
    answer, status = _round_answer(event, int(number), created, rid)
    if rematches:
        answer.set_data(json.dumps({**answer.get_json(), "rematches": rematches}))
    return answer, status


def _round_answer(event: Event, number: int, created: list[Any], rid: str | None) -> Any:
    """A new round's tables with each seat's link (shown once), as pairing by CSV, by hand or by the tool
    answers it."""
    events = service().events
    base = request.host_url.rstrip("/")
    names_by_id = {p.id: p.name for p in events.players(event.id)}
    tables = [{"table": ref.number, "game": ref.game_id,
               "seats": [{"seat": seat, "name": names_by_id[pid],
                          "url": f"{base}/g/{ref.game_id}/join#key={keys[seat]}"}
                         for seat, pid in zip("AB", ref.players, strict=False)]} for ref, keys in created]
    bye = events.round_info(event.id, number).get("bye")
    answer = {"round": number, "tables": tables, "bye": None if bye is None else {"id": bye, "name": names_by_id[bye]}}
    service().publish(event.id)
    # The answer holds the seat keys: it is not kept for replays (keys are never stored readable).
    events.remember(event.id, rid, {"round": number, "tables": [{"table": t["table"], "game": t["game"]}
                                                                   for t in tables]})
    return jsonify(answer), 201


# -- Swiss: the server proposes, the organiser swaps and confirms; drops; standings ------------------------


@events_api.post("/event/<event_id>/rounds/propose")
@limit(1024)
@accepts(ProposeBody)
def propose_round(event_id: str) -> Any:
    """The next round's pairings computed by the server (Swiss by score with rematches avoided, or the
    cut). Nothing is created until confirmed. Every result of the previous round must be in, unless the
    judge overrides (logged)."""
    event, role = event_role(event_id, "organiser", "judge")
    if body().get("override") and not event_may(role)["override"]:
        raise ApiError(403, "forbidden", "only the judge's key may pair a round before every result is in",
                       field="override")
    out = tournament.propose(service().events, event, role, bool(body().get("override")))
    service().publish(event.id)
    return jsonify({"proposal": out}), 201


@events_api.get("/event/<event_id>/proposal")
def get_proposal(event_id: str) -> Any:
    event, _ = event_role(event_id, "organiser", "judge")
    return jsonify({"proposal": tournament.proposal_view(service().events, event)})


@events_api.post("/event/<event_id>/proposal/swap")
@limit(1024)
@accepts(SwapBody)
def swap_in_proposal(event_id: str) -> Any:
    event, role = event_role(event_id, "organiser", "judge")
    data = body()
    out = tournament.swap_players(service().events, event, data["proposal"], data["a"], data["b"], role)
    service().publish(event.id)
    return jsonify({"proposal": out})


@events_api.post("/event/<event_id>/proposal/confirm")
@limit(1024)
@accepts(ConfirmBody)
def confirm_proposal(event_id: str) -> Any:
    """The proposal becomes the round: its games are made as any round's are."""
    event, role = event_role(event_id, "organiser", "judge")
    data = body()
    rid = _scoped(request_id(data), role)
    done = service().events.replayed(event.id, rid)
    if done is not None:
        return jsonify({**done, "replayed": True})
    number, created = tournament.confirm(service().events, event, data["proposal"], role, data.get("mode", "strict"))
    return _round_answer(event, number, created, rid)


@events_api.post("/event/<event_id>/players/<int:player_id>/drop")
@limit(1024)
@accepts(DropBody)
def drop_player(event_id: str, player_id: int) -> Any:
    """A player leaves the event: never paired again; their results stand (logged). The organiser may disqualify
    (Tournament Regulations › Pairings: a disqualified player cannot rejoin)."""
    event, role = event_role(event_id, "organiser", "judge")
    data = body()
    if data.get("disqualified") and not event_may(role)["disqualify"]:
        raise ApiError(403, "forbidden", "the organiser disqualifies a player (the judge recommends it)",
                       field="disqualified")
    gone = bool(data.get("disqualified"))
    return _once(event, _scoped(request_id(data), role), lambda: {
        "player": player_id, "dropped_after": service().events.drop(event.id, player_id, role, gone),
        "disqualified": gone})


@events_api.post("/event/<event_id>/players/<int:player_id>/remove")
@limit(1024)
@accepts(RequestIdBody)
def remove_player(event_id: str, player_id: int) -> Any:
    """A registration taken off the list before round 1 is paired (a player who leaves before the first round, or
    one registered by mistake): logged with the name and the deck's hash; the player's own registration key opens
    nothing after. Once round 1 is paired a player drops instead."""
    event, role = event_role(event_id, "organiser", "judge")
    return _once(event, _scoped(request_id(body()), role),
                 lambda: {"removed": service().events.remove(event.id, player_id, role)["detail"]})


@events_api.post("/event/<event_id>/players/<int:player_id>/rejoin")
@limit(1024)
@accepts(RequestIdBody)
def rejoin_player(event_id: str, player_id: int) -> Any:
    """A dropped player rejoins before the next round is paired, with an unpaired loss for each round missed
    (Tournament Regulations › Pairings; only in the stage they left, never after a disqualification; logged)."""
    event, role = event_role(event_id, "organiser", "judge")
    return _once(event, _scoped(request_id(body()), role),
                 lambda: {"player": player_id, "missed": service().events.rejoin(event.id, player_id, role)})


@events_api.post("/event/<event_id>/players/<int:player_id>/adjustments")
@limit(2048)
@accepts(AdjustBody)
def adjust_points(event_id: str, player_id: int) -> Any:
    """The judge adds or takes away tournament points, with the reason (a penalty that costs points, an agreed
    correction): logged, in the standings, the report and the signed event file."""
    event, role = event_role(event_id, "judge")
    data = body()

    def adjust() -> dict[str, Any]:
        if data["points"] == 0:
            raise ApiError(400, "bad_adjustment", "points: a whole number from -100 to 100, not 0", field="points")
        return {"adjustment": service().events.adjust(event.id, player_id, data["points"], data["reason"], role)}
    return _once(event, _scoped(request_id(data), role), adjust, 201)


@events_api.get("/event/<event_id>/standings")
def public_standings(event_id: str) -> Any:
    """The standings anyone may read (no key): names, points, each tiebreaker's value."""
    event = service().events.event(event_id)
    answer = tournament.standings_view(service().events, event)
    # During a round: its pairings and its clock (names and table numbers only), for the players and the projector.
    playing = round_in_play(service().events, event)
    if playing is not None:
        playing["clock"] = service().clock(event.id, playing["number"])
    return jsonify({**answer, "round": playing})


MAX_ROWS = 400


@events_api.post("/event/<event_id>/rounds/<int:number>/sheets")
@limit(1024)
@accepts(SheetsBody)
def seat_sheets(event_id: str, number: int) -> Any:
    """The seat sheets, one page per seat, in English and German. Keys exist only as hashes, so printing
    makes new seat links (logged in each game); links printed before stop working. The organiser prints
    before the round's games begin; once they have, a seat key is its player's alone, and only the judge
    may reprint (one seat or table at a time if asked): logged in the event, shown on both phones (the
    game's key entry) and raised on the dashboard."""
    from companion.events.sheets import seat_sheet_pdf

    event, role = event_role(event_id, "organiser", "judge")
    data = body()
    if data["confirm"] is not True:
        raise ApiError(400, "confirm", 'printing makes new seat links; send {"confirm": true}', field="confirm")
    events = service().events
    events.round_info(event.id, number)
    started = events.round_started(event.id, number)
    if started and role != "judge":
        raise ApiError(403, "round_started", f"the games of round {number} have begun: only the judge may print "
                       "a seat sheet again (with the judge's key)")
    players = {p.id: p.name for p in events.players(event.id)}
    chosen = [ref for ref in events.tables(event.id, number) if data.get("table") in (None, ref.number)]
    if not chosen:
        raise ApiError(404, "not_found", f"round {number} has no such table", field="table")
    base = request.host_url.rstrip("/")
    seats = []
    for ref in chosen:
        for seat, pid in zip("AB", ref.players, strict=False):
            if data.get("seat") not in (None, seat):
                continue
            # The event has decided who prints (above): the service makes the key as the judge or the organiser,
            # the organiser's only while the table has not begun, decided again with each key: a table whose first
            # move lands meanwhile keeps its players' keys and is left off the sheets.
            # A sheet carries a paper key: the phone that opens it exchanges it, once, for the seat's own key; opened
            # again it is refused and every phone is told (the organiser's prints skip a seat whose phone has its key).
            try:
                key = svc().table.issue_key(ref.game_id, PAPER_KIND, JUDGE if role == "judge" else HOST, seat,
                                            event_decided=True, unplayed=role != "judge")
            except Conflict:
                continue
            name = players.get(pid, seat)
            other = next((players.get(o, "?") for o in ref.players if o != pid), None)
            seats.append((ref.number, seat, name, f"{base}/g/{ref.game_id}/join#key={key}", other))
            if started:
                detail = {"round": number, "table": ref.number, "seat": seat, "player": name}
                events.log(event.id, role, "reprint", detail)
                events.flag(ref, "reprint", {**detail, "by": role})
    if started:
        service().publish(event.id)
    if not seats:
        raise ApiError(409, "nothing_to_print", "every seat chosen has its phone already: only the judge prints a "
                       "seat sheet for it (one seat at a time)", msg="ev.sheets.none")
    pdf = seat_sheet_pdf(event.name, number, seats, reprint=started)
    return Response(pdf, mimetype="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="seats-round-{number}.pdf"'})


@events_api.post("/event/<event_id>/rounds/<int:number>/clock")
@limit(1024)
@accepts(ClockBody)
def start_clock(event_id: str, number: int) -> Any:
    event, role = event_role(event_id, "organiser", "judge")
    data = body()
    rid = _scoped(request_id(data), role)
    if service().events.replayed(event.id, rid) is not None:  # a retried tap must not restart the clock
        return jsonify({**service().clock(event.id, number), "replayed": True})
    minutes = data.get("minutes")
    seconds = data.get("seconds_ago", 0)  # a clock started late at the table: backdate it
    import datetime as dt

    started = (dt.datetime.now(dt.UTC) - dt.timedelta(seconds=float(seconds or 0))).isoformat(timespec="milliseconds")
    service().events.start_clock(event.id, number, minutes, started)
    # Started again (a late start, a mistake): a table whose time was called has time again, logged.
    for ref in service().events.tables(event.id, number):
        service().lift_time(ref.game_id, f"time-lifted:clock:{started}")
    service().events.remember(event.id, rid, {"round": number})
    service().watch(event.id, number)  # the ticker calls time at each table's deadline
    service().publish(event.id)
    return jsonify(service().clock(event.id, number))


# -- the judge ------------------------------------------------------------------------------------


@events_api.get("/event/<event_id>/dashboard")
def dashboard(event_id: str) -> Any:
    event, _ = event_role(event_id, "judge")
    number = query_int("round", None, 1, 1000)
    return jsonify(service().dashboard(event.id, number))


@dataclass
class _Channel:
    """What ``event_stream`` needs of a game: a channel id and its current version."""

    id: str
    version: int


@events_api.get("/event/<event_id>/stream")
def stream(event_id: str) -> Any:
    """The event live: the judge's dashboard (of a round), or the organiser's page (players registering, results
    coming in, the standings and the proposal), one update per change of the event's channel."""
    event, role = event_role(event_id, "judge", "organiser")
    events = service()
    channel = _Channel(f"event:{event.id}", events.version(event.id))
    number = query_int("round", None, 1, 1000)
    shown = request.args.get("view", "dashboard" if role == "judge" else "organiser")
    if shown not in ("dashboard", "organiser") or (shown == "dashboard" and role != "judge"):
        raise ApiError(400, "bad_view", "view: dashboard (the judge's key) or organiser", field="view")

    key = key_from_request()

    def make(_seen: int, version: int) -> str:
        from companion.web.live import REVOKED, sse_event

        # A key issued anew (``companion event keys``, another process) replaced this one's hash: the stream it opened
        # ends at the event's next change, with nothing of it.
        if events.events.event(event.id).role_for(key) != role:
            return REVOKED
        # Every dashboard of the event wakes for the same version: one computes it, the others share it.
        if shown == "organiser":
            # The organiser's page (opened with the judge's key too), made when it is sent: a few pages follow it,
            # and a payload kept for a version would be stale after a write that changed it without a new version.
            return sse_event(version, event_answer(events.events.event(event.id), role, live=True))
        event_text: str = svc().views.get((channel.id, version, number, "dashboard"),
                                          lambda: sse_event(version, events.dashboard(event.id, number)))
        return event_text

    # The hub counts streams per holder: the judge's, and the organiser's as the host's (it opens no table: the
    # channel is the event's, and the role is only its count).
    return event_stream(channel, JUDGE if role == "judge" else HOST, make, pace=DASHBOARD_PACE)


#: A dashboard shows a burst of actions at many tables as one update, at most four a second.
DASHBOARD_PACE = 0.25


@events_api.get("/event/<event_id>/games/<game_id>/moment")
def moment(event_id: str, game_id: str) -> Any:
    event, _ = event_role(event_id, "judge")
    _game_in_event(event, game_id)
    seq = query_int("seq", None, 0, MAX_VERSION)
    games = svc().store
    return jsonify(service().moment(game_id, seq if seq is not None else games.game(game_id).version))


@events_api.post("/event/<event_id>/games/<game_id>/rulings")
@limit(8 * 1024)
@accepts(RulingBody)
def ruling(event_id: str, game_id: str) -> Any:
    """A judge's ruling, logged in the game: every seat sees it in its log."""
    event, _ = event_role(event_id, "judge")
    _game_in_event(event, game_id)
    data = body()
    rid = str(data["request_id"])  # the schema requires it: a retry must not log the ruling twice
    kind = data["type"]
    ruling_data: dict[str, Any] = {"type": kind, "text": data.get("text", "")}
    if kind == "time_extension":
        # The regulations name an extension only for a card lost before the round (Tournament Materials › Lost and
        # Damaged Cards, "a short time extension"); they are silent on any other: the judge's call, 1 to 60 minutes.
        if data.get("minutes") is None:
            raise ApiError(400, "bad_ruling", "a time extension is 1 to 60 minutes", field="minutes")
        ruling_data["minutes"] = data["minutes"]
    ref = service().events.table_of(game_id)
    seats = service().seat_names(ref) if ref is not None else {}
    if kind == "penalty":
        if data.get("penalty") is None:
            raise ApiError(400, "bad_ruling", f"a penalty is {LEVELS_TEXT}", field="penalty")
        if data.get("seat") not in seats:  # a penalty is given to a player
            raise ApiError(400, "bad_ruling", "a penalty names the player it is given to: seat A or B", field="seat")
        ruling_data["penalty"] = data["penalty"]
    if data.get("seat") is not None:
        if data["seat"] not in seats:
            raise ApiError(400, "bad_ruling", "seat: A or B of this table", field="seat")
        ruling_data["seat"] = data["seat"]
        ruling_data["player"] = seats[data["seat"]]  # the player's name is public at the table
    if data.get("rule") is not None:
        if data["rule"] not in RULES:
            raise ApiError(400, "bad_ruling", "unknown rule id", field="rule")
        ruling_data["rule"] = data["rule"]
    from companion.store.games import Replayed

    if kind == "correction" and data.get("action") is not None:
        # The state correction itself is an ordinary action recorded on the judge's authority; the
        # ruling after it says why. A strict game still refuses one the rules call illegal.
        from companion.web.api import expected_version

        action = decode_action(data["action"])
        try:
            # Its own request id, which no body can send (":" is not in one): "<id>-a" cut to 64 characters was the
            # ruling's own id when that had 64, and another ruling's when it was sent as "<id>-a".
            done = svc().table.act(game_id, action, JUDGE, expected_version(data), request_id=f"{rid}:correction")
        except Replayed:
            done = None
        if done is not None and not isinstance(done, tuple):
            raise ApiError(409, "pending", "the correction waits for a seat's confirmation")
        if done is not None:
            ruling_data["seq"] = done[0].seq
    try:
        entry = svc().table.add_ruling(game_id, ruling_data, JUDGE, request_id=rid)
    except Replayed as done:
        return jsonify({"seq": done.seq, "replayed": True})
    lifted = kind == "time_extension" and service().lift_time(game_id, f"time-lifted:{entry.seq}")
    if kind == "time_extension":
        ref = service().events.table_of(game_id)
        if ref is not None:
            service().watch(ref.event_id, ref.round)  # the table's deadline moved
    return jsonify({"seq": entry.seq, "ruling": ruling_data, "time_lifted": lifted}), 201


@events_api.get("/event/<event_id>/penalties")
def penalties(event_id: str) -> Any:
    """Every player's penalties across the event's rounds and tables (the judge's and the organiser's: the
    report lists them too). Players never see another table's: this needs an event key."""
    event, _ = event_role(event_id, "judge", "organiser")
    listed = by_player(event_penalties(service().events, event.id))
    return jsonify({"players": listed, "regulations": REGULATIONS, "cites": CITES})


@events_api.get("/event/<event_id>/games/<game_id>/penalties")
def seat_penalties(event_id: str, game_id: str) -> Any:
    """For the judge's penalty form: the earlier penalties in this event of the player at ``seat``, and what the
    regulations say to a penalty of ``level`` for them (advice: the judge decides)."""
    event, _ = event_role(event_id, "judge")
    ref = _game_in_event(event, game_id)
    seat = request.args.get("seat", "")
    seats = dict(zip("AB", ref.players, strict=False))
    if seat not in seats:
        raise ApiError(400, "bad_ruling", "seat: A or B of this table", field="seat")
    level = request.args.get("level")
    if level is not None and level not in LEVELS:
        raise ApiError(400, "bad_ruling", f"level: {LEVELS_TEXT}", field="level")
    earlier = [p for p in event_penalties(service().events, event.id) if p["player"] == seats[seat]]
    name = service().seat_names(ref).get(seat, seat)
    return jsonify({"player": seats[seat], "name": name, "seat": seat,
                    "earlier": [{k: v for k, v in p.items() if k not in ("player", "name")} for p in earlier],
                    "advice": advice(earlier, level)})


@events_api.post("/event/<event_id>/flags/<int:flag_id>/clear")
@limit(1024)
def clear_flag(event_id: str, flag_id: int) -> Any:
    event, _ = event_role(event_id, "judge")
    service().events.clear_flag(event.id, flag_id)
    service().publish(event.id)
    return jsonify({"cleared": flag_id})


@events_api.get("/event/<event_id>/games/<game_id>/going-to-time")
def time_winner(event_id: str, game_id: str) -> Any:
    """The going-to-time steps from the tracked state (dominance from the log's ``win_dominance``; the
    judge may pass ``dominance=A`` (or B, or none) after asking the players where it was not recorded)."""
    event, _ = event_role(event_id, "judge")
    _game_in_event(event, game_id)
    dominance = request.args.get("dominance")
    if dominance not in (None, "A", "B", "none"):
        raise ApiError(400, "bad_dominance", "dominance: A, B or none", field="dominance")
    return jsonify(service().time_steps(game_id, dominance, _counted("deck", 200, "cards"),
                                        _counted("power", 99, "power")))


def _counted(name: str, most: int, unit: str) -> dict[str, int]:
    """The figures the players gave for each seat (``deck_A``: their draw deck as counted, ``power_A``: their power
    where the table did not record it), confirmed by the judge; a bad one is refused, naming its field."""
    counts = {}
    for seat in ("A", "B"):
        raw = request.args.get(f"{name}_{seat}")
        if raw is not None and raw != "":
            if not re.fullmatch(r"[0-9]{1,3}", raw) or int(raw) > most:  # (isdigit() takes '²' and 5,000 digits)
                raise ApiError(400, "bad_count", f"{name}_{seat}: a count of 0 to {most} {unit}",
                               field=f"{name}_{seat}")
            counts[seat] = int(raw)
    return counts


@events_api.post("/event/<event_id>/games/<game_id>/result")
@limit(2048)
@accepts(ResultBody)
def set_result(event_id: str, game_id: str) -> Any:
    """The judge enters or changes a table's result (a win, a modified win, a concession, both lose): written into
    the table's log as the judge's report (both phones see it), and the event's record."""
    event, _ = event_role(event_id, "judge")
    ref = _game_in_event(event, game_id)
    data = body()
    winner = data.get("winner")
    # Tournament Regulations › End of Round › Going to Time: a game that went to time (time called, taxation
    # reached, nobody at 15 power) ends in a *modified* win, the first player's choice included (step 5). The
    # judge enters that choice here, so it is a modified win unless the judge says otherwise.
    table = svc().store.state(game_id).table
    went_to_time = gone_to_time(table) and outright_winner(table) is None
    ending = data.get("ending") or ("both_lose" if winner is None else "time" if went_to_time else "judge")
    if (winner is None) != (ending == "both_lose"):
        raise ApiError(400, "bad_result", "a result without a winner is both_lose, and both_lose has no winner",
                       field="ending")
    modified = bool(winner is not None and data.get("modified", ending == "time" or went_to_time))
    before = service().events.result(game_id)
    if before is not None and not data.get("change") and (before.get("winner"), bool(before.get("modified"))) != (
            winner, modified):
        # A result in (agreed by both players, or the judge's) changes only once the judge says so: the page asks
        # first, naming both (a judge's trial: one mis-click among seven buttons moved the standings unasked).
        raise ApiError(409, "result_in", "this table's result is in; send change: true to change it",
                       before=before)
    result = {"winner": winner, "winner_name": service().seat_player(ref, winner),
              "reason": str(data.get("reason", ""))[:100], "ending": ending, "reported": "judge"}
    if modified:
        result["modified"] = True
    rid = request_id(data)
    try:
        svc().table.report(game_id, {"winner": winner, "ending": ending, "modified": modified,
                                     "reason": result["reason"] or None}, JUDGE, request_id=rid)
    except Replayed:
        return jsonify(service().events.result(game_id) or result)
    service().record_result(ref, result, "judge")
    return jsonify(result)


@events_api.get("/event/<event_id>/report")
def report(event_id: str) -> Any:
    event, role = event_role(event_id, "judge", "organiser")
    events = service().events
    players = events.players(event.id)
    by_id = {p.id: p for p in players}

    def describe(ref: Any, detail: dict[str, Any]) -> dict[str, Any]:
        return service().in_words(ref, detail, service().seat_names(ref, by_id))

    rows = table_report(svc().store, events, event.id, query_int("round", None, 1, 1000), describe)
    if role != "judge":
        # A flag holds the move as a seat sent it and the rule broken, naming cards that were hidden then (a card
        # from the hand refused into shadows): the organiser reads what was flagged, when and about whom.
        for row in rows:
            row["flags"] = [{**f, "rules": [], "detail": {k: v for k, v in f["detail"].items()
                                                          if k in ("who", "player", "note", "by")}}
                            for f in row["flags"]]
    standings = tournament.standings_view(events, event)
    public = [p.public() for p in players]
    decisions = events.decisions(event.id)
    penalties = by_player(event_penalties(events, event.id))
    adjustments = events.adjustments(event.id)
    if request.args.get("format") == "pdf":
        lang = _pdf_language()
        byes = [{"round": r["number"], "player": r["bye"], "name": by_id[r["bye"]].name if r["bye"] in by_id else "?"}
                for r in events.rounds(event.id) if r.get("bye") is not None]
        pdf = pdf_report(event.public(), rows, public, decisions, lang, events.fingerprint(event.id),
                         standings["standings"], penalties, adjustments, byes,
                         {"scheme": standings["scheme"], "after_round": standings["after_round"]})
        return Response(pdf, mimetype="application/pdf",
                        headers={"Content-Disposition": f'attachment; filename="report-{event.id}-{lang}.pdf"'})
    names = {p.id: p.name for p in players}
    # Each decision in words in both languages, as the PDF prints it (the page switches language in place).
    decisions = [{**d, "words": {code: decision_words(d, code, names) for code in LANGUAGES}} for d in decisions]
    byes = [{"round": r["number"], "player": r["bye"], "name": names.get(r["bye"])}
            for r in events.rounds(event.id) if r.get("bye") is not None]
    return jsonify({"event": event.public(), "tables": rows, "players": public, "decisions": decisions,
                    "fingerprint": events.fingerprint(event.id), "standings": standings, "byes": byes,
                    "log": events.log_entries(event.id), "role": role, "may": event_may(role),
                    "penalties_by_player": penalties,
                    "adjustments": adjustments})


@events_api.get("/event/<event_id>/export")
def export(event_id: str) -> Any:
    event, role = event_role(event_id, "judge")
    events = service().events
    # Standings, byes and drops are signed with the results (a changed one fails `companion check`).
    names = {p.id: p.name for p in events.players(event.id)}
    extra = {"standings": tournament.standings_view(events, event)["standings"],
             "byes": [{"round": r["number"], "player": r["bye"], "name": names.get(r["bye"])}
                      for r in events.rounds(event.id) if r.get("bye") is not None],
             "drops": [{"player": e.id, "name": names.get(e.id), "after_round": e.dropped_after}
                       for e in events.entrants(event.id) if e.dropped_after is not None],
             # Rejoins (the rounds each missed, unpaired losses) and the judge's point adjustments, signed.
             "rejoins": [{"player": e.id, "name": names.get(e.id), "missed": list(e.missed)}
                         for e in events.entrants(event.id) if e.missed],
             "adjustments": [{k: a[k] for k in ("player", "name", "points", "reason", "round", "by", "at")}
                             for a in events.adjustments(event.id)],
             # Each player's penalties across the rounds, a signed record per player (the tables list them too).
             "penalties": by_player(event_penalties(events, event.id))}
    data = event_file(svc().store, events, event.id, role, extra)
    return Response(data, mimetype="application/zip",
                    headers={"Content-Disposition": f'attachment; filename="event-{event.id}.zip"'})


# -- the seats ------------------------------------------------------------------------------------


def _time_reached(ref: Any, game_id: str) -> bool:
    """Time is called at the table: its round's clock (with the table's extension) has run out, or the table
    recorded time called or went to time."""
    table = svc().store.state(game_id).table
    return bool(service().clock(ref.event_id, ref.round, game_id)["time_called"] or table.time_called
                or table.ended == "time")


def _seat_of_event_game(game_id: str) -> tuple[Any, Any]:
    game = svc().store.game(game_id)
    role = role_for(game)
    ref = service().events.table_of(game_id)
    if ref is None:
        raise ApiError(404, "not_found", "this game is not part of an event")
    return role, ref


@events_api.get("/event-tables/<game_id>")
def table_clock(game_id: str) -> Any:
    """What a phone at an event table shows besides the game: the event, its table and its clock.
    Public information only: no flags, no other table."""
    role, ref = _seat_of_event_game(game_id)
    event = service().events.event(ref.event_id)
    service().enforce_clock(game_id)
    result = service().events.result(game_id)
    reports = service().reports(ref)
    proposed = None if result else service().proposed(game_id)
    # A later round's bye for this seat's player: the phone still open at this table says so (no table comes).
    player = dict(zip("AB", ref.players, strict=False)).get(role.seat) if role.seat else None
    bye = tournament.bye_of(service().events, event, player) if player is not None else None
    # A later round paired: this seat's player has a new table (named; its seat's key is on its own seat sheet).
    later = tournament.table_of_player(service().events, event, player) if player is not None else None
    return jsonify({"event": event.name, "round": ref.round, "table": ref.number, "role": role.kind.value,
                    "bye": bye if bye is not None and bye["round"] > ref.round else None,
                    "next": later if later is not None and later["round"] > ref.round else None,
                    "may": {"call_judge": role.can(Can.CALL_JUDGE)}, "seat": role.seat,
                    "clock": service().clock(ref.event_id, ref.round, game_id),
                    "result": result and {k: result[k] for k in ("winner", "winner_name", "by_time", "ending",
                                                                 "modified", "reported") if k in result},
                    "reports": reports.to_dict(), "proposed": None if proposed is None else proposed.to_dict(),
                    "chooser": None if result else service().chooser(game_id), "tournament_mode": True})


@events_api.post("/event-tables/<game_id>/report")
@limit(1024)
@accepts(ReportBody)
def report_result(game_id: str) -> Any:
    """A seat reports its table's result (Tournament Regulations › End of Round); the result counts at once when
    the other seat's report agrees, and a report that differs goes to the judge as a dispute."""
    role, ref = _seat_of_event_game(game_id)
    if not role.can(Can.REPORT) or role.seat is None:
        raise ApiError(403, "forbidden", "reporting a result needs a seat key of this table")
    data = body()
    # Remembered for the event, named by its table and seat: a retry answers as the first did, records nothing.
    rid = f"report:{game_id}:{role.actor}:{data['request_id']}"
    done = service().events.replayed(ref.event_id, rid)
    if done is not None:
        return jsonify({**done, "replayed": True})
    if service().events.result(game_id) is not None:
        raise ApiError(409, "result_in", "the result of this table is in; a judge changes it",
                       msg="ev.report.result_in")
    try:
        check_claim(data)
    except ValueError as exc:
        raise ApiError(400, "bad_result", "a winner with how the round ended, or no winner with both_lose",
                       field=str(exc)) from None
    if data["ending"] == "time" and not _time_reached(ref, game_id):
        # Tournament Regulations › End of Round › Going to Time: a modified win only for a game gone to time (a judge
        # trial: two players agreed a 4-point "time" result with 52 minutes left).
        raise ApiError(409, "not_time", "a modified win comes only from a game gone to time, and time is not "
                       "called at this table", msg="ev.report.not_time")
    # The streams hear of the report once what it settles is recorded: a phone that asks for the result on hearing
    # of an agreeing report finds it.
    with svc().store.told_after(game_id):
        svc().table.report(game_id, {"winner": data.get("winner"), "ending": data["ending"],
                                     "modified": data["ending"] == "time"}, role)
        settled = service().settle_reports(ref)
    answer = {**settled.to_dict(), "result": service().events.result(game_id)}
    service().events.remember(ref.event_id, rid, answer)
    return jsonify(answer), 201


_CALLS: dict[tuple[str, str], float] = {}


@events_api.post("/event-tables/<game_id>/call-judge")
@limit(2048)
@accepts(CallBody)
def call_judge(game_id: str) -> Any:
    role, ref = _seat_of_event_game(game_id)
    if not role.can(Can.CALL_JUDGE):
        raise ApiError(403, "forbidden", "calling a judge needs a seat key of this table")
    data = body()
    rid = str(data["request_id"])  # required by the schema: a retry calls the judge once
    # Remembered for the event, so named by its table and seat, whole (cut, two ids or two tables were one call).
    rid = f"call-judge:{game_id}:{role.actor}:{rid}"
    if service().events.replayed(ref.event_id, rid) is not None:
        return jsonify({"called": True, "replayed": True})
    now = time.monotonic()
    last = _CALLS.get((game_id, role.actor), 0.0)
    if now - last < 30:  # a judge is on the way; a second tap within half a minute adds nothing
        raise ApiError(429, "too_many_calls", "a judge has just been called from your seat; please wait")
    _CALLS[(game_id, role.actor)] = now
    note = str(data.get("note", ""))[:200]
    service().events.flag(ref, "call_judge", {"by": role.actor, "note": note})
    service().events.remember(ref.event_id, rid, {"called": True})
    service().publish(ref.event_id)
    return jsonify({"called": True}), 201


# -- rules at hand -------------------------------------------------------------------------------


@events_api.get("/rules")
def rules() -> Any:
    q = (request.args.get("q") or "").casefold()[:100]
    out = [{"id": rid, "citation_2e": r.citation_2e, "citation_1e": r.citation_1e, "en": r.en, "de": r.de}
           for rid, r in RULES.items()
           if not q or q in rid.casefold() or q in r.en.casefold() or q in r.de.casefold()
           or q in (r.citation_2e or "").casefold()]
    return jsonify({"rules": out, "count": len(out)})


# -- pages -----------------------------------------------------------------------------------------


@events_pages.app_context_processor
def standings_columns() -> dict[str, Any]:
    """The standings table's tie-breaker columns, from the registry (every page that includes it)."""
    return {"tiebreakers": tiebreakers.TIEBREAKERS}


@events_pages.get("/events/new")
def new_event_page() -> Any:
    from companion.catalog.legality import restricted_lists

    return page("event_new.html", lists=restricted_lists())


@events_pages.get("/e/<event_id>")
def organiser_page(event_id: str) -> Any:
    service().events.event(event_id)
    return page("event.html", event_id=event_id, holder="organiser")


@events_pages.get("/e/<event_id>/judge")
def judge_page(event_id: str) -> Any:
    service().events.event(event_id)
    return page("event_judge.html", event_id=event_id, holder="judge")


@events_pages.get("/e/<event_id>/report")
def report_page(event_id: str) -> Any:
    service().events.event(event_id)
    return page("event_report.html", event_id=event_id, holder="report")


@events_pages.get("/e/<event_id>/register")
def register_page(event_id: str) -> Any:
    service().events.event(event_id)
    return page("event_register.html", event_id=event_id)


@events_pages.get("/e/<event_id>/standings")
def standings_page(event_id: str) -> Any:
    service().events.event(event_id)
    return page("event_standings.html", event_id=event_id)


def _pdf_language() -> str:
    """A printed page's language: ``?lang=en|de``, else the reader's (a bad one is refused, naming the field)."""
    lang = request.args.get("lang") or language(request.headers.get("Accept-Language"))
    if lang not in LANGUAGES:
        raise ApiError(400, "bad_lang", "lang: en or de", field="lang")
    return lang


@events_pages.get("/e/<event_id>/rounds/<int:number>/pairings.pdf")
def pairings_list(event_id: str, number: int) -> Any:
    """A round's pairings to print for the wall (``?lang=en|de``): each player by name with their table and
    opponent, and the bye. Public, as the standings page is: names and table numbers, never a key or a card."""
    from companion.events.sheets import pairings_pdf

    events = service().events
    event = events.event(event_id)
    names = {p.id: p.name for p in events.players(event.id)}
    lang = _pdf_language()
    pdf = pairings_pdf(event.name, round_pairings(events, event.id, events.round_info(event.id, number), names), lang)
    return Response(pdf, mimetype="application/pdf", headers={
        "Content-Disposition": f'inline; filename="pairings-round-{number}-{lang}.pdf"'})


def _feed_data(event_id: str) -> dict[str, Any]:
    events = service().events
    event = events.event(event_id)
    return feed(events, event, svc().store.cards)


def _feed_answer(body_text: str, mimetype: str) -> Response:
    """A feed answer: read without a key by anyone (a stats site, a stream overlay's page on another origin: the one
    route that allows any origin, for it holds nothing that is not public), with an ETag for cheap polling."""
    import hashlib

    tag = '"' + hashlib.sha256(body_text.encode()).hexdigest()[:32] + '"'
    if request.headers.get("If-None-Match") == tag:
        answer = Response(status=304)
    else:
        answer = Response(body_text, mimetype=mimetype)
    answer.headers.update({"ETag": tag, "Cache-Control": "no-cache", "Access-Control-Allow-Origin": "*"})
    return answer


@events_pages.get("/e/<event_id>/feed.json")
def feed_json(event_id: str) -> Any:
    """The event's public feed: pairings with results, the standings with every tie-breaker, the cut; decklists when
    the organiser publishes them. No key, no flag, no ruling, nothing a table hides."""
    return _feed_answer(json.dumps(_feed_data(event_id), ensure_ascii=False, separators=(",", ":")),
                        "application/json")


@events_pages.get("/e/<event_id>/feed.csv")
def feed_table(event_id: str) -> Any:
    """One table of the public feed as CSV: ``of=standings`` (the default) or ``of=pairings``."""
    of = request.args.get("of", "standings")
    if of not in CSV_TABLES:
        raise ApiError(400, "bad_feed", f"of: {' or '.join(CSV_TABLES)}", field="of")
    return _feed_answer(feed_csv(_feed_data(event_id), of), "text/csv")


feed_json.public_feed = True  # type: ignore[attr-defined]  # documented in /api/openapi.json, as an API route
feed_table.public_feed = True  # type: ignore[attr-defined]


@events_pages.get("/rules")
def rules_page() -> Any:
    return page("rules.html")


_ = EventError  # raised by the event store; answered by the app's StoreError handler
