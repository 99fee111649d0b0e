"""Cheese Chasers in the terminal: the grid around the cards, the drawn card, the score.

The legal cells for the drawn card carry their choice numbers on the grid; the last card
placed is in brackets, a mouse beside a cat (inactive) is a small ``m`` and an active
mousetrap reads ``T!`` (``[T!`` when it is the last card).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from cheese.cli.play.renderer import CheckedRenderer, Legend, Step, Table, seat_text
from cheese.engine import Action, Seat
from cheese.engine.cheese_chasers.activity import (
    LOSING_ACTIVE_TRAPS,
    is_active_mouse,
    is_active_trap,
)
from cheese.engine.cheese_chasers.board import DIRECTION_NAMES, Cell, neighbour
from cheese.engine.cheese_chasers.cards import KIND_LETTERS, KIND_NAMES, MOUSE, TRAP
from cheese.engine.cheese_chasers.points import points_by_source
from cheese.engine.cheese_chasers.scoring import TableScore, score_table
from cheese.engine.cheese_chasers.view import VIEW_TYPE, ChasersView
from cheese.words import counted

DEFAULT_OPPONENT = "expectimax"
"""The bot that gives hints: the strongest default one here (docs/playing.md)."""

KIND_STYLES: tuple[str, ...] = ("bold white", "bold red", "bold yellow", "bold magenta")
GRID_COLUMNS = 25
"""Cells shown across (3 characters each): the grid fits 80 columns."""
GRID_ROWS = 13
"""Rows shown during play: with the lines around it the screen fits 24 rows."""
LEGEND: tuple[str, ...] = (
    "M mouse",
    "m mouse by a cat",
    "C cat",
    "H cheese",
    "T mousetrap",
    "T! active trap",
    "[X] last card",
    "1-8 your choices",
)
"""The grid's key, one entry per symbol (a mouse beside a cat and an active trap are the
game's words for what scores nothing and what loses)."""


def _window(cells: Sequence[Cell], centre: Cell, rows: int) -> tuple[range, range]:
    """Columns and rows to draw: every cell of ``cells`` if they fit, else the part
    around ``centre``."""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]

    def span(low: int, high: int, middle: int, size: int) -> range:
        if high - low < size:
            return range(low, high + 1)
        first = min(max(low, middle - size // 2), high - size + 1)
        return range(first, first + size)

    return (
        span(min(xs), max(xs), centre[0], GRID_COLUMNS),
        span(min(ys), max(ys), centre[1], rows),
    )


def grid(view: ChasersView, targets: Sequence[Cell], rows_shown: int = GRID_ROWS) -> Text:
    """The table with ``targets`` numbered 1, 2, … (the drawn card's legal cells); a
    table too large for the screen is shown around the last card, with a note."""
    table = view.table()
    centre = view.last or (0, 0)
    columns, rows = _window([*table, *targets, centre], centre, rows_shown)
    numbers = {cell: index + 1 for index, cell in enumerate(targets)}
    text = Text()
    for y in rows:
        for x in columns:
            text.append_text(_cell(view, table, (x, y), numbers.get((x, y))))
        text.append("\n")
    text.rstrip()
    outside = sum(1 for x, y in table if x not in columns or y not in rows)
    if outside:
        text.append(
            f"\n({counted(outside, 'card')} outside this part of the table)",
            style="dim",
        )
    return text


def _cell(view: ChasersView, table: dict[Cell, int], cell: Cell, number: int | None) -> Text:
    if number is not None:
        return Text(f"{number:^3}", style="bold reverse")
    kind = table.get(cell)
    if kind is None:
        return Text(" · ", style="dim")
    letter = KIND_LETTERS[kind]
    if kind == MOUSE and not is_active_mouse(table, cell):
        letter = letter.lower()
    active = kind == TRAP and is_active_trap(table, cell)
    if cell == view.last:
        # Three characters a cell: an active trap keeps its "T!", so the closing bracket
        # gives way.
        shown = f"[{letter}!" if active else f"[{letter}]"
        return Text(shown, style=KIND_STYLES[kind] + " underline")
    return Text(f" {letter}{'!' if active else ' '}", style=KIND_STYLES[kind])


class CheeseChasersRenderer:
    """The renderer of ``cheese-chasers``."""

    title = "Cheese Chasers"
    default_opponent = DEFAULT_OPPONENT
    notation_help = (
        "Moves: the direction from the last card to the cell for the drawn card: "
        + " ".join(DIRECTION_NAMES)
        + " (N is up). The numbers on the grid are the same choices."
    )

    def player_label(self, table: Table, seat: Seat) -> Text:
        return seat_text(table, seat, f"P{seat + 1}")

    def typed_move(self, view: ChasersView, text: str) -> str:
        """Directions are the same words on the screen and in the notation."""
        return text

    def shown_move(self, view: ChasersView, text: str) -> str:
        return text

    def board(self, view: ChasersView, table: Table) -> RenderableType:
        score = score_table(view.table())
        drawn = (
            Text("drawn card: ") + Text(KIND_NAMES[view.pending], style=KIND_STYLES[view.pending])
            if view.pending is not None
            else Text("no card drawn")
        )
        left = " · ".join(
            f"{name} {count}" for count, name in zip(view.left, ("mice", "cats", "cheese", "traps"))
        )
        targets = [neighbour(view.last, action) for action in table.legal] if view.last else []
        return Group(
            Text.assemble(
                ("Cheese Chasers", "bold"),
                f" · {counted(len(view.cards), 'card')} placed · ",
                drawn,
            ),
            Text(f"left in the deck: {left}"),
            Text(f"active traps: {score.active_traps} ({LOSING_ACTIVE_TRAPS} lose) · ")
            + self._score(score),
            grid(view, targets),
            Legend(LEGEND),
        )

    def _score(self, score: TableScore) -> Text:
        parts = f"nice {score.nice} + bonus {score.bonus} + surrounded {score.surrounded}"
        if score.active_traps >= LOSING_ACTIVE_TRAPS:
            return Text("score 0: the game is lost")
        return Text(f"score so far {score.total} = {parts}")

    def revealed_board(self, revealed: tuple[ChasersView, ...], table: Table) -> RenderableType:
        return self.board(revealed[0], table)

    def choice_path(self, view: ChasersView, action: Action, text: str) -> tuple[Step, ...]:
        assert view.pending is not None, "a placement waits for its drawn card"
        return (Step(f"Where does the {KIND_NAMES[view.pending]} go?", DIRECTION_NAMES[action]),)

    def describe(
        self, before: ChasersView, after: ChasersView, mover: Seat, table: Table
    ) -> Text | None:
        return None

    def scored(
        self, before: ChasersView, after: ChasersView, table: Table
    ) -> Sequence[RenderableType]:
        return ()

    def resolution(self, final: ChasersView, table: Table) -> Sequence[RenderableType]:
        score = score_table(final.table())
        if final.ending == "enclosed" and final.pending is not None:
            verdict = (
                f"The drawn {KIND_NAMES[final.pending]} has no empty cell beside the last "
                "card: the game is lost, score 0."
            )
        elif final.ending == "trapped":
            verdict = f"{score.active_traps} active mousetraps: the game is lost, score 0."
        else:
            verdict = "Every card is placed: the table scores."
        return (
            Group(grid(final, [], rows_shown=len(final.cards)), Text(verdict, style="bold")),
            self._points(final),
        )

    def _points(self, final: ChasersView) -> RenderableType:
        """The score by part (rules, "Winning and scoring"), the parts adding up to it."""
        points = points_by_source(final)
        rows = RichTable(box=None, pad_edge=False, show_edge=False, show_header=False)
        rows.add_column(no_wrap=True)
        rows.add_column(justify="right")
        for name, value in (
            ("nice points (1 per active mouse)", points.nice),
            ("cheese bonus (1 per cheese by an active mouse)", points.bonus),
            ("surrounded cheese (10 alone, 20 each in a group)", points.surrounded),
            ("total", points.total),
        ):
            rows.add_row(name, str(value))
        lines: list[RenderableType] = [Text("Where the points came from", style="bold"), rows]
        if not points.complete and points.table:
            lines.append(
                Text(
                    f"a lost game scores 0: the table's {points.table} points do not count",
                    style="dim",
                )
            )
        return Group(*lines)


RENDERER = CheckedRenderer(CheeseChasersRenderer(), VIEW_TYPE, VIEW_TYPE.each_of)
