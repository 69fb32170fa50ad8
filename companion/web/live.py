"""Live updates: every device at a table hears of each new version (Server-Sent Events).

``event_stream`` is the one stream route helper: games, Tapestry games and event dashboards use it.

One condition variable per game. A device's stream waits on it and, when the game moves on,
sends the new version with that device's own view. Views are cached per (game, version, viewer),
so 400 devices cost a handful of view computations per change, not 400.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from flask import Response, current_app, request, stream_with_context

from companion.rules.roles import Role
from companion.web.auth import game_role, key_from_request
from companion.web.errors import ApiError
from companion.web.hub import StreamLimit
from companion.web.schema import MAX_VERSION, bounded_int

if TYPE_CHECKING:
    from companion.web.services import Services


#: The last event a stream sends when its key no longer opens the game (stream.js stops at it).
REVOKED = "event: revoked\ndata: {}\n\n"


def sse_event(version: int, payload: object) -> str:
    """One Server-Sent Event: its id is the game version, so a reconnecting device resumes from it."""
    return sse_encoded(version, json.dumps(payload, separators=(',', ':')))


class Made(str):
    """An event as its text, with the bytes sent and the version it carries, made once with it: every device of a
    viewer class sends the same event, and the server sends these bytes to each as they are. ``chunk``: the same
    bytes framed as one chunk of a chunked HTTP/1.1 answer (what uvicorn would write for them), made once too."""

    data: bytes
    version: int
    chunk: bytes


def sse_encoded(version: int, payload: bytes | str) -> str:
    """``sse_event`` of a payload encoded already (one JSON text: no line break in it). Encoded bytes (a live update's)
    are framed as bytes, and the text made of them: a copy of the payload fewer than framing the text and encoding it
    back."""
    if isinstance(payload, bytes):
        data = b"id: %d\nevent: update\ndata: %b\n\n" % (version, payload)
        event = Made(data.decode())
    else:
        event = Made(f"id: {version}\nevent: update\ndata: {payload}\n\n")
        data = event.encode()
    event.data, event.version, event.chunk = data, version, b"%x\r\n%b\r\n" % (len(data), data)
    return event


def event_bytes(event: str) -> bytes:
    """What is sent of ``event``: the bytes made with it (``Made``), or its text encoded now."""
    return event.data if type(event) is Made else event.encode()


def sent_version(event: str, asked: int) -> int:
    """The version a device has seen after ``event``: an event is built from the game as it is when
    it is made, which may be past the version that woke the stream. Counting only the version asked
    for sent the newer entries a second time in the next event."""
    if type(event) is Made:
        return max(asked, event.version)
    if event.startswith("id: "):
        head = event[4:event.find("\n")]
        if head.isdigit():
            return max(asked, int(head))
    return asked


@dataclass
class AsyncStream:
    """A stream the Flask route admitted and hands to the asyncio server (companion/web/asgi.py)."""

    game_id: str  # or any hub channel, e.g. "event:<id>"
    address: str
    since: int
    epoch: int
    make_event: Callable[[int, int], str]  # blocking (views, SQLite): run in the worker pool
    still_valid: Callable[[], bool]  # the key still opens the game as the same role (blocking)
    keepalive: float
    #: At least this many seconds between two events: a judge's dashboard of 64 tables need not
    #: be rebuilt and re-sent for each of a burst's actions; it shows them together a moment later.
    pace: float = 0.0
    #: The event ``make_event`` would return, if it is made already (non-blocking; None: not yet). The twenty
    #: phones at a table share one event per role: the loop sends it without a trip through the worker pool.
    made_event: Callable[[int, int], str | None] | None = None
    #: The event is quick to make (a game's view): made on the loop, not through the worker pool.
    on_loop: bool = False
    holder: str | None = None  # whose key opened it ("seat:A", "host", …), counted per game by the hub
    #: The event cache's own dictionary, where a publish's poke finds the viewer class's event made already by its key
    #: (``shelf_key``) without a call: a table's twenty phones, twenty pokes a publish. None: it asks ``made_event``.
    shelf: Mapping[Hashable, Any] | None = None


def shelf_key(channel: str, viewer: str | None, seen: int, version: int) -> tuple[Any, ...]:
    """The cache key of one event (``AsyncStream.shelf``): devices of the same viewer class that last saw the same
    version share it. A poke builds the same tuple in place (companion/web/asgi.py)."""
    return (channel, version, viewer, "sse", seen)


class Channel(Protocol):
    """What a stream follows: a game, or any hub channel with an id and a version (an event)."""

    @property
    def id(self) -> str: ...

    @property
    def version(self) -> int: ...


def event_stream(game: Channel, role: Role, make_event: Callable[[int, int], str], pace: float = 0.0,
                 made_event: Callable[[int, int], str | None] | None = None, on_loop: bool = False,
                 shelf: Mapping[Hashable, Any] | None = None) -> Response:
    """Server-Sent Events for one game: an event per new version (``make_event(seen, version)``),
    resuming from ``Last-Event-ID`` or ``?since=``, with keep-alive comments while nothing happens.

    A stream stays open only while its key still opens the game as the same role: re-issuing a key
    ends the streams opened with the old one. A stream without a key is a spectator's (the role's table allows it):
    the public view, made once per version for every spectator of the game (the event cache is per role)."""
    header = request.headers.get("Last-Event-ID")
    since = bounded_int("Last-Event-ID" if header else "since", header or request.args.get("since"), -1, -1,
                        MAX_VERSION)
    services: Services = current_app.extensions["companion"]["services"]
    keepalive = float(current_app.config["STREAM_KEEPALIVE"])
    hub = services.hub
    key = key_from_request()
    try:
        hub.admit(game.id, request.remote_addr or "?", role.cache_key, role.capabilities.keyed)
    except StreamLimit as full:  # the server's cap: try later (503); a game's or address's: 429
        status = 503 if hub.streams >= hub.limit else 429
        raise ApiError(status, "too_many_streams", full.message) from None
    hub.known(game.id, game.version)
    epoch = hub.epoch(game.id)

    def opens() -> bool:
        """The key opens the game as the same role now (it may have been renewed since it was last looked at)."""
        return game_role(services.store.game(game.id), key) == role

    # The key was checked before the route ran: a renewal since then moved the epoch before it was read here, so
    # no later check would notice, and the old key would read what the new one's holder does. (0: none ever.)
    if epoch and not opens():
        hub.leave(game.id, request.remote_addr or "?", role.cache_key)
        raise ApiError(401, "bad_key", "this key does not open this game (it may have been replaced: ask for a new "
                                       "link)")
    vouched = epoch  # the hub's epoch when the key was last found to open the game as this role
    epochs, game_id = hub.epochs, game.id

    def still_valid() -> bool:
        nonlocal epoch
        if hub.epoch(game.id) == epoch:
            return True
        epoch = hub.epoch(game.id)
        return opens()

    def opens_now() -> bool:
        """Asked after an event is made: a key renewed while it was made (after the stream's last check) may
        not receive it, for it is made from the game as it is then, which may hold what the new key did since.
        The epoch moves before anyone holds the new key, so an unchanged epoch vouches for the event."""
        nonlocal vouched
        now = epochs.get(game_id, 0)  # ``hub.epoch``'s, asked for every delivery: read without a call
        if now == vouched:
            return True
        if not opens():
            return False
        vouched = now
        return True

    def make_checked(seen: int, version: int) -> str:
        event = make_event(seen, version)
        return event if opens_now() else REVOKED

    def made_checked(seen: int, version: int) -> str | None:
        event = made_event(seen, version) if made_event is not None else None
        return event if event is None or opens_now() else REVOKED

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    if "companion.streams" in request.environ:
        # Served by companion/web/asgi.py: the stream runs on its asyncio hub, not on this thread,
        # which returns the headers at once; the ASGI side calls hub.leave when the stream ends.
        request.environ["companion.stream"] = AsyncStream(
            game.id, request.remote_addr or "?", since, epoch, make_checked,
            opens, keepalive, pace,
            made_checked if made_event is not None else None, on_loop, role.cache_key, shelf)
        return Response(b"", mimetype="text/event-stream", headers=headers)

    def stream() -> Iterator[str]:
        try:
            yield "retry: 1000\n: connected\n\n"
            seen = since
            while True:
                version = hub.wait(game.id, seen, keepalive)
                if not still_valid():
                    yield REVOKED
                    return
                if version is None:
                    yield ": keepalive\n\n"
                    continue
                event = make_checked(seen, version)
                yield event
                if event is REVOKED:
                    return
                seen = sent_version(event, version)
        finally:
            hub.leave(game.id, request.remote_addr or "?", role.cache_key)

    return Response(stream_with_context(stream()), mimetype="text/event-stream", headers=headers)
