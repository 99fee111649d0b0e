"""Bots choose from the seat's view only: states that look the same get the same move.

Two constructions give a different true state with the same view of the acting seat:
the same actions replayed under another deal seed (the future luck differs), and, in
games with hidden cards, a determinization (the other seats' cards differ).
"""

from __future__ import annotations

import random

import pytest

from cheese.bots import Turn, make_bot
from cheese.engine import State
from cheese.engine.registry import NATIVE

from ..native import needs_native
from .conftest import GAMES, history_position, replay

SPECS = (
    "random",
    "greedy",
    "mcts:iterations=40",
    "expectimax:depth=2,samples=2,root=4,width=3",
)


def look_alikes(
    slug: str, players: int, seed: int, moves: int, backend: str = "reference"
) -> tuple[State, list[State]]:
    state, actions = history_position(slug, players, seed, moves, backend)
    seat = state.current_player
    others = [replay(slug, players, seed + 1000, actions, backend)]
    hidden = state.determinize(seat, random.Random(seed))
    if hidden != state:
        others.append(hidden)
    for other in others:
        assert other != state
        assert other.view(seat) == state.view(seat)
    return state, others


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize(("slug", "players"), GAMES)
def test_states_with_the_same_view_get_the_same_decision(
    spec: str, slug: str, players: int
) -> None:
    bot = make_bot(spec)
    for seed, moves in ((1, 3), (2, 8)):
        state, others = look_alikes(slug, players, seed, moves)
        seat = state.current_player
        expected = bot.choose(Turn(state, seat), random.Random(seed)).action
        for other in others:
            assert bot.choose(Turn(other, seat), random.Random(seed)).action == expected


NATIVE_SPECS = ("mcts:iterations=30", "expectimax:depth=2,samples=2,root=3,width=2,playouts=2")


@needs_native
@pytest.mark.parametrize("spec", NATIVE_SPECS)
@pytest.mark.parametrize(("slug", "players"), GAMES)
def test_searches_in_c_see_only_the_view_too(spec: str, slug: str, players: int) -> None:
    bot = make_bot(spec)
    state, others = look_alikes(slug, players, 4, 6, NATIVE)
    seat = state.current_player
    expected = bot.choose(Turn(state, seat), random.Random(1)).action
    for other in others:
        assert bot.choose(Turn(other, seat), random.Random(1)).action == expected


def test_get_the_cheese_look_alikes_differ_in_hidden_cards() -> None:
    state, others = look_alikes("get-the-cheese", 4, 5, 10)
    assert len(others) == 2, "a determinization redraws the other seats' cards"
