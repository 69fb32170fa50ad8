"""The request and its globals themselves, not through Flask's proxies.

``flask.request`` and ``flask.g`` are proxies: each attribute read through one first fails the proxy's own look-up
(an ``AttributeError`` made and dropped) and then finds the object: a microsecond each, against a few hundredths read
from the object itself. A write's route and the hooks around it read a score of them; the hot ones read the object
once. Outside a request, these raise what the proxies raise.
"""

from __future__ import annotations

from typing import Any

from flask import Request, g, request


def current_request() -> Request:
    """The request being answered (``flask.request``'s object)."""
    found: Request = request._get_current_object()  # type: ignore[attr-defined]
    return found


def current_globals() -> Any:
    """The request's ``flask.g`` object (``get``, ``in``, attributes: as ``g`` has them)."""
    return g._get_current_object()
