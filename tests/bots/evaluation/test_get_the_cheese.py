"""Get The Cheese! evaluation: line resolution, the full position, one-ply values."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cheese.bots.evaluation.get_the_cheese import (
    GetTheCheeseEvaluator,
    line_points,
    read_position,
    read_position_from_views,
)
from cheese.bots.search.rewards import terminal_rewards
from cheese.engine.get_the_cheese.cards import BIG_MOUSE, CAT, DOG, KING_MOUSE, MOUSE, pile_points
from cheese.engine.get_the_cheese.moves import DRAW
from cheese.engine.get_the_cheese.resolve import Animal, score_piles
from cheese.engine.luck import advance_chance

from ..conftest import random_position

lines = st.lists(st.tuples(st.integers(0, 4), st.integers(0, 6)), max_size=12)


@settings(derandomize=True, max_examples=300, deadline=None)
@given(line=lines, cheese=st.integers(1, 6))
def test_line_points_match_the_engine_s_resolution(
    line: list[tuple[int, int]], cheese: int
) -> None:
    piles = score_piles(5, [(cheese, [Animal(owner, kind) for owner, kind in line])])
    assert line_points(cheese, line, 5) == [pile_points(pile) for pile in piles]


def test_the_worked_line_of_the_rules_page() -> None:
    red, blue, green = 3, 0, 1
    line = [
        (red, MOUSE),
        (blue, MOUSE),
        (green, CAT),
        (red, BIG_MOUSE),
        (blue, DOG),
        (red, CAT),
        (green, MOUSE),
        (green, KING_MOUSE),
    ]
    assert line_points(3, line, 5) == [3, 4, 0, 2, 0]


@pytest.mark.parametrize(
    ("players", "seed", "moves"), [(3, 1, 4), (4, 2, 9), (5, 3, 20), (4, 4, 30)]
)
def test_every_backend_s_views_give_the_same_position(players: int, seed: int, moves: int) -> None:
    state = random_position("get-the-cheese", players, seed, moves)
    assert read_position_from_views(state) == read_position(state)


@pytest.mark.parametrize(
    ("players", "seed", "moves"), [(3, 5, 2), (4, 6, 9), (5, 7, 14), (4, 8, 33)]
)
def test_action_values_are_the_rewards_after_each_action(
    players: int, seed: int, moves: int
) -> None:
    state = random_position("get-the-cheese", players, seed, moves)
    world = state.determinize(state.current_player, random.Random(seed))
    evaluator = GetTheCheeseEvaluator()
    legal = world.legal_actions()
    fast = evaluator.action_values(world, legal)
    for action, values in zip(legal, fast):
        assert values == pytest.approx(evaluator.rewards(world.apply(action)), abs=1e-12)


def test_the_last_play_is_valued_exactly() -> None:
    state = random_position("get-the-cheese", 3, seed=4, moves=200)
    evaluator = GetTheCheeseEvaluator()
    legal = state.legal_actions()
    final = [action for action in legal if advance_chance(state.apply(action)).is_terminal()]
    assert final, "the last decision of the game ends it"
    values = evaluator.action_values(state, legal)
    for action, rewards in zip(legal, values):
        if action in final:
            assert rewards == pytest.approx(terminal_rewards(state.apply(action)))


def test_priors_rank_plays_against_drawing() -> None:
    state = random_position("get-the-cheese", 4, seed=2, moves=1)
    evaluator = GetTheCheeseEvaluator()
    legal = state.legal_actions()
    priors = evaluator.action_priors(state, legal)
    if DRAW in legal:
        assert priors[legal.index(DRAW)] == 0.0
    assert len(set(priors)) > 1


def test_estimates_count_hand_and_deck_potential() -> None:
    state = random_position("get-the-cheese", 4, seed=1, moves=0)
    points, spread = GetTheCheeseEvaluator().estimate(read_position(state))
    assert all(value > 5 for value in points), "fifteen cards in reserve are worth something"
    assert spread > 5
    final = random_position("get-the-cheese", 4, seed=1, moves=200)
    assert GetTheCheeseEvaluator().estimate(read_position(final))[1] < spread
