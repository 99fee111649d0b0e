"""What a game's model of the lines after one decision offers the searches."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, TypeVar

from cheese.engine import Action

NodeT = TypeVar("NodeT", bound=Hashable)


class Lines(Protocol[NodeT]):
    """The lines that follow one decision, modelled for the searching seat alone.

    Its own moves are searched; the other seats' replies are predicted by the model and
    folded into ``after``; a line's end is valued exactly (``end_value``). A game offers
    lines where such a model is both small and better than sampled playouts: Cheese
    Drop's bets, whose only luck left (the lanes under the cover) can be averaged
    exactly and whose other seats value their bets as the evaluation does.
    """

    width: int
    """How many of its best moves the searching seat is worth trying at its later turns."""

    @property
    def root(self) -> NodeT:
        """The node of the decision itself (the seat to move)."""
        ...

    def moves(self, node: NodeT) -> Sequence[Action]:
        """The searching seat's moves at ``node`` worth searching, best one-ply value
        first: every legal move, unless the model knows one that none can better."""
        ...

    def after(self, node: NodeT, move: Action) -> NodeT:
        """The node after ``move`` and the predicted replies: the seat's next turn or an end."""
        ...

    def is_end(self, node: NodeT) -> bool:
        ...

    def end_value(self, node: NodeT) -> float:
        """The searching seat's reward at an end (see ``cheese.bots.search.rewards``)."""
        ...
