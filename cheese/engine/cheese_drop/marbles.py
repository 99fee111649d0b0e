"""The bag and the drops: what goes into the bag, who drops, how many marbles per drop.

Rules, "Round structure" steps 1 and 2. The draw itself is a chance event: each marble
is drawn with probability proportional to how many of its colour are left in the bag.

>>> bag_for_round(0), draws_per_drop(3, 2), drops_per_round(2)
((6, 4, 1, 1), 6, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from cheese.engine.api import Action, Seat
from cheese.engine.cheese_drop.core import COLOURS, ColourCounts
from cheese.engine.luck import event_key

DRAW_EVENT_KIND = 1
"""``event_key`` kind of a marble draw: (1, round, drop, marble index within the drop)."""

BAGS: tuple[ColourCounts, ...] = ((6, 4, 1, 1), (7, 5, 2, 2), (8, 6, 3, 3))
"""Step 1: "round 1: 6 yellow, 4 red, 1 grey, 1 white; round 2: 7/5/2/2; round 3: 8/6/3/3"."""

DRAWS_PER_DROP: Mapping[int, tuple[int, int, int]] = MappingProxyType(
    {2: (3, 4, 5), 3: (4, 5, 6), 4: (3, 4, 5), 5: (2, 3, 4)}
)
"""Step 2's table: marbles drawn per drop, by player count, for rounds 1, 2, 3."""

DROPS_PER_SEAT_WITH_TWO_PLAYERS = 2


def bag_for_round(round_index: int) -> ColourCounts:
    """Step 1: the marbles put into the bag at the start of round ``round_index`` (0-based)."""
    return BAGS[round_index]


def draws_per_drop(num_players: int, round_index: int) -> int:
    """Step 2: how many marbles the dropper draws from the bag."""
    return DRAWS_PER_DROP[num_players][round_index]


def drops_per_round(num_players: int) -> int:
    """Step 2: "With 2 players each player drops twice per round; with 3–5 each drops once"."""
    if num_players == 2:
        return 2 * DROPS_PER_SEAT_WITH_TWO_PLAYERS
    return num_players


def round_start_player(start_player: Seat, round_index: int, num_players: int) -> Seat:
    """Step 5: "The start player passes to the left" after every round."""
    return (start_player + round_index) % num_players


def dropper(round_start: Seat, drop: int, num_players: int) -> Seat:
    """Step 2: drops start with the start player "and pass to the left" (clockwise).

    With two players this alternates start, other, start, other.

    >>> [dropper(1, drop, 2) for drop in range(4)]
    [1, 0, 1, 0]
    """
    return (round_start + drop) % num_players


def draw_weights(bag: ColourCounts) -> list[tuple[Action, int]]:
    """The chance outcomes of a draw: each colour left in the bag, weighted by its count."""
    return [(colour, bag[colour]) for colour in COLOURS if bag[colour] > 0]


def draw_key(round_index: int, drop: int, marble_index: int) -> int:
    """The paired-luck name of the ``marble_index``-th draw of a drop."""
    return event_key(DRAW_EVENT_KIND, round_index, drop, marble_index)


def take_from(bag: ColourCounts, colour: int) -> ColourCounts:
    """``bag`` with one marble of ``colour`` removed (the caller checked it is there)."""
    counts = list(bag)
    counts[colour] -= 1
    return (counts[0], counts[1], counts[2], counts[3])


def add_to(hand: ColourCounts, colour: int) -> ColourCounts:
    """``hand`` with one more marble of ``colour``."""
    counts = list(hand)
    counts[colour] += 1
    return (counts[0], counts[1], counts[2], counts[3])
