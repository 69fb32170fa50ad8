"""Turning a snapshot of one colour's shadows zone into recorded actions and verdicts for that colour."""

from __future__ import annotations

from typing import Any

from companion.rules import Action, action_from_dict
from companion.rules.actions import Discard, PlayEventFromShadows, ReturnToHand
from companion.rules.editions import Table
from companion.tts.diff import differences

LEFT_TO = {"play", "hand", "discard"}


def snapshot_actions(table: Table, seat: str, colour: str, cards: list[dict[str, Any]],
                     left: dict[str, str]) -> tuple[list[Action], list[dict[str, Any]]]:
    """The actions that explain the zone as TTS shows it, and rows for what cannot be explained."""
    found = {"players": {colour: {"shadows": cards}}}
    actions: list[Action] = []
    problems: list[dict[str, Any]] = []
    for row in differences(table, found, {colour: seat}):
        if "action" not in row:
            problems.append(row)
            continue
        action = action_from_dict(row["action"])
        if row["kind"] == "left":
            card = row["action"]["card"]
            to = left.get(row["code"], "play")
            if to == "hand":
                action = ReturnToHand(seat, card)
            elif to == "discard":
                action = Discard(seat, card)
            elif table.card(card).type == "event":
                action = PlayEventFromShadows(seat, card)
        actions.append(action)
    return actions, problems
