"""Going to time (Tournament Regulations › End of Round, Going to Time): when time is called the game finishes the
current round's taxation phase; then, if nobody has won, the steps below decide who receives a modified win, in
order. A pure function that shows each step's values, so a player can see why; the table's state gives the
figures (``standings``), the events read the same steps.
"""

from __future__ import annotations

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


