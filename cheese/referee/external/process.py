"""One bot process: started in its own process group, read and written a line at a time,
its standard error drained into the log, and ended for sure.

The bot's standard output is read by the waiting thread itself, with ``poll`` and a
deadline (no hand-over between threads on the hot path); its standard error is read on a
thread of its own into the logger
``cheese.referee.external.<name>``, so that a bot writing megabytes of log never blocks on a full
pipe. The process is its own group's leader and is killed by Linux when the thread that
started it dies (``PR_SET_PDEATHSIG``): nothing outlives the run, even a ``kill -9``.
"""

from __future__ import annotations

import logging
import math
import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, NoReturn

from cheese.referee.external.protocol import MAX_LINE_BYTES, encode

QUIT_GRACE_SECONDS = 1.0
"""How long a bot may take to exit after ``quit`` before its group is terminated."""
TERM_GRACE_SECONDS = 1.0
"""How long it may take after SIGTERM before its group is killed."""
EXIT_NOTICE_SECONDS = 0.5
"""How long to wait, once the bot's output closed, for its exit to tell a crash."""
WRITE_LIMIT_SECONDS = 10.0
"""How long a message may wait for room in the bot's input: a bot that reads nothing
while the referee writes is broken, and must not block the referee."""
READ_BYTES = 65536
"""How much of the bot's output one read takes."""
MOST_LOG_LINE = 2000
"""Characters of one stderr line kept in the log."""


@dataclass(frozen=True, slots=True)
class Line:
    """A line the bot wrote, and when it arrived (monotonic seconds)."""

    data: bytes
    arrived: float


class ReplyTimeout(Exception):
    """No line came before the deadline."""


class BotExited(Exception):
    """The bot's process is gone (or its output closed); the message says how."""


def logger_name(label: str) -> str:
    """The logger of a bot's standard error: ``cheese.referee.external.`` and the label in one
    dot-free word.

    >>> logger_name("cmd:python3 bots/my.bot.py")
    'cheese.referee.external.cmd_python3_bots_my_bot_py'
    """
    return "cheese.referee.external." + (re.sub(r"[^A-Za-z0-9_-]+", "_", label).strip("_") or "bot")


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


def _drain_log(fd: int, logger: logging.Logger, stopped: threading.Event) -> None:
    """Log every line the bot writes on ``fd`` (its stderr) until it closes.

    Raw reads, never a file object: a file object's lock held by this thread would block
    its closing elsewhere, and a forked child's copy of it forever.
    """
    pending = b""
    while not stopped.is_set():
        try:
            chunk = os.read(fd, READ_BYTES)
        except OSError:
            return
        if not chunk:
            break
        *lines, pending = (pending + chunk).split(b"\n")
        # A line without an end is logged in pieces rather than held without bound.
        if len(pending) > READ_BYTES:
            lines.append(pending)
            pending = b""
        if logger.isEnabledFor(logging.INFO):
            for line in lines:
                logger.info("%s", line.decode("utf-8", errors="replace")[:MOST_LOG_LINE])
    if pending and logger.isEnabledFor(logging.INFO):
        logger.info("%s", pending.decode("utf-8", errors="replace")[:MOST_LOG_LINE])


def _pidfd(pid: int) -> int:
    """A descriptor that becomes readable when ``pid`` exits (Linux 5.3), or -1."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return -1


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
        self._stdin = self._process.stdin.fileno()
        os.set_blocking(self._stdin, False)
        self._writable = select.poll()
        self._writable.register(self._stdin, select.POLLOUT)
        self._stdout = self._process.stdout.fileno()
        self._poller = select.poll()
        self._poller.register(self._stdout, select.POLLIN | select.POLLHUP | select.POLLERR)
        # The process itself is watched too: a bot that exits while a child of its holds
        # its output open is a crash at once, not a reply that never comes.
        self._pidfd = _pidfd(self._process.pid)
        if self._pidfd >= 0:
            self._poller.register(self._pidfd, select.POLLIN)
        self._pending = bytearray()
        self._closed = False
        self._stopped = threading.Event()
        self._drain = threading.Thread(
            target=_drain_log,
            args=(
                self._process.stderr.fileno(),
                logging.getLogger(logger_name(label)),
                self._stopped,
            ),
            daemon=True,
            name=f"{label} stderr",
        )
        self._drain.start()
        self._arrived = time.monotonic()
        self.flushed = time.monotonic()
        """When the last message began to be written (monotonic seconds)."""

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

    def send(self, message: Mapping[str, object], limit: float = WRITE_LIMIT_SECONDS) -> None:
        """Write ``message`` as one line, waiting at most ``limit`` seconds for room;
        ``BotExited`` if the pipe is broken."""
        from cheese.referee.external.protocol import ProtocolError

        data = memoryview(encode(message))
        # Timed from the start of the write: the bot may be woken, answer and be read
        # back before the write call returns.
        began = time.monotonic()
        deadline = began + limit
        try:
            while data:
                try:
                    data = data[os.write(self._stdin, data) :]
                except BlockingIOError:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise ProtocolError(f"has not read its input for {limit:.3g} s") from None
                    self._writable.poll(max(1, math.ceil(left * 1000)))
        except OSError:  # EPIPE: the bot closed its input or is gone
            self._process_gone()
        self.flushed = began

    def waiting(self) -> bool:
        """Whether a line (or the output's end, or the process's) is already waiting, unasked."""
        return bool(self._pending.strip()) or self._closed or bool(self._poller.poll(0))

    def receive(self, deadline: float) -> Line:
        """The next non-blank line, waiting until the monotonic ``deadline``.

        ``ReplyTimeout`` when none comes in time, ``BotExited`` when the output closed,
        ``ProtocolError`` (from ``protocol``) for a line over ``MAX_LINE_BYTES``.
        """
        from cheese.referee.external.protocol import ProtocolError

        while True:
            end = self._pending.find(b"\n")
            if end >= MAX_LINE_BYTES:
                raise ProtocolError(f"sent a line longer than {MAX_LINE_BYTES} bytes")
            if end >= 0:
                data = bytes(self._pending[: end + 1])
                del self._pending[: end + 1]
                if data.strip():
                    return Line(data, self._arrived)
                continue
            if len(self._pending) > MAX_LINE_BYTES:
                raise ProtocolError(f"sent a line longer than {MAX_LINE_BYTES} bytes")
            if self._closed:
                self._process_gone()
            left = deadline - time.monotonic()
            events = [] if left <= 0 else self._poller.poll(max(1, math.ceil(left * 1000)))
            if not events:
                if time.monotonic() >= deadline:
                    raise ReplyTimeout()
                continue
            if all(fd == self._pidfd for fd, _ in events):
                # Exited, and nothing left to read: whoever still holds the pipe, it is gone.
                self._closed = True
                continue
            try:
                chunk = os.read(self._stdout, READ_BYTES)
            except OSError:
                chunk = b""
            self._arrived = time.monotonic()
            if chunk:
                self._pending += chunk
            else:
                self._closed = True

    def _process_gone(self) -> NoReturn:
        from cheese.referee.external.protocol import ProtocolError

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
                os.write(self._stdin, encode(quit_message))
            except OSError:  # no room, or gone: the signals below end it anyway
                pass
        self._close(self._process.stdin)
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
        # Its stderr ends with it (unless a process that left its group keeps it open).
        self._drain.join(TERM_GRACE_SECONDS)
        self._stopped.set()
        self._close_pipes()

    def forget(self) -> None:
        """Close this process's pipes without ending the bot: for a forked copy of the
        process that started it, which must leave the bot to its owner."""
        self._close_pipes()

    def _close_pipes(self) -> None:
        for stream in (self._process.stdin, self._process.stdout, self._process.stderr):
            self._close(stream)
        if self._pidfd >= 0:
            try:
                os.close(self._pidfd)
            except OSError:
                pass
            self._pidfd = -1

    @staticmethod
    def _close(stream: IO[bytes] | None) -> None:
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
