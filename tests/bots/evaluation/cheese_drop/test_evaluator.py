"""Cheese Drop evaluation: the fall, lane outlooks against the rules' scoring, betting."""

from __future__ import annotations

import random

import pytest

from cheese.bots.evaluation.cheese_drop.evaluator import (
    CheeseDropEvaluator,
    drop_options,
    drop_view,
)
from cheese.bots.evaluation.cheese_drop.outlook import (
    lane_distributions,
    marble_odds,
    normal_above,
    outlook,
    row_step,
)
from cheese.bots.evaluation.cheese_drop.predicted_bets import simulate_betting
from cheese.bots.search.rewards import terminal_rewards
from cheese.engine import load_game
from cheese.engine.api import OptionValue
from cheese.engine.cheese_drop.core import EVENT_COUNT, LANE_COUNT, Phase
from cheese.engine.cheese_drop.scoring import base_points, event_points, lane_contents
from cheese.engine.cheese_drop.state import DropState
from cheese.engine.luck import advance_chance

from ...conftest import random_position


def test_a_row_keeps_the_marble_and_merges_at_the_walls() -> None:
    assert row_step([1.0, 0, 0, 0, 0, 0]) == [0.75, 0.25, 0, 0, 0, 0]
    assert row_step([0, 0, 1.0, 0, 0, 0]) == [0, 0.25, 0.5, 0.25, 0, 0]
    spread = lane_distributions(6)
    for lane in range(LANE_COUNT):
        assert sum(spread[6][lane]) == pytest.approx(1.0)
        assert spread[0][lane][lane] == 1.0
    assert spread[6][0] == list(reversed(spread[6][5]))


def test_the_normal_approximation_is_exact_without_spread() -> None:
    assert normal_above(2.0, 0.0) == 1.0 and normal_above(0.0, 0.0) == 0.0
    assert normal_above(0.3, 0.21) == pytest.approx(0.33, abs=0.02)


def betting_position(seed: int, **options: OptionValue) -> DropState:
    """The first bet of round 1 after seeded random gates."""
    game = load_game("cheese-drop", backend="reference")
    state = advance_chance(game.new_initial_state(2, seed=seed, **options))
    rng = random.Random(seed)
    while drop_view(state).phase != Phase.BET:
        legal = state.legal_actions()
        state = advance_chance(state.apply(legal[rng.randrange(len(legal))]))
    assert isinstance(state, DropState)
    return state


@pytest.mark.parametrize("seed", range(4))
def test_with_nothing_hidden_the_outlook_is_the_rules_scoring(seed: int) -> None:
    state = betting_position(seed, hidden_rows=0)
    view = drop_view(state)
    options = drop_options(state)
    seen = outlook(marble_odds(view, options, lane_distributions(options.rows)))
    lanes = lane_contents(state.marbles)
    for lane, contents in enumerate(lanes):
        assert seen.base[lane] == pytest.approx(base_points(contents))
        for event in range(EVENT_COUNT):
            assert seen.events[event][lane] == pytest.approx(event_points(event, contents))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_simulated_betting_respects_the_betting_rules(players: int, seed: int) -> None:
    state = random_position("cheese-drop", players, seed, moves=players + 1)
    view = drop_view(state)
    options = drop_options(state)
    seen = outlook(marble_odds(view, options, lane_distributions(options.rows)))
    expected = simulate_betting(view, options, seen)
    assert len(expected) == players and all(value >= 0.0 for value in expected)


@pytest.mark.parametrize(("players", "seed", "moves"), [(2, 1, 0), (4, 2, 1), (3, 3, 2)])
def test_gate_values_are_the_rewards_after_each_gate(players: int, seed: int, moves: int) -> None:
    state = random_position("cheese-drop", players, seed, moves)
    assert drop_view(state).phase == Phase.GATE
    evaluator = CheeseDropEvaluator()
    legal = state.legal_actions()[:40]
    for action, values in zip(legal, evaluator.action_values(state, legal)):
        assert values == pytest.approx(evaluator.rewards(state.apply(action)), abs=1e-12)


def test_the_evaluation_reads_only_the_public_view() -> None:
    state = random_position("cheese-drop", 4, seed=7, moves=5)
    evaluator = CheeseDropEvaluator()
    hidden = state.determinize(0, random.Random(1))
    assert hidden != state
    assert evaluator.rewards(hidden) == evaluator.rewards(state)
    assert evaluator.advice.view_only


def test_a_finished_game_is_valued_by_its_ranking() -> None:
    state = random_position("cheese-drop", 2, seed=5, moves=500)
    final = advance_chance(state.apply(state.legal_actions()[0]))
    assert final.is_terminal()
    assert CheeseDropEvaluator().rewards(final) == terminal_rewards(final)
