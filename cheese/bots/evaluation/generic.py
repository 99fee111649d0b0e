"""The fallback evaluation for games without their own module: points banked so far.

Rewards come from the scores so far (the spread grows with their size so that early
leads count little); priors are flat and playouts uniform.
"""

from __future__ import annotations

from collections.abc import Sequence

from cheese.bots.search.evaluator import Evaluator
from cheese.bots.search.rewards import (
    Rewards,
    estimated_rewards,
    solitaire_reward,
    terminal_rewards,
)
from cheese.engine import Action, State


class GenericEvaluator(Evaluator):
    """Scores so far as the estimate of the final scores; uniform playouts."""

    __slots__ = ()

    def rewards(self, state: State) -> Rewards:
        scores = state.scores()
        if state.num_players == 1:
            return (solitaire_reward(scores[0], self.solitaire_scale),)
        if state.is_terminal():
            return terminal_rewards(state)
        spread = 1.0 + max(abs(score) for score in scores)
        return estimated_rewards(scores, spread)

    def action_priors(self, state: State, actions: Sequence[Action]) -> list[float]:
        """Flat: nothing tells the moves apart before they are searched."""
        return [0.0] * len(actions)
