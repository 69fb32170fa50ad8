"""The helper against the real engine's habits on its wires (issue 36): a request that never answers, an answer
with JSON nulls, "Card" names inside decks, tagged zones, hidden zones of type "Fog", outlines another script wipes,
other mods' chat handlers, and the load-time look at what the table shows (docs/tts-check.md)."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient

from tests.test_tts_lua import answer_all, loaded
from tests.tts_fake import Tts, to_py
from tests.tts_scenarios import setup


def _reds(tts: Tts) -> list[tuple[int, dict[str, Any], dict[str, Any]]]:
    return [(i, r, json.loads(r["data"])) for i, r in enumerate(tts.requests(), start=1)
            if json.loads(r["data"])["colour"] == "Red"]


def _red_lays_a_card_in_shadows(tts: Tts) -> tuple[float, float]:
    """Red alone at the table, its key given and answered, lays The Imp's Agent in its shadows zone (at x, z)."""
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5)')
    tts.load({"url": "http://127.0.0.1:9999", "game": "G1", "seats": {"Red": "A"}})
    tts.run("onChat('!companion key K', {color = 'Red', host = true})")
    tts.fake.advance(1)
    answer_all(tts)
    x, z = tts.zone_at("Red")
    tts.run(f"a = fake.card({{gm_notes = '00168', face_down = true, x = {x}, z = {z}}}); fake.enter_zones(a)")
    return x, z


def test_a_lost_answer_holds_a_colour_back_at_most_10_s_and_nothing_is_lost() -> None:
    """The first report with a card in it reaches the companion and its answer never comes (WebRequest has no
    timeout): the helper gives it up after config.timeout, sends it again with the same request id, and the moves
    made meanwhile follow in order; Blue is not held back at all."""
    tts = Tts(habits={"lost_answer": True})
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5); fake.hand("Blue", 0, 20, 180, 16, 5)')
    tts.load({"url": "http://127.0.0.1:9999", "game": "G1", "seats": {"Red": "A", "Blue": "B"}})
    tts.run("onChat('!companion key K', {color = 'Red', host = true})")
    tts.fake.advance(1)
    answer_all(tts)
    (rx, rz), (bx, bz) = tts.zone_at("Red"), tts.zone_at("Blue")
    tts.run(f"a = fake.card({{gm_notes = '00168', face_down = true, x = {rx - 2}, z = {rz}}}); fake.enter_zones(a)")
    tts.fake.advance(1)
    [(lost, first)] = [(i, b) for i, _, b in _reds(tts) if b["cards"]]
    lost_at = float(tts.fake.now)
    answer_all(tts)   # its answer is lost on the way
    assert tts.run(f"return fake.requests[{lost}].lost") is True
    # Meanwhile Red marshals a second card and Blue one: Blue's report goes at once.
    tts.run(f"d = fake.card({{gm_notes = '00170', face_down = true, x = {rx + 2}, z = {rz}}}); fake.enter_zones(d)")
    tts.run(f"b = fake.card({{gm_notes = '13089', face_down = true, x = {bx}, z = {bz}}}); fake.enter_zones(b)")
    tts.fake.advance(1)
    blue = [json.loads(r["data"]) for r in tts.requests() if json.loads(r["data"])["colour"] == "Blue"]
    assert [c["code"] for c in blue[-1]["cards"]] == ["13089"]
    while float(tts.fake.now) < lost_at + 10:
        answer_all(tts)
        tts.fake.advance(0.25)
    answer_all(tts)
    reds = [b for _, _, b in _reds(tts) if b["cards"]]
    assert reds[1]["request_id"] == first["request_id"], "the lost report again, with the same id"
    assert [c["code"] for c in reds[-1]["cards"]] == ["00168", "00170"], "then the move made meanwhile"
    assert all(r["answered"] for r in tts.requests())


def test_a_late_answer_to_a_report_given_up_is_ignored() -> None:
    tts = Tts()
    _red_lays_a_card_in_shadows(tts)
    tts.fake.advance(7)   # no answer: given up (disposed) and sent again
    slow, again = [i for i, _, b in _reds(tts) if b["cards"]]
    assert tts.run(f"return fake.requests[{slow}].disposed") is True
    said = {"colour": "Red", "recorded": 1, "version": 9, "shadows": [], "verdicts": [{"text": "Companion: late"}]}
    tts.fake.requests[slow].disposed = False   # the engine calls it all the same
    tts.fake.reply(slow, 200, json.dumps(said))
    assert not any(b["message"] == "Companion: late" for b in tts.broadcasts())
    tts.fake.reply(again, 200, json.dumps({**said, "verdicts": [{"text": "Companion: on time"}]}))
    assert [b["message"] for b in tts.broadcasts()][-1] == "Companion: on time"


def test_json_nulls_in_an_answer_read_as_nil_and_never_stop_the_colour() -> None:
    """The companion writes "guid": null (and may write null anywhere); JSON.decode may make it a value that is
    not nil and raises when indexed (habit json_null): the helper reads it as nil, shows what it can, and the
    colour's next report still goes."""
    tts = Tts()
    assert tts.habits()["json_null"] is True
    x, z = _red_lays_a_card_in_shadows(tts)
    tts.fake.advance(1)
    reply = {"colour": "Red", "recorded": 1, "version": None, "names": None, "key_role": None,
             "verdicts": [{"text": "Companion: marshal The Imp's Agent", "legal": False, "guid": None}, None]}
    [(i, _, _)] = [(i, r, b) for i, r, b in _reds(tts) if b["cards"] and not r["answered"]]
    tts.fake.reply(i, 200, json.dumps(reply))
    assert tts.broadcasts()[-1]["message"] == "Companion: marshal The Imp's Agent"
    tts.run(f"d = fake.card({{gm_notes = '00170', face_down = true, x = {x + 2}, z = {z}}}); fake.enter_zones(d)")
    tts.fake.advance(1)
    [(j, _, body)] = [(j, r, b) for j, r, b in _reds(tts) if not r["answered"]]
    assert [c["code"] for c in body["cards"]] == ["00168", "00170"]
    tts.fake.reply(j, 500, json.dumps({"error": None}))   # an error without a body: said, not a crash
    assert "Companion:" in tts.broadcasts()[-1]["message"]


def test_cards_without_a_name_are_named_card_inside_a_deck_and_that_is_no_name() -> None:
    """object.md getObjects (containers): a blank name comes as the internal resource name, "Card" (habit
    card_name). Two unnamed cards stacked in shadows are sent with no name, not as two cards called "Card"; a name
    in the GM notes' JSON comes first."""
    tts = loaded()
    answer_all(tts)
    x, z = tts.zone_at("Red")
    tts.run(f"""deck = fake.object("Deck", {{x = {x}, z = {z}, face_down = true}})
        deck.contents = {{{{guid = 'aa0001', name = '', description = '', gm_notes = '', memo = ''}},
                          {{guid = 'aa0002', name = '', description = '', gm_notes = '{{"name": "Hedge Knight"}}',
                            memo = ''}}}}
        fake.enter_zones(deck)""")
    assert [e["name"] for e in to_py(tts.run("return deck.getObjects()"))] == ["Card", "Card"]
    tts.fake.advance(1.5)
    body = [b for _, _, b in _reds(tts)][-1]
    assert [c.get("name") for c in body["cards"]] == ["", "Hedge Knight"]


def test_a_tagged_zone_still_shows_its_untagged_cards(client: FlaskClient) -> None:
    """A mod tagged its zones (habit tagged_zones): zone.getObjects() sees only objects sharing a tag, and AGoT cards
    carry none; the helper reads getObjects(true), and finds the tagged discard pile by its box."""
    t = setup(client, "named", quiet_merges=False)
    assert t.tts.run('for _, o in ipairs(getObjects()) do if o.getName() == "Shadows: Red" then '
                     'return #o.getTags() end end') == 1
    v = t.marshal("00168")
    assert t.tts.run('for _, o in ipairs(getObjects()) do if o.getName() == "Shadows: Red" then '
                     'return #o.getObjects(), #o.getObjects(true) end end') == (0, 1)
    t.flip(v)
    t.move(v, "Red", t.discard("Red"))
    t.tts.settle(7)
    assert t.game.moves() == [("A", "marshal_into_shadows", "00168"), ("A", "discard", "00168")]


def test_hidden_zones_are_of_type_fog_and_shadows_there_are_read(client: FlaskClient) -> None:
    t = setup(client, "hidden")
    assert t.tts.run('for _, o in ipairs(getObjects()) do if o.getName() == "Shadows: Red" then return o.type end '
                     'end') == "Fog"
    t.marshal("00168")
    t.tts.settle(7)
    assert t.game.moves() == [("A", "marshal_into_shadows", "00168")]


def test_outlines_another_script_wipes_come_back_and_after_a_rewind_too() -> None:
    tts = Tts(habits={"lines_wiped": False})
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5); fake.hand("Blue", 0, 20, 180, 16, 5)')
    tts.load("")
    tts.fake.advance(0.1)
    drawn = to_py(tts.run("return Global.getVectorLines()"))
    assert len(drawn) == 6
    mod_line = {"points": [[0, 1, 0], [5, 1, 5]], "color": [1, 1, 1]}
    tts.run("fake.wipe_lines(); Global.setVectorLines({{points = {{0, 1, 0}, {5, 1, 5}}, color = {1, 1, 1}}})")
    tts.fake.advance(4)
    back = to_py(tts.run("return Global.getVectorLines()"))
    assert back[0] == mod_line and sorted(map(str, back[1:])) == sorted(map(str, drawn))
    # A rewind: the script starts afresh and finds its zones by name; wiped again, they come back again.
    point = tts.fake.checkpoint()
    tts.fake.restore(point)
    tts.load(point.state)
    tts.run("fake.wipe_lines()")
    tts.fake.advance(4)
    assert sorted(map(str, to_py(tts.run("return Global.getVectorLines()")))) == sorted(map(str, drawn))


def test_other_mods_hear_every_chat_message_but_the_helpers_own() -> None:
    """events.md 52-55: a handler's value that triggers a side effect stops the handlers after it (habit chat_stops:
    any value does). The helper returns nothing for messages that are not its own."""
    tts = loaded()
    tts.run("heard = {}; table.insert(fake.chat_handlers, function(m, p) table.insert(heard, m) end)")
    assert tts.run("return fake.chat('gg, well played', 'Blue')") == (True, 2)
    assert tts.run("return fake.chat('!companion lang en', 'Red', true)") == (False, 1)   # hidden, the helper's
    assert to_py(tts.run("return heard")) == ["gg, well played"]


def test_the_host_is_told_once_what_the_table_shows_in_its_language() -> None:
    tts = Tts()
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5); fake.hand("Blue", 0, 20, 180, 16, 5)')
    tts.run('fake.zone("FogOfWar", "Shadows: Red", 0, -12, 10, 4.5)')
    tts.run("deck = fake.object('Deck', {x = 20, z = 0}); deck.contents = {{guid = 'c1', name = '', gm_notes = ''}, "
            "{guid = 'c2', name = 'Hedge Knight', gm_notes = ''}}")
    tts.load({"game": "G1", "lang": "de"})
    said = [b for b in tts.broadcasts() if "was dieser Tisch zeigt" in b["message"]]
    assert [b["colour"] for b in said] == ["Red"]   # the host only
    text = said[0]["message"]
    assert "als [] geschrieben" in text and "als userdata gelesen" in text and "Typ versteckter Zonen: Fog" in text
    assert "Zonen mit Tags: 1" in text and "Stapeln: Card" in text
    state = tts.run("return onSave()")
    assert json.loads(state)["probed"] is True
    again = Tts()
    again.run('fake.hand("Red", 0, -20, 0, 16, 5)')
    again.load(state)
    assert not any("was dieser Tisch zeigt" in b["message"] for b in again.broadcasts())


def test_without_a_seated_host_the_look_waits_for_one() -> None:
    tts = Tts(seated=("Blue",), host="Red")
    tts.run('fake.hand("Blue", 0, 20, 180, 16, 5)')
    tts.load("")
    tts.fake.advance(6)
    assert not any("what this table shows" in b["message"] for b in tts.broadcasts())
    tts.fake.seated = tts.lua.table_from(["Blue", "Red"])
    tts.fake.advance(6)
    assert [b["colour"] for b in tts.broadcasts() if "what this table shows" in b["message"]] == ["Red"]


def test_the_scenarios_run_with_the_real_engines_habits(client: FlaskClient) -> None:
    t = setup(client, "named")
    on = {k for k, v in t.tts.habits().items() if v}
    assert {"fog_type", "empty_list", "json_null", "card_name", "tagged_zones", "lines_wiped", "chat_stops",
            "lost_answer"} <= on
    assert all(str(t.tts.fake.HABITS[k].source) for k in t.tts.habits())
    assert t.tts.run("return JSON.encode({})") == "[]"
