"""Putting cards into play as the table's own bookkeeping: duplicates, attachments and the setup reveal.

These change the table and check nothing, so the table itself (a new phase reveals a forgotten setup)
and the actions share them; they sit below ``editions`` and the actions so that neither imports the other.
"""

from __future__ import annotations

from companion.catalog.card import AttachOnly, Card, fold
from companion.rules.state import TableState, Zone, count_this_round, counted_this_round


def duplicate_target(t: TableState, player: str, card: str) -> str | None:
    """The unique card in play that this copy would duplicate: same title, owned and controlled by player."""
    c = t.card(card)
    if not c.unique:
        return None
    for other in t.copies_in_play(c.title_key, exclude=card):
        if t.instance(other).owner == player and t.in_play[other].controller == player:
            return other
    return None


def facedown_duplicate_target(t: TableState, card: str, attach_to: str | None) -> str | None:
    """The unique card in play a card is put on face down as a duplicate by that card's own ability, whatever the card
    is (Arya Stark: "place the top card of your deck on her facedown as a duplicate"; ``Card.takes_facedown_duplicate``;
    RR: Duplicates)."""
    if attach_to is None or attach_to == card or t.where.get(attach_to, ("", None))[1] is not Zone.PLAY:
        return None
    target = t.card(attach_to)
    if not (target.unique and target.takes_facedown_duplicate) or t.card(card).type == "attachment":
        return None
    return attach_to if t.in_play[attach_to].duplicate_of is None and t.in_play[attach_to].attached_to is None else None


def keeps_off(t: TableState, card: str, attachment: Card) -> str | None:
    """The rule that keeps ``attachment`` off ``card``, if one does (RR: No Attachments): its "No attachments", or its
    "No attachments except <Weapon>" when the attachment has none of the traits let through."""
    c = t.card(card)
    if c.has_keyword("no attachments"):
        return "attach.no-attachments"
    if c.attachments_except and not {x.lower() for x in c.attachments_except} & {x.lower() for x in attachment.traits}:
        return "attach.no-attachments-except"
    if attachment.one_per_card and any(ip.attached_to == card and t.card(a).title_key == attachment.title_key
                                       for a, ip in t.in_play.items()):
        return "attach.one-per-card"  # "Limit 1 per character." (1st edition Lordship)
    return None


def _trait(name: str) -> str:
    """Traits compare without case and spaces (the 1st edition prints "Sandsnake" for the trait Sand Snake)."""
    return "".join(name.casefold().split())


def _fits(t: TableState, target: str, only: AttachOnly, by: str | None) -> bool:
    """The card in play ``target`` is one that this alternative of a restriction allows. Printed facts are compared
    (a printed cost or STR of "X" or "-" is not known and allows); who controls or owns it only when ``by``, the
    player attaching, is known."""
    c = t.card(target)
    if c.type != only.type or (only.title is not None and c.title_key != fold(only.title)):
        return False
    if any(want is not None and have != want
           for want, have in ((only.unique, c.unique), (only.limited, c.limited), (only.loyal, c.loyal))):
        return False
    if (only.factions and not set(only.factions) & set(c.factions)) or set(only.not_factions) & set(c.factions):
        return False
    # What its attachments give it counts too ("Attached character gains the Lord trait."); a 1st-edition crest is
    # read as a Trait ("a [Holy] character").
    traits = {_trait(x) for x in (*c.traits, *c.crests)} | {_trait(x) for a, ip in t.in_play.items()
                                                            if ip.attached_to == target
                                                            for x in t.card(a).grants_traits}
    if (only.traits and not {_trait(x) for x in only.traits} & traits) or {_trait(x) for x in only.not_traits} & traits:
        return False
    cost = c.cost if isinstance(c.cost, int) else None
    if cost is not None and ((only.cost_max is not None and cost > only.cost_max)
                             or (only.cost_min is not None and cost < only.cost_min)):
        return False
    if only.strength_max is not None and c.strength is not None and c.strength > only.strength_max:
        return False
    if by is None or only.controller is None:
        return True
    if only.controller == "owner":
        return t.instance(target).owner == by
    return (t.controller(target) == by) == (only.controller == "you")


def fits_restriction(t: TableState, target: str, attachment: Card, by: str | None) -> bool:
    """The attachment's printed restriction ("Unique [stark] character only.", RR: Attachment Cards) allows the card
    in play ``target``: one of its alternatives does. No restriction, or one not read, allows every card."""
    return fits_any(t, target, attachment.attach_only, by)


def fits_any(t: TableState, target: str, alternatives: tuple[AttachOnly, ...], by: str | None) -> bool:
    """One of the alternatives describes the card (an attachment's restriction, what an ability puts into play);
    none at all allows every card."""
    return not alternatives or any(_fits(t, target, a, by) for a in alternatives)


def legal_attach_targets(
    t: TableState, card: Card, controller: str | None = None, *, by: str | None = None
) -> list[str]:
    """The cards in play ``card`` may be attached to (by ``by``, when known: "Opponent's character only"); only
    ``controller``'s cards when one is named (setup)."""
    want = card.attaches_to or "character"
    out = []
    for cid, ip in t.in_play.items():
        if ip.attached_to or ip.duplicate_of:
            continue
        if t.card(cid).type != want or keeps_off(t, cid, card) or not fits_restriction(t, cid, card, by):
            continue
        if controller is not None and ip.controller != controller:
            continue
        out.append(cid)
    return out


def enter_play(t: TableState, player: str, card: str, attach_to: str | None, *, discard_if_no_target: bool,
               setup: bool = False) -> None:
    """Put a card into play under ``player``: as a duplicate, attached, discarded (no target) or alone; knelt if
    it prints so, except in setup."""
    c = t.card(card)
    owner = t.instance(card).owner
    from_shadows = t.zone_of(card) is Zone.SHADOWS
    if attach_to is not None and (attach_to == card or t.zone_of(attach_to) is not Zone.PLAY):
        attach_to = None  # advisory: flagged already; an attachment cannot sit on a card out of play
    dup = duplicate_target(t, player, card) or facedown_duplicate_target(t, card, attach_to)
    if dup is not None:
        t.put_in_play(card, player, duplicate_of=dup)
    elif c.type == "attachment":
        legal = legal_attach_targets(t, c, by=player)
        if attach_to is None and not legal and discard_if_no_target and c.attaches_to != "house":
            t.move(card, owner, Zone.DISCARD)
        else:
            t.put_in_play(card, player, attached_to=attach_to)
    else:
        t.put_in_play(card, player)
    if c.enters_knelt and not setup and card in t.in_play:  # "Sansa Stark enters play knelt." (RR: Golden Rules)
        t.in_play[card].kneeling = True
    if dup is None and not setup and card in t.in_play:
        count_this_round(t.round, t.players[player], "entered")
        if (on := t.in_play[card].attached_to) is not None:  # 1st edition Sansa Stark: "After a player plays an
            count_this_round(t.round, t.players[player], f"attached-on:{on}")  # attachment on Sansa Stark, …"
        if from_shadows:  # "Reaction: After Shadow Priestess comes out of shadows, …"
            count_this_round(t.round, t.players[player], f"out-of-shadows:{card}")
            # "After a card comes out of shadows, …": answered in the phase it came out in
            count_this_round(t.round, t.players[player], f"out-of-shadows@{t.phase.value}")


def cards_entered(t: TableState, player: str) -> int:
    """The characters, locations and attachments the player marshalled or put into play this round, duplicates
    aside (what "cannot marshal or put into play more than 2 …" counts: Strained Reserves)."""
    return counted_this_round(t.round, t.players[player], "entered")


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
            enter_play(t, seat, card, t.players[seat].setup_face_down[card], discard_if_no_target=False, setup=True)
        t.players[seat].setup_face_down.clear()
    t.setup_revealed = True


def attachment_valid(t: TableState, attachment: str) -> bool:
    """An attachment in play still may lie where it lies: its printed restriction, judged for its controller, and the
    card's "No attachments (except …)" (RR: Attachment Cards; 1st edition FAQ 3.20: a restriction no longer met
    discards it at once)."""
    ip = t.in_play.get(attachment)
    if ip is None or ip.attached_to is None or ip.duplicate_of or ip.attached_to not in t.in_play:
        return True
    c = t.card(attachment)
    if c.type != "attachment":
        return True
    reason = keeps_off(t, ip.attached_to, c)
    if reason in ("attach.no-attachments", "attach.no-attachments-except"):
        return False
    return fits_restriction(t, ip.attached_to, c, ip.controller)
