"""Who is asking: a role value, decided once from a key, never a name compared with strings.

A seat's name is whatever the players typed ("judge", "spectator", "Jürgen"), so it must never be
confused with a role: a ``Role`` carries its kind and, for a seat, the seat's name apart from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class RoleKind(StrEnum):
    SEAT = "seat"  # a player at the table: sees its own hand and shadows
    JUDGE = "judge"  # sees everything, may record and undo anything
    HOST = "host"  # set the game up: public view, round flow, join links, undo
    TABLE = "table"  # the Tabletop Simulator helper's scoped key: snapshots for one game
    SPECTATOR = "spectator"  # no key: the public view only


@dataclass(frozen=True, slots=True)
class Role:
    kind: RoleKind
    seat: str | None = None

    def __post_init__(self) -> None:
        if (self.kind is RoleKind.SEAT) != (self.seat is not None):
            raise ValueError("a seat role names its seat, and only a seat role does")

    @staticmethod
    def of_seat(seat: str) -> Role:
        return Role(RoleKind.SEAT, seat)

    @property
    def is_judge(self) -> bool:
        return self.kind is RoleKind.JUDGE

    def sees_hidden_of(self, seat: str) -> bool:
        """May this role see the hidden cards (hand, shadows, deck order) in ``seat``'s areas?"""
        return self.kind is RoleKind.JUDGE or (self.kind is RoleKind.SEAT and self.seat == seat)

    @property
    def actor(self) -> str:
        """How the log names who wrote an entry: ``seat:A``, ``judge``, ``host``, ``table``.

        The ``seat:`` prefix keeps a seat called "judge" apart from the judge."""
        return f"seat:{self.seat}" if self.kind is RoleKind.SEAT else self.kind.value

    @property
    def cache_key(self) -> str:
        return self.actor

    def to_dict(self) -> dict[str, str | None]:
        return {"role": self.kind.value, "seat": self.seat}

    @staticmethod
    def from_actor(actor: str, seats: list[str] | tuple[str, ...]) -> Role:
        """The role behind a log entry's actor; entries written before roles were values named a
        seat by its bare name."""
        if actor.startswith("seat:"):
            return Role.of_seat(actor[5:])
        if actor in seats:
            return Role.of_seat(actor)
        try:
            return Role(RoleKind(actor))
        except ValueError:
            return SPECTATOR


JUDGE = Role(RoleKind.JUDGE)
HOST = Role(RoleKind.HOST)
TABLE = Role(RoleKind.TABLE)
SPECTATOR = Role(RoleKind.SPECTATOR)
