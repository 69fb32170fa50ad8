"""Tapestry's Shadow Empire as a game kind of the store (see ``companion.kinds``)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.kinds import Authorized, CardsFor, Played, StoreError, register
from companion.rules.roles import Role
from companion.tapestry.engine import ShadowEmpire, TapestryError, digital_inputs, from_setup
from companion.tapestry.entries import Entry, EntryError, Turn, apply_entry, entry_from_dict, may_record


@dataclass(frozen=True, slots=True)
class TurnRequest:
    """A turn as posted: the cards drawn and the die rolled at the table (physical games), or nothing,
    when the app draws and rolls (digital games). Which it is, is the state's setting: resolved when
    authorized, like a position naming a card."""

    left: Any = None
    right: Any = None
    die: Any = None


def _coded(status: int, code: str, message: str, **details: Any) -> StoreError:
    err = StoreError(message, **details)
    err.status, err.code = status, code
    return err


class TapestryKind:
    name = "tapestry"

    def validate_setup(self, edition: str, mode: str) -> None:
        # The Shadow Empire has no edition and no rules mode: how its cards are drawn is a setting of its
        # own, in the setup record (``Settings.draw``).
        if edition or mode:
            raise ValueError("a Tapestry game has no edition or rules mode (its draw setting is in its setup)")

    def fresh(self, game: Any, decks: Mapping[str, Mapping[str, int]], cards_for: CardsFor) -> ShadowEmpire:
        return from_setup(game.header["setup"])

    def apply(self, state: ShadowEmpire, data: dict[str, Any]) -> None:
        apply_entry(state, data)  # decoded by the entry's declaration, as when it was recorded

    def clone(self, state: ShadowEmpire) -> ShadowEmpire:
        return copy.deepcopy(state)

    def stamp(self, state: ShadowEmpire, version: int) -> None:
        """The Shadow Empire does not keep the log's version."""

    def decode(self, data: Mapping[str, Any]) -> Entry:
        return entry_from_dict(dict(data))

    def authorize(self, game: Any, state: ShadowEmpire, action: Entry | TurnRequest, role: Role) -> Authorized:
        if isinstance(action, TurnRequest):
            if state.settings.draw == "digital":
                data = {"type": Turn.type, **digital_inputs(state, game.header["setup"]["seed"])}
            else:
                data = {"type": Turn.type, "left": action.left, "right": action.right}
                if action.die is not None:
                    data["die"] = action.die
            try:
                action = entry_from_dict(data)
            except EntryError as exc:
                raise _coded(400, "bad_entry", str(exc)) from None
        if not may_record(action, role):
            raise _coded(403, "forbidden", f"{action.type} is recorded with the table key")
        return Authorized(action)

    def play(self, game: Any, state: ShadowEmpire, action: Entry, requested: Any, role: Role) -> Played:
        try:
            result = action.apply(state)
        except TapestryError as exc:
            raise StoreError(str(exc), reason=exc.reason) from None
        return Played(action.to_dict(), result=result)

    def seal(self, before: Any, state: ShadowEmpire, action: Entry, verdict: Any) -> None:
        """Nothing at a Tapestry table is hidden."""


register(TapestryKind())
