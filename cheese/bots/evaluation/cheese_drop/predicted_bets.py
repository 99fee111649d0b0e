"""Cheese Drop: who gets which column, the pieces still to place predicted.

The pieces still to place are placed in the rules' betting order, each seat taking the
free column that adds most to its own expected points (its own lane × event pairs
counted, plus the best pair the next piece could still make).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cheese.bots.evaluation.cheese_drop.outlook import Outlook
from cheese.engine.cheese_drop.betting import bettor, column_counts
from cheese.engine.cheese_drop.core import LANE_COUNT, Phase
from cheese.engine.cheese_drop.options import DropOptions
from cheese.engine.cheese_drop.view import DropView, betting_order_of

SYNERGY_SHARE = 1.0
"""Part of the best pair a piece opens for the seat's next piece that counts now (all of
it), set by hand with the first version of this evaluation."""


def pieces_points(view_outlook: Outlook, own: Sequence[int]) -> float:
    """The expected points of a seat's pieces ``own`` this round."""
    lanes = [column for column in own if column < LANE_COUNT]
    events = [column - LANE_COUNT for column in own if column >= LANE_COUNT]
    return sum(view_outlook.base[lane] for lane in lanes) + sum(
        view_outlook.events[event][lane] for lane in lanes for event in events
    )


def best_column(view_outlook: Outlook, own: Sequence[int], free: Sequence[int], more: bool) -> int:
    """The free column that adds most to a seat holding ``own``.

    A lane adds its base points and its pairs with the seat's events; an event adds its
    pairs with the seat's lanes. With ``more`` pieces to come, a column also counts
    ``SYNERGY_SHARE`` of the best pair it opens for the next piece (a lane with a free
    event, an event with a free lane).
    """
    base, events = view_outlook.base, view_outlook.events
    own_lanes = [column for column in own if column < LANE_COUNT]
    own_events = [column - LANE_COUNT for column in own if column >= LANE_COUNT]
    free_lanes = [column for column in free if column < LANE_COUNT]
    free_events = [column - LANE_COUNT for column in free if column >= LANE_COUNT]
    chosen = free[0]
    best_gain = -math.inf
    for column in free:
        if column < LANE_COUNT:
            gain = base[column]
            for event in own_events:
                gain += events[event][column]
            if more and free_events:
                gain += SYNERGY_SHARE * max(events[event][column] for event in free_events)
        else:
            row = events[column - LANE_COUNT]
            gain = 0.0
            for lane in own_lanes:
                gain += row[lane]
            if more and free_lanes:
                gain += SYNERGY_SHARE * max(row[lane] for lane in free_lanes if lane != column)
        if gain > best_gain:
            chosen, best_gain = column, gain
    return chosen


def simulate_betting(view: DropView, options: DropOptions, view_outlook: Outlook) -> list[float]:
    """Expected points of each seat's pieces once the round's betting is over.

    The pieces still to place go in betting order, each to ``best_column``.
    """
    seats = view.num_players
    bets = [list(columns) for columns in view.bets]
    if view.phase != Phase.OVER:
        pieces = options.pieces_per_player
        columns = options.column_count
        counts = column_counts(view.bets, columns)
        order = betting_order_of(view, options.start_player)
        placed = sum(len(own) for own in bets)
        for turn in range(placed, seats * pieces):
            own = bets[bettor(order, turn)]
            free = [
                column
                for column in range(columns)
                if counts[column] < options.cells_per_column and column not in own
            ]
            column = best_column(view_outlook, own, free, len(own) + 1 < pieces)
            own.append(column)
            counts[column] += 1
    return [pieces_points(view_outlook, own) for own in bets]
