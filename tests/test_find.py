"""The phone's card search (GET /api/games/ID/find): the forgiving matcher of `companion cards search`, rows
that tell copies apart, the likely card first, a hint when nothing fits, and nothing hidden found."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.bench.search import bench_table, misspell, misspellings, substring_find
from companion.catalog.card import fold
from companion.catalog.store import Catalog
from companion.rules.find import find_cards
from companion.rules.roles import Role

TYRION, CERSEI, PENNY, RED_KEEP, MONEYLENDER = "13089", "01084", "11029", "01061", "01093"


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture()
def game(client: FlaskClient) -> dict[str, Any]:
    """A holds Tyrion, Cersei, three Pennys and The Red Keep; B holds two Moneylenders and a Tyrion."""
    seats = [{"seat": "A", "name": "Jana"}, {"seat": "B", "name": "Tom"}]
    g = client.post("/api/games", json={"seats": seats}).get_json()
    gid = g["game"]["id"]
    keys = {"A": g["seats"][0]["key"], "B": g["seats"][1]["key"]}
    decks = {"A": {TYRION: 1, CERSEI: 1, PENNY: 3, RED_KEEP: 1}, "B": {MONEYLENDER: 2, "01089": 1}}
    for n, seat in enumerate(("A", "B")):
        r = client.put(f"/api/games/{gid}/seats/{seat}/deck", json={"expected_version": n, "deck": decks[seat]},
                       headers=auth(keys[seat]))
        assert r.status_code == 200, r.get_json()
    version = 2
    for seat, action in (("A", {"type": "setup_into_shadows", "player": "A", "card": f"A.{PENNY}.2"}),
                         ("B", {"type": "setup_place", "player": "B", "card": f"B.{MONEYLENDER}.1"})):
        r = client.post(f"/api/games/{gid}/actions", json={"action": action, "expected_version": version},
                        headers=auth(keys[seat]))
        assert r.status_code == 201, r.get_json()
        version = r.get_json()["version"]
    return {"id": gid, "keys": keys}


def find(client: FlaskClient, game: dict[str, Any], seat: str, q: str, **extra: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game['id']}/find", query_string={"q": q, **extra}, headers=auth(game["keys"][seat]))
    assert r.status_code == 200, r.get_json()
    out: dict[str, Any] = r.get_json()
    return out


@pytest.mark.parametrize(("typed", "name"), [
    ("cersi", "Cersei Lannister"), ("tyrian", "Tyrion Lannister"), ("Tyrion Lanister", "Tyrion Lannister"),
    ("TYRION", "Tyrion Lannister"), ("red keep", "The Red Keep"), ("tyr lann", "Tyrion Lannister"),
    ("Pény", "Penny"), ("pneny", "Penny"),
])
def test_typos_accents_partial_words_and_a_missing_the_find_the_card(
        client: FlaskClient, game: dict[str, Any], typed: str, name: str) -> None:
    rows = find(client, game, "A", typed)["cards"]
    assert rows and rows[0]["name"] == name


def test_each_row_names_its_copy_and_zone_so_no_two_rows_are_alike(client: FlaskClient, game: dict[str, Any]) -> None:
    rows = find(client, game, "A", "penny")["cards"]
    assert [(r["copy"], r["zone"]) for r in rows] == [(1, "deck"), (3, "deck"), (2, "shadows")]  # setup: hand first
    assert rows[2]["position"] == 1
    assert len({(r["owner"], r["copy"], r["zone"]) for r in rows}) == len(rows)


def test_the_zone_the_action_needs_comes_first(client: FlaskClient, game: dict[str, Any]) -> None:
    rows = find(client, game, "A", "penny", **{"for": "bring_out"})["cards"]
    assert rows[0]["id"] == f"A.{PENNY}.2" and rows[0]["zone"] == "shadows"
    # Tyrion: A's own copy in its deck first; B's copy is in B's deck, hidden from A.
    rows = find(client, game, "A", "tyrion")["cards"]
    assert [r["owner"] for r in rows] == ["A"]


def test_an_unknown_action_for_ranking_is_a_400_naming_the_field(client: FlaskClient, game: dict[str, Any]) -> None:
    r = client.get(f"/api/games/{game['id']}/find?q=penny&for=dance", headers=auth(game["keys"]["A"]))
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "bad_for"


def test_nothing_found_says_what_the_catalogue_knows_and_never_a_hidden_card(
        client: FlaskClient, game: dict[str, Any]) -> None:
    # B cannot see A's Tyrion, Cersei or Pennys: no row, and the hint is the catalogue's alone.
    out = find(client, game, "B", "cersi")
    assert out["cards"] == [] and out["catalogue"][0] == "Cersei Lannister"
    out = find(client, game, "B", "penny")
    assert out["cards"] == []
    # B's own cards and A's public ones are found.
    assert [r["id"] for r in find(client, game, "A", "moneylender")["cards"]] == [f"B.{MONEYLENDER}.1"]
    assert {r["owner"] for r in find(client, game, "B", "tyrion")["cards"]} == {"B"}
    assert find(client, game, "A", "zzqxj")["catalogue"] == []


def test_200_misspelt_real_card_names_find_their_card_first(catalog: Catalog) -> None:
    t = bench_table(catalog, seed=7)
    viewer = Role.of_seat("A")
    pairs = misspellings(t, viewer, 200, seed=7)
    assert len({q for q, _ in pairs}) > 100  # many different slips, not one repeated
    hits = [bool(rows) and fold(rows[0]["name"]) == fold(name)
            for query, name in pairs for rows in [find_cards(t, viewer, query)]]
    assert sum(hits) / len(hits) >= 0.95
    # The plain substring scan it replaces finds far fewer: the test can tell them apart.
    base = [bool(rows) and fold(rows[0]["name"]) == fold(name)
            for query, name in pairs for rows in [substring_find(t, viewer, query)]]
    assert sum(base) < sum(hits) - 50


def test_a_misspelling_is_a_real_slip() -> None:
    import random

    rng = random.Random(3)
    slips = {misspell("The Imp's Agent", rng) for _ in range(40)}
    assert "Imp's Agent" in slips and any(len(s) == len("The Imp's Agent") - 1 for s in slips)
    assert misspell("Ghiscari Élite", random.Random(1)) != "Ghiscari Élite"
