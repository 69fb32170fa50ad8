"""From decoded codes to the card instances they name at a table."""

from __future__ import annotations

from typing import Any

from companion.rules.editions import Table
from companion.rules.state import CardInstance
from companion.rules.suggest import suggest_actions
from companion.rules.views import JUDGE, visible_to
from companion.scan.engines import Code
from companion.scan.labels import LabelError, parse_payload


def resolve_codes(codes: list[Code], table: Table | None, tags: dict[str, str], viewer: str) -> list[dict[str, Any]]:
    """One row per code: the label, the instance it names, and the actions that make sense (for a seat)."""
    rows = []
    for code in codes:
        row: dict[str, Any] = {**code.to_dict()}
        try:
            label = parse_payload(code.text)
        except LabelError as exc:
            row.update(status="foreign", message=f"not a companion label ({code.format}): {exc}")
            rows.append(row)
            continue
        row["label"] = {"edition": label.edition, "code": label.code, "tag": label.tag, "copy": label.copy}
        if table is None:
            row.update(status="label", message="a companion label")
            rows.append(row)
            continue
        if label.edition != table.edition:
            row.update(status="other-edition", message=f"a {label.edition} card; this game is {table.edition}")
            rows.append(row)
            continue
        seat = tags.get(label.tag)
        if seat is None:
            # No deck registered this tag: accept it only if exactly one seat could own this copy.
            owners = [s for s in table.seats
                      if CardInstance.make_id(s, label.code, label.copy) in table.instances]
            if len(owners) != 1 or tags:
                row.update(status="other-table",
                           message=f"deck tag {label.tag} is not a deck at this table (load the deck with its tag)")
                rows.append(row)
                continue
            seat = owners[0]
        cid = CardInstance.make_id(seat, label.code, label.copy)
        if cid not in table.instances:
            row.update(status="not-in-deck", message=f"copy {label.copy} of {label.code} is not in {seat}'s deck")
        elif viewer != JUDGE and not visible_to(table, cid, viewer):
            row.update(status="hidden", message="a card you cannot see at this table")
        else:
            c = table.card(cid)
            row.update(status="ok", message=c.name, card={
                "id": cid, "code": c.code, "name": c.name, "owner": seat, "zone": table.zone_of(cid).value})
            if viewer in table.players or viewer == JUDGE:
                acting = viewer if viewer in table.players else seat
                row["actions"] = suggest_actions(table, cid, acting)
        rows.append(row)
    return rows
