"""The vocabulary of Cheese Drop: ids, counts, phases and the marble value type.

Ids are small ints so they pass to the C engine unchanged. Internally lanes, slots and
events count from 0; people see lanes 1–6 and events 1–7 (see ``notation``).

>>> COLOUR_LETTERS[MOUSE], LANE_COUNT, EVENT_COUNT
('M', 6, 7)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TypeAlias

Colour: TypeAlias = int
Lane: TypeAlias = int
Slot: TypeAlias = int
Event: TypeAlias = int
Column: TypeAlias = int
"""A betting column: 0..5 are the lane columns, 6..12 the event columns 1..7."""
Bets: TypeAlias = tuple[tuple[Column, ...], ...]
"""Per seat, the columns holding its betting pieces, ascending."""
ColourCounts: TypeAlias = tuple[int, int, int, int]
"""Marbles per colour, indexed by ``Colour`` (cheese, apple, mouse, cat)."""

CHEESE: Colour = 0
APPLE: Colour = 1
MOUSE: Colour = 2
CAT: Colour = 3
COLOURS: tuple[Colour, ...] = (CHEESE, APPLE, MOUSE, CAT)
COLOUR_LETTERS = "YRMC"
"""Yellow (cheese), red (apple), grey (mouse), white (cat): the rulebook's marble colours."""
COLOUR_NAMES: tuple[str, ...] = ("cheese", "apple", "mouse", "cat")

LANE_COUNT = 6
SLOT_COUNT = 6
"""One gate slot above each lane."""
EVENT_COUNT = 7
ROUNDS = 3
NO_MARBLES: ColourCounts = (0, 0, 0, 0)


class Phase(IntEnum):
    """What the game waits for: a chance draw, a gate, a chance deflection, a bet, nothing."""

    DRAW = 0
    GATE = 1
    FALL = 2
    BET = 3
    OVER = 4


@dataclass(frozen=True, slots=True)
class Marble:
    """One marble behind the gate or on the slope.

    ``seen_lane`` is its lane after ``min(rows_fallen, rows - hidden_rows)`` rows: the lane
    everyone saw it take under the cover (its current lane while it is still visible).
    ``lane`` is where it really is after ``rows_fallen`` rows; once it is under the cover
    only the state knows it, until the round is scored.
    """

    colour: Colour
    drop: int
    slot: Slot
    rows_fallen: int
    seen_lane: Lane
    lane: Lane


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A scored round, public once the cover is lifted: the marbles in each lane (counts
    per colour), every seat's pieces, and every seat's points for the round."""

    lanes: tuple[ColourCounts, ...]
    bets: Bets
    points: tuple[int, ...]
