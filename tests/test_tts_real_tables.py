"""The helper in real mods' tables (shared/data/tts): their hand zones, zones and cards laid out in the fake TTS
at the saves' own positions, rotations and scales. The helper's zones lie at each table's surface, hold that
mod's cards (scaled 1 to 2 in these saves), and table sessions with cards of that size are recorded exactly."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.shared import DATA, need_shared
from tests.tts_fake import Tts, real_table
from tests.tts_scenarios import SCENARIOS, setup_real

#: A card's footprint at scale 1 (the fake's; shared/docs/tts.md §1.8).
CARD_W, CARD_L = 2.2, 3.1
TABLES = ["coinche_builtin_deck_TS_Save_1.json", "marvel_champions_automated_v12.json",
          "sleeping_gods_v13_TS_Save_88.json", "spirit_island_v13_TTSModManager_input.json",
          "terraforming_mars_midgame_TS_Save_2.json"]
#: Sessions that move cards between the areas (the others are about timing and the network, not the table).
SESSIONS = ["marshal", "bring out", "discard on a card", "back to hand", "stack and split", "deleted",
            "rewind, then out", "flip in shadows", "against the edge", "tokens", "held 3 s", "carried over",
            "out and back"]


def _root(name: str) -> dict[str, Any]:
    need_shared()
    root: dict[str, Any] = json.loads((DATA / "tts" / name).read_text(encoding="utf-8-sig"))
    return root


def _box(tts: Tts, name: str) -> tuple[float, float, float, float, float, float, float]:
    return tts.run(f"""for _, o in ipairs(getObjects()) do if o.getName() == "{name}" then
        local p, r, s = o.getPosition(), o.getRotation(), o.getScale() return p.x, p.y, p.z, r.y, s.x, s.y, s.z
        end end""")  # type: ignore[no-any-return]


def _holds(box: tuple[float, ...], x: float, z: float, w: float, d: float, rot: float) -> bool:
    """Does the zone hold the whole footprint of a card lying at (x, z), turned like the zone?"""
    bx, _, bz, brot, sx, _, sz = box
    a = math.radians(brot)
    lx = (x - bx) * math.cos(a) - (z - bz) * math.sin(a)
    lz = (x - bx) * math.sin(a) + (z - bz) * math.cos(a)
    return abs(lx) + w / 2 <= sx / 2 + 1e-6 and abs(lz) + d / 2 <= sz / 2 + 1e-6


@pytest.mark.parametrize("name", TABLES)
def test_the_helpers_zones_lie_on_the_real_table_and_hold_its_cards(name: str) -> None:
    """At the table's surface (a card lying there is in, one held above is not), and big enough for this mod's
    cards: three side by side in shadows, one in each pile, each wholly inside (a zone made for cards of scale 1
    could not hold a Spirit Island card, scale 1.53)."""
    tts = Tts(seated=("Red", "Blue"))
    laid = real_table(tts, _root(name))
    tts.load("")
    tts.fake.advance(0.2)
    k, surface = laid["scale"], laid["surface"]
    w, d = CARD_W * k, CARD_L * k
    for colour in ("Red", "Blue"):
        shadows = _box(tts, f"Shadows: {colour}")
        assert shadows is not None, (name, colour, tts.broadcasts())
        _, y, _, rot, sx, sy, _ = shadows
        assert y - sy / 2 < surface < y + sy / 2 < surface + float(tts.fake.LIFT), (name, colour, y, sy, surface)
        a = math.radians(rot)
        for i in (-1, 0, 1):   # three cards side by side along the row
            cx, cz = shadows[0] + i * w * 1.05 * math.cos(a), shadows[2] - i * w * 1.05 * math.sin(a)
            assert _holds(shadows, cx, cz, w, d, rot), (name, colour, "shadows", sx, k)
        for pile in (f"Discard: {colour}", f"Dead pile: {colour}"):
            box = _box(tts, pile)
            assert _holds(box, box[0], box[2], w, d, rot), (name, pile, box, k)


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("session", SESSIONS)
def test_sessions_on_a_real_table_are_recorded_exactly(client: FlaskClient, name: str, session: str) -> None:
    scenario = next(s for s in SCENARIOS if s.name == session)
    t = setup_real(client, _root(name), ("Red", "Blue"))
    scenario.play(t)
    got, want = t.game.moves(), scenario.expected(t)
    assert sorted(got) == sorted(want), (name, session, got, [b["message"] for b in t.tts.broadcasts()])
    if "asked" in t.extra:
        assert t.extra["asked"] and t.extra["before_answer"] == [("A", "marshal_into_shadows", "00168")]
    if "tokens" in t.extra:   # on a card turned to face its player too
        assert t.extra["tokens"] == [("place_tokens", "gold", 1)], t.extra
    if "edge_in_zone" in t.extra:   # TTS counts the deck and the card in play in the zone; the helper does not
        assert t.extra["edge_in_zone"] == 2


def test_the_row_lies_beside_a_colours_real_hand_zone_not_one_parked_off_the_table() -> None:
    """Spirit Island parks a 1x1x1 hand zone per colour at z 100, off the table: whichever hand zone TTS counts
    first, the helper's row lies beside the colour's real one (z -46.3), not beside the parked one."""
    root = _root("spirit_island_v13_TTSModManager_input.json")
    objects = root["ObjectStates"]
    parked = [o for o in objects if o.get("Name") == "HandTrigger" and o["Transform"]["scaleX"] < 2]
    assert parked, "the save parks hand zones"
    root = {**root, "ObjectStates": parked + [o for o in objects if o not in parked]}   # the parked ones first
    tts = Tts(seated=("Red", "Blue"))
    real_table(tts, root)
    tts.load("")
    tts.fake.advance(0.2)
    for colour in ("Red", "Blue"):
        x, _, z, *_ = _box(tts, f"Shadows: {colour}")
        assert -46.3 < z < -30, (colour, x, z)
