"""What each person at the table may see. Views are the only way state leaves the engine.

A seat sees its own hand and its own shadows cards; opponents and spectators see
only positions, how long each card has been there, and its tokens (tokens are open
information). A judge sees everything.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.catalog.card import PLOT_STATS, Card
from companion.rules.actions import REGISTRY
from companion.rules.actions.base import Action, card_fields, card_list_fields
from companion.rules.actions.round import (
    WINNING_POWER,
    gone_to_time,
    initiative_winner,
    power_total,
    revealed_plot,
    winner,
)
from companion.rules.editions import Table
from companion.rules.roles import JUDGE, SPECTATOR, Role, RoleKind
from companion.rules.state import Zone
from companion.rules.values import deck_count, hand_count, winning_power
from companion.rules.verdict import Verdict, msg

__all__ = ["JUDGE", "SPECTATOR", "Role", "RoleKind"]

#: Zones whose cards only their seat (and the judge) may know.
HIDDEN_ZONES = (Zone.HAND, Zone.SHADOWS, Zone.DECK, Zone.PLOTS)
#: The piles every viewer sees of every seat, as each player's view names them (the page lists them in this order).
PUBLIC_PILES = ("discard", "dead")



def card_facts(t: Table, card_id: str) -> dict[str, Any]:
    inst = t.instances[card_id]
    c = t.cards[inst.code]
    return {
        "id": card_id,
        "code": c.code,
        "name": c.name,
        "type": c.type,
        "copy": inst.copy,
        "owner": inst.owner,
        "unique": c.unique,
        "cost": c.cost,
        "shadow_costs": list(c.shadow_costs),
    }


@dataclass(frozen=True, slots=True)
class Public:
    """What every viewer of a table sees alike (``public_view``): the table's round and counters, and each seat's
    open parts. It holds nothing hidden, so every viewer's view of one version may share it; nobody changes it."""

    table: dict[str, Any]
    seats: dict[str, dict[str, Any]]


def view(t: Table, viewer: Role, public: Public | None = None) -> dict[str, Any]:
    """The table as ``viewer`` may see it: the public parts (``public``, if made already for this version), and the
    hidden cards of each seat whose hidden cards the viewer sees."""
    shared = public_view(t) if public is None else public
    players = [_opened(t, seat, part) if viewer.sees_hidden_of(seat) else part
               for seat, part in shared.seats.items()]
    return {**shared.table, "viewer": viewer.to_dict(), "players": players}


def _opened(t: Table, seat: str, public: dict[str, Any]) -> dict[str, Any]:
    """A seat's part of the view for one who sees its hidden cards: its public part, with what is hidden shown."""
    p = t.players[seat]
    hidden = {
        # Face-down setup cards are secret until the reveal: what they cost would tell which they are.
        "setup_gold_spent": p.setup_gold_spent,
        "hand": {**public["hand"], "cards": [
            # A setup card placed face down stays in the hand until the reveal: the row says it lies on the table.
            {**card_facts(t, c), "note": msg("handSetupFaceDown")} if c in p.setup_face_down else card_facts(t, c)
            for c in p.zones[Zone.HAND]]},
        "shadows": [{**entry, "card": card_facts(t, cid)}
                    for entry, cid in zip(public["shadows"], t.shadows(seat), strict=True)],
        "plots": {**public["plots"], "cards": [
            {**card_facts(t, c), **{k: getattr(t.card(c), k) for k in PLOT_STATS}} for c in p.zones[Zone.PLOTS]]},
    }
    out = {}
    for key, value in public.items():  # the keys in the public part's order, as every view has them
        out[key] = hidden[key] if key in hidden else value  # noqa: SIM401  # (not ``get``: a call for every key)
        if key == "plot_chosen":  # which plot is chosen: its seat (and the judge) only
            out["plot_choice"] = p.plot_chosen
    return out


def public_view(t: Table) -> Public:
    """The parts of a view every viewer sees alike (see ``Public``); a seat's hidden cards stay out of it."""
    seats = {}
    for seat in t.seats:
        p = t.players[seat]
        shadows = []
        for cid in t.shadows(seat):
            slot = t.in_shadows[cid]
            shadows.append({
                "position": slot.position,
                "rounds": t.round - slot.entered_round,
                "tokens": dict(t.tokens_on(cid)),
            })
        # Counts: cards drawn but not named yet are in the hand, not the deck; "tracked" is False once a
        # card was taken as drawn that no recorded draw covered (the page then says "not tracked").
        tracked = p.counts_known and len(p.zones[Zone.DECK]) >= p.drawn_unnamed + p.gone_unnamed
        play = []
        for cid in p.zones[Zone.PLAY]:
            ip = t.in_play[cid]
            play.append({
                **card_facts(t, cid),
                "controller": ip.controller,
                "kneeling": ip.kneeling,
                "attached_to": ip.attached_to,
                "duplicate_of": ip.duplicate_of,
                "tokens": dict(t.tokens_on(cid)),
            })
        plot = revealed_plot(t, seat)  # asked once, not at each of its facts
        plot_facts = t.card(plot) if plot else None
        seats[seat] = {
            "seat": seat,
            "name": p.name,
            "faction": p.faction,
            "gold": p.gold,
            "setup_gold_spent": p.setup_gold_spent if t.setup_revealed else None,  # its seat's: ``_opened``
            "tokens": dict(p.tokens),
            # A card set up face down lies on the table, not in the hand (the rules keep it in the hand's zone
            # until the reveal): the count every viewer reads leaves it out.
            "hand": {"count": hand_count(t, seat) - len(p.setup_face_down), "tracked": tracked,
                     "unnamed": p.drawn_unnamed},
            "deck": {"count": deck_count(t, seat), "tracked": tracked},
            # How many cards the seat has set up face down (never which): every viewer sees them lie on the table.
            "setup_face_down": len(p.setup_face_down),
            "shadows": shadows,
            "play": play,
            "discard": [card_facts(t, c) for c in p.zones[Zone.DISCARD]],
            "dead": [card_facts(t, c) for c in p.zones[Zone.DEAD]],
            "removed": [card_facts(t, c) for c in p.zones[Zone.REMOVED]],
            "uniques_in_play": sorted({
                t.card(c).name for c in p.zones[Zone.PLAY]
                if t.card(c).unique and not t.in_play[c].duplicate_of
            }),
            "shadows_opportunity": p.shadows_opportunity if t.beginning_of_phase_shadows else None,
            # The round: power, the plot deck (its cards for its owner only), the revealed plot's numbers.
            "power": power_total(t, seat),
            "winning_power": winning_power(t, seat),  # 15, or as an agenda changes it (The Rangers: 17)
            "faction_power": p.power,
            "faction_kneeling": p.faction_kneeling,
            "plots": {"count": len(p.zones[Zone.PLOTS])},
            "revealed_plot": plot and {
                **card_facts(t, plot),
                **{k: getattr(plot_facts, k) for k in PLOT_STATS},
                "this_round": p.revealed_round == t.round,
                "stats": plot_stats(t, plot_facts),
                "tokens": dict(t.tokens_on(plot)),
            },
            # A plot chosen face down: that it is chosen is public, which one only its seat (and the judge) knows.
            "plot_chosen": p.plot_chosen is not None,
            "used_plots": [card_facts(t, c) for c in p.zones[Zone.USED]],
            "agenda": [card_facts(t, c) for c in p.zones[Zone.AGENDA]],
            "income_collected": p.income_round == t.round,
            # This round's taxation: the unspent gold returned to the treasury and kept (None before it is returned).
            "gold_returned": p.gold_returned if p.gold_returned_round == t.round else None,
            "gold_kept": p.gold_kept if p.gold_returned_round == t.round else None,
        }
    return Public({
        "edition": t.edition,
        "round": t.round,
        "phase": t.phase._value_,  # (``value`` is a property, a call: asked for every view)
        # The piles every viewer sees of every seat, in the order the page lists them (each player's own field).
        "public_piles": PUBLIC_PILES,
        "first_player": t.first_player,
        # 1st edition: the beginning-of-phase chance to come out of Shadows is still open (public).
        "shadows_window": t.shadows_window_open if t.beginning_of_phase_shadows else None,
        "active_player": t.active_player,
        "setup_gold": t.setup_gold,
        "version": t.version,
        "winner": winner(t),
        # Events: time called ends the game after this round's taxation; dominance per round (public).
        "time_called": t.time_called,
        "gone_to_time": gone_to_time(t),
        "dominance": {str(r): seat for r, seat in sorted(t.dominance.items())},
        # This round's challenges (public), with the follow-ups already applied.
        "challenges": [{"kind": c.kind, "attacker": c.attacker, "defender": c.defender, "winner": c.winner,
                        "unopposed": c.unopposed, "claim": c.claim, "rewarded": list(c.rewarded)}
                       for c in t.challenges if c.round == t.round],
        "initiative_winner": initiative_winner(t),
        "winning_power": WINNING_POWER,
    }, seats)


def plot_stats(t: Table, card: Card | None) -> dict[str, Any] | None:
    """A plot's printed numbers as a line of the catalogue ("Gold 4 · Initiative 9 · Claim 1 · Reserve 6")."""
    if card is None:
        return None
    values = {k: "–" if getattr(card, k) is None else getattr(card, k) for k in PLOT_STATS}
    return msg("plotStats" if t.has_reserve else "plotStats1e", **values)


def visible_to(t: Table, card_id: str, viewer: Role) -> bool:
    """May ``viewer`` know this card instance's identity now?"""
    if card_id not in t.instances:
        return False
    seat, zone = t.where[card_id]
    if zone in HIDDEN_ZONES:
        return viewer.sees_hidden_of(seat)
    return True


def alias(t: Table, card_id: str) -> str:
    """The public name of a hidden card: ``B:shadows#2``, ``B:hand`` or ``B:deck``."""
    seat, zone = t.where[card_id]
    if zone is Zone.SHADOWS:
        return f"{seat}:shadows#{t.in_shadows[card_id].position}"
    return f"{seat}:{zone.value}"


ALIAS = re.compile(r"(?P<seat>.{1,40}):shadows#(?P<position>[0-9]{1,3})")


def parse_alias(ref: str) -> tuple[str, int] | None:
    """``B:shadows#2`` -> ("B", 2); anything else -> None."""
    m = ALIAS.fullmatch(ref)
    return (m["seat"], int(m["position"])) if m else None


def resolve_alias(t: Table, ref: str) -> str | None:
    """``B:shadows#2`` -> the instance at that position, so opponents can name a face-down card."""
    parsed = parse_alias(ref)
    if parsed is None or parsed[0] not in t.players:
        return None
    seat, position = parsed
    for cid in t.players[seat].zones[Zone.SHADOWS]:
        if t.in_shadows[cid].position == position:
            return cid
    return None


# -- what an entry keeps hidden, decided when it is written ------------------------------------


@dataclass(frozen=True, slots=True)
class Glimpse:
    """Where every card was just before an action, and what the action shows (``Action.reveals``): enough to seal
    its log entry afterwards."""

    where: dict[str, tuple[str, Zone]]
    positions: dict[str, int]
    shown: dict[str, frozenset[str] | None]

    @staticmethod
    def of(t: Table, action: Action | None = None) -> Glimpse:
        shown = action.reveals(t) if action is not None else {}
        return Glimpse(dict(t.where), {cid: s.position for cid, s in t.in_shadows.items()}, shown)


def _hidden_alias(before: Glimpse, after: Table, cid: str,
                  shown: dict[str, frozenset[str] | None] | None = None) -> tuple[str, list[str]] | None:
    """If the card was hidden both before and after the action: its public alias and the seats that may know it.
    A card that was (or became) face up was seen by everyone; a card the action ``shown`` to everyone too, and one
    it showed to some seats is known to them as well as to its own."""
    if cid not in before.where or cid not in after.where:
        return None
    seat_b, zone_b = before.where[cid]
    seat_a, zone_a = after.where[cid]
    if zone_b not in HIDDEN_ZONES or zone_a not in HIDDEN_ZONES:
        return None
    to = (shown or {}).get(cid, frozenset())
    if to is None:
        return None
    if zone_b is Zone.SHADOWS:
        name = f"{seat_b}:shadows#{before.positions[cid]}"
    elif zone_a is Zone.SHADOWS:
        name = f"{seat_a}:shadows#{after.in_shadows[cid].position}"
    else:
        name = f"{seat_b}:{zone_b.value}"
    return name, sorted(({seat_b} if seat_a == seat_b else set()) | set(to))


def seal(before: Glimpse, after: Table, action: Action, verdict: Verdict | None) -> dict[str, Any]:
    """What of an action's entry stays hidden, and from whom, as it was when the entry was written: where its cards
    lay before and after it, and what the action itself shows (``Action.reveals``, read on the table before it
    was applied: ``before.shown``).

    A log entry is redacted by this seal for ever after: where the card lies later does not matter
    (a card marshalled face up and later put into shadows keeps its public name in the old entry)."""
    shown = before.shown
    named = [] if verdict is None else [cid for cards in [*(x.cards for x in verdict.violations),
                                                          *(n.cards for n in verdict.notes)] for cid in cards]
    return _sealed([(name, getattr(action, name)) for name in card_fields(action)],
                   [(name, getattr(action, name) or []) for name in card_list_fields(action)], named,
                   lambda cid: _hidden_alias(before, after, cid, shown))


def _sealed(cards: list[tuple[str, Any]], lists: list[tuple[str, list[Any]]], named: list[str],
            hidden: Callable[[str], tuple[str, list[str]] | None]) -> dict[str, Any]:
    """A seal (``seal``) of an entry's card fields, its card-list fields and the cards its verdict names: each card
    ``hidden`` gives an alias and the seats that may know it is named by that alias for everyone else."""
    fields: dict[str, Any] = {}
    for name, cid in cards:
        found = hidden(cid) if isinstance(cid, str) else None
        if found is not None:
            fields[name] = {"alias": found[0], "seats": found[1]}
    for name, ids in lists:
        aliases = [hidden(cid) if isinstance(cid, str) else None for cid in ids]
        if any(a is not None for a in aliases):
            # A list naming hidden cards: each by its position for those who may not see it (as one field's value).
            seats = set.intersection(*[set(a[1]) for a in aliases if a is not None])
            fields[name] = {"alias": [a[0] if a else cid for a, cid in zip(aliases, ids, strict=True)],
                            "seats": sorted(seats)}
    verdict_seats: set[str] = set()
    verdict_hidden = False
    for cid in named:
        found = hidden(cid)
        if found is not None:
            verdict_hidden = True
            verdict_seats.update(found[1])
    out: dict[str, Any] = {}
    if fields:
        out["fields"] = fields
    if verdict_hidden or fields:
        # Seats that may read the verdict: those who see every hidden card it or the action names.
        readers = set(verdict_seats) if verdict_hidden else None
        for f in fields.values():
            readers = set(f["seats"]) if readers is None else readers & set(f["seats"])
        out["verdict_seats"] = sorted(readers or ())
    return out


def reseal_taken_back(entry: dict[str, Any], t: Table) -> dict[str, Any]:
    """An entry taken back (an undone action, or its undo) shows nothing its move showed: each card it names that lies
    hidden now is sealed as its position now, for its owner only, and so is a verdict naming one. A card brought out
    of shadows with too little gold, the move undone, named the card face down again to every phone for ever (a
    newcomer trial). The entry's own seal still hides what it hid; the chain keeps the entry as written."""
    kind = entry.get("kind")
    data = entry.get("data") or {}
    action = data if kind == "action" else data.get("action") or {}
    cls = REGISTRY.get(action.get("type", "")) if isinstance(action, dict) else None
    if cls is None:
        return entry
    sealed = entry.get("seal") or {}
    old = sealed.get("fields") or {}

    def now_hidden(cid: str) -> tuple[str, list[str]] | None:
        if cid not in t.instances or t.where[cid][1] not in HIDDEN_ZONES:
            return None
        return alias(t, cid), [t.where[cid][0]]

    named = [cid for part in ("violations", "notes") for x in (entry.get("verdict") or {}).get(part) or []
             for cid in x.get("cards") or []]
    more = _sealed([(name, action.get(name)) for name in card_fields(cls) if name not in old],
                   [(name, ids) for name in card_list_fields(cls)
                    if name not in old and isinstance(ids := action.get(name), list)], named, now_hidden)
    if not more:
        return entry
    # The fields sealed when written keep their seal; the verdict's readers are those of both seals.
    readers = set(more["verdict_seats"])
    if "verdict_seats" in sealed:
        readers &= set(sealed["verdict_seats"])
    return {**entry, "seal": {**sealed, "fields": {**old, **more.get("fields", {})}, "verdict_seats": sorted(readers)}}


def shown_param(value: Any, viewer: Role, t: Table | None = None) -> Any:
    """A verdict's placeholder value as ``viewer`` may read it. A card reference keeps its instance id for
    the judge only; others get the name, or, where ``t`` (the table now) says they may not see the card,
    its position ("B's shadows #2"). Entries of the log are sealed instead (``t`` None): their verdict is
    withheld whole from anyone who may not see every hidden card it names."""
    if viewer.sees_all:
        return value
    if isinstance(value, list):
        return [shown_param(v, viewer, t) for v in value]
    if not isinstance(value, dict):
        return value
    if "msg" in value:
        return {k: shown_param(v, viewer, t) for k, v in value.items()}
    cid = value.get("card")
    if t is not None and isinstance(cid, str) and not visible_to(t, cid, viewer):
        return hidden_ref(t, cid)
    return {"name": value.get("name")}


def hidden_ref(t: Table, card_id: str) -> dict[str, Any]:
    """A face-down card as a placeholder value: its position, never its name or instance."""
    if card_id not in t.instances:
        return {"msg": "aCard"}
    seat, zone = t.where[card_id]
    if zone is Zone.SHADOWS:
        return {"msg": "ref.shadows", "seat": seat, "position": t.in_shadows[card_id].position}
    return {"msg": "ref.hidden", "seat": seat, "zone": {"msg": f"zone.{zone.value}"}}


def shown_verdict(verdict: dict[str, Any], viewer: Role, t: Table | None = None) -> dict[str, Any]:
    """A verdict (``Verdict.to_dict()``) as ``viewer`` reads it: see ``shown_param``."""
    if viewer.sees_all:
        return verdict

    def item(i: dict[str, Any]) -> dict[str, Any]:
        if "params" not in i:  # written before the catalogue held the rules' text
            return i
        cards = [c if t is None or visible_to(t, c, viewer) else alias(t, c) for c in i.get("cards", [])]
        return {**i, "params": {k: shown_param(v, viewer, t) for k, v in i["params"].items()}, "cards": cards}

    return {**verdict, "violations": [item(v) for v in verdict.get("violations", [])],
            "notes": [item(n) for n in verdict.get("notes", [])]}


HIDDEN_VERDICT: dict[str, Any] = {"legal": None, "applied": True, "violations": [], "notes": [], "hidden": True}


def _sees(viewer: Role, seats: list[str]) -> bool:
    return any(viewer.sees_hidden_of(seat) for seat in seats)


def redact_entry(entry: dict[str, Any], viewer: Role) -> dict[str, Any]:
    """A log entry as ``viewer`` may see it, by the seal written with it: hidden cards are named by
    their position at the time, and a verdict that names a hidden card is withheld (even a rule id can
    give a card away)."""
    kind = entry.get("kind")
    if viewer.sees_all:
        return entry
    out = {k: v for k, v in entry.items() if k != "seal"}
    if kind == "deck":
        if not viewer.sees_hidden_of(entry["data"].get("seat", "")):
            deck = entry["data"].get("deck", {})
            # How many cards is public (the draw deck's count is on the table); the deck's name and list are not.
            out["data"] = {"seat": entry["data"].get("seat"), "cards": sum(deck.values()),
                           **{k: entry["data"][k] for k in ("draw", "plots") if k in entry["data"]}}
        return out
    if kind not in ("action", "undo", "request"):
        return out
    sealed = entry.get("seal") or {}
    fields = sealed.get("fields", {})
    data = entry["data"] if kind == "action" else entry["data"].get("action", {})
    if fields:
        shown = {k: (fields[k]["alias"] if k in fields and not _sees(viewer, fields[k]["seats"]) else v)
                 for k, v in data.items()}
        out["data"] = shown if kind == "action" else {**entry["data"], "action": shown}
    if "verdict_seats" in sealed and not _sees(viewer, sealed["verdict_seats"]) and out.get("verdict") is not None:
        out["verdict"] = dict(HIDDEN_VERDICT)
    elif out.get("verdict") is not None:
        out["verdict"] = shown_verdict(out["verdict"], viewer)
    return out
