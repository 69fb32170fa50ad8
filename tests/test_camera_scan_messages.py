"""What the phone is told about a label it cannot name, over the real API: a player whose deck was loaded without
the tag printed on its labels is told so when she shows the camera her own card (before, she read "not a card you
can see at this table" for a card in her hand); anyone else still gets one answer for every label they may not
see (tests/test_scan.py::test_codes_map_to_instances_with_statuses)."""

from __future__ import annotations

import random
from typing import Any

from flask.testing import FlaskClient

from companion.bench.scan import synthetic_frame
from companion.scan.labels import Label
from companion.scan.render import label_image


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def photo(*labels: Label) -> bytes:
    payloads = [label.payload() for label in labels]
    data, _ = synthetic_frame(random.Random(4), [(p, label_image(p)) for p in payloads], 1280, 720)
    return data


def game(client: FlaskClient, tag_a: str | None, tag_b: str | None) -> dict[str, Any]:
    g = client.post("/api/games", json={"seats": [{"seat": "A", "name": "Alice"}, {"seat": "B", "name": "Bob"}]})
    g = g.get_json()
    gid = g["game"]["id"]
    for n, (seat, key, deck, tag) in enumerate((("A", g["seats"][0]["key"], {"13089": 1}, tag_a),
                                                ("B", g["seats"][1]["key"], {"13089": 1, "01091": 1}, tag_b))):
        body = {"expected_version": n, "deck": deck, **({"tag": tag} if tag else {})}
        assert client.put(f"/api/games/{gid}/seats/{seat}/deck", json=body, headers=auth(key)).status_code == 200
    return g


def scan(client: FlaskClient, g: dict[str, Any], key: str, image: bytes) -> list[dict[str, Any]]:
    r = client.post(f"/api/scan?game={g['game']['id']}&titles=0", data=image, content_type="image/jpeg",
                    headers=auth(key))
    assert r.status_code == 200, r.get_json()
    return sorted(r.get_json()["codes"], key=lambda c: c["text"])


def test_her_own_card_with_a_tag_her_deck_was_loaded_without_says_so(client: FlaskClient) -> None:
    g = game(client, None, "BBB")  # Alice forgot to give the tag on her sleeves when she loaded her deck
    ka, kb = g["seats"][0]["key"], g["seats"][1]["key"]
    image = photo(Label("2e", "13089", "AAA", 1))
    [alice] = scan(client, g, ka, image)
    assert alice["status"] == "other-table" and "AAA" in alice["message"] and "card" not in alice
    [bob] = scan(client, g, kb, image)  # not Bob's deck: the one answer for a label he may not see
    assert bob["status"] == "unseen" and "AAA" not in bob["message"]


def test_a_seat_whose_deck_has_its_tag_still_gets_one_answer_for_a_foreign_tag(client: FlaskClient) -> None:
    g = game(client, "AAA", "BBB")
    ka = g["seats"][0]["key"]
    # Bob's hidden card and a card of a deck that is at no table here answer alike for Alice: no oracle.
    rows = scan(client, g, ka, photo(Label("2e", "01091", "BBB", 1), Label("2e", "13089", "ZZZ", 1)))
    assert [r["status"] for r in rows] == ["unseen", "unseen"]
    assert {k: v for k, v in rows[0].items() if k not in ("text", "label", "position", "corners")} == \
           {k: v for k, v in rows[1].items() if k not in ("text", "label", "position", "corners")}
