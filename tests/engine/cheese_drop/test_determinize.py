"""Determinization: the hidden deflections redrawn, everything seen kept."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from cheese.engine.cheese_drop import ReferenceGame
from cheese.engine.cheese_drop.core import Marble, Phase
from cheese.engine.cheese_drop.fall import deflection_weights
from cheese.engine.cheese_drop.state import DropState
from cheese.engine.luck import determinization_draw, resolve_chance

Walk = Callable[[DropState, random.Random], list[DropState]]


class CountingRandom(random.Random):
    """A ``random.Random`` that counts the bits drawn from it."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.draws: list[int] = []

    def getrandbits(self, k: int, /) -> int:
        self.draws.append(k)
        return super().getrandbits(k)


def _betting_state(game: ReferenceGame, walk: Walk, hidden_rows: int = 3) -> DropState:
    states = walk(game.new_initial_state(3, seed=31, hidden_rows=hidden_rows), random.Random(31))
    return next(s for s in states if s.phase == Phase.BET and s.round_index == 1)


def test_determinize_keeps_every_view(game: ReferenceGame, walk: Walk) -> None:
    for state in walk(game.new_initial_state(4, seed=3), random.Random(3))[::5]:
        for seat in range(4):
            sample = state.determinize(seat, random.Random(seat))
            assert [sample.view(s) for s in range(4)] == [state.view(s) for s in range(4)]


def test_determinize_draws_exactly_64_bits_once(game: ReferenceGame, walk: Walk) -> None:
    rng = CountingRandom(5)
    _betting_state(game, walk).determinize(0, rng)
    assert rng.draws == [64]


def test_the_hidden_lanes_differ_across_generators(game: ReferenceGame, walk: Walk) -> None:
    state = _betting_state(game, walk)
    samples = {state.determinize(1, random.Random(seed)).marbles for seed in range(6)}
    assert len(samples) >= 5


def test_nothing_changes_when_nothing_is_hidden(game: ReferenceGame, walk: Walk) -> None:
    state = _betting_state(game, walk, hidden_rows=0)
    sample = state.determinize(0, random.Random(1))
    assert dataclasses.replace(sample, setup=state.setup) == state


def test_the_sample_gets_a_fresh_deal_seed(game: ReferenceGame, walk: Walk) -> None:
    state = _betting_state(game, walk)
    _, deal_seed = determinization_draw(random.Random(6))
    sample = state.determinize(0, random.Random(6))
    assert sample.seed == deal_seed != state.seed
    assert sample.setup.options == state.setup.options


def test_determinize_follows_its_documented_algorithm(game: ReferenceGame, walk: Walk) -> None:
    state = _betting_state(game, walk, hidden_rows=4)
    generator, _ = determinization_draw(random.Random(9))
    expected: list[Marble] = []
    for marble in state.marbles:
        lane = marble.seen_lane
        for _ in range(marble.rows_fallen - 2):
            weights = deflection_weights(lane)
            lane = weights[generator.pick([w for _, w in weights])][0]
        expected.append(dataclasses.replace(marble, lane=lane))
    assert state.determinize(2, random.Random(9)).marbles == tuple(expected)


def test_determinize_depends_only_on_what_the_seat_sees(game: ReferenceGame, walk: Walk) -> None:
    state = _betting_state(game, walk)
    other_truth = dataclasses.replace(
        state, marbles=tuple(dataclasses.replace(m, lane=m.seen_lane) for m in state.marbles)
    )
    assert other_truth.view(0) == state.view(0)
    assert other_truth.determinize(0, random.Random(4)) == state.determinize(0, random.Random(4))
    assert state.determinize(0, random.Random(4)) == state.determinize(2, random.Random(4))


def test_a_falling_marble_redraws_only_the_rows_it_passed(game: ReferenceGame) -> None:
    state = game.new_initial_state(2, seed=17)
    while not (state.phase == Phase.FALL and any(m.rows_fallen == 5 for m in state.marbles)):
        legal = state.legal_actions()
        state = state.apply(legal[0] if state.phase == Phase.GATE else resolve_chance(state))
    falling = next(m for m in state.marbles if m.rows_fallen == 5)
    lanes = set()
    for seed in range(40):
        sample = state.determinize(0, random.Random(seed))
        redrawn = next(m for m in sample.marbles if m.slot == falling.slot)
        assert redrawn.rows_fallen == 5 and redrawn.seen_lane == falling.seen_lane
        assert abs(redrawn.lane - falling.seen_lane) <= 2, "two hidden rows, one lane each"
        lanes.add(redrawn.lane)
        assert sample.chance_weights() == list(deflection_weights(redrawn.lane))
    assert len(lanes) >= 3


def test_a_bad_seat_cannot_determinize(game: ReferenceGame) -> None:
    with pytest.raises(ValueError, match="not in 0..2"):
        game.new_initial_state(3).determinize(3, random.Random(0))
