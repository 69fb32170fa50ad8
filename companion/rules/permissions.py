"""Who may record what: decided from an action's declared traits and the asker's role, before
anything the asker named is resolved or revealed.

- A seat records actions for itself (``player`` is its own seat) and names its own cards, public
  cards, or another seat's face-down card by position (``A:shadows#2``).
- An effect on another seat's face-down card waits for that seat (or the judge) to confirm it.
- A seat cannot act on another seat's shadows by its own choice (bring out, marshal, …): that
  cannot physically happen, and is refused in every mode.
- A claim (dominance won) a seat records for itself or for nobody; the host and the judge for any seat.
- The host runs the round's flow; the judge may record anything.

Every refusal echoes what the asker sent, never what the server resolved.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from companion.rules.actions.base import Action, Recorder, action_from_dict, card_fields, card_list_fields, named_cards
from companion.rules.editions import Table
from companion.rules.roles import Role
from companion.rules.views import parse_alias, resolve_alias, visible_to


class Refusal(Exception):
    """The asker may not record this; nothing is recorded and nothing is revealed."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@dataclass(frozen=True, slots=True)
class Authorized:
    action: Action  # with positions resolved to card instances
    awaiting: str | None = None  # the seat that must confirm (an effect on its face-down card)


def _player_of(action: Action) -> str | None:
    value = getattr(action, "player", None)
    return value if isinstance(value, str) else None


def authorize(t: Table, requested: Action, role: Role) -> Authorized:
    """May ``role`` record ``requested`` at this table? Returns it with positions resolved."""
    kind = type(requested)
    # The capability table decides (deny by default): a role whose row lists no recorder records nothing.
    if not role.may_record(kind.records, requested.type):
        if not role.capabilities.records:
            raise Refusal(403, "forbidden", "recording an action needs a seat, host or judge key")
        if kind.records is Recorder.JUDGE:
            raise Refusal(403, "forbidden", f"only the judge records {requested.type}")
        raise Refusal(403, "forbidden", f"{requested.type} is recorded by a seat or the judge, not by your key")
    if kind.records is Recorder.CLAIM and not role.records_for(None):
        player = _player_of(requested)
        if player is not None and not role.records_for(player):
            raise Refusal(403, "forbidden", f"your seat records {requested.type} for itself or for nobody, not "
                                            f"for seat {player}; ask the host or judge")
    elif kind.records in (Recorder.PLAYER, Recorder.EFFECT) and not role.records_for(None):
        player = _player_of(requested)
        if player is None or not role.records_for(player):
            whom = f"seat {player}" if player is not None else "every seat"
            raise Refusal(403, "forbidden", f"your seat cannot record {requested.type} for {whom}")
    changes: dict[str, str] = {}
    awaiting: str | None = None
    for name in card_fields(kind):
        ref = getattr(requested, name)
        if ref is None:
            continue
        position = parse_alias(ref)
        if position is not None:
            cid = resolve_alias(t, ref)
            if cid is None:
                # Which positions are filled is public, so this says nothing hidden.
                raise Refusal(404, "unknown_card", f"there is no card at {ref}")
            seat = position[0]
            if not role.sees_hidden_of(seat):
                # Only a seat's own effect may name another seat's face-down card (and waits for it).
                if role.seat is None or kind.records is not Recorder.EFFECT:
                    raise Refusal(422, "impossible",
                                  f"{requested.type} cannot name {ref}: only {seat}'s seat acts on its own "
                                  "face-down cards")
                if kind.needs_owner:
                    if awaiting not in (None, seat):
                        raise Refusal(422, "impossible", "one action can wait for one seat's confirmation only")
                    awaiting = seat
            changes[name] = cid
        elif not visible_to(t, ref, role):
            # A hidden card and a card that does not exist get the same answer.
            raise Refusal(404, "unknown_card", f"no card {ref!r} that you can see at this table")
    for name in card_list_fields(kind):
        for ref in getattr(requested, name) or []:
            # Several cards are named by id only (participants, cards a claim takes), each one the asker sees.
            if parse_alias(ref) is not None:
                raise Refusal(422, "impossible", f"{requested.type}: {name} names cards by id, not by position")
            if not visible_to(t, ref, role):
                raise Refusal(404, "unknown_card", f"no card {ref!r} that you can see at this table")
    # Each position becomes the card's id: the action was validated when it was decoded, and stays so.
    action = dataclasses.replace(requested, **changes) if changes else requested
    return Authorized(action, awaiting)


def touched_cards(action_data: dict[str, object]) -> set[str]:
    """The card instances an action (as stored) names."""
    try:
        action = action_from_dict(action_data)
    except Exception:  # an entry that no longer reads names nothing we can follow
        return set()
    return set(named_cards(action))
