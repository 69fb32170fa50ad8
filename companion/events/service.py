"""What the judge sees: flags raised as games commit, the dashboard, any moment of any game.

One ``EventService`` per server. It listens to the game store: every commit to an event game is
checked (illegal verdicts, seat undos, a deck that is not the registered one) and the event's
channel ``event:<id>`` is published on the live hub, so dashboards wake without polling.
"""

from __future__ import annotations

import datetime as dt
import re
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.catalog.card import DRAW_DECK_TYPES
from companion.events.clock import going_to_time, remaining, standings_from
from companion.events.penalties import by_player, event_penalties
from companion.events.results import Agreement, Claim, Report, agreement, as_result
from companion.events.store import MOVE_FLAGS, EventStore, TableRef, deck_hash
from companion.events.ticker import SLACK, DeadlineTicker
from companion.messages import text
from companion.rules import action_from_dict, new_table, play, view
from companion.rules.actions import CallTime
from companion.rules.actions.round import gone_to_time, winner
from companion.rules.engine import Seat, add_deck
from companion.rules.roles import JUDGE
from companion.rules.state import ROUND, Phase, Zone
from companion.rules.values import deck_count
from companion.service import TableService
from companion.store.games import Conflict, Entry, GameStore, Replayed, StoreError


def draw_decks(table: Any) -> dict[str, dict[str, Any]]:
    """Each seat's draw deck as the table state knows it, and whether that number can be trusted: the cards
    that left the deck must at least cover the regular draws (7 at setup, 2 in each draw phase begun).
    Where the phones recorded fewer draws, the state still counts undrawn cards in the deck. A draw recorded as a
    count ("drew 2", no card named yet) has left the deck as much as a named one (``deck_count``)."""
    begun = 0
    if table.round >= 1:
        begun = table.round - 1 + (1 if table.phase in ROUND and ROUND.index(table.phase) >= ROUND.index(Phase.DRAW)
                                   else 0)
    expected = SETUP_DRAW + DRAW_PHASE_DRAW * begun
    out = {}
    for seat in table.players:
        registered = sum(1 for inst in table.instances.values()
                         if inst.owner == seat and table.cards[inst.code].type in DRAW_DECK_TYPES)
        left = registered - deck_count(table, seat)
        out[seat] = {"count": deck_count(table, seat), "left_deck": left, "regular_draws": expected,
                     "tracked": left >= expected}
    return out


def _names_only(value: Any) -> Any:
    """A verdict's parameters with each card named, not identified (``{"name", "card"}`` -> ``{"name"}``)."""
    if isinstance(value, dict):
        return {k: _names_only(v) for k, v in value.items() if not (k == "card" and "name" in value)}
    if isinstance(value, list):
        return [_names_only(v) for v in value]
    return value


def waiting_report(found: Agreement, names: dict[str, str]) -> dict[str, Any] | None:
    """A result one seat reported that waits for the other seat's confirmation, for the judge's dashboard row (a
    judge's event showed nothing there; only the table's log said "#7 result reported"): who reported what, and
    whose confirmation it waits for. None: nobody reported, or the result is settled or disputed."""
    if found.status != "waiting":
        return None
    seat, report = next((s, r) for s, r in found.reports.items() if r is not None)
    other = next(s for s in found.reports if s != seat)
    return {"seat": seat, "name": names.get(seat, seat), "claim": {
        **report.claim.to_dict(), "winner_name": names.get(report.claim.winner or "")}, "at": report.at,
        "waits_for": other, "waits_for_name": names.get(other, other)}


#: The regular draws (RR: Setup, Draw phase): 7 cards at setup, 2 in each draw phase.
SETUP_DRAW, DRAW_PHASE_DRAW = 7, 2

#: Dashboard order: what needs a judge first.
URGENCY = {"call_judge": 0, "dispute": 1, "paper_reused": 1, "deck_check": 1, "illegal": 2, "after_time": 2,
           "needs_judge": 3, "undo": 4, "reprint": 4}


def open_moves(flags: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A table's flagged moves not yet dealt with (the judge has not cleared them), newest first."""
    return sorted((f for f in flags if f["kind"] in MOVE_FLAGS and not f["cleared"]), key=lambda f: -(f["id"] or 0))


def event_channel(event_id: str) -> str:
    return f"event:{event_id}"


def deck_problems(action: dict[str, Any], registered: dict[str, dict[str, int]]) -> list[dict[str, Any]]:
    """Cards an action names that are not in their seat's registered decklist, or a copy beyond the
    registered count. Positions (hidden cards named by where they lie) are not card names: skipped."""
    out = []
    for ref in sorted(_card_names(action)):
        seat, code, copy = ref.split(".")
        if seat not in registered:
            continue
        count = registered[seat].get(code, 0)
        if not copy.isdigit() or int(copy) > count:
            out.append({"seat": seat, "card": ref, "code": code, "registered": count,
                        "copy": int(copy) if copy.isdigit() else copy})
    return out


CARD_ID = re.compile(r"^[\w-]{1,16}\.[0-9A-Za-z_-]{1,20}\.[0-9]{1,3}$")


def _card_names(value: Any) -> set[str]:
    """Every card instance id an action names, in any field (also actions the engine cannot read:
    a move naming a card the table does not have is exactly what a deck check looks for)."""
    if isinstance(value, str):
        return {value} if CARD_ID.match(value) else set()
    if isinstance(value, dict):
        return {c for v in value.values() for c in _card_names(v)}
    if isinstance(value, list):
        return {c for v in value[:100] for c in _card_names(v)}
    return set()


class EventService:
    def __init__(self, games: GameStore, events: EventStore, publish: Callable[[str, int], None]) -> None:
        self.games, self.events, self._publish = games, events, publish
        self._seen: dict[str, int] = {}
        self._versions: dict[str, int] = {}
        self._guard = threading.Lock()
        self._decks: dict[str, dict[str, dict[str, int]]] = {}
        self._latest: dict[str, int] = {}  # game id -> its latest committed version (from the listener)
        self._facts: dict[str, dict[str, Any]] = {}
        self._called: set[tuple[str, str]] = set()  # (game, deadline) whose call_time is in the log
        self.ticker = DeadlineTicker(self._tick)  # wakes at each round's next deadline (started by watch())
        games.listeners.append(self.on_commit)
        events.written.append(self.publish)  # a flag written after its move's answer: the dashboards hear of it

    def saw_cards(self, game_id: str, cards: list[str], source: str) -> None:
        """Cards seen at an event table outside its log (a scanned label, a TTS snapshot): any not in
        the seat's registered list, or a copy beyond its registered count, is a deck-check flag."""
        ref = self.events.table_of(game_id)
        if ref is None or not cards:
            return
        registered = self.registered(ref)
        known = [c for c in cards[:200] if not c.startswith("?.")]
        problems = deck_problems({"seen": known}, registered)
        for card in cards[:200]:
            # A label of no deck at this table: a problem only if no seat registered that many copies.
            if card.startswith("?.") and len(parts := card.split(".")) == 3 and parts[2].isdigit() and all(
                    int(parts[2]) > deck.get(parts[1], 0) for deck in registered.values()):
                problems.append({"seat": None, "card": card, "code": parts[1], "registered": 0,
                                 "copy": int(parts[2])})
        if problems:
            # A snapshot or a scan sees the same cards again and again: a card already in a deck-check
            # flag at this table (open or cleared by the judge) is not flagged again.
            flagged = {c.get("card") for f in self.events.flags(ref.event_id, ref.round, ref.game_id)
                       if f["kind"] == "deck_check" for c in f["detail"].get("cards", [])}
            problems = [p for p in problems if p["card"] not in flagged]
        if problems:
            self.events.flag(ref, "deck_check", {"cards": problems, "source": source})
            self.publish(ref.event_id)

    # -- the event channel --------------------------------------------------------------------
    def publish(self, event_id: str) -> int:
        """A new version of the event's channel: increasing milliseconds, never repeating."""
        with self._guard:
            version = max(int(time.time() * 1000), self._versions.get(event_id, 0) + 1)
            self._versions[event_id] = version
        self._publish(event_channel(event_id), version)
        return version

    def version(self, event_id: str) -> int:
        return self._versions.get(event_id, 0)

    # -- flags ---------------------------------------------------------------------------------
    def registered(self, ref: TableRef) -> dict[str, dict[str, int]]:
        decks = self._decks.get(ref.game_id)
        if decks is None:
            players = {p.id: p for p in self.events.players(ref.event_id)}
            decks = {seat: players[pid].deck for seat, pid in zip(("A", "B"), ref.players, strict=False)}
            self._decks[ref.game_id] = decks
        return decks

    def on_commit(self, game_id: str, version: int) -> None:
        ref = self.events.table_of(game_id)
        if ref is None:
            return
        with self._guard:
            since = self._seen.get(game_id, max(0, version - 1))
            self._seen[game_id] = max(since, version)
            self._latest[game_id] = max(self._latest.get(game_id, 0), version)
        for entry in self.games.entries(game_id, since):
            self.check_entry(ref, entry)
        self.settle_time(ref, version)
        self.publish(ref.event_id)

    # -- time called -----------------------------------------------------------------------------
    def enforce_clock(self, game_id: str) -> bool:
        """Time called lives in the game's log: the first time anyone looks at or writes to a table
        after its deadline (the round clock plus the table's extensions), ``call_time`` is recorded on
        the judge's authority, once per deadline (its request id is the deadline). Returns whether
        time is called at the table now."""
        ref = self.events.table_of(game_id)
        if ref is None:
            return False
        info = self.events.round_info(ref.event_id, ref.round)
        before = remaining(info["started"], info["minutes"])
        if before is None or before > 0:
            return False  # most writes of a round: extensions only add time, so no need to read them
        table = self.games.state(game_id).table
        if getattr(table, "time_called", True) or gone_to_time(table):
            return True
        extension = self.extension(game_id)
        left = remaining(info["started"], info["minutes"], extension)
        if left is None or left > 0:
            return False
        request_id = f"time-called:{info['started']}+{info['minutes'] + extension}m"
        if (game_id, request_id) in self._called:
            # Recorded once for this deadline and taken back since (the judge undid it): not again, and
            # no write attempt on every dashboard read.
            return False
        self.games.first_of_writes(game_id)  # the call, then the move that looked: not both on the event loop
        called = self._as_judge(game_id, CallTime(), request_id)
        if called:
            with self._guard:
                self._called.add((game_id, request_id))
        return called

    def watch(self, event_id: str, number: int, when: float | None = None) -> None:
        """Look at a round's tables at ``when`` (now by default) and from then on at each next deadline:
        called when its clock starts, when a table's deadline moves, and for running rounds at start-up."""
        self.ticker.at(time.time() if when is None else when, (event_id, number))

    def resume(self, hours: float = 12.0) -> None:
        """At start-up: watch the rounds whose clocks ran within the last ``hours`` (a deadline that passed
        while the server was down is called at once)."""
        since = dt.datetime.now(dt.UTC) - dt.timedelta(hours=hours)
        for info in self.events.started_rounds():
            end = dt.datetime.fromisoformat(info["started"]) + dt.timedelta(minutes=info["minutes"])
            if end >= since:
                self.watch(info["event_id"], info["number"])

    def _tick(self, key: Any) -> float | None:
        """The ticker's look at one round: every table whose deadline has passed gets ``call_time`` (a
        table with a result, or won on power, needs none); the dashboards are told; the answer is when the
        next table's deadline comes (extensions differ per table), or None when none is left."""
        event_id, number = key
        info = self.events.round_info(event_id, number)
        if not info["started"]:
            return None
        results = self.events.results(event_id, number)
        due, upcoming = False, []
        for ref in self.events.tables(event_id, number):
            if results.get(ref.game_id) is not None:
                continue
            table = self.games.state(ref.game_id).table
            if table.time_called or winner(table):
                continue
            left = remaining(info["started"], info["minutes"], self.extension(ref.game_id))
            if left is None:
                continue
            if left > 0:
                upcoming.append(left)
            else:
                due = True
                self.enforce_clock(ref.game_id)
        if due:
            self.publish(event_id)  # the rows' clocks say so even where nothing new was written
        return time.time() + min(upcoming) + SLACK if upcoming else None

    def _as_judge(self, game_id: str, action: CallTime, request_id: str) -> bool:
        """Record ``action`` on the judge's authority at the game's current version; a repeat of the
        request id (already recorded: a lifted call stays lifted until the next deadline) or a write
        that slipped in between (tried again) is fine. A full or damaged log: the judge sees the flag."""
        for _ in range(3):
            try:
                TableService(self.games).act(game_id, action, JUDGE, self.games.game(game_id).version,
                                             request_id=request_id)
                return True
            except Replayed:
                return True
            except Conflict:
                continue
            except StoreError:
                return False
        return False

    def lift_time(self, game_id: str, request_id: str) -> bool:
        """An extension granted after time was called, or the round's clock started again: if the table's
        deadline is in the future again, the call is lifted (logged), and the game may go on into a new
        round. ``request_id`` names the cause (a retry lifts once)."""
        ref = self.events.table_of(game_id)
        if ref is None:
            return False
        info = self.events.round_info(ref.event_id, ref.round)
        left = remaining(info["started"], info["minutes"], self.extension(game_id))
        table = self.games.state(game_id).table
        if left is None or left <= 0 or not getattr(table, "time_called", False):
            return False
        return self._as_judge(game_id, CallTime(lifted=True), request_id[:64])

    def time_steps(self, game_id: str, dominance_won_by: str | None = None,
                   counts: dict[str, int] | None = None, power: dict[str, int] | None = None) -> dict[str, Any]:
        """The going-to-time steps, each figure marked by where it comes from (``sources``): ``tracked`` (the
        table state), ``count`` (the players' count, entered by the judge), ``said`` (the power the players say, entered
        by the judge) or ``untracked``. Dominance in
        the final round comes from the log (``win_dominance``); the judge may say who won it (``A``, ``B``
        or ``none``) where nobody recorded it. Power is tracked only where the log recorded some (gained, moved,
        lost or set: ``power_recorded``); where not, nothing is decided until the judge enters both players' power
        as they say it (``power``). A draw deck is tracked only where the regular draws (7 at setup, 2 each draw
        phase) were recorded; where not, and power does not decide, there is no winner until the judge enters both
        players' counts (``counts``). ``needs`` lists the steps whose figures the judge must enter."""
        table = self.games.state(game_id).table
        judged = view(table, JUDGE)
        final: str | None = dominance_won_by
        if final is None and table.round in table.dominance:
            final = table.dominance[table.round] or "none"
        dominance = None if final is None else {p["seat"]: p["seat"] == final for p in judged["players"]}
        standings = standings_from(judged, dominance)
        decks = draw_decks(table)
        counts = {seat: n for seat, n in (counts or {}).items() if seat in decks}
        power = {seat: n for seat, n in (power or {}).items() if seat in decks}
        deck_source = {seat: "count" if seat in counts else "tracked" if d["tracked"] else "untracked"
                       for seat, d in decks.items()}
        power_source = {p.seat: "said" if p.seat in power else "tracked" if table.power_recorded else "untracked"
                        for p in standings}
        held = {p.seat: p.power for p in standings}
        standings = [replace(p, draw_deck=counts.get(p.seat, p.draw_deck), power=power.get(p.seat, p.power))
                     for p in standings]
        sources = {"power_needed": power_source, "draw_deck": deck_source,
                   "dominance": {p.seat: "tracked" if dominance_won_by is None and dominance is not None
                                 else "judge" if dominance is not None else "untracked" for p in standings},
                   "dead_characters": {p.seat: "tracked" for p in standings}}
        # Before round 1's plot phase no first player was chosen at this table (a judge trial read the calculator
        # naming seat A, the table's default): the players say who it is.
        decided = going_to_time(standings, judged.get("first_player") if table.round > 0 else None)
        for step in decided["steps"]:
            step["sources"] = sources.get(step["step"], {})
        decided.update({"sources": sources, "draw_decks": decks, "power": held})
        needs = ["power_needed"] if "untracked" in power_source.values() else []
        if (needs or decided["decided_by"] != "power_needed") and "untracked" in deck_source.values():
            needs.append("draw_deck")  # power does not decide (or is not known), and the draw decks are a guess
        if needs:
            # Nothing is decided on a guess: the judge has the players say their power and count their draw decks.
            shown = [x for x in decided["steps"] if x["step"] in ("power_needed", "draw_deck")]
            if not any(x["step"] == "draw_deck" for x in shown):
                shown.append({"step": "draw_deck", "en": text("step.draw_deck", "en"),
                              "de": text("step.draw_deck", "de"), "sources": deck_source, "decides": False,
                              "values": {p.seat: p.draw_deck for p in standings}})
            decided.update({"winner": None, "chooser": None, "decided_by": None, "needs": needs,
                            "steps": [{**x, "decides": False, "needs_count": x["step"] in needs} for x in shown]})
        return decided

    def chooser(self, game_id: str) -> str | None:
        """A table gone to time that is a tie to the end: the first player, who chooses the winner (no step
        was left out: where the final round's dominance is not recorded, the judge asks first)."""
        if not gone_to_time(self.games.state(game_id).table):
            return None
        decided = self.time_steps(game_id)
        if decided["winner"] is not None or decided.get("needs") or any(s.get("skipped") for s in decided["steps"]):
            return None
        chooser: str | None = decided.get("chooser")
        return chooser

    def settle_time(self, ref: TableRef, version: int | None = None) -> None:
        """A table that has gone to time (time called, taxation reached) gets the going-to-time result
        when the steps name a winner (a tie to the end: the first player chooses, and the judge records
        it). The game is over when taxation ends, so the result follows the table through its taxation
        phase (power gained there counts); a call lifted by a late extension, or taxation undone, takes
        the result back. A result the judge set (no ``by_time``) is never touched. ``version``: the one just
        committed, whose state the writer left cached (the game is not read again for it)."""
        table = self.games.state(ref.game_id, version=version).table
        result = self.events.result(ref.game_id)
        if result is not None and "by_time" not in result:
            return
        decided = self.time_steps(ref.game_id) if gone_to_time(table) else {"winner": None}
        if decided["winner"] is None:
            if result is not None:
                self.record_result(ref, None, "time")
            return
        settled = {"winner": decided["winner"], "winner_name": self.seat_player(ref, decided["winner"]),
                   "reason": f"going to time: {decided['decided_by']}", "by_time": decided["decided_by"]}
        if table.ended == "power" and winner(table) == decided["winner"]:
            # 15 power reached while playing through the taxation phase: the deck's victory condition, a win and no
            # modified win (Tournament Regulations › End of Round: going to time only "if neither player has won").
            settled = {**settled, "reason": "15 power", "modified": False}
        if settled != result:
            self.record_result(ref, settled, "time")

    def seat_player(self, ref: TableRef, seat: str | None) -> str | None:
        """The registered player's name at a table's seat (A or B), or None."""
        seats = dict(zip("AB", ref.players, strict=False))
        if seat not in seats:
            return None
        return next((p.name for p in self.events.players(ref.event_id) if p.id == seats[seat]), None)

    def check_entry(self, ref: TableRef, entry: Entry) -> None:
        violations = (entry.verdict or {}).get("violations", []) if entry.kind == "action" else []
        if any(v.get("rule") == "time.called" for v in violations):
            # A new round begun after time was called (the log's call_time, so an advisory table recorded
            # it as illegal): one flag of its own kind for the judge, not a second "illegal" one.
            clock = self.clock(ref.event_id, ref.round, ref.game_id)
            self.events.flag(ref, "after_time", {"by": entry.actor, "action": entry.data, "violations": violations,
                                                 "message": clock["rule"]["en"], "message_de": clock["rule"]["de"]},
                             entry.seq)
        elif entry.kind == "action" and entry.verdict and not entry.verdict.get("legal", True):
            self.events.flag(ref, "illegal", {"action": entry.data, "violations": violations,
                                              "by": entry.actor}, entry.seq)
        if entry.kind == "action":
            problems = deck_problems(entry.data, self.registered(ref))
            if problems:
                self.events.flag(ref, "deck_check", {"cards": problems, "action": entry.data}, entry.seq)
        if entry.kind == "undo" and entry.actor.startswith("seat"):
            self.events.flag(ref, "undo", {"undone": entry.data.get("seq"), "by": entry.actor}, entry.seq)
        if entry.kind == "key" and entry.data.get("refused"):
            # A seat sheet opened again after its phone took the seat: refused, and the judge hears of it.
            seat = str(entry.data.get("seat"))
            self.events.flag(ref, "paper_reused", {"seat": seat, "player": self.seat_names(ref).get(seat, seat),
                                                   "used_at": entry.data.get("used_at")}, entry.seq)
        if entry.kind == "deck":
            registered = self.registered(ref).get(entry.data.get("seat", ""))
            if registered is None or deck_hash(entry.data.get("deck", {})) != deck_hash(registered):
                self.events.flag(ref, "deck_check", {"seat": entry.data.get("seat"),
                                                     "message": "a deck other than the registered one was loaded"},
                                 entry.seq)

    def refused(self, game_id: str, action: dict[str, Any], answer: dict[str, Any], actor: str) -> None:
        """A strict game refused a move: nothing is in the log, but the judge hears of it."""
        ref = self.events.table_of(game_id)
        if ref is None:
            return
        error = answer.get("error", {}) if isinstance(answer, dict) else {}
        details = error.get("details", {}) or {}
        verdict = details.get("verdict") or {}
        violations = verdict.get("violations", [])
        kind = "after_time" if any(v.get("rule") == "time.called" for v in violations) else "illegal"
        self.events.flag(ref, kind, {"action": action, "refused": True, "message": error.get("message"),
                                     "violations": violations, "by": actor})
        self.publish(ref.event_id)

    def deck_check_attempt(self, game_id: str, action: dict[str, Any], actor: str) -> None:
        """A move naming a card outside the registered list (it cannot be recorded: the table has no
        such card). Flag it before the game refuses it."""
        ref = self.events.table_of(game_id)
        if ref is None:
            return
        problems = deck_problems(action, self.registered(ref))
        if problems:
            self.events.flag(ref, "deck_check", {"cards": problems, "action": action, "by": actor})
            self.publish(ref.event_id)

    # -- flags and rulings in words ----------------------------------------------------------------
    def seat_names(self, ref: TableRef, players: dict[int, Any] | None = None) -> dict[str, str]:
        """Seat -> the registered player's name at this table."""
        names = {p.id: p.name for p in (players.values() if players else self.events.players(ref.event_id))}
        return {seat: names.get(pid, seat) for seat, pid in zip("AB", ref.players, strict=False)}

    def in_words(self, ref: TableRef, detail: dict[str, Any], seats: dict[str, str]) -> dict[str, Any]:
        """A flag's detail with its cards and players named: ``who`` for the seat that acted (``seat:A`` ->
        Ann), each card's ``name`` and ``player``, each rule broken as a sentence in both languages. The
        instance ids stay for the judge who asks for them."""
        from companion.messages import verdict_text

        out = dict(detail)
        by = str(detail.get("by") or "")
        if by.startswith("seat:"):
            out["who"] = seats.get(by[5:], by[5:])
        elif by:
            out["who"] = by
        if detail.get("seat") in seats:
            out["player"] = seats[detail["seat"]]
        action = detail.get("action")
        if isinstance(action, dict) and isinstance(action.get("type"), str):
            # The move in words: its type (the page names it) and the card it was about, by its title. Only the
            # judge reads a flag's move (the organiser its kind, time and player): a card hidden then is named.
            card = action.get("card")
            code = card.split(".")[1] if isinstance(card, str) and CARD_ID.match(card) else None
            named = self.games._cards({code}) if code else {}
            out["move"] = {"type": action["type"], **({"card": named[code].name if code in named else code}
                                                      if code else {})}
        cards = [c for c in detail.get("cards", []) if isinstance(c, dict)]
        if cards:
            known = self.games._cards({str(c.get("code")) for c in cards})
            out["cards"] = [{**c, "name": known[c["code"]].name if c.get("code") in known else c.get("code"),
                             "player": seats.get(str(c.get("seat")))} for c in cards]
        violations = []
        for v in detail.get("violations", []):
            try:  # cards by name: the instance ids stay in the flag for the judge who asks for them
                if isinstance(v.get("params"), dict):  # players by name too: "Ann needs 5 gold", not "A needs"
                    params = {k: seats.get(x, x) if k == "player" and isinstance(x, str) else x
                              for k, x in _names_only(v["params"]).items()}
                    plain = {**v, "params": params}
                else:
                    plain = v
                words = {lang: verdict_text(plain, lang) for lang in ("en", "de")}
            except (KeyError, IndexError, ValueError):
                words = {"en": str(v.get("message") or v.get("rule")), "de": str(v.get("message_de") or v.get("rule"))}
            violations.append({**v, "text": words})
        if violations:
            out["violations"] = violations
        return out

    # -- the dashboard -------------------------------------------------------------------------
    def current_round(self, event_id: str) -> int | None:
        rounds = self.events.rounds(event_id)
        return rounds[-1]["number"] if rounds else None

    def extension(self, game_id: str) -> int:
        """Minutes of time extension the judge granted this table (from its log's rulings)."""
        # Only the rulings are read (an index of its own): a table's whole log is thousands of entries by the end.
        return sum(int(e.data.get("minutes", 0)) for _, e in self.games.rulings([game_id], "time_extension"))

    def clock(self, event_id: str, number: int, game_id: str | None = None, extension: int | None = None,
              info: dict[str, Any] | None = None) -> dict[str, Any]:
        info = info or self.events.round_info(event_id, number)
        extra = extension if extension is not None else (self.extension(game_id) if game_id else 0)
        stopped = info.get("stopped")
        # A round whose last result is in stopped its clock then (stored): what was left is shown, not counted on.
        left = remaining(info["started"], info["minutes"], extra,
                         at=dt.datetime.fromisoformat(stopped) if stopped else None)
        return {"round": number, "minutes": info["minutes"], "started": info["started"], "extension": extra,
                "remaining": None if left is None else round(left, 1),
                "time_called": left is not None and left <= 0, "stopped": stopped,
                **({"finished": True} if stopped else {}),
                "rule": {lang: text("ev.time_called_rule", lang) for lang in ("en", "de")}}

    def _table_facts(self, game_id: str) -> dict[str, Any]:
        """What a dashboard row shows of a game at its current version. Cached by version: a dashboard
        wakes for every commit of the event, but only the table that moved is looked at again."""
        known = self._latest.get(game_id)
        cached = self._facts.get(game_id)
        if cached is not None and known is not None and cached["version"] == known:
            return cached
        game = self.games.game(game_id)
        state = self.games.state(game_id, game)
        judged = view(state.table, JUDGE)
        last = self.games.entries(game_id, max(0, game.version - 1))  # the newest entry only: when it was made
        seen = {p["seat"]: p for p in judged["players"]}
        players = []
        for s in game.seats:
            p = seen.get(s.seat, {})
            power = int(p.get("power", 0))  # the faction card's and the controlled cards' (FAQ 1.4)
            players.append({"seat": s.seat, "name": s.name, "faction": s.faction, "gold": p.get("gold"),
                            "power": power, "shadows": len(p.get("shadows", [])),
                            "hand": p.get("hand", {}).get("count"), "deck": p.get("deck", {}).get("count")})
        names = {s.seat: s.name for s in game.seats}
        facts = {"version": game.version, "players": players, "phase": judged["phase"], "game_round": judged["round"],
                 "reported": waiting_report(self.agreement_of(game_id), names),
                 "time_called": judged.get("time_called", False), "gone_to_time": judged.get("gone_to_time", False),
                 "last_at": last[-1].at if last else None, "needs_judge": state.needs_judge,
                 "extension": self.extension(game_id)}
        with self._guard:
            self._facts[game_id] = facts
            self._latest.setdefault(game_id, game.version)
        return facts

    def table_row(self, ref: TableRef, flags: list[dict[str, Any]], info: dict[str, Any] | None = None,
                  results: dict[str, Any] | None = None, decks: dict[int, Any] | None = None) -> dict[str, Any]:
        facts = self._table_facts(ref.game_id)
        players = facts["players"]
        if decks is not None:  # each seat's registered deck: legal, or its problems and the organiser's decision
            seat_player = dict(zip("AB", ref.players, strict=False))
            players = [{**p, **({k: decks[pid].public()[k] for k in ("legal", "problems", "confirmed")}
                                if (pid := seat_player.get(p["seat"])) in decks else {})} for p in players]
        open_flags = [f for f in flags if not f["cleared"]]
        since = None
        if facts["last_at"]:
            since = (dt.datetime.now(dt.UTC) - dt.datetime.fromisoformat(facts["last_at"])).total_seconds()
        urgency = min((URGENCY.get(f["kind"], 9) for f in open_flags), default=9)
        clock = self.clock(ref.event_id, ref.round, ref.game_id, facts["extension"], info)
        if clock["time_called"] and not facts["time_called"]:
            self.enforce_clock(ref.game_id)  # recorded now; this table's row shows it on the next update
        if urgency == 9 and clock["time_called"]:
            urgency = 5
        return {"table": ref.number, "game": ref.game_id, "round": ref.round, "players": players,
                "phase": facts["phase"], "game_round": facts["game_round"], "version": facts["version"],
                "since_last_action": since, "flags": flags, "open_flags": len(open_flags), "urgency": urgency,
                "flagged_moves": open_moves(flags),
                "needs_judge": facts["needs_judge"], "clock": clock, "time_called": facts["time_called"],
                "gone_to_time": facts["gone_to_time"], "reported": facts["reported"],
                "result": results.get(ref.game_id) if results is not None else self.events.result(ref.game_id)}

    def dashboard(self, event_id: str, number: int | None = None) -> dict[str, Any]:
        version = self.version(event_id)  # first: a change made while the rest is read comes with a newer one
        event = self.events.event(event_id)
        number = number or self.current_round(event_id)
        rows: list[dict[str, Any]] = []
        if number:
            flags = self.events.flags(event_id, number)
            by_game: dict[str, list[dict[str, Any]]] = {}
            for f in flags:
                by_game.setdefault(f["game_id"], []).append(f)
            info = self.events.round_info(event_id, number)
            results = self.events.results(event_id, number)
            decks = {p.id: p for p in self.events.players(event_id)}
            rows = []
            for ref in self.events.tables(event_id, number):
                seats = self.seat_names(ref, decks)
                flags_here = [{**f, "detail": self.in_words(ref, f["detail"], seats)}
                              for f in by_game.get(ref.game_id, [])]
                rows.append(self.table_row(ref, flags_here, info, results, decks))
        clock = self.clock(event_id, number) if number else None
        # What needs attention first: the most urgent open flag; then, while the round's clock runs, the longest
        # quiet table. Before the clock starts (players sitting down, phones opening their seats) and once every
        # result is in, quiet says nothing: the tables stand in their numbers' order.
        running = (clock is not None and clock["remaining"] is not None and not clock["stopped"]
                   and not all(r["result"] for r in rows))
        rows.sort(key=lambda r: (r["urgency"], -(r["since_last_action"] or 0) if running else 0, r["table"]))
        if clock is not None and rows and all(r["result"] for r in rows):
            clock = {**clock, "finished": True}  # every result is in: the round's clock stops
        # Each player's penalties across the rounds ride on the dashboard itself: a penalty another judge gives
        # commits to its table, which publishes the event's channel, so every open dashboard shows it at once
        # (read on their own, they lagged up to 10 s behind and needed a request of their own).
        entrants = {e.id: e for e in self.events.entrants(event_id)}
        registered = [p for p in self.events.players(event_id) if p.id in entrants]
        rounds = self.events.rounds(event_id)
        players = [{"id": p.id, "name": p.name, "dropped": entrants[p.id].dropped_after is not None,
                    "removable": not rounds,  # before round 1 is paired a registration may be taken off the list
                    **{k: p.public()[k] for k in ("legal", "problems", "confirmed")}} for p in registered]
        out = {"event": event.public(), "round": number, "rounds": rounds,
               "clock": clock, "tables": rows, "penalties": by_player(event_penalties(self.events, event_id)),
               "players": players, "adjustments": self.events.adjustments(event_id),
               "version": version, "fingerprint": self.events.fingerprint(event_id)}
        if number is None:
            out["before"] = self.before_round_one(players, event.registration_open)
        return out

    @staticmethod
    def before_round_one(players: list[dict[str, Any]], registration_open: bool) -> dict[str, Any]:
        """What a judge needs before any round is paired: how many registered, how many decks are legal, how many
        are not (allowed by the organiser, or still waiting) and the event's next step, as a catalogue message."""
        illegal = [p for p in players if not p["legal"]]
        waiting = [p for p in illegal if not p["confirmed"]]
        step = ("ev.next.register" if len(players) < 2 else "ev.next.allow" if waiting else "ev.next.pair")
        return {"registered": len(players), "legal": len(players) - len(illegal), "illegal": len(illegal),
                "waiting": len(waiting), "registration_open": registration_open, "next": {"msg": step}}

    # -- results: reported by the players, decided by the judge -------------------------------------------
    def reports(self, ref: TableRef) -> Agreement:
        """The table's ``report`` entries, settled (``results.agreement``)."""
        return self.agreement_of(ref.game_id)

    def agreement_of(self, game_id: str) -> Agreement:
        found = [Report(e.seq, e.actor, Claim.of(e.data), e.at) for e in self.games.entries(game_id)
                 if e.kind == "report"]
        return agreement(found)

    def proposed(self, game_id: str) -> Claim | None:
        """The result a game proposes by itself (Tournament Regulations › End of Round): a player who reached 15
        power meets the victory condition; a table gone to time proposes the winner its steps or its first player
        named; a player whose draw deck is empty (as the table tracks it: the tracked count is never below the
        real one) receives a loss."""
        table = self.games.state(game_id).table
        won = winner(table)
        if won is not None:
            # A table that went to time ended by its steps or the first player's choice: a modified win (Tournament
            # Regulations › End of Round › Going to Time), never the victory condition.
            # A concession and an empty deck are named as such (a judge trial read a concession as "victory
            # condition" in the result, the report and the feed).
            return Claim(won, "time", modified=True) if table.ended == "time" else Claim(
                won, {"conceded": "concession", "decked": "empty_deck"}.get(str(table.ended), "victory"))
        if table.round < 1:
            return None  # before the first round nobody has drawn their deck empty
        empty = [seat for seat, p in table.players.items() if not p.zones[Zone.DECK]]
        if len(empty) == 1:
            other = next(s for s in table.players if s != empty[0])
            return Claim(other, "empty_deck")
        return None

    def record_result(self, ref: TableRef, result: dict[str, Any] | None, by: str) -> None:
        """A table's result is in (or changed, or taken back), whoever settled it: the players agreeing, the judge,
        the going-to-time steps. A change the judge makes to a result that was in is a decision on the record; a
        proposal for the next round, computed on the old result, is withdrawn (logged); the round's clock stops
        when its last result is in (stored), and runs again when one is taken back."""
        before = self.events.result(ref.game_id)
        if before == result:
            return
        changed = before is not None and result is not None and {k: before.get(k) for k in ("winner", "modified")} \
            != {k: result.get(k) for k in ("winner", "modified")}
        if by == "judge" and changed:
            # A result replaced by another (the judge was told wrong): the report and the signed file keep it.
            self.events.log(ref.event_id, "judge", "result", {"round": ref.round, "table": ref.number,
                                                             "before": before, "after": result})
        self.events.set_result(ref.game_id, result)
        if before is not None or result is None:  # a result changed or taken back: the standings moved
            number = len(self.events.rounds(ref.event_id)) + 1
            if number > ref.round and self.events.proposal(ref.event_id, number) is not None:
                self.events.drop_proposal(ref.event_id, number)
                self.events.log(ref.event_id, by, "withdrawn", {"round": number, "table": ref.number,
                                                                "round_changed": ref.round})
        info = self.events.round_info(ref.event_id, ref.round)
        complete = all(r is not None for r in self.events.results(ref.event_id, ref.round).values())
        if complete and not info.get("stopped"):
            self.events.stop_clock(ref.event_id, ref.round, dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds"))
        elif not complete and info.get("stopped"):
            self.events.stop_clock(ref.event_id, ref.round, None)
        if by == "judge":
            for f in self.events.flags(ref.event_id, ref.round, ref.game_id):
                if f["kind"] == "dispute" and not f["cleared"]:
                    self.events.clear_flag(ref.event_id, f["id"])
        self.publish(ref.event_id)

    def settle_reports(self, ref: TableRef) -> Agreement:
        """After a seat's report: both seats agree, and the result counts at once; or they differ, and the judge's
        dashboard raises a dispute (once per pair of reports)."""
        settled = self.reports(ref)
        if settled.status == "agreed" and settled.result is not None and self.events.result(ref.game_id) is None:
            self.record_result(ref, as_result(settled.result, self.seat_names(ref), "players"), "players")
        elif settled.status == "disputed":
            seqs = sorted(r.seq for r in settled.reports.values() if r is not None)
            names = self.seat_names(ref)
            claims = {seat: None if r is None else {**r.claim.to_dict(), "winner_name": names.get(r.claim.winner or "")}
                      for seat, r in settled.reports.items()}
            # The same two results said again raise no second flag while the first is open.
            known = [f for f in self.events.flags(ref.event_id, ref.round, ref.game_id)
                     if f["kind"] == "dispute" and not f["cleared"]]
            if not any(f["detail"].get("claims") == claims for f in known):
                self.events.flag(ref, "dispute", {"reports": seqs, "claims": claims}, max(seqs))
        self.publish(ref.event_id)
        return settled

    # -- any moment of any game -----------------------------------------------------------------
    def moment(self, game_id: str, seq: int) -> dict[str, Any]:
        """The full table (hidden cards included) after entry ``seq``, as it stood then: actions
        undone later still count here; undos up to ``seq`` take theirs back."""
        game = self.games.game(game_id)
        entries = self.games.entries(game_id)
        seq = max(0, min(seq, game.version))
        upto = [e for e in entries if e.seq <= seq]
        decks = {e.data["seat"]: e.data["deck"] for e in upto if e.kind == "deck"}
        undone = {int(e.data["seq"]) for e in upto if e.kind == "undo" and isinstance(e.data.get("seq"), int)}
        cards = dict(self.games._cards({c for d in decks.values() for c in d}))  # the store's catalog
        table = new_table(game.edition, [Seat(s.seat, s.name, s.faction) for s in game.seats], cards)
        for seat, deck in decks.items():
            add_deck(table, seat, deck)
        skipped = []
        for e in upto:
            if e.kind != "action" or e.seq in undone:
                continue
            try:
                play(table, action_from_dict(e.data), "advisory")
            except Exception as exc:  # one entry that does not replay, not the whole moment
                skipped.append({"seq": e.seq, "error": str(exc)[:200]})
        later_undone = {int(e.data["seq"]) for e in entries if e.kind == "undo" and isinstance(e.data.get("seq"), int)}
        log = [{**e.to_dict(), "undone": e.kind == "action" and e.seq in later_undone} for e in entries]
        return {"game": game.public(), "seq": seq, "view": view(table, JUDGE), "entries": log, "skipped": skipped}
