"""What a game's renderer offers the session: screens, choices, and move descriptions.

A renderer only ever receives views (``state.view(seat)``) and public facts (the options,
the names, the person's legal actions), never a state: what it draws is what the seat
knows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from rich.console import RenderableType
from rich.text import Text

from cheese.engine import Action, Seat
from cheese.engine.api import OptionValue

PLAYER_STYLES: tuple[str, ...] = (
    "bold blue",
    "bold green",
    "bold magenta",
    "bold red",
    "bold yellow",
)
"""A colour per seat, in seat order (Get The Cheese!'s blue, green, purple, red, yellow)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One level of a choice: the question asked and this choice's answer to it."""

    question: str
    label: str
    order: int = 0
    """Where this answer is listed among the question's answers (lower first; equal
    orders keep the order of the legal actions)."""
    number: int | None = None
    """The number the answer's thing has on the screen (a cheese's #3, a lane's 3), which
    the person types to pick it; None for answers that have no number of their own."""


@dataclass(frozen=True, slots=True)
class Table:
    """The public facts around the board: who sits where and how the game is set up."""

    seat: Seat
    """The person's seat (the seat whose view is drawn)."""
    names: tuple[str, ...]
    """Per seat, how the screen names its player (``you`` for the person)."""
    options: Mapping[str, OptionValue]
    seed: int
    legal: tuple[Action, ...] = ()
    """The person's legal actions when it is their decision, in canonical order."""

    @property
    def num_players(self) -> int:
        return len(self.names)

    def style(self, seat: Seat) -> str:
        return PLAYER_STYLES[seat % len(PLAYER_STYLES)]


class Renderer(Protocol):
    """One game's terminal rendering; see ``cheese.cli.play.renderers`` for the map."""

    title: str
    default_opponent: str
    """The bot spec that plays the other seats (and gives hints) unless ``--vs`` names one."""
    notation_help: str
    """How moves are written in the game's notation, for ``help``."""

    def player_label(self, table: Table, seat: Seat) -> Text:
        """How the screen names ``seat``: its marker and its player."""
        ...

    def board(self, view: object, table: Table) -> RenderableType:
        """The screen of the person's seat (``legal`` numbered where the game shows it)."""
        ...

    def revealed_board(self, revealed: object, table: Table) -> RenderableType:
        """The board with everything revealed: ``revealed`` is ``State.revealed_view()``."""
        ...

    def choice_path(self, view: object, action: Action, text: str) -> tuple[Step, ...]:
        """The steps that lead to ``action`` (``text`` is its notation) in the menu."""
        ...

    def describe(self, before: object, after: object, mover: Seat, table: Table) -> Text | None:
        """What the person saw ``mover`` do, from the person's views around the move."""
        ...

    def scored(self, before: object, after: object, table: Table) -> Sequence[RenderableType]:
        """Results that became public between two views (shown step by step), if any."""
        ...

    def resolution(self, final: object, table: Table) -> Sequence[RenderableType]:
        """The end of the game step by step, from the person's final view."""
        ...


def seat_text(table: Table, seat: Seat, marker: str) -> Text:
    """``marker`` and the player's name in the seat's colour: ``b you``, ``P2 mcts``."""
    return Text.assemble((marker, table.style(seat)), " ", table.names[seat])
