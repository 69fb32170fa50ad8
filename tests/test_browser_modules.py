"""The browser client is ES modules: every page, in real Chromium against a real server, defines no global of
its own (no property on ``window`` that a blank page lacks, no top-level ``let``/``const``/``class`` shared
between scripts), loads only module scripts, and logs no console error."""

from __future__ import annotations

import json
import re
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from companion.catalog.store import Catalog
from tests.phones import settled, track_requests
from tests.server import Server, call
from tests.test_browser import CHROMIUM, PHONE, prepared_game
from tests.test_events_record import _four_illegal_decks

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
LAPTOP = {"viewport": {"width": 1366, "height": 900}}

#: Globals a page may define. Empty: pages share code by importing modules, never through window.
ALLOWED: set[str] = set()

#: Pages that follow a live stream.
LIVE = {"seat", "spectator", "judge-key", "tapestry", "judge", "organiser", "join"}
#: What each page has drawn once its module has run (so the check sees the page at work, not half loaded).
DRAWN = {
    "home": "#create",
    "host": "#links section .qr svg",
    "seat": "#my-shadows",
    "spectator": "#areas section",
    "judge-key": "#judge-box:not(.hidden)",
    "tapestry-new": "#create",
    "tapestry": "#tracks .track",
    "tts": "#go",
    "event-new": "#new-event",
    "organiser": "#ev-title:not(:empty)",
    "judge": "#tables tr",
    "report": "#ev-title:not(:empty)",
    "standings": "#ev-title:not(:empty)",
    "register": "#ev-title:not(:empty)",
    "join": "#my-shadows",  # a seat's printed link: its paper key exchanged, then the seat's table
    "rules": "#rules tr",
    "error": "main h2",
}


def pages(server: Server, catalog: Catalog) -> tuple[dict[str, Any], dict[str, Any]]:
    """One URL of every page the server serves, each able to draw itself (keys in the #fragment)."""
    api = server.url + "/api"
    g = prepared_game(api)
    gid = g["game"]["id"]
    seats = [{"seat": "A", "name": "Ann"}, {"seat": "B", "name": "Ben"}]
    _, judged = call(api, "POST", "/games", {"judge": True, "seats": seats})
    status, tapestry = call(api, "POST", "/tapestry/games", {"humans": ["Ann"]})
    assert status == 201, tapestry
    status, ev = call(api, "POST", "/event", {"name": "Köln", "date": "2026-11-28", "rounds": 3, "tables": 2})
    assert status == 201, ev
    eid, org = ev["event"]["id"], ev["organiser"]["key"]
    deck, _ = _four_illegal_decks(catalog)
    for name in ("Arya", "Bran"):
        assert call(api, "POST", f"/event/{eid}/players", {"name": name, "decklist": deck}, org)[0] == 201
    status, rnd = call(api, "POST", f"/event/{eid}/rounds", {"csv": "1,Arya,Bran"}, org)
    assert status == 201, rnd
    local = lambda url: url.replace("http://localhost", server.url)  # noqa: E731
    return {
        "home": server.url + "/",
        "host": f"{server.url}/g/{gid}/host",
        "seat": local(g["seats"][0]["url"]),
        "spectator": f"{server.url}/g/{gid}",
        "judge-key": local(judged["judge"]["url"]),
        "tapestry-new": server.url + "/tapestry",
        "tapestry": local(tapestry["url"]),
        "tts": server.url + "/tts",
        "event-new": server.url + "/events/new",
        "organiser": local(ev["organiser"]["url"]),
        "judge": local(ev["judge"]["url"]),
        "report": f"{server.url}/e/{eid}/report#key={org}",
        "standings": f"{server.url}/e/{eid}/standings",
        "register": f"{server.url}/e/{eid}/register",
        # A printed link opens its seat once: one seat's link for each language's visit.
        "join": {"en": local(rnd["tables"][0]["seats"][0]["url"]), "de": local(rnd["tables"][0]["seats"][1]["url"])},
        "rules": server.url + "/rules",
        "error": f"{server.url}/g/nosuchgame",
    }, g


def own_globals(page: Any, blank: set[str]) -> list[str]:
    """What the page's scripts left in the global scope: window's own properties a blank page lacks, and the
    global lexical names (top-level let/const/class of classic scripts, which are not window properties)."""
    names = set(page.evaluate("Object.getOwnPropertyNames(window)")) - blank
    cdp = page.context.new_cdp_session(page)
    names |= set(cdp.send("Runtime.globalLexicalScopeNames")["names"])
    cdp.detach()
    return sorted(names)


def test_every_page_is_modules_without_globals_or_console_errors(server: Server, browser: Any,
                                                                catalog: Catalog) -> None:
    """Long (half a minute): every page of the product, in both languages, is opened in a context of its own,
    waited for until its network is idle (a live page: until all but its stream is answered and drawn), and
    switched to the other language."""
    found: dict[str, Any] = {}
    urls, made = pages(server, catalog)
    links = [x for u in urls.values() for x in (u.values() if isinstance(u, dict) else [u])]
    keys = {u.split("#key=")[1] for u in links if "#key=" in u} | {made["host"]["key"]}
    # What a page of this origin has on window before any script of ours: the same for every page, size and locale.
    ctx = browser.new_context(**PHONE)
    blank_page = ctx.new_page()
    blank_page.goto(server.url + "/api/health")  # same origin, no script of ours
    blank = set(blank_page.evaluate("Object.getOwnPropertyNames(window)"))
    ctx.close()
    for lang, locale in (("en", "en-GB"), ("de", "de-DE")):
        # Every page of a language is opened before any is looked at: their waits for a quiet network overlap.
        opened = []
        for name, each in urls.items():
            url = each[lang] if isinstance(each, dict) else each
            ctx = browser.new_context(**(LAPTOP if name in ("organiser", "judge", "report") else PHONE), locale=locale)
            if name == "host":  # the host page shows what the home page kept when it made the game
                ctx.add_init_script(f"localStorage.setItem('companion:host:{made['game']['id']}', "
                                    f"{json.dumps(json.dumps(made))})")
            page = track_requests(ctx.new_page())
            errors: list[str] = []
            sent: list[Any] = []  # every request the page's code made (not the page itself)
            page.on("request", lambda r, sent=sent: sent.append(r) if r.resource_type != "document" else None)
            page.on("console", lambda m, errors=errors: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            page.goto(url, wait_until="commit")
            opened.append((name, url, page, errors, sent))
        for name, url, page, errors, sent in opened:
            page.wait_for_load_state("load")
            page.wait_for_selector(DRAWN[name], state="attached", timeout=15000)
            if name in LIVE:  # a live stream never lets the network fall idle: every other request answered
                settled(page)
            else:
                page.wait_for_load_state("networkidle")
            # The language button redraws what the page drew (messages.js onLanguage), with no error either.
            page.click("[data-lang-toggle]")
            page.wait_for_selector(f"html[lang={'de' if lang == 'en' else 'en'}]", state="attached")
            settled(page)
            classic = page.evaluate("[...document.scripts].filter(s => s.type !== 'module').map(s => s.src)")
            extra = [g for g in own_globals(page, blank) if g not in ALLOWED]
            # The page's 404 for a game that does not exist is the point of the error page, not a fault.
            errors = [e for e in errors if not (name == "error" and "404" in e)]
            # Keys travel in the Authorization header only, never in a URL (logs and histories keep URLs).
            leaked = [r.url for r in sent if any(k in r.url for k in keys)]
            if url.split("#key=")[-1] in keys and not any(r.headers.get("authorization") for r in sent):
                leaked.append("no request carried the page's key in its Authorization header")
            if classic or extra or errors or leaked:
                found[f"{name} {lang}"] = {"classic scripts": classic, "globals": extra, "console": errors,
                                           "keys": leaked}
            page.context.close()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "page-globals.json").write_text(json.dumps(found, indent=1, sort_keys=True), encoding="utf-8")
    assert not found, sorted(found)


def test_templates_load_only_module_scripts_and_static_code_names_no_window_global() -> None:
    """Each page loads its code as <script type="module" src=…> (allowed by script-src 'self'), and no module
    hangs anything on window for another to find."""
    web = Path(__file__).resolve().parents[1] / "companion" / "web"
    for path in web.glob("templates/*.html"):
        for tag in re.findall(r"<script[^>]*>", path.read_text()):
            assert 'type="module"' in tag and "src=" in tag, (path.name, tag)
    for path in web.glob("static/*.js"):
        assert not re.search(r"\bwindow\.\w+\s*=(?!=)", path.read_text()), path.name


def test_the_stream_reader_backs_off_while_the_stream_fails_and_comes_back_at_once_online(
        server: Server, browser: Any) -> None:
    """stream.js, the one live-stream reader: 1 s, 2 s, 4 s between tries while the stream cannot be reached (a
    room of phones does not hammer a server that is starting again), and at once when the phone is back online.
    The page's clock is the test's (Playwright's fake timers): its seconds pass only when the test says so, so a
    loaded machine cannot make a wait look longer or shorter."""
    seats = [{"seat": "A", "name": "Ann"}, {"seat": "B", "name": "Ben"}]
    _, g = call(server.url + "/api", "POST", "/games", {"seats": seats})
    ctx = browser.new_context(**PHONE, locale="en-GB")
    ctx.clock.install()
    ctx.clock.pause_at(datetime(2026, 11, 28, 20, 0, tzinfo=UTC))  # no timer fires unless the test runs the clock
    # The test runs the clock only once the page has set its wait: the route sees a try before the page's fetch
    # fails, and a clock run before the wait is set would move the wait's start (a race CI once lost).
    ctx.add_init_script("""(() => { const set = window.setTimeout; window.__waits = [];
      window.setTimeout = function (f, ms, ...rest) { window.__waits.push(ms); return set.call(this, f, ms, ...rest); };
    })()""")
    page = ctx.new_page()
    tries: list[int] = []
    page.route("**/events*", lambda route: (tries.append(1), route.abort()))

    def until_wait_set(ms: int, n: int) -> None:
        """Wait (in real time) until the page has set its ``n``-th wait of ``ms``."""
        deadline = time.monotonic() + 15
        count = "ms => window.__waits.filter(w => w === ms).length"
        while page.evaluate(count, ms) < n and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        assert page.evaluate(count, ms) >= n, (ms, n)

    def until_tries(n: int) -> None:
        """Wait (in real time: what the clock started runs on the machine's time) for the ``n``-th try."""
        deadline = time.monotonic() + 15
        while len(tries) < n and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert len(tries) == n, (n, len(tries))

    page.goto(g["seats"][0]["url"].replace("http://localhost", server.url))
    page.wait_for_selector("#areas section", state="attached", timeout=15000)
    until_tries(1)  # the page opens its stream
    for wait in (1000, 2000, 4000):  # each wait twice the last: no try before it ends, one try as it does
        before = len(tries)
        until_wait_set(wait, 1)
        ctx.clock.run_for(wait - 50)
        page.wait_for_timeout(300)
        assert len(tries) == before, (wait, "tried too early")
        ctx.clock.run_for(100)
        until_tries(before + 1)
    assert not page.locator("#live.on").count()
    page.unroute("**/events*")
    ctx.set_offline(True)
    ctx.set_offline(False)
    # Back online, the reader tries at once: the clock stands still, so its own 8 s wait cannot have ended.
    page.wait_for_selector("#live.on", state="attached", timeout=15000)
    ctx.close()
