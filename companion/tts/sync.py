"""Turning a snapshot of one colour's shadows zone into recorded actions and verdicts for that colour.

A card that left the zone is recorded only with a known destination (``left``: play, hand, discard).
Without one it is *pending*: nothing is recorded, and the owner is asked where it went. The helper
keeps pending cards in its snapshot, so a missing destination never turns into a bring-out here.
"""

from __future__ import annotations

from typing import Any

from companion.rules import Action, action_from_dict
from companion.rules.actions import BringOut, Discard, PlayEventFromShadows, ReturnToHand
from companion.rules.editions import Table
from companion.tts.diff import differences

LEFT_TO = {"play", "hand", "discard"}


def _left_action(table: Table, seat: str, card: str, to: str) -> Action:
    if to == "hand":
        return ReturnToHand(seat, card)
    if to == "discard":
        return Discard(seat, card)
    if table.card(card).type == "event":
        return PlayEventFromShadows(seat, card)
    return BringOut(seat, card)


def snapshot_actions(table: Table, seat: str, colour: str, cards: list[dict[str, Any]],
                     left: dict[str, list[str]]) -> tuple[list[Action], list[dict[str, Any]]]:
    """The actions that explain the zone as TTS shows it, and rows for what cannot be explained.

    ``left`` maps a code to the destinations reported for cards of that code that left, in order. Those
    are moves of their own, recorded first, even when another copy came in at the same time (the counts
    alone would not change).
    """
    actions: list[Action] = []
    problems: list[dict[str, Any]] = []
    shown = list(cards)
    free = list(table.shadows(seat))
    for code, tos in left.items():
        for to in tos:
            cid = next((c for c in free if table.instance(c).code == code), None)
            if cid is None:  # not in this seat's shadows as the log has it: nothing recorded, and said
                name = table.cards[code].name if code in table.cards else code
                what = {"play": "came out of", "hand": "went back to hand from", "discard": "was discarded from"}[to]
                problems.append({"kind": "unknown", "code": code, "name": name, "legal": None,
                                 "message": f"{name} {what} {colour}'s shadows, but the log does not have it there "
                                            "(a rewind, or a move made before the helper ran): nothing recorded; "
                                            "record it on the companion if it counts"})
                continue
            free.remove(cid)
            actions.append(_left_action(table, seat, cid, to))
            shown.append({"guid": f"left:{cid}", "code": code, "face_down": True})  # accounted for above
    found = {"players": {colour: {"shadows": shown}}}
    for row in differences(table, found, {colour: seat}):
        if "action" not in row:
            problems.append(row)
        elif row["kind"] == "left":
            problems.append({**{k: v for k, v in row.items() if k not in ("action", "violations", "notes")},
                             "kind": "pending", "legal": None,
                             "message": f"{row['name']} is not in {colour}'s shadows any more and the helper "
                                        "did not say where it went: nothing recorded"})
        else:
            actions.append(action_from_dict(row["action"]))
    return actions, problems
