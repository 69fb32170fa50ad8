"""Every command has help and appears in the README, as sqlite-utils checks its docs."""

from __future__ import annotations

from pathlib import Path

import click

from companion.cli import main

ROOT = Path(__file__).resolve().parents[1]


def commands(group: click.Group, prefix: str = "companion") -> list[tuple[str, click.Command]]:
    out = []
    for name, cmd in sorted(group.commands.items()):
        path = f"{prefix} {name}"
        out.append((path, cmd))
        if isinstance(cmd, click.Group):
            out += commands(cmd, path)
    return out


def test_every_command_has_help_and_every_option_says_what_it_does() -> None:
    for path, cmd in commands(main):
        assert (cmd.help or "").strip(), f"{path} has no help"
        for p in cmd.params:
            if isinstance(p, click.Option) and not p.hidden and not p.is_flag and p.name not in ("help",):
                assert p.help or p.show_default or p.type.name in ("choice", "integer range", "boolean"), \
                    f"{path} {p.opts[0]} says nothing about itself"


def test_every_command_is_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text()
    missing = [path for path, cmd in commands(main) if not isinstance(cmd, click.Group) and path not in readme]
    assert missing == [], f"commands the README does not show: {missing}"
