"""The permutation property of tests/test_trust.py, for the camera: a photo of the table (the labels of seat A's two
hidden cards and of B's own, in sleeves, tilted, under glare) posted as each non-owner would post it, as a still
(``POST /api/scan?game=``, labels and titles) and as a live camera frame (``?titles=0``, labels only). What comes
back must be byte for byte the same whichever of A's hidden cards is which, and name neither."""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings

from tests.test_trust import (
    MOVES,
    OPEN,
    SEAT_NAMES,
    Deterministic,
    P,
    Q,
    auth,
    deterministic,
    normalise,
    permuted_worlds,
)

__all__ = ["deterministic"]  # the fixture, used by name below

_PHOTO: list[bytes] = []


def table_photo() -> bytes:
    """A phone's photo of the table: A's Tyrion and Imp's Agent (copy 1 each) beside B's Moneylender (copy 1),
    their labels as ``companion labels`` prints them (no deck tag was given: each copy has one possible owner)."""
    if not _PHOTO:
        from companion.bench.scan import synthetic_frame
        from companion.scan.labels import Label
        from companion.scan.render import label_image

        payloads = [Label("2e", code, "TAB", 1).payload() for code in (P, Q, OPEN)]
        photo, _ = synthetic_frame(random.Random(3), [(p, label_image(p)) for p in payloads], 1280, 720)
        _PHOTO.append(photo)
    return _PHOTO[0]


def scans(client: FlaskClient, w: dict[str, Any]) -> list[str]:
    """What each non-owner gets for the table's photo, as a still and as a live frame."""
    out = []
    for who in ("B", "host", "table", None):
        key = w["keys"][who] if who else None
        for query in ("&titles=0", ""):
            if who != "B" and query == "":
                continue  # the still's title reading answers the same way; once (for B) is enough for its cost
            r = client.post(f"/api/scan?game={w['id']}{query}", data=table_photo(), content_type="image/jpeg",
                            headers=auth(key))
            assert r.status_code < 500, r.get_data(as_text=True)
            text = r.get_data(as_text=True)
            # Where the labels lie in the photo and the title reader's own words are the same in both worlds too:
            # compared as they are. Only the head hash is normalised (tests/test_trust.py says why).
            out.append(f"{who} {query} {r.status_code} {normalise(text)}")
    return out


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=MOVES, seats=SEAT_NAMES)
def test_a_photo_of_the_table_tells_a_non_owner_nothing_of_which_hidden_card_is_which(
        tmp_path_factory: pytest.TempPathFactory, deterministic: Deterministic,
        moves: list[tuple[str, dict[str, Any]]], seats: tuple[str, str]) -> None:
    outputs = [scans(client, w) for client, w, _ in permuted_worlds(tmp_path_factory, deterministic, seats, moves)]
    for x, y in zip(outputs[0], outputs[1], strict=True):
        assert x == y, f"a photo tells the worlds apart:\n{x[:600]}\n{y[:600]}"
    text = "\n".join(outputs[0])
    b_live = outputs[0][0]
    assert '"status":"unseen"' in b_live and "Lannisport Moneylender" in b_live  # B's own card is read, A's not named
    assert "Tyrion Lannister" not in text and "Imp's Agent" not in text and "Imp\\u0027s Agent" not in text
    assert not re.search(r'"card":\{"code":"(13089|00168)', text)


# -- whatever lies behind a label's tag ---------------------------------------------------------------------

_TAGGED: list[bytes] = []


def tagged_photo() -> bytes:
    """A photo of three labelled cards: A's Tyrion and Imp's Agent printed with deck tag TAB, B's Moneylender with
    B's tag BBB (a still reads titles too: of the cards that carry no label, none here)."""
    if not _TAGGED:
        from companion.bench.scan import synthetic_frame
        from companion.scan.labels import Label
        from companion.scan.render import label_image

        payloads = [Label("2e", P, "TAB", 1).payload(), Label("2e", Q, "TAB", 1).payload(),
                    Label("2e", OPEN, "BBB", 1).payload()]
        photo, _ = synthetic_frame(random.Random(5), [(p, label_image(p)) for p in payloads], 1280, 720)
        _TAGGED.append(photo)
    return _TAGGED[0]


#: What lies behind the photo's TAB labels, world by world: A's deck loaded with that tag (its cards hidden in A's
#: deck and hand), A's deck loaded with another tag (TAB is no deck at this table), and A's deck loaded with TAB
#: without Tyrion (the label names a card in no deck).
TAG_WORLDS = {"registered, hidden": ({P: 1, Q: 1}, "TAB"), "unregistered": ({P: 1, Q: 1}, "XYZ"),
              "card in no deck": ({Q: 1, "01088": 1}, "TAB")}


def tag_world_answers(tmp_path_factory: pytest.TempPathFactory, deterministic: Deterministic, deck: dict[str, int],
                      tag: str, moves: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """B's and a spectator's answers to the photo, as a still (labels and titles) and a live frame (labels only)."""
    from tests.test_trust import play, world

    deterministic.n = itertools.count(1)
    client, w = world(tmp_path_factory.mktemp("w"), ("A", "B"), deck, (tag, "BBB"))
    hidden = sorted(c for c in deck if c != OPEN)
    play(client, w, moves, {"h1": f"A.{hidden[0]}.1", "h2": f"A.{hidden[-1]}.1"})
    out = []
    for who in ("B", None):  # a spectator may not scan at a table: refused alike
        for query in ("", "&titles=0", "&titles=1"):
            r = client.post(f"/api/scan?game={w['id']}{query}", data=tagged_photo(), content_type="image/jpeg",
                            headers=auth(w["keys"][who] if who else None))
            assert r.status_code == (200 if who else 403), r.get_data(as_text=True)
            out.append(f"{who} {query} {r.status_code} {normalise(r.get_data(as_text=True))}")
    return out


def test_a_label_answers_a_seat_alike_whether_its_tag_is_a_deck_here_and_its_card_in_it(
        tmp_path_factory: pytest.TempPathFactory, deterministic: Deterministic) -> None:
    """One answer, byte for byte, whatever lies behind a label of a card the asker may not see: a registered tag of a
    hidden card, a tag no deck here carries, a card in no deck. Titles are read when the asker asks for them, never
    because of what a label turned out to be (an answer that read them for one tag and not another would say whose
    label it is by its shape and its time)."""
    answers = {name: tag_world_answers(tmp_path_factory, deterministic, deck, tag, [])
               for name, (deck, tag) in TAG_WORLDS.items()}
    first = answers["registered, hidden"]
    for name, seen in answers.items():
        for x, y in zip(first, seen, strict=True):
            assert x == y, f"{name} tells itself apart:\n{x[:600]}\n{y[:600]}"
    b_still = first[0]
    assert '"status":"unseen"' in b_still and "Lannisport Moneylender" in b_still  # B's own card is read as hers
    assert "Tyrion Lannister" not in "\n".join(first) and not re.search(r'"card":\{"code":"(13089|00168)', b_still)
    assert '"titles":[]' in first[1]  # a live frame reads no titles; a still and ?titles=1 answer the same
    assert first[0].split(" ", 2)[2] == first[2].split(" ", 2)[2]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=MOVES)
def test_a_photo_tells_a_seat_nothing_of_whether_its_labels_tag_is_registered(
        tmp_path_factory: pytest.TempPathFactory, deterministic: Deterministic,
        moves: list[tuple[str, dict[str, Any]]]) -> None:
    """The permutation property over unregistered tags: the same moves played in a world where the photo's tag TAB is
    A's deck and in one where A loaded its deck as XYZ; B and a spectator get the same bytes in both."""
    moves = [(who, a) for who, a in moves if who != "*" or a["type"] != "begin_phase"]
    registered = tag_world_answers(tmp_path_factory, deterministic, {P: 1, Q: 1}, "TAB", moves)
    unregistered = tag_world_answers(tmp_path_factory, deterministic, {P: 1, Q: 1}, "XYZ", moves)
    for x, y in zip(registered, unregistered, strict=True):
        assert x == y, f"a photo tells registered from unregistered tags:\n{x[:600]}\n{y[:600]}"
