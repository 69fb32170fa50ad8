"""One capability table for roles (issue 25): what each role kind may do is read from ``CAPABILITIES`` in
``companion/rules/roles.py``, deny by default; the kinds of key are one table in ``companion/store/keys.py``;
``docs/extending.md`` names the files a new role touches, and these tests fail when one of them is missing."""

from __future__ import annotations

import dataclasses
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import Seat
from companion.rules.actions import REGISTRY, Action
from companion.rules.actions.base import Recorder, action_from_dict, card_list_fields
from companion.rules.permissions import Refusal, authorize
from companion.rules.roles import CAPABILITIES, JUDGE, SPECTATOR, Can, Role, RoleKind
from companion.rules.state import Zone
from companion.rules.views import HIDDEN_ZONES, visible_to
from companion.store.games import GameStore
from companion.store.keys import KEY_KINDS
from companion.store.secrets import hash_secret
from companion.web import create_app
from tests.tables import catalog, hand, make_table, shadows

ROOT = Path(__file__).resolve().parents[1]
TYRION, GREAT_HALL = "01029", "01059"  # any two cards of the core set


def every_role(seats: list[str]) -> list[Role]:
    """One role of every kind the table lists, a per-seat kind once for each seat."""
    return [Role(kind, seat) for kind, row in CAPABILITIES.items()
            for seat in (seats if row.per_seat else [None])]


def sample_actions() -> list[Action]:
    """One instance of every registered action type that a plain filling builds (every recorder is there)."""
    fill = {"player": "A", "amount": 1, "count": 1, "kind": "power", "phase": "marshaling", "reward": "unopposed",
            "restriction": "bring_out", "until": "phase", "target": "B", "controller": "A", "stat": "income",
            "defender": "B", "first": "B", "winner": "B"}
    out = []
    for kind, cls in sorted(REGISTRY.items()):
        data: dict[str, Any] = {"type": kind}
        lists = card_list_fields(cls)
        for f in dataclasses.fields(cls):
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                data[f.name] = [f"A.{TYRION}.1"] if f.name in lists else fill.get(f.name, f"A.{TYRION}.1")
        out.append(action_from_dict(data))
    return out


# -- hidden stays hidden: the table, every role kind x every hidden area -------------------------------------

SEAT_NAMES = st.lists(st.text("ABjudgehostpectar_-ü", min_size=1, max_size=8), min_size=2, max_size=4, unique=True)


@settings(max_examples=200, deadline=None)
@given(seats=SEAT_NAMES, data=st.data())
def test_only_the_seat_itself_and_the_judge_see_a_seats_hidden_areas(seats: list[str], data: Any) -> None:
    owner = data.draw(st.sampled_from(seats))
    for role in every_role(seats):
        allowed = role.kind is RoleKind.JUDGE or (role.kind is RoleKind.SEAT and role.seat == owner)
        assert role.sees_hidden_of(owner) is allowed, (role, owner)
        assert role.sees_all is (role.kind is RoleKind.JUDGE)
        # Whatever view a role is given, it is its own (the seat's, the judge's) or the public one.
        assert role.viewer in (role, SPECTATOR)
        assert role.viewer.sees_hidden_of(owner) is allowed


def test_every_hidden_card_on_a_table_is_visible_to_its_seat_and_the_judge_only() -> None:
    t = make_table({"A": {TYRION: 3, GREAT_HALL: 2}, "B": {TYRION: 3, GREAT_HALL: 2}})
    hand(t, f"A.{TYRION}.1", f"B.{TYRION}.1")
    shadows(t, f"A.{TYRION}.2", f"B.{GREAT_HALL}.1")
    hidden = [cid for cid in t.instances if t.where[cid][1] in HIDDEN_ZONES]
    zones = {t.where[cid][1] for cid in hidden}
    assert {Zone.HAND, Zone.SHADOWS, Zone.DECK} <= zones
    for cid in hidden:
        owner = t.where[cid][0]
        for role in every_role(list(t.seats)):
            # The seat's own key sees its cards; its printed seat sheet's paper key sees nothing (it is only exchanged).
            expected = role.kind is RoleKind.JUDGE or (role.kind is RoleKind.SEAT and role.seat == owner)
            assert visible_to(t, cid, role) is expected, (role, cid)
            assert visible_to(t, cid, role.viewer) is expected, (role, cid)


@pytest.mark.parametrize("missing", list(RoleKind))
def test_a_kind_the_table_does_not_list_sees_nothing_hidden_and_records_nothing(
        monkeypatch: pytest.MonkeyPatch, missing: RoleKind) -> None:
    monkeypatch.delitem(CAPABILITIES, missing, raising=False)
    role = Role(missing)  # without a row it is no per-seat kind either
    assert not any(role.can(c) for c in Can)
    assert not any(role.may_record(r) for r in Recorder)
    assert not role.sees_all and not role.sees_hidden_of("A") and role.viewer == SPECTATOR
    t = make_table({"A": {TYRION: 2}, "B": {TYRION: 2}})
    actions = sample_actions()
    assert {type(a).records for a in actions} == set(Recorder)
    for action in actions:
        with pytest.raises(Refusal) as refused:
            authorize(t, action, role)
        assert refused.value.status == 403, action


def test_authorize_follows_the_table_for_every_role_and_every_action() -> None:
    """A role records an action only if its row lists the action's recorder, and then only for a seat it may
    record for; the judge records everything."""
    t = make_table({"A": {TYRION: 2}, "B": {TYRION: 2}})
    for role in every_role(["A", "B"]):
        for action in sample_actions():
            try:
                authorize(t, action, role)
                allowed = True
            except Refusal as refused:
                allowed = False
                assert refused.status in (403, 404, 422)
            if allowed:
                assert role.may_record(type(action).records, action.type), (role, action)
            if not role.may_record(type(action).records, action.type):
                assert not allowed
            if role == JUDGE:
                assert allowed, action


def test_a_row_may_narrow_its_recorders_to_some_action_types(monkeypatch: pytest.MonkeyPatch) -> None:
    """A host that records power only (the row of a scorekeeper): every other action is refused before anything
    it names is looked at, power is recorded for any seat."""
    from companion.rules.roles import HOST, Capabilities

    power = frozenset({"gain_power", "lose_power", "set_power"})
    monkeypatch.setitem(CAPABILITIES, RoleKind.HOST, Capabilities(frozenset({Can.FOR_ANY_SEAT}),
                                                                  frozenset({Recorder.PLAYER}), only=power))
    t = make_table({"A": {TYRION: 2}, "B": {TYRION: 2}})
    assert power <= {a.type for a in sample_actions()}
    for action in sample_actions():
        if action.type in power:
            assert authorize(t, action, HOST).action == action
        else:
            with pytest.raises(Refusal):
                authorize(t, action, HOST)


def test_a_phone_taps_the_counters_of_other_seats_its_row_records_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """The view says which other seats' counters a role taps (``counters_of``), from its row alone: the judge every
    seat's gold and power, a row narrowed to power (a scorekeeper's) every seat's power, a seat or the host none.
    The page draws what it says, so a new role usable on the phone needs no line of the page."""
    from companion.rules.offers import round_view
    from companion.rules.roles import HOST, Capabilities

    t = make_table({"A": {TYRION: 1}, "B": {TYRION: 1}})
    assert round_view(t, JUDGE)["counters_of"] == {"A": ["gold", "power"], "B": ["gold", "power"]}
    assert round_view(t, Role.of_seat("A"))["counters_of"] == {}
    assert round_view(t, HOST)["counters_of"] == {} and round_view(t, SPECTATOR)["counters_of"] == {}
    power = frozenset({"gain_power", "lose_power", "set_power"})
    monkeypatch.setitem(CAPABILITIES, RoleKind.HOST, Capabilities(frozenset({Can.FOR_ANY_SEAT}),
                                                                  frozenset({Recorder.PLAYER}), only=power))
    assert round_view(t, HOST)["counters_of"] == {"A": ["power"], "B": ["power"]}
    monkeypatch.setitem(CAPABILITIES, RoleKind.HOST, Capabilities(frozenset({Can.FOR_ANY_SEAT}),
                                                                  frozenset({Recorder.PLAYER}),
                                                                  only=frozenset({"gain_power"})))
    assert round_view(t, HOST)["counters_of"] == {}  # a counter is tapped both ways, or not at all


def test_the_capability_table_has_a_row_for_every_role_kind() -> None:
    # Deny by default would hide a forgotten row: a new kind states what it may do, even if nothing.
    assert set(CAPABILITIES) == set(RoleKind)


#: Modules that still compare role kinds by hand: none (the table service asks the role, ``role.can``).
STILL_COMPARING: set[str] = set()


def test_no_module_but_the_roles_table_compares_role_kinds() -> None:
    pattern = re.compile(r"\.kind (?:is|is not|in|not in) \(?RoleKind\.|RoleKind\.[A-Z]+ (?:is|in)\b"
                         r"|\b(?:role|viewer|actor)\.kind (?:is|in|not in)\b")
    found = {str(path.relative_to(ROOT)) for path in (ROOT / "companion").rglob("*.py")
             if path.name != "roles.py" and pattern.search(path.read_text(encoding="utf-8"))}
    assert found <= STILL_COMPARING, found - STILL_COMPARING


# -- the key table: one row per kind of key ----------------------------------------------------------------


def test_every_role_kind_that_a_key_opens_has_one_kind_of_key_and_no_key_kind_is_orphaned() -> None:
    keyed = {kind.value for kind, row in CAPABILITIES.items() if row.keyed}
    assert len({k.name for k in KEY_KINDS}) == len(KEY_KINDS)
    assert {k.name for k in KEY_KINDS} == keyed
    for k in KEY_KINDS:
        assert k.per_seat == CAPABILITIES[RoleKind(k.name)].per_seat, k
        assert (k.column is None) == (k.field is None), k


def test_a_key_opens_its_kind_as_plain_values_and_the_role_is_built_from_the_roles_table(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "g.db", lambda codes: catalog().cards(codes))
    game, keys = store.create_game("2e", "advisory", [Seat("A"), Seat("judge")], asked=("judge",))
    assert game.key_holder(keys.seats["judge"]) == ("seat", "judge")  # a seat called "judge" stays a seat
    assert game.key_holder(keys.judge or "") == ("judge", None)
    assert game.key_holder(keys.host) == ("host", None)
    assert game.key_holder("not-a-key") is None
    assert Role.holding("seat", "judge") == Role.of_seat("judge") and Role.holding("seat") is None
    assert Role.holding("no-such-kind") is None


@pytest.mark.parametrize("kind", [k for k in KEY_KINDS if k.column is not None], ids=lambda k: k.name)
def test_every_stored_key_hash_of_the_key_table_is_held_against_the_chain(tmp_path: Path, kind: Any) -> None:
    """Each kind's column, replaced in the database, breaks verify and opens nothing: no kind is checked by hand."""
    path = tmp_path / "g.db"
    client = create_app({"DATABASE": str(path), "TESTING": True}).test_client()
    g = client.post("/api/games", json={"seats": ["A", "B"], "judge": True}).get_json()
    gid, host = g["game"]["id"], {"Authorization": f"Bearer {g['host']['key']}"}
    if kind.issued and not kind.per_seat:
        assert client.post(f"/api/games/{gid}/keys/{kind.name}", json={}, headers=host).status_code == 200
    assert client.get(f"/api/games/{gid}/verify").get_json()["ok"] is True
    forged = "a-forged-key-of-the-right-shape-xyz"
    conn = sqlite3.connect(path)
    where = ("seats", "game_id = ? and seat = 'B'") if kind.per_seat else ("games", "id = ?")
    conn.execute(f"update {where[0]} set {kind.column} = ? where {where[1]}", [hash_secret(forged), gid])
    conn.commit()
    conn.close()
    client = create_app({"DATABASE": str(path), "TESTING": True}).test_client()
    result = client.get(f"/api/games/{gid}/verify").get_json()
    assert result["ok"] is False and f"{kind.name} " in result["error"], result
    assert client.get(f"/api/games/{gid}/view", headers={"Authorization": f"Bearer {forged}"}).status_code == 401


def test_the_api_publishes_the_key_kinds_a_route_makes() -> None:
    client = create_app({"DATABASE": ":memory:", "TESTING": True}).test_client()
    doc = client.get("/api/openapi.json").get_json()
    params = doc["paths"]["/api/games/{game_id}/keys/{kind}"]["post"]["parameters"]
    kinds = next(p for p in params if p["name"] == "kind")["schema"]["enum"]
    assert kinds == [k.name for k in KEY_KINDS if k.issued and not k.per_seat]


# -- a new role: the files docs/extending.md names, each needed -----------------------------------------------

#: The files a new role touches, as docs/extending.md names them (goal of issue 25: at most 4).
ROLE_FILES = ["companion/rules/roles.py", "companion/store/keys.py", "companion/messages/en.json",
              "companion/messages/de.json"]


def guide_section() -> str:
    text = (ROOT / "docs" / "extending.md").read_text(encoding="utf-8")
    m = re.search(r"^## A new role\b.*?(?=^## )", text, re.S | re.M)
    assert m, "docs/extending.md has no section \"## A new role\""
    return m.group(0)


def test_the_guide_names_the_files_a_new_role_touches() -> None:
    named = re.findall(r"`(companion/[\w/]+\.\w+)`", guide_section())
    assert sorted(set(named)) == sorted(ROLE_FILES) and len(ROLE_FILES) <= 4
    assert all((ROOT / f).is_file() for f in ROLE_FILES)


def test_the_phones_key_box_names_no_key_kind() -> None:
    """The "who can see hidden cards" box reads each notice's line as ``keys.<kind>``: a new kind needs no
    line of JS (a renewed seat key is told by its seat, not by its kind's name)."""
    script = (ROOT / "companion" / "web" / "static" / "keys.js").read_text(encoding="utf-8")
    assert re.findall(r"n\.key\s*[!=]==", script) == []
    assert [k.name for k in KEY_KINDS if f'"{k.name}"' in script and k.name not in ("host", "judge")] == []
    assert 't("keys." + n.key' in script


def test_every_role_kind_has_its_name_in_both_languages() -> None:
    """The page names a key's holder by its kind (``t(role)``), and every phone names an announced key."""
    for lang in ("en", "de"):
        messages = json.loads((ROOT / "companion" / "messages" / f"{lang}.json").read_text(encoding="utf-8"))
        assert [k.value for k in RoleKind if k.value not in messages] == [], lang
        announced = [k.name for k in KEY_KINDS if k.announced and f"keys.{k.name}" not in messages]
        assert announced == [], lang


def test_a_roles_actor_is_made_with_it_and_follows_its_kind_and_seat() -> None:
    """``actor`` (the log's name and the views' cache key) is made once with the role: the same as its kind and seat
    say, for a role made anew, replaced or copied; and not part of what makes two roles equal."""
    import copy
    import pickle

    for kind in RoleKind:
        for seat in (["A", "judge"] if CAPABILITIES[kind].per_seat else [None]):
            role = Role(kind, seat)
            assert role.actor == role.cache_key == (f"{kind.value}:{seat}" if seat is not None else kind.value)
            assert copy.deepcopy(role).actor == pickle.loads(pickle.dumps(role)).actor == role.actor
            assert copy.deepcopy(role) == role and hash(copy.deepcopy(role)) == hash(role)
    moved = dataclasses.replace(Role.of_seat("A"), seat="B")
    assert moved.actor == "seat:B" and moved == Role.of_seat("B")
    assert Role.of_seat("judge").actor != Role(RoleKind.JUDGE).actor
    assert Role.of_seat("A").actor != Role(RoleKind.PAPER, "A").actor
