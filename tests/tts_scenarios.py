"""Realistic Tabletop Simulator sessions, run in the fake TTS with the helper exactly as the host page hands it
out, reporting to the real Flask app over a real SQLite file: what happened at the table against what the
companion recorded. Three table layouts: the modder's named scripting zones, a hidden zone for shadows, and the
helper's own zones. ``python -m tests.tts_scenarios`` prints the table."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask.testing import FlaskClient

from tests.test_tts_live import CARD, Game
from tests.tts_fake import Tts, to_py

#: named: the modder's scripting zones for all three areas; hidden: a hidden zone for shadows; partial: only
#: "Shadows: <colour>" zones (the host is told discard and dead piles are missing and clicks "Make missing
#: zones"); helper: no zones at all, the helper makes them.
LAYOUTS = ("named", "hidden", "partial", "helper")
Move = tuple[str, str, str]


@dataclass
class Table:
    tts: Tts
    game: Game
    colours: tuple[str, ...]
    layout: str
    n: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    scale: float = 1.0   # the size of this mod's cards
    rot: float = 0.0     # how Red's cards lie (turned to face Red, as its hand zone is)

    # -- places -----------------------------------------------------------------------------------
    def _row(self, colour: str, radius: float, along: float = 0.0) -> tuple[float, float]:
        a = math.radians(360 * self.colours.index(colour) / len(self.colours))
        return radius * math.sin(a) + along * math.cos(a), -radius * math.cos(a) - along * math.sin(a)

    def _named(self, colour: str, kind: str) -> tuple[float, float]:
        found = self.tts.run(f"""for _, o in ipairs(getObjects()) do
            local k, c = nil, nil
            if o.getName() ~= "" then k, c = fake_parse(o.getName()) end
            if k == "{kind}" and c == "{colour}" then local p = o.getPosition() return p.x, p.z end
        end""")
        if found is None:  # no such zone (an older helper): where a player keeps that pile, beside the hand
            return self._row(colour, 16, {"shadows": 0.0, "discard": 7.5, "dead": -7.5}[kind])
        return found  # type: ignore[no-any-return]

    def shadows(self, colour: str) -> tuple[float, float]:
        return self._named(colour, "shadows")

    def discard(self, colour: str) -> tuple[float, float]:
        return self._named(colour, "discard")

    def play(self, colour: str, along: float = 0.0) -> tuple[float, float]:
        return self._row(colour, 7, along)

    def hand(self, colour: str) -> tuple[float, float]:
        return self._row(colour, 24)

    # -- moves ------------------------------------------------------------------------------------
    def card(self, code: str, named_only: bool = False, face_down: bool = True) -> str:
        self.n += 1
        var = f"c{self.n}"
        if named_only:
            name = self.tts.lua.globals().json_name(code)
            self.tts.run(f"{var} = fake.card({{name = {json.dumps(name)}, face_down = {str(face_down).lower()}, "
                         f"x = 0, z = 0, sx = {self.scale}, sz = {self.scale}, rot_y = {self.rot}}})")
        else:
            self.tts.run(f"{var} = fake.card({{gm_notes = '{CARD % code}', face_down = {str(face_down).lower()}, "
                         f"x = 0, z = 0, sx = {self.scale}, sz = {self.scale}, rot_y = {self.rot}}})")
        return var

    def beside(self, colour: str, at: tuple[float, float], dx: float) -> tuple[float, float]:
        """``dx`` card widths of scale 1 along the colour's shadows row (its zone may be turned, its cards big)."""
        a = math.radians(float(self.tts.run(f"""for _, o in ipairs(getObjects()) do local k, c = nil, nil
            if o.getName() ~= "" then k, c = fake_parse(o.getName()) end
            if k == "shadows" and c == "{colour}" then return o.getRotation().y end end return 0""")))
        return at[0] + dx * self.scale * math.cos(a), at[1] - dx * self.scale * math.sin(a)

    def move(self, var: str, colour: str, at: tuple[float, float], dx: float = 0.0, hold: float = 0.2) -> None:
        x, z = self.beside(colour, at, dx) if dx else at
        self.tts.move(var, colour, x, z, hold=hold)
        self.tts.settle(1.5)

    def flip(self, var: str, colour: str = "Red") -> None:
        """Turned over where it lies; by a mod's script (habit silent_flips) no event fires, and the helper sees it
        at its next look (config.poll, 1 s)."""
        self.lua(f"fake.flip('{colour}', {var})")

    def marshal(self, code: str, colour: str = "Red", dx: float = 0.0, named_only: bool = False) -> str:
        var = self.card(code, named_only)
        self.move(var, colour, self.shadows(colour), dx)
        return var

    def lua(self, code: str, settle: float = 1.5) -> Any:
        """A step at the fake table in Lua, then the time TTS and the helper take to settle after it."""
        out = self.tts.run(code)
        self.tts.settle(settle)
        return out

    def carry(self, var: str, colour: str, at: tuple[float, float], dx: float = 0.0, settle: float = 0.3) -> None:
        """Picked up and carried over ``at`` (not dropped)."""
        x, z = self.beside(colour, at, dx) if dx else at
        self.lua(f"fake.pick_up('{colour}', {var}); fake.carry({var}, {x}, {z})", settle)

    def stack(self, var: str, colour: str, at: tuple[float, float], dx: float = 0.0) -> None:
        """Carried onto the card lying at ``at`` and dropped there: the two become a deck (Lua ``deck``), at once or
        a moment later (habit delayed_merges)."""
        self.carry(var, colour, at, dx)
        self.lua(f"fake.drop('{colour}', {var})")
        self.tts.run("deck = fake.formed")

    def click(self, label: str, owner: str = "Red", n: int = 1, colour: str | None = None) -> None:
        """``colour`` (the owner unless told) clicks ``label`` among the buttons asking where ``owner``'s card
        ``n`` went, wherever they are (on the card, above the shadows zone, on the Companion object)."""
        carrier = f"""(function() for _, o in ipairs(getObjects()) do
            for _, b in ipairs(o.buttons) do
                if tostring(b.click_function):find("^companion_went_{owner}_{n}_") then return o end
            end end end)()"""
        self.tts.click(carrier, label, colour or owner)
        self.tts.settle(1.5)

    def chat(self, text: str, colour: str = "Red") -> None:
        host = str(colour == self.colours[0]).lower()
        self.lua(f"onChat({json.dumps(text)}, {{color = '{colour}', host = {host}}})")


PARSE = """
function fake_parse(name)
    local low = " " .. string.lower(name) .. " "
    local colour = nil
    for _, c in ipairs({"White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Pink"}) do
        if string.find(low, "[^%a]" .. string.lower(c) .. "[^%a]") then colour = c end
    end
    for _, k in ipairs({"shadow", "discard", "dead"}) do
        if colour and string.find(low, k, 1, true) then return (k == "shadow" and "shadows" or k), colour end
    end
    return nil, nil
end
"""


#: The real engine's habits every scenario runs with, besides the fake's defaults (tts_fake.lua fake.HABITS): one
#: report's answer is lost (the helper gives it up after its timeout and sends it again).
SCENARIO_HABITS = {"lost_answer": True}
#: Fake seconds every scenario ends with, so that a report held back by a lost answer (config.timeout, 5 s, and a
#: retry) has arrived before the log is read.
CATCH_UP = 7.0
#: zones.lua COLOUR_INDEX: a colour's outlines are this thick (0.08 + index / 10000).
OUTLINE_INDEX = {"White": 1, "Brown": 2, "Red": 3, "Orange": 4, "Yellow": 5, "Green": 6, "Teal": 7, "Blue": 8,
                 "Purple": 9, "Pink": 10}


def setup(client: FlaskClient, layout: str, colours: tuple[str, ...] = ("Red", "Blue"),
          seats: dict[str, str] | None = None, keep_guids: bool = False, quiet_merges: bool = False,
          habits: dict[str, bool] | None = None) -> Table:
    """A game, hand zones around the table at real heights, the zones of the layout, the helper loaded with the
    game's table key (made by the judge, as the host page does)."""
    game = Game(client, colours)
    if seats:
        game.seat_of = seats
    tts = Tts(seated=colours, host=colours[0], habits={**SCENARIO_HABITS, **(habits or {})})
    tts.client = client
    tts.fake.KEEP_GUIDS = keep_guids
    tts.fake.QUIET_MERGES = quiet_merges
    tts.run(PARSE)
    names = {c.code: c.name for c in client.application.extensions["companion"]["services"].catalog().all()}
    tts.lua.globals().json_name = lambda code: names[code]
    t = Table(tts, game, colours, layout)
    for i, colour in enumerate(colours):
        angle = 360 * i / len(colours)
        hx, hz = t._row(colour, 24)
        tts.run(f'fake.hand("{colour}", {hx}, {hz}, {angle}, 16, 5)')
        if layout == "partial":
            sx, sz = t._row(colour, 16)
            tts.run(f'fake.zone("Scripting", "Shadows: {colour}", {sx}, {sz}, 10, 4.5, {angle})')
        if layout in ("named", "hidden"):
            sx, sz = t._row(colour, 16)
            dx, dz = t._row(colour, 16, 7.5)
            kx, kz = t._row(colour, 16, -7.5)
            kind = "Scripting" if layout == "named" else "FogOfWar"   # a hidden zone's type (built-in-object.md)
            tts.run(f'fake.zone("{kind}", "Shadows: {colour}", {sx}, {sz}, 10, 4.5, {angle})')
            tts.run(f'fake.zone("Scripting", "{colour} discard pile", {dx}, {dz}, 4, 4.5, {angle})')
            tts.run(f'fake.zone("Scripting", "Dead pile ({colour})", {kx}, {kz}, 4, 4.5, {angle})')
    r = client.post(f"/api/games/{game.id}/table-key", headers={"Authorization": f"Bearer {game.judge}"})
    key = r.get_json()["key"]
    t.extra["key"] = key
    tts.load({"url": "http://127.0.0.1:8787", "game": game.id, "seats": game.seat_of})
    tts.run(f"onChat('!companion key {key}', {{color = '{colours[0]}', host = true}})")
    tts.settle(1.5)
    if layout == "partial":
        told = [b for b in tts.broadcasts() if "has no discard pile, no dead pile zone" in b["message"]]
        assert told, "the host is told what is missing"
        tts.press("Make missing zones", colours[0])
        tts.settle(1.5)
    return t


@dataclass
class RealTable(Table):
    """A real mod's table (shared/data/tts): its hand zones, zones and cards where the save has them, cards of its
    size at its height; each colour's play area lies past its shadows area, away from its hand."""

    hands: dict[str, tuple[float, float]] = field(default_factory=dict)

    def _out(self, colour: str) -> tuple[float, float, float, float]:
        (sx, sz), (hx, hz) = self.shadows(colour), self.hands[colour]
        d = math.hypot(sx - hx, sz - hz)
        return sx, sz, (sx - hx) / d, (sz - hz) / d

    def play(self, colour: str, along: float = 0.0) -> tuple[float, float]:
        sx, sz, ux, uz = self._out(colour)
        reach = 4.5 * self.scale / 2 + 3.1 * self.scale * 1.2
        return sx + ux * reach - uz * along * self.scale, sz + uz * reach + ux * along * self.scale

    def hand(self, colour: str) -> tuple[float, float]:
        return self.hands[colour]


def setup_real(client: FlaskClient, root: dict[str, Any], colours: tuple[str, str]) -> RealTable:
    """The helper in a real mod's table, making its own zones there, with the game's table key."""
    from tests.tts_fake import real_table

    game = Game(client, colours)
    tts = Tts(seated=colours, host=colours[0])
    tts.client = client
    tts.run(PARSE)
    laid = real_table(tts, root)
    first: dict[str, tuple[float, float]] = {}
    turn: dict[str, float] = {}
    # Each colour's biggest hand zone, as the helper takes (the others may be parked off the table).
    for colour, tr in sorted(laid["hands"], key=lambda h: -h[1].scale_x * h[1].scale_z):
        first.setdefault(colour, (tr.x, tr.z))
        turn.setdefault(colour, tr.rot_y)
    t = RealTable(tts, game, colours, "real", scale=laid["scale"], rot=turn[colours[0]], hands=first)
    t.extra["surface"] = laid["surface"]
    r = client.post(f"/api/games/{game.id}/table-key", headers={"Authorization": f"Bearer {game.judge}"})
    key = r.get_json()["key"]
    tts.load({"url": "http://127.0.0.1:8787", "game": game.id, "seats": game.seat_of})
    tts.run(f"onChat('!companion key {key}', {{color = '{colours[0]}', host = true}})")
    tts.settle(1.5)
    return t


@dataclass
class Scenario:
    name: str
    happened: str
    play: Callable[[Table], None]
    expected: Callable[[Table], list[Move]]
    colours: tuple[str, ...] = ("Red", "Blue")
    seats: dict[str, str] | None = None
    flags: int = 0   # verdicts that rightly say "illegal" (seat B marshals while A is the active player)


def _a(*codes_types: tuple[str, str], seat: str = "A") -> list[Move]:
    return [(seat, t, c) for t, c in codes_types]


M, B, D, H = "marshal_into_shadows", "bring_out", "discard", "return_to_hand"
AGENT, DROMOND, TYRION = "00168", "00170", "13089"


def s_marshal(t: Table) -> None:
    t.marshal(AGENT)


def s_bring_out(t: Table) -> None:
    v = t.marshal(AGENT)
    t.flip(v)
    t.move(v, "Red", t.play("Red"))


def s_bring_out_flip_in_place_after_lift(t: Table) -> None:
    v = t.marshal(AGENT)
    t.move(v, "Red", t.play("Red"))      # face down on the open table: pending
    t.flip(v)                            # turned face up where it lies: brought out


def s_discard_on_pile(t: Table) -> None:
    v = t.marshal(AGENT)
    pile = t.card(DROMOND, face_down=False)
    other = t.card(TYRION, face_down=False)
    t.move(pile, "Red", t.discard("Red"))
    t.move(other, "Red", t.discard("Red"))   # a face-up pile (a deck) in the discard zone
    t.flip(v)
    t.move(v, "Red", t.discard("Red"))


def s_discard_on_card(t: Table) -> None:
    v = t.marshal(AGENT)
    old = t.card(DROMOND, face_down=False)
    t.move(old, "Red", t.discard("Red"))
    t.flip(v)
    t.move(v, "Red", t.discard("Red"))      # a deck forms with a new GUID


def s_discard_empty(t: Table) -> None:
    v = t.marshal(AGENT)
    t.flip(v)
    t.move(v, "Red", t.discard("Red"))


def s_to_hand(t: Table) -> None:
    v = t.marshal(AGENT)
    t.move(v, "Red", t.hand("Red"))


def s_stack_split(t: Table) -> None:
    t.marshal(AGENT, dx=-2.5)
    t.stack(t.card(DROMOND), "Red", t.shadows("Red"), dx=-2.5)
    x, z = t.beside("Red", t.shadows("Red"), 2.5)
    t.lua(f"top = fake.draw(deck, {x}, {z})")


def s_stack_shuffle(t: Table) -> None:
    t.marshal(AGENT, dx=-2.5)
    t.stack(t.card(DROMOND), "Red", t.shadows("Red"), dx=-2.5)
    t.lua("deck.shuffle()")


def s_held(t: Table) -> None:
    v = t.marshal(AGENT)
    x, z = t.shadows("Red")
    t.carry(v, "Red", (x, z - 6), settle=3.0)
    t.lua(f"fake.carry({v}, {x}, {z}); fake.drop('Red', {v})")


def s_held_over_zone(t: Table) -> None:
    """Carried over the shadows zone and away again without being dropped there: nothing."""
    v = t.card(AGENT)
    t.carry(v, "Red", t.shadows("Red"), settle=2.0)
    px, pz = t.play("Red")
    t.lua(f"fake.carry({v}, {px}, {pz}); fake.drop('Red', {v})")


def s_leave_and_back(t: Table) -> None:
    v = t.marshal(AGENT)
    t.move(v, "Red", t.play("Red"))
    t.move(v, "Red", t.shadows("Red"))


def s_delete(t: Table) -> None:
    v = t.marshal(AGENT)
    t.lua(f"fake.destroy({v})")


def s_rewind(t: Table) -> None:
    point = t.tts.fake.checkpoint()
    t.marshal(AGENT)
    t.tts.rewind(point)                      # every object a new GUID; the key comes back from the saved state
    t.tts.settle(2.0)
    t.marshal(DROMOND)


def s_rewind_with_card_in_shadows(t: Table) -> None:
    t.marshal(AGENT)
    point = t.tts.fake.checkpoint()
    t.tts.rewind(point)                      # the Agent is still in shadows under a new GUID
    t.tts.settle(2.0)
    v = t.tts.run(f"""for _, o in ipairs(getObjects()) do
        if o.type == "Card" and o.getGMNotes() == '{CARD % AGENT}' then return o end end""")
    t.tts.lua.globals().again = v
    t.flip("again")
    t.move("again", "Red", t.play("Red"))


def s_two_colours_conflict(t: Table) -> None:
    red, blue = t.card(AGENT), t.card(DROMOND)
    (rx, rz), (bx, bz) = t.shadows("Red"), t.shadows("Blue")
    t.tts.run(f"fake.pick_up('Red', {red}); fake.pick_up('Blue', {blue}); fake.carry({red}, {rx}, {rz}); "
              f"fake.carry({blue}, {bx}, {bz}); fake.drop('Red', {red}); fake.drop('Blue', {blue})")
    t.tts.conflicts = 1
    t.tts.newest_first = True
    t.tts.settle(4.0)


def s_named_only(t: Table) -> None:
    v = t.marshal(TYRION, named_only=True)   # "Tyrion Lannister": several printings, the deck settles it
    t.flip(v)
    t.move(v, "Red", t.play("Red"))


def s_pile_outside_zones_then_answer(t: Table) -> None:
    v = t.marshal(AGENT)
    pile = t.card(DROMOND, face_down=False)
    t.move(pile, "Red", t.play("Red", along=-6))
    t.flip(v)
    t.move(v, "Red", t.play("Red", along=-6))   # onto a face-up pile in no zone: pending, the owner is asked
    t.chat("!companion went 1 discard")


def s_no_discard_zone(t: Table) -> None:
    """The issue's phantom: no discard zone; the card goes face up onto the table where the player keeps the
    pile. Never a bring-out: pending, the owner is asked, and answers."""
    spot = t.discard("Red")
    t.tts.run("""for _, o in ipairs(getObjects()) do
        local k, c = nil, nil
        if o.getName() ~= "" then k, c = fake_parse(o.getName()) end
        if c == "Red" and (k == "discard" or k == "dead") then fake.destroy(o) end
    end""")
    v = t.marshal(AGENT)
    t.flip(v)
    t.move(v, "Red", spot)
    t.extra["before_answer"] = t.game.moves()   # no bring-out for a card that may be a discard
    t.extra["asked"] = any("where did it go" in b["message"] for b in t.tts.broadcasts() if b["colour"] == "Red")
    t.click("Discarded")   # one click on the card (the typed command records the same: "pile in no zone")


def s_flip_in_shadows_then_answer(t: Table) -> None:
    """Turned face up where it lies in shadows and left there: revealed, not yet in play or discarded. Pending,
    the owner is asked, answers 'play'."""
    v = t.marshal(AGENT)
    t.flip(v)
    t.extra["before_answer"] = t.game.moves()
    t.extra["asked"] = any("where did it go" in b["message"] and "face up in your shadows area" in b["message"]
                           for b in t.tts.broadcasts() if b["colour"] == "Red")
    t.click("In play")


def s_against_the_edge(t: Table) -> None:
    """The draw deck (face down) and a card in play (face up) lie against the shadows area, their edges a little
    over the zone's: TTS counts an object whose collider overlaps a zone. Neither is in shadows; then a marshal."""
    x, z = t.shadows("Red")
    hx, hz = t.hand("Red")
    d = math.hypot(x - hx, z - hz)
    ux, uz = (x - hx) / d, (z - hz) / d   # away from the hand, across the zone's depth
    depth = t.tts.run("""for _, o in ipairs(getObjects()) do
        if o.getName() ~= "" and o.getName():find("Red") and o.getName():find("hadow") then return o.getScale().z end
    end""")
    reach = depth / 2 + 3.1 * t.scale / 2 - 0.3   # a card 3.1 long at scale 1, 0.3 of it over the edge
    cards = ", ".join(f"{{guid = 'dd000{i}', name = '', description = '', gm_notes = '{CARD % code}', memo = ''}}"
                      for i, code in enumerate((TYRION, DROMOND, AGENT)))
    size = f"sx = {t.scale}, sz = {t.scale}, rot_y = {t.rot}"
    a = 1.4 * t.scale   # side by side on the play side of the zone, a little apart
    t.lua(f"""deck = fake.object("Deck", {{x = {x + ux * reach + uz * a}, z = {z + uz * reach - ux * a},
                                           face_down = true, {size}}})
              deck.contents = {{{cards}}}; fake.enter_zones(deck)
              up = fake.card({{gm_notes = '{CARD % TYRION}', x = {x + ux * reach - uz * a},
                              z = {z + uz * reach + ux * a}, {size}}})
              fake.enter_zones(up)""")
    t.extra["edge_in_zone"] = t.tts.run("""local n = 0 for _, o in ipairs(getObjects()) do
        if o.getName() ~= "" and o.getName():find("Red") and o.getName():find("hadow") then
            for _, x in ipairs(o.type == "Scripting" and o.getObjects(true) or {}) do n = n + 1 end
        end end return n""")
    t.marshal(DROMOND)


def s_tokens(t: Table) -> None:
    """A gold token put on a shadows card by Red, near its end (a card turned to face a side seat lies along x), then
    taken off again. (Dropped by a player: a tagged zone fires no enter event for an untagged token.)"""
    v = t.marshal(AGENT)
    t.lua(f"""local p, a = {v}.getPosition(), math.rad({v}.getRotation().y)
              gold = fake.object("Custom_Token", {{name = "Gold", x = p.x + 1.2 * {t.scale} * math.sin(a),
                                                 y = p.y + 0.1, z = p.z + 1.2 * {t.scale} * math.cos(a)}})
              fake.enter_zones(gold); fake.fire("onObjectDrop", "Red", gold)""")
    t.tts.settle(CATCH_UP)   # an answer lost before (SCENARIO_HABITS) holds the report back a few seconds
    t.extra["tokens"] = [(e["data"]["type"], e["data"]["kind"], e["data"].get("amount", 1)) for e in t.game.log()
                         if e["data"]["type"].endswith("_tokens")]
    t.lua("fake.destroy(gold)")


def s_seat_differs(t: Table) -> None:
    t.marshal(AGENT)                          # Red plays seat B


def s_group_move(t: Table) -> None:
    a, b = t.card(AGENT), t.card(DROMOND)
    x, z = t.shadows("Red")
    t.lua(f"fake.pick_up('Red', {a}); fake.pick_up('Red', {b}); fake.carry({a}, {x - 2.5}, {z}); "
          f"fake.carry({b}, {x + 2.5}, {z})", settle=0.5)
    t.lua(f"fake.drop('Red', {a}); fake.drop('Red', {b})")


def s_scripted_discard(t: Table) -> None:
    """A mod's script (a context menu's "discard") turns the card over and moves it smoothly onto the discard pile:
    no flip event, and for about a second it is in the air over the open table, face up (habits silent_flips,
    smooth_moves); then it lands on the pile, which takes it a moment later (delayed_merges)."""
    v = t.marshal(AGENT)
    pile = t.card(DROMOND, face_down=False)
    t.move(pile, "Red", t.discard("Red"))
    x, z = t.discard("Red")
    t.lua(f"{v}.flip(); {v}.setPositionSmooth({{{x}, {t.tts.fake.CARD_Y}, {z}}}, false, false)", settle=2.5)


def s_pile_onto_discard(t: Table) -> None:
    """Face up onto a card set aside in no zone (a loose pile: pending), then that pile carried onto the discard
    pile, where the two piles become one (habit deck_on_deck): the card is followed into it, a discard."""
    v = t.marshal(AGENT)
    t.move(t.card(TYRION, face_down=False), "Red", t.discard("Red"))
    t.move(t.card(DROMOND, face_down=False), "Red", t.play("Red", along=-6))
    t.flip(v)
    t.move(v, "Red", t.play("Red", along=-6))
    t.tts.run("aside = fake.formed")
    t.move("aside", "Red", t.discard("Red"))


def s_copy_under_same_guid(t: Table) -> None:
    """The draw deck, spawned from the same data, holds another Agent under the shadows Agent's GUID (SCED PR
    #1427): while the shadows Agent lies in a stack, that copy is drawn into the hand and keeps the GUID; then the
    shadows Agent is taken off its stack, still in shadows, under a new GUID. Only the two marshals."""
    a = t.marshal(AGENT, dx=-2.5)
    t.stack(t.card(DROMOND), "Red", t.shadows("Red"), dx=-2.5)
    hx, hz = t.hand("Red")
    t.lua(f"""draw = fake.object("Deck", {{x = -38, z = 26, face_down = true}})
              draw.contents = {{{{guid = {a}.getGUID(), name = '', description = '', gm_notes = '{CARD % AGENT}',
                                  memo = ''}}, {{guid = 'ee0001', name = '', description = '',
                                  gm_notes = '{CARD % TYRION}', memo = ''}}}}
              copy = fake.draw(draw, {hx}, {hz})""")
    x, z = t.beside("Red", t.shadows("Red"), 2.5)
    t.lua(f"again = deck.takeObject({{index = 1, position = {{{x}, {t.tts.fake.CARD_Y}, {z}}}}})")
    t.extra["same_guid"] = t.tts.run(f"return copy.getGUID() == {a}.getGUID() and again.getGUID() ~= copy.getGUID()")


SCENARIOS = [
    Scenario("marshal", "a card face down into shadows", s_marshal, lambda t: _a((M, AGENT))),
    Scenario("bring out", "picked up, turned face up, dropped in play", s_bring_out,
             lambda t: _a((M, AGENT), (B, AGENT))),
    Scenario("bring out in place", "dropped face down on the table, then turned face up there",
             s_bring_out_flip_in_place_after_lift, lambda t: _a((M, AGENT), (B, AGENT))),
    Scenario("discard on a pile", "face up onto the discard pile (a deck)", s_discard_on_pile,
             lambda t: _a((M, AGENT), (D, AGENT))),
    Scenario("discard on a card", "face up onto one discarded card (a deck forms, new GUID)", s_discard_on_card,
             lambda t: _a((M, AGENT), (D, AGENT))),
    Scenario("discard, empty pile", "face up into the empty discard zone", s_discard_empty,
             lambda t: _a((M, AGENT), (D, AGENT))),
    Scenario("back to hand", "into the hand zone", s_to_hand, lambda t: _a((M, AGENT), (H, AGENT))),
    Scenario("stack and split", "a card dropped on another in shadows, then drawn off", s_stack_split,
             lambda t: _a((M, AGENT), (M, DROMOND))),
    Scenario("stack and shuffle", "two cards stacked in shadows, the deck shuffled", s_stack_shuffle,
             lambda t: _a((M, AGENT), (M, DROMOND))),
    Scenario("held 3 s", "lifted out of shadows, held 3 s, put back", s_held, lambda t: _a((M, AGENT))),
    Scenario("carried over", "carried over the shadows zone into play face down, never dropped there",
             s_held_over_zone, lambda t: []),
    Scenario("out and back", "dropped face down on the table, then back into shadows", s_leave_and_back,
             lambda t: _a((M, AGENT))),
    Scenario("deleted", "a shadows card deleted", s_delete, lambda t: _a((M, AGENT))),
    Scenario("rewind", "a marshal, a rewind to before it, another marshal", s_rewind,
             lambda t: _a((M, AGENT), (M, DROMOND))),
    Scenario("rewind, then out", "a rewind with the card in shadows (new GUIDs), then it is brought out",
             s_rewind_with_card_in_shadows, lambda t: _a((M, AGENT), (B, AGENT))),
    Scenario("two colours, 409", "Red and Blue at once, one report meets a conflict, answers out of order",
             s_two_colours_conflict, lambda t: _a((M, AGENT)) + _a((M, DROMOND), seat="B"), flags=1),
    Scenario("name only", "a card with only its name (several printings) in, then out", s_named_only,
             lambda t: _a((M, TYRION), (B, TYRION))),
    Scenario("pile in no zone", "face up onto a pile outside any zone; the owner answers 'discard'",
             s_pile_outside_zones_then_answer, lambda t: _a((M, AGENT), (D, AGENT))),
    Scenario("no discard zone", "face up where the discard pile lies, with no discard zone; the owner clicks",
             s_no_discard_zone, lambda t: _a((M, AGENT), (D, AGENT))),
    Scenario("flip in shadows", "turned face up where it lies in shadows; the owner clicks 'In play'",
             s_flip_in_shadows_then_answer, lambda t: _a((M, AGENT), (B, AGENT))),
    Scenario("against the edge", "the draw deck and a card in play against the shadows area, then a marshal",
             s_against_the_edge, lambda t: _a((M, DROMOND))),
    Scenario("tokens", "a gold token put on a shadows card, then taken off", s_tokens,
             lambda t: _a((M, AGENT), ("place_tokens", AGENT), ("remove_tokens", AGENT))),
    Scenario("seat differs", "Red plays seat B (colour and seat differ)", s_seat_differs,
             lambda t: _a((M, AGENT), seat="B"), seats={"Red": "B", "Blue": "A"}, flags=1),
    Scenario("group move", "two cards carried into shadows together", s_group_move,
             lambda t: _a((M, AGENT), (M, DROMOND))),
    Scenario("scripted discard", "a mod's script turns it over and glides it onto the discard pile",
             s_scripted_discard, lambda t: _a((M, AGENT), (D, AGENT))),
    Scenario("pile onto the discard pile", "face up onto a card in no zone, then that pile onto the discard pile",
             s_pile_onto_discard, lambda t: _a((M, AGENT), (D, AGENT))),
    Scenario("copy under the same GUID", "a copy with the shadows card's GUID drawn to hand, the card taken off a "
             "stack in shadows", s_copy_under_same_guid, lambda t: _a((M, AGENT), (M, DROMOND))),
]


def run(client: FlaskClient, scenario: Scenario, layout: str, keep_guids: bool = False,
        quiet_merges: bool = False, habits: dict[str, bool] | None = None) -> dict[str, Any]:
    t = setup(client, layout, scenario.colours, scenario.seats, keep_guids, quiet_merges, habits)
    scenario.play(t)
    t.tts.settle(CATCH_UP)
    # The helper's outlines (told apart by their thickness, zones.lua mark) after another script wiped every
    # vector line (habit lines_wiped): how many each colour has.
    marks = to_py(t.tts.run("""local out = {} for _, l in ipairs(Global.getVectorLines()) do
        if type(l.thickness) == "number" then table.insert(out, l.thickness) end end return out""")) or []
    t.extra["outlines"] = {c: sum(1 for m in marks if abs(m - (0.08 + OUTLINE_INDEX[c] * 0.0001)) < 1e-6)
                           for c in t.colours}
    t.extra["lost"] = t.tts.run("return fake.lost_one == true")
    got = t.game.moves()
    want = scenario.expected(t)
    phantoms, misses = list(got), []
    for m in want:
        if m in phantoms:
            phantoms.remove(m)
        else:
            misses.append(m)
    flags = [v for d in t.tts.delivered for v in (d["reply"] or {}).get("verdicts", []) if v.get("legal") is False]
    return {"scenario": scenario.name, "happened": scenario.happened, "layout": layout, "recorded": got,
            "phantoms": len(phantoms), "misses": len(misses), "wrong_flags": abs(len(flags) - scenario.flags),
            "events": len(want), "extra": {k: v for k, v in t.extra.items() if k != "key"}}


def main() -> None:
    import tempfile
    from pathlib import Path

    from companion.web import create_app

    rows = []
    for layout in LAYOUTS:
        for sc in SCENARIOS:
            with tempfile.TemporaryDirectory() as d:
                app = create_app({"DATABASE": str(Path(d) / "g.db"), "TESTING": True})
                try:
                    rows.append(run(app.test_client(), sc, layout))
                except Exception as exc:
                    rows.append({"scenario": sc.name, "happened": sc.happened, "layout": layout,
                                 "recorded": [("error", type(exc).__name__, str(exc)[:60])], "phantoms": 0,
                                 "misses": len(sc.expected(None)), "wrong_flags": 0,  # type: ignore[arg-type]
                                 "events": len(sc.expected(None))})  # type: ignore[arg-type]
    print("| scenario | what happened | layout | recorded | phantoms | misses | wrong flags |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        rec = ", ".join(f"{s} {t.replace('_', ' ')} {c}" for s, t, c in r["recorded"]) or "nothing"
        print(f"| {r['scenario']} | {r['happened']} | {r['layout']} | {rec} | {r['phantoms']} | {r['misses']} | "
              f"{r['wrong_flags']} |")
    for layout in LAYOUTS:
        mine = [r for r in rows if r["layout"] == layout]
        print(f"{layout}: {sum(r['events'] for r in mine)} events, {sum(r['phantoms'] for r in mine)} phantoms, "
              f"{sum(r['misses'] for r in mine)} misses, {sum(r['wrong_flags'] for r in mine)} wrong flags")


if __name__ == "__main__":
    main()
