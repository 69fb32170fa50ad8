"""The event's record: a signed export whose results cannot be changed unnoticed, seat sheets that hand out
no keys, legality the organiser sees and confirms, the judge's rulings in words, going to time on honest
numbers."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from companion.cli import main
from tests.test_events import h, make_event


def _round(client: FlaskClient, ev: dict[str, Any], csv: str = "1,Player 1,Player 2\n2,Player 3,Player 4\n",
           number: int | None = None) -> list[dict[str, Any]]:
    body: dict[str, Any] = {"csv": csv}
    if number:
        body["round"] = number
    r = client.post(f"/api/event/{ev['event']['id']}/rounds", headers=h(ev["organiser"]["key"]), json=body)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["tables"]  # type: ignore[no-any-return]


def _edit_manifest(data: bytes, change: Any) -> bytes:
    """The same zip with its manifest changed by ``change`` (every other file byte for byte)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            raw = src.read(info.filename)
            if info.filename == "manifest.json":
                manifest = json.loads(raw)
                change(manifest)
                raw = json.dumps(manifest).encode()
            dst.writestr(info.filename, raw)
    return out.getvalue()


def _check(tmp_path: Path, data: bytes, *args: str) -> Any:
    path = tmp_path / "event.zip"
    path.write_bytes(data)
    return CliRunner().invoke(main, ["check", str(path), *args])


def test_the_export_signs_results_and_check_names_a_changed_one(client: FlaskClient, catalog: Catalog,
                                                               tmp_path: Path) -> None:
    ev = make_event(client, catalog)
    eid, judge = ev["event"]["id"], ev["judge"]["key"]
    tables = _round(client, ev)
    game = tables[0]["game"]
    assert client.post(f"/api/event/{eid}/games/{game}/result", headers=h(judge),
                       json={"winner": "A", "reason": "15 power"}).status_code == 200
    assert client.post(f"/api/event/{eid}/games/{game}/rulings", headers=h(judge),
                       json={"type": "penalty", "penalty": "warning", "seat": "B", "text": "slow play",
                             "request_id": "pen-000001"}).status_code == 201
    export = client.get(f"/api/event/{eid}/export", headers=h(judge))
    assert export.status_code == 200
    with zipfile.ZipFile(io.BytesIO(export.data)) as z:
        manifest = json.loads(z.read("manifest.json"))
    table1 = next(t for t in manifest["tables"] if t["table"] == 1)
    assert table1["result"]["winner"] == "A" and table1["penalties"][0]["seat"] == "B"
    assert [p["name"] for p in table1["players"]] == ["Player 1", "Player 2"]
    fingerprint = client.get(f"/api/event/{eid}", headers=h(ev["organiser"]["key"])).get_json()["fingerprint"]
    assert manifest["signature"]["fingerprint"] == fingerprint
    assert client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).get_json()["fingerprint"] == fingerprint

    untouched = _check(tmp_path, export.data, "--fingerprint", fingerprint)
    assert untouched.exit_code == 0 and "all chains verify" in untouched.output, untouched.output
    assert fingerprint in untouched.output

    def winner_b(m: dict[str, Any]) -> None:
        t = next(t for t in m["tables"] if t["round"] == 1 and t["table"] == 1)
        t["result"]["winner"], t["result"]["winner_name"] = "B", "Player 2"

    changed = _check(tmp_path, _edit_manifest(export.data, winner_b))
    assert changed.exit_code == 2, changed.output
    assert "round 1 table 1: result.winner changed" in changed.output
    assert "round 1 table 1: result.winner_name changed" in changed.output
    assert "round 1 table 2" not in changed.output and "DOES NOT VERIFY" in changed.output

    def drop_penalty(m: dict[str, Any]) -> None:
        next(t for t in m["tables"] if t["table"] == 1)["penalties"] = []

    out = _check(tmp_path, _edit_manifest(export.data, drop_penalty))
    assert out.exit_code == 2 and "round 1 table 1: penalties.0.penalty removed" in out.output, out.output

    def swap_pairing(m: dict[str, Any]) -> None:
        t = next(t for t in m["tables"] if t["table"] == 2)
        t["players"][0]["name"] = "Player 9"

    out = _check(tmp_path, _edit_manifest(export.data, swap_pairing))
    assert out.exit_code == 2 and "round 1 table 2: players.0.name changed" in out.output, out.output

    def forge(m: dict[str, Any]) -> None:  # the value and its digest changed together: the signature fails
        winner_b(m)
        from companion.events.signing import _digests

        rid = f"tables/{next(i for i, t in enumerate(m['tables']) if t['table'] == 1)}"
        value = m["tables"][int(rid.split("/")[1])]
        m["signature"]["records"][rid]["digests"] = _digests(m["event"]["id"], rid, value)

    out = _check(tmp_path, _edit_manifest(export.data, forge))
    assert out.exit_code == 2 and "round 1 table 1: its signed digests were altered" in out.output, out.output

    def resign(m: dict[str, Any]) -> None:  # a whole new signature with another key: only the fingerprint tells
        from companion.events.signing import new_private_key, sign_manifest

        winner_b(m)
        m.update(sign_manifest({k: v for k, v in m.items() if k != "signature"}, new_private_key()))

    resigned = _edit_manifest(export.data, resign)
    out = _check(tmp_path, resigned, "--fingerprint", fingerprint)
    assert out.exit_code == 2 and f"not the event's key {fingerprint}" in out.output, out.output

    def unsigned(m: dict[str, Any]) -> None:
        del m["signature"]

    out = _check(tmp_path, _edit_manifest(export.data, unsigned))
    assert out.exit_code == 2 and "not signed" in out.output

    def one_table_less(m: dict[str, Any]) -> None:
        m["tables"] = [t for t in m["tables"] if t["table"] != 2]
        m["signature"]["records"].pop("tables/1", None)

    out = _check(tmp_path, _edit_manifest(export.data, one_table_less))
    assert out.exit_code == 2 and "list of signed records was altered" in out.output, out.output


@pytest.mark.parametrize("section", ["standings", "drops"])
def test_sections_added_to_the_manifest_are_signed_too(section: str) -> None:
    from companion.events.signing import new_private_key, sign_manifest, verify_manifest

    manifest = {"event": {"id": "ev1"}, "tables": [], section: [{"player": "Ann", "points": 10}, {"player": "Bo"}]}
    signed = sign_manifest(manifest, new_private_key())
    assert verify_manifest(signed) == []
    signed[section][0]["points"] = 15
    assert verify_manifest(signed) == [f"{section} 1: points changed"]
