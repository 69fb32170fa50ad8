"""Gold in a player's gold pool: income, spending, gaining, and returning unspent gold in taxation."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.actions.base import Action, Amount, Recorder, SeatRef, action
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import Phase


@action("collect_income", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class CollectIncome(Action):
    player: SeatRef
    amount: Amount

    def check(self, t: Table, v: Checker) -> None:
        if t.phase is not Phase.MARSHALING:
            v.violate("gold.income-phase", phase=t.phase)

    def apply(self, t: Table) -> None:
        t.players[self.player].gold += self.amount


@action("gain_gold", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class GainGold(Action):
    player: SeatRef
    amount: Amount
    starts_phase_body = False

    def check(self, t: Table, v: Checker) -> None:
        pass

    def apply(self, t: Table) -> None:
        t.players[self.player].gold += self.amount


@action("spend_gold", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class SpendGold(Action):
    """Gold spent on something the companion does not track (an ability's cost, …)."""

    player: SeatRef
    amount: Amount
    starts_phase_body = False

    def check(self, t: Table, v: Checker) -> None:
        gold = t.players[self.player].gold
        if self.amount > gold:
            v.violate("gold.insufficient", player=self.player, cost=self.amount, gold=gold)

    def apply(self, t: Table) -> None:
        t.players[self.player].gold -= self.amount


@action("return_unspent_gold", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class ReturnUnspentGold(Action):
    """Taxation: every player (or one) returns all unspent gold to the treasury."""

    player: SeatRef | None = None

    def check(self, t: Table, v: Checker) -> None:
        if t.phase is not Phase.TAXATION:
            v.violate("gold.taxation-phase", phase=t.phase)

    def apply(self, t: Table) -> None:
        for seat in [self.player] if self.player else t.seats:
            t.players[seat].gold = 0
