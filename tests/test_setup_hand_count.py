"""Findings of a newcomer trial on phones (two new players and a spectator, a whole game) about setup: a face-down
setup card lies on the table, not in the hand, yet every viewer read it in the hand count ("7 in hand" instead of 6);
and only the phone that revealed said what became of the other seat's unspent setup gold."""

from __future__ import annotations

import pytest

from companion.rules.actions import DrawCards, SetupFaceDown
from companion.rules.editions import Table
from companion.rules.roles import SPECTATOR, Role
from companion.rules.views import view
from tests.tables import legal, make_table


def _table() -> Table:
    return make_table({"A": {"01091": 3, "13089": 9}, "B": {"01091": 12}}, phase="setup")


@pytest.mark.parametrize("viewer", [Role.of_seat("A"), Role.of_seat("B"), SPECTATOR],
                         ids=["own-seat", "other-seat", "spectator"])
def test_a_face_down_setup_card_is_not_counted_in_the_hand(viewer: Role) -> None:
    t = _table()
    legal(t, DrawCards("A", 7))
    legal(t, DrawCards("B", 7))
    legal(t, SetupFaceDown("A", "A.01091.1"))
    a = next(p for p in view(t, viewer)["players"] if p["seat"] == "A")
    assert a["hand"]["count"] == 6, a["hand"]


def test_every_phone_reads_the_setup_gold_the_reveal_left_unspent() -> None:
    """A newcomer trial: Ann revealed while Ben still chose; only Ann's phone said "Ben loses 6 unspent setup gold".
    After the reveal every viewer's round box says what each seat's unspent setup gold became (it is public: the
    setup cards lie face up then)."""
    from companion.rules.actions import RevealSetup
    from companion.rules.offers import round_view

    t = _table()
    legal(t, DrawCards("A", 7))
    legal(t, DrawCards("B", 7))
    legal(t, SetupFaceDown("A", "A.01091.1"))  # Burned Men, 2 of Ann's 8
    legal(t, RevealSetup())
    for viewer in (Role.of_seat("A"), Role.of_seat("B"), SPECTATOR):
        lost = [(x["player"], x["gold"]) for x in round_view(t, viewer)["lines"]
                if isinstance(x, dict) and x.get("msg") == "note.setup-gold-lost"]
        assert lost == [(t.players["A"].name, 6), (t.players["B"].name, 8)], viewer
