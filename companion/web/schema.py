"""Request bodies checked against the JSON schema the OpenAPI document publishes: one object, both jobs.

A write route declares its body next to its size limit::

    @api.post("/games/<game_id>/undo")
    @limit(1024)
    @accepts(obj(["expected_version"], expected_version=VERSION, seq={"type": "integer", "nullable": True}))
    @requires(...)
    def undo(game, role): data = body()   # already checked

``companion/web/openapi.py`` publishes the same object as the route's ``requestBody``; ``validate`` checks
it. The subset understood (an OpenAPI 3.0 schema): ``type`` (one name), ``nullable``, ``enum``, ``const``,
``minimum``/``maximum``, ``minLength``/``maxLength``, ``pattern`` (a Python regex, matched in full by
``search``), ``minItems``/``maxItems``, ``items``, ``properties``, ``required``, ``additionalProperties``
(false or a schema), ``minProperties``/``maxProperties``, ``anyOf``, and ``$ref`` (not followed here: the
one referenced schema, ``Action``, is enforced by ``action_from_dict`` from the same declarations).
``x-code`` names the error code a problem inside that schema answers (``error.<code>`` in the message
catalogue), default ``bad_body``. What a schema cannot say (a seat named twice, a faction of the 2nd
edition, a deck's slots) stays in the route, after the schema has settled the types.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from typing import Any, overload

from flask import g, request

from companion import safejson
from companion.web.errors import ApiError

Schema = dict[str, Any]

TYPES: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "object": ("an object", lambda v: isinstance(v, dict)),
    "array": ("a list", lambda v: isinstance(v, list)),
    "string": ("text", lambda v: isinstance(v, str)),
    "integer": ("a whole number", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "number": ("a number", lambda v: isinstance(v, int | float) and not isinstance(v, bool)),
    "boolean": ("true or false", lambda v: isinstance(v, bool)),
}


class SchemaError(ValueError):
    """A body that does not fit its schema: which field, what is wrong, and the error code to answer."""

    def __init__(self, field: str, problem: str, code: str) -> None:
        super().__init__(f"{field or 'the body'}: {problem}")
        self.field, self.problem, self.code = field, problem, code


def _at(field: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{field}[{key}]"
    return f"{field}.{key}" if field else key


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b  # true is not 1


def validate(schema: Schema, value: Any, field: str = "", code: str = "bad_body") -> None:
    """Raise ``SchemaError`` naming the first field of ``value`` that ``schema`` does not allow."""
    code = schema.get("x-code", code)
    if "$ref" in schema:
        return
    if value is None and schema.get("nullable"):
        return
    if "anyOf" in schema:
        problems = []
        for option in schema["anyOf"]:
            try:
                validate(option, value, field, code)
                return
            except SchemaError as exc:
                problems.append(exc)
        fitting = [p for p in problems if p.field != field] or problems  # the option of the right type, if any
        raise fitting[0]
    if "const" in schema and not _same(value, schema["const"]):
        raise SchemaError(field, f"must be {json.dumps(schema['const'])}", code)
    if "enum" in schema and not any(_same(value, e) for e in schema["enum"]):
        raise SchemaError(field, "must be one of " + ", ".join(json.dumps(e) for e in schema["enum"]), code)
    kind = schema.get("type")
    if kind is not None and not TYPES[kind][1](value):
        raise SchemaError(field, f"must be {TYPES[kind][0]}", code)
    if isinstance(value, str):
        _text(schema, value, field, code)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            raise SchemaError(field, f"must be at least {schema['minimum']}", code)
        if "maximum" in schema and value > schema["maximum"]:
            raise SchemaError(field, f"must be at most {schema['maximum']}", code)
    elif isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            raise SchemaError(field, f"must have at least {schema['minItems']} item(s)", code)
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            raise SchemaError(field, f"must have at most {schema['maxItems']} items", code)
        if "items" in schema:
            for i, item in enumerate(value):
                validate(schema["items"], item, _at(field, i), code)
    elif isinstance(value, dict):
        _object(schema, value, field, code)


def _text(schema: Schema, value: str, field: str, code: str) -> None:
    if len(value) < schema.get("minLength", 0):
        raise SchemaError(field, "must not be empty" if schema["minLength"] == 1
                          else f"must be at least {schema['minLength']} characters", code)
    if "maxLength" in schema and len(value) > schema["maxLength"]:
        raise SchemaError(field, f"must be at most {schema['maxLength']} characters", code)
    if "pattern" in schema and not re.search(schema["pattern"], value):
        raise SchemaError(field, schema.get("description") or f"must match {schema['pattern']}", code)


def _object(schema: Schema, value: dict[str, Any], field: str, code: str) -> None:
    props: dict[str, Schema] = schema.get("properties", {})
    for name in schema.get("required", []):
        if name not in value:
            sub = props.get(name, {})
            hint = f" ({sub['description']})" if "description" in sub else ""
            raise SchemaError(_at(field, name), f"is required{hint}", sub.get("x-code", code))
    if len(value) < schema.get("minProperties", 0):
        raise SchemaError(field, f"must have at least {schema['minProperties']} entries", code)
    if "maxProperties" in schema and len(value) > schema["maxProperties"]:
        raise SchemaError(field, f"must have at most {schema['maxProperties']} entries", code)
    extra = schema.get("additionalProperties", True)
    for name, item in value.items():
        if name in props:
            validate(props[name], item, _at(field, name), code)
        elif extra is False:
            raise SchemaError(_at(field, name), "is not a field of this body", code)
        elif isinstance(extra, dict):
            validate(extra, item, _at(field, name), code)


# -- building schemas -------------------------------------------------------------------------------------


def obj(required: list[str], **props: Schema) -> Schema:
    return {"type": "object", "required": required, "properties": props}


def text(lo: int, hi: int, pattern: str | None = None, *, code: str | None = None, **more: Any) -> Schema:
    """A string of ``lo`` to ``hi`` characters; ``code``: the error code a problem with it answers."""
    out: Schema = {"type": "string", "minLength": lo, "maxLength": hi, **more}
    if pattern is not None:
        out["pattern"] = pattern
    if code is not None:
        out["x-code"] = code
    return out


#: The highest version a query or a body may name (a log holds at most some 25,000 entries).
MAX_VERSION = 10**9
#: The fields every versioned game write sends.
VERSION: Schema = {"type": "integer", "minimum": 0, "maximum": MAX_VERSION,
                   "description": "the game version your device last saw", "x-code": "missing_version"}
REQUEST_ID: Schema = text(8, 64, r"^[A-Za-z0-9_-]{8,64}$", code="bad_request_id", nullable=True,
                          description="8 to 64 letters, digits, _ or -")


# -- the decorator and the body --------------------------------------------------------------------------


def accepts(schema: Schema) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The route's JSON body must fit ``schema`` (a 400 naming the field otherwise); the OpenAPI document
    publishes the same object (``view.body_schema``)."""

    def wrap(view_fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(view_fn)
        def inner(*args: Any, **kwargs: Any) -> Any:
            enforce(schema, body())
            return view_fn(*args, **kwargs)

        inner.body_schema = schema  # type: ignore[attr-defined]  # read by openapi.py and the tests
        return inner

    return wrap


def enforce(schema: Schema, data: dict[str, Any]) -> None:
    """``validate``, answered as a 400 in the one error shape, naming the field in ``details.field``."""
    try:
        validate(schema, data)
    except SchemaError as exc:
        raise ApiError(400, exc.code, str(exc), field=exc.field) from None


def body() -> dict[str, Any]:
    """The JSON object a write sends (parsed once a request). Only ``application/json``: a form or
    ``text/plain`` body is what another site's page could make a browser send."""
    if "json_body" in g:
        parsed: dict[str, Any] = g.json_body
        return parsed
    if request.mimetype != "application/json":
        raise ApiError(415, "bad_content_type", "send the body as application/json")
    try:
        data = safejson.loads(request.get_data(cache=True) or b"null")
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
    g.json_body = data
    return data


def storable(data: Any, limit: int = 4096) -> bool:
    """Can this be written as UTF-8 (no lone surrogates), in at most ``limit`` bytes?"""
    try:
        return len(json.dumps(data, ensure_ascii=False).encode("utf-8")) <= limit
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
