"""The pool: every job played once, in worker processes (one worker too), logs gathered,
early close, and what each outcome means for the results."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterator

import pytest

from cheese.parallel import Died, Overran, Raised, Watch, default_workers, gathered_worker_logs
from cheese.referee.jobs import Fault, GameJob, GameResult
from cheese.referee.play import GameFailed, play_job
from cheese.referee.pool import WORKER_RETRIES, Unplayed, play_outcomes, settle
from cheese.tournaments.schedule import Schedule

from ..scripted import duel_setup, fake_result, scripted_bot

LOGGER = logging.getLogger("cheese.tests.pool")


def jobs(deals: int) -> list[GameJob]:
    schedule = Schedule(duel_setup("cheese-drop", 2, "random", "first", deals=deals).plan)
    return list(iter(schedule.next, None))


def run_jobs(
    work: list[GameJob], runner: Callable[[GameJob], GameResult], workers: int
) -> Iterator[GameResult | Unplayed]:
    def watched(job: GameJob, watch: Watch) -> GameResult:
        return runner(job)

    outcomes = play_outcomes(work, watched, workers, retries=WORKER_RETRIES)
    return (settle(outcome) for outcome in outcomes)


def play_scripted(job: GameJob) -> GameResult:
    return play_job(job, scripted_bot)


def report_process(job: GameJob) -> GameResult:
    LOGGER.warning("deal %d rotation %d played in process %d", job.deal, job.rotation, os.getpid())
    return fake_result((0, 1), (1, 0), (1, 2), deal=job.deal, rotation=job.rotation)


def slow_result(job: GameJob) -> GameResult:
    time.sleep(0.25)
    return fake_result((0, 1), (1, 0), (1, 2), deal=job.deal, rotation=job.rotation)


def test_one_worker_plays_in_job_order_in_another_process() -> None:
    work = jobs(3)
    results = list(run_jobs(work, play_scripted, workers=1))
    assert [result.job for result in results] == work
    logged = list(run_jobs(work[:1], report_process, workers=1))
    assert len(logged) == 1


def test_one_worker_is_a_process_of_its_own(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="cheese.tests.pool"):
        list(run_jobs(jobs(1), report_process, workers=1))
    processes = {int(record.getMessage().rsplit(" ", 1)[1]) for record in caplog.records}
    assert processes and os.getpid() not in processes


def test_two_workers_play_every_job_once_with_the_same_results() -> None:
    work = jobs(4)
    here = {result.job: result for result in run_jobs(work, play_scripted, workers=1)}
    pooled = list(run_jobs(work, play_scripted, workers=2))
    assert len(pooled) == len(work)
    assert {result.job: result for result in pooled} == here


def test_worker_logs_reach_the_parent_handlers(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="cheese.tests.pool"):
        results = list(run_jobs(jobs(3), report_process, workers=2))
    assert len(results) == 6
    messages = [record.getMessage() for record in caplog.records]
    assert len(messages) == 6
    processes = {int(message.rsplit(" ", 1)[1]) for message in messages}
    assert os.getpid() not in processes


def test_the_root_handlers_are_restored_after_a_run() -> None:
    root = logging.getLogger()
    before = list(root.handlers)
    with gathered_worker_logs():
        assert root.handlers != before
    assert root.handlers == before


def test_closing_early_cancels_the_games_not_started() -> None:
    started = time.monotonic()
    def watched(job: GameJob, watch: Watch) -> GameResult:
        return slow_result(job)

    outcomes = play_outcomes(jobs(20), watched, 2, retries=0)
    first = next(outcomes)
    outcomes.close()
    # 40 jobs of 0.25 s on two workers would take 5 s; only the queued window runs.
    assert time.monotonic() - started < 3.0
    assert first.task.deal in range(20)


def test_a_pool_needs_a_worker() -> None:
    with pytest.raises(ValueError, match="at least 1 worker, not 0"):
        list(run_jobs(jobs(1), play_scripted, workers=0))
    assert default_workers() >= 1


def fail_on_deal_two(job: GameJob) -> GameResult:
    if job.deal == 2:
        raise GameFailed(f"deal {job.deal} rotation {job.rotation}: out of cheese")
    return fake_result((0, 1), (1, 0), (1, 2), deal=job.deal, rotation=job.rotation)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_game_failing_outside_any_bot_is_unplayed(workers: int) -> None:
    results = list(run_jobs(jobs(4), fail_on_deal_two, workers=workers))
    unplayed = [result for result in results if isinstance(result, Unplayed)]
    assert len(results) == 8 and len(unplayed) == 2
    assert {result.job.deal for result in unplayed} == {2}
    assert all("outside any bot" in result.reason for result in unplayed)


def test_what_each_outcome_means() -> None:
    job = jobs(1)[0]
    hung = settle(Overran(job, 1, 0.5))
    assert isinstance(hung, GameResult) and (hung.forfeit, hung.fault) == (1, Fault.HUNG)
    assert hung.ranking == (1, 2) and hung.points == ()
    crashed = settle(Died(job, -11, 2, tag=0))
    assert isinstance(crashed, GameResult) and (crashed.forfeit, crashed.fault) == (
        0, Fault.CRASHED,
    )
    assert crashed.error is not None and "signal SIGSEGV" in crashed.error
    assert isinstance(settle(Died(job, 3, 2, tag=1)), GameResult)
    outside = settle(Died(job, -9, 2, tag=1))
    assert isinstance(outside, Unplayed) and "killed from outside" in outside.reason
    nobody = settle(Died(job, 3, 2, tag=None))
    assert isinstance(nobody, Unplayed) and "no bot was deciding" in nobody.reason
    raised = settle(Raised(job, RuntimeError("engine bug")))
    assert isinstance(raised, Unplayed) and "engine bug" in raised.reason
