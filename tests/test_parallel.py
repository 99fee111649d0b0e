"""The forked-process helper: outcomes of every task, retries, deadlines, early close,
who was acting when a worker died, prints kept off standard output, refused forks,
workers pinned to processors."""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from multiprocessing.process import BaseProcess

import pytest

from cheese import parallel
from cheese.parallel import (
    Died,
    Done,
    Overran,
    PoolError,
    Raised,
    Watch,
    _GatheredLogs,
    can_pin_cores,
    gathered_worker_logs,
    run_forked,
    run_here,
    worker_cores,
)

needs_pinning = pytest.mark.skipif(
    not can_pin_cores(), reason="this system does not let a process choose its processors"
)


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


def test_a_death_names_who_was_acting_and_whether_it_came_from_outside() -> None:
    def crash(task: int, watch: Watch) -> int:
        watch.arm(None, tag=4)
        if task == 0:
            os._exit(5)
        os.kill(os.getpid(), signal.SIGKILL)
        return task

    outcomes = {outcome.task: outcome for outcome in run_forked(range(2), crash, 1)}
    assert outcomes[0] == Died(0, 5, 1, tag=4) and not outcomes[0].killed_from_outside
    assert outcomes[1] == Died(1, -signal.SIGKILL, 1, tag=4)
    assert outcomes[1].killed_from_outside

    def idle_death(task: int, watch: Watch) -> int:
        watch.arm(None, tag=2)
        watch.disarm()
        os._exit(6)

    assert list(run_forked([9], idle_death, 1)) == [Died(9, 6, 1, tag=None)]


def test_workers_sit_through_ctrl_c_and_a_hang_up_sent_to_the_whole_group() -> None:
    def signalled(task: int, watch: Watch) -> int:
        os.kill(os.getpid(), task)  # as the terminal signals every process of its job
        return task

    sent = [signal.SIGINT, signal.SIGHUP]
    assert list(run_forked(sent, signalled, 1)) == [Done(number, number) for number in sent]


def test_system_exit_and_keyboard_interrupt_are_outcomes_not_deaths() -> None:
    def leave(task: int, watch: Watch) -> int:
        if task == 0:
            raise SystemExit(3)
        raise KeyboardInterrupt

    outcomes = {outcome.task: outcome for outcome in run_forked(range(2), leave, 1)}
    assert isinstance(outcomes[0], Raised) and isinstance(outcomes[0].error, SystemExit)
    assert isinstance(outcomes[1], Raised) and isinstance(outcomes[1].error, KeyboardInterrupt)


def test_what_a_task_prints_goes_to_the_log_not_to_standard_output(
    capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    def chatty(task: int, watch: Watch) -> int:
        print(f"task {task} says cheese")
        return task

    with caplog.at_level(logging.INFO, logger="cheese.worker.stdout"), gathered_worker_logs():
        assert [outcome.task for outcome in run_forked(range(2), chatty, 1)] == [0, 1]
    out, _ = capfd.readouterr()
    assert "cheese" not in out
    assert sorted(record.getMessage() for record in caplog.records) == [
        "task 0 says cheese", "task 1 says cheese",
    ]


def test_a_machine_that_refuses_to_fork_stops_the_pool_with_one_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started: list[int] = []
    original = BaseProcess.start

    def start_twice(process: BaseProcess) -> None:
        if len(started) == 2:
            raise BlockingIOError(11, "Resource temporarily unavailable")
        started.append(1)
        original(process)

    monkeypatch.setattr(BaseProcess, "start", start_twice)
    with pytest.raises(PoolError, match="cannot start a worker process .*use fewer --workers"):
        list(run_forked(range(9), square, 5))
    assert multiprocessing.active_children() == []


class _Heard(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.heard: list[logging.LogRecord | None] = []

    def emit(self, record: logging.LogRecord | None) -> None:  # type: ignore[override]
        self.heard.append(record)


def test_the_gathered_logs_wake_their_receiving_thread_to_close() -> None:
    # Woken by None rather than found closed at the end of a 0.2 s wait: a run's end
    # does not wait for it. The records sent before the close are handled first.
    heard = _Heard()
    handler = _GatheredLogs("test", sub_handler=heard)
    record = logging.LogRecord("cheese", logging.INFO, __file__, 1, "said", None, None)
    handler.emit(record)
    handler.close()
    assert [entry if entry is None else entry.getMessage() for entry in heard.heard] == [
        "said",
        None,
    ]


HELD_LOG_LOCK = """
import logging, os, signal
from cheese.parallel import gathered_worker_logs
logging.getLogger().setLevel(logging.INFO)
with gathered_worker_logs():
    queue = logging.getLogger().handlers[0].queue
    child = os.fork()
    if child == 0:  # a worker killed while it writes a record: it holds the write lock
        queue._wlock.acquire()
        os.kill(os.getpid(), signal.SIGKILL)
    os.waitpid(child, 0)
    logging.getLogger("cheese").info("after the worker died")
print("closed")
"""


def test_a_worker_killed_while_it_logs_does_not_hang_the_command_at_exit() -> None:
    # The log queue's write lock is shared with the workers: one killed holding it kept
    # this process's feeder thread waiting on it, and the exit joined that thread.
    done = subprocess.run(
        [sys.executable, "-c", HELD_LOG_LOCK], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "closed\n"


@needs_pinning
def test_pinned_workers_take_the_processors_in_turn_round_the_list() -> None:
    cores = sorted(os.sched_getaffinity(0))
    held = worker_cores(len(cores) + 1)
    assert held[: len(cores)] == tuple(frozenset({core}) for core in cores)
    assert held[len(cores)] == frozenset({cores[0]})


def processors_of_a_child(task: int, watch: Watch) -> tuple[frozenset[int], frozenset[int]]:
    """This worker's processors, and those of a process it starts (as a bot's launcher)."""
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(sorted(os.sched_getaffinity(0)))"],
        capture_output=True, text=True, check=True,
    )
    started = frozenset(int(core) for core in child.stdout.strip(" []\n").split(","))
    return frozenset(os.sched_getaffinity(0)), started


@needs_pinning
def test_a_pinned_worker_and_what_it_starts_run_on_one_processor_of_its_own() -> None:
    cores = frozenset(os.sched_getaffinity(0))
    workers = min(2, len(cores))
    outcomes = list(run_forked(range(4), processors_of_a_child, workers, pin_cores=True))
    held: set[frozenset[int]] = set()
    for outcome in outcomes:
        assert isinstance(outcome, Done)
        own, started = outcome.result
        assert len(own) == 1 and own <= cores
        assert started == own
        held.add(own)
    assert len(held) == workers


@needs_pinning
def test_unpinned_workers_keep_every_processor_of_their_parent() -> None:
    for outcome in run_forked(range(2), processors_of_a_child, 2):
        assert isinstance(outcome, Done)
        assert outcome.result == (frozenset(os.sched_getaffinity(0)),) * 2


@needs_pinning
def test_a_replaced_pinned_worker_keeps_its_places_processor(tmp_path: object) -> None:
    marker = f"{tmp_path}/died"

    def die_once_then_tell(task: int, watch: Watch) -> frozenset[int]:
        if not os.path.exists(marker):
            open(marker, "w").close()
            os._exit(5)
        return frozenset(os.sched_getaffinity(0))

    outcomes = list(run_forked([0], die_once_then_tell, 1, retries=1, pin_cores=True))
    assert outcomes == [Done(0, worker_cores(1)[0])]


@needs_pinning
def test_a_worker_whose_processor_is_gone_runs_on_any_with_a_warning(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    def own_processors(task: int, watch: Watch) -> frozenset[int]:
        return frozenset(os.sched_getaffinity(0))

    # A processor this process may not use, as when a container's share shrinks mid-run.
    gone = frozenset({max(os.sched_getaffinity(0)) + 4096})
    monkeypatch.setattr(parallel, "worker_cores", lambda workers: (gone,) * workers)
    caplog.set_level(logging.WARNING, logger="cheese.parallel")
    with gathered_worker_logs():
        outcomes = list(run_forked([0], own_processors, 1, pin_cores=True))
    assert outcomes == [Done(0, frozenset(os.sched_getaffinity(0)))]
    assert "could not be held to processor" in caplog.text
