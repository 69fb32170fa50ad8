"""Rules-engine benchmark: check and replay speed. Timings are medians over repeats; every result
carries a baseline measured in the same run, because these machines are noisy."""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

from companion.catalog.store import Catalog
from companion.rules import Seat, check, new_table, play
from companion.rules.editions import Table
from companion.rules.simulate import random_action


def _bench_table(catalog: Catalog, instances: int, seed: int) -> Table:
    rng = random.Random(seed)
    pool = [c for c in catalog.all("2e") if c.type in ("character", "location", "attachment", "event")]
    shadow = [c for c in pool if c.has_shadow]
    decks: list[dict[str, int]] = [{}, {}]
    for i in range(instances):
        src = shadow if rng.random() < 0.4 else pool
        code = rng.choice(src).code
        d = decks[i % 2]
        d[code] = d.get(code, 0) + 1
    cards = catalog.cards({code for d in decks for code in d})
    return new_table("2e", [Seat("A", deck=decks[0]), Seat("B", deck=decks[1])], cards)


def bench_rules(actions: int = 2000, instances: int = 200, repeat: int = 7, seed: int = 1) -> dict[str, Any]:
    catalog = Catalog.in_memory()
    # Record one game, then time replaying it; the same actions each time.
    table = _bench_table(catalog, instances, seed)
    rng = random.Random(seed)
    log = []
    illegal = 0
    for _ in range(actions):
        a = random_action(table, rng)
        illegal += not play(table, a).legal
        log.append(a)
    lines = [json.dumps(a.to_dict()) for a in log]

    replay_s, parse_s, check_us = [], [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for line in lines:
            json.loads(line)
        parse_s.append(time.perf_counter() - t0)

        fresh = _bench_table(catalog, instances, seed)
        t0 = time.perf_counter()
        for a in log:
            play(fresh, a)
        replay_s.append(time.perf_counter() - t0)

        # check() alone, on each logged action at the point in the game where it was made
        again = _bench_table(catalog, instances, seed)
        for a in log:
            t0 = time.perf_counter()
            check(again, a)
            check_us.append((time.perf_counter() - t0) * 1e6)
            play(again, a)

    replay_med = statistics.median(replay_s)
    parse_med = statistics.median(parse_s)
    check_sorted = sorted(check_us)
    return {
        "benchmark": "rules",
        "instances": instances,
        "actions": actions,
        "repeat": repeat,
        "replay_seconds_median": round(replay_med, 4),
        "replay_actions_per_second": round(actions / replay_med),
        "check_microseconds_median": round(statistics.median(check_us), 1),
        "check_microseconds_p95": round(check_sorted[int(0.95 * (len(check_sorted) - 1))], 1),
        "baseline": {
            "what": "json.loads of the same action lines",
            "seconds_median": round(parse_med, 4),
        },
        "replay_to_baseline_ratio": round(replay_med / parse_med, 2),
        "illegal_share_in_log": round(illegal / actions, 3),
    }
