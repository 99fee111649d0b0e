"""Elo, bootstrap interval, LOS and the Wilson interval against values worked out by hand."""

from __future__ import annotations

import math
import random
from statistics import NormalDist, fmean, stdev

import numpy as np
import pytest

from cheese.ratings.stats import (
    Z95,
    bootstrap_interval,
    clamp_score,
    expected_score,
    likelihood_of_superiority,
    logistic_elo,
    wilson_interval,
)

normal_cdf = NormalDist().cdf


def test_logistic_elo_of_hand_computed_scores() -> None:
    # 0.75 = 1 / (1 + 10^(-d/400))  <=>  d = 400 log10(3)
    assert logistic_elo(0.75) == pytest.approx(400 * math.log10(3))
    assert logistic_elo(0.25) == pytest.approx(-400 * math.log10(3))
    assert logistic_elo(0.5) == 0.0
    assert logistic_elo(10 / 11) == pytest.approx(400.0)
    assert (logistic_elo(0.0), logistic_elo(1.0)) == (-math.inf, math.inf)
    with pytest.raises(ValueError, match="from 0 to 1"):
        logistic_elo(1.5)


@pytest.mark.parametrize("elo", [-600.0, -35.5, 0.0, 12.0, 400.0])
def test_expected_score_inverts_the_elo(elo: float) -> None:
    assert logistic_elo(expected_score(elo)) == pytest.approx(elo)


def test_clamping_moves_only_clean_sweeps() -> None:
    assert clamp_score(1.0, 8) == 1 - 1 / 16
    assert clamp_score(0.0, 8) == 1 / 16
    assert clamp_score(0.51, 8) == 0.51
    with pytest.raises(ValueError, match="at least one pair"):
        clamp_score(0.5, 0)


def test_the_library_mean_sd_and_normal_distribution_are_the_ones_described() -> None:
    # the module's formulas use these; this pins which (sample sd: n - 1, Φ standard)
    assert fmean([0.25, 0.5, 1.0]) == pytest.approx(7 / 12)
    # deviations -1, 0, 1 -> sum of squares 2 over n - 1 = 2
    assert stdev([1.0, 2.0, 3.0]) == 1.0
    assert normal_cdf(0.0) == 0.5
    assert normal_cdf(1.959963984540054) == pytest.approx(0.975)
    assert Z95 == pytest.approx(1.959963984540054, abs=1e-15)
    with pytest.raises(ValueError, match="two data points"):
        likelihood_of_superiority([1.0])


def test_quantiles_interpolate_between_order_statistics() -> None:
    # the bootstrap's quantiles: numpy's default, Hyndman and Fan's type 7
    ordered = [10.0, 20.0, 30.0, 40.0]
    # position q * 3: 0.5 -> 1.5 -> halfway between 20 and 30
    assert np.quantile(ordered, 0.5) == 25.0
    assert np.quantile(ordered, 0.0) == 10.0
    assert np.quantile(ordered, 1.0) == 40.0
    assert np.quantile(ordered, 0.025) == pytest.approx(10.0 + 0.075 * 10.0)
    assert np.quantile([7.0], 0.975) == 7.0


def test_the_bootstrap_of_a_constant_sample_is_that_constant() -> None:
    assert bootstrap_interval([0.625] * 30, random.Random(1), resamples=200) == (0.625, 0.625)


def test_the_bootstrap_of_two_values_spans_both() -> None:
    # Resampled means of {0, 1}: 0 (1/4), 1/2 (1/2), 1 (1/4); the 2.5% and 97.5%
    # quantiles of 2,000 such means are the extremes.
    assert bootstrap_interval([0.0, 1.0], random.Random(3), resamples=2_000) == (0.0, 1.0)


def test_the_bootstrap_is_reproducible_and_agrees_with_the_normal_interval() -> None:
    rng = random.Random(7)
    scores = [rng.choice([0.0, 0.25, 0.5, 0.5, 0.75, 1.0, 1.0]) for _ in range(400)]
    first = bootstrap_interval(scores, random.Random(42), resamples=4_000)
    assert first == bootstrap_interval(scores, random.Random(42), resamples=4_000)
    half_width = 1.959963984540054 * stdev(scores) / math.sqrt(len(scores))
    assert first[0] == pytest.approx(fmean(scores) - half_width, abs=0.004)
    assert first[1] == pytest.approx(fmean(scores) + half_width, abs=0.004)


def test_the_bootstrap_follows_its_generator() -> None:
    scores = [random.Random(index).random() for index in range(50)]
    one = bootstrap_interval(scores, random.Random(1), resamples=500)
    other = bootstrap_interval(scores, random.Random(2), resamples=500)
    assert one != other and one == bootstrap_interval(scores, random.Random(1), resamples=500)


def test_los_of_a_hand_computed_sample() -> None:
    # mean 0.75, sample sd sqrt(0.125 / 3), so z = 0.25 / (sd / 2) = sqrt(6)
    assert likelihood_of_superiority([0.5, 1.0, 0.75, 0.75]) == pytest.approx(
        normal_cdf(math.sqrt(6))
    )
    assert likelihood_of_superiority([0.5, 0.25, 0.75, 0.5]) == 0.5
    assert likelihood_of_superiority([0.25, 0.0, 0.5]) == pytest.approx(normal_cdf(-math.sqrt(3)))


def test_los_without_spread_is_certain_or_even() -> None:
    assert likelihood_of_superiority([0.75, 0.75]) == 1.0
    assert likelihood_of_superiority([0.25, 0.25]) == 0.0
    assert likelihood_of_superiority([0.5, 0.5]) == 0.5


def test_the_wilson_interval_matches_its_formula_and_stays_in_range() -> None:
    for successes, trials in ((0, 10), (3, 10), (10, 10), (55, 100), (1, 700)):
        low, high = wilson_interval(successes, trials)
        rate = successes / trials
        assert 0.0 <= low <= rate <= high <= 1.0
        # the interval's ends are where the score test's z equals ±Z95
        for end in (low, high):
            if 0.0 < end < 1.0:
                z = (rate - end) / math.sqrt(end * (1 - end) / trials)
                assert abs(abs(z) - Z95) < 1e-9


def test_the_wilson_interval_narrows_with_more_trials() -> None:
    small, large = wilson_interval(30, 100), wilson_interval(300, 1000)
    assert large[1] - large[0] < small[1] - small[0]


@pytest.mark.parametrize(("successes", "trials"), [(1, 0), (-1, 5), (6, 5)])
def test_impossible_counts_are_refused(successes: int, trials: int) -> None:
    with pytest.raises(ValueError):
        wilson_interval(successes, trials)
