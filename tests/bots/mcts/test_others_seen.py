"""``mcts:others=seen``: the C tree keys the other seats' moves as the searching seat sees
them (partially observable moves), and plays one of those it cannot tell apart at random;
``mcts:others=trees``: a tree per seat, each keyed by the moves as its seat sees them."""

from __future__ import annotations

import random

import pytest

from cheese.bots import Turn, make_bot

from ...native import needs_native
from .test_search_in_c import native_position, outcome

pytestmark = needs_native


def late_turn(seed: int) -> Turn:
    state = native_position("get-the-cheese", 4, seed=seed, moves=14)
    return Turn(state, state.current_player)


@pytest.mark.parametrize("others", ["seen", "trees"])
def test_it_plays_legal_moves_and_is_determined_by_its_seed(others: str) -> None:
    bot = make_bot(f"mcts:iterations=300,others={others}")
    for seed in range(4):
        turn = late_turn(seed)
        first = bot.choose(turn, random.Random(seed))
        assert first.action in turn.legal_actions()
        assert outcome(first) == outcome(bot.choose(turn, random.Random(seed)))


@pytest.mark.parametrize("others", ["seen", "trees"])
def test_seen_moves_change_what_the_search_sees(others: str) -> None:
    seen = make_bot(f"mcts:iterations=300,others={others}")
    exact = make_bot("mcts:iterations=300")
    turns = [late_turn(seed) for seed in range(4)]
    assert any(
        outcome(seen.choose(turn, random.Random(1)))
        != outcome(exact.choose(turn, random.Random(1)))
        for turn in turns
    )


@pytest.mark.parametrize("others", ["seen", "trees"])
def test_a_game_that_hides_nothing_of_a_move_says_so(others: str) -> None:
    state = native_position("cheese-chasers", 1, seed=3, moves=4)
    bot = make_bot(f"mcts:iterations=50,others={others}")
    with pytest.raises(ValueError, match="cheese-chasers hides nothing of a move"):
        bot.choose(Turn(state, state.current_player), random.Random(1))


def test_a_duel_refuses_others_seen_where_no_move_is_hidden() -> None:
    from cheese.tournaments.duel import plan_duel

    with pytest.raises(ValueError, match="cannot play cheese-drop: .*use others=exact"):
        plan_duel("mcts:others=seen", "greedy", game="cheese-drop", games=2)
    with pytest.raises(ValueError, match="others=trees is for a game whose moves"):
        plan_duel("mcts:others=trees", "greedy", game="cheese-drop", games=2)
    plan_duel("mcts:others=seen", "greedy", game="get-the-cheese", games=4)
    plan_duel("mcts:others=trees", "greedy", game="get-the-cheese", games=4)



@pytest.mark.parametrize(
    "spec", ["mcts:others=trees,depth=3", "mcts:value=0.5,playout=none", "mcts:infer=model,depth=1"]
)
def test_settings_of_the_c_loop_are_refused_beside_those_that_leave_it(spec: str) -> None:
    from cheese.bots.spec import BotSpecError

    with pytest.raises(BotSpecError, match="is a setting of the C loop"):
        make_bot(spec)
