"""Where game records go and how they are written and read.

By default a record is saved in the user's data directory (``platformdirs``), one JSON
file a game, rewritten after every move so that nothing is lost if the terminal closes.

The file is a game record (``GameRecord.to_json``) with one more key, ``"play"``: what
``cheese play --continue`` needs to sit everyone down again (which seats are people, the
hint bot, the level) and what ``cheese saved`` lists without replaying (finished or
not, the moves so far, who is to play). Readers of plain records ignore it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import msgspec
import platformdirs

from cheese.cli.errors import read_text_file
from cheese.engine import Seat
from cheese.engine.json_text import load_json
from cheese.engine.records import GameRecord

APP_NAME = "cheese"
PLAY_KEY = "play"


class PlayKey(msgspec.Struct, frozen=True):
    """The ``play`` key of a saved game, as ``PlayFacts.to_json`` writes it (files of
    older versions may leave out the level, the person and the seat to play)."""

    humans: tuple[Seat, ...]
    hint: str
    finished: bool
    moves: int
    level: int | None = None
    person: str | None = None
    to_play: Seat | None = None


@dataclass(frozen=True, slots=True)
class PlayFacts:
    """What a saved game says beyond its record: the table's people and where it stands.

    >>> facts = PlayFacts(humans=(0,), hint="mcts", level=2, person="ann", finished=False,
    ...                   moves=4, to_play=1)
    >>> PlayFacts.from_json(facts.to_json()) == facts
    True
    """

    humans: tuple[Seat, ...]
    """The seats people play, in seat order."""
    hint: str
    """The spec of the bot that gives hints."""
    level: int | None
    """The opponents' level (``cheese play --level``), None when ``--vs`` chose them."""
    person: str | None
    """The name the person's games are rated under (``--name``), None if not rated."""
    finished: bool
    moves: int
    """Decisions taken so far (chance outcomes not counted)."""
    to_play: Seat | None
    """The seat that decides next; None once the game is over."""

    def to_json(self) -> dict[str, object]:
        return {
            "humans": list(self.humans),
            "hint": self.hint,
            "level": self.level,
            "person": self.person,
            "finished": self.finished,
            "moves": self.moves,
            "to_play": self.to_play,
        }

    @classmethod
    def from_json(cls, data: object) -> PlayFacts | None:
        """The facts in ``data``, or None when they are missing or malformed (the record
        itself still replays; only resuming needs them)."""
        try:
            read = msgspec.convert(data, PlayKey)
        except msgspec.ValidationError:
            return None
        return cls(
            read.humans, read.hint, read.level, read.person, read.finished, read.moves, read.to_play
        )


@dataclass(frozen=True, slots=True)
class SavedFile:
    """A record file as ``cheese play`` wrote it: the record and the play facts, if any."""

    record: GameRecord
    facts: PlayFacts | None


def records_directory() -> Path:
    """The user's directory of game records, e.g. ``~/.local/share/cheese/games``."""
    return Path(platformdirs.user_data_dir(APP_NAME)) / "games"


def default_record_path(game: str, seed: int, started: datetime) -> Path:
    """A new record's file: the game, when it started and its seed."""
    return records_directory() / f"{game}-{started:%Y%m%d-%H%M%S}-seed{seed}.json"


def save_record(record: GameRecord, path: Path, facts: PlayFacts | None = None) -> None:
    """Write ``record`` (and ``facts``) to ``path`` whole or not at all (a temporary file,
    then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    text = record.to_json()
    if facts is not None:
        data = json.loads(text)
        data[PLAY_KEY] = facts.to_json()
        text = json.dumps(data, separators=(",", ":"))
    partial.write_text(text + "\n", encoding="utf-8")
    os.replace(partial, path)


def load_record(path: Path) -> GameRecord:
    """The record in ``path``; ``UserInputError`` if it cannot be read, ``RecordError``
    if it is not a record."""
    return GameRecord.from_json(read_text_file(path, "a game record (a JSON file)"))


def load_saved(path: Path) -> SavedFile:
    """The record in ``path`` with its play facts; errors as ``load_record``."""
    text = read_text_file(path, "a game record (a JSON file)")
    record = GameRecord.from_json(text)
    data = load_json(text)
    facts = PlayFacts.from_json(data.get(PLAY_KEY)) if isinstance(data, dict) else None
    return SavedFile(record, facts)
