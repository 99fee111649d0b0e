"""Opening a results database read-only: while a run writes it, and in read-only places."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from cheese.store.errors import StoreError, _CannotWrite, _code, _unreadable
from cheese.store.schema import SCHEMA_VERSION, _schema
from cheese.store.writer import ResultsStore


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


def _connect_readonly(location: Path, shown: str) -> sqlite3.Connection:
    """A read-only connection that has read the schema (so the file really opened).

    SQLite opens a WAL database read-only only if it can use a ``-shm`` file: one that is
    there, or one it can create. In a read-only folder or mount with none, the file is
    opened as immutable (no ``-shm`` needed), which misses nothing only if no ``-wal``
    file with content is beside it: the one case where the file alone is not every
    committed game, refused in one line instead.
    """
    uri = location.resolve().as_uri()
    if os.access(location, os.W_OK) and os.access(location.parent, os.W_OK):
        # Where the file can be written, a writable connection that refuses to write:
        # closing it last removes the -wal and -shm files, which a mode=ro connection
        # cannot, so reading a database never leaves them behind.
        try:
            connection = _opened(uri)
        except sqlite3.Error as error:
            if _code(error) != sqlite3.SQLITE_CANTOPEN:
                raise _unreadable(shown, error) from None
        else:
            connection.execute("PRAGMA query_only = ON")
            return connection
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
