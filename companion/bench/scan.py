"""Barcode benchmarks.

``bench_folder``: a folder laid out like shared/data/barcodes (format folders, each image beside a
.txt with the exact expected text): per format and in total, for the pipeline and for each raw engine
in the same run.

``bench_synthetic``: phone-like 1920x1080 frames with 1-12 sleeved cards carrying the companion's own
labels (perspective, rotation, blur, noise, glare, JPEG): the share of labels found and ms per frame,
plus a 12-megapixel still.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from companion.scan import tess
from companion.scan.cv import cv2
from companion.scan.engines import Code, read_zbar, read_zxing
from companion.scan.images import load_gray
from companion.scan.labels import Label, LabelError, parse_payload
from companion.scan.pipeline import decode_gray
from companion.scan.render import DEFAULT_DOTS_PER_MODULE, label_image

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".webp"}


def _stats(rows: list[tuple[str, float]], expected: int) -> dict[str, Any]:
    ms = [t for _, t in rows]
    correct = sum(1 for r, _ in rows if r == "correct")
    return {
        "images": expected, "correct": correct, "wrong": sum(1 for r, _ in rows if r == "wrong"),
        "not_decoded": sum(1 for r, _ in rows if r == "none"),
        "success": round(correct / expected, 3) if expected else None,
        "ms_median": round(statistics.median(ms), 2) if ms else None,
        "ms_p95": round(sorted(ms)[int(0.95 * (len(ms) - 1))], 2) if ms else None,
    }


def _judge(texts: list[str], expected: list[str]) -> str:
    if all(e in texts for e in expected):
        return "correct"
    return "wrong" if texts else "none"


def bench_folder(root: Path, repeat: int = 3, sandbox: bool = True) -> dict[str, Any]:
    engines: dict[str, Callable[[np.ndarray, tuple[str, ...]], list[Code]]] = {
        "pipeline": decode_gray, "zxing": read_zxing, "zbar": read_zbar}
    results: dict[str, dict[str, list[tuple[str, float]]]] = {e: {} for e in engines}
    examples: list[dict[str, str]] = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        fmt = folder.name
        formats = ("qr",) if fmt == "multi" else (fmt,)
        for image in sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES):
            expected_file = image.with_suffix(".txt")
            if not expected_file.exists():
                continue
            raw = expected_file.read_bytes().decode("utf-8")
            expected = raw.splitlines() if fmt == "multi" else [raw]
            gray = load_gray(image.read_bytes())
            for name, engine in engines.items():
                if name == "zbar" and fmt == "datamatrix":
                    continue  # zbar cannot read DataMatrix
                times = []
                for _ in range(repeat):
                    t0 = time.perf_counter()
                    codes = engine(gray, formats)
                    times.append((time.perf_counter() - t0) * 1000)
                verdict = _judge([c.text for c in codes], expected)
                if name == "pipeline" and verdict == "wrong":
                    examples.append({"image": f"{fmt}/{image.name}", "expected": expected[0][:60],
                                     "got": ", ".join(c.text[:60] for c in codes)})
                results[name].setdefault(fmt, []).append((verdict, statistics.median(times)))
    out: dict[str, Any] = {}
    for name, per in results.items():
        out[name] = {fmt: _stats(rows, len(rows)) for fmt, rows in per.items()}
        every = [r for rows in per.values() for r in rows]
        out[name]["total"] = _stats(every, len(every))
    out["pipeline_wrong"] = examples
    out["pipeline_time_ratio"] = {fmt: _time_ratio(out, fmt) for fmt in out["pipeline"] if fmt != "total"}
    if sandbox:
        out["sandbox"] = bench_sandbox()
    return out


def _time_ratio(out: dict[str, Any], fmt: str) -> float | None:
    """Pipeline time over the fastest raw engine that reaches the pipeline's success (None: none does)."""
    target = out["pipeline"][fmt]["success"]
    rivals = [out[e][fmt]["ms_median"] for e in ("zxing", "zbar") if fmt in out[e] and out[e][fmt]["success"] >= target]
    return round(out["pipeline"][fmt]["ms_median"] / min(rivals), 2) if rivals else None


# -- synthetic phone frames ---------------------------------------------------------------------------


def _card(rng: random.Random, label: np.ndarray, card_h: int) -> np.ndarray:
    """A sleeved card (63x88 mm) with a label in its corner (printed at 300 dpi; square or a linear code's strip),
    as a grayscale image."""
    card_w = int(card_h * 63 / 88)
    base = rng.randint(60, 200)
    card = np.full((card_h, card_w), base, np.uint8)
    noise = np.random.default_rng(rng.randint(0, 2**31)).integers(-40, 40, card.shape)
    card = np.clip(card.astype(int) + noise, 0, 255).astype(np.uint8)  # busy card art
    scale = card_h / 88.0  # pixels per mm
    lh, lw = (max(1, round(n * scale / (300 / 25.4))) for n in label.shape)
    small = cv2.resize(label, (lw, lh), interpolation=cv2.INTER_AREA)
    m = int(3 * scale)
    card[m:m + lh, card_w - m - lw:card_w - m] = small
    cv2.rectangle(card, (0, 0), (card_w - 1, card_h - 1), 230, 2)  # sleeve edge
    return card


def synthetic_frame(rng: random.Random, labels: list[tuple[str, np.ndarray]], width: int = 1920,
                    height: int = 1080) -> tuple[bytes, list[str]]:
    """Cards laid side by side on a table (a few degrees askew), photographed from an angle: the group
    fills most of the frame, under a perspective tilt and rotation, with blur, glare, noise and JPEG."""
    n = len(labels)
    cols = n if n <= 4 else int(np.ceil(np.sqrt(n * 1.6)))
    rows = int(np.ceil(n / cols))
    gap = 5.0
    layout_w, layout_h = cols * 63 + (cols - 1) * gap + 2 * gap, rows * 88 + (rows - 1) * gap + 2 * gap
    scale = min(0.9 * width / layout_w, 0.9 * height / layout_h)  # pixels per mm on the table
    table = np.full((int(layout_h * scale), int(layout_w * scale)), rng.randint(30, 90), np.uint8)
    for i, (_, label) in enumerate(labels):
        card = _card(rng, label, int(88 * scale))
        h, w = card.shape
        cx = (gap + (i % cols) * (63 + gap) + 31.5) * scale
        cy = (gap + (i // cols) * (88 + gap) + 44) * scale
        m = cv2.getRotationMatrix2D((w / 2, h / 2), rng.uniform(-4, 4), 1.0)
        m[0, 2] += cx - w / 2
        m[1, 2] += cy - h / 2
        warped = cv2.warpAffine(card, m, (table.shape[1], table.shape[0]))
        mask = cv2.warpAffine(np.full_like(card, 255), m, (table.shape[1], table.shape[0]))
        table = np.where(mask > 0, warped, table)
    th, tw = table.shape
    src = np.array([[0, 0], [tw, 0], [tw, th], [0, th]], np.float32)
    angle = np.radians(rng.uniform(-8, 8))
    dst: list[list[float]] = []
    for x, y in src:
        dx, dy = x - tw / 2, y - th / 2
        dst.append([width / 2 + dx * np.cos(angle) - dy * np.sin(angle) + rng.uniform(-0.04, 0.04) * tw,
                    height / 2 + dx * np.sin(angle) + dy * np.cos(angle) + rng.uniform(-0.04, 0.04) * th])
    matrix = cv2.getPerspectiveTransform(src, np.array(dst, np.float32))
    background = rng.randint(30, 90)
    frame = cv2.warpPerspective(table, matrix, (width, height), flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=background)
    frame = cv2.GaussianBlur(frame, (0, 0), rng.uniform(0.4, 1.0))
    glare: np.ndarray = np.zeros_like(frame, dtype=np.float32)
    cv2.ellipse(glare, (rng.randint(0, width), rng.randint(0, height)), (rng.randint(100, 400), rng.randint(60, 200)),
                rng.uniform(0, 180), 0, 360, rng.uniform(30, 70), -1)
    glare = cv2.GaussianBlur(glare, (0, 0), 60)
    noisy = frame.astype(np.float32) + glare + np.random.default_rng(rng.randint(0, 2**31)).normal(0, 5, frame.shape)
    frame = np.clip(noisy, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(70, 92)])
    assert ok
    return jpeg.tobytes(), [text for text, _ in labels]


def _labels(rng: random.Random, n: int, dots: int) -> list[tuple[str, np.ndarray]]:
    out = []
    for i in range(n):
        text = Label("2e", f"{rng.randint(1000, 26999):05d}", "T" + f"{i:02d}", rng.randint(1, 3)).payload()
        out.append((text, label_image(text, dots)))
    return out


#: Printer dots per module at 300 dpi for each format's label: QR as ``companion labels`` prints it, Data Matrix
#: alike, Code 128 of the payload 56 mm wide (barcodes.md), EAN-13 at its nominal size (0.33 mm modules).
FORMAT_DOTS = {"qr": DEFAULT_DOTS_PER_MODULE, "datamatrix": DEFAULT_DOTS_PER_MODULE, "code128": 3, "ean13": 4}


def _ean13(rng: random.Random) -> str:
    digits = [rng.randint(0, 9) for _ in range(12)]
    check = (10 - sum(d * (3 if i % 2 else 1) for i, d in enumerate(digits)) % 10) % 10
    return "".join(map(str, digits)) + str(check)


def format_labels(rng: random.Random, fmt: str, n: int) -> list[tuple[str, np.ndarray]]:
    """``n`` labels in ``fmt``: the companion's payload (QR, Data Matrix, Code 128), or a product's EAN-13 number."""
    import zxingcpp

    from companion.scan.engines import FORMATS

    out = []
    for i in range(n):
        text = _ean13(rng) if fmt == "ean13" else Label(
            "2e", f"{rng.randint(1000, 26999):05d}", "T" + f"{i:02d}", rng.randint(1, 3)).payload()
        if fmt == "qr":
            image = label_image(text, FORMAT_DOTS[fmt])
        else:
            image = np.asarray(zxingcpp.create_barcode(text, FORMATS[fmt]).to_image(
                scale=FORMAT_DOTS[fmt], add_quiet_zones=True), np.uint8)
        out.append((text, image))
    return out


def bench_formats(frames: int = 40, seed: int = 7) -> dict[str, Any]:
    """Each label format, 1-4 labels per 1080p frame, read as a live frame is (every format at once): the share of
    frames whose every label was found, of labels found, wrong texts, ms per frame."""
    from companion.scan.engines import SCAN_FORMATS

    rng = random.Random(seed)
    out: dict[str, Any] = {}
    for fmt in SCAN_FORMATS:
        whole = found = total = wrong = 0
        times = []
        for f in range(frames):
            labels = format_labels(rng, fmt, 1 + f % 4)
            data, expected = synthetic_frame(rng, labels)
            t0 = time.perf_counter()
            codes = decode_gray(load_gray(data), SCAN_FORMATS)
            times.append((time.perf_counter() - t0) * 1000)
            texts = {c.text for c in codes}
            found += len(texts & set(expected))
            total += len(expected)
            wrong += len(texts - set(expected))
            whole += set(expected) <= texts
        out[fmt] = {"frames": frames, "frames_all_found": whole, "share_frames_all_found": round(whole / frames, 3),
                    "labels": total, "found": found, "wrong": wrong,
                    "ms_per_frame_median": round(statistics.median(times), 1),
                    "ms_per_frame_p95": round(sorted(times)[int(0.95 * (len(times) - 1))], 1),
                    "dots_per_module": FORMAT_DOTS[fmt]}
    return {"benchmark": "scan-formats", "seed": seed, "formats": list(SCAN_FORMATS), "load_average": _load_average(),
            **out}


def _valid(codes: list[Code]) -> set[str]:
    valid = set()
    for c in codes:
        try:
            parse_payload(c.text)
            valid.add(c.text)
        except LabelError:
            pass
    return valid


def _found(data: bytes, expected: list[str], raw: bool = False) -> tuple[int, int, float]:
    """(labels found, wrong label texts, ms) for the pipeline, or with ``raw`` for zxing-cpp alone on the
    same frame (the same-run baseline); both timings include decoding the JPEG."""
    t0 = time.perf_counter()
    gray = load_gray(data)
    codes = read_zxing(gray, ("qr",)) if raw else decode_gray(gray)
    ms = (time.perf_counter() - t0) * 1000
    valid = _valid(codes)
    return len(valid & set(expected)), len(valid - set(expected)), ms


def _summary(frames: int, total: int, found: int, wrong: int, ms: list[float]) -> dict[str, Any]:
    return {"frames": frames, "labels": total, "found": found, "wrong": wrong, "share_found": round(found / total, 3),
            "ms_per_frame_median": round(statistics.median(ms), 2),
            "ms_per_frame_p95": round(sorted(ms)[int(0.95 * (len(ms) - 1))], 2)}


def bench_synthetic(frames: int = 40, seed: int = 7, dots: int = DEFAULT_DOTS_PER_MODULE, sandbox: bool = True
                    ) -> dict[str, Any]:
    """Each group's frames are read by the pipeline and, as the same-run baseline, by zxing-cpp alone."""
    rng = random.Random(seed)
    load_before = _load_average()
    groups: dict[str, dict[str, Any]] = {}
    for name, sizes, size_dots in (("1-4 cards", (1, 2, 3, 4), dots), ("5-12 cards", (5, 6, 8, 10, 12), dots),
                                   ("5-12 cards, 6-dot labels", (5, 6, 8, 10, 12), 6),
                                   ("5-12 cards, 10-dot labels", (5, 6, 8, 10, 12), 10)):
        counts = {"pipeline": [0, 0, 0], "baseline_zxing": [0, 0, 0]}  # found, wrong, labels
        times: dict[str, list[float]] = {"pipeline": [], "baseline_zxing": []}
        for f in range(frames):
            labels = _labels(rng, sizes[f % len(sizes)], size_dots)
            data, expected = synthetic_frame(rng, labels)
            for who in counts:
                n, bad, t = _found(data, expected, raw=who != "pipeline")
                counts[who][0] += n
                counts[who][1] += bad
                counts[who][2] += len(expected)
                times[who].append(t)
        groups[name] = {"label_dots_per_module": size_dots,
                        **{who: _summary(frames, c[2], c[0], c[1], times[who]) for who, c in counts.items()}}
    still_ms = []
    still_found = still_total = 0
    for _ in range(3):
        labels = _labels(rng, 8, dots)
        data, expected = synthetic_frame(rng, labels, 4000, 3000)
        n, _bad, t = _found(data, expected)
        still_found += n
        still_total += len(expected)
        still_ms.append(t)
    return {"benchmark": "scan-synthetic", "label_dots_per_module": dots, "seed": seed,
            "load_average": [load_before, _load_average()], **groups,
            "still_12mp": {"stills": 3, "labels": still_total, "found": still_found,
                           "ms_median": round(statistics.median(still_ms), 1)},
            **({"sandbox": bench_sandbox(seed)} if sandbox else {})}


# -- the sandbox: what a bomb costs next to a normal scan ------------------------------------------------


def fill_byte_jpeg_bomb(width: int = 16000, height: int = 16000) -> bytes:
    """A JPEG whose frame header says ``width`` x ``height`` over 16x16 pixels of data, behind a COM segment
    with one extra 0xFF fill byte before it and a decoy 16x16 frame header inside: a reader that takes
    the fill byte for a marker skips into the comment and reports 16x16."""
    _ok, small = cv2.imencode(".jpg", np.full((16, 16), 128, np.uint8))
    jpeg = small.tobytes()
    sof = jpeg.index(b"\xff\xc0")
    body = bytearray(jpeg[2:])
    body[sof - 2 + 5:sof - 2 + 9] = height.to_bytes(2, "big") + width.to_bytes(2, "big")
    length = 0xFF10  # a mis-skip of 4 + 0xFEFF bytes lands on the decoy
    payload = bytearray(length - 2)
    payload[65283 - 7:65283 - 7 + 11] = b"\xff\xc0\x00\x0b\x08\x00\x10\x00\x10\x01\x01"
    return b"\xff\xd8\xff" + b"\xff\xfe" + length.to_bytes(2, "big") + bytes(payload) + bytes(body)


def png_bomb(width: int = 30000, height: int = 30000) -> bytes:
    """A valid PNG header for ``width`` x ``height`` grey pixels and the first rows of data."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = zlib.compress(b"\x00" * (width + 1) * 64)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", rows) + chunk(b"IEND", b""))


def webp_lossless_bomb(width: int = 16384, height: int = 16384) -> bytes:
    """A WebP (VP8L) header for ``width`` x ``height`` and a little noise."""
    bits = (width - 1) | ((height - 1) << 14)
    frame = b"\x2f" + bits.to_bytes(4, "little") + bytes(range(256)) * 4
    chunk = b"VP8L" + len(frame).to_bytes(4, "little") + frame
    return b"RIFF" + (4 + len(chunk)).to_bytes(4, "little") + b"WEBP" + chunk


def _rss_kb(pid: int | str = "self", field: str = "VmRSS") -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def _reset_peak(pid: int | str = "self") -> None:
    """Linux: writing 5 to clear_refs resets the peak resident size (VmHWM) of that process."""
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass


def _cost(data: bytes, repeat: int = 1) -> dict[str, Any]:
    """One scan through the sandbox as the server runs it: time, parent and worker peak memory, outcome."""
    from companion.scan.images import ImageError
    from companion.scan.pipeline import decode_image
    from companion.scan.sandbox import shared_pool

    pool = shared_pool()
    pids: list[int | str] = ["self", *pool.pids()]
    for pid in pids:
        _reset_peak(pid)
    before = _rss_kb()
    times, outcome = [], ""
    for _ in range(repeat):
        t0 = time.perf_counter()
        try:
            outcome = f"{len(decode_image(data))} code(s)"
        except ImageError as exc:
            outcome = f"{type(exc).__name__}: {exc}"
        times.append((time.perf_counter() - t0) * 1000)
    return {"bytes": len(data), "ms_median": round(statistics.median(times), 3), "outcome": outcome,
            "parent_peak_rss_delta_mb": round((_rss_kb("self", "VmHWM") - before) / 1024, 1),
            "worker_peak_rss_mb": round(max((_rss_kb(p, "VmHWM") for p in pool.pids()), default=0) / 1024, 1)}


def _large_photo(fmt: str, side: int = 7000) -> bytes:
    """A ``side`` x ``side`` picture of one big label on noise, as a camera or a scanner would save it."""
    rng = np.random.default_rng(3)
    # Smooth shading plus mild grain: compresses like a photo (a PNG of pure noise would be 42 MB).
    image = cv2.resize(rng.integers(60, 200, (side // 50, side // 50), dtype=np.uint8), (side, side),
                       interpolation=cv2.INTER_CUBIC)
    image = cv2.add(image, rng.integers(0, 6, (side, side), dtype=np.uint8))
    label = label_image(Label("2e", "13089", "AB7", 1).payload(), 40)
    image[200:200 + label.shape[0], 200:200 + label.shape[1]] = label
    return cv2.imencode(fmt, image, [cv2.IMWRITE_JPEG_QUALITY, 85] if fmt == ".jpg" else [])[1].tobytes()


def bench_sandbox(seed: int = 7) -> dict[str, Any]:
    """Rejected bombs next to a normal phone frame and legitimately large images, all via decode_image."""
    import threading

    from companion.scan.sandbox import shared_pool

    rng = random.Random(seed)
    frame, _ = synthetic_frame(rng, _labels(rng, 4, DEFAULT_DOTS_PER_MODULE))
    shared_pool()  # started outside the timings
    _cost(frame)
    large_png = _large_photo(".png")
    out: dict[str, Any] = {
        "normal_scan_1920x1080": _cost(frame, repeat=5),
        "bomb_jpeg_fill_byte_16000x16000": _cost(fill_byte_jpeg_bomb()),
        "bomb_png_30000x30000": _cost(png_bomb()),
        "bomb_webp_16384x16384": _cost(webp_lossless_bomb()),
        "large_png_7000x7000": _cost(large_png),
        "large_jpeg_7000x7000": _cost(_large_photo(".jpg")),
    }
    # Eight 7000x7000 PNGs at once: the pool runs two, queues the rest; the server holds only bytes.
    before = _rss_kb()
    _reset_peak()
    outcomes: list[str] = []
    t0 = time.perf_counter()

    def one() -> None:
        from companion.scan.images import ImageError
        from companion.scan.pipeline import decode_image

        try:
            outcomes.append(f"{len(decode_image(large_png))} code(s)")
        except ImageError as exc:
            outcomes.append(type(exc).__name__)

    threads = [threading.Thread(target=one) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out["eight_large_png_at_once"] = {
        "seconds": round(time.perf_counter() - t0, 2), "outcomes": sorted(outcomes),
        "parent_peak_rss_delta_mb": round((_rss_kb("self", "VmHWM") - before) / 1024, 1),
        "peak_running_workers": shared_pool().peak_running}
    return {"benchmark": "scan-sandbox", **out}


# -- cards read by their title -----------------------------------------------------------------------------


def _load_average() -> float | None:
    """The machine's one-minute load average (times from a shared machine mean little without it)."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def _cpu_s() -> float:
    """This process's CPU time plus its finished children's (tesseract runs as a child)."""
    import resource

    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def _tally(expected: list[str], answers: list[tuple[bool, list[str]]]) -> dict[str, Any]:
    """Cards right (a confident answer naming an expected card), confident wrong, no confident answer,
    and the expected cards whose title is among an answer's first three; ``right_cards`` and ``top3_cards``
    say which of ``expected`` (by index), for the report per card type."""
    left = list(range(len(expected)))
    right_cards: list[int] = []
    wrong = 0
    for confident, names in answers:
        if not confident or not names:
            continue
        hit = next((i for i in left if expected[i] == names[0]), None)
        if hit is not None:
            left.remove(hit)
            right_cards.append(hit)
        else:
            wrong += 1
    top3_cards = [i for i, e in enumerate(expected) if any(e in names[:3] for _c, names in answers)]
    return {"cards": len(expected), "right": len(right_cards), "confident_wrong": wrong,
            "no_answer": len(expected) - len(right_cards), "top3": len(top3_cards), "right_cards": right_cards,
            "top3_cards": top3_cards}


def _bucket(cap: float | None) -> str:
    return "caps_12px_up" if cap is None or cap >= 12 else "caps_under_12px"


def bench_titles(folder: Path, edition: str = "2e") -> dict[str, Any]:
    """``manifest.csv`` (file, codes, deck[, cap_px][, types]): per image the codes read with and without the
    deck, and totals (all, per capital size, per card type, single- and multi-card photos); plus plain tesseract
    on the whole image with the same matcher (the baseline)."""
    import csv

    from companion.catalog.decks import DeckError, parse_deck
    from companion.catalog.store import Catalog
    from companion.scan.images import load_colour
    from companion.scan.titles import by_type, match_card, match_title, ocr_status, read_titles, whole_image_lines

    if not ocr_status()["available"]:
        return {"benchmark": "scan-titles", "error": str(ocr_status()["message"])}
    catalog = Catalog.open()
    held = ("character", "location", "attachment", "event")
    cards = [c for c in catalog.all(edition) if c.type in held]  # type: ignore[arg-type]
    names = sorted({c.name for c in cards})
    catalogue = by_type(cards)
    first_code: dict[str, str] = {}
    for c in sorted(cards, key=lambda c: c.code):
        first_code.setdefault(c.name, c.code)
    images: list[dict[str, Any]] = []
    totals: dict[str, dict[str, Any]] = {}
    load_before = _load_average()
    with (folder / "manifest.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        expected_codes = [c for c in row["codes"].split(";") if c]
        expected = [catalog.card(c).name for c in expected_codes]
        kinds = [k for k in (row.get("types") or "").split(";") if k] or [catalog.card(c).type for c in expected_codes]
        deck_cards = []
        if row.get("deck"):
            path = folder / row["deck"]
            try:
                deck = parse_deck(path.name, path.read_bytes(), catalog, edition)  # type: ignore[arg-type]
                deck_cards = [catalog.card(code) for code in deck.slots]
            except (DeckError, OSError) as exc:
                images.append({"file": row["file"], "error": str(exc)})
                continue
        deck_codes = {c.name: c.code for c in deck_cards}
        deck_by_type = by_type(deck_cards)
        deck_names = sorted(deck_codes)
        colour = load_colour((folder / row["file"]).read_bytes())
        cap = float(row["cap_px"]) if row.get("cap_px") else None
        out: dict[str, Any] = {"file": row["file"], "expected": expected_codes, "cap_px": cap}
        for method in ("pipeline", "baseline_whole_image"):
            t0, c0 = time.perf_counter(), _cpu_s()
            if method == "pipeline":
                reads = read_titles(colour)
                per_card: dict[int, list[Any]] = {}
                for r in reads:
                    per_card.setdefault(r.card, []).append(r)
                with_deck = [match_card(rs, deck_by_type, catalogue)[:2] for rs in per_card.values()]
                no_deck = [match_card(rs, {}, catalogue)[:2] for rs in per_card.values()]
            else:
                from companion.scan.cv import cv2

                texts = [t for t, _conf in whole_image_lines(cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY))]
                # Every line is a guess: keep the ones that match something.
                with_deck = [a for a in (match_title(t, deck_names, names) for t in texts) if a[0]]
                no_deck = [a for a in (match_title(t, [], names) for t in texts) if a[0]]
            ms, cpu = (time.perf_counter() - t0) * 1000, (_cpu_s() - c0) * 1000
            answers_deck = [(c, [g.name for g in gs]) for c, gs in with_deck]
            answers_free = [(c, [g.name for g in gs]) for c, gs in no_deck]
            out[method] = {
                "with_deck": [deck_codes.get(ns[0], first_code.get(ns[0])) for c, ns in answers_deck if c and ns],
                "without_deck": [first_code.get(ns[0]) for c, ns in answers_free if c and ns],
                "ms": round(ms, 1), "cpu_ms": round(cpu, 1)}
            for mode, answers in (("with_deck", answers_deck), ("without_deck", answers_free)):
                t = _tally(expected, answers)
                photo = "single_card_photos" if len(expected) == 1 else "multi_card_photos"
                for bucket in ("all", _bucket(cap), photo):
                    agg = totals.setdefault(f"{method}/{mode}/{bucket}", {
                        "images": 0, "images_fully_right": 0, "cards": 0, "right": 0, "confident_wrong": 0,
                        "no_answer": 0, "top3": 0, "single_cards": 0, "single_right": 0, "ms": [], "cpu_ms": [],
                        "ms_per_card": [], "cpu_ms_per_card": []})
                    agg["images"] += 1
                    agg["images_fully_right"] += t["right"] == t["cards"] and t["confident_wrong"] == 0
                    for k in ("cards", "right", "confident_wrong", "no_answer", "top3"):
                        agg[k] += t[k]
                    if len(expected) == 1:
                        agg["single_cards"] += 1
                        agg["single_right"] += t["right"] == 1 and t["confident_wrong"] == 0
                    agg["ms"].append(ms)
                    agg["cpu_ms"].append(cpu)
                    agg["ms_per_card"].append(ms / max(1, len(expected)))
                    agg["cpu_ms_per_card"].append(cpu / max(1, len(expected)))
                # Per card type (and per type and capital size): each card counted once, under its own type.
                for i, kind in enumerate(kinds):
                    for key in (f"{method}/{mode}/type/{kind}", f"{method}/{mode}/type/{kind}/{_bucket(cap)}"):
                        agg = totals.setdefault(key, {"cards": 0, "right": 0, "top3": 0})
                        agg["cards"] += 1
                        agg["right"] += i in t["right_cards"]
                        agg["top3"] += i in t["top3_cards"]
        images.append(out)
    summary = {}
    for key, agg in sorted(totals.items()):
        shares = {"share_right": round(agg["right"] / max(1, agg["cards"]), 3),
                  "share_top3": round(agg["top3"] / max(1, agg["cards"]), 3)}
        if "ms" not in agg:
            summary[key] = {**agg, **shares}
            continue
        times: list[float] = sorted(agg.pop("ms"))
        cpu_times: list[float] = sorted(agg.pop("cpu_ms"))
        per: list[float] = sorted(agg.pop("ms_per_card"))
        cpu_per: list[float] = sorted(agg.pop("cpu_ms_per_card"))
        summary[key] = {**agg, **shares,
                        "ms_median": round(statistics.median(times), 1),
                        "ms_p95": round(times[int(0.95 * (len(times) - 1))], 1),
                        "cpu_ms_median": round(statistics.median(cpu_times), 1),
                        "cpu_ms_sum": round(sum(cpu_times), 1),
                        "ms_per_card_median": round(statistics.median(per), 1),
                        "cpu_ms_per_card_median": round(statistics.median(cpu_per), 1),
                        "cpu_ms_per_card_p95": round(cpu_per[int(0.95 * (len(cpu_per) - 1))], 1)}
    return {"benchmark": "scan-titles", "folder": str(folder), "edition": edition,
            "engine": ocr_status().get("engine"), "libtesseract": tess.library_version(),
            "load_average": [load_before, _load_average()], "cpu_per_card": _cpu_per_card(summary),
            "images": images, "totals": summary}


def _cpu_per_card(summary: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The reader's CPU per card (median over the photos of each photo's CPU shared among its cards; the photo's
    reading, its matching with and without the deck) beside the same run's baseline (plain tesseract on the whole
    photo, read in the same process just after it): their ratio says more than either time on a machine shared with
    other work. Also the CPU of all photos and their median, and the cards right with the deck."""
    out: dict[str, Any] = {}
    for method in ("pipeline", "baseline_whole_image"):
        agg = summary.get(f"{method}/with_deck/all")
        if agg is None:
            continue
        out[method] = {k: agg[k] for k in ("cpu_ms_per_card_median", "cpu_ms_per_card_p95", "cpu_ms_median",
                                           "cpu_ms_sum", "cards", "right", "confident_wrong")}
    if len(out) == 2 and out["baseline_whole_image"]["cpu_ms_per_card_median"] > 0:
        out["pipeline_to_baseline"] = round(out["pipeline"]["cpu_ms_per_card_median"]
                                            / out["baseline_whole_image"]["cpu_ms_per_card_median"], 3)
    return out


# -- one answer and one time, whatever lies behind a label ------------------------------------------------------


def bench_oracle(repeat: int = 30, seed: int = 5) -> dict[str, Any]:
    """A seat's scan answers to one photo in three tables that differ only in what lies behind two of its labels (a
    registered tag of the other seat's hidden cards, a tag no deck at the table carries, a card in no deck): whether
    the answers are byte for byte the same, and their times (ms, median and spread of the medians), as a live frame
    (labels only) and as a still (titles too). Requests alternate between the tables, through the real app and its
    scan workers."""
    import tempfile

    from companion.web import create_app

    rng = random.Random(seed)
    payloads = [Label("2e", "13089", "TAB", 1).payload(), Label("2e", "00168", "TAB", 1).payload(),
                Label("2e", "01093", "BBB", 1).payload()]
    photo, _ = synthetic_frame(rng, [(p, label_image(p)) for p in payloads], 1280, 720)
    worlds = {"registered, hidden": ({"13089": 1, "00168": 1}, "TAB"),
              "unregistered": ({"13089": 1, "00168": 1}, "XYZ"),
              "card in no deck": ({"00168": 1, "01088": 1}, "TAB")}
    with tempfile.TemporaryDirectory() as tmp:
        clients = {}
        for n, (name, (deck, tag)) in enumerate(worlds.items()):
            client = create_app({"DATABASE": f"{tmp}/w{n}.db", "TESTING": True}).test_client()
            g = client.post("/api/games", json={"seats": ["A", "B"]}).get_json()
            gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
            for seat, key, body in (("A", ka, {"expected_version": 0, "deck": deck, "tag": tag}),
                                    ("B", kb, {"expected_version": 1, "deck": {"01093": 2}, "tag": "BBB"})):
                r = client.put(f"/api/games/{gid}/seats/{seat}/deck", json=body,
                               headers={"Authorization": f"Bearer {key}"})
                assert r.status_code == 200, r.get_json()
            clients[name] = (client, gid, kb)
        out: dict[str, Any] = {"benchmark": "scan-oracle", "repeat": repeat, "load_average": [_load_average()]}
        for mode, query in (("live_frame", "&titles=0"), ("still", "")):
            times: dict[str, list[float]] = {name: [] for name in worlds}
            bodies: dict[str, set[bytes]] = {name: set() for name in worlds}
            for i in range(repeat + 2):
                names = list(worlds) if i % 2 else list(reversed(worlds))
                # Rotated too: alternating alone keeps the middle table always second, after the same one.
                for name in names[i // 2 % len(names):] + names[:i // 2 % len(names)]:
                    client, gid, kb = clients[name]
                    t0 = time.perf_counter()
                    r = client.post(f"/api/scan?game={gid}{query}", data=photo, content_type="image/jpeg",
                                    headers={"Authorization": f"Bearer {kb}"})
                    answer = r.get_data()
                    ms = (time.perf_counter() - t0) * 1000
                    r.close()
                    if i >= 2:  # the first rounds warm the workers and caches
                        times[name].append(ms)
                        bodies[name].add(answer)
            medians = {name: round(statistics.median(t), 2) for name, t in times.items()}
            every = set().union(*bodies.values())
            out[mode] = {"ms_median": medians, "spread_ms": round(max(medians.values()) - min(medians.values()), 2),
                         "answers_identical": len(every) == 1}
        out["load_average"].append(_load_average())
        return out
