"""Points by source: every player's rounds, lane bets and events add up to the scores,
over many seeded random games on both backends."""

from __future__ import annotations

import random

import pytest

from cheese.engine.cheese_drop.core import RoundResult
from cheese.engine.cheese_drop.points import SeatPoints, points_by_source
from cheese.engine.cheese_drop.view import DropView
from cheese.engine.registry import load_game

from ...native import BACKENDS_HERE
from ...random_games import random_game

GAMES = 30


@pytest.mark.parametrize("backend", BACKENDS_HERE)
@pytest.mark.parametrize(("players", "simple"), [(2, False), (3, True), (5, False)])
def test_the_sources_add_up_to_the_scores(backend: str, players: int, simple: bool) -> None:
    game = load_game("cheese-drop", backend=backend)
    for seed in range(GAMES):
        start = game.new_initial_state(players, seed=seed, simple=simple)
        final, _ = random_game(start, random.Random(seed))
        view = final.view(0)
        assert isinstance(view, DropView)
        points = points_by_source(view.results)
        assert tuple(seat.total for seat in points) == final.scores()
        assert tuple(sum(seat.rounds) for seat in points) == final.scores()
        if simple:
            assert all(seat.events == 0 for seat in points)


def test_an_event_bonus_counts_as_events_and_a_lane_as_lanes() -> None:
    # Lane 1 holds 2 cheese and an apple; P1 bet lane 1 and event 3 (1 per cheese).
    lanes = ((2, 1, 0, 0),) + ((0, 0, 0, 0),) * 5
    first = RoundResult(lanes, bets=((0, 8), (1, 2)), points=(5, 0))
    second = RoundResult(lanes, bets=((3, 4), (0, 9)), points=(0, 3))
    assert points_by_source([first, second]) == (
        SeatPoints(rounds=(5, 0), lanes=3, events=2),
        SeatPoints(rounds=(0, 3), lanes=3, events=0),
    )
    assert points_by_source([]) == ()
