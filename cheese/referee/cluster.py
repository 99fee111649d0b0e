"""Play jobs on an existing Dask distributed cluster instead of local processes.

The jobs, the play function and the results are those of the local pool, so the games,
the stored results and the table are the same; only where the games run differs. Dask
runs a game again on another worker if its worker dies (once). A bot that hangs cannot be
killed there; a bot that overruns ``--move-time`` and returns still forfeits. External
bots run on the workers too (their command must exist there, at the same path); the
workers, which outlive the run, end their bot processes when it is over. Needs the
``cluster`` extra (``pip install 'cheese[cluster]'``).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import TYPE_CHECKING

from cheese.parallel import Done, Outcome, Raised
from cheese.referee.external.sessions import end_bot_processes
from cheese.referee.jobs import GameJob, GameResult
from cheese.referee.play import BotFactory, play_or_forfeit
from cheese.referee.pool import WORKER_RETRIES, Player

if TYPE_CHECKING:
    from distributed import Client

JOBS_IN_FLIGHT_PER_THREAD = 2
LOGGER = logging.getLogger("cheese.referee.cluster")


class ClusterUnavailable(Exception):
    """Dask is not installed, or the scheduler cannot be reached."""


def cluster_player(address: str, bot_factory: BotFactory | None = None) -> Player:
    """Jobs played on the Dask cluster whose scheduler listens at ``address``."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterUnavailable(
            "--cluster needs Dask: pip install 'cheese[cluster]'"
        ) from None
    try:
        client = Client(address, timeout="10s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterUnavailable(
            f"cannot reach the Dask scheduler at {address} ({error}); start one with "
            "`dask scheduler` and give its tcp://HOST:PORT"
        ) from None
    runner = functools.partial(play_or_forfeit, bot_factory=bot_factory)

    def play(jobs: Iterable[GameJob]) -> Iterator[Outcome[GameJob, GameResult]]:
        return _play_on(client, runner, iter(jobs))

    return play


def _play_on(
    client: Client, runner: Callable[[GameJob], GameResult], jobs: Iterator[GameJob]
) -> Generator[Outcome[GameJob, GameResult], None, None]:
    from distributed import Future, as_completed

    threads = max(1, sum(client.nthreads().values()))  # type: ignore[no-untyped-call]
    window = threads * JOBS_IN_FLIGHT_PER_THREAD
    submitted: dict[object, GameJob] = {}
    running = as_completed()  # type: ignore[no-untyped-call]

    def submit() -> bool:
        job = next(jobs, None)
        if job is None:
            return False
        future: Future[GameResult] = client.submit(runner, job, pure=False, retries=WORKER_RETRIES)
        submitted[future.key] = job
        running.add(future)  # type: ignore[no-untyped-call]
        return True

    try:
        while len(submitted) < window and submit():
            pass
        for future in running:
            job = submitted.pop(future.key)
            try:
                yield Done(job, future.result())
            except Exception as error:
                yield Raised(job, error)
            if len(submitted) < window:
                submit()
    finally:
        try:
            # The workers outlive the run; their bots must not.
            client.run(end_bot_processes)
        except Exception as error:  # a lost worker took its bots with it
            LOGGER.warning("could not end the workers' bot processes: %s", error)
        client.close()  # type: ignore[no-untyped-call]
