"""Cards without labels, read by their title: card-shaped regions, their title bands, Tesseract, a matcher.

Reading happens in a scan worker (companion.scan.sandbox), like barcode decoding: the worker finds the
cards (outlines whose four sides lie on edges), cuts out and straightens each title band, and where no
outline holds a clear title, looks for lines of large print elsewhere; a weak read is read again turned
half round. Tesseract is kept loaded in the worker (libtesseract through ctypes, companion.scan.tess);
without the library each photo starts the ``tesseract`` program once, all bands stacked into one image.
The server then matches each read against the seat's own deck first and the catalogue second
(``match_title``): a title names a card, the seat's deck settles the printing. Without Tesseract the
companion still reads labels and says OCR is unavailable (``ocr_status``).
"""

from __future__ import annotations

import difflib
import functools
import os
import re
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from companion.catalog.card import fold
from companion.scan import tess
from companion.scan.cv import cv2

#: A card is 63 x 88 mm; straightened cards are this wide (and 88/63 of it high).
CARD_W = 480
CARD_H = round(CARD_W * 88 / 63)
#: The title band, as fractions of the straightened card (left, top, right, bottom): the banner across
#: the top, right of the cost.
TITLE_BAND = (0.16, 0.015, 0.97, 0.15)
#: The smallest card the reader looks for, as a share of the photo's area (12 cards in a frame: ~4 %).
MIN_CARD_AREA = 0.012
MAX_CARDS = 16
TESSERACT_TIMEOUT_S = 12.0
#: Matching: a read is confident when its best title scores this much and leads the next title by GAP.
CONFIDENT = 0.78
GAP = 0.12
EXACT = 0.97
WEAK = 0.45


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


# -- finding cards and their title bands ---------------------------------------------------------------


def _order(quad: np.ndarray) -> np.ndarray:
    """Corners as top-left, top-right, bottom-right, bottom-left."""
    pts = quad.reshape(4, 2).astype(np.float32)
    s, d = pts.sum(axis=1), np.diff(pts, axis=1).ravel()
    return np.array([pts[np.argmin(s)], pts[np.argmin(d)], pts[np.argmax(s)], pts[np.argmax(d)]], np.float32)


def _inside(point: np.ndarray, quad: np.ndarray) -> bool:
    return cv2.pointPolygonTest(quad.reshape(-1, 1, 2).astype(np.float32), (float(point[0]), float(point[1])),
                                False) >= 0


def _side_support(edges: np.ndarray, q: np.ndarray) -> float:
    """How much of the quadrilateral's outline lies on edges: the weakest side's share of its points that
    have an edge within a pixel or two. A card's four straight sides are edges from corner to corner; a
    box drawn round a few round blobs touches edges only here and there."""
    h, w = edges.shape
    t = np.linspace(0.1, 0.9, 24)[:, None]
    worst = 1.0
    for a, b in ((q[0], q[1]), (q[1], q[2]), (q[2], q[3]), (q[3], q[0])):
        pts = np.rint(a + (b - a) * t).astype(int)
        ok = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
        if not ok.any():
            return 0.0
        hits = edges[pts[ok, 1], pts[ok, 0]] > 0
        worst = min(worst, float(hits.sum()) / len(t))
    return worst


#: A card's outline must lie on edges along this share of each side (see _side_support).
SIDE_SUPPORT = 0.6


def find_cards(gray: np.ndarray) -> list[np.ndarray]:
    """Card-shaped quadrilaterals (4x2 corners, upright order), largest first, none inside another.

    Each blob of edges, filled: its outline is the card's edge whatever the art inside does; its convex
    hull simplified to four corners (or, failing that, its smallest rotated rectangle) is a candidate.
    The edges are looked at closed (an outline broken by glare) and as they are (a card touching a blob
    on a busy table stays apart from it); a candidate is kept only if its four sides lie on edges."""
    h, w = gray.shape
    scale = min(1.0, 1000 / max(h, w))  # edges on at most 1000 px: enough for a card's outline
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else gray
    raw = cv2.Canny(cv2.GaussianBlur(small, (5, 5), 0), 20, 60)
    support = cv2.dilate(raw, np.ones((5, 5), np.uint8))
    area_min = MIN_CARD_AREA * small.shape[0] * small.shape[1]
    quads: list[tuple[float, np.ndarray]] = []
    for edges in (cv2.morphologyEx(raw, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8)), raw):
        # Outer blobs, and every closed outline (a card touching a bright blob is its own inner contour).
        contours = list(cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0])
        contours += cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)[0]
        for contour in contours:
            hull = cv2.convexHull(contour)
            area = cv2.contourArea(hull)
            if area < area_min or area > 0.9 * small.shape[0] * small.shape[1]:
                continue
            approx = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
            box = approx if len(approx) == 4 else cv2.boxPoints(cv2.minAreaRect(hull))
            q = _order(np.asarray(box))
            if cv2.contourArea(q) < 0.8 * area:  # not a quadrilateral blob (a hand, a dice tray)
                continue
            side_w = (np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
            side_h = (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
            ratio = min(side_w, side_h) / max(side_w, side_h)
            if 0.58 <= ratio <= 0.86 and _side_support(support, q) >= SIDE_SUPPORT:  # 63/88 = 0.72
                quads.append((cv2.contourArea(q), q / scale))
    return _largest_apart(quads, MAX_CARDS)


def _largest_apart(found: list[tuple[float, np.ndarray]], limit: int) -> list[np.ndarray]:
    """The largest of ``found`` (size, quadrilateral) first, leaving out any whose centre lies inside one kept
    (or that holds a kept one's centre): one region per card or line, at most ``limit``."""
    found.sort(key=lambda a: -a[0])
    kept: list[np.ndarray] = []
    for _size, q in found:
        if not any(_inside(q.mean(axis=0), k) or _inside(k.mean(axis=0), q) for k in kept):
            kept.append(q)
    return kept[:limit]


def straighten(gray: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card seen square on, portrait; a card lying sideways (knelt) is turned back upright."""
    q = quad
    if np.linalg.norm(q[1] - q[0]) > np.linalg.norm(q[3] - q[0]):  # landscape: knelt clockwise
        q = np.array([q[3], q[0], q[1], q[2]], np.float32)
    target = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    return cv2.warpPerspective(gray, cv2.getPerspectiveTransform(q.astype(np.float32), target), (CARD_W, CARD_H),
                               flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE)


def title_band(card: np.ndarray) -> np.ndarray:
    h, w = card.shape
    x0, y0, x1, y1 = TITLE_BAND
    return card[round(y0 * h):round(y1 * h), round(x0 * w):round(x1 * w)]


# -- tesseract -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Read:
    text: str
    confidence: float  # tesseract's own mean word confidence, 0-100
    corners: tuple[tuple[int, int], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "ocr_confidence": round(self.confidence, 1),
                "corners": [list(c) for c in self.corners]}


def tesseract_lines(image: np.ndarray, psm: int) -> list[tuple[float, float, str, float]]:
    """Words of one image as (centre y, left x, text, confidence): the kept-loaded library's engine, or,
    without the library, one run of the program (its TSV output)."""
    found = tess.engine()
    if found is not None:
        return found.words(image, psm)
    ok, png = cv2.imencode(".png", image)
    if not ok:
        return []
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}  # one core: a few scans at once must not fight
    try:
        out = subprocess.run(["tesseract", "stdin", "stdout", "-l", "eng", "--psm", str(psm), "tsv"],
                             input=png.tobytes(), capture_output=True, timeout=TESSERACT_TIMEOUT_S, env=env,
                             check=False)
    except (OSError, subprocess.TimeoutExpired):
        return []
    return tess.parse_tsv(out.stdout.decode("utf-8", "replace"))


def _prepare(band: np.ndarray) -> np.ndarray:
    """Capitals about 32 px high (tesseract's comfortable size), black text on white: the band is
    binarised (Otsu) and dark shapes touching its edge (the banner's frame, art, a cost) are cleared."""
    f = 96 / max(1, band.shape[0])
    big = cv2.resize(band, None, fx=f, fy=f, interpolation=cv2.INTER_CUBIC if f > 1 else cv2.INTER_AREA)
    big = cv2.GaussianBlur(big, (3, 3), 0)
    dark = cv2.threshold(big, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)[1]
    h, w = dark.shape
    middle = dark[h // 4:h - h // 4, w // 10:w - w // 10]  # where the letters are, not the card round them
    if cv2.countNonZero(middle) > 0.6 * middle.size:  # light letters on a dark banner
        dark = cv2.bitwise_not(dark)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(dark, connectivity=8)
    keep = np.zeros(n, bool)
    for i in range(1, n):
        x, y, bw, bh, _area = stats[i]
        touches = x <= 1 or y <= 1 or x + bw >= w - 1 or y + bh >= h - 1
        keep[i] = not touches and bh <= 0.9 * h
    return np.where(keep[labels], 0, 255).astype(np.uint8)


def read_bands(bands: Sequence[np.ndarray]) -> list[tuple[str, float]]:
    """Each band's text. With the kept-loaded engine each band is read on its own as one line (a read
    costs no start-up, and a garbled band cannot disturb its neighbours); with the program, all bands
    are stacked into one image for one run."""
    if not bands:
        return []
    prepared = [_prepare(b) for b in bands]
    found = tess.engine()
    if found is not None:
        out = []
        for p in prepared:
            line = sorted((x, t, c) for _cy, x, t, c in found.words(cv2.copyMakeBorder(
                p, 20, 20, 20, 20, cv2.BORDER_CONSTANT, value=255), 7))
            confs = [c for *_, c in line if c >= 0]
            out.append((" ".join(t for _, t, _ in line), sum(confs) / len(confs) if confs else 0.0))
        return out
    width = max(p.shape[1] for p in prepared) + 40
    gap = 40
    rows, spans, y = [], [], gap
    for p in prepared:
        row = np.full((p.shape[0] + gap, width), 255, np.uint8)
        row[:p.shape[0], 20:20 + p.shape[1]] = p
        rows.append(row)
        spans.append((y, y + p.shape[0]))
        y += p.shape[0] + gap
    stacked = np.vstack([np.full((gap, width), 255, np.uint8), *rows])
    words = tesseract_lines(stacked, 6)
    out = []
    for top, bottom in spans:
        mine = sorted((x, t, c) for cy, x, t, c in words if top <= cy < bottom)  # a title is one line
        text = " ".join(t for _, t, _ in mine)
        confs = [c for *_, c in mine if c >= 0]
        out.append((text, sum(confs) / len(confs) if confs else 0.0))
    return out


#: Text lines looked at outside the cards found, per photo: each costs a read.
MAX_LINES = 6
#: A read is weak (worth reading the band turned half round) below this many letters or this confidence.
WEAK_LETTERS = 3
WEAK_CONF = 60.0


def text_lines(gray: np.ndarray, outside: Sequence[np.ndarray] = ()) -> list[np.ndarray]:
    """Lines of large print not on any card found (``outside``), tallest first, as 4x2 corners: the
    fallback for a card whose outline is lost against the table. Dark strokes on a lighter ground,
    joined along the line; a line is much wider than high and taller than a card's rules text beside it."""
    h, w = gray.shape
    scale = min(1.0, 1000 / max(h, w))
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else gray
    lines: list[tuple[float, np.ndarray]] = []
    for size in (9, 17):  # the strokes of small and of large print
        kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
        strokes = cv2.morphologyEx(small, cv2.MORPH_BLACKHAT, kernel)
        mask = cv2.threshold(strokes, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[1]
        if cv2.countNonZero(mask) > 0.25 * mask.size:  # no text-like strokes, only texture
            continue
        # Long straight rules (a banner's frame, a card's edge) are no print: taken out before joining.
        rules = cv2.bitwise_or(cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((1, 6 * size), np.uint8)),
                               cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((6 * size, 1), np.uint8)))
        mask = cv2.bitwise_and(mask, cv2.bitwise_not(cv2.dilate(rules, np.ones((3, 3), np.uint8))))
        # Letters and the gaps between words joined along the line.
        joined = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (2 * size + 5, 3)))
        joined = cv2.morphologyEx(joined, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        for contour in cv2.findContours(joined, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]:
            (cx, cy), (rw, rh), angle = cv2.minAreaRect(contour)
            if rw < rh:
                rw, rh, angle = rh, rw, angle + 90
            if not (5 <= rh <= 0.12 * max(small.shape) and rw >= 3 * rh and rw <= 0.95 * small.shape[1]):
                continue
            if cv2.contourArea(contour) < 0.35 * rw * rh:
                continue
            x, y, bw, bh = cv2.boundingRect(contour)
            ink = cv2.countNonZero(mask[y:y + bh, x:x + bw]) / max(1, bw * bh)
            if not 0.12 <= ink <= 0.7:  # print has strokes and gaps; an edge or a bar is solid
                continue
            centre = np.array([cx, cy], np.float32) / scale
            if any(_inside(centre, q) for q in outside):
                continue
            # The line with room round it (letters must not touch the cut's edge), as a card band.
            box = cv2.boxPoints(((cx, cy), (rw + 1.6 * rh, 2.4 * rh), angle))
            lines.append((rh, _order(box) / scale))
    return _largest_apart(lines, MAX_LINES)


def _cut(gray: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """A text line's quadrilateral seen square on."""
    q = quad.astype(np.float32)
    w = max(8, int(np.linalg.norm(q[1] - q[0])))
    h = max(8, int(np.linalg.norm(q[3] - q[0])))
    target = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    return cv2.warpPerspective(gray, cv2.getPerspectiveTransform(q, target), (w, h), flags=cv2.INTER_CUBIC,
                               borderMode=cv2.BORDER_REPLICATE)


def _letters(text: str) -> int:
    return sum(ch.isalpha() for ch in text)


def _weak(read: tuple[str, float]) -> bool:
    return _letters(read[0]) < WEAK_LETTERS or read[1] < WEAK_CONF


def _read_turning(bands: list[np.ndarray], turned: list[np.ndarray]) -> list[tuple[str, float]]:
    """Each band's read; a weak one is read again from ``turned`` (the band of the card turned half round)."""
    reads = read_bands(bands)
    again = [i for i, r in enumerate(reads) if _weak(r)]
    for i, r in zip(again, read_bands([turned[i] for i in again]), strict=True):
        if (_letters(r[0]) >= WEAK_LETTERS and r[1] > reads[i][1]) or _letters(reads[i][0]) == 0:
            reads[i] = r
    return reads


def _corners(q: np.ndarray) -> tuple[tuple[int, int], ...]:
    return tuple((round(float(x)), round(float(y))) for x, y in q)


def read_titles(gray: np.ndarray, skip: Iterable[tuple[float, float]] = ()) -> list[Read]:
    """The title of every card in the photo (cards holding a point of ``skip``, a label already read,
    are left out). Card outlines first; then lines of large print outside the cards read (a card whose
    outline is lost against a busy table, a card held so close that its edges are out of the photo, or an
    outline that was no card). A weak read is read again turned half round (a card upside down, or knelt
    the other way)."""
    points = [np.array(p, np.float32) for p in skip]
    found = find_cards(gray)
    quads = [q for q in found if not any(_inside(p, q) for p in points)]
    cards = [straighten(gray, q) for q in quads]
    reads = _read_turning([title_band(c) for c in cards], [title_band(cv2.rotate(c, cv2.ROTATE_180)) for c in cards])
    read_well = [q for q, r in zip(quads, reads, strict=True) if not _weak(r)]
    lines = [q for q in text_lines(gray, [*read_well, *(q for q in found if not any(q is k for k in quads))])
             if not any(_inside(p, q) for p in points)]
    cuts = [_cut(gray, q) for q in lines]
    line_reads = _read_turning(cuts, [cv2.rotate(c, cv2.ROTATE_180) for c in cuts])
    out = [Read(text, conf, _corners(q)) for (text, conf), q in zip(line_reads, lines, strict=True)
           if not _weak((text, conf))]  # a line of print that is no clear title is not a card
    for (text, conf), q in zip(reads, quads, strict=True):
        if _weak((text, conf)) and any(_inside(np.array(r.corners, np.float32).mean(axis=0), q) for r in out):
            continue  # its title was found as a line of print instead
        out.append(Read(text, conf, _corners(q)))
    return out


def whole_image_lines(gray: np.ndarray) -> list[tuple[str, float]]:
    """Plain tesseract on the whole image (sparse text): every line, top first. The benchmark's baseline,
    and the fallback when no card outline is found."""
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


_ALPHABET = "abcdefghijklmnopqrstuvwxyz "


def _letter_counts(text: str) -> np.ndarray:
    return np.array([text.count(ch) for ch in _ALPHABET], np.int32)


@functools.lru_cache(maxsize=32)
def _titles(names: tuple[str, ...]) -> tuple[list[str], list[str], np.ndarray, np.ndarray]:
    """Each title once with its cleaned form, their letter counts and lengths (a deck's or the catalogue's)."""
    kept, keys = [], []
    for name in dict.fromkeys(names):
        key = clean(name)
        if key:
            kept.append(name)
            keys.append(key)
    counts = np.array([_letter_counts(k) for k in keys], np.int32).reshape(len(keys), len(_ALPHABET))
    return kept, keys, counts, np.array([len(k) for k in keys], np.float64)


def rank(read: str, names: Iterable[str], limit: int = 3, floor: float = 0.0) -> list[tuple[str, float]]:
    """Titles by similarity to the read, best first (each title once), none below ``floor``.

    The catalogue's forgiving comparison (difflib's ratio, as in companion.catalog.store), best over the
    read's trimmed forms: never a part of the read alone, so a short title inside a long read scores low.
    difflib's cheap upper bounds skip the titles that cannot reach the floor or the best ``limit`` so far:
    the same answer as comparing every title, in a fraction of the time."""
    text = clean(read)
    if not text:
        return []
    variants = _trimmed(text)
    kept, keys, counts, lengths = _titles(tuple(names))
    if not kept:
        return []
    shortest = min(len(v) for v in variants)
    # No form of the read shares more letters with a title than the whole read does: an upper bound of
    # every form's ratio, for all titles at once.
    shared = np.minimum(counts, _letter_counts(text)).sum(axis=1)
    upper = 2 * shared / (shortest + lengths)
    near = 2 * np.minimum(len(text), lengths) / (len(text) + lengths) >= 0.3
    order = [i for i in np.argsort(-upper, kind="stable") if near[i] and upper[i] >= floor]
    scored: dict[str, float] = {}
    best: list[float] = []  # the best ``limit`` scores so far, highest first
    for i in order:
        bar = max(floor, best[-1] if len(best) >= limit else 0.0)
        if upper[i] < bar:
            break  # every title after this one is bounded lower still
        name = kept[i]
        matcher = difflib.SequenceMatcher(None, text, keys[i], autojunk=False)
        score = -1.0
        for v in variants:
            matcher.set_seq1(v)
            if matcher.real_quick_ratio() >= bar and matcher.quick_ratio() >= bar:
                score = max(score, matcher.ratio())
        if score < bar:
            continue
        scored[name] = score
        best = sorted([*best, score], reverse=True)[:limit]
    return sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]


def match_title(read: str, deck_names: Sequence[str], catalogue_names: Sequence[str]) -> tuple[bool, list[Guess]]:
    """(confident, up to three guesses). The deck comes first: a title in the seat's deck that the read
    matches well and clearly better than the deck's next title is confident, unless a title outside the
    deck matches the read better still. Without a deck, only a clear catalogue match is confident."""
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
    clear = top.score - runner >= GAP or (top.score >= EXACT and top.score - runner >= 0.04)
    if deck_names:
        confident = top.in_deck and top.score >= CONFIDENT - 0.08 and clear
    else:
        confident = top.score >= CONFIDENT and clear
    return confident, guesses
