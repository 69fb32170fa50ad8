"""Coming out of shadows (bring out, play an event, put into play) and going into shadows by an effect."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from companion.catalog.card import Cost
from companion.rules.actions.base import Action, Amount, CardRef, Offer, Phone, Recorder, SeatRef, Where, Whose, action
from companion.rules.actions.common import (
    check_cost_reduced,
    check_entering,
    check_house_only,
    check_limited,
    check_payment,
    check_play_max,
    check_play_only,
    check_plot_forbids,
    check_restrictions,
    count_limited,
    enter_play,
    event_moment,
    leave_to,
    note_leaving_play,
    note_owner_area,
    note_tokens_discarded,
    only_words,
    place_name,
    require_in_hand,
    shadow_house_surcharge,
    take_from_hand,
)
from companion.rules.actions.marshal import raise_claim, raises_claim_now
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.placing import facedown_duplicate_target, fits_any
from companion.rules.state import Phase, Zone
from companion.rules.tolls import check_toll, pay_toll
from companion.rules.values import (
    event_reducers,
    event_reduction,
    pay_gold,
    printed,
    revealed_plots_that,
    spend_reducers,
    window_waits_for,
)
from companion.rules.verdict import msg


def shadow_values(t: Table, card: str) -> tuple[Cost, ...]:
    """The card's current Shadow values: printed ones, and those it gained while in shadows."""
    slot = t.in_shadows.get(card)
    return (*t.card(card).shadow_costs, *(slot.gained if slot else ()))


def shadow_cost(
    t: Table, v: Checker | None, card: str, choice: int | Literal["X"] | None, x: int | None
) -> int:
    """The shadow cost paid: the chosen Shadow value (the controller picks among several;
    the lowest by default), X as stated."""
    values = shadow_values(t, card)
    if not values:
        # Only a card with a current Shadow value is brought out by paying (RR: Shadows › Bringing a card
        # out of shadows). A table that did it anyway most likely paid the printed cost.
        if v is not None:
            v.violate("shadows.no-shadow-value", (card,), card=t.ref(card))
        return t.printed_cost(t.card(card))
    chosen: int | Literal["X"]
    if choice is None:
        numbers = [n for n in values if isinstance(n, int)]
        chosen = min(numbers) if numbers else "X"
    elif choice in values:
        chosen = choice
    else:
        if v is not None:
            v.violate("shadows.cost-choice", (card,), card=t.ref(card),
                      costs=", ".join(str(n) for n in values), chosen=str(choice))
        chosen = choice
    if chosen == "X":
        if x is None and v is not None:
            v.violate("shadows.x-needs-value", (card,), card=t.ref(card))
        return x or 0
    return int(chosen)


def _check_in_own_shadows(t: Table, v: Checker, player: str, card: str) -> None:
    if t.where[card] != (player, Zone.SHADOWS):
        v.violate("shadows.not-in-shadows", (card,), card=t.ref(card), player=player,
                  zone=place_name(t, card, player))


@dataclass(frozen=True, slots=True)
class _PaidFromShadows(Action):
    player: SeatRef
    card: CardRef
    shadow: Amount | Literal["X"] | None = None  # which Shadow value, when the card has several
    x: Amount | None = None  # the value of X for Shadow (X)
    cost: Amount | None = None  # gold actually paid, when an effect changed the cost
    #: A card ability that brings it out at its own time (1st edition Ser Mandon Moore's "Challenges: Bring Ser Mandon
    #: Moore out of Shadows and into play by paying the rest of his gold cost."): not the beginning-of-phase chance.
    source: CardRef | None = None
    starts_phase_body = False

    def expected_cost(self, t: Table, v: Checker | None = None) -> int:
        base = shadow_cost(t, v, self.card, self.shadow, self.x)
        # Lonely Light: "While Lonely Light is standing, increase the cost for each player to bring cards out of
        # shadows by 1." (an event played from shadows is brought out of them too)
        more = sum(t.card(c).shadow_cost_up for c, ip in t.in_play.items()  # a duplicate has no text
                   if t.card(c).shadow_cost_up and not ip.kneeling and ip.duplicate_of is None
                   and printed(t, c) is not None)
        return base + more + t.gold_penalty(self.player, t.card(self.card)) + shadow_house_surcharge(
            t, self.player, self.card)

    def check_common(self, t: Table, v: Checker) -> None:
        _check_in_own_shadows(t, v, self.player, self.card)
        c = t.card(self.card)
        if self.source != self.card:  # only a card's own ability names its own time (RR: Golden Rule)
            t.check_come_out_timing(self.player, v)
            if c.shadow_unpriced:  # no number after its "s": nothing to pay, only its own ability brings it out
                v.violate("shadows.no-shadow-value", (self.card,), card=t.ref(self.card))
        elif c.comes_out_by is None and t.beginning_of_phase_shadows:
            # naming the card as its own source skips the beginning-of-phase chance: only an ability it prints may
            # (1E Shadows insert › Bringing a card out of Shadows; probe29 13: Syrio Forel has none)
            v.violate("shadows.own-ability-none", (self.card,), card=t.ref(self.card))
            t.check_come_out_timing(self.player, v)
        elif c.comes_out_by not in (None, "any") and t.phase.value != c.comes_out_by:
            v.violate("shadows.own-ability-phase", (self.card,), card=t.ref(self.card), phase=Phase(c.comes_out_by))
        step = None if t.beginning_of_phase_shadows else window_waits_for(t)
        if step is not None and (t.phase is Phase.SETUP or t.card(self.card).type != "event"):
            v.violate("shadows.no-action-window", step=msg(step))  # an event follows its own trigger
        penalty = t.gold_penalty(self.player, t.card(self.card))
        if penalty:
            v.note("out-of-house", (self.card,), card=t.ref(self.card), player=self.player, penalty=penalty)
        expected = self.expected_cost(t, v)
        check_payment(t, v, self.player, expected, self._paid(t, expected))
        # the shadow cost "is paid, or the card cannot come out" (1E Shadows insert; RR: Shadows): paying less needs a
        # card that lowers it (probe29 21)
        check_cost_reduced(t, v, self.player, self.card, expected, self.cost, "shadows.cost-reduced", "shadows")
        note_tokens_discarded(t, v, self.card)

    def gold_cost(self, t: Table) -> int | None:
        if self.x is None and shadow_values(t, self.card) and not any(
                isinstance(n, int) for n in shadow_values(t, self.card)):
            return None  # Shadow (X): the player says X
        expected = self.expected_cost(t)
        paid = self._paid(t, expected)
        return expected if paid is None else paid

    def _paid(self, t: Table, expected: int) -> int | None:
        """The gold paid: the recorded cost, or, with none written, the cost after the reductions of events played
        this phase (``event_reduction``); None: the expected cost."""
        if self.cost is not None:
            return int(self.cost)
        off = event_reduction(t, self.player, self.card, "shadows")
        return max(0, expected - off) if off else None

    def pay(self, t: Table) -> None:
        expected = self.expected_cost(t)
        paid = self._paid(t, expected)
        pay_gold(t, self.player, expected if paid is None else paid)
        if self.x is not None:  # Nightflyer's "printed cost X or lower": the X of its Shadow (X) paid
            t.x_paid[self.card] = int(self.x)
        if self.cost is not None:  # the reducers that paid for it are spent, as a marshalled card's are
            spend_reducers(t, self.player, self.card, expected - self.cost, "shadows")
        elif paid is not None:  # the events' reductions taken by themselves: those are spent
            t.players[self.player].reductions_used += [
                (t.round, cid, i) for cid, i, _ in event_reducers(t, self.player, self.card, "shadows")]
        if self.source != self.card:  # its own ability leaves the player's beginning-of-phase chance as it was
            t.came_out(self.player, self.card)


@action("bring_out", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class BringOut(_PaidFromShadows):
    """Pay a character's, location's or attachment's shadow cost to bring it into play face up."""

    phone = Phone(
        offered=(Offer((Where.SHADOWS,), Whose.OWN, not_types=("event",), each_target=True),),
        usual_in=(Phase.DRAW, Phase.MARSHALING, Phase.CHALLENGES, Phase.DOMINANCE, Phase.STANDING, Phase.TAXATION),
        rank=20,
    )
    attach_to: CardRef | None = None

    def check(self, t: Table, v: Checker) -> None:
        if t.card(self.card).type == "event":
            v.violate("shadows.event-brought-out", (self.card,), card=t.ref(self.card))
        check_restrictions(t, v, self.player, "bring_out")
        check_house_only(t, v, self.player, self.card)
        check_entering(t, v, self.player, self.card, self.attach_to, from_shadows=True)
        self.check_common(t, v)

    def apply(self, t: Table) -> None:
        self.pay(t)
        enter_play(t, self.player, self.card, self.attach_to, discard_if_no_target=True)


@action("play_event_from_shadows", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class PlayEventFromShadows(_PaidFromShadows):
    """Play an event from shadows for its shadow cost; it goes to its owner's discard pile."""

    phone = Phone(
        offered=(Offer((Where.SHADOWS,), Whose.OWN, types=("event",)),),
        usual_in=(Phase.DRAW, Phase.MARSHALING, Phase.CHALLENGES, Phase.DOMINANCE, Phase.STANDING, Phase.TAXATION),
        rank=50,
    )

    def check(self, t: Table, v: Checker) -> None:
        c = t.card(self.card)
        if c.type != "event":
            v.violate("shadows.not-an-event", (self.card,), card=t.ref(self.card))
        check_restrictions(t, v, self.player, "play_events")
        check_restrictions(t, v, self.player, "bring_out")  # an event played from shadows comes out of them
        check_house_only(t, v, self.player, self.card)  # 1E insert: "in the same manner as … from a player's hand"
        check_plot_forbids(t, v, self.player, self.card, playing=True)
        check_play_only(t, v, self.player, self.card)
        check_play_max(t, v, self.player, self.card)
        if c.limited:
            check_limited(t, v, self.player, self.card)
            v.note("limited-event-counts", (self.card,), card=t.ref(self.card), player=self.player)
        self.check_common(t, v)
        check_toll(t, v, self.player, "event", self.expected_cost(t) if self.cost is None else self.cost)

    def apply(self, t: Table) -> None:
        raising = raises_claim_now(t, self)  # Shadow of the North: "Raise the claim value … by 1 …"
        self.pay(t)
        pay_toll(t, self.player, "event")
        if t.card(self.card).limited:
            count_limited(t, self.player)
        t.players[self.player].events_played.append(event_moment(t, self.card))
        raise_claim(t, self.player, self.card, raising)
        t.move(self.card, t.instance(self.card).owner, Zone.DISCARD)


@action("put_into_play", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class PutIntoPlay(Action):
    """A card effect puts a card into play from an out-of-play area (hand, draw deck, discard pile, dead pile,
    shadows): no gold cost, under its owner's control unless the effect names another ``controller``
    (RR: Put into Play; RR: Ownership and Control; FAQ v4.1 (1.3))."""

    deck_cards_only = True

    phone = Phone(offered=(Offer((Where.DISCARD, Where.DEAD), not_types=("event",), each_target=True),), rank=62,
                  by_effect=True)
    player: SeatRef  # whose effect it is
    card: CardRef
    attach_to: CardRef | None = None
    controller: SeatRef | None = None  # the effect puts it into play under this player's control
    #: The effect says "from your hand" (Ambush, "put into play from your hand"): the card must be in its owner's
    #: hand, or one of the drawn cards not named yet, and it is taken from there.
    from_hand: bool = False
    #: The card ability that puts it into play; the card itself for its Ambush ("put that card into play from your
    #: hand"), which is taken in the challenges phase only.
    source: CardRef | None = None
    only_from_shadows: ClassVar[bool] = False

    def new_controller(self, t: Table) -> str:
        return self.controller or t.instance(self.card).owner

    def ambushed(self, t: Table) -> bool:
        """An Ambush card put into play in the challenges phase from its owner's unnamed hand (RR: Ambush: "put
        that card into play from your hand") by a line that does not say ``from_hand``: a card of the draw deck while
        drawn cards are not named yet is taken as one of them (not searched out of the deck)."""
        seat, zone = t.where[self.card]
        return (zone is Zone.DECK and seat == self.player and "ambush" in t.card(self.card).keywords
                and t.phase is Phase.CHALLENGES and t.players[seat].drawn_unnamed > 0)

    def check(self, t: Table, v: Checker) -> None:
        c = t.card(self.card)
        zone = t.zone_of(self.card)
        from_shadows = zone is Zone.SHADOWS
        if zone is Zone.PLAY:
            v.violate("play.already-in-play", (self.card,), card=t.ref(self.card))
            return
        if self.only_from_shadows and not from_shadows:
            v.violate("shadows.put-into-play-from", (self.card,), card=t.ref(self.card),
                      zone=place_name(t, self.card, self.player))
            return
        if self.from_hand:
            require_in_hand(t, v, t.instance(self.card).owner, self.card, "play.put-into-play-from-hand")
            if v.verdict.impossible:
                return
        if self.source == self.card and self.from_hand and "ambush" not in c.keywords and not c.own_entry \
                and not any(t.card(x).grants_ambush for x in (*t.players[self.player].zones[Zone.AGENDA],
                                                              *t.players[self.player].zones[Zone.REVEALED],
                                                              *t.in_play)):
            # RR: Ambush: "… put a card with the ambush keyword into play from his or her hand": a card whose text
            # neither has ambush nor puts itself into play cannot be its own source (House Dayne Knight)
            v.violate("ambush.keyword", (self.card,), card=t.ref(self.card))
        if self.source == self.card and "ambush" in c.keywords and t.phase is not Phase.CHALLENGES:
            # RR: Ambush: "During the challenges phase, as a player action, a player may pay X gold to put a card
            # with the ambush keyword into play from his or her hand."
            v.violate("ambush.phase", (self.card,), card=t.ref(self.card), player=t.players[self.player].name,
                      phase=t.phase)
        if c.type == "event":
            rule = "shadows.put-into-play-event" if from_shadows else "play.put-into-play-event"
            v.violate(rule, (self.card,), card=t.ref(self.card))
        if from_shadows:  # FAQ: No Surprises — putting into play from shadows is bringing out
            check_restrictions(t, v, self.player, "bring_out")
        if c.type == "character" and facedown_duplicate_target(t, self.card, self.attach_to) is None:
            # "Card abilities cannot cause characters to enter play." (Barring the Gates); a face-down duplicate
            # placed by the card's own ability (Arya Stark) does not enter play as a character.
            for plot in revealed_plots_that(t, "no_effect_entry"):
                v.violate("plot.no-effect-entry", (self.card, plot), card=t.ref(self.card), plot=t.ref(plot))
        controller = self.new_controller(t)
        # "House Stark only" binds the player whose effect puts it into play, not the one it goes to (1st edition
        # Winterfell Honor Guard: "put … into play from your hand, under the control of any opponent"; probe29 14).
        check_house_only(t, v, self.player, self.card)
        giver = put_source(t, self.player, self.card, self.source)
        if giver is not None and not fits_any(t, self.card, (wants := t.card(giver).puts_into_play), None):
            # Hear Me Roar!: "Put a [lannister] character into play from your hand." (aside29 14)
            v.violate("play.put-into-play-target", (self.card, giver), card=t.ref(self.card), source=t.ref(giver),
                      only=only_words(wants))
        elif giver is not None and 0 <= (most := t.card(giver).put_cost_max) < t.printed_cost(c):
            # A Time For Wolves: "If that card's printed cost is 3 or lower, you may put it into play instead."
            v.violate("play.put-into-play-target", (self.card, giver), card=t.ref(self.card), source=t.ref(giver),
                      only=msg("target.put-cost", n=most))
        owner = t.instance(self.card).owner
        if controller != owner:
            v.note("enters-under-control", (self.card,), card=t.ref(self.card), player=controller, owner=owner)
        check_entering(t, v, controller, self.card, self.attach_to, from_shadows=from_shadows)
        if from_shadows:
            note_tokens_discarded(t, v, self.card)

    def apply(self, t: Table) -> None:
        if self.from_hand or self.ambushed(t):
            take_from_hand(t, t.instance(self.card).owner, self.card)
        controller = self.new_controller(t)
        enter_play(t, controller, self.card, self.attach_to, discard_if_no_target=True)
        if controller != t.instance(self.card).owner and self.card in t.in_play:
            t.in_play[self.card].control_stack.append(controller)  # control_reverts gives it back
        mark_phase_end_fate(t, self.player, self.card, self.source)


#: Where a card put into play for the phase goes as the phase ends (``Card.phase_end_fate``).
PHASE_END_ZONES = {"discard": Zone.DISCARD, "hand": Zone.HAND, "dead": Zone.DEAD}


def put_source(t: Table, player: str, card: str, source: str | None) -> str | None:
    """The ability that puts the card into play: the one named as ``source``, or the event the player played by the
    line just before (None: neither)."""
    if source is not None and source != card:
        return source
    pending = t.pending_put
    if pending is not None and pending[0] == player and pending[1] + 1 == t.version:
        return pending[2]
    return None


def mark_phase_end_fate(t: Table, player: str, card: str, source: str | None) -> None:
    """A card put into play by an ability that sends it away as the phase ends (Hear Me Roar!: "At the end of the
    phase, if that card is still in play, discard it from play (cannot be saved)."): the ability named as ``source``,
    or the event the player played by the line just before."""
    giver = put_source(t, player, card, source)
    t.pending_put = None
    fate = t.card(giver).phase_end_fate if giver is not None else None
    if fate is not None and card in t.in_play:
        t.phase_end_fate[card] = PHASE_END_ZONES[fate]


@action("put_into_play_from_shadows", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class PutIntoPlayFromShadows(PutIntoPlay):
    """A card effect puts a card from any player's shadows into play: no shadow cost; events cannot be."""

    # An effect may put a card from any shadows area into play; one's own event is played, not put.
    phone = Phone(offered=(Offer((Where.SHADOWS,), Whose.OPPONENT, each_target=True),
                           Offer((Where.SHADOWS,), Whose.OWN, not_types=("event",), each_target=True)),
                  rank=63, by_effect=True)
    only_from_shadows: ClassVar[bool] = True


def gained_value(t: Table, card: str, gains: int | Literal["cost"]) -> int:
    """A gained Shadow (X): a number, or the card's printed cost ("-" and X count as 0)."""
    return t.printed_cost(t.card(card)) if gains == "cost" else gains


@action("put_into_shadows", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class PutIntoShadows(Action):
    """A card effect puts or returns a card into shadows: face down, in its owner's shadows area;
    with ``gains`` it gains Shadow (X) while it stays there."""

    deck_cards_only = True
    affects_card = True  # "Choose a character with STR 1 or lower and place it in shadows." (Melisandre)

    phone = Phone(offered=(Offer((Where.PLAY, Where.DISCARD, Where.DEAD)),), rank=90, by_effect=True)
    player: SeatRef  # whose effect it is
    card: CardRef
    gains: Amount | Literal["cost"] | None = None
    # the card whose ability it is (1st edition Ser Preston Greenfield "Any Phase: Return a Kingsguard or Queensguard
    # character you control to shadows. (Limit once per round.)"), judged as every source is (its limit, its phase)
    source: CardRef | None = None

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        return [cls(seat, card), cls(seat, card, gains="cost")]

    def check(self, t: Table, v: Checker) -> None:
        restriction = t.shadows_entry_restriction(t.card(self.card))
        if restriction:
            v.violate(restriction, (self.card,), card=t.ref(self.card))
        if not (t.shadows_to_controller and t.zone_of(self.card) is Zone.PLAY):
            note_owner_area(t, v, self.card, Zone.SHADOWS)
        if t.zone_of(self.card) is Zone.PLAY:
            note_leaving_play(t, v, self.card)
        if self.gains is not None:
            v.note("shadow-gained", (self.card,), card=t.ref(self.card),
                   value=gained_value(t, self.card, self.gains))

    def apply(self, t: Table) -> None:
        if t.zone_of(self.card) is not Zone.SHADOWS:
            from_play = t.zone_of(self.card) is Zone.PLAY
            leave_to(t, self.card, Zone.SHADOWS, t.controller(self.card) if from_play and t.shadows_to_controller
                     else None)
        if self.gains is not None and self.card in t.in_shadows:  # a card saved from leaving play stays in play
            t.in_shadows[self.card].gained.append(gained_value(t, self.card, self.gains))


@action("gain_shadow", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class GainShadow(Action):
    """A card in shadows gains Shadow (X) from an effect; the value is gone when the card leaves shadows."""

    phone = Phone(offered=(Offer((Where.SHADOWS,)),), rank=65, by_effect=True)
    player: SeatRef  # whose effect it is
    card: CardRef
    gains: Amount | Literal["cost"] = "cost"

    def check(self, t: Table, v: Checker) -> None:
        if t.zone_of(self.card) is not Zone.SHADOWS:
            v.violate("shadows.gain-not-in-shadows", (self.card,), card=t.ref(self.card),
                      zone=place_name(t, self.card))
            return
        v.note("shadow-gained", (self.card,), card=t.ref(self.card), value=gained_value(t, self.card, self.gains))

    def apply(self, t: Table) -> None:
        t.in_shadows[self.card].gained.append(gained_value(t, self.card, self.gains))


@action("rearrange_shadows", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class RearrangeShadows(Action):
    """A player shuffles or rearranges their shadows cards: recorded so a judge's log shows it, always illegal.
    The positions stay as they were: each card keeps its label (the 1st-edition insert is silent; the 2nd edition's
    rule is applied there too, as blind writers read it)."""

    player: SeatRef

    def check(self, t: Table, v: Checker) -> None:
        v.violate("shadows.rearrange", player=self.player)

    def apply(self, t: Table) -> None:
        pass
