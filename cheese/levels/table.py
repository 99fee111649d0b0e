"""A game's level table: the bot spec of each level, weakest first, with what measured it.

The shipped tables are ``cheese/levels/<slug>-<players>.json``, one per table size,
written by ``cheese levels calibrate`` (``cheese.levels.calibration``) and read here. A
table of a game played against bots holds each level's Elo and 95% interval on one scale;
Cheese Chasers, a solitaire, holds each level's completion rate with its Wilson 95%
interval and its mean score over the same seeded deals. Either way every table carries the
command that wrote it, the date and the cheese version, so its figures can be measured
again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Literal, TypeAlias

import msgspec

from cheese.engine import GAME_SLUGS, game_info
from cheese.engine.json_text import load_json
from cheese.engine.schemas import Problem, ProblemKind, conform
from cheese.levels.names import MAX_LEVELS, level_name, level_names

Measure: TypeAlias = Literal["elo", "completion"]
TABLE_FORMAT = 1


class LevelError(ValueError):
    """A level, a table or a person's rating that cannot be had; its message is one line
    meant for the person, saying what to do."""


class TableError(LevelError):
    """A level table that is missing or is not what ``cheese levels calibrate`` writes."""


@dataclass(frozen=True, slots=True)
class Level:
    """One level: its number (1 is the weakest), its bot spec and its measured strength.

    ``value`` is the Elo (measure ``elo``) or the completion rate (``completion``), and
    ``ci95`` its 95% interval; ``games`` the games it played in the calibration;
    ``score`` its share of the pair points (``elo``) or its mean score (``completion``).
    """

    level: int
    spec: str
    value: float
    ci95: tuple[float, float]
    games: int
    score: float

    def as_json(self) -> dict[str, object]:
        return {
            "level": self.level,
            "spec": self.spec,
            "value": round(self.value, 4),
            "ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
            "games": self.games,
            "score": round(self.score, 4),
        }


def table_of(game: str, players: int) -> str:
    """The table a message names: the game alone for a solitaire, else with its seats."""
    return game if players == 1 else f"{game} at {players} players"


def players_option(players: int) -> str:
    """The ``--players`` option that names a table of ``players`` seats in a command."""
    return "" if players == 1 else f" --players {players}"


@dataclass(frozen=True, slots=True)
class LevelTable:
    """A game's levels, weakest first, and how they were measured.

    ``scale`` says in words what the values are on (where the Elo scale's zero is, or
    what a completion is); ``candidates`` are every spec the calibration played, the
    levels among them and those left out because their interval met a kept level's.
    ``also_measured`` holds those left out with what they measured, on the same scale
    (numbered 0: no level), weakest first; a table written before it was kept has none.
    """

    game: str
    players: int
    measure: Measure
    scale: str
    levels: tuple[Level, ...]
    command: str
    date: str
    version: str
    games: int
    candidates: tuple[str, ...] = ()
    also_measured: tuple[Level, ...] = ()

    def level(self, number: int) -> Level:
        """Level ``number`` (1 is the weakest); ``LevelError`` for one the table does not
        have, in one line naming its levels."""
        count = len(self.levels)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
            raise LevelError(
                f"{table_of(self.game, self.players)} has levels 1 to {count}, not {number!r}; "
                f"`cheese levels {self.game}{players_option(self.players)}` shows them, "
                "--level auto picks yours"
            )
        return self.levels[number - 1]

    def name(self, number: int) -> str:
        """The word of level ``number`` (``cheese.levels.names``): by its position."""
        return level_name(number, len(self.levels))

    @property
    def names(self) -> tuple[str, ...]:
        return level_names(len(self.levels))

    @property
    def measured_values(self) -> dict[str, float]:
        """Every bot the table measured, the levels and those also measured, by spec: its
        Elo or completion rate, all on the table's one scale."""
        return {bot.spec: bot.value for bot in self.levels + self.also_measured}

    def as_json(self) -> dict[str, object]:
        return {
            "format": TABLE_FORMAT,
            "game": self.game,
            "players": self.players,
            "measure": self.measure,
            "scale": self.scale,
            "command": self.command,
            "date": self.date,
            "version": self.version,
            "games": self.games,
            "candidates": list(self.candidates),
            "levels": [level.as_json() for level in self.levels],
        } | (
            {"also_measured": [bot.as_json() for bot in self.also_measured]}
            if self.also_measured
            else {}
        )

    def to_json(self) -> str:
        return json.dumps(self.as_json(), indent=2) + "\n"


class TableFile(msgspec.Struct, frozen=True):
    """A level table's JSON, as ``LevelTable.as_json`` writes it."""

    format: Literal[1]
    game: str
    players: int
    measure: Measure
    scale: str
    command: str
    date: str
    version: str
    games: int
    candidates: tuple[str, ...]
    levels: tuple[Level, ...]
    also_measured: tuple[Level, ...] = ()

    def table(self) -> LevelTable:
        return LevelTable(
            game=self.game,
            players=self.players,
            measure=self.measure,
            scale=self.scale,
            levels=self.levels,
            command=self.command,
            date=self.date,
            version=self.version,
            games=self.games,
            candidates=self.candidates,
            also_measured=self.also_measured,
        )


def intervals_apart(levels: tuple[Level, ...]) -> str | None:
    """None when the levels are ordered, each interval wholly above the one before;
    otherwise the first pair that is not, in words.

    >>> low = Level(1, "a", 0.0, (-10.0, 10.0), 10, 0.4)
    >>> high = Level(2, "b", 30.0, (5.0, 50.0), 10, 0.6)
    >>> intervals_apart((low, high))
    'level 1 (a) [-10, 10] and level 2 (b) [5, 50] overlap'
    """
    for weaker, stronger in zip(levels, levels[1:]):
        if not (weaker.value < stronger.value and weaker.ci95[1] < stronger.ci95[0]):
            return (
                f"level {weaker.level} ({weaker.spec}) [{weaker.ci95[0]:g}, {weaker.ci95[1]:g}]"
                f" and level {stronger.level} ({stronger.spec}) "
                f"[{stronger.ci95[0]:g}, {stronger.ci95[1]:g}] overlap"
            )
    return None


def table_path(game: str, players: int | None = None) -> Path:
    """Where the shipped table of ``game`` at ``players`` seats is (in the package's
    ``levels`` folder); the game's default size when ``None``.

    >>> table_path("cheese-drop", 3).name
    'cheese-drop-3.json'
    """
    size = game_info(game).default_players if players is None else players
    return Path(str(resources.files("cheese.levels").joinpath(f"{game}-{size}.json")))


def load_table(game: str, players: int | None = None) -> LevelTable:
    """The shipped table of ``game`` at ``players`` seats (the game's default size when
    ``None``); ``TableError`` if there is none or it is malformed."""
    if game not in GAME_SLUGS:
        raise TableError(f"no game {game!r}; the games are: {', '.join(GAME_SLUGS)}")
    info = game_info(game)
    size = info.default_players if players is None else players
    if not info.min_players <= size <= info.max_players:
        allowed = (
            "alone"
            if info.max_players == 1
            else f"by {info.min_players} to {info.max_players} players"
        )
        raise TableError(f"{game} is played {allowed}, not at {size} seats")
    path = table_path(game, size)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise TableError(
            f"{game} has no level table at {size} players yet; measure one with "
            f"`cheese levels calibrate {game} --players {size}`"
        ) from None
    table = parse_table(text, str(path))
    if table.game != game or table.players != size:
        raise TableError(f"{path}: holds {table.game} at {table.players} players")
    return table


def parse_table(text: str, source: str) -> LevelTable:
    """The table in ``text`` (from ``source``, named in errors), checked field by field."""
    try:
        data = load_json(text)
    except ValueError as error:
        raise TableError(f"{source}: is not JSON ({error})") from None
    table = conform(data, TableFile, lambda problem: _not_a_table(source, problem)).table()
    levels = table.levels
    if [level.level for level in levels] != list(range(1, len(levels) + 1)) or not levels:
        raise TableError(f"{source}: the levels are not numbered 1, 2, 3, …")
    if len(levels) > MAX_LEVELS:
        raise TableError(f"{source}: has {len(levels)} levels, more than {MAX_LEVELS} have names")
    if any(bot.level != 0 for bot in table.also_measured):
        raise TableError(f"{source}: a bot also measured is numbered as a level (not 0)")
    return table


def _not_a_table(source: str, problem: Problem) -> TableError:
    """The one-line message of JSON that is not a level table, naming what is wrong."""
    if problem.top in ("", "format"):
        return TableError(f"{source}: is not a level table of format {TABLE_FORMAT}")
    if problem.path == ("measure",) and problem.kind is ProblemKind.WRONG:
        return TableError(f"{source}: measure {problem.shown} is neither elo nor completion")
    if problem.kind is ProblemKind.MISSING:
        return TableError(f"{source}: is not a level table (no {problem.location})")
    return TableError(
        f"{source}: is not a level table "
        f"({problem.location}: {problem.shown} is not {problem.allowed})"
    )
