"""The random and greedy bots: uniform choice, and the best one-ply evaluation."""

from __future__ import annotations

import random
from collections import Counter

from cheese.bots import Turn, make_bot
from cheese.bots.evaluation import evaluator_for
from cheese.bots.greedy import GreedyBot
from cheese.bots.search.one_ply import distinct_worlds

from .conftest import random_position
from .toy import race


def test_the_random_bot_is_uniform_and_seeded() -> None:
    state = random_position("cheese-chasers", 1, seed=1, moves=2)
    bot = make_bot("random")
    rng = random.Random(5)
    counts = Counter(bot.choose(Turn(state, 0), rng).action for _ in range(4000))
    assert set(counts) == set(state.legal_actions())
    assert max(counts.values()) - min(counts.values()) < 250
    again = [make_bot("random").choose(Turn(state, 0), random.Random(9)).action for _ in range(3)]
    assert len(set(again)) == 1


def test_greedy_takes_the_immediate_win() -> None:
    assert make_bot("greedy").choose(Turn(race(5), 0), random.Random(0)).action == 2


def test_greedy_plays_the_best_evaluated_move() -> None:
    state = random_position("get-the-cheese", 4, seed=9, moves=9)
    assert len(state.legal_actions()) > 1
    seat = state.current_player
    turn = Turn(state, seat)
    bot = make_bot("greedy:samples=3")
    decision = bot.choose(turn, random.Random(4))
    worlds = distinct_worlds(turn, random.Random(4), 3)
    evaluator = evaluator_for(state.game)
    legal = state.legal_actions()
    means = {
        action: sum(
            weight * evaluator.rewards(world.apply(action))[seat] for world, weight in worlds
        )
        / 3
        for action in legal
    }
    assert means[decision.action] == max(means.values())
    assert decision.info["value"] == round(max(means.values()), 4)


def test_greedy_breaks_exact_ties_with_the_rng() -> None:
    state = race(0, target=50)  # every move is worth the same to the generic evaluation
    picks = {
        make_bot("greedy").choose(Turn(state, 0), random.Random(seed)).action for seed in range(20)
    }
    assert picks == {1, 2}


def test_greedy_needs_one_world_when_nothing_hidden_matters() -> None:
    state = random_position("cheese-drop", 2, seed=3, moves=1)
    decision = GreedyBot().choose(Turn(state, state.current_player), random.Random(0))
    assert decision.info["worlds"] == 1


def test_identical_determinizations_are_merged() -> None:
    state = race(2)
    assert distinct_worlds(Turn(state, 0), random.Random(0), 6) == [(state, 6)]
    hidden = random_position("get-the-cheese", 3, seed=3, moves=5)
    worlds = distinct_worlds(Turn(hidden, hidden.current_player), random.Random(0), 6)
    assert sum(weight for _, weight in worlds) == 6 and len(worlds) > 1
