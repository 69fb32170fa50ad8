"""A seat's key renewed while its open live stream is making an event: the event is made from the game as it is
then, which may already hold what the new key's holder did. The old key's stream must end with "revoked", not carry
that event (tests/test_trust.py::test_a_revoked_key_loses_its_stream_and_its_access covers a renewal between
events; this is the one in the middle of one)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask.testing import FlaskClient

import companion.web.api as api


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def post(client: FlaskClient, gid: str, key: str, action: dict[str, Any]) -> None:
    version = client.get(f"/api/games/{gid}/view", headers=auth(key)).get_json()["version"]
    r = client.post(f"/api/games/{gid}/actions", json={"action": action, "expected_version": version},
                    headers=auth(key))
    assert r.status_code == 201, r.get_json()


def renew_on_a_new_phone(client: FlaskClient, gid: str, host: str, new_key: list[str]) -> None:
    """The host renews Jana's key and her new phone puts Tyrion into shadows, once (``new_key`` gets the key), on a
    thread of their own: requests of their own, not inside the one that is under way."""
    def host_and_new_phone() -> None:
        r = client.post(f"/api/games/{gid}/seats/A/key", json={}, headers=auth(host))
        new_key.append(r.get_json()["key"])
        post(client, gid, new_key[0], {"type": "setup_into_shadows", "player": "A", "card": "A.13089.1"})

    if not new_key:
        t = threading.Thread(target=host_and_new_phone)
        t.start()
        t.join()


def test_a_key_renewed_while_its_stream_makes_an_event_gets_revoked_not_the_event(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    g = client.post("/api/games", json={"seats": [{"seat": "A", "name": "Jana"}, {"seat": "B", "name": "Tom"}]})
    g = g.get_json()
    gid, ka, kb, host = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"], g["host"]["key"]
    for n, (seat, key, deck) in enumerate((("A", ka, {"13089": 1, "00168": 1}), ("B", kb, {"01091": 1}))):
        r = client.put(f"/api/games/{gid}/seats/{seat}/deck", json={"expected_version": n, "deck": deck},
                       headers=auth(key))
        assert r.status_code == 200
    client.application.config["STREAM_KEEPALIVE"] = 0.2
    stream = client.get(f"/api/games/{gid}/events?since=0", headers=auth(ka), buffered=False)
    chunks = iter(stream.response)
    text = ""
    while "data:" not in text:
        text += next(chunks).decode()

    made = api.sse_update
    new_key: list[str] = []

    def renewed_meanwhile(*args: Any) -> str:
        """The host renews Jana's key and her new phone puts Tyrion into shadows while this event is made."""
        renew_on_a_new_phone(client, gid, host, new_key)
        return made(*args)

    monkeypatch.setattr(api, "sse_update", renewed_meanwhile)
    post(client, gid, kb, {"type": "setup_place", "player": "B", "card": "B.01091.1"})  # wakes the stream
    rest = ""
    for chunk in chunks:
        rest += chunk.decode()
        if "revoked" in rest or "Tyrion" in rest:
            break
    stream.close()
    assert new_key, "the stream made no event"
    assert "Tyrion" not in rest and "13089" not in rest, rest[:500]  # what the new key did stays with it
    assert "event: revoked" in rest
    jana = client.get(f"/api/games/{gid}/view", headers=auth(new_key[0])).get_json()
    assert "Tyrion Lannister" in str(jana["players"][0]["shadows"])  # the new phone has it
