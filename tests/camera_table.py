"""A phone camera looking at a real table, for the live-camera browser tests: the labels the companion itself prints
for a game's decks (``companion labels``, its 300 dpi PNG sheet, cut out label by label as scissors would) slipped
into sleeved cards, with real barcode photos lying among them (``shared/data/barcodes``), several cards in one frame,
tilted, one partly out of the frame, under glare, blur, sensor noise and JPEG, as a YUV4MPEG2 video for Chromium's
fake camera (``--use-file-for-fake-video-capture``, which loops the file)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from click.testing import CliRunner

from companion.cli import main
from companion.scan.cv import cv2

BARCODES = Path(__file__).resolve().parents[2] / "shared" / "data" / "barcodes"
#: Real photos of codes that are no companion label: a QR code photographed on paper, and a product's EAN-13.
FOREIGN = ("qr/zxing_qrcode-2_6.png", "ean13/zxing_ean13-1_1.png")
PX_PER_MM = 3.6  # a phone held ~35 cm above a table, 1280x720: four cards across


def printed_labels(deck: dict[str, int], tag: str, out: Path) -> dict[str, np.ndarray]:
    """The product prints the deck's label sheet (``companion labels DECK --tag TAG``); each label is cut out of the
    300 dpi page with its caption, as a player cuts it with scissors. Payload -> grayscale cut-out."""
    import zxingcpp

    out.mkdir(parents=True, exist_ok=True)
    deck_file = out / f"deck-{tag}.json"
    deck_file.write_text(json.dumps({"name": f"Deck {tag}", "slots": deck}))
    result = CliRunner().invoke(main, ["labels", str(deck_file), "--tag", tag, "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = cv2.imread(str(next(out.glob(f"labels-deck-{tag}-{tag}-a4-p1.png"))), cv2.IMREAD_GRAYSCALE)
    cuts = {}
    for code in zxingcpp.read_barcodes(page):
        p = code.position
        xs = [p.top_left.x, p.top_right.x, p.bottom_left.x, p.bottom_right.x]
        ys = [p.top_left.y, p.top_right.y, p.bottom_left.y, p.bottom_right.y]
        side = max(xs) - min(xs)
        quiet = side * 4 // 21  # the printed quiet zone, then the caption under it
        cuts[code.text] = page[min(ys) - quiet:max(ys) + quiet + side // 3, min(xs) - quiet:max(xs) + quiet].copy()
    return cuts


def foreign_codes() -> list[tuple[str, np.ndarray]]:
    """Real photos of codes that are not companion labels, with the text each holds."""
    rows = []
    for name in FOREIGN:
        image = cv2.imread(str(BARCODES / name), cv2.IMREAD_GRAYSCALE)
        rows.append(((BARCODES / name).with_suffix(".txt").read_text(encoding="utf-8"), image))
    return rows


@dataclass
class Thing:
    """Something lying on the table: a sleeved card with a label cut-out, or a photo of some other code."""

    image: np.ndarray  # grayscale, at table scale
    x: float  # its centre in the frame, pixels
    y: float
    angle: float  # degrees


def sleeved_card(rng: random.Random, label: np.ndarray) -> np.ndarray:
    """A 63x88 mm card in a sleeve: busy art, the label cut-out in its top right corner, a bright sleeve edge."""
    w, h = round(63 * PX_PER_MM), round(88 * PX_PER_MM)
    card = np.full((h, w), rng.randint(90, 170), np.float32)
    art = np.random.default_rng(rng.randint(0, 2**31)).normal(0, 35, (h // 8 + 1, w // 8 + 1)).astype(np.float32)
    card += cv2.resize(art, (w, h), interpolation=cv2.INTER_CUBIC)[:h, :w]  # art: blotches, not pixel noise
    scale = PX_PER_MM / (300 / 25.4)  # printed at 300 dpi
    size = (round(label.shape[1] * scale), round(label.shape[0] * scale))
    cut = cv2.resize(label, size, interpolation=cv2.INTER_AREA)
    m = round(3 * PX_PER_MM)
    card[m:m + cut.shape[0], w - m - cut.shape[1]:w - m] = cut
    cv2.rectangle(card, (0, 0), (w - 1, h - 1), 235, 3)
    return np.clip(card, 0, 255).astype(np.uint8)


def paper_with(image: np.ndarray, width_px: int) -> np.ndarray:
    """A photo of another code, printed on a slip of paper lying on the table."""
    h, w = image.shape
    scaled = cv2.resize(image, (width_px, round(h * width_px / w)), interpolation=cv2.INTER_AREA)
    return cv2.copyMakeBorder(scaled, 6, 6, 6, 6, cv2.BORDER_CONSTANT, value=225)


def frame(rng: random.Random, things: list[Thing], width: int = 1280, height: int = 720) -> np.ndarray:
    """One camera frame: the things on a wooden table, then the phone's optics and sensor."""
    grain = np.random.default_rng(rng.randint(0, 2**31)).normal(0, 12, (height // 6 + 1, width // 40 + 1))
    table = 75 + cv2.resize(grain.astype(np.float32), (width, height), interpolation=cv2.INTER_CUBIC)
    for t in things:
        h, w = t.image.shape
        m = cv2.getRotationMatrix2D((w / 2, h / 2), t.angle, 1.0)
        m[0, 2] += t.x - w / 2
        m[1, 2] += t.y - h / 2
        warped = cv2.warpAffine(t.image, m, (width, height)).astype(np.float32)
        mask = cv2.warpAffine(np.full_like(t.image, 255), m, (width, height))
        table = np.where(mask > 0, warped, table)
    # Shadow of the phone across one side, a glare spot on the sleeves, a little out of focus, sensor noise, JPEG.
    across = np.linspace(0, 1, width, dtype=np.float32)[None, :]
    table *= 0.75 + 0.25 * np.clip(across + rng.uniform(-0.1, 0.1), 0, 1)
    glare = np.zeros((height, width), np.float32)
    cv2.ellipse(glare, (rng.randint(width // 4, 3 * width // 4), rng.randint(0, height // 3)), (220, 90),
                rng.uniform(0, 180), 0, 360, 70, -1)
    table += cv2.GaussianBlur(glare, (0, 0), 45)
    table = cv2.GaussianBlur(table, (0, 0), rng.uniform(0.6, 0.9))
    table += np.random.default_rng(rng.randint(0, 2**31)).normal(0, 4, table.shape)
    shot = np.clip(table, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", shot, [cv2.IMWRITE_JPEG_QUALITY, 80])
    assert ok
    return cv2.imdecode(jpeg, cv2.IMREAD_GRAYSCALE)  # type: ignore[no-any-return]


def y4m(frames: list[np.ndarray]) -> bytes:
    """Grayscale frames as a YUV4MPEG2 video at 10 frames a second (Chromium's fake camera loops it)."""
    h, w = frames[0].shape
    chroma = np.full((h // 2) * (w // 2), 128, np.uint8).tobytes()
    out = [f"YUV4MPEG2 W{w} H{h} F10:1 Ip A1:1 C420jpeg\n".encode()]
    for f in frames:
        out += [b"FRAME\n", f.tobytes(), chroma, chroma]
    return b"".join(out)


def y4m_colour(frames: list[np.ndarray]) -> bytes:
    """Colour (BGR) frames as a YUV4MPEG2 video at 10 frames a second: a card's coloured frame and parchment as a
    phone's camera gives them."""
    h, w = frames[0].shape[:2]
    out = [f"YUV4MPEG2 W{w} H{h} F10:1 Ip A1:1 C420jpeg\n".encode()]
    for f in frames:
        out += [b"FRAME\n", cv2.cvtColor(f, cv2.COLOR_BGR2YUV_I420).tobytes()]
    return b"".join(out)


def table_video(rng: random.Random, things: list[Thing], frames: int = 6) -> tuple[bytes, list[np.ndarray]]:
    """A hand-held phone: the same table over ``frames`` frames, each moved a few pixels and turned a little."""
    shots = []
    for _ in range(frames):
        dx, dy, da = rng.uniform(-6, 6), rng.uniform(-6, 6), rng.uniform(-1.5, 1.5)
        shots.append(frame(rng, [Thing(t.image, t.x + dx, t.y + dy, t.angle + da) for t in things]))
    return y4m(shots), shots


def jpeg(image: Any) -> bytes:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return bytes(data.tobytes())
