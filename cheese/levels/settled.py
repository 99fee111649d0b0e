"""When a person's rating means something: provisional until its interval is one level wide.

A rating is **provisional** until its 95% interval's half width is no more than the
table's mean gap between two neighbouring levels (``level_gap``): only then does it say
which level the person is at, give or take one. Before, ``cheese me`` shows the interval
and calls the rating provisional. A count of games would mean different things at
different tables (a two-seat game is one pair, a five-seat game four; levels lie closer
at some tables than at others), so the rule reads the interval itself: at even odds the
Wilson half width is about ``680 / sqrt(pairs)`` Elo, so a table whose levels are 60 Elo
apart needs some 130 pairs against them, one 110 apart some 40.

The interval shown is the wider envelope of two: the bootstrap over games (none below
two games, none finite while every pair went one way, ``cheese.levels.person_rating``),
and the Wilson 95% interval of the person's share of the pair points turned into Elo
against the levels they met (``elo_for_score``). The bootstrap of a handful of games
resamples the same few results and comes out far too narrow; the Wilson interval stays
honest there, and after one won game gives only a lower end, not a bound that looks like
a rating.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cheese.levels.person_rating import PersonRating
from cheese.levels.table import LevelTable
from cheese.ratings.stats import wilson_interval

ELO_SPAN = 400.0
"""Elo per factor of ten in the odds of winning a pair."""
SEARCH = (-10_000.0, 10_000.0)
"""Where ``elo_for_score`` looks; real ratings stay within a few thousand of the levels."""
STEPS = 100


def level_gap(table: LevelTable) -> float:
    """The mean gap between two neighbouring levels (Elo, or completion rate); the whole
    span for a table of one level.

    >>> from cheese.levels import level_table
    >>> round(level_gap(level_table("get-the-cheese", 4)), 1)
    64.0
    """
    values = [level.value for level in table.levels]
    if len(values) < 2:
        return math.inf
    return (max(values) - min(values)) / (len(values) - 1)


def is_provisional(table: LevelTable, interval: tuple[float, float] | None) -> bool:
    """Whether a rating with this 95% interval is still provisional at ``table``.

    >>> from cheese.levels import level_table
    >>> table = level_table("get-the-cheese", 4)
    >>> is_provisional(table, (1500.0, 1600.0)), is_provisional(table, (1400.0, 1600.0))
    (False, True)
    """
    if interval is None or not all(math.isfinite(end) for end in interval):
        return True
    return (interval[1] - interval[0]) / 2 > level_gap(table)


def elo_for_score(score: float, opponents: Sequence[tuple[float, int]]) -> float:
    """The Elo whose expected share of the pair points against ``opponents`` (Elo, pairs)
    is ``score``: minus infinity at 0, infinity at 1.

    >>> round(elo_for_score(0.5, [(1400.0, 1), (1600.0, 1)]), 6)
    1500.0
    >>> elo_for_score(1.0, [(1500.0, 3)])
    inf
    """
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    pairs = sum(count for _, count in opponents)
    low, high = SEARCH
    for _ in range(STEPS):
        middle = (low + high) / 2
        expected = sum(
            count / (1.0 + 10.0 ** ((elo - middle) / ELO_SPAN)) for elo, count in opponents
        )
        if expected / pairs < score:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def shown_interval(table: LevelTable, rating: PersonRating) -> tuple[float, float] | None:
    """The 95% interval ``cheese me`` shows: the envelope of the bootstrap's (when it has
    a finite one) and the Wilson interval of the pair points against the rated bots met
    (the levels and the bots measured with them), in Elo (an end may be infinite);
    ``None`` before any game against one."""
    elo_of = table.measured_values
    met = [
        (elo_of[opponent.spec], opponent.pairs, opponent.points)
        for opponent in rating.opponents
        if opponent.spec in elo_of and opponent.pairs
    ]
    pairs = sum(count for _, count, _ in met)
    if not pairs:
        return None
    points = sum(won for _, _, won in met)
    low, high = wilson_interval(points, pairs)
    opponents = [(elo, count) for elo, count, _ in met]
    wilson = elo_for_score(low, opponents), elo_for_score(high, opponents)
    if rating.ci95 is None or rating.bound is not None:
        return wilson
    return min(wilson[0], rating.ci95[0]), max(wilson[1], rating.ci95[1])
