"""A 16-table event on a real server: two phones at two tables and a judge's dashboard in real Chromium."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest

from companion.catalog.decks import parse_deck
from tests.catalogs import fresh_catalog
from tests.decklists import as_text, real_decks
from tests.paper import claimed
from tests.phones import WAIT
from tests.server import Server, call
from tests.test_browser import CHROMIUM, PHONE, keep
from tests.test_browser_round import offer, step
from tests.test_events import regular_draws

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
LAPTOP = {"viewport": {"width": 1280, "height": 900}, "bypass_csp": True}



def test_sixteen_table_event(server: Server, browser: Any, tmp_path: Path) -> None:
    catalog = fresh_catalog()
    api = server.url + "/api"
    decks = [as_text(d, catalog) for d in real_decks() if catalog.get(d["cards"][0]["code"]).edition == "2e"]  # type: ignore[union-attr]
    status, ev = call(api, "POST", "/event", {"name": "Kiel Regional", "date": "2026-11-22", "rounds": 3,
                                               "tables": 16, "minutes": 55})
    assert status == 201
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    for i in range(32):
        player = {"name": f"P{i + 1:02d}", "decklist": decks[i % len(decks)], "request_id": f"register-{i:04d}"}
        status, out = call(api, "POST", f"/event/{eid}/players", player, org)
        assert status == 201, out
        call(api, "POST", f"/event/{eid}/players/{out['player']['id']}/confirm", {}, org)  # the organiser allows it
    bad = "table,player,player\n1,P01,P02\n2,P03,P03\n3,P04,Nobody\n"
    status, out = call(api, "POST", f"/event/{eid}/rounds", {"csv": bad}, org)
    assert status == 400 and [p["line"] for p in out["error"]["details"]["problems"]] == [3, 4]
    assert call(api, "GET", f"/event/{eid}", key=org)[1]["tables"] == []  # nothing half-created
    csv = "\n".join(f"{t},P{2 * t - 1:02d},P{2 * t:02d}" for t in range(1, 17))
    status, rnd = call(api, "POST", f"/event/{eid}/rounds", {"csv": csv, "request_id": "round-0001"}, org)
    assert status == 201 and len(rnd["tables"]) == 16
    t7, t3 = rnd["tables"][6], rnd["tables"][2]
    assert t7["table"] == 7
    key = {(t["table"], s["seat"]): claimed(s["url"], api) for t in (t7, t3) for s in t["seats"]}
    game7 = t7["game"]
    deck_a7 = parse_deck("P13", decks[12 % len(decks)], catalog)
    char = f"A.{next(c for c in deck_a7.draw if catalog.get(c).type == 'character')}.1"  # type: ignore[union-attr]

    judge_page = browser.new_context(**LAPTOP).new_page()
    judge_page.goto(f"{server.url}/e/{eid}/judge#key={judge}")
    judge_page.wait_for_function("document.querySelectorAll('#tables tr').length === 16")
    assert judge_page.locator("#live").inner_text() in ("live",)
    phones = {}
    for name, (table, seat) in {"a7": (7, "A"), "b7": (7, "B"), "a3": (3, "A")}.items():
        page = browser.new_context(**PHONE).new_page()
        game = t7["game"] if table == 7 else t3["game"]
        page.goto(f"{server.url}/g/{game}#key={key[(table, seat)]}")
        phones[name] = page
    phones["a7"].wait_for_selector("#log")
    # A legal draw at table 7, then an illegal bring-out from hand (strict: refused, the judge hears of it).
    v7 = call(api, "GET", f"/games/{game7}/view", key=key[(7, "A")])[1]["version"]  # decks, and both keys taken
    assert call(api, "POST", f"/games/{game7}/actions", {"action": {"type": "draw", "player": "A", "card": char},
                                                          "expected_version": v7}, key[(7, "A")])[0] == 201
    status, _ = call(api, "POST", f"/games/{game7}/actions", {"action": {"type": "bring_out", "player": "A",
                                                                         "card": char}, "expected_version": v7 + 1},
                     key[(7, "A")])
    assert status == 422
    judge_page.wait_for_function("document.querySelector('tr[data-table=\"7\"]') && "
                                 "document.querySelector('tr[data-table=\"7\"]').innerText.includes('illegal')",
                                 timeout=5000)
    assert judge_page.locator("#tables tr").first.get_attribute("data-table") == "7"  # needs attention first
    # A card outside the registered list brought out: a deck-check flag.
    status, _ = call(api, "POST", f"/games/{game7}/actions", {"action": {"type": "bring_out", "player": "A",
                                                                         "card": "A.01001.1"},
                                                              "expected_version": v7 + 1}, key[(7, "A")])
    assert status >= 400
    judge_page.wait_for_function("document.querySelector('tr[data-table=\"7\"]').innerText.includes('deck check')",
                                 timeout=5000)
    # The seat takes the draw back; the judge scrubs to before the undo and sees the hidden hand.
    assert call(api, "POST", f"/games/{game7}/undo", {"expected_version": v7 + 1}, key[(7, "A")])[0] in (200, 201)
    judge_page.click(f"button[data-open='{game7}']")
    judge_page.wait_for_selector("#table-panel:not(.hidden)")
    judge_page.fill("#scrub", str(v7 + 1))  # the draw: after the decks and the two phones' keys
    judge_page.dispatch_event("#scrub", "input")
    card_name = catalog.get(char.split(".")[1]).name  # type: ignore[union-attr]
    judge_page.wait_for_function(f"document.querySelector('#moment').innerText.includes({json.dumps(card_name)})")
    assert f"#{v7 + 1} Draw" in judge_page.locator("#moment").inner_text()  # the entry in words
    assert card_name not in phones["b7"].content()  # the opponent's phone never had it
    # A ruling: logged, and both players at table 7 see it in their log.
    judge_page.select_option("#ruling-type", "time_extension")
    judge_page.fill("#ruling-text", "slow shuffle")
    judge_page.fill("#ruling-minutes", "3")
    judge_page.click("#ruling-send")
    for name in ("a7", "b7"):  # in words, with what the judge wrote
        phones[name].wait_for_function("document.querySelector('#log').innerText.includes('slow shuffle')",
                                       timeout=5000)
    assert "ruling" in phones["a7"].locator("#log").inner_text().lower()
    assert "slow shuffle" not in phones["a3"].locator("#log").inner_text()
    # The phones at an event table show the table and the round clock.
    phones["a7"].wait_for_selector("#event-box:not(.hidden)", timeout=5000)
    assert "table 7" in phones["a7"].inner_text("#event-name")
    clock = phones["a7"].inner_text("#event-clock")
    assert clock == "—" or ":" in clock  # not started yet, or minutes:seconds
    # A player calls the judge from their phone: one tap.
    phones["a3"].click("#call-judge")
    phones["a3"].wait_for_selector("text=A judge has been called", timeout=5000)
    judge_page.wait_for_function("document.querySelector('#tables tr').getAttribute('data-table') === '3'")
    # Time runs out; going to time names the winner of table 7 from its state.
    assert call(api, "POST", f"/event/{eid}/rounds/1/clock", {"seconds_ago": 55 * 60 + 1}, org)[0] == 200
    judge_page.wait_for_function("document.querySelector('#clock').innerText.includes('TIME') || "
                                 "document.querySelector('#clock').innerText.includes('ZEIT')")
    judge_page.click("#gtt")
    # Nobody recorded power or the draws: the page shows which figures are tracked and asks the judge for both
    # players' power as they say it and both draw decks as they count them, instead of deciding on a guess.
    judge_page.wait_for_selector("#gtt-deck-A")
    judge_page.wait_for_selector("#gtt-power-A")
    assert "not tracked" in judge_page.inner_text("#gtt-out")
    _, gtt = call(api, "GET", f"/event/{eid}/games/{game7}/going-to-time", key=judge)
    assert gtt["steps"][0]["values"] == {"A": 15, "B": 15} and gtt["needs"] == ["power_needed", "draw_deck"]
    keep(judge_page, "event-judge-going-to-time-count-en.png")
    judge_page.fill("#gtt-power-A", "9")
    judge_page.fill("#gtt-power-B", "9")
    judge_page.fill("#gtt-deck-A", "41")
    judge_page.fill("#gtt-deck-B", "43")
    judge_page.click("#gtt-count")
    judge_page.wait_for_selector(".gtt-winner")
    winner = judge_page.locator(".gtt-winner").inner_text()
    _, gtt = call(api, "GET", f"/event/{eid}/games/{game7}/going-to-time?deck_A=41&deck_B=43&power_A=9&power_B=9",
                  key=judge)
    assert gtt["decided_by"] == "draw_deck" and gtt["winner"] == "B"
    assert "counted" in judge_page.inner_text("#gtt-out")
    assert (gtt["winner"] or gtt["chooser"]) in winner
    judge_page.fill("#result-reason", "going to time")
    judge_page.click(f"[data-result='{gtt['winner'] or gtt['chooser']}']")
    deadline = time.monotonic() + 5
    def result7() -> Any:
        rows = call(api, "GET", f"/event/{eid}/report", key=judge)[1]["tables"]
        return next(t for t in rows if t["table"] == 7)["result"]

    while time.monotonic() < deadline and not result7():
        time.sleep(0.05)
    report = browser.new_context(**LAPTOP).new_page()
    report.goto(f"{server.url}/e/{eid}/report#key={judge}")
    report.wait_for_function("document.querySelectorAll('#report-rows tr').length === 16")
    report.wait_for_function("document.querySelector('#report-rows').innerText.includes('going to time')")
    assert "time extension" in report.locator("#report-rows").inner_text()  # the ruling, in words
    # Players and strangers get nothing from the judge's routes.
    for k in (key[(7, "A")], None):
        assert call(api, "GET", f"/event/{eid}/dashboard", key=k)[0] == 401
    for context in browser.contexts:  # the module's browser: this test's pages closed
        context.close()
    # The signed-off event file verifies offline and keeps the undone draw.
    from urllib.request import Request, urlopen

    with urlopen(Request(f"{api}/event/{eid}/export", headers={"Authorization": "Bearer " + judge})) as r:
        data = r.read()
    path = tmp_path / "event.zip"
    path.write_bytes(data)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        lines = [json.loads(x) for x in z.read("round-1-table-7.jsonl").decode().splitlines()]
    assert any(x.get("entry", {}).get("undone") for x in lines[1:])
    assert any(x.get("entry", {}).get("kind") == "ruling" for x in lines[1:])
    out = subprocess.run([sys.executable, "-m", "companion", "check", str(path), "--json"], capture_output=True,
                         text=True, timeout=120)
    report: dict[str, Any] = json.loads(out.stdout)
    assert report["ok"] and out.returncode == 0, out.stderr
    assert next(t for t in report["tables"] if t["table"] == 7)["undone"] == 1


def ann_against_ben(api: str, name: str, deck: str) -> tuple[str, str, str, str, str, str]:
    """An event of one round and one table, Ann against Ben with the same decklist, its round paired in advisory
    mode: the event's id, the organiser's and the judge's keys, the table's game and its seats' keys (A, B)."""
    _, ev = call(api, "POST", "/event", {"name": name, "rounds": 1, "tables": 2})
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    for player in ("Ann", "Ben"):
        status, out = call(api, "POST", f"/event/{eid}/players", {"name": player, "decklist": deck}, org)
        assert status == 201, out
        call(api, "POST", f"/event/{eid}/players/{out['player']['id']}/confirm", {}, org)
    _, rnd = call(api, "POST", f"/event/{eid}/rounds", {"csv": "1,Ann,Ben", "mode": "advisory"}, org)
    table = rnd["tables"][0]
    ka, kb = (claimed(s["url"], api) for s in table["seats"])
    return eid, org, ev["judge"]["key"], table["game"], ka, kb


def test_phones_record_dominance_and_show_the_going_to_time_result(server: Server, browser: Any) -> None:
    """A table goes to time: the round box offers dominance to the phone whose side the totals favour (one tap,
    no button on the other phone), time called is said once, and after the round's taxation phase both phones
    show the going-to-time winner (decided by that dominance); going to time on a phone then ends the game with
    that winner, as the event recorded it."""
    catalog = fresh_catalog()
    api = server.url + "/api"
    deck = next(as_text(d, catalog) for d in real_decks() if catalog.get(d["cards"][0]["code"]).edition == "2e")  # type: ignore[union-attr]
    # One deck for both: power and draw decks tie, dominance decides.
    eid, org, _, gid, ka, kb = ann_against_ben(api, "Zeitwertung", deck)
    version = 4  # the two decks, then each phone taking its seat's key
    for phase in ("plot", "draw", "marshaling", "challenges", "dominance"):
        status, out = call(api, "POST", f"/games/{gid}/actions", {"action": {"type": "begin_phase", "phase": phase},
                                                                  "expected_version": version}, ka)
        assert status == 201, out
        version = out["version"]
    for seat, key in (("A", ka), ("B", kb)):  # the regular draws recorded: the draw decks are tracked
        for action in regular_draws(catalog, deck, seat, 9):
            body = {"action": action, "expected_version": version}
            status, out = call(api, "POST", f"/games/{gid}/actions", body, key)
            assert status == 201, out
            version = out["version"]
    # Ben keeps a gold a card gave him: his side of the dominance totals is ahead (RR: Appendix I › 5.1).
    status, out = call(api, "POST", f"/games/{gid}/actions", {"action": {"type": "gain_gold", "player": "B",
                                                                         "amount": 1}, "expected_version": version}, kb)
    assert status == 201, out
    phones = {}
    for seat, key, lang in (("A", ka, "en-GB"), ("B", kb, "de-DE")):
        page = browser.new_context(**PHONE, locale=lang).new_page()
        page.goto(f"{server.url}/g/{gid}#key={key}")
        phones[seat] = page
    # The totals on both phones; the dominance goes to Ben, and only his phone records it, with one tap.
    phones["A"].wait_for_selector("#round-box:has-text('Dominance: Ann 0, Ben 1')", timeout=WAIT)
    phones["B"].wait_for_selector("#round-box [data-offer=dominance]", timeout=WAIT)
    assert "Vorherrschaft: Ann 0, Ben 1" in phones["B"].inner_text("#round-box")
    assert phones["B"].inner_text("#round-box [data-offer=dominance]") == "Ben gewinnt die Vorherrschaft"
    assert phones["A"].locator("#round-box [data-offer=dominance]").count() == 0
    offer(phones["B"], "dominance")
    # Wait for the dominance line itself: "Ben" is in the log already (his deck).
    phones["A"].wait_for_function("document.querySelector('#log').innerText.includes('Ben wins dominance')",
                                  timeout=WAIT)
    # Dominance adds Ben a power: Ann gains one too, so the power ties and dominance decides.
    _, view = call(api, "GET", f"/games/{gid}/view", key=ka)
    assert call(api, "POST", f"/games/{gid}/actions", {"action": {"type": "gain_power", "player": "A", "amount": 1},
                                                       "expected_version": view["version"]}, ka)[0] == 201
    assert call(api, "POST", f"/event/{eid}/rounds/1/clock", {"seconds_ago": 55 * 60 + 5}, org)[0] == 200
    # Nobody taps: the server's clock calls time in the log at the deadline and the phone shows it.
    said = "finish this round's taxation phase"
    phones["A"].wait_for_selector(f"body:has-text(\"{said}\")", timeout=WAIT)
    keep(phones["A"], "event-time-called-en.png")
    # Opened again while time is called: said once (it was said by the event's clock and the round box both).
    phones["A"].reload()
    phones["A"].wait_for_selector(f"body:has-text(\"{said}\")", timeout=WAIT)
    phones["A"].wait_for_selector("#event-box:not(.hidden)", timeout=WAIT)
    assert phones["A"].inner_text("body").count(said) == 1, phones["A"].inner_text("body")
    _, view = call(api, "GET", f"/games/{gid}/view", key=ka)
    version = view["version"]
    for phase in ("standing", "taxation"):
        status, out = call(api, "POST", f"/games/{gid}/actions",
                           {"action": {"type": "begin_phase", "phase": phase}, "expected_version": version}, ka)
        assert status == 201, out
        version = out["version"]
    for seat, words in (("A", "Ben wins"), ("B", "Ben gewinnt")):
        phones[seat].wait_for_selector("#time-winner", timeout=WAIT)
        phones[seat].wait_for_function(f"document.querySelector('#time-winner').innerText.includes('{words}')",
                                       timeout=WAIT)
    assert "dominance" in phones["A"].inner_text("#time-winner")
    assert "Vorherrschaft" in phones["B"].inner_text("#time-winner")
    keep(phones["B"], "event-gone-to-time-de.png")
    # The round is finished: a phone goes to time (the step the round offers), and the game is over with the
    # winner the event recorded.
    phones["A"].click("#game-over button:not(.primary)")  # back to the table
    step(phones["A"], "go-to-time")
    for seat, words in (("A", "Ben wins the game (gone to time)"), ("B", "Ben gewinnt das Spiel (nach Zeit gewertet)")):
        phones[seat].wait_for_selector(f"#game-over #winner:has-text('{words}')", timeout=WAIT)
    assert call(api, "GET", f"/event-tables/{gid}", key=ka)[1]["result"]["winner"] == "B"
    keep(phones["A"], "event-went-to-time-en.png")
    for page in phones.values():
        page.context.close()


def test_a_tie_to_the_end_names_the_chooser_and_the_phones_ask_once_per_entry(server: Server, browser: Any) -> None:
    """Going to time with every step tied: both phones say the first player chooses, without asking the
    server again and again (one question per new entry, then every few seconds for the judge's result),
    and show the result once the judge records it; going to time at the table, only the first player's phone
    is asked for the winner, and both phones end the game with her choice."""
    catalog = fresh_catalog()
    api = server.url + "/api"
    deck = next(as_text(d, catalog) for d in real_decks() if catalog.get(d["cards"][0]["code"]).edition == "2e")  # type: ignore[union-attr]
    eid, org, judge, gid, ka, kb = ann_against_ben(api, "Gleichstand", deck)  # one deck for both: every step ties
    version = 2

    def act(action: dict[str, Any]) -> None:
        nonlocal version
        status, out = call(api, "POST", f"/games/{gid}/actions", {"action": action, "expected_version": version}, ka)
        if status == 409:  # time was called in between
            version = out["error"]["details"]["version"]
            status, out = call(api, "POST", f"/games/{gid}/actions",
                               {"action": action, "expected_version": version}, ka)
        assert status == 201, out
        version = out["version"]

    for phase in ("plot", "draw", "marshaling", "challenges", "dominance"):
        act({"type": "begin_phase", "phase": phase})
    for seat, key in (("A", ka), ("B", kb)):  # the regular draws recorded: the draw decks are tracked, and tie
        for action in regular_draws(catalog, deck, seat, 9):
            body = {"action": action, "expected_version": version}
            status, out = call(api, "POST", f"/games/{gid}/actions", body, key)
            assert status == 201, out
            version = out["version"]
    act({"type": "win_dominance"})  # nobody won it: the step is known, and ties
    act({"type": "set_power", "player": "A", "amount": 0})  # the phones keep the power (none yet): tracked, tied
    assert call(api, "POST", f"/event/{eid}/rounds/1/clock", {"seconds_ago": 55 * 60 + 5}, org)[0] == 200
    for phase in ("standing", "taxation"):
        act({"type": "begin_phase", "phase": phase})
    phones, asked = {}, {"A": 0, "B": 0}
    for seat, key, lang in (("A", ka, "en-GB"), ("B", kb, "de-DE")):
        page = browser.new_context(**PHONE, locale=lang).new_page()
        page.on("request", lambda r, s=seat: asked.__setitem__(s, asked[s] + ("/api/event-tables/" in r.url
                                                                          and "call-judge" not in r.url)))
        page.goto(f"{server.url}/g/{gid}#key={key}")
        phones[seat] = page
    for seat, words in (("A", "Ann (first player) chooses"), ("B", "Ann (Startspieler) entscheidet")):
        phones[seat].wait_for_function(
            f"(document.querySelector('#time-winner') || {{innerText: ''}}).innerText.includes('{words}')",
            timeout=5000)
    before = dict(asked)
    time.sleep(2)
    assert asked == before and all(n <= 3 for n in asked.values()), asked  # no loop of questions
    keep(phones["B"], "event-tie-chooser-de.png")
    # The judge records what the first player chose: the phones show it within their few seconds.
    assert call(api, "POST", f"/event/{eid}/games/{gid}/result", {"winner": "B", "reason": "Ann chose"},
                judge)[0] == 200
    for seat, words in (("A", "Ben wins"), ("B", "Ben gewinnt")):
        phones[seat].wait_for_function(f"document.querySelector('#time-winner').innerText.includes('{words}')",
                                       timeout=8000)
    # The table goes to time (the round's step): a tie to the end, so the game asks its first player alone, who
    # taps what she chose; both phones end the game with that winner and keep the event's result in sight.
    phones["B"].click("#game-over button:not(.primary)")  # back to the table
    step(phones["B"], "go-to-time")
    phones["A"].wait_for_selector("#game-over [data-offer='winner:B']", timeout=WAIT)
    phones["B"].wait_for_selector("#game-over:has-text('Der Startspieler (Ann) entscheidet')", timeout=WAIT)
    assert phones["B"].locator("#game-over [data-offer]").count() == 0
    phones["A"].click("#game-over [data-offer='winner:B']")
    for seat, words in (("A", "Ben wins the game (gone to time)"), ("B", "Ben gewinnt das Spiel (nach Zeit gewertet)")):
        phones[seat].wait_for_selector(f"#game-over #winner:has-text('{words}')", timeout=WAIT)
    phones["A"].wait_for_selector("#report-result:has-text('Result: Ben wins (time: modified win)')", timeout=WAIT)
    keep(phones["A"], "event-tie-chosen-en.png")
    for context in browser.contexts:  # the module's browser: this test's pages closed
        context.close()


def test_a_table_still_in_setup_shows_no_round_zero_on_the_dashboard(server: Server, browser: Any) -> None:
    """Setup comes before round 1: the judge's dashboard and the table's panel name the phase alone there (no
    "R0"), as the phones do; from round 1 on the game's round follows the phase."""
    catalog = fresh_catalog()
    api = server.url + "/api"
    deck = next(as_text(d, catalog) for d in real_decks() if catalog.get(d["cards"][0]["code"]).edition == "2e")  # type: ignore[union-attr]
    _, ev = call(api, "POST", "/event", {"name": "Aufbau", "rounds": 1, "tables": 2})
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    for name in ("Ann", "Ben", "Cai", "Dee"):
        status, out = call(api, "POST", f"/event/{eid}/players", {"name": name, "decklist": deck}, org)
        assert status == 201
        call(api, "POST", f"/event/{eid}/players/{out['player']['id']}/confirm", {}, org)
    _, rnd = call(api, "POST", f"/event/{eid}/rounds", {"csv": "1,Ann,Ben\n2,Cai,Dee", "mode": "advisory"}, org)
    setup, playing = (t["game"] for t in rnd["tables"])
    key = claimed(rnd["tables"][1]["seats"][0]["url"], api)
    status, out = call(api, "POST", f"/games/{playing}/actions", {"action": {"type": "begin_phase", "phase": "plot"},
                                                                  "expected_version": 3}, key)
    assert status == 201, out
    for locale, phase, plot in (("en-GB", "setup", "plot phase · R1"),
                                ("de-DE", "Spielaufbau", "Intrigenphase · R1")):
        page = browser.new_context(**LAPTOP, locale=locale).new_page()
        page.goto(f"{server.url}/e/{eid}/judge#key={judge}")
        page.wait_for_function("document.querySelectorAll('#tables tr[data-game]').length === 2")
        cells = {g: page.inner_text(f"#tables tr[data-game='{g}'] td:nth-child(3)") for g in (setup, playing)}
        assert cells == {setup: phase, playing: plot}, cells
        page.click(f"button[data-open='{setup}']")
        page.wait_for_selector("#moment p:nth-child(2)")
        assert page.inner_text("#moment p:nth-child(2)") == phase
        keep(page, f"judge-setup-table-{locale[:2]}.png")
        page.context.close()
    for context in browser.contexts:  # the module's browser: this test's pages closed
        context.close()


def test_the_other_phone_shows_an_agreed_result_it_first_read_before_it_was_recorded(server: Server,
                                                                                      browser: Any) -> None:
    """A seat's report appends to the table's log (the other phone hears of it and asks the event table), and the
    agreed result is recorded just after: a phone that asked in between read both reports and no result, and no
    later entry makes it ask again. It asks again by itself and shows the result within seconds (it waited up to
    a minute: seen once in a full run, "waiting for confirmation" beside the other seat's agreeing report)."""
    from tests.phones import VERSION
    from tests.test_browser import wait_until

    catalog = fresh_catalog()
    api = server.url + "/api"
    deck = next(as_text(d, catalog) for d in real_decks() if catalog.get(d["cards"][0]["code"]).edition == "2e")  # type: ignore[union-attr]
    _, _, _, gid, ka, kb = ann_against_ben(api, "Zwischendurch", deck)
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    seen = {"between": True, "stale": 0, "asking": 0}

    def between(route: Any) -> None:
        """While ``between``, the event table answers as read between the last report and its result."""
        answer = route.fetch()
        data = answer.json()
        if seen["between"] and data.get("result"):
            seen["stale"] += 1
            route.fulfill(response=answer, json={**data, "result": None})
            return
        route.fulfill(response=answer)

    def count(request: Any, by: int) -> None:
        if "/api/event-tables/" in request.url:
            seen["asking"] += by

    page.route(f"**/api/event-tables/{gid}", between)
    page.on("request", lambda r: count(r, 1))
    page.on("requestfinished", lambda r: count(r, -1))
    page.goto(f"{server.url}/g/{gid}#key={ka}")
    page.wait_for_selector("#event-report", state="attached", timeout=WAIT)
    for key, seat in ((ka, "A"), (kb, "B")):
        status, out = call(api, "POST", f"/event-tables/{gid}/report",
                            {"winner": "A", "ending": "victory", "request_id": f"between-{seat}"}, key)
        assert status == 201, out
    version = call(api, "GET", f"/games/{gid}", None, ka)[1]["version"]
    # The phone has both reports, read the result-less answer, and has no question on its way: from here on only
    # the phone itself can ask again.
    wait_until(page, f"v => ({VERSION}).then(mine => mine >= v)", version, timeout=WAIT)
    deadline = time.monotonic() + WAIT / 1000
    while seen["stale"] == 0 or seen["asking"] > 0:
        assert time.monotonic() < deadline, seen
        page.wait_for_timeout(50)
    assert page.locator("#report-result").count() == 0
    seen["between"] = False
    page.wait_for_function("() => document.querySelector('#report-result') !== null", timeout=5000)
    assert "Ann wins" in page.inner_text("#report-result")
    page.context.close()


def test_the_clock_started_as_a_new_round_shows_is_that_rounds_clock(server: Server, browser: Any) -> None:
    """The organiser makes a round and taps "start the clock" as soon as the round shows. The page shows the round
    only once it has read the event again, so the tap starts that round's clock: it showed the round from the
    POST's answer and asked for the event after, and a tap in between started no clock (a full run timed out on it,
    in round 3 of the sixteen tables) or asked to start the last round's again."""
    catalog = fresh_catalog()
    api = server.url + "/api"
    deck = next(as_text(d, catalog) for d in real_decks() if catalog.get(d["cards"][0]["code"]).edition == "2e")  # type: ignore[union-attr]
    _, ev = call(api, "POST", "/event", {"name": "Uhr", "rounds": 3, "tables": 1})
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    for player in ("Ann", "Ben"):
        status, out = call(api, "POST", f"/event/{eid}/players", {"name": player, "decklist": deck}, org)
        assert status == 201, out
        call(api, "POST", f"/event/{eid}/players/{out['player']['id']}/confirm", {}, org)
    page: Any = browser.new_context(**LAPTOP).new_page()
    page.goto(ev["organiser"]["url"].replace("http://localhost", server.url))
    page.wait_for_selector("#ev-title:not(:empty)", timeout=WAIT)
    held: list[Any] = []  # the page's next reads of the event, held back
    holding = True
    page.route(f"{api}/event/{eid}", lambda route: held.append(route) if holding else route.continue_())
    page.fill("#pairings", "1,Ann,Ben")
    with page.expect_response(lambda r: r.url.endswith(f"/event/{eid}/rounds") and r.request.method == "POST") as made:
        page.click("#make-round")
    assert made.value.status == 201
    page.wait_for_timeout(300)
    assert not page.is_visible("#round-out h3")  # not before the page knows the round
    holding = False
    for route in held:
        route.continue_()
    page.wait_for_selector("#round-out h3", timeout=WAIT)
    page.click("#start-clock")
    page.wait_for_function("(document.querySelector(\"#rounds details[data-round='1'] summary\") || "
                           "{textContent: ''}).textContent.includes(':')", timeout=WAIT)
    assert page.locator(".sheet.confirm").count() == 0
    page.context.close()
