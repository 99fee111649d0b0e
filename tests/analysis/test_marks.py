"""Marks, accuracy and the summary."""

from __future__ import annotations

import pytest

from cheese.analysis import THRESHOLDS, DecisionAnalysis, mark_of
from cheese.analysis.marks import move_accuracy, summarize


@pytest.mark.parametrize(
    ("drop", "noise", "mark"),
    [
        (0.04, 0.0, None),
        (0.05, 0.0, "inaccuracy"),
        (0.10, 0.01, "mistake"),
        (0.15, 0.01, "blunder"),
        (0.30, 0.15, None),
        (0.30, 0.149, "blunder"),
        (-0.2, 0.0, None),
    ],
)
def test_a_mark_needs_its_threshold_and_a_drop_above_twice_the_noise(
    drop: float, noise: float, mark: str | None
) -> None:
    assert mark_of(drop, noise) == mark


def test_the_thresholds_grow() -> None:
    assert 0 < THRESHOLDS.inaccuracy < THRESHOLDS.mistake < THRESHOLDS.blunder


def test_accuracy_falls_with_the_drop() -> None:
    assert move_accuracy(0.0) == 100.0
    assert move_accuracy(-0.1) == 100.0
    assert move_accuracy(0.05) > move_accuracy(0.15) > move_accuracy(0.5) >= 0.0


def decision(move: int, drop: float, noise: float = 0.0, forced: bool = False) -> DecisionAnalysis:
    return DecisionAnalysis(
        move=move,
        action_index=move,
        seat=0,
        legal=1 if forced else 5,
        forced=forced,
        played="a",
        best="a" if forced else "b",
        played_points=10.0,
        best_points=10.0 + drop * 10,
        played_win=0.2,
        best_win=0.3,
        played_place=2.0,
        best_place=1.8,
        played_places=(0.5, 0.5),
        best_places=(0.6, 0.4),
        drop=drop,
        noise=noise,
        mark=mark_of(drop, noise),
        reason=None,
    )


def test_the_summary_names_the_three_biggest_marked_drops_and_the_points_lost() -> None:
    decisions = [
        decision(1, 0.06),
        decision(2, 0.2),
        decision(3, 0.12),
        decision(4, 0.3, noise=0.2),
        decision(5, 0.07),
        decision(6, 0.0, forced=True),
    ]
    summary = summarize(decisions)
    assert summary.biggest == (2, 3, 5)
    assert (summary.inaccuracies, summary.mistakes, summary.blunders) == (2, 1, 1)
    assert summary.forced == 1 and summary.decisions == 6
    assert summary.points_lost == pytest.approx(7.5)
    # The drop within its noise (move 4) costs no accuracy.
    expected = sum(move_accuracy(drop) for drop in (0.06, 0.2, 0.12, 0.0, 0.07)) / 5
    assert summary.accuracy == pytest.approx(expected, abs=0.05)
