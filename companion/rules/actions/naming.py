"""What a card's text names or chooses as it resolves: a challenge type, a House, a Trait, a title, an opponent, an
option."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, get_args

from companion.declare import number
from companion.rules.actions.base import Action, CardRef, Offer, Phone, Recorder, SeatRef, Where, Whose, Word, action
from companion.rules.actions.challenges import Kind
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import ActionError

#: The fields a naming line may give, in the order they are read; exactly one is given.
NAMED_FIELDS = ("kind", "house", "trait", "title", "opponent", "option")


@action("name_choice", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class NameChoice(Action):
    """What ``card``'s ability named or chose as it resolved, written right after the line that plays or reveals it:
    ``kind`` a challenge type (Calm Over Westeros: "Name a challenge type."), ``house`` a faction or House, ``trait``
    a Trait, ``title`` a card's title ("Name a card": The Iron Throne, Varys), ``opponent`` a seat ("Choose an
    opponent": A Southron Peace, Summer Harvest), or ``option`` the number of the option chosen ("Choose one: …", 1
    the first); the checks read what they know of it (Calm Over Westeros' claim; the Trait "that Trait" means in a
    target: Vanquish the Unbelievers, "A Lion Still Has Claws", 1st edition Robb Stark; a title barred for the phase:
    The Iron Throne, Varys; a challenge type barred: Parley at Storm's End), and a table that does not write it is
    not judged on it."""

    #: The phone names a challenge type for an event of its own just played (in the discard pile, behind "By a card
    #: effect…"); a House, Trait, title, opponent or option is written in the log.
    phone = Phone(offered=(Offer((Where.DISCARD,), Whose.OWN, types=("event",)),), rank=97, by_effect=True)
    player: SeatRef
    card: CardRef
    kind: Kind | None = None
    house: Word | None = None
    trait: Word | None = None
    title: Word | None = None
    opponent: SeatRef | None = None
    option: Annotated[int, number(1, 9)] | None = None

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        return [cls(seat, card, kind=kind) for kind in get_args(get_args(Kind)[0])]

    def menu_label(self) -> dict[str, Any] | None:
        return {"msg": "menu.name_choice.kind", "kind": {"msg": f"challenge.kind.{self.kind}"}} if self.kind else None

    def validate(self, table: Table) -> None:
        super(NameChoice, self).validate(table)
        if sum(getattr(self, f) is not None for f in NAMED_FIELDS) != 1:
            raise ActionError(f"{self.type}: name exactly one of {', '.join(NAMED_FIELDS)}")

    def check(self, t: Table, v: Checker) -> None:
        pass  # what may be named is the card's own text; a choice the table made is taken as written

    def apply(self, t: Table) -> None:
        which = next(f for f in NAMED_FIELDS if getattr(self, f) is not None)
        t.named[self.card] = (t.round, which, str(getattr(self, which)), t.phase.value)
