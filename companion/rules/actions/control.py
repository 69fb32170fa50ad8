"""Taking control of a card in play, and control reverting when the effect ends."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.actions.base import Action, CardRef, Offer, Phone, Recorder, SeatRef, Where, Whose, action
from companion.rules.actions.common import check_immune, place_name
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import Zone


@action("take_control", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class TakeControl(Action):
    """A card effect takes control of another player's card in play; its duplicates go with it."""

    phone = Phone(offered=(Offer((Where.PLAY,), Whose.OPPONENT),), rank=95, by_effect=True)
    affects_card = True
    player: SeatRef
    card: CardRef
    source: CardRef | None = None  # the card effect that takes control (of control_reverts: the one that ends)

    def check(self, t: Table, v: Checker) -> None:
        name = t.ref(self.card)
        check_immune(t, v, self.card, self.source)
        if t.zone_of(self.card) is not Zone.PLAY:
            v.violate("play.not-in-play", (self.card,), card=name, zone=place_name(t, self.card))
            return
        if t.in_play[self.card].controller == self.player:
            v.violate("control.same-player", (self.card,), card=name, player=self.player)
        self.note_dependents(t, v, self.player)
        c = t.card(self.card)
        if not c.unique:
            return
        for other in t.copies_in_play(c.title_key, exclude=self.card):
            if self.player in (t.instance(other).owner, t.in_play[other].controller):
                v.violate("unique.take-control", (self.card, other), card=name, copy=t.ref(other), player=self.player)
                break
        for dead in t.copies_in(c.title_key, self.player, Zone.DEAD):
            v.violate("unique.take-control-dead-pile", (self.card, dead), card=name, copy=t.ref(dead),
                      player=self.player)
            break

    def apply(self, t: Table) -> None:
        ip = t.in_play.get(self.card)
        if ip is None or ip.controller == self.player:
            return
        ip.control_stack.append(self.player)
        self._move_area(t, self.player)

    def _move_area(self, t: Table, seat: str) -> None:
        """The card and its duplicates change control together; attachments keep their own controllers."""
        for card in (self.card, *(d for d in t.dependents(self.card) if t.in_play[d].duplicate_of)):
            old = t.where[card][0]
            t.players[old].zones[Zone.PLAY].remove(card)
            t.players[seat].zones[Zone.PLAY].append(card)
            t.where[card] = (seat, Zone.PLAY)
            t.in_play[card].controller = seat

    def note_dependents(self, t: Table, v: Checker, seat: str) -> None:
        deps = t.dependents(self.card)
        dups = [t.ref(d) for d in deps if t.in_play[d].duplicate_of]
        attached = [t.ref(d) for d in deps if t.in_play[d].attached_to]
        if dups:
            v.note("duplicates-follow", (self.card,), card=t.ref(self.card), copies=dups, player=seat)
        if attached:
            v.note("attachments-stay", (self.card,), card=t.ref(self.card), copies=attached)


@action("control_reverts", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class ControlReverts(TakeControl):
    """The most recent take-control effect on a card ends; control goes to the effect before, else the owner."""

    phone = Phone()  # no card menu: the end of an effect, recorded when it ends

    def check(self, t: Table, v: Checker) -> None:
        name = t.ref(self.card)
        if t.zone_of(self.card) is not Zone.PLAY:
            v.violate("play.not-in-play", (self.card,), card=name, zone=place_name(t, self.card))
            return
        stack = t.in_play[self.card].control_stack
        if not stack:
            v.violate("control.no-effect", (self.card,), card=name)
            return
        back = stack[-2] if len(stack) > 1 else t.instance(self.card).owner
        v.note("control-reverts", (self.card,), card=name, player=back)
        self.note_dependents(t, v, back)

    def apply(self, t: Table) -> None:
        ip = t.in_play.get(self.card)
        if ip is None or not ip.control_stack:
            return
        ip.control_stack.pop()
        self._move_area(t, ip.control_stack[-1] if ip.control_stack else t.instance(self.card).owner)
