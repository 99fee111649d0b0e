"""Games played to the end by random choices, through the referee's play loop: for tests
that need finished games and their records."""

from __future__ import annotations

import random
from typing import TypeVar, cast

from cheese.engine import Action, State
from cheese.engine.play import random_policy
from cheese.referee.play import play_out

S = TypeVar("S", bound=State)


def random_game(start: State, rng: random.Random) -> tuple[State, tuple[Action, ...]]:
    """The end of the game from ``start``, each decision drawn uniformly from ``rng``
    (chance by paired luck), and every action applied, chance outcomes included."""
    actions: list[Action] = []
    final = play_out(start, random_policy(rng), actions)
    return final, tuple(actions)


def random_states(start: S, rng: random.Random) -> list[S]:
    """Every state of the game from ``start`` to its end, played as ``random_game`` plays
    (each of ``start``'s class: a state's ``apply`` returns its own kind)."""
    states: list[State] = [start]
    for action in random_game(start, rng)[1]:
        states.append(states[-1].apply(action))
    return cast("list[S]", states)
