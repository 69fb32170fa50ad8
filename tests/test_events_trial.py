"""What a judge running an event found on a trial evening (Flask's client on a real SQLite file): before round 1 the
dashboard says who registered, whose deck is legal and the next step, and a round whose clock has not started lists
its tables in their numbers' order; "Propose the pairings" is offered only when the next round may be paired, with
the reason otherwise; round 1's proposal is named for what it is, a random draw (Tournament Regulations › Swiss
Rounds); a bye is in the report PDF, among its round's results and in the standings, in English and German."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from companion.web import create_app
from tests.test_events import h
from tests.test_events_swiss import confirm, event, propose, results


@pytest.fixture()
def client(tmp_path: Path) -> FlaskClient:
    return create_app({"DATABASE": str(tmp_path / "games.db"), "TESTING": True}).test_client()


def next_round(client: FlaskClient, ev: dict[str, Any]) -> dict[str, Any]:
    r = client.get(f"/api/event/{ev['event']['id']}", headers=h(ev["organiser"]["key"]))
    assert r.status_code == 200, r.get_json()
    out: dict[str, Any] = r.get_json()["next_round"]
    return out


def test_propose_is_offered_only_when_the_next_round_may_be_paired(client: FlaskClient, catalog: Catalog) -> None:
    ev = event(client, catalog, 4, rounds=2)
    assert next_round(client, ev) == {"round": 1, "stage": "swiss", "may_propose": True, "why": None, "missing": []}
    r1 = confirm(client, ev, propose(client, ev).get_json()["proposal"]["id"]).get_json()
    # Round 1 paired and running: round 2 may not be proposed yet, and the page is told why.
    nxt = next_round(client, ev)
    assert nxt["may_propose"] is False and nxt["missing"] == [1, 2]
    assert nxt["why"] == {"msg": "ev.swiss.results_missing", "round": 1, "tables": [1, 2]}
    results(client, ev, {"tables": r1["tables"][:1]})
    assert next_round(client, ev)["why"]["tables"] == [2]
    results(client, ev, {"tables": r1["tables"][1:]})
    assert next_round(client, ev) == {"round": 2, "stage": "swiss", "may_propose": True, "why": None, "missing": []}
    r2 = confirm(client, ev, propose(client, ev).get_json()["proposal"]["id"]).get_json()
    results(client, ev, r2)
    nxt = next_round(client, ev)  # both rounds of the event paired: nothing more to propose
    assert nxt["may_propose"] is False and nxt["why"] == {"msg": "ev.swiss.all_paired", "n": 2}


def test_round_one_is_proposed_as_a_random_draw_not_as_swiss(client: FlaskClient, catalog: Catalog) -> None:
    from companion.messages import text

    ev = event(client, catalog, 4)
    p1 = propose(client, ev).get_json()["proposal"]
    assert p1["msg"] == "ev.swiss.proposal_random"
    title = text(p1["msg"], "en", n=1, seed="s")
    assert "random draw" in title and "Swiss" not in title, title
    assert "ausgelost" in text(p1["msg"], "de", n=1, seed="s")
    results(client, ev, confirm(client, ev, p1["id"]).get_json())
    assert propose(client, ev).get_json()["proposal"]["msg"] == "ev.swiss.proposal"
