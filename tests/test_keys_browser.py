"""Every phone shows who can see hidden cards (issue 22), in English and German, on real Chromium against a real
server: the line before any key is made, a judge key asked for on the host page (a QR code shown once, no link),
a table key, and a seat's key renewed by the host (the old phone stops and says so; the new phone and the
opponent's phone show it until tapped away). Times are the reader's local time."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from tests import phones
from tests.server import Server, call
from tests.test_browser import CHROMIUM, shot

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
ZONE = "America/Sao_Paulo"  # not the server's zone (UTC): the phone must convert

TEXT = {
    "en": {"alone": "only you see your shadows and hand", "judge": "A judge key exists (made at {t} by the host)",
           "table": "A table key exists (Tabletop Simulator), made at {t} by the host",
           "seat": "Jana's key was renewed at {t} by the host", "mine": "Your key was renewed by the host at {t}",
           "stopped": "Your key was renewed by the host at {t}. This phone no longer opens the game",
           "more": "you and 2 more keys", "ok": "Got it", "forJudge": "For a judge"},
    "de": {"alone": "nur du siehst deine Schatten und deine Hand",
           "judge": "Es gibt einen Schiedsrichter-Schlüssel (um {t} vom Gastgeber erzeugt)",
           "table": "Es gibt einen Tisch-Schlüssel (Tabletop Simulator), um {t} vom Gastgeber erzeugt",
           "seat": "Der Schlüssel von Jana wurde um {t} vom Gastgeber erneuert",
           "mine": "Dein Schlüssel wurde um {t} vom Gastgeber erneuert",
           "stopped": "Dein Schlüssel wurde um {t} vom Gastgeber erneuert. Dieses Handy öffnet das Spiel nicht mehr",
           "more": "du und 2 weitere Schlüssel", "ok": "Verstanden",
           "forJudge": "Für einen Schiedsrichter"},
}



def local_time(at: str) -> str:
    return dt.datetime.fromisoformat(at).astimezone(ZoneInfo(ZONE)).strftime("%H:%M")


def phone(browser: Any, url: str, lang: str) -> Any:
    page = phones.phone(browser, locale=phones.LOCALE[lang], timezone_id=ZONE)
    page.add_init_script(f"localStorage.setItem('companion:lang', '{lang}')")
    page.goto(url)
    page.wait_for_selector("#who-sees:not(.hidden)")
    return page


def notices(server: Server, gid: str) -> list[dict[str, Any]]:
    return call(server.url + "/api", "GET", f"/games/{gid}/view")[1]["keys"]["notices"]  # type: ignore[no-any-return]


def line(page: Any) -> str:
    return str(page.inner_text("#who-sees summary"))


def details(page: Any) -> str:
    page.evaluate("document.getElementById('who-sees').open = true")
    return str(page.inner_text("#who-sees"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_both_phones_see_who_can_see_hidden_cards_after_each_key(server: Server, browser: Any, lang: str) -> None:
    words = TEXT[lang]
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Jana"}, {"seat": "B", "name": "Tom"}]})
    assert "judge" not in g  # a casual game makes no judge key unless asked
    gid = g["game"]["id"]
    url = lambda key: f"{server.url}/g/{gid}#key={key}"  # noqa: E731
    jana, tom = phone(browser, url(g["seats"][0]["key"]), lang), phone(browser, url(g["seats"][1]["key"]), lang)
    for p in (jana, tom):
        assert words["alone"] in line(p)
        assert p.locator("[data-keys-news]").count() == 0
    shot(jana, f"keys-alone-{lang}")

    # The host asks for a judge key on the host page: a QR code once, no link to tap, every phone told at once.
    host = phones.phone(browser, locale=phones.LOCALE[lang], timezone_id=ZONE)
    host.add_init_script(f"localStorage.setItem('companion:lang', '{lang}');"
                         f"localStorage.setItem('companion:host:{gid}', {json.dumps(json.dumps(g))})")
    host.goto(f"{server.url}/g/{gid}/host")
    host.wait_for_selector("#links section")
    assert "judge" not in host.inner_text("#links").lower() and "schiedsrichter" not in host.inner_text("#links")
    assert words["forJudge"] in host.inner_text("#judge-key")
    host.locator("#judge-key").scroll_into_view_if_needed()
    shot(host, f"keys-host-{lang}")
    host.click("#judge-key")
    host.click("[data-confirm=yes]")
    host.wait_for_selector("#judge-key-qr svg")
    assert host.locator("#judge-key-box a").count() == 0  # shown as a code, never as a link
    shot(host, f"keys-host-judge-qr-{lang}")
    host.click("#judge-key-done")
    assert host.locator("#judge-key-qr svg").count() == 0
    judge = notices(server, gid)[-1]
    assert judge["key"] == "judge" and judge["by"] == "host"
    for p in (jana, tom):
        p.wait_for_selector("[data-keys-news]", timeout=5000)
        assert words["judge"].format(t=local_time(judge["at"])) in p.inner_text("[data-keys-news]")
        assert words["judge"].format(t=local_time(judge["at"])) in details(p)
    shot(tom, f"keys-judge-{lang}")
    tom.click("[data-keys-ok]")
    assert tom.locator("[data-keys-news]").count() == 0

    # A table key for Tabletop Simulator, made by the host without the judge key.
    assert call(base, "POST", f"/games/{gid}/table-key", {}, g["host"]["key"])[0] == 200
    table = notices(server, gid)[-1]
    for p in (jana, tom):
        p.wait_for_function(f"document.getElementById('who-sees').innerText.includes({json.dumps(words['more'])})",
                            timeout=5000)
        assert words["table"].format(t=local_time(table["at"])) in details(p)
    tom.wait_for_selector("[data-keys-news]")
    assert words["table"].format(t=local_time(table["at"])) in tom.inner_text("[data-keys-news]")
    tom.click("[data-keys-ok]")

    # The host renews Jana's key: her old phone stops at once and says who and when; Tom's phone shows it.
    status, renewed = call(base, "POST", f"/games/{gid}/seats/A/key", {}, g["host"]["key"])
    assert status == 200
    seat = notices(server, gid)[-1]
    at = local_time(seat["at"])
    jana.wait_for_selector("[data-keys-stopped]", timeout=5000)
    assert words["stopped"].format(t=at) in jana.inner_text("[data-keys-stopped]")
    assert jana.evaluate("document.getElementById('main').inert") is True  # it stops, not just 401s
    shot(jana, f"keys-old-phone-stopped-{lang}")
    tom.wait_for_selector("[data-keys-news]", timeout=5000)
    assert words["seat"].format(t=at) in tom.inner_text("[data-keys-news]")
    shot(tom, f"keys-opponent-renewed-{lang}")
    tom.click("[data-keys-ok]")
    assert words["seat"].format(t=at) in details(tom)  # still in the line after it was tapped away
    # The new phone shows the same until tapped away, and keeps it in the line.
    new = phone(browser, renewed["url"].replace("http://localhost", server.url), lang)
    new.wait_for_selector("[data-keys-news]")
    assert words["mine"].format(t=at) in new.inner_text("[data-keys-news]")
    shot(new, f"keys-new-phone-{lang}")
    new.click("[data-keys-ok]")
    new.reload()
    new.wait_for_selector("#who-sees:not(.hidden)")
    assert new.locator("[data-keys-news]").count() == 0
    assert words["mine"].format(t=at) in details(new)
    assert words["more"] in line(new)  # its own renewed key is listed, not counted as another key
    shot(new, f"keys-new-phone-details-{lang}")
    for p in (jana, tom, new, host):
        p.context.close()
