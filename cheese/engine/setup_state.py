"""A reference state whose seats, deal seed and options are those of its ``setup``."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Protocol

from cheese.engine.api import OptionValue, State


class OptionRecord(Protocol):
    """A game's validated options, listed by name."""

    def as_dict(self) -> dict[str, OptionValue]: ...


class GameSetup(Protocol):
    """What every state of one game shares: seats, deal seed and options."""

    @property
    def num_players(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def options(self) -> OptionRecord: ...


class SetupState(State):
    """``num_players``, ``seed`` and ``options`` read from the state's ``setup`` field."""

    __slots__ = ()

    setup: GameSetup

    @property
    def num_players(self) -> int:
        return self.setup.num_players

    @property
    def seed(self) -> int:
        return self.setup.seed

    @property
    def options(self) -> Mapping[str, OptionValue]:
        return MappingProxyType(self.setup.options.as_dict())
