"""How long "hold still" takes on a phone: the tap on the live camera's "Read its title" to the card's title on the
screen, in real Chromium filming a 1080p video of one unlabelled card, against a real server.

A measurement, not a test (timed tests fail on a busy machine for no fault of the code). Each trial is a fresh
Chromium whose camera films one card of one type (the aside fonts, never tuned on; title capitals ``--cap-px`` high
in a 1920x1080 frame, a little hand shake), Alice's game in marshaling with that card in her hand. The camera reads
labels only until the tap; the time runs from the tap (in the page's clock) to the title's line in the list. It
includes what a phone adds: waiting for the label frame being read at the tap, the frame's capture and JPEG, the
upload and the answer's drawing. The same-run baseline is the label-only frames' round trip (post to answer) of the
same trials: the live camera's steady work, which the title read adds to.

    python -m tests.hold_still --trials 3 --json      # 3 cards of each type, JSON on stdout
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from companion.catalog.store import Catalog
from companion.scan.cv import cv2
from tests import camera_table as cam
from tests import phones
from tests.card_faces import ASIDE_FONTS
from tests.server import Server, call, play, start_server
from tests.title_cards import photo

TYPES = ("character", "location", "attachment", "event")
#: The rest of Alice's deck: a 2nd-edition player with an empty draw deck is out of the game.
FILLER = {"01091": 3}

#: In the page: the tap's time, the title line's time, and each label frame's round trip (the page's clock).
WATCH = """
window.__frames = [];
const post = window.fetch.bind(window);
window.fetch = async (url, opts) => {
  const t0 = performance.now();
  const r = await post(url, opts);
  const scan = String(url).includes("/api/scan");
  if (scan && String(url).includes("titles=0")) window.__frames.push(performance.now() - t0);
  else if (scan && window.__tap && !window.__post) window.__post = [t0, performance.now()];
  return r;
};
new MutationObserver(() => {
  if (window.__tap && !window.__shown && document.querySelector("#scanned li[data-title]"))
    window.__shown = performance.now();
}).observe(document, {subtree: true, childList: true});
"""


def cards_of_each_type(trials: int, seed: int) -> list[tuple[str, str]]:
    """``trials`` cards of each type with a short enough title, picked at random from the 2nd edition."""
    catalog = Catalog.open()
    rng = random.Random(seed)
    out = []
    for kind in TYPES:
        pool = sorted(c.code for c in catalog.all("2e")
                      if c.type == kind and 4 <= len(c.name) <= 24 and c.code not in FILLER)
        out += [(kind, code) for code in rng.sample(pool, trials)]
    return out


def video(code: str, seed: int, cap_px: float, out: Path) -> Path:
    """A 1080p video of ``code`` alone on a table, held by a slightly shaking hand."""
    catalog = Catalog.open()
    still = photo(random.Random(seed), [catalog.card(code)], cap_px, (1920, 1080), font_names=ASIDE_FONTS,
                  upside_down=0.0, overlap=0.0)
    image = cv2.imdecode(np.frombuffer(still.jpeg, np.uint8), cv2.IMREAD_COLOR)
    frames = [np.roll(image, (dy, dx), axis=(0, 1)) for dy, dx in ((0, 0), (2, -3), (-2, 2), (1, 4))]
    path = out / f"{code}.y4m"
    path.write_bytes(cam.y4m_colour(frames))
    return path


def game_with(server: Server, code: str) -> dict[str, Any]:
    """Alice with ``code`` in her hand (and a card of Bob's), in marshaling: the title's answer is her card's."""
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Alice"}, {"seat": "B", "name": "Bob"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {code: 1, **FILLER}},
                ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": {"01091": 1}}, kb)[0] == 200
    play(base, gid, ((ka, {"type": "begin_phase", "phase": "plot"}), (ka, {"type": "begin_phase", "phase": "draw"}),
                     (ka, {"type": "draw", "player": "A", "card": f"A.{code}.1"}),
                     (ka, {"type": "begin_phase", "phase": "marshaling"})), 2)
    return g


def trial(pw: Any, server: Server, kind: str, code: str, seed: int, cap_px: float, out: Path) -> dict[str, Any]:
    from tests.test_browser import camera_chromium

    chromium = camera_chromium(pw, video(code, seed, cap_px, out))
    try:
        g = game_with(server, code)
        page = phones.phone(chromium, locale="en-GB")
        page.add_init_script("localStorage.setItem('companion:lang', 'en');" + WATCH)
        page.goto(g["seats"][0]["url"].replace("http://localhost", server.url))
        page.wait_for_selector("#live-start:not(.hidden)", timeout=phones.WAIT)
        page.click("#live-start")
        page.wait_for_function("window.__frames.length >= 2", timeout=30000)  # the camera reads frames steadily
        page.evaluate("() => { window.__tap = performance.now(); document.getElementById('live-title').click(); }")
        deadline = time.monotonic() + 30
        while not page.evaluate("window.__shown || 0") and time.monotonic() < deadline:
            page.wait_for_timeout(10)
        tap, shown, post = page.evaluate("[window.__tap, window.__shown || null, window.__post || null]")
        frames = page.evaluate("window.__frames")
        title = page.inner_text("#scanned li[data-title]") if shown else ""
        right = Catalog.open().card(code).name in title
        # Where the time goes: the tap to the title frame's upload (the frame being read, the capture and its
        # JPEG), the upload to the answer (the server's read), the answer to the line on the screen.
        parts = {"to_upload": round(post[0] - tap, 1), "upload_to_answer": round(post[1] - post[0], 1),
                 "answer_to_screen": round(shown - post[1], 1)} if shown and post else None
        return {"type": kind, "code": code, "ms": round(shown - tap, 1) if shown else None, "right": right,
                "parts": parts, "frame_ms": [round(f, 1) for f in frames]}
    finally:
        chromium.close()


def summary(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"n": 0, "median": None, "p95": None, "max": None}
    ordered = sorted(values)
    return {"n": len(values), "median": round(statistics.median(ordered), 1),
            "p95": round(ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))], 1),
            "max": round(ordered[-1], 1)}


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=3, help="cards of each type")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--cap-px", type=float, default=14.0, help="the title capitals' height in the frame")
    parser.add_argument("--json", action="store_true")
    opts = parser.parse_args()
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        out = Path(tmp)
        server = start_server(out / "hold.db")
        try:
            rows = [trial(pw, server, kind, code, opts.seed + i, opts.cap_px, out)
                    for i, (kind, code) in enumerate(cards_of_each_type(opts.trials, opts.seed))]
        finally:
            server.stop()
    shown = [r["ms"] for r in rows if r["ms"] is not None]
    report = {
        "measure": "hold still: tap to the title on the screen, ms (real Chromium, 1080p camera, real server)",
        "cap_px": opts.cap_px, "load_average_before": [round(x, 2) for x in load],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "tap_to_title": summary(shown),
        "baseline_label_frame_round_trip": summary([f for r in rows for f in r["frame_ms"]]),
        "parts": {part: summary([r["parts"][part] for r in rows if r["parts"]])
                  for part in ("to_upload", "upload_to_answer", "answer_to_screen")},
        "per_type": {kind: summary([r["ms"] for r in rows if r["type"] == kind and r["ms"] is not None])
                     for kind in TYPES},
        "titles_right": sum(r["right"] for r in rows), "trials": len(rows),
        "within_1s": sum(1 for ms in shown if ms <= 1000),
        "rows": [{k: v for k, v in r.items() if k != "frame_ms"} for r in rows],
    }
    if report["tap_to_title"]["median"] and report["baseline_label_frame_round_trip"]["median"]:
        report["ratio_to_baseline"] = round(report["tap_to_title"]["median"]
                                            / report["baseline_label_frame_round_trip"]["median"], 2)
    print(json.dumps(report, indent=1) if opts.json else
          f"tap to title: {report['tap_to_title']} (label frame round trip: "
          f"{report['baseline_label_frame_round_trip']}); right {report['titles_right']}/{report['trials']}")


if __name__ == "__main__":
    main()
