"""The players' side of an event (issue 35), over HTTP on a real SQLite file: results reported from the seats'
phones and settled when both agree (a dispute goes to the judge), the judge's result buttons, drops, rejoins and a
disqualification as the Tournament Regulations' Pairings section has them, the judge's point adjustments,
self-registration with the deck's legality at once, the round clock's stop stored, a proposal withdrawn when a result
behind it changes, the organiser's live page, the public feed, and the tie-breaker registry (a new tie-breaker is one
entry). Bad input is a 400 naming its field."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from tests.paper import claimed
from tests.test_events import flags_of, h, make_event
from tests.test_events_record import _four_illegal_decks, pdf_text


def round_of(client: FlaskClient, ev: dict[str, Any], csv_text: str, mode: str = "strict") -> list[dict[str, Any]]:
    """A round from pairings, each seat's phone holding its key: [{"game", "table", "A": key, "B": key}]."""
    r = client.post(f"/api/event/{ev['event']['id']}/rounds", headers=h(ev["organiser"]["key"]),
                    json={"csv": csv_text, "mode": mode})
    assert r.status_code == 201, r.get_json()
    return [{"game": t["game"], "table": t["table"], **{s["seat"]: claimed(s["url"], client) for s in t["seats"]}}
            for t in r.get_json()["tables"]]


def report(client: FlaskClient, table: dict[str, Any], seat: str, winner: str | None, ending: str,
           rid: str | None = None) -> Any:
    return client.post(f"/api/event-tables/{table['game']}/report", headers=h(table[seat]),
                       json={"winner": winner, "ending": ending, "request_id": rid or f"rep-{seat}-{winner}-{ending}"})


def result_of(client: FlaskClient, ev: dict[str, Any], table: dict[str, Any]) -> Any:
    info = client.get(f"/api/event/{ev['event']['id']}", headers=h(ev["organiser"]["key"])).get_json()
    return next(t["result"] for t in info["tables"] if t["game"] == table["game"])


def standings(client: FlaskClient, eid: str) -> dict[str, dict[str, Any]]:
    return {r["name"]: r for r in client.get(f"/api/event/{eid}/standings").get_json()["standings"]}


# -- results reported by the players ----------------------------------------------------------------------------


def test_both_seats_agree_and_the_result_counts_at_once(client: FlaskClient, catalog: Catalog) -> None:
    """Tournament Regulations › End of Round: a win, a modified win after time, both losing: each reported by one seat
    and confirmed by the other counts at once, in the event's record and the standings, with who settled it."""
    ev = make_event(client, catalog, players=6)
    t1, t2, t3 = round_of(client, ev, "1,Player 1,Player 2\n2,Player 3,Player 4\n3,Player 5,Player 6\n")
    first = report(client, t1, "A", "A", "victory")
    assert first.status_code == 201 and first.get_json()["status"] == "waiting" and first.get_json()["result"] is None
    # The other seat sees what was reported, and confirms it in one tap (the same result, its own words).
    seen = client.get(f"/api/event-tables/{t1['game']}", headers=h(t1["B"])).get_json()
    assert seen["reports"]["reports"]["A"]["winner"] == "A" and seen["reports"]["reports"]["B"] is None
    agreed = report(client, t1, "B", "A", "concession")
    assert agreed.get_json()["status"] == "agreed"
    assert result_of(client, ev, t1) == {"winner": "A", "winner_name": "Player 1", "reason": "", "ending": "concession",
                                         "reported": "players"}
    # A modified win only for a game gone to time (Tournament Regulations › Going to Time): before the round's clock
    # runs out it is refused, with the rule (a judge trial: two players agreed a 4-point result with 52 minutes left).
    early = report(client, t2, "B", "A", "time")
    assert early.status_code == 409 and early.get_json()["error"]["code"] == "not_time"
    assert client.post(f"/api/event/{ev['event']['id']}/rounds/1/clock", headers=h(ev["organiser"]["key"]),
                       json={"seconds_ago": 55 * 60 + 1}).status_code == 200
    assert report(client, t2, "B", "A", "time", rid="rep-B-A-time-2").status_code == 201
    assert report(client, t2, "A", "A", "time").get_json()["status"] == "agreed"
    assert result_of(client, ev, t2)["modified"] is True
    report(client, t3, "A", None, "both_lose")
    assert report(client, t3, "B", None, "both_lose").get_json()["result"]["winner"] is None
    table = standings(client, ev["event"]["id"])
    assert (table["Player 1"]["points"], table["Player 3"]["points"], table["Player 3"]["modified_wins"]) == (5, 4, 1)
    assert table["Player 5"]["losses"] == table["Player 6"]["losses"] == 1
    # Both phones read the result in their logs: each report is an entry (the judge's report too).
    log = client.get(f"/api/games/{t1['game']}/log", headers=h(t1["A"])).get_json()["entries"]
    assert [(e["actor"], e["data"]["winner"]) for e in log if e["kind"] == "report"] == [("seat:A", "A"),
                                                                                          ("seat:B", "A")]
    # The result is in: a seat changes nothing more (a judge does).
    late = report(client, t1, "B", "B", "victory", "rep-late-000001")
    assert late.status_code == 409 and late.get_json()["error"]["details"]["msg"] == "ev.report.result_in"
    # A retry of the report that settled it answers as it did, and records nothing.
    again = report(client, t1, "B", "A", "concession")
    assert again.get_json()["replayed"] is True
    assert len([e for e in client.get(f"/api/games/{t1['game']}/log", headers=h(t1["A"])).get_json()["entries"]
                if e["kind"] == "report"]) == 2


def test_the_streams_hear_of_the_agreeing_report_only_once_its_result_is_recorded(client: FlaskClient,
                                                                                    catalog: Catalog) -> None:
    """A phone hears of a report through its game's stream and then asks for the table's result: told before the
    agreed result was recorded, it read two agreeing reports and no result, and waited (a full run showed it)."""
    ev = make_event(client, catalog, players=2)
    (t1,) = round_of(client, ev, "1,Player 1,Player 2\n")
    services = client.application.extensions["companion"]["services"]
    heard: list[tuple[int, Any]] = []

    def told(game_id: str, version: int) -> None:
        if game_id == t1["game"]:
            with client.application.app_context():
                from companion.web.events_api import service
                heard.append((version, service().events.result(game_id)))

    services.store.listeners.append(told)
    assert report(client, t1, "A", "A", "victory").status_code == 201
    assert report(client, t1, "B", "A", "victory").get_json()["status"] == "agreed"
    assert len(heard) == 2 and heard[0][1] is None
    assert heard[-1][1] is not None and heard[-1][1]["winner"] == "A"


def test_a_disagreement_goes_to_the_judge_who_decides(client: FlaskClient, catalog: Catalog) -> None:
    ev = make_event(client, catalog, players=4)
    eid, judge = ev["event"]["id"], ev["judge"]["key"]
    t1, _ = round_of(client, ev, "1,Player 1,Player 2\n2,Player 3,Player 4\n")
    report(client, t1, "A", "A", "victory")
    out = report(client, t1, "B", "B", "victory")
    assert out.get_json()["status"] == "disputed" and out.get_json()["result"] is None
    flags = flags_of(client, eid, judge, 1)
    assert [f["kind"] for f in flags] == ["dispute"]
    assert {s: c["winner_name"] for s, c in flags[0]["detail"]["claims"].items()} == {"A": "Player 1",
                                                                                       "B": "Player 2"}
    # Said again, the same two reports raise no second flag.
    report(client, t1, "B", "B", "victory", "rep-again-00001")
    assert len(flags_of(client, eid, judge, 1)) == 1
    # The judge decides (a concession by Player 2 after talking to both): logged in the table, the dispute settled.
    r = client.post(f"/api/event/{eid}/games/{t1['game']}/result", headers=h(judge),
                    json={"winner": "A", "ending": "concession", "request_id": "res-0000001"})
    assert r.status_code == 200 and r.get_json()["reported"] == "judge"
    assert [f["cleared"] is not None for f in flags_of(client, eid, judge, 1)] == [True]
    log = client.get(f"/api/games/{t1['game']}/log", headers=h(t1["B"])).get_json()["entries"]
    assert [e["actor"] for e in log if e["kind"] == "report"][-1] == "judge"
    assert client.get(f"/api/event-tables/{t1['game']}", headers=h(t1["B"])).get_json()["reports"]["status"] == \
        "decided"
    # The judge changes it (told wrong): on the record, before and after.
    client.post(f"/api/event/{eid}/games/{t1['game']}/result", headers=h(judge),
                json={"winner": "B", "ending": "judge", "modified": True, "change": True, "request_id": "res-0000002"})
    decisions = client.get(f"/api/event/{eid}/report", headers=h(judge)).get_json()["decisions"]
    changed = [d for d in decisions if d["kind"] == "result"]
    assert len(changed) == 1 and changed[0]["detail"]["after"]["modified"] is True
    assert "Player 2 wins (modified win)" in changed[0]["words"]["en"]


def test_a_report_needs_a_seat_of_its_table_and_bad_input_names_its_field(client: FlaskClient,
                                                                         catalog: Catalog) -> None:
    ev = make_event(client, catalog, players=4)
    t1, t2 = round_of(client, ev, "1,Player 1,Player 2\n2,Player 3,Player 4\n")
    url = f"/api/event-tables/{t1['game']}/report"
    for body, field in (({"winner": "A", "ending": "draw"}, "ending"), ({"winner": "C", "ending": "victory"}, "winner"),
                        ({"winner": None, "ending": "victory"}, "ending"), ({"winner": "A", "ending": "both_lose"},
                                                                             "ending"),
                        ({"winner": "A", "ending": "victory"}, "request_id")):
        rid = {} if field == "request_id" else {"request_id": "rep-bad-000001"}
        r = client.post(url, headers=h(t1["A"]), json={**body, **rid})
        assert r.status_code == 400 and r.get_json()["error"]["details"]["field"] == field, (body, r.get_json())
    assert client.post(url, headers=h(t2["A"]), json={"winner": "A", "ending": "victory",
                                                     "request_id": "rep-other-0001"}).status_code == 401
    assert client.post(url, json={"winner": "A", "ending": "victory", "request_id": "rep-none-00001"}).status_code \
        == 403
    assert client.post(url, headers=h(ev["judge"]["key"]), json={"winner": "A", "ending": "victory",
                                                               "request_id": "rep-judge-0001"}).status_code == 401


def test_a_game_at_fifteen_power_proposes_its_own_result(client: FlaskClient, catalog: Catalog) -> None:
    """End of Round › Victory Condition: a table whose log shows 15 power proposes the win; each seat confirms it."""
    ev = make_event(client, catalog, players=2)
    (t1,) = round_of(client, ev, "1,Player 1,Player 2\n", mode="advisory")
    assert client.get(f"/api/event-tables/{t1['game']}", headers=h(t1["A"])).get_json()["proposed"] is None
    version = client.get(f"/api/games/{t1['game']}/view", headers=h(t1["A"])).get_json()["version"]
    r = client.post(f"/api/games/{t1['game']}/actions", headers=h(t1["B"]),
                    json={"action": {"type": "gain_power", "player": "B", "amount": 15}, "expected_version": version})
    assert r.status_code == 201, r.get_json()
    info = client.get(f"/api/event-tables/{t1['game']}", headers=h(t1["A"])).get_json()
    assert info["proposed"] == {"winner": "B", "ending": "victory", "modified": False}
    report(client, t1, "A", "B", "victory")
    assert report(client, t1, "B", "B", "victory").get_json()["status"] == "agreed"


def test_a_conceded_game_proposes_a_concession(client: FlaskClient, catalog: Catalog) -> None:
    """End of Round › Concession: a judge trial saw a game conceded on the phone proposed, reported and printed as
    "victory condition". The table proposes the opponent's win by concession."""
    ev = make_event(client, catalog, players=2)
    (t1,) = round_of(client, ev, "1,Player 1,Player 2\n", mode="advisory")
    version = client.get(f"/api/games/{t1['game']}/view", headers=h(t1["A"])).get_json()["version"]
    r = client.post(f"/api/games/{t1['game']}/actions", headers=h(t1["A"]),
                    json={"action": {"type": "concede", "player": "A"}, "expected_version": version})
    assert r.status_code == 201, r.get_json()
    info = client.get(f"/api/event-tables/{t1['game']}", headers=h(t1["B"])).get_json()
    assert info["proposed"] == {"winner": "B", "ending": "concession", "modified": False}


def test_the_judges_buttons_a_full_win_a_modified_win_a_concession_both_lose(client: FlaskClient,
                                                                            catalog: Catalog) -> None:
    ev = make_event(client, catalog, players=8)
    eid, judge = ev["event"]["id"], ev["judge"]["key"]
    tables = round_of(client, ev, "\n".join(f"{i},Player {2 * i - 1},Player {2 * i}" for i in range(1, 5)))
    bodies = [{"winner": "A", "ending": "judge"}, {"winner": "B", "ending": "time", "modified": True},
              {"winner": "B", "ending": "concession", "modified": False}, {"winner": None, "ending": "both_lose"}]
    for t, body in zip(tables, bodies, strict=True):
        r = client.post(f"/api/event/{eid}/games/{t['game']}/result", headers=h(judge),
                        json={**body, "request_id": f"res-{t['table']:07d}"})
        assert r.status_code == 200, r.get_json()
    table = standings(client, eid)
    assert [table[f"Player {i}"]["points"] for i in range(1, 9)] == [5, 0, 0, 4, 0, 5, 0, 0]
    bad = client.post(f"/api/event/{eid}/games/{tables[0]['game']}/result", headers=h(judge),
                      json={"winner": None, "ending": "victory", "request_id": "res-bad-00001"})
    assert bad.status_code == 400 and bad.get_json()["error"]["details"]["field"] == "ending"
    assert client.post(f"/api/event/{eid}/games/{tables[0]['game']}/result", headers=h(ev["organiser"]["key"]),
                       json={"winner": "A"}).status_code == 403
    # A result in changes only when the judge says so (the page asks first, naming both): unasked, it is refused
    # with the result that stands (a judge's trial: one mis-click moved the standings).
    url = f"/api/event/{eid}/games/{tables[0]['game']}/result"
    unasked = client.post(url, headers=h(judge), json={"winner": "B", "ending": "judge", "request_id": "res-chg-0001"})
    assert unasked.status_code == 409 and unasked.get_json()["error"]["code"] == "result_in"
    assert unasked.get_json()["error"]["details"]["before"]["winner"] == "A"
    changed = client.post(url, headers=h(judge), json={"winner": "B", "ending": "judge", "change": True,
                                                       "request_id": "res-chg-0002"})
    assert changed.status_code == 200 and changed.get_json()["winner"] == "B"


# -- the clock's stop, a proposal withdrawn ------------------------------------------------------------------


def test_the_clock_stops_when_the_last_result_is_in_and_a_changed_result_withdraws_the_proposal(
        client: FlaskClient, catalog: Catalog) -> None:
    ev = make_event(client, catalog, players=4)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    t1, t2 = round_of(client, ev, "1,Player 1,Player 2\n2,Player 3,Player 4\n")
    assert client.post(f"/api/event/{eid}/rounds/1/clock", headers=h(org), json={}).status_code == 200
    for t in (t1, t2):
        report(client, t, "A", "A", "victory")
        report(client, t, "B", "A", "victory")
    info = client.get(f"/api/event/{eid}", headers=h(org)).get_json()["rounds"][0]
    assert info["stopped"] is not None and info["clock"]["finished"] is True
    left = info["clock"]["remaining"]
    assert client.get(f"/api/event/{eid}", headers=h(org)).get_json()["rounds"][0]["clock"]["remaining"] == left
    proposal = client.post(f"/api/event/{eid}/rounds/propose", headers=h(org), json={}).get_json()["proposal"]
    assert proposal["round"] == 2
    # The judge corrects a round-1 result: the proposal was computed on the old standings, so it is withdrawn.
    client.post(f"/api/event/{eid}/games/{t2['game']}/result", headers=h(judge),
                json={"winner": "B", "change": True, "request_id": "res-fix-00001"})
    assert client.get(f"/api/event/{eid}/proposal", headers=h(org)).get_json()["proposal"] is None
    stale = client.post(f"/api/event/{eid}/proposal/confirm", headers=h(org), json={"proposal": proposal["id"]})
    assert stale.status_code == 409
    log = client.get(f"/api/event/{eid}/report", headers=h(org)).get_json()["decisions"]
    assert [d["detail"]["round"] for d in log if d["kind"] == "withdrawn"] == [2]


# -- drops, rejoins, disqualification, point adjustments ------------------------------------------------------


def test_a_dropped_player_rejoins_with_an_unpaired_loss_for_each_round_missed(client: FlaskClient,
                                                                              catalog: Catalog) -> None:
    """Tournament Regulations › Pairings: "Players can request that the organizer allow them to rejoin an event from
    which they were dropped, being assigned unpaired losses for each round they did not attend. Players can rejoin an
    event only during the same stage in which they left. Disqualified players ... cannot rejoin."

    Six players. R1: 1 beats 2, 3 beats 4, 5 beats 6. Player 6 drops after round 1 and misses round 2 (5 players: a
    bye). Player 6 rejoins before round 3 is paired: round 2 is an unpaired loss, and a round played."""
    ev = make_event(client, catalog, players=6)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    for t in round_of(client, ev, "1,Player 1,Player 2\n2,Player 3,Player 4\n3,Player 5,Player 6\n"):
        report(client, t, "A", "A", "victory")
        report(client, t, "B", "A", "victory")
    players = {p["name"]: p["id"] for p in client.get(f"/api/event/{eid}", headers=h(org)).get_json()["players"]}
    six = players["Player 6"]
    assert client.post(f"/api/event/{eid}/players/{six}/rejoin", headers=h(org), json={}).status_code == 409
    assert client.post(f"/api/event/{eid}/players/{six}/drop", headers=h(org), json={}).status_code == 200
    pairing = client.post(f"/api/event/{eid}/rounds/propose", headers=h(org), json={}).get_json()["proposal"]
    placed = {p["id"] for t in pairing["tables"] for p in (t["a"], t["b"])} | {pairing["bye"]["id"]}
    assert six not in placed and len(placed) == 5
    created = client.post(f"/api/event/{eid}/proposal/confirm", headers=h(org),
                          json={"proposal": pairing["id"], "request_id": "confirm-r2"}).get_json()
    for t in created["tables"]:
        keys = {s["seat"]: claimed(s["url"], client) for s in t["seats"]}
        table = {"game": t["game"], **keys}
        report(client, table, "A", "A", "victory")
        report(client, table, "B", "A", "victory")
    rejoined = client.post(f"/api/event/{eid}/players/{six}/rejoin", headers=h(judge),
                           json={"request_id": "rejoin-0001"})
    assert rejoined.status_code == 200 and rejoined.get_json()["missed"] == [2]
    row = standings(client, eid)["Player 6"]
    assert (row["points"], row["losses"], row["rounds"], row["dropped"]) == (0, 2, 2, False)
    # Player 6's SoS: one opponent (Player 5), whose points per round played count; the unpaired loss meets nobody.
    five = standings(client, eid)["Player 5"]
    assert row["sos"] == round(float(Fraction(five["points"], five["rounds"])), 3)
    # Round 3 pairs Player 6 again.
    pairing = client.post(f"/api/event/{eid}/rounds/propose", headers=h(org), json={}).get_json()["proposal"]
    assert six in {p["id"] for t in pairing["tables"] for p in (t["a"], t["b"])} | {
        (pairing["bye"] or {}).get("id")}
    log = client.get(f"/api/event/{eid}/report", headers=h(org)).get_json()["decisions"]
    assert [d["words"]["en"] for d in log if d["kind"] == "rejoin"] == [
        "Player 6 rejoined the event (unpaired losses for rounds: 2)"]
    # A disqualification is the organiser's; a disqualified player never rejoins.
    one = players["Player 1"]
    assert client.post(f"/api/event/{eid}/players/{one}/drop", headers=h(judge),
                       json={"disqualified": True}).status_code == 403
    assert client.post(f"/api/event/{eid}/players/{one}/drop", headers=h(org), json={"disqualified": True}).get_json()[
        "disqualified"] is True
    refused = client.post(f"/api/event/{eid}/players/{one}/rejoin", headers=h(org), json={})
    assert refused.status_code == 409 and refused.get_json()["error"]["details"]["msg"] == "ev.rejoin.disqualified"


def test_point_adjustments_by_the_judge_with_a_reason_count_everywhere(client: FlaskClient, catalog: Catalog) -> None:
    """Four players, one round (1 beats 2, 3 beats 4), then the judge takes 2 points from Player 3: 3 has 3 points,
    below Player 1's 5; strength of schedule divides each opponent's total tournament points (the adjustment in them)
    by the rounds played: Player 4's SoS is 3 / 1 = 3."""
    ev = make_event(client, catalog, players=4)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    for t in round_of(client, ev, "1,Player 1,Player 2\n2,Player 3,Player 4\n"):
        report(client, t, "A", "A", "victory")
        report(client, t, "B", "A", "victory")
    players = {p["name"]: p["id"] for p in client.get(f"/api/event/{eid}", headers=h(org)).get_json()["players"]}
    url = f"/api/event/{eid}/players/{players['Player 3']}/adjustments"
    for body, field in (({"points": 0, "reason": "x"}, "points"), ({"points": -2, "reason": ""}, "reason"),
                        ({"points": 101, "reason": "x"}, "points"), ({"points": -2}, "reason")):
        r = client.post(url, headers=h(judge), json={**body, "request_id": "adj-bad-00001"})
        assert r.status_code == 400 and r.get_json()["error"]["details"]["field"] == field, (body, r.get_json())
    assert client.post(url, headers=h(org), json={"points": -2, "reason": "x", "request_id": "adj-org-0001"}
                       ).status_code == 403
    made = client.post(url, headers=h(judge), json={"points": -2, "reason": "slow play, second warning",
                                                    "request_id": "adj-0000001"})
    assert made.status_code == 201
    again = client.post(url, headers=h(judge), json={"points": -2, "reason": "slow play, second warning",
                                                     "request_id": "adj-0000001"})
    assert again.get_json()["replayed"] is True
    table = standings(client, eid)
    assert (table["Player 3"]["points"], table["Player 3"]["adjustment"], table["Player 4"]["sos"]) == (3, -2, 3.0)
    assert [r["name"] for r in client.get(f"/api/event/{eid}/standings").get_json()["standings"]][:2] == [
        "Player 1", "Player 3"]
    report_json = client.get(f"/api/event/{eid}/report", headers=h(org)).get_json()
    assert [(a["name"], a["points"], a["reason"]) for a in report_json["adjustments"]] == [
        ("Player 3", -2, "slow play, second warning")]
    for lang, words in (("en", "Player 3: -2 tournament points (round 1): slow play"),
                        ("de", "Player 3: -2 Turnierpunkte (Runde 1): slow play")):
        pdf = client.get(f"/api/event/{eid}/report?format=pdf&lang={lang}", headers=h(org))
        assert words in " ".join(pdf_text(pdf.data)), lang
    with zipfile.ZipFile(io.BytesIO(client.get(f"/api/event/{eid}/export", headers=h(judge)).data)) as z:
        manifest = json.loads(z.read("manifest.json"))
    assert [(a["name"], a["points"]) for a in manifest["adjustments"]] == [("Player 3", -2)]
    assert "adjustments/0" in manifest["signature"]["index"]  # signed like every record


# -- self-registration ---------------------------------------------------------------------------------------


def test_players_register_themselves_see_their_decks_legality_and_fix_an_illegal_one(client: FlaskClient,
                                                                                   catalog: Catalog) -> None:
    legal, illegal = _four_illegal_decks(catalog)
    r = client.post("/api/event", json={"name": "Open night"})
    ev = r.get_json()
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    url = f"/api/event/{eid}/registration"
    public = client.get(url).get_json()
    assert public["open"] is True and public["player"] is None and public["event"]["name"] == "Open night"
    mine = client.post(url, json={"name": "Ned", "decklist": next(iter(illegal.values())), "request_id": "reg-ned-01"})
    assert mine.status_code == 201
    key = mine.get_json()["key"]
    me = mine.get_json()["player"]
    assert me["legal"] is False and me["problems"] and all(set(p["message"]) == {"en", "de"} for p in me["problems"])
    # The organiser's list has it, marked as registered by the player.
    listed = client.get(f"/api/event/{eid}", headers=h(org)).get_json()["players"]
    assert [(p["name"], p["self_registered"], p["legal"]) for p in listed] == [("Ned", True, False)]
    # Reopened on the player's phone (its own key); a wrong key opens nothing; the player fixes the deck.
    assert client.get(url, headers=h(key)).get_json()["player"]["name"] == "Ned"
    assert client.get(url, headers=h("x" * 32)).status_code == 401
    fixed = client.put(f"{url}/deck", headers=h(key), json={"decklist": legal, "request_id": "fix-ned-01"})
    assert fixed.status_code == 200 and fixed.get_json()["player"]["legal"] is True
    assert client.put(f"{url}/deck", json={"decklist": legal, "request_id": "fix-anon-1"}).status_code == 401
    log = client.get(f"/api/event/{eid}/report", headers=h(org)).get_json()["decisions"]
    assert [d["kind"] for d in log] == ["deck_replaced"]
    # Bad input names its field; a second "Ned" is refused.
    bad = client.post(url, json={"name": "", "decklist": legal, "request_id": "reg-bad-001"})
    assert bad.status_code == 400 and bad.get_json()["error"]["details"]["field"] == "name"
    assert client.post(url, json={"name": "ned", "decklist": legal, "request_id": "reg-dup-001"}).status_code == 400
    unreadable = client.post(url, json={"name": "Bran", "decklist": "Bran the Builder\n3x Nonsense Card",
                                        "request_id": "reg-bran-01"})
    assert unreadable.status_code == 400 and unreadable.get_json()["error"]["details"]["problems"]
    # The organiser closes registration (logged): the public link says so and takes nobody more.
    assert client.post(f"{url}/open", headers=h(org), json={"open": False}).status_code == 200
    assert client.get(url).get_json()["open"] is False
    closed = client.post(url, json={"name": "Hodor", "decklist": legal, "request_id": "reg-hodor-1"})
    assert closed.status_code == 409 and closed.get_json()["error"]["details"]["msg"] == "ev.reg.closed"
    assert client.post(f"{url}/open", headers=h(key), json={"open": True}).status_code == 401


def test_a_self_registered_player_keeps_the_list_once_paired(client: FlaskClient, catalog: Catalog) -> None:
    legal, illegal = _four_illegal_decks(catalog)
    ev = make_event(client, catalog, players=1)
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    url = f"/api/event/{eid}/registration"
    key = client.post(url, json={"name": "Ned", "decklist": legal, "request_id": "reg-ned-02"}).get_json()["key"]
    assert client.post(f"/api/event/{eid}/rounds", headers=h(org), json={"csv": "1,Player 1,Ned"}).status_code == 201
    paired = client.put(f"{url}/deck", headers=h(key), json={"decklist": next(iter(illegal.values())),
                                                             "request_id": "fix-ned-02"})
    assert paired.status_code == 409 and paired.get_json()["error"]["details"]["msg"] == "ev.reg.paired"
    assert client.get(url, headers=h(key)).get_json()["player"]["paired"] is True


# -- the public feed -----------------------------------------------------------------------------------------


def test_the_public_feed_has_pairings_results_standings_and_no_key(client: FlaskClient, catalog: Catalog) -> None:
    ev = make_event(client, catalog, players=5)
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    r1 = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                     json={"csv": "1,Player 1,Player 2\n2,Player 3,Player 4\n,Player 5,BYE\n"}).get_json()
    tables = [{"game": t["game"], **{s["seat"]: claimed(s["url"], client) for s in t["seats"]}} for t in r1["tables"]]
    report(client, tables[0], "A", "A", "victory")
    report(client, tables[0], "B", "A", "victory")
    feed = client.get(f"/e/{eid}/feed.json")
    assert feed.status_code == 200 and feed.headers["Access-Control-Allow-Origin"] == "*"
    data = feed.get_json()
    assert [t["id"] for t in data["tiebreakers"]] == ["sos", "esos", "lot"]
    rounds = data["rounds"]
    assert [(t["table"], t["result"]) for t in rounds[0]["tables"]] == [
        (1, {"winner": "A", "winner_name": "Player 1", "ending": "victory", "modified": False}), (2, None)]
    assert rounds[0]["bye"]["name"] == "Player 5" and data["decks_published"] is False
    assert all("deck" not in p for p in data["players"])
    # No key of any kind is in it: no token of the feed opens a game or the event.
    text = feed.get_data(as_text=True)
    for key in [ev["organiser"]["key"], ev["judge"]["key"], *(t[s] for t in tables for s in "AB")]:
        assert key not in text
    for token in set(__import__("re").findall(r"[A-Za-z0-9_-]{32}", text)):
        assert client.get(f"/api/games/{tables[0]['game']}/view", headers=h(token)).status_code == 401
    # A repeated read with its ETag is a 304; decks appear once the organiser publishes them (logged).
    assert client.get(f"/e/{eid}/feed.json", headers={"If-None-Match": feed.headers["ETag"]}).status_code == 304
    assert client.post(f"/api/event/{eid}/publish-decks", headers=h(org), json={"publish": True}).status_code == 200
    published = client.get(f"/e/{eid}/feed.json").get_json()["players"]
    assert all(p["deck"]["cards"] and all(c["name"] for c in p["deck"]["cards"]) for p in published)
    # CSV: the standings with a column per tie-breaker, the pairings with results and the bye.
    rows = list(csv.reader(io.StringIO(client.get(f"/e/{eid}/feed.csv").get_data(as_text=True))))
    assert rows[0][-3:] == ["sos", "esos", "lot"] and len(rows) == 6
    pairings = list(csv.reader(io.StringIO(client.get(f"/e/{eid}/feed.csv?of=pairings").get_data(as_text=True))))
    assert pairings[1] == ["1", "swiss", "1", "Player 1", "Player 2", "Player 1", "victory", "0"]
    assert pairings[-1][3:6] == ["Player 5", "BYE", "Player 5"]
    bad = client.get(f"/e/{eid}/feed.csv?of=decks")
    assert bad.status_code == 400 and bad.get_json()["error"]["details"]["field"] == "of"
    assert client.get("/e/nothing/feed.json").status_code == 404


def test_the_organisers_page_follows_the_event_stream(client: FlaskClient, catalog: Catalog) -> None:
    """The organiser's key opens the event's stream (the organiser's page: players, rounds, the standings and the
    proposal); a seat's or no key does not; an unknown view is a 400 naming it."""
    ev = make_event(client, catalog, players=2)
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    r = client.get(f"/api/event/{eid}/stream?since=0", headers=h(org), buffered=False)
    assert r.status_code == 200 and r.mimetype == "text/event-stream"
    chunks = iter(r.response)
    text = ""
    while "event: update" not in text:
        text += next(chunks).decode()
    payload = json.loads(text.split("data: ", 1)[1].split("\n", 1)[0])
    assert [p["name"] for p in payload["players"]] == ["Player 1", "Player 2"] and "standings" in payload
    r.close()
    bad = client.get(f"/api/event/{eid}/stream?view=dashboard", headers=h(org))
    assert bad.status_code == 400 and bad.get_json()["error"]["details"]["field"] == "view"
    assert client.get(f"/api/event/{eid}/stream").status_code == 401


def test_a_player_registering_while_the_organisers_page_is_read_is_no_error(
        client: FlaskClient, catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    """A player who registers between the answer's reads of the players and of their entries (a phone registering
    while the organiser's page loads): the answer is whole, a 200, not a 500 (the page then opened no live stream,
    and its list stayed behind for good)."""
    from companion.events.store import EventStore

    ev = make_event(client, catalog, players=2)
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    real = EventStore.entrants
    meanwhile = []

    def entrants_then_a_registration(self: EventStore, event_id: str) -> Any:
        read = real(self, event_id)
        if not meanwhile:  # once, right after this read: another request's registration commits
            first = self.players(event_id)[0]
            meanwhile.append(self.register(event_id, "Late Lena", first.faction, first.agenda, first.deck))
        return read

    monkeypatch.setattr(EventStore, "entrants", entrants_then_a_registration)
    r = client.get(f"/api/event/{eid}", headers=h(org))
    assert r.status_code == 200, r.get_json()
    assert meanwhile and {p["name"] for p in r.get_json()["players"]} <= {"Player 1", "Player 2", "Late Lena"}


# -- the tie-breaker registry ----------------------------------------------------------------------------------


def test_a_new_tie_breaker_is_one_entry_of_the_registry(client: FlaskClient, catalog: Catalog,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry added to ``TIEBREAKERS`` (with its words in the catalogue) orders the standings and appears in their
    JSON, the public feed and its CSV, the report's PDF and the standings page's columns, with nothing else
    changed."""
    from companion.events import tiebreakers as tb
    from companion.messages import catalogue

    def wins_against_the_top(r: tb.Record) -> dict[int, tb.Value]:
        return {p: sum(1 for o in r.opponents[p] if r.points[o] >= 5) for p in r.points}

    extra = tb.Tiebreaker("wat", wins_against_the_top, True, "count", "a test's own")
    monkeypatch.setattr(tb, "TIEBREAKERS", (*tb.TIEBREAKERS[:2], extra, tb.TIEBREAKERS[2]))
    for lang, words in (("en", ("WaT", "WaT: games against players with 5 or more points.")),
                        ("de", ("SgS", "SgS: Spiele gegen Spieler mit 5 oder mehr Punkten."))):
        monkeypatch.setitem(catalogue(lang), "tb.wat", words[0])
        monkeypatch.setitem(catalogue(lang), "tb.wat.legend", words[1])
    ev = make_event(client, catalog, players=4)
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    for t in round_of(client, ev, "1,Player 1,Player 2\n2,Player 3,Player 4\n"):
        report(client, t, "A", "A", "victory")
        report(client, t, "B", "A", "victory")
    data = client.get(f"/api/event/{eid}/standings").get_json()
    assert [t["id"] for t in data["tiebreakers"]] == ["sos", "esos", "wat", "lot"]
    assert all("wat" in row for row in data["standings"])
    assert {r["name"]: r["wat"] for r in data["standings"]} == {"Player 1": 0, "Player 2": 1, "Player 3": 0,
                                                                 "Player 4": 1}
    rows = list(csv.reader(io.StringIO(client.get(f"/e/{eid}/feed.csv").get_data(as_text=True))))
    assert rows[0][-4:] == ["sos", "esos", "wat", "lot"]
    pdf = " ".join(pdf_text(client.get(f"/api/event/{eid}/report?format=pdf&lang=de", headers=h(org)).data))
    assert "SgS 1" in pdf and "SgS 0" in pdf
    page = client.get(f"/e/{eid}/standings").get_data(as_text=True)
    assert 'data-tiebreaker="wat"' in page and "games against players with 5 or more points" in page


def test_the_registry_orders_as_the_regulations_and_each_entry_has_its_words(client: FlaskClient) -> None:
    from companion.events.tiebreakers import TIEBREAKERS
    from companion.messages import LANGUAGES, catalogue

    assert [t.id for t in TIEBREAKERS] == ["sos", "esos", "lot"]  # Tournament Points › Tiebreakers, in order
    assert [t.higher_first for t in TIEBREAKERS] == [True, True, False]
    for t in TIEBREAKERS:
        for lang in LANGUAGES:
            assert catalogue(lang)[f"tb.{t.id}"] and catalogue(lang)[f"tb.{t.id}.legend"]
    assert TIEBREAKERS[0].words(Fraction(25, 9), "de") == "2,778" and TIEBREAKERS[0].words(Fraction(25, 9), "en") \
        == "2.778"
    # Each tie-breaker has its test, naming its id, beside the standings' hand computations.
    swiss = (Path(__file__).parent / "test_swiss.py").read_text(encoding="utf-8")
    assert [t.id for t in TIEBREAKERS if f'tiebreakers["{t.id}"]' not in swiss] == []
    # docs/extending.md names the files a new one touches, and they exist.
    doc = (Path(__file__).parents[1] / "docs" / "extending.md").read_text(encoding="utf-8")
    listed = doc.split("<!-- new-tiebreaker-files")[1].split("<!-- new-tiebreaker-files:end -->")[0]
    for path in ("companion/events/tiebreakers.py", "companion/messages/en.json", "companion/messages/de.json",
                 "tests/test_swiss.py"):
        assert f"`{path}`" in listed and (Path(__file__).parents[1] / path).exists(), path

