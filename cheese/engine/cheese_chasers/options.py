"""The game's facts and options: one seat, and the deck's composition.

>>> parse_options(1, {"cats": 0}).counts
(20, 0, 9, 4)
"""

from __future__ import annotations

from collections.abc import Mapping

from cheese.engine.api import GameInfo, OptionError, OptionValue
from cheese.engine.cheese_chasers.cards import MAX_CARDS, OPTION_NAMES, STANDARD_COUNTS, Composition

PLAYERS = 1

INFO = GameInfo(
    slug="cheese-chasers",
    title="Cheese Chasers",
    min_players=PLAYERS,
    max_players=PLAYERS,
    default_players=PLAYERS,
    description="Solitaire: lay a path of 40 cards, ring cheese with mice, keep the traps shut.",
)


def default_options() -> dict[str, OptionValue]:
    """Every option with its default value (the boxed deck)."""
    return Composition.standard().as_options()


def parse_options(num_players: int | None, options: Mapping[str, OptionValue]) -> Composition:
    """Validate the options; the deck they describe (one seat, checked by ``INFO``).

    Each count is an int ≥ 0, and the deck holds between 1 and ``MAX_CARDS`` cards.
    """
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
