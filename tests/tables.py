"""Building tables for rules tests: real cards from the shipped catalog, placed directly."""

from __future__ import annotations

from collections.abc import Mapping

from companion.catalog.card import Card
from companion.catalog.store import Catalog
from companion.rules import Action, Seat, Verdict, check, new_table, play
from companion.rules.editions import Table
from companion.rules.state import Phase, Zone
from tests.catalogs import fresh_catalog

_CATALOG: Catalog | None = None


def catalog() -> Catalog:
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = fresh_catalog()
    return _CATALOG


def make_table(
    decks: Mapping[str, Mapping[str, int]],
    *,
    edition: str = "2e",
    phase: str = "marshaling",
    gold: int = 10,
    factions: Mapping[str, str] | None = None,
    extra_cards: Mapping[str, Card] | None = None,
) -> Table:
    codes = {code for d in decks.values() for code in d}
    cards = dict(catalog().cards(codes - set(extra_cards or {})))
    cards.update(extra_cards or {})
    seats = [Seat(seat, faction=(factions or {}).get(seat), deck=dict(d)) for seat, d in decks.items()]
    t = new_table(edition, seats, cards)
    t.phase = Phase(phase)
    t.round = 0 if phase == "setup" else 1
    t.first_player = t.seats[0]
    # Only the marshaling and challenges phases have an active player (RR: Active Player).
    t.active_player = t.seats[0] if t.phase in (Phase.MARSHALING, Phase.CHALLENGES) else None
    for p in t.players.values():
        p.gold = gold
    if phase != "setup":
        t.phase_began()  # 1st edition: the beginning-of-phase Shadows chance is open
    return t


def hand(t: Table, *cards: str) -> None:
    for c in cards:
        t.move(c, t.instance(c).owner, Zone.HAND)


def shadows(t: Table, *cards: str) -> None:
    for c in cards:
        t.move(c, t.instance(c).owner, Zone.SHADOWS)


def in_play(t: Table, card: str, controller: str | None = None, **kw: str) -> None:
    t.put_in_play(card, controller or t.instance(card).owner, **kw)


def dead(t: Table, *cards: str) -> None:
    for c in cards:
        t.move(c, t.instance(c).owner, Zone.DEAD)


def rules_of(v: Verdict) -> list[str]:
    return [x.rule for x in v.violations]


def notes_of(v: Verdict) -> list[str]:
    return [n.kind for n in v.notes]


def legal(t: Table, a: Action) -> Verdict:
    v = play(t, a)
    assert v.legal, [x.text() for x in v.violations]
    return v


def illegal(t: Table, a: Action, rule: str, citation: str | None = None) -> Verdict:
    v = check(t, a)
    assert rule in rules_of(v), (rule, [x.rule for x in v.violations])
    if citation is not None:
        assert citation in [x.citation for x in v.violations if x.rule == rule]
    return v


def flagged_and_refused(t: Table, a: Action, rule: str) -> Table:
    """An illegal (possible) move: an advisory table records it with the flag, a strict one refuses it; ``t`` is
    left as it was. Returns the advisory table, with the move recorded, for what follows it there."""
    advisory, strict = t.clone(), t.clone()
    v = play(advisory, a, "advisory")
    assert rule in rules_of(v) and v.applied and not v.impossible, (rule, [x.rule for x in v.violations])
    v = play(strict, a, "strict")
    assert rule in rules_of(v) and not v.applied, (rule, [x.rule for x in v.violations])
    assert strict.version == t.version
    return advisory


def next_phase(t: Table, phase: str) -> Verdict:
    """Every player's turn ends (marshaling and challenges pass in player order), then ``phase`` begins."""
    from companion.rules.actions import BeginPhase, PassTurn

    while t.active_player is not None:
        legal(t, PassTurn(t.active_player))
    return legal(t, BeginPhase(phase))


def after_plots(t: Table, phase: str) -> Table:
    """The plots revealed and the first player chosen: the draw phase passes, marshaling begins with each player's
    income taken without its gold (each test sets the gold it needs), and with ``phase`` "challenges" that begins."""
    from companion.rules.actions import BeginPhase, PassTurn

    legal(t, BeginPhase("draw"))
    legal(t, BeginPhase("marshaling"))
    for p in t.players.values():
        p.income_round = t.round
    if phase == "challenges":
        legal(t, PassTurn("A"))
        legal(t, PassTurn("B"))
        legal(t, BeginPhase("challenges"))
    return t


def military_won_by_a(t: Table, attacker: str, *, in_play_cards: tuple[str, ...] = ()) -> None:
    """Alice, the active player, attacks Bob alone with ``attacker`` in a military challenge he does not defend and
    wins it: the claim is due (the cards named are put in play first, the attacker too)."""
    from companion.rules.actions import ChallengeResult, DeclareDefenders, InitiateChallenge
    for card in (attacker, *in_play_cards):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "military", "B", attackers=[attacker]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
