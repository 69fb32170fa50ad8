"""TTS import benchmark: the full import against a bare json.loads of the same file, in the same run."""

from __future__ import annotations

import json
import statistics
import time
import tracemalloc
from pathlib import Path
from typing import Any

from companion.catalog.store import Catalog
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
