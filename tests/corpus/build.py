"""The corpus: complete games played through the HTTP API of a real server, kept as fixtures.

    python -m tests.corpus.build            # rewrites tests/corpus/*.steps.jsonl and *.log.jsonl

Each game is played by ordinary requests (create, decks, actions, undos, confirmations, rulings, the event
clock, results) and saved twice:

- ``NAME.steps.jsonl``: the requests in order, each with who sent it (a key's label, never the key), its
  body, the status it got, and what to remember from the answer (ids and keys, by label). ``load.py``
  sends them again to recreate the game on a test server.
- ``NAME.TABLE.log.jsonl``: each table's log as the judge's export gave it (the table-log format with
  every entry of the hash chain), for tests that read logs rather than pages.

A new action type makes ``tests/test_corpus.py`` fail, naming it, until a game here records it: add a
step to one of the games below (or a new game) and run this module again.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.server import call, start_server

HERE = Path(__file__).resolve().parent

# Decks by card code (plots and agendas included). 2nd edition: Lannister shadows against Stark.
LANNISTER = {"01089": 1, "13089": 1, "01091": 3, "01035": 1, "01044": 1, "00168": 2, "11099": 1, "01028": 1,
             "01029": 1, "01030": 1, "01001": 1, "01002": 1, "01003": 1, "01004": 1, "01005": 1, "01006": 1,
             "01007": 1, "01027": 1}
STARK = {"13022": 1, "00168": 1, "01091": 2, "00221": 1, "00230": 1, "00212": 1, "00225": 1, "01030": 1,
         "01001": 1, "01002": 1, "01003": 1, "01004": 1, "01005": 1, "01006": 1, "01007": 1}
# 1st edition: Shadow-crest cards (Tyrion, Maiden of Poisons, Varys, Meera Reed) and a few plots.
FIRST_A = {"kl_5": 1, "atoc_24": 1, "asots_93": 1, "acoa_103": 2, "acoa_13": 1, "acoa_33": 1, "acoa_26": 1,
           "acoa_25": 1, "acoa_27": 1}
FIRST_B = {"atoc_53": 2, "atoc_2": 1, "acoa_20": 1, "acoa_39": 1, "acoa_30": 1, "acoa_28": 1, "acoa_29": 1}


class Recorder:
    """Sends requests to a server and writes each one down, keys and ids by label."""

    def __init__(self, base: str, name: str, about: str) -> None:
        self.base, self.name = base, name
        self.header = {"corpus": name, "about": about, "format": 1}
        self.steps: list[dict[str, Any]] = []
        self.keys: dict[str, str] = {}
        self.ids: dict[str, str] = {}
        self.versions: dict[str, int] = {}  # game label -> its version after the last answer

    def send(self, as_: str | None, method: str, path: str, body: Any = None, *, expect: tuple[int, ...] = (200, 201),
             bind: dict[str, str] | None = None, game: str | None = None) -> Any:
        status, out = call(self.base + "/api", method, path.format(**self.ids), fill(body, self.ids),
                           self.keys.get(as_ or ""))
        if status not in expect:
            raise AssertionError(f"{self.name} step {len(self.steps) + 1}: {method} {path} {body} -> {status} {out}")
        for label, spec in (bind or {}).items():
            value = dig(out, spec)
            (self.keys if label.startswith("key:") else self.ids)[label.removeprefix("key:")] = value
        if game and isinstance(out, dict):
            version = out.get("version") or (out.get("error", {}).get("details", {}) or {}).get("version")
            if isinstance(version, int):
                self.versions[game] = version
        step: dict[str, Any] = {"as": as_, "method": method, "path": path, "status": status}
        if body is not None:
            step["body"] = body
        if bind:
            step["bind"] = bind
        if game:
            step["game"] = game
        self.steps.append(step)
        return out

    def act(self, game: str, as_: str, action: dict[str, Any], expect: tuple[int, ...] = (201,)) -> Any:
        """An action at a table, against the version this recorder last saw there."""
        body = {"action": action, "expected_version": self.current(game, as_)}
        return self.send(as_, "POST", "/games/{" + game + "}/actions", body, expect=expect, game=game)

    def current(self, game: str, as_: str) -> int:
        """The table's version as this recorder last saw it, or as a seat's view says now."""
        if game not in self.versions:
            self.versions[game] = call(self.base + "/api", "GET", f"/games/{self.ids[game]}/view",
                                       key=self.keys.get(as_))[1]["version"]
        return self.versions[game]

    def undo(self, game: str, as_: str, seq: int | None = None) -> Any:
        body: dict[str, Any] = {"expected_version": self.current(game, as_)}
        if seq is not None:
            body["seq"] = seq
        return self.send(as_, "POST", "/games/{" + game + "}/undo", body, game=game)

    def wait_for(self, game: str, as_: str, what: str) -> None:
        """Wait until the server itself has written something (the round clock calling time)."""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            view = call(self.base + "/api", "GET", f"/games/{self.ids[game]}/view", key=self.keys.get(as_))[1]
            if view.get(what):
                self.versions[game] = view["version"]
                self.steps.append({"wait": what, "game": game, "as": as_})
                return
            time.sleep(0.05)
        raise AssertionError(f"{self.name}: {what} never came")

    def export(self, game: str, judge: str, label: str) -> None:
        """The table's log as the judge downloads it (a casual game's judge key, or an event judge's key)."""
        path = f"/games/{self.ids[game]}/export"
        status, text = call(self.base + "/api", "GET", path, key=self.keys[judge])
        assert status == 200, (status, text)
        (HERE / f"{self.name}.{label}.log.jsonl").write_text(text, encoding="utf-8")

    def save(self) -> None:
        lines = [json.dumps(self.header, ensure_ascii=False)] + [json.dumps(s, ensure_ascii=False) for s in self.steps]
        (HERE / f"{self.name}.steps.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def fill(body: Any, ids: dict[str, str]) -> Any:
    """A body with its ``"{label}"`` values (an id bound from an earlier answer, as a proposal's) filled in."""
    if isinstance(body, dict):
        return {k: fill(v, ids) for k, v in body.items()}
    if isinstance(body, str) and body.startswith("{") and body.endswith("}") and body[1:-1] in ids:
        return ids[body[1:-1]]
    return body


def dig(value: Any, spec: str) -> Any:
    """``tables.0.seats.1.url#key``: a path into an answer; ``#key`` takes the key out of a join link."""
    path, _, fragment = spec.partition("#")
    for part in path.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value.split("#key=", 1)[1] if fragment == "key" else value


def take_seats(rec: Recorder, games: dict[str, Any], number: int) -> None:
    """Each seat's phone opens its round link: the link's paper key, exchanged once for the seat's own key."""
    for label, game in games.items():
        if game["round"] != number:
            continue
        for seat_label in game["seats"]:
            rec.send(f"{seat_label}paper", "POST", "/games/{" + label + "}/claim",
                     {"request_id": f"claim-{seat_label}-0001"}, bind={f"key:{seat_label}": "key"})


def casual(rec: Recorder, edition: str, mode: str, seats: list[dict[str, str]], decks: list[dict[str, int]],
           judge: bool = True) -> None:
    """A casual game: created from the home page's request, each seat loading its deck on its phone. A judge
    key is made with the game (``judge``), or asked for afterwards on the host page."""
    bind = {"g": "game.id", "key:host": "host.key"} | ({"key:judge": "judge.key"} if judge else {})
    bind.update({f"key:{s['seat']}": f"seats.{i}.key" for i, s in enumerate(seats)})
    rec.send(None, "POST", "/games", {"title": rec.name, "edition": edition, "mode": mode, "seats": seats,
                                      "judge": judge}, bind=bind)
    if not judge:
        rec.send("host", "POST", "/games/{g}/judge-key", {}, bind={"key:judge": "key"})
    rec.header.update(kind="casual", edition=edition, mode=mode, games={"g": {"label": "game", "judge": "judge",
                                                                              "host": "host", "seats": ["A", "B"]}})
    version = 0 if judge else rec.current("g", "host")  # asking for a judge key is logged: version 1
    for s, deck in zip(seats, decks, strict=True):
        out = rec.send(s["seat"], "PUT", "/games/{g}/seats/" + s["seat"] + "/deck",
                       {"expected_version": version, "deck": deck}, game="g")
        version = out["version"]


def two_e_advisory(base: str) -> Recorder:
    """2nd edition, advisory, casual: every action type of the rules core at least once, illegal ones flagged,
    a judge key asked for after the game was made, cards drawn unnamed, plots chosen in secret, a challenge
    of each type with their follow-ups, a confirmation asked of the opponent, undos by a seat (one waiting
    for the other seat's confirmation) and by the host, a second round."""
    rec = Recorder(base, "casual-2e-advisory", __doc__ or "")
    rec.header["about"] = two_e_advisory.__doc__
    casual(rec, "2e", "advisory", [{"seat": "A", "name": "Alice", "faction": "lannister"},
                                   {"seat": "B", "name": "Bob", "faction": "stark"}], [LANNISTER, STARK],
           judge=False)
    A, B = "A", "B"
    a = lambda action: rec.act("g", A, action)  # noqa: E731
    b = lambda action: rec.act("g", B, action)  # noqa: E731
    # Setup: each draws 7 unnamed; shadows, a face-down character with its attachment, a face-up character.
    a({"type": "draw_cards", "player": A, "count": 7})
    b({"type": "draw_cards", "player": B, "count": 7})
    a({"type": "setup_into_shadows", "player": A, "card": "A.13089.1"})
    a({"type": "setup_face_down", "player": A, "card": "A.01089.1"})
    a({"type": "setup_face_down", "player": A, "card": "A.01035.1", "attach_to": "A.01089.1"})
    b({"type": "setup_place", "player": B, "card": "B.00230.1"})
    b({"type": "setup_into_shadows", "player": B, "card": "B.00168.1"})
    rec.act("g", "host", {"type": "reveal_setup"})
    rec.act("g", "host", {"type": "set_first_player", "player": A})
    # Round 1.
    # Plots chosen in secret; the second choice reveals both.
    a({"type": "begin_phase", "phase": "plot"})
    a({"type": "choose_plot", "player": A, "card": "A.01001.1"})
    b({"type": "choose_plot", "player": B, "card": "B.01002.1"})
    a({"type": "begin_phase", "phase": "draw"})
    # Alice's "drew 2", taken back after Bob drew too: Bob confirms her undo.
    a({"type": "draw_cards", "player": A, "count": 2})
    b({"type": "draw_cards", "player": B, "count": 2})
    rec.send(A, "GET", "/games/{g}/undo")
    out = rec.send(A, "POST", "/games/{g}/undo", {"expected_version": rec.versions["g"]}, expect=(202,),
                   bind={"u1": "pending.id"}, game="g")
    rec.send(B, "POST", "/games/{g}/pending/{u1}", {"decision": "confirm", "expected_version": out["version"]},
             game="g")
    a({"type": "draw", "player": A, "card": "A.01091.1"})
    b({"type": "draw", "player": B, "card": "B.01091.1"})
    undone = b({"type": "draw", "player": B, "card": "B.01091.2"})["version"]
    rec.undo("g", B)  # a seat takes back its own last move
    a({"type": "begin_phase", "phase": "marshaling"})
    a({"type": "collect_income", "player": A, "amount": 10})
    a({"type": "marshal", "player": A, "card": "A.01091.1"})
    a({"type": "marshal", "player": A, "card": "A.01028.1"})
    a({"type": "marshal_into_shadows", "player": A, "card": "A.11099.1"})
    a({"type": "marshal", "player": A, "card": "A.01091.2"})
    a({"type": "pass_turn", "player": A})
    b({"type": "collect_income", "player": B, "amount": 8})
    b({"type": "marshal", "player": B, "card": "B.00221.1"})
    b({"type": "marshal_into_shadows", "player": B, "card": "B.00212.1"})
    b({"type": "pass_turn", "player": B})
    a({"type": "begin_phase", "phase": "challenges"})
    rec.act("g", "host", {"type": "set_active_player", "player": A})
    # Challenges: a military one with its attacker named, an unopposed power one with both follow-ups, then
    # Bob's intrigue challenge, which Alice wins as the defender.
    a({"type": "challenge", "kind": "military", "player": A, "defender": B, "winner": A,
       "attackers": ["A.01028.1"]})
    a({"type": "challenge", "kind": "power", "player": A, "defender": B, "winner": A, "unopposed": True})
    a({"type": "challenge_reward", "player": A, "kind": "power", "reward": "unopposed"})
    a({"type": "challenge_reward", "player": A, "kind": "power", "reward": "power_claim"})
    a({"type": "pass_turn", "player": A})
    b({"type": "challenge", "kind": "intrigue", "player": B, "defender": A, "winner": A})
    a({"type": "kneel", "player": A, "card": "A.01091.1"})
    b({"type": "kneel", "player": B, "card": "B.00221.1"})
    a({"type": "gain_power", "player": A, "amount": 1})
    a({"type": "gain_power", "player": A, "amount": 2, "card": "A.01028.1"})
    a({"type": "lose_power", "player": A, "amount": 1, "card": "A.01028.1"})
    b({"type": "set_power", "player": B, "amount": 2})
    # A duplicate: the second Tyrion comes out of shadows onto the first; then it saves him.
    a({"type": "bring_out", "player": A, "card": "A.13089.1"})
    b({"type": "kill", "player": B, "card": "A.01091.2"})  # a dead pile
    a({"type": "save_with_duplicate", "player": A, "card": "A.13089.1"})
    b({"type": "take_control", "player": B, "card": "A.01028.1"})
    b({"type": "control_reverts", "player": B, "card": "A.01028.1"})
    a({"type": "place_tokens", "player": A, "kind": "gold", "amount": 2, "card": "A.01028.1"})
    a({"type": "remove_tokens", "player": A, "kind": "gold", "amount": 1, "card": "A.01028.1"})
    a({"type": "place_tokens", "player": A, "kind": "poison", "amount": 1, "card": "A.11099.1"})
    a({"type": "gain_shadow", "player": A, "card": "A.11099.1", "gains": "cost"})
    a({"type": "play_event", "player": A, "card": "A.01044.1"})
    b({"type": "play_event", "player": B, "card": "B.13022.1"})
    b({"type": "restrict", "player": B, "target": A, "restriction": "bring_out", "source": "B.13022.1"})
    a({"type": "bring_out", "player": A, "card": "A.11099.1", "attach_to": "A.01089.1"})  # illegal: flagged
    b({"type": "play_event_from_shadows", "player": B, "card": "B.00212.1"})
    a({"type": "rearrange_shadows", "player": A})  # never allowed: flagged
    a({"type": "put_into_play", "player": A, "card": "A.01091.3"})
    a({"type": "put_into_shadows", "player": A, "card": "A.01091.3", "gains": 1})
    # An effect on the opponent's face-down card waits for its owner: Bob confirms.
    out = rec.send(A, "POST", "/games/{g}/actions", {"action": {"type": "put_into_play_from_shadows", "player": A,
                                                                "card": "B:shadows#1"},
                                                     "expected_version": rec.versions["g"]},
                   expect=(202,), bind={"p1": "pending.id"}, game="g")
    rec.send(B, "POST", "/games/{g}/pending/{p1}", {"decision": "confirm", "expected_version": out["version"]},
             game="g")
    b({"type": "stand", "player": B, "card": "B.00221.1"})
    b({"type": "discard", "player": B, "card": "B.01091.1"})
    a({"type": "return_to_hand", "player": A, "card": "A.01030.1"})  # from the deck: taken as drawn, noted
    a({"type": "marshal", "player": A, "card": "A.01030.1"})
    a({"type": "leave_play", "player": A, "card": "A.01030.1", "to": "removed"})
    a({"type": "set_gold", "player": A, "amount": 3})
    a({"type": "gain_gold", "player": A, "amount": 2})
    a({"type": "spend_gold", "player": A, "amount": 1})
    a({"type": "begin_phase", "phase": "dominance"})
    a({"type": "win_dominance", "player": A})
    a({"type": "begin_phase", "phase": "standing"})
    a({"type": "begin_phase", "phase": "taxation"})
    rec.act("g", "judge", {"type": "return_unspent_gold"})
    rec.undo("g", "host")  # the host takes the judge's entry back ...
    a({"type": "return_unspent_gold", "player": A})  # ... and it is recorded seat by seat
    b({"type": "return_unspent_gold", "player": B})
    # Round 2, briefly; then the judge (whoever created the game) calls time.
    a({"type": "begin_phase", "phase": "plot"})
    a({"type": "reveal_plot", "player": A, "card": "A.01003.1"})
    b({"type": "reveal_plot", "player": B, "card": "B.01003.1"})
    a({"type": "pass_shadows", "player": A})  # a 1st-edition tap in a 2nd-edition game: flagged
    rec.act("g", "judge", {"type": "call_time"})
    rec.header["undone"] = [undone]
    rec.export("g", "judge", "game")
    return rec


def one_e_strict(base: str) -> Recorder:
    """1st edition, strict, casual: Shadows at the beginning of a phase in player order, passes, a refused
    move, plots revealed, a card with an attachment, a kill and a duplicate."""
    rec = Recorder(base, "casual-1e-strict", "")
    rec.header["about"] = one_e_strict.__doc__
    casual(rec, "1e", "strict", [{"seat": "A", "name": "Jana", "faction": "lannister"},
                                 {"seat": "B", "name": "Tom", "faction": "martell"}], [FIRST_A, FIRST_B])
    A, B = "A", "B"
    a = lambda action, **kw: rec.act("g", A, action, **kw)  # noqa: E731
    b = lambda action, **kw: rec.act("g", B, action, **kw)  # noqa: E731
    a({"type": "setup_into_shadows", "player": A, "card": "A.kl_5.1"})
    a({"type": "setup_place", "player": A, "card": "A.acoa_103.1"})
    b({"type": "setup_into_shadows", "player": B, "card": "B.atoc_53.1"})
    b({"type": "setup_place", "player": B, "card": "B.acoa_20.1"}, expect=(201, 422))
    rec.act("g", "host", {"type": "reveal_setup"})
    a({"type": "begin_phase", "phase": "plot"})
    a({"type": "reveal_plot", "player": A, "card": "A.acoa_26.1"}, expect=(201, 422))
    b({"type": "reveal_plot", "player": B, "card": "B.acoa_30.1"}, expect=(201, 422))
    a({"type": "gain_gold", "player": A, "amount": 5})
    b({"type": "gain_gold", "player": B, "amount": 5})
    a({"type": "begin_phase", "phase": "draw"})
    b({"type": "bring_out", "player": B, "card": "B.atoc_53.1"}, expect=(422,))  # out of order: refused
    a({"type": "pass_shadows", "player": A})
    b({"type": "bring_out", "player": B, "card": "B.atoc_53.1"}, expect=(201, 422))
    a({"type": "begin_phase", "phase": "marshaling"})
    a({"type": "bring_out", "player": A, "card": "A.kl_5.1"}, expect=(201, 422))
    b({"type": "pass_shadows", "player": B}, expect=(201, 422))
    a({"type": "marshal", "player": A, "card": "A.acoa_103.2"}, expect=(201, 422))
    a({"type": "marshal", "player": A, "card": "A.acoa_13.1", "attach_to": "A.acoa_103.1"}, expect=(201, 422))
    a({"type": "marshal_into_shadows", "player": A, "card": "A.atoc_24.1"}, expect=(201, 422))
    b({"type": "marshal_into_shadows", "player": B, "card": "B.atoc_53.2"}, expect=(201, 422))
    a({"type": "begin_phase", "phase": "challenges"})
    b({"type": "kill", "player": B, "card": "A.acoa_103.2"}, expect=(201, 422))
    a({"type": "begin_phase", "phase": "dominance"})
    b({"type": "win_dominance", "player": B})
    a({"type": "begin_phase", "phase": "standing"})
    a({"type": "begin_phase", "phase": "taxation"})
    rec.act("g", "judge", {"type": "return_unspent_gold"})
    a({"type": "begin_phase", "phase": "plot"})
    rec.undo("g", A)
    rec.export("g", "judge", "game")
    return rec


def decklist(name: str, faction: str, slots: dict[str, int], agenda: str | None = None) -> str:
    """A ThronesDB JSON decklist, as a player pastes it when registering."""
    agendas = [{"code": agenda}] if agenda else []
    return json.dumps({"name": name, "faction_code": faction, "agendas": agendas, "slots": slots})


def event_2e(base: str) -> Recorder:
    """An event, 2nd edition: two rounds of two tables. Decks illegal under the newest restricted list,
    allowed by the organiser. Round 1 strict (paired by CSV) with plots chosen in secret, cards in play,
    refused moves, a deck-check attempt, a call for the judge, every kind of ruling and a result; round 2
    advisory, paired by the server's Swiss proposal, its clock run out so time is called, an extension that
    lifts the call, the game going to time, and a player dropping."""
    rec = Recorder(base, "event-2e", "")
    rec.header["about"] = event_2e.__doc__
    rec.send(None, "POST", "/event", {"name": "Corpus Open", "date": "2026-11-22", "rounds": 2, "tables": 2,
                                      "minutes": 55, "seed": "corpus"},
             bind={"e": "event.id", "key:organiser": "organiser.key", "key:judge": "judge.key"})
    lannister = {k: v for k, v in LANNISTER.items() if k != "01027"}
    players = [("Ann", "lannister", lannister, "01027"), ("Ben", "stark", STARK, None),
               ("Cat", "lannister", lannister, None), ("Dan", "stark", STARK, None)]
    for i, (name, faction, slots, agenda) in enumerate(players):
        out = rec.send("organiser", "POST", "/event/{e}/players",
                       {"name": name, "request_id": f"register-{i:04d}",
                        "decklist": decklist(f"{name}'s deck", faction, slots, agenda)}, bind={f"p{i}": "player.id"})
        if out["needs_confirmation"]:  # not legal under the newest restricted list: the organiser allows it
            rec.send("organiser", "POST", "/event/{e}/players/{p" + str(i) + "}/confirm", {})
    games: dict[str, Any] = {}

    def pair(number: int, csv: str | None, mode: str) -> None:
        """A round paired by CSV, or (no CSV) the server's Swiss proposal confirmed by the organiser."""
        bind: dict[str, str] = {}
        for t in (0, 1):
            label = f"r{number}t{t + 1}"
            bind[label] = f"tables.{t}.game"
            for s, seat in enumerate("AB"):
                bind[f"key:{label}{seat}paper"] = f"tables.{t}.seats.{s}.url#key"
            games[label] = {"label": label, "judge": "judge", "seats": [f"{label}A", f"{label}B"], "round": number,
                            "table": t + 1}
        if csv is not None:
            rec.send("organiser", "POST", "/event/{e}/rounds",
                     {"csv": csv, "mode": mode, "request_id": f"round-{number:04d}"}, bind=bind)
            take_seats(rec, games, number)
            return
        rec.send("organiser", "POST", "/event/{e}/rounds/propose", {"request_id": f"propose-{number:04d}"},
                       bind={f"proposal{number}": "proposal.id"})
        rec.send("organiser", "POST", "/event/{e}/proposal/confirm",
                 {"proposal": "{proposal" + str(number) + "}", "mode": mode, "request_id": f"round-{number:04d}"},
                 bind=bind)
        take_seats(rec, games, number)

    pair(1, "1,Ann,Ben\n2,Cat,Dan", "strict")
    g, A, B = "r1t1", "r1t1A", "r1t1B"
    rec.send("organiser", "POST", "/event/{e}/rounds/1/clock", {"request_id": "clock-0001"})
    rec.act(g, A, {"type": "setup_into_shadows", "player": "A", "card": "A.13089.1"})
    rec.act(g, A, {"type": "setup_face_down", "player": "A", "card": "A.01089.1"})
    rec.act(g, A, {"type": "setup_face_down", "player": "A", "card": "A.01035.1", "attach_to": "A.01089.1"})
    rec.act(g, B, {"type": "setup_place", "player": "B", "card": "B.00230.1"})
    rec.act(g, B, {"type": "reveal_setup"})
    rec.act(g, A, {"type": "begin_phase", "phase": "plot"})
    rec.act(g, A, {"type": "choose_plot", "player": "A", "card": "A.01001.1"})
    rec.act(g, B, {"type": "choose_plot", "player": "B", "card": "B.01005.1"})
    rec.act(g, A, {"type": "begin_phase", "phase": "draw"})
    rec.act(g, A, {"type": "begin_phase", "phase": "marshaling"})
    rec.act(g, A, {"type": "collect_income", "player": "A", "amount": 8})
    rec.act(g, A, {"type": "marshal", "player": "A", "card": "A.01091.1"})
    rec.act(g, A, {"type": "marshal", "player": "A", "card": "A.00168.1"})
    rec.act(g, A, {"type": "bring_out", "player": "A", "card": "A.13089.1"}, expect=(201, 422))
    rec.act(g, A, {"type": "marshal", "player": "A", "card": "A.01091.9"}, expect=(400, 404, 422))  # deck check
    rec.act(g, A, {"type": "pass_turn", "player": "A"})
    rec.act(g, B, {"type": "collect_income", "player": "B", "amount": 6})
    rec.act(g, B, {"type": "marshal", "player": "B", "card": "B.00221.1"}, expect=(201, 422))
    rec.act(g, B, {"type": "pass_turn", "player": "B"})
    rec.send(B, "POST", "/event-tables/{r1t1}/call-judge", {"request_id": "call-0001", "note": "timing"})
    rec.act(g, A, {"type": "begin_phase", "phase": "challenges"})
    rec.act(g, B, {"type": "kill", "player": "B", "card": "A.01091.1"}, expect=(201, 422))
    rec.act(g, A, {"type": "gain_power", "player": "A", "amount": 2})
    rec.act(g, A, {"type": "begin_phase", "phase": "dominance"})
    rec.act(g, A, {"type": "win_dominance", "player": "A"})
    rec.act(g, A, {"type": "draw", "player": "A", "card": "A.01091.2"})
    rec.undo(g, A)
    for i, ruling in enumerate([
            {"type": "note", "text": "Tyrion's shadow cost checked"},
            {"type": "penalty", "penalty": "warning", "seat": "B", "text": "slow play"},
            {"type": "time_extension", "minutes": 3, "text": "deck check"},
            {"type": "correction", "text": "gold miscounted",
             "action": {"type": "set_gold", "player": "A", "amount": 2}, "expected_version": None}]):
        body = {**ruling, "request_id": f"ruling-{i:04d}"}
        if "expected_version" in body:
            body["expected_version"] = rec.current(g, A)
        rec.send("judge", "POST", "/event/{e}/games/{r1t1}/rulings", body)
        rec.versions.pop(g, None)  # the ruling moved the table's version
    rec.send("judge", "GET", "/event/{e}/games/{r1t1}/going-to-time")
    rec.send("judge", "POST", "/event/{e}/games/{r1t1}/result", {"winner": "A", "reason": "15 power",
                                                                 "request_id": "result-0001"})
    rec.send("judge", "POST", "/event/{e}/games/{r1t2}/result", {"winner": None, "reason": "draw",
                                                                 "request_id": "result-0002"})
    # Round 2: advisory; the clock runs out and the server calls time.
    pair(2, None, "advisory")
    g, A, B = "r2t1", "r2t1A", "r2t1B"
    rec.act(g, A, {"type": "setup_place", "player": "A", "card": "A.01028.1"})
    rec.act(g, B, {"type": "setup_into_shadows", "player": "B", "card": "B.00168.1"})
    rec.act(g, B, {"type": "setup_place", "player": "B", "card": "B.00225.1"})
    rec.act(g, A, {"type": "reveal_setup"})
    for phase in ("plot", "draw", "marshaling", "challenges", "dominance"):
        rec.act(g, A, {"type": "begin_phase", "phase": phase})
    rec.act(g, B, {"type": "win_dominance", "player": "B"})
    rec.send("organiser", "POST", "/event/{e}/rounds/2/clock", {"request_id": "clock-0002", "seconds_ago": 55 * 60 + 5})
    rec.wait_for(g, A, "time_called")
    rec.send("judge", "POST", "/event/{e}/games/{r2t1}/rulings", {"type": "time_extension", "minutes": 5,
                                                                  "text": "judge call", "request_id": "ruling-r2-0001"})
    rec.versions.pop(g, None)
    rec.act(g, A, {"type": "gain_power", "player": "A", "amount": 1})
    rec.send("organiser", "POST", "/event/{e}/rounds/2/clock", {"request_id": "clock-0003", "seconds_ago": 65 * 60})
    rec.wait_for(g, A, "time_called")
    for phase in ("standing", "taxation"):
        rec.act(g, A, {"type": "begin_phase", "phase": phase})
    rec.wait_for(g, A, "gone_to_time")
    # Ben leaves the event during round 2: never paired again, his results stand.
    rec.send("organiser", "POST", "/event/{e}/players/{p1}/drop", {"request_id": "drop-0001"})
    rec.send(None, "GET", "/event/{e}/standings")
    rec.header.update(kind="event", edition="2e", mode="strict then advisory", games=games)
    for label in games:
        export_event_game(rec, label)
    return rec


def event_1e(base: str) -> Recorder:
    """An event, 1st edition: five players register 1st-edition decks, two Swiss rounds paired from the
    server's proposals (round 1 with a bye), strict. Round 1's first table sets up with shadows, reveals plots,
    brings a card out in player order, marshals with an attachment and into shadows, and kills a character;
    its other table ends on a result at once. A player drops after round 1; round 2 is paired from the four
    left (no bye), its first table played a little with cards in play, both results entered."""
    rec = Recorder(base, "event-1e", "")
    rec.header["about"] = event_1e.__doc__
    rec.send(None, "POST", "/event", {"name": "Corpus 1E Melee Night", "date": "2026-11-23", "rounds": 2,
                                      "tables": 3, "minutes": 60, "seed": "corpus-1e", "edition": "1e"},
             bind={"e": "event.id", "key:organiser": "organiser.key", "key:judge": "judge.key"})
    players = [("Jana", "lannister", FIRST_A), ("Tom", "martell", FIRST_B), ("Uta", "lannister", FIRST_A),
               ("Vic", "martell", FIRST_B), ("Wes", "lannister", FIRST_A)]
    for i, (name, faction, slots) in enumerate(players):
        out = rec.send("organiser", "POST", "/event/{e}/players",
                       {"name": name, "request_id": f"register-1e-{i:04d}",
                        "decklist": decklist(f"{name}'s deck", faction, slots)}, bind={f"p{i}": "player.id"})
        if out["needs_confirmation"]:
            rec.send("organiser", "POST", "/event/{e}/players/{p" + str(i) + "}/confirm", {})
    games: dict[str, Any] = {}

    def pair(number: int) -> None:
        """The server's Swiss proposal, confirmed: two tables (five players: one has the bye)."""
        bind: dict[str, str] = {}
        for t in (0, 1):
            label = f"r{number}t{t + 1}"
            bind[label] = f"tables.{t}.game"
            for s, seat in enumerate("AB"):
                bind[f"key:{label}{seat}paper"] = f"tables.{t}.seats.{s}.url#key"
            games[label] = {"label": label, "judge": "judge", "seats": [f"{label}A", f"{label}B"], "round": number,
                            "table": t + 1}
        rec.send("organiser", "POST", "/event/{e}/rounds/propose", {"request_id": f"propose-1e-{number:04d}"},
                 bind={f"proposal{number}": "proposal.id"})
        rec.send("organiser", "POST", "/event/{e}/proposal/confirm",
                 {"proposal": "{proposal" + str(number) + "}", "mode": "strict",
                  "request_id": f"round-1e-{number:04d}"}, bind=bind)
        take_seats(rec, games, number)

    pair(1)
    g, A, B = "r1t1", "r1t1A", "r1t1B"
    rec.send("organiser", "POST", "/event/{e}/rounds/1/clock", {"request_id": "clock-1e-0001"})
    # Which decks sit at the table is the proposal's choice: each seat plays its own deck's cards.
    seats = {"A": A, "B": B}
    decks = {seat: decks_at(rec, g, seat) for seat in seats}
    for seat, as_ in seats.items():
        shadow, place = SETUP_1E[decks[seat]]
        rec.act(g, as_, {"type": "setup_into_shadows", "player": seat, "card": f"{seat}.{shadow}.1"})
        rec.act(g, as_, {"type": "setup_place", "player": seat, "card": f"{seat}.{place}.1"})
    rec.act(g, A, {"type": "reveal_setup"})
    rec.act(g, A, {"type": "begin_phase", "phase": "plot"})
    for seat, as_ in seats.items():
        rec.act(g, as_, {"type": "reveal_plot", "player": seat, "card": f"{seat}.{PLOT_1E[decks[seat]]}.1"})
        rec.act(g, as_, {"type": "gain_gold", "player": seat, "amount": 10})
    rec.act(g, A, {"type": "set_first_player", "player": "A"})
    rec.act(g, A, {"type": "begin_phase", "phase": "draw"})
    for seat, as_ in seats.items():  # Shadows at the beginning of a phase, in player order
        rec.act(g, as_, {"type": "bring_out", "player": seat, "card": f"{seat}.{SETUP_1E[decks[seat]][0]}.1"})
    rec.act(g, A, {"type": "begin_phase", "phase": "marshaling"})
    for seat, as_ in seats.items():
        for kind, card, onto in MARSHAL_1E[decks[seat]]:
            action = {"type": kind, "player": seat, "card": f"{seat}.{card}.1"}
            rec.act(g, as_, action | ({"attach_to": f"{seat}.{onto}.1"} if onto else {}))
        rec.act(g, as_, {"type": "pass_turn", "player": seat})
    rec.act(g, A, {"type": "begin_phase", "phase": "challenges"})
    rec.act(g, A, {"type": "challenge", "kind": "military", "player": "A", "defender": "B", "winner": "A"})
    rec.act(g, B, {"type": "kill", "player": "B", "card": f"B.{SETUP_1E[decks['B']][0]}.1"})  # the claim
    rec.act(g, A, {"type": "gain_power", "player": "A", "amount": 3})
    rec.send("judge", "POST", "/event/{e}/games/{r1t1}/result", {"winner": "A", "reason": "15 power",
                                                                 "request_id": "result-1e-0001"})
    rec.send("judge", "POST", "/event/{e}/games/{r1t2}/result", {"winner": "B", "reason": "concession",
                                                                 "request_id": "result-1e-0002"})
    # Wes leaves after round 1: four players are paired in round 2, no bye.
    rec.send("organiser", "POST", "/event/{e}/players/{p4}/drop", {"request_id": "drop-1e-0001"})
    pair(2)
    g, A, B = "r2t1", "r2t1A", "r2t1B"
    seats = {"A": A, "B": B}
    decks = {seat: decks_at(rec, g, seat) for seat in seats}
    for seat, as_ in seats.items():
        rec.act(g, as_, {"type": "setup_place", "player": seat, "card": f"{seat}.{SETUP_1E[decks[seat]][1]}.1"})
    rec.act(g, B, {"type": "reveal_setup"})
    rec.act(g, A, {"type": "begin_phase", "phase": "plot"})
    for seat, as_ in seats.items():
        rec.act(g, as_, {"type": "reveal_plot", "player": seat, "card": f"{seat}.{PLOT_1E[decks[seat]]}.1"})
    rec.act(g, B, {"type": "set_first_player", "player": "B"})
    for phase in ("draw", "marshaling", "challenges", "dominance"):
        rec.act(g, A, {"type": "begin_phase", "phase": phase})
    rec.act(g, A, {"type": "win_dominance", "player": "A"})
    rec.send("judge", "POST", "/event/{e}/games/{r2t1}/result", {"winner": "B", "reason": "15 power",
                                                                 "request_id": "result-1e-0003"})
    rec.send("judge", "POST", "/event/{e}/games/{r2t2}/result", {"winner": "A", "reason": "15 power",
                                                                 "request_id": "result-1e-0004"})
    rec.send(None, "GET", "/event/{e}/standings")
    rec.header.update(kind="event", edition="1e", mode="strict", games=games)
    for label in games:
        export_event_game(rec, label)
    return rec


# What each 1st-edition corpus deck sets up (into shadows, in play), reveals and marshals (FIRST_A: Lannister,
# FIRST_B: Martell): a location, an attachment onto a character, a Shadow-crest card into shadows.
SETUP_1E = {"kl_5": ("kl_5", "acoa_103"), "atoc_53": ("atoc_53", "acoa_39")}
PLOT_1E = {"kl_5": "acoa_26", "atoc_53": "acoa_30"}
MARSHAL_1E: dict[str, list[tuple[str, str, str | None]]] = {
    "kl_5": [("marshal", "acoa_33", None), ("marshal", "acoa_13", "acoa_103"),
             ("marshal_into_shadows", "atoc_24", None)],
    "atoc_53": [("marshal", "acoa_20", "atoc_53"), ("marshal_into_shadows", "atoc_2", None)]}


def decks_at(rec: Recorder, game: str, seat: str) -> str:
    """Which of the two 1st-edition decks a seat of an event table plays: the Swiss proposal seats the players,
    and Tom and Vic registered the Martell deck."""
    view = call(rec.base + "/api", "GET", f"/games/{rec.ids[game]}/view", key=rec.keys[f"{game}{seat}"])[1]
    mine = next(p for p in view["players"] if p["seat"] == seat)
    return "atoc_53" if mine["name"] in ("Tom", "Vic") else "kl_5"


def export_event_game(rec: Recorder, label: str) -> None:
    """An event table's log: the event judge downloads the event file; each table's log is inside."""
    import io
    import zipfile
    from urllib.request import Request, urlopen

    if not hasattr(rec, "_zip"):
        request = Request(f"{rec.base}/api/event/{rec.ids['e']}/export",
                          headers={"Authorization": "Bearer " + rec.keys["judge"]})
        with urlopen(request) as r:
            rec._zip = r.read()  # type: ignore[attr-defined]
    info = rec.header["games"][label]
    with zipfile.ZipFile(io.BytesIO(rec._zip)) as z:  # type: ignore[attr-defined]
        text = z.read(f"round-{info['round']}-table-{info['table']}.jsonl").decode()
    (HERE / f"{rec.name}.{label}.log.jsonl").write_text(text, encoding="utf-8")


GAMES: list[Callable[[str], Recorder]] = [two_e_advisory, one_e_strict, event_2e, event_1e]


def build(base: str) -> list[Recorder]:
    for old in HERE.glob("*.jsonl"):
        old.unlink()
    out = []
    for play in GAMES:
        rec = play(base)
        rec.save()
        out.append(rec)
    return out


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(Path(tmp) / "corpus.db")
        try:
            for rec in build(server.url):
                print(f"{rec.name}: {len(rec.steps)} requests", file=sys.stderr)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
