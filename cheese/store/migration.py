"""Databases of older schemas converted to the current one, a schema at a time."""

from __future__ import annotations

import re
import sqlite3

from cheese.referee.jobs import Fault
from cheese.store.rows import _not_cheese, _shown

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
    connection.execute("PRAGMA user_version = 2")


def _convert_schema_2(connection: sqlite3.Connection) -> None:
    """Schema 2 to 3, inside the caller's transaction: the ``replies`` column (each seat's
    reply times), NULL for the games played before it, whose times were not kept."""
    connection.execute("ALTER TABLE games ADD COLUMN replies TEXT")
    connection.execute("PRAGMA user_version = 3")
