"""The gate: each drawn marble into its own slot; equal colours are interchangeable."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from math import factorial

import pytest

from cheese.engine.api import IllegalActionError
from cheese.engine.cheese_drop import ReferenceGame
from cheese.engine.cheese_drop.core import APPLE, CAT, CHEESE, MOUSE, Phase
from cheese.engine.cheese_drop.gate import (
    GATE_ACTIONS,
    gate_action,
    gate_colour_counts,
    gate_contents,
    is_legal_gate,
    legal_gates,
)
from cheese.engine.cheese_drop.state import DropState

Advance = Callable[..., DropState]
PhaseIs = Callable[[Phase], Callable[[DropState], bool]]

HANDS = [
    hand
    for hand in itertools.product(range(7), range(7), range(4), range(4))
    if 1 <= sum(hand) <= 6
]


def test_a_gate_action_packs_one_base_5_digit_per_slot() -> None:
    assert gate_action((CHEESE, None, APPLE, None, None, CAT)) == 1 + 2 * 25 + 4 * 3125
    assert gate_action((None,) * 6) == 0
    assert GATE_ACTIONS == 5**6


def test_every_gate_action_round_trips() -> None:
    for action in range(GATE_ACTIONS):
        assert gate_action(gate_contents(action)) == action


@pytest.mark.parametrize("hand", HANDS)
def test_the_legal_gates_are_every_distinct_filling_once(hand: tuple[int, int, int, int]) -> None:
    gates = legal_gates(hand)
    marbles = sum(hand)
    expected = factorial(6) // (factorial(6 - marbles) * _product_of_factorials(hand))
    assert len(gates) == expected
    assert gates == sorted(set(gates)), "ascending, no filling twice"
    assert all(gate_colour_counts(gate) == hand for gate in gates)


def _product_of_factorials(counts: tuple[int, ...]) -> int:
    product = 1
    for count in counts:
        product *= factorial(count)
    return product


@pytest.mark.parametrize("hand", [(2, 1, 0, 0), (1, 1, 1, 1), (3, 0, 2, 1), (0, 0, 0, 1)])
def test_legality_matches_the_list_for_every_action(hand: tuple[int, int, int, int]) -> None:
    listed = set(legal_gates(hand))
    assert {a for a in range(GATE_ACTIONS) if is_legal_gate(hand, a)} == listed
    assert not is_legal_gate(hand, -1) and not is_legal_gate(hand, GATE_ACTIONS)


def test_two_cheeses_in_swapped_slots_are_one_action() -> None:
    first = gate_action((CHEESE, CHEESE, MOUSE, None, None, None))
    assert legal_gates((2, 0, 1, 0)).count(first) == 1


def test_the_dropper_must_place_exactly_the_drawn_marbles(
    game: ReferenceGame, advance: Advance, phase_is: PhaseIs
) -> None:
    state = advance(game.new_initial_state(3, seed=5), phase_is(Phase.GATE))
    hand = state.hand
    assert state.legal_actions() == legal_gates(hand)
    colours = [colour for colour, count in enumerate(hand) for _ in range(count)]
    too_few = gate_action(tuple(colours[:-1]) + (None,) * (7 - len(colours)))
    other_colour = gate_action(tuple((c + 1) % 4 for c in colours) + (None,) * (6 - len(colours)))
    for illegal in (too_few, other_colour, -1, GATE_ACTIONS, 3.0, True):
        with pytest.raises(IllegalActionError, match="not legal in the gate phase"):
            state.apply(illegal)  # type: ignore[arg-type]


def test_the_marbles_start_under_their_slots(
    game: ReferenceGame, advance: Advance, phase_is: PhaseIs
) -> None:
    state = advance(game.new_initial_state(2, seed=9), phase_is(Phase.GATE))
    action = state.legal_actions()[-1]
    released = state.apply(action)
    contents = gate_contents(action)
    assert [(m.slot, m.colour) for m in released.marbles] == [
        (slot, colour) for slot, colour in enumerate(contents) if colour is not None
    ]
    assert all(m.lane == m.seen_lane == m.slot and m.rows_fallen == 0 for m in released.marbles)
    assert released.hand == (0, 0, 0, 0) and released.phase == Phase.FALL
