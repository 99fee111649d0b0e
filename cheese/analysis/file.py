"""The analysis file: a game's analysis saved beside its record, ``X.json`` → ``X.analysis.json``.

Format 1, declared once here (``docs/analysis.md`` explains every field). Other readers
(the terminal replay, a web page) read it through ``load_analysis``.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path

import msgspec

from cheese.engine import RecordError
from cheese.engine.json_text import load_json
from cheese.engine.schemas import conform

FORMAT = 1
SUFFIX = ".analysis.json"


class Thresholds(msgspec.Struct, frozen=True):
    """The drops that earn each mark, and the noise a drop must exceed."""

    measure: str
    """What ``drop`` measures, in words."""
    inaccuracy: float
    mistake: float
    blunder: float
    noise_factor: float
    """A mark needs ``drop > noise_factor × noise``."""


class DecisionAnalysis(msgspec.Struct, frozen=True):
    """One decision of the analysed seat: the move played against the best one found."""

    move: int
    """The decision's number as ``cheese replay`` counts moves (1 is the first)."""
    action_index: int
    """Where the played action is in the record's list of actions."""
    seat: int
    legal: int
    forced: bool
    played: str
    best: str
    played_points: float
    best_points: float
    played_win: float
    best_win: float
    played_place: float
    best_place: float
    played_places: tuple[float, ...]
    """The chance of each finishing place, first place first."""
    best_places: tuple[float, ...]
    drop: float
    noise: float
    mark: str | None
    reason: str | None


class Summary(msgspec.Struct, frozen=True):
    """The analysed seat's play in a few numbers."""

    decisions: int
    forced: int
    inaccuracies: int
    mistakes: int
    blunders: int
    accuracy: float
    """Percent, 100 for no drop at all (see ``cheese.analysis.marks.move_accuracy``)."""
    biggest: tuple[int, ...]
    """The move numbers of the three biggest marked drops, biggest first."""
    points_lost: float


class AnalysisFile(msgspec.Struct, frozen=True):
    """A game's analysis for one seat (format 1)."""

    format: int
    game: str
    seed: int
    players: int
    actions: int
    """How many actions the analysed record holds: an analysis of another record's
    length is not this record's."""
    seat: int
    bot: str
    samples: int
    candidates: int
    thresholds: Thresholds
    decisions: tuple[DecisionAnalysis, ...]
    summary: Summary


def analysis_path(record_path: Path) -> Path:
    """Where the analysis of the record ``record_path`` is saved.

    >>> analysis_path(Path("games/get-the-cheese-7.json")).name
    'get-the-cheese-7.analysis.json'
    """
    return record_path.with_name(record_path.stem + SUFFIX)


def encode_analysis(analysis: AnalysisFile) -> bytes:
    """The analysis as the JSON document ``cheese analyze --json`` prints."""
    return msgspec.json.format(msgspec.json.encode(analysis), indent=2)


def save_analysis(analysis: AnalysisFile, record_path: Path) -> Path:
    """Write ``analysis`` beside ``record_path`` whole or not at all (a temporary file of
    its own in the same folder, then a rename); the path written."""
    path = analysis_path(record_path)
    descriptor, partial = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=".partial", dir=path.parent
    )
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(encode_analysis(analysis) + b"\n")
        os.chmod(partial, 0o644)  # mkstemp's 0o600 would hide it from other readers
        os.replace(partial, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(partial)
        raise
    return path


def load_analysis(record_path: Path) -> AnalysisFile | None:
    """The analysis saved beside ``record_path``, or None when there is none;
    ``RecordError`` naming the field when the file is damaged."""
    path = analysis_path(record_path)
    try:
        return read_analysis_file(path)
    except FileNotFoundError:
        return None


def read_analysis_file(path: Path) -> AnalysisFile:
    """The analysis in the file ``path``, wherever it is; ``FileNotFoundError`` when there
    is none, ``RecordError`` naming the field when it is not an analysis."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{path}: cannot be read ({error})") from None
    try:
        data = load_json(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{path}: not an analysis file: {error}") from None
    return conform(
        data,
        AnalysisFile,
        lambda problem: RecordError(f"{path}: not an analysis file: {problem.sentence()}"),
    )
