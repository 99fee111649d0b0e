"""The store's errors, and SQLite's errors read as them."""

from __future__ import annotations

import sqlite3


class StoreError(Exception):
    """The database cannot be used: not a results store, missing, a row that is not what
    cheese writes, or a settings clash (the command line says so in one line)."""


class StoreFull(StoreError):
    """The disk (or the database's size limit) is full; the games stored so far stay."""


class _CannotWrite(StoreError):
    """The database cannot be written where it is (a read-only file, folder or mount)."""


def _unreadable(shown: str, error: sqlite3.Error) -> StoreError:
    if _code(error) == sqlite3.SQLITE_CANTOPEN:
        return StoreError(f"{shown}: cannot be opened ({error})")
    return StoreError(f"{shown}: is not a cheese results database ({error})")


def _code(error: sqlite3.Error) -> int:
    """SQLite's primary result code of ``error`` (extended codes keep it in the low byte)."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else -1
