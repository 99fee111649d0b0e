"""The odds at the bets, worked out exactly from what every player sees.

Rules, "Physical model of the fall" and "What players see": everyone saw each marble's
lane as it went under the cover; below it the marble still passes the hidden rows, each
moving it 1/4 left, 1/2 straight, 1/4 right (walls merged), and marbles do not interact.
So a marble's final lane is its seen lane after that many more deflections, drawn with the
engine's own weights (``fall.deflection_weights``), and a lane's contents are a sum over
independent marbles: both are counted here exactly, as fractions, not sampled.

>>> stays_in_lane(2, hidden_rows=3), stays_in_lane(0, hidden_rows=3)
(Fraction(5, 16), Fraction(35, 64))
>>> [str(chance) for chance in final_lane_chances(0, unseen_rows=1)]
['3/4', '1/4', '0', '0', '0', '0']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from cheese.engine.cheese_drop.core import (
    EVENT_COUNT,
    LANE_COUNT,
    NO_MARBLES,
    ColourCounts,
    Lane,
)
from cheese.engine.cheese_drop.fall import deflection_weights
from cheese.engine.cheese_drop.marbles import add_to
from cheese.engine.cheese_drop.options import DropOptions
from cheese.engine.cheese_drop.scoring import EVENTS, base_points, event_points
from cheese.engine.cheese_drop.view import MarbleView

ROW_WEIGHT = 4
"""The deflection weights of one row add up to 4 (1 left, 2 straight, 1 right)."""


def final_lane_weights(lane: Lane, unseen_rows: int) -> tuple[int, ...]:
    """Per final lane, the number of the ``4 ** unseen_rows`` equally likely paths of a
    marble now in ``lane`` that end there."""
    weights = [1 if other == lane else 0 for other in range(LANE_COUNT)]
    for _ in range(unseen_rows):
        after = [0] * LANE_COUNT
        for start, paths in enumerate(weights):
            if paths:
                for target, weight in deflection_weights(start):
                    after[target] += paths * weight
        weights = after
    return tuple(weights)


def final_lane_chances(lane: Lane, unseen_rows: int) -> tuple[Fraction, ...]:
    """Per final lane, the chance that a marble now in ``lane`` ends there after
    ``unseen_rows`` more pin rows."""
    total = ROW_WEIGHT**unseen_rows
    return tuple(Fraction(paths, total) for paths in final_lane_weights(lane, unseen_rows))


def stays_in_lane(lane: Lane, hidden_rows: int) -> Fraction:
    """The chance that a marble seen going under the cover in ``lane`` is still there."""
    return final_lane_chances(lane, hidden_rows)[lane]


def unseen_rows(marble: MarbleView, options: DropOptions) -> int:
    """The pin rows of ``marble``'s fall that nobody has seen: the hidden rows, and the
    rows it has not fallen yet."""
    return options.rows - min(marble.rows_fallen, options.visible_rows)


@dataclass(frozen=True, slots=True)
class LanePaths:
    """One lane's possible contents once the marbles have landed, each with the number
    of the ``total`` equally likely paths of all the marbles that lead to it.

    Whole numbers until the end, as ``Fraction`` arithmetic is many times slower.
    """

    paths: Mapping[ColourCounts, int]
    total: int

    def chances(self) -> dict[ColourCounts, Fraction]:
        """The chance of each possible contents."""
        return {contents: Fraction(n, self.total) for contents, n in self.paths.items()}

    def expected(self, points: Callable[[ColourCounts], int]) -> Fraction:
        """The mean of ``points`` over the lane's possible contents."""
        return Fraction(sum(n * points(contents) for contents, n in self.paths.items()), self.total)


def lane_paths(marbles: Sequence[MarbleView], options: DropOptions, lane: Lane) -> LanePaths:
    """What lane ``lane`` may hold once ``marbles`` have all landed; marbles not yet
    released are not counted."""
    paths: dict[ColourCounts, int] = {NO_MARBLES: 1}
    total = 1
    for marble in marbles:
        weights = final_lane_weights(marble.seen_lane, unseen_rows(marble, options))
        inside, everywhere = weights[lane], sum(weights)
        total *= everywhere
        if inside == 0:
            paths = {contents: n * everywhere for contents, n in paths.items()}
            continue
        grown: dict[ColourCounts, int] = {}
        for contents, n in paths.items():
            with_it = add_to(contents, marble.colour)
            grown[with_it] = grown.get(with_it, 0) + n * inside
            if everywhere > inside:
                grown[contents] = grown.get(contents, 0) + n * (everywhere - inside)
        paths = grown
    return LanePaths(paths, total)


def lane_contents_chances(
    marbles: Sequence[MarbleView], options: DropOptions
) -> tuple[dict[ColourCounts, Fraction], ...]:
    """Per lane, the chance of each of its possible contents (marbles per colour) once
    ``marbles`` have all landed."""
    return tuple(lane_paths(marbles, options, lane).chances() for lane in range(LANE_COUNT))


@dataclass(frozen=True, slots=True)
class LaneOutlook:
    """One lane at the bets: what it holds as seen, what that would pay, and the odds."""

    seen: ColourCounts
    """The marbles seen going under the cover in this lane."""
    stays: Fraction
    """The chance that a marble seen going under the cover here is still here."""
    base_seen: int
    """The base points of a lane bet here, if no marble moved under the cover."""
    base_expected: Fraction
    """The base points of a lane bet here on average over where the marbles may be."""
    events_seen: tuple[int, ...]
    """Per event, its bonus for this lane if no marble moved under the cover."""
    events_expected: tuple[Fraction, ...]
    """Per event, its bonus for this lane on average."""


def bet_outlook(marbles: Sequence[MarbleView], options: DropOptions) -> tuple[LaneOutlook, ...]:
    """Every lane's outlook from the released ``marbles`` (a view's, at the bets).

    >>> from cheese.engine.cheese_drop.core import APPLE
    >>> apple = MarbleView(APPLE, drop=0, slot=2, rows_fallen=6, seen_lane=2)
    >>> lane = bet_outlook([apple], DropOptions())[2]
    >>> lane.base_seen, lane.base_expected, lane.events_expected[1]
    (1, Fraction(5, 16), Fraction(5, 16))
    """
    seen_counts = [[0, 0, 0, 0] for _ in range(LANE_COUNT)]
    for marble in marbles:
        seen_counts[marble.seen_lane][marble.colour] += 1
    outlook: list[LaneOutlook] = []
    for lane in range(LANE_COUNT):
        odds = lane_paths(marbles, options, lane)
        counts = seen_counts[lane]
        seen: ColourCounts = (counts[0], counts[1], counts[2], counts[3])
        outlook.append(
            LaneOutlook(
                seen=seen,
                stays=stays_in_lane(lane, options.hidden_rows),
                base_seen=base_points(seen),
                base_expected=odds.expected(base_points),
                events_seen=tuple(event_points(event, seen) for event in range(EVENT_COUNT)),
                events_expected=tuple(odds.expected(EVENTS[event]) for event in range(EVENT_COUNT)),
            )
        )
    return tuple(outlook)
