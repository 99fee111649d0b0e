"""One bot process: started in its own process group, read and written a line at a time,
its standard error drained into the log, and ended for sure.

The bot's standard output is read on a thread into a queue, so that a reply is waited for
with a deadline; its standard error is read on another thread into the logger
``cheese.external.<name>``, so that a bot writing megabytes of log never blocks on a full
pipe. The process is its own group's leader and is killed by Linux when the thread that
started it dies (``PR_SET_PDEATHSIG``): nothing outlives the run, even a ``kill -9``.
"""

from __future__ import annotations

import logging
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, NoReturn

from cheese.external.protocol import MAX_LINE_BYTES, encode

QUIT_GRACE_SECONDS = 1.0
"""How long a bot may take to exit after ``quit`` before its group is terminated."""
TERM_GRACE_SECONDS = 1.0
"""How long it may take after SIGTERM before its group is killed."""
EXIT_NOTICE_SECONDS = 0.5
"""How long to wait, once the bot's output closed, for its exit to tell a crash."""
MOST_LOG_LINE = 2000
"""Characters of one stderr line kept in the log."""


@dataclass(frozen=True, slots=True)
class Line:
    """A line the bot wrote, and when it arrived (monotonic seconds)."""

    data: bytes
    arrived: float


@dataclass(frozen=True, slots=True)
class Closed:
    """The bot's standard output ended."""


@dataclass(frozen=True, slots=True)
class Oversized:
    """The bot wrote a line longer than ``MAX_LINE_BYTES``; reading stopped there."""


Event = Line | Closed | Oversized


class ReplyTimeout(Exception):
    """No line came before the deadline."""


class BotExited(Exception):
    """The bot's process is gone (or its output closed); the message says how."""


def logger_name(label: str) -> str:
    """The logger of a bot's standard error: ``cheese.external.`` and the label in one
    dot-free word.

    >>> logger_name("cmd:python3 bots/my.bot.py")
    'cheese.external.cmd_python3_bots_my_bot_py'
    """
    return "cheese.external." + (re.sub(r"[^A-Za-z0-9_-]+", "_", label).strip("_") or "bot")


LAUNCHER = (
    "import ctypes, os, signal, sys\n"
    "try:\n"
    "    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)\n"
    "except (OSError, AttributeError):\n"
    "    pass\n"
    "os.execvp(sys.argv[1], sys.argv[1:])\n"
)
"""Run before the bot, in its process: ask Linux to kill it when the thread that started
it dies (``PR_SET_PDEATHSIG``, kept across ``exec``), then become the bot. Python's
``preexec_fn`` would do it without the interpreter's start, but it may deadlock in a
process with threads, as a worker is."""


def launch_argv(argv: Sequence[str]) -> list[str]:
    """The command line that starts ``argv`` under ``LAUNCHER`` (same process id)."""
    return [sys.executable, "-S", "-c", LAUNCHER, *argv]


def _read_lines(stream: IO[bytes], events: queue.Queue[Event]) -> None:
    while True:
        data = stream.readline(MAX_LINE_BYTES + 1)
        if not data:
            events.put(Closed())
            return
        if len(data) > MAX_LINE_BYTES or (len(data) == MAX_LINE_BYTES + 1):
            events.put(Oversized())
            return
        events.put(Line(data, time.monotonic()))


def _drain_log(stream: IO[bytes], logger: logging.Logger) -> None:
    # Read in bounded pieces so an endless line cannot fill memory; every piece is logged.
    while True:
        data = stream.readline(64 * 1024)
        if not data:
            return
        if logger.isEnabledFor(logging.INFO):
            text = data.decode("utf-8", errors="replace").rstrip("\n")
            logger.info("%s", text[:MOST_LOG_LINE])


class BotProcess:
    """A running bot: send it messages, wait for its lines, and end it."""

    def __init__(
        self,
        label: str,
        argv: Sequence[str],
        workdir: Path | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.label = label
        environment = dict(os.environ)
        environment.update(env or {})
        try:
            self._process = subprocess.Popen(
                launch_argv(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=workdir,
                env=environment,
                start_new_session=True,
                close_fds=True,
            )
        except OSError as error:
            raise BotExited(
                f"could not start {' '.join(argv)!r}: {error.strerror or error}"
            ) from None
        assert self._process.stdin and self._process.stdout and self._process.stderr
        self._stdin = self._process.stdin
        self._events: queue.Queue[Event] = queue.Queue()
        self._threads = (
            threading.Thread(
                target=_read_lines,
                args=(self._process.stdout, self._events),
                daemon=True,
                name=f"{label} stdout",
            ),
            threading.Thread(
                target=_drain_log,
                args=(self._process.stderr, logging.getLogger(logger_name(label))),
                daemon=True,
                name=f"{label} stderr",
            ),
        )
        for thread in self._threads:
            thread.start()
        self.flushed = time.monotonic()
        """When the last message was flushed (monotonic seconds)."""

    @property
    def pid(self) -> int:
        return self._process.pid

    def alive(self) -> bool:
        return self._process.poll() is None

    def exit_description(self) -> str:
        code = self._process.poll()
        if code is None:
            return "closed its output but is still running"
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            return f"was killed by {name}"
        return f"exited with code {code}"

    def send(self, message: Mapping[str, object]) -> None:
        """Write ``message`` as one line and flush; ``BotExited`` if the pipe is broken."""
        try:
            self._stdin.write(encode(message))
            self._stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            self._process_gone()
        self.flushed = time.monotonic()

    def receive(self, deadline: float) -> Line:
        """The next line, waiting until the monotonic ``deadline``.

        ``ReplyTimeout`` when none comes in time, ``BotExited`` when the output closed,
        ``ProtocolError`` (from ``protocol``) for an oversized line.
        """
        from cheese.external.protocol import ProtocolError

        while True:
            try:
                event = self._events.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise ReplyTimeout() from None
            if isinstance(event, Oversized):
                raise ProtocolError(f"sent a line longer than {MAX_LINE_BYTES} bytes")
            if isinstance(event, Closed):
                self._events.put(event)  # every later read sees the end too
                self._process_gone()
            if event.data.strip():
                return event

    def _process_gone(self) -> NoReturn:
        from cheese.external.protocol import ProtocolError

        try:
            self._process.wait(EXIT_NOTICE_SECONDS)
        except subprocess.TimeoutExpired:
            raise ProtocolError(
                "closed its standard input or output but is still running"
            ) from None
        raise BotExited(self.exit_description())

    def close(self, quit_message: Mapping[str, object] | None = None) -> None:
        """End the bot: ``quit_message`` (if any) and a grace period, then SIGTERM to its
        group, then SIGKILL; the process is always waited for, so no zombie is left."""
        if quit_message is not None and self.alive():
            try:
                self._stdin.write(encode(quit_message))
                self._stdin.flush()
            except (BrokenPipeError, ValueError, OSError):
                pass
        try:
            self._stdin.close()
        except (BrokenPipeError, ValueError, OSError):
            pass
        steps = (
            (QUIT_GRACE_SECONDS if quit_message is not None else 0.0, signal.SIGTERM),
            (TERM_GRACE_SECONDS, signal.SIGKILL),
        )
        for grace, signal_number in steps:
            try:
                self._process.wait(grace)
                break
            except subprocess.TimeoutExpired:
                self._signal_group(signal_number)
        self._process.wait()
        # Whatever the bot left behind in its group goes with it.
        self._signal_group(signal.SIGKILL)
        for stream in (self._process.stdout, self._process.stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass

    def forget(self) -> None:
        """Close this process's pipes without ending the bot: for a forked copy of the
        process that started it, which must leave the bot to its owner."""
        for stream in (self._stdin, self._process.stdout, self._process.stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass

    def _signal_group(self, signal_number: int) -> None:
        try:
            os.killpg(self._process.pid, signal_number)
        except (ProcessLookupError, PermissionError):
            pass
