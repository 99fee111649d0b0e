"""Playing a game through the public API: one loop shared by tests, records and tools."""

from __future__ import annotations

import random
from collections.abc import Callable

from cheese.engine.api import Action, State
from cheese.engine.luck import advance_chance, resolve_chance

Policy = Callable[[State], Action]
"""Chooses the action of the seat to act in a (non-chance, non-terminal) state."""


def play_game(state: State, policy: Policy) -> tuple[State, tuple[Action, ...]]:
    """Play to the end: chance by paired luck, decisions by ``policy``.

    Returns the terminal state and every action applied (chance outcomes included),
    which is what a game record stores.
    """
    actions: list[Action] = []
    while not state.is_terminal():
        action = resolve_chance(state) if state.is_chance_node() else policy(state)
        actions.append(action)
        state = state.apply(action)
    return state, tuple(actions)


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
