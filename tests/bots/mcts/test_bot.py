"""The MCTS bot: known answers, budgets, root parallelism, its decision record."""

from __future__ import annotations

import random

import pytest

from cheese.bots import Turn, make_bot
from cheese.bots.evaluation import evaluator_for, game_evaluators
from cheese.bots.lines.full_search import best_line_values
from cheese.bots.mcts.bot import MctsBot, merge, most_visited
from cheese.bots.mcts.config import MctsConfig
from cheese.bots.mcts.search import RootStats, search, search_lines
from cheese.bots.search.evaluator import CSearchAdvice, SearchAdvice
from cheese.bots.search.root_parallel import run_searches
from cheese.engine import State
from cheese.engine.cheese_drop.core import Phase
from cheese.engine.luck import advance_chance

from ..conftest import random_position
from ..toy import race


@pytest.mark.parametrize(("count", "winning"), [(0, 1), (2, 2), (3, 1), (5, 2)])
def test_mcts_finds_the_winning_move_of_the_race(count: int, winning: int) -> None:
    state = race(count)
    bot = make_bot("mcts:iterations=400,playout=random")
    decision = bot.choose(Turn(state, 0), random.Random(count))
    assert decision.action == winning
    assert decision.info["iterations"] == 400
    assert decision.info["value"] == pytest.approx(1.0, abs=0.15)


def test_mcts_plays_the_race_with_luck_sensibly() -> None:
    # From 4 with luck, +2 reaches 6 and the bump may win outright; +1 leaves 5.
    state = race(4, luck=True)
    decision = make_bot("mcts:iterations=600,playout=random").choose(
        Turn(state, 0), random.Random(1)
    )
    assert decision.action == 2


def test_the_tree_policy_takes_the_game_advice_only_for_auto() -> None:
    advice = SearchAdvice(playout="heuristic", playout_depth=6, chance_width=4)
    assert MctsConfig().tree_policy(advice).playout == "heuristic"
    assert MctsConfig().tree_policy(advice).playout_depth == 6
    assert MctsConfig(depth=2).tree_policy(advice).playout_depth == 2
    explicit = MctsConfig(playout="random", depth=0).tree_policy(advice)
    assert (explicit.playout, explicit.playout_depth, explicit.native) == ("random", 0, False)


def test_on_the_native_backend_playouts_to_the_end_run_in_c() -> None:
    advice = SearchAdvice(
        playout="none", playout_depth=0, chance_width=1, native_playout="heuristic"
    )
    auto = MctsConfig().tree_policy(advice, native=True)
    assert (auto.playout, auto.playout_depth, auto.native, auto.leaf_playouts) == (
        "heuristic",
        0,
        True,
        1,
    )
    assert MctsConfig().tree_policy(advice, native=False).playout == "none"
    cut = MctsConfig(playout="random", depth=3).tree_policy(advice, native=True)
    assert (cut.native, cut.leaf_playouts) == (False, 1)
    assert MctsConfig(leaf=2).tree_policy(advice, native=True).leaf_playouts == 2


def test_an_open_leaf_is_one_playout_in_either_loop_as_its_help_says() -> None:
    advice = SearchAdvice(native_playout="heuristic")
    leaf = next(parameter for parameter in MctsConfig.parameters() if parameter.name == "leaf")
    assert leaf.help.endswith("0 = one")
    for _, evaluator in game_evaluators():
        native = MctsConfig().native_search(evaluator.advice.c_search)
        assert native is not None and native.leaf_playouts == 1
    assert MctsConfig().tree_policy(advice, native=True).leaf_playouts == 1
    three = MctsConfig(leaf=3).native_search(CSearchAdvice())
    assert three is not None and three.leaf_playouts == 3


def test_a_search_is_reproducible_from_its_seed() -> None:
    state = random_position("get-the-cheese", 4, seed=4, moves=6)
    turn = Turn(state, state.current_player)
    config = MctsConfig(iterations=60)
    first, second = search(turn, config, 99), search(turn, config, 99)
    assert first.children == second.children and first.iterations == 60
    assert search(turn, config, 100).children != first.children


def test_root_parallel_search_equals_the_same_searches_in_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = random_position("cheese-drop", 2, seed=2, moves=3)
    turn = Turn(state, state.current_player)
    config = MctsConfig(iterations=30, workers=2)
    forked = run_searches(lambda seed: search(turn, config, seed), [5, 6])
    monkeypatch.setattr("cheese.bots.search.root_parallel.can_fork", lambda: False)
    in_turn = run_searches(lambda seed: search(turn, config, seed), [5, 6])
    assert [stats.children for stats in forked] == [stats.children for stats in in_turn]


def test_workers_add_up_their_visits() -> None:
    state = random_position("cheese-chasers", 1, seed=8, moves=4)
    decision = make_bot("mcts:iterations=20,workers=2").choose(Turn(state, 0), random.Random(0))
    assert decision.info["iterations"] == 40
    assert decision.action in state.legal_actions()


def test_a_time_budget_stops_the_search() -> None:
    state = random_position("get-the-cheese", 4, seed=3, moves=2)
    bot = make_bot("mcts:time=0.05")
    assert isinstance(bot, MctsBot) and bot.config.iterations is None
    decision = bot.choose(Turn(state, state.current_player), random.Random(0))
    assert 1 <= int(decision.info["iterations"])
    assert float(decision.info["elapsed"]) < 1.0


def test_the_move_played_is_the_most_visited_then_the_best_then_the_lowest() -> None:
    assert most_visited({4: (10, 2.0), 7: (12, 1.0)}) == 7
    assert most_visited({4: (10, 2.0), 7: (10, 3.0)}) == 7
    assert most_visited({7: (10, 3.0), 4: (10, 3.0)}) == 4


def test_merge_adds_statistics_per_action() -> None:
    one = RootStats(3, 0.1, ((1, 2, 1.5), (2, 1, 0.0)))
    two = RootStats(2, 0.1, ((2, 2, 2.0),))
    assert merge([one, two]) == {1: (2, 1.5), 2: (3, 2.0)}


def test_a_forced_move_is_played_without_searching() -> None:
    state = advance_chance(random_position("get-the-cheese", 4, seed=1, moves=0))
    for _ in range(4):  # every seat plays its whole opening hand
        state = advance_chance(state.apply(state.legal_actions()[-1]))
    assert state.legal_actions() == [0]
    assert make_bot("mcts").choose(Turn(state, state.current_player), random.Random(0)).info == {
        "legal": 1
    }


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_cheese_drop_gates_are_played_by_the_one_ply_values(players: int, seed: int) -> None:
    """A gate's hundreds of moves are closer in worth than playouts can tell apart; the
    evaluation integrates the fall and the betting, so the search plays greedy's gate."""
    state = random_position("cheese-drop", players, seed, 0)
    seat = state.current_player
    greedy = make_bot("greedy").choose(Turn(state, seat), random.Random(seed))
    chosen = make_bot("mcts:iterations=50").choose(Turn(state, seat), random.Random(seed))
    assert chosen.action == greedy.action and chosen.top == greedy.top
    assert "iterations" not in chosen.info


def cheese_drop_bet(players: int, seed: int) -> State:
    state = random_position("cheese-drop", players, seed, 0)
    rng = random.Random(seed)
    while state.view(0).phase != Phase.BET:
        legal = state.legal_actions()
        state = advance_chance(state.apply(legal[rng.randrange(len(legal))]))
    return state


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 3)])
def test_cheese_drop_bets_are_searched_along_the_rounds_lines(players: int, seed: int) -> None:
    state = cheese_drop_bet(players, seed)
    turn = Turn(state, state.current_player)
    decision = make_bot("mcts:iterations=120").choose(turn, random.Random(seed))
    assert decision.info["loop"] == "lines" and decision.info["iterations"] == 120
    assert decision.action in state.legal_actions()
    again = make_bot("mcts:iterations=120").choose(turn, random.Random(seed))
    assert (again.action, again.top) == (decision.action, decision.top)
    # A spec that asks for playouts of its own searches the engine's tree.
    played = make_bot("mcts:iterations=120,playout=heuristic").choose(turn, random.Random(seed))
    assert played.info["loop"] in ("c", "python")


def test_uct_over_the_lines_plays_the_full_searchs_move() -> None:
    """Lines are valued exactly and differ by thousandths of reward: the default small
    exploration must find what the full search of the lines finds."""
    evaluator = evaluator_for(cheese_drop_bet(3, 0).game)
    positions = agreed = 0
    for seed in range(4):
        state = cheese_drop_bet(3, seed)
        rng = random.Random(seed)
        while state.view(0).phase == Phase.BET:
            turn = Turn(state, state.current_player)
            lines = evaluator.lines(turn, random.Random(seed))
            assert lines is not None
            legal = state.legal_actions()
            values = dict(zip(legal, best_line_values(lines, legal)))
            chosen = most_visited(search_lines(lines, MctsConfig())[0].root_statistics())
            positions += 1
            agreed += values[chosen] == max(values.values())
            state = advance_chance(state.apply(legal[rng.randrange(len(legal))]))
    assert positions >= 30 and agreed >= 0.9 * positions


def test_time_auto_searches_the_clock_s_share_of_the_move() -> None:
    from cheese.bots.base import Clock

    config = MctsConfig.from_params({"time": "auto", "iterations": "40"})
    assert config.on_clock(Clock(10.0, 0.1)).seconds == pytest.approx(0.58)
    assert config.on_clock(None).budget.seconds == 1.0
    assert MctsConfig.from_params({"time": "0.5"}).on_clock(Clock(1.0, 0.0)).seconds == 0.5
    state = random_position("get-the-cheese", 4, seed=3, moves=2)
    bot = make_bot("mcts:time=auto,iterations=40")
    decision = bot.choose(Turn(state, state.current_player, Clock(5.0, 0.0)), random.Random(1))
    assert decision.action in state.legal_actions()
