"""A table's result as its players report it from their phones, and as the judge decides it.

Tournament Regulations › End of Round: a round ends by a player's *victory condition* (a win; the opponent a loss),
an *empty draw deck* (that player a loss, the opponent a win), *time* (the going-to-time steps name who receives a
*modified win*) or a *concession* (the conceding player a loss). The regulations know no draw; the judge's "both
lose" (no winner) is the companion's, kept for a game neither player may win (a double game loss).

Each report is a ``report`` entry in the table's log (so both phones see it at once, and the signed log keeps
who said what): ``{"winner": "A"|"B"|None, "ending": …, "modified": bool}``, by the seat that reported it or the
judge. A result counts at once when both seats' latest reports agree (the winner, and whether the win is modified);
two reports that differ are a dispute, which the judge's dashboard raises. The judge's report is the result,
whatever the seats said; after any result is in, only the judge changes it. Pure: no Flask, no SQLite."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

#: How a round ends, each ``ev.ending.<name>`` in the catalogue: the regulations' four, "both lose", and a
#: result the judge decided without saying how.
ENDINGS = ("victory", "empty_deck", "time", "concession", "both_lose", "judge")
#: What a seat reports (the judge's "decided" is the judge's own).
PLAYER_ENDINGS = tuple(e for e in ENDINGS if e != "judge")
SEATS = ("A", "B")
Status = Literal["open", "waiting", "agreed", "disputed", "decided"]


@dataclass(frozen=True, slots=True)
class Claim:
    """What a report says: who won (None: both lose), how the round ended, whether it is a modified win."""

    winner: str | None
    ending: str
    modified: bool = False

    @staticmethod
    def of(data: dict[str, Any]) -> Claim:
        winner = data.get("winner")
        ending = str(data.get("ending") or ("both_lose" if winner is None else "victory"))
        return Claim(winner if winner in SEATS else None, ending, bool(data.get("modified", ending == "time")))

    def agrees(self, other: Claim | None) -> bool:
        """The same result for the standings: the same winner, and a modified win or not (two players who both
        say Ann won agree, whether one says "victory" and the other "concession")."""
        return other is not None and (self.winner, self.modified and self.winner is not None) == (
            other.winner, other.modified and other.winner is not None)

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "ending": self.ending, "modified": self.modified and self.winner is not None}


def check_claim(data: dict[str, Any]) -> Claim:
    """A report as the API takes it: a winner with a way to win, or no winner with "both_lose"; "time" is a
    modified win. Raises ValueError naming the field."""
    winner, ending = data.get("winner"), data.get("ending")
    if winner is not None and winner not in SEATS:
        raise ValueError("winner")
    if ending not in ENDINGS:
        raise ValueError("ending")
    if (winner is None) != (ending == "both_lose"):
        raise ValueError("ending")
    return Claim(winner, str(ending), ending == "time")


@dataclass(frozen=True, slots=True)
class Report:
    """One ``report`` entry of a table's log."""

    seq: int
    by: str  # "seat:A", "seat:B" or "judge"
    claim: Claim
    at: str = ""

    @property
    def seat(self) -> str | None:
        return self.by[5:] if self.by.startswith("seat:") else None


@dataclass(frozen=True, slots=True)
class Agreement:
    """Where a table's reports stand: ``open`` (nobody reported), ``waiting`` (one seat did), ``agreed``,
    ``disputed`` (both did, differently), ``decided`` (the judge's report). ``result``: the claim that counts."""

    status: Status
    reports: dict[str, Report | None]
    result: Claim | None = None
    judge: Report | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.status,
                "reports": {s: None if r is None else {**r.claim.to_dict(), "seq": r.seq, "at": r.at}
                            for s, r in self.reports.items()},
                "result": None if self.result is None else self.result.to_dict()}


def agreement(reports: Iterable[Report], seats: Sequence[str] = SEATS) -> Agreement:
    """The table's reports in log order, settled: the judge's latest decides; else each seat's latest report
    counts, and the two agree or not."""
    latest: dict[str, Report | None] = dict.fromkeys(seats)
    judge: Report | None = None
    for r in sorted(reports, key=lambda x: x.seq):
        if r.by == "judge":
            judge = r
            latest = dict.fromkeys(seats)  # what the seats said before the judge decided is settled by it
        elif r.seat in latest:
            latest[r.seat] = r
    if judge is not None:
        return Agreement("decided", latest, judge.claim, judge)
    given = [r for r in latest.values() if r is not None]
    if len(given) < len(seats):
        return Agreement("waiting" if given else "open", latest)
    first = given[0].claim
    if all(first.agrees(r.claim) for r in given[1:]):
        # Both agree on the result; the way it ended is the more telling of the two (a concession over "I won").
        ending = next((r.claim.ending for r in given if r.claim.ending not in ("victory", "both_lose")), first.ending)
        return Agreement("agreed", latest, Claim(first.winner, ending, first.modified))
    return Agreement("disputed", latest)


def as_result(claim: Claim, names: dict[str, str], by: str) -> dict[str, Any]:
    """The event's record of a table's result (``event_tables.result``): the winner's seat and name, how the round
    ended, a modified win, and who settled it (``players`` when both agreed, ``judge``)."""
    out: dict[str, Any] = {"winner": claim.winner, "winner_name": names.get(claim.winner or ""),
                           "reason": "", "ending": claim.ending, "reported": by}
    if claim.modified and claim.winner is not None:
        out["modified"] = True
    return out
