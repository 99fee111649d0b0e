"""Rules page, "Scoring and winner": points, tie-breaks and shared places of a finished game."""

from __future__ import annotations

from cheese.engine.api import TERMINAL

from .conftest import terminal_state


def test_points_are_the_values_of_the_score_pile() -> None:
    state = terminal_state(["b:mouse g:big p:king", "g:dog b:cat"], cheeses=[3, 2])
    assert state.current_player == TERMINAL
    assert state.scores() == (1, 2 + 3, 1)
    assert state.rank_keys() == ((1, 0, 1), (5, 0, 1), (1, 1, 0))


def test_king_mice_break_a_tie_on_points() -> None:
    state = terminal_state(["b:mouse g:king p:big"], cheeses=[3])
    assert state.scores() == (1, 1, 2)
    assert state.ranking() == (3, 2, 1)


def test_mouse_cards_break_a_tie_on_points_and_king_mice() -> None:
    # Blue: purple's cat taken by its dog (3 points, no mouse). Green: a big mouse and a mouse.
    state = terminal_state(["p:cat b:dog", "g:big g:mouse"], cheeses=[2, 2])
    assert state.scores() == (3, 3, 0)
    assert [key[1:] for key in state.rank_keys()] == [(0, 0), (0, 2), (0, 0)]
    assert state.ranking() == (2, 1, 3)


def test_a_complete_tie_is_a_shared_place() -> None:
    state = terminal_state(["b:mouse g:mouse", "g:king b:king"], cheeses=[2, 2], num_players=4)
    assert state.scores() == (2, 2, 0, 0)
    assert state.ranking() == (1, 1, 3, 3)


def test_the_final_views_show_the_piles_and_every_card() -> None:
    state = terminal_state(["b:mouse* g:cat*", "p:dog"], cheeses=[2, 2])
    view = state.view(2)
    assert view.score_piles == ((0,) * 7, (0, 1, 0, 0, 0, 0, 0), (0,) * 7)
    assert [card.kind for card in view.lines[0]] == [1, 5]
