"""Searching a game's lines (``Evaluator.lines``): the searching seat's own moves, the
other seats' replies predicted, every end valued exactly.

Two searches, one per bot:

- ``best_line_values`` (expectimax): each root move followed by the best line of the
  seat's ``width`` best moves at each later turn, searched in full;
- ``UctLines`` (MCTS): UCT over the same lines, the tree widening in the order of the
  seat's one-ply values, a new node played out along the seat's best one-ply moves.

The lines are deterministic (their luck is averaged exactly at the ends), so both reach
the same answer given enough budget; UCT spends its budget on the lines that look best.

>>> from cheese.bots.evaluation.base import Lines
>>> class Pick:  # choose twice from {1, 2, 3}; the end is worth the sum over 6
...     width = 2
...     root = ()
...     def moves(self, node): return [3, 2, 1]
...     def after(self, node, move): return node + (move,)
...     def is_end(self, node): return len(node) == 2
...     def end_value(self, node): return sum(node) / 6
>>> best_line_values(Pick(), [1, 3])
[0.6666666666666666, 1.0]
>>> visits = UctLines(Pick(), [1, 2, 3], exploration=0.3, widen=0.0).run(200).root_statistics()
>>> max(visits, key=lambda move: visits[move][0])
3
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

from cheese.bots.evaluation.base import Lines
from cheese.engine import Action


def best_line_values(lines: Lines[Any], root_moves: Sequence[Action]) -> list[float]:
    """The value of each root move: the best line after it, the seat trying its
    ``lines.width`` best moves at each later turn."""

    def value(node: Hashable) -> float:
        if lines.is_end(node):
            return lines.end_value(node)
        return max(value(lines.after(node, move)) for move in lines.moves(node)[: lines.width])

    return [value(lines.after(lines.root, move)) for move in root_moves]


class UctLines:
    """UCT over ``lines`` from the root moves ``root_moves`` (best first).

    A node with ``n`` visits offers its first ``1 + widen * sqrt(n)`` moves (all when
    ``widen`` is 0); selection by mean + ``exploration`` * sqrt(ln N / n); a new node is
    valued by playing the seat's best one-ply move to the end. Statistics are kept per
    (node, move), so lines that meet again share what they learnt.
    """

    __slots__ = ("_edges", "_visits", "exploration", "iterations", "lines", "root_moves", "widen")

    def __init__(
        self, lines: Lines[Any], root_moves: Sequence[Action], exploration: float, widen: float
    ) -> None:
        self.lines = lines
        self.root_moves = list(root_moves)
        self.exploration = exploration
        self.widen = widen
        self.iterations = 0
        self._visits: dict[Hashable, int] = {}
        self._edges: dict[tuple[Hashable, Action], tuple[int, float]] = {}

    def run(self, iterations: int) -> UctLines:
        """``iterations`` more iterations; returns the search."""
        for _ in range(iterations):
            self.iterate()
        return self

    def iterate(self) -> None:
        lines = self.lines
        node = lines.root
        path: list[tuple[Hashable, Action]] = []
        value: float | None = None
        while value is None:
            if lines.is_end(node):
                value = lines.end_value(node)
            else:
                move, fresh = self.select(node)
                path.append((node, move))
                node = lines.after(node, move)
                if fresh:
                    value = self.play_out(node)
        self.iterations += 1
        for visited, move in path:
            self._visits[visited] = self._visits.get(visited, 0) + 1
            count, total = self._edges.get((visited, move), (0, 0.0))
            self._edges[(visited, move)] = (count + 1, total + value)

    def select(self, node: Hashable) -> tuple[Action, bool]:
        """The move to follow from ``node``, and whether it has never been tried."""
        moves = self.root_moves if node == self.lines.root else self.lines.moves(node)
        visits = self._visits.get(node, 0)
        if self.widen > 0.0:
            moves = moves[: 1 + int(self.widen * math.sqrt(visits))]
        best_move, best_score = moves[0], -math.inf
        log_visits = math.log(max(visits, 1))
        for move in moves:
            count, total = self._edges.get((node, move), (0, 0.0))
            if count == 0:
                return move, True
            score = total / count + self.exploration * math.sqrt(log_visits / count)
            if score > best_score:
                best_move, best_score = move, score
        return best_move, False

    def play_out(self, node: Hashable) -> float:
        lines = self.lines
        while not lines.is_end(node):
            node = lines.after(node, lines.moves(node)[0])
        return lines.end_value(node)

    def root_statistics(self) -> dict[Action, tuple[int, float]]:
        """Visits and reward sum of every root move tried."""
        root = self.lines.root
        return {
            move: self._edges[(root, move)]
            for move in self.root_moves
            if (root, move) in self._edges
        }
