"""What a seat knows: everything except where the marbles under the cover went.

Rules, "What players see": each marble's colour, its gate slot, and its lane as it
passes under the cover; final lanes only at scoring. Every seat sees the same, so views
of different seats differ only in ``seat``.
"""

from __future__ import annotations

from dataclasses import dataclass

from cheese.engine.api import Seat
from cheese.engine.cheese_drop.betting import betting_order
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
from cheese.engine.cheese_drop.marbles import round_start_player
from cheese.engine.cheese_drop.options import INFO
from cheese.engine.views import ViewType


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


def betting_order_of(view: DropView, start_player: Seat) -> tuple[Seat, ...]:
    """The seats in the betting order of the round ``view`` shows (rules, step 3), from
    the public totals and the game's ``start_player`` option.

    >>> from cheese.engine.cheese_drop.core import Phase
    >>> view = DropView(0, 3, 1, 0, Phase.DRAW, -1, (4, 2, 2), (0,) * 4, (0,) * 4, (),
    ...                 ((), (), ()), ())
    >>> betting_order_of(view, start_player=0)
    (1, 2, 0)
    """
    start = round_start_player(start_player, view.round, view.num_players)
    return betting_order(view.num_players, view.round, start, view.totals)


@dataclass(frozen=True, slots=True)
class RevealedDropView:
    """Everything about a position (``State.revealed_view``): every seat's view, and
    where each marble of the round in progress really is, under the cover included.

    No seat sees ``lanes`` before the round is scored; only onlookers get this value.
    """

    views: tuple[DropView, ...]
    """Every seat's view, in seat order."""
    lanes: tuple[Lane, ...]
    """The real lane of each marble of ``views[0].marbles``, in the same order."""

    def is_covered(self, index: int, visible_rows: int) -> bool:
        """Whether marble ``index`` has passed a row under the cover, so its real lane is
        hidden from the players until the round is scored."""
        return self.views[0].marbles[index].rows_fallen > visible_rows


VIEW_TYPE = ViewType(DropView, INFO.title)
REVEALED_VIEW_TYPE = ViewType(RevealedDropView, INFO.title)
