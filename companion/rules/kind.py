"""A Game of Thrones: The Card Game as a game kind of the store (see ``companion.kinds``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.kinds import CardsFor, register
from companion.rules.actions import action_from_dict
from companion.rules.editions import EDITIONS, Table
from companion.rules.engine import MODES, Seat, add_deck, new_table, play


class AgotKind:
    name = "agot"

    def validate_setup(self, edition: str, mode: str) -> None:
        if edition not in EDITIONS:
            raise ValueError(f"edition must be {' or '.join(EDITIONS)}")
        if mode not in MODES:
            raise ValueError(f"mode must be {' or '.join(MODES)}")

    def fresh(self, game: Any, decks: Mapping[str, Mapping[str, int]], cards_for: CardsFor) -> Table:
        codes = {code for d in decks.values() for code in d}
        cards = dict(cards_for(codes))
        table = new_table(game.edition, [Seat(s.seat, s.name, s.faction) for s in game.seats], cards)
        for seat, deck in decks.items():
            add_deck(table, seat, deck)
        return table

    def apply(self, state: Table, data: dict[str, Any]) -> None:
        play(state, action_from_dict(data), "advisory")  # every stored action was accepted when recorded

    def clone(self, state: Table) -> Table:
        return state.clone()

    def stamp(self, state: Table, version: int) -> None:
        state.version = version


register(AgotKind())
