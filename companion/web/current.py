"""The request and its globals themselves, not through Flask's proxies.

``flask.request`` and ``flask.g`` are proxies: each attribute read through one first fails the
proxy's own look-up (an ``AttributeError`` made and dropped) and then finds the object: a microsecond each, against a
few hundredths read from the object itself. Even the proxy's ``_get_current_object`` is a Python call around the
context variable's ``get``, and a write's route and the hooks and views around it ask some forty times an action, so
these read Flask's context variables themselves (the ones its proxies are made over). Outside a request (or an app
context), these raise what the proxies raise.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Request, current_app, g, request
from flask.globals import _cv_app, _cv_request


def current_request() -> Request:
    """The request being answered (``flask.request``'s object)."""
    try:
        return _cv_request.get().request
    except LookupError:
        found: Request = request._get_current_object()  # type: ignore[attr-defined]  # raises the proxy's error
        return found


def current_application() -> Flask:
    """The app answering (``flask.current_app``'s object): its extensions hold the services every view asks for."""
    try:
        return _cv_app.get().app
    except LookupError:
        found: Flask = current_app._get_current_object()  # type: ignore[attr-defined]  # raises the proxy's error
        return found


def current_globals() -> Any:
    """The request's ``flask.g`` object (``get``, ``in``, attributes: as ``g`` has them)."""
    try:
        return _cv_app.get().g
    except LookupError:
        return g._get_current_object()  # raises the proxy's error

