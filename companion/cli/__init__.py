"""The ``companion`` command line. Each command mirrors a Python API call."""

from __future__ import annotations

import importlib
from typing import Any

import click

from companion import __version__

#: Each command by its module, imported when it is run: ``companion serve`` need not load the PDF, bench and scan
#: libraries the other commands use (half of a server's start; Click's documented "lazily loading subcommands").
COMMANDS = {"cards": "companion.cli.cards:cards", "deck": "companion.cli.cards:deck",
            "check": "companion.cli.check:check_log", "labels": "companion.cli.labels:labels",
            "bench": "companion.cli.bench:bench", "serve": "companion.cli.serve:serve",
            "tts": "companion.cli.tts:tts", "event": "companion.cli.event:event"}


class _Commands(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = COMMANDS.get(cmd_name)
        if where is None:
            return None
        module, name = where.split(":")
        command: Any = getattr(importlib.import_module(module), name)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="companion")
def main() -> None:
    """Table-state companion for A Game of Thrones: The Card Game (Shadows), both editions."""
