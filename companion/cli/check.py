"""``companion check LOG.jsonl``: replay a table log and judge every action."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from companion.catalog.store import Catalog
from companion.cli.options import catalog_option
from companion.rules.log import LogError, judge


def judge_log(text: str, catalog: Catalog, lang: str = "en") -> list[dict[str, Any]]:
    """Replay a table log against the catalog's cards (the library call is ``companion.rules.log.judge``)."""
    return judge(text, catalog.cards, lang)


@click.command("check")
@click.argument("log_file", metavar="LOG.jsonl", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array, one object per action line.")
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", show_default=True)
@click.option("--fingerprint", default=None, metavar="KEY",
              help="An event file: the event key's fingerprint shown on its pages (a file signed with another fails).")
@catalog_option
def check_log(log_file: Path, as_json: bool, lang: str, catalog_path: str | None, fingerprint: str | None) -> None:
    """Replay a table log and print every action's verdict.

    Exit 0 when every action is legal, 1 when any is illegal, 2 when the log cannot be read.
    """
    import zipfile

    if zipfile.is_zipfile(log_file):  # an event file: every table's log and the signed-off manifest
        from companion.events.report import check_event_file

        sys.exit(check_event_file(log_file, Catalog.open(catalog_path), lang, as_json, fingerprint))
    try:
        text = log_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        click.echo(f"{log_file}: cannot read the log: {exc}", err=True)
        sys.exit(2)
    try:
        results = judge_log(text, Catalog.open(catalog_path), lang)
    except LogError as exc:
        click.echo(f"{log_file}:{exc.line}: {exc.reason}", err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(results, ensure_ascii=False, indent=2))
    else:
        for r in results:
            a = r["action"]
            what = "".join(f" {k}={v}" for k, v in a.items() if k != "type")
            status = click.style("legal", fg="green") if r["legal"] else click.style("ILLEGAL", fg="red", bold=True)
            if r.get("undone"):
                status += click.style(" (undone)", fg="yellow")
            click.echo(f"line {r['line']:>4}  {a['type']}{what}: {status}")
            for v in r["violations"]:
                click.echo(f"            ✗ {v['message']}  ({v['citation']}; {v['rule']})")
            for n in r["notes"]:
                click.echo(f"            · {n}")
        illegal = sum(1 for r in results if not r["legal"])
        click.echo(f"{len(results)} action(s), {illegal} illegal.")
    sys.exit(1 if any(not r["legal"] for r in results) else 0)
