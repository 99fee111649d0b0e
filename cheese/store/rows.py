"""The checks of stored cells: each row a reader reads is what cheese writes there, or it
is refused in one line naming the database, the row and the column."""

from __future__ import annotations

import json
import math
import re
import sqlite3
from collections.abc import Iterator, Mapping

from cheese.engine.api import OptionValue
from cheese.referee.jobs import Fault
from cheese.store.errors import StoreError
from cheese.store.stored import StoredGame, StoredTournament

_RESERVED_OPTIONS = frozenset({"num_players", "seed"})
"""Names a game's options never take: a record gives them apart."""


class _Cells:
    """The cells of one row, each read as the type cheese writes there or refused in one
    line naming the database, the row and the column."""

    __slots__ = ("_row", "_table", "_where")

    def __init__(self, where: str, table: str, row: Mapping[str, object]) -> None:
        self._where = where
        self._table = table
        self._row = row

    def refuse(self, column: str, why: str) -> StoreError:
        return _not_cheese(self._where, self._table, self._row["id"], column, why)

    def whole(self, column: str) -> int:
        return _whole(self._where, self._table, self._row["id"], column, self._row[column])

    def flag(self, column: str) -> bool:
        """A 0 or 1 cell (a column some readers leave out reads as 1)."""
        if column not in self._row:
            return True
        value = self._row[column]
        if value not in (0, 1) or isinstance(value, float):
            raise self.refuse(column, f"{_shown(value)} is not 0 or 1")
        return bool(value)

    def optional_whole(self, column: str) -> int | None:
        return None if self._row[column] is None else self.whole(column)

    def text(self, column: str) -> str:
        value = self._row[column]
        if not isinstance(value, str):
            raise self.refuse(column, f"{_shown(value)} is not text")
        return value

    def optional_text(self, column: str) -> str | None:
        return None if self._row[column] is None else self.text(column)

    def seconds(self, column: str) -> float:
        value = self._row[column]
        if isinstance(value, bool) or not isinstance(value, int | float) or not (
            math.isfinite(value) and value >= 0
        ):
            raise self.refuse(column, f"{_shown(value)} is not a number of seconds")
        return float(value)

    def seed(self, column: str) -> int:
        text = self.text(column)
        if not re.fullmatch(r"[0-9]{1,40}", text):
            raise self.refuse(column, f"{_shown(text)} is not a deal seed")
        return int(text)

    def json(self, column: str) -> object:
        text = self.text(column)
        try:
            return json.loads(text, parse_constant=_no_constant)
        except (ValueError, RecursionError) as error:
            raise self.refuse(column, f"not JSON ({error})") from None

    def strings(self, column: str) -> tuple[str, ...]:
        value = self.json(column)
        if not (isinstance(value, list) and value and all(isinstance(v, str) for v in value)):
            raise self.refuse(column, f"{_shown(value)} is not a list of bot specs")
        return tuple(value)

    def integers(self, column: str, length: int | None = None) -> tuple[int, ...]:
        value = self.json(column)
        if not (isinstance(value, list) and all(_is_whole(item) for item in value)):
            raise self.refuse(column, f"{_shown(value)} is not a list of whole numbers")
        if length is not None and len(value) != length:
            raise self.refuse(column, f"{_shown(value)} does not have one entry per seat")
        return tuple(value)

    def replies(self, column: str, length: int) -> tuple[tuple[float, ...], ...] | None:
        """Each seat's reply times (NULL: not measured, a game of an older schema)."""
        if self._row.get(column) is None:
            return None
        value = self.json(column)
        if not (
            isinstance(value, list)
            and len(value) == length
            and all(isinstance(seat, list) and all(map(_is_seconds, seat)) for seat in value)
        ):
            raise self.refuse(column, f"{_shown(value)} is not a list of reply times per seat")
        return tuple(tuple(float(seconds) for seconds in seat) for seat in value)

    def optional_integers(self, column: str, length: int) -> tuple[int, ...] | None:
        return None if self._row[column] is None else self.integers(column, length)

    def mapping(self, column: str) -> Mapping[str, object]:
        value = self.json(column)
        if not isinstance(value, dict):
            raise self.refuse(column, f"{_shown(value)} is not a JSON object")
        return value

    def options(self, column: str) -> tuple[tuple[str, OptionValue], ...]:
        found: list[tuple[str, OptionValue]] = []
        for key, value in self.mapping(column).items():
            if key in _RESERVED_OPTIONS:
                raise self.refuse(column, f"{key!r} is not a game option")
            if isinstance(value, list) and all(_is_whole(item) for item in value):
                found.append((key, tuple(value)))
            elif isinstance(value, bool | int | str):
                found.append((key, value))
            else:
                raise self.refuse(column, f"option {key!r} is {_shown(value)}")
        return tuple(sorted(found))


def _game_of(cells: _Cells) -> StoredGame:
    """The game of a row, its cells checked against each other as cheese writes them."""
    seats = cells.strings("seats")
    ranking = cells.integers("ranking", len(seats))
    if not all(1 <= place <= len(seats) for place in ranking):
        raise cells.refuse("ranking", f"{list(ranking)} are not places 1 to {len(seats)}")
    forfeit = cells.optional_whole("forfeit")
    fault_text = cells.optional_text("fault")
    error = cells.optional_text("error")
    scores = cells.optional_integers("scores", len(seats))
    if forfeit is None:
        for column, value in (("fault", fault_text), ("error", error)):
            if value is not None:
                raise cells.refuse(column, f"{_shown(value)} in a game no seat forfeited")
        if scores is None:
            raise cells.refuse("scores", "NULL in a game played to the end")
        fault = None
    else:
        if forfeit >= len(seats):
            raise cells.refuse("forfeit", f"{forfeit} is not a seat of {len(seats)}")
        if error is None:
            raise cells.refuse("error", "NULL in a forfeited game")
        fault = _fault_word(cells, fault_text)
    return StoredGame(
        id=cells.whole("id"),
        job=cells.whole("job"),
        deal=cells.whole("deal"),
        rotation=cells.whole("rotation"),
        table=cells.whole("table_index"),
        seats=seats,
        entrants=cells.integers("entrants", len(seats)),
        scores=scores,
        ranking=ranking,
        seconds=cells.seconds("seconds"),
        forfeit=forfeit,
        fault=fault,
        error=error,
        replies=cells.replies("replies", len(seats)),
        finished=cells.flag("finished"),
    )


def _fault_word(cells: _Cells, text: str | None) -> Fault:
    if text is None:
        raise cells.refuse("fault", "NULL in a forfeited game")
    try:
        return Fault(text)
    except ValueError:
        raise cells.refuse("fault", _unknown_fault(text)) from None


def _fault(where: str, row_id: object, text: object) -> Fault:
    if not isinstance(text, str):
        why = "NULL in a forfeited game" if text is None else f"{_shown(text)} is not text"
        raise _not_cheese(where, "game", row_id, "fault", why)
    try:
        return Fault(text)
    except ValueError:
        raise _not_cheese(where, "game", row_id, "fault", _unknown_fault(text)) from None


def _unknown_fault(text: str) -> str:
    return (
        f"{_shown(text)} is not a kind of fault this cheese knows "
        f"({', '.join(kind.value for kind in Fault)}); a newer cheese may read it"
    )


def _tournament_of(where: str, row: Mapping[str, object]) -> StoredTournament:
    """A tournament's row, checked (its progress is left at none)."""
    cells = _Cells(where, "tournament", row)
    return StoredTournament(
        id=cells.whole("id"),
        name=cells.text("name"),
        settings=cells.mapping("settings"),
        total_games=cells.whole("total_games"),
        created=cells.text("created"),
        version=cells.text("version"),
    )


def _named(cursor: sqlite3.Cursor) -> Iterator[dict[str, object]]:
    """The cursor's rows as cells by column name."""
    names = [column[0] for column in cursor.description]
    for values in cursor:
        yield dict(zip(names, values))


def _not_cheese(where: str, table: str, row_id: object, column: str, why: str) -> StoreError:
    return StoreError(
        f"{where}: {table} row {_shown(row_id)} (column {column}) is not what cheese "
        f"writes: {why}"
    )


def _whole(where: str, table: str, row_id: object, column: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _not_cheese(where, table, row_id, column, f"{_shown(value)} is not a count")
    return value


def _is_seconds(value: object) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value >= 0
    )


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number cheese writes")


def _shown(value: object) -> str:
    text = "NULL" if value is None else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
