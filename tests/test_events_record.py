"""The event's record: a signed export whose results cannot be changed unnoticed, seat sheets that hand out
no keys, legality the organiser sees and confirms, the judge's rulings in words, going to time on honest
numbers."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from companion.cli import main
from companion.store.secrets import hash_secret
from tests.paper import claimed
from tests.test_events import h, make_event


def _round(client: FlaskClient, ev: dict[str, Any], csv: str = "1,Player 1,Player 2\n2,Player 3,Player 4\n",
           number: int | None = None) -> list[dict[str, Any]]:
    body: dict[str, Any] = {"csv": csv}
    if number:
        body["round"] = number
    r = client.post(f"/api/event/{ev['event']['id']}/rounds", headers=h(ev["organiser"]["key"]), json=body)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["tables"]  # type: ignore[no-any-return]


def _edit_manifest(data: bytes, change: Any) -> bytes:
    """The same zip with its manifest changed by ``change`` (every other file byte for byte)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            raw = src.read(info.filename)
            if info.filename == "manifest.json":
                manifest = json.loads(raw)
                change(manifest)
                raw = json.dumps(manifest).encode()
            dst.writestr(info.filename, raw)
    return out.getvalue()


def _check(tmp_path: Path, data: bytes, *args: str) -> Any:
    path = tmp_path / "event.zip"
    path.write_bytes(data)
    return CliRunner().invoke(main, ["check", str(path), *args])


def test_the_export_signs_results_and_check_names_a_changed_one(client: FlaskClient, catalog: Catalog,
                                                               tmp_path: Path) -> None:
    ev = make_event(client, catalog)
    eid, judge = ev["event"]["id"], ev["judge"]["key"]
    tables = _round(client, ev)
    game = tables[0]["game"]
    assert client.post(f"/api/event/{eid}/games/{game}/result", headers=h(judge),
                       json={"winner": "A", "reason": "15 power"}).status_code == 200
    assert client.post(f"/api/event/{eid}/games/{game}/rulings", headers=h(judge),
                       json={"type": "penalty", "penalty": "warning", "seat": "B", "text": "slow play",
                             "request_id": "pen-000001"}).status_code == 201
    export = client.get(f"/api/event/{eid}/export", headers=h(judge))
    assert export.status_code == 200
    with zipfile.ZipFile(io.BytesIO(export.data)) as z:
        manifest = json.loads(z.read("manifest.json"))
    table1 = next(t for t in manifest["tables"] if t["table"] == 1)
    assert table1["result"]["winner"] == "A" and table1["penalties"][0]["seat"] == "B"
    assert [p["name"] for p in table1["players"]] == ["Player 1", "Player 2"]
    fingerprint = client.get(f"/api/event/{eid}", headers=h(ev["organiser"]["key"])).get_json()["fingerprint"]
    assert manifest["signature"]["fingerprint"] == fingerprint
    assert client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).get_json()["fingerprint"] == fingerprint

    untouched = _check(tmp_path, export.data, "--fingerprint", fingerprint)
    assert untouched.exit_code == 0 and "all chains verify" in untouched.output, untouched.output
    assert fingerprint in untouched.output

    def winner_b(m: dict[str, Any]) -> None:
        t = next(t for t in m["tables"] if t["round"] == 1 and t["table"] == 1)
        t["result"]["winner"], t["result"]["winner_name"] = "B", "Player 2"

    changed = _check(tmp_path, _edit_manifest(export.data, winner_b))
    assert changed.exit_code == 2, changed.output
    assert "round 1 table 1: result.winner changed" in changed.output
    assert "round 1 table 1: result.winner_name changed" in changed.output
    assert "round 1 table 2" not in changed.output and "DOES NOT VERIFY" in changed.output

    def drop_penalty(m: dict[str, Any]) -> None:
        next(t for t in m["tables"] if t["table"] == 1)["penalties"] = []

    out = _check(tmp_path, _edit_manifest(export.data, drop_penalty))
    assert out.exit_code == 2 and "round 1 table 1: penalties.0.penalty removed" in out.output, out.output

    def swap_pairing(m: dict[str, Any]) -> None:
        t = next(t for t in m["tables"] if t["table"] == 2)
        t["players"][0]["name"] = "Player 9"

    out = _check(tmp_path, _edit_manifest(export.data, swap_pairing))
    assert out.exit_code == 2 and "round 1 table 2: players.0.name changed" in out.output, out.output

    def forge(m: dict[str, Any]) -> None:  # the value and its digest changed together: the signature fails
        winner_b(m)
        from companion.events.signing import _digests

        rid = f"tables/{next(i for i, t in enumerate(m['tables']) if t['table'] == 1)}"
        value = m["tables"][int(rid.split("/")[1])]
        m["signature"]["records"][rid]["digests"] = _digests(m["event"]["id"], rid, value)

    out = _check(tmp_path, _edit_manifest(export.data, forge))
    assert out.exit_code == 2 and "round 1 table 1: its signed digests were altered" in out.output, out.output

    def resign(m: dict[str, Any]) -> None:  # a whole new signature with another key: only the fingerprint tells
        from companion.events.signing import new_private_key, sign_manifest

        winner_b(m)
        m.update(sign_manifest({k: v for k, v in m.items() if k != "signature"}, new_private_key()))

    resigned = _edit_manifest(export.data, resign)
    out = _check(tmp_path, resigned, "--fingerprint", fingerprint)
    assert out.exit_code == 2 and f"not the event's key {fingerprint}" in out.output, out.output

    def unsigned(m: dict[str, Any]) -> None:
        del m["signature"]

    out = _check(tmp_path, _edit_manifest(export.data, unsigned))
    assert out.exit_code == 2 and "not signed" in out.output

    def one_table_less(m: dict[str, Any]) -> None:
        m["tables"] = [t for t in m["tables"] if t["table"] != 2]
        m["signature"]["records"].pop("tables/1", None)

    out = _check(tmp_path, _edit_manifest(export.data, one_table_less))
    assert out.exit_code == 2 and "list of signed records was altered" in out.output, out.output


@pytest.mark.parametrize("section", ["standings", "drops"])
def test_sections_added_to_the_manifest_are_signed_too(section: str) -> None:
    from companion.events.signing import new_private_key, sign_manifest, verify_manifest

    manifest = {"event": {"id": "ev1"}, "tables": [], section: [{"player": "Ann", "points": 10}, {"player": "Bo"}]}
    signed = sign_manifest(manifest, new_private_key())
    assert verify_manifest(signed) == []
    signed[section][0]["points"] = 15
    assert verify_manifest(signed) == [f"{section} 1: points changed"]



def _seat_hashes(client: FlaskClient, games: list[str]) -> dict[tuple[str, str], str]:
    store = client.application.extensions["companion"]["services"].store
    return {(g, seat): h for g in games for seat, h in store.game(g).seat_hashes.items()}


def pdf_text(data: bytes) -> list[str]:
    """The text of each page of a PDF, as a reader selecting it gets it (poppler's pdftotext)."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (Debian: poppler-utils) is not installed")
    out = subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout
    return out.decode().split("\f")[:-1]


def test_seat_sheets_a_page_per_seat_and_a_reprint_in_a_running_round_is_the_judges(client: FlaskClient,
                                                                                     catalog: Catalog) -> None:
    ev = make_event(client, catalog)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    tables = _round(client, ev)
    games = [t["game"] for t in tables]
    url = f"/api/event/{eid}/rounds/1/sheets"
    sheets = client.post(url, headers=h(org), json={"confirm": True})
    assert sheets.status_code == 200 and sheets.data.startswith(b"%PDF")
    pages = pdf_text(sheets.data)
    assert len(pages) == 4  # a page per seat, never two seats on one page
    for page, (table, seat, name) in zip(pages, [(1, "A", "Player 1"), (1, "B", "Player 2"), (2, "A", "Player 3"),
                                               (2, "B", "Player 4")], strict=True):
        assert f"Table {table} · Seat {seat}" in page and f"Tisch {table} · Sitz {seat}" in page
        # The page's player, and the opponent only as whom they meet (the opponent's seat is on a page of its own).
        other = {"Player 1": "Player 2", "Player 2": "Player 1", "Player 3": "Player 4", "Player 4": "Player 3"}[name]
        assert name in page and f"against {other} · gegen {other}" in page
        assert sum(f"Player {i}" in page.replace(f"against {other} · gegen {other}", "") for i in range(1, 5)) == 1
        assert "öffnet deinen Sitz einmal" in page and "#key=" not in page
    from companion.rules.roles import HOST

    store = client.application.extensions["companion"]["services"].store
    seat_b = store.issue_key(games[0], "seat", HOST.actor, "B")  # what the sheet's QR code holds (the test reads no QR)
    before = _seat_hashes(client, games)
    # The round's games begin (a move at table 1): the organiser can no longer print.
    view = client.get(f"/api/games/{games[0]}/view", headers=h(judge))
    assert view.status_code == 401  # the event's judge key is not a game key: the dashboard is its door
    assert client.post(f"/api/event/{eid}/rounds/1/clock", headers=h(org), json={}).status_code == 200
    refused = client.post(url, headers=h(org), json={"confirm": True, "table": 1, "seat": "A"})
    assert refused.status_code == 403 and refused.get_json()["error"]["code"] == "round_started"
    assert _seat_hashes(client, games) == before
    # The judge reprints one seat: a new paper key for that seat alone (the seat's own key stays its phone's until the
    # new sheet is opened); it is logged, flagged and in both seats' logs.
    papers = [e for e in store.entries(games[0]) if e.kind == "key" and e.data.get("role") == "paper"]
    again = client.post(url, headers=h(judge), json={"confirm": True, "table": 1, "seat": "A"})
    assert again.status_code == 200
    pages = pdf_text(again.data)
    assert len(pages) == 1 and "Player 1" in pages[0] and "Printed again by the judge" in pages[0]
    assert _seat_hashes(client, games) == before
    printed = [e for e in store.entries(games[0]) if e.kind == "key" and e.data.get("role") == "paper"]
    assert len(printed) == len(papers) + 1 and printed[-1].data["seat"] == "A"
    dash = client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).get_json()
    flags = next(t for t in dash["tables"] if t["table"] == 1)["flags"]
    assert [(f["kind"], f["detail"]["seat"], f["detail"]["player"]) for f in flags] == [("reprint", "A", "Player 1")]
    keyed = [e for e in store.entries(games[0]) if e.kind == "key"]
    assert keyed[-1].actor == "judge" and keyed[-1].data["seat"] == "A"
    log = client.get(f"/api/games/{games[0]}/log", headers=h(seat_b)).get_json()
    entries = log["entries"] if isinstance(log, dict) else log
    assert any(e["kind"] == "key" and e["actor"] == "judge" and e["data"]["seat"] == "A" for e in entries)
    export = client.get(f"/api/event/{eid}/export", headers=h(judge))
    with zipfile.ZipFile(io.BytesIO(export.data)) as z:
        manifest = json.loads(z.read("manifest.json"))
    reprints = [(d["by"], d["detail"]["seat"]) for d in manifest["decisions"] if d["kind"] == "reprint"]
    assert reprints == [("judge", "A")]


SEAT_KEY = re.compile(rb"[A-Za-z0-9_-]{32}")


def test_no_organiser_route_returns_a_seat_key_of_a_running_round(client: FlaskClient, catalog: Catalog) -> None:
    """Every route of the app, called with the organiser's key while round 1 runs: no answer holds a seat key
    of round 1, and no call makes a new one (a key minted is a key handed out, even inside a QR code)."""
    ev = make_event(client, catalog, players=6)
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    tables = _round(client, ev)
    games = [t["game"] for t in tables]
    assert client.post(f"/api/event/{eid}/rounds/1/clock", headers=h(org), json={}).status_code == 200
    before = _seat_hashes(client, games)
    flag_id = 1
    values = {"event_id": eid, "game_id": games[0], "number": "1", "flag_id": str(flag_id), "seat": "A",
              "seq": "1", "code": "01001", "job_id": "x", "card": "A.01001.1"}
    bodies: dict[str, list[dict[str, Any]]] = {
        "/api/event/{event_id}/rounds/{number}/sheets": [{"confirm": True}, {"confirm": True, "table": 1},
                                                         {"confirm": True, "table": 1, "seat": "A"}],
        "/api/event/{event_id}/rounds": [{"csv": "1,Player 5,Player 6\n", "round": 2}],
        "/api/event/{event_id}/rounds/{number}/clock": [{"minutes": 5}],
        "/api/event/{event_id}/games/{game_id}/rulings": [{"type": "note", "request_id": "note-00000001"}],
        "/api/event/{event_id}/games/{game_id}/result": [{"winner": "A"}],
    }
    called = 0
    for rule in client.application.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        url = re.sub(r"{(\w+)}", lambda m: values.get(m.group(1), "x"), path)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):  # type: ignore[operator]
            if path.endswith("/stream"):  # the organiser's own live page: opened, not read to its (never) end
                r = client.open(url, method=method, headers=h(org), buffered=False)
                assert r.status_code < 500, (method, url, r.status_code)
                r.close()
                continue
            for data in bodies.get(path, [{}]) if method in ("POST", "PUT") else [None]:
                r = client.open(url, method=method, headers=h(org), json=data)
                called += 1
                assert r.status_code < 500, (method, url, r.status_code)
                for token in set(SEAT_KEY.findall(r.data)):
                    assert hash_secret(token.decode()) not in before.values(), (method, url)
                assert _seat_hashes(client, games) == before, (method, url, r.status_code)
    assert called > 40


def _four_illegal_decks(catalog: Catalog) -> tuple[str, dict[str, str]]:
    """A legal deck under the newest list, and the issue's four illegal ones made from it: two restricted
    cards, 54 draw cards, Banner of the Wolf without Stark cards, a card not legal under the list."""
    from companion.catalog.decks import parse_deck
    from companion.catalog.legality import check_deck, shipped_facts
    from tests.decklists import as_thronesdb_json, real_decks

    def legal(raw: dict[str, Any]) -> bool:
        deck = parse_deck("d.json", as_thronesdb_json(raw).encode(), catalog, "2e")
        return catalog.get(raw["cards"][0]["code"]).edition == "2e" and not check_deck(deck, catalog)  # type: ignore[union-attr]

    base = next(d for d in real_decks() if d["faction"] != "stark" and legal(d))
    newest = shipped_facts()["2e"]["lists"][0]
    restricted = [c for c in newest["formats"]["joust"]["restricted"] if catalog.get(c)][:2]
    not_legal = next(c for c in newest["not_legal"] if catalog.get(c))

    def variant(change: Any) -> str:
        raw = json.loads(json.dumps(base))
        change(raw)
        return as_thronesdb_json(raw)

    def two_restricted(raw: dict[str, Any]) -> None:
        raw["cards"] += [{"code": c, "count": 1} for c in restricted]

    def short(raw: dict[str, Any]) -> None:
        removed = 0
        for e in raw["cards"]:
            if catalog.get(e["code"]).type in ("character", "location") and removed < 6:  # type: ignore[union-attr]
                take = min(e["count"], 6 - removed)
                e["count"] -= take
                removed += take
        raw["cards"] = [e for e in raw["cards"] if e["count"]]

    def banner(raw: dict[str, Any]) -> None:
        raw["agenda"] = "01203"  # Banner of the Wolf

    def outlawed(raw: dict[str, Any]) -> None:
        raw["cards"].append({"code": not_legal, "count": 1})

    return as_thronesdb_json(base), {"Ned": variant(two_restricted), "Cat": variant(short), "Robb": variant(banner),
                                     "Sansa": variant(outlawed)}


def test_legality_is_shown_confirmed_logged_and_a_round_waits_for_it(client: FlaskClient, catalog: Catalog) -> None:
    from companion.catalog.legality import restricted_lists

    older = restricted_lists()[1]
    bad = client.post("/api/event", json={"name": "Open", "restricted_list": "nolist"})
    assert bad.status_code == 400 and bad.get_json()["error"]["details"]["field"] == "restricted_list"
    r = client.post("/api/event", json={"name": "Open", "format": "joust", "restricted_list": older["code"]})
    assert r.status_code == 201
    assert r.get_json()["event"]["restricted_list"] == older and r.get_json()["event"]["format"] == "joust"
    r = client.post("/api/event", json={"name": "Store champs", "tables": 4})  # default: the newest list
    ev = r.get_json()
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    assert ev["event"]["restricted_list"] == restricted_lists()[0] and ev["event"]["restricted_list"]["date"]
    legal, illegal = _four_illegal_decks(catalog)
    answers = {}
    for name, deck in [("Arya", legal), *illegal.items()]:
        r = client.post(f"/api/event/{eid}/players", headers=h(org), json={"name": name, "decklist": deck})
        assert r.status_code == 201, r.get_json()  # an illegal deck is registered all the same
        answers[name] = r.get_json()
    assert answers["Arya"]["player"]["legal"] and not answers["Arya"]["needs_confirmation"]
    rules = {n: {p["rule"] for p in a["player"]["problems"]} for n, a in answers.items()}
    assert rules["Ned"] >= {"restricted"} and rules["Cat"] >= {"draw-deck-size"}
    assert rules["Robb"] >= {"agenda-banner"} and rules["Sansa"] >= {"not-in-pool"}, rules
    assert all(answers[n]["needs_confirmation"] for n in illegal)
    cat = next(p for p in answers["Cat"]["player"]["problems"] if p["rule"] == "draw-deck-size")
    assert "54" in cat["message"]["en"] and "54" in cat["message"]["de"] and "Zugdeck" in cat["message"]["de"]
    # The organiser's player list carries each deck's verdict.
    listed = {p["name"]: p for p in client.get(f"/api/event/{eid}", headers=h(org)).get_json()["players"]}
    assert listed["Arya"]["legal"] and not listed["Ned"]["legal"] and listed["Ned"]["confirmed"] is None
    # A round with an illegal deck not yet allowed is refused, naming the players; nothing is created.
    r = client.post(f"/api/event/{eid}/rounds", headers=h(org), json={"csv": "1,Arya,Ned\n2,Cat,Robb\n"})
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "unconfirmed_deck"
    assert [p["name"] for p in r.get_json()["error"]["details"]["players"]] == ["Ned", "Cat", "Robb"]
    assert "Ned, Cat, Robb" in r.get_json()["error"]["message"]
    assert client.get(f"/api/event/{eid}", headers=h(org)).get_json()["tables"] == []
    # The judge cannot allow a deck; the organiser can, and it is logged.
    ned = answers["Ned"]["player"]["id"]
    assert client.post(f"/api/event/{eid}/players/{ned}/confirm", headers=h(judge), json={}).status_code == 403
    for name in ("Ned", "Cat", "Robb"):
        pid = answers[name]["player"]["id"]
        r = client.post(f"/api/event/{eid}/players/{pid}/confirm", headers=h(org), json={"request_id": f"ok-{pid}-000"})
        assert r.status_code == 200 and r.get_json()["player"]["confirmed"]["by"] == "organiser"
    r = client.post(f"/api/event/{eid}/rounds", headers=h(org), json={"csv": "1,Arya,Ned\n2,Cat,Robb\n"})
    assert r.status_code == 201, r.get_json()
    # The dashboard and the report show each deck's verdict; the decisions are in the report and the export.
    dash = client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).get_json()
    seen = {p["name"]: p for t in dash["tables"] for p in t["players"]}
    assert seen["Arya"]["legal"] and not seen["Ned"]["legal"] and seen["Ned"]["confirmed"]
    assert dash["event"]["restricted_list"]["name"] == restricted_lists()[0]["name"]
    report = client.get(f"/api/event/{eid}/report", headers=h(judge)).get_json()
    robb = next(p for t in report["tables"] for p in t["players"] if p["name"] == "Robb")
    assert not robb["legal"] and robb["problems"][0]["message"]["de"]
    assert [(d["kind"], d["detail"]["name"]) for d in report["decisions"]] == [
        ("legality", "Ned"), ("legality", "Cat"), ("legality", "Robb")]
    assert "agenda-banner" in report["decisions"][2]["detail"]["problems"]
    export = client.get(f"/api/event/{eid}/export", headers=h(judge))
    with zipfile.ZipFile(io.BytesIO(export.data)) as z:
        manifest = json.loads(z.read("manifest.json"))
    assert [d["detail"]["name"] for d in manifest["decisions"]] == ["Ned", "Cat", "Robb"]
    sansa = next(p for p in manifest["players"] if p["name"] == "Sansa")
    assert not sansa["legal"] and sansa["confirmed"] is None


def test_the_judges_record_names_players_levels_minutes_and_cards_in_both_languages(client: FlaskClient,
                                                                                    catalog: Catalog) -> None:
    ev = make_event(client, catalog)
    eid, judge = ev["event"]["id"], ev["judge"]["key"]
    tables = _round(client, ev)
    game = tables[0]["game"]
    ka = claimed(tables[0]["seats"][0]["url"], client)
    rulings = f"/api/event/{eid}/games/{game}/rulings"
    # A penalty names its player and level; without a seat it is refused, naming the field.
    r = client.post(rulings, headers=h(judge), json={"type": "penalty", "penalty": "game_loss",
                                                     "request_id": "pen-000001"})
    assert r.status_code == 400 and r.get_json()["error"]["details"]["field"] == "seat"
    r = client.post(rulings, headers=h(judge), json={"type": "penalty", "penalty": "game_loss", "seat": "C",
                                                     "request_id": "pen-000002"})
    assert r.status_code == 400 and r.get_json()["error"]["details"]["field"] == "seat"
    r = client.post(rulings, headers=h(judge), json={"type": "penalty", "penalty": "warning", "seat": "B",
                                                     "text": "Zögern beim Aufdecken", "request_id": "pen-000003"})
    assert r.status_code == 201 and r.get_json()["ruling"]["player"] == "Player 2"
    assert client.post(rulings, headers=h(judge), json={"type": "time_extension", "minutes": 4,
                                                        "request_id": "ext-000001"}).status_code == 201
    # A card outside the registered list: the flag names the card and its player in words.
    client.post(f"/api/games/{game}/actions", headers=h(ka),
                json={"action": {"type": "kneel", "card": "A.01001.9"}, "expected_version": 3})
    client.post(f"/api/event-tables/{game}/call-judge", headers=h(ka), json={"request_id": "call-000001"})
    # A move the strict game refuses (kneeling a card still in the deck): the rule broken, in words, by name.
    from tests.test_events import regular_draws, two_e_decks

    in_deck = regular_draws(catalog, two_e_decks(catalog)[0], "A", 1)[0]["card"]
    r = client.post(f"/api/games/{game}/actions", headers=h(ka),
                    json={"action": {"type": "kneel", "player": "A", "card": in_deck}, "expected_version": 5})
    assert r.status_code == 422, r.get_json()
    dash = client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).get_json()
    flags = {f["kind"]: f["detail"] for f in next(t for t in dash["tables"] if t["table"] == 1)["flags"]}
    card_name = catalog.get("01001").name  # type: ignore[union-attr]
    named = flags["deck_check"]["cards"][0]
    assert named["name"] == card_name and named["player"] == "Player 1"
    assert flags["call_judge"]["who"] == "Player 1"
    broken = flags["illegal"]["violations"][0]["text"]
    in_deck_name = catalog.get(in_deck.split(".")[1]).name  # type: ignore[union-attr]
    assert in_deck_name in broken["en"] and in_deck_name in broken["de"] and in_deck not in broken["en"], broken
    report = client.get(f"/api/event/{eid}/report", headers=h(judge)).get_json()
    row = next(r for r in report["tables"] if r["table"] == 1)
    assert row["penalties"][0]["player"] == "Player 2" and row["penalties"][0]["penalty"] == "warning"
    assert row["rulings"][0]["minutes"] == 4
    # The result by going to time reads in words, not "going to time: draw_deck".
    from companion.events.report import result_words

    by_time = {"winner": "A", "winner_name": "Player 1", "reason": "going to time: draw_deck", "by_time": "draw_deck"}
    assert result_words(by_time, "en") == "Player 1 wins (going to time: most cards left in the draw deck)"
    assert "draw_deck" not in result_words(by_time, "de") and "Zeitwertung" in result_words(by_time, "de")
    texts = {}
    for lang in ("en", "de"):
        pdf = client.get(f"/api/event/{eid}/report?format=pdf&lang={lang}", headers=h(judge))
        assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
        assert b"/FontFile2" in pdf.data  # the TrueType font is embedded
        texts[lang] = "\n".join(pdf_text(pdf.data))
    en, de = texts["en"], texts["de"]
    assert "penalty · warning · Player 2: Zögern beim Aufdecken" in en  # umlauts survive, as selectable text
    assert "Strafe · Verwarnung · Player 2: Zögern beim Aufdecken" in de, de
    assert "time extension · +4 min" in en and "+4 Min." in de
    assert card_name in en and "A.01001.9" not in en and "seat:A" not in en and "time_extension" not in en
    assert "Round 1 · Table 1" in en and "Runde 1 · Tisch 1" in de and "Ergebnis: noch kein Ergebnis" in de
    # Each page says which of how many it is, and the report ends with the lines a judge signs (a judge printed it
    # and missed both at a real event).
    for lang, page_of, signs in (("en", "Page {n} of {m}", "Signature"), ("de", "Seite {n} von {m}", "Unterschrift")):
        pdf = client.get(f"/api/event/{eid}/report?format=pdf&lang={lang}", headers=h(judge))
        pages = pdf_text(pdf.data)
        assert all(page_of.format(n=i, m=len(pages)) in page for i, page in enumerate(pages, 1)), pages
        assert signs in pages[-1]
    assert client.get(f"/api/event/{eid}/report?format=pdf&lang=fr", headers=h(judge)).status_code == 400


def test_the_reports_decisions_read_as_words_and_a_corrected_result_is_one(client: FlaskClient,
                                                                          catalog: Catalog) -> None:
    """Every logged decision (a Swiss proposal, the round it became, a swap, a drop, a result the judge
    corrected) reads as a sentence in the report's PDF in both languages: never a raw record such as
    "confirm: {'round': 1, ...}". A corrected result is itself a decision: the report and the signed file
    keep what it was."""
    ev = make_event(client, catalog)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    proposal = client.post(f"/api/event/{eid}/rounds/propose", headers=h(org), json={}).get_json()["proposal"]
    first, second = proposal["tables"][0]["a"], proposal["tables"][1]["a"]
    assert client.post(f"/api/event/{eid}/proposal/swap", headers=h(org),
                       json={"proposal": proposal["id"], "a": first["id"], "b": second["id"]}).status_code == 200
    proposal = client.get(f"/api/event/{eid}/proposal", headers=h(org)).get_json()["proposal"]
    r = client.post(f"/api/event/{eid}/proposal/confirm", headers=h(org), json={"proposal": proposal["id"]})
    assert r.status_code == 201, r.get_json()
    table1 = r.get_json()["tables"][0]
    names = [proposal["tables"][0]["a"]["name"], proposal["tables"][0]["b"]["name"]]
    game = table1["game"]
    for winner in ("A", "A", "B"):  # entered, entered again (the same: nothing to correct), corrected
        assert client.post(f"/api/event/{eid}/games/{game}/result", headers=h(judge),
                           json={"winner": winner, "reason": "15 power", "change": True}).status_code == 200
    gone = next(p for p in client.get(f"/api/event/{eid}", headers=h(org)).get_json()["players"]
                if p["name"] not in names)
    assert client.post(f"/api/event/{eid}/players/{gone['id']}/drop", headers=h(org), json={}).status_code == 200
    report = client.get(f"/api/event/{eid}/report", headers=h(judge)).get_json()
    corrected = [d for d in report["decisions"] if d["kind"] == "result"]
    assert [(d["by"], d["detail"]["before"]["winner"], d["detail"]["after"]["winner"]) for d in corrected] == [
        ("judge", "A", "B")]
    with zipfile.ZipFile(io.BytesIO(client.get(f"/api/event/{eid}/export", headers=h(judge)).data)) as z:
        assert any(d["kind"] == "result" for d in json.loads(z.read("manifest.json"))["decisions"])
    words = {"en": (f"Round 1 paired: 1. {names[0]} – {names[1]}", "Round 1: pairings proposed",
                    "swapped in the proposal", f"{gone['name']} dropped after round 1",
                    f"Round 1, table 1: result corrected by the judge, {names[0]} wins (15 power) → "
                    f"{names[1]} wins (15 power)"),
             "de": (f"Runde 1 gepaart: 1. {names[0]} – {names[1]}", "Runde 1: Paarungen vorgeschlagen",
                    "im Vorschlag getauscht", f"{gone['name']} ist nach Runde 1 ausgestiegen",
                    "Runde 1, Tisch 1: Ergebnis vom Schiedsrichter korrigiert")}
    for lang, expected in words.items():
        pdf = client.get(f"/api/event/{eid}/report?format=pdf&lang={lang}", headers=h(judge))
        text = re.sub(r"\s+", " ", " ".join(pdf_text(pdf.data)))
        assert "{'" not in text and "':" not in text, text
        for line in expected:
            assert line in text, (lang, line, text)
