"""A run that keeps its games in a store (``cheese duel --db``, ``cheese tune``, ``cheese
ladder``): the failures that end it answered in one way, and for the runs that resume from
their store, the store opened and Ctrl-C answered too."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import typer

from cheese.cli.errors import EXIT_FAILURE, UserInputError, stopped_exit_code
from cheese.parallel import PoolError
from cheese.referee.play import GameFailed
from cheese.store import ResultsStore, StoreError, StoreFull
from cheese.tournaments.duel import DuelStopped

Result = TypeVar("Result")


def _error_line(error: Exception) -> str:
    return f"cheese: error: {' '.join(str(error).split())}"


@contextmanager
def run_failures_answered() -> Iterator[None]:
    """A store that cannot be used is the user's to fix (exit 2); a failed game or pool,
    or a full disk, ends the run with one line (exit 1). The games stored so far stay, so
    the same command goes on from them."""
    try:
        yield
    except StoreFull as error:
        print(f"{_error_line(error)}; free some space and run the same command again",
              file=sys.stderr)
        raise typer.Exit(EXIT_FAILURE) from None
    except StoreError as error:
        raise UserInputError(str(error)) from None
    except (GameFailed, PoolError) as error:
        print(_error_line(error), file=sys.stderr)
        raise typer.Exit(EXIT_FAILURE) from None


def run_stored(db: Path, what: str, run: Callable[[ResultsStore], Result]) -> Result:
    """``run`` with the store at ``db`` open, its failures answered as
    ``run_failures_answered`` does; Ctrl-C stops it with 130, saying that the same command
    goes on (``what`` names the run: "the tune")."""
    try:
        with run_failures_answered(), ResultsStore(db) as store:
            return run(store)
    except (DuelStopped, KeyboardInterrupt):
        print(
            f"cheese: {what} stopped; its games are in {db}: the same command goes on",
            file=sys.stderr,
        )
        raise typer.Exit(stopped_exit_code(None)) from None
