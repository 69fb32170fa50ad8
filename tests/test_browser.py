"""Two phones at one table, in real Chromium (Debian's, driven by Playwright), against a real server.

Screenshots of the main pages at 390x844 land in test-artifacts/screenshots/.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server import Server, call, play

playwright = pytest.importorskip("playwright.sync_api")
# Debian's headless shell first: the same Blink without the browser around it, 40 % less CPU for the same walk
# (tests/test_browser_round.py: 48 against 79 CPU seconds); its full Chromium where only that is installed.
CHROMIUM = (os.environ.get("COMPANION_CHROMIUM") or shutil.which("chromium-headless-shell") or shutil.which("chromium")
            or shutil.which("chromium-browser"))
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
SHOTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "screenshots"
# bypass_csp: Playwright's string predicates are evaluated with eval(), which the page's CSP forbids.
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True,
         "bypass_csp": True}



ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def pw() -> Iterator[Any]:
    """One Playwright per module: a second sync_playwright() inside it is not allowed."""
    with playwright.sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(pw: Any) -> Iterator[Any]:
    b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
    yield b
    b.close()


def camera_chromium(pw: Any, video: Path) -> Any:
    """Chromium whose camera films ``video`` (looped), allowed without asking, as a player who said yes."""
    return pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
        *ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={video}"])


def wait_until(page: Any, predicate: str, arg: Any = None, timeout: float = 5000) -> None:
    """Wait until ``predicate`` (a page expression or function, which may answer with a promise) is truthy. The
    pages' modules are read through import(), which answers with a promise; wait_for_function would take the
    promise itself for a truthy answer. The page asks the predicate itself (``_ASKED``), every 5 ms for the first
    tenth of a second, then every 20 ms: a change is seen at once, not at the test's next question (every 20 ms
    before, a round trip each). A page that navigates meanwhile is asked again in its new document."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        try:
            if page.evaluate(_ASKED % predicate, [arg, max(0.0, deadline - time.monotonic()) * 1000]):
                return
        except playwright.Error as e:
            if "context was destroyed" not in str(e):
                raise
            page.wait_for_timeout(20)  # a navigation on its way: its new document is asked next
        if time.monotonic() > deadline:
            raise playwright.TimeoutError(f"{predicate} still false after {timeout} ms")


#: The predicate asked in the page until it is true or its time is up. Its text is part of this function's own
#: (no eval in the page, which a page's CSP forbids); an expression is evaluated anew at each question, a function is
#: called with the argument. Names with underscores: an expression's own names never meet them.
_ASKED = """async ([__arg, __ms]) => {
  const __ask = () => {
    const __v = (
%s
    );
    return typeof __v === "function" ? __v(__arg) : __v;
  };
  const __start = performance.now(), __end = __start + __ms;
  for (;;) {
    if (await __ask()) return true;
    if (performance.now() > __end) return false;
    // Every 5 ms for a moment (most waits end within it), then every 20 ms: a wait of seconds (a page that reads
    // its table again every 5 s) costs the page no more than the test's questions did.
    await new Promise(__done => setTimeout(__done, performance.now() < __start + 100 ? 5 : 20));
  }
}"""


#: Screenshots are for people to look at, not checks: taken unless COMPANION_SHOTS=0 (.ci/run sets it, as CI has
#: nobody to look; a full-page one costs Chromium up to 0.7 s, some 400 of them a run).
SHOTS_WANTED = os.environ.get("COMPANION_SHOTS", "1") != "0"


def keep(target: Any, file_name: str, **options: Any) -> None:
    """A screenshot of a page or an element, saved as ``file_name`` in test-artifacts/screenshots/ when wanted."""
    if SHOTS_WANTED:
        SHOTS.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(SHOTS / file_name), **options)


def shot(page: Any, name: str, *, full_page: bool = False) -> None:
    keep(page, f"{name}.png", full_page=full_page)


def prepared_game(base: str) -> dict[str, Any]:
    _, g = call(base, "POST", "/games", {"title": "Friday night", "seats": [
        {"seat": "A", "name": "Alice", "faction": "lannister"}, {"seat": "B", "name": "Bob", "faction": "stark"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck",
                {"expected_version": 0, "deck": {"13089": 1, "01089": 1, "00168": 2}}, ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": {"01091": 2}}, kb)[0] == 200
    play(base, gid, ((ka, {"type": "setup_place", "player": "A", "card": "A.01089.1"}),
                     (kb, {"type": "setup_place", "player": "B", "card": "B.01091.1"}),
                     (ka, {"type": "begin_phase", "phase": "plot"}), (ka, {"type": "begin_phase", "phase": "draw"}),
                     (ka, {"type": "begin_phase", "phase": "marshaling"}),
                     (ka, {"type": "collect_income", "player": "A", "amount": 9})), 2)
    return g


def test_two_phones_shadows_hidden_and_flagged(server: Server, browser: Any) -> None:
    base = server.url + "/api"
    g = prepared_game(base)
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    phone_a = browser.new_context(**PHONE, locale="en-GB").new_page()
    phone_b = browser.new_context(**PHONE, locale="de-DE").new_page()
    phone_a.goto(g["seats"][0]["url"].replace("http://localhost", server.url))
    phone_b.goto(g["seats"][1]["url"])
    phone_a.wait_for_selector("#my-shadows")
    phone_b.wait_for_selector("[data-seat=A]")
    assert "#key=" not in phone_a.url  # the key leaves the address bar once stored
    phone_b.wait_for_selector("#live.on")
    shot(phone_a, "table-seat-a")

    # A marshals the Blackwater Tyrion into shadows: find it, then two taps.
    phone_a.fill("#find", "tyrion")
    phone_a.click("#found li[data-card='A.13089.1']")
    phone_a.wait_for_selector("#sheet:not(.hidden)")
    shot(phone_a, "card-actions")
    phone_a.click("#sheet button[data-action=marshal_into_shadows]")
    started = time.time()
    face_down = phone_b.locator("[data-seat=A] [data-shadows=A] li[data-position='1']")
    face_down.wait_for(timeout=1000)
    delay = time.time() - started
    assert delay < 1.0
    shadows_text = phone_b.inner_text("[data-seat=A] [data-shadows=A]")
    assert "Tyrion" not in shadows_text and "13089" not in shadows_text
    assert "Tyrion" not in phone_b.content().split('data-shadows="A"')[1].split("</ul>")[0]
    assert "Verdeckt" in shadows_text  # Bob's phone speaks German
    shot(phone_b, "table-seat-b-opponent-shadows")

    # The Core Tyrion dies; bringing the Blackwater Tyrion out is now illegal: A sees the flag and the citation.
    status, view = call(base, "GET", f"/games/{gid}/view", key=ka)
    status, _ = call(base, "POST", f"/games/{gid}/actions", {"action": {"type": "kill", "player": "B",
                     "card": "A.01089.1"}, "expected_version": view["version"]}, kb)
    assert status == 201
    phone_a.wait_for_selector("#log li:has-text('is killed')", timeout=2000)
    assert "v10" not in phone_a.inner_text("header")  # no version numbers in the header
    phone_a.click("#my-shadows li[data-position='1']")
    phone_a.wait_for_selector("#sheet button[data-action=bring_out]")
    phone_a.click("#sheet button[data-action=bring_out]")
    flag = phone_a.wait_for_selector(".flag:has-text('Unique cards and shadows')", timeout=2000)
    text = flag.inner_text()
    assert "RR: Shadows › Unique cards and shadows" in text and "dead pile" in text
    shot(phone_a, "flag-dead-pile")


def test_home_and_host_pages(server: Server, browser: Any) -> None:
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    page.goto(server.url + "/")
    shot(page, "home")
    page.fill("#seats", "Alice\nBob")
    page.click("button[type=submit]")
    page.wait_for_function("document.querySelectorAll('.qr svg').length === 2", timeout=5000)
    shot(page, "host")


def test_tapestry_table_page(server: Server, browser: Any) -> None:
    page = browser.new_context(**PHONE, locale="de-DE").new_page()
    page.goto(server.url + "/tapestry")
    page.fill("#humans", "Ann\nBen")
    page.click("button[type=submit]")
    page.wait_for_selector("#tracks .track")
    assert "#key=" not in page.url
    for _ in range(3):
        version = page.evaluate("fetch(location.pathname.replace('/t/', '/api/tapestry/games/'))"
                                ".then(r => r.json()).then(d => d.version)")
        page.click("#go")
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {version}", timeout=3000)
    reason = page.inner_text("#reason")
    assert "Karte" in reason and ("gültig" in reason)
    assert page.locator("#tracks .marker.se").count() == 4  # one Shadow Empire marker per track
    shot(page, "tapestry-table-de")
    shot(page, "tapestry-table-de-full", full_page=True)
    assert "Leuchtturm (Erkundung 4)" in page.inner_text("#humans select >> nth=0")  # landmark names per reader
    page.select_option("#humans select", index=0)
    page.click("#humans button >> nth=0")
    page.wait_for_function("document.querySelectorAll('.cell.lm.taken').length >= 1", timeout=3000)
    page.click("button[data-t=language]")
    assert "tiebreaker" in page.inner_text("#reason") or "only valid" in page.inner_text("#reason")
    assert "Lighthouse" not in page.inner_text("#humans select >> nth=0")  # taken by Ann
    assert "Train Station (exploration 7)" in page.inner_text("#humans select >> nth=0")
    shot(page, "tapestry-table-en")
    shot(page, "tapestry-table-en-full", full_page=True)


def test_tts_upload_page(server: Server, browser: Any, tmp_path: Path) -> None:
    from tests.tts_saves import card, save, token, zone

    doc = save(zone("Shadows: Red", x=0, z=-10), card("13089", x=0, z=-10), token("Gold", 0.2, -10.2))
    path = tmp_path / "TS_Save_1.json"
    import json as _json

    path.write_text(_json.dumps(doc))
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    page.goto(server.url + "/tts")
    page.set_input_files("#file", str(path))
    page.click("#go")
    page.wait_for_selector("#out .pos")
    text = page.inner_text("#out")
    assert "Tyrion Lannister" in text and "1 gold" in text and "red" in text.lower()
    shot(page, "tts-upload")


def tagged_game_and_photo(server: Server, tag: str, seed: int, width: int = 1920,
                          height: int = 1080) -> tuple[dict[str, Any], bytes]:
    """A game whose seat A holds one Tyrion with labels tagged ``tag``, and a phone photo of that label."""
    import random

    from companion.bench.scan import synthetic_frame
    from companion.scan.labels import Label
    from companion.scan.render import label_image

    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": ["A", "B"]})
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck",
                {"expected_version": 0, "deck": {"13089": 1}, "tag": tag}, ka)[0] == 200
    payload = Label("2e", "13089", tag, 1).payload()
    photo, _ = synthetic_frame(random.Random(seed), [(payload, label_image(payload))], width, height)
    return g, photo


def test_phone_scans_a_photo_of_labels_then_one_tap_records(server: Server, browser: Any, tmp_path: Path) -> None:
    g, photo = tagged_game_and_photo(server, "AB7", 11)
    path = tmp_path / "photo.jpg"
    path.write_bytes(photo)
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    page.goto(g["seats"][0]["url"])
    page.wait_for_selector("#scan-box:not(.hidden)")
    assert page.get_attribute("#photo", "capture") == "environment"
    page.set_input_files("#photo", str(path))  # tap 1: the shutter
    # A photo is decoded in a worker process: slow on a loaded machine (a scan's time is benchmarked, not tested).
    page.wait_for_selector("#sheet button[data-action=setup_into_shadows]", timeout=30000)
    shot(page, "scan-actions")
    page.click("#sheet button[data-action=setup_into_shadows]")  # tap 2: what happened
    page.wait_for_selector("#my-shadows li[data-position='1']", timeout=3000)
    assert "Tyrion Lannister" in page.inner_text("#my-shadows")


def test_host_reissues_a_lost_seat_link(server: Server, browser: Any) -> None:
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    page.goto(server.url + "/")
    page.fill("#seats", "Alice\nBob")
    page.click("button[type=submit]")
    page.wait_for_selector("[data-reissue=Bob]")
    old = page.get_attribute("[data-seat=Bob] a", "href")
    page.once("dialog", lambda d: d.accept())
    page.click("[data-reissue=Bob]")
    page.wait_for_function(f"document.querySelector('[data-seat=Bob] a').href !== {old!r}", timeout=3000)
    new = page.get_attribute("[data-seat=Bob] a", "href")
    gid = new.split("/g/")[1].split("#")[0]
    old_key, new_key = old.split("#key=")[1], new.split("#key=")[1]
    assert call(server.url + "/api", "GET", f"/games/{gid}", key=old_key)[0] == 401  # the old key opens nothing
    assert call(server.url + "/api", "GET", f"/games/{gid}", key=new_key)[1]["viewer"] == {"role": "seat",
                                                                                             "seat": "Bob"}


def test_first_edition_pass_button(server: Server, browser: Any) -> None:
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"edition": "1e", "seats": ["A", "B"]})
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {"kl_5": 1}}, ka)[0] == 200
    version = 1
    for action in ({"type": "setup_into_shadows", "player": "A", "card": "A.kl_5.1"},
                   {"type": "begin_phase", "phase": "plot"}):
        status, body = call(base, "POST", f"/games/{gid}/actions", {"action": action, "expected_version": version}, ka)
        assert status == 201, body
        version = body["version"]
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    page.goto(g["seats"][0]["url"])
    page.click("[data-offer='pass-shadows']")
    page.wait_for_selector("[data-offer='pass-shadows']", state="detached", timeout=3000)
    _, view = call(base, "GET", f"/games/{gid}/view", key=ka)
    assert view["players"][0]["shadows_opportunity"] == "passed"


def test_deck_import_on_the_phone_and_picking_it_again(server: Server, browser: Any) -> None:
    context = browser.new_context(**PHONE, locale="en-GB")
    base = server.url + "/api"
    text = "Night Shadows\n\n2x Tyrion Lannister (The Blackwater)\n1x A Pinch of Powder (The Shadow City)\n"
    for round_ in range(2):
        _, g = call(base, "POST", "/games", {"seats": ["A", "B"]})
        page = context.new_page()
        page.goto(g["seats"][0]["url"])
        page.wait_for_selector("#deck-box:not(.hidden)")
        if round_ == 0:
            assert page.is_hidden("#saved-box")
            page.fill("#deck-text", "3x Tyrion Lanister (Core Set)\n")
            page.click("#deck-send")
            flag = page.wait_for_selector(".flag:has-text('line 1')", timeout=3000).inner_text()
            assert "Tyrion Lannister" in flag  # the closest match is suggested
            page.fill("#deck-text", text)
            page.fill("#deck-tag", "ab7")
        else:
            page.select_option("#saved-decks", index=1)  # picked from this phone's saved decks
            assert page.input_value("#deck-text") == text and page.input_value("#deck-tag") == "ab7"
        page.click("#deck-send")
        page.wait_for_selector("#deck-box.hidden", state="attached", timeout=3000)
        gid = g["game"]["id"]
        _, view = call(base, "GET", f"/games/{gid}/view", key=g["seats"][0]["key"])
        assert view["players"][0]["deck"]["count"] == 3
    shot(page, "deck-picked")


def y4m(frame: Any) -> bytes:
    """One grayscale frame as a YUV4MPEG2 video (Chromium's fake camera loops it)."""
    import numpy as np

    h, w = frame.shape
    chroma = np.full((h // 2) * (w // 2), 128, np.uint8).tobytes()
    header = f"YUV4MPEG2 W{w} H{h} F30:1 Ip A1:1 C420jpeg\n".encode()
    return header + b"FRAME\n" + frame.tobytes() + chroma * 2


def test_live_camera_scans_in_a_secure_context(server: Server, pw: Any, tmp_path: Path) -> None:
    import cv2
    import numpy as np

    g, jpeg = tagged_game_and_photo(server, "LIV", 4, 1280, 720)
    frame = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_GRAYSCALE)
    video = tmp_path / "camera.y4m"
    video.write_bytes(y4m(frame))
    b = camera_chromium(pw, video)
    try:
        page = b.new_context(**PHONE, locale="en-GB").new_page()
        page.goto(g["seats"][0]["url"])  # http://127.0.0.1 is a secure context
        page.wait_for_selector("#live-start:not(.hidden)")
        page.click("#live-start")
        page.wait_for_selector("#sheet button[data-action=setup_into_shadows]", timeout=15000)
        assert "Tyrion Lannister" in page.inner_text("#sheet")
        assert page.is_hidden("#camera")  # the camera stops once a card is found
    finally:
        b.close()


def test_gold_phase_undo_and_a_token_on_an_opponents_face_down_card(server: Server, browser: Any) -> None:
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": ["A", "B"]})
    gid, kb = g["game"]["id"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 0, "deck": {"00168": 1}}, kb)[0] == 200
    assert call(base, "POST", f"/games/{gid}/actions", {"action": {"type": "setup_into_shadows", "player": "B",
                "card": "B.00168.1"}, "expected_version": 1}, kb)[0] == 201
    ka = g["seats"][0]["key"]  # the round goes on once each seat has a deck
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 2, "deck": {"01091": 1}}, ka)[0] == 200
    assert call(base, "POST", f"/games/{gid}/actions", {"action": {"type": "setup_place", "player": "A",
                "card": "A.01091.1"}, "expected_version": 3}, ka)[0] == 201
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    page.goto(g["seats"][0]["url"])
    page.wait_for_selector("#gold")
    page.click("#gold-plus")
    page.wait_for_function("document.querySelector('#gold').textContent === '1'", timeout=3000)
    page.click("#gold-plus")
    page.wait_for_function("document.querySelector('#gold').textContent === '2'", timeout=3000)
    page.click("#gold-minus")
    page.wait_for_function("document.querySelector('#gold').textContent === '1'", timeout=3000)
    page.click("#step[data-step=reveal-setup]")  # setup ends with the reveal
    page.click("#step[data-step=next-step]", timeout=5000)  # the sticky bar's next step
    page.wait_for_function("document.querySelector('#phase').textContent.includes('plot')", timeout=3000)
    page.click("#undo")  # it says what it takes back (the phase change) and asks first
    page.wait_for_selector("#undo-what:has-text('plot phase')", timeout=3000)
    page.click("#undo-yes")
    page.wait_for_function("document.querySelector('#phase').textContent === 'Setup'", timeout=3000)
    assert "0" not in page.inner_text("#phase")  # setup comes before round 1: no "Round 0"
    # B's face-down card: A may put a token on it without learning what it is.
    page.click("[data-seat=B] [data-shadows=B] li[data-position='1']")
    page.click("#sheet button:has-text('Place token')")
    page.wait_for_selector("[data-seat=B] [data-shadows=B] .tok", timeout=3000)
    assert "shadow" in page.inner_text("[data-seat=B] [data-shadows=B]")
    assert "Imp" not in page.content()
    # Discarding an opponent's face-down card asks first; "cancel" records nothing.
    page.click("[data-seat=B] [data-shadows=B] li[data-position='1']")
    page.click("#sheet button[data-action=discard]")
    page.wait_for_selector(".sheet.confirm", timeout=3000)
    assert "B" in page.inner_text(".sheet.confirm") and "#1" in page.inner_text(".sheet.confirm")
    shot(page, "confirm-discard")
    page.click(".sheet.confirm [data-confirm=no]")
    assert page.locator("[data-seat=B] [data-shadows=B] li[data-position='1']").count() == 1
    _, view = call(base, "GET", f"/games/{gid}/view", key=kb)
    assert view["players"][1]["shadows"][0]["tokens"] == {"shadow": 1} and view["players"][0]["gold"] == 1


def test_tapestry_physical_mode_page(server: Server, browser: Any) -> None:
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    page.goto(server.url + "/tapestry")
    page.select_option("#mode", "physical")
    page.select_option("#favourite", "military")
    page.click("button[type=submit]")
    page.wait_for_selector("#physical:not(.hidden)")
    page.fill("#left", "3")
    page.fill("#right", "9")
    page.click("#go")
    page.wait_for_function("document.querySelectorAll('#log li').length === 1", timeout=3000)
    page.fill("#left", "9")  # already in the discard
    page.fill("#right", "4")
    page.click("#go")
    flag = page.wait_for_selector(".flag:has-text('already in the discard')", timeout=3000)
    assert flag is not None and page.locator("#log li").count() == 1
    shot(page, "tapestry-physical")


def test_judge_downloads_the_verified_log(server: Server, browser: Any, tmp_path: Path) -> None:
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": ["A", "B"], "judge": True})
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {"13089": 1}}, ka)
    call(base, "POST", f"/games/{gid}/actions", {"action": {"type": "setup_into_shadows", "player": "A",
         "card": "A.13089.1"}, "expected_version": 1}, ka)
    seat = browser.new_context(**PHONE, locale="en-GB").new_page()
    seat.goto(g["seats"][1]["url"])
    seat.wait_for_selector("#areas section")
    assert seat.is_hidden("#judge-box")  # a seat has no export
    page = browser.new_context(**PHONE, locale="en-GB", accept_downloads=True).new_page()  # the judge's phone
    page.goto(g["judge"]["url"])
    page.wait_for_selector("#judge-box:not(.hidden)")
    with page.expect_download() as download:
        page.click("#export")
    path = tmp_path / "log.jsonl"
    download.value.save_as(path)
    from companion.cli.check import judge_log
    from tests.tables import catalog

    rows = judge_log(path.read_text(), catalog())
    assert [r["action"]["type"] for r in rows] == ["setup_into_shadows"] and rows[0]["legal"]
    seat.goto(g["judge"]["url"])  # the same tab, a new key: only the fragment changes
    seat.wait_for_selector("#judge-box:not(.hidden)", timeout=5000)


def test_every_page_works_under_the_content_security_policy(server: Server, browser: Any) -> None:
    """No bypass here: the pages carry no inline script or handlers, so the CSP blocks nothing of ours."""
    base = server.url + "/api"
    g = prepared_game(base)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: violations.append(str(e)))
    _, t = call(base + "/tapestry", "POST", "/games", {"humans": ["Ann"], "seed": "csp"})
    for url in (server.url + "/", g["host"]["url"].replace("http://localhost", server.url),
                g["seats"][0]["url"].replace("http://localhost", server.url), server.url + "/tts",
                server.url + "/tapestry", t["url"].replace("http://localhost", server.url)):
        page.goto(url)
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)  # scripts run; live streams never go idle
    page.goto(g["seats"][0]["url"].replace("http://localhost", server.url))
    page.wait_for_selector("text=Alice", timeout=5000)  # the table rendered from script
    context.close()
    assert violations == []


def test_a_phone_notices_when_the_log_it_saw_loses_its_tail(server: Server, browser: Any) -> None:
    import sqlite3

    base = server.url + "/api"
    g = prepared_game(base)
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    page.goto(g["seats"][1]["url"].replace("http://localhost", server.url))
    page.wait_for_selector("text=Alice")
    _, view = call(base, "GET", f"/games/{gid}/view", key=ka)
    assert call(base, "POST", f"/games/{gid}/actions", {"action": {"type": "gain_gold", "player": "A", "amount": 1},
                                                         "expected_version": view["version"]}, ka)[0] == 201
    page.wait_for_function(f"() => (localStorage.getItem('companion:seen:/api/games/{gid}') || '')"
                           f".includes('\"version\":{view['version'] + 1}')", timeout=5000)
    # Someone with the database file removes the last entry and sets the head back.
    conn = sqlite3.connect(server.db)
    last = view["version"] + 1
    prev = conn.execute("select prev_hash from entries where game_id = ? and seq = ?", [gid, last]).fetchone()[0]
    conn.execute("delete from entries where game_id = ? and seq = ?", [gid, last])
    conn.execute("update games set version = ?, head_hash = ? where id = ?", [last - 1, prev, gid])
    conn.commit()
    conn.close()
    page.reload()
    page.wait_for_selector("text=entries were removed", timeout=5000)
    shot(page, "tamper-tail-dropped")
    page.context.close()


def test_the_host_page_sets_up_tabletop_simulator(server: Server, browser: Any) -> None:
    page = browser.new_context(**PHONE, locale="de-DE", accept_downloads=True).new_page()
    page.goto(server.url + "/")
    page.fill("#seats", "Alice\nBob")
    page.click("button[type=submit]")
    page.wait_for_selector("#tts-make")
    page.select_option("[data-tts-seat=Alice]", "Red")
    page.select_option("[data-tts-seat=Bob]", "Blue")
    page.click("#tts-make")
    page.wait_for_selector("#tts-result:not(.hidden)")
    chat = page.input_value("#tts-chat")
    assert chat.startswith("!companion key ") and len(chat) > 40
    with page.expect_download() as download:
        page.click("#tts-download")
    obj = json.loads(Path(download.value.path()).read_text())
    assert chat.split()[2] not in json.dumps(obj) and obj["ObjectStates"][0]["Nickname"] == "Companion"
    assert "Tabletop Simulator" in page.inner_text("#tts-box") and "Schlüssel" in page.inner_text("#tts-box")
    page.locator("#tts-box").scroll_into_view_if_needed()
    shot(page, "host-tts-panel-de")
    page.context.close()


def test_wait_until_asks_expressions_functions_and_promises_in_the_page_under_its_csp(browser: Any) -> None:
    """wait_until (every browser test's wait for a page's state): an expression asked anew until true, a function
    called with its argument answering with a promise, a page whose CSP forbids eval, a navigation during the wait,
    and a predicate that never comes true ends in a timeout."""
    context = browser.new_context()  # no bypass_csp: the page's own policy holds
    page = context.new_page()
    page.route("http://companion.test/**", lambda route: route.fulfill(
        content_type="text/html", headers={"Content-Security-Policy": "default-src 'self'"},
        body=f"<!doctype html><p id=n>0</p><p id=at>{route.request.url.rsplit('/', 1)[-1]}</p>"))
    try:
        page.goto("http://companion.test/first")
        # Counting stops at 10 and goes on to 20 only when asked: a '10' shown for one tick could slip between two
        # questions on a loaded machine (every 20 ms after the first tenth of a second), and the test would fail.
        page.evaluate("""() => { let n = 0;
          const tick = to => { document.getElementById('n').textContent = ++n; if (n < to) setTimeout(tick, 10, to); };
          window.countTo = (to) => setTimeout(tick, 10, to); countTo(10); }""")
        wait_until(page, "document.getElementById('n').textContent === '10'")
        page.evaluate("() => countTo(20)")
        wait_until(page, "n => Promise.resolve(+document.getElementById('n').textContent >= n)", 20)
        assert page.inner_text("#n") == "20"
        page.evaluate("() => setTimeout(() => { location.href = '/second'; }, 50)")
        wait_until(page, "document.getElementById('at').textContent === 'second'")
        with pytest.raises(playwright.TimeoutError):
            wait_until(page, "() => Promise.resolve(false)", timeout=300)
    finally:
        context.close()
