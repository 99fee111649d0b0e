"""The analysis a replay page marks its moves with: read from any file (``--analysis``)
and checked against the record it is about.

The format is declared once, in ``cheese.analysis.file`` (``cheese analyze`` writes it
beside the record: ``X.json``'s analysis is ``X.analysis.json``); this module only reads
it for the page and says, in one line, why a file is not this record's analysis.
"""

from __future__ import annotations

from pathlib import Path

from cheese.analysis import AnalysisFile, read_analysis_file
from cheese.cli.errors import UserInputError
from cheese.engine import RecordError
from cheese.engine.json_text import quoted
from cheese.engine.records import GameRecord
from cheese.words import counted

MARK_SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""Each mark as chess annotators write it."""


def mark_symbol(mark: str | None) -> str | None:
    """The mark as ``?!``, ``?`` or ``??``; None when unmarked.

    >>> mark_symbol("blunder"), mark_symbol(None)
    ('??', None)
    """
    return None if mark is None else MARK_SYMBOLS.get(mark)


def read_analysis(path: Path) -> AnalysisFile:
    """The analysis in ``path``; ``UserInputError`` in one line if it is not one."""
    try:
        return read_analysis_file(path)
    except FileNotFoundError:
        raise UserInputError(
            f"{path}: no such file; give the analysis cheese analyze saved (X.analysis.json)"
        ) from None
    except RecordError as error:
        raise UserInputError(
            f"{error}; analyse the game again with cheese analyze, or give another file "
            "with --analysis"
        ) from None


def check_analysis(
    analysis: AnalysisFile, record: GameRecord, decisions: list[int], path: Path
) -> None:
    """``UserInputError`` unless ``analysis`` is about ``record``: the same game, and each
    decision's move at its action (``decisions[k]``: the action of move k + 1)."""
    if analysis.game != record.game:
        raise UserInputError(
            f"{path} analyses a game of {quoted(analysis.game)}, the record is one of "
            f"{record.game}; give the analysis of this record with --analysis"
        )
    for decision in analysis.decisions:
        move, index = decision.move, decision.action_index
        if not 1 <= move <= len(decisions) or decisions[move - 1] != index:
            raise UserInputError(
                f"{path}: the analysis puts move {move} at action {index}, which is not where "
                f"the record has it (the record has {counted(len(decisions), 'move')}); the "
                "analysis is of another game: analyse this record again"
            )
