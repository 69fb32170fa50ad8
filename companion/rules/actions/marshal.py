"""The marshaling phase: marshalling from hand, marshalling into shadows, and playing events from hand."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.actions.base import Action, Amount, CardRef, Offer, Phone, Recorder, SeatRef, Where, Whose, action
from companion.rules.actions.common import (
    check_action_window,
    check_active_player,
    check_all_immune,
    check_attachment,
    check_cost_raised,
    check_cost_reduced,
    check_entering_count,
    check_events_barred,
    check_faction_cost,
    check_house_only,
    check_limited,
    check_no_further_cards,
    check_participating_target,
    check_payment,
    check_play_max,
    check_play_only,
    check_plot_forbids,
    check_restrictions,
    check_side_target,
    check_silenced,
    check_unique_entry,
    count_limited,
    duplicate_target,
    enter_play,
    event_moment,
    note_faction_cost,
    require_in_hand,
    take_from_hand,
)
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import Phase, Stage, Zone, count_this_round
from companion.rules.tolls import check_toll, pay_toll
from companion.rules.values import (
    challenge_claim,
    current_challenge,
    has_plots,
    opponent_cost,
    pay_gold,
    plot_reductions,
    printed_cards,
    revealed_plot,
    spend_reducers,
)


def pile_permit(t: Table, player: str, card: str, shadows: bool) -> str | None:
    """The card whose printed permission (``Card.marshal_from_pile``) lets the player marshal ``card`` (into shadows)
    from its own dead or discard pile, where it lies: the card itself ("you may marshal House Dayne Escort from your
    discard pile as if it were in your hand") or one whose text counts for the player (Tarle the Thrice-Drowned: "You
    may marshal non-unique Drowned God characters from your dead pile …"); None: nothing does."""
    seat, zone = t.where[card]
    if seat != player or zone not in (Zone.DEAD, Zone.DISCARD):
        return None
    c = t.card(card)
    for giver in (card, *printed_cards(t, player)):
        fact = t.card(giver).marshal_from_pile
        if fact is None or fact[0] != zone.value or fact[4] != shadows or (fact[1] == "self") != (giver == card):
            continue
        if fact[1] == "self" or (c.type == fact[1] and (not fact[2] or fact[2] in c.traits)
                                 and not (fact[3] and c.unique)):
            return giver
    return None


def require_from_hand(t: Table, v: Checker, player: str, card: str, rule: str, shadows: bool = False) -> None:
    """A card is marshalled from its owner's hand, or from the player's own dead or discard pile where a printed
    permission allows it (``pile_permit``); from a pile without one it is not in hand (``rule``)."""
    if pile_permit(t, player, card, shadows) is None:
        require_in_hand(t, v, player, card, rule)


def check_marshaling_turn(t: Table, v: Checker, player: str, phase_rule: str) -> None:
    if t.phase is not Phase.MARSHALING:
        v.violate(phase_rule, phase=t.phase)
    else:
        check_active_player(t, v, player, "marshal.active-player", "marshal.turns-over")
        if has_plots(t, player) and revealed_plot(t, player) is not None and \
                t.players[player].income_round != t.round:
            # RR: Appendix I › 3.2: the active player collects income first, then marshals (3.3).
            v.violate("marshal.before-income", player=t.players[player].name)


@action("marshal_into_shadows", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class MarshalIntoShadows(Action):
    """Pay 2 gold to put a Shadow card from hand face down into your shadows area."""

    deck_cards_only = True

    phone = Phone(
        offered=(Offer((Where.HAND, Where.DECK), Whose.OWN, not_phases=(Phase.SETUP,)),),
        usual_in=(Phase.MARSHALING,),
        rank=40,
    )
    player: SeatRef
    card: CardRef
    cost: Amount | None = None  # gold actually paid, when an effect changed it

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        return [cls(seat, card)] if t.may_enter_shadows(t.card(card)) else []

    def check(self, t: Table, v: Checker) -> None:
        c = t.card(self.card)
        check_marshaling_turn(t, v, self.player, "shadows.marshal-phase")
        require_from_hand(t, v, self.player, self.card, "shadows.marshal-from-hand", shadows=True)
        check_house_only(t, v, self.player, self.card)
        restriction = t.marshal_shadows_restriction(c)
        if restriction:
            v.violate(restriction, (self.card,), card=t.ref(self.card))
        elif c.unique and (
            any(t.copies_in_play(c.title_key)) or any(t.copies_in(c.title_key, self.player, Zone.DEAD))
        ):
            v.note("shadows-unique-allowed", (self.card,), card=t.ref(self.card))
        check_payment(t, v, self.player, t.shadows_cost, self.cost)
        # 1E Shadows insert: into Shadows costs 2, lowered "only by effects that specifically reduce the cost of
        # playing a card into Shadows" (probe29 20)
        check_cost_reduced(t, v, self.player, self.card, t.shadows_cost, self.cost, "shadows.cost-reduced")

    def apply(self, t: Table) -> None:
        take_from_hand(t, self.player, self.card)
        pay_gold(t, self.player, t.shadows_cost if self.cost is None else self.cost)
        t.move(self.card, t.instance(self.card).owner, Zone.SHADOWS)


@action("marshal", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class Marshal(Action):
    """Marshal a character, location or attachment from hand for its printed cost (duplicates are free)."""

    deck_cards_only = True

    phone = Phone(
        offered=(Offer((Where.HAND, Where.DECK), Whose.OWN, not_types=("event",), not_phases=(Phase.SETUP,),
    each_target=True),),
        usual_in=(Phase.MARSHALING,),
        rank=5,
    )
    player: SeatRef
    card: CardRef
    attach_to: CardRef | None = None
    cost: Amount | None = None

    def expected_cost(self, t: Table) -> int:
        return self._costs(t)[0]

    def _costs(self, t: Table) -> tuple[int, int]:
        """(the cost expected, what the revealed plot's reduction takes off it): a duplicate costs nothing and
        spends no reduction."""
        if duplicate_target(t, self.player, self.card):
            return 0, 0
        c = t.card(self.card)
        full = t.hand_cost(c) + t.gold_penalty(self.player, c) + opponent_cost(t, self.player, c)
        off = sum(amount for _, _, amount in plot_reductions(t, self.player, self.card))
        return max(0, full - off), off

    def check(self, t: Table, v: Checker) -> None:
        c = t.card(self.card)
        check_marshaling_turn(t, v, self.player, "marshal.phase")
        require_from_hand(t, v, self.player, self.card, "marshal.from-hand")
        check_no_further_cards(t, v, self.player, self.card)
        if c.type == "event":
            v.violate("marshal.event", (self.card,), card=t.ref(self.card))
        if c.never_marshaled:  # War Elephants: "… cannot be marshaled or placed during setup."
            v.violate("marshal.never", (self.card,), card=t.ref(self.card))
        dup = duplicate_target(t, self.player, self.card)
        if not dup:  # "marshaling a duplicate card", not one of its printed type (RR: Duplicates; FAQ v4.1 (1.2))
            check_plot_forbids(t, v, self.player, self.card, playing=False)
        check_house_only(t, v, self.player, self.card)
        restriction = t.marshal_restriction(c)
        if restriction:
            v.violate(restriction, (self.card,), card=t.ref(self.card))
        check_unique_entry(t, v, self.player, self.card, from_shadows=False)
        if dup and self.attach_to is not None and self.attach_to != dup:
            # A second copy of a unique card goes only onto its copy, as a duplicate (aside30 02: a second Seal of
            # the Hand attached to another character).
            v.violate("unique.second-copy", (self.card, dup), card=t.ref(self.card), copy=t.ref(dup),
                      target=t.ref(self.attach_to))
        if dup:
            v.note("duplicate-free", (self.card, dup), card=t.ref(self.card), copy=t.ref(dup))
        else:
            check_limited(t, v, self.player, self.card)
            check_entering_count(t, v, self.player, self.card)
            check_attachment(t, v, self.player, self.card, self.attach_to, discard_if_none=False)
        if not dup and t.gold_penalty(self.player, c):
            v.note("out-of-house", (self.card,), card=t.ref(self.card), player=self.player,
                   penalty=t.gold_penalty(self.player, c))
        expected, applied = self._costs(t)
        check_payment(t, v, self.player, expected, self.cost)
        check_cost_reduced(t, v, self.player, self.card, expected + applied, self.cost, "marshal.cost-reduced")
        if not dup:  # a duplicate's recorded gold is left to gold.insufficient
            check_cost_raised(t, v, self.player, self.card, expected + applied, self.cost, "marshal.cost-raised")

    def apply(self, t: Table) -> None:
        take_from_hand(t, self.player, self.card)
        cost = self.expected_cost(t) if self.cost is None else self.cost
        dup = duplicate_target(t, self.player, self.card)
        if not dup:  # the plot's reduction is spent on this card, whatever was paid, and the others that paid
            spend_reducers(t, self.player, self.card, self.expected_cost(t) - cost)
            t.players[self.player].reductions_used += [(t.round, p, i) for p, i, _ in
                                                       plot_reductions(t, self.player, self.card)]
        if t.card(self.card).limited and not dup:
            count_limited(t, self.player)
        pay_gold(t, self.player, cost)
        # Littlefinger: "Reaction: After you marshal Littlefinger, draw 2 cards." (a duplicate marshalled for it too)
        for marshalled in (self.card, *([dup] if dup else [])):
            count_this_round(t.round, t.players[self.player], f"marshalled:{marshalled}")
        if t.card(self.card).last_from_hand:  # Mammoth Riders: no further card from this player's hand this round
            count_this_round(t.round, t.players[self.player], f"last-from-hand:{self.card}")
        enter_play(t, self.player, self.card, self.attach_to, discard_if_no_target=False)


@action("play_event", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class PlayEvent(Action):
    """Play an event from hand for its printed cost; it goes to its owner's discard pile."""

    phone = Phone(
        offered=(Offer((Where.HAND, Where.DECK), Whose.OWN, types=("event",), not_phases=(Phase.SETUP,)),),
        usual_in=(Phase.DRAW, Phase.MARSHALING, Phase.CHALLENGES, Phase.DOMINANCE, Phase.STANDING, Phase.TAXATION),
        rank=30,
    )
    player: SeatRef
    card: CardRef
    cost: Amount | None = None

    def expected_cost(self, t: Table) -> int:
        c = t.card(self.card)
        return t.hand_cost(c) + t.gold_penalty(self.player, c)

    def check(self, t: Table, v: Checker) -> None:
        c = t.card(self.card)
        require_in_hand(t, v, self.player, self.card, "event.from-hand")
        check_no_further_cards(t, v, self.player, self.card)
        if c.type != "event":
            v.violate("event.not-an-event", (self.card,), card=t.ref(self.card))
        check_restrictions(t, v, self.player, "play_events")
        check_plot_forbids(t, v, self.player, self.card, playing=True)
        check_play_only(t, v, self.player, self.card)
        check_events_barred(t, v, self.player, self.card)
        check_silenced(t, v, self.player, self.card)
        check_participating_target(t, v, self.player, self.card)
        check_side_target(t, v, self.player, self.card)
        check_all_immune(t, v, self.player, self.card)
        check_play_max(t, v, self.player, self.card)
        check_house_only(t, v, self.player, self.card)
        check_faction_cost(t, v, self.player, self.card)
        restriction = t.marshal_restriction(c)
        if restriction:
            v.violate(restriction, (self.card,), card=t.ref(self.card))
        check_limited(t, v, self.player, self.card)
        check_action_window(t, v, self.card)
        check_payment(t, v, self.player, self.expected_cost(t), self.cost)
        # below the printed cost (an out-of-House penalty a card may lower aside), as a marshalled card's
        check_cost_reduced(t, v, self.player, self.card, t.printed_cost(c), self.cost, "event.cost-reduced")
        # Calm Over Westeros: "… a player must give an opponent one gold token …", beside the event's cost
        check_toll(t, v, self.player, "event", self.expected_cost(t) if self.cost is None else self.cost)

    def apply(self, t: Table) -> None:
        raising = raises_claim_now(t, self)
        take_from_hand(t, self.player, self.card)
        c = t.card(self.card)
        pay_gold(t, self.player, self.expected_cost(t) if self.cost is None else self.cost)
        pay_toll(t, self.player, "event")
        if c.limited:
            count_limited(t, self.player)
        t.players[self.player].events_played.append(event_moment(t, self.card))
        if c.cost == "X" and self.cost is not None:  # Bribery's X, for its "printed cost X or lower"
            t.x_paid[self.card] = self.cost
        note_faction_cost(t, self.player, self.card)
        raise_claim(t, self.player, self.card, raising)
        t.move(self.card, t.instance(self.card).owner, Zone.DISCARD)
        # Hear Me Roar!: the card the next line puts into play goes as the phase ends.
        t.pending_put = (self.player, t.version, self.card) if c.phase_end_fate or c.puts_into_play else None


def raise_claim(t: Table, player: str, card: str, raising: bool) -> None:
    """An event just played raises the claim of the challenge under way (``raises_claim_now``), from hand or from
    shadows (Shadow of the North), or cancels the last raise (The Hand's Judgment on a Winter Is Coming)."""
    under_way = current_challenge(t)
    if under_way is None:
        return
    if raising:
        under_way.claim_events.append(card)
        if under_way.stage is Stage.RESOLVED:  # 1st edition: raised after the result, before the claim
            under_way.claim = challenge_claim(t, under_way)
    elif t.card(card).cancels_events and under_way.claim_events \
            and t.instance(under_way.claim_events[-1]).owner != player:
        under_way.claim_events.pop()  # its raise does not happen


def raises_claim_now(t: Table, event: Action) -> bool:
    """The event raises the claim of the challenge under way, played legally before its result (1st edition: before
    its claim is applied): "Until the end of the challenge, raise the claim value on your revealed plot card by 1."
    counts where its player attacks (1st edition "each House Stark player's": where the attacker is of that House);
    ``challenge_claim`` adds it. A play the table
    let go against the rules (flagged, advisory) raises nothing: the writers of the rule texts' scenarios agree."""
    card, player = str(getattr(event, "card", "")), str(getattr(event, "player", ""))
    raised = t.card(card).raises_claim
    c = current_challenge(t)
    # 1st edition has no action windows: between the result and the claim an event may still raise it
    if raised is None or c is None or (c.stage is Stage.RESOLVED and (t.action_windows or c.claim_applied)):
        return False
    whose = raised[0]
    ours = (player == c.attacker) if whose == "you" else (
        t.players[c.attacker].faction == whose.removeprefix("house:"))
    if not ours:
        return False
    v = Checker(t)  # the event's own checks (the engine's, which imports the actions, are not needed here)
    event.check(t, v)
    return v.verdict.legal
