"""Play game jobs on worker processes (``cheese.parallel``), or here with one worker.

Results come back in the order games finish, which depends on the machine; whoever
aggregates them must put them back in job order (the duel does, deal by deal; the
results store does, by job). Only a bounded window of jobs is in flight, so a duel stopped
early by its SPRT has not queued the rest, and closing the result iterator drops what has
not started. Log records the workers emit reach the parent's handlers whole
(``cheese.parallel.gathered_worker_logs``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator

from cheese.engine.records import GameRecord
from cheese.parallel import (
    Died,
    Done,
    Outcome,
    Overran,
    Raised,
    Watch,
    gathered_worker_logs,
    run_forked,
    run_here,
)
from cheese.tournaments.jobs import GameJob, GameResult
from cheese.tournaments.play import GameFailed, describe, forfeited

JobRunner = Callable[[GameJob], GameResult]
"""Plays one job (``cheese.tournaments.play.play_job``, or a stand-in in tests)."""
WatchedRunner = Callable[[GameJob, Watch], GameResult]
"""Plays one job, arming the pool's watch while a bot thinks (``play_or_forfeit``)."""

WORKER_RETRIES = 1
"""A game whose worker died is played once more on a fresh worker."""


def run_jobs(
    jobs: Iterable[GameJob], runner: JobRunner, workers: int
) -> Generator[GameResult, None, None]:
    """Play ``jobs`` with ``runner`` on ``workers`` processes; yield results as games end.

    With one worker the games are played here, one after the other, in job order. A game
    that raises, or whose worker dies, stops the run with its error.
    """
    if workers < 1:
        raise ValueError(f"a pool needs at least 1 worker, not {workers}")

    def run(job: GameJob, watch: Watch) -> GameResult:
        return runner(job)

    return _results(play_outcomes(jobs, run, workers, retries=0))


def _results(outcomes: Iterator[Outcome[GameJob, GameResult]]) -> Generator[GameResult]:
    for outcome in outcomes:
        yield settle(outcome)


def play_outcomes(
    jobs: Iterable[GameJob], runner: WatchedRunner, workers: int, *, retries: int
) -> Iterator[Outcome[GameJob, GameResult]]:
    """The outcome of every job: played here with one worker, else on forked workers."""
    if workers == 1:
        return run_here(jobs, runner)
    return _on_processes(jobs, runner, workers, retries)


def _on_processes(
    jobs: Iterable[GameJob], runner: WatchedRunner, workers: int, retries: int
) -> Generator[Outcome[GameJob, GameResult]]:
    with gathered_worker_logs():
        yield from run_forked(jobs, runner, workers, retries=retries)


def settle(outcome: Outcome[GameJob, GameResult]) -> GameResult:
    """The result of an outcome; a game that could not be played raises ``GameFailed``."""
    if isinstance(outcome, Done):
        return outcome.result
    if isinstance(outcome, Raised):
        if isinstance(outcome.error, GameFailed):
            raise outcome.error
        error = outcome.error
        raise GameFailed(f"{describe(outcome.task)}: {type(error).__name__}: {error}")
    if isinstance(outcome, Died):
        raise GameFailed(
            f"{describe(outcome.task)}: its worker process died (exit code {outcome.exitcode})"
        )
    raise GameFailed(f"{describe(outcome.task)}: a bot hung and its worker was killed")


def settle_with_forfeits(outcome: Outcome[GameJob, GameResult]) -> GameResult:
    """The result of an outcome in a tournament: a hung bot forfeits; a game whose worker
    died twice, or that failed outside any bot, is a result with an error and no places."""
    if isinstance(outcome, Done):
        return outcome.result
    job = outcome.task
    if isinstance(outcome, Overran):
        return forfeited(job, outcome.tag, "hung past the move time; its worker was killed")
    if isinstance(outcome, Died):
        reason = f"the worker process died {outcome.attempts} times (exit code {outcome.exitcode})"
    else:
        reason = f"{type(outcome.error).__name__}: {outcome.error}"
    return failed(job, reason)


def failed(job: GameJob, reason: str) -> GameResult:
    """A game that could not be played, not through any bot's fault: it has no places."""
    return GameResult(
        job=job,
        record=GameRecord(job.game, job.deal_seed, job.seat_specs, job.options, (), ()),
        points=(),
        ranking=(),
        finished=False,
        forfeit=None,
        error=reason,
    )
