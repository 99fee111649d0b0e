"""Shared helpers for the command-line tests: a command run in-process, one refused, and
one running as its own process while the test watches it."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cheese.cli.app import main

from ..default_signals import signals_at_default


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``cheese ARGV…`` in this process: its exit code, standard output and error."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one error line of ``argv``, after checking exit code 2 and nothing else said."""
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, ""), (code, out, err)
    assert err.count("\n") == 1 and err.startswith("cheese: error: "), err
    assert "Traceback" not in err
    return err


RUNNING_TIMEOUT = 90


class Running:
    """A ``cheese`` process whose stderr is read on a thread, so that it never blocks."""

    def __init__(
        self,
        arguments: list[str],
        cwd: Path,
        environment: dict[str, str] | None = None,
        *,
        own_group: bool = False,
    ) -> None:
        with signals_at_default():
            self.process = subprocess.Popen(
                [sys.executable, "-m", "cheese", *arguments], cwd=cwd,
                env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                start_new_session=own_group,  # a group of its own, as a terminal's job has
            )
        self.lines: list[str] = []
        self.out = ""
        assert self.process.stderr is not None and self.process.stdout is not None
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)

    def wait_for(self, condition: Callable[[], bool]) -> None:
        """Wait until ``condition`` holds; fail if the process ends first or time runs out."""
        ends = time.monotonic() + RUNNING_TIMEOUT
        while not condition():
            assert self.process.poll() is None, "".join(self.lines)
            assert time.monotonic() < ends, "".join(self.lines)
            time.sleep(0.05)

    def said(self, text: str) -> bool:
        return any(text in line for line in self.lines)

    def finish(self) -> tuple[int, str]:
        assert self.process.stdout is not None
        self.out = self.process.stdout.read()
        code = self.process.wait(RUNNING_TIMEOUT)
        self._reader.join(RUNNING_TIMEOUT)
        return code, "".join(self.lines)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def stored_games(db: Path) -> int:
    """The games stored in the results database ``db`` so far (0 before it exists)."""
    if not db.exists():
        return 0
    connection = sqlite3.connect(db)
    try:
        return int(connection.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.OperationalError:  # the tables are not there yet
        return 0
    finally:
        connection.close()
