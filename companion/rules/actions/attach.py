"""Moving an attachment in play to another card."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.actions.base import (
    MAX_TARGETS,
    Action,
    CardRef,
    Offer,
    Phone,
    Recorder,
    SeatRef,
    Where,
    Whose,
    action,
)
from companion.rules.actions.common import check_attachment, legal_attach_targets, place_name
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import Zone


@action("move_attachment", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class MoveAttachment(Action):
    """A card effect moves an attachment in play to another card (Lady: "attach Lady to a different character"; 1st
    edition Poisoned Wine: "move Poisoned Wine to another eligible character"), under its attach restrictions as when
    it was marshalled; its controller stays."""

    phone = Phone(offered=(Offer((Where.PLAY,), Whose.OWN, types=("attachment",)),), rank=96, by_effect=True)
    affects_card = True
    player: SeatRef
    card: CardRef
    attach_to: CardRef
    source: CardRef | None = None  # the card whose ability moves it (often the attachment itself)

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        """One entry per card it may lie on, but the one it lies on ("a different character")."""
        host = t.in_play[card].attached_to if card in t.in_play else None
        targets = [x for x in legal_attach_targets(t, t.card(card), by=seat) if x != host][:MAX_TARGETS]
        return [cls(seat, card, target) for target in targets]

    def check(self, t: Table, v: Checker) -> None:
        if t.zone_of(self.card) is not Zone.PLAY:
            v.violate("play.not-in-play", (self.card,), card=t.ref(self.card), zone=place_name(t, self.card))
            return
        check_attachment(t, v, self.player, self.card, self.attach_to, discard_if_none=False)

    def apply(self, t: Table) -> None:
        t.in_play[self.card].attached_to = self.attach_to
