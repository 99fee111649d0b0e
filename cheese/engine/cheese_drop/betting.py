"""Betting: the order of play and the cells a seat may take.

Rules, "Round structure" step 3. Columns are numbered 0..5 for the lanes (lanes 1–6)
and 6..12 for the events (events 1–7); a column has ``cells_per_column`` cells.

>>> betting_order(4, round_index=1, round_start=1, totals=(5, 3, 3, 9))
(1, 2, 0, 3)
"""

from __future__ import annotations

from cheese.engine.api import Seat
from cheese.engine.cheese_drop.core import LANE_COUNT, Bets, Column, Event, Lane
from cheese.engine.cheese_drop.options import DropOptions


def event_column(event: Event) -> Column:
    """The column of event ``event`` (0-based: event 1 of the rules is 0)."""
    return LANE_COUNT + event


def is_lane_column(column: Column) -> bool:
    return column < LANE_COUNT


def column_lane(column: Column) -> Lane:
    return column


def column_event(column: Column) -> Event:
    return column - LANE_COUNT


def betting_order(
    num_players: int, round_index: int, round_start: Seat, totals: tuple[int, ...]
) -> tuple[Seat, ...]:
    """The seats in betting order, fixed once per round from the totals before it.

    "Lower total score first; among equal scores, the player nearer the start player
    going counter-clockwise goes first (the start player itself is nearest); in round 1
    every score is 0: order is clockwise from the start player."
    """
    if round_index == 0:
        return tuple((round_start + step) % num_players for step in range(num_players))
    return tuple(
        sorted(
            range(num_players),
            key=lambda seat: (totals[seat], (round_start - seat) % num_players),
        )
    )


def bettor(order: tuple[Seat, ...], pieces_placed: int) -> Seat:
    """The seat to place the next piece: the order repeats once per lap."""
    return order[pieces_placed % len(order)]


def column_counts(bets: Bets, column_count: int) -> list[int]:
    """How many pieces each column holds."""
    counts = [0] * column_count
    for columns in bets:
        for column in columns:
            counts[column] += 1
    return counts


def legal_columns(
    bets: Bets, seat: Seat, options: DropOptions
) -> list[Column]:
    """The columns where ``seat`` may place its next piece, ascending.

    "A cell holds one piece; a player may not have two pieces in the same column."
    The simple variant has no event columns.
    """
    counts = column_counts(bets, options.column_count)
    own = bets[seat]
    return [
        column
        for column in range(options.column_count)
        if counts[column] < options.cells_per_column and column not in own
    ]


def place_piece(
    bets: Bets, seat: Seat, column: Column
) -> Bets:
    """``bets`` with one more piece of ``seat`` in ``column``."""
    placed = tuple(sorted((*bets[seat], column)))
    return (*bets[:seat], placed, *bets[seat + 1 :])
