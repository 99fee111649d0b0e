"""The random and greedy bots: uniform choice, and the best one-ply evaluation."""

from __future__ import annotations

import math
import random
from collections import Counter

from cheese.bots import Turn, make_bot
from cheese.bots.evaluation import evaluator_for
from cheese.bots.greedy import GreedyBot, softmax_choice
from cheese.bots.search.one_ply import ONE_PLY_SAMPLES, distinct_worlds, one_ply_decision

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


def test_greedy_at_temperature_zero_decides_as_the_one_ply_search_does() -> None:
    for slug, players, seed in (("get-the-cheese", 4, 9), ("cheese-drop", 2, 3)):
        state = random_position(slug, players, seed=seed, moves=6)
        turn = Turn(state, state.current_player)
        for spec in ("greedy", "greedy:temperature=0"):
            rng, again = random.Random(seed), random.Random(seed)
            decision = make_bot(spec).choose(turn, rng)
            expected = one_ply_decision(turn, evaluator_for(state.game), again, ONE_PLY_SAMPLES)
            assert decision == expected
            assert rng.getstate() == again.getstate()  # the same draws, so games unchanged
    assert make_bot("greedy:temperature=0").spec == "greedy"


def test_greedy_with_a_temperature_draws_from_the_softmax_of_the_values() -> None:
    state = random_position("get-the-cheese", 4, seed=9, moves=9)
    turn = Turn(state, state.current_player)
    legal = state.legal_actions()
    assert len(legal) > 2
    seeds = range(120)

    def picks(spec: str) -> list[int]:
        bot = make_bot(spec)
        return [bot.choose(turn, random.Random(seed)).action for seed in seeds]

    # The same seed draws the same worlds first, so a cold softmax plays a move of
    # greedy's value (one of the equal best, which greedy's tie break may not pick).
    cold = make_bot("greedy:temperature=0.00001")
    for seed in seeds:
        decision = cold.choose(turn, random.Random(seed))
        assert decision.info["value"] == decision.info["best"]
        assert decision.info["best"] == make_bot("greedy").choose(
            turn, random.Random(seed)
        ).info["value"]
    hot = Counter(picks("greedy:temperature=100"))
    assert len(hot) > len(legal) / 2 and max(hot.values()) < 4 * len(seeds) / len(legal)
    middle = Counter(picks("greedy:temperature=0.03"))
    assert 1 < len(middle) and middle.most_common(1)[0][1] < len(seeds)


def test_greedy_with_a_temperature_is_seeded_and_reports_what_it_played() -> None:
    state = random_position("cheese-drop", 2, seed=4, moves=3)
    turn = Turn(state, state.current_player)
    bot = make_bot("greedy:temperature=0.05")
    first = [bot.choose(turn, random.Random(seed)) for seed in range(5)]
    assert first == [bot.choose(turn, random.Random(seed)) for seed in range(5)]
    for decision in first:
        assert decision.info["value"] <= decision.info["best"]
        top = dict(decision.top)
        assert top.get(decision.action, decision.info["value"]) == decision.info["value"]


def test_softmax_choice_follows_the_weights() -> None:
    rng = random.Random(1)
    counts = Counter(softmax_choice([0, 1], [0.0, -math.log(3.0) * 0.1], 0.1, rng)
                     for _ in range(4000))
    assert abs(counts[0] / 4000 - 0.75) < 0.03  # weights 1 and 1/3
