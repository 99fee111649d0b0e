"""MCTS's search of a game's lines: UCT over the searching seat's moves.

The tree widens in the order of the seat's one-ply values (``Lines.moves``, best first)
and a new node is played out along the seat's best one-ply moves. The lines are
deterministic (their luck is averaged exactly at the ends), so UCT reaches the answer of
the full search (``full_search``) given enough budget, spending it on the lines that
look best.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

from cheese.bots.lines.model import Lines
from cheese.engine import Action


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
