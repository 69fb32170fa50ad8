"""Plots' printed effects the blind set aside35 found unread (RR: Golden Rule: card text overrides the rules), each
from the card as printed (the card data in ``shared/data``): the record the table writes for them is accepted, and
the move they forbid is flagged in advisory and refused in strict mode."""

from __future__ import annotations

from companion.rules.actions import Kneel
from tests.tables import flagged_and_refused, legal
from tests.test_printed_abilities import noose_into_standing


def test_noose_and_swordpoint_kneel_line_records_does_not_stand() -> None:
    """aside35 31 (1st edition Noose and Swordpoint: "Characters with STR 2 or lower cannot stand during the standing
    phase."): the log has no "does not stand"; a `kneel` naming the plot as its `source` right after the standing
    phase begins, of a character it kept knelt, is that record, not a second kneel (`kneel.already`). Naming
    nothing or another card, it is a second kneel."""
    t = noose_into_standing()
    assert t.in_play["A.core_18.1"].kneeling and not t.in_play["A.core_37.1"].kneeling
    flagged_and_refused(t, Kneel("A", "A.core_18.1"), "kneel.already")
    flagged_and_refused(t, Kneel("A", "A.core_18.1", source="B.acoa_25.1"), "kneel.already")
    legal(t, Kneel("A", "A.core_18.1", source="A.core_207.1"))
    assert t.in_play["A.core_18.1"].kneeling
