"""Rules page, "Winning and scoring": each part of the score on its own."""

from __future__ import annotations

import pytest

from cheese.engine.cheese_chasers.scoring import (
    TableScore,
    cheese_bonus,
    cheese_groups,
    group_points,
    is_surrounded,
    nice_points,
    score_table,
    surrounded_points,
)

from .conftest import Layout


def test_nice_points_count_active_mice_only(layout: Layout) -> None:
    assert nice_points(layout("MMM")) == 3
    assert nice_points(layout("MCM.M")) == 1
    assert nice_points(layout("HTC")) == 0


def test_cheese_bonus_counts_each_cheese_a_mouse_touches(layout: Layout) -> None:
    assert cheese_bonus(layout("HMH/.H.")) == 3
    assert cheese_bonus(layout(".H./HMH/.H.")) == 4


def test_cheese_bonus_ignores_diagonal_cheese(layout: Layout) -> None:
    assert cheese_bonus(layout("H./.M")) == 0


def test_cheese_bonus_needs_an_active_mouse(layout: Layout) -> None:
    assert cheese_bonus(layout("HMC")) == 0


def test_one_cheese_counts_once_per_touching_mouse(layout: Layout) -> None:
    assert cheese_bonus(layout("MHM")) == 2


def test_cheese_groups_join_orthogonal_neighbours_only(layout: Layout) -> None:
    table = layout("HH.H/..H./H...")
    assert cheese_groups(table) == [
        frozenset({(0, 0), (1, 0)}),
        frozenset({(0, 2)}),
        frozenset({(2, 1)}),
        frozenset({(3, 0)}),
    ]


def test_cheese_groups_follow_bends(layout: Layout) -> None:
    assert cheese_groups(layout("H../HHH/..H")) == [
        frozenset({(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)})
    ]


def test_a_single_cheese_ringed_by_active_mice_is_surrounded(layout: Layout) -> None:
    table = layout(".M./MHM/.M.")
    assert is_surrounded(table, frozenset({(1, 1)}))


@pytest.mark.parametrize(
    "text",
    [
        ".M./MH./.M.",  # an empty side
        ".M./MHC/.M.",  # a cat side
        ".M./MHT/.M.",  # a trap side
        ".M./MHMC/.M.",  # an inactive mouse (rulebook example 4)
    ],
)
def test_a_single_cheese_with_one_bad_side_is_not_surrounded(
    layout: Layout, text: str
) -> None:
    assert not is_surrounded(layout(text), frozenset({(1, 1)}))


def test_a_multi_card_group_needs_every_outer_side(layout: Layout) -> None:
    table = layout(".MM./MHHM/.MM.")
    group = frozenset({(1, 1), (2, 1)})
    assert is_surrounded(table, group)
    for side in [(1, 0), (2, 0), (0, 1), (3, 1), (1, 2), (2, 2)]:
        holed = {cell: kind for cell, kind in table.items() if cell != side}
        assert not is_surrounded(holed, group), side


def test_a_group_with_one_non_mouse_neighbour_scores_nothing(layout: Layout) -> None:
    assert surrounded_points(layout(".MM./MHHC/.MM.")) == 0
    assert surrounded_points(layout(".MM./MHHH/.MM.")) == 0


def test_group_points_single_ten_groups_double() -> None:
    assert [group_points(size) for size in (1, 2, 3, 4)] == [10, 40, 60, 80]


def test_diagonal_cheeses_are_separate_groups(layout: Layout) -> None:
    assert surrounded_points(layout(".M../MHM./.MHM/..M.")) == 20


def test_surrounded_points_add_up_over_groups(layout: Layout) -> None:
    table = layout(".M...MM./MHM.MHHM/.M...MM.")
    assert surrounded_points(table) == 10 + 40


def test_total_adds_the_parts() -> None:
    score = TableScore(nice=7, bonus=8, surrounded=60, active_traps=2)
    assert (score.total, score.lost) == (75, False)


def test_three_active_traps_zero_the_total_but_keep_the_parts() -> None:
    score = TableScore(nice=7, bonus=8, surrounded=60, active_traps=3)
    assert (score.total, score.lost) == (0, True)


def test_score_table_collects_every_part(layout: Layout) -> None:
    assert score_table(layout(".M./MHM/.M./T.T")) == TableScore(4, 4, 10, 2)
