"""``companion serve``: the companion on uvicorn; live streams on asyncio, the rest on Flask."""

from __future__ import annotations

import json
import logging
import os
import socket
import time
from collections.abc import Iterable
from typing import Any

import click

#: Seconds an idle keep-alive connection stays open. Longer than a phone's pause between taps, so a tap
#: rarely lands on a connection the server is just closing (a POST there fails instead of being retried).
KEEP_ALIVE = 65


def lan_address() -> str:
    """The address other devices on the LAN reach this machine at (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET address: only picks the outgoing interface
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


MAX_HEADER_BYTES = 16 * 1024
#: A request line and its headers together, while they arrive (the URL is bounded by this too).
MAX_HEAD_BYTES = MAX_HEADER_BYTES + 8 * 1024


class QuietAccept(logging.Filter):
    """At most one accept-error line per 10 s: when descriptors run out (EMFILE) asyncio pauses
    accepting and logs each retry; without this a full descriptor table fills the disk with logs."""

    def __init__(self) -> None:
        super().__init__()
        self.last = 0.0
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if "accept" not in record.getMessage() and "out of system resource" not in record.getMessage():
            return True
        now = time.monotonic()
        if now - self.last < 10:
            self.dropped += 1
            return False
        self.last = now
        if self.dropped:
            record.msg = f"{record.msg} ({self.dropped} similar lines dropped)"
            self.dropped = 0
        return True


#: Seconds a connection has to finish a request's headers, each request's (slowloris). COMPANION_HEADER_TIMEOUT sets
#: another: a test of the timeout sets it short, so as not to wait ten seconds for it.
HEADER_TIMEOUT = float(os.environ.get("COMPANION_HEADER_TIMEOUT", "10"))
#: A request's body must be complete within this many seconds after its headers' time, plus one for each ``BODY_RATE``
#: bytes it announces (a 16 MiB photo on slow Wi-Fi included).
BODY_SECONDS = 10.0
BODY_RATE = 32 * 1024
CHUNKED_BODY = 16 * 1024 * 1024  # a chunked body announces no size: the largest a route takes


def header_timeout_protocol() -> type:
    """uvicorn's httptools protocol, closing a connection whose request does not arrive in time: its headers within
    ``HEADER_TIMEOUT`` s (the first request's counted from the connection, a later one's from the answer before it),
    its body within ``BODY_SECONDS`` more and a second per ``BODY_RATE`` bytes. uvicorn times out idle keep-alive
    connections, but not a request that never finishes (its first byte stops the keep-alive timer): a few hundred of
    those, headers or a body sent a byte at a time, would otherwise sit there until the client leaves.

    A request head still incomplete past ``MAX_HEAD_BYTES`` is answered 431 and closed at once (the parser would keep
    it all: it has no limit of its own). A head that arrives whole is measured by the ASGI app.

    Why httptools, not h11: the parser and the chunked writer are C, and a delivery to each phone is a chunk; the
    server's CPU per action fell by a tenth with it (`companion bench server`, docs/scaling.md).

    One timer per connection looks when a deadline comes, or ``HEADER_TIMEOUT`` s on while a request is answered (none
    set per request: an action on the event loop costs well under a millisecond, a timer set and cancelled several
    microseconds)."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class HeaderTimeout(HttpToolsProtocol):
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._answered = self.loop.time()  # since when it waits for a request's headers
            self._head_bytes = 0  # of the request head being read (0 once its headers are complete)
            self._in_head = True
            self._header_timer = self.loop.call_later(HEADER_TIMEOUT, self._headers_late)

        def data_received(self, data: bytes) -> None:
            if self._in_head:
                self._head_bytes += len(data)
            super().data_received(data)
            if self._in_head and self._head_bytes > MAX_HEAD_BYTES and not self.transport.is_closing():
                self._refuse_head()

        def on_headers_complete(self) -> None:
            self._in_head = False
            self._head_bytes = 0
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            self._in_head = True  # what comes next is the next request's head
            super().on_message_complete()

        def _refuse_head(self) -> None:
            body = json.dumps({"error": {"code": "headers_too_large", "message":
                                         f"a request head is at most {MAX_HEAD_BYTES} bytes",
                                         "details": {}}}).encode()
            self.transport.write(b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json"
                                 b"\r\nconnection: close\r\ncontent-length: " + str(len(body)).encode()
                                 + b"\r\n\r\n" + body)
            self.transport.close()

        def on_response_complete(self) -> None:
            self._answered = self.loop.time()
            super().on_response_complete()

        def _headers_late(self) -> None:
            if self.transport.is_closing():
                return
            now = self.loop.time()
            cycle = self.cycle
            if cycle is None or cycle.response_complete:  # waiting for a request's headers
                due = self._answered + HEADER_TIMEOUT
            elif cycle.more_body:  # its body still coming: counted from when the connection began to wait for it
                due = self._answered + HEADER_TIMEOUT + self._body_seconds(cycle.scope["headers"])
            else:  # being answered (a live stream, a PDF): look again later
                due = now + HEADER_TIMEOUT
            if now >= due - 0.001:
                self.transport.close()
                return
            self._header_timer = self.loop.call_later(due - now, self._headers_late)

        @staticmethod
        def _body_seconds(headers: Iterable[tuple[bytes, bytes]]) -> float:
            length = next((v for k, v in headers if k == b"content-length"), b"")
            return BODY_SECONDS + (int(length) if length.isdigit() else CHUNKED_BODY) / BODY_RATE

        def connection_lost(self, exc: Exception | None) -> None:
            self._header_timer.cancel()
            super().connection_lost(exc)

    return HeaderTimeout


def bind_socket(host: str, port: int) -> socket.socket:
    """Bind here, not in uvicorn, so ``--port 0`` gets a real port we can print before serving."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # proto=IPPROTO_TCP, not 0: asyncio switches Nagle off (TCP_NODELAY) only on sockets whose proto
    # says TCP. With Nagle on, an answer's body waited ~40 ms for the ACK of its headers.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def make_server(app: Any, devices: int, certfile: str | None = None, keyfile: str | None = None) -> Any:
    """uvicorn serving :class:`companion.web.asgi.CompanionASGI` for ``devices`` live streams.

    A stream is an asyncio task, not a thread (see companion/web/asgi.py). Limits: a request head over
    ``MAX_HEAD_BYTES`` is refused while it arrives (``header_timeout_protocol``); bodies over the route's limit
    are refused before buffering (in the ASGI app); idle keep-alive connections close after 5 s;
    beyond ``devices`` streams plus 256 other connections new requests get 503 instead of queueing.
    """
    import uvicorn

    from companion.web.asgi import CompanionASGI

    hub = app.extensions["companion"]["services"].hub
    hub.limit = devices
    # A benchmark or a venue behind one NAT address may need more than the default per address.
    hub.PER_ADDRESS = int(os.environ.get("COMPANION_STREAMS_PER_ADDRESS", hub.PER_ADDRESS))
    config = uvicorn.Config(
        CompanionASGI(app), http=header_timeout_protocol(), lifespan="on", log_level="warning", access_log=False,
        timeout_keep_alive=KEEP_ALIVE,
        limit_concurrency=devices + 256, server_header=False, date_header=True,
        timeout_graceful_shutdown=2, ssl_certfile=certfile, ssl_keyfile=keyfile,
    )
    logging.getLogger("asyncio").addFilter(QuietAccept())
    return uvicorn.Server(config)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind.")
@click.option("--port", default=8787, show_default=True, type=click.IntRange(0, 65535))
@click.option("--lan", is_flag=True, help="Bind the LAN address so phones can join; prints a QR code.")
@click.option("--db", "db_path", type=click.Path(dir_okay=False), envvar="COMPANION_DB",
              help="SQLite database file (default: per-user data directory).")
@click.option("--devices", default=500, show_default=True, type=click.IntRange(4, 5000),
              help="How many live streams (devices) the server holds at once.")
@click.option("--https", "https", is_flag=True,
              help="Serve HTTPS with a self-signed certificate, so phones may use the live camera.")
@click.option("--durability", type=click.Choice(["normal", "full"]), envvar="COMPANION_DURABILITY",
              default="normal", show_default=True,
              help="normal: a 2xx survives the companion being killed; full: it survives a power cut too.")
def serve(host: str, port: int, lan: bool, db_path: str | None, devices: int, https: bool,
          durability: str) -> None:
    """Start the companion and print the URL to open."""
    import segno

    from companion.heap import keep_startup_objects, server_collector
    from companion.paths import database_path
    from companion.web import create_app

    bind = lan_address() if lan else host
    # Whether phones on the network can reach this server: the host page says how to let them in if not.
    config: dict[str, object] = {"DURABILITY": durability, "LAN": bind not in ("127.0.0.1", "localhost", "::1")}
    if db_path:
        config["DATABASE"] = db_path
    app = create_app(config)
    zbar = app.extensions["companion"]["zbar"]
    if not zbar["available"]:
        click.secho(f"Warning: {zbar['message']}", fg="yellow", err=True)
    cert = key = None
    try:
        sock = bind_socket(bind, port)
        if https:
            from companion.paths import data_dir
            from companion.tls import ensure_certificate

            cert, key = ensure_certificate(data_dir() / "tls", [bind, "127.0.0.1", "localhost"])
            click.echo(f"Certificate: {cert} (self-signed: phones will ask you to accept it once)")
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {bind}:{port}: {exc.strerror or exc}. "
                                   "Is another companion running? Try --port.") from None
    server = make_server(app, devices, str(cert) if cert else None, str(key) if key else None)
    keep_startup_objects()  # the catalogue and the app live as long as the process (companion/heap.py)
    server_collector()  # an action's short-lived objects are freed by reference counting, not walked (heap.py)
    real_port = sock.getsockname()[1]
    url = f"{'https' if https else 'http'}://{bind}:{real_port}/"
    click.echo(f"Database: {db_path or database_path()} (durability {durability})")
    click.secho(f"Companion running at {url}", fg="green", bold=True)
    if lan:
        segno.make(url, error="m").terminal(compact=True)
        click.echo("Scan the code with a phone on the same network.")
    click.echo("Press Ctrl+C to stop.", nl=True)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        click.echo("Stopped.")
