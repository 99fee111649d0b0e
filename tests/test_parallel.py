"""The forked-process helper: outcomes of every task, retries, deadlines, early close."""

from __future__ import annotations

import os
import time

import pytest

from cheese.parallel import Died, Done, Overran, Raised, Watch, run_forked, run_here


def square(task: int, watch: Watch) -> int:
    if task == 3:
        raise ValueError("three is not welcome")
    return task * task


def test_every_task_has_one_outcome_here_and_on_workers() -> None:
    here = {outcome.task: outcome for outcome in run_here(range(6), square)}
    forked = {outcome.task: outcome for outcome in run_forked(range(6), square, 2)}
    assert set(forked) == set(range(6))
    for task in range(6):
        if task == 3:
            assert isinstance(here[3], Raised) and isinstance(forked[3], Raised)
            assert str(forked[3].error) == "three is not welcome"
        else:
            assert here[task] == forked[task] == Done(task, task * task)


def test_a_dying_worker_is_replaced_and_its_task_retried(tmp_path: object) -> None:
    marker = f"{tmp_path}/died"

    def die_once(task: int, watch: Watch) -> int:
        if task == 2 and not os.path.exists(marker):
            open(marker, "w").close()
            os._exit(5)
        return task

    retried = sorted(
        outcome.task for outcome in run_forked(range(5), die_once, 2, retries=1)
        if isinstance(outcome, Done)
    )
    assert retried == [0, 1, 2, 3, 4]

    def always_die(task: int, watch: Watch) -> int:
        os._exit(5)

    outcomes = list(run_forked([7], always_die, 1, retries=1))
    assert outcomes == [Died(7, 5, 2)]


def test_a_task_past_its_deadline_has_its_worker_killed() -> None:
    def hang(task: int, watch: Watch) -> int:
        watch.arm(0.2, tag=task + 10)
        if task == 1:
            time.sleep(60)
        watch.disarm()
        return task

    started = time.monotonic()
    outcomes = {outcome.task: outcome for outcome in run_forked(range(3), hang, 2)}
    assert time.monotonic() - started < 10
    assert isinstance(outcomes[1], Overran) and outcomes[1].tag == 11
    assert outcomes[0] == Done(0, 0) and outcomes[2] == Done(2, 2)


def test_closing_early_drops_what_has_not_started() -> None:
    def slow(task: int, watch: Watch) -> int:
        time.sleep(0.25)
        return task

    started = time.monotonic()
    outcomes = run_forked(range(40), slow, 2)
    next(outcomes)
    outcomes.close()
    assert time.monotonic() - started < 3.0


def test_a_pool_needs_a_worker() -> None:
    with pytest.raises(ValueError, match="at least 1 worker, not 0"):
        next(run_forked(range(3), square, 0))


def test_as_many_tasks_as_workers_run_one_on_each() -> None:
    def pid(task: int, watch: Watch) -> int:
        time.sleep(0.2)
        return os.getpid()

    pids = {outcome.result for outcome in run_forked(range(3), pid, 3) if isinstance(outcome, Done)}
    assert len(pids) == 3 and os.getpid() not in pids
