"""The phone at the table in real Chromium (390x844): finding a card, controls big enough to hit, taps that
land where they are aimed, and the page in German. Screenshots land in test-artifacts/screenshots/."""

from __future__ import annotations

from typing import Any

from tests.server import Server, call
from tests.test_browser import PHONE, browser, prepared_game, pw, shot

__all__ = ["browser", "pw"]  # the shared Chromium fixtures of test_browser


def phones(server: Server, browser: Any, lang_a: str = "en-GB",
           lang_b: str = "de-DE") -> tuple[Any, Any, dict[str, Any]]:
    g = prepared_game(server.url + "/api")
    a = browser.new_context(**PHONE, locale=lang_a).new_page()
    b = browser.new_context(**PHONE, locale=lang_b).new_page()
    a.goto(g["seats"][0]["url"])
    b.goto(g["seats"][1]["url"])
    a.wait_for_selector("#my-shadows")
    b.wait_for_selector("#my-shadows")
    return a, b, g


def test_the_search_forgives_typos_tells_copies_apart_and_says_when_nothing_fits(server: Server, browser: Any) -> None:
    a, b, g = phones(server, browser)
    a.fill("#find", "tyrian")
    a.wait_for_selector("#found li[data-card='A.13089.1']")
    rows = a.locator("#found li").all_inner_texts()
    assert rows[0].startswith("Tyrion Lannister #1 (Shadow (5))") and "Alice" in rows[0]
    assert len(set(rows)) == len(rows)  # no two rows alike
    shot(a, "search-typo-en")
    a.fill("#find", "zzqx")
    a.wait_for_selector("#found-none")
    assert "No card you can see here" in a.inner_text("#found-none")
    # B finds A's Tyrion in play, never the one hidden in A's deck; A's hidden Imp's Agents: only the hint.
    b.fill("#find", "Tyrion Lanister")
    b.wait_for_selector("#found li[data-card='A.01089.1']")
    assert b.locator("#found li[data-card='A.13089.1']").count() == 0
    assert "Spielbereich" in b.inner_text("#found")
    b.fill("#find", "imps agnt")
    b.wait_for_selector("#found-none")
    assert "Der Katalog kennt The Imp's Agent, aber" in b.inner_text("#found-none")
    assert b.locator("#found li[data-card^='A.']").count() == 0
    shot(b, "search-none-de")
    # A marshals Tyrion into shadows from the search: the recent row then holds him for the next action.
    a.fill("#find", "tyrion lann")
    a.click("#found li[data-card='A.13089.1']")
    a.click("#sheet button[data-action=marshal_into_shadows]")
    a.wait_for_selector("#recent [data-recent='A.13089.1']")
    a.click("#recent [data-recent='A.13089.1']")
    a.wait_for_selector("#sheet:not(.hidden) button[data-action]")
    shot(a, "recent-cards-en")
    assert call(server.url + "/api", "GET", f"/games/{g['game']['id']}/view", key=g["seats"][0]["key"])[0] == 200
