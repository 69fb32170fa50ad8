"""Rewrite the generated table of actions in docs/table-log.md: ``python -m tests.actions_doc``."""

from __future__ import annotations

from pathlib import Path

from companion.rules.describe import BEGIN, END, action_table


def main() -> None:
    doc = Path(__file__).resolve().parents[1] / "docs" / "table-log.md"
    text = doc.read_text()
    head, _, rest = text.partition(BEGIN.split(" (")[0])
    _, _, tail = rest.partition(END)
    doc.write_text(head + BEGIN + "\n" + action_table() + END + tail)


if __name__ == "__main__":
    main()
