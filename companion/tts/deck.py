"""A deck as a TTS Saved Object: each card with its name, its code in GMNotes and a face image.

Each card gets a one-image "sheet" (NumWidth = NumHeight = 1), the way deck importers do it, with the
image URL the card data carries (the catalog's ``image_url``: throneteki's CDN, or FFG's for older
packs), or a pattern the user gives. GMNotes carries ``{"code", "id"}`` (ours and SCED's key), the
Description the pack name, so every reader finds the printing. Plots and agendas go beside the deck.
"""

from __future__ import annotations

import json
from typing import Any

from companion.catalog.card import Card
from companion.catalog.decks import Deck

#: A pattern for cards whose data carries no image URL (--face-url); ThronesDB's legacy path.
FACE_PATTERN = "https://thronesdb.com/bundles/cards/{code}.png"
#: Card back: throneteki's (public/img/cards/cardback.png, served by theironthrone.net); mods use their own.
DEFAULT_BACK = "https://theironthrone.net/img/cards/cardback.png"
FIRST_DECK_KEY = 100  # TTS CardID = key * 100 + index on the sheet


def _transform(x: float, face_down: bool, sideways: bool = False) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 90.0 if sideways else 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def face_url(card: Card, pattern: str | None) -> str:
    if pattern:
        return pattern.format(code=card.code)
    if card.image_url:
        return card.image_url
    raise ValueError(f"{card.name} ({card.code}) has no image URL in the card data; give --face-url with {{code}}, "
                     f"e.g. {FACE_PATTERN}")


def _card_state(card: Card, key: int, face: str | None, back: str, face_down: bool, x: float) -> dict[str, Any]:
    return {
        "Name": "Card",
        "Transform": _transform(x, face_down, sideways=card.type == "plot"),
        "Nickname": card.name,
        "Description": f"{card.pack_name or card.pack} ({card.code})",
        "GMNotes": json.dumps({"code": card.code, "id": card.code, "edition": card.edition}),
        "CardID": key * 100,
        "SidewaysCard": card.type == "plot",
        "HideWhenFaceDown": True,
        "Hands": True,
        "CustomDeck": {str(key): {"FaceURL": face_url(card, face), "BackURL": back, "NumWidth": 1,
                                  "NumHeight": 1, "BackIsHidden": True, "UniqueBack": False, "Type": 0}},
    }


def _pile(name: str, cards: list[Card], keys: dict[str, int], face: str | None, back: str, face_down: bool,
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


def saved_object(deck: Deck, cards: dict[str, Card], face: str | None = None, back: str = DEFAULT_BACK
                 ) -> dict[str, Any]:
    """A Saved Object file holding the draw deck, the plot deck and the agenda, side by side.

    ``face`` is a pattern with ``{code}`` that overrides the card data's image URLs.
    """
    if face is not None and "{code}" not in face:
        raise ValueError("the face image pattern needs {code}, e.g. " + FACE_PATTERN)
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
