"""The bag, the draws and the drops (rules, round structure steps 1 and 2)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from cheese.engine.api import CHANCE
from cheese.engine.cheese_drop import ReferenceGame
from cheese.engine.cheese_drop.core import Phase
from cheese.engine.cheese_drop.marbles import (
    bag_for_round,
    draw_key,
    draw_weights,
    draws_per_drop,
    dropper,
    drops_per_round,
    round_start_player,
)
from cheese.engine.cheese_drop.state import DropState
from cheese.engine.luck import event_key, resolve_chance

Walk = Callable[[DropState, random.Random], list[DropState]]


def test_the_bag_gains_one_marble_of_each_colour_per_round() -> None:
    assert [bag_for_round(r) for r in range(3)] == [(6, 4, 1, 1), (7, 5, 2, 2), (8, 6, 3, 3)]


@pytest.mark.parametrize(
    ("players", "draws"),
    [(2, (3, 4, 5)), (3, (4, 5, 6)), (4, (3, 4, 5)), (5, (2, 3, 4))],
)
def test_marbles_per_drop_follow_the_table(players: int, draws: tuple[int, ...]) -> None:
    assert tuple(draws_per_drop(players, r) for r in range(3)) == draws


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_drops_of_a_round_never_need_more_marbles_than_the_bag(players: int) -> None:
    for round_index in range(3):
        drawn = drops_per_round(players) * draws_per_drop(players, round_index)
        assert drawn <= sum(bag_for_round(round_index))
        if players in (2, 4):
            assert drawn == sum(bag_for_round(round_index)), "2 and 4 players empty the bag"


def test_two_players_drop_twice_each_alternating() -> None:
    assert drops_per_round(2) == 4
    assert [dropper(0, d, 2) for d in range(4)] == [0, 1, 0, 1]
    assert [dropper(1, d, 2) for d in range(4)] == [1, 0, 1, 0]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_three_to_five_players_drop_once_each_clockwise(players: int) -> None:
    assert drops_per_round(players) == players
    for start in range(players):
        order = [dropper(start, d, players) for d in range(players)]
        assert order == [(start + step) % players for step in range(players)]


def test_the_start_player_passes_to_the_left_each_round() -> None:
    assert [round_start_player(2, r, 3) for r in range(3)] == [2, 0, 1]


def test_a_draw_is_weighted_by_the_marbles_left() -> None:
    assert draw_weights((6, 4, 1, 1)) == [(0, 6), (1, 4), (2, 1), (3, 1)]
    assert draw_weights((2, 0, 0, 1)) == [(0, 2), (3, 1)], "colours gone from the bag drop out"


def test_a_draw_is_named_by_round_drop_and_marble() -> None:
    assert draw_key(2, 3, 4) == event_key(1, 2, 3, 4)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("start_player", [0, 1])
def test_a_game_draws_and_drops_as_the_rules_say(
    game: ReferenceGame, walk: Walk, players: int, start_player: int
) -> None:
    states = walk(
        game.new_initial_state(players, seed=40 + players, start_player=start_player),
        random.Random(players),
    )
    droppers: dict[int, list[int]] = {0: [], 1: [], 2: []}
    for state in states:
        if state.phase == Phase.GATE:
            droppers[state.round_index].append(state.current_player)
            assert sum(state.hand) == draws_per_drop(players, state.round_index)
        if state.phase == Phase.DRAW:
            assert state.current_player == CHANCE
            assert state.chance_weights() == draw_weights(state.bag)
            assert state.chance_key() == draw_key(state.round_index, state.drop, sum(state.hand))
    for round_index, seats in droppers.items():
        start = (start_player + round_index) % players
        assert seats == [dropper(start, d, players) for d in range(drops_per_round(players))]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_round_starts_with_a_full_bag_and_no_marbles_out(
    game: ReferenceGame, walk: Walk, players: int
) -> None:
    states = walk(game.new_initial_state(players, seed=7), random.Random(7))
    starts = [s for s in states if s.phase == Phase.DRAW and s.drop == 0 and sum(s.hand) == 0]
    assert [(s.round_index, s.bag, s.marbles) for s in starts] == [
        (r, bag_for_round(r), ()) for r in range(3)
    ]


def test_the_drawn_colours_follow_the_bag_proportions(game: ReferenceGame) -> None:
    first = Counter(resolve_chance(game.new_initial_state(2, seed=seed)) for seed in range(2400))
    # Bag (6, 4, 1, 1): expected 1200, 800, 200, 200; a wide band keeps this deterministic
    # check meaningful (a wrong weight would miss it by far).
    assert 1100 < first[0] < 1300 and 700 < first[1] < 900
    assert 150 < first[2] < 250 and 150 < first[3] < 250
