"""The bots file: external bots named once, with their command and settings (TOML).

Each ``[[bot]]`` table names one bot::

    [[bot]]
    name = "mybot"                 # what tables show; letters, digits, - and _
    command = "python3"            # the program, found on PATH or relative to workdir
    args = ["mybot.py", "--fast"]  # its arguments (optional)
    workdir = "bots"               # where it runs, relative to this file (optional)
    env = { MYBOT_LEVEL = "3" }    # added to the environment (optional)
    restart = "per-game"           # "never" (default: one process plays many games)
    options = { depth = 3 }        # sent to the bot in ``hello`` (optional)
    move_seconds = 10.0            # longest wait for one reply off the clock (optional)
    startup_seconds = 10.0         # longest wait for ``ready`` (optional)

A name from the file becomes the spec ``NAME@FILE`` (``mybot@bots.toml``): short enough
for a table, and a worker, forked or on a cluster, rebuilds the bot by reading the file.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "bots.toml").write_text('[[bot]]\\nname = "echo"\\ncommand = "cat"\\n')
>>> bots = read_bots_file(folder / "bots.toml")
>>> bots.find("echo").argv
('cat',)
>>> expand_bot_names(["echo", "greedy"], bots)[1]
'greedy'
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal, get_args

import msgspec

from cheese.bots.base import BotSpecError
from cheese.engine.schemas import Problem, ProblemKind, allowed_at, conform
from cheese.text_files import UnreadableText, load_toml, read_bounded_bytes

NAME_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*\Z")
Restart = Literal["never", "per-game"]
RESTART_POLICIES: tuple[str, ...] = get_args(Restart)
DEFAULT_MOVE_SECONDS = 60.0
"""How long a reply may take when the game has no clock and the bot no cap of its own:
long enough for any honest search, short enough that a hung bot does not stop a run."""
DEFAULT_STARTUP_SECONDS = 10.0
"""How long a bot may take to answer ``hello``: an interpreter's start with its imports."""
MOST_BOTS_FILE_BYTES = 1 * 2**20
NAME_SEPARATOR = "@"
Seconds = Annotated[
    float, msgspec.Meta(gt=0, le=86400, description="a number of seconds above 0 (at most 86400)")
]


class BotEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One ``[[bot]]`` table of a bots file, as the file may write it."""

    name: Annotated[
        str,
        msgspec.Meta(
            pattern="^" + NAME_PATTERN.pattern,  # match() is anchored; a pattern is not
            description="a name: letters, digits, '.', '-' and '_', starting with a letter",
        ),
    ]
    command: Annotated[
        str,
        msgspec.Meta(pattern=r"\S", description='a command (the program to run), e.g. "python3"'),
    ]
    args: Annotated[
        tuple[str, ...], msgspec.Meta(description='a list of strings, e.g. ["mybot.py"]')
    ] = ()
    workdir: Annotated[str | None, msgspec.Meta(description="a folder's path as a string")] = None
    env: Annotated[
        dict[str, str], msgspec.Meta(description='a table of strings, e.g. { LEVEL = "3" }')
    ] = {}
    restart: Restart = "never"
    options: Annotated[
        dict[str, object], msgspec.Meta(description="a table (sent to the bot in hello)")
    ] = {}
    move_seconds: Seconds = DEFAULT_MOVE_SECONDS
    startup_seconds: Seconds = DEFAULT_STARTUP_SECONDS


class BotsDocument(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A bots file: its ``[[bot]]`` tables, at least one."""

    bot: Annotated[list[dict[str, object]], msgspec.Meta(min_length=1)]
    """Each table is conformed to ``BotEntry`` on its own, so that a message can name
    the bot it is about."""


BOT_KEYS = tuple(field.encode_name for field in msgspec.structs.fields(BotEntry))
NEEDED_KEYS = ("name", "command")
"""The keys a message says a bot "needs" rather than "must be"."""


class BotsFileError(BotSpecError):
    """A bots file that cannot be read, or a bot in it badly described; or a name it
    does not hold. The message names the file, the bot and the key."""


@dataclass(frozen=True, slots=True)
class ExternalCommand:
    """How to start one external bot and what to tell it: everything a worker needs."""

    label: str
    """The bot's name in tables and logs (its spec's text)."""
    argv: tuple[str, ...]
    workdir: Path | None = None
    env: tuple[tuple[str, str], ...] = ()
    restart: str = "never"
    options_json: str = "{}"
    """The options for ``hello``, as JSON text (so the value stays immutable)."""
    move_seconds: float = DEFAULT_MOVE_SECONDS
    startup_seconds: float = DEFAULT_STARTUP_SECONDS

    @property
    def options(self) -> dict[str, object]:
        options: dict[str, object] = json.loads(self.options_json)
        return options

    @property
    def restart_per_game(self) -> bool:
        return self.restart == "per-game"


@dataclass(frozen=True, slots=True)
class BotsFile:
    """The bots a bots file names, in the file's order."""

    path: Path
    """The file as it was named (relative paths stay so, for short specs)."""
    bots: tuple[ExternalCommand, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(bot.label for bot in self.bots)

    def find(self, name: str) -> ExternalCommand:
        """The bot called ``name``; ``BotsFileError`` listing the names if none is."""
        for bot in self.bots:
            if bot.label == name:
                return bot
        raise BotsFileError(
            f"bots file {self.path}: no bot named {name!r}; it names: "
            f"{', '.join(self.names) or 'none'}"
        )

    def spec(self, name: str) -> str:
        """The spec of the bot called ``name``, which a worker turns back into the bot."""
        self.find(name)
        return f"{name}{NAME_SEPARATOR}{self.path}"


def _fail(path: Path, message: str) -> BotsFileError:
    return BotsFileError(f"bots file {path}: {message}")


def _document_problem(path: Path, problem: Problem) -> BotsFileError:
    """The one-line message of a file that breaks ``BotsDocument``."""
    if problem.kind is ProblemKind.UNKNOWN:
        return _fail(path, f"unknown key {problem.field!r}; name each bot in a [[bot]] table")
    if len(problem.path) == 1:
        return _fail(path, "names no bot; add a [[bot]] table with a name and a command")
    return _fail(path, f"bot #{int(problem.path[1]) + 1} must be a table ([[bot]])")


def _entry_problem(path: Path, where: str, problem: Problem) -> BotsFileError:
    """The one-line message of a ``[[bot]]`` table that breaks ``BotEntry``."""
    key = problem.top
    if problem.kind is ProblemKind.UNKNOWN:
        return _fail(path, f"{where}: unknown key {key!r}; allowed: {', '.join(BOT_KEYS)}")
    allowed = allowed_at(BotEntry, key)
    if key in NEEDED_KEYS:
        return _fail(path, f"{where} needs {allowed}")
    if key == "restart":
        return _fail(
            path, f"{where}: restart is {problem.shown}; use one of: {', '.join(RESTART_POLICIES)}"
        )
    return _fail(path, f"{where}: {key} must be {allowed}")


def _bot(path: Path, index: int, table: dict[str, object]) -> ExternalCommand:
    name = table.get("name")
    # A message calls the bot by its name once the name is a good one, else by its place.
    named = isinstance(name, str) and NAME_PATTERN.match(name) is not None
    where = f"bot {name!r}" if named else f"bot #{index + 1}"
    entry = conform(table, BotEntry, lambda problem: _entry_problem(path, where, problem))
    workdir: Path | None = None
    if entry.workdir is not None:
        workdir = (path.parent / entry.workdir).resolve()
        if not workdir.is_dir():
            raise _fail(path, f"{where}: workdir {workdir} is not a folder")
    try:
        options_json = json.dumps(entry.options, sort_keys=True)
    except TypeError:
        raise _fail(path, f"{where}: options must hold no dates or times (JSON values)") from None
    return ExternalCommand(
        label=entry.name,
        argv=(entry.command, *entry.args),
        workdir=workdir,
        env=tuple(sorted(entry.env.items())),
        restart=entry.restart,
        options_json=options_json,
        move_seconds=entry.move_seconds,
        startup_seconds=entry.startup_seconds,
    )


def read_bots_file(path: Path) -> BotsFile:
    """The bots that the TOML file at ``path`` names; ``BotsFileError`` in one line if it
    cannot be read, is not TOML, or describes a bot badly."""
    try:
        data = read_bounded_bytes(path, "a bots file (TOML)", MOST_BOTS_FILE_BYTES)
    except UnreadableText as error:
        detail = str(error).removeprefix(f"{path}: ")
        raise _fail(path, f"cannot be read: {detail}") from None
    try:
        document = load_toml(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise _fail(path, "is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise _fail(path, f"is not valid TOML: {error}") from None
    tables = conform(document, BotsDocument, lambda problem: _document_problem(path, problem))
    bots = tuple(_bot(path, index, table) for index, table in enumerate(tables.bot))
    seen: set[str] = set()
    for bot in bots:
        if bot.label in seen:
            raise _fail(path, f"names the bot {bot.label!r} twice; give each bot its own name")
        seen.add(bot.label)
    return BotsFile(path, bots)


def expand_bot_names(specs: Sequence[str], bots_file: BotsFile | None) -> list[str]:
    """``specs`` with each name of ``bots_file`` turned into the spec a worker rebuilds
    (``NAME@FILE``); other specs are returned unchanged.

    A name that the file holds wins over a built-in bot of the same name: the person
    named the file to use its bots.
    """
    if bots_file is None:
        return list(specs)
    names = set(bots_file.names)
    return [bots_file.spec(spec) if spec in names else spec for spec in specs]


def split_file_spec(spec: str) -> tuple[str, Path] | None:
    """The bot's name and the bots file of a ``NAME@FILE`` spec, or ``None`` for another.

    >>> split_file_spec("mybot@bots.toml")
    ('mybot', PosixPath('bots.toml'))
    >>> split_file_spec("mcts:iterations=10") is None
    True
    """
    name, separator, file = spec.partition(NAME_SEPARATOR)
    if not separator or not file or not NAME_PATTERN.match(name):
        return None
    return name, Path(file)


def command_of_file_spec(spec: str) -> ExternalCommand | None:
    """The command of a ``NAME@FILE`` spec, read from the file; ``None`` for another."""
    parts = split_file_spec(spec)
    if parts is None:
        return None
    name, path = parts
    found = read_bots_file(path).find(name)
    return ExternalCommand(
        label=spec,
        argv=found.argv,
        workdir=found.workdir,
        env=found.env,
        restart=found.restart,
        options_json=found.options_json,
        move_seconds=found.move_seconds,
        startup_seconds=found.startup_seconds,
    )
