"""Many random games: every one ends, and its record adds up (a few hundred in CI; the
slow run plays 100,000 per player count and variant)."""

from __future__ import annotations

import random

import pytest

from cheese.engine.api import Game, State
from cheese.engine.cheese_drop.marbles import draws_per_drop, drops_per_round
from cheese.engine.cheese_drop.scoring import round_points
from cheese.engine.cheese_drop.view import DropView
from cheese.engine.luck import resolve_chance
from cheese.engine.registry import load_game

from ...native import BACKENDS_HERE

CI_GAMES = 40
SLOW_GAMES = 100_000


def play_random(game: Game, players: int, seed: int, simple: bool) -> State:
    state = game.new_initial_state(players, seed=seed, simple=simple)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < 2000
    return state


def check_final(final: State, players: int, simple: bool) -> None:
    view = final.view(0)
    assert isinstance(view, DropView)
    assert len(view.results) == 3
    totals = [0] * players
    for round_index, result in enumerate(view.results):
        marbles = drops_per_round(players) * draws_per_drop(players, round_index)
        assert sum(map(sum, result.lanes)) == marbles
        assert all(len(columns) == (2 if simple else 3) for columns in result.bets)
        points = round_points(result.lanes, result.bets)
        assert result.points == tuple(p.total for p in points)
        totals = [t + p for t, p in zip(totals, result.points)]
    assert final.scores() == tuple(totals) == view.totals
    assert min(final.ranking()) == 1


def check_games(backend: str, players: int, simple: bool, seeds: range) -> None:
    """Play a random game per seed on ``backend`` and check each one's final record."""
    game = load_game("cheese-drop", backend=backend)
    for seed in seeds:
        check_final(play_random(game, players, seed, simple), players, simple)


@pytest.mark.parametrize("backend", BACKENDS_HERE)
@pytest.mark.parametrize("simple", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_with_consistent_records(backend: str, players: int, simple: bool) -> None:
    check_games(backend, players, simple, range(CI_GAMES))


@pytest.mark.slow
@pytest.mark.parametrize("backend", BACKENDS_HERE)
@pytest.mark.parametrize("simple", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_hundred_thousand_random_games(backend: str, players: int, simple: bool) -> None:
    check_games(backend, players, simple, range(10_000, 10_000 + SLOW_GAMES))
