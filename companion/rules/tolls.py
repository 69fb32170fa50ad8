"""A revealed plot's gold toll (``Card.gold_toll``): gold a player gives another to do something.

1st edition Uneasy Truce: "In order to initiate a Military challenge, an attacker must give the defender 2 gold tokens
from his or her gold pool."; Calm Over Westeros: "In order to play an event card, a player must give an opponent one
gold token from his or her gold pool." Card text beats the rules (Golden rule): a player whose pool cannot pay the
toll cannot do it; one who can gives the gold as part of doing it (the log records no line of its own for it; a
gift written out on the two lines just before is that toll).
"""

from __future__ import annotations

from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.values import revealed_plots_that
from companion.rules.verdict import msg


def tolls(t: Table, what: str) -> list[tuple[str, str, int]]:
    """The tolls the revealed plots ask for ``what`` (a challenge type, or "event"): (plot, to whom, gold). They bind
    every player ("an attacker", "a player"), whoever revealed the plot."""
    return [(plot, to, gold) for plot in revealed_plots_that(t, "gold_toll")
            for kind, to, gold in [t.card(plot).gold_toll or ("", "", 0)] if kind == what]


def given(t: Table, seat: str, to: str, gold: int, defender: str | None) -> bool:
    """The toll was written out on the two lines just before (the seat's ``spend_gold``, the receiver's
    ``gain_gold``): it is paid, not asked again."""
    gift = t.gold_given
    if gift is None or gift[3] != t.version - 1 or gift[0] != seat or gift[2] != gold:
        return False
    return gift[1] == defender if to == "defender" and defender is not None else True


def check_toll(t: Table, v: Checker, seat: str, what: str, spent: int = 0, defender: str | None = None) -> None:
    """The seat's pool holds each toll once the action's own cost (``spent``) is paid (``plot.gold-toll``)."""
    left = t.players[seat].gold - spent
    for plot, to, gold in tolls(t, what):
        if given(t, seat, to, gold, defender):
            continue
        if left < gold:
            what_done = msg("toll.event") if what == "event" else msg("toll.challenge",
                                                                      kind=msg(f"challenge.kind.{what}"))
            v.violate("plot.gold-toll", (plot,), player=t.players[seat].name, what=what_done, plot=t.ref(plot),
                      gold=gold, pool=max(0, left))
        left -= gold


def pay_toll(t: Table, seat: str, what: str, defender: str | None = None) -> None:
    """The seat gives each toll from its pool (as much as it has: an advisory game records a toll it could not pay):
    to the defender, or to an opponent (the plot's owner when that is one, else the next seat)."""
    for plot, to, gold in tolls(t, what):
        if given(t, seat, to, gold, defender):
            continue
        paid = max(0, min(gold, t.players[seat].gold))
        owner = t.instance(plot).owner
        others = [s for s in t.seats if s != seat]
        receiver = defender if to == "defender" and defender is not None else (
            owner if owner != seat else (others[0] if others else None))
        if receiver is None or not paid:
            continue
        t.players[seat].gold -= paid
        t.players[receiver].gold += paid
