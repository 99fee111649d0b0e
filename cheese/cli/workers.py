"""How many worker processes a run gets: ``--workers``, checked against the machine."""

from __future__ import annotations

from cheese.cli.errors import UserInputError
from cheese.parallel import WORKERS_PER_CORE, default_workers, most_workers


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
