"""Search budgets: a number of iterations, a time limit in seconds, or both.

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
