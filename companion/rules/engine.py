"""Checking and applying actions: the fold from an action list to a table state.

    table = new_table("2e", seats, cards)
    verdict = check(table, action)       # pure: says whether it is legal and why
    verdict = play(table, action, mode)  # advisory: record and flag; strict: refuse illegal actions
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from companion.catalog.card import DRAW_DECK_TYPES, Card
from companion.rules.actions import Action
from companion.rules.actions.common import (
    check_abilities_forbidden,
    check_ability_limit,
    check_ability_phase,
    check_additional_type,
    check_banner_loyal,
    check_cost_payable,
    check_cost_target,
    check_events_cap,
    check_faction_kneel_cost,
    check_plot_condition,
    check_restricted,
    check_silenced_source,
    check_target,
    check_then_more_cards,
    check_then_power,
    check_then_self,
    check_used_plot_source,
    check_x_cost,
    count_ability_use,
    leave_to,
    note_cost_ref,
    note_faction_kneel,
    note_target,
    note_trigger_use,
    place_name,
    triggered_use,
)
from companion.rules.actions.ending import check_game_on, continues_end, decked, note_end_effect, settle
from companion.rules.actions.flow import check_reaction_trigger, return_unspent_gold
from companion.rules.check import Checker, type_name
from companion.rules.editions import Table, table_class
from companion.rules.placing import attachment_valid
from companion.rules.state import ActionError, CardInstance, Player, Zone, count_this_round, counted_this_round
from companion.rules.values import deck_count, printed
from companion.rules.verdict import Verdict

Mode = Literal["advisory", "strict"]
MODES: tuple[Mode, ...] = ("advisory", "strict")


@dataclass(frozen=True, slots=True)
class Seat:
    seat: str
    name: str = ""
    faction: str | None = None
    deck: Mapping[str, int] | None = None  # code -> copies; only draw-deck cards become instances
    agenda_house: str | None = None  # the House its agenda names (1st edition Alliance)


def new_table(edition: str, seats: Sequence[Seat], cards: Mapping[str, Card]) -> Table:
    """A table at the start of setup: every deck card is an instance in its owner's draw deck."""
    cls = table_class(edition)
    players = {s.seat: Player(seat=s.seat, name=s.name or s.seat, faction=s.faction, agenda_house=s.agenda_house)
               for s in seats}
    if len(players) != len(seats):
        raise ValueError("two players share a seat name")
    table = cls(players=players, seats=[s.seat for s in seats], cards=cards)
    for s in seats:
        add_deck(table, s.seat, s.deck or {})
    if table.seats:
        table.first_player = table.seats[0]
    return table


def add_deck(table: Table, seat: str, deck: Mapping[str, int]) -> None:
    """Put a deck's cards at the seat, one instance per physical copy: draw-deck cards into the draw
    deck, plots into the plot deck, the agenda beside the faction card."""
    for code, count in sorted(deck.items()):
        card = table.cards.get(code)
        if card is None:
            raise ValueError(f"seat {seat}: card code {code!r} is not in the catalog")
        if card.edition != table.edition:
            raise ValueError(f"seat {seat}: {card.name} ({code}) is a {card.edition} card, the game is {table.edition}")
        zone = DECK_ZONES.get(card.type, Zone.DECK if card.type in DRAW_DECK_TYPES else None)
        if zone is None:
            continue  # titles and 1st-edition House cards are not tracked
        for copy in range(1, count + 1):
            instance_id = CardInstance.make_id(seat, code, copy)
            table.add_instance(CardInstance(instance_id, seat, code, copy), zone)
        if zone is Zone.DECK:
            table.players[seat].deck_cards += count


#: Where the cards of a deck that are not in the draw deck start.
DECK_ZONES = {"plot": Zone.PLOTS, "agenda": Zone.AGENDA}


#: The round's steps that close the moment an event's effects initiate in (``TableState.window_events``).
WINDOW_STEPS = frozenset({"initiate_challenge", "declare_defenders", "challenge_result", "apply_claim", "pass_turn",
                          "begin_phase", "win_dominance", "collect_income", "marshal", "choose_plot"})
#: The lines that play an event (from hand or deck, from shadows; 1st edition: brought out of Shadows).
EVENT_PLAYS = frozenset({"play_event", "play_event_from_shadows", "bring_out"})

def note_cancel(t: Table, action: Action) -> None:
    """An event played right after an opponent's event (its costs' lines between), whose ability cancels the effects
    of such an event (``Card.cancels_events``: The Hand's Judgment; 1st edition Royal Decree "Cancel the effects of an
    event card just played."), cancels that event's effects; a cancel cancelled so lets them resolve again. The
    round's next step ends what the log can tell of it."""
    card, player, just = getattr(action, "card", None), getattr(action, "player", None), t.event_just_played
    if action.type in EVENT_PLAYS and isinstance(card, str) and isinstance(player, str) \
            and t.card(card).type == "event":
        if t.card(card).cancels_events and just is not None and just[0] != player:
            t.cancelled_events = {e: by for e, by in t.cancelled_events.items() if by != just[1]}
            t.cancelled_events[just[1]] = card
        t.event_just_played = (player, card)
    elif just is not None and getattr(action, "source", None) != just[1]:
        t.event_just_played = None
    if action.type in WINDOW_STEPS:
        t.cancelled_events = {}
    note_ability_cancel(t, action)


def ability_canceller(t: Table, action: Action) -> tuple[str, str] | None:
    """The card and player whose interrupt the line uses to cancel a triggered ability's effects as they would
    initiate (``Card.cancels`` naming a character, location or attachment ability): an event played (Treachery) or
    a line naming a card in play as its source (its cost: Begging Brother "… discard 1 gold from Begging Brother to
    cancel those effects.")."""
    card = getattr(action, "card", None) if action.type in EVENT_PLAYS else getattr(action, "source", None)
    if not isinstance(card, str) or card not in t.instances:
        return None
    cancels = t.card(card).cancels
    if cancels is None or cancels[1] == ("event",):
        return None
    if action.type in EVENT_PLAYS:
        player = getattr(action, "player", None)
        return (card, player) if isinstance(player, str) else None
    return (card, t.in_play[card].controller) if card in t.in_play else None


def cancelled_by(t: Table, action: Action) -> str | None:
    """The canceller whose cancel just used takes this line: the line right after it names as its source a card of a
    kind it cancels (an opponent's, where it says so), another than itself."""
    source, pending = getattr(action, "source", None), t.ability_cancel
    if pending is None or not isinstance(source, str) or source == pending[0] or source not in t.in_play:
        return None
    whose, kinds = t.card(pending[0]).cancels or ("any", ())
    if t.card(source).type not in kinds or (whose == "opponent" and t.in_play[source].controller == pending[1]):
        return None
    return pending[0]


def note_ability_cancel(t: Table, action: Action) -> None:
    """RR: Cancel: a cancel of a triggered ability (``ability_canceller``) takes the ability the very next line uses
    (the effect written right after its cancel); its lines are cancelled until the round's next step. Any other
    line after the cancel leaves it unread (which ability it cancelled is not known)."""
    if action.type in WINDOW_STEPS:
        t.cancelled_abilities = {}
    by = cancelled_by(t, action)
    if by is not None:
        t.cancelled_abilities[str(getattr(action, "source", ""))] = by
    canceller = ability_canceller(t, action)
    if canceller is not None:
        t.ability_cancel = canceller
    elif t.ability_cancel is not None and getattr(action, "source", None) != t.ability_cancel[0]:
        t.ability_cancel = None  # the canceller's own cost lines keep it


def power_held(t: Table) -> dict[str, int]:
    """The power on each card in play that holds some, and on each faction card (by its seat)."""
    held = {card: tokens.get("power", 0) for card, tokens in t.tokens.items() if card in t.in_play}
    return {**held, **{f"seat:{seat}": p.power for seat, p in t.players.items()}}


#: The power a seat gained this round (``note_power``), as its player's round count.
POWER_GAINED = "power-gained"

#: The lines that record power even where they change no total (power set to what it was, or lost from none).
POWER_LINES = frozenset({"gain_power", "lose_power", "set_power"})


def power_risen(t: Table, before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    """How much power each seat's faction card and cards in play (by their controller) rose from ``before``."""
    risen: dict[str, int] = {}
    for k, n in after.items():
        if n > before.get(k, 0):
            seat = k.removeprefix("seat:") if k.startswith("seat:") else t.in_play[k].controller
            risen[seat] = risen.get(seat, 0) + n - before.get(k, 0)
    return risen


def check_power_cap(t: Table, v: Checker, action: Action) -> None:
    """A card in play whose text counts caps the power each player gains each round (Edric Storm: "Each player cannot
    gain more than 3 power each round (among all cards they control)."; RR: Golden Rule): the line that would take a
    seat past it is flagged. What the line gains is seen on a copy of the table; power moved (a claim) is not gained."""
    caps = [t.card(c).power_cap_round for c, ip in t.in_play.items()
            if t.card(c).power_cap_round and ip.duplicate_of is None and printed(t, c) is not None]
    if not caps:
        return
    before, trial = power_held(t), t.clone()
    try:
        action.apply(trial)
    except (ActionError, KeyError, ValueError, IndexError):
        return  # a line that cannot be applied is judged elsewhere
    after = power_held(trial)
    if any(after.get(k, 0) < n for k, n in before.items()):
        return  # moved, not gained
    for seat, n in power_risen(trial, before, after).items():
        gained = counted_this_round(t.round, t.players[seat], POWER_GAINED)
        if gained + n > min(caps):
            v.violate("power.round-cap", (seat,), player=t.players[seat].name, most=min(caps), gained=gained, n=n)


def note_power(t: Table, action: Action, before: dict[str, int]) -> None:
    """The round's next step forgets the power gained before it; then the cards whose power the line raised are kept,
    and the seats whose faction card power the line moved to (raised as another card's fell, in this line or the one
    before: a power claim, a move written as `lose_power` then `gain_power`)."""
    if action.type in WINDOW_STEPS:
        t.power_gained, t.power_moved = [], []
    after = power_held(t)
    risen = [k for k, n in after.items() if n > before.get(k, 0)]
    fell = any(after.get(k, 0) < n for k, n in before.items())
    t.power_gained += [k for k in risen if not k.startswith("seat:")]
    if not fell:  # gained, not moved (a power claim): what each seat gained this round (Edric Storm's cap)
        for seat, n in power_risen(t, before, after).items():
            count_this_round(t.round, t.players[seat], POWER_GAINED, n)
    if fell or t.power_fell:
        t.power_moved += [k[len("seat:"):] for k in risen if k.startswith("seat:")]
    t.power_fell = fell


def check_cancelled(t: Table, v: Checker, action: Action) -> None:
    """RR: Cancel: "cancelled effects are not resolved": a line naming as its ``source`` an event whose effects a cancel
    played right after it cancelled (``note_cancel``: Put to the Sword's kill after The Hand's Judgment) is flagged."""
    source = getattr(action, "source", None)
    if isinstance(source, str) and (by := t.cancelled_events.get(source)) is not None:
        v.violate("event.cancelled", (source,), card=t.ref(source), by=t.ref(by))
    elif isinstance(source, str) and (by := cancelled_by(t, action) or (
            None if action.type in WINDOW_STEPS else t.cancelled_abilities.get(source))) is not None:
        v.violate("ability.cancelled", (source,), card=t.ref(source), by=t.ref(by))


def check(table: Table, action: Action) -> Verdict:
    """Is the action legal at this table now? Pure: the table is not changed.

    Raises ActionError when the action names an unknown seat or card.
    """
    action.validate(table)
    v = Checker(table)
    card = getattr(action, "card", None)
    if action.deck_cards_only and isinstance(card, str) and table.card(card).type not in DRAW_DECK_TYPES:
        v.violate("card.not-a-deck-card", (card,), card=table.ref(card), type=type_name(table.card(card).type),
                  zone=place_name(table, card))
        return v.verdict
    action.check(table, v)
    check_ability_limit(table, v, action)
    check_faction_kneel_cost(table, v, action)
    used = triggered_use(table, action)  # the card whose triggered ability the line uses: asked once
    check_ability_phase(table, v, used, action)
    check_silenced_source(table, v, used)
    check_abilities_forbidden(table, v, action, used)
    check_target(table, v, action)
    check_x_cost(table, v, action)
    check_additional_type(table, v, action)
    check_cost_target(table, v, action)
    check_cost_payable(table, v, action)
    check_reaction_trigger(table, v, action)
    check_then_self(table, v, action)
    check_then_power(table, v, action)
    check_then_more_cards(table, v, action)
    check_plot_condition(table, v, action)
    check_events_cap(table, v, action)
    check_cancelled(table, v, action)
    check_power_cap(table, v, action)
    check_used_plot_source(table, v, action)
    if isinstance(card, str) and card in table.instances:
        check_restricted(table, v, card)
        check_banner_loyal(table, v, card)
    check_game_on(table, v, action)
    return v.verdict


def play(table: Table, action: Action, mode: Mode = "advisory") -> Verdict:
    """Check the action, then apply it: in advisory mode whenever it can physically happen, in strict
    mode only when legal. An impossible action (a card named where it is not) is never applied."""
    verdict = check(table, action)
    if verdict.impossible or (mode == "strict" and not verdict.legal):
        verdict.applied = False
        return verdict
    # A card come out of Shadows resolves its own responses before the next player's chance (1st edition insert:
    # "fully resolved (including all responses)"): Varys's discard after he came out took the next chance away.
    responds = table.came_out_card is not None and getattr(action, "source", None) == table.came_out_card
    if action.starts_body(table) and not responds:
        table.phase_body_started(None)
        return_unspent_gold(table)  # 1st edition: after the chance to come out of Shadows
    out_before = frozenset(s for s, p in table.players.items() if p.eliminated)
    ended_before, continued = table.ended, continues_end(table, action)
    # Attachments lying legally now: one the action leaves where it may no longer lie is discarded (a change of
    # control under "Opponent's character only"). One the action itself puts somewhere illegal stays, as recorded.
    lying = [a for a, ip in table.in_play.items() if ip.attached_to is not None and attachment_valid(table, a)]
    # Any action that takes the deck's last card (a discard by pillage too): RR: Winning the Game. Only where the log
    # knows the deck: a card taken as drawn without a recorded draw leaves its count unknown.
    decks = [s for s in table.seats if table.players[s].counts_known and deck_count(table, s) > 0]
    count_ability_use(table, action)  # a use of a card's limited ability, in the round (phase) it happens in
    note_target(table, action)
    note_cost_ref(table, action)
    note_faction_kneel(table, action)
    note_trigger_use(table, action)
    note_cancel(table, action)
    source, card = getattr(action, "source", None), getattr(action, "card", None)
    table.last_effect = (source, card, table.version) if isinstance(source, str) and isinstance(card, str) \
        and card != source else None
    if action.type in WINDOW_STEPS:
        table.window_events = []
    elif action.type in EVENT_PLAYS and table.card(str(getattr(action, "card", ""))).type == "event":
        table.window_events.append(getattr(action, "player", ""))
    powers = power_held(table)
    action.apply(table)
    note_power(table, action, powers)
    if action.type in POWER_LINES or power_held(table) != powers:
        table.power_recorded = True
    for seat in decks:
        if table.players[seat].counts_known:
            decked(table, seat)
    if table.gold_due_back and all(p.shadows_opportunity != "open" for p in table.players.values()):
        return_unspent_gold(table)  # every player has used or passed the chance
    table.version += 1
    after = Checker(table)
    for attachment in lying:
        if not attachment_valid(table, attachment):
            after.note("attachment-invalid", (attachment,), card=table.ref(attachment))
            leave_to(table, attachment, Zone.DISCARD)
    settle(table, after, out_before)  # the game's end, the moment it happens (RR: Winning the Game)
    note_end_effect(table, after, action, ended_before, continued)
    verdict.notes.extend(after.verdict.notes)
    return verdict


def replay(table: Table, actions: Iterable[Action], mode: Mode = "advisory") -> list[Verdict]:
    return [play(table, a, mode) for a in actions]
