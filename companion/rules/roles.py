"""Who is asking: a role value, decided once from a key, never a name compared with strings.

A seat's name is whatever the players typed ("judge", "spectator", "Jürgen"), so it must never be
confused with a role: a ``Role`` carries its kind and, for a seat, the seat's name apart from it.

What each kind may do is one table, ``CAPABILITIES``: a kind it does not list may do nothing, and a
capability a kind's row does not name is denied. Every other module asks a ``Role`` (``role.can(…)``,
``role.may_record(…)``, ``role.sees_hidden_of(…)``, ``role.viewer``), never compares its kind.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from operator import attrgetter

from companion.rules.actions.base import Recorder


class RoleKind(StrEnum):
    SEAT = "seat"  # a player at the table: sees its own hand and shadows
    JUDGE = "judge"  # sees everything, may record and undo anything
    HOST = "host"  # set the game up: public view, round flow, join links, undo
    TABLE = "table"  # the Tabletop Simulator helper's scoped key: snapshots for one game
    SPECTATOR = "spectator"  # no key: the public view only (and its live stream)
    PAPER = "paper"  # a printed seat sheet's key: exchanged once for the seat's own key, and it opens nothing else


class Can(StrEnum):
    """What a role may do besides recording actions (``may_record``) and seeing hidden cards."""

    SEE_ALL = "see_all"  # every seat's hidden cards (hand, shadows, deck order, plots before reveal)
    SEE_OWN = "see_own"  # the hidden cards of its own seat
    OWN_VIEW = "own_view"  # gets a view made for it (without: the spectators' public view)
    FOR_ANY_SEAT = "for_any_seat"  # records what it may record for any seat, not only its own
    UNDO = "undo"  # takes back an entry (or asks for it)
    CONFIRM = "confirm"  # answers a request that waits for its seat (an effect on its face-down card)
    SET_DECK = "set_deck"  # sets a deck before play (a seat its own only)
    PLAY = "play"  # plays or rules at the table: is offered a card's actions, scans cards, is heard at events
    STREAM = "stream"  # opens the live update stream
    ISSUE_KEYS = "issue_keys"  # renews a seat's key, makes the judge and table keys
    EVENT_KEYS = "event_keys"  # renews a seat's key at an event's table too (there a player's key is the event's)
    SNAPSHOT = "snapshot"  # posts a Tabletop Simulator snapshot
    CALL_JUDGE = "call_judge"  # calls a judge to its table at an event
    RULE = "rule"  # makes rulings (a logged entry every seat sees: a warning, a correction, time)
    REPORT = "report"  # reports the result of an event's table (a seat for its table; the judge decides)
    RECORD = "record"  # records some action: follows from the row's ``records`` (never listed by hand)


@dataclass(frozen=True, slots=True)
class Capabilities:
    """One row of the table: deny by default."""

    can: frozenset[Can] = frozenset()
    records: frozenset[Recorder] = frozenset()  # the recorders of the actions it may record
    only: frozenset[str] = frozenset()  # if any: of those, only these action types (a scorekeeper: power)
    per_seat: bool = False  # the role belongs to one seat (and names it)
    keyed: bool = True  # a key opens it (a kind of ``companion/store/keys.py``); without: whoever has no key


NOTHING = Capabilities()

#: The one table of who may do what. A kind missing here sees the public view and does nothing else.
CAPABILITIES: dict[RoleKind, Capabilities] = {
    RoleKind.SEAT: Capabilities(
        frozenset({Can.SEE_OWN, Can.OWN_VIEW, Can.UNDO, Can.CONFIRM, Can.SET_DECK, Can.PLAY, Can.STREAM,
                   Can.CALL_JUDGE, Can.REPORT}),
        frozenset({Recorder.PLAYER, Recorder.EFFECT, Recorder.TABLE, Recorder.CLAIM}), per_seat=True),
    RoleKind.JUDGE: Capabilities(
        frozenset(Can) - {Can.SEE_OWN, Can.CALL_JUDGE, Can.RECORD}, frozenset(Recorder)),
    RoleKind.HOST: Capabilities(
        frozenset({Can.FOR_ANY_SEAT, Can.UNDO, Can.SET_DECK, Can.STREAM, Can.ISSUE_KEYS}),
        frozenset({Recorder.TABLE, Recorder.CLAIM})),
    RoleKind.TABLE: Capabilities(frozenset({Can.STREAM, Can.SNAPSHOT})),
    RoleKind.SPECTATOR: Capabilities(frozenset({Can.STREAM}), keyed=False),  # the public view, live
    # A paper key may do nothing: the only thing it is good for is being exchanged, once, for the seat's own key by
    # the phone that opens it (``TableService.claim_paper``), which asks for no capability.
    RoleKind.PAPER: Capabilities(per_seat=True),
}


#: ``Role.holding``'s roles (frozen: one value serves every request) and refusals (None), by kind and seat: every
#: request with a key asks, and a role made anew was half a dozen calls. At most ``HELD_KEPT``.
_HELD: dict[tuple[str, str | None], Role | None] = {}
HELD_KEPT = 4096


@dataclass(frozen=True, slots=True)
class Role:
    kind: RoleKind
    seat: str | None = None
    #: How the log names who wrote an entry: ``seat:A``, ``judge``, ``host``, ``table``. The ``seat:`` prefix keeps a
    #: seat called "judge" apart from the judge (and a seat's paper key, ``paper:A``, apart from the seat: a view made
    #: for one is never cached for the other). Made once with the role, of its kind and seat (not compared: they are):
    #: every view, cache key and write asks for it, a score of times an action.
    actor: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.capabilities.per_seat != (self.seat is not None):
            raise ValueError("a seat role names its seat, and only a seat role does")
        kind: str = self.kind._value_
        object.__setattr__(self, "actor", f"{kind}:{self.seat}" if self.seat is not None else kind)

    @staticmethod
    def of_seat(seat: str) -> Role:
        return Role(RoleKind.SEAT, seat)

    @staticmethod
    def holding(kind: str, seat: str | None = None) -> Role | None:
        """The role a key of ``kind`` opens (the store's key kinds are role kinds by name); None if no role
        has that name or the seat does not fit it."""
        key = (kind, seat)
        if key in _HELD:  # (no call: ``in`` and an index)
            return _HELD[key]
        held: Role | None
        try:
            held = Role(RoleKind(kind), seat)
        except ValueError:
            held = None
        if len(_HELD) >= HELD_KEPT:
            _HELD.clear()
        _HELD[key] = held
        return held

    @property
    def capabilities(self) -> Capabilities:
        return CAPABILITIES.get(self.kind, NOTHING)

    def can(self, what: Can) -> bool:
        row = CAPABILITIES.get(self.kind, NOTHING)  # ``capabilities``'s, without the property's call: asked often
        if what is Can.RECORD:
            return bool(row.records)
        return what in row.can

    @property
    def sees_all(self) -> bool:
        return Can.SEE_ALL in CAPABILITIES.get(self.kind, NOTHING).can  # ``can``'s, without its call: asked often

    def sees_hidden_of(self, seat: str) -> bool:
        """May this role see the hidden cards (hand, shadows, deck order) in ``seat``'s areas?"""
        can = CAPABILITIES.get(self.kind, NOTHING).can  # asked for every card of every view: one look-up
        return Can.SEE_ALL in can or (Can.SEE_OWN in can and self.seat is not None and self.seat == seat)

    def may_record(self, recorder: Recorder, action_type: str | None = None) -> bool:
        """May this role record an action of this recorder (and type) at all (for whom: ``records_for``)?"""
        row = CAPABILITIES.get(self.kind, NOTHING)
        return recorder in row.records and (not row.only or action_type in row.only)

    def records_for(self, seat: str | None) -> bool:
        """May this role record its actions for ``seat`` (None: for every seat or nobody)?"""
        return self.can(Can.FOR_ANY_SEAT) or (self.seat is not None and seat == self.seat)

    @property
    def may_undo(self) -> bool:
        return self.can(Can.UNDO)

    @property
    def may_scan(self) -> bool:
        return self.can(Can.PLAY)

    @property
    def may_stream(self) -> bool:
        return self.can(Can.STREAM)

    @property
    def may_issue_keys(self) -> bool:
        return self.can(Can.ISSUE_KEYS)

    @property
    def viewer(self) -> Role:
        """Whose view this role gets: its own, or the spectators' public one."""
        return self if Can.OWN_VIEW in CAPABILITIES.get(self.kind, NOTHING).can else SPECTATOR  # (``can``'s)

    #: The views' caches' key of this role: its actor (read through C, without a Python call: asked for every view).
    cache_key = property(attrgetter("actor"))

    def to_dict(self) -> dict[str, str | None]:
        return {"role": self.kind._value_, "seat": self.seat}  # (``value`` is a property, a call)

    @staticmethod
    def from_actor(actor: str, seats: list[str] | tuple[str, ...]) -> Role:
        """The role behind a log entry's actor; entries written before roles were values named a
        seat by its bare name."""
        if actor.startswith("seat:"):
            return Role.of_seat(actor[5:])
        if actor in seats:
            return Role.of_seat(actor)
        return Role.holding(actor) or SPECTATOR


def kinds_that(*needs: Can) -> list[RoleKind]:
    """The role kinds whose row grants every one of ``needs`` (for refusals that say which key would do)."""
    return [kind for kind, row in CAPABILITIES.items()
            if all((bool(row.records) if n is Can.RECORD else n in row.can) for n in needs)]


JUDGE = Role(RoleKind.JUDGE)
HOST = Role(RoleKind.HOST)
TABLE = Role(RoleKind.TABLE)
SPECTATOR = Role(RoleKind.SPECTATOR)
