"""The expectimax bot: known answers, iterative deepening, budgets, the decision record."""

from __future__ import annotations

import random

import pytest

from cheese.bots import Turn, make_bot
from cheese.bots.evaluation import evaluator_for
from cheese.bots.expectimax import ExpectimaxBot
from cheese.bots.expectimax.config import ExpectimaxConfig, leaf_playout
from cheese.bots.expectimax.root import root_candidates
from cheese.bots.search.one_ply import distinct_worlds
from cheese.engine import State, load_game
from cheese.engine.cheese_drop.core import Phase
from cheese.engine.cheese_drop.view import DropView
from cheese.engine.luck import advance_chance
from cheese.engine.registry import NATIVE

from ...native import needs_native
from ..conftest import random_position
from ..toy import race


@pytest.mark.parametrize(("count", "winning"), [(0, 1), (2, 2), (3, 1), (5, 2)])
def test_a_deep_enough_search_plays_the_race_perfectly(count: int, winning: int) -> None:
    decision = make_bot("expectimax:depth=8").choose(Turn(race(count), 0), random.Random(0))
    assert decision.action == winning
    assert decision.info["value"] == pytest.approx(1.0)


def test_a_lost_race_is_valued_as_lost() -> None:
    decision = make_bot("expectimax:depth=8").choose(Turn(race(4), 0), random.Random(0))
    assert decision.info["value"] == pytest.approx(0.0)


def test_iterative_deepening_stops_once_the_game_is_solved() -> None:
    decision = make_bot("expectimax:depth=30").choose(Turn(race(3), 0), random.Random(0))
    assert int(decision.info["depth"]) <= 5


def test_exact_chance_in_the_race_with_luck() -> None:
    # From 4 with luck: +2 reaches 6, then the bump (1 in 2) wins at once; otherwise the
    # opponent at 6 wins. +1 reaches 5: a bump to 6 or not, the opponent wins either way.
    decision = make_bot("expectimax:depth=6,chance=2").choose(
        Turn(race(4, luck=True), 0), random.Random(0)
    )
    assert decision.action == 2
    assert decision.info["value"] == pytest.approx(0.5)


def test_a_time_budget_deepens_until_the_time_is_up() -> None:
    state = random_position("cheese-chasers", 1, seed=4, moves=10)
    bot = make_bot("expectimax:time=0.3")
    assert isinstance(bot, ExpectimaxBot) and bot.config.depth == 50
    decision = bot.choose(Turn(state, 0), random.Random(0))
    assert int(decision.info["depth"]) >= 1
    assert float(decision.info["elapsed"]) < 2.0
    assert decision.action in state.legal_actions()


def test_a_tiny_time_budget_still_answers_a_legal_move() -> None:
    state = random_position("get-the-cheese", 4, seed=6, moves=5)
    decision = make_bot("expectimax:time=0.0001").choose(
        Turn(state, state.current_player), random.Random(0)
    )
    assert decision.action in state.legal_actions()


def test_root_candidates_keep_the_best_priors() -> None:
    state = random_position("get-the-cheese", 4, seed=2, moves=3)
    turn = Turn(state, state.current_player)
    worlds = distinct_worlds(turn, random.Random(1), 3)
    legal = state.legal_actions()
    evaluator = evaluator_for(state.game)
    every = root_candidates(evaluator, worlds, legal, 0)
    assert sorted(every) == sorted(legal)
    assert root_candidates(evaluator, worlds, legal, 5) == every[:5]


def test_the_decision_record_names_depth_worlds_and_nodes() -> None:
    state = random_position("get-the-cheese", 4, seed=1, moves=0)
    decision = make_bot("expectimax").choose(Turn(state, state.current_player), random.Random(0))
    assert set(decision.info) == {
        "legal",
        "candidates",
        "depth",
        "value",
        "worlds",
        "nodes",
        "elapsed",
    }
    assert ExpectimaxConfig().depth == 0, "the game's advice"
    chasers = random_position("cheese-chasers", 1, seed=1, moves=3)
    deeper = make_bot("expectimax").choose(Turn(chasers, 0), random.Random(0))
    assert deeper.info["depth"] == evaluator_for(chasers.game).advice.expectimax_depth


def test_leaves_are_played_out_where_the_game_advises_c_playouts() -> None:
    advice = evaluator_for(load_game("get-the-cheese", backend="reference")).advice
    assert leaf_playout(ExpectimaxConfig(), advice, native=True) == "heuristic"
    assert leaf_playout(ExpectimaxConfig(), advice, native=False) is None
    assert leaf_playout(ExpectimaxConfig(leaf="eval"), advice, native=True) is None
    assert leaf_playout(ExpectimaxConfig(leaf="playout"), advice, native=False) == "heuristic"
    chasers = evaluator_for(load_game("cheese-chasers", backend="reference")).advice
    assert leaf_playout(ExpectimaxConfig(), chasers, native=True) == "heuristic"
    assert (chasers.expectimax_depth, chasers.leaf_playouts) == (1, 128)
    drop = evaluator_for(load_game("cheese-drop", backend="reference")).advice
    assert leaf_playout(ExpectimaxConfig(), drop, native=True) is None


def test_playouts_zero_is_the_games_advice() -> None:
    assert ExpectimaxConfig.from_params({"playouts": "0"}) == ExpectimaxConfig()
    assert make_bot("expectimax:playouts=16").spec == "expectimax:playouts=16"


def test_playout_leaves_through_the_engine_play_the_race() -> None:
    decision = make_bot("expectimax:depth=1,leaf=playout,playouts=40").choose(
        Turn(race(5), 0), random.Random(0)
    )
    assert decision.action == 2


@needs_native
def test_playout_leaves_in_c_are_legal_and_reproducible() -> None:
    game = load_game("get-the-cheese", backend=NATIVE)
    state = advance_chance(game.new_initial_state(4, seed=3))
    bot = make_bot("expectimax:depth=2,playouts=2,root=4,width=2")
    first = bot.choose(Turn(state, state.current_player), random.Random(5))
    second = bot.choose(Turn(state, state.current_player), random.Random(5))
    assert first.action == second.action and first.action in state.legal_actions()
    assert first.info["value"] == second.info["value"]


def bet_before_the_last(seed: int) -> State:
    """A 4-player Cheese Drop decision two bets before the end of its round."""
    rng = random.Random(seed)
    state = advance_chance(
        load_game("cheese-drop", backend="reference").new_initial_state(4, seed=seed)
    )
    while True:
        view = state.view(state.current_player)
        assert isinstance(view, DropView)
        if view.phase == Phase.BET and sum(len(columns) for columns in view.bets) == 4 * 3 - 2:
            return state
        legal = state.legal_actions()
        state = advance_chance(state.apply(legal[rng.randrange(len(legal))]))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_search_past_the_rounds_last_bet_does_not_read_hidden_lanes(seed: int) -> None:
    state = bet_before_the_last(seed)
    seat = state.current_player
    values = set()
    for world_seed in range(4):
        # Determinizations differ in where the marbles under the cover ended; a search
        # that scores the round's last bet with them would value the root differently.
        bot = make_bot("expectimax:depth=3,samples=1")
        values.add(bot.choose(Turn(state, seat), random.Random(world_seed)).info["value"])
    assert len(values) == 1


@pytest.mark.parametrize("players", [2, 4])
def test_cheese_drop_bets_are_searched_to_the_end_of_the_round(players: int) -> None:
    state = bet_before_the_last(3) if players == 4 else random_position("cheese-drop", 2, 3, 4)
    assert isinstance(state.view(0), DropView) and state.view(0).phase == Phase.BET
    seat = state.current_player
    decision = make_bot("expectimax").choose(Turn(state, seat), random.Random(1))
    assert decision.info["depth"] == "lines" and decision.action in state.legal_actions()
    again = make_bot("expectimax").choose(Turn(state, seat), random.Random(1))
    assert (again.action, again.top) == (decision.action, decision.top)
    # An explicit depth searches the engine's tree instead.
    fixed = make_bot("expectimax:depth=1").choose(Turn(state, seat), random.Random(1))
    assert fixed.info["depth"] == 1


def test_cheese_drop_gates_are_played_by_the_one_ply_values() -> None:
    state = random_position("cheese-drop", 3, 2, 0)
    assert isinstance(state.view(0), DropView) and state.view(0).phase == Phase.GATE
    seat = state.current_player
    greedy = make_bot("greedy").choose(Turn(state, seat), random.Random(4))
    chosen = make_bot("expectimax").choose(Turn(state, seat), random.Random(4))
    assert (chosen.action, chosen.top) == (greedy.action, greedy.top)


def test_time_auto_deepens_within_the_clock_s_share_of_the_move() -> None:
    from cheese.bots.base import Clock

    config = ExpectimaxConfig.from_params({"time": "auto"})
    assert config.move_seconds(Clock(2.0, 0.0)) == pytest.approx(0.1)
    assert config.on_clock(Clock(2.0, 0.0)).seconds == pytest.approx(0.1)
    state = random_position("cheese-chasers", 1, seed=4, moves=3)
    bot = make_bot("expectimax:time=auto,depth=2")
    decision = bot.choose(Turn(state, state.current_player, Clock(2.0, 0.0)), random.Random(1))
    assert decision.action in state.legal_actions()
