"""A tournament's settings, declared once: the TOML file's keys, the command line's flags
(whose help, metavar and checks come from here), the defaults and the command that
resumes a run are all derived from ``SETTINGS``. Flags given on the command line override
the file.

Every key is one of ``cheese tournament run``'s settings, spelled as its flag without the
dashes (``move_time`` or ``move-time``), ``bots`` lists the bot specs and ``bots_file``
names the bots file of ``--bots``::

    bots = ["mcts:time=auto", "greedy", "expectimax:depth=2"]
    game = "get-the-cheese"
    players = 4
    deals = 10
    tc = "10+0.1"

An unknown key or a value of the wrong kind is refused, naming the key and what it takes.
"""

from __future__ import annotations

import functools
import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Union

import msgspec

from cheese.engine import GAME_SLUGS
from cheese.engine.json_text import quoted
from cheese.engine.schemas import Problem, conform
from cheese.referee.clocks import DEFAULT_MARGIN, MOST_MARGIN_SECONDS
from cheese.store import DEFAULT_DB
from cheese.text_files import UnreadableText, load_toml, read_bounded_text


class ConfigError(ValueError):
    """A config file that cannot be read, or a key or value it may not hold."""


@dataclass(frozen=True, slots=True)
class Setting:
    """One setting of a tournament run: its name (the TOML key; the flag is ``--`` and the
    name with dashes), the kind of value and that kind in words, a number's range
    (``above`` excludes ``minimum`` itself), the flag's help and metavar, the default
    (``None``: worked out elsewhere, as the help says), and whether it decides which games
    the tournament plays — such settings are part of the command that resumes it."""

    name: str
    kinds: tuple[type, ...]
    described: str
    minimum: float | None = None
    maximum: float | None = None
    above: bool = False
    help: str = ""
    metavar: str | None = None
    default: object = None
    resumes: bool = False
    flag_name: str | None = None
    """The flag's name when it is not the setting's (``--bots`` for ``bots_file``)."""

    @property
    def flag(self) -> str:
        return "--" + (self.flag_name or self.name).replace("_", "-")

    def words(self, value: object) -> list[str]:
        """The resume command's words for ``value``: none when it is unset or false.

        >>> BY_NAME["move_time"].words(0.5), BY_NAME["gauntlet"].words(True)
        (['--move-time', '0.5'], ['--gauntlet'])
        """
        if value is None:
            return []
        if isinstance(value, bool):
            return [self.flag] if value else []
        return [self.flag, f"{value:g}" if isinstance(value, float) else str(value)]

    @property
    def schema(self) -> object:
        """The type a value of this setting has in the config's schema: one of the kinds,
        a string not blank (an empty path or name would fall back unseen), a list of
        strings not empty."""
        members: list[object] = []
        for kind in self.kinds:
            if kind is str:
                members.append(Annotated[str, msgspec.Meta(pattern=r"\S")])
            elif kind is list:
                members.append(Annotated[list[str], msgspec.Meta(min_length=1)])
            else:
                members.append(kind)
        return Union[tuple(members)]  # noqa: UP007 (a union built at run time)

    def in_range(self, value: object) -> bool:
        """Whether ``value``, of the schema's type, is in range: finite, and within the
        minimum and maximum (integers may exceed what msgspec's bounds hold, 64 bits)."""
        if not isinstance(value, int | float) or isinstance(value, bool):
            return True
        if isinstance(value, float) and not math.isfinite(value):
            return False
        low_ok = (
            self.minimum is None
            or value > self.minimum
            or (value == self.minimum and not self.above)
        )
        return low_ok and (self.maximum is None or value <= self.maximum)


DEFAULT_GAME = "get-the-cheese"
DEFAULT_DEALS = 2
TC_HELP = (
    "Each seat's game clock, BASE+INC seconds (e.g. 10+0.1, or 60): running out forfeits "
    "the game; bots with time=auto budget it."
)
TC_MARGIN_HELP = (
    f"Seconds a clock may fall below zero before the game is lost (default {DEFAULT_MARGIN:g})."
)
BOTS_HELP = "A bots file (TOML) whose bot names may be given as bot specs."

SETTINGS = (
    Setting("bots", (list,), "a list of bot spec strings, e.g. [\"mcts\", \"greedy\"]",
            resumes=True),
    Setting("game", (str,), "a game slug, e.g. \"get-the-cheese\"",
            help="The game: " + ", ".join(GAME_SLUGS) + ".",
            default=DEFAULT_GAME, resumes=True),
    Setting("players", (int,), "a whole number of seats, from 1 to 100", 1, 100,
            help="Seats per table (default: the game's).", resumes=True),
    Setting("deals", (int,), "a whole number of deals per table, from 1 to 10**9", 1, 10**9,
            help=f"Deals per table, each in every rotation (default {DEFAULT_DEALS}).",
            default=DEFAULT_DEALS, resumes=True),
    Setting("seed", (int,), "a whole number from 0 to 2**64 - 1", 0, 2**64 - 1,
            help="Seed of the deals and the bots.", default=0, resumes=True),
    Setting("workers", (int,), "a whole number of worker processes, from 1 to 4096", 1, 4096,
            help="Worker processes (default: one per core)."),
    Setting("db", (str,), "the path of the results database",
            help=f"The results database (default {DEFAULT_DB}).", default=DEFAULT_DB,
            resumes=True),
    Setting("name", (str,), "the tournament's name",
            help="The tournament's name (default: the game, seats and bots, e.g. "
            "get-the-cheese-4p-mcts-greedy).",
            resumes=True),
    Setting("gauntlet", (bool,), "true or false", help="The first bot sits at every table.",
            default=False, resumes=True),
    Setting("move_time", (int, float),
            "seconds per decision, a number above 0 and at most 86400", 0, 86400, above=True,
            help="A decision taking longer forfeits the game.", metavar="SECONDS",
            resumes=True),
    Setting("tc", (str, int, float), 'a game clock BASE+INC in seconds, e.g. "10+0.1" or 60',
            help=TC_HELP, metavar="BASE+INC", resumes=True),
    Setting("tc_margin", (int, float),
            f"seconds, a number from 0 to {MOST_MARGIN_SECONDS:g}", 0, MOST_MARGIN_SECONDS,
            help=TC_MARGIN_HELP, metavar="SECONDS", resumes=True),
    Setting("bots_file", (str,), "the path of a bots file (TOML)", help=BOTS_HELP,
            metavar="FILE", resumes=True, flag_name="bots"),
    Setting("pin_cores", (bool,), "true or false",
            help="Hold each worker and the bots it starts to one processor of its own: "
            "external bots take their turns much faster; not for bots that run threads or "
            "processes side by side.", default=False),
    Setting("cluster", (str,), "a Dask scheduler address, tcp://HOST:PORT",
            help="Play on a Dask cluster, tcp://HOST:PORT; a scheduler that does not "
            "answer within 10 s is refused (exit 2).", metavar="ADDRESS"),
    Setting("log", (str,), "the path of the log file",
            help="Write the run's and workers' logs here.", metavar="FILE"),
)
BY_NAME = {setting.name: setting for setting in SETTINGS}
TournamentConfig = msgspec.defstruct(
    "TournamentConfig",
    [(setting.name, setting.schema, msgspec.UNSET) for setting in SETTINGS],
    forbid_unknown_fields=True,
    frozen=True,
)
"""The config file's schema: every setting optional, no other key."""
MAX_BYTES = 1_000_000
"""Largest config read; a real one is a few lines."""


def read_config(path: Path) -> dict[str, object]:
    """The settings in the TOML file at ``path``, checked; ``ConfigError`` names the key."""
    try:
        # A bounded read: /dev/zero or a runaway pipe is refused instead of filling memory.
        text = read_bounded_text(path, "a TOML config file", MAX_BYTES)
    except UnreadableText as error:
        raise ConfigError(str(error)) from None
    try:
        data = load_toml(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: is not valid TOML ({error})") from None
    return check_config(data, str(path))


def check_config(data: Mapping[str, object], source: str) -> dict[str, object]:
    """``data`` with keys normalised (dashes to underscores) and every value checked."""
    checked: dict[str, object] = {}
    spelled: dict[str, str] = {}
    allowed = ", ".join(setting.name for setting in SETTINGS)
    for raw, value in data.items():
        name = raw.replace("-", "_")
        key = BY_NAME.get(name)
        if key is None:
            raise ConfigError(f"{source}: unknown key {quoted(raw)}; the keys are: {allowed}")
        if name in spelled:
            # Both spellings name one setting; keeping either would drop the other unseen.
            raise ConfigError(
                f"{source}: {spelled[name]} and {raw} are the same setting; keep one of them"
            )
        spelled[name] = raw
        # One key at a time, so that the first bad key of the file is the one named.
        refuse = functools.partial(_not_allowed, source, raw, value)
        conform({name: value}, TournamentConfig, refuse)
        if not key.in_range(value):
            raise _not_allowed(source, raw, value)
        checked[name] = value
    return checked


def _not_allowed(
    source: str, raw: str, value: object, problem: Problem | None = None
) -> ConfigError:
    """The message of a value that the setting spelled ``raw`` does not take (whatever
    the schema's ``problem`` with it: the setting's words say what it takes)."""
    setting = BY_NAME[raw.replace("-", "_")]
    return ConfigError(f"{source}: {raw} = {quoted(value)} is not {setting.described}")


def chosen(flags: Mapping[str, object], file: Mapping[str, object]) -> dict[str, object]:
    """Every setting's value: the flag's when given (not ``None``, not ``False``), else the
    file's, else the default."""
    values: dict[str, object] = {}
    for setting in SETTINGS:
        flag = flags.get(setting.name)
        given = flag is not None and flag is not False and flag != []
        values[setting.name] = flag if given else file.get(setting.name, setting.default)
    return values


def resume_words(values: Mapping[str, object]) -> list[str]:
    """The flags that give ``values`` of the settings that decide the games, in the
    declaration's order (the bots come first, as arguments)."""
    bots = values.get("bots")
    words = [str(spec) for spec in bots] if isinstance(bots, list | tuple) else []
    for setting in SETTINGS:
        if setting.resumes and setting.name != "bots":
            words.extend(setting.words(values.get(setting.name)))
    return words
