"""The cards of Cheese Chasers: the four kinds and the deck's composition (the options).

>>> Composition.standard().total
40
>>> parse_options(1, {"cats": 0}).counts
(20, 0, 9, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeAlias

from cheese.engine.api import OptionError, OptionValue

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

PLAYERS = 1


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


def default_options() -> dict[str, OptionValue]:
    """Every option with its default value (the boxed deck)."""
    return Composition.standard().as_options()


def check_players(num_players: int | None) -> int:
    """The player count, which must be 1 (``None`` means the default, 1)."""
    if num_players is None:
        return PLAYERS
    if isinstance(num_players, bool) or num_players != PLAYERS:
        raise OptionError(
            f"Cheese Chasers is a solitaire game: num_players={num_players!r} is not "
            f"allowed; use num_players=1 (or leave it out)"
        )
    return PLAYERS


def parse_options(num_players: int | None, options: Mapping[str, OptionValue]) -> Composition:
    """Validate the player count and the options; the deck they describe.

    Each count is an int ≥ 0, and the deck holds between 1 and ``MAX_CARDS`` cards.
    """
    check_players(num_players)
    unknown = sorted(set(options) - set(OPTION_NAMES))
    if unknown:
        raise OptionError(
            f"unknown option {unknown[0]!r} for cheese-chasers; the options are "
            f"{', '.join(OPTION_NAMES)} (card counts)"
        )
    counts: list[int] = []
    for name, default in zip(OPTION_NAMES, STANDARD_COUNTS, strict=True):
        value = options.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise OptionError(
                f"option {name}={value!r} is not a card count; give an int from 0 to "
                f"{MAX_CARDS} (default {default})"
            )
        counts.append(value)
    mice, cats, cheese, traps = counts
    composition = Composition((mice, cats, cheese, traps))
    if not 1 <= composition.total <= MAX_CARDS:
        raise OptionError(
            f"a deck of {composition.total} cards ({_describe(composition)}) cannot be "
            f"played; the deck must hold 1 to {MAX_CARDS} cards"
        )
    return composition


def _describe(composition: Composition) -> str:
    return ", ".join(
        f"{name}={count}" for name, count in zip(OPTION_NAMES, composition.counts, strict=True)
    )
