"""Rules page, "Play 3": the action space without duplicates, and its int encoding."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cheese.engine.api import IllegalActionError
from cheese.engine.get_the_cheese import ReferenceGame
from cheese.engine.get_the_cheese.cards import KIND_COUNT, kinds_of
from cheese.engine.get_the_cheese.moves import (
    DRAW,
    decode_play,
    distinct_plays,
    is_placed_face_down,
    play_action,
)

from .conftest import opening, run

hands = st.lists(st.integers(0, KIND_COUNT - 1), min_size=3, max_size=6).map(
    lambda kinds: tuple(kinds.count(kind) for kind in range(KIND_COUNT))
)


def test_the_encoding_is_one_plus_start_343_plus_kinds_in_base_7() -> None:
    assert play_action(0, (0, 0, 0)) == 1
    assert play_action(2, (6, 5, 4)) == 1 + 2 * 343 + 6 * 49 + 5 * 7 + 4
    assert play_action(9, (6, 6, 6)) == 3430
    assert decode_play(3430) == (9, (6, 6, 6))


@settings(derandomize=True, max_examples=150, deadline=None)
@given(hand=hands)
def test_plays_are_every_distinct_ordered_triple_of_the_hand(hand: tuple[int, ...]) -> None:
    expected = sorted(set(permutations(kinds_of(hand), 3)))
    assert distinct_plays(hand) == expected


@settings(derandomize=True, max_examples=100, deadline=None)
@given(start=st.integers(0, 9), triple=st.tuples(*[st.integers(0, 6)] * 3))
def test_decoding_inverts_encoding(start: int, triple: tuple[int, int, int]) -> None:
    assert decode_play(play_action(start, triple)) == (start, triple)


@pytest.mark.parametrize(
    ("hand", "triples"),
    [("mouse mouse mouse", 1), ("mouse mouse cat", 3), ("mouse big cat", 6)],
)
def test_identical_cards_never_give_two_actions(
    game: ReferenceGame, hand: str, triples: int
) -> None:
    state = opening(game, 4, [hand] + ["mouse mouse mouse"] * 3)
    legal = state.legal_actions()
    assert legal[0] == DRAW
    assert len(legal[1:]) == len(set(legal[1:])) == triples * 8
    assert legal == sorted(legal)


def test_a_hand_of_six_different_kinds_gives_120_orders_per_cheese(game: ReferenceGame) -> None:
    state = opening(game, 3, ["mouse mouse* cat", "mouse mouse mouse", "mouse mouse mouse"])
    state = run(state, "draw; card cat*; card dog; card king")
    state = run(state, "draw; card big; card big; card mouse; draw; card big; card big; card mouse")
    assert state.table.hands[0] == (1, 1, 0, 1, 1, 1, 1)
    legal = state.legal_actions()
    assert DRAW not in legal
    assert len(set(legal)) == len(legal) == 6 * 5 * 4 * 6


def test_symbol_cards_are_face_down_wherever_they_are_played() -> None:
    assert [is_placed_face_down(kind, 1) for kind in range(KIND_COUNT)] == [True] * 7
    assert [is_placed_face_down(kind, 2) for kind in range(KIND_COUNT)] == [
        False, True, False, False, False, True, False,
    ]
    assert is_placed_face_down(1, 3) and is_placed_face_down(5, 3)
    assert not is_placed_face_down(6, 3)


def test_plays_of_missing_cards_or_off_the_circle_are_illegal(game: ReferenceGame) -> None:
    state = opening(game, 3, ["mouse mouse big"] * 3)
    assert play_action(0, (0, 0, 2)) in state.legal_actions()
    for action in (play_action(0, (0, 0, 0)), play_action(6, (0, 0, 2)), -1, 5000):
        with pytest.raises(IllegalActionError, match="legal actions are"):
            state.apply(action)
