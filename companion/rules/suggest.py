"""Which actions make sense for a card, given where it is: the second tap after a scan or a tap."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from companion.rules.actions import (
    Action,
    BringOut,
    Discard,
    GainShadow,
    Kill,
    Kneel,
    Marshal,
    MarshalIntoShadows,
    PassShadows,
    PlaceTokens,
    PlayEvent,
    PlayEventFromShadows,
    PutIntoPlay,
    PutIntoPlayFromShadows,
    PutIntoShadows,
    RemoveTokens,
    Restrict,
    ReturnToHand,
    RevealSetup,
    SaveWithDuplicate,
    SetupFaceDown,
    SetupIntoShadows,
    SetupPlace,
    Stand,
    TakeControl,
)
from companion.rules.actions.base import card_fields
from companion.rules.actions.common import legal_attach_targets
from companion.rules.editions import Table
from companion.rules.engine import check
from companion.rules.roles import Role
from companion.rules.state import Phase, Zone
from companion.rules.views import alias, shown_param, shown_verdict, visible_to

MAX_TARGETS = 8

#: What a player usually does with a card in each phase, in that order: first in the card menu, flagged or not.
NORMAL: dict[Phase, tuple[str, ...]] = {
    Phase.SETUP: ("setup_place", "setup_into_shadows", "setup_face_down"),
    Phase.PLOT: (),
    Phase.DRAW: ("bring_out", "play_event_from_shadows", "play_event"),
    Phase.MARSHALING: ("marshal", "bring_out", "play_event", "marshal_into_shadows", "play_event_from_shadows"),
    Phase.CHALLENGES: ("kneel", "stand", "kill", "bring_out", "play_event", "play_event_from_shadows"),
    Phase.DOMINANCE: ("bring_out", "play_event", "play_event_from_shadows", "stand"),
    Phase.STANDING: ("stand", "bring_out", "play_event", "play_event_from_shadows"),
    Phase.TAXATION: ("bring_out", "play_event", "play_event_from_shadows"),
}
#: Moves only a card effect makes: the menu keeps them under one "by a card effect" entry.
EFFECTS = frozenset({"put_into_play", "put_into_play_from_shadows", "put_into_shadows", "gain_shadow", "restrict",
                     "take_control", "return_to_hand"})


def _per_target(make: Callable[[str | None], Action], targets: list[str]) -> list[Action]:
    """An attachment gets one choice per legal card to attach to (none: the action as it stands)."""
    return [make(target) for target in targets[:MAX_TARGETS]] or [make(None)]


RESTRICTIONS: tuple[Literal["bring_out", "play_events"], ...] = ("bring_out", "play_events")


def _restrictions(t: Table, seat: str, source: str | None) -> list[Action]:
    """What an effect of ``seat`` may forbid each opponent until the end of the phase (e.g. No Surprises)."""
    return [Restrict(seat, other, kind, "phase", source) for other in t.seats if other != seat for kind in RESTRICTIONS]


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
                out.append(SetupFaceDown(seat, card_id))
        else:
            if t.may_enter_shadows(c):
                out.append(MarshalIntoShadows(seat, card_id))
            if c.type == "event":
                out.append(PlayEvent(seat, card_id))
                out += _restrictions(t, seat, card_id)
            else:
                out += _per_target(lambda a: Marshal(seat, card_id, attach_to=a), targets)
        out.append(Discard(seat, card_id))
    elif zone is Zone.SHADOWS:
        if owner == seat:
            if c.type == "event":
                out.append(PlayEventFromShadows(seat, card_id))
                out += _restrictions(t, seat, card_id)
            else:
                out += _per_target(lambda a: BringOut(seat, card_id, attach_to=a), targets)
        if owner != seat or c.type != "event":  # an effect may put a card from any shadows area into play
            out += _per_target(lambda a: PutIntoPlayFromShadows(seat, card_id, attach_to=a), targets)
        out.append(GainShadow(seat, card_id, "cost"))
        out += [PlaceTokens(seat, "shadow", 1, card_id), Discard(seat, card_id), ReturnToHand(seat, card_id)]
    elif zone is Zone.PLAY:
        ip = t.in_play[card_id]
        if ip.duplicate_of and ip.controller == seat:
            out.append(SaveWithDuplicate(seat, card_id))
        if c.type == "character" and not ip.duplicate_of:
            out.append(Kill(seat, card_id))
        out.append(Stand(seat, card_id) if ip.kneeling else Kneel(seat, card_id))
        out += [PlaceTokens(seat, "power", 1, card_id), PlaceTokens(seat, "gold", 1, card_id)]
        for kind in sorted(t.tokens_on(card_id)):
            out.append(RemoveTokens(seat, kind, 1, card_id))
        out += [Discard(seat, card_id), ReturnToHand(seat, card_id), PutIntoShadows(seat, card_id),
                PutIntoShadows(seat, card_id, gains="cost")]
        if ip.controller != seat:
            out.append(TakeControl(seat, card_id))
    elif zone in (Zone.DISCARD, Zone.DEAD):
        if c.type != "event":
            out += _per_target(lambda a: PutIntoPlay(seat, card_id, attach_to=a), targets)
        out.append(ReturnToHand(seat, card_id))
        out += [PutIntoShadows(seat, card_id), PutIntoShadows(seat, card_id, gains="cost")]
    return out


def table_actions(t: Table, seat: str) -> list[Action]:
    """Actions that name no card: the setup reveal, the 1st-edition pass, restrictions on opponents."""
    out: list[Action] = []
    if t.phase is Phase.SETUP and not t.setup_revealed:
        out.append(RevealSetup())
    if t.shadows_window_open and t.players[seat].shadows_opportunity == "open":
        out.append(PassShadows(seat))
    return out + _restrictions(t, seat, None)


def _rows(t: Table, actions: list[Action], seat: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for action in actions:
        viewer = Role.of_seat(seat)
        hidden = [f for f in card_fields(action)
                  if getattr(action, f) and not visible_to(t, getattr(action, f), viewer)]
        if hidden:
            # Another player's face-down card, named by its position: even a rule id could give it away, and
            # that seat confirms the action.
            shown = {k: (alias(t, v) if k in hidden else v) for k, v in action.to_dict().items()}
            rows.append({"action": shown, "legal": None, "target": None, "violations": [], "notes": [],
                         "hidden": True})
            continue
        verdict = shown_verdict(check(t, action).to_dict(), viewer, t)
        target = getattr(action, "attach_to", None)
        rows.append({"action": action.to_dict(), "legal": verdict["legal"],
                     "target": shown_param(t.ref(target), viewer, t) if target else None,
                     "violations": verdict["violations"], "notes": verdict["notes"]})
    normal = NORMAL.get(t.phase, ())
    for row in rows:
        row["effect"] = row["action"]["type"] in EFFECTS
    # The phase's normal move first even when flagged, then other moves, legal first; effects last.
    rows.sort(key=lambda r: (r["effect"], normal.index(r["action"]["type"]) if r["action"]["type"] in normal
                             else len(normal), r["legal"] is not True))
    return rows


def suggest_table_actions(t: Table, seat: str) -> list[dict[str, Any]]:
    """Table-wide actions for ``seat`` with a verdict preview, legal ones first."""
    return _rows(t, table_actions(t, seat), seat)


def suggest_actions(t: Table, card_id: str, seat: str) -> list[dict[str, Any]]:
    """Candidate actions for the card with a verdict preview, legal ones first."""
    return _rows(t, candidate_actions(t, card_id, seat), seat)
