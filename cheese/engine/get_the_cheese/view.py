"""What one seat knows (rules, "What each player knows").

Public: every face-up card; each face-down card's owner and play position (a face-down
card played 2nd or 3rd must carry the face-down symbol); every hand and deck size; the
cheese circle. Private: the seat's own hand and face-down cards. At the end every card
is turned up and the score piles are known.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cheese.engine.api import TERMINAL, Seat
from cheese.engine.get_the_cheese.cards import Kind, Pile, pile_size
from cheese.engine.get_the_cheese.options import INFO
from cheese.engine.get_the_cheese.table import PlacedCard, Table
from cheese.engine.views import ViewType

UNKNOWN: Kind = -1
"""A face-down card the viewer cannot see, played first: it may be any kind."""
UNKNOWN_SYMBOL: Kind = -2
"""A face-down card the viewer cannot see, played 2nd or 3rd: it carries the face-down
symbol, so it is a mouse* or a cat*."""


@dataclass(frozen=True, slots=True)
class CardView:
    """A card in a line as the viewer sees it."""

    owner: Seat
    kind: Kind
    """The kind, or ``UNKNOWN`` / ``UNKNOWN_SYMBOL`` when the viewer cannot see it."""
    face_down: bool
    """Whether it was placed face down (it stays marked so after the final reveal)."""
    position: int
    """1, 2 or 3: its place in the play that put it there."""


@dataclass(frozen=True, slots=True)
class GtcView:
    """Everything ``seat`` knows, as a hashable value."""

    seat: Seat
    current_player: Seat
    to_move: Seat
    """The seat that decides once pending draws are done."""
    cheeses: tuple[int, ...]
    """The cheese circle dealt so far."""
    lines: tuple[tuple[CardView, ...], ...]
    """One line per cheese of the circle, from the cheese outward."""
    hand: Pile
    """The viewer's own hand, counts per kind."""
    hand_sizes: tuple[int, ...]
    deck_sizes: tuple[int, ...]
    owed: tuple[int, ...]
    """Cards each seat still has to draw before the next decision."""
    score_piles: tuple[Pile, ...] | None
    """Each seat's score pile (counts per kind) once the game is over, else None."""

    @property
    def num_players(self) -> int:
        return len(self.hand_sizes)

    @property
    def cheese_count(self) -> int:
        return len(self.lines)

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL


def card_view(card: PlacedCard, seat: Seat, revealed: bool) -> CardView:
    """How ``seat`` sees ``card``: face-up, own and (at the end) every card are known."""
    face_down = card.face_down
    if revealed or not face_down or card.owner == seat:
        kind = card.kind
    elif card.position == 1:
        kind = UNKNOWN
    else:
        kind = UNKNOWN_SYMBOL
    return CardView(card.owner, kind, face_down, card.position)


def view_of(
    table: Table,
    seat: Seat,
    current_player: Seat,
    score_piles: tuple[Pile, ...] | None,
) -> GtcView:
    """The view of ``seat`` of ``table`` (``score_piles`` given once the game is over)."""
    revealed = current_player == TERMINAL
    return GtcView(
        seat=seat,
        current_player=current_player,
        to_move=table.to_move,
        cheeses=table.cheeses,
        lines=tuple(
            tuple(card_view(card, seat, revealed) for card in line) for line in table.lines
        ),
        hand=table.hands[seat],
        hand_sizes=tuple(pile_size(hand) for hand in table.hands),
        deck_sizes=tuple(pile_size(deck) for deck in table.decks),
        owed=table.owed,
        score_piles=score_piles,
    )


def revealed_lines(views: Sequence[GtcView]) -> tuple[tuple[CardView, ...], ...]:
    """Every line with each card as its owner sees it, so every card is known: the
    table with everything revealed, from the views of all seats (seat order)."""
    return tuple(
        tuple(views[card.owner].lines[cheese][index] for index, card in enumerate(line))
        for cheese, line in enumerate(views[0].lines)
    )


VIEW_TYPE = ViewType(GtcView, INFO.title)
