"""The reward formula in C (``ch_rewards``, used by the C search) equals the Python one
(``cheese.bots.search.rewards``) on the same finished games."""

from __future__ import annotations

import random

import pytest

from cheese.bots.search.rewards import solitaire_reward, terminal_rewards_of
from cheese.engine import GAME_SLUGS, State, game_info, load_game
from cheese.engine.registry import NATIVE

from ....native import needs_native
from ....random_games import random_game

pytestmark = needs_native

CASES = [
    (slug, players)
    for slug in GAME_SLUGS
    for players in range(game_info(slug).min_players, game_info(slug).max_players + 1)
]


def finished_games(slug: str, players: int, count: int) -> list[State]:
    games = []
    for seed in range(count):
        start = load_game(slug, backend=NATIVE).new_initial_state(num_players=players, seed=seed)
        final, _ = random_game(start, random.Random(seed))
        games.append(final)
    return games


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_c_and_python_rewards_agree_on_finished_games(slug: str, players: int) -> None:
    from cheese.bots.mcts.native.search import rewards

    for final in finished_games(slug, players, 12):
        points, keys = final.scores(), final.rank_keys()
        if players == 1:
            for scale, finish in ((10.0, 0.0), (30.0, 0.5)):
                expected = (solitaire_reward(points[0], scale, finish),)
                assert rewards(points, keys, scale, finish) == pytest.approx(expected, abs=1e-12)
        else:
            expected = terminal_rewards_of(points, keys)
            assert rewards(points, keys) == pytest.approx(expected, abs=1e-12)


def test_ties_and_a_scoreless_table_are_shared_alike() -> None:
    from cheese.bots.mcts.native.search import rewards

    for points, keys in (
        ((0, 0, 0), ((0,), (0,), (0,))),
        ((4, 4, 1), ((4, 2), (4, 2), (1, 9))),
        ((5, 5), ((5, 1), (5, 0))),
    ):
        assert rewards(points, keys) == pytest.approx(terminal_rewards_of(points, keys), abs=1e-12)
    assert rewards((0,), ((0,),), 30.0, 0.5) == (0.0,) == (solitaire_reward(0, 30.0, 0.5),)
