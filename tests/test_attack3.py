"""An attacker's pass over what changed lately, against a real server on loopback (tests/conftest.py's ``server``):
the event's penalties and rulings, key renewal while streams are open, the scan, the TTS chat's language, the
Shadow Empire's log and undo, and the event store's reads. Each test is a hole that was found, or a door that was
tried and held; what leaks is proved by the permutation property in tests/test_trust.py."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from tests.paper import claimed
from tests.server import Server, call
from tests.test_events import two_e_decks


def event_with_round(server: Server, catalog: Catalog) -> dict[str, Any]:
    """An event of four players, round 1 paired: its keys and each table's game and seat keys."""
    status, ev = call(server.url, "POST", "/api/event", {"name": "Kiel", "date": "2026-11-22", "rounds": 3,
                                                        "tables": 4})
    assert status == 201, ev
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    decks = two_e_decks(catalog)
    for i in range(4):
        status, p = call(server.url, "POST", f"/api/event/{eid}/players",
                         {"name": f"P{i + 1}", "decklist": decks[i % len(decks)], "request_id": f"reg-{i:06d}"}, org)
        assert status == 201, p
        if p["needs_confirmation"]:
            assert call(server.url, "POST", f"/api/event/{eid}/players/{p['player']['id']}/confirm", {}, org)[0] == 200
    status, r = call(server.url, "POST", f"/api/event/{eid}/rounds", {"csv": "1,P1,P2\n2,P3,P4\n"}, org)
    assert status == 201, r
    tables = {t["table"]: {"game": t["game"], **{s["seat"]: claimed(s["url"], server.url + "/api") for s in t["seats"]}}
              for t in r["tables"]}
    return {"id": eid, "organiser": org, "judge": ev["judge"]["key"], "tables": tables}


def test_a_correction_ruling_logs_its_action_and_its_ruling_whatever_its_request_id(
        server: Server, catalog: Catalog) -> None:
    """The correction's action was recorded under the ruling's request id with "-a" added, cut to 64 characters: a
    64-character id (the longest allowed) made the two the same, so the ruling answered "replayed" and was never
    logged; and another ruling sent with the id "<first>-a" answered the correction's action as its own."""
    ev = event_with_round(server, catalog)
    eid, judge, t = ev["id"], ev["judge"], ev["tables"][1]
    gid = t["game"]
    for n, rid in enumerate(("c" * 64, "c" * 63, "corr-000001")):
        status, game = call(server.url, "GET", f"/api/games/{gid}")
        before = game["version"]
        status, out = call(server.url, "POST", f"/api/event/{eid}/games/{gid}/rulings", {
            "type": "correction", "text": f"gold fixed {n}", "request_id": rid, "expected_version": before,
            "action": {"type": "gain_gold", "player": "A", "amount": 1}}, judge)
        assert status == 201, (rid, out)
        log = call(server.url, "GET", f"/api/games/{gid}/log?since={before}", key=t["A"])[1]["entries"]
        assert [e["kind"] for e in log] == ["action", "ruling"], (rid, log)
        assert log[1]["data"]["text"] == f"gold fixed {n}"
    # A note sent with the id the last correction's action used is a note of its own, not that action again.
    status, game = call(server.url, "GET", f"/api/games/{gid}")
    status, out = call(server.url, "POST", f"/api/event/{eid}/games/{gid}/rulings",
                       {"type": "note", "text": "a note", "request_id": "corr-000001-a"}, judge)
    assert status == 201, out
    log = call(server.url, "GET", f"/api/games/{gid}/log?since={game['version']}", key=t["A"])[1]["entries"]
    assert [(e["kind"], e["data"].get("text")) for e in log] == [("ruling", "a note")]


def test_a_judge_call_with_a_request_id_another_table_used_still_calls_the_judge(
        server: Server, catalog: Catalog) -> None:
    """A call's request id was remembered for the whole event as "seat:A:<id>" cut to 64 characters: seat A of
    table 2 sending the id seat A of table 1 had used (or any id sharing its first 57 characters) was answered
    "called" and no judge came."""
    ev = event_with_round(server, catalog)
    eid, judge = ev["id"], ev["judge"]

    def calls() -> list[tuple[int, str]]:
        flags = call(server.url, "GET", f"/api/event/{eid}/dashboard", key=judge)[1]
        return sorted((t["table"], f["detail"]["note"]) for t in flags["tables"] for f in t["flags"]
                      if f["kind"] == "call_judge")

    rid = "x" * 57 + "table-1"
    sent = [(1, "A", rid), (2, "A", rid), (1, "B", "y" * 57 + "1111111"), (2, "B", "y" * 57 + "2222222")]
    for table, seat, request_id in sent:
        at = ev["tables"][table]
        status, out = call(server.url, "POST", f"/api/event-tables/{at['game']}/call-judge",
                           {"request_id": request_id, "note": f"{table}{seat}"}, at[seat])
        assert status == 201 and "replayed" not in out, (table, seat, out)
    assert calls() == [(1, "1A"), (1, "1B"), (2, "2A"), (2, "2B")]
    # The same tap again is the same call.
    status, out = call(server.url, "POST", f"/api/event-tables/{ev['tables'][1]['game']}/call-judge",
                       {"request_id": rid, "note": "again"}, ev["tables"][1]["A"])
    assert status == 200 and out["replayed"] and len(calls()) == 4


def test_numbers_that_python_reads_as_digits_but_cannot_convert_are_a_4xx_naming_the_field(
        server: Server, catalog: Catalog) -> None:
    """str.isdigit() is true for "²" and for 5,000 digits, and int() refuses both: the going-to-time counts and a
    pairings CSV's table number answered 500."""
    ev = event_with_round(server, catalog)
    eid, judge, org, gid = ev["id"], ev["judge"], ev["organiser"], ev["tables"][1]["game"]
    for raw in ("%C2%B2", "1" * 5000, "-1", "201", "%D9%A3"):
        status, out = call(server.url, "GET", f"/api/event/{eid}/games/{gid}/going-to-time?deck_B={raw}", key=judge)
        assert status == 400 and out["error"]["details"]["field"] == "deck_B", (raw[:9], status, out)
    assert call(server.url, "GET", f"/api/event/{eid}/games/{gid}/going-to-time?deck_B=12", key=judge)[0] == 200
    for table in ("²", "1" * 5000, "٣"):
        status, out = call(server.url, "POST", f"/api/event/{eid}/rounds", {"csv": f"{table},P1,P2\n2,P3,P4\n"}, org)
        assert status == 400 and out["error"]["code"] == "bad_pairings", (table[:9], status, out)
        assert out["error"]["details"]["problems"][0]["line"] == 1, out


def test_a_decklist_line_with_a_count_of_thousands_of_digits_is_a_problem_of_its_line(server: Server) -> None:
    """A text decklist's count went to int() whole: 5,000 digits answered 500 on the phone's deck and the event's
    registration alike."""
    status, g = call(server.url, "POST", "/api/games", {"seats": ["A", "B"]})
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    for count in ("1" * 5000, "1234567"):
        status, out = call(server.url, "PUT", f"/api/games/{gid}/seats/A/deck",
                           {"expected_version": 0, "text": f"Lannister\n{count}x Tyrion Lannister (Core Set)\n"}, ka)
        assert status == 400 and out["error"]["code"] == "bad_deck", (status, out)
        assert [p["line"] for p in out["error"]["details"]["problems"]] == [2], out


def test_shadow_empire_taps_and_undos_racing_count_once(server: Server) -> None:
    """Eight copies of one record (a double tap and retries racing), then eight undos of it from eight phones at
    once: one record, one undo, its line gone from the log's history; the others replayed or refused, never a 5xx."""
    status, g = call(server.url, "POST", "/api/tapestry/games", {"humans": ["Ann", "Bob"]})
    assert status == 201, g
    gid, key = g["game"]["id"], g["key"]
    v = call(server.url, "GET", f"/api/tapestry/games/{gid}")[1]["version"]
    entry = {"type": "income_turn", "human": "Ann"}

    def race(path: str, bodies: list[dict[str, Any]]) -> list[int]:
        out: list[int] = []
        threads = [threading.Thread(target=lambda b=b: out.append(call(server.url, "POST", path, b, key)[0]))
                   for b in bodies]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return sorted(out)

    codes = race(f"/api/tapestry/games/{gid}/entries",
                 [{"expected_version": v, "entry": entry, "request_id": "tap-income-1"}] * 8)
    assert codes == [200] * 7 + [201], codes
    state = call(server.url, "GET", f"/api/tapestry/games/{gid}")[1]
    assert state["version"] == v + 1 and state["state"]["income_turns"]["Ann"] == 1
    assert len(state["state"]["history"]) == 1
    codes = race(f"/api/tapestry/games/{gid}/undo",
                 [{"expected_version": v + 1, "request_id": f"undo-phone-{n}"} for n in range(8)])
    assert codes == [201] + [409] * 7, codes
    state = call(server.url, "GET", f"/api/tapestry/games/{gid}")[1]
    assert state["version"] == v + 2 and state["state"]["income_turns"]["Ann"] == 0 and state["state"]["history"] == []
    # A spectator (no key) reads the table but records nothing.
    status, out = call(server.url, "POST", f"/api/tapestry/games/{gid}/undo", {"expected_version": v + 2})
    assert status in (401, 403), out


def test_a_key_renewed_between_its_check_and_its_stream_opening_gets_nothing_of_the_new_key(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stream route's key is checked (``@requires``) before the stream reads the hub's key epoch: a renewal in
    between moved the epoch before the stream looked, so it never checked the key again and carried the seat's
    table, with what the new phone did, to the old key for as long as it stayed open. (Injected at that moment, in
    process, as tests/test_keys_stream_race.py injects its renewal; a thief reopening streams in a loop meets it.)"""
    from tests.test_keys_stream_race import renew_on_a_new_phone

    g = client.post("/api/games", json={"seats": [{"seat": "A", "name": "Jana"}, {"seat": "B", "name": "Tom"}]})
    g = g.get_json()
    gid, ka, kb, host = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"], g["host"]["key"]
    for n, (seat, key, deck) in enumerate((("A", ka, {"13089": 1, "00168": 1}), ("B", kb, {"01091": 1}))):
        r = client.put(f"/api/games/{gid}/seats/{seat}/deck", json={"expected_version": n, "deck": deck},
                       headers={"Authorization": f"Bearer {key}"})
        assert r.status_code == 200
    client.application.config["STREAM_KEEPALIVE"] = 0.2
    hub = client.application.extensions["companion"]["services"].hub
    admit = hub.admit
    new_key: list[str] = []

    def renewed_meanwhile(*args: Any) -> None:
        renew_on_a_new_phone(client, gid, host, new_key)
        admit(*args)

    monkeypatch.setattr(hub, "admit", renewed_meanwhile)
    stream = client.get(f"/api/games/{gid}/events?since=0", headers={"Authorization": f"Bearer {ka}"},
                        buffered=False)
    text = f"{stream.status_code} "
    if stream.status_code == 200:
        for chunk in stream.response:
            text += chunk.decode() if isinstance(chunk, bytes) else chunk
            if "revoked" in text or "Tyrion" in text or text.count("keepalive") > 2:
                break
    else:
        text += stream.get_data(as_text=True)
    stream.close()
    assert new_key, "the key was not renewed"
    assert "Tyrion" not in text and "13089" not in text, text[:600]
    assert text.startswith("401 ") or "event: revoked" in text, text[:600]


def get_bytes(server: Server, path: str, key: str) -> bytes:
    req = urllib.request.Request(server.url + path, headers={"Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return bytes(r.read())


def test_the_organisers_report_names_no_card_a_seat_tried_while_it_was_hidden(server: Server, catalog: Catalog) -> None:
    """A strict table's refused move is a flag for the judge, with the move as the seat sent it and the rule broken
    in words: Arya Stark from her setup hand, say. The report listed it, cards and rules, to the organiser's key as
    well, in the page and the PDF (the organiser sees no hidden card: not the dashboard, not a moment, not the
    event file). The organiser reads that a flag was raised, when and about whom; the judge reads it whole."""
    from tests.test_events_record import pdf_text

    ev = event_with_round(server, catalog)
    eid, judge, org, t = ev["id"], ev["judge"], ev["organiser"], ev["tables"][1]
    gid, ka = t["game"], t["A"]
    found = call(server.url, "GET", f"/api/games/{gid}/find?q=arya", key=ka)[1]["cards"][0]
    version = call(server.url, "GET", f"/api/games/{gid}", key=ka)[1]["version"]
    for kind in ("setup_into_shadows", "bring_out"):  # Arya has no Shadow keyword; she is not in shadows
        action = {"type": kind, "player": "A", "card": found["id"]}
        status, out = call(server.url, "POST", f"/api/games/{gid}/actions",
                           {"action": action, "expected_version": version}, ka)
        assert status == 422, out
    secrets = (found["id"], found["code"], found["name"], "shadows.")  # (a rule id can give the card away too)
    deadline = time.time() + 10
    while not (judges := call(server.url, "GET", f"/api/event/{eid}/report", key=judge)[1])["tables"][0]["flags"]:
        assert time.time() < deadline, "no flag"
        time.sleep(0.1)
    assert found["name"] in json.dumps(judges)  # the judge's report names the card
    report = call(server.url, "GET", f"/api/event/{eid}/report", key=org)[1]
    flags = report["tables"][0]["flags"]
    assert [f["kind"] for f in flags] == [f["kind"] for f in judges["tables"][0]["flags"]]
    assert all(f["detail"].get("who") == "P1" for f in flags), flags
    text = json.dumps(report)
    assert not [s for s in secrets if s in text], [s for s in secrets if s in text]
    for lang in ("en", "de"):
        pdf = "\n".join(pdf_text(get_bytes(server, f"/api/event/{eid}/report?format=pdf&lang={lang}", org)))
        assert not [s for s in secrets if s in pdf] and "P1" in pdf, pdf[:2000]


def test_the_organisers_print_never_renews_a_seat_key_of_a_table_that_began_meanwhile(
        client: FlaskClient, catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    """The organiser prints a round's seat sheets until its games begin: decided once, then every seat's key
    renewed table by table. A table whose first move landed in between had its players' keys replaced mid-game
    (their phones stopped, with no flag for the judge) and the organiser's sheet held a live seat key of a running
    game, which no organiser route may hand out. (Injected at that moment, in process.)"""
    from tests.test_events import h, make_event
    from tests.test_events_record import pdf_text

    ev = make_event(client, catalog)
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    r = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                    json={"csv": "1,Player 1,Player 2\n2,Player 3,Player 4\n"})
    assert r.status_code == 201, r.get_json()
    table1 = r.get_json()["tables"][0]
    gid, ka = table1["game"], claimed(table1["seats"][0]["url"], client)
    events = client.application.extensions["companion"]["events"].events
    decided = events.round_started

    def first_move_meanwhile(event_id: str, number: int) -> bool:
        started = decided(event_id, number)

        def her_first_move() -> None:  # her phone's own request, on a thread of its own
            version = client.get(f"/api/games/{gid}").get_json()["version"]
            moved.append(client.post(f"/api/games/{gid}/actions", headers=h(ka), json={
                "action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": version}).status_code)

        t = threading.Thread(target=her_first_move)
        t.start()
        t.join()
        return started

    moved: list[int] = []

    monkeypatch.setattr(events, "round_started", first_move_meanwhile)
    sheets = client.post(f"/api/event/{eid}/rounds/1/sheets", headers=h(org), json={"confirm": True})
    assert moved == [201]
    assert client.get(f"/api/games/{gid}/view", headers=h(ka)).status_code == 200  # her key still opens her table
    log = client.get(f"/api/games/{gid}/log", headers=h(ka)).get_json()["entries"]
    assert log[-1]["kind"] == "action", log[-1]  # no key renewed after her move
    if sheets.status_code == 200:  # the other table's sheets, not this one's
        pages = pdf_text(sheets.data)
        assert len(pages) == 2 and not any(gid in p for p in pages)
    else:
        assert sheets.status_code in (403, 409), sheets.get_json()


def first_chunk(server: Server, path: str, key: str) -> tuple[int, str]:
    """A live stream's status and its first event (or the refusal), over the real server."""
    req = urllib.request.Request(server.url + path, headers={"Authorization": f"Bearer {key}"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            text = ""
            while "data:" not in text:
                text += r.readline().decode()
            return r.status, text
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_after_a_renewal_a_streams_key_is_checked_as_it_opens_and_others_still_open(server: Server) -> None:
    """The stream's check at opening (a game whose keys changed since the server started) on the real server: the
    renewed seat's old key gets 401, the new one and the other seat's stream open and read their own table."""
    status, g = call(server.url, "POST", "/api/games", {"seats": ["A", "B"]})
    gid, ka, kb, host = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"], g["host"]["key"]
    assert call(server.url, "PUT", f"/api/games/{gid}/seats/A/deck",
                {"expected_version": 0, "deck": {"13089": 1}}, ka)[0] == 200
    status, renewed = call(server.url, "POST", f"/api/games/{gid}/seats/B/key", {}, host)
    assert status == 200, renewed
    assert first_chunk(server, f"/api/games/{gid}/events?since=0", kb)[0] == 401
    status, text = first_chunk(server, f"/api/games/{gid}/events?since=0", renewed["key"])
    assert status == 200 and '"viewer":{"role":"seat","seat":"B"}' in text, text[:300]
    status, text = first_chunk(server, f"/api/games/{gid}/events?since=0", ka)
    assert status == 200 and '"viewer":{"role":"seat","seat":"A"}' in text, text[:300]


def test_an_event_request_id_is_a_replay_only_of_the_same_write_by_the_same_key(
        server: Server, catalog: Catalog) -> None:
    """The event remembered request ids for the whole event, whichever key sent them and to whichever route: the
    judge dropping P4 with the id the organiser had used to drop P3 was answered "P3 dropped" and P4 played on; a
    deck confirmed with the id of a registration was answered with the registration. The same write again is
    still one write."""
    status, ev = call(server.url, "POST", "/api/event", {"name": "Kiel", "date": "2026-11-22", "rounds": 3,
                                                        "tables": 4})
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    decks = two_e_decks(catalog)
    status, p1 = call(server.url, "POST", f"/api/event/{eid}/players",
                      {"name": "P1", "decklist": decks[0], "request_id": "same-id-0001"}, org)
    assert status == 201 and p1["needs_confirmation"], p1  # (the shared decks break the newest restricted list)
    status, out = call(server.url, "POST", f"/api/event/{eid}/players/{p1['player']['id']}/confirm",
                       {"request_id": "same-id-0001"}, org)
    assert status == 200 and "replayed" not in out and out["player"]["confirmed"], out
    ids = []
    for n in range(2, 5):
        status, p = call(server.url, "POST", f"/api/event/{eid}/players",
                         {"name": f"P{n}", "decklist": decks[n % len(decks)], "request_id": f"reg-{n:08d}"}, org)
        assert status == 201, p
        ids.append(p["player"]["id"])
    for key, pid in ((org, ids[1]), (judge, ids[2])):
        status, out = call(server.url, "POST", f"/api/event/{eid}/players/{pid}/drop",
                           {"request_id": "drop-00001"}, key)
        assert status == 200 and out["player"] == pid and "replayed" not in out, out
    status, again = call(server.url, "POST", f"/api/event/{eid}/players/{ids[2]}/drop", {"request_id": "drop-00001"},
                         judge)
    assert status == 200 and again["replayed"] and again["player"] == ids[2], again
    players = call(server.url, "GET", f"/api/event/{eid}", key=org)[1]["players"]
    assert sorted(p["id"] for p in players if p["dropped_after"] is not None) == ids[1:], players


def test_every_refusal_of_a_bad_query_or_body_names_its_field(server: Server, catalog: Catalog) -> None:
    """These 400s said what was wrong in words only: a page or a client could not tell which field to mark."""
    status, g = call(server.url, "POST", "/api/games", {"seats": ["A", "B"]})
    gid, ka, host = g["game"]["id"], g["seats"][0]["key"], g["host"]["key"]
    assert call(server.url, "PUT", f"/api/games/{gid}/seats/A/deck",
                {"expected_version": 0, "deck": {"13089": 1}}, ka)[0] == 200
    table_key = call(server.url, "POST", f"/api/games/{gid}/table-key", {}, host)[1]["key"]
    ev = event_with_round(server, catalog)
    eid, judge, t = ev["id"], ev["judge"], ev["tables"][1]
    tokens = {f"kind{n}": 1 for n in range(40)}
    tried = [
        ("GET", "/api/cards?q=tyrion&edition=3e", None, None, "edition"),
        ("GET", "/api/cards?q=%20", None, None, "q"),
        ("GET", "/api/cards?q=" + "x" * 201, None, None, "q"),
        ("POST", "/api/games", {"seats": ["A", "A"]}, None, "seats"),
        ("GET", f"/api/games/{gid}/verify?seen=nonsense", None, None, "seen"),
        ("GET", f"/api/games/{gid}/find?q=", None, ka, "q"),
        ("POST", f"/api/event/{eid}/rounds/1/sheets", {"confirm": False}, judge, "confirm"),
        ("POST", f"/api/event/{eid}/games/{t['game']}/rulings",
         {"type": "note", "rule": "no-such-rule", "request_id": "rule-00000001"}, judge, "rule"),
        ("POST", f"/api/tts/games/{gid}/snapshot", {"colour": "Red", "seat": "A", "cards": [
            {"guid": "g1", "code": "13089", "face_down": True, "tokens": tokens}]}, table_key, "cards[0].tokens"),
        ("POST", f"/api/tts/games/{gid}/snapshot", {"colour": "Red", "seat": "A", "cards": [
            {"guid": "g1", "code": "13089", "face_down": True, "tokens": {"gold": -1}}]}, table_key, "cards[0].tokens"),
    ]
    for method, path, body, key, field in tried:
        status, out = call(server.url, method, path, body, key)
        assert status == 400 and out["error"]["details"].get("field") == field, (path[:60], status, out)
