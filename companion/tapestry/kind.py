"""Tapestry's Shadow Empire as a game kind of the store (see ``companion.kinds``)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from companion.kinds import CardsFor, register
from companion.tapestry.engine import ShadowEmpire, apply_entry, from_setup


class TapestryKind:
    name = "tapestry"

    def validate_setup(self, edition: str, mode: str) -> None:
        if mode not in ("digital", "physical"):
            raise ValueError("mode must be digital or physical")

    def fresh(self, game: Any, decks: Mapping[str, Mapping[str, int]], cards_for: CardsFor) -> ShadowEmpire:
        return from_setup(game.header["setup"])

    def apply(self, state: ShadowEmpire, data: dict[str, Any]) -> None:
        apply_entry(state, data)

    def clone(self, state: ShadowEmpire) -> ShadowEmpire:
        return copy.deepcopy(state)

    def stamp(self, state: ShadowEmpire, version: int) -> None:
        """The Shadow Empire does not keep the log's version."""


register(TapestryKind())
