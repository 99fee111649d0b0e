"""One MCTS search of a turn, in C on the native backend (when the spec allows), else in
Python; what it learnt about the root moves."""

from __future__ import annotations

import random
from dataclasses import dataclass

from cheese.bots.base import Turn
from cheese.bots.evaluation import evaluator_for
from cheese.bots.mcts_config import MctsConfig
from cheese.bots.mcts_native import root_prior_values, runs_in_c, search_in_c
from cheese.bots.mcts_tree import Node, run_iteration, seed_root
from cheese.engine import Action
from cheese.engine.registry import NATIVE


@dataclass(frozen=True, slots=True)
class RootStats:
    """What one search learnt about the root moves: (action, visits, reward sum)."""

    iterations: int
    elapsed: float
    children: tuple[tuple[Action, int, float], ...]
    in_c: bool = False
    """Whether the C loop ran the search."""


def search(turn: Turn, config: MctsConfig, seed: int) -> RootStats:
    """One search of ``turn`` within its budget, all randomness from ``seed``: in C on
    the native backend (when the spec allows), else in Python.

    With ``config.prior`` the root is first seeded with the moves' one-ply values.
    """
    evaluator = evaluator_for(turn.game)
    settings = config.native_search(evaluator.advice.c_search) if runs_in_c(turn) else None
    if settings is not None:
        iterations, elapsed, children = search_in_c(turn, settings, evaluator, seed)
        return RootStats(iterations, elapsed, children, in_c=True)
    rng = random.Random(seed)
    policy = config.tree_policy(evaluator.advice, turn.game.backend == NATIVE)
    root = Node()
    stopwatch = config.budget.start()
    if config.prior:
        legal = turn.legal_actions()
        seed_root(root, legal, root_prior_values(turn, evaluator, legal, rng))
    while True:  # at least one iteration, however short the time limit
        run_iteration(root, turn.determinize(rng), evaluator, policy, rng)
        stopwatch.done += 1
        if stopwatch.exhausted():
            break
    children = tuple(
        (action, child.visits, child.reward_sum) for action, child in sorted(root.children.items())
    )
    return RootStats(stopwatch.done, stopwatch.elapsed(), children)
