"""Verdicts: whether an action was legal, which rule it broke and where that rule is written.

A violation or note carries no text: its message id (``rule.<id>``, ``note.<kind>``) and the values of
the message's named placeholders. Each reader renders it in its own language and as it may see it
(``companion.messages.verdict_text``, ``msg()`` in ``static/messages.js``). A placeholder value is a ``Param``:
text or a number; a card reference ``{"card": instance, "name": name}`` (the web layer shows non-judges
the name only, and a card they may not see by its position); another message ``{"msg": id, …}`` (a
zone's or phase's name, a reason); or a list of these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.messages import verdict_text

Param = str | int | dict[str, Any] | list[Any]


def msg(message_id: str, **params: Param) -> dict[str, Any]:
    """A placeholder value that is itself a message of the catalogue: ``msg("zone.hand")``."""
    return {"msg": message_id, **params}


@dataclass(frozen=True, slots=True)
class Violation:
    rule: str  # stable id, e.g. "shadows.unique-dead-pile"; its message is ``rule.<id>``
    citation: str  # e.g. "RR: Shadows › Unique cards and shadows"
    params: dict[str, Param] = field(default_factory=dict)
    cards: tuple[str, ...] = ()  # instances involved
    impossible: bool = False  # cannot physically happen: refused in every mode

    def text(self, lang: str = "en") -> str:
        """As the judge reads it (card names with their instance ids)."""
        return verdict_text(self.to_dict(), lang)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "impossible": self.impossible,
            "citation": self.citation,
            "params": self.params,
            "cards": list(self.cards),
        }


@dataclass(frozen=True, slots=True)
class Note:
    """A legal but notable outcome ("enters as a duplicate of …"); its message is ``note.<kind>``."""

    kind: str
    params: dict[str, Param] = field(default_factory=dict)
    cards: tuple[str, ...] = ()

    def text(self, lang: str = "en") -> str:
        return verdict_text(self.to_dict(), lang)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "params": self.params, "cards": list(self.cards)}


@dataclass(slots=True)
class Verdict:
    violations: list[Violation] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    applied: bool = True  # False when strict mode refused the action

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def impossible(self) -> bool:
        return any(v.impossible for v in self.violations)

    def to_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "applied": self.applied,
            "violations": [v.to_dict() for v in self.violations],
            "notes": [n.to_dict() for n in self.notes],
        }
