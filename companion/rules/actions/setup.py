"""Setup: cards placed face up for their printed cost, or into shadows for 2, out of the setup gold."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.actions.base import Action, Amount, CardRef, Recorder, SeatRef, action
from companion.rules.actions.common import (
    check_attachment,
    duplicate_target,
    enter_play,
    require_in_hand,
)
from companion.rules.check import Checker, type_name
from companion.rules.editions import Table
from companion.rules.state import Phase, Zone

SHADOWS_COST = 2


def _check_setup_gold(t: Table, v: Checker, player: str, cost: int) -> None:
    spent = t.players[player].setup_gold_spent + cost
    if spent > t.setup_gold:
        v.violate("setup.gold", player=player, spent=spent, limit=t.setup_gold)


def _check_setup_phase(t: Table, v: Checker) -> None:
    if t.phase is not Phase.SETUP:
        v.violate("setup.phase", phase=t.phase)


@action("setup_into_shadows", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class SetupIntoShadows(Action):
    player: SeatRef
    card: CardRef

    def check(self, t: Table, v: Checker) -> None:
        _check_setup_phase(t, v)
        require_in_hand(t, v, self.player, self.card, "setup.from-hand")
        if not t.may_enter_shadows(t.card(self.card)):
            rule = "shadows.no-crest" if t.edition == "1e" else "shadows.setup-no-keyword"
            v.violate(rule, (self.card,), card=t.name(self.card))
        _check_setup_gold(t, v, self.player, SHADOWS_COST)

    def apply(self, t: Table) -> None:
        t.players[self.player].setup_gold_spent += SHADOWS_COST
        t.move(self.card, t.instance(self.card).owner, Zone.SHADOWS)


@action("setup_place", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class SetupPlace(Action):
    """A setup card placed face up (revealed with the others)."""

    player: SeatRef
    card: CardRef
    attach_to: CardRef | None = None
    cost: Amount | None = None

    def setup_cost(self, t: Table) -> int:
        if duplicate_target(t, self.player, self.card):
            return 0  # extra copies of a unique are free and become duplicates
        if self.cost is not None:
            return self.cost
        return t.printed_cost(t.card(self.card)) + t.gold_penalty(self.player, t.card(self.card))

    def check(self, t: Table, v: Checker) -> None:
        c = t.card(self.card)
        _check_setup_phase(t, v)
        require_in_hand(t, v, self.player, self.card, "setup.from-hand")
        if c.type not in ("character", "location", "attachment"):
            v.violate("setup.type", (self.card,), card=t.name(self.card), type=type_name(c.type))
        restriction = t.marshal_restriction(c)
        if restriction:
            v.violate(restriction, (self.card,), card=t.name(self.card))
        dup = duplicate_target(t, self.player, self.card)
        if dup:
            v.note("duplicate-free", (self.card, dup), card=t.name(self.card), copy=t.name(dup))
        elif c.limited:
            for other in t.zone(self.player, Zone.PLAY):
                if other != self.card and t.card(other).limited and not t.in_play[other].duplicate_of:
                    v.violate("setup.limited", (self.card, other), player=self.player, other=t.name(other))
                    break
        if not dup:
            check_attachment(t, v, self.player, self.card, self.attach_to, discard_if_none=False, own_only=True)
        _check_setup_gold(t, v, self.player, self.setup_cost(t))

    def apply(self, t: Table) -> None:
        t.players[self.player].setup_gold_spent += self.setup_cost(t)
        enter_play(t, self.player, self.card, self.attach_to, discard_if_no_target=False)
