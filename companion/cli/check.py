"""``companion check LOG.jsonl``: replay a table log and judge every action."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from companion.catalog.store import Catalog
from companion.rules import ActionError, play
from companion.rules.log import LogError, read_log, verify_chain


def judge_log(text: str, catalog: Catalog, lang: str = "en") -> list[dict[str, Any]]:
    """Replay a table log; one result per action line. Raises LogError when it cannot be read."""
    log = read_log(text.splitlines())
    broken = verify_chain(log)
    if broken is not None:
        raise LogError(*broken)
    cards = catalog.cards(log.header.codes())
    missing = sorted(log.header.codes() - set(cards))
    if missing:
        raise LogError(1, f"unknown card code(s) in the decks: {', '.join(missing)}")
    try:
        table = log.header.new_table(cards)
    except ValueError as exc:
        raise LogError(1, str(exc)) from None
    results = []
    for line, action in log.actions:
        try:
            verdict = play(table, action, log.header.mode)
        except ActionError as exc:
            raise LogError(line, str(exc)) from None
        key = "message" if lang == "en" else "message_de"
        results.append({
            "line": line,
            "action": action.to_dict(),
            "legal": verdict.legal,
            "applied": verdict.applied,
            "violations": [{"rule": v.rule, "citation": v.citation, "message": getattr(v, key)}
                           for v in verdict.violations],
            "notes": [getattr(n, key) for n in verdict.notes],
        })
    for line, action, entry in log.undone:
        # Taken back at the table, so not replayed; what was judged when it was recorded stands.
        recorded = entry.get("verdict") or {}
        results.append({
            "line": line, "action": action.to_dict(), "legal": recorded.get("legal", True), "applied": False,
            "undone": True,
            "violations": [{"rule": v.get("rule"), "citation": v.get("citation"),
                            "message": v.get("message" if lang == "en" else "message_de")}
                           for v in recorded.get("violations", [])],
            "notes": [n.get("message" if lang == "en" else "message_de") for n in recorded.get("notes", [])],
        })
    results.sort(key=lambda r: r["line"])
    return results


@click.command("check")
@click.argument("log_file", metavar="LOG.jsonl", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array, one object per action line.")
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", show_default=True)
@click.option("--catalog", "catalog_path", type=click.Path(dir_okay=False), envvar="COMPANION_CATALOG", hidden=True)
def check_log(log_file: Path, as_json: bool, lang: str, catalog_path: str | None) -> None:
    """Replay a table log and print every action's verdict.

    Exit 0 when every action is legal, 1 when any is illegal, 2 when the log cannot be read.
    """
    import zipfile

    if zipfile.is_zipfile(log_file):  # an event file: every table's log and the signed-off manifest
        from companion.events.report import check_event_file

        sys.exit(check_event_file(log_file, Catalog.open(catalog_path), lang, as_json))
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
