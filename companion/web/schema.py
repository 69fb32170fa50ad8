"""Request bodies declared once, with msgspec (``companion/declare.py``): the declaration validates the body and
is the schema the OpenAPI document publishes.

A write route declares its body next to its size limit::

    class UndoBody(Body):
        expected_version: Version
        request_id: RequestId | None = None
        seq: Annotated[int, number(1, 10**6), answers("bad_seq")] | None = None

    @api.post("/games/<game_id>/undo")
    @limit(1024)
    @requires(...)
    @accepts(UndoBody)
    def undo(game, role): data = body()   # already checked; declared(UndoBody) is the typed body

A body that does not fit answers 400 with ``details.field`` naming the field, and the error code of the nearest
``answers(...)`` on the way to it (``error.<code>`` in the message catalogue), default ``bad_body``. What a
declaration cannot say (a seat named twice, a faction of the 2nd edition, a deck's slots) stays in the route,
after the declaration has settled the types. An action in a body is decoded once (``posted_action`` on the
action route, ``decode_action`` elsewhere) and handed on as an ``Action``.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from typing import Annotated, Any, TypeVar, overload

import msgspec
from flask import request
from msgspec import Meta

from companion import safejson
from companion.declare import Invalid, convert, schema, text
from companion.rules import Action, ActionError, action_from_dict
from companion.web.current import current_globals, current_request
from companion.web.errors import ApiError

B = TypeVar("B", bound="Body")


class Body(msgspec.Struct, kw_only=True):
    """A route's JSON body. Fields the declaration does not name are ignored, as they always were."""


def answers(error: str) -> Meta:
    """The error code a problem with this field (or inside it) answers: ``error.<code>`` in the catalogue."""
    return Meta(extra_json_schema={"x-code": error})


#: The highest version a query or a body may name (a log holds at most some 25,000 entries).
MAX_VERSION = 10**9
#: The fields every versioned game write sends.
Version = Annotated[int, Meta(ge=0, le=MAX_VERSION, description="the game version your device last saw"),
                    answers("missing_version")]
RequestId = Annotated[str, text(8, 64, r"^[A-Za-z0-9_-]{8,64}$", description="8 to 64 letters, digits, _ or -"),
                      answers("bad_request_id")]


class ActionBody(Body):
    """An action to record: decoded once, by ``decode_action`` (its fields: ``#/components/schemas/Action``)."""

    expected_version: Version
    action: Annotated[dict[str, Any], Meta(extra_json_schema={"$ref": "#/components/schemas/Action"}),
                      answers("bad_action")]
    request_id: RequestId | None = None


# -- the decorator and the body --------------------------------------------------------------------------


def accepts(kind: type[Body]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The route's JSON body must fit ``kind`` (a 400 naming the field otherwise); the OpenAPI document
    publishes its schema (``view.body_schema``)."""
    published = body_schema(kind)

    def wrap(view_fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(view_fn)
        def inner(*args: Any, **kwargs: Any) -> Any:
            current_globals().declared = enforce(kind, body())
            return view_fn(*args, **kwargs)

        inner.body_schema = published  # type: ignore[attr-defined]  # read by openapi.py and the tests
        inner.body_kind = kind  # type: ignore[attr-defined]
        return inner

    return wrap


@functools.cache
def body_schema(kind: type[Body]) -> dict[str, Any]:
    """The published JSON schema of a body (msgspec's, inline)."""
    return schema(kind)


def enforce(kind: type[B], data: Any) -> B:
    """``data`` as ``kind``, or a 400 in the one error shape, naming the field in ``details.field``."""
    try:
        return convert(data, kind)
    except Invalid as exc:
        raise ApiError(400, error_code(body_schema(kind), exc.field), str(exc), field=exc.field) from None


def declared(kind: type[B]) -> B:
    """The body ``@accepts(kind)`` checked, typed."""
    value = current_globals().declared
    if not isinstance(value, kind):
        raise TypeError(f"the route declares no {kind.__name__}")
    return value


def decode_action(data: dict[str, Any], field: str = "action") -> Action:
    """The one decoding of a posted action: its type, fields and bounds (a 400 ``bad_action`` naming the field
    otherwise). The store and the rules take the ``Action`` as it is."""
    try:
        return action_from_dict(data)
    except ActionError as exc:
        inner = getattr(exc, "field", "")
        raise ApiError(400, "bad_action", str(exc), field=f"{field}.{inner}" if inner else field) from None


def posted_action() -> tuple[ActionBody, Action]:
    """The body ``@accepts(ActionBody)`` checked, and its action, decoded once: what the route hands on."""
    checked = declared(ActionBody)
    return checked, decode_action(checked.action)


def decode_action_body(data: Any) -> tuple[ActionBody, Action]:
    """A parsed body of ``POST /games/ID/actions``: the body and its action, each validated once."""
    checked = enforce(ActionBody, data)
    return checked, decode_action(checked.action)


_STEP = re.compile(r"\.([^.\[]+)|\[[^\]]*\]")


def error_code(published: dict[str, Any], field: str, default: str = "bad_body") -> str:
    """The nearest ``x-code`` on the way to ``field`` (``seats[0].seat``) in a published schema."""
    found = default
    node: dict[str, Any] | None = published
    for step in _STEP.finditer("." + field if field else ""):
        if node is None:
            break
        found = _own_code(node, found)
        node = _child(node, step.group(1))
    return found if node is None else _own_code(node, found)


def _own_code(node: dict[str, Any], found: str) -> str:
    if "x-code" in node:
        return str(node["x-code"])
    for option in node.get("anyOf", []):
        if "x-code" in option:
            return str(option["x-code"])
    return found


def _child(node: dict[str, Any], name: str | None) -> dict[str, Any] | None:
    """The schema of a property (``name``) or of an item or value (``name`` None) inside ``node``."""
    for option in [node, *node.get("anyOf", [])]:
        if name is not None and name in option.get("properties", {}):
            child: dict[str, Any] = option["properties"][name]
            return child
        if name is None and isinstance(option.get("items"), dict):
            child = option["items"]
            return child
        if name is None and isinstance(option.get("additionalProperties"), dict):
            child = option["additionalProperties"]
            return child
    return None


def body() -> dict[str, Any]:
    """The JSON object a write sends (parsed once a request). Only ``application/json``: a form or
    ``text/plain`` body is what another site's page could make a browser send."""
    known, asked = current_globals(), current_request()
    if "json_body" in known:
        parsed: dict[str, Any] = known.json_body
        return parsed
    sent: bytes | None = asked.environ.get("companion.body")  # as the ASGI server read it (companion/web/asgi.py)
    if sent is None or asked.environ.get("CONTENT_TYPE") != "application/json":
        if asked.mimetype != "application/json":
            raise ApiError(415, "bad_content_type", "send the body as application/json")
        sent = asked.get_data(cache=True)
    try:
        data = safejson.loads(sent or b"null")
    except safejson.LongNumber as exc:  # refused while still text: int() of 4,301 digits raises
        raise ApiError(400, "bad_number", str(exc), field=exc.field, digits=exc.digits,
                       limit=safejson.MAX_DIGITS) from None
    except RecursionError:
        raise ApiError(400, "bad_body", "the request body is nested too deeply") from None
    except ValueError:
        raise ApiError(400, "bad_body", "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise ApiError(400, "bad_body", "the request body must be a JSON object")
    if not storable(data, 1 << 30):
        raise ApiError(400, "bad_text", "the request has text that cannot be stored (a lone surrogate character)")
    known.json_body = data
    return data


#: ``json.dumps(..., ensure_ascii=False)``'s encoder, made once (``storable`` is asked for every write's body).
_AS_TEXT = json.JSONEncoder(ensure_ascii=False)


def storable(data: Any, limit: int = 4096) -> bool:
    """Can this be written as UTF-8 (no lone surrogates), in at most ``limit`` bytes?"""
    try:
        return len(_AS_TEXT.encode(data).encode("utf-8")) <= limit
    except (UnicodeEncodeError, ValueError, RecursionError):
        return False


@overload
def query_int(name: str, default: int, lo: int, hi: int) -> int: ...
@overload
def query_int(name: str, default: None, lo: int, hi: int) -> int | None: ...
def query_int(name: str, default: int | None, lo: int, hi: int) -> int | None:
    """A whole number from the query string, ``lo`` to ``hi``; a 400 naming the parameter otherwise (checked
    while it is text: a 5,000-digit value is never converted)."""
    raw = request.args.get(name)
    return bounded_int(name, raw, default, lo, hi)


@overload
def bounded_int(name: str, raw: str | None, default: int, lo: int, hi: int) -> int: ...
@overload
def bounded_int(name: str, raw: str | None, default: None, lo: int, hi: int) -> int | None: ...
def bounded_int(name: str, raw: str | None, default: int | None, lo: int, hi: int) -> int | None:
    if raw is None or raw == "":
        return default
    if len(raw) > 20 or not re.fullmatch(r"-?[0-9]+", raw) or not lo <= int(raw) <= hi:
        raise ApiError(400, f"bad_{name.lower().replace('-', '_')}",
                       f"{name} must be a whole number from {lo} to {hi}", field=name, lo=lo, hi=hi)
    return int(raw)
