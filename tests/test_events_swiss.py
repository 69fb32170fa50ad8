"""Swiss rounds over HTTP (Flask's client on a real SQLite file): event settings, a proposal the server
computes, swaps, confirmation into games, byes, drops, late registration, the results gate and the judge's
override, public standings, the cut; bad input answered 4xx naming the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from companion.web import create_app
from tests.paper import claimed
from tests.test_events import h, two_e_decks


@pytest.fixture()
def client(tmp_path: Path) -> FlaskClient:
    return create_app({"DATABASE": str(tmp_path / "games.db"), "TESTING": True}).test_client()


def event(client: FlaskClient, catalog: Catalog, players: int, **settings: Any) -> dict[str, Any]:
    r = client.post("/api/event", json={"name": "Store Championship", "date": "2026-11-28", "rounds": 3,
                                          "tables": 16, **settings})
    assert r.status_code == 201, r.get_json()
    ev: dict[str, Any] = r.get_json()
    decks = two_e_decks(catalog)
    for i in range(players):
        assert register(client, ev, f"P{i + 1:02d}", decks[i % len(decks)]).status_code == 201
    return ev


def register(client: FlaskClient, ev: dict[str, Any], name: str, deck: str) -> Any:
    r = client.post(f"/api/event/{ev['event']['id']}/players", headers=h(ev["organiser"]["key"]),
                    json={"name": name, "decklist": deck})
    if r.status_code == 201 and r.get_json()["needs_confirmation"]:  # real decks break the newest list
        c = client.post(f"/api/event/{ev['event']['id']}/players/{r.get_json()['player']['id']}/confirm",
                        headers=h(ev["organiser"]["key"]), json={})
        assert c.status_code == 200, c.get_json()
    return r


def propose(client: FlaskClient, ev: dict[str, Any], key: str | None = None, **extra: Any) -> Any:
    return client.post(f"/api/event/{ev['event']['id']}/rounds/propose", headers=h(key or ev["organiser"]["key"]),
                       json=extra)


def confirm(client: FlaskClient, ev: dict[str, Any], proposal: str) -> Any:
    return client.post(f"/api/event/{ev['event']['id']}/proposal/confirm", headers=h(ev["organiser"]["key"]),
                       json={"proposal": proposal, "request_id": f"confirm-{proposal}"})


def results(client: FlaskClient, ev: dict[str, Any], created: dict[str, Any], winner: str = "A") -> None:
    for t in created["tables"]:
        r = client.post(f"/api/event/{ev['event']['id']}/games/{t['game']}/result", headers=h(ev["judge"]["key"]),
                        json={"winner": winner, "reason": "15 power"})
        assert r.status_code == 200


def test_settings_are_chosen_at_creation_and_bad_ones_name_their_field(client: FlaskClient) -> None:
    r = client.post("/api/event", json={"name": "League night", "scoring": "league", "cut": 4, "seed": "kiel-1"})
    assert r.status_code == 201 and r.get_json()["event"]["scoring"] == "league"
    assert r.get_json()["event"]["cut"] == 4 and r.get_json()["event"]["seed"] == "kiel-1"
    for bad, field in (({"cut": 5}, "cut"), ({"scoring": "chess"}, "scoring"), ({"seed": "a b"}, "seed")):
        r = client.post("/api/event", json={"name": "x", **bad})
        assert r.status_code == 400 and r.get_json()["error"]["details"]["field"] == field, r.get_json()


def test_fifteen_players_swiss_with_byes_a_drop_a_late_entry_and_the_gate(client: FlaskClient,
                                                                         catalog: Catalog) -> None:
    ev = event(client, catalog, 14, rounds=3, seed="store-1")
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    # Round 1: random from the seed, shown; 7 tables, no bye for 14.
    p1 = propose(client, ev).get_json()["proposal"]
    assert p1["seed"] == "store-1" and len(p1["tables"]) == 7 and p1["bye"] is None
    r1 = confirm(client, ev, p1["id"])
    assert r1.status_code == 201 and len(r1.get_json()["tables"]) == 7
    assert client.get(f"/api/event/{eid}/standings").get_json()["after_round"] == 0  # no result in yet
    # Late registration before round 2 is paired: enters with an unpaired loss for round 1.
    assert register(client, ev, "Late Lou", two_e_decks(catalog)[0]).status_code == 201
    # Round 2 cannot be paired while a round-1 result is missing; the organiser cannot override, the judge can.
    results(client, ev, {"tables": r1.get_json()["tables"][:6]})
    gate = propose(client, ev)
    assert gate.status_code == 409 and gate.get_json()["error"]["details"]["tables"] == [7]
    assert propose(client, ev, override=True).status_code == 403
    early = propose(client, ev, judge, override=True)
    assert early.status_code == 201 and early.get_json()["proposal"]["override"] is True
    results(client, ev, {"tables": r1.get_json()["tables"][6:]})
    p2 = propose(client, ev).get_json()["proposal"]
    assert p2["bye"] is not None and len(p2["tables"]) == 7  # 15 players: a bye
    assert p2["bye"]["points"] == 0 and not any(t["rematch"] for t in p2["tables"])
    # A swap makes a new proposal; the old one is stale everywhere.
    a, b = p2["tables"][0]["a"]["id"], p2["tables"][1]["a"]["id"]
    swap = f"/api/event/{eid}/proposal/swap"
    swapped = client.post(swap, headers=h(org), json={"proposal": p2["id"], "a": a, "b": b})
    assert swapped.status_code == 200
    p2b = swapped.get_json()["proposal"]
    assert p2b["tables"][0]["a"]["id"] == b and p2b["tables"][1]["a"]["id"] == a and p2b["id"] != p2["id"]
    stale = client.post(swap, headers=h(org), json={"proposal": p2["id"], "a": a, "b": b})
    assert stale.status_code == 409 and stale.get_json()["error"]["details"]["field"] == "proposal"
    assert confirm(client, ev, p2["id"]).status_code == 409
    unknown = client.post(swap, headers=h(org), json={"proposal": p2b["id"], "a": a, "b": 999})
    assert unknown.status_code == 400 and unknown.get_json()["error"]["details"]["field"] == "b"
    bad = client.post(swap, headers=h(org), json={"proposal": p2b["id"], "a": "x", "b": 1})
    assert bad.status_code == 400 and bad.get_json()["error"]["details"]["field"] == "a"
    assert client.get(f"/api/event/{eid}/standings").get_json()["after_round"] == 1
    r2 = confirm(client, ev, p2b["id"])
    assert r2.status_code == 201 and r2.get_json()["bye"]["id"] == p2["bye"]["id"]
    assert register(client, ev, "Too Late", two_e_decks(catalog)[0]).status_code == 409
    # A drop: never paired again; the results stand.
    results(client, ev, r2.get_json(), "B")
    info = client.get(f"/api/event/{eid}", headers=h(org)).get_json()
    gone = info["players"][0]["id"]
    pending = propose(client, ev)  # a proposal made before the drop is withdrawn by it
    assert client.post(f"/api/event/{eid}/players/{gone}/drop", headers=h(judge), json={}).status_code == 200
    assert confirm(client, ev, pending.get_json()["proposal"]["id"]).status_code == 409
    assert client.post(f"/api/event/{eid}/players/{gone}/drop", headers=h(org), json={}).status_code == 409
    assert client.post(f"/api/event/{eid}/players/9999/drop", headers=h(org), json={}).status_code == 404
    p3 = propose(client, ev).get_json()["proposal"]
    placed = [t[s]["id"] for t in p3["tables"] for s in "ab"]
    assert gone not in placed and p3["bye"] is None and len(placed) == 14
    # Standings: public, no key; the dropped player still listed with their results.
    table = client.get(f"/api/event/{eid}/standings").get_json()
    assert table["scheme"]["win"] == 5 and [t["id"] for t in table["tiebreakers"]] == ["sos", "esos", "lot"]
    rows = table["standings"]
    assert len(rows) == 15 and [r["rank"] for r in rows] == list(range(1, 16))
    assert next(r for r in rows if r["player"] == gone)["dropped"] is True
    lou = next(r for r in rows if r["name"] == "Late Lou")
    assert lou["losses"] >= 1 and lou["rounds"] == 2
    assert set(rows[0]) >= {"name", "points", "sos", "esos", "lot"} and "deck_hash" not in rows[0]
    log = client.get(f"/api/event/{eid}/report", headers=h(org)).get_json()["log"]
    assert [e["kind"] for e in log].count("override") == 1 and any(e["kind"] == "drop" for e in log)


def test_the_cut_is_seeded_by_the_standings_and_single_elimination_follows(client: FlaskClient,
                                                                          catalog: Catalog) -> None:
    ev = event(client, catalog, 8, rounds=1, cut=4, seed="cut")
    for _ in range(1):
        p = propose(client, ev).get_json()["proposal"]
        results(client, ev, confirm(client, ev, p["id"]).get_json())
    standings = client.get(f"/api/event/{ev['event']['id']}/standings").get_json()["standings"]
    top = [r["player"] for r in standings[:4]]
    semi = propose(client, ev).get_json()["proposal"]
    assert semi["stage"] == "cut"
    assert [(t["a"]["id"], t["b"]["id"]) for t in semi["tables"]] == [(top[0], top[3]), (top[1], top[2])]
    created = confirm(client, ev, semi["id"]).get_json()
    results(client, ev, created, "B")  # the lower seeds win
    final = propose(client, ev).get_json()["proposal"]
    assert [(t["a"]["id"], t["b"]["id"]) for t in final["tables"]] == [(top[3], top[2])]
    results(client, ev, confirm(client, ev, final["id"]).get_json())
    over = propose(client, ev)  # the event is over
    assert over.status_code == 409 and over.get_json()["error"]["details"]["msg"] == "ev.swiss.all_paired"
    cut = client.get(f"/api/event/{ev['event']['id']}/standings").get_json()["cut"]
    assert [c["round"] for c in cut] == [2, 2, 3] and cut[-1]["winner"] == next(
        r["name"] for r in standings if r["player"] == top[3])


def test_a_csv_round_gives_a_bye_and_says_which_tables_are_rematches(client: FlaskClient, catalog: Catalog) -> None:
    from companion.events.pairings import PairingError, check_hand_pairings, parse_pairings

    players = {"Ann": 1, "Bo": 2, "Cy": 3}
    rows = parse_pairings("table,a,b\n1,Ann,Bo\n,Cy,BYE\n", players, 8)
    assert rows == [(1, 1, 2)] and rows.bye == 3
    with pytest.raises(PairingError) as exc:
        parse_pairings("1,Ann,Bo\n,Cy,BYE\n,BYE,Ann\n", {**players, "Di": 4}, 8)
    assert [p.msg for p in exc.value.problems] == ["pairing.player_again"]
    with pytest.raises(PairingError) as exc:
        parse_pairings("1,Ann,Di\n,Cy,BYE\n,Bo,bye\n", {**players, "Di": 4}, 8)
    assert [(p.line, p.msg) for p in exc.value.problems] == [(3, "pairing.bye_twice")]
    hand = check_hand_pairings([(1, "Ann", "Bo"), (2, "Cy", "BYE")], players, 8)
    assert hand == [(1, 1, 2)] and hand.bye == 3
    with pytest.raises(PairingError) as exc:
        check_hand_pairings([(1, "Ann", "BYE"), (2, "Cy", "Bo"), (3, "Bo", "BYE")], players, 8)
    assert [(p.table, p.msg) for p in exc.value.problems] == [(3, "pairing.player_again_table"), (1, "pairing.gap")]
    ev = event(client, catalog, 5, seed="csv")
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    r1 = client.post(f"/api/event/{eid}/rounds", headers=h(org), json={"csv": "1,P01,P02\n2,P03,P04\n,P05,BYE\n"})
    assert r1.status_code == 201 and r1.get_json()["bye"]["name"] == "P05" and "rematches" not in r1.get_json()
    early = client.post(f"/api/event/{eid}/rounds", headers=h(org), json={"csv": "1,P01,P03\n2,P02,P05\n,P04,BYE"})
    assert early.status_code == 409 and early.get_json()["error"]["details"]["msg"] == "ev.swiss.results_missing"
    results(client, ev, r1.get_json())
    r2 = client.post(f"/api/event/{eid}/rounds", headers=h(org), json={"csv": "1,P02,P01\n2,P03,P05\n,P04,BYE"})
    assert r2.status_code == 201 and r2.get_json()["rematches"] == [1]
    rows = {r["name"]: r for r in client.get(f"/api/event/{eid}/standings").get_json()["standings"]}
    assert rows["P05"]["points"] == 5 and rows["P05"]["byes"] == 1
    results(client, ev, r2.get_json())
    p1 = client.get(f"/api/event/{eid}", headers=h(org)).get_json()["players"][0]["id"]
    assert client.post(f"/api/event/{eid}/players/{p1}/drop", headers=h(org), json={}).status_code == 200
    again = client.post(f"/api/event/{eid}/rounds", headers=h(org), json={"csv": "1,P01,P03\n2,P02,P04\n,P05,BYE"})
    assert again.status_code == 400 and again.get_json()["error"]["details"]["msg"] == "ev.swiss.dropped_already"


def test_swiss_routes_need_the_organisers_or_the_judges_key(client: FlaskClient, catalog: Catalog) -> None:
    ev = event(client, catalog, 4)
    eid = ev["event"]["id"]
    seat = confirm(client, ev, propose(client, ev).get_json()["proposal"]["id"]).get_json()
    seat_key = claimed(seat["tables"][0]["seats"][0]["url"], client)
    for key in (None, seat_key, "not-a-key"):
        headers = h(key) if key else {}
        assert client.post(f"/api/event/{eid}/rounds/propose", headers=headers, json={}).status_code in (401, 403)
        assert client.post(f"/api/event/{eid}/players/1/drop", headers=headers, json={}).status_code in (401, 403)
        assert client.get(f"/api/event/{eid}/proposal", headers=headers).status_code in (401, 403)
    public = client.get(f"/api/event/{eid}/standings").get_json()
    assert set(public) == {"event", "scheme", "tiebreakers", "after_round", "standings", "cut", "adjustments", "round"}
    # the round being played, for the room: table numbers and names (never a game's id, a key or a deck)
    assert all(set(t) == {"table", "players", "result"} for t in public["round"]["tables"]), public["round"]
    assert all(set(p) == {"seat", "player", "name"} for t in public["round"]["tables"] for p in t["players"])
    assert set(public["event"]) == {"id", "name", "date", "rounds", "cut", "seed"}
    assert all(set(r) == {"rank", "player", "name", "points", "adjustment", "wins", "modified_wins", "losses", "byes",
                          "rounds", "sos", "esos", "lot", "dropped"} for r in public["standings"])
    assert client.get(f"/e/{eid}/standings").status_code == 200
    pdf = client.get(f"/api/event/{eid}/report?format=pdf", headers=h(ev["organiser"]["key"]))
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")  # the standings are in it, drawn as text


def test_cli_creates_a_swiss_event_and_pairs_a_bye_from_a_csv(tmp_path: Path, catalog: Catalog) -> None:
    import json

    from click.testing import CliRunner

    from companion.cli import main

    db = str(tmp_path / "c.db")
    run = CliRunner()
    out = run.invoke(main, ["event", "create", "--name", "League night", "--scoring", "league", "--cut", "8",
                            "--seed", "night-1", "--db", db])
    assert out.exit_code == 0, out.output
    ev = json.loads(out.output)
    assert (ev["event"]["scoring"], ev["event"]["cut"], ev["event"]["seed"]) == ("league", 8, "night-1")
    assert run.invoke(main, ["event", "create", "--name", "x", "--cut", "6", "--db", db]).exit_code != 0
    eid, key = ev["event"]["id"], ev["organiser"]["key"]
    for i, text in enumerate(two_e_decks(catalog)[:3]):
        (tmp_path / f"d{i}.txt").write_text(text)
        r = run.invoke(main, ["event", "register", eid, "--name", f"P{i}", "--deck", str(tmp_path / f"d{i}.txt"),
                              "--allow-illegal", "--key", key, "--db", db])
        assert r.exit_code == 0, r.output
    (tmp_path / "r1.csv").write_text("table,player,player\n1,P0,P1\n,P2,BYE\n")
    r = run.invoke(main, ["event", "round", eid, "--csv", str(tmp_path / "r1.csv"), "--key", key, "--db", db])
    assert r.exit_code == 0 and "bye: P2" in r.output, r.output
    (tmp_path / "r2.csv").write_text("1,P0,P2\n,P1,BYE\n")
    r = run.invoke(main, ["event", "round", eid, "--csv", str(tmp_path / "r2.csv"), "--key", key, "--db", db])
    assert r.exit_code != 0 and "round 1 has no result yet at table(s) 1" in r.output
