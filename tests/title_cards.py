"""Rendered photos of unlabelled cards in the 2nd edition's layouts, for reading cards by their title.

Not photographs: faces drawn by tests/card_faces.py (each card type's title where that type prints it) with OFL
fonts, in sleeves or bare, on dark, light and busy tables, 1-3 cards a photo (some overlapping, never over the
title), then photographed in software (each card tilted and turned, some upside down or knelt, perspective, glare,
blur, noise, JPEG). What this leaves unknown about real photos: the real title font and its ornaments, foil and
gloss glare, the real art behind the title, real sleeves' reflections, and a phone's own sharpening.

    python -m tests.title_cards OUT_DIR --images 120 --seed 1                 # the set the reader is tuned on
    python -m tests.title_cards OUT_DIR --images 120 --seed 2024 --aside      # the benchmark's aside set

writes OUT_DIR/manifest.csv (``file,codes,deck,cap_px,types``) for ``companion bench titles OUT_DIR``, the
decklists in OUT_DIR/decks/, and the images. ``cap_px`` is the height of the title's capitals in the photo (the
smallest in the image) and ``types`` the cards' types: metadata for the benchmark's report, never read by the reader.
"""

from __future__ import annotations

import argparse
import csv
import random
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.catalog.card import Card
from companion.catalog.store import Catalog
from companion.scan.cv import cv2
from tests.card_faces import ASIDE_FONTS, BANNERS, FACE_H, FACE_W, TUNING_FONTS, face

SLEEVES = [(15, 15, 15), (25, 25, 90), (110, 20, 20), (20, 70, 30), (200, 200, 200), None, None]  # None: clear


def sleeved(rng: random.Random, card: np.ndarray) -> np.ndarray:
    """A sleeve (BGRA in, BGRA out): a border of ~2 mm in the sleeve's colour (or clear), a faint sheen; or bare."""
    if rng.random() < 0.45:
        return card
    pad = 20
    colour = rng.choice(SLEEVES)
    out = cv2.copyMakeBorder(card, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=(0, 0, 0, 0))
    alpha = out[..., 3].copy()
    if colour is not None:
        sleeve = np.zeros_like(out)
        cv2.rectangle(sleeve, (0, 0), (out.shape[1] - 1, out.shape[0] - 1), (*colour, 255), -1)
        inside = alpha[..., None] > 0
        out = np.where(inside, out, sleeve)
        alpha = np.full_like(alpha, 255)
    else:  # a clear sleeve: the card's own edge shows, the sleeve's rim faintly
        rim = np.zeros_like(alpha)
        cv2.rectangle(rim, (2, 2), (out.shape[1] - 3, out.shape[0] - 3), 255, -1)
        out[..., :3] = np.where((alpha[..., None] == 0) & (rim[..., None] > 0), 160, out[..., :3])
        alpha = np.maximum(alpha, (rim > 0).astype(np.uint8) * 90)
    sheen = np.zeros(out.shape[:2], np.float32)
    cv2.line(sheen, (0, rng.randint(0, out.shape[0])), (out.shape[1], rng.randint(0, out.shape[0])), 30, 60)
    sheen = cv2.GaussianBlur(sheen, (0, 0), 25)
    out[..., :3] = np.clip(out[..., :3].astype(np.float32) + sheen[..., None], 0, 255).astype(np.uint8)
    out[..., 3] = alpha
    return out


def background(rng: random.Random, w: int, h: int) -> np.ndarray:
    """A table: dark or light wood, cloth, a playmat's busy print; dark ones as often as the rest."""
    kind = rng.choice(["dark wood", "dark cloth", "wood", "cloth", "busy", "plain"])
    dark = kind.startswith("dark")
    base = np.array([rng.randint(15, 60) if dark else rng.randint(60, 210) for _ in range(3)], np.float32)
    img = np.tile(base, (h, w, 1))
    g = np.random.default_rng(rng.randint(0, 2**31))
    if "wood" in kind:
        stripes = np.sin(np.linspace(0, rng.uniform(20, 60), h) + g.normal(0, 0.3, h).cumsum() * 0.05)
        img = img + stripes[:, None, None] * (10 if dark else 25)
    elif "cloth" in kind:
        img = img + g.normal(0, 6 if dark else 10, (h, w, 1))
    elif kind == "busy":
        for _ in range(40):
            cv2.circle(img, (rng.randint(0, w), rng.randint(0, h)), rng.randint(10, 120),
                       tuple(float(rng.randint(0, 255)) for _ in range(3)), -1)
        img = cv2.GaussianBlur(img, (0, 0), 3)
    return np.clip(img, 0, 255).astype(np.uint8)


@dataclass
class Photo:
    jpeg: bytes
    codes: list[str]
    cap_px: float
    types: list[str]


def _placed(rng: random.Random, s: np.ndarray, centre: tuple[float, float], turn: float, tilt: float
            ) -> np.ndarray:
    """The 3x3 map from the card image to the photo: turned by ``turn`` degrees, foreshortened by ``tilt``."""
    h, w = s.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    k = tilt * rng.choice([-1, 1])
    # A tilt: the far edge shorter than the near one (a phone held at an angle over the table).
    if rng.random() < 0.5:
        dst = np.float32([[k * w / 2, 0], [w - k * w / 2, 0], [w, h], [0, h]])
    else:
        dst = np.float32([[0, k * h / 2], [w, 0], [w, h], [0, h - k * h / 2]])
    dst -= dst.mean(axis=0)
    a = np.radians(turn)
    rot = np.float32([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    dst = dst @ rot.T + np.float32(centre)
    return cv2.getPerspectiveTransform(src, dst.astype(np.float32))


def photo(rng: random.Random, cards: list[Card], cap_px: float, size: tuple[int, int] = (1600, 1200),
          font_names: tuple[str, ...] = TUNING_FONTS, upside_down: float = 0.15, overlap: float = 0.25,
          drawn: list[tuple[np.ndarray, float]] | None = None) -> Photo:
    """Cards on a table, the title capitals about ``cap_px`` high; a share turned half round or knelt. ``drawn``:
    the cards' faces (RGBA) and title capitals, drawn already (a test's own face)."""
    w, h = size
    scene = background(rng, w, h).astype(np.float32)
    font = rng.choice(font_names)
    faces = drawn or [face(rng, c, font) for c in cards]
    n = len(cards)
    scale = cap_px / (0.025 * FACE_H)
    sw, sh = (FACE_W + 40) * scale, (FACE_H + 40) * scale
    if sw * n > 0.85 * w or sh > 0.85 * h:  # room for the cards
        scale *= min(0.85 * w / (sw * n), 0.85 * h / sh)
    caps = []
    overlapping = n > 1 and rng.random() < overlap
    for i, (f, cap) in enumerate(faces):
        s = sleeved(rng, f)
        caps.append(cap * scale)
        s = cv2.resize(s, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        cx = w * (i + 0.5) / n + rng.uniform(-0.02, 0.02) * w
        cy = h / 2 + rng.uniform(-0.06, 0.06) * h
        if overlapping and i > 0:
            # The next card over this one's side away from the title: over its art, never its banner.
            cx -= 0.18 * s.shape[1]
            cy += (0.35 if cards[i - 1].type == "event" else -0.35) * s.shape[0]
        r = rng.random()
        turn = rng.uniform(-12, 12) + (180 if r < upside_down else 90 * rng.choice([-1, 1]) if r < upside_down + 0.08
                                       else 0)
        m = _placed(rng, s, (cx, cy), turn, rng.uniform(0.0, 0.25))
        warped = cv2.warpPerspective(s, m, (w, h), flags=cv2.INTER_LINEAR)
        alpha = warped[..., 3:4].astype(np.float32) / 255
        for rows in _strips(h, w * 3):  # the same values a strip at a time: no photo-sized temporaries
            scene[rows] = scene[rows] * (1 - alpha[rows]) + warped[rows, :, :3].astype(np.float32) * alpha[rows]
    # The camera: glare, blur, noise, JPEG.
    glare = np.zeros((h, w), np.float32)
    for _ in range(rng.randint(0, 2)):
        cv2.ellipse(glare, (rng.randint(0, w), rng.randint(0, h)), (rng.randint(40, 250), rng.randint(20, 120)),
                    rng.uniform(0, 180), 0, 360, rng.uniform(30, 110), -1)
    glare = cv2.GaussianBlur(glare, (0, 0), rng.uniform(8, 40))
    scene = cv2.GaussianBlur(scene, (0, 0), rng.uniform(0.3, 1.2))
    shade = np.linspace(rng.uniform(0.75, 1.0), rng.uniform(0.9, 1.15), w, dtype=np.float32)[None, :, None]
    noise = np.random.default_rng(rng.randint(0, 2**31))
    out = np.empty(scene.shape, np.uint8)
    for rows in _strips(h, w * 3):  # the generator's numbers in order, a strip at a time (in float64, as they come)
        noisy = scene[rows] * shade + glare[rows, :, None] + noise.normal(0, 4, (rows.stop - rows.start, w, 3))
        out[rows] = np.clip(noisy, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(65, 92)])
    assert ok
    return Photo(jpeg.tobytes(), [c.code for c in cards], round(min(caps), 1), [_kind(c) for c in cards])


def _strips(rows: int, row_size: int) -> list[slice]:
    """Blocks of rows of some 4 million values each."""
    step = max(1, (1 << 22) // max(1, row_size))
    return [slice(y, min(y + step, rows)) for y in range(0, rows, step)]


def _kind(card: Card) -> str:
    return card.type if card.type in BANNERS else "character"


def random_deck(rng: random.Random, catalog: Catalog, size: int = 30) -> list[Card]:
    """Distinct cards of one faction and neutral (the deck's printing of each title)."""
    faction = rng.choice(["stark", "lannister", "baratheon", "targaryen", "greyjoy", "martell", "tyrell",
                          "thenightswatch"])
    pool = [c for c in catalog.all("2e") if c.type in ("character", "location", "attachment", "event")
            and c.faction in (faction, "neutral")]
    chosen: dict[str, Card] = {}
    for c in rng.sample(pool, len(pool)):
        if c.title_key not in chosen:
            chosen[c.title_key] = c
        if len(chosen) == size:
            break
    return list(chosen.values())


def deck_text(cards: list[Card]) -> str:
    return "\n".join(f"{min(3, c.deck_limit)}x {c.name} ({c.pack_name})" for c in cards) + "\n"


#: How often each card type is photographed: every type often enough to be scored on its own.
TYPE_WEIGHTS = {"character": 0.4, "location": 0.2, "attachment": 0.2, "event": 0.2}


def _pick(rng: random.Random, deck: list[Card], n: int) -> list[Card]:
    by_type: dict[str, list[Card]] = {}
    for c in deck:
        by_type.setdefault(_kind(c), []).append(c)
    kinds = [k for k in TYPE_WEIGHTS if by_type.get(k)]
    out: list[Card] = []
    while len(out) < n:
        kind = rng.choices(kinds, [TYPE_WEIGHTS[k] for k in kinds])[0]
        left = [c for c in by_type[kind] if c not in out]
        if left:
            out.append(rng.choice(left))
    return out


def build(out: Path, images: int, seed: int, caps: tuple[float, ...] = (9, 12, 14, 16, 20, 24),
          font_names: tuple[str, ...] = TUNING_FONTS, upside_down: float = 0.15) -> None:
    rng = random.Random(seed)
    catalog = Catalog.open()
    (out / "decks").mkdir(parents=True, exist_ok=True)
    rows = []
    decks: list[tuple[str, list[Card]]] = []
    for i in range(max(1, images // 10)):
        cards = random_deck(rng, catalog)
        path = f"decks/deck{i:02d}.txt"
        (out / path).write_text(deck_text(cards))
        decks.append((path, cards))
    for i in range(images):
        path, deck = decks[i % len(decks)]
        n = rng.choice([1, 1, 1, 2, 3])
        shot = photo(rng, _pick(rng, deck, n), caps[i % len(caps)],
                     rng.choice([(1600, 1200), (1920, 1080), (1280, 960), (4000, 3000)]), font_names, upside_down)
        name = f"photo{i:03d}.jpg"
        (out / name).write_bytes(shot.jpeg)
        rows.append({"file": name, "codes": ";".join(shot.codes), "deck": path, "cap_px": shot.cap_px,
                     "types": ";".join(shot.types)})
    with (out / "manifest.csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, ["file", "codes", "deck", "cap_px", "types"])
        writer.writeheader()
        writer.writerows(rows)


def one_photo(codes: list[str], seed: int, cap_px: float = 18, size: tuple[int, int] = (1280, 960)) -> Photo:
    """A photo of the given cards, upright (the tests' fixtures: tests/fixtures/titles/README.md says which)."""
    catalog = Catalog.open()
    return photo(random.Random(seed), [catalog.card(c) for c in codes], cap_px, size, upside_down=0.0, overlap=0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--images", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--aside", action="store_true", help="the aside fonts (the benchmark's set, never tuned on)")
    parser.add_argument("--fonts", default=None, help="font file names in tests/fonts, comma-separated")
    parser.add_argument("--upside-down", type=float, default=0.15, help="share of cards turned half round")
    parser.add_argument("--cards", default=None, help="one photo of these card codes (comma-separated): OUT is a file")
    opts = parser.parse_args()
    if opts.cards:
        opts.out.write_bytes(one_photo(opts.cards.split(","), opts.seed).jpeg)
        return
    fonts = tuple(opts.fonts.split(",")) if opts.fonts else ASIDE_FONTS if opts.aside else TUNING_FONTS
    build(opts.out, opts.images, opts.seed, font_names=fonts, upside_down=opts.upside_down)


if __name__ == "__main__":
    main()
