"""The checker collects violations and notes while an action is looked at."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from functools import cache
from typing import Protocol

from companion.messages import LANGUAGES, catalogue, placeholders
from companion.rules.citations import RULES
from companion.rules.state import Phase, Zone
from companion.rules.verdict import Note, Param, Verdict, Violation, msg

#: Card types with a name in the catalogue (``type.<type>``); any other is shown as it is.
KNOWN_TYPES = ("character", "location", "attachment", "event", "plot", "agenda", "title", "house")


@cache
def needed(message_id: str) -> frozenset[str]:
    """The placeholders a message uses in any language."""
    return frozenset().union(*(placeholders(catalogue(lang)[message_id]) for lang in LANGUAGES))


def _value(value: Param | Zone | Phase) -> Param:
    if isinstance(value, Zone):
        return msg(f"zone.{value.value}")
    if isinstance(value, Phase):
        return msg(f"phase.{value.value}")
    return value


#: The placeholders of rule and note messages that name a player: a check may pass the seat, the message says the
#: player's name (a table made over the API has seats "A" and "B" for Alice and Bob: "A needs 2 gold but has 0").
PEOPLE = frozenset({"player", "owner", "controller", "active", "attacker", "defender", "first", "winner"})


def _params(message_id: str, params: dict[str, Param | Zone | Phase],
            names: Mapping[str, str] | None = None) -> dict[str, Param]:
    if not params.keys() >= needed(message_id):  # a message with a hole would reach a phone as "{card}"
        missing = needed(message_id) - params.keys()
        raise KeyError(f"{message_id} needs {', '.join(sorted(missing))}")
    # Most values are already plain (cards, numbers): a zone or a phase becomes a message, a seat its player's name.
    names = names or {}
    return {k: _value(v) if isinstance(v, Enum) else names.get(v, v) if k in PEOPLE and isinstance(v, str) else v
            for k, v in params.items()}


class _Named(Protocol):
    @property
    def name(self) -> str: ...


class Cites(Protocol):
    """What the checker needs of a table: where a rule is written in its edition, and its players' names
    (``editions.Table``)."""

    def citation(self, rule: str) -> str: ...

    @property
    def players(self) -> Mapping[str, _Named]: ...


class Checker:
    def __init__(self, table: Cites) -> None:
        self.table = table
        self.verdict = Verdict()
        self.names = {seat: p.name for seat, p in table.players.items()}

    def violate(self, rule: str, cards: tuple[str, ...] = (), **params: Param | Zone | Phase) -> None:
        r = RULES[rule]
        said = _params(f"rule.{rule}", params, self.names)
        found = Violation(rule, self.table.citation(rule), said, cards, r.impossible)
        if found not in self.verdict.violations:  # two checks finding one broken rule on the same cards: said once
            self.verdict.violations.append(found)

    def note(self, kind: str, cards: tuple[str, ...] = (), **params: Param | Zone | Phase) -> None:
        self.verdict.notes.append(Note(kind, _params(f"note.{kind}", params, self.names), cards))


def type_name(card_type: str) -> Param:
    return msg(f"type.{card_type}") if card_type in KNOWN_TYPES else card_type
