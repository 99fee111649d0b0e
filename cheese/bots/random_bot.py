"""The random bot: a uniform choice among the legal actions.

It is the floor every other bot must beat, and the baseline of the strength tests.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from cheese.bots.base import ConfiguredBot, Decision, Turn
from cheese.bots.spec import Parameter, read_settings

NAME = "random"
DESCRIPTION = "uniform choice among the legal actions"
PARAMETERS: tuple[Parameter, ...] = ()


@dataclass(frozen=True, slots=True)
class RandomConfig:
    """The random bot has no settings; the config exists for a uniform interface."""

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> RandomConfig:
        read_settings(NAME, PARAMETERS, params)
        return cls()

    @property
    def spec(self) -> str:
        return NAME


class RandomBot(ConfiguredBot[RandomConfig]):
    """Picks uniformly among ``turn.legal_actions()`` with the ``rng`` it is handed."""

    __slots__ = ()

    config_type = RandomConfig

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        legal = turn.legal_actions()
        return Decision(legal[rng.randrange(len(legal))], {"legal": len(legal)})
