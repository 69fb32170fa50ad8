"""The round clock and going to time.

When time is called the game finishes the current round's taxation phase; then, if nobody has won,
the tournament regulations decide the winner step by step. ``going_to_time`` is a pure function
that shows each step's values, so a player can see why."""

from __future__ import annotations

import datetime as dt
from typing import Any

# The steps themselves are the rules core's (the table's own result when it goes to time uses them too).
from companion.rules.going_to_time import STEPS, WIN_POWER, Standing, going_to_time

__all__ = ["STEPS", "WIN_POWER", "Standing", "going_to_time", "parse_time", "remaining", "standings_from"]


def standings_from(view: dict[str, Any], dominance: dict[str, bool] | None = None) -> list[Standing]:
    """Standings from a judge's view of a table (power in the pool and on cards the player controls)."""
    out = []
    for p in view["players"]:
        seat = p["seat"]
        # The view's total: the faction card's power and power on the cards the player controls (FAQ 1.4).
        power = int(p["power"]) if "power" in p else int(p.get("tokens", {}).get("power", 0)) + sum(
            int(c.get("tokens", {}).get("power", 0)) for c in p.get("play", []))
        dead = sum(1 for c in p.get("dead", []) if (c.get("type") or c.get("card", {}).get("type")) == "character")
        out.append(Standing(seat, p.get("name") or seat, power, int(p["deck"]["count"]), dead,
                            (dominance or {}).get(seat)))
    return out


def parse_time(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


def remaining(started: str | None, minutes: int, extension: int = 0, at: dt.datetime | None = None) -> float | None:
    """Seconds left in the round at one table (negative: time is called). None: the clock has not started."""
    if not started:
        return None
    at = at or dt.datetime.now(dt.UTC)
    end = parse_time(started) + dt.timedelta(minutes=minutes + extension)
    return (end - at).total_seconds()
