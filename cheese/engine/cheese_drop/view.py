"""What a seat knows: everything except where the marbles under the cover went.

Rules, "What players see": each marble's colour, its gate slot, and its lane as it
passes under the cover; final lanes only at scoring. Every seat sees the same, so views
of different seats differ only in ``seat``.
"""

from __future__ import annotations

from dataclasses import dataclass

from cheese.engine.api import Seat
from cheese.engine.cheese_drop.core import (
    Bets,
    Colour,
    ColourCounts,
    Lane,
    Marble,
    Phase,
    RoundResult,
    Slot,
)


@dataclass(frozen=True, slots=True)
class MarbleView:
    """A marble of the round in progress as everyone sees it.

    ``seen_lane`` is its current lane while it is above the cover, then the lane it
    took under the cover.
    """

    colour: Colour
    drop: int
    slot: Slot
    rows_fallen: int
    seen_lane: Lane

    @classmethod
    def of(cls, marble: Marble) -> MarbleView:
        return cls(marble.colour, marble.drop, marble.slot, marble.rows_fallen, marble.seen_lane)


@dataclass(frozen=True, slots=True)
class DropView:
    """Exactly what ``seat`` knows (the same for every seat but ``seat``)."""

    seat: Seat
    num_players: int
    round: int
    drop: int
    phase: Phase
    current_player: Seat
    totals: tuple[int, ...]
    bag: ColourCounts
    """Marbles still in the bag."""
    hand: ColourCounts
    """Marbles drawn for the current drop, not yet behind the gate."""
    marbles: tuple[MarbleView, ...]
    """This round's marbles released so far, in drop order then slot order."""
    bets: Bets
    results: tuple[RoundResult, ...]
    """The rounds already scored."""
