"""The cards of Cheese Chasers: the four kinds and the deck's composition.

>>> Composition.standard().total
40
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from cheese.engine.api import OptionValue

Kind: TypeAlias = int

MOUSE: Kind = 0
CAT: Kind = 1
CHEESE: Kind = 2
TRAP: Kind = 3
KINDS: tuple[Kind, ...] = (MOUSE, CAT, CHEESE, TRAP)

KIND_NAMES: tuple[str, ...] = ("mouse", "cat", "cheese", "trap")
"""How the notation names each kind (the chance outcomes)."""
KIND_LETTERS: tuple[str, ...] = ("M", "C", "H", "T")
"""How a layout writes each kind (the rules page's examples)."""

OPTION_NAMES: tuple[str, ...] = ("mice", "cats", "cheese", "traps")
"""The option that sets the number of cards of each kind, in kind order."""
STANDARD_COUNTS: tuple[int, ...] = (20, 7, 9, 4)

MAX_CARDS = 100
"""The largest deck the engine plays.

The table grows one step per card, so coordinates stay within ``±(MAX_CARDS - 1)``; the
bound keeps the native engine's state small and fixed in size.
"""



@dataclass(frozen=True, slots=True)
class Composition:
    """How many cards of each kind the deck holds (indexed by ``Kind``)."""

    counts: tuple[int, int, int, int]

    @classmethod
    def standard(cls) -> Composition:
        """The boxed deck: 20 mice, 7 cats, 9 cheese, 4 mousetraps."""
        mice, cats, cheese, traps = STANDARD_COUNTS
        return cls((mice, cats, cheese, traps))

    @property
    def total(self) -> int:
        return sum(self.counts)

    def as_options(self) -> dict[str, OptionValue]:
        """The composition as the option mapping a game is set up with."""
        return {name: count for name, count in zip(OPTION_NAMES, self.counts, strict=True)}
