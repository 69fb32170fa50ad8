"""JSON from outside the companion: every integer of at most ``MAX_DIGITS`` digits, refused before conversion.

Python turns a JSON integer of any length into an ``int``: 4,300 digits take quadratic time and 4,301 raise
(the interpreter's int-string limit). No number the companion reads needs more than 19 digits (a 64-bit
integer, SQLite's own limit), so a longer one is refused while it is still text.
"""

from __future__ import annotations

import json
import threading
from typing import Any

#: The most digits a JSON integer may have (2**63 has 19; the rest is slack for signs and leading zeros).
MAX_DIGITS = 30


class LongNumber(ValueError):
    """A JSON integer with more than ``MAX_DIGITS`` digits; ``field`` is where it was (``action.amount``)."""

    def __init__(self, digits: int, field: str = "") -> None:
        leaf = field.rsplit(".", 1)[-1].split("[", 1)[0]
        where = f" in '{leaf}'" if leaf else ""
        super().__init__(f"the number{where} has {digits} digits; at most {MAX_DIGITS} are read")
        self.digits, self.field = digits, field


class _Long:
    """Where an over-long integer was, kept as its digit count: it is never converted."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def parse_int(text: str) -> int:
    digits = len(text) - (text[:1] == "-")
    if digits > MAX_DIGITS:
        raise LongNumber(digits)
    return int(text)


def _find(value: Any, field: str = "") -> LongNumber | None:
    if isinstance(value, _Long):
        return LongNumber(value.digits, field)
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = _find(item, f"{field}[{key}]" if isinstance(key, int) else f"{field}.{key}" if field else key)
        if found is not None:
            return found
    return None


#: ``json.JSONDecoder`` for outside input (``raw_decode`` too): ``LongNumber`` at the first over-long integer.
DECODER = json.JSONDecoder(parse_int=parse_int)


class _Seen(threading.local):
    """The over-long integers the decoding on this thread met so far (each decoding starts it empty)."""

    def __init__(self) -> None:
        self.longs: list[_Long] = []


_SEEN = _Seen()


def _bounded(digits: str) -> int | _Long:
    n = len(digits) - (digits[:1] == "-")
    if n > MAX_DIGITS:
        _SEEN.longs.append(_Long(n))
        return _SEEN.longs[-1]
    return int(digits)


#: The decoder ``loads`` uses, made once (``json.loads`` with ``parse_int`` made one, with its scanner, per call).
_LOADS = json.JSONDecoder(parse_int=_bounded)


def loads(text: str | bytes) -> Any:
    """``json.loads`` with integers bounded: ``LongNumber`` (a ``ValueError``) names where an over-long one is."""
    if isinstance(text, str):
        if text.startswith("\ufeff"):
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
    else:
        text = text.decode(json.detect_encoding(text), "surrogatepass")
    seen = _SEEN.longs = []
    value = _LOADS.decode(text)
    if seen:
        raise _find(value) or LongNumber(seen[0].digits)
    return value
