"""Playouts: finishing a game quickly from a position to learn what it is worth.

Two ways, one meaning. Through the engine API a playout makes uniform moves or the
evaluator's ``playout_action`` (chance sampled) and may stop after a number of decisions,
where the evaluation takes over. On the native backend a playout to the end runs wholly
in C (``cheese.engine.native.playouts``: uniform moves or the game's fast heuristic), and
the evaluator turns its final points into rewards (``rewards_of_points``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from cheese.bots.search.evaluator import Evaluator, PlayoutPolicy
from cheese.bots.search.rewards import Rewards
from cheese.engine import State
from cheese.engine.luck import sample_chance

C_POLICIES: Mapping[PlayoutPolicy, int] = MappingProxyType(
    {PlayoutPolicy.RANDOM: 0, PlayoutPolicy.HEURISTIC: 1}
)
"""The codes of the C playout policies (``CH_POLICY_*`` in the engine's C)."""


def c_playout(state: State, policy: PlayoutPolicy, seed: int, evaluator: Evaluator) -> Rewards:
    """The rewards of one playout to the end run in C from the native ``state`` (a policy
    of ``C_POLICIES``)."""
    from cheese.engine.native import NativeState, playouts

    assert isinstance(state, NativeState), f"C playouts need a native state, not {state!r}"
    totals = playouts(state, 1, seed, C_POLICIES[policy])
    return evaluator.rewards_of_points(totals.score_sums)


def c_playout_batch(
    state: State, policy: PlayoutPolicy, count: int, seed: int, evaluator: Evaluator
) -> Rewards:
    """The mean rewards of ``count`` playouts to the end run in C from the native
    ``state`` in one call, their luck drawn from the one ``seed``."""
    from cheese.engine.native import NativeState, playout_points

    assert isinstance(state, NativeState), f"C playouts need a native state, not {state!r}"
    batch = playout_points(state, count, seed, C_POLICIES[policy])
    return mean_rewards([evaluator.rewards_of_points(points) for points in batch])


def engine_playout(
    state: State, policy: PlayoutPolicy, depth: int, evaluator: Evaluator, rng: random.Random
) -> Rewards:
    """One playout through the engine API for ``depth`` decisions (0: to the end).

    ``policy``: uniform moves, the evaluator's playout move (``HEURISTIC``) or no move
    (``NONE``: the evaluation of ``state`` itself).
    """
    decisions = 0
    if policy != PlayoutPolicy.NONE:
        heuristic = policy == PlayoutPolicy.HEURISTIC
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(sample_chance(state, rng))
                continue
            if depth and decisions >= depth:
                break
            if heuristic:
                action = evaluator.playout_action(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state = state.apply(action)
            decisions += 1
    return evaluator.rewards(state)


def mean_rewards(samples: Sequence[Rewards]) -> Rewards:
    """The seat-by-seat mean of several reward vectors."""
    count = len(samples)
    return tuple(sum(values) / count for values in zip(*samples))
