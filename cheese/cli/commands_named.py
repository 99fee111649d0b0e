"""Nothing runs that the person did not name: an external bot's spec read from a file
they were given (a record, a saved game) starts no program unless they allow it."""

from __future__ import annotations

from collections.abc import Iterable

from cheese.cli.errors import UserInputError
from cheese.referee.external.spec import INLINE_PREFIX
from cheese.referee.seats import starts_a_program

ALLOW_COMMANDS = "--allow-commands"
ALLOW_COMMANDS_HELP = (
    "Run the external bots (cmd:COMMAND, NAME@FILE) the saved game names; without it such a "
    "game is refused, as a file someone sent could name any command."
)


def refuse_unnamed_commands(specs: Iterable[str], source: str, *, allowed: bool) -> None:
    """``UserInputError`` naming the first spec of ``specs``, read from ``source``, that
    would start a program, unless ``allowed``: the line shows the command and the flag
    that runs it."""
    if allowed:
        return
    for spec in specs:
        if not starts_a_program(spec):
            continue
        what = (
            f"the command {spec[len(INLINE_PREFIX):]!r}"
            if spec.startswith(INLINE_PREFIX)
            else f"the bot {spec!r}, a command of its bots file"
        )
        raise UserInputError(
            f"{source} names an external bot: {what}; cheese runs no command named only in a "
            f"file, so check it and give {ALLOW_COMMANDS} to run it"
        )
