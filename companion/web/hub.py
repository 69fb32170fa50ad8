"""The live hub: one condition variable per game that every stream of the game waits on, the limits on
streams, and the small cache that computes each device's view once per version.

Its own module, below the stream route helper (``live``) and the application's services (``services``),
which both use it.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from companion.store.db import on_event_loop


class StreamLimit(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Hub:
    #: Live streams one game may hold (six players, a judge, spectators' screens, a TTS helper …).
    PER_GAME = 64
    #: Live streams one address may hold: a venue's shared Wi-Fi address carries many phones.
    PER_ADDRESS = 256
    #: Live streams one key may hold at one game: a quarter of them, so a seat opening streams without end cannot
    #: lock the other seat's phones, the host page or the judge out of the game's live updates; nor can a casual
    #: table's host who holds a seat's key too, or both (three keys leave a quarter for the judge and the TTS helper).
    #: The spectators' table views (no key) count as one holder: together a quarter too, so strangers never crowd out
    #: the table's own phones.
    PER_KEY = PER_GAME // 4

    def __init__(self, limit: int = 5000) -> None:
        self._guard = threading.Lock()
        self._conditions: dict[str, threading.Condition] = {}
        self._versions: dict[str, int] = {}
        self._committed: dict[tuple[str, int], float] = {}
        self._epochs: dict[str, int] = {}
        self._per_game: dict[str, int] = {}
        self._per_address: dict[str, int] = {}
        self._per_key: dict[tuple[str, str], int] = {}
        self.limit = limit
        self.streams = 0
        # Streams served on an asyncio loop (companion/web/asgi.py): one asyncio.Event per stream,
        # woken from writer threads with call_soon_threadsafe; no thread waits.
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread = 0
        #: Each game's streams' wakers, each with its stream's way to take a new version without being woken
        #: (``subscribe``; None: woken): a publish reads both in one walk.
        self._wakers: dict[str, dict[asyncio.Event, Callable[[float, int], bool] | None]] = {}
        #: The games' key epochs as ``epoch`` reads them, for a publish's pokes (twenty a table) to read without a call
        #: each (the version comes with the poke). Read only.
        self.epochs: dict[str, int] = self._epochs
        #: What a publish's pokes run inside, set by the server (companion/web/asgi.py): called with the pokes' walk and
        #: its arguments. None: they run as they are.
        self.delivering: Callable[..., None] | None = None

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Call on the loop's own thread."""
        self._loop = loop
        self._loop_thread = threading.get_ident()

    def subscribe(self, game_id: str, waker: asyncio.Event,
                  poke: Callable[[float, int], bool] | None = None) -> None:
        """Call on the loop: ``waker`` is set at each publish or revoke of this game. At a publish, ``poke`` (if
        given) is asked first, on the loop, with the loop's time then and the game's version as the publish found
        it: True if it took that version itself (its stream sent it, or had nothing to send), so the stream is not
        woken; False (or an error) and the waker is set."""
        self._wakers.setdefault(game_id, {})[waker] = poke

    def unsubscribe(self, game_id: str, waker: asyncio.Event) -> None:
        wakers = self._wakers.get(game_id)
        if wakers is not None:
            wakers.pop(waker, None)
            if not wakers:
                del self._wakers[game_id]

    def _wake(self, game_id: str) -> None:
        for waker in self._wakers.get(game_id, ()):
            waker.set()

    def _deliver(self, game_id: str) -> None:
        """A publish, on the loop: each stream that can takes the new version without a wake-up (its event made
        once per viewer class, the same bytes written to each), the others are woken. The pokes run inside
        ``delivering`` if the server set one (the app's context, entered once for them all)."""
        wakers = self._wakers.get(game_id)
        if not wakers:
            return
        pairs = list(wakers.items())
        within = self.delivering
        if within is None:
            self._poke_all(game_id, pairs)
            return
        try:
            within(self._poke_all, game_id, pairs)
        except Exception:  # (the context itself failed): every stream is woken and does it all its own way
            for waker, _poke in pairs:
                waker.set()

    def _poke_all(self, game_id: str, pairs: list[tuple[asyncio.Event, Callable[[float, int], bool] | None]]) -> None:
        # The loop's time, read once for the publish: each poke's stream notes it as when it last sent (twenty phones
        # at a table read it twenty times, a thirtieth of a delivery's calls).
        loop = self._loop
        now = loop.time() if loop is not None else time.monotonic()
        # The version, read once for the publish too (each poke read it): a version published meanwhile comes with
        # its own publish's delivery.
        version = self._versions.get(game_id, -1)
        for waker, poke in pairs:
            took = False
            if poke is not None:
                try:
                    took = poke(now, version)
                except Exception:  # the stream's own round tries again, and answers for it
                    took = False
            if not took:
                waker.set()

    def _wake_async(self, game_id: str, deliver: bool = False) -> None:
        """Wake the game's streams on the loop (``deliver``: a publish, which streams may take without waking). A
        write made on the loop itself (companion/web/threads.py) hands a publish over to the loop's next round: its
        answer is made first, and the deliveries read what it made."""
        loop = self._loop
        if loop is not None and threading.get_ident() == self._loop_thread:
            if deliver:
                loop.call_soon(self._deliver, game_id)
            else:
                self._wake(game_id)
        elif loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile (shutdown)
                loop.call_soon_threadsafe(self._deliver if deliver else self._wake, game_id)

    def version(self, game_id: str) -> int:
        return self._versions.get(game_id, -1)

    def admit(self, game_id: str, address: str, holder: str | None = None, keyed: bool = True) -> None:
        """Count a new stream in, or refuse it when the game, the key's ``holder`` there (its role: "seat:A",
        "host", …; "spectator" for every table view without a key, ``keyed`` False), the address or the server is
        full."""
        with self._guard:
            if self.streams >= self.limit:
                raise StreamLimit("the server holds as many live connections as it can; try again shortly")
            if self._per_game.get(game_id, 0) >= self.PER_GAME:
                raise StreamLimit("this game has as many live connections as it may hold")
            if holder is not None and self._per_key.get((game_id, holder), 0) >= self.PER_KEY:
                raise StreamLimit("your key holds as many live connections of this game as one key may" if keyed else
                                  "this game's table views without a key hold as many live connections as they may")
            if self._per_address.get(address, 0) >= self.PER_ADDRESS:
                raise StreamLimit("too many live connections from your address")
            self.streams += 1
            self._per_game[game_id] = self._per_game.get(game_id, 0) + 1
            self._per_address[address] = self._per_address.get(address, 0) + 1
            if holder is not None:
                self._per_key[(game_id, holder)] = self._per_key.get((game_id, holder), 0) + 1

    def leave(self, game_id: str, address: str, holder: str | None = None) -> None:
        with self._guard:
            self.streams -= 1
            counted: tuple[tuple[dict[Any, int], Any], ...] = ((self._per_game, game_id), (self._per_address, address))
            if holder is not None:
                counted = (*counted, (self._per_key, (game_id, holder)))
            for counts, k in counted:
                counts[k] -= 1
                if counts[k] <= 0:
                    del counts[k]

    def epoch(self, game_id: str) -> int:
        return self._epochs.get(game_id, 0)

    def revoke(self, game_id: str) -> None:
        """A key of this game changed: every stream re-checks its key now."""
        cond = self._condition(game_id)
        with cond:
            self._epochs[game_id] = self._epochs.get(game_id, 0) + 1
            cond.notify_all()
        self._wake_async(game_id)

    def _condition(self, game_id: str) -> threading.Condition:
        with self._guard:
            cond = self._conditions.get(game_id)
            if cond is None:
                cond = self._conditions[game_id] = threading.Condition()
            return cond

    def publish(self, game_id: str, version: int) -> None:
        cond = self._condition(game_id)
        with cond:
            if version > self._versions.get(game_id, -1):
                self._versions[game_id] = version
                self._committed[(game_id, version)] = time.time()
                if len(self._committed) > 100_000:  # only recent commits are ever asked about
                    self._committed.clear()
            cond.notify_all()
        self._wake_async(game_id, deliver=True)

    def committed_at(self, game_id: str, version: int) -> float | None:
        return self._committed.get((game_id, version))

    def wait(self, game_id: str, seen: int, timeout: float) -> int | None:
        """Block until the game is past ``seen``; return its version, or None on timeout."""
        cond = self._condition(game_id)
        epoch = self.epoch(game_id)
        with cond:
            ok = cond.wait_for(lambda: self._versions.get(game_id, -1) > seen or self.epoch(game_id) != epoch,
                               timeout=timeout)
            version = self._versions.get(game_id, -1)
            return version if ok and version > seen else None

    def known(self, game_id: str, version: int) -> None:
        """Tell the hub a game's current version (a stream may start before any change)."""
        with self._condition(game_id):
            self._versions.setdefault(game_id, version)


#: Not in the cache (a value may be None).
_MISSING = object()


class LRU:
    """A small thread-safe least-recently-used cache that computes each value once.

    When twenty devices wake for the same new version, one computes the view and the
    others wait for it instead of all computing it at once.
    """

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._data: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        self._inflight: dict[Hashable, threading.Lock] = {}

    @property
    def shelf(self) -> Mapping[Hashable, Any]:
        """The values made, to read without a call (``peek``'s dictionary itself; read only)."""
        return self._data

    def peek(self, key: Hashable) -> Any:
        """The value if it is made already, else None (never computes, never waits). No lock: one look-up in the
        dictionary is atomic, and every device of a table asks it for each delivery."""
        return self._data.get(key)

    def get(self, key: Hashable, make: Callable[[], Any]) -> Any:
        # Made already: one look-up without the lock (atomic, as ``peek``'s), and marked used.
        data = self._data
        found = data.get(key, _MISSING)
        if found is not _MISSING:
            try:
                data.move_to_end(key)  # (``contextlib.suppress`` is three calls more)
            except KeyError:  # dropped meanwhile by another thread's ``_keep``: the value found is still the value
                return found
            return found
        with self._lock:  # (under the lock: ``in`` and an index, no call)
            if key in data:
                return data[key]
            inflight = self._inflight
            mine = key not in inflight
            if mine:  # nobody makes it: this thread does, the others wait for it (on its gate, held)
                gate = inflight[key] = threading.Lock()
                gate.acquire()
            else:
                gate = inflight[key]
        if mine:
            try:
                return self._keep(key, make())
            finally:
                self._inflight.pop(key, None)
                gate.release()
        if not gate.acquire(blocking=not on_event_loop()):
            # The server's event loop waits for no worker (one replaying a log holds the gate a second): it makes
            # the value itself, which is quick there or bails out (``GameStore.hasty``).
            return self._keep(key, make())
        try:
            found = data.get(key, _MISSING)
            if found is not _MISSING:
                return found
            return self._keep(key, make())  # its maker failed: this thread tries
        finally:
            gate.release()

    def _keep(self, key: Hashable, value: Any) -> Any:
        with self._lock:
            data = self._data
            data[key] = value
            if len(data) > self.size:  # one value more than it may hold: the least recently used goes
                data.popitem(last=False)
        return value
