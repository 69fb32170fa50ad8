"""What each person at the table may see. Views are the only way state leaves the engine.

A seat sees its own hand and its own shadows cards; opponents and spectators see
only positions, how long each card has been there, and its tokens (tokens are open
information). A judge sees everything.
"""

from __future__ import annotations

from typing import Any

from companion.catalog.card import PLOT_STATS
from companion.rules.actions.round import (
    WINNING_POWER,
    initiative_winner,
    plot_card,
    power_total,
    revealed_plot,
    winner,
)
from companion.rules.editions import Table
from companion.rules.state import Zone

JUDGE = "judge"
SPECTATOR = "spectator"


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


def sees_hidden(t: Table, viewer: str, seat: str) -> bool:
    """May ``viewer`` see the hidden cards (hand, shadows) in ``seat``'s areas?"""
    return viewer in (JUDGE, seat)


def role_of(t: Table, viewer: str) -> str:
    if viewer == JUDGE:
        return "judge"
    return "seat" if viewer in t.players else "spectator"


def view(t: Table, viewer: str) -> dict[str, Any]:
    """The table as ``viewer`` (a seat, "spectator" or "judge") may see it."""
    players = []
    for seat in t.seats:
        p = t.players[seat]
        open_to_viewer = sees_hidden(t, viewer, seat)
        shadows = []
        for cid in t.shadows(seat):
            slot = t.in_shadows[cid]
            entry: dict[str, Any] = {
                "position": slot.position,
                "rounds": t.round - slot.entered_round,
                "tokens": dict(t.tokens_on(cid)),
            }
            if open_to_viewer:
                entry["card"] = card_facts(t, cid)
            shadows.append(entry)
        hand: dict[str, Any] = {"count": len(p.zones[Zone.HAND])}
        if open_to_viewer:
            hand["cards"] = [card_facts(t, c) for c in p.zones[Zone.HAND]]
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
        players.append({
            "seat": seat,
            "name": p.name,
            "faction": p.faction,
            "gold": p.gold,
            "setup_gold_spent": p.setup_gold_spent,
            "tokens": dict(p.tokens),
            "hand": hand,
            "deck": {"count": len(p.zones[Zone.DECK])},
            "shadows": shadows,
            "play": play,
            "discard": [card_facts(t, c) for c in p.zones[Zone.DISCARD]],
            "dead": [card_facts(t, c) for c in p.zones[Zone.DEAD]],
            "removed": [card_facts(t, c) for c in p.zones[Zone.REMOVED]],
            "uniques_in_play": sorted({
                t.card(c).name for c in p.zones[Zone.PLAY]
                if t.card(c).unique and not t.in_play[c].duplicate_of
            }),
            "shadows_opportunity": p.shadows_opportunity if t.edition == "1e" else None,
            # The round: power, the plot deck (its cards for its owner only), the revealed plot's numbers.
            "power": power_total(t, seat),
            "faction_power": p.power,
            "plots": {"count": len(p.zones[Zone.PLOTS]), **({"cards": [
                {**card_facts(t, c), **{k: getattr(t.card(c), k) for k in PLOT_STATS}}
                for c in p.zones[Zone.PLOTS]]} if open_to_viewer else {})},
            "revealed_plot": revealed_plot(t, seat) and {
                **card_facts(t, revealed_plot(t, seat)),  # type: ignore[arg-type]
                **{k: getattr(plot_card(t, seat), k) for k in PLOT_STATS},
                "this_round": p.revealed_round == t.round,
            },
            "used_plots": [card_facts(t, c) for c in p.zones[Zone.USED]],
            "agenda": [card_facts(t, c) for c in p.zones[Zone.AGENDA]],
            "income_collected": p.income_round == t.round,
        })
    return {
        "edition": t.edition,
        "round": t.round,
        "phase": t.phase.value,
        "first_player": t.first_player,
        "active_player": t.active_player,
        "setup_gold": t.setup_gold,
        "version": t.version,
        "winner": winner(t),
        "initiative_winner": initiative_winner(t),
        "winning_power": WINNING_POWER,
        "viewer": {"role": role_of(t, viewer), "seat": viewer if viewer in t.players else None},
        "players": players,
    }


def visible_to(t: Table, card_id: str, viewer: str) -> bool:
    """May ``viewer`` know this card instance's identity now?"""
    if card_id not in t.instances:
        return False
    seat, zone = t.where[card_id]
    if zone in (Zone.HAND, Zone.SHADOWS, Zone.DECK, Zone.PLOTS):
        return sees_hidden(t, viewer, seat)
    return True


def alias(t: Table, card_id: str) -> str:
    """The public name of a hidden card: ``B:shadows#2``, ``B:hand`` or ``B:deck``."""
    seat, zone = t.where[card_id]
    if zone is Zone.SHADOWS:
        return f"{seat}:shadows#{t.in_shadows[card_id].position}"
    return f"{seat}:{zone.value}"


def resolve_alias(t: Table, ref: str) -> str | None:
    """``B:shadows#2`` -> the instance at that position, so opponents can name a face-down card."""
    seat, _, rest = ref.partition(":shadows#")
    if not rest or seat not in t.players or not rest.isdigit():
        return None
    for cid in t.players[seat].zones[Zone.SHADOWS]:
        if t.in_shadows[cid].position == int(rest):
            return cid
    return None


CARD_FIELDS = ("card", "attach_to")


def redact_entry(t: Table, entry: dict[str, Any], viewer: str) -> dict[str, Any]:
    """A log entry as ``viewer`` may see it: cards now hidden from the viewer are named by position only,
    and verdict details about them are withheld (even a rule id can give a card away)."""
    if viewer == JUDGE or entry.get("kind") not in ("action", "undo"):
        if entry.get("kind") == "deck" and viewer != JUDGE and entry["data"].get("seat") != viewer:
            deck = entry["data"].get("deck", {})
            return {**entry, "data": {"seat": entry["data"].get("seat"), "cards": sum(deck.values())}}
        return entry
    data = entry["data"] if entry["kind"] == "action" else entry["data"].get("action", {})
    hidden = [f for f in CARD_FIELDS if isinstance(data.get(f), str) and data[f] in t.instances
              and not visible_to(t, data[f], viewer)]
    if not hidden:
        return entry
    shown = {k: (alias(t, v) if k in hidden else v) for k, v in data.items()}
    out = {**entry, "data": shown if entry["kind"] == "action" else {**entry["data"], "action": shown}}
    if out.get("verdict") is not None:
        out["verdict"] = {"legal": None, "applied": True, "violations": [], "notes": [], "hidden": True}
    return out
