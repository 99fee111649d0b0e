"""Solitaire levels' statistics: how often a bot completes a game, with its Wilson interval.

In Cheese Chasers a level is the bot whose hints the person sees, so it is measured by how
well that bot plays alone on the same seeded deals as the others: its completion rate
(games that reach the natural end, not trapped or enclosed) and its mean score. The 95%
interval of a rate is Wilson's score interval (``cheese.ratings.stats.wilson_interval``),
honest near 0% and 100% where the normal one is not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from statistics import fmean

from cheese.ratings.stats import wilson_interval


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
        mean_score=fmean(scores),
        best_score=max(scores),
    )
