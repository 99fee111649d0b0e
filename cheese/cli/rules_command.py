"""``cheese rules GAME``: the rules page in a pager on a terminal, plain text in a pipe."""

from __future__ import annotations

import os
import pydoc
import shutil
import sys
from collections.abc import Mapping
from typing import Annotated, TextIO

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.pager import Pager

from cheese.cli.parameters import GameArgument
from cheese.cli.rules_text import full_page, summary

LESS_WITH_COLOURS = "less -R"
"""less shows rich's colour codes as colours only with -R (raw control characters)."""


def pager_command(environment: Mapping[str, str]) -> str | None:
    """The pager to show a page through: ``$PAGER`` if set, else ``less -R`` if less is
    installed, else None (the page is printed whole).

    >>> pager_command({"PAGER": "more"})
    'more'
    >>> pager_command({"PAGER": "", "PATH": ""}) is None
    True
    """
    chosen = environment.get("PAGER", "").strip()
    if chosen:
        return chosen
    if shutil.which("less", path=environment.get("PATH")) is not None:
        return LESS_WITH_COLOURS
    return None


class CommandPager(Pager):
    """Shows rich's output through one pager command, or prints it when there is none."""

    def __init__(self, command: str | None) -> None:
        self.command = command

    def show(self, content: str) -> None:
        if self.command is None:
            sys.stdout.write(content)
        else:
            pydoc.pipepager(content, self.command)


def print_plain(text: str, out: TextIO) -> None:
    """Write ``text`` whole; a reader that stops early (``| head``) is no error."""
    try:
        out.write(text if text.endswith("\n") else text + "\n")
        out.flush()
    except BrokenPipeError:
        # Python would report the pipe again when it flushes at exit; point it nowhere.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())


def rules(
    game: GameArgument,
    one_screen: Annotated[
        bool,
        typer.Option("--summary", help="Only the goal, a turn, the points and the end."),
    ] = False,
) -> None:
    """Show the rules of GAME: in a pager on a terminal ($PAGER, else less -R), as plain
    text when piped.

    Example: cheese rules cheese-drop --summary
    """
    if one_screen:
        print_plain(summary(game), sys.stdout)
        return
    page = full_page(game)
    console = Console()
    if not console.is_terminal:
        print_plain(page, sys.stdout)
        return
    with console.pager(CommandPager(pager_command(os.environ)), styles=True):
        console.print(Markdown(page))
