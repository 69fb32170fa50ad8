"""The test servers keep to their own files: a server a test module starts (before any test's own data directory
is set) touches nothing of the per-user data directory, whose catalog every other run on the machine reseeds with
its own package's facts."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server import call, start_server


def test_a_test_server_uses_no_file_of_the_per_user_data_directory(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMPANION_DATA_DIR")  # as for a module's server: no test's data directory set yet
    home = tmp_path / "home"
    server = start_server(tmp_path / "games.db", env={"HOME": str(home), "XDG_DATA_HOME": str(home / "xdg")})
    try:
        status, found = call(server.url + "/api", "GET", "/cards?q=burned+men")
        assert status == 200, found
    finally:
        server.stop()
    assert not home.exists(), sorted(str(p) for p in home.rglob("*"))
