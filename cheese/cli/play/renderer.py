"""What a game's renderer offers the session: screens, choices, and move descriptions.

A renderer only ever receives views (``state.view(seat)``) and public facts (the options,
the names, the person's legal actions), never a state: what it draws is what the seat
knows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.rule import Rule
from rich.table import Table as RichTable
from rich.text import Text

from cheese.engine import Action, Seat
from cheese.engine.api import OptionValue
from cheese.engine.views import ViewType

ViewT = TypeVar("ViewT")
RevealedT = TypeVar("RevealedT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
RevealedT_contra = TypeVar("RevealedT_contra", contravariant=True)

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
    refusals: tuple[tuple[int, str], ...] = ()
    """For numbers the screen shows beside the question's things, why one would not be an
    answer (``(6, "Lane 6 is full")``); the menu says it of those that are not."""


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
    """One game's terminal rendering as the session calls it, with views of any game;
    ``cheese.cli.play.renderers`` finds a game's through its description."""

    @property
    def title(self) -> str: ...

    @property
    def default_opponent(self) -> str:
        """The bot spec that plays the other seats (and gives hints) unless ``--vs`` names
        one."""
        ...

    @property
    def notation_help(self) -> str:
        """How moves are written in the game's notation, for ``help``."""
        ...

    def player_label(self, table: Table, seat: Seat) -> Text:
        """How the screen names ``seat``: its marker and its player."""
        ...

    def typed_move(self, view: object, text: str) -> str:
        """A move the person typed with the screen's numbers, in the engine's notation
        (``ActionSyntaxError``, in the screen's numbers, for text that is no move)."""
        ...

    def shown_move(self, view: object, text: str) -> str:
        """A move in the engine's notation (``view`` is the mover's), with the screen's
        numbers, as the person would type it."""
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


class GameRenderer(Protocol[ViewT_contra, RevealedT_contra]):
    """One game's terminal rendering written for its own view types: the ``Renderer``
    methods, each taking the game's view (and ``revealed_board`` its revealed view)."""

    title: str
    default_opponent: str
    notation_help: str

    def player_label(self, table: Table, seat: Seat) -> Text: ...

    def typed_move(self, view: ViewT_contra, text: str) -> str: ...

    def shown_move(self, view: ViewT_contra, text: str) -> str: ...

    def board(self, view: ViewT_contra, table: Table) -> RenderableType: ...

    def revealed_board(self, revealed: RevealedT_contra, table: Table) -> RenderableType: ...

    def choice_path(self, view: ViewT_contra, action: Action, text: str) -> tuple[Step, ...]: ...

    def describe(
        self, before: ViewT_contra, after: ViewT_contra, mover: Seat, table: Table
    ) -> Text | None: ...

    def scored(
        self, before: ViewT_contra, after: ViewT_contra, table: Table
    ) -> Sequence[RenderableType]: ...

    def resolution(self, final: ViewT_contra, table: Table) -> Sequence[RenderableType]: ...


@dataclass(frozen=True, slots=True)
class CheckedRenderer(Generic[ViewT, RevealedT]):
    """A game's renderer offered to the session: each view is checked once, by the
    game's view type, on its way to the game's own code."""

    game: GameRenderer[ViewT, RevealedT]
    view_type: ViewType[ViewT]
    revealed: Callable[[object], RevealedT]
    """``State.revealed_view()`` as the game's revealed view (checked)."""

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def default_opponent(self) -> str:
        return self.game.default_opponent

    @property
    def notation_help(self) -> str:
        return self.game.notation_help

    def player_label(self, table: Table, seat: Seat) -> Text:
        return self.game.player_label(table, seat)

    def typed_move(self, view: object, text: str) -> str:
        return self.game.typed_move(self.view_type.of(view), text)

    def shown_move(self, view: object, text: str) -> str:
        return self.game.shown_move(self.view_type.of(view), text)

    def board(self, view: object, table: Table) -> RenderableType:
        return self.game.board(self.view_type.of(view), table)

    def revealed_board(self, revealed: object, table: Table) -> RenderableType:
        return self.game.revealed_board(self.revealed(revealed), table)

    def choice_path(self, view: object, action: Action, text: str) -> tuple[Step, ...]:
        return self.game.choice_path(self.view_type.of(view), action, text)

    def describe(self, before: object, after: object, mover: Seat, table: Table) -> Text | None:
        of = self.view_type.of
        return self.game.describe(of(before), of(after), mover, table)

    def scored(self, before: object, after: object, table: Table) -> Sequence[RenderableType]:
        return self.game.scored(self.view_type.of(before), self.view_type.of(after), table)

    def resolution(self, final: object, table: Table) -> Sequence[RenderableType]:
        return self.game.resolution(self.view_type.of(final), table)


def seat_text(table: Table, seat: Seat, marker: str) -> Text:
    """``marker`` and the player's name in the seat's colour: ``b you``, ``P2 mcts``."""
    return Text.assemble((marker, table.style(seat)), " ", table.names[seat])


@dataclass(frozen=True, slots=True)
class Flow:
    """Items on as few lines as fit the width, a line broken only between two items.

    >>> from rich.console import Console
    >>> console = Console(width=20, color_system=None)
    >>> console.print(Flow(tuple(Text(word) for word in ("P1 you", "P2 greedy", "P3 mcts"))))
    P1 you · P2 greedy
    P3 mcts
    """

    items: tuple[Text, ...]
    gap: str = " · "
    style: str = ""

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [len(item.plain) for item in self.items] or [0]
        whole = sum(widths) + len(self.gap) * (len(widths) - 1)
        return Measurement(max(widths), min(whole, options.max_width))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = Text(style=self.style)
        for item in self.items:
            if line.plain and len(line.plain) + len(self.gap) + len(item.plain) > width:
                yield line
                line = Text(style=self.style)
            if line.plain:
                line.append(self.gap)
            line.append_text(item)
        yield line


@dataclass(frozen=True, slots=True)
class Legend:
    """Entries of a key in aligned columns, as many across as fit the width, read row by
    row; an entry is never broken.

    >>> from rich.console import Console
    >>> console = Console(width=30, color_system=None)
    >>> console.print(Legend(("m mouse", "B big mouse", "c cat", "D dog", "K king mouse")))
    m mouse       B big mouse
    c cat         D dog
    K king mouse
    """

    entries: tuple[str, ...]
    style: str = "dim"
    gap: int = 2

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        column = max(len(entry) for entry in self.entries) + self.gap
        across = max(1, (options.max_width + self.gap) // column)
        for first in range(0, len(self.entries), across):
            row = self.entries[first : first + across]
            yield Text("".join(entry.ljust(column) for entry in row).rstrip(), style=self.style)


def places(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Each seat's place (1 is first) when a higher key is better; equal keys share.

    >>> places([(5, 0), (7, 1), (5, 0), (5, 1)])
    (3, 1, 3, 2)
    """
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def in_words(names: Sequence[str]) -> str:
    """``names`` as a sentence lists them.

    >>> in_words(["points"]), in_words(["points", "king mice", "mice"])
    ('points', 'points, king mice and mice')
    """
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" and {names[-1]}"


def add_player_column(table: RichTable) -> None:
    """Add the "player" column to a table of players: folded where a label is too long
    for its width, never cut, because a spec cut short reads as another bot
    ("mcts:iterations=1500…" for ``mcts:iterations=15000,infer=policy``)."""
    table.add_column("player", overflow="fold")


def standings_table(
    labels: Sequence[Text],
    keys: Sequence[tuple[int, ...]],
    columns: Sequence[str],
    details: Sequence[tuple[str, Sequence[str]]] = (),
) -> RenderableType:
    """Players best first with their place (``2=`` when shared), the ``details`` columns
    (a name and a cell per seat), then the columns of their key (the points first, then
    what breaks a tie on points, in order); then a line per tie on points saying how it
    was broken or that the place is shared.

    >>> from rich.console import Console
    >>> console = Console(width=60, color_system=None)
    >>> names = [Text(name) for name in ("P1 you", "P2 mcts", "P3 greedy")]
    >>> console.print(standings_table(names, [(6, 1), (6, 2), (6, 1)], ("points", "kings")))
    place  player     points  kings
        1  P2 mcts         6      2
       2=  P1 you          6      1
       2=  P3 greedy       6      1
    P2 mcts ahead of P1 you: equal points, more kings (2 to 1)
    P1 you and P3 greedy share place 2: equal points and kings
    """
    order = sorted(range(len(keys)), key=lambda seat: ([-value for value in keys[seat]], seat))
    placed = places(keys)
    result = RichTable(box=None, pad_edge=False, show_edge=False, header_style="bold")
    result.add_column("place", justify="right")
    add_player_column(result)
    for name, _ in details:
        result.add_column(name, justify="right")
    for name in columns:
        result.add_column(name, justify="right")
    for seat in order:
        shared = placed.count(placed[seat]) > 1
        result.add_row(
            f"{placed[seat]}{'=' if shared else ''}",
            labels[seat],
            *(cells[seat] for _, cells in details),
            *(str(value) for value in keys[seat]),
        )
    notes: list[Text] = []
    for ahead, behind in zip(order, order[1:]):
        if keys[ahead][0] != keys[behind][0]:
            continue
        broken = next(
            (index for index, (a, b) in enumerate(zip(keys[ahead], keys[behind])) if a != b),
            None,
        )
        if broken is None:
            tied = in_words(columns)
            notes.append(
                Text.assemble(labels[ahead], " and ", labels[behind])
                + f" share place {placed[ahead]}: equal {tied}"
            )
        else:
            equal = in_words(columns[:broken])
            notes.append(
                Text.assemble(labels[ahead], " ahead of ", labels[behind])
                + f": equal {equal}, more {columns[broken]} "
                f"({keys[ahead][broken]} to {keys[behind][broken]})"
            )
    return Group(result, *notes) if notes else result


@dataclass(frozen=True, slots=True)
class Title:
    """A screen's title: its parts in a rule across the width when they fit on it, else
    the parts on as few lines as they need (broken between parts) above a plain rule, so
    no part is ever cut.

    >>> from rich.console import Console
    >>> console = Console(width=30, color_system=None)
    >>> console.print(Title(("Cheese Drop", "seed 3")))
    ──── Cheese Drop · seed 3 ────
    >>> console.print(Title(("Get The Cheese!", "seed 123456789", "move 4/36")))
    Get The Cheese!
    seed 123456789 · move 4/36
    ──────────────────────────────
    """

    parts: tuple[str, ...]
    style: str = "dim"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        whole = " · ".join(self.parts)
        if len(whole) + 4 <= options.max_width:
            yield Rule(whole, style=self.style)
            return
        yield Flow(tuple(Text(part) for part in self.parts))
        yield Rule(style=self.style)
