"""Jobs for scan-pool tests, run inside real worker processes (see tests/test_scan_sandbox.py)."""

from __future__ import annotations

import os
import time


def sleep(data: bytes, seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def allocate(data: bytes, mb: int) -> int:
    block = bytearray(mb * 1024 * 1024)
    block[::4096] = b"\x01" * len(block[::4096])  # touch every page
    return len(block) // (1024 * 1024)


def spin(data: bytes, seconds: float) -> int:
    """Busy for ``seconds`` of CPU: a photo that costs the decoder that much."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return os.getpid()
