"""From a TTS save to the table state it shows: per colour, the shadows area with identities and
tokens, hand counts and piles; and what could not be identified, and why.

Cards are identified, in order, by a card code in ``GMNotes`` (JSON like ``{"code": "01045"}`` or a
bare code), in ``Memo``, in the card image's URL, and finally by ``Nickname`` (+ ``Description``)
against the catalog.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.catalog.card import Card, fold
from companion.tts.save import CARD_FOOTPRINT, Found, Transform, Walk, Zone, parse_bytes, walk

_CODE_2E = re.compile(r"^\d{5}$")
_CODE_1E = re.compile(r"^[a-z]+_\d+$")
_URL_CODE = re.compile(r"(?<![0-9A-Za-z])(\d{5}|[a-z]+_\d+)(?:[._-][A-Za-z0-9]+)*\.(?:png|jpe?g|webp)", re.IGNORECASE)
MAX_LISTED = 200


@dataclass(slots=True)
class Identified:
    code: str | None
    method: str  # gmnotes, memo, image, name
    reason: str = ""


class CardLookup:
    """The catalog facts an import needs, indexed once."""

    def __init__(self, cards: list[Card]) -> None:
        self.by_code = {c.code: c for c in cards}
        self.by_title: dict[str, list[Card]] = {}
        for c in cards:
            self.by_title.setdefault(c.title_key, []).append(c)

    def code(self, text: str) -> str | None:
        text = text.strip()
        return text if text in self.by_code else None


def _code_in(text: str, lookup: CardLookup) -> str | None:
    text = text.strip()
    if not text:
        return None
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            return None
        if isinstance(data, dict):
            for key in ("code", "card_code", "cardCode"):
                value = data.get(key)
                if isinstance(value, str | int) and (found := lookup.code(str(value))):
                    return found
        return None
    if _CODE_2E.match(text) or _CODE_1E.match(text):
        return lookup.code(text)
    return None


def identify(card: Found, lookup: CardLookup) -> Identified:
    if code := _code_in(card.gm_notes, lookup):
        return Identified(code, "gmnotes")
    if code := _code_in(card.memo, lookup):
        return Identified(code, "memo")
    if card.face_url:
        for m in _URL_CODE.finditer(card.face_url):
            if code := lookup.code(m.group(1)):
                return Identified(code, "image")
    if card.name:
        candidates = lookup.by_title.get(fold(card.name), [])
        if len(candidates) == 1:
            return Identified(candidates[0].code, "name")
        if candidates:
            hint = fold(card.description)
            for c in candidates:
                if hint and hint in (fold(c.pack_name), fold(c.pack), fold(c.code)):
                    return Identified(c.code, "name")
            # Same title, several printings: any printing is the same card for the rules (copies by title).
            best = sorted(candidates, key=lambda c: (c.code.startswith("00"), c.code))[0]
            return Identified(best.code, "name", f"{len(candidates)} printings of {card.name!r}; took {best.code}")
        return Identified(None, "", f"the name {card.name!r} is not a card title in the catalog")
    return Identified(None, "", "no card code in GMNotes, Memo or the image URL, and no name")


def _tokens_on(card: Found, tokens: list[tuple[str, Transform, str]]) -> dict[str, int]:
    """Tokens resting on a card: inside its footprint (scaled, turned with the card) and above it."""
    t = card.transform
    w, h = CARD_FOOTPRINT[0] * t.scale_x, CARD_FOOTPRINT[1] * t.scale_z
    area = Transform(t.x, t.y, t.z, 0, t.rot_y, 0, w, 10, h)
    out: dict[str, int] = {}
    for kind, tt, _guid in tokens:
        if area.contains(tt.x, tt.z) and tt.y >= t.y - 0.05:
            key = fold(kind).replace(" token", "") or "token"
            out[key] = out.get(key, 0) + 1
    return out


def zone_of(zones: list[Zone], t: Transform) -> Zone | None:
    hands = [z for z in zones if z.kind == "hand"]
    for z in [*hands, *(z for z in zones if z.kind != "hand")]:
        if z.colour and z.transform.contains(t.x, t.z):
            return z
    return None


def import_save(data: bytes | Any, lookup: CardLookup, source: str = "file",
                progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Read a save (bytes or parsed JSON) into a report of what the table shows."""
    root = parse_bytes(data, source) if isinstance(data, bytes | bytearray) else data
    w = walk(root, progress)
    return report(w, lookup, source)


def report(w: Walk, lookup: CardLookup, source: str) -> dict[str, Any]:
    players: dict[str, dict[str, Any]] = {}

    def player(colour: str) -> dict[str, Any]:
        return players.setdefault(colour, {"shadows": [], "hand": 0, "dead": [], "discard": [], "play": [],
                                           "draw": 0})

    for z in w.zones:
        if z.colour:
            player(z.colour)
    unidentified: list[dict[str, Any]] = []
    identified = 0
    methods: dict[str, int] = {}
    on_table = 0
    for card in w.cards:
        ident = identify(card, lookup)
        if ident.code:
            identified += 1
            methods[ident.method] = methods.get(ident.method, 0) + 1
        else:
            if len(unidentified) < MAX_LISTED:
                unidentified.append({"guid": card.guid, "path": card.path, "name": card.name, "reason": ident.reason})
        # Where it is: its top-level object's position (a card in a deck lies where its deck lies).
        zone = zone_of(w.zones, card.at)
        if zone is None:
            on_table += 1
            continue
        entry = {"guid": card.guid, "code": ident.code, "name": lookup.by_code[ident.code].name if ident.code else
                 card.name or None, "face_down": card.face_down, "identified_by": ident.method or None}
        p = player(zone.colour)  # type: ignore[arg-type]
        if zone.kind == "hand":
            p["hand"] += 1
        elif zone.kind == "shadows":
            entry["tokens"] = _tokens_on(card, w.tokens) if card.top_level else {}
            entry["_x"] = zone.transform.to_local(card.at.x, card.at.z)[0]
            p["shadows"].append(entry)
        elif zone.kind in ("dead", "discard", "play"):
            p[zone.kind].append(entry)
        elif zone.kind == "draw":
            p["draw"] += 1
    for p in players.values():
        p["shadows"].sort(key=lambda e: e.pop("_x"))
        for i, e in enumerate(p["shadows"], start=1):
            e["position"] = i
    return {
        "file": source,
        "shape": w.shape,
        "save_name": w.save_name,
        "counts": {
            "objects": w.objects, "cards": len(w.cards), "decks": w.decks, "containers": w.containers,
            "zones": len(w.zones), "hand_zones": sum(1 for z in w.zones if z.kind == "hand"),
            "tokens": len(w.tokens), "identified": identified, "unidentified": len(w.cards) - identified,
            "cards_outside_colour_zones": on_table,
        },
        "identified_by": methods,
        "players": players,
        "unidentified": unidentified,
        "unidentified_listed": len(unidentified),
    }

