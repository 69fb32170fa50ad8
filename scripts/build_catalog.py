"""Rebuild the card facts shipped inside the package from the shared card dumps.

    python scripts/build_catalog.py [../shared/data]

Writes companion/catalog/data/cards.json.gz: facts only, no card text.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from companion.catalog.importers import check_unique_codes, parse_cards


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared" / "data")
    files = [*sorted((root / "throneteki-json-data" / "packs").glob("*.json")), root / "agot1" / "agot1.json"]
    cards = [card for f in files for card in parse_cards(f.name, f.read_bytes())]
    check_unique_codes(cards, "shipped catalog")
    payload = {
        "format": "companion-card-facts/1",
        "sources": ["throneteki-json-data (2nd edition)", "agot-lcg-search cards.json (1st edition)"],
        "cards": [c.to_dict() for c in sorted(cards, key=lambda c: (c.edition, c.code))],
    }
    out = Path(__file__).resolve().parents[1] / "companion" / "catalog" / "data" / "cards.json.gz"
    raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()
    out.write_bytes(gzip.compress(raw, mtime=0))
    print(f"{len(cards)} cards -> {out} ({out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
