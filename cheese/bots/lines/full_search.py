"""Expectimax's search of a game's lines: every root move, then the best line after it."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from cheese.bots.lines.model import Lines
from cheese.engine import Action


def best_line_values(lines: Lines[Any], root_moves: Sequence[Action]) -> list[float]:
    """The value of each root move: the best line after it, the seat trying its
    ``lines.width`` best moves at each later turn."""

    def value(node: Hashable) -> float:
        if lines.is_end(node):
            return lines.end_value(node)
        return max(value(lines.after(node, move)) for move in lines.moves(node)[: lines.width])

    return [value(lines.after(lines.root, move)) for move in root_moves]
