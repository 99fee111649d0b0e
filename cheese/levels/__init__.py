"""Play levels: bot specs of each game, weakest to strongest, whose strength is measured.

Each game has one shipped table per table size it allows (``cheese/levels/<slug>-<N>.json``,
written by ``cheese levels calibrate``): level 1 the weakest, the last the game's strongest
bot at a speed a person waits for; each level also has a word (``cheese.levels.names``).
Against bots the levels' Elos lie on one scale per table; a person's own rating
(``cheese me``) is fitted on that scale from the games they finished at that table size
(``cheese.levels.people``, ``cheese.levels.person_rating``).
"""

from __future__ import annotations

from pathlib import Path

from cheese.levels.ladders import ladders_of
from cheese.levels.person_rating import nearest_level
from cheese.levels.table import LevelError, LevelTable, TableError, load_table, table_of

__all__ = [
    "LevelError",
    "TableError",
    "auto_level",
    "level_count",
    "level_spec",
    "level_table",
    "resolve_level",
    "table_sizes",
    "top_level_spec",
]


def level_table(game: str, players: int | None = None) -> LevelTable:
    """The shipped level table of ``game`` at ``players`` seats (the game's default size
    when ``None``); ``LevelError`` if it has none."""
    return load_table(game, players)


def table_sizes(game: str) -> tuple[int, ...]:
    """The table sizes ``game`` has levels at, smallest first; ``LevelError`` for a game
    without levels."""
    return ladders_of(game).players




def level_count(game: str, players: int | None = None) -> int:
    """How many levels ``game`` has at ``players`` seats; ``LevelError`` if no table."""
    return len(load_table(game, players).levels)


def level_spec(game: str, level: int, players: int | None = None) -> str:
    """The bot spec of ``level`` (1 is the weakest) of ``game`` at ``players`` seats;
    ``LevelError`` for a level the table does not have."""
    return load_table(game, players).level(level).spec


def top_level_spec(game: str, players: int | None = None) -> str:
    """The bot spec of the strongest level of ``game`` at ``players`` seats (the game's
    default size when ``None``): the strongest bot measured at that size."""
    table = load_table(game, players)
    return table.level(len(table.levels)).spec


def resolve_level(game: str, word: str, players: int | None = None) -> int:
    """The level number ``word`` names at ``game``'s table of ``players`` seats: a number
    (``"5"``) or a level's name (``"expert"``); ``LevelError``, in one line naming the
    table's levels, for anything else."""
    table = load_table(game, players)
    text = word.strip().lower()
    count = len(table.levels)
    if text.isascii() and text.isdigit() and 1 <= int(text) <= count:
        return int(text)
    if text in table.names:
        return table.names.index(text) + 1
    raise LevelError(
        f"{word!r} is not a level of {table_of(game, table.players)}; give 1 to {count}, "
        f"a name ({', '.join(table.names)}) or auto"
    )


def auto_level(game: str, person: str, db: Path | None = None, players: int | None = None) -> int:
    """The level nearest ``person``'s rating in ``game`` at ``players`` seats (the people's
    database ``db``, default ``cheese.levels.people.people_db_path()``): by Elo against
    bots, by completion rate in Cheese Chasers; the middle level before their first game
    at that size, or when their games cannot be read."""
    return nearest_level(load_table(game, players), person, db)
