"""The root of an expectimax search: the moves to search, and one depth of them valued
over the root's worlds.

The worlds act like a chance node at the root, so a move is dropped as soon as its
partial mean can no longer beat the best move so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cheese.bots.expectimax.world_search import EPSILON, UPPER, OutOfTime, WorldSearch
from cheese.bots.search.evaluator import Evaluator
from cheese.bots.search.one_ply import one_ply_values
from cheese.engine import Action, State


@dataclass(frozen=True, slots=True)
class RootResult:
    """One finished (or cut-short) depth: the value of each action that was valued.

    The best value is exact; an action whose search was cut short by the pruning keeps a
    value that is only known not to beat the best (good enough to order the next depth).
    """

    depth: int
    values: dict[Action, float]
    complete: bool
    cut_by_depth: bool


def root_candidates(
    evaluator: Evaluator, worlds: Sequence[tuple[State, int]], legal: Sequence[Action], width: int
) -> list[Action]:
    """The root moves to search, best priors (summed over the worlds) first."""
    totals = [0.0] * len(legal)
    for world, weight in worlds[:1] if evaluator.advice.view_only else worlds:
        for index, prior in enumerate(evaluator.action_priors(world, legal)):
            totals[index] += weight * prior
    ranked = [legal[index] for index in sorted(range(len(legal)), key=lambda index: -totals[index])]
    return ranked[:width] if width else ranked


def search_depth(
    search: WorldSearch,
    worlds: Sequence[tuple[State, int, int]],
    order: Sequence[Action],
    seat: int,
    depth: int,
) -> RootResult:
    """Value the root actions in ``order`` at ``depth``; pruned actions are left out.

    ``worlds`` holds (determinization, weight, luck seed). Stops with ``complete=False``
    when the deadline passes.
    """
    total = sum(weight for _, weight, _ in worlds)
    values: dict[Action, float] = {}
    search.cut_by_depth = False
    if depth == 1 and search.chance_width <= 1 and search.playout is None:
        # One call per world values every move; an evaluation that reads only the
        # public view gives every world the same values, so one world does.
        evaluator = search.evaluator
        valued = worlds[:1] if evaluator.advice.view_only else worlds
        values_now = one_ply_values(
            evaluator, [(world, weight) for world, weight, _ in valued], seat, order
        )
        search.nodes += len(order) * len(valued)
        first = worlds[0][0]
        deeper = any(not evaluator.values_directly(first.apply(action)) for action in order)
        return RootResult(depth, dict(zip(order, values_now)), True, deeper)
    best = -UPPER
    try:
        for action in order:
            accumulated = 0.0
            remaining = total
            pruned = False
            for world, weight, luck in worlds:
                if values and accumulated + remaining * UPPER <= best * total - EPSILON:
                    pruned = True
                    break
                remaining -= weight
                threshold = (best * total - accumulated - remaining * UPPER) / weight
                search.luck_seed = luck
                child = search.child_value(
                    world, action, depth - 1, seat, threshold if values else -UPPER
                )
                accumulated += weight * child[seat]
            if pruned:
                continue
            mean = accumulated / total
            if not values or mean > best:
                best = mean
            values[action] = mean
    except OutOfTime:
        return RootResult(depth, values, False, search.cut_by_depth)
    return RootResult(depth, values, True, search.cut_by_depth)
