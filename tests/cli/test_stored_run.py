"""How a stored run (``cheese tune``, ``cheese ladder``) answers its failures: a store the
user must fix, a full disk, a failed game, Ctrl-C; each one line, the right exit code."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer

from cheese.cli.errors import EXIT_FAILURE, UserInputError
from cheese.cli.stored_run import run_stored
from cheese.parallel import PoolError
from cheese.store import ResultsStore, StoreError, StoreFull


def _raising(error: BaseException):  # type: ignore[no-untyped-def]
    def run(store: ResultsStore) -> None:
        raise error

    return run


def test_the_run_gets_the_open_store_and_its_result_is_returned(tmp_path: Path) -> None:
    opened: list[ResultsStore] = []
    assert run_stored(tmp_path / "r.db", "the tune", lambda store: opened.append(store) or 7) == 7
    assert isinstance(opened[0], ResultsStore)
    assert (tmp_path / "r.db").exists()


def test_a_full_disk_ends_the_run_saying_how_to_go_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(typer.Exit) as stopped:
        run_stored(tmp_path / "r.db", "the tune", _raising(StoreFull("the disk is full")))
    assert stopped.value.exit_code == EXIT_FAILURE
    assert "free some space and run the same command again" in capsys.readouterr().err


def test_an_unusable_store_is_the_users_to_fix(tmp_path: Path) -> None:
    with pytest.raises(UserInputError, match="not a results database"):
        run_stored(tmp_path / "r.db", "the tune", _raising(StoreError("not a results database")))


def test_a_failed_pool_is_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(typer.Exit) as stopped:
        run_stored(tmp_path / "r.db", "the ladder", _raising(PoolError("a worker\n died")))
    assert stopped.value.exit_code == EXIT_FAILURE
    assert capsys.readouterr().err == "cheese: error: a worker died\n"


def test_ctrl_c_keeps_the_games_and_says_the_same_command_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(typer.Exit) as stopped:
        run_stored(tmp_path / "r.db", "the ladder", _raising(KeyboardInterrupt()))
    assert stopped.value.exit_code == 130
    assert "the ladder stopped; its games are in" in capsys.readouterr().err
