"""Tapestry's Shadow Empire as a game kind of the store (see ``companion.kinds``)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from companion.kinds import CardsFor, register
from companion.tapestry.engine import ShadowEmpire, from_setup
from companion.tapestry.entries import apply_entry


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


register(TapestryKind())
