"""``mcts:finish=``: what a finished one-seat game is worth before its points count."""

from __future__ import annotations

import pytest

from cheese.bots import Turn, make_bot
from cheese.bots.evaluation import evaluator_for
from cheese.bots.evaluation.cheese_chasers import CheeseChasersEvaluator, reward_of_score
from cheese.bots.mcts.config import MctsConfig
from cheese.bots.mcts.search import configured_evaluator, search
from cheese.engine import load_game
from cheese.engine.cheese_chasers.view import ChasersView
from cheese.engine.luck import advance_chance

from ..conftest import random_position


def finished_view() -> ChasersView:
    """A finished game: a cheese surrounded by four active mice (18 points)."""
    cards = ((0, 0, 0), (1, -1, 0), (1, 0, 2), (1, 1, 0), (2, 0, 0))
    return ChasersView(cards=cards, last=(2, 0), pending=None, left=(0, 0, 0, 0),
                       ending="complete")


def test_finish_sets_the_reward_of_a_finished_game_before_its_points() -> None:
    view = finished_view()
    for finish in (0.0, 0.25, 1.0):
        evaluator = CheeseChasersEvaluator().with_solitaire_finish(finish)
        assert evaluator.solitaire_finish == finish
        assert evaluator.value(view, view.table()) == reward_of_score(18, finish)
        assert evaluator.rewards_of_points((18,)) == (reward_of_score(18, finish),)
    assert reward_of_score(18, 0.0) == pytest.approx(18 / 48)
    assert reward_of_score(18, 1.0) == 1.0


def test_a_game_without_a_one_seat_reward_keeps_its_own() -> None:
    game = load_game("get-the-cheese", "reference")
    assert evaluator_for(game).with_solitaire_finish(0.25) is None
    evaluator = configured_evaluator(game, MctsConfig(finish=0.25))
    assert type(evaluator) is type(evaluator_for(game))
    chasers = load_game("cheese-chasers", "reference")
    assert configured_evaluator(chasers, MctsConfig()).solitaire_finish == 0.5
    assert configured_evaluator(chasers, MctsConfig(finish=0.25)).solitaire_finish == 0.25


@pytest.mark.parametrize("backend", ["reference", "native"])
def test_both_loops_search_with_the_finish_asked_for(backend: str) -> None:
    start = load_game("cheese-chasers", backend).new_initial_state(seed=3)
    turn = Turn(advance_chance(start), 0)
    iterations = 400 if backend == "native" else 40
    sums = {
        finish: search(turn, MctsConfig(iterations=iterations, finish=finish), 5).children
        for finish in (0.0, 1.0)
    }
    # The same seed: only the rewards differ, and each finished playout is worth more when
    # finishing alone counts.
    total = {finish: sum(reward for _, _, reward in children) for finish, children in sums.items()}
    assert total[1.0] > total[0.0] > 0.0


def test_finish_is_refused_where_no_one_seat_game_rewards_finishing() -> None:
    from cheese.tournaments.duel import plan_duel

    bot = make_bot("mcts:finish=0.25")
    assert bot.refusal_for("cheese-chasers") is None  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="cannot play get-the-cheese: finish= .*drop finish="):
        plan_duel("mcts:finish=0.25", "greedy", game="get-the-cheese", games=2)
    plan_duel("mcts:finish=0.25", "greedy", game="cheese-chasers", games=2)


def test_a_position_is_valued_with_the_finish_asked_for() -> None:
    state = random_position("cheese-chasers", 1, seed=3, moves=10)
    view = state.view(0)
    low = CheeseChasersEvaluator(finish=0.0).value(view, view.table())
    high = CheeseChasersEvaluator(finish=1.0).value(view, view.table())
    assert 0.0 < low < high
