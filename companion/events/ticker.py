"""The round clock's ticker: one thread per server that wakes when a table's deadline passes.

Time called is recorded lazily too (the first write to or look at a table after its deadline), but a
table nobody touches would then learn of it only when somebody does. The ticker wakes at each round's
next deadline (the round clock plus a table's extensions), so ``call_time`` reaches the log, the phones'
streams and the judge's dashboard when the time is up, not when someone next taps.

The ticker only keeps times; what happens when one comes is ``fire(key)``, which answers when to look at
that key again (or None). It is started by the first ``at()`` and idles on a condition variable.
"""

from __future__ import annotations

import heapq
import logging
import threading
import time
from collections.abc import Callable, Hashable

log = logging.getLogger(__name__)

#: How late after a deadline the ticker looks (a deadline is not passed at its own instant).
SLACK = 0.05


class DeadlineTicker:
    def __init__(self, fire: Callable[[Hashable], float | None], name: str = "event-clock") -> None:
        self._fire, self._name = fire, name
        self._heap: list[tuple[float, int, Hashable]] = []
        self._due: dict[Hashable, float] = {}  # key -> the earliest time it is due (stale heap rows skipped)
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._count = 0
        self._closed = False

    def at(self, when: float, key: Hashable) -> None:
        """Look at ``key`` at wall-clock time ``when`` (seconds since the epoch), or sooner if asked."""
        with self._cond:
            if self._closed:
                return
            if key in self._due and self._due[key] <= when:
                return
            self._due[key] = when
            self._count += 1
            heapq.heappush(self._heap, (when, self._count, key))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify()

    def pending(self) -> dict[Hashable, float]:
        with self._cond:
            return dict(self._due)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()

    def _next(self) -> Hashable | None:
        """Wait for the next due key (None: closed)."""
        with self._cond:
            while not self._closed:
                while self._heap and self._due.get(self._heap[0][2]) != self._heap[0][0]:
                    heapq.heappop(self._heap)  # superseded by an earlier time for the same key
                if not self._heap:
                    self._cond.wait()
                    continue
                when, _, key = self._heap[0]
                wait = when - time.time()
                if wait > 0:
                    self._cond.wait(min(wait, 3600.0))
                    continue
                heapq.heappop(self._heap)
                del self._due[key]
                return key
            return None

    def _run(self) -> None:
        while (key := self._next()) is not None:
            try:
                again = self._fire(key)
            except Exception:  # one round's trouble never stops the clock for the others
                log.exception("event clock: looking at %r failed", key)
                again = None
            if again is not None:
                self.at(again, key)
