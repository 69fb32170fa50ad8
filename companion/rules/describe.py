"""Every action described from its declaration alone: the JSON schema the API publishes and the
table in docs/table-log.md. Nothing here is written by hand per action."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Annotated, Any, Union

from companion.rules.actions import REGISTRY
from companion.rules.actions.base import (
    DEFAULT_BOUND,
    Action,
    Bound,
    Declared,
    Recorder,
    Ref,
    card_fields,
    seat_fields,
)

WHO = {
    Recorder.PLAYER: "the seat named in `player` (its own cards and gold)",
    Recorder.EFFECT: "the seat whose effect it is (`player`); another seat's face-down card waits for that seat",
    Recorder.TABLE: "any seat, the host or the judge",
    Recorder.JUDGE: "the judge only",
    Recorder.CLAIM: "the seat named in `player` for itself, or any seat for nobody (no `player`); the host or "
                    "the judge for any seat",
}


def _schema(hint: Any) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    if origin is Annotated:
        base, *meta = typing.get_args(hint)
        out = _schema(base)
        for m in meta:
            if isinstance(m, Bound):
                if base is int:
                    out.update({"minimum": m.lo, "maximum": m.hi})
                elif typing.get_origin(base) is list:
                    out.update({"minItems": m.lo, "maxItems": m.hi})
                else:
                    out.update({"minLength": m.lo, "maxLength": m.hi})
            if m is Ref.CARD:
                out["description"] = "a card instance (SEAT.CODE.COPY) or a face-down card's position (SEAT:shadows#N)"
            if m is Ref.SEAT:
                out["description"] = "a seat"
        return out
    if origin in (Union, types.UnionType):
        options = [_schema(h) for h in typing.get_args(hint) if h is not type(None)]
        return options[0] if len(options) == 1 else {"anyOf": options}
    if origin is typing.Literal:
        return {"enum": list(typing.get_args(hint))}
    if origin is list:
        return {"type": "array", "items": _schema(typing.get_args(hint)[0])}
    if hint is int:
        return {"type": "integer", "minimum": DEFAULT_BOUND.lo, "maximum": DEFAULT_BOUND.hi}
    if hint is bool:
        return {"type": "boolean"}
    if hint is str:
        return {"type": "string", "minLength": 1, "maxLength": 200}
    return {}


def action_schema(cls: type[Action]) -> dict[str, Any]:
    return declared_schema(cls, f"recorded by {WHO[cls.records]}")


def declared_schema(cls: type[Declared], description: str) -> dict[str, Any]:
    """The JSON schema of a declared class (an action, a Tapestry entry): from its typed fields alone."""
    hints = typing.get_type_hints(cls, include_extras=True)
    fields = dataclasses.fields(cls)
    return {
        "type": "object",
        "title": cls.type,
        "description": description,
        "required": ["type", *(f.name for f in fields if f.default is dataclasses.MISSING)],
        "properties": {"type": {"const": cls.type}, **{f.name: _schema(hints[f.name]) for f in fields}},
        "additionalProperties": False,
    }


def field_schema(cls: type[Declared], name: str) -> dict[str, Any]:
    """The JSON schema of one declared field (for a route whose body carries it outside its class)."""
    return _schema(typing.get_type_hints(cls, include_extras=True)[name])


def action_schemas() -> dict[str, Any]:
    return {"oneOf": [action_schema(REGISTRY[name]) for name in sorted(REGISTRY)]}


def action_table() -> str:
    """Markdown: each action's declared traits."""
    rows = ["| type | recorded by | names cards | names seats | waits for the card's owner |", "|---|---|---|---|---|"]
    for name in sorted(REGISTRY):
        cls = REGISTRY[name]
        waits = "yes" if cls.records is Recorder.EFFECT and cls.needs_owner and card_fields(cls) else ""
        rows.append(f"| `{name}` | {cls.records.value} | {', '.join(f'`{f}`' for f in card_fields(cls))} | "
                    f"{', '.join(f'`{f}`' for f in seat_fields(cls))} | {waits} |")
    return "\n".join(rows) + "\n"


BEGIN, END = "<!-- actions:begin (generated: python -m tests.actions_doc) -->", "<!-- actions:end -->"

