"""The Python half of the C engine (``cheese/engine/native/cdp.c``): options in, views out.

Options are validated by the reference parser and passed to ``cdp_init`` as five ints;
views come back as the flat ints ``cdp_view`` writes and become the same ``DropView``
the reference engine builds. Notation is the reference's own.

>>> CODEC.parse_options(3, {"simple": True})[1]
[1, 2, 6, 3, 0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cheese.engine.api import Action, OptionValue, Seat
from cheese.engine.cheese_drop import notation
from cheese.engine.cheese_drop.core import (
    LANE_COUNT,
    ROUNDS,
    Bets,
    Column,
    Phase,
    RoundResult,
)
from cheese.engine.cheese_drop.options import parse_options
from cheese.engine.cheese_drop.view import VIEW_TYPE, DropView, MarbleView, RevealedDropView
from cheese.engine.description import ViewCodec
from cheese.engine.views import ViewType

OPTION_ORDER = ("simple", "cells_per_column", "rows", "hidden_rows", "start_player")
"""The options in ``cdp_init``'s ints, in this order (the C's ``option.*`` facts)."""

MARBLE_VIEW_INTS = 5
"""colour, drop, slot, rows fallen, lane seen"""

# Where ``cdp_state`` (cdp.c) keeps what ``revealed_view`` reads: byte offsets under the
# usual C layout (int32 totals[5], int16 points[3][5], uint16 bets[3][5], then bytes),
# held against the C's own (``cdp_facts``) by tests/engine/test_native_facts.py.
STATE_SIZE = 484
ROUND_OFFSET = 86
MARBLE_COUNT_OFFSET = 96
MARBLES_OFFSET = 122
"""``marbles[3][20]``, the struct's last field, each a ``cdp_marble`` of 6 bytes."""
MAX_ROUND_MARBLES = 20
MARBLE_SIZE = 6
LANE_IN_MARBLE = 5
"""colour, drop, slot, rows_fallen, seen_lane, lane"""


@dataclass(frozen=True, slots=True)
class DropCodec(ViewCodec[DropView, RevealedDropView]):
    """Options, views and notation of the native Cheese Drop."""

    @property
    def view_type(self) -> ViewType[DropView]:
        return VIEW_TYPE

    def parse_options(
        self, num_players: int, options: Mapping[str, OptionValue]
    ) -> tuple[Mapping[str, OptionValue], list[int]]:
        """The normalised options and ``cdp_init``'s ints: simple, cells per column,
        rows, hidden rows, start player. More cells than players play alike (a column
        never holds two pieces of one seat), so the cells are capped at the player count."""
        parsed = parse_options(num_players, options)
        values = {
            "simple": int(parsed.simple),
            "cells_per_column": min(parsed.cells_per_column, num_players),
            "rows": parsed.rows,
            "hidden_rows": parsed.hidden_rows,
            "start_player": parsed.start_player,
        }
        return parsed.as_dict(), [values[name] for name in OPTION_ORDER]

    def decode_view(
        self, seat: Seat, ints: Sequence[int], options: Mapping[str, OptionValue]
    ) -> DropView:
        """The ``DropView`` that ``cdp_view`` wrote as flat ints (layout in cdp.c)."""
        view_seat, players, round_index, drop, phase, current = ints[:6]
        at = 6
        totals = tuple(ints[at : at + players])
        bag, hand = _colour_counts(ints, at + players), _colour_counts(ints, at + players + 4)
        at += players + 8
        marbles, at = _marbles(ints, at)
        bets, at = _bets(ints, at, players)
        results: list[RoundResult] = []
        scored, at = ints[at], at + 1
        for _ in range(scored):
            lanes = tuple(_colour_counts(ints, at + 4 * lane) for lane in range(LANE_COUNT))
            result_bets, at = _bets(ints, at + 4 * LANE_COUNT, players)
            results.append(RoundResult(lanes, result_bets, tuple(ints[at : at + players])))
            at += players
        assert view_seat == seat and at == len(ints), "cdp_view wrote another layout"
        return DropView(
            seat, players, round_index, drop, Phase(phase), current, totals, bag, hand,
            marbles, bets, tuple(results),
        )

    def reveal(self, views: tuple[DropView, ...], state: bytes) -> RevealedDropView:
        """Every seat's view and the real lanes, read from the packed ``cdp_state``
        (the C view leaves them out: no seat may see them)."""
        assert len(state) == STATE_SIZE, "another layout"
        round_index = state[ROUND_OFFSET]
        if round_index == ROUNDS:
            return RevealedDropView(views, ())
        first = MARBLES_OFFSET + round_index * MAX_ROUND_MARBLES * MARBLE_SIZE
        count = state[MARBLE_COUNT_OFFSET + round_index]
        lanes = tuple(
            state[first + index * MARBLE_SIZE + LANE_IN_MARBLE] for index in range(count)
        )
        return RevealedDropView(views, lanes)

    def name_action(self, view: DropView, action: Action) -> str:
        return notation.action_to_string(view, action)

    def read_action(self, view: DropView, text: str) -> Action:
        return notation.parse_action(view, text)


def _marbles(ints: Sequence[int], at: int) -> tuple[tuple[MarbleView, ...], int]:
    """The marbles written from ``ints[at]`` (their count, then 5 ints each)."""
    width, count, start = MARBLE_VIEW_INTS, ints[at], at + 1
    end = start + count * width
    return tuple(MarbleView(*ints[i : i + width]) for i in range(start, end, width)), end


def _colour_counts(ints: Sequence[int], at: int) -> tuple[int, int, int, int]:
    return (ints[at], ints[at + 1], ints[at + 2], ints[at + 3])


def _bets(ints: Sequence[int], at: int, players: int) -> tuple[Bets, int]:
    """Each seat's columns: a count, then the columns ascending."""
    bets: list[tuple[Column, ...]] = []
    for _ in range(players):
        count, at = ints[at], at + 1
        bets.append(tuple(ints[at : at + count]))
        at += count
    return tuple(bets), at


CODEC = DropCodec()
"""The codec the native bridge loads for ``cheese-drop``."""
