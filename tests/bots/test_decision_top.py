"""Every searching bot names its best few moves with their measure (what hints show)."""

from __future__ import annotations

import random

import pytest

from cheese.bots import Turn, make_bot
from cheese.bots.base import TOP_CHOICES

from .conftest import random_position


@pytest.mark.parametrize(
    ("spec", "measure"),
    [("greedy", "value"), ("mcts:iterations=300", "visit share"), ("expectimax", "value")],
)
@pytest.mark.parametrize(
    ("game", "moves"),
    # Cheese Drop: a bet (its gates every bot plays by the one-ply values).
    [("get-the-cheese", 12), ("cheese-drop", 11)],
)
def test_top_lists_legal_moves_best_first(spec: str, measure: str, game: str, moves: int) -> None:
    state = random_position(game, 3, seed=4, moves=moves)
    decision = make_bot(spec).choose(Turn(state, state.current_player), random.Random(1))
    assert decision.top_measure == measure
    assert 1 <= len(decision.top) <= TOP_CHOICES
    actions = [action for action, _ in decision.top]
    values = [value for _, value in decision.top]
    assert set(actions) <= set(state.legal_actions()) and len(set(actions)) == len(actions)
    assert values == sorted(values, reverse=True)
    assert decision.top[0][1] == max(values)
    if measure == "visit share":
        assert 0 < sum(values) <= 1.0 + 1e-9
