"""Runs that tests stop with a signal start with Ctrl-C and hang-up at their defaults.

A run keeps a signal its parent ignores (``cheese/signal_handlers.py``: under ``nohup`` a
hang-up must not stop it), and a child inherits what is ignored. So a test suite started
under ``nohup``, or as a background job of a script (which ignores Ctrl-C), would start
runs that ignore the very signal the test sends, and wait for an end that never comes.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator

STOPPING = (signal.SIGINT, signal.SIGHUP)


@contextlib.contextmanager
def signals_at_default() -> Iterator[None]:
    """While a run is started here (in the main thread): Ctrl-C and hang-up not ignored,
    so the run gets its defaults whatever this process was started with. A handler of
    this process becomes the default in the run, as ``exec`` resets handlers."""
    ignored = [number for number in STOPPING if signal.getsignal(number) is signal.SIG_IGN]
    for number in ignored:
        signal.signal(
            number, signal.SIG_DFL if number != signal.SIGINT else signal.default_int_handler
        )
    try:
        yield
    finally:
        for number in ignored:
            signal.signal(number, signal.SIG_IGN)


def restore_in_child() -> None:
    """In a forked child about to ``exec`` a run: Ctrl-C and hang-up at their defaults."""
    for number in STOPPING:
        signal.signal(number, signal.SIG_DFL)
