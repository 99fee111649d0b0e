"""The greedy bot: one ply, the game's evaluation after each legal move.

For every legal action it applies the action to ``samples`` determinizations of the
seat's view (the same ones for every action, so the comparison is not blurred by
different luck), averages the acting seat's reward from the game's evaluator
(``cheese.bots.evaluation``), and plays the best action; exact ties are broken by the
rng. Identical determinizations are evaluated once, and a game whose evaluation reads
nothing hidden (``SearchAdvice.view_only``) needs only one (``cheese.bots.search.one_ply``).

With ``temperature`` above 0 it plays like a person who sees roughly how good each move
is but not exactly: it draws the action from the softmax of the one-ply values,
``P(a) ∝ exp((v_a - v_best) / temperature)``, from the bot's rng. Values are rewards in
[0, 1], so a temperature of 0.01 mostly takes moves within a hundredth of the best and
rarely a clearly worse one, while a large one plays nearly at random. The weak play levels
(``cheese.levels``) are built from it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from cheese.bots.base import ConfiguredBot, Decision, TopMeasure, Turn, top_choices
from cheese.bots.evaluation import evaluator_for
from cheese.bots.search.one_ply import (
    ONE_PLY_SAMPLES,
    distinct_worlds,
    one_ply_decision,
    one_ply_values,
)
from cheese.bots.spec import FloatParameter, IntParameter
from cheese.bots.spec_config import SpecConfig, setting
from cheese.engine import Action

NAME = "greedy"
DESCRIPTION = "one ply: the move whose resulting position the game's evaluation likes best"


@dataclass(frozen=True, slots=True)
class GreedyConfig(SpecConfig):
    """How many determinizations each move's value is averaged over, and how loosely the
    move is then chosen."""

    bot_name: ClassVar[str] = NAME

    samples: int = setting(
        IntParameter(
            "samples",
            ONE_PLY_SAMPLES,
            1,
            1000,
            "determinizations of the hidden cards averaged for every move",
        )
    )
    temperature: float = setting(
        FloatParameter(
            "temperature",
            0.0,
            0.0,
            100.0,
            "softmax temperature over the moves' values (rewards in [0, 1]); 0 = always the best",
        )
    )


PARAMETERS = GreedyConfig.parameters()


def softmax_choice(
    actions: Sequence[Action], values: Sequence[float], temperature: float, rng: random.Random
) -> Action:
    """An action drawn with probability proportional to ``exp((value - best) /
    temperature)``: one draw from ``rng`` whatever the values.

    >>> softmax_choice([3, 5], [0.5, 0.4], 0.001, random.Random(0))
    3
    >>> sorted({softmax_choice([3, 5], [0.5, 0.4], 100.0, random.Random(s)) for s in range(20)})
    [3, 5]
    """
    best = max(values)
    weights = [math.exp((value - best) / temperature) for value in values]
    point = rng.random() * sum(weights)
    for action, weight in zip(actions, weights):
        point -= weight
        if point < 0.0:
            return action
    return actions[-1]  # only reached through rounding at the very top of the range


class GreedyBot(ConfiguredBot[GreedyConfig]):
    """Plays the legal action with the best average evaluation one ply ahead (or, with a
    temperature, one drawn from the softmax of those evaluations)."""

    __slots__ = ()

    config_type = GreedyConfig

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        evaluator = evaluator_for(turn.game)
        if self.config.temperature == 0.0:
            return one_ply_decision(turn, evaluator, rng, self.config.samples)
        legal = turn.legal_actions()
        if len(legal) == 1:
            return Decision(legal[0], {"legal": 1})
        samples = 1 if evaluator.advice.view_only else self.config.samples
        worlds = distinct_worlds(turn, rng, samples)
        values = one_ply_values(evaluator, worlds, turn.seat, legal)
        action = softmax_choice(legal, values, self.config.temperature, rng)
        return Decision(
            action,
            {
                "legal": len(legal),
                "value": round(values[legal.index(action)], 4),
                "best": round(max(values), 4),
                "worlds": len(worlds),
            },
            top=top_choices({move: round(value, 4) for move, value in zip(legal, values)}),
            top_measure=TopMeasure.VALUE,
        )
