"""Rules page, "Activity": which mice and traps are active, read off a table."""

from __future__ import annotations

import pytest

from cheese.engine.cheese_chasers.activity import (
    active_mice,
    active_traps,
    is_active_mouse,
    is_active_trap,
    is_trapped,
)

from .conftest import Layout


def test_a_lone_mouse_is_active(layout: Layout) -> None:
    assert is_active_mouse(layout("M"), (0, 0))


@pytest.mark.parametrize("text", ["MC", "CM", "M/C", "C/M"])
def test_an_orthogonal_cat_deactivates_a_mouse(layout: Layout, text: str) -> None:
    table = layout(text)
    mouse = next(cell for cell, kind in table.items() if kind == 0)
    assert not is_active_mouse(table, mouse)


@pytest.mark.parametrize("text", ["C./.M", ".C/M.", "M./.C", ".M/C."])
def test_a_diagonal_cat_never_counts(layout: Layout, text: str) -> None:
    table = layout(text)
    mouse = next(cell for cell, kind in table.items() if kind == 0)
    assert is_active_mouse(table, mouse)


def test_one_cat_deactivates_every_mouse_it_touches(layout: Layout) -> None:
    table = layout(".M./MCM/.M.")
    assert active_mice(table) == []


def test_cheese_and_traps_do_not_deactivate_mice(layout: Layout) -> None:
    assert active_mice(layout("HMT")) == [(1, 0)]


def test_only_mice_can_be_active_mice(layout: Layout) -> None:
    table = layout("CHT")
    assert not any(is_active_mouse(table, cell) for cell in table)
    assert not is_active_mouse(table, (7, 7))


def test_a_trap_with_four_active_mice_is_inactive(layout: Layout) -> None:
    assert not is_active_trap(layout(".M./MTM/.M."), (1, 1))


@pytest.mark.parametrize(
    "text",
    [
        ".M./MT./.M.",  # an empty side
        ".M./MTH/.M.",  # a cheese side
        ".M./MTC/.M.",  # a cat side
        ".M./MTMC/.M.",  # a mouse that a cat deactivates (rulebook example 3)
        "M.M/.T./M.M",  # mice on the diagonals only
    ],
)
def test_a_trap_without_four_active_mice_is_active(layout: Layout, text: str) -> None:
    assert is_active_trap(layout(text), (1, 1))


def test_touching_traps_are_never_inactive(layout: Layout) -> None:
    table = layout(".MM./MTTM/.MM.")
    assert active_traps(table) == [(1, 1), (2, 1)]


def test_a_vertical_pair_of_traps_stays_active(layout: Layout) -> None:
    table = layout(".M./MTM/MTM/.M.")
    assert active_traps(table) == [(1, 1), (1, 2)]


def test_only_traps_can_be_active_traps(layout: Layout) -> None:
    table = layout("MCH")
    assert active_traps(table) == []
    assert not is_active_trap(table, (5, 5))


def test_three_active_traps_lose_two_do_not(layout: Layout) -> None:
    assert not is_trapped(layout("T.T"))
    assert is_trapped(layout("T.T.T"))
    assert is_trapped(layout("TTTT"))


def test_a_shut_trap_does_not_count_towards_losing(layout: Layout) -> None:
    assert not is_trapped(layout(".M...../MTM.T.T/.M....."))


def test_a_cat_beside_a_surrounding_mouse_reopens_the_trap(layout: Layout) -> None:
    shut = layout(".M./MTM/.M.")
    reopened = {**shut, (3, 1): 1}
    assert active_traps(shut) == []
    assert active_traps(reopened) == [(1, 1)]
