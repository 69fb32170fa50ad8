"""The round's numbers, computed from the table: plot values with their modifiers, initiative, STR, claim,
dominance and reserve. The checks and the views read them from here, so both say the same.

RR: Plot Value Modifiers: a revealed plot's gold, initiative and reserve "incorporate all relevant modifiers":
the printed "+1 Income" (and the like) on cards a player controls in play, and the modifiers the log records from
card effects (``modify``). RR: Modifiers: a value below zero counts as zero.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from companion.catalog.card import ICONS, Card, PlotLimit, fold
from companion.rules.editions import Table
from companion.rules.state import ChallengeRecord, Modifier, Phase, Stage, Zone

#: Power that wins the game (RR: Winning the Game; the 1st-edition joust also plays to 15).
WINNING_POWER = 15
POWER = "power"
#: The stats a ``modify`` entry may change.
STATS = ("initiative", "income", "reserve", "claim", "dominance", "str")
#: How long a recorded modifier lasts.
UNTIL = ("challenge", "phase", "round")


def knelt_unkillable_by(t: Table, card: str) -> str | None:
    """The card of the kneeling character's controller that keeps it from being killed (1st edition Timett Son of
    Timett: "Knelt Clansman characters you control cannot be killed.": ``Card.knelt_unkillable_own``), if any."""
    if card not in t.in_play or not t.in_play[card].kneeling:
        return None
    traits = traits_of(t, card)
    return next((giver for giver in printed_cards(t, t.controller(card))
                 if (trait := t.card(giver).knelt_unkillable_own) is not None and (not trait or trait in traits)), None)


def revealed_plot(t: Table, seat: str) -> str | None:
    """The seat's revealed plot instance, if any."""
    zone = t.players[seat].zones[Zone.REVEALED]
    return zone[-1] if zone else None


def plot_card(t: Table, seat: str) -> Card | None:
    """The seat's revealed plot's facts: its printed values count even when its text box is blank."""
    plot = revealed_plot(t, seat)
    return t.card(plot) if plot else None


SCHEME = "Scheme"


def plot_text_blank(t: Table, plot: str) -> bool:
    """A revealed plot's text box counts as blank: outside the plot phase, a revealed Forgotten Plans blanks every
    revealed plot that is not a Scheme (itself a Scheme, so never blank through another)."""
    if t.phase is Phase.PLOT or SCHEME in t.card(plot).traits:
        return False
    return any(t.card(other).blanks_plots for seat in t.seats if (other := revealed_plot(t, seat)) is not None)


def plot_text(t: Table, seat: str) -> Card | None:
    """The seat's revealed plot's facts where its printed text counts (None without one, or when it is blank)."""
    plot = revealed_plot(t, seat)
    return None if plot is None or plot_text_blank(t, plot) else t.card(plot)


def skipped_phases(t: Table) -> dict[Phase, str]:
    """The phases a revealed plot skips this round, with the plot ("Skip the taxation phase this round.": 1st edition
    Planning Ahead; "… the standing phase …": The Withering Cold). Phases are every player's, so any plot counts."""
    return {Phase(card.skips_phase): plot for seat in t.seats
            if (plot := revealed_plot(t, seat)) is not None and (card := plot_text(t, seat)) is not None
            and card.skips_phase}


def plot_limits(t: Table, seat: str) -> list[tuple[str, PlotLimit]]:
    """The printed restrictions that bind the seat now (RR: Golden Rule), with the plot that prints each: its own
    revealed plot's, and every revealed plot's that binds each player."""
    out: list[tuple[str, PlotLimit]] = []
    for other in t.seats:
        plot = revealed_plot(t, other)
        if plot is not None and not plot_text_blank(t, plot):
            # "pair" (A Southron Peace: "you and that player … against each other"): the chosen opponent is known
            # in a game of two only, and then it binds both.
            out += [(plot, limit) for limit in t.card(plot).plot_limits if limit.binds == "each" or (
                limit.binds == "pair" and len(t.seats) == 2) or (other == seat and limit.binds != "pair")]
    # a card in play printing one in the same words binds its controller (The Crag), or in a game of two its
    # controller's opponent (The Queen of Thorns: "While The Queen of Thorns is standing, opponents cannot …")
    held = [cid for cid, ip in t.in_play.items() if t.card(cid).plot_limits and ip.duplicate_of is None and (
        ip.controller == seat or len(t.seats) == 2)]
    if held:
        blank = blanked(t)
        out += [(cid, limit) for cid in held if cid not in blank for limit in t.card(cid).plot_limits
                if (limit.binds == "you") == (t.in_play[cid].controller == seat) and limit.binds in ("you", "opponents")
                and not (limit.while_standing and t.in_play[cid].kneeling)]
    return out


def revealed_plots_that(t: Table, fact: str) -> list[str]:
    """The revealed plots (any player's) whose printed fact ``fact`` is set and counts (Stoic Resolve's
    knelt_unkillable)."""
    return [plot for seat in t.seats if (plot := revealed_plot(t, seat)) is not None and getattr(t.card(plot), fact)
            and not plot_text_blank(t, plot)]


def opponent_cost(t: Table, seat: str, card: Card) -> int:
    """What the opponents' revealed plots add to the seat's cost to marshal this card ("Increase the cost for each
    opponent to marshal each of his or her characters by 1.": Famine), and the seat's own cards whose text counts
    ("Increase the cost of each character you marshal by 1.": Kingdom of Shadows)."""
    return sum(n for other in t.seats if other != seat and (plot := plot_text(t, other)) is not None
               for kind, n in plot.opponent_cost if kind == card.type) + sum(
        n for own in printed_cards(t, seat) for kind, n in t.card(own).own_cost if kind == card.type)


def plot_returns_gold(t: Table, phase: Phase) -> bool:
    """A revealed plot returns every player's gold as ``phase`` begins ("After the challenges phase begins, each
    player returns all gold in his or her gold pool to the treasury.": Supporting the Faith, a forced reaction)."""
    return any(t.card(plot).gold_returned_in == phase.value for plot in revealed_plots_that(t, "gold_returned_in"))


def gold_kept(t: Table, seat: str) -> int:
    """The unspent gold the seat keeps in taxation: all of it when its revealed plot says it returns none (The Long
    Plan), else what its cards in play take off the return ("Reduce the number of unspent gold you return … by 1.":
    King's Landing Dromond)."""
    gold = t.players[seat].gold
    plot = plot_text(t, seat)
    if plot is not None and plot.keeps_gold:
        return gold
    return min(gold, sum(t.card(c).kept_gold for c in printed_cards(t, seat)))


def has_plots(t: Table, seat: str) -> bool:
    zones = t.players[seat].zones
    return bool(zones[Zone.PLOTS] or zones[Zone.REVEALED] or zones[Zone.USED])


def power_total(t: Table, seat: str) -> int:
    """Power on the faction card plus power on the cards the seat controls (FAQ 1.4), but for the characters' whose
    power a card's text says does not count ("Power on opponents' characters does not count towards their total
    power.": 1st edition Melisandre; Ser Lancel Lannister: "… on Lord or Lady characters …")."""
    # Asked for every view: most tables hold no such card (no blank-text look then).
    givers = [(other, fact) for other in t.seats for c in printed_cards(t, other)
              if (fact := t.card(c).power_uncounted) is not None] \
        if any(t.card(c).power_uncounted for c in t.in_play) else []

    def uncounted(card: str) -> bool:
        if t.card(card).type != "character":
            return False
        return any((other != seat) if whose == "opponents" else bool(set(traits.split("|")) & traits_of(t, card))
                   for other, (whose, traits) in givers)

    on_cards = sum(t.tokens_on(c).get(POWER, 0) for c, ip in t.in_play.items() if ip.controller == seat
                   and not (givers and uncounted(c)))
    return t.players[seat].power + on_cards


def winning_power(t: Table, seat: str) -> int:
    """The power this seat needs to win (RR: Winning the Game: 15), changed by printed text that counts: its own
    "You need 2 additional power to win the game." (The Rangers), an opponent's "Each opponent without a Treaty
    agenda needs 5 fewer power (to a minimum of 10) …" unless the seat's agenda is such one."""
    # Asked for every seat of every view, and each seat's answer reads every seat's printed cards: most tables hold
    # no card with such text (none among the cards printed_cards could return: agendas, revealed plots, cards in play).
    if not any(t.card(c).win_power for c in t.in_play) and not any(
            t.card(c).win_power for p in t.players.values()
            for c in (*p.zones[Zone.AGENDA], *p.zones[Zone.REVEALED][-1:])):
        return WINNING_POWER
    change, floor = 0, 0
    agendas = [t.card(a).name for a in t.players[seat].zones[Zone.AGENDA]]
    for other in t.seats:
        for cid in printed_cards(t, other):
            fact = t.card(cid).win_power
            if fact is None:
                continue
            whose, amount, least = fact
            exempt = whose.startswith("opponents:") and any(whose.split(":", 1)[1] in name for name in agendas)
            if (whose == "you") == (other == seat) and not exempt:
                change, floor = change + amount, max(floor, least)
    return max(floor, WINNING_POWER + change)


def in_play_controlled(t: Table, seat: str) -> Iterator[str]:
    """Cards the seat controls in play that are not duplicates (a duplicate has no text: RR: Duplicates)."""
    for cid, ip in t.in_play.items():
        if ip.controller == seat and ip.duplicate_of is None:
            yield cid


def controls_named(t: Table, seat: str, name: str) -> bool:
    """The seat controls a card of that title in play (a duplicate aside): "While you control Right", "unless you
    control Bran Stark"."""
    wanted = fold(name)
    return any(fold(t.card(c).name) == wanted for c in in_play_controlled(t, seat))


def recorded(t: Table, stat: str, seat: str, card: str | None = None) -> int:
    """The sum of the recorded modifiers of ``stat`` for the seat (or for one card)."""
    return sum(m.amount for m in t.modifiers if m.stat == stat and m.seat == seat and m.card == card)


def blanked(t: Table) -> set[str]:
    """The cards in play whose printed text box counts as blank: an attachment on them says so (Milk of the Poppy),
    or a revealed plot does for every character (Fortified Position). Their keywords and the sentences the catalogue
    reads from their text do nothing; their traits stay."""
    out = {ip.attached_to for a, ip in t.in_play.items() if ip.attached_to and t.card(a).blanks_attached}
    if revealed_plots_that(t, "blanks_characters"):
        out |= {cid for cid in t.in_play if t.card(cid).type == "character"}
    return out


def printed(t: Table, card: str) -> Card | None:
    """The card's facts, or None when its text box is blank (its printed sentences do nothing)."""
    return None if card in blanked(t) else t.card(card)


def printed_cards(t: Table, seat: str) -> list[str]:
    """The cards whose printed text counts for the seat now: its revealed plot and its cards in play, blank text
    aside (the plot's "You may marshal … 1 additional limited card", a location's "+1 Income", Khal Drogo's
    additional challenge)."""
    plot = revealed_plot(t, seat)
    blank = blanked(t)
    return [*([plot] if plot and not plot_text_blank(t, plot) else []), *t.players[seat].zones[Zone.AGENDA],
            *(c for c in in_play_controlled(t, seat) if c not in blank)]


def house_power_barred(t: Table, seat: str, kind: str | None) -> str | None:
    """The seat's card (agenda, card in play, revealed plot) by which it gains no power for its House now, outside a
    challenge of the type it names (``Card.house_power_only_in``: 1st edition The Siege of Winterfell); ``kind``: the
    challenge's type, None outside a challenge (dominance). None: nothing bars it."""
    for card in printed_cards(t, seat):
        only = t.card(card).house_power_only_in
        if only is not None and kind != only:
            return card
    return None


def spendable_cards(t: Table, seat: str) -> list[str]:
    """The cards in play whose gold the seat may spend now as if it were in its gold pool (``Card.gold_spendable``:
    1st edition Tywin Lannister "You may spend gold tokens on Tywin Lannister as if they are in your gold pool."; Old
    Bill Bone "… on [Martell] Characters you control …"; Sweet Cersei "During the challenges phase, …")."""
    givers = [c for c in in_play_controlled(t, seat) if t.card(c).gold_spendable is not None]
    if not givers:  # the printed fact first: the blank-text look only when one is there
        return []
    counted, out = printed_cards(t, seat), []
    for giver in givers:
        whose, phase = t.card(giver).gold_spendable or ("", "")
        if giver not in counted or (phase and t.phase.value != phase):
            continue
        if whose == "self":
            out.append(giver)
            continue
        faction, kind = whose.split(":", 1)
        out += [c for c in in_play_controlled(t, seat)
                if t.card(c).faction == faction and kind in ("card", t.card(c).type)]
    return list(dict.fromkeys(out))


def spendable_gold(t: Table, seat: str) -> int:
    """The gold the seat can pay with now: its pool and the gold on ``spendable_cards``."""
    return t.players[seat].gold + sum(t.tokens_on(c).get("gold", 0) for c in spendable_cards(t, seat))


def pay_gold(t: Table, seat: str, cost: int) -> None:
    """The seat pays ``cost``: from its pool, the rest from the gold on ``spendable_cards`` (the pool first, as it is
    returned in the taxation phase and theirs is not); what neither holds leaves the pool below 0 (an advisory game's
    overspend, flagged)."""
    p = t.players[seat]
    p.gold -= cost
    if p.gold >= 0 or cost <= 0:
        return
    for card in spendable_cards(t, seat):
        pile = t.tokens.get(card, {})
        taken = min(-p.gold, pile.get("gold", 0))
        if taken <= 0:
            continue
        p.gold += taken
        if pile["gold"] > taken:
            pile["gold"] -= taken
        else:
            pile.pop("gold")
        if p.gold >= 0:
            return


def cost_reduction_allowed(t: Table, seat: str, card: str, way: str = "marshal") -> int | None:
    """The most the seat's cards may take off this card's cost now, as far as their text is read: the card itself
    (a sentence of it not read: "costs 1 less"; its "the next card you marshal" is for another card), the seat's
    revealed plot and cards in play whose text counts, its agenda, and its discard pile (a reducing event
    is played first; a location is sacrificed for it: The Kingsroad). None when one of them lowers a cost in a shape
    not read: any amount may be right then (RR: Costs)."""
    p = t.players[seat]
    sources = [card, *printed_cards(t, seat), *p.zones[Zone.DISCARD]]
    target = t.card(card)
    total = 0
    for cid in sources:
        facts = t.card(cid)
        if facts.reduces_unread:
            return None
        if cid == card:  # its own "the next … you marshal" is another card's: only an unread sentence counts here
            if facts.cheaper_if is not None and cheaper_holds(t, seat, facts.cheaper_if[0]):
                total += facts.cheaper_if[1]  # "If Robb Stark is in play, lower the cost to play Grey Wind by 2."
            if facts.cheaper_per is not None and facts.cheaper_per[0] == way:  # Grizzled Miner: 1 less for each …
                floor = facts.cheaper_per[2]
                total += min(cheaper_count(t, seat, facts.cheaper_per[1]),
                             max(0, t.printed_cost(target) - floor) if floor else 99)
            if facts.own_shadow_less and way == "shadows":  # Varys: 1 less for each other card in shadows
                total += facts.own_shadow_less * sum(1 for c, (_, zone) in t.where.items()
                                                     if zone is Zone.SHADOWS and c != card)
            continue
        if standing_kneel_reducer(t, cid):
            continue
        spent = {i for r, plot, i in p.reductions_used if r == t.round and plot == cid}  # a plot's, this round
        total += sum(amount for i, (words, types, amount) in enumerate(facts.reduces_cost)
                     if i not in spent and reducer_fits(target, words, types, way))
        if facts.penalty_waived == "named" and cid in p.zones[Zone.AGENDA] and p.agenda_house is None:
            # Alliance: "… name a House. Ignore the out-of-House gold penalty to place or play cards from that
            # House.": where the House named is not recorded (``agenda_house``), a cost paid without the penalty stands
            total += t.gold_penalty(seat, target)
    return total


def cheaper_count(t: Table, seat: str, counted: str) -> int:
    """How many cards a ``Card.cheaper_per`` counts now: "control;<faction>;<Trait>;<types>" the seat's cards in play
    (not duplicates), "used;<Trait>" its used pile, "revealed;<Trait>" every revealed plot."""
    where, *rest = counted.split(";")
    if where == "control":
        faction, trait, types = rest
        return sum(1 for c in in_play_controlled(t, seat) if t.card(c).type in types.split("|")
                   and (not faction or faction in t.card(c).factions) and (not trait or trait in traits_of(t, c)))
    trait = rest[0]
    plots = t.players[seat].zones[Zone.USED] if where == "used" else [
        p for s in t.seats if (p := revealed_plot(t, s)) is not None]
    return sum(1 for p in plots if not trait or trait in t.card(p).traits)


def cheaper_holds(t: Table, seat: str, condition: str) -> bool:
    """A ``Card.cheaper_if`` condition now: the title in play (anyone's), or "trait:King|Queen": the seat controls a
    character with one of the Traits (1st edition King Robb's Host: "… if you control a King or Queen character")."""
    if condition.startswith("trait:"):
        wanted = set(condition[len("trait:"):].split("|"))
        return any(t.card(c).type == "character" and wanted & set(traits_of(t, c)) for c in in_play_controlled(t, seat))
    return any(fold(t.card(c).name) == fold(condition) for c in t.in_play)


def standing_kneel_reducer(t: Table, cid: str) -> bool:
    """A card in play whose reduction is paid by kneeling it (Illyrio's Estate, Lannisport Merchant) and that stands:
    its reduction was not used (the log records the kneel, ``kneel``, before the marshal it pays for)."""
    return t.card(cid).reduces_by_kneeling and cid in t.in_play and not t.in_play[cid].kneeling


def reducers_spent(t: Table, seat: str, card: str, shortfall: int, way: str = "marshal") -> list[tuple[str, int]]:
    """The reducers of the seat's cards (its plot's aside) spent on this card marshalled ``shortfall`` below its
    cost after the plot's reduction, as (card, which reducer): all that fit when together they take no more than
    that off (each was needed: a knelt Lannisport Merchant's "the next [lannister] character" is used up); none
    when fewer would do, as which were used is not known then (RR: Costs). ``way``: "shadows" for a card brought out
    of shadows (Kingdom of Shadows' "the first character you bring out of shadows each round")."""
    if shortfall <= 0:
        return []
    p = t.players[seat]
    plot = revealed_plot(t, seat)
    target = t.card(card)
    fitting = [(cid, i, amount) for cid in [*printed_cards(t, seat), *p.zones[Zone.DISCARD]]
               if cid not in (card, plot) and not standing_kneel_reducer(t, cid)
               for i, (words, types, amount) in enumerate(t.card(cid).reduces_cost)
               if (t.round, cid, i) not in p.reductions_used and reducer_fits(target, words, types, way)]
    return [(cid, i) for cid, i, _ in fitting] if sum(a for _, _, a in fitting) <= shortfall else []


def event_reduction(t: Table, seat: str, card: str, way: str) -> int:
    """What the seat's events played this phase take off this card's cost by themselves, not yet used (A Very Large
    Shadow: "Reduce the cost of the next card you bring out of shadows this phase by 3."): a cost left unwritten is
    the cost after them (a newcomer trial paid the full Shadow cost after playing it from the phone)."""
    return sum(amount for _, _, amount in event_reducers(t, seat, card, way))


def event_reducers(t: Table, seat: str, card: str, way: str) -> list[tuple[str, int, int]]:
    """``event_reduction``'s reducers: (the event, which reducer, how much)."""
    p = t.players[seat]
    now = {(title, rnd, phase) for title, rnd, phase, _ in p.events_played}
    return [(cid, i, amount) for cid in p.zones[Zone.DISCARD]
            if t.card(cid).type == "event" and (t.card(cid).title_key, t.round, t.phase.value) in now
            for i, (words, types, amount) in enumerate(t.card(cid).reduces_cost)
            if (t.round, cid, i) not in p.reductions_used and reducer_fits(t.card(card), words, types, way)]


def spend_reducers(t: Table, seat: str, card: str, shortfall: int, way: str = "marshal") -> None:
    """The reducers that paid ``shortfall`` of this card's cost (``reducers_spent``) are used up this round."""
    t.players[seat].reductions_used += [(t.round, c, i) for c, i in reducers_spent(t, seat, card, shortfall, way)]


def printed_cost_within(card: Card, bound: str) -> bool:
    """The card's printed cost is within "cost>=6" / "cost<=3" ("with printed cost 6 or higher"); a cost not a
    number ("X", "-") is not."""
    n = int(bound[6:])
    return isinstance(card.cost, int) and (card.cost >= n if bound[4] == ">" else card.cost <= n)


def reducer_fits(target: Card, words: tuple[str, ...], types: tuple[str, ...], way: str = "marshal") -> bool:
    """A reducer's "<words> <types>" describe the card: a trait, a faction or uniqueness among the words; a word
    not read as one of those ("Knight or Lady") counts as fitting, but "House <name>" names the card's House. An
    icon it needs ("icon:military": "the next character with a Military icon") the card has too. One only for a
    card brought out of shadows or ambushed ("only:shadows": Kingdom of Shadows) fits only that ``way``."""
    if (only := [w[5:] for w in words if w.startswith("only:")]) and way not in only:
        return False
    words = tuple(w for w in words if not w.startswith("only:"))
    if not all(printed_cost_within(target, w) for w in words if w.startswith(("cost>=", "cost<="))):
        return False  # "with printed cost 6 or higher": "cost>=6"
    words = tuple(w for w in words if not w.startswith(("cost>=", "cost<=")))
    marks = {x.casefold() for x in target.traits} | {f"[{target.faction}]", target.faction}
    marks |= {"unique"} if target.unique else {"non-unique"}
    marks |= {"loyal"} if target.loyal else {"non-loyal"}  # "the next loyal card you marshal" (Fealty)
    marks |= {f"house {f}" for f in target.factions}  # 1st edition Illyrio's Man: "the next House Targaryen character"
    icons = [w[5:] for w in words if w.startswith("icon:")]
    words = tuple(w for w in words if not w.startswith("icon:"))
    # a Trait of two words ("The Seven", "The North") is a Trait, as "House Tully" is: only words left unsplit
    # ("Knight or Lady") count as fitting
    return ("card" in types or target.type in types) and all(i in target.icons for i in icons) and (
        not words or any(w.casefold() in marks or (" " in w and not w.casefold().startswith(("house ", "the ")))
                         for w in words))


def plot_reductions(t: Table, seat: str, card: str) -> list[tuple[str, int, int]]:
    """What the seat's revealed plot takes off the cost of this card marshalled now, as (plot, which reducer,
    amount): its "Reduce the cost of the first Lord or Lady character you marshal this round by 2." (A Noble Cause;
    For the Realm, Peace and Prosperity) for the first such card of the round, a constant ability applied without
    being asked for (RR: Costs). Each reducer once a round."""
    plot = revealed_plot(t, seat)
    if plot is None or plot_text_blank(t, plot):
        return []
    used = t.players[seat].reductions_used
    target = t.card(card)
    return [(plot, i, amount) for i, (words, types, amount) in enumerate(t.card(plot).reduces_cost)
            if (t.round, plot, i) not in used and "event" not in types and reducer_fits(target, words, types)]


def recorded_sources(t: Table, stat: str, seat: str) -> set[str]:
    """The cards named as the source of a recorded modifier of ``stat`` for the seat: the log counted their effect
    itself, so their printed one is not counted again."""
    return {m.source for m in t.modifiers if m.stat == stat and m.seat == seat and m.source is not None}


def printed_bonus(t: Table, stat: str, seat: str) -> int:
    """Printed plot value modifiers ("+1 Income") on the cards the seat controls in play, blank text aside (a plot's
    bonus is 0), except where a recorded modifier names the card as its source."""
    if stat == "income" and revealed_plots_that(t, "no_income_bonuses"):
        return 0  # 1st edition Rains of Autumn: no card provides an income bonus this round, whoever revealed it
    counted = recorded_sources(t, stat, seat)
    cards = printed_cards(t, seat)
    if stat == "income" and (sole := [c for c in cards if t.card(c).sole_gold_bonus]):
        cards = sole  # Knights of the Hollow Hill: "Your other cards do not provide a gold bonus."
    if stat == "income" and revealed_plots_that(t, "no_positive_gold_modifiers"):
        # Rains of Autumn: "Characters and locations do not provide positive gold modifiers."
        cards = [c for c in cards if not gold_modifier_ignored(t, c)]
    return sum(t.card(cid).bonus(stat) for cid in cards if cid not in counted)


def gold_modifier_ignored(t: Table, card: str) -> bool:
    """A character's or location's positive "+N Income", which Rains of Autumn's "Characters and locations do not
    provide positive gold modifiers." leaves out (asked only while such a plot is revealed)."""
    return t.card(card).type in ("character", "location") and t.card(card).bonus("income") > 0


def gold_modifiers_ignored(t: Table, seat: str) -> int:
    """The "+N Income" of the seat's characters and locations that a revealed Rains of Autumn leaves out."""
    if not revealed_plots_that(t, "no_positive_gold_modifiers"):
        return 0
    counted = recorded_sources(t, "income", seat)
    return sum(t.card(c).bonus("income") for c in printed_cards(t, seat)
               if c not in counted and gold_modifier_ignored(t, c))


#: Cards each player draws in the draw phase (RR: Appendix I › 2.2).
DRAW_PHASE_CARDS = 2


def draw_phase_cards(t: Table, seat: str, *, once_per_title: bool = False) -> int:
    """The seat's draw-phase draw: 2, changed by the printed "Increase/Reduce the number of cards each player draws
    (you draw) in the draw phase by 1" on revealed plots and cards in play whose text counts (Time of Plenty, Early
    Frost, The Shield Islands, Master of Laws), at least 0. ``once_per_title``: an "each player" change printed on
    cards of one title counts once (both players reveal Time of Plenty: the texts do not say whether the two add
    up; ``draw_phase_counts`` accepts either)."""
    change, seen = 0, set()
    for other in t.seats:
        for cid in printed_cards(t, other):
            for whose, n in t.card(cid).draw_phase:
                if whose == "each" and once_per_title:
                    if (t.card(cid).title_key, n) in seen:
                        continue
                    seen.add((t.card(cid).title_key, n))
                if whose == "each" or (other == seat and (whose == "you" or _controls_most(t, seat, whose))):
                    change += n
    return max(0, DRAW_PHASE_CARDS + change)


def draw_phase_counts(t: Table, seat: str) -> tuple[int, ...]:
    """The draw-phase draws a table may take for the seat: each copy's change counted, or, where several cards of one
    title print the same "each player" change, that change once (``draw_phase_cards``)."""
    return tuple(sorted({draw_phase_cards(t, seat), draw_phase_cards(t, seat, once_per_title=True)}))


def _controls_most(t: Table, seat: str, whose: str) -> bool:
    """"While you control more (fewer) Knight characters than each other player" (``Card.draw_phase``'s
    "more:Knight", "fewer:Knight"): the seat's characters with the trait against each other player's."""
    most, _, trait = whose.partition(":")

    def count(s: str) -> int:
        return sum(1 for c in in_play_controlled(t, s) if t.card(c).type == "character" and trait in traits_of(t, c))

    mine = count(seat)
    others = [count(s) for s in t.seats if s != seat and not t.players[s].eliminated]
    return bool(others) and all(mine > n if most == "more" else mine < n for n in others)


def plot_value(t: Table, seat: str, stat: str) -> int | None:
    """A plot value of the seat's revealed plot with every modifier (None without a revealed plot, or where the
    plot prints no such value, as 1st-edition plots print no reserve)."""
    card = plot_card(t, seat)
    if card is None:
        return None
    base: int | None = getattr(card, stat)
    if base is None and stat == "income" and card.income_x is not None:
        # Summer Harvest: the chosen opponent's printed gold and 2; the opponent is not recorded: the highest.
        printed_gold = [p.income for s in t.seats if s != seat and (p := plot_card(t, s)) and p.income is not None]
        base = max(printed_gold) + card.income_x if printed_gold else None
    if base is None:
        return None
    if base_zeroed(t, card, stat):
        base = 0
    if stat == "income" and any(other != seat and getattr(plot_text(t, other), "opponents_income_zero", False)
                                for other in t.seats):
        base = 0  # 1st edition Blockade: "The income on each opponent's revealed plot card is reduced to 0."
    return plot_values_printed(t, seat, card, stat, base + printed_bonus(t, stat, seat) + recorded(t, stat, seat))


def plot_values_printed(t: Table, seat: str, plot: Card, stat: str, value: int) -> int:
    """The seat's revealed plot's value (``value``: its base and the other modifiers) with what cards that are no
    plots print (``Card.plot_values``), at least 0: Kings of Summer's "Increase the reserve value on each player's
    revealed plot card by 1.", Kings of Winter's "While you have a Winter plot card revealed, reduce the gold value on
    each opponent's non-Summer plot card by 1.", Harlaw's "Reduce the reserve value on each opponent's revealed plot
    card by 1.", anyone's card whose text counts (its plot, agenda, a card in play) while its condition holds; a
    modifier recorded naming the card stands for it. A reduction "to a minimum of 2" (Wraiths in Their Midst) comes
    last: a value already under the minimum stays where it is."""
    if not any(c.plot_values for c in t.cards.values()):
        return max(0, value)  # most tables hold no such card: the cards in play are not walked for every plot value
    counted = recorded_sources(t, stat, seat)
    floored: list[tuple[int, int]] = []
    for other in t.seats:
        # A plot in the used pile counts by its "While … is in your used pile" sentence only (Loan from the Iron Bank).
        for cid in (*printed_cards(t, other), *t.players[other].zones[Zone.USED]):
            for changed, whose, amount, trait, cond, least in t.card(cid).plot_values:
                if (cond == "used") != (cid in t.players[other].zones[Zone.USED]):
                    continue
                if changed != stat or cid in counted or whose == ("opponents" if other == seat else "you"):
                    continue
                needed = trait.removeprefix("non:")
                if (needed and (needed in plot.traits) == trait.startswith("non:")) \
                        or not _plot_value_while(t, other, cid, cond):
                    continue
                if least:
                    floored.append((amount, least))
                else:
                    value += amount
    value = max(0, value)
    for amount, least in floored:
        value = max(value + amount, min(value, least))
    return value


def _plot_value_while(t: Table, seat: str, cid: str, cond: str) -> bool:
    """``Card.plot_values``' condition for the seat's card: "none:Winter" (no Winter plot revealed), "any:Kingdom",
    "yours:Winter", "more:Winter:Summer" (more revealed plots are Winter than Summer), "first_player" (the seat is),
    "standing" (the card is in play and standing), "used" (the card is in the seat's used pile: the caller looks)."""
    if cond == "first_player":
        return t.first_player == seat
    if cond == "standing":
        return cid in t.in_play and not t.in_play[cid].kneeling
    if not cond or cond == "used":
        return True
    kind, _, trait = cond.partition(":")
    if kind == "more":  # Moat Cailin: "While there are more Winter plot cards than Summer plot cards revealed, …"
        more, _, fewer = trait.partition(":")
        plots = [p for s in t.seats if (p := plot_card(t, s)) is not None]
        return sum(more in p.traits for p in plots) > sum(fewer in p.traits for p in plots)
    if kind == "yours":
        return (mine := plot_card(t, seat)) is not None and trait in mine.traits
    revealed = any((p := plot_card(t, s)) is not None and trait in p.traits for s in t.seats)
    return revealed == (kind == "any")


def base_zeroed(t: Table, plot: Card, stat: str) -> bool:
    """A revealed plot (any player's) treats this plot's base value as 0 (RR: Golden Rule): Naval Superiority the
    gold of each revealed Kingdom and Edict plot, Snowed Under the initiative of every revealed plot."""
    for seat in t.seats:
        other = plot_text(t, seat)
        if other is not None and stat in other.zero_base and (
                not other.zero_base_traits or set(other.zero_base_traits) & set(plot.traits)):
            return True
    return False


def income(t: Table, seat: str) -> int:
    return plot_value(t, seat, "income") or 0


def initiative(t: Table, seat: str) -> int:
    return plot_value(t, seat, "initiative") or 0


def claim(t: Table, seat: str) -> int:
    """The claim value on the seat's revealed plot with its modifiers (1 at a table without plots)."""
    value = plot_value(t, seat, "claim")
    return 1 + recorded(t, "claim", seat) if value is None and not has_plots(t, seat) else (value or 0)


def reserve(t: Table, seat: str) -> int | None:
    """The reserve value, or None where there is none to check (no plot; an edition without reserve)."""
    if not t.has_reserve:
        return None
    return plot_value(t, seat, "reserve")


# -- initiative and the first player (RR: Appendix I › 1.3 I and II) ---------------------------------------


def revealed_this_round(t: Table) -> list[str]:
    """Seats with plots, once every one of them has revealed a plot this round (else empty)."""
    seats = [s for s in t.seats if has_plots(t, s) and not t.players[s].eliminated]
    if not seats or any(t.players[s].revealed_round != t.round for s in seats):
        return []
    return seats


def initiative_tied(t: Table) -> list[str]:
    """The seats still tied after initiative and the lowest power total: a random pick decides among them
    (RR: Initiative). One seat, or none before the plots are revealed, when nothing random is needed."""
    seats = revealed_this_round(t)
    if not seats:
        return []

    # Each seat ranked once: a plot's initiative walks every revealed plot and card in play whose text counts (every
    # view of a plot phase asks, and a checked move too).
    ranks = {s: (initiative(t, s), -power_total(t, s)) for s in seats}
    best = max(ranks.values())
    return [s for s in seats if ranks[s] == best]


def initiative_winner(t: Table, tied: list[str] | None = None) -> str | None:
    """Who wins initiative this round: the highest initiative (with its modifiers), ties to the lower power
    total, then to the recorded random pick. None until the plots are revealed or while a random pick is due.
    ``tied``: ``initiative_tied``'s answer, if the caller has it (a view asks for both)."""
    if tied is None:
        tied = initiative_tied(t)
    if len(tied) == 1:
        return tied[0]
    picked = t.initiative_random.get(t.round)
    return picked if picked in tied else None


def first_player_chosen(t: Table) -> bool:
    """The initiative winner has chosen this round's first player (setup's first player counts in setup)."""
    return t.first_chosen_round == t.round


# -- action windows (RR: Action Windows; RR: Appendix I) ---------------------------------------------------


def window_waits_for(t: Table) -> str | None:
    """The framework step an action window of this phase opens after, while it has not happened yet (a message
    id), or None when actions may be taken now. Only steps the log records are waited for: the plot phase's window
    opens once the plots are revealed and the first player is chosen (1.3); the draw phase's once every player
    with cards to draw has drawn (2.2); the marshaling phase's special window once the active player has collected
    income (3.2), and none once every player's marshaling turn is over (3.4 follows with no window); after a
    challenge's result none opens before its claim (4.2.4, a claim of nothing too) and its
    renown (4.2.5) are applied; the dominance phase's once dominance is determined (5.2); the taxation phase's once
    every player over its reserve has discarded (7.3)."""
    if t.phase is Phase.SETUP:
        return "window.setup"  # (RR: Setup) no action window at all
    if t.phase is Phase.PLOT and any(has_plots(t, s) for s in t.seats):
        if not revealed_this_round(t):
            return "window.plots"
        if not first_player_chosen(t):
            return "window.first"
    if t.phase is Phase.DRAW and draw_phase_waiting(t):
        return "window.draw"
    if t.phase is Phase.MARSHALING and (active := t.active_player) is not None and has_plots(t, active) \
            and revealed_plot(t, active) is not None and t.players[active].income_round != t.round:
        return "window.income"
    if t.phase is Phase.MARSHALING and t.turns_over and t.action_windows:
        return "window.marshaling-over"  # 3.3 -> 3.4: after the last player's special window the phase ends
    c = current_challenge(t) if t.phase is Phase.CHALLENGES else None
    if c is not None and c.stage is Stage.RESOLVED and c.winner is not None:
        if c.winner == c.attacker and not c.claim_applied and not c.disputed:
            return "window.claim"
        if not c.renown and renown_cards(t, c):
            return "window.renown"
    if t.phase is Phase.DOMINANCE and t.round not in t.dominance:
        return "window.dominance"
    if t.phase is Phase.TAXATION and any(reserve_excess(t, s) and t.players[s].counts_known
                                         and not t.players[s].eliminated for s in t.seats):
        return "window.reserve"
    return None


# -- challenges -------------------------------------------------------------------------------------------


def strength(t: Table, card: str) -> int:
    """A character's STR now: printed STR (0 when none is printed), what its own text adds ("+1 STR for each gold in
    your gold pool"), and its recorded modifiers, at least 0; a revealed plot's set value in place of the printed STR
    and what its text adds (``Card.str_set``)."""
    c = t.card(card)
    if (held := _str_set_attached(t, card)) >= 0:
        return held
    fixed = [t.card(plot).str_set for plot in revealed_plots_that(t, "str_set") if t.card(plot).str_set >= 0]
    if fixed and c.type == "character":  # At the Palace of Sorrows: "Set each character's STR to 3."
        return max(0, fixed[0] + recorded(t, "str", t.controller(card), card))
    return max(0, (c.strength or 0) + strength_x(t, card) + strength_counted(t, card) + strength_attached(t, card)
               + strength_while(t, card) + strength_each(t, card) + strength_without_icon(t, card)
               + strength_self_while(t, card) + strength_standing(t, card) + strength_alone(t, card)
               + strength_per_participant(t, card) + strength_of_only(t, card)
               + recorded(t, "str", t.controller(card), card))


def _str_set_attached(t: Table, card: str) -> int:
    """Strangler's "While attached character is participating in a challenge, set its STR to 1. (Other modifiers do
    not raise or lower its STR.)" (``Card.attached_str_set``): the STR an attachment on the card sets while it takes
    part in the challenge under way, else -1."""
    if card not in t.in_play or not any(t.card(a).attached_str_set >= 0 for a in t.in_play):
        return -1
    c = current_challenge(t)
    if c is None or (card not in c.attackers and card not in c.defenders):
        return -1
    return next((t.card(a).attached_str_set for a, ip in t.in_play.items() if ip.attached_to == card
                 and t.card(a).attached_str_set >= 0 and printed(t, a) is not None), -1)


def _str_recorded(t: Table, card: str) -> bool:
    """The log records a STR modifier of the card, or of its side without a card (RR: Modifiers): a table that
    writes the printed "+2 STR while defending" as a ``modify`` has counted it, whatever source it names or not (the
    issue's reading: "printed STR plus recorded modifiers"); it is not read from the card again."""
    seat = t.controller(card)
    return any(m.stat == "str" and (m.card == card or (m.card is None and m.seat == seat)) for m in t.modifiers)


def strength_while(t: Table, card: str) -> int:
    """"Ser Rodrik Cassel gets +2 STR while defending." (``Card.str_while``), its own or an attachment's on it, while
    it takes part on that side in the challenge not yet ended ("During [power] challenges, …": on either side of
    one of that type; "During the dominance phase, …": in that phase),
    unless the log records its STR (``_str_recorded``)."""
    c = current_challenge(t)
    if card not in t.in_play or _str_recorded(t, card):
        return 0
    # 1st edition Acolyte of the Flame: "… gets +1 STR while it is standing.": in a challenge or dominance alike
    standing = 0 if t.in_play[card].kneeling else sum(
        fact[1] for fact in [t.card(card).str_while] if fact is not None and fact[0] == "standing"
        and printed(t, card) is not None)
    if c is None and t.phase is not Phase.DOMINANCE:
        return standing
    side = "dominance" if c is None else (
        "attacking" if card in c.attackers else ("defending" if card in c.defenders else None))
    total = standing
    for source in [card] + [a for a, ip in t.in_play.items() if ip.attached_to == card]:
        fact = t.card(source).str_while  # the printed fact first: the blank-text look only for the few that print one
        if fact is None or printed(t, source) is None:
            continue
        when, amount = fact
        if side is None:  # "During [power] challenges, …" holds for a character not taking part too
            total += amount if c is not None and when == c.kind else 0
        elif when == side or (when in ("participating", c.kind if c else "") and side != "dominance") \
                or (side != "dominance" and when_more(t, card, when)) \
                or (when == "richer_defender" and side == "attacking" and c is not None
                    and t.players[c.defender].gold > t.players[t.controller(card)].gold):
            total += amount
    return total


def strength_standing(t: Table, card: str) -> int:
    """1st edition King's Pavillion "Each character gets +3 STR while it is standing." (``Card.str_standing``): a
    standing character in play, anyone's, while the giver's text counts, unless the log records its STR
    (``_str_recorded``). Participants kneel in the 1st edition, so mostly at dominance. The same for a kneeling one
    and The Giant's Lance's "Kneeling characters get -1 STR." (``Card.str_kneeling``; Lyanna Stark: non-unique ones)."""
    if card not in t.in_play or t.card(card).type != "character" \
            or not any(t.card(c).str_standing or t.card(c).str_kneeling for c in t.in_play):
        return 0
    givers = [c for seat in t.seats for c in printed_cards(t, seat)]
    if t.in_play[card].kneeling:  # 1st edition The Giant's Lance: "Kneeling characters get -1 STR."
        kneeling = [fact for c in givers if (fact := t.card(c).str_kneeling) and not (fact[1] and t.card(card).unique)]
        return 0 if not kneeling or _str_recorded(t, card) else sum(fact[0] for fact in kneeling)
    givers = [c for c in givers if t.card(c).str_standing]
    return 0 if not givers or _str_recorded(t, card) else sum(t.card(c).str_standing for c in givers)


def _own_side(c: ChallengeRecord, card: str, seat: str) -> str | None:
    """"attacking" or "defending": the side of the challenge ``c`` the card takes part on for its controller ``seat``,
    None where it takes no part for it."""
    if card in c.attackers and seat == c.attacker:
        return "attacking"
    return "defending" if card in c.defenders and seat == c.defender else None


def strength_alone(t: Table, card: str) -> int:
    """"Each Knight character you control gets +1 STR while attacking or defending alone." (``Card.str_alone_each``:
    Jousting Pavilion, The Tower of Joy while it stands, 1st edition Raventree Hall): a character of the giver's
    controller that is the only one on its side of the challenge under way, while the giver's text counts, unless the
    log records its STR (``_str_recorded``)."""
    c = current_challenge(t)
    if c is None or card not in t.in_play or not any(t.card(g).str_alone_each for g in t.in_play):
        return 0
    seat = t.controller(card)
    side = _own_side(c, card, seat)
    if side is None or participants(t, c, seat) != [card] or _str_recorded(t, card):
        return 0
    total = 0
    for giver in printed_cards(t, seat):
        fact = t.card(giver).str_alone_each
        if fact is None or side not in fact[0] or (fact[3] and giver in t.in_play and t.in_play[giver].kneeling):
            continue
        who = fact[1]
        if who == "" or (t.card(card).unique if who == "unique" else who in traits_of(t, card)):
            total += fact[2]
    return total


def strength_per_participant(t: Table, card: str) -> int:
    """"While Horselord is attacking, it gets +1 STR for each other attacking Dothraki character you control."
    (``Card.str_per_participant``: its own, or an attachment's on it: Sword of the Morning): +1 for each character
    but itself on the side counted of the challenge under way, of the Trait and the controller it names, while the
    card is on its side, unless the log records its STR (``_str_recorded``)."""
    c = current_challenge(t)
    if c is None or card not in t.in_play:
        return 0
    sources = [s for s in (card, *(a for a, ip in t.in_play.items() if ip.attached_to == card))
               if t.card(s).str_per_participant is not None and printed(t, s) is not None]
    seat = t.controller(card)
    side = _own_side(c, card, seat)
    if not sources or side is None or _str_recorded(t, card):
        return 0
    sides = {"attacking": participants(t, c, c.attacker), "defending": participants(t, c, c.defender)}
    total = 0
    for source in sources:
        own, counted, trait, whose = t.card(source).str_per_participant or ("", "", "", "")
        if own not in (side, "participating"):
            continue
        pool = [*sides["attacking"], *sides["defending"]] if counted == "participating" else sides[counted]
        total += sum(1 for other in pool if other != card and (not trait or trait in traits_of(t, other))
                     and (whose == "" or (t.controller(other) == seat) == (whose == "you")))
    return total


def strength_of_only(t: Table, card: str) -> int:
    """"While you control exactly 1 unique [tyrell] Knight character, Red-Apple Knight gets +X STR. X is that
    character's STR." (``Card.str_of_only``: Ser Lancel Lannister's "exactly 1 other [lannister] Lord or Lady"): the STR
    of the one other such character its controller controls, none while there are more or none; a card that prints
    the same is not counted (no circle), nor where the log records its STR (``_str_recorded``)."""
    fact = t.card(card).str_of_only
    if fact is None or card not in t.in_play or printed(t, card) is None or _str_recorded(t, card):
        return 0
    faction, traits, unique = fact
    seat = t.controller(card)
    ones = [c for c in in_play_controlled(t, seat) if c != card and t.card(c).type == "character"
            and faction in t.card(c).factions and set(traits) & traits_of(t, c) and (t.card(c).unique or not unique)]
    return strength(t, ones[0]) if len(ones) == 1 and t.card(ones[0]).str_of_only is None else 0


def strength_self_while(t: Table, card: str) -> int:
    """"While there are fewer than 3 plots in your used pile, Greatjon's Vanguard gets +2 STR …"
    (``Card.self_while``): its own STR while the condition holds, unless the log records its STR
    (``_str_recorded``)."""
    fact = t.card(card).self_while
    if fact is None or _str_recorded(t, card) or not self_while_holds(t, card):
        return 0
    return fact[2]


def self_while_holds(t: Table, card: str) -> bool:
    """The condition of a card's own ``Card.self_while`` holds now for its controller (the card in play, its text
    not blank)."""
    fact = t.card(card).self_while
    if fact is None or card not in t.in_play or printed(t, card) is None:
        return False
    return _icon_condition(t, card, t.controller(card), fact[0], fact[1])


def when_more(t: Table, card: str, when: str) -> bool:
    """"… while you have more gold in your gold pool (power on your faction card) than each opponent": the card's
    controller has ("more_gold", "more_power"). Judged in challenges only: a dominance total with it is not held
    against the table (a held-out 1st-edition log counts Lord Tyrion's Host at its printed STR there)."""
    if when not in ("more_gold", "more_power"):
        return False
    seat = t.controller(card)
    have = {s: (p.gold if when == "more_gold" else p.power) for s, p in t.players.items()}
    return all(have[seat] > n for s, n in have.items() if s != seat)


def strength_each(t: Table, card: str) -> int:
    """"Each Knight character you control gets +1 STR." (``Card.str_each``: a card in play, the revealed plot, the
    agenda of the card's controller; 1st edition "Each of your House Stark characters …" names a House), the same
    while the revealed plots have a trait or none has it ("While there are no *Winter* plot cards revealed, each
    character you control gets +1 STR.": ``Card.str_each_while``, A Song of Summer), and "Each
    character you control gets +1 STR for each attachment on it." (``Card.str_each_attachment``: 1st edition Power
    and Wealth), unless the log records its STR (``_str_recorded``)."""
    if card not in t.in_play or t.card(card).type != "character":
        return 0
    seat = t.controller(card)
    plot = revealed_plot(t, seat)
    givers = [c for c in (*in_play_controlled(t, seat), *([plot] if plot else []), *t.players[seat].zones[Zone.AGENDA])
              if t.card(c).str_each is not None or t.card(c).str_each_attachment or t.card(c).str_each_while]
    if not givers or _str_recorded(t, card):
        return 0
    traits, faction, counted = traits_of(t, card), t.card(card).faction, printed_cards(t, seat)
    total = 0
    for giver in givers:
        if giver not in counted:
            continue
        facts = t.card(giver)
        total += (facts.str_each_attachment or 0) * attachments_on(t, card)
        if facts.str_each_while is not None:
            when, plot_trait, trait, amount = facts.str_each_while
            holds = not t.in_play[giver].kneeling if when == "self_standing" and giver in t.in_play \
                else each_while_holds(t, seat, when, plot_trait)
            if trait.startswith("icons<"):  # "… with 1 or fewer challenge icons" (Sentinel Stand)
                fits = sum(has_icon(t, card, k) for k in ICONS) < int(trait[6:])
            else:
                fits = not trait or trait in traits
            if holds and fits:
                total += amount
        if facts.str_each is None:
            continue
        trait, amount = facts.str_each
        if trait.startswith("["):  # a faction's or a 1st edition crest's symbol
            symbol = trait.strip("[]").casefold()
            if symbol in (x.casefold() for x in (*t.card(card).factions, *t.card(card).crests)):
                total += amount
            continue
        house = trait.removeprefix("House ").casefold() if trait.startswith("House ") else None
        # 1st edition "War characters you control …" names a crest, "Targaryen characters …" a House
        if (faction.casefold() == house) if house is not None else (
                trait in traits or trait.casefold() in (faction.casefold(), *map(str.casefold, t.card(card).crests))):
            total += amount
    return total


def each_while_holds(t: Table, seat: str, when: str, plot_trait: str) -> bool:
    """The condition of a ``Card.str_each_while`` for the seat whose card prints it, as the table shows it: the
    revealed plots' traits ("no"/"a" Winter plot card), no card in any shadows area, fewer characters than each
    opponent (1st edition: than any), no loyal character."""
    if when in ("no", "a"):
        return plots_with_trait(t, plot_trait) != (when == "no")
    if when == "no_shadows":
        return not any(p.zones[Zone.SHADOWS] for p in t.players.values())
    mine = [c for c in in_play_controlled(t, seat) if t.card(c).type == "character"]
    if when == "no_loyal":
        return not any(t.card(c).loyal for c in mine)
    fewer = [len(mine) < sum(1 for c in in_play_controlled(t, other) if t.card(c).type == "character")
             for other in t.seats if other != seat and not t.players[other].eliminated]
    return any(fewer) if when == "fewer_than_any" else all(fewer)  # 1st edition "than any opponent"


def plots_with_trait(t: Table, trait: str) -> bool:
    """A revealed plot (any player's) has the trait: "While there are no *Winter* plot cards revealed, …"."""
    return any(trait in t.card(p).traits for seat in t.seats if (p := revealed_plot(t, seat)) is not None)


def attachments_on(t: Table, card: str) -> int:
    """The attachments on a card in play (its duplicates are not attachments)."""
    return sum(1 for ip in t.in_play.values() if ip.attached_to == card and not ip.duplicate_of)


def strength_without_icon(t: Table, card: str) -> int:
    """"Characters without an Intrigue icon get -1 STR." (``Card.str_without_icon``: 1st edition Hear Me Roar, a
    revealed plot; The Spear Tower, a card in play): every character in play, anyone's, that lacks the icon, while
    the giver's text counts, unless the log records the character's STR (``_str_recorded``)."""
    if card not in t.in_play or t.card(card).type != "character":
        return 0
    # The printed fact first (most tables hold no such card): the blank-text look only when one is there.
    plots = [revealed_plot(t, seat) for seat in t.seats]
    if not any(t.card(c).str_without_icon is not None for c in (*t.in_play, *(p for p in plots if p is not None))):
        return 0
    givers = [c for seat in t.seats for c in printed_cards(t, seat) if t.card(c).str_without_icon is not None]
    if not givers or _str_recorded(t, card):
        return 0
    total = 0
    for giver in givers:
        icon, amount = t.card(giver).str_without_icon or ("", 0)
        if not has_icon(t, card, icon):
            total += amount
    return total


def strength_attached(t: Table, card: str) -> int:
    """What attachments give the card ("Attached character gets +2 STR."; "… +1 STR for each plot card in your used
    pile.": Dawn, counted for the card it is on, "your" its controller's), where a recorded STR modifier of the card
    does not name the attachment as its source (the log counted it)."""
    if card not in t.in_play or not any(ip.attached_to == card for ip in t.in_play.values()):
        return 0
    named = {m.source for m in t.modifiers if m.stat == "str" and m.card == card}
    return sum(t.card(a).grants_str + (_per_count(t, per, card, t.controller(a)) * t.card(a).str_per_each
                                       if (per := t.card(a).str_per) else 0)
               for a, ip in t.in_play.items()
               if ip.attached_to == card and a not in named and printed(t, a) is not None)


def strength_counted(t: Table, card: str) -> int:
    """The "+1 STR for each …" a character in play prints about itself, counted from the table (RR: Golden Rule):
    gold in its controller's pool, power or gold on it, other kneeling characters, characters (of a faction) in its
    controller's dead pile, plots in the used pile, its controller's other cards or locations with a trait, cards in
    its controller's hand, cards in shadows; "+2 STR" or "-1 STR for each …" as printed (``Card.str_per_each``). A
    recorded modifier naming the card as its source stands for it instead (``Modifier.source``)."""
    # The card's own fact first: the blank-text question (every card in play looked at) only for the few that count.
    per = t.card(card).str_per
    if per is None or card not in t.in_play or t.card(card).type == "attachment" or printed(t, card) is None or any(
            m.source == card and m.stat == "str" for m in t.modifiers):
        return 0
    return _per_count(t, per, card, t.controller(card)) * t.card(card).str_per_each


def strength_x(t: Table, card: str) -> int:
    """A printed STR "X" as its sentence says (``Card.str_x``: "X is your reserve value.": Protectors of the Realm),
    counted from the table for a character in play whose text counts (blank, X is not said: 0). A recorded modifier
    naming the card as its source stands for it instead, as for ``strength_counted``."""
    x = t.card(card).str_x
    if x is None or card not in t.in_play or printed(t, card) is None or any(
            m.source == card and m.stat == "str" for m in t.modifiers):
        return 0
    return _per_count(t, x, card, t.controller(card))


def _x_count(t: Table, kind: str, arg: str | None, card: str, seat: str) -> int | None:
    """The counts only a printed "X" makes (``Card.str_x``), None for another kind."""
    if kind == "reserve":  # the value with its modifiers; none to count (no plot): 0
        return reserve(t, seat) or 0
    if kind == "own_tokens":  # "the number of kiss tokens Beric Dondarrion has"
        return t.tokens.get(card, {}).get(arg or "", 0)
    if kind == "faction_characters":  # "the number of [stark] characters you control", itself too
        return sum(1 for c in in_play_controlled(t, seat)
                   if t.card(c).type == "character" and arg in t.card(c).factions)
    if kind == "cards_with_gold":  # anyone's, any card that holds gold
        return sum(1 for held in t.tokens.values() if held.get("gold", 0) >= 1)
    if kind == "initiative_cards":  # a printed "+1 Initiative" on a card in play, itself too
        return sum(1 for c in in_play_controlled(t, seat) if t.card(c).type != "plot" and t.card(c).initiative)
    if kind == "opponent_plot_gold":  # the printed gold value, the highest of the opponents' revealed plots
        return max((p.income or 0 for s in t.seats if s != seat and (p := plot_card(t, s)) is not None), default=0)
    return None


def _per_count(t: Table, per: tuple[str, str | None], card: str, seat: str) -> int:
    """What a "+1 STR for each …" (``Card.str_per``) or a printed "X" (``Card.str_x``) counts for the character
    ``card``, "your" being ``seat``'s."""
    kind, trait = per
    p = t.players[seat]
    if (x := _x_count(t, kind, trait, card, seat)) is not None:
        return x
    if kind == "pool_gold":
        return p.gold
    if kind in ("own_power", "own_gold"):
        return t.tokens.get(card, {}).get("power" if kind == "own_power" else "gold", 0)
    if kind == "own_attachments":  # "Brienne of Tarth gets +1 STR for each attachment she has."
        return attachments_on(t, card)
    if kind == "kneeling_others":
        return sum(1 for cid, ip in t.in_play.items() if cid != card and ip.kneeling and not ip.duplicate_of
                   and t.card(cid).type == "character")
    if kind == "dead_characters":  # "… for each [stark] character in your dead pile": of that faction only
        return sum(1 for cid in p.zones[Zone.DEAD] if t.card(cid).type == "character"
                   and (trait is None or trait.strip("[]") in t.card(cid).factions))
    if kind == "hand_cards":  # a hand the log does not count (no deck loaded) counts none
        return hand_count(t, seat) if p.counts_known else 0
    if kind == "shadows_cards":  # "… for each card in Shadows": every player's shadows area
        return sum(len(q.zones[Zone.SHADOWS]) for q in t.players.values())
    if kind == "used_plots":
        return len(p.zones[Zone.USED])
    folded = (trait or "").casefold()
    if kind == "trait_in_play":  # anyone's cards, itself too ("for each Direwolf in play")
        return sum(1 for cid, ip in t.in_play.items() if not ip.duplicate_of
                   and folded in {x.casefold() for x in t.card(cid).traits})
    want = "location" if kind == "trait_location" else None
    return sum(1 for cid, ip in t.in_play.items()
               if cid != card and ip.controller == seat and not ip.duplicate_of
               and (want is None or t.card(cid).type == want)
               and folded in {x.casefold() for x in t.card(cid).traits})


def attached_facts(t: Table, card: str) -> list[Card]:
    """The printed facts of the attachments on a card in play whose text counts (what they give it)."""
    return [facts for a, ip in t.in_play.items() if ip.attached_to == card and (facts := printed(t, a)) is not None]


def traits_of(t: Table, card: str) -> set[str]:
    """A card's printed traits and those an attachment gives it ("Attached character gains the King trait.")."""
    return set(t.card(card).traits).union(*(f.grants_traits for f in attached_facts(t, card)))


def has_icon(t: Table, card: str, kind: str) -> bool:
    """A printed icon, one an attachment gives it ("Attached character gains an [intrigue] icon."), or one a recorded
    modifier gives it for now (``modify`` "intrigue_icon" 1; -1 takes even a printed one away); an attachment's
    "Attached character loses a [power] icon." (Condemned) takes it away, each loss against one gain."""
    change = sum(m.amount for m in t.modifiers if m.card == card and m.stat == f"{kind}_icon")
    if change:
        return change > 0
    attached = attached_facts(t, card)
    lost = sum(f.loses_icons.count(kind) for f in attached)
    if not lost:
        return kind in t.card(card).icons or any(kind in f.grants_icons for f in attached) \
            or conditional_icon(t, card, kind) or any(icon == kind for icon, _ in crest_grants(t, card)) \
            or each_gains_icon(t, card, kind) > 0
    gained = (kind in t.card(card).icons) + sum(kind in f.grants_icons for f in attached) \
        + conditional_icon(t, card, kind) + sum(icon == kind for icon, _ in crest_grants(t, card)) \
        + each_gains_icon(t, card, kind)
    return gained > lost


def each_gains_icon(t: Table, card: str, kind: str) -> int:
    """How many cards give the character the icon by its kind (``Card.each_gains``: "Each [stark] Army character you
    control gains an [intrigue] icon.": The Blackfish; 1st edition The Rangers' "Night's Watch characters you control
    gain a [Military] icon.")."""
    return sum(kind in (t.card(g).each_gains or ("", "", ()))[2] for g in each_gains_on(t, card))


def crest_grants(t: Table, card: str) -> list[tuple[str, bool]]:
    """What its controller's revealed plot and cards in play give a character of their crest (1st edition The Power
    of Faith: "[Holy] characters you control gain a [Military] icon and do not kneel to attack."): (the icon, whether
    it attacks without kneeling), one for each such card."""
    if card not in t.in_play or not t.card(card).crests:
        return []
    crests = set(t.card(card).crests)
    return [(grant[1], grant[2]) for c in printed_cards(t, t.controller(card))
            if (grant := t.card(c).crest_grants) is not None and grant[0] in crests]


def conditional_icon(t: Table, card: str, kind: str) -> bool:
    """An icon gained under a condition the table shows now (``Card.icons_while``): its own sentence ("While Arya
    Stark has a duplicate, she gains a [military] icon."), an attachment's "If attached character is Joffrey
    Baratheon, he gains …", or another card its controller controls ("While you control Rickon Stark, he gains …"
    on Shaggydog)."""
    # Asked for each character's menu and each declaration: most tables hold no such card (no blank-text look).
    # A keyword gained so ("While you are not the first player, Quentyn Martell … gains stealth.") is read alike.
    if card not in t.in_play or not any(t.card(c).icons_while or t.card(c).keywords_while for c in t.in_play):
        return False
    seat, name = t.controller(card), fold(t.card(card).name)
    own = printed(t, card)
    if own is not None and any(icon == kind and _icon_condition(t, card, seat, cond, arg)
                               for icon, cond, arg in (*own.icons_while, *own.keywords_while)):
        return True
    if any(icon == kind and cond == "attached_is" and fold(arg) == name
           for f in attached_facts(t, card) for icon, cond, arg in f.icons_while):
        return True
    return any(icon == kind and cond == "control_gives" and fold(arg) == name
               for c in printed_cards(t, seat) if c != card
               for icon, cond, arg in (*t.card(c).icons_while, *t.card(c).keywords_while))


def _icon_condition(t: Table, card: str, seat: str, cond: str, arg: str) -> bool:
    """A condition of a card's own conditional icon (``catalog.importers.icon_while``), now; "<condition>@military":
    during a challenge of that type too (one being declared: ``keyword_declared``)."""
    cond, _, kind = cond.partition("@")
    if kind and ((ch := current_challenge(t)) is None or ch.kind != kind):
        return False
    if cond == "all_faction":  # "While each character you control has the [stark] affiliation, …"
        return all(t.card(c).faction == arg for c in in_play_controlled(t, seat) if t.card(c).type == "character")
    if cond == "duplicate":
        return any(ip.duplicate_of == card for ip in t.in_play.values())
    if cond == "attachment":
        return any(ip.attached_to == card for ip in t.in_play.values())
    if cond == "no_other_named":  # anyone's card of its name, a duplicate aside
        name = fold(t.card(card).name)
        return not any(c != card and not ip.duplicate_of and fold(t.card(c).name) == name
                       for c, ip in t.in_play.items())
    if cond == "not_first":
        return t.first_player is not None and t.first_player != seat
    if cond == "control":
        return controls_named(t, seat, arg)
    if cond == "used_fewer":
        return len(t.players[seat].zones[Zone.USED]) < int(arg)
    if cond in ("plot_a", "plot_no", "no_shadows", "no_loyal"):
        return each_while_holds(t, seat, cond.removeprefix("plot_"), arg)
    if cond == "more_shadows":  # "While you control more cards in shadows than each opponent, …" (Penny)
        return all(len(t.players[seat].zones[Zone.SHADOWS]) > len(p.zones[Zone.SHADOWS])
                   for other, p in t.players.items() if other != seat)
    if cond == "side":  # "While you are the defending player, …" (Cunning Steward): in a challenge under way
        ch = current_challenge(t) if t.phase is Phase.CHALLENGES else None
        return ch is not None and (ch.defender if arg == "defending" else ch.attacker) == seat
    if cond == "alone":  # "While The Knight is attacking alone, …": the only character on that side of the challenge
        ch = current_challenge(t) if t.phase is Phase.CHALLENGES else None
        return ch is not None and ((ch.attackers == [card] and "attacking" in arg)
                                   or (ch.defenders == [card] and "defending" in arg))
    if cond == "opponent_trait":
        return any(ip.controller != seat and not ip.duplicate_of and t.card(c).type == "character"
                   and arg in traits_of(t, c) for c, ip in t.in_play.items())
    if cond == "plot_trait":  # "While there is at least 1 Military Battle plot card revealed, …"
        return any(arg in t.card(p).traits for s in t.seats if (p := revealed_plot(t, s)) is not None)
    if cond in {"control_character", "control_location", "control_other_character"}:
        wanted, others_only = cond.removeprefix("control_").removeprefix("other_"), "_other_" in cond
        traits = set(arg.split("|"))
        return any(t.card(c).type == wanted and traits & traits_of(t, c) and not (others_only and c == card)
                   for c in in_play_controlled(t, seat))
    return False


def keyword_declared(t: Table, card: str, keyword: str, kind: str) -> bool:
    """The card's own keyword "during [military] challenges" under its condition, for a challenge of ``kind`` being
    declared (not recorded yet): "While each character you control has the [stark] affiliation, Alysane Mormont gains
    stealth during [military] challenges …"."""
    own = printed(t, card) if card in t.in_play else None
    return own is not None and any(
        kw == keyword and cond.partition("@")[2] == kind
        and _icon_condition(t, card, t.controller(card), cond.partition("@")[0], arg)
        for kw, cond, arg in own.keywords_while)


def keyword_alone_declared(t: Table, card: str, keyword: str, attackers: list[str]) -> bool:
    """The card's own keyword "While The Knight is attacking alone, he gains stealth …" for attackers being declared
    (not recorded yet), where it is the only one."""
    own = printed(t, card) if card in t.in_play and attackers == [card] else None
    return own is not None and any(kw == keyword and cond == "alone" and "attacking" in arg
                                   for kw, cond, arg in own.keywords_while)


def has_keyword(t: Table, card: str, keyword: str) -> bool:
    """A printed keyword of a card whose text is not blank, one its own text gives it under a condition that holds
    (``Card.self_while``), one an attachment gives it ("… gains stealth."), one an
    event its controller played this phase gives it (``granted_this_phase``), or one a recorded modifier gives it for
    now (``modify`` "stealth" 1; -1 takes even a printed one away)."""
    change = sum(m.amount for m in t.modifiers if m.card == card and m.stat == keyword)
    if change:
        return change > 0
    if keywords_stripped_by(t, card) is not None:
        return False
    own = t.card(card).self_while  # "… Greatjon's Vanguard gets +2 STR and gains renown."
    if own is not None and keyword in own[3] and self_while_holds(t, card):
        return True
    return (t.card(card).has_keyword(keyword) and printed(t, card) is not None) or conditional_icon(
        t, card, keyword) or any(
        keyword in f.grants_keywords or _named_keyword(t, card, f, keyword) for f in attached_facts(t, card)) \
        or granted_this_phase(t, card, keyword) or any(keyword in (t.card(g).each_gains or ("", "", ()))[2]
                                                      for g in each_gains_on(t, card))


def each_gains_on(t: Table, card: str) -> list[str]:
    """The cards whose text gives this card in play a keyword or an immunity by its kind (``Card.each_gains``: "Each
    Knight character you control gains renown and \"immune to opponents' events.\"": A Tourney for the King; 1st
    edition "Characters and locations are immune to events this round.": Calm Before the Storm): a revealed plot, a
    card in play or an agenda whose text counts, of the card's controller ("yours") or anyone's ("all"), while the
    card is a character (or a location, where it says so) of the trait or crest named."""
    ip = t.in_play.get(card)
    # The printed fact first (most tables hold no such card): the blank-text look only when one is there.
    if ip is None or ip.duplicate_of is not None or (not any(
            t.card(c).each_gains is not None for seat in t.seats
            for c in (*t.players[seat].zones[Zone.REVEALED][-1:], *t.players[seat].zones[Zone.AGENDA])) and not any(
            t.card(c).each_gains is not None for c in t.in_play)):
        return []
    c = t.card(card)
    found = []
    for seat in t.seats:
        for giver in printed_cards(t, seat):
            fact = t.card(giver).each_gains
            if fact is None:
                continue
            whose, trait, _, _ = fact
            if (whose.startswith("yours") and seat != ip.controller) or (
                    c.type != "character" and not (c.type == "location" and whose.endswith("+locations"))):
                continue
            # "[baratheon];cost>=2": 1st edition A Noble Cause's "Your [Baratheon] characters with printed cost 2 or
            # higher …"; "[stark] Army": The Blackfish's faction and trait
            kind, *conditions = trait.split(";")
            if not all(_each_condition(t, card, giver, seat, q) for q in conditions):
                continue
            symbol, _, named = kind.partition("] ") if kind.startswith("[") and "] " in kind else ("", "", kind)
            if symbol and symbol[1:] not in c.factions:
                continue
            if not named or named in traits_of(t, card) or named in c.crests or (
                    named.startswith("[") and named[1:-1] in c.factions):
                found.append(giver)
    return found


def _each_condition(t: Table, card: str, giver: str, seat: str, condition: str) -> bool:
    """One condition of a ``Card.each_gains`` for the character ``card`` (``seat``: the giver's controller): a
    printed cost bound, "gold" (it has 1 or more gold), "other" (not the giver itself), "defending"/"attacking"
    (the giver's controller is that player in the challenge under way)."""
    if condition.startswith("cost"):
        return printed_cost_within(t.card(card), condition)
    if condition == "gold":
        return t.tokens.get(card, {}).get("gold", 0) >= 1
    if condition == "other":
        return card != giver
    return _icon_condition(t, card, seat, "side", condition)


def _named_keyword(t: Table, card: str, attachment: Card, keyword: str) -> bool:
    """An attachment's "If attached character is Bran Stark, he gains stealth." (``Card.keywords_while``): the card it
    is on has that name."""
    return any(kw == keyword and cond == "attached_is" and fold(arg) == fold(t.card(card).name)
               for kw, cond, arg in attachment.keywords_while)


def keywords_stripped_by(t: Table, card: str) -> str | None:
    """The card whose "… loses all keywords." holds for this character now (``Card.strips_keywords``), or None: an
    event an opponent played this phase (You Know Nothing: "Until the end of the phase, each non-Army character an
    opponent controls loses all keywords."), or a card whose text counts defending (Sweet Donnel Hill: "While Sweet
    Donnel Hill is defending, each attacking character loses all keywords.") or participating (Stalwart Shields) in
    this challenge, before it ends."""
    ip = t.in_play.get(card)
    if ip is None or t.card(card).type != "character":
        return None
    traits = {fold(x) for x in t.card(card).traits}

    def counts(trait: str) -> bool:  # "Army", "-Army" (non-Army) or any
        return not trait or (fold(trait.lstrip("-")) in traits) != trait.startswith("-")

    for seat in t.seats:
        if seat == ip.controller:
            continue
        for title, rnd, phase, _ in t.players[seat].events_played:
            if rnd != t.round or phase != t.phase.value:
                continue
            event = next(t.copies_in(title, seat, Zone.DISCARD), None)
            fact = t.card(event).strips_keywords if event is not None else None
            if fact is not None and fact[0] == "phase" and counts(fact[2]):
                return event
    c = current_challenge(t)
    if c is None or card not in (*c.attackers, *c.defenders):
        return None
    for giver in (*c.attackers, *c.defenders):
        fact = t.card(giver).strips_keywords
        if fact is None or giver not in t.in_play or t.in_play[giver].controller == ip.controller \
                or printed(t, giver) is None or not counts(fact[2]):
            continue
        if (fact[0] == "defending" and giver in c.defenders and card in c.attackers) or fact[0] == "participating":
            return giver
    return None


def granted_this_phase(t: Table, card: str, keyword: str) -> bool:
    """An event its controller played this phase gives the character the keyword until the end of the phase: each of
    a faction's characters (Ours is the Old Way), or a chosen one (Quiet as a Shadow: the log does not say which, so
    any of the player's characters may be it)."""
    ip = t.in_play.get(card)
    if ip is None or t.card(card).type != "character":
        return False
    for title, rnd, phase, _ in t.players[ip.controller].events_played:
        if rnd != t.round or phase != t.phase.value:
            continue
        event = next(t.copies_in(title, ip.controller, Zone.DISCARD), None)
        grant = t.card(event).phase_grants if event is not None else None
        if grant is None or grant[0] != keyword:
            continue
        c = t.card(card)
        if grant[1] == c.faction or (grant[1] == "chosen" and (c.unique or not grant[2]) and (
                t.printed_cost(c) <= grant[3])):
            return True
    return False


def current_challenge(t: Table) -> ChallengeRecord | None:
    """This round's challenge recorded step by step that has not ended yet."""
    if t.challenges and t.challenges[-1].round == t.round and t.challenges[-1].stage is not Stage.ENDED:
        return t.challenges[-1]
    return None


def side_strength(t: Table, c: ChallengeRecord, seat: str) -> int:
    """A side's total STR: its participating characters still in play under its control, plus the side's
    recorded modifiers (RR: Strength; FAQ (2.10))."""
    cards = c.attackers if seat == c.attacker else c.defenders
    own = [card for card in cards if card in t.in_play and t.in_play[card].controller == seat]
    # "Jousting Knight does not contribute its STR to a challenge unless it is attacking or defending alone."; "Each
    # character that is attacking or defending alone does not contribute its STR …" (Grand Melee revealed)
    alone = "never" if len(own) == 1 and revealed_plots_that(t, "str_alone") else "only" if len(own) > 1 else ""
    # "While Theon Greyjoy is attacking alone, each character with a higher STR than his does not contribute its STR
    # to the challenge." (either side's)
    lone = participants(t, c, c.attacker)
    bar = strength(t, lone[0]) if len(lone) == 1 and getattr(printed(t, lone[0]), "str_alone", None) == "higher" \
        else None
    total = sum(strength(t, card) for card in own if alone != "never" and (
        alone != "only" or (facts := printed(t, card)) is None or facts.str_alone != "only")
        and (bar is None or strength(t, card) <= bar))
    # "The Red Keep contributes 2 STR to your side during any [power] challenge in which you control a participating
    # character." (a modifier recorded naming it stands for it)
    counted = recorded_sources(t, "str", seat)
    texts = [cid for cid in printed_cards(t, seat) if cid not in counted] if own else []
    for cid in texts:
        side = t.card(cid).side_str
        if side is not None and side[0] in ("", c.kind) and (side[1] == "participating" or seat == c.defender):
            total += side[2]
    # The Lord of the Crossing: "During the first challenge you initiate each phase, each of your participating
    # characters gets -1 STR." (the attacker's challenges this round, all in one challenges phase)
    by_nth = [t.card(cid).str_nth_challenge for cid in texts if t.card(cid).str_nth_challenge] \
        if seat == c.attacker else []
    if by_nth:
        nth = 1 + [x for x in t.challenges if x.round == c.round and x.attacker == seat].index(c) \
            if c in t.challenges else 0
        total += sum(d * len(own) for facts in by_nth for n, d in facts if n == nth)
    return max(0, total + recorded(t, "str", seat))


def participants(t: Table, c: ChallengeRecord, seat: str) -> list[str]:
    """The side's characters still participating (in play, under the side's control)."""
    cards = c.attackers if seat == c.attacker else c.defenders
    return [card for card in cards if card in t.in_play and t.in_play[card].controller == seat]


def challenge_winner(t: Table, c: ChallengeRecord) -> tuple[str | None, bool]:
    """Who wins by STR, and whether it is unopposed (RR: Appendix I › 4.2.2; RR: Winning a Challenge): the higher
    total wins, a tie goes to the attacker; a winner needs at least 1 STR and a participating character; unopposed
    when the attacker wins with 0 STR on the defending side."""
    attack, defence = side_strength(t, c, c.attacker), side_strength(t, c, c.defender)
    winner = c.attacker if attack >= defence else c.defender
    total = attack if winner == c.attacker else defence
    if total < 1 or not participants(t, c, winner):
        return None, False
    return winner, winner == c.attacker and defence == 0


def claim_raised(t: Table, attacker: str, defender: str, kind: str, attackers: list[str]) -> int:
    """The claim value for this challenge: the attacker's plot's with its modifiers, raised by 1 for each attacking
    character that prints so for this type ("While Cersei Lannister is attacking during an [intrigue] challenge,
    raise the claim value on your revealed plot card by 1": RR: Golden Rule), and by what a card of either side
    raises it while its controller is the defending or attacking player (``Card.claim_as``: Desperate Attack), and by
    what a card of the attacker's raises while it controls an attacking character of a trait (``Card.claim_trait``)."""
    counted = recorded_sources(t, "claim", attacker)
    raised = sum(1 for card in attackers if card in t.in_play and t.in_play[card].controller == attacker
                 and t.in_play[card].duplicate_of is None and card not in counted
                 and kind in getattr(printed(t, card), "claim_attacking", ())
                 and _claim_raise_holds(t, card, t.card(card).claim_attacking_if, defender, attackers))
    for seat, sides in ((defender, ("defending", "either")), (attacker, ("either",))):
        for card in printed_cards(t, seat):
            side = t.card(card).claim_as
            if side is not None and side[0] in sides and kind in named_kinds(t, card, side[1]) and card not in counted:
                raised += side[2]
    # Muster the Realm: "During a challenge in which you control an attacking Army character, raise the claim …".
    for card in printed_cards(t, attacker):
        by_trait = t.card(card).claim_trait
        if by_trait is not None and kind in by_trait[1] and card not in counted and any(
                a in t.in_play and t.in_play[a].controller == attacker and by_trait[0] in traits_of(t, a)
                for a in attackers):
            raised += by_trait[2]
    return claim(t, attacker) + raised


def named_kinds(t: Table, card: str, kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The challenge types a card's fact holds for: ``("named",)`` stands for the type the log named for the card this
    round (Calm Over Westeros: "Name a challenge type."); none named: none (the table did not write it)."""
    if kinds != ("named",):
        return kinds
    named = t.named.get(card)
    return (named[2],) if named is not None and named[0] == t.round and named[1] == "kind" else ()


def _claim_raise_holds(t: Table, card: str, condition: str, defender: str, attackers: list[str]) -> bool:
    """The condition of an attacker's claim raise (``Card.claim_attacking_if``): "if the defending player controls a
    card in shadows" (Red Ronnet), "if you control another attacking Sand Snake character" (Elia Sand)."""
    if condition == "shadows":
        return bool(t.players[defender].zones[Zone.SHADOWS])
    if condition.startswith("attacking:"):
        trait = condition.removeprefix("attacking:").casefold()
        return any(a != card and a in t.in_play and trait in {x.casefold() for x in traits_of(t, a)}
                   for a in attackers)
    return True


def challenge_claim(t: Table, c: ChallengeRecord) -> int:
    """The claim of the challenge ``c``: ``claim_raised`` and what the events played in it for the attacker raised
    (Winter Is Coming), except those a recorded claim modifier names as its source (the table counted them)."""
    counted = recorded_sources(t, "claim", c.attacker)
    if any(d in t.in_play and (f := printed(t, d)) is not None and f.claim_as is not None
           and f.claim_as[0] == "self_defending" and d not in counted for d in c.defenders):
        return 0  # 1st edition Eddard Stark: "While Eddard Stark is defending, lower the attacking player's claim …"
    return max(0, claim_raised(t, c.attacker, c.defender, c.kind, c.attackers) + sum(
        (t.card(e).raises_claim or ("", 0))[1] for e in c.claim_events if e not in counted))


def claim_kind(t: Table, c: ChallengeRecord, source: str | None = None) -> str:
    """The type of claim applied for the challenge: the type that the card named as the claim's ``source`` applies
    instead (Trial by Combat: "… apply [military] claim instead"), or a revealed plot's forced one (The Hand's
    Tourney: "Forced Interrupt: When claim is applied for a [military] challenge, apply [power] claim instead."), or
    the challenge's own (``Card.claim_instead``)."""
    fact = t.card(source).claim_instead if source is not None and source in t.where else None
    if fact is not None and c.kind in fact[0]:
        return fact[1]
    plot = forced_claim_plot(t, c)
    fact = t.card(plot).claim_instead if plot is not None else None
    return fact[1] if fact is not None else c.kind


def forced_claim_plot(t: Table, c: ChallengeRecord) -> str | None:
    """A revealed plot that forces another type of claim for the challenge (The Hand's Tourney), or None."""
    for plot in revealed_plots_that(t, "claim_instead"):
        fact = t.card(plot).claim_instead
        if fact is not None and fact[2] and c.kind in fact[0]:
            return plot
    return None


def printed_cannot_be(t: Table, card: str, fact: Literal["never_saved", "never_killed", "never_knelt"]) -> str | None:
    """The card whose text says this one cannot be saved (``fact``: killed): its own ("Asha Greyjoy cannot be saved.",
    "Wharf Rats cannot be killed.") or an attachment on it ("Attached character cannot be killed."), blank text aside;
    None: none."""
    if card not in t.in_play:
        return None
    if (f := printed(t, card)) is not None and getattr(f, fact) == "self":
        return card
    return next((a for a, ip in t.in_play.items() if ip.attached_to == card and (f := printed(t, a)) is not None
                 and getattr(f, fact) == "attached"), None)


def claim_due(t: Table, c: ChallengeRecord, kind: str | None = None) -> int:
    """How many the claim asks of the defender, as much as it can satisfy (RR: Military/Intrigue/Power Claim), of
    its type (``claim_kind``: ``kind`` where the line names what replaces it)."""
    kind = kind or claim_kind(t, c)
    if kind == "military":
        # What cannot be killed is not there to choose (1st edition Stoic Resolve: "Knelt characters cannot be killed").
        spared = bool(revealed_plots_that(t, "knelt_unkillable"))
        have = sum(1 for cid in in_play_controlled(t, c.defender) if t.card(cid).type == "character"
                   and not (spared and t.in_play[cid].kneeling) and knelt_unkillable_by(t, cid) is None
                   and printed_cannot_be(t, cid, "never_killed") is None)
    elif kind == "intrigue":
        p = t.players[c.defender]
        have = len(p.zones[Zone.HAND]) + p.drawn_unnamed
    else:
        have = t.players[c.defender].power
    return min(c.claim, have)


def renown_cards(t: Table, c: ChallengeRecord) -> list[str]:
    """The winner's participating characters with the renown keyword, as printed, in a challenge type (Ser Jaime) or
    while a season's plots outnumber the other's among the revealed plots (Knight of Summer)."""
    if c.winner is None:
        return []
    return [card for card in participants(t, c, c.winner)
            if has_keyword(t, card, "renown") or renown_during_holds(t, card, c)
            or ((season := getattr(printed(t, card), "renown_more_plots", None)) and more_plots(t, season))]


def renown_barred_by(t: Table, card: str) -> str | None:
    """A card in play (or a revealed plot, an agenda) whose text forbids this character to claim power for renown
    (``Card.renown_barred``: 1st edition Jhalabar Xho "Opponent's characters cannot claim power for renown.", Tower of
    the Sun "Characters without a Power icon …"), or None."""
    for seat in t.seats:
        for giver in printed_cards(t, seat):
            barred = t.card(giver).renown_barred
            if barred is not None and (barred[0] == "any" or t.controller(card) != seat) \
                    and not (barred[1] and has_icon(t, card, barred[1])):
                return giver
            # The Faith Militant: "Non-The Seven characters … you control cannot gain power." (renown's power too)
            only = t.card(giver).power_only_trait
            if only is not None and t.controller(card) == seat and only not in traits_of(t, card):
                return giver
    return None


def renown_during_holds(t: Table, card: str, c: ChallengeRecord) -> bool:
    """The card's own "gains renown while participating in a [military] challenge" (``Card.renown_during``: the
    type) or 1st edition "… gains vigilant and renown during the first challenge initiated each round." ("first":
    the round's first challenge, whoever initiated it) holds for the challenge ``c``, its text not blank."""
    during = getattr(printed(t, card), "renown_during", None)
    if during in ("attacking", "defending"):  # Ser Denys Mallister: "While … is defending, he gains renown."
        return card in (c.attackers if during == "attacking" else c.defenders)
    if during == "first":
        return next((x for x in t.challenges if x.round == c.round), None) is c
    return during is not None and during == c.kind


def more_plots(t: Table, season: str) -> bool:
    """More revealed plots (anyone's) have the Trait ("Summer") than the other season's ("Winter")."""
    plots = [t.card(p) for s in t.seats if (p := revealed_plot(t, s)) is not None]
    other = "Winter" if season == "Summer" else "Summer"
    return sum(season in p.traits for p in plots) > sum(other in p.traits for p in plots)


# -- dominance (RR: Appendix I › 5.2) ---------------------------------------------------------------------


def dominance_totals(t: Table) -> dict[str, int]:
    """Each player's STR of standing characters plus the gold in its pool, plus the STR its cards in play print
    as their own contribution (The Iron Throne's 8, standing or kneeling; a character's printed contribution stands
    for its STR: Hodor "does not contribute his STR to your total for dominance", 0), plus recorded modifiers. A
    character with an attachment that says so counts none (``_dominance_withheld``)."""
    out = {}
    for seat in t.seats:
        standing = sum(strength(t, cid) for cid in in_play_controlled(t, seat)
                       if t.card(cid).type == "character" and not t.in_play[cid].kneeling
                       and t.card(cid).dominance is None and not _dominance_withheld(t, cid))
        printed = sum(t.card(cid).dominance or 0 for cid in in_play_controlled(t, seat))
        out[seat] = max(0, standing + printed + t.players[seat].gold + recorded(t, "dominance", seat))
    return out


def _dominance_withheld(t: Table, card: str) -> bool:
    """An attachment on the character whose text counts says "Attached character does not contribute its STR to …
    its controller's total for dominance." (``Card.attached_no_dominance``: Traitor to the Crown), unless the log
    records a dominance modifier with that attachment as its source (the table counted it)."""
    written = {m.source for m in t.modifiers if m.stat == "dominance"}
    return any(t.card(a).attached_no_dominance and a not in written and printed(t, a) is not None
               for a, ip in t.in_play.items() if ip.attached_to == card)


def dominance_winners(t: Table) -> set[str | None]:
    """Who may win dominance: ``dominance_winner``, and its answer with the characters that may be kneeling
    (``InPlay.kneel_unsure``: a "does not kneel" under a condition the log cannot decide) knelt."""
    unsure = [ip for ip in t.in_play.values() if ip.kneel_unsure and not ip.kneeling]
    winners = {dominance_winner(t)}
    for ip in unsure:
        ip.kneeling = True
    winners.add(dominance_winner(t))
    for ip in unsure:
        ip.kneeling = False
    return winners | season_dominance(t)


def season_dominance(t: Table) -> set[str | None]:
    """The dominance winner were it Summer (Winter) for a 1st-edition card's "While it is Summer, your characters get
    +1 STR." (``Card.str_season``; none without one): when it is Summer is not in the rule texts at hand, so either
    winner stands."""
    givers = [(seat, fact) for seat in t.seats for c in printed_cards(t, seat)
              if (fact := t.card(c).str_season) is not None]
    if not givers:
        return set()
    totals = {s: v for s, v in dominance_totals(t).items() if not t.players[s].eliminated}
    for seat, (whose, amount) in givers:
        for other in totals:
            if (other == seat) != (whose == "yours"):
                continue
            totals[other] += sum(max(0, strength(t, cid) + amount) - strength(t, cid)
                                 for cid in in_play_controlled(t, other)
                                 if t.card(cid).type == "character" and not t.in_play[cid].kneeling)
    best = max(totals.values(), default=0)
    leaders = [s for s, v in totals.items() if v == best]
    return {leaders[0] if len(leaders) == 1 else None}


def dominance_winner(t: Table) -> str | None:
    """The highest total wins dominance; a tie for the highest: nobody."""
    totals = {s: v for s, v in dominance_totals(t).items() if not t.players[s].eliminated}
    if not totals:
        return None
    best = max(totals.values())
    leaders = [s for s, v in totals.items() if v == best]
    return leaders[0] if len(leaders) == 1 else None


# -- the draw deck and the hand ----------------------------------------------------------------------------


def deck_count(t: Table, seat: str) -> int:
    """Cards left in the draw deck: the deck's cards less those drawn but not named yet. Never more than the
    real count (a card taken as drawn that no recorded draw covered lies in the deck zone until named)."""
    p = t.players[seat]
    return max(0, len(p.zones[Zone.DECK]) - p.drawn_unnamed - p.gone_unnamed)


def hand_count(t: Table, seat: str) -> int:
    p = t.players[seat]
    return len(p.zones[Zone.HAND]) + p.drawn_unnamed


def draw_phase_waiting(t: Table) -> list[str]:
    """The seats whose draw-phase draw (RR: Appendix I › 2.2) is still to come: each with a deck loaded and cards
    in it, not eliminated, that has not drawn this round. A table that loaded no deck records no draw to wait for."""
    return [s for s in t.seats if t.players[s].drew_round != t.round and has_deck(t, s)
            and not t.players[s].eliminated and deck_count(t, s) > 0]


def has_deck(t: Table, seat: str) -> bool:
    """A deck was loaded for the seat (cards of its draw deck are somewhere at the table)."""
    return t.players[seat].deck_cards > 0


def reserve_excess(t: Table, seat: str) -> int:
    """How many cards over the reserve value the seat holds (0 when none, or nothing to check)."""
    value = reserve(t, seat)
    return 0 if value is None else max(0, hand_count(t, seat) - value)


def modifier_lasts(m: Modifier, ending: str) -> bool:
    """Whether a recorded modifier outlasts the end of a challenge, a phase or a round."""
    order = {u: i for i, u in enumerate(UNTIL)}
    return order[m.until] > order[ending]


def instead_holds(t: Table, seat: str, key: str) -> bool | None:
    """Whether the condition of an "(N … instead if …)" holds for ``seat`` now (``Card.amount_instead``'s key); None:
    the table cannot tell (no key, no first player yet, a hand the log does not count)."""
    kind, _, arg = key.partition(":")
    opponents = [p for s, p in t.players.items() if s != seat and not p.eliminated]
    revealed = [t.card(plot) for s in t.seats if (plot := revealed_plot(t, s)) is not None]
    if kind in ("first", "not-first"):
        return None if t.first_player is None else (t.first_player == seat) == (kind == "first")
    if kind == "more":  # "there are more Winter plot cards than Summer plot cards revealed"
        more, fewer = arg.split(":")
        return sum(more in c.traits for c in revealed) > sum(fewer in c.traits for c in revealed)
    if kind == "revealed":
        return any(arg in c.traits for c in revealed)
    if kind == "opp-dead":
        return any(sum(t.card(c).type == "character" for c in p.zones[Zone.DEAD]) >= int(arg) for p in opponents)
    if kind == "opp-discard":
        return any(len(p.zones[Zone.DISCARD]) >= int(arg) for p in opponents)
    if kind == "opp-plot-gold":  # the printed gold value (a modifier the log does not hold may raise it)
        golds = [c.income for s in t.seats if s != seat and (c := plot_card(t, s)) is not None]
        return None if any(g is None for g in golds) else any(g is not None and g >= int(arg) for g in golds)
    if kind == "used":  # "there are 2 or more City plot cards in your used pile" ("" : any plot)
        trait, _, n = arg.partition(":")
        return sum(not trait or trait in t.card(c).traits for c in t.players[seat].zones[Zone.USED]) >= int(n)
    if kind == "opp-empty-hand":
        if not all(p.counts_known for p in opponents):
            return None
        return any(hand_count(t, s) == 0 for s, p in t.players.items() if s != seat and not p.eliminated)
    return None
