"""The entries of a Shadow Empire log, as data: one registered dataclass per kind of entry.

As with the AGoT actions (``companion/rules/actions/base.py``, whose machinery this reuses), each entry
declares its fields with their bounds, who may record it, and its label (``tapestry.entry.<type>`` in the
message catalogue) once. From that declaration come: decoding a stored or posted entry strictly
(``entry_from_dict``), the JSON schema the API publishes (``entry_schemas``), and the table in
docs/extending.md. An entry's JSON is its type and its fields, exactly as the log has always stored them.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, ClassVar

from msgspec import Meta

from companion.declare import number, schema, text, words
from companion.rules.actions.base import Recorder, as_dict, from_dict, registrar
from companion.rules.roles import Role, RoleKind
from companion.tapestry.engine import (
    ShadowEmpire,
    advance_manually,
    claim_landmark,
    income_turn,
    set_human_position,
    take_turn,
)
from companion.tapestry.facts import DECK, END_SPACE, Track

#: A decision card, by its number.
Card = Annotated[int, number(1, len(DECK))]
#: A space of a track: 0 (the start) to the end.
Space = Annotated[int, number(0, END_SPACE)]
#: A human player, by the name given at setup.
Human = Annotated[str, text(1, 40)]
#: A reshuffled decision deck, top card first: every card once (the engine checks "once").
NewDeck = Annotated[list[Card], Meta(min_length=len(DECK), max_length=len(DECK))]

#: Who holds the roles a recorder stands for at a Tapestry table. ``TABLE``: whoever holds the table's key
#: (the link that creating the game returns).
RECORDERS: dict[Recorder, frozenset[RoleKind]] = {Recorder.TABLE: frozenset({RoleKind.HOST})}


class EntryError(ValueError):
    """An entry that does not fit its declaration (unknown type or field, a value out of bounds)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Entry:
    type: ClassVar[str] = ""
    records: ClassVar[Recorder] = Recorder.TABLE
    label: ClassVar[str] = ""

    def apply(self, se: ShadowEmpire) -> dict[str, Any]:
        """Change the Shadow Empire; returns what happened (for the answer and the page)."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self)


REGISTRY: dict[str, type[Entry]] = {}
entry = registrar(REGISTRY, "entry", "tapestry.entry")


@entry("turn", records=Recorder.TABLE)
@dataclasses.dataclass(frozen=True, slots=True)
class Turn(Entry):
    """The Shadow Empire's turn: the pair drawn, and the die and the new deck order when the deck was empty."""

    left: Card
    right: Card
    die: Track | None = None
    new_deck: NewDeck | None = None

    def apply(self, se: ShadowEmpire) -> dict[str, Any]:
        return take_turn(se, self.left, self.right, self.die, self.new_deck).to_dict()


@entry("advance", records=Recorder.TABLE)
@dataclasses.dataclass(frozen=True, slots=True)
class Advance(Entry):
    """An effect moves the Shadow Empire one space."""

    track: Track

    def apply(self, se: ShadowEmpire) -> dict[str, Any]:
        return advance_manually(se, self.track).to_dict()


@dataclasses.dataclass(frozen=True, slots=True)
class _HumanOnTrack(Entry):
    """A human, a track and a space of it (not registered: the fields the next two entries share)."""

    human: Human
    track: Track
    space: Space


@entry("human_position", records=Recorder.TABLE)
@dataclasses.dataclass(frozen=True, slots=True)
class HumanPosition(_HumanOnTrack):
    """A human's most advanced marker on a track."""

    def apply(self, se: ShadowEmpire) -> dict[str, Any]:
        set_human_position(se, self.human, self.track, self.space)
        return {}


@entry("landmark", records=Recorder.TABLE)
@dataclasses.dataclass(frozen=True, slots=True)
class Landmark(_HumanOnTrack):
    """A human claims the landmark on a space."""

    def apply(self, se: ShadowEmpire) -> dict[str, Any]:
        claim_landmark(se, self.human, self.track, self.space)
        return {}


@entry("income_turn", records=Recorder.TABLE)
@dataclasses.dataclass(frozen=True, slots=True)
class IncomeTurn(Entry):
    """A human takes an income turn (the fifth ends the game for the Shadow Empire)."""

    human: Human

    def apply(self, se: ShadowEmpire) -> dict[str, Any]:
        income_turn(se, self.human)
        return {"over": se.over}


def entry_from_dict(data: Any) -> Entry:
    """Build an entry from JSON, strictly, by its declaration; ``EntryError`` names what does not fit."""
    return from_dict(REGISTRY, data, what="entry", error=EntryError)


def apply_entry(se: ShadowEmpire, data: Any) -> dict[str, Any]:
    """Apply one stored (or posted) entry; returns what happened."""
    return entry_from_dict(data).apply(se)


def may_record(item: Entry, role: Role) -> bool:
    return role.kind in RECORDERS[item.records]


def entry_table() -> str:
    """Markdown: each entry's declared fields, who records it and its label (for docs/extending.md)."""
    rows = ["| type | fields | recorded by | label |", "|---|---|---|---|"]
    for name in sorted(REGISTRY):
        cls = REGISTRY[name]
        props = schema(cls)["properties"]
        fields = "; ".join(f"`{f.name}`: {words(props[f.name])}" for f in dataclasses.fields(cls))
        rows.append(f"| `{name}` | {fields} | {cls.records.value} | `{cls.label}` |")
    return "\n".join(rows) + "\n"
