"""Where each player's points came from over a game: per round, and lane bets against
event bonuses.

Rules, "Scoring": a lane piece earns its lane's base points; a pair of own lane and event
pieces earns the event's bonus; scores add up over the 3 rounds. The parts are worked out
again from each scored round's lanes and pieces, so they add up to the totals.

>>> from cheese.engine.cheese_drop.core import RoundResult
>>> lanes = ((2, 1, 0, 0),) + ((0, 0, 0, 0),) * 5
>>> result = RoundResult(lanes, bets=((0, 6 + 2), (0, 1)), points=(5, 3))
>>> points_by_source([result])
(SeatPoints(rounds=(5,), lanes=3, events=2), SeatPoints(rounds=(3,), lanes=3, events=0))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cheese.engine.cheese_drop.core import RoundResult
from cheese.engine.cheese_drop.scoring import player_points


@dataclass(frozen=True, slots=True)
class SeatPoints:
    """One player's points: per scored round, and split into lane bets and events."""

    rounds: tuple[int, ...]
    lanes: int
    """Base points of the player's lane pieces, over every round."""
    events: int
    """Bonuses of the player's (lane, event) pairs, over every round."""

    @property
    def total(self) -> int:
        return self.lanes + self.events


def points_by_source(results: Sequence[RoundResult]) -> tuple[SeatPoints, ...]:
    """Every player's points by round and by source, from the rounds scored so far."""
    if not results:
        return ()
    seats = range(len(results[0].bets))
    split = [
        [player_points(result.lanes, result.bets[seat]) for result in results] for seat in seats
    ]
    return tuple(
        SeatPoints(
            rounds=tuple(result.points[seat] for result in results),
            lanes=sum(points.base for points in split[seat]),
            events=sum(points.bonus for points in split[seat]),
        )
        for seat in seats
    )
