"""Cards without labels, read by their title where their type prints it: cards found, straightened, turned
upright; each card type's title region read; the read that matches best kept.

Reading happens in a scan worker (companion.scan.sandbox), like barcode decoding. The worker finds the cards by
brightness edges, colour edges and as blobs off the table's colour (a printed card's dark border vanishes on a
dark table, its coloured frame does not), fits each side past the rounded corners, draws cards of 63:88 out from
the corners of an outline that is two cards merged (overlapping, or side by side), straightens the card (a
knelt card turned back), turns it half round when its rules text lies in its upper half (and reads it turned
half round again when nothing it read looks like a title), and cuts out the four
places a 2nd-edition card prints its title (docs/card-layouts.md): a character's banner across the middle, an
attachment's bar at the bottom, a location's strip along the left edge (turned to read), an event's band at the
top. In each it looks for one line of title-sized print (dark on light or light on dark); Tesseract, kept loaded
in the worker (libtesseract through ctypes, companion.scan.tess), reads each line. Nothing outside a title region
is read: rules text is never an answer. The server matches each card's reads (``match_card``): a region's read
only against the titles of the type that prints there, the seat's own deck first and the catalogue second; the
best match wins; a cut-off read that is clearly the start of one deck title names it (``cut_off``); when nothing is
confident, a clean read spelling one deck title letter for letter in another type's place names it (a card's part
found as a card of its own). Without
Tesseract the companion still reads labels and says OCR is unavailable (``ocr_status``).
"""

from __future__ import annotations

import difflib
import functools
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from companion.catalog.card import fold
from companion.scan import tess
from companion.scan.cv import cv2

#: A card is 63 x 88 mm; straightened cards are this wide (and 88/63 of it high).
CARD_W = 480
CARD_H = round(CARD_W * 88 / 63)
#: The smallest card the reader looks for, as a share of the photo's area (12 cards in a frame: ~4 %; a card whose
#: title capitals are 9 px high in a 4000 x 3000 photo, about the smallest print Tesseract still reads: ~0.85 %).
MIN_CARD_AREA = 0.008
MAX_CARDS = 16
TESSERACT_TIMEOUT_S = 12.0
#: Matching: a read is confident when its best title scores this much and leads the next title by GAP.
CONFIDENT = 0.78
GAP = 0.12
EXACT = 0.97
#: ... or, read (almost) letter for letter (EXACT), leads every other title by this much.
EXACT_GAP = 0.04
#: Fewer letters than this in a read: without a deck, confident only when letter for letter a title.
SHORT_READ = 5
WEAK = 0.45
#: ... and a read of fewer than SHORT_READ letters that Tesseract reads with less confidence than this is never
#: confident (the floor a read needs to look like a title at all, _title_like).
SHORT_READ_DOUBT = 30.0
#: With a deck: how far a title outside the deck must stay behind the deck's title the read names.
OUTSIDE_GAP = 0.06


@functools.cache
def ocr_status() -> dict[str, object]:
    """Whether Tesseract (with English data) is here, and how it is run (``engine``: the kept-loaded
    library, or a program start per photo); the companion runs without it."""
    loaded, what = tess.library_status()
    engine = {"engine": what}
    program = shutil.which("tesseract")
    if program is None and loaded:
        return {"available": True, "message": "OCR (libtesseract) is available", **engine}
    if program is None:
        return {"available": False, "message": "OCR is not available: the tesseract program is missing; install "
                "it (Debian/Ubuntu: apt-get install tesseract-ocr, macOS: brew install tesseract). Cards "
                "are read by their labels only."}
    try:
        out = subprocess.run([program, "--list-langs"], capture_output=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return {"available": False, "message": f"OCR is not available: tesseract does not run ({exc})"}
    if b"eng" not in out.stdout.split():
        return {"available": False, "message": "OCR is not available: tesseract has no English data "
                "(Debian/Ubuntu: apt-get install tesseract-ocr-eng)"}
    return {"available": True, "message": "OCR (tesseract) is available", **engine}


# -- finding cards and their title regions ---------------------------------------------------------------


def _order(quad: np.ndarray) -> np.ndarray:
    """Corners as top-left, top-right, bottom-right, bottom-left."""
    pts = quad.reshape(4, 2).astype(np.float32)
    s, d = pts.sum(axis=1), np.diff(pts, axis=1).ravel()
    return np.array([pts[np.argmin(s)], pts[np.argmin(d)], pts[np.argmax(s)], pts[np.argmax(d)]], np.float32)


def _inside(point: np.ndarray, quad: np.ndarray) -> bool:
    return cv2.pointPolygonTest(quad.reshape(-1, 1, 2).astype(np.float32), (float(point[0]), float(point[1])),
                                False) >= 0


def _side_support(edges: np.ndarray, q: np.ndarray, shift: int = 0) -> float:
    """How much of the quadrilateral's outline lies on edges: the weakest side's share of its points that
    have an edge within a pixel or two. A card's four straight sides are edges from corner to corner; a
    box drawn round a few round blobs touches edges only here and there. ``shift``: each side may also be
    moved this many pixels either way, parallel to itself, to where it lies on the most edges (a sleeve's
    faint, ragged outline that the simplified outline misses by a few pixels)."""
    return min(_each_side_support(edges, q, shift))


def _each_side_support(edges: np.ndarray, q: np.ndarray, shift: int = 0) -> list[float]:
    """``_side_support`` of each side, q[i] to q[i + 1] (0 for a side outside the photo)."""
    h, w = edges.shape
    t = _ALONG[:, None]  # the same 24 points along each side as _seen_support
    out = []
    for a, b in ((q[0], q[1]), (q[1], q[2]), (q[2], q[3]), (q[3], q[0])):
        d = b - a
        normal = np.array([-d[1], d[0]], np.float32) / max(1e-6, float(np.linalg.norm(d)))
        best = -1.0
        for s in range(-shift, shift + 1, 2):
            pts = np.rint(a + normal * s + d * t).astype(int)
            ok = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
            if ok.any():
                best = max(best, float((edges[pts[ok, 1], pts[ok, 0]] > 0).sum()) / len(t))
        out.append(max(0.0, best))  # a side outside the photo: 0
    return out


#: A card's outline must lie on edges along this share of each side (see _side_support); a solid blob off the
#: table, along this share of each side of its own outline (a dark banner's notches lost in a dark table).
SIDE_SUPPORT = 0.6
BLOB_SUPPORT = 0.3
#: Or each side, moved up to SHIFT pixels parallel to itself (on the photo shrunk to 1000 px), lies on edges along this
#: share of it: a black sleeve on dark cloth shows its outline in short, ragged stretches a few pixels off the
#: simplified outline. The bar is higher than SIDE_SUPPORT since each side picks its best place (wood grain runs
#: parallel everywhere).
SHIFT = 6
SHIFTED_SUPPORT = 0.75


def _edges(small: np.ndarray) -> np.ndarray:
    """Edges of brightness and of colour. A 2nd-edition card's dark border vanishes against dark wood in grey,
    but its frame is in its faction's colour and its banners are parchment: the colour channels (CIE Lab a and b,
    stretched) draw the frame's outline where brightness alone has none."""
    if small.ndim == 2:
        return cv2.Canny(cv2.GaussianBlur(small, (5, 5), 0), 20, 60)
    lab = cv2.cvtColor(cv2.GaussianBlur(small, (5, 5), 0), cv2.COLOR_BGR2LAB)
    out: np.ndarray = cv2.Canny(lab[..., 0], 20, 60)
    for ch in (1, 2):
        plane = lab[..., ch].astype(np.float32)
        low, high = float(plane.min()), float(plane.max())
        chroma = ((plane - low) * (255 / max(1.0, high - low))).astype(np.uint8)  # stretched to full range
        out = cv2.bitwise_or(out, cv2.Canny(chroma, 30, 80))
    return out


def _fit_sides(q: np.ndarray, points: np.ndarray) -> np.ndarray:
    """The quadrilateral with each side fitted to the outline's points along its middle, corners where the fitted
    sides meet: a card's rounded corners pull a simplified outline's corners inwards, its straight sides do not."""
    if len(points) < 8:
        return q
    dense = np.concatenate([points, _between(points, 12)])
    lines = []
    for i in range(4):
        a, b = q[i], q[(i + 1) % 4]
        d = b - a
        length = float(np.linalg.norm(d))
        if length < 1:
            return q
        u = d / length
        rel = dense - a
        along = rel @ u
        off = np.abs(rel @ np.array([-u[1], u[0]], np.float32))
        near = dense[(along > 0.15 * length) & (along < 0.85 * length) & (off < max(3.0, 0.06 * length))]
        if len(near) < 4:
            return q
        vx, vy, x0, y0 = cv2.fitLine(near, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0], np.float32), np.array([vx, vy], np.float32)))
    out = []
    for i in range(4):
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        m = np.array([[d1[0], -d2[0]], [d1[1], -d2[1]]], np.float32)
        if abs(float(np.linalg.det(m))) < 1e-3:
            return q
        t = np.linalg.solve(m, p2 - p1)
        out.append(p1 + d1 * t[0])
    fitted = np.array(out, np.float32)
    # A fit that moved a corner far (a side fitted to something else) is not trusted.
    return fitted if float(np.abs(fitted - q).max()) < 0.1 * float(np.linalg.norm(q[2] - q[0])) else q


def _between(points: np.ndarray, num: int) -> np.ndarray:
    """``num`` points evenly spaced from each of the outline's points to the next (both ends included), outline
    order: np.linspace of each pair, computed for all pairs at once (the same values, bit for bit)."""
    kind = np.result_type(points.dtype, 1.0)
    start = points.astype(kind)
    stop = np.roll(start, -1, axis=0)
    delta = stop - start
    step = delta / (num - 1)
    k = np.arange(num, dtype=kind)[None, :, None]
    # linspace scales by the whole difference where a step is zero (a side along an axis): the same here.
    out = np.where((step == 0).any(axis=1)[:, None, None], k / (num - 1) * delta[:, None, :], k * step[:, None, :])
    out += start[:, None, :]
    out[:, -1] = stop
    return np.asarray(out.reshape(-1, 2))


def _off_table(small: np.ndarray) -> np.ndarray:
    """What is not the table: pixels whose colour is far from the table's (the median along the photo's edge,
    where the table shows), as solid blobs. On a dark table a card's dark border is lost in it, but everything
    inside the border (frame, art, banners, text box) is not: the blob's outline is the card inside its border."""
    h, w = small.shape[:2]
    half = cv2.resize(small, (w // 2, h // 2), interpolation=cv2.INTER_AREA)  # blobs need no fine detail
    lab = cv2.cvtColor(half, cv2.COLOR_BGR2LAB)
    m = max(2, min(h, w) // 60)
    rim = np.concatenate([lab[:m].reshape(-1, 3), lab[-m:].reshape(-1, 3), lab[:, :m].reshape(-1, 3),
                          lab[:, -m:].reshape(-1, 3)]).astype(np.int16)
    table = np.median(rim, axis=0)
    # How much the table itself varies (its grain, its shading): the rim's middling deviation, not its largest,
    # since cards may reach the photo's edge.
    spread = float(np.percentile(np.abs(rim - table).sum(axis=1), 50))
    diff = cv2.absdiff(lab, np.full_like(lab, 0) + np.clip(table, 0, 255).astype(np.uint8))
    far = (diff.sum(axis=2, dtype=np.uint16) > max(30.0, 4 * spread)).astype(np.uint8) * 255
    far = cv2.resize(far, (w, h), interpolation=cv2.INTER_NEAREST)
    k = max(3, min(h, w) // 100) | 1
    far = cv2.morphologyEx(far, cv2.MORPH_OPEN, np.ones((k, k), np.uint8))
    # Closed wide: a dark banner's print and notches (on a dark table) join the rest of the card.
    return cv2.morphologyEx(far, cv2.MORPH_CLOSE, np.ones((4 * k + 1, 4 * k + 1), np.uint8))


#: A card's corners seen through a camera tilted up to 30 degrees stay within this of a right angle (cosine): a
#: slanted four-sided shape of wood grain or a mat's printed arcs does not.
CORNER_COS = 0.5


def _card_shaped(q: np.ndarray) -> bool:
    """Its sides are about as far apart as a card's: 63/88 = 0.72, foreshortened or not; and its corners are about
    right angles (CORNER_COS)."""
    side_w = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    side_h = float(np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    if not 0.58 <= min(side_w, side_h) / max(side_w, side_h, 1e-6) <= 0.86:
        return False
    for i in range(4):
        a, b = q[i - 1] - q[i], q[(i + 1) % 4] - q[i]
        if abs(float(a @ b)) > CORNER_COS * float(np.linalg.norm(a) * np.linalg.norm(b)) + 1e-6:
            return False
    return True


def _outline(blobs: np.ndarray) -> np.ndarray:
    """The blobs' outlines, thickened; where a blob meets the photo's edge (a card close to it, its border lost in
    a dark table) that edge counts as outline too."""
    padded = cv2.copyMakeBorder(blobs, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    rim = cv2.morphologyEx(padded, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))[1:-1, 1:-1]
    out: np.ndarray = cv2.dilate(rim, np.ones((9, 9), np.uint8))  # a closed blob's outline is ragged
    return out


#: A corner of an outline starts a card when both its sides run straight for this share of the smallest card's
#: short side or more.
CORNER_ARM = 0.6
#: Cards have 63:88 sides; a corner's card is drawn out from either of its sides by this ratio either way.
ASPECT = 88 / 63
#: ... and each of its two sides runs along this share of the card's side at least.
CORNER_SEEN = 0.45
#: How far from each other two such cards' centres must lie (see _apart): half the card round its centre.
LAID_CORE = 0.5


def _inside_any(pts: np.ndarray, quads: Sequence[np.ndarray]) -> np.ndarray:
    """Which points (..., 2) lie inside one of the (convex, ordered) quadrilaterals, shrunk by 3 % towards its
    centre."""
    out = np.zeros(pts.shape[:-1], bool)
    for q in quads:
        k = q.mean(axis=0) + (q - q.mean(axis=0)) * 0.97
        cs = np.stack([(k[(i + 1) % 4, 0] - k[i, 0]) * (pts[..., 1] - k[i, 1])
                       - (k[(i + 1) % 4, 1] - k[i, 1]) * (pts[..., 0] - k[i, 0]) for i in range(4)])
        out |= (cs > 0).all(axis=0) | (cs < 0).all(axis=0)
    return out


_ALONG = np.linspace(0.1, 0.9, 24)


def _seen_support(edges: np.ndarray, a: np.ndarray, b: np.ndarray, hidden: Sequence[np.ndarray]
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Sides from ``a`` to ``b`` (..., 2 each): the share of each side's points not hidden under another card, and
    the share of those that lie on edges (0 when a seen point lies outside the photo; 1 when none is seen)."""
    h, w = edges.shape
    pts = a[..., None, :] + (b - a)[..., None, :] * _ALONG[:, None]
    seen = ~_inside_any(pts, hidden)
    ij = np.rint(pts).astype(int)
    inside = (ij[..., 0] >= 0) & (ij[..., 0] < w) & (ij[..., 1] >= 0) & (ij[..., 1] < h)
    on = edges[np.clip(ij[..., 1], 0, h - 1), np.clip(ij[..., 0], 0, w - 1)] > 0
    n_seen = seen.sum(axis=-1)
    share = np.where(n_seen > 0, (on & seen).sum(axis=-1) / np.maximum(n_seen, 1), 1.0)
    share = np.where((seen & ~inside).any(axis=-1), 0.0, share)
    return seen.mean(axis=-1), share


def _far_side(edges: np.ndarray, a: np.ndarray, b: np.ndarray, normal: np.ndarray, reach: float,
              hidden: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The side a-b moved, each end on its own, up to ``reach`` along ``normal`` to where its seen part lies on
    the most edges (a card seen at a slant is no parallelogram; the nearest such place)."""
    steps = np.linspace(-reach, reach, 9)
    s1, s2 = (g.ravel() for g in np.meshgrid(steps, steps))
    ends_a, ends_b = a + s1[:, None] * normal, b + s2[:, None] * normal
    _seen, on = _seen_support(edges, ends_a, ends_b, hidden)
    best = int(np.argmax(on - 0.001 * (np.abs(s1) + np.abs(s2)) / max(reach, 1e-6)))
    return ends_a[best], ends_b[best]


def _corner_cards(contour: np.ndarray, edges: np.ndarray, blobs: np.ndarray, whole: Sequence[np.ndarray],
                  side_min: float) -> list[np.ndarray]:
    """Cards drawn out from the corners of one outline: two cards overlapping (or a card over a blob) make one
    outline that is no card, but each card's uncovered corner keeps two straight sides meeting at about a right
    angle. From each such corner a card of 63:88 is laid along its sides (its size from either side), within the
    outline or under a card found whole, its two far sides moved to where they lie on edges; it is kept when every
    side's seen part lies on edges, and the table lies outside both sides it was drawn from (``blobs``: what is off
    the table; the corner of a box inside a card has the card's frame round it). A side's part under another card
    found whole (``whole``) counts as hidden, not missing."""
    peri = cv2.arcLength(contour, True)
    poly = cv2.approxPolyDP(contour, max(2.0, 0.01 * peri), True).reshape(-1, 2).astype(np.float32)
    if len(poly) < 4:
        return []
    sides = [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]
    lengths = [float(np.linalg.norm(b - a)) for a, b in sides]
    long = [i for i, n in enumerate(lengths) if n >= side_min]
    # A card drawn out from the outline's corner lies within the outline (the merged cards), not across the table.
    x, y, bw, bh = cv2.boundingRect(contour)
    filled = np.zeros((bh + 2, bw + 2), np.uint8)
    cv2.drawContours(filled, [contour - np.array([x - 1, y - 1], np.int32)], -1, 255, -1)
    # Or under a card found whole: the outline of a card lying over it may run round a bay of the upper card's dark
    # art, which is still card, not table.
    for w in whole:
        cv2.fillConvexPoly(filled, np.rint(w - np.array([x - 1, y - 1])).astype(np.int32), 255)
    out: list[np.ndarray] = []
    for i in long:
        for j in long:
            gap = (j - i) % len(sides)
            # The next long side, past a rounded corner's short ones.
            if gap == 0 or gap > 3 or sum(lengths[(i + k) % len(sides)] for k in range(1, gap)) > 0.5 * side_min:
                continue
            (a1, b1), (a2, b2) = sides[i], sides[j]
            d1, d2 = b1 - a1, b2 - a2
            m = np.array([[d1[0], -d2[0]], [d1[1], -d2[1]]], np.float32)
            if abs(float(np.linalg.det(m))) < 1e-3:
                continue
            corner = a1 + d1 * np.linalg.solve(m, a2 - a1)[0]
            # Along each side, away from the corner, as far as the outline runs on straight (a ragged outline is
            # simplified to several sides in a row).
            u, v = _arm_end(sides, i, -1) - corner, _arm_end(sides, j, 1) - corner
            lu, lv = float(np.linalg.norm(u)), float(np.linalg.norm(v))
            if lu < side_min or lv < side_min:
                continue
            u, v = u / lu, v / lv
            if abs(float(u @ v)) > 0.5:  # not about a right angle (60-120 degrees)
                continue
            # Either side may be the card's long or short side, or run on along a card beside it.
            sizes = [(lu, lu / ASPECT), (lu, lu * ASPECT), (lv / ASPECT, lv), (lv * ASPECT, lv)]
            for su, sv in sizes:
                # Both sides seen along a good part of the card's (an inner box's corner draws no card), and neither
                # running on far past its corner (a card cut short at a line across it: its art's or banner's edge).
                if min(lu / su, lv / sv) < CORNER_SEEN or max(lu / su, lv / sv) > 1.15:
                    continue
                centre = corner + (u * su + v * sv) / 2
                # Found whole already (a quadrilateral much larger round it is two cards merged, not this one; one
                # much smaller is a piece of its art or text box, found instead of it).
                if any(_inside(centre, w) and 0.5 * su * sv < cv2.contourArea(w) < 1.4 * su * sv
                       for w in whole) or _filled_share(
                        filled, (x - 1, y - 1), np.array([corner, corner + u * su, corner + u * su + v * sv,
                                                          corner + v * sv], np.float32)) < 0.85:
                    continue
                if _table_outside(blobs, corner, u, min(lu, su), -v, 0.04 * min(su, sv)) < 0.7 or \
                        _table_outside(blobs, corner, v, min(lv, sv), -u, 0.04 * min(su, sv)) < 0.7:
                    continue
                q = _laid_card(edges, corner, u, v, su, sv, whole)
                if q is not None and _filled_share(filled, (x - 1, y - 1), q) >= 0.9:
                    out.append(q)
    return out


def _arm_end(sides: Sequence[tuple[np.ndarray, np.ndarray]], i: int, step: int) -> np.ndarray:
    """The end of side ``i`` away from the corner (its start for ``step`` -1, its end for 1), past the sides
    that go on in line with it."""
    a, b = sides[i]
    d = (b - a) / max(1e-6, float(np.linalg.norm(b - a)))
    end = a if step < 0 else b
    k = i
    for _ in range(len(sides) - 2):
        k = (k + step) % len(sides)
        p, q = sides[k]
        e = p if step < 0 else q
        off = e - a
        if abs(float(off[0] * d[1] - off[1] * d[0])) > max(3.0, 0.03 * float(np.linalg.norm(off))):
            break
        end = e
    return end


def _table_outside(blobs: np.ndarray, corner: np.ndarray, along: np.ndarray, length: float, out: np.ndarray,
                   gap: float) -> float:
    """The share of points ``gap`` outside the side from ``corner`` (``length`` along ``along``) that lie on the
    table (not in ``blobs``); points off the photo count as table."""
    h, w = blobs.shape
    pts = corner + np.outer(np.linspace(0.15, 0.85, 16) * length, along) + out * max(4.0, gap)
    ij = np.rint(pts).astype(int)
    ok = (ij[:, 0] >= 0) & (ij[:, 0] < w) & (ij[:, 1] >= 0) & (ij[:, 1] < h)
    return 1.0 - float((blobs[ij[ok, 1], ij[ok, 0]] > 0).sum()) / len(ij)


_GRID = np.stack(np.meshgrid(np.linspace(0.05, 0.95, 8), np.linspace(0.05, 0.95, 8)), -1).reshape(-1, 2)


def _filled_share(filled: np.ndarray, at: tuple[int, int], q: np.ndarray) -> float:
    """The share of the quadrilateral (corners in order round it) that lies in ``filled`` (whose top left is at
    ``at``)."""
    s, t = _GRID[:, :1], _GRID[:, 1:]
    pts = q[0] + s * (q[1] - q[0]) + t * (q[3] - q[0]) + s * t * (q[2] - q[1] - q[3] + q[0])
    ij = np.rint(pts - np.array(at, np.float32)).astype(int)
    ok = (ij[:, 0] >= 0) & (ij[:, 0] < filled.shape[1]) & (ij[:, 1] >= 0) & (ij[:, 1] < filled.shape[0])
    return float((filled[ij[ok, 1], ij[ok, 0]] > 0).sum()) / len(ij)


def _laid_card(edges: np.ndarray, corner: np.ndarray, u: np.ndarray, v: np.ndarray, su: float, sv: float,
               whole: Sequence[np.ndarray]) -> np.ndarray | None:
    """The card with a corner at ``corner`` and sides ``su`` along u and ``sv`` along v, its far sides fitted to
    edges; None unless every side's seen part lies on edges and most of its outline is seen."""
    centre = corner + (u * su + v * sv) / 2
    hidden = [w for w in whole if not _inside(centre, w)]
    p1, p3 = corner + u * su, corner + v * sv
    p2 = p1 + v * sv
    # The far side opposite u (p3 to p2) moves along v; the one opposite v (p1 to p2) along u.
    a3, b3 = _far_side(edges, p3, p2, v, 0.15 * sv, hidden)
    a1, b1 = _far_side(edges, p1, p2, u, 0.15 * su, hidden)
    da, db = b3 - a3, b1 - a1
    m = np.array([[da[0], -db[0]], [da[1], -db[1]]], np.float32)
    if abs(float(np.linalg.det(m))) < 1e-3:
        return None
    far = a3 + da * np.linalg.solve(m, a1 - a3)[0]  # where the fitted far sides meet
    q = _order(np.array([corner, a1, far, a3], np.float32))
    if not _card_shaped(q) or not cv2.isContourConvex(q.reshape(-1, 1, 2)):
        return None
    seen, on = _seen_support(edges, q, np.roll(q, -1, axis=0), hidden)
    # A side drawn from the outline of a blob (closed, opened) may lie a few pixels inside the card's edge: each side
    # is also looked for moved out or in by up to SHIFT.
    a, b = q, np.roll(q, -1, axis=0)
    d = b - a
    normal = np.stack([d[:, 1], -d[:, 0]], axis=1) / np.maximum(1e-6, np.linalg.norm(d, axis=1))[:, None]
    normal *= np.sign(((a + b) / 2 - q.mean(axis=0)) * normal).sum(axis=1)[:, None]
    for shift in (-SHIFT, -SHIFT / 2, SHIFT / 2, SHIFT):
        on = np.maximum(on, _seen_support(edges, a + normal * shift, b + normal * shift, hidden)[1])
    return q if float(seen.mean()) >= 0.6 and float(on[seen >= 0.2].min(initial=1.0)) >= SIDE_SUPPORT else None


#: Two cards found whole that fill this share of a quadrilateral round them make it their merged outline (_unmerged).
SIDE_BY_SIDE = 0.88


def _unmerged(found: list[tuple[float, np.ndarray, float]], blobs: np.ndarray | None, filled: np.ndarray | None = None
              ) -> list[tuple[float, np.ndarray, float]]:
    """Without outlines round two overlapping cards: a quadrilateral with a corner on the table (``blobs``: what is
    off it) that holds the centres of two cards found apart from each other (overlapping less than half), each a
    good part of it, one of them drawn out from a corner, is their merged outline, not a card (a card's corners all
    lie on the card). And a quadrilateral that two cards found whole, side by side, fill (each about half of it, both
    together nearly all of it: two cards of 63:88 side by side make an outline of about 88:126, card-shaped too) is
    their merged outline; a card's art and text box leave its frame, banners and bars round them."""
    if blobs is None:
        return found
    out = []
    for size, q, core in found:
        halves = [f for f in found if f[2] == 1 and 0.35 * size <= f[0] <= 0.65 * size and _inside(f[1].mean(axis=0),
                                                                                                   q)]
        if any(a[0] + b[0] >= SIDE_BY_SIDE * size and _apart(a, b) and cv2.intersectConvexConvex(a[1], b[1])[0]
               < 0.1 * min(a[0], b[0]) for n, a in enumerate(halves) for b in halves[n + 1:]):
            continue
        # Where the blobs hold almost nothing of a card found whole (a table whose colour varies too much to be told
        # from a card: a busy playmat), they say nothing of its corners either.
        if _corners_on_card(blobs, q) or (core == 1 and _filled_share(blobs, (0, 0), q) < BLIND):
            out.append((size, q, core))
            continue
        if _round_a_card(blobs, size, q, found, filled):
            continue
        inner = [f for f in found if 0.45 * size <= f[0] <= 0.85 * size and _inside(f[1].mean(axis=0), q)]
        if not any(min(a[2], b[2]) < 1 and _apart(a, b) and cv2.intersectConvexConvex(a[1], b[1])[0] < 0.5 * min(
                a[0], b[0]) for n, a in enumerate(inner) for b in inner[n + 1:]):
            out.append((size, q, core))
    return out


#: See _unmerged: a card found whole of which the blobs off the table hold less than this share.
BLIND = 0.2


def _corners_on_card(blobs: np.ndarray, q: np.ndarray) -> bool:
    """Whether each corner of the quadrilateral, moved 12 % towards its centre, lies off the table (in ``blobs``): a
    card's corners lie on the card."""
    h, w = blobs.shape
    probes = np.clip(np.rint(q + (q.mean(axis=0) - q) * 0.12).astype(int), 0, [w - 1, h - 1])
    return bool((blobs[probes[:, 1], probes[:, 0]] > 0).all())


#: A card lying over another, found whole, is this share of their merged outline's size (see _round_a_card).
OVER_SHARE = (0.3, 0.75)


def _round_a_card(blobs: np.ndarray, size: float, q: np.ndarray, found: Sequence[tuple[float, np.ndarray, float]],
                  filled: np.ndarray | None = None) -> bool:
    """Whether a quadrilateral with a corner on the table (not ``_corners_on_card``, and table along both sides near
    it: ``_bitten``) is the merged outline of a card lying over another, offset along both sides
    (card-shaped too): it holds the centre of a card found whole, a good part of its size but clearly smaller, whose
    own corners all lie on the card. A card's corners lie on the card, its sides on edges; the bare table at one of the
    larger one's corners says it is no card. The card over the other lies along the merged
    outline (their long sides about parallel); a card's own text box or lower half, card-shaped too, lies across it.
    ``filled``: the blobs with their holes filled (art of the table's colour), where the card's own corners are
    looked for."""
    inner = blobs if filled is None else filled
    return not _corners_on_card(blobs, q) and _bitten(blobs, q) and any(
        f[2] == 1 and OVER_SHARE[0] * size <= f[0] <= OVER_SHARE[1] * size and _inside(f[1].mean(axis=0), q)
        and abs(float(_long_axis(f[1]) @ _long_axis(q))) >= 0.7 and _corners_on_card(inner, f[1]) for f in found)


_NEAR_CORNER = np.linspace(0.04, 0.3, 10)[:, None]


def _bitten(blobs: np.ndarray, q: np.ndarray) -> bool:
    """Whether at one of the quadrilateral's corners both sides run over the table (not ``blobs``): along each, from 4
    to 30 % of its length from the corner and moved 4 % of the way towards the centre, less than half the points lie
    off the table (a merged outline's corner where neither card lies; a card's own corner has its frame there)."""
    h, w = blobs.shape
    inward = (q.mean(axis=0) - q) * 0.04
    for i in range(4):
        shares = []
        for j in (i - 1, (i + 1) % 4):
            pts = np.rint(q[i] + inward[i] + (q[j] - q[i]) * _NEAR_CORNER).astype(int)
            ok = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
            shares.append(float((blobs[pts[ok, 1], pts[ok, 0]] > 0).sum()) / len(pts))
        if max(shares) < 0.5:
            return True
    return False


def _long_axis(q: np.ndarray) -> np.ndarray:
    """The unit direction of the quadrilateral's long sides."""
    across, along = (q[1] - q[0]) + (q[2] - q[3]), (q[3] - q[0]) + (q[2] - q[1])
    d = across if np.linalg.norm(across) > np.linalg.norm(along) else along
    out: np.ndarray = d / max(1e-6, float(np.linalg.norm(d)))
    return out


#: See _apart.
WHOLE_CORE = 0.7
#: See _apart: a quadrilateral this share of which lies in a much larger one lies inside it.
INSIDE_SHARE = 0.5


def _apart(a: tuple[float, np.ndarray, float], b: tuple[float, np.ndarray, float]) -> bool:
    """Whether two quadrilaterals (size, corners, core) are two cards: neither's centre lies inside the other's core
    (the quadrilateral shrunk to ``core`` round its centre; the smaller core of the two counts), and one much smaller
    than the other does not lie mostly inside it (a box inside a card). Two cards found whole of about one size count as
    two when neither's centre lies in the other's middle WHOLE_CORE: a card lying half over another, the one under it
    whole in a light sleeve."""
    core = min(a[2], b[2], WHOLE_CORE)
    ca, cb = a[1].mean(axis=0), b[1].mean(axis=0)
    small, large = sorted((a, b), key=lambda f: f[0])
    # (Mostly inside it, INSIDE_SHARE of it: a card lying half over a larger card drawn out a little past its own
    # corner has its centre on that card but most of it off; a box of a card, found a little askew, lies nearly all in.)
    if small[0] < 0.65 * large[0] and _inside(small[1].mean(axis=0), large[1]) and cv2.intersectConvexConvex(
            small[1], large[1])[0] >= INSIDE_SHARE * small[0]:
        return False
    return not _inside(ca, cb + (b[1] - cb) * core) and not _inside(cb, ca + (a[1] - ca) * core)


#: See find_cards: a card's hull that does not simplify to four corners fills this share of its smallest rectangle.
HULL_FILL = 0.9


def find_cards(image: np.ndarray) -> list[np.ndarray]:
    """Card-shaped quadrilaterals (4x2 corners, upright order), largest first, none inside another. ``image``:
    grey, or colour (BGR: colour edges too).

    Each blob of edges, filled: its outline is the card's edge whatever the art inside does; its convex
    hull simplified to four corners (or, failing that, its smallest rotated rectangle) is a candidate.
    The edges are looked at closed (an outline broken by glare) and as they are (a card touching a blob
    on a busy table stays apart from it); a candidate is kept only if its four sides lie on edges."""
    h, w = image.shape[:2]
    scale = min(1.0, 1000 / max(h, w))  # edges on at most 1000 px: enough for a card's outline
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else image
    raw = _edges(small)
    support = cv2.dilate(raw, np.ones((5, 5), np.uint8))
    area_min = MIN_CARD_AREA * small.shape[0] * small.shape[1]
    # (size, corners, core): see _apart.
    quads: list[tuple[float, np.ndarray, float]] = []
    masks = [cv2.morphologyEx(raw, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8)), raw]
    if small.ndim == 3:
        masks.append(_off_table(small))
    corners: list[tuple[np.ndarray, np.ndarray]] = []
    unsure: list[np.ndarray] = []
    for n, edges in enumerate(masks):
        # Outer blobs, and every closed outline (a card touching a bright blob is its own inner contour).
        contours = list(cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0])
        if n < 2:
            # The list holds the outer outlines again: each is looked at once.
            outer = {c.tobytes() for c in contours}
            contours += [c for c in cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)[0]
                         if c.tobytes() not in outer]
        along = support if n < 2 else _outline(edges)
        for contour in contours:
            hull = cv2.convexHull(contour)
            area = cv2.contourArea(hull)
            if area < area_min or area > 0.9 * small.shape[0] * small.shape[1]:
                continue
            approx = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
            box = approx if len(approx) == 4 else cv2.boxPoints(cv2.minAreaRect(hull))
            q = _order(np.asarray(box))
            # A hull of more corners than four that is one card (rounded corners, a bump of glare) fills its smallest
            # rectangle nearly whole; two cards offset along both sides leave its corners empty.
            carded = cv2.contourArea(q) >= 0.8 * area and _card_shaped(q) and (
                len(approx) == 4 or area >= HULL_FILL * cv2.contourArea(q))
            solid = cv2.contourArea(contour) / area
            # An outline that is no card, or a card-shaped one with bites out of it: cards merged (overlapping, or
            # side by side), whose corners may each start a card of their own. Not a box inside a card: it is whole.
            if n != 1 and (not carded or solid < 0.92):
                corners.append((contour, support if n == 0 else cv2.bitwise_or(support, along)))
            # Not a hand, a dice tray, a long box. A blob off the table must be solid to its outline; one that is not
            # (a bite of the table's colour), like an outline whose sides do not lie on edges, may still hold a card
            # squared from its corners (_squared).
            if not carded:
                continue
            q = _fit_sides(q, hull.reshape(-1, 2).astype(np.float32))
            # Edges must lie along its sides.
            if not _card_shaped(q):
                continue
            if (n < 2 or solid >= 0.85) and (_side_support(along, q) >= (SIDE_SUPPORT if n < 2 else BLOB_SUPPORT) or (
                    n < 2 and _side_support(along, q, SHIFT) >= SHIFTED_SUPPORT)):
                quads.append((cv2.contourArea(q), q, 1.0))
            else:
                unsure.append(q)
    squared = _squared(unsure, support, quads)
    side_min = CORNER_ARM * float(np.sqrt(area_min * 63 / 88))
    whole = [q for _a, q, _c in quads]
    # An outline round a card found whole is that card (and costs time to look at again); not when that "card" is the
    # merged outline of a card lying over another.
    filled = None
    if small.ndim == 3:
        # Holes in a card's blob (art of the table's colour) are on the card: a card's corners are looked for here.
        filled = np.zeros_like(masks[2])
        cv2.drawContours(filled, cv2.findContours(masks[2], cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], -1, 255,
                         cv2.FILLED)
    cards = [q for a, q, _c in quads if filled is None or not _round_a_card(masks[2], a, q, quads, filled)]
    for contour, along in corners if small.ndim == 3 else []:
        hull_area = cv2.contourArea(cv2.convexHull(contour))
        middle = contour.reshape(-1, 2).mean(axis=0)
        if any(_inside(middle, w) and hull_area < 1.25 * cv2.contourArea(w) for w in cards):
            continue
        # A card drawn out from a corner may lie half under another card: their centres lie in each other's
        # outline, not in its middle.
        quads += [(cv2.contourArea(q), q, LAID_CORE) for q in _corner_cards(contour, along, masks[2], whole, side_min)]
    # Cards squared from an outline's corners only fill in where no card was found: none over a card found whole or
    # drawn out from a merged outline's corners that is no piece of it (two cards, one over the other, whose sides
    # line up: a corner of one and a side running on along the other square a card across both; a block of a card,
    # card-shaped on its side, squared is no reason not to draw the card out).
    quads += [f for f in squared if not any(a >= 0.5 * f[0] and not _apart((f[0], f[1], 1.0), (a, w, c))
                                            and not _piece(f[1], w) for a, w, c in quads)]
    quads = _unmerged(quads, masks[2] if small.ndim == 3 else None, filled)
    # A card drawn out from a corner that lies mostly on a card found whole is a piece of that card (its far side on
    # a line inside it), or that card again; not when that "card" is a piece of it (its art found whole, card-shaped).
    whole = [q for _a, q, c in quads if c == 1]
    quads = [f for f in quads if f[2] == 1 or all(
        cv2.intersectConvexConvex(f[1], w)[0] < 0.5 * f[0] or _piece(f[1], w) for w in whole)]
    # A card drawn out from a corner of a shape of wood grain round a row of cards is far larger than they are, and
    # would hide them. (The largest found whole may be a shape of a card's art, the card drawn out lying beside it.)
    cards_whole = [(a, q) for a, q, c in quads if c == 1 and not any(
        f[2] == 1 and f[0] > a and _piece(f[1], q) for f in quads)]
    largest = max((a for a, _q in cards_whole), default=float("inf"))
    # Or drawn out from a corner, holding no card found whole but its own pieces and shapes under half the largest found
    # whole (art): a card found only from its corner, lying over another, is larger than its text box found whole.
    largest = max([largest] + [f[0] for f in quads if f[2] < 1 and not any(f[1] is g[1] for g in squared) and not any(
        _inside(q.mean(axis=0), f[1]) and not _piece(f[1], q) and a >= PIECE_AREA * largest for a, q in cards_whole)])
    quads = [f for f in quads if f[2] == 1 or f[0] <= LAID_SIZE * largest or not any(
        _inside(q.mean(axis=0), f[1]) and not _piece(f[1], q) for _a, q in cards_whole)]
    return [q / scale for q in _largest_apart(quads, MAX_CARDS)]


def _squared(unsure: Sequence[np.ndarray], edges: np.ndarray, found: Sequence[tuple[float, np.ndarray, float]]
             ) -> list[tuple[float, np.ndarray, float]]:
    """Cards drawn out from the corners of card-shaped outlines whose sides do not lie on edges: an outline that ran
    into a line of the table at one corner (a playmat's printed arc, wood grain) or a blob off the table that a
    bite of the table's colour made less than solid keeps most of the card's corners and sides. From each corner a
    card is laid along its two sides (its size from either), its far sides moved to where they lie on edges
    (``_laid_card``: each side's seen part on edges), only from a corner whose two sides lie on edges; the best
    supported card of each outline is kept when its weakest side lies on edges as a card found whole's must
    (SIDE_SUPPORT), and goes on as a card drawn from a corner (it may lie half under another). None where a card
    found whole of about its size holds the outline's centre, and none twice as large as the largest card found whole
    that is no piece of it (cards are of one size)."""
    out: list[tuple[float, np.ndarray, float]] = []
    whole = [q for _a, q, _c in found]
    for q in unsure:
        size = cv2.contourArea(q)
        centre = q.mean(axis=0)
        if any(_inside(centre, w) and 0.6 * size < a < 1.6 * size for a, w, _c in list(found) + out):
            continue
        best: tuple[float, np.ndarray] | None = None
        on = _each_side_support(edges, q, SHIFT)
        for i in range(4):
            # Only from a corner whose two sides lie on edges (the part of the outline that is the card's).
            if min(on[i], on[i - 1]) < SHIFTED_SUPPORT:
                continue
            corner = q[i]
            u, v = q[(i + 1) % 4] - corner, q[i - 1] - corner
            lu, lv = float(np.linalg.norm(u)), float(np.linalg.norm(v))
            if min(lu, lv) < 1:
                continue
            u, v = u / lu, v / lv
            long_u = lu > lv
            for su, sv in ((lu, lu / ASPECT if long_u else lu * ASPECT), (lv * ASPECT if long_u else lv / ASPECT, lv)):
                card = _laid_card(edges, corner, u, v, su, sv, whole)
                if card is not None:
                    score = _side_support(edges, card)
                    if best is None or score > best[0]:
                        best = (score, card)
        if best is None or best[0] < SIDE_SUPPORT:
            continue
        size = cv2.contourArea(best[1])
        # Cards are of one size: not twice as large as the largest card found whole that is no piece of it (a shape of
        # wood grain squared round a corner of grain lines).
        if size * PIECE_AREA > max((a for a, w, _c in found if not _piece(best[1], w)), default=float("inf")):
            continue
        out.append((size, best[1], LAID_CORE))
    return out


#: See find_cards: cards are of one size, whatever the tilt and distance of the camera; a card drawn out from a corner
#: this many times as large as the largest card (found whole and not a piece of another found, or drawn out from a
#: corner holding none) is no card when it holds one of those found whole (it would hide it).
LAID_SIZE = 3.0
#: See _piece: every piece of a card (its art, its text box, a banner, a location's strip) spans this share of the
#: card's side its long side runs along, or more.
PIECE_SPAN = 0.7


def _sides(q: np.ndarray) -> tuple[float, float]:
    """The quadrilateral's short and long side (each the mean of its two opposite sides)."""
    a = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    b = float(np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    return min(a, b), max(a, b)


def _piece(q: np.ndarray, part: np.ndarray) -> bool:
    """Whether ``part`` lies inside ``q`` (a few per cent round it counted in) spanning the side of ``q`` its long side
    runs along (PIECE_SPAN): a text box or a banner spans a card's width, a location's strip its height."""
    (short, long), (_short, length) = _sides(q), _sides(part)
    along_long = abs(float(_long_axis(q) @ _long_axis(part))) > 0.7
    if length < PIECE_SPAN * (long if along_long else short) or length > 1.03 * long:
        return False
    centre = q.mean(axis=0)
    wider = centre + (q - centre) * 1.03
    return all(_inside(p, wider) for p in part)


def _largest_apart(found: list[tuple[float, np.ndarray, float]], limit: int) -> list[np.ndarray]:
    """The largest of ``found`` (size, quadrilateral, core) first, leaving out any not apart from one kept (its
    centre inside the kept one's core, or holding the kept one's centre in its own): one region per card, at most
    ``limit``."""
    found.sort(key=lambda a: -a[0])
    kept: list[tuple[float, np.ndarray, float]] = []
    for f in found:
        if all(_apart(f, k) for k in kept):
            kept.append(f)
    return [q for _s, q, _c in kept[:limit]]


#: The straightened card keeps this much of what lies round its outline (pixels each side): an outline found a
#: little inside the card (its frame inside a dark border lost in the table) must not cut off a title at its edge.
MARGIN = round(0.04 * CARD_H)


def straighten(gray: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card seen square on, portrait, with MARGIN round it; a card lying sideways (knelt) is turned back
    upright (which way up it lies is decided by ``upright``)."""
    q = quad
    if np.linalg.norm(q[1] - q[0]) > np.linalg.norm(q[3] - q[0]):  # landscape: knelt clockwise
        q = np.array([q[3], q[0], q[1], q[2]], np.float32)
    return _warp(gray, q)


def _warp(gray: np.ndarray, q: np.ndarray) -> np.ndarray:
    """The card whose corners are ``q`` (top left, top right, bottom right, bottom left of the card) seen square on,
    with MARGIN round it."""
    m = MARGIN
    target = np.array([[m, m], [CARD_W + m, m], [CARD_W + m, CARD_H + m], [m, CARD_H + m]], np.float32)
    return cv2.warpPerspective(gray, cv2.getPerspectiveTransform(q.astype(np.float32), target),
                               (CARD_W + 2 * m, CARD_H + 2 * m),
                               flags=cv2.INTER_AREA if gray.shape[0] > 3 * CARD_H else cv2.INTER_CUBIC,
                               borderMode=cv2.BORDER_REPLICATE)


#: Where each card type prints its title on the straightened card (left, top, right, bottom as fractions of the card
#: inside its margin), with room for an outline found a few per cent off (the sleeve's edge outside the card, or the
#: frame inside its dark border): a character's banner across the middle (57-68 % of the height), an attachment's
#: bar at the bottom (87-97 %), a location's along the left edge (read bottom to top), an event's across the top,
#: right of the cost. docs/card-layouts.md says where these facts come from. A location's strip reaches 0.22 of the
#: width: a card in a sleeve whose outline is found round the sleeve has its strip's letters up to 0.2 in.
TITLE_REGIONS: dict[str, tuple[float, float, float, float]] = {
    "character": (0.03, 0.535, 0.97, 0.715),
    "attachment": (0.06, 0.84, 0.94, 1.03),
    "location": (-0.03, 0.10, 0.22, 0.90),
    "event": (0.15, -0.03, 0.99, 0.14),
}
#: The card types that may print their title light on dark (some events); the others print it dark on light, and
#: their regions are searched for dark print only (light "print" there is the gaps between dark shapes).
LIGHT_PRINT = frozenset({"event"})
#: A title's capitals are about 2.5 % of the card's height (small capitals about 80 % of that).
CAP_SHARE = 0.025


def title_regions(card: np.ndarray) -> dict[str, np.ndarray]:
    """Each card type's title region cut from the straightened card (with its margin), turned so that its line reads
    left to right."""
    out = {}
    for kind, (x0, y0, x1, y1) in TITLE_REGIONS.items():
        cut = card[max(0, round(MARGIN + y0 * CARD_H)):round(MARGIN + y1 * CARD_H),
                   max(0, round(MARGIN + x0 * CARD_W)):round(MARGIN + x1 * CARD_W)]
        out[kind] = cv2.rotate(cut, cv2.ROTATE_90_CLOCKWISE) if kind == "location" else cut
    return out


def upright(card: np.ndarray) -> bool:
    """Whether the straightened card lies the right way up: every card type prints its rules text (many lines of
    small print) in its lower half and its art in the upper. Counted as small dark shapes of small print's size."""
    below, above = _print_halves(card)
    return below >= above


#: See read_titles: which way up a card lies is in doubt when the small print counted in its upper half is this
#: share of its lower half's or more, or the other way round (grainy art, or a card with little rules text).
UPRIGHT_DOUBT = 0.7


def _print_halves(card: np.ndarray) -> tuple[int, int]:
    """How many small dark shapes of small print's size the straightened card holds in its lower and its upper
    half (see upright)."""
    card = card[MARGIN:-MARGIN, MARGIN:-MARGIN] if card.shape[0] > CARD_H else card
    h = card.shape[0]
    strokes = cv2.morphologyEx(card, cv2.MORPH_BLACKHAT, cv2.getStructuringElement(cv2.MORPH_RECT, (9, 9)))
    ink = cv2.threshold(strokes, 35, 255, cv2.THRESH_BINARY)[1]
    _n, _labels, stats, centres = _components(ink)
    small = (stats[1:, cv2.CC_STAT_HEIGHT] <= 0.022 * h) & (stats[1:, cv2.CC_STAT_WIDTH] <= 0.04 * h) & (
        stats[1:, cv2.CC_STAT_HEIGHT] >= 3)
    ys = centres[1:, 1][small]
    return int((ys > 0.55 * h).sum()), int((ys < 0.45 * h).sum())


def _components(ink: np.ndarray) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """``cv2.connectedComponentsWithStats(ink, connectivity=8)``, the same labels and stats: 16-bit labels, which
    OpenCV finds in half the time of 32-bit ones, unless there are more shapes than they count (OpenCV then raises)."""
    try:
        n, labels, stats, centres = cv2.connectedComponentsWithStats(ink, connectivity=8, ltype=cv2.CV_16U)
    except cv2.error:
        n, labels, stats, centres = cv2.connectedComponentsWithStats(ink, connectivity=8)
    return n, labels, stats, centres


# -- tesseract -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Read:
    text: str
    confidence: float  # tesseract's own mean word confidence, 0-100
    corners: tuple[tuple[int, int], ...]
    region: str = ""  # the card type whose title region was read ("": unknown)
    card: int = 0  # which card of the photo (reads of one card share it)

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "ocr_confidence": round(self.confidence, 1),
                "corners": [list(c) for c in self.corners], "region": self.region, "card": self.card}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Read:
        return cls(str(d["text"]), float(d["ocr_confidence"]), tuple((int(x), int(y)) for x, y in d["corners"]),
                   str(d.get("region", "")), int(d.get("card", 0)))


def tesseract_lines(image: np.ndarray, psm: int, invert: bool = True) -> list[tuple[float, float, str, float]]:
    """Words of one image as (centre y, left x, text, confidence): the kept-loaded library's engine, or,
    without the library, one run of the program (its TSV output). ``invert``: see tess.Engine.words."""
    found = tess.engine()
    if found is not None:
        return found.words(image, psm, invert)
    ok, png = cv2.imencode(".png", image)
    if not ok:
        return []
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}  # one core: a few scans at once must not fight
    try:
        out = subprocess.run(["tesseract", "stdin", "stdout", "-l", "eng", "--psm", str(psm),
                              *([] if invert else ["-c", "tessedit_do_invert=0"]), "tsv"],
                             input=png.tobytes(), capture_output=True, timeout=TESSERACT_TIMEOUT_S, env=env,
                             check=False)
    except (OSError, subprocess.TimeoutExpired):
        return []
    return tess.parse_tsv(out.stdout.decode("utf-8", "replace"))


#: Capitals this many pixels high when Tesseract reads them (its comfortable size).
READ_CAP = 30


def _row(ink: np.ndarray) -> tuple[list[tuple[int, int, int, int, int]], np.ndarray, np.ndarray]:
    """The letters (label, x, y, w, h) of the row holding the most letter width in a white-on-black mask, and the
    component labels. Letters are shapes about a capital high that do not touch the mask's edge (the banner's
    frame, art and the card's edge do); a row is the letters whose bottoms lie on one baseline (followed from letter
    to letter, so a line a few degrees aslant is one row), with the bits of broken letters between them. Also the
    labels and the components' stats (x, y, w, h, area)."""
    _n, labels, stats, _ = _components(ink)
    h, w = ink.shape
    x, y, bw, bh, area = (stats[:, k].astype(np.int64) for k in range(5))
    inner = (x > 1) & (y > 1) & (x + bw < w - 1) & (y + bh < h - 1)
    inner[0] = False  # the background
    # A letter, or letters run together by blur (as high as a letter, wider): not a bar (solid) or a frame. Letters
    # run together are as high as small capitals at least: a thin bar as long (a banner's rim, a strip of light
    # between two frames) is no letters.
    fill = area / np.maximum(1, bw * bh)
    wide = bw > 2.2 * READ_CAP
    # A grainy strip (a dark rim or edge between light ones, its noise thresholded) is a shape riddled with holes;
    # letters have at most two each.
    shaped = inner & (np.where(wide, 0.6, 0.45) * READ_CAP <= bh) & (bh <= 1.6 * READ_CAP) & (
        bw <= 12 * READ_CAP) & (fill >= 0.06) & (fill <= np.where(wide, 0.85, 1.0))
    letter = shaped & (_holes(ink, labels, shaped, stats) <= 2 + HOLES_PER_CAP * bw / READ_CAP)
    bit = inner & ~letter & (bh >= 0.2 * READ_CAP) & (bh < 0.45 * READ_CAP) & (bw <= 2 * READ_CAP)
    letters = [(int(i), int(x[i]), int(y[i]), int(bw[i]), int(bh[i])) for i in np.flatnonzero(letter)]
    bits = [(int(i), int(x[i]), int(y[i]), int(bw[i]), int(bh[i])) for i in np.flatnonzero(bit)]
    letters.sort(key=lambda c: c[1])
    bit_mid = np.array([c[1] + c[3] / 2 for c in bits], np.float64)
    bit_top = np.array([c[2] for c in bits], np.float64)
    bit_bottom = np.array([c[2] + c[4] for c in bits], np.float64)
    best: list[tuple[int, int, int, int, int]] = []
    seen: set[int] = set()
    for n_seed, seed in enumerate(letters):
        if seed[0] in seen:
            continue
        # The letters along the seed's baseline, followed letter by letter both ways: a line a few degrees aslant (a
        # card's outline found a little off) keeps its letters.
        row = [seed]
        for after in (letters[n_seed + 1:], letters[n_seed - 1::-1] if n_seed else []):
            bottoms = [seed[2] + seed[4]]
            for c in after:
                if abs(c[2] + c[4] - sum(bottoms[-3:]) / len(bottoms[-3:])) <= 0.35 * READ_CAP and abs(
                        c[2] + c[4] - bottoms[0]) <= 0.35 * READ_CAP + MAX_SLANT * abs(c[1] - seed[1]):
                    row.append(c)
                    bottoms.append(c[2] + c[4])
        seen.update(c[0] for c in row)
        # Bits of letters that a thin or faint stroke broke apart, within the row's band, bridge the gap they leave.
        base = _baseline(row)(bit_mid)  # under each bit
        tall = max(c[4] for c in row)
        near = (base - tall - 0.1 * READ_CAP <= bit_top) & (bit_bottom <= base + 0.2 * READ_CAP)
        row = _run(row, [bits[k] for k in np.flatnonzero(near)])
        if _weight(row) > _weight(best):
            best = row
    return best, labels, stats


#: See _row: a shape with more holes than two and this many for each capital's height of its width is no letters
#: (at most two holes a letter, letters about two thirds of a capital wide).
HOLES_PER_CAP = 2.0


def _holes(ink: np.ndarray, labels: np.ndarray, which: np.ndarray, stats: np.ndarray | None = None) -> np.ndarray:
    """How many holes (background shut in) each labelled shape of a white-on-black mask has, counted for the shapes
    ``which`` says (one bool per label; the others 0). The other shapes are left out of the outlines traced (most of
    a region's shapes are specks): a shape lying in a hole of one counted leaves that one hole. With the shapes'
    ``stats`` (x, y, w, h, ...), only the box round the shapes counted is traced (all else there is background)."""
    out = np.zeros(len(which), np.int64)
    if not which.any():
        return out
    if which.all():
        traced = ink
    else:
        if stats is not None:
            chosen = stats[which]
            x0, y0 = int(chosen[:, 0].min()), int(chosen[:, 1].min())
            labels = labels[y0:int((chosen[:, 1] + chosen[:, 3]).max()), x0:int((chosen[:, 0] + chosen[:, 2]).max())]
        traced = np.take(which.astype(np.uint8), labels)
    contours, hierarchy = cv2.findContours(traced, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return out
    parents = hierarchy[0][:, 3]
    shut = parents[parents >= 0]  # each hole's outline names the outer outline round it
    for outer, count in zip(*np.unique(shut, return_counts=True), strict=True):
        x, y = contours[int(outer)][0][0]
        out[labels[y, x]] += int(count)
    return out


def _baseline(row: Sequence[tuple[int, int, int, int, int]]) -> Callable[[np.ndarray], np.ndarray]:
    """The row's baseline, y as a function of x (an array of them): the line fitted to its letters' bottoms (level
    through the lowest bottom for fewer than three)."""
    if len(row) < 3:
        low = float(max(c[2] + c[4] for c in row))
        return lambda x: np.full(np.shape(x), low)
    slope, at = np.polyfit([c[1] + c[3] / 2 for c in row], [c[2] + c[4] for c in row], 1)
    return lambda x: np.asarray(slope * x + at, np.float64)


def _weight(row: Sequence[tuple[int, int, int, int, int]]) -> tuple[bool, int]:
    """How much a row looks like a title's line: three letters or more first (one or two long shapes are a banner's
    frame or rim, never read), then the letters' width (bits of broken letters count for neither)."""
    letters = [c for c in row if c[4] >= 0.45 * READ_CAP]
    return len(letters) >= 3, sum(c[3] for c in letters)


def _run(row: list[tuple[int, int, int, int, int]], bits: Sequence[tuple[int, int, int, int, int]] = ()
         ) -> list[tuple[int, int, int, int, int]]:
    """The longest run of the row's shapes with no gap wider than a capital and a half between neighbours: a title's
    letters and words, without a banner's notched ends or a stroke of art standing apart on the same line. ``bits``:
    marks too small to be letters that may fill a gap (an apostrophe, a letter broken into strokes); a run's letters
    only count, and it neither starts nor ends with a bit."""
    letters = {c[0] for c in row}
    shapes = sorted([*row, *bits], key=lambda c: c[1])
    runs: list[list[tuple[int, int, int, int, int]]] = []
    reach = 0  # the right end of the last run's shapes
    for c in shapes:
        if runs and c[1] - reach <= 1.5 * READ_CAP:
            runs[-1].append(c)
            reach = max(reach, c[1] + c[3])
        else:
            runs.append([c])
            reach = c[1] + c[3]
    best = max(runs, key=lambda r: sum(c[3] for c in r if c[0] in letters), default=[])
    ends = [i for i, c in enumerate(best) if c[0] in letters]
    best = best[ends[0]:ends[-1] + 1] if ends else []
    # A title prints in capitals and small capitals: its broken letters leave a few bits. A run more bits than
    # letters is lower-case print (rules text, its x-high letters as bits), whose words must not join up.
    if bits and sum(c[3] for c in best if c[0] not in letters) > BITS_SHARE * sum(
            c[3] for c in best if c[0] in letters):
        return _run(row)
    return best


#: See _row: a row followed letter by letter climbs or falls at most this much from its first letter (a share of the
#: way; about 3 degrees) beyond a third of a capital: lines of rules text seen much aslant stay in pieces. A title's
#: line more aslant is found in part, turned level (ASLANT) and found whole.
MAX_SLANT = 0.05
#: See _run: the bits in a run of a title's letters are at most this share of its letters' width.
BITS_SHARE = 0.5


#: The thresholds tried for a title's print, as shares of the first (see isolate_line).
LEVEL_STEPS = (1.0, 0.7, 0.45)
#: See _isolate: a row of fewer letters than this is looked at again with a lower threshold.
FEW_LETTERS = 5
#: See _isolate: a row whose letters' median height is under this share of a capital's is looked at again with a
#: lower threshold (small capitals are about 0.8 of a capital).
FAINT_CORES = 0.65
#: See _isolate: a row whose letters' median width is under this share of a capital's height is letters broken into
#: their stems (a letter of a title is about two thirds of a capital wide), looked at again with a lower threshold.
STEMS = 0.35


def isolate_line(region: np.ndarray, cap: float, light: bool = True) -> np.ndarray | None:
    """The one line of title print in a title region, black on white, capitals about READ_CAP high; None when
    the region holds no line of letters of a title's size. ``cap``: the capitals' expected height in the
    region's pixels. Dark print on a light banner or, with ``light``, light print on a dark one (some events): both
    are tried, and the row holding most letters wins."""
    f = READ_CAP / max(1.0, cap)
    return _isolate(cv2.resize(region, None, fx=f, fy=f, interpolation=cv2.INTER_CUBIC if f > 1 else cv2.INTER_AREA),
                    light=light)


#: A line whose baseline climbs or falls more than this (a share of its length) is turned level and looked at again.
ASLANT = 0.025


def _isolate(big: np.ndarray, level_it: bool = True, light: bool = True) -> np.ndarray | None:
    """isolate_line on the region scaled to READ_CAP; a line found aslant is turned level first (``level_it``)."""
    # Strokes against the light (or the dark) round them: glare and shading even out, blobs of art drop away.
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (int(1.2 * READ_CAP) | 1, int(1.2 * READ_CAP) | 1))
    best: list[tuple[int, int, int, int, int]] = []
    dark_print = True
    labels = np.zeros(big.shape, np.int32)
    stats = np.zeros((1, 5), np.int32)
    # Strokes against the light round them (dark print) and against the dark (light print), and each one's threshold:
    # the larger of Otsu's and half the strokes' contrast (a threshold pulled down by a banner's frame joins the
    # letters).
    planes = []
    for op in (cv2.MORPH_BLACKHAT, cv2.MORPH_TOPHAT) if light else (cv2.MORPH_BLACKHAT,):
        found = cv2.GaussianBlur(cv2.morphologyEx(big, op, kernel), (3, 3), 0)
        otsu, _ink = cv2.threshold(found, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
        planes.append((op, found, max(float(otsu), 0.45 * _percentile(found, 99.5))))
    # A banner's frame or edge far stronger than faint print (grey letters, blur) takes the threshold above the
    # letters: when neither kind of print shows a row of letters, the thresholds are lowered step by step. A row of
    # a few letters only may be the darkest few of a faint title: lower thresholds may grow it (a row over the same
    # stretch of the line, on its baseline, holding more letter width), never replace it by a row elsewhere.
    first: tuple[int, int, int] | None = None  # the first row's left and right ends and its lowest bottom
    onward = False  # the first row is of whole letters: a lower threshold may only run it on past its end
    for step in LEVEL_STEPS:
        for op, found, level in planes:
            ink = cv2.threshold(found, step * level, 255, cv2.THRESH_BINARY)[1]
            row, marks, found_stats = _row(ink)
            if row:
                # Print stands out from the banner round it: dark print darker than the banner just above and below
                # its line, light print lighter. (The gaps between dark letters make a row of "light letters" too,
                # no lighter than the banner.)
                x0, x1 = row[0][1], max(c[1] + c[3] for c in row)
                y0, y1 = min(c[2] for c in row), max(c[2] + c[4] for c in row)
                r = READ_CAP // 3
                banner = np.concatenate([big[max(0, y0 - r):y0, x0:x1].ravel(), big[y1:y1 + r, x0:x1].ravel()])
                letters = np.isin(marks[y0:y1, x0:x1], [c[0] for c in row])
                if banner.size == 0 or not letters.any():
                    continue
                contrast = float(np.median(banner)) - float(big[y0:y1, x0:x1][letters].mean())
                if (contrast if op == cv2.MORPH_BLACKHAT else -contrast) < 10:
                    continue
            if _weight(row) > _weight(best) and (first is None or (
                    row[0][1] < first[1] and max(c[1] + c[3] for c in row) > first[0]
                    and abs(max(c[2] + c[4] for c in row) - first[2]) <= 0.35 * READ_CAP
                    and (not onward or (abs(row[0][1] - first[0]) <= READ_CAP // 2
                                        and max(c[1] + c[3] for c in row) > first[1] + READ_CAP)))):
                best, dark_print, labels, stats = row, op == cv2.MORPH_BLACKHAT, marks, found_stats
        if _weight(best)[0]:
            heights = [c[4] for c in best if c[4] >= 0.45 * READ_CAP]
            widths = [c[3] for c in best if c[4] >= 0.45 * READ_CAP]
            # Letters this much lower than a capital are the darkest cores of faint print (blur): a lower threshold
            # may find the whole title ("ON THE WALL" of CATAPULT ON THE WALL), as it may for a row of few letters,
            # and for one of letters broken into their upright stems (thin print: the row ends at the first gap
            # between stems, "WESTWATCH-B" of WESTWATCH-BY-THE-BRIDGE). A row of whole letters is looked at once
            # more too, a step lower, only to run on past its end: glare across the card fades a title's last
            # letters ("LANNISP" of LANNISPORT TREASURY).
            if first is not None:
                break
            onward = bool(len(heights) >= FEW_LETTERS and np.median(heights) >= FAINT_CORES * READ_CAP
                          and np.median(widths) >= STEMS * READ_CAP)
            first = (min(c[1] for c in best), max(c[1] + c[3] for c in best), max(c[2] + c[4] for c in best))
    if not _weight(best)[0]:
        return None
    best.sort(key=lambda c: c[1])
    tall = [c for c in best if c[4] >= 0.45 * READ_CAP]
    if level_it and len(tall) >= 6:
        # The median slope between pairs of letters far enough apart: a letter dipping below the line (a Q, a J) or
        # a short line's few letters do not tip it.
        xs = np.array([c[1] + c[3] / 2 for c in tall])
        ys = np.array([c[2] + c[4] for c in tall], np.float64)
        dx, dy = xs[None, :] - xs[:, None], ys[None, :] - ys[:, None]
        far = dx > 3 * READ_CAP
        slope = float(np.median(dy[far] / dx[far])) if far.sum() >= 6 else 0.0
        if abs(slope) > ASLANT:
            centre = ((best[0][1] + best[-1][1] + best[-1][3]) / 2, float(np.mean([c[2] + c[4] for c in tall])))
            turn = cv2.getRotationMatrix2D(centre, float(np.degrees(np.arctan(slope))), 1.0)
            return _isolate(cv2.warpAffine(big, turn, big.shape[::-1], flags=cv2.INTER_LINEAR,
                                           borderMode=cv2.BORDER_REPLICATE), False, light)
    kept = _without_rosette(best)
    # After a rosette, the line starts just past it.
    rosette_end = best[0][1] + best[0][3] + 2 if len(kept) < len(best) else 0
    best = kept
    # The line's box with room round it, dark print on white: the grey divided by the light round the strokes
    # (glare and shading even out; Tesseract binarises thin strokes better than one threshold does).
    h, w = big.shape
    x0 = max(0, best[0][1] - 2 * READ_CAP // 3, rosette_end)
    x1 = min(w, max(c[1] + c[3] for c in best) + 2 * READ_CAP // 3)
    y0 = max(0, min(c[2] for c in best) - READ_CAP // 4)
    y1 = min(h, max(c[2] + c[4] for c in best) + READ_CAP // 4)
    cut = big[y0:y1, x0:x1] if dark_print else cv2.bitwise_not(big[y0:y1, x0:x1])
    round_it = cv2.morphologyEx(cut, cv2.MORPH_CLOSE, kernel).astype(np.float32) + 1
    line = np.clip(cut.astype(np.float32) * 255 / round_it, 0, 255).astype(np.uint8)
    # Marks in the box that are no part of the row's letters are wiped: standing apart before the first letter (a
    # rosette), off the row's band or taller than a letter (a banner's notch, art at its edge). Pieces of letters
    # broken by thin strokes stay (a capital T's arm cut off by blur just before the rest of it).
    marks = labels[y0:y1, x0:x1]
    top, bottom = min(c[2] for c in kept), max(c[2] + c[4] for c in kept)
    wipe = np.zeros(int(labels.max()) + 1, bool)
    for i in set(np.unique(marks).tolist()) - {0} - {c[0] for c in kept}:
        x, y, bw, bh, _area = (int(v) for v in stats[i])
        wipe[i] = x + bw < kept[0][1] - READ_CAP // 4 or not top <= y + bh / 2 <= bottom or bh > 1.6 * READ_CAP
    stray = cv2.dilate(wipe[marks].astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    line[stray] = 255
    # Before the first mark kept, after a rosette, the box holds no ink but the grey halo of the rosette's blurred
    # rim: Tesseract reads it as a quote mark and gives the whole word no confidence.
    left = [int(stats[i][0]) for i in set(np.unique(marks).tolist()) - {0} if not wipe[i]]
    if rosette_end and left:
        line[:, :max(0, min(left) - x0 - READ_CAP // 4)] = 255
    pad = READ_CAP // 2
    out: np.ndarray = cv2.copyMakeBorder(line, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=255)
    return out


def _percentile(image: np.ndarray, q: float) -> float:
    """``np.percentile(image, q)`` of a grey image (uint8), the same number, from its histogram: sorting its pixels
    cost more than the rest of looking at a title region."""
    n = image.size
    cum = cv2.calcHist([image], [0], None, [256], [0, 256]).ravel().cumsum()
    pos = (n - 1) * (q / 100)
    lo = int(np.floor(pos))
    t = pos - lo
    a = float(np.searchsorted(cum, lo, side="right"))
    b = float(np.searchsorted(cum, min(lo + 1, n - 1), side="right"))
    return b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t  # numpy's linear interpolation, step for step


def _without_rosette(row: list[tuple[int, int, int, int, int]]) -> list[tuple[int, int, int, int, int]]:
    """The row without a unique card's rosette: a small, squarish mark standing apart before the first letter
    (read with the letters it glues itself to, it turns "Tyrion" into "§1yrion")."""
    if len(row) < 4:
        return row
    first, second = row[0], row[1]
    gap = second[1] - (first[1] + first[3])
    # A title starts with a capital: a first mark smaller than the capital after it is no letter of the title.
    if gap >= 0.15 * second[4] and first[4] <= 0.92 * second[4] and 0.7 <= first[3] / max(1, first[4]) <= 1.4:
        return row[1:]
    return row


def read_lines(lines: Sequence[np.ndarray]) -> list[tuple[str, float]]:
    """Each isolated line's text and mean word confidence. With the kept-loaded engine each line is read on its
    own (a read costs no start-up); with the program, all lines are stacked into one image for one run."""
    if not lines:
        return []
    found = tess.engine()
    if found is not None:
        out = []
        for line in lines:
            said = sorted((x, t, c) for _cy, x, t, c in found.words(line, 7, False))
            if _letters(" ".join(t for _, t, _ in said)) < 3:
                # Tesseract's one-line mode sometimes finds no line at all in a clean but faint or grainy one (grey
                # print on a noisy banner); its one-word mode still reads the words.
                said = sorted((x, t, c) for _cy, x, t, c in found.words(line, 8, False))
            text, conf = _said(said)
            if 3 <= _letters(text) < SHORT_READ and conf < SHORT_READ_DOUBT:
                # A short title's few capitals and small capitals, clean, can still puzzle Tesseract at this size
                # ("MORD": "Morb" at 14); enlarged twice they read with the confidence a short read needs.
                again = _said(sorted((x, t, c) for _cy, x, t, c in found.words(
                    cv2.resize(line, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC), 7, False)))
                if _letters(again[0]) >= 3 and again[1] > conf:
                    text, conf = again
            out.append((text, conf))
        return out
    width = max(p.shape[1] for p in lines) + 40
    gap = 40
    rows, spans, y = [], [], gap
    for p in lines:
        row = np.full((p.shape[0] + gap, width), 255, np.uint8)
        row[:p.shape[0], 20:20 + p.shape[1]] = p
        rows.append(row)
        spans.append((y, y + p.shape[0]))
        y += p.shape[0] + gap
    stacked = np.vstack([np.full((gap, width), 255, np.uint8), *rows])
    words = tesseract_lines(stacked, 4, False)  # a column of lines: 6 (one block) drops lines unlike the rest
    read: list[tuple[str, float]] = []
    for top, bottom in spans:
        mine = sorted((x, t, c) for cy, x, t, c in words if top <= cy < bottom)  # a title is one line
        confs = [c for *_, c in mine if c >= 0]
        read.append((" ".join(t for _, t, _ in mine), sum(confs) / len(confs) if confs else 0.0))
    return read


def _said(words: Sequence[tuple[float, str, float]]) -> tuple[str, float]:
    """One line's words (left x, text, confidence), left to right: its text and mean word confidence."""
    confs = [c for *_, c in words if c >= 0]
    return " ".join(t for _, t, _ in words), sum(confs) / len(confs) if confs else 0.0


def _letters(text: str) -> int:
    return sum(ch.isalpha() for ch in text)


def _corners(q: np.ndarray) -> tuple[tuple[int, int], ...]:
    return tuple((round(float(x)), round(float(y))) for x, y in q)


def _held_close(shape: tuple[int, ...]) -> np.ndarray | None:
    """The photo itself as one card, when no outline is in sight and its shape could be a card filling it (held
    so close that its edges are out of the photo)."""
    h, w = shape[:2]
    ratio = min(h, w) / max(h, w)
    if not 0.55 <= ratio <= 0.9:
        return None
    return np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)


def read_titles(image: np.ndarray, skip: Iterable[tuple[float, float]] = ()) -> list[Read]:
    """The title reads of every card in the photo (cards holding a point of ``skip``, a label already read, are
    left out): each card found and straightened, turned the right way up, then each card type's title region
    read where it holds a line of title-sized print. Several reads per card (one per region that held a line;
    ``card`` says whose); the server keeps the read that matches best. Nothing outside a title region is read:
    rules text is never an answer. ``image``: grey or colour (BGR)."""
    points = [np.array(p, np.float32) for p in skip]
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    quads = [q for q in find_cards(image) if not any(_inside(p, q) for p in points)]
    if not quads and not points and (whole := _held_close(gray.shape)) is not None:
        quads = [whole]
    cards, in_doubt = [], []
    for q in quads:
        card = straighten(gray, q)
        below, above = _print_halves(card)
        cards.append(card if below >= above else cv2.rotate(card, cv2.ROTATE_180))
        in_doubt.append(min(below, above) >= UPRIGHT_DOUBT * max(below, above, 1))
    out = _read_cards(cards, quads, range(len(quads)))
    # A card whose regions gave nothing that reads like a title read with confidence may lie the other way up (art
    # dark and plain or grainy, or rules text sparse, misleading ``upright``; a title's capitals upside down read as
    # capitals, with little confidence), and so may a card ``upright`` decided by a narrow count: its regions are
    # read again turned half round (the reads that match best win).
    doubtful = [n for n in range(len(quads)) if in_doubt[n] or not any(
        r.card == n and _title_like(r) and r.confidence >= SURE_TITLE for r in out)]
    squat = [n for n in range(len(quads)) if _squat(quads[n])]
    if doubtful or squat:
        turned = [cv2.rotate(cards[n], cv2.ROTATE_180) for n in doubtful]
        upright_reads = len(out)
        out += _read_cards(turned, [quads[n] for n in doubtful], doubtful)
        # A title-like read of the card turned against the upright guess, with little confidence (a title upside
        # down: "MYTONO]"), says little: the card may be a block of a card found alone. So does one of an outline
        # too squat for a card (an attachment's lower block: its title bar lies along a side, where a location's
        # strip is read, and reads backwards as capitals), and even a clean read of it: a character's lower block
        # has its banner there, its title read cut short ("HAVEPATE" of The Shavepate) as no location's.
        doubtful = sorted({n for n in doubtful if not any(r.card == n and _title_like(r) and (
            r.confidence >= SURE_TITLE or k < upright_reads) for k, r in enumerate(out))} | set(squat))
        out += _read_blocks(gray, quads, doubtful)
        # A location's text box found alone may read its rules text's bold first word as a weak title ("DST Se"):
        # every card with no title read with confidence may be one.
        out += _read_location_boxes(gray, quads, [n for n in range(len(quads)) if not any(
            r.card == n and _title_like(r) and r.confidence >= SURE_TITLE for r in out)])
        doubtful = [n for n in doubtful if not any(r.card == n and _title_like(r) for r in out)]
        out = _read_halves(gray, quads, doubtful, out)
    # A card found far smaller than the largest is a piece of one (a text box, card-shaped too): what its regions hold
    # is rules text or a trait ("King's Landing"), never a title, unless it reads like one.
    largest = max((cv2.contourArea(q.astype(np.float32)) for q in quads), default=0.0)
    out = [r for r in out if _title_like(r) or cv2.contourArea(np.array(r.corners, np.float32)) >= PIECE_AREA * largest]
    return _two_titles_apart(out, len(quads))


#: See read_titles: a card found smaller than this share of the largest found in the photo is a piece of a card (cards
#: are of one size; a tilted camera shows one about two thirds the size of another at most).
PIECE_AREA = 0.5


#: See _two_titles_apart: two reads this unlike are two titles.
UNLIKE = 0.6


def _two_titles_apart(reads: list[Read], cards: int) -> list[Read]:
    """The reads with a found card that holds two different titles, each read clean (title-like, SURE_TITLE, a title's
    length) where its own card type prints it, split into two cards: two cards overlapping in dark sleeves on a dark
    table make one outline of a card's shape round both, and each card's title lies where its type prints it. The
    second title's read takes a new card number (one answer per physical card; one card never prints two titles),
    unless a card found on its own overlapping the outline reads that title too: either title's read is then dropped."""
    later = max(cards, max((r.card + 1 for r in reads), default=0))
    out = list(reads)
    for n in sorted({r.card for r in reads}):
        sure = sorted((r for r in out if r.card == n and _title_like(r) and r.confidence >= SURE_TITLE
                       and _letters(r.text) >= SHORT_READ), key=lambda r: -r.confidence)
        if len(sure) < 2:
            continue
        first = sure[0]
        other = next((r for r in sure[1:] if r.region != first.region and _alike(r, first) < UNLIKE
                      and not _part_of(r, first)), None)
        if other is None:
            continue
        over = [r for r in (first, other) if _read_on_a_card_over(r, out)]
        if over:
            # A title read on a card found on its own, lying over this outline's part (the outline runs round one
            # card and a part of another), is that card's: its read there answers it; here it is no second card.
            # Either title may be it: the one read with more confidence as well (its banner lies in another type's
            # region here, where it would name that card a second time).
            out = [r for r in out if not any(r is o for o in over)]
        else:
            out = [replace(r, card=later) if r is other else r for r in out]
            later += 1
    return out


#: See _read_on_a_card_over: two reads this alike are one title.
SAME_TITLE = 0.8


def _read_on_a_card_over(read: Read, reads: Sequence[Read]) -> bool:
    """Whether another found card, overlapping the card ``read`` is of, holds a clean read of the same title."""
    if len(read.corners) != 4:
        return False
    mine = np.array(read.corners, np.float32)
    return any(r.card != read.card and len(r.corners) == 4 and _title_like(r) and r.confidence >= SURE_TITLE
               and _alike(r, read) >= SAME_TITLE
               and cv2.intersectConvexConvex(mine, np.array(r.corners, np.float32))[0] > 0 for r in reads)


def _part_of(a: Read, b: Read) -> bool:
    """Whether either read's text, cleaned, is a part of the other's: "ONNEL" read along a block's edge is a piece of
    SWEET DONNEL HILL read in its banner, not a second title."""
    x, y = clean(a.text).strip(), clean(b.text).strip()
    return bool(x and y) and (x in y or y in x)


def _alike(a: Read, b: Read) -> float:
    """How alike two reads' texts are, cleaned (0 to 1)."""
    return difflib.SequenceMatcher(None, clean(a.text), clean(b.text)).ratio()


#: See _squat: a card's short side is 0.72 (63:88) of its long side; an attachment's lower block's about 0.55, or 0.65
#: when its outline runs on a little under a card lying over it.
SQUAT = 0.66


def _squat(q: np.ndarray) -> bool:
    """Whether the outline's short sides are too short for a card's, however it is seen (a block of a card)."""
    short, long = _sides(q)
    return short < SQUAT * long


#: See _halves: the short side's share of the long side of two cards side by side in one outline (88:126, a gap
#: between them or not).
HALVES = (0.62, 0.76)


def _halves(q: np.ndarray) -> list[np.ndarray]:
    """The two cards side by side, touching or nearly, that the card-shaped ``q`` (upright order) may be the one
    outline of: it is cut across its long sides in the middle. None when its sides are no 88:126."""
    top, left = float(np.linalg.norm(q[1] - q[0])), float(np.linalg.norm(q[3] - q[0]))
    if not HALVES[0] <= min(top, left) / max(top, left, 1e-6) <= HALVES[1]:
        return []
    a, b, c, d = q.reshape(4, 2).astype(np.float32)
    if top > left:
        m, n = (a + b) / 2, (d + c) / 2
        return [np.array([a, m, n, d], np.float32), np.array([m, b, c, n], np.float32)]
    m, n = (a + d) / 2, (b + c) / 2
    return [np.array([a, b, n, m], np.float32), np.array([m, n, c, d], np.float32)]


def _read_halves(gray: np.ndarray, quads: Sequence[np.ndarray], numbers: Sequence[int], out: list[Read]
                 ) -> list[Read]:
    """``out`` with each card of ``numbers`` whose regions read nothing like a title, and that may be the one outline
    of two cards side by side (_halves), read as two cards instead when each reads like a title: its own reads
    are dropped (one answer per physical card), the first half keeps its number and the second takes a new one."""
    later = max(len(quads), max((r.card + 1 for r in out), default=0))
    for n in numbers:
        halves = _halves(quads[n])
        if not halves:
            continue
        cards = []
        for h in halves:
            card = straighten(gray, h)
            cards.append(card if upright(card) else cv2.rotate(card, cv2.ROTATE_180))
        reads = _read_cards(cards, halves, [n, later])
        if all(any(r.card == m and _title_like(r) for r in reads) for m in (n, later)):
            out = [r for r in out if r.card != n] + reads
            later += 1
    return out


def _cards_round(q: np.ndarray) -> list[tuple[np.ndarray, float]]:
    """The cards (corners: top left, top right, bottom right, bottom left) that the card-shaped ``q`` (corners in
    upright order) may be the lower part of, each with the share of the card's height that ``q`` covers, most
    first. An attachment's rules box and title bar, framed apart from its art, are themselves card-shaped, found
    alone when the card's dark border is lost in a dark table (the block's long side is the card's width), and so
    is the part of a card left in sight by another lying over its upper half; a card's art or its rules box lost in
    a dark table leaves a card cut short (its short side the card's width). Each side of ``q`` is the card's bottom
    in turn, the card drawn out across the side facing it to a card's 63:88 sides when that makes it clearly taller
    than ``q``. (Turned half round, ``q`` is the card's upper part.)"""
    out = []
    for k in range(4):
        r = np.roll(q.reshape(4, 2).astype(np.float32), -k, axis=0)  # r[0]-r[1]: the side the card goes on from
        width = float(np.linalg.norm(r[1] - r[0]) + np.linalg.norm(r[2] - r[3])) / 2
        seen = float(np.linalg.norm(r[3] - r[0]) + np.linalg.norm(r[2] - r[1])) / 2
        height = ASPECT * width
        if not BLOCK_SHARE[0] <= seen / height <= BLOCK_SHARE[1]:
            continue
        left, right = r[0] - r[3], r[1] - r[2]
        top_left = r[3] + left * height / max(1e-6, float(np.linalg.norm(left)))
        top_right = r[2] + right * height / max(1e-6, float(np.linalg.norm(right)))
        out.append((np.array([top_left, top_right, r[2], r[3]], np.float32), seen / height))
    return sorted(out, key=lambda c: -c[1])


#: See _cards_round: the share of a card's height a part found alone may cover.
BLOCK_SHARE = (0.3, 0.92)
#: See _read_blocks.
BLOCK_ALONE = 0.7
#: See _read_blocks: an attachment's lower block is about half a card; a found "card" under a quarter of the largest
#: is a piece of art or frame.
PIECE = 0.25
#: See _read_location_boxes: a location's text box is about a quarter of the card, less when its inner frame is found.
LOCATION_PIECE = 0.15


def _read_blocks(gray: np.ndarray, quads: Sequence[np.ndarray], numbers: Sequence[int]) -> list[Read]:
    """For each card of ``numbers`` whose title regions read nothing like a title, the title regions of the cards it
    may be a part of (_cards_round), read as card ``n`` again. A block of about half a card (BLOCK_ALONE or less)
    may be the card's lower or upper part: both are read, only the regions inside it. A card cut short by a little
    is turned the right way up (``upright``); alone, its title regions are read wherever they lie, but only those
    inside the part found when the card drawn out reaches another card found (a card beside it, or over it, has its
    own read). Only reads like a title are kept: a garbled read of a card drawn out must not stand beside the card's
    own weak but right read as a rival. Found cards far smaller than the largest (PIECE) are left alone."""
    lines: list[np.ndarray] = []
    owners: list[tuple[int, str]] = []
    cap = CAP_SHARE * CARD_H
    largest = max(cv2.contourArea(q.astype(np.float32)) for q in quads) if quads else 0.0
    for n in numbers:
        if cv2.contourArea(quads[n].astype(np.float32)) < PIECE * largest:
            continue  # a piece of a card's art or frame, not a part that holds a title
        for corners, share in _cards_round(quads[n]):
            card = _warp(gray, corners)
            ways = [(card, 1 - share, 1.0), (cv2.rotate(card, cv2.ROTATE_180), 0.0, share)]
            alone = False
            if share > BLOCK_ALONE:
                # Beyond the part found lies table or the card's own part lost in it, unless another card lies there
                # (a card the part itself overlaps at its other end says nothing of what lies beyond it).
                beyond = np.array([corners[0], corners[1], corners[1] + (corners[2] - corners[1]) * (1 - share),
                                   corners[0] + (corners[3] - corners[0]) * (1 - share)], np.float32)
                alone = all(cv2.intersectConvexConvex(beyond, other.astype(np.float32))[0]
                            < 0.02 * cv2.contourArea(corners) for m, other in enumerate(quads) if m != n)
                ways = ways[:1] if upright(card) else ways[1:]
            for turned, top, bottom in ways:
                for kind, region in title_regions(turned).items():
                    y0, y1 = TITLE_REGIONS[kind][1], TITLE_REGIONS[kind][3]
                    if alone or top - 0.04 <= y0 < y1 <= bottom + 0.04:
                        line = isolate_line(region, cap, kind in LIGHT_PRINT)
                        if line is not None:
                            lines.append(line)
                            owners.append((n, kind))
    reads = (Read(text, conf, _corners(quads[n]), kind, n) for (text, conf), (n, kind) in zip(read_lines(lines), owners,
                                                                                              strict=True))
    return [r for r in reads if _title_like(r)]


def _read_location_boxes(gray: np.ndarray, quads: Sequence[np.ndarray], numbers: Sequence[int]) -> list[Read]:
    """For each card of ``numbers``, the title strips of the locations it may be the text box of (_location_round),
    read as card ``n``; only reads like a title are kept. A location's text box, framed apart from its art and its
    strip, is card-shaped lying on its side: found alone (the card's dark border lost in the table, or the card's upper
    part under another), it reads nothing like a title with confidence (its rules text's bold first word may read as a
    weak one). Found cards far smaller than the largest (LOCATION_PIECE) are left alone."""
    lines: list[np.ndarray] = []
    owners: list[int] = []
    largest = max(cv2.contourArea(q.astype(np.float32)) for q in quads) if quads else 0.0
    for n in numbers:
        if cv2.contourArea(quads[n].astype(np.float32)) < LOCATION_PIECE * largest:
            continue
        for corners in _location_round(quads[n]):
            line = isolate_line(title_regions(_warp(gray, corners))["location"], CAP_SHARE * CARD_H, False)
            if line is not None:
                lines.append(line)
                owners.append(n)
    reads = (Read(text, conf, _corners(quads[n]), "location", n) for (text, conf), n in zip(read_lines(lines), owners,
                                                                                            strict=True))
    return [r for r in reads if _title_like(r)]


#: Where a location prints its text box on the card (left, top, right, bottom as fractions of the card): right of its
#: title strip, below its art (docs/card-layouts.md).
LOCATION_BOX = (0.17, 0.58, 0.96, 0.95)


def _location_round(q: np.ndarray) -> list[np.ndarray]:
    """The location cards (corners: top left, top right, bottom right, bottom left) that the card-shaped ``q`` (corners
    in upright order) may be the text box of (LOCATION_BOX): the box's long sides run across the card, either of them
    its bottom. The card is drawn out through the box's perspective (a tilted camera)."""
    x0, y0, x1, y1 = LOCATION_BOX
    box = np.array([[x0 * CARD_W, y0 * CARD_H], [x1 * CARD_W, y0 * CARD_H], [x1 * CARD_W, y1 * CARD_H],
                    [x0 * CARD_W, y1 * CARD_H]], np.float32)
    card = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)[None]
    r = q.reshape(4, 2).astype(np.float32)
    out = []
    for k in range(4):
        seen = np.roll(r, -k, axis=0)  # seen[0]-seen[1]: the box's top, seen[2]-seen[3] its bottom
        if np.linalg.norm(seen[1] - seen[0]) + np.linalg.norm(seen[2] - seen[3]) < np.linalg.norm(
                seen[3] - seen[0]) + np.linalg.norm(seen[2] - seen[1]):
            continue  # the box's short sides run down the card
        out.append(cv2.perspectiveTransform(card, cv2.getPerspectiveTransform(box, seen))[0])
    return out


#: See _title_like.
SHORT_TITLE_CONFIDENCE = 60.0
#: See read_titles: a title read right way up reads with this confidence or more (one upside down, less).
SURE_TITLE = 70.0


def _title_like(read: Read) -> bool:
    """A read that looks like a title: a few letters, every word starting with a capital and many capitals (titles
    print in capitals and small capitals, which Tesseract reads as either; rules text and flavour in lower case),
    read with some confidence; fewer than SHORT_READ letters, read with more (a few capitals of art or of print
    upside down read as "FHL" say little)."""
    letters = [ch for ch in read.text if ch.isalpha()]
    words = [w for w in re.findall(r"[^\W\d_]{2,}", read.text)]
    return (len(letters) >= 3 and read.confidence >= 30 and all(w[0].isupper() for w in words)
            and sum(ch.isupper() for ch in letters) >= 0.4 * len(letters)
            and (len(letters) >= SHORT_READ or read.confidence >= SHORT_TITLE_CONFIDENCE))


def _read_cards(cards: Sequence[np.ndarray], quads: Sequence[np.ndarray], numbers: Iterable[int]) -> list[Read]:
    """The reads of each straightened card's title regions (``numbers``: the cards' numbers in the photo)."""
    lines: list[np.ndarray] = []
    owners: list[tuple[int, str, np.ndarray]] = []
    cap = CAP_SHARE * CARD_H
    for card, q, n in zip(cards, quads, numbers, strict=True):
        for kind, region in title_regions(card).items():
            line = isolate_line(region, cap, kind in LIGHT_PRINT)
            if line is not None:
                lines.append(line)
                owners.append((n, kind, q))
    out = []
    for (text, conf), (n, kind, q) in zip(read_lines(lines), owners, strict=True):
        if _letters(text) >= 3:
            out.append(Read(text, conf, _corners(q), kind, n))
    return out


def whole_image_lines(gray: np.ndarray) -> list[tuple[str, float]]:
    """Plain tesseract on the whole image (sparse text): every line, top first. The benchmark's baseline."""
    f = min(1.0, 2000 / max(gray.shape))
    image = cv2.resize(gray, None, fx=f, fy=f, interpolation=cv2.INTER_AREA) if f < 1 else gray
    lines: dict[int, list[tuple[float, str, float]]] = {}
    for cy, x, t, c in tesseract_lines(image, 11):
        lines.setdefault(round(cy / 12), []).append((x, t, c))
    out = []
    for _key, words in sorted(lines.items()):
        words.sort()
        confs = [c for *_, c in words if c >= 0]
        out.append((" ".join(t for _, t, _ in words), sum(confs) / len(confs) if confs else 0.0))
    return out


# -- matching a read to titles -----------------------------------------------------------------------------

_NOISE = re.compile(r"[^a-z ]+")


def clean(text: str) -> str:
    """The read as the matcher compares it: folded like the catalogue's names, digits and marks dropped."""
    return " ".join(_NOISE.sub(" ", fold(text)).split())


@dataclass(frozen=True, slots=True)
class Guess:
    name: str  # the title as printed
    score: float
    in_deck: bool


def _trimmed(read: str) -> list[str]:
    """The read, and the read without stray one- or two-letter bits at its ends (a banner's edge, a cost)."""
    words = read.split()
    out = [read]
    for a in range(3):
        for b in range(3):
            if a + b < len(words) and all(len(x) <= 2 for x in words[:a] + words[len(words) - b:]):
                out.append(" ".join(words[a:len(words) - b]))
    return out


def _joined(text: str) -> str:
    """A one-letter word joined to the next: a title's wide capital before its small capitals ("T YRION") reads as a
    word of its own. Titles are compared in this form too, so "A Noble Cause" stays itself."""
    return re.sub(r"(?:(?<= )|^)([a-z]) (?=[a-z])", r"\1", text)


_ALPHABET = "abcdefghijklmnopqrstuvwxyz "


def _letter_counts(text: str) -> np.ndarray:
    return np.array([text.count(ch) for ch in _ALPHABET], np.int32)


@functools.lru_cache(maxsize=32)
def _titles(names: tuple[str, ...]) -> tuple[list[str], list[str], np.ndarray, np.ndarray]:
    """Each title once with its cleaned form, their letter counts and lengths (a deck's or the catalogue's)."""
    kept, keys = [], []
    for name in dict.fromkeys(names):
        key = _joined(clean(name))
        if key:
            kept.append(name)
            keys.append(key)
    counts = np.array([_letter_counts(k) for k in keys], np.int32).reshape(len(keys), len(_ALPHABET))
    return kept, keys, counts, np.array([len(k) for k in keys], np.float64)


#: Titles up to this many letters long get the bit-parallel bound of _common (one 64-bit number per title).
_BITS = 63


@functools.lru_cache(maxsize=32)
def _positions(names: tuple[str, ...]) -> np.ndarray:
    """For each title of ``_titles(names)`` and each letter of _ALPHABET, the letter's positions in the title's cleaned
    form as the bits of one number (titles longer than _BITS: none)."""
    keys = _titles(names)[1]
    out = np.zeros((len(keys), len(_ALPHABET)), np.uint64)
    for i, key in enumerate(keys):
        if len(key) <= _BITS:
            for j, ch in enumerate(key):
                out[i, _ALPHABET.index(ch)] |= np.uint64(1 << j)
    return out


def _common(text: str, bits: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The length of the longest common subsequence of ``text`` and each title (``bits``: its rows of _positions,
    ``lengths``: the titles' lengths, none over _BITS): Hyyro's bit-parallel form of the usual table, all titles at
    once."""
    full = (np.uint64(1) << lengths.astype(np.uint64)) - np.uint64(1)
    v = full.copy()
    for ch in text:
        k = _ALPHABET.find(ch)
        if k < 0:
            continue
        u = v & bits[:, k]
        v = ((v + u) | (v - u)) & full
    return np.asarray(lengths - np.bitwise_count(v), np.float64)


def rank(read: str, names: Iterable[str], limit: int = 3, floor: float = 0.0) -> list[tuple[str, float]]:
    """Titles by similarity to the read, best first (each title once), none below ``floor``.

    The catalogue's forgiving comparison (difflib's ratio, as in companion.catalog.store), best over the
    read's trimmed forms: never a part of the read alone, so a short title inside a long read scores low.
    difflib's cheap upper bounds skip the titles that cannot reach the floor or the best ``limit`` so far:
    the same answer as comparing every title, in a fraction of the time."""
    text = clean(read)
    if not text:
        return []
    variants = [_joined(v) for v in _trimmed(text)]
    text = _joined(text)
    kept, keys, counts, lengths = _titles(tuple(names))
    if not kept:
        return []
    shortest = min(len(v) for v in variants)
    # No form of the read shares more letters with a title than the whole read does: an upper bound of
    # every form's ratio, for all titles at once.
    shared = np.minimum(counts, _letter_counts(text)).sum(axis=1)
    upper = 2 * shared / (shortest + lengths)
    near = 2 * np.minimum(len(text), lengths) / (len(text) + lengths) >= 0.3
    candidates = np.flatnonzero(near & (upper >= floor))
    # The letters difflib matches lie in the same order in both, so no more of them than the longest common
    # subsequence: a bound of each form's ratio far tighter than the letters' counts (most titles stop at it).
    short = candidates[lengths[candidates] <= _BITS]
    bits, size = _positions(tuple(names))[short], lengths[short]
    bound = np.zeros((len(variants), len(kept)))
    bound[:, candidates] = 1.0
    for n, v in enumerate(variants):
        bound[n, short] = 2 * _common(v, bits, size) / (len(v) + size)
    upper = np.minimum(upper, bound.max(axis=0))
    order = [i for i in candidates[np.argsort(-upper[candidates], kind="stable")] if upper[i] >= floor]
    scored: dict[str, float] = {}
    best: list[float] = []  # the best ``limit`` scores so far, highest first
    for i in order:
        bar = max(floor, best[-1] if len(best) >= limit else 0.0)
        if upper[i] < bar:
            break  # every title after this one is bounded lower still
        name = kept[i]
        matcher = difflib.SequenceMatcher(None, text, keys[i], autojunk=False)
        score = -1.0
        for n, v in enumerate(variants):
            if bound[n, i] < bar:
                continue
            matcher.set_seq1(v)
            if matcher.real_quick_ratio() >= bar and matcher.quick_ratio() >= bar:
                score = max(score, matcher.ratio())
        if score < bar:
            continue
        scored[name] = score
        best = sorted([*best, score], reverse=True)[:limit]
    return sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]


def match_title(read: str, deck_names: Sequence[str], catalogue_names: Sequence[str], with_deck: bool | None = None
                ) -> tuple[bool, list[Guess]]:
    """(confident, up to three guesses). The deck comes first: a title in the seat's deck that the read
    matches well and clearly better than the deck's next title is confident, unless a title outside the
    deck matches the read better still. Without a deck, only a clear catalogue match is confident. ``with_deck``:
    the asker has a deck (default: ``deck_names`` is not empty); with one, no title outside it is confident."""
    if with_deck is None:
        with_deck = bool(deck_names)
    deck = rank(read, deck_names, 3, WEAK)
    catalogue = rank(read, catalogue_names, 4, WEAK)
    in_deck = set(deck_names)
    guesses: list[Guess] = []
    for name, score in deck:
        if score >= WEAK:
            guesses.append(Guess(name, round(score, 3), True))
    for name, score in catalogue:
        if score >= WEAK and all(g.name != name for g in guesses):
            guesses.append(Guess(name, round(score, 3), name in in_deck))
    guesses.sort(key=lambda g: (-(g.score + (0.05 if g.in_deck else 0.0)), g.name))
    guesses = guesses[:3]
    if not guesses:
        return False, []
    top = guesses[0]
    runner = max((g.score for g in guesses[1:] if g.name != top.name), default=0.0)
    # A clear lead, or a read that is (almost) letter for letter the title: Tyrion and Tywin Lannister are
    # 0.9 alike, and a perfect read of one must not wait for a tap.
    clear = top.score - runner >= GAP or (top.score >= EXACT and top.score - runner >= EXACT_GAP)
    if with_deck:
        # The deck's own titles must be told apart clearly; a title outside the deck only has to be beaten: Tywin
        # (not in this deck) 0.87 like a read of Tyrion (in it) is no reason to wait for a tap, unless he is as
        # like the read as Tyrion is.
        deck_runner = max((g.score for g in guesses[1:] if g.in_deck and g.name != top.name), default=0.0)
        outside = max((score for name, score in catalogue if name not in in_deck), default=0.0)
        # A (near) letter-perfect read may name its title even with a title outside the deck a letter away ("The
        # Warden of the West" read whole, "The Warden of the East" not in the deck).
        clear = (top.score - deck_runner >= GAP or (top.score >= EXACT and top.score - deck_runner >= EXACT_GAP)) and (
            top.score - outside >= OUTSIDE_GAP or (top.score >= EXACT and top.score - outside >= EXACT_GAP))
        confident = top.in_deck and top.score >= CONFIDENT - 0.08 and clear
    else:
        # A read of a few letters ("SAE", "Lay") is as like a short title (Shae, Lady) as a garbled one can be:
        # without a deck to narrow it, only a (near) letter-perfect read of at least SHORT_READ letters is sure.
        # Bits of one or two letters (a banner's edge, a cost, noise; the matcher may drop them) count for nothing.
        letters = sum(len(w) for w in _joined(clean(read)).split() if len(w) >= 3)
        confident = top.score >= CONFIDENT and clear and (letters >= SHORT_READ or top.score >= EXACT)
    return confident, guesses


#: A cut-off title (its end out of the photo, under another card or past a sleeve's glare): a read of at least
#: PREFIX_LETTERS letters that is, this alike, the start of one title of the seat's deck.
PREFIX_LETTERS = 8
PREFIX = 0.86
PREFIX_GAP = 0.2
PREFIX_OUTSIDE_GAP = 0.1


def _prefix_score(text: str, key: str) -> float:
    """How alike the read is to the title's start (of about the read's length)."""
    matcher = difflib.SequenceMatcher(None, text, "", autojunk=False)
    best = 0.0
    for n in range(max(1, len(text) - 2), min(len(key), len(text) + 2) + 1):
        matcher.set_seq2(key[:n])
        best = max(best, matcher.ratio())
    return best


def cut_off(read: str, deck_names: Sequence[str], catalogue_names: Sequence[str]) -> Guess | None:
    """The deck's title whose start the read is, when the read is clearly shorter than that title (its end cut off)
    and no other title (in the deck or out of it, whole or cut) is nearly as like it; None otherwise. Strict: the
    read must be long (PREFIX_LETTERS letters), very like the start (PREFIX) and far ahead of every other title's
    start or whole (PREFIX_GAP; a title outside the deck, PREFIX_OUTSIDE_GAP)."""
    text = _joined(clean(read))
    if _letters(text) < PREFIX_LETTERS:
        return None
    kept, keys, _counts, _lengths = _titles(tuple(deck_names))
    scored = []
    for name, key in zip(kept, keys, strict=True):
        whole = difflib.SequenceMatcher(None, text, key, autojunk=False).ratio()
        start = _prefix_score(text, key) if len(key) >= len(text) + 3 else 0.0
        scored.append((start, whole, name))
    scored.sort(reverse=True)
    if not scored or scored[0][0] < PREFIX:
        return None
    best, _whole, name = scored[0]
    rivals = [max(a, b) for a, b, other in scored[1:]]
    if rivals and best - max(rivals) < PREFIX_GAP:
        return None
    # A title outside the deck that the read could be (whole or cut) must stay behind too.
    in_deck = set(deck_names)
    outside = [n for n in dict.fromkeys(catalogue_names) if n not in in_deck]
    bar = best - PREFIX_OUTSIDE_GAP
    if rank(read, outside, 1, bar):
        return None
    matcher = difflib.SequenceMatcher(None, text, "", autojunk=False)
    n = len(text)
    for key in _titles(tuple(outside))[1]:
        matcher.set_seq2(key[:n + 2])
        # A bound first (no start of the title shares more letters with the read than its longest one compared;
        # the shortest has the smallest sum of lengths): most titles share too few letters.
        if matcher.quick_ratio() * (2 * n + 2) / (2 * n - 2) >= bar and _prefix_score(text, key) >= bar:
            return None
    return Guess(name, round(best, 3), True)


def match_card(reads: Sequence[Read], deck: Mapping[str, Sequence[str]], catalogue: Mapping[str, Sequence[str]]
               ) -> tuple[bool, list[Guess], Read | None]:
    """(confident, up to three guesses, the read they come from) for one card's reads, one per title region.

    A region's read is matched only against the titles of the type that prints its title there (``deck`` and
    ``catalogue``: titles by card type; a read of no known region against all of them): a character's name read
    in an event's place is no answer, unless nothing is confident and it spells one deck title letter for letter
    (_letter_for_letter_elsewhere). The region whose read matches best wins; two regions that confidently name
    different titles, neither clearly ahead, are not confident."""
    results: list[tuple[bool, list[Guess], Read]] = []
    for read in reads:
        kinds = [read.region] if read.region in catalogue else list(catalogue)
        deck_names = sorted({n for k in kinds for n in deck.get(k, ())})
        names = sorted({n for k in kinds for n in catalogue.get(k, ())})
        confident, guesses = match_title(read.text, deck_names, names, bool(deck))
        if not confident and deck and read.region in catalogue:
            cut = cut_off(read.text, deck_names, names)
            if cut is not None:
                confident = True
                guesses = [cut, *(g for g in guesses if g.name != cut.name)][:3]
        if confident and read.region in catalogue and not _clear_of_other_types(read, guesses[0], deck or catalogue):
            confident = False
        if confident and read.region in catalogue and _start_of_another(read.text, guesses[0], deck_names or names):
            confident = False
        # A few letters Tesseract itself doubts ("heer", "ice" at confidence 0-10: grain of art, a frame's edge) are as
        # like a short title (Hero, Ice) as noise can be, deck or not.
        if confident and _letters(read.text) < SHORT_READ and read.confidence < SHORT_READ_DOUBT:
            confident = False
        if guesses:
            results.append((confident, guesses, read))
    if deck and not any(r[0] for r in results) and (elsewhere := _letter_for_letter_elsewhere(reads, deck, catalogue)):
        return True, [elsewhere[0]], elsewhere[1]
    if not results:
        return False, [], None
    results.sort(key=lambda r: (not r[0], -r[1][0].score))
    confident, guesses, read = results[0]
    rivals = [r for r in results[1:] if r[0] and r[1][0].name != guesses[0].name]
    if confident and rivals and guesses[0].score - rivals[0][1][0].score < GAP:
        confident = False
        guesses = sorted({g.name: g for g in [*guesses, *rivals[0][1]]}.values(), key=lambda g: -g.score)[:3]
    return confident, guesses, read


def _start_of_another(read: str, top: Guess, titles: Sequence[str]) -> bool:
    """Whether the read, longer than ``top``, is as like the start of another, longer title (of the deck, or without
    one of the catalogue) as it is like ``top`` whole: "WINTERFELL AR" (the rest of the strip cut off) is Winterfell
    with a stray "AR" trimmed, and the start of Winterfell Archery Range letter for letter. (A read of Winterfell
    itself, or one a letter short, is not longer.)"""
    text = _joined(clean(read))
    if len(text) <= len(_joined(clean(top.name))) + 1:
        return False
    return any(_prefix_score(text, key) >= top.score for name, key in zip(*_titles(tuple(titles))[:2], strict=True)
               if name != top.name and len(key) >= len(text) + 3)


def _letter_for_letter_elsewhere(reads: Sequence[Read], deck: Mapping[str, Sequence[str]],
                                 catalogue: Mapping[str, Sequence[str]]) -> tuple[Guess, Read] | None:
    """The one title of the seat's deck that a read shaped like a title, read with confidence, spells letter for
    letter in a title region where another card type prints its title; None when no read or several titles do. A
    part of a card found as a card of its own (an event's upper half knelt, two cards in one outline) puts its title
    where another type prints it, whole and clean; a title no other card type of the catalogue bears (not Ghost, a
    character and an attachment) then names the card."""
    found: dict[str, Read] = {}
    for read in reads:
        if read.region not in catalogue or read.confidence < SURE_TITLE or not _title_like(read):
            continue
        said = clean(read.text)
        for kind, names in deck.items():
            for name in names:
                if kind != read.region and clean(name) == said and sum(
                        name in catalogue.get(k, ()) for k in catalogue) <= 1:
                    found.setdefault(name, read)
    if len(found) != 1:
        return None
    ((name, read),) = found.items()
    return Guess(name, 1.0, True), read


def _clear_of_other_types(read: Read, top: Guess, titles: Mapping[str, Sequence[str]]) -> bool:
    """Whether ``top``, matched to ``read`` among its region's type, is also clearly ahead of the titles of the other
    types (of the deck, or without one of the catalogue): a part of a card found as a card of its own puts the card's
    title where another type prints its title ("Tumblestone" of Tumblestone Knight's banner, read along a knelt
    half's edge, is not The Tumblestone with confidence while Tumblestone Knight is as like it)."""
    # The best two of all other types' titles, ``top`` among them or not: the same list for every read of a region
    # (its titles' letters computed once), and the best that is not ``top`` among the two.
    others = sorted({n for kind, names in titles.items() if kind != read.region for n in names})
    rival = max((score for n, score in rank(read.text, others, 2, WEAK) if n != top.name), default=0.0)
    return top.score - rival >= GAP or (top.score >= EXACT and top.score - rival >= EXACT_GAP)


def by_type(cards: Iterable[Any]) -> dict[str, list[str]]:
    """Titles by the card type that prints them (cards with ``name`` and ``type``), each list sorted."""
    out: dict[str, set[str]] = {}
    for c in cards:
        out.setdefault(c.type, set()).add(c.name)
    return {k: sorted(v) for k, v in out.items()}
