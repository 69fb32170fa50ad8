"""The state sweep's event games (tests/test_state_sweep.py says what the sweep does and what fails a page): each
event of the corpus replayed with the judge's dashboard, the organiser page, the standings and the report open in
both languages, the phones of each round's first table, and the judge's panel scrubbed through every table at each
round's end. A module of its own so that the sweep's two halves run on two workers at once."""

from __future__ import annotations

from typing import Any

import pytest

from tests.catalogs import fresh_catalog
from tests.server import Server
from tests.test_browser import CHROMIUM
from tests.test_state_sweep import AXED_AT_EVENTS, Sweep, catalogue_words, corpus_words, sweep_games

pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


@pytest.fixture(scope="module")
def sweep(browser: Any, server: Server) -> Sweep:
    english, keys = catalogue_words()
    return Sweep(browser, server, english, keys, corpus_words(fresh_catalog()), axe_only=AXED_AT_EVENTS)


def test_every_page_at_every_entry_of_every_corpus_event(sweep: Sweep) -> None:
    """Long (about a minute): two events of two rounds and two tables each, every request
    replayed with about a dozen pages open, and the judge's panel scrubbed through each table's entries."""
    sweep_games(sweep, "event", AXED_AT_EVENTS)
