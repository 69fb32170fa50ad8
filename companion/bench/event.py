"""Event benchmark: a real server on loopback running one round of an event.

64 tables, two phones per table on their game's live stream, three judge dashboards on the event
stream. Steady play is 1 action per table every ``interval`` seconds (the real pace is one per 10 s;
the default compresses time tenfold to 1 s, so a 30 s run is five minutes of play), with bursts in
which a quarter of the tables record several actions back to back. Reports action latency, the
delay from commit to delivery on phones and on dashboards, lost events, and the server's CPU and memory.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import random
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from companion.bench.server import Client, _pct, _peak_memory_kb, _Sampler, served

DECK = json.dumps({"name": "bench", "faction_code": "lannister", "slots": {"13089": 1, "01089": 1, "00168": 2}})


def bench_event(tables: int = 64, dashboards: int = 3, seconds: float = 30.0, interval: float = 1.0,
                bursts: int = 3, burst_actions: int = 5, seed: int = 1) -> dict[str, Any]:
    with served(tables * 2 + dashboards) as (proc, host, port, _tmp):
        return _run(proc, host, port, tables, dashboards, seconds, interval, bursts, burst_actions, seed)


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of the server process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    import os

    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _stream(host: str, port: int, path: str, key: str, on_event: Any, ready: list[int],
                  stop: asyncio.Event) -> None:
    # A judge's dashboard event for 64 tables is one line of several hundred kB: over asyncio's 64 kB default.
    reader, writer = await asyncio.open_connection(host, port, limit=16 * 1024 * 1024)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n"
                 f"Authorization: Bearer {key}\r\n\r\n".encode())
    await writer.drain()
    while (await reader.readline()) not in (b"\r\n", b""):
        pass
    ready[0] += 1
    try:
        while not stop.is_set():
            try:
                line = await asyncio.wait_for(reader.readline(), timeout=0.5)
            except TimeoutError:
                continue
            if not line:
                return
            if b"data:" in line:
                on_event(json.loads(line[line.index(b"data:") + 5:]), time.time())
    finally:
        writer.close()


def _listen_process(pipe: Any, host: str, port: int, eid: str, judge: str, games: list[tuple[str, str, str]],
                    dashboards: int, seconds: float) -> None:
    """Every phone and dashboard, on one event loop in this process; sends back what they saw."""
    phone_delays: list[float] = []
    phone_seen: list[dict[str, int]] = [{} for _ in range(len(games) * 2)]
    dash_seen: list[dict[str, int]] = [{} for _ in range(dashboards)]
    dash_arrivals: list[list[tuple[str, int, float]]] = [[] for _ in range(dashboards)]

    def on_phone(i: int, gid: str) -> Any:
        def handle(payload: dict[str, Any], now: float) -> None:
            if payload.get("committed"):
                phone_delays.append(now - payload["committed"])
            phone_seen[i][gid] = payload["version"]
        return handle

    def on_dash(i: int) -> Any:
        def handle(payload: dict[str, Any], now: float) -> None:
            for row in payload.get("tables", []):
                if row["version"] > dash_seen[i].get(row["game"], 2):
                    dash_arrivals[i].append((row["game"], row["version"], now))
                    dash_seen[i][row["game"]] = row["version"]
        return handle

    async def main() -> None:
        stop = asyncio.Event()
        ready = [0]
        tasks = []
        for n, (gid, ka, kb) in enumerate(games):
            for s, key in enumerate((ka, kb)):
                tasks.append(asyncio.ensure_future(_stream(host, port, f"/api/games/{gid}/events?since=2", key,
                                                           on_phone(2 * n + s, gid), ready, stop)))
        for d in range(dashboards):
            tasks.append(asyncio.ensure_future(_stream(host, port, f"/api/event/{eid}/stream", judge, on_dash(d),
                                                       ready, stop)))
        while ready[0] < len(tasks):
            await asyncio.sleep(0.05)
        pipe.send("ready")
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, pipe.recv)  # "stop"
        stop.set()
        await asyncio.wait(tasks, timeout=30)

    asyncio.run(main())
    pipe.send((phone_delays, phone_seen, dash_seen, dash_arrivals))


def _run(proc: subprocess.Popen[str], host: str, port: int, tables: int, dashboards: int, seconds: float,
         interval: float, bursts: int, burst_actions: int, seed: int) -> dict[str, Any]:
    setup = Client(host, port)
    status, ev = setup.call("POST", "/api/event", {"name": "Bench open", "rounds": 1, "tables": tables})
    assert status == 201, ev
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    for i in range(tables * 2):
        status, out = setup.call("POST", f"/api/event/{eid}/players", {"name": f"P{i:03d}", "decklist": DECK}, org)
        assert status == 201, out
        if out["needs_confirmation"]:  # a bench deck, not a legal one: the organiser lets it play
            setup.call("POST", f"/api/event/{eid}/players/{out['player']['id']}/confirm", {}, org)
    csv = "\n".join(f"{t},P{2 * t - 2:03d},P{2 * t - 1:03d}" for t in range(1, tables + 1))
    status, rnd = setup.call("POST", f"/api/event/{eid}/rounds", {"csv": csv}, org)
    assert status == 201, rnd
    def take_seat(game: str, url: str, n: int) -> str:
        """A seat's phone opens its round link: its paper key, exchanged once for the seat's own key."""
        status, out = setup.call("POST", f"/api/games/{game}/claim", {"request_id": f"bench-claim-{n:06d}"},
                                 url.split("#key=")[1])
        assert status == 200, out
        return str(out["key"])

    games = [(t["game"], take_seat(t["game"], t["seats"][0]["url"], 2 * i),
              take_seat(t["game"], t["seats"][1]["url"], 2 * i + 1)) for i, t in enumerate(rnd["tables"])]
    setup.call("POST", f"/api/event/{eid}/rounds/1/clock", {}, org)

    # The phones and dashboards listen from a process of their own, as real devices are apart from
    # the players tapping: decoding 150 KB of updates per action in the writers' process made the
    # writers wait for its GIL, and that wait was counted as the server's latency.
    ctx = multiprocessing.get_context("spawn")
    to_listener, from_main = ctx.Pipe()
    listener = ctx.Process(target=_listen_process,
                           args=(from_main, host, port, eid, judge, games, dashboards, seconds))
    listener.start()
    if not to_listener.poll(180) or to_listener.recv() != "ready":
        listener.kill()
        raise RuntimeError("the devices did not connect")

    committed: dict[tuple[str, int], float] = {}  # (game, version) -> when its answer arrived
    sent: dict[tuple[str, int], float] = {}
    final: dict[str, int] = {}
    guard = threading.Lock()

    latencies: list[float] = []
    rng = random.Random(seed)
    writers = 8
    cpu0, wall0 = _cpu_seconds(proc.pid), time.perf_counter()
    sampler = _Sampler(proc.pid)  # threads and open descriptors while the load runs
    sampler.start()
    burst_at = sorted(rng.uniform(0.2, 0.8) * seconds for _ in range(bursts))

    def drive(share: list[tuple[str, str, str]]) -> None:
        client = Client(host, port)
        versions = {gid: 4 for gid, _, _ in share}  # the two decks, and each phone taking its seat's key
        due = {gid: rng.uniform(0, interval) for gid, _, _ in share}  # tables spread over the interval
        start = time.perf_counter()
        done_bursts, step = 0, 0
        while (elapsed := time.perf_counter() - start) < seconds:
            if done_bursts < len(burst_at) and elapsed >= burst_at[done_bursts]:
                done_bursts += 1
                for gid, ka, _ in share:
                    for _ in range(burst_actions if gid in burst_tables else 0):
                        act(client, gid, ka, versions, step)
                        step += 1
            for gid, ka, _ in share:
                if elapsed >= due[gid]:
                    act(client, gid, ka, versions, step)
                    step += 1
                    due[gid] += interval
            time.sleep(0.005)

    def act(client: Client, gid: str, key: str, versions: dict[str, int], step: int) -> None:
        # Per table: gain, then spend (a strict game refuses spending gold it does not have).
        action = {"type": "gain_gold" if versions[gid] % 2 == 0 else "spend_gold", "player": "A", "amount": 1}
        t0 = time.perf_counter()
        now = time.time()
        with guard:
            sent[(gid, versions[gid] + 1)] = now
        status, body = client.call("POST", f"/api/games/{gid}/actions",
                                   {"action": action, "expected_version": versions[gid]}, key)
        if status != 201:
            raise RuntimeError(f"action refused: {status} {body}")
        with guard:
            latencies.append(time.perf_counter() - t0)
            committed[(gid, body["version"])] = time.time()
            final[gid] = body["version"]
        versions[gid] = body["version"]

    # Baseline in the same run, under the same load: a request that does nothing (/api/health),
    # once per interval of one table's pace, on a connection of its own.
    floor: list[float] = []

    def baseline() -> None:
        client = Client(host, port)
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            t0 = time.perf_counter()
            client.call("GET", "/api/health")
            floor.append(time.perf_counter() - t0)
            time.sleep(interval / 8)

    burst_tables = {gid for gid, _, _ in games[: max(1, tables // 4)]}
    threads = [threading.Thread(target=drive, args=(games[w::writers],)) for w in range(writers)]
    threads.append(threading.Thread(target=baseline))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - wall0
    cpu = _cpu_seconds(proc.pid) - cpu0
    sampler.stop()
    time.sleep(2)  # the last deliveries
    to_listener.send("stop")
    got = to_listener.recv() if to_listener.poll(60) else ([], [], [], [])
    phone_delays, phone_seen, dash_seen, dash_arrivals = got
    listener.join(timeout=30)
    dash_delays: list[float] = []
    for arrivals in dash_arrivals:  # per dashboard: (game, versions up to, first shown at)
        before: dict[str, int] = {}
        for gid, version, when in arrivals:
            for v in range(before.get(gid, 2) + 1, version + 1):
                t0 = sent.get((gid, v))
                if t0 is not None:
                    dash_delays.append(when - t0)
            before[gid] = max(before.get(gid, 2), version)
    peak_kb = _peak_memory_kb(proc.pid)
    lost_phones = sum(1 for i, (gid, _, _) in enumerate(g for g in games for _ in (0, 1))
                      if phone_seen[i].get(gid, 2) < final.get(gid, 2))
    lost_dash = sum(1 for d in dash_seen for gid, v in final.items() if d.get(gid, 2) < v)

    def ms(v: float) -> float:
        return round(v * 1000, 2)

    return {
        "benchmark": "event",
        "tables": tables, "phones": tables * 2, "dashboards": dashboards,
        "pace": {"real": "1 action per table per 10 s", "run": f"1 action per table per {interval} s "
                 f"(time compressed {10 / interval:g}x)", "bursts": bursts,
                 "burst": f"{burst_actions} actions back to back at each of {len(burst_tables)} tables"},
        "seconds": round(wall, 1), "actions": len(latencies),
        "action_latency_ms": {"p50": ms(_pct(latencies, 50)), "p95": ms(_pct(latencies, 95)),
                              "p99": ms(_pct(latencies, 99)), "max": ms(max(latencies))},
        "baseline_health_ms": {"what": "GET /api/health in the same run (the server's floor)",
                               "p50": ms(_pct(floor, 50)), "p95": ms(_pct(floor, 95)), "p99": ms(_pct(floor, 99))},
        "ratio_action_to_baseline_p50": round(_pct(latencies, 50) / _pct(floor, 50), 2) if floor else None,
        "phone_delivery_ms": {"from": "commit (server clock)", "p50": ms(_pct(phone_delays, 50)),
                              "p95": ms(_pct(phone_delays, 95)), "max": ms(max(phone_delays, default=0))},
        "dashboard_delivery_ms": {"from": "the action being sent (client clock)", "p50": ms(_pct(dash_delays, 50)),
                                  "p95": ms(_pct(dash_delays, 95)), "max": ms(max(dash_delays, default=0))},
        "lost": {"phones_behind_at_end": lost_phones, "dashboard_tables_behind_at_end": lost_dash},
        "server": {"cpu_seconds": round(cpu, 2), "cpu_percent_of_one_core": round(100 * cpu / wall, 1),
                   "peak_memory_mb": round(peak_kb / 1024, 1) if peak_kb else None,
                   "peak_threads": sampler.threads, "peak_open_descriptors": sampler.fds},
    }
