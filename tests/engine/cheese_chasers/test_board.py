"""The table: directions in reading order, neighbours, empty cells."""

from __future__ import annotations

from cheese.engine.cheese_chasers.board import (
    DIRECTION_NAMES,
    DIRECTION_OFFSETS,
    ORTHOGONAL_OFFSETS,
    cards_of,
    empty_directions,
    neighbour,
    orthogonal_neighbours,
    table_of,
)
from cheese.engine.cheese_chasers.cards import CAT, MOUSE


def test_directions_are_the_eight_neighbours_in_reading_order() -> None:
    assert DIRECTION_OFFSETS == (
        (-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1),
    )  # fmt: skip
    assert DIRECTION_NAMES == ("NW", "N", "NE", "W", "E", "SW", "S", "SE")
    # reading order: row by row from the top, left to right
    assert list(DIRECTION_OFFSETS) == sorted(DIRECTION_OFFSETS, key=lambda o: (o[1], o[0]))


def test_y_grows_downward() -> None:
    assert neighbour((0, 0), DIRECTION_NAMES.index("N")) == (0, -1)
    assert neighbour((0, 0), DIRECTION_NAMES.index("S")) == (0, 1)
    assert neighbour((3, 3), DIRECTION_NAMES.index("SW")) == (2, 4)


def test_orthogonal_neighbours_are_the_four_sides_only() -> None:
    assert set(ORTHOGONAL_OFFSETS) == {(0, -1), (-1, 0), (1, 0), (0, 1)}
    assert set(orthogonal_neighbours((5, -2))) == {(5, -3), (4, -2), (6, -2), (5, -1)}


def test_empty_directions_skip_occupied_cells() -> None:
    table = {(0, 0): MOUSE, (1, 0): CAT, (0, 1): MOUSE}
    assert empty_directions(table, (0, 0)) == [0, 1, 2, 3, 5, 7]
    assert empty_directions({}, (9, 9)) == list(range(8))


def test_cards_and_tables_convert_both_ways() -> None:
    table = {(2, 0): CAT, (-1, 3): MOUSE, (0, 0): MOUSE}
    cards = cards_of(table)
    assert cards == ((-1, 3, MOUSE), (0, 0, MOUSE), (2, 0, CAT))
    assert table_of(cards) == table
