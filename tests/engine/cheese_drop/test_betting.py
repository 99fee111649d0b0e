"""Betting (rules, step 3): the order, the laps, the cells, and the options that keep
every player able to bet."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import pytest

from cheese.engine.api import IllegalActionError, OptionError
from cheese.engine.cheese_drop import ReferenceGame
from cheese.engine.cheese_drop.betting import betting_order, column_counts, legal_columns
from cheese.engine.cheese_drop.core import Phase
from cheese.engine.cheese_drop.options import DropOptions, can_run_out_of_cells
from cheese.engine.cheese_drop.state import DropState

Advance = Callable[..., DropState]
PhaseIs = Callable[[Phase], Callable[[DropState], bool]]
Walk = Callable[[DropState, random.Random], list[DropState]]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_round_one_bets_clockwise_from_the_start_player(players: int) -> None:
    for start in range(players):
        order = betting_order(players, 0, start, (0,) * players)
        assert order == tuple((start + step) % players for step in range(players))


def test_later_rounds_bet_lowest_total_first() -> None:
    assert betting_order(3, 1, 0, (9, 2, 5)) == (1, 2, 0)
    assert betting_order(5, 2, 3, (4, 1, 0, 7, 3)) == (2, 1, 4, 0, 3)


def test_equal_totals_go_counter_clockwise_from_the_start_player() -> None:
    # Start player 2 of 5: counter-clockwise nearness is 2, 1, 0, 4, 3.
    assert betting_order(5, 1, 2, (0, 0, 0, 0, 0)) == (2, 1, 0, 4, 3)
    assert betting_order(4, 2, 0, (3, 1, 3, 3)) == (1, 0, 3, 2)
    assert betting_order(2, 1, 1, (4, 4)) == (1, 0)


def _round_bettors(states: list[DropState], round_index: int) -> list[int]:
    return [
        s.current_player for s in states if s.phase == Phase.BET and s.round_index == round_index
    ]


@pytest.mark.parametrize(("players", "simple"), [(2, False), (3, True), (4, False), (5, True)])
def test_the_order_repeats_for_each_lap(
    game: ReferenceGame, walk: Walk, players: int, simple: bool
) -> None:
    start = game.new_initial_state(players, seed=3, simple=simple, start_player=1)
    states = walk(start, random.Random(3))
    laps = 2 if simple else 3
    totals = (0,) * players
    for round_index in range(3):
        start = (1 + round_index) % players
        order = betting_order(players, round_index, start, totals)
        assert _round_bettors(states, round_index) == list(order) * laps
        totals = tuple(
            total + points for total, points in zip(totals, states[-1].results[round_index].points)
        )


def test_a_column_takes_pieces_until_its_cells_are_full() -> None:
    options = DropOptions(cells_per_column=2)
    bets = ((0, 7), (0,), ())
    assert 0 not in legal_columns(bets, 2, options), "lane 1 holds two pieces"
    assert 7 in legal_columns(bets, 2, options)
    assert legal_columns(bets, 2, DropOptions(cells_per_column=3))[0] == 0
    assert column_counts(bets, 13)[:8] == [2, 0, 0, 0, 0, 0, 0, 1]


def test_a_player_never_has_two_pieces_in_one_column() -> None:
    options = DropOptions(cells_per_column=5)
    assert legal_columns(((3, 9), ()), 0, options) == [0, 1, 2, 4, 5, 6, 7, 8, 10, 11, 12]


def test_the_simple_variant_bets_on_lanes_only() -> None:
    assert legal_columns(((), ()), 0, DropOptions(simple=True)) == [0, 1, 2, 3, 4, 5]
    assert legal_columns(((), ()), 0, DropOptions()) == list(range(13))


@pytest.mark.parametrize(
    ("players", "simple", "cells"), [(3, False, 1), (4, True, 2), (5, False, 2)]
)
def test_every_bet_offers_exactly_the_free_cells(
    game: ReferenceGame, walk: Walk, players: int, simple: bool, cells: int
) -> None:
    start = game.new_initial_state(players, seed=12, simple=simple, cells_per_column=cells)
    for state in walk(start, random.Random(12)):
        if state.phase != Phase.BET:
            continue
        seat = state.current_player
        counts = column_counts(state.bets, 13)
        expected = [
            column
            for column in range(6 if simple else 13)
            if counts[column] < cells and column not in state.bets[seat]
        ]
        assert state.legal_actions() == expected
        for column in set(range(13)) - set(expected):
            with pytest.raises(IllegalActionError):
                state.apply(column)


def test_pieces_return_to_their_owners_after_scoring(
    game: ReferenceGame, advance: Advance
) -> None:
    state = advance(game.new_initial_state(3, seed=1), lambda s: s.round_index == 1)
    assert state.bets == ((), (), ()) and len(state.results[0].bets) == 3
    assert all(len(columns) == 3 for columns in state.results[0].bets)


def _stuck_reachable(players: int, pieces: int, columns: int, cells: int) -> bool:
    """Exhaustive search over betting sequences (columns are interchangeable, so a board
    is the sorted tuple of its columns' owner sets)."""

    @functools.cache
    def search(board: tuple[int, ...], turn: int) -> bool:
        if turn == players * pieces:
            return False
        owner = 1 << (turn % players)
        choices = {mask for mask in board if not mask & owner and mask.bit_count() < cells}
        if not choices:
            return True
        for mask in choices:
            after = list(board)
            after.remove(mask)
            after.append(mask | owner)
            if search(tuple(sorted(after)), turn + 1):
                return True
        return False

    return search((0,) * columns, 0)


@pytest.mark.parametrize("simple", [True, False])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("cells", [1, 2, 3])
def test_the_option_check_refuses_exactly_the_tables_where_a_player_can_be_shut_out(
    simple: bool, players: int, cells: int
) -> None:
    options = DropOptions(simple=simple, cells_per_column=cells)
    stuck = _stuck_reachable(players, options.pieces_per_player, options.column_count, cells)
    assert can_run_out_of_cells(players, options) == stuck
    if stuck:
        with pytest.raises(OptionError, match=r"cells_per_column=2 or more"):
            ReferenceGame().new_initial_state(players, simple=simple, cells_per_column=cells)
    else:
        ReferenceGame().new_initial_state(players, simple=simple, cells_per_column=cells)
