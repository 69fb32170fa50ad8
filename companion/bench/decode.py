"""The action request path's decoding: a posted body (bytes) to a validated action, or a refusal naming the
field. Measures msgspec and pydantic v2 on the same three actions (marshal into shadows, a challenge, a plot
choice) and one bad body, against ``json.loads`` of the same bytes in the same run (the baseline), and the
companion's own path (``companion``: its bounded JSON parser, then the body's and the action's msgspec
declarations, once). Before msgspec that path was a hand-written JSON-Schema subset, then ``from_dict`` twice
and a third pass of the fields: 32–87 µs a body, 8–17× ``json.loads``.

Each library's declarations here mirror the actions' own (same fields, bounds and text rule), so the figures
compare the libraries, not the declarations."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import statistics
import time
from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal

import msgspec
import pydantic

from companion import safejson

BODIES: dict[str, bytes] = {
    "marshal_into_shadows": b'{"expected_version": 41, "request_id": "r-0123456789", '
                            b'"action": {"type": "marshal_into_shadows", "player": "A", "card": "A.13089.1"}}',
    "challenge": b'{"expected_version": 57, "request_id": "r-0123456790", "action": {"type": "challenge", '
                 b'"kind": "power", "player": "A", "defender": "B", "winner": "A", "unopposed": false, '
                 b'"attackers": ["A.01001.1", "A.01002.1"], "defenders": ["B.01020.1"]}}',
    "choose_plot": b'{"expected_version": 3, "request_id": "r-0123456791", '
                   b'"action": {"type": "choose_plot", "player": "B", "card": "B.01010.1"}}',
    # Refused: the cost is over its bound; the answer must name ``cost``.
    "bad_cost": b'{"expected_version": 41, "request_id": "r-0123456792", '
                b'"action": {"type": "marshal_into_shadows", "player": "A", "card": "A.13089.1", "cost": 5000}}',
}

_PRINTABLE = r"^[^\x00-\x1f\x7f\ud800-\udfff]*$"

# -- msgspec: stdlib dataclasses with msgspec.Meta bounds ----------------------------------------------------

MText = Annotated[str, msgspec.Meta(min_length=1, max_length=200, pattern=_PRINTABLE)]
MAmount = Annotated[int, msgspec.Meta(ge=0, le=999)]


@dataclasses.dataclass(frozen=True, slots=True)
class MShadows:
    type: ClassVar[str] = "marshal_into_shadows"
    player: MText
    card: MText
    cost: MAmount | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class MChallenge:
    type: ClassVar[str] = "challenge"
    kind: Literal["military", "intrigue", "power"]
    player: MText
    defender: MText
    winner: MText | None = None
    unopposed: bool = False
    attackers: Annotated[list[MText], msgspec.Meta(max_length=20)] | None = None
    defenders: Annotated[list[MText], msgspec.Meta(max_length=20)] | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class MPlot:
    type: ClassVar[str] = "choose_plot"
    player: MText
    card: MText


class MBody(msgspec.Struct, forbid_unknown_fields=True):
    expected_version: Annotated[int, msgspec.Meta(ge=0, le=10**9)]
    action: dict[str, Any]
    request_id: Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_-]{8,64}$")] | None = None


M_TYPES: dict[str, type] = {c.type: c for c in (MShadows, MChallenge, MPlot)}


def _m_action(data: dict[str, Any]) -> Any:
    cls = M_TYPES[data["type"]]
    fields = {k: v for k, v in data.items() if k != "type"}
    if fields.keys() - {f.name for f in dataclasses.fields(cls)}:
        raise ValueError("unknown field")
    return msgspec.convert(fields, cls, strict=True)


def msgspec_decode(raw: bytes) -> Any:
    """One pass over the bytes into the body, then the action's dict into its class."""
    return _m_action(msgspec.json.decode(raw, type=MBody).action)


def msgspec_convert(raw: bytes) -> Any:
    """The companion's bounded parser (long numbers refused as text), then msgspec on the parsed body."""
    body = msgspec.convert(safejson.loads(raw), MBody, strict=True)
    return _m_action(body.action)


# -- pydantic v2: stdlib dataclasses with Field bounds, strict values, unknown fields forbidden ----------------

# pydantic's regex engine (Rust) cannot name lone surrogates: its text rule is the rest of the printable one.
PText = Annotated[str, pydantic.Strict(), pydantic.Field(min_length=1, max_length=200, pattern=r"^[^\x00-\x1f\x7f]*$")]
PAmount = Annotated[int, pydantic.Strict(), pydantic.Field(ge=0, le=999)]
_FORBID = pydantic.ConfigDict(extra="forbid")


@dataclasses.dataclass(frozen=True, slots=True)
class PShadows:
    __pydantic_config__ = _FORBID
    type: ClassVar[str] = "marshal_into_shadows"
    player: PText
    card: PText
    cost: PAmount | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class PChallenge:
    __pydantic_config__ = _FORBID
    type: ClassVar[str] = "challenge"
    kind: Literal["military", "intrigue", "power"]
    player: PText
    defender: PText
    winner: PText | None = None
    unopposed: Annotated[bool, pydantic.Strict()] = False
    attackers: Annotated[list[PText], pydantic.Field(max_length=20)] | None = None
    defenders: Annotated[list[PText], pydantic.Field(max_length=20)] | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class PPlot:
    __pydantic_config__ = _FORBID
    type: ClassVar[str] = "choose_plot"
    player: PText
    card: PText


class PBody(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid", strict=True)
    expected_version: Annotated[int, pydantic.Field(ge=0, le=10**9)]
    action: dict[str, Any]
    request_id: Annotated[str, pydantic.Field(pattern=r"^[A-Za-z0-9_-]{8,64}$")] | None = None


P_TYPES: dict[str, pydantic.TypeAdapter[Any]] = {c.type: pydantic.TypeAdapter(c) for c in (PShadows, PChallenge, PPlot)}


def _p_action(data: dict[str, Any]) -> Any:
    return P_TYPES[data["type"]].validate_python({k: v for k, v in data.items() if k != "type"})


def pydantic_decode(raw: bytes) -> Any:
    return _p_action(PBody.model_validate_json(raw).action)


def pydantic_convert(raw: bytes) -> Any:
    return _p_action(PBody.model_validate(safejson.loads(raw)).action)


# -- the companion's own path: its bounded parser, the body's declaration, the action's (all msgspec) ----------


def companion(raw: bytes) -> Any:
    from companion.web.schema import decode_action_body

    return decode_action_body(safejson.loads(raw))[1]


def _refused(fn: Callable[[bytes], Any], raw: bytes) -> str:
    """The refusal's text; it must name the field."""
    try:
        fn(raw)
    except Exception as exc:  # each library's own error type
        return str(exc).replace("\n", " ")
    raise AssertionError("the bad body was accepted")


def _per_call(fn: Callable[[bytes], Any], raw: bytes, n: int) -> float:
    """Microseconds a call, median of 5 batches of ``n``."""
    times = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(n):
            with contextlib.suppress(Exception):  # the bad body is timed through its refusal
                fn(raw)
        times.append((time.perf_counter() - start) / n * 1e6)
    return statistics.median(times)


def bench_decode(n: int = 2000) -> dict[str, Any]:
    ways: dict[str, Callable[[bytes], Any]] = {
        "json.loads": json.loads, "companion": companion,
        "msgspec": msgspec_decode, "msgspec_after_safejson": msgspec_convert,
        "pydantic": pydantic_decode, "pydantic_after_safejson": pydantic_convert,
    }
    if _refused(companion, BODIES["bad_cost"]).find("cost") < 0:
        raise AssertionError("the companion's refusal does not name the field")
    out: dict[str, Any] = {"n": n, "us_per_call": {}, "x_json_loads": {}, "refusal": {}}
    for name, raw in BODIES.items():
        base = _per_call(json.loads, raw, n)
        out["us_per_call"][name] = {way: round(_per_call(fn, raw, n), 2) for way, fn in ways.items()}
        out["x_json_loads"][name] = {way: round(us / base, 2) for way, us in out["us_per_call"][name].items()}
    out["refusal"] = {way: _refused(fn, BODIES["bad_cost"]) for way, fn in ways.items() if way != "json.loads"}
    return out
