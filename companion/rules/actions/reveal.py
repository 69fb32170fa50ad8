"""Cards shown without moving (RR: Reveal; RR: Look; FAQ: Hidden Information): a player shows cards of its own to the
table, or to one seat; a seat looks at another seat's face-down card by a card effect. The cards stay where they
are; what the action shows is declared (``reveals``), and the entry's seal lets those it was shown to read it."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.actions.base import Action, CardList, CardRef, Offer, Phone, Recorder, SeatRef, Where, action
from companion.rules.actions.common import place_name
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.views import HIDDEN_ZONES


@action("reveal", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """A player reveals cards of its own hand, shadows or decks (a card effect, a claim's choice, a rules question):
    shown to every player, or to the seat ``to`` alone; they stay where they are."""

    phone = Phone(offered=(Offer((Where.HAND, Where.SHADOWS)),), rank=88, by_effect=True)
    player: SeatRef
    cards: CardList
    to: SeatRef | None = None
    starts_phase_body = False

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        if t.where[card][0] != seat:
            return []
        return [cls(seat, [card])]

    def check(self, t: Table, v: Checker) -> None:
        for card in self.cards:
            seat, zone = t.where[card]
            if seat != self.player or zone not in HIDDEN_ZONES:
                v.violate("reveal.not-own", (card,), card=t.ref(card), zone=place_name(t, card, self.player))

    def reveals(self, t: Table) -> dict[str, frozenset[str] | None]:
        return {card: None if self.to is None else frozenset({self.to}) for card in self.cards}

    def apply(self, t: Table) -> None:
        pass  # shown, not moved


@action("look_at", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class LookAt(Action):
    """A card effect lets ``player`` look at another seat's face-down card (named by its position): the card's owner
    confirms, and the entry shows the card to the two of them alone."""

    phone = Phone(offered=(Offer((Where.SHADOWS,), face_down=True),), rank=87, by_effect=True)
    player: SeatRef
    card: CardRef
    starts_phase_body = False

    def check(self, t: Table, v: Checker) -> None:
        if t.where[self.card][1] not in HIDDEN_ZONES:
            v.violate("look.not-hidden", (self.card,), card=t.ref(self.card), zone=place_name(t, self.card))

    def reveals(self, t: Table) -> dict[str, frozenset[str] | None]:
        return {self.card: frozenset({self.player})}

    def apply(self, t: Table) -> None:
        pass  # looked at, not moved
