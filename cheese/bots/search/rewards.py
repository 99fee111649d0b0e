"""Rewards: one number in [0, 1] per seat that the searches maximise.

A duel counts wins pairwise: in every game each seat of bot A is compared with each seat
of bot B by the game's ranking. So a seat's reward is mostly its *pairwise share* — the
fraction of the other seats it beats (a tie counts one half) — blended with its *points
share* (its points over everyone's points), which keeps a gradient when the places are
already settled:

    reward[i] = 0.8 * (1 / (n - 1)) * sum over j != i of beats(i, j) + 0.2 * points[i] / total

At the end of a game ``beats`` compares the rank keys exactly. Before the end, from
estimated final points, ``beats(i, j) = logistic((points[i] - points[j]) / spread)``,
where ``spread`` says how uncertain the estimates still are (a game-specific number).

The rewards of all seats add up to the same constant ``0.4 n + 0.2`` in every position
(``beats(i, j) + beats(j, i) = 1``, shares add up to 1): the searches rely on it for
shallow pruning. The C search loop computes the same formula (``ch_rewards`` in
``cheese/bots/mcts/native/search.c``; a test keeps the two equal), and so does Cheese
Drop's lines over many draws at once (``mean_rewards`` in
``cheese.bots.evaluation.cheese_drop.round_lines``, numpy; tested against
``terminal_rewards_of`` and ``estimated_rewards``).

>>> [round(value, 3) for value in terminal_rewards_of((3, 1), ((3,), (1,)))]
[0.95, 0.05]
>>> [round(value, 3) for value in estimated_rewards((2.0, 2.0, 0.0), spread=1.0)]
[0.652, 0.652, 0.095]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeAlias

from cheese.engine import State

Rewards: TypeAlias = tuple[float, ...]
"""One reward in [0, 1] per seat."""

PAIRWISE_WEIGHT = 0.8
"""The pairwise share's weight in a reward: most of it, because a duel counts pairs."""
POINTS_WEIGHT = 0.2
"""The points share's weight: the rest, a gradient for when the places are settled."""


def reward_sum(num_players: int) -> float:
    """What the rewards of all seats add up to, in every position (n ≥ 2)."""
    return PAIRWISE_WEIGHT * num_players / 2 + POINTS_WEIGHT


def points_shares(points: Sequence[float]) -> list[float]:
    """Each seat's part of the points on the table (equal parts when nobody scored)."""
    positive = [max(0.0, float(value)) for value in points]
    total = sum(positive)
    if total <= 0.0:
        return [1.0 / len(points)] * len(points)
    return [value / total for value in positive]


def _blend(pairwise: Sequence[float], points: Sequence[float]) -> Rewards:
    shares = points_shares(points)
    return tuple(
        PAIRWISE_WEIGHT * beaten + POINTS_WEIGHT * share
        for beaten, share in zip(pairwise, shares, strict=True)
    )


def terminal_rewards_of(points: Sequence[float], rank_keys: Sequence[Any]) -> Rewards:
    """The rewards of a finished multi-seat game from its points and rank keys.

    A seat's keys may be any comparable value (a tuple of ints, or the points themselves
    in games ranked by points alone). A search calls this after every playout, so the
    formula is written out as one loop.
    """
    seats = len(points)
    total = 0.0
    for value in points:
        if value > 0.0:
            total += value
    pair_weight = PAIRWISE_WEIGHT / (seats - 1)
    rewards = []
    for value, key in zip(points, rank_keys):
        beaten = -0.5  # the seat ties with itself
        for other in rank_keys:
            if other < key:
                beaten += 1.0
            elif other == key:
                beaten += 0.5
        share = (value if value > 0.0 else 0.0) / total if total > 0.0 else 1.0 / seats
        rewards.append(pair_weight * beaten + POINTS_WEIGHT * share)
    return tuple(rewards)


def terminal_rewards(state: State) -> Rewards:
    """The rewards of the finished game ``state`` (two or more seats)."""
    return terminal_rewards_of(state.scores(), state.rank_keys())


def logistic(value: float) -> float:
    """1 / (1 + e^-value), safe for large magnitudes."""
    if value >= 0.0:
        return 1.0 / (1.0 + math.exp(-value))
    exponential = math.exp(value)
    return exponential / (1.0 + exponential)


def estimated_rewards(points: Sequence[float], spread: float) -> Rewards:
    """Rewards from estimated final points; ``spread`` > 0 is their uncertainty."""
    seats = len(points)
    others = seats - 1
    pairwise = [
        sum(
            logistic((points[seat] - points[other]) / spread)
            for other in range(seats)
            if other != seat
        )
        / others
        for seat in range(seats)
    ]
    return _blend(pairwise, points)


def solitaire_reward(score: float, scale: float, finish: float = 0.0) -> float:
    """A one-seat game's reward: 0 for nothing, else ``finish + (1 - finish) * score /
    (score + scale)``, → 1 for more.

    A solitaire duel compares two bots' scores on the same deal, so more is always
    better; ``scale`` (the points worth one half of the rest) sets where extra points stop
    mattering; ``finish`` is what any score at all is worth.
    """
    positive = max(0.0, score)
    if positive == 0.0:
        return 0.0
    return finish + (1.0 - finish) * positive / (positive + scale)
