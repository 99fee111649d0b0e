"""Solitaire levels' statistics: how often a bot completes a game, with its Wilson interval.

In Cheese Chasers a level is the bot whose hints the person sees, so it is measured by how
well that bot plays alone on the same seeded deals as the others: its completion rate
(games that reach the natural end, not trapped or enclosed) and its mean score. The 95%
interval of a rate ``p̂`` of ``n`` games is Wilson's score interval,
``(p̂ + z²/2n ± z·√(p̂(1-p̂)/n + z²/4n²)) / (1 + z²/n)`` with ``z`` = 1.959964, which stays
inside [0, 1] and is honest near 0% and 100% where the normal one is not.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The standard normal's 97.5% quantile."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``trials``.

    >>> [round(end, 4) for end in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    >>> [round(end, 4) for end in wilson_interval(0, 20)]
    [0.0, 0.1611]
    """
    if trials < 1:
        raise ValueError(f"a rate needs at least one trial, not {trials}")
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes do not fit in {trials} trials")
    rate = successes / trials
    square = z * z
    centre = rate + square / (2 * trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + square / (4 * trials * trials))
    scale = 1 + square / trials
    low = 0.0 if successes == 0 else max(0.0, (centre - spread) / scale)
    high = 1.0 if successes == trials else min(1.0, (centre + spread) / scale)
    return low, high  # exact at 0% and 100%, where rounding would miss the rate itself


@dataclass(frozen=True, slots=True)
class SoloRecord:
    """A bot's solitaire games: how many, how many completed, the mean and best score."""

    games: int
    completed: int
    mean_score: float
    best_score: int

    @property
    def completion(self) -> float:
        return self.completed / self.games

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.completed, self.games)


def solo_record(finished: Sequence[bool], scores: Sequence[int]) -> SoloRecord:
    """The record of games that each finished (or not) with a score.

    >>> solo_record([True, False, True], [30, 0, 12])
    SoloRecord(games=3, completed=2, mean_score=14.0, best_score=30)
    """
    if not finished or len(finished) != len(scores):
        raise ValueError(f"{len(finished)} games for {len(scores)} scores")
    return SoloRecord(
        games=len(finished),
        completed=sum(finished),
        mean_score=sum(scores) / len(scores),
        best_score=max(scores),
    )
