"""The Lua helper, bundled as TTS gets it, under a real Lua 5.2 (lupa) against the fake TTS:
what it sends, what it keeps in saves, who sees what, and where it puts the shadows zones."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from companion.tts.bundle import MODULES, SRC, bundle
from companion.tts.save import Transform, parse_bytes, walk
from tests.shared import DATA, need_shared
from tests.tts_fake import Tts, lua52, to_py


def loaded(state: dict | None = None) -> Tts:
    """Red and Blue seated with hand zones; the helper loaded with a game and given the key."""
    tts = Tts()
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5); fake.hand("Blue", 0, 20, 180, 16, 5)')
    tts.load(state or {"url": "http://127.0.0.1:9999", "game": "G1", "seats": {"Red": "A", "Blue": "B"}})
    tts.run("onChat('!companion key K', {color = 'Red', host = true})")
    tts.fake.advance(1)
    return tts


def answer_all(tts: Tts, reply: dict | None = None, code: int = 200) -> None:
    """Answer every open request; ``reply`` answers the ones from its colour, the others get an empty answer."""
    for i, r in enumerate(tts.requests(), start=1):
        if not r["answered"]:
            body = json.loads(r["data"])
            empty = {"colour": body["colour"], "recorded": 0, "version": 1, "shadows": [], "verdicts": []}
            mine = reply is not None and reply["colour"] == body["colour"]
            tts.fake.reply(i, code, json.dumps(reply if mine else empty))


def agent_dropped_in_red_shadows() -> Tts:
    """The loaded helper, reconciled, after Red drops The Imp's Agent into its shadows and the table settles."""
    tts = loaded()
    answer_all(tts)
    tts.run("agent = fake.card({gm_notes = '00168', face_down = true})")
    x, z = tts.zone_at("Red")
    tts.run(f"fake.pick_up('Red', agent); fake.carry(agent, {x}, {z}); fake.drop('Red', agent)")
    tts.fake.advance(1.5)
    return tts


def test_the_bundle_is_plain_lua_52() -> None:
    text = bundle()
    code = "\n".join(line.split("--")[0] for line in text.splitlines())
    assert not re.search(r"\|\s*\w+\s*\|", code), "no TTS |x| lambdas"
    assert "goto" not in code
    # Every module is a file of its own, but the chat lines: those are made from the message catalogue.
    assert [m for m in MODULES if (SRC / f"{m}.lua").exists()] == [m for m in MODULES if m != "lines"]
    lua52.LuaRuntime().execute("local f = assert(load(...))", text)


def test_zones_are_made_beside_each_hand_zone_after_spawning() -> None:
    tts = Tts()
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5); fake.hand("Blue", 0, 20, 180, 16, 5)')
    tts.load("")
    # base.md spawnObject: the object takes a moment to spawn; the zone is named in the callback.
    assert tts.run("return #fake.objects") == 9 and tts.run("return fake.objects[4].getName()") == ""
    tts.fake.advance(0.1)
    (rx, rz), (bx, bz) = tts.zone_at("Red"), tts.zone_at("Blue")
    assert rx == pytest.approx(0) and -20 < rz < -12 and bx == pytest.approx(0, abs=1e-9) and 12 < bz < 20
    names = tts.run("local n = {} for _, o in ipairs(getObjects()) do table.insert(n, o.getName()) end "
                    "return table.concat(n, ',')").split(",")
    for colour in ("Red", "Blue"):
        assert {f"Shadows: {colour}", f"Discard: {colour}", f"Dead pile: {colour}"} <= set(names)


def test_the_helpers_zones_reach_from_the_table_up_and_hold_a_card_lying_there_not_one_held() -> None:
    """Hand zones float (y 4.1, 6.5 tall, as in real saves): the helper's zones are made from the table surface
    up, so a card lying on the table (y 1.0) is in them and a card held high above it is not (a player's lift_height
    near 1; with a low lift the held card stays in the zone: track.quiet waits while it is held)."""
    tts = Tts(habits={"low_lift": False})
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5); fake.hand("Blue", 0, 20, 180, 16, 5)')
    tts.load("")
    tts.fake.advance(0.1)
    bottom, top, width = tts.run("""for _, o in ipairs(getObjects()) do
        if o.getName() == "Shadows: Red" then
            local p, s = o.getPosition(), o.getScale() return p.y - s.y / 2, p.y + s.y / 2, s.x
        end end""")
    assert bottom < 1.0 < top < 1.0 + tts.run("return fake.LIFT")
    assert width == pytest.approx(16 - 2 * 3.4)   # the row is as wide as the hand zone, piles at its ends
    x, z = tts.zone_at("Red")
    tts.run(f"c = fake.card({{gm_notes = '00168', face_down = true, x = {x}, z = {z}}})")
    inside = ("for _, z in ipairs(c.getZones()) do if z.getName() == 'Shadows: Red' then return true end end "
              "return false")
    assert tts.run(inside) is True
    tts.run("fake.pick_up('Red', c)")
    assert tts.run(inside) is False


def test_reports_wait_for_quiet_and_carry_the_key_only_in_a_header() -> None:
    tts = loaded()
    answer_all(tts)   # the load-time reconciliation
    before = len(tts.requests())
    x, z = tts.zone_at("Red")
    tts.run(f"""agent = fake.card({{gm_notes = '{{"code": "00168"}}', face_down = true}})
                coin = fake.object("Custom_Token", {{name = "Gold", x = {x + 0.3}, y = 1.2, z = {z}}})
                fake.pick_up("Red", agent); fake.carry(agent, {x}, {z})""")
    tts.fake.advance(2)
    assert len(tts.requests()) == before, "nothing is sent while the card is held"
    tts.run("fake.drop('Red', agent)")
    tts.fake.advance(0.3)
    assert len(tts.requests()) == before, "still settling"
    tts.fake.advance(1)
    [r] = [r for r in tts.requests()[before:] if json.loads(r["data"])["cards"]]
    assert r["url"] == "http://127.0.0.1:9999/api/tts/games/G1/snapshot" and r["method"] == "POST" and r["download"]
    assert r["headers"]["Authorization"] == "Bearer K" and "K" not in json.loads(r["data"]).values()
    body = json.loads(r["data"])
    assert body["colour"] == "Red" and body["seat"] == "A" and re.fullmatch(r"[A-Za-z0-9_-]{8,64}", body["request_id"])
    [card] = body["cards"]
    assert card["code"] == "00168" and card["face_down"] is True and card["tokens"] == {"gold": 1}


def test_the_key_is_never_saved_and_a_reload_asks_the_host_for_it_again() -> None:
    tts = loaded()
    state = tts.run("return onSave()")
    assert "K" not in json.loads(state).values() and '"key"' not in state
    assert json.loads(state)["seats"] == {"Red": "A", "Blue": "B"}
    again = Tts()
    again.run('fake.hand("Red", 0, -20, 0, 16, 5)')
    again.load(state)
    again.fake.advance(2)
    assert again.requests() == []
    assert any("!companion key" in b["message"] and b["colour"] == "Red" for b in again.broadcasts())


def test_chat_commands_are_hidden_and_for_the_host_only() -> None:
    tts = loaded()
    assert tts.run("return onChat('!companion key SECRET', {color = 'Blue', host = false})") is False
    assert tts.run("return onChat('hello', {color = 'Blue', host = false})") is None   # not the helper's
    assert any("only the host" in b["message"] and b["colour"] == "Blue" for b in tts.broadcasts())
    assert all("SECRET" not in b["message"] for b in tts.broadcasts())


def test_verdicts_go_to_the_acting_colour_only_and_flag_only_a_face_up_card() -> None:
    """Every player sees a highlight (object.md highlightOn): a face-down card flagged illegal is not highlighted,
    which would tell the others something about it; a face-up one is."""
    tts = agent_dropped_in_red_shadows()
    guid = tts.run("return agent.getGUID()")
    text = "Companion: marshal into shadows The Imp's Agent — it has no Shadow keyword"
    answer_all(tts, {"colour": "Red", "verdicts": [{"text": text, "legal": False, "guid": guid}]})
    assert {"message": text, "colour": "Red"} in tts.broadcasts()
    assert all(b["colour"] == "Red" for b in tts.broadcasts() if "Imp" in b["message"])
    assert to_py(tts.fake.highlights) == [] and tts.prints() == []
    tts.run("fake.flip('Red', agent)")
    text = "Companion: bring out The Imp's Agent — a copy is in the dead pile"
    tts.run(f"onExternalMessage({{colour = 'Red', verdicts = {{{{text = {json.dumps(text, ensure_ascii=False)}, "
            f"legal = false, guid = '{guid}'}}}}}})")
    assert to_py(tts.fake.highlights) == [guid]


def test_an_unreachable_companion_is_retried_then_said_to_that_colour() -> None:
    tts = agent_dropped_in_red_shadows()
    for _ in range(10):
        for i, r in enumerate(tts.requests(), start=1):
            if not r["answered"]:
                tts.fake.reply(i, 0, "", True)
        tts.fake.advance(20)
    ids = {json.loads(r["data"])["request_id"] for r in tts.requests() if json.loads(r["data"])["cards"]}
    assert len(ids) == 1 and sum(1 for r in tts.requests() if json.loads(r["data"])["cards"]) == 6
    assert any("could not be delivered" in b["message"] and b["colour"] == "Red" for b in tts.broadcasts())


def test_snapshot_for_the_external_editor_and_pushed_verdicts_and_key() -> None:
    tts = Tts()
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5); fake.hand("Blue", 0, 20, 180, 16, 5)')
    tts.load({"game": "G1"})
    tts.fake.advance(0.1)
    x, z = tts.zone_at("Red")
    tts.run(f"fake.card({{gm_notes = '13089', face_down = true, x = {x}, z = {z}}})")
    snap = json.loads(tts.run("return JSON.encode(companion_snapshot())"))
    red = next(s for s in snap if s["colour"] == "Red")
    assert red["cards"][0]["code"] == "13089" and red["request_id"]
    tts.run('onExternalMessage({colour = "Blue", verdicts = {{text = "Companion: ok", legal = true}}})')
    assert tts.broadcasts()[-1] == {"message": "Companion: ok", "colour": "Blue"}
    tts.run('onExternalMessage({key = "FROM-BRIDGE"})')
    tts.fake.advance(2)
    assert tts.requests() and tts.requests()[0]["headers"]["Authorization"] == "Bearer FROM-BRIDGE"


# -- zones on real tables ---------------------------------------------------------------------

def _corners(t: Transform, w: float, d: float) -> list[tuple[float, float]]:
    a = math.radians(t.rot_y)
    c, s = math.cos(a), math.sin(a)
    return [(t.x + lx * c + lz * s, t.z - lx * s + lz * c) for lx, lz in
            ((-w / 2, -d / 2), (w / 2, -d / 2), (w / 2, d / 2), (-w / 2, d / 2))]


def _overlap(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    for poly in (a, b):
        for i in range(4):
            (px, pz), (qx, qz) = poly[i], poly[(i + 1) % 4]
            ax, az = qz - pz, px - qx
            pa = [x * ax + z * az for x, z in a]
            pb = [x * ax + z * az for x, z in b]
            if max(pa) <= min(pb) + 1e-9 or max(pb) <= min(pa) + 1e-9:
                return False
    return True


REAL_TABLES = ["coinche_builtin_deck_TS_Save_1.json", "marvel_champions_automated_v12.json",
               "sleeping_gods_v13_TS_Save_88.json", "spirit_island_v13_TTSModManager_input.json",
               "terraforming_mars_midgame_TS_Save_2.json"]


@pytest.mark.parametrize("name", REAL_TABLES)
def test_zones_on_real_tables_lie_beside_their_hand_and_over_no_hand_zone(name: str) -> None:
    need_shared()
    w = walk(parse_bytes((DATA / "tts" / name).read_bytes()))
    hands = [z for z in w.zones if z.kind == "hand" and z.colour]
    colours = list(dict.fromkeys(z.colour for z in hands))
    tts = Tts(seated=tuple(colours))  # type: ignore[arg-type]
    for h in hands:
        t = h.transform
        tts.run(f'fake.hand("{h.colour}", {t.x}, {t.z}, {t.rot_y}, {t.scale_x}, {t.scale_z}, {t.y}, {t.scale_y})')
    # The save's own cards lying on its table (not in a hand zone), at their real heights.
    lying = sorted(c.at.y for c in w.cards if c.top_level and not any(
        h.transform.contains(c.at.x, c.at.z) for h in hands) and 0 < c.at.y < 3)
    surface = lying[len(lying) // 2] if lying else 1.0
    tts.run(f"fake.card({{x = 500, z = 500, y = {surface}}})")
    tts.load("")
    tts.fake.advance(0.2)
    made = {}
    for colour in colours:
        found = tts.run(f"""for _, o in ipairs(getObjects()) do
            if o.getName() == "Shadows: {colour}" then
                local p, r, s = o.getPosition(), o.getRotation(), o.getScale()
                return p.x, p.z, r.y, s.x, s.z
            end end""")
        assert found is not None, f"{name}: no zone for {colour}: {tts.broadcasts()}"
        x, z, rot, sx, sz = found
        made[colour] = _corners(Transform(x=x, z=z, rot_y=rot), sx, sz)
        # Not floating: a card lying on this table is inside the zone, one held above it is not.
        bottom, top = tts.run(f"""for _, o in ipairs(getObjects()) do if o.getName() == "Shadows: {colour}" then
            local p, s = o.getPosition(), o.getScale() return p.y - s.y / 2, p.y + s.y / 2 end end""")
        assert bottom < surface < top < surface + tts.run("return fake.LIFT"), (name, colour, bottom, top, surface)
        first = next(h for h in hands if h.colour == colour).transform
        assert math.hypot(x - first.x, z - first.z) < first.scale_z / 2 + 20, f"{colour}'s zone is beside its hand"
    for colour, box in made.items():
        for h in hands:
            assert not _overlap(box, _corners(h.transform, h.transform.scale_x, h.transform.scale_z)), \
                f"{name}: {colour}'s shadows zone lies over {h.colour}'s hand zone"
        for other, obox in made.items():
            assert other == colour or not _overlap(box, obox), f"{name}: {colour}'s and {other}'s zones overlap"


def test_a_fixed_layout_would_have_covered_hand_zones_on_real_tables() -> None:
    """Why zones follow the hands: the old fixed positions lay over hand zones of real tables."""
    need_shared()
    old = {"White": (-20, -18), "Red": (0, -18), "Orange": (20, -18), "Blue": (-20, 18), "Green": (0, 18),
           "Purple": (20, 18)}
    covered = 0
    for name in REAL_TABLES:
        hands = [z for z in walk(parse_bytes((DATA / "tts" / name).read_bytes())).zones if z.kind == "hand"]
        boxes = [_corners(Transform(x=x, z=z), 12, 5) for x, z in old.values()]
        if any(_overlap(b, _corners(h.transform, h.transform.scale_x, h.transform.scale_z)) for b in boxes
               for h in hands):
            covered += 1
    assert covered >= 1


def test_the_saved_state_lists_cards_not_the_key(tmp_path: Path) -> None:
    tts = loaded()
    x, z = tts.zone_at("Red")
    tts.run(f"fake.card({{gm_notes = '00168', face_down = true, x = {x}, z = {z}}})")
    answer_all(tts)
    tts.fake.advance(1.5)
    state = json.loads(tts.run("return onSave()"))
    assert [e["code"] for e in state["known"]["Red"]] == ["00168"]
    # the judge key given: not kept
    assert set(state) == {"url", "game", "seats", "debounce", "layout", "known", "probed"}


def test_the_companion_object_carries_the_helper_and_its_settings_but_no_key() -> None:
    from click.testing import CliRunner

    from companion.cli.tts import tts as tts_cli
    from companion.tts.bundle import COMPANION_GUID, companion_object

    saved = companion_object("http://127.0.0.1:8787/", "G1", {"Red": "A", "Blue": "B"})
    [obj] = saved["ObjectStates"]
    assert obj["GUID"] == COMPANION_GUID and obj["Nickname"] == "Companion" and obj["LuaScript"] == bundle()
    assert json.loads(obj["LuaScriptState"]) == {"url": "http://127.0.0.1:8787", "game": "G1",
                                                 "seats": {"Red": "A", "Blue": "B"}}
    assert saved["LuaScript"] == ""  # the mod's Global script is not touched
    # TTS loads the object: its script runs with its saved state (events.md onLoad).
    tts = Tts()
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5)')
    tts.lua.execute(obj["LuaScript"])
    tts.lua.globals().onLoad(obj["LuaScriptState"])
    assert json.loads(tts.run("return onSave()"))["seats"] == {"Red": "A", "Blue": "B"}
    for bad in (("ftp://x", "G1", {}), ("http://x", "G 1", {}), ("http://x", "G1", {"Mauve": "A"})):
        with pytest.raises(ValueError):
            companion_object(*bad)
    result = CliRunner().invoke(tts_cli, ["object", "--game", "G1", "--seat", "red=A"])
    assert result.exit_code == 0 and json.loads(result.output)["ObjectStates"][0]["Nickname"] == "Companion"
    assert "Mauve" in CliRunner().invoke(tts_cli, ["object", "--game", "G1", "--seat", "Mauve=A"]).output


def test_where_a_card_went_is_kept_until_a_report_arrives() -> None:
    tts = agent_dropped_in_red_shadows()
    answer_all(tts)
    x, z = tts.zone_at("Red")
    tts.run(f"fake.flip('Red', agent); fake.pick_up('Red', agent); fake.carry(agent, {x}, {z + 10}); "
            "fake.drop('Red', agent)")   # face up onto the table: it came out
    tts.fake.advance(1.5)
    for _ in range(8):   # the companion is down: every attempt fails
        for i, r in enumerate(tts.requests(), start=1):
            if not r["answered"]:
                tts.fake.reply(i, 0, "", True)
        tts.fake.advance(20)
    left = [json.loads(r["data"])["left"] for r in tts.requests() if json.loads(r["data"])["colour"] == "Red"]
    assert left[-1] == [{"code": "00168", "to": "play"}]
    # The companion is back; the next move's report still says where the Agent went.
    tts.run(f"dromond = fake.card({{gm_notes = '00170', face_down = true, x = {x}, z = {z}}}); "
            "fake.enter_zones(dromond)")
    tts.fake.advance(1.5)
    body = json.loads(tts.requests()[-1]["data"])
    assert body["left"] == [{"code": "00168", "to": "play"}] and [c["code"] for c in body["cards"]] == ["00170"]


def test_a_seated_colour_without_a_hand_zone_gets_no_zone_and_the_host_is_told() -> None:
    tts = Tts(seated=("Red", "Blue"))
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5)')
    tts.load({"game": "G1"})
    tts.fake.advance(0.2)
    names = tts.run("local n = {} for _, o in ipairs(getObjects()) do table.insert(n, o.getName()) end "
                    "return table.concat(n, ',')").split(",")
    assert "Shadows: Red" in names and "Shadows: Blue" not in names
    told = [b for b in tts.broadcasts() if "no zones for Blue" in b["message"]]
    assert told and told[0]["colour"] == "Red" and "'Shadows: Blue'" in told[0]["message"]


def test_a_colour_change_while_zones_spawn_makes_no_second_zone() -> None:
    tts = Tts()
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5); fake.hand("Blue", 0, 20, 180, 16, 5)')
    tts.load("")
    tts.run("onPlayerChangeColor('Blue')")   # before the zones have finished spawning
    tts.fake.advance(0.2)
    names = tts.run("local n = {} for _, o in ipairs(getObjects()) do table.insert(n, o.getName()) end "
                    "return table.concat(n, ',')").split(",")
    assert names.count("Shadows: Red") == 1 and names.count("Shadows: Blue") == 1


def test_a_table_key_is_kept_with_the_game_and_comes_back_after_a_rewind_a_judge_key_never() -> None:
    tts = loaded()
    for role, kept in (("judge", False), ("table", True)):
        for i, r in enumerate(tts.requests(), start=1):
            if not r["answered"]:
                body = json.loads(r["data"])
                tts.fake.reply(i, 200, json.dumps({"colour": body["colour"], "recorded": 0, "version": 1,
                                                   "shadows": [], "verdicts": [], "key_role": role}))
        state = json.loads(tts.run("return onSave()"))
        assert (state.get("key") == "K") is kept and (state.get("key_game") == "G1") is kept
        tts.run("onExternalMessage({key = 'K'})")   # a key given again is unconfirmed until the next answer
        tts.fake.advance(1)
    point = tts.fake.checkpoint()
    tts.rewind(point)
    tts.fake.advance(2)
    assert tts.requests()[-1]["headers"]["Authorization"] == "Bearer K"   # no paste after the rewind
    # The key is revoked (a new one made): it is no longer kept, and the host is asked.
    for i, r in enumerate(tts.requests(), start=1):
        if not r["answered"]:
            tts.fake.reply(i, 401, json.dumps({"error": {"code": "unauthorized", "message": "bad key"}}))
    assert '"key"' not in tts.run("return onSave()")
    assert any("!companion key" in b["message"] for b in tts.broadcasts())
    other = Tts()
    other.load({**json.loads(point.state), "game": "G2"})   # the object copied into another game: no key
    assert other.run("return require ~= nil") is not None
    assert '"key"' not in other.run("return onSave()")


def test_a_colour_with_some_zones_is_told_what_is_missing_and_one_click_makes_them() -> None:
    tts = Tts()
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5); fake.hand("Blue", 0, 20, 180, 16, 5)')
    # A hidden zone counts as shadows; its type is "FogOfWar" (built-in-object.md: FogOfWarTrigger).
    tts.run('fake.zone("FogOfWar", "Shadows: Red", 0, -12, 10, 4.5)')
    tts.run('fake.zone("Scripting", "Red shadows", 0, 12, 10, 4.5)')    # (Blue's name is "Red shadows": Red's)
    tts.run('fake.zone("Scripting", "Blue Shadows", 0, 12, 10, 4.5, 180)')
    tts.load({"game": "G1", "seats": {"Red": "A", "Blue": "B"}})
    tts.fake.advance(0.2)
    told = [b["message"] for b in tts.broadcasts() if "has no" in b["message"]]
    assert any("Red has no discard pile, no dead pile zone" in m for m in told), told
    assert any("Blue has no discard pile, no dead pile zone" in m for m in told)
    tts.press("Make missing zones")
    tts.fake.advance(0.2)
    names = tts.run("local n = {} for _, o in ipairs(getObjects()) do table.insert(n, o.getName()) end "
                    "return table.concat(n, ',')").split(",")
    assert {"Discard: Red", "Dead pile: Red", "Discard: Blue", "Dead pile: Blue"} <= set(names)
    assert "Shadows: Blue" not in names and names.count("Shadows: Red") == 1   # the named ones are kept
    assert tts.run("return #self.buttons") == 0
    # The hidden zone is Red's shadows area: a card lying in it is reported.
    tts.run("onChat('!companion key K', {color = 'Red', host = true})")
    tts.run("c = fake.card({gm_notes = '00168', face_down = true, x = 0, z = -12}); fake.enter_zones(c)")
    tts.fake.advance(1)
    answer_all(tts)   # the load-time comparison
    tts.fake.advance(1.5)
    assert any(c["code"] == "00168" for b in tts.bodies("Red") for c in b["cards"])


def test_after_a_rewind_the_owner_is_told_the_cards_name() -> None:
    tts = loaded()
    answer_all(tts)
    point = tts.fake.checkpoint()
    tts.rewind(point)
    tts.run("onChat('!companion key K', {color = 'Red', host = true})")
    tts.fake.advance(1)
    # The companion's log has the Agent in Red's shadows; the rewound table does not.
    answer_all(tts, {"colour": "Red", "recorded": 0, "version": 3, "shadows": ["00168"],
                     "names": {"00168": "The Imp's Agent"}, "verdicts": [], "key_role": "table"})
    tts.fake.advance(1.5)
    answer_all(tts)
    tts.fake.advance(1.5)
    assert any("The Imp's Agent left your shadows" in b["message"] and b["colour"] == "Red"
               for b in tts.broadcasts()), tts.broadcasts()


def test_a_refused_comparison_after_a_load_is_sent_again_with_what_is_accepted_then_given_up_never_a_loop() -> None:
    tts = Tts()
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5); fake.hand("Blue", 0, 20, 180, 16, 5)')
    tts.run('fake.zone("Scripting", "Shadows: Red", 0, -12, 10, 4.5)')
    tts.run("named = fake.card({name = 'Hero', face_down = true, x = -2, z = -12})")   # a name only
    tts.run("coded = fake.card({gm_notes = '00168', face_down = true, x = 2, z = -12})")
    tts.load({"url": "http://127.0.0.1:9999", "game": "G1", "seats": {"Red": "A", "Blue": "B"}})
    tts.run("onChat('!companion key K', {color = 'Red', host = true})")
    refusal = json.dumps({"error": {"code": "bad_cards", "message": "cards: no", "details": {}}})
    for _ in range(6):
        tts.fake.advance(1.5)
        for i, r in enumerate(tts.requests(), start=1):
            if not r["answered"]:
                tts.fake.reply(i, 400, refusal)
    red = [b for b in tts.bodies("Red") if b.get("reconcile")]
    assert len(red) == 2, "refused twice, then no more comparisons"
    assert [c.get("code") for c in red[0]["cards"]] == [None, "00168"]
    assert [c.get("code") for c in red[1]["cards"]] == ["00168"]   # again with the cards surely accepted
    assert any("could not be compared" in b["message"] for b in tts.broadcasts() if b["colour"] == "Red")
    # Moves from now on are reported; the uncompared cards on the table are not.
    tts.run("more = fake.card({gm_notes = '00170', face_down = true, x = 0, z = -13}); fake.enter_zones(more)")
    tts.fake.advance(1.5)
    last = tts.bodies("Red")[-1]
    assert not last.get("reconcile") and [c["code"] for c in last["cards"]] == ["00170"]


def test_the_helpers_zones_are_drawn_on_the_table_and_the_mods_lines_kept() -> None:
    """Scripting zones are invisible to players (KB zone-tools): the helper outlines its own on the table, at the
    surface, keeping the mod's own vector lines, and making a colour's zones again does not double its outlines."""
    tts = Tts()
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5); fake.hand("Blue", 0, 20, 180, 16, 5)')
    tts.run("Global.lines = {{points = {{0, 1, 0}, {5, 1, 5}}, color = {1, 1, 1}}}")   # the mod's own line
    tts.load("")
    tts.fake.advance(0.1)
    lines = to_py(tts.run("return Global.getVectorLines()"))
    assert lines[0]["points"] == [[0, 1, 0], [5, 1, 5]]
    assert len(lines) == 1 + 6   # three outlines per colour
    x, z = tts.zone_at("Red")
    box = _box_named(tts, "Shadows: Red")
    red = [ln for ln in lines[1:] if all(p[2] < 0 for p in ln["points"])]
    shadows = next(ln for ln in red if abs(sum(p[0] for p in ln["points"][:4]) / 4 - x) < 1e-6)
    assert len(shadows["points"]) == 5 and shadows["points"][0] == shadows["points"][4]   # closed
    xs, zs = [p[0] for p in shadows["points"]], [p[2] for p in shadows["points"]]
    assert max(xs) - min(xs) == pytest.approx(box["w"]) and max(zs) - min(zs) == pytest.approx(box["d"])
    assert all(abs(p[1] - 0.98) < 0.1 for p in shadows["points"])   # on the table, not floating
    # Red's zones deleted and made again: its outlines are replaced, Blue's and the mod's kept.
    tts.run("""for _, o in ipairs(getObjects()) do if o.getName():find("Red") then fake.destroy(o) end end""")
    tts.run("onPlayerChangeColor('Red')")   # the zones are looked for again: Red has none, the helper makes them
    tts.fake.advance(0.1)
    assert tts.zone_at("Red") == (x, z)
    again = to_py(tts.run("return Global.getVectorLines()"))
    assert len(again) == 1 + 6 and sorted(map(str, again)) == sorted(map(str, lines))


def _box_named(tts: Tts, name: str) -> dict[str, float]:
    w, d = tts.run(f"""for _, o in ipairs(getObjects()) do if o.getName() == "{name}" then
        local s = o.getScale() return s.x, s.z end end""")
    return {"w": w, "d": d}


def test_without_loose_cards_the_zones_stand_on_the_table_objects_top() -> None:
    """No card lies on the table yet: the surface is the top of the table object's bounds (a raised table here,
    its top at 3.0), and without a table object the default height (0.96)."""

    def shadows_box(tts: Tts) -> tuple[float, float]:
        bottom, top = tts.run("""for _, o in ipairs(getObjects()) do
            if o.getName() == "Shadows: Red" then local p, s = o.getPosition(), o.getScale()
                return p.y - s.y / 2, p.y + s.y / 2 end end""")
        return bottom, top

    raised = Tts()
    raised.run('fake.SURFACE = 3.0; fake.hand("Red", 0, -20, 0, 16, 5)')
    raised.load("")
    raised.fake.advance(0.1)
    bottom, top = shadows_box(raised)
    assert bottom < 3.0 < top < 3.0 + raised.run("return fake.LIFT") and bottom > 1.0
    x, z = raised.zone_at("Red")
    raised.run(f"c = fake.card({{gm_notes = '00168', face_down = true, x = {x}, z = {z}, y = 3.04}})")
    assert raised.run("for _, z in ipairs(c.getZones()) do if z.getName() == 'Shadows: Red' then return true end "
                      "end return false") is True
    none = Tts()
    none.run('fake.no_table = true; fake.SURFACE = 3.0; fake.hand("Red", 0, -20, 0, 16, 5)')
    none.load("")
    none.fake.advance(0.1)
    bottom, top = shadows_box(none)
    assert bottom < 0.96 < top < 3.0


def test_the_fakes_habits_each_name_a_source_and_are_set_from_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """One table of the real engine's habits (fake.HABITS): each row has its source; a test or TTS_FAKE_HABITS
    switches them by name, and a name the fake does not know is refused (never a silent no-op)."""
    tts = Tts()
    rows = {str(k): (bool(v.on), str(v.source)) for k, v in tts.fake.HABITS.items()}
    motion = {"smooth_moves", "settling_drops", "delayed_merges", "deck_on_deck", "silent_flips", "duplicate_guids",
              "low_lift"}
    assert motion <= set(rows)
    assert all(len(source) > 20 for _, source in rows.values()), rows
    assert Tts(habits={"low_lift": False}).habits()["low_lift"] is False
    with pytest.raises(KeyError):
        tts.set_habit("no_such_habit", True)
    monkeypatch.setenv("TTS_FAKE_HABITS", "smooth_moves=off, low_lift=on")
    assert {k: v for k, v in Tts().habits().items() if k in ("smooth_moves", "low_lift")} == {
        "smooth_moves": False, "low_lift": True}
