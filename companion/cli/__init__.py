"""The ``companion`` command line. Each command mirrors a Python API call."""

from __future__ import annotations

import click

from companion import __version__
from companion.cli.bench import bench
from companion.cli.cards import cards, deck
from companion.cli.check import check_log
from companion.cli.event import event
from companion.cli.labels import labels
from companion.cli.serve import serve
from companion.cli.tts import tts


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="companion")
def main() -> None:
    """Table-state companion for A Game of Thrones: The Card Game (Shadows), both editions."""


main.add_command(cards)
main.add_command(deck)
main.add_command(check_log)
main.add_command(labels)
main.add_command(bench)
main.add_command(serve)
main.add_command(tts)
main.add_command(event)
