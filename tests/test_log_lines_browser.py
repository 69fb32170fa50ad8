"""The log's lines in words (companion/web/static/names.js), in real Chromium: every action entry of every corpus game
reads as a sentence in English and German, with no blank left unfilled. An entry stores only what was given, so a
power claim names no cards, a side's STR modifier names no card, and a modifier's STR (its ``stat`` left at its
default) is not in the entry at all: the catalogue's variants and the declared defaults fill the sentence."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.rules.suggest import declarations
from tests.corpus.load import logs, names
from tests.server import Server
from tests.test_browser import CHROMIUM

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

READ = """async ([entries, declared, players]) => {
  const m = await import("/static/messages.js");
  await m.messagesReady;
  const {makeNames} = await import("/static/names.js");
  const seat = p => ({seat: p.seat, name: p.name, hand: {cards: []}, play: [], discard: [], dead: [], removed: [],
                      shadows: [], plots: {cards: []}, used_plots: [], agenda: []});
  const state = {players: players.map(seat), may: {}};
  const n = makeNames(() => state, declared);
  return entries.map(e => n.logText(e));
}"""
#: What a sentence must not show: a blank of its message left unfilled, or a missing value.
BROKEN = re.compile(r"\{\w+\}|\bundefined\b|\bnull\b")


def corpus_entries() -> list[tuple[list[dict[str, Any]], list[dict[str, Any]]]]:
    """Each corpus table's players and its action entries."""
    out = []
    for name in names():
        for log in logs(name).values():
            entries = [x["entry"] for x in log[1:] if x["entry"]["kind"] == "action"]
            out.append(([{"seat": p["seat"], "name": p["name"]} for p in log[0]["players"]], entries))
    return out


def test_every_corpus_entry_reads_as_a_sentence_in_both_languages(server: Server, browser: Any) -> None:
    tables = corpus_entries()
    types = {e["data"]["type"] for _, entries in tables for e in entries}
    assert {"apply_claim", "modify", "initiate_challenge", "renown", "discard_to_reserve"} <= types
    declared = declarations()
    for lang, locale in (("en", "en-GB"), ("de", "de-DE")):
        page = browser.new_context(locale=locale).new_page()
        page.add_init_script(f"localStorage.setItem('companion:lang', '{lang}')")
        page.goto(server.url + "/rules")
        for players, entries in tables:
            lines = page.evaluate(READ, [entries, declared, players])
            broken = [(e["data"], line) for e, line in zip(entries, lines, strict=True) if BROKEN.search(line)]
            assert not broken, (lang, broken[:3])
        # The sentences the corpus found broken, as they read now.
        power_claim = next(e for _, es in tables for e in es if e["data"]["type"] == "apply_claim"
                           and "cards" not in e["data"])
        side = next(e for _, es in tables for e in es if e["data"]["type"] == "modify" and "card" not in e["data"])
        players = tables[0][0]
        shown = page.evaluate(READ, [[power_claim, side], declared, players])
        words = {"en": ("applies the claim", "STR changes by"), "de": ("wendet den Anspruch an", "Stärke ändert sich")}
        assert words[lang][0] in shown[0] and words[lang][1] in shown[1], shown
        # The initiative winner choosing itself reads as going first, not "Alice chooses Alice".
        choices = [{"kind": "action", "data": {"type": "choose_first_player", "player": p["seat"],
                                                "first": players[0]["seat"]}} for p in players[:2]]
        self_chosen, other_chosen = page.evaluate(READ, [choices, declared, players])
        first = players[0]["name"]
        assert self_chosen.count(first) == 1, self_chosen
        assert {"en": "go first", "de": "selbst zu beginnen"}[lang] in self_chosen
        assert first in other_chosen and players[1]["name"] in other_chosen, other_chosen
        page.context.close()
