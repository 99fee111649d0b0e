"""Cheese Drop's strongest bot at every table size (``expectimax`` with its defaults):
legal, the same move from the same seed, and blind to where the hidden marbles ended."""

from __future__ import annotations

import random

import pytest

from cheese.bots import Turn, make_bot
from cheese.engine import State, load_game
from cheese.engine.cheese_drop.core import Phase
from cheese.engine.cheese_drop.view import DropView
from cheese.engine.luck import advance_chance

TOP = "expectimax"
"""The spec of the strongest Cheese Drop bot at 2 to 5 seats (docs/bots/cheese-drop.md)."""


def decision_in_round(players: int, seed: int, round_index: int, phase: Phase) -> State:
    """A decision of ``phase`` in round ``round_index`` (from 0), reached by seeded
    random play on deal ``seed``: the first gate, or the bet with 3 pieces left to place
    (a short search, so the test is quick)."""
    rng = random.Random(seed)
    state = advance_chance(
        load_game("cheese-drop", backend="reference").new_initial_state(players, seed=seed)
    )
    while True:
        view = state.view(state.current_player)
        assert isinstance(view, DropView)
        placed = sum(len(columns) for columns in view.bets)
        left = players * 3 - placed
        if view.round == round_index and view.phase == phase and (phase != Phase.BET or left == 3):
            return state
        legal = state.legal_actions()
        state = advance_chance(state.apply(legal[rng.randrange(len(legal))]))


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize(
    ("round_index", "phase"), [(1, Phase.BET), (2, Phase.BET), (2, Phase.GATE)]
)
def test_the_top_plays_legally_and_the_same_from_the_same_seed(
    players: int, round_index: int, phase: Phase
) -> None:
    state = decision_in_round(players, 7, round_index, phase)
    seat = state.current_player
    first = make_bot(TOP).choose(Turn(state, seat), random.Random(3))
    again = make_bot(TOP).choose(Turn(state, seat), random.Random(3))
    assert first.action in state.legal_actions()
    assert (again.action, again.top) == (first.action, first.top)


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("round_index", [1, 2])
def test_the_top_bets_the_same_wherever_the_hidden_marbles_ended(
    players: int, round_index: int
) -> None:
    assert_the_same_bet_in_other_worlds(TOP, decision_in_round(players, 11, round_index, Phase.BET))


def assert_the_same_bet_in_other_worlds(spec: str, state: State) -> None:
    """``spec``'s bot chooses at ``state`` what it chooses at three states of the same view
    whose marbles under the cover were redrawn (other final lanes)."""
    seat = state.current_player
    expected = make_bot(spec).choose(Turn(state, seat), random.Random(5))
    for world in range(3):
        other = state.determinize(seat, random.Random(world))
        assert other != state and other.view(seat) == state.view(seat)
        chosen = make_bot(spec).choose(Turn(other, seat), random.Random(5))
        assert (chosen.action, chosen.top) == (expected.action, expected.top)
