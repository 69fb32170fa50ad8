"""The cycle collector paused while a big tree of new objects is alive.

A Tabletop Simulator save of 8,000 cards parses into some 50,000 dicts and lists that live for the
whole import. Each time the collector ran meanwhile it walked all of them again (the oldest generation
is examined once enough new objects have survived) and found nothing to free: a parsed save has no
cycles, and what an import builds is freed by reference counting. How much the pause saves depends on
what else the process holds; ``companion bench tts`` shows the import against ``json.loads`` with and
without the collector paused.

The collector is global to the process: pauses from several threads nest, and it runs again when the
last one ends (unless something else had switched it off before).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_guard = threading.Lock()
_pauses = 0
_was_enabled = True


@contextmanager
def collector_paused() -> Iterator[None]:
    global _pauses, _was_enabled
    with _guard:
        if _pauses == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _guard:
            _pauses -= 1
            if _pauses == 0 and _was_enabled:
                gc.enable()


def keep_startup_objects() -> int:
    """After start-up: move what the process holds now (the card catalogue, modules, the app) out of the
    collector's sight for good, and say how many objects that was.

    They live as long as the process, and the collector's full passes walked all of them each time: with
    everything a table asks for running on one event loop, such a pass (80 ms measured on the server
    benchmark, 18 ms after this) held up every phone's next event. Garbage is collected first, so none
    is kept by mistake."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


#: The collector's first threshold for a server (Python's default: 700 new container objects). A table's action makes
#: a few thousand short-lived dicts and lists (its views, its answer, its live updates), freed by reference counting:
#: at 700 the collector ran several times an action and walked whatever of them was still alive then (the views being
#: built), 2 % of the server's instructions for nothing. The older generations follow it (10 and 10, as by default).
SERVER_THRESHOLD = 10_000


def server_collector() -> tuple[int, int, int]:
    """A serving process's collector: the first generation collected every ``SERVER_THRESHOLD`` new objects, not
    every 700. Cycles are freed as before, only later. Returns the thresholds now."""
    _, second, third = gc.get_threshold()
    gc.set_threshold(SERVER_THRESHOLD, second, third)
    return gc.get_threshold()
