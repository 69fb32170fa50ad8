"""Who is asking, decided once per request, and one decorator that states each route's permission.

Keys travel only in the ``Authorization: Bearer`` header (join links carry them in the URL
fragment, which browsers never send). A key is checked against the game named in the path and
becomes a ``Role`` value; a key that opens nothing is refused, and a game that sees many wrong
keys from one address answers 429 for a while.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from flask import current_app, request

from companion.rules.roles import SPECTATOR, Can, Role, kinds_that
from companion.store.games import Game
from companion.web.current import current_globals, current_request
from companion.web.errors import ApiError

#: Wrong keys one address may try at one game in ``WINDOW`` seconds.
MAX_FAILURES = 20
WINDOW = 60.0


class Failures:
    """Wrong key attempts per (game, address), forgotten after the window."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seen: dict[tuple[str, str], list[float]] = {}

    def blocked(self, game_id: str, address: str) -> bool:
        with self._lock:
            now = time.monotonic()
            recent = [t for t in self._seen.get((game_id, address), []) if now - t < WINDOW]
            self._seen[(game_id, address)] = recent
            return len(recent) >= MAX_FAILURES

    def add(self, game_id: str, address: str) -> None:
        with self._lock:
            self._seen.setdefault((game_id, address), []).append(time.monotonic())
            if len(self._seen) > 10_000:  # a flood of addresses must not grow this without end
                self._seen.clear()


def key_from_request() -> str | None:
    auth = current_request().headers.get("Authorization", "")
    if auth.startswith("Bearer "):
        return auth[7:].strip()[:200] or None
    return None


R = TypeVar("R")


def checked_key(scope: str, role: R | None, what: str) -> R:
    """The role a key opened, or a refusal. Only wrong keys are counted and held back (429): players behind
    the same address (a venue's Wi-Fi) keep playing while someone there guesses."""
    if role is not None:
        return role
    failures: Failures = current_app.extensions["companion"]["services"].failures
    address = request.remote_addr or "?"
    if failures.blocked(scope, address):
        raise ApiError(429, "too_many_attempts", f"too many wrong keys for this {what}; wait a minute")
    failures.add(scope, address)
    raise ApiError(401, "bad_key", f"this key does not open this {what} (it may have been replaced: ask for a new "
                                   "link)")


def game_role(game: Game, key: str | None) -> Role | None:
    """The role a key opens at this game: the store says which key it is, the roles' table what that
    may do. No key: a spectator. A key that opens nothing: None."""
    if not key:
        return SPECTATOR
    held = game.key_holder(key)
    return None if held is None else Role.holding(*held)


def role_for(game: Game) -> Role:
    return checked_key(game.id, game_role(game, key_from_request()), "game")


def read_game(game_id: str, *, keep: bool = False) -> tuple[Game, Role | None]:
    """The game a request names and the role its key opens there (None: a key that opens nothing), read once
    per request: what a hook before the route read and ``keep``s (the events' watch on their tables) is what
    the route's ``@requires`` takes, not read again. Nothing writes to the game between the two."""
    kept = (known := current_globals()).get("game_read")
    if kept is not None and kept[0].id == game_id:
        read: tuple[Game, Role | None] = kept
        return read
    game = current_app.extensions["companion"]["services"].store.game(game_id)
    read = (game, game_role(game, key_from_request()))
    if keep:
        known.game_read = read
    return read


def requires(*needs: Can, game_kind: str = "agot", what: str = "this") -> Callable[..., Any]:
    """A route on ``/games/<game_id>/…``: look the game up, decide the role, refuse a role that lacks one of the
    capabilities listed (``companion/rules/roles.py`` says which kinds have them).

    The view gets ``game`` and ``role`` as keyword arguments. With none listed, everyone may ask (the answer
    is then shaped by the role)."""

    def wrap(view: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(view)
        def inner(game_id: str, **kwargs: Any) -> Any:
            game, opened = read_game(game_id)
            if game.kind != game_kind:
                raise ApiError(404, "not_found", f"no such {'Tapestry' if game_kind == 'tapestry' else 'AGoT'} game")
            role = checked_key(game.id, opened, "game")
            if not all(role.can(need) for need in needs):
                allowed = " or ".join(k.value for k in kinds_that(*needs))
                raise ApiError(403, "forbidden", f"{what} needs a {allowed} key")
            current_globals().role = role
            return view(game=game, role=role, **kwargs)

        inner.permission = [n.value for n in needs] or ["anyone"]  # type: ignore[attr-defined]
        return inner

    return wrap
