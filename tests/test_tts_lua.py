"""The Lua helper, bundled as TTS gets it, run under a real Lua 5.2 (lupa) against a fake TTS API."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion.tts.bundle import MODULES, SRC, bundle

lupa = pytest.importorskip("lupa")
from lupa import lua52  # noqa: E402

FAKE = (Path(__file__).parent / "tts_fake.lua").read_text()


def to_py(value: Any) -> Any:
    if lua52.lua_type(value) == "table":
        keys = list(value.keys())
        if keys and all(isinstance(k, int) for k in keys):
            return [to_py(value[i]) for i in sorted(keys)]
        return {str(k): to_py(value[k]) for k in keys} if keys else []
    return value


class Tts:
    def __init__(self) -> None:
        self.lua = lua52.LuaRuntime(unpack_returned_tuples=True)
        g = self.lua.globals()
        g.JSON = self.lua.table(encode=lambda v: json.dumps(to_py(v)), decode=self._decode)
        self.lua.execute(FAKE)
        self.lua.execute(bundle())
        self.fake = g.fake

    def _decode(self, text: str) -> Any:
        def conv(v: Any) -> Any:
            if isinstance(v, dict):
                return self.lua.table_from({k: conv(x) for k, x in v.items()})
            if isinstance(v, list):
                return self.lua.table_from([conv(x) for x in v])
            return v

        return conv(json.loads(text))

    def run(self, code: str) -> Any:
        return self.lua.execute(code)

    def requests(self) -> list[dict[str, Any]]:
        return [to_py(r) for r in self.fake.requests.values()]

    def request_for(self, colour: str) -> int:
        """The 1-based index of the last snapshot request sent for ``colour``."""
        reqs = self.requests()
        return max(i for i, r in enumerate(reqs, start=1) if json.loads(r["data"])["colour"] == colour)

    def broadcasts(self) -> list[dict[str, Any]]:
        return to_py(self.fake.broadcasts) or []


def setup_table(tts: Tts) -> None:
    tts.run("""
        zone_red = fake.object("Scripting", {name = "Shadows: Red", x = 0, z = -10})
        tyrion = fake.object("Card", {gm_notes = '{"code": "13089"}', face_down = true, x = 0, z = -10})
        coin = fake.object("Custom_Token", {name = "Gold", x = 0.3, y = 1.2, z = -10.2})
        zone_red.contents = {tyrion, coin}
        config = nil
    """)


def loaded(config: str = '{"game": "G1", "key": "K"}') -> Tts:
    """The helper loaded on the test table, its load-time snapshots already sent."""
    tts = Tts()
    setup_table(tts)
    tts.run(f"onLoad('{config}')")
    tts.run("fake.advance(1)")
    return tts


def test_the_bundle_is_plain_lua_52() -> None:
    text = bundle()
    code = "\n".join(line.split("--")[0] for line in text.splitlines())
    assert not re.search(r"\|\s*\w+\s*\|", code), "no TTS |x| lambdas"
    assert "goto" not in code
    assert [m for m in MODULES if (SRC / f"{m}.lua").exists()] == list(MODULES)
    lua52.LuaRuntime().execute("local f = assert(load(...))", text)


def test_on_load_creates_a_shadows_zone_per_seated_colour() -> None:
    tts = Tts()
    tts.run('onLoad("")')
    names = sorted(tts.run("local n = {} for _, o in ipairs(getAllObjects()) do table.insert(n, o.getName()) end "
                           "return table.concat(n, ',')").split(","))
    assert names == ["Shadows: Blue", "Shadows: Red"]


def test_a_move_into_shadows_sends_one_debounced_snapshot() -> None:
    tts = loaded('{"url": "http://127.0.0.1:9999", "game": "G1", "key": "K"}')
    before = len(tts.requests())
    tts.run("onObjectEnterZone(zone_red, tyrion); onObjectLeaveZone(zone_red, tyrion); "
            "onObjectEnterZone(zone_red, tyrion)")
    tts.run("fake.advance(0.2)")
    assert len(tts.requests()) == before  # still waiting for quiet
    tts.run("fake.advance(1)")
    reqs = tts.requests()[before:]
    assert len(reqs) == 1
    r = reqs[0]
    assert r["url"] == "http://127.0.0.1:9999/api/tts/games/G1/snapshot" and r["method"] == "POST" and r["download"]
    assert r["headers"]["Authorization"] == "Bearer K" and r["headers"]["Content-Type"] == "application/json"
    body = json.loads(r["data"])
    assert body["colour"] == "Red"
    [card] = body["cards"]
    assert card["code"] == "13089" and card["face_down"] is True and card["tokens"] == {"gold": 1}


def test_verdicts_go_to_the_acting_colour_only_and_flag_the_card() -> None:
    tts = loaded()
    index = tts.request_for("Red")
    guid = tts.run("return tyrion.getGUID()")
    text = "Companion: bring out Tyrion Lannister — a copy is in the dead pile"
    reply = {"colour": "Red", "verdicts": [{"text": text, "legal": False, "guid": guid}]}
    tts.run(f"fake.reply({index}, 201, [[{json.dumps(reply)}]])")
    shown = tts.broadcasts()
    assert shown == [{"message": reply["verdicts"][0]["text"], "colour": "Red"}]
    assert to_py(tts.fake.highlights) == [guid]
    assert to_py(tts.fake.prints) == []  # nothing printed to everyone


def test_hidden_identities_never_reach_other_colours() -> None:
    tts = loaded()
    n = tts.request_for("Red")
    refused = {"error": {"message": "illegal", "details": {
        "verdicts": [{"text": "Tyrion Lannister cannot come out", "legal": False}]}}}
    tts.run(f"fake.reply({n}, 422, [[{json.dumps(refused)}]])")
    tts.run(f"fake.reply({n}, 0, '', true)")
    for b in tts.broadcasts():
        if "Tyrion" in b["message"]:
            assert b["colour"] == "Red"
    assert all("Tyrion" not in p for p in to_py(tts.fake.prints) or [])
    assert any("not reachable" in b["message"] and b["colour"] == "Red" for b in tts.broadcasts())


def test_a_flip_in_a_shadows_zone_reports_and_elsewhere_does_not() -> None:
    tts = loaded()
    n = len(tts.requests())
    tts.run("loose = fake.object('Card', {x = 50, z = 50}); onObjectRotate(loose, 0, 180, 'Red', 0, 0); "
            "fake.advance(1)")
    assert len(tts.requests()) == n
    tts.run("flipped = fake.object('Card', {zones = {zone_red}}); onObjectRotate(flipped, 0, 180, 'Red', 0, 0); "
            "fake.advance(1)")
    assert len(tts.requests()) == n + 1


def test_snapshot_for_the_external_editor_and_pushed_verdicts() -> None:
    tts = Tts()
    setup_table(tts)
    tts.run('onLoad("")')
    snap = json.loads(tts.run("return JSON.encode(companion_snapshot())"))
    red = next(s for s in snap if s["colour"] == "Red")
    assert red["cards"][0]["code"] == "13089"
    tts.run('onExternalMessage({colour = "Blue", verdicts = {{text = "Companion: ok", legal = true}}})')
    assert tts.broadcasts()[-1] == {"message": "Companion: ok", "colour": "Blue"}


def test_without_a_game_the_helper_says_so_to_that_colour() -> None:
    tts = Tts()
    setup_table(tts)
    tts.run('onLoad("")')
    tts.run("fake.advance(1)")
    assert any("no game set" in b["message"] for b in tts.broadcasts())
    assert tts.requests() == []


def test_a_card_leaving_shadows_reports_where_it_went() -> None:
    tts = loaded()
    # Tyrion goes into a hand zone.
    tts.run("""
        hand = fake.object("Hand", {name = ""})
        tyrion.setZones({hand})
        zone_red.contents = {coin}
        onObjectLeaveZone(zone_red, tyrion)
        fake.advance(1)
    """)
    body = json.loads(tts.requests()[-1]["data"])
    assert body["cards"] == [] and body["left"] == [{"code": "13089", "to": "hand"}]
    # A card leaving face up onto the table came out of shadows.
    tts.run("""
        agent = fake.object("Card", {gm_notes = "00168", face_down = true})
        zone_red.contents = {agent}
        onObjectEnterZone(zone_red, agent); fake.advance(1)
        agent.is_face_down = false; zone_red.contents = {}
        onObjectLeaveZone(zone_red, agent); fake.advance(1)
    """)
    assert json.loads(tts.requests()[-1]["data"])["left"] == [{"code": "00168", "to": "play"}]
