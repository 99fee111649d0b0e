"""The game's facts and options, validated once when a game starts.

>>> options = parse_options(4, {"simple": True, "hidden_rows": 6})
>>> options.pieces_per_player, options.column_count, options.visible_rows
(2, 6, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cheese.engine.api import GameInfo, OptionError, OptionValue
from cheese.engine.cheese_drop.core import EVENT_COUNT, LANE_COUNT
from cheese.engine.option_sets import option_values, refuse_unknown

INFO = GameInfo(
    slug="cheese-drop",
    title="Cheese Drop",
    min_players=2,
    max_players=5,
    default_players=2,
    description="Drop marbles through a pin board, then bet on where the cheese landed "
    "under the cover.",
)

OPTION_NAMES: tuple[str, ...] = (
    "simple",
    "cells_per_column",
    "rows",
    "hidden_rows",
    "start_player",
)
PIECES_PER_PLAYER = 3
PIECES_PER_PLAYER_SIMPLE = 2
MAX_ROWS = 255
"""The deflection's paired-luck key packs the row into 8 bits (``fall.deflection_key``)."""


@dataclass(frozen=True, slots=True)
class DropOptions:
    """A validated option set (see ``parse_options``); defaults are the published game."""

    simple: bool = False
    cells_per_column: int = 2
    rows: int = 6
    hidden_rows: int = 3
    start_player: int = 0

    @property
    def pieces_per_player(self) -> int:
        """Rules: 3 betting pieces each; the simple variant: 2."""
        return PIECES_PER_PLAYER_SIMPLE if self.simple else PIECES_PER_PLAYER

    @property
    def column_count(self) -> int:
        """6 lane columns, plus the 7 event columns unless the variant is simple."""
        return LANE_COUNT if self.simple else LANE_COUNT + EVENT_COUNT

    @property
    def visible_rows(self) -> int:
        """Pin rows above the cover: a marble's lane is seen after these rows."""
        return self.rows - self.hidden_rows

    def as_dict(self) -> dict[str, OptionValue]:
        return option_values(self)


def default_options() -> dict[str, OptionValue]:
    """Every option with its default value."""
    return DropOptions().as_dict()


def parse_options(num_players: int, options: Mapping[str, object]) -> DropOptions:
    """Validate ``options`` for ``num_players`` seats, filling in the defaults.

    Raises ``OptionError`` naming the bad option, the allowed values and what to pass.
    """
    refuse_unknown("cheese-drop", options, OPTION_NAMES)
    defaults = DropOptions()
    simple = options.get("simple", defaults.simple)
    if not isinstance(simple, bool):
        raise OptionError(f"simple={simple!r} is not allowed; pass True or False")
    cells = _int_option(options, "cells_per_column", defaults.cells_per_column, 1, None)
    rows = _int_option(options, "rows", defaults.rows, 0, MAX_ROWS)
    hidden_rows = _int_option(options, "hidden_rows", min(defaults.hidden_rows, rows), 0, rows)
    start_player = _int_option(options, "start_player", defaults.start_player, 0, num_players - 1)
    parsed = DropOptions(simple, cells, rows, hidden_rows, start_player)
    _check_everyone_can_bet(num_players, parsed)
    return parsed


def _int_option(
    options: Mapping[str, object], name: str, default: int, low: int, high: int | None
) -> int:
    value = options.get(name, default)
    in_range = (
        isinstance(value, int)
        and not isinstance(value, bool)
        and low <= value
        and (high is None or value <= high)
    )
    if not in_range:
        allowed = f"an integer ≥ {low}" if high is None else f"an integer from {low} to {high}"
        raise OptionError(f"{name}={value!r} is not allowed; pass {allowed} (default {default})")
    assert isinstance(value, int)
    return value


def can_run_out_of_cells(num_players: int, options: DropOptions) -> bool:
    """Whether some seat could ever find every column closed to it.

    A seat about to place its j-th piece is shut out of its own j−1 columns and of the
    columns the others have filled; the others have placed at most (players−1)·j pieces,
    which fill at most ⌊that / cells⌋ columns. The last piece is the tightest moment, so
    when (pieces−1) + ⌊(players−1)·pieces / cells⌋ < columns nobody is ever stuck.
    Otherwise the others can fill that many fresh columns (one piece per player per
    column, laid out round-robin) and shut out the seat that bets last, unless one of
    them is shut out first.
    """
    pieces = options.pieces_per_player
    blocked = (pieces - 1) + (num_players - 1) * pieces // options.cells_per_column
    return blocked >= options.column_count


def _check_everyone_can_bet(num_players: int, options: DropOptions) -> None:
    if can_run_out_of_cells(num_players, options):
        needed = next(
            cells
            for cells in range(options.cells_per_column + 1, num_players + 1)
            if not can_run_out_of_cells(
                num_players,
                DropOptions(options.simple, cells, options.rows, options.hidden_rows),
            )
        )
        variant = "the simple variant" if options.simple else "the full game"
        raise OptionError(
            f"cells_per_column={options.cells_per_column} is too few for {num_players} "
            f"players in {variant}: a player could find every column closed; pass "
            f"cells_per_column={needed} or more"
        )
