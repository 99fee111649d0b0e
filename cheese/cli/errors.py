"""User errors: one readable line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import sys

# typer >= 0.29 carries its own copy of click; its exception types live there.
from typer._click import exceptions as click_exceptions

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_FAILURE",
    "UserInputError",
    "click_exceptions",
    "report_bad_input",
]

EXIT_FAILURE = 1
EXIT_BAD_INPUT = 2


class UserInputError(Exception):
    """Bad input from the person at the terminal; the message says how to fix it."""


def report_bad_input(message: str) -> int:
    """Print ``message`` as the one error line and return the bad-input exit code."""
    first_line = " ".join(message.split())
    print(f"cheese: error: {first_line}", file=sys.stderr)
    return EXIT_BAD_INPUT
