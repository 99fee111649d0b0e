"""Completion rates and their Wilson intervals."""

from __future__ import annotations

import math

import pytest

from cheese.levels.solitaire import Z95, solo_record, wilson_interval


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


def test_a_solo_record_counts_completions_and_scores() -> None:
    record = solo_record([True, False, False, True], [40, 3, 0, 22])
    assert (record.games, record.completed, record.best_score) == (4, 2, 40)
    assert record.completion == 0.5 and record.mean_score == 16.25
    assert record.ci95 == wilson_interval(2, 4)
