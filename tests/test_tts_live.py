"""The helper through a real game: Lua 5.2 with the fake TTS, reporting to the real Flask app over a
real SQLite file. Each test ends with exactly the moves that happened at the table, no more."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient

from tests.tts_fake import Tts

DECK = {"00168": 2, "00170": 2, "13089": 1}  # The Imp's Agent, King's Landing Dromond (Shadow), Tyrion (TB)
SIX = ("White", "Red", "Orange", "Blue", "Green", "Purple")
CARD = '{"code": "%s"}'


class Game:
    """A tracked game in the marshaling phase (advisory), seats named A, B, … as the home page names them."""

    def __init__(self, client: FlaskClient, colours: tuple[str, ...], income: int = 10) -> None:
        self.client = client
        self.seat_of = {colour: chr(ord("A") + i) for i, colour in enumerate(colours)}
        g = client.post("/api/games", json={"mode": "advisory", "judge": True,
                                            "seats": [{"seat": s} for s in self.seat_of.values()]})
        data = g.get_json()
        self.id, self.judge = data["game"]["id"], data["judge"]["key"]
        keys = {s["seat"]: s["key"] for s in data["seats"]}
        version = 0
        for seat in self.seat_of.values():
            r = client.put(f"/api/games/{self.id}/seats/{seat}/deck", headers=self._auth(keys[seat]),
                           json={"expected_version": version, "deck": DECK})
            assert r.status_code == 200, r.get_json()
            version = r.get_json()["version"]
        actions = [{"type": "begin_phase", "phase": p} for p in ("plot", "draw", "marshaling")]
        actions += [{"type": "collect_income", "player": seat, "amount": income} for seat in self.seat_of.values()]
        for action in actions:
            r = client.post(f"/api/games/{self.id}/actions", headers=self._auth(self.judge),
                            json={"action": action, "expected_version": version})
            assert r.status_code == 201, r.get_json()
            version = r.get_json()["version"]
        self.setup_version = version

    @staticmethod
    def _auth(key: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {key}"}

    def log(self) -> list[dict[str, Any]]:
        """The entries the TTS helper recorded."""
        log = self.client.get(f"/api/games/{self.id}/log", headers=self._auth(self.judge)).get_json()
        return [e for e in log["entries"] if (e.get("meta") or {}).get("tts")]

    def moves(self) -> list[tuple[str, str, str]]:
        """(seat, action, card code) for every move the TTS helper recorded."""
        log = self.client.get(f"/api/games/{self.id}/log", headers=self._auth(self.judge)).get_json()
        out = []
        for e in log["entries"]:
            if (e.get("meta") or {}).get("tts"):  # recorded from a TTS snapshot
                data = e["data"]
                out.append((data["player"], data["type"], data["card"].split(".")[1]))
        return out


def table(client: FlaskClient, colours: tuple[str, ...] = ("Red", "Blue")) -> tuple[Tts, Game]:
    """Hand zones around the table, the helper loaded and given the key; zones made beside the hands."""
    game = Game(client, colours)
    tts = Tts(seated=colours, host=colours[0])
    tts.client = client
    for i, colour in enumerate(colours):
        angle = 360 * i / len(colours)
        tts.run(f"""
            local a = math.rad({angle})
            fake.hand("{colour}", 24 * math.sin(a), -24 * math.cos(a), {angle}, 16, 5)""")
    tts.load({"url": "http://127.0.0.1:8787", "game": game.id, "seats": game.seat_of})
    tts.run(f"onChat('!companion key {game.judge}', {{color = '{colours[0]}', host = true}})")
    tts.settle(1.5)
    return tts, game


def shadows_card(tts: Tts, var: str, colour: str, code: str, dx: float = 0.0) -> None:
    """A card from the colour's hand into its shadows zone, face down (a marshal into shadows)."""
    tts.run(f"{var} = fake.card({{gm_notes = '{CARD % code}', face_down = true, x = 0, z = 0}})")
    x, z = tts.zone_at(colour)
    tts.move(var, colour, x + dx, z)
    tts.settle(1.5)


def test_stacking_two_shadow_cards_then_splitting_them_records_only_the_two_marshals(client: FlaskClient) -> None:
    tts, game = table(client)
    shadows_card(tts, "agent", "Red", "00168", dx=-3)
    shadows_card(tts, "dromond", "Red", "00170", dx=3)
    x, z = tts.zone_at("Red")
    # The Dromond dropped onto the Agent: one Deck object in the zone; both cards still in shadows.
    tts.run(f"fake.pick_up('Red', dromond); fake.carry(dromond, {x - 3}, {z})")
    tts.settle(0.3)
    tts.run("fake.drop('Red', dromond)")
    tts.settle(1.5)
    tts.run("deck = fake.formed")   # at once, or a moment after the drop (habit delayed_merges)
    assert tts.run("return deck.type") == "Deck" and tts.run("return #deck.contents") == 2
    last = tts.bodies("Red")[-1]
    assert [c["code"] for c in last["cards"]] == ["00170", "00168"]  # in the deck's order, top first
    # Split: the top card drawn back out beside it; the deck of two is gone, its last card remains.
    tts.run(f"top = fake.draw(deck, {x + 3}, {z})")
    tts.settle(1.5)
    assert tts.run("return deck.destroyed") is True
    assert game.moves() == [("A", "marshal_into_shadows", "00168"), ("A", "marshal_into_shadows", "00170")]


def test_a_card_held_mid_air_for_3_seconds_and_dropped_back_records_nothing(client: FlaskClient) -> None:
    tts, game = table(client)
    shadows_card(tts, "agent", "Red", "00168")
    sent = len(tts.bodies())
    x, z = tts.zone_at("Red")
    tts.run(f"fake.pick_up('Red', agent); fake.carry(agent, {x}, {z - 12})")  # out over the table
    tts.settle(3.0)   # fake clock: three seconds in the air
    assert len(tts.bodies()) == sent, "no report while a card is held"
    tts.run(f"fake.carry(agent, {x}, {z}); fake.drop('Red', agent)")
    tts.settle(1.5)
    assert game.moves() == [("A", "marshal_into_shadows", "00168")]


def test_a_card_that_leaves_without_a_destination_is_pending_until_it_lands(client: FlaskClient) -> None:
    tts, game = table(client)
    shadows_card(tts, "agent", "Red", "00168")
    x, z = tts.zone_at("Red")
    tts.move("agent", "Red", x, z - 10)   # dropped face down on the open table
    tts.settle(1.5)
    assert game.moves() == [("A", "marshal_into_shadows", "00168")]
    asked = [b for b in tts.broadcasts() if "where did it go" in b["message"]]
    assert asked and {b["colour"] for b in asked} == {"Red"}
    assert tts.bodies("Red")[-1]["cards"][0]["pending"]
    # Turned face up where it lies: it came out of shadows.
    tts.run("fake.flip('Red', agent)")
    tts.settle(1.5)
    assert game.moves() == [("A", "marshal_into_shadows", "00168"), ("A", "bring_out", "00168")]


def test_a_pending_card_coming_back_cancels(client: FlaskClient) -> None:
    tts, game = table(client)
    shadows_card(tts, "agent", "Red", "00168")
    x, z = tts.zone_at("Red")
    tts.move("agent", "Red", x, z - 10)
    tts.settle(1.5)
    tts.move("agent", "Red", x, z)
    tts.settle(1.5)
    assert any("is back in your shadows" in b["message"] and b["colour"] == "Red" for b in tts.broadcasts())
    assert game.moves() == [("A", "marshal_into_shadows", "00168")]


def test_deleting_a_card_records_nothing_and_asks_its_owner(client: FlaskClient) -> None:
    tts, game = table(client)
    shadows_card(tts, "agent", "Red", "00168")
    tts.run("fake.destroy(agent)")
    tts.settle(1.5)
    assert any("it was deleted" in b["message"] and b["colour"] == "Red" for b in tts.broadcasts())
    assert game.moves() == [("A", "marshal_into_shadows", "00168")]


def test_a_card_merged_into_the_discard_pile_is_a_discard(client: FlaskClient) -> None:
    tts, game = table(client)
    shadows_card(tts, "agent", "Red", "00168")
    tts.run("""
        pile = fake.object("Scripting", {name = "Discard: Red", x = 20, z = -14, sx = 4, sz = 5})
        old = fake.card({gm_notes = '{"code": "00170"}', x = 20, z = -14})""")
    tts.move("agent", "Red", 20, -14)   # dropped on the discard pile: a deck forms there
    tts.settle(1.5)
    assert tts.run("return agent.destroyed") is True
    assert game.moves() == [("A", "marshal_into_shadows", "00168"), ("A", "discard", "00168")]


def test_a_rewind_reconciles_with_the_log_instead_of_recording_moves(client: FlaskClient) -> None:
    tts, game = table(client)
    before = tts.fake.checkpoint()                # a rewind checkpoint (onSave runs)
    shadows_card(tts, "agent", "Red", "00168")
    assert game.moves() == [("A", "marshal_into_shadows", "00168")]
    # Rewind: the table as it was, the script loaded afresh with the older saved state.
    tts.fake.restore(before)
    tts.load(before.state)
    tts.run(f"onChat('!companion key {game.judge}', {{color = 'Red', host = true}})")
    tts.settle(2.0)
    told = [b for b in tts.broadcasts() if "rewound" in b["message"]]
    assert told and {b["colour"] for b in told} == {"Red"}
    assert game.moves() == [("A", "marshal_into_shadows", "00168")]   # no bring-out for the rewound card
    # Play goes on: a move after the rewind is recorded as usual.
    shadows_card(tts, "dromond", "Red", "00170")
    assert game.moves() == [("A", "marshal_into_shadows", "00168"), ("A", "marshal_into_shadows", "00170")]
    assert "key" not in json.loads(before.state) and game.judge not in before.state


def test_two_colours_at_once_lose_no_report_to_a_conflict(client: FlaskClient) -> None:
    tts, game = table(client)
    tts.run("""
        red = fake.card({gm_notes = '{"code": "00168"}', face_down = true})
        blue = fake.card({gm_notes = '{"code": "00170"}', face_down = true})""")
    (rx, rz), (bx, bz) = tts.zone_at("Red"), tts.zone_at("Blue")
    tts.run(f"fake.pick_up('Red', red); fake.pick_up('Blue', blue); fake.carry(red, {rx}, {rz}); "
            f"fake.carry(blue, {bx}, {bz}); fake.drop('Red', red); fake.drop('Blue', blue)")
    tts.conflicts = 1   # the first report meets a 409, as when both arrive at the same moment
    tts.settle(4.0)
    ids = [b["request_id"] for b in tts.bodies() if b["cards"]]
    assert len(ids) == 3 and len(set(ids)) == 2, "the refused report came again with the same request id"
    assert sorted(game.moves()) == [("A", "marshal_into_shadows", "00168"), ("B", "marshal_into_shadows", "00170")]


def test_a_six_colour_table(client: FlaskClient) -> None:
    tts, game = table(client, SIX)
    for i, colour in enumerate(SIX):
        tts.run(f"c{i} = fake.card({{gm_notes = '{CARD % '00168'}', face_down = true}})")
        x, z = tts.zone_at(colour)
        tts.run(f"fake.pick_up('{colour}', c{i}); fake.carry(c{i}, {x}, {z}); fake.drop('{colour}', c{i})")
    tts.settle(3.0)
    assert sorted(game.moves()) == [(game.seat_of[c], "marshal_into_shadows", "00168") for c in SIX]
    # Verdicts naming a card reach its owner only; nothing goes to chat for everyone.
    for b in tts.broadcasts():
        if "Imp's Agent" in b["message"]:
            assert b["colour"] in SIX and b["colour"] != "ALL"
    assert all("Imp" not in p for p in tts.prints())


def test_a_card_known_only_by_its_name_is_resolved_by_the_companion(client: FlaskClient) -> None:
    tts, game = table(client)
    tts.run("named = fake.card({name = 'Tyrion Lannister', description = 'The Blackwater', face_down = true})")
    x, z = tts.zone_at("Red")
    tts.move("named", "Red", x, z)
    tts.settle(1.5)
    assert game.moves() == [("A", "marshal_into_shadows", "13089")]


def _tts_bodies_ok(tts: Tts) -> list[dict[str, Any]]:
    return [d for d in tts.delivered if d["status"] >= 400]


def test_every_report_carries_a_request_id_and_the_key_in_a_header(client: FlaskClient) -> None:
    tts, game = table(client)
    shadows_card(tts, "agent", "Red", "00168")
    for r in tts.requests():
        body = json.loads(r["data"])
        assert 8 <= len(body["request_id"]) <= 64
        assert r["headers"]["Authorization"] == f"Bearer {game.judge}"
        assert game.judge not in r["data"]
    assert _tts_bodies_ok(tts) == []


def test_a_card_under_a_new_guid_in_the_same_zone_is_the_same_card(client: FlaskClient) -> None:
    tts, game = table(client)
    shadows_card(tts, "agent", "Red", "00168")
    x, z = tts.zone_at("Red")
    # TTS hands out new GUIDs when decks form and split (shared/docs/tts.md §2.7, ge_tts#6).
    tts.run(f"fake.destroy(agent); again = fake.card({{gm_notes = '{CARD % '00168'}', face_down = true, "
            f"x = {x}, z = {z}}}); fake.enter_zones(again)")
    tts.settle(1.5)
    assert tts.run("return again.getGUID() ~= agent.getGUID()") is True
    assert game.moves() == [("A", "marshal_into_shadows", "00168")]


def test_a_card_known_by_name_that_comes_out_face_up_is_brought_out(client: FlaskClient) -> None:
    tts, game = table(client)
    tts.run("named = fake.card({name = 'Tyrion Lannister (TB)', face_down = true})")
    x, z = tts.zone_at("Red")
    tts.move("named", "Red", x, z)
    tts.settle(1.5)
    tts.run("fake.flip('Red', named)")
    tts.move("named", "Red", x, z + 10)
    tts.settle(1.5)
    assert game.moves() == [("A", "marshal_into_shadows", "13089"), ("A", "bring_out", "13089")]


def test_one_copy_out_and_another_in_at_once_are_two_moves(client: FlaskClient) -> None:
    tts, game = table(client)
    shadows_card(tts, "first", "Red", "00168")
    x, z = tts.zone_at("Red")
    tts.run(f"""second = fake.card({{gm_notes = '{CARD % '00168'}', face_down = true}})
        fake.flip('Red', first); fake.pick_up('Red', first); fake.carry(first, {x}, {z + 10}); fake.drop('Red', first)
        fake.pick_up('Red', second); fake.carry(second, {x}, {z}); fake.drop('Red', second)""")
    tts.settle(1.5)
    assert game.moves() == [("A", "marshal_into_shadows", "00168"), ("A", "bring_out", "00168"),
                            ("A", "marshal_into_shadows", "00168")]


def test_a_card_taken_back_into_its_hand_zone_returns_to_hand(client: FlaskClient) -> None:
    tts, game = table(client)
    shadows_card(tts, "agent", "Red", "00168")
    hx, hz = tts.run("local t = Player['Red'].getHandTransform(1) return t.position.x, t.position.z")
    tts.move("agent", "Red", hx, hz)
    tts.settle(1.5)
    assert game.moves() == [("A", "marshal_into_shadows", "00168"), ("A", "return_to_hand", "00168")]


def test_a_card_that_never_comes_to_rest_holds_a_report_up_a_few_seconds_only(client: FlaskClient) -> None:
    """Reports wait for cards to rest (SCED waits for resting), but a card lying tilted on something that never
    rests holds them up at most track.PATIENCE seconds (fake clock)."""
    tts, game = table(client)
    tts.run("fake.SETTLE = 1000")   # this drop never settles
    shadows_card(tts, "agent", "Red", "00168")   # dropped 1.5 s ago
    tts.settle(1.0)
    assert game.moves() == [] and tts.run("return agent.resting") is False
    tts.settle(1.5)
    assert game.moves() == [("A", "marshal_into_shadows", "00168")]


def test_a_card_gliding_by_script_is_reported_where_it_lands_not_mid_air(client: FlaskClient) -> None:
    """A script's smooth move (about a second, over the table) is reported once the card is down: not while it
    is in the air, face up outside every zone (which would read as brought out)."""
    tts, game = table(client)
    shadows_card(tts, "agent", "Red", "00168")
    tts.settle(1.5)
    tts.run("""for _, o in ipairs(getObjects()) do
        if o.getName() == "Discard: Red" then local p = o.getPosition() agent.flip()
            agent.setPositionSmooth({p.x, fake.CARD_Y, p.z}, false, false) end end""")
    tts.settle(0.7)
    assert tts.run("return agent.isSmoothMoving()") is True
    assert game.moves() == [("A", "marshal_into_shadows", "00168")]
    tts.settle(2.5)
    assert game.moves() == [("A", "marshal_into_shadows", "00168"), ("A", "discard", "00168")]
