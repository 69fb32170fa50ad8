"""From decoded codes to the card instances they name at a table."""

from __future__ import annotations

from typing import Any

from companion.rules.editions import Table
from companion.rules.roles import Role, RoleKind
from companion.rules.state import CardInstance
from companion.rules.suggest import suggest_actions
from companion.rules.views import visible_to
from companion.scan.engines import Code
from companion.scan.labels import LabelError, parse_payload

UNSEEN = "not a card you can see at this table"


def _unseen(row: dict[str, Any], viewer: Role, seat: str | None, status: str, message: str) -> dict[str, Any]:
    """The real reason for the judge and the deck's own seat; one answer for everyone else."""
    if viewer.is_judge or (seat is not None and viewer.sees_hidden_of(seat)):
        row.update(status=status, message=message)
    else:
        row.update(status="unseen", message=UNSEEN)
    return row


def labelled_cards(codes: list[Code], tags: dict[str, str], edition: str) -> list[str]:
    """The card instances (``seat.code.copy``) the companion labels among ``codes`` name at a table
    whose decks carry ``tags``: what was physically seen there, whether the deck holds it or not. A
    label whose tag no deck at the table carries is ``?.code.copy`` (whose it is, nobody knows)."""
    seen = []
    for code in codes:
        try:
            label = parse_payload(code.text)
        except LabelError:
            continue
        if label.edition == edition:
            seen.append(CardInstance.make_id(tags.get(label.tag, "?"), label.code, label.copy))
    return seen


def resolve_codes(codes: list[Code], table: Table | None, tags: dict[str, str], viewer: Role) -> list[dict[str, Any]]:
    """One row per code: the label, the instance it names, and the actions that make sense (for a seat).

    A code the asker may not see gets one answer whatever the reason (a hidden card, a copy not in
    that deck, another table's deck), so scanning is no way to learn another player's decklist."""
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
                why = f"deck tag {label.tag} is not a deck at this table (load the deck with its tag)"
                rows.append(_unseen(row, viewer, seat, "other-table", why))
                continue
            seat = owners[0]
        cid = CardInstance.make_id(seat, label.code, label.copy)
        if cid not in table.instances:
            why = f"copy {label.copy} of {label.code} is not in {seat}'s deck"
            rows.append(_unseen(row, viewer, seat, "not-in-deck", why))
            continue
        if not visible_to(table, cid, viewer):
            rows.append(_unseen(row, viewer, seat, "hidden", UNSEEN))
            continue
        else:
            c = table.card(cid)
            row.update(status="ok", message=c.name, card={
                "id": cid, "code": c.code, "name": c.name, "owner": seat, "zone": table.zone_of(cid).value})
            if viewer.kind in (RoleKind.SEAT, RoleKind.JUDGE):
                row["actions"] = suggest_actions(table, cid, viewer.seat or seat)
        rows.append(row)
    return rows
