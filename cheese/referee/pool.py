"""Play game jobs on supervised worker processes (``cheese.parallel``) and settle them.

Bots always play in a worker process, with one worker too, so a bot that hangs, exits,
crashes its process or raises ``SystemExit`` costs its game and never the run: duels and
tournaments share this one path. Results come back in the order games finish, which
depends on the machine; whoever aggregates them puts them back in job order (the duel
does, deal by deal; the results store does, by job). Only a bounded window of jobs is in
flight, so a duel stopped early by its SPRT has not queued the rest, and closing the
outcome iterator kills the workers and drops what has not started. Log records the
workers emit reach the parent's handlers whole (``cheese.parallel.gathered_worker_logs``).
"""

from __future__ import annotations

import functools
import signal
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass

from cheese.parallel import (
    Died,
    Done,
    Outcome,
    Overran,
    Watch,
    can_fork,
    gathered_worker_logs,
    run_forked,
    run_here,
)
from cheese.referee.jobs import Fault, GameJob, GameResult
from cheese.referee.play import BotFactory, forfeited, play_or_forfeit

WatchedRunner = Callable[[GameJob, Watch], GameResult]
"""Plays one job, arming the pool's watch while a bot thinks (``play_or_forfeit``)."""

WORKER_RETRIES = 1
"""A game whose worker died is played once more on a fresh worker."""


@dataclass(frozen=True, slots=True)
class Unplayed:
    """A game that could not be played through no bot's fault (its worker was killed
    from outside, or the game itself failed): it is not stored, and a resumed run plays
    it again."""

    job: GameJob
    reason: str


def play_outcomes(
    jobs: Iterable[GameJob],
    runner: WatchedRunner,
    workers: int,
    *,
    retries: int,
    pin_cores: bool = False,
) -> Generator[Outcome[GameJob, GameResult]]:
    """The outcome of every job, played on ``workers`` forked processes, each held to a
    processor of its own with ``pin_cores`` (here, one job after the other, only where
    this process cannot fork: a daemon process)."""
    if workers < 1:
        raise ValueError(f"a pool needs at least 1 worker, not {workers}")
    if not can_fork():
        return run_here(jobs, runner)
    return _on_processes(jobs, runner, workers, retries, pin_cores)


def _on_processes(
    jobs: Iterable[GameJob], runner: WatchedRunner, workers: int, retries: int, pin_cores: bool
) -> Generator[Outcome[GameJob, GameResult]]:
    with gathered_worker_logs():
        yield from run_forked(jobs, runner, workers, retries=retries, pin_cores=pin_cores)


def settle(outcome: Outcome[GameJob, GameResult]) -> GameResult | Unplayed:
    """What an outcome means for the results.

    A played or forfeited game is its result. A bot that hung past the hard limit
    forfeits (``hung``; ``timeout`` when the game is played on a clock alone, as the
    limit then follows the clock). A game whose worker died on every attempt while a seat was
    deciding, by a fault of the process itself (an exit of its own, a crash signal), is a
    forfeit of that seat (``crashed``). Anything else — the worker killed from outside
    (``kill``, the out-of-memory killer), or while no seat was acting, or the game failing
    outside any bot — is no bot's fault: ``Unplayed``.
    """
    if isinstance(outcome, Done):
        return outcome.result
    job = outcome.task
    if isinstance(outcome, Overran):
        if job.time_control is not None and job.move_time is None:
            return forfeited(
                job, outcome.tag, Fault.TIMEOUT,
                "lost on time: it did not return before its clock ran out; its worker was "
                "killed",
            )
        return forfeited(
            job, outcome.tag, Fault.HUNG, "hung past the move time; its worker was killed"
        )
    if isinstance(outcome, Died):
        death = f"its worker process died {_times(outcome.attempts)} ({_exit(outcome.exitcode)})"
        if outcome.tag is not None and not outcome.killed_from_outside:
            return forfeited(job, outcome.tag, Fault.CRASHED, f"crashed: {death}")
        if outcome.killed_from_outside:
            return Unplayed(job, f"{death}, killed from outside while playing it")
        return Unplayed(job, f"{death} while no bot was deciding")
    error = outcome.error
    return Unplayed(job, f"the game failed outside any bot: {type(error).__name__}: {error}")


def _times(count: int) -> str:
    return "once" if count == 1 else "twice" if count == 2 else f"{count} times"


def _exit(code: int | None) -> str:
    """An exit code in words: a signal by its name.

    >>> _exit(-9), _exit(3)
    ('signal SIGKILL', 'exit code 3')
    """
    if code is not None and code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"exit code {code}"


Player = Callable[[Iterable[GameJob]], Iterator[Outcome[GameJob, GameResult]]]
"""Plays jobs somewhere (processes here, or a cluster) and yields their outcomes."""


def local_player(
    workers: int, bot_factory: BotFactory | None = None, *, pin_cores: bool = False
) -> Player:
    """Jobs played on ``workers`` processes of this machine (here, with one), each with
    its bots on one processor when ``pin_cores`` (``cheese.parallel``)."""
    runner = functools.partial(play_or_forfeit, bot_factory=bot_factory)

    def play(jobs: Iterable[GameJob]) -> Iterator[Outcome[GameJob, GameResult]]:
        return play_outcomes(
            jobs, runner, workers, retries=WORKER_RETRIES, pin_cores=pin_cores
        )

    return play
