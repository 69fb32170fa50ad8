"""Compare what a TTS table shows with the game the companion tracks, and turn each difference
into the action that would explain it, checked by the rules engine."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.rules import Action, check
from companion.rules.actions import BringOut, MarshalIntoShadows, PutIntoShadows, SetupIntoShadows
from companion.rules.editions import Table
from companion.rules.state import Phase, Zone


class SeatMapError(ValueError):
    pass


def seat_map(colours: list[str], seats: list[str], given: dict[str, str] | None = None) -> dict[str, str]:
    """TTS colour -> seat: as given, else seats named like the colours (case-insensitive)."""
    out = dict(given or {})
    for colour in colours:
        if colour in out:
            if out[colour] not in seats:
                raise SeatMapError(f"--seat {colour}={out[colour]}: no such seat (seats: {', '.join(seats)})")
            continue
        match = [s for s in seats if s.lower() == colour.lower()]
        if match:
            out[colour] = match[0]
    return out


def differences(table: Table, found: dict[str, Any], mapping: dict[str, str]) -> list[dict[str, Any]]:
    """One row per difference in the shadows areas, with the action that explains it and its verdict."""
    rows: list[dict[str, Any]] = []
    for colour, area in found["players"].items():
        seat = mapping.get(colour)
        if seat is None:
            if area["shadows"]:
                rows.append({"colour": colour, "seat": None, "kind": "unmapped",
                             "message": f"no seat for colour {colour}; map it with --seat {colour}=SEAT"})
            continue
        seen = Counter(e["code"] for e in area["shadows"] if e.get("code"))
        tracked = Counter(table.instance(c).code for c in table.shadows(seat))
        for code, n in (seen - tracked).items():
            for _ in range(n):
                rows.append(_row(table, colour, seat, code, "entered", _entered(table, seat, code)))
        for code, n in (tracked - seen).items():
            for _ in range(n):
                rows.append(_row(table, colour, seat, code, "left", _left(table, seat, code)))
        unknown = sum(1 for e in area["shadows"] if not e.get("code"))
        if unknown:
            rows.append({"colour": colour, "seat": seat, "kind": "unidentified", "count": unknown,
                         "message": f"{unknown} card(s) in {colour}'s shadows could not be identified"})
    return rows


def _entered(table: Table, seat: str, code: str) -> Action | None:
    for zone in (Zone.HAND, Zone.DECK, Zone.DISCARD, Zone.PLAY, Zone.DEAD):
        for cid in table.zone(seat, zone):
            if table.instance(cid).code == code:
                if zone in (Zone.HAND, Zone.DECK):
                    if table.phase is Phase.SETUP:
                        return SetupIntoShadows(seat, cid)
                    if table.phase is Phase.MARSHALING:
                        return MarshalIntoShadows(seat, cid)
                return PutIntoShadows(seat, cid)
    return None


def _left(table: Table, seat: str, code: str) -> Action | None:
    for cid in table.shadows(seat):
        if table.instance(cid).code == code:
            return BringOut(seat, cid)
    return None


def _row(table: Table, colour: str, seat: str, code: str, kind: str, action: Action | None) -> dict[str, Any]:
    name = table.cards[code].name if code in table.cards else code
    row: dict[str, Any] = {"colour": colour, "seat": seat, "kind": kind, "code": code, "name": name}
    if action is None:
        row["message"] = f"{name} ({code}) is not in {seat}'s deck as tracked"
        return row
    verdict = check(table, action)
    row.update(action=action.to_dict(), legal=verdict.legal,
               violations=[v.to_dict() for v in verdict.violations], notes=[n.to_dict() for n in verdict.notes],
               message=f"{name} {'went into' if kind == 'entered' else 'left'} {colour}'s shadows in TTS")
    return row
