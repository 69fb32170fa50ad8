"""Gold in a player's gold pool: income, spending, gaining, and returning unspent gold in taxation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from companion.declare import number
from companion.rules.actions.base import Action, Amount, CardRef, Phone, Reason, Recorder, SeatRef, Tally, action
from companion.rules.actions.common import check_active_player, check_amount_instead, check_kneel_cost, note_kneel_cost
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import Phase, Zone, return_gold
from companion.rules.values import (
    gold_modifiers_ignored,
    in_play_controlled,
    income,
    plot_card,
    plot_returns_gold,
    printed_bonus,
    printed_cards,
    recorded,
    revealed_plot,
    revealed_plots_that,
)
from companion.rules.verdict import msg


@action("collect_income", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class CollectIncome(Action):
    """The active player's income (RR: Income; RR: Appendix I › 3.2), once a round, as it becomes the active
    player in the marshaling phase: the revealed plot's gold value with its modifiers (the printed "+1 Income" on
    cards it controls, the modifiers the log records) plus ``modifier``, or ``amount`` when given (a table
    without plots; with a revealed plot an amount other than the plot's income is flagged, and recorded as said
    at an advisory table)."""

    phone = Phone(control="income.collect")
    player: SeatRef
    amount: Amount | None = None
    modifier: Annotated[int, number(-99, 99)] = 0

    def income(self, t: Table) -> int:
        if self.amount is not None:
            return self.amount
        return self.plot_income(t)

    def plot_income(self, t: Table) -> int:
        """The revealed plot's gold value with its modifiers and ``modifier`` (0 without a plot)."""
        plot = plot_card(t, self.player)
        # A negative modifier written under Rains of Autumn is the table's own count of the "+N Income" it leaves
        # out: those are not left out a second time.
        back = min(gold_modifiers_ignored(t, self.player), -self.modifier) if self.modifier < 0 else 0
        return max(0, income(t, self.player) + back + self.modifier) if plot else 0

    def check(self, t: Table, v: Checker) -> None:
        p = t.players[self.player]
        plot = plot_card(t, self.player)
        if self.amount is None and plot is None:
            v.violate("gold.income-no-plot", player=p.name)
            return
        if t.phase is not Phase.MARSHALING:
            v.violate("gold.income-phase", phase=t.phase)
        else:
            check_active_player(t, v, self.player, "gold.income-active", "marshal.turns-over")
        if p.income_round == t.round:
            v.violate("gold.income-once", player=p.name)
        if self.amount is not None and plot is not None and self.amount != self.plot_income(t):
            # RR: Income: the plot's gold value with its modifiers; an effect's change is a modifier, not a sum.
            v.violate("gold.income-amount", player=p.name, amount=self.amount, income=self.plot_income(t))
        own = revealed_plot(t, self.player)
        if self.modifier > 0 and own is not None and own in revealed_plots_that(t, "no_income_bonuses") \
                and not p.zones[Zone.AGENDA]:
            # 1st edition Rains of Autumn, the player's own plot: "Characters, locations, and attachments do not provide
            # income bonuses this round."; an agenda (Knights of the Hollow Hill's House card) may still: not judged.
            v.violate("gold.income-no-bonuses", (own,), player=p.name, plot=t.ref(own), modifier=f"{self.modifier:+d}")
        if self.amount is None and plot is not None:
            modifiers = printed_bonus(t, "income", self.player) + recorded(t, "income", self.player) + self.modifier
            v.note("income", player=p.name, amount=self.income(t), plot=plot.name, income=plot.income or 0,
                   modifier=f"{modifiers:+d}")

    def apply(self, t: Table) -> None:
        p = t.players[self.player]
        p.gold += self.income(t)
        p.income_round = t.round
        p.income_modifier = self.modifier


@dataclass(frozen=True, slots=True)
class _Pool(Action):
    """Gold into or set in a player's pool: possible at any time, nothing to check."""

    player: SeatRef
    amount: Amount
    starts_phase_body = False

    def check(self, t: Table, v: Checker) -> None:
        pass


@action("gain_gold", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class GainGold(_Pool):
    """Gold from the treasury: an effect or anything else the companion does not track; ``source`` names the card whose
    ability gains it (Calling the Banners' "gain 1 gold for each …"), judged as every ability's source is (its phase
    label, its printed limit, its trigger's moment)."""

    phone = Phone(tally=Tally("gold", 1))
    source: CardRef | None = None

    def check(self, t: Table, v: Checker) -> None:
        # Calling the Banners: "Choose an opponent. Gain 1 gold for each character that player controls.": as many as
        # one opponent controls now (in a game of two, the opponent; with more, the most any of them controls).
        # Trade Routes: "Choose a player. Gain 1 gold for each location that player controls.": any player ("any:")
        if self.source is not None and self.source in t.where and (kind := t.card(self.source).gold_per_opponents):
            anyone, kind = kind.startswith("any:"), kind.removeprefix("any:")
            counts = [sum(1 for c in in_play_controlled(t, s) if t.card(c).type == kind)  # duplicates aside
                      for s in t.seats if (anyone or s != self.player) and not t.players[s].eliminated]
            if counts and self.amount > max(counts):
                v.violate("gold.per-count", (self.source,), card=t.ref(self.source), amount=self.amount,
                          most=max(counts), kind=msg(f"type.{kind}"))
        check_amount_instead(t, v, self.player, self.source, "gold", self.amount)
        check_kneel_cost(t, v, self.source, "gain")  # "Kneel Northern Encampment to gain 2 gold." while it kneels
        # Devout Freerider: "During the challenges phase, each player cannot gain gold." (anyone's card in play)
        barring = next((cid for seat in t.seats for cid in printed_cards(t, seat)
                        if t.card(cid).no_gold_in == t.phase.value), None)
        if barring is not None:
            v.violate("gold.cannot-gain", (barring,), player=t.players[self.player].name, card=t.ref(barring))

    def apply(self, t: Table) -> None:
        note_kneel_cost(t, self.source, "gain")
        t.players[self.player].gold += self.amount
        spent = t.gold_spent
        if self.source is None and spent is not None and spent[0] != self.player and spent[1] == self.amount \
                and spent[2] == t.version - 1:
            t.gold_given = (spent[0], self.player, self.amount, t.version)  # a gift written as two lines


@action("spend_gold", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class SpendGold(Action):
    """Gold spent on something the companion does not track (an ability's cost, …)."""

    phone = Phone(tally=Tally("gold", -1))
    player: SeatRef
    amount: Amount
    starts_phase_body = False

    def check(self, t: Table, v: Checker) -> None:
        gold = t.players[self.player].gold
        if self.amount > gold:
            v.violate("gold.insufficient", player=self.player, cost=self.amount, gold=gold)

    def apply(self, t: Table) -> None:
        t.players[self.player].gold -= self.amount
        t.gold_spent = (self.player, self.amount, t.version)


@action("set_gold", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class SetGold(_Pool):
    """Correct the gold pool to what lies on the table; ``reason`` says why (a judge's ruling), kept in the log and
    shown with it."""

    phone = Phone(control="gold.set")
    reason: Reason | None = None

    def check(self, t: Table, v: Checker) -> None:
        if self.reason is not None:
            v.note("corrected", reason=self.reason)

    def apply(self, t: Table) -> None:
        t.players[self.player].gold = self.amount


@action("return_unspent_gold", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class ReturnUnspentGold(Action):
    """Taxation: every player (or one) returns all unspent gold to the treasury."""

    player: SeatRef | None = None

    def check(self, t: Table, v: Checker) -> None:
        # a plot that returned the gold as this phase began (Supporting the Faith): the line records that
        if t.phase is not Phase.TAXATION and not plot_returns_gold(t, t.phase):
            v.violate("gold.taxation-phase", phase=t.phase)

    def apply(self, t: Table) -> None:
        for seat in [self.player] if self.player else t.seats:
            if t.phase is Phase.TAXATION:
                return_gold(t.round, t.players[seat])
            else:  # a plot returned it as another phase began (Supporting the Faith): not taxation's gold
                t.players[seat].gold = 0
        if self.player is None and t.phase is Phase.TAXATION:
            t.gold_due_back = False  # recorded for every player: the phase's own return is done
