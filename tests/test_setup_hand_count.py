"""A finding of a newcomer trial on phones (two new players and a spectator, a whole game): a face-down setup card
lies on the table, not in the hand, yet every viewer read it in the hand count: after drawing 7 and setting one up
face down, "7 in hand" instead of 6."""

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
