"""``mcts:value=``: the C loop weighs the game's fitted leaf value in beside its playouts
(Cheese Chasers, ``chs_value_weights.h``)."""

from __future__ import annotations

import random

import pytest

from cheese.bots import Turn, make_bot

from ...native import needs_native
from .test_search_in_c import native_position, outcome

pytestmark = needs_native


def chasers_turn(seed: int) -> Turn:
    state = native_position("cheese-chasers", 1, seed=seed, moves=12)
    return Turn(state, state.current_player)


def test_it_plays_legal_moves_and_is_determined_by_its_seed() -> None:
    bot = make_bot("mcts:iterations=400,value=0.5")
    for seed in range(4):
        turn = chasers_turn(seed)
        first = bot.choose(turn, random.Random(seed))
        assert first.action in turn.legal_actions()
        assert outcome(first) == outcome(bot.choose(turn, random.Random(seed)))


def test_the_value_changes_what_the_search_sees() -> None:
    valued = make_bot("mcts:iterations=400,value=0.5")
    plain = make_bot("mcts:iterations=400")
    turns = [chasers_turn(seed) for seed in range(4)]
    assert any(
        outcome(valued.choose(turn, random.Random(1)))
        != outcome(plain.choose(turn, random.Random(1)))
        for turn in turns
    )


def test_a_game_without_a_fitted_value_says_so() -> None:
    state = native_position("get-the-cheese", 3, seed=3, moves=2)
    bot = make_bot("mcts:iterations=50,value=0.5")
    with pytest.raises(ValueError, match="get-the-cheese has no fitted leaf value"):
        bot.choose(Turn(state, state.current_player), random.Random(1))


def test_a_duel_refuses_value_where_the_game_has_no_fitted_value() -> None:
    from cheese.tournaments.duel import plan_duel

    with pytest.raises(ValueError, match="cannot play cheese-drop: .*use value=0"):
        plan_duel("mcts:value=0.5", "greedy", game="cheese-drop", games=2)
    plan_duel("mcts:value=0.5", "greedy", game="cheese-chasers", games=2)
