"""The permutation property of tests/test_trust.py, for the camera: a photo of the table (the labels of seat A's two
hidden cards and of B's own, in sleeves, tilted, under glare) posted as each non-owner would post it, as a still
(``POST /api/scan?game=``, labels and titles) and as a live camera frame (``?titles=0``, labels only). What comes
back must be byte for byte the same whichever of A's hidden cards is which, and name neither."""

from __future__ import annotations

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
