"""Search budgets: a number of iterations, a time limit in seconds, or both; and the
seconds a move may take when a search budgets the game clock (``time=auto``).

Time is read from ``time.perf_counter``; only an iteration budget makes a search
reproducible, because how much fits into a second depends on the machine.

>>> Budget(iterations=100, seconds=None).describe()
'100 iterations'
>>> Budget(iterations=None, seconds=0.5).describe()
'0.5 s'
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from cheese.bots.base import Clock
from cheese.bots.spec import FloatParameter

AUTO_TIME = "auto"
"""The time setting that budgets the seat's game clock."""
MOVES_TO_GO = 20
"""Decisions a seat is assumed still to face, whatever the game: a move's share is the
remaining time over this, so the clock shrinks geometrically and is never spent early.
Hand-set near what a seat decides in a default-sized game played at random: 9 in Get The
Cheese!, 15 in Cheese Drop, 25 in Cheese Chasers."""
INCREMENT_SHARE = 0.8
"""Share of the increment a move may spend on top of its share of the clock: the rest
absorbs the time spent around the search."""
SAFETY_SHARE = 0.1
SAFETY_SECONDS = 0.05
"""A move never plans to leave less than 10% of the clock and 50 ms: what the process,
the determinizations and the referee's bookkeeping take beside the search."""
LEAST_SECONDS = 0.001
"""The least a budgeted move searches, even on an almost empty clock."""
NO_CLOCK_SECONDS = 1.0
"""What ``time=auto`` means where no game clock is kept (``cheese play``, a bench): one
second a move. Duels and tournaments refuse ``time=auto`` without ``--tc`` instead."""


def clock_seconds(clock: Clock | None) -> float:
    """The seconds a move may search on ``clock``: its share of the remaining time plus
    most of the increment, never leaving less than the safety margin; without a clock,
    ``NO_CLOCK_SECONDS``.

    >>> clock_seconds(Clock(remaining=10.0, increment=0.1))
    0.58
    >>> clock_seconds(Clock(remaining=0.3, increment=1.0))
    0.22
    >>> clock_seconds(None)
    1.0
    """
    if clock is None:
        return NO_CLOCK_SECONDS
    share = clock.remaining / MOVES_TO_GO + INCREMENT_SHARE * clock.increment
    spendable = clock.remaining * (1.0 - SAFETY_SHARE) - SAFETY_SECONDS
    return round(max(LEAST_SECONDS, min(share, spendable)), 6)


@dataclass(frozen=True, slots=True)
class SecondsParameter(FloatParameter):
    """A time setting in seconds that also takes ``auto``: budget the game clock."""

    @property
    def allowed(self) -> str:
        return (
            f"a number from {self.minimum:g} to {self.maximum:g}, or {AUTO_TIME} "
            "(budget the game clock)"
        )

    # The base class named, not super(): a slotted dataclass is a new class, which the
    # zero-argument super() misses.
    def as_json(self) -> dict[str, object]:
        return {**FloatParameter.as_json(self), "words": [AUTO_TIME]}

    def parse(self, text: str) -> float | str:  # type: ignore[override]
        if text.strip().lower() == AUTO_TIME:
            return AUTO_TIME
        return FloatParameter.parse(self, text)


@dataclass(frozen=True, slots=True)
class Budget:
    """Stop after ``iterations`` or ``seconds``, whichever comes first (``None`` = no limit)."""

    iterations: int | None
    seconds: float | None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations, seconds or both")

    def describe(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations} iterations")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        return " or ".join(parts)

    def start(self) -> Stopwatch:
        return Stopwatch(self, time.perf_counter())


class Stopwatch:
    """A running budget: counts iterations and watches the clock."""

    __slots__ = ("budget", "started", "deadline", "done")

    def __init__(self, budget: Budget, started: float) -> None:
        self.budget = budget
        self.started = started
        self.deadline = None if budget.seconds is None else started + budget.seconds
        self.done = 0

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def exhausted(self) -> bool:
        """Whether the search must stop before its next iteration."""
        if self.budget.iterations is not None and self.done >= self.budget.iterations:
            return True
        return self.out_of_time()
