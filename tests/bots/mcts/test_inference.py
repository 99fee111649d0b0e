"""``mcts:infer=model``: the C loop deals the others' hidden cards with the game's model."""

from __future__ import annotations

import random

import pytest

from cheese.bots import Turn, make_bot
from cheese.bots.spec import BotSpecError
from cheese.engine import State

from ...native import needs_native
from .test_search_in_c import native_position, outcome

pytestmark = needs_native


def late_turn(seed: int) -> Turn:
    """A Get The Cheese! decision with face-down cards of the others on the table."""
    state: State = native_position("get-the-cheese", 4, seed=seed, moves=14)
    return Turn(state, state.current_player)


def test_it_plays_legal_moves_and_is_determined_by_its_seed() -> None:
    bot = make_bot("mcts:iterations=200,infer=model")
    for seed in range(4):
        turn = late_turn(seed)
        first = bot.choose(turn, random.Random(seed))
        again = bot.choose(turn, random.Random(seed))
        assert first.action in turn.legal_actions()
        assert outcome(first) == outcome(again)


def test_the_model_changes_what_the_search_sees() -> None:
    inferring = make_bot("mcts:iterations=300,infer=model")
    uniform = make_bot("mcts:iterations=300,infer=none")
    turns = [late_turn(seed) for seed in range(4)]
    assert any(
        outcome(inferring.choose(turn, random.Random(1)))
        != outcome(uniform.choose(turn, random.Random(1)))
        for turn in turns
    )


def test_a_game_without_a_model_of_hidden_cards_says_so() -> None:
    state = native_position("cheese-drop", 2, seed=3, moves=2)
    bot = make_bot("mcts:iterations=50,playout=heuristic,infer=model")
    with pytest.raises(ValueError, match="cheese-drop has no model of hidden cards"):
        bot.choose(Turn(state, state.current_player), random.Random(1))


def test_an_unknown_inference_lists_the_allowed_words() -> None:
    with pytest.raises(BotSpecError, match="none|model"):
        make_bot("mcts:infer=cards")


def test_a_duel_or_tournament_refuses_infer_model_where_the_game_has_no_model() -> None:
    from cheese.tournaments.duel import plan_duel
    from cheese.tournaments.tournament import TournamentSettings, plan_tournament

    with pytest.raises(ValueError, match="cannot play cheese-drop: .*use infer=none"):
        plan_duel("mcts:infer=model", "greedy", game="cheese-drop", games=2)
    with pytest.raises(ValueError, match="cannot play cheese-chasers"):
        plan_tournament(
            TournamentSettings(specs=("mcts:infer=model", "greedy"), game="cheese-chasers")
        )
    plan_duel("mcts:infer=model", "greedy", game="get-the-cheese", games=4)
