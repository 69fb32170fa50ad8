"""Coming out of shadows (bring out, play an event, put into play) and going into shadows by an effect."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.rules.actions.base import Action, Amount, CardRef, Recorder, SeatRef, action
from companion.rules.actions.common import (
    check_attachment,
    check_limited,
    check_payment,
    check_unique_entry,
    duplicate_target,
    enter_play,
    leave_to,
    note_leaving_play,
    note_owner_area,
    note_tokens_discarded,
    place_name,
)
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import Zone


def shadow_cost(
    t: Table, v: Checker | None, card: str, choice: int | Literal["X"] | None, x: int | None
) -> int:
    """The shadow cost paid: the chosen Shadow value (the controller picks among several;
    the lowest by default), X as stated, plus any 1st-edition gold penalty."""
    c = t.card(card)
    values = c.shadow_costs
    if not values:
        # Shadow granted by an effect ("X is its printed cost") is not in the card facts.
        return t.printed_cost(c)
    chosen: int | Literal["X"]
    if choice is None:
        numbers = [n for n in values if isinstance(n, int)]
        chosen = min(numbers) if numbers else "X"
    elif choice in values:
        chosen = choice
    else:
        if v is not None:
            v.violate("shadows.cost-choice", (card,), card=t.name(card),
                      costs=", ".join(str(n) for n in values), chosen=str(choice))
        chosen = choice
    if chosen == "X":
        if x is None and v is not None:
            v.violate("shadows.x-needs-value", (card,), card=t.name(card))
        return x or 0
    return int(chosen)


def _check_in_own_shadows(t: Table, v: Checker, player: str, card: str) -> None:
    if t.where[card] != (player, Zone.SHADOWS):
        v.violate("shadows.not-in-shadows", (card,), card=t.name(card), player=player, zone=place_name(t, card))


@dataclass(frozen=True, slots=True)
class _PaidFromShadows(Action):
    player: SeatRef
    card: CardRef
    shadow: Amount | Literal["X"] | None = None  # which Shadow value, when the card has several
    x: Amount | None = None  # the value of X for Shadow (X)
    cost: Amount | None = None  # gold actually paid, when an effect changed the cost
    starts_phase_body = False

    def expected_cost(self, t: Table, v: Checker | None = None) -> int:
        base = shadow_cost(t, v, self.card, self.shadow, self.x)
        return base + t.gold_penalty(self.player, t.card(self.card))

    def check_common(self, t: Table, v: Checker) -> None:
        _check_in_own_shadows(t, v, self.player, self.card)
        t.check_come_out_timing(self.player, v)
        penalty = t.gold_penalty(self.player, t.card(self.card))
        if penalty:
            v.note("out-of-house", (self.card,), card=t.name(self.card), player=self.player, penalty=penalty)
        check_payment(t, v, self.player, self.expected_cost(t, v), self.cost)
        note_tokens_discarded(t, v, self.card)

    def pay(self, t: Table) -> None:
        t.players[self.player].gold -= self.expected_cost(t) if self.cost is None else self.cost
        t.came_out(self.player)


@action("bring_out", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class BringOut(_PaidFromShadows):
    """Pay a character's, location's or attachment's shadow cost to bring it into play face up."""

    attach_to: CardRef | None = None

    def check(self, t: Table, v: Checker) -> None:
        c = t.card(self.card)
        if c.type == "event":
            v.violate("shadows.event-brought-out", (self.card,), card=t.name(self.card))
        check_unique_entry(t, v, self.player, self.card, from_shadows=True)
        dup = duplicate_target(t, self.player, self.card)
        if dup:
            v.note("duplicate", (self.card, dup), card=t.name(self.card), copy=t.name(dup))
        else:
            check_attachment(t, v, self.player, self.card, self.attach_to, discard_if_none=True)
        if c.limited:
            v.note("limited-ignored", (self.card,), card=t.name(self.card))
        self.check_common(t, v)

    def apply(self, t: Table) -> None:
        self.pay(t)
        enter_play(t, self.player, self.card, self.attach_to, discard_if_no_target=True)


@action("play_event_from_shadows", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class PlayEventFromShadows(_PaidFromShadows):
    """Play an event from shadows for its shadow cost; it goes to its owner's discard pile."""

    def check(self, t: Table, v: Checker) -> None:
        c = t.card(self.card)
        if c.type != "event":
            v.violate("shadows.not-an-event", (self.card,), card=t.name(self.card))
        if c.limited:
            check_limited(t, v, self.player, self.card)
            v.note("limited-event-counts", (self.card,), card=t.name(self.card), player=self.player)
        self.check_common(t, v)

    def apply(self, t: Table) -> None:
        self.pay(t)
        if t.card(self.card).limited:
            t.players[self.player].limited_round = t.round
        t.move(self.card, t.instance(self.card).owner, Zone.DISCARD)


@action("put_into_play_from_shadows", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class PutIntoPlayFromShadows(Action):
    """A card effect puts a card from shadows into play: no shadow cost; events cannot be."""

    player: SeatRef
    card: CardRef
    attach_to: CardRef | None = None

    def check(self, t: Table, v: Checker) -> None:
        c = t.card(self.card)
        _check_in_own_shadows(t, v, self.player, self.card)
        if c.type == "event":
            v.violate("shadows.put-into-play-event", (self.card,), card=t.name(self.card))
        check_unique_entry(t, v, self.player, self.card, from_shadows=True)
        dup = duplicate_target(t, self.player, self.card)
        if dup:
            v.note("duplicate", (self.card, dup), card=t.name(self.card), copy=t.name(dup))
        else:
            check_attachment(t, v, self.player, self.card, self.attach_to, discard_if_none=True)
        if c.limited:
            v.note("limited-ignored", (self.card,), card=t.name(self.card))
        note_tokens_discarded(t, v, self.card)

    def apply(self, t: Table) -> None:
        enter_play(t, self.player, self.card, self.attach_to, discard_if_no_target=True)


@action("put_into_shadows", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class PutIntoShadows(Action):
    """A card effect puts or returns a card into shadows: face down, in its owner's shadows area."""

    player: SeatRef  # whose effect it is
    card: CardRef

    def check(self, t: Table, v: Checker) -> None:
        c = t.card(self.card)
        if t.edition == "1e" and not t.may_enter_shadows(c):
            v.violate("shadows.no-crest", (self.card,), card=t.name(self.card))
        note_owner_area(t, v, self.card, Zone.SHADOWS)
        if t.zone_of(self.card) is Zone.PLAY:
            note_leaving_play(t, v, self.card)

    def apply(self, t: Table) -> None:
        if t.zone_of(self.card) is not Zone.SHADOWS:
            leave_to(t, self.card, Zone.SHADOWS)
