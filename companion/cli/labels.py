"""``companion labels DECK``: print-ready sleeve labels, one per physical copy."""

from __future__ import annotations

from pathlib import Path

import click

from companion.catalog.card import Edition
from companion.catalog.decks import DeckError, parse_deck
from companion.catalog.store import Catalog
from companion.cli.options import catalog_option
from companion.messages import text
from companion.scan.label_pdf import FontMissing, label_pdf
from companion.scan.labels import Label, LabelError, new_tag
from companion.scan.render import DEFAULT_DOTS_PER_MODULE, SheetLabel, mm, png, sheets, title_page


@click.command()
@click.argument("deck_file", metavar="DECK", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--tag", help="The deck's 3-character tag (0-9, A-Z); default: a new random one.")
@click.option("--edition", type=click.Choice(["2e", "1e"]), default="2e", show_default=True)
@click.option("--size", "dots", default=DEFAULT_DOTS_PER_MODULE, show_default=True, type=click.IntRange(4, 16),
              help="Printer dots per QR module at 300 dpi: 9 = 22.1 mm labels (12 cards in a 1080p frame); "
                   "6 = 14.7 mm (up to ~8).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("card_images"),
              show_default=True)
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", show_default=True,
              help="Language of the sheets' title line.")
@catalog_option
def labels(deck_file: Path, tag: str | None, edition: Edition, dots: int, out_dir: Path, lang: str,
           catalog_path: str | None) -> None:
    """Write sleeve labels for every physical copy in a deck: PDF (A4 and US Letter, selectable text) and 300 dpi
    PNG pages."""
    catalog = Catalog.open(catalog_path)
    try:
        deck = parse_deck(str(deck_file), deck_file.read_bytes(), catalog, edition)
    except DeckError as exc:
        raise click.ClickException(str(exc)) from None
    tag = (tag or new_tag()).upper()
    try:
        items = [
            SheetLabel(Label(deck.edition, code, tag, n).payload(), catalog.card(code).name, n)
            for code, count in sorted(deck.slots.items()) for n in range(1, count + 1)
            if catalog.card(code).type in ("character", "location", "attachment", "event")
        ]
    except LabelError as exc:
        raise click.ClickException(str(exc)) from None
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = f"labels-{deck_file.stem}-{tag}"
    title = text("labels.title", lang, deck=deck.name, tag=tag, count=len(items))
    written = []
    for paper in ("a4", "letter"):
        target = out_dir / f"{stem}-{paper}.pdf"
        try:
            target.write_bytes(label_pdf(items, title, paper, dots))
        except FontMissing as exc:
            raise click.ClickException(str(exc)) from None
        written.append(target)
        if paper == "a4":
            # 300 dpi PNG pages; OpenCV draws ASCII only (accents are folded, the dash would vanish).
            pages = [title_page(p, title.replace("—", "-")) for p in sheets(items, paper, dots)]
            for i, page in enumerate(pages, start=1):
                image = out_dir / f"{stem}-a4-p{i}.png"
                image.write_bytes(png(page))
                written.append(image)
    size = mm((21 + 8) * dots)
    click.echo(f"{len(items)} labels, deck tag {tag}, {size:.1f} mm each with quiet zone.")
    for w in written:
        click.echo(f"  {w}")
    click.echo(f"Give the tag {tag} when you load this deck into a game, so scans find the right player.")
