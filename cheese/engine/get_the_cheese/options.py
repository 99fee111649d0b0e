"""The game's facts and options: player counts, each seat's cards, the cheese cards.

>>> options = parse_options(3, {"start_player": 2})
>>> options.start_player, options.cards_per_seat, options.cheese_count(3)
(2, 15, 6)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cheese.engine.api import GameInfo, OptionError, OptionValue
from cheese.engine.get_the_cheese.cards import KIND_COUNT, KIND_NAMES, Pile
from cheese.engine.option_sets import option_values, refuse_unknown

INFO = GameInfo(
    slug="get-the-cheese",
    title="Get The Cheese!",
    min_players=3,
    max_players=5,
    default_players=4,
    description="Hidden animal cards around a circle of cheeses: dogs chase cats, cats "
    "catch mice, mice eat.",
)

DEFAULT_COMPOSITION: Pile = (7, 2, 2, 1, 1, 1, 1)
"""Cards per kind in each seat's deck: 9 mice (2 with the symbol), 2 big, 1 king,
2 cats (1 with the symbol), 1 dog."""
DEFAULT_CHEESE_VALUES: tuple[int, ...] = (2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5)

MAX_CARDS_PER_SEAT = 30
"""The largest deck a seat may have; it bounds the native engine's fixed-size state."""
MAX_CHEESE_CARDS = 30
"""The most cheese cards the box may hold (only 2 per player are dealt)."""
MAX_CHEESE_VALUE = 99
"""The largest number a cheese card may carry."""

OPTION_NAMES: tuple[str, ...] = ("composition", "cheese_values", "start_player")
CHEESES_PER_PLAYER = 2
MAX_CHEESES = CHEESES_PER_PLAYER * INFO.max_players
"""The most cheeses in the circle: the largest table's."""
HAND_LIMIT = 6
CARDS_PER_TURN = 3


@dataclass(frozen=True, slots=True)
class GtcOptions:
    """A validated option set (see ``parse_options``)."""

    composition: Pile = DEFAULT_COMPOSITION
    cheese_values: tuple[int, ...] = DEFAULT_CHEESE_VALUES
    start_player: int = 0

    @property
    def cards_per_seat(self) -> int:
        return sum(self.composition)

    @staticmethod
    def cheese_count(num_players: int) -> int:
        """How many cheeses the circle holds: 2 per player (rules, "Components")."""
        return CHEESES_PER_PLAYER * num_players

    def as_dict(self) -> dict[str, OptionValue]:
        return option_values(self)


def default_options() -> dict[str, OptionValue]:
    """Every option with its default value (the published components)."""
    return GtcOptions().as_dict()


def parse_options(num_players: int, options: Mapping[str, object]) -> GtcOptions:
    """Validate ``options`` for ``num_players`` seats, filling in the defaults.

    Raises ``OptionError`` naming the bad option, the allowed values and an example.
    """
    refuse_unknown("get-the-cheese", options, OPTION_NAMES)
    composition = _composition(options.get("composition", DEFAULT_COMPOSITION))
    cheese_values = _cheese_values(
        options.get("cheese_values", DEFAULT_CHEESE_VALUES), num_players
    )
    start_player = _start_player(options.get("start_player", 0), num_players)
    return GtcOptions(composition, cheese_values, start_player)


def _int_tuple(value: object) -> tuple[int, ...] | None:
    if not isinstance(value, tuple | list):
        return None
    if not all(isinstance(item, int) and not isinstance(item, bool) for item in value):
        return None
    return tuple(value)


def _composition(value: object) -> Pile:
    counts = _int_tuple(value)
    if (
        counts is None
        or len(counts) != KIND_COUNT
        or any(count < 0 for count in counts)
        or sum(counts) % CARDS_PER_TURN != 0
        or not CARDS_PER_TURN <= sum(counts) <= MAX_CARDS_PER_SEAT
    ):
        raise OptionError(
            f"composition={value!r} is not allowed: give {KIND_COUNT} card counts, one per "
            f"kind ({', '.join(KIND_NAMES)}), each 0 or more, totalling a multiple of "
            f"{CARDS_PER_TURN} from {CARDS_PER_TURN} to {MAX_CARDS_PER_SEAT}; "
            f"e.g. composition={DEFAULT_COMPOSITION!r}"
        )
    return counts


def _cheese_values(value: object, num_players: int) -> tuple[int, ...]:
    values = _int_tuple(value)
    needed = GtcOptions.cheese_count(num_players)
    if (
        values is None
        or not needed <= len(values) <= MAX_CHEESE_CARDS
        or any(not 1 <= cheese <= MAX_CHEESE_VALUE for cheese in values)
    ):
        raise OptionError(
            f"cheese_values={value!r} is not allowed: give the numbers of the cheese cards, "
            f"each 1 to {MAX_CHEESE_VALUE}, at least {needed} of them for {num_players} "
            f"players (2 per player) and at most {MAX_CHEESE_CARDS}; "
            f"e.g. cheese_values={DEFAULT_CHEESE_VALUES!r}"
        )
    return values


def _start_player(value: object, num_players: int) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not 0 <= value < num_players
    ):
        raise OptionError(
            f"start_player={value!r} is not allowed: give a seat from 0 to {num_players - 1}"
        )
    return value
