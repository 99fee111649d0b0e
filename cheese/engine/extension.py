"""A per-game thing that a layer above the engine defines, named by its import path.

A game's description names its evaluation, its terminal renderer, its level ladder and
its tensor encoding, which live in the bots, the CLI, the levels and the adapters. The
engine may import none of those, so it holds their dotted paths and imports them only
when they are asked for (by the layer that defines them, which may import itself).

>>> Extension("cheese.engine.api:CHANCE").load(int)
-1
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Extension:
    """``"package.module:NAME"``: the module is imported on first use, never before."""

    path: str

    def __post_init__(self) -> None:
        module, colon, name = self.path.partition(":")
        if not (module and colon and name.isidentifier()):
            raise ValueError(f"{self.path!r} is not an import path; write 'package.module:NAME'")

    @property
    def module(self) -> str:
        return self.path.partition(":")[0]

    @property
    def name(self) -> str:
        """The name the thing has in its module (tests replace it there)."""
        return self.path.partition(":")[2]

    def _found(self) -> object:
        found: object = getattr(importlib.import_module(self.module), self.name)
        return found

    def load(self, kind: type[T]) -> T:
        """The named thing, which must be a ``kind`` (``TypeError`` names what it is)."""
        found = self._found()
        if not isinstance(found, kind):
            raise TypeError(f"{self.path} is a {type(found).__name__}, not a {kind.__name__}")
        return found

    def build(self, kind: type[T]) -> T:
        """What the named factory returns when called without arguments, a ``kind``."""
        factory = self._found()
        if not callable(factory):
            raise TypeError(f"{self.path} is a {type(factory).__name__}, not a factory")
        made = factory()
        if not isinstance(made, kind):
            raise TypeError(f"{self.path}() made a {type(made).__name__}, not a {kind.__name__}")
        return made
