"""The greedy bot: one ply, the game's evaluation after each legal move.

For every legal action it applies the action to ``samples`` determinizations of the
seat's view (the same ones for every action, so the comparison is not blurred by
different luck), averages the acting seat's reward from the game's evaluator
(``cheese.bots.evaluation``), and plays the best action; exact ties are broken by the
rng. Identical determinizations are evaluated once, and a game whose evaluation reads
nothing hidden (``SearchAdvice.view_only``) needs only one (``cheese.bots.search.one_ply``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from cheese.bots.base import ConfiguredBot, Decision, Turn
from cheese.bots.evaluation import evaluator_for
from cheese.bots.search.one_ply import ONE_PLY_SAMPLES, one_ply_decision
from cheese.bots.spec import IntParameter
from cheese.bots.spec_config import SpecConfig, setting

NAME = "greedy"
DESCRIPTION = "one ply: the move whose resulting position the game's evaluation likes best"


@dataclass(frozen=True, slots=True)
class GreedyConfig(SpecConfig):
    """How many determinizations each move's value is averaged over."""

    bot_name: ClassVar[str] = NAME

    samples: int = setting(
        IntParameter("samples", ONE_PLY_SAMPLES, 1, 1000,
                     "determinizations of the hidden cards averaged for every move")
    )


PARAMETERS = GreedyConfig.parameters()


class GreedyBot(ConfiguredBot[GreedyConfig]):
    """Plays the legal action with the best average evaluation one ply ahead."""

    __slots__ = ()

    config_type = GreedyConfig

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        return one_ply_decision(turn, evaluator_for(turn.game), rng, self.config.samples)
