"""A fuzz pass over every route of ``/api/openapi.json``: no input may make the server answer 5xx.

Requests are built from the OpenAPI document itself, so a new route is fuzzed without being named here:
its path parameters (real ids of a game, a Tapestry game, an event and its table, or junk), its query
parameters (integers at and past every bound a database or Python has: 2**63, -2**63-1, 10**400, 4,300 and
4,301 digits, and text), and its JSON body (built from the route's declared schema, then one place swapped
for something hostile, over-long integers written as raw JSON text included), with the key of a seat, the
host, the judge, the organiser, the event's judge, a wrong key or none. It runs in process against the Flask
app over a real SQLite file. ``companion bench fuzz --json`` runs a long pass; ``tests/test_fuzz.py`` a short one.
"""

from __future__ import annotations

import json
import random
import re
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

#: Integers at and past every bound: SQLite's 64 bits, Python's int-string limit (4,300 digits), floats.
BIG_INTS = ["9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
            "1" + "0" * 400, "9" * 4300, "9" * 4301, "-" + "9" * 4301, "0" * 5000 + "1", "1" * 31, "1" * 30]
QUERY_VALUES = [*BIG_INTS, "0", "-1", "1", "2", "x", "", "1.5", " 1", "1e9", "0x10", "١٢", "%00", "\u00b2", "-0",
                "a" * 300]
TEXTS = ["", "x", "A", "A:shadows#1", "A.01001.1", "\ud800", "\x00", "é" * 41, "../..", "judge", "<b>", "1" * 70]
PLACE = "\u0000BIG\u0000"  # a stand-in string, replaced in the JSON text by a raw over-long integer


def _value(schema: dict[str, Any], rng: random.Random, depth: int = 0) -> Any:
    """Something that fits ``schema`` most of the time (the subset ``companion.web.schema`` reads)."""
    if depth > 4:
        return None
    if "anyOf" in schema:
        return _value(rng.choice(schema["anyOf"]), rng, depth + 1)
    if "enum" in schema:
        return rng.choice(schema["enum"])
    if "const" in schema:
        return schema["const"]
    if "$ref" in schema:
        return rng.choice([{"type": "gain_gold", "player": "A", "amount": 1}, {"type": "pass_turn"},
                           {"type": "kneel", "player": "A", "card": "A:shadows#1"},
                           {"type": "place_tokens", "player": "A", "kind": "power", "amount": PLACE}])
    kind = schema.get("type")
    if kind == "integer":
        return rng.randint(schema.get("minimum", -5), min(schema.get("maximum", 50), schema.get("minimum", -5) + 60))
    if kind == "number":
        return rng.uniform(-10, 10)
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "string":
        lo, hi = schema.get("minLength", 0), min(schema.get("maxLength", 12), 12)
        if schema.get("pattern", "").startswith("^[A-Za-z0-9_-]{8,64}"):
            return "".join(rng.choice("abcdef0123") for _ in range(12))
        return "".join(rng.choice("Aab01 é-_#:.") for _ in range(rng.randint(lo, max(lo, hi))))
    if kind == "array":
        n = rng.randint(schema.get("minItems", 0), min(schema.get("maxItems", 3), 3))
        return [_value(schema.get("items", {}), rng, depth + 1) for _ in range(n)]
    if kind == "object" or "properties" in schema:
        props = schema.get("properties", {})
        out = {k: _value(props.get(k, {}), rng, depth + 1) for k in schema.get("required", [])}
        for k, s in props.items():
            if k not in out and rng.random() < 0.5:
                out[k] = _value(s, rng, depth + 1)
        if not props and rng.random() < 0.5:
            out[rng.choice(TEXTS) or "k"] = rng.choice([1, PLACE, "x"])
        return out
    return rng.choice([None, 1, "x", [], {}, PLACE])


def _hostile(rng: random.Random) -> Any:
    return rng.choice([PLACE, PLACE, -1, 0, 2**63, -(2**63) - 1, 10**30, 1.5e308, True, None, [], {}, [[[]]],
                       rng.choice(TEXTS), "9" * 5000])


def _mutate(value: Any, rng: random.Random) -> Any:
    """One place of ``value`` replaced by something hostile."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        k = rng.choice(list(value))
        return {**value, k: _mutate(value[k], rng)}
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        return [*value[:i], _mutate(value[i], rng), *value[i + 1:]]
    return _hostile(rng)


def _json_text(value: Any, rng: random.Random) -> str:
    text = json.dumps(value, ensure_ascii=rng.random() < 0.5)
    quoted = json.dumps(PLACE)
    while quoted in text:
        text = text.replace(quoted, rng.choice(BIG_INTS), 1)
    return text


class Fuzzer:
    """The app, the ids and keys it set up, and the counts of what it answered."""

    def __init__(self, database: Path, seed: int) -> None:
        from companion.web import create_app

        self.rng = random.Random(seed)
        self.app = create_app({"DATABASE": str(database), "TESTING": True})
        self.client = self.app.test_client()
        self.statuses: Counter[int] = Counter()
        self.routes: Counter[str] = Counter()
        self.failures: list[dict[str, Any]] = []
        self.ids: dict[str, list[str]] = {}
        self.keys: list[str] = ["wrong-key-" + "x" * 20]
        self._set_up()
        with self.app.app_context():
            from companion.web.openapi import openapi_document

            self.document = openapi_document(self.app)
        self.operations = [(path, method, op) for path, ops in self.document["paths"].items()
                           for method, op in ops.items()]

    def _post(self, path: str, body: Any, key: str | None = None, method: str = "POST") -> Any:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return self.client.open(path, method=method, json=body, headers=headers)

    def _set_up(self) -> None:
        """A game with decks, a Tapestry game, an event with a round: real ids for the path parameters."""
        from companion.catalog.store import Catalog

        cards = [c for c in Catalog.in_memory().all() if c.edition == "2e"]
        plots = {c.code: 1 for c in cards if c.type == "plot"}
        draw = {c.code: 2 for c in cards if c.type == "character"}
        slots = {**dict(list(plots.items())[:7]), **dict(list(draw.items())[:25])}
        g = self._post("/api/games", {"seats": ["A", "B"], "mode": "strict"}).get_json()
        gid = g["game"]["id"]
        self.keys += [g["host"]["key"], *(s["key"] for s in g["seats"])]
        if g.get("judge"):
            self.keys.append(g["judge"]["key"])
        judge = self._post(f"/api/games/{gid}/judge-key", {}, g["host"]["key"]).get_json() or {}
        if judge.get("key"):
            self.keys.append(judge["key"])
        for i, s in enumerate(g["seats"]):
            self._post(f"/api/games/{gid}/seats/{s['seat']}/deck", {"expected_version": i, "deck": slots}, s["key"],
                       method="PUT")
        t = self._post("/api/tapestry/games", {"humans": ["Ann", "Bo"], "draw": "digital", "seed": "fuzz"})
        tid = (t.get_json() or {}).get("game", {}).get("id", "none")
        ev = self._post("/api/event", {"name": "Fuzz Open", "rounds": 2, "tables": 4}).get_json()
        eid, org, ejudge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
        self.keys += [org, ejudge]
        for name in ("Ann", "Bo"):
            self._post(f"/api/event/{eid}/players", {"name": name, "decklist": {"slots": slots}}, org)
        r = self._post(f"/api/event/{eid}/rounds", {"pairings": [{"table": 1, "a": "Ann", "b": "Bo"}]}, org)
        tables = (r.get_json() or {}).get("tables") or [{}]
        egame = tables[0].get("game", "none")
        for n, s in enumerate(tables[0].get("seats", [])):  # each seat's round link, opened as its phone does
            taken = self._post(f"/api/games/{egame}/claim", {"request_id": f"fuzz-claim-{n:04d}"},
                               s["url"].split("#key=")[1])
            self.keys.append((taken.get_json() or {}).get("key", "none"))
        self.ids = {"game_id": [gid, gid, tid, egame], "event_id": [eid, eid], "seat": ["A", "B"],
                    "number": ["1", "2"], "code": ["01001", "13089"], "card_id": ["A:shadows#1", "A.01001.1"],
                    "pending_id": ["x"], "flag_id": ["1"]}

    def _path_value(self, name: str) -> str:
        if self.rng.random() < 0.85 and name in self.ids:
            return self.rng.choice(self.ids[name])
        return self.rng.choice([*QUERY_VALUES[:8], "x", "%2e%2e", "é", "a" * 100]).replace("/", "%2F")

    def request(self) -> None:
        path, method, op = self.rng.choice(self.operations)
        url = re.sub(r"\{([^}]+)\}", lambda m: self._path_value(m.group(1)), path)
        query = {}
        for p in op.get("parameters", []):
            if p["in"] == "query" and self.rng.random() < 0.6:
                query[p["name"]] = self.rng.choice(QUERY_VALUES)
        headers = {}
        if self.rng.random() < 0.85:
            headers["Authorization"] = "Bearer " + self.rng.choice(self.keys)
        if "events" in path or (path.endswith("/stream") and self.rng.random() < 0.3):
            headers["Last-Event-ID"] = self.rng.choice(QUERY_VALUES)
        data: str | None = None
        if method in ("post", "put"):
            schema = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            value = _value(schema, self.rng) if schema else {"ObjectStates": [{"Name": "Card", "CardID": PLACE}]}
            if self.rng.random() < 0.6:
                value = _mutate(value, self.rng)
            data = _json_text(value, self.rng)
        address = f"10.{self.rng.randrange(256)}.{self.rng.randrange(256)}.1"
        raw = data.encode("utf-8", "surrogatepass") if data is not None else None
        r = self.client.open(url, method=method.upper(), query_string=query, data=raw, headers=headers,
                             content_type="application/json", environ_base={"REMOTE_ADDR": address}, buffered=False)
        try:
            if r.mimetype == "text/event-stream":
                next(iter(r.response), None)  # the stream's first line; closing it ends the stream
        finally:
            r.close()
        self.statuses[r.status_code] += 1
        self.routes[f"{method.upper()} {path}"] += 1
        if r.status_code >= 500 and len(self.failures) < 20:
            self.failures.append({"method": method.upper(), "url": url[:200], "query": {k: v[:40] for k, v in
                                  query.items()}, "body": (data or "")[:200], "status": r.status_code})


def fuzz(requests: int = 2000, seed: int = 1, seconds: float | None = None, database: Path | None = None,
         ) -> dict[str, Any]:
    """Send ``requests`` fuzzed requests (or as many as fit in ``seconds``); count the answers and the 5xx."""
    with tempfile.TemporaryDirectory() as tmp:
        fuzzer = Fuzzer(database or Path(tmp) / "fuzz.db", seed)
        start = time.perf_counter()
        sent = 0
        while sent < requests and (seconds is None or time.perf_counter() - start < seconds):
            fuzzer.request()
            sent += 1
        took = time.perf_counter() - start
        fuzzer.app.extensions["companion"]["services"].release()
    errors = sum(n for status, n in fuzzer.statuses.items() if status >= 500)
    return {"requests": sent, "seconds": round(took, 2), "routes": len(fuzzer.routes),
            "routes_in_document": len(fuzzer.operations), "5xx": errors,
            "statuses": {str(k): v for k, v in sorted(fuzzer.statuses.items())}, "failures": fuzzer.failures,
            "seed": seed}
