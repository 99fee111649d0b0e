"""The fall: a Galton board, one chance event per marble and pin row, walls merged."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cheese.engine.api import CHANCE
from cheese.engine.cheese_drop import ReferenceGame
from cheese.engine.cheese_drop.core import Phase
from cheese.engine.cheese_drop.fall import deflection_key, deflection_weights
from cheese.engine.cheese_drop.state import DropState
from cheese.engine.luck import event_key, pick_weighted, resolve_chance

Advance = Callable[..., DropState]
PhaseIs = Callable[[Phase], Callable[[DropState], bool]]
Walk = Callable[[DropState, random.Random], list[DropState]]


@pytest.mark.parametrize("lane", [1, 2, 3, 4])
def test_an_inner_lane_goes_left_straight_right_one_two_one(lane: int) -> None:
    assert deflection_weights(lane) == ((lane - 1, 1), (lane, 2), (lane + 1, 1))


def test_a_move_past_a_wall_keeps_the_edge_lane() -> None:
    assert deflection_weights(0) == ((0, 3), (1, 1))
    assert deflection_weights(5) == ((4, 1), (5, 3))


def test_one_number_means_the_same_direction_in_every_lane() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        number = rng.getrandbits(64)
        moves = set()
        for lane in range(6):
            weights = deflection_weights(lane)
            landed = weights[pick_weighted(number, [w for _, w in weights])][0]
            inner = 1 <= lane <= 4
            if inner:
                moves.add(landed - lane)
            else:
                assert landed in (lane, lane + (1 if lane == 0 else -1))
        assert len(moves) == 1
        (move,) = moves
        # At a wall only a move into the wall changes meaning: the marble stays.
        assert deflection_weights(0)[pick_weighted(number, [3, 1])][0] == max(move, 0)
        assert deflection_weights(5)[pick_weighted(number, [1, 3])][0] == 5 + min(move, 0)


def test_a_deflection_is_named_by_round_drop_slot_and_row() -> None:
    assert deflection_key(1, 2, 5, 3) == event_key(2, 1, 2, 5 * 256 + 3)


def test_each_marble_falls_every_row_in_slot_order(
    game: ReferenceGame, advance: Advance, phase_is: PhaseIs
) -> None:
    state = advance(game.new_initial_state(4, seed=2), phase_is(Phase.GATE))
    state = state.apply(state.legal_actions()[0])
    seen: list[tuple[int, int]] = []
    while state.phase == Phase.FALL:
        assert state.current_player == CHANCE
        marble = next(m for m in state.marbles if m.rows_fallen < 6)
        seen.append((marble.slot, marble.rows_fallen))
        assert state.chance_weights() == list(deflection_weights(marble.lane))
        assert state.chance_key() == deflection_key(0, 0, marble.slot, marble.rows_fallen)
        state = state.apply(resolve_chance(state))
    slots = sorted({slot for slot, _ in seen})
    assert seen == [(slot, row) for slot in slots for row in range(6)]
    assert state.drop == 1 and all(m.rows_fallen == 6 for m in state.marbles)


@pytest.mark.parametrize("rows", [0, 1, 9])
def test_the_number_of_rows_is_an_option(game: ReferenceGame, walk: Walk, rows: int) -> None:
    states = walk(game.new_initial_state(2, seed=4, rows=rows), random.Random(1))
    falls = sum(1 for state in states if state.phase == Phase.FALL)
    assert falls == rows * (12 + 16 + 20)
    if rows == 0:
        assert all(marble.lane == marble.slot for state in states for marble in state.marbles)


def test_the_deflections_spread_like_a_galton_board(game: ReferenceGame) -> None:
    moves = {-1: 0, 0: 0, 1: 0}
    for seed in range(300):
        state = game.new_initial_state(2, seed=seed)
        while state.phase != Phase.GATE:
            state = state.apply(resolve_chance(state))
        state = state.apply(state.legal_actions()[0])
        while state.phase == Phase.FALL:
            before = next(m for m in state.marbles if m.rows_fallen < 6)
            state = state.apply(resolve_chance(state))
            after = next(m for m in state.marbles if m.slot == before.slot)
            if 1 <= before.lane <= 4:
                moves[after.lane - before.lane] += 1
    total = sum(moves.values())
    assert abs(moves[-1] / total - 0.25) < 0.03 and abs(moves[1] / total - 0.25) < 0.03
    assert abs(moves[0] / total - 0.5) < 0.03
