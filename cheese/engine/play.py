"""Random play through the public API: random choices, and the varied positions they reach
for tests and tools (games are played to the end by the referee, ``cheese.referee.play``)."""

from __future__ import annotations

import random
from collections.abc import Callable

from cheese.engine.api import Action, State
from cheese.engine.luck import advance_chance

Policy = Callable[[State], Action]
"""Chooses the action of the seat to act in a (non-chance, non-terminal) state."""


def random_policy(rng: random.Random) -> Policy:
    """A policy that picks uniformly among the legal actions, drawing from ``rng``."""

    def choose(state: State) -> Action:
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]

    return choose


def random_decision(start: State, rng: random.Random, moves: int) -> State:
    """The decision reached from ``start`` after ``moves`` random decisions drawn from
    ``rng``, chance by paired luck; stops earlier at the last decision before the end.

    Tests and tools use it to reach varied positions of a game that still need a move.
    """
    choose = random_policy(rng)
    state = advance_chance(start)
    for _ in range(moves):
        following = advance_chance(state.apply(choose(state)))
        if following.is_terminal():
            break
        state = following
    return state
