"""The table service: who may write what to a game, and what it does, decided in one place.

Every write (an action, a confirmation, an undo, a deck, a judge's ruling) goes the same way, inside ONE
store transaction under the game's lock: check the request id (a repeat answers as the first did) and
the version the device saw → authorize (the game's kind: may this role record it; positions resolved) →
play (the kind: its verdict, or a refusal) → seal (the kind: what stays hidden) → append to the log →
commit, swap in the new state, notify the streams. A refusal anywhere rolls the transaction back:
nothing is appended, no request id is kept.

The store below keeps the log and knows no rules; the routes above call only this service to write.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.kinds import Authorized
from companion.rules.actions import Action
from companion.rules.permissions import touched_cards
from companion.rules.roles import JUDGE, Can, Role, kinds_that
from companion.rules.verdict import Verdict
from companion.store.games import (
    MAX_DECK_CARDS,
    Cached,
    Conflict,
    Entry,
    Forbidden,
    Game,
    GameStore,
    Keys,
    NotFound,
    Pending,
    SeatLike,
    StoreError,
    Transaction,
)
from companion.store.keys import BY_NAME, ISSUED, KEY_KINDS

#: A game as a route has it (read once per request), or its id.
GameRef = Game | str

#: How many of a seat's requests may wait for confirmation at once: one seat never crowds out another.
MAX_OPEN_REQUESTS = 5


@dataclass(frozen=True, slots=True)
class Recorded:
    """An action appended: its entry, the kind's verdict (AGoT's ``Verdict``; None for a kind without one),
    and what the kind answers of it (the Shadow Empire says what its turn did)."""

    entry: Entry
    verdict: Any = None
    result: Any = None


@dataclass(frozen=True, slots=True)
class UndoPlan:
    """What an undo would take back (``seq``) and whether it may: "yes"; "confirm" by the seat ``awaiting``
    (the only one that has acted since); or "no", with ``reason``: "nothing" (no action of the asker's),
    "not_last" (a seat undoes its own last action first), "others_acted" (the host, the judge or more
    than one seat acted since: the host or the judge undoes it)."""

    seq: int | None
    allowed: str
    awaiting: str | None = None
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "allowed": self.allowed, "awaiting": self.awaiting, "reason": self.reason}


#: A judge's rulings: logged entries every seat sees; they change no table.
RULING_TYPES = ("note", "penalty", "time_extension", "correction")


def _split(game: GameRef) -> tuple[str, Game | None]:
    return (game, None) if isinstance(game, str) else (game.id, game)


class TableService:
    """Writes to games: authorize → play → seal → append → notify, in one transaction, for every kind."""

    RULING_TYPES = RULING_TYPES

    def __init__(self, store: GameStore) -> None:
        self.store = store

    # -- games and their keys ----------------------------------------------------------------------
    def create_game(self, edition: str, mode: str, seats: Sequence[SeatLike], title: str = "", kind: str = "agot",
                    header: dict[str, Any] | None = None, asked: Collection[str] = ()) -> tuple[Game, Keys]:
        """A new game and its keys (shown once), with those of the ``asked`` kinds that are made only when asked
        for (the judge's). Anyone may make one (the web layer limits how often); the game's kind checks
        ``edition`` and ``mode``."""
        return self.store.create_game(edition, mode, seats, title=title, kind=kind, header=header, asked=asked)

    def issue_key(self, game: GameRef, kind: str, role: Role, seat: str | None = None, *,
                  event_decided: bool = False, unplayed: bool = False) -> str:
        """A new key of ``kind`` (``companion/store/keys.py``; for ``seat`` if the kind is per seat): the old one
        stops working, streams opened with it end, and every phone is told of one that reads hidden cards.

        Deny by default: the role needs ``Can.ISSUE_KEYS``, and at an event's table a seat's key is the event's,
        renewed only by a role that can ``Can.EVENT_KEYS`` (the judge), unless the event itself has decided who
        prints its seat sheets (``event_decided``: the organiser before the round begins, the judge after;
        ``unplayed``: only while the game has not begun, see ``GameStore.issue_key``)."""
        if not role.can(Can.ISSUE_KEYS):
            raise Forbidden(f"a new key needs a {' or '.join(k.value for k in kinds_that(Can.ISSUE_KEYS))} key")
        made = BY_NAME.get(kind)
        if made is None or not made.issued or made.per_seat != (seat is not None):
            raise NotFound(f"no key of kind {kind[:20]!r} is made here", kinds=ISSUED)
        game_id, known = _split(game)
        if made.per_seat and not event_decided and not role.can(Can.EVENT_KEYS):
            found = known if known is not None else self.store.game(game_id)
            if found.header.get("event"):
                raise Forbidden("at an event only the judge renews a seat's key")
        return self.store.issue_key(game_id, kind, role.actor, seat, unplayed=unplayed)

    def reissue_key(self, game: GameRef, seat: str, role: Role, *, event_decided: bool = False,
                    unplayed: bool = False) -> str:
        """A new join link for a seat (a lost phone); the old key stops working (see ``issue_key``)."""
        per_seat = next(k.name for k in KEY_KINDS if k.per_seat)
        return self.issue_key(game, per_seat, role, seat, event_decided=event_decided, unplayed=unplayed)

    def claim_paper(self, game: GameRef, paper_key: str, request_id: str | None = None) -> tuple[str, str]:
        """A seat sheet's printed key, exchanged once for the seat's own key by the phone that opens it (the key it
        answers is that phone's alone; the sheet opens nothing after). Who may: whoever holds the paper, and only
        once; a second opening is refused and named to every phone (``GameStore.claim_paper``)."""
        game_id, _ = _split(game)
        return self.store.claim_paper(game_id, paper_key, request_id)

    # -- actions -----------------------------------------------------------------------------------
    def record(self, game: GameRef, action: Any, role: Role, expected_version: int | None,
               request_id: str | None = None) -> Recorded | Pending:
        """Record one action of the game's kind (already decoded). An effect on another seat's face-down card
        is not played yet: it waits for that seat (``Pending``), logged as a request in the same transaction."""
        game_id, known = _split(game)
        with self.store.transaction(game_id, known) as tx:
            tx.replayed(role.actor, request_id)
            tx.check_version(expected_version)
            tx.require_intact()
            allowed = tx.kind.authorize(tx.game, tx.state().table, action, role)
            if allowed.awaiting is not None:
                return self._ask(tx, role, action, allowed, request_id)
            working = tx.working_copy()
            played = tx.kind.play(tx.game, working.table, allowed.action, action, role)
            sealed = tx.kind.seal(played.before, working.table, allowed.action, played.verdict)
            entry = tx.append("action", played.data, role.actor, played.verdict_data, sealed,
                              {"request_id": request_id} if request_id else None)
            tx.remember(role.actor, request_id, seq=entry.seq)
        return Recorded(entry, played.verdict, played.result)

    def act(self, game: GameRef, action: Action, role: Role, expected_version: int | None,
            request_id: str | None = None) -> tuple[Entry, Verdict] | Pending:
        """An AGoT action: its entry and verdict, or the request waiting for a seat (see ``record``)."""
        done = self.record(game, action, role, expected_version, request_id)
        if isinstance(done, Pending):
            return done
        assert isinstance(done.verdict, Verdict)
        return done.entry, done.verdict

    def _ask(self, tx: Transaction, role: Role, requested: Any, allowed: Authorized,
             request_id: str | None) -> Pending:
        """Log the request (by position only) and keep the card it resolved to where only the store sees it."""
        assert allowed.awaiting is not None
        if tx.open_requests(role.actor) >= MAX_OPEN_REQUESTS:
            raise StoreError("you have 5 requests waiting for confirmation; wait for an answer first")
        pending = tx.new_pending(role.actor, allowed.awaiting, requested.to_dict())
        # The request names the other seat's card by position; the requester's own hidden cards in it
        # (an attachment from hand, say) are sealed like any entry's.
        sealed = tx.kind.seal(None, tx.state().table, requested, None)
        entry = tx.append("request", {"pending": pending.id, "action": pending.action, "awaiting": pending.awaiting},
                          role.actor, None, sealed)
        tx.add_pending(pending, allowed.action.to_dict())
        tx.remember(role.actor, request_id, seq=entry.seq, pending_id=pending.id)
        return pending

    def act_many(self, game: GameRef, actions: list[Action], actor: Role, expected_version: int | None,
                 request_id: str | None = None, meta: dict[str, Any] | None = None) -> list[tuple[Entry, Verdict]]:
        """Several actions in one transaction: all are recorded, or none (a TTS snapshot or import)."""
        game_id, known = _split(game)
        out: list[tuple[Entry, Verdict]] = []
        with self.store.transaction(game_id, known) as tx:
            tx.replayed(actor.actor, request_id)
            tx.check_version(expected_version)
            working = tx.working_copy()
            tx.require_intact()
            for action in actions:
                played = tx.kind.play(tx.game, working.table, action, action, actor)
                sealed = tx.kind.seal(played.before, working.table, action, played.verdict)
                entry = tx.append("action", played.data, actor.actor, played.verdict_data, sealed,
                                  {**(meta or {}), **({"request_id": request_id} if request_id else {})} or None)
                out.append((entry, played.verdict))
            tx.remember(actor.actor, request_id, seq=out[-1][0].seq if out else None)
        return out

    # -- requests waiting for a seat ---------------------------------------------------------------
    def decide(self, game: GameRef, pending_id: str, role: Role, confirm: bool, expected_version: int | None,
               request_id: str | None = None) -> tuple[Entry, Verdict] | None:
        """The seat whose face-down card an effect names (or the judge) confirms or declines it.

        The request is still open, the answer is logged, and the request is closed, together; two answers
        racing each other find it closed."""
        game_id, known = _split(game)
        result: tuple[Entry, Verdict] | None = None
        with self.store.transaction(game_id, known) as tx:
            tx.replayed(role.actor, request_id)  # a repeat answers as the first did
            row = tx.pending_row(pending_id)
            if row is None or row["status"] != "open":
                raise NotFound("no such request waiting for confirmation")
            if not (role.can(Can.CONFIRM) and role.sees_hidden_of(row["awaiting"])):
                raise Forbidden(f"only {row['awaiting']}'s seat or the judge may answer this request")
            tx.check_version(expected_version)
            tx.require_intact()
            meta = {"pending": pending_id, "confirmed_by": role.actor,
                    **({"request_id": request_id} if request_id else {})}
            requester = Role.from_actor(row["requested_by"], tx.game.seat_names)
            if not confirm:
                entry = tx.append("answer", {"pending": pending_id, "decision": "decline"}, role.actor)
                tx.close_pending(pending_id, "declined", role.actor, entry.seq)
            elif json.loads(row["action"]).get("type") == "undo":
                # An undo the requester asked for after this seat acted: still its last action, and still
                # nobody but this seat has acted since.
                target = json.loads(row["action"])["seq"]
                try:
                    plan = self._undo_plan(tx.game, tx.state(), requester, target)
                except Forbidden:  # undone meanwhile
                    plan = UndoPlan(target, "no", reason="nothing")
                if plan.allowed not in ("yes", "confirm") or plan.awaiting not in (None, row["awaiting"]):
                    raise Conflict("the game has moved on since the request; ask again", version=tx.game.version)
                entry = self._append_undo(tx, target, requester.actor, meta)
                tx.close_pending(pending_id, "confirmed", role.actor, entry.seq)
                result = (entry, Verdict())
            else:
                requested = tx.kind.decode(json.loads(row["action"]))
                resolved = tx.kind.decode(json.loads(row["resolved"]))
                working = tx.working_copy()
                try:
                    again = tx.kind.authorize(tx.game, working.table, requested, JUDGE)  # positions as they are now
                except StoreError:
                    again = None
                if again is None or again.action != resolved:
                    raise Conflict("the card at that position has changed since the request; ask again",
                                   version=tx.game.version)
                played = tx.kind.play(tx.game, working.table, resolved, requested, role)
                sealed = tx.kind.seal(played.before, working.table, resolved, played.verdict)
                # The effect is the requester's; who confirmed it is kept with the entry.
                entry = tx.append("action", played.data, requester.actor, played.verdict_data, sealed, meta)
                tx.close_pending(pending_id, "confirmed", role.actor, entry.seq)
                result = (entry, played.verdict)
            tx.remember(role.actor, request_id, seq=entry.seq)
        return result

    # -- undo ----------------------------------------------------------------------------------------
    def _undo_plan(self, game: Game, cached: Cached, actor: Role, seq: int | None) -> UndoPlan:
        """Which action an undo by ``actor`` takes back, and whether it may (see ``UndoPlan``)."""
        effective = sorted(cached.actions)
        broken = {p["seq"] for p in cached.needs_judge}
        if actor.can(Can.UNDO) and actor.can(Can.FOR_ANY_SEAT):  # the host and the judge: any entry
            target = (effective[-1] if effective else None) if seq is None else seq
            if target is None:
                return UndoPlan(None, "no", reason="nothing")
            if target not in cached.actions and target not in broken:
                raise StoreError(f"entry {target} is not an action that can be undone", seq=target)
            return UndoPlan(target, "yes")
        if not actor.can(Can.UNDO) or actor.seat is None:
            raise Forbidden("undo needs a seat, host or judge key")
        authors = {e.seq: e.actor for e in self.store.entries(game.id) if e.kind == "action"}
        by = {s: Role.from_actor(authors.get(s, ""), game.seat_names) for s in effective}
        mine = [s for s in effective if by[s] == actor]
        if seq is not None and seq not in mine:
            raise Forbidden("a seat can undo only its own actions; ask the host or judge")
        if not mine:
            return UndoPlan(None, "no", reason="nothing")
        if seq is not None and seq != mine[-1]:
            return UndoPlan(seq, "no", reason="not_last")
        target = mine[-1]
        # Whoever acted after it may have acted on what it did: their word is needed.
        others = {by[s] for s in effective if s > target}
        if not others:
            return UndoPlan(target, "yes")
        if len(others) == 1 and (other := others.pop()).seat is not None:
            return UndoPlan(target, "confirm", awaiting=other.seat)
        return UndoPlan(target, "no", reason="others_acted")

    def undo_preview(self, game: GameRef, actor: Role, seq: int | None = None) -> UndoPlan:
        """What an undo by ``actor`` would take back now, and whether it may, without writing anything."""
        found = self.store.game(game) if isinstance(game, str) else game
        return self._undo_plan(found, self.store.state(found.id, found), actor, seq)

    def undo(self, game: GameRef, actor: Role, expected_version: int | None, seq: int | None = None,
             request_id: str | None = None) -> Entry:
        """Take back an action; an undo that needs another seat's word is refused (see ``undo_or_ask``)."""
        done = self.undo_or_ask(game, actor, expected_version, seq, request_id, ask=False)
        assert isinstance(done, Entry)
        return done

    def undo_or_ask(self, game: GameRef, actor: Role, expected_version: int | None, seq: int | None = None,
                    request_id: str | None = None, *, ask: bool = True) -> Entry | Pending:
        """Take back an action with a compensating entry (the log keeps both).

        A seat undoes its own last action while nobody else has acted since; after one other seat has
        acted, that seat confirms it (``ask``: the request waits like an effect on a face-down card, else
        it is refused). The host and the judge undo any action."""
        game_id, known = _split(game)
        with self.store.transaction(game_id, known) as tx:
            tx.replayed(actor.actor, request_id)
            tx.check_version(expected_version)
            cached = tx.state()
            tx.require_intact()
            if not cached.actions and not cached.needs_judge:
                raise Conflict("there is no action to undo", version=tx.game.version)
            plan = self._undo_plan(tx.game, cached, actor, seq)
            if plan.allowed == "no" and plan.reason == "nothing":
                raise Forbidden("a seat can undo only its own actions; ask the host or judge")
            if plan.allowed == "no" and plan.reason == "not_last":
                raise Conflict("a seat undoes its own last action first", version=tx.game.version)
            if plan.allowed == "no" or (plan.allowed == "confirm" and not ask):
                raise Conflict("another player has acted since; they confirm the undo, or ask the host or judge",
                               version=tx.game.version)
            assert plan.seq is not None
            if plan.allowed == "confirm" and plan.awaiting is not None:
                return self._ask_undo(tx, actor, plan.seq, plan.awaiting, request_id)
            entry = self._append_undo(tx, plan.seq, actor.actor)
            tx.remember(actor.actor, request_id, seq=entry.seq)
            # A request to undo the same entry, still waiting, has nothing left to ask.
            tx.withdraw_pending({"type": "undo", "seq": plan.seq}, entry.seq)
        return entry

    def _append_undo(self, tx: Transaction, target: int, actor: str, meta: dict[str, Any] | None = None) -> Entry:
        original = next((e for e in self.store.entries(tx.game.id, target - 1) if e.seq == target), None)
        data = {"seq": target, "action": original.data if original else {}}
        tx.rebuild_after()  # the table is rebuilt without the undone action
        return tx.append("undo", data, actor, None, original.seal if original else None, meta)

    def _ask_undo(self, tx: Transaction, actor: Role, target: int, seat: str, request_id: str | None) -> Pending:
        """An undo waiting for the seat that acted since: logged as a request naming the entry only."""
        if tx.open_requests(actor.actor) >= MAX_OPEN_REQUESTS:
            raise StoreError("you have 5 requests waiting for confirmation; wait for an answer first")
        action = {"type": "undo", "seq": target}
        pending = tx.new_pending(actor.actor, seat, action)
        entry = tx.append("request", {"pending": pending.id, "action": action, "awaiting": seat}, actor.actor)
        tx.add_pending(pending, action)
        tx.remember(actor.actor, request_id, seq=entry.seq, pending_id=pending.id)
        return pending

    # -- decks ---------------------------------------------------------------------------------------
    def set_deck(self, game: GameRef, seat: str, deck: Mapping[str, int], actor: Role,
                 expected_version: int | None, tag: str | None = None, request_id: str | None = None,
                 summary: Mapping[str, Any] | None = None) -> Entry:
        """Load a seat's deck (AGoT). A seat may replace its own deck until it has recorded a card action; the
        host and the judge may replace any deck at any time (logged like everything else)."""
        game_id, known = _split(game)
        with self.store.transaction(game_id, known) as tx:
            g = tx.game
            tx.replayed(actor.actor, request_id)
            tx.check_version(expected_version)
            tx.require_intact()
            if seat not in g.seat_names:
                raise NotFound(f"no seat {seat!r} in this game")
            entries = self.store.entries(game_id)
            if not actor.sees_all and any(e.kind == "action" and _names_seat_cards(e.data, seat) for e in entries):
                # Only the judge (who sees every card) may replace a deck whose cards have moved: what the
                # replacement may lack would tell anyone else which hidden cards were played.
                raise Conflict("this deck is fixed once a card of it has been played; the judge can replace it",
                               version=g.version)
            if sum(deck.values()) > MAX_DECK_CARDS:
                raise StoreError(f"a deck has at most {MAX_DECK_CARDS} cards", cards=sum(deck.values()))
            cards = self.store.cards(set(deck))
            missing = sorted(set(deck) - set(cards))
            if missing:
                raise StoreError(f"unknown card code(s): {', '.join(missing)}", codes=missing)
            wrong = sorted(c.code for c in cards.values() if c.edition != g.edition)
            if wrong:
                raise StoreError(f"card(s) from the other edition: {', '.join(wrong)}", codes=wrong)
            if any(e.kind == "action" and _names_seat_cards(e.data, seat) for e in entries):
                # Cards of the old deck already moved: the new deck must still hold each of them.
                used = {str(c) for e in entries if e.kind == "action" for c in touched_cards(e.data)
                        if str(c).startswith(f"{seat}.")}
                gone = sorted(c for c in used if not _in_deck(c, deck))
                if gone:
                    raise Conflict("the new deck lacks cards already played; undo those actions first",
                                   version=g.version, cards=len(gone))
            # The summary (the deck's name, its draw deck and plot counts) is what every screen says of the deck.
            data: dict[str, Any] = {"seat": seat, "deck": dict(sorted(deck.items())), **(summary or {})}
            if tag:
                others = {e.data.get("tag"): e.data["seat"] for e in entries if e.kind == "deck"}
                if others.get(tag) not in (None, seat):
                    raise Conflict(f"deck tag {tag} is already {others[tag]}'s deck in this game", version=g.version)
                data["tag"] = tag
            tx.rebuild_after()  # the table is built again with the new deck
            entry = tx.append("deck", data, actor.actor)
            tx.remember(actor.actor, request_id, seq=entry.seq)
        return entry

    # -- events (issue 15): a judge's ruling is a logged entry every seat sees -----------------------
    def add_ruling(self, game: GameRef, ruling: dict[str, Any], actor: Role, request_id: str | None = None) -> Entry:
        """Append a ``ruling`` entry (judges only). It changes no table state: a correction's cards move
        through ordinary judge-recorded actions; the ruling says why, on whose authority."""
        if not actor.can(Can.RULE):
            raise Forbidden("only a judge makes rulings")
        if ruling.get("type") not in RULING_TYPES:
            raise StoreError(f"a ruling is one of {', '.join(RULING_TYPES)}", type=ruling.get("type"))
        game_id, known = _split(game)
        with self.store.transaction(game_id, known) as tx:
            tx.replayed(actor.actor, request_id)
            entry = tx.append("ruling", dict(ruling), actor.actor,
                              meta={"request_id": request_id} if request_id else None)
            tx.remember(actor.actor, request_id, seq=entry.seq)
        return entry


    # -- events (issue 35): a table's result, as a seat reports it or the judge decides it -------------------
    def report(self, game: GameRef, claim: dict[str, Any], actor: Role, request_id: str | None = None) -> Entry:
        """Append a ``report`` entry: the result as the seat ``actor`` reports it, or the judge's result
        (``companion/events/results.py`` settles them). Only at an event's table; it changes no table state."""
        if not actor.can(Can.REPORT):
            raise Forbidden(f"reporting a result needs a {' or '.join(k.value for k in kinds_that(Can.REPORT))} key")
        game_id, known = _split(game)
        with self.store.transaction(game_id, known) as tx:
            tx.replayed(actor.actor, request_id)
            if not tx.game.header.get("event"):
                raise Forbidden("results are reported at an event's tables")
            tx.require_intact()
            entry = tx.append("report", {k: claim.get(k) for k in ("winner", "ending", "modified", "reason")
                                         if claim.get(k) is not None or k == "winner"}, actor.actor,
                              meta={"request_id": request_id} if request_id else None)
            tx.remember(actor.actor, request_id, seq=entry.seq)
        return entry


def _names_seat_cards(data: dict[str, Any], seat: str) -> bool:
    return any(str(c).startswith(f"{seat}.") for c in touched_cards(data))


def _in_deck(card_id: str, deck: Mapping[str, int]) -> bool:
    _, code, copy_ = card_id.split(".", 2) if card_id.count(".") >= 2 else ("", "", "0")
    return copy_.isdigit() and deck.get(code, 0) >= int(copy_)
