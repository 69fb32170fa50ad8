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


def test_the_long_modules_run_first_are_modules_of_the_suite() -> None:
    """A name in tests/conftest.py's LONG_FIRST that is no module (renamed, split) would quietly stop ordering it."""
    from tests.conftest import LONG_FIRST

    here = Path(__file__).parent
    assert [m for m in LONG_FIRST if not (here / f"{m}.py").is_file()] == []
    assert len(set(LONG_FIRST)) == len(LONG_FIRST)


def test_a_test_that_changes_its_catalog_changes_it_for_itself_alone_1() -> None:
    """Each test's catalog is a link to one seeded file (tests/conftest.py's ``PristineCatalog``): a test that writes
    to it gets it copied afresh for the next test. This test changes a card; the next one reads it as seeded."""
    from dataclasses import replace

    from companion.catalog.store import Catalog

    catalog = Catalog.open()  # the test's data directory's
    card = catalog.card("01001")
    catalog.upsert([replace(card, name="Changed by a test")])
    assert Catalog.open().card("01001").name == "Changed by a test"


def test_a_test_that_changes_its_catalog_changes_it_for_itself_alone_2() -> None:
    from companion.catalog.store import Catalog, shipped_cards

    assert Catalog.open().card("01001").name == next(c.name for c in shipped_cards() if c.code == "01001")


def test_tests_take_their_catalog_in_memory_from_fresh_catalog() -> None:
    """A catalog seeded in memory costs seconds; ``tests.catalogs.fresh_catalog()`` copies one seeded once a process
    (hundredths). Outside a script's main block, tests take the copy."""
    seeds, main = "Catalog." + "in_memory()", "if __name__ == " + '"__main__":'  # (not found in this file itself)
    here = Path(__file__).parent
    seeding = [f"{path.name}:{n}" for path in sorted(here.glob("*.py")) if path.name != "catalogs.py"
               for n, line in enumerate(path.read_text(encoding="utf-8").split(main)[0].splitlines(), start=1)
               if seeds in line]
    assert seeding == [], seeding
