"""Every bot answers a legal action in every kind of position, and is reproducible."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cheese.bots import Decision, Turn, make_bot
from cheese.engine import State

from .conftest import GAMES, random_position

SPECS = (
    "random",
    "greedy:samples=2",
    "mcts:iterations=25",
    "mcts:iterations=15,playout=random,depth=3",
    "mcts:iterations=15,playout=heuristic,depth=2,widen=0",
    "expectimax:depth=1,samples=2",
    "expectimax:depth=2,samples=2,root=3,width=2,chance=3",
)

positions = st.tuples(
    st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(0, 45)
).map(lambda drawn: random_position(drawn[0][0], drawn[0][1], drawn[1], drawn[2]))


def decide(spec: str, state: State, seed: int) -> Decision:
    return make_bot(spec).choose(Turn(state, state.current_player), random.Random(seed))


@pytest.mark.parametrize("spec", SPECS)
@settings(derandomize=True, max_examples=12, deadline=None)
@given(state=positions, seed=st.integers(0, 2**32))
def test_the_choice_is_legal(spec: str, state: State, seed: int) -> None:
    decision = decide(spec, state, seed)
    assert decision.action in state.legal_actions()
    assert all(isinstance(value, (int, float, str)) for value in decision.info.values())


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize(("slug", "players"), GAMES)
def test_a_fixed_seed_gives_the_same_decision(spec: str, slug: str, players: int) -> None:
    state = random_position(slug, players, seed=11, moves=5)
    first = decide(spec, state, seed=3)
    second = decide(spec, state, seed=3)
    assert first.action == second.action
    assert {key: value for key, value in first.info.items() if key != "elapsed"} == {
        key: value for key, value in second.info.items() if key != "elapsed"
    }
