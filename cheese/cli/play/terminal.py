"""The terminal: colour when it is one, plain text (no escape codes) otherwise."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import IO

from rich.console import Console


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
