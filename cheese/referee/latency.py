"""How long bots take to reply: the median and the longest of a bot's decisions.

The unit is one decision: every reply a bot gave, in every game and seat, counts once
(a game's seat keeps its reply times in order, ``GameResult.replies``; the results store
keeps them from schema 3 on). The median is the middle reply time (the mean of the two
middle ones for an even count).

>>> latency([0.25, 0.1, 0.5, 0.2])
Latency(decisions=4, median=0.225, longest=0.5)
>>> seconds_text(0.000214), seconds_text(0.1034), seconds_text(2.5)
('0.214 ms', '103 ms', '2.50 s')
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from cheese.words import counted


@dataclass(frozen=True, slots=True)
class Latency:
    """A bot's reply times: how many decisions, their median and the longest, in seconds."""

    decisions: int
    median: float
    longest: float

    def as_json(self) -> dict[str, object]:
        return {"decisions": self.decisions, "median": self.median, "max": self.longest}

    @property
    def text(self) -> str:
        """In words, e.g. ``median 0.214 ms, max 1.5 ms over 240 decisions``."""
        count = counted(self.decisions, "decision")
        return f"median {seconds_text(self.median)}, max {seconds_text(self.longest)} over {count}"


def latency(times: Sequence[float]) -> Latency | None:
    """The latency of ``times`` (seconds per decision), ``None`` without any."""
    if not times:
        return None
    return Latency(len(times), round(statistics.median(times), 6), round(max(times), 6))


def latencies(
    seats: Iterable[tuple[Sequence[str], Sequence[Sequence[float]] | None]],
) -> dict[str, Latency]:
    """Each bot's latency over games given as (seat specs, each seat's reply times, or
    ``None`` where they were not kept), by spec, in the order the bots first appear.

    >>> found = latencies([(("a", "b"), ((0.1, 0.3), (0.2,))), (("b", "a"), None)])
    >>> latencies_text(found)
    'a median 200 ms, max 300 ms over 2 decisions; b median 200 ms, max 200 ms over 1 decision'

    """
    times: dict[str, list[float]] = {}
    for specs, replies in seats:
        if replies is None:
            continue
        for spec, seat_times in zip(specs, replies):
            times.setdefault(spec, []).extend(seat_times)
    found: dict[str, Latency] = {}
    for spec, seat_times in times.items():
        measured = latency(seat_times)
        if measured is not None:
            found[spec] = measured
    return found


def latencies_text(found: Mapping[str, Latency]) -> str:
    """``bot: median …, max … over … decisions`` per bot, joined by semicolons."""
    return "; ".join(f"{bot} {measured.text}" for bot, measured in found.items())


def seconds_text(seconds: float) -> str:
    """A short duration: milliseconds below a second (3 significant digits), else seconds."""
    if seconds < 1.0:
        return f"{seconds * 1000:.3g} ms"
    return f"{seconds:.2f} s"
