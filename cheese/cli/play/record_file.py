"""Where game records go and how they are written and read.

By default a record is saved in the user's data directory (``platformdirs``), one JSON
file a game, rewritten after every move so that nothing is lost if the terminal closes.

The file is a game record (``GameRecord.to_json``) with one more key, ``"play"``: what
``cheese play --continue`` needs to sit everyone down again (which seats are people, the
hint bot, the level) and what ``cheese saved`` lists without replaying (finished or
not, the moves so far, who is to play), and, when bots moved, ``"choices"``: each bot
move's top choices by its action's index (``cheese replay --html`` shows them). Readers
of plain records ignore both.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import itertools
import json
import os
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import msgspec
import platformdirs

from cheese.bots.base import TopMeasure
from cheese.cli.errors import read_text_file
from cheese.engine import RecordError, Seat, State
from cheese.engine.json_text import load_json
from cheese.engine.records import GameRecord
from cheese.engine.schemas import Problem, conform
from cheese.referee.turn import Reply

APP_NAME = "cheese"
PLAY_KEY = "play"
CHOICES_KEY = "choices"


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
        """The facts in ``data``, or None when they are missing or malformed."""
        try:
            return cls.checked(data, "the record")
        except RecordError:
            return None

    @classmethod
    def checked(cls, data: object, source: str) -> PlayFacts:
        """The facts in ``data``; ``RecordError`` naming ``source`` when they are
        malformed (going on with a game whose seats are unknown would seat it wrongly)."""
        read = conform(data, PlayKey, functools.partial(_damaged_play_key, source))
        return cls(
            read.humans, read.hint, read.level, read.person, read.finished, read.moves, read.to_play
        )


class BotChoices(msgspec.Struct, frozen=True):
    """A bot move's best few actions as the engine writes them, best first, each with
    its number (``measure``): one entry of a saved game's ``choices`` key.

    >>> BotChoices(TopMeasure.VALUE, (("draw", 0.5),)).to_json()
    {'measure': 'value', 'top': [['draw', 0.5]]}
    """

    measure: TopMeasure
    top: tuple[tuple[str, float], ...]

    @classmethod
    def of_reply(cls, reply: Reply, state: State) -> BotChoices | None:
        """The top choices of a bot's ``reply`` in ``state``; None if it gave none."""
        if not reply.top or reply.top_measure is None:
            return None
        top = tuple((state.action_to_string(action), value) for action, value in reply.top)
        return cls(reply.top_measure, top)

    def to_json(self) -> dict[str, object]:
        return {"measure": str(self.measure), "top": [list(entry) for entry in self.top]}


Choices = dict[int, BotChoices]
"""The bots' top choices of a game by the index of their action in the record."""


def choices_json(choices: Choices) -> dict[str, object]:
    return {str(index): entry.to_json() for index, entry in sorted(choices.items())}


def read_choices(data: object) -> Choices:
    """The ``choices`` of a saved game's JSON ``data``; none when the key is missing or
    malformed (they are shown, never played from, so a damaged key only hides them)."""
    if not isinstance(data, dict):
        return {}
    try:
        read = msgspec.convert(data.get(CHOICES_KEY, {}), dict[str, BotChoices])
    except msgspec.ValidationError:
        return {}
    return {int(key): entry for key, entry in read.items() if key.isdigit()}


@dataclass(frozen=True, slots=True)
class SavedFile:
    """A record file as ``cheese play`` wrote it: the record, the play facts if any, and
    the bots' top choices."""

    record: GameRecord
    facts: PlayFacts | None
    choices: Choices = dataclasses.field(default_factory=dict)


def records_directory() -> Path:
    """The user's directory of game records, e.g. ``~/.local/share/cheese/games``."""
    return Path(platformdirs.user_data_dir(APP_NAME)) / "games"


def default_record_path(game: str, seed: int, started: datetime, count: int = 1) -> Path:
    """A new record's file: the game, when it started and its seed; ``count`` above 1
    tells apart games that share all three."""
    extra = "" if count == 1 else f"-{count}"
    return records_directory() / f"{game}-{started:%Y%m%d-%H%M%S}-seed{seed}{extra}.json"


def claim_file(path: Path) -> bool:
    """Create ``path`` empty if no file is there, atomically; False if one already is.

    Two games started at once cannot both claim one name, so neither overwrites the
    other's record (``os.path.exists`` then a write would let both through).
    """
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    except FileExistsError:
        return False
    return True


def claim_default_record_path(game: str, seed: int, started: datetime) -> Path:
    """The first ``default_record_path`` no other game holds, claimed (created empty)."""
    records_directory().mkdir(parents=True, exist_ok=True)
    for count in itertools.count(1):
        path = default_record_path(game, seed, started, count)
        if claim_file(path):
            return path
    raise AssertionError("unreachable: itertools.count never ends")


def save_record(
    record: GameRecord,
    path: Path,
    facts: PlayFacts | None = None,
    choices: Choices | None = None,
) -> None:
    """Write ``record`` (and ``facts``, and the bots' ``choices``) to ``path`` whole or
    not at all (a temporary file of this write's own, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = record.to_json()
    if facts is not None or choices:
        data = json.loads(text)
        if facts is not None:
            data[PLAY_KEY] = facts.to_json()
        if choices:
            data[CHOICES_KEY] = choices_json(choices)
        text = json.dumps(data, separators=(",", ":"))
    # mkstemp, not a fixed "NAME.partial": two writers never share the temporary file,
    # and it is in the same folder, so the rename is atomic.
    descriptor, partial = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=".partial", dir=path.parent
    )
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text + "\n")
        os.chmod(partial, 0o644)  # mkstemp's 0o600 would make a shared record unreadable
        os.replace(partial, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(partial)
        raise


def load_record(path: Path) -> GameRecord:
    """The record in ``path``; ``UserInputError`` if it cannot be read, ``RecordError``
    if it is not a record."""
    return GameRecord.from_json(read_text_file(path, "a game record (a JSON file)"))


def load_saved(path: Path) -> SavedFile:
    """The record in ``path`` with its play facts; errors as ``load_record``."""
    text = read_text_file(path, "a game record (a JSON file)")
    record = GameRecord.from_json(text)
    data = load_json(text)
    # Records written by other tools, or before saved games carried it, have no "play"
    # key: they replay to find their facts. One that has it must have it whole.
    if not isinstance(data, dict) or PLAY_KEY not in data:
        return SavedFile(record, None, read_choices(data))
    return SavedFile(record, PlayFacts.checked(data[PLAY_KEY], str(path)), read_choices(data))


def _damaged_play_key(source: str, problem: Problem) -> RecordError:
    where = dataclasses.replace(problem, path=(PLAY_KEY, *problem.path))
    return RecordError(
        f"{source}: {where.sentence()}; this saved game is damaged (it is not as cheese "
        "play writes it): start a new game, or replay it with cheese replay"
    )
