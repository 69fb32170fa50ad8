from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.catalog.decks import Deck, DeckError, parse_deck
from companion.catalog.store import Catalog
from tests.decklists import as_text, as_thronesdb_json, counts, real_deck, real_decks
from tests.shared import DATA

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


# -- real decklists: agenda, plots and draw deck, in every form players paste -----------------------------

DRAW_TYPES = {"character", "location", "attachment", "event"}


@pytest.mark.parametrize("deck_id", [d["id"] for d in real_decks()] if DATA.is_dir() else [])
def test_real_decks_parse_alike_as_text_and_both_json_forms(catalog: Catalog, deck_id: str) -> None:
    raw = real_deck(deck_id)
    forms = {"text": as_text(raw, catalog), "thronesdb": as_thronesdb_json(raw), "throneteki": json.dumps(raw)}
    decks = {name: parse_deck(deck_id, content, catalog) for name, content in forms.items()}
    for deck in decks.values():
        assert deck.agendas == [raw["agenda"]]
        assert deck.faction == raw["faction"]
        assert deck.plot_size == counts(raw, catalog, {"plot"})
        assert deck.draw_size == counts(raw, catalog, DRAW_TYPES)
        assert all(catalog.get(c).type == "plot" for c in deck.plots)  # type: ignore[union-attr]
        assert not set(deck.plots) & set(deck.draw)
    assert decks["text"].draw == decks["thronesdb"].draw == decks["throneteki"].draw
    assert decks["text"].plots == decks["thronesdb"].plots == decks["throneteki"].plots
    assert decks["text"].name == raw["name"]


def test_rains_and_wars_decks_keep_their_long_plot_decks(catalog: Catalog) -> None:
    assert parse_deck("r", as_text(real_deck("LoCR-2"), catalog), catalog).plot_size == 12
    assert parse_deck("w", as_thronesdb_json(real_deck("SoD-2")), catalog).plot_size == 10


def test_agenda_lines_in_every_spelling(catalog: Catalog) -> None:
    text = ("Alliance\nBanner of the Wolf\n1x Banner of the Kraken (Core Set)\n"
            "House Lannister\n3x Tyrion Lannister (Core Set)\n1x A Noble Cause (Core Set)\n")
    deck = parse_deck("d", text, catalog)
    assert deck.agendas == ["06018", "01203", "01199"]
    assert deck.plots == {"01004": 1} and deck.draw == {"01089": 3}
    assert deck.slots == {"01004": 1, "01089": 3}  # what the table turns into card instances
    assert Deck.from_dict(json.loads(json.dumps(deck.to_dict()))) == deck


def test_an_agenda_line_with_its_pack(catalog: Catalog) -> None:
    """A judge trial: "Banner of the Kraken (Core)" on an agenda line was dropped (0 agendas), and every Greyjoy card
    of the Stark deck was then refused. An agenda named with its pack, no count, is read as the card lines are."""
    text = "House Stark\nBanner of the Kraken (Core)\n3x Tyrion Lannister (Core Set)\n1x A Noble Cause (Core Set)\n"
    assert parse_deck("d", text, catalog).agendas == ["01199"]
    assert parse_deck("d", text.replace(" (Core)", ""), catalog).agendas == ["01199"]
    named = parse_deck("d", "My Deck (v2)\nHouse Stark\n1x A Noble Cause (Core Set)\n", catalog)
    assert named.name == "My Deck (v2)" and named.agendas == []  # a name with brackets stays its name


def test_a_list_pasted_twice_is_reported_as_such(catalog: Catalog) -> None:
    text = as_text(real_deck("WotN-1"), catalog)
    with pytest.raises(DeckError, match="the list appears twice"):
        parse_deck("d", text + "\n" + text, catalog)
    with pytest.raises(DeckError, match="the list appears 100 times"):
        parse_deck("d", text * 100, catalog)
    once = as_thronesdb_json(real_deck("WotN-1"))
    with pytest.raises(DeckError, match="the list appears twice"):
        parse_deck("d", once + "\n" + once, catalog)
    with pytest.raises(DeckError, match="more than one JSON value"):
        parse_deck("d", once + as_thronesdb_json(real_deck("WotN-2")), catalog)
    with pytest.raises(DeckError, match="repeats line 1") as info:
        parse_deck("d", "3x Tyrion Lannister (Core Set)\n1x A Noble Cause (Core Set)\n3x Tyrion Lannister (Core Set)\n",
                   catalog)
    assert info.value.problems[0].line == 3


def test_sizes_no_deck_comes_near_are_errors(catalog: Catalog) -> None:
    titles = sorted({c.name for c in catalog.all("2e") if c.type == "character" and not c.code.startswith("00")})
    big = "".join(f"3x {name}\n" for name in titles[:67])  # 201 cards, no line repeated
    with pytest.raises(DeckError, match="201 draw-deck cards: a deck has at most 200"):
        parse_deck("d", big, catalog)
    plots = sorted({c.name for c in catalog.all("2e") if c.type == "plot" and not c.code.startswith("00")})
    with pytest.raises(DeckError, match="21 plot cards: a deck has at most 20"):
        parse_deck("d", "".join(f"1x {name}\n" for name in plots[:21]), catalog)
    with pytest.raises(DeckError, match="at most 99"):
        parse_deck("d", "100x Tyrion Lannister (Core Set)\n", catalog)
    with pytest.raises(DeckError, match="at most 99"):
        parse_deck("d", json.dumps({"slots": {"01089": 6000}}), catalog)
    assert parse_deck("d", big.replace("3x", "2x", 1), catalog).draw_size == 200  # the bound itself is fine


def test_cards_that_are_never_in_a_deck(catalog: Catalog) -> None:
    title = next(c for c in catalog.all("2e") if c.type == "title")
    with pytest.raises(DeckError, match="title card"):
        parse_deck("d", json.dumps({"slots": {title.code: 1, "01089": 3}}), catalog)
    house = next(c for c in catalog.all("1e") if c.type == "house")
    other = next(c for c in catalog.all("1e") if c.type == "character" and c.faction == house.faction)
    deck = parse_deck("d", f"1x {house.name}\n2x {other.name}\n", catalog, "1e")
    assert deck.faction == house.faction and deck.draw == {other.code: 2} and deck.size == 2


_POOLS: dict[int, list[Any]] = {}


def _pool(catalog: Catalog) -> list[Any]:
    """One card of each 2nd-edition title a deck may hold, by code: made once, not for each example (a quarter second
    each)."""
    if id(catalog) not in _POOLS:
        _POOLS[id(catalog)] = sorted({c.title_key: c for c in catalog.all("2e") if c.type in DRAW_TYPES | {"plot"}
                                      and not c.code.startswith("00")}.values(), key=lambda c: c.code)
    return _POOLS[id(catalog)]


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_total_copies_parsed_equal_the_sum_of_the_lines(catalog: Catalog, data: st.DataObject) -> None:
    pool = _pool(catalog)
    chosen = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=40, unique_by=lambda c: c.title_key))
    lines = [(data.draw(st.integers(1, 3)), card) for card in chosen]
    text = "".join(f"{n}x {card.name} ({card.pack_name})\n" for n, card in lines)
    deck = parse_deck("d", text, catalog)
    assert deck.size == sum(n for n, _ in lines)
    assert deck.plot_size == sum(n for n, c in lines if c.type == "plot")
