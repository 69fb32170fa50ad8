"""The live camera at a real table: two players, a real server, real Chromium at 390x844 whose camera films a table
(``tests/camera_table.py``: the labels the companion prints for the game's decks, in sleeves, beside real barcode
photos, several cards in a frame, tilted, one partly out of the frame, glare and blur). During marshaling Alice
points her phone at the table, puts a card into shadows and brings it out with the camera and taps alone."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests import camera_table as cam
from tests import phones
from tests.server import Server, call, play
from tests.shared import need_shared
from tests.test_browser import CHROMIUM, browser, camera_chromium, pw, shot  # noqa: F401  (the same Playwright fixtures)

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

DECK_A, DECK_B = {"13089": 1, "00168": 2}, {"01091": 2}
TYRION = "A.13089.1"


def table_game(server: Server) -> dict[str, Any]:
    """Alice (tag AAA) and Bob (tag BBB), decks loaded with their labels' tags, in the marshaling phase."""
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Alice", "faction": "lannister"},
                                                   {"seat": "B", "name": "Bob", "faction": "stark"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": DECK_A, "tag": "AAA"},
                ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": DECK_B, "tag": "BBB"},
                kb)[0] == 200
    play(base, gid, ((ka, {"type": "begin_phase", "phase": "plot"}), (ka, {"type": "begin_phase", "phase": "draw"}),
                     (ka, {"type": "begin_phase", "phase": "marshaling"}),
                     (ka, {"type": "collect_income", "player": "A", "amount": 9})), 2)
    return g


def card_actions(server: Server, g: dict[str, Any], card: str) -> list[str]:
    """The card actions on record for ``card`` (the judge's eye: the log as the server keeps it)."""
    status, log = call(server.url + "/api", "GET", f"/games/{g['game']['id']}/log", key=g["seats"][0]["key"])
    assert status == 200, log
    return [e["data"]["type"] for e in log["entries"]
            if e["kind"] == "action" and not e.get("undone") and e["data"].get("card") == card]


def video_of(out: Path, things: list[cam.Thing], rng: random.Random) -> Path:
    data, _ = cam.table_video(rng, things)
    path = out / f"table-{len(list(out.glob('*.y4m')))}.y4m"
    path.write_bytes(data)
    return path


@pytest.fixture(scope="module")
def labels(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any], Path]:
    """Both decks' label sheets, printed by the product, cut out label by label."""
    need_shared()
    out = tmp_path_factory.mktemp("camera")
    return cam.printed_labels(DECK_A, "AAA", out / "a"), cam.printed_labels(DECK_B, "BBB", out / "b"), out


#: Counts the phone's calls for a camera and keeps every sentence the camera's line says, for the test to read.
WATCH = """
window.__cameras = 0; window.__says = [];
const ask = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
navigator.mediaDevices.getUserMedia = c => { window.__cameras += 1; return ask(c); };
new MutationObserver(() => {
  const line = document.getElementById("camera-status");
  const text = line && !line.classList.contains("hidden") ? line.innerText : "";
  if (text && window.__says[window.__says.length - 1] !== text) window.__says.push(text);
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""

WORDS = {
    "en": {"looking": "Looking", "found": "Camera off: a card of yours was found.", "unseen":
           "Not a card you can see at this table", "foreign": "Not a companion label (qr)",
           "foreignNote": "Some other barcode, no card of this game", "seen": "nothing below is a card of yours"},
    "de": {"looking": "Suche", "found": "Kamera aus: eine deiner Karten wurde gefunden.", "unseen":
           "Keine Karte, die du an diesem Tisch sehen kannst", "foreign": "Kein Etikett des Companions (qr)",
           "foreignNote": "Ein anderer Barcode, keine Karte dieses Spiels",
           "seen": "keiner der Codes unten ist eine deiner Karten"},
}


def camera_phone(chromium: Any, server: Server, url: str, lang: str) -> Any:
    page = phones.phone(chromium, locale=phones.LOCALE[lang])
    page.add_init_script(f"localStorage.setItem('companion:lang', '{lang}');" + WATCH)
    page.goto(url.replace("http://localhost", server.url))
    page.wait_for_selector("#live-start:not(.hidden)", timeout=phones.WAIT)
    return page


@pytest.mark.parametrize("lang", ["en", "de"])
def test_marshal_into_shadows_and_out_with_the_live_camera(server: Server, pw: Any, labels: Any,  # noqa: F811
                                                           lang: str) -> None:
    a, b, out = labels
    rng = random.Random(5)
    foreign = cam.foreign_codes()
    # Alice's Tyrion tilted, Bob's card beside it, a real photo of someone's QR code, another of her cards half out
    # of the frame (its label cut off).
    video = video_of(out, [cam.Thing(cam.sleeved_card(rng, a["G213089-AAA-01Q"]), 250, 330, -17),
                           cam.Thing(cam.sleeved_card(rng, b["G201091-BBB-017"]), 560, 380, 8),
                           cam.Thing(cam.paper_with(foreign[0][1], 330), 900, 330, 18),
                           cam.Thing(cam.sleeved_card(rng, a["G200168-AAA-025"]), 1250, 420, -6)], rng)
    chromium = camera_chromium(pw, video)
    try:
        g = table_game(server)
        words = WORDS[lang]
        alice = camera_phone(chromium, server, g["seats"][0]["url"], lang)
        bob = phones.phone(chromium, g["seats"][1]["url"], locale="de-DE", server=server)
        bob.wait_for_selector("#live.on", timeout=phones.WAIT)

        alice.click("#live-start")
        alice.click("#live-start")  # a double tap opens one camera, not two
        alice.wait_for_selector("#sheet button[data-action=marshal_into_shadows]", timeout=15000)
        assert alice.evaluate("window.__cameras") == 1
        says = alice.evaluate("window.__says")
        assert any(words["looking"] in x for x in says), says  # it said it was looking while it read
        assert words["found"] in alice.inner_text("#camera-status")  # and why it stopped
        assert alice.is_hidden("#camera") and alice.is_hidden("#live-stop")
        assert alice.evaluate("document.getElementById('camera').srcObject") is None  # the camera is off
        # The page says what it read: her card, a card she may not see, and a code that is no label at all.
        assert alice.locator("#scanned li[data-card]").count() == 1
        assert "Tyrion Lannister" in alice.inner_text(f"#scanned li[data-card='{TYRION}']")
        assert words["unseen"] in alice.inner_text("#scanned li[data-status=unseen]")
        foreign_row = alice.inner_text("#scanned li[data-status=foreign]")
        assert words["foreign"] in foreign_row and words["foreignNote"] in foreign_row
        shot(alice, f"camera-table-read-{lang}")

        alice.click("#sheet button[data-action=marshal_into_shadows]")
        alice.wait_for_selector("#my-shadows li[data-position='1']", timeout=5000)
        face_down = bob.locator("[data-seat=A] [data-shadows=A] li[data-position='1']")
        face_down.wait_for(timeout=5000)
        alice.wait_for_timeout(1500)  # the card stays in the camera's view: nothing more is read or recorded
        assert card_actions(server, g, TYRION) == ["marshal_into_shadows"]
        assert "Tyrion Lannister" not in bob.content() and "13089" not in bob.content()  # a face-down card, no more

        # She picks the card up from her shadows, shows it to the camera, and brings it out: one tap more.
        alice.click("#live-start")
        alice.wait_for_selector("#sheet button[data-action=bring_out]", timeout=15000)
        shot(alice, f"camera-table-bring-out-{lang}")
        alice.click("#sheet button[data-action=bring_out]")
        bob.wait_for_selector("[data-seat=A] :text('Tyrion Lannister')", timeout=5000)
        alice.wait_for_timeout(1000)
        assert card_actions(server, g, TYRION) == ["marshal_into_shadows", "bring_out"]
        assert alice.evaluate("window.__cameras") == 2
        alice.context.close()
        bob.context.close()
    finally:
        chromium.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_table_without_her_cards_keeps_looking_says_what_it_sees_and_stops_on_a_tap(
        server: Server, pw: Any, labels: Any, lang: str) -> None:  # noqa: F811
    _, b, out = labels
    rng = random.Random(9)
    foreign = cam.foreign_codes()
    # Bob's card, someone's QR code, and a tin's EAN-13 (the live camera reads every format a photo reads).
    video = video_of(out, [cam.Thing(cam.sleeved_card(rng, b["G201091-BBB-025"]), 300, 360, 12),
                           cam.Thing(cam.paper_with(foreign[0][1], 330), 800, 340, -9),
                           cam.Thing(cam.paper_with(foreign[1][1], 380), 1060, 520, 4)], rng)
    chromium = camera_chromium(pw, video)
    try:
        g = table_game(server)
        words = WORDS[lang]
        alice = camera_phone(chromium, server, g["seats"][0]["url"], lang)
        frames: list[str] = []
        alice.on("request", lambda r: frames.append(r.url) if "/api/scan" in r.url else None)
        alice.click("#live-start")
        alice.wait_for_selector("#scanned li[data-status=unseen]", timeout=15000)
        alice.wait_for_function(f"document.getElementById('camera-status').innerText.includes({words['seen']!r})",
                                timeout=15000)
        assert words["unseen"] in alice.inner_text("#scanned") and words["foreign"] in alice.inner_text("#scanned")
        assert alice.is_visible("#camera") and alice.is_visible("#live-stop")
        shot(alice, f"camera-table-looking-{lang}")
        alice.wait_for_function("document.getElementById('camera-status').innerText.match(/[2-9] /)", timeout=15000)
        assert alice.locator("#scanned li").count() == 3  # one row per code read, the tin's too
        assert "ean13" in alice.inner_text("#scanned")  # answered as no companion label, in its format
        # The language changes while it looks: its line and its button follow at once.
        alice.click("[data-lang-toggle]")
        other = WORDS["de" if lang == "en" else "en"]
        alice.wait_for_function(f"document.getElementById('camera-status').innerText.includes({other['seen']!r})",
                                timeout=5000)
        assert other["unseen"] in alice.inner_text("#scanned")
        alice.click("#live-stop")
        alice.wait_for_selector("#camera", state="hidden")
        assert alice.is_hidden("#camera-status")
        assert alice.evaluate("document.getElementById('camera').srcObject") is None
        sent = len(frames)
        alice.wait_for_timeout(1200)
        assert len(frames) <= sent + 1  # a frame already on its way may land; then nothing more is sent
        assert other["unseen"] in alice.inner_text("#scanned")  # what it read stays on the page
        assert card_actions(server, g, TYRION) == []
        alice.context.close()
    finally:
        chromium.close()


def test_a_phone_that_gives_no_camera_says_so(server: Server, browser: Any) -> None:  # noqa: F811
    g = table_game(server)
    page = phones.phone(browser, locale="de-DE")
    page.add_init_script("localStorage.setItem('companion:lang', 'de');"
                         "navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('no', "
                         "'NotAllowedError'));")
    page.goto(g["seats"][0]["url"].replace("http://localhost", server.url))
    page.wait_for_selector("#live-start:not(.hidden)", timeout=phones.WAIT)
    page.click("#live-start")
    page.wait_for_selector("#camera-status:has-text('Die Kamera ließ sich nicht öffnen')", timeout=5000)
    assert page.is_hidden("#camera") and page.is_hidden("#live-stop")
    page.click("#live-start")  # it may be tried again once allowed
    page.wait_for_selector("#camera-status:has-text('Die Kamera ließ sich nicht öffnen')", timeout=5000)
    page.context.close()


def test_two_of_her_cards_in_one_picture_are_listed_and_one_tap_opens_either(server: Server, pw: Any,  # noqa: F811
                                                                            labels: Any) -> None:
    a, _, out = labels
    rng = random.Random(13)
    things = [cam.Thing(cam.sleeved_card(rng, a["G213089-AAA-01Q"]), 300, 360, 10),
              cam.Thing(cam.sleeved_card(rng, a["G200168-AAA-017"]), 700, 360, -22)]
    video = video_of(out, things, rng)
    chromium = camera_chromium(pw, video)
    try:
        g = table_game(server)
        alice = camera_phone(chromium, server, g["seats"][0]["url"], "en")
        alice.click("#live-start")
        alice.wait_for_selector("#camera-status:has-text('Camera off: 2 cards of yours were found. Tap one.')",
                                timeout=15000)
        assert alice.is_hidden("#sheet") and alice.is_hidden("#camera")  # which one is hers to say
        assert alice.locator("#scanned li[data-card]").count() == 2
        alice.click("#scanned li[data-card='A.00168.1']")
        alice.wait_for_selector("#sheet button[data-action=marshal_into_shadows]", timeout=5000)
        assert "The Imp's Agent" in alice.inner_text("#sheet")
        shot(alice, "camera-table-two-cards-en")
        # Then a photo of the same table: the stopped camera's line goes; the photo's cards are listed.
        alice.click("#sheet [data-close], #sheet button:last-child")
        still = out / "still.jpg"
        still.write_bytes(cam.jpeg(cam.frame(rng, things)))
        alice.set_input_files("#photo", str(still))
        alice.wait_for_selector("#camera-status", state="hidden", timeout=5000)
        alice.wait_for_function("document.querySelectorAll('#scanned li[data-card]').length === 2", timeout=15000)
        alice.context.close()
    finally:
        chromium.close()


def test_the_live_camera_reads_a_card_without_a_label_by_its_title_when_asked(server: Server, pw: Any,  # noqa: F811
                                                                             tmp_path: Path) -> None:
    """The live camera reads what a photo reads: a location without a label (its title along its left edge) held in
    front of it is read by its title when Alice taps "hold still" (frames before read labels only), and one more
    tap marshals it."""
    import numpy as np

    from companion.scan.cv import cv2
    from tests.server import play
    from tests.title_cards import one_photo

    still = cv2.imdecode(np.frombuffer(one_photo(["13010"], 1, 14, (1280, 720)).jpeg, np.uint8), cv2.IMREAD_COLOR)
    frames = [np.roll(still, (dy, dx), axis=(0, 1)) for dy, dx in ((0, 0), (2, -3), (-2, 2), (1, 4))]
    video = tmp_path / "location.y4m"
    video.write_bytes(cam.y4m_colour(frames))
    chromium = camera_chromium(pw, video)
    try:
        base = server.url + "/api"
        _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Alice"}, {"seat": "B", "name": "Bob"}]})
        gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
        assert call(base, "PUT", f"/games/{gid}/seats/A/deck",
                    {"expected_version": 0, "deck": {"13010": 1, "13089": 1}}, ka)[0] == 200
        assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": {"01091": 1}},
                    kb)[0] == 200
        play(base, gid, ((ka, {"type": "begin_phase", "phase": "plot"}), (ka, {"type": "begin_phase", "phase": "draw"}),
                         (ka, {"type": "draw", "player": "A", "card": "A.13010.1"}),
                         (ka, {"type": "begin_phase", "phase": "marshaling"}),
                         (ka, {"type": "collect_income", "player": "A", "amount": 9})), 2)
        alice = camera_phone(chromium, server, g["seats"][0]["url"], "en")
        asked: list[str] = []
        alice.on("request", lambda r: asked.append(r.url) if "/api/scan" in r.url else None)
        alice.click("#live-start")
        alice.wait_for_function("() => window.__says.some(x => x.includes('picture'))", timeout=15000)
        assert all("titles=0" in u for u in asked)  # frames read labels only until asked
        assert alice.locator("#scanned li[data-title]").count() == 0
        shot(alice, "camera-title-button")
        alice.click("#live-title")  # "hold the card still"
        alice.wait_for_selector("#sheet button[data-action=marshal]", timeout=15000)
        assert any("titles=0" not in u for u in asked)
        assert "Lion Gate" in alice.inner_text("#scanned li[data-title=ok]")
        shot(alice, "camera-title-read")
        alice.click("#sheet button[data-action=marshal]")
        alice.wait_for_selector("#my-play [data-card='A.13010.1']", timeout=5000)
        assert alice.evaluate("document.getElementById('camera').srcObject") is None  # the camera stopped
    finally:
        chromium.close()
