"""MCTS over a game's lines (``Evaluator.lines``, Cheese Drop's bets): UCT on the
searching seat's moves, the other seats' replies predicted, every end valued exactly
(``cheese.bots.lines.uct.UctLines``).

The settings a spec leaves open take ``mcts_config``'s ``LINE_*`` values: lines are far
smaller than the engine's tree (no chance left but at the ends, one predicted reply per
other seat), so a few hundred iterations see the lines worth seeing. Root parallelism
(``workers=``) does not apply: the search is one process.
"""

from __future__ import annotations

from typing import Any

from cheese.bots.lines.model import Lines
from cheese.bots.lines.uct import UctLines
from cheese.bots.mcts_config import LINE_EXPLORATION, LINE_ITERATIONS, LINE_WIDEN, MctsConfig
from cheese.bots.search.budget import Budget


def search_lines(lines: Lines[Any], config: MctsConfig) -> tuple[UctLines, float]:
    """A UCT search of ``lines`` within the config's budget, and the seconds it took."""
    iterations = config.iterations
    if iterations is None and config.seconds is None:
        iterations = LINE_ITERATIONS
    watch = Budget(iterations, config.seconds).start()
    exploration = LINE_EXPLORATION if config.exploration is None else config.exploration
    widen = LINE_WIDEN if config.widen is None else config.widen
    search = UctLines(lines, lines.moves(lines.root), exploration, widen)
    while not watch.exhausted():
        search.iterate()
        watch.done += 1
    return search, watch.elapsed()
