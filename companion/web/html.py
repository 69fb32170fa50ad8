"""A page in the reader's language, and the friendly error page: shared by the page routes (``pages``,
the event pages) and the error handlers (``errors``), which must not import the routes."""

from __future__ import annotations

from typing import Any

from flask import render_template, request
from werkzeug.exceptions import HTTPException

from companion.messages import catalogue, language


def page(template: str, **context: Any) -> str:
    """A page in the reader's language (the browser may switch it; the choice is kept on the phone)."""
    lang = language(request.headers.get("Accept-Language"))
    return render_template(template, lang=lang, m=catalogue(lang), **context)


def wants_html() -> bool:
    """A person's browser asking for a page (not the API, not a script)."""
    return not request.path.startswith("/api/") and "text/html" in request.headers.get("Accept", "")


def html_error(exc: HTTPException) -> tuple[str, int]:
    """A friendly error page in the reader's language instead of JSON."""
    status = exc.code or 500
    return page("error.html", status=status, what="notFound" if status == 404 else "serverError"), status
