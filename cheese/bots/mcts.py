"""The MCTS bot: information-set Monte Carlo tree search from the seat's view.

Each iteration draws a fresh determinization of the view (``turn.determinize``) and runs
one select–expand–playout–backup pass over a single tree (see ``cheese.bots.mcts_tree``
for the key of a node, the selection formula and the widening rule). Chance is sampled,
rewards are per seat (``cheese.bots.search.rewards``), and the move played is the root child
with the most visits (ties: higher mean reward, then the lower action). A decision the
game's evaluation ranks better than playouts can (``Evaluator.decided_by_one_ply``:
Cheese Drop's gates) is played by the one-ply values, as greedy plays it; a decision
whose lines the game models (``Evaluator.lines``: Cheese Drop's bets) is searched by UCT
over those lines (``mcts_lines``). A spec that names a setting of the engine-tree search
(``playout``, ``depth``, ``leaf``, ``prior``, ``root``) searches every decision so.

On the native backend the whole loop runs in C (``cheese.bots.mcts_native``): same tree,
same selection and widening, same rewards, leaves played out to the end by the game's C
playout policy; the settings a spec leaves open take the game's tuned C defaults
(``SearchAdvice.c_search``: iterations, playout policy, exploration, root prior).
Specs the C loop cannot follow (``playout=none``, a playout ``depth``) run the Python
loop.

Budget: ``iterations=`` or ``time=`` seconds (or both: whichever ends first); a fixed
iteration budget and rng seed give the same move on any machine. ``workers=`` runs that
many independent searches (root parallelism, each with the full budget and its own seed
drawn from the rng) in forked processes and adds up their root statistics; where
processes cannot be forked the searches run one after another with the same result.

The settings are ``mcts_config``, one search (and the choice of loop) ``mcts_search``,
the worker processes ``search.root_parallel``; this module is the bot.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from cheese.bots.base import ConfiguredBot, Decision, Turn, top_choices
from cheese.bots.evaluation import evaluator_for
from cheese.bots.mcts_config import DESCRIPTION, NAME, PARAMETERS, MctsConfig
from cheese.bots.mcts_lines import search_lines
from cheese.bots.mcts_search import RootStats, search
from cheese.bots.search.one_ply import ONE_PLY_SAMPLES, one_ply_decision
from cheese.bots.search.plan import OnePly, SearchLines, plan_turn
from cheese.bots.search.root_parallel import run_searches
from cheese.engine import Action

__all__ = ["DESCRIPTION", "NAME", "PARAMETERS", "MctsBot", "merge", "most_visited"]


def merge(stats: Sequence[RootStats]) -> dict[Action, tuple[int, float]]:
    """Visits and reward sums per root action, added up over searches."""
    merged: dict[Action, tuple[int, float]] = {}
    for result in stats:
        for action, visits, reward_sum in result.children:
            seen_visits, seen_sum = merged.get(action, (0, 0.0))
            merged[action] = (seen_visits + visits, seen_sum + reward_sum)
    return merged


def most_visited(merged: Mapping[Action, tuple[int, float]]) -> Action:
    """The action with the most visits; ties: higher mean reward, then lower action."""
    return min(
        merged,
        key=lambda action: (
            -merged[action][0],
            -(merged[action][1] / merged[action][0]) if merged[action][0] else 0.0,
            action,
        ),
    )


class MctsBot(ConfiguredBot[MctsConfig]):
    """Information-set MCTS; see the module docstring."""

    __slots__ = ()

    config_type = MctsConfig

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        legal = turn.legal_actions()
        if len(legal) == 1:
            return Decision(legal[0], {"legal": 1})
        evaluator = evaluator_for(turn.game)
        game_decides = not self.config.searches_engine_tree
        match plan_turn(turn, evaluator, rng, game_decides=game_decides):
            case OnePly():
                return one_ply_decision(turn, evaluator, rng, ONE_PLY_SAMPLES)
            case SearchLines(lines):
                uct, elapsed = search_lines(lines, self.config)
                statistics = uct.root_statistics()
                return visited_decision(
                    len(legal), statistics, most_visited(statistics),
                    uct.iterations, elapsed, "lines",
                )
        seeds = [rng.getrandbits(64) for _ in range(self.config.workers)]
        config = self.config
        stats = run_searches(lambda seed: search(turn, config, seed), seeds)
        merged = merge(stats)
        return visited_decision(
            len(legal), merged, most_visited(merged),
            sum(result.iterations for result in stats),
            max(result.elapsed for result in stats),
            "c" if stats[0].in_c else "python",
        )


def visited_decision(
    legal: int,
    merged: Mapping[Action, tuple[int, float]],
    action: Action,
    iterations: int,
    elapsed: float,
    loop: str,
) -> Decision:
    """The decision for ``action`` with the root statistics ``merged`` (visits and reward
    sum per root move) and how the search ran."""
    visits, reward_sum = merged[action]
    return Decision(
        action,
        {
            "legal": legal,
            "iterations": iterations,
            "elapsed": round(elapsed, 4),
            "visits": visits,
            "value": round(reward_sum / visits, 4) if visits else 0.0,
            "children": len(merged),
            "loop": loop,
        },
        top=top_choices(visit_shares(merged)),
        top_measure="visit share",
    )


def visit_shares(merged: Mapping[Action, tuple[int, float]]) -> dict[Action, float]:
    """Each root action's share of the root visits."""
    total = sum(visits for visits, _ in merged.values()) or 1
    return {action: round(visits / total, 4) for action, (visits, _) in merged.items()}
