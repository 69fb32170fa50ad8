"""Reading Tabletop Simulator saves, Saved Objects and bare objects (``getJSON()`` / ``getData()``).

Facts (shared/docs/tts.md): nested GUIDs are not unique; a card inside a deck takes its image from
the *parent deck's* ``CustomDeck`` (its own entry is often stale); face-down is
``cos(rotX)·cos(rotZ) < 0``; hands come from ``HandTrigger`` objects or, in older saves, from
``Hands.HandTransforms``; zone membership is by position (an oriented box); tokens sit on a card by
position.
"""

from __future__ import annotations

import json
import math
import operator
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from companion import safejson

CARD_NAMES = {"Card", "CardCustom"}
DECK_NAMES = {"Deck", "DeckCustom"}
ZONE_NAMES = {"HandTrigger", "ScriptingTrigger", "FogOfWarTrigger", "LayoutZone"}
TOKEN_NAMES = {"Custom_Token", "Custom_Tile", "Custom_Model", "Counter", "Chip_10", "Chip_50", "Chip_100",
               "Chip_500", "Chip_1000", "BlockSquare", "BlockRectangle", "Custom_Token_Stack"}
COLOURS = ("White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Pink", "Grey", "Black")
#: A card's footprint on the table at scale 1, in TTS units (width along X, length along Z).
#: Not measured in a live game yet: tokens are matched generously, and the size is a setting.
CARD_FOOTPRINT = (2.2, 3.1)


class TtsError(ValueError):
    """A file that is not a readable TTS save or object."""


class TtsTooLarge(TtsError):
    """A save over the import's budget. ``code``: too_large (bytes), too_many (objects), too_deep (nesting),
    too_slow (time); ``status`` is the HTTP status the web layer answers with (413 or 422)."""

    def __init__(self, code: str, message: str, limit: float) -> None:
        super().__init__(message)
        self.code, self.limit = code, limit
        self.status = 413 if code == "too_large" else 422


@dataclass(frozen=True, slots=True)
class Budget:
    """What one import may cost. A real 4 MB save has a few thousand objects and imports in well under a second.
    The defaults suit a file on the user's own disk; the web layer passes a tighter budget."""

    max_bytes: int = 256 * 1024 * 1024
    max_objects: int = 200_000
    max_depth: int = 64  # decks in bags in bags …
    max_seconds: float = 20.0
    max_checks: int = 1_000_000  # token-on-card and card-in-zone tests (a pile of everything on one spot)

    def start(self) -> Clock:
        return Clock(self, time.monotonic())


@dataclass(slots=True)
class Clock:
    budget: Budget
    started: float
    checks: int = 0

    def spend(self, checks: int) -> None:
        self.checks += checks
        if self.checks > self.budget.max_checks:
            raise TtsTooLarge("too_many", f"the save piles too many cards, tokens and zones on the same spots "
                              f"(over {self.budget.max_checks} position tests)", self.budget.max_checks)

    def check(self, what: str) -> None:
        spent = time.monotonic() - self.started
        if spent > self.budget.max_seconds:
            raise TtsTooLarge("too_slow", f"reading the save took over {self.budget.max_seconds:g} s ({what}); it is "
                              "too big or too tangled to import here", self.budget.max_seconds)


#: A Transform's numbers in the save, with the value a missing or non-numeric one takes.
_TRANSFORM_KEYS = (("posX", 0), ("posY", 0), ("posZ", 0), ("rotX", 0), ("rotY", 0), ("rotZ", 0),
                   ("scaleX", 1), ("scaleY", 1), ("scaleZ", 1))
_TRANSFORM_NUMBERS = operator.itemgetter(*(key for key, _default in _TRANSFORM_KEYS))
_FLOAT, _NUMBER = {float}, {float, int}
_NUMBER_TYPES = (int, float)  # (``int | float`` would build a union at each call)


# Not frozen: a frozen dataclass's __init__ costs several times a plain one, and a save builds one for each of
# its objects. Nothing changes a Transform once it is read.
@dataclass(slots=True)
class Transform:
    x: float = 0.0
    y: float = 0.0
    z: float = 0.0
    rot_x: float = 0.0
    rot_y: float = 0.0
    rot_z: float = 0.0
    scale_x: float = 1.0
    scale_y: float = 1.0
    scale_z: float = 1.0

    @classmethod
    def of(cls, obj: dict[str, Any]) -> Transform:
        t = obj.get("Transform") or {}
        if not isinstance(t, dict):
            return cls()
        # Every object of a save has one: read without a helper call per number (a large share of an import).
        try:
            given = _TRANSFORM_NUMBERS(t)
        except KeyError:
            pass
        else:
            if _FLOAT.issuperset(map(type, given)):  # as TTS writes them (no set is built to say so)
                return cls(*given)
            if _NUMBER.issuperset(map(type, given)):  # whole numbers among them (bool is a type of its own here)
                return cls(*map(float, given))
        values: list[float] = []
        for key, default in _TRANSFORM_KEYS:
            v = t.get(key, default)
            kind = type(v)
            if kind is float:
                values.append(v)
            else:
                values.append(float(v) if isinstance(v, int | float) and kind is not bool else default)
        return cls(*values)

    @property
    def face_down(self) -> bool:
        if self.rot_x == 0:  # cos(0) is exactly 1: the same answer with one cosine
            return math.cos(math.radians(self.rot_z)) < 0
        return math.cos(math.radians(self.rot_x)) * math.cos(math.radians(self.rot_z)) < 0

    def to_local(self, x: float, z: float) -> tuple[float, float]:
        """A table point in this object's own frame (turned by its rotY)."""
        a = math.radians(self.rot_y)
        dx, dz = x - self.x, z - self.z
        return dx * math.cos(a) - dz * math.sin(a), dx * math.sin(a) + dz * math.cos(a)

    def contains(self, x: float, z: float, y: float | None = None) -> bool:
        """Is the point inside this zone's box? The scale is the box's full size, rotated by rotY."""
        if self.rot_y == 0:  # most boxes are not turned: no trigonometry (the same answer, non-finite points too)
            lx, lz = x - self.x, z - self.z
        else:
            lx, lz = self.to_local(x, z)
        inside = abs(lx) <= self.scale_x / 2 and abs(lz) <= self.scale_z / 2
        if y is not None:
            inside = inside and abs(y - self.y) <= max(self.scale_y / 2, 1.0)
        return inside


@dataclass(slots=True)
class Zone:
    kind: str  # hand, shadows, dead, discard, play, draw, zone
    colour: str | None
    name: str
    transform: Transform


@dataclass(slots=True)
class Found:
    """A card object found somewhere in the save."""

    guid: str
    name: str  # TTS Nickname
    description: str
    gm_notes: str
    memo: str
    card_id: int | None
    face_url: str | None
    top_level: bool
    container: str | None  # Nickname or Name of the enclosing deck/bag
    transform: Transform
    at: Transform  # where its top-level object lies (a card in a deck lies where the deck lies)
    face_down: bool
    path: str  # where in the file, for messages ("ObjectStates[12].ContainedObjects[3]")


@dataclass(slots=True)
class Walk:
    objects: int = 0
    cards: list[Found] = field(default_factory=list)
    decks: int = 0
    containers: int = 0
    zones: list[Zone] = field(default_factory=list)
    tokens: list[tuple[str, Transform, str]] = field(default_factory=list)  # (kind, transform, guid)
    kinds: dict[str, int] = field(default_factory=dict)
    shape: str = ""
    save_name: str = ""


#: Each digit made "0" and every other byte a space: an integer safejson refuses is a run of more digits than it
#: allows, so a save without such a run needs none of its per-integer checks (a tenth of the parse).
_DIGITS = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
_LONG_RUN = b"0" * (safejson.MAX_DIGITS + 1)


#: msgspec reads JSON into the same values as json.loads in well under half its time (a save's parse is most
#: of its import); what it refuses (NaN, a float out of range, a lone surrogate, bad JSON) json.loads reads, or
#: explains, as before. Both stop at Python's recursion limit.
_DECODER = msgspec.json.Decoder()


def _read(text: str) -> Any:
    try:
        return _DECODER.decode(text)
    except msgspec.DecodeError:
        return json.loads(text)


def parse_bytes(data: bytes, source: str = "file", budget: Budget | None = None) -> dict[str, Any] | list[Any]:
    """JSON text in, with clear errors for what TTS users actually upload by mistake."""
    limit = (budget or Budget()).max_bytes
    if len(data) > limit:
        raise TtsTooLarge("too_large", f"{source} is {len(data)} bytes; the limit is {limit}", limit)
    if not data.strip():
        raise TtsError(f"{source} is empty")
    head = data[:4]
    if len(data) >= 5 and data[:1] not in b"{[ \t\r\n\xef" and int.from_bytes(head, "little") == len(data):
        raise TtsError(f"{source} looks like a BSON workshop file; open it in Tabletop Simulator and save it "
                       "again (saves are JSON), or export the object with 'Save Object'")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TtsError(f"{source} is not UTF-8 text (byte {exc.start}); is it a TTS save?") from None
    try:
        # Without a run of digits long enough anywhere no integer can be over-long: no per-integer check.
        parsed: dict[str, Any] | list[Any] = safejson.loads(text) if _LONG_RUN in data.translate(_DIGITS) \
            else _read(text)
        return parsed
    except safejson.LongNumber as exc:
        raise TtsError(f"{source}: {exc}") from None
    except RecursionError:
        raise TtsTooLarge("too_deep", f"{source} nests its JSON too deep to be a TTS save", 0) from None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) - 1:
            raise TtsError(f"{source} ends in the middle of the JSON (truncated at line {exc.lineno}); "
                           "the file was not saved or copied completely") from None
        raise TtsError(f"{source} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None


def shape_of(root: Any) -> tuple[str, list[Any]]:
    """A full save, a Saved Object file, or a bare object; and its top-level objects."""
    if isinstance(root, dict) and isinstance(root.get("ObjectStates"), list):
        kind = "save" if root.get("SaveName") or root.get("GameMode") or root.get("Date") else "saved-object"
        return kind, root["ObjectStates"]
    if isinstance(root, dict) and isinstance(root.get("Name"), str):
        return "object", [root]
    if isinstance(root, list) and root and all(isinstance(o, dict) and "Name" in o for o in root):
        return "objects", root
    raise TtsError("this JSON is not a TTS save, Saved Object or object: it has no ObjectStates and no Name")


_ZONE_LABEL = re.compile(
    r"^\s*(?:agot\s*[:\-]\s*)?(shadows?|schatten|dead(?:\s*pile)?|totenstapel|discard(?:\s*pile)?|play(?:\s*area)?|"
    r"draw(?:\s*deck)?|hand)\s*[:\-]\s*([A-Za-z]+)\s*$|^\s*agot\s*:\s*([A-Za-z]+)\s*:\s*(\w+)\s*$",
    re.IGNORECASE,
)
_KINDS = {"shadow": "shadows", "shadows": "shadows", "schatten": "shadows", "dead": "dead", "dead pile": "dead",
          "totenstapel": "dead", "discard": "discard", "discard pile": "discard", "play": "play", "play area": "play",
          "draw": "draw", "draw deck": "draw", "hand": "hand"}


#: The looser names modders give (the helper in TTS reads them the same way): "Red discard pile", "Dead pile (Red)".
_LOOSE_KINDS = (("shadows", ("shadow", "schatten")), ("discard", ("discard", "ablage")),
                ("dead", ("dead", "totenstapel")), ("play", ("play area", "in play")))


def _loose_label(name: str) -> tuple[str, str] | None:
    low = f" {name.lower()} "
    colour = next((c for c in COLOURS if re.search(rf"[^a-z]{c.lower()}[^a-z]", low)), None)
    if colour is None:
        return None
    for kind, words in _LOOSE_KINDS:
        if any(w in low for w in words):
            return kind, colour
    return None


def zone_label(name: str) -> tuple[str, str] | None:
    """'Shadows: Red' (or 'agot:Red:shadows', 'Red discard pile') -> ('shadows', 'Red')."""
    m = _ZONE_LABEL.match(name or "")
    if not m:
        return _loose_label(name or "")
    if m.group(1):
        kind, colour = " ".join(m.group(1).lower().split()), m.group(2)
    else:
        colour, kind = m.group(3), m.group(4).lower()
    kind = _KINDS.get(kind, kind)
    colour = colour.capitalize()
    if colour not in COLOURS:
        return None
    return kind, colour


def walk(root: Any, progress: Callable[[int], None] | None = None, clock: Clock | None = None) -> Walk:
    """Visit every object: ContainedObjects, States and ChildObjects, keeping the nearest deck."""
    clock = clock or Budget().start()
    budget = clock.budget
    max_depth, max_objects = budget.max_depth, budget.max_objects
    shape, top = shape_of(root)
    w = Walk(shape=shape, save_name=str(root.get("SaveName", "")) if isinstance(root, dict) else "")
    if isinstance(root, dict) and isinstance(root.get("Hands"), dict):
        for h in root["Hands"].get("HandTransforms") or []:
            if isinstance(h, dict) and isinstance(h.get("Color"), str):
                w.zones.append(Zone("hand", h["Color"], f"hand {h['Color']}", Transform.of(h)))
    # Looked up once, not once per object: a large save has tens of thousands of them.
    cards, zones, tokens, kinds = w.cards, w.zones, w.tokens, w.kinds
    transform_of = Transform.of
    objects = 0

    def visit(objs: Iterable[tuple[int | str, Any]], where: str, deck: dict[str, Any] | None, container: str | None,
              top_level: bool, top_transform: Transform | None, depth: int) -> None:
        """The objects of one list (or States map), in order, as (key, object): one call for all of them, not one
        each. An object's path in the file is ``where[key]``, written out only when needed (a card, an error, its
        children)."""
        nonlocal objects
        for key, obj in objs:
            if not isinstance(obj, dict):
                continue
            if depth > max_depth:
                raise TtsTooLarge("too_deep", f"objects nested more than {max_depth} deep at {where}[{key}]",
                                  max_depth)
            objects += 1
            if objects > max_objects:
                raise TtsTooLarge("too_many", f"the save holds over {max_objects} objects", max_objects)
            if objects % 500 == 0:
                if objects % 1000 == 0:
                    clock.check(f"{objects} objects read")
                if progress:
                    progress(objects)
            name = obj.get("Name")
            if not isinstance(name, str):
                name = "?"
            kinds[name] = kinds.get(name, 0) + 1
            transform = transform_of(obj)
            here = transform if top_level else top_transform
            path = ""
            if name in CARD_NAMES:
                path = f"{where}[{key}]"
                cards.append(_found(obj, path, deck, container, top_level, transform, here))
            elif name in DECK_NAMES:
                w.decks += 1
            elif name in ZONE_NAMES:
                if top_level:
                    zone = zone_label(str(obj.get("Nickname") or ""))
                    if name == "HandTrigger":
                        zones.append(Zone("hand", str(obj.get("FogColor") or "") or None,
                                          str(obj.get("Nickname") or ""), transform))
                    elif zone:
                        zones.append(Zone(zone[0], zone[1], str(obj.get("Nickname")), transform))
                    else:
                        zones.append(Zone("zone", None, str(obj.get("Nickname") or name), transform))
            elif top_level and (name in TOKEN_NAMES or "Token" in name or "Chip" in name):
                tokens.append((str(obj.get("Nickname") or name), transform, str(obj.get("GUID") or "")))
            children = obj.get("ContainedObjects")
            states = obj.get("States")
            attached = obj.get("ChildObjects")
            if children is None and states is None and attached is None:  # most objects: cards, tokens, zones
                continue
            path = path or f"{where}[{key}]"
            if isinstance(children, list):
                if name not in DECK_NAMES:
                    w.containers += 1
                visit(enumerate(children), f"{path}.ContainedObjects", obj if name in DECK_NAMES else deck,
                      str(obj.get("Nickname") or name), False, here, depth + 1)
            if isinstance(states, dict):
                visit(states.items(), f"{path}.States", deck, container, False, here, depth + 1)
            if isinstance(attached, list):
                visit(enumerate(attached), f"{path}.ChildObjects", deck, str(obj.get("Nickname") or name), False,
                      here, depth + 1)

    prefix = "ObjectStates" if shape in ("save", "saved-object") else "objects"
    try:
        visit(enumerate(top), prefix, None, None, True, None, 0)
    finally:
        w.objects = objects
    return w


def _found(card: dict[str, Any], path: str, deck: dict[str, Any] | None, container: str | None, top_level: bool,
           transform: Transform, top_transform: Transform | None) -> Found:
    get = card.get
    card_id = get("CardID")
    cid = int(card_id) if isinstance(card_id, _NUMBER_TYPES) and not isinstance(card_id, bool) else None
    face_url = None
    if cid is not None:
        key = str(cid // 100)
        for source in (deck, card):  # the parent deck's entry first: children's keys are often stale
            custom = source.get("CustomDeck") if isinstance(source, dict) else None
            if isinstance(custom, dict) and isinstance(custom.get(key), dict):
                face_url = str(custom[key].get("FaceURL") or "") or None
                break
        else:
            own = get("CustomDeck")
            if isinstance(own, dict) and len(own) == 1:
                only = next(iter(own.values()))
                if isinstance(only, dict):
                    face_url = str(only.get("FaceURL") or "") or None
    facing = top_transform if top_transform is not None else transform
    # Positional: keywords cost a large share of building one (a save has thousands); the order is Found's.
    return Found(str(get("GUID") or ""), str(get("Nickname") or ""), str(get("Description") or ""),
                 str(get("GMNotes") or ""), str(get("Memo") or ""), cid, face_url, top_level, container, transform,
                 facing, facing.face_down, path)
