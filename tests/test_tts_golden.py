"""The import's whole report pinned: the real saves of shared/data/tts, each as it is and with its cards relabelled
as AGoT cards (codes, image URLs, names with packs, face down, tokens on them, shadows and pile zones over the
table), and a synthetic save. Made from the importer before it was restructured for speed; any change to what an
import yields shows here, field by field.

After an intended change to the report: ``python -m tests.test_tts_golden`` writes the files again (review the
diff).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from companion.bench.tts import synthetic_save
from companion.catalog.store import Catalog
from companion.tts.importer import CardLookup, import_save
from tests.shared import DATA, need_shared

GOLDEN = Path(__file__).parent / "fixtures" / "tts_reports"
REAL = ["coinche_builtin_deck_TS_Save_1.json", "marvel_champions_automated_v12.json",
        "sced_card_41Derringer_objectstate.json", "sleeping_gods_v13_TS_Save_88.json",
        "spirit_island_v13_TTSModManager_input.json", "terraforming_mars_midgame_TS_Save_2.json"]
#: What a relabelled card carries, in turn: a code in GMNotes (ours, throneteki's, a bare one, an unknown one), in
#: Memo, an image URL (FFG's GT name, throneteki's path), a name with its pack, a name alone, a name of several
#: printings, and nothing.
LABELS: list[dict[str, Any]] = [
    {"GMNotes": '{"code": "01045"}'}, {"GMNotes": '{"card_code": "01190", "id": 7}'}, {"GMNotes": "01191"},
    {"GMNotes": '{"code": "99999"}'}, {"GMNotes": '{"id": 1045}'}, {"Memo": "acoa_10"},
    {"face": "https://lcg-cdn.fantasyflightgames.com/got2nd/GT01_192.jpg"},
    {"face": "https://throneteki.ams3.cdn.digitaloceanspaces.com/packs/VDS/2 - Protectors.png"},
    {"Nickname": "Treaty", "Description": "Valyrian Draft Set"}, {"Nickname": "Heartsbane"},
    {"Nickname": "Tyrion Lannister"}, {"Nickname": "Tyrion Lannister (Core)"}, {},
]


def _cards(obj: dict[str, Any]) -> list[dict[str, Any]]:
    out = [obj] if obj.get("Name") in ("Card", "CardCustom") else []
    for child in [*(obj.get("ContainedObjects") or []), *(obj.get("States") or {}).values(),
                  *(obj.get("ChildObjects") or [])]:
        if isinstance(child, dict):
            out += _cards(child)
    return out


def _number(v: Any, default: float = 0.0) -> float:
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else default


def relabel(root: dict[str, Any]) -> dict[str, Any]:
    """The save with every card labelled as an AGoT card (in turn, by ``LABELS``), every second top-level card
    face down with a gold coin (and every sixth a power token too) on it, and four colour zones over the table
    where its top-level cards lie: Red's discard pile and shadows on the left half, Blue's dead pile and shadows
    on the right."""
    root = copy.deepcopy(root)
    top = root.get("ObjectStates", [root])
    for n, c in enumerate(card for obj in top for card in _cards(obj)):
        label = LABELS[n % len(LABELS)]
        for key in ("GMNotes", "Memo", "Nickname", "Description"):
            c[key] = label.get(key, "")
        if "face" in label:
            c["CardID"] = 4200 + n
            c["CustomDeck"] = {str(42 + n // 100): {"FaceURL": label["face"], "BackURL": "b"}}
    laid = [o for o in top if o.get("Name") in ("Card", "CardCustom", "Deck", "DeckCustom")
            and isinstance(o.get("Transform"), dict)]
    tokens = []
    for n, o in enumerate(laid):
        t = o["Transform"]
        if n % 2 == 0:
            t["rotX"], t["rotZ"] = 0.0, 180.0
            x, y, z = _number(t.get("posX")), _number(t.get("posY"), 1.0), _number(t.get("posZ"))
            tokens.append({"Name": "Custom_Token", "GUID": f"g{n:05d}", "Nickname": "Gold coin",
                           "Transform": {"posX": x + 0.1, "posY": y + 0.2, "posZ": z - 0.1, "rotX": 0.0,
                                         "rotY": 0.0, "rotZ": 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}})
            if n % 6 == 0:
                tokens.append({**tokens[-1], "Name": "Custom_Model", "Nickname": "Power token"})
    xs = sorted(_number(o["Transform"].get("posX")) for o in laid) or [0.0]
    zs = [_number(o["Transform"].get("posZ")) for o in laid] or [0.0]
    mid, depth = xs[len(xs) // 2], max(zs) - min(zs) + 10
    centre_z = (max(zs) + min(zs)) / 2
    left_w, right_w = mid - xs[0] + 4, xs[-1] - mid + 4
    zones = []
    # The piles first: where zones overlap, the first one holds the card.
    for label, x, w in (("Red discard pile", mid - left_w / 2, left_w), ("Dead pile (Blue)", mid + 1, 4),
                        ("Shadows: Red", mid - left_w / 2, left_w), ("Blue shadows", mid + right_w / 2, right_w)):
        zones.append({"Name": "ScriptingTrigger", "GUID": "zzzzzz", "Nickname": label,
                      "Transform": {"posX": x, "posY": 1.0, "posZ": centre_z, "rotX": 0.0, "rotY": 0.0, "rotZ": 0.0,
                                    "scaleX": w, "scaleY": 4.0, "scaleZ": depth / (4 if "discard" in label else 1)}})
    if "ObjectStates" in root:
        root["ObjectStates"] = [*zones, *top, *tokens]
        return root
    return {"SaveName": "relabelled", "ObjectStates": [*zones, *top, *tokens]}


def cases() -> dict[str, bytes]:
    """Every pinned save, by the name of its report file."""
    need_shared()
    out = {}
    for name in REAL:
        data = (DATA / "tts" / name).read_bytes()
        out[name] = data
        out[f"relabelled_{name}"] = json.dumps(relabel(json.loads(data.decode("utf-8-sig")))).encode()
    out["synthetic_300.json"] = synthetic_save(300)
    return out


def reports(lookup: CardLookup) -> dict[str, dict[str, Any]]:
    return {name: import_save(data, lookup, name) for name, data in cases().items()}


@pytest.fixture(scope="module")
def made(catalog: Catalog) -> dict[str, dict[str, Any]]:
    return reports(CardLookup(catalog.all()))


@pytest.mark.parametrize("name", [*REAL, *(f"relabelled_{n}" for n in REAL), "synthetic_300.json"])
def test_the_import_yields_the_pinned_report(name: str, made: dict[str, dict[str, Any]]) -> None:
    want = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    got = json.loads(json.dumps(made[name]))  # as the web answers it: tuples are lists
    for key in sorted(set(want) | set(got)):
        assert got.get(key) == want.get(key), f"{name}: {key!r} differs"
    assert got == want


def test_the_relabelled_saves_reach_every_part_of_the_report(made: dict[str, dict[str, Any]]) -> None:
    """The pins mean something: between them the saves have cards in shadows with tokens, in piles and hands,
    identified every way, and unidentified for every reason."""
    relabelled = [r for n, r in made.items() if n.startswith("relabelled_")]
    methods = {m for r in relabelled for m in r["identified_by"]}
    assert methods == {"gmnotes", "memo", "image", "name"}
    shadows = [e for r in relabelled for p in r["players"].values() for e in p["shadows"]]
    assert len(shadows) > 50 and any(e["tokens"] for e in shadows) and any(e["face_down"] for e in shadows)
    assert {len(e["tokens"]) for e in shadows} >= {0, 1, 2}
    assert any(p["discard"] for r in relabelled for p in r["players"].values())
    assert any(p["dead"] for r in relabelled for p in r["players"].values())
    assert any(p["hand"] for r in relabelled for p in r["players"].values())
    reasons = {u["reason"].split(" ")[1] for r in relabelled for u in r["unidentified"]}
    assert len(reasons) >= 3, reasons
    assert any(u.get("candidates") for r in relabelled for u in r["unidentified"])


if __name__ == "__main__":
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, report in reports(CardLookup(Catalog.in_memory().all())).items():
        (GOLDEN / name).write_text(json.dumps(report, indent=0, sort_keys=True) + "\n", encoding="utf-8")
