"""A write copies only what its action reads (``TableState.twin``): the table before it stays as it was, another
table is not touched, and the log replayed or an action undone gives the same table as the writes did."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.catalog.store import Catalog
from companion.rules import Seat
from companion.rules.engine import new_table
from companion.rules.log import read_log
from companion.rules.roles import JUDGE
from companion.rules.state import Zone, _unread_of
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


@pytest.mark.parametrize("name", LOGS)
def test_an_action_is_not_seen_in_the_table_before_it_and_the_log_replayed_is_the_same(
        tmp_path: Path, catalog: Catalog, name: str) -> None:
    store, service, gid, actions = _played(tmp_path, catalog, name)
    other, _ = store.create_game("2e", "advisory", [Seat("A"), Seat("B")])
    other_table = store.state(other.id).table
    other_before = other_table.clone()
    shared_some = False
    snapshot = store.state(gid).table.clone()
    for action in actions:
        version = store.game(gid).version
        before = store.state(gid).table
        snapshot = before.clone()  # a deep copy: nothing shared with the live table
        service.act(gid, action, JUDGE, version)
        after = store.state(gid).table
        assert after is not before
        assert before == snapshot, f"{action.type} changed the table committed before it"
        # Committed, it is settled: a reader copies nothing of it, and two readers never race to.
        assert _unread_of(after) is None and not any(_unread_of(p) for p in after.players.values())
        shared_some = shared_some or after.challenges is before.challenges or any(
            after.players[s].zones is before.players[s].zones for s in after.seats)
    assert shared_some  # the parts no action read were shared, not copied
    assert other_table == other_before and store.state(other.id).table is other_table
    # The log replayed from the start gives the table the writes gave.
    kept = store.state(gid).table
    assert GameStore(tmp_path / "g.db", catalog.cards).state(gid).table == kept
    # Undoing the last action gives the table before it (at the log's new version); the table it undid stays.
    kept_snapshot = kept.clone()
    service.undo(gid, JUDGE, store.game(gid).version)
    undone = store.state(gid).table
    assert kept == kept_snapshot
    snapshot.version = undone.version
    assert undone == snapshot

def test_a_twin_copies_a_part_when_it_reads_it_and_settled_shares_the_rest() -> None:
    t = new_table("2e", [Seat("A"), Seat("B")], {})
    t.players["A"].zones[Zone.HAND].append("A.x.1")
    w = t.twin()
    w.players["A"].gold += 2
    w.players["A"].zones[Zone.HAND].append("A.y.1")
    w.tokens["A.x.1"] = {"power": 1}
    assert (t.players["A"].gold, t.players["A"].zones[Zone.HAND], t.tokens) == (0, ["A.x.1"], {})
    w.settle()
    assert w.where is t.where and w.players["B"].zones is t.players["B"].zones  # never read: shared
    assert w.players["A"].zones is not t.players["A"].zones and w.tokens is not t.tokens
    # A twin of a twin not yet settled (a writer's copy twinned again) copies from the first twin, not its source.
    w2 = w.twin()
    w3 = w2.twin()
    w2.players["B"].tokens["gold"] = 1
    assert w3.players["B"].tokens == {} and w.players["B"].tokens == {} and t.players["B"].tokens == {}
    assert w3 == w and w3.clone() == w
    assert w3.players["A"].zones[Zone.HAND] == ["A.x.1", "A.y.1"]
