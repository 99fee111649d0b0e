"""Shared fixtures: the reference game, scripted games, and layout tables."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cheese.engine.cheese_chasers import ReferenceGame
from cheese.engine.cheese_chasers.board import Cell
from cheese.engine.cheese_chasers.cards import Kind
from cheese.engine.cheese_chasers.layout import parse_layout
from cheese.engine.cheese_chasers.state import ChasersState

Script = Callable[..., ChasersState]
Layout = Callable[[str], dict[Cell, Kind]]
"""Parses layout text into a table (the ``layout`` fixture)."""


@pytest.fixture
def game() -> ReferenceGame:
    return ReferenceGame()


@pytest.fixture
def script(game: ReferenceGame) -> Script:
    """Play a scripted game: ``"mouse, trap E, mouse SE"`` — each item a drawn kind and,
    after the first, the direction it is placed in (notation names, parsed by the state).
    """

    def play(moves: str, **options: int) -> ChasersState:
        state = game.new_initial_state(1, 0, **options)
        for item in moves.split(","):
            words = item.split()
            state = state.apply(state.parse_action(words[0]))
            for word in words[1:]:
                state = state.apply(state.parse_action(word))
        return state

    return play


@pytest.fixture
def layout() -> Layout:
    """A table from layout text (rows separated by ``/`` or newlines)."""

    def parse(text: str) -> dict[Cell, Kind]:
        return parse_layout(text.replace("/", "\n"), "test")

    return parse
