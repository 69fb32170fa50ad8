"""``companion tts …``: Tabletop Simulator saves, decks, the Lua helper and the External Editor bridge."""

from __future__ import annotations

import json
import re
import sys
import uuid
from pathlib import Path
from typing import Any

import click

from companion.catalog.card import Edition
from companion.catalog.decks import DeckError, parse_deck
from companion.catalog.store import Catalog
from companion.cli.options import catalog_option
from companion.messages import verdict_text
from companion.tts.importer import CardLookup, import_save
from companion.tts.save import TtsError

CHUNK = 1 << 20


@click.group()
def tts() -> None:
    """Tabletop Simulator: import saves, export decks, bundle the Lua helper, run the bridge."""


def read_with_progress(path: Path) -> bytes:
    size = path.stat().st_size
    parts = []
    with path.open("rb") as f, click.progressbar(length=size, label=f"Reading {path.name}", file=sys.stderr,
                                                 show_pos=False, show_percent=True) as bar:
        while chunk := f.read(CHUNK):
            parts.append(chunk)
            bar.update(len(chunk))
    return b"".join(parts)


def _reason_kind(reason: str) -> str:
    """A reason without its particulars, to count alike reasons together."""
    if "printings" in reason and "fits" in reason:
        return "a name that fits several printings (put the pack in the Description)"
    return re.sub(r"\s+", " ", re.sub(r"'[^']*'|\"[^\"]*\"", "…", reason)).strip()


def _seats(values: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for v in values:
        colour, _, seat = v.partition("=")
        if not seat:
            raise click.BadParameter(f"{v!r}: use COLOUR=SEAT, e.g. Red=A", param_hint="--seat")
        out[colour.strip().capitalize()] = seat.strip()
    return out


@tts.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--game", "game_id", help="Compare with this tracked game (and record with --apply).")
@click.option("--seat", "seats", multiple=True, help="Map a TTS colour to a seat: Red=A (repeatable).")
@click.option("--apply", "apply_", is_flag=True, help="Record the differences as actions, all or nothing.")
@click.option("--db", "db_path", type=click.Path(dir_okay=False), envvar="COMPANION_DB",
              help="Game database file (default: the per-user one; env COMPANION_DB).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@catalog_option
def import_cmd(file: Path, game_id: str | None, seats: tuple[str, ...], apply_: bool, db_path: str | None,
               as_json: bool, catalog_path: str | None) -> None:
    """Read a TTS save, Saved Object or object file and show the table it holds."""
    catalog = Catalog.open(catalog_path)
    data = read_with_progress(file) if file.stat().st_size > 4 * CHUNK else file.read_bytes()
    try:
        report = import_save(data, CardLookup(catalog.all()), file.name)
    except TtsError as exc:
        raise click.ClickException(str(exc)) from None
    if game_id:
        _compare(report, game_id, _seats(seats), apply_, db_path, catalog)
    elif apply_:
        raise click.UsageError("--apply needs --game")
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
        return
    c = report["counts"]
    click.echo(f"{file.name}: {report['shape']} {report['save_name']!r} — {c['objects']} objects, {c['cards']} cards "
               f"({c['identified']} identified, {c['unidentified']} not), {c['decks']} decks, {c['zones']} zones")
    for colour, p in report["players"].items():
        shadows = ", ".join(f"#{e['position']} {e['name'] or '?'}{' (face up!)' if not e['face_down'] else ''}"
                            + "".join(f" +{n} {k}" for k, n in e.get("tokens", {}).items()) for e in p["shadows"])
        click.echo(f"  {colour}: hand {p['hand']}, shadows [{shadows}], dead {len(p['dead'])}, play {len(p['play'])}")
    if report["unidentified"]:
        reasons: dict[str, int] = {}
        for u in report["unidentified"]:
            kind = _reason_kind(u["reason"])
            reasons[kind] = reasons.get(kind, 0) + 1
        click.echo(f"  not identified: {c['unidentified']} card(s); first {len(report['unidentified'])} by reason:")
        for reason, n in sorted(reasons.items(), key=lambda kv: -kv[1]):
            click.echo(f"    {n:>4} × {reason.strip()}")
    for d in report.get("differences", []):
        mark = "" if d.get("legal", True) else " ILLEGAL"
        click.echo(f"  {d.get('colour')}→{d.get('seat')}: {d['message']}{mark}")
        for v in d.get("violations", []):
            click.echo(f"      ✗ {verdict_text(v)} ({v['citation']})")
    if "recorded" in report:
        click.echo(f"Recorded {report['recorded']} action(s) into game {game_id}.")


def _compare(report: dict[str, Any], game_id: str, seats: dict[str, str], apply_: bool, db_path: str | None,
             catalog: Catalog) -> None:
    from companion.paths import database_path
    from companion.rules import action_from_dict
    from companion.rules.roles import JUDGE
    from companion.service import TableService
    from companion.store.games import GameStore, StoreError
    from companion.tts.diff import SeatMapError, differences, seat_map

    store = GameStore(Path(db_path) if db_path else database_path(), catalog.cards)
    try:
        game = store.game(game_id)
        mapping = seat_map(list(report["players"]), [s.seat for s in game.seats], seats)
    except (StoreError, SeatMapError) as exc:
        raise click.ClickException(str(exc)) from None
    rows = differences(store.table(game_id), report, mapping)
    report["differences"] = rows
    if apply_:
        actions = [action_from_dict(r["action"]) for r in rows if "action" in r]
        try:
            # Whoever runs the command holds the database itself: the judge's authority.
            done = TableService(store).act_many(game, actions, actor=JUDGE, expected_version=game.version)
        except StoreError as exc:
            raise click.ClickException(f"{exc.message} — nothing was recorded") from None
        report["recorded"] = len(done)


@tts.command("deck")
@click.argument("deck_file", metavar="DECK", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Default: card_images/<deck>.json")
@click.option("--edition", type=click.Choice(["2e", "1e"]), default="2e", show_default=True)
@click.option("--face-url", default=None, help="Face image pattern with {code} (default: the card data's image URLs).")
@click.option("--back-url", default=None, help="Card back image URL.")
@catalog_option
def deck_cmd(deck_file: Path, out: Path | None, edition: Edition, face_url: str | None, back_url: str | None,
             catalog_path: str | None) -> None:
    """Write a TTS Saved Object with a ThronesDB deck: card codes in GMNotes, names, images."""
    from companion.tts.deck import DEFAULT_BACK, saved_object

    catalog = Catalog.open(catalog_path)
    try:
        deck = parse_deck(str(deck_file), deck_file.read_bytes(), catalog, edition)
        obj = saved_object(deck, catalog.cards(set(deck.slots) | set(deck.agendas)), face_url,
                           back_url or DEFAULT_BACK)
    except (DeckError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    target = out or Path("card_images") / f"{deck_file.stem}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(obj, ensure_ascii=False, indent=1), encoding="utf-8")
    click.echo(f"Wrote {target} ({deck.size} cards). Copy it to Tabletop Simulator's 'Saves/Saved Objects' folder.")


@tts.command("bundle")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Default: print to stdout.")
def bundle_cmd(out: Path | None) -> None:
    """Bundle tts_scripts/src into one script (the Companion object's; `companion tts object` wraps it)."""
    from companion.tts.bundle import bundle

    try:
        text = bundle()
    except FileNotFoundError as exc:
        raise click.ClickException(str(exc)) from None
    if out:
        out.write_text(text, encoding="utf-8")
        click.echo(f"Wrote {out} ({len(text)} characters).", err=True)
    else:
        click.echo(text)


@tts.command("object")
@click.option("--url", default="http://127.0.0.1:8787", show_default=True, help="Where the companion runs.")
@click.option("--game", "game_id", required=True, help="The tracked game.")
@click.option("--seat", "seats", multiple=True, help="Map a TTS colour to a seat: Red=A (repeatable).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Default: print to stdout.")
@click.option("--lang", type=click.Choice(["en", "de"]), default=None,
              help="The table chat's language (the helper's lines and the verdicts); default: English.")
def object_cmd(url: str, game_id: str, seats: tuple[str, ...], out: Path | None, lang: str | None) -> None:
    """The "Companion" object (a Saved Object) carrying the helper: drop it into the game, no Global script change."""
    from companion.tts.bundle import companion_object

    try:
        obj = companion_object(url, game_id, _seats(seats), lang)
    except (ValueError, FileNotFoundError) as exc:
        raise click.ClickException(str(exc)) from None
    text = json.dumps(obj, ensure_ascii=False, indent=1)
    if out:
        out.write_text(text, encoding="utf-8")
        click.echo(f"Wrote {out}. Copy it to Tabletop Simulator's 'Saves/Saved Objects' folder, add it to the game "
                   f"(Objects → Saved Objects), then paste the table key in chat: !companion key <key>. Make the key "
                   f"with 'companion tts key {game_id}' (or on the host page's Tabletop Simulator panel).", err=True)
    else:
        click.echo(text)


@tts.command("key")
@click.argument("game_id", metavar="GAME")
@click.option("--db", "db_path", type=click.Path(dir_okay=False), envvar="COMPANION_DB",
              help="Game database file (default: the per-user one; env COMPANION_DB).")
@catalog_option
def key_cmd(game_id: str, db_path: str | None, catalog_path: str | None) -> None:
    """Make the game's table key for the Tabletop Simulator helper (the old one stops working).

    A table key may only post snapshots for this game: it is never a judge's or host's key, so the helper keeps
    it in the game's saved state and a load or a rewind needs no new paste.
    """
    from companion.paths import database_path
    from companion.rules.roles import JUDGE
    from companion.service import TableService
    from companion.store.games import GameStore, StoreError

    catalog = Catalog.open(catalog_path)
    store = GameStore(Path(db_path) if db_path else database_path(), catalog.cards)
    try:
        key = TableService(store).issue_key(game_id, "table", JUDGE)  # the same call as the host page's
    except StoreError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(key)
    click.echo(f"Table key for game {game_id} (snapshots for this game only; making a new one revokes it). In "
               f"Tabletop Simulator the host types in chat: !companion key {key}  — or run 'companion tts bridge "
               f"--game {game_id} --key {key}' and it is handed over.", err=True)


def forward_snapshot(url: str, game: str, key: str, snap: dict[str, Any], retries: int = 5) -> dict[str, Any]:
    """POST one colour's report to the companion; returns its answer (verdicts for that colour).

    A conflict (409) is sent again with the same request id, so the report is neither lost nor counted twice.
    """
    import time
    import urllib.error
    import urllib.request

    snap.setdefault("request_id", uuid.uuid4().hex)
    for attempt in range(retries + 1):
        req = urllib.request.Request(f"{url.rstrip('/')}/api/tts/games/{game}/snapshot", method="POST",
                                     data=json.dumps(snap).encode(),
                                     headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                answer: dict[str, Any] = json.load(r)
                return answer
        except urllib.error.HTTPError as exc:
            if exc.code == 409 and attempt < retries:
                time.sleep(0.2 * 2 ** attempt)
                continue
            err = json.load(exc).get("error", {})
            return {"colour": snap.get("colour"), "verdicts": err.get("details", {}).get("verdicts")
                    or [{"text": f"Companion: {err.get('message')}", "legal": False}]}
    raise AssertionError("unreachable")


@tts.command("bridge")
@click.option("--url", default="http://127.0.0.1:8787", show_default=True, help="The running companion.")
@click.option("--game", "game_id", required=True, help="The tracked game.")
@click.option("--key", required=True, envvar="COMPANION_KEY", help="The game's table key (or judge key).")
@click.option("--listen", default=39998, show_default=True, type=click.IntRange(0, 65535))
@click.option("--tts-port", default=39999, show_default=True, type=click.IntRange(1, 65535))
@click.option("--object", "guid", default=None, help="GUID of the Companion object (default: the one it is "
              "installed with).")
@click.option("--interval", default=5.0, show_default=True, type=click.FloatRange(0.5, 3600))
@click.option("--once", is_flag=True, help="Pull one snapshot and stop.")
@click.option("--install", is_flag=True, help="First push the helper into the running game (get scripts, replace "
              "the Companion object's script, save & play; the object is added if the game has none).")
@click.option("--seat", "seats", multiple=True, help="With --install: map a TTS colour to a seat, Red=A.")
def bridge_cmd(url: str, game_id: str, key: str, listen: int, tts_port: int, guid: str | None, interval: float,
               once: bool, install: bool, seats: tuple[str, ...]) -> None:
    """Pull the live table from TTS (External Editor API) and report it to the companion.

    It hands the helper the key by message (again whenever the helper asks after a load or a rewind), so
    nobody pastes it; with --install it also puts the helper into the running game.
    """
    import time

    from companion.tts.bridge import COMPANION_GUID, Bridge, BridgeError
    from companion.tts.bundle import bundle, companion_object

    warned: set[str] = set()

    def report(snap: dict[str, Any]) -> None:
        answer = forward_snapshot(url, game_id, key, snap)
        if answer.get("verdicts"):
            bridge.push_new(str(answer.get("colour")), answer["verdicts"])
        if answer.get("recorded"):
            click.echo(f"{snap.get('colour')}: {answer['recorded']} action(s) recorded")

    try:
        bridge = Bridge(listen, tts_port, guid=guid or COMPANION_GUID).start()
    except BridgeError as exc:
        raise click.ClickException(str(exc)) from None
    bridge.on_custom = lambda m: report(m) if "colour" in m and "cards" in m else None
    click.echo(f"Bridge: listening on 127.0.0.1:{bridge.port}, talking to TTS on 127.0.0.1:{tts_port}.")
    try:
        try:
            if install:
                obj = companion_object(url, game_id, _seats(seats))["ObjectStates"][0]
                placed = bridge.install(bundle(), spawn_json=json.dumps(obj), timeout=30)
                click.echo(f"Helper installed in the Companion object {placed}; the game was saved and reloaded.")
            bridge.hand_key(key, game_id)
        except (BridgeError, ValueError) as exc:
            click.secho(f"TTS: {exc}", fg="yellow", err=True)
            if once or install:
                sys.exit(1)
        while True:
            try:
                for snap in bridge.pull_snapshot():
                    report(snap)
            except BridgeError as exc:
                if str(exc) not in warned:  # each warning once
                    warned.add(str(exc))
                    click.secho(f"TTS: {exc}", fg="yellow", err=True)
                if once:
                    sys.exit(1)
            if once:
                return
            time.sleep(interval)
    except KeyboardInterrupt:
        click.echo("Stopped.")
    finally:
        bridge.close()
