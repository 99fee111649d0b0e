"""One-ply values: the acting seat's reward after each move, averaged over worlds.

Greedy plays by them; MCTS starts its root moves from them (root priors); expectimax
values its last decision by them; and every search plays by them a decision that the
game decides by one ply (``plan``). A world is a determinization of the seat's view with
a weight (how many of the draws it stands for); the same worlds serve every move, so the
comparison is not blurred by different luck.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from cheese.bots.base import Decision, TopMeasure, Turn, best_valued, top_choices
from cheese.bots.search.evaluator import Evaluator
from cheese.engine import Action, Seat, State

ONE_PLY_SAMPLES = 4
"""Determinizations one-ply values are averaged over unless a spec says otherwise (greedy's
default, and the searches' where the game decides a turn by one ply), set by hand with the
first greedy bot."""


def distinct_worlds(turn: Turn, rng: random.Random, samples: int) -> list[tuple[State, int]]:
    """``samples`` determinizations of the turn, equal ones merged with their count."""
    counts = Counter(turn.determinize(rng) for _ in range(samples))
    return list(counts.items())


def one_ply_values(
    evaluator: Evaluator,
    worlds: Sequence[tuple[State, int]],
    seat: Seat,
    actions: Sequence[Action],
) -> list[float]:
    """``seat``'s reward after each of ``actions``, the weighted mean over ``worlds``
    (determinization, weight)."""
    total = sum(weight for _, weight in worlds)
    sums = [0.0] * len(actions)
    for world, weight in worlds:
        for index, rewards in enumerate(evaluator.action_values(world, actions)):
            sums[index] += weight * rewards[seat]
    return [value / total for value in sums]


def one_ply_decision(
    turn: Turn, evaluator: Evaluator, rng: random.Random, samples: int
) -> Decision:
    """The legal action with the best one-ply value over ``samples`` determinizations (one
    when the evaluation reads only the view); exact ties broken by the rng."""
    legal = turn.legal_actions()
    if len(legal) == 1:
        return Decision(legal[0], {"legal": 1})
    worlds = distinct_worlds(turn, rng, 1 if evaluator.advice.view_only else samples)
    values = one_ply_values(evaluator, worlds, turn.seat, legal)
    action, best_value = best_valued(legal, values, rng)
    return Decision(
        action,
        {"legal": len(legal), "value": round(best_value, 4), "worlds": len(worlds)},
        top=top_choices({move: round(value, 4) for move, value in zip(legal, values)}),
        top_measure=TopMeasure.VALUE,
    )
