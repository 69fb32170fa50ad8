"""The External Editor bridge against a fake Tabletop Simulator speaking the protocol over real TCP."""

from __future__ import annotations

import json
import socket
import socketserver
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from companion.tts.bridge import COMPANION_GUID, SNAPSHOT_LUA, Bridge, BridgeError, LuaError, TtsNotRunning, _Server

lua52 = pytest.importorskip("lupa.lua52")


def send(port: int, message: dict[str, Any], chunk: int | None = None) -> None:
    data = json.dumps(message).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        if chunk is None:
            s.sendall(data)
        else:
            for i in range(0, len(data), chunk):  # arrives in pieces, like large TTS payloads
                s.sendall(data[i:i + chunk])
                time.sleep(0.001)


class FakeTts:
    """Listens like TTS on its port and answers on the editor's port."""

    def __init__(self, snapshot: Any, mode: str = "ok") -> None:
        self.snapshot, self.mode, self.received, self.busy = snapshot, mode, [], 2
        # Objects with a script or UI (what message 0 lists); message 1 replaces listed ones and reloads.
        self.scripts: list[dict[str, Any]] = [{"name": "Global", "guid": "-1", "script": "-- the mod", "ui": ""}]
        self.spawned: list[str] = []
        fake = self

        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                data = b"".join(iter(lambda: self.request.recv(65536), b""))
                fake.on_message(json.loads(data))

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.editor_port = 0
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def on_message(self, m: dict[str, Any]) -> None:
        """Message 3 runs the script in a real Lua 5.2: a value comes back as message 5, an error as 3."""
        self.received.append(m)
        if m["messageID"] == 0:  # get scripts: answered by message 1 with every scripted object
            send(self.editor_port, {"messageID": 1, "scriptStates": self.scripts})
            return
        if m["messageID"] == 1:  # save & play: listed objects get script and UI replaced, the game reloads
            for new in m["scriptStates"]:
                self.scripts = [s for s in self.scripts if s["guid"] != new["guid"]] + [
                    {"name": next((s["name"] for s in self.scripts if s["guid"] == new["guid"]), "Companion"), **new}]
            send(self.editor_port, {"messageID": 1, "scriptStates": self.scripts})
            return
        if m["messageID"] != 3 or self.mode == "silent":  # silent: the script returned nil
            return
        if self.mode == "busy" and self.busy > 0:
            self.busy -= 1
            send(self.editor_port, {"messageID": 5, "returnID": m["returnID"], "returnValue": '{"busy": true}'})
            return
        if self.mode == "foreign":  # the game's own error arrives first, then our answer
            send(self.editor_port, {"messageID": 3, "guid": "-1", "error": "chunk_0:(3,1): attempt to index nil",
                                    "errorMessagePrefix": "Error in Global Script: "})
        lua = lua52.LuaRuntime()
        g = lua.globals()
        g.JSON = lua.table(encode=lambda _v: json.dumps(self.snapshot))
        if self.mode != "error":
            lua.execute("function companion_snapshot() return {} end")
        # base.md spawnObjectJSON: the object with its own script; a new GUID.
        g.spawnObjectJSON = lambda params: (self.spawned.append(params["json"]),
                                            lua.table(getGUID=lambda: "d00d00"))[1]
        try:
            value = lua.execute(m["script"])
        except lua52.LuaError as exc:
            send(self.editor_port, {"messageID": 3, "guid": m["guid"], "error": str(exc).split("\n")[0],
                                    "errorMessagePrefix": "Error in Object Script: "})
            return
        send(self.editor_port, {"messageID": 5, "returnID": m["returnID"], "returnValue": value}, chunk=1000)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


SNAP = [{"colour": "Red", "cards": [{"guid": f"{i:06x}", "code": "13089", "face_down": True,
                                     "tokens": {"gold": 1}, "padding": "x" * 2000} for i in range(60)]}]


@pytest.fixture()
def pair() -> Iterator[tuple[FakeTts, Bridge]]:
    tts = FakeTts(SNAP)
    bridge = Bridge(listen_port=0, tts_port=tts.port, timeout=2).start()
    tts.editor_port = bridge.port
    yield tts, bridge
    bridge.close()
    tts.close()


def test_pull_a_large_snapshot_that_arrives_in_chunks(pair: tuple[FakeTts, Bridge]) -> None:
    tts, bridge = pair
    snap = bridge.pull_snapshot()
    assert snap == SNAP and len(json.dumps(SNAP)) > 100_000
    sent = tts.received[-1]
    assert sent["messageID"] == 3 and sent["guid"] == COMPANION_GUID and SNAPSHOT_LUA in sent["script"]
    assert isinstance(sent["returnID"], int)


def test_concurrent_requests_are_matched_by_return_id(pair: tuple[FakeTts, Bridge]) -> None:
    _, bridge = pair
    results: list[Any] = []
    threads = [threading.Thread(target=lambda: results.append(bridge.pull_snapshot())) for _ in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [SNAP] * 5


def test_custom_messages_from_the_mod_and_back(pair: tuple[FakeTts, Bridge]) -> None:
    tts, bridge = pair
    got: list[dict[str, Any]] = []
    bridge.on_custom = got.append
    send(bridge.port, {"messageID": 4, "customMessage": {"colour": "Red", "cards": []}})
    deadline = time.time() + 3
    while not got and time.time() < deadline:
        time.sleep(0.01)
    assert got == [{"colour": "Red", "cards": []}]
    bridge.push({"colour": "Red", "verdicts": [{"text": "ok"}]})
    time.sleep(0.1)
    assert tts.received[-1] == {"messageID": 2, "customMessage": {"colour": "Red", "verdicts": [{"text": "ok"}]}}


def test_a_lua_error_is_reported() -> None:
    tts = FakeTts(SNAP, mode="error")
    with Bridge(listen_port=0, tts_port=tts.port, timeout=2) as bridge:
        tts.editor_port = bridge.port
        with pytest.raises(LuaError, match=r"attempt to call global .companion_snapshot. \(a nil value\)"):
            bridge.pull_snapshot()
    tts.close()


def test_an_error_of_the_game_is_not_taken_for_an_answer() -> None:
    tts = FakeTts(SNAP, mode="foreign")
    with Bridge(listen_port=0, tts_port=tts.port, timeout=2) as bridge:
        tts.editor_port = bridge.port
        assert bridge.pull_snapshot() == SNAP
        assert any("attempt to index nil" in e for e in bridge.errors)
    tts.close()


def test_errors_are_matched_to_their_request_by_prefix() -> None:
    tts = FakeTts(SNAP, mode="error")
    with Bridge(listen_port=0, tts_port=tts.port, timeout=2) as bridge:
        tts.editor_port = bridge.port
        errors: list[str] = []

        def pull() -> None:
            try:
                bridge.pull_snapshot()
            except LuaError as exc:
                errors.append(str(exc))

        threads = [threading.Thread(target=pull) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(errors) == 4 and all("[companion:" not in e and "nil" in e for e in errors)
    tts.close()


def test_a_busy_table_is_pulled_again_once_it_is_quiet() -> None:
    tts = FakeTts(SNAP, mode="busy")
    with Bridge(listen_port=0, tts_port=tts.port, timeout=2) as bridge:
        tts.editor_port = bridge.port
        assert bridge.pull_snapshot(poll=0.05) == SNAP
        assert sum(1 for m in tts.received if m["messageID"] == 3) == 3
        tts.busy = 100
        with pytest.raises(BridgeError, match="did not come to rest"):
            bridge.pull_snapshot(quiet_wait=0.2, poll=0.05)
    tts.close()


def test_each_verdict_is_pushed_once(pair: tuple[FakeTts, Bridge]) -> None:
    tts, bridge = pair
    verdicts = [{"text": "Companion: 1 card(s) in Red's shadows could not be identified", "legal": None}]
    assert bridge.push_new("Red", verdicts) == 1
    assert bridge.push_new("Red", verdicts) == 0
    assert bridge.push_new("Blue", verdicts) == 1
    time.sleep(0.2)
    assert sum(1 for m in tts.received if m["messageID"] == 2) == 2


def test_the_listening_port_is_bound_exclusively(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket as socket_module

    assert _Server.allow_reuse_address is False
    with Bridge(listen_port=0, tts_port=1) as bridge:
        sock = bridge._server.socket
        assert sock.getsockopt(socket_module.SOL_SOCKET, socket_module.SO_REUSEADDR) == 0
    # Where the OS has SO_EXCLUSIVEADDRUSE (Windows) it is set before binding; stand in another option here.
    monkeypatch.setattr(socket_module, "SO_EXCLUSIVEADDRUSE", socket_module.SO_KEEPALIVE, raising=False)
    with Bridge(listen_port=0, tts_port=1) as bridge:
        assert bridge._server.socket.getsockopt(socket_module.SOL_SOCKET, socket_module.SO_KEEPALIVE) == 1


def test_silence_times_out_with_a_clear_message() -> None:
    tts = FakeTts(SNAP, mode="silent")
    with Bridge(listen_port=0, tts_port=tts.port, timeout=0.3) as bridge:
        tts.editor_port = bridge.port
        started = time.time()
        with pytest.raises(BridgeError, match="no answer from Tabletop Simulator"):
            bridge.pull_snapshot()
        assert time.time() - started < 2
    tts.close()


def test_tts_not_running() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed_port = s.getsockname()[1]
    with Bridge(listen_port=0, tts_port=closed_port, timeout=1) as bridge, \
            pytest.raises(TtsNotRunning, match="not answering"):
        bridge.pull_snapshot()


def test_the_listening_port_already_taken() -> None:
    with Bridge(listen_port=0, tts_port=1) as first, pytest.raises(BridgeError, match="cannot listen"):
        Bridge(listen_port=first.port, tts_port=1)


def test_garbage_on_the_listening_port_is_ignored(pair: tuple[FakeTts, Bridge]) -> None:
    _, bridge = pair
    with socket.create_connection(("127.0.0.1", bridge.port)) as s:
        s.sendall(b"{not json")
    assert bridge.pull_snapshot() == SNAP  # still working


def test_bridge_command_end_to_end(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Fake TTS -> `companion tts bridge --once` -> real companion server -> verdicts pushed back to TTS."""
    import subprocess
    import sys

    from tests.server import call, start_server

    server = start_server(tmp_path_factory.mktemp("bridge") / "games.db")
    try:
        base = server.url + "/api"
        _, g = call(base, "POST", "/games", {"seats": ["Red", "Blue"], "judge": True})
        gid, red, judge = g["game"]["id"], g["seats"][0]["key"], g["judge"]["key"]
        assert call(base, "PUT", f"/games/{gid}/seats/Red/deck", {"expected_version": 0, "deck": {"13089": 1}},
                    red)[0] == 200
        tts = FakeTts([{"colour": "Red", "cards": [{"guid": "c0ffee", "code": "13089", "face_down": True}]}])
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            listen = s.getsockname()[1]
        tts.editor_port = listen
        result = subprocess.run(
            [sys.executable, "-m", "companion", "tts", "bridge", "--url", server.url, "--game", gid, "--key", judge,
             "--listen", str(listen), "--tts-port", str(tts.port), "--once", "--install", "--seat", "Red=Red"],
            capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        assert "Red: 1 action(s) recorded" in result.stdout
        pushed = [m for m in tts.received if m["messageID"] == 2 and "colour" in m["customMessage"]]
        assert pushed and pushed[0]["customMessage"]["colour"] == "Red"
        # --install: the game's scripts fetched, the Companion object (none yet) spawned through Global with the
        # helper, saved and played; then the key handed over by message: nobody pastes it.
        from companion.tts.bundle import bundle

        assert [m["messageID"] for m in tts.received][:3] == [0, 3, 1]
        assert json.loads(tts.spawned[0])["LuaScript"] == bundle()
        assert tts.received[2]["scriptStates"] == [{"guid": "d00d00", "script": bundle(), "ui": ""}]
        assert "Helper installed in the Companion object d00d00" in result.stdout
        first = next(m for m in tts.received if m["messageID"] == 2)
        assert first["customMessage"] == {"key": judge, "game": gid}
        assert "setup into shadows" in pushed[0]["customMessage"]["verdicts"][0]["text"]
        _, view = call(base, "GET", f"/games/{gid}/view", key=red)
        assert view["players"][0]["shadows"][0]["card"]["code"] == "13089"
        tts.close()
    finally:
        server.stop()


def test_forwarding_retries_a_conflict_with_the_same_request_id() -> None:
    import http.server

    from companion.cli.tts import forward_snapshot

    seen: list[dict[str, Any]] = []

    class Companion(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            seen.append(body)
            status, reply = (409, {"error": {"code": "conflict", "message": "busy", "details": {}}}) \
                if len(seen) == 1 else (200, {"colour": "Red", "recorded": 1, "verdicts": []})
            data = json.dumps(reply).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Companion)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        answer = forward_snapshot(f"http://127.0.0.1:{server.server_address[1]}", "G1", "K",
                                  {"colour": "Red", "cards": []})
    finally:
        server.shutdown()
        server.server_close()
    assert answer["recorded"] == 1 and len(seen) == 2
    assert seen[0]["request_id"] == seen[1]["request_id"] and len(seen[0]["request_id"]) == 32


def test_verdicts_are_kept_apart_by_entry_and_memory_is_bounded(pair: tuple[FakeTts, Bridge]) -> None:
    from companion.tts import bridge as bridge_module

    _, bridge = pair
    same = "Companion: marshal into shadows The Imp's Agent"
    assert bridge.push_new("Red", [{"text": same, "legal": True, "entry": 7}]) == 1
    assert bridge.push_new("Red", [{"text": same, "legal": True, "entry": 7}]) == 0   # the same entry again
    assert bridge.push_new("Red", [{"text": same, "legal": True, "entry": 9}]) == 1   # a second, identical move
    many = [{"text": "x", "entry": 100 + i} for i in range(bridge_module.MAX_PUSHED + 500)]   # a long session
    assert bridge.push_new("Blue", many) == len(many)
    assert len(bridge._pushed) == bridge_module.MAX_PUSHED
    for i in range(bridge_module.MAX_ERRORS + 10):
        send(bridge.port, {"messageID": 3, "guid": "-1", "error": f"game error {i}"})
    deadline = time.time() + 3
    while len(bridge.errors) < bridge_module.MAX_ERRORS and time.time() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)
    assert len(bridge.errors) == bridge_module.MAX_ERRORS


def test_a_burst_of_connections_from_tts_waits_in_the_listening_queue() -> None:
    """TTS opens a connection for each message it sends. The bridge's listening queue held 5 (socketserver's
    default): in a burst (a script's errors one after another) each connection past it was dropped and came again a
    second later (TCP's retry), which cost 6 s of a test sending 60. Here nothing is accepted yet, as when the bridge
    is busy: every one of 60 connections is made all the same."""
    import select

    from companion.tts.bridge import _Handler

    server = _Server(("127.0.0.1", 0), _Handler)  # listening, not accepting
    socks = []
    try:
        for _ in range(60):
            s = socket.socket()
            s.setblocking(False)
            s.connect_ex(server.server_address)
            socks.append(s)
        pending, deadline = set(socks), time.time() + 5
        while pending and time.time() < deadline:
            _, made, _ = select.select([], list(pending), [], max(0.0, deadline - time.time()))
            pending -= set(made)
        assert not pending, f"{len(pending)} of 60 connections not made"
        assert all(s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0 for s in socks)
    finally:
        for s in socks:
            s.close()
        server.server_close()


def test_install_replaces_the_companion_objects_script_and_saves_and_plays(pair: tuple[FakeTts, Bridge]) -> None:
    tts, bridge = pair
    tts.scripts.append({"name": "Companion", "guid": COMPANION_GUID, "script": "-- an old helper", "ui": "<x/>"})
    assert bridge.install("-- the new helper") == COMPANION_GUID
    kinds = [m["messageID"] for m in tts.received]
    assert kinds == [0, 1]   # get scripts, then save & play with only the Companion object listed
    assert tts.received[1]["scriptStates"] == [{"guid": COMPANION_GUID, "script": "-- the new helper", "ui": "<x/>"}]
    assert next(s for s in tts.scripts if s["guid"] == "-1")["script"] == "-- the mod"   # Global untouched


def test_install_without_a_companion_object_spawns_it(pair: tuple[FakeTts, Bridge]) -> None:
    tts, bridge = pair
    obj = json.dumps({"Name": "BlockSquare", "Nickname": "Companion", "LuaScript": "-- helper"})
    assert bridge.install("-- helper", spawn_json=obj) == "d00d00"
    assert tts.spawned == [obj]
    assert [m["messageID"] for m in tts.received] == [0, 3, 1]
    assert tts.received[1]["guid"] == "-1" and tts.received[2]["scriptStates"][0]["guid"] == "d00d00"
    with pytest.raises(BridgeError, match="no Companion object"):
        tts.scripts = [s for s in tts.scripts if s["guid"] == "-1"]
        bridge.install("-- helper")


def test_the_key_is_handed_over_again_when_the_helper_asks(pair: tuple[FakeTts, Bridge]) -> None:
    tts, bridge = pair
    bridge.hand_key("TABLEKEY", "G1")
    send(bridge.port, {"messageID": 4, "customMessage": {"companion": "key wanted", "game": "G1"}})  # after a rewind
    deadline = time.time() + 3
    while sum(1 for m in tts.received if m["messageID"] == 2) < 2 and time.time() < deadline:
        time.sleep(0.01)
    keys = [m["customMessage"] for m in tts.received if m["messageID"] == 2]
    assert keys == [{"key": "TABLEKEY", "game": "G1"}] * 2
