"""Tabletop Simulator's External Editor API: one JSON message per TCP connection.

TTS listens on 39999; the companion listens on 39998 and gets every answer there, on a new
connection. Messages can arrive in several chunks, so each connection is read to EOF first.
We send message 3 (execute Lua, with a ``returnID``) to pull a snapshot, answered by message 5;
the mod's ``sendExternalMessage`` arrives as message 4; message 2 carries our verdicts back.

An error (message 3) carries no ``returnID``: each script we run is wrapped so that its errors start
with a prefix naming the request, and an error without one is the game's own, not an answer.
The helper runs as the script of the "Companion" object, so scripts run on that object's GUID.

The bridge also does the modder's chores: ``install`` pushes the helper into a running game (message 0 "get
scripts", the Companion object's script replaced, message 1 "save & play"; without a Companion object it is
spawned through the Global script), ``hand_key`` gives the helper the table key by message (also whenever the
helper asks for it after a load or a rewind), and verdicts are pushed once per log entry, in bounded memory.
"""

from __future__ import annotations

import itertools
import json
import logging
import re
import socket
import socketserver
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Any

from companion.tts.bundle import COMPANION_GUID as COMPANION_GUID  # TTS keeps it unless it is taken

log = logging.getLogger(__name__)
SNAPSHOT_LUA = "return JSON.encode(companion_snapshot())"
MAX_MESSAGE = 64 * 1024 * 1024
MAX_PUSHED = 2000   # verdicts remembered as pushed (the oldest forgotten first)
MAX_ERRORS = 50     # errors from TTS kept for messages
_PREFIX = re.compile(r"\[companion:(\d+)\] ?")


def wrap(script: str, rid: int) -> str:
    """Run ``script`` so that any error it raises starts with this request's prefix."""
    return (f"local ok, value = pcall(function()\n{script}\nend)\n"
            f"if not ok then error(\"[companion:{rid}] \" .. tostring(value), 0) end\nreturn value")


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
        if isinstance(message, dict) and isinstance(self.server, _Server):
            self.server.bridge._receive(message)


class _Server(socketserver.ThreadingTCPServer):
    # Exclusive: no SO_REUSEADDR (on Windows it lets a second program bind the same port), and
    # SO_EXCLUSIVEADDRUSE where the OS has it, so no other program can take 39998 from under us.
    allow_reuse_address = False
    daemon_threads = True
    # TTS sends each message on a connection of its own: a burst of them (a script's errors, prints) overflowed
    # socketserver's queue of 5, and each connection refused meanwhile reached us a second late (TCP's retry).
    request_queue_size = 128
    bridge: Bridge  # set by Bridge when it starts the server

    def server_bind(self) -> None:
        exclusive = getattr(socket, "SO_EXCLUSIVEADDRUSE", None)
        if exclusive is not None:
            self.socket.setsockopt(socket.SOL_SOCKET, exclusive, 1)
        super().server_bind()


class Bridge:
    def __init__(self, listen_port: int = 39998, tts_port: int = 39999, host: str = "127.0.0.1",
                 timeout: float = 5.0, guid: str = COMPANION_GUID) -> None:
        self.host, self.tts_port, self.timeout, self.guid = host, tts_port, timeout, guid
        try:
            self._server = _Server((host, listen_port), _Handler)
        except OSError as exc:
            raise BridgeError(f"cannot listen on {host}:{listen_port} ({exc.strerror or exc}); is the VS Code or "
                              "Atom Tabletop Simulator plugin running? Only one program can hold that port") from None
        self._server.bridge = self
        self.port = self._server.server_address[1]
        self._ids = itertools.count(1)
        self._waiting: dict[int, tuple[threading.Event, list[dict[str, Any]]]] = {}
        self._lock = threading.Lock()
        self.on_custom: Callable[[dict[str, Any]], None] | None = None
        self.on_loaded: Callable[[list[dict[str, Any]]], None] | None = None
        self.errors: deque[str] = deque(maxlen=MAX_ERRORS)
        self._pushed: OrderedDict[tuple[str, str, str], None] = OrderedDict()
        self._scripts: list[tuple[threading.Event, list[list[dict[str, Any]]]]] = []
        self.key: dict[str, str] | None = None
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

    def execute(self, script: str, timeout: float | None = None, guid: str | None = None) -> Any:
        """Run Lua on the Companion object (or ``guid``: "-1" is Global) and return its value (message 5)."""
        rid = next(self._ids)
        done = threading.Event()
        box: list[dict[str, Any]] = []
        with self._lock:
            self._waiting[rid] = (done, box)
        try:
            self.send({"messageID": 3, "guid": guid or self.guid, "script": wrap(script, rid), "returnID": rid})
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

    def pull_snapshot(self, quiet_wait: float = 10.0, poll: float = 0.5) -> list[dict[str, Any]]:
        """Every colour's report, once the table is quiet (nothing held or spawning): no mid-drag states."""
        deadline = time.monotonic() + quiet_wait
        while True:
            value = self._pull()
            if not (isinstance(value, dict) and value.get("busy")):
                return self._reports(value)
            if time.monotonic() >= deadline:
                raise BridgeError(f"the table did not come to rest within {quiet_wait:g} s (a card is held)")
            time.sleep(poll)

    def _pull(self) -> Any:
        value = self.execute(SNAPSHOT_LUA)
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except json.JSONDecodeError:
                raise BridgeError("the mod returned a snapshot that is not JSON") from None
        return value

    @staticmethod
    def _reports(value: Any) -> list[dict[str, Any]]:
        if isinstance(value, dict):  # an empty Lua table encodes as {}
            value = list(value.values())
        if not isinstance(value, list):
            raise BridgeError("the mod returned no snapshot; is the companion helper script installed?")
        return [v for v in value if isinstance(v, dict)]

    def push(self, custom: dict[str, Any]) -> None:
        self.send({"messageID": 2, "customMessage": custom})

    @staticmethod
    def _verdict_key(colour: str, v: dict[str, Any]) -> tuple[str, str, str]:
        # A verdict about a log entry is that entry's: a second identical text about a new entry is new.
        # A note without an entry (a pending card, a reconciliation) is the same note while its text is.
        entry = v.get("entry")
        return (colour, "entry", str(entry)) if isinstance(entry, int) else (colour, "text", str(v.get("text")))

    def push_new(self, colour: str, verdicts: list[dict[str, Any]]) -> int:
        """Push only the verdicts this colour has not been shown yet; how many went."""
        fresh = [v for v in verdicts if self._verdict_key(colour, v) not in self._pushed]
        if fresh:
            self.push({"colour": colour, "verdicts": fresh})
            for v in fresh:
                self._pushed[self._verdict_key(colour, v)] = None
            while len(self._pushed) > MAX_PUSHED:
                self._pushed.popitem(last=False)
        return len(fresh)

    # -- the chores ------------------------------------------------------------------------------
    def hand_key(self, key: str, game: str) -> None:
        """Give the helper its table key by message (it keeps a table key of its game with the saved game)."""
        self.key = {"key": key, "game": game}
        self.push(dict(self.key))

    def get_scripts(self, timeout: float | None = None) -> list[dict[str, Any]]:
        """Message 0: every object with a script or UI, answered by message 1 {"scriptStates": [...]}."""
        done = threading.Event()
        box: list[list[dict[str, Any]]] = []
        with self._lock:
            self._scripts.append((done, box))
        self.send({"messageID": 0})
        if not done.wait(timeout if timeout is not None else self.timeout):
            raise BridgeError("Tabletop Simulator sent no scripts: is a game loaded?")
        return box[0]

    def install(self, script: str, spawn_json: str | None = None, timeout: float | None = None) -> str:
        """Put the helper into the running game; returns the Companion object's GUID.

        The Companion object found (by GUID, or by the name "Companion"): its script replaced, the game
        reloaded with message 1 ("save & play": listed objects get script and UI replaced, others untouched).
        Not found: ``spawn_json`` (the Companion object) spawned through the Global script, with the helper as
        its script, and the game saved and reloaded the same way.
        """
        states = self.get_scripts(timeout)
        mine = next((s for s in states if s.get("guid") == self.guid), None) or \
            next((s for s in states if str(s.get("name", "")).strip() == "Companion"), None)
        if mine is None:
            if spawn_json is None:
                raise BridgeError("no Companion object in this game; add it (companion tts object) first")
            lua = ("local o = spawnObjectJSON({json = " + json.dumps(spawn_json) + "})\n"
                   "return o.getGUID()")
            guid = self.execute(lua, timeout=timeout, guid="-1")
            if not isinstance(guid, str):
                raise BridgeError("TTS did not say which GUID the Companion object got")
            mine = {"guid": guid, "ui": ""}
        self.guid = str(mine["guid"])
        done = threading.Event()
        box: list[list[dict[str, Any]]] = []
        with self._lock:
            self._scripts.append((done, box))
        self.send({"messageID": 1, "scriptStates": [{"guid": self.guid, "script": script, "ui": mine.get("ui") or ""}]})
        if not done.wait(timeout if timeout is not None else self.timeout):
            raise BridgeError("Tabletop Simulator did not reload after save & play")
        return self.guid

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
            error = str(message.get("error", ""))
            text = f"{message.get('errorMessagePrefix', '')}{error}"
            self.errors.append(text)
            m = _PREFIX.search(error)
            if m is None:  # the game's own error, not an answer to us
                log.warning("TTS: %s", text)
                return
            with self._lock:
                waiting = self._waiting.get(int(m.group(1)))
            if waiting:
                waiting[1].append({"error": _PREFIX.sub("", error, count=1)})
                waiting[0].set()
        elif kind == 1:  # scripts: an answer to message 0 or 1, or a game (re)loaded
            states = [s for s in message.get("scriptStates") or [] if isinstance(s, dict)]
            with self._lock:
                asked = self._scripts.pop(0) if self._scripts else None
            if asked:
                asked[1].append(states)
                asked[0].set()
            elif self.on_loaded:
                self.on_loaded(states)
        elif kind == 4 and isinstance(message.get("customMessage"), dict):
            custom = message["customMessage"]
            if custom.get("companion") == "key wanted" and self.key is not None:
                self.push(dict(self.key))  # after a load or a rewind the helper asks: no paste needed
            elif self.on_custom:
                self.on_custom(custom)
        elif kind == 2:
            log.info("TTS: %s", message.get("message"))
