"""Tabletop Simulator's External Editor API: one JSON message per TCP connection.

TTS listens on 39999; the companion listens on 39998 and gets every answer there, on a new
connection. Messages can arrive in several chunks, so each connection is read to EOF first.
We send message 3 (execute Lua, with a ``returnID``) to pull a snapshot, answered by message 5;
the mod's ``sendExternalMessage`` arrives as message 4; message 2 carries our verdicts back.
"""

from __future__ import annotations

import itertools
import json
import logging
import socket
import socketserver
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)
SNAPSHOT_LUA = "return JSON.encode(companion_snapshot())"
MAX_MESSAGE = 64 * 1024 * 1024


class BridgeError(Exception):
    pass


class TtsNotRunning(BridgeError):
    pass


class LuaError(BridgeError):
    pass


class _Handler(socketserver.BaseRequestHandler):
    def handle(self) -> None:
        chunks, size = [], 0
        self.request.settimeout(10)
        try:
            while chunk := self.request.recv(65536):
                chunks.append(chunk)
                size += len(chunk)
                if size > MAX_MESSAGE:
                    log.warning("a message from TTS is over %d bytes; dropped", MAX_MESSAGE)
                    return
        except TimeoutError:
            log.warning("a message from TTS stopped arriving; dropped")
            return
        try:
            message = json.loads(b"".join(chunks).decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            log.warning("unreadable message from TTS: %s", exc)
            return
        if isinstance(message, dict):
            self.server.bridge._receive(message)  # type: ignore[attr-defined]


class _Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


class Bridge:
    def __init__(self, listen_port: int = 39998, tts_port: int = 39999, host: str = "127.0.0.1",
                 timeout: float = 5.0) -> None:
        self.host, self.tts_port, self.timeout = host, tts_port, timeout
        try:
            self._server = _Server((host, listen_port), _Handler)
        except OSError as exc:
            raise BridgeError(f"cannot listen on {host}:{listen_port} ({exc.strerror or exc}); is the VS Code or "
                              "Atom Tabletop Simulator plugin running? Only one program can hold that port") from None
        self._server.bridge = self  # type: ignore[attr-defined]
        self.port = self._server.server_address[1]
        self._ids = itertools.count(1)
        self._waiting: dict[int, tuple[threading.Event, list[dict[str, Any]]]] = {}
        self._lock = threading.Lock()
        self.on_custom: Callable[[dict[str, Any]], None] | None = None
        self.errors: list[str] = []
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def start(self) -> Bridge:
        self._thread.start()
        return self

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> Bridge:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- sending ---------------------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        try:
            with socket.create_connection((self.host, self.tts_port), timeout=self.timeout) as s:
                s.sendall(json.dumps(message).encode("utf-8"))
        except (ConnectionRefusedError, TimeoutError):
            raise TtsNotRunning(f"Tabletop Simulator is not answering on {self.host}:{self.tts_port}: is it running "
                                "with a game loaded?") from None

    def execute(self, script: str, timeout: float | None = None) -> Any:
        """Run Lua in the Global script and return its value (TTS answers with message 5)."""
        rid = next(self._ids)
        done = threading.Event()
        box: list[dict[str, Any]] = []
        with self._lock:
            self._waiting[rid] = (done, box)
        try:
            self.send({"messageID": 3, "guid": "-1", "script": script, "returnID": rid})
            if not done.wait(timeout if timeout is not None else self.timeout):
                last = f" (last error from TTS: {self.errors[-1]})" if self.errors else ""
                raise BridgeError(f"no answer from Tabletop Simulator within {timeout or self.timeout:g} s{last}")
        finally:
            with self._lock:
                self._waiting.pop(rid, None)
        answer = box[0]
        if "error" in answer:
            raise LuaError(answer["error"])
        return answer.get("returnValue")

    def pull_snapshot(self) -> list[dict[str, Any]]:
        value = self.execute(SNAPSHOT_LUA)
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except json.JSONDecodeError:
                raise BridgeError("the mod returned a snapshot that is not JSON") from None
        if isinstance(value, dict):  # an empty Lua table encodes as {}
            value = list(value.values())
        if not isinstance(value, list):
            raise BridgeError("the mod returned no snapshot; is the companion helper script installed?")
        return [v for v in value if isinstance(v, dict)]

    def push(self, custom: dict[str, Any]) -> None:
        self.send({"messageID": 2, "customMessage": custom})

    # -- receiving ----------------------------------------------------------------------------
    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("messageID")
        if kind == 5:
            rid = message.get("returnID")
            with self._lock:
                waiting = self._waiting.get(rid) if isinstance(rid, int) else None
            if waiting:
                waiting[1].append(message)
                waiting[0].set()
        elif kind == 3:
            text = f"{message.get('errorMessagePrefix', '')}{message.get('error', '')}"
            self.errors.append(text)
            with self._lock:  # an error answers the oldest pending execute
                pending = sorted(self._waiting.items())
            if pending:
                pending[0][1][1].append({"error": text})
                pending[0][1][0].set()
        elif kind == 4 and isinstance(message.get("customMessage"), dict):
            if self.on_custom:
                self.on_custom(message["customMessage"])
        elif kind == 2:
            log.info("TTS: %s", message.get("message"))
