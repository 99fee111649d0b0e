"""Scoring one round of a physical game from a JSON sheet (``cheese score cheese-drop``).

The sheet gives the marbles in each lane once the cover is lifted and every player's
pieces, in people's numbering::

    {"lanes": ["YYR", "", "RM", "YC", "Y", "R"],
     "bets": [{"lanes": [1, 4], "events": [3]}, {"lanes": [3, 4, 6]}],
     "simple": false, "cells_per_column": 2}

``simple`` and ``cells_per_column`` are optional (defaults false and 2). The bets are
checked against the betting rules; the result is each player's points for the round.

>>> sheet = score_sheet('{"lanes": ["YYR", "", "", "", "", ""], '
...                     '"bets": [{"lanes": [1], "events": [3, 6]}, {"lanes": [1, 2, 3]}]}', "t")
>>> sheet.as_json()
{'scores': [7, 3]}
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from cheese.engine.api import SheetError
from cheese.engine.box import over_the_box
from cheese.engine.cheese_drop.betting import event_column, is_lane_column
from cheese.engine.cheese_drop.core import (
    COLOUR_LETTERS,
    COLOUR_NAMES,
    EVENT_COUNT,
    LANE_COUNT,
    Bets,
    Column,
)
from cheese.engine.cheese_drop.marbles import BAGS
from cheese.engine.cheese_drop.options import (
    INFO,
    PIECES_PER_PLAYER,
    PIECES_PER_PLAYER_SIMPLE,
    DropOptions,
)
from cheese.engine.cheese_drop.scoring import LaneContents, PlayerPoints, round_points
from cheese.engine.json_text import load_json, quoted
from cheese.words import counted

TOP_KEYS = ("lanes", "bets", "simple", "cells_per_column")
BET_KEYS = ("lanes", "events")
BOX_MARBLES = BAGS[-1]
"""The box holds 8 cheese, 6 apples, 3 mice and 3 cats (the last round's bag)."""


@dataclass(frozen=True, slots=True)
class DropSheet:
    """A scored round: the lanes, every player's pieces and points."""

    lanes: tuple[LaneContents, ...]
    bets: Bets
    points: tuple[PlayerPoints, ...]

    def as_json(self) -> dict[str, object]:
        """``{"scores": [points per player]}`` for the round."""
        return {"scores": [player.total for player in self.points]}

    def as_text(self) -> str:
        """The lanes, then one line per player with base and bonus points."""
        lanes = "  ".join(
            f"{lane + 1}:{_letters(contents) or '-'}" for lane, contents in enumerate(self.lanes)
        )
        lines = [f"lanes  {lanes}"]
        for seat, player in enumerate(self.points):
            lines.append(
                f"player {seat + 1}: {counted(player.total, 'point')} "
                f"(base {player.base}, bonus {player.bonus})"
            )
        return "\n".join(lines)


def score_sheet(text: str, source: str) -> DropSheet:
    """Score the round written in ``text``; ``SheetError`` names what is wrong and where."""
    reader = _SheetReader(source)
    data = reader.load(text)
    options = reader.options(data)
    lanes = reader.lanes(data)
    bets = reader.bets(data, options)
    return DropSheet(lanes, bets, round_points(lanes, bets))


def _letters(contents: LaneContents) -> str:
    return "".join(COLOUR_LETTERS[colour] * count for colour, count in enumerate(contents))


class _SheetReader:
    """Reads one sheet, raising ``SheetError`` in the documented one-line format."""

    __slots__ = ("source",)

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, what: str, where: str, fix: str) -> SheetError:
        return SheetError(f"{self.source}: {what} ({where}); {fix}")

    def load(self, text: str) -> dict[str, object]:
        try:
            data = load_json(text)
        except json.JSONDecodeError as error:
            raise self.fail(
                f"not valid JSON: {error.msg}",
                f"line {error.lineno}, column {error.colno}",
                "fix the JSON syntax",
            ) from None
        if not isinstance(data, dict):
            raise self.fail(
                "the sheet must be a JSON object",
                "top level",
                'write {"lanes": [...], "bets": [...]}',
            )
        self.check_keys(data, TOP_KEYS, "top level")
        for key in ("lanes", "bets"):
            if key not in data:
                raise self.fail(
                    f"{key!r} is missing", "top level", f"add {key!r}; see cheese rules cheese-drop"
                )
        return data

    def check_keys(self, data: dict[str, object], allowed: tuple[str, ...], where: str) -> None:
        for key in data:
            if key not in allowed:
                raise self.fail(
                    f"unknown key {quoted(key)}", where, f"the keys are: {', '.join(allowed)}"
                )

    def options(self, data: dict[str, object]) -> DropOptions:
        simple = data.get("simple", False)
        if not isinstance(simple, bool):
            raise self.fail(
                f"'simple' is {quoted(simple)}", "simple", "write true or false (or leave it out)"
            )
        cells = data.get("cells_per_column", DropOptions().cells_per_column)
        if isinstance(cells, bool) or not isinstance(cells, int) or cells < 1:
            raise self.fail(
                f"'cells_per_column' is {quoted(cells)}",
                "cells_per_column",
                "write a whole number of 1 or more (or leave it out for 2)",
            )
        return DropOptions(simple=simple, cells_per_column=cells)

    def lanes(self, data: dict[str, object]) -> tuple[LaneContents, ...]:
        raw = data["lanes"]
        if not isinstance(raw, list) or len(raw) != LANE_COUNT:
            found = f"{len(raw)} entries" if isinstance(raw, list) else quoted(raw)
            raise self.fail(
                f"'lanes' must list the {LANE_COUNT} lanes, found {found}",
                "lanes",
                'give one string of marble letters per lane, e.g. ["YYR", "", "RM", "", "C", ""]',
            )
        lanes: list[LaneContents] = []
        for lane, letters in enumerate(raw):
            if not isinstance(letters, str):
                raise self.fail(
                    f"{quoted(letters)} is not a string of marble letters",
                    f"lanes[{lane}]",
                    'write the lane\'s marbles as letters, e.g. "YYR", or "" for none',
                )
            counts = [0, 0, 0, 0]
            for position, letter in enumerate(letters):
                colour = COLOUR_LETTERS.find(letter.upper())
                if colour < 0 or not letter.strip():
                    raise self.fail(
                        f"{quoted(letter)} is not a marble colour",
                        f"lanes[{lane}][{position}]",
                        "use Y (cheese), R (apple), M (mouse) or C (cat)",
                    )
                counts[colour] += 1
            lanes.append((counts[0], counts[1], counts[2], counts[3]))
        totals = [sum(contents[colour] for contents in lanes) for colour in range(len(BOX_MARBLES))]
        pieces = (("lanes", colour) for colour, total in enumerate(totals) for _ in range(total))
        overflow = over_the_box(pieces, dict(enumerate(BOX_MARBLES)))
        if overflow is not None:
            colour = overflow.component
            raise self.fail(
                f"the lanes hold {totals[colour]} {COLOUR_NAMES[colour]} marbles, letter "
                f"{COLOUR_LETTERS[colour]}, but the box has only {overflow.holds}",
                overflow.where,
                "check the letters against the board",
            )
        return tuple(lanes)

    def bets(self, data: dict[str, object], options: DropOptions) -> Bets:
        raw = data["bets"]
        if (
            not isinstance(raw, list)
            or not INFO.min_players <= len(raw) <= INFO.max_players
        ):
            found = f"{len(raw)} players" if isinstance(raw, list) else quoted(raw)
            raise self.fail(
                f"'bets' must hold one entry per player, found {found}",
                "bets",
                f"Cheese Drop has {INFO.min_players} to {INFO.max_players} players; "
                'give e.g. [{"lanes": [1, 4], "events": [3]}, ...]',
            )
        placed: list[tuple[Column, ...]] = []
        column_use = [0] * (LANE_COUNT + EVENT_COUNT)
        for seat, entry in enumerate(raw):
            columns = self.player_bets(entry, seat, options)
            for column, where in columns:
                column_use[column] += 1
                if column_use[column] > options.cells_per_column:
                    raise self.fail(
                        f"{_column_name(column)} holds more than "
                        f"{_pieces(options.cells_per_column)}",
                        where,
                        f"a column has {options.cells_per_column} cells: check the pieces, "
                        "or give cells_per_column",
                    )
            placed.append(tuple(sorted(column for column, _ in columns)))
        return tuple(placed)

    def player_bets(
        self, entry: object, seat: int, options: DropOptions
    ) -> list[tuple[Column, str]]:
        """One player's pieces as (column, where in the sheet)."""
        where = f"bets[{seat}]"
        if not isinstance(entry, dict):
            raise self.fail(
                f"{quoted(entry)} is not a player's bets",
                where,
                'write {"lanes": [...], "events": [...]}',
            )
        self.check_keys(entry, BET_KEYS, where)
        if options.simple and entry.get("events"):
            raise self.fail(
                "the simple variant has no event bets",
                f"{where}.events",
                'remove them, or set "simple": false',
            )
        columns: list[tuple[Column, str]] = []
        for key, highest, to_column in (
            ("lanes", LANE_COUNT, lambda number: number - 1),
            ("events", EVENT_COUNT, lambda number: event_column(number - 1)),
        ):
            numbers = entry.get(key, [])
            if not isinstance(numbers, list):
                raise self.fail(
                    f"{quoted(numbers)} is not a list",
                    f"{where}.{key}",
                    f"write e.g. [1, {highest}]",
                )
            for index, number in enumerate(numbers):
                spot = f"{where}.{key}[{index}]"
                if isinstance(number, bool) or not isinstance(number, int) or not (
                    1 <= number <= highest
                ):
                    what = "a lane" if key == "lanes" else "an event"
                    raise self.fail(
                        f"{quoted(number)} is not {what} number",
                        spot,
                        f"use {key} 1 to {highest}",
                    )
                column = to_column(number)
                if any(column == own for own, _ in columns):
                    raise self.fail(
                        f"player {seat + 1} has two pieces on {_column_name(column)}",
                        spot,
                        "a player may not have two pieces in the same column",
                    )
                columns.append((column, spot))
        pieces = PIECES_PER_PLAYER_SIMPLE if options.simple else PIECES_PER_PLAYER
        if len(columns) != pieces:
            raise self.fail(
                f"player {seat + 1} placed {_pieces(len(columns))}",
                where,
                f"each player places exactly {pieces} pieces"
                + (" (simple variant)" if options.simple else ""),
            )
        return columns


def _pieces(count: int) -> str:
    return f"{count} piece" if count == 1 else f"{count} pieces"


def _column_name(column: Column) -> str:
    if is_lane_column(column):
        return f"lane {column + 1}"
    return f"event {column - LANE_COUNT + 1}"
