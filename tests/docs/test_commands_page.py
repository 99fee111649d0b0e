"""The commands page names only options its commands take.

``docs/commands.md`` shows each command's shape with its main options, written by hand;
the full lists are rendered from the command line (``docs/cli.md``). So that the
hand-written shapes cannot drift, every ``--option`` in a ``cheese …`` span of the page
must be an option of the command that span names.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer.main
from typer import _click as click
from typer.core import TyperGroup

from cheese.cli.app import app
from cheese.cli.help_format import readable_help

PAGE = Path(__file__).resolve().parents[2] / "docs" / "commands.md"
OPTION = re.compile(r"(?<![\w-])(--?[a-zA-Z][\w-]*)")
PLACEHOLDER_COMMAND = {"GAME": "get-the-cheese"}
"""A capitalized word that stands for one of a group's commands (``cheese levels GAME``)."""


def _spans() -> list[str]:
    text = " ".join(PAGE.read_text(encoding="utf-8").split())
    return re.findall(r"`(cheese [^`]+)`", text)


@pytest.fixture(scope="module")
def root() -> click.Command:
    return readable_help(typer.main.get_command(app))


def _command(root: click.Command, span: str) -> click.Command:
    """The command a span names: the longest run of its words that are subcommands."""
    command = root
    for word in span.split()[1:]:
        if not isinstance(command, TyperGroup):
            break
        child = command.get_command(
            click.Context(command), PLACEHOLDER_COMMAND.get(word.strip("[]"), word)
        )
        if child is None:
            break
        command = child
    return command


def _options(command: click.Command) -> set[str]:
    names: set[str] = set()
    for parameter in command.params:
        names.update(parameter.opts)
        names.update(parameter.secondary_opts)
    return names


def test_the_page_shows_the_commands() -> None:
    assert len(_spans()) >= 20


def test_every_option_on_the_page_is_its_command_s(root: click.Command) -> None:
    unknown = [
        (span, option)
        for span in _spans()
        for option in OPTION.findall(span)
        if option not in _options(_command(root, span))
    ]
    assert not unknown, f"docs/commands.md names options its commands do not take: {unknown}"
