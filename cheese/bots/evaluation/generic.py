"""The fallback evaluation for games without their own module: points banked so far.

Rewards come from the scores so far (the spread grows with their size so that early
leads count little); priors are flat and playouts uniform.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cheese.bots.base import Turn
from cheese.bots.lines.model import Lines
from cheese.bots.search.evaluator import (
    SOLITAIRE_SCALE,
    SearchAdvice,
    rewards_by_points,
    values_by_applying,
)
from cheese.bots.search.rewards import (
    Rewards,
    estimated_rewards,
    solitaire_reward,
    terminal_rewards,
)
from cheese.engine import Action, State


class GenericEvaluator:
    """Scores so far as the estimate of the final scores; uniform playouts."""

    __slots__ = ()

    @property
    def advice(self) -> SearchAdvice:
        return SearchAdvice(playout="random", playout_depth=0, chance_width=8)

    def rewards(self, state: State) -> Rewards:
        scores = state.scores()
        if state.num_players == 1:
            return (solitaire_reward(scores[0], SOLITAIRE_SCALE),)
        if state.is_terminal():
            return terminal_rewards(state)
        spread = 1.0 + max(abs(score) for score in scores)
        return estimated_rewards(scores, spread)

    def rewards_of_points(self, points: Sequence[float]) -> Rewards:
        return rewards_by_points(points)

    def values_directly(self, state: State) -> bool:
        return False

    def decided_by_one_ply(self, view: object) -> bool:
        return False

    def lines(self, turn: Turn, rng: random.Random) -> Lines[Any] | None:
        return None

    def action_values(self, state: State, actions: Sequence[Action]) -> list[Rewards]:
        return values_by_applying(self, state, actions)

    def action_priors(self, state: State, actions: Sequence[Action]) -> list[float]:
        return [0.0] * len(actions)

    def playout_action(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]
