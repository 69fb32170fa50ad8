"""Putting cards into play as the table's own bookkeeping: duplicates, attachments and the setup reveal.

These change the table and check nothing, so the table itself (a new phase reveals a forgotten setup)
and the actions share them; they sit below ``editions`` and the actions so that neither imports the other.
"""

from __future__ import annotations

from companion.catalog.card import Card
from companion.rules.state import TableState, Zone


def duplicate_target(t: TableState, player: str, card: str) -> str | None:
    """The unique card in play that this copy would duplicate: same title, owned and controlled by player."""
    c = t.card(card)
    if not c.unique:
        return None
    for other in t.copies_in_play(c.title_key, exclude=card):
        if t.instance(other).owner == player and t.in_play[other].controller == player:
            return other
    return None


def keeps_off(t: TableState, card: str, attachment: Card) -> str | None:
    """The rule that keeps ``attachment`` off ``card``, if one does (RR: No Attachments): its "No attachments", or its
    "No attachments except <Weapon>" when the attachment has none of the traits let through."""
    c = t.card(card)
    if c.has_keyword("no attachments"):
        return "attach.no-attachments"
    if c.attachments_except and not {x.lower() for x in c.attachments_except} & {x.lower() for x in attachment.traits}:
        return "attach.no-attachments-except"
    return None


def legal_attach_targets(t: TableState, card: Card, controller: str | None = None) -> list[str]:
    want = card.attaches_to or "character"
    out = []
    for cid, ip in t.in_play.items():
        if ip.attached_to or ip.duplicate_of:
            continue
        if t.card(cid).type != want or keeps_off(t, cid, card):
            continue
        if controller is not None and ip.controller != controller:
            continue
        out.append(cid)
    return out


def enter_play(t: TableState, player: str, card: str, attach_to: str | None, *, discard_if_no_target: bool) -> None:
    """Put a card into play under ``player``: as a duplicate, attached, discarded (no target) or alone."""
    c = t.card(card)
    owner = t.instance(card).owner
    if attach_to is not None and (attach_to == card or t.zone_of(attach_to) is not Zone.PLAY):
        attach_to = None  # advisory: flagged already; an attachment cannot sit on a card out of play
    dup = duplicate_target(t, player, card)
    if dup is not None:
        t.put_in_play(card, player, duplicate_of=dup)
    elif c.type == "attachment":
        legal = legal_attach_targets(t, c)
        if attach_to is None and not legal and discard_if_no_target:
            t.move(card, owner, Zone.DISCARD)
        else:
            t.put_in_play(card, player, attached_to=attach_to)
    else:
        t.put_in_play(card, player)


def setup_face_down_cards(t: TableState, seat: str) -> list[str]:
    """The seat's face-down setup cards still in hand, in the order placed."""
    return [c for c in t.players[seat].setup_face_down if t.where[c] == (seat, Zone.HAND)]


def setup_duplicate(t: TableState, player: str, card: str) -> str | None:
    """The copy this setup card will lie under as a duplicate: one in play, or one already placed face down."""
    dup = duplicate_target(t, player, card)
    c = t.card(card)
    if dup is not None or not c.unique:
        return dup
    placed = setup_face_down_cards(t, player)
    return next((o for o in placed if o != card and t.card(o).title_key == c.title_key), None)


def attaches_at_reveal(t: TableState, seat: str, card: str) -> bool:
    """An attachment that will go onto a card at the reveal (not a duplicate of an attachment)."""
    return t.card(card).type == "attachment" and setup_duplicate(t, seat, card) is None


def reveal_setup_cards(t: TableState) -> None:
    """The setup cards are revealed together; then, in player order, duplicates are placed and attachments
    attached (RR: Setup). Setup is over: the unspent setup gold is lost."""
    for seat in t.player_order():
        cards = setup_face_down_cards(t, seat)
        attachments = [c for c in cards if attaches_at_reveal(t, seat, c)]
        for card in [c for c in cards if c not in attachments] + attachments:
            enter_play(t, seat, card, t.players[seat].setup_face_down[card], discard_if_no_target=False)
        t.players[seat].setup_face_down.clear()
    t.setup_revealed = True
