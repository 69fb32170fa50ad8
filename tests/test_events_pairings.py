"""Players and the room see the round's pairings (a judge's 8-player event: after round 1 a player's registration
page said only "You have been paired", the old table page stayed on the old round, the public standings page showed
"No results yet" all round long, and the only pairings list to print was ``feed.csv?of=pairings``). Over HTTP on a
real SQLite file: the player's own registration answer names the round's table, seat and opponent; the old table's
answer names the next round's table (never its key); the public standings carry the round in play with its clock;
a printable pairings list in English and German; the seat sheet names the opponent. None of these public answers
holds a key, a card or a deck."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from tests.test_events import h, make_event
from tests.test_events_players import round_of
from tests.test_events_record import _four_illegal_decks, pdf_text


def judge_result(client: FlaskClient, ev: dict[str, Any], game: str, winner: str = "A") -> None:
    r = client.post(f"/api/event/{ev['event']['id']}/games/{game}/result", headers=h(ev["judge"]["key"]),
                    json={"winner": winner, "reason": "15 power"})
    assert r.status_code == 200, r.get_json()


def no_secret_in(answer: str, *keys: str) -> None:
    """A public answer: no key of the event or its seats, no deck, no card."""
    for key in keys:
        assert key not in answer
    assert '"deck' not in answer and '"cards"' not in answer and '"hand"' not in answer


def test_the_round_s_pairings_reach_the_players_and_the_room(client: FlaskClient, catalog: Catalog) -> None:
    legal, _ = _four_illegal_decks(catalog)
    ev = make_event(client, catalog, players=4)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    url = f"/api/event/{eid}/registration"
    mine = client.post(url, json={"name": "Ned", "decklist": legal, "request_id": "reg-ned-pairings"})
    assert mine.status_code == 201, mine.get_json()
    ned = mine.get_json()["key"]
    # Before round 1: no table, and the public page has no round in play.
    assert client.get(url, headers=h(ned)).get_json()["player"]["table"] is None
    assert client.get(f"/api/event/{eid}/standings").get_json()["round"] is None

    tables = round_of(client, ev, "1,Player 1,Ned\n2,Player 2,Player 3\n,Player 4,BYE\n")
    # (1) The player's own registration page: the table, the seat and the opponent.
    assert client.get(url, headers=h(ned)).get_json()["player"]["table"] == {
        "round": 1, "table": 1, "seat": "B", "opponent": "Player 1"}
    # (3) The public standings during the round: its tables with the two players, the bye and the clock.
    answer = client.get(f"/api/event/{eid}/standings")
    now = answer.get_json()["round"]
    assert now["number"] == 1 and now["bye"]["name"] == "Player 4"
    assert [(t["table"], [p["name"] for p in t["players"]], t["result"]) for t in now["tables"]] == [
        (1, ["Player 1", "Ned"], None), (2, ["Player 2", "Player 3"], None)]
    assert now["clock"]["remaining"] is None  # not started yet
    assert client.post(f"/api/event/{eid}/rounds/1/clock", headers=h(org), json={}).status_code == 200
    assert 54 * 60 < client.get(f"/api/event/{eid}/standings").get_json()["round"]["clock"]["remaining"] <= 55 * 60
    seat_keys = [k for t in tables for k in (t["A"], t["B"])]
    no_secret_in(answer.get_data(as_text=True), org, judge, ned, *seat_keys, *(t["game"] for t in tables))
    # (4) The pairings to print for the wall, each language: every player by name, with table and opponent.
    en = client.get(f"/e/{eid}/rounds/1/pairings.pdf?lang=en")
    assert en.status_code == 200 and en.mimetype == "application/pdf"
    text = " ".join(" ".join(pdf_text(en.data)[0].split()).split())
    assert "Round 1: pairings" in text and "Player Table Opponent" in text
    assert "Ned 1 Player 1" in text and "Player 1 1 Ned" in text and "Player 4: bye" in text
    de = " ".join(pdf_text(client.get(f"/e/{eid}/rounds/1/pairings.pdf?lang=de").data)[0].split())
    assert "Runde 1: Paarungen" in de and "Spieler Tisch Gegner" in de and "Player 4: Freilos" in de
    bad = client.get(f"/e/{eid}/rounds/1/pairings.pdf?lang=fr")
    assert bad.status_code == 400 and bad.get_json()["error"]["details"]["field"] == "lang"
    assert client.get(f"/e/{eid}/rounds/9/pairings.pdf").status_code == 404
    no_secret_in(en.data.decode("latin-1"), org, judge, ned, *seat_keys)

    # Every result in: the standings after round 1, no round in play.
    for t in tables:
        judge_result(client, ev, t["game"])
    assert client.get(f"/api/event/{eid}/standings").get_json()["round"] is None
    # (2) Round 2 paired: the old table's phones read their new table (its key only on the new sheet).
    made = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                       json={"csv": "1,Ned,Player 4\n2,Player 1,Player 2\n,Player 3,BYE\n"})
    assert made.status_code == 201, made.get_json()
    old = client.get(f"/api/event-tables/{tables[0]['game']}", headers=h(tables[0]["B"]))
    assert old.get_json()["round"] == 1 and old.get_json()["next"] == {
        "round": 2, "table": 1, "seat": "A", "opponent": "Player 4"}
    assert client.get(f"/api/event-tables/{tables[0]['game']}", headers=h(tables[0]["A"])).get_json()["next"] == {
        "round": 2, "table": 2, "seat": "A", "opponent": "Player 2"}
    new_games = [t["game"] for t in made.get_json()["tables"]]
    no_secret_in(old.get_data(as_text=True), *new_games,
                 *(s["url"].split("#key=")[1] for t in made.get_json()["tables"] for s in t["seats"]))
    # A player with the bye in round 2 has no next table (the bye is said, as before).
    bye = client.get(f"/api/event-tables/{tables[1]['game']}", headers=h(tables[1]["B"])).get_json()
    assert bye["next"] is None and bye["bye"]["round"] == 2
    assert client.get(url, headers=h(ned)).get_json()["player"]["table"]["table"] == 1
    # The seat sheets name the opponent, in both languages.
    sheets = client.post(f"/api/event/{eid}/rounds/2/sheets", headers=h(org), json={"confirm": True})
    assert sheets.status_code == 200
    pages = [" ".join(p.split()) for p in pdf_text(sheets.data)]
    assert "Ned" in pages[0] and "against Player 4 · gegen Player 4" in pages[0]
    assert "against Ned · gegen Ned" in pages[1]


def test_the_feed_keeps_its_pairings(client: FlaskClient, catalog: Catalog) -> None:
    """The feed's rounds are made by the same helper as the public round: game ids stay in the feed."""
    ev = make_event(client, catalog, players=2)
    eid = ev["event"]["id"]
    tables = round_of(client, ev, "1,Player 1,Player 2\n")
    feed = json.loads(client.get(f"/e/{eid}/feed.json").get_data(as_text=True))
    assert feed["rounds"][0]["tables"][0]["game"] == tables[0]["game"]
    assert feed["rounds"][0]["tables"][0]["players"][1]["name"] == "Player 2"
