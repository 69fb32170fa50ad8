"""Undo that shows what it takes back (issue 21, item 4).

The rule: a seat undoes only its own last action. While nobody else has acted since, it is undone at once;
when exactly one other seat has acted since, that seat confirms it (the request waits like an effect on a
face-down card); when the host, the judge or several seats have acted since, only the host or the judge
undoes it. Why that and not "a later entry touching the same card": in 1st edition an opponent's bring-out
depends on yours through the order of the beginning-of-phase chance, not through a shared card; whoever acted
after you may have acted on what they saw, so their word is needed.

A property over random games checks the rule against the log, and that a permitted undo leaves the table
exactly as replaying the log without that entry."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import Seat, new_table, play
from companion.rules.actions import action_from_dict
from companion.rules.roles import HOST, JUDGE, Role
from companion.rules.views import view
from companion.service import TableService
from companion.store.games import Conflict, Entry, Forbidden, GameStore, Pending
from tests.tables import catalog

A, B = Role.of_seat("A"), Role.of_seat("B")
WHO = {"A": A, "B": B, "host": HOST, "judge": JUDGE}
DECKS = {"A": {"01091": 2}, "B": {"01091": 2}}


def store(path: Path) -> GameStore:
    return GameStore(path, lambda codes: catalog().cards(codes))


# Moves any of them may record: counters of their own seat (the host and the judge for A), and the round's flow.
def move(who: str, kind: str) -> dict[str, Any]:
    seat = who if who in ("A", "B") else "A"
    if kind == "flow" or who == "host":  # the host runs the round's flow only
        return {"type": "begin_phase", "phase": "plot"}
    return {"type": kind, "player": seat, "amount": 1}


STEPS = st.lists(st.tuples(st.sampled_from(["A", "A", "B", "B", "host", "judge"]),
                           st.sampled_from(["gain_gold", "gain_power", "flow", "undo"])), min_size=1, max_size=10)


def replayed_without(s: GameStore, gid: str, target: int) -> dict[str, Any]:
    """The table rebuilt from scratch from the log's effective actions, without ``target``."""
    cached = s.state(gid)
    t = new_table("2e", [Seat(x, deck=DECKS[x]) for x in ("A", "B")], catalog().cards({"01091"}))
    for seq, data in sorted(cached.actions.items()):
        if seq != target:
            play(t, action_from_dict(data), "advisory")
    return view(t, JUDGE)


def comparable(v: dict[str, Any]) -> dict[str, Any]:
    return {k: v[k] for k in ("round", "phase", "players", "dominance")}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS, asker=st.sampled_from(["A", "B"]))
def test_a_seats_undo_waits_or_is_refused_exactly_when_someone_else_acted_since(
        tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[str, str]], asker: str) -> None:
    s = store(tmp_path_factory.mktemp("u") / "g.db")
    game, _ = s.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    for seat, deck in DECKS.items():
        TableService(s).set_deck(game.id, seat, deck, JUDGE, s.game(game.id).version)
    for who, kind in steps:
        if kind == "undo":
            with contextlib.suppress(Conflict, Forbidden):
                TableService(s).undo(game.id, WHO[who], s.game(game.id).version)
            continue
        TableService(s).act(game.id, action_from_dict(move(who, kind)), WHO[who], s.game(game.id).version)
    me = WHO[asker]
    authors = {e.seq: Role.from_actor(e.actor, ["A", "B"]) for e in s.entries(game.id) if e.kind == "action"}
    effective = sorted(s.state(game.id).actions)
    mine = [q for q in effective if authors[q] == me]
    plan = TableService(s).undo_preview(game.id, me)
    if not mine:
        assert plan.allowed == "no" and plan.reason == "nothing"
        with pytest.raises((Forbidden, Conflict)):  # no action of its own, or none at all
            TableService(s).undo_or_ask(game.id, me, s.game(game.id).version)
        return
    target = mine[-1]
    since = {authors[q] for q in effective if q > target}
    assert plan.seq == target
    expected = "yes" if not since else ("confirm" if len(since) == 1 and next(iter(since)) in (A, B) else "no")
    assert plan.allowed == expected, (since, plan)
    before = comparable(view(s.table(game.id), JUDGE))
    if expected == "no":
        with pytest.raises(Conflict):
            TableService(s).undo_or_ask(game.id, me, s.game(game.id).version)
        assert comparable(view(s.table(game.id), JUDGE)) == before
        return
    want = comparable(replayed_without(s, game.id, target))
    if expected == "confirm":
        with pytest.raises(Conflict):  # without asking, an undo that needs another seat's word is refused
            TableService(s).undo(game.id, me, s.game(game.id).version)
    done = TableService(s).undo_or_ask(game.id, me, s.game(game.id).version)
    if expected == "confirm":
        assert isinstance(done, Pending) and done.awaiting == next(iter(since)).seat
        assert comparable(view(s.table(game.id), JUDGE)) == before  # nothing happens until they agree
        with pytest.raises(Forbidden):  # only the seat asked (or the judge) answers
            TableService(s).decide(game.id, done.id, me, True, s.game(game.id).version)
        other = WHO[done.awaiting]
        TableService(s).decide(game.id, done.id, other, True, s.game(game.id).version)
    else:
        assert isinstance(done, Entry) and done.kind == "undo"
    assert target in s.state(game.id).undone
    assert comparable(view(s.table(game.id), JUDGE)) == want


# -- the route: the preview in the asker's words, the hidden-card rules, the confirmation ---------------


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def post(client: FlaskClient, gid: str, key: str, action: dict[str, Any]) -> Any:
    v = client.get(f"/api/games/{gid}").get_json()["version"]
    return client.post(f"/api/games/{gid}/actions", headers=auth(key), json={"action": action, "expected_version": v})


def test_the_preview_names_the_entry_as_the_asker_may_see_it_and_the_other_seat_confirms(client: FlaskClient) -> None:
    g = client.post("/api/games", json={"seats": ["A", "B"]}).get_json()
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    for seat, key, deck, v in (("A", ka, {"13089": 1}, 0), ("B", kb, {"01091": 1}, 1)):
        assert client.put(f"/api/games/{gid}/seats/{seat}/deck", headers=auth(key),
                          json={"expected_version": v, "deck": deck}).status_code == 200
    assert post(client, gid, ka, {"type": "setup_into_shadows", "player": "A", "card": "A.13089.1"}).status_code == 201
    mine = client.get(f"/api/games/{gid}/undo", headers=auth(ka)).get_json()
    assert mine["allowed"] == "yes" and mine["entry"]["data"]["card"] == "A.13089.1"
    # The host's preview (the same entry) names the face-down card by its position only.
    host = client.get(f"/api/games/{gid}/undo", headers=auth(g["host"]["key"])).get_json()
    assert host["seq"] == mine["seq"] and host["entry"]["data"]["card"] == "A:shadows#1"
    assert "13089" not in str(host) and "Tyrion" not in str(host)
    theirs = client.get(f"/api/games/{gid}/undo", headers=auth(kb)).get_json()
    assert theirs["allowed"] == "no" and theirs["reason"] == "nothing" and theirs["entry"] is None
    assert client.get(f"/api/games/{gid}/undo").status_code in (401, 403)  # a spectator undoes nothing
    assert client.get(f"/api/games/{gid}/undo?seq=x", headers=auth(ka)).status_code == 400
    # B acts: A's undo now waits for B, who sees the entry by position, and confirms it.
    assert post(client, gid, kb, {"type": "gain_gold", "player": "B", "amount": 1}).status_code == 201
    mine = client.get(f"/api/games/{gid}/undo", headers=auth(ka)).get_json()
    assert mine["allowed"] == "confirm" and mine["awaiting"] == "B"
    v = client.get(f"/api/games/{gid}").get_json()["version"]
    r = client.post(f"/api/games/{gid}/undo", headers=auth(ka), json={"expected_version": v, "seq": mine["seq"]})
    assert r.status_code == 202, r.get_json()
    pid = r.get_json()["pending"]["id"]
    b_view = client.get(f"/api/games/{gid}/view", headers=auth(kb)).get_json()
    assert [p["action"] for p in b_view["pending"]] == [{"type": "undo", "seq": mine["seq"]}]
    assert "13089" not in str(b_view) and "Tyrion" not in str(b_view)
    d = client.post(f"/api/games/{gid}/pending/{pid}", headers=auth(kb),
                    json={"decision": "confirm", "expected_version": v + 1})
    assert d.status_code == 201, d.get_json()
    assert d.get_json()["entry"]["kind"] == "undo" and d.get_json()["entry"]["data"]["action"]["card"] == "A:shadows#1"
    a_view = client.get(f"/api/games/{gid}/view", headers=auth(ka)).get_json()
    assert a_view["players"][0]["shadows"] == [] and mine["seq"] in a_view["undone"]


def test_a_waiting_undo_request_goes_when_the_entry_is_undone_another_way(tmp_path: Path) -> None:
    s = store(tmp_path / "g.db")
    game, _ = s.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    TableService(s).act(game.id, action_from_dict(move("A", "gain_gold")), A, 0)
    TableService(s).act(game.id, action_from_dict(move("B", "gain_gold")), B, 1)
    asked = TableService(s).undo_or_ask(game.id, A, 2)
    assert isinstance(asked, Pending) and [p.id for p in s.pending(game.id)] == [asked.id]
    TableService(s).undo(game.id, JUDGE, 3, seq=1)  # the judge takes it back meanwhile
    assert s.pending(game.id) == []
