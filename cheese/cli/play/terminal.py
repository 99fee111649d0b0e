"""The terminal: colour when it is one, plain text (no escape codes) otherwise; and the
session's reads and waits on it, end of input and Ctrl-C leaving the game."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO

from rich.console import Console
from rich.rule import Rule


def wants_plain_text() -> bool:
    """Plain text when ``NO_COLOR`` is set (and not empty) or the output is not a terminal."""
    return bool(os.environ.get("NO_COLOR")) or not sys.stdout.isatty()


def make_console(
    plain: bool | None = None, width: int | None = None, file: IO[str] | None = None
) -> Console:
    """A console that writes colour, or no escape code at all when ``plain``.

    Markup is off: typed text and prompts such as ``[y/N]`` are printed as they are.
    """
    if plain is None:
        plain = wants_plain_text()
    return Console(
        color_system=None if plain else "auto",
        highlight=False,
        emoji=False,
        markup=False,
        width=width,
        file=file,
    )


def line_reader(console: Console) -> Callable[[str], str]:
    """Read a typed line after printing ``prompt`` as it is (no markup)."""

    def read_line(prompt: str) -> str:
        return console.input(prompt, markup=False, emoji=False)

    return read_line


class LeaveGame(Exception):
    """The person left the game (quit, end of input or Ctrl-C); it is saved."""

    def __init__(self, exit_code: int) -> None:
        super().__init__(exit_code)
        self.exit_code = exit_code


@dataclass
class Terminal:
    """Where the session writes and reads; ``pause`` waits between shown moves."""

    console: Console
    read_line: Callable[[str], str]
    pause_seconds: float
    input_ended: bool = False
    """End of input came at a wait, so no later wait reads (the game is saved)."""

    def pause(self) -> None:
        if self.pause_seconds > 0:
            time.sleep(self.pause_seconds)

    def wait(self, prompt: str) -> str:
        """Wait for Enter after ``prompt``; after an end of input, no longer waits."""
        if self.input_ended:
            return ""
        try:
            return self.read_line(prompt)
        except EOFError:
            self.input_ended = True
            self.console.print()
            return ""

    def wait_for_step(self) -> None:
        """Between the steps of a resolution: wait for Enter (no wait with ``--fast``)."""
        if self.pause_seconds > 0:
            self.wait("(Enter: next step) ")

    def ask(self, prompt: str) -> str:
        """A line typed by the person; end of input and Ctrl-C leave the game."""
        try:
            return self.read_line(prompt)
        except EOFError:
            self.console.print()
            raise LeaveGame(0) from None

    def clear(self) -> None:
        """Wipe the screen (and, for a file or pipe, mark where it would be wiped)."""
        if self.console.is_terminal:
            self.console.clear()
        else:
            self.console.print(Rule(style="dim"))
