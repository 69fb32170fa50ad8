"""The judge's download: the table log with every entry of the hash chain, undone ones included.

One game's export, for its own download (``web/api.py``) and for each table in the event file
(``events/report.py``); it sits here, below the web, so that the event report need not import the web.

Line 1 is the table-log header (edition, mode, players with their final decks) plus ``chain``: the
chain's format, its key and its first link, so ``companion check`` can verify every hash offline.
Every further line is ``{"entry": {...}}``: one log entry as stored (seq, kind, data, actor, at,
verdict, seal, meta, prev_hash, hash), with ``"undone": true`` on actions later taken back.
"""

from __future__ import annotations

import json
from typing import Any

from companion.rules.log import FORMAT, VERSION
from companion.store.games import Game, GameStore


def export_game(store: GameStore, game: Game) -> str:
    entries = store.entries(game.id)
    undone = {int(e.data["seq"]) for e in entries if e.kind == "undo" and isinstance(e.data.get("seq"), int)}
    decks: dict[str, Any] = {}
    for e in entries:
        if e.kind == "deck":
            decks[e.data["seat"]] = e.data["deck"]
    check = store.verify(game.id)
    header = {
        "format": FORMAT, "version": VERSION, "edition": game.edition, "mode": game.mode,
        "players": [{"seat": s.seat, "name": s.name, "faction": s.faction, "deck": decks.get(s.seat, {})}
                    for s in game.seats],
        "first_player": game.seats[0].seat if game.seats else None,
        "game": game.id,
        "chain": {"format": 2 if game.chain_key else 1, "key": game.chain_key, "header": game.header_text,
                  "head": game.head_hash, "entries": game.version, "verified": check["ok"],
                  **({"error": check["error"]} if not check["ok"] else {})},
    }
    lines = [json.dumps(header, ensure_ascii=False)]
    for e in entries:
        row = {**e.to_dict(), "prev_hash": e.prev_hash}
        if e.kind == "action" and e.seq in undone:
            row["undone"] = True
        lines.append(json.dumps({"entry": row}, ensure_ascii=False))
    return "\n".join(lines) + "\n"
