"""Where the companion keeps its files. Environment variables override the defaults."""

from __future__ import annotations

import os
from pathlib import Path

APP = "companion"


def data_dir() -> Path:
    """Per-user data directory: $COMPANION_DATA_DIR, else $XDG_DATA_HOME/companion, else ~/.local/share/companion."""
    if env := os.environ.get("COMPANION_DATA_DIR"):
        path = Path(env)
    elif xdg := os.environ.get("XDG_DATA_HOME"):
        path = Path(xdg) / APP
    else:
        path = Path.home() / ".local" / "share" / APP
    path.mkdir(parents=True, exist_ok=True)
    return path


def catalog_path() -> Path:
    if env := os.environ.get("COMPANION_CATALOG"):
        return Path(env)
    return data_dir() / "catalog.db"


def database_path() -> Path:
    if env := os.environ.get("COMPANION_DB"):
        return Path(env)
    return data_dir() / "companion.db"
