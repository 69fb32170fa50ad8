"""Turning a snapshot of one colour's shadows zone into recorded actions and verdicts for that colour.

A card that left the zone is recorded only with a known destination (``left``: play, hand, discard).
Without one it is *pending*: nothing is recorded, and the owner is asked where it went. The helper
keeps pending cards in its snapshot, so a missing destination never turns into a bring-out here.
"""

from __future__ import annotations

import re
from typing import Any

from companion.rules import Action, action_from_dict
from companion.rules.actions import (
    BringOut,
    Discard,
    MarshalIntoShadows,
    PlaceTokens,
    PlayEventFromShadows,
    PutIntoShadows,
    RemoveTokens,
    ReturnToHand,
    SetupIntoShadows,
)
from companion.rules.editions import Table
from companion.tts.diff import differences

LEFT_TO = {"play", "hand", "discard"}
#: Token kinds a mod's token names are read as ("Gold coin" is gold); any other name is its own kind.
TOKEN_KINDS = ("gold", "power", "shadow", "poison", "betrayal", "vengeance", "stand", "kiss", "bell", "journey")
#: At most this many kinds, and this many of one kind, on one card (a snapshot's bound, not a rule).
MAX_TOKEN_KINDS, MAX_TOKENS = 16, 99
_WORD = re.compile(r"[a-z][a-z0-9 _'-]{0,39}")


def token_kind(name: str) -> str | None:
    """The companion's word for a token TTS names ``name`` (the helper sends the name, lower case, or the object's
    type): a known kind it contains, else the name itself; None for nothing usable."""
    low = name.strip().lower()
    for kind in TOKEN_KINDS:
        if kind in low:
            return kind
    return low if _WORD.fullmatch(low) else None


def token_actions(table: Table, seat: str, cards: list[dict[str, Any]], actions: list[Action]) -> list[Action]:
    """Tokens placed on or taken off the seat's shadows cards, as TTS shows them lying on each card.

    Only loose cards the helper sees (not pending, not inside a deck, where no token can lie on one card) and
    whose code is known count; cards of one code are paired with its instances in shadows in order.
    """
    into = (MarshalIntoShadows, PutIntoShadows, SetupIntoShadows)
    out_of = (BringOut, Discard, ReturnToHand, PlayEventFromShadows)
    before = list(table.shadows(seat))
    after = list(before)
    for a in actions:
        card = getattr(a, "card", None)
        if not isinstance(card, str):
            continue
        if isinstance(a, into):
            after.append(card)
        elif isinstance(a, out_of) and card in after:
            after.remove(card)
    free: dict[str, list[str]] = {}
    for cid in after:
        free.setdefault(table.instance(cid).code, []).append(cid)
    out: list[Action] = []
    for c in cards:
        tokens = c.get("tokens")
        if tokens is None or c.get("pending") or c.get("deck") or not c.get("code") or not free.get(c["code"]):
            continue
        cid = free[c["code"]].pop(0)
        have = table.tokens_on(cid) if cid in before else {}
        for kind in sorted(set(have) | set(tokens)):
            d = tokens.get(kind, 0) - have.get(kind, 0)
            if d > 0:
                out.append(PlaceTokens(seat, kind, d, cid))
            elif d < 0:
                out.append(RemoveTokens(seat, kind, -d, cid))
    return out


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
                # Its words are the catalogue's alone (msg), said in the table's language; kind is its code.
                problems.append({"kind": "unknown", "code": code, "name": name, "legal": None,
                                 "msg": (f"tts.left_unlogged.{to}", {"card": name, "colour": colour})})
                continue
            free.remove(cid)
            actions.append(_left_action(table, seat, cid, to))
            shown.append({"guid": f"left:{cid}", "code": code, "face_down": True})  # accounted for above
    found = {"players": {colour: {"shadows": shown}}}
    for row in differences(table, found, {colour: seat}):
        if "action" not in row:
            problems.append({**row, "msg": _said(row)})
        elif row["kind"] == "left":
            kept = {k: v for k, v in row.items() if k not in ("action", "violations", "notes", "message")}
            problems.append({**kept, "kind": "pending", "legal": None,
                             "msg": ("tts.pending", {"card": row["name"], "colour": colour})})
        else:
            actions.append(action_from_dict(row["action"]))
    return actions, problems


def _said(row: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """A difference that records nothing, as a message of the catalogue (``message`` has it in English)."""
    if row["kind"] == "unidentified":
        return "tts.unidentified", {"count": row["count"], "colour": row["colour"]}
    if row["kind"] in ("entered", "left"):  # a card not in the seat's deck as tracked
        return "tts.untracked", {"card": row["name"], "code": row["code"], "seat": row["seat"]}
    return None
