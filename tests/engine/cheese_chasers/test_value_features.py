"""The Cheese Chasers leaf value's features (``chs_value_features`` in ``chs.c``), each
read off a table laid out by hand, and the value of a position with no room left."""

from __future__ import annotations

import struct

import pytest

from cheese.engine.cheese_chasers.activity import active_traps
from cheese.engine.cheese_chasers.board import Cell
from cheese.engine.cheese_chasers.layout import parse_layout
from cheese.engine.native.bridge import chasers_value, chasers_value_features
from tools.chasers_value_fit import FEATURES

MAX_CARDS = 100
NO_CARD = -1


def packed_state(
    layout: str, last: Cell, left: tuple[int, int, int, int], pending: int = NO_CARD
) -> bytes:
    """The C state (``chs_state``) of the table ``layout`` after the card on ``last`` was
    placed, with ``left`` cards of each kind (mice, cats, cheese, traps) in the deck and
    the card of kind ``pending`` drawn (none by default)."""
    table = parse_layout(layout, "test")
    assert last in table
    cards = sorted((x, y, kind) for (x, y), kind in table.items())
    header = struct.pack(
        "<BBbBbbB4B", len(cards), 0, pending, len(active_traps(table)), *last, 0, *left
    )
    body = b"".join(struct.pack("<bbB", *card) for card in cards)
    return header + body + bytes(3 * (MAX_CARDS - len(cards)))


def features(layout: str, last: Cell, left: tuple[int, int, int, int]) -> dict[str, float]:
    values = chasers_value_features(packed_state(layout, last, left))
    assert len(values) == len(FEATURES)
    return dict(zip(FEATURES, values))


def test_the_tool_names_every_feature_of_the_c_engine() -> None:
    assert len(chasers_value_features(packed_state("M", (0, 0), (1, 0, 0, 0)))) == len(FEATURES)


def test_a_ready_hole_is_counted_once_and_near_the_previous_card() -> None:
    layout = ".M.\nM.M\n.M."
    seen = features(layout, (1, 0), (10, 2, 5, 3))
    assert seen["ready holes"] == 1
    assert seen["ready holes near the previous card"] == 1
    assert seen["holes one mouse short"] == 0
    # three traps left, none active: one must be shut, and the hole is ready for it
    assert seen["one trap to shut"] == 1
    assert seen["ready holes, up to those needed"] == 1
    far = ".M.....\nM.M....\n.MMMMMM"
    assert features(far, (6, 2), (10, 2, 5, 3))["ready holes near the previous card"] == 0


def test_a_hole_one_mouse_short_needs_room_for_an_active_mouse() -> None:
    assert features(".M.\nM.M", (1, 0), (10, 2, 5, 3))["holes one mouse short"] == 1
    # a cat beside the missing side's cell would silence the mouse put there
    assert features(".M.\nM.M\n...\n.C.", (1, 0), (10, 2, 5, 3))["holes one mouse short"] == 0


def test_active_traps_are_told_apart_by_whether_they_can_still_be_shut() -> None:
    seen = features("CT.", (1, 0), (10, 2, 5, 2))
    assert seen["one active trap"] == 1
    assert seen["active traps that never can"] == 1
    assert seen["active traps that could be shut"] == 0
    seen = features(".T.", (1, 0), (10, 2, 5, 2))
    assert seen["active traps that could be shut"] == 1
    assert seen["active traps that never can"] == 0


def test_a_shut_trap_counts_as_openable_only_while_cats_remain() -> None:
    layout = ".M.\nMTM\n.M."
    assert features(layout, (1, 0), (10, 2, 5, 2))["shut traps a cat could open"] == 1
    assert features(layout, (1, 0), (10, 0, 5, 2))["shut traps a cat could open"] == 0
    seen = features(layout, (1, 0), (10, 2, 5, 2))
    assert seen["one active trap"] == 0 and seen["two active traps"] == 0


@pytest.mark.parametrize(
    ("traps_left", "active", "to_shut"),
    [(4, 0, "two traps to shut"), (3, 1, "two traps to shut"), (1, 2, "one trap to shut")],
)
def test_the_traps_to_shut_are_those_beyond_two_active(
    traps_left: int, active: int, to_shut: str
) -> None:
    layout = {0: "M", 1: "T", 2: "T.T"}[active]
    seen = features(layout, (0, 0), (10, 2, 5, traps_left))
    assert seen[to_shut] == 1
    assert seen["traps left in the deck"] == traps_left


def test_room_is_the_empty_cells_around_the_previous_card() -> None:
    one_cell = "MMMM\nMMMM\nMM.M\nMMMM"
    seen = features(one_cell, (1, 1), (5, 2, 5, 1))
    assert seen["room around the previous card"] == 1 and seen["one empty cell of room"] == 1
    boxed = "MMM\nMMM\nMMM"
    seen = features(boxed, (1, 1), (5, 2, 5, 1))
    assert seen["no room"] == 1 and seen["room around the previous card"] == 0
    # the next card will find no cell: the game is lost whatever the weights say
    assert chasers_value(packed_state(boxed, (1, 1), (5, 2, 5, 1))) == 0.0


def test_only_a_position_after_a_placement_has_features() -> None:
    placed = bytearray(packed_state("M", (0, 0), (1, 0, 0, 0)))
    placed[2] = 0  # a mouse drawn and waiting for its cell
    assert chasers_value_features(bytes(placed)) == []
    assert chasers_value(bytes(placed)) is None
