"""The search tree of information-set MCTS and one iteration over it.

Every iteration starts from a fresh determinization of the searching seat's view and
walks one tree (single-observer ISMCTS, open loop):

- **Nodes are keyed by actions from the root**: a node is the sequence of actions that
  leads to it; chance outcomes are sampled on the way and never stored, so one node
  stands for everything the searching seat cannot tell apart after those actions.
- **Availability.** Different determinizations allow different actions (another seat's
  hand differs), so a child's exploration term counts the visits in which its action was
  legal (``available``), not the parent's visits.
- **Selection** (UCB1 per seat, max^n): the seat to act picks the child maximising
  ``mean + c * sqrt(ln(available) / visits)`` where ``mean`` is that seat's average
  reward in the child. Children store the reward of the seat that chose them.
- **Progressive widening**: a node passed ``v`` times has at most
  ``floor(1 + widen * sqrt(v))`` children (all of them when ``widen`` is 0); new
  children are taken in the order of the evaluator's priors (computed once, when the
  node is passed for the third time; before that at random), ties in legal order.
- **Root priors** (optional): the root's moves are valued one ply ahead by the
  evaluator (averaged over a few determinizations, as greedy does); they set the root's
  expansion order and every new root child starts with ``prior`` virtual visits at that
  value, so a few noisy playouts cannot overturn a clear one-ply verdict.
- **Leaf**: after expanding one child, a playout (random or the evaluator's move) runs
  for ``depth`` decisions (0: to the end) and the evaluator's rewards of where it stops
  are backed up along the path; with ``leaf`` > 1 that many playouts are averaged. On
  the native backend a playout to the end runs in C (``cheese.engine.native.playouts``,
  the game's fast heuristic or uniform moves) and its final points give the rewards.

The C search loop (``cheese/bots/mcts/native/search.c``) has the same key (actions from the
root), selection formula, widening rule, root priors and rewards. It differs in what is
cheaper in C: a new child takes the untried action with the best of the game's C priors
from the first pass on (ties at random), and every leaf is played out to the end by the
game's C playout policy.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from cheese.bots.search.evaluator import Evaluator, PlayoutPolicy
from cheese.bots.search.playouts import c_playout, engine_playout, mean_rewards
from cheese.bots.search.rewards import Rewards
from cheese.engine import Action, State
from cheese.engine.luck import sample_chance


@dataclass(frozen=True, slots=True)
class TreePolicy:
    """How the tree is grown and how leaves are valued.

    With ``native`` (native states, playouts to the end) the playouts run in C.
    """

    exploration: float
    widen: float
    playout: PlayoutPolicy
    playout_depth: int
    native: bool = False
    prior_visits: int = 0
    """Virtual visits a new child of a node with priors starts with, at its prior value."""
    leaf_playouts: int = 1
    """Playouts averaged at each leaf."""


class Node:
    """A tree node: statistics of the move that leads here, children by action."""

    __slots__ = ("children", "visits", "reward_sum", "available", "order", "passes", "priors")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        """How many iterations went through this node."""
        self.reward_sum = 0.0
        """Sum of the rewards of the seat that chose this node's action."""
        self.available = 0
        """In how many visits of the parent this node's action was legal."""
        self.order: list[Action] | None = None
        """Actions sorted by the evaluator's priors, fixed on the first expansion."""
        self.passes = 0
        """How many iterations reached this node as a decision point."""
        self.priors: dict[Action, float] | None = None
        """One-ply values of the moves here, given to new children as virtual visits."""

    def mean(self) -> float:
        return self.reward_sum / self.visits if self.visits else 0.0


def child_limit(passes: int, widen: float) -> float:
    """How many children a node passed ``passes`` times may have: ⌊1 + widen·√passes⌋."""
    if widen <= 0.0:
        return math.inf
    return float(math.floor(1.0 + widen * math.sqrt(passes)))


def ucb_score(child: Node, exploration: float) -> float:
    """UCB1 with availability counts: mean + c * sqrt(ln(available) / visits)."""
    return child.reward_sum / child.visits + exploration * math.sqrt(
        math.log(child.available) / child.visits
    )


def prior_order(evaluator: Evaluator, state: State, legal: Sequence[Action]) -> list[Action]:
    """``legal`` sorted by the evaluator's priors, best first (stable: ties keep legal order)."""
    priors = evaluator.action_priors(state, legal)
    ranked = sorted(range(len(legal)), key=lambda index: -priors[index])
    return [legal[index] for index in ranked]


def new_child(parent: Node, action: Action, policy: TreePolicy) -> Node:
    """A fresh child for ``action``: available once, and with the parent's prior for it
    as ``policy.prior_visits`` virtual visits when the parent has priors."""
    child = Node()
    child.available = 1
    if parent.priors is not None:
        child.visits = policy.prior_visits
        child.reward_sum = policy.prior_visits * parent.priors[action]
    return child


def seed_root(root: Node, legal: Sequence[Action], values: Sequence[float]) -> None:
    """Give the root the one-ply values of its moves: they order its expansions and
    start each new child with virtual visits at that value."""
    root.priors = dict(zip(legal, values))
    ranked = sorted(range(len(legal)), key=lambda index: -values[index])
    root.order = [legal[index] for index in ranked]


PRIOR_PASSES = 3
"""A node's moves are ranked by the evaluator's priors once it has been passed this many
times, before that drawn at random: most nodes are passed once or twice, so few pay."""


def next_untried(
    node: Node, state: State, legal: Sequence[Action], evaluator: Evaluator, rng: random.Random
) -> Action | None:
    """The legal action without a child yet to expand next, or None when all have one.

    Best prior first once the node is ranked (``PRIOR_PASSES``), else a random one.
    """
    if node.order is None and node.passes >= PRIOR_PASSES and len(legal) > 1:
        node.order = prior_order(evaluator, state, legal)
    if node.order is not None:
        legal_set = set(legal)
        for action in node.order:
            if action not in node.children and action in legal_set:
                return action
    # Unranked, or another determinization allows moves the ranking lacks.
    untried = [action for action in legal if action not in node.children]
    if not untried:
        return None
    return untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]


def select_child(node: Node, legal: Sequence[Action], exploration: float) -> tuple[Action, Node]:
    """The available child with the best UCB score (first in legal order on ties)."""
    best_action = -1
    best_child: Node | None = None
    best_score = -math.inf
    children = node.children
    for action in legal:
        child = children.get(action)
        if child is None:
            continue
        score = ucb_score(child, exploration)
        if score > best_score:
            best_action, best_child, best_score = action, child, score
    assert best_child is not None, "select_child needs an available child"
    return best_action, best_child


def mark_available(node: Node, legal: Sequence[Action]) -> int:
    """Count a visit in which each child whose action is in ``legal`` was available.

    Returns how many children are available.
    """
    children = node.children
    count = 0
    if len(children) <= len(legal):
        legal_set = set(legal)
        for action, child in children.items():
            if action in legal_set:
                child.available += 1
                count += 1
    else:
        for action in legal:
            found = children.get(action)
            if found is not None:
                found.available += 1
                count += 1
    return count


def playout(
    state: State, evaluator: Evaluator, policy: TreePolicy, rng: random.Random
) -> Rewards:
    """The leaf value: the mean of ``leaf_playouts`` playouts from ``state`` (in C with
    ``policy.native``, else through the engine for ``playout_depth`` decisions)."""
    if state.is_terminal():
        return evaluator.rewards(state)
    if policy.native:
        samples = [
            c_playout(state, policy.playout, rng.getrandbits(64), evaluator)
            for _ in range(policy.leaf_playouts)
        ]
    else:
        count = 1 if policy.playout == PlayoutPolicy.NONE else policy.leaf_playouts
        samples = [
            engine_playout(state, policy.playout, policy.playout_depth, evaluator, rng)
            for _ in range(count)
        ]
    return samples[0] if len(samples) == 1 else mean_rewards(samples)


def run_iteration(
    root: Node,
    world: State,
    evaluator: Evaluator,
    policy: TreePolicy,
    rng: random.Random,
) -> Rewards:
    """One iteration from the determinization ``world``: select, expand, play out, back up.

    Returns the rewards backed up.
    """
    path: list[tuple[Node, int]] = []
    node = root
    state = world
    node.visits += 1
    while True:
        if state.is_terminal():
            rewards = evaluator.rewards(state)
            break
        if state.is_chance_node():
            state = state.apply(sample_chance(state, rng))
            continue
        mover = state.current_player
        legal = state.legal_actions()
        node.passes += 1
        available = mark_available(node, legal)
        action: Action | None = None
        # Expand while widening allows, and whenever no child is legal in this world.
        if available == 0 or len(node.children) < child_limit(node.passes, policy.widen):
            action = next_untried(node, state, legal, evaluator, rng)
        if action is not None:
            child = node.children[action] = new_child(node, action, policy)
            state = state.apply(action)
            path.append((child, mover))
            rewards = playout(state, evaluator, policy, rng)
            break
        action, node = select_child(node, legal, policy.exploration)
        state = state.apply(action)
        path.append((node, mover))
    for child, mover in path:
        child.visits += 1
        child.reward_sum += rewards[mover]
    return rewards
