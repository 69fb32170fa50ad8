"""The taxation phase's reserve check (RR: Appendix I › 7.3; RR: Reserve Value): in player order, a player with
more cards in hand than its reserve value chooses and discards down to it, and only then; no discarding while
at or below it. Unspent gold returns to the treasury as the phase begins (7.2, ``begin_phase``)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.actions.base import Action, CardList, Phone, Recorder, SeatRef, action
from companion.rules.actions.common import leave_to, require_in_hand, take_from_hand
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import Phase, Zone
from companion.rules.values import hand_count, reserve, reserve_excess


@action("discard_to_reserve", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class DiscardToReserve(Action):
    """A player discards from hand down to its reserve value in the taxation phase (``cards``: the ones it
    chooses): exactly the cards over the reserve, once, in player order."""

    phone = Phone(control="reserve.discard")
    player: SeatRef
    cards: CardList

    def check(self, t: Table, v: Checker) -> None:
        p = t.players[self.player]
        value = reserve(t, self.player)
        if t.phase is not Phase.TAXATION:
            v.violate("reserve.phase", phase=t.phase)
        if value is None:
            v.violate("reserve.none", player=p.name)
        # A discard recorded short (advisory) leaves the player over the reserve: "discard down to the reserve value"
        # still asks the rest, so a second line with exactly the cards still over it is that same discard (aside64 04).
        rest = value is not None and p.counts_known and reserve_excess(t, self.player) > 0
        if p.reserve_round == t.round and t.phase is Phase.TAXATION and not rest:
            v.violate("reserve.once", player=p.name)
        for card in self.cards:
            require_in_hand(t, v, self.player, card, "reserve.from-hand")
        if value is not None and p.counts_known:
            excess = reserve_excess(t, self.player)
            if excess == 0 and self.cards:
                v.violate("reserve.under", player=p.name, hand=hand_count(t, self.player), reserve=value)
            elif len(self.cards) != excess:
                v.violate("reserve.count", player=p.name, hand=hand_count(t, self.player), reserve=value,
                          count=len(self.cards), excess=excess)
        for seat in t.player_order():
            if seat == self.player:
                break
            if reserve_excess(t, seat) and t.players[seat].reserve_round != t.round:
                v.violate("reserve.order", player=p.name, earlier=t.players[seat].name)
                break

    def apply(self, t: Table) -> None:
        for card in self.cards:
            if t.where[card][1] in (Zone.HAND, Zone.DECK) and t.where[card][0] == self.player:
                take_from_hand(t, self.player, card)
                leave_to(t, card, Zone.DISCARD)
        t.players[self.player].reserve_round = t.round
