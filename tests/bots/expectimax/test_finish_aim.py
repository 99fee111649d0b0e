"""Expectimax aiming at finishing a one-seat game (``aim=finish``): Cheese Chasers'
completion and its batched leaf playouts."""

from __future__ import annotations

import random

import pytest

from cheese.bots import Turn, make_bot
from cheese.bots.evaluation import evaluator_for
from cheese.bots.evaluation.cheese_chasers import ChasersFinishEvaluator
from cheese.bots.expectimax.config import Aim, ExpectimaxConfig
from cheese.engine import load_game

from ...native import needs_native
from ..conftest import random_position
from ..test_chasers_deck_order import dealt, history

FINISH = "expectimax:aim=finish,playouts=16"
"""A quick bot of the finish aim."""


def test_the_aim_is_a_declared_choice_that_round_trips() -> None:
    assert ExpectimaxConfig.from_params({"aim": "finish"}).aim is Aim.FINISH
    assert ExpectimaxConfig().aim is Aim.SCORE
    assert make_bot("expectimax:aim=finish").spec == "expectimax:aim=finish"
    with pytest.raises(ValueError, match="aim"):
        make_bot("expectimax:aim=points")


def test_finishing_alone_values_a_finished_game_one_and_a_lost_one_nothing() -> None:
    finishing = evaluator_for(load_game("cheese-chasers", backend="reference")).finishing()
    assert isinstance(finishing, ChasersFinishEvaluator)
    assert finishing.rewards_of_points((3,)) == finishing.rewards_of_points((70,)) == (1.0,)
    assert finishing.rewards_of_points((0,)) == (0.0,)
    assert evaluator_for(load_game("get-the-cheese", backend="reference")).finishing() is None


def test_a_position_is_worth_its_chance_of_finishing() -> None:
    state = random_position("cheese-chasers", 1, seed=2, moves=8)
    finishing = evaluator_for(state.game).finishing()
    assert finishing is not None
    (value,) = finishing.rewards(state)
    assert 0.0 < value < 1.0


@needs_native
def test_finish_aim_plays_legal_moves_the_same_from_the_same_seed() -> None:
    state = dealt(3, history(3, 6))
    bot = make_bot(FINISH)
    first = bot.choose(Turn(state, 0), random.Random(5))
    second = bot.choose(Turn(state, 0), random.Random(5))
    assert first.action in state.legal_actions()
    assert (first.action, first.info["value"]) == (second.action, second.info["value"])


def test_a_game_without_a_finish_aim_is_searched_for_its_score() -> None:
    state = random_position("get-the-cheese", 3, seed=2, moves=2)
    plain = make_bot("expectimax:depth=1,playouts=2").choose(
        Turn(state, state.current_player), random.Random(4)
    )
    aimed = make_bot("expectimax:depth=1,playouts=2,aim=finish").choose(
        Turn(state, state.current_player), random.Random(4)
    )
    assert (plain.action, plain.info["value"]) == (aimed.action, aimed.info["value"])


def test_a_duel_refuses_aim_finish_where_the_game_does_not_value_finishing() -> None:
    from cheese.tournaments.duel import plan_duel

    with pytest.raises(ValueError, match="cannot play get-the-cheese: .*use aim=score"):
        plan_duel("expectimax:aim=finish", "greedy", game="get-the-cheese", games=4)
    with pytest.raises(ValueError, match="cannot play cheese-drop"):
        plan_duel("expectimax:aim=finish", "greedy", game="cheese-drop", games=2)
    plan_duel("expectimax:aim=finish", "expectimax", game="cheese-chasers", games=2)
