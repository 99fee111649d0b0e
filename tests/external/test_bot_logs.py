"""A bot's stderr in the log: drained at pipe speed whatever the log costs, one record per
read, a flood cut to the log's budget with a count of what was dropped and its last
lines, under ``cheese.bot.<name>``; all written so far logged on request, and reading
stopped on request though the pipe stays open; and ``--log`` on ``cheese duel``."""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cheese.referee.external import stderr_log
from cheese.referee.external.stderr_log import DROPPED_TAIL_LINES, StderrLog, logger_name

BOTS = Path(__file__).resolve().parents[1] / "external_bots"


class _Slow(logging.Handler):
    """A handler as slow as a log that cannot keep up: 1 ms a record."""

    def __init__(self) -> None:
        super().__init__()
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        time.sleep(0.001)
        self.messages.append(record.getMessage())


@contextmanager
def _bot_logger(name: str, handler: logging.Handler) -> Iterator[logging.Logger]:
    """The logger of the bot ``name``, logging to ``handler`` alone while inside."""
    logger = logging.getLogger(logger_name(name))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    try:
        yield logger
    finally:
        logger.removeHandler(handler)
        logger.setLevel(logging.NOTSET)
        logger.propagate = True


def _drained(lines: int, monkeypatch: pytest.MonkeyPatch) -> tuple[float, list[str]]:
    """Write ``lines`` 1 KiB lines into a drain with a slow handler: seconds, messages."""
    monkeypatch.setattr(stderr_log, "LOG_BURST_BYTES", 2_000_000)
    handler = _Slow()
    with _bot_logger("drain test", handler) as logger:
        read_end, write_end = os.pipe()
        drain = StderrLog(read_end, logger, "drain test")
        try:
            began = time.monotonic()
            block = (b"z" * 1023 + b"\n") * 1024
            for _ in range(lines // 1024):
                os.write(write_end, block)
            os.write(write_end, b"the last line\n")
            took = time.monotonic() - began
            os.close(write_end)
            assert drain.join(30)
        finally:
            os.close(read_end)
    return took, handler.messages


def test_a_flood_is_read_at_pipe_speed_and_cut_to_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    took, messages = _drained(64 * 1024, monkeypatch)
    # 64 MiB through a handler that takes 1 ms a record: a record a line would take 65 s.
    assert took < 10, f"64 MiB took {took:.1f} s to write"
    logged = sum(line.startswith("zzz") for message in messages for line in message.splitlines())
    assert logged <= 2 * 2_000_000 // 1024
    assert len(messages) < 200
    note = next(message for message in messages if "lines dropped" in message)
    assert re.match(r"\d+ lines dropped: over 1 MB/s", note)
    final = messages[-1].splitlines()
    assert len(final) == DROPPED_TAIL_LINES and final[-1] == "the last line"


class _Busy(logging.Handler):
    """A handler that holds the first record until told, so that what comes meanwhile is
    still in the pipe when the test asks."""

    def __init__(self) -> None:
        super().__init__()
        self.messages: list[str] = []
        self.emitting = threading.Event()
        self.go_on = threading.Event()

    def emit(self, record: logging.LogRecord) -> None:
        self.emitting.set()
        self.go_on.wait(10)
        self.messages.append(record.getMessage())


@contextmanager
def _logged_pipe() -> Iterator[tuple[int, StderrLog, _Busy]]:
    """A pipe's write end, the ``StderrLog`` of its read end, and its ``_Busy`` handler."""
    handler = _Busy()
    with _bot_logger("settle test", handler) as logger:
        read_end, write_end = os.pipe()
        log = StderrLog(read_end, logger, "settle test")
        try:
            yield write_end, log, handler
        finally:
            handler.go_on.set()
            os.close(write_end)
            log.stop(10)
            os.close(read_end)


def test_settle_returns_once_all_written_before_it_is_logged() -> None:
    with _logged_pipe() as (write_end, log, handler):
        os.write(write_end, b"first\n")
        assert handler.emitting.wait(10)
        # Written while the thread is busy logging "first": unread when settle is asked.
        os.write(write_end, b"second\nthird\n")
        threading.Timer(0.2, handler.go_on.set).start()
        assert log.settle(10)
        assert "\n".join(handler.messages).splitlines() == ["first", "second", "third"]


def test_settle_gives_up_after_its_time_and_stop_ends_reading_an_open_pipe() -> None:
    with _logged_pipe() as (write_end, log, handler):
        os.write(write_end, b"first\n")
        assert handler.emitting.wait(10)
        os.write(write_end, b"second\n")
        assert not log.settle(0.1)
        handler.go_on.set()
        assert log.settle(10)
        # The write end stays open, as a process the launcher could not end would hold it.
        assert not log.join(0.1)
        log.stop(10)
        assert log.join(0)
        assert log.settle(0)
        assert handler.messages == ["first", "second"]


def test_a_bot_flooding_100_mib_plays_on_with_log(tmp_path: Path) -> None:
    log = tmp_path / "duel.log"
    spec = f"cmd:{sys.executable} {BOTS / 'misbehaving.py'} flood-100"
    duel = subprocess.run(
        [
            sys.executable, "-m", "cheese", "duel", spec, "random", "--game", "cheese-chasers",
            "--games", "2", "--workers", "1", "--json", "--log", str(log),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert duel.returncode == 0, duel.stderr
    assert '"forfeits": {}' in duel.stdout
    text = log.read_text()
    assert f"INFO {logger_name(spec)}: hello settings=" in text
    speed = re.search(r"flooded 100 MiB in [\d.]+ s: ([\d.]+) MiB/s", text)
    assert speed is not None and float(speed.group(1)) > 20, speed
    assert "lines dropped: over 1 MB/s" in text
    assert len(text) < 30 * 2**20
