"""The edition registry: every edition fact lives in companion/rules/editions.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.rules.editions import EDITIONS, FirstEditionTable, SecondEditionTable, table_class
from tests.tables import make_table

RULES_DIR = Path(__file__).resolve().parents[1] / "companion" / "rules"
#: Modules still comparing an edition name, to be moved onto a hook (views.py: `beginning_of_phase_shadows`).
NOT_YET = {"views.py"}


def test_the_registry_names_every_edition() -> None:
    assert {"2e": SecondEditionTable, "1e": FirstEditionTable} == EDITIONS
    assert table_class("1e") is FirstEditionTable
    with pytest.raises(ValueError, match="use '2e' or '1e'"):
        table_class("3e")


def test_no_rules_module_but_editions_compares_an_edition_name() -> None:
    # An edition name written as a string and compared: edition == "1e", edition in ("2e", "1e"), "1e" != …
    compares = re.compile(r"""edition\s*(==|!=|in|not in)\s*[(\[{]?\s*["']|["'][0-9]e["']\s*(==|!=|in)""")
    offenders = {p.name for p in RULES_DIR.rglob("*.py") if p.name != "editions.py" and compares.search(p.read_text())}
    assert offenders <= NOT_YET


def test_each_edition_carries_its_facts() -> None:
    two, one = make_table({"A": {}, "B": {}}), make_table({"A": {}, "B": {}}, edition="1e")
    assert (two.setup_gold, one.setup_gold) == (8, 5)
    assert two.shadows_cost == one.shadows_cost == 2
    assert (two.beginning_of_phase_shadows, one.beginning_of_phase_shadows) == (False, True)
    # One rule, one id: the 1st-edition crest rule covers marshalling, setup and effects alike.
    crestless = make_table({"A": {"atoc_83": 1}, "B": {}}, edition="1e").cards["atoc_83"]
    assert {one.marshal_shadows_restriction(crestless), one.setup_shadows_restriction(crestless),
            one.shadows_entry_restriction(crestless)} == {"shadows.no-crest"}
    burned = make_table({"A": {"01091": 1}, "B": {}}).cards["01091"]
    assert two.shadows_entry_restriction(burned) is None  # 2nd edition: effects may put any card there
    assert two.citation("shadows.timing-1e").startswith("1E")  # a 1st-edition-only rule keeps its text
    assert one.citation("shadows.no-action-window") == "RR: Action Windows"


def test_an_attachment_leaves_with_its_card_to_the_hand_in_the_2nd_edition_and_to_the_discard_pile_in_the_1st() -> None:
    """RR: Leaves Play (2nd edition: attachments return to their owners' hands, Terminal ones are discarded); the 1st
    edition has no Terminal keyword and discards them (aside8 33, 40)."""
    from companion.rules.actions import Kill
    from companion.rules.state import Zone
    from tests.tables import in_play, legal, make_table, notes_of

    for edition, character, attachment, zone, note in (("2e", "01057", "01034", Zone.HAND, "attachment-returned"),
                                                       ("1e", "core_124", "core_140", Zone.DISCARD,
                                                        "attachment-discarded")):
        t = make_table({"A": {character: 1, attachment: 1}, "B": {}}, edition=edition, phase="challenges")
        in_play(t, f"A.{character}.1")
        in_play(t, f"A.{attachment}.1", attached_to=f"A.{character}.1")
        v = legal(t, Kill("A", f"A.{character}.1"))
        assert t.zone_of(f"A.{attachment}.1") is zone, edition
        assert note in notes_of(v)


def test_first_edition_unspent_gold_goes_back_after_the_taxation_phases_shadows_chance() -> None:
    """The 1st-edition Shadows insert: the chance to come out of Shadows comes at the beginning of each phase, "before
    any other 'beginning of the phase' effects", so at the beginning of taxation a player may still pay with unspent
    gold; it goes back once every player has used or passed the chance (aside8 38). The 2nd edition returns it as
    the phase begins (RR: Appendix I › 7.2; its action window comes after 7.3)."""
    from companion.rules.actions import BeginPhase, PassShadows
    from tests.tables import legal, make_table

    t = make_table({"A": {}, "B": {}}, edition="1e", phase="standing", gold=3)
    legal(t, BeginPhase("taxation"))
    assert t.players["A"].gold == 3
    legal(t, PassShadows("A"))
    assert t.players["A"].gold == 3
    legal(t, PassShadows("B"))
    assert (t.players["A"].gold, t.players["B"].gold) == (0, 0)
    t = make_table({"A": {}, "B": {}}, edition="1e", phase="standing", gold=3)
    legal(t, BeginPhase("taxation"))
    legal(t, BeginPhase("plot"))  # nothing else happened in taxation: the gold went back all the same
    assert t.players["A"].gold == 0
    t = make_table({"A": {}, "B": {}}, edition="2e", phase="standing", gold=3)
    legal(t, BeginPhase("taxation"))
    assert t.players["A"].gold == 0
    # A return recorded for every player is the phase's return: gold gained after it is not taken back again.
    from companion.rules.actions import GainGold, ReturnUnspentGold

    t = make_table({"A": {}, "B": {}}, edition="1e", phase="standing", gold=3)
    legal(t, BeginPhase("taxation"))
    legal(t, ReturnUnspentGold())
    legal(t, GainGold("A", 1))
    legal(t, PassShadows("A"))
    legal(t, PassShadows("B"))
    assert t.players["A"].gold == 1
