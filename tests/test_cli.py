"""The command line as a newcomer uses it: real subprocesses, a real data directory."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.shared import DATA, need_shared


def companion(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {})})


def test_cards_search_and_show() -> None:
    result = companion("cards", "search", "tyrion lanister", "--edition", "2e", "--json")
    assert result.returncode == 0
    assert {c["name"] for c in json.loads(result.stdout)} >= {"Tyrion Lannister"}
    shown = companion("cards", "show", "03019", "--json")
    assert json.loads(shown.stdout)["copies"] == ["08061"]
    missing = companion("cards", "show", "nope")
    assert missing.returncode != 0 and "No card with code" in missing.stderr


def test_cards_search_nothing_found_exits_one() -> None:
    result = companion("cards", "search", "qqqzzzxxx")
    assert result.returncode == 1 and "No card matches" in result.stderr


def test_cards_import_refreshes_in_one_transaction(tmp_path: Path) -> None:
    need_shared()
    catalog = tmp_path / "catalog.db"
    env = {"COMPANION_CATALOG": str(catalog)}
    bad = tmp_path / "bad.json"
    bad.write_text('{"code": "X", "cards": [{"code": "01001"}]}')
    packs = DATA / "throneteki-json-data" / "packs"
    result = companion("cards", "import", str(packs / "Core.json"), str(bad), env=env)
    assert result.returncode != 0
    assert "bad.json, record 01001: missing field(s)" in result.stderr and "Nothing was imported" in result.stderr
    ok = companion("cards", "import", str(packs), env=env)
    assert ok.returncode == 0, ok.stderr
    assert re.search(r"Imported 2240 cards from 71 file\(s\)", ok.stdout)
    assert "Reading card files" in ok.stderr  # the progress bar


def test_deck_show(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("My deck\n\n2x Tyrion Lannister (The Blackwater)\n1x A Pinch of Powder (The Shadow City)\n")
    result = companion("deck", "show", str(deck), "--seat", "B", "--json")
    assert result.returncode == 0, result.stderr
    ids = [c["id"] for c in json.loads(result.stdout)["copies"]]
    assert ids == ["B.11099.1", "B.13089.1", "B.13089.2"]
    deck.write_text("2x Tyrion Lanister (Core Set)\n")
    bad = companion("deck", "show", str(deck))
    assert bad.returncode != 0 and "line 1" in bad.stderr and "did you mean" in bad.stderr


def test_bench_rules_prints_json() -> None:
    result = companion("bench", "rules", "--actions", "300", "--repeat", "2", "--json")
    report = json.loads(result.stdout)
    assert report["actions"] == 300 and report["replay_actions_per_second"] > 0
    assert report["baseline"]["seconds_median"] > 0 and report["replay_to_baseline_ratio"] > 0


def test_serve_starts_a_real_server_on_localhost(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", "0", "--db", str(tmp_path / "c.db")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        url = None
        deadline = time.time() + 30
        while time.time() < deadline and url is None:
            line = proc.stdout.readline()  # type: ignore[union-attr]
            m = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
            if m:
                url = m.group(1)
        assert url, "the server printed no URL"
        with urllib.request.urlopen(url + "api/health", timeout=10) as r:
            assert json.load(r)["status"] == "ok"
        with urllib.request.urlopen(url + "api/cards?q=nymeria&limit=3", timeout=10) as r:
            assert json.load(r)[0]["name"] == "Nymeria"
        try:
            urllib.request.urlopen(url + "api/cards", timeout=10)
        except urllib.error.HTTPError as exc:
            assert exc.code == 400 and json.load(exc)["error"]["code"] == "missing_query"
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=10)


def test_bench_server_prints_json_with_a_baseline() -> None:
    result = companion("bench", "server", "--tables", "2", "--devices", "3", "--actions", "4", "--spectators", "1",
                       "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    # Every action counted (a writer that stopped once printed 0 actions and exit 0: seen once in a full run).
    assert report["actions"] == 8 and report["devices"] == 6 and report["spectators_per_table"] == 1, result.stderr
    assert report["devices_that_saw_the_last_version"] == 6  # the table views without a key too
    assert report["deliveries"] >= 6  # versions that arrive close together may share one event
    assert report["baseline"]["inserts_per_second"] > 0 and report["actions_to_baseline_ratio"] > 0
    assert set(report["action_latency_ms"]) == {"p50", "p95", "p99"}
    # What the machine could show at most: its cores over the server's and the load generator's CPU per action.
    assert report["server_cpu_ms_per_action"] > 0 and report["load_generator_cpu_ms_per_action"] > 0
    assert report["machine_ceiling_actions_per_second"] > report["actions_per_second"] * 0.5


def test_bench_tts_compares_with_a_bare_parse() -> None:
    need_shared()
    result = companion("bench", "tts", str(DATA / "tts" / "marvel_champions_automated_v12.json"), "--repeat", "2")
    report = json.loads(result.stdout)
    assert report["objects"] == 646 and report["import_to_parse_ratio"] > 0
    assert report["baseline"]["seconds_median"] > 0 and report["peak_memory_mb"]["import"] > 0


def test_tts_deck_and_bundle_commands(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("3x Tyrion Lannister (Core Set)\n2x A Noble Cause (Core Set)\n1x The Lord of the Crossing\n")
    out = tmp_path / "deck_tts.json"
    result = companion("tts", "deck", str(deck), "--out", str(out))
    assert result.returncode == 0, result.stderr
    obj = json.loads(out.read_text())
    draw, plots = obj["ObjectStates"][0], obj["ObjectStates"][1]
    assert draw["Name"] == "Deck" and len(draw["ContainedObjects"]) == 3
    assert json.loads(draw["ContainedObjects"][0]["GMNotes"])["code"] == "01089"
    assert draw["ContainedObjects"][0]["Nickname"] == "Tyrion Lannister"
    # The image URL the card data carries (FFG's CDN for Core Set cards), and GMNotes for SCED readers too.
    assert next(iter(draw["CustomDeck"].values()))["FaceURL"].endswith("/GT01_89.jpg")
    assert json.loads(draw["ContainedObjects"][0]["GMNotes"])["id"] == "01089"
    assert plots["Nickname"].endswith("plots") and plots["ContainedObjects"][0]["SidewaysCard"] is True
    bundle = companion("tts", "bundle")
    assert bundle.returncode == 0 and "function onObjectEnterZone" in bundle.stdout


def test_serve_https_with_a_self_signed_certificate(tmp_path: Path) -> None:
    import ssl

    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--https", "--port", "0", "--db", str(tmp_path / "c.db")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "COMPANION_DATA_DIR": str(tmp_path / "data")},
    )
    try:
        url = None
        deadline = time.time() + 30
        while time.time() < deadline and url is None:
            m = re.search(r"(https://127\.0\.0\.1:\d+/)", proc.stdout.readline())  # type: ignore[union-attr]
            url = m.group(1) if m else None
        assert url, "no https URL printed"
        assert (tmp_path / "data" / "tls" / "cert.pem").exists()
        insecure = ssl.create_default_context()
        insecure.check_hostname = False
        insecure.verify_mode = ssl.CERT_NONE
        with urllib.request.urlopen(url + "api/health", context=insecure, timeout=10) as r:
            assert json.load(r)["status"] == "ok"
        req = urllib.request.Request(url + "api/games", data=b'{"seats": ["A"]}', method="POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, context=insecure, timeout=10) as r:
            assert json.load(r)["seats"][0]["url"].startswith("https://")
        strict = ssl.create_default_context()
        try:
            urllib.request.urlopen(url + "api/health", context=strict, timeout=10)
            raise AssertionError("a self-signed certificate must not pass normal verification")
        except urllib.error.URLError as exc:
            assert "CERTIFICATE_VERIFY_FAILED" in str(exc)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=10)


def test_the_app_starts_without_zbar_and_says_what_to_install(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['pyzbar'] = None; sys.modules['pyzbar.pyzbar'] = None\n"
        "from companion.web import create_app\n"
        f"app = create_app({{'DATABASE': {str(tmp_path / 'g.db')!r}}})\n"
        "import json; print(json.dumps(app.test_client().get('/api/health').get_json()))\n"
        "from companion.scan.engines import read_zbar; import numpy as np\n"
        "print(read_zbar(np.zeros((10, 10), np.uint8), ('qr',)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    health = json.loads(result.stdout.splitlines()[0])
    assert health["status"] == "ok" and health["zbar"]["available"] is False
    assert "apt-get install libzbar0" in health["zbar"]["message"]
    assert result.stdout.splitlines()[1] == "[]"  # zxing-cpp alone then


def test_serve_lan_prints_a_url_and_a_terminal_qr_code(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--lan", "--port", "0", "--db", str(tmp_path / "c.db")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        lines: list[str] = []
        deadline = time.time() + 30
        while time.time() < deadline and not any("Scan the code" in line for line in lines):
            lines.append(proc.stdout.readline())  # type: ignore[union-attr]
        text = "".join(lines)
        m = re.search(r"running at (http://(\d+\.\d+\.\d+\.\d+):\d+/)", text)
        assert m, text
        assert sum(1 for line in lines if "█" in line or "▀" in line or "▄" in line) > 10  # the QR code
        with urllib.request.urlopen(m.group(1) + "api/health", timeout=10) as r:
            health = json.load(r)
        # The host page reads this to know whether phones can reach the server (no LAN here: loopback).
        assert health["status"] == "ok" and health["lan"] is (m.group(2) != "127.0.0.1")
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=10)


def test_bench_event_prints_json_with_a_baseline() -> None:
    """The event benchmark end to end at toy size: devices in their own process, nothing lost."""
    result = companion("bench", "event", "--tables", "2", "--dashboards", "1", "--seconds", "5", "--interval", "1")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["benchmark"] == "event" and out["phones"] == 4 and out["actions"] >= 10
    assert out["lost"] == {"phones_behind_at_end": 0, "dashboard_tables_behind_at_end": 0}
    assert out["baseline_health_ms"]["p50"] > 0 and out["ratio_action_to_baseline_p50"] > 0
    assert out["phone_delivery_ms"]["p50"] >= 0 and out["dashboard_delivery_ms"]["p50"] > 0
    assert out["server"]["peak_threads"] > 1 and out["server"]["peak_open_descriptors"] > 4  # 4 devices, a db
