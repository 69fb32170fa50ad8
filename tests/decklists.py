"""Real decklists for deck tests: the 31 published decks in throneteki-json-data's standalone-decks.json
(intro decks, World Championship decks), rendered the ways players paste them: ThronesDB's plain-text
export, ThronesDB's JSON (``slots`` + ``agendas``) and throneteki's JSON (``agenda`` + ``cards``)."""

from __future__ import annotations

import json
from typing import Any

from companion.catalog.store import Catalog
from tests.shared import DATA, need_shared

TEXT_HEADINGS = {"plot": "Plot", "character": "Character", "location": "Location", "attachment": "Attachment",
                 "event": "Event"}
HOUSES = {"baratheon": "House Baratheon", "greyjoy": "House Greyjoy", "lannister": "House Lannister",
          "martell": "House Martell", "stark": "House Stark", "targaryen": "House Targaryen",
          "tyrell": "House Tyrell", "thenightswatch": "The Night's Watch"}


def real_decks() -> list[dict[str, Any]]:
    need_shared()
    return json.loads((DATA / "throneteki-json-data" / "standalone-decks.json").read_text(encoding="utf-8"))


def real_deck(deck_id: str) -> dict[str, Any]:
    return next(d for d in real_decks() if d["id"] == deck_id)


def as_text(raw: dict[str, Any], catalog: Catalog) -> str:
    """ThronesDB's text export: name, house, agenda, then one section per card type."""
    lines = [raw["name"], "", HOUSES[raw["faction"]]]
    if raw.get("agenda"):
        lines.append(catalog.get(raw["agenda"]).name)  # type: ignore[union-attr]
    sections: dict[str, list[str]] = {}
    for entry in raw["cards"]:
        card = catalog.get(entry["code"])
        assert card is not None, entry
        if card.type == "agenda":
            continue
        sections.setdefault(card.type, []).append(f"{entry['count']}x {card.name} ({card.pack_name})")
    for kind, heading in TEXT_HEADINGS.items():
        if kind in sections:
            lines += ["", f"{heading} ({len(sections[kind])})", *sections[kind]]
    return "\n".join(lines) + "\n"


def as_thronesdb_json(raw: dict[str, Any]) -> str:
    slots = {e["code"]: e["count"] for e in raw["cards"]}
    agendas = [{"code": raw["agenda"]}] if raw.get("agenda") else []
    for a in agendas:
        slots[a["code"]] = 1  # ThronesDB lists the agenda among the slots too
    return json.dumps({"name": raw["name"], "faction_code": raw["faction"], "agendas": agendas, "slots": slots})


def counts(raw: dict[str, Any], catalog: Catalog, kinds: set[str]) -> int:
    """Copies of the given card types in a raw deck, read straight from the data."""
    return sum(e["count"] for e in raw["cards"] if catalog.get(e["code"]).type in kinds)  # type: ignore[union-attr]
