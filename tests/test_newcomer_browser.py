"""Two newcomers at a real table, on real Chromium at phone size: a phone whose key was renewed keeps nothing of the
game (neither the table it was shown nor the key), the phone's one-tap repeat fits its row in both languages, and a
whole 1st-edition game played through the pages by a German phone and an English phone, watched by a spectator on
a laptop. Screenshots land in test-artifacts/screenshots/."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests import phones
from tests.server import Server, call
from tests.test_browser import CHROMIUM, prepared_game, shot

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

WAIT = phones.WAIT


def act(base: str, gid: str, key: str, action: dict[str, Any]) -> int:
    version = call(base, "GET", f"/games/{gid}", key=key)[1]["version"]
    status, body = call(base, "POST", f"/games/{gid}/actions", {"action": action, "expected_version": version}, key)
    assert status == 201, body
    return int(body["version"])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_phone_whose_key_was_renewed_forgets_the_table_and_the_key(server: Server, browser: Any, lang: str) -> None:
    """Alice's phone is lost; the host renews her key. The old phone, still open, shows only the notice of who renewed
    it: the seat's view is gone from the page's memory and from what it drew, and the old key from its storage (whoever
    picks the phone up finds neither her face-down Tyrion nor a key that opened her seat)."""
    base = server.url + "/api"
    g = prepared_game(base)
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    act(base, gid, ka, {"type": "marshal_into_shadows", "player": "A", "card": "A.13089.1"})
    page = phones.phone(browser, g["seats"][0]["url"], locale=phones.LOCALE[lang], server=server)
    page.add_init_script(f"localStorage.setItem('companion:lang', '{lang}')")
    page.reload()
    page.wait_for_selector("#my-shadows li[data-position='1']", timeout=WAIT)
    assert "Shadow 5" in page.inner_text("#my-shadows") or "Schatten 5" in page.inner_text("#my-shadows")
    stored = "() => Object.keys(localStorage).map(k => localStorage.getItem(k))"
    assert ka in page.evaluate(stored)

    status, _ = call(base, "POST", f"/games/{gid}/seats/A/key", {}, g["host"]["key"])
    assert status == 200
    page.wait_for_selector("[data-keys-stopped]", timeout=WAIT)
    notice = page.inner_text("[data-keys-stopped]")
    assert ("no longer opens the game" if lang == "en" else "öffnet das Spiel nicht mehr") in notice, notice
    # Nothing of the seat's table in memory, in the page, or in storage.
    assert page.evaluate("import('/static/game.js').then(g => g.state)") is None
    html = page.content()
    for hidden in ("Tyrion Lannister", "13089", "Imp's Agent", "00168"):  # the search box's example says "Tyrion"
        assert hidden not in html, hidden
    assert not any(ka in (v or "") for v in page.evaluate(stored))
    assert page.evaluate(f"localStorage.getItem({json.dumps('companion:' + gid)})") is None
    # On the screen: the notice (and the header's name and language button), nothing of the table.
    assert page.locator("#hud").is_hidden() and page.locator("#main").is_hidden()
    assert page.evaluate("document.getElementById('keys-stopped').innerText.trim()") == notice.strip()
    shot(page, f"newcomer-key-renewed-{lang}")
    page.context.close()


#: How many lines each visible button of the Recent row is drawn on (rects of its text, by their top).
LINES = """() => [...document.querySelectorAll('#recent button')].map(b => {
  const r = document.createRange(); r.selectNodeContents(b);
  const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
  const cs = getComputedStyle(b);
  return {text: b.textContent, lines: tops.size,
          cut: b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1,
          ellipsis: cs.textOverflow === 'ellipsis', whole: b.title === b.textContent};
})"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_repeat_button_and_the_recent_chips_keep_a_short_text_on_one_line(server: Server, browser: Any,
                                                                               lang: str) -> None:
    """Power on Tyrion, then the repeat button: "↻ Place token (power) · Tyrion Lannister" is short enough for its row,
    so it is drawn on one line, not broken in two (German too); a text too long for the button is cut with "…" on one
    line, its title holding it whole."""
    base = server.url + "/api"
    g = prepared_game(base)
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    act(base, gid, ka, {"type": "place_tokens", "player": "A", "kind": "power", "amount": 1, "card": "A.01089.1"})
    page = phones.phone(browser, locale=phones.LOCALE[lang])
    page.add_init_script(f"localStorage.setItem('companion:lang', '{lang}')")
    page.goto(g["seats"][0]["url"].replace("http://localhost", server.url))
    page.wait_for_selector("#recent [data-repeat=place_tokens]", timeout=WAIT)
    buttons = page.evaluate(LINES)
    shot(page, f"newcomer-repeat-short-{lang}")
    assert buttons, buttons
    for b in buttons:
        assert b["lines"] == 1, buttons
        assert not b["cut"] or (b["ellipsis"] and b["whole"]), buttons
    # Whole in sight before any swipe: the row's first button, inside the row's edges, its text not cut.
    fits = page.evaluate("""() => { const row = document.querySelector('#recent').getBoundingClientRect();
      const b = document.querySelector('#recent [data-repeat]'); const r = b.getBoundingClientRect();
      return r.left >= row.left - 1 && r.right <= row.right + 1 && b.scrollWidth <= b.clientWidth + 1; }""")
    assert fits, buttons
    repeat = page.get_attribute("#recent [data-repeat]", "title") or ""
    assert repeat.endswith("Tyrion Lannister") and ("Macht" if lang == "de" else "power") in repeat, repeat
    page.context.close()
