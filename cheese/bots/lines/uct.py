"""MCTS's search of a game's lines: UCT over the searching seat's moves.

The tree widens in the order of the seat's one-ply values (``Lines.moves``, best first)
and a new node is played out along the seat's best one-ply moves. The lines are
deterministic (their luck is averaged exactly at the ends), so UCT reaches the answer of
the full search (``full_search``) given enough budget, spending it on the lines that
look best.

Each node of the lines is asked of the model once (its moves, whether it is an end, its
value, the node after each move) and kept as a ``LineNode``: an iteration that walks
known lines reads lists, not the model. Nodes are shared by every path that reaches
them, so lines that meet again share what they learnt.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

from cheese.bots.lines.model import Lines
from cheese.engine import Action


class LineNode:
    """One node of the lines, with the statistics of the moves tried from it.

    ``key`` is the model's node, ``counts[i]`` and ``totals[i]`` the visits and reward
    sum of ``moves[i]``, ``children[i]`` the node it leads to (None until followed);
    ``value`` is the exact value of an end, None elsewhere.
    """

    __slots__ = ("children", "counts", "key", "moves", "totals", "value", "visits")

    def __init__(self, key: Hashable, moves: Sequence[Action], value: float | None) -> None:
        self.key = key
        self.moves = list(moves)
        self.value = value
        self.visits = 0
        self.counts = [0] * len(self.moves)
        self.totals = [0.0] * len(self.moves)
        self.children: list[LineNode | None] = [None] * len(self.moves)


class UctLines:
    """UCT over ``lines`` from the root moves ``root_moves`` (best first).

    A node with ``n`` visits offers its first ``1 + widen * sqrt(n)`` moves (all when
    ``widen`` is 0); selection by mean + ``exploration`` * sqrt(ln N / n); a new node is
    valued by playing the seat's best one-ply move to the end. Statistics are kept per
    (node, move), so lines that meet again share what they learnt.
    """

    __slots__ = ("_nodes", "exploration", "iterations", "lines", "root", "widen")

    def __init__(
        self, lines: Lines[Any], root_moves: Sequence[Action], exploration: float, widen: float
    ) -> None:
        self.lines = lines
        self.exploration = exploration
        self.widen = widen
        self.iterations = 0
        self._nodes: dict[Hashable, LineNode] = {}
        self.root = LineNode(lines.root, root_moves, None)
        self._nodes[lines.root] = self.root

    def run(self, iterations: int) -> UctLines:
        """``iterations`` more iterations; returns the search."""
        for _ in range(iterations):
            self.iterate()
        return self

    def iterate(self) -> None:
        node = self.root
        path: list[tuple[LineNode, int]] = []
        value = node.value
        while value is None:
            index, fresh = self.select(node)
            path.append((node, index))
            node = self.child(node, index)
            value = node.value
            if value is None and fresh:
                value = self.play_out(node)
        self.iterations += 1
        for visited, index in path:
            visited.visits += 1
            visited.counts[index] += 1
            visited.totals[index] += value

    def node(self, key: Hashable) -> LineNode:
        """The node of ``key``, asked of the model the first time it is reached."""
        found = self._nodes.get(key)
        if found is None:
            lines = self.lines
            if lines.is_end(key):
                found = LineNode(key, (), lines.end_value(key))
            else:
                found = LineNode(key, lines.moves(key), None)
            self._nodes[key] = found
        return found

    def child(self, node: LineNode, index: int) -> LineNode:
        """The node after ``node.moves[index]`` (kept on the parent once found)."""
        found = node.children[index]
        if found is None:
            after = self.lines.after(node.key, node.moves[index])
            found = node.children[index] = self.node(after)
        return found

    def select(self, node: LineNode) -> tuple[int, bool]:
        """The index of the move to follow from ``node``, and whether it has never been
        tried."""
        counts = node.counts
        width = len(counts)
        if self.widen > 0.0:
            width = min(width, 1 + int(self.widen * math.sqrt(node.visits)))
        best_index, best_score = 0, -math.inf
        log_visits = math.log(max(node.visits, 1))
        totals, exploration = node.totals, self.exploration
        for index in range(width):
            count = counts[index]
            if count == 0:
                return index, True
            score = totals[index] / count + exploration * math.sqrt(log_visits / count)
            if score > best_score:
                best_index, best_score = index, score
        return best_index, False

    def play_out(self, node: LineNode) -> float:
        """The value of the line from ``node`` along the seat's best one-ply moves."""
        while node.value is None:
            node = self.child(node, 0)
        return node.value

    def root_statistics(self) -> dict[Action, tuple[int, float]]:
        """Visits and reward sum of every root move tried."""
        root = self.root
        return {
            move: (count, total)
            for move, count, total in zip(root.moves, root.counts, root.totals)
            if count
        }
