"""The event's rounds as the regulations run them: the next round proposed by the server (Swiss, or the
cut's single elimination), changed by the organiser (a swap), confirmed into games; drops; standings.

The pairing and the standings themselves are ``swiss.py`` (pure); this module reads the event's record
from the store, checks the moment (every result of the previous round in, unless the judge overrides,
logged) and writes the proposal, the round and the log."""

from __future__ import annotations

from typing import Any

from companion.events import tiebreakers
from companion.events.store import Event, EventConflict, EventError, EventStore, TableRef
from companion.events.swiss import (
    SCHEMES,
    Pairing,
    Standing,
    cut,
    elimination_first,
    elimination_next,
    standings,
    swap,
    swiss_round,
    with_rematches,
)


def event_standings(events: EventStore, event: Event) -> list[Standing]:
    """The event's standings from its record: every Swiss result, the players' entries, drops and rejoins, and the
    judge's point adjustments."""
    return standings(events.entrants(event.id), events.played(event.id), SCHEMES[event.scoring], event.seed,
                     adjustments=events.adjusted(event.id))


def next_round(events: EventStore, event: Event) -> tuple[int, str]:
    number = len(events.rounds(event.id)) + 1
    stage = event.stage(number)
    if stage is None:
        raise EventConflict(f"all {number - 1} rounds of the event are paired", field="round",
                            msg="ev.swiss.all_paired", n=number - 1)
    return number, stage


def missing_results(events: EventStore, event_id: str, number: int) -> list[int]:
    """Tables of the round before ``number`` that have no result yet (their table numbers)."""
    if number <= 1:
        return []
    results = events.results(event_id, number - 1)
    return [ref.number for ref in events.tables(event_id, number - 1) if results.get(ref.game_id) is None]


def check_results_in(events: EventStore, event_id: str, number: int, override: bool) -> list[int]:
    missing = missing_results(events, event_id, number)
    if missing and not override:
        raise EventConflict(f"round {number - 1} has no result yet at table(s) {', '.join(map(str, missing))}; "
                            "the judge may pair the next round anyway (override)", field="override",
                            tables=missing, round=number - 1, msg="ev.swiss.results_missing")
    return missing


def next_step(events: EventStore, event: Event) -> dict[str, Any]:
    """Whether the next round may be proposed now, and if not why (a catalogue message with its values): every
    round is paired, the round before has tables without a result (the judge may pair anyway: ``missing``), or
    fewer than two players are left. The pages draw it (the button is offered only when it can work)."""
    number = len(events.rounds(event.id)) + 1
    stage = event.stage(number)
    missing = missing_results(events, event.id, number)
    why: dict[str, Any] | None = None
    if stage is None:
        why = {"msg": "ev.swiss.all_paired", "n": number - 1}
    elif missing:
        why = {"msg": "ev.swiss.results_missing", "round": number - 1, "tables": missing}
    elif stage == "swiss" and sum(1 for e in events.entrants(event.id) if e.active(number)) < 2:
        why = {"msg": "ev.swiss.too_few"}
    return {"round": number, "stage": stage, "may_propose": why is None, "why": why,
            "missing": missing if stage is not None else []}


def _cut_pairing(events: EventStore, event: Event, number: int) -> Pairing:
    if number == event.rounds + 1:  # Progression Cut: seeded by the standings after the Swiss rounds
        seeds = cut(event_standings(events, event), event.cut)
        if len(seeds) < event.cut:
            raise EventConflict(f"a top {event.cut} cut needs {event.cut} players; {len(seeds)} are left",
                                field="cut", msg="ev.swiss.cut_short", cut=event.cut, left=len(seeds))
        return Pairing(number, tuple(elimination_first(seeds)), None, event.seed)
    # Single Elimination Rounds: the winners of the last round in game (table) order.
    winners = []
    for game in (g for g in events.played(event.id, "cut") if g.round == number - 1):  # in table order
        if game.winner is None:
            raise EventConflict(f"round {number - 1}: a single elimination game needs a winner", field="round",
                                msg="ev.swiss.needs_winner", round=number - 1)
        winners.append(game.winner)
    return Pairing(number, tuple(elimination_next(winners)), None, event.seed)


def propose(events: EventStore, event: Event, role: str, override: bool = False) -> dict[str, Any] | None:
    """The next round's pairings, computed by the server and kept as a proposal until confirmed."""
    if override and role != "judge":
        raise EventError("only the judge may pair a round before every result is in", field="override")
    number, stage = next_round(events, event)
    missing = check_results_in(events, event.id, number, override)
    if stage == "swiss":
        pairing = swiss_round(number, events.entrants(event.id), events.played(event.id), SCHEMES[event.scoring],
                              event.seed, events.adjusted(event.id))
    else:
        pairing = _cut_pairing(events, event, number)
    if len(pairing.tables) > event.tables:
        raise EventConflict(f"round {number} needs {len(pairing.tables)} tables; the event has {event.tables}",
                            field="tables", msg="ev.swiss.too_many_tables", round=number,
                            needed=len(pairing.tables), have=event.tables)
    if not pairing.tables:
        raise EventConflict("fewer than two players are left to pair", field="round", msg="ev.swiss.too_few")
    events.save_proposal(event.id, number, {**pairing.to_dict(), "stage": stage}, bool(missing))
    if missing:
        events.log(event.id, role, "override", {"round": number, "tables_without_result": missing})
    events.log(event.id, role, "propose", {"round": number, "stage": stage, "seed": event.seed})
    return proposal_view(events, event)


def _current(events: EventStore, event: Event, proposal_id: str) -> tuple[int, dict[str, Any]]:
    number = len(events.rounds(event.id)) + 1
    current = events.proposal(event.id, number)
    if current is None or current["id"] != proposal_id:
        raise EventConflict("this proposal was changed or confirmed since; look at the current one",
                            field="proposal", msg="ev.swiss.stale")
    return number, current


def _pairing(data: dict[str, Any]) -> Pairing:
    return Pairing(int(data["round"]), tuple((int(a), int(b)) for a, b in data["tables"]),
                   None if data.get("bye") is None else int(data["bye"]), str(data.get("seed", "")))


def swap_players(events: EventStore, event: Event, proposal_id: str, a: int, b: int,
                 role: str) -> dict[str, Any] | None:
    """The organiser swaps two players of the proposal (a table's player, or the bye)."""
    number, current = _current(events, event, proposal_id)
    pairing = _pairing(current["pairing"])
    placed = {p for t in pairing.tables for p in t} | ({pairing.bye} if pairing.bye is not None else set())
    for name, pid in (("a", a), ("b", b)):
        if pid not in placed:
            raise EventError(f"player {pid} is not in this proposal", field=name, msg="ev.swiss.not_in_proposal",
                             player=pid)
    if a == b:
        raise EventError("choose two different players", field="b")
    changed = with_rematches(swap(pairing, a, b), events.played(event.id))
    events.save_proposal(event.id, number, {**changed.to_dict(), "stage": current["pairing"].get("stage", "swiss")},
                         current["override"])
    events.log(event.id, role, "swap", {"round": number, "players": [a, b]})
    return proposal_view(events, event)


def confirm(events: EventStore, event: Event, proposal_id: str, role: str,
            mode: str = "strict") -> tuple[int, list[tuple[TableRef, dict[str, str]]]]:
    """The proposal becomes the round: one game per table as any round is made, the bye recorded."""
    number, current = _current(events, event, proposal_id)
    check_results_in(events, event.id, number, current["override"])
    pairing = _pairing(current["pairing"])
    rows = [(i, a, b) for i, (a, b) in enumerate(pairing.tables, start=1)]
    created = events.create_round(event.id, number, rows, mode, bye=pairing.bye)
    events.drop_proposal(event.id, number)
    events.log(event.id, role, "confirm", {"round": number, "tables": [list(t) for t in pairing.tables],
                                           "bye": pairing.bye})
    return number, created


def proposal_view(events: EventStore, event: Event) -> dict[str, Any] | None:
    number = len(events.rounds(event.id)) + 1
    current = events.proposal(event.id, number)
    if current is None:
        return None
    players = {p.id: p for p in events.players(event.id)}
    names = {pid: p.name for pid, p in players.items()}
    points = {s.player: s.points for s in event_standings(events, event)}
    data = current["pairing"]
    rematches = {frozenset(r) for r in data.get("rematches", [])}

    def who(pid: int) -> dict[str, Any]:
        # A deck not legal that the organiser has not allowed yet: its problems, beside the player and the button
        # that confirms the round (which would be refused: a judge trial read the refusal at the page's foot).
        p = players.get(pid)
        waiting = p.problems if p is not None and not p.playable else None
        return {"id": pid, "name": names.get(pid, "?"), "points": points.get(pid, 0), "waiting": waiting}

    stage = data.get("stage", "swiss")
    # How it was made, in the pages' words: round 1 is drawn at random (Swiss Rounds), later Swiss rounds pair by
    # score, the cut seeds by the standings.
    msg = ("ev.swiss.proposal_cut" if stage == "cut" else "ev.swiss.proposal_random" if number == 1
           else "ev.swiss.proposal")
    return {"id": current["id"], "round": number, "stage": stage, "msg": msg, "seed": data.get("seed"),
            "override": current["override"],
            "tables": [{"table": i, "a": who(a), "b": who(b), "rematch": frozenset((a, b)) in rematches}
                       for i, (a, b) in enumerate(data["tables"], start=1)],
            "bye": None if data.get("bye") is None else who(int(data["bye"]))}


def bye_of(events: EventStore, event: Event, player_id: int) -> dict[str, Any] | None:
    """The latest round's bye, if it is this player's: its round and what it scores (Pairings: a bye is a win), for
    the player's own pages (a player with the bye waited for a table that never came)."""
    rounds = events.rounds(event.id)
    if not rounds or rounds[-1].get("bye") != player_id:
        return None
    return {"round": rounds[-1]["number"], "points": SCHEMES[event.scoring].bye}


def table_of_player(events: EventStore, event: Event, player_id: int) -> dict[str, Any] | None:
    """The latest round's table, if this player has one: the round, the table's number, the seat and the opponent's
    name, for the player's own pages (their registration page said only "you have been paired"). Never a key: the
    seat's key is on its seat sheet."""
    rounds = events.rounds(event.id)
    if not rounds:
        return None
    number = rounds[-1]["number"]
    ref = next((r for r in events.tables(event.id, number) if player_id in r.players), None)
    if ref is None:
        return None
    names = {p.id: p.name for p in events.players(event.id)}
    seat = "AB"[ref.players.index(player_id)]
    other = next((pid for pid in ref.players if pid != player_id), None)
    return {"round": number, "table": ref.number, "seat": seat,
            "opponent": None if other is None else names.get(other, "?")}


def standings_view(events: EventStore, event: Event) -> dict[str, Any]:
    """Standings with each tiebreaker's value (public: names, points, tiebreakers; no deck, no key)."""
    scheme = SCHEMES[event.scoring]
    names = {p.id: p.name for p in events.players(event.id)}
    games = events.played(event.id)
    # The last Swiss round whose every table has its result (a bye needs none).
    swiss_done = max((r for r in {g.round for g in games}
                      if all(g.reported for g in games if g.round == r and g.b is not None)), default=0)
    # The standings are after that round: nothing of a later round counts in them, neither a result already in nor
    # its bye (given when the round was paired; counted, it ranked a player who lost round 1 first "after round 1").
    table = standings(events.entrants(event.id), games, scheme, event.seed, swiss_done,
                      adjustments=events.adjusted(event.id))
    bracket = []
    for g in events.played(event.id, "cut"):
        bracket.append({"round": g.round, "a": names.get(g.a), "b": names.get(g.b) if g.b is not None else None,
                        "winner": names.get(g.winner) if g.winner is not None else None})
    return {"event": {"id": event.id, "name": event.name, "date": event.date, "rounds": event.rounds,
                      "cut": event.cut, "seed": event.seed},
            "scheme": {"id": scheme.id, "win": scheme.win, "modified_win": scheme.modified_win, "loss": scheme.loss,
                       "bye": scheme.bye, "citation": scheme.citation},
            "tiebreakers": tiebreakers.described(), "after_round": swiss_done,
            # The judge's point adjustments, each with its reason: a changed score says why.
            "adjustments": [{k: a[k] for k in ("player", "name", "points", "reason", "round")}
                            for a in events.adjustments(event.id)],
            "standings": [{**s.to_dict(), "name": names.get(s.player, "?")} for s in table],
            "cut": sorted(bracket, key=lambda x: x["round"])}
