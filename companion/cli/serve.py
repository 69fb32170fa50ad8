"""``companion serve``: the companion on a production WSGI server (waitress)."""

from __future__ import annotations

import os
import socket

import click


def lan_address() -> str:
    """The address other devices on the LAN reach this machine at (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET address: only picks the outgoing interface
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


MAX_HEADER_BYTES = 16 * 1024
MAX_BODY_BYTES = 16 * 1024 * 1024  # the largest route limit (/api/scan, /api/tts/import)


def make_server(app: object, host: str, port: int, devices: int, scheme: str = "http") -> object:
    """A waitress server sized for ``devices`` live connections.

    Each live-update stream holds one worker thread while it waits, so there are threads for
    every device plus a pool for ordinary requests; ``send_bytes=1`` makes waitress send each
    event at once instead of buffering 18 kB first; poll() instead of select() lifts the limit of
    1024 file descriptors.

    Limits at the server, before any route runs: request headers above 16 KiB and bodies above
    16 MiB (the largest route limit, /api/scan and /api/tts/import) are refused with 413/431 while
    they are read, so a 1 GB upload is never buffered to disk; per-route ``@limit`` values still apply
    after that. An idle connection is closed after ``channel_timeout`` seconds.
    """
    from waitress import create_server

    return create_server(
        app, host=host, port=port, threads=devices + 16, connection_limit=devices * 2 + 64,
        send_bytes=1, channel_timeout=120,
        max_request_header_size=MAX_HEADER_BYTES, max_request_body_size=MAX_BODY_BYTES,
        ident="companion", clear_untrusted_proxy_headers=True,
        asyncore_use_poll=True,  # select() stops at file descriptor 1024
        url_scheme=scheme,
    )


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind.")
@click.option("--port", default=8787, show_default=True, type=click.IntRange(0, 65535))
@click.option("--lan", is_flag=True, help="Bind the LAN address so phones can join; prints a QR code.")
@click.option("--db", "db_path", type=click.Path(dir_okay=False), envvar="COMPANION_DB",
              help="SQLite database file (default: per-user data directory).")
@click.option("--devices", default=500, show_default=True, type=click.IntRange(4, 5000),
              help="How many devices may hold a live connection at once.")
@click.option("--https", "https", is_flag=True,
              help="Serve HTTPS with a self-signed certificate, so phones may use the live camera.")
@click.option("--durability", type=click.Choice(["normal", "full"]), envvar="COMPANION_DURABILITY",
              default="normal", show_default=True,
              help="normal: a 2xx survives the companion being killed; full: it survives a power cut too.")
def serve(host: str, port: int, lan: bool, db_path: str | None, devices: int, https: bool,
          durability: str) -> None:
    """Start the companion and print the URL to open."""
    import sys

    import segno

    from companion.paths import database_path

    # Hundreds of threads wait on live streams; each request releases the GIL at every SQLite call
    # and socket write, and gets it back only after a switch interval (5 ms by default).
    sys.setswitchinterval(float(os.environ.get("COMPANION_SWITCH_INTERVAL", "0.0002")))
    from companion.web import create_app

    config: dict[str, object] = {"DURABILITY": durability}
    if db_path:
        config["DATABASE"] = db_path
    app = create_app(config)
    zbar = app.extensions["companion"]["zbar"]
    if not zbar["available"]:
        click.secho(f"Warning: {zbar['message']}", fg="yellow", err=True)
    bind = lan_address() if lan else host
    try:
        server = make_server(app, "127.0.0.1" if https else bind, 0 if https else port, devices,
                             "https" if https else "http")
        real_port = server.effective_port  # type: ignore[attr-defined]
        if https:
            from companion.paths import data_dir
            from companion.tls import TlsFront, ensure_certificate

            cert, key = ensure_certificate(data_dir() / "tls", [bind, "127.0.0.1", "localhost"])
            front = TlsFront(bind, port, real_port, cert, key).start()
            real_port = front.port
            click.echo(f"Certificate: {cert} (self-signed: phones will ask you to accept it once)")
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {bind}:{port}: {exc.strerror or exc}. "
                                   "Is another companion running? Try --port.") from None
    url = f"{'https' if https else 'http'}://{bind}:{real_port}/"
    click.echo(f"Database: {db_path or database_path()} (durability {durability})")
    click.secho(f"Companion running at {url}", fg="green", bold=True)
    if lan:
        segno.make(url, error="m").terminal(compact=True)
        click.echo("Scan the code with a phone on the same network.")
    click.echo("Press Ctrl+C to stop.", nl=True)
    try:
        server.run()  # type: ignore[attr-defined]
    except KeyboardInterrupt:
        click.echo("Stopped.")
