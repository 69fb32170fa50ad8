"""From decoded codes to the card instances they name at a table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.rules.editions import Table
from companion.rules.roles import Role
from companion.rules.state import CardInstance, Zone
from companion.rules.suggest import suggest_actions
from companion.rules.views import visible_to
from companion.scan.engines import Code
from companion.scan.labels import LabelError, parse_payload
from companion.scan.titles import Read, match_card

UNSEEN = "not a card you can see at this table"


def _unseen(row: dict[str, Any], viewer: Role, seat: str | None, status: str, message: str) -> dict[str, Any]:
    """The real reason for the judge and the deck's own seat; one answer for everyone else."""
    if viewer.sees_all or (seat is not None and viewer.sees_hidden_of(seat)):
        row.update(status=status, message=message)
    else:
        row.update(status="unseen", message=UNSEEN)
    return row


def _own_untagged(table: Table, tags: dict[str, str], viewer: Role, code: str, copy: int) -> bool:
    """The asker is a seat whose deck was loaded without a tag and holds this copy of the card."""
    seat = viewer.seat
    return (seat is not None and seat not in tags.values()
            and CardInstance.make_id(seat, code, copy) in table.instances)


def _probe(table: Table, viewer: Role, code: str, copy: int, seat: str) -> tuple[bool, bool]:
    """Whether ``seat``'s copy of the card is at the table, and whether ``viewer`` may know it."""
    cid = CardInstance.make_id(seat, code, copy)
    return cid in table.instances, visible_to(table, cid, viewer)


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
        # The same lookups for every label, whatever its tag names (a deck at the table or none) and wherever the
        # card lies: each seat's copy, whether the table holds it, whether the asker may see it. What the answer
        # then says depends on them; the work done to get there does not (no faster path for one kind of label).
        probes = {s: _probe(table, viewer, label.code, label.copy, s) for s in table.seats}
        if seat is None:
            # No deck registered this tag: accept it only if exactly one seat could own this copy, as far as the
            # asker can tell: another seat's copy counts only where the asker sees it (else whether B's own card
            # read as hers would say whether A's hidden deck holds the same copy).
            owners = [s for s, (held, seen) in probes.items() if held and (viewer.sees_hidden_of(s) or seen)]
            own_untagged = _own_untagged(table, tags, viewer, label.code, label.copy)
            if len(owners) != 1 or tags:
                why = f"deck tag {label.tag} is not a deck at this table (load the deck with its tag)"
                if own_untagged:
                    # Most likely the asker's own card, its deck loaded without the tag on its labels: say what is
                    # wrong. Decided by the asker's own deck and the table's tags alone: nothing of another seat.
                    row.update(status="other-table", message=why)
                else:
                    _unseen(row, viewer, seat, "other-table", why)
                rows.append(row)
                continue
            seat = owners[0]
        else:
            _own_untagged(table, tags, viewer, label.code, label.copy)  # the same work as for an unknown tag
        cid = CardInstance.make_id(seat, label.code, label.copy)
        held, seen = probes.get(seat) or _probe(table, viewer, label.code, label.copy, seat)
        if not held:
            why = f"copy {label.copy} of {label.code} is not in {seat}'s deck"
            rows.append(_unseen(row, viewer, seat, "not-in-deck", why))
            continue
        if not seen:
            rows.append(_unseen(row, viewer, seat, "hidden", UNSEEN))
            continue
        else:
            c = table.card(cid)
            row.update(status="ok", message=c.name, card={
                "id": cid, "code": c.code, "name": c.name, "owner": seat, "zone": table.zone_of(cid).value})
            if viewer.may_scan:
                row["actions"] = suggest_actions(table, cid, viewer.seat or seat)
        rows.append(row)
    return rows


# -- cards read by their title ------------------------------------------------------------------------

#: Which copy a title read names when the seat has several: the one in hand (about to be played or put
#: into shadows), then in shadows (coming out), then in play, then the rest.
_ZONE_ORDER = {Zone.HAND: 0, Zone.SHADOWS: 1, Zone.PLAY: 2, Zone.DECK: 3, Zone.DISCARD: 4, Zone.DEAD: 5}


def _copy_for(table: Table, seat: str, code_names: dict[str, str], name: str, viewer: Role) -> str | None:
    """The seat's instance of the title ``name`` to act on: the deck settles the printing."""
    ids = [cid for cid, inst in table.instances.items() if inst.owner == seat and code_names.get(inst.code) == name
           and visible_to(table, cid, viewer)]
    ids.sort(key=lambda cid: (_ZONE_ORDER.get(table.zone_of(cid), 9), cid))
    return ids[0] if ids else None


def _card(table: Table, cid: str, viewer: Role) -> tuple[dict[str, Any], list[Any]]:
    c = table.card(cid)
    owner = table.instances[cid].owner
    card = {"id": cid, "code": c.code, "name": c.name, "owner": owner, "zone": table.zone_of(cid).value}
    return card, suggest_actions(table, cid, viewer.seat or owner)


def resolve_titles(reads: list[Read], table: Table | None, viewer: Role, catalogue: Mapping[str, Sequence[str]]
                   ) -> list[dict[str, Any]]:
    """One row per card read by its title (its reads, one per title region, matched together: ``match_card``). A
    seat's own deck comes first (confident: the card and its actions, as a label scan answers; weak: the best two
    or three titles, those in the deck with their card); then the catalogue's titles by type (a name only). Only
    the asker's own visible copies are ever named: a title is no way to learn what another seat holds. A card
    whose reads match nothing is left out."""
    seat = viewer.seat  # a per-seat role: its own deck first; anyone else: the catalogue only
    code_names: dict[str, str] = {}
    deck: dict[str, set[str]] = {}
    if table is not None and seat is not None:
        for own, inst in table.instances.items():
            if inst.owner == seat:
                card = table.card(own)
                code_names[inst.code] = card.name
                deck.setdefault(card.type, set()).add(card.name)
    deck_by_type = {k: sorted(v) for k, v in deck.items()}
    cards: dict[int, list[Read]] = {}
    for read in reads:
        cards.setdefault(read.card, []).append(read)
    rows = []
    for group in cards.values():
        confident, guesses, best = match_card(group, deck_by_type, catalogue)
        if not guesses or best is None:
            continue
        row: dict[str, Any] = {"kind": "title", "read": best.text[:80], "corners": [list(c) for c in best.corners],
                               "confidence": guesses[0].score}
        candidates = []
        for g in guesses:
            cand: dict[str, Any] = {"name": g.name, "score": g.score, "in_deck": g.in_deck}
            mine = table is not None and seat is not None and g.in_deck
            cid = _copy_for(table, seat, code_names, g.name, viewer) if mine else None  # type: ignore[arg-type]
            if cid is not None:
                cand["card"], cand["actions"] = _card(table, cid, viewer)  # type: ignore[arg-type]
            elif g.in_deck:
                cand["in_deck"] = False  # a copy the asker may not act on now counts as not there
            candidates.append(cand)
        top = candidates[0]
        if confident and "card" in top:
            row.update(status="ok", message=top["name"], card=top["card"], actions=top["actions"])
        elif confident and seat is None:
            row.update(status="title", message=top["name"])
        else:
            row.update(status="candidates", message=", ".join(c["name"] for c in candidates))
        row["candidates"] = candidates
        rows.append(row)
    return rows
