"""Around one open connection: the folders a new database needs, a write transaction,
SQLite's errors while reading as ``StoreError``, and the database's file named for
messages."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from cheese.store.errors import StoreError, _CannotWrite


def _make_folders(path: Path | str) -> None:
    """Create the missing folders of a database to be written, as ``--record`` does for
    its file; ``_CannotWrite`` names the folder that cannot be made."""
    folder = Path(path).parent
    if folder.is_dir():
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _CannotWrite(
            f"{path}: its folder {folder} cannot be created ({error.strerror or error}); "
            "give a --db in a writable folder"
        ) from None


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
