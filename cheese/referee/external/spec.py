"""External bots' spec forms: ``cmd:COMMAND`` inline, and ``NAME@FILE`` from a bots file.

>>> external_command("cmd:python3 my_bot.py --fast").argv
('python3', 'my_bot.py', '--fast')
>>> external_command("greedy") is None
True
"""

from __future__ import annotations

import os
import shlex
import shutil
from pathlib import Path

from cheese.bots.base import BotSpecError
from cheese.referee.external.bots_file import ExternalCommand, command_of_file_spec

INLINE_PREFIX = "cmd:"


def external_command(spec: str) -> ExternalCommand | None:
    """The command an external bot's spec names, or ``None`` if ``spec`` is of another
    form; ``BotSpecError`` if the command is empty, unbalanced or not a program."""
    if spec.startswith(INLINE_PREFIX):
        text = spec[len(INLINE_PREFIX) :]
        try:
            argv = tuple(shlex.split(text))
        except ValueError as error:
            raise BotSpecError(
                f"bad command in {spec!r}: {error}; quote it as a shell would"
            ) from None
        if not argv:
            raise BotSpecError(
                f"{spec!r} names no command; write the command after cmd:, e.g. "
                "'cmd:python3 my_bot.py'"
            )
        command = ExternalCommand(label=spec, argv=argv)
    else:
        found = command_of_file_spec(spec)
        if found is None:
            return None
        command = found
    check_startable(command)
    return command


def check_startable(command: ExternalCommand) -> None:
    """``BotSpecError`` unless the command's program exists and may be run: a typo is
    refused before any game, in one line."""
    program = command.argv[0]
    where = command.workdir or Path.cwd()
    if os.sep in program:
        path = Path(program) if Path(program).is_absolute() else where / program
        if not path.is_file() or not os.access(path, os.X_OK):
            raise BotSpecError(
                f"bot {command.label!r}: {program!r} is not an executable file "
                f"(looked in {where}); fix the path or chmod +x it"
            )
        return
    if shutil.which(program) is None:
        raise BotSpecError(
            f"bot {command.label!r}: no program {program!r} on PATH; give its full path"
        )
