"""The organiser's evening without the paperwork (issue 35), in real Chromium on a real server: a 24-player event of
five Swiss rounds and a top-8 cut where the organiser types nothing but the event's name, six players register
themselves on their phones (one fixes an illegal deck), every result is reported by the players (three disputes the
judge decides on the dashboard), one player drops and rejoins, one point penalty, and the report's standings equal a
hand computation from the Tournament Regulations (in English and in German).

Most of the 24 players act over the HTTP API, as their phones would; the pages carry what matters: the organiser's
page (its registration panel, the live list, pairing, the clock, the drop and the rejoin), the registration page, a
table's two phones reporting and confirming a result, the judge's dashboard (disputes, the penalty) and the report."""

from __future__ import annotations

import hashlib
import json
import time
from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest

from tests.catalogs import fresh_catalog
from tests.paper import claimed
from tests.server import Server, call
from tests.test_browser import PHONE, keep
from tests.test_events_record import _four_illegal_decks

playwright = pytest.importorskip("playwright.sync_api")
LAPTOP = {"viewport": {"width": 1366, "height": 900}, "bypass_csp": True}
WAIT = 20000

NAMES = ["Jürgen Weiß", "Anna Müller", "Lukas Schäfer", "Sophie Groß", "Tobias Kühn", "Mia Weber", "Jonas Fuß",
         "Lea Köhler", "Björn Öztürk", "Clara Vogel", "Felix Braun", "Hanna Roth", "Paul Krüger", "Emma Wolf",
         "Noah Lange", "Lina Hahn", "Ben Schulz", "Ida Keller", "Max Jäger", "Ella Frank", "Tim Böhm",
         "Zoe Lorenz", "Jan Peters", "Mara Sauer"]
ON_PHONES = NAMES[:6]  # register on the registration page: three English phones, three German
FIXER = NAMES[1]  # pastes an illegal deck, sees why in German, and pastes a legal one
DROPS = NAMES[10]  # drops after round 2 and rejoins before round 4 (an unpaired loss for round 3)
PENALISED = NAMES[7]  # the judge takes 2 tournament points after round 3
DISPUTED = {2: 3, 3: 5, 6: 1}  # round -> the table whose two phones report different winners


def outcome(number: int, table: int) -> tuple[str, str]:
    """The test's own rule for each table: the winner's seat and how the round ended."""
    seat = "A" if (number * 7 + table) % 3 else "B"
    ending = "time" if (number + table) % 5 == 0 else "concession" if (number + table) % 7 == 0 else "victory"
    return seat, ending


def lot(seed: str, player: int) -> int:
    """The regulations' random tiebreaker as the event draws it from its seed (shown on the proposal, reproducible)."""
    return int(hashlib.sha256(f"{seed}:lot:{player}".encode()).hexdigest()[:12], 16) % 1_000_000


def by_hand(players: dict[int, str], games: list[tuple[int, int, int | None, int | None, bool]],
            missed: dict[int, set[int]], adjustments: dict[int, int], seed: str) -> list[dict[str, Any]]:
    """The standings as the Tournament Regulations compute them (Tournament Points, Tiebreakers), from the results
    this test reported: win 5, modified win 4, loss 0, a bye a win (Pairings), an unpaired loss for each round not
    attended (Pairings); strength of schedule: each opponent's total tournament points divided by the rounds that
    opponent played, summed and divided by the number of opponents; extended: the opponents' strength of schedule,
    averaged; then random (the event's lot). ``games``: (round, player, opponent or None for a bye, winner or None,
    modified)."""
    points = {p: adjustments.get(p, 0) for p in players}
    record = {p: [0, 0, 0] for p in players}  # wins (byes counted), modified wins, losses
    rounds: dict[int, set[int]] = {p: set(missed.get(p, set())) for p in players}
    opponents: dict[int, list[int]] = defaultdict(list)
    for number, a, b, winner, modified in games:
        if b is None:
            points[a] += 5
            record[a][0] += 1
            rounds[a].add(number)
            continue
        for p, o in ((a, b), (b, a)):
            rounds[p].add(number)
            opponents[p].append(o)
            if winner == p:
                points[p] += 4 if modified else 5
                record[p][1 if modified else 0] += 1
            else:
                record[p][2] += 1
    for p, gone in missed.items():
        record[p][2] += len(gone)
    ratio = {p: Fraction(points[p], len(rounds[p])) if rounds[p] else Fraction(0) for p in players}
    sos = {p: sum((ratio[o] for o in opponents[p]), Fraction(0)) / len(opponents[p]) if opponents[p] else Fraction(0)
           for p in players}
    esos = {p: sum((sos[o] for o in opponents[p]), Fraction(0)) / len(opponents[p]) if opponents[p] else Fraction(0)
            for p in players}
    order = sorted(players, key=lambda p: (-points[p], -sos[p], -esos[p], lot(seed, p), p))
    return [{"name": players[p], "points": points[p], "record": record[p], "sos": sos[p], "esos": esos[p],
             "lot": lot(seed, p)} for p in order]


def shown(row: dict[str, Any], lang: str) -> list[str]:
    """A hand-computed row as the report's standings table prints it (rank and name apart)."""
    def ratio(v: Fraction) -> str:
        text = f"{float(v):.3f}"
        return text.replace(".", ",") if lang == "de" else text

    return [str(row["points"]), "–".join(map(str, row["record"])), ratio(row["sos"]), ratio(row["esos"]),
            str(row["lot"])]


def test_an_evening_of_twenty_four_players_reported_by_themselves(server: Server, browser: Any) -> None:
    started = time.monotonic()
    api = server.url + "/api"
    catalog = fresh_catalog()
    legal, illegal = _four_illegal_decks(catalog)
    bad_deck = next(iter(illegal.values()))
    problems: list[str] = []

    def watch(page: Any, label: str) -> Any:
        page.on("pageerror", lambda e: problems.append(f"{label}: {e}"))
        page.on("response", lambda r: r.status >= 500 and problems.append(f"{label}: {r.status} {r.url}"))
        return page

    # -- the organiser types the event's name, and chooses the rounds and the cut from menus -------------------
    org = watch(browser.new_context(**LAPTOP, locale="en-GB").new_page(), "organiser")
    org.goto(f"{server.url}/events/new")
    org.fill("#ev-name", "Kieler Abend")
    org.select_option("#ev-rounds", "5")
    org.select_option("#ev-cut", "8")
    org.click("#new-event button[type=submit]")
    org.wait_for_selector("#ev-created:not(.hidden)")
    organiser_url, judge_url = org.get_attribute("#ev-organiser", "href"), org.get_attribute("#ev-judge", "href")
    assert organiser_url and judge_url
    eid, org_key, judge_key = organiser_url.split("/e/")[1].split("#")[0], organiser_url.split("#key=")[1], \
        judge_url.split("#key=")[1]
    org.goto(organiser_url)
    org.wait_for_selector("#reg-qr svg", timeout=WAIT)
    assert org.get_attribute("#reg-link", "href") == f"{server.url}/e/{eid}/register"
    keep(org, "evening-organiser-registration-en.png")

    # -- six players register on their phones; one fixes an illegal deck; the rest over the API -----------------
    for i, name in enumerate(ON_PHONES):
        lang = "de" if i % 2 else "en"
        phone = watch(browser.new_context(**PHONE, locale="de-DE" if lang == "de" else "en-GB").new_page(), name)
        phone.goto(f"{server.url}/e/{eid}/register")
        phone.wait_for_selector("#ev-title:not(:empty)")
        phone.fill("#reg-name", name)
        phone.fill("#reg-deck", bad_deck if name == FIXER else legal)
        phone.click("#self-register button[type=submit]")
        phone.wait_for_selector("#reg-mine:not(.hidden)", timeout=WAIT)
        if name == FIXER:  # the deck's problems at once, in the phone's language; a corrected list fixes it
            assert lang == "de" and "nicht legal" in phone.inner_text("#reg-legal")
            assert phone.locator("#reg-problems li").count() >= 1
            keep(phone, "evening-register-illegal-de.png", full_page=True)
            phone.fill("#reg-fix-deck", legal)
            phone.click("#reg-fix-send")
            phone.wait_for_function("document.querySelector('#reg-legal').className === 'deck-ok'", timeout=WAIT)
        assert "✓" in phone.inner_text("#reg-legal")
        phone.context.close()
    for i, name in enumerate(NAMES[6:]):
        status, out = call(api, "POST", f"/event/{eid}/registration",
                           {"name": name, "decklist": legal, "request_id": f"self-register-{i:04d}"})
        assert status == 201, out
    # The organiser's list followed, live; the organiser closes registration (a tap).
    org.wait_for_function("document.querySelectorAll('#players > li').length === 24", timeout=WAIT)
    org.click("#reg-toggle")
    org.wait_for_function("document.querySelector('#reg-state').textContent === 'Registration is closed.'")
    info = call(api, "GET", f"/event/{eid}", key=org_key)[1]
    pid = {p["name"]: p["id"] for p in info["players"]}
    name_of = {v: k for k, v in pid.items()}
    assert all(p["legal"] and p["self_registered"] for p in info["players"])

    judge = watch(browser.new_context(**LAPTOP, locale="de-DE").new_page(), "judge")
    judge.goto(judge_url)
    judge.wait_for_selector("#ev-title:not(:empty)")

    games: list[tuple[int, int, int | None, int | None, bool]] = []
    missed: dict[int, set[int]] = {}
    adjustments: dict[int, int] = {}

    def pair_and_start(number: int, tables: int) -> dict[int, dict[str, Any]]:
        """The organiser proposes, confirms and starts the clock; each table's two seat links as the page shows
        them, with the players' ids."""
        org.click("#propose")
        org.wait_for_function(f"document.querySelector('#proposal-title').textContent.includes('{number}')",
                              timeout=WAIT)
        org.click("#confirm-round")
        org.wait_for_function(f"document.querySelector('#round-out h3') && document.querySelector('#round-out h3')"
                              f".textContent === 'Round {number}'", timeout=WAIT)
        # The page has the new round among its rounds (the clock's button acts on the latest one it knows).
        org.wait_for_selector(f"#rounds details[data-round='{number}']", state="attached", timeout=WAIT)
        org.click("#start-clock")
        org.wait_for_function(f"(document.querySelector('#rounds details[data-round=\"{number}\"] summary') || "
                              "{textContent: ''}).textContent.includes(':')", timeout=WAIT)
        answer = call(api, "GET", f"/event/{eid}", key=org_key)[1]
        links = [a.get_attribute("href") for a in org.locator("#round-out a").all()]
        out: dict[int, dict[str, Any]] = {}
        for t in (x for x in answer["tables"] if x["round"] == number):
            seat_links = [link for link in links if f"/g/{t['game']}/" in (link or "")]
            out[t["table"]] = {"game": t["game"], "players": t["players"], "links": seat_links}
        assert len(out) == tables
        bye = next(r["bye"] for r in answer["rounds"] if r["number"] == number)
        if bye is not None:
            games.append((number, bye, None, bye, False))
        return out

    def report(game: str, key: str, seat: str, ending: str, rid: str) -> Any:
        status, out = call(api, "POST", f"/event-tables/{game}/report",
                           {"winner": seat, "ending": ending, "request_id": rid}, key)
        assert status == 201, out
        return out

    def play(number: int, tables: dict[int, dict[str, Any]], on_pages: int | None = None) -> None:
        """Every table reports its result from its two phones (over the API, one table on the pages); a disputed
        table reports two winners and the judge decides on the dashboard. A modified win comes only from a game gone
        to time: the judge calls time at such a table first (a correction on the judge's authority)."""
        for table, t in tables.items():
            seat, ending = outcome(number, table)
            a, b = t["players"]
            winner = a if seat == "A" else b
            if table == on_pages:
                phones = [watch(browser.new_context(**PHONE, locale=loc).new_page(), f"table {table} {s}")
                          for s, loc in (("A", "en-GB"), ("B", "de-DE"))]
                for phone, link in zip(phones, t["links"], strict=True):
                    phone.goto(link)  # the round's link: its paper key, exchanged for the seat's own
                    phone.wait_for_selector("#event-report", state="attached", timeout=WAIT)
                mine = phones[0 if seat == "A" else 1]
                mine.click("#event-report summary")
                mine.click("[data-report='victory:" + seat + "']")
                mine.click("[data-confirm=yes]")
                other = phones[1 if seat == "A" else 0]
                other.wait_for_selector("#event-report [data-reported]", timeout=WAIT)
                keep(other, f"evening-phone-confirm-{'de' if seat == 'A' else 'en'}.png")
                other.click("#event-report .primary")
                # agreeing with the other phone's report: the sheet says the result then counts (a judge trial read
                # "your opponent confirms it on their phone" on the phone that was confirming)
                other.wait_for_selector("[data-confirm=yes]", timeout=WAIT)
                asked = other.inner_text(".sheet.confirm")
                assert "confirms it on their phone" not in asked and "bestätigt es auf seinem Handy" not in asked, asked
                assert "reported the same" in asked or "dasselbe gemeldet" in asked, asked
                other.click("[data-confirm=yes]")
                for phone in phones:
                    phone.wait_for_selector("#report-result", timeout=WAIT)
                assert "Sieg" in phones[1].inner_text("#report-result") or "gewinnt" in phones[1].inner_text(
                    "#report-result")
                for phone in phones:
                    phone.context.close()
                games.append((number, a, b, winner, False))
                continue
            keys = {s: claimed(link, api) for s, link in zip("AB", t["links"], strict=True)}
            other = "B" if seat == "A" else "A"
            if DISPUTED.get(number) == table:
                report(t["game"], keys["A"], "A", "victory", f"r{number}t{table}A-dispute")
                report(t["game"], keys["B"], "B", "victory", f"r{number}t{table}B-dispute")
                judge.wait_for_function(f"(document.querySelector(\"tr[data-game='{t['game']}']\") || "
                                        "{innerText: ''}).innerText.includes('widersprechen')", timeout=WAIT)
                judge.click(f"button[data-open='{t['game']}']")
                judge.wait_for_function("document.querySelector('#panel-title').textContent"
                                        f".startsWith('Tisch {table}:')", timeout=WAIT)
                if number == 2:
                    keep(judge, "evening-judge-dispute-de.png")
                judge.click(f"#result-buttons [data-result='{seat}'][data-ending='judge']")
                judge.wait_for_function(f"document.querySelector(\"tr[data-game='{t['game']}']\").innerText"
                                        ".includes('gewinnt')", timeout=WAIT)
                if number == 2:  # a result in changes only after a question naming both; "no" changes nothing
                    judge.wait_for_selector("#result-now:has-text('Schiedsrichter')", timeout=WAIT)
                    judge.click(f"#result-buttons [data-result='{other}'][data-ending='judge']")
                    judge.wait_for_selector(".sheet.confirm:has-text('Das Ergebnis dieses Tisches steht fest')",
                                            timeout=WAIT)
                    judge.click(".sheet.confirm [data-confirm=no]")
                    result = next(x["result"] for x in call(api, "GET", f"/event/{eid}", key=org_key)[1]["tables"]
                                  if x["game"] == t["game"])
                    assert result["winner"] == seat, result  # "no": the decision stands
                games.append((number, a, b, winner, False))
                continue
            if ending == "time":
                version = call(api, "GET", f"/games/{t['game']}", key=keys[seat])[1]["version"]
                status, out = call(api, "POST", f"/event/{eid}/games/{t['game']}/rulings",
                                   {"type": "correction", "action": {"type": "call_time"}, "text": "time",
                                    "request_id": f"r{number}t{table}-time", "expected_version": version}, judge_key)
                assert status == 201, out
            report(t["game"], keys[seat], seat, ending, f"r{number}t{table}{seat}-report")
            settled = report(t["game"], keys[other], seat, ending, f"r{number}t{table}{other}-confirm")
            assert settled["status"] == "agreed", settled
            games.append((number, a, b, winner, ending == "time"))

    # -- five Swiss rounds -------------------------------------------------------------------------------------
    play(1, pair_and_start(1, 12), on_pages=1)
    play(2, pair_and_start(2, 12))
    # A player drops after round 2 (the organiser's page), and round 3 is paired without them (23: a bye).
    org.click("#players-box summary")
    org.click(f"#players > li[data-player='{pid[DROPS]}'] [data-drop]")
    org.click("[data-confirm=yes]")
    org.wait_for_selector(f"#players > li[data-player='{pid[DROPS]}'] [data-rejoin]", timeout=WAIT)
    r3 = pair_and_start(3, 11)
    assert pid[DROPS] not in {p for t in r3.values() for p in t["players"]}
    play(3, r3)
    # The judge takes 2 points from a player (the dashboard's form, with the reason), and the player who dropped
    # rejoins before round 4 is paired: an unpaired loss for round 3.
    judge.select_option("#adjust-player", str(pid[PENALISED]))
    judge.fill("#adjust-points", "-2")
    judge.fill("#adjust-reason", "Langsames Spiel nach Verwarnung")
    judge.click("#adjust-send")
    judge.wait_for_function("document.querySelectorAll('#adjustments li').length === 1", timeout=WAIT)
    adjustments[pid[PENALISED]] = -2
    org.click(f"#players > li[data-player='{pid[DROPS]}'] [data-rejoin]")
    org.click("[data-confirm=yes]")
    org.wait_for_selector(f"#players > li[data-player='{pid[DROPS]}'] [data-drop]", timeout=WAIT)
    missed[pid[DROPS]] = {3}
    play(4, pair_and_start(4, 12))
    play(5, pair_and_start(5, 12))

    # -- the standings after the Swiss rounds: the report's, in English and German, against a hand computation --
    seed = call(api, "GET", f"/event/{eid}/standings")[1]["event"]["seed"]
    expected = by_hand(name_of, games, missed, adjustments, seed)
    for lang, locale in (("en", "en-GB"), ("de", "de-DE")):
        page = watch(browser.new_context(**LAPTOP, locale=locale).new_page(), f"report {lang}")
        page.goto(f"{server.url}/e/{eid}/report#key={org_key}")
        page.wait_for_function("document.querySelectorAll('#standings tr').length === 24", timeout=WAIT)
        # Each cell's text (a row's innerText, laid out late, came without its tabs now and then).
        rows = page.evaluate("[...document.querySelectorAll('#standings tr')]"
                             ".map(tr => [...tr.cells].map(td => td.textContent.trim()))")
        assert [r[1] for r in rows] == [e["name"] for e in expected], lang
        for row, want in zip(rows, expected, strict=True):
            assert [row[2].split(" ")[0], *row[3:]] == shown(want, lang), (lang, row, want)
        assert "(-2)" in page.inner_text(f"#standings tr[data-player='{pid[PENALISED]}']")
        keep(page, f"evening-report-{lang}.png")
        page.context.close()

    # -- the top-8 cut: seeded by those standings, every game reported by its players ----------------------------
    top = [pid[e["name"]] for e in expected[:8]]
    quarter = pair_and_start(6, 4)
    assert [quarter[i]["players"] for i in range(1, 5)] == [[top[0], top[7]], [top[1], top[6]], [top[2], top[5]],
                                                            [top[3], top[4]]]
    play(6, quarter)
    play(7, pair_and_start(7, 2))
    play(8, pair_and_start(8, 1))
    cut = call(api, "GET", f"/event/{eid}/standings")[1]["cut"]
    assert len(cut) == 7 and all(c["winner"] for c in cut)
    # Every result came from the players' reports or, where they disagreed, the judge's decision; nothing else.
    reported = call(api, "GET", f"/event/{eid}", key=org_key)[1]["tables"]
    assert len(reported) == 12 * 4 + 11 + 4 + 2 + 1
    assert sorted({t["result"]["reported"] for t in reported}) == ["judge", "players"]
    assert sum(1 for t in reported if t["result"]["reported"] == "judge") == len(DISPUTED)
    # The public feed carries the same standings (names, points, each tie-breaker), and no key.
    status, feed = call(server.url, "GET", f"/e/{eid}/feed.json")
    assert status == 200 and [r["name"] for r in feed["standings"]] == [e["name"] for e in expected]
    assert org_key not in json.dumps(feed) and judge_key not in json.dumps(feed)
    assert problems == []
    assert time.monotonic() - started < 600  # a ceiling for a stuck page, not a measure
