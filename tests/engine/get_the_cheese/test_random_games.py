"""Many random games per player count: every rule-level invariant holds at every step."""

from __future__ import annotations

import os
import random

import pytest

from cheese.engine.api import CHANCE, TERMINAL
from cheese.engine.get_the_cheese import GtcState, ReferenceGame
from cheese.engine.get_the_cheese.moves import DRAW
from cheese.engine.luck import resolve_chance

CI_GAMES = int(os.environ.get("CHEESE_GTC_GAMES", "300"))
SLOW_GAMES = 100_000


def play_checked(state: GtcState, rng: random.Random) -> GtcState:
    """A random game to the end, checking the turn rules at every decision."""
    turns = [0] * state.num_players
    while (player := state.current_player) != TERMINAL:
        if player == CHANCE:
            state = state.apply(resolve_chance(state))
            continue
        table = state.table
        hand, deck = table.hand_size(player), table.deck_size(player)
        legal = state.legal_actions()
        assert (DRAW in legal) == (deck > 0 and hand < 6)
        assert (len(legal) > 1 or legal == [DRAW]) and hand in (0, 3, 6)
        turns[player] += 1
        state = state.apply(legal[rng.randrange(len(legal))])
    assert turns == [9] * state.num_players
    piles = state.score_piles()
    assert state.scores() == tuple(key[0] for key in state.rank_keys())
    assert all(pile[6] == 0 for pile in piles), "dogs never score"
    return state


def run_games(players: int, count: int) -> None:
    game = ReferenceGame()
    rng = random.Random(players)
    for seed in range(count):
        final = play_checked(game.new_initial_state(players, seed=seed), rng)
        assert 1 in final.ranking()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games(players: int) -> None:
    run_games(players, CI_GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_hundred_thousand_random_games(players: int) -> None:
    run_games(players, SLOW_GAMES)
