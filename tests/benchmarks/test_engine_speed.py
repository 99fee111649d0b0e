"""Engine speed benchmarks (pytest-benchmark; skipped by default, run with --benchmark-only).

    pytest tests/benchmarks --benchmark-only --benchmark-columns=median,ops,rounds

Targets (one core): native ≥ 100× reference on random playouts; ≥ 250,000 playouts/s for
4-player get-the-cheese, ≥ 300,000 for cheese-chasers and 4-player cheese-drop; native
``apply`` from Python ≥ 500,000/s; the C search's iterations at least half the native
playouts' rate (``mcts_share``). ``cheese bench`` reports the same figures, one benchmark
here per figure: playouts through the API (reference), batched native playouts, apply,
and the C search from the first decision (docs/performance.md).
"""

from __future__ import annotations

import random

import pytest

from cheese.bots.benchmark import bench_search, first_decision
from cheese.engine import GAME_SLUGS, load_game
from cheese.engine.benchmark import bench_players, random_playout
from cheese.engine.registry import NATIVE, REFERENCE

from ..native import needs_native

BATCH = 1000


@pytest.mark.parametrize("backend", [REFERENCE, pytest.param(NATIVE, marks=needs_native)])
@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_random_playout_through_the_api(benchmark: object, slug: str, backend: str) -> None:
    initial = load_game(slug, backend=backend).new_initial_state(
        num_players=bench_players(slug), seed=1
    )
    rng = random.Random(1)
    final, _ = benchmark(random_playout, initial, rng)  # type: ignore[operator]
    assert final.is_terminal()


@needs_native
@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_native_batched_playouts(benchmark: object, slug: str) -> None:
    from cheese.engine.native import NativeState, playouts

    initial = load_game(slug, backend=NATIVE).new_initial_state(
        num_players=bench_players(slug), seed=1
    )
    assert isinstance(initial, NativeState)
    totals = benchmark(playouts, initial, BATCH, 7)  # type: ignore[operator]
    assert totals.playouts == BATCH


@pytest.mark.parametrize("backend", [REFERENCE, pytest.param(NATIVE, marks=needs_native)])
@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_apply_a_recorded_game(benchmark: object, slug: str, backend: str) -> None:
    initial = load_game(slug, backend=backend).new_initial_state(
        num_players=bench_players(slug), seed=1
    )
    _, actions = random_playout(initial, random.Random(2))

    def replay_actions() -> object:
        state = initial
        for action in actions:
            state = state.apply(action)
        return state

    assert benchmark(replay_actions).is_terminal()  # type: ignore[operator]


SEARCH_ITERATIONS = 2000


@needs_native
@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_c_search_from_the_first_decision(benchmark: object, slug: str) -> None:
    """``cheese bench``'s MCTS figure: the C search with random playouts, fixed budget."""
    first = first_decision(slug, bench_players(slug))

    def one_search() -> int:
        return bench_search(first, SEARCH_ITERATIONS, seed=1).iterations

    assert benchmark(one_search) == SEARCH_ITERATIONS  # type: ignore[operator]
