"""The pool: every job played once, in worker processes, logs gathered, early close."""

from __future__ import annotations

import logging
import os
import time

import pytest

from cheese.parallel import default_workers, gathered_worker_logs
from cheese.tournaments.jobs import GameJob, GameResult
from cheese.tournaments.play import GameFailed, play_job
from cheese.tournaments.pool import run_jobs
from cheese.tournaments.schedule import Schedule

from .conftest import duel_setup, fake_result, scripted_bot

LOGGER = logging.getLogger("cheese.tests.pool")


def jobs(deals: int) -> list[GameJob]:
    schedule = Schedule(duel_setup("cheese-drop", 2, "random", "first", deals=deals).plan)
    return list(iter(schedule.next, None))


def play_scripted(job: GameJob) -> GameResult:
    return play_job(job, scripted_bot)


def report_process(job: GameJob) -> GameResult:
    LOGGER.warning("deal %d rotation %d played in process %d", job.deal, job.rotation, os.getpid())
    return fake_result((0, 1), (1, 0), (1, 2), deal=job.deal, rotation=job.rotation)


def slow_result(job: GameJob) -> GameResult:
    time.sleep(0.25)
    return fake_result((0, 1), (1, 0), (1, 2), deal=job.deal, rotation=job.rotation)


def test_one_worker_plays_in_job_order() -> None:
    work = jobs(3)
    results = list(run_jobs(work, play_scripted, workers=1))
    assert [result.job for result in results] == work


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
    results = run_jobs(jobs(20), slow_result, workers=2)
    first = next(results)
    results.close()
    # 40 jobs of 0.25 s on two workers would take 5 s; only the queued window runs.
    assert time.monotonic() - started < 3.0
    assert first.job.deal in range(20)


def test_a_pool_needs_a_worker() -> None:
    with pytest.raises(ValueError, match="at least 1 worker, not 0"):
        run_jobs(jobs(1), play_scripted, workers=0)
    assert default_workers() >= 1


def fail_on_deal_two(job: GameJob) -> GameResult:
    if job.deal == 2:
        raise GameFailed(f"deal {job.deal} rotation {job.rotation}: out of cheese")
    return fake_result((0, 1), (1, 0), (1, 2), deal=job.deal, rotation=job.rotation)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failed_game_reaches_the_parent(workers: int) -> None:
    with pytest.raises(GameFailed, match=r"deal 2 rotation \d: out of cheese"):
        list(run_jobs(jobs(4), fail_on_deal_two, workers=workers))
