"""The search-speed comparison: same positions for every spec, rates and ratios."""

from __future__ import annotations

import json

import pytest

from cheese.adapters.speed import compare_speed, main, positions


def test_positions_are_seeded_decisions_with_a_choice() -> None:
    first = positions("cheese-drop", 2, count=3, seed=5)
    assert first == positions("cheese-drop", 2, count=3, seed=5)
    assert all(len(state.legal_actions()) > 1 for state in first)


def test_the_last_spec_is_the_yardstick() -> None:
    specs = ["mcts:iterations=50", "mcts:iterations=10,leaf=1"]
    results = compare_speed("cheese-chasers", 1, specs, 2, seed=1)
    assert [result.spec for result in results] == specs
    assert results[-1].times_last == 1.0
    assert all(result.iterations_per_s > 0 for result in results)


def test_a_bot_without_iterations_cannot_be_compared() -> None:
    with pytest.raises(ValueError, match="'greedy' reports no iteration count"):
        compare_speed("cheese-chasers", 1, ["greedy"], 1, seed=1)


def test_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    main(["--game", "cheese-chasers", "--positions", "1", "--json",
          "mcts:iterations=20", "openspiel-ismcts:simulations=5"])
    rows = json.loads(capsys.readouterr().out)
    assert [row["spec"] for row in rows] == ["mcts:iterations=20", "openspiel-ismcts:simulations=5"]
