"""Swiss pairing, standings, byes, drops and the cut, per FFG's *A Game of Thrones: The Card Game
Tournament Regulations* (v2.0, effective 01.23.2017; the sections keep their names in the v3.2
transcription, chapter IV "Tournament Concepts"). Pure: no Flask, no SQLite, no clock; every answer
follows from the results, the event's seed and the players' entry and drop rounds.

Sections followed (their names in the regulations):

- *Pairings*: a bye is a win for that round; nobody meets the same opponent twice in one stage; a
  dropped player is not paired again; a player who rejoins gets "unpaired losses for each round they
  did not attend" (used here for late registration).
- *Swiss Rounds*: round 1 random; later rounds within score groups, the odd player paired down; the
  bye at random in round 1, later to "the lowest ranked player who has not yet received a bye".
- *Progression Cut*: a standings-based cut to the top 4, 8, 16 or 32; a qualified player who drops
  before the cut's first game is replaced by the next in the standings.
- *Single Elimination Rounds*: highest against lowest (Game #1 = 1 v N), then the winner of Game #1
  against the winner of the last game, and so on.
- *Tournament Points*: win 5, modified win 4 (going to time), loss 0.
- *Tiebreakers*: strength of schedule, extended strength of schedule, random (``tiebreakers.py``, the
  registry every standings view is made from).

Where the regulations leave a choice, this module makes it and says so (``# choice:``)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

# networkx: a maintained blossom algorithm for the minimum-weight perfect matching the Swiss rounds need
# (greedy top-down pairing fails at the bottom of the standings, where the rematches pile up).
import networkx as nx  # type: ignore[import-untyped]

from companion.events import tiebreakers as tb
from companion.events.tiebreakers import Value

REGULATIONS = "FFG AGoT Tournament Regulations v2.0"


@dataclass(frozen=True, slots=True)
class Scheme:
    """Tournament points per result, with where they are written."""

    id: str
    win: int
    modified_win: int
    loss: int
    bye: int
    citation: str

    def points(self, outcome: str) -> int:
        return {"win": self.win, "modified_win": self.modified_win, "loss": self.loss, "bye": self.bye}[outcome]


#: The scoring schemes an event can choose. ``regulations`` is the default.
SCHEMES: dict[str, Scheme] = {
    "regulations": Scheme("regulations", 5, 4, 0, 5,
                          f"{REGULATIONS}, Tournament Points (win 5, modified win 4, loss 0); Pairings (a bye is "
                          "a win)"),
    "league": Scheme("league", 5, 5, 0, 5,
                     "The Jousting Pavilion's leagues (Champions of Westeros rules, 7: each win is worth 5 points; "
                     "modified wins are not used)"),
}
DEFAULT_SCHEME = "regulations"
CUT_SIZES = (0, 4, 8, 16, 32)  # Progression Cut: top 4, 8, 16 or 32 (0: no cut)


@dataclass(frozen=True, slots=True)
class Game:
    """One Swiss game's result: ``b`` None is a bye for ``a``. ``winner`` is a player id, or None for a
    result without a winner (both lose: the regulations know no draw, going to time always names a
    modified winner). ``modified`` marks a going-to-time win."""

    round: int
    a: int
    b: int | None
    winner: int | None = None
    modified: bool = False
    reported: bool = True  # False: the game is on, no result yet (it still counts as met)

    def players(self) -> tuple[int, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A registered player as pairing sees them: the round they entered at (1, or 2 for a late
    registration), the round after which they dropped (None: still in) and the rounds they missed between a drop
    and a rejoin (each an unpaired loss)."""

    id: int
    joined: int = 1
    dropped_after: int | None = None
    missed: tuple[int, ...] = ()

    def active(self, round_number: int) -> bool:
        return self.joined <= round_number and (self.dropped_after is None or round_number <= self.dropped_after)

    def unpaired_losses(self, upto: int) -> set[int]:
        """Pairings: "unpaired losses for each round they did not attend": the rounds before a late
        registration and the rounds missed between a drop and a rejoin, up to round ``upto``."""
        return {r for r in (*range(1, self.joined), *self.missed) if r <= upto}


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    player: int
    points: int  # tournament points, the judge's adjustments included
    wins: int
    modified_wins: int
    losses: int
    byes: int
    rounds: int
    tiebreakers: Mapping[str, Value]  # each tie-breaker's exact value, by its id (``tiebreakers.TIEBREAKERS``)
    opponents: tuple[int, ...]
    dropped: bool
    adjustment: int = 0  # points the judge added or took away (Tournament Points: a penalty, a correction)

    def key(self) -> tuple[Any, ...]:
        """Its place in the order: points, then each tie-breaker in the registry's order, then the player."""
        return tb.order_key(self.points, self.tiebreakers, self.player, tb.TIEBREAKERS)

    def to_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, "player": self.player, "points": self.points, "adjustment": self.adjustment,
                "wins": self.wins, "modified_wins": self.modified_wins, "losses": self.losses, "byes": self.byes,
                "rounds": self.rounds, "dropped": self.dropped,
                **{t.id: t.shown(self.tiebreakers[t.id]) for t in tb.TIEBREAKERS}}


def lot(seed: str, player: int) -> int:
    """The regulations' random tie-breaker for ``player`` (``tiebreakers.lot``)."""
    return tb.lot(seed, player)


def _rounds_played(player: int, entrants: Mapping[int, Entrant], games: Sequence[Game], upto: int) -> int:
    # choice: a round counts as played when the player had a game with a result or a bye, or an unpaired loss
    # (a late registration, a rejoin: Pairings gives unpaired losses for the rounds not attended); a dropped
    # player's later rounds are not counted.
    played = {g.round for g in games if player in g.players() and g.round <= upto}
    entrant = entrants.get(player)
    if entrant is not None:
        played |= entrant.unpaired_losses(upto)
    return len(played)


def standings(entrants: Iterable[Entrant], games: Iterable[Game], scheme: Scheme, seed: str,
              upto: int | None = None, adjustments: Mapping[int, int] | None = None) -> list[Standing]:
    """The standings after round ``upto`` (all rounds by default): tournament points (with the judge's
    ``adjustments``, player -> points), then each tie-breaker of the registry in its order, then the player id.
    A total order: the same results in any order give the same list."""
    people = {e.id: e for e in entrants}
    done = sorted((g for g in games if g.b is None or g.reported),
                  key=lambda g: (g.round, g.a, -1 if g.b is None else g.b))
    last = upto if upto is not None else max((g.round for g in done), default=0)
    done = [g for g in done if g.round <= last]
    points = {p: 0 for p in people}
    tally = {p: {"win": 0, "modified_win": 0, "loss": 0, "bye": 0} for p in people}
    opponents: dict[int, list[int]] = {p: [] for p in people}
    for g in done:
        for p in g.players():
            points.setdefault(p, 0)
            tally.setdefault(p, {"win": 0, "modified_win": 0, "loss": 0, "bye": 0})
            opponents.setdefault(p, [])
        if g.b is None:
            tally[g.a]["bye"] += 1
            points[g.a] += scheme.bye
            continue
        opponents[g.a].append(g.b)
        opponents[g.b].append(g.a)
        for p in (g.a, g.b):
            outcome = ("modified_win" if g.modified else "win") if g.winner == p else "loss"
            tally[p][outcome] += 1
            points[p] += scheme.points(outcome)
    for p, e in people.items():  # an unpaired loss for each round not attended (late entry, a rejoin)
        missed = len(e.unpaired_losses(last))
        tally[p]["loss"] += missed
        points[p] += missed * scheme.loss
    # choice: the judge's point adjustments count in the player's "total tournament points", which strength of
    # schedule divides by the rounds played (Tiebreakers: "each opponent's total tournament points").
    adjusted = {p: (adjustments or {}).get(p, 0) for p in points}
    for p, delta in adjusted.items():
        points[p] += delta
    rounds = {p: _rounds_played(p, people, done, last) for p in points}
    values = tb.compute(tb.Record(points, rounds, opponents, seed), tb.TIEBREAKERS)
    own = {p: {t.id: values[t.id][p] for t in tb.TIEBREAKERS} for p in points}
    order = sorted(points, key=lambda p: tb.order_key(points[p], own[p], p, tb.TIEBREAKERS))
    out = []
    for rank, p in enumerate(order, start=1):
        who = people.get(p)
        out.append(Standing(rank, p, points[p], tally[p]["win"] + tally[p]["bye"], tally[p]["modified_win"],
                            tally[p]["loss"], tally[p]["bye"], rounds[p], own[p], tuple(sorted(opponents[p])),
                            who is not None and who.dropped_after is not None and who.dropped_after <= last,
                            adjusted[p]))
    return out


# -- pairing ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pairing:
    """A proposed round: tables in order (table 1 first) and the bye, if any."""

    round: int
    tables: tuple[tuple[int, int], ...]
    bye: int | None = None
    seed: str = ""
    rematches: tuple[tuple[int, int], ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "tables": [list(t) for t in self.tables], "bye": self.bye, "seed": self.seed,
                "rematches": [list(r) for r in self.rematches]}


BYE = -1  # the phantom opponent of the bye in the matching

# Edge costs, lexicographic by construction: a rematch outweighs everything else, a second bye outweighs
# every bye placement and every score difference, the bye's distance from the bottom of the standings
# outweighs every score difference, and a score difference of one point outweighs the seeded jitter of
# every table together (the jitter pairs a score group at random, as the regulations ask).
JITTER = 1_000
SCORE = JITTER * 1_000  # at most 500 tables of jitter below one point of difference
BYE_RANK = SCORE * 100 * 100 * 1_000  # above the largest total of squared differences
SECOND_BYE = BYE_RANK * 10_000
REMATCH = SECOND_BYE * 1_000_000


def met(games: Iterable[Game]) -> set[frozenset[int]]:
    return {frozenset((g.a, g.b)) for g in games if g.b is not None}


def first_round(players: Sequence[int], seed: str) -> Pairing:
    """Swiss Rounds: round 1 pairs at random (seeded, so the same seed gives the same tables); with an odd
    count a random player gets the bye."""
    order = sorted(players)
    random.Random(f"{seed}:round:1").shuffle(order)
    bye = order.pop() if len(order) % 2 else None
    tables = tuple((order[i], order[i + 1]) for i in range(0, len(order), 2))
    return Pairing(1, tables, bye, seed)


def swiss_round(number: int, entrants: Iterable[Entrant], games: Sequence[Game], scheme: Scheme, seed: str,
                adjustments: Mapping[int, int] | None = None) -> Pairing:
    """A later Swiss round: a minimum-weight perfect matching of the active players (the bye as a phantom
    player when the count is odd). Cost of a table: the squared difference of tournament points (so a
    player is paired within their score group, else down to the nearest group), plus a rematch penalty
    that only an unavoidable rematch pays; the bye goes to the lowest ranked player without one."""
    everyone = list(entrants)
    people = [e for e in everyone if e.active(number)]
    if number == 1:
        return first_round([e.id for e in people], seed)
    table = standings(everyone, [g for g in games if g.round < number], scheme, seed, number - 1, adjustments)
    rank = {s.player: s.rank for s in table}
    points = {s.player: s.points for s in table}
    active = sorted((e.id for e in people), key=lambda p: rank.get(p, 10**6))
    seen = met(g for g in games if g.round < number)
    had_bye = {g.a for g in games if g.b is None and g.round < number}
    rng = random.Random(f"{seed}:round:{number}")
    nodes = list(active) + ([BYE] if len(active) % 2 else [])
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    costs: dict[frozenset[int], int] = {}
    for i, p in enumerate(nodes):
        for q in nodes[i + 1:]:
            if BYE in (p, q):
                who = q if p == BYE else p
                from_bottom = len(active) - 1 - active.index(who)
                cost = from_bottom * BYE_RANK + (SECOND_BYE if who in had_bye else 0)
            else:
                cost = (points.get(p, 0) - points.get(q, 0)) ** 2 * SCORE + rng.randrange(JITTER)
                if frozenset((p, q)) in seen:
                    cost += REMATCH
            costs[frozenset((p, q))] = cost
    top = max(costs.values(), default=0) + 1
    for pair, cost in costs.items():
        p, q = sorted(pair)
        graph.add_edge(p, q, weight=top - cost)  # maximum weight of (top - cost) = minimum total cost
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    bye = None
    tables: list[tuple[int, int]] = []
    for p, q in matching:
        if BYE in (p, q):
            bye = int(q if p == BYE else p)
        else:
            first, second = sorted((int(p), int(q)), key=lambda x: rank.get(x, 10**6))
            tables.append((first, second))
    # Table 1 is the top of the standings (the stronger player's rank decides the table's number).
    tables.sort(key=lambda t: rank.get(t[0], 10**6))
    rematches = tuple(t for t in tables if frozenset(t) in seen)
    return Pairing(number, tuple(tables), bye, seed, rematches)


def swap(pairing: Pairing, first: int, second: int) -> Pairing:
    """The organiser swaps two players of a proposal (either may be the bye). Rematches are recounted by
    the caller, which knows the games."""
    def put(p: int) -> int:
        return second if p == first else first if p == second else p

    everyone = {p for t in pairing.tables for p in t} | ({pairing.bye} if pairing.bye is not None else set())
    if first not in everyone or second not in everyone or first == second:
        raise ValueError("both players must be in the proposal, and differ")
    tables = tuple((put(a), put(b)) for a, b in pairing.tables)
    bye = None if pairing.bye is None else put(pairing.bye)
    return Pairing(pairing.round, tables, bye, pairing.seed)


def with_rematches(pairing: Pairing, games: Iterable[Game]) -> Pairing:
    seen = met(games)
    return Pairing(pairing.round, pairing.tables, pairing.bye, pairing.seed,
                   tuple(t for t in pairing.tables if frozenset(t) in seen))


# -- the cut and single elimination ---------------------------------------------------------------------


def cut(table: Sequence[Standing], size: int) -> list[int]:
    """Progression Cut: the top ``size`` of the standings; a dropped player's place goes to the next in
    the standings (the regulations' player-drop example). Seeds in order: seed 1 first."""
    if size not in CUT_SIZES or size == 0:
        raise ValueError(f"a cut is to the top {', '.join(str(s) for s in CUT_SIZES[1:])}")
    return [s.player for s in table if not s.dropped][:size]


def elimination_first(seeds: Sequence[int]) -> list[tuple[int, int]]:
    """Single Elimination Rounds: Game #1 is seed 1 against the last seed, Game #2 seed 2 against the
    second-to-last, and so on (1v8, 2v7, 3v6, 4v5)."""
    n = len(seeds)
    return [(seeds[i], seeds[n - 1 - i]) for i in range(n // 2)]


def elimination_next(winners: Sequence[int]) -> list[tuple[int, int]]:
    """The winners of the last round's games in game order: the winner of Game #1 plays the winner of the
    last game (the new Game #1), Game #2's winner the second-to-last's, and so on."""
    n = len(winners)
    return [(winners[i], winners[n - 1 - i]) for i in range(n // 2)]


def cut_rounds(size: int) -> int:
    """How many single elimination rounds a cut to ``size`` needs (top 4: 2, top 8: 3)."""
    return max(0, size.bit_length() - 1) if size else 0
