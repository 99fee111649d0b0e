"""Where game records go and how they are written and read.

By default a record is saved in the user's data directory (``platformdirs``), one JSON
file a game, rewritten after every move so that nothing is lost if the terminal closes.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import platformdirs

from cheese.cli.errors import UserInputError
from cheese.engine.records import GameRecord

APP_NAME = "cheese"


def records_directory() -> Path:
    """The user's directory of game records, e.g. ``~/.local/share/cheese/games``."""
    return Path(platformdirs.user_data_dir(APP_NAME)) / "games"


def default_record_path(game: str, seed: int, started: datetime) -> Path:
    """A new record's file: the game, when it started and its seed."""
    return records_directory() / f"{game}-{started:%Y%m%d-%H%M%S}-seed{seed}.json"


def save_record(record: GameRecord, path: Path) -> None:
    """Write ``record`` to ``path`` whole or not at all (a temporary file, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(record.to_json() + "\n", encoding="utf-8")
    os.replace(partial, path)


def load_record(path: Path) -> GameRecord:
    """The record in ``path``; ``UserInputError`` if it cannot be read, ``RecordError``
    if it is not a record."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserInputError(f"{path}: no such file; give the path of a game record") from None
    except IsADirectoryError:
        raise UserInputError(f"{path}: is a directory; give the path of a game record") from None
    except UnicodeDecodeError:
        raise UserInputError(f"{path}: is not a JSON game record (not UTF-8 text)") from None
    except OSError as error:
        raise UserInputError(f"{path}: cannot be read ({error.strerror})") from None
    return GameRecord.from_json(text)
