"""Verdicts: whether an action was legal, which rule it broke and where that rule is written."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Violation:
    rule: str  # stable id, e.g. "shadows.unique-dead-pile"
    citation: str  # e.g. "RR: Shadows › Unique cards and shadows"
    message: str  # English
    message_de: str
    cards: tuple[str, ...] = ()  # instances involved
    impossible: bool = False  # cannot physically happen: refused in every mode

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "impossible": self.impossible,
            "citation": self.citation,
            "message": self.message,
            "message_de": self.message_de,
            "cards": list(self.cards),
        }


@dataclass(frozen=True, slots=True)
class Note:
    """A legal but notable outcome ("enters as a duplicate of …")."""

    kind: str
    message: str
    message_de: str
    cards: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "message": self.message, "message_de": self.message_de, "cards": list(self.cards)}


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
