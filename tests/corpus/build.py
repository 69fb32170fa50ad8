"""The corpus: complete games played through the HTTP API of a real server, kept as fixtures.

    python -m tests.corpus.build            # rewrites tests/corpus/*.steps.jsonl and *.log.jsonl
    python -m tests.corpus.build event-2e   # only the games named

Each game is played by ordinary requests (create, decks, actions, undos, confirmations, rulings, the event
clock, results) and saved twice:

- ``NAME.steps.jsonl``: the requests in order, each with who sent it (a key's label, never the key), its
  body, the status it got, and what to remember from the answer (ids and keys, by label). ``load.py``
  sends them again to recreate the game on a test server.
- ``NAME.TABLE.log.jsonl``: each table's log as the judge's export gave it (the table-log format with
  every entry of the hash chain), for tests that read logs rather than pages.

The games are real sessions under the rules: every round runs from the plots to taxation as the framework does
(``Table``'s steps), and each action's verdict is checked as the game means it. A move that breaks a rule on
purpose names the rules (``flags=``: flagged at an advisory table, refused with 422 at a strict one); any other
move must be legal, so a change of the rules that makes a game stray fails the build, naming the step and
showing the table.

A new action type makes ``tests/test_corpus.py`` fail, naming it, until a game here or a test records it: add
a step to one of the games below (or a new game) and run this module again.
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

# Decks by card code (plots and agendas included), big enough for a few rounds of draws (7 at setup, 2 a round).
# 2nd edition: Lannister shadows against Stark, 20 cards in each draw deck (the same count, so a game gone to time
# can be tied on its draw decks).
LANNISTER = {"01089": 1, "13089": 1, "01091": 3, "01096": 1, "01044": 1, "00168": 2, "11099": 1, "01028": 1,
             "01029": 1, "01030": 1, "01094": 3, "01093": 2, "01090": 1, "01084": 1,
             "01001": 1, "01002": 1, "01003": 1, "01004": 1, "01005": 1, "01006": 1, "01007": 1, "01027": 1}
STARK = {"13022": 1, "00168": 1, "01091": 2, "00221": 1, "00230": 1, "00212": 1, "00225": 1, "01030": 1,
         "01152": 3, "01150": 3, "01147": 1, "01149": 2, "01148": 1, "01151": 1,
         "01001": 1, "01002": 1, "01003": 1, "01004": 1, "01005": 1, "01006": 1, "01007": 1}
# 1st edition: Shadow-crest cards (Tyrion, Maiden of Poisons, Varys, Meera Reed), a few plots (all of initiative 7:
# ties broken by power, then at random) and characters with icons. The Martell deck is short: 10 cards, drawn out
# in the second round (7 at setup, 2 a round). Ser Lancel's attachment is Gutter Rat's Cunning: Pyromancer's Cache
# prints "Attach to a location you control." (it stays in the deck, a card restricted in joust).
FIRST_A = {"kl_5": 1, "atoc_24": 1, "asots_93": 1, "acoa_103": 2, "acoa_13": 1, "acoa_33": 1, "core_53": 2,
           "core_34": 1, "core_50": 2, "pots_9": 1, "core_46": 1, "acoa_26": 1, "acoa_25": 1, "acoa_27": 1}
FIRST_B = {"atoc_53": 2, "atoc_2": 1, "acoa_20": 1, "acoa_39": 1, "kl_114": 2, "kl_55": 2, "pots_8": 1,
           "acoa_30": 1, "acoa_28": 1, "acoa_29": 1}


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

    def act(self, game: str, as_: str, action: dict[str, Any], expect: tuple[int, ...] = (201,),
            flags: tuple[str, ...] = (), notes: tuple[str, ...] = ()) -> Any:
        """An action at a table, against the version this recorder last saw there. Its verdict must break exactly
        the rules in ``flags`` (none: a legal move; a strict table refuses a flagged one, 422) and say at least
        the ``notes``: a corpus game follows the rules except where it means not to."""
        body = {"action": action, "expected_version": self.current(game, as_)}
        out = self.send(as_, "POST", "/games/{" + game + "}/actions", body, expect=expect, game=game)
        status = self.steps[-1]["status"]
        if status in (201, 422):
            verdict = out.get("verdict") if status == 201 else out["error"]["details"].get("verdict")
            broken = sorted(v["rule"] for v in (verdict or {}).get("violations", []))
            said = {n["kind"] for n in (verdict or {}).get("notes", [])}
            if broken != sorted(flags) or not set(notes) <= said:
                raise AssertionError(f"{self.name} step {len(self.steps)}: {action} broke {broken} (meant "
                                     f"{sorted(flags)}), noted {sorted(said)} (meant {sorted(notes)}): {verdict}; "
                                     f"the table: {self.glance(game)}")
        return out

    def glance(self, game: str) -> str:
        """The table as its judge sees it, in a line: for a game that went another way than its author meant."""
        judge = self.keys.get("judge")
        view = call(self.base + "/api", "GET", f"/games/{self.ids[game]}/view", key=judge)[1] if judge else {}
        players = [f"{p['seat']}: {p['power']} power, {p['gold']} gold, hand {p['hand']['count']}, deck "
                   f"{p['deck']['count']}, play {[c.get('id', c) if isinstance(c, dict) else c for c in p['play']]}"
                   for p in view.get("players", [])]
        at = f"round {view.get('round')} {view.get('phase')}, active {view.get('active_player')}"
        return "; ".join([at, *players])

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


class Table:
    """One table of a game, as its phones record it: ``t("A", action)`` is seat A's tap (``t("host", …)``,
    ``t("judge", …)`` the host's and the judge's), with the round's usual steps as methods."""

    def __init__(self, rec: Recorder, game: str, keys: dict[str, str] | None = None) -> None:
        self.rec, self.game, self.keys = rec, game, keys or {}

    def __call__(self, who: str, action: dict[str, Any], expect: tuple[int, ...] = (201,),
                 flags: tuple[str, ...] = (), notes: tuple[str, ...] = ()) -> Any:
        return self.rec.act(self.game, self.keys.get(who, who), action, expect, flags, notes)

    def phase(self, phase: str, who: str = "A", **kw: Any) -> Any:
        return self(who, {"type": "begin_phase", "phase": phase}, **kw)

    def plots(self, chosen: dict[str, str], chooser: str, first: str, tie: str | None = None, by: str = "A") -> None:
        """The plot phase: each seat's plot chosen face down (the last choice reveals them), the random pick where
        initiative and power are tied (``tie``: its result), and the initiative winner's choice of first player."""
        self.phase("plot", by)
        for seat, card in chosen.items():
            self(seat, {"type": "choose_plot", "player": seat, "card": card})
        if tie is not None:
            self(by, {"type": "win_initiative", "player": tie})
        self(chooser, {"type": "choose_first_player", "player": chooser, "first": first})

    def draws(self, order: list[str], by: str = "A") -> None:
        """The draw phase: each player draws 2, unnamed."""
        self.phase("draw", by)
        for seat in order:
            self(seat, {"type": "draw_cards", "player": seat, "count": 2})

    def challenge(self, attacker: str, kind: str, defender: str, attackers: list[str], defenders: list[str], *,
                  bypassed: list[str] | None = None, modify: tuple[dict[str, Any], ...] = (),
                  claim: list[str] | None = None, renown: tuple[str, list[str]] | None = None,
                  notes: tuple[str, ...] = ()) -> None:
        """A challenge as its steps: initiated with the attackers (and the characters their stealth bypasses), the
        defenders declared, card effects' STR modifiers (recorded by the seat whose effect it is), the result,
        the defender's claim where the attacker won (``claim``: the characters killed or cards discarded; ``[]``
        for a power claim) and renown (the winner and its renowned participants)."""
        initiate = {"type": "initiate_challenge", "player": attacker, "kind": kind, "defender": defender,
                    "attackers": attackers} | ({"bypassed": bypassed} if bypassed else {})
        self(attacker, initiate)
        self(defender, {"type": "declare_defenders", "player": defender, "defenders": defenders})
        for m in modify:
            self(m["player"], {"type": "modify", "stat": "str", "until": "challenge"} | m)
        self(attacker, {"type": "challenge_result"}, notes=notes)
        if claim is not None:
            self(defender, {"type": "apply_claim", "player": defender} | ({"cards": claim} if claim else {}))
        if renown is not None:
            self(renown[0], {"type": "renown", "player": renown[0], "cards": renown[1]})

    def passes(self, order: list[str]) -> None:
        for seat in order:
            self(seat, {"type": "pass_turn", "player": seat})


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
    """2nd edition, advisory, casual, four rounds to 15 power: nearly every action type of the rules core (not the
    one-entry challenge of older logs, nor an elimination recorded by hand: tests record those), illegal moves
    flagged, a correction of the active player, a judge key asked for after the game was made, cards drawn
    unnamed, plots chosen in secret, the initiative winner choosing the first player (once the other player),
    challenges of each type as steps with attackers and defenders (stealth bypassing a defender, STR modifiers on
    a card and on a side, a tie won by the attacker, a defender winning), each kind of claim (a character killed, a
    card discarded, power moved), unopposed power, renown, dominance by the totals (a tie, and a wrong claim a
    judge's ruling corrects), a discard down to the reserve, a confirmation asked of the opponent, undos by a seat
    (one waiting for the other seat's confirmation) and by the host, and the game won by a power claim, a move
    after the end flagged."""
    rec = Recorder(base, "casual-2e-advisory", "")
    rec.header["about"] = two_e_advisory.__doc__
    casual(rec, "2e", "advisory", [{"seat": "A", "name": "Alice", "faction": "lannister"},
                                   {"seat": "B", "name": "Bob", "faction": "stark"}], [LANNISTER, STARK],
           judge=False)
    t = Table(rec, "g")
    A, B = "A", "B"
    # Setup: each draws 7 unnamed; shadows, a face-down character with its attachment, a face-up character.
    t(A, {"type": "draw_cards", "player": A, "count": 7})
    t(B, {"type": "draw_cards", "player": B, "count": 7})
    t(A, {"type": "setup_into_shadows", "player": A, "card": "A.13089.1"})
    t(A, {"type": "setup_face_down", "player": A, "card": "A.01089.1"})
    t(A, {"type": "setup_face_down", "player": A, "card": "A.01096.1", "attach_to": "A.01089.1"})
    t(B, {"type": "setup_place", "player": B, "card": "B.00230.1"})
    t(B, {"type": "setup_into_shadows", "player": B, "card": "B.00168.1"})
    t("host", {"type": "reveal_setup"})
    t("host", {"type": "set_first_player", "player": A})

    # Round 1. A Clash of Kings (initiative 9) beats A Feast for Crows (1): Bob wins initiative and lets Alice
    # go first.
    t.plots({A: "A.01002.1", B: "B.01001.1"}, chooser=B, first=A)
    t.draws([A, B])
    # Alice's "drew 2" taken back after Bob drew too: Bob confirms her undo; she draws again.
    rec.send(A, "GET", "/games/{g}/undo")
    out = rec.send(A, "POST", "/games/{g}/undo", {"expected_version": rec.versions["g"]}, expect=(202,),
                   bind={"u1": "pending.id"}, game="g")
    rec.send(B, "POST", "/games/{g}/pending/{u1}", {"decision": "confirm", "expected_version": out["version"]},
             game="g")
    t(A, {"type": "draw_cards", "player": A, "count": 2})
    # Bob taps "drew 2" a second time (flagged: once a round) and takes it back himself.
    undone = t(B, {"type": "draw_cards", "player": B, "count": 2}, flags=("draw.once",))["version"]
    rec.undo("g", B)
    t.phase("marshaling")
    t(A, {"type": "collect_income", "player": A}, notes=("income",))
    t(A, {"type": "marshal", "player": A, "card": "A.01084.1"})
    t(A, {"type": "marshal_into_shadows", "player": A, "card": "A.11099.1"})
    t("host", {"type": "set_active_player", "player": B})  # Alice forgot to tap "done": the host hands on
    t(B, {"type": "collect_income", "player": B})
    t(B, {"type": "marshal", "player": B, "card": "B.01150.1"})
    t(B, {"type": "marshal_into_shadows", "player": B, "card": "B.00212.1"})
    t(B, {"type": "pass_turn", "player": B})
    t.phase("challenges")
    # Cersei (4) against Bran (4): a tie goes to the attacker; two cards at random from Bob's hand (attacking in an
    # intrigue challenge, she raises the claim by 1), and her reaction to an intrigue challenge won gives her 1 power.
    t.challenge(A, "intrigue", B, ["A.01084.1"], ["B.00230.1"], claim=["B.01091.1", "B.01030.1"])
    t(A, {"type": "gain_power", "player": A, "amount": 1, "card": "A.01084.1"})
    # Tyrion's stealth bypasses the knight: nobody is left to defend, unopposed (+1 power). Bob's faction card has
    # no power for the claim to take.
    t.challenge(A, "power", B, ["A.01089.1"], [], bypassed=["B.01150.1"], notes=("unopposed-power",))
    # Alice attacks again with Tyrion, who knelt for the first one (flagged); nobody defends, and the second
    # power challenge of the phase is flagged too. The table plays it out.
    t(A, {"type": "initiate_challenge", "player": A, "kind": "power", "defender": B, "attackers": ["A.01089.1"]},
      flags=("challenge.kneeling", "challenge.once-per-type"))
    t(B, {"type": "declare_defenders", "player": B, "defenders": []})
    t(A, {"type": "challenge_result"})
    t(A, {"type": "pass_turn", "player": A})
    # The knight attacks a player with no standing character: unopposed, and the power claim takes Alice's power.
    t.challenge(B, "power", A, ["B.01150.1"], [], claim=[], notes=("unopposed-power",))
    t(B, {"type": "pass_turn", "player": B})
    t.phase("dominance")
    t(B, {"type": "win_dominance"})  # every character knelt, no gold: a tie, nobody
    t.phase("standing")
    t.phase("taxation")
    t("judge", {"type": "return_unspent_gold"})
    rec.undo("g", "host")  # the host takes the judge's entry back ...
    t(A, {"type": "return_unspent_gold", "player": A})  # ... and it is recorded seat by seat
    t(B, {"type": "return_unspent_gold", "player": B})

    # Round 2. A Feast for Crows (1) beats A Noble Cause (0): Bob chooses himself.
    t.plots({A: "A.01004.1", B: "B.01002.1"}, chooser=B, first=B)
    t.draws([B, A])
    t.phase("marshaling")
    t(B, {"type": "collect_income", "player": B})
    t(B, {"type": "marshal", "player": B, "card": "B.01147.1"})  # she enters play knelt (her own text)
    t(B, {"type": "stand", "player": B, "card": "B.01147.1"})  # a card effect stands her
    t(B, {"type": "pass_turn", "player": B})
    t(A, {"type": "collect_income", "player": A})
    t(A, {"type": "marshal", "player": A, "card": "A.01028.1", "cost": 3})  # A Noble Cause: a Lord for 2 less
    for card in ("A.01093.1", "A.01093.2"):  # Littlefinger's reaction draws 2: Alice names them
        t(A, {"type": "draw", "player": A, "card": card, "source": "A.01028.1"})
    t(A, {"type": "marshal", "player": A, "card": "A.01094.1"})
    t(A, {"type": "pass_turn", "player": A})
    t.phase("challenges", B)
    # The knight attacks a player without a military character: unopposed; Alice kills the merchant for the claim.
    t.challenge(B, "military", A, ["B.01150.1"], [], claim=["A.01094.1"], notes=("unopposed-power",))
    # Sansa (2) against Tyrion (4): the defender wins, no claim.
    t.challenge(B, "intrigue", A, ["B.01147.1"], ["A.01089.1"])
    t(B, {"type": "pass_turn", "player": B})
    # Littlefinger (4) against Bran, whom an effect makes 5; another gives Alice's side +2: Alice wins, and the
    # power claim moves 1 power from Bob's faction card to hers.
    t.challenge(A, "power", B, ["A.01028.1"], ["B.00230.1"],
                modify=({"player": B, "card": "B.00230.1", "amount": 1}, {"player": A, "amount": 2}), claim=[])
    # Cersei against a player whose intrigue characters all knelt: unopposed, two cards discarded, Cersei's power.
    t.challenge(A, "intrigue", B, ["A.01084.1"], [], claim=["B.01091.2", "B.01151.1"], notes=("unopposed-power",))
    t(A, {"type": "gain_power", "player": A, "amount": 1, "card": "A.01084.1"})
    # Tears of Lys after an intrigue challenge won: a poison token on Sansa, who dies at the end of the phase.
    t(A, {"type": "play_event", "player": A, "card": "A.01044.1"})
    t(A, {"type": "place_tokens", "player": A, "kind": "poison", "amount": 1, "card": "B.01147.1"})
    t(A, {"type": "pass_turn", "player": A})
    # Effects at the end of the phase: power and gold taps, a duplicate out of shadows that saves Tyrion, control
    # taken and given back, tokens, events, No Surprises, a restricted move, a rearranged shadows area.
    t(A, {"type": "gain_power", "player": A, "amount": 1})
    t(A, {"type": "gain_power", "player": A, "amount": 2, "card": "A.01028.1"})
    t(A, {"type": "lose_power", "player": A, "amount": 1, "card": "A.01028.1"})
    t(B, {"type": "set_power", "player": B, "amount": 3})  # a power token Bob placed by hand: corrected
    t(A, {"type": "set_gold", "player": A, "amount": 3})  # Alice's gold miscounted: corrected
    t(A, {"type": "gain_gold", "player": A, "amount": 4})
    t(A, {"type": "bring_out", "player": A, "card": "A.13089.1"})
    t(A, {"type": "save_with_duplicate", "player": A, "card": "A.13089.1"})  # an effect of Bob's would kill Tyrion
    t(B, {"type": "take_control", "player": B, "card": "A.01028.1"})
    t(B, {"type": "control_reverts", "player": B, "card": "A.01028.1"})
    t(A, {"type": "place_tokens", "player": A, "kind": "gold", "amount": 2, "card": "A.01028.1"})
    t(A, {"type": "remove_tokens", "player": A, "kind": "gold", "amount": 1, "card": "A.01028.1"})
    t(A, {"type": "place_tokens", "player": A, "kind": "poison", "amount": 1, "card": "A.11099.1"})
    t(A, {"type": "gain_shadow", "player": A, "card": "A.11099.1", "gains": "cost"})
    t(B, {"type": "play_event", "player": B, "card": "B.13022.1"})
    t(B, {"type": "restrict", "player": B, "target": A, "restriction": "bring_out", "source": "B.13022.1"})
    t(A, {"type": "bring_out", "player": A, "card": "A.11099.1", "attach_to": "A.01089.1"},
      flags=("restriction.bring-out",))
    t(B, {"type": "play_event_from_shadows", "player": B, "card": "B.00212.1"})
    t(A, {"type": "rearrange_shadows", "player": A}, flags=("shadows.rearrange",))
    t(A, {"type": "put_into_play", "player": A, "card": "A.01091.3"})
    t(A, {"type": "put_into_shadows", "player": A, "card": "A.01091.3", "gains": 1})
    t(B, {"type": "stand", "player": B, "card": "B.01150.1"})
    t(B, {"type": "discard", "player": B, "card": "B.01149.1"})
    t(A, {"type": "return_to_hand", "player": A, "card": "A.01030.1"})
    t(A, {"type": "spend_gold", "player": A, "amount": 1})
    t(A, {"type": "kill", "player": A, "card": "B.01147.1"})  # the poison, at the end of the phase
    t.phase("dominance", B)
    t(B, {"type": "win_dominance", "player": B})
    t(B, {"type": "gain_power", "player": B, "amount": 2})  # A Feast for Crows: dominance won, 2 power
    t.phase("standing", B)
    t.phase("taxation", B)
    # An effect on the opponent's face-down card waits for its owner: Bob confirms.
    out = rec.send(A, "POST", "/games/{g}/actions", {"action": {"type": "put_into_play_from_shadows", "player": A,
                                                                "card": "B:shadows#1"},
                                                     "expected_version": rec.versions["g"]},
                   expect=(202,), bind={"p1": "pending.id"}, game="g")
    rec.send(B, "POST", "/games/{g}/pending/{p1}", {"decision": "confirm", "expected_version": out["version"]},
             game="g")
    # Round 3. A Clash of Kings (9) beats A Noble Cause (0): Alice goes first.
    t.plots({A: "A.01001.1", B: "B.01004.1"}, chooser=A, first=A)
    t.draws([A, B])
    t.phase("marshaling")
    t(A, {"type": "collect_income", "player": A})  # 4, and Littlefinger's +1
    t(A, {"type": "marshal", "player": A, "card": "A.01030.1"})
    t(A, {"type": "bring_out", "player": A, "card": "A.01091.3"})  # the Shadow (1) it gained
    t(A, {"type": "pass_turn", "player": A})
    t(B, {"type": "collect_income", "player": B})
    t(B, {"type": "marshal", "player": B, "card": "B.00221.1", "cost": 5})  # A Noble Cause: a Lord for 2 less
    t(B, {"type": "pass_turn", "player": B})
    t.phase("challenges")
    # Tyrion and Littlefinger (8) against Bran (4): the claim, and A Clash of Kings moves 1 more power.
    t.challenge(A, "power", B, ["A.01089.1", "A.01028.1"], ["B.00230.1"], claim=[])
    t(B, {"type": "lose_power", "player": B, "amount": 1})
    t(A, {"type": "gain_power", "player": A, "amount": 1})
    # The raiders and the burned men (5) against a knight and the agent (4): Bob kills the agent.
    t.challenge(A, "military", B, ["A.01030.1", "A.01091.3"], ["B.01150.1", "B.00168.1"], claim=["B.00168.1"])
    t.challenge(A, "intrigue", B, ["A.01084.1"], [], claim=["B.01149.2", "B.00225.1"], notes=("unopposed-power",))
    t(A, {"type": "gain_power", "player": A, "amount": 1, "card": "A.01084.1"})
    t(B, {"type": "leave_play", "player": B, "card": "A.01030.1", "to": "deck"})  # an effect of Bob's
    t(A, {"type": "pass_turn", "player": A})
    # Robb unopposed: Alice kills the burned men, and Robb's renown gives him 1 power.
    t.challenge(B, "military", A, ["B.00221.1"], [], claim=["A.01091.3"], renown=(B, ["B.00221.1"]),
                notes=("unopposed-power",))
    t(B, {"type": "pass_turn", "player": B})
    t.phase("dominance")
    # Alice claims dominance on a tie (flagged); the judge rules: nobody, and her power goes back.
    t(A, {"type": "win_dominance", "player": A}, flags=("dominance.totals",))
    t("judge", {"type": "win_dominance", "reason": "a tie: every character knelt, no gold"})
    t.phase("standing")
    t.phase("taxation")  # Alice holds 6, her reserve: Burned Men came out of her hand by Ambush

    # Round 4. A Storm of Swords (8) beats Calling the Banners (6): Alice goes first, and wins on power.
    t.plots({A: "A.01005.1", B: "B.01007.1"}, chooser=A, first=A)
    t.draws([A, B])
    t.phase("marshaling")
    t(A, {"type": "collect_income", "player": A})
    t(A, {"type": "pass_turn", "player": A})
    t(B, {"type": "collect_income", "player": B})
    t(B, {"type": "pass_turn", "player": B})
    t.phase("challenges")
    t.challenge(A, "intrigue", B, ["A.01084.1"], [], claim=["B.01152.1", "B.01150.2"], notes=("unopposed-power",))
    t(A, {"type": "gain_power", "player": A, "amount": 1, "card": "A.01084.1"})
    # Unopposed (14), and the power claim takes Alice to 15: the game ends at once.
    t.challenge(A, "power", B, ["A.01089.1", "A.01028.1"], [], claim=[], notes=("unopposed-power",))
    t(A, {"type": "pass_turn", "player": A}, flags=("game.over",))  # out of habit: flagged
    rec.header["undone"] = [undone]
    rec.export("g", "judge", "game")
    return rec


def one_e_strict(base: str) -> Recorder:
    """1st edition, strict, casual, two rounds: Shadows at the beginning of a phase in player order, passes, refused
    moves, plots chosen face down with initiative tied (a random pick, then the lower power), the first player
    chosen, draws, income, a card with an attachment and a duplicate, challenges as steps (stealth, a military
    claim killing, an intrigue claim discarding, unopposed), dominance by the totals, and Tom's short deck running
    out in the second draw phase: he is eliminated and Jana wins; a move after the end is refused."""
    rec = Recorder(base, "casual-1e-strict", "")
    rec.header["about"] = one_e_strict.__doc__
    casual(rec, "1e", "strict", [{"seat": "A", "name": "Jana", "faction": "lannister"},
                                 {"seat": "B", "name": "Tom", "faction": "martell"}], [FIRST_A, FIRST_B])
    t = Table(rec, "g")
    A, B = "A", "B"
    t(A, {"type": "draw_cards", "player": A, "count": 7})
    t(B, {"type": "draw_cards", "player": B, "count": 7})
    t(A, {"type": "setup_into_shadows", "player": A, "card": "A.kl_5.1"})
    t(A, {"type": "setup_place", "player": A, "card": "A.acoa_103.1"})
    t(B, {"type": "setup_into_shadows", "player": B, "card": "B.atoc_53.1"})
    # An attachment set up with nothing to go on: refused; the spearman first, then the chariot on him.
    t(B, {"type": "setup_place", "player": B, "card": "B.acoa_20.1"}, expect=(422,), flags=("attach.target",))
    t(B, {"type": "setup_place", "player": B, "card": "B.kl_114.1"})
    t("host", {"type": "reveal_setup"})

    # Round 1: both Furies have initiative 7 and nobody has power: a random pick, Jana, who goes first.
    t.plots({A: "A.acoa_26.1", B: "B.acoa_30.1"}, chooser=A, first=A, tie=A)
    t.phase("draw")
    t(A, {"type": "pass_shadows", "player": A})
    t(B, {"type": "pass_shadows", "player": B})
    t(A, {"type": "draw_cards", "player": A, "count": 2})
    t(B, {"type": "draw_cards", "player": B, "count": 2})
    t.phase("marshaling")
    t(B, {"type": "collect_income", "player": B}, expect=(422,), flags=("gold.income-active",))  # not his turn yet
    t(A, {"type": "collect_income", "player": A})
    t(A, {"type": "marshal", "player": A, "card": "A.acoa_103.2"})  # a duplicate of Lancel, free
    t(A, {"type": "marshal", "player": A, "card": "A.core_34.1", "attach_to": "A.acoa_103.1"})
    t(A, {"type": "marshal_into_shadows", "player": A, "card": "A.atoc_24.1"})
    t(A, {"type": "pass_turn", "player": A})
    t(B, {"type": "collect_income", "player": B})
    t(B, {"type": "marshal", "player": B, "card": "B.kl_55.1"})
    t(B, {"type": "marshal", "player": B, "card": "B.acoa_20.1", "attach_to": "B.kl_114.1"})
    t(B, {"type": "pass_turn", "player": B})
    # Out of Shadows at the beginning of the challenges phase, from the first player on: Tom too early (refused).
    t.phase("challenges")
    t(B, {"type": "bring_out", "player": B, "card": "B.atoc_53.1"}, expect=(422,), flags=("shadows.order-1e",))
    t(A, {"type": "bring_out", "player": A, "card": "A.kl_5.1"})
    t(B, {"type": "bring_out", "player": B, "card": "B.atoc_53.1"})
    # Tyrion's stealth bypasses the Maiden; the paramour (2) defends against him (3): a card from Tom's hand.
    t.challenge(A, "intrigue", B, ["A.kl_5.1"], ["B.kl_55.1"], bypassed=["B.atoc_53.1"], claim=["B.kl_114.2"])
    # Lancel (2) against the spearman (2): the tie is Jana's, and Tom kills the spearman (the chariot goes too).
    t.challenge(A, "military", B, ["A.acoa_103.1"], ["B.kl_114.1"], claim=["B.kl_114.1"])
    t(A, {"type": "initiate_challenge", "player": A, "kind": "power", "defender": B, "attackers": ["A.kl_5.1"]},
      expect=(422,), flags=("challenge.kneeling",))  # Tyrion knelt for the first one
    t(A, {"type": "pass_turn", "player": A})
    t.challenge(B, "power", A, ["B.atoc_53.1"], [], notes=("unopposed-power",))
    t(B, {"type": "pass_turn", "player": B})
    t.phase("dominance")
    t(B, {"type": "win_dominance", "player": B})
    t(A, {"type": "stand", "player": A, "card": "A.acoa_103.1"})  # too early: taken back
    rec.undo("g", A)
    t.phase("standing")
    t.phase("taxation")

    # Round 2: initiative tied again, Jana has less power and wins it. Tom's last card is drawn: he is out.
    t.plots({A: "A.acoa_25.1", B: "B.acoa_28.1"}, chooser=A, first=A)
    t.phase("draw")
    t(A, {"type": "draw_cards", "player": A, "count": 2})
    t(B, {"type": "draw_cards", "player": B, "count": 2}, notes=("deck-empty", "eliminated", "last-player"))
    t.phase("marshaling", expect=(422,), flags=("game.over",))
    rec.export("g", "judge", "game")
    return rec


def decklist(name: str, faction: str, slots: dict[str, int], agenda: str | None = None) -> str:
    """A ThronesDB JSON decklist, as a player pastes it when registering."""
    agendas = [{"code": agenda}] if agenda else []
    return json.dumps({"name": name, "faction_code": faction, "agendas": agendas, "slots": slots})


def event_2e(base: str) -> Recorder:
    """An event, 2nd edition: two rounds of two tables. Decks illegal under the newest restricted list,
    allowed by the organiser. Round 1 strict (paired by CSV) with plots chosen in secret, the round's steps
    (draws, income, challenges with their claims, dominance), cards in play, refused moves, a deck-check attempt,
    a call for the judge, every kind of ruling, a concession and a result; round 2 advisory, paired by the
    server's Swiss proposal, a random pick for initiative and a first player chosen by the wrong player (flagged),
    its clock run out so time is called, an extension that lifts the call, the round played through its taxation
    (reserve discards), the game going to time tied to the end and the first player choosing the winner, and a
    player dropping."""
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
    t = Table(rec, g, {"A": A, "B": B})
    rec.send("organiser", "POST", "/event/{e}/rounds/1/clock", {"request_id": "clock-0001"})
    t("A", {"type": "draw_cards", "player": "A", "count": 7})
    t("B", {"type": "draw_cards", "player": "B", "count": 7})
    t("A", {"type": "setup_into_shadows", "player": "A", "card": "A.13089.1"})
    t("A", {"type": "setup_face_down", "player": "A", "card": "A.01089.1"})
    t("A", {"type": "setup_face_down", "player": "A", "card": "A.01096.1", "attach_to": "A.01089.1"})
    t("B", {"type": "setup_place", "player": "B", "card": "B.00230.1"})
    t("B", {"type": "setup_place", "player": "B", "card": "B.01152.1"})
    t("B", {"type": "reveal_setup"})
    # A Clash of Kings (9) beats A Storm of Swords (8): Ann goes first.
    t.plots({"A": "A.01001.1", "B": "B.01005.1"}, chooser="A", first="A")
    t.draws(["A", "B"])
    t.phase("marshaling")
    t("B", {"type": "collect_income", "player": "B"}, expect=(422,), flags=("gold.income-active",))  # Ann's turn
    t("A", {"type": "collect_income", "player": "A"})
    t("A", {"type": "marshal", "player": "A", "card": "A.01091.1"})
    t("A", {"type": "marshal", "player": "A", "card": "A.01094.1"})
    t("A", {"type": "bring_out", "player": "A", "card": "A.13089.1"}, expect=(422,), flags=("gold.insufficient",))
    rec.act(g, A, {"type": "marshal", "player": "A", "card": "A.01091.9"}, expect=(400, 404, 422))  # deck check
    t("A", {"type": "pass_turn", "player": "A"})
    t("B", {"type": "collect_income", "player": "B"})
    t("B", {"type": "marshal", "player": "B", "card": "B.01150.1"})
    t("B", {"type": "pass_turn", "player": "B"})
    rec.send(B, "POST", "/event-tables/{r1t1}/call-judge", {"request_id": "call-0001", "note": "timing"})
    t.phase("challenges")
    t("B", {"type": "initiate_challenge", "player": "B", "kind": "power", "defender": "A", "attackers": ["B.00230.1"]},
      expect=(422,), flags=("challenge.active-player",))  # Ann is the active player
    # Burned Men (2) against a knight (2): the tie is Ann's; Ben kills his steward.
    t.challenge("A", "military", "B", ["A.01091.1"], ["B.01150.1"], claim=["B.01152.1"])
    # Tyrion (4) against Bran (4): a card at random from Ben's hand.
    t.challenge("A", "intrigue", "B", ["A.01089.1"], ["B.00230.1"], claim=["B.01091.1"])
    t.passes(["A", "B"])
    t.phase("dominance")
    t("A", {"type": "win_dominance", "player": "A"})  # the merchant (1) standing against nothing
    t("A", {"type": "kneel", "player": "A", "card": "A.01094.1"})  # a mistake, taken back
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
    t.phase("standing")
    t.phase("taxation")
    t("B", {"type": "concede", "player": "B"})  # Ben concedes
    rec.send("judge", "GET", "/event/{e}/games/{r1t1}/going-to-time")
    rec.send("judge", "POST", "/event/{e}/games/{r1t1}/result", {"winner": "A", "reason": "concession",
                                                                 "request_id": "result-0001"})
    rec.send("judge", "POST", "/event/{e}/games/{r1t2}/result", {"winner": None, "reason": "draw",
                                                                 "request_id": "result-0002"})
    # Round 2: advisory; the clock runs out and the server calls time; the game goes to time, tied to the end.
    pair(2, None, "advisory")
    g, A, B = "r2t1", "r2t1A", "r2t1B"
    t = Table(rec, g, {"A": A, "B": B})
    t("A", {"type": "draw_cards", "player": "A", "count": 7})
    t("B", {"type": "draw_cards", "player": "B", "count": 7})
    t("A", {"type": "setup_place", "player": "A", "card": "A.01028.1"})
    t("B", {"type": "setup_into_shadows", "player": "B", "card": "B.00168.1"})
    t("B", {"type": "setup_place", "player": "B", "card": "B.00225.1"})
    t("A", {"type": "reveal_setup"})
    # Ann against Dan. Two Noble Causes: initiative and power tied, a random pick: Dan. Ann chooses the first
    # player anyway (flagged), and her choice stands.
    t.phase("plot")
    t("A", {"type": "choose_plot", "player": "A", "card": "A.01004.1"})
    t("B", {"type": "choose_plot", "player": "B", "card": "B.01004.1"})
    t("A", {"type": "win_initiative", "player": "B"})
    t("A", {"type": "choose_first_player", "player": "A", "first": "A"}, flags=("first-player.chooser",))
    t.draws(["A", "B"])
    t.phase("marshaling")
    t("A", {"type": "collect_income", "player": "A"})
    t("A", {"type": "pass_turn", "player": "A"})
    t("B", {"type": "collect_income", "player": "B"})
    t("B", {"type": "pass_turn", "player": "B"})
    t.phase("challenges")
    t.passes(["A", "B"])
    t.phase("dominance")
    t("B", {"type": "win_dominance"})  # Littlefinger and 6 gold against Karstark and 5: a tie, nobody
    rec.send("organiser", "POST", "/event/{e}/rounds/2/clock", {"request_id": "clock-0002", "seconds_ago": 55 * 60 + 5})
    rec.wait_for(g, A, "time_called")
    rec.send("judge", "POST", "/event/{e}/games/{r2t1}/rulings", {"type": "time_extension", "minutes": 5,
                                                                  "text": "judge call", "request_id": "ruling-r2-0001"})
    rec.versions.pop(g, None)
    t.phase("standing")
    rec.send("organiser", "POST", "/event/{e}/rounds/2/clock", {"request_id": "clock-0003", "seconds_ago": 65 * 60})
    rec.wait_for(g, A, "time_called")
    t.phase("taxation")
    rec.wait_for(g, A, "gone_to_time")
    # The round finished through the reserve; tied on power, draw decks, dominance and dead characters: the first
    # player chooses the winner.
    t("A", {"type": "discard_to_reserve", "player": "A", "cards": ["A.01094.1", "A.01094.2"]})
    t("B", {"type": "discard_to_reserve", "player": "B", "cards": ["B.01152.1"]})
    t("A", {"type": "go_to_time"}, notes=("winner-to-choose",))
    t("A", {"type": "choose_winner", "player": "A", "winner": "A"})
    rec.send("judge", "POST", "/event/{e}/games/{r2t1}/result", {"winner": "A", "reason": "going to time: the first "
                                                                 "player's choice", "request_id": "result-0003"})
    # Ben leaves the event during round 2: never paired again, his results stand.
    rec.send("organiser", "POST", "/event/{e}/players/{p1}/drop", {"request_id": "drop-0001"})
    rec.send(None, "GET", "/event/{e}/standings")
    rec.header.update(kind="event", edition="2e", mode="strict then advisory", games=games)
    for label in games:
        export_event_game(rec, label)
    return rec


def event_1e(base: str) -> Recorder:
    """An event, 1st edition: five players register 1st-edition decks, two Swiss rounds paired from the
    server's proposals (round 1 with a bye), strict. Round 1's first table sets up with shadows, chooses plots
    (initiative tied: a random pick, whose winner lets the other go first), marshals with an attachment and into
    shadows, brings cards out in player order, kills a character for a military claim, and ends as a player
    concedes; its other table ends on a result at once. That player drops after round 1; round 2 is paired from
    the four left (no bye), its first table played a round with plots revealed face up, a military claim and
    renown on both sides; both results entered."""
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
    t = Table(rec, g, {"A": A, "B": B})
    rec.send("organiser", "POST", "/event/{e}/rounds/1/clock", {"request_id": "clock-1e-0001"})
    # The proposal seats Tom (Martell) against Wes (Lannister).
    assert {seat: decks_at(rec, g, seat) for seat in "AB"} == {"A": "atoc_53", "B": "kl_5"}
    for seat in "AB":
        t(seat, {"type": "draw_cards", "player": seat, "count": 7})
    t("A", {"type": "setup_into_shadows", "player": "A", "card": "A.atoc_53.1"})
    t("A", {"type": "setup_place", "player": "A", "card": "A.acoa_39.1"})
    t("B", {"type": "setup_into_shadows", "player": "B", "card": "B.kl_5.1"})
    t("B", {"type": "setup_place", "player": "B", "card": "B.acoa_103.1"})
    t("A", {"type": "reveal_setup"})
    # Both Furies have initiative 7, nobody has power: the random pick is Wes's, who lets Tom go first.
    t.plots({"A": "A.acoa_30.1", "B": "B.acoa_26.1"}, chooser="B", first="A", tie="B")
    t.draws(["A", "B"])
    t.phase("marshaling")
    t("A", {"type": "collect_income", "player": "A"})
    t("A", {"type": "marshal", "player": "A", "card": "A.kl_114.1"})
    t("A", {"type": "marshal", "player": "A", "card": "A.acoa_20.1", "attach_to": "A.kl_114.1"})
    t("A", {"type": "pass_turn", "player": "A"})
    t("B", {"type": "collect_income", "player": "B"})
    t("B", {"type": "marshal", "player": "B", "card": "B.core_34.1", "attach_to": "B.acoa_103.1"})
    t("B", {"type": "marshal_into_shadows", "player": "B", "card": "B.atoc_24.1"})
    t("B", {"type": "pass_turn", "player": "B"})
    t.phase("challenges")
    for seat, card in (("A", "A.atoc_53.1"), ("B", "B.kl_5.1")):  # out of Shadows, in player order
        t(seat, {"type": "bring_out", "player": seat, "card": card})
    # The spearman (2) against Lancel (2, and 2 from Gutter Rat's Cunning): Wes's defence holds, no claim.
    t.challenge("A", "military", "B", ["A.kl_114.1"], ["B.acoa_103.1"])
    t.challenge("A", "power", "B", ["A.atoc_53.1"], ["B.kl_5.1"])  # Tyrion's 3 against 3: the power claim finds none
    t.passes(["A", "B"])
    t.phase("dominance")
    t("A", {"type": "win_dominance", "player": "A"})  # Tom's gold left over
    t("B", {"type": "concede", "player": "B"})  # Wes concedes (and leaves the event)
    rec.send("judge", "POST", "/event/{e}/games/{r1t1}/result", {"winner": "A", "reason": "concession",
                                                                 "request_id": "result-1e-0001"})
    rec.send("judge", "POST", "/event/{e}/games/{r1t2}/result", {"winner": "B", "reason": "concession",
                                                                 "request_id": "result-1e-0002"})
    # Wes leaves after round 1: four players are paired in round 2, no bye.
    rec.send("organiser", "POST", "/event/{e}/players/{p4}/drop", {"request_id": "drop-1e-0001"})
    pair(2)
    g, A, B = "r2t1", "r2t1A", "r2t1B"
    t = Table(rec, g, {"A": A, "B": B})
    # Round 2's first table: Lannister against Martell, plots revealed face up, renown on both sides.
    assert {seat: decks_at(rec, g, seat) for seat in "AB"} == {"A": "kl_5", "B": "atoc_53"}
    for seat in "AB":
        t(seat, {"type": "draw_cards", "player": seat, "count": 7})
    t("A", {"type": "setup_place", "player": "A", "card": "A.acoa_103.1"})
    t("A", {"type": "setup_place", "player": "A", "card": "A.core_53.1"})
    t("B", {"type": "setup_place", "player": "B", "card": "B.kl_114.1"})
    t("B", {"type": "setup_place", "player": "B", "card": "B.kl_55.1"})
    t("B", {"type": "reveal_setup"})
    t.phase("plot")
    t("A", {"type": "reveal_plot", "player": "A", "card": "A.acoa_27.1"})
    t("B", {"type": "reveal_plot", "player": "B", "card": "B.acoa_29.1"})
    t("B", {"type": "win_initiative", "player": "A"})
    t("A", {"type": "choose_first_player", "player": "A", "first": "A"})
    t.draws(["A", "B"])
    t.phase("marshaling")
    t("A", {"type": "collect_income", "player": "A"})
    t("A", {"type": "marshal", "player": "A", "card": "A.pots_9.1"})
    t("A", {"type": "marshal", "player": "A", "card": "A.core_46.1"})
    t("A", {"type": "pass_turn", "player": "A"})
    t("B", {"type": "collect_income", "player": "B"})
    t("B", {"type": "marshal", "player": "B", "card": "B.pots_8.1"})
    t("B", {"type": "pass_turn", "player": "B"})
    t.phase("challenges")
    # Ser Arys and Lancel (5) against the spearman (2): killed for the claim; Ser Arys's renown.
    t.challenge("A", "military", "B", ["A.pots_9.1", "A.acoa_103.1"], ["B.kl_114.1"], claim=["B.kl_114.1"],
                renown=("A", ["A.pots_9.1"]))
    t("A", {"type": "pass_turn", "player": "A"})
    # Harmen Uller and the paramour unopposed (no standing character with a power icon): the power claim finds
    # none on Jana's House card, and Harmen's renown follows it.
    t.challenge("B", "power", "A", ["B.pots_8.1", "B.kl_55.1"], [], claim=[], renown=("B", ["B.pots_8.1"]),
                notes=("unopposed-power",))
    t("B", {"type": "pass_turn", "player": "B"})
    t.phase("dominance")
    t("A", {"type": "win_dominance", "player": "A"})
    rec.send("judge", "POST", "/event/{e}/games/{r2t1}/result", {"winner": "B", "reason": "15 power",
                                                                 "request_id": "result-1e-0003"})
    rec.send("judge", "POST", "/event/{e}/games/{r2t2}/result", {"winner": "A", "reason": "15 power",
                                                                 "request_id": "result-1e-0004"})
    rec.send(None, "GET", "/event/{e}/standings")
    rec.header.update(kind="event", edition="1e", mode="strict", games=games)
    for label in games:
        export_event_game(rec, label)
    return rec


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
#: Each game's name, the stem of its fixtures.
NAMES = {"two_e_advisory": "casual-2e-advisory", "one_e_strict": "casual-1e-strict", "event_2e": "event-2e",
         "event_1e": "event-1e"}


def build(base: str, only: list[str] | None = None) -> list[Recorder]:
    """Every game (or the ones named), its old fixtures replaced."""
    out = []
    for play in GAMES:
        name = play.__name__
        rec_name = NAMES[name]
        if only and rec_name not in only:
            continue
        for old in HERE.glob(f"{rec_name}.*jsonl"):
            old.unlink()
        rec = play(base)
        rec.save()
        out.append(rec)
    return out


def data_dir() -> Path:
    """The build server's data directory (its card catalogue), one for this checkout, kept between builds so the
    catalogue is seeded once: the per-user one is shared with every other server on the machine, which may seed it
    with other card facts."""
    import hashlib

    path = Path(tempfile.gettempdir()) / f"companion-corpus-{hashlib.sha256(str(HERE).encode()).hexdigest()[:12]}"
    path.mkdir(exist_ok=True)
    return path


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(Path(tmp) / "corpus.db", env={"COMPANION_DATA_DIR": str(data_dir())})
        try:
            for rec in build(server.url, sys.argv[1:]):
                print(f"{rec.name}: {len(rec.steps)} requests", file=sys.stderr)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
