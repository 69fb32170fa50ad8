"""A player's penalties across the event (every round, every table), and what the tournament regulations say
when a player who already has one is given another.

The regulations read (FFG *A Game of Thrones: The Card Game Tournament Regulations* v2.0, effective
01.23.2017, as ThronesDB transcribed it; the v3.2 transcription of 07.23.2018 has the same sections):

- Tournament Participant Roles › Marshal: the marshal "determines if unsporting conduct has occurred and
  what the appropriate remedy is, referring any recommendations for disqualification to the organizer".
- Tournament Participant Roles › Judge: "At a player's request, a marshal can review a judge ruling and
  provide a final determination."
- Conduct › Unsporting Conduct: stalling for time, excessive force, inappropriate behaviour, discourtesy,
  cheating, collusion; "The organizer, at his or her sole discretion, may remove players from the tournament
  for unsporting conduct."
- Tournament Concepts › Pairings: "Disqualified players are removed from the tournament, and cannot rejoin."

They name no ladder of warnings and game losses and no upgrade of a repeated infraction. So the advice here
never says "upgrade": it shows the judge the player's earlier penalties and says what the regulations leave to
whom (the marshal decides, a disqualification is the organiser's). The judge decides; nothing is automatic.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from companion.events.store import EventStore

#: The document the advice quotes, and the sections it cites (each with its words in the catalogue).
REGULATIONS = "FFG A Game of Thrones: The Card Game Tournament Regulations v2.0 (sections as in v3.2)"
CITES = {
    "marshal": "Tournament Regulations v2.0 › Tournament Participant Roles › Marshal",
    "judge": "Tournament Regulations v2.0 › Tournament Participant Roles › Judge",
    "unsporting": "Tournament Regulations v2.0 › Conduct › Unsporting Conduct",
    "pairings": "Tournament Regulations v2.0 › Tournament Concepts › Pairings",
}
#: A penalty's level, as a ruling records it (the ruling route's body declares it with this type).
Level = Literal["warning", "game_loss", "disqualification"]
LEVELS: tuple[str, ...] = get_args(Level)
#: The levels as an error names them: "warning, game_loss or disqualification".
LEVELS_TEXT = f"{', '.join(LEVELS[:-1])} or {LEVELS[-1]}"


def event_penalties(events: EventStore, event_id: str) -> list[dict[str, Any]]:
    """Every penalty logged at the event's tables, oldest first: who (the player's id and name), the round,
    the table, the game's entry, the level and what the judge wrote."""
    names = {p.id: p.name for p in events.players(event_id)}
    refs = {ref.game_id: ref for ref in events.tables(event_id)}
    out = []
    for game_id, seq, at, data in events.penalty_entries(event_id):
        ref = refs.get(game_id)
        seats = dict(zip("AB", ref.players, strict=False)) if ref else {}
        if ref is None or data.get("seat") not in seats:
            continue
        pid = seats[data["seat"]]
        out.append({"player": pid, "name": names.get(pid, "?"), "round": ref.round, "table": ref.number,
                    "game": game_id, "seq": seq, "at": at, "seat": data["seat"],
                    "penalty": data.get("penalty"), "text": str(data.get("text") or "")})
    out.sort(key=lambda p: (p["at"], p["round"], p["table"], p["seq"]))
    return out


def by_player(penalties: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The penalties grouped per player (players with none left out), by name."""
    grouped: dict[int, dict[str, Any]] = {}
    for p in penalties:
        grouped.setdefault(p["player"], {"player": p["player"], "name": p["name"], "penalties": []})
        grouped[p["player"]]["penalties"].append({k: v for k, v in p.items() if k not in ("player", "name")})
    return sorted(grouped.values(), key=lambda g: (str(g["name"]).casefold(), g["player"]))


def advice(earlier: list[dict[str, Any]], level: str | None) -> dict[str, Any]:
    """What the regulations say to a judge giving ``level`` to a player with the ``earlier`` penalties: whether
    they call for an upgrade (never: they name none) and each note with its citation (catalogue ids)."""
    def note(msg: str, cite: str, **params: Any) -> dict[str, Any]:
        return {"msg": msg, "cite": cite, "citation": CITES[cite], **params}

    notes = []
    if earlier:
        notes.append(note("ev.pen.advice.repeat", "marshal", n=len(earlier)))
    if level == "disqualification":
        notes.append(note("ev.pen.advice.disqualification", "unsporting"))
        notes.append(note("ev.pen.advice.cannot_rejoin", "pairings"))
    if notes:
        notes.append(note("ev.pen.advice.review", "judge"))
    return {"upgrade": False, "regulations": REGULATIONS, "notes": notes}
