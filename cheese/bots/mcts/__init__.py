"""The MCTS bot: information-set Monte Carlo tree search from the seat's view.

Each iteration draws a fresh determinization of the view (``turn.determinize``) and runs
one select–expand–playout–backup pass over a single tree (see ``tree`` for the key of a
node, the selection formula and the widening rule). Chance is sampled, rewards are per
seat (``cheese.bots.search.rewards``), and the move played is the root child with the
most visits (ties: higher mean reward, then the lower action). A decision the game's
evaluation ranks better than playouts can (``Evaluator.decided_by_one_ply``: Cheese
Drop's gates) is played by the one-ply values, as greedy plays it; a decision whose
lines the game models (``Evaluator.lines``: Cheese Drop's bets) is searched by UCT over
those lines. A spec that names a setting of the engine-tree search (``playout``,
``depth``, ``leaf``, ``prior``, ``root``) searches every decision so.

On the native backend the whole loop runs in C (``native``): same tree, same selection
and widening, same rewards, leaves played out to the end by the game's C playout policy;
the settings a spec leaves open take the game's C defaults (``SearchAdvice.c_search``:
iterations, playout policy, exploration, root prior). Specs the C loop cannot follow
(``playout=none``, a playout ``depth``) run the Python loop.

Budget: ``iterations=`` or ``time=`` seconds (or both: whichever ends first); a fixed
iteration budget and rng seed give the same move on any machine. ``workers=`` runs that
many independent searches (root parallelism, each with the full budget and its own seed
drawn from the rng) in forked processes and adds up their root statistics; where
processes cannot be forked the searches run one after another with the same result.

The modules: ``bot`` (how a turn is taken), ``config`` (the settings, and what a setting
the spec leaves open means in each loop), ``search`` (one search: the engine's tree in C
or Python, or a game's lines), ``tree`` (the Python loop), ``native`` (the C loop).
"""

from __future__ import annotations

from cheese.bots.mcts.bot import MctsBot
from cheese.bots.mcts.config import DESCRIPTION, NAME, PARAMETERS

__all__ = ["DESCRIPTION", "NAME", "PARAMETERS", "MctsBot"]
