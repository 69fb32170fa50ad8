"""``companion cards …`` and ``companion deck …``: the catalog and decklists."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from companion.catalog.card import Card, Edition
from companion.catalog.decks import DeckError, parse_deck
from companion.catalog.importers import CatalogError
from companion.catalog.store import Catalog
from companion.cli.options import catalog_option

EDITION = click.Choice(["2e", "1e"])


def _catalog(path: str | None) -> Catalog:
    return Catalog.open(path)


def _cost(value: object) -> str:
    return "-" if value is None else str(value)


def _line(card: Card) -> str:
    shadow = f" Shadow ({', '.join(str(s) for s in card.shadow_costs)})" if card.shadow_costs else ""
    unique = "◆ " if card.unique else ""
    facts = f"{card.edition} {card.type}, {card.faction}, cost {_cost(card.cost)}{shadow}"
    return f"{card.code:>9}  {unique}{card.name}  [{facts}]"


@click.group()
def cards() -> None:
    """Search, show and import card facts."""


@cards.command("search")
@click.argument("text")
@click.option("--edition", type=EDITION, help="Only cards of this edition.")
@click.option("--limit", default=20, show_default=True, type=click.IntRange(1, 500))
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@catalog_option
def search(text: str, edition: Edition | None, limit: int, as_json: bool, catalog_path: str | None) -> None:
    """Find cards by name (case, accents and small typos forgiven) or by code."""
    matches = _catalog(catalog_path).search(text, edition=edition, limit=limit)
    if as_json:
        click.echo(json.dumps([{**m.card.to_dict(), "match": m.how, "score": round(m.score, 3)} for m in matches],
                              ensure_ascii=False, indent=2))
    elif not matches:
        click.echo(f"No card matches {text!r}.", err=True)
    else:
        for m in matches:
            click.echo(_line(m.card))
    if not matches:
        sys.exit(1)


@cards.command("show")
@click.argument("code")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@catalog_option
def show(code: str, as_json: bool, catalog_path: str | None) -> None:
    """Show one card's facts and its copies (same title, any type)."""
    catalog = _catalog(catalog_path)
    card = catalog.get(code)
    if card is None:
        hint = catalog.search(code, limit=3)
        extra = (" Did you mean: " + ", ".join(f"{m.card.name} ({m.card.code})" for m in hint)) if hint else ""
        raise click.ClickException(f"No card with code {code!r}.{extra}")
    copies = [c for c in catalog.copies_of(card) if c.code != card.code]
    if as_json:
        click.echo(json.dumps({**card.to_dict(), "copies": [c.code for c in copies]}, ensure_ascii=False, indent=2))
        return
    click.echo(_line(card))
    for key, value in card.to_dict().items():
        if value not in (None, "", [], False) or key in ("cost", "unique"):
            click.echo(f"  {key:>14}: {value}")
    if copies:
        click.echo("  copies (same title): " + ", ".join(f"{c.code} ({c.type})" for c in copies))


@cards.command("import")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@catalog_option
def import_cards(paths: tuple[Path, ...], catalog_path: str | None) -> None:
    """Refresh the catalog from card dumps (files or folders), all in one transaction.

    Reads throneteki-json-data pack files, ThronesDB API card lists and 1st-edition
    agot-lcg-search card lists. A bad file changes nothing.
    """
    catalog = _catalog(catalog_path)
    files = [f for p in paths for f in (sorted(p.glob("*.json")) if p.is_dir() else [p])]
    try:
        with click.progressbar(length=max(1, len(files)), label="Reading card files", file=sys.stderr) as bar:
            n = catalog.import_files(list(paths), progress=lambda _f: bar.update(1))
    except CatalogError as exc:
        raise click.ClickException(f"{exc}\nNothing was imported.") from None
    click.echo(f"Imported {n} cards from {len(files)} file(s). Catalog: {catalog.count()} cards "
               f"({catalog.count('2e')} 2nd edition, {catalog.count('1e')} 1st edition).")


@click.group()
def deck() -> None:
    """Read decklists."""


@deck.command("show")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--edition", type=EDITION, default="2e", show_default=True, help="Edition for plain-text lists.")
@click.option("--seat", default="A", show_default=True, help="Seat that owns the copies.")
@click.option("--json", "as_json", is_flag=True)
@catalog_option
def deck_show(file: Path, edition: Edition, seat: str, as_json: bool, catalog_path: str | None) -> None:
    """Read a ThronesDB decklist (JSON or plain text) and list every physical copy."""
    catalog = _catalog(catalog_path)
    try:
        d = parse_deck(str(file), file.read_bytes(), catalog, edition)
    except DeckError as exc:
        raise click.ClickException(str(exc)) from None
    copies = [
        {"id": f"{seat}.{code}.{n}", "code": code, "copy": n, "name": catalog.card(code).name}
        for code, count in sorted(d.slots.items()) for n in range(1, count + 1)
    ]
    if as_json:
        click.echo(json.dumps({**d.to_dict(), "draw_size": d.draw_size, "plot_size": d.plot_size, "copies": copies,
                               "warnings": [str(w) for w in d.warnings]}, ensure_ascii=False, indent=2))
        return
    # The counts the phone and the log give: the draw deck and the plot deck (the agenda apart).
    click.echo(f"{d.name} ({d.edition}, {d.faction or 'no faction'}): {d.draw_size} cards in the draw deck, "
               f"{d.plot_size} plots, {len(d.agendas)} agenda(s)")
    for w in d.warnings:
        click.echo(f"  warning: {w}", err=True)
    for a in d.agendas:
        click.echo(f"  agenda: {catalog.card(a).name} ({a})")
    for c in copies:
        click.echo(f"  {c['id']:<16} {c['name']}")
