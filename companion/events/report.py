"""The event report (per table: players, result, flags, rulings, penalties) and the signed-off event file.

The event file is a zip: ``manifest.json`` names every table's log file with its SHA-256 and its
chain's head hash, and each ``round-R-table-T.jsonl`` is the judge's table log exactly as
``companion/events/export.py`` writes it (every chained entry, undone ones marked). ``companion check``
verifies it offline.

The Tournament Regulations (v3.2, and v2.x before it) are silent on a tournament report: nothing in them says
what one holds. What this one holds follows the sections it reports on: each result as End of Round names the
ways a game ends (a going-to-time win and a first player's choice read "modified win"), the standings as
Tournament Points and Tiebreakers count them, byes and drops as Pairings has them, penalties per player (see
``penalties.py``). A game the judge ends without a winner is not theirs (every round of theirs ends with one):
the standings score it as a loss for both, and it reads so ("no winner (both lose)"), never "draw"."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path
from typing import Any

from companion.events import tiebreakers
from companion.events.export import export_game
from companion.events.results import ENDINGS
from companion.events.signing import sign_manifest, verify_manifest
from companion.events.store import EventStore
from companion.messages import catalogue, text
from companion.store.games import GameStore, now

MANIFEST = "manifest.json"
FORMAT = "agot-companion-event"


def table_report(games: GameStore, events: EventStore, event_id: str, number: int | None = None,
                 describe: Any = None) -> list[dict[str, Any]]:
    """Each table: players with their decks' legality, result, flags (``describe(ref, detail)`` names their
    cards and players in words), rulings and penalties (with the player's name)."""
    out = []
    players = {p.id: p for p in events.players(event_id)}
    names = {pid: p.name for pid, p in players.items()}
    for ref in events.tables(event_id, number):
        entries = games.entries(ref.game_id)
        seats = {seat: names.get(pid, seat) for seat, pid in zip("AB", ref.players, strict=False)}
        rulings = [{"seq": e.seq, "at": e.at, **e.data, **({"player": seats[e.data["seat"]]}
                   if e.data.get("seat") in seats and not e.data.get("player") else {})}
                   for e in entries if e.kind == "ruling"]
        flags = events.flags(event_id, ref.round, ref.game_id)
        out.append({
            "round": ref.round, "table": ref.number, "game": ref.game_id,
            "players": [{"seat": seat, "name": names.get(pid, "?"),
                         **({k: players[pid].public()[k] for k in ("faction", "agenda", "legal", "problems",
                                                                   "confirmed")}
                            if pid in players else {})}
                        for seat, pid in zip("AB", ref.players, strict=False)],
            "result": events.result(ref.game_id),
            "flags": [{"kind": f["kind"], "seq": f["seq"], "at": f["at"], "cleared": bool(f["cleared"]),
                       "rules": [v.get("rule") for v in f["detail"].get("violations", [])],
                       "detail": describe(ref, f["detail"]) if describe else f["detail"]} for f in flags],
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


def result_words(result: dict[str, Any] | None, lang: str) -> str:
    """A table's result in words: "Ann wins (15 power)", "draw", going to time with its step named."""
    if not result:
        return text("ev.no_result", lang)
    if result.get("by_time") and result.get("modified") is False:  # 15 power in the taxation after time: a win
        reason = text("ev.result_victory_after_time", lang)
    elif result.get("by_time"):
        reason = text("ev.result_by_time", lang, step=text(f"step.{result['by_time']}", lang))
    elif result.get("ending") in ENDINGS and result["ending"] not in ("time", "judge", "both_lose"):
        # How the round ended, in the regulations' words (End of Round); a modified win reads as before.
        reason = text(f"ev.ending.{result['ending']}", lang)
        if result.get("reason"):  # what the judge wrote, after it
            reason += f": {result['reason']}"
    else:
        reason = str(result.get("reason") or "")
        if result.get("modified"):  # gone to time, the winner the first player's choice: a modified win
            reason = text("ev.result_modified", lang) + (f": {reason}" if reason else "")
    if not result.get("winner"):
        return text("ev.result_draw_for", lang, reason=reason) if reason else text("ev.draw_result", lang)
    words = text("ev.result_for", lang, winner=result.get("winner_name") or result["winner"], reason=reason)
    return words.replace(" ()", "")


def deck_facts(player: dict[str, Any], lang: str) -> str:
    """The deck's faction in words and its agenda ("Lannister · Fealty"), as registered: public facts a judge
    reports; empty where the decklist named neither."""
    faction = player.get("faction")
    named = text(f"faction.{faction}", lang) if faction and f"faction.{faction}" in catalogue(lang) else faction
    return " · ".join(str(x) for x in (named, player.get("agenda")) if x)


def deck_words(player: dict[str, Any], lang: str) -> str:
    """✓ for a legal deck; otherwise its problems, and whether the organiser allowed it."""
    if player.get("legal", True):
        return "✓"
    problems = " ".join(p["message"].get(lang) or p["message"]["en"] for p in player.get("problems", []))
    allowed = f" · {text('ev.allowed_by_organiser', lang)}" if player.get("confirmed") else ""
    return f"⚠ {text('ev.illegal_deck', lang)}{allowed}: {problems}"


def flag_words(flag: dict[str, Any], lang: str) -> str:
    """A flag in words: its kind, who, the cards by name, the rules broken as sentences."""
    d = flag.get("detail", {})
    parts = [text(f"ev.flag.{flag['kind']}", lang)]
    roles = {"judge": text("ev.judge", lang), "organiser": text("ev.h.organiser", lang)}
    for name in dict.fromkeys(x for x in (d.get("player"), d.get("who")) if x):  # the player, then who acted
        parts.append(roles.get(str(name), str(name)))
    for c in d.get("cards", []):
        parts.append(text("ev.deck_card", lang, card=c.get("name") or c.get("code"), player=c.get("player") or "?",
                          copy=c.get("copy", "?"), registered=c.get("registered", "?")))
    parts += [v["text"][lang] for v in d.get("violations", []) if isinstance(v.get("text"), dict)]
    if d.get("note"):
        parts.append(str(d["note"]))
    return " · ".join(parts) + (f" ({text('ev.cleared', lang)})" if flag.get("cleared") else "")


def ruling_words(ruling: dict[str, Any], lang: str) -> str:
    """A ruling in words: kind, penalty level and player, extension minutes, what the judge wrote."""
    parts = [text(f"ev.ruling.{ruling.get('type', 'note')}", lang)]
    if ruling.get("penalty"):
        parts.append(text(f"ev.penalty.{ruling['penalty']}", lang))
    if ruling.get("player") or ruling.get("seat"):
        parts.append(str(ruling.get("player") or ruling.get("seat")))
    if ruling.get("minutes"):
        parts.append(text("ev.minutes_plus", lang, n=ruling["minutes"]))
    words = " · ".join(parts)
    return f"{words}: {ruling['text']}" if ruling.get("text") else words


def decision_words(decision: dict[str, Any], lang: str, names: dict[int, str] | None = None) -> str:
    """A logged decision in words; ``names`` names the players a pairing lists by id."""
    d = decision.get("detail", {})
    kind = decision.get("kind")

    def name(pid: Any) -> str:
        return (names or {}).get(pid, "?") if pid is not None else "?"

    if kind == "legality":
        return text("ev.decision.legality", lang, name=d.get("name", "?"))
    if kind == "reprint":
        return text("ev.decision.reprint", lang, player=d.get("player", "?"), round=d.get("round", "?"),
                    table=d.get("table", "?"), seat=d.get("seat", "?"))
    if kind == "propose":
        return text("ev.decision.propose", lang, round=d.get("round", "?"), seed=d.get("seed") or "–")
    if kind == "confirm":
        tables = "; ".join(f"{i}. {name(a)} – {name(b)}" for i, (a, b) in enumerate(d.get("tables", []), start=1))
        bye = text("ev.decision.bye", lang, name=name(d["bye"])) if d.get("bye") is not None else ""
        return text("ev.decision.confirm", lang, round=d.get("round", "?"), tables=tables) + bye
    if kind == "swap":
        a, b = (d.get("players") or [None, None])[:2]
        return text("ev.decision.swap", lang, round=d.get("round", "?"), a=name(a), b=name(b))
    if kind == "override":
        return text("ev.decision.override", lang, round=d.get("round", "?"),
                    tables=", ".join(map(str, d.get("tables_without_result", []))))
    if kind in ("drop", "disqualify"):
        return text(f"ev.decision.{kind}", lang, name=d.get("name", "?"), round=d.get("after_round", "?"))
    if kind == "remove":
        return text("ev.decision.remove", lang, name=d.get("name", "?"))
    if kind == "rejoin":
        return text("ev.decision.rejoin", lang, name=d.get("name", "?"),
                    rounds=", ".join(map(str, d.get("missed", []))) or "–")
    if kind == "adjustment":
        return adjustment_words(d, lang)
    if kind == "key_renewed":
        return text("ev.decision.key_renewed_" + ("judge" if d.get("role") == "judge" else "organiser"), lang)
    if kind == "deck_replaced":
        return text("ev.decision.deck_replaced", lang, name=d.get("name", "?"))
    if kind in ("registration", "publish_decks"):
        on = bool(d.get("open", d.get("publish")))
        return text(f"ev.decision.{kind}_{'on' if on else 'off'}", lang)
    if kind == "withdrawn":
        return text("ev.decision.withdrawn", lang, round=d.get("round", "?"), table=d.get("table", "?"),
                    changed=d.get("round_changed", "?"))
    if kind == "agreed":
        return text("ev.decision.agreed", lang, round=d.get("round", "?"), table=d.get("table", "?"),
                    result=result_words(d.get("result"), lang))
    if kind == "result":
        return text("ev.decision.result", lang, round=d.get("round", "?"), table=d.get("table", "?"),
                    before=result_words(d.get("before"), lang), after=result_words(d.get("after"), lang))
    return text("ev.decision.other", lang, kind=str(kind))


def standing_words(st: dict[str, Any], lang: str, bye_rounds: list[int] | None = None) -> str:
    """One line of the standings: rank, name, points (and the judge's adjustment), record (with the rounds of the
    player's byes), each tie-breaker in the registry's order with its heading and format, in the reader's language
    and decimal notation."""
    head = {k: text(f"ev.standings.h.{k}", lang) for k in ("points", "record")}
    dropped = f" ({text('ev.standings.dropped', lang)})" if st.get("dropped") else ""
    adjusted = f" ({st['adjustment']:+d})" if st.get("adjustment") else ""
    record = f"{st.get('wins', 0)}–{st.get('modified_wins', 0)}–{st.get('losses', 0)}"
    if bye_rounds:  # a bye is one of the wins (Pairings): which round's, said
        record += f" ({text('ev.standings.bye_in', lang, rounds=', '.join(map(str, bye_rounds)))})"
    parts = [f"{st['rank']}. {st['name']}{dropped}", f"{head['points']} {st['points']}{adjusted}",
             f"{head['record']} {record}"]
    parts += [f"{tb.label(lang)} {tb.words(st[tb.id], lang)}" for tb in tiebreakers.TIEBREAKERS]
    return " · ".join(parts)


def adjustment_words(adjustment: dict[str, Any], lang: str) -> str:
    """A point adjustment in words: who, how many points, in which round, why."""
    return text("ev.adjustment", lang, name=adjustment.get("name", "?"), points=f"{int(adjustment['points']):+d}",
                round=adjustment.get("round", "?"), reason=adjustment.get("reason", ""))


def penalty_words(penalty: dict[str, Any], lang: str) -> str:
    """One of a player's penalties in words: its round, table and level, and what the judge wrote."""
    words = text("ev.pen.item", lang, round=penalty.get("round", "?"), table=penalty.get("table", "?"),
                 level=text(f"ev.penalty.{penalty.get('penalty') or 'warning'}", lang))
    return f"{words}: {penalty['text']}" if penalty.get("text") else words


def pdf_report(event: dict[str, Any], rows: list[dict[str, Any]], players: list[dict[str, Any]],
               decisions: list[dict[str, Any]], lang: str = "en", fingerprint: str | None = None,
               standings: list[dict[str, Any]] | None = None,
               penalties: list[dict[str, Any]] | None = None,
               adjustments: list[dict[str, Any]] | None = None,
               byes: list[dict[str, Any]] | None = None, basis: dict[str, Any] | None = None) -> bytes:
    """The report as a printable PDF in ``lang``: real text in an embedded Unicode font (selectable,
    umlauts kept), every caption from the message catalogue, cards and players named in words. ``byes``: each
    round's bye (round, name), among that round's results; ``basis``: the standings' scoring scheme and the round
    they are after, printed above them."""
    from companion.events.pdf import Document

    # "{nb}" is the page count, filled in as the document is written out (fpdf2's alias)
    doc = Document(text("ev.report_title", lang, event=event["name"]), page_label=text("ev.report.page", lang,
                                                                                         n="{n}", nb="{nb}"))
    doc.add_page()
    doc.para(text("ev.report_title", lang, event=event["name"]), 16, bold=True, height=8)
    fmt = text(f"ev.format.{event.get('format') or 'joust'}", lang)
    rl = event.get("restricted_list")
    legality = (text("ev.legality_line", lang, format=fmt, list=rl["name"], date=rl["date"]) if rl
                else text("ev.legality_1e", lang, format=fmt))
    doc.para(" · ".join(x for x in (event.get("date"), legality) if x), 10, height=5)
    if fingerprint:
        doc.para(f"{text('ev.h.fingerprint', lang)}: {fingerprint}", 9, height=5)
    doc.ln(3)
    doc.para(text("ev.h.players", lang), 13, bold=True, height=7)
    for p in players:
        doc.para(" — ".join(x for x in (p["name"], deck_facts(p, lang), deck_words(p, lang)) if x), 9, height=4.5,
                 indent=3)
    if standings:  # rank, name, tournament points, record, then each tie-breaker of the registry
        doc.ln(3)
        doc.para(text("ev.standings.title", lang), 13, bold=True, height=7)
        if basis:  # what they count: the scoring (a bye's points too) and after which round
            after = (" · " + text("ev.standings.after_round", lang, n=basis["after_round"])
                     if basis.get("after_round") else "")
            doc.para(text("ev.standings.scheme", lang, **basis["scheme"]) + after, 9, height=4.5, indent=3)
        bye_rounds: dict[Any, list[int]] = {}
        for b in byes or []:  # those the standings count: none of a round after theirs
            if not basis or b["round"] <= basis["after_round"]:
                bye_rounds.setdefault(b["player"], []).append(b["round"])
        for st in standings:
            doc.para(standing_words(st, lang, sorted(bye_rounds.get(st["player"], []))), 9, height=4.5, indent=3)
    if adjustments:  # the judge's point adjustments, each with its reason
        doc.ln(3)
        doc.para(text("ev.h.adjustments", lang), 13, bold=True, height=7)
        for a in adjustments:
            doc.para(f"– {adjustment_words(a, lang)}", 9, height=4.5, indent=3)
    if penalties is not None:  # each player's penalties across the rounds: a repeat is seen at a glance
        doc.ln(3)
        doc.para(text("ev.h.penalties_by_player", lang), 13, bold=True, height=7)
        if not penalties:
            doc.para(text("ev.pen.none", lang), 9, height=4.5, indent=3)
        for p in penalties:
            doc.para(f"{p['name']} ({len(p['penalties'])})", 10, bold=True, height=5, indent=3)
            for x in p["penalties"]:
                doc.para(f"– {penalty_words(x, lang)}", 9, height=4.5, indent=7)
    # A bye has no table: it is printed with its round's results, after the round's last table.
    bye_points = basis["scheme"]["bye"] if basis else 5
    pending = sorted(byes or [], key=lambda b: b["round"])

    def print_byes(upto: float) -> None:
        while pending and pending[0]["round"] <= upto:
            b = pending.pop(0)
            doc.ln(3)
            doc.para(f"{text('ev.round_n', lang, n=b['round'])} · {text('ev.bye', lang)}", 12, bold=True, height=6)
            row = text("ev.swiss.bye_row", lang, name=b["name"], points=bye_points)
            doc.para(f"{text('ev.h.result', lang)}: {row}", 10, bold=True, height=5, indent=3)

    for r in rows:
        print_byes(r["round"] - 1)
        doc.ln(3)
        title = f"{text('ev.round_n', lang, n=r['round'])} · {text('ev.table_n', lang, n=r['table'])}"
        doc.para(title, 12, bold=True, height=6)
        for p in r["players"]:
            facts = deck_facts(p, lang)
            doc.para(f"{p['seat']}: {p['name']}{f' ({facts})' if facts else ''} "
                     f"{deck_words(p, lang) if not p.get('legal', True) else '✓'}", 10, height=5, indent=3)
        doc.para(f"{text('ev.h.result', lang)}: {result_words(r['result'], lang)}", 10, bold=True, height=5, indent=3)
        if r["flags"]:
            doc.para(f"{text('ev.h.flags', lang)} ({len(r['flags'])})", 10, height=5, indent=3)
            for f in r["flags"]:
                doc.para(f"– {flag_words(f, lang)}", 9, height=4.5, indent=7)
        if r["rulings"] or r["penalties"]:
            doc.para(text("ev.h.rulings_and_penalties", lang), 10, height=5, indent=3)
            for ruling in r["penalties"] + r["rulings"]:
                doc.para(f"– {ruling_words(ruling, lang)}", 9, height=4.5, indent=7)
    print_byes(float("inf"))
    if decisions:
        doc.ln(3)
        doc.para(text("ev.h.decisions", lang), 13, bold=True, height=7)
        names = {p["id"]: p["name"] for p in players}
        for d in decisions:
            doc.para(f"{d['at'][:16].replace('T', ' ')} · {decision_words(d, lang, names)}", 9, height=4.5, indent=3)
    # The lines the head judge signs the printed report on.
    doc.ln(8)
    doc.para(text("ev.report.sign", lang), 10, height=6)
    return doc.bytes()


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

    from companion.rules.log import judge

    try:
        out = verify_event_file(Path(path).read_bytes(), lambda text: judge(text, catalog.cards, lang), fingerprint)
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        click.echo(f"{path}: not a readable event file: {exc}", err=True)
        return 2
    if as_json:
        click.echo(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        date = f" ({out['event']['date']})" if out["event"].get("date") else ""  # an event may have no date
        signed = out["signed_off"]
        click.echo(f"{out['event']['name']}{date}, signed off by {signed['by']} at {signed['at']}")
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
