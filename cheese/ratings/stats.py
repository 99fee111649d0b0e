"""The statistics of results that ``statistics`` and numpy do not give: the Elo of a score,
the bootstrap interval of a mean, the likelihood of superiority and the Wilson interval.

Means, standard deviations, the normal distribution and quantiles are the standard
library's (``fmean``, ``stdev``, ``NormalDist``) and numpy's; what is written here is only
what they lack. The duel's Elo and its 95% interval are the tournament's — the joint fit
and deal bootstrap of ``cheese.ratings.bradley_terry.elo_difference`` — so there is one
Elo; what is here serves the rest: the live line's Elo of the score so far, the Cheese
Chasers points difference's interval, LOS, and the levels' completion rates.

**The unit is the deal.** A deal's score ``x`` is A's fraction of the points of all the
deal's A-against-B pairs (win 1, draw ½, loss 0; see ``cheese.ratings.pairwise``).
Pairs within a game, and games within a deal, share luck and opponents, so they are not
independent; deals are (their seeds are independent), so every interval here treats the
``D`` deal values as the sample.

**Elo of a score** ``x`` is the logistic Elo difference whose expected score is ``x``:
``400 · log10(x / (1 - x))`` (+191 Elo for 0.75); a score of 0 or 1 is first clamped to
``[1/(2N), 1 - 1/(2N)]`` for ``N`` pairs, as if half of one pair had gone the other way.

**Bootstrap interval of a mean**: ``BOOTSTRAP_RESAMPLES`` resamples of the ``D`` deal
values drawn with replacement, the 2.5% and 97.5% quantiles of their means (linear
interpolation between order statistics), from a generator the caller seeds.

**LOS**, the likelihood that A is the stronger bot, is the normal approximation on deal
scores: ``Φ((x̄ - ½) / (s / √D))`` with ``s`` the sample standard deviation of the deal
scores (``D - 1`` in the denominator). It needs at least two deals.

**Wilson interval** of a rate ``p̂`` of ``n`` trials (a level's completion rate):
``(p̂ + z²/2n ± z·√(p̂(1-p̂)/n + z²/4n²)) / (1 + z²/n)`` with ``z`` the normal's 97.5%
quantile; it stays inside [0, 1] and is honest near 0% and 100% where the normal one is
not.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from statistics import NormalDist, fmean, stdev

import numpy as np

ELO_PER_LOG10 = 400.0
BOOTSTRAP_RESAMPLES = 10_000
CONFIDENCE = 0.95
STANDARD_NORMAL = NormalDist()
Z95 = STANDARD_NORMAL.inv_cdf(0.975)
"""The standard normal's 97.5% quantile, 1.96."""


def logistic_elo(score: float) -> float:
    """The logistic Elo difference whose expected score is ``score`` (±inf at 0 and 1).

    >>> round(logistic_elo(0.75), 1), logistic_elo(0.5), logistic_elo(1.0)
    (190.8, 0.0, inf)
    """
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"a score is a fraction from 0 to 1, not {score}")
    if score == 0.0:
        return -math.inf
    if score == 1.0:
        return math.inf
    return ELO_PER_LOG10 * math.log10(score / (1.0 - score))


def expected_score(elo: float) -> float:
    """The expected score of an Elo difference (the inverse of ``logistic_elo``).

    >>> round(expected_score(190.84850188786497), 12)
    0.75
    """
    return 1.0 / (1.0 + math.pow(10.0, -elo / ELO_PER_LOG10))


def clamp_score(score: float, pairs: int) -> float:
    """``score`` moved into ``[1/(2N), 1 - 1/(2N)]`` for ``N`` pairs, so its Elo is finite.

    >>> clamp_score(1.0, 10), clamp_score(0.3, 10)
    (0.95, 0.3)
    """
    if pairs < 1:
        raise ValueError(f"a score needs at least one pair, not {pairs}")
    margin = 1.0 / (2 * pairs)
    return min(max(score, margin), 1.0 - margin)


def bootstrap_interval(
    values: Sequence[float],
    rng: random.Random,
    resamples: int = BOOTSTRAP_RESAMPLES,
    confidence: float = CONFIDENCE,
) -> tuple[float, float]:
    """The percentile bootstrap interval of the mean of ``values``: the quantiles of the
    means of ``resamples`` samples drawn with replacement (numpy's linear quantiles)."""
    if not values:
        raise ValueError("cannot resample an empty sample")
    means = [fmean(rng.choices(values, k=len(values))) for _ in range(resamples)]
    tail = (1.0 - confidence) / 2.0
    low, high = np.quantile(means, [tail, 1.0 - tail])
    return float(low), float(high)


def likelihood_of_superiority(scores: Sequence[float]) -> float:
    """P(A is stronger), from the normal approximation of the mean deal score.

    >>> round(likelihood_of_superiority([0.5, 1.0, 0.75, 0.75]), 4)
    0.9928
    """
    centre = fmean(scores)
    spread = stdev(scores)
    if spread == 0.0:
        return 1.0 if centre > 0.5 else 0.0 if centre < 0.5 else 0.5
    return STANDARD_NORMAL.cdf((centre - 0.5) / (spread / math.sqrt(len(scores))))


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``trials`` (a draw may count
    half a success, as pair points do).

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
