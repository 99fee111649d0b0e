"""Which mice and mousetraps are active (rules page, "Activity").

Activity is a pure function of the table, so recomputing it after every placement is
the same as reading it off the current table: a trap whose mouse gets a cat next to it
becomes active again, and a trap dropped into a ready hole is inactive at once.

>>> table = {(0, 0): MOUSE, (1, 0): CAT, (0, 1): TRAP}
>>> is_active_mouse(table, (0, 0)), is_active_trap(table, (0, 1))
(False, True)
"""

from __future__ import annotations

from cheese.engine.cheese_chasers.board import Cell, Table, orthogonal_neighbours
from cheese.engine.cheese_chasers.cards import CAT, MOUSE, TRAP

LOSING_ACTIVE_TRAPS = 3
"""Rules page, "Losing": 3 or more active traps in play end the game with score 0."""


def is_active_mouse(table: Table, cell: Cell) -> bool:
    """Whether the card on ``cell`` is an active mouse.

    Rule: "A mouse is **active** unless a cat is orthogonally adjacent to it (diagonals
    never count)."
    """
    if table.get(cell) != MOUSE:
        return False
    return all(table.get(side) != CAT for side in orthogonal_neighbours(cell))


def is_active_trap(table: Table, cell: Cell) -> bool:
    """Whether the card on ``cell`` is an active mousetrap.

    Rule: "A mousetrap is **inactive** iff all 4 orthogonal neighbours are active mice;
    otherwise it is active." A trap touching another trap has a non-mouse side, so it
    can never be inactive.
    """
    if table.get(cell) != TRAP:
        return False
    return not all(is_active_mouse(table, side) for side in orthogonal_neighbours(cell))


def active_mice(table: Table) -> list[Cell]:
    """The cells of the active mice, in sorted order."""
    return [cell for cell in sorted(table) if is_active_mouse(table, cell)]


def active_traps(table: Table) -> list[Cell]:
    """The cells of the active mousetraps, in sorted order."""
    return [cell for cell in sorted(table) if is_active_trap(table, cell)]


def is_trapped(table: Table) -> bool:
    """Whether the table loses: "3 or more active traps are in play" (rules, "Losing")."""
    return len(active_traps(table)) >= LOSING_ACTIVE_TRAPS
