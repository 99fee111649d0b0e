"""``python -m cheese`` and the ``cheese`` console script: run the command line.

A signal that comes while the command is still starting (importing the command line
takes seconds on a loaded machine) ends it quietly, with the exit code shells give a
program that signal ended (130 for Ctrl-C), instead of a ``KeyboardInterrupt``
traceback from the middle of an import: nothing has begun that could be lost. Only this
module, ``cheese.signal_handlers`` and the standard library are imported before the
handlers are in place. Once the
command has started, it handles signals its own way (a run stops after its games in
flight); once it has returned, one more Ctrl-C ends it quietly with its exit code.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from cheese.signal_handlers import STOP_SIGNALS, handling

SIGNAL_EXIT_BASE = 128


def _quit_quietly(number: int, frame: FrameType | None) -> None:
    # os._exit: no cleanup can run into a half-imported module and print a traceback.
    os._exit(SIGNAL_EXIT_BASE + number)


@contextmanager
def quiet_while_starting() -> Iterator[None]:
    """While inside, Ctrl-C, SIGTERM and SIGHUP end the process at once and quietly; the
    handlers before are put back after (a signal the process was started ignoring, as
    ``nohup`` ignores SIGHUP, stays ignored)."""
    with handling(STOP_SIGNALS, _quit_quietly):
        yield


def main() -> int:
    """Run the command line with ``sys.argv`` and return its exit code."""
    with quiet_while_starting():
        from cheese.cli.app import main as run_command
    code = run_command()
    _quiet_from_now_on(code)
    return code


def _quiet_from_now_on(code: int) -> None:
    """The command has said all it will: a Ctrl-C pressed once more while Python shuts
    down (joining threads, flushing logs) ends it with ``code``, without a traceback."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or terminal: nothing more to say
            pass

    def leave(number: int, frame: FrameType | None) -> None:
        os._exit(code)

    for number in STOP_SIGNALS:
        if signal.getsignal(number) is not signal.SIG_IGN:
            signal.signal(number, leave)


if __name__ == "__main__":
    sys.exit(main())
