"""Gold and power taps from two phones, in any order, with stale versions and the browser's conflict rule
(merge and re-send commutative actions once the new version is known): every pool ends with the sum of its
deltas. Bursts are what the page's coalescing sends: one action with the sum of a burst of taps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.web import create_app

SEATS = ("A", "B")
#: One burst: (seat, "gold" or "power", summed delta). Power never goes below 0 in a seat's own order.
burst = st.tuples(st.sampled_from(SEATS), st.sampled_from(("gold", "power")), st.integers(-5, 5).filter(bool))


def action_for(seat: str, what: str, delta: int) -> dict[str, Any]:
    kind = {("gold", True): "gain_gold", ("gold", False): "spend_gold",
            ("power", True): "gain_power", ("power", False): "lose_power"}[(what, delta > 0)]
    return {"type": kind, "player": seat, "amount": abs(delta)}


def playable(bursts: list[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """Drop power losses a seat could not make in its own order (a card with 0 power loses none)."""
    power = dict.fromkeys(SEATS, 0)
    out = []
    for seat, what, delta in bursts:
        if what == "power":
            if power[seat] + delta < 0:
                continue
            power[seat] += delta
        out.append((seat, what, delta))
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bursts=st.lists(burst, max_size=14), stale=st.lists(st.booleans(), min_size=14, max_size=14))
def test_any_taps_from_two_phones_sum_up(tmp_path_factory: Any, bursts: list[tuple[str, str, int]],
                                         stale: list[bool]) -> None:
    db = Path(tmp_path_factory.mktemp("taps")) / "games.db"
    client: FlaskClient = create_app({"DATABASE": str(db), "TESTING": True}).test_client()
    g = client.post("/api/games", json={"seats": list(SEATS)}).get_json()
    keys = {s["seat"]: s["key"] for s in g["seats"]}
    seen = dict.fromkeys(SEATS, 0)  # the version each phone last saw
    bursts = playable(bursts)
    for i, (seat, what, delta) in enumerate(bursts):
        auth = {"Authorization": "Bearer " + keys[seat]}
        body = {"action": action_for(seat, what, delta), "request_id": f"tap-{i:04d}-{seat}",
                "expected_version": seen[seat] if stale[i] else client.get(f"/api/games/{g['game']['id']}/view",
                                                                             headers=auth).get_json()["version"]}
        r = client.post(f"/api/games/{g['game']['id']}/actions", json=body, headers=auth)
        if r.status_code == 409:  # the page shows the new state, then re-sends what only adds up
            seen[seat] = r.get_json()["error"]["details"]["version"]
            body = {**body, "expected_version": seen[seat], "request_id": f"tap-{i:04d}-{seat}-again"}
            r = client.post(f"/api/games/{g['game']['id']}/actions", json=body, headers=auth)
        assert r.status_code == 201, r.get_json()
        seen[seat] = r.get_json()["version"]
    view = client.get(f"/api/games/{g['game']['id']}/view", headers={"Authorization": "Bearer " + keys["A"]}).get_json()
    for p in view["players"]:
        for what in ("gold", "power"):
            assert p[what] == sum(d for s, w, d in bursts if s == p["seat"] and w == what), (p["seat"], what)
