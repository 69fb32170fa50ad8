"""What the web app shares between requests: the game store, the catalog, the live-update hub."""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from companion.catalog.card import Card
from companion.catalog.store import Catalog
from companion.service import TableService
from companion.store.games import GameStore
from companion.web.auth import Failures
from companion.web.errors import ApiError
from companion.web.hub import LRU, Hub

#: New games one address may create per hour, and all addresses together.
GAMES_PER_ADDRESS = 60
GAMES_PER_HOUR = 2000


@dataclass
class Services:
    database: Path
    catalog_path: Path | None
    hub: Hub = field(default_factory=Hub)
    views: LRU = field(default_factory=lambda: LRU(2048))
    durability: str = "normal"
    failures: Failures = field(default_factory=Failures)
    store: GameStore = field(init=False)
    #: Every write to a game goes through it (the store below only keeps the log).
    table: TableService = field(init=False)
    _catalogs: queue.LifoQueue[Catalog] = field(default_factory=queue.LifoQueue)
    _created: dict[str, list[float]] = field(default_factory=dict)
    _created_guard: threading.Lock = field(default_factory=threading.Lock)
    _local: threading.local = field(default_factory=threading.local)
    #: Told of card instances seen at a game outside its log (a scan, a TTS snapshot): ``(game id,
    #: instance ids, source)``. The event service checks them against the registered decks.
    card_watchers: list[Callable[[str, list[str], str], None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        with self.borrow_catalog():  # seed the catalog once, up front
            pass
        self.store = GameStore(self.database, self.cards, durability=self.durability)
        self.table = TableService(self.store)
        self.store.listeners.append(self.hub.publish)
        self.store.revokers.append(self.hub.revoke)

    @contextlib.contextmanager
    def borrow_catalog(self) -> Iterator[Catalog]:
        """Catalog connections come from one shared pool, however many threads serve requests."""
        try:
            catalog = self._catalogs.get_nowait()
        except queue.Empty:
            catalog = Catalog.open(self.catalog_path, check_same_thread=False)
        try:
            yield catalog
        finally:
            self._catalogs.put(catalog)

    def catalog(self) -> Catalog:
        """A catalog for the rest of this request: borrowed from the pool, given back at its end."""
        catalog = getattr(self._local, "catalog", None)
        if catalog is None:
            manager = self.borrow_catalog()
            catalog = manager.__enter__()
            self._local.catalog, self._local.manager = catalog, manager
        return catalog

    def release(self) -> None:
        """End of a request: the catalog connection goes back to the pool."""
        manager = getattr(self._local, "manager", None)
        if manager is not None:
            self._local.catalog = self._local.manager = None
            manager.__exit__(None, None, None)

    def creation_allowed(self, address: str) -> None:
        """Game creation is open to anyone, so it is rate limited: per address and overall."""
        now = time.monotonic()
        with self._created_guard:
            for k in list(self._created):
                self._created[k] = [t for t in self._created[k] if now - t < 3600]
                if not self._created[k]:
                    del self._created[k]
            mine = self._created.setdefault(address, [])
            total = sum(len(v) for v in self._created.values())
            if len(mine) >= GAMES_PER_ADDRESS or total >= GAMES_PER_HOUR:
                raise ApiError(429, "too_many_games", "too many new games in the last hour; try again later")
            mine.append(now)

    def saw_cards(self, game_id: str, cards: list[str], source: str) -> None:
        for watcher in list(self.card_watchers):
            with contextlib.suppress(Exception):  # a watcher's trouble never changes the answer
                watcher(game_id, cards, source)

    def cards(self, codes: set[str]) -> Mapping[str, Card]:
        with self.borrow_catalog() as catalog:
            return catalog.cards(codes)
