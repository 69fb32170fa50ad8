"""A whole game on two phones, through the pages only, once in 2nd edition in English (strict) and once in 1st
edition in German (advisory, where no English word of the interface may appear): the home page creates the game,
each phone joins from its seat's QR code on the host page, pastes its deck and draws seven; setup; plots chosen
in secret (the other phone reads only "chosen" and holds nothing of the plot until both are revealed); the first
player, shown only once chosen; draws; income with a modifier; a duplicate, an attachment and a card into shadows
with a token on it; a marshal taken back with Undo; 1st edition's beginning-of-phase chance (a pass, a card
brought out); challenges with a claim that kills and a follow-up; dominance; power on a card; taxation; round 2
with the plots chosen the other way round; a card brought out of shadows while the card with the token keeps
its place and token; a unique card whose copy lies in a dead pile brought out (refused, or flagged, with the
rule's citation, in sight); power to 15 and the game-over screen; then a spectator, who sees no hidden card.
Each look at a phone takes a screenshot and fails on a console error, an answer of 400 or more (but a strict
refusal made on purpose), a blank or "undefined"/"NaN"/"null" value, an empty control, a text cut off or
anything wider than the phone. The offline queue, names and double taps have tests of their own below."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.phones import VERSION, WAIT, caught_up, host_links, paste_deck, phone, seat_phones, settled, track_requests
from tests.server import Server, call, play
from tests.tables import catalog
from tests.test_browser import CHROMIUM, PHONE, SHOTS, shot, wait_until

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

#: Words of the interface that a German table must never see (card names stay as printed).
ENGLISH = ["Round", "Next", "Done", "Undo", "Power", "Close", "Shadows", "Dead pile", "Opponent", "Log", "turn",
           "Collect", "income", "Choose", "first player", "wins", "Recorded", "marshal", "Find a card",
           "Scan a card", "nothing", "Nothing", "cards in deck", "in hand", "phase", "Waiting", "Modifier", "reveals",
           "Take a photo", "rounds", "Game over", "verified", "Claim", "kneeling", "Pass", "undone"]




def decklist(name: str, *lines: tuple[int, str]) -> str:
    """A ThronesDB text export, built from the shipped card facts (either edition's)."""
    out = []
    for n, code in lines:
        card = catalog().get(code)
        assert card is not None, code
        out.append(f"{n}x {card.name} ({card.pack_name})")
    return name + "\n\n" + "\n".join(out) + "\n"  # the deck's name shows in the log: no UI word in it


# 2nd edition. Alice: Tyrion (Core) to set up and lose, the Blackwater Tyrion (Shadow 5) to try from shadows
# once the other lies dead, two The Tickler (unique: the second is a duplicate), The Imp's Agent (Shadow 3),
# Milk of the Poppy (an attachment for Bob's character). Plots: A Clash of Kings (initiative 9, 4 gold),
# A Noble Cause (0, 5 gold). Bob: A Pinch of Powder (Shadow 1) stays face down to the end; plots Forgotten Plans
# (A Game of Thrones' values: A Game of Thrones itself would forbid round 1's power and military challenges before
# an intrigue challenge won), Building Orders.
DRAW_2E = ((3, "01091"), (3, "01094"), (3, "01092"), (3, "01093"), (3, "01095"))  # twenty-odd cards to draw
ALICE_2E = decklist("Lannister 2026", (1, "01001"), (1, "01004"), (1, "01089"), (1, "13089"), (2, "01088"),
                    (1, "00168"), (1, "01035"), *DRAW_2E)
BOB_2E = decklist("Lannister 2026", (1, "02119"), (1, "01006"), (1, "11099"), (1, "01030"), *DRAW_2E)
DRAW_1E = ((3, "acoa_113"), (3, "acoa_40"), (3, "acoa_32"), (3, "ator_16"), (3, "acoa_8"))
# 1st edition (Shadow crests). Alice: Tyrion (s2), Varys (s2), two Ser Lancel (unique: a duplicate), Toll Gate
# and Pyromancer's Cache (on Toll Gate). Bob: two Meera Reed (s1, unique), Maiden of Poisons (s1), Field Spikes.
ALICE_1E = decklist("Haus Lennister", (1, "acoa_26"), (1, "acoa_27"), (1, "kl_5"), (1, "atoc_24"), (2, "acoa_103"),
                    (1, "acoa_33"), (1, "acoa_13"), *DRAW_1E)
BOB_1E = decklist("Haus Martell", (1, "acoa_30"), (1, "acoa_28"), (2, "atoc_2"), (1, "atoc_53"), (1, "acoa_39"),
                  (1, "acoa_20"), *DRAW_1E)
#: Cards that never leave a hand, deck or face-down shadows in the game: no other phone, and no spectator, may
#: ever read their names.
NEVER_SEEN = {"2e": {"Bob": ["A Pinch of Powder"], "Alice": []},
              "1e": {"Alice": ["Varys"], "Bob": ["Maiden of Poisons"]}}

#: What no phone may show: a value the page failed to fill.
BLANKS = r"\b(undefined|NaN|null)\b|\[object Object\]|\{\w+\}"

#: Everything that a phone may show wrong at a glance: words that are no value, an empty control, a text cut off,
#: anything wider than the phone.
LOOK = """() => {
  const bad = [];
  const text = document.body.innerText;
  const m = text.match(new RegExp(BLANKS));
  if (m) bad.push("blank value: " + m[0] + " in " + text.slice(Math.max(0, m.index - 60), m.index + 40));
  if (document.documentElement.scrollWidth > window.innerWidth + 1) bad.push("wider than the phone");
  for (const e of document.querySelectorAll("body *")) {
    if (!e.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true})) continue;
    const cs = getComputedStyle(e);
    const named = (e.innerText || "").trim() || e.getAttribute("aria-label") || e.title
      || e.querySelector("img,svg,canvas,input,select");
    if (["BUTTON", "A", "LI", "H2", "H3", "LABEL"].includes(e.tagName) && !named)
      bad.push("blank " + e.outerHTML.slice(0, 100));
    // A long title drawn with "…" is not cut off when the element's title holds it whole (the Recent chips).
    const whole = cs.textOverflow === "ellipsis" && e.title && e.title === (e.textContent || "").trim();
    if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0 && !["auto", "scroll"].includes(cs.overflowX)
        && !["INPUT", "TEXTAREA", "SELECT"].includes(e.tagName) && !whole)
      bad.push("cut off " + e.outerHTML.slice(0, 100));
    const r = e.getBoundingClientRect();
    // Inside a row that scrolls sideways (the Recent chips) a chip past the edge is one swipe away, not lost.
    let inScroller = false;
    for (let a = e.parentElement; a; a = a.parentElement) {
      if (["auto", "scroll"].includes(getComputedStyle(a).overflowX)) { inScroller = true; break; }
    }
    if (r.width && r.right > window.innerWidth + 1 && !inScroller)
      bad.push("off the screen " + e.outerHTML.slice(0, 100));
    // A line that begins with a word in lower case ("first player: Alice", "waiting for Bob"); addresses aside.
    const own = [...e.childNodes].find(n => n.nodeType === 3 && n.textContent.trim());
    if (own && !e.closest("a, code") && getComputedStyle(e).display !== "inline" && (e.innerText || "").trim()
        .startsWith(own.textContent.trim()) && /^[a-z]/.test(own.textContent.trim()))
      bad.push("begins in lower case: " + own.textContent.trim().slice(0, 60));
  }
  return bad;
}""".replace("BLANKS", repr(BLANKS))


#: A TTS zone's name as the helper reads it ("Shadows: Red"): English in every language, on purpose (a name to type).
ZONE_NAME = re.compile(r"[„\"](?:Shadows|Discard|Dead pile): \w+[“\"]")


def other_language_words(words: list[str], text: str) -> list[str]:
    """The ``words`` of the other language in a page's ``text``, zone names the TTS helper reads left out."""
    text = ZONE_NAME.sub("", text)
    return [w for w in words if re.search(rf"\b{re.escape(w)}\b", text)]


def no_english(page: Any) -> None:
    text = page.inner_text("body")
    found = other_language_words(ENGLISH, text)
    assert found == [], (found, text[:2000])


def gold(page: Any, value: int) -> None:
    page.wait_for_function(f"document.querySelector('#gold').textContent === '{value}'", timeout=WAIT)


def power(page: Any, value: int) -> None:
    page.wait_for_function(f"document.querySelector('#power').textContent === '{value}'", timeout=WAIT)


class Table:
    """Two phones (and later a spectator's) at one table: every console error, failed page and answer of 400 or
    more is kept; each look takes a screenshot and checks the page as a player would glance at it."""

    def __init__(self, german: bool) -> None:
        self.german = german
        self.tag = "-1e-de" if german else "-2e-en"
        self.errors: list[str] = []
        self.refusals: list[str] = []  # 422 answers: a strict refusal the test makes on purpose
        self.conflicts: list[str] = []  # 409 answers: two phones tapping at once (a draw is sent again by itself)
        self.phones: list[Any] = []

    def watch(self, page: Any, name: str) -> Any:
        def answer(r: Any) -> None:
            if r.status == 422:
                self.refusals.append(f"{name} {r.url}")
            elif r.status == 409:  # a tap on a table another phone changed first: the page shows the new one
                self.conflicts.append(f"{name} {r.url}")
            elif r.status >= 400:
                self.errors.append(f"{name} {r.status} {r.url}")
        def console(m: Any) -> None:
            if m.type != "error":
                return
            # Chromium logs every answer of 400 or more as a failed load: a refusal's is counted with the answers.
            if "the server responded with a status of 422" in m.text or "status of 409" in m.text:
                return
            self.errors.append(f"{name} console: {m.text}")
        page.on("console", console)
        page.on("pageerror", lambda e: self.errors.append(f"{name} page error: {e}"))
        page.on("response", answer)
        return track_requests(page)

    def look(self, page: Any, name: str) -> None:
        settled(page)  # a live update drawn half-way is no finding
        shot(page, name + self.tag)
        bad = page.evaluate(LOOK)
        assert bad == [], (name, bad)
        if self.german:
            no_english(page)
        assert self.errors == [], self.errors


def in_sight(page: Any, selector: str) -> None:
    """The element is on the screen and nothing lies over it (the header stays on top as the page scrolls)."""
    page.wait_for_function("""s => { const e = document.querySelector(s); const r = e.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 20);
      return y > 0 && y < window.innerHeight && e.contains(document.elementFromPoint(x, y)); }""", arg=selector,
                           timeout=3000)


def sees_no_card(page: Any, names: list[str], where: str = "body") -> None:
    """None of ``names`` on the page, in its markup, or in the state the page holds."""
    html = page.inner_html(where)
    state = str(page.evaluate("() => import('/static/game.js').then(g => JSON.stringify(g.state))"))
    for name in names:
        assert name not in html and name not in state, (name, where)


def until(page: Any, expression: str) -> None:
    """Wait until ``expression`` (a promise, say of the page's module) is true: wait_for_function takes a promise
    for a true value at once (tests/test_browser.py: wait_until asks it in the page)."""
    try:
        wait_until(page, expression, timeout=WAIT)
    except playwright.TimeoutError:
        raise AssertionError((expression, page.evaluate(
            "() => import('/static/game.js').then(g => JSON.stringify({version: g.state.version, hands: "
            "g.state.players.map(p => p.hand.count), flags: document.querySelector('#flags').innerText}))"))) from None


def draw_two_each(a: Any, b: Any) -> None:
    """Both players tap "Drew 2" at once, as at a table (the second tap may meet a version conflict: a draw is
    sent again by itself); then both phones show both draws before anyone goes on. In 1st edition the draw begins
    the phase, after the chances to come out of Shadows: a phone offers it once no other player's chance would go
    with it, so a phone whose chance it is and that is not the last passes it first."""
    hands = "import('/static/game.js').then(g => g.state.players.map(p => p.hand.count))"
    before = a.evaluate(hands)
    drawn: list[Any] = []
    deadline = time.monotonic() + WAIT / 1000
    while len(drawn) < 2:
        assert time.monotonic() < deadline, "no phone offered its draw"
        for page in (a, b):
            if page not in drawn and page.locator("#round-box [data-offer^='draw:']").count():
                offer(page, "draw:")
                drawn.append(page)
            elif page not in drawn and page.locator("#round-box [data-offer=pass-shadows]").count():
                page.click("#round-box [data-offer=pass-shadows]")
                page.wait_for_timeout(200)
        a.wait_for_timeout(50)
    after = ",".join(str(n + 2) for n in before)
    for page in (a, b):
        until(page, f"{hands}.then(h => h.join() === '{after}')")


def click(page: Any, selector: str) -> None:
    """One tap (a test that counts taps passes its own)."""
    page.click(selector, timeout=WAIT)


def offer(page: Any, prefix: str, tap: Any = click) -> None:
    """Tap the round's offer whose id begins with ``prefix`` (the server's offers: view.now.offers)."""
    tap(page, f"#round-box [data-offer^='{prefix}']")


def form(page: Any, oid: str, *cards: str, first: int = 0, tap: Any = click) -> None:
    """An offer with a form: a tap on it, one on each of ``cards`` (or the ``first`` n choices), one on send."""
    tap(page, f"#round-box [data-offer='{oid}']")
    page.wait_for_selector(f"#sheet [data-offer-send='{oid}']", timeout=WAIT)
    for card in cards:
        tap(page, f"#sheet [data-choice='{card}']:not(:checked)")
    for _ in range(first):
        tap(page, "#sheet [data-choice]:not(:checked) >> nth=0")
    tap(page, f"#sheet [data-offer-send='{oid}']")


def step(page: Any, name: str) -> None:
    """The step button when it is this phone's to take (``next-step``, ``pass-turn``)."""
    page.click(f"#step[data-step={name}]", timeout=WAIT)


def onward(a: Any, b: Any) -> None:
    """The next phase. In 1st edition a phase begins with each player's chance to come out of Shadows, in player
    order: a phone whose chance it is and that is not the last passes it; the last one goes on (going on passes)."""
    deadline = time.monotonic() + WAIT / 1000
    while time.monotonic() < deadline:
        # Both phones on the same table first: a phone a live update has not reached yet may still show the last
        # phase's "next" for a moment, and a tap there waited for a button that was gone (a loaded run).
        caught_up(a, b)
        caught_up(b, a)
        for page in (a, b):
            if page.locator("#step[data-step=next-step]:not([disabled])").count():
                try:
                    page.click("#step[data-step=next-step]", timeout=3000)
                except playwright.TimeoutError:
                    break  # drawn again meanwhile: look again
                return
        for page in (a, b):
            if page.locator("#step[data-step=wait]").count() and page.locator(
                    "#round-box [data-offer=pass-shadows]").count():
                page.click("#round-box [data-offer=pass-shadows]")
                page.wait_for_timeout(200)
                break
        else:
            a.wait_for_timeout(100)
    raise AssertionError("no phone could go on to the next phase")


def chances_go(a: Any, b: Any) -> None:
    """1st edition: both phones let the beginning-of-phase chance to come out of Shadows go, in player order (the
    taxation phase's unspent gold goes back once it is over)."""
    deadline = time.monotonic() + WAIT / 1000
    # A pass still on its way is drawn disabled (its phone sends one write at a time): it is not tapped again, and
    # the loop waits for the answer (CI saw a second tap wait 30 s on the first one's button, a loaded run).
    ready = "#round-box [data-offer=pass-shadows]:not([disabled])"
    while time.monotonic() < deadline and (a.locator("#round-box [data-offer=pass-shadows]").count()
                                           or b.locator("#round-box [data-offer=pass-shadows]").count()):
        for page in (a, b):
            if page.locator(ready).count():
                try:
                    page.click(ready, timeout=3000)
                except playwright.TimeoutError:
                    continue  # drawn again meanwhile: look again
                page.wait_for_timeout(200)
        a.wait_for_timeout(100)


def chances_first(a: Any, b: Any) -> None:
    """1st edition, a phase just begun where a player has cards in Shadows: the chances come first (the phase's own
    offers wait for them). Waits for the first chance to reach a phone, then lets every chance go."""
    deadline = time.monotonic() + WAIT / 1000
    while not any(page.locator("#round-box [data-offer=pass-shadows]").count() for page in (a, b)):
        if time.monotonic() > deadline:
            raise AssertionError("no phone was offered its chance to come out of Shadows")
        a.wait_for_timeout(100)
    chances_go(a, b)


def tap_card(page: Any, selector: str, action: str, target: str | None = None) -> None:
    """Open a card's menu and tap one of its moves (the one onto ``target`` where it names one)."""
    page.click(selector, timeout=WAIT)
    button = f"#sheet button[data-action={action}]"
    if target is not None:
        button += f":has-text('{target}')"
    page.click(button, timeout=WAIT)


def find_and_tap(page: Any, query: str, card: str, action: str, target: str | None = None) -> None:
    page.fill("#find", query)
    tap_card(page, f"#found li[data-card='{card}']", action, target)


def joined_by_qr(host: Any, name: str) -> str:
    """The join link as a phone's camera reads it from the seat's QR code on the host page."""
    import io

    from PIL import Image
    from pyzbar import pyzbar  # type: ignore[import-untyped]

    png = host.locator(f"[data-seat={name}] img, [data-seat={name}] svg, [data-seat={name}] canvas").first.screenshot()
    codes = pyzbar.decode(Image.open(io.BytesIO(png)))
    assert len(codes) == 1, codes
    link = codes[0].data.decode()
    assert link == host.get_attribute(f"[data-seat={name}] a", "href")
    return link


def german(page: Any) -> bool:
    """Whether the phone shows its page in German (the language its DE/EN button chose, or its locale's)."""
    return bool(page.evaluate("document.documentElement.lang === 'de'"))


def plots_in_secret(t: Any, first: Any, second: Any, names: tuple[str, str], chosen: tuple[str, str],
                    hidden: list[str], spectator: Any = None) -> None:
    """``first`` chooses a plot; ``second``'s phone (and a ``spectator``'s) says only "chosen", each in its own
    language, and holds nothing of it (``hidden``: every plot name of the first player's deck); then ``second``
    chooses and both are revealed together. ``t`` is the test's table, whose ``look`` glances at a page."""
    def chosen_by_first(page: Any) -> str:
        return f"{names[0]}: gewählt" if german(page) else f"{names[0]}: chosen"

    first.click(f"#round-box [data-offer='plot:{chosen[0]}']", timeout=WAIT)
    first.wait_for_selector("#round-box:has-text('" + ("Verdeckt gewählt" if german(first) else "Chosen face down")
                            + "')", timeout=WAIT)
    second.wait_for_selector(f"#round-box:has-text('{chosen_by_first(second)}')", timeout=WAIT)
    sees_no_card(second, hidden)
    for page in (first, second):  # nobody's first player yet, and no way on before the reveal
        assert page.locator("#first").count() == 0
        assert page.locator("#step:not([disabled])").count() == 0
    t.look(second, "plot-chosen-by-the-other")
    if spectator is not None:
        # (The spectator's page follows the game's public live stream: no reload.)
        spectator.wait_for_selector(f"#round-box:has-text('{chosen_by_first(spectator)}')", timeout=WAIT)
        waiting = f"{names[1]}: noch nicht gewählt" if german(spectator) else f"{names[1]}: not chosen yet"
        assert waiting in spectator.inner_text("#round-box")
        sees_no_card(spectator, hidden)
        t.look(spectator, "spectator-plots")
    second.click(f"#round-box [data-offer='plot:{chosen[1]}']", timeout=WAIT)
    for page in (first, second):
        page.wait_for_selector(f"[data-revealed={names[0]}]", timeout=WAIT)
        page.wait_for_selector(f"[data-revealed={names[1]}]", timeout=WAIT)


def spectator_sees_nothing_hidden(t: Table, browser: Any, server: Server, gid: str, locale: str,
                                  hidden: list[str]) -> None:
    """A spectator opens the table view without a key: the public table, and no hidden card."""
    s = t.watch(phone(browser, server.url + "/g/" + gid, locale=locale), "spectator")
    s.wait_for_selector("#areas section", timeout=WAIT)
    s.wait_for_selector("#log li", timeout=WAIT)
    assert s.locator("#my-hand, #my-shadows, #counters:not(.hidden), #find-box:not(.hidden)").count() == 0
    assert s.inner_text("#title") == ("Zuschauer" if locale == "de-DE" else "Spectator")
    sees_no_card(s, hidden)
    for seat in ("Alice", "Bob"):  # face down for everyone: positions, never names
        for li in s.locator(f"[data-shadows={seat}] li[data-position]").all():
            assert re.fullmatch(r"#\d+\s*(Face down: only its owner sees it\.|Verdeckt: nur ihr Besitzer sieht die "
                                r"Karte\.)\s*\S.*", li.inner_text().strip(), re.S), li.inner_text()
    t.look(s, "spectator")
    s.context.close()


def play_a_game(server: Server, browser: Any, edition: str, lang: str) -> None:
    t = Table(lang == "de")
    try:
        walk(t, server, browser, edition, lang)
    except BaseException:
        for i, page in enumerate(t.phones):  # what each phone showed when it failed
            shot(page, f"failed-{'ab'[i]}{t.tag}")
        raise


def walk(t: Table, server: Server, browser: Any, edition: str, lang: str) -> None:
    german = lang == "de"
    first_ed = edition == "1e"
    locale = "de-DE" if german else "en-GB"
    mode = "advisory" if german else "strict"
    de = german

    # The host creates the game on the home page (edition, mode, players) and shows a QR code per seat.
    host = t.watch(phone(browser, server.url + "/", locale=locale), "host")
    host.select_option("#edition", edition)
    host.select_option("#mode", mode)
    host.fill("#seats", "Alice\nBob")
    host.click("button[type=submit]")
    host.wait_for_selector("[data-seat=Bob] a", timeout=WAIT)
    host.wait_for_selector("#lan-box:not(.hidden)", timeout=WAIT)  # loopback only: the page says how to let phones in
    port = server.url.rsplit(":", 1)[1]
    assert host.inner_text("#lan-box code") == f"bash scripts/setup.sh serve --lan --port {port}"
    assert host.evaluate("[...document.querySelectorAll('#lan-box code span')]"
                         ".every(s => s.getClientRects().length === 1)")
    assert host.inner_text("h1").startswith("Gastgeber · " if de else "Host · ")  # a label begins with a capital
    t.look(host, "host")
    links = {name: joined_by_qr(host, name) for name in ("Alice", "Bob")}
    gid = re.search(r"/g/([^/#?]+)#", links["Alice"]).group(1)  # type: ignore[union-attr]

    a = t.watch(phone(browser, locale=locale), "Alice")
    b = t.watch(phone(browser, locale=locale), "Bob")
    t.phones = [a, b]
    paste_deck(a, links["Alice"].replace("http://localhost", server.url), ALICE_1E if first_ed else ALICE_2E)
    paste_deck(b, links["Bob"].replace("http://localhost", server.url), BOB_1E if first_ed else BOB_2E)
    assert "#key=" not in a.url  # the address bar drops the key

    # ---- Setup: seven each in one tap, a card in play and one into shadows ---------------------------------
    for page in (a, b):
        offer(page, "draw:")
        page.wait_for_selector("#my-counts:has-text('7')", timeout=WAIT)
    if first_ed:
        find_and_tap(a, "lancel", "Alice.acoa_103.1", "setup_place")
        find_and_tap(a, "tyrion", "Alice.kl_5.1", "setup_into_shadows")
        find_and_tap(b, "spikes", "Bob.acoa_39.1", "setup_place")
        find_and_tap(b, "meera", "Bob.atoc_2.1", "setup_into_shadows")
    else:
        find_and_tap(a, "tyrion", "Alice.01089.1", "setup_place")
        find_and_tap(a, "imp's agent", "Alice.00168.1", "setup_into_shadows")
        find_and_tap(b, "burned", "Bob.01091.1", "setup_place")
    a.wait_for_selector("#my-shadows li[data-position='1']", timeout=WAIT)
    for page in (a, b):  # no first player before anyone chose one
        assert page.locator("#first").count() == 0
        assert page.inner_text("#phase") == ("Spielaufbau" if de else "Setup")
    t.look(a, "setup")
    step(a, "reveal-setup")  # setup ends with the reveal, face-down cards or not
    step(a, "next-step")

    # ---- Round 1: plots in secret, Alice's first; then the first player ------------------------------------
    if first_ed:  # the chances to come out of Shadows come first (the insert); the plots wait for them
        a.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)
        assert a.locator("#round-box [data-offer^='plot:']").count() == 0
        chances_go(a, b)
    for page in (a, b):
        page.wait_for_selector("#round-box [data-offer^='plot:']", timeout=WAIT)
    t.look(a, "plot-choice")
    if first_ed:
        plots_in_secret(t, a, b, ("Alice", "Bob"), ("Alice.acoa_26.1", "Bob.acoa_30.1"),
                        ["Fury of the Lion", "Fury of the Stag", "acoa_26", "acoa_27"])
        # Initiative 7 against 7 and power 0 against 0: a random pick, recorded from either phone (RR: Initiative).
        b.wait_for_selector("#round-box [data-offer='initiative:Alice']", timeout=WAIT)
        assert a.locator("#round-box [data-offer^='first:']").count() == 0
        t.look(b, "initiative-random")
        offer(b, "initiative:Alice")
    else:
        plots_in_secret(t, a, b, ("Alice", "Bob"), ("Alice.01001.1", "Bob.02119.1"),
                        ["A Clash of Kings", "A Noble Cause", "01001", "01004"])
    a.wait_for_selector("#round-box [data-offer='first:Alice']", timeout=WAIT)
    assert b.locator("#round-box [data-offer^='first:']").count() == 0  # only the initiative winner chooses
    assert b.locator("#first").count() == 0
    # Plots are no chips of "Recent" (the player's own last cards): chosen from the round's offers, a plot has
    # nothing to do again from a card's menu. The cards set up are.
    for page, seat in ((a, "Alice"), (b, "Bob")):
        page.wait_for_selector("#recent [data-recent]", timeout=WAIT)
        chips = page.eval_on_selector_all("#recent [data-recent]", "cs => cs.map(c => c.dataset.recent)")
        assert chips and all(c.startswith(seat + ".") for c in chips), chips
        assert not any(c.split(".")[1] in ("01001", "02119", "acoa_26", "acoa_30") for c in chips), chips
    t.look(a, "first-player-choice")
    offer(a, "first:Alice")
    first_label = "Startspieler: Alice" if de else "First player: Alice"
    for page in (a, b):
        page.wait_for_selector(f"#first:text-is('{first_label}')", timeout=WAIT)
    t.look(b, "first-player-chosen")
    step(a, "next-step")  # draw phase
    draw_two_each(a, b)
    for page, n in ((a, 7), (b, 7 if first_ed else 8)):
        page.wait_for_selector(f"#my-counts:has-text('· {n} ')", timeout=WAIT)
    step(a, "next-step")  # marshaling
    if first_ed:  # income ends every chance to come out of Shadows: it is offered once no other would go with it
        a.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)
        chances_go(a, b)

    # ---- Marshaling: income with a modifier, a duplicate, an attachment, a card into shadows with a token ------
    a.click("#round-box [data-offer='income-modified:Alice']", timeout=WAIT)
    a.fill("#sheet #field-modifier", "1")
    t.look(a, "income")
    a.click("#sheet [data-offer-send='income-modified:Alice']")
    gold(a, 6 if first_ed else 5)
    if first_ed:
        find_and_tap(a, "lancel", "Alice.acoa_103.2", "marshal")  # free: a duplicate on the first
        find_and_tap(a, "toll gate", "Alice.acoa_33.1", "marshal")
        find_and_tap(a, "pyromancer", "Alice.acoa_13.1", "marshal", "Toll Gate")
        find_and_tap(a, "varys", "Alice.atoc_24.1", "marshal_into_shadows")
        dup, attachment, onto = "Alice.acoa_103.2", "Alice.acoa_13.1", "Toll Gate"
    else:
        find_and_tap(a, "tickler", "Alice.01088.1", "marshal")
        find_and_tap(a, "tickler", "Alice.01088.2", "marshal")  # free: a duplicate on the first
        find_and_tap(a, "milk", "Alice.01035.1", "marshal", "Burned Men")  # on Bob's character
        find_and_tap(a, "tyrion", "Alice.13089.1", "marshal_into_shadows")
        dup, attachment, onto = "Alice.01088.2", "Alice.01035.1", "Burned Men"
    a.wait_for_selector("#my-shadows li[data-position='2']", timeout=WAIT)
    gold(a, 1 if first_ed else 0)
    assert ("Duplikat" if de else "duplicate") in a.inner_text(f"#my-play li[data-card='{dup}']")
    play = "#areas" if not first_ed else "#my-play"
    assert onto in a.inner_text(f"{play} li[data-card='{attachment}']")
    # A shadow token on the face-down #2.
    tap_card(a, "#my-shadows li[data-position='2']", "place_tokens")
    a.wait_for_selector("#my-shadows li[data-position='2'] .tok", timeout=WAIT)
    b.wait_for_selector("[data-shadows=Alice] li[data-position='2'] .tok", timeout=WAIT)
    sees_no_card(b, ["Varys" if first_ed else "13089"], "[data-shadows=Alice]")
    said = ("Alice legt 1 Schatten auf eine verdeckte Karte (#2)" if de
            else "Alice places 1 shadow on a face-down card (#2)")
    b.wait_for_selector(f"#log li:has-text('{said}')", timeout=WAIT)
    assert b.locator(f"[data-seat=Alice] li[data-card='{dup}']").count() == 1  # the duplicate is face up
    t.look(a, "marshaled")
    t.look(b, "opponent-marshaled")
    step(a, "pass-turn")
    b.wait_for_selector("#turn.mine", timeout=WAIT)

    # Bob: income, a marshal he takes back with Undo (the undo says what), then a card into shadows.
    offer(b, "income:Bob")
    gold(b, 5 if first_ed else 4)
    if first_ed:
        find_and_tap(b, "carrion", "Bob.ator_16.1", "marshal")
        taken_back, back_gold = "Carrion Bird", 5
        b.wait_for_selector("#my-play li[data-card='Bob.ator_16.1']", timeout=WAIT)
    else:
        find_and_tap(b, "raiders", "Bob.01030.1", "marshal")
        taken_back, back_gold = "Rattleshirt's Raiders", 4
        b.wait_for_selector("#my-play li[data-card='Bob.01030.1']", timeout=WAIT)
    b.click("#undo")
    what = b.wait_for_selector("#undo-what", timeout=WAIT).inner_text()
    assert taken_back in what, what
    t.look(b, "undo-preview")
    b.click("#undo-yes")
    b.wait_for_selector("#log li.undone", timeout=WAIT)
    a.wait_for_selector(f"#log li.undone:has-text(\"{taken_back}\")", timeout=WAIT)
    gold(b, back_gold)
    if first_ed:
        find_and_tap(b, "meera", "Bob.atoc_2.2", "marshal_into_shadows")
        find_and_tap(b, "maiden", "Bob.atoc_53.1", "marshal_into_shadows")
        b.wait_for_selector("#my-shadows li[data-position='3']", timeout=WAIT)
        gold(b, 1)
    else:
        find_and_tap(b, "powder", "Bob.11099.1", "marshal_into_shadows")
        b.wait_for_selector("#my-shadows li[data-position='1']", timeout=WAIT)
        gold(b, 2)
    a.wait_for_selector("[data-shadows=Bob] li[data-position='1']", timeout=WAIT)
    sees_no_card(a, NEVER_SEEN[edition]["Bob"])
    t.look(b, "bob-marshaled")
    step(b, "pass-turn")
    step(a, "next-step")  # challenges
    a.wait_for_selector("#phase:has-text('" + ("Herausforderungsphase" if de else "challenges phase") + "')",
                        timeout=WAIT)
    if first_ed:
        # 1st edition: the beginning of the phase, one at a time from the first player. Alice passes; Bob brings
        # Meera out (Shadow 1).
        a.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)
        b.wait_for_selector("#round-box:has-text('Alice')", timeout=WAIT)  # whose chance it is, on Bob's phone too
        t.look(a, "shadows-chance")
        offer(a, "pass-shadows")
        b.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)
        tap_card(b, "#my-shadows li[data-position='1']", "bring_out")
        b.wait_for_selector("#my-play li[data-card='Bob.atoc_2.1']", timeout=WAIT)
        a.wait_for_selector("[data-seat=Bob] li[data-card='Bob.atoc_2.1']", timeout=WAIT)
        assert b.locator("#flags .flag:not(.ok):not(.info)").count() == 0, b.inner_text("#flags")

    # ---- Challenges, step by step: 1st edition, Alice's military challenge with Ser Lancel, Meera defends and
    # dies for the claim; 2nd edition, Alice's power challenge with Tyrion, unopposed (+1 power), then Bob's
    # military challenge with Burned Men, and Alice kills Tyrion for its claim.
    if first_ed:
        form(a, "challenge:military", "Alice.acoa_103.1")
        b.wait_for_selector("#round-box [data-offer=defend]", timeout=WAIT)
        t.look(b, "declare-defenders")
        form(b, "defend", "Bob.atoc_2.1")
        offer(b, "result")  # 2 against 2: the attacker wins a tie
        b.wait_for_selector("#round-box [data-offer=claim]", timeout=WAIT)
        t.look(b, "claim-due")
        form(b, "claim", "Bob.atoc_2.1")
        loser, killed, winner = b, "Bob.atoc_2.1", a
    else:
        form(a, "challenge:power", "Alice.01089.1")
        b.wait_for_selector("#round-box [data-offer=defend]", timeout=WAIT)
        form(b, "defend")  # Burned Men has no power icon: no defender
        offer(a, "result")
        power(a, 1)  # unopposed
        t.look(a, "challenge-won-unopposed")
        # Bob has no power to give: no claim is offered (nothing to apply), and Alice's turn goes on at once.
        caught_up(a, b)
        assert b.locator("#round-box [data-offer=claim]").count() == 0
        step(a, "pass-turn")
        form(b, "challenge:military", "Bob.01091.1")
        form(a, "defend")
        offer(b, "result")
        a.wait_for_selector("#round-box [data-offer=claim]", timeout=WAIT)
        t.look(a, "claim-due")
        form(a, "claim", "Alice.01089.1")
        loser, killed, winner = a, "Alice.01089.1", b
    # In the dead pile, for all to see.
    winner.wait_for_selector(f"#dead li[data-card='{killed}']", timeout=WAIT)
    loser.wait_for_selector(f"#my-play li[data-card='{killed}']", state="detached", timeout=WAIT)
    if first_ed:
        step(a, "pass-turn")
    step(b, "pass-turn")

    # ---- Dominance (to the totals), power on a card, standing, taxation (the reserve, 2nd edition) -----------
    step(a, "next-step")
    for page in (a, b):  # the totals, on both phones (RR: Appendix I › 5.2); the offer goes to the winner's
        page.wait_for_selector("#round-box:has-text('" + ("Vorherrschaft:" if de else "Dominance:") + "')",
                               timeout=WAIT)
    if first_ed:  # the chances to come out of Shadows first: dominance waits for them
        chances_first(a, b)
    won = a if a.locator("#round-box [data-offer=dominance]").count() else b
    won.wait_for_selector("#round-box [data-offer=dominance]", timeout=WAIT)
    t.look(won, "dominance")
    offer(won, "dominance")
    until(a, "import('/static/game.js').then(g => Object.keys(g.state.dominance).length === 1)")
    # A card effect's power on a card of Alice's in play counts toward her total.
    before = int(a.inner_text("#power"))
    a.click(f"#my-play li[data-card='{dup.rsplit('.', 1)[0]}.1']")
    a.click("#sheet button[data-action=gain_power]")
    power(a, before + 1)
    b.wait_for_selector(f"[data-seat=Alice] li[data-card='{dup.rsplit('.', 1)[0]}.1'] .tok", timeout=WAIT)
    for phase in ("standing", "taxation"):
        onward(a, b)
        name = {"standing": "Auffrischungsphase", "taxation": "Steuerphase"}[phase]
        a.wait_for_selector(f"#phase:has-text('{name if de else phase + ' phase'}')", timeout=WAIT)
    if first_ed:
        chances_go(a, b)
    gold(a, 0)
    gold(b, 0)
    if not first_ed:  # Bob holds 7 cards with Forgotten Plans' reserve 6: one to discard, on his phone
        b.wait_for_selector("#round-box [data-offer='reserve:Bob']", timeout=WAIT)
        t.look(b, "taxation")
        form(b, "reserve:Bob", first=1)
    onward(a, b)
    power_now = int(a.inner_text("#power"))

    # ---- Round 2: Bob chooses first; Alice's phone says only "chosen" ---------------------------------------
    b.wait_for_selector("#phase:has-text('" + ("Runde 2" if de else "Round 2") + "')", timeout=WAIT)
    if first_ed:  # the plots wait for the chances to come out of Shadows
        chances_first(a, b)
    for page in (a, b):
        page.wait_for_selector("#round-box [data-offer^='plot:']", timeout=WAIT)
        assert page.locator("#first").count() == 0  # last round's first player is not this round's
    assert a.locator("#round-box [data-offer^='plot:']").count() == 1  # the revealed plot left the plot deck
    watcher = t.watch(phone(browser, server.url + "/g/" + gid, locale=locale), "spectator")
    if first_ed:
        # Fury of the Kraken against Fury of the Stag, 7 and 7: Bob has less power and wins initiative.
        plots_in_secret(t, b, a, ("Bob", "Alice"), ("Bob.acoa_28.1", "Alice.acoa_27.1"),
                        ["Fury of the Kraken", "acoa_28"], watcher)
    else:  # Building Orders (1) beats A Noble Cause (0)
        plots_in_secret(t, b, a, ("Bob", "Alice"), ("Bob.01006.1", "Alice.01004.1"), ["Building Orders", "01006"],
                        watcher)
    watcher.context.close()
    offer(b, "first:Bob")
    first_label = "Startspieler: Bob" if de else "First player: Bob"
    a.wait_for_selector(f"#first:text-is('{first_label}')", timeout=WAIT)
    step(b, "next-step")  # draw
    draw_two_each(a, b)
    step(b, "next-step")  # marshaling
    if first_ed:  # Bob's chance to come out of Shadows, then Alice's: his income waits for both
        b.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)
        chances_go(b, a)
    offer(b, "income:Bob")
    step(b, "pass-turn")
    offer(a, "income:Alice")
    gold(a, 5)

    # Shadows: the card with the token keeps its place (#2) and its token when #1 comes out; a unique card whose
    # copy lies in a dead pile may not come out (strict: refused; advisory: recorded and flagged), with the rule.
    if first_ed:
        step(a, "pass-turn")
        step(b, "next-step")  # challenges: Bob first, then Alice
        b.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)
        tap_card(b, "#my-shadows li[data-position='2']", "bring_out")  # Meera (copy 2): copy 1 is dead
        flag = b.wait_for_selector("#flags .flag", timeout=WAIT).inner_text()
        assert "Aufgezeichnet — aber" in flag and "Meera Reed" in flag and "Totenstapel" in flag, flag
        assert "Unique cards and Shadows" in flag or "Einzigartige Karten" in flag, flag
        in_sight(b, "#flags .flag")
        t.look(b, "unique-dead-pile-flag")
        b.click("#flag-undo")
        b.wait_for_selector("#my-shadows li[data-position='2']", timeout=WAIT)
        offer(b, "pass-shadows")
        a.wait_for_selector("#round-box [data-offer=pass-shadows]", timeout=WAIT)
        tap_card(a, "#my-shadows li[data-position='1']", "bring_out")  # Tyrion (s2)
        a.wait_for_selector("#my-play li[data-card='Alice.kl_5.1']", timeout=WAIT)
    else:
        tap_card(a, "#my-shadows li[data-position='2']", "bring_out")  # the Blackwater Tyrion: the Core one is dead
        flag = a.wait_for_selector("#flags .flag", timeout=WAIT).inner_text()
        assert "Not recorded" in flag and "Tyrion Lannister" in flag and "dead pile" in flag, flag
        assert "RR: Shadows › Unique cards and shadows" in flag, flag
        assert "discarded" not in flag, flag  # nothing happened: no word of what the move would have done
        in_sight(a, "#flags .flag")
        t.look(a, "unique-dead-pile-refused")
        tap_card(a, "#my-shadows li[data-position='1']", "bring_out")  # The Imp's Agent (Shadow 3)
        a.wait_for_selector("#my-play li[data-card='Alice.00168.1']", timeout=WAIT)
        gold(a, 2)
    a.wait_for_selector("#my-shadows li[data-position='2'] .tok", timeout=WAIT)
    assert a.locator("#my-shadows li[data-position='1']").count() == 0
    t.look(a, "shadows-after")
    b.wait_for_selector("[data-shadows=Alice] li[data-position='2'] .tok", timeout=WAIT)
    b.wait_for_selector("[data-shadows=Alice] li[data-position='1']", state="detached", timeout=WAIT)
    t.look(b, "opponent-shadows-after")

    # ---- Power to 15: the faction card set to 13 (one more lies on a card in play), then one tap wins ---------
    assert power_now >= 1
    a.click("#power")
    a.fill("#set-value", "13")
    a.click("#set-save")
    power(a, 14)
    a.click("#power-plus")
    for page in (a, b):
        page.wait_for_selector("#game-over:not(.hidden)", timeout=WAIT)
    over = b.inner_text("#game-over")
    assert ("Alice gewinnt das Spiel (15 Macht)" if de else "Alice wins the game (15 power)") in over, over
    assert ("In Runde 2" if de else "In round 2") in over, over
    assert ("Spiel vorbei" if de else "Game over") in b.inner_text("#phase")  # the header says so too
    b.click("#verify")
    b.wait_for_selector("#verify-result:has-text('" + ("geprüft" if de else "verified") + "')", timeout=WAIT)
    t.look(b, "game-over")
    t.look(a, "game-over-winner")
    log = a.inner_text("#log")
    assert "Alice." not in log and "[Alice" not in log  # names, not ids
    for page, name in ((a, "Alice"), (b, "Bob")):  # each phone's log as it reads, to read through
        (SHOTS / f"log-{name}{t.tag}.txt").write_text(page.inner_text("#log"))

    # ---- A spectator joins: the public table, no hidden card ----------------------------------------------
    hidden = NEVER_SEEN[edition]["Alice"] + NEVER_SEEN[edition]["Bob"]
    sees_no_card(a, NEVER_SEEN[edition]["Bob"])
    sees_no_card(b, NEVER_SEEN[edition]["Alice"])
    spectator_sees_nothing_hidden(t, browser, server, gid, locale, hidden)
    assert t.errors == [], t.errors
    # Strict refuses on purpose once (the unique card whose copy is dead); advisory refuses nothing.
    assert len(t.refusals) == (0 if german else 1), t.refusals
    for page in (a, b, host):
        page.context.close()


def test_a_whole_second_edition_game_in_english_on_two_phones(server: Server, browser: Any) -> None:
    play_a_game(server, browser, "2e", "en")


def test_a_whole_first_edition_game_in_german_without_an_english_word(server: Server, browser: Any) -> None:
    play_a_game(server, browser, "1e", "de")


#: Holds every move a page sends for a second on its way out, as a slow connection does.
SLOW_MOVES = """
const plainFetch = window.fetch;
window.fetch = async (...args) => {
  if (String(args[0]).endsWith("/actions")) await new Promise(r => setTimeout(r, 1000));
  return plainFetch(...args);
};
"""


def test_a_search_typed_while_a_move_is_on_its_way_is_kept(server: Server, browser: Any) -> None:
    """The second copy looked up while the first one's move is still on its way (the same words again): the
    answer to the move does not wipe the new search."""
    from tests.test_browser import prepared_game

    g = prepared_game(server.url + "/api")
    a = phone(browser)
    a.add_init_script(SLOW_MOVES)
    a.goto(g["seats"][0]["url"].replace("http://localhost", server.url))
    a.fill("#find", "imp's agent")
    tap_card(a, "#found li[data-card='A.00168.1']", "marshal")
    a.fill("#find", "imp's agent")  # at once, while the move waits
    a.wait_for_selector("#my-play li[data-card='A.00168.1']", timeout=WAIT)
    a.wait_for_timeout(300)
    assert a.input_value("#find") == "imp's agent"
    tap_card(a, "#found li[data-card='A.00168.2']", "marshal")
    a.wait_for_selector("#my-play li[data-card='A.00168.2']", timeout=WAIT)
    a.wait_for_function("document.querySelector('#find').value === ''", timeout=WAIT)  # done with: cleared
    a.context.close()


def test_taps_made_offline_wait_and_are_sent_in_order(server: Server, browser: Any) -> None:
    links, _ = host_links(browser, server, ["Ann", "Ben"])
    decks_loaded(server, links)
    page = phone(browser, links["Ann"])
    context = page.context
    page.wait_for_selector("#live.on", timeout=WAIT)
    page.wait_for_selector("#step[data-step=next-step]", timeout=WAIT)
    context.set_offline(True)
    for _ in range(3):
        page.click("#gold-plus")
    page.wait_for_selector("#offline:not(.hidden)", timeout=WAIT)
    page.click("#step[data-step=next-step]")  # a phase change made offline waits behind the gold
    page.wait_for_selector("#offline:has-text('2 taps waiting')", timeout=WAIT)
    gold(page, 3)  # the waiting taps already count on the phone
    shot(page, "offline")
    context.set_offline(False)
    page.wait_for_selector("#offline", state="hidden", timeout=10000)
    gold(page, 3)
    page.wait_for_selector("#phase:has-text('plot phase')", timeout=WAIT)
    assert page.locator("#log li").count() == 4  # the two decks, one gold entry for the burst, then the phase


def decks_loaded(server: Server, links: dict[str, str]) -> None:
    """Each seat's deck, loaded over the API with the key of its join link (the round needs decks to begin)."""
    for seat, link in links.items():
        gid, key = re.search(r"/g/([^/#?]+)#key=(.+)$", link).groups()  # type: ignore[union-attr]
        version = call(server.url + "/api", "GET", f"/games/{gid}", key=key)[1]["version"]
        status, body = call(server.url + "/api", "PUT", f"/games/{gid}/seats/{seat}/deck",
                            {"expected_version": version, "deck": {"01091": 9}}, key)
        assert status == 200, body


def test_names_keep_their_umlauts_and_similar_names_get_their_own_seats(server: Server, browser: Any) -> None:
    host = phone(browser, server.url + "/", locale="de-DE")
    host.fill("#seats", "Jürgen Müller\nJurgen Muller")
    host.click("button[type=submit]")
    host.wait_for_selector("[data-seat=JurgenMuller2] a", timeout=WAIT)
    page = phone(browser, host.get_attribute("[data-seat=JurgenMuller] a", "href"), locale="de-DE")
    page.wait_for_selector("#title:has-text('Jürgen Müller')", timeout=WAIT)
    assert "Jurgen Muller" in page.text_content("[data-seat=JurgenMuller2] h2")  # h2 is upper-cased by CSS


def test_double_taps_and_two_phones_tapping_next_together_record_once(server: Server, browser: Any) -> None:
    """Each tap counts once: a double tap on an action button, and two phones tapping "Next" at the same
    moment, each leave one entry in the log (the second phone sees the new state; nothing is re-sent)."""
    _, g = call(server.url + "/api", "POST", "/games", {"judge": True, "seats": [{"seat": "A", "name": "Alice"},
                                                                  {"seat": "B", "name": "Bob"}]})
    gid = g["game"]["id"]
    for i, seat in enumerate("AB"):
        assert call(server.url + "/api", "PUT", f"/games/{gid}/seats/{seat}/deck",
                    {"expected_version": i, "deck": {"01091": 9}}, g["seats"][i]["key"])[0] == 200
    a, b = seat_phones(browser, server, g)
    for page in (a, b):
        page.wait_for_selector("#step[data-step=next-step]", timeout=WAIT)

    def entries() -> list[dict[str, Any]]:
        return call(server.url + "/api", "GET", f"/games/{gid}/log", key=g["judge"]["key"])[1]["entries"]

    # A double tap on "Next" (setup -> plot) on one phone, its second tap landing after the answer has drawn the
    # next step's button where the first tap hit (as on a fast server): the second tap of a double tap is dropped.
    box = a.locator("#step").bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    a.mouse.click(x, y)
    a.wait_for_function("document.querySelector('#phase') && document.body.innerText.includes('plot')",
                        timeout=WAIT)
    a.wait_for_selector("#step[data-step=next-step]:not([disabled])", timeout=WAIT)
    a.mouse.down(click_count=2)
    a.mouse.up(click_count=2)
    a.wait_for_timeout(500)
    phases = [e["data"]["phase"] for e in entries() if e["data"].get("type") == "begin_phase"]
    assert phases == ["plot"]
    # Gold: a burst of taps is one entry with the sum.
    for _ in range(3):
        a.click("#gold-plus")
    a.wait_for_function("document.querySelector('#gold').textContent === '3'", timeout=WAIT)
    a.wait_for_timeout(1200)
    golds = [e["data"] for e in entries() if e["data"].get("type") == "gain_gold"]
    assert golds == [{"amount": 3, "player": "A", "type": "gain_gold"}]
    # Two phones tap "Next" together: both saw the plot phase (B's live updates are held back, so its tap
    # is certainly stale). One phase change is recorded; B gets the conflict, shows the new state and
    # sends nothing more.
    b.route("**/events*", lambda route: route.abort())
    b.reload()
    b.wait_for_selector("#step[data-step=next-step]", timeout=WAIT)
    before = len(entries())
    a.click("#step[data-step=next-step]")
    a.wait_for_function("document.body.innerText.includes('draw')", timeout=WAIT)
    b.click("#step[data-step=next-step]")
    b.wait_for_function("document.body.innerText.includes('draw')", timeout=WAIT)  # the new state, shown
    b.wait_for_timeout(1500)
    after = entries()[before:]
    assert [e["data"].get("phase") for e in after if e["data"].get("type") == "begin_phase"] == ["draw"]
    shot(b, "two-phones-next-conflict")
    a.context.close()
    b.context.close()


#: Holds the page's second read of ``PATH`` (the table loaded again once a deck is set) until the live stream has
#: brought a newer table than that answer, as a slow answer overtaken by a live update does; the page marks
#: the hold on <html data-held> so the test makes its move then.
HOLD_SECOND_READ = """
const plainFetch = window.fetch;
let reads = 0;
window.fetch = async (...args) => {
  const answer = await plainFetch(...args);
  if (String(args[0]).endsWith("PATH") && ++reads === 2) {
    const made = (await answer.clone().json()).version;
    document.documentElement.dataset.held = String(made);
    const game = await import("/static/game.js");
    for (let i = 0; i < 200 && !(game.state && game.state.version > made); i++) {
      await new Promise(r => setTimeout(r, 50));
    }
  }
  return answer;
};
"""


@pytest.mark.parametrize("held", ["/view", "/log"])
def test_an_answer_overtaken_by_a_live_update_leaves_the_phone_on_the_newer_table(server: Server, browser: Any,
                                                                                   held: str) -> None:
    """Ann sets her deck; the page reads the table (or its log) again, and that answer is held back until the
    live stream has brought Ben's deck, a newer version. The late answer must not take the page back: the
    phone shows the newest table and every entry of the log, with its one live stream (no second one opened
    to make up for it)."""
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Ann"}, {"seat": "B", "name": "Ben"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    page = phone(browser)
    streams: list[str] = []
    page.on("request", lambda r: streams.append(r.url) if r.url.endswith("/events") else None)
    page.add_init_script(HOLD_SECOND_READ.replace("PATH", held))
    page.goto(g["seats"][0]["url"].replace("http://localhost", server.url))
    page.wait_for_selector("#deck-box:not(.hidden)", timeout=WAIT)
    page.wait_for_selector("#live.on", timeout=WAIT)
    page.fill("#deck-text", decklist("Ann", (1, "01089"), (1, "01001")))
    page.click("#deck-send")
    made = int(page.wait_for_selector("html[data-held]", timeout=WAIT).get_attribute("data-held") or "0")
    status, body = call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": made, "deck": {"01091": 2}},
                        kb)
    assert status == 200, body
    newest = call(base, "GET", f"/games/{gid}", key=ka)[1]["version"]
    assert newest > made
    until(page, f"import('/static/game.js').then(g => g.state.version === {newest})")
    page.wait_for_timeout(1500)  # the held answer has long arrived: it must have changed nothing
    assert page.evaluate("import('/static/game.js').then(g => g.state.version)") == newest
    entries = call(base, "GET", f"/games/{gid}/log", key=ka)[1]["entries"]
    assert page.locator("#log li").count() == len(entries) == newest
    assert "Ben" in page.inner_text("#log li:first-child")  # Ben's deck, the newest entry, is in the log
    assert len(streams) == 1, streams
    page.context.close()


def test_a_live_stream_that_goes_silent_is_made_again_and_catches_up(server: Server, browser: Any) -> None:
    """A connection that never says a word (held on its way, as a network that dropped it without telling) is
    cut after the stream's silence and made again from the version given, and the move made meanwhile arrives.
    The page's own silence is 40 s, well past the server's keep-alive every 15 s; here it is 1.5 s."""
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Ann"}, {"seat": "B", "name": "Ben"}]})
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    page = phone(browser, g["seats"][0]["url"], server=server)
    page.wait_for_selector("#live.on", timeout=WAIT)  # the page's own stream is connected: left alone
    held: list[Any] = []

    def hold_the_first(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)  # never answered: the connection stays silent

    page.route("**/events", hold_the_first)
    page.evaluate("""([url, key]) => import('/static/stream.js').then(({openStream}) => {
      const heard = document.documentElement.dataset;
      heard.streamed = "";
      openStream(url, {key, silence: 1500, resumeFrom: () => "0",
                       onUpdate: u => { heard.streamed += " " + u.version; }});
    })""", [f"/api/games/{gid}/events", ka])
    status, body = call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {"01089": 1}}, ka)
    assert status == 200, body
    page.wait_for_function("document.documentElement.dataset.streamed.trim() === '1'", timeout=WAIT)
    assert len(held) == 1  # the silent connection was the first; the one made again brought the move
    page.context.close()


#: The answer to the page's first move comes back a second late (the move itself is recorded at once).
SLOW_FIRST_ANSWER = """
const plainFetch = window.fetch;
let moves = 0;
window.fetch = async (...args) => {
  const answer = await plainFetch(...args);
  if (String(args[0]).endsWith("/actions") && ++moves === 1) await new Promise(r => setTimeout(r, 1000));
  return answer;
};
"""


def test_a_second_tap_before_the_first_ones_answer_is_no_conflict_with_oneself(server: Server,
                                                                              browser: Any) -> None:
    """Alice marshals a card and taps "Done — next player" before the marshal's answer is back: her second move
    goes after the first with the version her own move made. It is recorded (no "someone else changed the table"),
    and Bob's turn begins."""
    from tests.test_browser import prepared_game

    g = prepared_game(server.url + "/api")
    a = phone(browser)
    a.add_init_script(SLOW_FIRST_ANSWER)
    a.route("**/events", lambda route: route.abort())  # no live update overtakes the late answer
    a.goto(g["seats"][0]["url"].replace("http://localhost", server.url))
    a.wait_for_selector("#step[data-step=pass-turn]", timeout=WAIT)
    find_and_tap(a, "imp's agent", "A.00168.1", "marshal")
    # At once, while the marshal's answer is still on its way (a tap through the page itself: Playwright's click
    # would wait for the page to settle first).
    a.evaluate("document.querySelector('#step[data-step=pass-turn]').click()")
    a.wait_for_selector("#turn:has-text('Bob')", timeout=WAIT)
    entries = call(server.url + "/api", "GET", f"/games/{g['game']['id']}/log", key=g["seats"][0]["key"])[1]["entries"]
    assert [e["data"].get("type") for e in entries[-2:]] == ["marshal", "pass_turn"]
    assert a.locator("#flags .flag").count() == 0, a.inner_text("#flags")
    a.wait_for_selector("#my-play li[data-card='A.00168.1']", timeout=WAIT)
    a.context.close()


def test_a_look_waits_for_an_answer_on_its_way_and_its_drawing_not_for_a_pause(browser: Any) -> None:
    """Each look waits for the thing (tests/phones.py: settled): a tap's answer still on its way is waited for, and so
    is its drawing, here spread over ten frames; the page's live stream, which never ends, is not."""
    page = track_requests(browser.new_context(**PHONE).new_page())
    page.route("http://companion.test/", lambda route: route.fulfill(content_type="text/html", body="""<!doctype html>
      <button>Tap</button><script>
      fetch("/stream", {headers: {Accept: "text/event-stream"}});  // a live stream: answered never
      document.querySelector("button").onclick = () => fetch("/slow").then(r => r.text()).then(text => {
        let n = 0;
        const step = () => { document.body.insertAdjacentHTML("beforeend", `<p>${text} ${++n}</p>`);
                             if (n < 10) requestAnimationFrame(step); };
        requestAnimationFrame(step);
      });</script>"""))
    page.route("**/stream", lambda route: None)
    page.route("**/slow", lambda route: (time.sleep(0.3), route.fulfill(content_type="text/plain", body="came")))
    try:
        page.goto("http://companion.test/")
        with page.expect_request("**/slow"):
            page.click("button")
        began = time.monotonic()
        settled(page)
        assert page.locator("p").all_inner_texts() == [f"came {n}" for n in range(1, 11)]
        assert not page.requests_on_way and time.monotonic() - began < WAIT / 1000 / 2  # the stream kept nobody
    finally:
        page.context.close()


def marshaling_before_income(base: str) -> dict[str, Any]:
    """A game (API) in round 1's marshaling phase, Alice's turn, her income not yet collected."""
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Alice", "faction": "lannister"},
                                                   {"seat": "B", "name": "Bob", "faction": "stark"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    deck = {"01089": 1, "00168": 2, "01004": 1}  # A Noble Cause: a plot, so that income is offered
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": deck}, ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": {"01091": 2, "01004": 1}},
                kb)[0] == 200
    play(base, gid, ((ka, {"type": "begin_phase", "phase": "plot"}),
                     (ka, {"type": "choose_plot", "player": "A", "card": "A.01004.1"}),
                     (kb, {"type": "choose_plot", "player": "B", "card": "B.01004.1"}),
                     (ka, {"type": "win_initiative", "player": "A"}),
                     (ka, {"type": "choose_first_player", "player": "A", "first": "A"}),
                     (ka, {"type": "begin_phase", "phase": "draw"}),
                     (ka, {"type": "begin_phase", "phase": "marshaling"})), 2)
    return g


def test_a_tap_sent_when_the_phone_is_back_online_shows_its_answer(server: Server, browser: Any) -> None:
    """A move made offline is answered once the phone is back: the "waits" notice goes, and a flag the answer
    brings (a card marshalled with no gold) is shown as it would have been online, not only in the log."""
    g = marshaling_before_income(server.url + "/api")
    page = phone(browser, g["seats"][0]["url"], server=server)
    page.wait_for_selector("#live.on", timeout=WAIT)
    page.fill("#find", "imp's agent")  # found online: the search asks the server
    page.click("#found li[data-card='A.00168.1']", timeout=WAIT)
    page.context.set_offline(True)
    page.click("#sheet button[data-action=marshal]", timeout=WAIT)
    page.wait_for_selector("#flags [data-flag=info]", timeout=WAIT)  # "waits and is sent once the connection is back"
    page.context.set_offline(False)
    page.wait_for_selector("#offline", state="hidden", timeout=WAIT)
    page.wait_for_selector("#my-play li[data-card='A.00168.1']", timeout=WAIT)
    page.wait_for_selector("#flags [data-flag=recorded]", timeout=WAIT)
    assert "needs 3 gold but has 0" in page.inner_text("#flags"), page.inner_text("#flags")
    assert page.locator("#flags [data-flag=info]").count() == 0
    page.context.close()


def test_the_same_tap_twice_offline_is_one_move(server: Server, browser: Any) -> None:
    """Offline the page cannot change, so the income button stays after its tap, and a second tap on it (a double
    tap, or "did it take?") waited as a second move: back online, income was collected twice (a flag in the log).
    The same move waits once, and the phone says it already waits."""
    g = marshaling_before_income(server.url + "/api")
    page = phone(browser, g["seats"][0]["url"], server=server)
    page.wait_for_selector("#live.on", timeout=WAIT)
    page.wait_for_selector("#round-box [data-offer^='income:']", timeout=WAIT)
    page.context.set_offline(True)
    offer(page, "income:")
    page.wait_for_selector("#offline:has-text('1 tap waiting')", timeout=WAIT)
    offer(page, "income:")
    page.wait_for_selector("#flags [data-flag=info]:has-text('already waits')", timeout=WAIT)
    assert "1 tap waiting" in page.inner_text("#offline")
    page.context.set_offline(False)
    page.wait_for_selector("#offline", state="hidden", timeout=WAIT)
    # Every waiting tap has been answered once the notice is gone: the page is drawn up to the server's version.
    gid, key = g["game"]["id"], g["seats"][0]["key"]
    version = call(server.url + "/api", "GET", f"/games/{gid}", key=key)[1]["version"]
    wait_until(page, f"v => ({VERSION}).then(mine => mine >= v)", version, timeout=WAIT)
    settled(page)
    assert page.locator("#log li:has-text('collects income')").count() == 1
    assert page.locator("#flags [data-flag=recorded]").count() == 0
    page.context.close()


def test_ending_the_marshaling_turn_before_the_income_asks_first_with_its_gold(server: Server, browser: Any) -> None:
    """A newcomer trial: "Done — next player" tapped before the income ended the turn, and the round's gold was
    gone. The step button asks first, naming the gold the income button would collect; "cancel" sends nothing, and
    once the income is collected the step ends the turn at one tap."""
    g = marshaling_before_income(server.url + "/api")
    gid, key = g["game"]["id"], g["seats"][0]["key"]
    page = phone(browser, g["seats"][0]["url"], server=server)
    income = page.inner_text("#round-box [data-offer='income:A']", timeout=WAIT)
    gold = re.fullmatch(r"Collect (\d+) gold", income)
    assert gold, income
    step(page, "pass-turn")
    asked = page.inner_text(".sheet.confirm", timeout=WAIT)
    assert f"You have not collected your income ({gold[1]} gold)" in asked, asked
    page.click("[data-confirm=no]", timeout=WAIT)
    settled(page)
    log = call(server.url + "/api", "GET", f"/games/{gid}/log", key=key)[1]["entries"]
    assert "pass_turn" not in [e["data"].get("type") for e in log]
    offer(page, "income:A")
    page.wait_for_selector("#round-box [data-offer='income:A']", state="detached", timeout=WAIT)
    step(page, "pass-turn")
    page.wait_for_selector("#turn:has-text('Bob')", timeout=WAIT)
    assert page.locator(".sheet.confirm").count() == 0
    page.context.close()


def test_a_long_hand_to_discard_from_has_a_search_line(server: Server, browser: Any) -> None:
    """A newcomer trial scrolled through about 50 titles to discard to the reserve (the cards drawn are not named, so
    the form offers every title left in the deck). A field of more than 12 choices has a search line: typing keeps
    the titles that match; a ticked card stays in sight; the discard is sent as before."""
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Alice", "faction": "lannister"},
                                                   {"seat": "B", "name": "Bob", "faction": "stark"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    titles = [code for n in range(1050, 1160) if (c := catalog().get(code := f"0{n}")) is not None
              and c.type == "character"][:20]
    assert len(titles) == 20
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck",
                {"expected_version": 0, "deck": {**{c: 1 for c in titles}, "01004": 1}}, ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck",
                {"expected_version": 1, "deck": {"01091": 2, "01004": 1}}, kb)[0] == 200
    moves = [(ka, {"type": "draw_cards", "player": "A", "count": 7}),
             (ka, {"type": "begin_phase", "phase": "plot"}),
             (ka, {"type": "choose_plot", "player": "A", "card": "A.01004.1"}),
             (kb, {"type": "choose_plot", "player": "B", "card": "B.01004.1"}),
             (ka, {"type": "win_initiative", "player": "A"}),
             (ka, {"type": "choose_first_player", "player": "A", "first": "A"}),
             (ka, {"type": "begin_phase", "phase": "draw"}),
             (ka, {"type": "draw_cards", "player": "A", "count": 2})]
    moves += [(ka, {"type": "begin_phase", "phase": p}) for p in ("marshaling", "challenges", "dominance", "standing",
                                                                 "taxation")]
    play(base, gid, tuple(moves), 2)
    page = phone(browser, g["seats"][0]["url"], server=server)
    page.wait_for_selector("#round-box [data-offer='reserve:A']", timeout=WAIT)
    page.click("#round-box [data-offer='reserve:A']")
    find = page.wait_for_selector("#sheet [data-find=cards]", timeout=WAIT)
    rows = page.locator("#sheet label.check")
    total = rows.count()
    assert total == 20 and find.get_attribute("aria-label") == "Find a card by its name"
    target = rows.nth(total - 1).inner_text()
    page.locator("#sheet label.check").nth(0).locator("input").check()  # ticked: stays in sight
    find.fill(target[:6])
    shown = [r.inner_text() for r in rows.all() if r.is_visible()]
    assert target in shown and len(shown) < total, shown
    shot(page, "reserve-discard-search")
    assert all(target[:6].lower() in s.lower() for s in shown[1:]) and shown[0] == rows.nth(0).inner_text()
    page.locator("#sheet label.check", has_text=target).locator("input").check()
    find.fill("")
    assert all(r.is_visible() for r in rows.all())
    page.locator("#sheet label.check").nth(1).locator("input").check()
    page.click("#sheet [data-offer-send='reserve:A']")
    page.wait_for_selector("#my-counts:has-text('6 in hand')", timeout=WAIT)
    page.context.close()
