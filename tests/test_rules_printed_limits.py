"""Rules read from printed sentences and lists that a table log's lines must respect (probe20, 24, 26, 28)."""

from __future__ import annotations

from companion.rules import check
from companion.rules.actions import SetupPlace
from tests.tables import flagged_and_refused, hand, legal, make_table, rules_of

BRAN_1E = "core_13"  # 1st edition joust restricted list
BRAN_2E = "01144"


def test_a_second_restricted_card_taken_into_the_game_is_flagged() -> None:
    """probe26 12 (1E Tournament Rules, restricted list): a deck holds one restricted card; the line that takes a second
    one into the game is flagged (deck.restricted), the first one and the unrestricted ones are not."""
    t = make_table({"A": {BRAN_1E: 2, "kl_32": 1}, "B": {}}, edition="1e", phase="setup")
    hand(t, f"A.{BRAN_1E}.1", "A.kl_32.1")
    legal(t, SetupPlace("A", f"A.{BRAN_1E}.1"))
    # a copy of the same card is not a second restricted card
    assert "deck.restricted" not in rules_of(check(t, SetupPlace("A", f"A.{BRAN_1E}.2")))
    flagged_and_refused(t, SetupPlace("A", "A.kl_32.1"), "deck.restricted")


def test_the_second_edition_names_no_restricted_list_at_the_table() -> None:
    """2nd edition: tournaments choose among several restricted lists and the log names none: nothing is flagged."""
    t = make_table({"A": {"05010": 1, "06098": 1}, "B": {}}, phase="setup")
    hand(t, "A.05010.1", "A.06098.1")
    legal(t, SetupPlace("A", "A.05010.1"))
    legal(t, SetupPlace("A", "A.06098.1"))
