"""Action text: what is printed parses back, in any case; anything else is refused."""

from __future__ import annotations

import random

import pytest

from cheese.engine.api import ActionSyntaxError, IllegalActionError
from cheese.engine.get_the_cheese import ReferenceGame
from cheese.engine.get_the_cheese.moves import DRAW, play_action
from cheese.engine.luck import advance_chance, resolve_chance
from cheese.engine.play import random_policy

from .conftest import opening


def test_every_legal_action_prints_and_parses_back(game: ReferenceGame) -> None:
    rng = random.Random(3)
    for seed in range(6):
        state = game.new_initial_state(num_players=3 + seed % 3, seed=seed)
        while not state.is_terminal():
            for action in state.legal_actions():
                text = state.action_to_string(action)
                assert state.parse_action(text) == action
                assert state.parse_action(f"  {text.upper()}\t") == action
            if state.is_chance_node():
                state = state.apply(resolve_chance(state))
            else:
                state = state.apply(random_policy(rng)(state))


def test_the_printed_forms(game: ReferenceGame) -> None:
    state = game.new_initial_state(num_players=3, seed=0)
    assert [state.action_to_string(action) for action in state.legal_actions()] == [
        "cheese 2", "cheese 3", "cheese 4", "cheese 5",
    ]
    dealt = opening(game, 3, ["mouse big mouse"] * 3)
    assert dealt.action_to_string(DRAW) == "draw"
    assert dealt.action_to_string(play_action(5, (1, 2, 5))) == "5:mouse*,big,cat*"
    drawing = dealt.apply(DRAW)
    assert [drawing.action_to_string(a) for a in drawing.legal_actions()] == [
        "card mouse", "card mouse*", "card big", "card king", "card cat", "card cat*", "card dog",
    ]


@pytest.mark.parametrize(
    "text",
    ["", "pass", "draw 3", "6:mouse,mouse,mouse", "0:mouse,mouse", "0:mouse,mouse,rat",
     "0: mouse,mouse,mouse", "00:mouse,mouse,mouse", "-1:mouse,mouse,mouse", "cheese 4"],
)
def test_malformed_moves_name_the_allowed_forms(game: ReferenceGame, text: str) -> None:
    state = opening(game, 3, ["mouse mouse mouse"] * 3)
    with pytest.raises(ActionSyntaxError, match=r"'draw' or a play like '3:mouse,cat\*,dog'"):
        state.parse_action(text)


@pytest.mark.parametrize("text", ["4", "cheese", "cheese four", "card mouse", "cheese  4"])
def test_malformed_cheese_outcomes_are_refused(game: ReferenceGame, text: str) -> None:
    with pytest.raises(ActionSyntaxError, match="cheese <number>"):
        game.new_initial_state(num_players=3).parse_action(text)


@pytest.mark.parametrize("text", ["mouse", "card", "card rat", "cheese 4", "draw"])
def test_malformed_card_outcomes_are_refused(game: ReferenceGame, text: str) -> None:
    state = opening(game, 3, ["mouse mouse mouse"] * 3).apply(DRAW)
    with pytest.raises(ActionSyntaxError, match="card <kind>"):
        state.parse_action(text)


def test_nothing_parses_after_the_end(game: ReferenceGame) -> None:
    state = advance_chance(game.new_initial_state(num_players=3, composition=(3, 0, 0, 0, 0, 0, 0)))
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    assert state.is_terminal()
    with pytest.raises(ActionSyntaxError, match="the game is over"):
        state.parse_action("draw")


def test_actions_outside_the_action_space_cannot_be_printed(game: ReferenceGame) -> None:
    state = opening(game, 3, ["mouse mouse mouse"] * 3)
    for action in (-1, play_action(6, (0, 0, 0))):
        with pytest.raises(IllegalActionError, match="names no move"):
            state.action_to_string(action)
    with pytest.raises(IllegalActionError, match="card draw outcome"):
        state.apply(DRAW).action_to_string(7)
