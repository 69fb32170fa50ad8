"""Decoding in worker processes: a memory limit per worker, a bounded queue, a deadline per job.

An image is untrusted input to C libraries (libjpeg, libpng, libwebp, zxing-cpp). The server process
only reads the header (companion.scan.images.check_size); pixels are decoded in a small pool of
worker processes (companion.scan.worker), each under an address-space limit (RLIMIT_AS, Linux), so a
bomb that slips past the header check costs a worker, not the server. At most ``workers`` jobs run
and ``waiting`` more wait; beyond that a caller gets ScanBusy at once. A worker that dies or overruns
its deadline is killed and replaced, and its caller gets ScanFailed: never a hang.

A job's deadline counts the worker's CPU time where the system tells it (Linux): on a busy machine a
photo that gets little of the processor is not the photo's fault. Wall time still ends every job at
``WALL_FACTOR`` times the deadline.

Workers are separate programs started with subprocess (fork+exec): nothing of the multi-threaded
server is copied into them, and they answer in JSON, never pickle.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import select
import struct
import subprocess
import sys
import threading
import time
from typing import Any

from companion.scan.images import ImageError

#: Address space a worker may add to what it holds after importing OpenCV and zxing-cpp. The largest
#: image allowed (50 megapixels, decoded as at most 16) needs well under half of it.
DEFAULT_MEMORY_MB = 768
DEFAULT_WORKERS = 2
DEFAULT_WAITING = 6
DEFAULT_TIMEOUT_S = 20.0
#: However little CPU a job got, it ends after this many times its deadline of wall time.
WALL_FACTOR = 3.0
DECODE_JOB = "companion.scan.pipeline:decode_job"
#: A worker's answer is a list of codes: anything longer is not an answer.
MAX_REPLY = 4 * 1024 * 1024


class ScanBusy(ImageError):
    """Every worker is busy and the queue is full: try again in a moment (maps to HTTP 503)."""


class ScanFailed(ImageError):
    """The worker died or ran out of time or memory on this image (maps to HTTP 422)."""


class _Deadline:
    """A job's deadline: ``timeout`` seconds of the worker's CPU (its own and its finished children's, e.g.
    Tesseract), checked whenever that much wall time has passed, and never more than WALL_FACTOR times it."""

    def __init__(self, pid: int, timeout: float) -> None:
        self._pid, self._timeout = pid, timeout
        now = time.monotonic()
        self._cpu0 = _cpu_seconds(pid)
        self._at = now + timeout
        self._last = now + WALL_FACTOR * timeout

    def left(self) -> float:
        now = time.monotonic()
        if now >= self._at and self._cpu0 is not None and now < self._last:
            cpu = _cpu_seconds(self._pid)
            used = None if cpu is None else cpu - self._cpu0
            if used is not None and used < self._timeout:  # starved by other work: wait for what is left of it
                self._at = min(now + max(self._timeout - used, 0.05), self._last)
        return min(self._at, self._last) - now


def _cpu_seconds(pid: int) -> float | None:
    """User and system CPU of a process and its waited-for children (Linux's /proc), None elsewhere."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


class _Worker:
    def __init__(self, job: str, memory_mb: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion.scan.worker", "--job", job, "--memory-mb", str(memory_mb)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, close_fds=True)

    @property
    def pid(self) -> int:
        return self.process.pid

    def send(self, data: bytes, args: tuple[Any, ...], deadline: _Deadline) -> None:
        raw = json.dumps(list(args)).encode()
        assert self.process.stdin is not None
        fd = self.process.stdin.fileno()
        os.set_blocking(fd, False)  # a worker that stops reading must not block the server
        # Header and image go out as two buffers: the image (up to the upload limit) is never copied.
        for buffer in (struct.pack(">I", len(raw)) + raw + struct.pack(">Q", len(data)), data):
            view = memoryview(buffer)
            while view:
                left = deadline.left()
                if left <= 0:
                    raise TimeoutError
                if not select.select([], [fd], [], left)[1]:
                    continue  # the deadline is asked again: it may have moved
                try:
                    view = view[os.write(fd, view):]
                except BlockingIOError:
                    continue

    def _read(self, n: int, deadline: _Deadline) -> bytes:
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        out = bytearray()
        while len(out) < n:
            left = deadline.left()
            if left <= 0:
                raise TimeoutError
            if not select.select([fd], [], [], left)[0]:
                continue  # the deadline is asked again: it may have moved
            chunk = os.read(fd, n - len(out))
            if not chunk:
                raise EOFError
            out += chunk
        return bytes(out)

    def receive(self, deadline: _Deadline) -> dict[str, Any]:
        size = struct.unpack(">I", self._read(4, deadline))[0]
        if size > MAX_REPLY:
            raise EOFError
        reply = json.loads(self._read(size, deadline))
        if not isinstance(reply, dict):
            raise EOFError
        return reply

    def stop(self) -> None:
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()
        if self.process.poll() is None:
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)


class ScanPool:
    """``run(data, *args)`` hands the bytes to an idle worker and returns the job's JSON result."""

    def __init__(self, workers: int = DEFAULT_WORKERS, waiting: int = DEFAULT_WAITING,
                 timeout: float = DEFAULT_TIMEOUT_S, memory_mb: int = DEFAULT_MEMORY_MB, job: str = DECODE_JOB
                 ) -> None:
        if workers < 1 or waiting < 0:
            raise ValueError("a scan pool needs at least one worker and a non-negative queue")
        self._job, self._memory_mb, self.timeout = job, memory_mb, timeout
        self._admitted = threading.BoundedSemaphore(workers + waiting)
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._lock = threading.Lock()
        self._all: list[_Worker] = []
        self._closed = False
        self.running = 0  # jobs inside a worker now, and the most at once (for tests and the benchmark)
        self.peak_running = 0
        for _ in range(workers):
            self._add()

    def _add(self) -> None:
        worker = _Worker(self._job, self._memory_mb)
        with self._lock:
            self._all.append(worker)
        self._idle.put(worker)

    def _replace(self, worker: _Worker) -> None:
        worker.stop()
        with self._lock:
            if worker in self._all:
                self._all.remove(worker)
            closed = self._closed
        if not closed:
            self._add()

    def pids(self) -> list[int]:
        with self._lock:
            return [w.pid for w in self._all]

    def run(self, data: bytes, *args: Any) -> Any:
        if not self._admitted.acquire(blocking=False):
            raise ScanBusy("the scanner is busy with other photos; try again in a moment")
        try:
            try:
                worker = self._idle.get(timeout=self.timeout)
                while worker.process.poll() is not None:  # died while idle: not this image's fault
                    self._replace(worker)
                    worker = self._idle.get(timeout=self.timeout)
            except queue.Empty:
                raise ScanBusy("the scanner is busy with other photos; try again in a moment") from None
            with self._lock:
                self.running += 1
                self.peak_running = max(self.peak_running, self.running)
            try:
                return self._ask(worker, data, args)
            finally:
                with self._lock:
                    self.running -= 1
        finally:
            self._admitted.release()

    def _ask(self, worker: _Worker, data: bytes, args: tuple[Any, ...]) -> Any:
        try:
            # The job's own deadline: time spent waiting for a worker does not eat into it.
            deadline = _Deadline(worker.pid, self.timeout)
            worker.send(data, args, deadline)
            reply = worker.receive(deadline)
        except TimeoutError:
            self._replace(worker)
            raise ScanFailed(f"the scan took longer than {self.timeout:g} s and was stopped; "
                             "send a smaller or sharper photo") from None
        except (EOFError, OSError, ValueError):
            self._replace(worker)
            raise ScanFailed("the scanner stopped on this image (out of memory or a decoder crash); "
                             "send a smaller photo") from None
        self._idle.put(worker)
        if "error" in reply:
            raise ImageError(str(reply["error"]))
        return reply.get("ok")

    def close(self) -> None:
        with self._lock:
            self._closed = True
            workers, self._all = self._all, []
        for w in workers:
            w.stop()


class InProcessPool(ScanPool):
    """Where pipes cannot be waited on with a deadline (Windows): the same bounded queue, decoding in the
    calling thread. The header check and OpenCV's pixel cap still apply; the memory limit does not."""

    def __init__(self, workers: int = DEFAULT_WORKERS, waiting: int = DEFAULT_WAITING, job: str = DECODE_JOB) -> None:
        from companion.scan.worker import load_job

        self._run_job = load_job(job)
        self._admitted = threading.BoundedSemaphore(workers + waiting)
        self._slots = threading.BoundedSemaphore(workers)
        self._lock = threading.Lock()
        self._all = []
        self.timeout = DEFAULT_TIMEOUT_S
        self.running = self.peak_running = 0

    def run(self, data: bytes, *args: Any) -> Any:
        if not self._admitted.acquire(blocking=False):
            raise ScanBusy("the scanner is busy with other photos; try again in a moment")
        try:
            if not self._slots.acquire(timeout=self.timeout):
                raise ScanBusy("the scanner is busy with other photos; try again in a moment")
            try:
                return self._run_job(data, *args)
            finally:
                self._slots.release()
        finally:
            self._admitted.release()

    def close(self) -> None:
        pass


_pool: ScanPool | None = None
_pool_lock = threading.Lock()


def shared_pool() -> ScanPool:
    """The process's pool, started on first use (so commands that never scan start no workers)."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ScanPool() if os.name == "posix" else InProcessPool()
            atexit.register(_pool.close)
        return _pool
