"""Play levels: bot specs of each game, weakest to strongest, whose strength is measured.

Each game's levels are in its shipped table (``cheese/levels/<slug>.json``, written by
``cheese levels calibrate``): level 1 the weakest, the last the game's strongest bot at a
speed a person waits for. Against bots the levels' Elos lie on one scale; a person's own
rating (``cheese me``) is fitted on that scale from the games they finished at the table
(``cheese.levels.people``, ``cheese.levels.person_rating``).
"""

from __future__ import annotations

from pathlib import Path

from cheese.levels.person_rating import nearest_level
from cheese.levels.table import LevelError, LevelTable, TableError, load_table

__all__ = [
    "LevelError",
    "TableError",
    "auto_level",
    "level_count",
    "level_spec",
    "level_table",
]


def level_table(game: str) -> LevelTable:
    """The shipped level table of ``game``; ``LevelError`` if it has none."""
    return load_table(game)


def level_count(game: str) -> int:
    """How many levels ``game`` has; ``LevelError`` if it has no table."""
    return len(load_table(game).levels)


def level_spec(game: str, level: int) -> str:
    """The bot spec of ``level`` (1 is the weakest) of ``game``; ``LevelError`` for a level
    the game does not have."""
    table = load_table(game)
    count = len(table.levels)
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= count:
        raise LevelError(
            f"{game} has levels 1 to {count}, not {level!r}; "
            f"`cheese levels {game}` shows them, --level auto picks yours"
        )
    return table.level(level).spec


def auto_level(game: str, person: str, db: Path | None = None) -> int:
    """The level nearest ``person``'s rating in ``game`` (the people's database ``db``,
    default ``cheese.levels.people.people_db_path()``): by Elo against bots, by completion
    rate in Cheese Chasers; the middle level before their first game, or when their games
    cannot be read."""
    return nearest_level(load_table(game), person, db)
