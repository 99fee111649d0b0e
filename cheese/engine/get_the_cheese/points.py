"""Where each player's points came from: every card won at the end, by cheese and source.

Every card in a score pile got there in one of four ways, each a step of the rules'
"End of game: resolving each cheese" (the card's value, from "Scoring and winner", is
what it adds):

- ``Source.CATS_CHASED``, step 1 (dogs): another player's cat beside the seat's dog, 3.
- ``Source.MICE_CAUGHT``, step 2 (cats): another player's mouse of any kind, king mice
  included, caught by the seat's cat: 1, or 2 for a big mouse.
- ``Source.KING_MICE_FED``, steps 3 and 4 (king mice to the front, then the cheese): the
  seat's own king mice that eat, 1 each.
- ``Source.MICE_FED``, step 4 (the cheese): the seat's own other mice that eat, 1, or 2
  for a big mouse.

So a seat's points by source always add up to its score. The worked line of the rules:

>>> from cheese.engine.get_the_cheese.cards import MOUSE, BIG_MOUSE, CAT, DOG, KING_MOUSE
>>> R, B, G = 3, 0, 1
>>> line = [Animal(R, MOUSE), Animal(B, MOUSE), Animal(G, CAT), Animal(R, BIG_MOUSE),
...         Animal(B, DOG), Animal(R, CAT), Animal(G, MOUSE), Animal(G, KING_MOUSE)]
>>> points = points_by_source(5, [(3, line)])
>>> [source.value for source in SOURCES]
['cats chased', 'mice caught', 'king mice fed', 'mice fed']
>>> points.row(B), points.row(G), points.row(R), points.totals()
((3, 0, 0, 0), (0, 2, 1, 1), (0, 0, 0, 2), (3, 4, 0, 2, 0))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from cheese.engine.api import Seat, State
from cheese.engine.get_the_cheese.cards import CARD_VALUES, KING_MOUSE
from cheese.engine.get_the_cheese.resolve import Animal, Gain, resolve_steps
from cheese.engine.get_the_cheese.view import VIEW_TYPE, CardView, GtcView, revealed_lines


class Source(Enum):
    """How a card reached a score pile; the value names it as the screens do."""

    CATS_CHASED = "cats chased"
    MICE_CAUGHT = "mice caught"
    KING_MICE_FED = "king mice fed"
    MICE_FED = "mice fed"


SOURCES: tuple[Source, ...] = tuple(Source)
"""The sources in the order of the rules' steps."""


@dataclass(frozen=True, slots=True)
class Scored:
    """One card won at the end: at which cheese (its index), how, and the card itself
    (``gain.seat`` wins it, ``gain.owner`` is the card's colour)."""

    cheese: int
    source: Source
    gain: Gain

    @property
    def points(self) -> int:
        return CARD_VALUES[self.gain.kind]


@dataclass(frozen=True, slots=True)
class PointsBySource:
    """Every card won at the end, cheese by cheese, each step's cards in the rules' order."""

    num_players: int
    scored: tuple[Scored, ...]

    def points(self, seat: Seat, source: Source) -> int:
        """The points ``seat`` won from ``source`` over all cheeses."""
        return sum(
            item.points for item in self.scored if item.gain.seat == seat and item.source == source
        )

    def row(self, seat: Seat) -> tuple[int, ...]:
        """The points ``seat`` won from each source, in ``SOURCES`` order."""
        return tuple(self.points(seat, source) for source in SOURCES)

    def totals(self) -> tuple[int, ...]:
        """Each seat's points: its row's sum, which is its score."""
        return tuple(sum(self.row(seat)) for seat in range(self.num_players))

    def at(self, cheese: int) -> PointsBySource:
        """Only the cards won at the cheese of index ``cheese``."""
        return PointsBySource(
            self.num_players, tuple(item for item in self.scored if item.cheese == cheese)
        )


def _classified(cheese: int, value: int, line: Sequence[Animal]) -> Iterable[Scored]:
    steps = resolve_steps(value, line)
    for gain in steps.chased:
        yield Scored(cheese, Source.CATS_CHASED, gain)
    for gain in steps.caught:
        yield Scored(cheese, Source.MICE_CAUGHT, gain)
    for gain in steps.fed:
        kings = gain.kind == KING_MOUSE
        yield Scored(cheese, Source.KING_MICE_FED if kings else Source.MICE_FED, gain)


def points_by_source(
    num_players: int, cheeses: Iterable[tuple[int, Sequence[Animal]]]
) -> PointsBySource:
    """Every card won when each (cheese value, line) is resolved, with its source."""
    return PointsBySource(
        num_players,
        tuple(
            item
            for index, (value, line) in enumerate(cheeses)
            for item in _classified(index, value, line)
        ),
    )


def _animals(line: Sequence[CardView]) -> list[Animal]:
    if any(card.kind < 0 for card in line):
        raise ValueError(
            "a card of the line is face down and unknown to this view; ask with a final "
            "view, or with every seat's view (points_of_state)"
        )
    return [Animal(card.owner, card.kind) for card in line]


def _of_lines(view: GtcView, lines: Sequence[Sequence[CardView]]) -> PointsBySource:
    # Until the circle is dealt, a line waits for a cheese that is not there yet (and is
    # empty): only the dealt cheeses are resolved.
    return points_by_source(
        view.num_players,
        ((value, _animals(line)) for value, line in zip(view.cheeses, lines, strict=False)),
    )


def points_of_view(view: GtcView) -> PointsBySource:
    """The points by source of a view that sees every card: any seat's view of a
    finished game (``ValueError`` if a card is still unknown to it)."""
    return _of_lines(view, view.lines)


def points_of_state(state: State) -> PointsBySource:
    """The points by source if ``state``'s lines were resolved now (at the end, the
    final scores), from every seat's view: the same for both backends."""
    views = VIEW_TYPE.each_of(state.revealed_view())
    return _of_lines(views[0], revealed_lines(views))
