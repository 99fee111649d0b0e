"""One bot process: started in its own process group under a launcher that ends its whole
process tree, read and written a line at a time, its standard error drained into the log,
and ended for sure.

The bot's standard output is read by the waiting thread itself, with ``poll`` and a
deadline (no hand-over between threads on the hot path); its standard error is read on a
thread of its own into the logger ``cheese.bot.<name>`` (``stderr_log``). The bot runs as
the child of a launcher (``bot_launcher``, built from ``launcher.c``, or else the script
``launcher.py``), which leads the group and is a child subreaper: every process the bot
starts stays in the launcher's tree whatever it does to its session or group, and goes
when the bot goes. The launcher ends that tree when the thread that started it dies
(``PR_SET_PDEATHSIG``): nothing outlives the run, even a ``kill -9`` of the referee.
"""

from __future__ import annotations

import logging
import math
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, NoReturn

from cheese.referee.external.launcher import END_SIGNAL
from cheese.referee.external.protocol import MAX_LINE_BYTES, ProtocolError, encode
from cheese.referee.external.stderr_log import StderrLog, logger_name

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


@dataclass(frozen=True, slots=True)
class Line:
    """A line the bot wrote, and when it arrived (monotonic seconds)."""

    data: bytes
    arrived: float


class ReplyTimeout(Exception):
    """No line came before the deadline."""


class BotExited(Exception):
    """The bot's process is gone (or its output closed); the message says how."""


LAUNCHER = Path(__file__).with_name("launcher.py")
"""The script that starts the bot as its child and ends the bot's tree (see its
docstring). Python's ``preexec_fn`` could set the death signal without an interpreter's
start, but it may deadlock in a process with threads, as a worker is; and a process
that stays is needed anyway to find what the bot leaves behind."""
NATIVE_LAUNCHER = Path(__file__).with_name("bot_launcher")
"""The same launcher in C (``launcher.c``), built with the package: it starts in well under
a millisecond, where the script pays an interpreter's start (tens of milliseconds) for
every bot a worker starts."""


def launcher_command() -> list[str]:
    """The launcher's command line: the built program, or the script where it was not
    built, isolated (``-I``: no ``PYTHON*`` variables, no script folder on the path) and
    without ``site`` (``-S``)."""
    if os.access(NATIVE_LAUNCHER, os.X_OK):
        return [str(NATIVE_LAUNCHER)]
    return [sys.executable, "-I", "-S", str(LAUNCHER)]


def launch_argv(argv: Sequence[str]) -> list[str]:
    """The command line that starts ``argv`` under the launcher."""
    return [*launcher_command(), str(os.getpid()), *argv]


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
        # Read without blocking: a reply is usually there when the write returns (the bot
        # woken by it ran first), and is then taken without a poll first (``receive``).
        os.set_blocking(self._stdout, False)
        self._poller = select.poll()
        self._poller.register(self._stdout, select.POLLIN | select.POLLHUP | select.POLLERR)
        # The process itself is watched too: a bot that exits while a child of its holds
        # its output open is a crash at once, not a reply that never comes.
        self._pidfd = _pidfd(self._process.pid)
        if self._pidfd >= 0:
            self._poller.register(self._pidfd, select.POLLIN)
        self._pending = bytearray()
        self._closed = False
        self._asked_to_quit = False
        self._stderr_log = StderrLog(
            self._process.stderr.fileno(),
            logging.getLogger(logger_name(label)),
            name=f"{label} stderr",
        )
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
        """Write ``message`` as one line (``write``)."""
        self.write(encode(message), limit)

    def write(self, line: bytes, limit: float = WRITE_LIMIT_SECONDS) -> None:
        """Write ``line`` (a message, newline included) in one call when the pipe has
        room, as it has for a bot that reads, waiting at most ``limit`` seconds for room
        otherwise; ``BotExited`` if the pipe is broken."""
        # Timed from the start of the write: the bot may be woken, answer and be read
        # back before the write call returns.
        began = time.monotonic()
        try:
            written = os.write(self._stdin, line)
        except BlockingIOError:
            written = 0
        except OSError:  # EPIPE: the bot closed its input or is gone
            self._process_gone()
        if written < len(line):
            self._write_rest(memoryview(line)[written:], began + limit, limit)
        self.flushed = began

    def _write_rest(self, data: memoryview, deadline: float, limit: float) -> None:
        """The rest of a line the pipe had no room for, as room comes."""
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

    def waiting(self) -> bool:
        """Whether a line (or the output's end, or the process's) is already waiting, unasked."""
        return bool(self._pending.strip()) or self._closed or bool(self._poller.poll(0))

    def receive(self, deadline: float) -> Line:
        """The next non-blank line, waiting until the monotonic ``deadline``.

        ``ReplyTimeout`` when none comes in time, ``BotExited`` when the output closed,
        ``ProtocolError`` (from ``protocol``) for a line over ``MAX_LINE_BYTES``.
        """
        if not self._pending:
            # The usual reply: one read brings one whole line and nothing more.
            chunk = None if self._closed else self._ready_chunk()
            if not chunk:  # nothing there yet (wait for it), or the end (told by _read)
                chunk = self._read(deadline)
            if chunk.find(b"\n") == len(chunk) - 1 and chunk.strip():
                return Line(chunk, self._arrived)
            self._pending += chunk
        return self._pending_line(deadline)

    def _ready_chunk(self) -> bytes | None:
        """One read of the bot's output, without waiting: what it holds, ``b""`` at its
        end (then marked closed), ``None`` when nothing is there yet."""
        try:
            chunk = os.read(self._stdout, READ_BYTES)
        except BlockingIOError:
            return None
        except OSError:  # a broken pipe: the end of the output
            chunk = b""
        self._arrived = time.monotonic()
        if not chunk:
            self._closed = True
        return chunk

    def _pending_line(self, deadline: float) -> Line:
        """The next non-blank line from what was read and what comes until ``deadline``."""
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
            self._pending += self._read(deadline)

    def _read(self, deadline: float) -> bytes:
        """What one read of the bot's output brings once it is readable, before the
        monotonic ``deadline`` (``ReplyTimeout``); ``BotExited`` once it has closed."""
        while True:
            if self._closed:
                self._process_gone()
            left = deadline - time.monotonic()
            events = self._poller.poll(math.ceil(left * 1000)) if left > 0 else []
            if not events:
                if time.monotonic() >= deadline:
                    raise ReplyTimeout()
                continue
            if len(events) == 1 and events[0][0] == self._pidfd:
                # Exited, and nothing left to read: whoever still holds the pipe, it is gone.
                self._closed = True
                continue
            chunk = self._ready_chunk()
            if chunk:
                return chunk
            # None: woken with nothing to read after all, so wait again; b"": the end,
            # told at the top of the loop.

    def _process_gone(self) -> NoReturn:
        try:
            self._process.wait(EXIT_NOTICE_SECONDS)
        except subprocess.TimeoutExpired:
            raise ProtocolError(
                "closed its standard input or output but is still running"
            ) from None
        raise BotExited(self.exit_description())

    def close(self, quit_message: Mapping[str, object] | None = None) -> None:
        """End the bot: ``quit_message`` (if any) and a grace period, then SIGTERM to its
        group, then its launcher kills its tree, then SIGKILL to the group as a last
        resort; the process is always waited for, so no zombie is left."""
        if quit_message is not None:
            self.ask_to_quit(quit_message)
        self._close(self._process.stdin)
        steps = (
            (QUIT_GRACE_SECONDS if self._asked_to_quit else 0.0, signal.SIGTERM),
            (TERM_GRACE_SECONDS, END_SIGNAL),
            (TERM_GRACE_SECONDS, signal.SIGKILL),
        )
        for grace, signal_number in steps:
            try:
                self._process.wait(grace)
                break
            except subprocess.TimeoutExpired:
                if signal_number == END_SIGNAL:
                    # To the launcher alone: it kills the bot's tree, inside the group or
                    # out of it, and exits as the bot did.
                    self._signal(signal_number)
                else:
                    self._signal_group(signal_number)
        self._process.wait()
        # Whatever the bot left behind in its group goes with it (the launcher has killed
        # the rest of its tree, unless it was killed itself).
        self._signal_group(signal.SIGKILL)
        # Its stderr closes with its tree (a process the launcher could not kill may hold it).
        if not self._stderr_log.join(TERM_GRACE_SECONDS):
            self._stderr_log.stop(TERM_GRACE_SECONDS)
        self._close_pipes()

    def ask_to_quit(self, quit_message: Mapping[str, object]) -> None:
        """Send ``quit_message`` and close the bot's input, without waiting: the start of
        ``close``, on its own so that a run's bots are all asked first and then ended
        side by side."""
        if self._asked_to_quit:
            return
        self._asked_to_quit = True
        if self.alive():
            try:
                os.write(self._stdin, encode(quit_message))
            except OSError:  # no room, or gone: the signals of ``close`` end it anyway
                pass
        self._close(self._process.stdin)

    def settle_stderr(self, seconds: float = TERM_GRACE_SECONDS) -> bool:
        """Wait until all the bot wrote on its stderr before this call is in the log (at
        most ``seconds``; whether it is): a report that quotes the bot's last words takes
        them after this."""
        return self._stderr_log.settle(seconds)

    def forget(self) -> None:
        """Close this process's pipes without ending the bot: for a forked copy of the
        process that started it, which must leave the bot to its owner."""
        self._stderr_log.forget()
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

    def _signal(self, signal_number: int) -> None:
        try:
            os.kill(self._process.pid, signal_number)
        except (ProcessLookupError, PermissionError):
            pass

    def _signal_group(self, signal_number: int) -> None:
        try:
            os.killpg(self._process.pid, signal_number)
        except (ProcessLookupError, PermissionError):
            pass
