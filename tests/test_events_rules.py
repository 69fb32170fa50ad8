"""Events and the rules (issue 15): time called through a table's taxation phase and a late extension,
dominance claimed by a seat for itself, the deck check's sightings (scans, TTS snapshots) flagged once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from companion.service import TableService
from tests.paper import claimed
from tests.test_events import (
    flags_of,
    h,
    make_event,
    regular_draws,
    two_e_decks,
)


class Table:
    """One event table driven through the API: its game, both seats' keys, the judge's and the version."""

    def __init__(self, c: FlaskClient, catalog: Catalog, mode: str = "advisory") -> None:
        r = c.post("/api/event", json={"name": "Time", "rounds": 1, "tables": 4})
        ev = r.get_json()
        self.c, self.eid, self.org, self.judge = c, ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
        deck = two_e_decks(catalog)[0]
        self.catalog, self.deck, self.drawn = catalog, deck, 0
        for name in ("Ann", "Ben"):  # the same deck: equal power and draw decks until something differs
            r = c.post(f"/api/event/{self.eid}/players", headers=h(self.org), json={"name": name, "decklist": deck})
            assert r.status_code == 201
            pid = r.get_json()["player"]["id"]
            c.post(f"/api/event/{self.eid}/players/{pid}/confirm", headers=h(self.org), json={})
        table = c.post(f"/api/event/{self.eid}/rounds", headers=h(self.org),
                       json={"csv": "1,Ann,Ben", "mode": mode}).get_json()["tables"][0]
        self.gid = table["game"]
        self.keys = {s: claimed(x["url"], c) for s, x in zip("AB", table["seats"], strict=True)}
        self.version = c.get(f"/api/games/{self.gid}/view", headers=h(self.keys["A"])).get_json()["version"]

    def act(self, key: str, action: dict[str, Any]) -> Any:
        """Post ``action``; a 409 because time was called in between is caught up once (as a phone does)."""
        r = self.c.post(f"/api/games/{self.gid}/actions", headers=h(key),
                        json={"action": action, "expected_version": self.version})
        if r.status_code == 409 and "version" in (r.get_json()["error"].get("details") or {}):
            self.version = r.get_json()["error"]["details"]["version"]
            r = self.c.post(f"/api/games/{self.gid}/actions", headers=h(key),
                            json={"action": action, "expected_version": self.version})
        if r.status_code == 201:
            self.version = r.get_json()["version"]
        return r

    def draws(self, n: int) -> None:
        """Both seats record ``n`` draws (7 at setup, 2 each draw phase): the draw decks are tracked."""
        for seat, key in self.keys.items():
            for action in regular_draws(self.catalog, self.deck, seat, n, self.drawn):
                assert self.act(key, action).status_code == 201
        self.drawn += n

    def phases(self, *names: str) -> None:
        for phase in names:
            r = self.act(self.keys["A"], {"type": "begin_phase", "phase": phase})
            assert r.status_code == 201, r.get_json()

    def run_out_the_clock(self, minutes: int = 55) -> None:
        assert self.c.post(f"/api/event/{self.eid}/rounds/1/clock", headers=h(self.org),
                           json={"seconds_ago": minutes * 60 + 5}).status_code == 200

    def extend(self, minutes: int, rid: str) -> Any:
        r = self.c.post(f"/api/event/{self.eid}/games/{self.gid}/rulings", headers=h(self.judge),
                        json={"type": "time_extension", "minutes": minutes, "text": "late start", "request_id": rid})
        assert r.status_code == 201, r.get_json()
        return r.get_json()

    def results(self) -> list[Any]:
        """The result as the dashboard and both phones show it."""
        row = self.c.get(f"/api/event/{self.eid}/dashboard", headers=h(self.judge)).get_json()["tables"][0]
        phones = [self.c.get(f"/api/event-tables/{self.gid}", headers=h(k)).get_json()["result"]
                  for k in self.keys.values()]
        return [row["result"] and {k: row["result"].get(k) for k in ("winner", "winner_name", "by_time")}, *phones]

    def log(self) -> list[dict[str, Any]]:
        return self.c.get(f"/api/games/{self.gid}/log", headers=h(self.keys["A"])).get_json()["entries"]  # type: ignore[no-any-return]


def test_the_going_to_time_result_follows_the_table_until_taxation_ends(client: FlaskClient,
                                                                       catalog: Catalog) -> None:
    t = Table(client, catalog)
    t.phases("plot", "draw", "marshaling", "challenges", "dominance")
    assert t.act(t.keys["B"], {"type": "win_dominance", "player": "B"}).status_code == 201
    # Dominance adds its power (issue 21); A's renown evens the totals, so dominance is what decides.
    assert t.act(t.keys["A"], {"type": "gain_power", "player": "A", "amount": 1}).status_code == 201
    t.run_out_the_clock()
    t.phases("standing", "taxation")
    # The draws were not recorded: the draw decks are a guess, so no result until the judge counts them.
    assert t.results() == [None, None, None]
    t.draws(9)  # the setup draw and round 1's draw phase, recorded late
    assert t.results() == [{"winner": "B", "winner_name": "Ben", "by_time": "dominance"}] * 3
    # Power gained in the taxation phase still counts: the game is over when taxation ends.
    assert t.act(t.keys["A"], {"type": "gain_power", "player": "A", "amount": 1}).status_code == 201
    assert t.results() == [{"winner": "A", "winner_name": "Ann", "by_time": "power_needed"}] * 3
    # A result the judge sets stands: the table's later moves do not overwrite it.
    r = client.post(f"/api/event/{t.eid}/games/{t.gid}/result", headers=h(t.judge),
                    json={"winner": "B", "reason": "concession", "change": True})
    assert r.status_code == 200
    assert t.act(t.keys["B"], {"type": "gain_power", "player": "B", "amount": 3}).status_code == 201
    assert t.results()[0] == {"winner": "B", "winner_name": "Ben", "by_time": None}


def test_a_late_extension_lifts_time_and_takes_the_going_to_time_result_back(client: FlaskClient,
                                                                           catalog: Catalog) -> None:
    t = Table(client, catalog)
    t.phases("plot", "draw", "marshaling", "challenges", "dominance")
    t.draws(9)
    assert t.act(t.keys["A"], {"type": "win_dominance", "player": "A"}).status_code == 201
    t.run_out_the_clock(60)  # five minutes past the deadline
    t.phases("standing", "taxation")
    assert t.results()[0]["winner"] == "A"
    # Too short to move the deadline past now: time stays called, the result stands.
    assert t.extend(2, "ext-short-01")["time_lifted"] is False
    assert t.results()[0]["winner"] == "A"
    r = t.act(t.keys["A"], {"type": "begin_phase", "phase": "plot"})  # advisory: recorded as illegal
    assert r.status_code == 201 and not r.get_json()["verdict"]["legal"]
    assert [v["rule"] for v in r.get_json()["verdict"]["violations"]] == ["time.called"]
    flags = [f["kind"] for f in flags_of(client, t.eid, t.judge, 1) if f["seq"] == t.version]
    assert flags == ["after_time"]  # one flag, of its own kind, as urgent as an illegal move
    for f in flags_of(client, t.eid, t.judge, 1):  # the judge clears the rest (advisory's earlier flags)
        if f["kind"] != "after_time":
            client.post(f"/api/event/{t.eid}/flags/{f['id']}/clear", headers=h(t.judge))
    row = client.get(f"/api/event/{t.eid}/dashboard", headers=h(t.judge)).get_json()["tables"][0]
    assert row["open_flags"] == 1 and row["urgency"] == 2
    r = client.post(f"/api/games/{t.gid}/undo", headers=h(t.keys["A"]), json={"expected_version": t.version})
    assert r.status_code == 201, r.get_json()
    t.version = r.get_json()["version"]
    # Long enough: the call is lifted in the log, the result is taken back everywhere, a new round begins.
    assert t.extend(20, "ext-long-001")["time_lifted"] is True
    assert t.results() == [None, None, None]
    calls = [e["data"] for e in t.log() if e["kind"] == "action" and e["data"]["type"] == "call_time"]
    assert calls == [{"type": "call_time"}, {"type": "call_time", "lifted": True}]
    r = t.act(t.keys["A"], {"type": "begin_phase", "phase": "plot"})
    assert r.status_code == 201 and r.get_json()["verdict"]["legal"]
    # When the extended deadline passes too, time is called again: once, with the new deadline.
    t.run_out_the_clock(55 + 2 + 20)
    for _ in range(3):
        client.get(f"/api/event/{t.eid}/dashboard", headers=h(t.judge))
    calls = [e["data"] for e in t.log() if e["kind"] == "action" and e["data"]["type"] == "call_time"]
    assert calls == [{"type": "call_time"}, {"type": "call_time", "lifted": True}, {"type": "call_time"}]


def test_an_extension_before_the_deadline_moves_it(client: FlaskClient, catalog: Catalog) -> None:
    t = Table(client, catalog)
    t.run_out_the_clock(50)  # five minutes left
    assert t.extend(10, "ext-early-01")["time_lifted"] is False  # nothing to lift
    t.run_out_the_clock(56)  # past the round's 55 minutes, not past this table's 65
    row = client.get(f"/api/event/{t.eid}/dashboard", headers=h(t.judge)).get_json()["tables"][0]
    assert row["clock"]["extension"] == 10 and not row["clock"]["time_called"] and not row["time_called"]
    t.phases("plot")
    assert not [e for e in t.log() if e["kind"] == "action" and e["data"]["type"] == "call_time"]
    t.run_out_the_clock(66)
    r = t.act(t.keys["A"], {"type": "begin_phase", "phase": "draw"})  # the next write finds time called first
    assert r.status_code == 201
    types = [e["data"]["type"] for e in t.log() if e["kind"] == "action"]
    assert types[-2:] == ["call_time", "begin_phase"]


def test_a_seat_claims_dominance_for_itself_and_going_to_time_asks_for_the_final_rounds(
        client: FlaskClient, catalog: Catalog) -> None:
    t = Table(client, catalog)
    t.phases("plot", "draw", "marshaling", "challenges", "dominance")
    r = t.act(t.keys["A"], {"type": "win_dominance", "player": "B"})  # not A's to say for B
    assert r.status_code == 403 and "seat B" in r.get_json()["error"]["message"]
    assert t.act(t.keys["A"], {"type": "win_dominance"}).status_code == 201  # nobody: a seat may say so
    # Its own claim again: recorded at this advisory table, and flagged: dominance is recorded once a round, and
    # the totals (nothing standing, no gold on either side) give it to nobody (RR: Appendix I › 5.2).
    r = t.act(t.keys["A"], {"type": "win_dominance", "player": "A"})
    flagged = [v["rule"] for v in r.get_json()["verdict"]["violations"]]
    assert r.status_code == 201 and flagged == ["dominance.once", "dominance.totals"], flagged
    # Dominance adds its power (issue 21); B's renown evens the totals, so power decides nothing below.
    assert t.act(t.keys["B"], {"type": "gain_power", "player": "B", "amount": 1}).status_code == 201
    # Round 2 goes to time without a dominance record: round 1's does not count for the final round.
    t.phases("standing", "taxation", "plot", "draw", "marshaling", "challenges", "dominance", "standing")
    t.draws(11)  # 7 at setup, 2 in each of two draw phases
    t.run_out_the_clock()
    t.phases("taxation")
    url = f"/api/event/{t.eid}/games/{t.gid}/going-to-time"
    steps = client.get(url, headers=h(t.judge)).get_json()
    dominance = next(s for s in steps["steps"] if s["step"] == "dominance")
    assert dominance["values"] == {"A": None, "B": None} and dominance.get("skipped")
    assert steps["winner"] is None and steps["decided_by"] == "first_player"
    assert t.results() == [None, None, None]  # the first player chooses: the judge records it
    # The judge asks the players and names the final round's dominance: it decides.
    steps = client.get(url + "?dominance=B", headers=h(t.judge)).get_json()
    assert steps["winner"] == "B" and steps["decided_by"] == "dominance"


def test_draws_recorded_as_counts_are_tracked_draw_decks_and_going_to_time_agrees_with_the_table(
        client: FlaskClient, catalog: Catalog) -> None:
    """The phones record the regular draws as counts ("Drew 7" at setup, "Drew 2" in the draw phase: no card named).
    The going-to-time draw-deck step reads them as tracked, each deck less the cards drawn (it took them for
    untracked and asked the judge to count), and the event's result is the winner the table's own ending names."""
    t = Table(client, catalog)
    for seat, key in t.keys.items():
        assert t.act(key, {"type": "draw_cards", "player": seat, "count": 7}).status_code == 201
    t.phases("plot", "draw")
    for seat, key in t.keys.items():  # Ann draws one card more (flagged at this advisory table): Ben's deck is larger
        assert t.act(key, {"type": "draw_cards", "player": seat, "count": 3 if seat == "A" else 2}).status_code == 201
    # The phones keep the power (nobody has any yet): the table's totals are tracked, and power ties.
    assert t.act(t.keys["A"], {"type": "set_power", "player": "A", "amount": 0}).status_code == 201
    t.run_out_the_clock()
    t.phases("marshaling", "challenges", "dominance", "standing", "taxation")
    steps = client.get(f"/api/event/{t.eid}/games/{t.gid}/going-to-time", headers=h(t.judge)).get_json()
    size = client.get(f"/api/games/{t.gid}/view", headers=h(t.keys["A"])).get_json()
    counts = {p["seat"]: p["deck"]["count"] for p in size["players"]}
    assert {s: d["count"] for s, d in steps["draw_decks"].items()} == counts == {"A": counts["B"] - 1, "B": counts["B"]}
    assert steps["sources"]["draw_deck"] == {"A": "tracked", "B": "tracked"} and not steps.get("needs"), steps
    assert steps["winner"] == "B" and steps["decided_by"] == "draw_deck"
    assert [x and x["winner"] for x in t.results()] == ["B", "B", "B"]
    assert t.act(t.keys["A"], {"type": "go_to_time"}).status_code == 201
    view = client.get(f"/api/games/{t.gid}/view", headers=h(t.keys["A"])).get_json()
    assert view["now"]["lines"][0]["player"] == "Ben", view["now"]["lines"]  # the table's ending: Ben wins too
    assert [x and x["winner"] for x in t.results()] == ["B", "B", "B"]


def test_a_tie_to_the_end_chosen_at_the_table_is_proposed_as_a_modified_win(client: FlaskClient,
                                                                            catalog: Catalog) -> None:
    """Going to time with every step tied (the same deck, the same draws, nobody's dominance): the table goes to time
    and the first player chooses the winner there (the rules' own ending). The event proposes that choice to both
    phones as the modified win it is (Tournament Regulations › End of Round › Going to Time), not as a victory
    condition (it did), and both seats confirming it settle the result."""
    t = Table(client, catalog)
    t.phases("plot", "draw", "marshaling", "challenges", "dominance")
    t.draws(9)
    assert t.act(t.keys["A"], {"type": "win_dominance"}).status_code == 201  # nobody: the step ties
    assert t.act(t.keys["B"], {"type": "set_power", "player": "B", "amount": 0}).status_code == 201  # power kept
    t.run_out_the_clock()
    t.phases("standing", "taxation")

    def info() -> Any:
        return client.get(f"/api/event-tables/{t.gid}", headers=h(t.keys["B"])).get_json()

    assert info()["chooser"] == "A" and info()["proposed"] is None
    assert t.act(t.keys["A"], {"type": "go_to_time"}).status_code == 201
    assert t.act(t.keys["A"], {"type": "choose_winner", "player": "A", "winner": "B"}).status_code == 201
    assert info()["proposed"] == {"winner": "B", "ending": "time", "modified": True}
    for seat in "AB":  # each phone confirms the proposal as it stands
        r = client.post(f"/api/event-tables/{t.gid}/report", headers=h(t.keys[seat]),
                        json={**info()["proposed"], "request_id": f"tie-chosen-{seat}"})
        assert r.status_code == 201, r.get_json()
    assert r.get_json()["status"] == "agreed"
    assert [x and x["winner"] for x in t.results()] == ["B", "B", "B"]
    row = client.get(f"/api/event/{t.eid}/dashboard", headers=h(t.judge)).get_json()["tables"][0]
    assert row["result"]["modified"], row["result"]


def test_deck_check_sightings_are_flagged_once_per_card_and_foreign_labels_by_count(
        client: FlaskClient, catalog: Catalog) -> None:
    """A TTS snapshot or a scan sees the same cards again and again: each card outside the registered
    list is one flag at the table, not one per sighting; a new card is a new flag. A label of no deck at
    the table is a problem only beyond every seat's registered count."""
    import random

    from companion.bench.scan import synthetic_frame
    from companion.catalog.decks import parse_deck
    from companion.rules.roles import JUDGE
    from companion.scan.labels import Label
    from companion.scan.render import label_image

    ev = make_event(client, catalog)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    t = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                    json={"csv": "5,Player 1,Player 2"}).get_json()["tables"][0]
    gid, ka = t["game"], claimed(t["seats"][0]["url"], client)
    services = client.application.extensions["companion"]["services"]
    # Registered decks carry no label tag: a scanned label is "?.code.copy", checked against every seat's count.
    assert services.store.deck_tags(gid) == {}
    decks = two_e_decks(catalog)
    registered = {seat: dict(parse_deck("x", decks[i], catalog).draw) for i, seat in enumerate("AB")}
    outside = [c for c in ("13089", "01089", "00168", "11099", "01001", "01002")
               if c not in registered["A"] and c not in registered["B"]][:2]
    assert len(outside) == 2
    in_deck, count = next(iter(registered["A"].items()))

    def scan(*labels: Label) -> Any:
        photo, _ = synthetic_frame(random.Random(5), [(x.payload(), label_image(x.payload())) for x in labels])
        r = client.post(f"/api/scan?game={gid}", data=photo, headers=h(ka), content_type="image/jpeg")
        assert r.status_code == 200
        answer = r.get_json()
        r.close()  # the deck check runs once the answer has gone (the scan route says why), as a server sends it
        return answer

    def deck_flags() -> list[dict[str, Any]]:
        return [f for f in flags_of(client, eid, judge, 5) if f["kind"] == "deck_check"]

    first = scan(Label("2e", outside[0], "AB7", 1))
    again = scan(Label("2e", outside[0], "AB7", 1))
    assert first["codes"] == again["codes"]  # the player's answer is the same each time
    watchers, services.card_watchers = services.card_watchers, []
    unwatched = scan(Label("2e", outside[0], "AB7", 1))  # and the same as with no deck check at all
    services.card_watchers = watchers
    assert unwatched == first
    assert [[c["card"] for c in f["detail"]["cards"]] for f in deck_flags()] == [[f"?.{outside[0]}.1"]]
    # Copy 1 of a card seat A registered is no problem; a copy beyond every seat's count is.
    foreign = "ZZ9"
    scan(Label("2e", in_deck, foreign, 1))
    assert len(deck_flags()) == 1
    scan(Label("2e", in_deck, foreign, count + 1))
    flags = deck_flags()
    plain = [{k: c[k] for k in ("seat", "card", "code", "registered", "copy")} for c in flags[1]["detail"]["cards"]]
    assert len(flags) == 2 and plain == [
        {"seat": None, "card": f"?.{in_deck}.{count + 1}", "code": in_deck, "registered": 0, "copy": count + 1}]
    assert flags[1]["detail"]["cards"][0]["name"] == catalog.get(in_deck).name  # type: ignore[union-attr]
    # TTS snapshots: the same zone twice is one flag; a new card seen later is one more, naming only it.
    table_key = services.store.issue_key(gid, "table", JUDGE.actor)

    def snapshot(codes: list[str], rid: str) -> None:
        cards = [{"guid": f"g{i}", "code": c, "face_down": True} for i, c in enumerate(codes)]
        r = client.post(f"/api/tts/games/{gid}/snapshot", headers=h(table_key),
                        json={"colour": "Red", "seat": "A", "cards": cards, "request_id": rid})
        assert r.status_code in (200, 201, 422), r.get_json()

    snapshot([outside[0]], "tts-snap-01")  # now known as seat A's: one flag
    snapshot([outside[0]], "tts-snap-02")
    assert [[c["card"] for c in f["detail"]["cards"]] for f in deck_flags()[2:]] == [[f"A.{outside[0]}.1"]]
    snapshot([outside[0], outside[1]], "tts-snap-03")
    snapshot([outside[0], outside[1]], "tts-snap-04")
    flags = deck_flags()
    assert len(flags) == 4 and [c["card"] for c in flags[3]["detail"]["cards"]] == [f"A.{outside[1]}.1"]
    assert flags[3]["detail"]["source"] == "tts"


def test_time_called_that_the_judge_undoes_is_not_called_again_for_the_same_deadline(
        client: FlaskClient, catalog: Catalog) -> None:
    t = Table(client, catalog)
    t.phases("plot")
    t.run_out_the_clock()
    client.get(f"/api/event/{t.eid}/dashboard", headers=h(t.judge))  # the dashboard notices: time called
    call = [e for e in t.log() if e["kind"] == "action" and e["data"]["type"] == "call_time"]
    assert len(call) == 1 and call[0]["actor"] == "judge"
    # The event's judge has no game key to undo with; on the store, the judge's authority may take it back.
    from companion.rules.roles import JUDGE

    store = client.application.extensions["companion"]["services"].store
    TableService(store).undo(t.gid, JUDGE, store.game(t.gid).version, call[0]["seq"])
    writes: list[object] = []
    real_act = TableService.act
    TableService.act = lambda *a, **k: writes.append(a) or real_act(*a, **k)  # type: ignore[method-assign]
    try:
        for _ in range(3):  # neither the dashboard nor a phone's clock records it again for this deadline
            client.get(f"/api/event/{t.eid}/dashboard", headers=h(t.judge))
            client.get(f"/api/event-tables/{t.gid}", headers=h(t.keys["A"]))
    finally:
        TableService.act = real_act  # type: ignore[method-assign]
    assert writes == []  # not even tried (it would only be answered as a replay)
    assert [e["kind"] for e in t.log()][-2:] == ["action", "undo"]
    t.version = store.game(t.gid).version
    t.phases("draw")
    assert not client.get(f"/api/games/{t.gid}/view", headers=h(t.keys["A"])).get_json()["time_called"]


def test_the_clock_calls_time_at_the_deadline_with_nobody_touching_the_table(client: FlaskClient,
                                                                            catalog: Catalog) -> None:
    """The round clock's ticker: time is called in the log when the deadline passes, not at the next tap;
    a table whose extension runs longer is looked at at its own deadline; a table with a result needs no
    call; the clock started again lifts the call (logged)."""
    import time

    ev = make_event(client, catalog, players=6, tables=4)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    tables = client.post(f"/api/event/{eid}/rounds", headers=h(org),
                         json={"csv": "1,Player 1,Player 2\n2,Player 3,Player 4\n3,Player 5,Player 6"}).get_json()
    games = {t["table"]: t["game"] for t in tables["tables"]}
    key_a = {t["table"]: claimed(t["seats"][0]["url"], client) for t in tables["tables"]}
    r = client.post(f"/api/event/{eid}/games/{games[2]}/rulings", headers=h(judge),
                    json={"type": "time_extension", "minutes": 3, "text": "deck check", "request_id": "ext-t2-0001"})
    assert r.status_code == 201
    assert client.post(f"/api/event/{eid}/games/{games[3]}/result", headers=h(judge),
                       json={"winner": "B", "reason": "concession"}).status_code == 200
    events = client.application.extensions["companion"]["events"]

    def calls(table: int) -> list[dict[str, Any]]:  # the log read as a phone reads it: this records nothing
        log = client.get(f"/api/games/{games[table]}/log", headers=h(key_a[table])).get_json()["entries"]
        return [e["data"] for e in log if e["kind"] == "action" and e["data"]["type"] == "call_time"]

    version = events.version(eid)
    started = time.monotonic()
    assert client.post(f"/api/event/{eid}/rounds/1/clock", headers=h(org),
                       json={"seconds_ago": 55 * 60 - 2}).status_code == 200  # two seconds left
    assert calls(1) == []
    while not calls(1) and time.monotonic() - started < 8:
        time.sleep(0.05)
    waited = time.monotonic() - started
    assert calls(1) == [{"type": "call_time"}] and 1.5 < waited < 5, waited
    assert events.version(eid) > version  # the dashboards were told
    # Table 2's three extra minutes: not called yet, looked at again at its own deadline.
    assert calls(2) == []
    def next_look(after: float) -> float:
        """When the ticker looks at the round next, once it has finished looking now."""
        until = time.monotonic() + 5
        while events.ticker.pending().get((eid, 1), 0) < time.time() + after and time.monotonic() < until:
            time.sleep(0.02)
        return float(events.ticker.pending()[(eid, 1)]) - time.time()

    assert abs(next_look(60) - 3 * 60) < 5
    assert calls(3) == []  # a result: the game is decided, no time to call
    # The organiser starts the clock again (a late start): the call at table 1 is lifted in its log.
    assert client.post(f"/api/event/{eid}/rounds/1/clock", headers=h(org), json={}).status_code == 200
    assert calls(1) == [{"type": "call_time"}, {"type": "call_time", "lifted": True}]
    row = next(t for t in client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).get_json()["tables"]
               if t["table"] == 1)
    assert not row["time_called"] and row["clock"]["remaining"] > 54 * 60
    assert abs(next_look(60) - 55 * 60) < 5


def test_a_deadline_that_passed_while_the_server_was_down_is_called_at_start_up(tmp_path: Path,
                                                                                catalog: Catalog) -> None:
    import datetime as dt
    import time

    from companion.web import create_app

    config = {"DATABASE": str(tmp_path / "games.db"), "TESTING": True}
    before = create_app(config).test_client()
    ev = make_event(before, catalog, players=2, tables=2)
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    table = before.post(f"/api/event/{eid}/rounds", headers=h(org), json={"csv": "1,Player 1,Player 2"}).get_json()
    gid, key = table["tables"][0]["game"], claimed(table["tables"][0]["seats"][0]["url"], before)
    # The clock ran out while no server was running (written to the file directly: nothing is watching it).
    started = (dt.datetime.now(dt.UTC) - dt.timedelta(minutes=56)).isoformat(timespec="milliseconds")
    before.application.extensions["companion"]["events"].events.start_clock(eid, 1, None, started)
    after = create_app(config).test_client()
    assert after.get("/api/health").status_code == 200  # any first request: the event service resumes

    def calls() -> list[Any]:
        log = after.get(f"/api/games/{gid}/log", headers=h(key)).get_json()["entries"]
        return [e["data"] for e in log if e["kind"] == "action" and e["data"]["type"] == "call_time"]

    until = time.monotonic() + 5
    while not calls() and time.monotonic() < until:
        time.sleep(0.05)
    assert calls() == [{"type": "call_time"}]
