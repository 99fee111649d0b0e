"""The reading functions: every tournament with its progress, one by name, a tournament's
games, and one game as a record."""

from __future__ import annotations

import sqlite3
from collections import Counter
from dataclasses import replace
from pathlib import Path

from cheese.engine import GAME_SLUGS
from cheese.engine.records import GameRecord
from cheese.referee.jobs import Fault
from cheese.store.connection import _reading, _where
from cheese.store.errors import StoreError
from cheese.store.readonly import open_readonly
from cheese.store.rows import (
    _Cells,
    _fault,
    _named,
    _shown,
    _tournament_of,
    _whole,
)
from cheese.store.stored import StoredTournament


def tournaments(connection: sqlite3.Connection) -> list[StoredTournament]:
    """Every tournament in the database with its progress, oldest first."""
    where = _where(connection)
    with _reading(connection):
        rows = list(_named(connection.execute(
            "SELECT t.id, t.name, t.settings, t.total_games, t.created, t.version, "
            "count(g.id) AS done, min(g.id) AS first, max(g.id) AS last "
            "FROM tournaments t LEFT JOIN games g ON g.tournament = t.id "
            "GROUP BY t.id ORDER BY t.id"
        )))
        forfeited = connection.execute(
            "SELECT id, tournament, forfeit, fault FROM games "
            "WHERE forfeit IS NOT NULL OR fault IS NOT NULL ORDER BY id"
        ).fetchall()
    faults: dict[object, Counter[Fault]] = {}
    for row_id, tournament, forfeit, fault in forfeited:
        _whole(where, "game", row_id, "forfeit", forfeit)
        kind = _fault(where, row_id, fault)
        faults.setdefault(tournament, Counter())[kind] += 1
    found = []
    for row in rows:
        stored = _tournament_of(where, row)
        counted = faults.get(stored.id, Counter())
        found.append(
            replace(
                stored,
                games_done=_id(row["done"]) or 0,
                faults={kind: counted[kind] for kind in Fault if counted[kind]},
                first_game_id=_id(row["first"]),
                last_game_id=_id(row["last"]),
            )
        )
    return found


def find_tournament(connection: sqlite3.Connection, name: str | None) -> StoredTournament:
    """The tournament ``name``, or the only one when ``name`` is None."""
    every = tournaments(connection)
    if name is None:
        if len(every) == 1:
            return every[0]
        if not every:
            raise StoreError("the database holds no tournament yet")
        names = ", ".join(stored.name for stored in every)
        raise StoreError(f"the database holds several tournaments; choose one with --name: {names}")
    for stored in every:
        if stored.name == name:
            return stored
    names = ", ".join(stored.name for stored in every) or "none"
    raise StoreError(f"no tournament named {name!r} in the database; it holds: {names}")


def read_game(path: Path | str, game_id: int) -> GameRecord:
    """The stored game ``game_id`` of the database at ``path`` as a game record.

    The record of a forfeited game stops where the bot failed and has no scores, so
    ``cheese.engine.records.replay`` refuses it as unfinished.
    """
    connection = open_readonly(path)
    try:
        with _reading(connection):
            cursor = connection.execute(
                "SELECT id, game, deal_seed, seats, options, actions, scores FROM games "
                "WHERE id = ?",
                (game_id,),
            )
            rows = list(_named(cursor))
    finally:
        connection.close()
    if not rows:
        raise StoreError(
            f"{path}: no game with id {game_id}; `cheese tournament games {path}` lists them"
        )
    cells = _Cells(str(path), "game", rows[0])
    game = cells.text("game")
    if game not in GAME_SLUGS:
        raise cells.refuse("game", f"{_shown(game)} is not a game ({', '.join(GAME_SLUGS)})")
    seats = cells.strings("seats")
    return GameRecord(
        game=game,
        seed=cells.seed("deal_seed"),
        players=seats,
        options=cells.options("options"),
        actions=cells.integers("actions"),
        scores=cells.optional_integers("scores", len(seats)) or (),
    )


def _id(value: object) -> int | None:
    """A count or row id SQLite worked out (``INTEGER PRIMARY KEY`` ids are integers)."""
    return value if isinstance(value, int) else None
