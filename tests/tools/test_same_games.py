"""One bot swapped between two runs of the same plan: the same games, paired."""

from __future__ import annotations

from pathlib import Path

import pytest

from cheese.cli.app import main as cheese
from tools.same_games import RunsDiffer, main, paired_shares, seat_share, stored

BEFORE, AFTER = "greedy:temperature=0.1", "mcts:iterations=50"


def test_a_seats_share_counts_the_better_place_one_and_a_shared_place_half() -> None:
    assert seat_share((1, 2, 2, 4), 0) == 1.0
    assert seat_share((1, 2, 2, 4), 1) == pytest.approx((0 + 0.5 + 1) / 3)
    assert seat_share((1, 2, 2, 4), 3) == 0.0


def tournament(tmp_path: Path, name: str, last: str) -> Path:
    """Two deals of every 3-seat table of random, greedy and ``last``, seed 5."""
    database = tmp_path / f"{name}.db"
    argv = ["tournament", "run", "random", "greedy", last, "--players", "3", "--deals", "2"]
    assert cheese([*argv, "--seed", "5", "--db", str(database), "--workers", "1", "-q"]) == 0
    return database


def test_the_swapped_bot_is_compared_in_the_same_games_and_only_there(tmp_path: Path) -> None:
    first = stored(tournament(tmp_path, "first", BEFORE), None)
    second = stored(tournament(tmp_path, "second", AFTER), None)
    shares = paired_shares(first, second, BEFORE, AFTER)
    assert shares.games == sum(BEFORE in game.seats for game in first) > 0
    same = paired_shares(first, first, "greedy", "greedy")
    assert same.deal_differences() == [0.0] * len(same.by_deal)
    with pytest.raises(RunsDiffer, match="not the same game"):
        paired_shares(first, second, "greedy", "greedy")


def test_the_command_prints_both_shares_and_refuses_other_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = tournament(tmp_path, "first", BEFORE)
    second = tournament(tmp_path, "second", AFTER)
    capsys.readouterr()
    argv = [str(first), str(second), "--before", BEFORE, "--after"]
    assert main([*argv, AFTER]) == 0
    out = capsys.readouterr().out
    assert f"{AFTER}: " in out
    assert "difference: " in out
    assert main([*argv, "greedy"]) == 2
    assert capsys.readouterr().err.startswith("same_games: job ")
