"""Small synthetic TTS saves for tests, built the way TTS writes them."""

from __future__ import annotations

import json
from typing import Any


def transform(x: float = 0, z: float = 0, y: float = 1, rot_x: float = 0, rot_y: float = 180, rot_z: float = 0,
              sx: float = 1, sy: float = 1, sz: float = 1) -> dict[str, float]:
    return {"posX": x, "posY": y, "posZ": z, "rotX": rot_x, "rotY": rot_y, "rotZ": rot_z,
            "scaleX": sx, "scaleY": sy, "scaleZ": sz}


def card(code: str | None = None, name: str = "", x: float = 0, z: float = 0, face_down: bool = True,
         guid: str = "aaaaaa", memo: str = "", card_id: int = 10000, face_url: str = "http://img/sheet.png",
         custom_key: int | None = None) -> dict[str, Any]:
    key = card_id // 100 if custom_key is None else custom_key
    return {"Name": "Card", "GUID": guid, "Nickname": name, "Description": "", "Memo": memo,
            "GMNotes": json.dumps({"code": code}) if code else "", "CardID": card_id,
            "CustomDeck": {str(key): {"FaceURL": face_url, "BackURL": "http://img/back.png", "NumWidth": 1,
                                      "NumHeight": 1}},
            "Transform": transform(x, z, rot_z=180 if face_down else 0)}


def zone(label: str, x: float = 0, z: float = 0, w: float = 12, d: float = 5) -> dict[str, Any]:
    return {"Name": "ScriptingTrigger", "GUID": "zzzzzz", "Nickname": label,
            "Transform": transform(x, z, rot_y=0, sx=w, sy=4, sz=d)}


def token(name: str, x: float, z: float, y: float = 1.2) -> dict[str, Any]:
    return {"Name": "Custom_Token", "GUID": "tttttt", "Nickname": name, "Transform": transform(x, z, y=y)}


def hand(colour: str, x: float = 0, z: float = -30) -> dict[str, Any]:
    return {"Name": "HandTrigger", "GUID": "hhhhhh", "FogColor": colour, "Nickname": "",
            "Transform": transform(x, z, sx=20, sy=5, sz=5)}


def save(*objects: dict[str, Any], hands: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"SaveName": "AGoT test", "GameMode": "AGoT", "Date": "1/1/2026", "VersionNumber": "v13.2",
                           "ObjectStates": list(objects)}
    if hands is not None:
        out["Hands"] = {"Enable": True, "DisableUnused": False, "Hiding": 0, "HandTransforms": hands}
    return out
