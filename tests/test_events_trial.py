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
from tests.test_events_record import _four_illegal_decks, pdf_text
from tests.test_events_swiss import confirm, event, propose, results


@pytest.fixture()
def client(tmp_path: Path) -> FlaskClient:
    return create_app({"DATABASE": str(tmp_path / "games.db"), "TESTING": True}).test_client()


def dashboard(client: FlaskClient, ev: dict[str, Any]) -> dict[str, Any]:
    r = client.get(f"/api/event/{ev['event']['id']}/dashboard", headers=h(ev["judge"]["key"]))
    assert r.status_code == 200, r.get_json()
    out: dict[str, Any] = r.get_json()
    return out


def next_round(client: FlaskClient, ev: dict[str, Any]) -> dict[str, Any]:
    r = client.get(f"/api/event/{ev['event']['id']}", headers=h(ev["organiser"]["key"]))
    assert r.status_code == 200, r.get_json()
    out: dict[str, Any] = r.get_json()["next_round"]
    return out


def test_the_dashboard_before_round_one_says_who_registered_and_the_next_step(client: FlaskClient,
                                                                              catalog: Catalog) -> None:
    legal, illegal = _four_illegal_decks(catalog)
    ev = client.post("/api/event", json={"name": "Trial night", "rounds": 3, "tables": 8}).get_json()
    eid, org = ev["event"]["id"], ev["organiser"]["key"]

    def add(name: str, deck: str) -> Any:
        r = client.post(f"/api/event/{eid}/players", headers=h(org), json={"name": name, "decklist": deck})
        assert r.status_code == 201, r.get_json()
        return r.get_json()

    add("Ann", legal)
    before = dashboard(client, ev)
    assert before["round"] is None and before["tables"] == []
    assert before["before"] == {"registered": 1, "legal": 1, "illegal": 0, "waiting": 0, "registration_open": True,
                                "next": {"msg": "ev.next.register"}}
    add("Bo", legal)
    iggy = add("Iggy", next(iter(illegal.values())))["player"]
    before = dashboard(client, ev)["before"]
    assert (before["registered"], before["legal"], before["illegal"], before["waiting"], before["next"]) == (
        3, 2, 1, 1, {"msg": "ev.next.allow"})
    shown = {p["name"]: p for p in dashboard(client, ev)["players"]}
    assert shown["Ann"]["legal"] is True and shown["Iggy"]["legal"] is False and shown["Iggy"]["problems"]
    assert client.post(f"/api/event/{eid}/players/{iggy['id']}/confirm", headers=h(org), json={}).status_code == 200
    assert dashboard(client, ev)["before"]["next"] == {"msg": "ev.next.pair"}
    # Paired, the dashboard shows its round and no "before".
    assert confirm(client, ev, propose(client, ev).get_json()["proposal"]["id"]).status_code == 201
    assert "before" not in dashboard(client, ev)


def test_tables_stand_in_number_order_until_the_round_clock_runs(client: FlaskClient, catalog: Catalog) -> None:
    ev = event(client, catalog, 6)
    eid, judge = ev["event"]["id"], ev["judge"]["key"]
    created = confirm(client, ev, propose(client, ev).get_json()["proposal"]["id"]).get_json()
    games = {t["table"]: t["game"] for t in created["tables"]}
    # Table 1 moves last (a note from the judge): it is the least quiet table of the round.
    r = client.post(f"/api/event/{eid}/games/{games[1]}/rulings", headers=h(judge),
                    json={"type": "note", "text": "players seated", "request_id": "note-table-1"})
    assert r.status_code in (200, 201), r.get_json()
    # The clock has not started: quiet says nothing yet, the tables stand as numbered (it read 2, 3, 1).
    assert [t["table"] for t in dashboard(client, ev)["tables"]] == [1, 2, 3]
    r = client.post(f"/api/event/{eid}/rounds/1/clock", headers=h(ev["organiser"]["key"]),
                    json={"minutes": 55, "request_id": "clock-round-1"})
    assert r.status_code in (200, 201), r.get_json()
    # The clock runs: the longest quiet table first, the table that moved last at the bottom.
    assert [t["table"] for t in dashboard(client, ev)["tables"]][-1] == 1


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


def test_a_bye_is_in_the_report_pdf_among_its_rounds_results_and_in_the_standings(client: FlaskClient,
                                                                                  catalog: Catalog) -> None:
    ev = event(client, catalog, 5, seed="bye-night")
    eid, judge = ev["event"]["id"], ev["judge"]["key"]
    p1 = propose(client, ev).get_json()["proposal"]
    bye = p1["bye"]["name"]
    results(client, ev, confirm(client, ev, p1["id"]).get_json())
    for lang, row, basis, record in (
            ("en", f"Bye: {bye} — a win (5 points)", "Scoring: win 5, modified win 4, loss 0, bye 5", "bye in round 1"),
            ("de", f"Freilos: {bye} — ein Sieg (5 Punkte)",
             "Wertung: Sieg 5, Sieg nach Zeit 4, Niederlage 0, Freilos 5", "Freilos in Runde 1")):
        r = client.get(f"/api/event/{eid}/report?format=pdf&lang={lang}", headers=h(judge))
        assert r.status_code == 200
        words = " ".join(" ".join(page.split()) for page in pdf_text(r.data))
        # Among round 1's results, after its last table and before anything of a later part of the report.
        heading = {"en": "Round 1 · Bye", "de": "Runde 1 · Freilos"}[lang]
        assert f"{heading} " in words and row in words, words
        assert words.index(heading) > words.index({"en": "Round 1 · Table 2", "de": "Runde 1 · Tisch 2"}[lang])
        # The standings say what they count (a bye's points too) and whose win was a bye.
        assert basis in words
        line = next(x for x in (" ".join(ln.split()) for page in pdf_text(r.data) for ln in page.splitlines())
                    if x.split(" · ")[0].endswith(f". {bye}"))
        assert record in line, line


def test_standings_after_a_round_count_no_later_round_not_even_its_bye(client: FlaskClient, catalog: Catalog) -> None:
    """The trial's standings "after round 1" ranked first a player who lost round 1: round 2's bye, given when round
    2 was paired, was counted in them."""
    ev = event(client, catalog, 5, seed="bye-night")
    eid, judge = ev["event"]["id"], ev["judge"]["key"]
    r1 = confirm(client, ev, propose(client, ev).get_json()["proposal"]["id"]).get_json()
    results(client, ev, r1)  # seat A wins every table
    losers = {t["seats"][1]["name"] for t in r1["tables"]}
    p2 = propose(client, ev).get_json()["proposal"]
    assert p2["bye"]["name"] in losers  # the lowest ranked without a bye: one who lost round 1
    r2 = confirm(client, ev, p2["id"]).get_json()
    results(client, ev, {"tables": r2["tables"][:1]})  # round 2 under way: one result in
    view = client.get(f"/api/event/{eid}/standings").get_json()
    assert view["after_round"] == 1
    points = {s["name"]: s["points"] for s in view["standings"]}
    assert points[p2["bye"]["name"]] == 0 and all(points[n] == 0 for n in losers), points
    assert all(s["rounds"] <= 1 for s in view["standings"])
    # The PDF's standings say so too: no bye of round 2 in them; the bye is among round 2's results.
    words = " ".join(" ".join(p.split()) for p in pdf_text(client.get(
        f"/api/event/{eid}/report?format=pdf&lang=en", headers=h(judge)).data))
    assert "after round 1" in words and "bye in round 2" not in words
    assert f"Round 2 · Bye Result: Bye: {p2['bye']['name']}" in words
    results(client, ev, {"tables": r2["tables"][1:]})
    view = client.get(f"/api/event/{eid}/standings").get_json()
    assert view["after_round"] == 2 and {s["name"]: s["points"] for s in view["standings"]}[p2["bye"]["name"]] == 5
