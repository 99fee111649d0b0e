"""The results store: tournaments and their finished games in one SQLite file.

Only the parent process writes, one transaction per finished game, in WAL mode: a run
killed at any moment loses at most the games in flight, and a game is stored under its
job number exactly once (the pair is unique), so re-running the same command plays only
the missing games. Readers (``open_readonly``) see every committed game while a run is
still writing, which is how an overnight run is followed from another terminal.

A game row holds the tournament, its job number (its place in the schedule's order), the
deal, deal seed, rotation and table, the seats' bot specs and entrants, the options, every
action, the scores and places, the duration, which seat forfeited with the kind of fault
(a ``Fault`` word) and the message, and the package version that played it. Only games
played to the end or forfeited by a seat are stored; one that failed without a bot to
blame is played again on resume. ``read_game`` gives a game back as a
``cheese.engine.records.GameRecord`` by its id.

The schema's version is kept in ``PRAGMA user_version``. A file is used only if its
tables are cheese's: anything else is refused and left byte for byte as it was. A
database of the first schema (user_version 0, no ``fault`` column) is converted in one
transaction the first time it is opened where it can be written. Every reader checks each
row it reads and refuses one that is not what cheese writes, naming it.

Read-only places: a WAL database can only be read where SQLite can create its ``-shm``
file, or where that file is already there. Elsewhere (a read-only folder or mount) the
file is read as immutable, which is exact when no ``-wal`` file with content is beside it
(the writer checkpoints it away on a clean close); when there is one, reading is refused
rather than showing stale games.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "results.db"
>>> with ResultsStore(path) as store:
...     store.tournament("t", {"game": "cheese-drop"}, total_games=4).total_games
4
"""

from __future__ import annotations

import json
import math
import re
import shutil
import sqlite3
from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import TracebackType

from cheese import __version__
from cheese.engine import GAME_SLUGS
from cheese.engine.api import OptionValue
from cheese.engine.records import GameRecord
from cheese.tournaments.jobs import Fault, GameResult

DEFAULT_DB = "cheese-results.db"
SCHEMA_VERSION = 2

_TOURNAMENTS_TABLE = """
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    settings TEXT NOT NULL,
    total_games INTEGER NOT NULL,
    created TEXT NOT NULL DEFAULT (datetime('now')),
    version TEXT NOT NULL
)"""
_GAMES_TABLE = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    tournament INTEGER NOT NULL REFERENCES tournaments(id),
    job INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    deal_seed TEXT NOT NULL,
    rotation INTEGER NOT NULL,
    table_index INTEGER NOT NULL,
    game TEXT NOT NULL,
    seats TEXT NOT NULL,
    entrants TEXT NOT NULL,
    options TEXT NOT NULL,
    actions TEXT NOT NULL,
    scores TEXT,
    ranking TEXT,
    finished INTEGER NOT NULL,
    seconds REAL NOT NULL,
    forfeit INTEGER,
    fault TEXT,
    error TEXT,
    version TEXT NOT NULL,
    UNIQUE (tournament, job)
)"""
SCHEMA = f"{_TOURNAMENTS_TABLE};\n{_GAMES_TABLE};\n"
"""The tables of schema ``SCHEMA_VERSION``."""
_SCHEMA_1 = SCHEMA.replace("    fault TEXT,\n", "")
"""The tables of the first schema (user_version 0), recognised to be converted."""

_V1_FORFEIT = re.compile(
    r"bot .*? in seat \d+ (chose|raised|overran|hung|could not be built)\b", re.DOTALL
)
"""A forfeit message of the first schema: the verb after the seat gives the kind."""
_V1_FAULTS = {
    "chose": Fault.ILLEGAL,
    "raised": Fault.RAISED,
    "overran": Fault.OVERRAN,
    "hung": Fault.HUNG,
    "could not be built": Fault.NOT_BUILT,
}
_ALMOST_FULL = 1 << 20
"""Free bytes below which an I/O error while writing is taken for a full disk."""
_RESERVED_OPTIONS = frozenset({"num_players", "seed"})
"""Names a game's options never take: a record gives them apart."""


class StoreError(Exception):
    """The database cannot be used: not a results store, missing, a row that is not what
    cheese writes, or a settings clash (the command line says so in one line)."""


class StoreFull(StoreError):
    """The disk (or the database's size limit) is full; the games stored so far stay."""


class _CannotWrite(StoreError):
    """The database cannot be written where it is (a read-only file, folder or mount)."""


@dataclass(frozen=True, slots=True)
class StoredTournament:
    """A tournament's row and how far it has got; ``faults`` counts its forfeits by kind."""

    id: int
    name: str
    settings: Mapping[str, object]
    total_games: int
    created: str
    version: str
    games_done: int = 0
    faults: Mapping[Fault, int] = field(default_factory=dict)
    first_game_id: int | None = None
    last_game_id: int | None = None

    @property
    def forfeits(self) -> int:
        return sum(self.faults.values())


@dataclass(frozen=True, slots=True)
class StoredGame:
    """One stored game: played to the end, or forfeited by seat ``forfeit`` for ``fault``
    (then ``scores`` is ``None`` and ``error`` says why)."""

    id: int
    job: int
    deal: int
    rotation: int
    table: int
    seats: tuple[str, ...]
    entrants: tuple[int, ...]
    scores: tuple[int, ...] | None
    ranking: tuple[int, ...]
    seconds: float
    forfeit: int | None
    fault: Fault | None
    error: str | None


class ResultsStore:
    """The writing side, for the parent process only. Use as a context manager.

    Opening creates the schema in a new or empty file and converts one of the first
    schema; ``StoreError`` for anything else. ``max_pages`` caps the file at that many
    pages (``PRAGMA max_page_count``, never below its size now), a quota that behaves as a
    full disk when reached.
    """

    def __init__(self, path: Path | str, *, max_pages: int | None = None) -> None:
        self._path = str(path)
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
                    "finished, seconds, forfeit, fault, error, version) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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


def open_readonly(path: Path | str) -> sqlite3.Connection:
    """A read-only connection to a results database (it may be being written).

    A database of the first schema is converted first where it can be written, and
    refused with how to convert it where it cannot.
    """
    location = Path(path)
    if not location.is_file():
        raise StoreError(f"{path}: no such results database; give the --db of a run")
    connection = _connect_readonly(location, str(path))
    try:
        schema = _schema(connection, str(path))
    except BaseException:
        connection.close()
        raise
    if schema == SCHEMA_VERSION:
        return connection
    connection.close()
    try:
        ResultsStore(location).close()
    except _CannotWrite:
        raise StoreError(
            f"{path}: was written by an older cheese (schema {schema}) and cannot be "
            f"converted where it is (it cannot be written there); copy it somewhere "
            f"writable and run `cheese tournament list COPY` once, then read the copy"
        ) from None
    connection = _connect_readonly(location, str(path))
    try:
        _schema(connection, str(path))
    except BaseException:
        connection.close()
        raise
    return connection


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


def games(connection: sqlite3.Connection, tournament: int) -> Iterator[StoredGame]:
    """The tournament's stored games in job order (the schedule's), whatever order they
    finished in."""
    where = _where(connection)
    with _reading(connection):
        cursor = connection.execute(
            "SELECT id, job, deal, rotation, table_index, seats, entrants, scores, ranking, "
            "seconds, forfeit, fault, error FROM games WHERE tournament = ? ORDER BY job",
            (tournament,),
        )
        for row in _named(cursor):
            yield _game_of(_Cells(where, "game", row))


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


def _tournament_row(connection: sqlite3.Connection, name: str) -> StoredTournament | None:
    with _reading(connection):
        rows = list(_named(connection.execute(
            "SELECT id, name, settings, total_games, created, version FROM tournaments "
            "WHERE name = ?",
            (name,),
        )))
    return _tournament_of(_where(connection), rows[0]) if rows else None


def _connect_readonly(location: Path, shown: str) -> sqlite3.Connection:
    """A read-only connection that has read the schema (so the file really opened).

    SQLite opens a WAL database read-only only if it can use a ``-shm`` file: one that is
    there, or one it can create. In a read-only folder or mount with none, the file is
    opened as immutable (no ``-shm`` needed), which misses nothing only if no ``-wal``
    file with content is beside it: the one case where the file alone is not every
    committed game, refused in one line instead.
    """
    uri = location.resolve().as_uri()
    try:
        return _opened(f"{uri}?mode=ro")
    except sqlite3.Error as error:
        if _code(error) != sqlite3.SQLITE_CANTOPEN:
            raise _unreadable(shown, error) from None
    log = location.with_name(location.name + "-wal")
    try:
        unmerged = log.stat().st_size > 0
    except FileNotFoundError:
        unmerged = False
    except OSError as error:
        raise StoreError(f"{shown}: cannot be read ({log.name}: {error.strerror})") from None
    if unmerged:
        raise StoreError(
            f"{shown}: its {log.name} holds games not yet in the file, which cannot be read "
            f"here without {location.name}-shm (a read-only place); read it where it can be "
            f"written, or copy {location.name} and {log.name} to a writable folder"
        )
    try:
        return _opened(f"{uri}?mode=ro&immutable=1")
    except sqlite3.Error as error:
        raise _unreadable(shown, error) from None


def _opened(uri: str) -> sqlite3.Connection:
    connection = sqlite3.connect(uri, uri=True)
    try:
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except BaseException:
        connection.close()
        raise
    return connection


def _unreadable(shown: str, error: sqlite3.Error) -> StoreError:
    if _code(error) == sqlite3.SQLITE_CANTOPEN:
        return StoreError(f"{shown}: cannot be opened ({error})")
    return StoreError(f"{shown}: is not a cheese results database ({error})")


def _prepare(connection: sqlite3.Connection, where: str) -> None:
    """Check the file's tables, then create the schema (an empty file) or convert the
    first schema, all in one transaction: a file that is refused is left untouched."""
    with _transaction(connection):
        if not _layout(connection):
            for statement in (_TOURNAMENTS_TABLE, _GAMES_TABLE):
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            return
        if _schema(connection, where) == 1:
            _convert_schema_1(connection, where)


def _schema(connection: sqlite3.Connection, where: str) -> int:
    """The schema of a cheese results database (1 or ``SCHEMA_VERSION``); ``StoreError``
    for any other file."""
    try:
        (version,) = connection.execute("PRAGMA user_version").fetchone()
        found = _layout(connection)
    except sqlite3.Error as error:
        raise _unreadable(where, error) from None
    if version == SCHEMA_VERSION and found == _layout_of(SCHEMA):
        return SCHEMA_VERSION
    if version == 0 and found == _layout_of(_SCHEMA_1):
        return 1
    if {"tournaments", "games"} <= found.keys() and version > SCHEMA_VERSION:
        raise StoreError(
            f"{where}: written by a newer cheese (schema {version}; this one reads up to "
            f"{SCHEMA_VERSION}); upgrade cheese"
        )
    raise StoreError(
        f"{where}: is not a cheese results database ({_unlike(found, version)}); give the "
        "--db of a cheese run, or a new file"
    )


Layout = dict[str, frozenset[tuple[object, ...]]]
"""A database's objects by name: a table's columns (name, type, not null, default,
primary key), or an index's (or view's, trigger's) kind."""


def _layout(connection: sqlite3.Connection) -> Layout:
    found: Layout = {}
    for kind, name in connection.execute("SELECT type, name FROM sqlite_master").fetchall():
        if kind == "table":
            found[name] = frozenset(
                connection.execute(
                    'SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)',
                    (name,),
                ).fetchall()
            )
        else:
            found[name] = frozenset({(kind,)})
    return found


def _layout_of(schema: str) -> Layout:
    """The layout cheese's ``schema`` makes (SQLite's own reading of it)."""
    memory = sqlite3.connect(":memory:")
    try:
        memory.executescript(schema)
        return _layout(memory)
    finally:
        memory.close()


def _unlike(found: Layout, version: object) -> str:
    """How ``found`` differs from a cheese results database, in a few words."""
    if not found:
        return "it is empty"
    expected = _layout_of(SCHEMA)
    others = sorted(name for name in found if name not in expected)
    if others:
        return f"it holds {', '.join(others)}, which cheese does not write"
    missing = [name for name in ("tournaments", "games") if name not in found]
    if missing:
        return f"it has no {' or '.join(missing)}"
    for table in ("tournaments", "games"):
        if found[table] not in (expected[table], _layout_of(_SCHEMA_1)[table]):
            return f"its {table} table has other columns than cheese's"
    return f"its schema version {version} does not match its tables"


def _convert_schema_1(connection: sqlite3.Connection, where: str) -> None:
    """Schema 1 to 2, inside the caller's transaction: the ``fault`` column, filled from
    each forfeit's message; games that failed without a bot to blame are deleted, so that
    a resumed run plays them again."""
    connection.execute("ALTER TABLE games ADD COLUMN fault TEXT")
    forfeits = connection.execute(
        "SELECT id, error FROM games WHERE forfeit IS NOT NULL ORDER BY id"
    ).fetchall()
    for row_id, error in forfeits:
        found = _V1_FORFEIT.match(error) if isinstance(error, str) else None
        if found is None:
            raise _not_cheese(
                where, "game", row_id, "error",
                f"the forfeit message {_shown(error)} names no kind of fault; "
                "the database was left as it was",
            )
        connection.execute(
            "UPDATE games SET fault = ? WHERE id = ?", (_V1_FAULTS[found[1]].value, row_id)
        )
    connection.execute("DELETE FROM games WHERE forfeit IS NULL AND error IS NOT NULL")
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _check_storable(result: GameResult) -> None:
    forfeited = (result.forfeit is not None, result.fault is not None, result.error is not None)
    if forfeited not in ((False, False, False), (True, True, True)):
        raise ValueError(
            f"deal {result.job.deal} rotation {result.job.rotation}: a stored game is played "
            "to the end (no forfeit, fault or error) or forfeited (all three), not "
            f"forfeit={result.forfeit!r}, fault={result.fault!r}, error={result.error!r}"
        )


@contextmanager
def _transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """BEGIN … COMMIT around a block; ROLLBACK if it or the COMMIT raises (unless SQLite
    has rolled back already, as after a full disk)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            with suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
        raise


@contextmanager
def _reading(connection: sqlite3.Connection) -> Iterator[None]:
    """SQLite's errors while reading (no such table, a damaged file) as ``StoreError``."""
    try:
        yield
    except sqlite3.Error as error:
        raise StoreError(
            f"{_where(connection)}: cannot be read as a cheese results database ({error})"
        ) from None


def _where(connection: sqlite3.Connection) -> str:
    """The database's file, for messages."""
    with suppress(sqlite3.Error):
        for _, name, file in connection.execute("PRAGMA database_list").fetchall():
            if name == "main" and file:
                return str(file)
    return "the database"


def _not_cheese(where: str, table: str, row_id: object, column: str, why: str) -> StoreError:
    return StoreError(
        f"{where}: {table} row {_shown(row_id)} (column {column}) is not what cheese "
        f"writes: {why}"
    )


def _whole(where: str, table: str, row_id: object, column: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _not_cheese(where, table, row_id, column, f"{_shown(value)} is not a count")
    return value


def _id(value: object) -> int | None:
    """A count or row id SQLite worked out (``INTEGER PRIMARY KEY`` ids are integers)."""
    return value if isinstance(value, int) else None


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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


def _code(error: sqlite3.Error) -> int:
    """SQLite's primary result code of ``error`` (extended codes keep it in the low byte)."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else -1


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number cheese writes")


def _shown(value: object) -> str:
    text = "NULL" if value is None else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _canonical(settings: Mapping[str, object]) -> str:
    return json.dumps(settings, sort_keys=True, separators=(",", ":"))


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value
