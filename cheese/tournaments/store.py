"""The results store: tournaments and their finished games in one SQLite file.

Only the parent process writes, one transaction per finished game, in WAL mode: a run
killed at any moment loses at most the games in flight, and a game is stored under its
job number exactly once (the pair is unique), so re-running the same command plays only
the missing games. Readers (``open_readonly``) see every committed game while a run is
still writing, which is how an overnight run is followed from another terminal.

A game row holds the tournament, its job number (its place in the schedule's order), the
deal, deal seed, rotation and table, the seats' bot specs and entrants, the options, every
action, the scores and places, the duration, any error (and which seat forfeited), and
the package version that played it. ``read_game`` gives one back as a
``cheese.engine.records.GameRecord`` by its id.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "results.db"
>>> with ResultsStore(path) as store:
...     store.tournament("t", {"game": "cheese-drop"}, total_games=4).total_games
4
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from cheese import __version__
from cheese.engine.records import GameRecord
from cheese.tournaments.jobs import GameResult

DEFAULT_DB = "cheese-results.db"
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS tournaments (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    settings TEXT NOT NULL,
    total_games INTEGER NOT NULL,
    created TEXT NOT NULL DEFAULT (datetime('now')),
    version TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
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
    error TEXT,
    version TEXT NOT NULL,
    UNIQUE (tournament, job)
);
"""


class StoreError(Exception):
    """The database cannot be used: not a results store, missing, or a settings clash."""


@dataclass(frozen=True, slots=True)
class StoredTournament:
    """A tournament's row and how far it has got."""

    id: int
    name: str
    settings: Mapping[str, object]
    total_games: int
    created: str
    version: str
    games_done: int = 0
    forfeits: int = 0
    first_game_id: int | None = None
    last_game_id: int | None = None


@dataclass(frozen=True, slots=True)
class StoredGame:
    """One finished game as stored (places are ``None`` for a game that failed without a
    bot to blame)."""

    id: int
    job: int
    deal: int
    rotation: int
    table: int
    seats: tuple[str, ...]
    entrants: tuple[int, ...]
    scores: tuple[int, ...] | None
    ranking: tuple[int, ...] | None
    seconds: float
    forfeit: int | None
    error: str | None


class ResultsStore:
    """The writing side, for the parent process only. Use as a context manager."""

    def __init__(self, path: Path | str) -> None:
        try:
            self._connection = sqlite3.connect(path, isolation_level=None)
            self._connection.execute("PRAGMA journal_mode=WAL")
            # NORMAL keeps every committed game through a killed process (WAL); only
            # a power cut may lose the last few.
            self._connection.execute("PRAGMA synchronous=NORMAL")
            self._connection.executescript(SCHEMA)
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{path}: cannot be used as a results database ({error})") from None

    def tournament(
        self, name: str, settings: Mapping[str, object], total_games: int
    ) -> StoredTournament:
        """The tournament ``name``, created with ``settings`` if new; ``StoreError`` if it
        exists with other settings, naming each that differs."""
        found = _tournament_row(self._connection, name)
        if found is None:
            with _transaction(self._connection):
                self._connection.execute(
                    "INSERT INTO tournaments (name, settings, total_games, version) "
                    "VALUES (?, ?, ?, ?)",
                    (name, _canonical(settings), total_games, __version__),
                )
            found = _tournament_row(self._connection, name)
            assert found is not None
            return found
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
        rows = self._connection.execute(
            "SELECT job FROM games WHERE tournament = ?", (tournament,)
        )
        return {job for (job,) in rows}

    def add(self, tournament: int, job: int, result: GameResult) -> bool:
        """Store one finished game in its own transaction; False if that job was stored
        already (another run of the same tournament got there first), which is kept."""
        record = result.record
        with _transaction(self._connection):
            cursor = self._connection.execute(
                "INSERT OR IGNORE INTO games (tournament, job, deal, deal_seed, rotation, "
                "table_index, game, seats, entrants, options, actions, scores, ranking, "
                "finished, seconds, "
                "forfeit, error, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                "?, ?, ?)",
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
                    _compact(list(result.ranking)) if result.ranking else None,
                    int(result.finished),
                    round(result.seconds, 6),
                    result.forfeit,
                    result.error,
                    __version__,
                ),
            )
        return cursor.rowcount == 1

    def close(self) -> None:
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


def open_readonly(path: Path | str) -> sqlite3.Connection:
    """A read-only connection to a results database (it may be being written)."""
    location = Path(path)
    if not location.is_file():
        raise StoreError(f"{path}: no such results database; give the --db of a run")
    try:
        connection = sqlite3.connect(f"{location.resolve().as_uri()}?mode=ro", uri=True)
        connection.execute("SELECT count(*) FROM tournaments").fetchone()
    except sqlite3.DatabaseError as error:
        raise StoreError(f"{path}: is not a cheese results database ({error})") from None
    return connection


def tournaments(connection: sqlite3.Connection) -> list[StoredTournament]:
    """Every tournament in the database with its progress, oldest first."""
    rows = connection.execute(
        "SELECT t.id, t.name, t.settings, t.total_games, t.created, t.version, "
        "count(g.id), count(g.forfeit), min(g.id), max(g.id) "
        "FROM tournaments t LEFT JOIN games g ON g.tournament = t.id "
        "GROUP BY t.id ORDER BY t.id"
    )
    return [
        StoredTournament(
            id=row[0],
            name=row[1],
            settings=json.loads(row[2]),
            total_games=row[3],
            created=row[4],
            version=row[5],
            games_done=row[6],
            forfeits=row[7],
            first_game_id=row[8],
            last_game_id=row[9],
        )
        for row in rows
    ]


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
    rows = connection.execute(
        "SELECT id, job, deal, rotation, table_index, seats, entrants, scores, ranking, "
        "seconds, forfeit, error FROM games WHERE tournament = ? ORDER BY job",
        (tournament,),
    )
    for row in rows:
        yield StoredGame(
            id=row[0],
            job=row[1],
            deal=row[2],
            rotation=row[3],
            table=row[4],
            seats=tuple(json.loads(row[5])),
            entrants=tuple(json.loads(row[6])),
            scores=None if row[7] is None else tuple(json.loads(row[7])),
            ranking=None if row[8] is None else tuple(json.loads(row[8])),
            seconds=row[9],
            forfeit=row[10],
            error=row[11],
        )


def read_game(path: Path | str, game_id: int) -> GameRecord:
    """The stored game ``game_id`` of the database at ``path`` as a game record.

    The record of a forfeited game stops where the bot failed and has no scores, so
    ``cheese.engine.records.replay`` refuses it as unfinished.
    """
    connection = open_readonly(path)
    try:
        row = connection.execute(
            "SELECT game, deal_seed, seats, options, actions, scores FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
    finally:
        connection.close()
    if row is None:
        raise StoreError(
            f"{path}: no game with id {game_id}; `cheese tournament games {path}` lists them"
        )
    options = json.loads(row[3])
    return GameRecord(
        game=row[0],
        seed=int(row[1]),
        players=tuple(json.loads(row[2])),
        options=tuple(
            sorted(
                (key, tuple(value) if isinstance(value, list) else value)
                for key, value in options.items()
            )
        ),
        actions=tuple(json.loads(row[4])),
        scores=() if row[5] is None else tuple(json.loads(row[5])),
    )


def _tournament_row(connection: sqlite3.Connection, name: str) -> StoredTournament | None:
    row = connection.execute(
        "SELECT id, name, settings, total_games, created, version FROM tournaments "
        "WHERE name = ?",
        (name,),
    ).fetchone()
    if row is None:
        return None
    return StoredTournament(row[0], row[1], json.loads(row[2]), row[3], row[4], row[5])


@contextmanager
def _transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """BEGIN … COMMIT around a block (ROLLBACK if it raises)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def _canonical(settings: Mapping[str, object]) -> str:
    return json.dumps(settings, sort_keys=True, separators=(",", ":"))


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value
