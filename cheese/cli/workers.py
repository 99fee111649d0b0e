"""Where a run's games are played and kept: ``--workers`` (checked against the machine),
``--pin-cores``, ``--cluster`` and a resumed run's ``--db``, declared once for the commands
that run games."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cheese.cli.errors import UserInputError
from cheese.parallel import WORKERS_PER_CORE, default_workers, most_workers
from cheese.tournaments.config import BY_NAME

WorkersOption = Annotated[
    int | None, typer.Option(help="Worker processes (default: one per core).")
]
"""``--workers``: checked by ``worker_count``."""
PinCoresOption = Annotated[
    bool, typer.Option("--pin-cores", help=BY_NAME["pin_cores"].help)
]
"""``--pin-cores``: each worker and its bots on one processor (``cheese.parallel``)."""
ClusterOption = Annotated[
    str | None,
    typer.Option(help=BY_NAME["cluster"].help, metavar=BY_NAME["cluster"].metavar),
]
"""``--cluster``: a Dask scheduler's address, as a tournament's setting of that name."""
ResumedDbOption = Annotated[
    Path,
    typer.Option(
        metavar="PATH",
        help="Store every game here; the same command run again goes on where it stopped.",
    ),
]
"""``--db`` of a run that a second start of the same command resumes."""


def worker_count(given: int | None) -> int:
    """``given``, or one per core when it is None; ``UserInputError`` below 1 or above
    what this machine can use (``cheese.parallel.most_workers``)."""
    if given is None:
        return default_workers()
    if given < 1:
        raise UserInputError(f"--workers must be at least 1, not {given}; omit it for one per core")
    if given > most_workers():
        raise UserInputError(
            f"--workers {given} is more than this machine can use; give at most "
            f"{most_workers()} ({WORKERS_PER_CORE} per core), or omit it for one per core"
        )
    return given
