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


@pytest.mark.parametrize(
    ("error", "exit_code", "line"),
    [
        (StoreFull("the disk is full"), EXIT_FAILURE,
         "cheese: error: the disk is full; free some space and run the same command again\n"),
        (PoolError("a worker\n died"), EXIT_FAILURE, "cheese: error: a worker died\n"),
        (KeyboardInterrupt(), 130, "the ladder stopped; its games are in "),
    ],
    ids=["full disk", "failed pool", "ctrl-c"],
)
def test_a_run_that_cannot_go_on_says_so_in_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    error: BaseException,
    exit_code: int,
    line: str,
) -> None:
    with pytest.raises(typer.Exit) as stopped:
        run_stored(tmp_path / "r.db", "the ladder", _raising(error))
    assert stopped.value.exit_code == exit_code
    err = capsys.readouterr().err
    assert line in err and err.count("\n") == 1


def test_an_unusable_store_is_the_users_to_fix(tmp_path: Path) -> None:
    with pytest.raises(UserInputError, match="not a results database"):
        run_stored(tmp_path / "r.db", "the tune", _raising(StoreError("not a results database")))
