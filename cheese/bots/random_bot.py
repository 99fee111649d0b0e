"""The random bot: a uniform choice among the legal actions.

It is the floor every other bot must beat, and the baseline of the strength tests.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from cheese.bots.base import ConfiguredBot, Decision, Turn
from cheese.bots.spec_config import SpecConfig

NAME = "random"
DESCRIPTION = "uniform choice among the legal actions"


@dataclass(frozen=True, slots=True)
class RandomConfig(SpecConfig):
    """The random bot has no settings; the config exists for a uniform interface."""

    bot_name: ClassVar[str] = NAME


PARAMETERS = RandomConfig.parameters()


class RandomBot(ConfiguredBot[RandomConfig]):
    """Picks uniformly among ``turn.legal_actions()`` with the ``rng`` it is handed."""

    __slots__ = ()

    config_type = RandomConfig

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        legal = turn.legal_actions()
        return Decision(legal[rng.randrange(len(legal))], {"legal": len(legal)})
