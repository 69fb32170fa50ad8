"""Phones at a table for the browser tests: one shared way to open a seat's phone, to open every seat's phone of
a game made over the API, and to make a game on the home page and join it from the host page's links with decks
pasted, as people at a table do. (The Chromium itself is the ``browser`` fixture of tests/conftest.py.)"""

from __future__ import annotations

import time
from typing import Any

from tests.server import Server, call
from tests.test_browser import PHONE, wait_until

#: A phone's locale for each language of the catalogue.
LOCALE = {"en": "en-GB", "de": "de-DE"}
#: How long a phone may take to show what the test waits for: a ceiling for a condition, never a fixed pause
#: (two CPU cores shared by several test runs make a first page load slow).
WAIT = 15000


def phone(browser: Any, url: str | None = None, *, locale: str = "en-GB", server: Server | None = None,
          **context: Any) -> Any:
    """A 390×844 phone in its own browser context (its own storage, as another phone has), at ``url``. A join
    link the API made names ``http://localhost``: with ``server`` it is opened on the test server."""
    page = browser.new_context(**PHONE, locale=locale, **context).new_page()
    if url is not None:
        page.goto(url.replace("http://localhost", server.url) if server is not None else url)
    return page


def seat_phones(browser: Any, server: Server, game: dict[str, Any], locales: tuple[str, ...] = ("en-GB", "en-GB"),
                **context: Any) -> list[Any]:
    """Each seat's phone of a game made over the API (``POST /games``'s answer), from its join link."""
    return [phone(browser, seat["url"], locale=locale, server=server, **context)
            for seat, locale in zip(game["seats"], locales, strict=True)]


def host_links(browser: Any, server: Server, names: list[str], *, locale: str = "en-GB", mode: str | None = None,
               keep: bool = False) -> tuple[dict[str, str], Any]:
    """The home page makes a game for ``names`` (one seat a line); the host page's join link for each name.
    Returns the links and the host's page (closed unless ``keep``)."""
    host = phone(browser, server.url + "/", locale=locale)
    if mode is not None:
        host.select_option("#mode", mode)
    host.fill("#seats", "\n".join(names))
    host.click("button[type=submit]")
    host.wait_for_selector(f"[data-seat={names[-1]}] a", timeout=WAIT)
    links = {name: host.get_attribute(f"[data-seat={name}] a", "href") or "" for name in names}
    if not keep:
        host.context.close()
    return links, host


def paste_deck(page: Any, link: str, deck: str, tag: str | None = None) -> None:
    """A phone opens its join link and pastes its deck (and, if given, the tag on its sleeves)."""
    page.goto(link)
    page.wait_for_selector("#deck-box:not(.hidden)", timeout=WAIT)
    page.fill("#deck-text", deck)
    if tag is not None:
        page.fill("#deck-tag", tag)
    page.click("#deck-send")
    page.wait_for_selector("#deck-box", state="hidden", timeout=WAIT)


#: A table page's version of the game (its module's state), as a promise for page.evaluate.
VERSION = "import('/static/game.js').then(g => g.state ? g.state.version : -1)"


def caught_up(page: Any, other: Any) -> None:
    """Wait until ``page`` shows the table as ``other`` does (the version of its last answer or update): a tap on
    an older table is a version conflict, which the phone says and does not send again (only gold and power are)."""
    wanted = other.evaluate(VERSION)
    # wait_until, not wait_for_function: the module's state comes through a promise, which the latter would take
    # for a true answer at once.
    wait_until(page, f"v => ({VERSION}).then(mine => mine >= v)", wanted, timeout=WAIT)


#: Resolves once the page's markup has stayed the same over two animation frames (a redraw under way is done), or
#: after a second on a page that never stops changing.
DRAWN = """() => new Promise(done => {
  let changed = false, calm = 0;
  const seen = new MutationObserver(() => { changed = true; });
  seen.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  const enough = setTimeout(finish, 1000);
  function finish() { seen.disconnect(); clearTimeout(enough); done(true); }
  function frame() {
    if (changed) { changed = false; calm = 0; } else if (++calm >= 2) { finish(); return; }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
})"""


def track_requests(page: Any) -> Any:
    """Keep the requests ``page`` has on their way (not its live stream, which never ends), for ``settled``."""
    on_way: set[Any] = set()
    page.on("request", lambda r: None if "text/event-stream" in (r.headers.get("accept") or "") else on_way.add(r))
    page.on("requestfinished", lambda r: on_way.discard(r))  # (Playwright takes no built-in method as a handler)
    page.on("requestfailed", lambda r: on_way.discard(r))
    page.requests_on_way = on_way
    return page


def settled(page: Any) -> None:
    """Wait until the page has no request on its way (``track_requests``) and has drawn what came: a look then sees
    no live update or answer drawn half-way. The thing itself, not a pause that a loaded machine outlasts."""
    on_way: set[Any] = getattr(page, "requests_on_way", set())
    deadline = time.monotonic() + WAIT / 1000
    while True:
        while on_way and time.monotonic() < deadline:
            page.wait_for_timeout(10)
        page.evaluate(DRAWN)
        if not on_way or time.monotonic() > deadline:
            return


def registered_on_phone(page: Any, server: Server, event_id: str, name: str, deck: str, organiser: str) -> None:
    """A player registers on their phone at the event's link (the page keeps the registration key); the organiser
    allows the deck (test decks break the newest restricted list)."""
    page.goto(f"{server.url}/e/{event_id}/register")
    page.fill("#reg-name", name, timeout=WAIT)
    page.fill("#reg-deck", deck)
    page.click("#self-register button[type=submit]")
    page.wait_for_selector("#reg-mine:not(.hidden)", timeout=WAIT)
    api = server.url + "/api"
    pid = next(p["id"] for p in call(api, "GET", f"/event/{event_id}", key=organiser)[1]["players"]
               if p["name"] == name)
    assert call(api, "POST", f"/event/{event_id}/players/{pid}/confirm", {}, organiser)[0] == 200
