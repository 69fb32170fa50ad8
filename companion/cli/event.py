"""``companion event …``: an organiser's event from the command line (the same store the server uses)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from companion.catalog.card import as_edition
from companion.catalog.decks import DeckError, parse_deck
from companion.events.pairings import PairingError, parse_pairings
from companion.events.report import event_file
from companion.events.store import EventError, EventStore
from companion.events.swiss import CUT_SIZES, SCHEMES
from companion.events.tournament import check_results_in
from companion.paths import database_path
from companion.web.services import Services


def _stores(db: str | None) -> tuple[Services, EventStore]:
    services = Services(database=Path(db) if db else database_path(), catalog_path=None)
    return services, EventStore(services.database, services.store)


def _key(events: EventStore, event_id: str, key: str, *allowed: str) -> None:
    try:
        role = events.event(event_id).role_for(key)
    except EventError as exc:
        raise click.ClickException(exc.message) from None
    if role not in allowed:
        raise click.ClickException(f"this needs the {' or '.join(allowed)} key of event {event_id}")


db_option = click.option("--db", envvar="COMPANION_DB", help="The companion's database file.")
key_option = click.option("--key", envvar="COMPANION_EVENT_KEY", required=True, help="The organiser's key.")


@click.group()
def event() -> None:
    """Run an event: create it, register players, pair rounds, export the signed-off event file."""


@event.command("create")
@click.option("--name", required=True, help="The event's name, as players know it.")
@click.option("--date", default="", help="The event's date (YYYY-MM-DD).")
@click.option("--rounds", default=3, show_default=True, type=click.IntRange(1, 20))
@click.option("--tables", default=16, show_default=True, type=click.IntRange(1, 200))
@click.option("--minutes", default=55, show_default=True, type=click.IntRange(5, 240), help="Round length.")
@click.option("--edition", type=click.Choice(["2e", "1e"]), default="2e", show_default=True)
@click.option("--scoring", type=click.Choice(list(SCHEMES)), default="regulations", show_default=True,
              help="Tournament points: the regulations' (win 5, modified win 4, loss 0) or a league's (5 per win).")
@click.option("--cut", type=click.Choice([str(c) for c in CUT_SIZES]), default="0", show_default=True,
              help="Top 4/8/16/32 to single elimination after the Swiss rounds (0: no cut).")
@click.option("--seed", default=None, help="Round 1's random pairing and the last tiebreaker (default: drawn).")
@click.option("--format", "fmt", type=click.Choice(["joust", "melee"]), default="joust", show_default=True)
@click.option("--restricted-list", default=None, help="A shipped restricted list's code (default: the newest).")
@click.option("--base-url", default="http://localhost:8787", show_default=True)
@db_option
def create(name: str, date: str, rounds: int, tables: int, minutes: int, edition: str, scoring: str, cut: str,
           seed: str | None, fmt: str, restricted_list: str | None, base_url: str, db: str | None) -> None:
    """Create an event; prints the organiser's and the judge's links once (keys are stored hashed)."""
    _, events = _stores(db)
    try:
        ev, keys = events.create_event(name, date, rounds, tables, edition, minutes, scoring, int(cut), seed,
                                       fmt=fmt, restricted_list=restricted_list)
    except EventError as exc:
        raise click.ClickException(exc.message) from None
    links = {role: _link(base_url, ev.id, role, key) for role, key in keys.items()}
    click.echo(json.dumps({"event": ev.public(), **links}, indent=2))


@event.command("keys")
@click.argument("event_id")
@click.option("--new", "role", type=click.Choice(["organiser", "judge"]),
              help="Issue a fresh key of this kind; the old one stops opening the event at once.")
@click.option("--base-url", default="http://localhost:8787", show_default=True,
              help="The address the organiser's or judge's devices open the companion at.")
@db_option
def keys(event_id: str, role: str | None, base_url: str, db: str | None) -> None:
    """A lost organiser's or judge's link: issue a fresh key for it (the old one stops; logged in the event).

    Keys are stored only as hashes, so no key can be shown again: a new one replaces it. Run it on the machine that
    serves the event (it needs the database file, not a key); hand the printed link only to its holder."""
    if role is None:
        raise click.UsageError(f"keys are stored only as hashes and cannot be shown again: issue a new one with "
                               f"`companion event keys {event_id} --new organiser` (or `--new judge`)")
    _, events = _stores(db)
    try:
        key = events.renew_key(event_id, role)
    except EventError as exc:
        raise click.ClickException(exc.message) from None
    click.echo(json.dumps({role: _link(base_url, event_id, role, key)}, indent=2))


def _link(base_url: str, event_id: str, role: str, key: str) -> dict[str, str]:
    """An event key and its link (the key in the URL fragment, which a browser never sends)."""
    page = "" if role == "organiser" else "/" + role
    return {"key": key, "url": f"{base_url.rstrip('/')}/e/{event_id}{page}#key={key}"}


@event.command("register")
@click.argument("event_id")
@click.option("--name", required=True, help="The player's name, as on the pairings.")
@click.option("--deck", "deck_file", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="ThronesDB decklist: text export or JSON.")
@click.option("--faction", help="The player's faction (default: read from the decklist).")
@click.option("--allow-illegal", is_flag=True,
              help="A deck not legal under the event's list may play anyway (the organiser's decision, logged).")
@key_option
@db_option
def register(event_id: str, name: str, deck_file: Path, faction: str | None, allow_illegal: bool, key: str,
             db: str | None) -> None:
    """Register a player; the decklist is frozen with its SHA-256 and checked against the event's list."""
    from companion.catalog.legality import check_deck

    services, events = _stores(db)
    _key(events, event_id, key, "organiser")
    with services.borrow_catalog() as catalog:
        try:
            edition = as_edition(events.event(event_id).edition)
            deck = parse_deck(str(deck_file), deck_file.read_bytes(), catalog, edition)
        except DeckError as exc:
            raise click.ClickException(str(exc)) from None
        agenda = ", ".join(c.name for code in deck.agendas if (c := catalog.get(code))) or None
        ev = events.event(event_id)
        problems = [w.to_dict() for w in check_deck(deck, catalog, ev.format, ev.restricted_list)]
    try:
        player = events.register(event_id, name, faction or deck.faction, agenda, deck.slots,
                                 deck_file.read_text(encoding="utf-8", errors="replace"), problems)
        if allow_illegal:
            player = events.confirm_deck(event_id, player.id, "organiser")
    except EventError as exc:
        raise click.ClickException(exc.message) from None
    for p in player.problems:
        click.echo(f"not legal: {p['message']['en']}", err=True)
    if not player.playable:
        click.echo("this deck plays no round until the organiser allows it (--allow-illegal)", err=True)
    click.echo(json.dumps(player.public()))


@event.command("round")
@click.argument("event_id")
@click.option("--csv", "csv_file", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Pairings: table, player, player per line.")
@click.option("--round", "number", type=int, help="Round number (default: the next).")
@click.option("--mode", type=click.Choice(["strict", "advisory"]), default="strict", show_default=True)
@click.option("--base-url", default="http://localhost:8787", show_default=True)
@key_option
@db_option
def pair(event_id: str, csv_file: Path, number: int | None, mode: str, base_url: str, key: str,
         db: str | None) -> None:
    """Create a round from a pairings CSV: one game per table with the registered decks. Prints the seat
    links once; a bad row creates nothing and names its line."""
    _, events = _stores(db)
    _key(events, event_id, key, "organiser")
    ev = events.event(event_id)
    names = {p.name: p.id for p in events.players(event_id)}
    try:
        pairings = parse_pairings(csv_file.read_text(encoding="utf-8-sig"), names, ev.tables)
    except PairingError as exc:
        for p in exc.problems:
            click.echo(f"{csv_file}:{p.line}: {p.message}", err=True)
        raise click.ClickException("the pairings have problems; nothing was created") from None
    try:
        round_number = number or len(events.rounds(event_id)) + 1
        check_results_in(events, event_id, round_number, override=False)  # the judge overrides on the page/API
        created = events.create_round(event_id, round_number, pairings, mode, bye=pairings.bye)
    except EventError as exc:
        raise click.ClickException(exc.message) from None
    base = base_url.rstrip("/")
    for ref, keys in created:
        # Each seat's link opens the seat once: the phone that opens it gets the seat's own key.
        links = "  ".join(f"{seat}: {base}/g/{ref.game_id}/join#key={keys[seat]}" for seat in ("A", "B"))
        click.echo(f"table {ref.number}: {links}")
    if pairings.bye is not None:
        click.echo(f"bye: {next(p.name for p in events.players(event_id) if p.id == pairings.bye)}")


@event.command("export")
@click.argument("event_id")
@click.option("--out", "out_file", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="Where to write the event file (a zip of table logs and a manifest).")
@key_option
@db_option
def export(event_id: str, out_file: Path, key: str, db: str | None) -> None:
    """Write the signed-off event file (verify it with ``companion check FILE``)."""
    services, events = _stores(db)
    try:
        role = events.event(event_id).role_for(key)
    except EventError as exc:
        raise click.ClickException(exc.message) from None
    if role is None:
        raise click.ClickException("this key does not open the event")
    out_file.write_bytes(event_file(services.store, events, event_id, role))
    click.echo(str(out_file))
