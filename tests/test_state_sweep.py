"""The state sweep: every page, at every entry of every corpus game, in English and German, in real Chromium.

Each corpus game (tests/corpus/) is sent again to a real server one request at a time while the pages that
show it are open: each seat's phone, a spectator, the game's judge (a casual game) and its host page, or the
event's judge dashboard and organiser page. After every request each open page is brought to the table's new
version (phones follow the live stream; nothing is reloaded) and looked at. At each round's end and at the
end of an event the judge's panel opens every table and its scrub goes through every entry.

A page fails the sweep on a console error, an uncaught error, a 5xx answer, a required element left blank,
or words such as "undefined" or a message's unfilled blank ("{card}"). In German it also fails on a catalogue
miss (a message id the page asked for that the catalogue does not have) and on an English word of the UI (a word
of the English catalogue that the German one never uses; card names, player names and what the corpus players
typed are left out).

Accessibility: axe-core (tests/axe.py) looks at each kind of page (a table's phone for a seat, its judge and a
spectator, the host page, the judge's dashboard and its table panel, the organiser page, the standings, the report,
the new-event, rules, TTS, Tapestry and home pages) once per language, at phone and laptop size, in use (a table
with cards in play); a serious or critical violation, or a checkbox under 24 px, fails the page like any other
problem.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.catalog.store import Catalog
from tests import axe
from tests.catalogs import fresh_catalog
from tests.corpus.load import Replay, exported, logs, names
from tests.server import Server
from tests.test_browser import CHROMIUM, PHONE, SHOTS, keep

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
LAPTOP = {"viewport": {"width": 1366, "height": 900}, "bypass_csp": True}
MESSAGES = Path(__file__).resolve().parents[1] / "companion" / "messages"
LANGS = ("en", "de")

#: What each page must show, never blank (innerText), once it has loaded.
REQUIRED = {
    "phone": ["#title", "#status", "#areas", "#log"],
    "host": ["#title", "#links"],
    "dashboard": ["#ev-title", "#clock", "#tables", "#live"],
    "panel": ["#panel-title", "#moment"],
    "organiser": ["#ev-title", "#players-n", "#rounds"],
    "report": ["#ev-title", "#report-rows"],
    "standings": ["#ev-title", "#standings"],
    "new-event": ["h1", "#new-event"],
    "rules": ["h1", "#rules"],
    "tts": ["h1", "#out"],
    "tapestry-new": ["h1", "#create"],
    "tapestry": ["#title", "#status", "#tracks", "#log"],
    "home": ["h1", "#create"],
}
#: The kinds of page axe must have looked at, each in both languages and at both sizes (``Sweep.accessible``): a
#: table's pages in the corpus sweep, the others in the pages around the tables.
AXED_AT_CASUAL_TABLES = frozenset({"phone:seat", "phone:judge", "phone:spectator", "host"})
AXED_AT_EVENTS = frozenset({"dashboard", "panel", "organiser", "standings", "report"})  # test_state_sweep_events
AXED_AROUND = {"home", "new-event", "rules", "tts", "tapestry-new", "tapestry"}
#: Some card is in play at the table the phone shows.
CARDS_IN_PLAY = ("() => import('/static/game.js')"
                 ".then(g => g.state !== null && g.state.players.some(p => p.play.length))")
#: Who opens the public standings: a stranger or a player (no key), and the organiser and judge from their links.
STANDINGS_ROLES = ("public", "organiser", "judge")
#: Words of a broken page: a missing value, an object printed, a message's blank left unfilled ("{card}").
BROKEN = re.compile(r"\b(undefined|NaN|null)\b|\[object Object\]|\{\w+\}")
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")
#: Ids shown on purpose (rule ids on the judge's screens, card instances): not words of a language.
ID_LIKE = re.compile(r"[\w'’-]*[._#:/][\w.#:/'’-]*")
#: Links (a join link carries a random key, whose letters may spell anything).
LINK = re.compile(r"\S*(?:://|#key=)\S*")
#: Fingerprints shown in groups of four hex digits ("e33f 66d7 0b0e face"): random, so they may spell a word.
FINGERPRINT = re.compile(r"\b[0-9a-f]{4}(?: [0-9a-f]{4}){2,}\b")

LOOK = """(required) => {
  const blanks = required.filter(sel => { const e = document.querySelector(sel);
    return !e || !e.innerText.trim() || e.innerText.trim() === "…"; });
  return import("/static/messages.js")
    .then(m => ({blanks, text: document.body.innerText, misses: [...(m.misses || [])]}));
}"""
# t() watched (messages.js): a message id the catalogue does not know is a miss (the page would show the id itself).
# The pages' modules are reached through import(), which gives the page's own instance: they define no globals.
WATCH_MISSES = """async () => {
  const m = await import("/static/messages.js");
  if (m.misses) return;
  m.watchMisses();
  try { m.redraw(); } catch (e) { /* the page renders again with the next update */ }
}"""
MESSAGES_READY = "() => import('/static/messages.js').then(m => m.messagesReady)"
#: The version of the table the phone holds (game.js's state), or null before it has one.
SHOWN_VERSION = "() => import('/static/game.js').then(g => (g.state ? g.state.version : null))"
# A phone has shown version v: its state and, once there is one, its log.
PHONE_VERSION = ("v => import('/static/game.js').then(g => g.state !== null && g.state.version >= v"
                 " && (v === 0 || document.querySelector('#log li') !== null))")


def catalogue_words() -> tuple[set[str], set[str]]:
    """Words of the English catalogue that the German one never uses, and every message id."""
    en = json.loads((MESSAGES / "en.json").read_text(encoding="utf-8"))
    de = json.loads((MESSAGES / "de.json").read_text(encoding="utf-8"))

    def words(texts: Any) -> set[str]:
        return {w.lower() for text in texts for w in WORD.findall(re.sub(r"\{\w+\}", " ", text)) if len(w) >= 3}

    return words(en.values()) - words(de.values()), set(en)


def corpus_words(catalog: Catalog) -> set[str]:
    """What the corpus brings to the pages that is not UI text: card names, player names, typed text."""
    seen: set[str] = set()
    for name in names():
        for log in logs(name).values():
            for player in log[0]["players"]:
                for code in player["deck"]:
                    card = catalog.get(code)
                    seen |= {w.lower() for w in WORD.findall(card.name)} if card else set()
                seen |= {w.lower() for w in WORD.findall(player["name"] or "")}
        for line in (Path(__file__).parent / "corpus" / f"{name}.steps.jsonl").read_text(encoding="utf-8").splitlines():
            for text in re.findall(r'"(?:name|title|text|reason|note|decklist)": "((?:[^"\\]|\\.)*)"', line):
                seen |= {w.lower() for w in WORD.findall(text)}
    return seen


@dataclass
class Watched:
    """An open page: what it must show, and what went wrong on it."""

    page: Any
    kind: str
    lang: str
    label: str
    problems: list[str] = field(default_factory=list)
    at: str = "load"  # where the replay was when a problem came
    seen: set[str] = field(default_factory=set)  # kinds of request (or entry) this page was looked at after

    def hook(self) -> None:
        self.page.on("console", lambda m: m.type == "error" and self.problems.append(f"{self.at}: console: {m.text}"))
        self.page.on("pageerror", lambda e: self.problems.append(f"{self.at}: page error: {e}"))
        self.page.on("response", lambda r: r.status >= 500 and self.problems.append(
            f"{self.at}: {r.status} from {r.request.method} {r.url.split('/', 3)[-1]}"))


@dataclass
class Sweep:
    browser: Any
    server: Server
    english: set[str]
    keys: set[str]
    excluded: set[str]
    pages: list[Watched] = field(default_factory=list)
    found: dict[str, list[str]] = field(default_factory=dict)  # "game lang page" -> problems
    looks: int = 0
    contexts: list[Any] = field(default_factory=list)
    axed: set[tuple[str, str]] = field(default_factory=set)  # (kind of page, language) axe has looked at
    lost_clicks: int = 0  # clicks on the dashboard that opened no panel (made again): the report says how many
    axe_only: frozenset[str] | None = None  # the kinds of page this sweep's axe looks at (None: every kind)

    def open(self, kind: str, label: str, url: str, lang: str, context: Any, storage: dict[str, str] | None = None,
             wait: str | None = None) -> Watched:
        return self.ready(self.start(kind, label, url, lang, context, storage), wait)

    def start(self, kind: str, label: str, url: str, lang: str, context: Any,
              storage: dict[str, str] | None = None) -> Watched:
        """A page on its way: several load at once (``ready`` waits for each)."""
        page = context.new_page()
        page.set_extra_http_headers({"Accept-Language": "de-DE,de" if lang == "de" else "en-GB,en"})
        w = Watched(page, kind, lang, label)
        w.hook()
        if storage:  # what the home page keeps for the host page
            page.add_init_script("(" + json.dumps(storage) + ") && Object.entries("
                                 + json.dumps(storage) + ").forEach(([k, v]) => localStorage.setItem(k, v))")
        page.goto(self.server.url + url, wait_until="commit")
        self.pages.append(w)
        return w

    def ready(self, w: Watched, wait: str | None = None) -> Watched:
        began = time.monotonic()
        w.page.wait_for_load_state("load")
        w.page.evaluate(MESSAGES_READY)
        if wait:
            from tests.test_browser import wait_until  # a phone's predicate reads game.js: a promise

            wait_until(w.page, wait, timeout=10000)
        w.page.evaluate(WATCH_MISSES)
        if os.environ.get("SWEEP_DEBUG"):
            print(f"{time.monotonic() - began:.2f}s open {w.kind} {w.label} {w.lang}", flush=True)
        return w

    def context(self, viewport: dict[str, Any], lang: str) -> Any:
        ctx = self.browser.new_context(**viewport, locale="de-DE" if lang == "de" else "en-GB")
        self.contexts.append(ctx)
        return ctx

    def look(self, w: Watched, where: str, required: list[str] | None = None) -> None:
        """Look at one page now: blanks, broken words, and in German misses and English words."""
        self.looks += 1
        out = w.page.evaluate(LOOK, required if required is not None else REQUIRED[w.kind])
        problems = [f"{where}: blank {sel}" for sel in out["blanks"]]
        problems += [f"{where}: shows {m.group(0)!r} in {context_of(out['text'], m.group(0))!r}"
                      for m in BROKEN.finditer(out["text"])]
        problems += [f"{where}: catalogue miss {m}" for m in out["misses"]]
        if w.lang == "de":
            problems += [f"{where}: {p}" for p in not_german(out["text"], self.english, self.keys, self.excluded)]
        w.problems += problems

    def accessible(self, w: Watched, where: str, kind: str | None = None) -> None:
        """axe over the page as it stands, at phone and laptop size, once per kind of page and language: a serious or
        critical violation, or a checkbox smaller than 24 px, is a problem of the page."""
        kind = kind or w.kind
        if (kind, w.lang) in self.axed or (self.axe_only is not None and kind not in self.axe_only):
            return
        self.axed.add((kind, w.lang))
        began = time.monotonic()
        for size, found in axe.at_sizes(w.page).items():
            w.problems += [f"{where} ({kind}, {size}): {line}" for line in axe.described(found)]
        if os.environ.get("SWEEP_DEBUG"):
            print(f"{time.monotonic() - began:.2f}s axe {kind} {w.lang}", flush=True)

    def collect(self, game: str) -> None:
        for w in self.pages:
            if w.problems:
                self.found.setdefault(f"{game} {w.lang} {w.kind} {w.label}", []).extend(w.problems)
                w.problems.clear()

    def close(self, game: str) -> None:
        self.collect(game)
        for ctx in self.contexts:
            ctx.close()
        self.pages, self.contexts = [], []


def not_german(text: str, english: set[str], keys: set[str], excluded: set[str]) -> list[str]:
    """What in a German page's text is not German: message ids shown raw, and English words of the UI."""
    raw = sorted({tok for tok in re.findall(r"[\w.]+", text) if "." in tok and tok in keys})
    problems = [f"message id shown raw: {k}" for k in raw]
    words = {x.lower() for x in WORD.findall(ID_LIKE.sub(" ", LINK.sub(" ", FINGERPRINT.sub(" ", text))))}
    problems += [f"English word {x!r} in {context_of(text, x)!r}" for x in sorted(words & english - excluded)]
    return problems


def test_the_german_check_finds_english_words_and_raw_ids() -> None:
    """The sweep's German check can fail: an English UI word, a raw message id; not card or player names,
    not rule ids, not German."""
    english, keys = catalogue_words()
    excluded = {"tyrion", "lannister", "ann"}
    assert not_german("Ann legt Tyrion Lannister in die Schatten · Regelverstoß shadows.no-action-window",
                      english, keys, excluded) == []
    assert not_german("http://127.0.0.1:8787/g/x#key=Bring-Out-Gold", english, keys, excluded) == []
    assert not_german("Veranstaltung: e33f 66d7 0b0e face", english, keys, excluded) == []
    assert any("'face'" in p for p in not_german("Karte face down", english, keys, excluded))
    found = not_german("Ann: Bring out Tyrion Lannister · ev.flag.illegal", english, keys, excluded)
    assert "message id shown raw: ev.flag.illegal" in found
    assert any("'bring'" in p for p in found), found


def test_the_accessibility_check_finds_a_field_without_a_label_and_a_small_checkbox(browser: Any) -> None:
    """axe can fail a page: a field without a label (critical) and a 16 px checkbox; labelled, at 24 px, none."""
    ctx = browser.new_context(**LAPTOP)
    try:
        page = ctx.new_page()
        page.set_content('<!doctype html><html lang="en"><head><title>t</title></head><body><main><h1>A form</h1>'
                         '<input id="name"><input type="checkbox" id="agree" style="width:16px;height:16px">'
                         '</main></body></html>')
        found = {v["id"]: v for v in axe.violations(page)}
        assert found["label"]["impact"] == "critical" and found["label"]["targets"] == ["#name", "#agree"]
        assert found["checkbox-size"]["targets"] == ["#agree (16x16)"]
        assert any("#name" in line for line in axe.described(list(found.values())))
        page.evaluate("""() => {
          for (const id of ["name", "agree"]) document.getElementById(id).insertAdjacentHTML("beforebegin",
            `<label for="${id}">${id}</label>`);
          document.getElementById("agree").style.cssText = "width:24px;height:24px";
        }""")
        assert axe.at_sizes(page) == {"phone": [], "laptop": []}
    finally:
        ctx.close()


def context_of(text: str, word: str) -> str:
    m = re.search(rf"[^\n]{{0,30}}\b{re.escape(word)}\b[^\n]{{0,30}}", text, re.IGNORECASE)
    return m.group(0) if m else word


def version_of(out: Any) -> int | None:
    if isinstance(out, dict):
        v = out.get("version")
        if isinstance(v, int):
            return v
        v = (out.get("error", {}) or {}).get("details", {}) if isinstance(out.get("error"), dict) else None
        if isinstance(v, dict) and isinstance(v.get("version"), int):
            return int(v["version"])
    return None



@pytest.fixture(scope="module")
def sweep(browser: Any, server: Server) -> Sweep:
    english, keys = catalogue_words()
    return Sweep(browser, server, english, keys, corpus_words(fresh_catalog()))


def phones_for(sweep: Sweep, replay: Replay, label: str, judge: bool) -> list[Watched]:
    """Each seat's phone, a spectator and (casual games) the game's judge, in both languages."""
    gid = replay.ids[label]
    opened = []
    roles = [(seat, key) for seat, key in replay.seat_keys(label).items()] + [("spectator", None)]
    if judge:
        roles.append(("judge", replay.keys["judge"]))
    for role, key in roles:
        for lang in LANGS:
            ctx = sweep.context(PHONE, lang)
            url = f"/g/{gid}" + (f"#key={key}" if key else "")
            opened.append(sweep.start("phone", f"{label}:{role}", url, lang, ctx))
    return [sweep.ready(w, f"({PHONE_VERSION})(0)") for w in opened]


def follow(sweep: Sweep, replay: Replay, phones: dict[str, list[Watched]], others: list[Watched]) -> Any:
    """After a request, the phones of the table it touched are brought to the table's version and looked at.

    Phones follow the live stream all along (an error in any render is caught); each page is waited for and
    looked at after each kind of request it has not been looked at after yet (an action type, an undo, a
    ruling ...), every fourth request and the last: every action type on every page, at a fraction of the cost.
    A spectator's page (no key) follows the game's public live stream as the seats' phones follow theirs."""

    def after(i: int, step: dict[str, Any], out: Any) -> None:
        from tests.test_browser import wait_until

        began = time.monotonic()
        where = f"step {i + 1} {step.get('method', 'wait')} {step.get('path', step.get('wait'))}"
        body = step.get("body") if isinstance(step.get("body"), dict) else {}
        kind = (body.get("action") or {}).get("type") or step.get("path", step.get("wait", ""))
        if kind:
            where += f" {kind}" if kind != step.get("path") else ""
        for w in sweep.pages:
            w.at = where
        game = step.get("game") or next((label for label in phones if "{" + label + "}" in step.get("path", "")), None)
        if game in phones:
            version = version_of(out) if step.get("status") in (200, 201, 202) else None
            if version is None:
                version = replay.version(game)
            last = i == len(replay.steps) - 1
            for w in phones[game]:
                if kind in w.seen and i % 4 and not last:
                    continue
                try:
                    wait_until(w.page, PHONE_VERSION, arg=version, timeout=5000)
                except playwright.TimeoutError:
                    shown = w.page.evaluate(SHOWN_VERSION)
                    w.problems.append(f"{where}: the page stays at version {shown}, the table is at {version}")
                    if os.environ.get("SWEEP_DEBUG"):
                        print(w.label, w.lang, w.problems[-1], flush=True)
                sweep.look(w, where)
                w.seen.add(kind)
                role = w.label.rsplit(":", 1)[-1]
                page_kind = f"phone:{role if role in ('spectator', 'judge') else 'seat'}"
                if (page_kind, w.lang) not in sweep.axed and w.page.evaluate(CARDS_IN_PLAY):
                    sweep.accessible(w, where, page_kind)
        for w in others:
            if kind not in w.seen or i % 4 == 0:
                sweep.look(w, where)
                w.seen.add(kind)
        if os.environ.get("SWEEP_DEBUG"):
            print(f"{time.monotonic() - began:.2f}s {where}", flush=True)

    return after


def scrub(sweep: Sweep, dashboards: list[Watched], replay: Replay, labels: list[str]) -> None:
    """The judge's panel: each table opened, its scrub moved through every entry, going to time asked."""
    began = time.monotonic()
    try:
        _scrub(sweep, dashboards, replay, labels)
    finally:
        if os.environ.get("SWEEP_DEBUG"):
            print(f"{time.monotonic() - began:.2f}s scrub {labels}", flush=True)


def _scrub(sweep: Sweep, dashboards: list[Watched], replay: Replay, labels: list[str]) -> None:
    for w in dashboards:
        page = w.page
        sweep.accessible(w, f"dashboard, tables {labels}")
        for label in labels:
            gid = replay.ids[label]
            w.at = f"panel {label}"
            page.wait_for_selector(f"button[data-open='{gid}']", timeout=10000)
            # The dashboard keeps a row's button as the live stream redraws it (a click was lost before), but orders
            # its rows by urgency: a row moving away under the pointer takes no click. Clicked again, and counted in
            # the sweep's report (``lost_clicks``).
            for attempt in range(3):
                page.click(f"button[data-open='{gid}']")
                try:
                    page.wait_for_selector("#table-panel:not(.hidden)", timeout=5000)
                    break
                except playwright.TimeoutError:
                    if attempt == 2:
                        raise
                    sweep.lost_clicks += 1
            last = replay.version(label)
            kinds = {e["entry"]["seq"]: e["entry"]["data"].get("type", e["entry"]["kind"])
                     for e in exported(replay, label)[1:]}
            # Every kind of entry, every third entry, the first and the last (a scrub costs a replay of the log).
            for seq in range(last, -1, -1):
                if f"panel:{kinds.get(seq)}" in w.seen and seq % 3 and seq not in (0, last):
                    continue
                w.seen.add(f"panel:{kinds.get(seq)}")
                w.at = f"panel {label} #{seq}"
                page.eval_on_selector("#scrub", "(e, v) => { e.value = v; e.dispatchEvent(new Event('input')); }", seq)
                try:
                    page.wait_for_function("s => { const m = /^#(\\d+)/.exec("
                                           "document.querySelector('#moment').innerText);"
                                           " return m !== null && +m[1] === s; }",
                                           arg=seq, timeout=5000, polling=20)
                except playwright.TimeoutError:
                    w.problems.append(f"{w.at}: the panel does not show entry #{seq}")
                sweep.look(w, w.at, REQUIRED["panel"] + REQUIRED["dashboard"])
                if seq == last and label == labels[0]:  # the table as it stands: cards in play
                    sweep.accessible(w, w.at, "panel")
                    keep(page, f"sweep-judge-panel-{label}-{w.lang}.png", full_page=True)
            page.click("#gtt")
            page.wait_for_selector("#gtt-out li", timeout=10000)
            sweep.look(w, f"panel {label} going to time", REQUIRED["panel"])


def sweep_casual(sweep: Sweep, name: str) -> None:
    # The game exists, no deck yet; and its judge key, if the host asked for it after making the game.
    replay = Replay(sweep.server.url, name)
    asked = [i for i, s in enumerate(replay.steps) if "key:judge" in (s.get("bind") or {})]
    replay.run(until=asked[0] + 1 if asked else 1)
    created = replay.answers["g"]
    phones = {"g": phones_for(sweep, replay, "g", judge=True)}
    hosts = []
    for lang in LANGS:
        storage = {f"companion:host:{replay.ids['g']}": json.dumps(created)}
        hosts.append(sweep.open("host", "host", f"/g/{replay.ids['g']}/host", lang, sweep.context(LAPTOP, lang),
                                storage, wait="document.querySelectorAll('#links [data-seat]').length === 2"))
    for w in hosts:
        sweep.look(w, "host page")
        sweep.accessible(w, "host page")
    replay.run(after=follow(sweep, replay, phones, []))
    for w in phones["g"]:
        if w.label.endswith(":A"):
            keep(w.page, f"sweep-{name}-phone-{w.lang}.png")
    sweep.close(name)


def sweep_event(sweep: Sweep, name: str) -> None:
    replay = Replay(sweep.server.url, name).run(until=1)  # the event exists
    eid = replay.ids["e"]
    dashboards, organisers = [], []
    for lang in LANGS:
        dashboards.append(sweep.open("dashboard", "judge", f"/e/{eid}/judge#key={replay.keys['judge']}", lang,
                                     sweep.context(LAPTOP, lang)))
        organisers.append(sweep.open("organiser", "organiser", f"/e/{eid}#key={replay.keys['organiser']}", lang,
                                     sweep.context(LAPTOP, lang)))
    # A round is made by pairings sent (CSV) or by the server's proposal confirmed: the step that binds its tables.
    rounds = [i for i, s in enumerate(replay.steps)
              if s.get("path", "").endswith(("/rounds", "/proposal/confirm")) and s.get("bind")]
    # The public standings, open from before the first round (nothing to show yet) to the end.
    standings = []
    for role in STANDINGS_ROLES:
        for lang in LANGS:
            key = f"#key={replay.keys[role]}" if role != "public" else ""
            standings.append(sweep.open("standings", role, f"/e/{eid}/standings{key}", lang,
                                        sweep.context(LAPTOP, lang), wait=STANDINGS_SHOWN))
    for w in standings:
        sweep.look(w, "standings before the first round")
    phones: dict[str, list[Watched]] = {}
    games = replay.header["games"]
    for n, index in enumerate(rounds):
        replay.run(until=index, after=follow(sweep, replay, phones, dashboards))
        if n:  # the round before is over: the judge goes through its tables before the next is paired
            done = [label for label, g in games.items() if g["round"] == n]
            scrub(sweep, dashboards, replay, done)
            look_again(sweep, standings, f"standings after round {n}")
        replay.run(until=index + 1)
        for label, g in games.items():  # the phones of the round's first table (the one the corpus plays most)
            if g["round"] == n + 1 and g["table"] == 1:
                phones = {label: phones_for(sweep, replay, label, judge=False)}
    replay.run(after=follow(sweep, replay, phones, dashboards))
    scrub(sweep, dashboards, replay, [label for label, g in games.items() if g["round"] == len(rounds)])
    for w in organisers:
        w.page.reload()
        w.page.wait_for_function("document.querySelectorAll('#rounds details').length > 0", timeout=10000)
        w.page.evaluate(WATCH_MISSES)
        sweep.look(w, "organiser page, after the event")
        sweep.accessible(w, "organiser page, after the event")
    look_again(sweep, standings, "standings after the event")
    for role in ("judge", "organiser"):  # the report is the judge's and the organiser's
        for lang in LANGS:
            w = sweep.open("report", f"report:{role}", f"/e/{eid}/report#key={replay.keys[role]}", lang,
                           sweep.context(LAPTOP, lang), wait="document.querySelectorAll('#report-rows tr').length > 0")
            sweep.look(w, "report")
            sweep.accessible(w, "report")
            if role == "judge":
                keep(w.page, f"sweep-{name}-report-{lang}.png", full_page=True)
    for w in standings:
        if w.label == "public":
            keep(w.page, f"sweep-{name}-standings-{w.lang}.png", full_page=True)
    sweep.close(name)


# The standings page has loaded its answer: a row for each player, or the "no standings yet" row.
STANDINGS_SHOWN = "document.querySelectorAll('#standings tr').length > 0"


def look_again(sweep: Sweep, pages: list[Watched], where: str) -> None:
    """Pages without a live stream (the public standings): opened again, then looked at."""
    for w in pages:
        w.at = where
        w.page.reload()
        sweep.ready(w, STANDINGS_SHOWN)
        sweep.look(w, where)
        sweep.accessible(w, where, "standings")


def test_the_pages_around_the_tables(sweep: Sweep, tmp_path: Path) -> None:
    """The pages that are not a table's: a new event made on its page, the rules looked up, a TTS save read (by
    a stranger, and by a game's judge against the tracked game), and a Tapestry game made and played a turn on
    by its table and watched without a key. Each in English and German, in use, not only loaded."""
    from tests.server import call
    from tests.tts_saves import card, save, zone

    _, g = call(sweep.server.url + "/api", "POST", "/games", {"judge": True, "seats": [
        {"seat": "A", "name": "Alice"}, {"seat": "B", "name": "Bob"}]})
    upload = tmp_path / "save.json"
    upload.write_text(json.dumps(save(zone("Shadows: Red", x=0, z=-10), card("13089", x=0, z=-10))), encoding="utf-8")
    try:
        for lang in LANGS:
            ctx = sweep.context(LAPTOP, lang)
            w = sweep.open("home", "anyone", "/", lang, ctx)
            w.page.fill("#q", "01089")  # a card of the corpus decks: its English name is left out of the check
            w.page.wait_for_function("document.querySelectorAll('#results li').length > 0", timeout=10000)
            sweep.look(w, "home, a card searched")
            sweep.accessible(w, "home, a card searched")

            w = sweep.open("new-event", "organiser", "/events/new", lang, ctx)
            sweep.look(w, "new event, empty")
            w.page.fill("#ev-name", "Sweep Cup")
            w.page.click("#new-event button[type=submit]")
            w.page.wait_for_selector("#ev-created:not(.hidden)", timeout=10000)
            sweep.look(w, "new event, made", REQUIRED["new-event"] + ["#ev-created"])
            sweep.accessible(w, "new event, made")

            w = sweep.open("rules", "anyone", "/rules", lang, ctx,
                           wait="document.querySelectorAll('#rules tr').length > 0")
            sweep.look(w, "rules")
            w.page.fill("#rules-q", "shadow")
            w.page.wait_for_function("document.querySelectorAll('#rules tr').length > 0", timeout=10000)
            sweep.look(w, "rules, searched")
            sweep.accessible(w, "rules, searched")

            for role, game, key in (("stranger", "", ""), ("judge", g["game"]["id"], g["judge"]["key"])):
                w = sweep.open("tts", role, "/tts", lang, ctx)
                w.page.set_input_files("#file", str(upload))
                w.page.fill("#game", game)
                w.page.fill("#key", key)
                w.page.click("#go")
                w.page.wait_for_function("document.querySelector('#out').innerText.trim() !== ''", timeout=10000)
                sweep.look(w, f"tts, read by a {role}")
                if role == "judge":
                    sweep.accessible(w, "tts, read by a judge")
                    keep(w.page, f"sweep-tts-{lang}.png", full_page=True)

            w = sweep.open("tapestry-new", "host", "/tapestry", lang, ctx)
            sweep.look(w, "tapestry, new")
            sweep.accessible(w, "tapestry, new")
            w.page.click("#create button[type=submit]")
            w.page.wait_for_url("**/t/**", timeout=10000)
            w.kind = "tapestry"
            sweep.ready(w, "document.querySelector('#status').innerText.trim() !== ''")
            w.page.click("#go")
            w.page.wait_for_function("document.querySelectorAll('#log li').length > 0", timeout=10000)
            sweep.look(w, "tapestry, a turn played")
            sweep.accessible(w, "tapestry, a turn played")
            keep(w.page, f"sweep-tapestry-{lang}.png", full_page=True)
            watcher = sweep.open("tapestry", "spectator", w.page.url.split("#")[0].removeprefix(sweep.server.url),
                                 lang, ctx, wait="document.querySelectorAll('#log li').length > 0")
            sweep.look(watcher, "tapestry, watched without a key")
    finally:
        sweep.close("pages")
    summary = "\n".join(f"{where}: {found}" for where, found in sweep.found.items() if where.startswith("pages"))
    assert not summary, "the sweep found problems on the pages around the tables:\n" + summary
    assert {(kind, lang) for kind in AXED_AROUND for lang in LANGS} <= sweep.axed, sweep.axed


def sweep_games(sweep: Sweep, kind: str, axed: frozenset[str]) -> None:
    """Every corpus game of a kind ("casual" or "event"), each page at each entry; the kinds of page axe must have
    looked at, in both languages. SWEEP_ONLY=<game> sweeps that one game (while working on a page)."""
    started = time.monotonic()
    only = os.environ.get("SWEEP_ONLY")
    swept = [n for n in names() if n.startswith(kind) and (not only or n == only)]
    try:
        for name in swept:
            (sweep_event if kind == "event" else sweep_casual)(sweep, name)
    finally:
        sweep.close("unfinished")
    took = time.monotonic() - started
    report = {"seconds": round(took, 1), "looks": sweep.looks, "lost_clicks": sweep.lost_clicks,
              "problems": sweep.found}
    SHOTS.parent.mkdir(parents=True, exist_ok=True)
    (SHOTS.parent / f"state-sweep-{kind}.json").write_text(json.dumps(report, indent=1, ensure_ascii=False),
                                                           encoding="utf-8")
    summary = "\n".join(f"{where}: {len(found)} problem(s), first: {found[0]}" for where, found in sweep.found.items())
    assert not sweep.found, f"the sweep found problems (all in test-artifacts/state-sweep-{kind}.json):\n" + summary
    if not only:  # every kind of a table's page was looked at by axe, in both languages
        assert {(k, lang) for k in axed for lang in LANGS} <= sweep.axed, sweep.axed


def test_every_page_at_every_entry_of_every_casual_corpus_game(sweep: Sweep) -> None:
    """Long (about a minute): two whole games replayed request by request with eight phones and a host page
    open, each looked at after each kind of request. The event games are swept in test_state_sweep_events.py, so
    two workers share the sweep."""
    sweep.axe_only = AXED_AT_CASUAL_TABLES | AXED_AROUND
    sweep_games(sweep, "casual", AXED_AT_CASUAL_TABLES)
