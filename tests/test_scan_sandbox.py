"""Scans in a sandbox: header readers that cannot be fooled, OpenCV's pixel cap always in force, and
decoding in memory-limited worker processes behind a bounded queue (issue 10, item 4)."""

from __future__ import annotations

import os
import random
import signal
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.bench.scan import _large_photo, fill_byte_jpeg_bomb, png_bomb, synthetic_frame, webp_lossless_bomb
from companion.scan.cv import MAX_PIXELS, cv2
from companion.scan.images import ImageError, ImageTooLarge, image_size, load_gray
from companion.scan.labels import Label
from companion.scan.pipeline import decode_image
from companion.scan.render import label_image
from companion.scan.sandbox import ScanBusy, ScanFailed, ScanPool, shared_pool

ROOT = Path(__file__).resolve().parents[1]
LINUX = sys.platform.startswith("linux")


def rss_kb(pid: int | str = "self", field: str = "VmRSS") -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith(field + ":"))


def jpeg_segments(jpeg: bytes) -> list[int]:
    """Offsets of every marker before the image data (for inserting fill bytes)."""
    offsets, i = [], 2
    while jpeg[i + 1] != 0xDA:
        offsets.append(i)
        i += 2 + struct.unpack_from(">H", jpeg, i + 2)[0]
    return [*offsets, i]


# -- header readers --------------------------------------------------------------------------------


def test_the_fill_byte_bomb_is_read_at_its_real_size_and_refused_at_once() -> None:
    bomb = fill_byte_jpeg_bomb()
    assert image_size(bomb) == ("jpeg", 16000, 16000)
    t0 = time.perf_counter()
    with pytest.raises(ImageTooLarge, match="16000x16000"):
        decode_image(bomb)
    assert time.perf_counter() - t0 < 2  # decoding its 256 megapixels would take far longer


def test_fill_bytes_before_every_marker_change_nothing() -> None:
    image = np.tile(np.arange(90, dtype=np.uint8), (60, 1))
    jpeg = cv2.imencode(".jpg", image)[1].tobytes()
    padded = bytearray(jpeg)
    for at in reversed(jpeg_segments(jpeg)):
        padded[at:at] = b"\xff" * 3  # B.1.1.2: any number of 0xFF may precede a marker
    assert image_size(bytes(padded)) == ("jpeg", 90, 60)
    assert np.array_equal(load_gray(bytes(padded)), load_gray(jpeg))


def test_standalone_markers_and_every_sof_kind_are_understood() -> None:
    jpeg = cv2.imencode(".jpg", np.full((40, 70), 99, np.uint8), [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])[1].tobytes()
    assert image_size(jpeg) == ("jpeg", 70, 40)  # progressive: SOF2
    # TEM and RST markers (no length field) before the frame header are skipped, not misread as lengths.
    with_standalone = jpeg[:2] + b"\xff\x01\xff\xd3" + jpeg[2:]
    assert image_size(with_standalone) == ("jpeg", 70, 40)
    # A DHT (C4) segment that looks like a frame header is not taken for one.
    fake_dht = b"\xff\xc4\x00\x0b" + b"\x08\x00\x10\x00\x10\x01\x01\x00\x00"  # 2 + 11 bytes
    assert image_size(jpeg[:2] + fake_dht + jpeg[2:])[1:] == (70, 40)
    for sof in (0xC1, 0xC3, 0xC9, 0xCF):
        crafted = b"\xff\xd8\xff" + bytes([sof]) + b"\x00\x0b\x08\x00\x20\x00\x30\x01\x01\x11\x00"
        assert image_size(crafted) == ("jpeg", 48, 32)


@pytest.mark.parametrize(("data", "size"), [(png_bomb(), (30000, 30000)), (webp_lossless_bomb(), (16384, 16384))])
def test_png_and_webp_header_bombs_are_refused_before_decoding(data: bytes, size: tuple[int, int]) -> None:
    assert image_size(data)[1:] == size
    with pytest.raises(ImageTooLarge, match="more than 50 megapixels"):
        decode_image(data)


def vp8x(canvas: tuple[int, int], inner: bytes, flags: int = 0) -> bytes:
    w, h = canvas
    x = b"VP8X" + (10).to_bytes(4, "little") + bytes([flags, 0, 0, 0]) + (w - 1).to_bytes(3, "little") + (
        h - 1).to_bytes(3, "little")
    return b"RIFF" + (4 + len(x) + len(inner)).to_bytes(4, "little") + b"WEBP" + x + inner


def test_webp_extended_headers_cannot_hide_the_frame_size() -> None:
    small = cv2.imencode(".webp", np.full((40, 60, 3), 200, np.uint8))[1].tobytes()
    assert image_size(small)[1:] == (60, 40)  # simple VP8
    frame = small[12:]
    assert image_size(vp8x((60, 40), frame))[1:] == (60, 40)
    with pytest.raises(ImageError, match="disagree"):
        image_size(vp8x((16, 16), webp_lossless_bomb()[12:]))  # a small canvas over a huge frame
    with pytest.raises(ImageError, match="disagree"):
        image_size(vp8x((16000, 16000), frame))
    with pytest.raises(ImageError, match="animated"):
        image_size(vp8x((60, 40), frame, flags=0x02))
    lossless = cv2.imencode(".webp", np.full((40, 60, 3), 200, np.uint8), [cv2.IMWRITE_WEBP_QUALITY, 101])[1]
    assert image_size(lossless.tobytes())[1:] == (60, 40)  # VP8L


def test_truncated_files_give_a_clear_error_never_a_crash() -> None:
    text = Label("2e", "13089", "AB7", 1).payload()
    photo, _ = synthetic_frame(random.Random(4), [(text, label_image(text))])
    png = cv2.imencode(".png", np.full((50, 80), 7, np.uint8))[1].tobytes()
    webp = cv2.imencode(".webp", np.full((50, 80, 3), 7, np.uint8))[1].tobytes()
    for data in (photo, png, webp):
        for cut in (1, 3, 10, 20, 25, 29):
            with pytest.raises(ImageError):
                decode_image(data[:cut])
    # Cut inside the pixel data: the decoders either refuse it or give what they have, through the sandbox.
    for data in (photo, png, webp):
        try:
            assert {c.text for c in decode_image(data[: len(data) // 2])} <= {text}
        except ImageError as exc:
            assert "could not be decoded" in str(exc) or "truncated" in str(exc)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([fill_byte_jpeg_bomb()[:200] + fill_byte_jpeg_bomb()[-700:], png_bomb()[:40],
                        webp_lossless_bomb()[:40]]), st.lists(st.tuples(st.integers(0, 899), st.integers(0, 255)),
                                                              max_size=6), st.integers(0, 900))
def test_header_readers_survive_any_corruption(base: bytes, edits: list[tuple[int, int]], cut: int) -> None:
    data = bytearray(base)
    for at, value in edits:
        if at < len(data):
            data[at] = value
    try:
        fmt, w, h = image_size(bytes(data[:cut]))
    except ImageError:
        return
    assert fmt in ("jpeg", "png", "webp") and w >= 0 and h >= 0


# -- large legitimate images ------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", [".jpg", ".png"])
def test_a_legit_7000_pixel_photo_decodes_in_bounded_memory(fmt: str) -> None:
    data = _large_photo(fmt)
    assert image_size(data)[1:] == (7000, 7000)
    gray = load_gray(data)
    assert gray.shape[0] * gray.shape[1] <= 16_000_000  # read at half size (JPEG) or shrunk (PNG)
    pool = shared_pool()
    before = rss_kb()
    codes = decode_image(data)
    assert [c.text for c in codes] == [Label("2e", "13089", "AB7", 1).payload()]
    # Corners in the uploaded image's pixels: the code sits 200 px + a 4-module quiet zone in.
    assert min(x for x, _ in codes[0].corners) == pytest.approx(200 + 4 * 40, abs=12)
    assert rss_kb() - before < 30_000  # the server holds bytes, never pixels
    if LINUX:
        hwm = max(rss_kb(p, "VmHWM") for p in pool.pids())
        assert hwm < 400_000  # kB; the old in-process decode of a 7000x7000 PNG added ~195 MB on top of the server


# -- the pool ------------------------------------------------------------------------------------------


@pytest.fixture()
def jobs_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))  # workers import tests.scan_jobs


def test_eight_concurrent_uploads_are_bounded(jobs_importable: None) -> None:
    pool = ScanPool(workers=2, waiting=2, job="tests.scan_jobs:sleep")
    try:
        outcomes: list[str] = []
        lock = threading.Lock()

        def one() -> None:
            try:
                pool.run(b"x", 1.0)
                result = "ok"
            except ScanBusy as exc:
                assert "try again" in str(exc)
                result = "busy"
            with lock:
                outcomes.append(result)

        threads = [threading.Thread(target=one) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=20)
        assert sorted(outcomes) == ["busy"] * 4 + ["ok"] * 4  # 2 running + 2 waiting admitted
        assert pool.peak_running == 2
    finally:
        pool.close()


def test_eight_real_scans_at_once_all_finish_two_at_a_time() -> None:
    photo, expected = synthetic_frame(random.Random(9), [(p, label_image(p)) for p in (
        Label("2e", "13089", "AB7", 1).payload(), Label("2e", "01089", "AB7", 2).payload())])
    pool = shared_pool()
    pool.peak_running = 0
    before = rss_kb()
    results: list[list[str]] = []
    threads = [threading.Thread(target=lambda: results.append(sorted(c.text for c in decode_image(photo))))
               for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=25)
    assert results == [sorted(expected)] * 8
    assert pool.peak_running <= 2
    assert rss_kb() - before < 40_000


def test_a_worker_killed_mid_job_is_replaced_and_the_caller_told(jobs_importable: None) -> None:
    pool = ScanPool(workers=1, waiting=1, job="tests.scan_jobs:sleep")
    try:
        first = pool.run(b"", 0)
        assert pool.pids() == [first]
        errors: list[Exception] = []

        def stuck() -> None:
            try:
                pool.run(b"", 30)
            except ScanFailed as exc:
                errors.append(exc)

        t = threading.Thread(target=stuck)
        t0 = time.monotonic()
        t.start()
        while pool.running == 0 and time.monotonic() - t0 < 5:
            time.sleep(0.01)
        os.kill(first, signal.SIGKILL)
        t.join(timeout=10)
        assert not t.is_alive() and time.monotonic() - t0 < 10
        assert "stopped" in str(errors[0])
        replacement = pool.run(b"", 0)
        assert replacement != first and pool.pids() == [replacement]
        os.kill(replacement, signal.SIGKILL)  # dies while idle: the next caller still gets an answer
        os.waitpid(replacement, 0)
        assert pool.run(b"", 0) not in (first, replacement)
    finally:
        pool.close()


def test_a_job_past_its_deadline_is_stopped(jobs_importable: None) -> None:
    """A 1 s deadline against a job that would sleep 60 s. Only that job runs under the 1 s deadline: the
    worker's start (a new Python process, slow on a loaded machine) happens under a generous one before and
    after, so the test proves the stop whatever the machine's speed."""
    pool = ScanPool(workers=1, waiting=0, timeout=60.0, job="tests.scan_jobs:sleep")
    try:
        first = pool.run(b"", 0)  # the worker is up and answering
        pool.timeout = 1.0
        t0 = time.monotonic()
        with pytest.raises(ScanFailed, match="longer than 1 s"):
            pool.run(b"", 60)
        took = time.monotonic() - t0
        assert 1.0 <= took < 30, took  # stopped at its deadline, never waited out (60 s)
        with pytest.raises(ProcessLookupError):
            os.kill(first, 0)  # the stuck worker is gone
        pool.timeout = 60.0
        assert pool.run(b"", 0) != first  # a new worker took its place
    finally:
        pool.close()


def test_a_job_that_costs_more_cpu_than_its_deadline_is_stopped(jobs_importable: None) -> None:
    """A job busy for 60 s of CPU against a 1 s deadline is stopped, whether the deadline counts CPU or wall time."""
    pool = ScanPool(workers=1, waiting=0, timeout=60.0, job="tests.scan_jobs:spin")
    try:
        pool.run(b"", 0)
        pool.timeout = 1.0
        t0 = time.monotonic()
        with pytest.raises(ScanFailed, match="longer than 1 s"):
            pool.run(b"", 60)
        assert time.monotonic() - t0 < 30
    finally:
        pool.close()


@pytest.mark.skipif(not LINUX, reason="a worker's CPU time is read from /proc")
def test_a_job_starved_of_cpu_by_a_busy_machine_is_not_stopped_at_its_wall_deadline(jobs_importable: None) -> None:
    """A sleeping job uses no CPU, as a photo does while other work has the processor: 1.5 s of wall time against a
    1 s deadline is not the photo's fault, so it gets its answer (the wall-time bound is three times the deadline)."""
    pool = ScanPool(workers=1, waiting=0, timeout=60.0, job="tests.scan_jobs:sleep")
    try:
        first = pool.run(b"", 0)
        pool.timeout = 1.0
        assert pool.run(b"", 1.5) == first  # answered by the same worker: not stopped
    finally:
        pool.close()


@pytest.mark.skipif(not LINUX, reason="RLIMIT_AS is enforced on Linux")
def test_a_worker_cannot_grow_past_its_memory_limit(jobs_importable: None) -> None:
    pool = ScanPool(workers=1, waiting=0, memory_mb=200, job="tests.scan_jobs:allocate")
    try:
        assert pool.run(b"", 50) == 50
        with pytest.raises(ImageError, match="more memory than a scan may use"):
            pool.run(b"", 1000)
        assert pool.run(b"", 50) == 50  # the same worker goes on
    finally:
        pool.close()


# -- OpenCV's cap is set before OpenCV loads, on the server's own import path ---------------------------

PROBE = r"""
import json, os, sys

seen = {}

class Probe:
    def find_spec(self, name, path=None, target=None):
        if name == "cv2" and "cv2" not in seen:
            seen["cv2"] = os.environ.get("OPENCV_IO_MAX_IMAGE_PIXELS")
        return None

sys.meta_path.insert(0, Probe())
os.environ.pop("OPENCV_IO_MAX_IMAGE_PIXELS", None)
from click.testing import CliRunner
from companion.cli import main
# `companion serve --help` walks the command's import path without binding a port.
assert CliRunner().invoke(main, ["serve", "--help"]).exit_code == 0
from companion.web import create_app
app = create_app({"DATABASE": sys.argv[1]})
with app.test_client() as client:  # the scan route imports the decoder on first use
    client.post("/api/scan", data=b"not an image", content_type="image/png")
import cv2, numpy as np
bomb = bytes.fromhex(sys.argv[2])
try:
    result = cv2.imdecode(np.frombuffer(bomb, np.uint8), cv2.IMREAD_GRAYSCALE)
    refused = result is None
except cv2.error:
    refused = True
print(json.dumps({"at_import": seen.get("cv2"), "refused": refused}))
"""


def test_the_pixel_cap_is_set_before_cv2_loads_under_serve(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "OPENCV_IO_MAX_IMAGE_PIXELS"}
    out = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path / "g.db"), png_bomb(20000, 20000).hex()],
                         capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    import json

    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["at_import"] == str(MAX_PIXELS)
    assert report["refused"]  # OpenCV itself refuses 400 megapixels, whatever the header reader says


def test_no_module_imports_cv2_around_the_cap() -> None:
    for path in (ROOT / "companion").rglob("*.py"):
        if path.name == "cv.py":
            continue
        for line in path.read_text().splitlines():
            assert not line.strip().startswith(("import cv2", "from cv2")), f"{path}: use companion.scan.cv"


def test_the_in_process_fallback_keeps_the_same_bounds() -> None:
    from companion.scan.sandbox import InProcessPool

    pool = InProcessPool(workers=1, waiting=0, job="tests.scan_jobs:sleep")
    outcomes: list[str] = []
    t = threading.Thread(target=lambda: outcomes.append(str(pool.run(b"", 0.5))))
    t.start()
    time.sleep(0.1)
    with pytest.raises(ScanBusy):
        pool.run(b"", 0)
    t.join(timeout=5)
    assert outcomes == [str(os.getpid())]
    assert pool.run(b"", 0) == os.getpid()
