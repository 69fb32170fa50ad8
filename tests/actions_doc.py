"""Rewrite the generated tables of actions (who records them, where they are offered) in docs/table-log.md
and of Tapestry entries in docs/extending.md:
``python -m tests.actions_doc``."""

from __future__ import annotations

from pathlib import Path

from companion.rules.describe import BEGIN, END, action_table
from companion.rules.suggest import OFFERS_BEGIN, OFFERS_END, offer_table
from companion.tapestry.entries import entry_table

DOCS = Path(__file__).resolve().parents[1] / "docs"
ENTRIES_BEGIN = "<!-- tapestry-entries:begin (generated: python -m tests.actions_doc) -->"
ENTRIES_END = "<!-- tapestry-entries:end -->"


def rewrite(doc: Path, begin: str, end: str, table: str) -> None:
    text = doc.read_text()
    head, _, rest = text.partition(begin.split(" (")[0])
    _, _, tail = rest.partition(end)
    doc.write_text(head + begin + "\n" + table + end + tail)


def main() -> None:
    rewrite(DOCS / "table-log.md", BEGIN, END, action_table())
    rewrite(DOCS / "table-log.md", OFFERS_BEGIN, OFFERS_END, offer_table())
    rewrite(DOCS / "extending.md", ENTRIES_BEGIN, ENTRIES_END, entry_table())


if __name__ == "__main__":
    main()
