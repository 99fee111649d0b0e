"""The reasons a game's evaluation names for a worse move."""

from __future__ import annotations

import random

from cheese.bots.evaluation.generic import GenericEvaluator
from cheese.bots.evaluation.get_the_cheese import GetTheCheeseEvaluator, read_position
from cheese.engine.records import replay_states

from .games import THROWER, thrown_points_game


def test_get_the_cheese_names_the_sure_points_given_away() -> None:
    record, index = thrown_points_game()
    state = replay_states(record)[index]
    world = state.determinize(THROWER, random.Random(0))
    evaluator = GetTheCheeseEvaluator()
    played = record.actions[index]
    changes = evaluator.line_changes(read_position(world), THROWER)
    earned = {
        action: evaluator.table_change(read_position(world), THROWER, changes, action)[0]
        for action in world.legal_actions()
    }
    best = max(earned, key=lambda action: (earned[action], -action))
    lost = earned[best] - earned[played]
    assert lost >= 1
    reason = evaluator.move_reason(world, played, best, others_gain=0.0)
    assert reason == ("gives away a sure point" if lost == 1 else f"gives away {lost} sure points")
    assert evaluator.move_reason(world, best, best, others_gain=0.0) is None


def test_a_game_without_reasons_names_none() -> None:
    record, index = thrown_points_game()
    state = replay_states(record)[index]
    legal = state.legal_actions()
    assert GenericEvaluator().move_reason(state, legal[0], legal[-1], 3.0) is None
