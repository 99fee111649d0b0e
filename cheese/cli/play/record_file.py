"""Where game records go and how they are written and read.

By default a record is saved in the user's data directory (``platformdirs``), one JSON
file a game, rewritten after every move so that nothing is lost if the terminal closes.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import platformdirs

from cheese.cli.errors import read_text_file
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
    return GameRecord.from_json(read_text_file(path, "a game record (a JSON file)"))
