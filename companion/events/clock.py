"""The round clock and going to time.

When time is called the game finishes the current round's taxation phase; then, if nobody has won,
the tournament regulations decide the winner step by step. ``going_to_time`` is a pure function
that shows each step's values, so a player can see why."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from companion.messages import text

#: Power a player needs to win a joust.
WIN_POWER = 15


@dataclass(frozen=True, slots=True)
class Standing:
    """What the tracked state says about one player when time is called."""

    seat: str
    name: str
    power: int
    draw_deck: int
    dead_characters: int
    won_dominance_final_round: bool | None = None  # None: not tracked, the judge says
    win_power: int = WIN_POWER


#: The tiebreak steps in the regulations' order; each step's words are ``step.<name>`` in the catalogue.
STEPS = ("power_needed", "draw_deck", "dominance", "dead_characters", "first_player")


def going_to_time(players: list[Standing], first_player: str | None) -> dict[str, Any]:
    """Decide the winner of a game that went to time. Each step lists every player's value; the
    first step that separates them decides. Returns ``winner`` (a seat, or None when the first
    player must choose), ``decided_by`` and ``steps``."""
    if len(players) < 2:
        raise ValueError("going to time needs at least two players")
    contenders = list(players)
    steps: list[dict[str, Any]] = []
    for key in STEPS:
        en, de = text(f"step.{key}", "en"), text(f"step.{key}", "de")
        if key == "first_player":
            chooses = {p.seat: p.seat == first_player for p in contenders}
            steps.append({"step": key, "en": en, "de": de, "values": chooses, "decides": True})
            return {"winner": None, "chooser": first_player, "decided_by": key, "steps": steps}
        values: dict[str, Any]
        if key == "power_needed":
            values = {p.seat: max(0, p.win_power - p.power) for p in contenders}
            best = min(values.values())
        elif key == "draw_deck":
            values = {p.seat: p.draw_deck for p in contenders}
            best = max(values.values())
        elif key == "dominance":
            values = {p.seat: p.won_dominance_final_round for p in contenders}
            if any(v is None for v in values.values()):
                steps.append({"step": key, "en": en, "de": de, "values": values, "decides": False,
                              "skipped": "not tracked: the judge asks the players"})
                continue
            best = any(values.values())
        else:
            values = {p.seat: p.dead_characters for p in contenders}
            best = min(values.values())
        leaders = [p for p in contenders if values[p.seat] == best]
        decides = len(leaders) == 1
        steps.append({"step": key, "en": en, "de": de, "values": values, "decides": decides})
        if decides:
            return {"winner": leaders[0].seat, "decided_by": key, "steps": steps}
        contenders = leaders
    raise AssertionError("the first player step always decides")


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
