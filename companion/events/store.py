"""Events in the companion's SQLite file: players with frozen decklists, rounds, tables and judge flags.

Each table of a round is an ordinary game in the same file (strict mode by default) with the
registered decks loaded on the organiser's authority; the event only records which game is which
table. The organiser's and the judge's keys are stored as hashes, like a game's keys.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlite_utils

from companion.catalog.card import fold
from companion.events.swiss import CUT_SIZES, DEFAULT_SCHEME, SCHEMES, Entrant, Game, cut_rounds
from companion.rules import Seat
from companion.rules.roles import HOST
from companion.service import TableService
from companion.store.db import connect, on_event_loop, without_waiting
from companion.store.games import PAPER_KIND, GameStore, StoreError, canonical, now
from companion.store.secrets import hash_secret, matches, new_game_id, new_secret

log = logging.getLogger(__name__)

#: The tournament regulations' round length when the organiser sets none.
DEFAULT_MINUTES = 55
#: Tournament Regulations › Tournament Concepts › Tournament Round Times: Swiss and single elimination rounds 55
#: minutes each, the final single elimination round 120.
FINAL_MINUTES = 120
MAX_TABLES = 200
MAX_PLAYERS = 2 * MAX_TABLES
FLAG_KINDS = ("illegal", "deck_check", "undo", "call_judge", "needs_judge", "after_time", "reprint", "dispute",
              "paper_reused")
#: The flags that are a move against the rules (recorded and flagged at an advisory table, or refused at a strict
#: one), each with its rules broken and their citations: what the judge's table panel lists until it is dealt with.
MOVE_FLAGS = ("illegal", "after_time")


class EventError(StoreError):
    pass


class EventMissing(EventError):
    status = 404
    code = "not_found"


class EventConflict(EventError):
    """Right request, wrong moment: a round paired before its results are in, a stale proposal."""

    status = 409
    code = "event_conflict"


class UnconfirmedDeck(EventError):
    """A round would seat a player whose illegal deck the organiser has not confirmed."""

    status = 422
    code = "unconfirmed_deck"


FORMATS = ("joust", "melee")
#: The event's two keys, each with the statement that stores a new one's hash (``EventStore.renew_key``).
RENEW_SQL = {"organiser": "update events set organiser_hash = ? where id = ?",
             "judge": "update events set judge_hash = ? where id = ?"}


def list_info(edition: str, code: str | None) -> dict[str, Any] | None:
    """A shipped restricted list's code, name and date (2nd edition), or None (1st edition: the joust or
    melee legality of the 1st-edition card data)."""
    from companion.catalog.legality import restricted_lists

    return next((dict(x) for x in restricted_lists() if x["code"] == code), None) if edition == "2e" else None


@dataclass(frozen=True, slots=True)
class Event:
    id: str
    name: str
    date: str
    rounds: int
    tables: int
    edition: str
    minutes: int
    created: str
    organiser_hash: str = ""
    judge_hash: str = ""
    scoring: str = DEFAULT_SCHEME  # a key of swiss.SCHEMES
    cut: int = 0  # top 4/8/16/32 after the Swiss rounds, 0: none
    seed: str = ""  # round 1's random pairing and the last tiebreaker come from it (shown, reproducible)
    format: str = "joust"
    restricted_list: str | None = None  # a shipped list's code (2nd edition); decks are checked against it
    registration_open: bool = True  # players may register themselves from the event's link
    publish_decks: bool = False  # the public feed carries the decklists

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "date": self.date, "rounds": self.rounds, "tables": self.tables,
                "edition": self.edition, "minutes": self.minutes, "created": self.created,
                "scoring": self.scoring, "cut": self.cut, "seed": self.seed,
                "format": self.format, "restricted_list": list_info(self.edition, self.restricted_list),
                "registration_open": self.registration_open, "publish_decks": self.publish_decks}

    def stage(self, number: int) -> str | None:
        """``swiss`` for rounds 1 to ``rounds``, ``cut`` for the single elimination rounds after it."""
        if 1 <= number <= self.rounds:
            return "swiss"
        if self.cut and number <= self.rounds + cut_rounds(self.cut):
            return "cut"
        return None

    def round_minutes(self, number: int) -> int:
        """A new round's length: the event's, except the cut's final, which the regulations give 120 minutes
        where the event keeps their 55 for its other rounds (an event with rounds of its own length keeps it)."""
        final = self.rounds + (cut_rounds(self.cut) if self.cut else 0)
        if self.stage(number) == "cut" and number == final and self.minutes == DEFAULT_MINUTES:
            return FINAL_MINUTES
        return self.minutes

    def role_for(self, key: str | None) -> str | None:
        """``organiser``, ``judge`` or None. Both hashes are always compared (constant time)."""
        found = None
        if matches(key, self.judge_hash):
            found = "judge"
        if matches(key, self.organiser_hash):
            found = "organiser"
        return found


@dataclass(frozen=True, slots=True)
class Player:
    id: int
    name: str
    faction: str | None
    agenda: str | None
    deck: dict[str, int]  # code -> copies, agenda excluded: what the game loads
    deck_hash: str
    problems: list[dict[str, Any]] = field(default_factory=list)  # legality warnings at registration
    confirmed: dict[str, Any] | None = None  # the organiser's confirmation of an illegal deck: at, by
    self_registered: bool = False  # registered from the event's public link (and may fix the deck until paired)
    source: str = ""  # the decklist as pasted (the feed publishes decks only when the organiser says so)

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def playable(self) -> bool:
        """May sit at a table: a legal deck, or an illegal one the organiser confirmed."""
        return self.legal or self.confirmed is not None

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "faction": self.faction, "agenda": self.agenda,
                "deck_hash": self.deck_hash, "cards": sum(self.deck.values()), "legal": self.legal,
                "problems": self.problems, "confirmed": self.confirmed, "self_registered": self.self_registered}


def deck_hash(deck: Mapping[str, int]) -> str:
    """The frozen decklist's fingerprint: SHA-256 of its canonical JSON."""
    return hashlib.sha256(canonical(dict(sorted(deck.items()))).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class TableRef:
    game_id: str
    event_id: str
    round: int
    number: int
    players: list[int]  # player ids in seat order (seat A, seat B)


class EventStore:
    """Reads and writes events. Writes are serialised by one lock: events change rarely."""

    #: Seconds between the tries of a write handed off the server's loop (``_save_late``).
    RETRY_PAUSES: tuple[float, ...] = (0.5, 2.0, 8.0)

    def __init__(self, path: str | Path, games: GameStore) -> None:
        self.db: sqlite_utils.Database = connect(path)
        self.games = games
        self._path = str(path)
        self._lock = threading.RLock()
        self._readers = threading.local()  # each thread's reading connection (``_rows``)
        self._tables: dict[str, TableRef | None] = {}  # game id -> its event table (None: not an event game)
        self._fingerprints: dict[str, str] = {}
        # Players as decoded, per event, with the fingerprint they were read at: a judge's dashboard asks for
        # every player at each update, and decoding 128 decklists was a third of its cost.
        self._players: dict[str, tuple[tuple[int, int, int, int], tuple[Player, ...]]] = {}
        #: Told the event's id when a write handed off the event loop is made (the dashboards' channel).
        self.written: list[Callable[[str], object]] = []  # told the event's id (what they answer is ignored)
        self._later = ThreadPoolExecutor(max_workers=1, thread_name_prefix="companion-events")  # no thread until used

    def _save(self, event_id: str | None, write: Callable[[], None]) -> None:
        """A write for the judge (a flag, a table's result), now; on the server's event loop only if it waits for
        nothing, the store's lock free and the file not held by another connection (a pool write begun after the
        loop looked): else on a thread of its own, which tells ``written`` after. A move at an event's table
        writes its flags on the loop after its answer is decided; SQLite's busy handler there held up every table."""
        if not on_event_loop():  # a worker thread: it may wait
            with self._lock:
                write()
            return
        if self._lock.acquire(blocking=False):
            try:
                if without_waiting(self.db.conn, write):
                    return
            finally:
                self._lock.release()
        self._later.submit(self._save_late, event_id, write)

    def _save_late(self, event_id: str | None, write: Callable[[], None]) -> None:
        # Its move was answered already: the write is tried again (a full disk, a file held past the busy
        # handler's wait) rather than lost, and said in the server's log if it never lands.
        for pause in (*self.RETRY_PAUSES, None):
            try:
                with self._lock:
                    write()
                break
            except sqlite3.Error as exc:
                if pause is None:
                    log.error("a write for the judge of event %s was lost after %d tries: %s", event_id,
                              len(self.RETRY_PAUSES) + 1, exc)
                    return
                time.sleep(pause)
        if event_id is None:
            return
        for listener in list(self.written):
            listener(event_id)

    def _rows(self, sql: str, args: list[Any]) -> list[dict[str, Any]]:
        """A query on this thread's own connection, which takes no lock: a pairing holds the lock for its whole
        length, and neither the server's event loop nor a judge's dashboard may wait for it. WAL lets a reader
        read past a writer, and every write here commits at once (writes are serialised by the lock)."""
        if self._path == ":memory:":  # one connection is the whole database: the shared one, under the lock
            with self._lock:
                return [dict(r) for r in self.db.query(sql, args)]
        reader: sqlite_utils.Database | None = getattr(self._readers, "db", None)
        if reader is None:
            reader = self._readers.db = connect(self._path, checkpoints=False)
        return [dict(r) for r in reader.query(sql, args)]

    # -- events ------------------------------------------------------------------------------
    def create_event(self, name: str, date: str, rounds: int, tables: int, edition: str = "2e",
                     minutes: int = DEFAULT_MINUTES, scoring: str = DEFAULT_SCHEME, cut: int = 0,
                     seed: str | None = None, fmt: str = "joust",
                     restricted_list: str | None = None) -> tuple[Event, dict[str, str]]:
        name = (name or "").strip()
        if not 1 <= len(name) <= 100:
            raise EventError("an event needs a name of 1 to 100 characters")
        if not isinstance(rounds, int) or not 1 <= rounds <= 20:
            raise EventError("rounds must be 1 to 20")
        if not isinstance(tables, int) or not 1 <= tables <= MAX_TABLES:
            raise EventError(f"tables must be 1 to {MAX_TABLES}")
        if not isinstance(minutes, int) or not 5 <= minutes <= 240:
            raise EventError("a round lasts 5 to 240 minutes")
        if edition not in ("2e", "1e"):
            raise EventError("edition must be 2e or 1e")
        if scoring not in SCHEMES:
            raise EventError(f"scoring must be one of {', '.join(SCHEMES)}")
        if cut not in CUT_SIZES:
            raise EventError(f"the cut is one of {', '.join(map(str, CUT_SIZES))} (0: none)")
        seed = (seed or new_secret()[:10]).strip()[:32]
        if fmt not in FORMATS:
            raise EventError("format must be joust or melee", field="format")
        if edition == "2e":
            from companion.catalog.legality import shipped_facts

            restricted_list = restricted_list or str(shipped_facts()["2e"]["default"])
            if list_info(edition, restricted_list) is None:
                raise EventError(f"no shipped restricted list {restricted_list!r}", field="restricted_list")
        else:
            restricted_list = None
        keys = {"organiser": new_secret(), "judge": new_secret()}
        event = Event(new_game_id(), name, str(date or "")[:20], rounds, tables, edition, minutes, now(),
                      hash_secret(keys["organiser"]), hash_secret(keys["judge"]), scoring, cut, seed, fmt,
                      restricted_list)
        row = {k: v for k, v in event.public().items() if k not in ("registration_open", "publish_decks")}
        with self._lock:
            self.db.table("events").insert({**row, "organiser_hash": event.organiser_hash,
                                            "judge_hash": event.judge_hash, "closed": None,
                                            "restricted_list": restricted_list, "registration": "open",
                                            "publish_decks": 0})
        return event, keys

    def event(self, event_id: str) -> Event:
        rows = self._rows("select * from events where id = ?", [str(event_id)[:64]])
        if not rows:
            raise EventMissing("no such event")
        r = rows[0]
        return Event(r["id"], r["name"], r["date"], r["rounds"], r["tables"], r["edition"], r["minutes"],
                     r["created"], r["organiser_hash"], r["judge_hash"], r.get("scoring") or DEFAULT_SCHEME,
                     r.get("cut") or 0, r.get("seed") or r["id"], r.get("format") or "joust",
                     r.get("restricted_list"), (r.get("registration") or "open") == "open",
                     bool(r.get("publish_decks")))

    def renew_key(self, event_id: str, role: str, by: str = "server") -> str:
        """A fresh organiser's or judge's key, for a link that was lost (the server's operator issues it): stored as its
        hash only, it replaces the one before, which opens nothing from then on. Logged by role (never a key)."""
        update = RENEW_SQL.get(role)
        if update is None:
            raise EventError("a new key is the organiser's or the judge's", field="role")
        self.event(event_id)
        key = new_secret()
        with self._lock:
            self.db.conn.execute(update, [hash_secret(key), event_id])
            self.log(event_id, by, "key_renewed", {"role": role})
        return key

    def set_minutes(self, event_id: str, minutes: int) -> None:
        if not isinstance(minutes, int) or not 5 <= minutes <= 240:
            raise EventError("a round lasts 5 to 240 minutes")
        with self._lock:
            self.db.conn.execute("update events set minutes = ? where id = ?", [minutes, event_id])

    def signing_key(self, event_id: str) -> str:
        """The event's private signing key (hex), made on first use: it signs the export's manifest."""
        from companion.events.signing import new_private_key

        with self._lock:
            rows = self._rows("select signing_key from events where id = ?", [event_id])
            if not rows:
                raise EventMissing("no such event")
            if rows[0]["signing_key"]:
                return str(rows[0]["signing_key"])
            self._fingerprints.pop(event_id, None)
            key = new_private_key()
            self.db.conn.execute("update events set signing_key = ? where id = ?", [key, event_id])
            return key

    def fingerprint(self, event_id: str) -> str:
        """The signing key's fingerprint, shown on the event's pages to compare with an export's."""
        from companion.events.signing import fingerprint, public_key

        if event_id not in self._fingerprints:
            self._fingerprints[event_id] = fingerprint(public_key(self.signing_key(event_id)))
        return self._fingerprints[event_id]

    # -- the event's log of decisions ---------------------------------------------------------
    def log(self, event_id: str, by: str, kind: str, detail: dict[str, Any]) -> dict[str, Any]:
        """A decision on the record (an illegal deck confirmed, seat sheets printed again): it goes into
        the report and the signed export."""
        row: dict[str, Any] = {"event_id": event_id, "at": now(), "by": by, "kind": kind, "detail": canonical(detail)}
        with self._lock:
            row["id"] = self.db.table("event_log").insert(row).last_pk
        return {**row, "detail": detail}

    def decisions(self, event_id: str, kind: str | None = None) -> list[dict[str, Any]]:
        sql = "select * from event_log where event_id = ?" + (" and kind = ?" if kind else "") + " order by id"
        rows = self._rows(sql, [event_id, kind] if kind else [event_id])
        return [{**r, "detail": json.loads(r["detail"])} for r in rows]

    # -- players ---------------------------------------------------------------------------
    def register(self, event_id: str, name: str, faction: str | None, agenda: str | None,
                 deck: Mapping[str, int], source: str = "", problems: list[dict[str, Any]] | None = None,
                 self_key: str | None = None) -> Player:
        """Register a player; the decklist is frozen now, with its hash and its legality (``problems``: the
        warnings under the event's format and restricted list; an illegal deck waits for the organiser's
        confirmation before it may sit at a table). ``self_key``: the player registers themselves from the
        event's public link, and holds this key (stored as its hash) to fix their deck until they are paired."""
        event = self.event(event_id)
        if self_key is not None and not event.registration_open:
            raise EventConflict("the organiser has closed registration", field="name", msg="ev.reg.closed")
        name = (name or "").strip()
        if not 1 <= len(name) <= 40 or any(ord(c) < 32 for c in name):
            raise EventError("a player's name is 1 to 40 printable characters")
        if not deck:
            raise EventError(f"{name}: the decklist has no cards")
        frozen = dict(sorted(deck.items()))
        with self._lock:
            if len(self.players(event_id)) >= MAX_PLAYERS:
                raise EventError(f"an event has at most {MAX_PLAYERS} players")
            # the same name but for case and accents ("Bernd Müller", "Bernd Muller": a judge trial registered one
            # player twice from two phones, and the second could only be dropped, a ghost in the standings)
            same = next((p for p in self.players(event_id) if fold(p.name) == fold(name)), None)
            if same is not None:
                raise EventError(f"{name} is registered already" + (f" (as {same.name})" if same.name != name else ""))
            paired = len(self.rounds(event_id))
            if paired >= 2:
                # Late registration enters before round 2 is paired, with an unpaired loss for round 1 (the
                # regulations' Pairings: a player rejoining gets unpaired losses for the rounds missed).
                raise EventConflict("registration closed when round 2 was paired", field="name",
                                    msg="ev.swiss.registration_closed")
            # A number never given before: a registration removed before round 1 keeps its number in the log.
            pid = 1 + max(int(self._rows("select coalesce(max(id), 0) as n from event_players where event_id = ?",
                                         [event_id])[0]["n"]),
                          max((int(d["detail"].get("player", 0)) for d in self.decisions(event_id, "remove")),
                              default=0))
            self.db.table("event_players").insert({
                "event_id": event_id, "id": pid, "name": name, "faction": faction, "agenda": agenda,
                "deck": canonical(frozen), "deck_hash": deck_hash(frozen), "source": source[:64 * 1024],
                "registered": now(), "joined": paired + 1, "dropped_after": None,
                "legality": canonical(problems or []), "revision": 0,
                "self_hash": hash_secret(self_key) if self_key is not None else None})
            self.db.conn.execute("delete from event_proposals where event_id = ?", [event_id])  # a new player
        return Player(pid, name, faction, agenda, frozen, deck_hash(frozen), list(problems or []),
                      self_registered=self_key is not None, source=source[:64 * 1024])

    def players(self, event_id: str) -> list[Player]:
        # Players are added, confirmed, their decks replaced (a revision) and, before round 1, removed: their
        # number, the sum of their numbers (a number is never given twice), the confirmations' length and the
        # revisions change with every write that changes a Player, whichever process wrote it (the command line too).
        # The two reads take no lock: rows written after the mark are newer than it, and the next call reads
        # them again.
        mark = self._rows("select count(*) as n, coalesce(sum(length(confirmed)), 0) as c,"
                          " coalesce(sum(revision), 0) as r, coalesce(sum(id), 0) as i"
                          " from event_players where event_id = ?", [event_id])[0]
        fingerprint = (int(mark["n"]), int(mark["c"]), int(mark["r"]), int(mark["i"]))
        known = self._players.get(event_id)
        if known is not None and known[0] == fingerprint:
            return list(known[1])
        rows = self._rows("select * from event_players where event_id = ? order by id", [event_id])
        players = tuple(Player(r["id"], r["name"], r["faction"], r["agenda"], json.loads(r["deck"]),
                               r["deck_hash"], json.loads(r.get("legality") or "[]"),
                               json.loads(r["confirmed"]) if r.get("confirmed") else None,
                               bool(r.get("self_hash")), r.get("source") or "") for r in rows)
        self._players[event_id] = (fingerprint, players)
        return list(players)

    def confirm_deck(self, event_id: str, player_id: int, by: str) -> Player:
        """The organiser lets an illegal deck play (logged with its problems); a legal one needs nothing."""
        with self._lock:
            player = next((p for p in self.players(event_id) if p.id == player_id), None)
            if player is None:
                raise EventMissing(f"no player {player_id}")
            if player.legal or player.confirmed is not None:
                return player
            decision = self.log(event_id, by, "legality", {
                "player": player.id, "name": player.name, "deck_hash": player.deck_hash,
                "problems": [p.get("rule") for p in player.problems], "decision": "allowed"})
            confirmed = {"at": decision["at"], "by": by}
            self.db.conn.execute("update event_players set confirmed = ? where event_id = ? and id = ?",
                                 [canonical(confirmed), event_id, player_id])
        return next(p for p in self.players(event_id) if p.id == player_id)

    def entrants(self, event_id: str) -> list[Entrant]:
        """The players as pairing sees them: the round each entered at, the round after which each dropped, the
        rounds each missed between a drop and a rejoin."""
        rows = self._rows("select id, joined, dropped_after, missed from event_players where event_id = ? order by id",
                          [event_id])
        return [Entrant(r["id"], r["joined"] or 1, r["dropped_after"], tuple(json.loads(r.get("missed") or "[]")))
                for r in rows]

    def disqualified(self, event_id: str) -> dict[int, dict[str, Any]]:
        """Players the organiser disqualified (player id -> when, by whom): they never rejoin."""
        rows = self._rows("select id, disqualified from event_players where event_id = ? and disqualified is not null",
                          [event_id])
        return {int(r["id"]): json.loads(r["disqualified"]) for r in rows}

    def drop(self, event_id: str, player_id: int, by: str, disqualified: bool = False) -> int:
        """Drop a player after the latest paired round (0: before round 1): never paired again; their
        results stand. Returns that round. ``disqualified``: the organiser's decision (Tournament Regulations ›
        Pairings: "Disqualified players are removed from the tournament, and cannot rejoin")."""
        with self._lock:
            rows = self._rows("select name, dropped_after from event_players where event_id = ? and id = ?",
                              [event_id, player_id])
            if not rows:
                raise EventMissing(f"player {player_id} is not registered", field="player")
            if rows[0]["dropped_after"] is not None:
                raise EventConflict(f"{rows[0]['name']} has dropped already", field="player",
                                    msg="ev.swiss.dropped_already", name=rows[0]["name"])
            after = len(self.rounds(event_id))
            self.db.conn.execute("update event_players set dropped_after = ? where event_id = ? and id = ?",
                                 [after, event_id, player_id])
            if disqualified:
                self.db.conn.execute("update event_players set disqualified = ? where event_id = ? and id = ?",
                                     [canonical({"at": now(), "by": by, "after_round": after}), event_id, player_id])
            # A proposal made before the drop still pairs the player: it is withdrawn (propose again).
            self.db.conn.execute("delete from event_proposals where event_id = ?", [event_id])
            self.log(event_id, by, "disqualify" if disqualified else "drop",
                     {"player": player_id, "name": rows[0]["name"], "after_round": after})
        return after

    def remove(self, event_id: str, player_id: int, by: str) -> dict[str, Any]:
        """Take a registration off the list before round 1 is paired (a player who leaves before the first round,
        or one registered by mistake): the player is gone, with their own registration key; the decision is logged
        with the name and the deck's hash. Once a round is paired a player drops instead (their results stand)."""
        with self._lock:
            player = next((p for p in self.players(event_id) if p.id == player_id), None)
            if player is None:
                raise EventMissing(f"player {player_id} is not registered", field="player")
            if self.rounds(event_id):
                raise EventConflict(f"round 1 is paired: {player.name} drops instead", field="player",
                                    msg="ev.remove.paired", name=player.name)
            if any(a["player"] == player_id for a in self.adjustments(event_id)):
                raise EventConflict(f"{player.name} has a point adjustment: drop instead", field="player",
                                    msg="ev.remove.adjusted", name=player.name)
            self.db.conn.execute("delete from event_players where event_id = ? and id = ?", [event_id, player_id])
            self.db.conn.execute("delete from event_proposals where event_id = ?", [event_id])
            decision = self.log(event_id, by, "remove", {"player": player_id, "name": player.name,
                                                         "deck_hash": player.deck_hash})
        return decision

    def rejoin(self, event_id: str, player_id: int, by: str) -> list[int]:
        """A dropped player rejoins before the next round is paired (Tournament Regulations › Pairings: "being
        assigned unpaired losses for each round they did not attend"; "only during the same stage in which they
        left"; a disqualified player never). Returns the rounds missed, each an unpaired loss."""
        event = self.event(event_id)
        with self._lock:
            rows = self._rows("select name, dropped_after, missed, disqualified from event_players"
                              " where event_id = ? and id = ?", [event_id, player_id])
            if not rows:
                raise EventMissing(f"player {player_id} is not registered", field="player")
            row = rows[0]
            if row["disqualified"]:
                raise EventConflict(f"{row['name']} was disqualified and cannot rejoin", field="player",
                                    msg="ev.rejoin.disqualified", name=row["name"])
            if row["dropped_after"] is None:
                raise EventConflict(f"{row['name']} has not dropped", field="player", msg="ev.rejoin.not_dropped",
                                    name=row["name"])
            paired = len(self.rounds(event_id))
            left = event.stage(max(1, int(row["dropped_after"]))) or "swiss"
            if event.stage(paired + 1) != left:
                raise EventConflict(f"{row['name']} left during the {left} rounds and may rejoin only in them",
                                    field="player", msg="ev.rejoin.other_stage", name=row["name"])
            missed = sorted({*json.loads(row["missed"] or "[]"), *range(int(row["dropped_after"]) + 1, paired + 1)})
            self.db.conn.execute("update event_players set dropped_after = null, missed = ?"
                                 " where event_id = ? and id = ?", [json.dumps(missed), event_id, player_id])
            self.db.conn.execute("delete from event_proposals where event_id = ?", [event_id])
            self.log(event_id, by, "rejoin", {"player": player_id, "name": row["name"],
                                              "missed": [r for r in missed if r > int(row["dropped_after"])]})
        return missed

    # -- players who register themselves -----------------------------------------------------------------
    def self_registered(self, event_id: str, key: str | None) -> Player | None:
        """The player whose own registration key this is (every stored hash is compared: constant time)."""
        rows = self._rows("select id, self_hash from event_players where event_id = ? and self_hash is not null",
                          [event_id])
        found = None
        for r in rows:
            if matches(key, r["self_hash"]):
                found = int(r["id"])
        return next((p for p in self.players(event_id) if p.id == found), None) if found is not None else None

    def replace_deck(self, event_id: str, player_id: int, deck: Mapping[str, int], source: str,
                     problems: list[dict[str, Any]], faction: str | None, agenda: str | None) -> Player:
        """A player who registered themselves fixes their deck before they are paired (the new list is frozen
        with its hash and legality; the old one is kept in the event's log)."""
        if not deck:
            raise EventError("the decklist has no cards", field="decklist")
        frozen = dict(sorted(deck.items()))
        with self._lock:
            player = next((p for p in self.players(event_id) if p.id == player_id), None)
            if player is None:
                raise EventMissing(f"no player {player_id}")
            if any(player_id in ref.players for ref in self.tables(event_id)) or any(
                    r.get("bye") == player_id for r in self.rounds(event_id)):
                raise EventConflict("you have been paired: the list you registered is the one you play; ask the "
                                    "organiser", field="decklist", msg="ev.reg.paired")
            self.db.conn.execute("update event_players set deck = ?, deck_hash = ?, source = ?, legality = ?,"
                                 " faction = ?, agenda = ?, confirmed = null, revision = coalesce(revision, 0) + 1"
                                 " where event_id = ? and id = ?",
                                 [canonical(frozen), deck_hash(frozen), source[:64 * 1024], canonical(problems),
                                  faction, agenda, event_id, player_id])
            self.log(event_id, f"player:{player_id}", "deck_replaced",
                     {"player": player_id, "name": player.name, "before": player.deck_hash, "after": deck_hash(frozen),
                      "problems": [p.get("rule") for p in problems]})
            self.db.conn.execute("delete from event_proposals where event_id = ?", [event_id])
        return next(p for p in self.players(event_id) if p.id == player_id)

    def set_registration(self, event_id: str, open_: bool, by: str) -> None:
        self.event(event_id)
        with self._lock:
            self.db.conn.execute("update events set registration = ? where id = ?",
                                 ["open" if open_ else "closed", event_id])
            self.log(event_id, by, "registration", {"open": open_})

    def set_publish_decks(self, event_id: str, publish: bool, by: str) -> None:
        self.event(event_id)
        with self._lock:
            self.db.conn.execute("update events set publish_decks = ? where id = ?", [int(publish), event_id])
            self.log(event_id, by, "publish_decks", {"publish": publish})

    # -- the judge's point adjustments ---------------------------------------------------------------
    def adjust(self, event_id: str, player_id: int, points: int, reason: str, by: str) -> dict[str, Any]:
        """Tournament points added to or taken from a player by the judge, with the reason (a penalty that costs
        points, an agreed correction): logged, in the standings, the report and the signed event file."""
        reason = (reason or "").strip()
        if not 1 <= len(reason) <= 200:
            raise EventError("an adjustment names its reason (1 to 200 characters)", field="reason")
        if not isinstance(points, int) or points == 0 or not -100 <= points <= 100:
            raise EventError("points: a whole number from -100 to 100, not 0", field="points")
        with self._lock:
            names = {p.id: p.name for p in self.players(event_id)}
            if player_id not in names:
                raise EventMissing(f"player {player_id} is not registered", field="player")
            row: dict[str, Any] = {"event_id": event_id, "player": player_id, "points": points, "reason": reason,
                                   "round": len(self.rounds(event_id)), "by": by, "at": now()}
            row["id"] = self.db.table("event_adjustments").insert(row).last_pk
            self.db.conn.execute("delete from event_proposals where event_id = ?", [event_id])
            self.log(event_id, by, "adjustment", {"player": player_id, "name": names[player_id], "points": points,
                                                  "reason": reason, "round": row["round"]})
        return {**row, "name": names[player_id]}

    def adjustments(self, event_id: str) -> list[dict[str, Any]]:
        names = {p.id: p.name for p in self.players(event_id)}
        return [{**r, "name": names.get(r["player"], "?")} for r in
                self._rows("select * from event_adjustments where event_id = ? order by id", [event_id])]

    def adjusted(self, event_id: str) -> dict[int, int]:
        """Each player's adjustments added up (player -> points), as the standings count them."""
        out: dict[int, int] = {}
        for r in self._rows("select player, points from event_adjustments where event_id = ?", [event_id]):
            out[int(r["player"])] = out.get(int(r["player"]), 0) + int(r["points"])
        return out

    # -- the Swiss record ---------------------------------------------------------------------------
    def played(self, event_id: str, stage: str = "swiss") -> list[Game]:
        """Every table and bye of the event's rounds of ``stage`` as pairing and standings see them: the
        winner a player id (seat A is the first player of the table), a going-to-time win modified."""
        stages = {r["number"]: (r.get("stage") or "swiss", r.get("bye")) for r in self.rounds(event_id)}
        out = []
        for ref in self.tables(event_id):
            if stages.get(ref.round, ("swiss", None))[0] != stage:
                continue
            result = self.result(ref.game_id)
            a, b = ref.players[0], ref.players[1]
            seat = (result or {}).get("winner")
            winner = a if seat == "A" else b if seat == "B" else None
            # A going-to-time result is a modified win unless it says otherwise (15 power reached in taxation).
            modified = bool(result and result.get("modified", bool(result.get("by_time"))))
            out.append(Game(ref.round, a, b, winner, modified and winner is not None, result is not None))
        for number, (kind, bye) in sorted(stages.items()):
            if kind == stage and bye is not None:
                out.append(Game(number, int(bye), None))
        return out

    def set_bye(self, event_id: str, number: int, player_id: int | None) -> None:
        with self._lock:
            self.db.conn.execute("update event_rounds set bye = ? where event_id = ? and number = ?",
                                 [player_id, event_id, number])

    # -- proposals and the event's log ------------------------------------------------------------------
    def save_proposal(self, event_id: str, number: int, pairing: dict[str, Any], override: bool) -> str:
        """The proposal for round ``number`` (a new one replaces the last); its id changes on every change,
        so a swap or a confirmation names the proposal it was made on."""
        pid = new_secret()[:12]
        with self._lock:
            self.db.table("event_proposals").insert({"event_id": event_id, "round": number, "id": pid,
                                                     "pairing": canonical(pairing), "override": int(override),
                                                     "created": now()}, replace=True)
        return pid

    def proposal(self, event_id: str, number: int) -> dict[str, Any] | None:
        rows = self._rows("select * from event_proposals where event_id = ? and round = ?", [event_id, number])
        if not rows:
            return None
        return {"id": rows[0]["id"], "round": number, "override": bool(rows[0]["override"]),
                "pairing": json.loads(rows[0]["pairing"]), "created": rows[0]["created"]}

    def drop_proposal(self, event_id: str, number: int) -> None:
        with self._lock:
            self.db.conn.execute("delete from event_proposals where event_id = ? and round = ?", [event_id, number])

    def log_entries(self, event_id: str) -> list[dict[str, Any]]:
        return [{**r, "detail": json.loads(r["detail"])}
                for r in self._rows("select * from event_log where event_id = ? order by id", [event_id])]

    # -- rounds ----------------------------------------------------------------------------
    def create_round(self, event_id: str, number: int, pairings: list[tuple[int, int, int]],
                     mode: str = "strict", bye: int | None = None) -> list[tuple[TableRef, dict[str, str]]]:
        """One game per table with the registered decks loaded. Everything is checked before the first
        game is made, so a bad pairing creates nothing. Returns each table with its seats' paper keys (shown
        once: the phone that opens a seat's link exchanges its paper key for the seat's own key)."""
        event = self.event(event_id)
        players = {p.id: p for p in self.players(event_id)}
        stage = event.stage(number)
        if stage is None:
            last = event.rounds + (cut_rounds(event.cut) if event.cut else 0)
            raise EventError(f"round must be 1 to {last}", field="round")
        if bye is not None and (bye not in players or any(bye in (a, b) for _, a, b in pairings)):
            raise EventError("the bye must be a registered player without a table", field="bye")
        if not pairings:
            raise EventError("a round needs at least one table")
        gone = {e.id for e in self.entrants(event_id) if not e.active(number) and e.joined <= number}
        for pid in [p for _, a, b in pairings for p in (a, b)] + ([bye] if bye is not None else []):
            if pid in gone:  # a dropped player is never paired again
                raise EventError(f"{players[pid].name} has dropped", field="pairings",
                                 msg="ev.swiss.dropped_already", name=players[pid].name)
        seen: set[int] = set()
        tables: set[int] = set()
        for table, a, b in pairings:
            if not 1 <= table <= event.tables or table in tables:
                raise EventError(f"table {table} is outside 1-{event.tables} or paired twice")
            for pid in (a, b):
                if pid not in players:
                    raise EventError(f"player {pid} is not registered")
                if pid in seen:
                    raise EventError(f"{players[pid].name} is paired twice")
                seen.add(pid)
            tables.add(table)
        waiting = [players[pid] for pid in sorted(seen) if not players[pid].playable]
        if waiting:
            names = ", ".join(p.name for p in waiting)
            raise UnconfirmedDeck(f"the decks of {names} are not legal under the event's list and the organiser "
                                  "has not confirmed them; confirm them on the player list or pair without them",
                                  msg="ev.round.unconfirmed", names=names,
                                  players=[{"id": p.id, "name": p.name, "problems": p.problems} for p in waiting])
        with self._lock:
            if self._rows("select 1 from event_rounds where event_id = ? and number = ?", [event_id, number]):
                raise EventError(f"round {number} exists already")
            try:
                out = self._make_tables(event, number, pairings, players, mode)
            except BaseException:
                # Nothing half made is listed: the tables made so far go (their games stay, unreachable).
                self.db.conn.execute("delete from event_tables where event_id = ? and round = ?", [event_id, number])
                raise
            # The round's row last: a round's tables are listed only once it exists (``tables``), so a live page
            # never draws the round with some of its tables.
            self.db.table("event_rounds").insert({"event_id": event_id, "number": number,
                                                  "minutes": event.round_minutes(number),
                                                  "started": None, "created": now(), "stage": stage, "bye": bye})
        return out

    def _make_tables(self, event: Event, number: int, pairings: list[tuple[int, int, int]],
                     players: dict[int, Player], mode: str) -> list[tuple[TableRef, dict[str, str]]]:
        """One game per table, its decks loaded; each table with its seats' paper keys."""
        event_id = event.id
        out: list[tuple[TableRef, dict[str, str]]] = []
        for table, a, b in sorted(pairings):
            seats = [Seat("A", players[a].name, players[a].faction), Seat("B", players[b].name, players[b].faction)]
            header = {"event": {"id": event_id, "round": number, "table": table,
                                "decks": {"A": players[a].deck_hash, "B": players[b].deck_hash}}}
            title = f"{event.name} · R{number} T{table}"
            # Each seat's link is a paper key (asked for): the phone that opens it gets the seat's own key.
            game, keys = TableService(self.games).create_game(event.edition, mode, seats, title=title[:100],
                                                              header=header, asked=(PAPER_KIND,))
            ref = TableRef(game.id, event_id, number, table, [a, b])
            # The table is known before its decks load, so the deck check sees them as registered.
            self.db.table("event_tables").insert({"game_id": game.id, "event_id": event_id, "round": number,
                                            "number": table, "players": json.dumps([a, b]), "result": None})
            self._tables[game.id] = ref
            for seat, pid in (("A", a), ("B", b)):
                TableService(self.games).set_deck(game.id, seat, players[pid].deck, HOST,
                                                  self.games.game(game.id).version)
            papers = keys.per_seat(PAPER_KIND)
            out.append((ref, {"A": papers["A"], "B": papers["B"]}))
        return out

    def rounds(self, event_id: str) -> list[dict[str, Any]]:
        return [r for r in self._rows("select * from event_rounds where event_id = ? order by number",
                                               [event_id])]

    def round_info(self, event_id: str, number: int) -> dict[str, Any]:
        rows = self._rows("select * from event_rounds where event_id = ? and number = ?", [event_id, number])
        if not rows:
            raise EventMissing(f"no round {number}")
        return dict(rows[0])

    def started_rounds(self) -> list[dict[str, Any]]:
        """Every round of every event whose clock has been started (the ticker resumes the recent ones)."""
        return self._rows("select event_id, number, started, minutes from event_rounds where started is not null", [])

    def start_clock(self, event_id: str, number: int, minutes: int | None = None, started: str | None = None) -> None:
        info = self.round_info(event_id, number)
        with self._lock:
            self.db.conn.execute("update event_rounds set started = ?, minutes = ?, stopped = null"
                                 " where event_id = ? and number = ?",
                                 [started or now(), minutes or info["minutes"], event_id, number])

    def stop_clock(self, event_id: str, number: int, at: str | None) -> None:
        """The round's clock stopped when its last result came in (None: a result taken back, it runs again)."""
        def update() -> None:
            self.db.conn.execute("update event_rounds set stopped = ? where event_id = ? and number = ?",
                                 [at, event_id, number])

        self._save(event_id, update)

    def round_started(self, event_id: str, number: int) -> bool:
        """A round's games have begun once its clock runs or any of its tables has recorded more than the
        loading of its decks (from then on its seat keys are the players' alone)."""
        if self.round_info(event_id, number)["started"]:
            return True
        return any(e.kind not in ("deck", "key") for ref in self.tables(event_id, number)
                   for e in self.games.entries(ref.game_id))

    def tables(self, event_id: str, number: int | None = None) -> list[TableRef]:
        # Only rounds whose row exists: a round being made (its row comes last) is not listed with part of its tables.
        sql = ("select t.* from event_tables t join event_rounds r on r.event_id = t.event_id and r.number = t.round"
               " where t.event_id = ?" + (" and t.round = ?" if number else ""))
        rows = self._rows(sql + " order by t.round, t.number", [event_id, number] if number else [event_id])
        return [TableRef(r["game_id"], r["event_id"], r["round"], r["number"], json.loads(r["players"])) for r in rows]

    def table_of(self, game_id: str) -> TableRef | None:
        """The event table a game is, or None. Remembered: asked on every write to every game."""
        if game_id in self._tables:
            return self._tables[game_id]
        rows = self._rows("select * from event_tables where game_id = ?", [game_id])
        ref = (TableRef(rows[0]["game_id"], rows[0]["event_id"], rows[0]["round"], rows[0]["number"],
                        json.loads(rows[0]["players"])) if rows else None)
        if len(self._tables) > 100_000:  # (no lock: on the loop it could be a pairing's; a dict step is atomic)
            self._tables.clear()
        self._tables[game_id] = ref
        return ref

    def known_casual(self, game_id: str) -> bool:
        """The game is known (remembered by ``table_of``) to be no event's table; never reads or waits."""
        return self._tables.get(game_id, False) is None

    def known_table(self, game_id: str) -> bool:
        """The game is known (remembered by ``table_of``) to be an event's table; never reads or waits."""
        return self._tables.get(game_id) is not None

    def set_result(self, game_id: str, result: dict[str, Any] | None) -> None:
        """The table's result; None takes it back (a going-to-time result whose call was lifted)."""
        def update() -> None:
            self.db.conn.execute("update event_tables set result = ? where game_id = ?",
                                 [None if result is None else canonical(result), game_id])

        known = self._tables.get(game_id)
        self._save(known.event_id if known is not None else None, update)

    def results(self, event_id: str, number: int) -> dict[str, Any]:
        rows = self._rows("select game_id, result from event_tables where event_id = ? and round = ?",
                          [event_id, number])
        return {r["game_id"]: json.loads(r["result"]) if r["result"] else None for r in rows}

    def result(self, game_id: str) -> dict[str, Any] | None:
        rows = self._rows("select result from event_tables where game_id = ?", [game_id])
        return json.loads(rows[0]["result"]) if rows and rows[0]["result"] else None

    # -- flags -----------------------------------------------------------------------------
    def flag(self, ref: TableRef, kind: str, detail: dict[str, Any], seq: int | None = None) -> dict[str, Any]:
        if kind not in FLAG_KINDS:
            raise EventError(f"unknown flag kind {kind!r}")
        row = {"event_id": ref.event_id, "game_id": ref.game_id, "round": ref.round, "table_no": ref.number,
               "kind": kind, "seq": seq, "detail": canonical(detail), "at": now(), "cleared": None}

        def insert() -> None:
            row["id"] = self.db.table("event_flags").insert(row).last_pk

        self._save(ref.event_id, insert)
        return {**row, "detail": detail}  # (its id is not known yet if its write was handed off the loop)

    def penalty_entries(self, event_id: str) -> list[tuple[str, int, str, dict[str, Any]]]:
        """(game, seq, at, data) of every penalty ruling in the logs of the event's tables."""
        games = [ref.game_id for ref in self.tables(event_id)]
        return [(game_id, e.seq, e.at, e.data) for game_id, e in self.games.rulings(games, "penalty")]

    def flags(self, event_id: str, number: int | None = None, game_id: str | None = None) -> list[dict[str, Any]]:
        sql = "select * from event_flags where event_id = ?"
        args: list[Any] = [event_id]
        if number:
            sql, args = sql + " and round = ?", [*args, number]
        if game_id:
            sql, args = sql + " and game_id = ?", [*args, game_id]
        return [{**r, "detail": json.loads(r["detail"])} for r in self._rows(sql + " order by id", args)]

    def open_moves(self, event_id: str) -> dict[str, int]:
        """Per table (game id): its flagged moves no judge has dealt with yet, counted (the detail is not read)."""
        rows = self._rows("select game_id, count(*) as n from event_flags where event_id = ? and cleared is null "
                          f"and kind in ({', '.join('?' for _ in MOVE_FLAGS)}) group by game_id",
                          [event_id, *MOVE_FLAGS])
        return {r["game_id"]: r["n"] for r in rows}

    def clear_flag(self, event_id: str, flag_id: int) -> None:
        with self._lock:
            self.db.conn.execute("update event_flags set cleared = ? where event_id = ? and id = ?",
                                 [now(), event_id, flag_id])

    # -- idempotent writes ---------------------------------------------------------------
    def replayed(self, event_id: str, request_id: str | None) -> dict[str, Any] | None:
        if request_id is None:
            return None
        rows = self._rows("select answer from event_requests where event_id = ? and request_id = ?",
                                  [event_id, request_id])
        return json.loads(rows[0]["answer"]) if rows else None

    def remember(self, event_id: str, request_id: str | None, answer: dict[str, Any]) -> None:
        if request_id is not None:
            with self._lock:
                self.db.table("event_requests").insert({"event_id": event_id, "request_id": request_id,
                                                  "answer": json.dumps(answer)}, replace=True)
