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
import threading
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
CONNECT_SECONDS = 10.0
"""How long the scheduler has to answer: Dask's own timeout bounds the TCP connection
alone, and a peer that accepts but never speaks would hold the run forever."""
CONNECT_GRACE_SECONDS = 2.0
"""Past ``CONNECT_SECONDS``, so that Dask's own refusal (nothing listens) comes first."""
CHECK = (
    "check that it is the tcp://HOST:PORT a running `dask scheduler` printed, with the "
    "same Dask version here"
)
LOGGER = logging.getLogger("cheese.referee.cluster")


class ClusterUnavailable(Exception):
    """Dask is not installed, or the scheduler cannot be reached."""


def cluster_player(address: str, bot_factory: BotFactory | None = None) -> Player:
    """Jobs played on the Dask cluster whose scheduler listens at ``address``."""
    try:
        import distributed  # noqa: F401  (only whether it is there)
    except ImportError:
        raise ClusterUnavailable(
            "--cluster needs Dask: pip install 'cheese[cluster]'"
        ) from None
    # Connected at once, so that an unreachable scheduler is refused before any game; a
    # run closes its client when it ends, so a caller running several (a tune's duels)
    # gets a new connection for each after the first.
    unused = [_connect(address)]
    runner = functools.partial(play_or_forfeit, bot_factory=bot_factory)

    def play(jobs: Iterable[GameJob]) -> Iterator[Outcome[GameJob, GameResult]]:
        client = unused.pop() if unused else _connect(address)
        return _play_on(client, runner, iter(jobs))

    return play


def _connect(address: str) -> Client:
    """A client of the scheduler at ``address``; ``ClusterUnavailable`` within
    ``CONNECT_SECONDS`` (and the grace) when nothing answers there, something that is not
    a Dask scheduler answers, or the address is not one.

    The client is made on a thread of its own, as Dask's handshake has no timeout; a
    thread left waiting on a silent peer is a daemon and ends with the command.
    """
    from distributed import Client
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address)
        if scheme in ("tcp", "tls"):
            parse_host_port(location)
    except ValueError as error:
        raise ClusterUnavailable(
            f"--cluster {address} is not a scheduler address ({error}); give the "
            "tcp://HOST:PORT a running `dask scheduler` printed"
        ) from None
    found: list[Client | Exception] = []

    def connect() -> None:
        try:
            client = Client(address, timeout=f"{CONNECT_SECONDS:g}s")  # type: ignore[no-untyped-call]
            found.append(client)
        # Whatever a peer's bytes make of Dask's reader: a huge frame length is a
        # MemoryError, a garbled one a ValueError or TypeError.
        except Exception as error:
            found.append(error)

    thread = threading.Thread(target=connect, name="cheese-cluster-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_SECONDS + CONNECT_GRACE_SECONDS)
    if not found:
        raise ClusterUnavailable(
            f"the Dask scheduler at {address} did not answer within {CONNECT_SECONDS:g} s "
            f"(something there accepted the connection and said nothing); {CHECK}"
        )
    outcome = found[0]
    if not isinstance(outcome, Exception):
        return outcome
    if isinstance(outcome, OSError | TimeoutError):
        raise ClusterUnavailable(
            f"cannot reach the Dask scheduler at {address} ({' '.join(str(outcome).split())});"
            " start one with `dask scheduler` and give its tcp://HOST:PORT"
        )
    raise ClusterUnavailable(
        f"what answers at {address} is not a Dask scheduler (it does not speak Dask's "
        f"protocol); {CHECK}"
    )


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
