"""User errors: one readable line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

# typer >= 0.29 carries its own copy of click; its exception types live there.
from typer._click import exceptions as click_exceptions

from cheese.text_files import UnreadableText, read_bounded_text

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_FAILURE",
    "EXIT_INTERRUPTED",
    "UserInputError",
    "click_exceptions",
    "read_text_file",
    "report_bad_input",
    "stopped_by",
    "stopped_exit_code",
]

EXIT_FAILURE = 1
EXIT_BAD_INPUT = 2
MOST_TEXT_BYTES = 512 * 2**20
"""The largest text file a command reads (a results file of some five million games); a
larger one, or an endless one such as /dev/zero, is refused before it fills memory."""
EXIT_INTERRUPTED = 130
"""Ctrl-C: 128 + SIGINT, as shells report a program that SIGINT ended."""
SIGNAL_EXIT_BASE = 128


def stopped_exit_code(signal_number: int | None) -> int:
    """The exit code of a run a signal stopped: 128 + its number, as shells report a
    program that signal ended (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP), so that a script or
    a job scheduler tells them apart; 130 when no signal is known.

    >>> stopped_exit_code(signal.SIGTERM), stopped_exit_code(None)
    (143, 130)
    """
    if signal_number is None:
        return EXIT_INTERRUPTED
    return SIGNAL_EXIT_BASE + signal_number


def stopped_by(signal_number: int | None) -> str:
    """The signal that stopped a run, in words.

    >>> stopped_by(signal.SIGINT), stopped_by(signal.SIGHUP)
    ('Ctrl-C', 'SIGHUP')
    """
    if signal_number is None or signal_number == signal.SIGINT:
        return "Ctrl-C"
    try:
        return signal.Signals(signal_number).name
    except ValueError:
        return f"signal {signal_number}"


class UserInputError(Exception):
    """Bad input from the person at the terminal; the message says how to fix it."""


def report_bad_input(message: str) -> int:
    """Print ``message`` as the one error line and return the bad-input exit code."""
    first_line = " ".join(message.split())
    print(f"cheese: error: {first_line}", file=sys.stderr)
    return EXIT_BAD_INPUT


def read_text_file(path: Path, what: str) -> str:
    """The UTF-8 text of ``path``; ``UserInputError`` in one line when it cannot be read.

    ``what`` names the file the command wants, e.g. "the table to score".
    """
    try:
        return read_bounded_text(path, what, MOST_TEXT_BYTES)
    except UnreadableText as error:
        raise UserInputError(str(error)) from None
