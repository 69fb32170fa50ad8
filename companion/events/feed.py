"""The event's public read-only feed (``/e/EVENT/feed.json`` and ``feed.csv``): what a stats site or a stream
overlay may read without a key. Pairings with their results, the standings with every tie-breaker of the registry
(``tiebreakers.py``) and the cut; decklists only when the organiser publishes them. Never a key, a flag, a ruling, a
penalty or anything a table hides: names, results and the standings' figures, as the public standings page shows."""

from __future__ import annotations

import csv
import io
from typing import Any

from companion.events import tiebreakers, tournament
from companion.events.store import Event, EventStore

#: The CSV tables the feed gives (``feed.csv?of=…``).
CSV_TABLES = ("standings", "pairings")


def feed(events: EventStore, event: Event, cards: Any = None) -> dict[str, Any]:
    """The feed as JSON. ``cards``: a catalogue look-up (codes -> facts) to name the cards of published decks."""
    view = tournament.standings_view(events, event)
    players = events.players(event.id)
    names = {p.id: p.name for p in players}
    entrants = {e.id: e for e in events.entrants(event.id)}
    rounds = []
    for info in events.rounds(event.id):
        rounds.append({**round_pairings(events, event.id, info, names, games=True), "started": info.get("started"),
                       "stopped": info.get("stopped")})
    listed = []
    for p in players:
        e = entrants.get(p.id)
        row: dict[str, Any] = {"player": p.id, "name": p.name, "faction": p.faction, "agenda": p.agenda,
                               "joined": e.joined if e else 1, "dropped_after": e.dropped_after if e else None}
        if event.publish_decks:  # the organiser's decision (logged): every decklist, by card
            known = cards(set(p.deck)) if cards is not None else {}
            row["deck"] = {"deck_hash": p.deck_hash, "cards": [
                {"code": code, "name": known[code].name if code in known else None, "quantity": n}
                for code, n in sorted(p.deck.items())]}
        listed.append(row)
    public = {k: v for k, v in event.public().items() if k not in ("registration_open",)}
    return {"event": public, "scheme": view["scheme"], "tiebreakers": view["tiebreakers"],
            "after_round": view["after_round"], "standings": view["standings"], "cut": view["cut"],
            "adjustments": view["adjustments"], "rounds": rounds, "players": listed,
            "decks_published": event.publish_decks}


def round_pairings(events: EventStore, event_id: str, info: dict[str, Any], names: dict[int, str],
                   games: bool = False) -> dict[str, Any]:
    """A round's pairings as anyone may read them: each table's number, its two players (seat, number, name) and its
    result once in, and the bye. ``games``: each table's game id too (the feed's; the projector's page needs none)."""
    number = info["number"]
    results = events.results(event_id, number)
    tables = []
    for ref in events.tables(event_id, number):
        result = results.get(ref.game_id)
        tables.append({"table": ref.number, **({"game": ref.game_id} if games else {}),
                       "players": [{"seat": seat, "player": pid, "name": names.get(pid, "?")}
                                   for seat, pid in zip("AB", ref.players, strict=False)],
                       "result": None if result is None else public_result(result)})
    bye = info.get("bye")
    return {"number": number, "stage": info.get("stage") or "swiss", "tables": tables,
            "bye": None if bye is None else {"player": bye, "name": names.get(bye, "?")}}


def round_in_play(events: EventStore, event: Event) -> dict[str, Any] | None:
    """The latest round while a table of it has no result (the round being played): its pairings, for the public
    standings page and the projector; None before round 1 and once every result of the latest round is in."""
    rounds = events.rounds(event.id)
    if not rounds:
        return None
    names = {p.id: p.name for p in events.players(event.id)}
    now = round_pairings(events, event.id, rounds[-1], names)
    return now if any(t["result"] is None for t in now["tables"]) else None


def public_result(result: dict[str, Any]) -> dict[str, Any]:
    """A table's result as anyone may read it: who won (seat and name), how the round ended, a modified win."""
    return {"winner": result.get("winner"), "winner_name": result.get("winner_name"),
            "ending": result.get("ending") or ("time" if result.get("by_time") else None),
            "modified": bool(result.get("modified", bool(result.get("by_time"))) and result.get("winner")),
            **({"by_time": result["by_time"]} if result.get("by_time") else {})}


def feed_csv(data: dict[str, Any], of: str) -> str:
    """One table of the feed as CSV: the standings (a column per tie-breaker, in the registry's order) or the
    pairings with their results (a bye as its own row)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    if of == "standings":
        ids = [t["id"] for t in data["tiebreakers"]]
        w.writerow(["rank", "player", "name", "points", "adjustment", "wins", "modified_wins", "losses", "byes",
                    "rounds", "dropped", *ids])
        for s in data["standings"]:
            w.writerow([s["rank"], s["player"], s["name"], s["points"], s["adjustment"], s["wins"],
                        s["modified_wins"], s["losses"], s["byes"], s["rounds"], int(s["dropped"]),
                        *(s[i] for i in ids)])
    else:
        w.writerow(["round", "stage", "table", "player_a", "player_b", "winner", "ending", "modified"])
        for r in data["rounds"]:
            for t in r["tables"]:
                a, b = (p["name"] for p in t["players"])
                res = t["result"] or {}
                w.writerow([r["number"], r["stage"], t["table"], a, b, res.get("winner_name") or "",
                            res.get("ending") or "", int(bool(res.get("modified")))])
            if r["bye"] is not None:
                w.writerow([r["number"], r["stage"], "", r["bye"]["name"], "BYE", r["bye"]["name"], "bye", 0])
    return out.getvalue()


_ = tiebreakers  # the standings' columns are the registry's (through tournament.standings_view)
