"""A store championship from the pages alone, in real Chromium on a real server: 15 players, 4 Swiss rounds
paired by the tool from the organiser's page (round 1 random from the seed), a bye every round, a drop after
round 1 and a late registration before round 2 (so the field stays odd), every result entered by the judge
from the dashboard (two going-to-time wins through the judge's API), then a top-4 cut with single
elimination. The standings in the report equal a hand computation from the regulations' scoring."""

from __future__ import annotations

import json
import time
import urllib.request
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tests.catalogs import fresh_catalog
from tests.decklists import real_decks
from tests.server import Server, call
from tests.test_browser import ARGS, CHROMIUM, PHONE, SHOTS, keep

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
ORGANISER = {"viewport": {"width": 1366, "height": 900}, "bypass_csp": True}
SEED = "kiel-sc-2026"
# Tournament Points (FFG AGoT Tournament Regulations v2.0): win 5, modified win 4, loss 0; a bye is a win.
WIN, MODIFIED, LOSS, BYE = 5, 4, 0, 5


def hand_standings(games: list[tuple[int, str, str | None, str | None, bool]], late: dict[str, int],
                   everyone: list[str]) -> dict[str, tuple[int, Fraction, Fraction]]:
    """Points, strength of schedule and extended strength of schedule as the regulations define them, by
    hand: SoS = the mean over a player's opponents of (opponent's points / rounds the opponent played);
    eSoS = the mean of the opponents' SoS. A bye is a win and no opponent; a late entrant's missed round is
    an unpaired loss (a round played, no points, no opponent)."""
    points = {p: 0 for p in everyone}
    rounds = {p: 0 for p in everyone}
    opponents: dict[str, list[str]] = {p: [] for p in everyone}
    for _, a, b, winner, modified in games:
        if b is None:
            points[a] += BYE
            rounds[a] += 1
            continue
        for me, them in ((a, b), (b, a)):
            rounds[me] += 1
            opponents[me].append(them)
            points[me] += (MODIFIED if modified else WIN) if winner == me else LOSS
    for p, joined in late.items():
        rounds[p] += joined - 1
    sos = {p: sum((Fraction(points[o], rounds[o]) for o in opponents[p]), Fraction(0)) / len(opponents[p])
           for p in everyone}
    esos = {p: sum((sos[o] for o in opponents[p]), Fraction(0)) / len(opponents[p]) for p in everyone}
    return {p: (points[p], sos[p], esos[p]) for p in everyone}


def create_the_event(org: Any) -> tuple[str, str, str, str, str]:
    """Submits the filled new-event form and opens the organiser's page: its link, the judge's link, the event's
    id, the organiser's key and the judge's key (the keys from the links' fragments)."""
    org.click("#new-event button[type=submit]")
    org.wait_for_selector("#ev-created:not(.hidden)")
    organiser_url, judge_url = org.get_attribute("#ev-organiser", "href"), org.get_attribute("#ev-judge", "href")
    assert organiser_url and judge_url
    eid, org_key = organiser_url.split("/e/")[1].split("#")[0], organiser_url.split("#key=")[1]
    org.goto(organiser_url)
    org.wait_for_selector("#ev-title:not(:empty)")
    return organiser_url, judge_url, eid, org_key, judge_url.split("#key=")[1]


def test_a_store_championship_of_fifteen_with_byes_a_drop_a_late_entry_and_a_top_four_cut(server: Server,
                                                                                          tmp_path: Path) -> None:
    started = time.monotonic()
    api = server.url + "/api"
    catalog = fresh_catalog()
    decks = [d for d in real_decks() if catalog.get(d["cards"][0]["code"]).edition == "2e"]  # type: ignore[union-attr]
    names = [f"Player {i:02d}" for i in range(1, 16)]
    games: list[tuple[int, str, str | None, str | None, bool]] = []  # (round, a, b, winner, modified)
    browser = playwright.sync_playwright().start()
    try:
        b = browser.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        org = b.new_context(**ORGANISER, locale="en-GB").new_page()
        # -- the event, with its scoring, its cut and its seed ---------------------------------------------
        org.goto(f"{server.url}/events/new")
        org.fill("#ev-name", "Kiel Store Championship")
        org.fill("#ev-date", "2026-11-28")
        org.select_option("#ev-rounds", "4")
        org.fill("#ev-tables", "8")
        org.select_option("#ev-scoring", "regulations")
        org.select_option("#ev-cut", "4")
        org.fill("#ev-seed", SEED)
        keep(org, "swiss-new-event-en.png")
        org.click("[data-lang-toggle]")
        org.wait_for_function("document.querySelector('#ev-cut').options[1].textContent === 'Top 4, K.-o.-System'")
        keep(org, "swiss-new-event-de.png")
        org.click("[data-lang-toggle]")
        organiser_url, judge_url, eid, org_key, judge_key = create_the_event(org)
        org.click("#bulk-box summary")
        org.fill("#bulk", "\n".join(f"{n}; {json.dumps(decks[i % len(decks)])}" for i, n in enumerate(names)))
        org.click("#bulk-register")
        org.wait_for_function("document.querySelectorAll('#players > li').length === 15", timeout=30000)
        judge = b.new_context(**ORGANISER, locale="en-GB").new_page()
        judge.goto(judge_url)

        def allow_all() -> None:
            """Real decks break the newest restricted list: the organiser allows them all (logged)."""
            org.wait_for_function("!document.querySelector('#allow-all').classList.contains('hidden')")
            if not org.evaluate("document.querySelector('#players-box').open"):
                org.click("#players-box summary")
            org.click("#allow-all")
            org.click("[data-confirm=yes]")
            org.wait_for_function("document.querySelector('#allow-all').classList.contains('hidden')")
            org.click("#players-box summary")  # closed again, as the test found it

        allow_all()

        def pair(number: int, tables: int) -> dict[str, Any]:
            """The tool proposes from the organiser's page; the organiser confirms."""
            # The proposal is read once this click's own is made: a judge's earlier one for the same round (the
            # override before round 4's results) shows the same title, and was read in its place now and then.
            with org.expect_response(lambda r: r.url.endswith("/rounds/propose") and r.request.method == "POST"):
                org.click("#propose")
            org.wait_for_function(f"!document.querySelector('#proposal').classList.contains('hidden') && document"
                                  f".querySelector('#proposal-title').textContent.startsWith('Round {number} ')")
            assert org.locator("#proposal-tables li").count() == tables
            proposal = call(api, "GET", f"/event/{eid}/proposal", key=org_key)[1]["proposal"]
            assert not any(t["rematch"] for t in proposal["tables"])
            if proposal["stage"] == "swiss":
                assert SEED in org.inner_text("#proposal-title")
                assert org.inner_text("#proposal-bye") == f"Bye: {proposal['bye']['name']}"
            if number == 2:  # the organiser swaps two players, looks, and swaps them back
                first, second = proposal["tables"][0]["a"], proposal["tables"][1]["a"]
                org.select_option("#swap-a", str(first["id"]))
                org.select_option("#swap-b", str(second["id"]))
                org.click("#swap")
                org.wait_for_function("document.querySelector('#proposal-tables li').textContent"
                                      f".startsWith({json.dumps(second['name'])})")
                SHOTS.mkdir(parents=True, exist_ok=True)
                org.locator("#proposal").scroll_into_view_if_needed()
                keep(org, "swiss-organiser-proposal-en.png")
                org.click("[data-lang-toggle]")
                org.wait_for_function("document.querySelector('#proposal-title').textContent.startsWith('Runde')")
                keep(org, "swiss-organiser-proposal-de.png")
                org.click("[data-lang-toggle]")
                org.select_option("#swap-a", str(first["id"]))
                org.select_option("#swap-b", str(second["id"]))
                org.click("#swap")
                org.wait_for_function("document.querySelector('#proposal-tables li').textContent"
                                      f".startsWith({json.dumps(first['name'])})")
            org.click("#confirm-round")
            org.wait_for_function(f"document.querySelector('#round-out h3') && "
                                  f"document.querySelector('#round-out h3').textContent === 'Round {number}'")
            assert org.locator("#round-out p:not(.bye)").count() == tables
            return proposal  # type: ignore[no-any-return]

        def results(number: int, tables: int, winner_of: Any, on_time: set[int] = frozenset()) -> None:  # type: ignore[assignment]
            """The judge opens each table on the dashboard and records its winner."""
            judge.reload()
            judge.wait_for_function(f"document.querySelectorAll('#tables tr[data-table]').length === {tables} && "
                                    f"document.querySelector('#ev-title').textContent.includes('round {number}')")
            board = call(api, "GET", f"/event/{eid}/dashboard?round={number}", key=judge_key)[1]
            for row in board["tables"]:
                a, bb = (p["name"] for p in row["players"])
                seat = winner_of(number, row["table"], a, bb)
                winner = a if seat == "A" else bb
                games.append((number, a, bb, winner, row["table"] in on_time))
                if row["table"] in on_time:  # a going-to-time win: the judge records it as modified
                    status, _ = call(api, "POST", f"/event/{eid}/games/{row['game']}/result",
                                     {"winner": seat, "reason": "going to time", "modified": True}, judge_key)
                    assert status == 200
                    continue
                judge.click(f"button[data-open='{row['game']}']")
                judge.wait_for_function("document.querySelector('#panel-title').textContent"
                                        f".startsWith('Table {row['table']}:')")
                judge.fill("#result-reason", "15 power")
                judge.click(f"[data-result='{seat}']")
                judge.wait_for_function(f"(document.querySelector(\"#tables tr[data-game='{row['game']}']\") || "
                                        "{textContent: ''}).textContent.includes('wins')", timeout=15000)

        def bye_of(number: int) -> str:
            info = call(api, "GET", f"/event/{eid}", key=org_key)[1]
            pid = next(r["bye"] for r in info["rounds"] if r["number"] == number)
            name = next(p["name"] for p in info["players"] if p["id"] == pid)
            games.append((number, name, None, name, False))
            return str(name)

        # A fixed rule for who wins, so the hand computation below is the test's own.
        def winner_of(number: int, table: int, a: str, b: str) -> str:
            return "A" if (number + table) % 3 else "B"

        # -- round 1: random from the seed, a bye (15 players) ------------------------------------------------
        pair(1, 7)
        byes = [bye_of(1)]
        results(1, 7, winner_of)
        # -- after round 1: a drop (never paired again) and a late entry (an unpaired loss for round 1) -------
        dropped = names[4]
        org.click("#players-box summary")  # the player list, where each player can be dropped
        org.click(f"#players > li:has-text('{dropped}') [data-drop]")
        org.click("[data-confirm=yes]")
        org.wait_for_function(f"[...document.querySelectorAll('#players > li')].some(li => li.textContent.includes("
                              f"'{dropped}') && li.textContent.includes('dropped after round 1'))")
        org.fill("#pl-name", "Late Lou")
        org.fill("#pl-deck", json.dumps(decks[0]))
        org.click("#register button[type=submit]")
        org.wait_for_function("[...document.querySelectorAll('#players > li')].some(li => "
                              "li.textContent.includes('Late Lou') && li.textContent.includes('from round 2'))")
        if not org.evaluate("document.querySelector('#allow-all').classList.contains('hidden')"):
            org.click("#allow-all")
            org.click("[data-confirm=yes]")
            org.wait_for_function("document.querySelector('#allow-all').classList.contains('hidden')")
        everyone = [*names, "Late Lou"]
        # -- rounds 2 to 4 by the tool: still 15 players, so a bye each round, never the same player twice ----
        for number in (2, 3, 4):
            proposal = pair(number, 7)
            placed = {p["name"] for t in proposal["tables"] for p in (t["a"], t["b"])}
            assert dropped not in placed and dropped != proposal["bye"]["name"]
            byes.append(bye_of(number))
            if number == 4:  # before any result: the organiser is not offered it (why is said); the judge's key may
                org.wait_for_selector("#propose-note:not(.hidden)")  # pair anyway
                assert "Round 4 still has tables without a result" in org.inner_text("#propose-note")
                assert org.locator("#propose").is_disabled() and org.locator("#propose-anyway").is_hidden()
                as_judge = b.new_context(**ORGANISER, locale="en-GB").new_page()
                as_judge.goto(f"{server.url}/e/{eid}#key={judge_key}")
                as_judge.wait_for_selector("#ev-title:not(:empty)")
                as_judge.wait_for_selector("#propose-anyway:not(.hidden)")
                assert as_judge.locator("#propose").is_disabled()
                assert as_judge.inner_text("#propose-note").startswith("Round 4 still has tables without a result")
                as_judge.locator("#propose").scroll_into_view_if_needed()
                keep(as_judge, "swiss-judge-override-en.png")
                as_judge.click("#propose-anyway")
                as_judge.wait_for_function(
                    "document.querySelector('#proposal-title').textContent.startsWith('Round 5')")
                as_judge.context.close()
            results(number, 7, winner_of, on_time={1} if number in (2, 3) else set())
        log = call(api, "GET", f"/event/{eid}/report", key=judge_key)[1]["log"]
        assert [(e["kind"], e["by"]) for e in log if e["kind"] in ("override", "drop")] == [
            ("drop", "organiser"), ("override", "judge")]
        assert len(set(byes)) == 4, byes
        org.reload()  # the rounds list a table-less bye row with its result
        org.wait_for_selector("#rounds details[data-round='4'] li.bye")
        assert org.inner_text("#rounds details[data-round='4'] li.bye") == f"Bye: {byes[3]} — a win (5 points)"
        # -- the standings in the report equal the hand computation ---------------------------------------------
        hand = hand_standings(games, {"Late Lou": 2}, everyone)
        org.goto(f"{server.url}/e/{eid}/report#key={org_key}")
        org.wait_for_function("document.querySelectorAll('#standings tr').length === 16")
        keep(org, "swiss-report-en.png")
        assert org.locator("#report-rows tr.bye").count() == 4  # a table-less row per bye
        # Each cell's text (a row's innerText, laid out late, came without its tabs now and then).
        shown = org.evaluate("[...document.querySelectorAll('#standings tr')]"
                             ".map(tr => [...tr.cells].map(td => td.textContent.trim()))")
        assert [int(r[0]) for r in shown] == list(range(1, 17))
        by_name = {r[1].replace(" (dropped)", ""): r for r in shown}
        assert set(by_name) == set(everyone)
        for name, (points, sos, esos) in hand.items():
            row = by_name[name]
            assert (int(row[2]), row[4], row[5]) == (points, f"{float(sos):.3f}", f"{float(esos):.3f}"), (name, row)
        keys = [hand[r[1].replace(" (dropped)", "")] for r in shown]
        assert all(keys[i] >= keys[i + 1] for i in range(len(keys) - 1))  # points, then SoS, then eSoS
        assert "(dropped)" in by_name[dropped][1]
        top4 = [r[1] for r in shown if "(dropped)" not in r[1]][:4]
        # -- the cut: top 4, seeded 1 v 4 and 2 v 3, then the final ---------------------------------------------------
        org.goto(organiser_url.split("#")[0])
        org.wait_for_selector("#ev-title:not(:empty)")
        semi = pair(5, 2)  # proposed again now that every result is in (the judge's early proposal is replaced)
        assert semi["stage"] == "cut"
        assert [(t["a"]["name"], t["b"]["name"]) for t in semi["tables"]] == [(top4[0], top4[3]), (top4[1], top4[2])]
        results(5, 2, lambda *_: "A")
        final = pair(6, 1)
        assert [(final["tables"][0]["a"]["name"], final["tables"][0]["b"]["name"])] == [(top4[0], top4[1])]
        results(6, 1, lambda *_: "B")
        # -- screenshots: the organiser (1366×900) and the public standings (390×844), English and German ------
        SHOTS.mkdir(parents=True, exist_ok=True)
        org.reload()
        org.wait_for_selector("#standings-cut h3")
        org.locator("#standings").scroll_into_view_if_needed()
        keep(org, "swiss-organiser-standings-en.png")
        org.click("[data-lang-toggle]")
        org.wait_for_function("document.querySelector('#standings-cut h3').textContent === 'K.-o.-Runden'")
        keep(org, "swiss-organiser-standings-de.png")
        org.click("[data-lang-toggle]")
        for locale, tag in (("en-GB", "en"), ("de-DE", "de")):
            phone = b.new_context(**PHONE, locale=locale).new_page()  # a player, no key
            phone.goto(f"{server.url}/e/{eid}/standings")
            phone.wait_for_function("document.querySelectorAll('#standings tr').length === 16")
            assert phone.inner_text("#standings tr:first-child td:nth-child(2)") == top4[0]
            keep(phone, f"swiss-standings-phone-{tag}.png", full_page=True)
            phone.context.close()
        b.close()
        _the_export_is_signed_and_an_edited_result_or_standing_is_named(api, eid, judge_key, tmp_path)
    finally:
        browser.stop()
    assert time.monotonic() - started < 300  # a ceiling for a stuck page, not a measure


def _the_export_is_signed_and_an_edited_result_or_standing_is_named(api: str, eid: str, judge_key: str,
                                                                    tmp_path: Path) -> None:
    """The judge's export of the whole event verifies; a round-1 winner or a standing changed in its manifest
    is named by `companion check` (the signature covers results, standings, byes and drops)."""
    from tests.test_events_record import _check, _edit_manifest

    req = urllib.request.Request(f"{api}/event/{eid}/export", headers={"Authorization": f"Bearer {judge_key}"})
    with urllib.request.urlopen(req, timeout=60) as r:
        data = r.read()
    untouched = _check(tmp_path, data)
    assert untouched.exit_code == 0 and "all chains verify" in untouched.output, untouched.output

    def other_winner(m: dict[str, Any]) -> None:
        t = next(t for t in m["tables"] if t["round"] == 1 and t["table"] == 1)
        t["result"]["winner"] = "B" if t["result"]["winner"] == "A" else "A"

    changed = _check(tmp_path, _edit_manifest(data, other_winner))
    assert changed.exit_code == 2 and "round 1 table 1: result.winner changed" in changed.output, changed.output

    def more_points(m: dict[str, Any]) -> None:
        m["standings"][-1]["points"] += 5

    changed = _check(tmp_path, _edit_manifest(data, more_points))
    assert changed.exit_code == 2 and "points changed" in changed.output, changed.output
    dropped = _check(tmp_path, _edit_manifest(data, lambda m: m["drops"].clear()))
    assert dropped.exit_code == 2 and "DOES NOT VERIFY" in dropped.output, dropped.output
