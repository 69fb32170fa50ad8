"""Actions are data: a type name and a few fields, serialisable to JSON.

Each action knows how to ``check`` itself against a table (pure, adds violations
and notes) and how to ``apply`` itself (mutates the table). One module per kind
of game action, in the game's own words.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Annotated, Any, ClassVar, Protocol, TypeVar, Union

from msgspec import Meta

from companion.declare import Invalid, convert, number, text
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import ActionError, Phase

REGISTRY: dict[str, type[Action]] = {}

A = TypeVar("A", bound="type[Action]")


class Ref(StrEnum):
    """What a text field of an action names. Views, permission checks and the schemas read this
    declaration; nothing recognises a card field by its name."""

    CARD = "card"
    CARDS = "cards"  # a list of cards, each by instance id
    SEAT = "seat"


@dataclasses.dataclass(frozen=True, slots=True)
class Words:
    """A field whose value a reader names with a message of the catalogue, ``<prefix>.<value>`` (a phase, a
    challenge type, a token kind): the log's lines read it so, in every language."""

    prefix: str


# Fields are declared once, with msgspec's bounds (``companion/declare.py``): that declaration decodes and
# validates an action (``from_dict``) and is the schema the API publishes (``companion/rules/describe.py``).

#: A card instance at the table (``A.13089.1``), or a face-down card by position (``A:shadows#2``).
CardRef = Annotated[str, Ref.CARD, text(1, 200, description="a card instance (SEAT.CODE.COPY) or a face-down "
                                                            "card's position (SEAT:shadows#N)")]
#: Several cards at the table, each by instance id (participants, the cards a claim or the reserve takes).
CardList = Annotated[list[Annotated[str, text(1, 200)]], Ref.CARDS,
                     Meta(max_length=40, description="card instances (SEAT.CODE.COPY)")]
#: A seat at the table.
SeatRef = Annotated[str, Ref.SEAT, text(1, 200, description="a seat")]
#: Gold, costs and token counts: no table ever has more.
Amount = Annotated[int, number(0, 999)]
#: Text such as a token kind.
Word = Annotated[str, text(1, 40)]
#: Why a judge or the table recorded a result the rules do not give by themselves (a ruling, a correction).
Reason = Annotated[str, text(1, 200, description="why: a ruling or a correction")]


class Where(StrEnum):
    """Where an action is offered: a card's zone, or the table (an action that names no card)."""

    HAND = "hand"
    DECK = "deck"  # a card of the draw deck, named (scanned or found): offered like a card in hand
    SHADOWS = "shadows"
    PLAY = "play"
    DISCARD = "discard"
    DEAD = "dead"
    PLOTS = "plots"
    TABLE = "table"


class Whose(StrEnum):
    """Whose card, seen from the seat asking: its controller's in play, its owner's elsewhere."""

    OWN = "own"
    OPPONENT = "opponent"
    EITHER = "either"


#: The most cards a menu offers an attachment to, one entry each.
MAX_TARGETS = 8


@dataclasses.dataclass(frozen=True, slots=True)
class Offer:
    """One place an action is offered: the card menu of a card in one of ``where``, in the states given.
    An empty tuple or ``None`` does not narrow."""

    where: tuple[Where, ...]
    whose: Whose = Whose.EITHER
    types: tuple[str, ...] = ()  # card types it applies to
    not_types: tuple[str, ...] = ()
    kneeling: bool | None = None  # in play: only a kneeling (True) or a standing (False) card
    duplicate: bool | None = None  # in play: only a duplicate (True) or a card that is not one (False)
    phases: tuple[Phase, ...] = ()  # only in these phases
    not_phases: tuple[Phase, ...] = ()
    each_target: bool = False  # an attachment: one entry per card it may attach to
    #: Also offered for another seat's face-down card that the asker cannot see, named by position only: the
    #: offer must then not depend on the card (hidden stays hidden).
    face_down: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class Confirm:
    """The question a phone asks before sending: message ids, for a card it names and for a face-down card
    named by its position (``{card}``, ``{player}``: the card's owner)."""

    seen: str
    face_down: str | None = None
    #: Asked only in some states, said in the docs' words (the action's ``question`` tells when, with its values);
    #: empty: asked before every send of a card menu's entry.
    when: str = ""


@dataclasses.dataclass(frozen=True, slots=True)
class Tally:
    """An action that adds ``sign`` × its amount to one of the seat's counters: a burst of taps adds up to one
    action, and it may be sent again after a version conflict (commutative)."""

    counter: str  # "gold" or "power"
    sign: int  # +1 or -1


@dataclasses.dataclass(frozen=True, slots=True)
class Phone:
    """How a phone offers an action, declared beside the action's rules (``phone = Phone(...)``): the card menus,
    the docs' row of ``docs/table-log.md`` and the game page's declarations (``suggest.declarations``) are made from
    it. Nothing here changes what the action does or whether it is legal."""

    #: The card menus it appears in; empty: no card menu (the page has a control for it, or nothing does).
    offered: tuple[Offer, ...] = ()
    #: The phases in which it is the usual move with such a card: first in the menu, legal or not.
    usual_in: tuple[Phase, ...] = ()
    #: Among the usual moves of a phase, lower comes first.
    rank: int = 100
    #: Made only by a card effect: the menu keeps it behind one "by a card effect" entry.
    by_effect: bool = False
    #: The phone asks before sending it (it cannot simply be tapped again).
    confirm: Confirm | None = None
    #: A counter it changes: taps coalesce into one action.
    tally: Tally | None = None
    #: A seat's own choice that no other seat's move changes: sent again once after a version conflict (both
    #: players pick their plots at the same moment; the second tap must not be lost to the first). Tallies are too.
    resent: bool = False
    #: A move often made again with the same card (a token, power on a card): the phone offers one tap to repeat it.
    repeats: bool = False
    #: The round's offer that records it (the next phase, pass the turn, …), by the control's own name.
    control: str | None = None
    #: Drawn apart, below the round box's other buttons: a move that ends the game is not tapped by mistake.
    apart: bool = False


class Recorder(StrEnum):
    """Who may record an action (besides the judge, who may record anything)."""

    PLAYER = "player"  # only the seat named in ``player``: its own cards, hand, shadows and gold
    EFFECT = "effect"  # the seat whose card effect it is (``player``); another seat's face-down card
    #                    is named by position and the action waits for that seat to confirm it
    TABLE = "table"  # the round's flow: any seat, the host or the judge
    JUDGE = "judge"  # the judge's authority alone (time called at an event)
    CLAIM = "claim"  # a public fact a seat claims for itself (``player`` its own seat) or for nobody (no
    #                  ``player``); the host and the judge record it for any seat (dominance won)


class Declared(Protocol):
    """A class of data declared by its typed fields: an action, or an entry of another game kind's log."""

    __dataclass_fields__: ClassVar[dict[str, Any]]
    type: ClassVar[str]
    records: ClassVar[Recorder]
    label: ClassVar[str]


D = TypeVar("D", bound=Declared)


def registrar(registry: dict[str, type[D]], what: str, label: str) -> Callable[..., Callable[[type[D]], type[D]]]:
    """The decorator that registers a declared class in ``registry`` under its JSON type name, with who may
    record it; its label is the message ``<label>.<name>`` in the message catalogue."""

    def declare(name: str, *, records: Recorder) -> Callable[[type[D]], type[D]]:
        def register(cls: type[D]) -> type[D]:
            if name in registry:
                raise RuntimeError(f"{what} type {name!r} registered twice")
            cls.type = name
            cls.records = records
            cls.label = f"{label}.{name}"
            registry[name] = cls
            _traits(cls)  # fail at import when a field's declaration cannot be read
            return cls

        return register

    return declare


def action(name: str, *, records: Recorder) -> typing.Callable[[A], A]:
    """Register an action class under its JSON type name, with who may record it.

    Its label is the message ``action.<name>`` in the message catalogue."""

    def register(cls: A) -> A:
        _register_action(name, records=records)(cls)
        return cls

    return register


@dataclasses.dataclass(frozen=True, slots=True)
class Traits:
    cards: tuple[str, ...]  # fields naming a card
    lists: tuple[str, ...]  # fields naming several cards
    seats: tuple[str, ...]  # fields naming a seat
    names: tuple[str, ...]  # every field, in order
    words: dict[str, str]  # fields named by a message: field -> the message prefix


_TRAITS: dict[type, Traits] = {}


def _refs(hint: Any) -> set[Ref]:
    if typing.get_origin(hint) is Annotated:
        return {m for m in hint.__metadata__ if isinstance(m, Ref)}
    if typing.get_origin(hint) in (Union, types.UnionType):
        return set().union(*(_refs(h) for h in typing.get_args(hint)))
    return set()


def _words(hint: Any) -> Words | None:
    if typing.get_origin(hint) is Annotated:
        return next((m for m in hint.__metadata__ if isinstance(m, Words)), None)
    if typing.get_origin(hint) in (Union, types.UnionType):
        return next((w for h in typing.get_args(hint) if (w := _words(h)) is not None), None)
    return None


def field_kinds(cls: type[Action]) -> dict[str, str]:
    """How a reader names each field's value: ``seat``, ``card``, ``cards`` or ``words:<prefix>`` (others: as they
    are). From the declarations: the phone's log lines read it, and name no action. Made once per class (every view
    asks, for each action it offers): read it, never change it."""
    kinds = _KINDS.get(cls)
    if kinds is None:
        t = _traits(cls)
        kinds = _KINDS[cls] = {**{n: "seat" for n in t.seats}, **{n: "card" for n in t.cards},
                               **{n: "cards" for n in t.lists}, **{n: f"words:{p}" for n, p in t.words.items()}}
    return kinds


_KINDS: dict[type, dict[str, str]] = {}


def word_defaults(cls: type[Action]) -> dict[str, Any]:
    """The defaults of the fields named by a message (``words:``), which a stored entry leaves out: a log line reads
    a modifier's STR (``stat`` left at "str") from them."""
    kinds = field_kinds(cls)
    return {f.name: f.default for f in dataclasses.fields(cls)
            if kinds.get(f.name, "").startswith("words:") and f.default not in (dataclasses.MISSING, None)}


def _traits(cls: type) -> Traits:
    t = _TRAITS.get(cls)
    if t is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        names = [f.name for f in dataclasses.fields(cls)]
        t = _TRAITS[cls] = Traits(
            cards=tuple(n for n in names if Ref.CARD in _refs(hints[n])),
            lists=tuple(n for n in names if Ref.CARDS in _refs(hints[n])),
            seats=tuple(n for n in names if Ref.SEAT in _refs(hints[n])),
            names=tuple(names),
            words={n: w.prefix for n in names if (w := _words(hints[n])) is not None},
        )
    return t


def card_fields(cls: type[Action] | Action) -> tuple[str, ...]:
    """The fields of an action that name a card, as declared by their ``CardRef`` type."""
    return _traits(cls if isinstance(cls, type) else type(cls)).cards


def card_list_fields(cls: type[Action] | Action) -> tuple[str, ...]:
    """The fields of an action that name several cards (``CardList``)."""
    return _traits(cls if isinstance(cls, type) else type(cls)).lists


def named_cards(action: Action) -> list[str]:
    """Every card an action names, in its single and its list fields."""
    traits = _traits(type(action))
    out = [getattr(action, n) for n in traits.cards if getattr(action, n) is not None]
    for n in traits.lists:
        out += getattr(action, n) or []
    return out


def seat_fields(cls: type[Action] | Action) -> tuple[str, ...]:
    return _traits(cls if isinstance(cls, type) else type(cls)).seats


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    type: ClassVar[str] = ""
    records: ClassVar[Recorder] = Recorder.PLAYER
    label: ClassVar[str] = ""
    #: An effect naming another seat's face-down card waits for that seat to confirm it, unless the
    #: action neither moves nor reveals the card (tokens are open information).
    needs_owner: ClassVar[bool] = True
    #: False for actions that may happen before the body of a phase starts
    #: (1st edition: coming out of Shadows at the beginning of the phase).
    starts_phase_body: ClassVar[bool] = True
    #: May be recorded after the game has ended (a correction, the first player's choice of the winner); any
    #: other action then is flagged (RR: Winning the Game: the game ends immediately).
    after_game: ClassVar[bool] = False
    #: The draw phase's draw, which every player makes at the same time (RR: Appendix I › 2.2): a player decked by
    #: it ends the game only once the others' draws are in, and only those may be recorded before then.
    simultaneous_draw: ClassVar[bool] = False
    #: Its ``card`` is a draw deck's card (character, location, attachment, event): a plot or an agenda named there
    #: cannot go that way (RR: Plot Cards; RR: Agenda Cards: they never enter a hand, a draw deck or the play area as
    #: cards are marshalled or put there): impossible, refused in every mode.
    deck_cards_only: ClassVar[bool] = False
    #: Its list fields that may name one card more than once: each stealth attacker chooses its own target, and two
    #: may choose the same one (FAQ: Wolves of the North).
    repeats_in: ClassVar[frozenset[str]] = frozenset()

    #: How a phone offers it (``Phone``): its card menus, the page control that records it, what it asks first.
    phone: ClassVar[Phone] = Phone()

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        """The actions of this type the menu of ``card`` (in ``where``) shows to ``seat``, once the declaration in
        ``phone.offered`` fits. For a face-down card named by position, ``card`` is that position and this must not look
        at the card. By default one: ``player`` the seat, ``card`` the card."""
        return [cls(player=seat, card=card)]  # type: ignore[call-arg]

    def question(self, t: Table) -> dict[str, Any] | None:
        """What the round's offer of it asks before sending it now (a message of ``phone.confirm`` with its values)
        when the declaration asks only in some states (``Confirm.when``); None: nothing to ask."""
        return None

    def gold_cost(self, t: Table) -> int | None:
        """The gold this move costs its player now, as a phone says it before the tap (a card brought out of shadows:
        its Shadow value in the 2nd edition, the insert's cost in the 1st, after what raises or lowers it); None: the
        move costs no gold the phone could say beforehand."""
        return None

    def menu_label(self) -> dict[str, Any] | None:
        """Its entry's words in a card menu (a message and its values) where the action's name alone would read the
        same for two entries of one menu; None: the action's name."""
        return None

    def validate(self, table: Table) -> None:
        """Raise ActionError when the action cannot even be recorded (unknown seat or card). Its fields' types
        and bounds were settled when it was decoded (``action_from_dict``), once."""
        traits = _traits(type(self))
        for name in traits.seats:
            if getattr(self, name) is not None:
                table.player(getattr(self, name))
        named = {name: getattr(self, name) for name in traits.cards if getattr(self, name) is not None}
        for card in named.values():
            table.instance(card)
        # A card may be the source of its own effect (Robert Baratheon's STR from his own ability); any other two
        # fields naming one card make no sense: a card attached to itself.
        others = [card for name, card in named.items() if name != "source"]
        if len(set(others)) != len(others):
            itself = "attach_to" in named and named["attach_to"] == named.get("card")
            raise ActionError(f"{self.type}: " + ("a card cannot attach to itself" if itself
                                                  else "one card is named twice"))
        for name in traits.lists:
            cards = getattr(self, name) or []
            for card in cards:
                table.instance(card)
            if len(set(cards)) != len(cards) and name not in self.repeats_in:
                raise ActionError(f"{self.type}: {name} names one card twice")
        target = getattr(self, "attach_to", None)
        card = getattr(self, "card", None)
        seen: set[str] = set()
        # Following what the target is attached to must never lead back to the card: no loops.
        while isinstance(target, str) and target in table.in_play and target not in seen:
            if target == card:
                raise ActionError(f"{self.type}: attaching there would make a loop of attachments")
            seen.add(target)
            ip = table.in_play[target]
            target = ip.attached_to or ip.duplicate_of

    def check(self, table: Table, v: Checker) -> None:
        raise NotImplementedError

    def reveals(self, t: Table) -> dict[str, frozenset[str] | None]:
        """The cards this action shows, and to whom, beyond where they lie (the table before it is applied): card ->
        the seats that see it, or None for everyone. The entry's seal reads it (``views.seal``): a hand shown to the
        table, a plot revealed, a card one seat looks at. By default none: where each card lies decides."""
        return {}

    def starts_body(self, t: Table) -> bool:
        """Whether recording it ends the beginning of the phase (1st edition: the chance to come out of
        Shadows is over). Declared by ``starts_phase_body``; an action that is the phase's own step only in
        one phase says so here."""
        return self.starts_phase_body

    #: The line records a card effect on the card it names (``card``) by the card named as its ``source``: the target
    #: that card's ability may choose is judged on it (RR: Targeting; ``check_target``).
    affects_card: ClassVar[bool] = False

    def chosen_target(self, t: Table) -> tuple[str, str] | None:
        """(the card this line's card effect affects, the card whose ability it is), where it names both, else None."""
        card, source = getattr(self, "card", None), getattr(self, "source", None)
        return (card, source) if self.affects_card and isinstance(card, str) and isinstance(source, str) else None

    def ability_source(self, t: Table) -> str | None:
        """The card whose ability this line records a use of (a printed "Limit N times per round" counts its uses):
        the ``source`` it names, where it has one."""
        source = getattr(self, "source", None)
        return source if isinstance(source, str) else None

    def apply(self, t: Table) -> None:
        """Change the table. Called only after ``check``; must not fail for an action that ``validate`` accepts."""
        raise NotImplementedError

    # -- JSON ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return as_dict(self)


#: Each declared class's fields and their defaults, in order: ``as_dict`` runs for every action played and offered.
_DEFAULTS: dict[type, tuple[tuple[str, Any], ...]] = {}


def as_dict(item: Declared) -> dict[str, Any]:
    """A declared object as JSON: its type and the fields not left at their default."""
    pairs = _DEFAULTS.get(type(item))
    if pairs is None:
        pairs = _DEFAULTS[type(item)] = tuple((f.name, f.default) for f in dataclasses.fields(item))
    out: dict[str, Any] = {"type": item.type}
    for name, default in pairs:
        value = getattr(item, name)
        if value is not None and value != default:
            out[name] = value
    return out


#: What an error may repeat of a name it was sent (an unknown type or field).
_TEXT = re.compile(r"[^\x00-\x1f\x7f\ud800-\udfff]{1,200}")


def action_from_dict(data: Any) -> Action:
    """Build an action from JSON, strictly: unknown types or fields and wrong types are errors."""
    return from_dict(REGISTRY, data, what="action", error=ActionError)


def extra_fields(data: Any) -> list[str]:
    """The fields a JSON action names that its type does not have (none for an unknown type or a non-object)."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str) or data["type"] not in REGISTRY:
        return []
    return sorted(str(k) for k in set(data) - set(_traits(REGISTRY[data["type"]]).names) - {"type"})


def from_dict(registry: Mapping[str, type[D]], data: Any, *, what: str, error: Callable[[str], Exception]) -> D:
    """Build a registered declared class from JSON, strictly: unknown types or fields and values that do
    not fit a field's declaration raise ``error`` (naming the field, never echoing the value)."""
    if not isinstance(data, dict):
        raise error(f"an {what} must be a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in registry:
        known = ", ".join(sorted(registry))
        shown = repr(kind) if isinstance(kind, str) and _TEXT.fullmatch(kind) and len(kind) <= 40 else "given"
        raise error(f"unknown {what} type {shown}; known types: {known}")
    cls = registry[kind]
    fields = _traits(cls).names
    extra = set(data) - set(fields) - {"type"}
    if extra:
        named = sorted(repr(e) if isinstance(e, str) and _TEXT.fullmatch(e) and len(e) <= 40 else "…" for e in extra)
        raise error(f"{kind}: unknown field(s) {', '.join(named)}; fields: {', '.join(fields)}")
    try:
        # One pass of the declarations (msgspec): types, bounds, required fields; the value is never echoed.
        return convert({k: v for k, v in data.items() if k != "type"}, cls)
    except Invalid as exc:
        name = exc.field.split("[", 1)[0]
        if exc.problem == "is required":
            refused = error(f"{kind}: missing field {name!r}")
        else:
            refused = error(f"{kind}: field {name!r}: {exc.problem}")
        refused.field = exc.field  # type: ignore[attr-defined]  # where, for an answer's details.field
        raise refused from None


_register_action = registrar(REGISTRY, "action", "action")
