"""Server benchmark: a real server process on loopback, N tables with M devices each on live streams.

Reports action latency percentiles, actions per second, the delay from commit to delivery on the
streams, the server's peak memory, and the ratio of actions per second to plain sqlite-utils inserts
(one transaction each, WAL, synchronous=NORMAL: the same durability) measured in the same run.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import sqlite_utils


def _pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def _start(db: Path, devices: int) -> tuple[subprocess.Popen[str], str, int]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", "0", "--db", str(db), "--devices", str(devices + 32)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "COMPANION_STREAMS_PER_ADDRESS": str(devices + 32)},  # all from loopback
    )
    deadline = time.time() + 60
    while time.time() < deadline:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        m = re.search(r"running at http://(127\.0\.0\.1):(\d+)/", line)
        if m:
            return proc, m.group(1), int(m.group(2))
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise RuntimeError("the server did not start")


class Client:
    """A keep-alive JSON client for one thread."""

    def __init__(self, host: str, port: int) -> None:
        self.conn = http.client.HTTPConnection(host, port, timeout=30)

    def call(self, method: str, path: str, body: Any = None, key: str | None = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Authorization"] = "Bearer " + key
        self.conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        r = self.conn.getresponse()
        return r.status, json.loads(r.read() or b"null")


async def _listen(host: str, port: int, path: str, key: str | None, want: int, got: list[tuple[int, float, float]],
                  ready: asyncio.Event, counter: list[int], total: int) -> None:
    auth = f"Authorization: Bearer {key}\r\n" if key else ""  # none: a spectator's table view
    for _attempt in range(30):
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n{auth}\r\n".encode())
        await writer.drain()
        status = await reader.readline()
        while (await reader.readline()) not in (b"\r\n", b""):
            pass  # response headers
        if status.startswith(b"HTTP/1.1 200"):
            break
        # A busy server answers 503; a browser's EventSource retries after the 1 s it was told.
        writer.close()
        await asyncio.sleep(1)
    counter[0] += 1
    if counter[0] == total:
        ready.set()
    try:
        while True:
            line = await reader.readline()
            if not line:
                return
            if b"data:" in line:
                start = line.index(b"data:") + 5
                payload = json.loads(line[start:])
                got.append((payload["version"], payload["committed"] or 0.0, time.time()))
                if payload["version"] >= want:
                    return
    finally:
        writer.close()


@contextlib.contextmanager
def served(devices: int) -> Iterator[tuple[subprocess.Popen[str], str, int, Path]]:
    """A companion server on loopback over a fresh database, stopped (and its files gone) afterwards."""
    with tempfile.TemporaryDirectory() as tmp:
        proc, host, port = _start(Path(tmp) / "bench.db", devices)
        try:
            yield proc, host, port, Path(tmp)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def bench_server(tables: int = 20, devices: int = 20, actions: int = 30, writers: int = 4,
                 spectators: int = 0) -> dict[str, Any]:
    """``spectators`` of each table's ``devices`` are table views without a key (the public stream); the others are
    the two seats' phones, half each."""
    with served(tables * devices) as (proc, host, port, tmp):
        return _run(proc, host, port, tmp, tables, devices, actions, writers, spectators)


def _run(proc: subprocess.Popen[str], host: str, port: int, tmp: Path, tables: int, devices: int, actions: int,
         writers: int, spectators: int = 0) -> dict[str, Any]:
    setup = Client(host, port)
    games = []
    for _ in range(tables):
        status, g = setup.call("POST", "/api/games", {"seats": ["A", "B"]})
        assert status == 201, g
        games.append((g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]))
    final = actions  # each table ends at this version

    # Devices: M live streams per table, opened before any action.
    deliveries: list[list[tuple[int, float, float]]] = []
    loop = asyncio.new_event_loop()
    ready = asyncio.Event()
    counter = [0]
    total = tables * devices

    async def open_all() -> list[asyncio.Task[None]]:
        tasks = []
        for gid, ka, kb in games:
            for d in range(devices):
                got: list[tuple[int, float, float]] = []
                deliveries.append(got)
                # The table views first, then the acting seat's phones and its opponent's.
                key = None if d < spectators else kb if d % 2 else ka
                path = f"/api/games/{gid}/events?since=0"
                tasks.append(asyncio.ensure_future(_listen(host, port, path, key, final, got, ready, counter,
                                                           total)))
        await asyncio.wait_for(ready.wait(), timeout=120)
        return tasks

    sampler = _Sampler(proc.pid)
    sampler.start()
    tasks = loop.run_until_complete(open_all())
    listener = threading.Thread(target=lambda: loop.run_until_complete(asyncio.wait(tasks, timeout=300)))
    listener.start()

    # Writers: each drives its share of the tables, one action at a time per table.
    latencies: list[float] = []
    lock = threading.Lock()
    failures: list[str] = []  # a writer that stopped, and why: the run fails with it (it printed 0 actions, exit 0)

    def drive(share: list[tuple[str, str, str]]) -> None:
        try:
            write(share)
        except Exception as exc:  # any failure of a writer thread is the run's
            with lock:
                failures.append(f"{type(exc).__name__}: {exc}")

    def write(share: list[tuple[str, str, str]]) -> None:
        client = Client(host, port)
        versions = {gid: 0 for gid, _, _ in share}
        for i in range(actions):
            for gid, ka, _ in share:
                action = {"type": "gain_gold" if i % 2 == 0 else "spend_gold", "player": "A", "amount": 1}
                t0 = time.perf_counter()
                status, body = client.call("POST", f"/api/games/{gid}/actions",
                                           {"action": action, "expected_version": versions[gid]}, ka)
                elapsed = time.perf_counter() - t0
                if status != 201:
                    raise RuntimeError(f"action refused: {status} {body}")
                versions[gid] = body["version"]
                with lock:
                    latencies.append(elapsed)

    threads = [threading.Thread(target=drive, args=(games[w::writers],)) for w in range(writers)]
    cpu_before = _cpu_seconds(proc.pid)
    own_before = _own_cpu_seconds()
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - started
    if failures:
        raise RuntimeError("a writer stopped: " + "; ".join(failures))
    listener.join(timeout=300)
    server_cpu = _cpu_seconds(proc.pid) - cpu_before
    client_cpu = _own_cpu_seconds() - own_before
    loop.close()
    sampler.stop()

    delays = [received - committed for got in deliveries for (_, committed, received) in got if committed]
    complete = sum(1 for got in deliveries if got and got[-1][0] >= final)
    peak_kb = _peak_memory_kb(proc.pid)
    baseline = _baseline_inserts(tmp / "baseline.db", n=tables * actions)
    aps = len(latencies) / wall
    return {
        "benchmark": "server",
        "tables": tables,
        "devices_per_table": devices,
        "spectators_per_table": spectators,
        "devices": tables * devices,
        "actions": len(latencies),
        "writers": writers,
        "action_latency_ms": {
            "p50": round(_pct(latencies, 50) * 1000, 2),
            "p95": round(_pct(latencies, 95) * 1000, 2),
            "p99": round(_pct(latencies, 99) * 1000, 2),
        },
        "actions_per_second": round(aps, 1),
        # The server's own CPU time (user + system, all threads) per action, its deliveries included:
        # on a machine whose cores the load generator shares, this is the figure that sets the ceiling.
        "server_cpu_ms_per_action": round(server_cpu / max(1, len(latencies)) * 1000, 2),
        # The load generator's own (its writers and its devices reading every event), on the same cores: with
        # the server's, it bounds what this machine can show at all (cores / both, per second).
        "load_generator_cpu_ms_per_action": round(client_cpu / max(1, len(latencies)) * 1000, 2),
        "machine_ceiling_actions_per_second": (
            round(len(os.sched_getaffinity(0)) / ((server_cpu + client_cpu) / len(latencies)), 1)
            if latencies and server_cpu + client_cpu > 0 else None),
        "delivery_delay_ms": {
            "p50": round(_pct(delays, 50) * 1000, 2),
            "p95": round(_pct(delays, 95) * 1000, 2),
            "max": round(max(delays) * 1000, 2) if delays else None,
        },
        "deliveries": len(delays),
        "devices_that_saw_the_last_version": complete,
        "server_peak_memory_mb": round(peak_kb / 1024, 1) if peak_kb else None,
        "server_peak_rss_mb_sampled": round(sampler.rss_kb / 1024, 1),
        "server_peak_threads": sampler.threads,
        "server_peak_open_descriptors": sampler.fds,
        "baseline": {"what": "sqlite-utils single-row inserts, one transaction each, WAL, synchronous=NORMAL",
                     "inserts_per_second": round(baseline, 1)},
        "actions_to_baseline_ratio": round(aps / baseline, 3),
    }


class _Sampler(threading.Thread):
    """Reads the server's /proc status and fd table every 0.2 s while the load runs; keeps the peaks."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.rss_kb = self.threads = self.fds = 0
        self._done = threading.Event()

    def run(self) -> None:
        while not self._done.is_set():
            self.sample()
            self._done.wait(0.2)

    def sample(self) -> None:
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    self.rss_kb = max(self.rss_kb, int(line.split()[1]))
                elif line.startswith("Threads:"):
                    self.threads = max(self.threads, int(line.split()[1]))
            self.fds = max(self.fds, len(os.listdir(f"/proc/{self.pid}/fd")))
        except OSError:
            pass

    def stop(self) -> None:
        self._done.set()
        self.join(timeout=5)
        self.sample()


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (all its threads), from /proc; 0 elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _own_cpu_seconds() -> float:
    """User + system CPU seconds of this process so far (all its threads)."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _peak_memory_kb(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def _baseline_inserts(path: Path, n: int) -> float:
    db = sqlite_utils.Database(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    table = db.table("rows")
    table.create({"id": int, "data": str}, pk="id")
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        for i in range(n):
            table.insert({"data": json.dumps({"type": "gain_gold", "player": "A", "amount": i})})
        times.append(time.perf_counter() - t0)
    return n / statistics.median(times)


if __name__ == "__main__":  # pragma: no cover
    print(json.dumps(bench_server(), indent=2))
    os._exit(0)
