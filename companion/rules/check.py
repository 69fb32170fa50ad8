"""The checker collects violations and notes while an action is looked at."""

from __future__ import annotations

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


def _params(message_id: str, params: dict[str, Param | Zone | Phase]) -> dict[str, Param]:
    if not params.keys() >= needed(message_id):  # a message with a hole would reach a phone as "{card}"
        missing = needed(message_id) - params.keys()
        raise KeyError(f"{message_id} needs {', '.join(sorted(missing))}")
    # Most values are already plain (cards, seats, numbers): only a zone or a phase becomes a message.
    return {k: _value(v) if isinstance(v, Enum) else v for k, v in params.items()}


class Cites(Protocol):
    """What the checker needs of a table: where a rule is written in its edition (``editions.Table``)."""

    def citation(self, rule: str) -> str: ...


class Checker:
    def __init__(self, table: Cites) -> None:
        self.table = table
        self.verdict = Verdict()

    def violate(self, rule: str, cards: tuple[str, ...] = (), **params: Param | Zone | Phase) -> None:
        r = RULES[rule]
        self.verdict.violations.append(
            Violation(rule, self.table.citation(rule), _params(f"rule.{rule}", params), cards, r.impossible))

    def note(self, kind: str, cards: tuple[str, ...] = (), **params: Param | Zone | Phase) -> None:
        self.verdict.notes.append(Note(kind, _params(f"note.{kind}", params), cards))


def type_name(card_type: str) -> Param:
    return msg(f"type.{card_type}") if card_type in KNOWN_TYPES else card_type
