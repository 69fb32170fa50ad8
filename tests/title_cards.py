"""Rendered photos of unlabelled cards, for reading cards by their title.

Not photographs: card-like faces (a title banner, a cost, an art area, a text box) drawn with several
fonts, in sleeves, on several backgrounds, then photographed in software (rotation, perspective, glare,
blur, noise, JPEG). What this leaves unknown about real photos: the real title font and its ornaments,
foil and gloss glare, the real art behind the title, and how players hold cards.

    python -m tests.title_cards OUT_DIR --images 120 --seed 1
    python -m tests.title_cards OUT_DIR --seed 2 --fonts NimbusRoman-Bold.otf,URWGothic-Demi.otf --upside-down 0.2

writes OUT_DIR/manifest.csv (``file,codes,deck,cap_px``) for ``companion bench titles OUT_DIR``, the
decklists in OUT_DIR/decks/, and the images. ``cap_px`` is the height of the title's capitals in the
photo (the smallest in the image): metadata for the benchmark's report, never read by the reader.
"""

from __future__ import annotations

import argparse
import csv
import random
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.catalog.card import Card
from companion.catalog.store import Catalog
from companion.scan.cv import cv2

FONT_DIRS = ("/usr/share/fonts/truetype", "/usr/share/fonts/opentype")
FONT_NAMES = ("DejaVuSerif-Bold.ttf", "LiberationSerif-Bold.ttf", "C059-Bold.otf", "P052-Bold.otf",
              "URWBookman-Demi.otf", "NimbusSans-Bold.otf", "LiberationSansNarrow-Bold.ttf")
FACE_W, FACE_H = 630, 880  # 10 px per mm
BANNER = (0.16, 0.015, 0.97, 0.15)  # where real cards print their title: a banner across the top
FACTION_COLOURS = [(150, 30, 30), (40, 60, 120), (30, 90, 40), (200, 160, 40), (80, 80, 80), (110, 60, 120),
                   (160, 110, 60), (40, 40, 40)]
WORDS = ["Action", "Reaction", "Interrupt", "Kneel", "Stand", "Choose", "character", "location", "attachment",
         "gold", "power", "challenge", "claim", "reveal", "plot", "phase", "each", "player", "opponent", "card",
         "hand", "shadows", "draw", "discard"]


def fonts(names: tuple[str, ...] = FONT_NAMES) -> list[Path]:
    found = []
    for name in names:
        for root in FONT_DIRS:
            hits = list(Path(root).rglob(name))
            if hits:
                found.append(hits[0])
                break
    if not found:
        raise SystemExit("no fonts found under /usr/share/fonts (Debian: fonts-dejavu-core)")
    return found


def _fit(draw: ImageDraw.ImageDraw, text: str, font_path: Path, width: int, height: int) -> ImageFont.FreeTypeFont:
    size = int(height * 0.62)
    while size > 8:
        font = ImageFont.truetype(str(font_path), size)
        box = draw.textbbox((0, 0), text, font=font)
        if box[2] - box[0] <= width:
            return font
        size -= 1
    return ImageFont.truetype(str(font_path), size)


def cap_height(font: ImageFont.FreeTypeFont) -> int:
    box = font.getbbox("H")
    return int(box[3] - box[1])


def face(rng: random.Random, card: Card, font_path: Path) -> tuple[np.ndarray, int]:
    """A card face (BGR, 630x880) and the cap height of its title in pixels."""
    colour = rng.choice(FACTION_COLOURS)
    img = Image.new("RGB", (FACE_W, FACE_H), colour)
    d = ImageDraw.Draw(img)
    # Art: soft colour blobs.
    for _ in range(14):
        x, y = rng.randint(0, FACE_W), rng.randint(int(0.15 * FACE_H), int(0.6 * FACE_H))
        r = rng.randint(30, 160)
        d.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randint(20, 235) for _ in range(3)))
    # Text box with rules text in small print.
    d.rounded_rectangle((30, int(0.60 * FACE_H), FACE_W - 30, int(0.95 * FACE_H)), 12, fill=(238, 232, 214),
                        outline=(60, 50, 40), width=3)
    small = ImageFont.truetype(str(font_path), 22)
    y = int(0.62 * FACE_H)
    for _ in range(rng.randint(3, 6)):
        line = " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 7)))
        d.text((50, y), line.capitalize() + ".", fill=(30, 25, 20), font=small)
        y += 32
    # Title banner, right of the cost.
    x0, y0, x1, y1 = (round(BANNER[0] * FACE_W), round(BANNER[1] * FACE_H), round(BANNER[2] * FACE_W),
                      round(BANNER[3] * FACE_H))
    banner = rng.choice([(236, 226, 196), (245, 240, 228), (220, 205, 170)])
    d.rectangle((x0, y0, x1, y1), fill=banner, outline=(50, 40, 30), width=3)
    title = card.name
    font = _fit(d, title, font_path, x1 - x0 - 24, y1 - y0)
    box = d.textbbox((0, 0), title, font=font)
    tx = x0 + (x1 - x0 - (box[2] - box[0])) // 2 - box[0]
    ty = y0 + (y1 - y0 - (box[3] - box[1])) // 2 - box[1]
    d.text((tx, ty), title, fill=rng.choice([(20, 15, 10), (60, 20, 20), (10, 10, 40)]), font=font)
    # Cost in a circle at the top left; strength and icons below it.
    d.ellipse((12, 8, 100, 96), fill=(230, 200, 90), outline=(40, 30, 20), width=3)
    cost = "-" if card.cost is None else str(card.cost)
    d.text((40, 22), cost[:2], fill=(20, 10, 0), font=ImageFont.truetype(str(font_path), 52))
    for i in range(3):
        d.rectangle((18, 140 + 70 * i, 78, 190 + 70 * i), fill=tuple(rng.randint(60, 200) for _ in range(3)))
    return cv2.cvtColor(np.asarray(img), cv2.COLOR_RGB2BGR), cap_height(font)


def sleeved(rng: random.Random, card: np.ndarray) -> np.ndarray:
    """A sleeve: a coloured or clear border of ~2 mm and a faint sheen."""
    pad = 20
    colour = rng.choice([(20, 20, 20), (200, 200, 200), (30, 30, 120), (120, 30, 30), None])
    border = tuple(int(c) for c in card[5, 5]) if colour is None else colour
    out = cv2.copyMakeBorder(card, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=border)
    sheen = np.zeros(out.shape[:2], np.float32)
    cv2.line(sheen, (0, rng.randint(0, out.shape[0])), (out.shape[1], rng.randint(0, out.shape[0])), 25, 60)
    sheen = cv2.GaussianBlur(sheen, (0, 0), 25)
    return np.clip(out.astype(np.float32) + sheen[..., None], 0, 255).astype(np.uint8)


def background(rng: random.Random, w: int, h: int) -> np.ndarray:
    kind = rng.choice(["cloth", "wood", "plain", "busy"])
    base = np.array([rng.randint(20, 200) for _ in range(3)], np.float32)
    img = np.tile(base, (h, w, 1))
    g = np.random.default_rng(rng.randint(0, 2**31))
    if kind == "wood":
        stripes = np.sin(np.linspace(0, rng.uniform(20, 60), h))[:, None, None] * 25
        img = img + stripes
    elif kind == "cloth":
        img = img + g.normal(0, 10, (h, w, 1))
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


def photo(rng: random.Random, cards: list[Card], cap_px: float, size: tuple[int, int] = (1600, 1200),
          font_names: tuple[str, ...] = FONT_NAMES, upside_down: float = 0.0) -> Photo:
    """Cards side by side (each a few degrees askew, a share of them upside down), the title capitals
    about ``cap_px`` high."""
    w, h = size
    scene = background(rng, w, h)
    font_path = rng.choice(fonts(font_names))
    faces = [face(rng, c, font_path) for c in cards]
    # One scale for all cards: a title of usual length has capitals of cap_px (long titles are set smaller).
    nominal = cap_height(ImageFont.truetype(str(font_path), int((BANNER[3] - BANNER[1]) * FACE_H * 0.62)))
    n = len(cards)
    scale = cap_px / nominal
    sw, sh = (FACE_W + 40) * scale, (FACE_H + 40) * scale
    if sw * n > 0.8 * w or sh > 0.9 * h:  # room between the cards
        scale *= min(0.8 * w / (sw * n), 0.9 * h / sh)
    caps = []
    for i, (f, cap) in enumerate(faces):
        s = sleeved(rng, f)
        caps.append(cap * scale)
        s = cv2.resize(s, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        cx = w * (i + 0.5) / n + rng.uniform(-0.02, 0.02) * w
        cy = h / 2 + rng.uniform(-0.08, 0.08) * h
        turn = 180 if upside_down and rng.random() < upside_down else 0
        m = cv2.getRotationMatrix2D((s.shape[1] / 2, s.shape[0] / 2), turn + rng.uniform(-7, 7), 1.0)
        m[0, 2] += cx - s.shape[1] / 2
        m[1, 2] += cy - s.shape[0] / 2
        warped = cv2.warpAffine(s, m, (w, h))
        mask = cv2.warpAffine(np.full(s.shape[:2], 255, np.uint8), m, (w, h))
        scene = np.where(mask[..., None] > 0, warped, scene)
    # The camera: a perspective tilt, glare, blur, noise, JPEG.
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src + np.float32([[rng.uniform(-0.05, 0.05) * w, rng.uniform(-0.05, 0.05) * h] for _ in range(4)])
    scene = cv2.warpPerspective(scene, cv2.getPerspectiveTransform(src, dst), (w, h), borderMode=cv2.BORDER_REPLICATE)
    glare = np.zeros((h, w), np.float32)
    cv2.ellipse(glare, (rng.randint(0, w), rng.randint(0, h)), (rng.randint(60, 300), rng.randint(40, 150)),
                rng.uniform(0, 180), 0, 360, rng.uniform(20, 80), -1)
    glare = cv2.GaussianBlur(glare, (0, 0), 40)
    scene = cv2.GaussianBlur(scene, (0, 0), rng.uniform(0.3, 1.1))
    noisy = scene.astype(np.float32) + glare[..., None] + np.random.default_rng(rng.randint(0, 2**31)).normal(
        0, 4, scene.shape)
    scene = np.clip(noisy, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", scene, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(65, 92)])
    assert ok
    return Photo(jpeg.tobytes(), [c.code for c in cards], round(min(caps), 1))


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


def build(out: Path, images: int, seed: int, caps: tuple[float, ...] = (9, 12, 14, 16, 20, 24),
          font_names: tuple[str, ...] = FONT_NAMES, upside_down: float = 0.0) -> None:
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
        shot = photo(rng, rng.sample(deck, n), caps[i % len(caps)],
                     rng.choice([(1600, 1200), (1920, 1080), (1280, 960)]), font_names, upside_down)
        name = f"photo{i:03d}.jpg"
        (out / name).write_bytes(shot.jpeg)
        rows.append({"file": name, "codes": ";".join(shot.codes), "deck": path, "cap_px": shot.cap_px})
    with (out / "manifest.csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, ["file", "codes", "deck", "cap_px"])
        writer.writeheader()
        writer.writerows(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--images", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fonts", default=",".join(FONT_NAMES), help="font file names, comma-separated")
    parser.add_argument("--upside-down", type=float, default=0.0, help="share of cards turned half round")
    opts = parser.parse_args()
    build(opts.out, opts.images, opts.seed, font_names=tuple(opts.fonts.split(",")), upside_down=opts.upside_down)


if __name__ == "__main__":
    main()
