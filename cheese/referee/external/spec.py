"""External bots' spec forms: ``cmd:COMMAND`` inline, and ``NAME@FILE`` from a bots file.

A spec of either form is parsed once, where it is given, into an ``ExternalSpec``: its
text and the command to start, a ``NAME@FILE`` bot's entry read from the file then. The
workers start the bot from that snapshot, so a bots file edited during a run does not
change the bots of its games.

>>> external_command("cmd:python3 my_bot.py --fast").argv
('python3', 'my_bot.py', '--fast')
>>> external_command("greedy") is None
True
"""

from __future__ import annotations

import os
import shlex
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

from cheese.bots.base import BotSpecError
from cheese.referee.external.bots_file import (
    BotsFile,
    ExternalCommand,
    command_of_file_spec,
    split_file_spec,
)

INLINE_PREFIX = "cmd:"


@dataclass(frozen=True, slots=True)
class ExternalSpec:
    """An external bot's spec parsed: its text as given (what tables show and the results
    store keeps) and everything needed to start it."""

    text: str
    command: ExternalCommand


def is_external(spec: str) -> bool:
    """Whether ``spec`` is of an external bot's form, by its text alone (no file read).

    >>> is_external("cmd:./my_bot"), is_external("mine@bots.toml"), is_external("mcts")
    (True, True, False)
    """
    return spec.startswith(INLINE_PREFIX) or split_file_spec(spec) is not None


def external_spec(spec: str) -> ExternalSpec | None:
    """The external bot ``spec`` names, its bots file read now, or ``None`` if ``spec`` is
    of another form; ``BotSpecError`` as ``external_command``."""
    command = external_command(spec)
    return None if command is None else ExternalSpec(spec, command)


def file_bot_spec(bots: BotsFile, name: str) -> ExternalSpec:
    """The spec of the bot called ``name`` in the bots file already read (``NAME@FILE``),
    its entry as read; ``BotSpecError`` as ``external_command``."""
    text = bots.spec(name)
    command = replace(bots.find(name), label=text)
    check_startable(command)
    return ExternalSpec(text, command)


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
