"""Signal handlers set for a while and put back after, keeping what the process ignores."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from types import FrameType

Handler = Callable[[int, FrameType | None], object]

STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals that stop cheese as Ctrl-C does: a ``kill``, a logout or a job scheduler
means the same as the person at the terminal."""


@contextmanager
def handling(numbers: Iterable[int], handler: Handler) -> Iterator[None]:
    """While inside, ``handler`` takes each signal of ``numbers``; the handlers before are
    put back after. A signal the process was started ignoring (``nohup`` ignores SIGHUP)
    stays ignored: whoever started it asked for that."""
    previous = {
        number: signal.getsignal(number)
        for number in numbers
        if signal.getsignal(number) is not signal.SIG_IGN
    }
    for number in previous:
        signal.signal(number, handler)
    try:
        yield
    finally:
        for number, before in previous.items():
            signal.signal(number, signal.SIG_DFL if before is None else before)
