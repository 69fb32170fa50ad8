"""Events: registration with frozen decks, pairings, rounds of games, flags, the judge's routes."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from companion.events.clock import Standing, going_to_time
from companion.events.pairings import PairingError, check_hand_pairings, parse_pairings
from companion.events.service import deck_problems
from companion.web import create_app
from tests.decklists import as_text, real_decks
from tests.paper import claimed, sheet_links


@pytest.fixture()
def client(tmp_path: Path) -> FlaskClient:
    app = create_app({"DATABASE": str(tmp_path / "games.db"), "TESTING": True})
    return app.test_client()


def h(key: str) -> dict[str, str]:
    return {"Authorization": "Bearer " + key}


def two_e_decks(catalog: Catalog) -> list[str]:
    return [as_text(d, catalog) for d in real_decks() if catalog.get(d["cards"][0]["code"]).edition == "2e"]  # type: ignore[union-attr]


def make_event(client: FlaskClient, catalog: Catalog, players: int = 4, tables: int = 16,
               confirm: bool = True) -> dict[str, Any]:
    r = client.post("/api/event", json={"name": "Regional Kiel", "date": "2026-11-22", "rounds": 3,
                                          "tables": tables})
    assert r.status_code == 201, r.get_json()
    ev = r.get_json()
    decks = two_e_decks(catalog)
    for i in range(players):
        r = client.post(f"/api/event/{ev['event']['id']}/players", headers=h(ev["organiser"]["key"]),
                        json={"name": f"Player {i + 1}", "decklist": decks[i % len(decks)],
                              "request_id": f"reg-{i:06d}"})
        assert r.status_code == 201, r.get_json()
        if confirm and r.get_json()["needs_confirmation"]:  # most real decks break the newest restricted list
            c = client.post(f"/api/event/{ev['event']['id']}/players/{r.get_json()['player']['id']}/confirm",
                            headers=h(ev["organiser"]["key"]), json={})
            assert c.status_code == 200, c.get_json()
    return ev  # type: ignore[no-any-return]


def regular_draws(catalog: Catalog, decklist: str, seat: str, n: int, skip: int = 0) -> list[dict[str, Any]]:
    """``n`` draws of named cards from a seat's registered deck (the cards after the first ``skip``): the
    regular draws recorded, so the going-to-time draw-deck step reads tracked numbers."""
    from companion.catalog.decks import parse_deck

    deck = parse_deck("deck.txt", decklist.encode(), catalog, "2e")
    cards = [f"{seat}.{code}.{i}" for code, count in sorted(deck.draw.items()) for i in range(1, count + 1)]
    return [{"type": "draw", "player": seat, "card": c} for c in cards[skip:skip + n]]


def test_pairings_csv_errors_name_lines() -> None:
    players = {"Ann": 1, "Bo": 2, "Cy": 3, "Di": 4}
    assert parse_pairings("table,player,player\n1,Ann,Bo\n2,cy,Di\n", players, 16) == [(1, 1, 2), (2, 3, 4)]
    with pytest.raises(PairingError) as exc:
        parse_pairings("table,a,b\n1,Ann,Bo\n1,Cy,Di\n17,Cy,Di\n2,Ann,Zed\nx\n", players, 16)
    lines = [(p.line, p.message) for p in exc.value.problems]
    assert lines[0] == (3, "table 1 is paired already on line 2")
    assert lines[1][0] == 4 and "from 1 to 16" in lines[1][1]
    assert (5, "Ann is paired already on line 2") in lines and (5, "Zed is not a registered player") in lines
    assert lines[-1][0] == 6 and "3 columns" in lines[-1][1]


def test_hand_pairings_name_their_table() -> None:
    players = {"Ann": 1, "Bo": 2, "Cy": 3, "Di": 4, "Smith, Jo": 5, "Eve": 6}
    assert check_hand_pairings([(1, "Ann", "Smith, Jo"), (2, "cy", "Di")], players, 16) == [(1, 1, 5), (2, 3, 4)]
    with pytest.raises(PairingError) as exc:
        check_hand_pairings([(1, "Ann", "Bo"), (2, "Cy", "Ann"), (3, "Di", ""), (4, "Eve", "Eve"), (4, "Di", "Bo")],
                            players, 16)
    assert [(p.table, p.message) for p in exc.value.problems] == [
        (2, "table 2: Ann plays already at table 1"), (3, "table 3: choose two players"),
        (4, "table 4: Eve cannot play against themselves"), (4, "table 4: this table number is used twice")]
    assert exc.value.problems[0].to_dict()["msg"] == "pairing.player_again_table"
    with pytest.raises(PairingError) as exc:  # tables 1..n, no gap
        check_hand_pairings([(1, "Ann", "Bo"), (3, "Cy", "Di")], players, 16)
    assert [p.message for p in exc.value.problems] == ["table 2: tables are numbered 1 to 2; table 2 is missing"]
    with pytest.raises(PairingError) as exc:
        check_hand_pairings([(1, "Ann", "Bo"), (2, "Cy", "Di"), (3, "Eve", "Smith, Jo")], players, 2)
    assert [p.message for p in exc.value.problems] == ["table 3: the event has 2 tables"]


def test_a_round_paired_by_hand_is_checked_whole(client: FlaskClient, catalog: Catalog) -> None:
    ev = make_event(client, catalog, players=6)
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    url = f"/api/event/{eid}/rounds"
    bad = client.post(url, headers=h(org), json={"pairings": [
        {"table": 1, "a": "Player 1", "b": "Player 2"}, {"table": 2, "a": "Player 2", "b": "Player 3"},
        {"table": 3, "a": "", "b": ""}]})
    assert bad.status_code == 400
    problems = bad.get_json()["error"]["details"]["problems"]
    assert [(p["table"], p["msg"]) for p in problems] == [(2, "pairing.player_again_table"), (3, "pairing.choose_two")]
    assert client.get(f"/api/event/{eid}", headers=h(org)).get_json()["tables"] == []  # nothing half-created
    for wrong in ([{"table": 0, "a": "Player 1", "b": "Player 2"}], [{"table": 1, "a": "Player 1"}],
                  [{"table": 1, "a": "Player 1", "b": 7}], "1,Player 1,Player 2"):
        r = client.post(url, headers=h(org), json={"pairings": wrong})
        assert r.status_code == 400 and r.get_json()["error"]["code"] == "bad_pairings", (wrong, r.get_json())
    ok = client.post(url, headers=h(org), json={"request_id": "hand-1-abcdef", "pairings": [
        {"table": 1, "a": "Player 1", "b": "Player 4"}, {"table": 2, "a": "Player 5", "b": "Player 2"},
        {"table": 3, "a": "Player 3", "b": "Player 6"}]})
    assert ok.status_code == 201, ok.get_json()
    assert [(t["table"], [s["name"] for s in t["seats"]]) for t in ok.get_json()["tables"]] == [
        (1, ["Player 1", "Player 4"]), (2, ["Player 5", "Player 2"]), (3, ["Player 3", "Player 6"])]
    assert "pairings" in client.get("/api/openapi.json").get_json()["paths"]["/api/event/{event_id}/rounds"][
        "post"]["requestBody"]["content"]["application/json"]["schema"]["properties"]


def test_going_to_time_steps() -> None:
    a = Standing("A", "Ann", power=9, draw_deck=20, dead_characters=1)
    b = Standing("B", "Bo", power=9, draw_deck=25, dead_characters=3)
    out = going_to_time([a, b], "A")
    assert out["winner"] == "B" and out["decided_by"] == "draw_deck"
    assert out["steps"][0]["values"] == {"A": 6, "B": 6} and not out["steps"][0]["decides"]
    b2 = Standing("B", "Bo", power=9, draw_deck=20, dead_characters=3)
    out = going_to_time([a, b2], "A")  # dominance not tracked: skipped, then the dead pile decides
    assert out["steps"][2]["skipped"] and out["winner"] == "A" and out["decided_by"] == "dead_characters"
    tied = going_to_time([a, Standing("B", "Bo", 9, 20, 1, False)], "B")
    assert tied["winner"] is None and tied["chooser"] == "B" and tied["decided_by"] == "first_player"
    power = going_to_time([Standing("A", "Ann", 12, 1, 9), b], "B")
    assert power["winner"] == "A" and power["decided_by"] == "power_needed"


def test_deck_problems() -> None:
    registered = {"A": {"01001": 2}, "B": {"01002": 1}}
    assert deck_problems({"type": "kneel", "card": "A.01001.2"}, registered) == []
    out = deck_problems({"type": "kneel", "card": "A.01001.3"}, registered)
    assert out[0]["card"] == "A.01001.3" and out[0]["registered"] == 2
    assert deck_problems({"type": "kneel", "card": "B.09999.1"}, registered)[0]["registered"] == 0


def test_round_from_csv_makes_games_with_registered_decks(client: FlaskClient, catalog: Catalog) -> None:
    ev = make_event(client, catalog)
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    bad = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                      json={"csv": "table,player,player\n1,Player 1,Player 2\n2,Player 3,Nobody\n"})
    assert bad.status_code == 400
    problems = bad.get_json()["error"]["details"]["problems"]
    assert problems == [{"line": 3, "message": "Nobody is not a registered player", "msg": "pairing.not_registered",
                         "params": {"name": "Nobody"}}]
    assert client.get(f"/api/event/{eid}", headers=h(org)).get_json()["tables"] == []  # nothing half-created
    r = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                    json={"csv": "1,Player 1,Player 2\n7,Player 3,Player 4\n", "request_id": "round-1-abc"})
    assert r.status_code == 201, r.get_json()
    tables = r.get_json()["tables"]
    assert [t["table"] for t in tables] == [1, 7] and "#key=" in tables[0]["seats"][0]["url"]
    game = tables[1]["game"]
    seat_key = claimed(tables[1]["seats"][0]["url"], client)
    # The game holds the registered decks; loading another is refused.
    changed = client.put(f"/api/games/{game}/seats/A/deck", headers=h(seat_key),
                         json={"expected_version": 2, "deck": {"01001": 1}})
    assert changed.status_code == 403 and changed.get_json()["error"]["code"] == "registered_deck"
    judge = ev["judge"]["key"]
    dash = client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).get_json()
    assert sorted(t["table"] for t in dash["tables"]) == [1, 7] and dash["tables"][0]["version"] == 2
    # Players and strangers get nothing from the judge's routes.
    for key in (seat_key, "", "x" * 32):
        assert client.get(f"/api/event/{eid}/dashboard", headers=h(key) if key else {}).status_code == 401
        assert client.get(f"/api/event/{eid}/games/{game}/moment?seq=0",
                          headers=h(key) if key else {}).status_code == 401
    assert client.get(f"/api/event/{eid}/report", headers=h(seat_key)).status_code == 401


def flags_of(client: FlaskClient, eid: str, judge: str, table: int) -> list[dict[str, Any]]:
    dash = client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).get_json()
    return next(t for t in dash["tables"] if t["table"] == table)["flags"]


def test_flags_rulings_moments_and_export(client: FlaskClient, catalog: Catalog, tmp_path: Path) -> None:
    ev = make_event(client, catalog)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    tables = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                         json={"csv": "1,Player 1,Player 2\n7,Player 3,Player 4\n"}).get_json()["tables"]
    t7 = tables[1]
    game, ka, kb = t7["game"], *(claimed(s["url"], client) for s in t7["seats"])
    v = client.get(f"/api/games/{game}/view", headers=h(ka)).get_json()["version"]  # the decks and both phones' keys
    # A card outside the registered list: a deck-check flag, and nothing recorded.
    r = client.post(f"/api/games/{game}/actions", headers=h(ka),
                    json={"action": {"type": "kneel", "card": "A.01001.9"}, "expected_version": v})
    assert r.status_code >= 400
    assert [f["kind"] for f in flags_of(client, eid, judge, 7)] == ["deck_check"]
    # An illegal move in a strict game is refused; the judge sees it.
    r = client.post(f"/api/games/{game}/actions", headers=h(ka),
                    json={"action": {"type": "gain_gold", "player": "A", "amount": 5}, "expected_version": v,
                          "request_id": "gold-000001"})
    assert r.status_code in (201, 422)
    # A seat calls a judge from its phone.
    assert client.post(f"/api/event-tables/{game}/call-judge", headers=h(kb),
                       json={"request_id": "call-000001"}).status_code == 201
    kinds = [f["kind"] for f in flags_of(client, eid, judge, 7)]
    assert "call_judge" in kinds
    dash = client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).get_json()
    assert dash["tables"][0]["table"] == 7  # the table that needs attention comes first
    # A ruling: logged, and both seats see it in their log.
    r = client.post(f"/api/event/{eid}/games/{game}/rulings", headers=h(judge),
                    json={"type": "time_extension", "minutes": 5, "text": "slow deck check",
                          "request_id": "rul-000001"})
    assert r.status_code == 201, r.get_json()
    for key in (ka, kb):
        log = client.get(f"/api/games/{game}/log", headers=h(key)).get_json()
        entries = log["entries"] if isinstance(log, dict) else log
        assert any(e["kind"] == "ruling" and e["data"]["minutes"] == 5 for e in entries)
    assert client.post(f"/api/event/{eid}/games/{game}/rulings", headers=h(org),
                       json={"type": "note", "text": "x", "request_id": "rul-000002"}).status_code == 403
    clock = client.get(f"/api/event-tables/{game}", headers=h(ka)).get_json()
    assert clock["clock"]["extension"] == 5 and clock["table"] == 7 and "flags" not in clock
    # Any moment: the judge sees the hidden hand after the decks were loaded.
    m = client.get(f"/api/event/{eid}/games/{game}/moment?seq=2", headers=h(judge)).get_json()
    assert m["view"]["players"][0]["deck"]["count"] > 0
    rep = client.get(f"/api/event/{eid}/report", headers=h(judge)).get_json()
    row7 = next(r for r in rep["tables"] if r["table"] == 7)
    assert row7["rulings"][0]["minutes"] == 5 and {f["kind"] for f in row7["flags"]} >= {"deck_check", "call_judge"}
    pdf = client.get(f"/api/event/{eid}/report?format=pdf", headers=h(org))
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    # The round's games have begun: the organiser prints no more seat sheets; the judge reprints (a page a seat).
    assert client.post(f"/api/event/{eid}/rounds/1/sheets", headers=h(org), json={"confirm": True}).status_code == 403
    sheets = client.post(f"/api/event/{eid}/rounds/1/sheets", headers=h(judge), json={"confirm": True})
    assert sheets.status_code == 200 and sheets.data.startswith(b"%PDF") and sheets.data.count(b"/Type /Page\n") == 4
    # Printing made new seat links: the phone keeps its seat until a new sheet is opened, and then it stops.
    assert client.get(f"/api/games/{game}/view", headers=h(ka)).status_code == 200
    links = sheet_links(sheets.data)
    assert len(links) == 4 and all("/join#key=" in link for link in links)
    new_phone = claimed(next(link for link in links if f"/g/{game}/" in link), client)
    assert client.get(f"/api/games/{game}/view", headers=h(ka)).status_code == 401
    assert client.get(f"/api/games/{game}/view", headers=h(new_phone)).get_json()["viewer"]["seat"] == "A"
    export = client.get(f"/api/event/{eid}/export", headers=h(judge))
    assert export.status_code == 200
    with zipfile.ZipFile(io.BytesIO(export.data)) as z:
        manifest = json.loads(z.read("manifest.json"))
        assert len(manifest["tables"]) == 2
    from companion.cli.check import judge_log
    from companion.events.report import verify_event_file

    checked = verify_event_file(export.data, lambda text: judge_log(text, catalog))
    assert checked["ok"], checked


def test_cli_event_round_export_and_check(tmp_path: Path, catalog: Catalog) -> None:
    from click.testing import CliRunner

    from companion.cli import main

    db = str(tmp_path / "c.db")
    run = CliRunner()
    out = run.invoke(main, ["event", "create", "--name", "Store champs", "--tables", "4", "--db", db])
    assert out.exit_code == 0, out.output
    ev = json.loads(out.output)
    eid, key = ev["event"]["id"], ev["organiser"]["key"]
    for i, text in enumerate(two_e_decks(catalog)[:2]):
        (tmp_path / f"d{i}.txt").write_text(text)
        r = run.invoke(main, ["event", "register", eid, "--name", f"P{i}", "--deck", str(tmp_path / f"d{i}.txt"),
                              "--key", key, "--db", db, "--allow-illegal"])
        assert r.exit_code == 0, r.output
    (tmp_path / "bad.csv").write_text("table,player,player\n1,P0,P9\n")
    r = run.invoke(main, ["event", "round", eid, "--csv", str(tmp_path / "bad.csv"), "--key", key, "--db", db])
    assert r.exit_code != 0 and "bad.csv:2: P9 is not a registered player" in r.output
    (tmp_path / "ok.csv").write_text("1,P0,P1\n")
    r = run.invoke(main, ["event", "round", eid, "--csv", str(tmp_path / "ok.csv"), "--key", key, "--db", db])
    assert r.exit_code == 0 and "table 1: A: http" in r.output
    r = run.invoke(main, ["event", "export", eid, "--out", str(tmp_path / "ev.zip"), "--key", key, "--db", db])
    assert r.exit_code == 0, r.output
    r = run.invoke(main, ["check", str(tmp_path / "ev.zip")])
    assert r.exit_code == 0 and "all chains verify" in r.output, r.output
    assert r.output.startswith("Store champs, signed off by "), r.output  # no date given: no empty "()"


def test_tournament_mode_and_what_seats_see(client: FlaskClient, catalog: Catalog) -> None:
    from companion.catalog.decks import parse_deck

    ev = make_event(client, catalog)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    tables = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                         json={"csv": "1,Player 1,Player 2\n7,Player 3,Player 4\n"}).get_json()["tables"]
    g1, g7 = tables[0]["game"], tables[1]["game"]
    k1 = claimed(tables[0]["seats"][0]["url"], client)
    k7 = claimed(tables[1]["seats"][0]["url"], client)
    deck = parse_deck("p3", two_e_decks(catalog)[2], catalog)
    card = f"A.{next(c for c in deck.draw if catalog.get(c).type == 'character')}.1"  # type: ignore[union-attr]
    v7 = client.get(f"/api/games/{g7}/view", headers=h(k7)).get_json()["version"]  # the decks, and the key taken
    assert client.post(f"/api/games/{g7}/actions", headers=h(k7), json={
        "action": {"type": "draw", "player": "A", "card": card}, "expected_version": v7}).status_code == 201
    # The card menu: what the table could do, no verdict preview.
    menu = client.get(f"/api/games/{g7}/cards/{card}/actions", headers=h(k7)).get_json()
    assert menu["tournament_mode"] and all(a["legal"] and a["violations"] == [] for a in menu["actions"])
    # A seat of table 1 opens nothing at table 7, and nothing of the event.
    assert client.post(f"/api/event-tables/{g7}/call-judge", headers=h(k1),
                       json={"request_id": "call-00000009"}).status_code == 401
    for path in (f"/api/event/{eid}", f"/api/event/{eid}/stream", f"/api/event/{eid}/export",
                 f"/api/event/{eid}/games/{g1}/going-to-time"):
        assert client.get(path, headers=h(k1)).status_code == 401
    # A state correction on the judge's authority: the action, then the ruling naming it.
    r = client.post(f"/api/event/{eid}/games/{g7}/rulings", headers=h(judge), json={
        "type": "correction", "text": "card returned to the deck", "request_id": "corr-0000001",
        "action": {"type": "discard", "player": "A", "card": card}, "expected_version": v7 + 1})
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["ruling"]["seq"] == v7 + 2
    log = client.get(f"/api/games/{g7}/log", headers=h(k7)).get_json()
    entries = log["entries"] if isinstance(log, dict) else log
    assert [e["kind"] for e in entries][-2:] == ["action", "ruling"] and entries[-2]["actor"] == "judge"


def test_rules_search_lists_every_rule_with_both_languages(client: FlaskClient) -> None:
    from companion.rules.citations import RULES

    everything = client.get("/api/rules").get_json()
    assert everything["count"] == len(RULES)
    rule_id = next(r for r, rule in RULES.items() if rule.citation_2e)
    found = client.get(f"/api/rules?q={rule_id}").get_json()["rules"]
    assert found[0]["id"] == rule_id and found[0]["de"] and found[0]["citation_2e"]
    assert client.get("/rules").status_code == 200


def test_time_called_is_recorded_once_and_a_strict_table_begins_no_new_round(client: FlaskClient,
                                                                             catalog: Catalog) -> None:
    ev = make_event(client, catalog)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    tables = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                         json={"csv": "1,Player 1,Player 2\n7,Player 3,Player 4\n"}).get_json()["tables"]
    seat_key = {t["table"]: claimed(t["seats"][0]["url"], client) for t in tables}
    t1, t7 = tables

    def new_round(table: dict[str, Any], version: int) -> Any:
        return client.post(f"/api/games/{table['game']}/actions", headers=h(seat_key[table["table"]]),
                           json={"action": {"type": "begin_phase", "phase": "plot"}, "expected_version": version})

    # Each table is at version 3: its two decks loaded and seat A's phone holding its key.
    assert new_round(t1, 3).status_code == 201  # before time is called: a new round as usual
    assert client.post(f"/api/event/{eid}/rounds/1/clock", headers=h(org),
                       json={"seconds_ago": 55 * 60 + 1}).status_code == 200
    # The first write after the deadline finds time called in the log first: the device is behind.
    r = new_round(t7, 3)
    assert r.status_code == 409 and r.get_json()["error"]["details"]["version"] == 4
    for _ in range(2):  # looking again records nothing more
        assert client.get(f"/api/event-tables/{t7['game']}", headers=h(seat_key[7])).status_code == 200
    log = client.get(f"/api/games/{t7['game']}/log", headers=h(seat_key[7])).get_json()["entries"]
    assert [(e["kind"], e["data"]["type"], e["actor"]) for e in log if e["kind"] == "action"] == \
        [("action", "call_time", "judge")]
    r = new_round(t7, 4)  # strict: refused, with the rule; the judge hears of it
    assert r.status_code == 422 and "time.called" in json.dumps(r.get_json())
    assert "after_time" in [f["kind"] for f in flags_of(client, eid, judge, 7)]  # refused: its own kind
    row = next(t for t in client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).get_json()["tables"]
               if t["table"] == 7)
    assert row["time_called"] and not row["gone_to_time"]  # setup is not taxation: the round goes on
    # An extension granted now lifts the call (logged) and the table may begin its next round.
    r = client.post(f"/api/event/{eid}/games/{t7['game']}/rulings", headers=h(judge),
                    json={"type": "time_extension", "minutes": 10, "text": "judge call", "request_id": "ext-000001"})
    assert r.status_code == 201 and r.get_json()["time_lifted"] is True
    assert new_round(t7, 6).status_code == 201
    # Table 1 began its round before time: no flag; a seat cannot call or lift time itself.
    assert "after_time" not in [f["kind"] for f in flags_of(client, eid, judge, 1)]
    r = client.post(f"/api/games/{t1['game']}/actions", headers=h(seat_key[1]),
                    json={"action": {"type": "call_time", "lifted": True}, "expected_version": 5})
    assert r.status_code == 403, r.get_json()


def begin_phases(client: FlaskClient, gid: str, key: str, version: int, *phases: str) -> int:
    """Each phase begun in turn (once more at the version a 409 names: the server's clock may call time between
    two); the table's version after them."""
    for phase in phases:
        body = {"action": {"type": "begin_phase", "phase": phase}, "expected_version": version}
        r = client.post(f"/api/games/{gid}/actions", headers=h(key), json=body)
        if r.status_code == 409:
            body["expected_version"] = r.get_json()["error"]["details"]["version"]
            r = client.post(f"/api/games/{gid}/actions", headers=h(key), json=body)
        assert r.status_code == 201, r.get_json()
        version = r.get_json()["version"]
    return version


def two_at_one_table(client: FlaskClient, catalog: Catalog, names: tuple[str, str] = ("Ann", "Ben"),
                     title: str = "Time") -> tuple[str, str, str, dict[str, Any], str]:
    """An event of one round whose one table (advisory) seats ``names`` with the same deck, both allowed: the event's
    id, the organiser's and the judge's keys, the round's table and the deck."""
    r = client.post("/api/event", json={"name": title, "rounds": 1, "tables": 4})
    ev = r.get_json()
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    deck = two_e_decks(catalog)[0]
    for name in names:
        r = client.post(f"/api/event/{eid}/players", headers=h(org), json={"name": name, "decklist": deck})
        assert r.status_code == 201
        client.post(f"/api/event/{eid}/players/{r.get_json()['player']['id']}/confirm", headers=h(org), json={})
    table = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                        json={"csv": f"1,{names[0]},{names[1]}", "mode": "advisory"}).get_json()["tables"][0]
    return eid, org, judge, table, deck


def test_a_table_gone_to_time_gets_the_going_to_time_result_with_dominance(client: FlaskClient,
                                                                           catalog: Catalog) -> None:
    # The same deck: equal power and equal draw decks, dominance decides.
    eid, org, judge, table, deck = two_at_one_table(client, catalog)
    gid, ka, kb = table["game"], *(claimed(s["url"], client) for s in table["seats"])
    version = 4  # the two decks, then each phone taking its seat's key
    for phase in ("plot", "draw", "marshaling", "challenges", "dominance"):
        r = client.post(f"/api/games/{gid}/actions", headers=h(ka),
                        json={"action": {"type": "begin_phase", "phase": phase}, "expected_version": version})
        assert r.status_code == 201, r.get_json()
        version = r.get_json()["version"]
    r = client.post(f"/api/games/{gid}/actions", headers=h(kb),  # any seat records the table's fact
                    json={"action": {"type": "win_dominance", "player": "B"}, "expected_version": version})
    assert r.status_code == 201, r.get_json()
    version = r.get_json()["version"]
    # Dominance adds its power (issue 21); A's renown evens the totals, so dominance is what decides.
    r = client.post(f"/api/games/{gid}/actions", headers=h(ka),
                    json={"action": {"type": "gain_power", "player": "A", "amount": 1}, "expected_version": version})
    assert r.status_code == 201, r.get_json()
    version = r.get_json()["version"]
    assert client.post(f"/api/event/{eid}/rounds/1/clock", headers=h(org),
                       json={"seconds_ago": 55 * 60 + 5}).status_code == 200
    # Time is called before the standing phase; the round still ends.
    version = begin_phases(client, gid, ka, version, "standing", "taxation")
    view = client.get(f"/api/games/{gid}/view", headers=h(ka)).get_json()
    assert view["time_called"] and view["gone_to_time"] and view["dominance"] == {"1": "B"}
    # Nobody recorded the draws: the draw decks hold cards long drawn. Power ties, so the draw-deck step would
    # decide on a guess: the answer says which figures are tracked and asks the judge for the counts.
    url = f"/api/event/{eid}/games/{gid}/going-to-time"
    steps = client.get(url, headers=h(judge)).get_json()
    assert steps["winner"] is None and steps["needs"] == ["draw_deck"] and steps["decided_by"] is None
    assert steps["sources"]["power_needed"] == {"A": "tracked", "B": "tracked"}
    assert steps["sources"]["draw_deck"] == {"A": "untracked", "B": "untracked"}
    assert steps["draw_decks"]["A"]["regular_draws"] == 9 and steps["draw_decks"]["A"]["left_deck"] == 0
    assert steps["steps"][-1]["step"] == "draw_deck" and steps["steps"][-1]["needs_count"]
    assert client.get(f"/api/event-tables/{gid}", headers=h(ka)).get_json()["result"] is None  # no guess
    # The judge has the players count their draw decks: the counts decide.
    steps = client.get(url + "?deck_A=44&deck_B=46", headers=h(judge)).get_json()
    assert steps["winner"] == "B" and steps["decided_by"] == "draw_deck"
    assert steps["sources"]["draw_deck"] == {"A": "count", "B": "count"} and steps["steps"][1]["values"] == {
        "A": 44, "B": 46}
    steps = client.get(url + "?deck_A=45&deck_B=45", headers=h(judge)).get_json()
    assert steps["winner"] == "B" and steps["decided_by"] == "dominance"
    assert client.get(url + "?deck_A=x", headers=h(judge)).get_json()["error"]["details"]["field"] == "deck_A"
    # Or the table records its draws (7 at setup, 2 in the draw phase): the state's numbers are tracked.
    for seat, key in (("A", ka), ("B", kb)):
        for action in regular_draws(catalog, deck, seat, 9):
            r = client.post(f"/api/games/{gid}/actions", headers=h(key),
                            json={"action": action, "expected_version": version})
            assert r.status_code == 201, r.get_json()
            version = r.get_json()["version"]
    steps = client.get(url, headers=h(judge)).get_json()
    assert steps["winner"] == "B" and steps["decided_by"] == "dominance" and "needs" not in steps
    assert steps["sources"]["draw_deck"] == {"A": "tracked", "B": "tracked"}
    for key in (ka, kb):  # both phones learn the result with the clock
        info = client.get(f"/api/event-tables/{gid}", headers=h(key)).get_json()
        assert info["result"] == {"winner": "B", "winner_name": "Ben", "by_time": "dominance"}
    row = client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).get_json()["tables"][0]
    assert row["gone_to_time"] and row["result"]["winner"] == "B"


def test_going_to_time_asks_for_power_the_table_never_recorded(client: FlaskClient, catalog: Catalog) -> None:
    """A judge's event: a table went to time whose players kept their power off the phones (they said 11 and 9);
    the calculator read "fewest power needed to win: 15 (tracked), 15 (tracked)", asked only for the draw decks and
    named the wrong winner. Power is tracked only where the log recorded some; else the judge enters both players'
    power, and the answer says which figures are the table's and which were entered."""
    eid, org, judge, table, deck = two_at_one_table(client, catalog, ("Emma", "David"), "Untracked")
    gid, ka, kb = table["game"], *(claimed(s["url"], client) for s in table["seats"])
    version = 4
    for action in [*regular_draws(catalog, deck, "A", 9), *regular_draws(catalog, deck, "B", 9)]:
        r = client.post(f"/api/games/{gid}/actions", headers=h(ka if action["player"] == "A" else kb),
                        json={"action": action, "expected_version": version})
        assert r.status_code == 201, r.get_json()
        version = r.get_json()["version"]
    for phase in ("plot", "draw", "marshaling", "challenges", "dominance"):
        r = client.post(f"/api/games/{gid}/actions", headers=h(ka),
                        json={"action": {"type": "begin_phase", "phase": phase}, "expected_version": version})
        assert r.status_code == 201, r.get_json()
        version = r.get_json()["version"]
    assert client.post(f"/api/event/{eid}/rounds/1/clock", headers=h(org),
                       json={"seconds_ago": 55 * 60 + 5}).status_code == 200
    version = begin_phases(client, gid, ka, version, "standing", "taxation")
    url = f"/api/event/{eid}/games/{gid}/going-to-time"
    steps = client.get(url, headers=h(judge)).get_json()
    # The draws were recorded (the decks are tracked), the power never was: nothing is decided on 0 against 0.
    assert steps["sources"]["power_needed"] == {"A": "untracked", "B": "untracked"}, steps["sources"]
    assert steps["sources"]["draw_deck"] == {"A": "tracked", "B": "tracked"}
    assert steps["winner"] is None and steps["decided_by"] is None and steps["needs"] == ["power_needed"]
    assert steps["power"] == {"A": 0, "B": 0} and steps["steps"][0]["needs_count"]
    assert client.get(f"/api/event-tables/{gid}", headers=h(ka)).get_json()["result"] is None  # no guess
    # What the players say decides, marked as entered.
    steps = client.get(url + "?power_A=11&power_B=9", headers=h(judge)).get_json()
    assert steps["winner"] == "A" and steps["decided_by"] == "power_needed" and "needs" not in steps
    assert steps["sources"]["power_needed"] == {"A": "said", "B": "said"}
    assert steps["steps"][0]["values"] == {"A": 4, "B": 6}
    steps = client.get(url + "?power_A=9&power_B=9", headers=h(judge)).get_json()
    assert steps["decided_by"] not in (None, "power_needed") and "needs" not in steps, steps
    assert client.get(url + "?power_A=x", headers=h(judge)).get_json()["error"]["details"]["field"] == "power_A"
    assert client.get(url + "?power_B=100", headers=h(judge)).get_json()["error"]["details"]["field"] == "power_B"
    # Power recorded once (a correction to what lies on the table, even to the same 0): the table's totals count.
    r = client.post(f"/api/games/{gid}/actions", headers=h(kb),
                    json={"action": {"type": "set_power", "player": "B", "amount": 0}, "expected_version": version})
    assert r.status_code == 201, r.get_json()
    steps = client.get(url, headers=h(judge)).get_json()
    assert steps["sources"]["power_needed"] == {"A": "tracked", "B": "tracked"} and "needs" not in steps, steps


def test_deck_check_watches_scans_and_tts_snapshots(client: FlaskClient, catalog: Catalog) -> None:
    """A card seen at an event table outside the log (a scanned label, a TTS snapshot) that is not in
    the seat's registered list, or a copy beyond it, is a judge's flag; the player's answers do not
    change and nobody but the judge sees the flag."""
    import random

    from companion.bench.scan import synthetic_frame
    from companion.scan.labels import Label
    from companion.scan.render import label_image

    ev = make_event(client, catalog)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    t = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                    json={"csv": "3,Player 1,Player 2"}).get_json()["tables"][0]
    gid, ka = t["game"], claimed(t["seats"][0]["url"], client)
    from companion.catalog.decks import parse_deck
    from companion.rules.roles import JUDGE

    decks = two_e_decks(catalog)
    registered = {seat: dict(parse_deck("x", decks[i], catalog).draw) for i, seat in enumerate("AB")}
    in_deck = next(iter(registered["A"]))
    outside = next(c for c in ("13089", "01089", "00168", "11099") if c not in registered["A"]
                   and c not in registered["B"])

    def scan(*labels: Label) -> dict[str, Any]:
        photo, _ = synthetic_frame(random.Random(3), [(x.payload(), label_image(x.payload())) for x in labels])
        r = client.post(f"/api/scan?game={gid}", data=photo, headers=h(ka), content_type="image/jpeg")
        assert r.status_code == 200
        r.close()  # the deck check runs once the answer has gone (the scan route says why)
        return r.get_json()  # type: ignore[no-any-return]

    fine = scan(Label("2e", in_deck, "AB7", 1))
    assert [f["kind"] for f in flags_of(client, eid, judge, 3)] == []  # a registered card: nothing
    odd = scan(Label("2e", outside, "AB7", 1))
    assert fine["codes"][0]["status"] == "ok"
    # The player hears what any table answers for a copy it may not see: no word of a deck check.
    assert odd["codes"][0]["status"] == "unseen" and "judge" not in json.dumps(odd) and "flag" not in json.dumps(odd)
    flags = flags_of(client, eid, judge, 3)
    assert [(f["kind"], f["detail"]["source"], f["detail"]["cards"][0]["code"]) for f in flags] == \
        [("deck_check", "scan", outside)]
    # A TTS snapshot: two copies of a card registered once, and a card not registered at all.
    table_key = client.application.extensions["companion"]["services"].store.issue_key(gid, "table", JUDGE.actor)
    once = next(c for c, n in registered["A"].items() if n == 1)
    cards = [{"guid": f"g{i}", "code": c, "face_down": True} for i, c in enumerate([once, once, outside])]
    r = client.post(f"/api/tts/games/{gid}/snapshot", headers=h(table_key),
                    json={"colour": "Red", "seat": "A", "cards": cards, "request_id": "tts-000001"})
    assert r.status_code in (200, 201, 422), r.get_json()
    tts = [f for f in flags_of(client, eid, judge, 3) if f["detail"].get("source") == "tts"]
    assert len(tts) == 1 and {(c["code"], c["copy"]) for c in tts[0]["detail"]["cards"]} == {(once, 2), (outside, 1)}
    # Only the judge reads flags.
    assert client.get(f"/api/event/{eid}/dashboard", headers=h(ka)).status_code == 401


def test_the_organiser_sees_rounds_with_clock_and_results_and_a_retried_clock_start_does_not_restart(
        client: FlaskClient, catalog: Catalog) -> None:
    ev = make_event(client, catalog, players=4)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    r = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                    json={"csv": "1,Player 1,Player 2\n2,Player 3,Player 4"})
    game = r.get_json()["tables"][0]["game"]
    clock = f"/api/event/{eid}/rounds/1/clock"
    first = client.post(clock, headers=h(org), json={"request_id": "clock-1-abcdef", "seconds_ago": 600})
    assert first.status_code == 200 and first.get_json()["remaining"] <= 45 * 60
    again = client.post(clock, headers=h(org), json={"request_id": "clock-1-abcdef"})  # the same tap, retried
    assert again.get_json()["replayed"] and again.get_json()["started"] == first.get_json()["started"]
    assert client.post(f"/api/event/{eid}/games/{game}/result", headers=h(judge),
                       json={"winner": "B", "reason": "15 power", "request_id": "result-1-abcdef"}).status_code == 200
    info = client.get(f"/api/event/{eid}", headers=h(org)).get_json()
    assert info["rounds"][0]["clock"]["started"] == first.get_json()["started"]
    assert [t["result"] and t["result"]["winner_name"] for t in info["tables"]] == ["Player 2", None]


def test_players_read_again_after_a_write_from_another_connection(tmp_path: Path) -> None:
    """The decoded players are kept between reads; a player registered or confirmed through another
    connection (the command line, another process) is seen at once, not the kept list."""
    from companion.events.store import EventStore
    from companion.store.games import GameStore

    path = tmp_path / "games.db"
    server = EventStore(path, GameStore(path, lambda codes: {}))
    other = EventStore(path, GameStore(path, lambda codes: {}))
    event, _ = server.create_event("Kiel", "2026-11-22", 3, 8)
    server.register(event.id, "Ann", None, None, {"01001": 1})
    assert [p.name for p in server.players(event.id)] == ["Ann"]
    other.register(event.id, "Ben", None, None, {"01001": 1}, problems=[{"rule": "x"}])
    players = server.players(event.id)
    assert [p.name for p in players] == ["Ann", "Ben"] and players[1].confirmed is None
    other.confirm_deck(event.id, players[1].id, "organiser")
    assert server.players(event.id)[1].confirmed is not None
    players.clear()  # a caller's list is its own
    assert len(server.players(event.id)) == 2


def test_the_event_watch_sees_every_path_the_routes_answer(client: FlaskClient, catalog: Catalog) -> None:
    """The watch on an event's tables names its routes as the router does, not by a pattern on the path: a
    doubled slash that the router still answers ("//api/games/…") neither loads an unregistered deck nor
    plays a card outside the registered list without the judge's dashboard hearing of it."""
    ev = make_event(client, catalog)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    tables = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                         json={"csv": "1,Player 1,Player 2\n7,Player 3,Player 4\n"}).get_json()["tables"]
    t7 = tables[1]
    game, ka = t7["game"], claimed(t7["seats"][0]["url"], client)
    for path in (f"/api/games/{game}/seats/A/deck", f"//api/games/{game}/seats/A/deck"):
        r = client.put("/", headers=h(ka), json={"deck": {"01001": 3}},
                       environ_overrides={"PATH_INFO": path})
        assert r.status_code == 403 and r.get_json()["error"]["code"] == "registered_deck", (path, r.get_json())
    r = client.post("/", headers=h(ka), environ_overrides={"PATH_INFO": f"//api/games/{game}/actions"},
                    json={"action": {"type": "kneel", "card": "A.01001.9"}, "expected_version": 2})
    assert r.status_code >= 400
    assert [f["kind"] for f in flags_of(client, eid, judge, 7)] == ["deck_check"]


def test_the_event_store_reads_while_a_pairing_holds_it(tmp_path: Path) -> None:
    """A pairing holds the event store's lock for seconds; its reads (a judge's dashboard, a move at an event's
    table on the server's loop) take their own connection and no lock, and see every write made before them."""
    import threading
    import time

    from companion.events.store import EventStore
    from companion.store.games import GameStore

    path = tmp_path / "games.db"
    events = EventStore(path, GameStore(path, lambda codes: {}))
    event, _ = events.create_event("Reads", "2026-11-26", rounds=3, tables=4)
    events.register(event.id, "Ann", "stark", None, {"01001": 1})
    holding, done = threading.Event(), threading.Event()

    def pairing() -> None:
        with events._lock:
            events.register(event.id, "Bo", "lannister", None, {"01001": 1})  # written, committed, lock held
            holding.set()
            done.wait(5)

    t = threading.Thread(target=pairing)
    t.start()
    assert holding.wait(5)
    started = time.perf_counter()
    assert [p.name for p in events.players(event.id)] == ["Ann", "Bo"]
    assert events.event(event.id).name == "Reads" and events.rounds(event.id) == []
    assert time.perf_counter() - started < 4  # it read, it did not wait for the pairing (which holds it 5 s)
    assert t.is_alive()
    done.set()
    t.join()


def test_a_write_handed_off_the_loop_is_tried_again_and_said_in_the_log_if_it_never_lands(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A flag or a result written after its move was answered cannot be refused to anyone: a failing write is
    tried again, the dashboards are told once it lands, and one that never lands is in the server's log."""
    import logging
    import sqlite3

    from companion.events.store import EventStore
    from companion.store.games import GameStore

    path = tmp_path / "games.db"
    events = EventStore(path, GameStore(path, lambda codes: {}))
    monkeypatch.setattr(EventStore, "RETRY_PAUSES", (0.0, 0.0, 0.0))
    told: list[str] = []
    events.written.append(told.append)
    tries: list[int] = []

    def flaky() -> None:
        tries.append(1)
        if len(tries) < 3:
            raise sqlite3.OperationalError("disk I/O error")

    events._save_late("E1", flaky)
    assert len(tries) == 3 and told == ["E1"]

    def broken() -> None:
        raise sqlite3.OperationalError("database or disk is full")

    with caplog.at_level(logging.ERROR, logger="companion.events.store"):
        events._save_late("E2", broken)
    assert told == ["E1"]
    assert any("E2" in r.getMessage() and "disk is full" in r.getMessage() for r in caplog.records)


def test_a_round_reaches_the_pages_whole(client: FlaskClient, catalog: Catalog,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A round is made table by table (each a game with its decks loaded); a page that reads the event meanwhile
    (its live stream fires on each table's writes) sees the round only once all its tables are there."""
    from companion.service import TableService

    ev = make_event(client, catalog, players=6)
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    seen: list[tuple[list[int], list[int]]] = []
    real = TableService.set_deck

    def watched(self: TableService, *args: Any, **kwargs: Any) -> Any:
        view = client.get(f"/api/event/{eid}", headers=h(org)).get_json()
        seen.append(([r["number"] for r in view["rounds"]], [t["table"] for t in view["tables"]]))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(TableService, "set_deck", watched)
    r = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                    json={"csv": "1,Player 1,Player 2\n2,Player 3,Player 4\n3,Player 5,Player 6\n"})
    assert r.status_code == 201, r.get_json()
    assert len(seen) == 6 and all(s == ([], []) for s in seen), seen  # nothing of round 1 while it is made
    view = client.get(f"/api/event/{eid}", headers=h(org)).get_json()
    assert [r["number"] for r in view["rounds"]] == [1] and [t["table"] for t in view["tables"]] == [1, 2, 3]


def test_going_to_time_before_a_plot_phase_names_no_first_player(client: FlaskClient, catalog: Catalog) -> None:
    """A judge trial: time called while a table was still setting up; the calculator named seat A's player as the
    first player who chooses, a default nobody chose. Before round 1's plot phase it names nobody (``chooser``
    None) and the judge page says to ask the players."""
    eid, _, judge, table, _ = two_at_one_table(client, catalog, title="Early")
    url = f"/api/event/{eid}/games/{table['game']}/going-to-time"
    # Neither power nor the draws recorded: both are asked for at once.
    assert client.get(url, headers=h(judge)).get_json()["needs"] == ["power_needed", "draw_deck"]
    steps = client.get(url + "?deck_A=50&deck_B=50&power_A=0&power_B=0", headers=h(judge)).get_json()
    assert steps["winner"] is None and steps["decided_by"] == "first_player" and steps["chooser"] is None


def test_a_player_registered_twice_under_accents_is_refused(client: FlaskClient, catalog: Catalog) -> None:
    """A judge trial registered Bernd twice from two phones, as "Bernd Müller" and "Bernd Muller"; the second could
    only be dropped and stayed a ghost in the standings, the report and the signed file. A name the same but for case
    and accents is refused, naming the registration it repeats."""
    r = client.post("/api/event", json={"name": "Twice", "rounds": 1, "tables": 4})
    ev = r.get_json()
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    deck = two_e_decks(catalog)[0]
    assert client.post(f"/api/event/{eid}/players", headers=h(org),
                       json={"name": "Bernd Müller", "decklist": deck}).status_code == 201
    r = client.post(f"/api/event/{eid}/players", headers=h(org), json={"name": "bernd muller", "decklist": deck})
    assert r.status_code in (400, 409), r.get_json()
    assert "registered already (as Bernd Müller)" in json.dumps(r.get_json(), ensure_ascii=False)
    # another spelling is another name: no guess
    assert client.post(f"/api/event/{eid}/players", headers=h(org),
                       json={"name": "Bernd Mueller", "decklist": deck}).status_code == 201
