"""Cards without labels, read by their title: the matcher, rendered photos, the scan answer, hidden cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
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


@pytest.fixture(scope="module")
def by_type() -> dict[str, list[str]]:
    """The catalogue's titles by the card type that prints them (as the scan route matches reads)."""
    return _by_type()


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

    from companion.scan.titles import _joined, _trimmed, clean

    text = clean(read)
    if not text:
        return []
    forms = [_joined(v) for v in _trimmed(text)]
    scored: dict[str, float] = {}
    for name in names:  # one-letter words joined to the next, as the matcher does
        key = _joined(clean(name))
        if key and name not in scored and difflib.SequenceMatcher(None, _joined(text), key).real_quick_ratio() >= 0.3:
            # One matcher per title, each form of the read set against it: the title's index is built once, not once
            # a form (the ratio is the same: it depends on the two sequences only).
            matcher = difflib.SequenceMatcher(None, "", key, autojunk=False)
            ratios = []
            for form in forms:
                matcher.set_seq1(form)
                ratios.append(matcher.ratio())
            scored[name] = max(ratios)
    return sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]


@settings(max_examples=25, deadline=None)  # each example compares every title of the edition: ~0.3 s
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
    every = _every_title(read, names, 4)  # the costly side, once for both questions
    assert rank(read, names, 4) == every
    assert rank(read, names, 4, WEAK) == [(n, v) for n, v in every if v >= WEAK]


@settings(max_examples=60, deadline=None)
@given(st.text("abcde ", max_size=20), st.lists(st.text("abcdef ", max_size=30), min_size=1, max_size=5))
def test_the_common_letters_bound_is_the_longest_common_subsequence(text: str, titles: list[str]) -> None:
    """The matcher's bound (the longest common subsequence, a bit per letter of each title) equals the usual table's,
    so it never skips a title that difflib's ratio would rank (the letters it matches lie in order in both)."""
    from companion.scan.titles import _ALPHABET, _common

    def table(a: str, b: str) -> int:
        prev = [0] * (len(b) + 1)
        for x in a:
            row = [0]
            for j, y in enumerate(b):
                row.append(prev[j] + 1 if x == y else max(prev[j + 1], row[j]))
            prev = row
        return prev[-1]

    bits = np.zeros((len(titles), len(_ALPHABET)), np.uint64)
    for i, t in enumerate(titles):
        for j, ch in enumerate(t):
            bits[i, _ALPHABET.index(ch)] |= np.uint64(1 << j)
    got = _common(text, bits, np.array([len(t) for t in titles], np.float64))
    assert got.tolist() == [table(text, t) for t in titles]


def test_a_clean_read_is_compared_in_full_with_a_few_titles_of_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    """A read of a long title against the whole catalogue: difflib's full comparison runs for a handful of titles, not
    for every title sharing its letters (the matcher's cost per read; the answer is checked above)."""
    import difflib

    from companion.scan import titles
    from companion.scan.titles import WEAK, rank

    compared = []
    real = difflib.SequenceMatcher

    class Counted(real):  # type: ignore[misc,valid-type]
        def ratio(self) -> float:
            compared.append(self.b)
            return super().ratio()

    monkeypatch.setattr(titles.difflib, "SequenceMatcher", Counted)
    got = rank("Tyrion Lannister ee", _names(), 4, WEAK)
    assert got[0][0] == "Tyrion Lannister"
    assert len(compared) <= 30, len(compared)  # every title sharing its letters: ~300


# -- rows at a table -------------------------------------------------------------------------------------


def test_a_confident_title_answers_like_a_label_scan_and_a_weak_one_offers_candidates(by_type: dict[str, list[str]]
                                                                                     ) -> None:
    t = make_table({"A": {"13089": 2, "01085": 1}, "B": {"01088": 1}})
    rows = resolve_titles([Read("Tyrion Lannister", 90, (), "character", 0),
                           Read("Gr Maest Py", 40, (), "character", 1)],
                          t, Role.of_seat("A"), by_type)
    assert rows[0]["status"] == "ok" and rows[0]["card"]["code"] == "13089"  # the deck settles the printing
    assert rows[0]["card"]["owner"] == "A" and rows[0]["actions"]
    assert rows[1]["status"] == "candidates" and 2 <= len(rows[1]["candidates"]) <= 3
    pycelle = next(c for c in rows[1]["candidates"] if c["name"] == "Grand Maester Pycelle")
    assert pycelle["card"]["id"] == "A.01085.1" and pycelle["actions"]  # one tap opens its actions
    # Without a seat (a spectator) a title is a name only.
    plain = resolve_titles([Read("Tyrion Lannister", 90, ())], t, SPECTATOR, by_type)
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
    names = _by_type()
    base = make_table({"A": {"13089": 1}, "B": {"01088": 1}})
    other = make_table({"A": {"13089": 1}, "B": deck_b})
    for cid, zone in zip(sorted(i for i in other.instances if i.startswith("B.")), zones, strict=False):
        other.move(cid, "B", zone)
    a = Role.of_seat("A")
    assert resolve_titles([Read(read, 80, ())], base, a, names) == resolve_titles([Read(read, 80, ())], other, a, names)


_NAMES: list[str] = []
_BY_TYPE: dict[str, list[str]] = {}


def _names() -> list[str]:
    if not _NAMES:
        _NAMES.extend(sorted({c.name for c in Catalog.open().all("2e")}))
    return _NAMES


def _by_type() -> dict[str, list[str]]:
    from companion.scan.titles import by_type

    if not _BY_TYPE:
        _BY_TYPE.update(by_type(c for c in Catalog.open().all("2e")
                                if c.type in ("character", "location", "attachment", "event")))
    return _BY_TYPE


def test_a_judge_gets_names_not_a_seats_cards(by_type: dict[str, list[str]]) -> None:
    t = make_table({"A": {"13089": 1}})
    rows = resolve_titles([Read("Tyrion Lannister", 90, ())], t, JUDGE, by_type)
    assert rows[0]["status"] == "title" and "card" not in rows[0]


def test_a_read_counts_only_against_the_titles_its_region_prints(by_type: dict[str, list[str]]) -> None:
    """A character's name read where an event prints its title (the top) is no answer; the same read in the middle
    banner is; of one card's reads, the region that matches best answers."""
    t = make_table({"A": {"13089": 1, "13010": 1}})
    a = Role.of_seat("A")
    top = resolve_titles([Read("Tyrion Lannister", 90, (), "event", 0)], t, a, by_type)
    assert not any(r["status"] == "ok" or "Tyrion Lannister" in r["message"] for r in top)
    rows = resolve_titles([Read("Tyrion Lannister", 90, (), "character", 0),
                           Read("each player draws", 80, (), "attachment", 0),
                           Read("LION GATE", 85, (), "location", 1)], t, a, by_type)
    assert [(r["status"], r["card"]["id"]) for r in rows] == [("ok", "A.13089.1"), ("ok", "A.13010.1")]


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
    # "Hold still": the live camera's titles-only frame answers the same rows as the photo.
    still = client.post(f"/api/scan?game={gid}&titles=only", data=photo, headers=h, content_type="image/jpeg")
    assert still.get_json()["codes"] == [] and still.get_json()["titles"] == r["titles"]


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
    assert [sorted(i["pipeline"]["with_deck"]) for i in out["images"]] == [["13089"], ["01085", "13089"], ["13010"],
                                                                           ["05021"]]
    total = out["totals"]["pipeline/with_deck/all"]
    assert total["cards"] == 5 and total["right"] == 5 and total["confident_wrong"] == 0
    # Reported per card type and per capital size too.
    assert out["totals"]["pipeline/with_deck/type/location"] == {"cards": 1, "right": 1, "top3": 1, "share_right": 1.0,
                                                                 "share_top3": 1.0}
    assert out["totals"]["pipeline/with_deck/type/attachment/caps_12px_up"]["right"] == 1
    # CPU per card, the reader's and the same run's baseline's, side by side.
    cpu = out["cpu_per_card"]
    assert cpu["pipeline"]["cpu_ms_per_card_median"] > 0 and cpu["baseline_whole_image"]["cpu_ms_per_card_median"] > 0
    assert cpu["pipeline_to_baseline"] > 0 and cpu["pipeline"]["cards"] == 5


# -- the reader: a kept-loaded engine, the program as fallback, cards upside down ---------------------------


@needs_ocr
def test_the_kept_loaded_engine_and_the_program_read_the_same_and_one_engine_serves_many_reads(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.scan import tess, titles
    from companion.scan.images import load_colour

    image = load_colour((FIXTURES / "two-cards.jpg").read_bytes())
    if tess.engine() is None:
        pytest.skip("libtesseract does not load here: the program is the only reader")
    first = tess.engine()
    by_library = _answers(titles.read_titles(image), ["Tyrion Lannister", "Grand Maester Pycelle"])
    assert tess.engine() is first  # the same engine, still loaded, for the next photo
    monkeypatch.setattr(tess, "engine", lambda: None)  # no library: each photo starts the program once
    by_program = _answers(titles.read_titles(image), ["Tyrion Lannister", "Grand Maester Pycelle"])
    assert by_library == by_program == ["Grand Maester Pycelle", "Tyrion Lannister"]
    assert titles.ocr_status()["available"] is True


def _answers_on_photo(indie_photo: Any, index: int, seed: int, tmp_path: Path, title: str) -> list[str]:
    """The titles answered on the independent renderer's photo ``index`` of ``seed``, which shows ``title``, for a seat
    holding its deck."""
    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles
    shot = indie_photo(index, seed, tmp_path)
    assert title in shot["names"]
    return _answers(read_titles(load_colour((tmp_path / shot["file"]).read_bytes())), shot["names"])


def _answers(reads: list[Read], deck: list[str], regions: bool = False) -> list[str]:
    """The titles answered with confidence, one per card, for a seat holding ``deck`` (or the regions they were read
    from)."""
    from companion.scan.titles import by_type, match_card

    cards: dict[int, list[Read]] = {}
    for r in reads:
        cards.setdefault(r.card, []).append(r)
    catalog = Catalog.open()
    mine = by_type(c for c in catalog.all("2e") if c.name in deck)
    found = [match_card(rs, mine, _by_type()) for rs in cards.values()]
    return sorted(read.region if regions and read else guesses[0].name for confident, guesses, read in found
                  if confident)


def test_without_the_library_the_status_says_each_read_starts_the_program(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.scan import tess

    monkeypatch.setattr(tess, "_load", lambda: None)
    tess.library_status.cache_clear()
    try:
        assert tess.library_status() == (False, "libtesseract not found: each read starts the tesseract program")
    finally:
        tess.library_status.cache_clear()


@needs_ocr
@pytest.mark.parametrize(("photo", "title", "kind"), [("location.jpg", "Lion Gate", "location"),
                                                      ("attachment.jpg", "Valyrian Steel Dagger", "attachment"),
                                                      ("tyrion.jpg", "Tyrion Lannister", "character")])
def test_each_card_type_is_read_where_it_prints_its_title_upside_down_too(photo: str, title: str, kind: str) -> None:
    """A location's title along its left edge (bottom to top), an attachment's in the bottom bar, a character's in
    the middle banner: each read from its own region, the card the right way up or turned half round."""
    from companion.scan.cv import cv2
    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles

    image = load_colour((FIXTURES / photo).read_bytes())
    for turned in (image, cv2.rotate(image, cv2.ROTATE_180)):
        reads = read_titles(turned)
        assert _answers(reads, [title, "Tywin Lannister"]) == [title], [(r.region, r.text) for r in reads]
        assert _answers(reads, [title, "Tywin Lannister"], regions=True) == [kind]  # read where its type prints it


@needs_ocr
@pytest.mark.parametrize("counts", [(50, 60), (10, 100)])
def test_a_card_the_small_print_count_turns_upside_down_is_read_turned_back(counts: tuple[int, int],
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Grainy art counts as much small print as the rules text, or more: the card is straightened upside down. Its
    title upside down reads as capitals (title-like) but with little confidence, and a count that decided by a
    narrow margin is in doubt either way: the card is read turned half round too, and the right way up wins."""
    from companion.scan import titles
    from companion.scan.images import load_colour

    monkeypatch.setattr(titles, "_print_halves", lambda _card: counts)  # fewer below than above: "upside down"
    reads = titles.read_titles(load_colour((FIXTURES / "attachment.jpg").read_bytes()))
    assert _answers(reads, ["Valyrian Steel Dagger", "Tywin Lannister"]) == ["Valyrian Steel Dagger"], [
        (r.region, r.text, r.confidence) for r in reads]


@needs_ocr
def test_a_card_held_so_close_that_its_edges_are_out_of_the_photo_is_read() -> None:
    from companion.scan.cv import cv2
    from companion.scan.images import load_colour
    from companion.scan.titles import find_cards, read_titles, straighten

    image = load_colour((FIXTURES / "tyrion.jpg").read_bytes())
    card = straighten(image, find_cards(image)[0])  # the card filling the photo, its edges just outside
    h, w = card.shape[:2]
    close = cv2.resize(card[h // 60:h - h // 60, w // 50:w - w // 50], None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    assert _answers(read_titles(close), ["Tyrion Lannister"]) == ["Tyrion Lannister"]


@needs_ocr
def test_rules_text_is_never_an_answer() -> None:
    """A card whose title banner is blank and whose rules text names a card of the deck: nothing is answered with
    confidence (a read counts only from a title region: the middle banner, the bottom bar, the left edge, the top)."""
    import random

    from PIL import Image, ImageDraw, ImageFont

    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles
    from tests import card_faces
    from tests.title_cards import photo

    catalog = Catalog.open()
    card = catalog.card("01085")  # Grand Maester Pycelle, a character: his banner in the middle
    rgba, cap = card_faces.face(random.Random(4), card, card_faces.TUNING_FONTS[0])
    img = Image.fromarray(rgba[..., :3].copy())
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = card_faces.BANNERS["character"]
    w, h = card_faces.FACE_W, card_faces.FACE_H
    d.rectangle((x0 * w, y0 * h, x1 * w, y1 * h), fill=(236, 224, 190))  # the title gone
    font = ImageFont.truetype(str(card_faces.font_path(card_faces.TUNING_FONTS[0])), 30)
    for i in range(4):  # the rules text names Tyrion, in print as large as a title's
        d.text((60, 0.72 * h + 40 * i), "Tyrion Lannister gains power.", fill=(20, 20, 20), font=font)
    rgba[..., :3] = np.asarray(img)
    shot = photo(random.Random(5), [card], 18, (1280, 960), upside_down=0.0, overlap=0.0, drawn=[(rgba, cap)])
    reads = read_titles(load_colour(shot.jpeg))
    assert _answers(reads, ["Tyrion Lannister", "Grand Maester Pycelle"]) == [], [(r.region, r.text) for r in reads]


@pytest.fixture(scope="module")
def indie_photo(request: pytest.FixtureRequest) -> Any:
    """``indie_cards.photo`` (the independent renderer): ``shot = indie_photo(index, seed, out)``. Its photos take
    seconds each to draw and a read a second or so: each is kept in pytest's cache (tests/photo_cache.py, keyed by
    everything the drawing depends on) and drawn again only when any of that changed."""
    from tests import indie_cards
    from tests.photo_cache import PhotoCache

    if not indie_cards.DATA.exists():
        pytest.skip("the card data the independent renderer draws from is not here")
    return PhotoCache(request.config, indie_cards.load_pool()).photo


@needs_ocr
@pytest.mark.parametrize("index", [85, 88])
def test_two_overlapping_cards_merged_into_one_outline_are_each_found_and_read(index: int, tmp_path: Path,
                                                                                indie_photo: Any) -> None:
    """Two cards lying one over the other on dark cloth make one outline that is no card; each card's uncovered
    corner draws it out (63:88, its sides on edges, its part under the other card hidden): both are read. Rendered
    by the independent renderer (its tuning seed 11), not a publisher's image."""
    from companion.scan.images import load_colour
    from companion.scan.titles import find_cards, read_titles
    shot = indie_photo(index, 11, tmp_path)
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert len(find_cards(image)) == 2
    assert _answers(read_titles(image), shot["names"]) == sorted(shot["names"])


@needs_ocr
@pytest.mark.parametrize(("seed", "index", "title"), [(11, 63, "Snow Castle"), (11, 19, "In Daznak's Pit"),
                                                      (12, 61, "Quiet as a Shadow"), (12, 51, "Tithe")])
def test_a_title_beside_a_long_thin_bar_or_inside_a_framed_plate_is_read(seed: int, index: int, title: str,
                                                                          tmp_path: Path, indie_photo: Any) -> None:
    """A location's strip between a dark border and a light rim, an event's title on a plate with a bright rim or a
    strong frame round it: a bar as long as a title but thinner than its small capitals, or one or two long shapes
    of a frame, are no line of letters; the title's row is read (the independent renderer's tuning seeds)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles
    shot = indie_photo(index, seed, tmp_path)
    assert title in shot["names"]
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert title in _answers(read_titles(image), shot["names"])


@needs_ocr
@pytest.mark.parametrize(("seed", "index", "title"), [(67, 20, "Catapult on the Wall"), (67, 23, "Nightmares")])
def test_a_faint_title_whose_darkest_cores_stand_out_is_read_whole(seed: int, index: int, title: str,
                                                                  tmp_path: Path, indie_photo: Any) -> None:
    """A blurred title in grey print (an attachment's bar, an event's light print on dark): the first threshold keeps
    only the cores of some letters, lower than a capital ("ON THE WALL", "MARES"); a row of such low letters is looked
    at again with lower thresholds and the whole title is read (the independent renderer's tuning seed 67)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles
    shot = indie_photo(index, seed, tmp_path)
    assert title in shot["names"]
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert title in _answers(read_titles(image), shot["names"])


@needs_ocr
def test_a_short_title_tesseract_doubts_at_its_size_is_read_again_enlarged(tmp_path: Path, indie_photo: Any) -> None:
    """A short title's capitals and small capitals, isolated clean ("MORD"), read by Tesseract as "Morb" with a
    confidence of 14: too doubtful for a read of four letters. Read again enlarged twice, it reads "MorD" with
    confidence and names the card (the independent renderer's tuning seed 65, photo 39)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles
    shot = indie_photo(39, 65, tmp_path)
    assert "Mord" in shot["names"]
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert _answers(read_titles(image), shot["names"]) == sorted(shot["names"])


@needs_ocr
def test_a_second_title_in_an_outline_read_on_a_card_found_over_it_is_no_second_card(tmp_path: Path,
                                                                                      indie_photo: Any) -> None:
    """An outline round one card and the upper half of another lying over it holds both titles, each read clean; the
    card over it is found on its own and its title read there: the outline's second title is that card's, not a
    card of its own (one card answered twice was a confident wrong answer; tuning seed 65, photo 112)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles
    shot = indie_photo(112, 65, tmp_path)
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert _answers(read_titles(image), shot["names"]) == sorted(shot["names"])


@needs_ocr
def test_an_outlines_own_title_beside_a_clearer_one_read_on_a_card_found_over_it_is_answered_once(
        tmp_path: Path, indie_photo: Any) -> None:
    """A character lies under another in coloured sleeves on dark cloth; the outline round it and the upper card's
    lower half holds its own title in its banner and the upper card's banner, read more clearly, where an event prints
    its title. The upper card is found on its own and read there: each card is answered once (the upper one was
    answered twice, a confident wrong answer; the independent renderer's seed 80, photo 36)."""
    answers = _answers_on_photo(indie_photo, 36, 80, tmp_path, "Dragonstone Convert")
    assert answers == ["Dragonstone Convert", "Mance Rayder"]


@needs_ocr
def test_two_cards_side_by_side_in_one_card_shaped_outline_are_each_found_and_read(tmp_path: Path,
                                                                                    indie_photo: Any) -> None:
    """Two cards lying side by side make an outline of about 88:126, card-shaped too (a knelt card); the two cards
    found whole inside it, each about half of it and together nearly all of it, are the cards: a location and a
    character, each read (the independent renderer's tuning seed 12)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import find_cards, read_titles
    shot = indie_photo(79, 12, tmp_path)
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert len(find_cards(image)) == 2
    assert _answers(read_titles(image), shot["names"]) == sorted(shot["names"])


@needs_ocr
def test_a_card_half_under_another_found_whole_in_its_light_sleeve_is_kept(tmp_path: Path, indie_photo: Any) -> None:
    """A location in a white sleeve lies half under an event, its centre under the event's edge: both outlines are
    found whole, about one size, neither's centre in the other's middle; both are kept and read (the independent
    renderer's tuning seed 12)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import find_cards, read_titles
    shot = indie_photo(12, 12, tmp_path)
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert len(find_cards(image)) == 2
    assert _answers(read_titles(image), shot["names"]) == sorted(shot["names"])


@needs_ocr
@pytest.mark.parametrize(("seed", "index"), [(42, 116), (42, 31)])
def test_a_card_under_another_whose_outline_lies_a_little_inside_its_edge_is_drawn_out(seed: int, index: int,
                                                                                       tmp_path: Path,
                                                                                       indie_photo: Any) -> None:
    """A card lying partly under another (found whole) is drawn out from its uncovered corner; the sides drawn from
    the merged blob's outline may lie a few pixels inside the card's edge (a blob closed and opened, a soft
    shadow): each side is also looked for a little further out or in. Both cards are found and read (the independent
    renderer's tuning seed 42)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import find_cards, read_titles
    shot = indie_photo(index, seed, tmp_path)
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert len(find_cards(image)) == 2
    assert _answers(read_titles(image), shot["names"]) == sorted(shot["names"])


def test_a_read_past_a_titles_end_that_starts_a_longer_title_names_neither_with_confidence() -> None:
    """A location's strip cut off by a sleeve's edge: "WINTERFELL AR" is Winterfell with a stray "AR" trimmed, and
    the start of Winterfell Archery Range (in the same deck); neither is named with confidence, deck or not (seed 65,
    photo 49 named Winterfell). A clean read of Winterfell, or of the longer title, still names it."""
    from companion.scan.titles import by_type, match_card

    cards = [c for c in Catalog.open().all("2e") if c.type in ("character", "location", "attachment", "event")]
    catalogue = by_type(cards)
    deck = by_type(c for c in cards if c.name in ("Winterfell", "Winterfell Archery Range", "City Gates"))
    for mine in (deck, {}):
        assert not match_card([Read("\u201c@ WINTERFELL AR", 68.9, ((0, 0),), "location")], mine, catalogue)[0]
        for title in ("Winterfell", "Winterfell Archery Range"):
            confident, guesses, _read = match_card([Read(title.upper(), 90.0, ((0, 0),), "location")], mine, catalogue)
            assert confident and guesses[0].name == title


def test_a_read_of_a_few_letters_names_no_title_with_confidence_without_a_deck(names: list[str]) -> None:
    """A garbled read of three or four letters ("SAE", "Lay", "he ie", from a card's art or a frame's edge on
    independent photos) is as like a short title (Shae, Lady, Ice) as any read can be: without a deck it stays a
    guess; a letter-perfect short read, or the seat's deck, still answers. Letters in bits of one or two count for
    nothing."""
    for read, title in (("SAE", "Shae"), ("Lay", "Lady"), ("he ie", "Ice")):
        confident, guesses = match_title(read, [], names)
        assert not confident and guesses and guesses[0].name == title, (read, guesses)
    assert match_title("SHAE", [], names)[0]
    assert match_title("SAE", ["Shae", "Ser Jorah Mormont"], names)[0]
    # Five letters, but in bits of one or two (noise read on a card's art): as short a read as "he ie".
    assert not match_title("a EA IE", [], names)[0]
    assert match_title("A NOBLE CAUSE", [], names)[0] and match_title("T YRION LANNISTER", [], names)[0]


def test_a_slanted_four_sided_shape_is_no_card_however_its_sides_compare() -> None:
    """Wood grain or a mat's arcs can close a four-sided outline whose sides compare like a card's (63:88) but whose
    corners are far from right angles: no card. A card seen through a tilted camera keeps its corners near square."""
    from companion.scan.titles import _card_shaped

    card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    tilted = np.array([[8, 0], [58, 3], [66, 88], [0, 84]], np.float32)  # foreshortened, a little turned
    slanted = np.array([[0, 0], [210, 125], [520, 630], [120, 310]], np.float32)  # sides 0.8 alike, corners 30 degrees
    assert _card_shaped(card) and _card_shaped(tilted)
    assert not _card_shaped(slanted)


@needs_ocr
def test_two_cards_on_wood_grain_are_not_hidden_by_a_slanted_shape_of_grain(tmp_path: Path, indie_photo: Any) -> None:
    """Long lines of wood grain close slanted shapes round each card whose sides compare like a card's; kept, the
    larger shape would hide the card inside it. Both cards are found and read (the independent renderer's tuning
    seed 11)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import find_cards, read_titles
    shot = indie_photo(65, 11, tmp_path)
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert len(find_cards(image)) == 2
    assert _answers(read_titles(image), shot["names"]) == sorted(shot["names"])


@needs_ocr
@pytest.mark.parametrize(("seed", "index", "cards"), [(11, 77, 2), (12, 44, 2), (12, 62, 2), (65, 26, 3)])
def test_the_merged_outline_of_a_card_lying_over_another_is_no_card(seed: int, index: int, cards: int,
                                                                    tmp_path: Path, indie_photo: Any) -> None:
    """A card lying over another, offset along both sides, makes a card-shaped outline round both, with bare table at
    a corner and the card on top found whole inside it, along it: that outline is no card (kept, it would hide both);
    the cards are found (the one underneath drawn out from its uncovered corner) and read. A card in a light sleeve
    whose dark art meets a dark table near a corner keeps its outline: its frame lies along its sides there, and its
    text box inside it lies across it. The card on top has its corners on the card even where its art is of the
    table's colour (seed 65, photo 26: grey art on a grey table leaves holes in what lies off the table) (the
    independent renderer's tuning seeds)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import find_cards, read_titles
    shot = indie_photo(index, seed, tmp_path)
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert len(find_cards(image)) == cards
    assert _answers(read_titles(image), shot["names"]) == sorted(shot["names"])


def _found_where_it_lies(found: list[np.ndarray], corners: list[list[float]], shape: tuple[int, ...]) -> bool:
    """Whether one of the quadrilaterals found covers the card whose corners the renderer drew (its sleeve included)
    with an overlap of 70 % of their union or more."""
    from companion.scan.cv import cv2

    def mask(q: np.ndarray) -> np.ndarray:
        out = np.zeros((shape[0] // 4 + 1, shape[1] // 4 + 1), np.uint8)
        cv2.fillConvexPoly(out, np.rint(np.asarray(q, np.float64) / 4).astype(np.int32), 1)
        return out

    card = mask(np.array(corners))
    return any((card & mask(q)).sum() >= 0.7 * (card | mask(q)).sum() for q in found)


@pytest.mark.parametrize(("seed", "index", "title"), [(11, 47, "Red Keep Servant"), (11, 60, "Frey Bastard"),
                                                      (12, 96, "Even Handed Justice")])
def test_a_card_whose_outline_runs_into_the_table_is_squared_from_its_corners(seed: int, index: int, title: str,
                                                                              tmp_path: Path, indie_photo: Any) -> None:
    """A card-shaped outline that ran into a line of the table at one corner (a playmat's printed arc meets a knelt
    card in a white sleeve), or a blob off the table made less than solid by a bite of the table's colour (a dark
    card on dark wood, found before only as its art), keeps the card's other corners: the card is drawn out from a
    corner whose two sides lie on edges, its far sides moved to where they lie on edges, and found where it lies (the
    independent renderer's tuning seeds; missed before)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import find_cards
    shot = indie_photo(index, seed, tmp_path)
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert _found_where_it_lies(find_cards(image), shot["corners"][shot["names"].index(title)], image.shape)


def test_a_card_lying_half_over_a_card_drawn_out_a_little_too_far_is_kept(tmp_path: Path, indie_photo: Any) -> None:
    """An event lying over the lower corner of a character on light wood: the character, drawn out from its corners,
    runs a little past its own corner, onto the event, whose centre it then holds. The event, found whole and smaller,
    is no box inside that card (its corners lie far outside it): both are found where they lie (the independent
    renderer's tuning seed 11; the event was dropped before)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import find_cards
    shot = indie_photo(28, 11, tmp_path)
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    found = find_cards(image)
    assert all(_found_where_it_lies(found, corners, image.shape) for corners in shot["corners"])


def test_a_card_a_hundredth_of_a_large_photo_is_found() -> None:
    """A card far from the camera in a 4000 x 3000 photo, its title capitals about 9.5 px high (under 1 % of the
    photo's area, still readable print): it is found (our own renderer, tests/card_faces.py)."""
    import random

    from companion.scan.images import load_colour
    from companion.scan.titles import find_cards
    from tests.title_cards import photo

    card = Catalog.open().card("01085")
    shot = photo(random.Random(7), [card], 9.5, (4000, 3000), upside_down=0.0, overlap=0.0)
    image = load_colour(shot.jpeg)
    found = find_cards(image)
    assert len(found) == 1
    assert 0.008 < _area(found[0]) / (4000 * 3000) < 0.012


def _area(q: np.ndarray) -> float:
    from companion.scan.cv import cv2

    return float(cv2.contourArea(q.astype(np.float32)))



def _bar(title: str, turn: float) -> np.ndarray:
    """An attachment's bottom bar as the reader cuts it from a straightened card: ``title`` in dark small capitals
    (capitals 2.5 % of the card's height) on parchment, turned ``turn`` degrees (a card's outline found a little
    off)."""
    from PIL import Image, ImageDraw

    from companion.scan.cv import cv2
    from companion.scan.titles import CAP_SHARE, CARD_H
    from tests import card_faces

    text, _cap = card_faces.small_caps(ImageDraw.Draw(Image.new("L", (1, 1))), title, card_faces.TUNING_FONTS[0],
                                       CAP_SHARE * CARD_H)
    region = np.full((128, 430), 215, np.uint8)
    region[:6], region[-6:] = 40, 40  # the bar's dark rims
    ink = np.asarray(text)[:, :410]
    y, x = (128 - ink.shape[0]) // 2, (430 - ink.shape[1]) // 2
    region[y:y + ink.shape[0], x:x + ink.shape[1]] -= (ink.astype(np.float32) * 185 / 255).astype(np.uint8)
    turned: np.ndarray = cv2.warpAffine(region, cv2.getRotationMatrix2D((215.0, 64.0), turn, 1.0), (430, 128),
                                        borderMode=cv2.BORDER_REPLICATE)
    return turned


@pytest.mark.parametrize("turn", [5.0, -4.5])
def test_a_title_line_a_few_degrees_aslant_is_isolated_whole_and_level(turn: float) -> None:
    """A title's line a few degrees aslant (a card's outline found a little off): its baseline is followed letter by
    letter and the line turned level, so it is isolated whole: as long as the title, no taller than a line of
    capitals with room round it, and read."""
    from companion.scan.titles import CAP_SHARE, CARD_H, READ_CAP, isolate_line

    title = "Seized by the Guard"
    line = isolate_line(_bar(title, turn), CAP_SHARE * CARD_H)
    assert line is not None
    ink = np.nonzero((line < 128).any(axis=0))[0]
    title_width = np.nonzero((_bar(title, 0.0) < 128)[10:-10].any(axis=0))[0]
    assert ink[-1] - ink[0] >= 0.95 * READ_CAP / (CAP_SHARE * CARD_H) * (title_width[-1] - title_width[0])
    assert line.shape[0] <= 2.6 * READ_CAP
    if ocr_status()["available"]:
        from companion.scan.titles import read_lines

        assert match_title(read_lines([line])[0][0], [title, "Seal of the Hand", "Pit Fighter's Blade"], [title])[0]


def test_a_letter_broken_into_bits_too_small_for_letters_does_not_split_the_title() -> None:
    """Faint or thin print thresholded: a letter or two (an apostrophe and an S) come apart into bits too small to
    be letters, leaving a gap wider than a title's word gap; the bits on the row's band bridge it and the row is
    the whole title. Bits off the band (the rules text's print below) bridge nothing."""
    from companion.scan.titles import READ_CAP, _row

    ink = np.zeros((4 * READ_CAP, 30 * READ_CAP), np.uint8)
    base = 2 * READ_CAP
    x = READ_CAP
    for _ in range(8):  # "PIT FIGHTER": letters two thirds of a capital wide
        ink[base - READ_CAP:base, x:x + 2 * READ_CAP // 3] = 255
        x += READ_CAP
    gap_start = x
    for _ in range(6):  # "'S" as bits a third of a capital high, across twice the widest gap a run allows
        ink[base - READ_CAP // 3:base, x:x + READ_CAP // 5] = 255
        x += 3 * READ_CAP // 5
    assert x - gap_start > 2 * 1.5 * READ_CAP
    for _ in range(5):  # "BLADE"
        ink[base - READ_CAP:base, x:x + 2 * READ_CAP // 3] = 255
        x += READ_CAP
    row, _labels, _stats = _row(ink)
    assert min(c[1] for c in row) == READ_CAP and max(c[1] + c[3] for c in row) == x - READ_CAP // 3
    ink[base - READ_CAP // 3:base, gap_start:x - 5 * READ_CAP] = 0  # the bits moved below the row's band
    ink[base + READ_CAP // 2:base + READ_CAP // 2 + READ_CAP // 3, gap_start:x - 5 * READ_CAP] = 255
    row, _labels, _stats = _row(ink)
    assert max(c[1] + c[3] for c in row) < gap_start


def test_holes_are_counted_for_the_shapes_asked_about_alone_and_the_same_as_among_all() -> None:
    """The row finder counts holes only for shapes of a letter's size (tracing every speck's outline cost more than
    the count): a ring keeps its one hole with a speck inside it left out, an 8 its two, and the shapes not asked
    about count none."""
    from companion.scan.cv import cv2
    from companion.scan.titles import _holes

    ink = np.zeros((80, 200), np.uint8)
    cv2.circle(ink, (40, 40), 20, 255, 3)  # a ring ...
    ink[39:42, 39:42] = 255  # ... with a speck in its hole
    cv2.circle(ink, (120, 28), 11, 255, 3)  # an 8
    cv2.circle(ink, (120, 52), 11, 255, 3)
    ink[10:13, 180:183] = 255  # a speck apart
    n, labels, _stats, _c = cv2.connectedComponentsWithStats(ink, connectivity=8)
    ring, speck, eight, apart = (int(labels[y, x]) for y, x in ((40, 20), (40, 40), (28, 109), (11, 181)))
    everything = _holes(ink, labels, np.arange(n) > 0)
    assert (everything[ring], everything[eight], everything[speck], everything[apart]) == (1, 2, 0, 0)
    asked = np.zeros(n, bool)
    asked[[ring, eight]] = True
    alone = _holes(ink, labels, asked)
    assert (alone[ring], alone[eight], alone[speck], alone[apart]) == (1, 2, 0, 0)


def test_the_points_between_an_outlines_points_are_linspace_of_each_pair_bit_for_bit() -> None:
    """The finder fits a card's sides to points spaced along its outline: computed for all pairs at once, they are
    the very values np.linspace gives pair by pair (integer outlines and float ones, sides along an axis too), so
    the outlines found do not move."""
    from companion.scan.titles import _between

    rng = np.random.default_rng(7)
    square = np.array([[0, 0], [40, 0], [40, 60], [0, 60], [0, 30], [5, 25], [9, 9], [3, 1]], np.int32)
    for points in (square, square.astype(np.float32) + 0.3, rng.integers(0, 2000, (40, 2)).astype(np.int32),
                   rng.random((25, 2)).astype(np.float32) * 900):
        n = len(points)
        pairwise = np.concatenate([np.linspace(points[i], points[(i + 1) % n], 12) for i in range(n)])
        mine = _between(points, 12)
        assert mine.dtype == pairwise.dtype and np.array_equal(mine, pairwise)


def test_a_faint_title_whose_few_darkest_letters_stand_out_is_isolated_whole() -> None:
    """Grey print on a grey-white bar, a few letters of it darker (the print's own unevenness, or glare on the rest):
    the first threshold keeps the darkest three letters only. A row of so few letters is looked at again with lower
    thresholds, and the row over the same stretch, on its baseline, holding more letters (the whole title) is the
    line."""
    from companion.scan.cv import cv2
    from companion.scan.titles import _isolate

    big = np.full((110, 760), 225, np.uint8)
    x = 60
    for word, grey in (("POISONED ", 150), ("DAG", 30), ("GER", 150)):
        cv2.putText(big, word, (x, 70), cv2.FONT_HERSHEY_DUPLEX, 1.3, grey, 2, cv2.LINE_AA)
        x += cv2.getTextSize(word, cv2.FONT_HERSHEY_DUPLEX, 1.3, 2)[0][0]
    line = _isolate(cv2.GaussianBlur(big, (3, 3), 0))
    assert line is not None and line.shape[1] >= x - 60  # the whole title, not "DAG"
    # A short title ("VAL") stays itself: a longer line of fainter print below it (a trait line) lies on another
    # baseline, however far it stretches across the title's.
    big = np.full((150, 760), 225, np.uint8)
    cv2.putText(big, "VAL", (330, 55), cv2.FONT_HERSHEY_DUPLEX, 1.3, 30, 2, cv2.LINE_AA)
    cv2.putText(big, "WILDLING LADY SPEARWIFE", (60, 125), cv2.FONT_HERSHEY_DUPLEX, 1.3, 150, 2, cv2.LINE_AA)
    line = _isolate(cv2.GaussianBlur(big, (3, 3), 0))
    assert line is not None and line.shape[1] < 200


def test_only_an_events_region_is_searched_for_light_print_on_dark() -> None:
    """Light print on a dark plate is looked for where some events print their title; the other types print theirs
    dark on light, and their regions are searched for dark print only (half the work): a light title on a dark bar
    is isolated for an event, not for a character, and dark print on a light bar is isolated for both."""
    from companion.scan.cv import cv2
    from companion.scan.titles import LIGHT_PRINT, _isolate

    assert {"event"} == LIGHT_PRINT
    dark_bar = np.full((110, 760), 40, np.uint8)
    cv2.putText(dark_bar, "TEARS OF LYS", (60, 70), cv2.FONT_HERSHEY_DUPLEX, 1.3, 230, 2, cv2.LINE_AA)
    light_bar = cv2.bitwise_not(dark_bar)
    assert _isolate(cv2.GaussianBlur(dark_bar, (3, 3), 0), light=True) is not None
    assert _isolate(cv2.GaussianBlur(dark_bar, (3, 3), 0), light=False) is None
    for light in (True, False):
        assert _isolate(cv2.GaussianBlur(light_bar, (3, 3), 0), light=light) is not None


def test_a_short_read_says_a_card_lies_the_right_way_up_only_when_read_with_confidence() -> None:
    """A card whose regions read nothing title-like is read again turned half round. Three or four capitals read
    with little confidence ("FHL": art, or a title upside down) are not title-like enough to skip that; a short title
    read clearly is, and so is a longer one read with less confidence."""
    from companion.scan.titles import _title_like

    corners = ((0, 0), (1, 0), (1, 1), (0, 1))
    assert not _title_like(Read("FHL", 37.0, corners))
    assert _title_like(Read("ICE", 91.0, corners))
    assert _title_like(Read("SNOW CASTLE", 40.0, corners))
    assert not _title_like(Read("Attached character gains", 95.0, corners))


def test_a_grainy_dark_strip_beside_a_faint_title_is_no_line_of_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Below an attachment's bar, the card's border, darker than the bar's light rim and a light table round it:
    thresholded with the photo's grain it breaks into long shapes as high as letters, riddled with holes, that
    outweigh the title's letters. Letters have two holes at most: the strip is no row, the title is the line
    isolated."""
    from companion.scan import titles
    from companion.scan.titles import CAP_SHARE, CARD_H, READ_CAP, isolate_line

    title = "Seized by the Guard"
    region = np.full((170, 430), 215, np.float32)
    region[:128] = _bar(title, 0.0)
    region[140:156] = 140 + np.random.default_rng(3).normal(0, 40, (16, 430))  # the grainy border, table below
    region = np.clip(region, 0, 255).astype(np.uint8)
    scale = READ_CAP / (CAP_SHARE * CARD_H)

    def title_sized(line: np.ndarray | None) -> bool:
        assert line is not None
        ink = np.nonzero((line < 128).any(axis=0))[0]
        title_width = np.nonzero((_bar(title, 0.0) < 128)[10:-10].any(axis=0))[0]
        return bool(ink[-1] - ink[0] <= 1.1 * scale * (title_width[-1] - title_width[0])
                    and ink[-1] - ink[0] >= 0.9 * scale * (title_width[-1] - title_width[0]))

    line = isolate_line(region, CAP_SHARE * CARD_H)
    assert title_sized(line)
    if ocr_status()["available"]:
        from companion.scan.titles import read_lines

        assert line is not None
        assert match_title(read_lines([line])[0][0], [title, "Seal of the Hand", "Pit Fighter's Blade"], [title])[0]
    monkeypatch.setattr(titles, "HOLES_PER_CAP", 1000.0)  # holes not counted: the strip wins
    assert not title_sized(isolate_line(region, CAP_SHARE * CARD_H))


def test_a_letter_perfect_read_names_its_deck_title_beside_one_outside_the_deck_a_letter_away() -> None:
    """"The Warden of the West" read letter for letter names the deck's title though "The Warden of the East" (not in
    the deck) is a letter away; a read a letter off both ("Wast") names neither, and without the deck neither is sure
    when the read is a letter off."""
    deck = ["The Warden of the West", "Seal of the Hand", "Pit Fighter's Blade"]
    catalogue = [*deck, "The Warden of the East"]
    confident, guesses = match_title("THE WARDEN OF THE WEST", deck, catalogue)
    assert confident and guesses[0].name == "The Warden of the West"
    assert not match_title("THE WARDEN OF THE WAST", deck, catalogue)[0]
    assert not match_title("THE WARDEN OF THE WAST", [], catalogue)[0]


def test_the_cards_a_lower_block_may_be_the_bottom_of_stand_on_its_long_sides() -> None:
    """A card-shaped block 63 wide and 40 high (an attachment's rules box and title bar) is the bottom of a card 63
    by 88 drawn out across either long side, never across a short one; the block's far side is the card's bottom."""
    from companion.scan.titles import _cards_round

    block = np.array([[100, 200], [163, 200], [163, 240], [100, 240]], np.float32)
    cards = [card for card, _share in _cards_round(block)]
    assert [share for _card, share in _cards_round(block)] == [pytest.approx(40 / 88)] * 2
    for card in cards:
        width = np.linalg.norm(card[1] - card[0])
        height = np.linalg.norm(card[3] - card[0])
        assert width == pytest.approx(63) and height == pytest.approx(88)
    bottoms = sorted(tuple(map(tuple, c[2:])) for c in cards)
    assert bottoms == sorted([((100.0, 200.0), (163.0, 200.0)), ((163.0, 240.0), (100.0, 240.0))])


def test_the_location_a_text_box_may_be_of_lies_round_it_with_its_strip_beside_the_box() -> None:
    """A location's text box seen on its side (the card knelt) draws out two cards, either long side of the box its
    bottom, never a short one: one of them is the card, the box where a location prints it."""
    from companion.scan.titles import CARD_H, CARD_W, LOCATION_BOX, _location_round

    x0, y0, x1, y1 = LOCATION_BOX
    # The card knelt a quarter clockwise: its top edge runs down the photo's right side, its left edge along the top.
    card = np.array([[CARD_H, 0], [CARD_H, CARD_W], [0, CARD_W], [0, 0]], np.float32) + 50

    def at(x: float, y: float) -> np.ndarray:
        return np.asarray(card[0] + (card[1] - card[0]) * x + (card[3] - card[0]) * y)

    box = np.array([at(x0, y1), at(x0, y0), at(x1, y0), at(x1, y1)], np.float32)  # as found: top left first
    drawn = _location_round(box)
    assert len(drawn) == 2
    assert any(np.allclose(d, card, atol=0.05) for d in drawn)
    for d in drawn:
        width, height = np.linalg.norm(d[1] - d[0]), np.linalg.norm(d[3] - d[0])
        assert width == pytest.approx(CARD_W, rel=1e-3) and height == pytest.approx(CARD_H, rel=1e-3)


@needs_ocr
@pytest.mark.parametrize(("index", "title"), [(46, "Ranger's Bow"), (118, "Fishing Net")])
def test_an_attachment_found_as_its_lower_block_is_read_in_its_title_bar(index: int, title: str, tmp_path: Path,
                                                                         indie_photo: Any) -> None:
    """An attachment on a dark table, its dark border lost in it: its rules box and title bar, framed apart from the
    art, are found as a card of their own, upright or knelt. The card that block is the bottom of is drawn out and
    its title bar, inside the block, read (the independent renderer's tuning seed 40)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles
    shot = indie_photo(index, 40, tmp_path)
    assert shot["names"] == [title]
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert _answers(read_titles(image), shot["names"]) == [title]


@needs_ocr
@pytest.mark.parametrize(("seed", "index", "title"), [(45, 81, "Defensive Debris"), (46, 73, "Longclaw")])
def test_an_attachment_found_as_its_lower_block_beside_a_weak_title_like_read_is_read_in_its_title_bar(
        seed: int, index: int, title: str, tmp_path: Path, indie_photo: Any) -> None:
    """An attachment's lower block found alone (black sleeves on dark cloth, or its dark border on dark wood) whose
    regions read something shaped like a title with little confidence (its own rules text sideways, its title upside
    down: "MYTONO]"): that is no sure title, so the card the block is the bottom of is still drawn out and its bar
    read. Longclaw's rosette, blurred, leaves a grey rim before the first letter; wiped, the title reads with
    confidence (a quote mark read there took it all). The independent renderer's tuning seeds 45 and 46."""
    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles
    shot = indie_photo(index, seed, tmp_path)
    assert title in shot["names"]
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert title in _answers(read_titles(image), shot["names"])


@needs_ocr
def test_an_event_cut_short_by_its_title_plate_lost_in_the_table_is_read_past_its_outline(tmp_path: Path,
                                                                                         indie_photo: Any) -> None:
    """An event upside down on dark wood: the outline found stops short of its title plate (the plate's dark frame
    lost in the table), a card cut short. Alone on the table, the card it is the larger part of is drawn out to
    63:88 and its event title read past the outline (the independent renderer's tuning seed 41)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles
    shot = indie_photo(79, 41, tmp_path)
    assert shot["names"] == ["Quiet as a Shadow"]
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert _answers(read_titles(image), shot["names"]) == ["Quiet as a Shadow"]


@needs_ocr
def test_a_card_cut_short_that_overlaps_another_at_its_far_end_is_read_past_its_outline(tmp_path: Path,
                                                                                     indie_photo: Any) -> None:
    """An event in a dark sleeve on dark cloth, its lower edge lying over another card: the outline found stops short
    of its title plate. What lies beyond the part found is table (the other card lies at the part's other end), so
    the card is drawn out and its event title read past the outline (the independent renderer's tuning seed 72)."""
    assert "We Do Not Sow" in _answers_on_photo(indie_photo, 12, 72, tmp_path, "We Do Not Sow")


@needs_ocr
def test_a_thin_title_broken_into_its_stems_at_the_first_threshold_is_isolated_whole(tmp_path: Path,
                                                                                     indie_photo: Any) -> None:
    """A location's title in thin print: at the first threshold its letters break into their upright stems, and the
    row ends at the first wide gap between stems ("WESTWATCH-B"). A lower threshold finds the whole title (the
    independent renderer's tuning seed 72)."""
    assert "Westwatch-by-the-Bridge" in _answers_on_photo(indie_photo, 18, 72, tmp_path, "Westwatch-by-the-Bridge")


@needs_ocr
def test_a_title_whose_last_letters_fade_in_glare_is_isolated_whole(tmp_path: Path, indie_photo: Any) -> None:
    """A location's title with glare across its end: the first threshold finds a row of whole, tall letters that stops
    where the glare starts ("LANNISP", read "Lannisport", another location's title, with confidence). A lower threshold
    runs the row on to the title's end (the independent renderer's tuning seed 77)."""
    assert "Lannisport Treasury" in _answers_on_photo(indie_photo, 44, 77, tmp_path, "Lannisport Treasury")


@needs_ocr
def test_a_trait_read_in_a_piece_of_a_card_found_alone_names_no_title_without_a_deck(tmp_path: Path,
                                                                                      indie_photo: Any) -> None:
    """A location half under another card, its sleeve's outline broken: only its text box is found, a card-shaped
    piece far smaller than the card found whole beside it. Its location region holds the trait line ("King's
    Landing"), also a location's title: read from a piece and not shaped like a title, it is no answer, deck or not.
    The card drawn out round its text box has its title strip read: STREET OF THE SISTERS is answered (the independent
    renderer's tuning seed 72)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles
    shot = indie_photo(19, 72, tmp_path)
    assert sorted(shot["names"]) == ["Street of the Sisters", "The Prince's Pass"]
    reads = read_titles(load_colour((tmp_path / shot["file"]).read_bytes()))
    assert _answers(reads, []) == ["Street of the Sisters", "The Prince's Pass"]
    assert _answers(reads, shot["names"]) == ["Street of the Sisters", "The Prince's Pass"]


@needs_ocr
@pytest.mark.parametrize(("seed", "index", "title"), [(77, 112, "Statue of Baelor"), (78, 12, "House of the Undying")])
def test_a_location_found_only_as_its_text_box_is_read_in_its_title_strip(seed: int, index: int, title: str,
                                                                          tmp_path: Path, indie_photo: Any) -> None:
    """A location's text box, framed apart from its art and strip, is card-shaped on its side: on light wood (the
    card's edge lost in the grain), or with the card's upper part under another card, it is all that is found. The
    card is drawn out round it (the text box right of the strip, below the art) and its title strip read (the
    independent renderer's tuning seeds 77 and 78)."""
    assert title in _answers_on_photo(indie_photo, index, seed, tmp_path, title)


@needs_ocr
def test_two_cards_side_by_side_found_as_one_outline_that_reads_nothing_are_read_as_two(tmp_path: Path,
                                                                                       indie_photo: Any) -> None:
    """A character and an attachment side by side on dark wood, found as one outline of 88:126 (no card inside it
    found whole): it reads nothing like a title, so it is cut in two and each half read as a card, one answer each
    (the independent renderer's tuning seed 41)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles
    shot = indie_photo(86, 41, tmp_path)
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    reads = read_titles(image)
    assert _answers(reads, shot["names"]) == sorted(shot["names"])
    assert len({r.card for r in reads}) == 2


def test_a_title_read_where_another_type_prints_it_is_not_confident_beside_a_deck_title_of_that_type(
        by_type: dict[str, list[str]]) -> None:
    """A part of a knelt Tumblestone Knight found as a card of its own puts "TUMBLESTONE" of its banner where a
    location prints its title. The deck holds The Tumblestone too: the location is the best among locations, but
    Tumblestone Knight is nearly as like the read, so the answer waits for a tap. A clean location read stays sure."""
    from companion.scan.titles import by_type as titles_by_type
    from companion.scan.titles import match_card

    catalog = Catalog.open()
    deck = titles_by_type(c for c in catalog.all("2e") if c.name in ("Tumblestone Knight", "The Tumblestone"))
    knight = Read("TUMBLESTONE", 92.0, ((0, 0),) * 4, "location", 0)
    assert match_card([knight], deck, by_type)[0] is False
    assert match_card([knight], {}, by_type)[0] is False
    place = Read("THE TUMBLESTONE", 92.0, ((0, 0),) * 4, "location", 0)
    confident, guesses, _read = match_card([place], deck, by_type)
    assert confident and guesses[0].name == "The Tumblestone"


def test_a_deck_title_spelt_letter_for_letter_where_another_type_prints_its_title_names_the_card(
        by_type: dict[str, list[str]]) -> None:
    """A part of a card found as a card of its own (an event's upper half taken for a knelt card, an attachment in the
    outline of two cards) puts its clean title where another type prints its title: read with confidence and spelt
    letter for letter, a title of the seat's deck that no other card type bears names the card. Not a weak or
    garbled read, not without a deck, not a title two types bear (Nymeria), not when the read's own type answers."""
    from companion.scan.titles import by_type as titles_by_type
    from companion.scan.titles import match_card

    catalog = Catalog.open()
    deck = titles_by_type(c for c in catalog.all("2e") if c.name in (
        "Blood of the Viper", "Maester Myles", "Guarding the Realm", "Nymeria", "The Tumblestone"))
    viper = Read("BLOOD OF THE VIPER", 96.0, ((0, 0),) * 4, "character", 0)
    confident, guesses, read = match_card([viper], deck, by_type)
    assert confident and guesses[0].name == "Blood of the Viper" and read == viper
    realm = Read("GUARDING THE REALM", 96.0, ((0, 0),) * 4, "location", 0)
    assert match_card([Read("ea", 40.0, ((0, 0),) * 4, "event", 0), realm], deck, by_type)[:2] == (
        True, [match_card([realm], deck, by_type)[1][0]])
    assert match_card([realm], deck, by_type)[1][0].name == "Guarding the Realm"
    assert not match_card([Read("BLOOD OF THE VIPER", 50.0, ((0, 0),) * 4, "character", 0)], deck, by_type)[0]
    assert not match_card([Read("BLOOD OF THE VIPEA", 96.0, ((0, 0),) * 4, "character", 0)], deck, by_type)[0]
    assert not match_card([viper], {}, by_type)[0]
    assert not match_card([Read("NYMERIA", 96.0, ((0, 0),) * 4, "event", 0)], deck, by_type)[0]
    # The location's own read answers; the knight's title read beside it does not stand against it.
    place = Read("THE TUMBLESTONE", 92.0, ((0, 0),) * 4, "location", 0)
    assert match_card([place, viper], deck, by_type)[1][0].name == "The Tumblestone"


def test_only_a_weak_title_like_read_of_a_card_turned_against_its_upright_guess_leaves_it_for_its_blocks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After the half-turn retry, a card is left for the blocks it may be part of when it holds no title-like read
    but weak ones of the card turned against its upright guess (a title upside down, "MYTONO]"); a weak title-like
    read the right way up is the card's own blurred title, and drawing out cards round it costs time for nothing."""
    from companion.scan import titles

    quads = [np.array([[40, 40], [103, 40], [103, 128], [40, 128]], np.float32) + off for off in (0, 200)]
    calls: list[int] = []
    blocks: list[list[int]] = []

    def read_cards(cards: Any, qs: Any, numbers: Any) -> list[Read]:
        calls.append(len(calls))
        numbers = list(numbers)
        if len(calls) == 1:  # the upright guess: card 0's title, blurred
            return [Read("TYRION LANNISTER", 50.0, ((0, 0),) * 4, "character", 0)]
        return [Read("MYTONO]", 48.0, ((0, 0),) * 4, "character", 1)] if 1 in numbers else []

    monkeypatch.setattr(titles, "find_cards", lambda image: quads)
    monkeypatch.setattr(titles, "_read_cards", read_cards)
    monkeypatch.setattr(titles, "_read_blocks", lambda gray, qs, numbers: blocks.append(list(numbers)) or [])
    titles.read_titles(np.full((400, 400), 200, np.uint8))
    assert blocks == [[1]]


@needs_ocr
def test_a_card_under_another_is_drawn_out_past_a_piece_of_its_art_and_the_upper_cards_dark_art(
        tmp_path: Path, indie_photo: Any) -> None:
    """A character lies with its top under an event on light wood. A piece of its own art is found whole, card-shaped
    but a tenth of its size, and the merged outline runs round a bay of the event's dark art: neither stops the card
    being drawn out from its uncovered corners (a whole card about its size would), and both cards are read (the
    independent renderer's tuning seed 44)."""
    import cv2

    from companion.scan.images import load_colour
    from companion.scan.titles import find_cards, read_titles
    shot = indie_photo(13, 44, tmp_path)
    assert "Shagga Son of Dolf" in shot["names"]
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    quads = find_cards(image)
    assert len(quads) == 2 and min(cv2.contourArea(q) for q in quads) > 0.5 * max(cv2.contourArea(q) for q in quads)
    assert _answers(read_titles(image), shot["names"]) == sorted(shot["names"])


@needs_ocr
def test_a_locations_strip_is_read_when_the_outline_is_found_round_its_sleeve(tmp_path: Path, indie_photo: Any) -> None:
    """A location in a dark sleeve whose outline is found round the sleeve, a little outside it: the card lies a few
    per cent in, and its title strip's letters reach past 0.16 of the width found; the strip is still read (the
    independent renderer's tuning seed 50)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles
    shot = indie_photo(32, 50, tmp_path)
    assert shot["names"] == ["Dragon Gate"]
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert _answers(read_titles(image), shot["names"], regions=True) == ["location"]


@needs_ocr
def test_two_cards_in_one_card_shaped_outline_each_reading_its_title_clean_are_two_answers(tmp_path: Path,
                                                                                          indie_photo: Any) -> None:
    """An event lying half under a location, both in black sleeves on dark cloth, make one outline of a card's shape
    round both; the event's title reads clean across its top and the location's along its left edge. One card never
    prints two titles: both cards are answered (the independent renderer's tuning seed 50). The outline's hull, of
    more corners than four, fills too little of its smallest rectangle to be one card: each card is drawn out from its
    own corners (_two_titles_apart splitting one outline's two clean titles is tested on reads below)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import find_cards, read_titles
    shot = indie_photo(55, 50, tmp_path)
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert len(find_cards(image)) == 3  # the two overlapping cards, each drawn out, and the third card
    assert _answers(read_titles(image), shot["names"]) == sorted(shot["names"])


@needs_ocr
def test_an_attachments_lower_block_found_alone_is_read_past_a_backwards_title_like_read_along_its_side(
        tmp_path: Path, indie_photo: Any) -> None:
    """An attachment lying under a location shows only its lower block (rules box and title bar), found alone as an
    outline too squat for a card; straightened as a card, its title bar lies along a side, where a location's strip is
    read, and reads backwards as capitals ("FL AM CAZIIS"). That weak title-like read does not stop the card the block
    is part of being drawn out and read in its title bar (the independent renderer's tuning seed 51)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles
    shot = indie_photo(60, 51, tmp_path)
    assert "Seized by the Guard" in shot["names"]
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert _answers(read_titles(image), shot["names"]) == sorted(shot["names"])


def test_a_card_found_whole_on_a_table_too_varied_to_be_told_from_it_is_not_taken_for_two_cards_merged() -> None:
    """A location on a busy playmat (colours from teal to green, arcs across it; seed 58 of the independent renderer,
    photo 62): no colour stands for the table, the blobs off it hold nothing, so the card's corners seemed to lie on
    the table, and its upper part and its text box, both card-shaped, made it look like the merged outline of two
    cards: it was dropped for them and its title strip never read. A card found whole of which the blobs hold almost
    nothing is kept; where the blobs see the card and one corner lies on the table, it is still a merged outline.
    (The photo itself takes 12 s of CPU to draw: its situation is built here as the finder sees it.)"""
    from companion.scan.titles import LAID_CORE, _unmerged

    def box(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
        return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)

    card = box(100, 100, 289, 364)  # 63:88
    upper, lower = box(100, 100, 289, 240), box(100, 224, 289, 364)  # each about half of it, apart
    found = [(189.0 * 264, card, 1.0), (189.0 * 140, upper, LAID_CORE), (189.0 * 140, lower, 1.0)]
    blind = np.zeros((600, 400), np.uint8)
    assert any(q is card for _s, q, _c in _unmerged(found, blind))
    seen = blind.copy()
    seen[100:364, 100:289] = 255
    seen[324:364, 249:289] = 0  # a corner on the table
    assert not any(q is card for _s, q, _c in _unmerged(found, seen))


def test_a_few_letters_tesseract_itself_doubts_name_no_title_with_confidence(by_type: dict[str, list[str]]) -> None:
    """A piece of a card found as a card of its own read "heer" in a character's banner place (Tesseract's confidence
    10) and "ice" in an attachment's bar (confidence 0): grain of art, not titles, yet with the deck holding Hero the
    first named Hero and without a deck the second named Ice (seed 58 of the independent renderer, photo 95). A few
    letters Tesseract doubts are no sure answer, deck or not; read with confidence, a short title still is."""
    from companion.scan.titles import by_type as titles_by_type
    from companion.scan.titles import match_card

    catalog = Catalog.open()
    deck = titles_by_type(c for c in catalog.all("2e") if c.name in ("Hero", "Varys", "Ser Andrew Estermont"))
    corners = ((0, 0),) * 4
    assert match_card([Read("heer", 10.0, corners, "character", 0)], deck, by_type)[0] is False
    assert match_card([Read("ice", 0.0, corners, "attachment", 0)], {}, by_type)[0] is False
    confident, guesses, _read = match_card([Read("HERO", 88.0, corners, "character", 0)], deck, by_type)
    assert confident and guesses[0].name == "Hero"
    confident, guesses, _read = match_card([Read("ICE", 91.0, corners, "attachment", 0)], {}, by_type)
    assert confident and guesses[0].name == "Ice"
    assert match_card([Read("heer", 60.0, corners, "character", 0)], deck, by_type)[1][0].name == "Hero"


@needs_ocr
def test_a_characters_lower_block_found_alone_is_read_in_its_banner_past_a_clean_read_along_its_side(
        tmp_path: Path, indie_photo: Any) -> None:
    """A character on dark wood shows its outline only round its lower block (banner and rules box), an outline too
    squat for a card. Straightened as a card, its banner lies along a side, where a location's strip is read, and its
    title reads there clean but cut ("HAVEPATE", confidence 91: no location's title). That clean read does not stop
    the card the block is part of being drawn out and read in its banner (the independent renderer's tuning seed 69)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import read_titles
    shot = indie_photo(50, 69, tmp_path)
    assert shot["names"] == ["The Shavepate"]
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert _answers(read_titles(image), shot["names"]) == ["The Shavepate"]


@needs_ocr
def test_a_card_drawn_out_far_larger_than_the_cards_found_whole_is_no_card(tmp_path: Path, indie_photo: Any) -> None:
    """Three cards in black sleeves in a row on light wood: lines of grain close a large four-sided shape round them,
    and cards are drawn out from its corners, four and eight times as large as the cards found whole (none of which
    is a piece of another: a card's text box, art or banner spans the side it runs along). Cards are of one size, so
    those drawn out are no cards (kept, they would hide the cards inside them). The three are found and read (the
    independent renderer's tuning seed 69)."""
    from companion.scan.images import load_colour
    from companion.scan.titles import find_cards, read_titles
    shot = indie_photo(43, 69, tmp_path)
    image = load_colour((tmp_path / shot["file"]).read_bytes())
    assert len(find_cards(image)) == 3
    assert _answers(read_titles(image), shot["names"]) == sorted(shot["names"])


@needs_ocr
def test_a_card_under_another_found_only_from_its_corners_is_not_measured_against_the_upper_cards_text_box(
        tmp_path: Path, indie_photo: Any) -> None:
    """A location in a clear sleeve lies over a character's upper part on green cloth: neither is found whole, only
    the location's text box (card-shaped too) and a piece of the character's art. Both cards are drawn out from their
    corners; the character is more than three times the text box, yet it is no shape of wood grain: the largest card
    is the location drawn out from its corner (holding nothing found whole but its own text box and small shapes of
    its art). Both are read (the independent renderer's tuning seed 78)."""
    assert _answers_on_photo(indie_photo, 27, 78, tmp_path, "Gunthor Son of Gurn") == sorted(
        ["Gunthor Son of Gurn", "The Goldroad"])


@needs_ocr
def test_two_cards_offset_along_both_sides_in_one_outline_are_no_card_found_whole(tmp_path: Path,
                                                                                   indie_photo: Any) -> None:
    """A character in a light sleeve lies over a location's upper right on dark wood: their outline is one blob whose
    hull simplifies to five corners, card-shaped round its smallest rectangle, which it fills only nine tenths of (a
    card's hull fills nearly all). It is no card found whole: each card is drawn out from its own corners and read
    (the independent renderer's tuning seed 78)."""
    assert _answers_on_photo(indie_photo, 2, 78, tmp_path, "Sansa's Maid") == sorted(
        ["Sansa's Maid", "Statue of Baelor"])


def test_a_piece_of_a_title_read_beside_it_whole_on_one_card_is_no_second_card() -> None:
    """A character's lower block found alone reads its title whole in its banner (drawn out) and a piece of it along
    its side ("ONNEL", clean): the piece is no second title, so no second card; two different titles read clean
    still are two cards."""
    from companion.scan.titles import _two_titles_apart

    corners = ((0, 0), (10, 0), (10, 14), (0, 14))
    whole = Read("SWEET DONNEL HILL", 94.0, corners, "character", 0)
    piece = Read("ONNEL", 92.0, corners, "location", 0)
    assert {r.card for r in _two_titles_apart([whole, piece], 1)} == {0}
    other = Read("THE RED FORK", 92.0, corners, "location", 0)
    assert {r.card for r in _two_titles_apart([whole, other], 1)} == {0, 1}


def test_an_outlines_title_read_on_a_card_found_over_it_is_dropped_whichever_was_read_more_clearly() -> None:
    """An outline round a character and the lower half of a card lying over it holds both titles: its own in its
    banner, and the upper card's banner, read more clearly, where an event prints its title. The upper card is found
    on its own and its title read there. That title is the upper card's: dropped from the outline, which answers its
    own title alone (before, the outline's own title was split off as a card of its own and the upper card's title
    named the upper card a second time, a confident wrong answer)."""
    from companion.scan.titles import _two_titles_apart

    under = ((1445, 1230), (2079, 1338), (2004, 2197), (1368, 2122))
    over = ((1394, 815), (1978, 842), (1978, 1631), (1365, 1614))
    own = Read("MANCE RAYDER", 91.0, under, "character", 0)
    upper_here = Read("DRAGONSTONE CONVERT", 94.0, under, "event", 0)
    upper = Read("DRAGONSTONE CONVERT", 94.0, over, "character", 1)
    out = _two_titles_apart([own, upper_here, upper], 2)
    assert sorted((r.card, r.text) for r in out) == [(0, "MANCE RAYDER"), (1, "DRAGONSTONE CONVERT")]
    # Cards found apart (not overlapping) read the same title: each keeps its reads, and two titles split.
    apart = ((3000, 0), (3600, 0), (3600, 800), (3000, 800))
    copy = Read("DRAGONSTONE CONVERT", 94.0, apart, "character", 1)
    out = _two_titles_apart([own, upper_here, copy], 2)
    assert sorted((r.card, r.text) for r in out) == [
        (0, "DRAGONSTONE CONVERT"), (1, "DRAGONSTONE CONVERT"), (2, "MANCE RAYDER")]
