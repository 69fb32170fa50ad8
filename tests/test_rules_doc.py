"""docs/rules.md is generated from the rules and their tests, and kept up to date."""

from __future__ import annotations

from companion.rules.citations import RULES
from tests.rules_doc import ROOT, code_locations, render, where_tested


def test_rules_doc_is_up_to_date() -> None:
    current = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert current == render(), "regenerate it: python -m tests.rules_doc > docs/rules.md"


def test_every_rule_is_raised_somewhere_and_tested() -> None:
    code, tests = code_locations(), where_tested()
    assert [r for r in RULES if r not in code] == []
    assert [r for r in RULES if r not in tests] == []
