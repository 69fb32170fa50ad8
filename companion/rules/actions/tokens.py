"""Tokens on cards (in play or in shadows) and in a player's pool. Tokens are open information."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from companion.rules.actions.base import (
    Action,
    Amount,
    CardRef,
    Offer,
    Phone,
    Recorder,
    SeatRef,
    Where,
    Word,
    Words,
    action,
)
from companion.rules.actions.common import check_immune
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import TOKEN_ZONES, ActionError
from companion.rules.verdict import Param, msg


@dataclass(frozen=True, slots=True)
class _Tokens(Action):
    affects_card = True
    player: SeatRef
    kind: Annotated[Word, Words("token")]
    amount: Amount = 1
    card: CardRef | None = None  # None: the player's own pool
    source: CardRef | None = None  # the card effect that places (removes) them
    starts_phase_body = False
    needs_owner = False  # tokens on a face-down card move nothing and reveal nothing

    def validate(self, table: Table) -> None:
        Action.validate(self, table)
        if self.amount < 1:
            raise ActionError(f"{self.type}: amount must be at least 1 (got {self.amount})")

    @property
    def pool_gold(self) -> bool:
        """Gold in the player's own pool: the gold pool itself (as gain_gold and spend_gold move it), so a line that
        takes bestowed gold out of the pool before placing it on the card counts it once (FAQ: Bestow)."""
        return self.kind == "gold" and self.card is None

    def where(self, t: Table) -> Param:
        return t.ref(self.card) if self.card else msg("ref.pool", seat=self.player)

    def pile(self, t: Table) -> dict[str, int] | None:
        if self.card is None:
            return t.players[self.player].tokens
        if t.zone_of(self.card) not in TOKEN_ZONES:
            return None
        return t.tokens.setdefault(self.card, {})

    def check_where(self, t: Table, v: Checker) -> None:
        if self.card is not None:
            check_immune(t, v, self.card, self.source)
        if self.card is not None and t.zone_of(self.card) not in TOKEN_ZONES:
            v.violate("tokens.where", (self.card,), card=t.ref(self.card), zone=t.zone_of(self.card))


@action("place_tokens", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class PlaceTokens(_Tokens):
    """Tokens (power, gold, shadow, …) placed on a card in play or in shadows, or in the player's pool."""

    phone = Phone(offered=(Offer((Where.SHADOWS,), face_down=True), Offer((Where.PLAY,))), rank=70, repeats=True)

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        # Only the zone, never the card: this is offered for a face-down card too.
        kinds = ("shadow",) if where is Where.SHADOWS else ("power", "gold")
        return [cls(seat, kind, 1, card) for kind in kinds]

    def check(self, t: Table, v: Checker) -> None:
        self.check_where(t, v)
        # RR: Bestow: "As a card with bestow enters play, its controller may place up to X gold from his or her gold
        # pool on that card": more than X at once on one in play with no gold yet is more than its bestow.
        if self.kind == "gold" and self.card is not None and self.card in t.in_play and (
                most := t.card(self.card).bestow) is not None and self.amount > most and \
                not t.tokens_on(self.card).get("gold", 0):
            v.violate("tokens.bestow", (self.card,), card=t.ref(self.card), amount=self.amount, most=most)

    def apply(self, t: Table) -> None:
        if self.pool_gold:
            t.players[self.player].gold += self.amount
            return
        pile = self.pile(t)
        if pile is not None:
            pile[self.kind] = pile.get(self.kind, 0) + self.amount


@action("remove_tokens", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class RemoveTokens(_Tokens):
    """Tokens taken off a card or out of the player's pool."""

    phone = Phone(offered=(Offer((Where.PLAY,)),), rank=75, repeats=True)

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        return [cls(seat, kind, 1, card) for kind in sorted(t.tokens_on(card))]

    def check(self, t: Table, v: Checker) -> None:
        if self.pool_gold:
            gold = t.players[self.player].gold
            if self.amount > gold:
                v.violate("gold.insufficient", player=self.player, cost=self.amount, gold=gold)
            return
        self.check_where(t, v)
        have = (t.tokens_on(self.card) if self.card else t.players[self.player].tokens).get(self.kind, 0)
        if have < self.amount:
            v.violate("tokens.not-enough", (self.card,) if self.card else (), have=have, kind=self.kind,
                      where=self.where(t), amount=self.amount)

    def apply(self, t: Table) -> None:
        if self.pool_gold:
            t.players[self.player].gold -= self.amount
            return
        pile = self.pile(t)
        if pile is None:
            return
        left = pile.get(self.kind, 0) - self.amount
        if left > 0:
            pile[self.kind] = left
        else:
            pile.pop(self.kind, None)
