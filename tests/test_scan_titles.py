"""Cards without labels, read by their title: the matcher, rendered photos, the scan answer, hidden cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.catalog.store import Catalog
from companion.rules.roles import JUDGE, SPECTATOR, Role
from companion.rules.state import Zone
from companion.scan.table import resolve_titles
from companion.scan.titles import Read, match_title, ocr_status
from tests.tables import make_table

FIXTURES = Path(__file__).parent / "fixtures" / "titles"
needs_ocr = pytest.mark.skipif(not ocr_status()["available"], reason="tesseract is not installed")


@pytest.fixture(scope="module")
def names() -> list[str]:
    return sorted({c.name for c in Catalog.open().all("2e")})


# -- the matcher -------------------------------------------------------------------------------------------


def test_a_clean_read_of_a_deck_title_is_confident_even_beside_a_near_twin(names: list[str]) -> None:
    confident, guesses = match_title("Tyrion Lannister", ["Grand Maester Pycelle", "Tyrion Lannister"], names)
    assert confident and guesses[0].name == "Tyrion Lannister" and guesses[0].in_deck
    assert "Tywin Lannister" in [g.name for g in guesses]  # the near twin is offered, not chosen


def test_a_misread_is_matched_to_the_deck_and_a_card_outside_the_deck_is_never_confident(names: list[str]) -> None:
    deck = ["Grand Maester Pycelle", "Tyrion Lannister"]
    confident, guesses = match_title("(rend Maester Pyrelie", deck, names)
    assert confident and guesses[0].name == "Grand Maester Pycelle"
    # Tywin is not in this deck: the read names him, so Tyrion (in the deck) must not be chosen for him.
    confident, guesses = match_title("Tywin Lannister", deck, names)
    assert not confident and guesses[0].name == "Tywin Lannister" and not guesses[0].in_deck
    # Noise matches nothing at all.
    assert match_title("~~ || ..", deck, names) == (False, [])


def test_without_a_deck_a_weak_read_gives_up_to_three_candidates(names: list[str]) -> None:
    confident, guesses = match_title("Tyr1on Lanni", [], names)
    assert not confident and 2 <= len(guesses) <= 3
    assert "Tyrion Lannister" in [g.name for g in guesses]


def _every_title(read: str, names: list[str], limit: int) -> list[tuple[str, float]]:
    """The matcher's comparison without any shortcut: every title, every trimmed form of the read."""
    import difflib

    from companion.scan.titles import _trimmed, clean

    text = clean(read)
    if not text:
        return []
    scored: dict[str, float] = {}
    for name in names:
        key = clean(name)
        if key and name not in scored and difflib.SequenceMatcher(None, text, key).real_quick_ratio() >= 0.3:
            scored[name] = max(difflib.SequenceMatcher(None, v, key, autojunk=False).ratio() for v in _trimmed(text))
    return sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted({c.name for c in Catalog.open().all("2e")})), st.lists(
    st.tuples(st.integers(0, 40), st.sampled_from("abeilnorst1 |'-.")), max_size=5), st.booleans())
def test_the_matchers_shortcuts_give_the_same_titles_as_comparing_every_title(name: str, typos: list[tuple[int, str]],
                                                                               prefix: bool) -> None:
    """Property: the upper bounds only skip titles that cannot be among the best, whatever the read."""
    from companion.scan.titles import WEAK, rank

    letters = list(("2 " if prefix else "") + name)
    for at, ch in typos:
        letters[at % len(letters)] = ch
    read = "".join(letters)
    names = _names()
    assert rank(read, names, 4) == _every_title(read, names, 4)
    assert rank(read, names, 4, WEAK) == [(n, v) for n, v in _every_title(read, names, 4) if v >= WEAK]


# -- rows at a table -------------------------------------------------------------------------------------


def test_a_confident_title_answers_like_a_label_scan_and_a_weak_one_offers_candidates(names: list[str]) -> None:
    t = make_table({"A": {"13089": 2, "01085": 1}, "B": {"01088": 1}})
    rows = resolve_titles([Read("Tyrion Lannister", 90, ()), Read("Gr Maest Py", 40, ())], t, Role.of_seat("A"), names)
    assert rows[0]["status"] == "ok" and rows[0]["card"]["code"] == "13089"  # the deck settles the printing
    assert rows[0]["card"]["owner"] == "A" and rows[0]["actions"]
    assert rows[1]["status"] == "candidates" and 2 <= len(rows[1]["candidates"]) <= 3
    pycelle = next(c for c in rows[1]["candidates"] if c["name"] == "Grand Maester Pycelle")
    assert pycelle["card"]["id"] == "A.01085.1" and pycelle["actions"]  # one tap opens its actions
    # Without a seat (a spectator) a title is a name only.
    plain = resolve_titles([Read("Tyrion Lannister", 90, ())], t, SPECTATOR, names)
    assert all("card" not in c for c in plain[0]["candidates"]) and "actions" not in plain[0]


DECK_B = st.dictionaries(st.sampled_from(["13089", "01085", "01088", "01091", "01076"]), st.integers(1, 3),
                         min_size=1)


@settings(max_examples=40, deadline=None)
# The hidden zones: a card moved into play here would lack its in-play record (that takes a real action).
@given(DECK_B, st.lists(st.sampled_from([Zone.HAND, Zone.SHADOWS, Zone.DECK]), min_size=5, max_size=5),
       st.sampled_from(["Tyrion Lannister", "The Tickler", "Burned Men", "Grand Maester Pycelle", "Salty Navig"]))
def test_a_title_read_tells_a_seat_nothing_of_another_seats_cards(deck_b: dict[str, int], zones: list[Zone],
                                                                   read: str) -> None:
    """Permutation property: whatever B holds and wherever it is, A's answer to the same read is the same."""
    names = _names()
    base = make_table({"A": {"13089": 1}, "B": {"01088": 1}})
    other = make_table({"A": {"13089": 1}, "B": deck_b})
    for cid, zone in zip(sorted(i for i in other.instances if i.startswith("B.")), zones, strict=False):
        other.move(cid, "B", zone)
    a = Role.of_seat("A")
    assert resolve_titles([Read(read, 80, ())], base, a, names) == resolve_titles([Read(read, 80, ())], other, a, names)


_NAMES: list[str] = []


def _names() -> list[str]:
    if not _NAMES:
        _NAMES.extend(sorted({c.name for c in Catalog.open().all("2e")}))
    return _NAMES


def test_a_judge_gets_names_not_a_seats_cards(names: list[str]) -> None:
    t = make_table({"A": {"13089": 1}})
    rows = resolve_titles([Read("Tyrion Lannister", 90, ())], t, JUDGE, names)
    assert rows[0]["status"] == "title" and "card" not in rows[0]


# -- rendered photos through the scan route ------------------------------------------------------------------


@needs_ocr
def test_a_photo_of_two_unlabelled_cards_gives_one_row_each_and_records_nothing(client: FlaskClient) -> None:
    g = client.post("/api/games", json={"seats": ["A", "B"]}).get_json()
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    h = {"Authorization": f"Bearer {ka}"}
    assert client.put(f"/api/games/{gid}/seats/A/deck", headers=h, json={
        "expected_version": 0, "deck": {"13089": 1, "01085": 1}}).status_code == 200
    photo = (FIXTURES / "two-cards.jpg").read_bytes()
    r = client.post(f"/api/scan?game={gid}", data=photo, headers=h, content_type="image/jpeg").get_json()
    assert r["codes"] == [] and r["ocr"] == {"available": True}
    ok = sorted(row["card"]["id"] for row in r["titles"] if row["status"] == "ok")
    assert ok == ["A.01085.1", "A.13089.1"]
    assert "setup_into_shadows" in [a["action"]["type"] for row in r["titles"] for a in row["actions"]]
    assert client.get(f"/api/games/{gid}").get_json()["version"] == 1  # a photo records nothing
    # The live camera's frames ask for labels only: no OCR several times a second.
    live = client.post(f"/api/scan?game={gid}&titles=0", data=photo, headers=h, content_type="image/jpeg")
    assert live.get_json()["titles"] == [] and live.get_json()["codes"] == []


def test_without_tesseract_the_scan_and_health_say_ocr_is_unavailable(client: FlaskClient,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.scan.titles as titles

    missing: dict[str, Any] = {"available": False, "message": "OCR is not available: the tesseract program is missing"}
    monkeypatch.setattr(titles, "ocr_status", lambda: missing)
    assert client.get("/api/health").get_json()["ocr"] == missing
    blank = (FIXTURES / "tyrion.jpg").read_bytes()
    r = client.post("/api/scan", data=blank, content_type="image/jpeg").get_json()
    assert r["ocr"]["available"] is False and "tesseract" in r["ocr"]["message"]


@needs_ocr
def test_bench_titles_reads_the_fixture_set() -> None:
    from companion.bench.scan import bench_titles

    out = bench_titles(FIXTURES)
    assert [i["pipeline"]["with_deck"] for i in out["images"]] == [["13089"], ["13089", "01085"]]
    total = out["totals"]["pipeline/with_deck/all"]
    assert total["cards"] == 3 and total["right"] == 3 and total["confident_wrong"] == 0


# -- the reader: a kept-loaded engine, the program as fallback, cards upside down ---------------------------


@needs_ocr
def test_the_kept_loaded_engine_and_the_program_read_the_same_and_one_engine_serves_many_reads(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.scan import tess, titles
    from companion.scan.images import load_gray

    gray = load_gray((FIXTURES / "two-cards.jpg").read_bytes())
    if tess.engine() is None:
        pytest.skip("libtesseract does not load here: the program is the only reader")
    first = tess.engine()
    by_library = [r.text for r in titles.read_titles(gray)]
    assert tess.engine() is first  # the same engine, still loaded, for the next photo
    monkeypatch.setattr(tess, "engine", lambda: None)  # no library: each read starts the program
    by_program = [r.text for r in titles.read_titles(gray)]
    assert by_library == by_program and "Tyrion Lannister" in by_library
    assert titles.ocr_status()["available"] is True


def test_without_the_library_the_status_says_each_read_starts_the_program(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.scan import tess

    monkeypatch.setattr(tess, "_load", lambda: None)
    tess.library_status.cache_clear()
    try:
        assert tess.library_status() == (False, "libtesseract not found: each read starts the tesseract program")
    finally:
        tess.library_status.cache_clear()


@needs_ocr
def test_a_card_upside_down_or_with_no_outline_in_sight_is_read() -> None:
    from companion.scan.cv import cv2
    from companion.scan.images import load_gray
    from companion.scan.titles import read_titles

    gray = load_gray((FIXTURES / "tyrion.jpg").read_bytes())
    turned = cv2.rotate(gray, cv2.ROTATE_180)
    answers = [match_title(r.text, ["Tyrion Lannister"], _names()) for r in read_titles(turned)]
    assert [guesses[0].name for confident, guesses in answers if confident] == ["Tyrion Lannister"]
    # The card's outline cut away (held close): its title is still found as a line of large print.
    ys, xs = [], []
    for r in read_titles(gray):
        xs += [x for x, _ in r.corners]
        ys += [y for _, y in r.corners]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    inner = gray[y0 + (y1 - y0) // 40:y1 - (y1 - y0) // 5, x0 + (x1 - x0) // 40:x1 - (x1 - x0) // 40]
    reads = read_titles(cv2.resize(inner, None, fx=3, fy=3, interpolation=cv2.INTER_CUBIC))  # close up
    assert any(match_title(r.text, ["Tyrion Lannister"], _names())[0] for r in reads), [r.text for r in reads]
