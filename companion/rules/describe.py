"""Every action described from its declaration alone: the JSON schema the API publishes and the
table in docs/table-log.md. Nothing here is written by hand per action."""

from __future__ import annotations

from typing import Any

from companion.declare import schema
from companion.rules.actions import REGISTRY
from companion.rules.actions.base import Action, Declared, Recorder, card_fields, seat_fields
from companion.rules.editions import Table

WHO = {
    Recorder.PLAYER: "the seat named in `player` (its own cards and gold)",
    Recorder.EFFECT: "the seat whose effect it is (`player`); another seat's face-down card waits for that seat",
    Recorder.TABLE: "any seat, the host or the judge",
    Recorder.JUDGE: "the judge only",
    Recorder.CLAIM: "the seat named in `player` for itself, or any seat for nobody (no `player`); the host or "
                    "the judge for any seat",
}


def action_schema(cls: type[Action]) -> dict[str, Any]:
    return declared_schema(cls, f"recorded by {WHO[cls.records]}")


def declared_schema(cls: type[Declared], description: str) -> dict[str, Any]:
    """The JSON schema of a declared class (an action, a Tapestry entry): msgspec's, from its typed fields
    alone, with the ``type`` the JSON carries beside them (a class attribute, not a field)."""
    out = schema(cls)
    return {
        "type": "object",
        "title": cls.type,
        "description": description,
        "required": ["type", *out.get("required", [])],
        "properties": {"type": {"const": cls.type}, **out["properties"]},
        "additionalProperties": False,
    }


def field_schema(cls: type[Declared], name: str) -> dict[str, Any]:
    """The JSON schema of one declared field (for a route whose body carries it outside its class)."""
    field: dict[str, Any] = schema(cls)["properties"][name]
    return field


def entry_card_names(table: Table, entry: dict[str, Any]) -> dict[str, str]:
    """The titles of the cards a log entry names by instance id, as its reader received it (after
    ``redact_entry``). An entry is sealed when written: an id left in it is a card its reader saw then (a card
    marshalled face up), and a card hidden then stays a position (``B:shadows#1``), which gets no title. The
    page needs them where the card is hidden now: a face-up marshal still reads as what everyone saw, never as "a
    card" (a move taken back is sealed again first: ``views.reseal_taken_back``)."""
    kind = entry.get("kind")
    if kind not in ("action", "undo", "request"):
        return {}
    data = entry.get("data") or {}
    action = data if kind == "action" else data.get("action") or {}
    cls = REGISTRY.get(action.get("type", "")) if isinstance(action, dict) else None
    names = {}
    for name in card_fields(cls) if cls else ():
        cid = action.get(name)
        if isinstance(cid, str) and cid in table.instances:
            names[cid] = table.card(cid).name
    return names


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

