"""The MCTS loop in C (search.c through ``cheese.bots.mcts.native.search``): budgets,
determinism, legality, known answers, what it may read, and memory."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from cheese.bots.search.rewards import terminal_rewards
from cheese.engine import State, load_game
from cheese.engine.luck import advance_chance
from cheese.engine.play import random_decision
from cheese.engine.registry import NATIVE

from ....native import needs_native

if TYPE_CHECKING:
    from cheese.bots.mcts.native.search import SearchResult

pytestmark = needs_native

GAMES = (("get-the-cheese", 4), ("get-the-cheese", 3), ("cheese-chasers", 1), ("cheese-drop", 2),
         ("cheese-drop", 4))


def native_position(slug: str, players: int, seed: int, moves: int) -> State:
    """The native decision after ``moves`` seeded random decisions (stops before the end)."""
    start = load_game(slug, backend=NATIVE).new_initial_state(players, seed=seed)
    return random_decision(start, random.Random(seed), moves)


def run_search(
    state: State, iterations: int = 500, seed: int = 1, **settings: float
) -> SearchResult:
    from cheese.bots.mcts.native import search as c_search
    from cheese.engine.native import NativeState

    assert isinstance(state, NativeState)
    options: dict[str, float] = {"exploration": 0.7, "widen": 2.0, "policy": 1, "seconds": 0.0}
    options.update(settings)
    return c_search.search(
        state,
        state.current_player,
        iterations=iterations,
        seconds=options["seconds"] or None,
        exploration=options["exploration"],
        widen=options["widen"],
        policy=int(options["policy"]),
        seed=seed,
        solitaire_scale=30.0,
        solitaire_finish=0.5,
    )


@pytest.mark.parametrize(("slug", "players"), GAMES)
@pytest.mark.parametrize("moves", [0, 7, 25])
def test_root_visits_add_up_and_actions_are_legal(slug: str, players: int, moves: int) -> None:
    state = native_position(slug, players, seed=moves + 3, moves=moves)
    legal = set(state.legal_actions())
    for policy in (0, 1):
        result = run_search(state, iterations=400, policy=policy)
        assert result.iterations == 400
        assert sum(visits for _, visits, _ in result.children) == 400
        assert {action for action, _, _ in result.children} <= legal
        assert all(0.0 <= total <= visits for _, visits, total in result.children)
        assert 1 < result.nodes <= 401
        visits = [visits for _, visits, _ in result.children]
        assert visits == sorted(visits, reverse=True)


@pytest.mark.parametrize(("slug", "players"), GAMES)
def test_a_fixed_seed_and_budget_give_the_same_search(slug: str, players: int) -> None:
    state = native_position(slug, players, seed=11, moves=5)
    first = run_search(state, iterations=700, seed=5)
    assert run_search(state, iterations=700, seed=5).children == first.children
    assert run_search(state, iterations=700, seed=6).children != first.children


@pytest.mark.parametrize(("slug", "players"), [("get-the-cheese", 4), ("cheese-drop", 3)])
def test_states_with_the_same_view_give_the_same_search(slug: str, players: int) -> None:
    """Every iteration draws its own world from the seat's view, so the hidden truth of the
    state handed in changes nothing."""
    state = native_position(slug, players, seed=4, moves=9)
    seat = state.current_player
    rng = random.Random(2)
    others = [state.determinize(seat, rng) for _ in range(3)]
    assert all(other.view(seat) == state.view(seat) for other in others)
    expected = run_search(state, iterations=600, seed=9).children
    for other in others:
        assert run_search(other, iterations=600, seed=9).children == expected


def test_the_time_limit_stops_a_search() -> None:
    state = native_position("get-the-cheese", 4, seed=1, moves=0)
    result = run_search(state, iterations=10_000_000, seconds=0.05)
    assert 8 <= result.iterations < 10_000_000
    assert result.elapsed < 1.0
    assert sum(visits for _, visits, _ in result.children) == result.iterations


def test_at_least_one_iteration_runs_however_short_the_time() -> None:
    state = native_position("cheese-drop", 4, seed=1, moves=3)
    result = run_search(state, iterations=1, seconds=1e-9)
    assert result.iterations == 1 and len(result.children) == 1


def test_widening_off_tries_every_root_action() -> None:
    state = native_position("get-the-cheese", 4, seed=2, moves=0)
    result = run_search(state, iterations=300, widen=0.0)
    assert len(result.children) == len(state.legal_actions())


def test_widening_bounds_the_root_children() -> None:
    state = native_position("get-the-cheese", 4, seed=2, moves=6)
    result = run_search(state, iterations=100, widen=1.0)
    assert len(result.children) <= 1 + 1.0 * 100**0.5


def test_a_search_refuses_a_seat_that_is_not_to_act() -> None:
    from cheese.bots.mcts.native import search as c_search
    from cheese.engine.native import NativeState

    state = native_position("get-the-cheese", 4, seed=1, moves=0)
    assert isinstance(state, NativeState)
    with pytest.raises(ValueError, match="not to act"):
        c_search.search(state, (state.current_player + 1) % 4, iterations=10, seconds=None,
                      exploration=0.7, widen=2.0, policy=0, seed=1)


def test_root_priors_steer_the_search_and_stay_out_of_its_counts() -> None:
    from cheese.bots.mcts.native import search as c_search
    from cheese.engine.native import NativeState

    state = native_position("cheese-drop", 4, seed=3, moves=2)
    assert isinstance(state, NativeState)
    legal = state.legal_actions()
    favourite = legal[len(legal) // 2]
    priors = {action: (1.0 if action == favourite else 0.0) for action in legal}

    def searched(visits: int) -> c_search.SearchResult:
        return c_search.search(state, state.current_player, iterations=300, seconds=None,
                             exploration=0.7, widen=2.0, policy=1, seed=4, priors=priors,
                             prior_visits=visits)

    steered = searched(10_000)
    assert sum(visits for _, visits, _ in steered.children) == 300
    assert steered.children[0][0] == favourite
    assert steered.children[0][1] > 250
    assert {action for action, _, _ in steered.children} == set(legal)
    assert all(0.0 <= total <= visits for _, visits, total in steered.children)
    assert searched(1).children != steered.children


def test_a_prior_for_an_illegal_action_is_refused() -> None:
    from cheese.bots.mcts.native import search as c_search
    from cheese.engine.native import NativeState

    state = native_position("get-the-cheese", 4, seed=3, moves=0)
    assert isinstance(state, NativeState)
    with pytest.raises(ValueError, match="settings"):
        c_search.search(state, state.current_player, iterations=10, seconds=None,
                      exploration=0.7, widen=2.0, policy=0, seed=1, priors={99_999: 0.5},
                      prior_visits=5)


def test_chance_outcomes_as_tree_edges() -> None:
    """With chance nodes every drawn card leads to its own node: more nodes, same root sums."""
    from cheese.bots.mcts.native import search as c_search
    from cheese.engine.native import NativeState

    state = native_position("cheese-chasers", 1, seed=5, moves=6)
    assert isinstance(state, NativeState)

    def searched(chance_nodes: bool) -> c_search.SearchResult:
        return c_search.search(state, 0, iterations=500, seconds=None, exploration=0.5,
                             widen=0.0, policy=1, seed=3, solitaire_scale=30.0,
                             chance_nodes=chance_nodes)

    keyed, open_loop = searched(True), searched(False)
    assert sum(visits for _, visits, _ in keyed.children) == 500
    assert keyed.nodes > open_loop.nodes
    assert searched(True).children == keyed.children


def test_several_playouts_per_leaf_average_their_rewards() -> None:
    from cheese.bots.mcts.native import search as c_search
    from cheese.engine.native import NativeState

    state = native_position("get-the-cheese", 4, seed=6, moves=3)
    assert isinstance(state, NativeState)

    def searched(leaf: int) -> c_search.SearchResult:
        return c_search.search(state, state.current_player, iterations=200, seconds=None,
                             exploration=0.7, widen=2.0, policy=0, seed=8, leaf_playouts=leaf)

    averaged = searched(4)
    assert averaged.iterations == 200
    assert sum(visits for _, visits, _ in averaged.children) == 200
    assert all(0.0 <= total <= visits for _, visits, total in averaged.children)
    assert averaged.children != searched(1).children
    with pytest.raises(ValueError, match="settings"):
        searched(0)


def last_play_values(state: State, worlds: int) -> dict[int, float]:
    """The searching seat's mean terminal reward after each legal action, over worlds."""
    seat = state.current_player
    rng = random.Random(0)
    totals = dict.fromkeys(state.legal_actions(), 0.0)
    for _ in range(worlds):
        world = state.determinize(seat, rng)
        for action in totals:
            totals[action] += terminal_rewards(advance_chance(world.apply(action)))[seat]
    return {action: total / worlds for action, total in totals.items()}


def test_the_last_play_of_get_the_cheese_is_the_best_one() -> None:
    """On the game's last decision every move's value is known up to the hidden cards:
    the search must find the move that is clearly best on average."""
    checked = 0
    for seed in range(40):
        state = native_position("get-the-cheese", 3, seed=seed, moves=200)
        if not advance_chance(state.apply(state.legal_actions()[0])).is_terminal():
            continue
        values = last_play_values(state, worlds=60)
        top = max(values.values())
        best = {action for action, value in values.items() if value > top - 1e-9}
        rest = [value for action, value in values.items() if action not in best]
        if not rest or top - max(rest) < 0.05:
            continue
        result = run_search(state, iterations=3000, seed=seed, exploration=0.4)
        assert result.children[0][0] in best, (seed, values, result.children[:3])
        checked += 1
        if checked == 3:
            return
    raise AssertionError(f"only {checked} positions with a clearly best last play")


def _resident_bytes() -> int:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096


@pytest.mark.slow
@pytest.mark.parametrize(("slug", "players"), [("get-the-cheese", 4), ("cheese-drop", 4),
                                               ("cheese-chasers", 1)])
def test_resident_memory_stays_flat_over_many_searches(slug: str, players: int) -> None:
    state = native_position(slug, players, seed=3, moves=4)
    samples = []
    for index in range(400):
        run_search(state, iterations=5000, seed=index)
        if index % 40 == 0:
            samples.append(_resident_bytes())
    growth = samples[-1] - samples[1]
    assert growth < 4 * 1024 * 1024, f"resident memory grew by {growth} bytes: {samples}"


RECORDED_SEARCHES = Path(__file__).parents[3] / "data" / "search" / "cheese-chasers.json"


def test_cheese_chasers_searches_are_as_recorded() -> None:
    """Cheese Chasers' search keeps a board of its world through each iteration (the
    game's world_* entries) instead of laying one out at every step: the trees of uniform
    playouts, recorded before that board, come out the same, with chance sampled and as
    tree edges. The heuristic playouts' trees were recorded again when the heuristic's
    weights were fitted: they read the same board, and now keep its results fixed."""
    import json

    from cheese.bots.mcts.native import search as c_search
    from cheese.engine.native import NativeState

    recorded = json.loads(RECORDED_SEARCHES.read_text())
    for record in recorded["records"]:
        moves = record["moves"]
        state = native_position("cheese-chasers", 1, seed=moves, moves=moves)
        assert isinstance(state, NativeState)
        result = c_search.search(
            state,
            state.current_player,
            iterations=recorded["iterations"],
            seconds=None,
            exploration=0.7,
            widen=2.0,
            policy=record["policy"],
            seed=record["seed"],
            solitaire_scale=30.0,
            solitaire_finish=0.5,
            chance_nodes=record["chance_nodes"],
        )
        assert [list(child) for child in result.children] == record["children"], record
