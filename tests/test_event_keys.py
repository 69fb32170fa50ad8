"""An organiser or judge who lost the link must not lose the event: the person running the server issues a fresh
organiser's or judge's key from the command line (``companion event keys EVENT --new organiser|judge``), the old one
opens nothing after, and no key is written into the event's log, report or signed file."""

from __future__ import annotations

import io
import json
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from companion.cli import main
from tests.server import Server, call
from tests.test_events import h, make_event


def keys(db: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["event", "keys", *args, "--db", str(db)])
    return result.exit_code, result.output


def test_the_server_issues_a_fresh_organiser_or_judge_key_and_the_old_one_stops(client: FlaskClient,
                                                                               catalog: Catalog,
                                                                               tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    ev = make_event(client, catalog, players=2)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    code, out = keys(db, eid, "--new", "judge", "--base-url", "http://192.168.1.20:8787")
    assert code == 0, out
    answer = json.loads(out)
    new_judge = answer["judge"]["key"]
    assert answer["judge"]["url"] == f"http://192.168.1.20:8787/e/{eid}/judge#key={new_judge}"  # a fragment: never sent
    assert "?" not in answer["judge"]["url"] and "organiser" not in answer
    assert new_judge not in (org, judge) and len(new_judge) == 32
    assert client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).status_code == 401  # the old key stops
    assert client.get(f"/api/event/{eid}/dashboard", headers=h(new_judge)).status_code == 200
    assert client.get(f"/api/event/{eid}", headers=h(org)).status_code == 200  # the other key is untouched
    code, out = keys(db, eid, "--new", "organiser")
    new_org = json.loads(out)["organiser"]["key"]
    assert client.get(f"/api/event/{eid}", headers=h(org)).status_code == 401
    assert client.get(f"/api/event/{eid}", headers=h(new_org)).status_code == 200
    # Stored hashed: no key in the database file; logged by role, in words, in the report and the signed file.
    raw = db.read_bytes() + (tmp_path / "games.db-wal").read_bytes() if (tmp_path / "games.db-wal").exists() \
        else db.read_bytes()
    assert not any(k.encode() in raw for k in (new_org, new_judge, org, judge))
    report = client.get(f"/api/event/{eid}/report", headers=h(new_judge)).get_json()
    words = [d["words"]["en"] for d in report["decisions"]]
    assert "A new judge's key was issued from the server's command line; the one before no longer works" in words
    assert any(d["words"]["de"].startswith("Ein neuer Schiedsrichter-Schlüssel") for d in report["decisions"])
    export = client.get(f"/api/event/{eid}/export", headers=h(new_judge)).data
    with zipfile.ZipFile(io.BytesIO(export)) as z:
        text = b"".join(z.read(n) for n in z.namelist())
    assert not any(k.encode() in text for k in (new_org, new_judge, org, judge))
    assert b"key_renewed" in text


def test_the_command_says_what_it_needs(client: FlaskClient, catalog: Catalog, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    ev = make_event(client, catalog, players=0)
    code, out = keys(db, ev["event"]["id"])
    assert code != 0 and "--new organiser" in out and "stored only as hashes" in out
    code, out = keys(db, ev["event"]["id"], "--new", "host")
    assert code != 0 and "'host' is not one of 'organiser', 'judge'" in out
    code, out = keys(db, "nosuchevent", "--new", "judge")
    assert code != 0 and "no such event" in out
    help_text = CliRunner().invoke(main, ["event", "keys", "--help"]).output
    assert "--new [organiser|judge]" in help_text and "the old one stops" in help_text


def test_a_live_stream_opened_with_the_old_key_ends_at_its_next_update(server: Server) -> None:
    """The judge's dashboard of a lost device keeps no live view: the stream it opened before the key was issued anew
    ends with "revoked" at the event's next change, and opens no more."""
    api = server.url + "/api"
    _, ev = call(api, "POST", "/event", {"name": "Kiel", "rounds": 1, "tables": 2})
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]

    def stream(key: str) -> Any:
        req = urllib.request.Request(f"{api}/event/{eid}/stream", headers={"Authorization": f"Bearer {key}"})
        return urllib.request.urlopen(req, timeout=10)

    with stream(judge) as old, stream(org) as kept:
        for r in (old, kept):
            assert r.readline().startswith(b"retry")
        assert keys(server.db, eid, "--new", "judge")[0] == 0
        assert call(api, "POST", f"/event/{eid}/registration/open", {"open": False, "request_id": "close-0001"},
                    org)[0] == 200
        lines = [raw.strip() for raw in old]
        assert b"event: revoked" in lines and not any(line.startswith(b"data: {\"") for line in lines[-3:])
        for raw in kept:  # the organiser's key was not renewed: its page follows the change
            if raw.startswith(b"data: ") and json.loads(raw[6:])["event"]["registration_open"] is False:
                break
    assert call(api, "GET", f"/event/{eid}/stream", key=judge)[0] == 401
