"""The event report (per table: players, result, flags, rulings, penalties) and the signed-off event file.

The event file is a zip: ``manifest.json`` names every table's log file with its SHA-256 and its
chain's head hash, and each ``round-R-table-T.jsonl`` is the judge's table log exactly as
``companion/web/export.py`` writes it (every chained entry, undone ones marked). ``companion check``
verifies it offline."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path
from typing import Any

from companion.events.signing import sign_manifest, verify_manifest
from companion.events.store import EventStore
from companion.store.games import GameStore, now
from companion.web.export import export_game

MANIFEST = "manifest.json"
FORMAT = "agot-companion-event"


def table_report(games: GameStore, events: EventStore, event_id: str,
                 number: int | None = None) -> list[dict[str, Any]]:
    out = []
    names = {p.id: p.name for p in events.players(event_id)}
    for ref in events.tables(event_id, number):
        entries = games.entries(ref.game_id)
        rulings = [{"seq": e.seq, "at": e.at, **e.data} for e in entries if e.kind == "ruling"]
        flags = events.flags(event_id, ref.round, ref.game_id)
        out.append({
            "round": ref.round, "table": ref.number, "game": ref.game_id,
            "players": [{"seat": seat, "name": names.get(pid, "?")}
                        for seat, pid in zip("AB", ref.players, strict=False)],
            "result": events.result(ref.game_id),
            "flags": [{"kind": f["kind"], "seq": f["seq"], "at": f["at"], "cleared": bool(f["cleared"]),
                       "rules": [v.get("rule") for v in f["detail"].get("violations", [])]} for f in flags],
            "rulings": [r for r in rulings if r.get("type") != "penalty"],
            "penalties": [r for r in rulings if r.get("type") == "penalty"],
            "entries": len(entries), "undone": sum(1 for e in entries if e.kind == "undo"),
        })
    return out


def event_file(games: GameStore, events: EventStore, event_id: str, signed_off_by: str,
               extra: dict[str, Any] | None = None) -> bytes:
    """One zip with a JSON Lines log per table and a manifest signed with the event's key: every chain's
    head, the players and their decks, each table's pairing, result, rulings and penalties, and the
    event's decisions (``extra`` adds more sections, such as standings: they are signed the same way)."""
    event = events.event(event_id)
    buffer = io.BytesIO()
    tables = []
    players = events.players(event_id)
    names = {p.id: p.name for p in players}
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for ref in events.tables(event_id):
            game = games.game(ref.game_id)
            text = export_game(games, game)
            name = f"round-{ref.round}-table-{ref.number}.jsonl"
            z.writestr(name, text)
            rulings = [{"seq": e.seq, "at": e.at, **e.data} for e in games.entries(ref.game_id) if e.kind == "ruling"]
            tables.append({"round": ref.round, "table": ref.number, "game": game.id, "file": name,
                           "sha256": hashlib.sha256(text.encode()).hexdigest(), "head": game.head_hash,
                           "entries": game.version, "result": events.result(game.id),
                           "players": [{"seat": seat, "player": pid, "name": names.get(pid, "?")}
                                       for seat, pid in zip("AB", ref.players, strict=False)],
                           "rulings": [r for r in rulings if r.get("type") != "penalty"],
                           "penalties": [r for r in rulings if r.get("type") == "penalty"]})
        manifest = {"format": FORMAT, "version": 2, "event": event.public(), "signed_off": {"by": signed_off_by,
                    "at": now()},
                    "players": [p.public() for p in players],
                    "rounds": [{k: r.get(k) for k in ("number", "minutes", "started", "created")}
                               for r in events.rounds(event_id)],
                    "tables": tables,
                    "decisions": [{k: d[k] for k in ("at", "by", "kind", "detail")}
                                  for d in events.decisions(event_id)],
                    **(extra or {})}
        signed = sign_manifest(manifest, events.signing_key(event_id))
        z.writestr(MANIFEST, json.dumps(signed, ensure_ascii=False, indent=1))
    return buffer.getvalue()


def pdf_report(event_name: str, rows: list[dict[str, Any]]) -> bytes:
    """The report as a printable PDF: text lines drawn on 300 dpi pages (no PDF font machinery)."""
    import numpy as np

    from companion.scan.cv import cv2
    from companion.scan.render import PAPER_MM, _ascii, pdf, px

    lines = [f"{event_name} - report / Bericht", ""]
    for r in rows:
        players = " vs ".join(f"{p['seat']}: {p['name']}" for p in r["players"])
        result = r["result"] or {}
        lines.append(f"Round/Runde {r['round']}  Table/Tisch {r['table']}  {players}")
        lines.append(f"   result/Ergebnis: {result.get('winner_name') or result.get('winner') or '-'}"
                     f" {('(' + result['reason'] + ')') if result.get('reason') else ''}")
        lines.append(f"   flags/Markierungen: {len(r['flags'])}  " + ", ".join(
            sorted({f['kind'] for f in r['flags']})))
        for ruling in r["rulings"] + r["penalties"]:
            lines.append(f"   {ruling.get('type')}: {str(ruling.get('text', ''))[:90]}")
        lines.append("")
    page_w, page_h = (px(v) for v in PAPER_MM["a4"])
    per_page = (page_h - px(30)) // px(6)
    pages = []
    for start in range(0, len(lines), per_page):
        page = np.full((page_h, page_w), 255, np.uint8)
        for i, text in enumerate(lines[start:start + per_page]):
            cv2.putText(page, _ascii(text)[:110], (px(12), px(15) + i * px(6)), cv2.FONT_HERSHEY_SIMPLEX, 1.0, 0, 2,
                        cv2.LINE_AA)
        pages.append(page)
    return pdf(pages)


def verify_event_file(data: bytes, judge: Any, fingerprint: str | None = None) -> dict[str, Any]:
    """Check an event file offline: the manifest's signature (results, pairings, rulings, penalties,
    decisions: a changed one is named by its table and field), every table log's hash matches the
    manifest, every chain verifies (``judge`` is ``judge_log``-like: text -> per-action results, raising on
    a broken chain), and the chain head in each log's header is the one the manifest signed off.
    ``fingerprint``: the event key's fingerprint as shown on its pages (a file re-signed with another
    key fails)."""
    problems: list[str] = []
    tables = []
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        manifest = json.loads(z.read(MANIFEST))
        if manifest.get("format") != FORMAT:
            raise ValueError("not an event file (no agot-companion-event manifest)")
        problems += verify_manifest(manifest, fingerprint)
        for t in manifest["tables"]:
            text = z.read(t["file"]).decode()
            if hashlib.sha256(text.encode()).hexdigest() != t["sha256"]:
                problems.append(f"{t['file']}: does not match the manifest's hash")
                continue
            header = json.loads(text.splitlines()[0])
            if header.get("chain", {}).get("head") != t["head"]:
                problems.append(f"{t['file']}: its chain head is not the one signed off")
            try:
                results = judge(text)
            except Exception as exc:
                problems.append(f"{t['file']}: {exc}")
                continue
            tables.append({"file": t["file"], "round": t["round"], "table": t["table"], "actions": len(results),
                           "illegal": sum(1 for r in results if not r["legal"]),
                           "undone": sum(1 for r in results if r.get("undone"))})
    signature = manifest.get("signature") if isinstance(manifest.get("signature"), dict) else {}
    return {"ok": not problems, "problems": problems, "tables": tables, "event": manifest["event"],
            "signed_off": manifest.get("signed_off"), "fingerprint": signature.get("fingerprint")}


def check_event_file(path: Any, catalog: Any, lang: str = "en", as_json: bool = False,
                     fingerprint: str | None = None) -> int:
    """``companion check EVENT.zip``: 0 when every chain verifies and every action is legal, 1 when an
    action is illegal (undone ones included: what was attempted stays on the record), 2 when broken."""
    import click

    from companion.cli.check import judge_log

    try:
        out = verify_event_file(Path(path).read_bytes(), lambda text: judge_log(text, catalog, lang), fingerprint)
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        click.echo(f"{path}: not a readable event file: {exc}", err=True)
        return 2
    if as_json:
        click.echo(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        click.echo(f"{out['event']['name']} ({out['event']['date']}), signed off by {out['signed_off']['by']} "
                   f"at {out['signed_off']['at']}")
        if out["fingerprint"]:
            click.echo(f"signed with the event key {out['fingerprint']} (compare it with the event's pages)")
        for t in out["tables"]:
            click.echo(f"round {t['round']} table {t['table']:>3}: {t['actions']} action(s), {t['illegal']} illegal, "
                       f"{t['undone']} undone  ({t['file']})")
        for p in out["problems"]:
            click.echo(click.style(f"✗ {p}", fg="red"))
        click.echo("all chains verify; results, pairings and rulings are as signed off" if out["ok"]
                   else "THE EVENT FILE DOES NOT VERIFY")
    if not out["ok"]:
        return 2
    return 1 if any(t["illegal"] for t in out["tables"]) else 0
