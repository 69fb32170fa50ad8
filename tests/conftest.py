from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from companion.web import create_app
from tests.catalogs import fresh_catalog
from tests.server import Server, seeded_catalog, start_server

#: The modules that take longest, longest first (a full run's ``--durations``, added up per module). Run first, they
#: end before the short ones do, so no worker idles at the end while another runs a minute-long walk (xdist's own
#: order, by number of tests, started the one-test sweeps last). A hint for the order only: a module missing here
#: runs after these, in file order; ``scripts/setup.sh test`` keeps this order (``--no-loadscope-reorder``).
#: test_scan_titles first: 40 tests and 14 rendered photos now, some 450 s alone on a loaded machine, three times
#: any other module measured (one worker runs a whole module); test_trust up, the evening and organiser walks down
#: (their registrations got cheaper). test_types (mypy, one test of some 16 s) last of these: in file order it was
#: the third module from the end, where one worker could run it alone after the other had finished. Not checked
#: against a whole run of the suite since.
LONG_FIRST = ("test_scan_titles", "test_state_sweep", "test_browser_round", "test_browser_modules",
              "test_state_sweep_events", "test_trust", "test_events_walk_browser", "test_newcomer_browser",
              "test_tts_scenarios", "test_browser", "test_cli", "test_browser_phone", "test_camera_table_browser",
              "test_events_browser", "test_events_organiser", "test_browser_game", "test_events_evening_browser",
              "test_keys_table_browser", "test_scan_titles_browser", "test_events_swiss_browser", "test_types")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: n for n, name in enumerate(LONG_FIRST)}
    order = {id(item): n for n, item in enumerate(items)}
    items.sort(key=lambda item: (rank.get(item.path.stem, len(rank)), order[id(item)]))


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    """The catalog shipped inside the package, in memory."""
    return fresh_catalog()


@pytest.fixture(scope="session")
def _seeded_catalog() -> Path:
    """The card catalog seeded once a session from the package's facts (seeding takes seconds: every test that made
    an app seeded its own before)."""
    return seeded_catalog()  # the one the test servers read too


class PristineCatalog:
    """A copy of the seeded catalog that each test's data directory links to (a hard link: a 17 MB copy for each test
    was some 20 s of a run's time, and 23 GB written). A test that changed its catalog changed this file: it is
    copied afresh (a new file; the changed one stays with that test's directory) before the next test links to it,
    so each test still starts with the seeded catalog, untouched."""

    def __init__(self, seeded: Path, home: Path) -> None:
        self.seeded, self.path = seeded, home / "catalog.db"
        self.stamp: tuple[int, int, int] | None = None

    def _stat(self) -> tuple[int, int, int]:
        st = self.path.stat()
        return st.st_ino, st.st_size, st.st_mtime_ns

    def place(self, target: Path) -> None:
        if self.stamp is None or self._stat() != self.stamp:
            fresh = self.path.with_name("catalog.db.new")
            shutil.copyfile(self.seeded, fresh)
            os.replace(fresh, self.path)
            self.stamp = self._stat()
        try:
            os.link(self.path, target)
        except OSError:  # a file system without hard links
            shutil.copyfile(self.seeded, target)


@pytest.fixture(scope="session")
def _pristine_catalog(tmp_path_factory: pytest.TempPathFactory, _seeded_catalog: Path) -> PristineCatalog:
    return PristineCatalog(_seeded_catalog, tmp_path_factory.mktemp("pristine-catalog"))


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
                       _pristine_catalog: PristineCatalog) -> Iterator[None]:
    """No test touches the real per-user data directory; each has its own, with the seeded catalog as it was seeded
    (``PristineCatalog``: a test may change its catalog). The directory is removed after the test: at 17 MB a copy,
    a whole run's catalogs filled a CI machine's disk."""
    data = tmp_path_factory.mktemp("data")
    _pristine_catalog.place(data / "catalog.db")
    monkeypatch.setenv("COMPANION_DATA_DIR", str(data))
    monkeypatch.delenv("COMPANION_DB", raising=False)
    monkeypatch.delenv("COMPANION_CATALOG", raising=False)
    yield
    shutil.rmtree(data, ignore_errors=True)


@pytest.fixture()
def client(tmp_path: Path) -> FlaskClient:
    """The app over a real SQLite file, through Flask's test client."""
    return create_app({"DATABASE": str(tmp_path / "games.db"), "TESTING": True}).test_client()


@pytest.fixture()
def app_client(client: FlaskClient) -> FlaskClient:
    return client


@pytest.fixture(scope="session")
def server_data_dir(tmp_path_factory: pytest.TempPathFactory, _seeded_catalog: Path) -> Path:
    """The data directory of the module servers (their card catalog, a copy of the session's seeded one: the first
    server seeded its own before, seconds of its start): never the per-user one, which another checkout on the
    machine may seed with other card data meanwhile."""
    data = tmp_path_factory.mktemp("server-data")
    shutil.copyfile(_seeded_catalog, data / "catalog.db")
    return data


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest,
           server_data_dir: Path) -> Iterator[Server]:
    """A real companion server on loopback over its own database, one per test module."""
    s = start_server(tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1]) / "games.db",
                     env={"COMPANION_DATA_DIR": str(server_data_dir)})
    yield s
    s.stop()


@pytest.fixture(scope="session", autouse=True)
def _artifacts() -> None:
    """test-artifacts/screenshots/ exists whether or not screenshots are taken: tests keep text and PDF pages there."""
    (Path(__file__).resolve().parents[1] / "test-artifacts" / "screenshots").mkdir(parents=True, exist_ok=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright: one per test module (its launch flags are in
    tests/test_browser.py). Skips where Chromium or Playwright is missing."""
    from tests.test_browser import ARGS, CHROMIUM

    sync_api = pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failing test shows what its server printed meanwhile (warnings, tracebacks) and what each of its open
    pages showed: a browser test's time-out is otherwise all a CI run tells of a failure seen nowhere else."""
    outcome = yield
    report = outcome.get_result()
    if not report.failed or report.when != "call":
        return
    args = getattr(item, "funcargs", {})
    server = args.get("server")
    if isinstance(server, Server):
        said = [line for line in server.said if "Ctrl+C" not in line]
        if said:
            report.sections.append(("the server printed (last lines)", "".join(said[-60:])))
    browser = args.get("browser")
    if browser is not None:
        shown = []
        try:
            for n, context in enumerate(browser.contexts):
                for page in context.pages:
                    text = page.evaluate("document.body ? document.body.innerText : ''") or ""
                    # A refusal is shown in a box at the page's foot, past the first lines: shown on its own.
                    boxes = page.evaluate("[...document.querySelectorAll('.flag:not(.hidden)')]"
                                          ".map(e => e.id + ': ' + e.innerText).join(' | ')") or ""
                    shown.append(f"[context {n}] {page.url}\n{' '.join(text.split())[:700]}\n"
                                 + (f"shown boxes: {' '.join(boxes.split())[:700]}\n" if boxes else ""))
        except Exception as exc:  # a page closing meanwhile: say so, keep the report
            shown.append(f"(could not read the pages: {exc})")
        if shown:
            report.sections.append(("the open pages showed", "\n".join(shown)))
