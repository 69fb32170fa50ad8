"""Rules that several actions share: where a card must come from, paying gold,
unique cards entering play, attachments needing a target, leaving play."""

from __future__ import annotations

from companion.catalog.card import NAMED_TRAIT, X_PAID, AttachOnly, Card, fold
from companion.rules.actions.base import Action
from companion.rules.check import Checker, type_name
from companion.rules.editions import Table
from companion.rules.placing import cards_entered, facedown_duplicate_target, fits_restriction, keeps_off
from companion.rules.placing import duplicate_target as duplicate_target
from companion.rules.placing import enter_play as enter_play
from companion.rules.placing import legal_attach_targets as legal_attach_targets
from companion.rules.state import Phase, Player, Stage, Zone, count_this_round, counted_this_round
from companion.rules.values import (
    blanked,
    claim_due,
    controls_named,
    cost_reduction_allowed,
    current_challenge,
    each_gains_on,
    hand_count,
    has_icon,
    has_plots,
    house_power_barred,
    in_play_controlled,
    instead_holds,
    knelt_unkillable_by,
    modifier_lasts,
    plot_limits,
    power_total,
    printed,
    printed_cannot_be,
    printed_cards,
    revealed_plot,
    revealed_plots_that,
    spendable_gold,
    strength,
    traits_of,
    window_waits_for,
)
from companion.rules.verdict import Param, msg

# duplicate_target, enter_play and legal_attach_targets moved to placing (the table uses them too); the
# actions still import them from here.


def place_name(t: Table, card: str, player: str | None = None) -> Param:
    """Where a card is, in words: "the dead pile", or "B's hand" when it is in another player's area
    than ``player``'s (default: its owner's)."""
    seat, zone = t.where[card]
    if seat != (player or t.instance(card).owner):
        return msg("place.other", seat=seat, zone=msg(f"zone.{zone.value}"))
    return msg("place.own", zone=msg(f"zone.{zone.value}"))


def require_in_hand(t: Table, v: Checker, player: str, card: str, rule: str) -> None:
    """The card must be in the player's hand. A card still in the draw deck counts as drawn:
    at a physical table nobody records every draw."""
    seat, zone = t.where[card]
    if seat == player and zone is Zone.HAND:
        return
    if seat == player and zone is Zone.DECK:
        if t.players[player].drawn_unnamed == 0:  # a recorded draw ("drew 2") covers it without a word
            v.note("assumed-drawn", (card,), card=t.ref(card))
        return
    v.violate(rule, (card,), card=t.ref(card), zone=place_name(t, card, player))


def take_from_hand(t: Table, player: str, card: str) -> None:
    """A card played "from hand" that still lies in the draw deck: it is one of the cards drawn but not
    named yet, or (when no recorded draw covers it) taken as drawn, and the hand and deck counts are no
    longer known. Either way it goes to the hand first, then where the action puts it."""
    seat, zone = t.where[card]
    if seat != player or zone is not Zone.DECK:
        return
    p = t.players[player]
    if p.drawn_unnamed > 0:
        p.drawn_unnamed -= 1
    else:
        p.counts_known = False
    t.move(card, player, Zone.HAND)


def check_active_player(t: Table, v: Checker, player: str, not_active: str, turns_over: str) -> None:
    """A turn's move by ``player`` in the marshaling or challenges phase: it must be the active player. Once every
    player has been the active player nobody is, and the phase has only its end left (RR: Appendix I › 3.3, 4.3):
    ``turns_over`` then, ``not_active`` while another player's turn runs (a table that does not know whose turn it
    is judges neither)."""
    if t.turns_over:
        v.violate(turns_over, player=t.players[player].name)
    elif t.active_player is not None and t.active_player != player:
        v.violate(not_active, player=t.players[player].name, active=t.players[t.active_player].name)


def check_payment(t: Table, v: Checker, player: str, expected: int, paid: int | None) -> int:
    """Check that the player can pay; ``paid`` overrides the expected cost (a cost modifier)."""
    cost = expected if paid is None else paid
    if paid is not None and paid != expected:
        v.note("cost-changed", player=player, paid=paid, cost=expected)
    gold = spendable_gold(t, player)  # the pool, and gold spent as if it were in it (Tywin Lannister)
    if cost > gold and cost > 0:  # a cost of 0 is always paid, whatever an earlier overspend left (RR: Costs)
        v.violate("gold.insufficient", player=player, cost=cost, gold=gold)
    return cost


def check_cost_reduced(t: Table, v: Checker, player: str, card: str, full: int, paid: int | None, rule: str,
                       way: str = "marshal") -> None:
    """A recorded cost below ``full`` (the cost before the cards' reductions) by more than the player's cards print
    taking off it (RR: Costs); only where the table records the round (plots): elsewhere the cards that may lower
    it are not known."""
    if paid is not None and paid < full and has_plots(t, player) and (
            allowed := cost_reduction_allowed(t, player, card, way)) is not None and full - paid > allowed:
        v.violate(rule, (card,), card=t.ref(card), paid=paid, cost=full, allowed=allowed)


def check_cost_raised(t: Table, v: Checker, player: str, card: str, full: int, paid: int | None, rule: str) -> None:
    """A recorded cost above ``full`` (the cost before any reduction) while no card of any player raises a cost
    (RR: Costs: the cost is paid, no more); only where the table records the round (plots)."""
    if paid is not None and paid > full and isinstance(t.card(card).cost, int) and has_plots(t, player) and not any(
            t.card(c).raises_cost for c in [card, *(c for seat in t.seats for c in printed_cards(t, seat))]):
        v.violate(rule, (card,), card=t.ref(card), paid=paid, cost=full)


def limited_allowed(t: Table, player: str) -> int:
    """Limited cards the player may marshal or play this round: one (RR: Limited), and more where its revealed
    plot or a card it controls in play prints so (RR: Golden Rules: "You may marshal or play 1 additional limited
    card this round.": Taxation)."""
    return 1 + sum(t.card(c).extra_limited for c in printed_cards(t, player))


def limited_used(t: Table, player: str) -> int:
    return counted_this_round(t.round, t.players[player], "limited")


def check_limited(t: Table, v: Checker, player: str, card: str) -> None:
    if t.card(card).limited and limited_used(t, player) >= limited_allowed(t, player):
        v.violate("limited.once-per-round", (card,), player=player, card=t.ref(card))


def count_limited(t: Table, player: str) -> None:
    """A Limited card was marshalled or played this round."""
    count_this_round(t.round, t.players[player], "limited")


def check_unique_entry(t: Table, v: Checker, player: str, card: str, *, from_shadows: bool) -> None:
    """A unique card entering play under ``player``'s control (RR: Unique Cards, FAQ 1.3,
    RR: Shadows › Unique cards and shadows)."""
    c = t.card(card)
    if not c.unique:
        return
    name = t.ref(card)
    owner = t.instance(card).owner
    # The card itself does not count: an effect may put the only copy in a dead pile into play from there.
    for dead in t.copies_in(c.title_key, player, Zone.DEAD, exclude=card):
        rule = "shadows.unique-dead-pile" if from_shadows else "unique.dead-pile"
        v.violate(rule, (card, dead), card=name, copy=t.ref(dead), owner=player, player=player)
        break
    if owner != player:  # entering play under a non-owner: the owner's dead pile counts too
        for dead in t.copies_in(c.title_key, owner, Zone.DEAD, exclude=card):
            v.violate("unique.dead-pile", (card, dead), card=name, copy=t.ref(dead), player=owner)
            break
    for other in t.copies_in_play(c.title_key, exclude=card):
        o_owner = t.instance(other).owner
        o_ctrl = t.in_play[other].controller
        if o_owner == o_ctrl and o_owner != player and owner == player:
            continue  # an opponent's own copy: each player may have one
        if o_owner == player and o_ctrl == player and owner == player:
            continue  # enters as a duplicate
        if owner != player:  # FAQ 1.3: an opponent's card, while any other copy is in play
            v.violate("unique.opponents-card", (card, other), card=name, copy=t.ref(other), owner=owner,
                      player=player)
        elif from_shadows and o_owner == player and o_ctrl != player:
            v.violate(
                "shadows.unique-owned-not-controlled", (card, other),
                card=name, copy=t.ref(other), owner=player, controller=o_ctrl,
            )
        elif from_shadows and o_ctrl == player and o_owner != player:
            v.violate(
                "shadows.unique-controls-other", (card, other),
                card=name, copy=t.ref(other), owner=o_owner, player=player,
            )
        else:
            v.violate(
                "unique.control-conflict", (card, other),
                card=name, copy=t.ref(other), owner=o_owner, controller=o_ctrl,
            )


def restriction_words(restriction: str) -> Param:
    return msg(f"restriction.{restriction}")


def until_words(until: str) -> Param:
    return msg(f"until.{until}")


RESTRICTION_RULES = {"bring_out": "restriction.bring-out", "play_events": "restriction.play-events",
                     "defend": "restriction.no-defending"}


def check_restrictions(t: Table, v: Checker, player: str, kind: str, card: str | None = None) -> None:
    """A lasting effect on the player (or on its ``card``) forbids this (e.g. No Surprises; FAQ: No Surprises)."""
    for r in t.players[player].restrictions:
        if r.kind == kind and r.card == card:
            source = t.ref(r.source) if r.source else msg("ref.effect")
            v.violate(RESTRICTION_RULES[kind], tuple(c for c in (card, r.source) if c),
                      player=player, until=until_words(r.until), source=source, card=t.ref(card) if card else "")
            return


def check_plot_forbids(t: Table, v: Checker, player: str, card: str, *, playing: bool) -> None:
    """A revealed plot forbids the player to marshal (or play) a card of this type this round ("You cannot marshal
    locations or attachments, or play events.": Marching Orders; RR: Golden Rule)."""
    c = t.card(card)
    kind = c.type
    check_named_barred(t, v, card, "play" if playing else "marshal")
    for plot, limit in plot_limits(t, player):
        if limit.no_limited and c.limited:  # City Blockade
            v.violate("plot.limits-limited", (card, plot), card=t.ref(card), plot=t.ref(plot))
        if playing and limit.no_in_faction_events and c.faction == t.players[player].faction:  # Wardens of the East
            v.violate("plot.limits-in-faction", (card, plot), player=t.players[player].name, card=t.ref(card),
                      plot=t.ref(plot))
        if playing and kind in limit.no_play:
            v.violate("plot.limits-event", (card, plot), player=t.players[player].name, card=t.ref(card),
                      plot=t.ref(plot))
        elif not playing and kind in limit.no_marshal:
            v.violate("plot.limits-marshal", (card, plot), player=t.players[player].name, card=t.ref(card),
                      plot=t.ref(plot), type=type_name(kind))


def check_named_barred(t: Table, v: Checker, card: str, way: str) -> None:
    """A card whose title a card's ability named this phase, barring it ("Name a card. Until the end of the phase,
    that card cannot be marshaled, played, or put into play.": The Iron Throne, Varys; "… events with that title
    cannot be played.": Dragonstone Convert; RR: Golden Rule), is not marshalled (``way`` "marshal"), played ("play")
    or put into play ("put") by any player. Only where the log's ``name_choice`` names the title."""
    title = fold(t.card(card).name)
    for source, (rnd, which, value, phase) in t.named.items():
        if which == "title" and rnd == t.round and phase == t.phase.value and fold(value) == title \
                and way in t.card(source).names_barred:
            v.violate("name.barred", (card, source), card=t.ref(card), source=t.ref(source),
                      way=msg(f"name.barred.{way}"))


def check_entering_count(t: Table, v: Checker, player: str, card: str) -> None:
    """A revealed plot caps the characters, locations and attachments a player marshals or puts into play this round
    ("Each player cannot marshal or put into play more than 2 …": Strained Reserves; RR: Golden Rule). Duplicates
    do not enter play and are not counted; bringing a card out of shadows is entering play by a card ability and is."""
    if t.card(card).type not in ("character", "location", "attachment"):
        return
    own = revealed_plot(t, player)
    for plot, limit in plot_limits(t, player):
        if limit.max_entering is None:
            continue
        most = limit.max_entering
        if limit.entering_if_count is not None and own is not None and limit.entering_if_trait in t.card(own).traits:
            most = limit.entering_if_count
        if cards_entered(t, player) >= most:
            v.violate("plot.limits-entering", (card, plot), player=t.players[player].name, card=t.ref(card),
                      plot=t.ref(plot), most=most)


def check_entering(t: Table, v: Checker, controller: str, card: str, attach_to: str | None, *,
                   from_shadows: bool) -> None:
    """A card entering play by a card ability (brought out, or put into play): unique copies, duplicates,
    attachments (discarded without a legal target), and Limited not applying."""
    facedown = facedown_duplicate_target(t, card, attach_to)
    if facedown is not None:  # Arya Stark's own duplicate: placed, it does not enter play as itself
        v.note("duplicate", (card, facedown), card=t.ref(card), copy=t.ref(facedown))
        return
    check_unique_entry(t, v, controller, card, from_shadows=from_shadows)
    if not from_shadows:  # coming out of shadows is none of the three (not judged)
        check_named_barred(t, v, card, "put")
    dup = duplicate_target(t, controller, card)
    if dup:
        v.note("duplicate", (card, dup), card=t.ref(card), copy=t.ref(dup))
    else:
        check_entering_count(t, v, controller, card)
        check_attachment(t, v, controller, card, attach_to, discard_if_none=True)
        check_entry_barred(t, v, card)
    if t.card(card).limited:
        v.note("limited-ignored", (card,), card=t.ref(card))


def check_entry_barred(t: Table, v: Checker, card: str) -> None:
    """A kneeling card in play whose text counts bars characters with an icon from entering play in a phase (Iron
    Emmett: "While Iron Emmett is kneeling, characters with a [military] icon cannot enter play during the challenges
    phase."; RR: Golden Rule)."""
    if t.card(card).type != "character":
        return
    for source, ip in t.in_play.items():
        barred = t.card(source).entry_barred_kneeling
        if barred is not None and ip.kneeling and t.phase.value == barred[0] and has_icon(t, card, barred[1]) \
                and printed(t, source) is not None:
            v.violate("play.entry-barred", (card, source), card=t.ref(card), source=t.ref(source),
                      icon=msg(f"challenge.kind.{barred[1]}"), phase=Phase(barred[0]))
            return


def check_attachment(
    t: Table, v: Checker, player: str, card: str, target: str | None, *, discard_if_none: bool, own_only: bool = False
) -> bool:
    """Check an attachment's target. Returns True when the attachment is discarded for lack of one."""
    c = t.card(card)
    if c.type != "attachment":
        if target is not None:
            v.violate("attach.target", (card,), card=t.ref(card), target=t.ref(target),
                      reason=msg("attach.not-attachment"))
        return False
    if c.attaches_to == "house":  # 1st edition "Attach to your House card.": the log names no House card as a host
        if target is not None:
            v.violate("attach.target", (card, target), card=t.ref(card), target=t.ref(target),
                      reason=msg("attach.only-to", type=type_name("house")))
        return False
    legal = legal_attach_targets(t, c, player if own_only else None, by=player)
    if target is None:
        if not legal and discard_if_none:
            v.note("attachment-no-target", (card,), card=t.ref(card))
            return True
        reason = msg("attach.no-target")
        v.violate("attach.target", (card,), card=t.ref(card), target="?", reason=reason)
        return False
    if target not in legal:
        kept_off = keeps_off(t, target, c) if t.zone_of(target) is Zone.PLAY else None
        if kept_off == "attach.no-attachments":
            v.violate("attach.no-attachments", (card, target), card=t.ref(card), target=t.ref(target))
            return False
        if kept_off == "attach.one-per-card":
            v.violate("attach.one-per-card", (card, target), card=t.ref(card), target=t.ref(target))
            return False
        if kept_off == "attach.no-attachments-except":
            v.violate("attach.no-attachments-except", (card, target), card=t.ref(card), target=t.ref(target),
                      traits=", ".join(t.card(target).attachments_except))
            return False
        if t.zone_of(target) is not Zone.PLAY:  # nothing to lie on: impossible, not a breach
            v.violate("attach.target-gone", (card, target), card=t.ref(card), target=t.ref(target),
                      zone=place_name(t, target, player))
            return False
        if own_only and t.controller(target) != player:
            reason = msg("attach.setup-own-only")
        elif t.card(target).type == (c.attaches_to or "character") and not fits_restriction(t, target, c, player):
            v.violate("attach.restriction", (card, target), card=t.ref(card), target=t.ref(target),
                      only=attach_only_words(c))
            return False
        else:
            reason = msg("attach.only-to", type=type_name(c.attaches_to or "character"))
        v.violate("attach.target", (card, target), card=t.ref(card), target=t.ref(target), reason=reason)
    return False


def _either(options: list[Param]) -> Param:
    """Options joined by "or" in the reader's language."""
    return options[0] if len(options) == 1 else msg("attach.only.or", a=_either(options[:-1]), b=options[-1])


def _alternative_words(only: AttachOnly) -> Param:
    """One alternative of a restriction: its kind of card and what it asks ("character (unique, Stark)")."""
    if only.title is not None:
        return only.title
    asked: list[Param] = []
    if only.unique is not None:
        asked.append(msg("attach.only.unique" if only.unique else "attach.only.non-unique"))
    if only.limited is not None:
        asked.append(msg("attach.only.non-limited" if only.limited is False else "attach.only.limited"))
    if only.loyal is not None:
        asked.append(msg("attach.only.non-loyal" if only.loyal is False else "attach.only.loyal"))
    if only.factions:
        asked.append(_either([msg(f"faction.{f}") for f in only.factions]))
    if only.not_factions:
        asked.append(msg("attach.only.not", what=_either([msg(f"faction.{f}") for f in only.not_factions])))
    if only.traits:
        asked.append(_either(list(only.traits)))
    if only.not_traits:
        asked.append(msg("attach.only.not", what=_either(list(only.not_traits))))
    if only.controller is not None:
        asked.append(msg(f"attach.only.{only.controller}"))
    for key, n in (("cost-max", only.cost_max), ("cost-min", only.cost_min), ("str-max", only.strength_max)):
        if n is not None:
            asked.append(msg(f"attach.only.{key}", n=n))
    kind = type_name(only.type)
    return msg("attach.only.asks", type=kind, asked=asked) if asked else kind


def attach_only_words(card: Card) -> Param:
    """An attachment's printed restriction in the reader's words, built from the card's facts."""
    return only_words(card.attach_only)


def only_words(alternatives: tuple[AttachOnly, ...]) -> Param:
    """Alternatives of a card description ("[lannister] character") in the reader's words."""
    return _either([_alternative_words(a) for a in alternatives])


def _token_text(tokens: dict[str, int]) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in sorted(tokens.items()) if n)


def note_tokens_discarded(t: Table, v: Checker, card: str) -> None:
    tokens = t.tokens_on(card)
    if any(tokens.values()):
        v.note("tokens-discarded", (card,), card=t.ref(card), tokens=_token_text(tokens))


def note_leaving_play(t: Table, v: Checker, card: str) -> None:
    """What leaving play does to the card's tokens, duplicates and attachments (RR: Leaves Play)."""
    if t.zone_of(card) is not Zone.PLAY:
        if t.zone_of(card) is Zone.SHADOWS:
            note_tokens_discarded(t, v, card)
        return
    note_tokens_discarded(t, v, card)
    for dep in t.dependents(card):
        if t.in_play[dep].duplicate_of:
            v.note("duplicate-discarded", (dep,), card=t.ref(dep))
        elif t.card(dep).terminal:
            v.note("attachment-terminal", (dep,), card=t.ref(dep))
        elif not t.attachments_to_hand:
            v.note("attachment-discarded", (dep,), card=t.ref(dep))
        else:
            v.note("attachment-returned", (dep,), card=t.ref(dep), owner=t.instance(dep).owner)


def killed(t: Table, card: str) -> None:
    """A killed character goes to its owner's dead pile, or where its own text sends it instead (1st edition The
    Hound: "… place him in your discard pile instead of your dead pile."; probe29 05)."""
    instead = t.card(card).killed_to if printed(t, card) is not None else None
    zones = {"discard": Zone.DISCARD, "shadows": Zone.SHADOWS, "deck": Zone.DECK}
    leave_to(t, card, zones.get(instead or "", Zone.DEAD))


def leave_to(t: Table, card: str, zone: Zone, seat: str | None = None) -> None:
    """Move a card to its owner's ``zone``; from play, its duplicates and attachments go first. A card a duplicate
    was discarded to save by the line before stays in play (RR: Save: "it does not leave play")."""
    if t.zone_of(card) is Zone.PLAY:
        if t.saving.pop(card, None) == t.version:
            return
        for dep in t.dependents(card):
            # An attachment or duplicate cannot stay in play without its card: a save just recorded on it (the line
            # before) does not keep it there.
            t.saving.pop(dep, None)
            if t.in_play[dep].duplicate_of or t.card(dep).terminal or not t.attachments_to_hand:
                leave_to(t, dep, Zone.DISCARD)
            else:
                leave_to(t, dep, Zone.HAND)
        # An attachment or duplicate leaving on its own simply goes.
    t.move(card, seat or t.instance(card).owner, zone)  # its owner's area unless a rule names another


def note_owner_area(t: Table, v: Checker, card: str, zone: Zone) -> None:
    """A card controlled by someone else goes to its owner's area (RR: Ownership and Control)."""
    owner = t.instance(card).owner
    holder = t.controller(card)
    if holder != owner:
        v.note("owner-area", (card,), card=t.ref(card), owner=owner, zone=zone, player=holder)


# -- a challenge recorded step by step: what ends it ---------------------------------------------------


def check_challenge_over(t: Table, v: Checker) -> None:
    """Something that ends the challenge under way (the next challenge, the turn passed, the phase over) while
    a framework step of it is still due: defenders, the result, or the claim (RR: Appendix I › 4.2.1 to 4.2.4)."""
    c = current_challenge(t)
    if c is None:
        return
    attacker = t.players[c.attacker].name
    if c.stage is Stage.ATTACKERS:
        v.violate("challenge.unfinished", player=attacker, step=msg("challenge.step.defenders"))
    elif c.stage is Stage.DEFENDERS:
        v.violate("challenge.unfinished", player=attacker, step=msg("challenge.step.result"))
    elif c.winner == c.attacker and not c.claim_applied and not c.disputed and claim_due(t, c) > 0 and not (
            c.kind == "power" and house_power_barred(t, c.attacker, c.kind) is not None):  # nothing it may claim
        v.violate("claim.not-applied", player=t.players[c.defender].name, kind=msg(f"challenge.kind.{c.kind}"))


def end_challenge(t: Table) -> None:
    """The challenge under way ends (RR: Appendix I › 4.2.6): modifiers that last until its end expire."""
    c = current_challenge(t)
    if c is None:
        return
    c.stage = Stage.ENDED
    t.modifiers = [m for m in t.modifiers if modifier_lasts(m, "challenge")]


def _kneeling_by_own_cost(t: Table, source: str | None, verb: str) -> str | None:
    """The controller of ``source`` where its ability that kneels the card itself to ``verb`` a card
    (``Card.kneel_self_to``: "Kneel Marya Seaworth to choose and stand 1 character.") is used while it kneels."""
    if source is None or source not in t.in_play or verb not in t.card(source).kneel_self_to:
        return None
    ip = t.in_play[source]
    return ip.controller if ip.kneeling else None


def kneel_cost_unpaid(t: Table, source: str | None, verb: str) -> bool:
    """``source``'s kneel-itself ability (``_kneeling_by_own_cost``) is used again while it kneels from paying for an
    earlier use (RR: Costs; 1E Rules › Kneeling: a kneeling card cannot kneel to pay), in this round or an earlier
    one it did not stand in (Northern Encampment "cannot stand during the standing phase unless …"). A use while it
    stands (its kneel left out of the log) or the first one after it knelt is not judged."""
    controller = _kneeling_by_own_cost(t, source, verb)
    return controller is not None and f"kneel-used:{source}" in t.players[controller].round_counts


def note_kneel_cost(t: Table, source: str | None, verb: str) -> None:
    """A use of ``source``'s kneel-itself ability while it kneels: its kneel is spent (``kneel_cost_unpaid``)."""
    if (controller := _kneeling_by_own_cost(t, source, verb)) is not None:
        count_this_round(t.round, t.players[controller], f"kneel-used:{source}")


def check_kneel_cost(t: Table, v: Checker, source: str | None, verb: str) -> None:
    """``ability.kneel-cost`` for ``kneel_cost_unpaid``."""
    if source is not None and kneel_cost_unpaid(t, source, verb):
        v.violate("ability.kneel-cost", (source,), card=t.ref(source))


def check_killable(t: Table, v: Checker, card: str) -> None:
    """A kneeling character cannot be killed while a revealed plot says so ("Knelt characters cannot be killed.":
    1st edition Stoic Resolve, whoever revealed it; RR: Golden Rule), nor one with the crest a plot names ("[Noble]
    characters cannot be killed.": The Power of Blood), nor one whose own text or whose attachment's says so."""
    if card in t.in_play and t.in_play[card].kneeling:
        for plot in revealed_plots_that(t, "knelt_unkillable"):
            v.violate("kill.knelt", (card, plot), card=t.ref(card), plot=t.ref(plot))
    if (giver := knelt_unkillable_by(t, card)) is not None:
        v.violate("kill.knelt-trait", (card, giver), card=t.ref(card), source=t.ref(giver),
                  trait=t.card(giver).knelt_unkillable_own or "")
    # "[Noble] characters cannot be killed." (1st edition The Power of Blood): a character with that crest.
    for plot in revealed_plots_that(t, "unkillable_crest"):
        crest = t.card(plot).unkillable_crest
        if card in t.in_play and crest in t.card(card).crests:
            v.violate("kill.crest", (card, plot), card=t.ref(card), plot=t.ref(plot), crest=crest)
    # "Wharf Rats cannot be killed." / "Attached character cannot be killed." (RR: Golden Rule); blank text aside.
    if (source := printed_cannot_be(t, card, "never_killed")) is not None:
        v.violate("kill.printed-unkillable", (card, source), card=t.ref(card), text=t.ref(source))


def str_given_key(t: Table, source: str) -> str:
    """The round count of the STR modifiers the log records from ``source``'s effects in this phase."""
    return f"str-given:{source}@{t.phase.value}"


def str_expired(t: Table, source: str) -> bool:
    """The log records STR modifiers from ``source``'s effects this round in earlier phases only, and none lasts now
    (RR: Modifiers, lasting effects "until the end of the phase")."""
    p = t.players[t.where[source][0]]
    earlier = any(counted_this_round(t.round, p, f"str-given:{source}@{phase.value}") for phase in Phase
                  if phase is not t.phase)
    return earlier and not counted_this_round(t.round, p, str_given_key(t, source)) \
        and not any(m.source == source and m.stat == "str" for m in t.modifiers)


def check_killed_at_zero(t: Table, v: Checker, card: str, source: str) -> None:
    """RR: Golden Rule: "… that character gets -2 STR and is killed if its STR is 0." (``Card.kills_at_zero``: King's
    Landing Assassin, Dracarys!): a kill naming such a card as ``source`` is of a character whose STR is 0. Where the
    log records that card's STR modifiers this phase, the character is one of them at STR 0; where it records none,
    the loss it prints is counted for it (X unknown: not judged)."""
    loses = t.card(source).kills_at_zero if source in t.where else 0
    if not loses or card not in t.in_play:
        return
    left = strength(t, card)
    if t.card(source).type == "attachment" and source in t.in_play:
        # "Attached character gets -4 STR and is killed if its STR is 0." (Crown of Gold): the character it is on,
        # its -STR counted in its STR where it is read as ``grants_str`` (else taken off here; X: not judged)
        if loses < 0 or (t.in_play[source].attached_to == card
                         and left - (0 if t.card(source).grants_str else loses) <= 0):
            return
        v.violate("ability.killed-at-zero", (card, source), card=t.ref(card), source=t.ref(source), str=left)
        return
    if counted_this_round(t.round, t.players[t.where[source][0]], str_given_key(t, source)) > 0:
        if left <= 0 and any(m.source == source and m.stat == "str" and m.card == card for m in t.modifiers):
            return  # the chosen character, at 0
    elif loses < 0 or left - loses <= 0:
        return
    else:
        left -= loses
    v.violate("ability.killed-at-zero", (card, source), card=t.ref(card), source=t.ref(source), str=left)


def check_immune(t: Table, v: Checker, card: str, source: str | None) -> None:
    """RR: Immune: "A card that is immune to a specified set of effects cannot be chosen as a target of, and cannot be
    affected by, such effects." A card in play whose printed immunity counts (``Card.immune_to``; a blank text box
    has none) and the card named as the ``source`` of an effect on it: an event's, a character's, a location's, a
    plot's, an attachment's, or any card's ("card"); "opponents'" only when another player controls the source. A
    card's own ability on itself is not checked; no ``source``, nothing to judge. A cost (a character knelt to pay
    for an event) is the player's, not the effect's: its line names no source."""
    if source is None or source == card or card not in t.in_play:
        return
    if immune_from(t, card, source):
        kind = t.card(source).type
        v.violate("immune.source", (card, source), card=t.ref(card), source=t.ref(source), type=type_name(kind))


def immune_from(t: Table, card: str, source: str) -> bool:
    """The card in play is immune to the effects of ``source``: by its own printed immunity (``Card.immune_to``), or
    one a card gives its kind (``Card.each_gains``: A Tourney for the King's Knights, 1st edition Calm Before the
    Storm's characters and locations), or its own while its controller controls a character of a House and Trait
    (``Card.immune_while``: 1st edition Shaggydog, "at least 1 House Stark Lord character")."""
    facts = printed(t, card)
    immunities = [facts.immune_to] if facts is not None and facts.immune_to is not None else []
    if facts is not None and facts.immune_while is not None:
        whose, kinds, house, trait = facts.immune_while
        if any(t.card(c).type == "character" and (not house or house in t.card(c).factions)
               and trait in traits_of(t, c) for c in in_play_controlled(t, t.controller(card))):
            immunities.append((whose, kinds))
    immunities += [granted for g in each_gains_on(t, card)
                   if (granted := (t.card(g).each_gains or ("", "", (), None))[3]) is not None]
    kind = t.card(source).type
    return any(("card" in kinds or kind in kinds) and (whose == "any" or t.controller(source) != t.controller(card))
               for whose, kinds in immunities)


def check_all_immune(t: Table, v: Checker, player: str, card: str) -> None:
    """An event that chooses a character (``Card.chooses_with``: 1st edition Distraction "Choose a character with a
    Military icon.") is not played while every character in play is immune to it (RR: Immune; RR: Targeting: with no
    eligible target an ability cannot be initiated): 1st edition Calm Before the Storm's "Characters and locations
    are immune to events this round." With no character in play it is not judged here."""
    c = t.card(card)
    if c.type != "event" or c.chooses_with is None:
        return
    characters = [x for x, ip in t.in_play.items() if ip.duplicate_of is None and t.card(x).type == "character"]
    if characters and all(immune_from(t, x, card) for x in characters):
        v.violate("event.all-immune", (card,), card=t.ref(card), player=t.players[player].name)


def chosen_misfit(t: Table, card: str, source: str) -> tuple[str, dict[str, Param]] | None:
    """Why the character is not one the ability of ``source`` may choose by a value (``Card.chooses_with``: "a
    character with a Military icon": 1st edition Distraction; "with STR 3 or lower", "with printed cost 3 or lower",
    "without attachments"), or None. The card's effect on itself and on the character it is attached to (a cost:
    Catapult on the Wall's) is not such a choice."""
    if source == card or card not in t.in_play or source not in t.instances:
        return None
    if t.card(card).type != "character" or (source in t.in_play and t.in_play[source].attached_to == card):
        return None
    facts = printed(t, source) if source in t.in_play else t.card(source)
    if facts is None or facts.chooses_with is None:
        return None
    kind, word, n = facts.chooses_with
    c = t.card(card)
    if kind == "icon":
        fits = has_icon(t, card, word) == bool(n)
        which = msg("target.with-icon" if n else "target.without-icon", icon=msg(f"challenge.kind.{word}"))
    elif kind == "power":  # 1st edition Obey the King: "1 character with at least 1 power"
        fits = t.tokens.get(card, {}).get("power", 0) >= n
        which = msg("target.power-at-least", n=n)
    elif kind == "attachments":
        fits = not any(ip.attached_to == card for ip in t.in_play.values())
        which = msg("target.without-attachments")
    elif kind.startswith("lowest_"):
        lowest = lowest_chosen(t, card, source, kind, word)
        if lowest is None:
            return None
        fits, which = lowest[0], msg(f"target.{kind.replace('_', '-')}", n=lowest[1])
    else:
        value = strength(t, card) if kind == "str" else (c.strength if kind == "printed_str" else c.cost)
        fits = not isinstance(value, int) or value <= n  # a printed "-" or X is not judged
        which = msg(f"target.{kind.replace('_', '-')}-or-lower", n=n)
    return None if fits else ("ability.target.chooses", {"which": which})


def lowest_chosen(t: Table, card: str, source: str, kind: str, among: str) -> tuple[bool, int] | None:
    """Whether the character has "the lowest printed cost" ("the lowest STR") among the characters the ability of
    ``source`` may choose from (``among``: "" every character in play, "controller" its controller's, "participating"
    the round's last challenge's), and that lowest value; None where the log cannot tell (no challenge recorded with its
    participants). A character immune to the ability is not among them."""
    if among == "participating":
        last = t.challenges[-1] if t.challenges and t.challenges[-1].round == t.round else None
        if last is None or t.phase is not Phase.CHALLENGES or not last.attackers:
            return None
        pool = [*last.attackers, *last.defenders]
    else:
        pool = [x for x, ip in t.in_play.items() if ip.duplicate_of is None and t.card(x).type == "character"
                and (among != "controller" or ip.controller == t.in_play[card].controller)]
    values = {x: strength(t, x) if kind == "lowest_str" else t.printed_cost(t.card(x))
              for x in pool if x in t.in_play and (x == card or not immune_from(t, x, source))}
    if card not in values:
        return None
    return values[card] <= min(values.values()), min(values.values())


def _faction_misfit(faction: str, c: Card, held: set[str]) -> tuple[str, dict[str, Param]] | None:
    """Why a card is not of the faction a target's words name ("a [stark] character"), or None."""
    if faction and faction not in c.factions and f"house {faction}" not in held and faction not in held:
        # 2nd edition Trait "House Tully"; the 1st edition prints a crest the same way ("a [Holy] character")
        if faction in ("holy", "noble", "war", "learned", "shadow"):
            return "ability.target.trait", {"traits": faction.capitalize()}
        return "ability.target.faction", {"faction": msg(f"faction.{faction}")}
    return None


def target_misfit(t: Table, verb: str, card: str, source: str, *, cost: bool = False
                  ) -> tuple[str, dict[str, Param]] | None:
    """Why the card is not a target the ability of ``source`` may choose for that action (``Card.targets``; with
    ``cost``, a card its cost may be paid with: ``Card.cost_targets``), or None. What the table cannot tell (a
    challenge recorded as one entry, no challenge decided) is not held against it; STR is the lower of the printed
    and the counted one (an effect the log does not record may lower it)."""
    facts = printed(t, source) if source in t.in_play else t.card(source)
    wanted = [x for x in (facts.cost_targets if cost else facts.targets) if x[0] == verb] \
        if facts is not None else []
    if not wanted and source != card and facts is not None and verb in facts.self_only:
        return "ability.target.self", {}  # Ser Davos Seaworth: "return him to your hand": him only
    if not wanted or source == card:
        return None
    _, kind, side, faction, str_max, str_alt, alt_name, icon, whose, _, traits, state, cost_max = wanted[0]
    if NAMED_TRAIT in (traits, state.removeprefix("non-")):
        # "that Trait": the one the log named for the card this round (``name_choice``); none named: not judged
        named = t.named.get(source)
        trait = named[2] if named is not None and named[0] == t.round and named[1] == "trait" else ""
        traits = trait if traits == NAMED_TRAIT else traits
        if state == f"non-{NAMED_TRAIT}":
            state = f"non-{trait}" if trait else ""
    c = t.card(card)
    if cost and alt_name and str_alt < 0 and c.name == alt_name:
        return None  # "Kneel a Dragon character or Daenerys Targaryen to …" (Dracarys!): the named card pays too
    if kind != "card" and c.type not in kind.split("|"):
        if "|" in kind:  # Lay Waste: "a non-limited location or attachment"
            one, other = kind.split("|")[:2]
            return "ability.target.kind-either", {"kind": type_name(one), "other": type_name(other)}
        return "ability.target.kind", {"kind": type_name(kind)}
    # A Trait, or in the 1st edition a crest ("a Noble character"), as the table counts it (one gained counts); a card
    # saved may lie in the dead pile already. A House's name read there (1st edition "a Greyjoy character") is its
    # faction.
    held = {x.casefold() for x in (*traits_of(t, card), *c.crests, *c.factions)} | {f"[{f}]" for f in c.factions}
    if traits and not any(w.casefold() in held for w in traits.split("|")):
        return "ability.target.trait", {"traits": " / ".join(traits.split("|"))}
    if state == "with-shadow":  # "cards you control with shadow" (Clever Feint): the Shadow (X) keyword
        if not c.shadow_costs:
            return "ability.target.with-shadow", {}
    elif state.startswith("with-") and not has_icon(t, card, state[5:]):  # "a character with an [intrigue] icon"
        return "ability.target.with-icon", {"icon": msg(f"challenge.kind.{state[5:]}")}
    if state.startswith("non-") and state not in ("non-unique", "non-limited", "non-loyal") \
            and state[4:].casefold() in held:
        return "ability.target.non-trait", {"trait": state[4:]}
    if state == "non-limited" and c.limited:  # Newly-Made Lord, Pyromancers: "choose a non-limited location"
        return "ability.target.non-limited", {}
    if state == "non-loyal" and c.loyal:  # Breaking Ties: "choose a non-loyal character or location"
        return "ability.target.non-loyal", {}
    if cost_max == X_PAID:  # "printed cost X or lower": the X paid for the event, where the log records it
        cost_max = t.x_paid.get(source, -1)
    if cost_max >= 0 and t.printed_cost(c) > cost_max:
        return "ability.target.cost", {"most": cost_max}
    if card not in t.in_play:  # a card discarded from the hand as a cost: its printed faction ("another [targaryen]
        return _faction_misfit(faction, c, held) if cost else None  # card": Consuming Flames)
    if state == "non-unique" and c.unique:
        return "ability.target.non-unique", {}
    if state == "unique" and not c.unique:  # Waking the Dragon: "Choose and stand a unique [targaryen] character …"
        return "ability.target.unique", {}
    if state in ("kneeling", "standing") and t.in_play[card].kneeling != (state == "kneeling"):
        return f"ability.target.{state}", {}
    if c.type != "character":
        return None
    last = t.challenges[-1] if t.challenges and t.challenges[-1].round == t.round else None
    if side and last is not None and t.phase is Phase.CHALLENGES and last.attackers:
        sides = {"attacking": [last.attackers], "defending": [last.defenders]}.get(
            side.removesuffix(" alone"), [last.attackers, last.defenders])
        # "a character that is attacking or defending alone" (Brienne the Blue): the only one on its side
        if not any(card in s and (not side.endswith(" alone") or len(s) == 1) for s in sides):
            return "ability.target.side", {"side": msg(f"ability.target.{side.replace(' ', '-')}")}
    if (misfit := _faction_misfit(faction, c, held)) is not None:
        return misfit
    seat = t.controller(source) if source in t.in_play else t.where[source][0]
    if str_max >= 0:
        most = str_alt if str_alt >= 0 and controls_named(t, seat, alt_name) else str_max
        if min(c.strength or 0, strength(t, card)) > most:
            return "ability.target.str", {"most": most}
    if icon.startswith("attachments<1"):  # The Hound: "choose a Knight character without attachments"
        if any(ip.attached_to == card for ip in t.in_play.values()):
            return "ability.target.attachments", {}
        if icon.endswith(",power<1") and t.tokens.get(card, {}).get("power", 0):  # Unexpected Delay: "… or power"
            return "ability.target.power", {}
    elif icon.startswith("icons<"):  # "a participating character with fewer than 2 challenge icons"
        if sum(has_icon(t, card, k) for k in ("military", "intrigue", "power")) >= int(icon[6:]):
            return "ability.target.icons", {"fewer": int(icon[6:])}
    elif icon and has_icon(t, card, icon):
        return "ability.target.icon", {"icon": msg(f"challenge.kind.{icon}")}
    controller = t.controller(card)
    if (whose == "own" and controller != seat) or (whose == "opponent" and controller == seat):
        return f"ability.target.{whose}", {}
    if whose == "more_power" and power_total(t, controller) <= power_total(t, seat):
        return "ability.target.more-power", {}
    if whose == "defender" and last is not None and t.phase is Phase.CHALLENGES and controller != last.defender:
        return "ability.target.defender", {}  # Drogon: "each character the defending player controls"
    if whose == "loser" and last is not None and last.winner is not None and t.phase is Phase.CHALLENGES:
        loser = last.defender if last.winner == last.attacker else last.attacker
        if controller != loser:
            return "ability.target.loser", {}
    if whose == "not_chooser" and len(t.players) == 2 and controller != seat:
        # 1st edition Condemned by the Realm: "choose an opponent. Then, that opponent must choose and kill a character
        # he or she does not control": with one opponent, one its controller controls (more players: not judged).
        return "ability.target.not-chooser", {}
    return None


def target_line(action: Action) -> tuple[str, str, str] | None:
    """(the action type, the card it affects, its ``source``) for a line that affects one card by a card effect:
    a kill, kneel, stand, discard, return to hand, shuffle into the deck, token placed, STR or icon modifier, a
    take of control, a save or power gained on it."""
    card, source = getattr(action, "card", None), getattr(action, "source", None)
    if action.type not in TARGET_ACTIONS or not isinstance(card, str) or not isinstance(source, str) \
            or (action.type == "modify" and getattr(action, "stat", None) not in MODIFIED_ON_TARGET):
        return None
    return action.type, card, source


#: What a ``modify`` changes on an ability's chosen target: STR, an icon gained or lost ("that character gains an
#: [intrigue] icon": Selyse Baratheon), or a keyword gained ("that character gains stealth": Pyke).
MODIFIED_ON_TARGET = ("str", "military_icon", "intrigue_icon", "power_icon", "stealth", "renown", "insight",
                      "intimidate", "pillage")
#: The action types an ability's chosen target is read for (``Card.targets``).
TARGET_ACTIONS = ("kill", "kneel", "stand", "discard", "return_to_hand", "shuffle_into_deck", "place_tokens", "modify",
                  "take_control", "save", "gain_power", "put_into_shadows")


#: The lines that pay a cost with a card of a kind (``Card.cost_targets``).
COST_ACTIONS = ("kneel", "sacrifice", "return_to_hand", "discard")


def check_cost_target(t: Table, v: Checker, action: Action) -> None:
    """RR: Costs: a line that pays a cost naming as ``source`` a card whose cost names the kind of card it is paid
    with ("Kneel a Steward character to draw 1 card.": The New Gift; "return an attacking Clansman character to
    your hand to …": Tyrion Lannister) pays it with such a card; where the card also chooses a target for that
    action, the line may be the effect: not judged."""
    card, source = getattr(action, "card", None), getattr(action, "source", None)
    if action.type not in COST_ACTIONS or not isinstance(card, str) or not isinstance(source, str) \
            or card == source or source not in t.where or card not in t.where \
            or any(x[0] == action.type for x in t.card(source).targets):
        return
    why = target_misfit(t, action.type, card, source, cost=True)
    if why is not None:
        v.violate("ability.cost-target", (card, source), card=t.ref(card), source=t.ref(source),
                  why=msg(why[0], **why[1]))


def check_cost_payable(t: Table, v: Checker, action: Action) -> None:
    """RR: Costs (1E Rules › Kneeling: a knelt card cannot kneel to pay): a card's ability that puts the card itself
    into play, or an event, paid by kneeling a character of a kind ("Kneel a Holy character to put Knight of
    Summerhall into play from your dead pile."; "… kneel a Sand Snake character to put Tyene Sand into play from your
    hand."; Like Warm Rain's "Kneel a Direwolf character to …"), used while its player has no standing character of
    that kind to kneel, and no kneel naming it written on the line before: the cost cannot be paid, so the ability
    cannot be initiated."""
    card, source, player = getattr(action, "card", None), getattr(action, "source", None), getattr(action, "player",
                                                                                                   None)
    if action.type in ("play_event", "play_event_from_shadows"):
        source = card  # an event's own cost: "Kneel a Direwolf character to choose …" (Like Warm Rain; 25 events)
    elif action.type != "put_into_play" or card != source:
        return
    if not isinstance(source, str) or not isinstance(player, str) or source not in t.where:
        return
    wanted = [x for x in t.card(source).cost_targets if x[0] == "kneel" and x[1] == "character"]
    last = t.last_effect
    if not wanted or (last is not None and last[0] == source and last[2] + 1 == t.version):
        return  # its kneel written on the line before: judged there (``ability.cost-target``)
    if any(ip.controller == player and not ip.kneeling and ip.duplicate_of is None and c != source
           and t.card(c).type == "character" and target_misfit(t, "kneel", c, source, cost=True) is None
           for c, ip in t.in_play.items()):
        return
    v.violate("ability.cost-unpayable", (source,), card=t.ref(source), player=t.players[player].name,
              which=" / ".join(w for w in (*wanted[0][10].split("|"), wanted[0][6] if wanted[0][5] < 0 else "") if w))


def check_target(t: Table, v: Checker, action: Action) -> None:
    """RR: Targeting: an ability's effect goes to a target it may choose ("Choose and kill an attacking character.":
    Like Warm Rain; "place a poison token on a character without an [intrigue] icon": Tears of Lys; a value it
    chooses by: ``chosen_misfit``), and to as many as it says: an event's or a plot's ability ("Choose and kneel a
    character.": one; "Choose up to 3 cards …") over the lines in a row that name it for that action (the same card
    again is not another target). One flag for a target that misfits both ways."""
    line = target_line(action)
    line = line if line is not None and line[2] in t.where else None
    pair = None if constant_str_line(t, action) else action.chosen_target(t)
    why = chosen_misfit(t, *pair) if pair is not None else None
    if why is None and line is not None:
        why, pair = target_misfit(t, *line), (line[1], line[2])
    if why is not None and pair is not None:
        card, source = pair
        v.violate("ability.target", (card, source), card=t.ref(card), source=t.ref(source),
                  why=msg(why[0], **why[1]))
    if line is None:
        return
    verb, card, source = line
    wanted = [x for x in t.card(source).targets if x[0] == verb]
    run = t.target_run
    chained = run is not None and run[:2] == (source, verb) and run[2] + 1 == t.version
    most = t.card(source).chooses_total_str
    if most == -1:  # X, the STR of the character it is attached to (King Robert's Warhammer); unknown: not judged
        holder = t.in_play[source].attached_to if source in t.in_play else None
        most = strength(t, holder) if holder is not None and holder in t.in_play else None
    if verb == "kneel" and most is not None and card in t.in_play and why is None:
        # "Choose and kneel up to 4 total STR worth of characters" (Consolidation of Power): the kneels in a row.
        chosen = [c for c in (run[3] if chained and run is not None else ()) if c != card and c in t.in_play]
        total = sum(strength(t, c) for c in (*chosen, card))
        if total > most:
            v.violate("ability.target", (card, source), card=t.ref(card), source=t.ref(source),
                      why=msg("ability.target.total-str", most=most, total=total))
    total_cost = t.card(source).chooses_total_cost
    if total_cost is not None and verb == total_cost[0] and card in t.in_play and why is None:
        # "Stand any number of characters with combined printed cost 3 or lower." (Forced March): the lines in a row.
        chosen = [c for c in (run[3] if chained and run is not None else ()) if c != card and c in t.where]
        cost = sum(t.printed_cost(t.card(c)) for c in (*chosen, card))
        if cost > total_cost[1]:
            v.violate("ability.target", (card, source), card=t.ref(card), source=t.ref(source),
                      why=msg("ability.target.total-cost", most=total_cost[1], total=cost))
    if wanted and t.card(source).type in ("event", "plot") and run is not None and run[:2] == (source, verb) \
            and run[2] + 1 == t.version and card not in run[3] and len(run[3]) >= wanted[0][9]:
        v.violate("ability.target", (card, source), card=t.ref(card), source=t.ref(source),
                  why=msg("ability.target.count", n=wanted[0][9]))


def check_x_cost(t: Table, v: Checker, action: Action) -> None:
    """RR: Targeting: a card an ability chooses by the gold paid for it (``Card.x_cost``: Catspaw "pay X gold to
    choose another character with printed cost X or lower and return it …"; Valyrian Steel "… an attachment with
    printed cost X …") fits X: the `spend_gold` of its player on the line right before, or, with none written, no
    more than the gold in that player's pool."""
    card, source = getattr(action, "card", None), getattr(action, "source", None)
    player = getattr(action, "player", None)
    if not isinstance(card, str) or not isinstance(source, str) or not isinstance(player, str) \
            or source not in t.where or card not in t.where or card == source:
        return
    check_x_bound(t, v, action, card, source)
    check_lower_than_cost(t, v, action, card, source)
    x = t.card(source).x_cost
    if x is None or action.type != x[0]:
        return
    spent = t.gold_spent
    known = spent is not None and spent[0] == player and spent[2] == t.version - 1
    most = spent[1] if spent is not None and known else t.players[player].gold
    cost = t.printed_cost(t.card(card))
    if cost > most or (known and not x[1] and cost != most):
        v.violate("ability.target", (card, source), card=t.ref(card), source=t.ref(source),
                  why=msg("ability.target.x-cost", most=most, cost=cost))


def check_x_bound(t: Table, v: Checker, action: Action, card: str, source: str) -> None:
    """RR: Targeting: a card chosen "with printed cost X or lower", X counted now (``Card.x_bound``: Timett Son of
    Timett's "X is the number of Clansman characters you control", Renly Baratheon's "X is Renly Baratheon's STR",
    Ashemark's "the number of gold on Ashemark"), for the source's controller; its text blank: not judged."""
    bound = t.card(source).x_bound
    if bound is None or action.type != bound[0] or source not in t.in_play or printed(t, source) is None:
        return
    kind, trait = bound[1], bound[2].casefold()
    seat = t.in_play[source].controller
    x = strength(t, source) if kind == "own_str" else t.tokens.get(source, {}).get("gold", 0) if kind == "own_gold" \
        else sum(1 for c, ip in t.in_play.items() if ip.controller == seat and not ip.duplicate_of
                 and t.card(c).type == "character" and trait in {w.casefold() for w in traits_of(t, c)})
    if (cost := t.printed_cost(t.card(card))) > x:
        v.violate("ability.target", (card, source), card=t.ref(card), source=t.ref(source),
                  why=msg("ability.target.x-bound", x=x, cost=cost))


#: How many lines after its cost an ability's effect may come (Joffrey's faction card knelt between them).
COST_REACH = 3


def check_lower_than_cost(t: Table, v: Checker, action: Action, card: str, source: str) -> None:
    """RR: Targeting: the effect's card "with a lower printed cost" than the card its cost named (``cost_ref``;
    ``Card.lower_than_cost``: Joffrey Baratheon, Obara Sand) costs less than it."""
    ref = t.cost_ref.get(source)
    if not t.card(source).lower_than_cost or ref is None or ref[0] == card or t.version - ref[1] > COST_REACH:
        return
    if (cost := t.printed_cost(t.card(card))) >= (most := t.printed_cost(t.card(ref[0]))):
        v.violate("ability.target", (card, source), card=t.ref(card), source=t.ref(source),
                  why=msg("ability.target.lower-than-cost", other=t.ref(ref[0]), most=most, cost=cost))


def note_cost_ref(t: Table, action: Action) -> None:
    """The card the line's ability cost names, for its effect (``check_lower_than_cost``): the first line of its cost
    action naming the card's ability as ``source``, not its effect's lines just after it."""
    source, card = getattr(action, "source", None), getattr(action, "card", None)
    if not isinstance(source, str) or not isinstance(card, str) or source not in t.where or card == source:
        return
    ref = t.cost_ref.get(source)
    # the cost's own kind of line; another cost of the same ability on itself aside ("kneel Tower of the Hand and
    # return a participating [lannister] character to your hand": the character)
    if t.card(source).lower_than_cost and action.type in ("kneel", "return_to_hand", "sacrifice") \
            and (ref is None or t.version - ref[1] > COST_REACH):
        t.cost_ref[source] = (card, t.version)


def note_target(t: Table, action: Action) -> None:
    """One more line in a row by which an ability affected its targets (``check_target``)."""
    line = target_line(action)
    run = t.target_run
    if line is None or line[2] not in t.where or not (any(x[0] == line[0] for x in t.card(line[2]).targets) or (
            line[0] == "kneel" and t.card(line[2]).chooses_total_str is not None) or (
            (t.card(line[2]).chooses_total_cost or ("",))[0] == line[0])):
        t.target_run = None
        return
    same = run is not None and run[:2] == (line[2], line[0]) and run[2] + 1 == t.version
    earlier = run[3] if same and run is not None else ()
    t.target_run = (line[2], line[0], t.version, earlier if line[1] in earlier else (*earlier, line[1]))

def shadow_house_waived(t: Table, player: str, card: str) -> bool:
    """The card has the Shadow crest and the player's agenda (or a card of its in play) lets it ignore "House X
    only" for such cards (1st edition City of Shadows)."""
    return bool(t.card(card).shadow_costs) and any(
        t.card(c).house_only_shadow_waived for c in printed_cards(t, player))


def shadow_house_surcharge(t: Table, player: str, card: str) -> int:
    """City of Shadows: "Whenever you bring any card with a 'House X only' restriction that does not match your
    House card out of Shadows, pay 1 additional gold.": 1 for such a card, else 0."""
    return int(outside_house(t, player, card) and shadow_house_waived(t, player, card))


def outside_house(t: Table, player: str, card: str) -> bool:
    """The card says "House X only" and X is not the player's House."""
    house, faction = t.card(card).house_only, t.players[player].faction
    return house is not None and faction is not None and faction.lower() != house


def check_house_only(t: Table, v: Checker, player: str, card: str) -> None:
    """1st edition "House Lannister only.": a player of another House neither plays nor marshals it (RR: Golden
    Rule: the card's text)."""
    if outside_house(t, player, card) and not shadow_house_waived(t, player, card):
        v.violate("card.house-only", (card,), card=t.ref(card), house=str(t.card(card).house_only).capitalize(),
                  player=t.players[player].name)


#: Where a card still lies unseen, not yet taken into the game from its deck (draw deck, hand, plot deck).
_UNUSED = (Zone.DECK, Zone.HAND, Zone.PLOTS)


def check_restricted(t: Table, v: Checker, card: str) -> None:
    """A deck holds at most one card of the restricted list (any number of copies of it; Tournament Regulations):
    the header's deck has no line of its own, so the line that first takes a second restricted card of it into the
    game (set up, chosen as a plot, marshalled, played) is flagged, the first one left alone."""
    restricted = t.restricted_codes()
    inst = t.instances.get(card)
    if inst is None or inst.code not in restricted or t.zone_of(card) not in _UNUSED:
        return
    owner = t.players[inst.owner]
    used = sorted({t.instance(c).code for z in Zone if z not in _UNUSED for c in owner.zones[z]
                   if t.instance(c).code in restricted and t.instance(c).code != inst.code})
    if used:
        v.violate("deck.restricted", (card,), card=t.ref(card), player=owner.name,
                  other=t.cards[used[0]].name)


def check_banner_loyal(t: Table, v: Checker, card: str) -> None:
    """A loyal card of the faction whose cards the owner's Banner lets in only when non-loyal ("You may include
    non-loyal [stark] cards in your deck.": Banner of the Wolf; RR: Loyal) cannot be in the deck: the header's deck has
    no line of its own, so a line that takes it into the game (as ``check_restricted``) is flagged. Without a Banner
    of its faction nothing is read (the deck's factions are not judged)."""
    inst = t.instances.get(card)
    if inst is None or t.zone_of(card) not in _UNUSED or not t.card(card).loyal:
        return
    owner, faction = t.players[inst.owner], t.card(card).faction
    if owner.faction is None or faction == owner.faction:  # a deck of no faction recorded: nothing known
        return
    for agenda in owner.zones[Zone.AGENDA]:
        if t.card(agenda).non_loyal_of == faction:
            v.violate("deck.banner-loyal", (card, agenda), source=t.ref(agenda), player=owner.name, card=t.ref(card))
            return


def check_events_barred(t: Table, v: Checker, player: str, card: str) -> None:
    """A card of the player's whose text counts forbids events in a challenge of this type ("You cannot play events
    during [intrigue] or [power] challenges.": Sea of Blood; RR: Golden Rule)."""
    ch = current_challenge(t)
    if ch is None or t.phase is not Phase.CHALLENGES or t.card(card).type != "event":
        return
    for source in printed_cards(t, player):
        if ch.kind in t.card(source).no_events_during:
            v.violate("event.barred-during", (card, source), source=t.ref(source), player=t.players[player].name,
                      kind=msg(f"challenge.kind.{ch.kind}"), card=t.ref(card))
            return


def challenges_met(t: Table, player: str, need: str) -> bool:
    """The player's challenges of this round's challenges phase meet one of an event's asks
    (``Card.play_if_challenges``): "lost:any:defender" one lost as the defender, "won:intrigue:attacker" an [intrigue]
    one won as the attacker, "won_unopposed:2" two won unopposed."""
    mine = [ch for ch in t.challenges if ch.round == t.round and ch.winner is not None]
    if need.startswith("won_unopposed:"):
        return sum(ch.winner == player and ch.unopposed for ch in mine) >= int(need.split(":")[1])
    outcome, kind, side = need.split(":")
    return any((ch.winner == player) == (outcome == "won") and (kind == "any" or ch.kind == kind)
               and (ch.attacker if side == "attacker" else ch.defender) == player for ch in mine)


def check_play_only(t: Table, v: Checker, player: str, card: str) -> None:
    """An event's printed play restriction (RR: Play Restrictions and Permissions): the one phase its abilities name
    ("Challenges Action:"; 1st edition "Dominance:"; RR: Actions), "Play only during a [military]
    challenge." (and "… in which you are the defending player", "… you initiated"), "Play only if you are (not)
    the first player."."""
    c = t.card(card)
    if c.type == "event" and c.play_phase is not None and t.phase.value != c.play_phase:
        v.violate("event.play-phase", (card,), card=t.ref(card), phase=Phase(c.play_phase))
    if c.play_during is not None:
        ch = current_challenge(t)
        kind = None if c.play_during == "challenge" else c.play_during
        under_way = ch is not None and t.phase is Phase.CHALLENGES and (kind is None or ch.kind == kind)
        side = None if ch is None else ch.defender if c.play_side == "defender" else ch.attacker
        if not under_way or (c.play_side is not None and side != player):
            v.violate("event.play-during", (card,), card=t.ref(card),
                      when=msg(f"event.during.{c.play_during}.{c.play_side or 'any'}"))
    if c.play_first is not None and t.first_player is not None and (t.first_player == player) != c.play_first:
        v.violate("event.play-first", (card,), card=t.ref(card),
                  when=msg("event.first" if c.play_first else "event.not-first"))
    if c.play_if_control is not None and not controls_such(t, player, c.play_if_control):
        v.violate("event.play-if-control", (card,), card=t.ref(card), player=t.players[player].name)
    if c.play_if_used is not None and sum(not c.play_if_used[0] or c.play_if_used[0] in t.card(u).traits
                                          for u in t.players[player].zones[Zone.USED]) < c.play_if_used[1]:
        # As Hard as Winter: "Play only if there is a Winter plot card in your used pile."
        v.violate("event.play-if-used", (card,), card=t.ref(card), player=t.players[player].name)
    if c.play_if_challenges and not all(challenges_met(t, player, need) for need in c.play_if_challenges):
        # Serve. Obey. Protect.: "Play only if you have lost a challenge as the defending player this phase." (the
        # challenges phase comes once a round)
        v.violate("event.play-if-challenges", (card,), card=t.ref(card), player=t.players[player].name)
    if c.type == "event" and c.cancels is not None and c.cancels[1] == ("event",) and not any(
            p != player or c.cancels[0] == "any" for p in t.window_events):
        # The Hand's Judgment: "When the effects of an opponent's event would initiate, cancel those effects.": an
        # event is always written as played, so with none just played there are no such effects to cancel.
        v.violate("event.cancel-no-event", (card,), card=t.ref(card), player=t.players[player].name)
    if c.type == "event" and c.reacts_to is not None:
        check_reactions_barred(t, v, card, c.reacts_to)
    if c.type == "event" and c.reacts_to is not None and c.reacts_to[0] != "out_of_shadows_self" \
            and not trigger_due(t, player, card, c.reacts_to):  # (coming out of shadows is its play itself)
        words = reaction_words(c.reacts_to, c.won_with)
        v.violate("event.reaction-trigger", (card,), card=t.ref(card), player=t.players[player].name,
                  trigger=words["trigger"], kind=words["kind"], by=words["by"], side=words["side"])


#: The reactions a revealed Rationing bars: "Players cannot trigger reactions to winning or losing challenges."
CHALLENGE_RESULTS = ("win_challenge", "lose_challenge", "unopposed", "lose_unopposed")


def check_reactions_barred(t: Table, v: Checker, card: str, trigger: tuple[str, str, int, str]) -> None:
    """``ability.reactions-barred``: a reaction to winning or losing a challenge while a revealed plot (anyone's) says
    "Players cannot trigger reactions to winning or losing challenges." (Rationing; RR: Golden Rule)."""
    if trigger[0] in CHALLENGE_RESULTS and (plots := revealed_plots_that(t, "no_challenge_reactions")):
        v.violate("ability.reactions-barred", (card, plots[0]), card=t.ref(card), plot=t.ref(plots[0]))


def reaction_words(trigger: tuple[str, str, int, str], won_with: tuple[str, str, str] | None = None
                   ) -> dict[str, Param]:
    """A reaction's trigger in the reader's words: "after you win a challenge", " ([military])", ", by 5 or more
    STR", ", as the attacking player", ", in which you control an attacking Bastard character"."""
    event, kind, by, side = trigger
    if won_with is not None and event in ("win_challenge", "unopposed"):
        words = reaction_words(trigger)
        which = (f"[{won_with[1]}] " if won_with[1] else "") + (" / ".join(won_with[2].split("|")) + " "
                                                              if won_with[2] else "")
        return {**words, "side": msg("event.react.join", first=words["side"],
                                     then=msg(f"event.react.with.{won_with[0]}", which=which))}
    if event == "killed_named":  # the titles, not a challenge type
        return {"trigger": msg("event.react.killed_named", names=" / ".join(kind.split("|"))), "kind": "", "by": "",
                "side": ""}
    if event == "event_played":  # the event's Trait, not a challenge type
        said = msg("event.react.event_played.trait", trait=kind) if kind else msg("event.react.event_played")
        return {"trigger": said, "kind": "", "by": "", "side": ""}
    if event == "phase_begins":  # the phase, not a challenge type
        return {"trigger": msg("event.react.phase_begins", phase=Phase(kind)), "kind": "", "by": "", "side": ""}
    if event == "out_of_shadows_any":  # whose card, in which phase: not a challenge type
        during = msg("event.react.in_phase", phase=Phase(kind)) if kind else ""
        return {"trigger": msg(f"event.react.out_of_shadows_any.{side or 'any'}", during=during), "kind": "", "by": "",
                "side": ""}
    if event == "power_gained_such":  # the kind of character: a faction, Traits
        faction, traits = kind.split(";")
        which = (f"[{faction}] " if faction else "") + (" / ".join(traits.split("|")) + " " if traits else "")
        return {"trigger": msg(f"event.react.power_gained_such.{side or 'any'}", which=which), "kind": "", "by": "",
                "side": ""}
    if event == "killed_such":  # the kind of character: unique, a faction, Traits
        unique, faction, traits = kind.split(";")
        which = (f"[{faction}] " if faction else "") + (" / ".join(traits.split("|")) + " " if traits else "")
        key = f"event.react.killed_such.{'unique.' if unique else ''}{side or 'any'}"
        return {"trigger": msg(key, which=which), "kind": "", "by": "", "side": ""}
    if side == "any":  # "after a player wins a challenge"
        return {**reaction_words((event, kind, by, "")), "trigger": msg(f"event.react.{event}.any")}
    if "|" in kind:  # "[military] or [intrigue]"
        kinds = " / ".join(f"[{msg(f'challenge.kind.{k}')}]" for k in kind.split("|"))
        return {**reaction_words((event, "", by, side)), "kind": msg("event.react.kinds", kinds=kinds)}
    return {"trigger": msg(f"event.react.{event}"), "kind": msg(f"event.react.kind.{kind}") if kind else "",
            "by": msg("event.react.by", n=by) if by else "", "side": msg(f"event.react.side.{side}") if side else ""}


def reaction_due(t: Table, player: str, trigger: tuple[str, str, int, str]) -> bool:
    """The result an event's only reaction waits for has just happened for the player (RR: Triggered Abilities; 1st
    edition "Response: After you …"; "After a player wins …": for whoever won): dominance determined this phase, or
    the round's latest challenge decided and no other challenge initiated since (a challenge recorded as one entry
    counts until the next one)."""
    event, kind, by, side = trigger
    if event.endswith("_dominance"):
        if t.phase is not Phase.DOMINANCE or t.round not in t.dominance or t.dominance[t.round] is None:
            return False
        return (t.dominance[t.round] == player) == (event == "win_dominance")
    last = t.challenges[-1] if t.challenges else None
    if t.phase is not Phase.CHALLENGES or last is None or last.round != t.round or last.winner is None \
            or last.stage not in (Stage.RESOLVED, Stage.ENDED):
        return False
    if side == "any":  # 1st edition Maester Creylen: "After a player wins an Intrigue challenge": whoever won (lost)
        player = last.winner if event in ("win_challenge", "unopposed") else \
            last.defender if last.winner == last.attacker else last.attacker
        side = ""
    if player not in (last.attacker, last.defender):
        return False
    if (last.winner == player) != (event not in ("lose_challenge", "lose_unopposed")) \
            or (event in ("unopposed", "lose_unopposed") and not last.unopposed):
        return False
    if (kind and last.kind != kind) or (side and (last.attacker if side == "attacker" else last.defender) != player):
        return False
    if by and len(last.strength) == 2:
        winner = last.strength[last.winner]
        loser = last.strength[last.defender if last.winner == last.attacker else last.attacker]
        return winner - loser >= by
    return True


#: Triggers read about the card itself or its controller (challenged, its plot revealed, an opponent's income):
#: ``own_trigger_due``.
OWN_TRIGGERS = ("attached_self", "challenge_against", "challenge_initiated", "reveal_plot", "opponent_income",
                "declared_self_attacker", "declared_self_defender", "killed_named", "killed_such", "phase_begins",
                "str_raised_self", "out_of_shadows_self", "first_player", "claim_killed", "out_of_shadows_any",
                "event_played", "power_gained_self", "power_gained_such", "power_moved_faction")


def trigger_due(t: Table, player: str, source: str, trigger: tuple[str, str, int, str]) -> bool:
    """The trigger of the card ``source``'s only reaction has just happened for the player."""
    if trigger[0] in OWN_TRIGGERS:
        due = own_trigger_due(t, player, source, trigger[0], trigger[1], trigger[3])
    else:
        due = reaction_due(t, player, trigger) and won_with_such(t, player, t.card(source).won_with)
    return due and reaction_condition_holds(t, player, source)


def reaction_condition_holds(t: Table, player: str, source: str) -> bool:
    """A card's reaction asks more than its trigger: "… if you control a Warship location" (1st edition Victarion
    Greyjoy: ``Card.react_if_control``), "… if you have fewer cards in hand than the losing opponent" (Ser Barristan
    Selmy: ``Card.react_if_fewer_cards``; judged where both hands are counted), "… in which Knight of Flowers attacked
    or defended alone" (``Card.won_alone``). An event's is left to its play."""
    c = t.card(source)
    if c.type == "event":
        return True
    if c.react_if_control is not None and not controls_such(t, player, c.react_if_control):
        return False
    last = t.challenges[-1] if t.challenges else None
    if c.won_alone is not None and not took_part_alone(t, player, source, c.won_alone):
        return False
    if c.react_if_fewer_cards and last is not None and last.winner == player:
        loser = last.defender if player == last.attacker else last.attacker
        if t.players[player].counts_known and t.players[loser].counts_known:
            return hand_count(t, player) < hand_count(t, loser)
    return True


def took_part_alone(t: Table, player: str, card: str, sides: str) -> bool:
    """In the round's last challenge the card was the only character on the player's side, a side ``sides`` names
    ("attacking", "attacking or defending"): its reaction's "… in which Knight of Flowers attacked or defended alone"
    (1st edition; 2nd edition "… is attacking alone"; the card's words: RR: Golden Rule). A challenge recorded as
    one entry keeps no characters: not judged."""
    last = t.challenges[-1] if t.challenges else None
    if last is None or not last.attackers:
        return True
    if player == last.attacker:
        return last.attackers == [card]
    return player == last.defender and "defending" in sides and last.defenders == [card]


def check_then_self(t: Table, v: Checker, action: Action) -> None:
    """RR: Golden Rule (the card's "Then"): the card's own stand (kneel) naming it as ``source``, right after its
    ability's line on the character it chose (``TableState.last_effect``), where its "Then, if that character is a
    Captain, stand Maiden's Bane." (``Card.then_self_if_trait``) finds that character without such a Trait."""
    source, card = getattr(action, "source", None), getattr(action, "card", None)
    if not isinstance(source, str) or card != source or source not in t.in_play:
        return
    then = t.card(source).then_self_if_trait
    last = t.last_effect
    if then is None or action.type != then[0] or last is None or last[0] != source or last[2] + 1 != t.version \
            or last[1] not in t.in_play:
        return
    if not {fold(w) for w in then[1].split("|")} & {fold(w) for w in traits_of(t, last[1])}:
        v.violate("ability.then-trait", (source, last[1]), card=t.ref(source), chosen=t.ref(last[1]),
                  traits=" / ".join(then[1].split("|")))


def check_then_more_cards(t: Table, v: Checker, action: Action) -> None:
    """RR: Golden Rule (the card's condition on its effect): a line of the card's effect naming it as ``source`` (its
    return, kill or draw) while its controller has no more cards in hand than the other player ("If you have more
    cards in hand than that character's controller, return it to its owner's hand.": Red Keep Spy; ``Card.
    then_if_more_cards``): the other is the affected card's controller, or in a game of two the opponent. Only where
    both hands are counted."""
    source, card = getattr(action, "source", None), getattr(action, "card", None)
    if not isinstance(source, str) or source not in t.in_play or not t.card(source).then_if_more_cards \
            or action.type not in ("return_to_hand", "kill", "draw", "draw_cards") or card == source:
        return
    me = t.controller(source)
    other = t.controller(card) if isinstance(card, str) and card in t.in_play else None
    if other in (None, me):
        others = [s for s in t.seats if s != me]
        other = others[0] if len(others) == 1 else None
    if other is None or not (t.players[me].counts_known and t.players[other].counts_known):
        return
    mine, theirs = hand_count(t, me), hand_count(t, other)
    if mine <= theirs:
        v.violate("ability.then-more-cards", (source,), card=t.ref(source), player=t.players[me].name, mine=mine,
                  other=t.players[other].name, theirs=theirs)


def check_then_power(t: Table, v: Checker, action: Action) -> None:
    """RR: Golden Rule (the card's "Then"): its action on another card in play naming it as ``source``, where its
    "Then, if Ser Jaime Lannister has more power on him than that character has STR, discard that character"
    (``Card.then_if_power_over_str``) finds no more power on it than that card's STR now."""
    source, card = getattr(action, "source", None), getattr(action, "card", None)
    if not isinstance(source, str) or not isinstance(card, str) or card == source or source not in t.in_play \
            or card not in t.in_play or t.card(source).then_if_power_over_str != action.type:
        return
    power, str_now = t.tokens_on(source).get("power", 0), strength(t, card)
    if power <= str_now:
        v.violate("ability.then-power", (source, card), card=t.ref(source), chosen=t.ref(card), power=power,
                  strength=str_now)


def condition_words(c: Card) -> Param:
    """A card's reaction condition (``reaction_condition_holds``) in the reader's words, after its trigger's ("" where
    it has none)."""
    parts: list[Param] = []
    if c.react_if_control is not None:
        which = "".join(f"{w} " for w in (f"[{c.react_if_control[0]}]" if c.react_if_control[0] else "",
                                              " / ".join(c.react_if_control[3])) if w)
        parts.append(msg("event.react.if_control", which=which, type=type_name(c.react_if_control[4][0])))
    if c.react_if_fewer_cards:
        parts.append(msg("event.react.if_fewer_cards"))
    if c.won_alone is not None:
        parts.append(msg(f"event.react.alone.{'either' if 'defending' in c.won_alone else 'attacking'}"))
    if not parts:
        return ""
    return parts[0] if len(parts) == 1 else msg("event.react.join", first=parts[0], then=parts[1])


def won_with_such(t: Table, player: str, wanted: tuple[str, str, str] | None) -> bool:
    """The challenge just won holds a character of the player's as its reaction asks ("… in which you control an
    attacking Bastard character": The Red Viper): on that side, of that faction, with one of those Traits (a
    "House Tully" Trait or the 1st edition's House or crest counts). A challenge recorded as one entry keeps no
    characters: not judged."""
    last = t.challenges[-1] if t.challenges else None
    if wanted is None or last is None or not last.attackers:
        return True
    side, faction, traits = wanted
    own = last.attackers if player == last.attacker else last.defenders
    mine = own if side == "participating" or player == last.attacker else []
    for card in mine:
        c = t.card(card)
        held = {x.casefold() for x in (*(traits_of(t, card) if card in t.in_play else c.traits), *c.crests,
                                       *c.factions)}
        held |= {f"house {x}" for x in c.factions} | {f"name:{fold(c.name)}"}  # Jon Snow: "… Jon Snow or Ghost …"
        if (not faction or faction in c.factions) and (
                not traits or any(w.casefold() in held for w in traits.split("|"))):
            return True
    return False


def used_own_trigger(t: Table, player: str, source: str | None, *, one_card: bool = False) -> None:
    """The card's response to an attachment played on it (or to its controller's plot revealed, or to its own
    marshal) has been used, once for that attachment (that plot, that marshal)."""
    trigger = t.card(source).reacts_to if source is not None else None
    if source is None or trigger is None or trigger[0] not in ("attached_self", "reveal_plot", "marshal_self",
                                                               "first_player"):
        return
    p = t.players[player]
    if trigger[0] != "marshal_self" or not (one_card and continues_trigger(t, player, source)):
        count_this_round(t.round, p, f"trigger-used:{source}")
    if one_card:  # a `draw` line of one card: the next such line may go on with the same use (Littlefinger's 2)
        p.round_counts[f"trigger-at:{source}"] = (t.round, t.version)
    else:
        p.round_counts.pop(f"trigger-at:{source}", None)


def note_trigger_use(t: Table, action: Action) -> None:
    """A line naming as its source a card in play whose reaction answers each card come out of shadows (1st edition
    Ser Arys Oakheart) is one use of it, unless the line before named it too with another action (its cost, then its
    effect: "kneel The Black Cells to choose …")."""
    source = getattr(action, "source", None)
    if not isinstance(source, str) or source not in t.in_play or (t.card(source).reacts_to or ("",))[0] \
            != "out_of_shadows_any":
        return
    p = t.players[t.in_play[source].controller]
    before = (t.round, t.version - 1)
    if not any(k.startswith(f"trigger-at:{source}:") and k != f"trigger-at:{source}:{action.type}" and at == before
               for k, at in p.round_counts.items()):
        count_this_round(t.round, p, f"trigger-used:{source}@{t.phase.value}")
    p.round_counts[f"trigger-at:{source}:{action.type}"] = (t.round, t.version)


def continues_trigger(t: Table, player: str, source: str) -> bool:
    """The line right before this one used the same card's reaction: the same use, one card a `draw` line."""
    return t.players[player].round_counts.get(f"trigger-at:{source}") == (t.round, t.version - 1)


def own_trigger_due(t: Table, player: str, source: str, event: str, names: str = "", side: str = "") -> bool:
    """A trigger about the card itself or its controller has just happened for the player: an attachment the player
    played on it this round not yet answered by it ("Response: After a player plays an attachment on Sansa Stark,
    that player may draw a card."), a challenge just declared against the player, defenders not yet declared
    ("Response: After a challenge is declared against you, bring Moat Cailin out of shadows."), or the player's plot
    revealed this round, in the plot phase ("Each time you reveal a plot card, draw a card.": Golden Tooth Mines), or
    an opponent's income collected in its marshaling turn ("Reaction: After an opponent collects income, …")."""
    p = t.players[player]
    if event == "phase_begins":  # "After the dominance phase begins": in that phase (how long ago is not judged)
        return t.phase.value == names
    if event == "killed_named":  # a card of one of those titles lies in a dead pile (killed now, or before: lenient)
        wanted = {fold(n) for n in names.split("|")}
        return any(fold(t.card(c).name) in wanted for q in t.players.values() for c in q.zones[Zone.DEAD])
    if event == "killed_such":  # such a character lies in a dead pile (killed now, or before: lenient), its
        # owner's where the player's own is meant ("one of your unique characters": Retreat)
        unique, faction, traits = names.split(";")
        wanted = {fold(w) for w in traits.split("|") if w}
        return any(t.card(c).type == "character" and (not unique or t.card(c).unique)
                   and (not faction or faction in t.card(c).factions)
                   and (not wanted or bool(wanted & {fold(w) for w in (*t.card(c).traits, *t.card(c).crests)}))
                   for seat, q in t.players.items() if side != "own" or seat == player for c in q.zones[Zone.DEAD])
    if event.startswith("declared_self_"):  # it is on that side of this round's last challenge (one recorded step
        # by step; one recorded as one entry says nothing)
        last = t.challenges[-1] if t.challenges else None
        if last is None or last.round != t.round or t.phase is not Phase.CHALLENGES:
            return False
        return not last.attackers or source in (last.attackers if event.endswith("attacker") else last.defenders)
    if event == "str_raised_self":
        # Randyll Tarly: a recorded +STR on it by a card effect since its last use; an attachment played on it may
        # raise its STR by its printed text, which the log does not say: read as an increase (lenient).
        return counted_this_round(t.round, p, f"str-raised:{source}") + counted_this_round(
            t.round, p, f"attached-on:{source}") > counted_this_round(t.round, p, f"trigger-used:{source}")
    if event == "attached_self":
        return counted_this_round(t.round, p, f"attached-on:{source}") > counted_this_round(
            t.round, p, f"trigger-used:{source}")
    if event == "out_of_shadows_self":  # it came out of shadows this round (how long ago is not judged: lenient)
        return counted_this_round(t.round, p, f"out-of-shadows:{source}") > 0
    if event == "out_of_shadows_any":  # "After a card (you control) comes out of shadows (during the … phase)": once
        # for each card come out this phase (how many lines ago is not judged), in the phase it names
        phase = t.phase.value
        outs = sum(counted_this_round(t.round, q, f"out-of-shadows@{phase}") for seat, q in t.players.items()
                   if side != "own" or seat == player)
        return (not names or phase == names) and outs > counted_this_round(t.round, p, f"trigger-used:{source}@{phase}")
    if event == "reveal_plot":  # in the plot phase, once for the plot the player revealed this round
        return t.phase is Phase.PLOT and p.revealed_round == t.round and not counted_this_round(
            t.round, p, f"trigger-used:{source}")
    if event == "claim_killed":  # this round's last challenge, a military one, its claim applied (which characters
        # it killed is not judged: lenient); "during a challenge you initiated": the player attacked
        last = t.challenges[-1] if t.challenges else None
        return t.phase is Phase.CHALLENGES and last is not None and last.round == t.round \
            and last.kind == "military" and last.claim_applied and (side != "attacker" or last.attacker == player)
    if event == "first_player":  # in the plot phase, once the player is chosen first player this round, once
        return t.phase is Phase.PLOT and t.first_chosen_round == t.round and t.first_player == player \
            and not counted_this_round(t.round, p, f"trigger-used:{source}")
    if event == "power_gained_self":  # its power rose since the round's last step
        return source in t.power_gained
    if event == "power_moved_faction":  # power moved to the player's faction card since the round's last step
        return player in t.power_moved
    if event == "power_gained_such":  # such a character's power rose since the round's last step (its controller's
        # where "you control" is printed)
        faction, traits = names.split(";")
        wanted = {fold(w) for w in traits.split("|") if w}
        return any(card in t.in_play and t.card(card).type == "character"
                   and (not faction or faction in t.card(card).factions)
                   and (not wanted or bool(wanted & {fold(w) for w in traits_of(t, card)}))
                   and (side != "own" or t.in_play[card].controller == player) for card in t.power_gained)
    if event == "event_played":  # an event the player played in this window (which one, its Trait: not judged)
        return player in t.window_events
    if event == "opponent_income":  # an opponent's marshaling turn, its income collected: "After an opponent …"
        active = t.active_player
        return (t.phase is Phase.MARSHALING and active is not None and active != player
                and t.players[active].income_round == t.round)
    last = t.challenges[-1] if t.challenges else None
    if last is None or event not in ("challenge_against", "challenge_initiated"):
        return False
    # "After an [intrigue] challenge is initiated" (by anyone: Tyrion Lannister), "After you initiate a challenge"
    # (side "attacker"), 1st edition "After an opponent declares a challenge" ("defender"), "… initiates a [military]
    # challenge against you" (challenge_against): that challenge just initiated, defenders not yet declared
    whose = last.defender if event == "challenge_against" or side == "defender" \
        else last.attacker if side == "attacker" else player
    return (t.phase is Phase.CHALLENGES and last.round == t.round and whose == player
            and last.stage is Stage.ATTACKERS and (not names or last.kind in names.split("|")))


def controls_such(t: Table, player: str, wanted: tuple[str, bool, bool, tuple[str, ...], tuple[str, ...]]) -> bool:
    """The player controls a card in play of these types, faction, traits (any one), unique and standing as asked."""
    faction, standing, unique, traits, types = wanted
    for cid, ip in t.in_play.items():
        c = t.card(cid)
        if ip.controller != player or ip.duplicate_of or c.type not in types:
            continue
        if (faction and c.faction != faction) or (unique and not c.unique) or (standing and ip.kneeling):
            continue
        if not traits or set(traits) & traits_of(t, cid):
            return True
    return False


def event_moment(t: Table, card: str) -> tuple[str, int, str, int]:
    """An event's play as ``Player.events_played`` keeps it: its title, the round, the phase, the challenges so far."""
    return (t.card(card).title_key, t.round, t.phase.value, len(t.challenges))


def check_additional_type(t: Table, v: Checker, action: Action) -> None:
    """RR: Golden Rule: an additional challenge naming as ``source`` a card that gives one of "a different challenge
    type" than a challenge won (Coordinated Attack "After you win a challenge as the attacking player, choose a
    different challenge type. You may initiate an additional challenge of the chosen type this phase.") is of a type
    other than one its player has won as the attacker this round; which win chose it is not asked."""
    source, kind = getattr(action, "source", None), getattr(action, "kind", None)
    player = getattr(action, "player", None)
    if action.type != "initiate_challenge" or not isinstance(source, str) or source not in t.where \
            or not isinstance(player, str) or not t.card(source).additional_other_type:
        return
    if not any(c.kind != kind for c in t.challenges if c.round == t.round and c.attacker == player == c.winner):
        v.violate("challenge.additional-type", (source,), source=t.ref(source), player=t.players[player].name,
                  kind=msg(f"challenge.kind.{kind}"))


def check_faction_cost(t: Table, v: Checker, player: str, card: str) -> None:
    """RR: Costs: an event whose cost kneels its player's faction card ("Action: Kneel your faction card to draw X
    cards.": Secret Schemes, ``Card.faction_cost``) is not played while that card kneels. The cost may have a
    `kneel_faction` line of its own: right before the event's (the card knelt just now is that cost), or right after
    it, where this player's table has written such a cost after its event before (that line is then judged:
    ``faction.kneel-already``)."""
    p = t.players[player]
    if not t.card(card).faction_cost or not p.faction_kneeling \
            or p.round_counts.get("faction-knelt-at") == (t.round, t.version - 1) \
            or "faction-cost-after" in p.round_counts:
        return
    v.violate("event.faction-cost", (card,), card=t.ref(card), player=p.name)


def note_faction_cost(t: Table, player: str, card: str | None) -> None:
    """The line's event (``card``) has a faction card cost, or the line kneels the player's faction card (None): the
    moments ``check_faction_cost`` reads."""
    p = t.players[player]
    if card is not None:
        if t.card(card).faction_cost:
            p.round_counts["faction-cost-event-at"] = (t.round, t.version)
        return
    if p.round_counts.get("faction-cost-event-at") == (t.round, t.version - 1):
        p.round_counts["faction-cost-after"] = (t.round, 1)
    p.round_counts["faction-knelt-at"] = (t.round, t.version)


def check_no_further_cards(t: Table, v: Checker, player: str, card: str) -> None:
    """1st edition Mammoth Riders: "After you play Mammoth Riders, you cannot play any further cards from your hand
    this round." (``Card.last_from_hand``): a card its player marshals or plays from hand after it that round (a hidden
    hand's card is named as it is played)."""
    p = t.players[player]
    played = [key.split(":", 1)[1] for key, (rnd, n) in p.round_counts.items()
              if key.startswith("last-from-hand:") and rnd == t.round and n]
    if played:
        v.violate("hand.no-further-cards", (card, played[0]), card=t.ref(card), by=t.ref(played[0]), player=p.name)


def check_play_max(t: Table, v: Checker, player: str, card: str) -> None:
    """An event's "(Max 1 per round.)" / "(Max 1 per challenge.)" (1st edition "Limit 1 per phase."): that many plays
    of its title by the player in that span (RR: Max X per [period])."""
    c = t.card(card)
    if c.play_max is None or c.play_max_per is None:
        return
    title, rnd, phase, challenges = event_moment(t, card)
    same = [p for p in t.players[player].events_played if p[0] == title and p[1] == rnd
            and (c.play_max_per == "round" or p[2] == phase)
            and (c.play_max_per != "challenge" or (p[3] == challenges and current_challenge(t) is not None))]
    if len(same) >= c.play_max:
        v.violate("event.play-max", (card,), card=t.ref(card), count=c.play_max,
                  per=msg(f"event.per.{c.play_max_per}"))


def ability_use_key(t: Table, action: Action) -> tuple[Player, str, int, str, str] | None:
    """Where a use of the ability of the card named as the action's ``source`` is counted, when that card limits its
    ability ("(Limit twice per round.)"; 1st edition Bran Stark "(Limit 3 times per round.)"): its owner, the key, the
    limit, the period ("round", "phase" or "challenge"), the card. Each action type the ability records is one use (a
    draw, a new plot); the card is the one the line names, or the one it stands for (``Action.ability_source``)."""
    source = action.ability_source(t)
    if source is None or source not in t.instances or constant_str_line(t, action):
        return None
    c = t.card(source)
    limit, per = c.play_max, c.play_max_per
    if c.type != "event" and limit is None and implied_once(t, source):
        limit, per = 1, "round"
    if c.type == "event" or limit is None or per not in ("round", "phase", "challenge"):
        return None  # an event's "Max" is its plays (``check_play_max``)
    # "Limit once per challenge." (1st edition Corrupt Contender): the round's latest challenge, under way or just won
    span = t.phase.value if per == "phase" else (f"challenge{len(t.challenges)}" if per == "challenge" else "")
    # A draw is one action type whether the line names the card drawn or only counts it.
    kind = "Draw" if action.type in DRAW_ACTIONS else type(action).__name__
    key = f"ability-used:{source}:{kind}:{span}"
    return t.players[t.instance(source).owner], key, limit, per, source


def constant_str_line(t: Table, action: Action) -> bool:
    """A STR modifier naming as ``source`` a card whose text changes others' STR constantly (``Card.str_unread``:
    Melisandre's "Each participating character without shadow gets -1 STR."): the constant's line, neither a choice
    its other abilities make nor a use of their limit."""
    source = getattr(action, "source", None)
    return action.type == "modify" and getattr(action, "stat", None) == "str" and isinstance(source, str) \
        and source in t.instances and getattr(action, "card", None) != source and t.card(source).str_unread


def implied_once(t: Table, source: str) -> bool:
    """A card whose every triggered ability answers dominance's result (``Card.dominance_reactions``), after dominance
    was determined this round: it triggers once, as dominance is determined once a round, so each of its effects
    resolves once (RR: Golden Rule; RR: Appendix I › 5.2 Determine dominance); no printed limit needed."""
    return t.card(source).dominance_reactions and t.phase is Phase.DOMINANCE and t.round in t.dominance


def check_ability_limit(t: Table, v: Checker, action: Action) -> None:
    """A card's ability used more often than its printed limit allows in the round (or phase), counted by the lines
    that name the card as their ``source`` (RR: Golden Rule: card text); a reaction to dominance's result used again
    for the same result (``implied_once``): ``ability.once-per-trigger``."""
    use = ability_use_key(t, action)
    if use is not None and counted_this_round(t.round, use[0], use[1]) >= use[2] and not continues_use(t, use, action):
        if t.card(use[4]).play_max is None:
            v.violate("ability.once-per-trigger", (use[4],), card=t.ref(use[4]))
            return
        v.violate("ability.limit", (use[4],), card=t.ref(use[4]), count=use[2], per=msg(f"event.per.{use[3]}"))


#: The lines a card's action may pay its cost with from the card itself: kneel it, return it to its hand, sacrifice
#: it, discard gold or power from it ("Marshaling Action: Discard 1 gold from Brightwater Knight to …").
SELF_COSTS = ("kneel", "return_to_hand", "sacrifice", "remove_tokens")


def check_ability_phase(t: Table, v: Checker, source: str | None, action: Action) -> None:
    """A card's triggered ability whose every label names one phase ("Dominance Action: Kneel The Tickler to …",
    "Marshaling Action: Kneel Lannisport Merchant to …"; 1st edition "Marshalling: Kneel to …") paid for by kneeling the
    card itself, returning it to its hand ("Dominance Action: Return Messenger Raven to your hand to draw 1 card."),
    sacrificing it or discarding tokens from it (``SELF_COSTS``), naming it as ``source``, in another phase (RR:
    Actions: "… may only be initiated during that phase"). Other lines naming a card as source may carry its keywords
    (insight, intimidate), which know no phase; events are judged as they are played (``event.play-phase``). The effect
    of such an ability on its target, naming the card as ``source``, is judged too where the card's one phase label
    leads its every triggered ability and the action is one its text chooses a target for (1st edition Ser Ilyn Payne
    "Marshalling: Kneel Ser Ilyn Payne to choose and kill a character with STR 2 or lower": its kill in the challenges
    phase), its kneel unrecorded. ``source``: the card whose use the line is (``triggered_use``). A draw naming a card
    whose draw's phase is read (``Card.draws_in_phase``) is judged by the draw's own check (``check_draw_source``).
    Its one action's "If you are (not) the first player, …" (``Card.play_first``) binds its controller the same way
    (``ability.first-player``)."""
    if source is None:
        return
    c = t.card(source)
    # a draw's phase is judged by the draw's own check; its "If you are the first player" here (Iron Gate)
    drawn = action.type in DRAW_ACTIONS and c.draws_in_phase is not None
    if not drawn and c.type != "event" and c.play_phase is not None and t.phase.value != c.play_phase \
            and printed(t, source) is not None:
        v.violate("ability.phase", (source,), card=t.ref(source), phase=Phase(c.play_phase))
    # "Challenges Action: If you are the first player, kneel Raiding Longship to …": "you", the card's controller.
    user = t.in_play[source].controller if source in t.in_play else None
    if c.type != "event" and c.play_first is not None and t.first_player is not None and user is not None \
            and (t.first_player == user) != c.play_first and printed(t, source) is not None:
        v.violate("ability.first-player", (source,), card=t.ref(source), player=t.players[user].name,
                  when=msg("event.first" if c.play_first else "event.not-first"))


#: The lines a card's keyword writes naming it as ``source`` (RR: Insight, Intimidate, Assault, Pillage, Renown): not
#: a use of its triggered abilities.
KEYWORD_LINES = {"insight": ("draw", "draw_cards"), "intimidate": ("kneel",), "assault": ("kneel",),
                 "pillage": ("discard", "discard_from_deck"), "renown": ("gain_power",)}


def triggered_use(t: Table, action: Action) -> str | None:
    """The card whose triggered ability the line is a use of, as far as the log shows it: the line pays its cost on
    the card named as ``source`` itself (``SELF_COSTS``: kneel it, return it to hand, sacrifice it, discard tokens
    from it), or its effect on itself alone (``Card.self_only``: Bronn "Marshaling Action: Pay 1 gold to take control
    of Bronn."; "Corrupt Contender gets +10 STR …"), or is an effect on a target of a kind its text chooses
    (``Card.targets``), or is any effect on another card (a STR ``modify`` aside) of a card in play whose every
    triggered ability is an action under one phase label (Harrenhal's "Challenges Action: Kneel Harrenhal to put a
    [lannister] … character into play from your hand."). Other lines naming a source may be its keywords' or its
    constant abilities' (insight, a printed STR bonus): None for those."""
    source = getattr(action, "source", None)
    if source is None:
        return None
    if source == getattr(action, "card", None) and (
            action.type in SELF_COSTS or action.type in t.card(source).self_only):  # Bronn: "take control of Bronn"
        return str(source)
    if action.type == "draw_cards" and phase_drawer(t.card(str(source))):
        return str(source)
    # an agenda's action too (Assault from the Shadows: "Marshaling Action: Kneel your faction card to …")
    c = t.card(source) if source in t.in_play or t.zone_of(source) is Zone.AGENDA else None
    if c is not None and c.action_only and c.play_phase is not None and c.type != "event" \
            and getattr(action, "card", None) != source and action.type != "modify" \
            and not any(action.type in KEYWORD_LINES.get(k, ()) for k in c.keywords) \
            and not (action.type in KEYWORD_LINES["insight"]  # insight a card in play gives (``check_draw_source``)
                     and insight_given(t, t.controller(source))):
        return str(source)
    effect = target_line(action)
    if effect is None or source not in t.in_play:
        return None
    if effect[1] == source and effect[0] in t.card(source).self_only:
        return str(source)  # 1st edition Corrupt Contender "Challenges: Corrupt Contender gets +10 STR …" on itself
    if not any(x[0] == effect[0] for x in t.card(source).targets):
        return None
    return str(source)


def insight_given(t: Table, seat: str) -> bool:
    """Something of the seat's whose text counts gives a character insight ("Attached character gains insight.":
    ``Card.grants_insight``): a draw may name any of its characters as its source."""
    return any(t.card(c).grants_insight for c in printed_cards(t, seat))


def phase_drawer(c: Card) -> bool:
    """A card whose every triggered ability names one phase and draws in it ("Challenges Action: Kneel The Shadow City
    and discard 1 card from shadows to draw 2 cards."; its draw's phase as ``Card.draws_in_phase`` reads it, the one
    reading): a draw naming it is a use of that ability. Not where another draw may name it without one: its insight
    (own or given) or a draw-phase count."""
    return (c.type != "event" and c.play_phase is not None and c.draws_in_phase is not None
            and "insight" not in c.keywords and not c.grants_insight and not c.draw_phase)


def check_abilities_forbidden(t: Table, v: Checker, action: Action, used: str | None) -> None:
    """1st edition Burning Bridges: "Players cannot trigger abilities on character, location, and attachment cards in
    play." (``Card.no_card_abilities``, any player's revealed plot): a line that is such a card's triggered ability
    (``triggered_use``), or a draw naming one whose text draws by a triggered ability (not by insight, a keyword)."""
    source = used
    drawn_by = getattr(action, "source", None) if action.type == "draw_cards" else None
    if source is None and isinstance(drawn_by, str) and drawn_by in t.in_play:
        c = t.card(drawn_by)
        source = drawn_by if c.draws and not c.draws_by_insight and (
            c.reacts_to or c.play_phase or c.action_only) else None
    if source is None or source not in t.in_play or t.card(source).type not in ("character", "location", "attachment"):
        return
    for plot in revealed_plots_that(t, "no_card_abilities"):
        v.violate("plot.no-abilities", (source, plot), card=t.ref(source), plot=t.ref(plot))


def check_silenced_source(t: Table, v: Checker, source: str | None) -> None:
    """A card's own triggered ability used by an opponent of a participating Catelyn Stark ("While Catelyn Stark is
    participating in a challenge, your opponents cannot trigger card abilities."): a line that is its use
    (``triggered_use``) naming as source a card in play whose every triggered ability is an action or its one
    reaction (Selyse Baratheon's "Challenges Action: Pay 1 gold to choose a [baratheon] character …"), judged as an
    event played then is (``check_silenced``)."""
    if source is None or source not in t.in_play or t.card(source).type == "event":
        return
    c = t.card(source)
    if (c.action_only or c.trigger_only) and printed(t, source) is not None:
        check_silenced(t, v, t.in_play[source].controller, source)


#: The action types of a draw: `draw` names the card drawn, `draw_cards` counts them.
DRAW_ACTIONS = ("draw", "draw_cards")


def continues_use(t: Table, use: tuple[Player, str, int, str, str], action: Action) -> bool:
    """The line follows a line of the same use at once and names another card, and the ability acts on several
    (``Card.limit_each``: "stand each character you control": Robb Stark, one `stand` line a card), or names the
    same card and a value the use has not yet changed on it (Syrio Forel: "that character gains a [military] icon
    and stealth", one `modify` line a value): one use, not a use more. A draw's lines at once after a draw of the
    same card are one use too ("draw 2 cards" written as one `draw` line a card)."""
    player, key = use[0], use[1]
    card = getattr(action, "card", None)
    run = player.round_counts.get(f"{key}:run")
    just_before = player.round_counts.get(f"{key}:at") == (t.round, t.version - 1)
    if action.type in DRAW_ACTIONS and just_before:
        return True
    if not isinstance(card, str) or run is None or not just_before:
        return False
    if run == (t.round, t.version - 1) and card != use[4] and player.round_counts.get(f"{key}:{use[4]}") == run:
        # The line before paid the cost on the card itself, this one is its effect, of the same kind, on another
        # (1st edition Ser Jaime Lannister: "Kneel Ser Jaime Lannister to choose and kneel 1 non-Army character").
        return True
    if player.round_counts.get(f"{key}:{card}") != run:  # (an implied once: its effect on several cards, one a line)
        return t.card(use[4]).limit_each or t.card(use[4]).play_max is None
    stat = getattr(action, "stat", None)
    return isinstance(stat, str) and player.round_counts.get(f"{key}:{card}:{stat}") != run


def count_ability_use(t: Table, action: Action) -> None:
    """One more use of the ability of the card the action names as its ``source``, when that ability is limited;
    a line continuing the use just recorded (``continues_use``) is part of it."""
    use = ability_use_key(t, action)
    if use is None:
        return
    player, key = use[0], use[1]
    if not continues_use(t, use, action):
        count_this_round(t.round, player, key)
        player.round_counts[f"{key}:run"] = (t.round, t.version)
    player.round_counts[f"{key}:at"] = (t.round, t.version)
    if isinstance(card := getattr(action, "card", None), str):
        player.round_counts[f"{key}:{card}"] = player.round_counts[f"{key}:run"]
        if isinstance(stat := getattr(action, "stat", None), str):
            player.round_counts[f"{key}:{card}:{stat}"] = player.round_counts[f"{key}:run"]


#: The lines an ability paid by kneeling the faction card records, by the first word of what it does
#: (``Card.faction_kneel_to``): "… to draw 1 card", "… to put an attachment … into play", "… to reveal a Scheme plot".
FACTION_KNEEL_LINES = {"draw": DRAW_ACTIONS, "put": ("put_into_play",), "reveal": ("reveal_plot",),
                       "gain": ("gain_power", "gain_gold")}
#: A ``kneel_faction`` not yet spent on an ability naming its card as ``source`` (round, version).
FACTION_KNEEL_UNSPENT = "faction-kneel-unspent"


def faction_kneel_use(t: Table, action: Action) -> tuple[str, Player] | None:
    """(the card, the player whose faction card it kneels) where the line records a use of the card's ability paid by
    kneeling its player's faction card (``FACTION_KNEEL_LINES``)."""
    source = getattr(action, "source", None)
    if not isinstance(source, str) or source not in t.instances:
        return None
    if not any(action.type in FACTION_KNEEL_LINES.get(verb, ()) for verb in t.card(source).faction_kneel_to):
        return None
    seat = t.in_play[source].controller if source in t.in_play else t.instance(source).owner
    return source, t.players[seat]


def check_faction_kneel_cost(t: Table, v: Checker, action: Action) -> None:
    """RR: Kneel, Kneeling, Knelt: an ability whose cost kneels the faction card ("Kneel your faction card to draw 1
    card.": The Long Voyage; Valyrian Steel's put into play) used while that card kneels with no ``kneel_faction``
    left unspent for it: the cost cannot be paid. With the card standing its kneel may be unwritten: not judged."""
    use = faction_kneel_use(t, action)
    if use is None or not use[1].faction_kneeling:
        return
    source, p = use
    unspent = p.round_counts.get(FACTION_KNEEL_UNSPENT)
    if (unspent is not None and unspent[0] == t.round) \
            or p.round_counts.get(f"faction-kneel-used:{source}") == (t.round, t.version - 1):
        return  # paid now, or the next line of the use just paid for
    v.violate("faction.kneel-already", (source,), player=p.name)


def note_faction_kneel(t: Table, action: Action) -> None:
    """A ``kneel_faction`` is spent by the next use of an ability paid by it (``check_faction_kneel_cost``)."""
    if action.type == "kneel_faction" and isinstance(seat := getattr(action, "player", None), str):
        t.players[seat].round_counts[FACTION_KNEEL_UNSPENT] = (t.round, t.version)
    elif (use := faction_kneel_use(t, action)) is not None:
        use[1].round_counts.pop(FACTION_KNEEL_UNSPENT, None)
        use[1].round_counts[f"faction-kneel-used:{use[0]}"] = (t.round, t.version)


def check_plot_condition(t: Table, v: Checker, action: Action) -> None:
    """RR: Golden Rule: an ability whose effect resolves "if there is a Summer or Winter plot card revealed" (White
    Raven) or "if there are no Summer plot cards revealed" (Winter Festival) gains power, stands or draws
    (``Card.if_plots``) only while the revealed plots meet it; judged once each player with plots has one revealed."""
    source = getattr(action, "source", None)
    if not isinstance(source, str) or source not in t.where:
        return
    cond = t.card(source).if_plots
    if cond is None or action.type not in ((cond[2], "draw") if cond[2] == "draw_cards" else (cond[2],)):
        return
    seats = [s for s in t.seats if has_plots(t, s) and not t.players[s].eliminated]
    if not seats or any(revealed_plot(t, s) is None for s in seats):
        return
    when, traits, _ = cond
    shown = [p for s in seats if (p := revealed_plot(t, s)) is not None and set(traits) & set(t.card(p).traits)]
    if when == "a" and not shown:
        v.violate("ability.plot-needed", (source,), card=t.ref(source), traits=" / ".join(traits))
    elif when == "no" and shown:
        v.violate("ability.plot-barred", (source, shown[0]), card=t.ref(source), traits=" / ".join(traits),
                  plot=t.ref(shown[0]))


def check_amount_instead(t: Table, v: Checker, player: str, source: str | None, unit: str, amount: int) -> None:
    """RR: Golden Rule: the amount a gain or draw naming a card as ``source`` may take by that card's printed number:
    "X is the number of plot cards in your used pile" (``Card.x_used_plots``: Doran's Game), and N "(M instead if …)"
    (``Card.amount_instead``: Underground Vault, Dornish Fiefdom, Slaver's Bay Port, 13 gold and 16 other printings:
    more than M is flagged, and more than N where the table tells the condition does not hold)."""
    if source is None or source not in t.where:
        return
    c = t.card(source)
    if (x := c.x_used_plots) is not None and x[0] == unit:
        used = len(t.players[player].zones[Zone.USED])  # its player's, now; at most the maximum
        most = used if x[1] < 0 else min(used, x[1])
        if amount > most:
            v.violate("ability.amount", (source,), card=t.ref(source), amount=amount, unit=msg(f"amount.{unit}"),
                      most=most)
    if (found := c.amount_instead) is None or found[0] != unit or amount <= found[1]:
        return
    _, base, instead, when = found
    holds = instead_holds(t, player, when) if when else None
    if amount > instead:
        v.violate("ability.amount", (source,), card=t.ref(source), amount=amount, unit=msg(f"amount.{unit}"),
                  most=instead)
    elif holds is False:
        v.violate("ability.amount-if", (source,), card=t.ref(source), amount=amount, unit=msg(f"amount.{unit}"),
                  most=base, instead=instead, when=msg(f"amount.if.{when.partition(':')[0]}"))


def check_events_cap(t: Table, v: Checker, action: Action) -> None:
    """RR: Golden Rule: an event played by a player whom a card in play limits (``Card.events_cap``: White Sword
    Tower's "Each player that does not control a Kingsguard character cannot play more than 1 event each phase.",
    The Minstrel's Muse's "You cannot play more than 3 events this round.") beyond that many this phase (round)."""
    player = getattr(action, "player", None)
    if action.type not in ("play_event", "play_event_from_shadows") or not isinstance(player, str) \
            or player not in t.players:
        return
    for cid, ip in t.in_play.items():
        facts = printed(t, cid)
        if facts is None or facts.events_cap is None or ip.duplicate_of is not None:
            continue
        whom, trait, most, per = facts.events_cap
        if whom == "you" and ip.controller != player:
            continue
        if trait and any(c != cid and t.card(c).type == "character" and trait in traits_of(t, c)
                         for c in in_play_controlled(t, player)):
            continue
        played = [m for m in t.players[player].events_played
                  if m[1] == t.round and (per == "round" or m[2] == t.phase.value)]
        if len(played) >= most:
            v.violate("event.cap", (cid,), card=t.ref(cid), player=t.players[player].name, most=most,
                      per=msg(f"phase.{t.phase.value}") if per == "phase" else msg("round.word"))
            return


def check_power_kings_only(t: Table, v: Checker, cards: list[str]) -> None:
    """"Each non-King, non-Queen character cannot gain power." (Your King Commands It, anyone's: RR: Golden Rule)."""
    for plot in revealed_plots_that(t, "power_kings_only"):
        for card in cards:
            c = t.card(card)
            if c.type == "character" and not {"King", "Queen"} & set(traits_of(t, card)):
                v.violate("plot.power-kings-only", (card, plot), card=t.ref(card), plot=t.ref(plot))


def check_silenced(t: Table, v: Checker, player: str, card: str) -> None:
    """Catelyn Stark: "While Catelyn Stark is participating in a challenge, your opponents cannot trigger card
    abilities." An event's play triggers its ability (RR: Triggered Abilities; RR: Golden Rule: "cannot" is
    absolute): an opponent of her controller plays none while she participates, her text not blank. Judged before
    the challenge's result: a line after it may be in the window after the challenge has ended (RR: Appendix I ›
    4.2.6), which the log does not mark."""
    ch = current_challenge(t) if t.phase is Phase.CHALLENGES else None
    if ch is None or ch.stage not in (Stage.ATTACKERS, Stage.DEFENDERS):
        return
    blank = blanked(t)
    for cid in (*ch.attackers, *ch.defenders):
        if cid in t.in_play and cid not in blank and t.card(cid).silences_opponents \
                and t.in_play[cid].controller != player:
            v.violate("ability.silenced", (card, cid), card=t.ref(card), by=t.ref(cid),
                      player=t.players[player].name)


def check_participating_target(t: Table, v: Checker, player: str, card: str) -> None:
    """An event that chooses a participating character ("Choose a participating [stark] character.": For the
    North!) is not played while none is eligible (RR: Targeting: "If there are no eligible targets for an ability,
    that ability cannot be initiated"): of that faction, one the player controls where it says so."""
    c = t.card(card)
    if c.type != "event" or c.chooses_participating is None:
        return
    faction, own = c.chooses_participating
    ch = current_challenge(t) if t.phase is Phase.CHALLENGES else None
    candidates = [] if ch is None else [x for x in (*ch.attackers, *ch.defenders) if x in t.in_play]
    if not any((not faction or t.card(x).faction == faction) and (not own or t.in_play[x].controller == player)
               for x in candidates):
        v.violate("event.no-target", (card,), card=t.ref(card), player=t.players[player].name,
                  which=msg("event.target.faction", faction=msg(f"faction.{faction}")) if faction
                  else msg("event.target.any"), whose=msg("event.target.own") if own else "")


def check_side_target(t: Table, v: Checker, player: str, card: str) -> None:
    """An event that chooses a character by its side in the challenge ("Choose an attacking House Lannister
    character.": Insidious Ways; "Choose a [stark] character that is attacking alone.": "Wolf in the Night") is not
    played while none is eligible (RR: Targeting): one on that side of the challenge under way, of that faction, the
    player's own where it says so, and the only one on its side where it says "alone"."""
    c = t.card(card)
    if c.type != "event" or c.chooses_side is None:
        return
    side, faction, own = c.chooses_side
    ch = current_challenge(t) if t.phase is Phase.CHALLENGES else None
    on_side = [] if ch is None else [x for x in (ch.attackers if side.startswith("attacking") else ch.defenders)
                                       if x in t.in_play]
    if side.endswith("alone") and len(on_side) != 1:
        on_side = []
    if not any((not faction or t.card(x).faction == faction) and (not own or t.in_play[x].controller == player)
               for x in on_side):
        which = msg("event.target.faction", faction=msg(f"faction.{faction}")) if faction else msg("event.target.any")
        v.violate("event.no-side-target", (card,), card=t.ref(card), player=t.players[player].name,
                  which=msg(f"event.side.{side.replace(' ', '-')}", which=which,
                            whose=msg("event.target.own") if own else ""))


def check_kneel_target(t: Table, v: Checker, card: str) -> None:
    """A card that kneels itself to choose an attacking or defending character ("Kneel Castle Black to choose and
    stand a defending [thenightswatch] character."), during a challenge in which no character in play fits that
    choice: the ability has no eligible target and cannot be initiated (RR: Targeting), its cost is not paid. The card's
    own ability (``Card.targets``) beside an event's (``check_side_target``: ``Card.chooses_side``)."""
    facts = printed(t, card) if card in t.in_play and not t.in_play[card].kneeling else None
    wanted = [x for x in facts.targets if x[2] in ("attacking", "defending")] if facts is not None else []
    if not wanted or current_challenge(t) is None or t.phase is not Phase.CHALLENGES:
        return
    characters = [c for c, ip in t.in_play.items() if ip.duplicate_of is None and t.card(c).type == "character"]
    if any(target_misfit(t, verb, c, card) is None for c in characters for verb in {x[0] for x in wanted}):
        return
    v.violate("ability.no-target", (card,), card=t.ref(card), side=msg(f"ability.target.{wanted[0][2]}"))


def check_action_window(t: Table, v: Checker, card: str) -> None:
    """An event whose every ability is an action ("Action:", "Challenges Action:") is played in an action window
    only: none during setup, none in the plot phase before the plots are revealed and the first player chosen (RR:
    Action Windows; RR: Appendix I). 2nd edition; an event with a reaction or interrupt follows its trigger."""
    if not t.action_windows or not t.card(card).action_only:
        return
    step = window_waits_for(t)
    if step is not None:
        v.violate("event.no-action-window", (card,), card=t.ref(card), step=msg(step))


def check_used_plot_source(t: Table, v: Checker, action: Action) -> None:
    """A plot card in its owner's used pile named as a line's ``source``: the used pile is out of play, and no ability
    of a card out of play is active (RR: In Play and Out of Play); Rise of the Kraken's power after it went there."""
    source = getattr(action, "source", None)
    if isinstance(source, str) and source in t.where and t.zone_of(source) is Zone.USED \
            and t.card(source).type == "plot":
        v.violate("ability.source-used-plot", (source,), card=t.ref(source), player=t.players[t.where[source][0]].name)


def source_out_of_play(t: Table, v: Checker, source: str, rule: str) -> bool:
    """A card named as an effect's source still lies in a draw deck or plot deck, where no ability of it is active
    (RR: In Play and Out of Play): flagged with ``rule``; True then."""
    if t.zone_of(source) not in (Zone.DECK, Zone.PLOTS):
        return False
    v.violate(rule, (source,), card=t.ref(source), zone=place_name(t, source))
    return True
