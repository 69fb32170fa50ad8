"""What a person met on the phones during a session (the issue's sweep of real use), each kept as a test:
a scanned card's place on the scan list follows the table instead of staying where the photo found it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.paper import claimed
from tests.phones import WAIT, seat_phones
from tests.server import Server, call
from tests.test_browser import CHROMIUM, shot
from tests.test_browser_game import label_photo

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
TAG = "AB7"  # the tag on the sleeves of label_photo's Tyrion


def test_the_scan_list_says_where_the_card_is_now(server: Server, browser: Any, tmp_path: Path) -> None:
    """Alice photographs her Tyrion while it is in her draw deck; later she sets it up into shadows. The scan
    list, still on her screen, says "shadows", not "draw deck" (seen in a two-round game: "Tyrion · draw deck"
    a round after he had been brought out)."""
    api = server.url + "/api"
    _, g = call(api, "POST", "/games", {"seats": [{"seat": "Alice", "name": "Alice"}, {"seat": "Bob", "name": "Bob"}]})
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    status, out = call(api, "PUT", f"/games/{gid}/seats/Alice/deck",
                       {"expected_version": 0, "deck": {"13089": 1, "01091": 1}, "tag": TAG}, ka)
    assert status == 200, out
    a, = seat_phones(browser, server, {"seats": g["seats"][:1]}, ("en-GB",))
    a.wait_for_selector("#scan-box:not(.hidden)", timeout=WAIT)
    a.set_input_files("#photo", str(label_photo(tmp_path / "tyrion.jpg")))
    a.wait_for_selector("#scanned li[data-card='Alice.13089.1']", timeout=WAIT)
    assert "draw deck" in a.inner_text("#scanned li[data-card='Alice.13089.1']")
    a.click("#sheet button[data-action=setup_into_shadows]")  # one card found: its actions opened at once
    a.wait_for_selector("#my-shadows li[data-position='1']", timeout=WAIT)
    a.wait_for_function("document.querySelector(\"#scanned li[data-card='Alice.13089.1']\").innerText"
                        ".includes('shadows')", timeout=WAIT)
    assert "draw deck" not in a.inner_text("#scanned")
    shot(a, "session-scan-follows-the-table-en")


def test_an_organiser_makes_a_first_edition_event_on_the_new_event_page(server: Server, browser: Any) -> None:
    """The API has taken ``edition`` all along; the page had no field for it, so an organiser could only make
    2nd-edition events and a 1st-edition deck was then read against 2nd edition's cards."""
    page = browser.new_context(viewport={"width": 1366, "height": 900}, locale="de-DE").new_page()
    page.goto(server.url + "/events/new")
    page.wait_for_selector("#ev-edition option[value='1e']", state="attached", timeout=WAIT)
    page.fill("#ev-name", "Schattenabend 1E")
    page.select_option("#ev-edition", "1e")
    assert "1. Edition" in page.inner_text("#ev-edition")
    page.wait_for_selector("#ev-list-row", state="hidden", timeout=WAIT)  # 2nd edition's restricted lists
    shot(page, "session-new-event-1e-de")
    page.click("#new-event button[type=submit]")
    page.wait_for_selector("#ev-created:not(.hidden)", timeout=WAIT)
    url = page.get_attribute("#ev-organiser", "href") or ""
    eid, key = url.split("/e/")[1].split("#")[0], url.split("#key=")[1]
    _, event = call(server.url + "/api", "GET", f"/event/{eid}", key=key)
    assert event["event"]["edition"] == "1e", event["event"]
    assert event["event"]["restricted_list"] is None


def small_event(server: Server) -> dict[str, Any]:
    """An event of two, round 1 paired by CSV; each seat has drawn 7 cards without naming them."""
    from tests.corpus.build import LANNISTER, STARK, decklist

    api = server.url + "/api"
    _, ev = call(api, "POST", "/event", {"name": "Friday Shadows", "date": "2026-11-27", "rounds": 1, "tables": 1})
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    for i, (name, faction, slots) in enumerate((("Ann", "lannister", LANNISTER), ("Ben", "stark", STARK))):
        body = {"name": name, "decklist": decklist(name, faction, slots), "request_id": f"register-{i:04d}"}
        status, out = call(api, "POST", f"/event/{eid}/players", body, org)
        assert status == 201, out
        if out["needs_confirmation"]:
            call(api, "POST", f"/event/{eid}/players/{out['player']['id']}/confirm", {}, org)
    status, rnd = call(api, "POST", f"/event/{eid}/rounds", {"csv": "1,Ann,Ben", "request_id": "round-0001"}, org)
    assert status == 201, rnd
    table = rnd["tables"][0]
    keys = {s["seat"]: claimed(s["url"], api) for s in table["seats"]}
    seat_key = keys["A"]
    version = call(api, "GET", f"/games/{table['game']}/view", key=seat_key)[1]["version"]  # the decks are loaded
    for s in table["seats"]:
        key = keys[s["seat"]]
        status, out = call(api, "POST", f"/games/{table['game']}/actions", {
            "action": {"type": "draw_cards", "player": s["seat"], "count": 7}, "expected_version": version}, key)
        assert status == 201, out
        version = out["version"]
    return {"id": eid, "organiser": org, "judge": judge, "game": table["game"], "keys": keys, "version": version}


def test_the_judge_panel_counts_cards_drawn_without_a_name(server: Server, browser: Any) -> None:
    """The panel showed "hand: · shadows: · in play:" (blanks) for a seat holding 7 cards drawn unnamed: now
    "7 not named", and "–" for an empty area."""
    ev = small_event(server)
    for lang, locale, hand, empty in (("en", "en-GB", "hand: 7 not named", "in play: –"),
                                      ("de", "de-DE", "Hand: 7 nicht benannt", "im Spiel: –")):
        page = browser.new_context(viewport={"width": 1366, "height": 900}, locale=locale).new_page()
        page.goto(f"{server.url}/e/{ev['id']}/judge#key={ev['judge']}")
        page.click(f"button[data-open='{ev['game']}']", timeout=WAIT)
        page.wait_for_selector("#table-panel:not(.hidden) .moment-players", timeout=WAIT)
        text = page.inner_text(".moment-players")
        assert hand in text and empty in text, text
        shot(page, f"session-judge-panel-unnamed-{lang}")


def test_the_report_tells_the_organiser_who_downloads_the_event_file(server: Server, browser: Any) -> None:
    """The organiser's report offered "Signed-off event file", which only the judge's key may download (it
    holds every table's hidden cards): the organiser's tap ended in a refusal. Now the organiser reads who
    downloads it; the judge has the button."""
    ev = small_event(server)
    for role in ("organiser", "judge"):
        for locale in ("en-GB", "de-DE"):
            page = browser.new_context(viewport={"width": 1366, "height": 900}, locale=locale).new_page()
            page.goto(f"{server.url}/e/{ev['id']}/report#key={ev[role]}")
            page.wait_for_selector("#report-rows tr", timeout=WAIT)
            shown = page.locator("#report-export").is_visible(), page.locator("#report-export-judge").is_visible()
            assert shown == ((False, True) if role == "organiser" else (True, False)), (role, shown)
            if role == "organiser":
                note = page.inner_text("#report-export-judge")
                assert ("Schiedsrichter" if locale == "de-DE" else "the judge downloads it") in note
                shot(page, f"session-report-organiser-{locale[:2]}")


def test_the_judge_panel_shows_face_down_setup_cards_apart_from_the_hand(server: Server, browser: Any) -> None:
    """A judge trial: "hand: Theon Greyjoy, Iron Islands Fishmonger, 3 not named" for a seat with 5 cards in hand
    and those two set up face down. They are listed as set up face down, apart from the hand's count."""
    ev = small_event(server)
    api = server.url + "/api"
    status, out = call(api, "POST", f"/games/{ev['game']}/actions", {
        "action": {"type": "setup_face_down", "player": "A", "card": "A.01091.1"},
        "expected_version": ev["version"]}, ev["keys"]["A"])
    assert status == 201, out
    page = browser.new_context(viewport={"width": 1366, "height": 900}, locale="en-GB").new_page()
    page.goto(f"{server.url}/e/{ev['id']}/judge#key={ev['judge']}")
    page.click(f"button[data-open='{ev['game']}']", timeout=WAIT)
    page.wait_for_selector("#table-panel:not(.hidden) .moment-players", timeout=WAIT)
    text = page.inner_text(".moment-players")
    assert "hand: 6 not named · face down for setup: Burned Men" in text, text
    shot(page, "session-judge-panel-face-down-setup-en")


def test_the_organisers_page_says_when_phones_cannot_reach_the_server(server: Server, browser: Any) -> None:
    """A judge trial printed a round of seat sheets whose codes led to 127.0.0.1: the organiser's page (whose
    registration link and seat sheets phones scan) says, as the host's page does, how to let phones in."""
    ev = small_event(server)
    port = server.url.rsplit(":", 1)[1]
    for locale, title in (("en-GB", "Phones cannot join yet"), ("de-DE", "")):
        page = browser.new_context(viewport={"width": 1366, "height": 900}, locale=locale).new_page()
        page.goto(f"{server.url}/e/{ev['id']}#key={ev['organiser']}")
        page.wait_for_selector("#lan-box:not(.hidden)", timeout=WAIT)
        assert page.inner_text("#lan-box code") == f"bash scripts/setup.sh serve --lan --port {port}"
        assert not title or title in page.inner_text("#lan-box")
        shot(page, f"session-organiser-lan-box-{locale[:2]}")


def test_after_a_concession_the_game_over_says_the_result_still_waits_for_this_phone(server: Server,
                                                                                    browser: Any) -> None:
    """A judge trial: after Bernd conceded, Eva's phone showed a full-screen "Game over" with only the log's buttons;
    the event's confirmation lay behind it, and a player who read "game over" and left kept the round open. The
    game's end now says the table's result still waits for this phone, and its button opens the report box."""
    ev = small_event(server)
    api = server.url + "/api"
    page = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB").new_page()
    page.goto(f"{server.url}/g/{ev['game']}#key={ev['keys']['A']}")
    # Before time is called no modified win is offered (the judge trial tapped one and read the server's refusal).
    page.wait_for_selector("#event-report [data-report='victory:A']", state="attached", timeout=WAIT)
    assert page.locator("#event-report [data-report^='time:']").count() == 0
    status, out = call(api, "POST", f"/games/{ev['game']}/actions", {
        "action": {"type": "concede", "player": "B"}, "expected_version": ev["version"]}, ev["keys"]["B"])
    assert status == 201, out
    page.wait_for_selector("#game-over:not(.hidden) #report-due", timeout=WAIT)
    # ended in setup: no "round 0" beside the event's round
    for shown in ("#game-over", "#status"):
        assert "round 0" not in page.inner_text(shown).lower(), shown
    shot(page, "session-game-over-report-due-en")
    page.click("#to-report")
    page.wait_for_selector("#game-over.hidden", state="attached", timeout=WAIT)
    shot(page, "session-game-over-report-box-en")
    assert page.evaluate("document.getElementById('event-report').open")
