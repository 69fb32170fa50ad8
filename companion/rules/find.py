"""Finding a card at the table by name: the phone's search.

The same forgiving matcher as ``companion cards search`` (case, accents, typos, partial words, a missing
"The"), over the card instances the asker may see, ranked so that the card a player is most likely
holding comes first: a good match, then the asker's own cards in the zone the chosen action (or the
phase) takes them from. The opponent's hidden cards are left out before anything is matched, so
neither the rows nor their order depend on them.
"""

from __future__ import annotations

from typing import Any

from companion.catalog.card import fold
from companion.catalog.names import score_name
from companion.rules.editions import Table
from companion.rules.roles import Role
from companion.rules.state import Phase, Zone
from companion.rules.views import visible_to

#: The weakest typo-tolerant match that still counts (as ``Catalog.search``).
MIN_SCORE = 0.6
#: Similar matches this close to the best one rank as equals: then the asker's own card in the right zone wins.
NEAR = 0.05
MAX_ROWS = 50

#: Where an action takes its card from: those cards are the likely ones.
ACTION_ZONES: dict[str, tuple[Zone, ...]] = {
    **dict.fromkeys(("marshal", "marshal_into_shadows", "play_event", "setup_place", "setup_into_shadows",
                     "setup_face_down"), (Zone.HAND, Zone.DECK)),
    **dict.fromkeys(("bring_out", "play_event_from_shadows", "put_into_play_from_shadows", "gain_shadow"),
                    (Zone.SHADOWS,)),
    **dict.fromkeys(("kneel", "stand", "kill", "take_control", "save_with_duplicate", "put_into_shadows"),
                    (Zone.PLAY,)),
    "put_into_play": (Zone.DISCARD, Zone.DEAD, Zone.HAND, Zone.DECK),
    "reveal_plot": (Zone.PLOTS,),
    "draw": (Zone.DECK,),
}
#: Without a chosen action, the phase's usual one.
PHASE_ZONES: dict[Phase, tuple[Zone, ...]] = {
    Phase.SETUP: (Zone.HAND, Zone.DECK),
    Phase.PLOT: (Zone.PLOTS,),
    Phase.DRAW: (Zone.DECK, Zone.HAND),
    Phase.MARSHALING: (Zone.HAND, Zone.DECK, Zone.SHADOWS),
    Phase.CHALLENGES: (Zone.PLAY, Zone.SHADOWS, Zone.HAND, Zone.DECK),
    Phase.DOMINANCE: (Zone.PLAY, Zone.SHADOWS),
    Phase.STANDING: (Zone.PLAY,),
    Phase.TAXATION: (Zone.PLAY,),
}


def zones_for(t: Table, action: str | None) -> tuple[Zone, ...]:
    if action and action in ACTION_ZONES:
        return ACTION_ZONES[action]
    return PHASE_ZONES.get(t.phase, ())


def find_cards(t: Table, viewer: Role, query: str, action: str | None = None) -> list[dict[str, Any]]:
    """The instances ``viewer`` may see whose name fits ``query``, best first, at most MAX_ROWS."""
    q = fold(query)
    if not q:
        return []
    seen = [cid for cid in t.instances if visible_to(t, cid, viewer)]
    scores: dict[str, tuple[float, str]] = {}
    for cid in seen:
        key = t.cards[t.instances[cid].code].title_key
        if key not in scores:
            scores[key] = score_name(q, key)
    best_similar = max((s for s, how in scores.values() if how == "similar"), default=0.0)
    prefer = zones_for(t, action)

    def tier(score: float, how: str) -> int:
        if how == "exact":
            return 3
        if how != "similar":
            return 2
        return 1 if score >= best_similar - NEAR else 0

    rows = []
    for cid in seen:
        inst = t.instances[cid]
        card = t.cards[inst.code]
        score, how = scores[card.title_key]
        if score < MIN_SCORE:
            continue
        seat, zone = t.where[cid]
        own = viewer.seat is not None and inst.owner == viewer.seat
        zone_rank = prefer.index(zone) if zone in prefer else len(prefer)
        row: dict[str, Any] = {"id": cid, "name": card.name, "code": card.code, "owner": inst.owner,
                               "copy": inst.copy, "zone": zone.value, "area": seat, "match": how,
                               "shadow_costs": list(card.shadow_costs)}
        if zone is Zone.SHADOWS:
            row["position"] = t.in_shadows[cid].position
        in_zone = zone_rank < len(prefer)
        rank = (-tier(score, how), not (own and in_zone), zone_rank, not own, -score, card.name, inst.owner,
                inst.copy)
        rows.append((rank, row))
    rows.sort(key=lambda r: r[0])
    return [row for _, row in rows[:MAX_ROWS]]
