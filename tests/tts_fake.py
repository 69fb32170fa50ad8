"""The Lua helper, bundled as TTS gets it, under a real Lua 5.2 (lupa) against the fake TTS in
tts_fake.lua; its web requests go to the real Flask app (over a real SQLite file) when a test says so."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.tts.bundle import bundle

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


#: How the fake's JSON.encode writes an empty table when the habit ``empty_list`` is on: "[]" (what TTS writes,
#: tts_fake.lua), off: "{}"; TTS_FAKE_EMPTY_TABLE={} or [] overrides the habit.
EMPTY_TABLE = os.environ.get("TTS_FAKE_EMPTY_TABLE", "")


class JsonNull:
    """What a JSON ``null`` decodes to with the habit ``json_null``: a value that is not nil (a userdata in Lua, as
    MoonSharp's ``json.null``); indexing it raises, as indexing a userdata does."""

    def __repr__(self) -> str:
        return "null"


JSON_NULL = JsonNull()


def env_habits() -> dict[str, bool]:
    """TTS_FAKE_HABITS="smooth_moves=off,low_lift=on": switch the fake's habits for a whole run (to see how the
    helper fares with one of them off)."""
    out = {}
    for part in filter(None, os.environ.get("TTS_FAKE_HABITS", "").split(",")):
        name, _, value = part.strip().partition("=")
        out[name] = value.strip().lower() not in ("off", "0", "false", "no")
    return out


def lua_json(value: Any, empty: str = "{}") -> str:
    """TTS's ``JSON.encode`` (json.md): a Lua table is a JSON array when its keys are 1..n, an object otherwise,
    and an empty table is written ``empty`` (it cannot tell an empty list from an empty object)."""

    def conv(v: Any) -> Any:
        if lua52.lua_type(v) == "table":
            keys = list(v.keys())
            if keys and all(isinstance(k, int) for k in keys) and sorted(keys) == list(range(1, len(keys) + 1)):
                return [conv(v[i]) for i in sorted(keys)]
            if not keys and (EMPTY_TABLE or empty) == "[]":
                return []
            return {str(k): conv(v[k]) for k in keys}
        return v

    return json.dumps(conv(value))


class Tts:
    """One TTS game: the fake API, the Companion object carrying the helper as its script."""

    def __init__(self, seated: tuple[str, ...] = ("Red", "Blue"), host: str = "Red",
                 habits: dict[str, bool] | None = None) -> None:
        self.lua = lua52.LuaRuntime(unpack_returned_tuples=True)
        g = self.lua.globals()
        g.JSON = self.lua.table(encode=self._encode, decode=self._decode)
        self.lua.execute(FAKE)
        self.fake = g.fake
        self.fake.seated = self.lua.table_from(list(seated))
        self.fake.host = host
        for name, on in {**env_habits(), **(habits or {})}.items():
            self.set_habit(name, on)
        self.run('self = fake.object("BlockSquare", {name = "Companion", x = 40, z = 40})')
        self.client: FlaskClient | None = None
        self.conflicts = 0   # answer this many reports with 409 before they reach the companion
        self.newest_first = False   # concurrent requests answered in the reverse order of sending
        self.delivered: list[dict[str, Any]] = []

    def _encode(self, value: Any) -> str:
        return lua_json(value, "[]" if self.fake.habit("empty_list") else "{}")

    def _decode(self, text: str) -> Any:
        null = JSON_NULL if self.fake.habit("json_null") else None

        def conv(v: Any) -> Any:
            if isinstance(v, dict):
                return self.lua.table_from({k: conv(x) for k, x in v.items() if x is not None or null is not None})
            if isinstance(v, list):
                return self.lua.table_from([conv(x) for x in v])
            if v is None:
                return null
            return v

        return conv(json.loads(text))

    # -- the real engine's habits (fake.HABITS in tts_fake.lua) ---------------------------------------
    def habits(self) -> dict[str, bool]:
        return {str(k): bool(v.on) for k, v in self.fake.HABITS.items()}

    def set_habit(self, name: str, on: bool) -> None:
        if self.fake.HABITS[name] is None:
            raise KeyError(f"the fake has no habit {name!r}: {sorted(self.habits())}")
        self.fake.HABITS[name].on = on

    def run(self, code: str) -> Any:
        return self.lua.execute(code)

    def load(self, state: dict[str, Any] | str = "") -> None:
        """Run the helper's script afresh and call onLoad, as TTS does on a load or a rewind."""
        self.lua.execute(bundle())
        text = state if isinstance(state, str) else json.dumps(state)
        self.lua.globals().onLoad(text)

    # -- the network ---------------------------------------------------------------------------
    def requests(self) -> list[dict[str, Any]]:
        return [to_py(r) for r in self.fake.requests.values()]

    def bodies(self, colour: str | None = None) -> list[dict[str, Any]]:
        out = [json.loads(r["data"]) for r in self.requests()]
        return [b for b in out if colour is None or b["colour"] == colour]

    def deliver(self) -> int:
        """Answer every unanswered request: from the companion, or with a 409 while conflicts last."""
        n = 0
        pending = list(enumerate(self.requests(), start=1))
        for i, r in (reversed(pending) if self.newest_first else pending):
            if r["answered"]:
                continue
            n += 1
            if self.conflicts > 0:
                self.conflicts -= 1
                reply = {"error": {"code": "conflict", "message": "the game changed", "details": {}}}
                self.fake.reply(i, 409, json.dumps(reply))
                continue
            assert self.client is not None, "no companion attached"
            path = r["url"].split("://", 1)[1].split("/", 1)[1]
            resp = self.client.post("/" + path, data=r["data"], headers=dict(r["headers"]))
            self.delivered.append({"body": json.loads(r["data"]), "status": resp.status_code,
                                   "reply": resp.get_json()})
            self.fake.reply(i, resp.status_code, resp.get_data(as_text=True))
        return n

    def settle(self, seconds: float = 3.0, step: float = 0.1) -> None:
        """Let time pass on the fake clock, answering requests as they are made."""
        t = 0.0
        while t < seconds - 1e-9:
            self.fake.advance(step)
            t += step
            while self.deliver():
                pass

    def rewind(self, point: Any) -> None:
        """TTS rewinds to a checkpoint: the table rebuilt (every object a new GUID) and the script loaded afresh
        with the state its onSave gave at that checkpoint (events.md onLoad: "as well as when a user rewinds")."""
        self.fake.restore(point)
        self.load(point.state)

    def press(self, label_part: str, colour: str = "Red") -> None:
        """A player clicks the Companion object's button whose label contains ``label_part``."""
        self.click("self", label_part, colour)

    def click(self, obj: str, label_part: str, colour: str = "Red") -> None:
        """A player of ``colour`` clicks the button whose label contains ``label_part`` on the object the Lua
        expression ``obj`` names (object.md createButton: click_function(obj, player_color, alt_click) in the
        function_owner's script; the fake refuses a button that faces the table)."""
        self.run(f"fake.click({obj}, {json.dumps(label_part)}, {json.dumps(colour)})")

    def buttons(self, obj: str = "self") -> list[str]:
        """The labels of the buttons on the object the Lua expression ``obj`` names."""
        return [str(b["label"]) for b in to_py(self.run(f"return {obj}.buttons")) or []]

    def broadcasts(self) -> list[dict[str, Any]]:
        return to_py(self.fake.broadcasts) or []

    def prints(self) -> list[str]:
        return to_py(self.fake.prints) or []

    # -- the table -----------------------------------------------------------------------------
    def zone_at(self, colour: str) -> tuple[float, float]:
        return tuple(self.run(f"""
            for _, o in ipairs(getObjects()) do
                if o.type == "Scripting" and o.getName() == "Shadows: {colour}" then
                    local p = o.getPosition() return p.x, p.z
                end
            end"""))  # type: ignore[return-value]

    def move(self, var: str, colour: str, x: float, z: float, hold: float = 0.2) -> None:
        """A player picks the object up, carries it to (x, z), holds it there a while, and drops it."""
        self.run(f"fake.pick_up('{colour}', {var}); fake.carry({var}, {x}, {z})")
        self.settle(hold)
        self.run(f"fake.drop('{colour}', {var})")


def real_table(tts: Tts, root: dict[str, Any]) -> dict[str, Any]:
    """Lay a real save's table out in the fake: its hand zones (HandTrigger objects, or the older
    ``Hands.HandTransforms``), its scripting and hidden zones, and its top-level cards and decks, each at the
    save's own position, rotation and scale. Cards fall to the height the save's cards lie at. Returns that
    height and the middle of its cards' scales (what a card of this mod is like)."""
    from companion.tts.save import Transform

    def t_args(t: Transform) -> str:
        return (f"x = {t.x}, y = {t.y}, z = {t.z}, rot_x = {t.rot_x}, rot_y = {t.rot_y}, rot_z = {t.rot_z}, "
                f"sx = {t.scale_x}, sy = {t.scale_y}, sz = {t.scale_z}")

    ys, scales = [], []
    objects = root.get("ObjectStates") or []
    hands = [(h.get("Color"), Transform.of(h)) for h in (root.get("Hands") or {}).get("HandTransforms") or []]
    hands += [(o.get("FogColor"), Transform.of(o)) for o in objects if o.get("Name") == "HandTrigger"]
    for obj in objects:
        name, t = obj.get("Name"), Transform.of(obj)
        if name in ("ScriptingTrigger", "FogOfWarTrigger"):
            kind = "Scripting" if name == "ScriptingTrigger" else str(tts.fake.hidden_type())
            tts.run(f"fake.object({json.dumps(kind)}, {{name = {json.dumps(obj.get('Nickname') or '')}, "
                    f"{t_args(t)}}})")
        elif name in ("Card", "CardCustom", "Deck", "DeckCustom"):
            kind = "Card" if name in ("Card", "CardCustom") else "Deck"
            var = tts.run(f"return fake.object({json.dumps(kind)}, {{name = {json.dumps(obj.get('Nickname') or '')}, "
                          f"gm_notes = {json.dumps(obj.get('GMNotes') or '')}, {t_args(t)}}})")
            if kind == "Deck":
                for child in obj.get("ContainedObjects") or []:
                    var.contents[len(var.contents) + 1] = tts.lua.table_from({
                        "guid": child.get("GUID") or "", "name": child.get("Nickname") or "",
                        "description": child.get("Description") or "", "gm_notes": child.get("GMNotes") or "",
                        "memo": child.get("Memo") or ""})
            if -1 < t.y < 3 and not any(ht.contains(t.x, t.z) for _, ht in hands):   # lying on the table
                ys.append(t.y)
                scales.append(max(t.scale_x, t.scale_z))
    for colour, t in hands:
        if colour:
            tts.run(f'fake.hand("{colour}", {t.x}, {t.z}, {t.rot_y}, {t.scale_x}, {t.scale_z}, {t.y}, {t.scale_y})')
    ys.sort()
    scales.sort()
    surface = ys[len(ys) // 2] if ys else float(tts.fake.CARD_Y)
    tts.fake.CARD_Y = surface
    return {"surface": surface, "scale": max(1.0, scales[len(scales) // 2]) if scales else 1.0,
            "hands": [(c, t) for c, t in hands if c]}
