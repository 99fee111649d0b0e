"""``cheese ladder``: the doublings' duels, the table, JSON and plot, and bad budgets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cheese.tournaments.ladder import flat_from, plan_ladder

from .conftest import refused, run, stored_games

TINY = (
    "greedy",
    "--budget",
    "samples=1:4",
    "--game",
    "cheese-chasers",
    "--games",
    "4",
    "--workers",
    "1",
)


@pytest.mark.slow
def test_each_doubling_duels_the_one_below(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    db, plot = tmp_path / "l.db", tmp_path / "l.png"
    code, out, err = run(capsys, "ladder", *TINY, "--db", str(db), "--plot", str(plot), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [(rung["below"], rung["value"]) for rung in data["rungs"]] == [(1, 2), (2, 4)]
    first, second = data["rungs"]
    assert second["cumulative"] == pytest.approx(first["elo"] + second["elo"])
    assert set(first) == {"value", "below", "elo", "elo_ci95", "score", "games", "cumulative"}
    assert plot.read_bytes().startswith(b"\x89PNG")
    assert stored_games(db) == 8
    code, out, _ = run(capsys, "ladder", *TINY, "--db", str(db))
    assert out.splitlines()[1].split() == ["samples", "Elo", "gained", "95%", "interval", "total"]
    assert stored_games(db) == 8


@pytest.mark.parametrize(
    ("budget", "words"),
    [
        ("samples=1:1", "LOW must be below HIGH"),
        ("samples=3:5", "HIGH must be at least twice LOW"),
        ("temperature=1:4", "no integer parameter 'temperature'; its integer parameters are"),
        ("samples=0:4", "samples must be an integer from 1 to 1000"),
        ("samples", "is not NAME=LOW:HIGH"),
    ],
)
def test_bad_budgets_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], budget: str, words: str
) -> None:
    assert words in refused(capsys, "ladder", "greedy", "--budget", budget)


def test_the_rungs_double_up_to_the_high_end() -> None:
    assert plan_ladder("mcts", "iterations=250:16000").rungs == (
        250,
        500,
        1000,
        2000,
        4000,
        8000,
        16000,
    )
    assert plan_ladder("mcts", "iterations=300:1000").rungs == (300, 600)


def test_a_ladder_flattens_where_every_later_doubling_reaches_zero() -> None:
    # Chasers' measured ladder: 1000 was not told from 500, but 2000 gained clearly again.
    assert flat_from([500, 1000, 2000, 4000], [False, True, False, True]) == 4000
    assert flat_from([500, 1000, 2000, 4000], [True, True, True, True]) == 500
    assert flat_from([500, 1000], [True, False]) is None
