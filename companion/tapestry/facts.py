"""Tapestry facts the Shadow Empire needs, carried by the package (it runs without ../shared).

Decision cards 1-12 as the Shadow Empire reads them: the track rule from the grey "S" indicator
(when the card is the left card of the pair) and the tiebreaker column read bottom to top (when it
is the right card). Checked against three public sources (see shared/docs/tapestry.md; a test
compares these tables with shared/data/tapestry).
"""

from __future__ import annotations

from typing import Literal

Track = Literal["exploration", "science", "military", "technology"]
TRACKS: tuple[Track, ...] = ("exploration", "science", "military", "technology")
Rule = Literal["ALL", "LANDMARK_OR_END", "END"]

END_SPACE = 12
LANDMARK_SPACES = (4, 7, 10)
FAV = "FAV"

_CODES: dict[str, Track] = {"EXP": "exploration", "SCI": "science", "MIL": "military", "TEC": "technology"}

# card id: (Shadow Empire track rule, tiebreaker order bottom -> top)
_CARDS: dict[int, tuple[Rule, str]] = {
    1: ("ALL", "SCI TEC EXP MIL FAV"),
    2: ("LANDMARK_OR_END", "TEC SCI FAV EXP MIL"),
    3: ("END", "FAV EXP MIL TEC SCI"),
    4: ("ALL", "EXP MIL FAV SCI TEC"),
    5: ("LANDMARK_OR_END", "FAV SCI TEC MIL EXP"),
    6: ("ALL", "EXP TEC FAV SCI MIL"),
    7: ("ALL", "SCI MIL EXP TEC FAV"),
    8: ("ALL", "SCI FAV TEC MIL EXP"),
    9: ("ALL", "MIL EXP FAV SCI TEC"),
    10: ("ALL", "FAV SCI TEC EXP MIL"),
    11: ("LANDMARK_OR_END", "TEC SCI MIL EXP FAV"),
    12: ("ALL", "EXP MIL FAV TEC SCI"),
}

#: card -> track rule used when the card is the left (track) card
TRACK_RULE: dict[int, Rule] = {card: rule for card, (rule, _) in _CARDS.items()}
#: card -> tiebreaker order used when the card is the right card, bottom to top; "FAV" = favourite track
def _icon(code: str) -> Track | Literal["FAV"]:
    return "FAV" if code == FAV else _CODES[code]


TIEBREAKER: dict[int, tuple[Track | Literal["FAV"], ...]] = {
    card: tuple(_icon(code) for code in order.split()) for card, (_, order) in _CARDS.items()
}
DECK: tuple[int, ...] = tuple(sorted(_CARDS))

LANDMARKS: dict[Track, dict[int, str]] = {
    "exploration": {4: "Lighthouse", 7: "Train Station", 10: "Launch Pad"},
    "science": {4: "Apothecary", 7: "Academy", 10: "Laboratory"},
    "military": {4: "Barracks", 7: "Tank Factory", 10: "Fusion Reactor"},
    "technology": {4: "Forge", 7: "Rubber Works", 10: "Tech Hub"},
}
#: The science die: a d12 with each track icon on three faces.
DIE_FACES: tuple[Track, ...] = tuple(t for t in TRACKS for _ in range(3))
INCOME_TURNS = 5
