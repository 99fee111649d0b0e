"""A game's analysis as ``cheese analyze`` saves it beside the record: read, and checked
against the record it is about.

``X.json``'s analysis is ``X.analysis.json``: for one seat, each decision with what was
played, what the analysing bot liked best, the points and winning chances of both and a
mark (``inaccuracy``, ``mistake``, ``blunder``) when the drop is large. The reader is
tolerant: fields it does not know are skipped and the figures may be missing, so an
analysis from a newer cheese still shows what this one understands.
"""

from __future__ import annotations

import functools
from pathlib import Path

import msgspec

from cheese.cli.errors import UserInputError, read_text_file
from cheese.engine.json_text import load_json, quoted
from cheese.engine.records import GameRecord
from cheese.engine.schemas import Problem, conform

ANALYSIS_SUFFIX = ".analysis.json"
MARK_SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""Each mark as chess annotators write it."""


class AnalysedDecision(msgspec.Struct, frozen=True):
    """One decision of the analysed seat; ``move`` counts decisions from 1 as ``cheese
    replay`` does, ``action_index`` is the action's place in the record."""

    move: int
    action_index: int
    seat: int
    played: str
    best: str
    played_points: float | None = None
    best_points: float | None = None
    played_win: float | None = None
    best_win: float | None = None
    drop: float | None = None
    noise: float | None = None
    mark: str | None = None
    reason: str | None = None

    @property
    def symbol(self) -> str | None:
        """The mark as ``?!``, ``?`` or ``??``; None when unmarked (or a mark unknown here).

        >>> AnalysedDecision(1, 0, 0, "draw", "draw", mark="blunder").symbol
        '??'
        """
        return MARK_SYMBOLS.get(self.mark) if self.mark is not None else None


class AnalysisSummary(msgspec.Struct, frozen=True):
    """The whole game's figures for the analysed seat."""

    accuracy: float | None = None
    biggest: tuple[int, ...] = ()
    """The moves that lost the most, largest loss first."""
    points_lost: float | None = None


class Analysis(msgspec.Struct, frozen=True):
    """The analysis file: who was analysed, by which bot, each decision and the summary."""

    decisions: tuple[AnalysedDecision, ...]
    format: int = 1
    game: str | None = None
    seat: int | None = None
    bot: str | None = None
    summary: AnalysisSummary | None = None


def analysis_beside(record: Path) -> Path:
    """Where ``cheese analyze`` saves the analysis of the record ``record``.

    >>> analysis_beside(Path("games/g.json")).as_posix()
    'games/g.analysis.json'
    """
    stem = record.name[: -len(".json")] if record.name.endswith(".json") else record.name
    return record.with_name(stem + ANALYSIS_SUFFIX)


def read_analysis(path: Path) -> Analysis:
    """The analysis in ``path``; ``UserInputError`` in one line if it is not one."""
    text = read_text_file(path, "a game analysis (a JSON file)")
    try:
        data = load_json(text)
    except ValueError as error:
        raise UserInputError(f"{path}: the analysis is not valid JSON: {error}") from None
    return conform(data, Analysis, functools.partial(_not_an_analysis, path))


def check_analysis(
    analysis: Analysis, record: GameRecord, decisions: list[int], path: Path
) -> None:
    """``UserInputError`` unless ``analysis`` is about ``record``: the same game, and each
    decision's move at its action (``decisions[k]``: the action of move k + 1)."""
    if analysis.game is not None and analysis.game != record.game:
        raise UserInputError(
            f"{path} analyses a game of {quoted(analysis.game)}, the record is one of "
            f"{record.game}; give the analysis of this record with --analysis"
        )
    for decision in analysis.decisions:
        move, index = decision.move, decision.action_index
        if not 1 <= move <= len(decisions) or decisions[move - 1] != index:
            raise UserInputError(
                f"{path}: the analysis puts move {move} at action {index}, which is not where "
                f"the record has it (the record has {len(decisions)} moves); the analysis "
                "is of another game: analyse this record again"
            )


def _not_an_analysis(path: Path, problem: Problem) -> UserInputError:
    return UserInputError(
        f"{path}: {problem.sentence()}; this is not a game analysis as cheese analyze "
        "writes it: analyse the game again, or give another file with --analysis"
    )
