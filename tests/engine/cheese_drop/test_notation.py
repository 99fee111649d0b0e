"""Actions as text: printed and parsed back in every phase, errors for everything else."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cheese.engine.api import ActionSyntaxError, IllegalActionError
from cheese.engine.cheese_drop import ReferenceGame
from cheese.engine.cheese_drop.core import Phase
from cheese.engine.cheese_drop.state import DropState

Walk = Callable[[DropState, random.Random], list[DropState]]


def _first(states: list[DropState], phase: Phase) -> DropState:
    return next(state for state in states if state.phase == phase)


@pytest.fixture
def states(game: ReferenceGame, walk: Walk) -> list[DropState]:
    return walk(game.new_initial_state(3, seed=13), random.Random(13))


def test_each_phase_writes_its_actions_in_peoples_numbering(states: list[DropState]) -> None:
    draw, gate, fall, bet = (
        _first(states, phase) for phase in (Phase.DRAW, Phase.GATE, Phase.FALL, Phase.BET)
    )
    assert [draw.action_to_string(c) for c in range(4)] == ["draw Y", "draw R", "draw M", "draw C"]
    assert gate.action_to_string(1 + 2 * 25 + 4 * 3125) == "gate Y.R..C"
    assert gate.action_to_string(0) == "gate ......"
    assert [fall.action_to_string(lane) for lane in (0, 5)] == ["lane 1", "lane 6"]
    assert [bet.action_to_string(c) for c in (0, 5, 6, 12)] == [
        "lane 1", "lane 6", "event 1", "event 7",
    ]


def test_every_legal_action_reads_back(states: list[DropState]) -> None:
    for state in states[:-1]:
        for action in state.legal_actions():
            assert state.parse_action(state.action_to_string(action)) == action


@pytest.mark.parametrize(
    ("phase", "text", "action"),
    [
        (Phase.DRAW, "DRAW y", 0),
        (Phase.DRAW, "  draw\tC ", 3),
        (Phase.GATE, "Gate y.r..c", 1 + 2 * 25 + 4 * 3125),
        (Phase.GATE, "gate Y . R . . C", 1 + 2 * 25 + 4 * 3125),
        (Phase.FALL, "LANE   4", 3),
        (Phase.BET, "event 5", 10),
        (Phase.BET, "Lane 2", 1),
    ],
)
def test_parsing_ignores_case_and_spacing(
    states: list[DropState], phase: Phase, text: str, action: int
) -> None:
    assert _first(states, phase).parse_action(text) == action


@pytest.mark.parametrize(
    ("phase", "text"),
    [
        (Phase.DRAW, "draw X"),
        (Phase.DRAW, "draw YR"),
        (Phase.DRAW, "lane 2"),
        (Phase.DRAW, ""),
        (Phase.GATE, "gate Y.R..C."),
        (Phase.GATE, "gate Y.R.C"),
        (Phase.GATE, "gate Y.R..X"),
        (Phase.GATE, "draw Y"),
        (Phase.FALL, "lane 7"),
        (Phase.FALL, "lane 0"),
        (Phase.FALL, "lane 04"),
        (Phase.FALL, "event 3"),
        (Phase.FALL, "lane"),
        (Phase.BET, "event 8"),
        (Phase.BET, "event 0"),
        (Phase.BET, "lane -1"),
        (Phase.BET, "lanes 3"),
        (Phase.BET, "3"),
    ],
)
def test_text_that_names_no_action_is_a_syntax_error(
    states: list[DropState], phase: Phase, text: str
) -> None:
    with pytest.raises(ActionSyntaxError, match="write e.g."):
        _first(states, phase).parse_action(text)


def test_the_simple_variant_parses_events_that_are_then_illegal(
    game: ReferenceGame, walk: Walk
) -> None:
    states = walk(game.new_initial_state(2, seed=1, simple=True), random.Random(1))
    bet = _first(states, Phase.BET)
    action = bet.parse_action("event 2")
    with pytest.raises(IllegalActionError):
        bet.apply(action)


def test_numbers_out_of_range_cannot_be_written(states: list[DropState]) -> None:
    for phase, bad in ((Phase.DRAW, 4), (Phase.GATE, 5**6), (Phase.FALL, 6), (Phase.BET, 13)):
        with pytest.raises(IllegalActionError, match="such actions are 0 to"):
            _first(states, phase).action_to_string(bad)
        with pytest.raises(IllegalActionError):
            _first(states, phase).action_to_string(-1)


def test_the_finished_game_has_no_action_text(states: list[DropState]) -> None:
    with pytest.raises(IllegalActionError, match="over"):
        states[-1].action_to_string(0)
    with pytest.raises(ActionSyntaxError, match="over"):
        states[-1].parse_action("lane 1")
