"""Actions declare what they show (issue 33, item 3), and the entry's seal reads it: a hand card revealed to the
table is named to everyone; shown to one seat, to that seat alone; a face-down card one seat looks at by a card
effect (its owner confirms), to the two of them. Everyone else reads the card's position, in the log and its
export, whichever card it is (the permutation property: two worlds that differ only in the card shown answer a
third party the same)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.web import create_app

A_CARDS = ("01091", "01094")  # Burned Men, Lannisport Merchant: which of the two lies where is what differs


def auth(key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"} if key else {}


def world(tmp: Any, first: str, second: str) -> tuple[FlaskClient, dict[str, Any]]:
    client = create_app({"DATABASE": str(tmp / "games.db"), "TESTING": True}).test_client()
    g = client.post("/api/games", json={"seats": ["A", "B", "C"], "judge": True}).get_json()
    gid = g["game"]["id"]
    keys = {"A": g["seats"][0]["key"], "B": g["seats"][1]["key"], "C": g["seats"][2]["key"]}
    for version, (seat, deck) in enumerate((("A", {first: 1, second: 1}), ("B", {"01003": 1}), ("C", {"01003": 1}))):
        r = client.put(f"/api/games/{gid}/seats/{seat}/deck", headers=auth(keys[seat]),
                       json={"expected_version": version, "deck": deck})
        assert r.status_code == 200, r.get_json()
    g["keys"] = keys
    return client, g


def act(client: FlaskClient, g: dict[str, Any], seat: str, action: dict[str, Any], status: int = 201) -> Any:
    gid = g["game"]["id"]
    version = client.get(f"/api/games/{gid}").get_json()["version"]
    r = client.post(f"/api/games/{gid}/actions", headers=auth(g["keys"][seat]),
                    json={"action": action, "expected_version": version})
    assert r.status_code == status, r.get_json()
    return r.get_json()


def log_text(client: FlaskClient, g: dict[str, Any], key: str | None) -> str:
    entries = client.get(f"/api/games/{g['game']['id']}/log", headers=auth(key)).get_json()["entries"]
    # A request's pending id is random per run; everything else must not depend on which card was named.
    return json.dumps([{k: v for k, v in e.items() if k not in ("at", "hash", "prev_hash")} for e in entries],
                      sort_keys=True, default=str).replace(pending_id(entries), "PENDING")


def pending_id(entries: list[dict[str, Any]]) -> str:
    found = re.search(r'"pending": "([^"]+)"', json.dumps(entries))
    return found.group(1) if found else "\x00none"


def play_the_reveals(client: FlaskClient, g: dict[str, Any], shown: str, to_b: str) -> None:
    """A puts ``shown`` and ``to_b`` in hand (named draws in setup), reveals ``shown`` to everyone and ``to_b`` to B
    alone; A puts ``to_b`` into shadows; B looks at it there by a card effect, and A confirms."""
    for card in (shown, to_b):
        act(client, g, "A", {"type": "draw", "player": "A", "card": f"A.{card}.1"})
    act(client, g, "A", {"type": "reveal", "player": "A", "cards": [f"A.{shown}.1"]})
    act(client, g, "A", {"type": "reveal", "player": "A", "cards": [f"A.{to_b}.1"], "to": "B"})
    act(client, g, "A", {"type": "put_into_shadows", "player": "A", "card": f"A.{to_b}.1"})
    answer = act(client, g, "B", {"type": "look_at", "player": "B", "card": "A:shadows#1"}, status=202)
    r = client.post(f"/api/games/{g['game']['id']}/pending/{answer['pending']['id']}", headers=auth(g["keys"]["A"]),
                    json={"decision": "confirm", "expected_version": answer["version"]})
    assert r.status_code in (200, 201), r.get_json()


@pytest.mark.parametrize("shown", A_CARDS)
def test_a_card_revealed_to_the_table_is_named_to_everyone_and_one_shown_to_a_seat_to_it_alone(
        tmp_path: Any, shown: str) -> None:
    to_b = next(c for c in A_CARDS if c != shown)
    client, g = world(tmp_path, *A_CARDS)
    play_the_reveals(client, g, shown, to_b)
    names = {"01091": "Burned Men", "01094": "Lannisport Merchant"}
    for who, key in (("B", g["keys"]["B"]), ("C", g["keys"]["C"]), ("spectator", None)):
        text = log_text(client, g, key)
        assert f"A.{shown}.1" in text  # revealed to the table: named to everyone
        # Shown to B (and looked at by B): B reads it; C and a spectator read its place only.
        assert (f"A.{to_b}.1" in text) is (who == "B"), who
    assert names[to_b] not in client.get(f"/api/games/{g['game']['id']}/view").get_data(as_text=True)


def test_what_a_third_party_reads_is_the_same_whichever_card_was_shown_to_b(tmp_path: Any) -> None:
    """The permutation property: two worlds that differ only in the card A showed B alone (and B then looked at in
    A's shadows): C and a spectator read the same log, byte for byte."""
    seen = []
    for second in ("01094", "01092"):
        (tmp_path / second).mkdir()
        client, g = world(tmp_path / second, "01091", second)
        play_the_reveals(client, g, "01091", second)
        seen.append([log_text(client, g, g["keys"]["C"]), log_text(client, g, None)])
    assert seen[0] == seen[1]


def test_a_seat_reveals_only_its_own_hidden_cards_and_looks_only_at_face_down_ones(tmp_path: Any) -> None:
    """RR: Reveal / RR: Look: another seat's card is not A's to reveal, nor is a card face up in play anyone's to
    look at; impossible, so refused in every mode, the answer naming the rule."""
    client, g = world(tmp_path, *A_CARDS)
    act(client, g, "A", {"type": "draw", "player": "A", "card": "A.01091.1"})
    # Another seat's hidden card is not even found for A: naming it answers as for a card that is not there.
    act(client, g, "A", {"type": "reveal", "player": "A", "cards": ["B.01003.1"]}, status=404)
    act(client, g, "A", {"type": "put_into_play", "player": "A", "card": "A.01091.1"})
    refused = act(client, g, "A", {"type": "reveal", "player": "A", "cards": ["A.01091.1"]}, status=422)
    assert "reveal.not-own" in json.dumps(refused)
    refused = act(client, g, "B", {"type": "look_at", "player": "B", "card": "A.01091.1"}, status=422)
    assert "look.not-hidden" in json.dumps(refused)
