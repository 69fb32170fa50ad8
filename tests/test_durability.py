"""A 2xx answer means committed: SIGKILL the server mid-stream, then check the log and its hash chain."""

from __future__ import annotations

import http.client
import os
import signal
import threading
import time
from pathlib import Path

from companion.store.games import GameStore
from tests.server import call, start_server
from tests.tables import catalog


def test_sigkill_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    server = start_server(db)
    base = server.url + "/api"
    games = []
    for _ in range(3):
        _, g = call(base, "POST", "/games", {"seats": ["A", "B"]})
        games.append((g["game"]["id"], g["seats"][0]["key"]))
    acknowledged: dict[str, list[int]] = {gid: [] for gid, _ in games}
    stop = threading.Event()

    def writer(gid: str, ka: str) -> None:
        version = 0
        while not stop.is_set():
            try:
                status, body = call(base, "POST", f"/games/{gid}/actions",
                                    {"action": {"type": "gain_gold", "player": "A", "amount": 1},
                                     "expected_version": version}, ka, timeout=5)
            except (OSError, http.client.HTTPException):
                return  # the server is gone (possibly in the middle of an answer: not acknowledged)
            if status == 201:
                version = body["version"]
                acknowledged[gid].append(version)

    threads = [threading.Thread(target=writer, args=game) for game in games]
    for t in threads:
        t.start()
    # Killed once every writer has had some actions acknowledged (a count, not a time: a loaded machine is slower).
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not all(len(a) > 10 for a in acknowledged.values()):
        time.sleep(0.05)
    time.sleep(0.2)  # and in the middle of more
    os.kill(server.proc.pid, signal.SIGKILL)
    server.proc.wait()
    stop.set()
    for t in threads:
        t.join(10)
    assert all(len(a) > 10 for a in acknowledged.values()), "the writers should have got many actions in"

    store = GameStore(db, lambda codes: catalog().cards(codes))
    for gid, acks in acknowledged.items():
        check = store.verify(gid)
        assert check["ok"], check
        assert check["entries"] >= acks[-1]  # every acknowledged version is in the log
        assert store.table(gid).players["A"].gold == check["entries"]
    gid, ka = games[0]
    check = store.verify(gid)

    # And the server starts again on the same file, with the game intact.
    again = start_server(db)
    try:
        status, view = call(again.url + "/api", "GET", f"/games/{gid}/view", key=ka)
        assert status == 200 and view["version"] == check["entries"]
    finally:
        again.stop()
