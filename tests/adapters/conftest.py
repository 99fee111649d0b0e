"""Shared helpers for the adapter tests: games, player counts and seeded positions."""

from __future__ import annotations

import random

from cheese.engine import State, load_game
from cheese.engine.luck import advance_chance

GAMES: tuple[tuple[str, int], ...] = (
    ("get-the-cheese", 4),
    ("get-the-cheese", 3),
    ("cheese-chasers", 1),
    ("cheese-drop", 2),
    ("cheese-drop", 5),
)
"""(game, players) pairs every adapter is checked on."""


def random_position(slug: str, players: int, seed: int, moves: int) -> State:
    """The decision reached after ``moves`` seeded random decisions (chance by the deal),
    or the last decision before the end."""
    rng = random.Random(seed)
    state = advance_chance(load_game(slug).new_initial_state(players, seed=seed))
    for _ in range(moves):
        legal = state.legal_actions()
        following = advance_chance(state.apply(legal[rng.randrange(len(legal))]))
        if following.is_terminal():
            break
        state = following
    return state
