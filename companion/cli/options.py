"""Options several commands share, declared once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def catalog_option(fn: F) -> F:
    """``--catalog PATH`` (or ``COMPANION_CATALOG``): the card catalog to use; the per-user one by default.

    The command receives it as ``catalog_path`` and opens it with ``open_catalog``."""
    return click.option("--catalog", "catalog_path", type=click.Path(dir_okay=False), envvar="COMPANION_CATALOG",
                        help="Card catalog file (default: the per-user catalog; env COMPANION_CATALOG).")(fn)

