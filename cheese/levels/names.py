"""The levels' words: the short name a person uses for each level of a table.

Names go by position in the table, never by bot: the weakest level of every table is
``beginner`` and the strongest ``master``, whatever bots they are, so "expert" means the
same rung of the ladder at every game and table size. A table of six levels uses the six
core words; a table of seven adds ``novice`` and one of eight also ``advanced``; smaller
tables drop words from the middle, keeping the rest in order:

====== ==================================================================
levels names, weakest first
====== ==================================================================
1      master
2      beginner, master
3      beginner, club, master
4      beginner, casual, strong, master
5      beginner, casual, club, expert, master
6      beginner, casual, club, strong, expert, master
7      beginner, novice, casual, club, strong, expert, master
8      beginner, novice, casual, club, strong, advanced, expert, master
====== ==================================================================

A calibration keeps at most as many levels as its ladder has candidates, eight at most.
"""

from __future__ import annotations

WORDS = ("beginner", "novice", "casual", "club", "strong", "advanced", "expert", "master")
"""Every level word, weakest first."""
NAMES_BY_COUNT: dict[int, tuple[str, ...]] = {
    1: ("master",),
    2: ("beginner", "master"),
    3: ("beginner", "club", "master"),
    4: ("beginner", "casual", "strong", "master"),
    5: ("beginner", "casual", "club", "expert", "master"),
    6: ("beginner", "casual", "club", "strong", "expert", "master"),
    7: ("beginner", "novice", "casual", "club", "strong", "expert", "master"),
    8: WORDS,
}
MAX_LEVELS = max(NAMES_BY_COUNT)


def level_names(count: int) -> tuple[str, ...]:
    """The names of a table of ``count`` levels, weakest first.

    >>> level_names(4)
    ('beginner', 'casual', 'strong', 'master')
    """
    if count not in NAMES_BY_COUNT:
        raise ValueError(f"a level table has 1 to {MAX_LEVELS} levels, not {count}")
    return NAMES_BY_COUNT[count]


def level_name(number: int, count: int) -> str:
    """The name of level ``number`` (1 is the weakest) of a table of ``count`` levels.

    >>> level_name(1, 5), level_name(5, 5)
    ('beginner', 'master')
    """
    return level_names(count)[number - 1]


def level_number(word: str, count: int) -> int | None:
    """The level a name stands for in a table of ``count`` levels, or ``None`` when that
    table has no level of that name (any case, spaces around ignored).

    >>> level_number(" Expert ", 6), level_number("novice", 6)
    (5, None)
    """
    names = level_names(count)
    wanted = word.strip().lower()
    return names.index(wanted) + 1 if wanted in names else None
