"""The app's answers are handed to the server as werkzeug hands them: the same status, headers and body."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from flask import Request
from flask import Response as FlaskResponse

from companion.web import create_app
from companion.web.answer import SECURITY_HEADERS, Response


def handed(response: FlaskResponse, method: str = "GET", path: str = "/api/games/x/actions",
           key: str | None = None) -> tuple[str, list[tuple[str, str]], bytes, bool]:
    started: list[Any] = []
    environ = {"REQUEST_METHOD": method, "SERVER_NAME": "localhost", "SERVER_PORT": "80", "wsgi.url_scheme": "http",
               "PATH_INFO": path, "SCRIPT_NAME": "", "HTTP_HOST": "localhost",
               **({"HTTP_AUTHORIZATION": f"Bearer {key}"} if key else {})}
    if not isinstance(response, Response):  # what the app's hook added to every answer before (written out here)
        asked, h = Request(environ), response.headers
        have = {name.lower() for name, _value in h.items()}
        for name, value in SECURITY_HEADERS:
            if name.lower() not in have:
                h.add(name, value)
        if asked.path.startswith("/api/") or asked.headers.get("Authorization"):
            h["Cache-Control"] = "no-store"
    body = response(environ, lambda status, headers, exc_info=None: started.extend([status, headers]))
    return started[0], started[1], b"".join(body), type(body) is list


def both(make: Any, method: str = "GET", path: str = "/api/games/x/actions", key: str | None = None) -> tuple[Any, Any]:
    ours, theirs = make(Response), make(FlaskResponse)
    return handed(ours, method, path, key), handed(theirs, method, path, key)


@pytest.mark.parametrize("make", [
    lambda cls: cls(b'{"version":3}', status=201, mimetype="application/json"),
    lambda cls: cls("Grüße", mimetype="text/plain", headers={"Cache-Control": "max-age=60"}),
    lambda cls: cls(b"[]", status=409, mimetype="application/json", headers=[("cache-control", "a"),
                                                                              ("X-Frame-Options", "SAMEORIGIN"),
                                                                              ("Cache-Control", "b")]),
])
@pytest.mark.parametrize("path,key", [("/api/games/x/actions", None), ("/g/x", "k"), ("/g/x", None), ("//api/x", None)])
def test_a_json_or_text_answer_is_handed_over_as_it_is_with_what_werkzeug_would_send(make: Any, path: str,
                                                                                      key: str | None) -> None:
    """The same status, headers (the security headers and ``no-store`` among them, in the same order) and body."""
    (status, headers, body, direct), (w_status, w_headers, w_body, _) = both(make, path=path, key=key)
    assert (status, headers, body) == (w_status, w_headers, w_body)
    assert ("X-Content-Type-Options", "nosniff") in headers
    assert (("Cache-Control", "no-store") in headers) == (path != "/g/x" or key is not None)
    assert direct  # the body list itself: no copy of the headers, no closing iterator


@pytest.mark.parametrize("make,method", [
    (lambda cls: cls(b"", status=302, headers={"Location": "/g/x?ä=1"}), "GET"),  # made absolute by werkzeug
    (lambda cls: cls(b"", status=204), "POST"),  # no Content-Length on a 204
    (lambda cls: cls(b"{}", mimetype="application/json"), "HEAD"),  # no body to a HEAD
    (lambda cls: cls(iter([b"a", b"b"]), mimetype="text/plain"), "GET"),  # a stream
])
def test_an_answer_werkzeug_rewrites_goes_its_way(make: Any, method: str) -> None:
    (status, headers, body, direct), theirs = both(make, method)
    assert (status, headers, body) == theirs[:3]
    assert not direct


@pytest.mark.parametrize("status", [200, 201, 202, 409])
@pytest.mark.parametrize("body", [b'{"version":3}', "{\"name\":\"Grüße\"}".encode(), b""])
def test_an_encoded_json_answer_is_what_werkzeugs_constructor_makes(status: int, body: bytes) -> None:
    """``Response.encoded`` sets its headers without werkzeug's way of setting them one by one: the same status,
    headers (in the same order) and body as werkzeug's own answer of that JSON, as made and as handed over."""
    ours, theirs = Response.encoded(body, status), FlaskResponse(body, status=status, mimetype="application/json")
    assert (ours.status, ours.status_code, list(ours.headers.items()), ours.get_data()) == (
        theirs.status, theirs.status_code, list(theirs.headers.items()), theirs.get_data())
    assert ours.headers["content-length"] == str(len(body)) and ours.mimetype == "application/json"
    for path, key in (("/api/games/x/actions", None), ("/g/x", "k"), ("/g/x", None)):
        ours, theirs = Response.encoded(body, status), FlaskResponse(body, status=status, mimetype="application/json")
        assert handed(ours, path=path, key=key)[:3] == handed(theirs, path=path, key=key)[:3]
    ours.headers["Cache-Control"] = "max-age=1"  # its headers are its own, as werkzeug's are
    assert "Cache-Control" not in Response.encoded(body, status).headers


def test_a_close_callback_still_runs() -> None:
    closed: list[bool] = []
    response = Response(b"{}", mimetype="application/json")
    response.call_on_close(lambda: closed.append(True))
    started: list[Any] = []
    body = response({"REQUEST_METHOD": "GET"}, lambda status, headers, exc_info=None: started.append(status))
    b"".join(body)
    body.close()  # type: ignore[attr-defined]
    assert closed == [True]


def test_the_app_answers_with_it(tmp_path: Any) -> None:
    app = create_app({"DATABASE": str(tmp_path / "g.db"), "TESTING": True})
    with app.test_client() as client:
        answer = client.post("/api/games", json={"seats": ["A", "B"]})
    assert answer.status_code == 201
    assert isinstance(app.response_class(), Response)
    # The security headers the app adds to every answer are in what was handed over.
    assert answer.headers["X-Frame-Options"] == "DENY" and answer.headers["Cache-Control"] == "no-store"
    assert int(answer.headers["Content-Length"]) == len(answer.data)


def asgi_post(server: Any, path: str, body: bytes, content_type: str, key: str | None = None) -> tuple[int, Any]:
    headers = {"host": "127.0.0.1:8000", "content-type": content_type, "content-length": str(len(body))}
    if key:
        headers["authorization"] = "Bearer " + key
    scope = {"method": "POST", "path": path, "query_string": b"", "http_version": "1.1",
             "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 5555), "scheme": "http"}
    status, _headers, answer = server.call_wsgi(server.environ(scope, headers, body))
    return status, json.loads(answer)


def test_a_write_read_whole_by_the_asgi_server_is_taken_as_it_was_read(tmp_path: Any) -> None:
    """The ASGI server hands a write's body as it read it: the route takes it without werkzeug's stream, and still
    only as JSON; a body over the app's own limit goes werkzeug's way (413)."""
    from companion.web.asgi import CompanionASGI

    app = create_app({"DATABASE": str(tmp_path / "g.db"), "TESTING": True})
    server = CompanionASGI(app)
    body = json.dumps({"seats": ["A", "B"]}).encode()
    status, made = asgi_post(server, "/api/games", body, "application/json")
    assert status == 201
    gid, key = made["game"]["id"], made["seats"][0]["key"]
    action = json.dumps({"action": {"type": "gain_gold", "player": "A", "amount": 2}, "expected_version": 0}).encode()
    assert asgi_post(server, f"/api/games/{gid}/actions", action, "text/plain", key)[0] == 415
    status, first = asgi_post(server, f"/api/games/{gid}/actions", action, "application/json; charset=utf-8", key)
    assert status == 201
    again = json.dumps({"action": {"type": "spend_gold", "player": "A", "amount": 1},
                        "expected_version": first["version"]}).encode()
    status, answer = asgi_post(server, f"/api/games/{gid}/actions", again, "application/json", key)
    assert status == 201 and answer["version"] == first["version"] + 1, (first, answer)
    assert asgi_post(server, f"/api/games/{gid}/actions", b"{not json", "application/json", key)[0] == 400
    # Taken as the server read it: werkzeug's stream over it is not read at all.
    scope = {"method": "POST", "path": "/api/games", "query_string": b"", "http_version": "1.1"}
    environ = server.environ(scope, {"host": "127.0.0.1", "content-type": "application/json",
                                     "content-length": str(len(body))}, body)
    environ["wsgi.input"] = io.BytesIO(b"")
    assert server.call_wsgi(environ)[0] == 201
    app.config["MAX_CONTENT_LENGTH"] = 20
    assert "companion.body" not in server.environ(scope, {}, body)
    assert asgi_post(server, "/api/games", body, "application/json")[0] == 413


def test_the_asgi_server_hands_over_each_answers_own_headers(tmp_path: Any) -> None:
    """The header bytes the ASGI server remembers are each answer's own: its length, its type, the security headers,
    lower-cased as ASGI carries them; and it remembers a bounded number of them."""
    from companion.web import asgi
    from companion.web.asgi import CompanionASGI

    server = CompanionASGI(create_app({"DATABASE": str(tmp_path / "g.db"), "TESTING": True}))
    scope = {"method": "POST", "path": "/api/games", "query_string": b"", "http_version": "1.1",
             "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 5555), "scheme": "http"}
    for seats in (["A", "B"], ["A", "B", "C"], ["A", "B"]):
        body = json.dumps({"seats": seats}).encode()
        status, headers, answer = server.call_wsgi(server.environ(
            scope, {"host": "127.0.0.1", "content-type": "application/json", "content-length": str(len(body))}, body))
        assert status == 201
        named = dict(headers)
        assert named[b"content-length"] == str(len(answer)).encode() and named[b"content-type"] == b"application/json"
        assert named[b"x-frame-options"] == b"DENY" and named[b"cache-control"] == b"no-store"
        assert all(name == name.lower() for name, _value in headers)
    for n in range(asgi.HEADERS_KEPT + 10):
        assert asgi.header_bytes(("X-N", str(n))) == (b"x-n", str(n).encode())
    assert len(asgi._HEADER_BYTES) <= asgi.HEADERS_KEPT


def test_the_asgi_server_reads_request_headers_as_their_plain_definition_says(tmp_path: Any) -> None:
    """The names it remembers are each header's own, lower-cased; the last of a name counts; their size counts name,
    value and four bytes each; over a hundred headers or 16 KiB of them is refused (431), and what it remembers is
    bounded."""
    import asyncio

    from companion.web import asgi

    raw = [(b"Host", b"127.0.0.1"), (b"X-Thing", b"a"), (b"x-thing", b"b\xe9"), (b"Authorization", b"Bearer k")]
    for _ in range(2):  # read anew, then from what it remembers
        headers, size = asgi.read_headers(raw)
        assert headers == {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in raw}
        assert headers["x-thing"] == "bé" and size == sum(len(k) + len(v) + 4 for k, v in raw)
    server = asgi.CompanionASGI(create_app({"DATABASE": str(tmp_path / "g.db"), "TESTING": True}))
    scope = {"method": "GET", "path": "/api/health", "query_string": b"", "http_version": "1.1"}
    environ = server.environ(scope, asgi.read_headers([*raw, (b"User-Agent", b"t")])[0], b"")
    assert environ["HTTP_X_THING"] == "bé" and environ["HTTP_USER_AGENT"] == "t" and environ["HTTP_HOST"] == "127.0.0.1"

    def status(headers: list[tuple[bytes, bytes]]) -> int:
        sent: list[Any] = []

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        asyncio.run(server({**scope, "type": "http", "headers": headers}, receive, send))
        return int(sent[0]["status"])

    assert status([(b"host", b"127.0.0.1"), *[(b"x-%d" % n, b"v") for n in range(asgi.MAX_HEADERS - 1)]]) == 200
    assert status([(b"host", b"127.0.0.1"), *[(b"x-%d" % n, b"v") for n in range(asgi.MAX_HEADERS)]]) == 431
    assert status([(b"host", b"127.0.0.1"), (b"x", b"a" * (asgi.MAX_HEADER_BYTES - 9 - 8 - 5))]) == 200
    assert status([(b"host", b"127.0.0.1"), (b"x", b"a" * (asgi.MAX_HEADER_BYTES - 9 - 8 - 4))]) == 431
    for n in range(asgi.NAMES_KEPT + 10):
        assert asgi.read_headers([(b"X-%d" % n, b"v")])[0] == {f"x-{n}": "v"}
        assert asgi.environ_key(f"x-{n}") == f"HTTP_X_{n}"
    assert len(asgi._HEADER_NAMES) <= asgi.NAMES_KEPT and len(asgi._ENVIRON_KEYS) <= asgi.NAMES_KEPT


def test_a_requests_uploaded_files_are_still_closed_with_it() -> None:
    """The app's request closes what werkzeug's closes: the files a form's parse opened (a scan's upload)."""
    from werkzeug.test import EnvironBuilder

    from companion.web import CompanionRequest

    upload_form = {"image": (io.BytesIO(b"x" * 10), "a.jpg")}
    environ = EnvironBuilder(method="POST", path="/api/scan", data=upload_form).get_environ()
    asked = CompanionRequest(environ)
    upload = asked.files["image"]
    assert not upload.stream.closed
    asked.close()
    assert upload.stream.closed
    CompanionRequest(EnvironBuilder(method="POST", json={"a": 1}).get_environ()).close()  # none parsed: none to close


def test_every_request_shares_one_empty_session_nothing_can_be_written_to(tmp_path):
    """The app keeps no sessions: each request gets the one null session (not one made for it), which stays empty,
    refuses a write, and sets no cookie."""
    import flask

    from companion.web import NoSessions

    app = create_app({"DATABASE": str(tmp_path / "s.db"), "TESTING": True})
    held = []

    @app.get("/session-probe")
    def probe() -> Any:
        held.append(flask.session._get_current_object())  # type: ignore[attr-defined]
        with pytest.raises(RuntimeError):
            flask.session["seat"] = "A"
        return {"empty": not flask.session}

    client = app.test_client()
    answers = [client.get("/session-probe") for _ in range(2)]
    assert held[0] is held[1] is NoSessions.NULL
    assert all(a.get_json() == {"empty": True} and "Set-Cookie" not in a.headers for a in answers)
    assert dict(NoSessions.NULL) == {}
