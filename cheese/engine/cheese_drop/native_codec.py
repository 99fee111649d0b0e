"""The Python half of the C engine (``cheese/engine/native/cdp.c``): options in, views out.

Options are validated by the reference parser and passed to ``cdp_init`` as five ints;
views come back as the flat ints ``cdp_view`` writes and become the same ``DropView``
the reference engine builds. Notation is the reference's own.

>>> CODEC.parse_options(3, {"simple": True})[1]
[1, 2, 6, 3, 0]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from cheese.engine.api import Action, GameInfo, OptionValue, Seat
from cheese.engine.cheese_drop import notation
from cheese.engine.cheese_drop.core import (
    COLOURS,
    EVENT_COUNT,
    LANE_COUNT,
    Bets,
    Column,
    Marble,
    Phase,
    RoundResult,
)
from cheese.engine.cheese_drop.options import INFO, check_players, parse_options
from cheese.engine.cheese_drop.view import DropView, MarbleView

COLUMN_COUNT = LANE_COUNT + EVENT_COUNT


@dataclass(frozen=True, slots=True)
class DropCodec:
    """Options, views and notation of the native Cheese Drop."""

    prefix: str = "cdp"
    info: GameInfo = INFO

    def parse_options(
        self, num_players: int, options: Mapping[str, OptionValue]
    ) -> tuple[Mapping[str, OptionValue], list[int]]:
        """The normalised options and ``cdp_init``'s ints: simple, cells per column,
        rows, hidden rows, start player. More cells than players play alike (a column
        never holds two pieces of one seat), so the cells are capped at the player count."""
        players = check_players(num_players)
        parsed = parse_options(players, options)
        ints = [
            int(parsed.simple),
            min(parsed.cells_per_column, players),
            parsed.rows,
            parsed.hidden_rows,
            parsed.start_player,
        ]
        return parsed.as_dict(), ints

    def decode_view(
        self, seat: Seat, ints: Sequence[int], options: Mapping[str, OptionValue]
    ) -> DropView:
        """The ``DropView`` that ``cdp_view`` wrote as flat ints (layout in cdp.c)."""
        read = iter(ints)
        view_seat, players, round_index, drop, phase, current = _take(read, 6)
        totals = _take(read, players)
        bag, hand = _colour_counts(read), _colour_counts(read)
        marbles = tuple(MarbleView(*_take(read, 5)) for _ in range(next(read)))
        bets = _bets(read, players)
        results = tuple(_round_result(read, players) for _ in range(next(read)))
        assert view_seat == seat and next(read, None) is None, "cdp_view wrote another layout"
        return DropView(
            seat, players, round_index, drop, Phase(phase), current, totals, bag, hand,
            marbles, bets, results,
        )

    def action_to_string(self, view: object, action: Action) -> str:
        assert isinstance(view, DropView)
        return notation.action_to_string(view, action)

    def parse_action(self, view: object, text: str) -> Action:
        assert isinstance(view, DropView)
        return notation.parse_action(view, text)


def _take(read: Iterator[int], count: int) -> tuple[int, ...]:
    return tuple(next(read) for _ in range(count))


def _colour_counts(read: Iterator[int]) -> tuple[int, int, int, int]:
    counts = _take(read, len(COLOURS))
    return (counts[0], counts[1], counts[2], counts[3])


def _columns(mask: int) -> tuple[Column, ...]:
    return tuple(column for column in range(COLUMN_COUNT) if mask >> column & 1)


def _bets(read: Iterator[int], players: int) -> Bets:
    return tuple(_columns(mask) for mask in _take(read, players))


def _round_result(read: Iterator[int], players: int) -> RoundResult:
    marbles = tuple(Marble(*_take(read, 6)) for _ in range(next(read)))
    bets = _bets(read, players)
    return RoundResult(marbles, bets, _take(read, players))


CODEC = DropCodec()
"""The codec the native bridge loads for ``cheese-drop``."""
