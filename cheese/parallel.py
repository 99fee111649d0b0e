"""Run a function over tasks in forked worker processes; outcomes come back as tasks end.

Nothing here knows about games: bots use it for root-parallel searches and tournaments
for their games. Workers are forked, so the function and whatever it closes over reach
them without pickling (a native game state holds C buffers); only tasks and results
travel, through one pipe per worker.

What the parent learns about each task is an ``Outcome``: the result, the error the
function raised, that the worker died (it is replaced; the task is tried again up to
``retries`` times), or that the task overran a deadline it set itself through its
``Watch`` and its worker was killed. Through the same watch a task says who is acting
(a seat's tag), so a death can be laid at the door of whoever was acting then. Only a
bounded number of tasks is handed out ahead of the workers, so a caller that stops
reading has not queued the rest, and closing the outcome iterator kills the workers and
drops what has not started.

With ``pin_cores`` each worker is held to one processor of those this process may run
on (worker ``k`` on the ``k``-th, round the list), and whatever it starts inherits it: a
game and its external bots then take turns on one processor, and a turn handed over a
pipe no longer wakes another processor from its sleep, which costs most under a
hypervisor. A task that runs threads or processes side by side loses them to the one
processor.

Workers ignore Ctrl-C and a hang-up (SIGHUP), which reach the whole foreground group: the
parent alone decides what an interrupt means. What a task prints to standard output goes
to the log (logger ``cheese.worker.stdout``), never to the parent's standard output, which
may be carrying JSON.
"""

from __future__ import annotations

import ctypes
import io
import logging
import multiprocessing
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from multiprocessing.sharedctypes import Synchronized
from typing import Generic, Protocol, TextIO, TypeVar, cast

# multiprocessing-logging ships no type information.
from multiprocessing_logging import MultiProcessingHandler  # type: ignore[import-untyped]

Task = TypeVar("Task")
Result = TypeVar("Result")

TASKS_AHEAD_PER_WORKER = 2
"""Tasks handed to a worker at once: enough that it never waits for the parent."""
POLL_SECONDS = 0.05
"""How often the parent looks at the workers' deadlines while it waits."""
NO_DEADLINE = 0.0
NOBODY = -1
"""The tag while no one is acting in a task."""
PARENT_CHECK_SECONDS = 1.0
PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal a process gets when its parent dies."""


class Watch(Protocol):
    """Lets a running task say who is acting and set a deadline after which its worker
    is killed."""

    def arm(self, seconds: float | None, tag: int) -> None:
        """``tag`` (e.g. the seat that is thinking) is acting; with ``seconds``, kill this
        worker if ``disarm`` does not come within them. The tag is handed back in the
        ``Overran`` outcome, and in the ``Died`` outcome if the worker dies meanwhile."""

    def disarm(self) -> None:
        """Nobody is acting any more; cancel the deadline."""


class NoWatch:
    """A watch that never kills: for tasks run in this process or on a cluster."""

    def arm(self, seconds: float | None, tag: int) -> None:
        """Do nothing."""

    def disarm(self) -> None:
        """Do nothing."""


@dataclass(frozen=True, slots=True)
class Done(Generic[Task, Result]):
    task: Task
    result: Result


@dataclass(frozen=True, slots=True)
class Raised(Generic[Task]):
    """The function raised; ``error`` is its exception (or a stand-in if it would not
    pickle)."""

    task: Task
    error: BaseException


@dataclass(frozen=True, slots=True)
class Died(Generic[Task]):
    """The worker running ``task`` died ``attempts`` times. ``exitcode`` is the last
    death's (negative: killed by that signal) and ``tag`` who was acting then (``None``:
    nobody had armed the watch)."""

    task: Task
    exitcode: int | None
    attempts: int
    tag: int | None = None

    @property
    def killed_from_outside(self) -> bool:
        """Whether the last death was a signal that comes from outside the task — the
        kernel's out-of-memory killer, a person's ``kill`` or a shutdown — rather than a
        fault of the code it ran (a crash signal such as SIGSEGV, or an exit of its own)."""
        return self.exitcode is not None and -self.exitcode in OUTSIDE_SIGNALS


@dataclass(frozen=True, slots=True)
class Overran(Generic[Task]):
    """``task`` ran past the deadline it armed with ``tag``; its worker was killed."""

    task: Task
    tag: int
    seconds: float


Outcome = Done[Task, Result] | Raised[Task] | Died[Task] | Overran[Task]
Function = Callable[[Task, Watch], Result]

OUTSIDE_SIGNALS = frozenset({signal.SIGKILL, signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
"""Signals that end a worker from outside; the pool's own kills are told apart earlier
(``Overran``)."""
WORKERS_PER_CORE = 8
"""More worker processes than this per core only queue for the cores (a bot waiting on
a clock needs no core, but eight per core is already more than any run here uses)."""


class PoolError(Exception):
    """The pool could not start its worker processes (the machine refused to fork)."""


def most_workers() -> int:
    """The most worker processes a run may ask for on this machine."""
    return WORKERS_PER_CORE * default_workers()


def default_workers() -> int:
    """One worker per core this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def can_pin_cores() -> bool:
    """Whether this system lets a process choose the processors it runs on (Linux)."""
    return hasattr(os, "sched_setaffinity") and hasattr(os, "sched_getaffinity")


def worker_cores(workers: int) -> tuple[frozenset[int], ...]:
    """The processor each of ``workers`` pinned workers keeps: the processors this
    process may run on, in order, round the list again when there are more workers.

    >>> len(worker_cores(3))
    3
    """
    cores = sorted(os.sched_getaffinity(0))
    return tuple(frozenset({cores[position % len(cores)]}) for position in range(workers))


def can_fork() -> bool:
    """Whether worker processes can be forked from here (not from a daemon process)."""
    return (
        "fork" in multiprocessing.get_all_start_methods()
        and not multiprocessing.current_process().daemon
    )


class _SlotWatch:
    """The watch of one worker: its deadline and tag live in memory the parent reads."""

    def __init__(self, deadline: Synchronized[float], tag: Synchronized[int]) -> None:
        self._deadline = deadline
        self._tag = tag

    def arm(self, seconds: float | None, tag: int) -> None:
        self._tag.value = tag
        self._deadline.value = NO_DEADLINE if seconds is None else time.monotonic() + seconds

    def disarm(self) -> None:
        self._deadline.value = NO_DEADLINE
        self._tag.value = NOBODY


def _die_with_parent() -> None:
    """Ask Linux to kill this worker when its parent dies, however it dies (``kill -9``
    included): an orphan would otherwise play on. Elsewhere the worker notices at its next
    wait (``_parent_gone``)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def _parent_gone(parent: int) -> bool:
    return os.getppid() != parent


class _LogLines(io.TextIOBase):
    """A text stream whose every line becomes a log record (a task's prints)."""

    def __init__(self, logger: logging.Logger) -> None:
        self._logger = logger
        self._pending = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self._pending += text
        *lines, self._pending = self._pending.split("\n")
        for line in lines:
            self._logger.info("%s", line)
        return len(text)

    def flush(self) -> None:
        if self._pending:
            self._logger.info("%s", self._pending)
            self._pending = ""


def _stdout_to_log() -> None:
    """Send what the task prints to the log instead of the parent's standard output:
    Python's prints through ``sys.stdout``, and whatever C code writes to descriptor 1
    to standard error, so neither can corrupt a ``--json`` answer."""
    try:
        sys.stdout.flush()
        os.dup2(2, 1)
    except (OSError, ValueError):  # no descriptor 2, or stdout closed: nothing to guard
        pass
    sys.stdout = cast(TextIO, _LogLines(logging.getLogger("cheese.worker.stdout")))


def _hold_to(cores: frozenset[int]) -> None:
    """Run this worker, and what it starts, on ``cores`` only; on any processor, with a
    warning, where they can no longer be chosen (taken away from this process since)."""
    try:
        os.sched_setaffinity(0, cores)
    except OSError as error:
        logging.getLogger("cheese.parallel").warning(
            "worker %d could not be held to processor %s (%s); it runs on any",
            os.getpid(), ", ".join(map(str, sorted(cores))), error.strerror or error,
        )


def _worker_main(
    function: Function[Task, Result],
    connection: Connection,
    watch: Watch,
    parent: int,
    cores: frozenset[int] | None,
) -> None:
    if cores is not None:
        _hold_to(cores)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):  # a closed terminal hangs up its whole foreground group
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    _die_with_parent()
    _stdout_to_log()
    while True:
        try:
            # Other workers hold copies of this pipe's parent end (inherited at fork), so
            # a dead parent does not close it: look at the parent between polls.
            while not connection.poll(PARENT_CHECK_SECONDS):
                if _parent_gone(parent):
                    return
            message = connection.recv()
        except EOFError:
            return
        if message is None:
            return
        index, task = message
        try:
            reply: tuple[int, bool, object] = (index, True, function(task, watch))
        # Handed to the parent, which decides what it means; SystemExit and
        # KeyboardInterrupt too, so that a task cannot end the worker by raising them.
        except BaseException as error:
            reply = (index, False, error)
        watch.disarm()
        sys.stdout.flush()
        try:
            connection.send(reply)
        except Exception as error:  # the result or exception would not pickle
            connection.send((index, False, RuntimeError(f"{type(error).__name__}: {error}")))


class _Worker(Generic[Task, Result]):
    __slots__ = ("connection", "deadline", "process", "queue", "tag")

    def __init__(
        self, function: Function[Task, Result], cores: frozenset[int] | None = None
    ) -> None:
        context = multiprocessing.get_context("fork")
        self.deadline: Synchronized[float] = context.Value("d", NO_DEADLINE, lock=False)
        self.tag: Synchronized[int] = context.Value("q", NOBODY, lock=False)
        parent_end, child_end = context.Pipe()
        self.connection = parent_end
        self.process: BaseProcess = context.Process(
            target=_worker_main,
            args=(
                function, child_end, _SlotWatch(self.deadline, self.tag), os.getpid(), cores
            ),
            # Not a daemon, so that a task may fork workers of its own (a bot's search);
            # the parent always stops its workers, and they die with it (_die_with_parent).
            daemon=False,
        )
        try:
            # The worker's prints go to the log; what the parent has buffered must not be
            # written a second time by the child.
            sys.stdout.flush()
            sys.stderr.flush()
            self.process.start()
        except OSError as error:
            parent_end.close()
            child_end.close()
            raise PoolError(
                f"cannot start a worker process ({error.strerror or error}); "
                "use fewer --workers"
            ) from None
        child_end.close()
        self.queue: deque[_Item[Task]] = deque()
        """Tasks handed to this worker, the running one first."""

    def hand(self, item: _Item[Task]) -> None:
        self.queue.append(item)
        try:
            self.connection.send((item.index, item.task))
        except OSError:  # it has just died: ``collect`` hands its queue out again
            pass

    def collect(
        self, ready: Sequence[object], retries: int
    ) -> tuple[list[Outcome[Task, Result]], list[_Item[Task]], bool]:
        """Finished tasks, and whether the worker must be replaced (it died or overran),
        with the tasks to hand out again."""
        found: list[Outcome[Task, Result]] = []
        again: list[_Item[Task]] = []
        if self.connection in ready or self.process.sentinel in ready:
            while self.queue and self._has_reply():
                try:
                    index, succeeded, value = self.connection.recv()
                except (EOFError, OSError):  # it died; what it was running is retried
                    break
                item = self.queue.popleft()
                found.append(Done(item.task, value) if succeeded else Raised(item.task, value))
        alive = self.process.is_alive()
        deadline = self.deadline.value
        if alive and not (self.queue and deadline != NO_DEADLINE and time.monotonic() > deadline):
            return found, again, False
        tag = self.tag.value
        self.stop()
        if self.queue:
            item = self.queue.popleft()
            if alive:
                found.append(Overran(item.task, tag, time.monotonic() - deadline))
            elif item.attempt <= retries:
                again.append(_Item(item.index, item.task, item.attempt + 1))
            else:
                acting = None if tag == NOBODY else tag
                found.append(Died(item.task, self.process.exitcode, item.attempt, acting))
        again.extend(self.queue)
        self.queue.clear()
        return found, again, True

    def _has_reply(self) -> bool:
        try:
            return self.connection.poll()
        except (EOFError, OSError):
            return False

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.connection.close()

    def finish(self) -> None:
        """Let an idle worker leave on its own (its log records flush), else kill it."""
        try:
            self.connection.send(None)
        except OSError:
            pass
        self.process.join(timeout=1.0)
        self.stop()


@dataclass(frozen=True, slots=True)
class _Item(Generic[Task]):
    index: int
    task: Task
    attempt: int


def run_forked(
    tasks: Iterable[Task],
    function: Function[Task, Result],
    workers: int,
    *,
    retries: int = 0,
    pin_cores: bool = False,
) -> Generator[Outcome[Task, Result], None, None]:
    """Run ``function(task, watch)`` for every task on ``workers`` forked processes.

    Yields one outcome per task, in the order tasks end. A task whose worker dies is run
    again on a fresh worker up to ``retries`` times before a ``Died`` outcome is given;
    the fresh worker keeps its place's processor when ``pin_cores``.
    """
    if workers < 1:
        raise ValueError(f"a pool needs at least 1 worker, not {workers}")
    cores: tuple[frozenset[int] | None, ...] = (
        worker_cores(workers) if pin_cores else (None,) * workers
    )
    pending = enumerate(tasks)
    again: deque[_Item[Task]] = deque()
    pool: list[_Worker[Task, Result]] = []
    completed = False
    try:
        for position in range(workers):
            pool.append(_Worker(function, cores[position]))
        exhausted = False
        while True:
            # Round by round, so that as many tasks as workers go one to each.
            for depth in range(1, TASKS_AHEAD_PER_WORKER + 1):
                for worker in pool:
                    if len(worker.queue) >= depth:
                        continue
                    if again:
                        worker.hand(again.popleft())
                        continue
                    following = None if exhausted else next(pending, None)
                    if following is None:
                        exhausted = True
                        break
                    worker.hand(_Item(following[0], following[1], 1))
            busy = [worker for worker in pool if worker.queue]
            if not busy:
                completed = True
                return
            ready = wait(
                [worker.connection for worker in busy]
                + [worker.process.sentinel for worker in busy],
                timeout=POLL_SECONDS,
            )
            for position, worker in enumerate(pool):
                found, handed_back, replace = worker.collect(ready, retries)
                again.extend(handed_back)
                if replace:
                    pool[position] = _Worker(function, cores[position])
                yield from found
    finally:
        for worker in pool:
            if completed:
                worker.finish()
            else:
                worker.stop()


def run_here(
    tasks: Iterable[Task], function: Function[Task, Result]
) -> Generator[Outcome[Task, Result], None, None]:
    """The same outcomes computed in this process, one task after the other (no deadline
    is enforced; errors are outcomes, as from worker processes)."""
    watch = NoWatch()
    for task in tasks:
        try:
            result = function(task, watch)
        except Exception as error:
            yield Raised(task, error)
        else:
            yield Done(task, result)


class _ForwardToHandlers(logging.Handler):
    """Hands each record to a fixed list of handlers, each applying its own level."""

    def __init__(self, handlers: list[logging.Handler]) -> None:
        super().__init__()
        self.targets = handlers

    def emit(self, record: logging.LogRecord | None) -> None:
        if record is None:  # ``_GatheredLogs.close`` waking the receiving thread
            return
        for handler in self.targets:
            if record.levelno >= handler.level:
                handler.handle(record)


class _GatheredLogs(MultiProcessingHandler):  # type: ignore[misc]
    """The queue-backed handler, closed at once: its receiving thread waits for a record
    0.2 s at a time and notices a close only between waits, so a run's end waited for it
    up to 0.2 s (the run's time rounded up to whole waits from its start). The close
    sends ``None``, which wakes the thread to find it closed."""

    def close(self) -> None:
        closing = not self._is_closed  # type: ignore[has-type]
        self._is_closed = True
        if closing:
            self._send(None)
            self._receive_thread.join(5.0)  # the records still queued are handled first
            # A worker killed while writing to the queue (a run stopped at once) leaves
            # its write lock held for good: this process's feeder thread then waits on it
            # forever, and joining that thread at exit would hang the command. Nothing it
            # still holds can be received now, so exit does not wait for it.
            self.queue.cancel_join_thread()
            self.sub_handler.close()
        logging.Handler.close(self)


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
    gathering = _GatheredLogs("cheese-worker-logs", sub_handler=_ForwardToHandlers(targets))
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
