"""The host page's Tabletop Simulator panel gives the table the language its DE/EN button shows, not the browser's
Accept-Language: real Chromium against the real server makes the object and the key line; the object's script runs
in the fake TTS (real Lua), the key line is pasted, and the table speaks the page's language — its own lines and
the companion's verdicts, answered by the same real server over HTTP."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from companion.messages import catalogue
from tests.server import Server
from tests.test_browser import shot
from tests.tts_fake import Tts

DESK = {"viewport": {"width": 1366, "height": 900}}


class Http:
    """What the fake TTS's WebRequest needs of a client (post, status_code, get_json, get_data), over real HTTP to
    the server the browser uses."""

    def __init__(self, base: str) -> None:
        self.base = base

    def post(self, path: str, data: str, headers: dict[str, str]) -> Any:
        req = urllib.request.Request(self.base + path, data=data.encode(), headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return _Answer(r.status, r.read())
        except urllib.error.HTTPError as e:
            return _Answer(e.code, e.read())


class _Answer:
    def __init__(self, status: int, raw: bytes) -> None:
        self.status_code, self.raw = status, raw

    def get_json(self) -> Any:
        return json.loads(self.raw)

    def get_data(self, as_text: bool = False) -> Any:
        return self.raw.decode() if as_text else self.raw


@pytest.mark.parametrize(("locale", "page_lang"), [("en-US", "de"), ("de-DE", "en")])
def test_the_table_speaks_the_language_the_host_page_shows(server: Server, browser: Any, locale: str,
                                                           page_lang: str) -> None:
    page = browser.new_context(**DESK, locale=locale, accept_downloads=True).new_page()
    page.goto(server.url + "/")
    page.fill("#seats", "Alice\nBob")
    page.click("button[type=submit]")
    page.wait_for_selector("[data-tts-seat=Alice]")   # drawn once the catalogue is in
    if page.evaluate("() => document.documentElement.lang") != page_lang:
        page.click("[data-lang-toggle]")   # the page's own button, not the browser's language
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=page_lang)
    m = catalogue(page_lang)
    assert m["ttsPanel"] in page.inner_text("#tts-box") and m["ttsMake"] in page.inner_text("#tts-box")
    page.select_option("[data-tts-seat=Alice]", "Red")
    page.select_option("[data-tts-seat=Bob]", "Blue")
    page.locator("#tts-box").scroll_into_view_if_needed()
    shot(page, f"host-tts-panel-1366-{page_lang}")
    page.click("#tts-make")
    page.wait_for_selector("#tts-result:not(.hidden)")
    chat = page.input_value("#tts-chat")
    assert chat.startswith("!companion key ") and chat.endswith(" " + page_lang)
    assert m["tts.panel.lang"] in page.inner_text("#tts-result")   # the host is told which language the table gets
    with page.expect_download() as download:
        page.click("#tts-download")
    obj = json.loads(Path(download.value.path()).read_text())["ObjectStates"][0]
    state = json.loads(obj["LuaScriptState"])
    assert state["lang"] == page_lang and obj["Description"] == m["tts.object.description"]
    page.locator("#tts-result").scroll_into_view_if_needed()
    shot(page, f"host-tts-panel-made-1366-{page_lang}")
    # Switched afterwards: the same key's line now sets the other language (the object placed stays as it is).
    other = "en" if page_lang == "de" else "de"
    page.click("[data-lang-toggle]")
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=other)
    assert page.input_value("#tts-chat") == chat.removesuffix(page_lang) + other
    page.click("[data-lang-toggle]")
    assert page.input_value("#tts-chat") == chat
    page.context.close()

    # In TTS: the object dropped in (its saved state as downloaded), the key line pasted by the host.
    tts = Tts(seated=("Red", "Blue"), host="Red")
    tts.client = Http(server.url)  # type: ignore[assignment]
    tts.run('fake.hand("Red", 0, -24, 0, 16, 5); fake.hand("Blue", 0, 24, 180, 16, 5)')
    tts.load(obj["LuaScriptState"])
    tts.fake.advance(0.1)
    said = [b["message"] for b in tts.broadcasts()]
    # The key asked for, and once what the table shows (engine.probe), both in the page's language.
    probe = "Companion: " + m["tts.lua.probe"].split("{")[0]
    assert said[0] == "Companion: " + m["tts.lua.ask_key"].format(game=state["game"])
    assert len(said) == 2 and said[1].startswith(probe)
    n = len(tts.broadcasts())
    assert tts.run(f"return onChat({json.dumps(chat)}, {{color = 'Red', host = true}})") is False
    assert [b["message"] for b in tts.broadcasts()[n:]] == ["Companion: " + m["tts.lua.key_set"]]
    # A card into Red's shadows: the companion (no deck loaded) answers in the page's language too.
    tts.run("agent = fake.card({gm_notes = '{\"code\": \"00168\"}', face_down = true, x = 0, z = 0})")
    x, z = tts.zone_at("Red")
    tts.move("agent", "Red", x, z)
    tts.settle(2.0)
    assert tts.bodies("Red")[-1]["lang"] == page_lang
    assert {d["body"].get("lang") for d in tts.delivered} == {page_lang}
    [said] = [v["text"] for d in tts.delivered if d["body"]["colour"] == "Red" for v in d["reply"]["verdicts"]]
    # (no deck is loaded: the game knows no name for the code, the catalogue does)
    assert said == "Companion: " + m["tts.untracked"].format(card="The Imp's Agent", code="00168", seat="Alice"), said


def test_the_upload_page_says_why_in_its_own_language(server: Server, browser: Any, tmp_path: Path) -> None:
    """An English browser with the page switched to German: why a card is not identified reads German."""
    from tests.tts_saves import card, save, zone

    path = tmp_path / "TS_Save_2.json"
    path.write_text(json.dumps(save(zone("Shadows: Red", x=0, z=-10), card("13089", x=0, z=-10),
                                    card(None, name="Obligation", x=20, z=20))))
    page = browser.new_context(**DESK, locale="en-US").new_page()
    page.goto(server.url + "/tts")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.click("[data-lang-toggle]")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    page.set_input_files("#file", str(path))
    page.click("#go")
    page.wait_for_selector("#out .note")
    shown = page.inner_text("#out")
    assert "Obligation: der Name 'Obligation' ist kein Kartentitel im Katalog" in shown, shown
    assert "is not a card title" not in shown
    shot(page, "tts-upload-1366-de")
    page.context.close()
