"""Declared fields, validated and published by one library: msgspec.

Every field the companion reads from outside (an action, a Tapestry entry, a route's JSON body) is declared
once, as a type with its bounds (``Annotated[int, Meta(ge=0, le=999)]``, ``text(1, 40)``). msgspec validates
a value against that type (``convert``) and writes its JSON schema (``schema``), which the OpenAPI document
publishes: the two cannot drift apart.

Why msgspec and not pydantic v2 (``companion bench decode``, medians of three runs on a posted action, in
microseconds; ``json.loads`` of the same bytes is the baseline): both are about ten times faster than the
hand-written interpreters they replace and within the machine's noise of each other (1–2× ``json.loads``).
msgspec wins on clarity here: its refusals name the field (``Expected `int` <= 999 - at `$.cost```) and do not
echo the value but for an enum's, which ``invalid`` drops (pydantic's carry ``input_value=…`` for every field,
and an error must not repeat what a device sent), its
patterns are Python's ``re`` so the printable-text rule can exclude lone surrogates (pydantic's Rust regex
cannot say that), and it is one package with no dependencies of its own.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, TypeVar

import msgspec
from msgspec import Meta

T = TypeVar("T")

#: Printable text, kept as typed: no control characters, no lone surrogates (they cannot be stored as UTF-8).
#: msgspec matches with ``re.search``, whose ``$`` also matches before a final newline: ``text`` ends so.
_END = r"(?!\n)$"
PRINTABLE = r"^[^\x00-\x1f\x7f\ud800-\udfff]*" + _END


def text(lo: int, hi: int, pattern: str | None = PRINTABLE, **more: Any) -> Meta:
    """The bounds of a text field: ``lo`` to ``hi`` characters matching ``pattern`` (printable by default; a
    final ``$`` is the end of the text, not a place before a final newline)."""
    if pattern is not None and pattern.endswith("$") and not pattern.endswith(_END):
        pattern = pattern[:-1] + _END
    if pattern is None:
        return Meta(min_length=lo, max_length=hi, **more)
    return Meta(min_length=lo, max_length=hi, pattern=pattern, **more)


def number(lo: int, hi: int, **more: Any) -> Meta:
    """The bounds of a whole number."""
    return Meta(ge=lo, le=hi, **more)


#: Text such as a name or a word: 1 to 200 printable characters.
Text = Annotated[str, text(1, 200)]


class Invalid(ValueError):
    """A value that does not fit its declaration: ``field`` is where (``action.cost``, ``seats[0].seat``, or ""
    for the whole value), ``problem`` what is wrong; the value itself is never repeated."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}" if field else problem)
        self.field, self.problem = field, problem


_AT = re.compile(r"(?s)(.*) - at `\$(.*)`")
_MISSING = re.compile(r"Object missing required field `([^`]*)`(?: - at `\$(.*)`)?")


def invalid(exc: msgspec.ValidationError, prefix: str = "", kind: Any = None) -> Invalid:
    """msgspec's error as the field it names (a dotted path, ``prefix`` in front) and the problem; with the
    declared ``kind``, the problem also says in words what the field takes ("a whole number from 1 to 12")."""
    message = str(exc)
    missing = _MISSING.fullmatch(message)
    if missing:
        where = _path(prefix, missing.group(2) or "")
        return Invalid(_path(where, "." + missing.group(1)), "is required")
    at = _AT.fullmatch(message)
    if at:
        problem = at.group(1)
        if problem == f"Expected `str` matching regex {PRINTABLE!r}":
            problem = "Expected printable text (no control characters)"
        elif problem.startswith("Invalid enum value"):
            problem = "Expected one of the declared values"  # msgspec repeats the value: an error never does
        expected = _expected(kind, at.group(2)) if kind is not None else None
        return Invalid(_path(prefix, at.group(2)), f"{problem} ({expected})" if expected else problem)
    return Invalid(prefix, message)


_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+|\.\.\.)\]")


def _expected(kind: Any, where: str) -> str | None:
    """What the declaration of ``kind`` takes at msgspec's path ``where`` (``.a[0].b``), in words; None when the
    path leads nowhere plain (a union of objects, a free map)."""
    try:
        node: Any = schema(kind)
    except (TypeError, ValueError):
        return None
    for step in _STEP.finditer(where):
        node = next((n for n in node.get("anyOf", [node]) if n.get("type") in ("object", "array")), node)
        node = node.get("properties", {}).get(step.group(1)) if step.group(1) else \
            node.get("items") if step.group(2) != "..." else node.get("additionalProperties")
        if not isinstance(node, dict):
            return None
    plain = [n for n in node.get("anyOf", [node]) if n.get("type") in ("integer", "string", "array", "boolean", "null")
             or "enum" in n]
    return words(node) if plain and len(plain) == len(node.get("anyOf", [node])) and "enum" not in node else None


def _path(prefix: str, tail: str) -> str:
    """``$.a[0].b`` as msgspec writes it, without the ``$``, joined to ``prefix``."""
    tail = tail.removeprefix(".") if not prefix else tail
    return f"{prefix}{tail}"


def convert(data: Any, kind: type[T], prefix: str = "") -> T:
    """``data`` (parsed JSON) as ``kind``, strictly (no ``"1"`` for 1, no ``true`` for 1); ``Invalid`` names the
    field otherwise."""
    try:
        return msgspec.convert(data, kind, strict=True)
    except msgspec.ValidationError as exc:
        raise invalid(exc, prefix, kind) from None


def schema(kind: Any) -> dict[str, Any]:
    """The JSON schema of a declared type, inline (no ``$defs``), in the form the OpenAPI document uses."""
    (out,), defs = msgspec.json.schema_components([kind], ref_template="#/$defs/{name}")
    inlined: dict[str, Any] = _inline(out, defs)
    return inlined


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            return _inline({**defs[ref.removeprefix("#/$defs/")], **{k: v for k, v in node.items() if k != "$ref"}},
                           defs)
        return {k: _inline(v, defs) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    return node


def words(schema: dict[str, Any]) -> str:
    """A published field schema in words, for the generated tables in the docs."""
    if "anyOf" in schema:
        return " or ".join(words(s) for s in schema["anyOf"])
    if "enum" in schema:
        return " or ".join(repr(e) for e in schema["enum"])
    kind = schema.get("type")
    if kind == "integer":
        return f"a whole number from {schema.get('minimum')} to {schema.get('maximum')}"
    if kind == "string":
        return f"text of {schema.get('minLength', 0)} to {schema.get('maxLength')} characters"
    if kind == "array":
        return (f"a list of {schema.get('minItems', 0)} to {schema.get('maxItems')} items, each "
                f"{words(schema.get('items', {}))}")
    return {"null": "null", "boolean": "true or false"}.get(str(kind), "any value")
