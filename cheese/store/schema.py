"""The tables cheese writes and their version, and recognising them in a file."""

from __future__ import annotations

import sqlite3

from cheese.store.errors import StoreError, _unreadable

SCHEMA_VERSION = 3

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
    replies TEXT,
    UNIQUE (tournament, job)
)"""
SCHEMA = f"{_TOURNAMENTS_TABLE};\n{_GAMES_TABLE};\n"
"""The tables of schema ``SCHEMA_VERSION``."""
_SCHEMA_2 = SCHEMA.replace("    replies TEXT,\n", "")
"""The tables of the second schema (user_version 2, no reply times), to be converted."""
_SCHEMA_1 = _SCHEMA_2.replace("    fault TEXT,\n", "")
"""The tables of the first schema (user_version 0), recognised to be converted."""


def _schema(connection: sqlite3.Connection, where: str) -> int:
    """The schema of a cheese results database (1, 2 or ``SCHEMA_VERSION``);
    ``StoreError`` for any other file."""
    try:
        (version,) = connection.execute("PRAGMA user_version").fetchone()
        found = _layout(connection)
    except sqlite3.Error as error:
        raise _unreadable(where, error) from None
    if version == SCHEMA_VERSION and found == _layout_of(SCHEMA):
        return SCHEMA_VERSION
    if version == 2 and found == _layout_of(_SCHEMA_2):
        return 2
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
        older = (_layout_of(_SCHEMA_2)[table], _layout_of(_SCHEMA_1)[table])
        if found[table] not in (expected[table], *older):
            return f"its {table} table has other columns than cheese's"
    return f"its schema version {version} does not match its tables"
