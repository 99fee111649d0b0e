"""The expectimax bot: depth-limited max^n search averaged over determinizations.

The root draws ``samples`` determinizations of the seat's view (equal ones merged; one
when the game hides nothing a search reads) and values each of its ``root`` best moves
(by the evaluator's priors; all of them by default) by the mean, over those worlds, of
the acting seat's reward after a depth-limited expectimax search
(``world_search``: max^n, exact small chance nodes, Star1 and shallow
pruning). The worlds act like a chance node at the root, so a move is dropped as soon as
its partial mean can no longer beat the best move so far.

**Leaves** are valued by the game's evaluation (``leaf=eval``) or by the mean of
``playouts`` playouts to the end (``leaf=playout``: in C on the native backend, through
the engine otherwise). ``leaf=auto`` plays out where the game advises C playouts and the
backend is native — Get The Cheese!, whose one-ply evaluation cannot see the next seats'
replies that a playout plays, and Cheese Chasers, where only finishing counts and a
playout sees how a game ends better than the estimate — and uses the evaluation
elsewhere. Every leaf of a world is played out with the same seeds, so the moves
compared meet the same luck. ``playouts=0`` takes the game's advice (16 in Get The
Cheese!, 128 in Cheese Chasers).

**Aim** (``aim=``, one-seat games): ``score`` values a finished game by the reward of
its points (the default); ``finish`` values finishing alone where the game's evaluation
has that aim (``Evaluator.finishing``: Cheese Chasers, whose levels measure the
completion rate), and runs each leaf's C playouts in one call from one seed of the
world's luck (``cheese.bots.search.playouts.c_playout_batch``).

**Depth** ``0`` (the default) takes the game's advice: one decision where leaves are
played out (below it, Cheese Chasers' next card is still an exact chance node), two in
Cheese Drop. Where the game models the lines that follow a decision
(``Evaluator.lines``: Cheese Drop's bets, to the end of the round's betting, the other
seats' replies predicted by their one-ply values, the finished round valued exactly
over the hidden rows), depth 0 searches those lines instead
(``cheese.bots.lines.full_search.best_line_values``, the seat trying the lines' own width
of moves at its later turns), and a decision the evaluation ranks best by itself
(``Evaluator.decided_by_one_ply``: Cheese Drop's gates) is played by the one-ply values,
as greedy plays it. An explicit depth searches every decision in the engine's tree.

Budget: ``depth=`` decisions; with ``time=`` the search deepens one decision at a time
(iterative deepening, best moves of the last depth searched first) until the time is up
or ``depth`` is reached, and plays the result of the deepest finished depth; it stops
early when a deeper search cannot change anything. If even depth 1 is cut short, the
best of the moves valued so far is played (moves are valued in the order of the
evaluator's priors).

The modules: ``bot`` (how a turn is taken), ``config`` (the settings), ``root`` (the
root's moves and one depth of them over the worlds), ``world_search`` (the search of one
world below the root).
"""

from __future__ import annotations

from cheese.bots.expectimax.bot import ExpectimaxBot
from cheese.bots.expectimax.config import DESCRIPTION, NAME, PARAMETERS

__all__ = ["DESCRIPTION", "NAME", "PARAMETERS", "ExpectimaxBot"]
