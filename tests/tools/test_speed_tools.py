"""The profiling and pace scripts: what they run, and that it runs."""

from __future__ import annotations

import pytest

from cheese.engine import GAME_SLUGS
from cheese.engine.registry import BACKEND, NATIVE
from tools.mcts_move_iterations import move_iterations, position
from tools.profile_native import run

needs_native = pytest.mark.skipif(BACKEND != NATIVE, reason="the native engine is not built")


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_positions_are_decisions_with_a_choice_or_none_after_the_end(slug: str) -> None:
    state = position(slug, 3)
    assert state is not None and not state.is_chance_node()
    assert len(state.legal_actions()) > 1
    assert position("cheese-chasers", 10_000) is None


@needs_native
@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_each_hot_path_runs_the_count_asked(slug: str) -> None:
    assert run(slug, "playouts", 50) == "50 playouts"
    assert run(slug, "mcts", 30).startswith("30 iterations, ")
    assert run(slug, "mcts-default", 30).startswith("30 iterations, ")


@needs_native
def test_move_iterations_are_grouped_by_how_the_move_was_searched() -> None:
    counts = move_iterations("cheese-chasers", 0.01, [3, 6])
    assert set(counts) == {"c"} and len(counts["c"]) == 2
    assert all(count >= 1 for count in counts["c"])
