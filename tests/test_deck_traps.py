"""Traps when loading a deck: a pack name that is not the card's is a warning (never a silent other printing),
and one deck count everywhere (the command line, the log, the phone) with the deck's name."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from flask.testing import FlaskClient

from companion.catalog.decks import parse_deck
from companion.catalog.store import Catalog

LIST = "Jana's shadows\n\nHouse Lannister\n1x Tyrion Lannister (Blackwatr)\n2x Penny (The March on Winterfell)\n"


def test_a_pack_name_the_card_was_never_printed_in_is_a_warning_naming_every_printing(catalog: Catalog) -> None:
    # A typo in the pack: the close printing (the Shadow one), and the player is told.
    deck = parse_deck("d", LIST, catalog)
    assert deck.draw == {"13089": 1, "11029": 2}
    [warning] = deck.warnings
    assert warning.line == 4 and "The Blackwater (13089, Shadow (5))" in warning.message
    assert "Core Set (01089, no Shadow)" in warning.message and "Schatten (5)" in warning.de
    # A pack that fits no printing: the regular one is taken, never silently, with each printing's Shadow.
    deck = parse_deck("d", "1x Tyrion Lannister (Kings of the Isles)\n", catalog)
    assert deck.draw == {"01089": 1}
    assert "took Core Set (01089, no Shadow)" in deck.warnings[0].message
    assert "The Blackwater (13089, Shadow (5))" in deck.warnings[0].message
    # The printed pack: no warning.
    assert parse_deck("d", "1x Tyrion Lannister (The Blackwater)\n", catalog).warnings == []


def test_one_deck_count_everywhere_and_the_deck_name_for_its_owner_only(client: FlaskClient, tmp_path: Path) -> None:
    g = client.post("/api/games", json={"seats": ["A", "B"]}).get_json()
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    plots = "".join(f"1x {name} (Core Set)\n" for name in (
        "A Noble Cause", "A Clash of Kings", "Confiscation", "Counting Coppers", "Filthy Accusations",
        "Jousting Contest", "Marched to the Wall"))
    text = LIST + plots + "1x Ser Jaime Lannister (Core Set)\n"
    r = client.put(f"/api/games/{gid}/seats/A/deck", json={"expected_version": 0, "text": text},
                   headers={"Authorization": f"Bearer {ka}"})
    assert r.status_code == 200, r.get_json()
    answer = r.get_json()
    assert (answer["draw"], answer["plots"]) == (4, 7)
    assert answer["warnings"][0]["rule"] == "pack-name" and "Blackwatr" in answer["warnings"][0]["message"]["de"]
    own = client.get(f"/api/games/{gid}/log", headers={"Authorization": f"Bearer {ka}"}).get_json()["entries"][0]
    other = client.get(f"/api/games/{gid}/log", headers={"Authorization": f"Bearer {kb}"}).get_json()["entries"][0]
    assert (own["data"]["draw"], own["data"]["plots"], own["data"]["name"]) == (4, 7, "Jana's shadows")
    assert (other["data"]["draw"], other["data"]["plots"]) == (4, 7) and "name" not in other["data"]
    view = client.get(f"/api/games/{gid}/view", headers={"Authorization": f"Bearer {ka}"}).get_json()
    assert view["players"][0]["deck"]["count"] == 4  # the phone's "cards in the draw deck"
    deck_file = tmp_path / "deck.txt"
    deck_file.write_text(text)
    shown = subprocess.run([sys.executable, "-m", "companion", "deck", "show", str(deck_file)],
                           capture_output=True, text=True, timeout=120)
    assert "4 cards in the draw deck, 7 plots" in shown.stdout and "Blackwatr" in shown.stderr
