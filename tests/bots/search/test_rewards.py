"""Rewards: pairwise shares blended with points shares, constant sum, estimates."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cheese.bots.search.rewards import (
    estimated_rewards,
    logistic,
    points_shares,
    reward_sum,
    solitaire_reward,
    terminal_rewards,
    terminal_rewards_of,
)

from ..toy import race


def test_a_clear_winner_of_two() -> None:
    assert terminal_rewards_of((3, 1), ((3,), (1,))) == pytest.approx((0.95, 0.05))


def test_ties_share_the_pair_and_tie_breakers_count() -> None:
    tied = terminal_rewards_of((2, 2, 0), ((2, 0), (2, 0), (0, 0)))
    assert tied[0] == tied[1] == pytest.approx(0.8 * 0.75 + 0.2 * 0.5)
    broken = terminal_rewards_of((2, 2), ((2, 1), (2, 0)))
    assert broken[0] > broken[1]
    assert broken[0] == pytest.approx(0.8 + 0.1)


def test_nobody_scoring_shares_the_points_part_equally() -> None:
    assert points_shares([0, 0, 0, 0]) == [0.25] * 4
    assert terminal_rewards_of((0, 0), ((0,), (0,))) == pytest.approx((0.5, 0.5))


def test_terminal_rewards_read_the_state() -> None:
    state = race(6).apply(1)
    assert state.is_terminal()
    assert terminal_rewards(state) == pytest.approx((1.0, 0.0))


def test_estimates_approach_the_terminal_rewards_as_the_spread_shrinks() -> None:
    points = (5.0, 3.0, 1.0)
    sharp = estimated_rewards(points, spread=1e-3)
    assert sharp == pytest.approx(terminal_rewards_of((5, 3, 1), ((5,), (3,), (1,))))
    flat = estimated_rewards(points, spread=1e6)
    assert [value - 0.2 * share for value, share in zip(flat, points_shares(points))] == (
        pytest.approx([0.4] * 3, abs=1e-5)
    )


@settings(derandomize=True, max_examples=60, deadline=None)
@given(
    points=st.lists(st.floats(0, 100), min_size=2, max_size=5),
    spread=st.floats(0.01, 50),
)
def test_rewards_lie_in_zero_one_and_add_up_to_the_constant(
    points: list[float], spread: float
) -> None:
    rewards = estimated_rewards(points, spread)
    assert all(0.0 <= value <= 1.0 for value in rewards)
    assert sum(rewards) == pytest.approx(reward_sum(len(points)))


@settings(derandomize=True, max_examples=60, deadline=None)
@given(keys=st.lists(st.tuples(st.integers(0, 9), st.integers(0, 2)), min_size=2, max_size=5))
def test_terminal_rewards_add_up_to_the_constant(keys: list[tuple[int, int]]) -> None:
    rewards = terminal_rewards_of([key[0] for key in keys], keys)
    assert sum(rewards) == pytest.approx(reward_sum(len(keys)))
    best = max(keys)
    for key, value in zip(keys, rewards):
        if key == best:
            assert value == max(rewards)


def test_logistic_is_safe_far_out() -> None:
    assert logistic(0.0) == 0.5
    assert logistic(800.0) == 1.0 and logistic(-800.0) == 0.0
    assert logistic(2.0) == pytest.approx(1 / (1 + math.exp(-2)))


def test_solitaire_reward_grows_with_the_score() -> None:
    assert solitaire_reward(0, 10.0) == 0.0
    assert solitaire_reward(10, 10.0) == 0.5
    assert solitaire_reward(-5, 10.0) == 0.0
    assert solitaire_reward(30, 10.0) < solitaire_reward(31, 10.0) < 1.0
