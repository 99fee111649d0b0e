"""``cheese bot serve``: a served cheese bot plays exactly as the same bot in the
referee's process — a tournament stores byte-identical actions on the same seeds."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from .tournament_runs import tournament_in_subprocess


def _actions(tmp_path: Path, spec: str, game: str) -> list[tuple[object, ...]]:
    _, database = tournament_in_subprocess(
        tmp_path, spec, game, "--deals", "2", "--seed", "7", "--workers", "2", "-q", timeout=300
    )
    with sqlite3.connect(database) as connection:
        return list(connection.execute("SELECT job, actions, fault FROM games ORDER BY job"))


@pytest.mark.parametrize(
    "game", ["get-the-cheese", pytest.param("cheese-drop", marks=pytest.mark.slow)]
)
def test_a_served_bot_stores_the_same_actions(tmp_path: Path, game: str) -> None:
    served = _actions(
        tmp_path, f"cmd:{sys.executable} -m cheese bot serve mcts:iterations=300", game
    )
    in_process = _actions(tmp_path, "mcts:iterations=300", game)
    assert served == in_process
    assert len(served) >= 4 and all(fault is None for _, _, fault in served)


def test_serve_refuses_a_bad_spec_in_one_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cheese", "bot", "serve", "nosuchbot"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "unknown bot 'nosuchbot'" in result.stderr
