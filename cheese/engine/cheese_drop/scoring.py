"""Scoring a round: base points, the seven events, and the bonus pairs.

Rules, "Round structure" step 4. Shared by the engine and the score sheet. A lane's
contents are its marble counts per colour (cheese, apple, mouse, cat).

>>> lane = (2, 1, 1, 0)          # 2 cheese, 1 apple, 1 mouse, no cat
>>> base_points(lane), event_points(3, lane), event_points(5, lane)
(1, 2, 2)
>>> player_points((lane,) + ((0, 0, 0, 0),) * 5, columns=(0, 6 + 3))
PlayerPoints(base=1, bonus=2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cheese.engine.cheese_drop.betting import column_event, column_lane, is_lane_column
from cheese.engine.cheese_drop.core import (
    APPLE,
    CAT,
    CHEESE,
    LANE_COUNT,
    MOUSE,
    Bets,
    ColourCounts,
    Column,
    Event,
    Marble,
)

LaneContents = ColourCounts


def lane_contents(marbles: Sequence[Marble]) -> tuple[LaneContents, ...]:
    """Marble counts per colour in each of the 6 lanes, from the marbles' final lanes."""
    counts = [[0, 0, 0, 0] for _ in range(LANE_COUNT)]
    for marble in marbles:
        counts[marble.lane][marble.colour] += 1
    return tuple((lane[0], lane[1], lane[2], lane[3]) for lane in counts)


def base_points(lane: LaneContents) -> int:
    """"1 per apple in L, plus 1 per cheese in L — but the cheese counts only if L holds
    no mouse, or holds a cat.\""""
    cheese_counts = lane[MOUSE] == 0 or lane[CAT] > 0
    return lane[APPLE] + (lane[CHEESE] if cheese_counts else 0)


def cat_and_mouse(lane: LaneContents) -> int:
    """Event 1: "a cat and a mouse are both in L: 5"."""
    return 5 if lane[CAT] > 0 and lane[MOUSE] > 0 else 0


def apple_count(lane: LaneContents) -> int:
    """Event 2: "1 per red (apple) in L, even with mice"."""
    return lane[APPLE]


def cheese_count(lane: LaneContents) -> int:
    """Event 3: "1 per yellow (cheese) in L, even with mice"."""
    return lane[CHEESE]


def mouse_count(lane: LaneContents) -> int:
    """Event 4: "2 per mouse in L"."""
    return 2 * lane[MOUSE]


def cat_feast(lane: LaneContents) -> int:
    """Event 5: "if a cat is in L: 1 per red and per yellow in L, even with mice"."""
    return lane[APPLE] + lane[CHEESE] if lane[CAT] > 0 else 0


def more_cheese(lane: LaneContents) -> int:
    """Event 6: "more yellow than red in L, even with mice: 2"."""
    return 2 if lane[CHEESE] > lane[APPLE] else 0


def more_apples(lane: LaneContents) -> int:
    """Event 7: "more red than yellow in L, even with mice: 3"."""
    return 3 if lane[APPLE] > lane[CHEESE] else 0


EVENTS: tuple[Callable[[LaneContents], int], ...] = (
    cat_and_mouse,
    apple_count,
    cheese_count,
    mouse_count,
    cat_feast,
    more_cheese,
    more_apples,
)
"""The event columns' conditions, in the order of the rules (event 1 first)."""


def event_points(event: Event, lane: LaneContents) -> int:
    """The bonus event ``event`` (0-based) gives for a lane holding ``lane``."""
    return EVENTS[event](lane)


@dataclass(frozen=True, slots=True)
class PlayerPoints:
    """One player's points for one round."""

    base: int
    bonus: int

    @property
    def total(self) -> int:
        return self.base + self.bonus


def player_points(lanes: Sequence[LaneContents], columns: Sequence[Column]) -> PlayerPoints:
    """Base points of each lane piece, plus "for each pair (own piece on lane L, own
    piece on event E): the points of E if lane L satisfies E". Event pieces score
    nothing by themselves."""
    bet_lanes = [column_lane(column) for column in columns if is_lane_column(column)]
    bet_events = [column_event(column) for column in columns if not is_lane_column(column)]
    base = sum(base_points(lanes[lane]) for lane in bet_lanes)
    bonus = sum(event_points(event, lanes[lane]) for lane in bet_lanes for event in bet_events)
    return PlayerPoints(base, bonus)


def round_points(lanes: Sequence[LaneContents], bets: Bets) -> tuple[PlayerPoints, ...]:
    """Every player's points for the round (the cover removed, lanes ``lanes``)."""
    return tuple(player_points(lanes, columns) for columns in bets)
