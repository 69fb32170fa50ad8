"""A deck as a TTS Saved Object: each card with its name, its code in GMNotes and a face image.

Each card gets a one-image "sheet" (NumWidth = NumHeight = 1), the way deck importers do it, so
the image URL can come from a pattern such as ThronesDB's. Plots and agendas go in their own
objects beside the draw deck.
"""

from __future__ import annotations

import json
from typing import Any

from companion.catalog.card import Card
from companion.catalog.decks import Deck

DEFAULT_FACE = "https://thronesdb.com/bundles/cards/{code}.png"
#: Card back; configurable, because mods use their own.
DEFAULT_BACK = "https://thronesdb.com/bundles/app/images/back.png"
FIRST_DECK_KEY = 100  # TTS CardID = key * 100 + index on the sheet


def _transform(x: float, face_down: bool, sideways: bool = False) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 90.0 if sideways else 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _card_state(card: Card, key: int, face: str, back: str, face_down: bool, x: float) -> dict[str, Any]:
    return {
        "Name": "Card",
        "Transform": _transform(x, face_down, sideways=card.type == "plot"),
        "Nickname": card.name,
        "Description": f"{card.pack_name or card.pack} ({card.code})",
        "GMNotes": json.dumps({"code": card.code, "edition": card.edition}),
        "CardID": key * 100,
        "SidewaysCard": card.type == "plot",
        "HideWhenFaceDown": True,
        "Hands": True,
        "CustomDeck": {str(key): {"FaceURL": face.format(code=card.code), "BackURL": back, "NumWidth": 1,
                                  "NumHeight": 1, "BackIsHidden": True, "UniqueBack": False, "Type": 0}},
    }


def _pile(name: str, cards: list[Card], keys: dict[str, int], face: str, back: str, face_down: bool,
          x: float) -> dict[str, Any]:
    states = [_card_state(c, keys[c.code], face, back, face_down, x) for c in cards]
    if len(states) == 1:
        return {**states[0], "Nickname": states[0]["Nickname"]}
    custom: dict[str, Any] = {}
    for s in states:
        custom.update(s["CustomDeck"])
    return {
        "Name": "Deck", "Transform": _transform(x, face_down), "Nickname": name, "Description": "",
        "GMNotes": json.dumps({"companion": "deck", "cards": len(states)}),
        "DeckIDs": [s["CardID"] for s in states], "CustomDeck": custom, "ContainedObjects": states,
        "HideWhenFaceDown": True,
    }


def saved_object(deck: Deck, cards: dict[str, Card], face: str = DEFAULT_FACE, back: str = DEFAULT_BACK
                 ) -> dict[str, Any]:
    """A Saved Object file holding the draw deck, the plot deck and the agenda, side by side."""
    if "{code}" not in face:
        raise ValueError("the face image pattern needs {code}, e.g. " + DEFAULT_FACE)
    codes = sorted(set(deck.slots) | set(deck.agendas))
    keys = {code: FIRST_DECK_KEY + i for i, code in enumerate(codes)}
    draw: list[Card] = []
    plots: list[Card] = []
    for code, count in sorted(deck.slots.items()):
        card = cards[code]
        (plots if card.type == "plot" else draw).extend([card] * count)
    agendas = [cards[a] for a in deck.agendas]
    objects = [_pile(f"{deck.name} — draw deck", draw, keys, face, back, True, 0.0)] if draw else []
    if plots:
        objects.append(_pile(f"{deck.name} — plots", plots, keys, face, back, True, 4.0))
    for i, agenda in enumerate(agendas):
        objects.append(_card_state(agenda, keys[agenda.code], face, back, False, 8.0 + 3 * i))
    return {"SaveName": "", "GameMode": "", "Date": "", "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "",
            "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": objects,
            "TabStates": {}, "VersionNumber": ""}
