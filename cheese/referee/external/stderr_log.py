"""A bot's standard error in the log: read at pipe speed on a thread of its own into the
logger ``cheese.bot.<name>``, a record per read, within a budget, so that a bot writing
megabytes of log never blocks on a full pipe and never waits for the log.

The thread waits on the pipe and on a wake-up pipe of its own, through which it is asked
to log everything the bot has written so far (``StderrLog.settle``, so that what the bot
wrote before a fault is in its report) or to stop. Its reads never block, so it always
hears either.
"""

from __future__ import annotations

import logging
import os
import select
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

LOG_BYTES_PER_SECOND = 1_000_000
"""How much of one bot's stderr the log takes per second, on average: beyond it lines
are dropped and counted, so that a flood costs neither the run's disk nor its time."""
LOG_BURST_BYTES = 8_000_000
"""How much of it the log takes at once before that rate applies."""
DROPPED_TAIL_LINES = 10
"""The last dropped lines logged when the bot's stderr closes (a crash's traceback)."""
READ_BYTES = 65536
"""How much of the bot's stderr one read takes."""
MOST_LOG_LINE = 2000
"""Characters of one stderr line kept in the log."""
BOT_LOGGERS = "cheese.bot"
_RATE = f"{LOG_BYTES_PER_SECOND / 1e6:g} MB/s"
_WATCHED = select.POLLIN | select.POLLHUP | select.POLLERR


def logger_name(label: str) -> str:
    """The logger of a bot's standard error: ``cheese.bot.`` and the bot's name as tables
    show it.

    >>> logger_name("cmd:python3 bots/my_bot.py")
    'cheese.bot.cmd:python3 bots/my_bot.py'
    """
    return f"{BOT_LOGGERS}.{label}"


@dataclass(slots=True)
class _Budget:
    """Bytes the log may take now: a bucket of ``LOG_BURST_BYTES`` refilled at
    ``LOG_BYTES_PER_SECOND``. Once it has refused, it accepts again only when a second's
    worth has come back, so that a flood leaves at most one "dropped" record a second."""

    left: float = LOG_BURST_BYTES
    at: float = field(default_factory=time.monotonic)
    refusing: bool = False

    def take(self, size: int) -> bool:
        now = time.monotonic()
        self.left = min(LOG_BURST_BYTES, self.left + (now - self.at) * LOG_BYTES_PER_SECOND)
        self.at = now
        needed = max(size, LOG_BYTES_PER_SECOND) if self.refusing else size
        self.refusing = needed > self.left
        if self.refusing:
            return False
        self.left -= size
        return True


def _log_lines(logger: logging.Logger, lines: Sequence[bytes]) -> None:
    """One record for all ``lines``: a record costs far more than a line of text."""
    logger.info(
        "%s", "\n".join(line.decode("utf-8", errors="replace")[:MOST_LOG_LINE] for line in lines)
    )


class _Lines:
    """Cuts what the pipe brings into lines and logs them within the budget; lines over it
    are dropped and counted, and the last of them logged at the end."""

    def __init__(self, logger: logging.Logger) -> None:
        self._logger = logger
        self._pending = b""
        self._budget = _Budget()
        self._dropped = 0
        self._unlogged: deque[bytes] = deque(maxlen=DROPPED_TAIL_LINES)

    def take(self, chunk: bytes) -> None:
        *lines, self._pending = (self._pending + chunk).split(b"\n")
        # A line without an end is logged in pieces rather than held without bound.
        if len(self._pending) > READ_BYTES:
            lines.append(self._pending)
            self._pending = b""
        self._log(lines)

    def end(self) -> None:
        """The pipe closed (or reading stopped): the unended line, and what was dropped."""
        lines, self._pending = ([self._pending] if self._pending else []), b""
        self._log(lines)
        if self._dropped:
            self._logger.info(
                "%d lines dropped: over %s; the last %d of them follow",
                self._dropped,
                _RATE,
                len(self._unlogged),
            )
            _log_lines(self._logger, self._unlogged)

    def _log(self, lines: list[bytes]) -> None:
        if not lines or not self._logger.isEnabledFor(logging.INFO):
            return
        if self._budget.take(sum(map(len, lines))):
            if self._dropped:
                self._logger.info("%d lines dropped: over %s", self._dropped, _RATE)
                self._dropped = 0
                self._unlogged.clear()
            _log_lines(self._logger, lines)
        else:
            self._dropped += len(lines)
            self._unlogged.extend(lines[-DROPPED_TAIL_LINES:])


class StderrLog:
    """The thread that logs what the pipe ``fd`` brings, until it closes or ``stop``.

    Raw reads, never a file object: a file object's lock held by this thread would block
    its closing elsewhere, and a forked child's copy of it forever. ``fd`` stays its
    owner's to close, once the thread has ended (``stop``).
    """

    def __init__(self, fd: int, logger: logging.Logger, name: str) -> None:
        self._fd = fd
        self._lines = _Lines(logger)
        self._wake_read, self._wake_write = os.pipe()
        os.set_blocking(self._wake_write, False)
        # Guards the counters, the flags and the wake-up pipe's descriptors, which the
        # thread closes under it when it ends.
        self._settled = threading.Condition()
        self._asked = 0
        self._answered = 0
        self._stopping = False
        self._ended = False
        self._thread = threading.Thread(target=self._run, daemon=True, name=name)
        self._thread.start()

    def settle(self, seconds: float) -> bool:
        """Wait until all the bot wrote before this call is logged (at most ``seconds``);
        whether it is."""
        with self._settled:
            if self._ended:
                return True
            self._asked += 1
            asked = self._asked
            self._wake()
            return self._settled.wait_for(
                lambda: self._ended or self._answered >= asked, timeout=seconds
            )

    def join(self, seconds: float) -> bool:
        """Wait for the pipe's end (at most ``seconds``); whether it came."""
        self._thread.join(seconds)
        return not self._thread.is_alive()

    def stop(self, seconds: float) -> None:
        """Stop reading now, even if the pipe stays open (a process the launcher could
        not end may hold it), and wait at most ``seconds`` for the thread to end."""
        with self._settled:
            if not self._ended:
                self._stopping = True
                self._wake()
        self._thread.join(seconds)

    def forget(self) -> None:
        """Close the wake-up pipe in a forked copy of the process, which has no thread.
        Without the lock: one a thread held at the fork stays held in the copy."""
        for fd in (self._wake_read, self._wake_write):
            _close(fd)
        self._wake_read = self._wake_write = -1

    def _wake(self) -> None:
        """Tell the thread to look at the counters and flags (the lock held)."""
        try:
            os.write(self._wake_write, b"!")
        except BlockingIOError:  # wake-ups already waiting: one of them is enough
            pass

    def _run(self) -> None:
        os.set_blocking(self._fd, False)
        poller = select.poll()
        poller.register(self._fd, _WATCHED)
        poller.register(self._wake_read, _WATCHED)
        try:
            while True:
                ready = {fd for fd, _ in poller.poll()}
                if self._wake_read not in ready:
                    if self._read() is False:
                        break
                    continue
                os.read(self._wake_read, 4096)
                with self._settled:
                    asked, stopping = self._asked, self._stopping
                if stopping or not self._read_all():
                    break
                with self._settled:
                    self._answered = asked
                    self._settled.notify_all()
        finally:
            self._lines.end()
            with self._settled:
                self._ended = True
                for fd in (self._wake_read, self._wake_write):
                    _close(fd)
                self._wake_read = self._wake_write = -1
                self._settled.notify_all()

    def _read(self) -> bool | None:
        """One read of the pipe: whether it brought bytes, or ``None`` if nothing was
        there yet (``False``: the pipe closed)."""
        try:
            chunk = os.read(self._fd, READ_BYTES)
        except BlockingIOError:
            return None
        except OSError:
            return False
        if chunk:
            self._lines.take(chunk)
        return bool(chunk)

    def _read_all(self) -> bool:
        """Read until nothing is left; whether the pipe is still open."""
        while True:
            brought = self._read()
            if not brought:
                return brought is None


def _close(fd: int) -> None:
    if fd >= 0:
        try:
            os.close(fd)
        except OSError:
            pass
