"""TTS saves: the six real saves, the three file shapes, identification, zones, tokens, bad input."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from companion.catalog.card import Card
from companion.catalog.store import Catalog, shipped_cards
from companion.tts.importer import CardLookup, identify, identify_by_name, import_save
from companion.tts.save import Found, Transform, TtsError, parse_bytes, walk
from tests.shared import DATA, need_shared
from tests.tts_saves import card, save, token, zone


@pytest.fixture(scope="module")
def lookup(catalog: Catalog) -> CardLookup:
    return CardLookup(catalog.all())


REAL = ["spirit_island_v13_TTSModManager_input.json", "sleeping_gods_v13_TS_Save_88.json",
        "marvel_champions_automated_v12.json", "terraforming_mars_midgame_TS_Save_2.json",
        "coinche_builtin_deck_TS_Save_1.json", "sced_card_41Derringer_objectstate.json"]


def independent_walk(root: object) -> tuple[int, int]:
    """Objects and cards, counted without the importer's walker."""
    stack = list(root["ObjectStates"]) if isinstance(root, dict) and "ObjectStates" in root else [root]
    objects = cards = 0
    while stack:
        obj = stack.pop()
        objects += 1
        cards += obj.get("Name") in ("Card", "CardCustom")
        stack += obj.get("ContainedObjects") or []
        stack += list((obj.get("States") or {}).values())
        stack += obj.get("ChildObjects") or []
    return objects, cards


@pytest.mark.parametrize("name", REAL)
def test_real_saves_import_and_their_counts_match(name: str, lookup: CardLookup) -> None:
    need_shared()
    path = DATA / "tts" / name
    manifest = {f["file"]: f["stats"] for f in json.loads((DATA / "tts" / "MANIFEST.json").read_text())["files"]}
    report = import_save(path.read_bytes(), lookup, name)
    objects, cards = independent_walk(json.loads(path.read_text()))
    assert report["counts"]["objects"] == objects == manifest[name]["total_objects"]
    assert report["counts"]["cards"] == cards == manifest[name]["cards"]
    assert report["counts"]["decks"] == manifest[name]["decks"]
    assert report["counts"]["hand_zones"] == manifest[name]["hand_zones"]
    hands = {c: p["hand"] for c, p in report["players"].items() if p["hand"]}
    assert hands == manifest[name]["cards_in_hand_zones"]
    assert report["counts"]["identified"] + report["counts"]["unidentified"] == cards
    assert all(u["reason"] for u in report["unidentified"])


def test_the_three_file_shapes(lookup: CardLookup) -> None:
    obj = card("01045", guid="b1b1b1")
    assert import_save(obj, lookup)["shape"] == "object"
    assert import_save({"SaveName": "", "ObjectStates": [obj]}, lookup)["shape"] == "saved-object"
    assert import_save(save(obj), lookup)["shape"] == "save"


def test_face_down_is_cos_rotx_times_cos_rotz() -> None:
    assert Transform(rot_z=180).face_down and Transform(rot_x=180).face_down
    assert not Transform(rot_x=180, rot_z=180).face_down and not Transform().face_down
    assert Transform(rot_z=175).face_down == (math.cos(math.radians(175)) < 0)


def test_identification_order(lookup: CardLookup) -> None:
    def found(**kw: object) -> Found:
        base = dict(guid="g", name="", description="", gm_notes="", memo="", card_id=None, face_url=None,
                    top_level=True, container=None, transform=Transform(), at=Transform(), face_down=True, path="p")
        base.update(kw)
        return Found(**base)  # type: ignore[arg-type]

    gm = identify(found(gm_notes='{"code": "01045"}', memo="13089", name="Burned Men"), lookup)
    assert (gm.code, gm.method) == ("01045", "gmnotes")
    assert identify(found(gm_notes="01045"), lookup).method == "gmnotes"
    assert identify(found(memo="13089", name="Burned Men"), lookup).code == "13089"
    image = identify(found(face_url="https://thronesdb.com/bundles/cards/11099.png", name="Burned Men"), lookup)
    assert (image.code, image.method) == ("11099", "image")
    # A bare title is no sign of an AGoT card (other games have "Hero", "Famine"): the printing must be named.
    bare = identify(found(name="Burned Men"), lookup)
    assert bare.code is None and "nothing says" in bare.reason and len(bare.candidates) == 1
    named = identify(found(name="Burned Men", description=lookup.by_code[bare.candidates[0]].pack_name), lookup)
    assert named.method == "name" and named.code == bare.candidates[0]
    # {"id": …} alone is SCED's (Arkham Horror) convention, its numbers collide with AGoT codes.
    assert identify(found(gm_notes='{"id": "01047", "type": "Character"}'), lookup).code is None
    ours = identify(found(gm_notes='{"code": "01047", "id": "01047"}'), lookup)
    assert (ours.code, ours.method) == ("01047", "gmnotes")
    nothing = identify(found(name="Dragon of Nowhere"), lookup)
    assert nothing.code is None and "not a card title" in nothing.reason


def test_a_card_in_a_deck_takes_its_image_from_the_parent_deck() -> None:
    stale = card(None, card_id=1700, custom_key=10, face_url="http://stale/00000.png")
    deck = {"Name": "Deck", "GUID": "dddddd", "Transform": {"posX": 0}, "DeckIDs": [1700], "ContainedObjects": [stale],
            "CustomDeck": {"17": {"FaceURL": "https://thronesdb.com/bundles/cards/01045.png", "NumWidth": 1,
                                  "NumHeight": 1}}}
    w = walk(save(deck))
    assert w.cards[0].face_url == "https://thronesdb.com/bundles/cards/01045.png"


def test_shadows_zone_with_positions_identities_and_tokens(lookup: CardLookup) -> None:
    doc = save(
        zone("Shadows: Red", x=0, z=-10),
        card("13089", x=2, z=-10, guid="c00002"),
        card("11099", x=-3, z=-10, guid="c00001"),
        token("Gold", 2.3, -10.4), token("Shadow token", 2.0, -9.5), token("Gold", 9, 9),
        zone("Dead: Red", x=20, z=-10),
        card("01089", x=20, z=-10, face_down=False, guid="c00003"),
        hands=[{"Color": "Red", "Transform": {"posX": 0, "posZ": -30, "scaleX": 20, "scaleY": 5, "scaleZ": 5}}],
    )
    doc["ObjectStates"].append(card("01091", x=1, z=-30, guid="c00004"))
    report = import_save(doc, lookup)
    red = report["players"]["Red"]
    assert [(e["position"], e["code"]) for e in red["shadows"]] == [(1, "11099"), (2, "13089")]
    assert red["shadows"][1]["tokens"] == {"gold": 1, "shadow": 1}
    assert red["shadows"][0]["tokens"] == {}
    assert [e["code"] for e in red["dead"]] == ["01089"] and red["hand"] == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty"),
        (b"not json at all", "not valid JSON"),
        (b'{"SaveName": "x", "ObjectStates": [{"Name": "Card"', "truncated"),
        ((30).to_bytes(4, "little") + b"\x03ObjectStates\x00" + b"\x00" * 12, "BSON"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b'{"hello": "world"}', "not a TTS save"),
    ],
)
def test_bad_files_get_clear_messages(data: bytes, message: str, lookup: CardLookup) -> None:
    with pytest.raises(TtsError, match=message):
        import_save(data, lookup, "x.json")


def test_unknown_object_kinds_are_counted_not_fatal(lookup: CardLookup) -> None:
    report = import_save(save({"Name": "Mystery_Thing", "GUID": "m", "Transform": "broken"}, card("01045")), lookup)
    assert report["counts"]["objects"] == 2 and report["counts"]["identified"] == 1


def test_a_100_mb_save_imports(tmp_path: Path, lookup: CardLookup) -> None:
    script = "-- " + "x" * (2 * 1024 * 1024)
    doc = save(*[{**card("01045", guid=f"{i:06x}"), "LuaScript": script} for i in range(50)])
    raw = json.dumps(doc).encode()
    assert len(raw) > 100 * 1024 * 1024
    report = import_save(raw, lookup, "big.json")
    assert report["counts"]["cards"] == 50 and report["counts"]["identified"] == 50


def test_parse_accepts_a_bom() -> None:
    assert parse_bytes(b"\xef\xbb\xbf" + json.dumps(save()).encode())["SaveName"] == "AGoT test"  # type: ignore[index]


def test_image_urls_of_thronesdb_throneteki_and_ffg_name_their_card(lookup: CardLookup) -> None:
    urls = {
        "https://lcg-cdn.fantasyflightgames.com/got2nd/GT01_47.jpg": "01047",
        "http://lcg-cdn.fantasyflightgames.com/got2nd/GT01_205B.jpg": "01205",
        "https://thronesdb.com/images/cards/GT01_1.jpg": "01001",
        "https://thronesdb.com/bundles/cards/13089.png": "13089",
        "https://throneteki.ams3.cdn.digitaloceanspaces.com/packs/AHaH/1%20-%20Jon%20Arryn.png": "23001",
        "https://throneteki.ams3.cdn.digitaloceanspaces.com/packs/WoW/21_Red_Keep_Servant.png?v=2": "26021",
    }
    assert {u: lookup.from_image(u) for u in urls} == urls
    assert lookup.from_image("https://steamusercontent.com/ugc/1234/ABCDEF/") is None


def _shadow_cards() -> list[Card]:
    return [c for c in shipped_cards() if c.edition == "2e" and c.has_shadow]


def test_every_2e_shadow_card_named_by_nickname_and_pack_resolves_to_its_printing(lookup: CardLookup) -> None:
    cards = _shadow_cards()
    assert len(cards) == 200
    # Nickname + Description (pack name), in a 2nd-edition game: the pack name "City of Secrets" is also
    # a 1st-edition set, so the game's edition settles that one.
    by_pack_name = [c.code for c in cards if identify_by_name(c.name, c.pack_name, lookup, "2e").code == c.code]
    assert len(by_pack_name) == 200
    # "Name (PACK)" nicknames and pack codes need no edition at all.
    assert sum(identify_by_name(f"{c.name} ({c.pack})", "", lookup).code == c.code for c in cards) == 200
    assert sum(identify_by_name(c.name, c.pack, lookup).code == c.code for c in cards) == 200


def test_every_2e_shadow_card_by_name_alone_is_settled_by_the_seats_deck(lookup: CardLookup) -> None:
    """The seat's loaded deck holds one printing of a title: 200 of 200 Shadow cards by their name alone
    (without the deck, 100 of them fit several printings)."""
    cards = _shadow_cards()
    # Each card in a deck with other cards (a deck holds one printing of a title).
    settled = [c for c in cards if identify_by_name(c.name, "", lookup, "2e", deck={c.code, "01001", "01045"}).code
               == c.code]
    assert len(settled) == 200
    # Without the deck the catalogue by edition, and only with the printing named.
    assert sum(identify_by_name(c.name, "", lookup, "2e").code == c.code for c in cards) == 0


def test_names_alone_are_never_guessed_and_list_their_candidates(lookup: CardLookup) -> None:
    for c in _shadow_cards():
        printings = lookup.by_title[c.title_key]
        ident = identify_by_name(c.name, "", lookup)
        if len(printings) == 1:  # a title, but no sign it is an AGoT card: the candidate, not an identification
            assert ident.code is None and ident.candidates == [c.code] and "nothing says" in ident.reason
        else:
            assert ident.code is None and sorted(ident.candidates) == sorted(p.code for p in printings)
            assert f"fits {len(printings)} printings" in ident.reason
    tyrion = identify_by_name("Tyrion Lannister", "", lookup)
    assert tyrion.code is None and {"01089", "13089"} <= set(tyrion.candidates)
    assert identify_by_name("Tyrion Lannister", "The Blood of Dragons", lookup).code != "01089"


def test_tokens_and_zones_are_looked_up_near_each_card_not_across_the_table(lookup: CardLookup,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.bench.tts import synthetic_save
    from companion.tts import importer

    seen = {"candidates": 0}
    spend = importer.Clock.spend

    def counting(self: importer.Clock, checks: int) -> None:  # every zone and token a card is tested against
        seen["candidates"] += checks
        spend(self, checks)

    monkeypatch.setattr(importer.Clock, "spend", counting)
    for cards in (500, 2000):
        seen["candidates"] = 0
        report = import_save(synthetic_save(cards), lookup)
        shadows = report["players"]["Red"]["shadows"]
        assert len(shadows) == cards and all(e["tokens"] == {"gold": 1} for e in shadows)
        # Each card looks at its zone and the few tokens around it: linear, not cards × tokens.
        assert cards <= seen["candidates"] <= 6 * cards


def test_a_save_over_budget_is_refused_with_a_code(lookup: CardLookup) -> None:
    from companion.bench.tts import synthetic_save
    from companion.tts.save import Budget, TtsTooLarge

    data = synthetic_save(1500)
    cases = [(Budget(max_bytes=1000), "too_large", 413), (Budget(max_objects=100), "too_many", 422),
             (Budget(max_seconds=0.0), "too_slow", 422)]
    for budget, code, status in cases:
        with pytest.raises(TtsTooLarge) as caught:
            import_save(data, lookup, "big.json", budget=budget)
        assert (caught.value.code, caught.value.status) == (code, status)
    # Everything piled on one spot defeats any index: the number of position tests is capped too.
    pile = [zone("Shadows: Red")] + [card("01045", guid=f"{i:06x}") for i in range(1500)] + \
        [token("Gold", 0, 0) for _ in range(1500)]
    with pytest.raises(TtsTooLarge) as piled:
        import_save(save(*pile), lookup, budget=Budget(max_checks=100_000))
    assert piled.value.code == "too_many" and "same spots" in str(piled.value)
    nested: dict = card("01045")
    for _ in range(100):
        nested = {"Name": "Bag", "ContainedObjects": [nested]}
    with pytest.raises(TtsTooLarge) as deep:
        import_save(save(nested), lookup)
    assert deep.value.code == "too_deep"
    with pytest.raises(TtsTooLarge):
        import_save(b"[" * 100_000 + b"]" * 100_000, lookup)


def test_the_upload_route_answers_413_and_422(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from companion.bench.tts import synthetic_save
    from companion.tts.save import Budget
    from companion.web import create_app, tts_api

    client = create_app({"DATABASE": str(tmp_path / "games.db")}).test_client()
    data = synthetic_save(300)
    monkeypatch.setattr(tts_api, "UPLOAD_BUDGET", Budget(max_bytes=1000))
    r = client.post("/api/tts/import", data=data)
    assert r.status_code == 413 and r.get_json()["error"]["code"] == "save_too_large"
    monkeypatch.setattr(tts_api, "UPLOAD_BUDGET", Budget(max_objects=50))
    r = client.post("/api/tts/import", data=data)
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "save_too_many"
    monkeypatch.setattr(tts_api, "UPLOAD_BUDGET", Budget())
    r = client.post("/api/tts/import", data=b"[" * 50_000 + b"]" * 50_000)
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "save_too_deep"


def test_an_exported_deck_reads_back_by_gmnotes_image_and_name_alone(catalog: Catalog, lookup: CardLookup) -> None:
    from companion.catalog.decks import Deck
    from companion.tts.deck import DEFAULT_BACK, saved_object

    shadow = [c.code for c in catalog.all("2e") if c.has_shadow][:40]
    deck = Deck(name="Shadows", edition="2e", draw=dict.fromkeys(shadow, 1))
    obj = saved_object(deck, catalog.cards(set(shadow)))
    [pile] = obj["ObjectStates"]
    assert all(c["BackURL"] == DEFAULT_BACK for c in pile["CustomDeck"].values())
    assert all(json.loads(c["GMNotes"])["id"] == json.loads(c["GMNotes"])["code"] for c in pile["ContainedObjects"])
    assert {import_save(obj, lookup)["identified_by"]["gmnotes"]} == {40}
    # Without GMNotes the image URL the catalog ships names the card; without that, Nickname + Description.
    for c in pile["ContainedObjects"]:
        c["GMNotes"] = ""
    assert import_save(obj, lookup)["identified_by"] == {"image": 40}
    for key in pile["CustomDeck"]:
        pile["CustomDeck"][key]["FaceURL"] = "https://steamusercontent.com/ugc/1/2/"
    for c in pile["ContainedObjects"]:
        c.pop("CustomDeck")
    report = import_save(obj, lookup)
    assert report["identified_by"] == {"name": 40} and report["counts"]["unidentified"] == 0


def test_zone_names_modders_give_map_to_areas_as_the_helper_reads_them() -> None:
    from companion.tts.save import zone_label

    assert zone_label("Red discard pile") == ("discard", "Red")
    assert zone_label("Dead pile (Blue)") == ("dead", "Blue")
    assert zone_label("Green Shadows") == ("shadows", "Green")
    assert zone_label("Shadows: Red") == ("shadows", "Red")
    assert zone_label("Redwood deck") is None and zone_label("Discard") is None


def test_no_card_of_another_game_is_taken_for_an_agot_card(lookup: CardLookup) -> None:
    """Every real save in shared/data/tts is another game (Marvel Champions, Arkham Horror's SCED, Spirit
    Island, Sleeping Gods, Terraforming Mars, Coinche): none of their 2,126 cards is identified. Before, titles
    alone ("Hero", "Conquest", "Famine") and SCED's {"id": …} made 13 false identifications."""
    need_shared()
    identified: dict[str, int] = {}
    for path in sorted((DATA / "tts").glob("*.json")):
        if path.name == "MANIFEST.json":
            continue
        report = import_save(path.read_bytes(), lookup, path.name)
        identified[path.name] = report["counts"]["identified"]
    assert sum(identified.values()) == 0, identified
    # A title that fits is said (with its candidate), not taken.
    hero = identify_by_name("Hero", "", lookup)
    assert hero.code is None and hero.candidates


def test_an_over_long_integer_is_refused_and_long_digit_runs_in_text_are_read() -> None:
    """The parse skips safejson's per-integer check only where no integer could be too long."""
    from companion import safejson

    fine = "9" * safejson.MAX_DIGITS
    assert parse_bytes(json.dumps(save(card("01045") | {"CardID": int(fine)})).encode())["ObjectStates"][0][
        "CardID"] == int(fine)
    with pytest.raises(TtsError, match=f"{safejson.MAX_DIGITS + 1} digits"):
        parse_bytes(json.dumps(save(card("01045") | {"CardID": int(fine + "9")})).encode())
    with pytest.raises(TtsError, match="digits"):
        parse_bytes(b'{"SaveName": "x", "ObjectStates": [], "n": -' + b"1" * 40 + b"}")
    # A long run of digits inside a string (a Lua script's table, a hash) is text, not a number.
    text = "7" * 200
    assert parse_bytes(json.dumps(save(card("01045") | {"LuaScript": text})).encode())["ObjectStates"][0][
        "LuaScript"] == text


@pytest.mark.parametrize("name", REAL)
def test_a_real_save_parses_into_exactly_what_json_loads_gives(name: str) -> None:
    """The import reads JSON with msgspec where it can: the same values, float for float, as json.loads."""
    need_shared()
    data = (DATA / "tts" / name).read_bytes()
    want = json.loads(data.decode("utf-8-sig"))
    got = parse_bytes(data)
    assert got == want
    assert json.dumps(got) == json.dumps(want)  # (== takes 0.0 for -0.0; the text tells them apart)


def test_what_msgspec_refuses_reads_as_json_loads_reads_it() -> None:
    for text, value in ((b'{"ObjectStates": [], "x": NaN}', "nan"), (b'{"ObjectStates": [], "x": 1e400}', "inf"),
                        (b'{"ObjectStates": [], "x": -Infinity}', "-inf")):
        assert str(parse_bytes(text)["x"]) == value  # type: ignore[call-overload]
    assert parse_bytes(b'{"ObjectStates": [], "x": "\\ud800"}')["x"] == "\ud800"  # type: ignore[call-overload]
    with pytest.raises(TtsError, match="not valid JSON: Expecting value at line 2, column 10"):
        parse_bytes(b'{"a": 1,\n "b": [1,,2], "ObjectStates": []}')
    with pytest.raises(TtsError, match="truncated"):
        parse_bytes(b'{"ObjectStates": [{"Name": "Card"')
