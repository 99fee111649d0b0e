"""The completion measure plays the same deals for every spec and keeps each result."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.chasers_completion import main, play_deal, read_results

from ..native import needs_native


@needs_native
def test_a_deal_is_played_the_same_from_its_seed() -> None:
    first = play_deal("greedy", 3, 0)
    second = play_deal("greedy", 3, 0)
    assert first[:2] == second[:2]
    assert len(first[2]) == len(second[2]) > 0


@needs_native
def test_two_specs_play_the_same_deals_and_the_file_keeps_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.txt"
    main(["greedy", "random", "--deals", "3", "--seed", "1", "--out", str(out)])
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("greedy: completed ")
    assert printed[1].startswith("random: completed 0/3 = 0.0%")
    assert printed[2].startswith("against random: 3 deals in common")
    assert [len(line.split()) for line in out.read_text().splitlines()] == [5, 5, 5]
    assert set(read_results(out)) == {0, 1, 2}
    main(["greedy", "--deals", "3", "--seed", "1", "--against", str(out)])
    assert "only here 0, only there 0" in capsys.readouterr().out


@needs_native
def test_worker_processes_play_the_same_deals(tmp_path: Path) -> None:
    alone, side_by_side = tmp_path / "alone.txt", tmp_path / "workers.txt"
    main(["greedy", "--deals", "4", "--seed", "2", "--out", str(alone)])
    main(["greedy", "--deals", "4", "--seed", "2", "--out", str(side_by_side), "--workers", "2"])
    assert side_by_side.read_text() == alone.read_text()
