"""An independent test set: phone-like photos of 2nd-edition card faces drawn from the public layout facts only.

Written without reading the project's own renderer or reader, so that a benchmark on these photos says how well
the reader generalises beyond the faces it was tuned on.  Everything is drawn here: the card (border, faction frame,
procedural art, cost, faction emblem, STR and challenge icons, title plate, traits, rules and flavour text from the
card data), the sleeve, the table, the camera (a pinhole looking at the table plane, tilted up to 30 degrees), the
light, the glare, the optics and the sensor.

    python -m tests.indie_cards OUT --images N --seed S

writes ``OUT/photo_NNN.jpg``, one decklist per photo in ``OUT/decks/`` (ThronesDB text), ``OUT/manifest.csv``
(``file,codes,deck,cap_px,types``; ``cap_px`` is the smallest title capital height on the photo, in pixels) and
``OUT/meta.json`` (how each photo was made).  Fonts: ``tests/fonts/indie/`` (SIL OFL, licences beside them).
"""
from __future__ import annotations

import argparse
import csv
import glob
import json
import math
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

DATA = Path(os.environ.get("INDIE_CARD_DATA", "/work/shared/data/throneteki-json-data"))
FONTS = Path(__file__).resolve().parent / "fonts" / "indie"

# Card drawing scale: 15 px per mm, 63 x 88 mm.
PX_MM = 15.0
CW, CH = round(63 * PX_MM), round(88 * PX_MM)

TYPES = ("character", "attachment", "location", "event")
TYPE_WEIGHTS = (0.55, 0.15, 0.15, 0.15)
HOUSES = ("baratheon", "greyjoy", "lannister", "martell", "stark", "targaryen", "thenightswatch", "tyrell")
HOUSE_LINE = {"baratheon": "House Baratheon", "greyjoy": "House Greyjoy", "lannister": "House Lannister",
              "martell": "House Martell", "stark": "House Stark", "targaryen": "House Targaryen",
              "thenightswatch": "The Night's Watch", "tyrell": "House Tyrell"}
# Draft, variant and redesign sets are left out of the pool of photographed cards and of the decks.
SKIP_PACKS = {"ToJ", "VDS", "VHotK", "VKm", "R", "R2"}

# (file, has real small capitals)
TITLE_FACES = (
    ("alegreya-sans-sc-latin-700-normal.woff", True, 3.0),
    ("alegreya-sans-sc-latin-500-normal.woff", True, 2.0),
    ("cormorant-sc-latin-700-normal.woff", True, 1.5),
    ("spectral-sc-latin-500-normal.woff", True, 1.5),
    ("forum-latin-400-normal.woff", False, 2.0),
)
RULES = "alegreya-sans-latin-400-normal.woff"
RULES_B = "alegreya-sans-latin-700-normal.woff"
RULES_I = "alegreya-sans-latin-400-italic.woff"
TRAITS = "crimson-text-latin-400-italic.woff"
NUMBERS = "alegreya-sans-sc-latin-700-normal.woff"

FACTION_COLOURS: dict[str, dict[str, tuple[int, int, int]]] = {
    "stark": {"frame": (208, 210, 208), "accent": (118, 124, 130), "dark": (64, 70, 76)},
    "lannister": {"frame": (142, 22, 30), "accent": (208, 168, 72), "dark": (78, 10, 16)},
    "baratheon": {"frame": (218, 172, 42), "accent": (122, 82, 20), "dark": (112, 82, 22)},
    "greyjoy": {"frame": (28, 88, 92), "accent": (150, 192, 186), "dark": (12, 44, 48)},
    "martell": {"frame": (224, 120, 32), "accent": (250, 204, 92), "dark": (122, 56, 12)},
    "thenightswatch": {"frame": (32, 32, 34), "accent": (156, 156, 156), "dark": (10, 10, 10)},
    "targaryen": {"frame": (28, 20, 20), "accent": (176, 26, 26), "dark": (92, 10, 10)},
    "tyrell": {"frame": (46, 122, 52), "accent": (206, 192, 84), "dark": (20, 60, 26)},
    "neutral": {"frame": (202, 184, 142), "accent": (122, 100, 70), "dark": (112, 96, 70)},
}
ICON_COLOURS = {"military": (178, 28, 28), "intrigue": (40, 128, 60), "power": (92, 60, 150)}


# --------------------------------------------------------------------------------------------------------- card data
@dataclass
class CardData:
    code: str
    name: str
    type: str
    faction: str
    unique: bool
    cost: Any
    strength: Any
    icons: dict[str, bool]
    traits: list[str]
    text: str
    flavor: str
    illustrator: str
    pack: str
    pack_name: str
    deck_limit: int


@dataclass
class Pool:
    photo: dict[tuple[str, str], list[CardData]] = field(default_factory=dict)  # (type, faction) -> cards
    filler: dict[str, list[CardData]] = field(default_factory=dict)  # faction -> draw cards
    plots: dict[str, list[CardData]] = field(default_factory=dict)


def load_pool(data: Path = DATA) -> Pool:
    cards: list[CardData] = []
    printings: dict[str, int] = {}
    for path in sorted(glob.glob(str(data / "packs" / "*.json"))):
        pack = json.loads(Path(path).read_text(encoding="utf-8"))
        for c in pack["cards"]:
            printings[c["name"]] = printings.get(c["name"], 0) + 1
            if pack["code"] in SKIP_PACKS:
                continue
            cards.append(CardData(
                code=c["code"], name=c["name"], type=c["type"], faction=c["faction"], unique=bool(c.get("unique")),
                cost=c.get("cost"), strength=c.get("strength"), icons=c.get("icons") or {},
                traits=list(c.get("traits") or []), text=c.get("text") or "", flavor=c.get("flavor") or "",
                illustrator=c.get("illustrator") or "", pack=pack["code"], pack_name=pack["name"],
                deck_limit=int(c.get("deckLimit") or 3)))
    pool = Pool()
    seen: dict[str, set[str]] = {}
    for c in cards:
        if c.type in TYPES and printings[c.name] == 1:  # one printing: the code of a title is not in doubt
            pool.photo.setdefault((c.type, c.faction), []).append(c)
        if c.type in TYPES and c.name not in seen.setdefault(c.faction, set()):
            seen[c.faction].add(c.name)
            pool.filler.setdefault(c.faction, []).append(c)
        if c.type == "plot" and c.name not in seen.setdefault("plot" + c.faction, set()):
            seen["plot" + c.faction].add(c.name)
            pool.plots.setdefault(c.faction, []).append(c)
    return pool


# ------------------------------------------------------------------------------------------------------------ fonts
@lru_cache(maxsize=512)
def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / name), max(4, int(size)))


@lru_cache(maxsize=64)
def cap_ratio(name: str) -> float:
    """Capital height / font size."""
    f = font(name, 200)
    top = f.getbbox("H", anchor="ls")[1]
    return -top / 200.0


# -------------------------------------------------------------------------------------------------------- textures
def smooth_noise(h: int, w: int, cells: tuple[int, int], rng: np.random.Generator, ch: int = 1) -> np.ndarray:
    small = rng.standard_normal((max(2, cells[0]), max(2, cells[1]), ch)).astype(np.float32)
    out = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return out.reshape(h, w, ch)


def parchment(w: int, h: int, rng: np.random.Generator, base: tuple[int, int, int], amount: float = 1.0) -> np.ndarray:
    img = np.empty((h, w, 3), np.float32)
    img[:] = np.array(base, np.float32)
    img += smooth_noise(h, w, (5, 4), rng) * 7 * amount
    img += smooth_noise(h, w, (h // 12 + 2, w // 12 + 2), rng) * 4 * amount
    img += rng.standard_normal((h, w, 1)).astype(np.float32) * 3 * amount
    # a darker rim, like an aged plate
    yy = np.linspace(-1, 1, h, dtype=np.float32)[:, None]
    xx = np.linspace(-1, 1, w, dtype=np.float32)[None, :]
    rim = np.clip(np.maximum(np.abs(xx) ** 6, np.abs(yy) ** 6), 0, 1)[..., None]
    img -= rim * 25 * amount
    return np.clip(img, 0, 255)


def palette(rng: np.random.Generator, faction: str) -> list[np.ndarray]:
    """Muted colours: the house's, some earth tones and a sky."""
    f = FACTION_COLOURS[faction]
    earth = np.array([110, 98, 84], np.float32)
    base = [np.array(f["frame"], np.float32), np.array(f["accent"], np.float32), np.array(f["dark"], np.float32)]
    extra = [np.array(rng.integers(30, 220, 3), np.float32) for _ in range(3)]
    cols = [c * 0.55 + earth * 0.45 for c in base + extra]
    sky = np.array([rng.integers(90, 200), rng.integers(100, 200), rng.integers(110, 215)], np.float32)
    if rng.random() < 0.3:  # dusk, fire or night
        sky = np.array([rng.integers(150, 230), rng.integers(70, 140), rng.integers(40, 100)], np.float32)
    if rng.random() < 0.2:
        sky = np.array([rng.integers(20, 60), rng.integers(25, 60), rng.integers(40, 80)], np.float32)
    return [*cols, sky]


def make_art(w: int, h: int, rng: np.random.Generator, faction: str) -> np.ndarray:
    """A painting-like picture: a sky and ground, silhouettes, a figure or two, light, brush strokes."""
    pal = palette(rng, faction)
    top = pal[6]
    bottom = pal[int(rng.integers(0, 6))] * rng.uniform(0.4, 0.9)
    horizon = rng.uniform(0.35, 0.75)
    yy = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    t = np.clip((yy - horizon + 0.25) / 0.5, 0, 1)
    img = (top * (1 - t) + bottom * t) * np.ones((1, w, 1), np.float32)
    img += smooth_noise(h, w, (4, 4), rng, 1) * 14 + smooth_noise(h, w, (3, 3), rng, 3) * 6
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(pil)

    def colour(scale: tuple[float, float]) -> tuple[int, ...]:
        return tuple(int(v) for v in np.clip(pal[int(rng.integers(0, 6))] * rng.uniform(*scale), 0, 255))

    # far silhouettes: hills, towers
    for _layer in range(int(rng.integers(1, 4))):
        col = colour((0.3, 0.8))
        base_y = h * (horizon + rng.uniform(-0.1, 0.15))
        pts = [(0, h)]
        x = 0.0
        while x < w:
            pts.append((x, base_y - rng.uniform(0, h * 0.18)))
            if rng.random() < 0.15:  # a tower
                tw = rng.uniform(0.03, 0.08) * w
                th = rng.uniform(0.1, 0.3) * h
                pts += [(x, base_y - th), (x + tw / 2, base_y - th - tw * 0.8), (x + tw, base_y - th)]
                x += tw
            x += rng.uniform(0.04, 0.15) * w
        pts += [(w, base_y), (w, h)]
        d.polygon(pts, fill=col)
    # figures
    for _ in range(int(rng.integers(1, 3))):
        cx = rng.uniform(0.25, 0.75) * w
        size = rng.uniform(0.3, 0.65) * h
        col = colour((0.6, 1.2))
        skin = tuple(int(v) for v in (rng.uniform(150, 225), rng.uniform(110, 170), rng.uniform(80, 140)))
        top_y = h - size * 1.4
        d.polygon([(cx - size * 0.38, h), (cx - size * 0.24, top_y + size * 0.36), (cx + size * 0.24,
                   top_y + size * 0.36), (cx + size * 0.38, h)], fill=col)
        d.polygon([(cx - size * 0.24, top_y + size * 0.36), (cx, top_y + size * 0.7), (cx + size * 0.24,
                   top_y + size * 0.36)], fill=colour((0.3, 0.7)))  # a collar or cloak
        d.ellipse([cx - size * 0.12, top_y + 0.05 * size, cx + size * 0.12, top_y + size * 0.38], fill=skin)
        hair = tuple(int(v) for v in rng.integers(10, 120, 3))
        d.chord([cx - size * 0.13, top_y, cx + size * 0.13, top_y + size * 0.3], 180, 360, fill=hair)
        if rng.random() < 0.5:  # a weapon or a banner pole
            x2 = cx + rng.uniform(-0.5, 0.5) * size
            d.line([(cx + size * 0.2, h - size * 0.4), (x2, top_y - size * 0.3)], fill=(175, 175, 185),
                   width=max(2, int(size * 0.03)))
    pil = pil.filter(ImageFilter.GaussianBlur(rng.uniform(0.8, 2.0)))
    # brush strokes in the picture's own colours
    arr = np.asarray(pil)
    over = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    od = ImageDraw.Draw(over)
    for _ in range(int(rng.integers(400, 1000))):
        x, y = float(rng.uniform(0, w)), float(rng.uniform(0, h))
        base = arr[min(h - 1, int(y)), min(w - 1, int(x))].astype(np.float32)
        col = tuple(int(v) for v in np.clip(base * rng.uniform(0.75, 1.3) + rng.normal(0, 10, 3), 0, 255))
        length = rng.uniform(4, 40)
        ang = rng.normal(0.3, 0.6)
        od.line([(x, y), (x + length * math.cos(ang), y + length * math.sin(ang))], fill=(*col, 150),
                width=int(rng.integers(2, 7)))
    pil = Image.alpha_composite(pil.convert("RGBA"), over).convert("RGB").filter(ImageFilter.GaussianBlur(0.7))
    img = np.asarray(pil).astype(np.float32)
    lx = rng.uniform(-1, 1)
    xx = np.linspace(-1, 1, w, dtype=np.float32)[None, :, None]
    img *= 0.85 + 0.25 * (1 - np.abs(xx - lx)) * rng.uniform(0.5, 1)
    img += rng.standard_normal((h, w, 1)).astype(np.float32) * 3
    return np.clip(img, 0, 255)


# ------------------------------------------------------------------------------------------------------- rich text
def text_tokens(text: str) -> list[list[tuple[str, str, bool]]]:
    """Paragraphs of (kind, value, space-before) with kind 'r', 'b', 'i' or 'icon'."""
    text = text.replace("</ b>", "</b>").replace("<em>", "<i>").replace("</em>", "</i>")
    parts = re.split(r"(<b>|</b>|<i>|</i>|\[[a-z]+\]|\n|<[^>]+>)", text)
    bold = ital = False
    paras: list[list[tuple[str, str, bool]]] = [[]]
    pending_space = False
    for p in parts:
        if not p:
            continue
        if p == "<b>":
            bold = True
        elif p == "</b>":
            bold = False
        elif p == "<i>":
            ital = True
        elif p == "</i>":
            ital = False
        elif p == "\n":
            paras.append([])
            pending_space = False
        elif p.startswith("<"):
            continue
        elif p.startswith("["):
            paras[-1].append(("icon", p[1:-1], pending_space))
            pending_space = False
        else:
            for piece in re.split(r"(\s+)", p):
                if not piece:
                    continue
                if piece.isspace():
                    pending_space = True
                    continue
                paras[-1].append(("b" if bold else "i" if ital else "r", piece, pending_space))
                pending_space = False
    return [p for p in paras if p]


def draw_icon(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, ring: bool = True) -> None:
    if kind in ICON_COLOURS:
        col = ICON_COLOURS[kind]
    else:
        col = FACTION_COLOURS.get(kind, FACTION_COLOURS["neutral"])["accent"]
    if ring:
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=col, outline=(20, 16, 12), width=max(1, int(r * 0.12)))
    white = (245, 240, 228)
    s = r * 0.6
    if kind == "military":  # a sword
        d.line([(cx - s, cy + s), (cx + s, cy - s)], fill=white, width=max(1, int(r * 0.22)))
        d.line([(cx - s * 0.6, cy), (cx, cy + s * 0.6)], fill=white, width=max(1, int(r * 0.18)))
    elif kind == "intrigue":  # an eye
        d.ellipse([cx - s, cy - s * 0.5, cx + s, cy + s * 0.5], outline=white, width=max(1, int(r * 0.15)))
        d.ellipse([cx - s * 0.3, cy - s * 0.3, cx + s * 0.3, cy + s * 0.3], fill=white)
    elif kind == "power":  # a crown
        d.polygon([(cx - s, cy + s * 0.6), (cx - s, cy - s * 0.4), (cx - s * 0.5, cy + s * 0.1), (cx, cy - s * 0.7),
                   (cx + s * 0.5, cy + s * 0.1), (cx + s, cy - s * 0.4), (cx + s, cy + s * 0.6)], fill=white)
    else:
        emblem(d, kind, cx, cy, s, white)


def emblem(d: ImageDraw.ImageDraw, faction: str, cx: float, cy: float, s: float, col: tuple[int, int, int]) -> None:
    """A small geometric house emblem."""
    w = max(1, int(s * 0.18))
    if faction == "stark":  # a wolf's head
        d.polygon([(cx - s, cy - s), (cx - s * 0.4, cy - s * 0.3), (cx + s * 0.4, cy - s * 0.3), (cx + s, cy - s),
                   (cx + s * 0.7, cy + s * 0.1), (cx, cy + s), (cx - s * 0.7, cy + s * 0.1)], fill=col)
    elif faction == "lannister":  # a lion's mane
        for k in range(10):
            a = k * math.pi / 5
            d.line([(cx, cy), (cx + s * math.cos(a), cy + s * math.sin(a))], fill=col, width=w)
        d.ellipse([cx - s * 0.5, cy - s * 0.5, cx + s * 0.5, cy + s * 0.5], fill=col)
    elif faction == "baratheon":  # antlers
        d.line([(cx, cy + s), (cx, cy - s * 0.2)], fill=col, width=w)
        for sx in (-1, 1):
            d.line([(cx, cy - s * 0.2), (cx + sx * s, cy - s)], fill=col, width=w)
            d.line([(cx + sx * s * 0.5, cy - s * 0.6), (cx + sx * s * 0.2, cy - s)], fill=col, width=w)
    elif faction == "greyjoy":  # a kraken
        d.ellipse([cx - s * 0.4, cy - s, cx + s * 0.4, cy - s * 0.1], fill=col)
        for k in range(-2, 3):
            d.arc([cx + k * s * 0.35 - s * 0.3, cy - s * 0.2, cx + k * s * 0.35 + s * 0.3, cy + s], 90, 270, fill=col,
                  width=w)
    elif faction == "martell":  # a sun and spear
        d.ellipse([cx - s * 0.55, cy - s * 0.55, cx + s * 0.55, cy + s * 0.55], outline=col, width=w)
        d.line([(cx - s, cy + s), (cx + s, cy - s)], fill=col, width=w)
    elif faction == "thenightswatch":  # a shield
        d.polygon([(cx - s * 0.8, cy - s), (cx + s * 0.8, cy - s), (cx + s * 0.8, cy), (cx, cy + s),
                   (cx - s * 0.8, cy)], outline=col, width=w)
    elif faction == "targaryen":  # three heads
        for k in (-1, 0, 1):
            d.polygon([(cx + k * s * 0.6, cy - s + abs(k) * s * 0.3), (cx + k * s * 0.6 - s * 0.3, cy + s * 0.2),
                       (cx + k * s * 0.6 + s * 0.3, cy + s * 0.2)], fill=col)
        d.rectangle([cx - s * 0.9, cy + s * 0.2, cx + s * 0.9, cy + s * 0.5], fill=col)
    elif faction == "tyrell":  # a rose
        for k in range(3):
            r = s * (1 - k * 0.3)
            d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=col, width=w)
    else:
        d.polygon([(cx, cy - s), (cx + s, cy), (cx, cy + s), (cx - s, cy)], outline=col, width=w)


def layout_rules(tokens: list[list[tuple[str, str, bool]]], size: int, width: float
                 ) -> tuple[list[list[tuple[str, str, float]]], float]:
    """Lines of (kind, value, x) and the line height."""
    fonts = {"r": font(RULES, size), "b": font(RULES_B, size), "i": font(RULES_I, size)}
    space = fonts["r"].getlength(" ")
    lines: list[list[tuple[str, str, float]]] = []
    for para in tokens:
        line: list[tuple[str, str, float]] = []
        x = 0.0
        for kind, value, sp in para:
            wdt = size * 0.95 if kind == "icon" else fonts[kind].getlength(value)
            gap = space if (sp and line) else 0.0
            if line and x + gap + wdt > width:
                lines.append(line)
                line, x, gap = [], 0.0, 0.0
            line.append((kind, value, x + gap))
            x += gap + wdt
        lines.append(line)
    return lines, size * 1.18


def draw_rules(img: Image.Image, card: CardData, box: tuple[float, float, float, float], rng: np.random.Generator,
               ink: tuple[int, int, int] = (34, 28, 22)) -> None:
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    y = y0
    if card.traits:
        tsize = int(CH * rng.uniform(0.021, 0.025))
        tf = font(TRAITS, tsize)
        traits = ". ".join(card.traits) + "."
        tw = tf.getlength(traits)
        d.text(((x0 + x1) / 2 - tw / 2, y), traits, font=tf, fill=ink)
        y += tsize * 1.5
    tokens = text_tokens(card.text)
    flavor = re.sub(r"<[^>]+>", "", card.flavor).strip() if rng.random() < 0.8 else ""
    size = int(CH * rng.uniform(0.027, 0.031))
    while True:
        lines, lh = layout_rules(tokens, size, x1 - x0)
        need = len(lines) * lh + (size * 1.5 if flavor else 0)
        if y + need <= y1 or size <= 14:
            break
        size = int(size * 0.93)
    fonts = {"r": font(RULES, size), "b": font(RULES_B, size), "i": font(RULES_I, size)}
    for line in lines:
        if y + lh > y1 + lh * 0.3:
            break
        for kind, value, x in line:
            if kind == "icon":
                r = size * 0.42
                if value in ICON_COLOURS:
                    draw_icon(d, value, x0 + x + r, y + size * 0.62, r)
                else:
                    emblem(d, value, x0 + x + r, y + size * 0.62, r * 0.9, ink)
            else:
                d.text((x0 + x, y), value, font=fonts[kind], fill=ink)
        y += lh
    if flavor and y + size * 1.3 < y1:
        ff = font(TRAITS, int(size * 0.95))
        y += size * 0.3
        words = flavor.split()
        line = ""
        for w in words:
            t = (line + " " + w).strip()
            if ff.getlength(t) > (x1 - x0) * 0.92 and line:
                if y + size * 1.15 > y1:
                    return
                d.text(((x0 + x1) / 2 - ff.getlength(line) / 2, y), line, font=ff, fill=ink)
                y += size * 1.1
                line = w
            else:
                line = t
        if line and y + size * 1.15 <= y1:
            d.text(((x0 + x1) / 2 - ff.getlength(line) / 2, y), line, font=ff, fill=ink)


# ------------------------------------------------------------------------------------------------------------ title
def rosette(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, col: int) -> None:
    pts = []
    for k in range(16):
        a = k * math.pi / 8 - math.pi / 2
        rr = r if k % 2 == 0 else r * 0.55
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    d.polygon(pts, fill=col)
    d.ellipse([cx - r * 0.22, cy - r * 0.22, cx + r * 0.22, cy + r * 0.22], fill=0)


def title_mask(text: str, face: tuple[str, bool], cap: float, tracking: float, unique: bool
               ) -> tuple[Image.Image, float, float]:
    """A white-on-black mask of the title; returns it, the y of the capitals' middle and the real cap height."""
    name, native = face
    size = round(cap / cap_ratio(name))
    big = font(name, size)
    small = big if native else font(name, round(size * 0.8))
    real_cap = -big.getbbox("H", anchor="ls")[1]
    items = [(ch, big) if (native or not ch.islower()) else (ch.upper(), small) for ch in text]
    track = tracking * real_cap
    advances = [f.getlength(ch) + track for ch, f in items]
    lead = real_cap * 1.35 if unique else 0.0
    ascent, descent = big.getmetrics()
    w = int(lead + sum(advances) + real_cap) + 4
    h = int(ascent + descent + 4)
    mask = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(mask)
    base = ascent + 2
    if unique:
        rosette(d, real_cap * 0.5 + 2, base - real_cap * 0.5, real_cap * 0.45, 255)
    x = lead + 2
    for (ch, f), adv in zip(items, advances, strict=False):
        d.text((x, base), ch, font=f, fill=255, anchor="ls")
        x += adv
    bbox = mask.getbbox() or (0, 0, w, h)
    mask = mask.crop((bbox[0], 0, bbox[2], h))
    return mask, base - real_cap / 2, real_cap


@dataclass
class TitleInfo:
    centre: tuple[float, float]  # card px
    up: tuple[float, float]  # unit vector, the glyphs' up
    cap: float  # card px
    box: tuple[float, float, float, float]  # the plate that holds the title (card px), kept clear of overlaps


def place_title(img: Image.Image, card: CardData, box: tuple[float, float, float, float], colour: tuple[int, int, int],
                rng: np.random.Generator, face: tuple[str, bool], vertical: bool = False) -> TitleInfo:
    x0, y0, x1, y1 = box
    along = (y1 - y0) if vertical else (x1 - x0)
    room = along * 0.92
    cap = CH * rng.uniform(0.0235, 0.027)
    tracking = rng.uniform(0.0, 0.08)
    mask, mid, real = title_mask(card.name, face, cap, tracking, card.unique)
    if mask.width > room:
        shrink = max(0.82, room / mask.width)
        mask, mid, real = title_mask(card.name, face, cap * shrink, tracking * 0.3, card.unique)
    if mask.width > room:  # condensed, as long names are on print
        mask = mask.resize((int(room), mask.height), Image.LANCZOS)
    shadow = None
    if vertical:
        mask = mask.rotate(90, expand=True)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        px, py = round(cx - mid), round(cy - mask.height / 2)
        up = (-1.0, 0.0)
    else:
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        px, py = round(cx - mask.width / 2), round(cy - mid)
        up = (0.0, -1.0)
    if sum(colour) > 400:  # light lettering: a thin dark edge under it
        shadow = mask.filter(ImageFilter.GaussianBlur(1.5))
        img.paste((0, 0, 0), (px + 1, py + 2), shadow)
    img.paste(colour, (px, py), mask)
    return TitleInfo((cx, cy), up, real, box)


# ------------------------------------------------------------------------------------------------------------- card
def rounded_mask(w: int, h: int, r: float, inset: float = 0) -> Image.Image:
    m = Image.new("L", (w, h), 0)
    ImageDraw.Draw(m).rounded_rectangle([inset, inset, w - 1 - inset, h - 1 - inset], radius=r, fill=255)
    return m


def paste_array(img: Image.Image, arr: np.ndarray, x: int, y: int, mask: Image.Image | None = None) -> None:
    img.paste(Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)), (x, y), mask)


def banner_shape(w: int, h: int, style: int) -> Image.Image:
    m = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(m)
    n = h * 0.35
    if style == 0:  # notched ends
        d.polygon([(0, 0), (w, 0), (w - n, h / 2), (w, h), (0, h), (n, h / 2)], fill=255)
    elif style == 1:  # pointed ends
        d.polygon([(n, 0), (w - n, 0), (w, h / 2), (w - n, h), (n, h), (0, h / 2)], fill=255)
    else:  # a scroll: rounded plate
        d.rounded_rectangle([0, 0, w - 1, h - 1], radius=h * 0.45, fill=255)
    return m


def cost_disc(img: Image.Image, cx: float, cy: float, r: float, value: Any,
              fc: dict[str, tuple[int, int, int]]) -> None:
    d = ImageDraw.Draw(img)
    d.ellipse([cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4], fill=fc["accent"])
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(24, 20, 18))
    if value is None:
        return
    t = "-" if value == "" else str(value)
    f = font(NUMBERS, int(r * 1.3))
    d.text((cx, cy), t, font=f, fill=(240, 232, 210), anchor="mm")


def faction_disc(img: Image.Image, cx: float, cy: float, r: float, faction: str) -> None:
    fc = FACTION_COLOURS[faction]
    d = ImageDraw.Draw(img)
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fc["dark"], outline=fc["accent"], width=max(2, int(r * 0.12)))
    light = {"stark": (230, 232, 234), "baratheon": (246, 226, 150)}
    emblem(d, faction, cx, cy, r * 0.6, light.get(faction, fc["accent"]))


def render_card(card: CardData, rng: np.random.Generator, face: tuple[str, bool]) -> tuple[np.ndarray, TitleInfo]:
    """The card face (RGBA, CW x CH) and where its title is."""
    fc = FACTION_COLOURS[card.faction]
    border = np.array([18, 16, 14], np.float32) + rng.uniform(-4, 6)
    img = Image.new("RGB", (CW, CH), tuple(int(v) for v in border))
    b1 = 2.7 * PX_MM
    b2 = b1 + rng.uniform(1.0, 1.6) * PX_MM
    # the faction frame: a bevelled band
    frame = parchment(CW, CH, rng, fc["frame"], 0.8)
    fm = rounded_mask(CW, CH, 2.2 * PX_MM, b1)
    paste_array(img, frame, 0, 0, fm)
    inner = rounded_mask(CW, CH, 1.2 * PX_MM, b2)
    ix0, iy0, ix1, _iy1 = b2, b2, CW - b2, CH - b2
    dark = tuple(int(v * 0.6) for v in fc["dark"])
    img.paste(dark, (0, 0), inner)
    d = ImageDraw.Draw(img)
    light = tuple(int(v) for v in np.clip(np.array([236, 224, 194]) + rng.uniform(-14, 10, 3), 0, 255))
    textbox_col = tuple(int(v) for v in np.clip(np.array([240, 232, 212]) + rng.uniform(-14, 8, 3), 0, 255))
    ink = (28, 22, 18)
    kind = card.type
    style = int(rng.integers(0, 3))

    def art(x0: float, y0: float, x1: float, y1: float) -> None:
        a = make_art(int(x1 - x0), int(y1 - y0), rng, card.faction)
        paste_array(img, a, int(x0), int(y0))

    def textbox(x0: float, y0: float, x1: float, y1: float) -> None:
        d.rectangle([x0 - 5, y0 - 5, x1 + 5, y1 + 5], fill=fc["frame"])
        d.rectangle([x0 - 2, y0 - 2, x1 + 2, y1 + 2], fill=fc["dark"])
        paste_array(img, parchment(int(x1 - x0), int(y1 - y0), rng, textbox_col, 0.6), int(x0), int(y0))
        pad = CW * 0.035
        draw_rules(img, card, (x0 + pad, y0 + pad * 0.6, x1 - pad, y1 - pad * 0.4), rng)

    def plate(box: tuple[float, float, float, float], col: tuple[int, int, int], shape: int) -> None:
        x0, y0, x1, y1 = (int(v) for v in box)
        w, h = x1 - x0, y1 - y0
        m = banner_shape(w + 12, h + 12, shape)
        img.paste(fc["accent"], (x0 - 6, y0 - 6), m)
        m2 = banner_shape(w, h, shape)
        paste_array(img, parchment(w, h, rng, col, 0.7), x0, y0, m2)

    def credits(y: float) -> None:
        f = font(RULES, int(CH * 0.012))
        col = (200, 196, 186) if sum(fc["dark"]) < 400 else (30, 26, 22)
        if card.illustrator:
            d.text((ix0 + CW * 0.03, y), "Illus. " + card.illustrator, font=f, fill=col)
        num = f"{card.pack} {int(card.code[2:]) if card.code[2:].isdigit() else card.code}"
        d.text((ix1 - CW * 0.03 - f.getlength(num), y), num, font=f, fill=col)

    if kind == "character":
        art(ix0, iy0, ix1, CH * 0.60)
        textbox(ix0 + CW * 0.02, CH * 0.665, ix1 - CW * 0.02, CH * 0.925)
        credits(CH * 0.933)
        top, bot = CH * rng.uniform(0.572, 0.585), CH * rng.uniform(0.652, 0.662)
        box = (CW * 0.19, top, CW * 0.955, bot)
        plate(box, light, style)
        info = place_title(img, card, (box[0] + CW * 0.04, top, box[2] - CW * 0.06, bot), ink, rng, face)
        info.box = box
        # STR shield, left of the banner
        sx, sy, sr = CW * 0.115, (top + bot) / 2, CW * 0.075
        d.polygon([(sx - sr, sy - sr), (sx + sr, sy - sr), (sx + sr, sy + sr * 0.3), (sx, sy + sr * 1.2),
                   (sx - sr, sy + sr * 0.3)], fill=fc["dark"], outline=fc["accent"], width=5)
        strength = "X" if card.strength is None else str(card.strength)
        d.text((sx, sy - sr * 0.05), strength, font=font(NUMBERS, int(sr * 1.4)), fill=(244, 238, 220), anchor="mm")
        cost_disc(img, CW * 0.13, CH * 0.085, CW * 0.06, card.cost, fc)
        y = CH * 0.175
        for icon in ("military", "intrigue", "power"):
            if card.icons.get(icon):
                draw_icon(d, icon, CW * 0.13, y, CW * 0.05)
                y += CW * 0.125
        faction_disc(img, CW * 0.87, CH * 0.08, CW * 0.06, card.faction)
    elif kind == "attachment":
        art(ix0, iy0, ix1, CH * 0.56)
        textbox(ix0 + CW * 0.02, CH * 0.57, ix1 - CW * 0.02, CH * 0.855)
        top, bot = CH * rng.uniform(0.868, 0.878), CH * rng.uniform(0.945, 0.955)
        box = (CW * 0.07, top, CW * 0.93, bot)
        plate(box, light, 2 if style == 1 else style)
        info = place_title(img, card, (box[0] + CW * 0.05, top, box[2] - CW * 0.05, bot), ink, rng, face)
        info.box = box
        f = font(RULES, int(CH * 0.011))
        d.text((CW * 0.5, CH * 0.962), f"Illus. {card.illustrator}", font=f, fill=(190, 186, 176), anchor="mm")
        cost_disc(img, CW * 0.13, CH * 0.085, CW * 0.06, card.cost, fc)
        faction_disc(img, CW * 0.87, CH * 0.08, CW * 0.06, card.faction)
    elif kind == "location":
        sx0, sx1 = CW * 0.04, CW * 0.165
        art(sx1 + CW * 0.01, iy0, ix1, CH * 0.555)
        textbox(sx1 + CW * 0.03, CH * 0.575, ix1 - CW * 0.02, CH * 0.925)
        credits(CH * 0.935)
        top = CH * rng.uniform(0.16, 0.2)
        box = (sx0, top, sx1, CH * 0.955)
        x0, y0, x1, y1 = (int(v) for v in box)
        d.rectangle([x0 - 5, y0 - 5, x1 + 5, y1 + 5], fill=fc["accent"])
        paste_array(img, parchment(x1 - x0, y1 - y0, rng, light, 0.7), x0, y0)
        info = place_title(img, card, (x0, y0 + CH * 0.03, x1, y1 - CH * 0.03), ink, rng, face, vertical=True)
        info.box = box
        cost_disc(img, CW * 0.105, CH * 0.085, CW * 0.06, card.cost, fc)
        faction_disc(img, CW * 0.87, CH * 0.08, CW * 0.06, card.faction)
    else:  # event
        dark_plate = rng.random() < 0.5
        top, bot = CH * rng.uniform(0.035, 0.045), CH * rng.uniform(0.105, 0.115)
        box = (CW * 0.21, top, CW * 0.955, bot)
        art(ix0, bot + CH * 0.01, ix1, CH * 0.51)
        textbox(ix0 + CW * 0.02, CH * 0.525, ix1 - CW * 0.02, CH * 0.925)
        credits(CH * 0.933)
        if dark_plate:
            x0, y0, x1, y1 = (int(v) for v in box)
            d.rectangle([x0, y0 - 4, x1, y1 + 4], fill=fc["accent"])
            paste_array(img, parchment(x1 - x0, y1 - y0, rng, tuple(int(v * 0.5) for v in fc["dark"]), 0.6), x0, y0)
            colour = (236, 226, 200)
        else:
            plate(box, light, style)
            colour = ink
        info = place_title(img, card, (box[0] + CW * 0.03, top, box[2] - CW * 0.04, bot), colour, rng, face)
        info.box = box
        cost_disc(img, CW * 0.12, CH * 0.075, CW * 0.065, card.cost, fc)
        faction_disc(img, CW * 0.12, CH * 0.19, CW * 0.055, card.faction)
    arr = np.asarray(img).astype(np.uint8)
    alpha = np.asarray(rounded_mask(CW, CH, 3.0 * PX_MM))
    return np.dstack([arr, alpha]), info


def sleeve(card: np.ndarray, kind: str, rng: np.random.Generator) -> tuple[np.ndarray, float]:
    """The card in a sleeve: RGBA with a margin; returns it and the margin in px."""
    m = int(rng.uniform(1.3, 2.0) * PX_MM)
    h, w = card.shape[:2]
    out = np.zeros((h + 2 * m, w + 2 * m, 4), np.float32)
    colours = {"black": (14, 14, 16), "white": (236, 236, 232), "clear": (235, 238, 240)}
    col = colours.get(kind) or tuple(int(v) for v in rng.integers(20, 150, 3))
    out[..., :3] = col
    shape = np.asarray(rounded_mask(w + 2 * m, h + 2 * m, 3.0 * PX_MM + m * 0.6)).astype(np.float32) / 255
    out[..., 3] = shape * (0.28 if kind == "clear" else 1.0) * 255
    a = card[..., 3:4].astype(np.float32) / 255
    inner = out[m:m + h, m:m + w]
    inner[..., :3] = card[..., :3] * a + inner[..., :3] * (1 - a)
    inner[..., 3] = np.maximum(inner[..., 3], card[..., 3])
    # the front film: a faint haze and, often, a sheen band
    out[..., :3] = out[..., :3] * 0.96 + 255 * 0.04
    if rng.random() < 0.6:
        hh, ww = out.shape[:2]
        yy, xx = np.mgrid[0:hh, 0:ww].astype(np.float32)
        ang = rng.uniform(0, math.pi)
        dist = (xx - ww * rng.uniform(0.2, 0.8)) * math.cos(ang) + (yy - hh * rng.uniform(0.2, 0.8)) * math.sin(ang)
        band = np.exp(-(dist / (ww * rng.uniform(0.05, 0.2))) ** 2)[..., None] * rng.uniform(0.1, 0.4)
        out[..., :3] = out[..., :3] * (1 - band) + 255 * band
    return np.clip(out, 0, 255).astype(np.uint8), float(m)


# ----------------------------------------------------------------------------------------------------------- table
def value_noise(X: np.ndarray, Y: np.ndarray, sx: float, sy: float, rng: np.random.Generator) -> np.ndarray:
    """Smooth noise of table coordinates (mm), with cells sx by sy mm."""
    x0, x1, y0, y1 = float(X.min()), float(X.max()), float(Y.min()), float(Y.max())
    nx = min(4000, int((x1 - x0) / sx) + 4)
    ny = min(4000, int((y1 - y0) / sy) + 4)
    lattice = rng.standard_normal((ny, nx)).astype(np.float32)
    mx = ((X - x0) / sx + 1).astype(np.float32)
    my = ((Y - y0) / sy + 1).astype(np.float32)
    return cv2.remap(lattice, mx, my, cv2.INTER_CUBIC, borderMode=cv2.BORDER_REFLECT)


def table_texture(kind: str, X: np.ndarray, Y: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    h, w = X.shape
    ang = rng.uniform(0, math.pi)
    U = X * math.cos(ang) + Y * math.sin(ang)
    V = -X * math.sin(ang) + Y * math.cos(ang)
    out = np.zeros((h, w, 3), np.float32)
    if kind in ("dark wood", "light wood"):
        base = np.array((62, 38, 24) if kind == "dark wood" else (196, 156, 110), np.float32) * rng.uniform(0.8, 1.15)
        plank = rng.uniform(80, 160)
        idx = np.floor((V + 1000) / plank)
        tint = (np.sin(idx * 12.9898) * 43758.5453) % 1.0
        warp = value_noise(U, V, 120, 25, rng) * rng.uniform(3, 8)
        period = rng.uniform(2.5, 7)
        grain = 0.5 + 0.5 * np.sin((V + warp + tint * 50) * 2 * math.pi / period)
        streak = value_noise(U, V, 30, 0.7, rng)
        lum = 0.78 + 0.16 * grain + 0.07 * streak + 0.12 * (tint - 0.5)
        seam = np.abs(((V + 1000) / plank) % 1.0 - 0.5) > 0.497
        lum = np.where(seam, lum * 0.45, lum)
        out[:] = base
        out *= lum[..., None]
    elif kind == "dark cloth":
        base = np.array([(28, 30, 34), (22, 40, 30), (34, 26, 40), (20, 26, 44)][int(rng.integers(0, 4))], np.float32)
        folds = value_noise(X, Y, 60, 60, rng) * 0.12 + value_noise(X, Y, 15, 15, rng) * 0.05
        out[:] = base
        out *= (1 + folds)[..., None]
    elif kind == "playmat":
        out[:] = np.array(rng.integers(20, 120, 3), np.float32)
        for _ in range(int(rng.integers(4, 9))):
            col = np.array(rng.integers(0, 255, 3), np.float32)
            cx, cy = rng.uniform(-250, 250, 2)
            r = rng.uniform(40, 200)
            g = np.exp(-(((X - cx) ** 2 + (Y - cy) ** 2) / (2 * r * r)))[..., None]
            out = out * (1 - 0.8 * g) + col * 0.8 * g
        for _ in range(int(rng.integers(2, 6))):  # zone rings and lines
            col = np.array(rng.integers(120, 255, 3), np.float32)
            cx, cy = rng.uniform(-200, 200, 2)
            r = rng.uniform(50, 250)
            ring = np.abs(np.hypot(X - cx, Y - cy) - r) < rng.uniform(0.8, 3)
            out[ring] = out[ring] * 0.3 + col * 0.7
        detail = value_noise(X, Y, 6, 6, rng)
        out *= (1 + 0.12 * detail)[..., None]
    else:  # plain
        base = np.array([(200, 200, 196), (150, 150, 150), (225, 215, 195), (90, 95, 100)][int(rng.integers(0, 4))],
                        np.float32)
        out[:] = base
        out *= (1 + value_noise(X, Y, 150, 150, rng) * 0.04)[..., None]
    return np.clip(out, 0, 255)


# ------------------------------------------------------------------------------------------------------ the scene
RESOLUTIONS = ((1280, 960), (1600, 1200), (2048, 1536), (2592, 1944), (3264, 2448), (4000, 3000))


def rot(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]], np.float64)


def tr(x: float, y: float) -> np.ndarray:
    return np.array([[1, 0, x], [0, 1, y], [0, 0, 1]], np.float64)


def sc(s: float) -> np.ndarray:
    return np.array([[s, 0, 0], [0, s, 0], [0, 0, 1]], np.float64)


def apply(H: np.ndarray, pts: np.ndarray) -> np.ndarray:
    p = np.c_[pts, np.ones(len(pts))] @ H.T
    return p[:, :2] / p[:, 2:3]


def camera(rng: np.random.Generator) -> tuple[np.ndarray, float]:
    """Table mm -> normalised image (focal 1), and the tilt in degrees."""
    tilt = math.radians(min(30.0, abs(rng.normal(0, 13))))
    direction = rng.uniform(0, 2 * math.pi)
    a, b = tilt * math.cos(direction), tilt * math.sin(direction)
    g = math.radians(rng.normal(0, 4))
    Rx = np.array([[1, 0, 0], [0, math.cos(a), -math.sin(a)], [0, math.sin(a), math.cos(a)]])
    Ry = np.array([[math.cos(b), 0, math.sin(b)], [0, 1, 0], [-math.sin(b), 0, math.cos(b)]])
    Rz = np.array([[math.cos(g), -math.sin(g), 0], [math.sin(g), math.cos(g), 0], [0, 0, 1]])
    R = Rz @ Rx @ Ry
    D = rng.uniform(250, 450)
    H = np.column_stack([R[:, 0], R[:, 1], np.array([0, 0, D])])
    return H / H[2, 2], math.degrees(tilt)


@dataclass
class Placed:
    card: CardData
    rgba: np.ndarray
    info: TitleInfo
    margin: float  # sleeve margin, px
    A: np.ndarray | None = None  # card px -> table mm
    turn: float = 0.0


def card_poly(p: Placed, box: tuple[float, float, float, float] | None = None, grow: float = 0.0) -> np.ndarray:
    h, w = p.rgba.shape[:2]
    if box is None:
        x0, y0, x1, y1 = 0, 0, w, h
    else:
        m = p.margin
        x0, y0, x1, y1 = box[0] + m - grow, box[1] + m - grow, box[2] + m + grow, box[3] + m + grow
    return apply(p.A, np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64))


ART_BOXES = {"character": (0.08, 0.05, 0.92, 0.55), "attachment": (0.08, 0.05, 0.92, 0.52),
             "location": (0.2, 0.05, 0.92, 0.52), "event": (0.08, 0.13, 0.92, 0.48)}


def art_box(p: Placed) -> tuple[float, float, float, float]:
    """The art of a card, in card px (without the sleeve)."""
    x0, y0, x1, y1 = ART_BOXES[p.card.type]
    return (x0 * CW, y0 * CH, x1 * CW, y1 * CH)


class Raster:
    """Polygons on a table raster (1 px per mm) to test overlaps."""

    def __init__(self) -> None:
        self.k = 1.0
        self.off = 500.0
        self.n = int(2 * self.off * self.k)

    def mask(self, poly: np.ndarray) -> np.ndarray:
        m = np.zeros((self.n, self.n), np.uint8)
        cv2.fillPoly(m, [np.round((poly + self.off) * self.k).astype(np.int32)], 1)
        return m


def set_pose(p: Placed, cx: float, cy: float, angle: float) -> None:
    h, w = p.rgba.shape[:2]
    p.A = tr(cx, cy) @ rot(angle) @ sc(1 / PX_MM) @ tr(-w / 2, -h / 2)
    p.turn = angle


def lay_out(cards: list[Placed], rng: np.random.Generator, overlap: bool) -> bool:
    """Poses on the table; True when a card lies over another's art."""
    R = Raster()
    base_turn = 0.0
    r = rng.random()
    if r < 0.1:
        base_turn = math.pi  # the photo taken from the other side of the table
    def turn() -> float:
        t = base_turn + math.radians(rng.normal(0, 6))
        if rng.random() < 0.15:
            t += math.pi / 2 * (1 if rng.random() < 0.7 else -1)  # knelt
        return t

    set_pose(cards[0], 0.0, 0.0, turn())
    placed = [cards[0]]
    did_overlap = False
    for p in cards[1:]:
        ok = False
        if overlap and not did_overlap:
            under = placed[int(rng.integers(0, len(placed)))]
            art = R.mask(card_poly(under, art_box(under)))
            for _ in range(300):
                t = turn()
                ax0, ay0, ax1, ay1 = art_box(under)
                pt = apply(under.A, np.array([[rng.uniform(ax0, ax1) + under.margin,
                                               rng.uniform(ay0, ay1) + under.margin]]))[0]
                d = rng.uniform(35, 60)
                phi = rng.uniform(0, 2 * math.pi)
                set_pose(p, pt[0] + d * math.cos(phi), pt[1] + d * math.sin(phi), t)
                me = R.mask(card_poly(p))
                if (me & art).sum() < 0.12 * art.sum():
                    continue
                if any((me & R.mask(card_poly(q, q.info.box, 2.5 * PX_MM))).any() for q in placed):
                    continue
                if (me & R.mask(card_poly(under))).sum() > 0.45 * R.mask(card_poly(under)).sum():
                    continue
                if any((me & R.mask(card_poly(q))).any() for q in placed if q is not under):
                    continue
                ok = did_overlap = True
                break
        if not ok:
            for _ in range(400):
                t = turn()
                q = placed[int(rng.integers(0, len(placed)))]
                c = apply(q.A, np.array([[q.rgba.shape[1] / 2, q.rgba.shape[0] / 2]]))[0]
                phi = rng.choice([0, math.pi, math.pi / 2, -math.pi / 2], p=[0.4, 0.3, 0.15, 0.15]) + rng.normal(0, 0.3)
                d = rng.uniform(60, 110)
                set_pose(p, c[0] + d * math.cos(phi), c[1] + d * math.sin(phi), t)
                me = R.mask(card_poly(p, (-p.margin - 3 * PX_MM, -p.margin - 3 * PX_MM,
                                          p.rgba.shape[1] - p.margin + 3 * PX_MM,
                                          p.rgba.shape[0] - p.margin + 3 * PX_MM)))
                if any((me & R.mask(card_poly(o))).any() for o in placed):
                    continue
                ok = True
                break
        if not ok:
            return False
        placed.append(p)
    return did_overlap


def title_cap_px(p: Placed, M: np.ndarray) -> float:
    (cx, cy), (ux, uy), L = p.info.centre, p.info.up, p.info.cap
    m = p.margin
    a = apply(M, np.array([[cx + m - ux * L / 2, cy + m - uy * L / 2], [cx + m + ux * L / 2, cy + m + uy * L / 2]]))
    return float(np.hypot(*(a[1] - a[0])))


def composite(bg: np.ndarray, p: Placed, M: np.ndarray, rng: np.random.Generator, shadow: tuple[float, float, float]
              ) -> tuple[np.ndarray, tuple[slice, slice]]:
    """Draw the card (card px -> image by M) onto bg (float32, modified); returns its alpha and where it lies on
    the image (``bg[where]``)."""
    H, W = bg.shape[:2]
    h, w = p.rgba.shape[:2]
    corners = apply(M, np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64))
    side = max(np.hypot(*(corners[1] - corners[0])) / w, np.hypot(*(corners[3] - corners[0])) / h)
    r = min(1.0, side * 1.6)
    src = (cv2.resize(p.rgba, (max(2, int(w * r)), max(2, int(h * r))), interpolation=cv2.INTER_AREA)
           if r < 1 else p.rgba)
    Ms = M @ sc(w / src.shape[1])
    pad = int(shadow[2] * 3 + abs(shadow[0]) + abs(shadow[1]) + 4)
    x0 = max(0, int(corners[:, 0].min()) - pad)
    y0 = max(0, int(corners[:, 1].min()) - pad)
    x1 = min(W, int(corners[:, 0].max()) + pad + 1)
    y1 = min(H, int(corners[:, 1].max()) + pad + 1)
    local = tr(-x0, -y0) @ Ms
    srcf = src.astype(np.float32)
    a = srcf[..., 3:4] / 255
    pre = np.concatenate([srcf[..., :3] * a, srcf[..., 3:4]], axis=2)
    warped = cv2.warpPerspective(pre, local, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    alpha = np.clip(warped[..., 3:4] / 255, 0, 1)
    region = bg[y0:y1, x0:x1]
    # the card's shadow on what is under it
    sh = np.roll(alpha, (int(shadow[1]), int(shadow[0])), axis=(0, 1))
    sh = cv2.GaussianBlur(sh, (0, 0), max(0.5, shadow[2]))[..., None]
    region *= 1 - 0.45 * sh
    region[:] = warped[..., :3] + region * (1 - alpha)
    return alpha[..., 0], (slice(y0, y1), slice(x0, x1))


def strips(rows: int, row_size: int) -> list[slice]:
    """Blocks of rows of some 4 million values: an elementwise step worked a strip at a time makes the same values
    with a strip-sized temporary, not a photo-sized one."""
    step = max(1, (1 << 22) // max(1, row_size))
    return [slice(y, min(y + step, rows)) for y in range(0, rows, step)]


def normals(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """``rng.standard_normal(shape).astype(np.float32)``, the same numbers drawn a block of rows at a time (the
    generator gives the same stream in pieces): never the whole photo in float64, twice the float32 one."""
    out = np.empty(shape, np.float32)
    for rows in strips(shape[0], math.prod(shape[1:])):
        out[rows] = rng.standard_normal((rows.stop - rows.start, *shape[1:]))
    return out


def photo(index: int, seed: int, pool: Pool, out: Path) -> dict[str, Any]:
    rng = np.random.default_rng([seed, index])
    n = int(rng.choice([1, 2, 3], p=[0.5, 0.3, 0.2]))
    house = str(rng.choice(HOUSES))
    banner = str(rng.choice([h for h in HOUSES if h != house])) if rng.random() < 0.2 else None
    chosen: list[CardData] = []
    while len(chosen) < n:
        kind = str(rng.choice(TYPES, p=TYPE_WEIGHTS))
        r = rng.random()
        faction = (banner if banner and r < 0.2 else "neutral" if r < 0.4 else house)
        cands = [c for c in pool.photo.get((kind, faction), []) if c.name not in {x.name for x in chosen}]
        if cands:
            chosen.append(cands[int(rng.integers(0, len(cands)))])
    # cards, faces, sleeves
    sleeved = rng.random() < 0.55
    sleeve_kind = str(rng.choice(["black", "coloured", "white", "clear"], p=[0.35, 0.3, 0.1, 0.25])) if sleeved else ""
    placed: list[Placed] = []
    faces = []
    weights = np.array([f[2] for f in TITLE_FACES])
    for c in chosen:
        fi = int(rng.choice(len(TITLE_FACES), p=weights / weights.sum()))
        faces.append(TITLE_FACES[fi][0])
        rgba, info = render_card(c, rng, TITLE_FACES[fi][:2])
        margin = 0.0
        if sleeved:
            rgba, margin = sleeve(rgba, sleeve_kind, rng)
        placed.append(Placed(c, rgba, info, margin))
    overlap = n > 1 and rng.random() < 0.45
    did_overlap = lay_out(placed, rng, overlap)
    # the z order: a card laid over another's art is drawn last (lay_out places it last)
    Hc, tilt = camera(rng)
    caps0 = [title_cap_px(p, Hc @ p.A) for p in placed]
    target = float(rng.uniform(9, 26))
    s = target / min(caps0)
    corners = np.vstack([apply(sc(s) @ Hc @ p.A, np.array([[0, 0], [p.rgba.shape[1], 0],
                                                            [p.rgba.shape[1], p.rgba.shape[0]],
                                                            [0, p.rgba.shape[0]]], np.float64)) for p in placed])
    bw, bh = np.ptp(corners[:, 0]), np.ptp(corners[:, 1])
    options = []
    for rw, rh in RESOLUTIONS:
        for W, H in ((rw, rh), (rh, rw)):
            if bw * 1.08 <= W and bh * 1.08 <= H:
                fill = max(bw / W, bh / H)
                options.append((W, H, fill))
    good = [o for o in options if 0.4 <= o[2] <= 0.92]
    if good:
        W, H, _ = good[int(rng.integers(0, len(good)))]
    elif options:
        W, H, _ = max(options, key=lambda o: o[2])
    else:  # too big for the largest sensor: move back
        W, H = (4000, 3000) if bw >= bh else (3000, 4000)
        f = min(W / (bw * 1.08), H / (bh * 1.08))
        s *= f
        corners = corners * f
        bw, bh = bw * f, bh * f
    tx = rng.uniform(W * 0.02 + 0.0, W - bw - W * 0.02) - corners[:, 0].min() if W - bw > W * 0.04 else \
        (W - bw) / 2 - corners[:, 0].min()
    ty = rng.uniform(H * 0.02, H - bh - H * 0.02) - corners[:, 1].min() if H - bh > H * 0.04 else \
        (H - bh) / 2 - corners[:, 1].min()
    Himg = tr(tx, ty) @ sc(s) @ Hc
    # the table, drawn at a lower resolution from table coordinates
    table_kind = str(rng.choice(["dark wood", "dark cloth", "light wood", "playmat", "plain"],
                                p=[0.25, 0.2, 0.2, 0.2, 0.15]))
    k = min(1.0, 1400 / max(W, H))
    w2, h2 = int(W * k), int(H * k)
    uu, vv = np.meshgrid(np.arange(w2, dtype=np.float64) / k, np.arange(h2, dtype=np.float64) / k)
    inv = np.linalg.inv(Himg)
    den = inv[2, 0] * uu + inv[2, 1] * vv + inv[2, 2]
    X = ((inv[0, 0] * uu + inv[0, 1] * vv + inv[0, 2]) / den).astype(np.float32)
    Y = ((inv[1, 0] * uu + inv[1, 1] * vv + inv[1, 2]) / den).astype(np.float32)
    tex = table_texture(table_kind, X, Y, rng)
    img = cv2.resize(tex, (W, H), interpolation=cv2.INTER_LINEAR)
    if table_kind in ("dark cloth", "playmat"):
        weave = normals(rng, (H, W, 1))
        weave *= 6 if table_kind == "dark cloth" else 3
        img += cv2.GaussianBlur(weave[..., 0], (0, 0), 0.7)[..., None]
    # cards
    card_px = np.mean([title_cap_px(p, Himg @ p.A) / p.info.cap * CH for p in placed])
    shadow = (rng.uniform(-0.012, 0.012) * card_px, rng.uniform(0.0, 0.015) * card_px,
              rng.uniform(0.004, 0.012) * card_px)
    alphas = [composite(img, p, Himg @ p.A, rng, shadow) for p in placed]
    cards_mask = None  # the cards' alphas added up on the whole image, made when glare on sleeves asks for it
    caps = [round(title_cap_px(p, Himg @ p.A), 2) for p in placed]
    # light: uneven, coloured, a vignette
    yy, xx = np.mgrid[0:H:8, 0:W:8].astype(np.float32)
    yy /= H
    xx /= W
    ang = rng.uniform(0, 2 * math.pi)
    grad = (xx - 0.5) * math.cos(ang) + (yy - 0.5) * math.sin(ang)
    lx, ly = rng.uniform(0.1, 0.9, 2)
    spot = np.exp(-((xx - lx) ** 2 + (yy - ly) ** 2) / (2 * rng.uniform(0.15, 0.5) ** 2))
    field_ = rng.uniform(0.75, 1.05) + grad * rng.uniform(0, 0.45) + spot * rng.uniform(0, 0.3)
    field_ *= 1 - rng.uniform(0.05, 0.3) * ((xx - 0.5) ** 2 + (yy - 0.5) ** 2) * 2
    if rng.random() < 0.2:  # the phone's shadow
        sx, sy = rng.uniform(0, 1, 2)
        field_ *= 1 - 0.35 * np.exp(-((xx - sx) ** 2 / 0.02 + (yy - sy) ** 2 / 0.06))
    field_ = cv2.resize(field_, (W, H), interpolation=cv2.INTER_LINEAR)[..., None]
    cast = np.array([1, 1, 1], np.float32) + rng.normal(0, 0.05, 3).astype(np.float32)
    for rows in strips(H, W * 3):  # img *= field_ * cast, a strip at a time
        img[rows] *= field_[rows] * cast
    del field_
    # glare: spots, larger and brighter on sleeves
    n_glare = int(rng.choice([0, 1, 2], p=[0.45, 0.4, 0.15])) + (1 if sleeved and rng.random() < 0.5 else 0)
    glare_info = []
    for _ in range(n_glare):
        gx, gy = rng.uniform(0.1, 0.9) * W, rng.uniform(0.1, 0.9) * H
        ra, rb = rng.uniform(0.02, 0.12) * max(W, H), rng.uniform(0.01, 0.06) * max(W, H)
        ga = rng.uniform(0, math.pi)
        amp = rng.uniform(0.25, 0.9 if sleeved else 0.6)
        ys, xs = np.mgrid[0:H:4, 0:W:4].astype(np.float32)
        dx, dy = xs - gx, ys - gy
        u = dx * math.cos(ga) + dy * math.sin(ga)
        v = -dx * math.sin(ga) + dy * math.cos(ga)
        g = np.exp(-((u / ra) ** 2 + (v / rb) ** 2) * 2) * amp
        g = cv2.resize(g, (W, H), interpolation=cv2.INTER_LINEAR)
        if sleeved:
            if cards_mask is None:
                cards_mask = np.zeros((H, W), np.float32)
                for alpha, where in alphas:
                    cards_mask[where] += alpha
                np.clip(cards_mask, 0, 1, out=cards_mask)
            g = g * (0.35 + 0.65 * cards_mask)
        # 255 - (255 - clip(img)) * (1 - g), worked in place: the same values without four 12-megapixel copies
        np.clip(img, 0, 255, out=img)
        np.subtract(255, img, out=img)
        np.subtract(1, g, out=g)
        img *= g[..., None]
        np.subtract(255, img, out=img)
        glare_info.append(round(amp, 2))
    # optics and sensor
    blur = float(rng.choice([0.0, rng.uniform(0.4, 1.2), rng.uniform(1.2, 2.0)], p=[0.3, 0.55, 0.15]))
    spare = np.empty_like(img)  # the blurs' output: two photo-sized buffers in turn, not a new one each time
    if blur > 0:
        img, spare = cv2.GaussianBlur(img, (0, 0), blur, dst=spare), img
    if rng.random() < 0.12:  # a shaken hand
        L = int(rng.integers(3, 8))
        kern = np.zeros((L, L), np.float32)
        kern[L // 2, :] = 1
        kern = cv2.warpAffine(kern, cv2.getRotationMatrix2D((L / 2 - 0.5, L / 2 - 0.5), rng.uniform(0, 180), 1), (L, L))
        img = cv2.filter2D(img, -1, kern / kern.sum())
        blur = -L
    # the phone's exposure: a dark table is brightened, a bright one toned down
    sample = np.clip(img[::8, ::8], 0, 255).mean(axis=2)
    gain = float(np.clip(rng.uniform(95, 135) / max(float(sample.mean()), 1.0), 0.8, 2.0))
    gain = max(0.8, min(gain, 238 / max(float(np.percentile(sample, 99.5)), 1.0)))
    img *= gain
    knee = 205.0  # a soft shoulder instead of a hard clip
    bright = img > knee  # the shoulder worked out where it applies only (a few pixels): the same values, not a 12-
    img[bright] = knee + 50 * (1 - np.exp(-(img[bright] - knee) / 50))  # megapixel exp of which most is thrown away
    gamma = rng.uniform(0.85, 1.15)
    # The sensor's stage, each step worked in place (the values of ``255 * (clip(img) / 255) ** gamma``, then
    # ``img + noise + normal(H, W, 3) * sigma * 0.4``): a photo of 12 megapixels made a dozen copies of 144 MB here.
    np.clip(img, 0, 255, out=img)
    img /= 255
    np.power(img, gamma, out=img)
    img *= 255
    sigma = rng.uniform(1.5, 7)
    noise = normals(rng, (H, W, 1))
    noise *= sigma
    for rows in strips(H, W * 3):  # the generator's stream in order: every strip of one draw before the next draw
        level = img[rows].mean(axis=2, keepdims=True)
        # one expression, as it was: the same steps worked in place differ in a few pixels' last bit
        noise[rows] += normals(rng, level.shape) * np.sqrt(np.maximum(level, 1)) * 0.35
    img += noise
    del noise
    for rows in strips(H, W * 3):
        speckle = normals(rng, img[rows].shape)
        speckle *= sigma
        speckle *= 0.4
        img[rows] += speckle
    if rng.random() < 0.5:  # the phone's sharpening: img + (img - soft) * amount
        soft = cv2.GaussianBlur(img, (0, 0), 1.2, dst=spare)
        np.subtract(img, soft, out=soft)
        soft *= rng.uniform(0.3, 0.9)
        img += soft
        del soft
    quality = int(rng.integers(70, 93))
    name = f"photo_{index:03d}.jpg"
    bgr = cv2.cvtColor(np.clip(img, 0, 255, out=img).astype(np.uint8), cv2.COLOR_RGB2BGR)
    cv2.imwrite(str(out / name), bgr, [cv2.IMWRITE_JPEG_QUALITY, quality])
    deck_name = write_deck(out, index, seed, chosen, house, banner, pool, rng)
    return {"file": name, "codes": [c.code for c in chosen], "names": [c.name for c in chosen],
            "types": [c.type for c in chosen], "deck": deck_name, "cap_px": round(min(caps), 1), "caps": caps,
            "faces": faces, "turns_deg": [round(math.degrees(p.turn) % 360, 1) for p in placed],
            "sleeve": sleeve_kind, "table": table_kind, "tilt_deg": round(tilt, 1), "size": [W, H],
            "overlap": did_overlap, "blur": round(blur, 2), "noise": round(sigma, 1), "jpeg": quality,
            "glare": glare_info,
            # where each card (with its sleeve) lies in the photo: its corners, top left first round it, in px
            "corners": [np.round(apply(Himg @ p.A, np.array([[0, 0], [p.rgba.shape[1], 0],
                                                             [p.rgba.shape[1], p.rgba.shape[0]],
                                                             [0, p.rgba.shape[0]]], np.float64)), 1).tolist()
                        for p in placed]}


# ------------------------------------------------------------------------------------------------------------ decks
def write_deck(out: Path, index: int, seed: int, chosen: list[CardData], house: str, banner: str | None, pool: Pool,
               rng: np.random.Generator) -> str:
    lines = [f"Indie photo deck {seed}-{index:03d}", HOUSE_LINE[house], ""]
    factions = [house, "neutral"] + ([banner] if banner else [])
    plots = [c for f in (house, "neutral") for c in pool.plots.get(f, [])]
    pick = rng.choice(len(plots), size=min(7, len(plots)), replace=False)
    lines.append("Plots:")
    for i in pick:
        lines.append(f"1x {plots[i].name} ({plots[i].pack_name})")
    lines.append("")
    names = {c.name for c in chosen}
    fillers = [c for f in factions for c in pool.filler.get(f, []) if c.name not in names]
    seen: set[str] = set()
    fillers = [c for c in fillers if not (c.name in seen or seen.add(c.name))]  # type: ignore[func-returns-value]
    extra = rng.choice(len(fillers), size=int(rng.integers(25, 41)), replace=False)
    draw = list(chosen) + [fillers[i] for i in extra]
    order = rng.permutation(len(draw))
    lines.append("Draw deck:")
    for i in order:
        c = draw[i]
        lines.append(f"{int(rng.integers(1, min(3, c.deck_limit) + 1))}x {c.name} ({c.pack_name})")
    (out / "decks").mkdir(exist_ok=True)
    name = f"decks/deck_{index:03d}.txt"
    (out / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return name


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--images", type=int, default=120)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--start", type=int, default=0, help="first photo index (to make a slice of a set)")
    ap.add_argument("--data", type=Path, default=DATA)
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    pool = load_pool(args.data)
    rows = []
    for i in range(args.start, args.start + args.images):
        rows.append(photo(i, args.seed, pool, args.out))
        r = rows[-1]
        print(f"{r['file']} {r['size'][0]}x{r['size'][1]} cap {r['cap_px']:.1f} {'/'.join(r['types'])} "
              f"{' | '.join(r['names'])}", flush=True)
    with (args.out / "manifest.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["file", "codes", "deck", "cap_px", "types"])
        for r in rows:
            w.writerow([r["file"], ";".join(r["codes"]), r["deck"], r["cap_px"], ";".join(r["types"])])
    (args.out / "meta.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
