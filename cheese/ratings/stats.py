"""A duel's statistics of deal scores besides its Elo: the Elo of a score, a bootstrap
interval of a mean, and the likelihood of superiority (the SPRT's are in ``sprt``).

The duel's Elo and its 95% interval are the tournament's — the joint fit and deal
bootstrap of ``cheese.ratings.bradley_terry.elo_difference`` — so there is one Elo. What is
here serves the rest: the live line's Elo of the score so far, the Cheese Chasers points
difference's interval, and LOS.

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
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

ELO_PER_LOG10 = 400.0
BOOTSTRAP_RESAMPLES = 10_000
CONFIDENCE = 0.95


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


def mean(values: Sequence[float]) -> float:
    if not values:
        raise ValueError("the mean of no values is undefined")
    return math.fsum(values) / len(values)


def sample_sd(values: Sequence[float]) -> float:
    """The sample standard deviation (``n - 1`` in the denominator; needs two values)."""
    if len(values) < 2:
        raise ValueError(f"a sample standard deviation needs two values, not {len(values)}")
    centre = mean(values)
    return math.sqrt(math.fsum((value - centre) ** 2 for value in values) / (len(values) - 1))


def normal_cdf(z: float) -> float:
    """Φ(z), the standard normal distribution function."""
    return 0.5 * math.erfc(-z / math.sqrt(2.0))


def quantile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, interpolating linearly between neighbours.

    Position ``q · (n - 1)`` counted from 0 (Hyndman and Fan's type 7, numpy's default).

    >>> quantile([1.0, 2.0, 3.0, 4.0, 5.0], 0.25), quantile([0.0, 10.0], 0.975)
    (2.0, 9.75)
    """
    if not ordered:
        raise ValueError("the quantile of no values is undefined")
    if not 0.0 <= q <= 1.0:
        raise ValueError(f"a quantile level is from 0 to 1, not {q}")
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (position - below) * (ordered[above] - ordered[below])


def bootstrap_means(
    values: Sequence[float], rng: random.Random, resamples: int = BOOTSTRAP_RESAMPLES
) -> list[float]:
    """Sorted means of ``resamples`` samples drawn with replacement from ``values``."""
    if not values:
        raise ValueError("cannot resample an empty sample")
    count = len(values)
    return sorted(math.fsum(rng.choices(values, k=count)) / count for _ in range(resamples))


def bootstrap_interval(
    values: Sequence[float],
    rng: random.Random,
    resamples: int = BOOTSTRAP_RESAMPLES,
    confidence: float = CONFIDENCE,
) -> tuple[float, float]:
    """The percentile bootstrap interval of the mean of ``values``."""
    means = bootstrap_means(values, rng, resamples)
    tail = (1.0 - confidence) / 2.0
    return quantile(means, tail), quantile(means, 1.0 - tail)


def likelihood_of_superiority(scores: Sequence[float]) -> float:
    """P(A is stronger), from the normal approximation of the mean deal score.

    >>> round(likelihood_of_superiority([0.5, 1.0, 0.75, 0.75]), 4)
    0.9928
    """
    centre = mean(scores)
    spread = sample_sd(scores)
    if spread == 0.0:
        return 1.0 if centre > 0.5 else 0.0 if centre < 0.5 else 0.5
    return normal_cdf((centre - 0.5) / (spread / math.sqrt(len(scores))))
