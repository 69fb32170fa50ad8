"""The helper's own chat lines ("where did it go?", "key set" …) speak the table's language, from the one message
catalogue (ids ``tts.lua.*``): the real Lua bundle under lupa, the fake TTS, the real app over SQLite.

A German table is played from the start: the object as the host page makes it in German, the key pasted, cards
into shadows, one brought out, a wrong move (a marshal without the gold), undone on the companion and the card taken
back, a card deleted, a non-host trying a setting; every line the table's chat shows is read.
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask.testing import FlaskClient

from companion.messages import catalogue, text
from companion.tts.bundle import bundle, lines_module
from tests.test_tts_api import tracked
from tests.test_tts_live import Game, shadows_card
from tests.tts_fake import Tts

#: Words that only an English line has; none may reach a German table's chat.
ENGLISH = re.compile(r"\b(the|your|where|did|it|is|and|only|host|key set|nothing recorded|shadows|card|has no|"
                     r"click|paste|could not|plays seat|use)\b", re.IGNORECASE)
#: What may stay as it is in a German line: commands, zone names the helper reads, card names.
KEPT = re.compile(r"!companion [a-z]+( <[^>]+>)?( play| discard| hand|, [a-z]+| oder [a-z]+)*|"
                  r"'(Shadows|Discard|Dead pile): [A-Za-z]+'|'shadows'|companion tts (key|bridge)[^)';]*|"
                  r"The Imp's Agent|King's Landing Dromond|Tyrion Lannister")


def _english_left(line: str) -> list[str]:
    return ENGLISH.findall(KEPT.sub("", line.removeprefix("Companion: ")))


def german_table(client: FlaskClient, income: int = 10, state_lang: str | None = "de") -> tuple[Tts, Game]:
    """Red (host) and Blue with hand zones, the object loaded as the host page makes it (``lang`` in its saved
    state), no key yet."""
    game = Game(client, ("Red", "Blue"), income=income)
    tts = Tts(seated=("Red", "Blue"), host="Red")
    tts.client = client
    tts.run('fake.hand("Red", 0, -24, 0, 16, 5); fake.hand("Blue", 0, 24, 180, 16, 5)')
    state: dict[str, Any] = {"url": "http://127.0.0.1:8787", "game": game.id, "seats": game.seat_of}
    if state_lang:
        state["lang"] = state_lang
    tts.load(state)
    tts.fake.advance(0.1)   # the helper's own zones spawn a frame later
    return tts, game


def chat(tts: Tts, colour: str | None = None, since: int = 0) -> list[str]:
    return [b["message"] for b in tts.broadcasts()[since:] if colour is None or b["colour"] == colour]


def test_the_lines_come_from_the_catalogue_and_nowhere_else() -> None:
    """One home for each text: no chat line is written in the Lua sources, and the bundle carries every
    ``tts.lua.*`` line of the catalogue in both languages."""
    from companion.tts.bundle import SRC

    for path in SRC.glob("*.lua"):
        code = "\n".join(line.split("--")[0] for line in path.read_text().splitlines())
        literals = re.findall(r'"((?:[^"\\\n]|\\.)*)"', code)
        sentences = [s for s in literals if re.search(r"[A-Za-z]+ [A-Za-z']+ [A-Za-z]+", s)]
        assert sentences == [], path.name   # a line is say.line("tts.lua.…"), never words in the Lua
    module = lines_module()
    for lang in ("en", "de"):
        for key, value in catalogue(lang).items():
            if key.startswith("tts.lua."):
                assert json.dumps(value, ensure_ascii=False)[1:-1].replace("\\u2014", "—") in module, (lang, key)
    assert module in bundle()


def test_a_german_table_from_the_start(client: FlaskClient) -> None:
    tts, game = german_table(client, income=5)   # gold for a marshal into shadows (2) and a bring-out (3), no more
    de = catalogue("de")
    # No key yet: the host is asked, in German, and only the host.
    asked = chat(tts)
    assert asked[0] == "Companion: " + text("tts.lua.ask_key", "de", game=game.id)
    assert asked[1:] == [line for line in asked if "was dieser Tisch zeigt" in line]   # and, once, what it found
    assert {b["colour"] for b in tts.broadcasts()} == {"Red"}
    # The host pastes the line from the host page; the command is hidden, the answer is German.
    n = len(tts.broadcasts())
    assert tts.run(f"return onChat('!companion key {game.judge} de', {{color = 'Red', host = true}})") is False
    tts.settle(1.5)
    assert chat(tts, since=n) == ["Companion: " + de["tts.lua.key_set"]]
    # Into shadows: the companion's verdict, in German.
    shadows_card(tts, "agent", "Red", "00168")
    assert "Companion: The Imp's Agent in die Schatten aufmarschiert" in chat(tts, "Red")
    # Brought out: dropped face down on the table first (pending: its owner is asked, in German) …
    x, z = tts.zone_at("Red")
    n = len(tts.broadcasts())
    tts.move("agent", "Red", x, z + 8)   # towards the middle of the table
    tts.settle(1.5)
    where = chat(tts, since=n)
    assert where == ["Companion: " + text("tts.lua.where", "de", card="The Imp's Agent",
                                          why=de["tts.lua.why.face_down_outside"], n=1,
                                          at=de["tts.lua.went_at.card"], play=de["tts.lua.went.play"],
                                          discard=de["tts.lua.went.discard"], hand=de["tts.lua.went.hand"])], where
    assert "Klicke auf der Karte auf 'Im Spiel', 'Abgelegt' oder 'Hand'" in where[0]
    assert tts.buttons("agent") == ["Im Spiel", "Abgelegt", "Hand"]   # on the card, in German
    assert where[0].startswith("Companion: The Imp's Agent hat deine Schatten verlassen – wo liegt die Karte jetzt? "
                               "(sie liegt verdeckt außerhalb deiner Schatten)")
    assert {b["colour"] for b in tts.broadcasts()[n:]} == {"Red"}   # it names the card: the owner only
    # … then turned face up there: out of shadows.
    tts.run("fake.flip('Red', agent)")
    tts.settle(1.5)
    assert "Companion: The Imp's Agent aus den Schatten geholt" in chat(tts, "Red")
    # A wrong move: a second card into shadows without the gold for it; flagged, in German.
    n = len(tts.broadcasts())
    shadows_card(tts, "dromond", "Red", "00170")
    flagged = chat(tts, "Red", since=n)
    assert len(flagged) == 1 and flagged[0].startswith("Companion: King's Landing Dromond in die Schatten "
                                                       "aufmarschiert — "), flagged
    assert flagged[0].endswith(" (RR: Kosten)")   # the rule's heading in German too
    # Undone on the companion, and the card taken back into the hand in TTS: the log had it there no more.
    version = client.get(f"/api/games/{game.id}").get_json()["version"]
    r = client.post(f"/api/games/{game.id}/undo", json={"expected_version": version},
                    headers={"Authorization": f"Bearer {game.judge}"})
    assert r.status_code in (200, 201), r.get_json()
    n = len(tts.broadcasts())
    tts.move("dromond", "Red", 0, -24)
    tts.settle(1.5)
    assert chat(tts, "Red", since=n) == ["Companion: " + text("tts.left_unlogged.hand", "de",
                                                              card="King's Landing Dromond", colour="Rot")]
    # A card deleted: still counted, its owner asked.
    shadows_card(tts, "tyrion", "Red", "13089")
    n = len(tts.broadcasts())
    tts.run("fake.destroy(tyrion)")
    tts.settle(1.5)
    [gone] = chat(tts, "Red", since=n)
    assert "(sie wurde gelöscht)" in gone and "!companion went 2 play (oder discard oder hand)" in gone, gone
    # The owner answers wrongly, then rightly; a guest tries a setting.
    n = len(tts.broadcasts())
    tts.run("onChat('!companion went 2 somewhere', {color = 'Red', host = true})")
    tts.run("onChat('!companion lang en', {color = 'Blue', host = false})")
    assert chat(tts, since=n) == ["Companion: " + de["tts.lua.went_usage"], "Companion: " + de["tts.lua.host_only"]]
    tts.run("onChat('!companion went 2 discard', {color = 'Red', host = true})")
    tts.settle(1.5)
    assert "Companion: Tyrion Lannister abgelegt" in chat(tts, "Red")
    assert ("A", "discard", "13089") in game.moves()
    # Every line the table saw: German, with no English sentence left.
    for line in chat(tts):
        assert not _english_left(line), (line, _english_left(line))


def test_the_host_switches_the_language_and_every_own_line_follows(client: FlaskClient) -> None:
    """Without a setting the helper speaks English; ``!companion lang de`` turns its own lines to German at once
    (no answer from the companion needed), ``en`` back; a load keeps it."""
    tts, game = german_table(client, state_lang=None)
    assert chat(tts)[0] == "Companion: " + text("tts.lua.ask_key", "en", game=game.id)
    assert chat(tts)[1].startswith("Companion: what this table shows")   # once, what it found
    n = len(tts.broadcasts())
    tts.run("onChat('!companion lang de', {color = 'Red', host = true})")
    tts.run("onChat('!companion seat Blue=B', {color = 'Red', host = true})")
    tts.run("onChat('!companion nonsense', {color = 'Red', host = true})")
    assert chat(tts, since=n) == ["Companion: Der Chat dieses Tisches ist jetzt auf Deutsch.",
                                  "Companion: Blau spielt Platz B.",
                                  "Companion: " + catalogue("de")["tts.lua.usage"]]
    n = len(tts.broadcasts())
    tts.run("onChat('!companion lang en', {color = 'Red', host = true})")
    tts.run("onChat('!companion seat Blue=B', {color = 'Red', host = true})")
    assert chat(tts, since=n) == ["Companion: this table's chat is in English now.", "Companion: Blue plays seat B."]
    tts.run("onChat('!companion lang de', {color = 'Red', host = true})")
    state = tts.run("return onSave()")
    assert json.loads(state)["lang"] == "de"
    again = Tts(seated=("Red", "Blue"), host="Red")
    again.client = client
    again.run('fake.hand("Red", 0, -24, 0, 16, 5); fake.hand("Blue", 0, 24, 180, 16, 5)')
    again.load(state)
    assert chat(again) == ["Companion: " + text("tts.lua.ask_key", "de", game=game.id)]


def test_zone_lines_and_the_button_in_german() -> None:
    """A table with only named shadows zones: the host is told, in German, what each colour lacks, and the button
    on the Companion object is labelled in German."""
    tts = Tts()
    tts.run('fake.hand("Red", 0, -20, 0, 16, 5); fake.hand("Blue", 0, 20, 180, 16, 5)')
    tts.run('fake.zone("Scripting", "Shadows: Red", 0, -12, 10, 4); '
            'fake.zone("Scripting", "Shadows: Blue", 0, 12, 10, 4)')
    tts.load({"layout": "ask", "lang": "de", "seats": {"Red": "A", "Blue": "B"}})
    told = chat(tts, "Red")
    assert ("Companion: Für Rot fehlt: Ablagestapel, Totenstapel ('Discard: Red', 'Dead pile: Red'). Klicke am "
            "Companion-Objekt auf 'Fehlende Bereiche anlegen' oder tippe !companion zones") in " ".join(told), told
    assert any(m.startswith("Companion: Für Blau fehlt: Ablagestapel, Totenstapel") for m in told)
    assert tts.run("return self.getButtons()[1].label") == "Fehlende Bereiche anlegen"
    n = len(tts.broadcasts())
    tts.press("Fehlende Bereiche anlegen", "Blue")   # a guest may not
    assert chat(tts, "Blue", since=n) == ["Companion: Nur der Gastgeber kann Bereiche anlegen."]
    for line in chat(tts):
        assert not _english_left(line), line


def test_a_report_that_cannot_be_delivered_is_said_in_german(client: FlaskClient) -> None:
    tts, game = german_table(client)
    tts.run(f"onChat('!companion key {game.judge}', {{color = 'Red', host = true}})")
    tts.run("agent = fake.card({gm_notes = '{\"code\": \"00168\"}', face_down = true, x = 0, z = 0})")
    x, z = tts.zone_at("Red")
    tts.move("agent", "Red", x, z)
    for _ in range(10):   # the companion not reachable: every try fails
        for i, r in enumerate(tts.requests(), start=1):
            if not r["answered"]:
                tts.fake.reply(i, 0, "", True)
        tts.fake.advance(20)
    [lost] = [m for m in chat(tts, "Red") if "Meldung" in m]
    assert lost.startswith("Companion: Eine Meldung kam nicht an (nicht erreichbar: ") and \
        lost.endswith("); sie wird mit deinem nächsten Zug erneut gesendet."), lost


def test_a_refused_key_is_said_in_the_tables_language(client: FlaskClient) -> None:
    tts, _ = german_table(client)
    tts.run("onChat('!companion key not-a-key-at-all de', {color = 'Red', host = true})")
    shadows_card(tts, "agent", "Red", "00168")
    said = chat(tts, "Red")
    assert "Companion: " + catalogue("de")["tts.lua.error.bad_key"] in said, said
    assert not any("does not open" in m for m in said)


def test_a_strict_refusal_is_explained_in_german(client: FlaskClient) -> None:
    """A strict game refuses a report as a whole: the owner reads why, in the table's language, from the lines the
    refusal carries (not the error's English message)."""
    g = tracked(client, mode="strict")
    tts = Tts(seated=("Red", "Blue"), host="Red")
    tts.client = client
    tts.run('fake.hand("Red", 0, -24, 0, 16, 5); fake.hand("Blue", 0, 24, 180, 16, 5)')
    tts.load({"url": "http://127.0.0.1:8787", "game": g["game"]["id"], "seats": {"Red": "Red", "Blue": "Blue"}})
    tts.fake.advance(0.1)
    tts.run(f"onChat('!companion key {g['judge']['key']} de', {{color = 'Red', host = true}})")
    tts.settle(1.5)
    n = len(tts.broadcasts())
    shadows_card(tts, "tyrion", "Red", "01089")   # no Shadow keyword: refused, nothing recorded
    said = chat(tts, "Red", since=n)
    assert said[:2] == ["Companion: " + catalogue("de")["tts.refused.illegal_action"],
                        "Companion: nicht aufgezeichnet: Tyrion Lannister in die Schatten aufmarschiert — Tyrion "
                        "Lannister hat kein Schlüsselwort Schatten und kann daher nicht in die Schatten "
                        "aufmarschieren. (RR: Schatten › Eine Karte in den Schatten aufmarschieren lassen)"], said
    assert not any("strict mode" in m for m in chat(tts))
    assert [d["status"] for d in tts.delivered if d["body"]["colour"] == "Red"][-1] == 422



def test_the_command_lines_object_takes_a_language_too() -> None:
    from click.testing import CliRunner

    from companion.cli import main

    for lang, description in ((["--lang", "de"], catalogue("de")["tts.object.description"]),
                              ([], catalogue("en")["tts.object.description"])):
        r = CliRunner().invoke(main, ["tts", "object", "--game", "g1", "--seat", "Red=A", *lang])
        assert r.exit_code == 0, r.output
        obj = json.loads(r.stdout)["ObjectStates"][0]
        assert json.loads(obj["LuaScriptState"]).get("lang") == (lang[1] if lang else None)
        assert obj["Description"] == description



def _zone(tts: Tts, name: str) -> tuple[float, float]:
    return tuple(tts.run(f"""for _, o in ipairs(getObjects()) do
        if o.getName() == "{name}" then local p = o.getPosition() return p.x, p.z end end"""))  # type: ignore


def test_a_german_rewind_and_a_discard_onto_a_pile(client: FlaskClient) -> None:
    """A rewind (every object a new GUID, the script loaded afresh with the older state) and a card dropped onto a
    discarded card (a deck forms under a new GUID): the owner reads German throughout."""
    tts, game = german_table(client)
    tts.run(f"onChat('!companion key {game.judge} de', {{color = 'Red', host = true}})")
    tts.settle(1.5)
    before = tts.fake.checkpoint()
    shadows_card(tts, "agent", "Red", "00168")
    tts.rewind(before)
    n = len(tts.broadcasts())
    tts.run(f"onChat('!companion key {game.judge}', {{color = 'Red', host = true}})")
    tts.settle(2.0)
    told = chat(tts, "Red", since=n)
    assert "Companion: " + text("tts.reloaded_missing", "de", cards="The Imp's Agent", colour="Rot") in told, told
    assert any(m.startswith("Companion: The Imp's Agent hat deine Schatten verlassen – wo liegt die Karte jetzt? "
                            "(der Tisch wurde neu geladen oder zurückgespult)") for m in told), told
    # Play goes on: a card into shadows, then face up onto a discarded card in the discard zone (a deck forms).
    shadows_card(tts, "dromond", "Red", "00170")
    dx, dz = _zone(tts, "Discard: Red")
    tts.run(f"old = fake.card({{gm_notes = '{{\"code\": \"13089\"}}', face_down = false, x = {dx}, z = {dz}}})")
    tts.run("fake.flip('Red', dromond)")
    tts.move("dromond", "Red", dx, dz)
    tts.settle(1.5)
    assert tts.run("return fake.find(old.getGUID()) == nil")   # the discarded card is in a new deck now
    assert "Companion: King's Landing Dromond abgelegt" in chat(tts, "Red")
    assert ("A", "discard", "00170") in game.moves()
    for line in chat(tts):
        assert not _english_left(line), (line, _english_left(line))


if __name__ == "__main__":  # every line a German table's chat shows in the session above, to read
    import tempfile
    from pathlib import Path

    from companion.web import create_app

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "games.db"), "TESTING": True})
        seen: list[Tts] = []
        real_table = german_table

        def spy(*args: Any, **kwargs: Any) -> tuple[Tts, Game]:
            out = real_table(*args, **kwargs)
            seen.append(out[0])
            return out

        german_table = spy
        test_a_german_table_from_the_start(app.test_client())
        for b in seen[0].broadcasts():
            print(f"[{b['colour']}] {b['message']}")

