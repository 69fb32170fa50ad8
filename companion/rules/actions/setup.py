"""Setup: the setup hand's one mulligan; cards placed for their printed cost (face up at once, or face down until
the reveal), or into shadows for 2, out of the setup gold; the reveal ends setup and the unspent setup gold is
lost."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.rules.actions.base import (
    Action,
    Amount,
    CardRef,
    Confirm,
    Offer,
    Phone,
    Recorder,
    SeatRef,
    Where,
    Whose,
    action,
)
from companion.rules.actions.common import (
    check_attachment,
    check_house_only,
    require_in_hand,
    take_from_hand,
)
from companion.rules.actions.ending import decked
from companion.rules.actions.flow import SETUP_HAND
from companion.rules.check import Checker, type_name
from companion.rules.editions import Table
from companion.rules.placing import (
    attaches_at_reveal,
    enter_play,
    reveal_setup_cards,
    setup_duplicate,
    setup_face_down_cards,
)
from companion.rules.state import Phase, Zone
from companion.rules.values import deck_count, hand_count
from companion.rules.verdict import msg


def _check_setup_gold(t: Table, v: Checker, player: str, cost: int) -> None:
    """A setup card is paid from the setup gold; an agenda may forbid setup cards altogether."""
    if forbids := [a for a in t.players[player].zones[Zone.AGENDA] if t.card(a).no_setup_cards]:
        v.violate("setup.agenda-forbids", (forbids[0],), player=t.players[player].name, card=t.ref(forbids[0]))
    spent = t.players[player].setup_gold_spent + cost
    if spent > (limit := t.setup_gold_of(player)):
        v.violate("setup.gold", player=player, spent=spent, limit=limit)


def _check_setup_phase(t: Table, v: Checker) -> None:
    if t.phase is not Phase.SETUP:
        v.violate("setup.phase", phase=t.phase)
    elif t.setup_revealed:
        v.violate("setup.revealed")


def placed_setup_cards(t: Table, seat: str) -> bool:
    """Whether the seat has placed setup cards: face down, face up or into shadows (in setup no card of a player's
    comes into play or shadows any other way: card abilities are inactive then, FAQ 1.9), or spent setup gold."""
    p = t.players[seat]
    return bool(p.setup_face_down or p.zones[Zone.PLAY] or p.zones[Zone.SHADOWS] or p.setup_gold_spent)


def _mulligan_hand(t: Table, seat: str) -> list[str]:
    """The named cards of the setup hand a mulligan shuffles back: the hand but the face-down setup cards, which
    lie on the table (the model keeps them in the hand until the reveal)."""
    p = t.players[seat]
    return [c for c in p.zones[Zone.HAND] if c not in p.setup_face_down]


@action("mulligan", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class Mulligan(Action):
    """The player shuffles the 7-card setup hand back into the draw deck and draws 7 new cards (RR: Setup: one
    optional mulligan, before the setup cards are placed). Nothing is shown: the other seats learn the counts."""

    phone = Phone(control="setup.mulligan", confirm=Confirm("confirmMulligan"))
    player: SeatRef
    starts_phase_body = False

    def check(self, t: Table, v: Checker) -> None:
        p = t.players[self.player]
        if t.phase is not Phase.SETUP:
            v.violate("setup.mulligan-phase", player=p.name, phase=t.phase)
        elif t.setup_revealed:
            v.violate("setup.revealed")
        elif placed_setup_cards(t, self.player):
            v.violate("setup.mulligan-placed", player=p.name)
        elif p.counts_known and hand_count(t, self.player) != SETUP_HAND:  # the setup hand, once it is drawn
            v.violate("setup.mulligan-hand", player=p.name, count=hand_count(t, self.player))
        if p.mulligan_taken:
            v.violate("setup.mulligan-once", player=p.name)
        if not t.has_mulligan:
            v.violate("setup.mulligan-1e", player=p.name)
        holding = hand_count(t, self.player) - len(p.setup_face_down)
        left = deck_count(t, self.player) + holding
        if left < SETUP_HAND:  # seven new cards cannot be drawn from fewer, as a setup draw cannot
            v.violate("draw.deck-short", player=p.name, count=SETUP_HAND, left=left)

    def apply(self, t: Table) -> None:
        p = t.players[self.player]
        for card in _mulligan_hand(t, self.player):
            t.move(card, t.instance(card).owner, Zone.DECK)
        # Shuffled: the deck's order is unknown, and its list says nothing of which cards the hand held.
        p.zones[Zone.DECK].sort()
        p.drawn_unnamed = min(SETUP_HAND, len(p.zones[Zone.DECK]))
        # The whole hand went back, whatever it held: the counts are known again (a card taken as drawn no longer
        # leaves one unrecorded in the hand).
        p.counts_known = True
        p.mulligan_taken = True
        decked(t, self.player)


@action("setup_into_shadows", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class SetupIntoShadows(Action):
    """A setup card placed face down in the player's shadows area (a Shadow card)."""

    deck_cards_only = True

    phone = Phone(
        offered=(Offer((Where.HAND, Where.DECK), Whose.OWN, phases=(Phase.SETUP,)),),
        usual_in=(Phase.SETUP,),
        rank=2,
    )
    player: SeatRef
    card: CardRef

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        return [cls(seat, card)] if t.may_enter_shadows(t.card(card)) else []

    def check(self, t: Table, v: Checker) -> None:
        _check_setup_phase(t, v)
        require_in_hand(t, v, self.player, self.card, "setup.from-hand")
        check_house_only(t, v, self.player, self.card)  # 1st edition "House Lannister only." (into Shadows too)
        restriction = t.setup_shadows_restriction(t.card(self.card))
        if restriction:
            v.violate(restriction, (self.card,), card=t.ref(self.card))
        _check_setup_gold(t, v, self.player, t.shadows_cost)

    def apply(self, t: Table) -> None:
        take_from_hand(t, self.player, self.card)
        t.players[self.player].setup_gold_spent += t.shadows_cost
        t.move(self.card, t.instance(self.card).owner, Zone.SHADOWS)


@action("setup_place", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class SetupPlace(Action):
    """A setup card placed face up at once (an attachment onto one of your cards already in play)."""

    deck_cards_only = True

    phone = Phone(
        offered=(Offer((Where.HAND, Where.DECK), Whose.OWN, not_types=("event",), phases=(Phase.SETUP,),
    each_target=True),),
        rank=3,
    )
    player: SeatRef
    card: CardRef
    attach_to: CardRef | None = None
    cost: Amount | None = None
    face_down: ClassVar[bool] = False

    def setup_cost(self, t: Table) -> int:
        if setup_duplicate(t, self.player, self.card):
            return 0  # extra copies of a unique are free and become duplicates
        if self.cost is not None:  # never below the printed cost: no reducer applies in setup (FAQ 1.9)
            return max(self.cost, t.printed_cost(t.card(self.card)))
        return t.printed_cost(t.card(self.card)) + t.gold_penalty(self.player, t.card(self.card))

    def check(self, t: Table, v: Checker) -> None:
        c = t.card(self.card)
        _check_setup_phase(t, v)
        require_in_hand(t, v, self.player, self.card, "setup.from-hand")
        if c.type not in ("character", "location", "attachment"):
            v.violate("setup.type", (self.card,), card=t.ref(self.card), type=type_name(c.type))
        if c.never_marshaled:  # War Elephants: "… cannot be marshaled or placed during setup."
            v.violate("setup.never", (self.card,), card=t.ref(self.card))
        check_house_only(t, v, self.player, self.card)
        restriction = t.marshal_restriction(c)
        if restriction:
            v.violate(restriction, (self.card,), card=t.ref(self.card))
        dup = setup_duplicate(t, self.player, self.card)
        if dup:
            v.note("duplicate-free", (self.card, dup), card=t.ref(self.card), copy=t.ref(dup))
        elif c.limited:
            placed = [o for o in t.zone(self.player, Zone.PLAY) if not t.in_play[o].duplicate_of]
            for other in placed + setup_face_down_cards(t, self.player):
                if other != self.card and t.card(other).limited:
                    v.violate("setup.limited", (self.card, other), player=self.player, other=t.ref(other))
                    break
        if self.face_down:
            v.note("setup-face-down", (self.card,), card=t.ref(self.card))
            if self.attach_to is not None and t.instance(self.attach_to).owner != self.player:
                # FAQ: Attachments in Setup: only onto one's own cards; known now, though the rest waits for the reveal
                v.violate("attach.target", (self.card, self.attach_to), card=t.ref(self.card),
                          target=t.ref(self.attach_to), reason=msg("attach.setup-own-only"))
        elif not dup:
            check_attachment(t, v, self.player, self.card, self.attach_to, discard_if_none=False, own_only=True)
        if not dup and self.cost is not None and self.cost < t.printed_cost(c):
            # RR: Setup counts printed costs; FAQ (1.9): abilities are not active in setup, so nothing lowers one
            v.violate("setup.cost-reduced", (self.card,), card=t.ref(self.card), paid=self.cost,
                      cost=t.printed_cost(c))
        _check_setup_gold(t, v, self.player, self.setup_cost(t))

    def apply(self, t: Table) -> None:
        take_from_hand(t, self.player, self.card)
        t.players[self.player].setup_gold_spent += self.setup_cost(t)
        enter_play(t, self.player, self.card, self.attach_to, discard_if_no_target=False, setup=True)


@action("setup_face_down", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class SetupFaceDown(SetupPlace):
    """A setup card placed face down; it stays hidden until ``reveal_setup``. An attachment names the card it
    will go on (which may itself still lie face down); that is checked at the reveal."""

    phone = Phone(
        offered=(Offer((Where.HAND, Where.DECK), Whose.OWN, not_types=("event",), phases=(Phase.SETUP,)),),
        # first in the menu: setup cards are placed face down and revealed together (RR: Setup); face up shows
        # them to the table at once
        usual_in=(Phase.SETUP,),
        rank=1,
    )
    face_down: ClassVar[bool] = True

    def check(self, t: Table, v: Checker) -> None:
        if self.card in setup_face_down_cards(t, self.player):
            v.violate("setup.already-placed", (self.card,), card=t.ref(self.card))
            return
        SetupPlace.check(self, t, v)

    def apply(self, t: Table) -> None:
        t.players[self.player].setup_gold_spent += self.setup_cost(t)
        take_from_hand(t, self.player, self.card)  # face down "from hand", like every setup card
        t.players[self.player].setup_face_down[self.card] = self.attach_to


@action("reveal_setup", records=Recorder.TABLE)
@dataclass(frozen=True, slots=True)
class RevealSetup(Action):
    """All players reveal their face-down setup cards at once; this ends setup."""

    # A newcomer trial: one player's reveal ended the other's setup, who was still choosing, unasked.
    phone = Phone(offered=(Offer((Where.TABLE,), phases=(Phase.SETUP,)),),
                  confirm=Confirm("confirmRevealWhileChoosing",
                                  when="while another player holds a setup hand and has placed no setup card"))
    starts_phase_body = False

    @staticmethod
    def choosing(t: Table) -> list[str]:
        """The seats still choosing their setup cards: no setup card placed (the setup hand drawn or not)."""
        return [s for s in t.seats if not placed_setup_cards(t, s) and not t.players[s].eliminated]

    def question(self, t: Table, asker: str | None = None) -> dict[str, Any] | None:
        """Setup ends for every player at the reveal: the players still choosing theirs (but the asker)."""
        others = [t.players[s].name for s in self.choosing(t) if s != asker]
        return msg("confirmRevealWhileChoosing", players=", ".join(others)) if others else None

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        face_down = any(p.setup_face_down for p in t.players.values())  # nothing to reveal: setup just ends
        return [cls()] if face_down and not t.setup_revealed else []

    def check(self, t: Table, v: Checker) -> None:
        _check_setup_phase(t, v)
        # Attachments need an eligible card their owner controls once everything else is face up.
        twin = t.clone()
        attachments: dict[str, list[str]] = {}
        for seat in t.seats:
            cards = setup_face_down_cards(t, seat)
            attachments[seat] = [c for c in cards if attaches_at_reveal(t, seat, c)]
            twin.players[seat].setup_face_down = {c: None for c in cards if c not in attachments[seat]}
        reveal_setup_cards(twin)
        for seat in t.player_order():
            cards = setup_face_down_cards(t, seat)
            if cards:
                v.note("setup-revealed", tuple(cards), player=seat, names=[t.ref(c) for c in cards])
            lost = t.setup_gold_left(seat)
            if lost > 0:
                v.note("setup-gold-lost", player=seat, gold=lost)
            for card in attachments[seat]:
                check_attachment(twin, v, seat, card, t.players[seat].setup_face_down[card],
                                 discard_if_none=False, own_only=True)

    def apply(self, t: Table) -> None:
        reveal_setup_cards(t)
