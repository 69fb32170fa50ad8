"""The Flask app factory. Configuration comes from arguments, then the environment."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path
from types import FunctionType
from typing import Any

from flask import Flask, Request, Response
from flask.json.provider import DefaultJSONProvider
from flask.sessions import NullSession, SecureCookieSessionInterface
from werkzeug.routing import IntegerConverter, Map, MapAdapter, Rule
from werkzeug.routing.rules import RuleFactory

from companion import __version__, safejson
from companion.paths import catalog_path, database_path
from companion.scan.engines import zbar_status
from companion.web.answer import CSP as CSP
from companion.web.answer import SECURITY_HEADERS as SECURITY_HEADERS
from companion.web.answer import Response as Answer
from companion.web.answer import add_security_headers
from companion.web.current import current_request
from companion.web.errors import answer
from companion.web.services import Services


class BoundedJSON(DefaultJSONProvider):
    """``request.get_json`` reads integers of at most ``safejson.MAX_DIGITS`` digits (refused as text)."""

    sort_keys = False

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return safejson.loads(s)


class BoundedInt(IntegerConverter):
    """``<int:…>`` in a route: at most 9 digits, so a path never carries a number SQLite cannot hold (a
    longer one matches no route: 404)."""

    regex = r"\d{1,9}"


#: Matches ``RoutesMap`` remembers before it starts again (a table's phones ask the same few paths again and again).
MATCHES = 4096


class RoutesMap(Map):
    """werkzeug's routes, each path's match remembered: every request matched its path against every route again
    (a twentieth of an action's time on the server). Only a path that matched is remembered (with its values; each
    request gets its own copy of them), by host, path, method and websocket, as werkzeug's matcher reads them; a
    route added forgets them all."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._matches: dict[tuple[str, str, str, bool], tuple[Rule, dict[str, Any]]] = {}
        self._bound: dict[tuple[Any, ...], MapAdapter] = {}
        super().__init__(*args, **kwargs)
        matcher = getattr(self, "_matcher", None)  # werkzeug's own (2.2 and later); without it, matched as before
        if matcher is None or not callable(getattr(matcher, "match", None)):
            return
        real = matcher.match

        def match(domain: str, path: str, method: str, websocket: bool) -> tuple[Rule, dict[str, Any]]:
            key = (domain, path, method, websocket)
            found = self._matches.get(key)
            if found is None:
                rule, values = real(domain, path, method, websocket)  # no match raises: nothing remembered
                found = (rule, dict(values))
                if len(self._matches) >= MATCHES:
                    self._matches.clear()
                self._matches[key] = found
            return found[0], dict(found[1])

        matcher.match = match

    def add(self, rulefactory: RuleFactory) -> None:
        self._matches.clear()
        self._bound.clear()
        super().add(rulefactory)

    def bind_to_environ(self, environ: Any, server_name: str | None = None,
                        subdomain: str | None = None) -> MapAdapter:
        """werkzeug's, each adapter remembered by what it is made of (the environ's values ``BOUND_BY`` names, and the
        two hints): every request made one again from the same host, path and method (a table's phones ask the same
        few), and an adapter is read only once made."""
        env = getattr(environ, "environ", environ)  # (a request, as werkzeug takes it too)
        key = (server_name, subdomain, *map(env.get, BOUND_BY))
        adapter = self._bound.get(key)
        if adapter is None:
            adapter = super().bind_to_environ(environ, server_name, subdomain)
            if len(self._bound) >= MATCHES:
                self._bound.clear()
            self._bound[key] = adapter
        return adapter


#: What werkzeug's ``bind_to_environ`` reads of the environ (its host, scheme, websocket upgrade, paths and method).
BOUND_BY = ("HTTP_HOST", "SERVER_NAME", "SERVER_PORT", "wsgi.url_scheme", "HTTP_CONNECTION", "HTTP_UPGRADE",
            "SCRIPT_NAME", "PATH_INFO", "REQUEST_METHOD", "QUERY_STRING")


#: Plain functions ``ensure_sync`` remembers as synchronous before it starts again (the app's views and hooks).
SYNC_KNOWN = 4096


class CompanionRequest(Request):
    def close(self) -> None:
        """werkzeug's: the files a form's parse opened are closed. A request that parsed none (every JSON request) has
        nothing to close, and werkzeug's loop over none of them was half a dozen calls a request."""
        if self.__dict__.get("files"):
            super().close()


class NoSessions(SecureCookieSessionInterface):
    """The app keeps no sessions (no secret key: a key in the request opens a game). Flask's interface looked for a
    signing key and made a new empty session that refuses writes for every request; this hands every request the one
    such session (empty, and nothing can be written to it)."""

    NULL = NullSession()

    def open_session(self, app: Flask, request: Request) -> None:
        return None

    def make_null_session(self, app: Flask) -> NullSession:
        return self.NULL


class CompanionFlask(Flask):
    url_map_class = RoutesMap
    session_interface = NoSessions()
    request_class = CompanionRequest
    response_class = Answer  # handed to the server without werkzeug's copy of its headers (companion/web/answer.py)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sync_known: set[Callable[..., Any]] = set()

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """Flask's, each plain function found synchronous remembered: every request asks it of the view and of each
        hook (half a dozen times), and the look at the function's code flags cost more than the hook itself."""
        if func in self._sync_known:
            return func
        made = super().ensure_sync(func)
        if made is func and type(func) is FunctionType:
            if len(self._sync_known) >= SYNC_KNOWN:
                self._sync_known.clear()
            self._sync_known.add(func)
        return made


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = CompanionFlask(__name__)
    app.config.update(
        DATABASE=os.environ.get("COMPANION_DB"),
        CATALOG=os.environ.get("COMPANION_CATALOG"),
        MAX_CONTENT_LENGTH=int(os.environ.get("COMPANION_MAX_UPLOAD", 16 * 1024 * 1024)),
        STREAM_KEEPALIVE=15.0,
        # Host names this server answers to, besides loopback and its own addresses (DNS rebinding).
        ALLOWED_HOSTS=[h for h in os.environ.get("COMPANION_ALLOWED_HOSTS", "").split(",") if h],
        DURABILITY=os.environ.get("COMPANION_DURABILITY", "normal"),
    )
    app.config.update(config or {})
    app.json = BoundedJSON(app)
    app.url_map.converters["int"] = BoundedInt

    from companion.web import errors
    from companion.web.api import api
    from companion.web.openapi import openapi_api
    from companion.web.pages import pages
    from companion.web.tapestry_api import tapestry_api
    from companion.web.tts_api import tts_api

    app.register_blueprint(pages)
    app.register_blueprint(api, url_prefix="/api")
    app.register_blueprint(openapi_api, url_prefix="/api")
    app.register_blueprint(tapestry_api, url_prefix="/api/tapestry")
    app.register_blueprint(tts_api, url_prefix="/api/tts")
    from companion.web.events_api import events_api, events_pages  # issue 15: events and the judge

    app.register_blueprint(events_api, url_prefix="/api")
    app.register_blueprint(events_pages)

    errors.register(app)
    secure(app)

    services = Services(
        database=Path(app.config["DATABASE"]) if app.config.get("DATABASE") else database_path(),
        catalog_path=Path(app.config["CATALOG"]) if app.config.get("CATALOG") else catalog_path(),
        durability=app.config["DURABILITY"],
    )

    @app.teardown_request
    def give_back(_exc: BaseException | None) -> None:
        services.release()

    app.extensions["companion"] = {"version": __version__, "zbar": zbar_status(), "services": services}
    return app




def host_allowed(host: str, allowed: list[str]) -> bool:
    """Only names this server is reached by: loopback, a literal IP address, or a configured name.
    A page on another site that points its own host name at this machine (DNS rebinding) is refused."""
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    name = name.strip("[]").lower()
    if name in ("localhost", *(a.lower() for a in allowed)) or name.endswith(".localhost"):
        return True
    return _ip_literal(name)


@functools.lru_cache(maxsize=256)
def _ip_literal(name: str) -> bool:
    """Whether a host name is an IP address (asked by every request: its few answers are remembered)."""
    import ipaddress

    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


#: Host names ``check_host`` remembers its answer for before it starts again.
HOSTS_KEPT = 256


def secure(app: Flask) -> None:
    known: dict[tuple[str, ...], bool] = {}  # by the host and the allowed names: a table's phones ask by one or two

    @app.before_request
    def check_host() -> Any:
        host, allowed = current_request().host or "", app.config["ALLOWED_HOSTS"]
        key = (host, *allowed)
        ok = known.get(key)
        if ok is None:
            if len(known) >= HOSTS_KEPT:
                known.clear()
            ok = known[key] = host_allowed(host, allowed)
        if not ok:
            return answer(421, "unknown_host", "this server does not answer to that host name "
                                               "(set COMPANION_ALLOWED_HOSTS to allow it)")
        return None

    @app.after_request
    def headers(response: Response) -> Response:
        if not isinstance(response, Answer):  # an answer of the app's own class adds them as it is handed over
            add_security_headers(response.headers, current_request().environ)
        return response
