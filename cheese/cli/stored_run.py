"""A run that keeps every game in a store and resumes from it (``cheese tune``, ``cheese
ladder``): the store opened, the run played, and its failures answered in one way."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import typer

from cheese.cli.errors import EXIT_FAILURE, UserInputError, stopped_exit_code
from cheese.parallel import PoolError
from cheese.referee.play import GameFailed
from cheese.store import ResultsStore, StoreError, StoreFull
from cheese.tournaments.duel import DuelStopped

Result = TypeVar("Result")


def run_stored(db: Path, what: str, run: Callable[[ResultsStore], Result]) -> Result:
    """``run`` with the store at ``db`` open. A store that cannot be used is the user's to
    fix (exit 2); a failed game or pool, or a full disk, ends the run (exit 1); Ctrl-C
    stops it with 130. Every finished game is kept, so the same command goes on; ``what``
    names the run in those lines ("the tune")."""
    try:
        with ResultsStore(db) as store:
            return run(store)
    except StoreFull as error:
        print(
            f"cheese: error: {' '.join(str(error).split())}; free some space and run the "
            "same command again",
            file=sys.stderr,
        )
        raise typer.Exit(EXIT_FAILURE) from None
    except StoreError as error:
        raise UserInputError(str(error)) from None
    except (GameFailed, PoolError) as error:
        print(f"cheese: error: {' '.join(str(error).split())}", file=sys.stderr)
        raise typer.Exit(EXIT_FAILURE) from None
    except (DuelStopped, KeyboardInterrupt):
        print(
            f"cheese: {what} stopped; its games are in {db}: the same command goes on",
            file=sys.stderr,
        )
        raise typer.Exit(stopped_exit_code(None)) from None
