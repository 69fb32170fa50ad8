"""The companion as an ASGI app for uvicorn: live streams on an asyncio hub, the rest on Flask.

Why this model: a live stream is idle almost all the time, so it should cost a few kilobytes (an
asyncio task and an Event), not a thread with its stack and its own SQLite connection. Every other
request goes to the unchanged Flask (WSGI) app on a bounded pool of worker threads, so a slow view or
scan cannot take more threads than the pool has. Stream routes are ordinary Flask routes: the route
authenticates the key, applies the caps (``hub.admit``) and hands an :class:`AsyncStream` back through
the WSGI environ; this module then sends the events on the loop, calling ``make_event`` (the same
``sse_update`` and view LRU as before, so the same bytes) and the key re-check in the pool.

Limits applied here before any body is buffered: ``Content-Length`` above the route's ``@limit``
(``body_limit``; otherwise 16 MiB for /api/scan and /api/tts/import, 1 MiB elsewhere) is answered 413
at once, and a chunked body is cut off with 413 as soon as it passes that size.
"""

from __future__ import annotations

import asyncio
import io
import json
import sys
from collections.abc import Awaitable, Callable, Coroutine, Generator, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from itertools import chain, repeat
from operator import itemgetter
from typing import Any

from flask import Flask
from werkzeug.exceptions import HTTPException

from companion.store.games import WouldWait
from companion.web.hub import Hub
from companion.web.live import REVOKED, AsyncStream, Made, event_bytes, sent_version
from companion.web.threads import runs_on_loop

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

BIG_BODY_ROUTES = ("/api/scan", "/api/tts/import")
BIG_BODY = 16 * 1024 * 1024
SMALL_BODY = 1024 * 1024
MAX_HEADERS = 100
MAX_HEADER_BYTES = 16 * 1024
#: The module of uvicorn's httptools request-response cycle, whose chunked answers a poke writes to directly.
HTTPTOOLS_CYCLE = "uvicorn.protocols.http.httptools_impl"
#: The fields of uvicorn's httptools answer a poke reads before it writes to the answer's transport itself.
CYCLE_FIELDS = ("chunked_encoding", "response_started", "response_complete", "disconnected", "transport")
#: Routes matched (method and path) that ``route_traits`` remembers before it starts again.
TRAITS = 4096


#: Answer headers as the server sends them (lower-cased names, bytes), by the header: the security headers, the content
#: types and most lengths are the same answer after answer (three calls a header each time, a score an answer).
_HEADER_BYTES: dict[tuple[str, str], tuple[bytes, bytes]] = {}
HEADERS_KEPT = 1024


def header_bytes(header: tuple[str, str]) -> tuple[bytes, bytes]:
    """A header of a WSGI answer as an ASGI answer carries it, remembered (at most ``HEADERS_KEPT``)."""
    name, value = header
    pair = (name.lower().encode("latin-1"), value.encode("latin-1"))
    if len(_HEADER_BYTES) >= HEADERS_KEPT:
        _HEADER_BYTES.clear()
    _HEADER_BYTES[header] = pair
    return pair


#: Request header names as read (lower-cased text) by their bytes, and the environ's key of each name: a table's phones
#: send the same few (each made anew was two or three calls a header, a score a request). At most ``NAMES_KEPT`` each.
_HEADER_NAMES: dict[bytes, str] = {}
_ENVIRON_KEYS: dict[str, str] = {}
NAMES_KEPT = 1024


_FIRST, _SECOND = itemgetter(0), itemgetter(1)


def read_headers(raw: list[tuple[bytes, bytes]]) -> tuple[dict[str, str], int]:
    """A request's headers by lower-cased name (the last of each name), and their size as the limit counts it (name,
    value and four bytes each)."""
    # Each step a map over them all (in C: a call for each header was four): their bytes counted joined, the names
    # looked up, the values decoded; a name not yet read is read below.
    size = 4 * len(raw) + len(b"".join(chain.from_iterable(raw)))
    found: list[str | None] = list(map(_HEADER_NAMES.get, map(_FIRST, raw)))
    names: list[str] = ([name if name is not None else name_read(k) for name, (k, _v) in zip(found, raw, strict=True)]
                        if None in found else found)  # type: ignore[assignment]  # (no None in it)
    values = map(bytes.decode, map(_SECOND, raw), repeat("latin-1"))
    return dict(zip(names, values, strict=True)), size  # (the last of a name: a dict made of pairs keeps the last)


def name_read(k: bytes) -> str:
    name = k.decode("latin-1").lower()
    if len(_HEADER_NAMES) >= NAMES_KEPT:
        _HEADER_NAMES.clear()
    _HEADER_NAMES[k] = name
    return name


def environ_key(name: str) -> str:
    """A request header's key in a WSGI environ (``HTTP_`` and its name in capitals, dashes as underscores)."""
    key = "HTTP_" + name.upper().replace("-", "_")
    if len(_ENVIRON_KEYS) >= NAMES_KEPT:
        _ENVIRON_KEYS.clear()
    _ENVIRON_KEYS[name] = key
    return key


class CompanionASGI:
    def __init__(self, app: Flask, workers: int = 16, queue: int = 512, stream_workers: int = 4) -> None:
        self.app = app
        self.hub: Hub = app.extensions["companion"]["services"].hub
        self.store = app.extensions["companion"]["services"].store
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="companion")
        # Streams' events are computed on a pool of their own: after a burst of actions every
        # phone's and dashboard's update would otherwise queue ahead of the next player's tap.
        self.stream_pool = ThreadPoolExecutor(max_workers=stream_workers, thread_name_prefix="companion-stream")
        self.queue = queue  # requests waiting for a worker before new ones get 503
        self.pending = 0
        self._traits: dict[tuple[str, str], tuple[int, bool, str | None]] = {}
        self._delivering = False  # in a publish's deliveries (``delivering``), on the loop
        self.hub.delivering = self.delivering

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    self.hub.attach(asyncio.get_running_loop())
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    self.pool.shutdown(wait=False, cancel_futures=True)
                    self.stream_pool.shutdown(wait=False, cancel_futures=True)
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["type"] != "http":
            return
        if self.pending >= self.queue:
            await refuse(send, 503, "busy", "the companion is busy; try again shortly")
            return
        # A head that arrives slowly is stopped past MAX_HEAD_BYTES by the protocol (companion/cli/serve.py); one
        # that arrives in a single read is parsed whole, so its headers' size and count are checked here.
        raw: list[tuple[bytes, bytes]] = scope["headers"]
        headers, size = read_headers(raw) if len(raw) <= MAX_HEADERS else ({}, MAX_HEADER_BYTES + 1)
        if size > MAX_HEADER_BYTES:
            await refuse(send, 431, "headers_too_large",
                         f"at most {MAX_HEADERS} request headers of {MAX_HEADER_BYTES} bytes in all")
            return
        limit, quick, game_id = self.route_traits(scope)
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await refuse(send, 413, "body_too_large", f"the request body is over {limit} bytes", limit=limit)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:  # a chunked body passing the limit: stop reading it
                await refuse(send, 413, "body_too_large", f"the request body is over {limit} bytes", limit=limit)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        sent = b"".join(chunks)
        environ = self.environ(scope, headers, sent)
        self.pending += 1
        try:
            # A quick route runs on the loop (companion/web/threads.py), unless the game's state is not cached
            # (replaying its log takes up to a second, and a spectator may ask for a game evicted long ago) or,
            # for a write, a write from the pool is under way (the loop would wait for it, every stream with it).
            answer = None
            if quick and (game_id is None or self.loop_may_serve(scope, game_id)):
                try:
                    with self.store.hasty():  # a write begun on the pool meanwhile: nothing written, run again
                        answer = self.call_wsgi(environ)
                except WouldWait:
                    environ = self.environ(scope, headers, sent)
            if answer is None:
                answer = await asyncio.get_running_loop().run_in_executor(self.pool, self.call_wsgi, environ)
            status, response_headers, body = answer
        finally:
            self.pending -= 1
        stream: AsyncStream | None = environ.get("companion.stream")
        if stream is None:
            await send({"type": "http.response.start", "status": status, "headers": response_headers})
            await send({"type": "http.response.body", "body": body})
            return
        # The route's placeholder body is empty: its Content-Length must not end the stream.
        response_headers = [(k, v) for k, v in response_headers if k != b"content-length"]
        try:
            await send({"type": "http.response.start", "status": status, "headers": response_headers})
            await self.run_stream(stream, receive, send, scope["method"])
        finally:
            self.hub.leave(stream.game_id, stream.address, stream.holder)

    def loop_may_serve(self, scope: Scope, game_id: str) -> bool:
        """The game's state is cached; for a write, no write to the game is under way on the pool either, and the
        game is known to be a casual table or an event's (the event store's reads wait for no lock, and its writes
        from the loop wait for nothing). A game not yet known goes to the pool once, which learns which it is."""
        if scope["method"] in ("GET", "HEAD"):
            return bool(self.store.ready(game_id))
        if not self.store.ready(game_id, to_write=True):
            return False
        events = self.app.extensions["companion"].get("events")
        if events is None:
            return False
        tables = events.events
        return bool(tables.known_casual(game_id) or tables.known_table(game_id))

    def route_traits(self, scope: Scope) -> tuple[int, bool, str | None]:
        """The route's body limit (its own ``@limit`` if it has one, else the global cap for its path), whether
        it runs on the loop (``@on_loop``) and the game it names; matched once per method and path (a table's
        phones ask the same few paths again and again), at most ``TRAITS`` remembered."""
        key = (scope["method"], scope["path"])
        known = self._traits.get(key)
        if known is None:
            if len(self._traits) >= TRAITS:
                self._traits.clear()
            known = self._traits[key] = self._match_traits(scope)
        return known

    def _match_traits(self, scope: Scope) -> tuple[int, bool, str | None]:
        path: str = scope["path"]
        default = BIG_BODY if path.startswith(BIG_BODY_ROUTES) else SMALL_BODY
        try:
            endpoint, args = self.app.url_map.bind("localhost").match(path, method=scope["method"])
        except HTTPException:
            return default, False, None
        view = self.app.view_functions.get(str(endpoint))
        game_id = args.get("game_id")
        return (int(getattr(view, "body_limit", default)), runs_on_loop(view),
                game_id if isinstance(game_id, str) else None)

    def environ(self, scope: Scope, headers: dict[str, str], body: bytes) -> dict[str, Any]:
        server = scope.get("server") or ("127.0.0.1", 0)
        client = scope.get("client") or ("?", 0)
        environ: dict[str, Any] = {
            "REQUEST_METHOD": scope["method"],
            "SCRIPT_NAME": "",
            "PATH_INFO": scope["path"].encode("utf-8").decode("latin-1"),
            "QUERY_STRING": scope["query_string"].decode("latin-1"),
            "SERVER_NAME": str(server[0]),
            "SERVER_PORT": str(server[1]),
            "SERVER_PROTOCOL": f"HTTP/{scope['http_version']}",
            "REMOTE_ADDR": str(client[0]),
            "REMOTE_PORT": str(client[1]),
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": scope.get("scheme", "http"),
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": True,
            "wsgi.multiprocess": False,
            "wsgi.run_once": False,
            "companion.streams": True,  # event_stream() hands its stream back instead of blocking
            "CONTENT_LENGTH": str(len(body)) if body or "content-length" in headers else "",
        }
        limit = self.app.config.get("MAX_CONTENT_LENGTH")
        if limit is None or len(body) <= limit:
            # The body read whole, within the route's limit and the app's: a write's route takes it as it is, without
            # werkzeug's stream over it (companion/web/schema.py's ``body``).
            environ["companion.body"] = body
        keys = _ENVIRON_KEYS
        for name, value in headers.items():
            if name == "content-type":
                environ["CONTENT_TYPE"] = value
            elif name != "content-length":
                key = keys.get(name) or environ_key(name)
                environ[key] = f"{environ[key]},{value}" if key in environ else value
        return environ

    def call_wsgi(self, environ: dict[str, Any]) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """Run the Flask app on a worker thread; its whole answer (pages and JSON are small)."""
        started: list[Any] = []

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            started[:] = [status, headers]
            return lambda data: None

        result = self.app(environ, start_response)
        try:
            body = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        status, headers = started
        found: list[tuple[bytes, bytes] | None] = list(map(_HEADER_BYTES.get, headers))  # (in C: a call each was two)
        encoded: list[tuple[bytes, bytes]] = ([pair if pair is not None else header_bytes(header)
                                               for pair, header in zip(found, headers, strict=True)]
                                              if None in found else found)  # type: ignore[assignment]  # (no None)
        return int(status.split(" ", 1)[0]), encoded, body

    def in_app(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a stream's blocking step on a worker as the route would: in the app's context, and
        give the worker's database connection back afterwards (as teardown_request does)."""
        with self.app.app_context():
            try:
                return fn(*args)
            finally:
                self.app.extensions["companion"]["services"].release()

    def quickly(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A stream's step on the loop, or None if it found the state to be replayed (a write committed since
        the loop looked): the caller makes it on the stream pool then."""
        try:
            if self._delivering:  # a publish's pokes: in the app's context and hasty already (``delivering``)
                return fn(*args)
            with self.store.hasty():
                return self.in_app(fn, *args)
        except WouldWait:
            return None

    def delivering(self, deliver: Callable[..., None], *args: Any) -> None:
        """A publish's pokes, on the loop, in one app context (hasty, as ``quickly``'s), the worker's database
        connection given back after them: the first phone of each viewer class makes that class's event in it, where
        each made its own (a context entered and left, a score of calls, for each class)."""
        with self.app.app_context(), self.store.hasty():
            self._delivering = True
            try:
                deliver(*args)
            finally:
                self._delivering = False
                self.app.extensions["companion"]["services"].release()

    async def run_stream(self, stream: AsyncStream, receive: Receive, send: Send, method: str = "GET") -> None:
        """The stream's events: same order, payloads, keep-alives and revocation as the WSGI path."""
        loop = asyncio.get_running_loop()
        hub, game_id = self.hub, stream.game_id
        waker = asyncio.Event()
        gone = False

        async def watch() -> None:
            nonlocal gone
            while (await receive())["type"] != "http.disconnect":
                pass
            gone = True
            waker.set()

        # The keep-alive: one timer per stream, moved on only when it fires, and a keep-alive comment only
        # after ``keepalive`` seconds without a word. (A timeout on each wait made a task per wake: with
        # twenty phones at a table that was a third of the server's CPU per action.)
        last_sent = loop.time()
        due = False
        timer: asyncio.TimerHandle

        def tick() -> None:
            nonlocal timer, due
            quiet = loop.time() - last_sent
            if quiet >= stream.keepalive * 0.999:
                due = True
                waker.set()
                quiet = 0.0
            timer = loop.call_later(stream.keepalive - quiet, tick)

        timer = loop.call_later(stream.keepalive, tick)
        watcher = asyncio.create_task(watch())
        seen, epoch = stream.since, stream.epoch
        waiting = False  # the stream waits for its waker and nothing else: a publish may send for it (poke)
        unfinished: Rest | None = None  # a write a poke began that waited after all: finished first
        # uvicorn's flow control, read by a poke: a write it makes while writing is not paused never waits.
        cycle = getattr(send, "__self__", None)
        flow = getattr(cycle, "flow", None)
        # uvicorn's httptools answer (its send's own object): a poke writes an event's chunk to its transport itself,
        # as that send would (the same bytes, one write), while the answer is a chunked one under way. Its fields are
        # looked for once, here (uvicorn is not pinned: a cycle without them is sent to through its send).
        direct = cycle if (type(cycle).__module__ == HTTPTOOLS_CYCLE and method != "HEAD"
                           and all(hasattr(cycle, name) for name in CYCLE_FIELDS)
                           and callable(getattr(getattr(cycle, "transport", None), "write", None))) else None
        # What every poke reads, looked up once (twenty phones at a table: twenty pokes a publish).
        epochs, made_event = hub.epochs, stream.made_event
        shelf, holder = stream.shelf, stream.holder

        def poke(now: float, version: int) -> bool:
            """A new version published, on the loop: sent from here, without waking the stream, when the stream only
            waits for it (no keep-alive due, no key renewed, no pace) and its viewer class's event is made (or quick
            to make, as the stream would make it): the twenty phones at a table share one event per viewer class,
            and each gets the same bytes. False: the stream is woken and does it all as before. ``now``: the loop's
            time at the publish; ``version``: the game's then."""
            nonlocal seen, last_sent, unfinished
            if not waiting or gone or due or flow is None or epochs.get(game_id, 0) != epoch or stream.pace:
                return False
            if version <= seen:
                return True  # sent already (a publish before this one's turn sent the newer version)
            # The viewer class's event from the cache's own dictionary, by ``shelf_key``'s tuple: no call, and no key
            # check (made_event's): the epoch the stream last checked its key at is the game's still (above).
            made = (shelf.get((game_id, version, holder, "sse", seen)) if shelf is not None
                    else made_event(seen, version) if made_event is not None else None)
            if made is None and stream.on_loop and self.store.ready(game_id, version):
                made = self.quickly(stream.make_event, seen, version)
            if made is None or made is REVOKED or flow.write_paused:
                return False
            if (direct is not None and type(made) is Made and direct.chunked_encoding is True
                    and direct.response_started is True and direct.response_complete is False
                    and direct.disconnected is False):
                direct.transport.write(made.chunk)
                seen = made.version if made.version > version else version  # sent_version's, for a Made
                last_sent = now
                return True
            body = event_bytes(made)
            step: Any = send({"type": "http.response.body", "body": body, "more_body": True})  # uvicorn's: a coroutine
            try:
                waits = step.send(None)
            except StopIteration:
                waits = None
            seen, last_sent = sent_version(made, version), now
            if waits is not None:  # it waits after all: the stream finishes this write before anything else
                unfinished = Rest(step, waits)
                return False
            return True

        hub.subscribe(game_id, waker, poke)
        try:
            await send({"type": "http.response.body", "body": b"retry: 1000\n: connected\n\n", "more_body": True})
            while not gone:
                waker.clear()  # checked after clearing: a publish between the two is not missed
                if hub.version(game_id) <= seen and hub.epoch(game_id) == epoch and not due:
                    waiting = True
                    try:
                        await waker.wait()
                    finally:
                        waiting = False
                if unfinished is not None:
                    rest, unfinished = unfinished, None
                    await rest
                due = False
                if gone:
                    break
                if hub.epoch(game_id) != epoch:
                    epoch = hub.epoch(game_id)
                    valid = (self.in_app(stream.still_valid) if stream.on_loop
                             else await loop.run_in_executor(self.stream_pool, self.in_app, stream.still_valid))
                    if not valid:
                        await send({"type": "http.response.body", "body": REVOKED.encode()})
                        return
                version = hub.version(game_id)
                last_sent = loop.time()
                if version <= seen:
                    await send({"type": "http.response.body", "body": b": keepalive\n\n", "more_body": True})
                    continue
                made = stream.made_event(seen, version) if stream.made_event is not None else None
                if made is None and stream.on_loop and self.store.ready(game_id, version):
                    made = self.quickly(stream.make_event, seen, version)  # else replayed on the stream pool
                event: str = made if made is not None else await loop.run_in_executor(
                    self.stream_pool, self.in_app, stream.make_event, seen, version)
                if event is REVOKED:  # the key was renewed while the event was made: the stream ends with it
                    await send({"type": "http.response.body", "body": REVOKED.encode()})
                    return
                await send({"type": "http.response.body", "body": event_bytes(event), "more_body": True})
                seen = sent_version(event, version)
                if stream.pace:
                    await asyncio.sleep(stream.pace)  # what happens meanwhile wakes the next round
            await send({"type": "http.response.body", "body": b""})
        finally:
            timer.cancel()
            hub.unsubscribe(game_id, waker)
            watcher.cancel()


class Rest:
    """The rest of a coroutine that was run by hand (``coroutine.send(None)``) and waited: awaiting this finishes it,
    from the future it waited for."""

    def __init__(self, coroutine: Coroutine[Any, Any, Any], waits: Any) -> None:
        self.coroutine, self.waits = coroutine, waits

    def __await__(self) -> Generator[Any, Any, Any]:
        waits = self.waits
        while True:
            try:
                try:
                    sent = yield waits
                except BaseException as exc:  # (cancelled): the coroutine hears of it where it waits
                    waits = self.coroutine.throw(exc)
                    continue
                waits = self.coroutine.send(sent)
            except StopIteration as done:
                return done.value


async def refuse(send: Send, status: int, code: str, message: str, **details: object) -> None:
    """An error in the API's own shape ({"error": {code, message, details}}); the connection closes."""
    body = json.dumps({"error": {"code": code, "message": message, "details": details}}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"connection", b"close"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
