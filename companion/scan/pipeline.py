"""One decoding pipeline for every source: scans, phone photos, camera frames, screenshots.

zxing-cpp first, restricted to the formats in use, in plain text mode; then, for the companion's QR
labels, a second look at each label-shaped region the first pass did not read (cut out and enlarged:
in a crowded frame a label is a few dozen pixels wide, and zxing-cpp's whole-frame binariser loses its
small modules); linear codes (Code 128, EAN-13) on the frame sharpened, then in each bar-code region OpenCV's
detector finds, or a gradient finder of its own where bar codes may be left unread, and no read accounts for,
cut out level, enlarged and sharpened (a 56 mm Code 128 among four cards in 1080p has ~1.6 px per module);
pyzbar (on grayscale) for what zxing-cpp misses. Retries (contrast equalisation, an added quiet zone) run only
when nothing was found: on good images they make results worse.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import zxingcpp

from companion.scan.cv import cv2
from companion.scan.engines import LABEL_FORMATS, Code, read_zbar, read_zxing
from companion.scan.images import check_size, load_colour, load_gray
from companion.scan.titles import Read, ocr_status, read_titles

_CLAHE = cv2.createCLAHE(clipLimit=2.0, tileGridSize=(8, 8))


def _merge(found: list[Code], more: list[Code]) -> list[Code]:
    seen = {(c.format, c.text) for c in found}
    return found + [c for c in more if (c.format, c.text) not in seen and not seen.add((c.format, c.text))]  # type: ignore[func-returns-value]


def _pass(gray: np.ndarray, formats: tuple[str, ...], zbar: bool) -> list[Code]:
    found = read_zxing(gray, formats)
    if zbar and (not found or "ean13" in formats):
        found = _merge(found, read_zbar(gray, formats))
    return found


#: A label region: its quiet zone and modules make strong edges packed in a square. Bounds in pixels of
#: the frame: the smallest is a 6-dot label with 12 cards in 1080p; from about 100 px a label has 3.5 px per
#: module and the whole-frame pass reads it, so larger regions are not looked at again.
_REGION_MIN_PX = 14
_REGION_MAX_PX = 100
#: Above this many pixels (a still, not a video frame) labels are large and the second look is skipped.
_REGION_MAX_IMAGE = 4_000_000
_REGION_EDGE = 80  # grey levels between neighbours: a printed module's edge, not card art or glare
_REGION_LIMIT = 40  # regions looked at again per image: a busy picture must not cost seconds
_REGION_SIDE = 240  # enlarged to about this many pixels: 8 or more per module for a QR version 1
_K3 = np.ones((3, 3), np.uint8)
_K7 = np.ones((7, 7), np.uint8)


def label_regions(gray: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Label-shaped regions (x, y, w, h): clusters of strong edges about as wide as they are high."""
    edges = cv2.morphologyEx(gray, cv2.MORPH_GRADIENT, _K3)
    mask = cv2.threshold(edges, _REGION_EDGE, 255, cv2.THRESH_BINARY)[1]
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, _K7)
    # Contours, not labelled components: ~20x cheaper. Every level: a label sits inside its sleeve's outline.
    contours, _hierarchy = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    out = []
    for contour in contours:
        x, y, w, h = cv2.boundingRect(contour)
        if (_REGION_MIN_PX <= w <= _REGION_MAX_PX and _REGION_MIN_PX <= h <= _REGION_MAX_PX and 0.5 <= w / h <= 2
                and cv2.contourArea(contour) >= 0.3 * w * h):
            patch = gray[y:y + h, x:x + w]
            if int(patch.max()) - int(patch.min()) >= 120:  # black modules on white paper, not card art
                out.append((x, y, w, h))
    out.sort(key=lambda r: -r[2] * r[3])
    kept: list[tuple[int, int, int, int]] = []
    for r in out:  # a finder pattern inside a label is not a label of its own
        if not any(_within((r[0] + r[2] / 2, r[1] + r[3] / 2), k) for k in kept):
            kept.append(r)
    return kept[:_REGION_LIMIT]


def _read_region(gray: np.ndarray, region: tuple[int, int, int, int]) -> list[Code]:
    """One region cut out with a margin, enlarged (cubic), then sharpened if the plain try fails."""
    x, y, w, h = region
    m = max(w, h) // 4 + 3
    x0, y0 = max(0, x - m), max(0, y - m)
    crop = gray[y0:y + h + m, x0:x + w + m]
    f = _REGION_SIDE / max(crop.shape)
    big = cv2.resize(crop, None, fx=f, fy=f, interpolation=cv2.INTER_CUBIC)
    soft = cv2.GaussianBlur(big, (0, 0), f * 0.9)
    for image in (big, cv2.addWeighted(big, 2.5, soft, -1.5, 0), cv2.addWeighted(big, 4.0, soft, -3.0, 0)):
        for binarizer in (zxingcpp.Binarizer.LocalAverage, zxingcpp.Binarizer.GlobalHistogram):
            codes = read_zxing(image, ("qr",), binarizer=binarizer, fast=True)
            if codes:
                return [Code(c.text, c.format, tuple((round(x0 + px / f), round(y0 + py / f)) for px, py in c.corners),
                             c.engine) for c in codes]
    return []


def _within(point: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    return x <= point[0] <= x + w and y <= point[1] <= y + h


def _inside(code: Code, region: tuple[int, int, int, int]) -> bool:
    """The code was read in this region, or the region is a part of the code (a finder pattern)."""
    if not code.corners:
        return False
    xs, ys = [p[0] for p in code.corners], [p[1] for p in code.corners]
    x, y, w, h = region
    grown = (x - w / 2, y - h / 2, 2 * w, 2 * h)
    if _within((sum(xs) / len(xs), sum(ys) / len(ys)), grown):
        return True
    pad = (max(xs) - min(xs)) * 0.3  # the code's quiet zone
    return _within((x + w / 2, y + h / 2), (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                                            max(ys) - min(ys) + 2 * pad))


def read_label_regions(gray: np.ndarray, found: list[Code]) -> list[Code]:
    """QR codes in the label-shaped regions that hold none of ``found`` yet."""
    more: list[Code] = []
    if gray.shape[0] * gray.shape[1] > _REGION_MAX_IMAGE:
        return more
    for region in label_regions(gray):
        if not any(_inside(c, region) for c in (*found, *more)):
            more += _read_region(gray, region)
    return more


# -- linear codes (Code 128, EAN-13) ----------------------------------------------------------------------

LINEAR_FORMATS = ("code128", "ean13")
_BAR_LIMIT = 12  # bar-code regions looked at again per image
_BAR_PAD = 0.12  # of the region's length and height, each side: the quiet zone and the ends of the bars
_BAR_UP = 3  # enlarged three times (cubic): a 56 mm Code 128 on a card among four in 1080p has ~1.6 px per module
#: Unsharp-mask amounts, tried in turn: at 1.6 px per module the camera's blur leaves a narrow bar a fraction of
#: its contrast; restoring it is what makes the bars readable (measured on the formats bench's seed-7 frames: 16 of
#: 16 Code 128 regions zxing-cpp could not read in the whole frame, against 2 of 16 enlarged alone).
_BAR_SHARPEN = (3.0, 5.0, 1.5)


@functools.cache
def _bar_detectors() -> tuple[Any, Any]:
    """OpenCV's bar-code detector as it comes (it looks at the image shrunk to 512 px), and a second one on the
    sharpened image at 720 px: each alone missed about one region in four on frames of four Code 128 cards."""
    fine = cv2.barcode.BarcodeDetector()
    fine.setDownsamplingThreshold(720)
    return cv2.barcode.BarcodeDetector(), fine


def bar_regions(gray: np.ndarray, sharp: np.ndarray | None = None) -> list[np.ndarray]:
    """Where 1-D bar codes are (each a 4x2 array of corners), largest first, one per place."""
    quads: list[np.ndarray] = []
    for detector, image in zip(_bar_detectors(), (gray, gray if sharp is None else sharp), strict=True):
        ok, corners = detector.detect(image)
        if ok and corners is not None:
            quads += [np.asarray(q, np.float32).reshape(4, 2) for q in corners]
    quads.sort(key=lambda q: -cv2.contourArea(q))
    kept: list[np.ndarray] = []
    for q in quads:
        if not any(_in_quad((float(q[:, 0].mean()), float(q[:, 1].mean())), k) for k in kept):
            kept.append(q)
    return kept[:_BAR_LIMIT]


def _in_quad(point: tuple[float, float], quad: np.ndarray, grow: float = 0.0) -> bool:
    return cv2.pointPolygonTest(quad, (float(point[0]), float(point[1])), True) >= -grow


def _centre(code: Code) -> tuple[float, float]:
    return (sum(x for x, _ in code.corners) / len(code.corners), sum(y for _, y in code.corners) / len(code.corners))


def _bar_covered(quad: np.ndarray, codes: list[Code]) -> bool:
    return any(c.corners and _in_quad(_centre(c), quad, 4.0) for c in codes)


def _straddles(code: Code, quads: list[np.ndarray]) -> bool:
    """A linear code read across two neighbouring bar codes: its ends lie in different regions. EAN-13's halves
    decode on their own, so the left half of one label and the right half of the next make a valid-looking number
    (measured: 7 such phantoms in 20 frames of 2-4 EAN-13 labels side by side)."""
    if code.format not in LINEAR_FORMATS or len(code.corners) < 4 or len(quads) < 2:
        return False
    ends = ((code.corners[0][0] + code.corners[3][0]) / 2, (code.corners[0][1] + code.corners[3][1]) / 2), \
        ((code.corners[1][0] + code.corners[2][0]) / 2, (code.corners[1][1] + code.corners[2][1]) / 2)
    homes = [{i for i, q in enumerate(quads) if _in_quad(end, q, 6.0)} for end in ends]
    return bool(homes[0]) and bool(homes[1]) and not homes[0] & homes[1]


def _read_bar(gray: np.ndarray, quad: np.ndarray, formats: tuple[str, ...], zbar: bool) -> list[Code]:
    """One bar-code region turned level, cut out with its quiet zone, enlarged and sharpened, then decoded."""
    (cx, cy), (w, h), angle = cv2.minAreaRect(quad)
    if w < h:
        w, h, angle = h, w, angle + 90
    w, h = w * (1 + 2 * _BAR_PAD), h * (1 + 2 * _BAR_PAD)
    matrix = cv2.getRotationMatrix2D((cx, cy), angle, _BAR_UP)
    matrix[0, 2] += w * _BAR_UP / 2 - cx
    matrix[1, 2] += h * _BAR_UP / 2 - cy
    size = (max(8, int(w * _BAR_UP)), max(8, int(h * _BAR_UP)))
    crop = cv2.warpAffine(gray, matrix, size, flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE)
    back = cv2.invertAffineTransform(matrix)

    def home(codes: list[Code]) -> list[Code]:
        return [Code(c.text, c.format, tuple((round(back[0, 0] * x + back[0, 1] * y + back[0, 2]),
                                              round(back[1, 0] * x + back[1, 1] * y + back[1, 2]))
                                             for x, y in c.corners), c.engine) for c in codes]

    soft = cv2.GaussianBlur(crop, (0, 0), _BAR_UP)
    sharpened = [cv2.addWeighted(crop, 1 + a, soft, -a, 0) for a in _BAR_SHARPEN]
    # A region holds one bar code: two different texts from one cut-out mean one is a misread (EAN-13's halves
    # decode on their own), so that try counts as none.
    for image in sharpened:
        codes = read_zxing(image, formats, binarizer=zxingcpp.Binarizer.LocalAverage)
        if len({c.text for c in codes}) == 1:
            return home(codes[:1])
    codes = read_zbar(sharpened[-1], formats) if zbar else []
    return home(codes[:1]) if len({c.text for c in codes}) == 1 else []


#: The gradient finder's bounds, in pixels of the frame: a bar code's side across its bars (a 56 mm Code 128 among
#: four cards in 1080p is ~85 px high, ~370 px long), and how much longer than high it is at least.
_STRIPE_MIN_LONG = 100
_STRIPE_MAX_LONG = 1000
_STRIPE_MIN_SHORT = 30
_STRIPE_ASPECT = 2.5
_STRIPE_EDGE = 12  # mean gradient across the bars (grey levels a pixel, at half size): card art and noise are ~6
_STRIPE_RATIO = 2.0  # the gradient across the bars over the gradient along them: isotropic art is ~1


def stripe_regions(gray: np.ndarray) -> list[np.ndarray]:
    """Bar-code-shaped regions found without OpenCV's detector, which misses about one clearly visible label in five
    among four cards: where the gradient across one axis is strong and twice that along the other (bars, not card
    art), in a long thin box. Bars up to ~45 degrees from upright (a horizontal label), or from level (a turned one)."""
    half = []
    for dx, dy in ((1, 0), (0, 1)):
        # The gradient at full size, then averaged down: at ~1.6 px a module, shrinking first would blur the bars away.
        grad = cv2.convertScaleAbs(cv2.Sobel(gray, cv2.CV_16S, dx, dy), alpha=0.25)
        half.append(cv2.blur(cv2.resize(grad, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA), (9, 9)))
    quads: list[np.ndarray] = []
    for across, along, level in ((half[0], half[1], True), (half[1], half[0], False)):
        mask = ((across > _STRIPE_EDGE) & (across > _STRIPE_RATIO * along.astype(np.float32))).astype(np.uint8) * 255
        # Opened along the code first (a card's or sleeve's edge is a thin line, not 30 bars' width), then closed.
        opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((1, 31) if level else (31, 1), np.uint8))
        closed = cv2.morphologyEx(opened, cv2.MORPH_CLOSE, np.ones((3, 11) if level else (11, 3), np.uint8))
        contours, _hierarchy = cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            (cx, cy), (w, h), angle = cv2.minAreaRect(contour)
            long, short = 2 * max(w, h), 2 * min(w, h)
            if (_STRIPE_MIN_LONG <= long <= _STRIPE_MAX_LONG and short >= _STRIPE_MIN_SHORT
                    and long >= _STRIPE_ASPECT * short):
                quads.append(cv2.boxPoints(((2 * cx, 2 * cy), (2 * w, 2 * h), angle)).astype(np.float32))
    return quads[:_BAR_LIMIT]


def read_bar_regions(gray: np.ndarray, found: list[Code], formats: tuple[str, ...], zbar: bool,
                     sharp: np.ndarray | None) -> tuple[list[Code], list[np.ndarray]]:
    """Linear codes in the bar-code regions that hold none of ``found`` yet, and the regions (``sharp``: the image
    as ``linear_sharpened`` gives it; None, no second look)."""
    linear = tuple(f for f in formats if f in LINEAR_FORMATS)
    if not linear or sharp is None:
        return [], []
    quads = bar_regions(gray, sharp)
    more: list[Code] = []

    def read_unread(regions: list[np.ndarray]) -> None:
        """Read each region no read accounts for yet; a read straddling two of all the regions so far is dropped."""
        for quad in regions:
            if not _bar_covered(quad, [*found, *more]):
                more.extend(c for c in _read_bar(gray, quad, linear, zbar) if not _straddles(c, quads))

    read_unread(quads)
    # The gradient finder only where a frame may hold bar codes still unread: a linear code read, a bar-code region
    # left unread, or nothing read at all; a frame of 2-D labels, all read, pays nothing for it.
    read = [*found, *more]
    if not read or any(c.format in LINEAR_FORMATS for c in read) or any(not _bar_covered(q, read) for q in quads):
        # Each stripe is tried even inside a region OpenCV gave (read ones are skipped as covered): its box is often
        # off the bars, or two labels' at once.
        stripes = stripe_regions(gray)
        quads += stripes
        read_unread(stripes)
    return more, quads


def _sharpened(gray: np.ndarray, amount: float, sigma: float) -> np.ndarray:
    return cv2.addWeighted(gray, 1 + amount, cv2.GaussianBlur(gray, (0, 0), sigma), -amount, 0)


def linear_sharpened(gray: np.ndarray, formats: tuple[str, ...]) -> np.ndarray | None:
    """The image sharpened for linear codes, made once a frame for the whole pass and the regions' search; None where
    no linear format is asked for, or for a still (its bars are wide enough as they are)."""
    if not any(f in LINEAR_FORMATS for f in formats) or gray.shape[0] * gray.shape[1] > _REGION_MAX_IMAGE:
        return None
    return _sharpened(gray, 2.0, 0.8)


def read_whole(gray: np.ndarray, formats: tuple[str, ...], sharp: np.ndarray | None) -> list[Code]:
    """The whole-image pass: 2-D codes on the image as it is; linear codes on it sharpened (``sharp``) first (a
    camera's blur leaves narrow bars a fraction of their contrast, and EAN-13's weak check digit lets a blurred half
    misread into a valid number: measured on 20 frames of 1-4 EAN-13 labels, 1 wrong number plain, none sharpened),
    then as it is if that finds none (a sharp scan needs no help)."""
    linear = tuple(f for f in formats if f in LINEAR_FORMATS)
    square = tuple(f for f in formats if f not in LINEAR_FORMATS)
    found = read_zxing(gray, square) if square else []
    if linear and sharp is not None:
        found += (read_zxing(sharp, linear, binarizer=zxingcpp.Binarizer.LocalAverage) or read_zxing(gray, linear))
    elif linear:
        found += read_zxing(gray, linear)
    return found


def decode_gray(gray: np.ndarray, formats: tuple[str, ...] = LABEL_FORMATS, zbar: bool = True) -> list[Code]:
    sharp = linear_sharpened(gray, formats)
    found = read_whole(gray, formats, sharp)
    if "qr" in formats:
        found = _merge(found, read_label_regions(gray, found))
    more, quads = read_bar_regions(gray, found, formats, zbar, sharp)
    found = [c for c in _merge(found, more) if not _straddles(c, quads)]
    if zbar and (not found or any(not _bar_covered(q, found) for q in quads)):
        found = _merge(found, [c for c in read_zbar(gray, formats) if not _straddles(c, quads)])
    if found:
        return found
    found = _pass(_CLAHE.apply(gray), formats, zbar)
    if found:
        return found
    pad = max(16, min(gray.shape) // 10)
    bordered = cv2.copyMakeBorder(gray, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=255)
    found = _pass(bordered, formats, zbar)
    return [Code(c.text, c.format, tuple((x - pad, y - pad) for x, y in c.corners), c.engine) for c in found]


def decode_local(data: bytes, formats: tuple[str, ...] = LABEL_FORMATS, zbar: bool = True) -> list[Code]:
    """Decode in this process: for the scan workers, and benchmarks that time the pipeline itself.
    Corners are in the uploaded image's pixels even when a large image was read at reduced size."""
    return read_local(data, formats, zbar, titles=False)[0]


def read_local(data: bytes, formats: tuple[str, ...] = LABEL_FORMATS, zbar: bool = True, titles: bool = True
               ) -> tuple[list[Code], list[Read]]:
    """Codes, and (with ``titles`` and tesseract installed) the title reads of the cards that carry no code."""
    _fmt, w, h = check_size(data)
    read_titles_too = titles and bool(ocr_status()["available"])
    colour = load_colour(data) if read_titles_too else None
    gray = cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY) if colour is not None else load_gray(data)
    scale = (w * h / (gray.shape[0] * gray.shape[1])) ** 0.5  # orientation-proof: EXIF may swap the axes
    codes = decode_gray(gray, formats, zbar) if formats else []  # no formats: the titles alone (below)
    reads: list[Read] = []
    if colour is not None:
        centres = [(sum(x for x, _ in c.corners) / len(c.corners), sum(y for _, y in c.corners) / len(c.corners))
                   for c in codes if c.corners]
        reads = read_titles(colour, centres)
    if scale < 1.01:
        return codes, reads
    return ([Code(c.text, c.format, tuple((round(x * scale), round(y * scale)) for x, y in c.corners), c.engine)
             for c in codes],
            [Read(r.text, r.confidence, tuple((round(x * scale), round(y * scale)) for x, y in r.corners), r.region,
                  r.card) for r in reads])


def decode_job(data: bytes, formats: list[str], zbar: bool, titles: bool = False) -> Any:
    """The default job (runs in the worker): the codes in the image, as dicts; with ``titles`` also the
    titles read from the cards that carry no label: ``{"codes": [...], "titles": [...]}``."""
    if titles:
        codes, reads = read_local(data, tuple(formats), zbar)
        return {"codes": [c.to_dict() for c in codes], "titles": [r.to_dict() for r in reads]}
    return [c.to_dict() for c in decode_local(data, tuple(formats), zbar)]


def decode_image(data: bytes, formats: tuple[str, ...] = LABEL_FORMATS, zbar: bool = True) -> list[Code]:
    """Every code in an image (JPEG, PNG or WebP bytes), de-duplicated by text, with positions.

    The header is checked here; the pixels are decoded in a sandboxed worker (companion.scan.sandbox).
    Raises ImageError (bad image), ImageTooLarge (too many pixels), ScanBusy (queue full) or
    ScanFailed (the worker died or overran its time); all are ImageError subclasses.
    """
    from companion.scan.sandbox import shared_pool

    check_size(data)  # a bomb costs the server a header read, not a round trip to a worker
    rows = shared_pool().run(data, list(formats), zbar)
    return [Code.from_dict(r) for r in rows]


def read_image(data: bytes, formats: tuple[str, ...] = LABEL_FORMATS, zbar: bool = True
               ) -> tuple[list[Code], list[Read]]:
    """``decode_image``, plus the titles of unlabelled cards read in the same worker run. With no ``formats``, the
    titles alone: a frame without labels costs the label passes several times what its titles cost."""
    from companion.scan.sandbox import shared_pool

    check_size(data)
    out = shared_pool().run(data, list(formats), zbar, True)
    return ([Code.from_dict(r) for r in out["codes"]],
            [Read.from_dict(r) for r in out["titles"]])
