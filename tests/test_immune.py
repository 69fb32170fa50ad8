"""Printed immunity (RR: Immune; 1st edition Immune): the sentences read (``Card.immune_to``)."""

from __future__ import annotations

from companion.catalog.importers import immune_to, parse_keywords


def test_the_immunity_sentences_are_read_in_every_word_or_not_at_all() -> None:
    assert immune_to("Immune to events") == ("any", ("event",))
    assert immune_to("Immune to opponents' events") == ("opponents", ("event",))
    assert immune_to("Immune to opponent’s events") == ("opponents", ("event",))
    assert immune_to("Immune to character abilities") == ("any", ("character",))
    assert immune_to("Immune to opponent's character abilities") == ("opponents", ("character",))
    assert immune_to("Immune to events and character abilities") == ("any", ("event", "character"))
    assert immune_to("Immune to location abilities") == ("any", ("location",))
    assert immune_to("Immune to opponent’s location effects") == ("opponents", ("location",))
    assert immune_to("Immune to plot card effects") == ("any", ("plot",))
    assert immune_to("Immune to card effects") == ("any", ("card",))
    assert immune_to("Immune to opponent's card effects") == ("opponents", ("card",))
    for unread in ("Immune to Omen card effects", "Immune to triggered effects", "Immune to non-Raven cards",
                   "Immune to opponents' Omen plot effects", "Jon Snow is immune to events"):
        assert immune_to(unread) is None, unread
    # In a text: the sentence before a 1st-edition ability on its line is read; one an ability grants is not.
    assert parse_keywords("Immune to character abilities. Response: After …", "X").immune_to == ("any", ("character",))
    assert parse_keywords('<b>Action:</b> That character gains "immune to events" until the end of the phase.',
                          "X").immune_to is None
