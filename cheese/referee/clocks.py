"""Game clocks: a time control ``BASE+INC`` read and checked, and each seat's clock of one
game as the referee keeps it.

A seat starts the game with ``base`` seconds. The referee measures each of its decisions
with ``time.monotonic()`` (an external bot's own measure of its reply when it gives one),
takes it off the seat's clock, and forfeits the game for the seat (``Fault.TIMEOUT``) when
the clock is below ``-margin``; otherwise the seat earns ``increment`` seconds. The margin
absorbs the referee's own overhead and the machine's noise.

>>> TimeControl.parse("10+0.1")
TimeControl(base=10.0, increment=0.1, margin=0.05)
>>> TimeControl.parse("60").text
'60'
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

DEFAULT_MARGIN = 0.05
"""Seconds a clock may fall below zero before the seat loses on time: the referee's own
bookkeeping between two decisions and the noise of a loaded machine, set by hand."""
MOST_BASE_SECONDS = 7 * 86_400.0
"""The longest game clock: a week per seat."""
MOST_MARGIN_SECONDS = 60.0
"""The largest margin: a minute, beyond which the clock would mean little."""
HUNG_GRACE_SECONDS = 1.0
"""Seconds past a clock and its margin after which a decision that has not returned gets
its worker killed."""
_NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)"
_TEXT = re.compile(rf"\s*({_NUMBER})\s*(?:\+\s*({_NUMBER})\s*)?\Z")


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Each seat's clock for one game: ``base`` seconds, ``increment`` seconds earned per
    decision, and the ``margin`` by which a clock may fall below zero."""

    base: float
    increment: float
    margin: float = DEFAULT_MARGIN

    @classmethod
    def parse(cls, text: str, margin: float = DEFAULT_MARGIN) -> TimeControl:
        """``BASE+INC`` or ``BASE`` in seconds; ``ValueError`` says how to write it.

        >>> TimeControl.parse("5+0")
        TimeControl(base=5.0, increment=0.0, margin=0.05)
        >>> TimeControl.parse("ten")
        Traceback (most recent call last):
        ...
        ValueError: --tc 'ten' is not BASE+INC in seconds; write e.g. --tc 10+0.1 or --tc 60
        """
        found = _TEXT.match(text)
        if found is None:
            raise ValueError(
                f"--tc {text!r} is not BASE+INC in seconds; write e.g. --tc 10+0.1 or --tc 60"
            )
        base = float(found[1])
        increment = float(found[2]) if found[2] is not None else 0.0
        if not 0 < base <= MOST_BASE_SECONDS:
            raise ValueError(
                f"--tc {text!r}: the base must be above 0 and at most {MOST_BASE_SECONDS:g} "
                "seconds (a week)"
            )
        if not increment <= base:
            raise ValueError(f"--tc {text!r}: the increment must be at most the base ({base:g} s)")
        return cls(base, increment, check_margin(margin))

    @property
    def text(self) -> str:
        """The control as ``--tc`` takes it, and as the results store keeps it."""
        return f"{self.base:g}" if not self.increment else f"{self.base:g}+{self.increment:g}"


def check_margin(margin: float) -> float:
    """``margin`` if it is a number of seconds from 0 to ``MOST_MARGIN_SECONDS``, else
    ``ValueError``.

    >>> check_margin(-1)
    Traceback (most recent call last):
    ...
    ValueError: --tc-margin must be a number of seconds from 0 to 60, not -1
    """
    if not (math.isfinite(margin) and 0 <= margin <= MOST_MARGIN_SECONDS):
        raise ValueError(
            f"--tc-margin must be a number of seconds from 0 to {MOST_MARGIN_SECONDS:g}, "
            f"not {margin:g}"
        )
    return float(margin)


class SeatClocks:
    """The seats' clocks of one game, as the referee runs them (one per game, never
    shared)."""

    __slots__ = ("control", "remaining")

    def __init__(self, control: TimeControl, seats: int) -> None:
        self.control = control
        self.remaining = [control.base] * seats

    def hard_limit(self, seat: int) -> float:
        """Seconds after which ``seat``'s decision, not returned, is taken for hung."""
        return max(0.0, self.remaining[seat]) + self.control.margin + HUNG_GRACE_SECONDS

    def spend(self, seat: int, seconds: float) -> bool:
        """Take ``seconds`` off ``seat``'s clock; False if it ran out (past the margin),
        else the increment is added and True.

        >>> clocks = SeatClocks(TimeControl(1.0, 0.5, 0.05), 2)
        >>> clocks.spend(0, 0.8), clocks.remaining
        (True, [0.7, 1.0])
        >>> clocks.spend(1, 1.04), clocks.spend(0, 0.8)
        (True, False)
        """
        left = self.remaining[seat] - seconds
        self.remaining[seat] = left
        if left < -self.control.margin:
            return False
        self.remaining[seat] = round(left + self.control.increment, 9)
        return True
