"""A Game of Thrones: The Card Game as a game kind of the store (see ``companion.kinds``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.kinds import Authorized, CardsFor, Impossible, Played, Refused, StoreError, register
from companion.rules.actions import Action, action_from_dict
from companion.rules.actions.base import card_fields
from companion.rules.editions import EDITIONS, Table
from companion.rules.engine import MODES, Mode, Seat, add_deck, new_table, play
from companion.rules.permissions import Refusal, authorize
from companion.rules.roles import JUDGE, Role
from companion.rules.state import ActionError
from companion.rules.verdict import Verdict
from companion.rules.views import HIDDEN_VERDICT, Glimpse, seal, shown_verdict, visible_to


def play_or_refuse(table: Table, action: Action, mode: Mode, requested: Action | None = None,
                   role: Role = JUDGE) -> Verdict:
    """Apply an action through the rules engine; a strict game refuses an illegal one.

    ``requested`` is what the asker sent (positions, not instances): a refusal echoes it, and shows
    its verdict only if ``role`` may know every card the verdict names."""
    requested = requested or action
    before = Glimpse.of(table, action)
    try:
        verdict = play(table, action, mode)
    except ActionError as exc:
        if requested is not action and not role.sees_all:
            raise StoreError(f"{requested.type} cannot be recorded as sent; nothing was recorded",
                             action=requested.to_dict()) from None
        raise StoreError(f"{exc}; nothing was recorded") from None
    if verdict.impossible or not verdict.applied:
        sealed = seal(before, table, action, verdict)  # nothing moved: "after" is "before"
        readable = "verdict_seats" not in sealed or any(role.sees_hidden_of(s) for s in sealed["verdict_seats"])
        hidden = dict(HIDDEN_VERDICT, legal=False, applied=False)
        shown = shown_verdict(verdict.to_dict(), role, table) if readable else hidden
        named = refused_card(table, action, role)
        if verdict.impossible:
            raise Impossible("the action cannot happen at the table as it is; nothing was recorded",
                             action=requested.to_dict(), verdict=shown, **named)
        raise Refused("strict mode: the action is illegal and nothing was recorded",
                      action=requested.to_dict(), verdict=shown, **named)
    return verdict


def refused_card(table: Table, action: Action, role: Role) -> dict[str, Any]:
    """The card a refused move was about, by its title (``{"card": {"name": …}}``), for a refusal that says which card
    was tapped; nothing where the move names none or ``role`` may not see it (a face-down card stays unnamed)."""
    for name in card_fields(action):
        card = getattr(action, name)
        if isinstance(card, str) and card in table.instances:
            return {"card": {"name": table.card(card).name}} if visible_to(table, card, role) else {}
    return {}


def _mode(mode: str) -> Mode:
    return "strict" if mode == "strict" else "advisory"


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

    def decode(self, data: Mapping[str, Any]) -> Action:
        return action_from_dict(dict(data))

    def authorize(self, game: Any, state: Table, action: Action, role: Role) -> Authorized:
        try:
            allowed = authorize(state, action, role)
        except Refusal as exc:
            err = StoreError(exc.message)
            err.status, err.code = exc.status, exc.code
            raise err from None
        return Authorized(allowed.action, allowed.awaiting)

    def play(self, game: Any, state: Table, action: Action, requested: Action, role: Role) -> Played:
        before = Glimpse.of(state, action)
        verdict = play_or_refuse(state, action, _mode(game.mode), requested, role)
        return Played(action.to_dict(), verdict, verdict.to_dict(), verdict, before)

    def seal(self, before: Glimpse | None, state: Table, action: Action, verdict: Verdict | None) -> dict[str, Any]:
        return seal(before if before is not None else Glimpse.of(state, action), state, action, verdict)


register(AgotKind())
