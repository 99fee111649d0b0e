"""Solitaire records: completions, scores and their Wilson interval."""

from __future__ import annotations

from cheese.levels.solitaire import solo_record
from cheese.ratings.stats import wilson_interval


def test_a_solo_record_counts_completions_and_scores() -> None:
    record = solo_record([True, False, False, True], [40, 3, 0, 22])
    assert (record.games, record.completed, record.best_score) == (4, 2, 40)
    assert record.completion == 0.5 and record.mean_score == 16.25
    assert record.ci95 == wilson_interval(2, 4)
