"""Batched playouts in C: totals, determinism, the heuristic, and agreement in law with
random games played through the reference engine."""

from __future__ import annotations

import random
import statistics

from cheese.engine import State, load_game
from cheese.engine.luck import resolve_chance, sample_chance

from ...native import check_native

check_native()  # before the extension's import below, which needs it built

from cheese.engine.native import NativeState, playouts  # noqa: E402

NATIVE_GAME = load_game("cheese-chasers", backend="native")

REFERENCE_GAME = load_game("cheese-chasers", backend="reference")


def _native(state: State) -> NativeState:
    assert isinstance(state, NativeState)
    return state


def test_playouts_add_one_win_and_the_final_score_each() -> None:
    start = _native(NATIVE_GAME.new_initial_state(seed=3))
    for policy in (0, 1):
        totals = playouts(start, 500, seed=9, policy=policy)
        assert totals.playouts == 500
        assert totals.win_shares == (500.0,)
        assert totals.score_sums[0] >= 0


def test_playouts_are_seeded() -> None:
    start = _native(NATIVE_GAME.new_initial_state(seed=3, traps=2))
    assert playouts(start, 300, seed=4) == playouts(start, 300, seed=4)
    assert playouts(start, 300, seed=4) != playouts(start, 300, seed=5)


def test_an_unknown_policy_runs_nothing() -> None:
    start = _native(NATIVE_GAME.new_initial_state(seed=3))
    assert playouts(start, 10, seed=1, policy=7).playouts == 0


def test_playouts_from_the_end_repeat_its_score() -> None:
    state = NATIVE_GAME.new_initial_state(seed=8, mice=6, cats=0, cheese=2, traps=0)
    while not state.is_terminal():
        action = resolve_chance(state) if state.is_chance_node() else state.legal_actions()[0]
        state = state.apply(action)
    final = _native(state)
    assert final.scores()[0] > 0
    assert playouts(final, 3, seed=1).score_sums == (3.0 * final.scores()[0],)


def test_playouts_start_from_any_node_and_leave_it_alone() -> None:
    state = NATIVE_GAME.new_initial_state(seed=12)
    for _ in range(10):
        action = resolve_chance(state) if state.is_chance_node() else state.legal_actions()[-1]
        state = state.apply(action)
    assert state.current_player == 0  # a card waits for its cell
    before = _native(state).data
    totals = playouts(_native(state), 200, seed=2, policy=1)
    assert totals.playouts == 200
    assert _native(state).data == before


def test_playouts_on_the_largest_table() -> None:
    start = _native(NATIVE_GAME.new_initial_state(seed=1, mice=100, cats=0, cheese=0, traps=0))
    totals = playouts(start, 200, seed=3)
    assert totals.playouts == 200
    assert totals.score_sums[0] > 0  # lines of mice that are never enclosed score


def test_random_playouts_score_like_reference_random_games() -> None:
    # Two traps can never lose, so most random games are finished and scored: the mean
    # score of C playouts must match random games through the reference API.
    rng = random.Random(1)
    scores = []
    for seed in range(300):
        state = REFERENCE_GAME.new_initial_state(seed=seed, traps=2)
        while not state.is_terminal():
            legal = state.legal_actions()
            state = state.apply(
                sample_chance(state, rng) if state.is_chance_node() else rng.choice(legal)
            )
        scores.append(state.scores()[0])
    reference_mean = statistics.mean(scores)
    error = statistics.stdev(scores) / len(scores) ** 0.5
    start = _native(NATIVE_GAME.new_initial_state(seed=1, traps=2))
    native_mean = playouts(start, 50_000, seed=5).score_sums[0] / 50_000
    assert abs(native_mean - reference_mean) < 4 * error


def test_the_heuristic_finishes_games_that_random_play_loses() -> None:
    start = _native(NATIVE_GAME.new_initial_state(seed=5))
    random_mean = playouts(start, 4000, seed=2, policy=0).score_sums[0] / 4000
    heuristic_mean = playouts(start, 4000, seed=2, policy=1).score_sums[0] / 4000
    assert random_mean < 0.1
    assert heuristic_mean > 3.0
