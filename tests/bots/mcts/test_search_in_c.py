"""The MCTS bot on the native backend: the search runs in C (``cheese.bots.mcts.search``)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cheese.bots import Decision, Turn, make_bot
from cheese.bots.evaluation import evaluator_for, game_evaluators
from cheese.bots.mcts import MctsBot
from cheese.bots.mcts.config import (
    DEFAULT_EXPLORATION,
    DEFAULT_ITERATIONS,
    DEFAULT_WIDEN,
    MctsConfig,
)
from cheese.bots.mcts.search import root_prior_values
from cheese.engine import State, load_game
from cheese.engine.luck import advance_chance
from cheese.engine.registry import NATIVE

from ...native import needs_native
from ..conftest import random_position

C_SEARCH = {slug: evaluator.advice.c_search for slug, evaluator in game_evaluators()}
"""Each game's settings of the C search where a spec leaves them open."""

pytestmark = needs_native


def native_position(slug: str, players: int, seed: int, moves: int) -> State:
    """The first native decision with a choice after ``moves`` seeded random decisions."""
    rng = random.Random(seed)
    state = advance_chance(load_game(slug, backend=NATIVE).new_initial_state(players, seed=seed))
    made = 0
    while made < moves or len(state.legal_actions()) == 1:
        legal = state.legal_actions()
        following = advance_chance(state.apply(legal[rng.randrange(len(legal))]))
        assert not following.is_terminal(), "the game ended before a position with a choice"
        state = following
        made += 1
    return state


def outcome(decision: Decision) -> tuple[object, ...]:
    """A decision without its wall-clock time."""
    return (decision.action, sorted((k, v) for k, v in decision.info.items() if k != "elapsed"))


@pytest.mark.parametrize(
    ("slug", "players"),
    [("get-the-cheese", 4), ("cheese-chasers", 1), ("cheese-drop", 2), ("cheese-drop", 4)],
)
def test_native_states_are_searched_in_c_with_the_given_budget(slug: str, players: int) -> None:
    state = native_position(slug, players, seed=3, moves=5)
    turn = Turn(state, state.current_player)
    # Naming the playout keeps Cheese Drop on the engine's tree (its gates and bets
    # are otherwise decided by one ply and by its lines).
    decision = make_bot("mcts:iterations=300,playout=heuristic").choose(turn, random.Random(1))
    assert decision.info["loop"] == "c"
    assert decision.info["iterations"] == 300
    assert decision.action in state.legal_actions()


def test_the_default_budget_in_c_is_the_game_s() -> None:
    state = native_position("get-the-cheese", 4, seed=1, moves=4)
    decision = make_bot("mcts").choose(Turn(state, state.current_player), random.Random(0))
    assert decision.info["iterations"] == C_SEARCH["get-the-cheese"].iterations
    drop = native_position("cheese-drop", 3, seed=1, moves=4)
    decision = make_bot("mcts:playout=heuristic").choose(
        Turn(drop, drop.current_player), random.Random(0)
    )
    assert decision.info["iterations"] == C_SEARCH["cheese-drop"].iterations


def test_reference_states_and_leaf_evaluations_stay_in_python() -> None:
    reference = random_position("get-the-cheese", 4, seed=2, moves=3)
    decision = make_bot("mcts:iterations=20").choose(
        Turn(reference, reference.current_player), random.Random(0)
    )
    assert decision.info["loop"] == "python"
    assert decision.info["iterations"] == 20
    assert MctsConfig().budget.iterations == DEFAULT_ITERATIONS
    native = native_position("get-the-cheese", 4, seed=2, moves=3)
    for spec in ("mcts:iterations=20,playout=none", "mcts:iterations=20,playout=random,depth=2"):
        decision = make_bot(spec).choose(Turn(native, native.current_player), random.Random(0))
        assert decision.info["loop"] == "python"


def test_a_fixed_seed_and_budget_give_the_same_move() -> None:
    state = native_position("get-the-cheese", 4, seed=5, moves=8)
    bot = make_bot("mcts:iterations=800")
    first = bot.choose(Turn(state, state.current_player), random.Random(7))
    again = bot.choose(Turn(state, state.current_player), random.Random(7))
    assert outcome(first) == outcome(again)


def test_the_c_search_reads_only_the_seat_s_view() -> None:
    """Two true states that the seat cannot tell apart get the same move and statistics."""
    state = native_position("get-the-cheese", 4, seed=6, moves=10)
    seat = state.current_player
    other = state.determinize(seat, random.Random(3))
    assert other.view(seat) == state.view(seat) and other != state
    bot = make_bot("mcts:iterations=700")
    assert outcome(bot.choose(Turn(state, seat), random.Random(2))) == outcome(
        bot.choose(Turn(other, seat), random.Random(2))
    )


def test_root_parallel_c_searches_add_up() -> None:
    state = native_position("cheese-drop", 4, seed=2, moves=3)
    decision = make_bot("mcts:iterations=200,workers=2,playout=heuristic").choose(
        Turn(state, state.current_player), random.Random(0)
    )
    assert decision.info["iterations"] == 400 and decision.info["loop"] == "c"


def test_a_time_budget_bounds_the_c_search() -> None:
    state = native_position("get-the-cheese", 4, seed=3, moves=2)
    bot = make_bot("mcts:time=0.05")
    assert isinstance(bot, MctsBot) and bot.config.iterations is None
    decision = bot.choose(Turn(state, state.current_player), random.Random(0))
    assert decision.info["loop"] == "c"
    assert 1 <= int(decision.info["iterations"]) < 10_000_000
    assert float(decision.info["elapsed"]) < 1.0


def test_root_priors_reach_the_c_search() -> None:
    state = native_position("get-the-cheese", 4, seed=4, moves=6)
    turn = Turn(state, state.current_player)
    plain = make_bot("mcts:iterations=300").choose(turn, random.Random(1))
    steered = make_bot("mcts:iterations=300,prior=50").choose(turn, random.Random(1))
    assert steered.info["loop"] == "c" and steered.info["iterations"] == 300
    assert outcome(steered) != outcome(plain)


def test_the_c_defaults_follow_the_spec() -> None:
    config = MctsConfig.from_params({})
    chasers = config.native_search(C_SEARCH["cheese-chasers"])
    assert chasers is not None and chasers.chance_nodes and chasers.playout == "heuristic"
    given = MctsConfig.from_params({"c": "1.5", "playout": "random", "iterations": "40"})
    settings = given.native_search(C_SEARCH["get-the-cheese"])
    assert settings is not None
    assert (settings.exploration, settings.playout, settings.iterations) == (1.5, "random", 40)
    no_playout = MctsConfig.from_params({"playout": "none"})
    assert no_playout.native_search(C_SEARCH["get-the-cheese"]) is None
    drop = config.native_search(C_SEARCH["cheese-drop"])
    assert drop is not None and drop.prior_visits == C_SEARCH["cheese-drop"].prior_visits
    assert MctsConfig.from_params({"prior": "3"}).native_search(C_SEARCH["cheese-drop"]) == replace(
        drop, prior_visits=3
    )
    assert MctsConfig.from_params({"iterations": "300"}).spec == "mcts:iterations=300"


def test_explicit_values_equal_to_the_python_defaults_win_in_c() -> None:
    config = MctsConfig.from_params({"c": str(DEFAULT_EXPLORATION), "prior": "0"})
    settings = config.native_search(C_SEARCH["cheese-drop"])
    assert settings is not None
    assert (settings.exploration, settings.prior_visits) == (DEFAULT_EXPLORATION, 0)
    assert C_SEARCH["cheese-drop"].exploration != DEFAULT_EXPLORATION
    assert C_SEARCH["cheese-drop"].prior_visits != 0
    assert config.spec == f"mcts:c={DEFAULT_EXPLORATION},prior=0"
    open_settings = MctsConfig.from_params({}).native_search(C_SEARCH["cheese-drop"])
    assert open_settings is not None
    assert open_settings.exploration == C_SEARCH["cheese-drop"].exploration


def test_cheese_drop_searches_widen_slowly_and_the_root_width_follows_the_spec() -> None:
    drop = MctsConfig.from_params({}).native_search(C_SEARCH["cheese-drop"])
    defaults = C_SEARCH["cheese-drop"]
    assert drop is not None and defaults.widen is not None
    assert (drop.widen, drop.root_width) == (defaults.widen, defaults.root_width)
    given = MctsConfig.from_params({"widen": "1.5", "root": "3"})
    assert given.spec == "mcts:widen=1.5,root=3"
    settings = given.native_search(C_SEARCH["cheese-drop"])
    assert settings is not None and (settings.widen, settings.root_width) == (1.5, 3)
    other = MctsConfig.from_params({}).native_search(C_SEARCH["get-the-cheese"])
    assert other is not None and (other.widen, other.root_width) == (DEFAULT_WIDEN, 0)


def test_a_root_width_keeps_the_search_on_the_best_one_ply_moves() -> None:
    state = native_position("cheese-drop", 3, seed=2, moves=0)
    turn = Turn(state, state.current_player)
    legal = state.legal_actions()
    assert len(legal) > 10, "a gate with many fillings"
    values = root_prior_values(turn, evaluator_for(state.game), legal, random.Random(0))
    best = {legal[index] for index in sorted(range(len(legal)), key=lambda i: -values[i])[:3]}
    for seed in range(3):
        decision = make_bot("mcts:iterations=400,root=3").choose(turn, random.Random(seed))
        assert decision.action in best
        assert decision.info["children"] == len(legal)
