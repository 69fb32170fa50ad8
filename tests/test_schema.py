"""Request bodies are checked by the msgspec declaration each route names (``@accepts``), whose JSON schema the
OpenAPI document publishes. Random bodies are built from each route's published schema: every valid one passes
the declaration and never makes the server answer 500; every one mutated at one place (a wrong type, a missing required
field, a value out of its enum or range, text too long) is refused with a 400 naming that field."""

from __future__ import annotations

import re
from typing import Annotated, Any

import msgspec
import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from msgspec import Meta

from companion.declare import Invalid, convert, text
from companion.web import create_app
from companion.web.openapi import route_bodies
from companion.web.schema import Body, answers, body_schema, error_code

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
#: What goes where the schema points elsewhere (the Action, checked by its own declarations).
ACTIONS = st.sampled_from([{"type": "gain_gold", "player": "A", "amount": 1}, {"type": "pass_turn"},
                           {"type": "kill", "player": "A", "card": "A.01089.1"}])
#: The JSON types, as the published schemas name them.
TYPES: dict[str, Any] = {
    "object": lambda v: isinstance(v, dict), "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str), "null": lambda v: v is None,
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool), "boolean": lambda v: isinstance(v, bool),
}


def _regex(pattern: str) -> str:
    """A published pattern for hypothesis: ``(?!\\n)$`` (the end, not before a final newline) as ``$``."""
    return pattern.removesuffix("(?!\\n)$") + "$" if pattern.endswith("(?!\\n)$") else pattern


def instances(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values that fit ``schema`` (a body's JSON schema as msgspec publishes it)."""
    if "$ref" in schema:
        return ACTIONS
    if "anyOf" in schema:
        return st.one_of([instances(o) for o in schema["anyOf"]])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "const" in schema:
        return st.just(schema["const"])
    kind = schema.get("type")
    if kind == "null":
        return st.none()
    if kind == "string":
        lo, hi = schema.get("minLength", 0), schema.get("maxLength", 30)
        if "pattern" in schema:
            return st.from_regex(_regex(schema["pattern"]), fullmatch=True).filter(lambda s: lo <= len(s) <= hi)
        return st.text(min_size=lo, max_size=min(hi, 30))
    if kind == "integer":
        return st.integers(schema.get("minimum", -(2**31)), schema.get("maximum", 2**31))
    if kind == "boolean":
        return st.booleans()
    if kind == "array":
        return st.lists(instances(schema.get("items", {})), min_size=schema.get("minItems", 0),
                        max_size=min(schema.get("maxItems", 4), 4))
    if kind == "object":
        return _objects(schema)
    return JSON


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
    if "enum" in schema:
        return {t for t, fits in TYPES.items() for e in schema["enum"] if fits(e)}
    return {schema["type"]} if "type" in schema else None


def _fits(value: Any, types: set[str]) -> bool:
    return any(TYPES[t](value) for t in types)


def _option(schema: dict[str, Any], value: Any) -> dict[str, Any]:
    """The option of an ``anyOf`` a value was built from (the options differ in their JSON type)."""
    return next(o for o in schema["anyOf"] if (types := _types(o)) is None or _fits(value, types))


Site = tuple[list[str | int], Any, str]


def sites(schema: dict[str, Any], value: Any, path: list[str | int], shown: str = "") -> list[Site]:
    """(where, what to put there or DELETE, the field the error names) for every one-place mutation. ``shown``
    is the field as an answer names it (a value of a map is ``seats[...]``: its key is not repeated)."""
    out: list[Site] = []
    if "$ref" in schema:
        return out
    types = _types(schema)
    if path and types is not None:
        out += [(path, w, shown) for w in WRONG if not _fits(w, types)]
    if "anyOf" in schema:
        return out + [s for s in sites(_option(schema, value), value, path, shown) if s[0] != path]
    if path and "enum" in schema:
        out.append((path, "no-such-option", shown))
    if isinstance(value, str) and "maxLength" in schema:
        out.append((path, "a" * (schema["maxLength"] + 1), shown))
    if isinstance(value, int) and not isinstance(value, bool):
        if "maximum" in schema:
            out.append((path, schema["maximum"] + 1, shown))
        if "minimum" in schema:
            out.append((path, schema["minimum"] - 1, shown))
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            out.append(([*path, key], DELETE, f"{shown}.{key}" if shown else key))
        for key, item in value.items():
            if key in props:
                out += sites(props[key], item, [*path, key], f"{shown}.{key}" if shown else key)
            elif isinstance(schema.get("additionalProperties"), dict):
                out += sites(schema["additionalProperties"], item, [*path, key], f"{shown}[...]")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            out += sites(schema["items"], item, [*path, i], f"{shown}[{i}]")
    return out


DELETE = object()


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
    made = client.post("/api/games", json={"seats": ["A", "B"], "judge": True}).get_json()
    return app, client, made["game"]["id"], made["judge"]["key"]


def _routes(app: Flask) -> list[tuple[str, str, dict[str, Any]]]:
    return sorted(((path, method, schema) for (path, method), schema in route_bodies(app).items()),
                  key=lambda r: (r[0], r[1]))


def _kinds(app: Flask) -> dict[int, type]:
    """The declaration behind each published body (by the schema object's id)."""
    return {id(view.body_schema): view.body_kind for view in app.view_functions.values()
            if hasattr(view, "body_kind")}


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
    kind = _kinds(app)[id(schema)]
    good = data.draw(instances(schema), label="valid body")
    convert(good, kind)  # every body built from the published schema fits the declaration
    r = client.open(url, method=method.upper(), json=good, headers={"Authorization": "Bearer " + key})
    assert r.status_code < 500, (url, good, r.get_data(as_text=True)[:300])
    if r.status_code >= 400:
        assert set(r.get_json()["error"]) == {"code", "message", "details"}
    places = sites(schema, good, [])
    assume(places)  # an empty body of optional fields has no place to be wrong
    where, new, field = data.draw(st.sampled_from(places), label="mutation")
    bad = mutate(good, where, new)
    with pytest.raises(Invalid) as caught:
        convert(bad, kind)
    assert caught.value.field == field
    r = client.open(url, method=method.upper(), json=bad, headers={"Authorization": "Bearer " + key})
    assert r.status_code == 400, (url, bad, r.get_data(as_text=True)[:300])
    error = r.get_json()["error"]
    assert error["details"]["field"] == field and field in error["message"]


class _Seat(msgspec.Struct):
    seat: Annotated[str, text(1, 3)]


class _Example(Body):
    seats: Annotated[list[Annotated[str, text(1, 3, r"^\w+$")] | _Seat], Meta(max_length=2), answers("bad_seats")]
    title: Annotated[str, text(0, 5), answers("bad_title")] | None = None


def test_the_declaration_names_the_field_and_the_code_the_schema_gives() -> None:
    cases = [
        ({}, "seats", "bad_seats", "is required"),
        ({"seats": "A"}, "seats", "bad_seats", "Expected `array`, got `str`"),
        ({"seats": ["A", "B", "C"]}, "seats", "bad_seats", "length <= 2"),
        ({"seats": [{"seat": 5}]}, "seats[0].seat", "bad_seats", "Expected `str`, got `int`"),
        ({"seats": [{}]}, "seats[0].seat", "bad_seats", "is required"),
        ({"seats": ["A.B"]}, "seats[0]", "bad_seats", "matching regex"),
        ({"seats": ["A"], "title": "too long"}, "title", "bad_title", "length <= 5"),
        ({"seats": [True]}, "seats[0]", "bad_seats", "got `bool`"),
        ({"seats": ["A\n"]}, "seats[0]", "bad_seats", "matching regex"),  # $ is the end, not before a newline
        ({"seats": ["A"], "title": "x\x00"}, "title", "bad_title", "printable text"),
    ]
    published = body_schema(_Example)
    for body, field, code, words in cases:
        with pytest.raises(Invalid) as caught:
            convert(body, _Example)
        assert (caught.value.field, error_code(published, caught.value.field)) == (field, code), body
        assert words in str(caught.value), (body, str(caught.value))
    convert({"seats": ["A", {"seat": "B"}], "title": "", "other": 1}, _Example)
    with pytest.raises(Invalid):
        convert({"seats": [], "title": True}, _Example)  # true is not text, and not 1 either
    assert re.search(r"^\w+$", "Zoë")  # a seat id may use any alphabet


def _unbounded(schema: Any, where: str) -> list[str]:
    """Places of a published schema with a number, text, list or map and no upper bound."""
    if not isinstance(schema, dict):
        return []
    out = []
    kind = schema.get("type")
    if "$ref" not in schema and "enum" not in schema and "const" not in schema:
        if kind == "integer" and ("minimum" not in schema or "maximum" not in schema):
            out.append(where)
        if kind == "string" and "maxLength" not in schema:
            out.append(where)
        if kind == "array" and "maxItems" not in schema:
            out.append(where)
        if kind == "object" and not {"properties", "oneOf", "maxProperties"} & set(schema):
            out.append(where)
    for key, sub in schema.items():
        if isinstance(sub, dict):
            out += _unbounded(sub, f"{where}.{key}")
        elif isinstance(sub, list):
            out += [u for i, s in enumerate(sub) for u in _unbounded(s, f"{where}.{key}[{i}]")]
    return out


def test_every_number_text_list_and_map_a_body_or_an_action_declares_has_a_bound(
        served: tuple[Flask, FlaskClient, str, str]) -> None:
    app, client, _, _ = served
    doc = client.get("/api/openapi.json").get_json()
    places = [u for p, m, schema in _routes(app) for u in _unbounded(schema, f"{m} {p}")]
    places += _unbounded(doc["components"]["schemas"]["Action"], "Action")
    assert places == [], places


def test_a_posted_action_is_decoded_and_validated_once(served: tuple[Flask, FlaskClient, str, str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The route turns the body into an Action once (``posted_action``) and hands it on: neither the
    permission check (a position becomes the card's id), the store nor the rules decode it again."""
    _, client, gid, key = served
    calls: list[type] = []
    convert_ = msgspec.convert

    def counted(data: Any, kind: type, **kwargs: Any) -> Any:
        calls.append(kind)
        return convert_(data, kind, **kwargs)

    monkeypatch.setattr(msgspec, "convert", counted)
    version = client.get(f"/api/games/{gid}", headers={"Authorization": "Bearer " + key}).get_json()["version"]
    r = client.post(f"/api/games/{gid}/actions", headers={"Authorization": "Bearer " + key},
                    json={"expected_version": version, "action": {"type": "gain_gold", "player": "A", "amount": 2}})
    assert r.status_code == 201, r.get_json()
    assert [k.__name__ for k in calls] == ["ActionBody", "GainGold"]  # the body, then its action: once each
    calls.clear()
    r = client.post(f"/api/games/{gid}/actions", headers={"Authorization": "Bearer " + key},
                    json={"expected_version": version + 1, "action": {"type": "gain_gold", "player": "A",
                                                                      "amount": 1000}})
    assert r.status_code == 400 and r.get_json()["error"]["details"]["field"] == "action.amount"
    assert r.get_json()["error"]["code"] == "bad_action" and [k.__name__ for k in calls] == ["ActionBody", "GainGold"]
