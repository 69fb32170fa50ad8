"""Card faces in the 2nd edition's layouts, drawn by us: where each card type prints its title.

No publisher's art or scan is used. The layouts follow public facts about printed 2nd-edition cards (written down
in docs/card-layouts.md with where each comes from): a card is 63 x 88 mm with a dark outer border and rounded
corners, a frame in its faction's colour; a character's title in a parchment banner across the middle (about
57-68 % of the card's height), an attachment's in a bar at the bottom (87-97 %), a location's vertically along the
left edge read bottom to top, an event's across the top right of the cost (light on dark on some); titles in
capitals and small capitals, capitals about 2.5 % of the card's height, a unique card's name after a small
rosette. Art and rules text are clutter (blobs, strokes, words in small print).

The fonts are OFL fonts shipped in tests/fonts (from the npm @fontsource packages; each with its licence beside
it): Marcellus and Belleza (flared, the set the reader is tuned on), Tenor Sans, Philosopher and Cinzel (the
benchmark's aside set only).
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.catalog.card import Card

FONTS = Path(__file__).parent / "fonts"
#: The fonts the reader may be tuned on, and the fonts kept aside for the benchmark.
TUNING_FONTS = ("marcellus-latin-400-normal.woff", "belleza-latin-400-normal.woff")
ASIDE_FONTS = ("tenor-sans-latin-400-normal.woff", "philosopher-latin-400-normal.woff", "cinzel-latin-700-normal.woff")
FACE_W, FACE_H = 630, 880  # 10 px per mm
BORDER = 25  # the dark outer border, 2.5 mm
CORNER = 32  # the rounded corners' radius, 3.2 mm
#: Capitals about 2.5 % of the card's height.
CAP = round(0.025 * FACE_H)
#: Where each type prints its title (left, top, right, bottom as fractions of the face; the location's is upright
#: on the card, its text turned to read bottom to top).
BANNERS = {
    "character": (0.06, 0.575, 0.94, 0.675),
    "attachment": (0.10, 0.875, 0.90, 0.965),
    "location": (0.035, 0.14, 0.125, 0.86),
    "event": (0.19, 0.022, 0.95, 0.102),
}
FACTION_COLOURS = {"stark": (190, 190, 195), "lannister": (170, 20, 25), "baratheon": (205, 160, 35),
                   "targaryen": (25, 25, 25), "greyjoy": (40, 75, 95), "martell": (205, 110, 30),
                   "tyrell": (45, 110, 55), "thenightswatch": (60, 60, 60), "neutral": (130, 110, 85)}
PARCHMENTS = [(236, 224, 190), (228, 212, 172), (242, 234, 210), (222, 205, 160)]
INKS = [(28, 22, 18), (50, 30, 20), (20, 20, 30)]
WORDS = ["Action", "Reaction", "Interrupt", "Kneel", "Stand", "Choose", "character", "location", "attachment",
         "gold", "power", "challenge", "claim", "reveal", "plot", "phase", "each", "player", "opponent", "card",
         "hand", "shadows", "draw", "discard", "Lord", "Lady", "Knight", "House", "Ally"]


def font_path(name: str) -> Path:
    return FONTS / name


def _font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(name)), size)


def _size_for_cap(name: str, cap: float) -> int:
    """The font size whose capital H is ``cap`` pixels high."""
    probe = _font(name, 100)
    box = probe.getbbox("H")
    return max(6, round(100 * cap / max(1, box[3] - box[1])))


def small_caps(draw: ImageDraw.ImageDraw, text: str, font_name: str, cap: float) -> tuple[Image.Image, float]:
    """``text`` set in capitals and small capitals (each word's first letter full size, the rest at 78 %), black on
    transparent, and the capital height actually used."""
    big, small = _font(font_name, _size_for_cap(font_name, cap)), _font(font_name, _size_for_cap(font_name, 0.78 * cap))
    pieces: list[tuple[str, ImageFont.FreeTypeFont]] = []
    start = True
    for ch in text:
        if ch.isspace():
            start = True
            pieces.append((ch, small))
            continue
        pieces.append((ch.upper(), big if start or not ch.isalpha() else small))
        start = False
    width = sum(f.getlength(ch) for ch, f in pieces) + 4
    ascent = big.getmetrics()[0]
    height = ascent + big.getmetrics()[1]
    img = Image.new("L", (math.ceil(width), height), 0)
    d = ImageDraw.Draw(img)
    x = 2.0
    for ch, f in pieces:
        d.text((x, ascent - f.getmetrics()[0]), ch, fill=255, font=f)
        x += f.getlength(ch)
    return img, cap


def _ink(img: Image.Image, mask: Image.Image, at: tuple[int, int], colour: tuple[int, int, int]) -> None:
    img.paste(Image.new("RGB", mask.size, colour), at, mask)


def _title(img: Image.Image, card: Card, font_name: str, box: tuple[int, int, int, int], colour: tuple[int, int, int],
           vertical: bool, rng: random.Random) -> float:
    """The title set in the box (centred; shrunk to fit), a rosette before a unique card's name; the cap height."""
    x0, y0, x1, y1 = box
    long_side, short_side = (y1 - y0, x1 - x0) if vertical else (x1 - x0, y1 - y0)
    cap = min(CAP * rng.uniform(0.95, 1.05), 0.45 * short_side)
    rosette = round(1.1 * cap) if card.unique else 0
    while True:
        text, cap = small_caps(ImageDraw.Draw(img), card.name, font_name, cap)
        if text.width + rosette + 16 <= long_side or cap < 6:
            break
        cap *= 0.94
        rosette = round(1.1 * cap) if card.unique else 0
    line = Image.new("L", (text.width + rosette, text.height), 0)
    line.paste(text, (rosette, 0))
    if card.unique:  # a small eight-pointed rosette before the name
        d = ImageDraw.Draw(line)
        r = 0.42 * cap
        cx, cy = r + 1, text.height * 0.62 - cap / 2
        pts = [(cx + (r if i % 2 == 0 else r / 2.3) * math.cos(i * math.pi / 8),
                cy + (r if i % 2 == 0 else r / 2.3) * math.sin(i * math.pi / 8)) for i in range(16)]
        d.polygon(pts, fill=255)
    if vertical:
        line = line.rotate(90, expand=True)  # reads bottom to top
    _ink(img, line, (x0 + (x1 - x0 - line.width) // 2, y0 + (y1 - y0 - line.height) // 2), colour)
    return cap


def _clutter(img: Image.Image, rng: random.Random, box: tuple[int, int, int, int]) -> None:
    """Art: blobs and strokes of colour, inside its box."""
    x0, y0, x1, y1 = box
    art = Image.new("RGB", (x1 - x0, y1 - y0), tuple(rng.randint(30, 200) for _ in range(3)))
    d = ImageDraw.Draw(art)
    w, h = art.size
    for _ in range(18):
        x, y = rng.randint(0, w), rng.randint(0, h)
        r = rng.randint(20, 140)
        d.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randint(10, 245) for _ in range(3)))
    for _ in range(10):
        d.line((rng.randint(0, w), rng.randint(0, h), rng.randint(0, w), rng.randint(0, h)),
               fill=tuple(rng.randint(0, 255) for _ in range(3)), width=rng.randint(2, 9))
    img.paste(art, (x0, y0))


def _rules(d: ImageDraw.ImageDraw, rng: random.Random, box: tuple[int, int, int, int], font_name: str,
           parchment: tuple[int, int, int]) -> None:
    """The text box: rules text in small print (capitals about 1.4 % of the card's height)."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 10, fill=parchment, outline=(70, 55, 40), width=2)
    small = _font(font_name, _size_for_cap(font_name, 0.014 * FACE_H))
    y = y0 + 14
    while y < y1 - 30:
        words = []
        while True:
            words.append(rng.choice(WORDS))
            if small.getlength(" ".join(words)) > x1 - x0 - 40:
                words.pop()
                break
        d.text((x0 + 20, y), " ".join(words) + ".", fill=(30, 25, 20), font=small)
        y += round(0.024 * FACE_H)


def _cost(d: ImageDraw.ImageDraw, card: Card, font_name: str) -> None:
    d.ellipse((BORDER + 6, BORDER + 6, BORDER + 86, BORDER + 86), fill=(214, 178, 70), outline=(60, 40, 10), width=3)
    cost = "-" if card.cost is None else str(card.cost)
    f = _font(font_name, 52)
    d.text((BORDER + 46, BORDER + 46), cost[:2], fill=(20, 10, 0), font=f, anchor="mm")


def face(rng: random.Random, card: Card, font_name: str) -> tuple[np.ndarray, float]:
    """A card face (RGBA, 630x880; the rounded corners transparent) and the cap height of its title in pixels."""
    kind = card.type if card.type in BANNERS else "character"
    frame = FACTION_COLOURS.get(card.faction, (120, 100, 80))
    img = Image.new("RGB", (FACE_W, FACE_H), (22, 20, 18))  # the dark outer border
    d = ImageDraw.Draw(img)
    inner = (BORDER, BORDER, FACE_W - BORDER, FACE_H - BORDER)
    d.rectangle(inner, fill=frame)
    parchment = rng.choice(PARCHMENTS)
    b = 14  # the frame's width inside the border
    if kind == "character":
        _clutter(img, rng, (BORDER + b, BORDER + b, FACE_W - BORDER - b, round(0.58 * FACE_H)))
        for i in range(3):  # challenge icons down the left
            d.ellipse((BORDER + 10, 140 + 75 * i, BORDER + 70, 200 + 75 * i), fill=(200, 190, 170),
                      outline=(40, 30, 20),
                      width=3)
        _rules(d, rng, (BORDER + b, round(0.69 * FACE_H), FACE_W - BORDER - b, FACE_H - BORDER - b), font_name,
               parchment)
        d.ellipse((BORDER + 4, FACE_H - BORDER - 96, BORDER + 90, FACE_H - BORDER - 10), fill=(180, 180, 185),
                  outline=(30, 30, 30), width=3)  # strength
    elif kind == "attachment":
        _clutter(img, rng, (BORDER + b, BORDER + b, FACE_W - BORDER - b, round(0.60 * FACE_H)))
        _rules(d, rng, (round(0.08 * FACE_W), round(0.58 * FACE_H), round(0.92 * FACE_W), round(0.85 * FACE_H)),
               font_name, parchment)
    elif kind == "location":
        _clutter(img, rng, (round(0.14 * FACE_W), BORDER + b, FACE_W - BORDER - b, round(0.56 * FACE_H)))
        _rules(d, rng, (round(0.15 * FACE_W), round(0.57 * FACE_H), FACE_W - BORDER - b, FACE_H - BORDER - b),
               font_name, parchment)
    else:  # event
        _clutter(img, rng, (BORDER + b, round(0.12 * FACE_H), FACE_W - BORDER - b, round(0.50 * FACE_H)))
        _rules(d, rng, (BORDER + b, round(0.52 * FACE_H), FACE_W - BORDER - b, FACE_H - BORDER - b), font_name,
               parchment)
    x0, y0, x1, y1 = BANNERS[kind]
    box = (round(x0 * FACE_W), round(y0 * FACE_H), round(x1 * FACE_W), round(y1 * FACE_H))
    dark = kind == "event" and rng.random() < 0.35  # some events print light on dark
    banner = (40, 34, 30) if dark else parchment
    if kind == "location":
        d.rounded_rectangle(box, 8, fill=banner, outline=(60, 45, 30), width=3)
    else:
        # A banner with notched ends, as a ribbon.
        notch = (box[3] - box[1]) // 2
        d.polygon([(box[0], box[1]), (box[2], box[1]), (box[2] - notch // 2, box[1] + notch), (box[2], box[3]),
                   (box[0], box[3]), (box[0] + notch // 2, box[1] + notch)], fill=banner, outline=(60, 45, 30))
    _cost(d, card, font_name)
    cap = _title(img, card, font_name, box, (236, 228, 210) if dark else rng.choice(INKS), kind == "location", rng)
    shield_y = round(0.12 * FACE_H) if kind == "event" else BORDER + 6  # below an event's title
    d.rectangle((FACE_W - BORDER - 80, shield_y, FACE_W - BORDER - 10, shield_y + 84), fill=(150, 140, 120),
                outline=(40, 30, 20), width=3)  # the faction shield
    rgba = np.dstack([np.asarray(img), np.zeros((FACE_H, FACE_W), np.uint8)])
    alpha = Image.new("L", (FACE_W, FACE_H), 0)
    ImageDraw.Draw(alpha).rounded_rectangle((0, 0, FACE_W - 1, FACE_H - 1), CORNER, fill=255)
    rgba[..., 3] = np.asarray(alpha)
    return rgba, cap
