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

import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cheese.engine.json_text import quoted


class ConfigError(ValueError):
    """A config file that cannot be read, or a key or value it may not hold."""


@dataclass(frozen=True, slots=True)
class Key:
    """One key a config may hold: its name, the kind of value and that kind in words; a
    number also its range (``above`` excludes ``minimum`` itself)."""

    name: str
    kinds: tuple[type, ...]
    described: str
    minimum: float | None = None
    maximum: float | None = None
    above: bool = False

    def in_range(self, value: object) -> bool:
        """Whether ``value``, of the right kind, is in range; a string must not be blank."""
        if isinstance(value, str):
            return bool(value.strip())  # an empty path or name would fall back unseen
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


KEYS = (
    Key("bots", (list,), "a list of bot spec strings, e.g. [\"mcts\", \"greedy\"]"),
    Key("game", (str,), "a game slug, e.g. \"get-the-cheese\""),
    Key("players", (int,), "a whole number of seats, from 1 to 100", 1, 100),
    Key("deals", (int,), "a whole number of deals per table, from 1 to 10**9", 1, 10**9),
    Key("seed", (int,), "a whole number from 0 to 2**64 - 1", 0, 2**64 - 1),
    Key("workers", (int,), "a whole number of worker processes, from 1 to 4096", 1, 4096),
    Key("db", (str,), "the path of the results database"),
    Key("name", (str,), "the tournament's name"),
    Key("gauntlet", (bool,), "true or false"),
    Key(
        "move_time", (int, float), "seconds per decision, a number above 0 and at most 86400",
        0, 86400, above=True,
    ),
    Key("cluster", (str,), "a Dask scheduler address, tcp://HOST:PORT"),
    Key("log", (str,), "the path of the log file"),
)
BY_NAME = {key.name: key for key in KEYS}
WANTED = "give the path of a TOML config file"
MAX_BYTES = 1_000_000
"""Largest config read; a real one is a few lines."""


def read_config(path: Path) -> dict[str, object]:
    """The settings in the TOML file at ``path``, checked; ``ConfigError`` names the key."""
    try:
        # A bounded read: /dev/zero or a runaway pipe is refused instead of filling memory.
        with path.open("rb") as file:
            raw = file.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise ConfigError(f"{path}: is larger than {MAX_BYTES:,} bytes; {WANTED}")
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such config file") from None
    except IsADirectoryError:
        raise ConfigError(f"{path}: is a directory; {WANTED}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: is not UTF-8 text; {WANTED}") from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot be read ({error.strerror})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: is not valid TOML ({error})") from None
    except RecursionError:
        raise ConfigError(f"{path}: is not valid TOML (arrays or tables nest too deep)") from None
    except ValueError:  # beyond the TOML errors, only an integer too long to convert
        raise ConfigError(f"{path}: is not valid TOML (a number with too many digits)") from None
    return check_config(data, str(path))


def check_config(data: Mapping[str, object], source: str) -> dict[str, object]:
    """``data`` with keys normalised (dashes to underscores) and every value checked."""
    checked: dict[str, object] = {}
    spelled: dict[str, str] = {}
    allowed = ", ".join(key.name for key in KEYS)
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
        wrong_bool = isinstance(value, bool) and bool not in key.kinds
        if not isinstance(value, key.kinds) or wrong_bool or not key.in_range(value):
            raise ConfigError(f"{source}: {raw} = {quoted(value)} is not {key.described}")
        if name == "bots" and not (
            isinstance(value, list) and value and all(isinstance(spec, str) for spec in value)
        ):
            raise ConfigError(f"{source}: bots = {quoted(value)} is not {key.described}")
        checked[name] = value
    return checked
