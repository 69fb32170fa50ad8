"""The kinds of key a game has, in one table: whom they let in, and where the chain and the tables keep them.

The store stays neutral: a key opens a *key kind* and, for a per-seat kind, a seat, both plain strings. What
its holder may do is decided above, in ``companion/rules/roles.py`` (a key kind is a role kind by name). From
this table come who holds a key (``Game.key_holder``), the chain's record of the hashes that open a game
(``GameStore._key_record``), the check that the stored hashes are what the chain says (``GameStore.verify``,
every kind with a stored hash), the making and renewing of keys (``GameStore.issue_key``) and the kinds the API
offers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class KeyKind:
    name: str  # the role kind it opens ("seat", "host", …); a key entry names it as "role"
    per_seat: bool = False  # one key per seat, in the chain's slot "seat:A"
    #: The column of the games table (the seats table for a per-seat kind) that keeps its hash beside the
    #: chain, and the ``Game`` attribute it is read into; None: the chain alone keeps it.
    column: str | None = None
    field: str | None = None
    header: str | None = None  # made with the game: its entry in the header's "keys" (the chain's first link)
    asked: bool = False  # made with the game only when asked for (``GameStore.create_game``'s ``asked``)
    issued: bool = True  # made or renewed later, by a key entry (``GameStore.issue_key``)
    announced: bool = True  # every phone is told when one is made: it reads hidden cards or the TTS table
    at_events: bool = True  # made at an event's tables too (an event's judges use the event's own key)


#: Every key kind. A new one needs no column: the chain alone can keep its hash.
KEY_KINDS: tuple[KeyKind, ...] = (
    KeyKind("seat", per_seat=True, column="key_hash", field="seat_hashes", header="seats"),
    KeyKind("host", column="host_hash", field="host_hash", header="host", issued=False, announced=False),
    KeyKind("judge", column="judge_hash", field="judge_hash", header="judge", asked=True, at_events=False),
    KeyKind("table", column="table_key_hash", field="table_hash"),
    # A seat sheet's printed key: made with an event's tables (asked for) and for each sheet printed; the phone that
    # opens it exchanges it, once, for the seat's own key (``GameStore.claim_paper``). Announced when printed for a
    # seat whose phone has its key already (a judge's reprint): whoever opens that sheet takes the seat over.
    KeyKind("paper", per_seat=True, header="paper", asked=True),
)
BY_NAME: dict[str, KeyKind] = {k.name: k for k in KEY_KINDS}
#: The kinds a route makes on their own (a per-seat key is renewed for its seat).
ISSUED = [k.name for k in KEY_KINDS if k.issued and not k.per_seat]


def slot(kind: str, seat: str | None = None) -> str:
    """Where the chain's record keeps a key's hash: "host", "judge", "table", "seat:A" (a seat may be called
    "judge": its slot is never the judge's)."""
    found = BY_NAME.get(kind)
    return f"{kind}:{seat}" if found is not None and found.per_seat else kind


def kind_of(key_slot: str) -> tuple[str, str | None]:
    """The key kind and seat of a slot."""
    kind, colon, seat = key_slot.partition(":")
    return (kind, seat) if colon else (kind, None)


def kept_beside(key_slot: str) -> bool:
    """Does a table keep this slot's hash beside the chain (so ``verify`` holds the two against each other)?"""
    kind = BY_NAME.get(kind_of(key_slot)[0])
    return kind is not None and kind.column is not None


def entry_slot(data: dict[str, Any]) -> str:
    """Which slot a ``key`` entry makes or renews."""
    seat = data.get("seat")
    return slot(str(data.get("role")), None if seat is None else str(seat))


def header_slots(keys: dict[str, Any]) -> dict[str, str | None]:
    """The slots the chain's first link records (the header's "keys"): every kind's slot, None if not made."""
    out: dict[str, str | None] = {}
    for kind in KEY_KINDS:
        value = keys.get(kind.header) if kind.header else None
        if kind.per_seat:
            out.update({slot(kind.name, s): h for s, h in (value or {}).items()})
        else:
            out[kind.name] = value
    return out


def actor_kind(actor: str, seats: list[str]) -> str:
    """The key kind behind a log entry's actor ("seat:A" → "seat"; a bare seat name in entries from before)."""
    kind, seat = kind_of(actor)
    per_seat = BY_NAME.get(kind)
    if actor in seats or (seat is not None and per_seat is not None and per_seat.per_seat):
        return next(k.name for k in KEY_KINDS if k.per_seat)
    return kind
