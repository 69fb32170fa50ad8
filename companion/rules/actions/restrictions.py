"""Lasting restrictions from card effects, e.g. No Surprises: a player "cannot bring cards out of shadows"
or "cannot play events" until the end of the phase (or round). They expire by themselves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from companion.rules.actions.base import Action, CardRef, Offer, Phone, Recorder, SeatRef, Where, Whose, Words, action
from companion.rules.actions.common import place_name, restriction_words, until_words
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import ActionError, Phase, Restriction, Zone


@action("restrict", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class Restrict(Action):
    """A card effect forbids a player something until the end of the phase or round (RR: Lasting Effects).

    ``bring_out`` blocks bringing cards out of shadows, putting them into play from shadows (FAQ: No Surprises)
    and playing events from shadows; ``play_events`` blocks playing events from hand or from shadows; ``defend``
    forbids the target's ``card`` to be declared as a defender (Ghost: "that character cannot be declared as a
    defender for any challenges until the end of the phase")."""

    # No Surprises and the like: from one's own event, or from the table.
    phone = Phone(
        offered=(Offer((Where.HAND, Where.DECK), Whose.OWN, types=("event",), not_phases=(Phase.SETUP,)),
    Offer((Where.SHADOWS,), Whose.OWN, types=("event",)), Offer((Where.TABLE,))),
        rank=60,
    )
    player: SeatRef  # whose effect it is
    target: SeatRef  # the player restricted
    restriction: Annotated[Literal["bring_out", "play_events", "defend"], Words("restriction")]
    until: Annotated[Literal["phase", "round"], Words("until")] = "phase"
    source: CardRef | None = None  # the card whose effect it is
    card: CardRef | None = None  # the target's card it binds (``defend``)

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        """What an effect of ``seat`` may forbid each opponent until the end of the phase."""
        kinds: tuple[Literal["bring_out", "play_events"], ...] = ("bring_out", "play_events")
        return [cls(seat, other, kind, "phase", card or None) for other in t.seats if other != seat for kind in kinds]

    def validate(self, table: Table) -> None:
        Action.validate(self, table)
        if (self.restriction == "defend") != (self.card is not None):
            raise ActionError("restrict: 'card' names the character of 'defend' (and only there)")

    def check(self, t: Table, v: Checker) -> None:
        if self.card is not None and (t.zone_of(self.card) is not Zone.PLAY or t.controller(self.card) != self.target):
            v.violate("play.not-in-play", (self.card,), card=t.ref(self.card), zone=place_name(t, self.card))
        v.note("restricted", (self.source,) if self.source else (), player=self.target,
               what=restriction_words(self.restriction), until=until_words(self.until))

    def apply(self, t: Table) -> None:
        t.players[self.target].restrictions.append(Restriction(self.restriction, self.until, self.source, self.card))
