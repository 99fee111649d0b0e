"""Action names: directions for placements, kind names for draws."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cheese.engine.api import ActionSyntaxError, IllegalActionError
from cheese.engine.cheese_chasers import ReferenceGame
from cheese.engine.cheese_chasers.state import ChasersState

Script = Callable[..., ChasersState]

DIRECTIONS = ["NW", "N", "NE", "W", "E", "SW", "S", "SE"]
KINDS = ["mouse", "cat", "cheese", "trap"]


def test_draws_are_named_by_kind(game: ReferenceGame) -> None:
    state = game.new_initial_state()
    assert [state.action_to_string(kind) for kind in range(4)] == KINDS
    assert [state.parse_action(name) for name in KINDS] == [0, 1, 2, 3]


def test_placements_are_named_by_direction(script: Script) -> None:
    state = script("mouse, cat")
    assert [state.action_to_string(direction) for direction in range(8)] == DIRECTIONS
    assert [state.parse_action(name) for name in DIRECTIONS] == list(range(8))


@pytest.mark.parametrize("text", ["se", "Se", " SE ", "sE\n"])
def test_parsing_ignores_case_and_surrounding_space(script: Script, text: str) -> None:
    assert script("mouse, cat").parse_action(text) == 7


def test_kind_names_ignore_case(game: ReferenceGame) -> None:
    assert game.new_initial_state().parse_action("CHEESE") == 2


@pytest.mark.parametrize("text", ["7", "north", "mouse", "", "N E"])
def test_a_placement_must_be_a_direction_name(script: Script, text: str) -> None:
    with pytest.raises(ActionSyntaxError, match="not a direction; write one of: NW N NE"):
        script("mouse, cat").parse_action(text)


@pytest.mark.parametrize("text", ["0", "M", "mice", "E"])
def test_a_draw_must_be_a_kind_name(game: ReferenceGame, text: str) -> None:
    with pytest.raises(ActionSyntaxError, match="not a card kind; write one of: mouse cat"):
        game.new_initial_state().parse_action(text)


def test_out_of_range_actions_have_no_name(script: Script) -> None:
    with pytest.raises(IllegalActionError, match="0..7"):
        script("mouse, cat").action_to_string(8)
    with pytest.raises(IllegalActionError, match="0..3"):
        script("mouse").action_to_string(4)


def test_nothing_is_named_after_the_end(script: Script) -> None:
    final = script("trap, trap E, trap E")
    with pytest.raises(IllegalActionError, match="game is over"):
        final.action_to_string(0)
    with pytest.raises(IllegalActionError, match="game is over"):
        final.parse_action("N")


def test_names_round_trip_at_every_step_of_a_game(game: ReferenceGame) -> None:
    state = game.new_initial_state(seed=9)
    while not state.is_terminal():
        for action in state.legal_actions():
            assert state.parse_action(state.action_to_string(action)) == action
        state = state.apply(state.legal_actions()[-1])
