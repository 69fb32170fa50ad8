"""Server-level limits on a real server on loopback (issue 10, items 3 and 6): what is refused before
any route runs, streams need a key, a re-issued key ends old streams, and --durability is wired."""

from __future__ import annotations

import socket
import time
import urllib.request
from collections.abc import Iterable, Iterator
from pathlib import Path

from tests.server import Server, call, start_server


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def raw_request(url: str, head: bytes, body_chunks: Iterable[bytes] = (), timeout: float = 10) -> bytes:
    """Send ``head`` (and as much of the body as the server takes) on one connection; the reply."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=timeout) as s:
        s.sendall(head)
        try:
            for chunk in body_chunks:
                s.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server stopped reading: that is the point
        reply = b""
        try:
            while True:
                data = s.recv(65536)
                if not data:
                    break
                reply += data
        except (ConnectionResetError, TimeoutError):
            pass
        return reply


def status_of(reply: bytes) -> int:
    return int(reply.split(b" ", 2)[1]) if reply.startswith(b"HTTP/1.") else 0


def test_a_huge_content_length_is_refused_before_the_body_is_read(server: Server) -> None:
    before = rss_kib(server.proc.pid)
    head = (b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 52428800\r\n\r\n")
    started = time.time()
    reply = raw_request(server.url, head)  # not one byte of the 50 MB is sent
    assert status_of(reply) == 413, reply[:200]
    assert time.time() - started < 5
    assert rss_kib(server.proc.pid) - before < 10 * 1024
    assert call(server.url + "/api", "GET", "/health", timeout=2)[0] == 200


def test_a_chunked_body_over_the_limit_is_cut_off(server: Server) -> None:
    head = (b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n")
    mib = b"x" * (1024 * 1024)
    sent = 0

    def chunks() -> Iterator[bytes]:
        nonlocal sent
        for _ in range(40):  # 40 MiB offered, the cap is 16 MiB
            sent += 1
            yield b"100000\r\n" + mib + b"\r\n"
        yield b"0\r\n\r\n"

    reply = raw_request(server.url, head, chunks(), timeout=20)
    assert status_of(reply) == 413, reply[:200]


def test_oversized_request_headers_are_refused(server: Server) -> None:
    head = (b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: " + b"a" * 40_000 + b"\r\n\r\n")
    reply = raw_request(server.url, head)
    assert status_of(reply) in (400, 431), reply[:200]


def test_a_head_that_grows_slowly_past_its_limit_is_refused_before_the_header_timeout(server: Server) -> None:
    """A header sent a kilobyte at a time, never finished: the parser keeps what it has read, so the head is cut
    off with 431 once it passes its limit (24 KiB), not held until the 10 s header timeout."""
    head = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: "
    started = time.time()

    def slowly() -> Iterator[bytes]:
        for _ in range(200):  # 200 KiB offered
            time.sleep(0.005)
            yield b"a" * 1024

    reply = raw_request(server.url, head, slowly(), timeout=8)
    assert status_of(reply) == 431, reply[:200]
    assert b'"headers_too_large"' in reply
    assert time.time() - started < 5
    assert call(server.url + "/api", "GET", "/health", timeout=2)[0] == 200


def test_a_keep_alive_connection_carries_request_after_request_under_the_head_limit(server: Server) -> None:
    """The head's count starts again with each request: forty requests of 1 KiB heads on one connection."""
    import http.client

    host, port = server.url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=5)
    try:
        for _ in range(40):
            conn.request("GET", "/api/health", headers={"X-Filler": "a" * 1024})
            r = conn.getresponse()
            r.read()
            assert r.status == 200
    finally:
        conn.close()


def test_a_stream_without_a_key_is_the_spectators_and_a_wrong_key_is_refused(server: Server) -> None:
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": ["A", "B"]})
    url = f"{base}/games/{g['game']['id']}/events"
    with urllib.request.urlopen(url, timeout=5) as r:  # no key: a spectator's table view, live
        assert r.status == 200 and r.headers["Content-Type"].startswith("text/event-stream")
    status, body = call(base, "GET", url.removeprefix(base), key="not-a-key", timeout=5)
    assert status == 401 and body["error"]["code"] == "bad_key"


def test_a_reissued_key_ends_the_old_keys_stream_within_a_second(server: Server) -> None:
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": ["A", "B"], "judge": True})
    gid, kb, judge = g["game"]["id"], g["seats"][1]["key"], g["judge"]["key"]
    req = urllib.request.Request(f"{base}/games/{gid}/events", headers={"Authorization": f"Bearer {kb}"})
    with urllib.request.urlopen(req, timeout=10) as r:
        status, _ = call(base, "POST", f"/games/{gid}/seats/B/key", {}, judge)
        assert status == 200
        issued = time.time()
        lines = []
        for raw in r:  # ends when the server closes the stream
            lines.append(raw.decode().strip())
            if lines[-1] == "event: revoked":
                break
        assert "event: revoked" in lines
        assert time.time() - issued < 1.0


def test_durability_full_is_wired_from_the_command_line(tmp_path: Path) -> None:
    s = start_server(tmp_path / "games.db", "--durability", "full")
    try:
        assert any("durability full" in line for line in s.banner)
        base = s.url + "/api"
        _, g = call(base, "POST", "/games", {"seats": ["A", "B"]})
        gid, ka = g["game"]["id"], g["seats"][0]["key"]
        status, _ = call(base, "PUT", f"/games/{gid}/seats/A/deck",
                         {"expected_version": 0, "deck": {"00168": 3}}, ka)
        assert status == 200
    finally:
        s.stop()


def proc_status(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field}")


def open_streams(url: str, paths_keys: list[tuple[str, str | None]]) -> tuple[list[socket.socket], list[bytes]]:
    """Open one raw SSE connection per (path, key); the first bytes each got (its status line)."""
    host, port = url.removeprefix("http://").split(":")

    def connect(path: str, key: str | None) -> socket.socket:
        s = socket.create_connection((host, int(port)), timeout=10)
        auth = f"Authorization: Bearer {key}\r\n" if key else ""  # none: a spectator
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}\r\n".encode())
        return s

    socks = [connect(path, key) for path, key in paths_keys]
    firsts = [s.recv(64) for s in socks]
    # Hundreds of devices arriving in the same instant can meet a full queue (503 "busy"); like EventSource,
    # a device then tries again a moment later. Caps (429) and every other answer stand as they came.
    for _ in range(10):
        busy = [i for i, f in enumerate(firsts) if f.startswith(b"HTTP/1.1 503")]
        if not busy:
            break
        time.sleep(0.5)
        for i in busy:
            socks[i].close()
            socks[i] = connect(*paths_keys[i])
            firsts[i] = socks[i].recv(64)
    return socks, firsts


def test_600_streams_cost_no_threads_and_health_answers_at_once(tmp_path: Path) -> None:
    s = start_server(tmp_path / "games.db", "--devices", "1000",
                     env={"COMPANION_STREAMS_PER_ADDRESS": "1000"})
    socks: list[socket.socket] = []
    try:
        base = s.url + "/api"
        games = []
        for _ in range(20):
            _, g = call(base, "POST", "/games", {"seats": ["A", "B"]})
            games.append((g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]))
        threads_before = proc_status(s.proc.pid, "Threads")
        socks, firsts = open_streams(s.url, [(f"/api/games/{gid}/events", key)  # 15 a key: under its cap of 16
                                             for gid, ka, kb in games for key in (ka, kb) for _ in range(15)])
        assert all(f.startswith(b"HTTP/1.1 200") for f in firsts), sorted({f[:40] for f in firsts})
        started = time.time()
        assert call(base, "GET", "/health", timeout=1)[0] == 200
        assert time.time() - started < 1.0
        # 600 streams, and the server has at most its worker pool more threads than when idle.
        assert proc_status(s.proc.pid, "Threads") <= threads_before + 20
        assert proc_status(s.proc.pid, "Threads") < 60
    finally:
        for sock in socks:
            sock.close()
        s.stop()


def test_stream_caps_answer_429_with_a_clear_error(server: Server) -> None:
    """A game holds 64 streams, and one key at most a quarter of them: a seat opening streams without end once took
    all 64, and the other seat's phones, the host page and the judge got 429 for the rest of the game. A casual
    host holding the host's key and both seats' keys still leaves a quarter for the judge and the TTS helper."""
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": ["A", "B"], "judge": True})
    gid, key, other, host = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"], g["host"]["key"]
    table = call(base, "POST", f"/games/{gid}/keys/table", {}, key=host)[1]["key"]
    socks, firsts = open_streams(server.url, [(f"/api/games/{gid}/events", key)] * 40)  # PER_KEY is 16
    try:
        assert sum(f.startswith(b"HTTP/1.1 200") for f in firsts) == 16
        refused = [f for f in firsts if not f.startswith(b"HTTP/1.1 200")]
        assert len(refused) == 24 and all(f.startswith(b"HTTP/1.1 429") for f in refused)
        status, body = call(base, "GET", f"/games/{gid}/events", key=key, timeout=5)
        assert status == 429 and body["error"]["code"] == "too_many_streams"
        assert "your key" in body["error"]["message"]
        for holder in (other, host):  # the same person's other keys: 48 streams in all
            more, firsts = open_streams(server.url, [(f"/api/games/{gid}/events", holder)] * 20)
            socks += more
            assert sum(f.startswith(b"HTTP/1.1 200") for f in firsts) == 16
        more, firsts = open_streams(server.url, [(f"/api/games/{gid}/events", g["judge"]["key"])] * 15)
        socks += more
        assert all(f.startswith(b"HTTP/1.1 200") for f in firsts)  # the judge still gets in
        more, firsts = open_streams(server.url, [(f"/api/games/{gid}/events", table)] * 2)
        socks += more
        assert sorted(f[:12] for f in firsts) == [b"HTTP/1.1 200", b"HTTP/1.1 429"]  # the 64th; then the game is full
        status, body = call(base, "GET", f"/games/{gid}/events", key=table, timeout=5)
        assert status == 429 and "this game" in body["error"]["message"]
    finally:
        for sock in socks:
            sock.close()


def test_spectators_streams_are_capped_together_and_leave_the_table_its_own(server: Server) -> None:
    """Table views without a key share one key's quarter of a game's streams: strangers opening them without end get
    429 past 16, and the seats' phones still get in; another game's spectators are counted apart."""
    base = server.url + "/api"
    _, g = call(base, "POST", "/games", {"seats": ["A", "B"]})
    _, other = call(base, "POST", "/games", {"seats": ["A", "B"]})
    gid, key = g["game"]["id"], g["seats"][0]["key"]
    socks, firsts = open_streams(server.url, [(f"/api/games/{gid}/events", None)] * 20)
    try:
        assert sum(f.startswith(b"HTTP/1.1 200") for f in firsts) == 16
        assert sum(f.startswith(b"HTTP/1.1 429") for f in firsts) == 4
        status, body = call(base, "GET", f"/games/{gid}/events", timeout=5)
        assert status == 429 and "without a key" in body["error"]["message"]
        more, firsts = open_streams(server.url, [(f"/api/games/{gid}/events", key)] * 2
                                    + [(f"/api/games/{other['game']['id']}/events", None)] * 2)
        socks += more
        assert all(f.startswith(b"HTTP/1.1 200") for f in firsts), firsts
    finally:
        for sock in socks:
            sock.close()


def test_half_sent_headers_do_not_block_the_server(tmp_path: Path) -> None:
    """200 connections that never finish their headers: the server answers others at once, and closes each of them
    when its header timeout comes (3 s here, set for this server: the default 10 s would be waited for in full)."""
    server = start_server(tmp_path / "games.db", env={"COMPANION_HEADER_TIMEOUT": "3"})
    host, port = server.url.removeprefix("http://").split(":")
    socks = []
    try:
        for _ in range(200):
            s = socket.create_connection((host, int(port)), timeout=10)
            s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # never finished
            socks.append(s)
        started = time.time()
        assert call(server.url + "/api", "GET", "/health", timeout=1)[0] == 200
        assert time.time() - started < 1.0
        # The header timeout closes them: each read ends (b"") instead of waiting on.
        deadline = time.time() + 20
        for s in socks:
            s.settimeout(max(0.1, deadline - time.time()))
            assert s.recv(1024) == b""
        assert time.time() - started < 15
    finally:
        for s in socks:
            s.close()
        server.stop()


def test_answers_are_not_held_back_by_nagle() -> None:
    """The listening socket must let asyncio switch Nagle off on every connection it accepts.

    It did not (a socket made with proto 0 is skipped by asyncio), so every answer's body waited for
    the client's delayed ACK of the headers: 44 ms for any request, /api/health included.
    """
    import asyncio

    from companion.cli.serve import bind_socket

    async def accepted_nodelay() -> int:
        seen: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        class Probe(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                sock = transport.get_extra_info("socket")
                seen.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
                transport.close()

        listener = bind_socket("127.0.0.1", 0)
        server = await asyncio.get_running_loop().create_server(Probe, sock=listener)
        port = listener.getsockname()[1]
        _reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            return await asyncio.wait_for(seen, 5)
        finally:
            writer.close()
            server.close()

    assert asyncio.run(accepted_nodelay()) != 0
