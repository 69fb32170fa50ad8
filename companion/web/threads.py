"""Where a request runs: on the server's event loop, or on the worker pool.

A request handed to a worker thread costs two thread switches and a contest for the GIL with the
loop and the other workers: measured with ``companion bench server``, that was two thirds of the
server's CPU per action. The routes a table uses all the time (an action, the view, the log, a live
stream's next event) take well under a millisecond, so they run on the loop itself and the loop does
nothing else meanwhile. Everything else (scans, imports, PDFs, pairings, exports) stays on the pool, so
a slow request cannot hold up the live streams: a route runs on the loop only if it says so, and
not while a write from the pool is under way (it would wait for that write's lock on the loop), nor
when its game's state is not cached (a log replayed), nor for a write to an event's table while the
event store is held (a pairing), nor for a game's first write (which learns whether it is an event's
table) -- ``CompanionASGI.loop_may_serve`` decides. A write that finds a lock taken all the same
(a pool write begun after the look) raises ``WouldWait`` before writing, and the request runs again on
the pool (``GameStore.hasty``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def on_loop(view: F) -> F:
    """Mark a quick route (no image, no file, no PDF, no loop over an event's tables): it runs on the
    event loop. Put it right under the route decorator, so the registered view carries the mark."""
    view.on_loop = True  # type: ignore[attr-defined]
    return view


def runs_on_loop(view: Callable[..., Any] | None) -> bool:
    return bool(getattr(view, "on_loop", False))
