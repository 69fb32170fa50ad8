"""A scan worker process: ``python -m companion.scan.worker --job module:function --memory-mb N``.

It reads framed jobs on stdin and answers each on stdout as JSON, under an address-space limit. The
server never unpickles what a worker says: a worker is where untrusted images meet C decoders, so
its answers are data (JSON of a bounded size), nothing more.

Frames: server -> worker ``<u32 length><JSON args><u64 length><image bytes>``; worker -> server
``<u32 length><JSON {"ok": result} or {"error": message}>``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import signal
import struct
import sys
from collections.abc import Callable
from typing import Any, BinaryIO


def read_exact(stream: BinaryIO, n: int) -> bytes | None:
    """n bytes, or None at a clean end of input."""
    chunks, got = [], 0
    while got < n:
        chunk = stream.read(n - got)
        if not chunk:
            return None
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def limit_memory(extra_mb: int) -> None:
    """Cap the address space at what is mapped now plus ``extra_mb`` (Linux; elsewhere a no-op)."""
    if not sys.platform.startswith("linux"):
        return
    import resource

    with open("/proc/self/statm") as f:  # pages mapped after importing OpenCV and zxing-cpp
        base = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    limit = base + extra_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def load_job(spec: str) -> Callable[..., Any]:
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def answer(job: Callable[..., Any], args: list[Any], data: bytes) -> dict[str, Any]:
    from companion.scan.images import ImageError

    try:
        return {"ok": job(data, *args)}
    except ImageError as exc:
        return {"error": str(exc)}
    except MemoryError:
        return {"error": "the image needs more memory than a scan may use; send a smaller photo"}
    except Exception as exc:  # a decoder's own failure: report it and keep serving
        return {"error": f"the image could not be decoded ({type(exc).__name__})"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion.scan.worker")
    parser.add_argument("--job", required=True)
    parser.add_argument("--memory-mb", type=int, default=0)
    opts = parser.parse_args(argv)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the server; workers end when stdin closes
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    from companion.scan.cv import cv2

    cv2.setNumThreads(1)  # one core per worker: a few workers should not fight over a small machine
    job = load_job(opts.job)
    if opts.memory_mb > 0:
        limit_memory(opts.memory_mb)
    # The answers get a private copy of stdout; fd 1 itself goes to stderr, so a C library that prints
    # a warning cannot corrupt the frames.
    stdin, stdout = sys.stdin.buffer, os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    while True:
        head = read_exact(stdin, 4)
        if head is None:
            return 0
        args_raw = read_exact(stdin, struct.unpack(">I", head)[0])
        size_raw = read_exact(stdin, 8)
        if args_raw is None or size_raw is None:
            return 0
        data = read_exact(stdin, struct.unpack(">Q", size_raw)[0])
        if data is None:
            return 0
        reply = json.dumps(answer(job, json.loads(args_raw), data)).encode()
        stdout.write(struct.pack(">I", len(reply)) + reply)
        stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
