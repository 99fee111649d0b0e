"""Scoring (rules, step 4): base points, each of the seven events, and bonus pairs."""

from __future__ import annotations

import pytest

from cheese.engine.cheese_drop.core import Marble
from cheese.engine.cheese_drop.scoring import (
    EVENTS,
    PlayerPoints,
    base_points,
    event_points,
    lane_contents,
    player_points,
    round_points,
)

EMPTY = (0, 0, 0, 0)


Lane = tuple[int, int, int, int]


def lanes_with(first: Lane, second: Lane = EMPTY) -> tuple[Lane, ...]:
    return (first, second, EMPTY, EMPTY, EMPTY, EMPTY)


@pytest.mark.parametrize(
    ("lane", "points"),
    [
        ((0, 0, 0, 0), 0),
        ((2, 0, 0, 0), 2),  # 1 per cheese
        ((0, 3, 0, 0), 3),  # 1 per apple
        ((2, 1, 1, 0), 1),  # a mouse spoils the cheese, not the apple
        ((2, 1, 1, 1), 3),  # ... unless a cat is there too
        ((2, 1, 0, 1), 3),  # a cat alone changes nothing
        ((0, 0, 3, 3), 0),  # mice and cats score nothing themselves
    ],
)
def test_base_points(lane: tuple[int, int, int, int], points: int) -> None:
    assert base_points(lane) == points


# (event number as in the rules, lane (cheese, apple, mouse, cat), points)
EVENT_CASES = [
    (1, (0, 0, 1, 1), 5),
    (1, (3, 2, 2, 3), 5),
    (1, (0, 0, 1, 0), 0),
    (1, (0, 0, 0, 1), 0),
    (2, (0, 3, 1, 0), 3),
    (2, (2, 0, 0, 0), 0),
    (3, (4, 1, 1, 0), 4),
    (3, (0, 2, 0, 0), 0),
    (4, (0, 0, 3, 0), 6),
    (4, (1, 1, 0, 1), 0),
    (5, (2, 1, 1, 1), 3),
    (5, (2, 1, 0, 0), 0),
    (5, (0, 0, 0, 2), 0),
    (6, (2, 1, 3, 0), 2),
    (6, (1, 1, 0, 0), 0),
    (6, (1, 2, 0, 0), 0),
    (7, (1, 2, 1, 0), 3),
    (7, (2, 2, 0, 0), 0),
    (7, (0, 0, 0, 0), 0),
]


@pytest.mark.parametrize(("event", "lane", "points"), EVENT_CASES)
def test_each_event(event: int, lane: tuple[int, int, int, int], points: int) -> None:
    assert event_points(event - 1, lane) == points


def test_the_events_are_the_seven_of_the_rules_in_order() -> None:
    assert len(EVENTS) == 7
    assert {event for event, _, _ in EVENT_CASES} == set(range(1, 8))


def test_event_pieces_score_nothing_alone() -> None:
    lanes = lanes_with((0, 0, 1, 1))
    assert player_points(lanes, (6, 9)) == PlayerPoints(0, 0)


def test_every_lane_piece_pairs_with_every_event_piece() -> None:
    lanes = lanes_with((1, 2, 1, 1), (3, 0, 2, 0))
    # Lane 1: base 3 (the cat lets the cheese count); lane 2: base 0 (mice, no cat).
    # Event 1 (cat and mouse): 5 on lane 1 only. Event 4 (2 per mouse): 2 + 4.
    assert player_points(lanes, (0, 1, 6)) == PlayerPoints(3, 5)
    assert player_points(lanes, (0, 6, 9)) == PlayerPoints(3, 5 + 2)
    assert player_points(lanes, (0, 1, 9)) == PlayerPoints(3, 2 + 4)


def test_a_round_scores_every_player_from_the_final_lanes() -> None:
    marbles = (
        Marble(colour=0, drop=0, slot=0, rows_fallen=6, seen_lane=0, lane=2),
        Marble(colour=2, drop=0, slot=1, rows_fallen=6, seen_lane=2, lane=2),
        Marble(colour=1, drop=1, slot=0, rows_fallen=6, seen_lane=1, lane=4),
    )
    lanes = lane_contents(marbles)
    assert lanes == (EMPTY, EMPTY, (1, 0, 1, 0), EMPTY, (0, 1, 0, 0), EMPTY)
    # Seat 0: lane 3 (cheese spoilt by the mouse) 0, lane 5 (an apple) 1; event 4 pays 2
    # for lane 3's mouse. Seat 1: lane 5 is 1; event 3 (cheese) pays nothing there.
    points = round_points(lanes, ((2, 4, 9), (4, 8)))
    assert points == (PlayerPoints(1, 2), PlayerPoints(1, 0))
    assert [p.total for p in points] == [3, 1]
