"""Every write copies its table (``TableState.clone``) and readers keep the old one: the table before an action stays as
it was, another table is not touched, the log replayed or an action undone gives the same table as the writes did,
and what the copy shares with the original (atoms, enums, frozen dataclasses, tuples, frozensets) cannot change."""

from __future__ import annotations

import copy
from dataclasses import fields, is_dataclass
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from companion.catalog.card import Card
from companion.catalog.store import Catalog
from companion.rules import Seat
from companion.rules.engine import add_deck, new_table, play
from companion.rules.log import read_log
from companion.rules.roles import JUDGE
from companion.service import TableService
from companion.store.games import GameStore

SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "aside"
LOGS = ["1e-no-reserve.jsonl", "2e-dominance-tie-and-no-characters.jsonl"]


def _played(tmp_path: Path, catalog: Catalog, name: str) -> tuple[GameStore, TableService, str, list]:  # type: ignore[type-arg]
    log = read_log((SCENARIOS / name).read_text(encoding="utf-8").splitlines())
    store = GameStore(tmp_path / "g.db", catalog.cards)
    service = TableService(store)
    game, _ = store.create_game(log.header.edition, "advisory", [Seat(p.seat, p.name, p.faction)
                                                                  for p in log.header.players])
    for p in log.header.players:
        service.set_deck(game.id, p.seat, p.deck, JUDGE, store.game(game.id).version)
    return store, service, game.id, [a for _, a in log.actions]


def _deep(table: Any) -> Any:
    return copy.deepcopy(table, {id(table.cards): table.cards})  # the card facts: read only, shared


@pytest.mark.parametrize("name", LOGS)
def test_an_action_is_not_seen_in_the_table_before_it_and_the_log_replayed_is_the_same(
        tmp_path: Path, catalog: Catalog, name: str) -> None:
    store, service, gid, actions = _played(tmp_path, catalog, name)
    other, _ = store.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    other_table = store.state(other.id).table
    other_before = _deep(other_table)
    shared_some = False
    for action in actions:
        version = store.game(gid).version
        before = store.state(gid).table
        snapshot = _deep(before)  # not ``clone``: a copy made apart from what the writes use
        service.act(gid, action, JUDGE, version)
        after = store.state(gid).table
        assert after is not before
        assert before == snapshot, f"{action.type} changed the table committed before it"
        shared_some = shared_some or any(after.where[c] is before.where[c] for c in before.where)
    assert shared_some  # a card's area and zone (a tuple) is shared, not copied card by card
    assert other_table == other_before and store.state(other.id).table is other_table
    # The log replayed from the start gives the table the writes gave.
    kept = store.state(gid).table
    assert GameStore(tmp_path / "g.db", catalog.cards).state(gid).table == kept
    # Undoing the last action gives the table before it (at the log's new version); the table it undid stays.
    kept_snapshot = _deep(kept)
    service.undo(gid, JUDGE, store.game(gid).version)
    undone = store.state(gid).table
    assert kept == kept_snapshot
    snapshot.version = undone.version  # the table before the last action
    assert undone == snapshot

def _immutable(value: object) -> bool:
    if isinstance(value, (str, int, float, bool, type(None), Enum)):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(_immutable(x) for x in value)
    return is_dataclass(value) and value.__dataclass_params__.frozen and all(  # type: ignore[union-attr]
        _immutable(getattr(value, f.name)) for f in fields(value))


def _tuples(value: object, found: list[tuple[object, ...] | frozenset[object]]) -> None:
    if isinstance(value, (tuple, frozenset)):
        found.append(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            _tuples(k, found)
            _tuples(v, found)
    elif isinstance(value, (list, set)):
        for x in value:
            _tuples(x, found)
    elif is_dataclass(value) and not isinstance(value, Card):
        for f in fields(value):
            _tuples(getattr(value, f.name), found)


@pytest.mark.parametrize("name", ["aside15/16_game_of_thrones_plot_lannister.jsonl",
                                  "aside15/23_rearrange_shadows_greyjoy.jsonl", "aside/1e-no-reserve.jsonl"])
def test_every_tuple_a_played_table_holds_is_immutable_so_a_copy_shares_it(catalog: Catalog, name: str) -> None:
    """A copy of the table shares its tuples and frozensets as it shares atoms: it holds only such of atoms."""
    log = read_log((SCENARIOS.parent / name).read_text(encoding="utf-8").splitlines())
    seats = log.header.players
    t = new_table(log.header.edition, [Seat(s.seat, s.name, s.faction) for s in seats],
                  dict(catalog.cards({c for s in seats for c in s.deck})))
    for s in seats:
        add_deck(t, s.seat, s.deck)
    found: list[tuple[object, ...] | frozenset[object]] = []
    for _, action in log.actions:
        play(t, action, "advisory")
        _tuples(t, found)
    assert found and all(_immutable(x) for x in found)


def _containers(value: object, found: dict[int, object]) -> None:
    """Every dict, list and set a table holds (the card facts apart), by id."""
    if isinstance(value, (dict, list, set)):
        found[id(value)] = value
        for x in (list(value.items()) if isinstance(value, dict) else value):
            _containers(x, found)
    elif isinstance(value, tuple):
        for x in value:
            _containers(x, found)
    elif is_dataclass(value) and not isinstance(value, Card):
        for f in fields(value):
            if f.name != "cards":
                _containers(getattr(value, f.name), found)


@pytest.mark.parametrize("edition", ["2e", "1e"])
def test_a_copy_shares_no_dict_list_or_set_with_its_table_not_even_an_empty_one(catalog: Catalog,
                                                                                edition: str) -> None:
    """A new table holds mostly empty records: each is a new one in the copy (a write to the copy's must never reach
    the table readers hold), equal to the original's."""
    t = new_table(edition, [Seat("A", "Ann"), Seat("B", "Bob")], {})
    twin = t.clone()
    mine: dict[int, object] = {}
    theirs: dict[int, object] = {}
    _containers(t, mine)
    _containers(twin, theirs)
    assert any(not c for c in mine.values())  # (empty ones met)
    assert not set(mine) & set(theirs) and len(mine) == len(theirs) and twin == t
