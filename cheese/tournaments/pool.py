"""Run game jobs on a pool of worker processes, or in this process with one worker.

Results come back in the order games finish, which depends on the machine; whoever
aggregates them must put them back in job order (``cheese.tournaments.duel`` does, deal
by deal). Only a bounded window of jobs is in flight, so a duel stopped early by its SPRT
has not queued the rest, and closing the result iterator cancels what has not started.

Workers are forked, and log records they emit reach the parent's logging handlers
through multiprocessing-logging, so their lines come out whole, one process writing.
Workers ignore Ctrl-C: the parent alone handles it, stops handing out games and lets the
games already running finish.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager

# multiprocessing-logging ships no type information.
from multiprocessing_logging import MultiProcessingHandler  # type: ignore[import-untyped]

from cheese.tournaments.records import GameJob, GameResult

JobRunner = Callable[[GameJob], GameResult]
"""Plays one job (``cheese.tournaments.play.play_job``, or a stand-in in tests); it must
be picklable by reference, i.e. a module-level function or a partial of one."""

JOBS_IN_FLIGHT_PER_WORKER = 2
"""Jobs queued per worker: enough that no worker waits for the parent between games."""


def default_workers() -> int:
    """One worker per core this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def run_jobs(
    jobs: Iterable[GameJob], runner: JobRunner, workers: int
) -> Generator[GameResult, None, None]:
    """Play ``jobs`` with ``runner`` on ``workers`` processes; yield results as games end.

    With one worker the games are played here, one after the other, in job order.
    Closing the returned iterator early cancels the games that have not started.
    """
    if workers < 1:
        raise ValueError(f"a pool needs at least 1 worker, not {workers}")
    if workers == 1:
        return (runner(job) for job in jobs)
    return _run_on_processes(iter(jobs), runner, workers)


def _run_on_processes(
    jobs: Iterator[GameJob], runner: JobRunner, workers: int
) -> Generator[GameResult, None, None]:
    with gathered_worker_logs():
        executor = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("fork"),
            initializer=_ignore_interrupts,
        )
        pending: set[Future[GameResult]] = set()
        try:
            _top_up(executor, pending, jobs, runner, workers * JOBS_IN_FLIGHT_PER_WORKER)
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
                _top_up(executor, pending, jobs, runner, workers * JOBS_IN_FLIGHT_PER_WORKER)
        finally:
            for future in pending:
                future.cancel()
            executor.shutdown(wait=True, cancel_futures=True)


def _top_up(
    executor: ProcessPoolExecutor,
    pending: set[Future[GameResult]],
    jobs: Iterator[GameJob],
    runner: JobRunner,
    window: int,
) -> None:
    while len(pending) < window:
        job = next(jobs, None)
        if job is None:
            return
        pending.add(executor.submit(runner, job))


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _ForwardToHandlers(logging.Handler):
    """Hands each record to a fixed list of handlers, each applying its own level."""

    def __init__(self, handlers: list[logging.Handler]) -> None:
        super().__init__()
        self.targets = handlers

    def emit(self, record: logging.LogRecord) -> None:
        for handler in self.targets:
            if record.levelno >= handler.level:
                handler.handle(record)


@contextmanager
def gathered_worker_logs() -> Iterator[None]:
    """Route log records of forked workers (and of this process) to the root's handlers.

    The root logger's handlers are replaced, for the duration, by one queue-backed
    handler whose receiving thread in this process passes every record on to them (or to
    ``logging.lastResort`` if the root had none); they are put back afterwards.
    """
    root = logging.getLogger()
    original = list(root.handlers)
    targets = original or ([logging.lastResort] if logging.lastResort is not None else [])
    gathering = MultiProcessingHandler(
        "cheese-worker-logs", sub_handler=_ForwardToHandlers(targets)
    )
    for handler in original:
        root.removeHandler(handler)
    root.addHandler(gathering)
    try:
        yield
    finally:
        root.removeHandler(gathering)
        for handler in original:
            root.addHandler(handler)
        gathering.close()
