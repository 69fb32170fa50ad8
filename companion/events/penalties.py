"""A player's penalties across the event (every round, every table), and what the tournament regulations say
when a player who already has one is given another.

Checked against FFG's *A Game of Thrones: The Card Game Tournament Regulations*: v3.2 (07.23.2018) as transcribed
(its table of contents was all that could be read of it) and the body of the earlier v2.x as ThronesDB
transcribed it. v3.2 keeps the sections cited here under the same names, and its contents list no section on
penalties. What they say (sections, not quotes):

- Tournament Participant Roles › Marshal: the marshal decides whether conduct was unsporting and its remedy, and
  refers a disqualification to the organiser as a recommendation.
- Tournament Participant Roles › Judge: a marshal reviews a judge's ruling at a player's request, finally.
- Conduct › Unsporting Conduct: stalling, excessive force, discourtesy, cheating, collusion; the organiser may
  remove a player for it at their sole discretion.
- Tournament Concepts › Pairings: a disqualified player is removed and cannot rejoin.
- Tournament Materials › Lost and Damaged Cards: a player missing a card concedes the game (the nearest thing
  to a game loss they name).

So the levels: a *warning* the regulations do not name at all (silent: kept as the lightest thing a judge
writes down); a *game loss* they know only as a conceded game (a penalty never sets a result: the judge enters
it); a *disqualification* is never the judge's to give, only to recommend to the organiser, so the level reads
"disqualification recommended" and the organiser's page lists it. They name no ladder of penalties and no
upgrade of a repeated infraction: the advice never says "upgrade", it shows the judge the player's earlier
penalties and says whose decision it is. Nothing is automatic.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from companion.events.store import EventStore

#: The document the advice quotes, and the sections it cites (each with its words in the catalogue).
REGULATIONS = "FFG A Game of Thrones: The Card Game Tournament Regulations v3.2 (sections as in v2.0)"
CITES = {
    "marshal": "Tournament Regulations v3.2 › Tournament Participant Roles › Marshal",
    "judge": "Tournament Regulations v3.2 › Tournament Participant Roles › Judge",
    "unsporting": "Tournament Regulations v3.2 › Conduct › Unsporting Conduct",
    "pairings": "Tournament Regulations v3.2 › Tournament Concepts › Pairings",
    "lost_cards": "Tournament Regulations v3.2 › Tournament Materials › Lost and Damaged Cards",
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
    if level == "game_loss":
        # A judge trial logged a game loss and the table's result still named that player the winner: the penalty
        # sets no result, so the advice says to enter it.
        notes.append(note("ev.pen.advice.game_loss", "lost_cards"))
    if level == "disqualification":
        notes.append(note("ev.pen.advice.disqualification", "unsporting"))
        notes.append(note("ev.pen.advice.cannot_rejoin", "pairings"))
    if notes:
        notes.append(note("ev.pen.advice.review", "judge"))
    return {"upgrade": False, "regulations": REGULATIONS, "notes": notes}
