"""The table: cells, the eight placement directions, orthogonal neighbours.

Coordinates are ``(x, y)`` with ``y`` growing downward, like the layouts on the rules
page (rows top to bottom). The table is unbounded; a ``Table`` maps the occupied cells
to the kind of card on them.

>>> neighbour((0, 0), DIRECTION_NAMES.index("NE"))
(1, -1)
>>> orthogonal_neighbours((2, 5))
((2, 4), (1, 5), (3, 5), (2, 6))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

from cheese.engine.cheese_chasers.cards import Kind

Cell: TypeAlias = tuple[int, int]
Table: TypeAlias = Mapping[Cell, Kind]
PlacedCard: TypeAlias = tuple[int, int, Kind]
"""A face-up card as ``(x, y, kind)``; sorted tuples of these describe a table."""
Direction: TypeAlias = int

ORIGIN: Cell = (0, 0)

DIRECTION_OFFSETS: tuple[Cell, ...] = (
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
)
"""The eight neighbours in reading order; a direction (a decision action) indexes it."""
DIRECTION_NAMES: tuple[str, ...] = ("NW", "N", "NE", "W", "E", "SW", "S", "SE")

ORTHOGONAL_OFFSETS: tuple[Cell, ...] = ((0, -1), (-1, 0), (1, 0), (0, 1))
"""Up, left, right, down: the four sides of a card (diagonals never count)."""


def neighbour(cell: Cell, direction: Direction) -> Cell:
    """The cell one step from ``cell`` in ``direction`` (0..7)."""
    dx, dy = DIRECTION_OFFSETS[direction]
    return (cell[0] + dx, cell[1] + dy)


def orthogonal_neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The four cells sharing a side with ``cell``."""
    x, y = cell
    return tuple((x + dx, y + dy) for dx, dy in ORTHOGONAL_OFFSETS)


def empty_directions(table: Table, cell: Cell) -> list[Direction]:
    """The directions from ``cell`` whose neighbour is empty, ascending."""
    return [
        direction
        for direction in range(len(DIRECTION_OFFSETS))
        if neighbour(cell, direction) not in table
    ]


def table_of(cards: tuple[PlacedCard, ...]) -> dict[Cell, Kind]:
    """The table holding ``cards``."""
    return {(x, y): kind for x, y, kind in cards}


def cards_of(table: Table) -> tuple[PlacedCard, ...]:
    """The cards of ``table`` as a sorted tuple of ``(x, y, kind)``."""
    return tuple(sorted((x, y, kind) for (x, y), kind in table.items()))
