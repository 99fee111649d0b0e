"""Shared helpers for the bot tests: positions reached by seeded random play."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from cheese.bots import Bot, Turn
from cheese.engine import Action, State, load_game
from cheese.engine.luck import advance_chance, resolve_chance
from cheese.engine.play import random_decision
from cheese.referee.play import play_out

GAMES: tuple[tuple[str, int], ...] = (
    ("get-the-cheese", 4),
    ("get-the-cheese", 3),
    ("cheese-chasers", 1),
    ("cheese-drop", 2),
    ("cheese-drop", 4),
)
"""(game, players) pairs every bot is checked on."""

Position = Callable[[str, int, int, int], State]


def random_position(slug: str, players: int, seed: int, moves: int) -> State:
    """The decision reached after ``moves`` seeded random decisions (chance by the deal).

    Stops earlier at the last decision before the end of the game.
    """
    start = load_game(slug, backend="reference").new_initial_state(players, seed=seed)
    return random_decision(start, random.Random(seed), moves)


def solo_ending(bot: Bot, start: State, rng: random.Random) -> object:
    """How a one-seat game ends (its view's ``ending``) when ``bot`` plays every decision
    from ``start`` with ``rng`` (chance by the deal)."""
    final = play_out(start, lambda state: bot.choose(Turn(state, 0), rng).action)
    return final.view(0).ending  # type: ignore[attr-defined]


def replay(
    slug: str, players: int, seed: int, actions: Sequence[Action], backend: str = "reference"
) -> State:
    """``actions`` (chance outcomes included) applied to a fresh game dealt with ``seed``."""
    state = load_game(slug, backend=backend).new_initial_state(players, seed=seed)
    for action in actions:
        state = state.apply(action)
    return state


def history_position(
    slug: str, players: int, seed: int, moves: int, backend: str = "reference"
) -> tuple[State, list[Action]]:
    """Like ``random_position`` but also returns every action applied (chance included)."""
    rng = random.Random(seed)
    state = load_game(slug, backend=backend).new_initial_state(players, seed=seed)
    actions: list[Action] = []
    decisions = 0
    while True:
        while state.is_chance_node():
            outcome = resolve_chance(state)
            actions.append(outcome)
            state = state.apply(outcome)
        if decisions == moves:
            return state, actions
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        following = state.apply(action)
        probe = advance_chance(following)
        if probe.is_terminal():
            return state, actions
        actions.append(action)
        state = following
        decisions += 1


@pytest.fixture
def position() -> Position:
    return random_position
