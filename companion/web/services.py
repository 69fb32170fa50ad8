"""What the web app shares between requests: the game store, the catalog, the live-update hub."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from companion.catalog.card import Card
from companion.catalog.store import Catalog
from companion.store.games import GameStore
from companion.web.live import LRU, Hub


@dataclass
class Services:
    database: Path
    catalog_path: Path | None
    hub: Hub = field(default_factory=Hub)
    views: LRU = field(default_factory=lambda: LRU(2048))
    _local: threading.local = field(default_factory=threading.local)
    store: GameStore = field(init=False)

    def __post_init__(self) -> None:
        self.catalog()  # seed the catalog once, up front
        self.store = GameStore(self.database, self.cards)
        self.store.listeners.append(self.hub.publish)

    def catalog(self) -> Catalog:
        """One catalog connection per thread (SQLite connections stay in their thread)."""
        catalog = getattr(self._local, "catalog", None)
        if catalog is None:
            catalog = self._local.catalog = Catalog.open(self.catalog_path)
        return catalog

    def cards(self, codes: set[str]) -> Mapping[str, Card]:
        return self.catalog().cards(codes)
