"""Rules page, "What each player knows": the view of each seat."""

from __future__ import annotations

import random

import pytest

from cheese.engine.api import CHANCE, TERMINAL
from cheese.engine.get_the_cheese import GtcView, ReferenceGame
from cheese.engine.get_the_cheese.cards import CAT, DOG, KING_MOUSE, MOUSE, SYMBOL_CAT, SYMBOL_MOUSE
from cheese.engine.get_the_cheese.view import UNKNOWN, UNKNOWN_SYMBOL, CardView, revealed_lines

from ...random_games import random_game
from .conftest import opening, run


def test_face_up_cards_are_seen_by_everyone_face_down_ones_by_their_owner(
    game: ReferenceGame,
) -> None:
    state = opening(game, 3, ["king cat mouse*", "dog mouse cat*", "mouse mouse mouse"])
    state = run(state, "0:king,cat,mouse*; 1:dog,mouse,cat*")
    own, other = state.view(0), state.view(2)
    assert own.lines[0] == (CardView(0, KING_MOUSE, True, 1),)
    assert own.lines[1] == (CardView(0, CAT, False, 2), CardView(1, UNKNOWN, True, 1))
    assert own.lines[2] == (CardView(0, SYMBOL_MOUSE, True, 3), CardView(1, MOUSE, False, 2))
    assert own.lines[3] == (CardView(1, UNKNOWN_SYMBOL, True, 3),)
    assert other.lines[0] == (CardView(0, UNKNOWN, True, 1),)
    assert other.lines[1] == (CardView(0, CAT, False, 2), CardView(1, UNKNOWN, True, 1))
    assert other.lines[2][0] == CardView(0, UNKNOWN_SYMBOL, True, 3)
    assert state.view(1).lines[3] == (CardView(1, SYMBOL_CAT, True, 3),)
    assert state.view(1).lines[1][1] == CardView(1, DOG, True, 1)


def test_the_views_of_all_seats_reveal_every_card(game: ReferenceGame) -> None:
    state = opening(game, 3, ["king cat mouse*", "dog mouse cat*", "mouse mouse mouse"])
    state = run(state, "0:king,cat,mouse*; 1:dog,mouse,cat*")
    lines = revealed_lines([state.view(seat) for seat in range(3)])
    assert lines[1] == (CardView(0, CAT, False, 2), CardView(1, DOG, True, 1))
    assert lines[3] == (CardView(1, SYMBOL_CAT, True, 3),)
    assert all(card.kind >= 0 for line in lines for card in line)


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others(game: ReferenceGame) -> None:
    state = opening(game, 3, ["king cat mouse*", "dog mouse cat*", "mouse mouse mouse"])
    view = state.view(1)
    assert view.hand == (1, 0, 0, 0, 0, 1, 1)
    assert view.hand_sizes == (3, 3, 3)
    assert view.deck_sizes == (12, 12, 12)
    assert view.cheeses == (2, 2, 2, 3, 3, 3)
    assert (view.seat, view.current_player, view.to_move) == (1, 0, 0)
    assert view.score_piles is None


def test_hidden_cards_of_others_do_not_change_a_view(game: ReferenceGame) -> None:
    first = opening(game, 3, ["mouse mouse mouse", "dog mouse cat*", "big big king"])
    second = opening(game, 3, ["mouse mouse mouse", "cat cat* mouse", "mouse big king"])
    first = run(first, "0:mouse,mouse,mouse; 3:dog,mouse,cat*; 5:big,big,king")
    second = run(second, "0:mouse,mouse,mouse; 3:cat,mouse,cat*; 5:mouse,big,king")
    assert first != second
    assert first.view(0) == second.view(0)
    assert hash(first.view(0)) == hash(second.view(0))
    assert first.view(1) != second.view(1)


def test_pending_draws_are_public(game: ReferenceGame) -> None:
    state = run(opening(game, 3, ["mouse mouse mouse"] * 3), "draw; card dog")
    view = state.view(2)
    assert view.current_player == CHANCE
    assert view.owed == (2, 0, 0)
    assert view.hand_sizes == (4, 3, 3) and view.deck_sizes == (11, 12, 12)
    assert view.to_move == 1
    assert state.view(0).hand == (3, 0, 0, 0, 0, 0, 1)


def test_everything_is_revealed_at_the_end(game: ReferenceGame) -> None:
    start = game.new_initial_state(num_players=4, seed=9)
    final, _ = random_game(start, random.Random(9))
    for seat in range(4):
        view = final.view(seat)
        assert view.current_player == TERMINAL and view.is_terminal()
        assert all(card.kind >= 0 for line in view.lines for card in line)
        assert view.score_piles == final.score_piles()
        assert [card.kind for line in view.lines for card in line] == [
            card.kind for line in final.table.lines for card in line
        ]
        assert [card.face_down for line in view.lines for card in line] == [
            card.face_down for line in final.table.lines for card in line
        ]


def test_views_are_compact_hashable_values(game: ReferenceGame) -> None:
    state = opening(game, 5, ["mouse mouse mouse"] * 5)
    view = state.view(3)
    assert isinstance(view, GtcView)
    assert view == state.view(3) and hash(view) == hash(state.view(3))
    assert (view.num_players, view.cheese_count) == (5, 10)
    with pytest.raises(AttributeError):
        view.seat = 2  # type: ignore[misc]


@pytest.mark.parametrize("seat", [-1, 3])
def test_a_view_of_a_missing_seat_is_refused(game: ReferenceGame, seat: int) -> None:
    state = opening(game, 3, ["mouse mouse mouse"] * 3)
    with pytest.raises(ValueError, match="not in 0..2"):
        state.view(seat)
