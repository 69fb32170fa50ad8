"""From a TTS save to the table state it shows: per colour, the shadows area with identities and
tokens, hand counts and piles; and what could not be identified, and why.

Cards are identified, in order, by a card code in ``GMNotes`` (JSON ``{"code": "01045"}``, or a bare code),
in ``Memo``, by the card image's URL (the catalog's own image URLs, FFG's ``GT{pack}_{n}`` names, throneteki's
and ThronesDB's paths), and finally by ``Nickname`` ("Name" or "Name (PACK)") with ``Description`` (the pack
name) against the catalog. A name that still fits several printings is reported with its candidates, never
guessed.

Only a positive sign that the object is an AGoT card identifies it: a code in an AGoT convention, an AGoT
image URL, a name that is in the seat's loaded deck, or a name whose printing (pack) is named too. A bare
title is not one: other games have cards called "Hero", "Conquest" or "Famine"; and ``{"id": …}`` alone is
another game's convention (SCED, Arkham Horror), whose numbers collide with AGoT codes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from companion import safejson
from companion.catalog.card import Card, fold
from companion.heap import collector_paused
from companion.messages import param_text, text
from companion.tts.save import CARD_FOOTPRINT, Budget, Clock, Found, Transform, Walk, Zone, parse_bytes, walk

_CODE_2E = re.compile(r"^\d{5}$")
_CODE_1E = re.compile(r"^[a-z]+_\d+$")
#: A bare code in an image URL counts only on the hosts that publish AGoT cards.
_AGOT_HOSTS = re.compile(r"thronesdb|throneteki|ironthrone|fantasyflightgames|fantasyflight|agot|thrones",
                         re.IGNORECASE)
_URL_CODE = re.compile(r"(?<![0-9A-Za-z])(\d{5}|[a-z]+_\d+)(?:[._-][A-Za-z0-9]+)*\.(?:png|jpe?g|webp)", re.IGNORECASE)
#: FFG's CDN (and ThronesDB's copies of it): GT{ThronesDB pack id}_{card number}[B].jpg
_URL_GT = re.compile(r"(?<![0-9A-Za-z])GT(\d{1,3})_(\d{1,4})[A-Za-z]?\.(?:png|jpe?g|webp)", re.IGNORECASE)
#: throneteki's CDN: /packs/{pack code}/{number} - Name.png or {number}_Name.png
_URL_THRONETEKI = re.compile(r"/packs/([A-Za-z0-9]+)/(\d{1,4})(?:[ _%-]|\.)", re.IGNORECASE)
#: "Tyrion Lannister (TB)" or "Tyrion Lannister (13089)": a nickname that carries its printing.
_NAME_PRINTING = re.compile(r"^(.*\S)\s*\(([^()]+)\)\s*$")
_CODE_KEYS = ("code", "card_code", "cardCode")  # ours and throneteki's; "id" only beside one of these
MAX_LISTED = 200
MAX_CANDIDATES = 8


@dataclass(slots=True)
class Identified:
    code: str | None
    method: str  # gmnotes, memo, image, name
    reason: str = ""  # in English, as the import report gives it
    candidates: list[str] = field(default_factory=list)  # codes, when a name fits several printings
    why: tuple[str, dict[str, Any]] | None = None  # the reason as a catalogue message, for the TTS chat's language

    def reason_in(self, lang: str) -> str:
        return _say(*self.why, lang) if self.why else self.reason

    @property
    def reason_code(self) -> str | None:
        """The reason as a machine code that stays when its words change: no_code, no_title, no_sign, several."""
        return self.why[0].removeprefix("tts.reason.") if self.why else None


def _say(message_id: str, params: dict[str, Any], lang: str) -> str:
    return text(message_id, lang, **{k: param_text(v, lang) for k, v in params.items()})


def _unidentified(message_id: str, candidates: list[str] | None = None, **params: Any) -> Identified:
    return Identified(None, "", _say(message_id, params, "en"), candidates or [], (message_id, params))


def _image_key(url: str) -> str:
    return unquote(url.split("?", 1)[0]).strip().lower().replace("http://", "https://")


class CardLookup:
    """The catalog facts an import needs, indexed once."""

    def __init__(self, cards: list[Card]) -> None:
        self.by_code = {c.code: c for c in cards}
        self.by_title: dict[str, list[Card]] = {}
        self.by_image: dict[str, str] = {}
        self.by_gt: dict[tuple[int, int], str] = {}
        self.by_pack_number: dict[tuple[str, int], str] = {}
        for c in cards:
            self.by_title.setdefault(c.title_key, []).append(c)
            if c.image_url:
                self.by_image[_image_key(c.image_url)] = c.code
                if m := _URL_GT.search(c.image_url):
                    self.by_gt[(int(m.group(1)), int(m.group(2)))] = c.code
            if c.edition == "2e" and c.code[2:].isdigit():
                self.by_pack_number[(c.pack.lower(), int(c.code[2:]))] = c.code

    def code(self, text: str) -> str | None:
        text = text.strip()
        return text if text in self.by_code else None

    def from_image(self, url: str) -> str | None:
        """A code from a card image URL: the catalog's own URLs, FFG's GT names, throneteki's and ThronesDB's paths."""
        if code := self.by_image.get(_image_key(url)):
            return code
        if (m := _URL_GT.search(url)) and (code := self.by_gt.get((int(m.group(1)), int(m.group(2))))):
            return code
        if (m := _URL_THRONETEKI.search(unquote(url))) and (
                code := self.by_pack_number.get((m.group(1).lower(), int(m.group(2))))):
            return code
        if _AGOT_HOSTS.search(url):
            for m in _URL_CODE.finditer(url):
                if code := self.code(m.group(1)):
                    return code
        return None


def _code_in(text: str, lookup: CardLookup) -> str | None:
    text = text.strip()
    if not text:
        return None
    if text.startswith("{"):
        try:
            data = safejson.loads(text)
        except ValueError:  # not JSON, or a number too long to read
            return None
        if isinstance(data, dict):
            keys = _CODE_KEYS + (("id",) if any(k in data for k in _CODE_KEYS) else ())
            for key in keys:
                value = data.get(key)
                if isinstance(value, str | int) and not isinstance(value, bool) and (found := lookup.code(str(value))):
                    return found
        return None
    if _CODE_2E.match(text) or _CODE_1E.match(text):
        return lookup.code(text)
    return None


def _printing_hints(text: str) -> set[str]:
    """What a description or a nickname's brackets can say about the printing: pack name or code, card code."""
    hints = {fold(text)} if text.strip() else set()
    for m in re.finditer(r"\(([^()]+)\)", text):
        hints.add(fold(m.group(1)))
    bare = re.sub(r"\([^()]*\)", " ", text)
    if bare.strip():
        hints.add(fold(bare))
    return {h for h in hints if h}


def _fits(card: Card, hints: set[str]) -> bool:
    keys = {fold(card.pack_name), fold(card.pack), card.code.lower()}
    if card.edition == "1e":
        keys |= {fold(f"{card.pack} 1e"), fold(f"{card.pack} 1st edition")}
    else:
        keys |= {fold(f"{card.pack_name} 2e"), fold(f"{card.pack} 2e")}
    return bool(hints & keys)


def identify_by_name(name: str, description: str, lookup: CardLookup, edition: str | None = None,
                     deck: set[str] | frozenset[str] | None = None) -> Identified:
    """A printing from a Nickname (maybe "Name (PACK)") and a Description (pack name); several fit: say which.

    ``deck``: the codes of the seat's loaded deck; a name is looked for there first (a deck holds one printing
    of a title, so that settles it). ``edition`` is the game's edition when there is one: a 2nd-edition table
    holds 2nd-edition cards, and some pack names (City of Secrets) exist in both editions. Without the deck, a
    name alone is no sign of an AGoT card: the printing must be named too.
    """
    hints = _printing_hints(description)
    title = name
    if (m := _NAME_PRINTING.match(name)) and not lookup.by_title.get(fold(name)):
        title = m.group(1)
        hints |= _printing_hints(f"({m.group(2)})")
    candidates = lookup.by_title.get(fold(title), [])
    if not candidates:
        return _unidentified("tts.reason.no_title", title=repr(title))
    if deck:
        mine = [c for c in candidates if c.code in deck]
        if len(mine) == 1:
            return Identified(mine[0].code, "deck")
        if mine:
            candidates = mine
    named = False  # the printing is named too: a positive sign without the deck
    if hints:
        fitting = [c for c in candidates if _fits(c, hints)]
        if fitting:
            candidates, named = fitting, True
    if edition and len(candidates) > 1 and (same := [c for c in candidates if c.edition == edition]):
        candidates = same
    in_deck = deck is not None and bool(deck) and all(c.code in deck for c in candidates)
    if len(candidates) == 1 and (named or in_deck):
        return Identified(candidates[0].code, "name")
    if len(candidates) == 1:
        c = candidates[0]
        return _unidentified("tts.reason.no_sign", [c.code], title=repr(title), code=c.code, pack=c.pack_name or c.pack)
    listed = sorted(candidates, key=lambda c: (c.edition != "2e", c.code))
    codes = [c.code for c in listed]
    shown = ", ".join(f"{c.code} {c.pack_name or c.pack} ({c.edition})" for c in listed[:MAX_CANDIDATES])
    printings: str | dict[str, Any] = shown
    if len(listed) > MAX_CANDIDATES:
        printings = {"msg": "tts.reason.more", "printings": shown, "count": len(listed) - MAX_CANDIDATES}
    return _unidentified("tts.reason.several", codes, title=repr(title), count=len(listed), printings=printings)


def identify(card: Found, lookup: CardLookup, edition: str | None = None) -> Identified:
    if code := _code_in(card.gm_notes, lookup):
        return Identified(code, "gmnotes")
    if code := _code_in(card.memo, lookup):
        return Identified(code, "memo")
    if card.face_url and (code := lookup.from_image(card.face_url)):
        return Identified(code, "image")
    if card.name:
        return identify_by_name(card.name, card.description, lookup, edition)
    return _unidentified("tts.reason.no_code")


class Grid:
    """Boxes on the table in square buckets, so a look-up sees only what is near (linear, not cards × tokens).

    Boxes wider than ``MAX_CELLS`` buckets (a table-wide hand zone) are kept aside and seen by every look-up;
    boxes at non-finite positions are never seen.
    """

    MAX_CELLS = 64

    def __init__(self, cell: float) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.wide: list[int] = []

    def _span(self, x0: float, z0: float, x1: float, z1: float) -> tuple[range, range] | None:
        isfinite, floor = math.isfinite, math.floor
        if not (isfinite(x0) and isfinite(z0) and isfinite(x1) and isfinite(z1)):
            return None
        c = self.cell
        return range(floor(x0 / c), floor(x1 / c) + 1), range(floor(z0 / c), floor(z1 / c) + 1)

    def add(self, i: int, x0: float, z0: float, x1: float, z1: float) -> None:
        span = self._span(x0, z0, x1, z1)
        if span is None:
            return
        xs, zs = span
        if len(xs) * len(zs) > self.MAX_CELLS:
            self.wide.append(i)
            return
        for cx in xs:
            for cz in zs:
                self.cells.setdefault((cx, cz), []).append(i)

    def add_point(self, i: int, x: float, z: float) -> None:
        """``add`` for a point (a token): one bucket, or none at a non-finite position."""
        if math.isfinite(x) and math.isfinite(z):
            c = self.cell
            self.cells.setdefault((math.floor(x / c), math.floor(z / c)), []).append(i)

    def near(self, x0: float, z0: float, x1: float, z1: float) -> list[int]:
        """The boxes in the buckets this box touches, and the wide ones: ascending, each once. (Buckets and
        ``wide`` are filled in ascending order, so one of them alone is already in order.)"""
        span = self._span(x0, z0, x1, z1)
        if span is None or len(span[0]) * len(span[1]) > self.MAX_CELLS:
            return list(self.wide)
        cells = self.cells
        buckets = [b for cx in span[0] for cz in span[1] if (b := cells.get((cx, cz)))]
        if not buckets:
            return list(self.wide)
        if len(buckets) == 1 and not self.wide:  # a point (a card's place, a token): one bucket
            return list(buckets[0])
        found = set(self.wide)
        for bucket in buckets:
            found.update(bucket)
        return sorted(found)

    def points_near(self, x0: float, z0: float, x1: float, z1: float) -> list[int]:
        """``near`` for a grid of points (tokens), where each lies in one bucket and none is wide: the same
        ones, in no particular order (a count of tokens needs none, and sorting was most of its cost)."""
        span = self._span(x0, z0, x1, z1)
        if span is None or len(span[0]) * len(span[1]) > self.MAX_CELLS:
            return list(self.wide)
        cells = self.cells
        return [*self.wide, *(i for cx in span[0] for cz in span[1] for i in cells.get((cx, cz), ()))]


def _reach(t: Transform, w: float, d: float) -> tuple[float, float, float, float]:
    """The axis-aligned box around a box of size w × d turned by rot_y."""
    r = math.hypot(w, d) / 2
    return t.x - r, t.z - r, t.x + r, t.z + r


class Places:
    """Where things are: the colour zones and the tokens of one save, indexed once."""

    def __init__(self, zones: list[Zone], tokens: list[tuple[str, Transform, str]], clock: Clock) -> None:
        self.clock = clock
        # Hands first: a card in a hand zone is in the hand even where another zone overlaps it.
        self.zones = [z for z in zones if z.colour and z.kind == "hand"] + \
                     [z for z in zones if z.colour and z.kind != "hand"]
        self.zone_grid = Grid(8.0)
        for i, z in enumerate(self.zones):
            self.zone_grid.add(i, *_reach(z.transform, z.transform.scale_x, z.transform.scale_z))
        self.tokens = tokens
        folded: dict[str, str] = {}  # a save has thousands of tokens of a handful of kinds
        self.kinds = [folded.get(kind) or folded.setdefault(kind, fold(kind).replace(" token", "") or "token")
                      for kind, _t, _g in tokens]
        # Tokens are points: each lies in one bucket of the grid (none at a non-finite place), kept there with what
        # tokens_on reads of it, so that looking at one costs no index and no attribute look-ups.
        self.token_grid = Grid(4.0)
        cells: dict[tuple[int, int], list[tuple[float, float, float, str]]] = {}
        self.token_cells = cells
        c, isfinite, floor = self.token_grid.cell, math.isfinite, math.floor
        for (_kind, tt, _guid), kind in zip(tokens, self.kinds, strict=True):
            tx, tz = tt.x, tt.z
            if isfinite(tx) and isfinite(tz):
                key = (floor(tx / c), floor(tz / c))
                bucket = cells.get(key)
                if bucket is None:
                    cells[key] = [(tx, tz, tt.y, kind)]
                else:
                    bucket.append((tx, tz, tt.y, kind))

    def zone_of(self, t: Transform) -> Zone | None:
        # Grid.near for a point, written out (one bucket, or none): it runs once for every card.
        x, z = t.x, t.z
        grid = self.zone_grid
        near: list[int] = grid.wide
        if math.isfinite(x) and math.isfinite(z):
            c = grid.cell
            bucket = grid.cells.get((math.floor(x / c), math.floor(z / c)))
            if bucket is not None:
                near = sorted({*grid.wide, *bucket}) if grid.wide else bucket
        self.clock.spend(len(near))
        zones = self.zones
        for i in near:
            zt = zones[i].transform
            if zt.rot_y == 0:  # Transform.contains of an unturned box (most are), without the call
                if abs(x - zt.x) <= zt.scale_x / 2 and abs(z - zt.z) <= zt.scale_z / 2:
                    return zones[i]
            elif zt.contains(x, z):
                return zones[i]
        return None

    def tokens_on(self, card: Found) -> dict[str, int]:
        """Tokens resting on a card: inside its footprint (scaled, turned with the card) and above it."""
        t = card.transform
        w, h = CARD_FOOTPRINT[0] * t.scale_x, CARD_FOOTPRINT[1] * t.scale_z
        out: dict[str, int] = {}
        # The buckets of the token grid that the card's reach touches (Grid.points_near, written out: this runs
        # for every card in shadows). A reach at no finite place, or too wide for the grid, finds none.
        tx, tz = t.x, t.z
        r = math.hypot(w, h) / 2
        isfinite, floor, c = math.isfinite, math.floor, self.token_grid.cell
        if not (isfinite(tx - r) and isfinite(tz - r) and isfinite(tx + r) and isfinite(tz + r)):
            return out
        if r > 3 * c:  # (a reach of at most 3 cells each way never is too wide)
            across = floor((tx + r) / c) - floor((tx - r) / c) + 1
            if across * (floor((tz + r) / c) - floor((tz - r) / c) + 1) > Grid.MAX_CELLS:
                return out
        turned = t.rot_y != 0
        if turned:
            reach_x = reach_z = r
        else:  # an unturned card: its footprint, a smaller box than its reach (fewer buckets), with a margin
            # far above rounding so that no token the test below takes lies outside it
            reach_x, reach_z = abs(w) / 2, abs(h) / 2
            margin = 1e-6 * (1 + abs(tx) + abs(tz) + reach_x + reach_z)
            reach_x, reach_z = reach_x + margin, reach_z + margin
        xs = range(floor((tx - reach_x) / c), floor((tx + reach_x) / c) + 1)
        zs = range(floor((tz - reach_z) / c), floor((tz + reach_z) / c) + 1)
        cells = self.token_cells
        buckets = [b for cx in xs for cz in zs if (b := cells.get((cx, cz)))]
        self.clock.spend(sum(map(len, buckets)))
        # Transform.contains of the card's footprint, its turn worked out once per card, not once per token:
        # the same arithmetic, without building a Transform for every card (half of a large import's time).
        half_w, half_h, lowest = w / 2, h / 2, t.y - 0.05
        if turned:
            a = math.radians(t.rot_y)
            cos_a, sin_a = math.cos(a), math.sin(a)
            for bucket in buckets:
                for x, z, y, kind in bucket:
                    dx, dz = x - tx, z - tz
                    dx, dz = dx * cos_a - dz * sin_a, dx * sin_a + dz * cos_a
                    if -half_w <= dx <= half_w and -half_h <= dz <= half_h and y >= lowest:
                        out[kind] = out.get(kind, 0) + 1
        else:
            for bucket in buckets:
                for x, z, y, kind in bucket:
                    dx, dz = x - tx, z - tz
                    if -half_w <= dx <= half_w and -half_h <= dz <= half_h and y >= lowest:
                        out[kind] = out.get(kind, 0) + 1
        return out


def import_save(data: bytes | Any, lookup: CardLookup, source: str = "file",
                progress: Callable[[int], None] | None = None, budget: Budget | None = None,
                lang: str = "en") -> dict[str, Any]:
    """Read a save (bytes or parsed JSON) into a report of what the table shows; why a card is not identified is
    said in ``lang`` (``reason``) and as a machine code (``reason_code``).

    Over ``budget`` (bytes, objects, nesting, time) it raises TtsTooLarge, whose ``code`` and ``status`` say why.
    """
    budget = budget or Budget()
    clock = budget.start()
    with collector_paused():  # the parsed save is alive throughout and holds no cycles (companion/heap.py)
        root = parse_bytes(bytes(data), source, budget) if isinstance(data, bytes | bytearray) else data
        w = walk(root, progress, clock)
        out = report(w, lookup, source, clock, lang)
        # Let go of the save while the collector is still paused: its first pass afterwards would otherwise walk
        # every object the import made (as young ones) only to find them alive, some 5 to 10 ms for 8,000 cards.
        del root, w
    return out


def report(w: Walk, lookup: CardLookup, source: str, clock: Clock | None = None, lang: str = "en"
           ) -> dict[str, Any]:
    players: dict[str, dict[str, Any]] = {}

    def player(colour: str) -> dict[str, Any]:
        p = players.get(colour)  # (setdefault would build the empty record for every card)
        if p is None:
            p = players[colour] = {"shadows": [], "hand": 0, "dead": [], "discard": [], "play": [], "draw": 0}
        return p

    for z in w.zones:
        if z.colour:
            player(z.colour)
    clock = clock or Budget().start()
    places = Places(w.zones, w.tokens, clock)
    unidentified: list[dict[str, Any]] = []
    identified = 0
    methods: dict[str, int] = {}
    on_table = 0
    # Copies of a card carry the same notes: each different set of facts is identified once (with the name of
    # the card it is, if it is one).
    known: dict[tuple[str, str, str | None, str, str], tuple[Identified, str | None]] = {}
    by_code, zone_of, tokens_on = lookup.by_code, places.zone_of, places.tokens_on
    shadows_x: dict[str, list[float]] = {}  # each colour's shadows cards' places along its zone, to sort them by
    for n, card in enumerate(w.cards, start=1):
        if n % 1000 == 0:
            clock.check(f"{n} cards identified")
        facts = (card.gm_notes, card.memo, card.face_url, card.name, card.description)
        seen = known.get(facts)
        if seen is None:
            ident = identify(card, lookup)
            seen = known[facts] = (ident, by_code[ident.code].name if ident.code else None)
        ident, code_name = seen
        if ident.code:
            identified += 1
            methods[ident.method] = methods.get(ident.method, 0) + 1
        else:
            if len(unidentified) < MAX_LISTED:
                unidentified.append({"guid": card.guid, "path": card.path, "name": card.name,
                                     "reason": ident.reason_in(lang), "reason_code": ident.reason_code,
                                     **({"candidates": ident.candidates} if ident.candidates else {})})
        # Where it is: its top-level object's position (a card in a deck lies where its deck lies).
        at = card.at
        zone = zone_of(at)
        if zone is None or zone.colour is None:  # (only zones with a colour are indexed)
            on_table += 1
            continue
        p = players.get(zone.colour) or player(zone.colour)
        kind = zone.kind
        if kind == "hand":
            p["hand"] += 1
        elif kind == "draw":
            p["draw"] += 1
        elif kind == "shadows" or kind in ("dead", "discard", "play"):
            entry: dict[str, Any] = {"guid": card.guid, "code": ident.code,
                                     "name": code_name if ident.code else card.name or None,
                                     "face_down": card.face_down, "identified_by": ident.method or None}
            if kind == "shadows":
                entry["tokens"] = tokens_on(card) if card.top_level else {}
                zt = zone.transform  # an unturned zone (most are): the same x without trigonometry
                xs = shadows_x.get(zone.colour)
                if xs is None:
                    xs = shadows_x[zone.colour] = []
                xs.append(at.x - zt.x if zt.rot_y == 0 else zt.to_local(at.x, at.z)[0])
            p[kind].append(entry)
    for colour, xs in shadows_x.items():
        shadows = players[colour]["shadows"]
        # Left to right along the zone; cards at the same place keep the order they were read in (a stable sort).
        shadows[:] = [shadows[i] for i in sorted(range(len(xs)), key=xs.__getitem__)]
        for i, e in enumerate(shadows, start=1):
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

