"""Request bodies are checked by the schema each route declares (``@accepts``), the same object the OpenAPI
document publishes. Random bodies are built from each route's schema: every valid one passes the validator
and never makes the server answer 500; every one mutated at one place (a wrong type, a missing required
field, a value out of its enum or range, text too long) is refused with a 400 naming that field."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.web import create_app
from companion.web.openapi import route_bodies
from companion.web.schema import TYPES, SchemaError, obj, text, validate

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
#: What goes where the schema points elsewhere (the Action, checked by its own declarations).
ACTIONS = st.sampled_from([{"type": "gain_gold", "player": "A", "amount": 1}, {"type": "pass_turn"},
                           {"type": "kill", "player": "A", "card": "A.01089.1"}])


def instances(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values that fit ``schema`` (the subset ``companion.web.schema`` understands)."""
    if "$ref" in schema:
        return ACTIONS
    if "anyOf" in schema:
        base = st.one_of([instances(o) for o in schema["anyOf"]])
    elif "enum" in schema:
        base = st.sampled_from(schema["enum"])
    elif "const" in schema:
        base = st.just(schema["const"])
    elif schema.get("type") == "string":
        lo, hi = schema.get("minLength", 0), schema.get("maxLength", 30)
        if "pattern" in schema:
            base = st.from_regex(schema["pattern"], fullmatch=True).filter(lambda s: lo <= len(s) <= hi)
        else:
            base = st.text(min_size=lo, max_size=min(hi, 30))
    elif schema.get("type") == "integer":
        base = st.integers(schema.get("minimum", -(2**31)), schema.get("maximum", 2**31))
    elif schema.get("type") == "boolean":
        base = st.booleans()
    elif schema.get("type") == "array":
        base = st.lists(instances(schema.get("items", {})), min_size=schema.get("minItems", 0),
                        max_size=min(schema.get("maxItems", 4), 4))
    elif schema.get("type") == "object":
        base = _objects(schema)
    else:
        base = JSON
    return st.one_of(st.none(), base) if schema.get("nullable") else base


def _objects(schema: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    props = schema.get("properties", {})
    required = schema.get("required", [])
    fixed = st.fixed_dictionaries({k: instances(props[k]) for k in required},
                                  optional={k: instances(s) for k, s in props.items() if k not in required})
    extra = schema.get("additionalProperties", True)
    if props or extra is False:
        return fixed
    lo, hi = schema.get("minProperties", 0), min(schema.get("maxProperties", 3), 3)
    return st.dictionaries(st.text(min_size=1, max_size=8), instances(extra) if isinstance(extra, dict) else JSON,
                           min_size=lo, max_size=hi)


# -- mutations: one place made wrong, and the field the error must name -----------------------------------

WRONG = [True, 3.5, ["x"], {"x": 1}, "x", 7, None]


def _types(schema: dict[str, Any]) -> set[str] | None:
    """The JSON types a schema allows (None: any)."""
    if "anyOf" in schema:
        options = [_types(o) for o in schema["anyOf"]]
        return None if any(o is None for o in options) else set().union(*options)  # type: ignore[arg-type]
    return {schema["type"]} if "type" in schema else None


def _fits(value: Any, types: set[str], nullable: bool) -> bool:
    return (value is None and nullable) or any(TYPES[t][1](value) for t in types)


def _field(path: list[str | int]) -> str:
    out = ""
    for key in path:
        out = f"{out}[{key}]" if isinstance(key, int) else (f"{out}.{key}" if out else key)
    return out


def sites(schema: dict[str, Any], value: Any, path: list[str | int]) -> list[tuple[list[str | int], Any, str]]:
    """(where, what to put there or DELETE, the field the error names) for every one-place mutation."""
    out: list[tuple[list[str | int], Any, str]] = []
    if "$ref" in schema or (value is None and schema.get("nullable")):
        return out
    if "anyOf" in schema:
        branch = next(o for o in schema["anyOf"] if _valid(o, value))
        types = _types(schema)
        if path and types is not None:
            out += [(path, w, _field(path)) for w in WRONG if not _fits(w, types, bool(schema.get("nullable")))]
        return out + [s for s in sites(branch, value, path) if s[0] != path]
    types = _types(schema)
    if path and types is not None:
        out += [(path, w, _field(path)) for w in WRONG if not _fits(w, types, bool(schema.get("nullable")))]
    if path and "enum" in schema:
        out.append((path, "no-such-option", _field(path)))
    if isinstance(value, str) and "maxLength" in schema:
        out.append((path, "a" * (schema["maxLength"] + 1), _field(path)))
    if isinstance(value, int) and not isinstance(value, bool):
        if "maximum" in schema:
            out.append((path, schema["maximum"] + 1, _field(path)))
        if "minimum" in schema:
            out.append((path, schema["minimum"] - 1, _field(path)))
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            out.append(([*path, key], DELETE, _field([*path, key])))
        for key, item in value.items():
            sub = props.get(key, schema.get("additionalProperties") if key not in props else None)
            if isinstance(sub, dict):
                out += sites(sub, item, [*path, key])
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            out += sites(schema["items"], item, [*path, i])
    return out


DELETE = object()


def _valid(schema: dict[str, Any], value: Any) -> bool:
    try:
        validate(schema, value)
        return True
    except SchemaError:
        return False


def mutate(value: Any, path: list[str | int], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        copy = dict(value)
        if not rest and new is DELETE:
            del copy[head]  # type: ignore[arg-type]
        else:
            copy[head] = mutate(value[head], rest, new)  # type: ignore[index]
        return copy
    copy_list = list(value)
    copy_list[head] = mutate(value[head], rest, new)  # type: ignore[index]
    return copy_list


# -- the routes --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> tuple[Flask, FlaskClient, str, str]:
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("schema") / "g.db")})
    client = app.test_client()
    made = client.post("/api/games", json={"seats": ["A", "B"]}).get_json()
    return app, client, made["game"]["id"], made["judge"]["key"]


def _routes(app: Flask) -> list[tuple[str, str, dict[str, Any]]]:
    return sorted(((path, method, schema) for (path, method), schema in route_bodies(app).items()),
                  key=lambda r: (r[0], r[1]))


def test_the_converted_routes_declare_their_body_and_the_document_publishes_that_object(
        served: tuple[Flask, FlaskClient, str, str]) -> None:
    app, client, _, _ = served
    declared = {(p, m) for p, m, _ in _routes(app)}
    assert {("/api/games", "post"), ("/api/qr", "post"), ("/api/games/{game_id}/actions", "post"),
            ("/api/games/{game_id}/undo", "post"), ("/api/games/{game_id}/seats/{seat}/deck", "put"),
            ("/api/games/{game_id}/pending/{pending_id}", "post"), ("/api/games/{game_id}/tts", "post"),
            ("/api/tts/games/{game_id}/snapshot", "post")} <= declared
    doc = client.get("/api/openapi.json").get_json()
    for path, method, schema in _routes(app):
        assert doc["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"] == schema


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(data=st.data())
def test_bodies_built_from_each_schema_pass_and_one_wrong_place_is_a_400_naming_it(
        served: tuple[Flask, FlaskClient, str, str], data: st.DataObject) -> None:
    app, client, gid, key = served
    path, method, schema = data.draw(st.sampled_from(_routes(app)), label="route")
    url = (path.replace("{game_id}", gid).replace("{seat}", "A").replace("{pending_id}", "p1")
           .replace("{event_id}", "no-such-event").replace("{number}", "1").replace("{flag_id}", "1")
           .replace("{player_id}", "1"))
    good = data.draw(instances(schema), label="valid body")
    validate(schema, good)  # every body built from the schema fits it
    r = client.open(url, method=method.upper(), json=good, headers={"Authorization": "Bearer " + key})
    assert r.status_code < 500, (url, good, r.get_data(as_text=True)[:300])
    if r.status_code >= 400:
        assert set(r.get_json()["error"]) == {"code", "message", "details"}
    places = sites(schema, good, [])
    assume(places)  # an empty body of optional fields has no place to be wrong
    where, new, field = data.draw(st.sampled_from(places), label="mutation")
    bad = mutate(good, where, new)
    with pytest.raises(SchemaError) as caught:
        validate(schema, bad)
    assert caught.value.field == field
    r = client.open(url, method=method.upper(), json=bad, headers={"Authorization": "Bearer " + key})
    assert r.status_code == 400, (url, bad, r.get_data(as_text=True)[:300])
    error = r.get_json()["error"]
    assert error["details"]["field"] == field and field in error["message"]


def test_the_validator_names_the_field_and_the_code_the_schema_gives() -> None:
    schema = obj(["seats"], title=text(0, 5, code="bad_title"),
                 seats={"type": "array", "maxItems": 2, "x-code": "bad_seats",
                        "items": {"anyOf": [text(1, 3, r"^\w+$"), obj(["seat"], seat=text(1, 3))]}})
    cases = [
        ({}, "seats", "bad_seats", "is required"),
        ({"seats": "A"}, "seats", "bad_seats", "must be a list"),
        ({"seats": ["A", "B", "C"]}, "seats", "bad_seats", "at most 2"),
        ({"seats": [{"seat": 5}]}, "seats[0].seat", "bad_seats", "must be text"),
        ({"seats": ["A.B"]}, "seats[0]", "bad_seats", "must match"),
        ({"seats": ["A"], "title": "too long"}, "title", "bad_title", "at most 5"),
        ({"seats": [True]}, "seats[0]", "bad_seats", "must be"),
    ]
    for body, field, code, words in cases:
        with pytest.raises(SchemaError) as caught:
            validate(schema, body)
        assert (caught.value.field, caught.value.code) == (field, code), body
        assert words in str(caught.value), (body, str(caught.value))
    validate(schema, {"seats": ["A", {"seat": "B"}], "title": "", "other": 1})
    assert not _valid({"type": "integer"}, True) and not _valid({"enum": [1]}, True)  # true is not 1
    assert re.search(r"^\w+$", "Zoë")  # a seat id may use any alphabet
