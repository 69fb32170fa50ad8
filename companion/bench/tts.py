"""TTS import benchmark: the full import against a bare json.loads of the same file, in the same run."""

from __future__ import annotations

import json
import statistics
import time
import tracemalloc
from pathlib import Path
from typing import Any

from companion.catalog.store import Catalog
from companion.heap import collector_paused
from companion.tts.importer import CardLookup, import_save


def bench_tts(path: Path, repeat: int = 7) -> dict[str, Any]:
    data = path.read_bytes()
    lookup = CardLookup(Catalog.in_memory().all())
    parse, full = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        json.loads(data)
        parse.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        report = import_save(data, lookup, path.name)
        full.append(time.perf_counter() - t0)
    tracemalloc.start()
    json.loads(data)
    parse_peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.reset_peak()
    import_save(data, lookup, path.name)
    import_peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    p, f = statistics.median(parse), statistics.median(full)
    return {
        "benchmark": "tts", "file": path.name, "bytes": len(data), "repeat": repeat,
        "objects": report["counts"]["objects"], "cards": report["counts"]["cards"],
        "import_seconds_median": round(f, 4),
        "baseline": {"what": "json.loads of the same bytes", "seconds_median": round(p, 4)},
        "import_to_parse_ratio": round(f / p, 2),
        "peak_memory_mb": {"import": round(import_peak / 2**20, 1), "json_loads": round(parse_peak / 2**20, 1)},
    }


def synthetic_save(cards: int) -> bytes:
    """A save with ``cards`` face-down cards, each with a gold token on it, in one wide shadows zone."""

    def transform(x: float, z: float, y: float = 1.0, rot_z: float = 0.0, sx: float = 1.0, sz: float = 1.0
                  ) -> dict[str, float]:
        return {"posX": x, "posY": y, "posZ": z, "rotX": 0.0, "rotY": 0.0, "rotZ": rot_z,
                "scaleX": sx, "scaleY": 1.0, "scaleZ": sz}

    rows = max(1, cards // 1000)
    objects: list[dict[str, Any]] = [{"Name": "ScriptingTrigger", "GUID": "zzzzzz", "Nickname": "Shadows: Red",
                                      "Transform": transform(0, 0, sx=3100, sz=4 * rows + 8)}]
    for i in range(cards):
        x, z = (i % 1000) * 3.0 - 1500, (i // 1000) * 4.0 - 2.0 * rows
        objects.append({"Name": "Card", "GUID": f"{i:06x}", "Nickname": "", "GMNotes": '{"code": "01045"}',
                        "CardID": 10000, "Transform": transform(x, z, rot_z=180)})
        objects.append({"Name": "Custom_Token", "GUID": f"t{i:05x}", "Nickname": "Gold",
                        "Transform": transform(x + 0.2, z + 0.2, y=1.2)})
    return json.dumps({"SaveName": "bench", "GameMode": "AGoT", "Date": "", "ObjectStates": objects}).encode()


def _median_seconds(fn: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _parse_paused(data: bytes) -> Any:
    with collector_paused():
        return json.loads(data)


def bench_tts_scaling(cards: int = 2000, repeat: int = 3) -> dict[str, Any]:
    """Import time for N and 4N cards with a token each, against json.loads of the same bytes in the same run.

    Linear work grows about 4× from N to 4N; cards × tokens work would grow about 16×.
    """
    lookup = CardLookup(Catalog.in_memory().all())
    rows = []
    for n in (cards, 4 * cards):
        data = synthetic_save(n)
        imp = _median_seconds(lambda d=data: import_save(d, lookup, "synthetic"), repeat)
        parse = _median_seconds(lambda d=data: json.loads(d), repeat)
        quiet = _median_seconds(lambda d=data: _parse_paused(d), repeat)
        rows.append({"cards": n, "tokens": n, "bytes": len(data), "import_seconds_median": round(imp, 4),
                     "json_loads_seconds_median": round(parse, 4), "import_to_parse_ratio": round(imp / parse, 2),
                     # The import pauses the cycle collector (companion/heap.py); a json.loads paused the same
                     # way says what the import costs beyond parsing on equal terms.
                     "json_loads_collector_paused_seconds_median": round(quiet, 4),
                     "import_to_paused_parse_ratio": round(imp / quiet, 2)})
    return {
        "benchmark": "tts-scaling", "repeat": repeat, "runs": rows,
        "growth_4x_cards": {"import": round(rows[1]["import_seconds_median"] / rows[0]["import_seconds_median"], 2),
                            "json_loads": round(rows[1]["json_loads_seconds_median"]
                                                / rows[0]["json_loads_seconds_median"], 2),
                            "linear_would_be": 4.0, "quadratic_would_be": 16.0},
    }
