"""Actions are data: a type name and a few fields, serialisable to JSON.

Each action knows how to ``check`` itself against a table (pure, adds violations
and notes) and how to ``apply`` itself (mutates the table). One module per kind
of game action, in the game's own words.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, ClassVar, TypeVar, Union

from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import ActionError

REGISTRY: dict[str, type[Action]] = {}

A = TypeVar("A", bound="type[Action]")


def action(name: str) -> typing.Callable[[A], A]:
    """Register an action class under its JSON type name."""

    def register(cls: A) -> A:
        if name in REGISTRY:
            raise RuntimeError(f"action type {name!r} registered twice")
        cls.type = name
        REGISTRY[name] = cls
        return cls

    return register


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    type: ClassVar[str] = ""
    #: False for actions that may happen before the body of a phase starts
    #: (1st edition: coming out of Shadows at the beginning of the phase).
    starts_phase_body: ClassVar[bool] = True

    def validate(self, table: Table) -> None:
        """Raise ActionError when the action cannot even be recorded (unknown seat or card)."""
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value is None:
                continue
            if f.name in ("player", "target_player") or f.name.endswith("_seat"):
                table.player(value)
            elif f.name in ("card", "attach_to"):
                table.instance(value)
            elif f.name in ("amount", "cost", "x") and value < 0:
                raise ActionError(f"{self.type}: {f.name} must not be negative (got {value})")

    def check(self, table: Table, v: Checker) -> None:
        raise NotImplementedError

    def apply(self, table: Table, v: Checker) -> None:
        raise NotImplementedError

    # -- JSON ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value is not None and value != f.default:
                out[f.name] = value
        return out


_HINTS: dict[type, dict[str, Any]] = {}


def _accepts(hint: Any, value: Any) -> bool:
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        return any(_accepts(h, value) for h in typing.get_args(hint))
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is bool:
        return isinstance(value, bool)
    if hint is str:
        return isinstance(value, str) and 0 < len(value) <= 200
    return False


def action_from_dict(data: Any) -> Action:
    """Build an action from JSON, strictly: unknown types or fields and wrong types are errors."""
    if not isinstance(data, dict):
        raise ActionError(f"an action must be a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in REGISTRY:
        known = ", ".join(sorted(REGISTRY))
        raise ActionError(f"unknown action type {kind!r}; known types: {known}")
    cls = REGISTRY[kind]
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    extra = set(data) - set(fields) - {"type"}
    if extra:
        raise ActionError(f"{kind}: unknown field(s) {', '.join(sorted(extra))}; fields: {', '.join(fields)}")
    kwargs: dict[str, Any] = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is dataclasses.MISSING:
                raise ActionError(f"{kind}: missing field {name!r}")
            continue
        value = data[name]
        if not _accepts(hints[name], value):
            raise ActionError(f"{kind}: field {name!r} has the wrong type or value ({value!r})")
        kwargs[name] = value
    return cls(**kwargs)
