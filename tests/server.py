"""A real companion server process on loopback, for tests that need one."""

from __future__ import annotations

import atexit
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Server:
    proc: subprocess.Popen[str]
    url: str  # http://127.0.0.1:PORT
    db: Path
    banner: list[str] = field(default_factory=list)  # what the server printed up to its URL
    #: What it printed since (warnings, tracebacks): the last lines, shown when a test using it fails.
    said: deque[str] = field(default_factory=lambda: deque(maxlen=200))

    def drain(self) -> None:
        """Read what the server prints, in the background, for its life. Left unread, its pipe fills (64 KiB of
        warnings or tracebacks over a long test) and the server stops at its next write, holding the lock of
        its log: every request then waits, and the test times out far from the cause."""
        def read() -> None:
            for line in self.proc.stdout:  # type: ignore[union-attr]
                self.said.append(line)
        threading.Thread(target=read, name=f"server-output-{self.url}", daemon=True).start()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@functools.cache
def seeded_catalog() -> Path:
    """One card catalog for this test run's servers, seeded once from this package's own facts (seeding takes
    seconds). A server on the per-user catalog shared it with every other run on the machine, which reseeds it
    with its own package's facts: a server reading a card meanwhile kept another version's facts for its life
    (a character with no icons, so no challenge offered)."""
    from companion.catalog.store import Catalog
    from tests.catalogs import write_seeded

    home = Path(tempfile.mkdtemp(prefix="companion-catalog-"))
    atexit.register(shutil.rmtree, home, ignore_errors=True)
    write_seeded(home / "catalog.db")  # a copy of this process's seeded catalog
    Catalog.open(home / "catalog.db").db.close()  # (seeds it again only if it were not the shipped facts')
    return home / "catalog.db"


def start_server(db: Path, *extra: str, env: dict[str, str] | None = None) -> Server:
    """A server on ``db``, its data directory beside it and this run's catalog, unless ``env`` names its own
    (a module's server starts before any test's own data directory is set)."""
    own = {"COMPANION_DATA_DIR": str(db.parent / "data"), "COMPANION_CATALOG": str(seeded_catalog())}
    if env and ("COMPANION_DATA_DIR" in env or "COMPANION_CATALOG" in env):
        own = {}
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", "0", "--db", str(db), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, **own, **(env or {})},
    )
    deadline = time.time() + 60
    banner: list[str] = []
    while time.time() < deadline:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        if not line and proc.poll() is not None:
            raise RuntimeError("the server exited before printing its URL")
        banner.append(line)
        m = re.search(r"running at (http://127\.0\.0\.1:\d+)/", line)
        if m:
            server = Server(proc, m.group(1), db, banner)
            server.drain()
            return server
    proc.kill()
    raise RuntimeError("the server printed no URL in 60 s")


def call(base: str, method: str, path: str, body: Any = None, key: str | None = None,
         raw: bytes | None = None, timeout: float = 30) -> tuple[int, Any]:
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = "Bearer " + key
    req = urllib.request.Request(base + path, method=method, data=data, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            text = r.read().decode()
            return r.status, _parse(text, r.headers.get("Content-Type", ""))
    except urllib.error.HTTPError as e:
        text = e.read().decode()
        return e.code, _parse(text, e.headers.get("Content-Type", ""))


def play(base: str, game_id: str, moves: Iterable[tuple[str, dict[str, Any]]], version: int) -> int:
    """Record ``moves`` (each a key and its action, in turn) from ``version`` on, each answered 201; the version
    after the last."""
    for key, action in moves:
        status, body = call(base, "POST", f"/games/{game_id}/actions", {"action": action, "expected_version": version},
                            key)
        assert status == 201, (action, body)
        version = body["version"]
    return version


def take_offer(base: str, game_id: str, keys: Iterable[str], oid: str) -> dict[str, Any] | None:
    """Record the round's offer ``oid`` (view.now.offers: what the server offers now) with the first of ``keys``
    it is offered to, as that phone's tap would; None when no key is offered it."""
    for key in keys:
        view = call(base, "GET", f"/games/{game_id}/view", key=key)[1]
        offer = next((o for o in view["now"]["offers"] if o["id"] == oid), None)
        if offer is not None:
            status, body = call(base, "POST", f"/games/{game_id}/actions",
                                {"action": offer["action"], "expected_version": view["version"]}, key)
            assert status == 201, (offer, body)
            return body  # type: ignore[no-any-return]
    return None


def first_player(base: str, game_id: str, keys: Iterable[str], seat: str) -> None:
    """Both plots revealed: initiative (a tie's random pick goes to ``seat``), then ``seat`` is chosen as the first
    player by whoever won initiative, through the server's offers (RR: Appendix I › 1.3)."""
    keys = list(keys)
    take_offer(base, game_id, keys, f"initiative:{seat}")  # offered only on a tie
    assert take_offer(base, game_id, keys, f"first:{seat}") is not None, "no phone may choose the first player"


def _parse(text: str, content_type: str) -> Any:
    if "json" in content_type and "ndjson" not in content_type:
        return json.loads(text)
    return text
