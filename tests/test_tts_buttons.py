"""Where the owner must say where a card that left shadows went: one click on a button in the table's language, on
the card or above the shadows zone (or on the Companion object), instead of a typed command (which stays). In the
fake TTS with the helper as TTS gets it, reporting to the real companion where a test says so."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from companion.messages import catalogue
from tests.tts_fake import Tts
from tests.tts_scenarios import AGENT, Table
from tests.tts_scenarios import setup as scenario_setup

ANSWER = {"play": "In play", "discard": "Discarded", "hand": "Hand"}
MOVE = {"play": "bring_out", "discard": "discard", "hand": "return_to_hand"}


def setup(client: FlaskClient, layout: str) -> Table:
    """A scenario's table with every answer arriving: a lost one (the scenarios' habit, tested in test_tts_wire.py)
    would hold each report here back by the helper's timeout."""
    return scenario_setup(client, layout, habits={"lost_answer": False})


def carriers(tts: Tts, owner: str = "Red", n: int | None = None) -> list[tuple[str, list[str]]]:
    """Every object carrying buttons that ask where ``owner``'s card (``n``, or any) went: (its type, labels)."""
    start = f"companion_went_{owner}_" + (f"{n}_" if n is not None else "")
    found = tts.run(f"""local out = {{}}
        for _, o in ipairs(getObjects()) do
            local labels = {{}}
            for _, b in ipairs(o.buttons) do
                if tostring(b.click_function):sub(1, {len(start)}) == "{start}" then table.insert(labels, b.label) end
            end
            if #labels > 0 then table.insert(out, {{o.type, table.concat(labels, "|")}}) end
        end
        return JSON.encode(out)""")
    return [(kind, labels.split("|")) for kind, labels in json.loads(found)]


def revealed_in_shadows(client: FlaskClient, layout: str = "named") -> tuple[Table, str]:
    """Red marshals The Imp's Agent and turns it face up where it lies: revealed, not yet in play or discarded
    (pending, its owner asked)."""
    t = setup(client, layout)
    v = t.marshal(AGENT)
    t.flip(v)
    return t, v


@pytest.mark.parametrize("to", ["play", "discard", "hand"])
def test_a_click_records_exactly_what_the_typed_command_records(client: FlaskClient, to: str) -> None:
    typed, _ = revealed_in_shadows(client)
    typed.chat(f"!companion went 1 {to}")
    clicked, card = revealed_in_shadows(client)
    assert clicked.tts.buttons(card) == ["In play", "Discarded", "Hand"]   # on the card itself
    clicked.click(ANSWER[to])
    assert typed.game.moves() == clicked.game.moves() == [("A", "marshal_into_shadows", AGENT), ("A", MOVE[to], AGENT)]
    left = [[b["left"] for b in g.tts.bodies("Red") if b["left"]] for g in (typed, clicked)]
    assert left[0] == left[1] == [[{"code": AGENT, "to": to}]]
    assert carriers(typed.tts) == carriers(clicked.tts) == []   # answered: the buttons are gone, both ways


def test_the_buttons_go_away_when_the_card_turns_up_where_it_belongs(client: FlaskClient) -> None:
    t, card = revealed_in_shadows(client)
    assert carriers(t.tts) == [("Card", ["In play", "Discarded", "Hand"])]
    t.move(card, "Red", t.discard("Red"))   # it lies in the discard zone now: a discard, nobody needs to click
    assert t.game.moves()[-1] == ("A", "discard", AGENT)
    assert carriers(t.tts) == [] and t.tts.buttons(card) == []


def test_the_buttons_go_away_when_the_card_comes_back_into_shadows(client: FlaskClient) -> None:
    t = setup(client, "named")
    v = t.marshal(AGENT)
    t.move(v, "Red", t.play("Red"))   # face down on the open table: asked, buttons on the card
    assert carriers(t.tts) == [("Card", ["In play", "Discarded", "Hand"])]
    t.move(v, "Red", t.shadows("Red"))
    assert carriers(t.tts) == [] and t.game.moves() == [("A", "marshal_into_shadows", AGENT)]


def test_the_buttons_above_the_zone_lie_over_its_floor_in_rows(client: FlaskClient) -> None:
    """Two cards asked at once, above the helper's shadows zone: a row each, a unit above the table (over the cards
    lying there, under a zone's top that may float high), the second row behind the first; the first answered,
    its row is free for the next."""
    t = setup(client, "helper")
    a, b = t.marshal(AGENT), t.marshal("00170", dx=2.5)
    t.lua(f"fake.destroy({a}); fake.destroy({b})")
    rows = json.loads(t.tts.run("""local z = nil
        for _, o in ipairs(getObjects()) do if o.getName() == "Shadows: Red" then z = o end end
        local out, p, s = {}, z.getPosition(), z.getScale()
        for _, b in ipairs(z.buttons) do
            table.insert(out, {b.label, p.y + b.position[2] * s.y - (p.y - s.y / 2), b.position[3] * s.z})
        end
        return JSON.encode(out)"""))
    assert [r[0] for r in rows] == [f"Red {n}: {w}" for n in (1, 2) for w in ("In play", "Discarded", "Hand")]
    assert all(r[1] == pytest.approx(1.0) for r in rows), rows   # a unit above the zone's floor
    assert [round(r[2], 2) for r in rows] == [1.0] * 3 + [1.7] * 3
    t.click("Hand", n=1)
    assert carriers(t.tts, n=1) == [] and len(carriers(t.tts, n=2)[0][1]) == 3


def test_only_the_owner_or_the_host_can_answer(client: FlaskClient) -> None:
    t, card = revealed_in_shadows(client)
    n = len(t.tts.broadcasts())
    t.click("Discarded", colour="Blue")   # the other player (not the host) may not answer for Red
    assert [b["message"] for b in t.tts.broadcasts()[n:] if b["colour"] == "Blue"] == [
        "Companion: only Red or the host can say where Red's card went."]
    assert t.game.moves() == [("A", "marshal_into_shadows", AGENT)] and t.tts.buttons(card) != []
    # Blue's card, pending too; Red, the host, answers for Blue.
    v = t.card("00170")
    t.move(v, "Blue", t.shadows("Blue"))
    t.flip(v, "Blue")
    t.click("Discarded", owner="Blue", colour="Red")
    assert t.game.moves()[-1] == ("B", "discard", "00170")
    assert carriers(t.tts, "Blue") == [] and carriers(t.tts, "Red") != []


def test_buttons_face_up_on_a_card_lying_face_down_and_follow_it_into_a_pile(client: FlaskClient) -> None:
    """Dropped face down outside shadows: the buttons lie on its upper side (its back), turned over (a button
    cannot be clicked from its back side). Put onto a pile that lies in no zone, the card is gone into a deck:
    the buttons move above the shadows zone, numbered."""
    t = setup(client, "named")
    v = t.marshal(AGENT)
    t.move(v, "Red", t.play("Red"))
    [(kind, labels)] = carriers(t.tts)
    assert kind == "Card" and labels == ["In play", "Discarded", "Hand"]
    sides = t.tts.run(f"local b = {v}.buttons return b[1].position[2], b[1].rotation[3]")
    assert sides == (-0.3, 180)
    pile = t.card("00170", face_down=False)
    t.move(pile, "Red", t.play("Red", along=-6))
    t.move(v, "Red", t.play("Red", along=-6))   # onto a face-up pile: a deck outside every zone
    assert carriers(t.tts) == [("Scripting", ["Red 1: In play", "Red 1: Discarded", "Red 1: Hand"])]
    asked = [b["message"] for b in t.tts.broadcasts() if b["colour"] == "Red" and "where did it go" in b["message"]]
    assert "Click 'In play', 'Discarded' or 'Hand' above your shadows area" in asked[-1], asked[-1]
    t.click("Discarded")
    assert t.game.moves() == [("A", "marshal_into_shadows", AGENT), ("A", "discard", AGENT)]
    assert carriers(t.tts) == []


def test_a_button_made_for_a_face_up_card_cannot_be_clicked_on_a_face_down_one() -> None:
    """The fake's habit the test above relies on (object.md createButton: not from the back side)."""
    tts = Tts()
    tts.run("""c = fake.card({face_down = true})
               c.createButton({click_function = "hit", function_owner = self, label = "Go", position = {0, 0.3, 0}})
               hit = function() hits = (hits or 0) + 1 end""")
    with pytest.raises(Exception, match="faces the table"):
        tts.click("c", "Go")
    tts.run("c._flip()")
    tts.click("c", "Go")
    assert tts.run("return hits") == 1
    assert tts.run("c.removeButton(0) return c.getButtons()") is None   # none left: nil, as TTS gives


def test_a_deleted_card_is_asked_above_the_zone_or_on_the_companion_for_a_hidden_zone(client: FlaskClient) -> None:
    for layout, kind in (("helper", "Scripting"), ("hidden", "BlockSquare")):
        t = setup(client, layout)
        v = t.marshal(AGENT)
        t.lua(f"fake.destroy({v})")
        assert carriers(t.tts) == [(kind, ["Red 1: In play", "Red 1: Discarded", "Red 1: Hand"])], layout
        t.click("Hand")
        assert t.game.moves()[-1] == ("A", "return_to_hand", AGENT) and carriers(t.tts) == []


def test_after_a_rewind_the_card_missing_from_the_table_is_asked_with_buttons(client: FlaskClient) -> None:
    """Buttons are not kept in saves: after a rewind the helper makes them again for the cards it asks about, here
    one the companion has in Red's shadows and the rewound table lacks."""
    t = setup(client, "named")
    point = t.tts.fake.checkpoint()
    t.marshal(AGENT)
    t.tts.rewind(point)
    t.tts.settle(2.0)
    assert carriers(t.tts) == [("Scripting", ["Red 1: In play", "Red 1: Discarded", "Red 1: Hand"])]
    t.click("Discarded")
    assert t.game.moves() == [("A", "marshal_into_shadows", AGENT), ("A", "discard", AGENT)]


def test_the_buttons_speak_the_tables_language(client: FlaskClient) -> None:
    de = catalogue("de")
    t = setup(client, "helper")
    t.chat("!companion lang de")
    v = t.marshal(AGENT)
    t.lua(f"fake.destroy({v})")
    labels = [de["tts.lua.went.play"], de["tts.lua.went.discard"], de["tts.lua.went.hand"]]
    assert carriers(t.tts) == [("Scripting", [f"Rot 1: {w}" for w in labels])]
    tip = t.tts.run("for _, o in ipairs(getObjects()) do for _, b in ipairs(o.buttons) do "
                    "if b.click_function:find('^companion_went_') then return b.tooltip end end end")
    assert tip == "Wohin Karte 1 von Rot ging (dasselbe wie !companion went 1 play); klicken können nur Rot und der " \
                  "Gastgeber."
    n = len(t.tts.broadcasts())
    t.click("Abgelegt", colour="Blue")
    assert [b["message"] for b in t.tts.broadcasts()[n:]] == [
        "Companion: Nur Rot oder der Gastgeber kann sagen, wohin die Karte von Rot ging."]


def test_where_no_button_can_be_made_the_line_offers_the_typed_command_and_reports_go_on(client: FlaskClient) -> None:
    """An object that takes no buttons (here the Companion object's createButton fails, with a hidden shadows zone,
    whose buttons go there): the owner is asked as before, typed, and the answer is recorded."""
    t = setup(client, "hidden")
    t.tts.run("self.createButton = function() error('no buttons on this object') end")
    v = t.marshal(AGENT)
    n = len(t.tts.broadcasts())
    t.lua(f"fake.destroy({v})")
    [asked] = [b["message"] for b in t.tts.broadcasts()[n:] if b["colour"] == "Red"]
    assert asked.endswith("Or tell me: !companion went 1 play (or discard, or hand).") and "Click" not in asked, asked
    t.chat("!companion went 1 discard")
    assert t.game.moves() == [("A", "marshal_into_shadows", AGENT), ("A", "discard", AGENT)]
