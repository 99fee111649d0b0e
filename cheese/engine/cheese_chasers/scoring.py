"""Scoring a table (rules page, "Winning and scoring"), shared by the engine and the sheet.

>>> from cheese.engine.cheese_chasers.cards import MOUSE
>>> cross = {(1, 0): MOUSE, (0, 1): MOUSE, (1, 1): CHEESE, (2, 1): MOUSE, (1, 2): MOUSE}
>>> score_table(cross)
TableScore(nice=4, bonus=4, surrounded=10, active_traps=0)
>>> score_table(cross).total
18
"""

from __future__ import annotations

from dataclasses import dataclass

from cheese.engine.cheese_chasers.activity import (
    LOSING_ACTIVE_TRAPS,
    active_mice,
    active_traps,
    is_active_mouse,
)
from cheese.engine.cheese_chasers.board import Cell, Table, orthogonal_neighbours
from cheese.engine.cheese_chasers.cards import CHEESE

SINGLE_CHEESE_POINTS = 10
"""A surrounded group of one cheese scores 10."""
GROUP_POINTS_PER_CHEESE = 20
"""A surrounded group of n ≥ 2 cheeses scores 2 × 10 × n (the rulebook's "double")."""


def nice_points(table: Table) -> int:
    """Rule: "**Nice points**: 1 per active mouse."""
    return len(active_mice(table))


def cheese_bonus(table: Table) -> int:
    """Rule: "**Cheese bonus**: for every active mouse, 1 per cheese card orthogonally
    adjacent to it (a mouse touching 3 cheeses gives 3)."
    """
    return sum(
        sum(1 for side in orthogonal_neighbours(mouse) if table.get(side) == CHEESE)
        for mouse in active_mice(table)
    )


def cheese_groups(table: Table) -> list[frozenset[Cell]]:
    """The groups of orthogonally connected cheese cards, ordered by their first cell."""
    groups: list[frozenset[Cell]] = []
    seen: set[Cell] = set()
    for start in sorted(table):
        if table[start] != CHEESE or start in seen:
            continue
        group = {start}
        frontier = [start]
        while frontier:
            for side in orthogonal_neighbours(frontier.pop()):
                if table.get(side) == CHEESE and side not in group:
                    group.add(side)
                    frontier.append(side)
        seen |= group
        groups.append(frozenset(group))
    return groups


def is_surrounded(table: Table, group: frozenset[Cell]) -> bool:
    """Rule: a cheese group "is surrounded iff every orthogonal neighbour of every card in
    it that is not in the group is an active mouse."
    """
    return all(
        is_active_mouse(table, side)
        for cell in group
        for side in orthogonal_neighbours(cell)
        if side not in group
    )


def group_points(size: int) -> int:
    """Rule: "A surrounded group of 1 card scores 10; a surrounded group of n ≥ 2 cards
    scores 2 × 10 × n (2 cards = 40, 3 cards = 60)."
    """
    return SINGLE_CHEESE_POINTS if size == 1 else GROUP_POINTS_PER_CHEESE * size


def surrounded_points(table: Table) -> int:
    """Rule: "**Surrounded cheese**": the points of every surrounded cheese group."""
    return sum(
        group_points(len(group)) for group in cheese_groups(table) if is_surrounded(table, group)
    )


@dataclass(frozen=True, slots=True)
class TableScore:
    """The parts of a table's score, and whether its active traps lose the game."""

    nice: int
    bonus: int
    surrounded: int
    active_traps: int

    @property
    def lost(self) -> bool:
        """Rule: 3 or more active traps end the game with score 0."""
        return self.active_traps >= LOSING_ACTIVE_TRAPS

    @property
    def total(self) -> int:
        """Rule: "Total = nice + cheese bonus + surrounded" (0 when the table loses)."""
        if self.lost:
            return 0
        return self.nice + self.bonus + self.surrounded


def score_table(table: Table) -> TableScore:
    """Every part of the score of ``table``."""
    return TableScore(
        nice=nice_points(table),
        bonus=cheese_bonus(table),
        surrounded=surrounded_points(table),
        active_traps=len(active_traps(table)),
    )
