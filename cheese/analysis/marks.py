"""Marks and the summary: which drops are inaccuracies, mistakes or blunders.

A drop is the standing a move loses against the best move found (the share of the other
seats the seat finishes ahead of; in a solitaire game the chance to score), 0 to 1. The
thresholds are lichess's (a loss of 10, 20 and 30 points of its winning chances from -1
to 1) on that 0-to-1 scale; in a two-player game without ties the standing is the win
chance. A drop earns a mark only when it exceeds twice its own standard error, so that
the sampling's noise alone never marks a move.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cheese.analysis.file import DecisionAnalysis, Summary, Thresholds

THRESHOLDS = Thresholds(
    measure=(
        "standing lost against the best move: the share of the other seats finished "
        "ahead of (a tie counting one half); with one seat, the chance to score"
    ),
    inaccuracy=0.05,
    mistake=0.10,
    blunder=0.15,
    noise_factor=2.0,
)
MARKS = ("inaccuracy", "mistake", "blunder")
BIGGEST = 3
"""The marked drops the summary names."""


def mark_of(drop: float, noise: float, thresholds: Thresholds = THRESHOLDS) -> str | None:
    """The mark a ``drop`` with standard error ``noise`` earns, or None.

    >>> mark_of(0.12, 0.02), mark_of(0.12, 0.07), mark_of(0.03, 0.0)
    ('mistake', None, None)
    """
    if drop <= thresholds.noise_factor * noise:
        return None
    if drop >= thresholds.blunder:
        return "blunder"
    if drop >= thresholds.mistake:
        return "mistake"
    if drop >= thresholds.inaccuracy:
        return "inaccuracy"
    return None


def move_accuracy(drop: float) -> float:
    """A move's accuracy in percent from its drop, by lichess's formula on the win
    chance's loss (in percentage points): 100 for no loss, about 50 for a blunder's 0.15.

    >>> round(move_accuracy(0.0), 1), round(move_accuracy(0.15), 1)
    (100.0, 50.5)
    """
    if drop <= 0.0:
        return 100.0
    loss = 100.0 * drop
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * loss) - 3.1669))


def summarize(decisions: Sequence[DecisionAnalysis]) -> Summary:
    """The summary of one seat's analysed decisions.

    Accuracy is the mean of ``move_accuracy`` over the decisions that were not forced,
    counting only drops above the noise (a drop within the noise counts as none);
    points lost add up each decision's expected points below the best move's.
    """
    chosen = [decision for decision in decisions if not decision.forced]
    counted = [
        decision.drop if decision.drop > THRESHOLDS.noise_factor * decision.noise else 0.0
        for decision in chosen
    ]
    accuracy = sum(move_accuracy(drop) for drop in counted) / len(counted) if counted else 100.0
    marked = sorted(
        (decision for decision in chosen if decision.mark is not None),
        key=lambda decision: (-decision.drop, decision.move),
    )
    return Summary(
        decisions=len(decisions),
        forced=len(decisions) - len(chosen),
        inaccuracies=sum(1 for decision in chosen if decision.mark == "inaccuracy"),
        mistakes=sum(1 for decision in chosen if decision.mark == "mistake"),
        blunders=sum(1 for decision in chosen if decision.mark == "blunder"),
        accuracy=round(accuracy, 1),
        biggest=tuple(decision.move for decision in marked[:BIGGEST]),
        points_lost=round(
            sum(max(0.0, decision.best_points - decision.played_points) for decision in chosen),
            2,
        ),
    )
