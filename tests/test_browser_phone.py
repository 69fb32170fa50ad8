"""The phone at the table in real Chromium (390x844): finding a card, controls big enough to hit, taps that
land where they are aimed, and the page in German. Screenshots land in test-artifacts/screenshots/."""

from __future__ import annotations

from typing import Any

from tests.axe import violations
from tests.server import Server, call, play
from tests.test_browser import PHONE, browser, prepared_game, pw, shot, wait_until

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
    assert rows[0].startswith("Tyrion Lannister #1 (Shadow 5)") and "Alice" in rows[0]
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
    # A shadow token on it, then the same again in one tap.
    a.click("#sheet button[data-action=place_tokens]")
    a.wait_for_selector("#recent [data-repeat=place_tokens]")
    a.click("#recent [data-repeat=place_tokens]")
    a.wait_for_selector("#my-shadows li[data-position='1'] .tok:has-text('2')")
    shot(a, "recent-repeat-en")
    assert call(server.url + "/api", "GET", f"/games/{g['game']['id']}/view", key=g["seats"][0]["key"])[0] == 200


CONTROLS = """() => [...document.querySelectorAll(`button, a[href], input:not([type=hidden]), select, textarea,
    label.btn, li[data-card], li[data-position]`)]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map(e => { const r = e.getBoundingClientRect();
    return {what: e.id || e.dataset.action || e.dataset.card || e.textContent.trim().slice(0, 30),
            w: r.width, h: r.height}; })"""


def small_controls(page: Any) -> list[dict[str, Any]]:
    return [c for c in page.evaluate(CONTROLS) if c["w"] < 43.5 or c["h"] < 43.5]


def marshal_into_shadows(server: Server, g: dict[str, Any], card: str) -> None:
    base, gid, key = server.url + "/api", g["game"]["id"], g["seats"][0]["key"]
    version = call(base, "GET", f"/games/{gid}/view", key=key)[1]["version"]
    status, body = call(base, "POST", f"/games/{gid}/actions", {"expected_version": version, "action": {
        "type": "marshal_into_shadows", "player": "A", "card": card}}, key)
    assert status == 201, body


def test_every_control_is_big_enough_and_a_double_tap_in_a_menu_lands_once(server: Server, browser: Any) -> None:
    a, b, g = phones(server, browser)
    marshal_into_shadows(server, g, "A.13089.1")
    a.wait_for_selector("#my-shadows li[data-position='1']")
    for page in (a, b):
        assert small_controls(page) == []
        page.click("#gold")  # the gold sheet: its chips and the value field
        page.wait_for_selector("#sheet:not(.hidden) [data-delta]")
        assert small_controls(page) == []
        # Two rows of three, as wide as each other (+1 +2 +5 / −1 −2 −5): at 390 px the sixth, "−5", wrapped onto a
        # row of its own and stretched across the sheet, the widest button of all.
        boxes = page.eval_on_selector_all("#sheet [data-delta]", "bs => bs.map(b => b.getBoundingClientRect())"
                                          ".map(r => [Math.round(r.top), Math.round(r.width)])")
        assert len({top for top, _ in boxes[:3]}) == 1 and len({top for top, _ in boxes[3:]}) == 1, boxes
        assert boxes[0][0] < boxes[3][0] and max(w for _, w in boxes) - min(w for _, w in boxes) <= 2, boxes
        page.click("#sheet button:has-text('Close'), #sheet button:has-text('Schließen')")
        page.wait_for_timeout(500)
    # The card menu over a card row: a double tap on "Kneel" kneels once and opens nothing underneath.
    a.click("#my-play li[data-card='A.01089.1']")
    kneel = a.wait_for_selector("#sheet:not(.hidden) button[data-action=kneel]")
    assert small_controls(a) == []
    box = kneel.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    under = a.evaluate("""([x, y]) => {
      const sheet = document.getElementById('sheet'), shield = document.getElementById('shield');
      sheet.style.visibility = 'hidden'; shield.style.visibility = 'hidden';
      let found = null;
      for (let top = 0; top < document.body.scrollHeight && !found; top += 20) {
        window.scrollTo(0, top);
        const e = document.elementFromPoint(x, y);
        if (e && e.closest('li[data-card], li[data-position]')) found = e.closest('li').dataset.card || 'shadows';
      }
      sheet.style.visibility = ''; shield.style.visibility = '';
      return found;
    }""", [x, y])
    assert under is not None  # a card row lies under the button: a tap falling through would open its menu
    a.mouse.dblclick(x, y)
    a.wait_for_selector("#my-play li[data-card='A.01089.1']:has-text('kneeling')")
    a.wait_for_timeout(700)
    assert a.is_hidden("#sheet")
    log = call(server.url + "/api", "GET", f"/games/{g['game']['id']}/log", key=g["seats"][0]["key"])[1]["entries"]
    assert [e["data"].get("type") for e in log].count("kneel") == 1


def test_the_card_menu_puts_the_normal_move_first_and_effects_behind_one_entry(server: Server, browser: Any) -> None:
    a, _, g = phones(server, browser)
    marshal_into_shadows(server, g, "A.13089.1")
    a.click("#my-shadows li[data-position='1']")
    a.wait_for_selector("#sheet:not(.hidden) button[data-action]")
    actions = a.eval_on_selector_all("#sheet button[data-action]", "bs => bs.map(b => b.dataset.action)")
    assert actions[0] == "bring_out"
    assert "put_into_play_from_shadows" not in actions and "gain_shadow" not in actions
    shot(a, "card-menu-shadows-en")
    a.click("#sheet button[data-effects]")
    a.wait_for_selector("#sheet button[data-action=put_into_play_from_shadows]")
    shot(a, "card-menu-effects-en")
    a.click("#sheet button[data-back]")
    a.wait_for_selector("#sheet button[data-action=bring_out]")
    a.click("#sheet button:has-text('Close')")
    # A card in play: each entry once (two ways into shadows are two different entries).
    a.wait_for_timeout(500)
    a.click("#my-play li[data-card='A.01089.1']")
    a.wait_for_selector("#sheet:not(.hidden) button[data-effects]")
    a.click("#sheet button[data-effects]")
    a.wait_for_selector("#sheet button[data-action=put_into_shadows]")
    labels = a.eval_on_selector_all("#sheet button", "bs => bs.map(b => b.textContent)")
    assert len(labels) == len(set(labels)) and sum("shadows" in x for x in labels) == 2
    # German: the same menu, and switching the language re-renders it while open.
    a.click("[data-lang-toggle]")
    a.wait_for_selector("#sheet button:has-text('Durch einen Karteneffekt'), #sheet button:has-text('Zurück')")
    shot(a, "card-menu-effects-de")
    assert "Zurück" in a.inner_text("#sheet") and "Schatten" in a.inner_text("#sheet")


def test_the_next_step_stays_in_one_place(server: Server, browser: Any) -> None:
    a, b, _ = phones(server, browser)
    boxes = [a.locator("#step").bounding_box()]
    assert a.get_attribute("#step", "data-step") == "pass-turn"
    a.click("#step[data-step=pass-turn]")
    a.wait_for_selector("#step[data-step=wait]")
    assert a.is_disabled("#step") and "Bob" in a.inner_text("#step")
    boxes.append(a.locator("#step").bounding_box())
    b.click("#step[data-step=pass-turn]")
    a.wait_for_selector("#step[data-step=next-step]")
    boxes.append(a.locator("#step").bounding_box())
    shot(b, "next-step-de")
    assert len({(round(x["x"]), round(x["y"]), round(x["width"]), round(x["height"])) for x in boxes}) == 1
    assert a.locator("#next-phase").count() == 0  # no second "next" at the bottom


def test_german_on_the_host_page_home_page_and_scan_answers_and_switching_needs_no_reload(
        server: Server, browser: Any, tmp_path: Any) -> None:
    from tests.test_browser import tagged_game_and_photo

    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    page.goto(server.url + "/")
    page.fill("#q", "stannis")
    page.wait_for_selector("#results li")
    assert "Baratheon" in page.inner_text("#results") and "baratheon" not in page.inner_text("#results")
    page.fill("#seats", "Jana\nTom")
    page.click("button[type=submit]")
    page.wait_for_selector("[data-reissue=Jana]")
    assert page.text_content("[data-seat=Jana] h2") == "Seat of Jana"
    page.click("[data-lang-toggle]")  # no reload: the seats' boxes are drawn again
    page.wait_for_selector("[data-seat=Jana] h2:has-text('Platz von Jana')")
    text = page.inner_text("#links")
    assert "Neuer Link (Handy verloren)" in text and "New link" not in text and "SEAT OF" not in text.upper()
    shot(page, "host-de")
    page.goto(server.url + "/")
    page.fill("#q", "stannis")
    page.wait_for_selector("#results li")
    shot(page, "home-de")
    # B scans A's label: the answer in German, and in English after switching, without scanning again.
    g, photo = tagged_game_and_photo(server, "QZ4", 12)
    path = tmp_path / "photo.jpg"
    path.write_bytes(photo)
    b = browser.new_context(**PHONE, locale="de-DE").new_page()
    b.goto(g["seats"][1]["url"])
    b.wait_for_selector("#scan-box:not(.hidden)")
    b.set_input_files("#photo", str(path))
    # A photo is decoded in a worker process: slow on a loaded machine (a scan's time is benchmarked, not tested).
    b.wait_for_selector("#scanned li[data-status=unseen]", timeout=30000)
    assert "Keine Karte, die du an diesem Tisch sehen kannst" in b.inner_text("#scanned")
    shot(b, "scan-unseen-de")
    b.click("[data-lang-toggle]")
    b.wait_for_selector("#scanned li:has-text('Not a card you can see at this table')")


def test_first_edition_the_waiting_player_sees_whose_chance_and_its_holder_gets_the_pass_prompt(
        server: Server, browser: Any) -> None:
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"edition": "1e", "seats": [{"seat": "A", "name": "Jana"},
                                                                     {"seat": "B", "name": "Tom"}]})
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck", {"expected_version": 0, "deck": {"kl_5": 1}}, ka)[0] == 200
    assert call(base, "PUT", f"/games/{gid}/seats/B/deck", {"expected_version": 1, "deck": {"atoc_2": 1}}, kb)[0] == 200
    play(base, gid, ((ka, {"type": "setup_into_shadows", "player": "A", "card": "A.kl_5.1"}),
                     (kb, {"type": "setup_into_shadows", "player": "B", "card": "B.atoc_2.1"}),
                     (ka, {"type": "begin_phase", "phase": "plot"})), 2)
    a = browser.new_context(**PHONE, locale="en-GB").new_page()
    b = browser.new_context(**PHONE, locale="de-DE").new_page()
    a.goto(g["seats"][0]["url"])
    b.goto(g["seats"][1]["url"])
    a.wait_for_selector("#round-box [data-offer='pass-shadows']")
    b.wait_for_selector("#round-box:has-text('Jana ist dran')")
    assert b.locator("[data-offer='pass-shadows']").count() == 0  # not Tom's chance: nothing to tap
    # The setup into shadows in the log: a face-down card by its position, not "Schatten von Jana #1".
    assert "Jana legt eine verdeckte Karte (#1) beim Aufbau in die Schatten" in b.inner_text("#log")
    shot(a, "shadows-chance-en")
    shot(b, "shadows-chance-wait-de")
    a.click("[data-offer='pass-shadows']")
    b.wait_for_selector("#round-box [data-offer='pass-shadows']")  # now Tom's chance
    a.wait_for_selector("#round-box:has-text(\"Tom's chance\")")


def test_loading_a_deck_warns_of_a_pack_name_and_shows_the_decks_name_and_one_count(
        server: Server, browser: Any) -> None:
    base = server.url + "/api"
    for lang, locale in (("en", "en-GB"), ("de", "de-DE")):
        _, g = call(base, "POST", "/games", {"seats": [{"seat": "A", "name": "Jana"}, {"seat": "B", "name": "Tom"}]})
        page = browser.new_context(**PHONE, locale=locale).new_page()
        page.goto(g["seats"][0]["url"])
        page.wait_for_selector("#deck-box:not(.hidden)")
        page.fill("#deck-text", "Jana's shadows\n\n1x Tyrion Lannister (Blackwatr)\n"
                                "2x Penny (The March on Winterfell)\n1x A Noble Cause (Core Set)\n")
        page.click("#deck-send")
        page.wait_for_selector("#deck-check:not(.hidden)")
        warning = page.inner_text("#deck-check")
        shadow = "Shadow (5)" if lang == "en" else "Schatten (5)"
        assert f"The Blackwater (13089, {shadow})" in warning
        page.wait_for_selector("#deck-name")
        assert "Jana's shadows" in page.inner_text("#deck-name")
        counts = page.inner_text("#my-play")
        assert ("3 cards in the draw deck" if lang == "en" else "3 Karten im Zugstapel") in counts
        log = page.inner_text("#log")
        assert ("3 cards in the draw deck, 1 in the plot deck" if lang == "en"
                else "3 Karten im Zugstapel, 1 im Intrigenstapel") in log
        shot(page, f"deck-warning-{lang}")


def test_the_table_view_without_a_key_is_live(server: Server, browser: Any) -> None:
    """The host page's "Open table view" has no key. It read the table again every 5 s (0.3-5 s behind, its dot grey);
    now it follows the game's public live stream as the seats' phones follow theirs: its dot is green while the stream
    is up, and a seat's move shows within a second without the page reading the table again, in either language."""
    g = prepared_game(server.url + "/api")
    gid, key = g["game"]["id"], g["seats"][1]["key"]
    for locale in ("en-GB", "de-DE"):
        page = browser.new_context(**PHONE, locale=locale).new_page()
        reads: list[str] = []
        page.on("request", lambda r, reads=reads: reads.append(r.url) if r.url.endswith(("/view", "/log")) else None)
        page.goto(f"{server.url}/g/{gid}")
        page.wait_for_selector("#areas section")
        page.wait_for_selector("#live.on")  # the stream is open
        loaded = len(reads)  # the page's own reads at load
        version = call(server.url + "/api", "GET", f"/games/{gid}/view", key=key)[1]["version"]
        gold = {"action": {"type": "gain_gold", "player": "B", "amount": 1}, "expected_version": version}
        status, _ = call(server.url + "/api", "POST", f"/games/{gid}/actions", gold, key)
        assert status == 201
        wait_until(page, f"() => import('/static/game.js').then(g => g.state.version > {version})", timeout=1000)
        assert len(reads) == loaded, reads[loaded:]  # it came over the stream: nothing was read again
        assert page.evaluate("getComputedStyle(document.querySelector('#live')).backgroundColor") != "rgb(229, 83, 75)"
        shot(page, f"spectator-{locale[:2]}")
        page.context.close()


#: Long titles of 2nd edition (no German card data ships: German phones read them as printed).
LONG_TITLES = {"06048": "Spears of the Merling King", "02072": "Priest of the Drowned God",
               "09011": "Emissary of the Hightower", "23022": "Lord Protector's Retainer",
               "02021": "Winterfell Kennel Master"}


def test_recent_cards_keep_one_row_so_the_search_box_stays_put(server: Server, browser: Any) -> None:
    """Five long titles and a repeat button in "Recent" on a 390x844 phone, in English and in German: the row
    keeps its one height (it scrolls sideways), so the search box below it does not move as chips come; a long
    title ends in "…" with the whole title in the chip's title, and the last chip is still one tap away."""
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"mode": "advisory", "seats": [{"seat": "A", "name": "Alice"},
                                                                       {"seat": "B", "name": "Bob"}]})
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    assert call(base, "PUT", f"/games/{gid}/seats/A/deck",
                {"expected_version": 0, "deck": {code: 1 for code in LONG_TITLES}}, ka)[0] == 200
    version = 1

    def act(action: dict[str, Any]) -> None:
        nonlocal version
        status, body = call(base, "POST", f"/games/{gid}/actions", {"action": action, "expected_version": version}, ka)
        assert status == 201, body
        version = body["version"]

    for phase in ("plot", "draw", "marshaling"):
        act({"type": "begin_phase", "phase": phase})
    act({"type": "gain_gold", "player": "A", "amount": 30})
    codes = list(LONG_TITLES)
    act({"type": "marshal", "player": "A", "card": f"A.{codes[0]}.1"})
    pages = {lang: browser.new_context(**PHONE, locale=lang).new_page() for lang in ("en-GB", "de-DE")}
    offset = """() => document.querySelector('#find').getBoundingClientRect().top
                      - document.querySelector('#find-box').getBoundingClientRect().top"""
    one_chip = {}
    for lang, page in pages.items():
        page.goto(g["seats"][0]["url"].replace("http://localhost", server.url))
        page.wait_for_selector(f"#recent [data-recent='A.{codes[0]}.1']")
        one_chip[lang] = page.evaluate(offset)
    for code in codes[1:]:
        act({"type": "marshal", "player": "A", "card": f"A.{code}.1"})
    act({"type": "place_tokens", "player": "A", "kind": "power", "amount": 1, "card": f"A.{codes[-1]}.1"})
    for lang, page in pages.items():
        page.wait_for_selector("#recent [data-repeat=place_tokens]")
        page.wait_for_function("document.querySelectorAll('#recent [data-recent]').length === 5")
        assert page.evaluate(offset) == one_chip[lang], lang  # the search box did not move
        box = page.evaluate("""() => { const r = document.querySelector('#recent');
          return {height: r.getBoundingClientRect().height, scrolls: r.scrollWidth > r.clientWidth}; }""")
        assert box["height"] <= 56 and box["scrolls"], box  # one row, read sideways
        titles = page.eval_on_selector_all("#recent [data-recent]", "cs => cs.map(c => [c.title, c.textContent])")
        assert sorted(title for title, _ in titles) == sorted(LONG_TITLES.values()), titles
        assert all(text == title for title, text in titles)  # the text is whole; only the drawing ends in "…"
        repeat = page.get_attribute("#recent [data-repeat]", "title") or ""
        assert repeat.endswith("Winterfell Kennel Master") and ("Macht" if lang == "de-DE" else "power") in repeat
        page.evaluate("document.querySelector('#recent').scrollLeft = 0")
        shot(page, f"recent-long-titles-{lang[:2]}")
        page.evaluate("document.querySelector('#recent').scrollLeft = 300")
        shot(page, f"recent-long-titles-scrolled-{lang[:2]}")
        page.click(f"#recent [data-recent='A.{codes[0]}.1']")  # the first chip marshalled: the row's far end
        page.wait_for_selector("#sheet:not(.hidden) button[data-action]")
        page.context.close()


def test_a_move_taken_back_reads_as_what_the_other_phone_saw(server: Server, browser: Any) -> None:
    """Alice marshals The Imp's Agent face up and takes it back, then marshals Tyrion into shadows face down and
    takes that back. A move taken back shows nothing it showed (a newcomer trial: a card brought out of shadows and
    undone stayed named on every phone): Bob's phone (German, then English) reads "a card" for the Imp's Agent, back
    among Alice's unnamed cards, and Tyrion, face down the whole time, by his position: neither is named in the page,
    the page's state, or any log entry Bob receives."""
    base = server.url + "/api"
    g = prepared_game(base)
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    version = call(base, "GET", f"/games/{gid}", key=ka)[1]["version"]
    for action in ({"type": "marshal", "player": "A", "card": "A.00168.1"},
                   {"type": "marshal_into_shadows", "player": "A", "card": "A.13089.1"}):
        status, body = call(base, "POST", f"/games/{gid}/actions", {"action": action, "expected_version": version}, ka)
        assert status == 201, body
        status, body = call(base, "POST", f"/games/{gid}/undo", {"expected_version": body["version"]}, ka)
        assert status == 201, body
        version = body["version"]
    entries = call(base, "GET", f"/games/{gid}/log", key=kb)[1]["entries"]
    assert "13089" not in str(entries) and "Tyrion Lannister (" not in str(entries)
    assert [e.get("names") for e in entries[-4:]] == [None] * 4
    for lang, said in (("de-DE", ("Alice lässt eine Karte aufmarschieren",
                                  "Zurückgenommen: Alice lässt eine Karte aufmarschieren",
                                  "Alice lässt eine verdeckte Karte (#1) in die Schatten aufmarschieren")),
                       ("en-GB", ("Alice marshals a card", "Taken back: Alice marshals a card",
                                  "Alice marshals a face-down card (#1) into shadows"))):
        b = browser.new_context(**PHONE, locale=lang).new_page()
        b.goto(g["seats"][1]["url"].replace("http://localhost", server.url))
        b.wait_for_selector("#log li.undone")
        lines = b.locator("#log li").all_inner_texts()
        assert any(line.startswith(said[0]) for line in lines if "·" in line), lines  # struck: "… · undone"
        assert said[1] in lines and any(line.startswith(said[2]) for line in lines), lines
        assert f"{said[1].split(':')[0]}: {said[2]}" in lines, lines  # the undo of the face-down one: a position
        # Tyrion: in A's deck before and in A's hand after, face down in between: never named for B.
        state = str(b.evaluate("() => import('/static/game.js').then(g => JSON.stringify(g.state))"))
        assert "Shadow 5" not in b.inner_text("#log") and "13089" not in b.content() + state
        assert "Imp's Agent" not in b.inner_text("#log")
        shot(b, f"undone-marshal-opponent-{lang[:2]}", full_page=True)
        b.context.close()


def test_a_judge_taps_any_seats_gold_and_power_on_its_phone(server: Server, browser: Any) -> None:
    """The judge's phone draws −/+ for each seat's gold and power, as the view says (``counters_of``): taps add up to
    one entry for that seat. A seat's phone gets none for the other seat."""
    base = server.url + "/api"
    a, _, g = phones(server, browser)
    gid = g["game"]["id"]
    status, made = call(base, "POST", f"/games/{gid}/judge-key", {}, g["host"]["key"])
    assert status == 200, made
    judge = browser.new_context(**PHONE, locale="en-GB").new_page()
    judge.goto(made["url"].replace("http://localhost", server.url))
    judge.wait_for_selector("[data-counters=B] [data-plus=power]")
    judge.click("[data-counters=B] [data-plus=power]")
    judge.click("[data-counters=B] [data-plus=power]")
    judge.click("[data-counters=A] [data-minus=gold]")
    judge.wait_for_selector("#log li:has-text('Bob gains 2 power')")
    judge.wait_for_selector("#log li:has-text('Alice spends 1 gold')")
    assert (judge.text_content("[data-seat=B] h2") or "").endswith("Power 2")
    # Between − and + the value they change, as on a seat's own phone (the judge read "Gold − + Power − +", the
    # numbers only in the heading above).
    judge.wait_for_selector("[data-counters=B] [data-value=power]:text-is('2')", timeout=15000)
    assert judge.inner_text("[data-counters=B]").split() == ["Gold", "−", "0", "+", "Power", "−", "2", "+"]
    row = judge.locator("[data-counters=B]").bounding_box()
    assert row and row["x"] + row["width"] <= 390, row  # one row on the phone
    label = judge.get_attribute("[data-counters=B] [data-plus=power]", "aria-label") or ""
    assert "Bob" in label and "+" in label  # its name holds what it shows
    shot(judge, "judge-seat-counters")
    assert violations(judge) == []  # each −/+ is named by its seat and counter, and holds what it shows
    entries = call(base, "GET", f"/games/{gid}/log", key=made["key"])[1]["entries"]
    assert sorted((e["data"] for e in entries[-2:]), key=lambda d: d["type"]) == [
        {"type": "gain_power", "player": "B", "amount": 2}, {"type": "spend_gold", "player": "A", "amount": 1}]
    assert a.locator("[data-counters]").count() == 0  # a seat taps its own counters only, in its header
    judge.context.close()
    a.context.close()


def test_the_host_page_and_the_error_page_have_controls_big_enough_on_a_phone(server: Server, browser: Any) -> None:
    """Found on a German host's phone: "Tischansicht öffnen" (a link drawn as a button, on a line of its own) was
    37 px tall, as min-height does not hold for an inline link; so were the error page's "home" link and the join
    page's. A link drawn as a button is as big as a button, wherever it stands."""
    page = browser.new_context(**PHONE, locale="de-DE").new_page()
    page.goto(server.url + "/")
    page.fill("#seats", "Jana\nTom")
    page.click("button[type=submit]")
    page.wait_for_selector("[data-reissue=Jana]")
    assert page.locator("#open").inner_text() == "Tischansicht öffnen"
    # The seats' join links are addresses to read and copy (their QR codes are what a phone takes): not controls.
    small = [c for c in small_controls(page) if not str(c["what"]).startswith("http")]
    assert small == [], small
    page.goto(server.url + "/g/nowhere-at-all/nothing")
    assert [c for c in small_controls(page)] == []
    page.context.close()
