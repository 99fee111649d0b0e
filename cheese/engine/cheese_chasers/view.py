"""What the player knows: everything on the table and the counts left in the deck.

Cheese Chasers hides nothing but the order of the face-down deck, so the view is the
whole position. Both backends produce this same value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from cheese.engine.cheese_chasers.board import Cell, PlacedCard, table_of
from cheese.engine.cheese_chasers.cards import Kind
from cheese.engine.cheese_chasers.options import INFO
from cheese.engine.views import ViewType

Ending: TypeAlias = Literal["complete", "trapped", "enclosed"]
"""Why a game ended: all cards placed, 3 active traps, or no empty cell for a drawn card."""
ENDINGS: tuple[Ending, ...] = ("complete", "trapped", "enclosed")
EARLY_ENDINGS: frozenset[Ending] = frozenset({"trapped", "enclosed"})
"""The endings that lose the game before its natural end (every card placed)."""


@dataclass(frozen=True, slots=True)
class ChasersView:
    """The public position.

    ``cards`` is the table as a sorted tuple of ``(x, y, kind)``; ``last`` the cell of the
    previously placed card (``None`` before the first card); ``pending`` the drawn card
    waiting to be placed (``None`` at a draw; after an "enclosed" ending it is the card
    that found no cell); ``left`` the cards still in the deck by kind; ``ending`` why the
    game ended, or ``None`` while it goes on.
    """

    cards: tuple[PlacedCard, ...]
    last: Cell | None
    pending: Kind | None
    left: tuple[int, int, int, int]
    ending: Ending | None

    @property
    def awaits_draw(self) -> bool:
        """Whether the next event is a draw from the deck (a chance node)."""
        return self.ending is None and self.pending is None

    def table(self) -> dict[Cell, Kind]:
        """The table as a mapping from cell to kind."""
        return table_of(self.cards)


VIEW_TYPE = ViewType(ChasersView, INFO.title)


def view_ended_early(view: ChasersView) -> bool:
    """Whether ``view`` is of a game lost before its natural end."""
    return view.ending in EARLY_ENDINGS
