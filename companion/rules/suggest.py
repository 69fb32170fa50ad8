"""Which actions make sense for a card, given where it is: the second tap after a scan or a tap."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.rules.actions import (
    Action,
    BringOut,
    Discard,
    Kill,
    Kneel,
    Marshal,
    MarshalIntoShadows,
    PlaceTokens,
    PlayEvent,
    PlayEventFromShadows,
    PutIntoPlayFromShadows,
    PutIntoShadows,
    RemoveTokens,
    ReturnToHand,
    SetupIntoShadows,
    SetupPlace,
    Stand,
    TakeControl,
)
from companion.rules.actions.common import legal_attach_targets
from companion.rules.editions import Table
from companion.rules.engine import check
from companion.rules.state import Phase, Zone

MAX_TARGETS = 8


def _per_target(make: Callable[[str | None], Action], targets: list[str]) -> list[Action]:
    """An attachment gets one choice per legal card to attach to (none: the action as it stands)."""
    return [make(target) for target in targets[:MAX_TARGETS]] or [make(None)]


def candidate_actions(t: Table, card_id: str, seat: str) -> list[Action]:
    c = t.card(card_id)
    zone = t.zone_of(card_id)
    owner = t.instance(card_id).owner
    out: list[Action] = []
    targets = legal_attach_targets(t, c) if c.type == "attachment" else []
    if zone in (Zone.HAND, Zone.DECK) and owner == seat:
        if t.phase is Phase.SETUP:
            if t.may_enter_shadows(c):
                out.append(SetupIntoShadows(seat, card_id))
            if c.type != "event":
                out += _per_target(lambda a: SetupPlace(seat, card_id, attach_to=a), targets)
        else:
            if t.may_enter_shadows(c):
                out.append(MarshalIntoShadows(seat, card_id))
            if c.type == "event":
                out.append(PlayEvent(seat, card_id))
            else:
                out += _per_target(lambda a: Marshal(seat, card_id, attach_to=a), targets)
        out.append(Discard(seat, card_id))
    elif zone is Zone.SHADOWS:
        if c.type == "event":
            out.append(PlayEventFromShadows(seat, card_id))
        else:
            out += _per_target(lambda a: BringOut(seat, card_id, attach_to=a), targets)
            out += _per_target(lambda a: PutIntoPlayFromShadows(seat, card_id, attach_to=a), targets)
        out += [PlaceTokens(seat, "shadow", 1, card_id), Discard(seat, card_id), ReturnToHand(seat, card_id)]
    elif zone is Zone.PLAY:
        ip = t.in_play[card_id]
        if c.type == "character" and not ip.duplicate_of:
            out.append(Kill(seat, card_id))
        out.append(Stand(seat, card_id) if ip.kneeling else Kneel(seat, card_id))
        out += [PlaceTokens(seat, "power", 1, card_id), PlaceTokens(seat, "gold", 1, card_id)]
        for kind in sorted(t.tokens_on(card_id)):
            out.append(RemoveTokens(seat, kind, 1, card_id))
        out += [Discard(seat, card_id), ReturnToHand(seat, card_id), PutIntoShadows(seat, card_id)]
        if ip.controller != seat:
            out.append(TakeControl(seat, card_id))
    elif zone in (Zone.DISCARD, Zone.DEAD):
        out.append(ReturnToHand(seat, card_id))
        out.append(PutIntoShadows(seat, card_id))
    return out


def suggest_actions(t: Table, card_id: str, seat: str) -> list[dict[str, Any]]:
    """Candidate actions for the card with a verdict preview, legal ones first."""
    rows = []
    for action in candidate_actions(t, card_id, seat):
        verdict = check(t, action)
        target = getattr(action, "attach_to", None)
        rows.append({"action": action.to_dict(), "legal": verdict.legal,
                     "target": t.name(target) if target else None,
                     "violations": [v.to_dict() for v in verdict.violations],
                     "notes": [n.to_dict() for n in verdict.notes]})
    rows.sort(key=lambda r: not r["legal"])
    return rows
