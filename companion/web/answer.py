"""The app's answers: Flask's ``Response``, handed to the server without werkzeug's copy of its headers when nothing
in them needs fixing.

werkzeug hands every answer over by copying its headers into a new ``Headers``, looking through them for a location
to make absolute and a length to count, and wrapping the body in an iterator that closes it: some ninety Python calls
an answer, a thirtieth of a table action's time on the server. An answer whose body is one byte string already (JSON,
a page) with its length set, no location header, no ``call_on_close`` and a status that has a body is handed over as
it is: its header list and its body. Any other answer goes werkzeug's way, unchanged.

Every answer carries the security headers (``SECURITY_HEADERS``, unless it set its own), and ``Cache-Control:
no-store`` for the API and for any request with a key: an answer of this class has them added to the list it hands
over (four headers added one by one to werkzeug's ``Headers``, each checked for line breaks, cost as much again), any
other answer by the app's hook (companion/web/__init__.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import Response as FlaskResponse
from werkzeug.datastructures import Headers

#: No script but our own files (no inline script or handlers), no framing, no form posts elsewhere.
CSP = "; ".join([
    "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:", "media-src 'self' blob:", "connect-src 'self'", "frame-ancestors 'none'",
    "form-action 'self'", "base-uri 'none'", "object-src 'none'",
])

#: Added to every answer that does not set its own.
SECURITY_HEADERS = (("Referrer-Policy", "no-referrer"), ("X-Content-Type-Options", "nosniff"),
                    ("X-Frame-Options", "DENY"), ("Content-Security-Policy", CSP))

SECURITY_BY_NAME = tuple((name.lower(), name, value) for name, value in SECURITY_HEADERS)

#: Headers werkzeug rewrites (``get_wsgi_headers``): an answer with one goes its way.
_REWRITTEN = frozenset({"location", "content-location"})


def no_store(path: str, authorization: str | None) -> bool:
    """An answer no cache keeps: the API's (``path``: the request's, from its first slash), and any to a key."""
    return path.startswith("/api/") or bool(authorization)


def _asked_path(environ: dict[str, Any]) -> str:
    """The request's path as werkzeug's ``Request.path`` begins (one slash, then PATH_INFO's own)."""
    return "/" + str(environ.get("PATH_INFO", "")).lstrip("/")


class Response(FlaskResponse):
    @classmethod
    def encoded(cls, body: bytes, status: int, content_type: str = "application/json") -> Response:
        """What ``cls(body, status, mimetype=content_type)`` makes (a JSON type: no charset added; test_answer compares
        the two), its two headers put in its ``Headers``' list as werkzeug keeps them rather than each set through
        ``Headers.__setitem__``'s checks (a type of ours and a number: no line breaks): every answer to a write is one,
        and the constructor's way was thirty calls."""
        headers = Headers()
        headers._list = [("Content-Type", content_type), ("Content-Length", str(len(body)))]
        answer = cls(status=status, headers=headers)
        answer.response = [body]
        return answer

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        body = self.response
        status = self.status_code
        if (type(body) is list and len(body) == 1 and type(body[0]) is bytes and not self._on_close
                and status >= 200 and status not in (204, 304) and not self.direct_passthrough
                and environ.get("REQUEST_METHOD") != "HEAD"):
            headers = self.headers.to_wsgi_list()
            names = {name.lower() for name, _value in headers}
            if "content-length" in names and not names & _REWRITTEN:
                headers += [(name, value) for lowered, name, value in SECURITY_BY_NAME if lowered not in names]
                if no_store(_asked_path(environ), environ.get("HTTP_AUTHORIZATION")):
                    headers = _set(headers, "Cache-Control", "no-store") if "cache-control" in names else [
                        *headers, ("Cache-Control", "no-store")]
                start_response(self.status, headers)
                return body
        add_security_headers(self.headers, environ)
        return super().__call__(environ, start_response)


def _set(headers: list[tuple[str, str]], name: str, value: str) -> list[tuple[str, str]]:
    """werkzeug's ``Headers.set`` on a header list: the first header of that name takes the value, the others go."""
    lowered, out, done = name.lower(), [], False
    for header in headers:
        if header[0].lower() != lowered:
            out.append(header)
        elif not done:
            out.append((name, value))
            done = True
    return out


def add_security_headers(h: Headers, environ: dict[str, Any]) -> None:
    """The security headers and ``no-store`` added to an answer's own headers (werkzeug's way; what the app's hook adds
    to an answer of another class)."""
    have = {name.lower() for name, _value in h.items()}
    for lowered, name, value in SECURITY_BY_NAME:
        if lowered not in have:
            h.add(name, value)
    if no_store(_asked_path(environ), environ.get("HTTP_AUTHORIZATION")):
        h["Cache-Control"] = "no-store"
