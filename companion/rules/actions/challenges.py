"""The challenges phase, as the framework runs it (RR: Appendix I › 4.2 to 4.2.6), one step an entry:

1. ``initiate_challenge``: the active player announces the type, the opponent and the attackers (standing, with the
   type's icon), who kneel;
2. ``declare_defenders``: the defending player declares standing characters with the icon (or none), who kneel;
   a step of its own, recorded also when it declares none (a result before it is flagged);
3. ``challenge_result``: STR is compared (printed STR plus the modifiers the log records, ``modify``); the higher
   total wins, a tie goes to the attacker with 1 STR or more; unopposed when the defending STR is 0, and the
   unopposed bonus (+1 power) follows at once;
4. ``apply_claim``: the attacker won: the defender applies the claim of the attacker's revealed plot (military:
   that many different characters of its own killed; intrigue: that many cards discarded at random from its hand;
   power: that much power moved from its faction card to the attacker's), as much as it can;
5. ``renown``: each participating character of the winner with renown gains 1 power, after the claim, once.

The FAQ's order of challenge results ("D.U.C.K.": determine, unopposed, claim, keywords) is the order of these
steps. Before the steps a challenge was one entry (``challenge``) with its follow-ups (``challenge_reward``): those
logs keep replaying, and the one entry is checked for what it names (participants, icons, kneeling, STR).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated, Literal

from msgspec import Meta

from companion.catalog.card import fold
from companion.declare import Text
from companion.rules.actions.base import Action, Amount, CardList, CardRef, Phone, Recorder, SeatRef, Words, action
from companion.rules.actions.common import (
    check_active_player,
    check_challenge_over,
    check_killable,
    check_power_kings_only,
    check_restrictions,
    end_challenge,
    killed,
    leave_to,
    note_leaving_play,
    place_name,
    reaction_words,
    require_in_hand,
    source_out_of_play,
    take_from_hand,
)
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import ActionError, ChallengeRecord, Phase, Stage, Zone
from companion.rules.tolls import check_toll, pay_toll
from companion.rules.values import (
    POWER,
    attached_facts,
    blanked,
    challenge_claim,
    challenge_winner,
    claim,
    claim_due,
    claim_kind,
    claim_raised,
    controls_named,
    crest_grants,
    current_challenge,
    forced_claim_plot,
    has_icon,
    has_keyword,
    house_power_barred,
    in_play_controlled,
    keyword_alone_declared,
    keyword_declared,
    more_plots,
    participants,
    plot_limits,
    plot_text,
    printed,
    printed_cards,
    renown_barred_by,
    renown_cards,
    renown_during_holds,
    revealed_plot,
    revealed_plots_that,
    side_strength,
    strength,
    traits_of,
)
from companion.rules.verdict import Violation, msg

CHALLENGE_TYPES = ("military", "intrigue", "power")
Kind = Annotated[Literal["military", "intrigue", "power"], Words("challenge.kind")]
#: Participating cards of a challenge recorded as one entry: instance ids of cards in play, at most 20 a side.
Participants = Annotated[list[Text], Meta(max_length=20)]


def claim_of(t: Table, seat: str) -> int:
    """The claim value on the seat's revealed plot with its modifiers (1 without plots)."""
    return claim(t, seat)


def last_challenge(t: Table, attacker: str, kind: str) -> ChallengeRecord | None:
    """This round's challenge of that type by that attacker, if recorded."""
    return next((c for c in reversed(t.challenges) if c.round == t.round and c.attacker == attacker
                 and c.kind == kind), None)


def kind_name(kind: str) -> dict[str, str]:
    return msg(f"challenge.kind.{kind}")


def check_initiating(t: Table, v: Checker, attacker: str, defender: str, kind: str, source: str | None) -> None:
    """Who may initiate a challenge of this type now (RR: Appendix I › 4.2): the active player in the challenges
    phase, against an opponent, once each type (a card effect may allow more: ``source``)."""
    if attacker == defender:
        v.violate("challenge.same-seat", player=t.players[attacker].name)
    if t.phase is not Phase.CHALLENGES:
        v.violate("challenge.phase", phase=t.phase)
    else:
        check_active_player(t, v, attacker, "challenge.active-player", "challenge.turns-over")
    initiated = sum(1 for c in t.challenges if c.round == t.round and c.attacker == attacker and c.kind == kind)
    # A challenge beyond the first of its type names the card effect that allows it (``source``). A card printing
    # "You may initiate an additional [military] challenge" allows as many as it grants while it is revealed or in
    # play (Khal Drogo one more, not two), and of no other type (1st edition After the Mummer's Ford: "an additional
    # Military challenge"); another effect is taken as the table saw it (abilities are not read). A table that does
    # not name the card is taken at its word while its revealed plot and cards in play grant one more (the facts are
    # on the table), never beyond what they grant.
    grants = t.card(source).extra_challenges if source is not None else ()
    if initiated and ((source is None and initiated >= challenges_allowed(t, attacker, kind))
                      or (kind in grants and initiated >= challenges_allowed(t, attacker, kind))
                      or (grants and kind not in grants) or event_grant_spent(t, source)):
        v.violate("challenge.once-per-type", player=t.players[attacker].name, kind=kind_name(kind))
    # A revealed plot's or an agenda's (a card in play's is judged by its reaction's moment: ``reaction_missed``)
    trigger = t.card(source).reacts_to if source is not None and t.card(source).type != "event" \
        and t.zone_of(source) is not Zone.PLAY else None
    if source is not None and trigger is not None and trigger[0] == "win_challenge" and not any(
            c.round == t.round and c.attacker == attacker and c.winner == attacker and trigger[1] in ("", c.kind)
            for c in t.challenges):
        # The Spider's Web: "Reaction: After claim is applied for an [intrigue] challenge you won, you may initiate an
        # additional [intrigue] challenge this phase.": with no such challenge won this phase, no reaction to use
        words = reaction_words(trigger, t.card(source).won_with)
        v.violate("ability.reaction-trigger", (source,), card=t.ref(source), player=t.players[attacker].name,
                  trigger=words["trigger"], kind=words["kind"], by=words["by"], side=words["side"])
    check_plot_challenge(t, v, attacker, kind)
    check_named_kind(t, v, attacker, kind)
    # Uneasy Truce: "… an attacker must give the defender 2 gold tokens …"
    check_toll(t, v, attacker, kind, defender=defender)


def check_named_kind(t: Table, v: Checker, attacker: str, kind: str) -> None:
    """A challenge type a card's ability named, barring it (RR: Golden Rule): "Name a challenge type. Until you reveal
    a new plot card, challenges of that type cannot be initiated." (Parley at Storm's End: anyone, while the plot is
    revealed in the round it named), "… Until the end of the phase, the winner of the challenge cannot initiate
    challenges of that type." (Unbowed, Unbent, Unbroken; Benjen Stark: the card's opponent, judged in a game of two,
    in the phase it named), "You cannot initiate challenges of that type." (1st edition Heir to the Iron Throne, an
    agenda: its own player, the whole game). Only where the log's ``name_choice`` names the type."""
    for source, (rnd, which, value, phase) in t.named.items():
        barred = t.card(source).names_kind_barred
        if barred is None or which != "kind" or value != kind:
            continue
        who, until = barred
        if until == "game":
            if t.zone_of(source) is not Zone.AGENDA:
                continue
        elif rnd != t.round or (phase != t.phase.value if until == "phase" else t.zone_of(source) is not Zone.REVEALED):
            continue  # the phase it named has ended; the plot is no longer revealed
        seat = t.controller(source) if source in t.in_play else t.where[source][0]
        if who == "any" or (who == "self" and attacker == seat) or (
                who == "opponent" and len(t.players) == 2 and attacker != seat):
            v.violate("name.challenge-barred", (source,), source=t.ref(source), player=t.players[attacker].name,
                      kind=kind_name(kind))


def event_grant_spent(t: Table, source: str | None) -> bool:
    """An event named as the source of an additional challenge ("That player may initiate an additional Intrigue
    challenge … this phase.": Shadow Politics; Citadel Custom) allows one for each time its owner played it this
    phase: once a challenge of this round named each play, naming it again allows no more."""
    if source is None or t.card(source).type != "event":
        return False
    owner, title = t.instance(source).owner, t.card(source).title_key
    plays = sum(1 for name, rnd, phase, _ in t.players[owner].events_played
                if name == title and rnd == t.round and phase == t.phase.value)
    named = sum(1 for c in t.challenges if c.round == t.round and c.source is not None
                and t.card(c.source).title_key == title and t.instance(c.source).owner == owner)
    return named >= plays


def challenge_grants(t: Table, attacker: str, kind: str) -> list[str]:
    """The attacker's revealed plot and cards in play that grant an additional challenge of this type ("You may
    initiate an additional [power] challenge during the challenges phase.": RR: Golden Rule), once per grant."""
    # "Each player may initiate an additional …": any player's revealed plot or card in play (Olenna's Study).
    each = [c for seat in t.seats if seat != attacker for c in printed_cards(t, seat) if t.card(c).grants_each]
    return [c for c in [*printed_cards(t, attacker), *each] for _ in range(t.card(c).extra_challenges.count(kind))]


def challenges_allowed(t: Table, attacker: str, kind: str) -> int:
    """Challenges of this type the attacker may initiate this phase: one (RR: Appendix I › 4.2) and its grants."""
    return 1 + len(challenge_grants(t, attacker, kind))


def won_this_phase(t: Table, seat: str, kind: str) -> bool:
    """The seat has won a challenge of this type in this round's challenges phase (the challenges phase comes once a
    round), as the attacker or as the defender: a challenge is won by the player whose side counts the higher STR
    (RR: Winning a Challenge). A challenge still under way has no winner yet."""
    return any(c.round == t.round and c.kind == kind and c.winner == seat for c in t.challenges)


def check_plot_challenge(t: Table, v: Checker, attacker: str, kind: str) -> None:
    """A revealed plot forbids the attacker this challenge (RR: Golden Rule): a type it cannot initiate ("You
    cannot initiate [military] or [intrigue] challenges.": Sailing the Summer Sea), a type it cannot initiate until
    the attacker has won a challenge of another type that phase ("A player cannot initiate a [military] or [power]
    challenge unless he or she has won an [intrigue] challenge that phase.": A Game of Thrones, which binds each
    player), or more challenges than it allows ("You cannot initiate more than 1 challenge during the challenges
    phase.": Sneak Attack), even one a card effect allows (the challenge's ``source``): "cannot" is absolute."""
    initiated = sum(1 for c in t.challenges if c.round == t.round and c.attacker == attacker)
    p, plot = t.players[attacker], revealed_plot(t, attacker)
    if plot is not None and p.income_round == t.round and p.income_modifier > 0 \
            and plot in revealed_plots_that(t, "no_challenges_if_gold"):
        # 1st edition Feast or Famine: "… add +6 gold to your income … If you do, you cannot initiate challenges …"
        v.violate("plot.limits-challenge-type", (plot,), player=p.name, plot=t.ref(plot), kind=kind_name(kind))
    for plot, limit in plot_limits(t, attacker):
        won = limit.unless_won
        if kind in limit.no_challenges and limit.unless_trait is not None:
            if not any(ip.controller == attacker and not ip.duplicate_of and t.card(c).type == "character"
                       and limit.unless_trait in t.card(c).traits for c, ip in t.in_play.items()):
                v.violate("plot.limits-challenge-unless-army", (plot,), player=t.players[attacker].name,
                          plot=t.ref(plot), kind=kind_name(kind), trait=limit.unless_trait)
        elif kind in limit.no_challenges and won is None:
            v.violate("plot.limits-challenge-type", (plot,), player=t.players[attacker].name, plot=t.ref(plot),
                      kind=kind_name(kind))
        elif kind in limit.no_challenges and won is not None and not won_this_phase(t, attacker, won):
            v.violate("plot.limits-challenge-unless-won", (plot,), player=t.players[attacker].name, plot=t.ref(plot),
                      kind=kind_name(kind), won=kind_name(won))
        if limit.max_challenges is not None and initiated >= limit.max_challenges:
            v.violate("plot.limits-challenges", (plot,), player=t.players[attacker].name, plot=t.ref(plot),
                      count=limit.max_challenges)


def plot_forbids_challenge(t: Table, attacker: str, kind: str) -> Violation | None:
    """What of a revealed plot forbids the attacker a challenge of this type now (``check_plot_challenge``), if
    anything: the phone offers none then, and says why."""
    v = Checker(t)
    check_plot_challenge(t, v, attacker, kind)
    return v.verdict.violations[0] if v.verdict.violations else None


def check_plot_participants(t: Table, v: Checker, seat: str, cards: list[str], *, attacking: bool) -> None:
    """A revealed plot limits how many characters the seat declares as attackers (or defenders) in a challenge
    ("Each player cannot declare more than 1 character as an attacker or defender in each challenge.": Jousting
    Contest; 1st edition "You cannot declare defenders.": Focused Offense)."""
    for plot, limit in plot_limits(t, seat):
        if attacking and limit.max_attackers is not None and len(cards) > limit.max_attackers:
            v.violate("plot.limits-attackers", (plot,), player=t.players[seat].name, plot=t.ref(plot),
                      count=limit.max_attackers, declared=len(cards))
        if not attacking and limit.max_defenders is not None and len(cards) > limit.max_defenders:
            v.violate("plot.limits-defenders", (plot,), player=t.players[seat].name, plot=t.ref(plot),
                      count=limit.max_defenders, declared=len(cards))
        side = "attacker" if attacking else "defender"
        for card in cards:
            if limit.unique_only == side and card in t.in_play and not t.card(card).unique:
                v.violate("plot.limits-unique", (plot, card), card=t.ref(card), plot=t.ref(plot),
                          side=msg(f"challenge.side.{side}"))


def check_participant(t: Table, v: Checker, card: str, side: str, kind: str, *, declaring: bool = True,
                      defending: bool = False) -> bool:
    """A character declared for ``side``: in play under its control, standing, with the type's icon (RR: Appendix
    I › 4.2 and 4.2.1). False when it is not in play for that side at all."""
    if left_at_phase_end(t, card, side):
        # Hear Me Roar!'s card, discarded as the last phase ended (RR: Lasting Effects): the table that still has it
        # in play missed that, which is illegal, not impossible (an advisory game takes the table's view: ``kept``)
        v.violate("challenge.left-at-phase-end", (card,), card=t.ref(card), zone=place_name(t, card))
        return False
    if t.zone_of(card) is not Zone.PLAY:  # a card in a discard or dead pile, a hand: it cannot be declared at all
        v.violate("challenge.not-in-play", (card,), card=t.ref(card), zone=place_name(t, card))
        return False
    if (on := t.in_play[card].duplicate_of) is not None:  # a unique card's second copy: no character of its own
        v.violate("challenge.duplicate", (card,), card=t.ref(card), of=t.ref(on))
        return False
    if t.controller(card) != side:
        v.violate("challenge.participant", (card,), card=t.ref(card), player=t.players[side].name)
        return False
    c = t.card(card)
    if c.type != "character":
        v.violate("challenge.character", (card,), card=t.ref(card))
        return False
    # "… may be declared as a defender during [power] challenges …, even while kneeling" (Obara Sand): no icon needed.
    defending_anyway = defending and kind in getattr(printed(t, card), "defends_kneeling", ())
    if declaring and t.in_play[card].kneeling and not defending_anyway and not (defending and knelt_may_defend(t)) \
            and not (defending and knelt_defender_allowed(t, card, side, kind)):
        v.violate("challenge.kneeling", (card,), card=t.ref(card))
    if not has_icon(t, card, kind) and not defending_anyway:
        v.violate("challenge.icon", (card,), card=t.ref(card), kind=kind_name(kind))
    return True


def left_at_phase_end(t: Table, card: str, seat: str) -> bool:
    """The seat's card the phase's end took out of play (``Table.moved_at_phase_end``: Hear Me Roar!'s)."""
    return t.zone_of(card) is not Zone.PLAY and card in t.moved_at_phase_end and t.instance(card).owner == seat


def kept(t: Table, seat: str, cards: list[str]) -> None:
    """Cards the phase's end took out of play that the seat declares all the same: an advisory game records the
    table as it is, the card still in play under the seat (flagged: ``challenge.left-at-phase-end``)."""
    for card in cards:
        if left_at_phase_end(t, card, seat):
            t.put_in_play(card, seat)


def check_never_declared(t: Table, v: Checker, cards: list[str], side: str, kind: str, first: bool,
                         defender: str) -> None:
    """A character that prints it cannot be declared so ("Wex Pyke cannot be declared as a defender."; 1st edition
    Hodor "… as an attacker": RR: Golden Rule), or not while a condition holds (``Card.never_when``; ``first``: this
    is the first challenge its attacking player initiates this round), or whose attachment says so ("Attached
    character cannot be declared as an attacker.": Craven, Fishing Net), or a non-unique one while a card in play
    lets only unique characters be declared so ("Non-unique characters cannot be declared as attackers or defenders in
    [intrigue] challenges.": Olenna's Study, whoever controls it)."""
    blank = blanked(t)  # asked once: each card in play is looked at below
    counting = {a: ip for a, ip in t.in_play.items() if a not in blank}
    unique_only = any((side, kind) in t.card(a).unique_only_in for a in counting)
    for card in cards:
        if card not in t.in_play:
            continue
        facts = None if card in blank else t.card(card)
        held: set[tuple[str, str | None]] = set()
        for a, ip in counting.items():
            if ip.attached_to != card:
                continue
            for who, when in t.card(a).attached_never:
                if when != "against_you":
                    held.add((who, when))
                elif t.controller(a) == defender:  # Secret Pact: only in challenges against its controller
                    held.add((who, None))
        if (side in getattr(facts, "never_declared", ()) or held & {(side, None), (side, kind)} or (
                unique_only and not t.card(card).unique) or any(
                who == side and _condition_holds(t, card, cond, arg, first)
                for who, cond, arg in getattr(facts, "never_when", ()))):
            v.violate("challenge.cannot-be-declared", (card,), card=t.ref(card), side=msg(f"challenge.side.{side}"))
        elif side == "defender" and first and (c := current_challenge(t)) is not None and any(
                limit.defender_cost_first is not None and t.printed_cost(t.card(card)) >= limit.defender_cost_first
                for plot, limit in plot_limits(t, c.attacker) if plot == revealed_plot(t, c.attacker)):
            # Battle of Oxcross: "… with printed cost 4 or higher cannot be declared as a defender during the first
            # challenge you initiate this round."
            v.violate("challenge.cannot-be-declared", (card,), card=t.ref(card), side=msg(f"challenge.side.{side}"))


def _condition_holds(t: Table, card: str, cond: str, arg: str, first: bool) -> bool:
    """A condition a character's "cannot be declared" sentence names (``Card.never_when``), now."""
    plots = [t.card(p) for s in t.seats if (p := revealed_plot(t, s)) is not None]
    if cond == "unless_control":
        return not controls_named(t, t.controller(card), arg)
    if cond == "first_challenge":
        return first
    if cond == "plot_trait":
        return any(arg in p.traits for p in plots)
    if cond == "more_plots":
        return more_plots(t, arg)
    return cond == "shadows" and any(p.zones[Zone.SHADOWS] for p in t.players.values())


def kneel(t: Table, cards: list[str]) -> None:
    for card in cards:
        if card in t.in_play:
            t.in_play[card].kneeling = True


def kneel_declared(t: Table, declared: dict[str, bool | None]) -> None:
    """Declared characters kneel as ``kneels_attacking``/``kneels_defending`` say; one that may not (None) stays
    standing, marked unsure."""
    kneel(t, [card for card, kneels in declared.items() if kneels])
    for card, kneels in declared.items():
        if kneels is None and card in t.in_play:
            t.in_play[card].kneel_unsure = True


def guarded(t: Table, card: str) -> bool:
    """Another card keeps this character from being bypassed by stealth: one its controller has in play for its
    trait ("Each Ranger character you control …": Benjen Stark), or an attachment on it (Candle in the Dark)."""
    if any(getattr(f, "no_bypass_trait", None) == "*attached" for f in attached_facts(t, card)):
        return True
    traits = traits_of(t, card)
    return any(trait in traits for c in printed_cards(t, t.controller(card))
               if (trait := t.card(c).no_bypass_trait) is not None and not trait.startswith("*"))


def kneels_attacking(t: Table, card: str, kind: str, defender: str) -> bool | None:
    """An attacker kneels when declared, unless it prints otherwise for this type ("Ser Jaime Lannister does not kneel
    when declared as an attacker in a [military] challenge"), under the condition it names (Balon Greyjoy: "… against
    an opponent who does not control a King character"). None: it does not kneel under a condition the log cannot
    decide."""
    if any(stands for _, stands in crest_grants(t, card)):  # The Power of Faith: "… do not kneel to attack."
        return False
    if (others := others_stand(t, card, "attacker", kind)) is not False:
        return None if others is None else False
    facts = printed(t, card)
    if facts is None or kind not in facts.stands_attacking:
        return True
    if (holds := no_kneel_holds(t, card, facts.no_kneel_while)) is not True:
        return None if holds is None else True
    trait = facts.kneels_if_opponent_has
    return trait is not None and any(t.card(c).type == "character" and trait in traits_of(t, c)
                                     for c, ip in t.in_play.items() if ip.controller == defender)


def no_kneel_holds(t: Table, card: str, condition: tuple[str, str] | None) -> bool | None:
    """The condition of a character's "does not kneel when declared …" holds now: "While a player has a War plot
    revealed" (any player's revealed plot has the trait), "While you control Right" (its controller controls a card of
    that title in play), read as the "cannot be declared" conditions are (``_condition_holds``), 1st edition "during
    the first challenge initiated each phase" (no other challenge this round before it); a condition in another
    shape the log cannot decide ("unread"): None (it may hold: a knelt misreading would flag a legal move)."""
    if condition is None:
        return True
    if condition[0] == "unread":  # "… against an opponent with more cards …": not decided here
        return None
    kind, arg = condition
    if kind == "first_challenge":  # "… during the first challenge initiated each phase." (one challenges phase)
        current = current_challenge(t)
        return not any(ch.round == t.round and ch is not current for ch in t.challenges)
    if kind == "plot_trait":
        return _condition_holds(t, card, "plot_trait", arg, False)
    return not _condition_holds(t, card, "unless_control", arg, False)


def kneels_defending(t: Table, card: str, kind: str) -> bool | None:
    """A defender kneels when declared, unless it prints otherwise for this type ("… does not kneel when declared as
    a defender") or its controller's revealed plot says so of its faction ("Each [thenightswatch] character you
    control does not kneel when declared as a defender.": The Fire That Burns)."""
    facts = printed(t, card)
    if facts is not None and kind in facts.stands_defending \
            and (holds := no_kneel_holds(t, card, facts.no_kneel_while)) is not False:
        return None if holds is None else False
    others = others_stand(t, card, "defender", kind)
    return None if others is None else not others


def others_stand(t: Table, card: str, role: str, kind: str) -> bool | None:
    """Another card's text says this character does not kneel when declared so (``Card.stands_declared``): its
    controller's revealed plot or card in play ("Each character you control does not kneel when declared as an
    attacker in the first [intrigue] challenge you initiate during the challenges phase.": Gossip and Lies; "Each
    [thenightswatch] character you control … as a defender": The Fire That Burns), an attachment on it ("Attached
    character …": Lady Whiskers), anyone's for 1st edition You Swore an Oath's "Knight characters …", an event its
    controller played this phase (To The Spears!; "that character": There Are No Men Like Me). "The first challenge":
    none of that kind before this one this round; "the next": none since the event. None: only under a condition the
    log cannot decide (a knelt misreading would flag a legal move)."""
    if card not in t.in_play or t.card(card).type != "character":
        return False
    seat = t.controller(card)
    current = current_challenge(t)
    earlier = [ch for ch in t.challenges if ch.round == t.round and ch is not current]
    now = len(t.challenges) - (current is not None)  # this challenge's place in the record
    firsts = {"": True, "anyone": not earlier, "any": not any(ch.attacker == seat for ch in earlier),
              "type": not any(ch.attacker == seat and ch.kind == kind for ch in earlier), "next": False}
    sources = [(s, c, firsts) for s in t.seats for c in printed_cards(t, s)]
    for title, rnd, phase, played_at in t.players[seat].events_played:
        event = next(t.copies_in(title, seat, Zone.DISCARD), None)
        if rnd == t.round and phase == t.phase.value and event is not None:
            since = not any(ch.attacker == seat for ch in t.challenges[played_at:now])
            sources.append((seat, event, {**firsts, "next": since}))
    unsure = False
    for source_seat, source, holds in sources:
        for side, who, of_kind, first, cond in t.card(source).stands_declared:
            if side != role or of_kind not in ("", kind) or not holds[first]:
                continue
            if who == "attached":
                if source not in t.in_play or t.in_play[source].attached_to != card:
                    continue
            elif (source_seat != seat and cond != "anyone") or not _stands_who(t, card, who):
                continue
            if cond == "not_first_player" and t.first_player == seat:
                continue
            if cond.startswith("named:") and fold(t.card(card).name) != fold(cond.removeprefix("named:")):
                continue
            if cond != "unread":
                return True
            unsure = True
    return None if unsure else False


def _stands_who(t: Table, card: str, who: str) -> bool:
    """The character is one a "does not kneel" sentence names: "all", "[faction]" or "Trait|Trait" ("+stealth":
    only with stealth)."""
    who, _, keyword = who.partition("+")
    if keyword and not has_keyword(t, card, keyword):
        return False
    if who in ("all", "chosen"):  # "chosen": an event's "that character", which the log does not name
        return True
    if who.startswith("["):
        return t.card(card).faction == who.strip("[]")
    return bool(traits_of(t, card).intersection(who.split("|")))


def must_defend(t: Table, v: Checker, c: ChallengeRecord) -> None:
    """A revealed plot says "At least one character must be declared as a defender in each challenge, if able."
    (Besieged, anyone's): no defenders while a character of the defending player could have been declared."""
    plots = [p for seat in t.seats if (p := revealed_plot(t, seat)) is not None
             and getattr(plot_text(t, seat), "must_defend", False)]
    if not plots:
        return
    first = next(ch for ch in t.challenges if ch.round == t.round and ch.attacker == c.attacker) is c
    for card in t.players[c.defender].zones[Zone.PLAY]:
        if card in c.bypassed or card not in t.in_play or t.card(card).type != "character" \
                or t.in_play[card].kneel_unsure:  # it may be kneeling: not known to be able
            continue
        probe = Checker(t)
        if check_participant(t, probe, card, c.defender, c.kind, defending=True):
            check_plot_participants(t, probe, c.defender, [card], attacking=False)
            check_never_declared(t, probe, [card], "defender", c.kind, first, c.defender)
        if not probe.verdict.violations:
            v.violate("plot.must-defend", (card, plots[0]), player=t.players[c.defender].name, card=t.ref(card),
                      plot=t.ref(plots[0]))
            return


def str_unread(t: Table, c: ChallengeRecord) -> str | None:
    """A card whose text counts for either side and changes STR in a shape the totals do not compute (The Wall's
    "Each [thenightswatch] character you control gets +1 STR."), if any."""
    if not t.str_unread_stands:  # 1st edition: judged by the totals (Tourney for the Hand in our scenario) …
        return next((card for seat in (c.attacker, c.defender) for card in printed_cards(t, seat)  # … but a season's
                     if t.card(card).str_season is not None), None)  # STR, which the log cannot decide
    # A STR modifier recorded with the card as its source is what its text did: the totals hold it (Daenerys's -1).
    written = {m.source for m in t.modifiers if m.stat == "str" and m.source is not None}
    return next((card for seat in (c.attacker, c.defender) for card in printed_cards(t, seat)
                 if t.card(card).str_unread and card not in written), None)


@action("initiate_challenge", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class InitiateChallenge(Action):
    """The active player initiates a challenge (RR: Appendix I › 4.2): its type, the opponent, and the attackers,
    standing characters it controls with the type's icon, at least one, who kneel. ``bypassed``: the opponent's
    characters chosen by the attackers' stealth. ``source``: the card effect that allows a challenge beyond one
    of each type."""

    phone = Phone(control="challenge.initiate")
    player: SeatRef  # the attacking player
    kind: Kind
    defender: SeatRef
    attackers: CardList
    bypassed: CardList | None = None  # one per stealth attacker: two may name the same character
    source: CardRef | None = None
    repeats_in = frozenset({"bypassed"})

    def check(self, t: Table, v: Checker) -> None:
        check_challenge_over(t, v)
        check_initiating(t, v, self.player, self.defender, self.kind, self.source)
        if not self.attackers:
            v.violate("challenge.no-attackers", player=t.players[self.player].name)
        for card in self.attackers:
            check_participant(t, v, card, self.player, self.kind)
        check_plot_participants(t, v, self.player, list(self.attackers), attacking=True)
        first = not any(ch.round == t.round and ch.attacker == self.player for ch in t.challenges)
        check_never_declared(t, v, list(self.attackers), "attacker", self.kind, first, self.defender)
        stealthy = sum(1 + (t.card(card).extra_bypass if printed(t, card) is not None else 0)  # Esgred: one more
                       for card in self.attackers if card in t.in_play and (
                           has_keyword(t, card, "stealth") or keyword_declared(t, card, "stealth", self.kind)
                           or keyword_alone_declared(t, card, "stealth", list(self.attackers))))
        bypassed = self.bypassed or []
        for card in bypassed:
            if t.zone_of(card) is not Zone.PLAY or t.controller(card) != self.defender \
                    or t.card(card).type != "character" or has_keyword(t, card, "stealth"):
                v.violate("challenge.stealth-target", (card,), card=t.ref(card), player=t.players[self.defender].name)
            elif getattr(printed(t, card), "no_bypass", False) or guarded(t, card):  # "Hodor cannot be bypassed …"
                v.violate("challenge.stealth-immune", (card,), card=t.ref(card))
        if len(bypassed) > stealthy:
            v.violate("challenge.stealth-count", player=t.players[self.player].name, count=len(bypassed),
                      stealth=stealthy)

    def apply(self, t: Table) -> None:
        end_challenge(t)
        kept(t, self.player, list(self.attackers))
        kneel_declared(t, {c: kneels_attacking(t, c, self.kind, self.defender) for c in self.attackers})
        pay_toll(t, self.player, self.kind, self.defender)
        t.challenges.append(ChallengeRecord(
            round=t.round, kind=self.kind, attacker=self.player, defender=self.defender, winner=None, unopposed=False,
            claim=claim(t, self.player), stage=Stage.ATTACKERS, attackers=list(self.attackers),
            bypassed=list(dict.fromkeys(self.bypassed or [])), source=self.source))


def require_challenge(t: Table, v: Checker) -> ChallengeRecord | None:
    """The challenge under way; without one there is nothing to declare, resolve or claim: impossible."""
    c = current_challenge(t)
    if c is None:
        v.violate("challenge.none")
    return c


@action("declare_defenders", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class DeclareDefenders(Action):
    """The defending player declares defenders (RR: Appendix I › 4.2.1): standing characters it controls with the
    challenge's icon, not bypassed by stealth, who kneel; ``defenders`` empty: none."""

    phone = Phone(control="challenge.defend")
    player: SeatRef  # the defending player
    defenders: CardList

    def check(self, t: Table, v: Checker) -> None:
        c = require_challenge(t, v)
        if c is None:
            return
        if self.player != c.defender:
            v.violate("challenge.defender", player=t.players[self.player].name, defender=t.players[c.defender].name)
        if c.defenders_declared:
            v.violate("challenge.defenders-once", player=t.players[c.defender].name)
        elif c.stage is not Stage.ATTACKERS:
            # An advisory table recorded the result first (flagged there): these defenders still come too late.
            v.violate("challenge.result-before-defenders", player=t.players[c.attacker].name,
                      defender=t.players[c.defender].name)
        for card in self.defenders:
            if check_participant(t, v, card, c.defender, c.kind, defending=True) and card in c.bypassed:
                v.violate("challenge.bypassed", (card,), card=t.ref(card))
            check_restrictions(t, v, c.defender, "defend", card)
        check_plot_participants(t, v, c.defender, list(self.defenders), attacking=False)
        first = next(ch for ch in t.challenges if ch.round == t.round and ch.attacker == c.attacker) is c
        check_never_declared(t, v, list(self.defenders), "defender", c.kind, first, c.defender)
        alone = c.attackers[0] if len(c.attackers) == 1 else None
        most = getattr(printed(t, alone), "alone_defenders", None) if alone in t.in_play else None
        if alone is not None and most is not None and len(self.defenders) > most:
            v.violate("challenge.defenders-alone", (alone,), card=t.ref(alone), player=t.players[c.defender].name,
                      count=most, declared=len(self.defenders))
        for attacker in c.attackers:
            need = getattr(printed(t, attacker), "defenders_need", None) if attacker in t.in_play else None
            if need and self.defenders and not any(
                    need in traits_of(t, x) for x in in_play_controlled(t, c.defender)
                    if t.card(x).type == "character"):
                v.violate("challenge.defenders-need-trait", (attacker,), card=t.ref(attacker),
                          player=t.players[c.defender].name, trait=need)
        check_defenders_barred(t, v, c.attackers, list(self.defenders), c.kind)
        if not self.defenders:
            v.note("no-defenders-declared", player=t.players[c.defender].name)
            must_defend(t, v, c)

    def apply(self, t: Table) -> None:
        c = current_challenge(t)
        if c is None:
            return
        kept(t, self.player, list(self.defenders))
        kneel_declared(t, {d: kneels_defending(t, d, c.kind) for d in self.defenders})
        c.defenders = [*c.defenders, *(d for d in self.defenders if d not in c.defenders)]
        c.defenders_declared = True
        if c.stage is Stage.ATTACKERS:
            c.stage = Stage.DEFENDERS


def knelt_may_defend(t: Table) -> bool:
    """An attacker in the challenge under way lets knelt characters be declared as defenders (1st edition The Fox's
    Teeth: "While The Fox's Teeth is attacking, knelt characters may be declared as defenders.")."""
    c = current_challenge(t)
    return c is not None and any(a in t.in_play and getattr(printed(t, a), "defenders_barred", None) == "standing"
                                 for a in c.attackers)


def knelt_defender_allowed(t: Table, card: str, seat: str, kind: str) -> bool:
    """A card the defending player controls lets its knelt characters of a trait defend in challenges of a type (1st
    edition Shagga Son of Dolf: "Knelt Clansman characters you control can be declared as defenders during Military
    challenges."; ``Card.knelt_defenders``)."""
    for giver in printed_cards(t, seat):
        fact = t.card(giver).knelt_defenders
        if fact is not None and fact[1] == kind and (not fact[0] or fact[0] in traits_of(t, card)):
            return True
    return False


def check_defenders_barred(t: Table, v: Checker, attackers: list[str], defenders: list[str], kind: str) -> None:
    """An attacker's "While Wex Pyke is attacking, characters without crests cannot be declared as defenders."
    (``Card.defenders_barred``; its text counting; 1st edition Balon Greyjoy's "characters with lower STR than his"
    while he is the only King character in play; The Drumm's "in a [military] or [power] challenge", Rattleshirt's
    "attacking alone"): a defender it names is flagged (RR: Golden Rule)."""
    for attacker in attackers:
        barred = getattr(printed(t, attacker), "defenders_barred", None) if attacker in t.in_play else None
        barred, _, when = (barred or "").partition("|")
        if when and (len(attackers) > 1 if when == "alone" else kind not in when.split(",")):
            continue  # "while … attacking alone" / "in a [military] or [power] challenge": not this one
        # 1st edition Ser Lancel: "… characters with printed cost lower than the number of attacking House
        # Lannister characters cannot be declared as defenders."
        house = barred[len("cost_below:"):] if barred and barred.startswith("cost_below:") else None
        lowest = sum(1 for a in attackers if house in t.card(a).factions) if house else 0
        for card in defenders if barred else ():
            if card not in t.in_play:
                continue
            if (house is not None and t.printed_cost(t.card(card)) < lowest) \
                    or (barred == "no_crest" and not t.card(card).crests) \
                    or (barred == "power" and t.tokens.get(card, {}).get("power", 0) > 0) \
                    or (barred == "shared_trait" and set(traits_of(t, card)) & set(traits_of(t, attacker))) \
                    or (str(barred).startswith("house:") and str(barred)[6:] in _houses(t, card)) \
                    or (barred == "standing" and not t.in_play[card].kneeling) \
                    or (barred.startswith("icon:") and has_icon(t, card, barred[5:])) \
                    or (barred == "no_attachments" and not any(t.card(a).type == "attachment"
                                                               for a in t.dependents(card))) \
                    or (barred == "lower_str_only_king" and strength(t, card) < strength(t, attacker)
                        and not any(k != attacker and ip.duplicate_of is None and t.card(k).type == "character"
                                    and "King" in traits_of(t, k) for k, ip in t.in_play.items())):
                v.violate("challenge.defender-barred", (attacker, card), card=t.ref(card), attacker=t.ref(attacker))


def _houses(t: Table, card: str) -> set[str]:
    """The 1st edition Houses a card is of: its faction, and a "House Tully" Trait (a House that is no faction)."""
    return {t.card(card).faction, *(fold(x)[6:] for x in traits_of(t, card) if fold(x).startswith("house "))}


@action("challenge_result", records=Recorder.TABLE)
@dataclass(frozen=True, slots=True)
class ChallengeResult(Action):
    """STR is compared and the challenge's winner determined (RR: Appendix I › 4.2.2, 4.2.3): each side's total
    is its participating characters' STR plus the modifiers the log records; the higher total wins, a tie goes to
    the attacker; a winner needs 1 STR and a participating character. Unopposed when the defending STR is 0: the
    attacker gains 1 power for its faction at once. ``winner``, if given, is what the table saw: one that differs
    from the STR is flagged (record the modifier that made it so). ``source``: a card effect that decides the result
    instead of the STR ("You cannot lose (and your opponent cannot win) the first challenge initiated against you each
    phase.": For the Watch!; Champion's Challenge): ``winner`` is then what the effect left, none when it is missing."""

    phone = Phone(control="challenge.result")
    winner: SeatRef | None = None
    source: CardRef | None = None

    def check(self, t: Table, v: Checker) -> None:
        c = require_challenge(t, v)
        if c is None:
            return
        if c.stage is Stage.RESOLVED:
            v.violate("challenge.result-once", player=t.players[c.attacker].name)
            return
        if c.stage is Stage.ATTACKERS:
            # RR: Appendix I › 4.2.1 before 4.2.2: the defending player's choice, none included, is its own step.
            v.violate("challenge.result-before-defenders", player=t.players[c.attacker].name,
                      defender=t.players[c.defender].name)
        expected, unopposed = challenge_winner(t, c)
        attack, defence = side_strength(t, c, c.attacker), side_strength(t, c, c.defender)
        if self.winner is not None and self.winner not in (c.attacker, c.defender):
            v.violate("challenge.winner", player=t.players[self.winner].name)
        elif self.winner is not None and self.winner != expected and self.source is None \
                and (unread := str_unread(t, c)):
            # A printed STR effect the totals leave out: the table's result stands, said as a note.
            v.note("str-unread", (unread,), card=t.ref(unread), attack=attack, defence=defence,
                   winner=t.players[self.winner].name)
        elif self.winner is not None and self.winner != expected and self.source is None:
            v.violate("challenge.str", attacker=t.players[c.attacker].name, defender=t.players[c.defender].name,
                      attack=attack, defence=defence,
                      winner=t.players[expected].name if expected else msg("nobody"))
        won = self.won(expected)
        v.note("challenge-result", attacker=t.players[c.attacker].name, defender=t.players[c.defender].name,
               attack=attack, defence=defence, winner=t.players[won].name if won else msg("nobody"))
        if unopposed and won == c.attacker and (barred := house_power_barred(t, c.attacker, c.kind)) is not None:
            v.note("house-power-barred", (barred,), player=t.players[c.attacker].name, card=t.ref(barred),
                   challenge=kind_name(t.card(barred).house_power_only_in or ""))
        elif unopposed and won == c.attacker:
            v.note("unopposed-power", player=t.players[c.attacker].name)

    def won(self, expected: str | None) -> str | None:
        """Who won: the STR's winner, unless the table saw another or a card effect decided it (then as recorded)."""
        return self.winner if self.winner is not None or self.source is not None else expected

    def apply(self, t: Table) -> None:
        c = current_challenge(t)
        if c is None or c.stage is Stage.RESOLVED:
            return
        expected, _ = challenge_winner(t, c)
        attack, defence = side_strength(t, c, c.attacker), side_strength(t, c, c.defender)
        c.winner = self.won(expected)
        c.disputed = self.winner is not None and self.source is None and self.winner != expected \
            and not str_unread(t, c)
        c.unopposed = c.winner == c.attacker and defence == 0
        c.strength = {c.attacker: attack, c.defender: defence}
        c.claim = challenge_claim(t, c)
        c.stage = Stage.RESOLVED
        if c.unopposed:  # RR: Appendix I › 4.2.3 the unopposed bonus, framework: no tap of its own
            if house_power_barred(t, c.attacker, c.kind) is None:  # The Siege of Winterfell: only in [military]
                t.players[c.attacker].power += 1
            c.rewarded.append("unopposed")


@action("apply_claim", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class ApplyClaim(Action):
    """The attacker won: the defending player applies the claim (RR: Appendix I › 4.2.4; RR: Military, Intrigue
    and Power Claim), the claim value of the attacker's revealed plot with its modifiers, as much as it can:
    military, ``cards`` the different characters it controls that it chooses to kill; intrigue, ``cards`` the
    cards discarded at random from its hand (the result recorded; with no ``cards`` at all, the claim's discards
    made at random and not named: the hand's count falls by them); power, nothing to name: that much power moves
    from its faction card to the attacker's. ``source``: a card effect that changes or replaces the claim."""

    phone = Phone(control="claim.apply")
    player: SeatRef  # the defending player
    cards: CardList | None = None
    source: CardRef | None = None

    def validate(self, table: Table) -> None:
        # A card named twice is the claim's own rule (checked below), not an unreadable entry.
        Action.validate(dataclasses.replace(self, cards=sorted(set(self.cards or []))), table)

    def check(self, t: Table, v: Checker) -> None:
        c = current_challenge(t)
        if c is None or c.stage is not Stage.RESOLVED:
            v.violate("claim.no-challenge")
            return
        named = self.cards or []
        for card in sorted({x for x in named if named.count(x) > 1}):
            v.violate("claim.same-character", (card,), card=t.ref(card))
        if c.winner is not None and c.winner == c.defender and self.player == c.attacker and any(
                t.card(x).losing_attacker_claims for seat in t.seats for x in printed_cards(t, seat)):
            return  # Doran Martell: the losing attacker fulfils the claim (by the defender's plot): not judged further
        if c.winner != c.attacker:
            v.violate("claim.not-won", player=t.players[c.attacker].name, kind=kind_name(c.kind))
            return
        if c.claim_applied:
            v.violate("claim.once", player=t.players[c.defender].name)
        if self.player != c.defender:
            v.violate("claim.defender", player=t.players[self.player].name, defender=t.players[c.defender].name)
        cards = self.cards or []
        kind = claim_kind(t, c, self.source)  # The Hand's Tourney: "… apply [power] claim instead."
        due = claim_due(t, c, kind)
        value = challenge_claim(t, c)
        if (plot := forced_claim_plot(t, c)) is not None and self.source is None and kind == "power" and cards:
            v.violate("claim.replaced", (plot,), plot=t.ref(plot), kind=kind_name(c.kind), instead=kind_name(kind))
        elif kind == "intrigue" and self.cards is None and due:
            v.note("claim-unnamed", player=t.players[c.defender].name, count=due)  # random, from a hidden hand
        elif self.source is None and len(cards) != (0 if kind == "power" else due):
            v.violate("claim.count", player=t.players[c.defender].name, kind=kind_name(kind), count=len(cards),
                      due=due, claim=value)
        for card in cards:
            if kind == "military":
                in_play = t.zone_of(card) is Zone.PLAY and not t.in_play[card].duplicate_of
                if t.zone_of(card) is not Zone.PLAY:  # a dead pile, a hand: nothing there can be killed
                    v.violate("claim.not-in-play", (card,), card=t.ref(card), zone=place_name(t, card))
                elif not in_play or t.card(card).type != "character" or t.controller(card) != c.defender:
                    v.violate("claim.military-card", (card,), card=t.ref(card), player=t.players[c.defender].name)
                else:
                    check_killable(t, v, card)
                    note_leaving_play(t, v, card)
            elif kind == "intrigue":
                require_in_hand(t, v, c.defender, card, "claim.intrigue-card")
        if kind == "power":
            have = t.players[c.defender].power
            if have and (barred := house_power_barred(t, c.attacker, c.kind)) is not None:
                # 1st edition The Siege of Winterfell: "You cannot claim power for your House except during a
                # [Military] challenge.": a power claim moves power to the House
                v.violate("power.house-barred", (barred,), player=t.players[c.attacker].name, card=t.ref(barred),
                          kind=msg(f"challenge.kind.{t.card(barred).house_power_only_in}"))
            v.note("claim-power", player=t.players[c.defender].name, winner=t.players[c.attacker].name,
                   amount=min(value, have))

    def apply(self, t: Table) -> None:
        # What the table did, legal or not (advisory mode records a claim after a lost challenge, or a second one, as
        # it happened): the named characters die, the named cards are discarded, the power moves from the player who
        # applies it to the other side of the challenge.
        c = current_challenge(t)
        if c is None or c.stage is not Stage.RESOLVED:
            return  # no challenge to take the claim's type from
        c.claim_applied = True
        # the type applied instead (``claim_kind``), unless the table named the cards of the challenge's own type
        kind = c.kind if self.source is None and self.cards else claim_kind(t, c, self.source)
        if kind == "intrigue" and self.cards is None:
            discard_unnamed(t, c.defender, claim_due(t, c, kind))
        for card in sorted(set(self.cards or [])):
            if kind == "military" and t.zone_of(card) is Zone.PLAY:
                killed(t, card)
            elif kind == "intrigue" and t.zone_of(card) in (Zone.HAND, Zone.DECK):
                take_from_hand(t, t.where[card][0], card)
                leave_to(t, card, Zone.DISCARD)
        if kind == "power":
            payer = self.player
            gainer = c.attacker if payer != c.attacker else c.defender
            moved = min(challenge_claim(t, c), t.players[payer].power)
            t.players[payer].power -= moved
            t.players[gainer].power += moved


def discard_unnamed(t: Table, seat: str, count: int) -> None:
    """An intrigue claim's random discards the log does not name (the hand is hidden): the drawn cards nobody named
    go first; past them, which of the named cards in hand went is not known, so the hand's and deck's counts are no
    longer known either (as for a card taken as drawn)."""
    p = t.players[seat]
    unnamed = min(count, p.drawn_unnamed)
    p.drawn_unnamed -= unnamed
    p.gone_unnamed += unnamed
    if count > unnamed:
        p.counts_known = False


@action("renown", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class Renown(Action):
    """Renown is processed (RR: Renown; RR: Appendix I › 4.2.5): after the claim, each participating character of
    the challenge's winner with the renown keyword may gain 1 power; ``cards`` those that do. Once a challenge.
    ``source``: the card effect that gave a character renown (it has none printed)."""

    phone = Phone(control="challenge.renown")
    player: SeatRef  # the challenge's winner
    cards: CardList
    source: CardRef | None = None

    def check(self, t: Table, v: Checker) -> None:
        c = current_challenge(t)
        one_entry = c is None or c.stage is not Stage.RESOLVED
        if one_entry:
            c = one_entry_challenge(t)
        if c is None:
            v.violate("renown.no-challenge")
            return
        if c.winner is None or self.player != c.winner:
            v.violate("renown.winner", player=t.players[self.player].name)
            return
        if c.renown:
            v.violate("renown.once", player=t.players[self.player].name)
        if c.winner == c.attacker and not c.claim_applied and not one_entry:  # claim first, even of nothing (FAQ)
            v.violate("renown.before-claim", player=t.players[c.defender].name)
        # A challenge as one entry keeps no participants: the characters named are taken as its winner's.
        eligible = set(self.cards) if one_entry else set(participants(t, c, c.winner))
        renowned = {card for card in self.cards if card in t.in_play and has_keyword(t, card, "renown")} \
            if one_entry else set(renown_cards(t, c))
        check_power_kings_only(t, v, [card for card in self.cards if card in eligible])
        if self.source is not None and source_out_of_play(t, v, self.source, "renown.source-not-in-play"):
            return
        for card in self.cards:
            if card in eligible and (barrer := renown_barred_by(t, card)) is not None:
                v.violate("renown.barred", (card, barrer), card=t.ref(card), source=t.ref(barrer))
            if card not in eligible:
                v.violate("renown.participant", (card,), card=t.ref(card), player=t.players[c.winner].name)
            elif card not in renowned and self.source is not None and self.source not in blanked(t) \
                    and not t.card(self.source).gives_renown:
                # The card named as the source prints nothing that gives renown (Burned Men: "Ambush (2)."; probe20 03)
                v.violate("renown.source", (card, self.source), card=t.ref(card), source=t.ref(self.source))
            elif card not in renowned and (self.source is None or self.source in blanked(t) or (
                    self.source == card and t.card(card).renown_during is not None
                    and not renown_during_holds(t, card, c))):
                # A card effect named as the source gives renown, unless that card's text counts as blank.
                v.violate("renown.keyword", (card,), card=t.ref(card))

    def apply(self, t: Table) -> None:
        c = current_challenge(t)
        if c is None or c.stage is not Stage.RESOLVED:
            c = one_entry_challenge(t)
        if c is None:
            return
        c.renown = True
        for card in self.cards:
            if card in t.in_play:
                pile = t.tokens.setdefault(card, {})
                pile[POWER] = pile.get(POWER, 0) + 1


# -- a challenge as one entry (before the steps; old logs replay) -------------------------------------------


def one_entry_challenge(t: Table) -> ChallengeRecord | None:
    """The round's latest challenge in the challenges phase if it was recorded as one entry (no steps, no
    participants kept): its renown follows it (RR: Renown; probe27 21)."""
    last = t.challenges[-1] if t.challenges else None
    if last is None or last.round != t.round or t.phase is not Phase.CHALLENGES or last.stage is not Stage.ENDED \
            or last.attackers or last.defenders_declared or last.winner is None:
        return None
    return last


@action("challenge", records=Recorder.TABLE)
@dataclass(frozen=True, slots=True)
class Challenge(Action):
    """A challenge as one entry: who attacked whom, of which type, who won, and whether it was unopposed.
    Recorded by either seat (it is what both saw), the host or the judge. Named participants kneel, and are
    checked (standing, with the type's icon), and where both sides are named the winner and "unopposed" are
    checked against their STR. The steps (``initiate_challenge`` …) record more and are checked more."""

    kind: Kind
    player: SeatRef  # the attacker
    defender: SeatRef
    winner: SeatRef | None = None  # None: nobody won (no strength on either side)
    unopposed: bool = False
    attackers: Participants | None = None
    defenders: Participants | None = None

    def validate(self, table: Table) -> None:
        Action.validate(self, table)
        for card in [*(self.attackers or []), *(self.defenders or [])]:
            # One answer for a hidden card and a card that does not exist: participants are cards in play.
            if card not in table.in_play:
                raise ActionError("challenge: participating cards are cards in play, named by their id")
        named = [*(self.attackers or []), *(self.defenders or [])]
        if len(set(named)) != len(named):
            raise ActionError("challenge: one card is named twice")

    def check(self, t: Table, v: Checker) -> None:
        check_challenge_over(t, v)
        check_initiating(t, v, self.player, self.defender, self.kind, None)
        if self.winner is not None and self.winner not in (self.player, self.defender):
            v.violate("challenge.winner", player=t.players[self.winner].name)
        for side, cards in ((self.player, self.attackers), (self.defender, self.defenders)):
            for card in cards or []:
                check_participant(t, v, card, side, self.kind)
            check_plot_participants(t, v, side, list(cards or []), attacking=side == self.player)
        defence = sum(strength(t, c) for c in self.defenders or [] if c in t.in_play)
        if self.unopposed and (self.winner != self.player or defence > 0):
            v.violate("challenge.unopposed", player=t.players[self.player].name)
        if self.attackers is not None and self.defenders is not None:
            attack = sum(strength(t, c) for c in self.attackers if c in t.in_play)
            expected: str | None = self.player if attack >= defence else self.defender
            if (attack if expected == self.player else defence) < 1:
                expected = None
            if self.winner != expected:
                v.violate("challenge.str", attacker=t.players[self.player].name,
                          defender=t.players[self.defender].name, attack=attack, defence=defence,
                          winner=t.players[expected].name if expected else msg("nobody"))

    def apply(self, t: Table) -> None:
        end_challenge(t)
        kept(t, self.player, list(self.attackers or []))
        kept(t, self.defender, list(self.defenders or []))
        kneel_declared(t, {**{c: kneels_attacking(t, c, self.kind, self.defender) for c in self.attackers or []},
                           **{d: kneels_defending(t, d, self.kind) for d in self.defenders or []}})
        pay_toll(t, self.player, self.kind, self.defender)
        t.challenges.append(ChallengeRecord(round=t.round, kind=self.kind, attacker=self.player,
                                            defender=self.defender, winner=self.winner, unopposed=self.unopposed,
                                            claim=claim_raised(t, self.player, self.defender, self.kind,
                                                                         self.attackers or [])))


@action("challenge_reward", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class ChallengeReward(Action):
    """A follow-up of a challenge recorded as one entry, one tap: "unopposed" (+1 power on the winner's faction
    card) or "power_claim" (claim power moves from the loser's faction card to the winner's; the loser gives what
    it has). ``player`` is the winner, ``kind`` the challenge's type; ``amount`` overrides the plot's claim."""

    player: SeatRef
    kind: Kind
    reward: Annotated[Literal["unopposed", "power_claim"], Words("challenge.reward")]
    attacker: SeatRef | None = None  # the challenge's attacker when a defender won (default: ``player``)
    amount: Amount | None = None

    def record(self, t: Table) -> ChallengeRecord | None:
        return last_challenge(t, self.attacker or self.player, self.kind)

    def loser(self, c: ChallengeRecord) -> str:
        return c.defender if c.winner == c.attacker else c.attacker

    def check(self, t: Table, v: Checker) -> None:
        c = self.record(t)
        if c is None:
            v.violate("challenge.no-challenge", player=t.players[self.attacker or self.player].name,
                      kind=kind_name(self.kind))
            return
        if c.winner != self.player:
            v.violate("challenge.not-winner", player=t.players[self.player].name)
        if self.reward in c.rewarded:
            v.violate("challenge.reward-twice", player=t.players[self.player].name)
        if self.reward == "unopposed" and not (c.unopposed and c.winner == c.attacker):
            v.violate("challenge.unopposed", player=t.players[self.player].name)
        elif self.reward == "unopposed" and (barred := house_power_barred(t, self.player, c.kind)) is not None:
            v.violate("power.house-barred", (barred,), player=t.players[self.player].name, card=t.ref(barred),
                      kind=kind_name(t.card(barred).house_power_only_in or ""))
        if self.reward == "power_claim":
            if c.kind != "power" or c.winner != c.attacker:
                v.violate("challenge.power-claim", player=t.players[self.player].name)
            loser = self.loser(c)
            want = c.claim if self.amount is None else self.amount
            have = t.players[loser].power
            if have < want:
                v.note("claim-short", player=t.players[loser].name, have=have, amount=want)

    def apply(self, t: Table) -> None:
        c = self.record(t)
        if c is None:
            return
        c.rewarded.append(self.reward)
        if self.reward == "unopposed":
            t.players[self.player].power += 1 if self.amount is None else self.amount
            return
        loser = self.loser(c)
        moved = min(c.claim if self.amount is None else self.amount, t.players[loser].power)
        t.players[loser].power -= moved
        t.players[self.player].power += moved
