"""A tournament's settings from a TOML file; flags given on the command line override it.

Every key is one of ``cheese tournament run``'s settings, spelled as its flag without the
dashes (``move_time`` or ``move-time``), and ``bots`` lists the bot specs::

    bots = ["mcts", "greedy", "expectimax:depth=2"]
    game = "get-the-cheese"
    players = 4
    deals = 10

An unknown key or a value of the wrong kind is refused, naming the key and what it takes.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


class ConfigError(ValueError):
    """A config file that cannot be read, or a key or value it may not hold."""


@dataclass(frozen=True, slots=True)
class Key:
    """One key a config may hold: its name, the kind of value and that kind in words."""

    name: str
    kinds: tuple[type, ...]
    described: str


KEYS = (
    Key("bots", (list,), "a list of bot spec strings, e.g. [\"mcts\", \"greedy\"]"),
    Key("game", (str,), "a game slug, e.g. \"get-the-cheese\""),
    Key("players", (int,), "a whole number of seats"),
    Key("deals", (int,), "a whole number of deals per table, at least 1"),
    Key("seed", (int,), "a whole number from 0 to 2**64 - 1"),
    Key("workers", (int,), "a whole number of worker processes, at least 1"),
    Key("db", (str,), "the path of the results database"),
    Key("name", (str,), "the tournament's name"),
    Key("gauntlet", (bool,), "true or false"),
    Key("move_time", (int, float), "seconds per decision, a positive number"),
    Key("cluster", (str,), "a Dask scheduler address, tcp://HOST:PORT"),
    Key("log", (str,), "the path of the log file"),
)
BY_NAME = {key.name: key for key in KEYS}


def read_config(path: Path) -> dict[str, object]:
    """The settings in the TOML file at ``path``, checked; ``ConfigError`` names the key."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such config file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path}: cannot be read ({error})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: is not valid TOML ({error})") from None
    return check_config(data, str(path))


def check_config(data: Mapping[str, object], source: str) -> dict[str, object]:
    """``data`` with keys normalised (dashes to underscores) and every value checked."""
    checked: dict[str, object] = {}
    allowed = ", ".join(key.name for key in KEYS)
    for raw, value in data.items():
        name = raw.replace("-", "_")
        key = BY_NAME.get(name)
        if key is None:
            raise ConfigError(f"{source}: unknown key {raw!r}; the keys are: {allowed}")
        wrong_bool = isinstance(value, bool) and bool not in key.kinds
        if not isinstance(value, key.kinds) or wrong_bool:
            raise ConfigError(f"{source}: {raw} = {value!r} is not {key.described}")
        if name == "bots" and not (
            isinstance(value, list) and value and all(isinstance(spec, str) for spec in value)
        ):
            raise ConfigError(f"{source}: bots = {value!r} is not {key.described}")
        checked[name] = value
    return checked
