"""A player's penalties across an event's rounds and tables: the judge's form sees the earlier ones with what the
tournament regulations say (advice, never an automatic upgrade), the dashboard and the report list them per
player, the signed event file signs them, and no player or stranger reads another player's penalties."""

from __future__ import annotations

import io
import json
import subprocess
import zipfile
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from companion.events.penalties import CITES, advice, by_player
from companion.events.signing import verify_manifest
from companion.messages import text
from tests.paper import claimed
from tests.test_events import h, make_event

SECRET = "round-one-slow-play"


def _round(client: FlaskClient, ev: dict[str, Any], csv: str) -> dict[str, dict[str, Any]]:
    """A round paired by CSV; each player's (game, seat, seat key) by name."""
    r = client.post(f"/api/event/{ev['event']['id']}/rounds", headers=h(ev["organiser"]["key"]), json={"csv": csv})
    assert r.status_code == 201, r.get_json()
    return {s["name"]: {"game": t["game"], "seat": s["seat"], "key": claimed(s["url"], client), "table": t["table"]}
            for t in r.get_json()["tables"] for s in t["seats"]}


def _results(client: FlaskClient, ev: dict[str, Any], seats: dict[str, dict[str, Any]]) -> None:
    for game in {s["game"] for s in seats.values()}:
        r = client.post(f"/api/event/{ev['event']['id']}/games/{game}/result", headers=h(ev["judge"]["key"]),
                        json={"winner": "A", "reason": "15 power"})
        assert r.status_code == 200, r.get_json()


def _penalty(client: FlaskClient, ev: dict[str, Any], at: dict[str, Any], level: str, words: str, rid: str) -> None:
    r = client.post(f"/api/event/{ev['event']['id']}/games/{at['game']}/rulings", headers=h(ev["judge"]["key"]),
                    json={"type": "penalty", "penalty": level, "seat": at["seat"], "text": words, "request_id": rid})
    assert r.status_code == 201, r.get_json()


def _two_rounds(client: FlaskClient, catalog: Catalog) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Player 1 warned in round 1 (seat A, table 1), then paired in round 2 as seat B of table 2."""
    ev = make_event(client, catalog)
    r1 = _round(client, ev, "1,Player 1,Player 2\n2,Player 3,Player 4\n")
    _penalty(client, ev, r1["Player 1"], "warning", SECRET, "pen-r1-000001")
    _results(client, ev, r1)
    r2 = _round(client, ev, "1,Player 2,Player 4\n2,Player 3,Player 1\n")
    assert r2["Player 1"]["seat"] == "B" and r2["Player 1"]["table"] == 2
    return ev, r1, r2


def test_the_penalty_form_sees_the_players_earlier_penalties_in_other_rounds(client: FlaskClient,
                                                                             catalog: Catalog) -> None:
    ev, r1, r2 = _two_rounds(client, catalog)
    eid, judge = ev["event"]["id"], ev["judge"]["key"]
    at = r2["Player 1"]
    out = client.get(f"/api/event/{eid}/games/{at['game']}/penalties?seat=B&level=game_loss", headers=h(judge))
    assert out.status_code == 200, out.get_json()
    got = out.get_json()
    assert got["name"] == "Player 1" and got["seat"] == "B"
    assert [(p["round"], p["table"], p["penalty"], p["text"]) for p in got["earlier"]] == [(1, 1, "warning", SECRET)]
    # Advice from the regulations' own text: no upgrade (they name none); the marshal decides, cited.
    assert got["advice"]["upgrade"] is False
    assert [n["msg"] for n in got["advice"]["notes"]] == ["ev.pen.advice.repeat", "ev.pen.advice.game_loss",
                                                          "ev.pen.advice.review"]
    assert got["advice"]["notes"][0]["n"] == 1 and got["advice"]["notes"][0]["citation"] == CITES["marshal"]
    # The opponent has none: nothing to advise on a warning.
    other = client.get(f"/api/event/{eid}/games/{at['game']}/penalties?seat=A&level=warning",
                       headers=h(judge)).get_json()
    assert other["name"] == "Player 3" and other["earlier"] == [] and other["advice"]["notes"] == []
    # A disqualification is the organiser's, and final: said with its sections.
    dq = client.get(f"/api/event/{eid}/games/{at['game']}/penalties?seat=A&level=disqualification",
                    headers=h(judge)).get_json()
    assert [n["cite"] for n in dq["advice"]["notes"]] == ["unsporting", "pairings", "judge"]
    # The second penalty, in round 2: both are the player's, in order, on the judge's list.
    _penalty(client, ev, at, "game_loss", "marked sleeves", "pen-r2-000001")
    again = client.get(f"/api/event/{eid}/games/{at['game']}/penalties?seat=B", headers=h(judge)).get_json()
    assert [(p["round"], p["penalty"]) for p in again["earlier"]] == [(1, "warning"), (2, "game_loss")]
    assert again["advice"]["notes"][0]["n"] == 2
    # A note naming a player, even one that speaks of a "penalty", is no penalty.
    assert client.post(f"/api/event/{eid}/games/{at['game']}/rulings", headers=h(judge),
                       json={"type": "note", "seat": "A", "text": '"penalty": "warning"',
                             "request_id": "note-r2-000001"}).status_code == 201
    listed = client.get(f"/api/event/{eid}/penalties", headers=h(judge)).get_json()["players"]
    assert [(p["name"], [(x["round"], x["table"], x["penalty"]) for x in p["penalties"]]) for p in listed] == \
        [("Player 1", [(1, 1, "warning"), (2, 2, "game_loss")])]
    assert r1["Player 1"]["game"] != at["game"]


def test_bad_asks_are_refused_naming_the_field(client: FlaskClient, catalog: Catalog) -> None:
    ev, _, r2 = _two_rounds(client, catalog)
    eid, judge = ev["event"]["id"], ev["judge"]["key"]
    game = r2["Player 1"]["game"]
    for query, field in (("seat=C", "seat"), ("", "seat"), ("seat=A&level=ban", "level"), ("seat=A&level=", "level")):
        r = client.get(f"/api/event/{eid}/games/{game}/penalties?{query}", headers=h(judge))
        assert r.status_code == 400 and r.get_json()["error"]["details"]["field"] == field, (query, r.get_json())
    other = make_event(client, catalog)
    assert client.get(f"/api/event/{other['event']['id']}/games/{game}/penalties?seat=A",
                      headers=h(other["judge"]["key"])).status_code == 404


def test_players_and_strangers_never_read_another_players_penalties(client: FlaskClient, catalog: Catalog) -> None:
    ev, r1, r2 = _two_rounds(client, catalog)
    eid = ev["event"]["id"]
    game = r2["Player 1"]["game"]
    # The judge's and the organiser's routes only: a seat's key, no key or a made-up one read nothing.
    for key in (r2["Player 3"]["key"], r2["Player 1"]["key"], "", "x" * 32):
        head = h(key) if key else {}
        assert client.get(f"/api/event/{eid}/penalties", headers=head).status_code == 401
        assert client.get(f"/api/event/{eid}/games/{game}/penalties?seat=B", headers=head).status_code == 401
    # The organiser reads the list (the report shows it too) but the form's route is the judge's.
    assert client.get(f"/api/event/{eid}/penalties", headers=h(ev["organiser"]["key"])).status_code == 200
    assert client.get(f"/api/event/{eid}/games/{game}/penalties?seat=B",
                      headers=h(ev["organiser"]["key"])).status_code == 403
    # Round 1's penalty was public at round 1's table (its log): it never reaches round 2's opponent, nor the
    # public standings.
    seen = [client.get(f"/api/games/{game}/{path}", headers=h(r2["Player 3"]["key"])).get_data(as_text=True)
            for path in ("view", "log")]
    seen.append(client.get(f"/api/event-tables/{game}", headers=h(r2["Player 3"]["key"])).get_data(as_text=True))
    seen.append(client.get(f"/api/event/{eid}/standings").get_data(as_text=True))
    seen.append(client.get(f"/e/{eid}/standings").get_data(as_text=True))
    assert all(SECRET not in s and "warning" not in s for s in seen), seen
    # Where it was given, both seats see it in their log, as every ruling.
    log = client.get(f"/api/games/{r1['Player 2']['game']}/log",
                     headers=h(r1["Player 2"]["key"])).get_data(as_text=True)
    assert SECRET in log


def test_the_report_and_the_signed_event_file_list_penalties_per_player(client: FlaskClient, catalog: Catalog,
                                                                         tmp_path: Path) -> None:
    ev, _, r2 = _two_rounds(client, catalog)
    eid, judge = ev["event"]["id"], ev["judge"]["key"]
    _penalty(client, ev, r2["Player 1"], "game_loss", "marked sleeves", "pen-r2-000001")
    rep = client.get(f"/api/event/{eid}/report", headers=h(judge)).get_json()
    assert [(p["name"], len(p["penalties"])) for p in rep["penalties_by_player"]] == [("Player 1", 2)]
    for lang, first, second in (("en", f"Round 1 · table 1 · warning: {SECRET}", "Round 2 · table 2 · game loss: "
                                 "marked sleeves"),
                                ("de", f"Runde 1 · Tisch 1 · Verwarnung: {SECRET}", "Runde 2 · Tisch 2 · Spielverlust: "
                                 "marked sleeves")):
        pdf = client.get(f"/api/event/{eid}/report?format=pdf&lang={lang}", headers=h(judge))
        assert pdf.status_code == 200
        (tmp_path / "r.pdf").write_bytes(pdf.data)
        words = subprocess.run(["pdftotext", str(tmp_path / "r.pdf"), "-"], capture_output=True, text=True,
                               check=True).stdout
        section = words.split(text("ev.h.penalties_by_player", lang))[1]
        assert "Player 1 (2)" in section and first in section and second in section, (lang, section[:600])
        assert section.index(first) < section.index(second)
    export = client.get(f"/api/event/{eid}/export", headers=h(judge))
    with zipfile.ZipFile(io.BytesIO(export.data)) as z:
        manifest = json.loads(z.read("manifest.json"))
    assert [(p["name"], [x["round"] for x in p["penalties"]]) for p in manifest["penalties"]] == [("Player 1", [1, 2])]
    assert verify_manifest(manifest) == []
    # The signature covers them: a penalty changed, or one taken away, is named by its player.
    changed = json.loads(json.dumps(manifest))
    changed["penalties"][0]["penalties"][0]["penalty"] = "disqualification"
    assert verify_manifest(changed) == ["penalties of Player 1: penalties.0.penalty changed"]
    removed = json.loads(json.dumps(manifest))
    del removed["penalties"][0]["penalties"][1]
    assert any(p.startswith("penalties of Player 1: penalties.1.") and p.endswith("removed")
               for p in verify_manifest(removed)), verify_manifest(removed)


def test_advice_never_upgrades_and_cites_every_note() -> None:
    earlier = [{"round": 1, "table": 3, "penalty": "warning"}]
    for before in ([], earlier, earlier * 3):
        for level in (None, "warning", "game_loss", "disqualification"):
            out = advice(before, level)
            assert out["upgrade"] is False
            assert all(n["citation"] == CITES[n["cite"]] and n["msg"].startswith("ev.pen.advice.")
                       for n in out["notes"])
            assert bool(out["notes"]) == bool(before or level in ("disqualification", "game_loss"))
            # A game loss sets no result: the advice says to enter it (a judge trial's result stayed a win)
            assert ("ev.pen.advice.game_loss" in [n["msg"] for n in out["notes"]]) == (level == "game_loss")
    grouped = by_player([{"player": 2, "name": "bo", "round": 1}, {"player": 1, "name": "Ann", "round": 2},
                         {"player": 2, "name": "bo", "round": 3}])
    assert [(g["name"], [p["round"] for p in g["penalties"]]) for g in grouped] == [("Ann", [2]), ("bo", [1, 3])]


def test_the_dashboard_carries_every_players_penalties(client: FlaskClient, catalog: Catalog) -> None:
    """The judge's list of penalties comes with the dashboard, which the event's live stream sends: a penalty
    another judge gives is on every open dashboard with the update its table's commit wakes (it was read on its
    own, at most every 10 s)."""
    ev, _, r2 = _two_rounds(client, catalog)
    eid, judge = ev["event"]["id"], ev["judge"]["key"]
    board = client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).get_json()
    assert [(p["name"], [x["penalty"] for x in p["penalties"]]) for p in board["penalties"]] == \
        [("Player 1", ["warning"])]
    _penalty(client, ev, r2["Player 1"], "game_loss", "marked sleeves", "pen-r2-000001")
    board = client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).get_json()
    assert [(x["round"], x["table"], x["penalty"], x["text"]) for x in board["penalties"][0]["penalties"]] == \
        [(1, 1, "warning", SECRET), (2, 2, "game_loss", "marked sleeves")]
    # An earlier round's dashboard lists them too (the list is the event's, not the round's).
    assert client.get(f"/api/event/{eid}/dashboard?round=1", headers=h(judge)).get_json()["penalties"] == \
        board["penalties"]


def test_the_organisers_page_reads_every_players_penalties(client: FlaskClient, catalog: Catalog) -> None:
    ev, _, r2 = _two_rounds(client, catalog)
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    _penalty(client, ev, r2["Player 3"], "disqualification", "collusion", "pen-r2-000002")
    got = client.get(f"/api/event/{eid}", headers=h(org)).get_json()["penalties"]
    assert [(p["name"], [(x["round"], x["penalty"]) for x in p["penalties"]]) for p in got] == \
        [("Player 1", [(1, "warning")]), ("Player 3", [(2, "disqualification")])]
    # The page that shows them: its box, and its words from the catalogue in both languages.
    page = client.get(f"/e/{eid}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert 'id="org-penalties"' in page and text("ev.pen.organiser_hint", "de") in page
    # A seat's key reads the event's page of no one: its penalties never reach a player.
    assert client.get(f"/api/event/{eid}", headers=h(r2["Player 1"]["key"])).status_code == 401


def test_a_disqualification_reads_as_the_judges_recommendation() -> None:
    """Tournament Regulations › Marshal: a disqualification is recommended to the organiser, who decides; the
    level's words say so wherever a penalty is listed (page, report, PDF)."""
    from companion.events.report import penalty_words

    item = {"round": 2, "table": 1, "penalty": "disqualification", "text": "collusion"}
    assert penalty_words(item, "en") == "Round 2 · table 1 · disqualification recommended: collusion"
    assert penalty_words(item, "de") == "Runde 2 · Tisch 1 · Disqualifikation empfohlen: collusion"
    assert all("v3.2 ›" in c for c in CITES.values())
