"""The MCTS tree: selection formula, availability, widening, expansion order, backup."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest

from cheese.bots.evaluation.generic import GenericEvaluator
from cheese.bots.mcts.tree import (
    PRIOR_PASSES,
    Node,
    TreePolicy,
    child_limit,
    mark_available,
    new_child,
    next_untried,
    playout,
    prior_order,
    run_iteration,
    seed_root,
    select_child,
    ucb_score,
)
from cheese.bots.search.rewards import Rewards
from cheese.engine import Action, State

from ..toy import race

POLICY = TreePolicy(exploration=0.7, widen=0.0, playout="random", playout_depth=0)


def node(visits: int, reward_sum: float, available: int) -> Node:
    made = Node()
    made.visits, made.reward_sum, made.available = visits, reward_sum, available
    return made


def test_ucb_is_mean_plus_exploration_over_availability() -> None:
    child = node(visits=4, reward_sum=3.0, available=10)
    assert ucb_score(child, 0.5) == pytest.approx(0.75 + 0.5 * math.sqrt(math.log(10) / 4))
    assert ucb_score(child, 0.0) == 0.75


def test_child_limit_grows_with_the_square_root_of_passes() -> None:
    assert child_limit(0, 2.0) == 1.0
    assert child_limit(9, 2.0) == 7.0
    assert child_limit(2, 0.5) == 1.0
    assert child_limit(1000, 0.0) == math.inf


def test_only_children_legal_now_are_available_and_selectable() -> None:
    parent = Node()
    parent.children = {1: node(5, 5.0, 5), 2: node(5, 0.0, 5), 3: node(1, 0.0, 1)}
    assert mark_available(parent, [2, 3, 4]) == 2
    assert [parent.children[action].available for action in (1, 2, 3)] == [5, 6, 2]
    action, chosen = select_child(parent, [2, 3], exploration=1.0)
    assert action == 3 and chosen is parent.children[3], "fewer visits, more exploration"
    action, _ = select_child(parent, [1, 2, 3], exploration=0.0)
    assert action == 1


def test_mark_available_walks_the_smaller_side() -> None:
    parent = Node()
    parent.children = {action: node(1, 0.0, 1) for action in range(50)}
    assert mark_available(parent, [3, 60]) == 1
    assert parent.children[3].available == 2 and parent.children[4].available == 1


class Ranked(GenericEvaluator):
    """Priors that prefer larger actions."""

    __slots__ = ()

    def action_priors(self, state: State, actions: Sequence[Action]) -> list[float]:
        return [float(action) for action in actions]


def test_a_ranked_node_expands_by_priors_then_what_the_ranking_lacks() -> None:
    state = race(0)
    rng = random.Random(0)
    ranked = Node()
    ranked.passes = PRIOR_PASSES
    assert prior_order(Ranked(), state, [1, 2]) == [2, 1]
    assert next_untried(ranked, state, [1, 2], Ranked(), rng) == 2
    ranked.children[2] = Node()
    assert next_untried(ranked, state, [1, 2], Ranked(), rng) == 1
    ranked.children[1] = Node()
    assert next_untried(ranked, state, [1, 2], Ranked(), rng) is None
    assert next_untried(ranked, state, [1, 2, 5], Ranked(), rng) == 5, "a move the ranking lacked"


def test_a_node_passed_rarely_expands_at_random() -> None:
    state = race(0)
    picks = set()
    for seed in range(20):
        fresh = Node()
        fresh.passes = 1
        picks.add(next_untried(fresh, state, [1, 2], Ranked(), random.Random(seed)))
        assert fresh.order is None, "no priors worked out for a node passed once"
    assert picks == {1, 2}


def test_seeding_the_root_orders_it_and_gives_new_children_virtual_visits() -> None:
    root = Node()
    seed_root(root, [1, 2, 3], [0.2, 0.9, 0.5])
    assert root.order == [2, 3, 1]
    policy = TreePolicy(exploration=0.7, widen=0.0, playout="none", playout_depth=0,
                        prior_visits=10)
    child = new_child(root, 3, policy)
    assert (child.visits, child.available) == (10, 1)
    assert child.reward_sum == pytest.approx(5.0)
    assert new_child(Node(), 3, policy).visits == 0, "no priors, no virtual visits"


class Fixed(GenericEvaluator):
    """Seat 0 always gets 0.25, seat 1 gets 0.75."""

    __slots__ = ()

    def rewards(self, state: State) -> Rewards:
        return (0.25, 0.75)


def test_an_iteration_backs_up_the_mover_s_reward_along_the_path() -> None:
    root = Node()
    evaluator = Fixed()
    policy = TreePolicy(exploration=0.7, widen=0.0, playout="none", playout_depth=0)
    rng = random.Random(1)
    for _ in range(4):
        run_iteration(root, race(0), evaluator, policy, rng)
    assert root.visits == 4 and root.passes == 4
    assert sorted(root.children) == [1, 2]
    assert sum(child.visits for child in root.children.values()) == 4
    for child in root.children.values():
        assert child.reward_sum == pytest.approx(0.25 * child.visits), "seat 0 chose these"
        for grandchild in child.children.values():
            assert grandchild.reward_sum == pytest.approx(0.75 * grandchild.visits)


def test_widening_limits_the_children_of_a_node() -> None:
    root = Node()
    policy = TreePolicy(exploration=0.7, widen=0.5, playout="none", playout_depth=0)
    rng = random.Random(2)
    run_iteration(root, race(0), Fixed(), policy, rng)
    run_iteration(root, race(0), Fixed(), policy, rng)
    assert len(root.children) == 1, "floor(1 + 0.5 * sqrt(2)) = 1 child after two passes"
    for _ in range(2):
        run_iteration(root, race(0), Fixed(), policy, rng)
    assert len(root.children) == 2, "floor(1 + 0.5 * sqrt(4)) = 2 children after four"


def test_a_playout_to_the_end_returns_terminal_rewards() -> None:
    rewards = playout(race(5), GenericEvaluator(), POLICY, random.Random(0))
    assert sorted(rewards) == [pytest.approx(0.0), pytest.approx(1.0)]


def test_a_cut_off_playout_is_valued_by_the_evaluator() -> None:
    policy = TreePolicy(exploration=0.7, widen=0.0, playout="random", playout_depth=1)
    assert playout(race(0, target=50), Fixed(), policy, random.Random(0)) == (0.25, 0.75)
    none = TreePolicy(exploration=0.7, widen=0.0, playout="none", playout_depth=0)
    assert playout(race(0), Fixed(), none, random.Random(0)) == (0.25, 0.75)


def test_several_playouts_per_leaf_are_averaged() -> None:
    policy = TreePolicy(exploration=0.7, widen=0.0, playout="random", playout_depth=0,
                        leaf_playouts=50)
    rewards = playout(race(4), GenericEvaluator(), policy, random.Random(0))
    assert 0.0 < rewards[0] < 1.0 and sum(rewards) == pytest.approx(1.0)
