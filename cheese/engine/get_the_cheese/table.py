"""The position on the table: cheese circle, lines of animals, hands, decks.

A deck is never an order: it is the seat's composition minus what it drew, kept as
counts per kind, so the next card is a chance event weighted by those counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from cheese.engine.api import Seat
from cheese.engine.get_the_cheese.cards import EMPTY_PILE, Kind, Pile, pile_size
from cheese.engine.get_the_cheese.moves import is_placed_face_down
from cheese.engine.get_the_cheese.resolve import Animal


@dataclass(frozen=True, slots=True)
class PlacedCard:
    """An animal in a cheese's line and how it was played."""

    owner: Seat
    kind: Kind
    position: int
    """1, 2 or 3: the card's place in the play that put it there."""

    @property
    def face_down(self) -> bool:
        return is_placed_face_down(self.kind, self.position)

    def animal(self) -> Animal:
        return Animal(self.owner, self.kind)


Line: TypeAlias = tuple[PlacedCard, ...]
"""A cheese's line from the cheese outward: index 0 was placed first."""


@dataclass(frozen=True, slots=True)
class Table:
    """Everything on and around the table at one moment."""

    cheeses: tuple[int, ...]
    """The cheese circle dealt so far, by circle index."""
    lines: tuple[Line, ...]
    """One line per cheese of the full circle (empty until animals arrive)."""
    hands: tuple[Pile, ...]
    decks: tuple[Pile, ...]
    owed: tuple[int, ...]
    """Cards each seat still has to draw (3 after the deal or a draw, then down to 0)."""
    to_move: Seat
    """The seat that decides once pending chance events are resolved."""

    @classmethod
    def empty(cls, num_players: int, cheese_count: int, composition: Pile, to_move: Seat) -> Table:
        """Before setup: no cheese dealt, full decks, empty hands."""
        return cls(
            cheeses=(),
            lines=((),) * cheese_count,
            hands=(EMPTY_PILE,) * num_players,
            decks=(composition,) * num_players,
            owed=(0,) * num_players,
            to_move=to_move,
        )

    @property
    def num_players(self) -> int:
        return len(self.hands)

    @property
    def cheese_count(self) -> int:
        return len(self.lines)

    def hand_size(self, seat: Seat) -> int:
        return pile_size(self.hands[seat])

    def deck_size(self, seat: Seat) -> int:
        return pile_size(self.decks[seat])

    def has_cards(self, seat: Seat) -> bool:
        """Whether ``seat`` still holds or has to draw any card (else it is skipped)."""
        return self.hand_size(seat) > 0 or self.deck_size(seat) > 0

    def placed(self, seat: Seat) -> list[PlacedCard]:
        """``seat``'s cards on the table, by cheese index then line index."""
        return [card for line in self.lines for card in line if card.owner == seat]
