"""A game's view type: where a view that game-blind code holds enters the game's code.

``State.view`` is typed ``object``, since a state may be of any game. Code written for one
game (its notation, its renderer, its evaluation, its tensor) takes the game's own view
type; the game's ``ViewType`` stands between, and its check is the only one made.

>>> from cheese.engine.cheese_chasers.view import VIEW_TYPE
>>> VIEW_TYPE.of("a board")
Traceback (most recent call last):
...
TypeError: expected a Cheese Chasers view, got str
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

ViewT = TypeVar("ViewT")
ViewT_co = TypeVar("ViewT_co", covariant=True)
ResultT = TypeVar("ResultT")


@dataclass(frozen=True, slots=True)
class ViewType(Generic[ViewT_co]):
    """The class of a game's views and the game's title (for the error message)."""

    cls: type[ViewT_co]
    game_title: str

    def of(self, view: object) -> ViewT_co:
        """``view`` as the game's view; ``TypeError`` for another game's or none."""
        if not isinstance(view, self.cls):
            raise TypeError(f"expected a {self.game_title} view, got {type(view).__name__}")
        return view

    def each_of(self, views: object) -> tuple[ViewT_co, ...]:
        """Every seat's view, from ``State.revealed_view()`` of a game that adds nothing
        to them (a tuple of views in seat order)."""
        if not isinstance(views, tuple):
            raise TypeError(
                f"expected every seat's {self.game_title} view, got {type(views).__name__}"
            )
        return tuple(self.of(view) for view in views)


@dataclass(frozen=True, slots=True)
class ViewFunction(Generic[ViewT, ResultT]):
    """A function of one game's views that game-blind code may call with any view.

    >>> from cheese.engine.cheese_chasers.view import VIEW_TYPE, ChasersView
    >>> pending = ViewFunction(VIEW_TYPE, lambda view: view.pending)
    >>> pending(ChasersView(cards=(), last=None, pending=2, left=(1, 2, 3, 4), ending=None))
    2
    """

    view_type: ViewType[ViewT]
    function: Callable[[ViewT], ResultT]

    def __call__(self, view: object) -> ResultT:
        return self.function(self.view_type.of(view))
