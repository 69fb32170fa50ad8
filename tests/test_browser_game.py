"""Two full rounds of a strict 2nd-edition game on two phones (issue 21), one English, one German, from the pages
alone, with every tap counted: the home page creates the game, the host page's links join it, the decks are pasted.
Plots are chosen in secret (the German phone's page and a fresh read of its live stream are compared with a second
game that differs only in the plot Alice chose), draws are one tap, a label photo marshals a card into shadows, an
undo with its preview, a challenge each way step by step (initiate, defenders, result, claim), dominance, the
reserve, gold and power; round 2 the other way round: the other player chooses his plot first, the card comes out of
shadows, takes power, defends and wins; dominance to the other player, the reserve again. Every tap is counted by
the pages themselves (a click listener on each phone) and timed per action; the table goes to
``test-artifacts/taps.json``. No console error, no page error and no refusal on either phone: strict mode takes
every move made as the offers show them. (The whole game to its end, both editions, is
tests/test_browser_round.py.)"""

from __future__ import annotations

import json
import re
import statistics
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests import phones
from tests.server import Server
from tests.tables import catalog
from tests.test_browser import CHROMIUM, shot
from tests.test_browser_round import form, no_english, offer

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = [pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"), pytest.mark.slow]
WAIT = phones.WAIT
#: Each table page asks once whether its game is part of an event; for a casual game the 404 answer shows in
#: the console as "Failed to load resource". Known and reported; every other console message fails the test.
PROBE = re.compile(r"^(Alice|Bob) (404 http://127\.0\.0\.1:\d+/api/event-tables/[\w-]+ None$|console: Failed to load "
                   r"resource: the server responded with a status of 404 \(Not Found\)$)")
#: Actions that take more than two taps from the table screen, and why (issue 21's goal is two for the ten most
#: common). A challenge is four steps now, as the rules go (initiate, defenders, result, claim), each recorded by
#: whose it is; the one form with its outcome took two taps and checked nothing.
OVER_TWO = {"challenge: initiate": "a form: the offer, a tap on each attacker, send (3 with one attacker)",
            "challenge: defenders": "a form: the offer, a tap on each defender, send (2 with none, 3 with one)",
            "challenge: claim": "a military or intrigue claim names its cards: the offer, one each, send (3); "
                                "a power claim is one tap",
            "discard to reserve": "names the cards discarded: the offer, a tap on each card, send (3 for one, 4 "
                                  "for two)"}
TAPS = Path(__file__).resolve().parents[1] / "test-artifacts" / "taps.json"

#: Counts every click a page receives (before any handler can stop it) and keeps a copy of the live stream.
COUNTER = """
window.__taps = 0;
window.__stream = "";
document.addEventListener("click", () => { window.__taps += 1; }, true);
const plainFetch = window.fetch;
window.fetch = async (...args) => {
  const r = await plainFetch(...args);
  const url = String((args[0] && args[0].url) || args[0]);
  if (!url.includes("/events") || !r.body) return r;
  const [mine, copy] = r.body.tee();
  (async () => {
    const reader = copy.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) { const {done, value} = await reader.read(); if (done) break; window.__stream += value; }
  })();
  return new Response(mine, {status: r.status, statusText: r.statusText, headers: r.headers});
};
"""



def decklist(name: str, *lines: tuple[int, str]) -> str:
    """A ThronesDB text export, built from the shipped card facts."""
    out = []
    for n, code in lines:
        card = catalog().get(code)
        assert card is not None
        out.append(f"{n}x {card.name} ({card.pack_name})")
    return name + "\n\n" + "\n".join(out) + "\n"


DRAW = ((3, "01091"), (1, "13089"), (3, "01094"), (3, "01092"), (3, "01088"))  # Burned Men, Tyrion (Shadow 5), …
# Alice: A Clash of Kings (initiative 9), A Storm of Swords (8), A Noble Cause (0, 5 gold). Bob: Forgotten Plans
# (2; A Game of Thrones' values: A Game of Thrones itself would forbid round 1's military and power challenges
# before an intrigue challenge won), Building Orders (1).
ALICE_DECK = decklist("Alice's Lannister", (1, "01001"), (1, "01005"), (1, "01004"), *DRAW)
BOB_DECK = decklist("Bob's Lannister", (1, "02119"), (1, "01006"), *DRAW)
TAG = "AB7"  # the labels on Alice's sleeves
SECRET = {"01001": "A Clash of Kings", "01005": "A Storm of Swords"}


#: The version of the table a phone holds: game.js's state, reached through import() (the page has no globals).
SHOWN_VERSION = "() => import('/static/game.js').then(g => (g.state ? g.state.version : 0))"


class Table:
    """The two phones, with every tap counted and every action timed."""

    def __init__(self, a: Any, b: Any) -> None:
        self.a, self.b = a, b
        self.rows: list[dict[str, Any]] = []
        self.kind: str | None = None
        self.taps = 0
        self.typed = 0
        self.paused = 0.0

    def settle(self) -> None:
        """Both phones show the newest version before the next tap, as two people at a table would see it
        (a tap on a stale page is answered 409, which the browser logs as a console error)."""
        from tests.test_browser import wait_until

        newest = max(int(p.evaluate(SHOWN_VERSION) or 0) for p in (self.a, self.b))
        for p in (self.a, self.b):
            wait_until(p, f"() => import('/static/game.js').then(g => g.state && g.state.version >= {newest})",
                       timeout=WAIT)

    def untimed(self, step: Any) -> None:
        """A step of the test, not of the player (a screenshot): its time does not count."""
        start = time.perf_counter()
        step()
        self.paused += time.perf_counter() - start

    def counted(self) -> int:
        return sum(int(p.evaluate("window.__taps")) for p in (self.a, self.b))

    @contextmanager
    def action(self, kind: str) -> Iterator[None]:
        self.kind, self.taps, self.typed, self.paused = kind, 0, 0, 0.0
        before = self.counted()
        start = time.perf_counter()
        yield
        seconds = time.perf_counter() - start - self.paused
        self.settle()
        both = time.perf_counter() - start - self.paused
        taps = self.counted() - before
        assert taps == self.taps, (kind, taps, self.taps)  # the pages saw exactly the taps the test made
        self.rows.append({"action": kind, "taps": taps, "typed": self.typed, "seconds": seconds, "seconds_both": both})
        self.kind = None

    def tap(self, page: Any, selector: str) -> None:
        assert self.kind is not None, "every tap belongs to an action"
        page.click(selector, timeout=WAIT)
        self.taps += 1

    def shutter(self, page: Any, photo: Path) -> None:
        """A photo taken with the phone's camera: one tap on the shutter (the page sees a file, no click)."""
        assert self.kind is not None
        page.set_input_files("#photo", str(photo))
        page.evaluate("window.__taps += 1")
        self.taps += 1

    def type(self, page: Any, selector: str, text: str) -> None:
        page.fill(selector, text, timeout=WAIT)
        self.typed += len(text)

    def table(self) -> dict[str, Any]:
        kinds: dict[str, list[dict[str, Any]]] = {}
        for row in self.rows:
            kinds.setdefault(row["action"], []).append(row)
        actions = [{"action": k, "times": len(rs), "taps": float(statistics.median(r["taps"] for r in rs)),
                    "taps_max": max(r["taps"] for r in rs), "typed_chars": max(r["typed"] for r in rs),
                    "seconds_median": round(statistics.median(r["seconds"] for r in rs), 3),
                    "seconds_both_phones_median": round(statistics.median(r["seconds_both"] for r in rs), 3)}
                   for k, rs in kinds.items()]
        actions.sort(key=lambda r: -r["times"])  # stable: equal counts stay in the order first played
        top = actions[:10]
        return {"actions": actions, "ten_most_common": [r["action"] for r in top],
                "over_two_taps": [r["action"] for r in actions if r["taps_max"] > 2],
                "total_taps": sum(r["taps"] for r in self.rows),
                "seconds_total": round(sum(r["seconds"] for r in self.rows), 2)}


def phone(browser: Any, locale: str, errors: list[str], name: str) -> Any:
    page = phones.phone(browser, locale=locale)
    page.add_init_script(COUNTER)
    page.on("console", lambda m: errors.append(f"{name} console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"{name} page error: {e}"))
    page.on("response", lambda r: errors.append(f"{name} {r.status} {r.url} {r.request.post_data}")
            if r.status >= 400 else None)
    return page


def gold(page: Any, value: int) -> None:
    page.wait_for_function(f"document.querySelector('#gold').textContent === '{value}'", timeout=WAIT)


def power(page: Any, value: int) -> None:
    page.wait_for_function(f"document.querySelector('#power').textContent === '{value}'", timeout=WAIT)


def first_event(server: Server, game_id: str, key: str) -> str:
    """The first event of a fresh live stream, as the German phone's key reads it (everything from the start)."""
    req = urllib.request.Request(f"{server.url}/api/games/{game_id}/events?since=0",
                                 headers={"Authorization": "Bearer " + key, "Accept": "text/event-stream"})
    lines = []
    with urllib.request.urlopen(req, timeout=10) as r:
        while True:
            line = r.readline().decode()
            if line.strip() == "" and any(x.startswith("data:") for x in lines):
                break
            if not line.startswith(":"):
                lines.append(line)
    return "".join(lines)


def same_but_for(text: str, game_id: str) -> str:
    """What may differ between two games by construction: the game's id, the clock, and the head of the log's
    chain (an HMAC under the game's own secret key, so it differs between any two games and reveals nothing)."""
    text = text.replace(game_id, "GAME")
    text = re.sub(r'"head": ?"[0-9a-f]+"', '"head": "HEAD"', text)
    text = re.sub(r"\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)?", "TIME", text)
    return re.sub(r'"(committed|at|time|ts|created|created_at)": ?[\d.]+', r'"\1": 0', text)


def stream_so_far(page: Any, game_id: str) -> str:
    """The table as the last event of the phone's own live stream showed it. (How many events came before
    depends on timing, since a stream may fold several versions into one event; the last view does not.)"""
    text = same_but_for(str(page.evaluate("window.__stream")), game_id)
    blocks = [block for block in text.split("\n\n") if "data:" in block]
    data = "".join(line[5:].strip() for line in blocks[-1].splitlines() if line.startswith("data:"))
    return json.dumps(json.loads(data)["view"], sort_keys=True)


def bobs_phone_now(b: Any, game_id: str) -> str:
    """Bob's whole page as the phone shows it, markup and all (but for the tap shield, which fades out on its
    own clock after a menu closes: a matter of timing, not of what the phone knows)."""
    return re.sub(r'class="shield[^"]*"', 'class="shield"', same_but_for(b.inner_html("body"), game_id))


def to_the_plot_choice(server: Server, browser: Any, errors: list[str], alice_plot: str,
                       t: Table | None = None) -> tuple[Any, Any, dict[str, str], Table]:
    """Home page, host page, two phones, decks pasted, seven drawn and a card set up each; Alice picks her plot
    in secret. Returns the phones, the game's id and Bob's key, with the taps so far."""
    links, _ = phones.host_links(browser, server, ["Alice", "Bob"], mode="strict")
    link_b = links["Bob"]
    a = phone(browser, "en-GB", errors, "Alice")
    b = phone(browser, "de-DE", errors, "Bob")
    phones.paste_deck(a, links["Alice"], ALICE_DECK, tag=TAG)
    phones.paste_deck(b, link_b, BOB_DECK)
    m = re.search(r"/g/([^/#?]+)#key=([^&]+)", link_b)
    assert m, link_b
    ids = {"game": m.group(1), "bob_key": m.group(2)}
    t = Table(a, b)
    t.settle()  # Alice's phone has seen Bob's deck: a tap on the table before it is answered 409
    with t.action("drew 7 / drew 2"):
        offer(a, "draw:Alice:7", tap=t.tap)
        a.wait_for_selector("#my-counts:has-text('6 cards in the draw deck · 7 in hand')", timeout=WAIT)
    with t.action("drew 7 / drew 2"):
        offer(b, "draw:Bob:7", tap=t.tap)
        b.wait_for_selector("#my-counts:has-text('6 Karten im Zugstapel · 7 auf der Hand')", timeout=WAIT)
    for page, seat in ((a, "Alice"), (b, "Bob")):
        with t.action("set up a card (search pick)"):
            t.type(page, "#find", "burned")
            t.tap(page, f"#found li[data-card='{seat}.01091.1']")
            t.tap(page, "#sheet button[data-action=setup_place]")
            page.wait_for_selector(f"#my-play li[data-card='{seat}.01091.1']", timeout=WAIT)
    with t.action("reveal setup cards"):  # setup ends with the reveal, face-down cards or not
        t.tap(a, "#step[data-step=reveal-setup]")
        a.wait_for_selector("#step[data-step=next-step]", timeout=WAIT)
    with t.action("next phase"):
        t.tap(a, "#step[data-step=next-step]")
        a.wait_for_selector("#round-box [data-offer^='plot:']", timeout=WAIT)
    b.wait_for_selector("#round-box [data-offer^='plot:']", timeout=WAIT)
    with t.action("choose plot"):
        offer(a, f"plot:Alice.{alice_plot}.1", tap=t.tap)
        a.wait_for_selector("#round-box:has-text('Chosen face down')", timeout=WAIT)
    b.wait_for_selector("#round-box:has-text('Alice: gewählt')", timeout=WAIT)
    b.wait_for_function("window.__stream.includes('choose_plot')", timeout=WAIT)
    return a, b, ids, t


def label_photo(path: Path) -> Path:
    """A phone photo of the label on Alice's Tyrion (copy 1)."""
    import random

    from companion.bench.scan import synthetic_frame
    from companion.scan.labels import Label
    from companion.scan.render import label_image

    payload = Label("2e", "13089", TAG, 1).payload()
    photo, _ = synthetic_frame(random.Random(11), [(payload, label_image(payload))], 1920, 1080)
    path.write_bytes(photo)
    return path


def test_two_rounds_of_a_strict_game_on_two_phones_with_every_tap_counted(server: Server, browser: Any,
                                                                          tmp_path: Path) -> None:
    errors: list[str] = []
    photo = label_photo(tmp_path / "tyrion.jpg")

    # The game that differs only in Alice's plot: what Bob's phone and stream hold before the reveal.
    a2, b2, ids2, _ = to_the_plot_choice(server, browser, errors, "01005")
    other_page = bobs_phone_now(b2, ids2["game"])
    other_live = stream_so_far(b2, ids2["game"])
    other_stream = same_but_for(first_event(server, ids2["game"], ids2["bob_key"]), ids2["game"])
    assert "choose_plot" in other_stream
    for leak in ("01005", SECRET["01005"]):
        assert leak not in b2.evaluate("window.__stream") and leak not in b2.inner_html("body")
    for page in (a2, b2):
        page.context.close()

    a, b, ids, t = to_the_plot_choice(server, browser, errors, "01001")
    gid = ids["game"]
    # Byte for byte: Bob's page and his stream cannot tell which plot Alice chose.
    assert bobs_phone_now(b, gid) == other_page
    assert same_but_for(first_event(server, gid, ids["bob_key"]), gid) == other_stream
    assert stream_so_far(b, gid) == other_live
    for leak in ("01001", SECRET["01001"]):
        assert leak not in b.evaluate("window.__stream") and leak not in b.inner_html("body")
    for page in (a, b):  # no way on to the draw phase before the reveal
        assert page.locator("#step:not(.hidden):not([disabled])").count() == 0
    shot(b, "game-plot-waiting-de")
    no_english(b)

    # ---- Round 1 ----------------------------------------------------------------------------------------
    with t.action("choose plot"):
        offer(b, "plot:Bob.02119.1", tap=t.tap)
        b.wait_for_selector("[data-revealed=Alice]", timeout=WAIT)
    assert SECRET["01001"] in b.inner_text("body")
    assert "Intrigen werden aufgedeckt" in b.inner_text("#log")
    with t.action("first player"):  # A Clash of Kings (9) beats Forgotten Plans (2): Alice chooses
        offer(a, "first:Alice", tap=t.tap)
        b.wait_for_selector("#first:has-text('Alice')", timeout=WAIT)
    with t.action("next phase"):
        t.tap(a, "#step[data-step=next-step]")
        a.wait_for_selector("#round-box [data-offer='draw:Alice:2']", timeout=WAIT)
    for page, seat, deck in ((a, "Alice", "4 cards in the draw deck · 8 in hand"),
                             (b, "Bob", "4 Karten im Zugstapel · 8 auf der Hand")):
        with t.action("drew 7 / drew 2"):
            offer(page, f"draw:{seat}:2", tap=t.tap)
            page.wait_for_selector(f"#my-counts:has-text('{deck}')", timeout=WAIT)
    with t.action("next phase"):
        t.tap(a, "#step[data-step=next-step]")
        a.wait_for_selector("#round-box [data-offer='income:Alice']", timeout=WAIT)

    # Marshaling: Alice collects, gains 1 gold and 1 power by card effects, puts Tyrion into shadows.
    with t.action("collect income"):
        offer(a, "income:Alice", tap=t.tap)
        gold(a, 4)
    with t.action("gold +1 / -1"):
        t.tap(a, "#gold-plus")
        gold(a, 5)
    with t.action("power +1 / -1 (faction)"):
        t.tap(a, "#power-plus")
        power(a, 1)
    with t.action("marshal into shadows (scan)"):
        t.shutter(a, photo)
        t.tap(a, "#sheet button[data-action=marshal_into_shadows]")
        a.wait_for_selector("#my-shadows li[data-position='1']", timeout=WAIT)
    gold(a, 3)
    b.wait_for_selector("[data-seat=Alice] [data-shadows=Alice] li[data-position='1']", timeout=WAIT)
    assert "Tyrion" not in b.inner_text("[data-seat=Alice]")  # face down for Bob
    with t.action("pass turn"):
        t.tap(a, "#step[data-step=pass-turn]")
        b.wait_for_selector("#turn.mine", timeout=WAIT)

    # Bob: income, a marshal he takes back (the undo says what, and asks), then the Merchant after all, and a
    # gold paid to a card effect.
    with t.action("collect income"):
        offer(b, "income:Bob", tap=t.tap)
        gold(b, 4)
    with t.action("marshal (search pick)"):
        t.type(b, "#find", "tickler")
        t.tap(b, "#found li[data-card='Bob.01088.1']")
        t.tap(b, "#sheet button[data-action=marshal]")
        b.wait_for_selector("#my-play li[data-card='Bob.01088.1']", timeout=WAIT)
    gold(b, 2)
    with t.action("undo (with preview)"):
        t.tap(b, "#undo")
        what = b.wait_for_selector("#undo-what", timeout=WAIT).inner_text()
        assert "The Tickler" in what, what
        t.untimed(lambda: (shot(b, "game-undo-preview-de"), no_english(b)))
        t.tap(b, "#undo-yes")
        b.wait_for_selector("#my-play li[data-card='Bob.01088.1']", state="detached", timeout=WAIT)
    gold(b, 4)
    with t.action("marshal (search pick)"):
        t.type(b, "#find", "merchant")
        t.tap(b, "#found li[data-card='Bob.01094.1']")
        t.tap(b, "#sheet button[data-action=marshal]")
        b.wait_for_selector("#my-play li[data-card='Bob.01094.1']", timeout=WAIT)
    gold(b, 3)
    with t.action("gold +1 / -1"):
        t.tap(b, "#gold-minus")
        gold(b, 2)
    with t.action("pass turn"):
        t.tap(b, "#step[data-step=pass-turn]")
        a.wait_for_selector("#step[data-step=next-step]", timeout=WAIT)
    with t.action("next phase"):
        t.tap(a, "#step[data-step=next-step]")
        a.wait_for_selector("#round-box [data-offer='challenge:military']", timeout=WAIT)

    # Challenges, step by step as the rules go: Alice attacks (military, Burned Men); Bob defends with his Burned
    # Men, the tie goes to the attacker, and Bob applies the claim (his Burned Men dies). Then Bob attacks (power,
    # the Merchant), Alice has no one standing to defend; unopposed, and Alice gives the claimed power.
    with t.action("challenge: initiate"):
        form(a, "challenge:military", "Alice.01091.1", tap=t.tap)
        b.wait_for_selector("#round-box [data-offer=defend]", timeout=WAIT)
    with t.action("challenge: defenders"):
        form(b, "defend", "Bob.01091.1", tap=t.tap)
        a.wait_for_selector("#round-box [data-offer=result]", timeout=WAIT)
    with t.action("challenge: result"):
        offer(a, "result", tap=t.tap)
        b.wait_for_selector("#round-box [data-offer=claim]", timeout=WAIT)
    t.untimed(lambda: (shot(b, "game-claim-due-de"), no_english(b)))
    with t.action("challenge: claim"):
        form(b, "claim", "Bob.01091.1", tap=t.tap)
        a.wait_for_selector("#dead li[data-card='Bob.01091.1']", timeout=WAIT)
    with t.action("pass turn"):
        t.tap(a, "#step[data-step=pass-turn]")
        b.wait_for_selector("#round-box [data-offer='challenge:power']", timeout=WAIT)
    with t.action("challenge: initiate"):
        form(b, "challenge:power", "Bob.01094.1", tap=t.tap)
        a.wait_for_selector("#round-box [data-offer=defend]", timeout=WAIT)
    with t.action("challenge: defenders"):
        form(a, "defend", tap=t.tap)  # nobody standing with the icon: an empty form, sent
        b.wait_for_selector("#round-box [data-offer=result]", timeout=WAIT)
    with t.action("challenge: result"):
        offer(b, "result", tap=t.tap)
        power(b, 1)  # unopposed
    a.wait_for_selector("#round-box [data-offer=claim]", timeout=WAIT)
    with t.action("challenge: claim"):
        offer(a, "claim", tap=t.tap)  # a power claim asks nothing: one tap
        power(a, 0)
    power(b, 2)
    with t.action("pass turn"):
        t.tap(b, "#step[data-step=pass-turn]")
        a.wait_for_selector("#step[data-step=next-step]", timeout=WAIT)
    with t.action("next phase"):
        t.tap(a, "#step[data-step=next-step]")
        a.wait_for_selector("#round-box [data-offer=dominance]", timeout=WAIT)
    with t.action("dominance"):  # everyone knelt: Alice's 3 gold against Bob's 2
        offer(a, "dominance", tap=t.tap)
        power(a, 1)  # its power in the same tap
    with t.action("next phase"):
        t.tap(a, "#step[data-step=next-step]")
        a.wait_for_selector("#phase:has-text('standing phase')", timeout=WAIT)
    with t.action("next phase"):
        t.tap(a, "#step[data-step=next-step]")
        a.wait_for_selector("#phase:has-text('taxation phase')", timeout=WAIT)
    gold(a, 0)
    gold(b, 0)
    # Seven cards in hand each against a reserve of 6: each discards one on their own phone, in player order
    # (RR: Appendix I › 7.3): Alice, the first player, first; Bob's is offered once hers is done.
    a.wait_for_selector("#round-box [data-offer='reserve:Alice']", timeout=WAIT)
    assert b.locator("#round-box [data-offer^='reserve:']").count() == 0
    with t.action("discard to reserve"):
        form(a, "reserve:Alice", first=1, tap=t.tap)
        a.wait_for_selector("#my-counts:has-text('6 in hand')", timeout=WAIT)
    b.wait_for_selector("#round-box [data-offer='reserve:Bob']", timeout=WAIT)
    with t.action("discard to reserve"):
        form(b, "reserve:Bob", first=1, tap=t.tap)
        b.wait_for_selector("#my-counts:has-text('6 auf der Hand')", timeout=WAIT)
    with t.action("next phase"):
        t.tap(a, "#step[data-step=next-step]")
        b.wait_for_selector("#phase:has-text('Runde 2')", timeout=WAIT)

    # ---- Round 2: Bob chooses first; Alice's phone says only "chosen"; Tyrion out of shadows, power on him -----
    b.wait_for_selector("#round-box [data-offer^='plot:']", timeout=WAIT)
    with t.action("choose plot"):
        offer(b, "plot:Bob.01006.1", tap=t.tap)
        a.wait_for_selector("#round-box:has-text('Bob: chosen')", timeout=WAIT)
    body = a.inner_text("body")
    at = body.find("Building Orders")
    assert at < 0, body[max(0, at - 300):at + 100]
    assert not re.search(r"\b(Bob\.)?01006\b", a.evaluate("window.__stream"))  # not as a card (a timestamp may hold it)
    with t.action("choose plot"):
        offer(a, "plot:Alice.01004.1", tap=t.tap)
        a.wait_for_selector("[data-revealed=Bob]", timeout=WAIT)
    with t.action("first player"):  # Building Orders (1) beats A Noble Cause (0): Bob, in German, chooses
        offer(b, "first:Bob", tap=t.tap)
        a.wait_for_selector("#first:has-text('Bob')", timeout=WAIT)
    with t.action("next phase"):
        t.tap(b, "#step[data-step=next-step]")
        b.wait_for_selector("#round-box [data-offer='draw:Bob:2']", timeout=WAIT)
    for page, seat, deck in ((a, "Alice", "2 cards in the draw deck · 8 in hand"),
                             (b, "Bob", "2 Karten im Zugstapel · 8 auf der Hand")):
        with t.action("drew 7 / drew 2"):
            offer(page, f"draw:{seat}:2", tap=t.tap)
            page.wait_for_selector(f"#my-counts:has-text('{deck}')", timeout=WAIT)
    with t.action("next phase"):
        t.tap(b, "#step[data-step=next-step]")
        b.wait_for_selector("#round-box [data-offer='income:Bob']", timeout=WAIT)
    with t.action("collect income"):
        offer(b, "income:Bob", tap=t.tap)
        gold(b, 4)
    with t.action("marshal (search pick)"):
        t.type(b, "#find", "gold cloaks")
        t.tap(b, "#found li[data-card='Bob.01092.1']")
        t.tap(b, "#sheet button[data-action=marshal]")
        b.wait_for_selector("#my-play li[data-card='Bob.01092.1']", timeout=WAIT)
    gold(b, 0)
    with t.action("gold +1 / -1"):
        t.tap(b, "#gold-plus")
        gold(b, 1)
    with t.action("pass turn"):
        t.tap(b, "#step[data-step=pass-turn]")
        a.wait_for_selector("#round-box [data-offer='income:Alice']", timeout=WAIT)
    with t.action("collect income"):
        offer(a, "income:Alice", tap=t.tap)
        gold(a, 5)
    with t.action("bring out of shadows"):
        t.tap(a, "#my-shadows li[data-position='1']")
        t.tap(a, "#sheet button[data-action=bring_out]")
        a.wait_for_selector("#my-play li[data-card='Alice.13089.1']", timeout=WAIT)
    gold(a, 0)
    b.wait_for_selector("[data-seat=Alice] li[data-card='Alice.13089.1']", timeout=WAIT)
    with t.action("power on a card"):
        t.tap(a, "#my-play li[data-card='Alice.13089.1']")
        t.tap(a, "#sheet button[data-action=gain_power]")
        b.wait_for_selector("[data-seat=Alice] li[data-card='Alice.13089.1'] .tok", timeout=WAIT)
    with t.action("pass turn"):
        t.tap(a, "#step[data-step=pass-turn]")
        b.wait_for_selector("#step[data-step=next-step]", timeout=WAIT)
    with t.action("next phase"):
        t.tap(b, "#step[data-step=next-step]")
        b.wait_for_selector("#round-box [data-offer='challenge:power']", timeout=WAIT)

    # Bob attacks (power, the Merchant, STR 1); Alice defends with Tyrion (STR 5) and wins: no claim, no power.
    with t.action("challenge: initiate"):
        form(b, "challenge:power", "Bob.01094.1", tap=t.tap)
        a.wait_for_selector("#round-box [data-offer=defend]", timeout=WAIT)
    with t.action("challenge: defenders"):
        form(a, "defend", "Alice.13089.1", tap=t.tap)
        b.wait_for_selector("#round-box [data-offer=result]", timeout=WAIT)
    with t.action("challenge: result"):
        offer(b, "result", tap=t.tap)
        a.wait_for_selector("#round-box:has-text('Alice wins')", timeout=WAIT)
    assert a.locator("#round-box [data-offer=claim]").count() == 0
    t.untimed(lambda: shot(a, "game-challenge-defended-en"))
    with t.action("pass turn"):
        t.tap(b, "#step[data-step=pass-turn]")
        a.wait_for_selector("#step[data-step=pass-turn]", timeout=WAIT)
    with t.action("pass turn"):
        t.tap(a, "#step[data-step=pass-turn]")
        b.wait_for_selector("#step[data-step=next-step]", timeout=WAIT)
    with t.action("next phase"):
        t.tap(b, "#step[data-step=next-step]")
        b.wait_for_selector("#round-box [data-offer=dominance]", timeout=WAIT)
    assert a.locator("#round-box [data-offer=dominance]").count() == 0  # the winner's phone records it
    with t.action("dominance"):  # Bob's standing Gold Cloaks (3) and 1 gold against Alice's Burned Men (2)
        offer(b, "dominance", tap=t.tap)
        power(b, 3)
    for phase in ("Auffrischungsphase", "Steuerphase"):
        with t.action("next phase"):
            t.tap(b, "#step[data-step=next-step]")
            b.wait_for_selector(f"#phase:has-text('{phase}')", timeout=WAIT)
    # Alice holds 8 cards against A Noble Cause's reserve of 6: she discards two; Bob's 7 fit Building Orders' 7.
    with t.action("discard to reserve"):
        form(a, "reserve:Alice", first=2, tap=t.tap)
        a.wait_for_selector("#my-counts:has-text('6 in hand')", timeout=WAIT)
    assert b.locator("#round-box [data-offer^='reserve:']").count() == 0
    with t.action("next phase"):
        t.tap(b, "#step[data-step=next-step]")
        b.wait_for_selector("#phase:has-text('Runde 3')", timeout=WAIT)
    a.wait_for_selector("#phase:has-text('Round 3')", timeout=WAIT)
    power(a, 2)  # 1 on the faction card, 1 on Tyrion: the header shows the total
    shot(a, "game-round-3-en")
    shot(b, "game-round-3-de")
    no_english(b)

    log = a.inner_text("#log")
    assert "Alice.13089.1" not in log  # names, not ids
    # The one console error allowed: a casual game's page asks once whether it is an event table, and
    # Chromium logs the 404 answer as a failed load. Nothing else, and no more of those than such answers.
    assert [e for e in errors if not PROBE.search(e)] == [], errors
    probes = [e for e in errors if "/api/event-tables/" in e]
    assert len(probes) == len(errors) - len(probes) <= 4, errors

    table = t.table()
    TAPS.parent.mkdir(parents=True, exist_ok=True)
    TAPS.write_text(json.dumps(table, indent=2, ensure_ascii=False) + "\n")
    print("\n" + json.dumps(table, indent=2, ensure_ascii=False))
    kinds = {r["action"] for r in table["actions"]}
    assert {"choose plot", "challenge: initiate", "challenge: claim", "dominance", "undo (with preview)",
            "drew 7 / drew 2", "marshal into shadows (scan)", "bring out of shadows", "power on a card"} <= kinds
    # The goal: two taps or fewer for the ten most common actions. Every action that took more is listed with
    # its reason, and every one listed took more (no stale excuse).
    over = {r["action"] for r in table["actions"] if r["taps_max"] > 2}
    assert over == set(OVER_TWO), (over, table)
