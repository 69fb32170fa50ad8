"""An attachment's printed restriction, read into facts (RR: Attachment Cards).

2nd edition cards print it as a sentence of its own ending in "only": "Lord or Lady character only.",
"Unique [stark] character with printed cost 3 or lower only.", "Sand Snake character or The Red Viper only.";
traits are in ``<i>…</i>``, factions in ``[…]``. 1st edition cards print the same ("Maester character only.",
"Unique [Stark] character only.") or "Attach to a location you control.", with no tags: a word that is not a
faction or a keyword of the sentence is a trait there. "House Stark only." alone is the 1st edition's deck
restriction (which Houses may include the card), not where it goes, and is not read here.

Only sentences outside abilities count (as for keywords): on lines without a bold trigger or a colon, or before the
first sentence of a line that has one. A sentence the reader does not know in every word is kept as *unread*
(``Restriction.unread``) and nothing is checked for it, rather than reading it wrong.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any

from companion.catalog.card import FACTIONS, AttachOnly

_TAG = re.compile(r"<[^>]+>")
_TYPES = ("character", "location")
#: 1st edition crests ("War character only", "Attach to a Noble character"): card facts do not carry them.
_CRESTS = frozenset({"war", "noble", "learned", "holy", "shadow"})
_DECK_ONLY = re.compile(r"^House \w+(?: or House \w+)* only$", re.IGNORECASE)
_ALTERNATIVES = re.compile(r"(?<=\bcharacter) or |(?<=\blocation) or ", re.IGNORECASE)
#: What may follow the card type, read from the end: (pattern, the field it sets).
_AFTER: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\s+with printed cost (\d+) or lower$", re.IGNORECASE), "cost_max"),
    (re.compile(r"\s+with printed cost (\d+) or higher$", re.IGNORECASE), "cost_min"),
    (re.compile(r"\s+with printed STR (\d+) or lower$", re.IGNORECASE), "strength_max"),
    (re.compile(r"\s+you control$", re.IGNORECASE), "you"),
    (re.compile(r"\s+you own$", re.IGNORECASE), "owner"),
)
_TITLE = re.compile(r"^(?:The |[A-Z])[\w' ]*$")
#: One word (or tagged phrase) before the card type.
_WORD = re.compile(r"\s*(,?\s*or\b|,|non-<i>[^<]+</i>|<i>[^<]+</i>|non-\[\w+\]|\[\w+\]|[\w'-]+)", re.IGNORECASE)
_FLAGS: dict[str, dict[str, Any]] = {
    "unique": {"unique": True}, "non-unique": {"unique": False}, "limited": {"limited": True},
    "non-limited": {"limited": False}, "loyal": {"loyal": True}, "non-loyal": {"loyal": False},
    "opponent's": {"controller": "opponent"},
}


@dataclass(frozen=True, slots=True)
class Restriction:
    """What a card's text restricts its attaching to: the alternatives read, and whether a sentence was not read."""

    alternatives: tuple[AttachOnly, ...] = ()
    unread: bool = False
    sentences: int = 0  # restriction sentences found (read or not)


class Unread(ValueError):
    """A restriction sentence with a word the reader does not know."""


def restriction_sentences(text: str | None) -> list[str]:
    """The sentences outside abilities that restrict attaching, tags kept ("<i>Lord</i> character only")."""
    out = []
    for line in (text or "").split("\n"):
        for sentence in line.split("."):
            if "<b>" in sentence or ":" in sentence:  # an ability starts: the rest of the line is its text
                break
            sentence = " ".join(_TAG.sub(lambda m: m.group(0) if m.group(0) in ("<i>", "</i>") else "",
                                         sentence).split())
            plain = _TAG.sub("", sentence)
            if _DECK_ONLY.match(plain):
                continue
            if re.search(r"\bonly$", plain, re.IGNORECASE) or re.match(r"attach to\b", plain, re.IGNORECASE):
                out.append(sentence)
    return out


def parse_restriction(text: str | None, edition: str) -> Restriction:
    """Read an attachment's restriction sentences (see the module's docstring). Two sentences are read as one
    only when both are read; any sentence not read makes the whole restriction unread."""
    sentences = restriction_sentences(text)
    if not sentences:
        return Restriction()
    try:
        read = [read_sentence(s, edition) for s in sentences]
    except Unread:
        return Restriction(unread=True, sentences=len(sentences))
    if len(read) > 1:
        return Restriction(unread=True, sentences=len(sentences))
    return Restriction(read[0], sentences=1)


def read_sentence(sentence: str, edition: str) -> tuple[AttachOnly, ...]:
    """One restriction sentence as its alternatives; ``Unread`` when a word is not known."""
    body = re.sub(r"\s+only$", "", sentence, flags=re.IGNORECASE)
    attach = re.match(r"attach to (?:an? )?(.*)$", body, re.IGNORECASE)
    if attach:
        body = attach.group(1)
    parts = _ALTERNATIVES.split(body)
    out: list[AttachOnly] = []
    for i, part in enumerate(parts):
        plain = _TAG.sub("", part)
        if i and i == len(parts) - 1 and not re.search(r"\b(?:character|location)\b", plain, re.IGNORECASE):
            if not _TITLE.match(plain) or "<i>" in part:
                raise Unread(sentence)
            out.append(AttachOnly(type=out[-1].type, title=plain))  # "… or The Red Viper"
            continue
        out += _alternative(part, edition)
    return tuple(out)


def _alternative(part: str, edition: str) -> list[AttachOnly]:
    fields: dict[str, Any] = {}
    found = True
    while found:
        found = False
        for pattern, name in _AFTER:
            m = pattern.search(part)
            if m:
                if name in ("you", "owner"):
                    fields["controller"] = name
                else:
                    fields[name] = int(m.group(1))
                part = part[:m.start()]
                found = True
    m = re.search(r"(?:^|\s)(character|location)$", part, re.IGNORECASE)
    if not m:
        raise Unread(part)
    fields["type"] = m.group(1).lower()
    groups = _before(part[:m.start()], edition, fields)
    out = []
    for choice in itertools.product(*groups):
        merged = dict(fields)
        for option in choice:
            for key, value in option.items():
                if key in merged:
                    raise Unread(part)  # two factions (or two trait groups) both asked: not a shape read here
                merged[key] = value
        out.append(AttachOnly(**merged))
    return out


def _before(words: str, edition: str, fields: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The words before the card type: flags set in ``fields``; factions and traits as groups of options
    (each group joined by "or": "[stark] or <i>Wildling</i>" is two options, "Lord or Lady" one)."""
    tokens: list[str] = []
    pos = 0
    words = words.strip()
    while pos < len(words):
        m = _WORD.match(words, pos)
        if not m:
            raise Unread(words)
        tokens.append(m.group(1).strip())
        pos = m.end()
    groups: list[list[tuple[str, str]]] = []
    joined = False
    plain_trait = False  # the last word was an untagged 1st edition trait word ("Rainbow Guard" is one trait)
    for i, token in enumerate(tokens):
        low = token.lower()
        if low == "," or low.endswith("or"):
            if not groups:
                raise Unread(words)
            joined, plain_trait = True, False
            continue
        if low in _FLAGS or (low == "printed" and edition == "1e"):
            if joined:
                raise Unread(words)
            fields.update(_FLAGS.get(low, {}))  # "Printed Sandsnake": the facts are the printed traits
            plain_trait = False
            continue
        if low == "house" and edition == "1e" and i + 1 < len(tokens) and tokens[i + 1].lower() in FACTIONS:
            continue  # "House Baratheon character": the House is the faction ("House Dayne" is a trait)
        kind, value = _word(token, edition)
        untagged = kind == "traits" and not token.startswith("<")
        if joined:
            groups[-1].append((kind, value))
        elif untagged and plain_trait:
            last = groups[-1].pop()
            groups[-1].append((kind, f"{last[1]} {value}"))
        else:
            groups.append([(kind, value)])
        joined, plain_trait = False, untagged
    if joined:
        raise Unread(words)
    out: list[list[dict[str, Any]]] = []
    for group in groups:
        kinds: dict[str, list[str]] = {}
        for kind, value in group:
            kinds.setdefault(kind, []).append(value)
        if any(k.startswith("not_") for k in kinds) and len(group) > 1:
            raise Unread(words)  # "non-A or B": not a shape printed
        out.append([{kind: tuple(values)} for kind, values in kinds.items()])
    return out


def _word(token: str, edition: str) -> tuple[str, str]:
    """A faction or trait word: ("factions", "stark"), ("not_traits", "Lady"), ..."""
    negated = token.lower().startswith("non-")
    word = token[4:] if negated else token
    if word.startswith("["):
        faction = word.strip("[]").lower()
        if edition == "1e" and faction in _CRESTS:  # a crest ("a [Holy] character": 1st edition Melisandre)
            return ("not_traits" if negated else "traits"), faction.capitalize()
        if faction not in FACTIONS:
            raise Unread(token)
        return ("not_factions" if negated else "factions"), faction
    if word.startswith("<i>"):
        return ("not_traits" if negated else "traits"), _TAG.sub("", word)
    if edition == "1e" and word.lower() in FACTIONS:
        return ("not_factions" if negated else "factions"), word.lower()
    if edition == "1e" and word[:1].isupper() and word.lower() not in _CRESTS:
        return ("not_traits" if negated else "traits"), word
    raise Unread(token)


#: An ability that puts a card of some kind into play: "Put a [lannister] character into play from your hand." (Hear Me
#: Roar!), "put an <i>Army</i> or <i>Knight</i> character into play", "Choose a character with printed cost 5 or lower
#: in your hand or discard pile, and put it into play." (Reinforcements) (RR: Put into Play), "Search your deck for a
#: <i>Maester</i> character with printed cost 3 or lower, and put it into play." (Here to Serve), "Search your deck for
#: a limited location with printed cost 1 or lower, reveal it, and add it to your hand (put it into play instead if …)"
#: (At the Gates).
_PUT = re.compile(r"\bput (?:a|an|1) ((?:(?!\binto play\b)[^.])+?) into play\b"
                  r"|\bchoose (?:a|an|1) ((?:(?!\binto play\b)[^.])+?),? and put it into play\b"
                  r"|\bsearch [^.]*?\bdeck for (?:a|an|1) ((?:(?!\binto play\b)[^.])+?),?(?: reveal it,)? and "
                  r"(?:put it into play\b|add it to your hand \(put it into play instead\b)", re.IGNORECASE)
#: Where the card is taken from, after its description: "… in your hand or discard pile" (Reinforcements).
_FROM = re.compile(r"\s+(?:from|in) (?:your|his|her|their|its|the|a|an|each|any)\b.*$", re.IGNORECASE)
_NOT_ITALIC = re.compile(r"<(?!/?i>)[^>]+>")


#: A put phrase the restriction reader does not take (its types are a character and a location): "a non-limited
#: [tyrell] card with printed cost 4 or lower" (Leyton Hightower), "a [lannister] or neutral location or attachment"
#: (Ser Kevan Lannister).
_PUT_SIMPLE = re.compile(r"^(non-limited |non-unique |unique )?(?:(\[\w+\](?: or neutral)?|neutral) )?"
                         r"((?:card|character|location|attachment)(?: or (?:character|location|attachment))*)"
                         r"(?: with printed cost (\d+) or lower)?$", re.IGNORECASE)


def _put_simple(phrase: str) -> list[AttachOnly] | None:
    """``_PUT_SIMPLE``'s alternatives: each card type and each faction it names; None when it is not that shape."""
    m = _PUT_SIMPLE.match(phrase)
    if m is None:
        return None
    flag = (m.group(1) or "").strip().lower()
    fields: dict[str, Any] = {"limited": False} if flag == "non-limited" else (
        {"unique": flag == "unique"} if flag else {})
    factions = [f.strip("[]").lower() for f in re.findall(r"\[\w+\]|neutral", m.group(2) or "")] or [None]
    types = [w.lower() for w in re.findall(r"card|character|location|attachment", m.group(3), re.IGNORECASE)]
    if "card" in types:
        types = ["character", "location", "attachment"]
    if m.group(4):
        fields["cost_max"] = int(m.group(4))
    return [AttachOnly(type=kind, factions=(faction,) if faction else (), **fields)
            for kind in types for faction in factions]


def put_targets(text: str | None, edition: str) -> tuple[AttachOnly, ...]:
    """The cards an ability may put into play, in the words an attachment's restriction uses: every such phrase of
    the text read, or none (a phrase not read in every word, "with printed cost X or lower", "a card", allows any)."""
    out: list[AttachOnly] = []
    for m in _PUT.finditer(_NOT_ITALIC.sub("", text or "")):
        phrase = _FROM.sub("", (m.group(1) or m.group(2) or m.group(3)).strip())
        try:
            out += read_sentence(phrase, edition)
        except Unread:
            if edition != "2e" or phrase.lower() == "card" or (simple := _put_simple(phrase)) is None:
                return ()
            out += simple
    return tuple(out)

