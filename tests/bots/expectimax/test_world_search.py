"""Expectimax over one world: pruning never changes the answer; chance and leaves."""

from __future__ import annotations

import random

import pytest

from cheese.bots.evaluation import evaluator_for
from cheese.bots.expectimax.root import search_depth
from cheese.bots.expectimax.world_search import NO_SEAT, WorldSearch
from cheese.bots.search.evaluator import Evaluator
from cheese.bots.search.rewards import Rewards
from cheese.engine import State, load_game
from cheese.engine.cheese_drop.core import Phase
from cheese.engine.cheese_drop.view import DropView
from cheese.engine.luck import resolve_chance
from cheese.engine.registry import NATIVE

from ...native import needs_native
from ..conftest import random_position
from ..toy import race


def plain_value(search: WorldSearch, state: State, depth: int, branches: int = 1) -> Rewards:
    """The same search written without any pruning."""
    evaluator: Evaluator = search.evaluator
    if state.is_terminal() or evaluator.values_directly(state):
        return evaluator.rewards(state)
    if state.is_chance_node():
        weights = state.chance_weights()
        wide = branches * len(weights)
        if len(weights) == 1 or wide <= search.chance_width:
            total = sum(weight for _, weight in weights)
            sums = [0.0] * state.num_players
            for action, weight in weights:
                child = plain_value(search, state.apply(action), depth, wide)
                sums = [value + weight * part for value, part in zip(sums, child)]
            return tuple(value / total for value in sums)
        if depth <= 0:
            return evaluator.rewards(state)
        return plain_value(search, state.apply(search.world_luck(state, weights)), depth, wide)
    if depth <= 0:
        return evaluator.rewards(state)
    mover = state.current_player
    candidates = search.candidate_actions(state)
    if depth == 1 and search.chance_width <= 1:
        return max(evaluator.action_values(state, candidates), key=lambda rewards: rewards[mover])
    best: Rewards | None = None
    for action in candidates:
        child = plain_value(search, state.apply(action), depth - 1)
        if best is None or child[mover] > best[mover]:
            best = child
    assert best is not None
    return best


CASES = [
    ("cheese-chasers", 1, 2, 4, 0),
    ("cheese-chasers", 1, 2, 4, 20),
    ("cheese-drop", 2, 3, 1, 0),
    ("cheese-drop", 4, 2, 1, 3),
    ("cheese-drop", 2, 3, 1, 12),
    ("get-the-cheese", 4, 3, 1, 4),
    ("get-the-cheese", 3, 2, 1, 10),
]


@pytest.mark.parametrize(("slug", "players", "depth", "chance_width", "moves"), CASES)
def test_pruned_search_finds_the_unpruned_best_value(
    slug: str, players: int, depth: int, chance_width: int, moves: int
) -> None:
    state = random_position(slug, players, seed=moves + depth, moves=moves)
    seat = state.current_player
    evaluator = evaluator_for(state.game)
    search = WorldSearch(evaluator, width=3, chance_width=chance_width, deadline=None)
    search.luck_seed = 77
    order = search.candidate_actions(state)
    exact = {action: plain_value(search, state.apply(action), depth - 1)[seat] for action in order}
    result = search_depth(search, [(state, 1, 77)], order, seat, depth)
    assert result.complete
    best = max(exact.values())
    assert max(result.values.values()) == pytest.approx(best, abs=1e-9)
    for action, value in result.values.items():
        if value != pytest.approx(exact[action], abs=1e-9):
            # A value cut short is only known not to beat the best.
            assert value <= best + 1e-9 and exact[action] <= best + 1e-9


def test_a_guard_lets_a_chance_node_stop_early_but_only_below_the_guard() -> None:
    decision = random_position("cheese-chasers", 1, seed=3, moves=6)
    state = decision.apply(decision.legal_actions()[0])
    assert state.is_chance_node()
    evaluator = evaluator_for(state.game)
    full = WorldSearch(evaluator, width=0, chance_width=4, deadline=None)
    exact = full.value(state, 1, NO_SEAT, 0.0)[0]
    guarded = WorldSearch(evaluator, width=0, chance_width=4, deadline=None)
    bound = guarded.value(state, 1, 0, 0.999)[0]
    assert bound <= 0.999 and guarded.nodes < full.nodes
    assert exact <= 0.999


def test_world_luck_is_the_same_for_the_same_event_whatever_came_before() -> None:
    evaluator = evaluator_for(race(0, luck=True).game)
    search = WorldSearch(evaluator, width=0, chance_width=1, deadline=None)
    search.luck_seed = 12345
    one = race(0, luck=True).apply(1)
    assert one.is_chance_node()
    outcomes = {search.world_luck(one, one.chance_weights()) for _ in range(3)}
    assert len(outcomes) == 1

    def outcome_with(seed: int) -> int:
        search.luck_seed = seed
        return search.world_luck(one, one.chance_weights())

    assert {outcome_with(seed) for seed in range(40)} == {0, 1}


def test_race_values_are_exact_wins_and_losses() -> None:
    evaluator = evaluator_for(race(0).game)
    search = WorldSearch(evaluator, width=0, chance_width=1, deadline=None)
    assert search.value(race(4), 3, NO_SEAT, 0.0)[0] == pytest.approx(0.0)
    assert search.value(race(3), 3, NO_SEAT, 0.0)[0] == pytest.approx(1.0)


@needs_native
def test_cheese_drop_leaf_playouts_draw_the_lanes_under_the_cover_afresh() -> None:
    """Two worlds that differ only in the lanes nobody has seen get the same leaf value:
    each playout draws those lanes from its own seed."""
    state = load_game("cheese-drop", backend=NATIVE).new_initial_state(4, seed=5)
    rng = random.Random(1)
    while not isinstance(view := state.view(0), DropView) or view.phase != Phase.BET:
        legal = state.legal_actions()
        state = state.apply(resolve_chance(state) if state.is_chance_node()
                            else legal[rng.randrange(len(legal))])
    worlds = {state.determinize(0, random.Random(seed)) for seed in range(20)}
    assert len(worlds) > 1, "the lanes under the cover differ between the worlds"
    search = WorldSearch(evaluator_for(state.game), 0, 1, None, "heuristic", 8, native=True)
    assert len({search.leaf_value(world) for world in worlds}) == 1
