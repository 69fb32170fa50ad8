"""Hidden cards never reach an opponent or a spectator: every API route, the live stream, the exports.

A real server process; seat A hides cards in shadows and in hand, including flagged (illegal)
actions whose verdicts name those cards. Then B and a spectator walk every GET route in the
OpenAPI document plus the event stream (the spectator's without a key), and nothing they receive may name a
hidden card.
"""

from __future__ import annotations

import json
import re
import urllib.request

from tests.server import Server, call

HIDDEN = {"13089": "Tyrion Lannister", "01091": "Burned Men", "00168": "The Imp's Agent"}



def test_no_hidden_identity_reaches_opponent_or_spectator(server: Server) -> None:
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": ["A", "B"], "judge": True})
    gid, ka, kb, judge = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"], g["judge"]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0,
                "deck": {"13089": 1, "01091": 1, "00168": 1}}, ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": {"01093": 2}}, kb)[0] == 200
    version = 2
    for action in (
        {"type": "setup_into_shadows", "player": "A", "card": "A.13089.1"},
        {"type": "draw", "player": "A", "card": "A.00168.1"},
        {"type": "begin_phase", "phase": "plot"}, {"type": "begin_phase", "phase": "draw"},
        {"type": "begin_phase", "phase": "marshaling"},
        {"type": "collect_income", "player": "A", "amount": 5},
        {"type": "marshal_into_shadows", "player": "A", "card": "A.01091.1"},  # flagged: no Shadow keyword
        {"type": "place_tokens", "player": "A", "kind": "shadow", "card": "A.13089.1"},
        {"type": "setup_into_shadows", "player": "A", "card": "A.00168.1"},  # flagged: wrong phase
        {"type": "return_to_hand", "player": "A", "card": "A.00168.1"},
        # A newcomer trial: Tyrion brought out of shadows (face up for a moment), then undone: face down again, the
        # entry and its undo named him to every phone for ever.
        {"type": "bring_out", "player": "A", "card": "A.13089.1"},
    ):
        status, body = call(base, "POST", f"/games/{gid}/actions", {"action": action, "expected_version": version}, ka)
        assert status == 201, body
        version = body["version"]
    status, body = call(base, "POST", f"/games/{gid}/undo", {"expected_version": version}, ka)
    assert status == 201, body
    version = body["version"]
    status, flagged = call(base, "GET", f"/games/{gid}/log", key=ka)
    assert any(e["verdict"] and e["verdict"]["violations"] for e in flagged["entries"])  # A sees its flags

    _, doc = call(base, "GET", "/openapi.json")
    for who, key in (("opponent", kb), ("spectator", None)):
        seen: list[str] = []
        for path, ops in doc["paths"].items():
            if "get" not in ops or path.startswith(("/api/cards", "/api/tapestry")):
                continue  # the catalog is public knowledge; Tapestry tables have no hidden cards
            url = path.replace("/api", "", 1).replace("{game_id}", gid).replace("{card_id}", "A:shadows#1")
            if "events" in url:  # a spectator's too: the public view, live
                seen.append(read_first_event(base + url + "?since=0", key))
                assert f'"version":{version},' in seen[-1] and '"entries":[{' in seen[-1]  # the whole game, sealed
                continue
            for query in ("", "?q=a", "?q=tyrion", "?q=burned", "?since=0"):
                status, body = call(base, "GET", url + query, key=key)
                assert status < 500
                seen.append(body if isinstance(body, str) else json.dumps(body))
        for page in (f"/g/{gid}", f"/g/{gid}/host"):
            with urllib.request.urlopen(server.url + page) as r:
                seen.append(r.read().decode())
        # The search's hint ("catalogue") lists names from the public catalogue that fit what was typed, the same
        # at every table (tests/test_trust.py compares it byte for byte across permuted hidden cards).
        text = re.sub(r'"catalogue": \[[^\]]*\]', "", "\n".join(seen))
        for code, name in HIDDEN.items():
            assert code not in text, f"{who} saw hidden code {code}"
            assert name not in text, f"{who} saw hidden name {name}"
        assert not re.search(r"A\.\w+\.\d", text), f"{who} saw a hidden instance id"
        # Entry hashes stay with the judge; the short head hash every phone shows is keyed (HMAC), so it
        # gives nobody a way to try hidden ids against it.
        assert '"hash"' not in text and "verified_head" not in text and '"seal"' not in text
        assert "A:shadows#1" in text or who == "spectator"  # positions are public

    # The judge does see them, so the walk above could have found them.
    _, view = call(base, "GET", f"/games/{gid}/view", key=judge)
    assert "Tyrion Lannister" in json.dumps(view) and "Burned Men" in json.dumps(view)
    status, export = call(base, "GET", f"/games/{gid}/export", key=judge)
    assert status == 200 and "13089" in export


def read_first_event(url: str, key: str | None) -> str:
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {key}"} if key else {})
    with urllib.request.urlopen(req, timeout=10) as r:
        lines = []
        for raw in r:
            line = raw.decode()
            lines.append(line)
            if line.startswith("data:"):
                return "".join(lines)
    raise AssertionError("no event")


def test_a_refusal_names_the_card_only_to_a_viewer_who_may_see_it() -> None:
    """A refused move says which card it was about ("Not recorded: Tyrion Lannister — …") to whoever may see that
    card: its seat and the judge; to anyone else a face-down card stays unnamed (no name at all, not even a blank)."""
    from companion.rules.actions import BringOut
    from companion.rules.kind import refused_card
    from companion.rules.roles import HOST, JUDGE, Role
    from tests.tables import make_table, shadows

    t = make_table({"A": {"13089": 1}, "B": {}}, phase="setup")
    shadows(t, "A.13089.1")
    move = BringOut("A", "A.13089.1")
    assert refused_card(t, move, Role.of_seat("A")) == {"card": {"name": "Tyrion Lannister"}}
    assert refused_card(t, move, JUDGE) == {"card": {"name": "Tyrion Lannister"}}
    assert refused_card(t, move, Role.of_seat("B")) == {} and refused_card(t, move, HOST) == {}
