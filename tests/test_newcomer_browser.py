"""Two newcomers at a real table, on real Chromium at phone size: a phone whose key was renewed keeps nothing of the
game (neither the table it was shown nor the key), the phone's one-tap repeat fits its row in both languages, and a
whole 1st-edition game played through the pages by a German phone and an English phone, watched by a spectator on
a laptop. Screenshots land in test-artifacts/screenshots/."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests import phones
from tests import test_browser_round as round_walk
from tests.server import Server, call
from tests.test_browser import CHROMIUM, SHOTS, prepared_game, shot

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

WAIT = phones.WAIT


def act(base: str, gid: str, key: str, action: dict[str, Any]) -> int:
    version = call(base, "GET", f"/games/{gid}", key=key)[1]["version"]
    status, body = call(base, "POST", f"/games/{gid}/actions", {"action": action, "expected_version": version}, key)
    assert status == 201, body
    return int(body["version"])


def test_setup_face_down_reads_as_setup_on_each_phone_and_the_reveal_is_the_step(server: Server, browser: Any) -> None:
    """Issue 33, item 5: Alice (English) sets a card up face down. Her phone lists it apart, says how much setup gold
    is left and offers the reveal as the step; Bob's phone (German), who has chosen nothing yet, says what to do and
    reads neither her card nor her gold left. Her tap asks first (Bob is still choosing: the reveal ends his setup
    too), then reveals the cards: setup's words go, the draw back up to 7 comes."""
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Alice"}, {"seat": "B", "name": "Bob"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {"01091": 9}}, ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": {"00168": 9}}, kb)[0] == 200
    act(base, gid, ka, {"type": "draw_cards", "player": "A", "count": 7})
    act(base, gid, kb, {"type": "draw_cards", "player": "B", "count": 7})
    act(base, gid, ka, {"type": "setup_face_down", "player": "A", "card": "A.01091.1"})  # Burned Men: 2 gold
    a, b = phones.seat_phones(browser, server, g, ("en-GB", "de-DE"))
    a.wait_for_selector("#round-box p:text-is('My setup cards, face down until the reveal: Burned Men')", timeout=WAIT)
    a.wait_for_selector("#round-box p:text-is('You have 6 of 8 setup gold left.')", timeout=WAIT)
    a.wait_for_selector("#step[data-step=reveal-setup]:not([disabled]):text-is('Reveal setup cards')", timeout=WAIT)
    assert a.locator("#round-box [data-offer]:has-text('Reveal')").count() == 0  # one reveal button
    row = a.inner_text("#my-hand li[data-card='A.01091.1']")  # still counted in the hand until the reveal
    assert "set up face down until the reveal" in row, row
    b.wait_for_selector("#step[data-step=wait]:text-is('Spielaufbau: Aufbaukarten wählen, dann aufdecken')",
                        timeout=WAIT)
    b.wait_for_selector("#round-box p:text-is('Du hast noch 8 von 8 Aufbaugold übrig.')", timeout=WAIT)
    seen = b.inner_text("#main")
    assert "Burned Men" not in seen and "Meine Aufbaukarten" not in seen and "6 von 8" not in seen
    shot(a, "newcomer-setup-face-down-en")
    shot(b, "newcomer-setup-choosing-de")
    a.click("#step[data-step=reveal-setup]")
    # Bob has placed nothing yet: the reveal (which ends his setup too) asks first, naming him
    a.wait_for_selector(".sheet.confirm:has-text('Bob is still choosing setup cards and has placed none')",
                        timeout=WAIT)
    a.click(".sheet.confirm [data-confirm=yes]")
    a.wait_for_selector("#my-play li[data-card='A.01091.1']", timeout=WAIT)
    a.wait_for_selector("#round-box [data-offer='draw:A:1']", timeout=WAIT)  # back up to 7
    b.wait_for_selector("[data-play=A] li[data-card='A.01091.1']", timeout=WAIT)
    for page in (a, b):  # the gold left is setup's own; what the reveal did to it every phone reads
        assert "setup gold left" not in page.inner_text("#round-box") and "Aufbaugold" not in page.inner_text(
            "#round-box")
    a.wait_for_selector("#round-box p:has-text('Alice loses 6 unspent setup gold')", timeout=WAIT)
    b.wait_for_selector("#round-box p:has-text('Alice hat 6 Gold des Aufbaus nicht ausgegeben')", timeout=WAIT)
    for page in (a, b):
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_phone_whose_key_was_renewed_forgets_the_table_and_the_key(server: Server, browser: Any, lang: str) -> None:
    """Alice's phone is lost; the host renews her key. The old phone, still open, shows only the notice of who renewed
    it: the seat's view is gone from the page's memory and from what it drew, and the old key from its storage (whoever
    picks the phone up finds neither her face-down Tyrion nor a key that opened her seat)."""
    base = server.url + "/api"
    g = prepared_game(base)
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    act(base, gid, ka, {"type": "marshal_into_shadows", "player": "A", "card": "A.13089.1"})
    page = phones.phone(browser, g["seats"][0]["url"], locale=phones.LOCALE[lang], server=server)
    page.add_init_script(f"localStorage.setItem('companion:lang', '{lang}')")
    page.reload()
    page.wait_for_selector("#my-shadows li[data-position='1']", timeout=WAIT)
    assert "Shadow 5" in page.inner_text("#my-shadows") or "Schatten 5" in page.inner_text("#my-shadows")
    stored = "() => Object.keys(localStorage).map(k => localStorage.getItem(k))"
    assert ka in page.evaluate(stored)

    status, renewed = call(base, "POST", f"/games/{gid}/seats/A/key", {}, g["host"]["key"])
    assert status == 200
    page.wait_for_selector("[data-keys-stopped]", timeout=WAIT)
    notice = page.inner_text("[data-keys-stopped]")
    assert ("no longer opens the game" if lang == "en" else "öffnet das Spiel nicht mehr") in notice, notice
    # Nothing of the seat's table in memory, in the page, or in storage.
    assert page.evaluate("import('/static/game.js').then(g => g.state)") is None
    html = page.content()
    for hidden in ("Tyrion Lannister", "13089", "Imp's Agent", "00168"):  # the search box's example says "Tyrion"
        assert hidden not in html, hidden
    assert not any(ka in (v or "") for v in page.evaluate(stored))
    assert page.evaluate(f"localStorage.getItem({json.dumps('companion:' + gid)})") is None
    # On the screen: the notice (and the header's name and language button), nothing of the table.
    assert page.locator("#hud").is_hidden() and page.locator("#main").is_hidden()
    assert page.evaluate("document.getElementById('keys-stopped').innerText.trim()") == notice.strip()
    shot(page, f"newcomer-key-renewed-{lang}")
    # The language button stays within reach above the notice, and says the notice in the other language.
    page.click("[data-lang-toggle]")
    other = "öffnet das Spiel nicht mehr" if lang == "en" else "no longer opens the game"
    page.wait_for_function(f"document.querySelector('[data-keys-stopped]').innerText.includes({json.dumps(other)})",
                           timeout=WAIT)
    shot(page, f"newcomer-key-renewed-switched-{lang}")
    page.click("[data-lang-toggle]")
    page.wait_for_function(f"document.querySelector('[data-keys-stopped]').innerText === {json.dumps(notice)}",
                           timeout=WAIT)
    # Opened again (the key is gone from it): the same notice, not the table as a spectator sees it.
    page.reload()
    page.wait_for_selector("[data-keys-stopped]", timeout=WAIT)
    assert page.inner_text("[data-keys-stopped]") == notice
    assert page.locator("#main").is_hidden() and page.locator("#hud").is_hidden()
    assert page.evaluate("import('/static/game.js').then(g => g.state)") is None
    # The new link, opened on this phone, opens the seat again.
    page.goto(renewed["url"].replace("http://localhost", server.url))
    page.wait_for_selector("#my-shadows li[data-position='1']", timeout=WAIT)
    assert page.locator("#main").is_visible() and page.locator("[data-keys-stopped]").is_hidden()
    page.reload()
    page.wait_for_selector("#my-shadows li[data-position='1']", timeout=WAIT)
    page.context.close()


#: How many lines each visible button of the Recent row is drawn on (rects of its text, by their top).
LINES = """() => [...document.querySelectorAll('#recent button')].map(b => {
  const r = document.createRange(); r.selectNodeContents(b);
  const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
  const cs = getComputedStyle(b);
  return {text: b.textContent, lines: tops.size,
          cut: b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1,
          ellipsis: cs.textOverflow === 'ellipsis', whole: b.title === b.textContent};
})"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_repeat_button_and_the_recent_chips_keep_a_short_text_on_one_line(server: Server, browser: Any,
                                                                               lang: str) -> None:
    """Power on Tyrion, then the repeat button: "↻ Place token (power) · Tyrion Lannister" is short enough for its row,
    so it is drawn on one line, not broken in two (German too); a text too long for the button is cut with "…" on one
    line, its title holding it whole."""
    base = server.url + "/api"
    g = prepared_game(base)
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    act(base, gid, ka, {"type": "place_tokens", "player": "A", "kind": "power", "amount": 1, "card": "A.01089.1"})
    page = phones.phone(browser, locale=phones.LOCALE[lang])
    page.add_init_script(f"localStorage.setItem('companion:lang', '{lang}')")
    page.goto(g["seats"][0]["url"].replace("http://localhost", server.url))
    page.wait_for_selector("#recent [data-repeat=place_tokens]", timeout=WAIT)
    buttons = page.evaluate(LINES)
    shot(page, f"newcomer-repeat-short-{lang}")
    assert buttons, buttons
    for b in buttons:
        assert b["lines"] == 1, buttons
        assert not b["cut"] or (b["ellipsis"] and b["whole"]), buttons
    # Whole in sight before any swipe: the row's first button, inside the row's edges, its text not cut.
    fits = page.evaluate("""() => { const row = document.querySelector('#recent').getBoundingClientRect();
      const b = document.querySelector('#recent [data-repeat]'); const r = b.getBoundingClientRect();
      return r.left >= row.left - 1 && r.right <= row.right + 1 && b.scrollWidth <= b.clientWidth + 1; }""")
    assert fits, buttons
    repeat = page.get_attribute("#recent [data-repeat]", "title") or ""
    assert repeat.endswith("Tyrion Lannister") and ("Macht" if lang == "de" else "power") in repeat, repeat
    page.context.close()


# ---- A whole 1st-edition game: Alice's phone in German, Bob's in English, a spectator on a laptop ---------------

#: Words of the German catalogue that an English phone must never show (card names are English anyway).
GERMAN = ["Runde", "Schatten", "Macht", "Fertig", "Zuletzt", "Totenstapel", "Herausforderung", "Startspieler",
          "Spieler", "Karte", "Zurückgenommen", "gewählt", "Warten", "verdeckt", "Verdeckt", "Einkommen", "Phase"]
LAPTOP = {"viewport": {"width": 1366, "height": 900}}

# The decks of the German whole-game walk (tests/test_browser_round.py), under names that are no word of either
# language's interface (the deck's name shows in the log).
ALICE = "Lannisport 1e" + round_walk.ALICE_1E[round_walk.ALICE_1E.index("\n"):]
BOB = "Sunspear 1e" + round_walk.BOB_1E[round_walk.BOB_1E.index("\n"):]


class Table:
    """Two phones, each in its own language, and whoever else looks at the table: every console error, failed page
    and answer of 400 or more is kept; each look takes a screenshot and checks the page as a player would glance at
    it (tests/test_browser_round.py's LOOK), and that no word of the other language shows."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.lang: dict[int, str] = {}
        self.racing = False  # both players tap at once on purpose: the second tap's version conflict is expected

    def draw_two_each(self, a: Any, b: Any) -> None:
        """Both draw at once, as at a table: a draw meeting a version conflict is sent again by the page itself."""
        self.racing = True
        round_walk.draw_two_each(a, b)
        self.racing = False

    def watch(self, page: Any, name: str, lang: str) -> Any:
        self.lang[id(page)] = lang

        def answer(r: Any) -> None:
            if r.status >= 400 and not (self.racing and r.status == 409):
                self.errors.append(f"{name} {r.status} {r.url}")

        def console(m: Any) -> None:
            if m.type == "error" and not (self.racing and "status of 409" in m.text):
                self.errors.append(f"{name} console: {m.text}")
        page.on("console", console)
        page.on("pageerror", lambda e: self.errors.append(f"{name} page error: {e}"))
        page.on("response", answer)
        return phones.track_requests(page)

    def look(self, page: Any, name: str, both: bool = True, menus: bool = False) -> None:
        """The page as its player reads it, then (``both``) in the other language and back, as the DE/EN button
        switches it: every page in both languages; with ``menus``, its menus' chosen options whole in each."""
        self.look_once(page, name)
        if both:
            lang = self.lang[id(page)]
            for now in ("en" if lang == "de" else "de", lang):
                page.click("[data-lang-toggle]")
                page.wait_for_function(f"document.documentElement.lang === '{now}'", timeout=WAIT)
                self.lang[id(page)] = now
                if now != lang:
                    self.look_once(page, name)
                if menus:
                    assert page.evaluate(SELECTS_CUT) == [], (name, now)

    def look_once(self, page: Any, name: str) -> None:
        phones.settled(page)  # a live update drawn half-way is no finding
        lang = self.lang[id(page)]
        shot(page, f"newcomer-{name}-{lang}")
        bad = page.evaluate(round_walk.LOOK)
        assert bad == [], (name, bad)
        text = page.inner_text("body")
        other = [*round_walk.ENGLISH, "Please confirm", "Cancel", "Record a challenge"] if lang == "de" else GERMAN
        found = round_walk.other_language_words(other, text)
        assert found == [], (name, lang, found, text[:1500])
        assert self.errors == [], (name, self.errors)


#: Each menu whose chosen option is wider than the menu shows it cut ("beratend (aufzeichnen und markierer"): a menu
#: draws no "…" and has no scroll width to tell, so the option's text is measured in the menu's own font.
SELECTS_CUT = """() => [...document.querySelectorAll('select')].filter(s => s.getClientRects().length).flatMap(s => {
  const cs = getComputedStyle(s), ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;  // the arrow
  return [...s.options].filter(o => ctx.measureText(o.text).width > room).map(o => o.text);
})"""


def caught_up(server: Server, gid: str, *pages: Any) -> None:
    """Each page shows the table as it is now (as a player looks up before tapping after the other's move): a tap
    made on an older table is a version conflict, refused and not sent again, by design."""
    version = call(server.url + "/api", "GET", f"/games/{gid}")[1]["version"]
    for page in pages:
        round_walk.until(page, f"import('/static/game.js').then(g => g.state && g.state.version >= {version})")


def test_a_whole_first_edition_game_a_german_and_an_english_phone_and_a_spectator_on_a_laptop(
        server: Server, browser: Any) -> None:
    """Long (about a minute): a whole 1st-edition game tapped through two phones' pages, a spectator's laptop
    following every tap."""
    t = Table()
    pages: list[Any] = []
    try:
        whole_game(t, server, browser, pages)
    except BaseException:
        for i, page in enumerate(pages):  # what each page showed when it failed
            if not page.is_closed():
                shot(page, f"newcomer-failed-{i}")
        raise


def whole_game(t: Table, server: Server, browser: Any, pages: list[Any]) -> None:
    find, tap = round_walk.find_and_tap, round_walk.tap_card
    gold, power = round_walk.gold, round_walk.power

    # The host, on the phone that runs nothing else, makes the game on the home page: 1st edition, advisory.
    host = t.watch(phones.phone(browser, server.url + "/", locale="en-GB"), "host", "en")
    pages.append(host)
    host.wait_for_selector("#seats", timeout=WAIT)
    t.look(host, "home", menus=True)
    # No players written in for her ("A" and "B" were, and became the seats' names): names as an example, and
    # Create asks for them first.
    assert host.input_value("#seats") == "" and host.get_attribute("#seats", "placeholder") == "Jana\nTom"
    host.click("button[type=submit]")
    assert host.evaluate("document.querySelector('#seats').validity.valueMissing") and host.url.endswith("/")
    host.select_option("#edition", "1e")
    host.select_option("#mode", "advisory")
    host.fill("#seats", "Alice\nBob")
    host.click("button[type=submit]")
    host.wait_for_selector("[data-seat=Bob] a", timeout=WAIT)
    t.look(host, "host", menus=True)
    links = {name: round_walk.joined_by_qr(host, name).replace("http://localhost", server.url)
             for name in ("Alice", "Bob")}
    gid = links["Alice"].split("/g/")[1].split("#")[0]

    a = t.watch(phones.phone(browser, locale="de-DE"), "Alice", "de")
    b = t.watch(phones.phone(browser, locale="en-GB"), "Bob", "en")
    pages += [a, b]
    a.goto(links["Alice"])
    a.wait_for_selector("#deck-box:not(.hidden)", timeout=WAIT)
    t.look(a, "deck")
    phones.paste_deck(a, links["Alice"], ALICE)
    phones.paste_deck(b, links["Bob"], BOB)
    assert "#key=" not in a.url and "#key=" not in b.url  # the address bar drops the key

    # A spectator on a laptop, German, for the whole game: the public table only.
    s = t.watch(browser.new_context(**LAPTOP, locale="de-DE").new_page(), "spectator", "de")
    pages.append(s)
    s.goto(server.url + "/g/" + gid)
    s.wait_for_selector("#areas section", timeout=WAIT)
    t.look(s, "spectator-setup")
    assert s.locator("#bar").is_hidden()  # no Undo for a spectator, and no empty strip where it would be
    edges = s.evaluate("[document.querySelector('#title'), document.querySelector('#areas')]"
                       ".map(e => Math.round(e.getBoundingClientRect().left))")
    assert abs(edges[0] - edges[1]) <= 16, edges  # the header lines up with the table, not the window's edge
    hidden = ["Varys", "Maiden of Poisons", "atoc_24", "atoc_53"]

    # ---- Setup: seven each, a card in play and one into shadows each ----------------------------------------
    for page in (a, b):
        round_walk.offer(page, "draw:")
        page.wait_for_selector("#my-counts:has-text('7')", timeout=WAIT)
    # Setup's own step, and on each player's own phone what the ways to set up mean and the setup gold left (5 in
    # the 1st edition); the spectator reads no player's gold left (what face-down cards cost is hidden).
    a.wait_for_selector("#step[data-step=wait]:text-is('Spielaufbau: Aufbaukarten wählen, dann aufdecken')",
                        timeout=WAIT)
    b.wait_for_selector("#step[data-step=wait]:text-is('Setup: choose your setup cards, then reveal')", timeout=WAIT)
    a.wait_for_selector("#round-box p:text-is('Du hast noch 5 von 5 Aufbaugold übrig.')", timeout=WAIT)
    b.wait_for_selector("#round-box p:text-is('You have 5 of 5 setup gold left.')", timeout=WAIT)
    b.wait_for_selector("#round-box p:has-text('Shadow crest')", timeout=WAIT)
    find(a, "lancel", "Alice.acoa_103.1", "setup_place")
    find(a, "tyrion", "Alice.kl_5.1", "setup_into_shadows")
    find(b, "spikes", "Bob.acoa_39.1", "setup_place")
    find(b, "meera", "Bob.atoc_2.1", "setup_into_shadows")
    a.wait_for_selector("#my-shadows li[data-position='1']", timeout=WAIT)
    b.wait_for_selector("#my-shadows li[data-position='1']", timeout=WAIT)
    a.wait_for_selector("[data-shadows=Bob] li[data-position='1']", timeout=WAIT)
    b.wait_for_selector("[data-shadows=Alice] li[data-position='1']", timeout=WAIT)
    round_walk.sees_no_card(b, ["Tyrion"], "[data-shadows=Alice]")
    round_walk.sees_no_card(a, ["Meera"], "[data-shadows=Bob]")
    # Lancel face up (2) and Tyrion into Shadows (2): 1 of 5 left; Field Spikes (2) and Meera into Shadows (2): 1.
    a.wait_for_selector("#round-box p:text-is('Du hast noch 1 von 5 Aufbaugold übrig.')", timeout=WAIT)
    b.wait_for_selector("#round-box p:text-is('You have 1 of 5 setup gold left.')", timeout=WAIT)
    assert "Aufbaugold" not in s.inner_text("#main")
    t.look(a, "setup")
    t.look(b, "setup")
    a.click("#step[data-step=reveal-setup]")  # setup ends with the reveal, face-down cards or not
    a.click("#step[data-step=next-step]", timeout=WAIT)

    # ---- Round 1: plots in secret (Alice first), the first player, draws --------------------------------------
    # The chances to come out of Shadows come first (the insert): Alice's, then Bob's; the plots wait for them.
    a.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)
    assert a.locator("#round-box [data-offer^='plot:']").count() == 0
    round_walk.chances_go(a, b)
    for page in (a, b):
        page.wait_for_selector("#round-box [data-offer^='plot:']", timeout=WAIT)
    t.look(a, "plot-choice")
    t.look(b, "plot-choice")
    round_walk.plots_in_secret(t, a, b, ("Alice", "Bob"), ("Alice.acoa_26.1", "Bob.acoa_30.1"),
                               ["Fury of the Lion", "Fury of the Stag", "acoa_26", "acoa_27"], s)
    # Initiative 7 against 7, power 0 against 0: a random pick, which either phone records (RR: Initiative);
    # then the winner, and only she, chooses the first player.
    for page in (a, b):
        page.wait_for_selector("#round-box [data-offer='initiative:Alice']", timeout=WAIT)
    t.look(b, "initiative-random")
    round_walk.offer(b, "initiative:Alice")
    a.wait_for_selector("#round-box [data-offer='first:Alice']", timeout=WAIT)
    t.look(a, "first-player-choice")
    t.look(b, "first-player-choice")
    assert b.locator("#round-box [data-offer^='first:']").count() == 0
    round_walk.offer(a, "first:Alice")
    a.wait_for_selector("#first:text-is('Startspieler: Alice')", timeout=WAIT)
    b.wait_for_selector("#first:text-is('First player: Alice')", timeout=WAIT)
    a.click("#step[data-step=next-step]")  # draw phase
    t.draw_two_each(a, b)
    a.click("#step[data-step=next-step]")  # marshaling
    # income ends every chance to come out of Shadows: it is offered once they are over
    a.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)
    round_walk.chances_go(a, b)

    # ---- Marshaling: Alice's income with a modifier, a duplicate, an attachment, a card into shadows with a token
    a.click("#round-box [data-offer='income-modified:Alice']", timeout=WAIT)
    a.fill("#sheet #field-modifier", "1")
    t.look(a, "income")
    a.click("#sheet [data-offer-send='income-modified:Alice']")
    gold(a, 6)
    find(a, "lancel", "Alice.acoa_103.2", "marshal")  # free: a duplicate on the first
    find(a, "toll gate", "Alice.acoa_33.1", "marshal")
    find(a, "pyromancer", "Alice.acoa_13.1", "marshal", "Toll Gate")
    find(a, "varys", "Alice.atoc_24.1", "marshal_into_shadows")
    a.wait_for_selector("#my-shadows li[data-position='2']", timeout=WAIT)
    gold(a, 1)
    assert "Duplikat" in a.inner_text("#my-play li[data-card='Alice.acoa_103.2']")
    b.wait_for_selector("[data-seat=Alice] li[data-card='Alice.acoa_103.2']", timeout=WAIT)
    assert "duplicate" in b.inner_text("[data-seat=Alice] li[data-card='Alice.acoa_103.2']")
    tap(a, "#my-shadows li[data-position='2']", "place_tokens")
    a.wait_for_selector("#my-shadows li[data-position='2'] .tok", timeout=WAIT)
    b.wait_for_selector("#log li:has-text('Alice places 1 shadow on a face-down card (#2)')", timeout=WAIT)
    round_walk.sees_no_card(b, ["Varys", "atoc_24"])
    t.look(a, "marshaled")
    t.look(b, "opponent-marshaled")
    a.click("#step[data-step=pass-turn]")
    b.wait_for_selector("#turn.mine", timeout=WAIT)

    # Bob: income, a marshal taken back with Undo (the undo says what), then two cards into shadows.
    round_walk.offer(b, "income:Bob")
    gold(b, 5)
    find(b, "carrion", "Bob.ator_16.1", "marshal")
    b.wait_for_selector("#my-play li[data-card='Bob.ator_16.1']", timeout=WAIT)
    b.click("#undo")
    assert "Carrion Bird" in b.wait_for_selector("#undo-what", timeout=WAIT).inner_text()
    t.look(b, "undo-preview")
    b.click("#undo-yes")
    b.wait_for_selector("#log li.undone", timeout=WAIT)
    a.wait_for_selector("#log li.undone:has-text('Carrion Bird')", timeout=WAIT)  # she saw it face up: named
    gold(b, 5)
    find(b, "meera", "Bob.atoc_2.2", "marshal_into_shadows")
    find(b, "maiden", "Bob.atoc_53.1", "marshal_into_shadows")
    b.wait_for_selector("#my-shadows li[data-position='3']", timeout=WAIT)
    gold(b, 1)
    a.wait_for_selector("[data-shadows=Bob] li[data-position='3']", timeout=WAIT)
    round_walk.sees_no_card(a, ["Maiden of Poisons", "atoc_53"])
    t.look(a, "opponent-undone")
    t.look(b, "bob-marshaled")
    b.click("#step[data-step=pass-turn]")
    caught_up(server, gid, a)

    # ---- Challenges: 1st edition's chance at the beginning of the phase (Alice passes, Bob brings Meera out) ----
    a.click("#step[data-step=next-step]", timeout=WAIT)
    a.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)
    b.wait_for_selector("#round-box:has-text('Alice')", timeout=WAIT)
    assert b.locator("#round-box [data-offer=pass-shadows]").count() == 0  # her chance, not his yet
    t.look(a, "shadows-chance")
    t.look(b, "shadows-chance-waiting")
    round_walk.offer(a, "pass-shadows")
    b.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)
    tap(b, "#my-shadows li[data-position='1']", "bring_out")
    b.wait_for_selector("#my-play li[data-card='Bob.atoc_2.1']", timeout=WAIT)
    a.wait_for_selector("[data-seat=Bob] li[data-card='Bob.atoc_2.1']", timeout=WAIT)
    assert b.locator("#flags .flag:not(.ok):not(.info)").count() == 0, b.inner_text("#flags")
    t.look(b, "brought-out")
    # Alice's military challenge with Ser Lancel, step by step: Bob defends with Meera, 2 against 2 (the attacker
    # wins a tie), and Meera dies for the claim. Bob first reaches for Kill on Meera's own menu: the phone asks
    # first, in the language switched to while it is open; he cancels and applies the claim the round box offers.
    form = round_walk.form
    form(a, "challenge:military", "Alice.acoa_103.1")
    b.wait_for_selector("#round-box [data-offer=defend]", timeout=WAIT)
    t.look(b, "declare-defenders")
    form(b, "defend", "Bob.atoc_2.1")
    a.wait_for_selector("#round-box [data-offer=result]", timeout=WAIT)
    t.look(a, "challenge-result")
    round_walk.offer(a, "result")
    b.wait_for_selector("#round-box [data-offer=claim]", timeout=WAIT)
    t.look(b, "claim-due")
    tap(b, "#my-play li[data-card='Bob.atoc_2.1']", "kill")
    t.look(b, "confirm-kill")  # in German too: the question and its answers are said again (they stayed English)
    b.click("[data-lang-toggle]")
    b.wait_for_selector(".sheet.confirm:has-text('Bitte bestätigen')", timeout=WAIT)
    b.click("[data-lang-toggle]")
    b.wait_for_selector(".sheet.confirm:has-text('Please confirm')", timeout=WAIT)
    b.click("[data-confirm=no]", timeout=WAIT)
    b.wait_for_selector(".sheet.confirm", state="detached", timeout=WAIT)
    form(b, "claim", "Bob.atoc_2.1")
    a.wait_for_selector("#dead li[data-card='Bob.atoc_2.1']", timeout=WAIT)
    b.wait_for_selector("#my-play li[data-card='Bob.atoc_2.1']", state="detached", timeout=WAIT)
    t.look(a, "opponent-dead-pile")
    t.look(b, "challenges-lost")
    a.click("#step[data-step=pass-turn]", timeout=WAIT)
    caught_up(server, gid, b)
    b.click("#step[data-step=pass-turn]", timeout=WAIT)
    caught_up(server, gid, a)

    # ---- Dominance, power on a card, standing, taxation ---------------------------------------------------
    round_walk.onward(a, b)
    # The chances to come out of Shadows first (dominance waits for them: a newcomer's "nobody wins" took them away).
    a.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)
    assert a.locator("#round-box [data-offer=dominance]").count() == 0
    round_walk.chances_go(a, b)
    # The totals on both phones; the offer only on the winner's: Alice's 1 gold against Bob's none (Ser Lancel
    # knelt to attack, Meera is dead).
    a.wait_for_selector("#round-box [data-offer=dominance]", timeout=WAIT)
    b.wait_for_selector("#round-box:has-text('Dominance: Alice 1, Bob 0')", timeout=WAIT)
    assert b.locator("#round-box [data-offer=dominance]").count() == 0
    t.look(a, "dominance")
    t.look(b, "dominance")
    round_walk.offer(a, "dominance")
    power(a, 1)
    tap(a, "#my-play li[data-card='Alice.acoa_103.1']", "gain_power")
    power(a, 2)
    b.wait_for_selector("[data-seat=Alice] li[data-card='Alice.acoa_103.1'] .tok", timeout=WAIT)
    for german, english in (("Auffrischungsphase", "standing phase"), ("Steuerphase", "taxation phase")):
        round_walk.onward(a, b)
        a.wait_for_selector(f"#phase:has-text('{german}')", timeout=WAIT)
        b.wait_for_selector(f"#phase:has-text('{english}')", timeout=WAIT)
    # Unspent gold goes back once the beginning-of-phase chance to come out of Shadows is over (1st-edition insert):
    # Alice's gold is still hers until both phones have let their chance go.
    gold(a, 1)
    round_walk.chances_go(a, b)
    gold(a, 0)
    gold(b, 0)
    # Every phone says what became of each player's unspent gold, in its own language (a newcomer saw it go unsaid).
    a.wait_for_selector("#round-box:has-text('Alice hat das nicht ausgegebene Gold (1) an die Bank zurückgegeben')",
                        timeout=WAIT)
    b.wait_for_selector("#round-box:has-text('Alice returned 1 unspent gold to the treasury')", timeout=WAIT)
    t.look(a, "taxation")
    t.look(b, "taxation")
    s.reload()
    s.wait_for_selector("#areas section", timeout=WAIT)
    round_walk.sees_no_card(s, hidden)
    t.look(s, "spectator-round-1")
    round_walk.onward(a, b)

    # ---- Round 2: Bob chooses his plot first; then Bob is first player ---------------------------------------
    b.wait_for_selector("#phase:has-text('Round 2')", timeout=WAIT)
    round_walk.chances_first(a, b)  # the plots wait for the chances to come out of Shadows
    for page in (a, b):
        page.wait_for_selector("#round-box [data-offer^='plot:']", timeout=WAIT)
    round_walk.plots_in_secret(t, b, a, ("Bob", "Alice"), ("Bob.acoa_28.1", "Alice.acoa_27.1"),
                               ["Fury of the Kraken", "acoa_28"], s)
    # Fury of the Kraken against Fury of the Stag, 7 and 7: Bob has less power and wins initiative outright.
    round_walk.offer(b, "first:Bob")
    a.wait_for_selector("#first:text-is('Startspieler: Bob')", timeout=WAIT)
    b.click("#step[data-step=next-step]", timeout=WAIT)  # draw
    t.draw_two_each(a, b)
    b.click("#step[data-step=next-step]", timeout=WAIT)  # marshaling
    b.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)  # Bob's chance, then Alice's
    round_walk.chances_go(b, a)
    round_walk.offer(b, "income:Bob")
    b.click("#step[data-step=pass-turn]", timeout=WAIT)
    caught_up(server, gid, a)
    round_walk.offer(a, "income:Alice")
    gold(a, 5)
    a.click("#step[data-step=pass-turn]", timeout=WAIT)
    caught_up(server, gid, b)

    # ---- Challenges: Bob brings out his second Meera while the first lies in his dead pile: recorded (advisory),
    # flagged with the rule and its citation, in sight; he takes it back from the flag. Alice brings Tyrion out.
    b.click("#step[data-step=next-step]", timeout=WAIT)
    b.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)
    tap(b, "#my-shadows li[data-position='2']", "bring_out")  # Meera (copy 2): copy 1 is dead
    flag = b.wait_for_selector("#flags .flag", timeout=WAIT).inner_text()
    assert "Recorded — but" in flag and "Meera Reed" in flag and "dead pile" in flag, flag
    assert re.search(r"\b(RR|Rules)\b.*›|›.*Unique", flag), flag  # the rule's citation, as written
    round_walk.in_sight(b, "#flags .flag")
    t.look(b, "unique-dead-pile-flag")
    a.wait_for_selector("[data-seat=Bob] li[data-card='Bob.atoc_2.2']", timeout=WAIT)
    t.look(a, "opponent-flagged")
    b.click("#flag-undo")
    b.wait_for_selector("#my-shadows li[data-position='2']", timeout=WAIT)
    a.wait_for_selector("[data-seat=Bob] li[data-card='Bob.atoc_2.2']", state="detached", timeout=WAIT)
    round_walk.offer(b, "pass-shadows")
    a.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)
    # Bob's turn in the challenges phase, but the table waits for Alice's chance first: her button says so (it
    # read "Warten auf Bob" beside "Du bist dran", then "Zuerst: dein Zug, unten" in Bob's turn).
    assert a.inner_text("#step") == "Deine Gelegenheit (Schatten): siehe unten"
    t.look(a, "shadows-chance-not-active")
    tap(a, "#my-shadows li[data-position='1']", "bring_out")  # Tyrion (s2)
    a.wait_for_selector("#my-play li[data-card='Alice.kl_5.1']", timeout=WAIT)
    gold(a, 3)
    a.wait_for_selector("#my-shadows li[data-position='2'] .tok", timeout=WAIT)  # Varys keeps his place and token
    b.wait_for_selector("[data-seat=Alice] li[data-card='Alice.kl_5.1']", timeout=WAIT)
    t.look(a, "shadows-after")
    t.look(b, "opponent-shadows-after")

    # ---- Power to 15 (the faction card's count set, as a player corrects it), then one tap wins ----------------
    a.click("#power")
    a.fill("#set-value", "13")
    t.look(a, "set-power")
    a.click("#set-save")
    power(a, 14)
    a.click("#power-plus")
    a.wait_for_selector("#game-over:not(.hidden)", timeout=WAIT)
    b.wait_for_selector("#game-over:not(.hidden)", timeout=WAIT)
    assert "Alice gewinnt das Spiel (15 Macht)" in a.inner_text("#game-over")
    assert "Alice wins the game (15 power)" in b.inner_text("#game-over")
    t.look(a, "game-over", both=False)  # the dialog covers the DE/EN button; Bob's is English
    t.look(b, "game-over", both=False)
    s.reload()
    s.wait_for_selector("#game-over:not(.hidden)", timeout=WAIT)
    round_walk.sees_no_card(s, hidden)
    t.look(s, "spectator-game-over", both=False)
    round_walk.sees_no_card(a, ["Maiden of Poisons", "atoc_53"])
    round_walk.sees_no_card(b, ["Varys", "atoc_24"])
    for page, name in ((a, "Alice-de"), (b, "Bob-en"), (s, "spectator-de")):  # each log as it reads, to read through
        (SHOTS / f"newcomer-log-{name}.txt").write_text(page.inner_text("#log"))
    assert t.errors == [], t.errors
    for page in pages:
        page.context.close()
