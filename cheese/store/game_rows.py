"""A tournament's stored games read from an open connection, every row checked (for the
readers and for the writer, which reads back what a resumed duel counted)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

from cheese.store.connection import _reading, _where
from cheese.store.rows import _Cells, _game_of, _named
from cheese.store.stored import StoredGame


def games(connection: sqlite3.Connection, tournament: int) -> Iterator[StoredGame]:
    """The tournament's stored games in job order (the schedule's), whatever order they
    finished in."""
    where = _where(connection)
    with _reading(connection):
        cursor = connection.execute(
            "SELECT id, job, deal, rotation, table_index, seats, entrants, scores, ranking, "
            "seconds, forfeit, fault, error, replies, finished FROM games "
            "WHERE tournament = ? ORDER BY job",
            (tournament,),
        )
        for row in _named(cursor):
            yield _game_of(_Cells(where, "game", row))
