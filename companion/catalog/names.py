"""Matching a typed name against card names: pure, so the rules core's search needs no catalog database."""

from __future__ import annotations

import difflib


def score_name(query: str, name: str) -> tuple[float, str]:
    """How well a folded ``query`` fits a folded ``name``: the one matcher behind ``companion cards search``
    and the phone's search (exact > prefix > word > contains > words in order > similar, 0 to 1.5)."""
    if name == query:
        return 1.5, "exact"
    if name.startswith(query):
        at_word_end = len(name) == len(query) or name[len(query)] == " "
        return 1.3 + (0.1 if at_word_end else 0.0) + len(query) / (10 * len(name)), "prefix"
    words = name.split()
    if any(w.startswith(query) for w in words):
        return 1.2, "word"
    if query in name:
        return 1.1, "contains"
    # Partial words in order ("tyr lann"): each typed word begins a word of the name.
    typed = query.split()
    if len(typed) > 1 and _words_in_order(typed, words):
        return 1.05, "words"
    # Typos: compare with the whole name and with runs of as many words as the query has.
    n = max(1, len(query.split()))
    spans = [" ".join(words[i : i + n]) for i in range(max(1, len(words) - n + 1))]
    best = max(difflib.SequenceMatcher(None, query, s).ratio() for s in [name, *spans])
    return best, "similar"


def _words_in_order(typed: list[str], words: list[str]) -> bool:
    at = 0
    for part in typed:
        while at < len(words) and not words[at].startswith(part):
            at += 1
        if at == len(words):
            return False
        at += 1
    return True
