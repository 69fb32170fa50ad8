"""Game kinds: what the store needs of a kind of game, and the registry that finds them.

The store keeps every kind's log the same way (entries, chain, keys) and never names a kind: it asks
the registry for the kind's rules to build a state, apply an entry, copy and stamp a state. The table
service (``companion.service``) records a new action through the same kind: ``authorize`` (may this
role record it; positions resolved), ``play`` (its verdict, or a refusal) and ``seal`` (what of it stays
hidden). A kind is one module implementing ``GameKind`` and listed in ``KIND_MODULES``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

#: The modules that define game kinds; each registers its kind when imported.
KIND_MODULES = ("companion.rules.kind", "companion.tapestry.kind")

CardsFor = Callable[[set[str]], Mapping[str, Any]]


class StoreError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class Refused(StoreError):
    """Strict mode refused an illegal action."""

    status = 422
    code = "illegal_action"


class Impossible(Refused):
    """The action cannot physically happen (a card named where it is not): refused in every mode."""

    code = "impossible"


@dataclass(frozen=True, slots=True)
class Authorized:
    """An action a role may record: as it will be stored (positions resolved to cards), and the seat
    whose confirmation it waits for, if any (an effect on that seat's face-down card)."""

    action: Any
    awaiting: str | None = None


@dataclass(frozen=True, slots=True)
class Played:
    """An action played on a writer's state: what to store, the verdict kept beside it (the kind's own
    object, and as stored), what to answer, and the kind's view of the state before it (for ``seal``)."""

    data: dict[str, Any]
    verdict: Any = None
    verdict_data: dict[str, Any] | None = None
    result: Any = None
    before: Any = None


class GameKind(Protocol):
    name: str

    def validate_setup(self, edition: str, mode: str) -> None:
        """Raise ValueError when a new game's edition or mode does not fit this kind."""

    def fresh(self, game: Any, decks: Mapping[str, Mapping[str, int]], cards_for: CardsFor) -> Any:
        """The state before the first action: from the game's header and seats, and the decks loaded."""

    def apply(self, state: Any, data: dict[str, Any]) -> None:
        """Apply one stored action entry (it was accepted when recorded)."""

    def clone(self, state: Any) -> Any:
        """A copy a writer may change while readers keep the original."""

    def stamp(self, state: Any, version: int) -> None:
        """Tell the state the log version it now reflects."""

    def decode(self, data: Mapping[str, Any]) -> Any:
        """An action of this kind from its stored (or sent) form; a ValueError names what does not fit."""

    def authorize(self, game: Any, state: Any, action: Any, role: Any) -> Authorized:
        """May ``role`` record ``action`` at this state? Raise a store error saying why not (nothing revealed)."""

    def play(self, game: Any, state: Any, action: Any, requested: Any, role: Any) -> Played:
        """Play an authorized action on a writer's copy of the state, or raise a store error (nothing changed
        that is kept: the copy is thrown away)."""

    def seal(self, before: Any, state: Any, action: Any, verdict: Any) -> dict[str, Any] | None:
        """What of the action stays hidden, kept beside its entry (``before`` None: the action is not played)."""


_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    if kind.name in _KINDS:
        raise RuntimeError(f"game kind {kind.name!r} registered twice")
    _KINDS[kind.name] = kind
    return kind


def game_kind(name: str) -> GameKind:
    if name not in _KINDS:  # not "if empty": a kind's module may have been imported on its own first
        for module in KIND_MODULES:
            importlib.import_module(module)
    try:
        return _KINDS[name]
    except KeyError:
        raise ValueError(f"unknown game kind {name!r}; kinds: {', '.join(sorted(_KINDS))}") from None
