from __future__ import annotations

import json

import pytest

from companion.catalog.decks import DeckError, parse_deck
from companion.catalog.store import Catalog

TEXT = """Shadow Lannisters

House Lannister
The Lord of the Crossing

Plot (1)
1x A Noble Cause (Core Set)
Character (5)
3x Tyrion Lannister (Core Set)
2x Tyrion Lannister (The Blackwater)
Attachment (1)
1x A Pinch of Powder (The Shadow City)
"""


def test_plain_text_export(catalog: Catalog) -> None:
    deck = parse_deck("deck.txt", TEXT, catalog)
    assert deck.name == "Shadow Lannisters"
    assert deck.faction == "lannister"
    assert deck.agendas == ["02060"]
    assert deck.slots == {"01004": 1, "01089": 3, "13089": 2, "11099": 1}


def test_pack_names_choose_the_printing(catalog: Catalog) -> None:
    deck = parse_deck("d.txt", "2x Tyrion Lannister (The Blackwater)\n1x Tyrion Lannister (Core Set)\n", catalog)
    assert deck.slots == {"13089": 2, "01089": 1}


def test_unknown_names_are_reported_line_by_line_with_suggestions(catalog: Catalog) -> None:
    with pytest.raises(DeckError) as info:
        parse_deck("d.txt", "3x Tyrion Lanister (Core Set)\n1x Ser Nobody Atall (Core Set)\n", catalog)
    problems = info.value.problems
    assert [p.line for p in problems] == [1, 2]
    assert any("Tyrion Lannister" in s for s in problems[0].suggestions)


def test_thronesdb_json(catalog: Catalog) -> None:
    data = {"name": "Test", "faction_code": "lannister", "slots": {"01089": 3, "11099": 2, "02060": 1},
            "agendas": {"02060": 1}}
    deck = parse_deck("d.json", json.dumps(data), catalog)
    assert deck.slots == {"01089": 3, "11099": 2}
    assert deck.agendas == ["02060"]
    assert deck.size == 5


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "empty"),
        ('{"slots": [1, 2]}', '"slots"'),
        ('{"slots": {"99999": 1}}', "unknown card code"),
        ('{"slots": {"01089": 0}}', "not a whole number"),
        ('{"slots": {"01089": 1, "core_38": 1}}', "mixes"),
        ("Just some words\nand more words\n", "no card lines"),
        ("{broken", "not valid JSON"),
    ],
)
def test_bad_decklists(catalog: Catalog, content: str, message: str) -> None:
    with pytest.raises(DeckError) as info:
        parse_deck("d", content, catalog)
    assert message in str(info.value)
