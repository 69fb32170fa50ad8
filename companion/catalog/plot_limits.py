"""A plot's printed constant restrictions for the round, read into facts (RR: Golden Rule: card text overrides the
rules; 1st edition the same).

The sentences read are the few shapes the most played plots print, in both editions:

- how many challenges: "You cannot initiate more than 1 challenge during the challenges phase." (Sneak Attack),
  "You cannot declare more than 1 challenge." / "… this round." (1st edition);
- which types: "You cannot initiate [military] or [intrigue] challenges." (Sailing the Summer Sea), "You cannot
  declare Intrigue challenges." (1st edition), and the same until a challenge of another type is won: "A player
  cannot initiate a [military] or [power] challenge unless he or she has won an [intrigue] challenge that phase."
  (A Game of Thrones);
- what may be marshalled or played: "You cannot marshal locations or attachments, or play events." (Marching
  Orders);
- how many attackers or defenders: "Each player cannot declare more than 1 character as an attacker or defender in
  each challenge." (Jousting Contest), "You cannot declare defenders." (1st edition Focused Offense), and which:
  "Non-unique characters cannot be declared as defenders." (1st edition Herding the Masses), "Each character with
  printed cost 4 or higher cannot be declared as a defender during the first challenge you initiate this round."
  (Battle of Oxcross);
- which types between its player and an opponent chosen: "Until you reveal a new plot card, you and that player
  cannot initiate [military] challenges against each other." (A Southron Peace, a When Revealed ability);
- how many cards enter: "Each player cannot marshal or put into play more than 2 characters, locations, or
  attachments this round." with its "(4 … instead if that player has a Summer plot card revealed.)" (Strained
  Reserves).

Only sentences outside abilities count: on lines without a bold trigger or a colon, or before the first bold tag
of a line ("… <b>Draft format only.</b>"); 1st edition abilities begin "When revealed," and neither they nor the
sentences after them on their line are read.
A sentence that forbids initiating or declaring, marshalling or playing (``cannot …``) and is not one of these
shapes in every word is *unread*
(``Limits.unread``): nothing is checked for it ("Each player cannot play in-faction events", conditions, other
counts over the round), rather than reading it wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from companion.catalog.card import ICONS, PlotLimit

_TAG = re.compile(r"<[^>]+>")
_ICON = re.compile(r"\[(military|intrigue|power)\]", re.IGNORECASE)
#: Who a sentence binds: the player who revealed the plot, or every player.
_WHO = {"you": "you", "each player": "each", "players": "each", "a player": "each"}
_SUBJECT = r"(you|each player|players|a player)"
_TYPES = r"((?:military|intrigue|power)(?:(?:,| or|, or) (?:military|intrigue|power))*)"
_COUNT = re.compile(rf"^{_SUBJECT} cannot (?:initiate|declare) more than (\d+) challenges?"
                    r"(?: during the challenges phase| this round| each round)?$")
_KINDS = re.compile(rf"^{_SUBJECT} cannot (?:initiate|declare) {_TYPES} challenges$")
_UNLESS = re.compile(rf"^{_SUBJECT} cannot (?:initiate|declare) an? {_TYPES} challenge unless "
                     r"(?:he or she|they|you) (?:has|have) won an? (military|intrigue|power) challenge "
                     r"(?:that|this) phase$")
_PARTICIPANTS = re.compile(rf"^{_SUBJECT} cannot declare more than (\d+) (?:characters? as an? )?"
                           r"(attacker or defender|attacker|defender)s? in each challenge$")
_NO_DEFENDERS = re.compile(rf"^{_SUBJECT} cannot declare defenders$")
#: "Non-unique characters cannot be declared as defenders." (1st edition Herding the Masses): binds every player.
_UNIQUE_ONLY = re.compile(r"^non-unique characters cannot be declared as (attackers|defenders)$")
_ENTER = re.compile(rf"^{_SUBJECT} cannot (marshal|play) (.+)$")
#: "Each character with printed cost 4 or higher cannot be declared as a defender during the first challenge you
#: initiate this round." (Battle of Oxcross): the opponents' characters, in the first challenge its player initiates.
_COST_FIRST = re.compile(r"^each character with printed cost (\d+) or higher cannot be declared as a defender during "
                         r"the first challenge you initiate this round$")
#: "Limited cards cannot be marshaled, played, or put into play." (City Blockade): binds every player.
_NO_LIMITED = re.compile(r"^limited cards cannot be marshaled, played, or put into play$")
#: "Each player cannot play in-faction events, and plays with each card in their shadows area revealed." (Wardens of
#: the East): the events half is read.
_IN_FACTION = re.compile(rf"^{_SUBJECT} cannot play in-faction events(?:, and .+)?$")
#: "Players cannot initiate Military challenges unless they control an Army character." (1st edition Muster the
#: Realm!)
_UNLESS_TRAIT = re.compile(rf"^{_SUBJECT} cannot (?:initiate|declare) {_TYPES} challenges unless (?:he or she "
                           r"controls|they control|you control) an? ([\w-]+) character$")
#: "Each player cannot marshal or put into play more than 2 characters, locations, or attachments this round. (4
#: characters, locations, or attachments instead if that player has a Summer plot card revealed.)" (Strained Reserves)
_ENTER_COUNT = re.compile(rf"^{_SUBJECT} cannot marshal or put into play more than (\d+) characters, locations, or "
                          r"attachments this round$")
_ENTER_IF = re.compile(r"^\((\d+) characters, locations, or attachments instead if (?:that player|you) (?:has|have) "
                       r"an? ([\w-]+) plot card revealed\)?$")
#: The card types of "marshal …" / "play …", in the plural the cards print.
_PLURAL = {"characters": "character", "locations": "location", "attachments": "attachment", "events": "event"}
#: A sentence that forbids what the round's checks look at (challenges, participants, marshalling, playing).
_FORBIDS = re.compile(r"\bcannot (?:initiate|declare|marshal|play|be declared|be marshaled|be played|be initiated)\b",
                      re.IGNORECASE)


#: "When Revealed: Choose an opponent. Until you reveal a new plot card, you and that player cannot initiate
#: [military] challenges against each other." (A Southron Peace): while the plot is revealed, it binds its player and
#: the opponent chosen, against each other (``binds`` "pair": judged in a game of two, where the opponent is known).
#: "While The Queen of Thorns is standing, opponents cannot initiate [intrigue] challenges against you." (a card in
#: play's): its controller's opponents, while the card stands (judged in a game of two, where "against you" is every
#: challenge an opponent initiates).
_OPPONENTS_WHILE_STANDING = re.compile(rf"^while .+? is standing, opponents cannot initiate {_TYPES} challenges "
                                       r"against you$")
_AGAINST_EACH_OTHER = re.compile(rf"when revealed: choose an opponent\. until you reveal a new plot card, you and that "
                                 rf"player cannot initiate {_TYPES} challenges against each other\.")


@dataclass(frozen=True, slots=True)
class Limits:
    """What a plot's text restricts for the round: one fact a sentence read, and whether a sentence was not."""

    limits: tuple[PlotLimit, ...] = ()
    unread: bool = False


def limit_sentences(text: str | None) -> list[str]:
    """The sentences outside abilities, tags gone, icons as words, spaces single, without the final stop."""
    out: list[str] = []
    for line in (text or "").split("\n"):
        line = line.split("<b>")[0]
        if ":" in line:
            continue
        for sentence in line.split("."):
            sentence = " ".join(_TAG.sub("", _ICON.sub(lambda m: m.group(1), sentence)).split())
            if sentence.lower().startswith("when revealed"):
                break  # a 1st edition ability: the rest of the line is its effect
            if sentence:
                out.append(sentence)
    return out


def parse_plot_limits(text: str | None) -> Limits:
    """The restrictions a plot's text prints, read sentence by sentence (module docstring)."""
    read: list[PlotLimit] = []
    unread = False
    for sentence in limit_sentences(text):
        limit = read_sentence(sentence.lower())
        if read and read[-1].max_entering is not None and (m := _ENTER_IF.match(sentence.lower())):
            read[-1] = replace(read[-1], entering_if_trait=m.group(2).title(), entering_if_count=int(m.group(1)))
        elif limit is not None:
            read.append(limit)
        elif _FORBIDS.search(sentence):
            unread = True
    plain = " ".join(_TAG.sub("", _ICON.sub(lambda m: m.group(1), text or "")).split()).lower()
    if m := _AGAINST_EACH_OTHER.search(plain):
        read.append(PlotLimit(binds="pair", no_challenges=_types(m.group(1))))
    return Limits(tuple(read), unread)


def _types(words: str) -> tuple[str, ...]:
    named = set(re.split(r",? or |, ", words))
    return tuple(kind for kind in ICONS if kind in named)


def read_sentence(sentence: str) -> PlotLimit | None:
    """One lower-case sentence as a restriction, or None when it is none of the shapes read."""
    if m := _OPPONENTS_WHILE_STANDING.match(sentence):
        return PlotLimit(binds="opponents", no_challenges=_types(m.group(1)), while_standing=True)
    if m := _COUNT.match(sentence):
        return PlotLimit(binds=_WHO[m.group(1)], max_challenges=int(m.group(2)))
    if m := _KINDS.match(sentence):
        return PlotLimit(binds=_WHO[m.group(1)], no_challenges=_types(m.group(2)))
    if m := _UNLESS.match(sentence):
        return PlotLimit(binds=_WHO[m.group(1)], no_challenges=_types(m.group(2)), unless_won=m.group(3))
    if m := _PARTICIPANTS.match(sentence):
        count = int(m.group(2))
        side = m.group(3)
        return PlotLimit(binds=_WHO[m.group(1)], max_attackers=count if "attacker" in side else None,
                         max_defenders=count if "defender" in side else None)
    if m := _NO_DEFENDERS.match(sentence):
        return PlotLimit(binds=_WHO[m.group(1)], max_defenders=0)
    if m := _UNIQUE_ONLY.match(sentence):
        return PlotLimit(binds="each", unique_only=m.group(1)[:-1])
    if m := _COST_FIRST.match(sentence):
        return PlotLimit(binds="you", defender_cost_first=int(m.group(1)))
    if _NO_LIMITED.match(sentence):
        return PlotLimit(binds="each", no_limited=True)
    if m := _IN_FACTION.match(sentence):
        return PlotLimit(binds=_WHO[m.group(1)], no_in_faction_events=True)
    if m := _UNLESS_TRAIT.match(sentence):
        return PlotLimit(binds=_WHO[m.group(1)], no_challenges=_types(m.group(2)), unless_trait=m.group(3).title())
    if m := _ENTER_COUNT.match(sentence):
        return PlotLimit(binds=_WHO[m.group(1)], max_entering=int(m.group(2)))
    if m := _ENTER.match(sentence):
        return _entering(_WHO[m.group(1)], f"{m.group(2)} {m.group(3)}")
    return None


def _entering(binds: str, words: str) -> PlotLimit | None:
    """"marshal locations or attachments, or play events": each verb with the card types it names."""
    forbidden: dict[str, list[str]] = {"marshal": [], "play": []}
    verb = ""
    for part in re.split(r",? or |, ", words):
        first, _, rest = part.partition(" ")
        if first in forbidden and rest:
            verb, part = first, rest
        if not verb or part not in _PLURAL:
            return None
        forbidden[verb].append(_PLURAL[part])
    return PlotLimit(binds=binds, no_marshal=tuple(forbidden["marshal"]), no_play=tuple(forbidden["play"]))
