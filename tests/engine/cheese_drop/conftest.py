"""Shared fixtures: the reference game and ways to walk through games."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cheese.engine.cheese_drop import ReferenceGame
from cheese.engine.cheese_drop.core import Phase
from cheese.engine.cheese_drop.state import DropState
from cheese.engine.luck import resolve_chance

from ...random_games import random_states

Walk = Callable[[DropState, random.Random], list[DropState]]
Advance = Callable[..., DropState]


@pytest.fixture
def game() -> ReferenceGame:
    return ReferenceGame()


def _step(state: DropState, rng: random.Random) -> DropState:
    if state.is_chance_node():
        return state.apply(resolve_chance(state))
    legal = state.legal_actions()
    return state.apply(legal[rng.randrange(len(legal))])


@pytest.fixture
def walk() -> Walk:
    """Every state of one game to its end: chance by paired luck, decisions by ``rng``."""

    def states_of(state: DropState, rng: random.Random) -> list[DropState]:
        return random_states(state, rng)

    return states_of


@pytest.fixture
def advance() -> Advance:
    """Play on from ``state`` until ``until(state)`` holds (random decisions from ``seed``)."""

    def play_until(
        state: DropState, until: Callable[[DropState], bool], seed: int = 0
    ) -> DropState:
        rng = random.Random(seed)
        while not until(state):
            assert not state.is_terminal(), "the game ended before the wanted position"
            state = _step(state, rng)
        return state

    return play_until


def in_phase(phase: Phase) -> Callable[[DropState], bool]:
    return lambda state: state.phase == phase


@pytest.fixture
def phase_is() -> Callable[[Phase], Callable[[DropState], bool]]:
    return in_phase
