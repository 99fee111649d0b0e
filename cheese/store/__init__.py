"""The results store: tournaments and their finished games in one SQLite file.

Only the parent process writes, one transaction per finished game, in WAL mode: a run
killed at any moment loses at most the games in flight, and a game is stored under its
job number exactly once (the pair is unique), so re-running the same command plays only
the missing games. Readers (``open_readonly``) see every committed game while a run is
still writing, which is how an overnight run is followed from another terminal.

A game row holds the tournament, its job number (its place in the schedule's order), the
deal, deal seed, rotation and table, the seats' bot specs and entrants, the options, every
action, the scores and places, the duration, which seat forfeited with the kind of fault
(a ``Fault`` word) and the message, the package version that played it, and each seat's
reply times (schema 3). Only games
played to the end or forfeited by a seat are stored; one that failed without a bot to
blame is played again on resume. ``read_game`` gives a game back as a
``cheese.engine.records.GameRecord`` by its id.

The schema's version is kept in ``PRAGMA user_version``. A file is used only if its
tables are cheese's: anything else is refused and left byte for byte as it was. A
database of an older schema (the first: user_version 0, no ``fault`` column; the second:
no ``replies`` column) is converted in one transaction the first time it is opened where
it can be written. A new database's missing folders are created. Every reader checks each
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

from cheese.store.errors import StoreError, StoreFull
from cheese.store.game_rows import games
from cheese.store.readers import find_tournament, read_game, tournaments
from cheese.store.readonly import open_readonly
from cheese.store.schema import SCHEMA_VERSION
from cheese.store.stored import StoredGame, StoredTournament
from cheese.store.writer import ResultsStore

DEFAULT_DB = "cheese-results.db"

__all__ = [
    "DEFAULT_DB",
    "SCHEMA_VERSION",
    "ResultsStore",
    "StoreError",
    "StoreFull",
    "StoredGame",
    "StoredTournament",
    "find_tournament",
    "games",
    "open_readonly",
    "read_game",
    "tournaments",
]
