"""Strength: stronger bots beat weaker ones over paired, seeded games.

The quick tests play a handful of games with generous bounds; the ``slow`` ones play
enough to check the project's targets roughly (``cheese duel`` measures them properly).
"""

from __future__ import annotations

import random

import pytest

from cheese.bots import Bot, Turn, make_bot
from cheese.engine import load_game
from cheese.engine.luck import resolve_chance

from .conftest import solo_ending


def play(slug: str, players: int, seed: int, seats: list[Bot]) -> tuple[tuple[int, ...], ...]:
    """Rank keys at the end of one game with paired luck (bot rngs derived from the seed)."""
    state = load_game(slug, backend="reference").new_initial_state(players, seed=seed)
    rngs = [random.Random(seed * 10 + seat) for seat in range(players)]
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
        else:
            seat = state.current_player
            state = state.apply(seats[seat].choose(Turn(state, seat), rngs[seat]).action)
    return state.rank_keys()


def pairwise_score(slug: str, players: int, deals: int, first: str, second: str) -> float:
    """The first bot's share of pairwise comparisons, seats alternating, both rotations."""
    bots = (make_bot(first), make_bot(second))
    wins = 0.0
    pairs = 0
    for deal in range(deals):
        for rotation in (0, 1):
            sides = [(seat + rotation) % 2 for seat in range(players)]
            keys = play(slug, players, 1000 + deal, [bots[side] for side in sides])
            for mine in range(players):
                for theirs in range(players):
                    if sides[mine] == 0 and sides[theirs] == 1:
                        pairs += 1
                        wins += (
                            1.0
                            if keys[mine] > keys[theirs]
                            else 0.5
                            if keys[mine] == keys[theirs]
                            else 0.0
                        )
    return wins / pairs


def completion(spec: str, seeds: range) -> float:
    bot = make_bot(spec)
    finished = 0
    for seed in seeds:
        state = load_game("cheese-chasers", backend="reference").new_initial_state(1, seed=seed)
        finished += solo_ending(bot, state, random.Random(seed)) == "complete"
    return finished / len(seeds)


def test_greedy_beats_random_at_get_the_cheese() -> None:
    assert pairwise_score("get-the-cheese", 4, 3, "greedy:samples=2", "random") >= 0.7


def test_greedy_beats_random_at_cheese_drop() -> None:
    assert pairwise_score("cheese-drop", 2, 2, "greedy", "random") >= 0.7


def test_search_bots_beat_random_at_get_the_cheese() -> None:
    assert pairwise_score("get-the-cheese", 4, 2, "mcts:iterations=40", "random") >= 0.65
    assert pairwise_score("get-the-cheese", 4, 2, "expectimax:depth=1", "random") >= 0.65


@pytest.mark.slow
@pytest.mark.parametrize(
    ("slug", "players", "first", "second", "bound"),
    [
        ("get-the-cheese", 4, "greedy", "random", 0.80),
        ("get-the-cheese", 4, "mcts", "greedy", 0.55),
        ("get-the-cheese", 4, "expectimax", "greedy", 0.52),
        ("cheese-drop", 2, "greedy", "random", 0.80),
        ("cheese-drop", 4, "mcts", "greedy", 0.50),
        ("cheese-drop", 3, "mcts", "greedy", 0.50),
        ("cheese-drop", 4, "expectimax", "greedy", 0.50),
    ],
)
def test_the_targets_roughly(
    slug: str, players: int, first: str, second: str, bound: float
) -> None:
    assert pairwise_score(slug, players, 30, first, second) >= bound


@pytest.mark.slow
def test_searches_finish_cheese_chasers_more_often_than_greedy() -> None:
    seeds = range(100)
    greedy = completion("greedy", seeds)
    assert greedy >= 0.08
    assert completion("expectimax", seeds) >= 1.5 * greedy
    assert completion("mcts", seeds) >= 1.5 * greedy
