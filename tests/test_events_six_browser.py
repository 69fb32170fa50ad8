"""What an organiser who is also the judge met running a 6-player event, in real Chromium on a real server: a
registration taken off the list before round 1 from the organiser's page and from the judge's panel, each asked
first, in English and German."""

from __future__ import annotations

from typing import Any

import pytest

from tests.axe import violations
from tests.phones import WAIT
from tests.server import Server, call
from tests.test_browser import CHROMIUM, shot

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
LAPTOP = {"viewport": {"width": 1366, "height": 900}, "bypass_csp": True}
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eva", "Finn")


def six_registered(server: Server, name: str = "Six at Kiel", waiting: tuple[str, ...] = ()) -> dict[str, Any]:
    """An event with six players registered by the organiser, their decks (all short: not legal) allowed but those
    of ``waiting``; nothing paired."""
    from tests.corpus.build import LANNISTER, STARK, decklist

    api = server.url + "/api"
    _, ev = call(api, "POST", "/event", {"name": name, "date": "2026-11-27", "rounds": 3, "tables": 3})
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    ids = {}
    for i, player in enumerate(NAMES):
        faction, slots = (("lannister", LANNISTER), ("stark", STARK))[i % 2]
        body = {"name": player, "decklist": decklist(player, faction, slots), "request_id": f"register-{i:04d}"}
        status, out = call(api, "POST", f"/event/{eid}/players", body, org)
        assert status == 201, out
        ids[player] = out["player"]["id"]
        if out["needs_confirmation"] and player not in waiting:
            call(api, "POST", f"/event/{eid}/players/{out['player']['id']}/confirm", {}, org)
    return {"id": eid, "organiser": org, "judge": judge, "players": ids, "api": api}


def test_a_registration_is_removed_before_round_1_from_the_organisers_page_and_the_judges(server: Server,
                                                                                        browser: Any) -> None:
    """A judge trial: Finn registered and left before round 1; the page offered only "Drop", which kept him in the
    standings. Before round 1 the list offers "Remove registration", asked first (naming him), and he is gone; the
    judge's panel before round 1 offers it too. Once round 1 is paired the list offers "Drop" again."""
    ev = six_registered(server)
    for locale, button, asked in (("de-DE", "Anmeldung entfernen", "Die Anmeldung von Finn entfernen?"),
                                  ("en-GB", "Remove registration", "Remove Finn's registration?")):
        if locale == "en-GB":  # English: Finn was removed in German; Eva goes this time
            asked = asked.replace("Finn", "Eva")
        who = "Finn" if locale == "de-DE" else "Eva"
        page = browser.new_context(**LAPTOP, locale=locale).new_page()
        page.goto(f"{server.url}/e/{ev['id']}#key={ev['organiser']}")
        row = f"#players > li[data-player='{ev['players'][who]}']"
        page.wait_for_selector(f"{row} [data-remove]", state="attached", timeout=WAIT)
        page.click("#players-box summary")
        assert page.inner_text(f"{row} [data-remove]") == button
        assert page.locator(f"{row} [data-drop]").count() == 0  # nothing is paired: nothing to drop from
        assert violations(page) == [], locale
        page.click(f"{row} [data-remove]")
        page.wait_for_selector("[data-confirm=yes]", timeout=WAIT)
        assert asked in page.inner_text(".sheet.confirm")
        shot(page, f"six-remove-registration-asked-{locale[:2]}")
        page.click("[data-confirm=yes]")
        page.wait_for_selector(row, state="detached", timeout=WAIT)
        assert who not in page.inner_text("#players")
        shot(page, f"six-remove-registration-done-{locale[:2]}")
        page.context.close()

    # The judge's panel before round 1 offers it too.
    judge = browser.new_context(**LAPTOP, locale="en-GB").new_page()
    judge.goto(f"{server.url}/e/{ev['id']}/judge#key={ev['judge']}")
    row = f"#before-players > li[data-player='{ev['players']['Dan']}']"
    judge.wait_for_selector(f"{row} [data-remove]", timeout=WAIT)
    assert violations(judge) == []
    judge.click(f"{row} [data-remove]")
    judge.click("[data-confirm=yes]", timeout=WAIT)
    judge.wait_for_selector(row, state="detached", timeout=WAIT)
    listed = judge.eval_on_selector_all("#before-players > li", "rows => rows.map(r => r.dataset.name)")
    assert listed == ["Ann", "Ben", "Cat"], listed
    shot(judge, "six-judge-before-round-1-removed-en")
    _, log = call(ev["api"], "GET", f"/event/{ev['id']}/report", key=ev["organiser"])
    assert [(d["by"], d["detail"]["name"]) for d in log["decisions"] if d["kind"] == "remove"] == [
        ("organiser", "Finn"), ("organiser", "Eva"), ("judge", "Dan")]

    # Round 1 paired: "Drop" again, no removal.
    status, out = call(ev["api"], "POST", f"/event/{ev['id']}/rounds", {"csv": "1,Ann,Ben\n2,Cat,BYE"},
                       ev["organiser"])
    assert status == 201, out
    page = browser.new_context(**LAPTOP, locale="en-GB").new_page()
    page.goto(f"{server.url}/e/{ev['id']}#key={ev['organiser']}")
    page.wait_for_selector(f"#players > li[data-player='{ev['players']['Ann']}'] [data-drop]", state="attached",
                           timeout=WAIT)
    assert page.locator("#players [data-remove]").count() == 0


def test_the_player_with_the_bye_is_told_so_on_their_own_pages(server: Server, browser: Any) -> None:
    """A judge trial: the player with the bye saw nothing on their page and waited for a table that never came.
    Cat registered on her phone and has round 1's bye: her registration page says so, with what it scores (the
    event's scoring: a win, 5 points), in German and, switched, in English. Ben played round 1 and has round 2's
    bye: the phone still open at his round-1 table says so; Cat's page, in round 2 at a table, no longer does."""
    from tests.corpus.build import LANNISTER, STARK, decklist
    from tests.paper import claimed
    from tests.phones import registered_on_phone

    api = server.url + "/api"
    _, ev = call(api, "POST", "/event", {"name": "Bye night", "date": "2026-11-27", "rounds": 3, "tables": 2})
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    for i, (name, faction, slots) in enumerate((("Ann", "lannister", LANNISTER), ("Ben", "stark", STARK))):
        status, out = call(api, "POST", f"/event/{eid}/players",
                           {"name": name, "decklist": decklist(name, faction, slots), "request_id": f"reg-{i:04d}"},
                           org)
        assert status == 201, out
        call(api, "POST", f"/event/{eid}/players/{out['player']['id']}/confirm", {}, org)
    cat = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE", bypass_csp=True).new_page()
    registered_on_phone(cat, server, eid, "Cat", decklist("Cat", "lannister", LANNISTER), org)
    assert cat.locator("#reg-bye").is_hidden()

    status, r1 = call(api, "POST", f"/event/{eid}/rounds", {"csv": "1,Ann,Ben\n2,Cat,BYE"}, org)
    assert status == 201 and r1["bye"]["name"] == "Cat", r1
    cat.reload()
    cat.wait_for_selector("#reg-bye:not(.hidden)", timeout=WAIT)
    assert cat.inner_text("#reg-bye") == ("Runde 1: Du hast in dieser Runde ein Freilos (ein Sieg: 5 Punkte). Für "
                                          "dich gibt es keinen Tisch; die Paarungen der nächsten Runde kommen nach "
                                          "dieser.")
    assert violations(cat) == []
    shot(cat, "six-bye-registration-page-de")
    cat.click("[data-lang-toggle]")
    cat.wait_for_function("document.getElementById('reg-bye').textContent.startsWith('Round 1: you have the bye "
                          "this round (a win: 5 points)')", timeout=WAIT)
    shot(cat, "six-bye-registration-page-en")

    # Round 1: Ann beats Ben (the judge enters it). Round 2: Ann – Cat, Ben has the bye.
    seats = {s["name"]: claimed(s["url"], api) for s in r1["tables"][0]["seats"]}
    game1 = r1["tables"][0]["game"]
    ben = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE", bypass_csp=True).new_page()
    ben.goto(f"{server.url}/g/{game1}#key={seats['Ben']}")
    ben.wait_for_selector("#event-box:not(.hidden)", timeout=WAIT)
    assert ben.locator("#event-bye").is_hidden()
    status, out = call(api, "POST", f"/event/{eid}/games/{game1}/result", {"winner": "A", "ending": "victory"}, judge)
    assert status == 200, out
    status, r2 = call(api, "POST", f"/event/{eid}/rounds", {"csv": "1,Ann,Cat\n2,Ben,BYE"}, org)
    assert status == 201 and r2["bye"]["name"] == "Ben", r2
    ben.reload()
    ben.wait_for_selector("#event-bye:not(.hidden)", timeout=WAIT)
    assert ben.inner_text("#event-bye").startswith("Runde 2: Du hast in dieser Runde ein Freilos (ein Sieg: 5 Punkte)")
    assert violations(ben) == []
    shot(ben, "six-bye-table-phone-de")
    # Ann's phone at the same table: not hers.
    ann = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB").new_page()
    ann.goto(f"{server.url}/g/{game1}#key={seats['Ann']}")
    ann.wait_for_selector("#event-box:not(.hidden)", timeout=WAIT)
    assert ann.locator("#event-bye").is_hidden()
    cat.reload()
    cat.wait_for_selector("#reg-mine:not(.hidden)", timeout=WAIT)
    assert cat.locator("#reg-bye").is_hidden()


def test_a_spectator_sees_how_many_cards_each_seat_set_up_face_down_and_never_which(server: Server,
                                                                                    browser: Any) -> None:
    """A judge trial: during setup the public table view (and a spectator's phone) showed nothing of the cards each
    player had placed face down. Each seat now reads its count ("2 cards set up face down"), never a card's name, in
    English and German; after the reveal the line is gone (the cards are in play)."""
    from tests.corpus.build import LANNISTER, STARK
    from tests.phones import phone

    api = server.url + "/api"
    _, g = call(api, "POST", "/games", {"seats": [{"seat": "A", "name": "Ann"}, {"seat": "B", "name": "Ben"}]})
    gid, keys = g["game"]["id"], {s["seat"]: s["key"] for s in g["seats"]}
    version = 0
    for seat, slots in (("A", LANNISTER), ("B", STARK)):
        status, out = call(api, "PUT", f"/games/{gid}/seats/{seat}/deck", {"expected_version": version, "deck": slots},
                           keys[seat])
        assert status == 200, out
        version = out["version"]
    placed = {"A": ["A.01091.1", "A.01094.1"], "B": ["B.01152.1"]}  # Burned Men, Lannisport Merchant; Direwolf Pup
    for seat in ("A", "B"):
        actions = [{"type": "draw_cards", "player": seat, "count": 7}] + [
            {"type": "setup_face_down", "player": seat, "card": card} for card in placed[seat]]
        for action in actions:
            status, out = call(api, "POST", f"/games/{gid}/actions", {"action": action, "expected_version": version},
                               keys[seat])
            assert status == 201, out
            version = out["version"]
    _, view = call(api, "GET", f"/games/{gid}/view")
    assert [p["setup_face_down"] for p in view["players"]] == [2, 1]
    hidden = ["Burned Men", "Lannisport Merchant", "Direwolf Pup"]
    for locale, words in (("en-GB", ("2 cards set up face down", "1 card set up face down")),
                          ("de-DE", ("2 Karten verdeckt aufgebaut", "1 Karte verdeckt aufgebaut"))):
        watcher = phone(browser, f"{server.url}/g/{gid}", locale=locale)
        watcher.wait_for_selector("[data-face-down='B']", timeout=WAIT)
        assert (watcher.inner_text("[data-face-down='A']"), watcher.inner_text("[data-face-down='B']")) == words
        text = watcher.inner_text("body")
        assert not any(name in text for name in hidden), text
        assert violations(watcher) == []
        shot(watcher, f"six-spectator-face-down-setup-{locale[:2]}")
        watcher.context.close()
    # Ann's phone: Ben's count beside Ben, her own cards as her hand shows them.
    ann = phone(browser, f"{server.url}/g/{gid}#key={keys['A']}")
    assert ann.wait_for_selector("[data-face-down='B']", timeout=WAIT).inner_text() == "1 card set up face down"
    assert ann.locator("[data-face-down='A']").count() == 0
    # The reveal: the cards are in play, the counts gone.
    status, out = call(api, "POST", f"/games/{gid}/actions", {"action": {"type": "reveal_setup"},
                                                              "expected_version": version}, keys["A"])
    assert status == 201, out
    ann.wait_for_selector("[data-face-down]", state="detached", timeout=WAIT)
    assert "Burned Men" in ann.inner_text("body")


def test_a_deck_not_yet_allowed_is_said_beside_the_confirm_button_and_its_refusal_there(server: Server,
                                                                                        browser: Any) -> None:
    """A judge trial: confirming round 1 with a deck not legal and not yet allowed was refused at the foot of the page,
    far from the button pressed. The proposal marks the player, lists the deck's problems beside the button before it
    is pressed, and a refusal is said under the button; once the deck is allowed the note goes and the round is
    made. German, then English."""
    ev = six_registered(server, "Allowed night", waiting=("Dan",))
    for locale, head, refused in (
            ("de-DE", "Nicht legal und noch nicht zugelassen (1)", "Dan (Deck nicht legal, noch nicht zugelassen)"),
            ("en-GB", "Not legal and not yet allowed (1)", "Dan (deck not legal, not yet allowed)")):
        page = browser.new_context(**LAPTOP, locale=locale).new_page()
        page.goto(f"{server.url}/e/{ev['id']}#key={ev['organiser']}")
        page.wait_for_selector("#propose:not([disabled])", timeout=WAIT)
        if locale == "de-DE":
            page.click("#propose")
        page.wait_for_selector("#confirm-waiting:not(.hidden)", timeout=WAIT)
        note = page.inner_text("#confirm-waiting")
        assert note.startswith(head) and refused in note and ("20" in note), note
        assert page.locator("#proposal-tables .deck-bad").count() == 1
        page.click("#confirm-round")
        page.wait_for_selector("#confirm-error:not(.hidden)", timeout=WAIT)
        said = page.inner_text("#confirm-error")
        assert said.startswith("Die Runde wurde nicht erstellt" if locale == "de-DE" else "The round was not made")
        assert refused in said, said
        assert page.locator("#ev-error").is_hidden()
        assert violations(page) == [], locale
        shot(page, f"six-confirm-refused-beside-the-button-{locale[:2]}")
        if locale == "de-DE":
            page.context.close()
    # The organiser allows Dan's deck: the note goes (the live stream), and the round is made.
    page.click("#players-box summary")
    page.click(f"#players > li[data-player='{ev['players']['Dan']}'] [data-allow]")
    page.click("[data-confirm=yes]", timeout=WAIT)
    page.wait_for_selector("#confirm-waiting.hidden", state="attached", timeout=WAIT)
    assert page.locator("#proposal-tables .deck-bad").count() == 0
    page.click("#confirm-round")
    page.wait_for_selector("#proposal.hidden", state="attached", timeout=WAIT)
    assert page.locator("#confirm-error").is_hidden()
    assert len(call(ev["api"], "GET", f"/event/{ev['id']}", key=ev["organiser"])[1]["tables"]) == 3
