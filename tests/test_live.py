"""Live updates over a real server: delivery, catch-up after a dropped connection, serialised writers."""

from __future__ import annotations

import json
import threading
import time
import urllib.request

import pytest
from flask.testing import FlaskClient

from tests.server import Server, call


def events(url: str, count: int, out: list[dict], opened: threading.Event, timeout: float = 10,
           key: str | None = None, until_version: int | None = None) -> None:
    """Collect ``count`` events, or (``until_version``) events until the game reaches that version."""
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=timeout) as r:
        opened.set()
        for raw in r:
            line = raw.decode()
            if line.startswith("data:"):
                out.append({**json.loads(line[5:]), "received": time.time()})
                if (out[-1]["version"] >= until_version) if until_version is not None else len(out) >= count:
                    return


def game(base: str) -> tuple[str, str, str]:
    _, g = call(base, "POST", "/games", {"seats": ["A", "B"]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {"00168": 3}}, ka)
    return gid, ka, kb


@pytest.mark.parametrize("who", ["B", "spectator"])
def test_each_change_reaches_other_devices_within_a_second(server: Server, who: str) -> None:
    """Seat B's phone, and a spectator's table view (no key: the public stream)."""
    base = server.url + "/api"
    gid, ka, kb = game(base)
    got: list[dict] = []
    opened = threading.Event()
    key = kb if who == "B" else None
    listener = threading.Thread(target=events, args=(f"{base}/games/{gid}/events?since=1", 3, got, opened, 10, key, 4))
    listener.start()
    assert opened.wait(5)
    version = 1
    sent = []
    for card in ("A.00168.1", "A.00168.2", "A.00168.3"):
        sent.append(time.time())
        status, body = call(base, "POST", f"/games/{gid}/actions",
                            {"action": {"type": "setup_into_shadows", "player": "A", "card": card},
                             "expected_version": version}, ka)
        assert status == 201
        version = body["version"]
    listener.join(10)
    # Changes that come faster than a device reads may arrive together in one event: each event
    # carries every entry since the last one, so none is skipped.
    assert [e["seq"] for ev in got for e in ev["entries"]] == [2, 3, 4]
    arrived = {e["seq"]: ev["received"] for ev in got for e in ev["entries"]}
    assert all(arrived[v] - s < 1.0 for v, s in zip((2, 3, 4), sent, strict=True))
    assert got[-1]["version"] == 4 and len(got[-1]["view"]["players"][0]["shadows"]) == 3
    assert "card" not in got[-1]["view"]["players"][0]["shadows"][0]  # B's view, or the public one: face down
    assert got[-1]["view"]["viewer"]["role"] == ("seat" if who == "B" else "spectator")
    # What the stream brings a spectator is what the spectator reads from the view: the public view, nothing more.
    assert got[-1]["view"] == call(base, "GET", f"/games/{gid}/view", key=key)[1]


def test_spectators_share_one_event_per_version_made_once(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every spectator of a game is sent the same event, made (its view and entries encoded) once per version for them
    all, as a role's phones share theirs; a seat's is its own."""
    import companion.web.api as api
    from tests.test_trust import first_event

    made: list[str] = []

    def counted(version: int, payload: bytes) -> str:
        made.append(json.loads(payload)["view"]["viewer"]["role"])
        return real(version, payload)

    real = api.sse_encoded
    monkeypatch.setattr(api, "sse_encoded", counted)
    g = client.post("/api/games", json={"seats": ["A", "B"]}).get_json()
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    auth = {"Authorization": f"Bearer {ka}"}
    assert client.put(f"/api/games/{gid}/seats/A/deck", json={"expected_version": 0, "deck": {"00168": 3}},
                      headers=auth).status_code == 200
    assert client.post(f"/api/games/{gid}/actions", headers=auth, json={
        "action": {"type": "setup_into_shadows", "player": "A", "card": "A.00168.1"}, "expected_version": 1,
    }).status_code == 201
    url = f"/api/games/{gid}/events?since=0"
    watched = [first_event(client, url, None) for _ in range(5)]
    assert watched[0].count("event: update") == 1 and all(w == watched[0] for w in watched)
    assert first_event(client, url, kb) != watched[0]
    assert made == ["spectator", "seat"]


def test_a_reconnecting_device_catches_up_from_its_last_version(server: Server) -> None:
    base = server.url + "/api"
    gid, ka, kb = game(base)
    for v, card in ((1, "A.00168.1"), (2, "A.00168.2")):
        call(base, "POST", f"/games/{gid}/actions",
             {"action": {"type": "setup_into_shadows", "player": "A", "card": card}, "expected_version": v}, ka)
    # The device last saw version 1, dropped, and comes back with Last-Event-ID: 1.
    req = urllib.request.Request(f"{base}/games/{gid}/events", headers={"Last-Event-ID": "1",
                                                                        "Authorization": f"Bearer {kb}"})
    with urllib.request.urlopen(req, timeout=10) as r:
        for raw in r:
            line = raw.decode()
            if line.startswith("data:"):
                update = json.loads(line[5:])
                break
    assert update["version"] == 3
    assert [e["seq"] for e in update["entries"]] == [2, 3]
    assert len(update["view"]["players"][0]["shadows"]) == 2


def test_two_devices_acting_at_once_are_serialised(server: Server) -> None:
    base = server.url + "/api"
    gid, ka, _ = game(base)
    results: list[int] = []

    def attempt() -> None:
        status, _ = call(base, "POST", f"/games/{gid}/actions",
                         {"action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": 1}, ka)
        results.append(status)

    threads = [threading.Thread(target=attempt) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [201] + [409] * 7
    _, view = call(base, "GET", f"/games/{gid}/view", key=ka)
    assert view["players"][0]["gold"] == 1 and view["version"] == 2


def test_readers_never_see_a_half_applied_action(server: Server) -> None:
    base = server.url + "/api"
    gid, ka, kb = game(base)
    for v, card in ((1, "A.00168.1"), (2, "A.00168.2")):
        call(base, "POST", f"/games/{gid}/actions",
             {"action": {"type": "setup_into_shadows", "player": "A", "card": card}, "expected_version": v}, ka)
    statuses: list[int] = []
    problems: list[str] = []
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            for key in (ka, kb, None):
                status, body = call(base, "GET", f"/games/{gid}/view", key=key)
                statuses.append(status)
                if status == 200:
                    shadows = body["players"][0]["shadows"]
                    if len({s["position"] for s in shadows}) != len(shadows):
                        problems.append(f"duplicate positions at version {body['version']}")

    readers = [threading.Thread(target=read) for _ in range(4)]
    for r in readers:
        r.start()
    version = 3
    for i in range(60):  # cards go in and out of shadows while the readers look
        action = ({"type": "return_to_hand", "player": "A", "card": "A.00168.1"} if i % 2 == 0
                  else {"type": "put_into_shadows", "player": "A", "card": "A.00168.1"})
        status, body = call(base, "POST", f"/games/{gid}/actions", {"action": action, "expected_version": version}, ka)
        assert status == 201, body
        version = body["version"]
    stop.set()
    for r in readers:
        r.join()
    assert statuses and set(statuses) == {200}
    assert problems == []
