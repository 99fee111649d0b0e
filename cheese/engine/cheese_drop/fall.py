"""The Galton board: where a marble goes at each pin row, and the paired-luck key.

Rules, "Physical model of the fall": at each row a marble in lane x moves to x−1, x, x+1
with probability 1/4, 1/2, 1/4; a move past a wall leaves it in the edge lane.

The weights are listed in ascending lane order, so the paired-luck sampler's target
0 / 1–2 / 3 (out of 4) always means left / straight / right, in every lane: the same
seed deflects a slot's marble the same way whatever the gate decision put there.

>>> deflection_weights(0), deflection_weights(3)
(((0, 3), (1, 1)), ((2, 1), (3, 2), (4, 1)))
"""

from __future__ import annotations

from cheese.engine.cheese_drop.core import LANE_COUNT, Lane, Slot
from cheese.engine.luck import event_key

FALL_EVENT_KIND = 2
"""``event_key`` kind of a deflection: (2, round, drop, slot * 256 + row)."""
ROW_FIELD = 256
LEFT_WEIGHT = 1
STRAIGHT_WEIGHT = 2
RIGHT_WEIGHT = 1


def deflection_weights(lane: Lane) -> tuple[tuple[Lane, int], ...]:
    """The marble's lane after one pin row, from ``lane``, with integer weights."""
    return DEFLECTION_WEIGHTS[lane]


def _deflections_from(lane: Lane) -> tuple[tuple[Lane, int], ...]:
    """A deflection into a wall keeps the marble in the edge lane: its weight merges
    with going straight."""
    weights: dict[Lane, int] = {}
    for target, weight in (
        (lane - 1, LEFT_WEIGHT),
        (lane, STRAIGHT_WEIGHT),
        (lane + 1, RIGHT_WEIGHT),
    ):
        inside = min(max(target, 0), LANE_COUNT - 1)
        weights[inside] = weights.get(inside, 0) + weight
    return tuple(sorted(weights.items()))


DEFLECTION_WEIGHTS: tuple[tuple[tuple[Lane, int], ...], ...] = tuple(
    _deflections_from(lane) for lane in range(LANE_COUNT)
)
"""``deflection_weights`` of every lane, worked out once."""


def deflection_key(round_index: int, drop: int, slot: Slot, row: int) -> int:
    """The paired-luck name of the deflection at ``row`` of the marble in gate ``slot``."""
    return event_key(FALL_EVENT_KIND, round_index, drop, slot * ROW_FIELD + row)
