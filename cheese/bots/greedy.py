"""The greedy bot: one ply, the game's evaluation after each legal move.

For every legal action it applies the action to ``samples`` determinizations of the
seat's view (the same ones for every action, so the comparison is not blurred by
different luck), averages the acting seat's reward from the game's evaluator
(``cheese.bots.evaluation``), and plays the best action; exact ties are broken by the
rng. Identical determinizations are evaluated once, and a game whose evaluation reads
nothing hidden (``SearchAdvice.view_only``) needs only one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from cheese.bots.base import ConfiguredBot, Decision, Turn, best_valued, top_choices
from cheese.bots.evaluation import evaluator_for
from cheese.bots.spec import IntParameter, Parameter, compose_spec, read_settings
from cheese.engine import State

NAME = "greedy"
DESCRIPTION = "one ply: the move whose resulting position the game's evaluation likes best"
DEFAULT_SAMPLES = 4
PARAMETERS: tuple[Parameter, ...] = (
    IntParameter(
        "samples", DEFAULT_SAMPLES, 1, 1000,
        "determinizations of the hidden cards averaged for every move",
    ),
)


@dataclass(frozen=True, slots=True)
class GreedyConfig:
    """How many determinizations each move's value is averaged over."""

    samples: int = DEFAULT_SAMPLES

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> GreedyConfig:
        settings = read_settings(NAME, PARAMETERS, params)
        return cls(samples=settings.integer("samples"))

    @property
    def spec(self) -> str:
        changed = [("samples", self.samples)] if self.samples != DEFAULT_SAMPLES else []
        return compose_spec(NAME, changed)


def distinct_worlds(turn: Turn, rng: random.Random, samples: int) -> list[tuple[State, int]]:
    """``samples`` determinizations of the turn, equal ones merged with their count."""
    counts = Counter(turn.determinize(rng) for _ in range(samples))
    return list(counts.items())


class GreedyBot(ConfiguredBot[GreedyConfig]):
    """Plays the legal action with the best average evaluation one ply ahead."""

    __slots__ = ()

    config_type = GreedyConfig

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        return one_ply_decision(turn, rng, self.config.samples)


def one_ply_decision(turn: Turn, rng: random.Random, samples: int) -> Decision:
    """The legal action with the best evaluation one ply ahead, averaged over ``samples``
    determinizations (one when the evaluation reads only the view); exact ties broken by
    the rng. The searches play it too where the evaluation says a decision is best
    decided so (``Evaluator.decided_by_one_ply``)."""
    legal = turn.legal_actions()
    if len(legal) == 1:
        return Decision(legal[0], {"legal": 1})
    evaluator = evaluator_for(turn.game)
    samples = 1 if evaluator.advice.view_only else samples
    worlds = distinct_worlds(turn, rng, samples)
    seat = turn.seat
    values = [0.0] * len(legal)
    for world, weight in worlds:
        for index, rewards in enumerate(evaluator.action_values(world, legal)):
            values[index] += weight * rewards[seat]
    values = [value / samples for value in values]
    action, best_value = best_valued(legal, values, rng)
    return Decision(
        action,
        {"legal": len(legal), "value": round(best_value, 4), "worlds": len(worlds)},
        top=top_choices({move: round(value, 4) for move, value in zip(legal, values)}),
        top_measure="value",
    )
