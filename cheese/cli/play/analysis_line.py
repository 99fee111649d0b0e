"""The analysis of one move, as the terminal replay shows it (the key ``a``)."""

from __future__ import annotations

from cheese.analysis import AnalysisFile
from cheese.engine.records import GameRecord


def analysis_of(analysis: AnalysisFile | None, record: GameRecord) -> AnalysisFile | None:
    """``analysis`` if it is of ``record`` (same game, deal and length), else None."""
    if analysis is None:
        return None
    same = (analysis.game, analysis.seed, analysis.actions) == (
        record.game,
        record.seed,
        len(record.actions),
    )
    return analysis if same else None


def analysis_line(analysis: AnalysisFile | None, move: int) -> str:
    """What the analysis says of ``move`` (the replay's numbering), or how to get one.

    >>> analysis_line(None, 3)
    'This game has not been analysed: cheese analyze RECORD --seat N analyses it.'
    """
    if analysis is None:
        return "This game has not been analysed: cheese analyze RECORD --seat N analyses it."
    seat = f"P{analysis.seat + 1}"
    found = [decision for decision in analysis.decisions if decision.move == move]
    if not found:
        later = [decision.move for decision in analysis.decisions if decision.move > move]
        following = f" (the next is move {later[0]})" if later else ""
        return f"Move {move} is not one of {seat}'s analysed moves{following}."
    decision = found[0]
    if decision.forced:
        return f"Move {move}, {seat}: {decision.played} was the only move."
    line = (
        f"Move {move}, {seat}: played {decision.played}"
        f" ({decision.played_points:.1f} points, win {decision.played_win:.0%})"
    )
    if decision.best == decision.played:
        return line + ", the best move found."
    line += (
        f"; best {decision.best} ({decision.best_points:.1f} points, win "
        f"{decision.best_win:.0%}); drop {decision.drop:.2f}±{decision.noise:.2f}"
    )
    if decision.mark is not None:
        line += f": {decision.mark}"
        if decision.reason is not None:
            line += f", {decision.reason}"
    return line + "."
