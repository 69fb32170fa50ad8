"""Live updates: every device at a table hears of each new version (Server-Sent Events).

``event_stream`` is the one stream route helper: games, Tapestry games and event dashboards use it.

One condition variable per game. A device's stream waits on it and, when the game moves on,
sends the new version with that device's own view. Views are cached per (game, version, viewer),
so 400 devices cost a handful of view computations per change, not 400.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from flask import Response, current_app, request, stream_with_context

from companion.rules.roles import Role
from companion.web.auth import game_role, key_from_request
from companion.web.errors import ApiError
from companion.web.schema import MAX_VERSION, bounded_int

if TYPE_CHECKING:
    from companion.web.services import Services


def sse_event(version: int, payload: object) -> str:
    """One Server-Sent Event: its id is the game version, so a reconnecting device resumes from it."""
    return f"id: {version}\nevent: update\ndata: {json.dumps(payload, separators=(',', ':'))}\n\n"


def sent_version(event: str, asked: int) -> int:
    """The version a device has seen after ``event``: an event is built from the game as it is when
    it is made, which may be past the version that woke the stream. Counting only the version asked
    for sent the newer entries a second time in the next event."""
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


class StreamLimit(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Hub:
    #: Live streams one game may hold (six players, a judge, spectators' screens, a TTS helper …).
    PER_GAME = 64
    #: Live streams one address may hold: a venue's shared Wi-Fi address carries many phones.
    PER_ADDRESS = 256

    def __init__(self, limit: int = 5000) -> None:
        self._guard = threading.Lock()
        self._conditions: dict[str, threading.Condition] = {}
        self._versions: dict[str, int] = {}
        self._committed: dict[tuple[str, int], float] = {}
        self._epochs: dict[str, int] = {}
        self._per_game: dict[str, int] = {}
        self._per_address: dict[str, int] = {}
        self.limit = limit
        self.streams = 0
        # Streams served on an asyncio loop (companion/web/asgi.py): one asyncio.Event per stream,
        # woken from writer threads with call_soon_threadsafe; no thread waits.
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wakers: dict[str, set[asyncio.Event]] = {}

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def subscribe(self, game_id: str, waker: asyncio.Event) -> None:
        """Call on the loop: ``waker`` is set at each publish or revoke of this game."""
        self._wakers.setdefault(game_id, set()).add(waker)

    def unsubscribe(self, game_id: str, waker: asyncio.Event) -> None:
        wakers = self._wakers.get(game_id)
        if wakers is not None:
            wakers.discard(waker)
            if not wakers:
                del self._wakers[game_id]

    def _wake(self, game_id: str) -> None:
        for waker in self._wakers.get(game_id, ()):
            waker.set()

    def _wake_async(self, game_id: str) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile (shutdown)
                loop.call_soon_threadsafe(self._wake, game_id)

    def version(self, game_id: str) -> int:
        return self._versions.get(game_id, -1)

    def admit(self, game_id: str, address: str) -> None:
        """Count a new stream in, or refuse it when the game, the address or the server is full."""
        with self._guard:
            if self.streams >= self.limit:
                raise StreamLimit("the server holds as many live connections as it can; try again shortly")
            if self._per_game.get(game_id, 0) >= self.PER_GAME:
                raise StreamLimit("this game has as many live connections as it may hold")
            if self._per_address.get(address, 0) >= self.PER_ADDRESS:
                raise StreamLimit("too many live connections from your address")
            self.streams += 1
            self._per_game[game_id] = self._per_game.get(game_id, 0) + 1
            self._per_address[address] = self._per_address.get(address, 0) + 1

    def leave(self, game_id: str, address: str) -> None:
        with self._guard:
            self.streams -= 1
            for counts, k in ((self._per_game, game_id), (self._per_address, address)):
                counts[k] -= 1
                if counts[k] <= 0:
                    del counts[k]

    def epoch(self, game_id: str) -> int:
        return self._epochs.get(game_id, 0)

    def revoke(self, game_id: str) -> None:
        """A key of this game changed: every stream re-checks its key now."""
        cond = self._condition(game_id)
        with cond:
            self._epochs[game_id] = self._epochs.get(game_id, 0) + 1
            cond.notify_all()
        self._wake_async(game_id)

    def _condition(self, game_id: str) -> threading.Condition:
        with self._guard:
            cond = self._conditions.get(game_id)
            if cond is None:
                cond = self._conditions[game_id] = threading.Condition()
            return cond

    def publish(self, game_id: str, version: int) -> None:
        cond = self._condition(game_id)
        with cond:
            if version > self._versions.get(game_id, -1):
                self._versions[game_id] = version
                self._committed[(game_id, version)] = time.time()
                if len(self._committed) > 100_000:  # only recent commits are ever asked about
                    self._committed.clear()
            cond.notify_all()
        self._wake_async(game_id)

    def committed_at(self, game_id: str, version: int) -> float | None:
        return self._committed.get((game_id, version))

    def wait(self, game_id: str, seen: int, timeout: float) -> int | None:
        """Block until the game is past ``seen``; return its version, or None on timeout."""
        cond = self._condition(game_id)
        epoch = self.epoch(game_id)
        with cond:
            ok = cond.wait_for(lambda: self._versions.get(game_id, -1) > seen or self.epoch(game_id) != epoch,
                               timeout=timeout)
            version = self._versions.get(game_id, -1)
            return version if ok and version > seen else None

    def known(self, game_id: str, version: int) -> None:
        """Tell the hub a game's current version (a stream may start before any change)."""
        with self._condition(game_id):
            self._versions.setdefault(game_id, version)


class LRU:
    """A small thread-safe least-recently-used cache that computes each value once.

    When twenty devices wake for the same new version, one computes the view and the
    others wait for it instead of all computing it at once.
    """

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._data: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        self._inflight: dict[Hashable, threading.Lock] = {}

    def peek(self, key: Hashable) -> Any:
        """The value if it is made already, else None (never computes, never waits)."""
        with self._lock:
            return self._data.get(key)

    def get(self, key: Hashable, make: Callable[[], Any]) -> Any:
        with self._lock:
            if key in self._data:
                self._data.move_to_end(key)
                return self._data[key]
            gate = self._inflight.setdefault(key, threading.Lock())
        with gate:
            with self._lock:
                if key in self._data:
                    return self._data[key]
            value = make()
            with self._lock:
                self._data[key] = value
                self._inflight.pop(key, None)
                while len(self._data) > self.size:
                    self._data.popitem(last=False)
        return value


class Channel(Protocol):
    """What a stream follows: a game, or any hub channel with an id and a version (an event)."""

    @property
    def id(self) -> str: ...

    @property
    def version(self) -> int: ...


def event_stream(game: Channel, role: Role, make_event: Callable[[int, int], str], pace: float = 0.0,
                 made_event: Callable[[int, int], str | None] | None = None) -> Response:
    """Server-Sent Events for one game: an event per new version (``make_event(seen, version)``),
    resuming from ``Last-Event-ID`` or ``?since=``, with keep-alive comments while nothing happens.

    A stream stays open only while its key still opens the game as the same role: re-issuing a key
    ends the streams opened with the old one."""
    header = request.headers.get("Last-Event-ID")
    since = bounded_int("Last-Event-ID" if header else "since", header or request.args.get("since"), -1, -1,
                        MAX_VERSION)
    services: Services = current_app.extensions["companion"]["services"]
    keepalive = float(current_app.config["STREAM_KEEPALIVE"])
    hub = services.hub
    key = key_from_request()
    try:
        hub.admit(game.id, request.remote_addr or "?")
    except StreamLimit as full:  # the server's cap: try later (503); a game's or address's: 429
        status = 503 if hub.streams >= hub.limit else 429
        raise ApiError(status, "too_many_streams", full.message) from None
    hub.known(game.id, game.version)
    epoch = hub.epoch(game.id)

    def still_valid() -> bool:
        nonlocal epoch
        if hub.epoch(game.id) == epoch:
            return True
        epoch = hub.epoch(game.id)
        return game_role(services.store.game(game.id), key) == role

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    if "companion.streams" in request.environ:
        # Served by companion/web/asgi.py: the stream runs on its asyncio hub, not on this thread,
        # which returns the headers at once; the ASGI side calls hub.leave when the stream ends.
        request.environ["companion.stream"] = AsyncStream(
            game.id, request.remote_addr or "?", since, epoch, make_event,
            lambda: game_role(services.store.game(game.id), key) == role, keepalive, pace, made_event)
        return Response(b"", mimetype="text/event-stream", headers=headers)

    def stream() -> Iterator[str]:
        try:
            yield "retry: 1000\n: connected\n\n"
            seen = since
            while True:
                version = hub.wait(game.id, seen, keepalive)
                if not still_valid():
                    yield "event: revoked\ndata: {}\n\n"
                    return
                if version is None:
                    yield ": keepalive\n\n"
                    continue
                event = make_event(seen, version)
                yield event
                seen = sent_version(event, version)
        finally:
            hub.leave(game.id, request.remote_addr or "?")

    return Response(stream_with_context(stream()), mimetype="text/event-stream", headers=headers)
