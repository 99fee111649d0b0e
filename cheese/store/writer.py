"""The writing side: ``ResultsStore``, for the parent process only, with a full disk told
apart as ``StoreFull``."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Mapping
from contextlib import suppress
from pathlib import Path
from types import TracebackType

from cheese import __version__
from cheese.referee.jobs import GameResult
from cheese.store.connection import _make_folders, _reading, _transaction, _where
from cheese.store.errors import StoreError, StoreFull, _CannotWrite, _code
from cheese.store.game_rows import games
from cheese.store.migration import _convert_schema_1, _convert_schema_2
from cheese.store.rows import _named, _tournament_of, _whole
from cheese.store.schema import (
    _GAMES_TABLE,
    _TOURNAMENTS_TABLE,
    SCHEMA_VERSION,
    _layout,
    _schema,
)
from cheese.store.stored import StoredGame, StoredTournament

_ALMOST_FULL = 1 << 20
"""Free bytes below which an I/O error while writing is taken for a full disk."""


class ResultsStore:
    """The writing side, for the parent process only. Use as a context manager.

    Opening creates the schema in a new or empty file (and its missing folders) and
    converts one of an older schema; ``StoreError`` for anything else. ``max_pages`` caps
    the file at that many pages (``PRAGMA max_page_count``, never below its size now), a
    quota that behaves as a full disk when reached.
    """

    def __init__(self, path: Path | str, *, max_pages: int | None = None) -> None:
        self._path = str(path)
        _make_folders(path)
        try:
            self._connection = sqlite3.connect(path, isolation_level=None)
        except sqlite3.Error as error:
            raise self._refusal(error) from None
        try:
            _prepare(self._connection, self._path)
            self._connection.execute("PRAGMA journal_mode=WAL")
            # NORMAL keeps every committed game through a killed process (WAL); only
            # a power cut may lose the last few.
            self._connection.execute("PRAGMA synchronous=NORMAL")
            if max_pages is not None:
                self._connection.execute(f"PRAGMA max_page_count={int(max_pages)}")
        except sqlite3.Error as error:
            self._connection.close()
            raise self._refusal(error) from None
        except BaseException:
            self._connection.close()
            raise

    def tournament(
        self, name: str, settings: Mapping[str, object], total_games: int
    ) -> StoredTournament:
        """The tournament ``name``, created with ``settings`` if new; ``StoreError`` if it
        exists with other settings, naming each that differs."""
        try:
            found = _tournament_row(self._connection, name)
            if found is None:
                with _transaction(self._connection):
                    # OR IGNORE: another run of the same command may create it first.
                    self._connection.execute(
                        "INSERT OR IGNORE INTO tournaments (name, settings, total_games, version) "
                        "VALUES (?, ?, ?, ?)",
                        (name, _canonical(settings), total_games, __version__),
                    )
                found = _tournament_row(self._connection, name)
                assert found is not None
        except sqlite3.Error as error:
            raise self._failure(error, name) from None
        differences = [
            f"{key} {found.settings.get(key)!r} there, {settings.get(key)!r} now"
            for key in sorted(set(found.settings) | set(settings))
            if found.settings.get(key) != settings.get(key)
        ]
        if differences:
            raise StoreError(
                f"tournament {name!r} was started with other settings ("
                + "; ".join(differences)
                + "); run the same command to resume it, or give another --name"
            )
        return found

    def settings_of(self, name: str) -> Mapping[str, object] | None:
        """The settings of the tournament ``name``, ``None`` when there is none."""
        found = _tournament_row(self._connection, name)
        return None if found is None else found.settings

    def stored_games(self, tournament: int) -> list[StoredGame]:
        """The tournament's stored games in job order, each row checked."""
        return list(games(self._connection, tournament))

    def done_jobs(self, tournament: int) -> set[int]:
        """The job numbers of the tournament's stored games."""
        with _reading(self._connection):
            rows = self._connection.execute(
                "SELECT id, job FROM games WHERE tournament = ?", (tournament,)
            ).fetchall()
        where = _where(self._connection)
        return {_whole(where, "game", row_id, "job", job) for row_id, job in rows}

    def has_game(self, tournament: int, job: int) -> bool:
        """Whether job ``job`` is stored (perhaps by another run of the same tournament
        since this one started)."""
        with _reading(self._connection):
            row = self._connection.execute(
                "SELECT 1 FROM games WHERE tournament = ? AND job = ?", (tournament, job)
            ).fetchone()
        return row is not None

    def add(self, tournament: int, job: int, result: GameResult) -> bool:
        """Store one game in its own transaction; False if that job was stored already
        (another run of the same tournament got there first), which is kept.

        Only a game played to the end or forfeited by a seat (``forfeit``, ``fault`` and
        ``error`` all given) is stored; ``ValueError`` for anything else.
        """
        _check_storable(result)
        record = result.record
        try:
            with _transaction(self._connection):
                cursor = self._connection.execute(
                    "INSERT OR IGNORE INTO games (tournament, job, deal, deal_seed, rotation, "
                    "table_index, game, seats, entrants, options, actions, scores, ranking, "
                    "finished, seconds, forfeit, fault, error, version, replies) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        tournament,
                        job,
                        result.job.deal,
                        str(result.job.deal_seed),
                        result.job.rotation,
                        result.job.table,
                        result.job.game,
                        _compact(list(result.job.seat_specs)),
                        _compact(list(result.job.sides)),
                        _compact({key: _plain(value) for key, value in result.job.options}),
                        _compact(list(record.actions)),
                        _compact(list(result.points)) if result.points else None,
                        _compact(list(result.ranking)),
                        int(result.finished),
                        round(result.seconds, 6),
                        result.forfeit,
                        None if result.fault is None else result.fault.value,
                        result.error,
                        __version__,
                        _replies(result),
                    ),
                )
        except sqlite3.Error as error:
            raise self._failure(error, self._name_of(tournament)) from None
        return cursor.rowcount == 1

    def close(self) -> None:
        """Close, first moving the write-ahead log into the file, so that a clean close
        leaves no ``-wal`` content behind (a read-only place can then read the file)."""
        with suppress(sqlite3.Error):
            self._connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self._connection.close()

    def __enter__(self) -> ResultsStore:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _name_of(self, tournament: int) -> str | None:
        with suppress(sqlite3.Error):
            row = self._connection.execute(
                "SELECT name FROM tournaments WHERE id = ?", (tournament,)
            ).fetchone()
            if row is not None and isinstance(row[0], str):
                return row[0]
        return None

    def _failure(self, error: sqlite3.Error, tournament: str | None) -> StoreError:
        """The error to raise for ``error`` met while writing the tournament's games.

        On a full disk the write-ahead log is checkpointed first (best effort), so that
        once space is freed a resumed run goes on; then the stored games are counted
        (reading works on a full disk) to say what is safe.
        """
        if not _is_full(error, self._path):
            return StoreError(f"{self._path}: cannot be written ({error})")
        with suppress(sqlite3.Error):
            self._connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        stored = "the games stored before are kept"
        with suppress(sqlite3.Error):
            (count,) = self._connection.execute(
                "SELECT count(*) FROM games g JOIN tournaments t ON t.id = g.tournament "
                "WHERE t.name = ?",
                (tournament,),
            ).fetchone()
            if tournament is not None:
                stored = f"{count} games of tournament {tournament!r} are safely stored"
        return StoreFull(f"{self._path}: the disk is full ({error}); {stored}")

    def _refusal(self, error: sqlite3.Error) -> StoreError:
        """The error to raise for ``error`` met while opening (nothing was changed)."""
        if _is_full(error, self._path):
            return StoreFull(f"{self._path}: the disk is full ({error}); nothing was changed")
        if _code(error) in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN):
            return _CannotWrite(
                f"{self._path}: cannot be written here ({error}); give a --db in a writable "
                "folder"
            )
        if _code(error) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            return StoreError(
                f"{self._path}: another program holds it ({error}); try again once it is done"
            )
        return StoreError(f"{self._path}: is not a cheese results database ({error})")


def _tournament_row(connection: sqlite3.Connection, name: str) -> StoredTournament | None:
    with _reading(connection):
        rows = list(_named(connection.execute(
            "SELECT id, name, settings, total_games, created, version FROM tournaments "
            "WHERE name = ?",
            (name,),
        )))
    return _tournament_of(_where(connection), rows[0]) if rows else None


def _prepare(connection: sqlite3.Connection, where: str) -> None:
    """Check the file's tables, then create the schema (an empty file) or convert an
    older schema, all in one transaction: a file that is refused is left untouched."""
    with _transaction(connection):
        if not _layout(connection):
            for statement in (_TOURNAMENTS_TABLE, _GAMES_TABLE):
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            return
        schema = _schema(connection, where)
        if schema == 1:
            _convert_schema_1(connection, where)
        if schema <= 2:
            _convert_schema_2(connection)


def _check_storable(result: GameResult) -> None:
    forfeited = (result.forfeit is not None, result.fault is not None, result.error is not None)
    if forfeited not in ((False, False, False), (True, True, True)):
        raise ValueError(
            f"deal {result.job.deal} rotation {result.job.rotation}: a stored game is played "
            "to the end (no forfeit, fault or error) or forfeited (all three), not "
            f"forfeit={result.forfeit!r}, fault={result.fault!r}, error={result.error!r}"
        )


def _is_full(error: sqlite3.Error, path: str) -> bool:
    """Whether ``error`` means the disk is full: SQLite says so, or it could not grow a
    file (an I/O error: the ``-shm`` file is extended without SQLite seeing why) and the
    disk has next to no room left."""
    if _code(error) == sqlite3.SQLITE_FULL:
        return True
    if _code(error) != sqlite3.SQLITE_IOERR:
        return False
    try:
        return shutil.disk_usage(Path(path).resolve().parent).free < _ALMOST_FULL
    except OSError:
        return False


REPLY_DIGITS = 6
"""Reply times are kept to the microsecond, as the game's duration."""


def _replies(result: GameResult) -> str | None:
    """Each seat's reply times as a JSON list of lists, or NULL when none were measured."""
    if not result.replies:
        return None
    return _compact([[round(seconds, REPLY_DIGITS) for seconds in seat] for seat in result.replies])


def _canonical(settings: Mapping[str, object]) -> str:
    return json.dumps(settings, sort_keys=True, separators=(",", ":"))


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value
